//! A program written for CLIPS 6.30 may define a deffunction named after a
//! function CLIPS 6.4 (or Salience) added as a built-in later: its own function
//! wins, with a one-line warning, as the program ran on 6.30. Waltz, as CLIPS's
//! examples ship it, defines `atan2` so. A function 6.30 had stays protected, with
//! CLIPS's `[DFFNXPSR2]`.

use salience_engine::env::Environment;

const PROGRAM: &str = r#"
(deffunction atan2 (?y ?x) (printout t "own atan2" crlf) (* ?y ?x))
(deffunction + (?a) 1)
(defrule go => (printout t (atan2 3 4) crlf))
"#;

#[test]
fn a_deffunction_replaces_a_builtin_clips_630_lacked_with_a_warning() {
    let mut env = Environment::new();
    let err = env.capture_output();
    env.set_error_output(err.clone());
    let out = env.capture_output();
    let refused = env.load_str(PROGRAM, "old.clp").expect_err("+ is refused");
    let errors = err.take();
    assert!(
        errors.contains("Warning: deffunction 'atan2' replaces the built-in function"),
        "{errors}"
    );
    let clips: Vec<_> = (refused.diagnostics.iter())
        .filter_map(|d| d.clips.as_deref())
        .collect();
    assert_eq!(
        clips,
        ["[DFFNXPSR2] Deffunctions are not allowed to replace external functions."]
    );
    env.reset();
    env.run(None).expect("the rule runs");
    assert_eq!(out.take(), "own atan2\n12\n");
    env.execute_str("(printout t (+ 1 2) crlf)", "prompt");
    assert_eq!(out.take(), "3\n", "the built-in + is still there");
}
