//! CLIPS's static constraint checking of rules (rulecstr.c): a field no value
//! can match (`[RULECSTR1]`), a variable passed to a function that cannot take
//! what the patterns bind it to (`[RULECSTR2]`, `[RULECSTR3]` in the actions), a
//! constant outside its slot's constraints and a multislot's fields beyond its
//! cardinality (`[CSTRNCHK1]`). The expected messages were printed by CLIPS 6.41
//! for these rules; the rules it accepted are accepted here.

use salience_engine::env::{Captured, Environment};

const TEMPLATES: &str = "\
(deftemplate foo (slot x (type SYMBOL)) (slot y (type INTEGER) (range 1 5)) (multislot z (cardinality 1 2)))
(deftemplate t (multislot z) (slot y (type INTEGER) (range 1 5)) (slot s (allowed-values a b 3)))
(deftemplate yak (slot a (type INTEGER) (range 4 7)))
(deftemplate obo (slot a (type INTEGER) (range 11 14)))
(deftemplate vod (slot a (type INTEGER) (range 8 10)))
(deftemplate lok (slot a (type INTEGER) (range 6 12)))
(deftemplate fow (multislot x (cardinality ?VARIABLE 3)))
(deftemplate bww (multislot y (cardinality ?VARIABLE 2)))
(deftemplate wak (multislot z (cardinality 7 ?VARIABLE)))
(defglobal ?*g* = 3)
(deftemplate kji (slot x (type SYMBOL) (allowed-symbols on)) (slot y (type SYMBOL) (allowed-symbols on off)))
";

/// The messages printed when `rule` is defined after the templates.
fn define(rule: &str) -> String {
    let mut env = Environment::new();
    let out = env.capture_output();
    let err = Captured::default();
    env.set_error_output(err.clone());
    env.batch_str(TEMPLATES, "t.bat", false);
    out.take();
    err.take();
    env.batch_str(rule, "t.bat", false);
    format!("{}{}", out.take(), err.take())
}

#[test]
fn conflicting_fields_are_unmatchable() {
    let cases = [
        (
            "(defrule r (foo (y ?y)) (not (foo (x ?y))) =>)",
            "[RULECSTR1] Variable ?y in CE #2 slot 'x' has constraint conflicts which make the pattern unmatchable.",
        ),
        (
            "(defrule r ?f <- (foo) (foo (x ?f)) =>)",
            "[RULECSTR1] Variable ?f in CE #2 slot 'x' has constraint conflicts which make the pattern unmatchable.",
        ),
        (
            "(defrule r (yak (a ?x)) (obo (a ?y)) (vod (a ?x|?y)) =>)",
            "[RULECSTR1] Pattern #3 slot 'a' has constraint conflicts which make the pattern unmatchable.",
        ),
        (
            "(defrule r (kji (x ?x) (y ?x&~on)) =>)",
            "[RULECSTR1] Variable ?x in CE #1 slot 'y' has constraint conflicts which make the pattern unmatchable.",
        ),
        (
            "(defrule r (buffy a&~a) =>)",
            "[RULECSTR1] Pattern #1 field #1 has constraint conflicts which make the pattern unmatchable.",
        ),
    ];
    for (rule, message) in cases {
        assert!(define(rule).contains(message), "{rule}");
    }
}

#[test]
fn variables_passed_to_functions_that_cannot_take_them() {
    let cases = [
        (
            "(defrule r (t (z $?z)) (test (> ?z 1)) =>)",
            "[RULECSTR2] Previous variable bindings of ?z caused the type restrictions\nfor argument #1 of the expression (> ?z 1)\nfound in CE #2 to be violated.",
        ),
        (
            "(defrule r (a ?x) (foo (x ?x)) (b ?x&:(> ?x 1)) =>)",
            "[RULECSTR2] Previous variable bindings of ?x caused the type restrictions\nfor argument #1 of the expression (> ?x 1)\nfound in CE #3 field #1 to be violated.",
        ),
        (
            "(defrule r (foo (x ?s)) (test (> ?*g* ?s)) =>)",
            "for argument #2 of the expression (> ?g ?s)\nfound in CE #2 to be violated.",
        ),
        (
            "(defrule r (a $?x) => (+ ?x 1))",
            "[RULECSTR3] Previous variable bindings of ?x caused the type restrictions\nfor argument #1 of the expression (+ ?x 1) found in the rule's RHS to be violated.",
        ),
    ];
    for (rule, message) in cases {
        assert!(define(rule).contains(message), "{rule}");
    }
}

#[test]
fn constants_and_cardinalities_break_the_slots() {
    let cases = [
        (
            "(defrule r (foo (y 7)) =>)",
            "[CSTRNCHK1] A literal restriction value found in CE #1 does not fall in the allowed range 1 to 5 for slot 'y'.",
        ),
        (
            "(defrule r (t (s c)) =>)",
            "A literal restriction value found in CE #1 does not match the allowed values for slot 's'.",
        ),
        (
            "(defrule r (foo (y ?y)) (not (t (s ?y&x))) =>)",
            "A literal restriction value found in CE #2 does not match the allowed types for slot 's'.",
        ),
        (
            "(defrule r (foo (z a b c)) =>)",
            "[CSTRNCHK1] The group of restrictions found in CE #1 does not satisfy the cardinality restrictions for slot 'z'.",
        ),
        (
            "(defrule r (fow (x $?x)) (bww (y $?y)) (wak (z $?x $?y)) =>)",
            "The group of restrictions found in CE #3 does not satisfy the cardinality restrictions for slot 'z'.",
        ),
    ];
    for (rule, message) in cases {
        assert!(define(rule).contains(message), "{rule}: {}", define(rule));
    }
}

#[test]
fn rules_clips_accepts_are_accepted() {
    let rules = [
        "(defrule r (a $?z) (test (> ?z 1)) =>)",
        "(defrule r (t (s ?s)) (test (> ?s 1)) =>)",
        "(defrule r (t (y ?y)) (t (s ?y&~3)) =>)",
        "(defrule r (t (y ?y)) => (bind ?y a) (+ ?y 1))",
        "(defrule r (t (y ?y)) (test (and (> ?y 1) (eq ?y abc))) =>)",
        "(defrule r (yak (a ?x)) (obo (a ?y)) (lok (a ?x | ?y)) =>)",
        "(defrule r (foo (x ?x) (y ?y)) (foo (x ?x | ?y)) =>)",
        "(defrule r (foo (y ?q)) => (bind ?q (gensym)) (+ 3 5 ?q) (bind ?q (* 9 3)))",
    ];
    for rule in rules {
        assert_eq!(define(rule), "", "{rule}");
    }
}

#[test]
fn variables_the_rule_does_not_bind_are_not_checked() {
    // A fact-set query's `?f:slot` and a loop's variable in the actions: CLIPS
    // 6.41 defines these rules without a message.
    for rule in [
        "(defrule r => (printout t (length$ (find-all-facts ((?f foo)) (> (length$ ?f:z) 1))) crlf))",
        "(defrule r => (loop-for-count (?i 1 3) (printout t (+ ?i 1) crlf)))",
    ] {
        assert_eq!(define(rule), "", "{rule}");
    }
}
