//! What the command loop prints for commands CLIPS 6.41's regression suite types
//! (multifnx, strngfnx, predcfnx, misclns3, sfmfmix): the error messages of
//! malformed `progn$` and `foreach` loops, instance names read and printed as
//! values, `assert-string` and `ppdeftemplate` of an implied template, and the
//! construct echo after `ERROR:`. Expected texts are from CLIPS 6.41's console.

use salience_engine::env::{Captured, Environment};

/// Runs `commands` as a batch; returns the values printed and the error output.
fn run(commands: &str) -> (String, String) {
    let mut env = Environment::new();
    let out = env.capture_output();
    let err = Captured::default();
    env.set_error_output(err.clone());
    env.batch_str(commands, "t.bat", false);
    (out.take(), err.take())
}

/// The error output of each command, run one by one in fresh environments.
fn errors_of(commands: &[&str]) -> Vec<String> {
    commands.iter().map(|c| run(c).1).collect()
}

#[test]
fn malformed_field_loops_get_clips_messages() {
    let expected_expression = "\n[EXPRNPSR2] Expected a constant, variable, or expression.\n";
    let progn = "\n[PRNTUTIL2] Syntax Error:  Check appropriate syntax for progn$.\n";
    let foreach = "\n[PRNTUTIL2] Syntax Error:  Check appropriate syntax for foreach.\n";
    assert_eq!(
        errors_of(&[
            "(progn$)",
            "(progn$ abc)",
            "(progn$ (?x))",
            "(progn$ (?x a b))",
            "(progn$ (1 2))",
            "(foreach)",
            "(foreach abc)",
            "(foreach (create$) (bind ?field))",
            "(foreach ?x)",
        ]),
        [
            expected_expression,
            progn,
            expected_expression,
            progn,
            progn,
            foreach,
            foreach,
            foreach,
            expected_expression,
        ]
    );
}

#[test]
fn a_loop_may_not_rebind_its_field_variable() {
    assert_eq!(
        run("(progn$ (?field (create$)) (bind ?field))"),
        (
            String::new(),
            "[MULTIFUN2] Cannot rebind field variable in function 'progn$'.\n".into()
        )
    );
    // Also from a loop nested in the body.
    assert_eq!(
        run("(foreach ?x (create$ 1 2) (progn$ (?y (create$ a)) (bind ?x 3)))").1,
        "[MULTIFUN2] Cannot rebind field variable in function 'foreach'.\n"
    );
    // Without a field variable, nothing to rebind: the body runs.
    let (out, err) = run("(printout t (progn$ (create$) (bind ?field)) crlf)");
    assert_eq!((out.as_str(), err.as_str()), ("FALSE\n", ""));
}

#[test]
fn instance_names_are_read_printed_and_taken_apart() {
    let (out, err) = run(concat!(
        "(printout t (str-index [ab] [dabc]) \" \" (str-compare [xyz] \"ldf\") \" \"",
        " (str-length [xyz]) \" \" (str-cat a 78 [x]) \" \" (eval \"[ab]\") crlf)\n",
        "(printout t (symbolp [this]) \" \" (lexemep [this]) \" \" (instance-namep [this]) crlf)",
    ));
    assert_eq!(err, "");
    assert_eq!(out, "2 1 3 a78x [ab]\nFALSE FALSE TRUE\n");
    assert_eq!(
        errors_of(&["(eval [abc])", "(build [abc])", "(format nil \"%s\" [x])"]),
        [
            "[ARGACCES2] Function 'eval' expected argument #1 to be of type symbol or string.\n",
            "[ARGACCES2] Function 'build' expected argument #1 to be of type symbol or string.\n",
            "[ARGACCES2] Function 'format' expected argument #3 to be of type symbol or string.\n",
        ]
    );
}

#[test]
fn assert_string_needs_a_fact_in_parentheses() {
    let rhs = "\n[PRNTUTIL2] Syntax Error:  Check appropriate syntax for RHS patterns.\n";
    assert_eq!(
        errors_of(&[
            "(assert-string \"d e f\")",
            "(assert-string \"\")",
            "(assert-string \"(a\")"
        ]),
        [rhs, rhs, rhs]
    );
    // Only the first fact is read.
    let (out, err) = run("(assert-string \"(a) (b)\")\n(facts)");
    assert_eq!(err, "");
    assert_eq!(out, "f-1     (a)\nFor a total of 1 fact.\n");
}

#[test]
fn an_implied_template_has_nothing_to_pretty_print() {
    let (out, err) =
        run("(assert (foo))\n(ppdeftemplate foo)\n(printout t (ppdeftemplate foo nil) crlf)");
    assert_eq!((out.as_str(), err.as_str()), ("\n", ""));
}

#[test]
fn dynamic_slot_access_lists_and_fails_outside_handlers() {
    let (out, err) = run("(apropos dynamic)");
    assert_eq!(err, "");
    assert_eq!(
        out,
        "get-dynamic-constraint-checking\ndynamic-put\nset-dynamic-constraint-checking\ndynamic-get\n"
    );
}

#[test]
fn a_connective_after_a_patterns_first_field_is_echoed_after_a_space() {
    let (_, err) = run("(defrule foo (red | blue) =>)");
    assert_eq!(
        err,
        concat!(
            "\n[PRNTUTIL2] Syntax Error:  Check appropriate syntax for the first field of a pattern.\n",
            "\nERROR:\n(defrule MAIN::foo\n   (red |\n"
        )
    );
}

#[test]
fn a_construct_left_open_is_echoed_as_read() {
    let mut env = Environment::new();
    let err = Captured::default();
    env.set_error_output(err.clone());
    let file = std::env::temp_dir().join(format!("salience-open-{}.clp", std::process::id()));
    std::fs::write(
        &file,
        "(defrule error-69 \"c\"\n  (bar yak|=(create$)) \n(defrule ok (bar) =>)\n",
    )
    .unwrap();
    let name = file.display().to_string();
    env.batch_str(&format!("(load {name:?})"), "t.bat", false);
    let _ = std::fs::remove_file(&file);
    assert_eq!(
        err.take(),
        format!(
            "\n[PATTERN2] {name}, Line 2: Single and multifield constraints cannot be mixed in a field constraint.\n\
             \nERROR:\n(defrule MAIN::error-69 \"c\"\n   (bar yak|=(create$))\n"
        )
    );
}
