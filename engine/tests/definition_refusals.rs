//! What CLIPS refuses to define, and Salience with it (6.4's wording):
//!
//! - a deftemplate in use (`[CSTRCPSR4] Cannot redefine deftemplate 'NAME' while it
//!   is in use.`): facts of it exist, or a rule, deffacts or deffunction names it (in
//!   a pattern, a fact it asserts or a fact-set query). Before this check,
//!   redefining a template with more slots while a fact of it existed made a later
//!   rule read past the fact's slots and panic;
//! - a deffunction, defglobal or defmodule that would let some module see two
//!   constructs of one kind and name (`[CSTRCPSR3] ... import/export conflict`).
//!
//! A refused definition changes nothing. The cases and outcomes were run on CLIPS
//! 6.30 (`clips -f`), the module conflicts and the first redefinition also on 6.4
//! (clipspy): each definition refused here was refused there, each accepted was
//! accepted.

use salience_engine::env::{Captured, DiagnosticStyle, Environment};

/// Runs `commands` as a batch file; returns (standard output, error output).
fn batch(env: &mut Environment, commands: &str) -> (String, String) {
    let out = env.capture_output();
    let err = Captured::default();
    env.set_error_output(err.clone());
    env.batch_str(commands, "t.bat", false);
    (out.take(), err.take())
}

// ---- deftemplates in use ----

const REFUSED: &str = "[CSTRCPSR4] Cannot redefine deftemplate";

/// The slots `(ppdeftemplate NAME)` prints.
fn definition(env: &mut Environment, name: &str) -> String {
    batch(env, &format!("(ppdeftemplate {name})")).0
}

#[test]
fn every_kind_of_use_keeps_the_definition_and_the_error_names_the_user() {
    let cases = [
        (
            "(defrule r (a (x ?x)) => (printout t ?x crlf))",
            "defrule MAIN::r uses it",
        ),
        (
            "(defrule r => (assert (a (x 1))))",
            "defrule MAIN::r uses it",
        ),
        ("(deffacts f (a (x 1)))", "deffacts f uses it"),
        (
            "(deffunction g () (assert (a (x 1))))",
            "deffunction MAIN::g uses it",
        ),
        (
            "(defrule r => (do-for-all-facts ((?f a)) TRUE (printout t ?f crlf)))",
            "defrule MAIN::r uses it",
        ),
        ("(assert (a (x 1)))", "fact f-1 is one of its facts"),
    ];
    for (user, why) in cases {
        let mut env = Environment::new();
        // Salience's own words name the user; CLIPS's do not.
        env.set_diagnostic_style(DiagnosticStyle::Rich);
        let (_, err) = batch(
            &mut env,
            &format!("(deftemplate a (slot x))\n{user}\n(deftemplate a (slot x) (slot y))\n"),
        );
        assert!(err.contains(REFUSED), "{user}: {err}");
        assert!(err.contains(why), "{user}: {err}");
        assert!(err.contains("t.bat:3:14"), "{user}: {err}");
        assert_eq!(
            definition(&mut env, "a"),
            "(deftemplate MAIN::a\n   (slot x))\n",
            "{user}"
        );
    }
}

#[test]
fn in_clips_words_the_refusal_shows_the_construct_read() {
    let mut env = Environment::new();
    let (_, err) = batch(
        &mut env,
        "(deftemplate a (slot x))\n(assert (a (x 1)))\n(deftemplate a (slot x) (slot y))\n",
    );
    // As CLIPS 6.41 prints it (misclns2's transcript).
    assert_eq!(
        err,
        "\n[CSTRCPSR4] Cannot redefine deftemplate 'a' while it is in use.\n\nERROR:\n(deftemplate MAIN::a\n"
    );
}

#[test]
fn a_template_no_longer_in_use_is_redefined() {
    let mut env = Environment::new();
    let (_, err) = batch(
        &mut env,
        "(deftemplate a (slot x))
         (defrule r (a (x 1)) =>)
         (undefrule r)
         (deftemplate a (slot y))
         (deftemplate b (slot x))
         (defrule s (b (x 1)) =>)
         (defrule s =>)
         (deftemplate b (slot y))
         (deftemplate c (slot x))
         (deffunction g () (assert (c (x 1))))
         (undeffunction g)
         (deftemplate c (slot y))
         (deftemplate d (slot x))
         (assert (d (x 1)))
         (retract 1)
         (deftemplate d (slot y))
         (deftemplate e (slot x))
         (deftemplate e (slot y))",
    );
    assert_eq!(err, "", "every redefinition is accepted");
    for name in ["a", "b", "c", "d", "e"] {
        assert_eq!(
            definition(&mut env, name),
            format!("(deftemplate MAIN::{name}\n   (slot y))\n")
        );
    }
}

/// A load defines its constructs one by one, as CLIPS's does: a rule defined
/// earlier in the file keeps its template, whose redefinition is refused alone.
#[test]
fn a_load_redefining_a_template_its_own_rule_uses_refuses_that_template() {
    let mut env = Environment::new();
    let err = env
        .load_str(
            "(deftemplate a (slot x))\n(defrule r (a (x ?x)) =>)\n(deftemplate a (slot y))\n",
            "f.clp",
        )
        .expect_err("the template is in use when it is redefined");
    assert!(err.rendered.contains(REFUSED), "{}", err.rendered);
    assert!(err.rendered.contains("f.clp:3:14"), "{}", err.rendered);
    assert!(env.template_id("a").is_some());
    assert!(env.rule_index("r").is_some());
    // The all-or-nothing load of the same text defines nothing.
    env.clear();
    let atomic = "(deftemplate a (slot x))\n(defrule r (a (x ?x)) =>)\n(deftemplate a (slot y))\n";
    let err = env.load_str_atomic(atomic, "f.clp").expect_err("refused");
    assert!(err.rendered.contains(REFUSED), "{}", err.rendered);
    assert!(env.template_id("a").is_none());
    assert!(env.rule_index("r").is_none());
    // Reloading a file over its own rules is refused, as in CLIPS; (clear) first.
    let file = "(deftemplate a (slot x))\n(defrule r (a (x ?x)) =>)\n";
    env.load_str(file, "g.clp").expect("loads");
    let err = env.load_str(file, "g.clp").expect_err("r uses a");
    assert!(
        err.rendered.contains("defrule MAIN::r uses it"),
        "{}",
        err.rendered
    );
    env.clear();
    env.load_str(file, "g.clp").expect("loads after (clear)");
}

/// The case that panicked: a fact of one slot, then the template given three.
#[test]
fn a_fact_keeps_its_template_and_a_rule_on_a_slot_it_lacks_is_an_error() {
    let mut env = Environment::new();
    let (out, err) = batch(
        &mut env,
        "(deftemplate b (slot x))
         (assert (b (x 1)))
         (deftemplate b (slot x) (slot y) (slot z))
         (defrule rb (b (z ?z)) => (printout t ?z crlf))
         (run)
         (facts)",
    );
    assert!(err.contains(REFUSED), "{err}");
    assert!(
        err.contains("[TMPLTDEF1] Invalid slot 'z' not defined in corresponding deftemplate 'b'."),
        "{err}"
    );
    assert_eq!(out, "f-1     (b (x 1))\nFor a total of 1 fact.\n");
}

// ---- import/export conflicts ----

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
