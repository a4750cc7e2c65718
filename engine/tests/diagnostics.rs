//! Snapshots of the diagnostics Salience renders for malformed programs: each case
//! is a small program with one mistake; the snapshot is exactly what the user sees
//! (message, file:line:column, the source line, a caret, what was expected).

use salience_engine::env::Environment;

/// Loads `source` as `name.clp` into a fresh environment and returns the rendered
/// errors (every case must fail to load).
fn diagnose(name: &str, source: &str) -> String {
    let mut env = Environment::new();
    match env.load_str(source, &format!("{name}.clp")) {
        Ok(()) => panic!("{name}: expected an error, but the program loaded"),
        Err(e) => e.rendered,
    }
}

const CASES: &[(&str, &str)] = &[
    ("unclosed_paren", "(defrule r (a) => (printout t \"x\" crlf)"),
    ("unexpected_close", "(deftemplate t (slot x)))"),
    ("unterminated_string", "(defrule r => (printout t \"oops))"),
    ("deep_nesting", "(defrule r => (+ 1 ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1)))"),
    ("missing_arrow", "(defrule r (a ?x) (printout t ?x crlf))"),
    ("unknown_slot_in_pattern", "(deftemplate point (slot x) (slot y))\n(defrule r (point (z 1)) =>)"),
    ("unknown_slot_in_assert", "(deftemplate point (slot x))\n(defrule r => (assert (point (y 2))))"),
    ("unknown_slot_in_deffacts", "(deftemplate point (slot x))\n(deffacts d (point (q 1)))"),
    ("ordered_fields_in_template_pattern", "(deftemplate point (slot x))\n(defrule r (point 1 2) =>)"),
    ("slots_in_ordered_pattern", "(defrule r (color (name red)) =>)"),
    ("multifield_in_single_slot", "(deftemplate point (slot x))\n(defrule r (point (x $?v)) =>)"),
    ("two_values_in_single_slot", "(deftemplate point (slot x))\n(deffacts d (point (x 1 2)))"),
    ("unbound_variable_in_rhs", "(defrule r (a ?x) => (printout t ?y crlf))"),
    ("unbound_variable_in_test", "(defrule r (a ?x) (test (> ?y 1)) =>)"),
    ("variable_before_binding", "(defrule r (a ?x&:(> ?x ?z)) (b ?z) =>)"),
    ("unknown_function", "(defrule r => (frobnicate 1 2))"),
    ("too_few_arguments", "(defrule r => (sub-string 1 \"abc\"))"),
    ("too_many_arguments", "(defrule r => (abs 1 2))"),
    ("deffunction_arity", "(deffunction f (?a ?b) (+ ?a ?b))\n(defrule r => (f 1))"),
    ("undefined_global", "(defrule r => (printout t ?*missing* crlf))"),
    ("if_without_then", "(defrule r => (if (> 1 0) (printout t \"yes\" crlf)))"),
    ("bind_without_variable", "(defrule r => (bind 1 2))"),
    ("switch_bad_clause", "(defrule r => (switch 1 (when 1 then (printout t \"x\"))))"),
    ("loop_for_count_range", "(defrule r => (loop-for-count (?i 1 2 3) (printout t ?i)))"),
    ("progn_without_list", "(defrule r => (progn$))"),
    ("duplicate_slot", "(deftemplate t (slot x) (slot x))"),
    ("unknown_slot_attribute", "(deftemplate t (slot x (defualt 1)))"),
    ("default_and_dynamic", "(deftemplate t (slot x (default 1) (default-dynamic 2)))"),
    ("default_violates_type", "(deftemplate t (slot x (type INTEGER) (default abc)))"),
    ("bad_type_name", "(deftemplate t (slot x (type NUMBERS)))"),
    ("salience_out_of_range", "(defrule r (declare (salience 20000)) =>)"),
    ("salience_not_integer", "(defrule r (declare (salience high)) =>)"),
    ("declare_not_first", "(defrule r (a) (declare (salience 1)) =>)"),
    ("unknown_declaration", "(defrule r (declare (priority 1)) =>)"),
    ("not_with_two_ces", "(defrule r (not (a) (b)) =>)"),
    ("forall_with_one_ce", "(defrule r (forall (a ?x)) =>)"),
    ("logical_not_first", "(defrule r (a) (logical (b)) =>)"),
    ("bound_not_ce", "(defrule r ?f <- (not (a)) =>)"),
    ("fact_address_bound_twice", "(defrule r ?f <- (a) ?f <- (b) =>)"),
    ("wildcard_with_connective", "(defrule r (a ?&red) =>)"),
    ("dangling_connective", "(defrule r (a ?x&) =>)"),
    ("test_without_call", "(defrule r (test ?x) =>)"),
    ("deffunction_hides_builtin", "(deffunction length$ (?x) ?x)"),
    ("deffunction_rest_not_last", "(deffunction f ($?rest ?x) ?x)"),
    ("defglobal_missing_equals", "(defglobal ?*x* 1)"),
    ("unknown_module_qualifier", "(defrule NOWHERE::r =>)"),
    ("command_in_loaded_file", "(deftemplate t (slot x))\n(reset)"),
    ("variable_in_deffacts", "(deffacts d (a ?x))"),
    ("list_head_not_a_name", "(defrule r => ((printout) t))"),
];

#[test]
fn rendered_diagnostics() {
    let mut seen = std::collections::HashSet::new();
    for (name, source) in CASES {
        assert!(seen.insert(*name), "duplicate case name {name}");
        let rendered = diagnose(name, source);
        insta::assert_snapshot!(*name, rendered);
    }
    assert!(CASES.len() >= 40);
}
