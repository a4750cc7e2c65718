//! A failed all-or-nothing load (`load_str_atomic`, the embedders' option) leaves the
//! environment exactly as it was, and usable: a file with one bad construct among
//! good ones defines nothing, and the program already loaded keeps its rules, facts,
//! agenda and globals, runs, and accepts a corrected load.

use salience_engine::env::Environment;

const GOOD: &str = r#"
(defglobal ?*count* = 0)
(deftemplate item (slot name) (slot weight (type INTEGER)))
(deffacts stock (item (name apple) (weight 3)) (item (name pear) (weight 5)))
(defrule heavy "Items heavier than 4"
   (item (name ?n) (weight ?w&:(> ?w 4)))
   =>
   (bind ?*count* (+ ?*count* 1))
   (printout t ?n " is heavy" crlf))
"#;

/// Good constructs around a bad one: a rule naming a slot the template lacks, and a
/// syntax error further down.
const BAD: &str = r#"
(deftemplate extra (slot x))
(defrule light (item (name ?n) (weight ?w&:(< ?w 4))) => (printout t ?n " is light" crlf))
(defrule broken (item (colour red)) => (printout t "never" crlf))
(deffunction twice (?x) (* 2 ?x))
(defrule unclosed (item) => (printout t "x" crlf)
"#;

/// Everything a user can observe of the environment's state, as CLIPS prints it.
fn observe(env: &mut Environment) -> String {
    let out = env.capture_output();
    env.set_error_output(out.clone());
    env.execute_str(
        "(rules) (facts) (agenda) (list-deftemplates) (list-deffunctions) (list-defglobals) (printout t ?*count* crlf) (ppdefrule heavy)",
        "observe",
    );
    let seen = out.take();
    assert!(
        !seen.contains("error"),
        "every observing command exists: {seen}"
    );
    seen
}

#[test]
fn failed_load_leaves_the_environment_unchanged_and_usable() {
    let mut env = Environment::new();
    env.load_str_atomic(GOOD, "good.clp")
        .expect("the good program loads");
    env.reset();
    let before = observe(&mut env);

    let error = env
        .load_str_atomic(BAD, "bad.clp")
        .expect_err("the bad file must fail");
    // Every error of the file is reported, each with its place.
    assert!(error.rendered.contains("bad.clp:4:"), "{}", error.rendered);
    assert!(error.rendered.contains("bad.clp:6:"), "{}", error.rendered);
    assert_eq!(error.diagnostics.len(), 2, "{}", error.rendered);

    // Nothing of the bad file was defined, nothing else changed.
    assert_eq!(observe(&mut env), before);
    for name in ["extra", "light", "twice"] {
        assert!(
            !before.contains(name),
            "{name} must not be defined before the load either"
        );
    }

    // The environment still runs the program it had.
    let out = env.capture_output();
    assert_eq!(env.run(None).expect("runs"), 1);
    assert_eq!(out.take(), "pear is heavy\n");

    // And a corrected file loads on top of it.
    let fixed = BAD
        .replace("(colour red)", "(name apple)")
        .replace("(printout t \"x\" crlf)\n", "(printout t \"x\" crlf))\n");
    env.load_str_atomic(&fixed, "fixed.clp")
        .expect("the corrected file loads");
    env.reset();
    assert_eq!(env.run(None).expect("runs"), 5);
}

#[test]
fn a_file_load_keeps_earlier_files_and_leaves_out_only_its_bad_construct() {
    let dir = std::env::temp_dir().join(format!("salience-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.clp");
    std::fs::write(
        &bad,
        "(defrule ok => (printout t \"ok\" crlf))\n(defrule bad (a ?x) => (printout t ?y crlf))\n",
    )
    .expect("write");
    let mut env = Environment::new();
    env.load_str_atomic(GOOD, "good.clp").expect("loads");
    let error = env.load_file(&bad).expect_err("unbound ?y");
    assert!(error.rendered.contains("bad.clp:2:"), "{}", error.rendered);
    assert!(
        error.rendered.contains('^'),
        "a caret marks the spot: {}",
        error.rendered
    );
    // `load_file` loads as CLIPS does: `heavy` and `ok` are defined, `bad` is not.
    assert_eq!(env.rule_indices().len(), 2, "`heavy` and `ok` are defined");
    assert!(env.rule_index("ok").is_some());
    assert!(env.rule_index("bad").is_none());
    std::fs::remove_dir_all(&dir).ok();
}
