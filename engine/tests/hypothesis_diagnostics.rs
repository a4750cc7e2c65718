//! Snapshots of the diagnostics for malformed `defhypothesis` declarations: each
//! case has one mistake; the snapshot is what the user sees (message,
//! file:line:column, the source line, a caret, what was expected).

use salience_engine::env::Environment;

/// The CSP pieces a declaration refers to.
const PRELUDE: &str = "(deftemplate cand (slot cell) (slot value))
(deffunction place (?f) TRUE)
(deffunction drop (?f) TRUE)
(deffunction two (?a ?b) TRUE)
";

/// Loads the prelude and `source` as one file `name.clp`; returns the rendered errors.
fn diagnose(name: &str, source: &str) -> String {
    let mut env = Environment::new();
    match env.load_str(&format!("{PRELUDE}{source}"), &format!("{name}.clp")) {
        Ok(()) => panic!("{name}: expected an error, but the program loaded"),
        Err(e) => e.rendered,
    }
}

const CASES: &[(&str, &str)] = &[
    ("hypothesis_missing_clause", "(defhypothesis h (hypothesis cand) (assume-true place) (assume-false drop) (keep cand) (levels te1))"),
    ("hypothesis_unknown_clause", "(defhypothesis h (hypothesis cand) (assume-true place) (assume-false drop)\n   (contradiction conflict) (keep cand) (depth 2) (levels te1))"),
    ("hypothesis_unknown_level", "(defhypothesis h (hypothesis cand) (assume-true place) (assume-false drop)\n   (contradiction conflict) (keep cand) (levels te1 te3))"),
    ("hypothesis_unknown_function", "(defhypothesis h (hypothesis cand) (assume-true put) (assume-false drop)\n   (contradiction conflict) (keep cand) (levels te1))"),
    ("hypothesis_function_arity", "(defhypothesis h (hypothesis cand) (assume-true two) (assume-false drop)\n   (contradiction conflict) (keep cand) (levels te1))"),
    ("hypothesis_unknown_module", "(defhypothesis h (hypothesis cand) (assume-true place) (assume-false drop)\n   (contradiction conflict) (keep cand) (propagate SOLVE) (levels te1))"),
    ("hypothesis_two_names", "(defhypothesis h (hypothesis cand value) (assume-true place) (assume-false drop)\n   (contradiction conflict) (keep cand) (levels te1))"),
    ("hypothesis_second_declaration", "(defhypothesis h (hypothesis cand) (assume-true place) (assume-false drop)\n   (contradiction conflict) (keep cand) (levels te1))\n(defhypothesis g (hypothesis cand) (assume-true place) (assume-false drop)\n   (contradiction conflict) (keep cand) (levels te1))"),
];

#[test]
fn rendered_hypothesis_diagnostics() {
    for (name, source) in CASES {
        insta::assert_snapshot!(*name, diagnose(name, source));
    }
}
