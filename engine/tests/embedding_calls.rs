//! The embedding API that the Python package uses: functions defined by the host
//! program (`define_udf`), calls by name (`call`), activations and globals.

use salience_engine::env::Environment;
use salience_engine::Value;
use std::rc::Rc;

fn twice(env: &mut Environment) {
    env.define_udf(
        "twice",
        1,
        Some(1),
        Rc::new(|args: &[Value]| match args {
            [Value::Integer(i)] => Ok(Value::Integer(i * 2)),
            _ => Err("[TWICE1] twice takes an integer.".to_string()),
        }),
    );
}

#[test]
fn rules_call_a_host_function() {
    let mut env = Environment::new();
    twice(&mut env);
    let out = env.capture_output();
    env.load_str(
        "(defrule r (n ?x) => (printout t (twice ?x) crlf))
         (deffacts d (n 21))",
        "t.clp",
    )
    .unwrap();
    env.reset();
    assert_eq!(env.run(None).unwrap(), 1);
    assert_eq!(out.take(), "42\n");
}

#[test]
fn a_host_function_error_stops_the_rule_with_its_message() {
    let mut env = Environment::new();
    twice(&mut env);
    env.load_str("(defrule r (n ?x) => (twice ?x))", "t.clp")
        .unwrap();
    env.assert_ordered("n", vec![Value::symbol("a")]).unwrap();
    let error = env.run(None).unwrap_err().to_string();
    assert!(
        error.contains("[TWICE1] twice takes an integer."),
        "{error}"
    );
}

#[test]
fn the_compiler_checks_a_host_function_argument_count() {
    let mut env = Environment::new();
    twice(&mut env);
    let err = env
        .call("eval", &[Value::string("(twice 1 2)")])
        .unwrap_err();
    assert_eq!(
        err.message,
        "[ARGACCES1] Function 'twice' expected exactly 1 argument."
    );
}

#[test]
fn host_functions_survive_clear_and_deffunctions_come_first() {
    let mut env = Environment::new();
    twice(&mut env);
    assert!(env.clear());
    assert_eq!(
        env.call("twice", &[Value::Integer(4)]).unwrap(),
        Value::Integer(8)
    );
    env.load_str("(deffunction twice (?x) (* ?x 3))", "f.clp")
        .unwrap();
    assert_eq!(
        env.call("twice", &[Value::Integer(4)]).unwrap(),
        Value::Integer(12)
    );
}

#[test]
fn call_runs_commands_and_builtins_by_name() {
    let mut env = Environment::new();
    assert_eq!(
        env.call("+", &[Value::Integer(1), Value::Float(1.5)])
            .unwrap(),
        Value::Float(2.5)
    );
    assert_eq!(
        env.call("build", &[Value::string("(defglobal ?*g* = 5)")])
            .unwrap(),
        Value::symbol("TRUE")
    );
    assert_eq!(env.global_value("g"), Some(Value::Integer(5)));
    assert!(env.set_global_value("g", Value::symbol("x")));
    assert_eq!(
        env.call("eval", &[Value::string("?*g*")]).unwrap(),
        Value::symbol("x")
    );
    assert!(!env.set_global_value("nope", Value::Integer(1)));
}

#[test]
fn activations_and_facts_by_index() {
    let mut env = Environment::new();
    env.load_str(
        "(deftemplate p (slot x))
         (defrule a (declare (salience 5)) (p (x ?x)) (not (q)) =>)",
        "a.clp",
    )
    .unwrap();
    let id = env.assert_fact("p", &[("x", Value::Integer(1))]).unwrap();
    let activations = env.activations();
    assert_eq!(activations.len(), 1);
    assert_eq!(activations[0].rule, "a");
    assert_eq!(activations[0].salience, 5);
    assert_eq!(activations[0].facts, vec![Some(id), None]);
    assert_eq!(env.fact_text(id).as_deref(), Some("(p (x 1))"));
    assert_eq!(env.fact_template(id), Some(("p", false)));
    assert_eq!(env.fact_slots(id), Some(vec![("x", &Value::Integer(1))]));
}
