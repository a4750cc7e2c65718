//! CLIPS's import/export conflict (`[CSTRCPSR3]`, 6.4's wording) for deffunctions,
//! defglobals and defmodules: a definition that would let some module see two
//! constructs of one kind and name is refused and changes nothing. Each case and
//! its outcome were run on CLIPS 6.30 (`clips -f`) and 6.4 (clipspy).

use salience_engine::env::{Captured, Environment};

/// Runs `commands` as a batch file; returns (standard output, error output).
fn batch(env: &mut Environment, commands: &str) -> (String, String) {
    let out = env.capture_output();
    let err = Captured::default();
    env.set_error_output(err.clone());
    env.batch_str(commands, "t.bat", false);
    (out.take(), err.take())
}

const TWO_EXPORTERS: &str = "(defmodule A (export ?ALL))
    (deffunction A::f () a)
    (defglobal A ?*g* = 1)
    (defmodule B (export ?ALL))
    (deffunction B::f () b)";

#[test]
fn a_module_importing_two_constructs_of_one_name_is_not_defined() {
    let mut env = Environment::new();
    let (out, err) = batch(
        &mut env,
        &format!(
            "{TWO_EXPORTERS}
             (defmodule C (import A ?ALL) (import B ?ALL))
             (printout t (get-current-module) \" \" (f) crlf)
             (list-defmodules)"
        ),
    );
    assert!(
        err.contains(
            "[CSTRCPSR3] Cannot define defmodule 'C' because of an import/export conflict \
             caused by the deffunction 'f'."
        ),
        "{err}"
    );
    assert_eq!(out, "B b\nMAIN\nA\nB\nFor a total of 3 defmodules.\n");
}

#[test]
fn templates_are_checked_before_globals_and_globals_before_functions() {
    let mut env = Environment::new();
    let (_, err) = batch(
        &mut env,
        &format!(
            "{TWO_EXPORTERS}
             (defglobal B ?*g* = 2)
             (defmodule C (import A ?ALL) (import B ?ALL))
             (deftemplate A::t (slot x))
             (deftemplate B::t (slot y))
             (defmodule D (import A ?ALL) (import B ?ALL))"
        ),
    );
    let conflicts: Vec<&str> = err.lines().filter(|l| l.contains("CSTRCPSR3")).collect();
    assert_eq!(conflicts.len(), 2, "{err}");
    assert!(
        conflicts[0].ends_with("caused by the defglobal 'g'."),
        "{err}"
    );
    assert!(
        conflicts[1].ends_with("caused by the deftemplate 't'."),
        "{err}"
    );
}

#[test]
fn a_function_or_global_an_importing_module_already_sees_is_not_defined_again() {
    let mut env = Environment::new();
    let (out, err) = batch(
        &mut env,
        &format!(
            "{TWO_EXPORTERS}
             (defmodule D (import A ?ALL))
             (deffunction D::f () d)
             (defglobal D ?*g* = 2)
             (printout t (f) \" \" ?*g* crlf)
             (list-deffunctions D)
             (list-defglobals D)"
        ),
    );
    assert!(
        err.contains(
            "[CSTRCPSR3] Cannot define deffunction 'f' because of an import/export conflict."
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "[CSTRCPSR3] Cannot define defglobal 'g' because of an import/export conflict."
        ),
        "{err}"
    );
    assert_eq!(out, "a 1\n");
}
