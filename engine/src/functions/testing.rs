//! Test support: a tiny evaluator that reads `(f (g 1) "x")` and calls the built-ins,
//! so tests can be written as CLIPS expressions with the results CLIPS 6.4 gave.
//!
//! Results are written in one canonical form: strings quoted, multifields in
//! parentheses, `ERR <message>` for a halting error, and ` ;; <message>` appended for
//! each message CLIPS prints without halting.

use super::{lookup, FnError, FnState};
use crate::syntax::sexpr::{read_one, SExpr, SExprKind, Token};
use crate::value::{format_float, Value};

/// Evaluates one expression.
pub fn eval(state: &mut FnState, src: &str) -> Result<Value, FnError> {
    let (expr, _) = read_one(src)
        .map_err(|d| FnError::new(format!("read error: {}", d.message)))?
        .ok_or_else(|| FnError::new("nothing to read"))?;
    eval_expr(state, &expr)
}

fn eval_expr(state: &mut FnState, expr: &SExpr) -> Result<Value, FnError> {
    match &expr.kind {
        SExprKind::Token(Token::Symbol(s)) => {
            Ok(Value::instance_name(s).unwrap_or(Value::Symbol(*s)))
        }
        SExprKind::Token(Token::String(s)) => Ok(Value::String(*s)),
        SExprKind::Token(Token::Integer(i)) => Ok(Value::Integer(*i)),
        SExprKind::Token(Token::Float(f)) => Ok(Value::Float(*f)),
        SExprKind::Token(other) => Err(FnError::new(format!("unsupported token {other:?}"))),
        SExprKind::List(items) => {
            let name = items
                .first()
                .and_then(|e| e.as_symbol())
                .ok_or_else(|| FnError::new("call without a function name"))?;
            let args = items[1..]
                .iter()
                .map(|e| eval_expr(state, e))
                .collect::<Result<Vec<_>, _>>()?;
            if name.as_str() == "type" {
                return type_of(&args);
            }
            let builtin =
                lookup(&name).ok_or_else(|| FnError::new(format!("no function {name}")))?;
            builtin.call(state, &args)
        }
    }
}

/// `(type x)`: an environment command since COOL (an instance's class, see
/// `env::commands::objects`); the values these tests give it are primitive, whose
/// class is their type.
fn type_of(args: &[Value]) -> Result<Value, FnError> {
    match args {
        [Value::Void] => Err(FnError::new(crate::messages::inscom::inscom1("type"))),
        [value] => Ok(Value::symbol(value.type_name())),
        _ => Err(FnError::new("type takes one argument")),
    }
}

/// The canonical text of a value.
pub fn show(value: &Value) -> String {
    match value {
        Value::Float(f) => format_float(*f),
        Value::Multifield(items) => {
            let inner: Vec<String> = items.iter().map(show).collect();
            format!("({})", inner.join(" "))
        }
        Value::Void => "<void>".into(),
        // Escaped, so that the text tells the value apart unambiguously.
        Value::String(s) => crate::value::escaped(s),
        other => other.repr().to_string(),
    }
}

/// Evaluates `src` and renders the outcome canonically.
pub fn run(state: &mut FnState, src: &str) -> String {
    state.diagnostics.clear();
    let outcome = match eval(state, src) {
        Ok(v) => show(&v),
        Err(e) => {
            let mut lines: Vec<String> = std::mem::take(&mut state.diagnostics);
            lines.push(e.message);
            return format!("ERR {}", lines.join(" | "));
        }
    };
    let mut text = outcome;
    for d in state.diagnostics.drain(..) {
        text.push_str(" ;; ");
        text.push_str(&d);
    }
    text
}

/// Runs `cases` in order in one fresh state, asserting each result.
pub fn check(cases: &[(&str, &str)]) {
    let mut state = FnState::default();
    let mut failures = Vec::new();
    for (src, expected) in cases {
        let got = run(&mut state, src);
        if got != *expected {
            failures.push(format!(
                "{src}\n   expected: {expected}\n        got: {got}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} case(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Differential testing against CLIPS: with `FN_CASES` naming a file of
/// expressions (one a line), writes `expr => result` lines to `FN_OUT`.
#[test]
#[ignore]
fn oracle_diff() {
    let (Ok(cases), Ok(out)) = (std::env::var("FN_CASES"), std::env::var("FN_OUT")) else {
        return;
    };
    let text = std::fs::read_to_string(cases).expect("FN_CASES readable");
    let mut state = FnState::default();
    let mut lines = String::new();
    for line in text.lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        lines.push_str(&format!("{line} => {}\n", run(&mut state, line)));
    }
    std::fs::write(out, lines).expect("FN_OUT writable");
}
