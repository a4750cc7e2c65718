//! `check-syntax`: whether a string holds one well-formed construct or expression,
//! without defining or evaluating it.

use super::{lexeme, Runtime, R, TABLE};
use crate::compile::ExprCompiler;
use crate::env::Environment;
use crate::syntax::ast::{Construct, Defmodule, TopLevel};
use crate::syntax::{parse, sexpr, Diagnostic};
use crate::value::Value;

/// `(check-syntax text)`: FALSE if `text` is one well-formed construct or
/// expression; `MISSING-LEFT-PARENTHESIS` if it does not start with one,
/// `EXTRANEOUS-INPUT-AFTER-LAST-PARENTHESIS` if more follows it; else the
/// multifield `("errors" FALSE)` (errors, then warnings), as CLIPS returns it.
/// Expressions are compiled, and constructs defined, against a copy of the program
/// (so nothing, not even an implied template, is added).
pub(super) fn check_syntax(rt: &mut Runtime, args: &[Value]) -> R {
    let text = lexeme(args, 0, "check-syntax")?;
    if !text.trim_start().starts_with('(') {
        return Ok(Value::symbol("MISSING-LEFT-PARENTHESIS"));
    }
    let errors = match sexpr::read_all(&text) {
        Err(d) => vec![d],
        Ok(items) if items.len() > 1 => {
            return Ok(Value::symbol("EXTRANEOUS-INPUT-AFTER-LAST-PARENTHESIS"))
        }
        Ok(_) => problems(rt, &text),
    };
    if errors.is_empty() {
        return Ok(Value::false_sym());
    }
    let mut rendered = Environment::render_diagnostics(&errors, "check-syntax", &text);
    if !rendered.ends_with('\n') {
        rendered.push('\n');
    }
    Ok(Value::multifield(vec![
        Value::string(&rendered),
        Value::false_sym(),
    ]))
}

/// What is wrong with the one item of `text`.
fn problems(rt: &Runtime, text: &str) -> Vec<Diagnostic> {
    let (items, diagnostics) = parse::parse_source(text);
    if !diagnostics.is_empty() {
        return diagnostics;
    }
    match items.first() {
        Some(TopLevel::Command(expr)) => {
            let mut program = rt.program.clone();
            let mut compiler = ExprCompiler::new(&mut program, &TABLE, rt.top_scope.clone());
            compiler.compile(expr).err().into_iter().collect()
        }
        Some(TopLevel::Construct(construct)) => match &**construct {
            Construct::Module(m) => module_problems(rt, m).err().into_iter().collect(),
            _ => construct_problems(rt, construct, text),
        },
        None => Vec::new(),
    }
}

/// What is wrong with `construct` (not a defmodule), the one item of `text`.
fn construct_problems(rt: &Runtime, construct: &Construct, text: &str) -> Vec<Diagnostic> {
    // Defined in a scratch environment holding a copy of the program, so that it
    // is compiled as it would be but nothing here changes.
    let mut scratch = Environment::new();
    scratch.set_output(std::io::sink());
    scratch.set_error_output(std::io::sink());
    scratch.rt.program = rt.program.clone();
    let origin = scratch.add_source("check-syntax", std::rc::Rc::from(text));
    scratch
        .define(construct, text, origin)
        .err()
        .into_iter()
        .collect()
}

/// What is wrong with defmodule `m`: CLIPS checks its imports and their
/// conflicts, not whether the module is defined already.
fn module_problems(rt: &Runtime, m: &Defmodule) -> Result<(), Diagnostic> {
    let mut program = rt.program.clone();
    program.check_imports(m)?;
    program
        .define_module(m.name.name, m.clone())
        .map(drop)
        .map_err(|e| e.at(m.name.span, m.span.end))
}

#[cfg(test)]
mod tests {
    //! check-syntax's values, as CLIPS 6.4.2 returns them through clipspy (the
    //! error text itself is Salience's).

    use super::super::test_support::{captured, eval};
    use crate::value::Value;

    fn check(text: &str) -> Value {
        let (mut env, _, _) = captured();
        let command = format!("(check-syntax {})", Value::string(text).repr());
        eval(&mut env, &command).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn well_formed_and_misplaced_input() {
        let cases = [
            ("(+ 1 2)", "FALSE"),
            ("(defrule r (a) => (printout t x))", "FALSE"),
            ("", "MISSING-LEFT-PARENTHESIS"),
            ("abc", "MISSING-LEFT-PARENTHESIS"),
            ("(+ 1 2) (+ 3 4)", "EXTRANEOUS-INPUT-AFTER-LAST-PARENTHESIS"),
        ];
        for (text, expected) in cases {
            assert_eq!(check(text), Value::symbol(expected), "{text}");
        }
    }

    #[test]
    fn errors_are_a_multifield_of_errors_and_warnings() {
        let construct_errors = [
            "(defrule r (a) => (foo))",
            "(deffunction g () (bar))",
            "(deftemplate p (slot a) (slot a))",
        ];
        for text in ["(foo 1)", "(+ 1 2", "(deftemplate x (slot a)"]
            .into_iter()
            .chain(construct_errors)
        {
            let value = check(text);
            let fields = value.as_slice();
            assert_eq!(fields.len(), 2, "{text}: {value:?}");
            assert!(
                matches!(&fields[0], Value::String(s) if !s.is_empty()),
                "{text}"
            );
            assert_eq!(fields[1], Value::false_sym(), "{text}");
        }
    }

    #[test]
    fn a_checked_construct_is_not_defined() {
        let (mut env, _, _) = captured();
        let command = r#"(check-syntax "(deftemplate t1 (slot a))")"#;
        assert_eq!(eval(&mut env, command), Ok(Value::false_sym()));
        let command = r#"(check-syntax "(defrule r (t2 1) => (assert (z)))")"#;
        assert_eq!(eval(&mut env, command), Ok(Value::false_sym()));
        let templates = eval(&mut env, "(get-deftemplate-list)");
        assert_eq!(templates, Ok(Value::multifield(vec![])));
        let rules = eval(&mut env, "(get-defrule-list)");
        assert_eq!(rules, Ok(Value::multifield(vec![])));
    }
}
