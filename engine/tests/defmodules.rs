//! Defmodules as CLIPS 6.41 reads them: a specification CLIPS cannot read, an
//! import from a module that is unknown or does not export what is imported
//! (`[MODULPSR1]`), a module defined again (`[CSTRCPSR4]`), a name that is missing
//! or qualified, and `ppdefmodule`. Each expected text is what the CLIPS 6.41
//! console printed for the same commands.

use salience_engine::env::{Captured, Environment};

/// Runs `commands` as a batch file; returns what was printed on the error output.
fn errors(env: &mut Environment, commands: &str) -> String {
    let _ = env.capture_output();
    let err = Captured::default();
    env.set_error_output(err.clone());
    env.batch_str(commands, "t.bat", false);
    err.take()
}

/// Runs `commands`; returns the standard output.
fn output(env: &mut Environment, commands: &str) -> String {
    let out = env.capture_output();
    env.batch_str(commands, "t.bat", false);
    out.take()
}

/// Each of `cases` (a command and CLIPS's error output for it) in turn, in one
/// environment set up by `setup`.
fn check(setup: &str, cases: &[(&str, &str)]) {
    let mut env = Environment::new();
    assert_eq!(errors(&mut env, setup), "", "{setup}");
    for (command, expected) in cases {
        assert_eq!(errors(&mut env, command), *expected, "{command}");
    }
}

#[test]
fn imports_are_checked_as_they_are_read() {
    check(
        "(defmodule A (export deftemplate ?ALL))",
        &[
            (
                "(defmodule B (import A deffunction ?ALL))",
                "\n[MODULPSR1] Module 'A' does not export any deffunction constructs.\n\n\
                 ERROR:\n(defmodule B\n   (import A deffunction ?ALL)\n",
            ),
            (
                "(defmodule B (import A deftemplate foo))",
                "\n[MODULPSR1] Module 'A' does not export the deftemplate 'foo'.\n\n\
                 ERROR:\n(defmodule B\n   (import A deftemplate foo)\n",
            ),
            (
                "(defmodule B (import MAIN deftemplate x))",
                "\n[MODULPSR1] Module 'MAIN' does not export any constructs.\n\n\
                 ERROR:\n(defmodule B\n   (import MAIN\n",
            ),
            (
                "(defmodule B (import C))",
                "[PRNTUTIL1] Unable to find defmodule 'C'.\n\n\
                 ERROR:\n(defmodule B\n   (import C\n",
            ),
            (
                "(ppdefmodule B)",
                "[PRNTUTIL1] Unable to find defmodule 'B'.\n",
            ),
        ],
    );
}

#[test]
fn named_imports_must_be_visible_in_the_module_imported_from() {
    check(
        "(defmodule MAIN (export ?ALL))\n(deftemplate foo)\n(deftemplate bar)\n",
        &[
            (
                "(defmodule B (import MAIN deftemplate foo bar baz))",
                "\n[MODULPSR1] Module 'MAIN' does not export the deftemplate 'baz'.\n\n\
                 ERROR:\n(defmodule B\n   (import MAIN deftemplate foo bar baz)\n",
            ),
            ("(defmodule B (import MAIN deftemplate foo bar))", ""),
        ],
    );
}

#[test]
fn a_comment_stays_on_the_header_line_of_the_construct_read() {
    check(
        "",
        &[(
            "(defmodule Q \"hello there\" (export ?ALL) (import MAIN deftemplate ?NONE))",
            "\n[MODULPSR1] Module 'MAIN' does not export any constructs.\n\n\
             ERROR:\n(defmodule Q \"hello there\"\n   (export ?ALL)\n   (import MAIN\n",
        )],
    );
}

#[test]
fn specifications_clips_cannot_read() {
    check(
        "(defmodule MAIN (export ?ALL))",
        &[
            (
                "(defmodule C (export deffunction x ?ALL))",
                "\n[PRNTUTIL2] Syntax Error:  Check appropriate syntax for defmodule export specification.\n\n\
                 ERROR:\n(defmodule C\n   (export deffunction x ?ALL\n",
            ),
            (
                "(defmodule C (export ?ALL) (import MAIN deftemplate ?FOO))",
                "\n[PRNTUTIL2] Syntax Error:  Check appropriate syntax for defmodule import specification.\n\n\
                 ERROR:\n(defmodule C\n   (export ?ALL)\n   (import MAIN deftemplate ?FOO\n",
            ),
            (
                "(defmodule C (foo))",
                "\n[PRNTUTIL2] Syntax Error:  Check appropriate syntax for defmodule.\n\n\
                 ERROR:\n(defmodule C\n   (foo\n",
            ),
            (
                "(defmodule)",
                "\n[CSTRCPSR2] Missing name for defmodule construct.\n\nERROR:\n(defmodule )\n",
            ),
            (
                "(deftemplate \"x\")",
                "\n[CSTRCPSR2] Missing name for deftemplate construct.\n\nERROR:\n(deftemplate \"x\"\n",
            ),
            (
                "(defmodule zw::)",
                "\n[PRNTUTIL2] Syntax Error:  Check appropriate syntax for module specifier.\n\n\
                 ERROR:\n(defmodule zw::\n",
            ),
        ],
    );
}

#[test]
fn only_main_without_imports_or_exports_is_defined_again() {
    check(
        "(defmodule A (export ?ALL))\n(defmodule MAIN)\n(defmodule MAIN (export ?NONE))\n",
        &[
            (
                "(defmodule A (export ?ALL))",
                "\n[CSTRCPSR4] Cannot redefine defmodule 'A' while it is in use.\n\n\
                 ERROR:\n(defmodule A\n",
            ),
            ("(defmodule MAIN (export ?ALL))", ""),
            (
                "(defmodule MAIN (export ?ALL))",
                "\n[CSTRCPSR4] Cannot redefine defmodule 'MAIN' while it is in use.\n\n\
                 ERROR:\n(defmodule MAIN\n",
            ),
        ],
    );
}

#[test]
fn ppdefmodule_prints_the_definition() {
    let mut env = Environment::new();
    assert_eq!(output(&mut env, "(ppdefmodule MAIN)"), "");
    let shown = output(
        &mut env,
        "(defmodule MAIN (export ?ALL))\n\
         (defmodule Q \"hello there\" (export ?ALL) (import MAIN deftemplate ?NONE))\n\
         (ppdefmodule Q)\n",
    );
    assert_eq!(
        shown,
        "(defmodule Q \"hello there\"\n   (export ?ALL)\n   (import MAIN deftemplate ?NONE))\n"
    );
}
