//! Commands that change the environment, called while it is in use: CLIPS 6.41's
//! answers, and no crash (regressions found by CLIPS's suite, drtest03/05/10).

use super::test_support::{captured, eval};
use crate::env::show::fact_text;
use crate::env::Environment;
use crate::value::Value;

/// The facts in working memory as `(facts)` shows them, without their indices.
fn fact_texts(env: &Environment) -> Vec<String> {
    let program = &env.rt.program;
    env.facts().map(|f| fact_text(program, f)).collect()
}

const REFUSED: &str = "[CONSTRCT1] Some constructs are still in use. Clear cannot continue.\n";

/// `(reset)` from a deffacts value, while reset asserts it: nothing (it used to
/// call reset again without end and overflow the stack).
#[test]
fn reset_inside_reset_does_nothing() {
    let (mut env, _, err) = captured();
    env.load_str("(deffacts a (one =(reset)) (two (reset)))", "t.clp")
        .expect("loads");
    env.reset();
    let facts = fact_texts(&env);
    assert_eq!(facts, ["(one)", "(two)"]);
    assert_eq!(err.take(), "");
}

/// `(clear)` among a fact's slot values (assert, modify) or in a pattern's
/// constraint is refused with CLIPS's message; the fact is made all the same (it
/// used to clear the templates under the fact being built and panic).
#[test]
fn clear_while_constructs_are_in_use_is_refused() {
    let (mut env, _, err) = captured();
    env.load_str(
        "(deftemplate foo (multislot x)) (defrule r (a ?x&:(progn (clear) TRUE)) =>)",
        "t.clp",
    )
    .expect("loads");
    assert_eq!(
        eval(&mut env, "(assert (foo (x (clear) 1)))"),
        Ok(Value::Fact(crate::value::FactId(1)))
    );
    assert_eq!(err.take(), REFUSED);
    assert!(eval(&mut env, "(modify 1 (x (clear) 2))").is_ok());
    assert_eq!(err.take(), REFUSED);
    assert!(eval(&mut env, "(assert (a 2))").is_ok());
    assert_eq!(err.take(), REFUSED);
    assert_eq!(env.facts().count(), 2);
    assert_eq!(env.rt.agenda.all().count(), 1);
}

/// A top-level command that names a template, a deffunction or a global holds
/// them: `(clear)` inside it is refused; one that names none clears.
#[test]
fn clear_inside_a_command_naming_constructs_is_refused() {
    let (mut env, out, err) = captured();
    env.load_str("(deffunction f () 1) (defglobal ?*g* = 2)", "t.clp")
        .expect("loads");
    assert_eq!(eval(&mut env, "(progn (clear) (f))"), Ok(Value::Integer(1)));
    assert_eq!(
        eval(&mut env, "(progn (clear) ?*g*)"),
        Ok(Value::Integer(2))
    );
    assert_eq!(err.take(), REFUSED.repeat(2));
    assert!(eval(&mut env, "(progn (clear) (printout t done crlf))").is_ok());
    assert_eq!(
        (out.take(), err.take()),
        ("done\n".to_string(), String::new())
    );
    assert_eq!(env.rt.program.defined_functions().count(), 0);
}

/// Inside a deffunction or a rule's actions `(clear)` is refused and the actions
/// go on; `(reset)` in a rule's actions resets.
#[test]
fn clear_in_actions_is_refused_and_reset_works() {
    let (mut env, out, err) = captured();
    env.load_str(
        "(deffunction f () (clear) (printout t \"after f\" crlf))
         (defrule r ?g <- (go) => (retract ?g) (f) (clear) (reset) (printout t \"after r\" crlf))
         (deffacts d (kept))",
        "t.clp",
    )
    .expect("loads");
    assert!(eval(&mut env, "(assert (go))").is_ok());
    assert_eq!(env.run(None), Ok(1));
    assert_eq!(out.take(), "after f\nafter r\n");
    assert_eq!(err.take(), REFUSED.repeat(2));
    let facts = fact_texts(&env);
    assert_eq!(facts, ["(kept)"]);
}
