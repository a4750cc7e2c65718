//! S-expressions to constructs and expressions.
//!
//! [`parse_source`] reads a whole text and parses every top-level item
//! ([`parse_each`] hands them over one at a time);
//! [`parse_top_level`] parses one item already read. A list headed by a construct
//! keyword becomes a [`Construct`]; anything else is a command (an
//! [`Expr`](super::ast::Expr)).
//!
//! Each construct kind has its own module; patterns, field constraints, conditional
//! elements and slot attributes have theirs. Errors are [`Diagnostic`]s that point
//! at the offending item and say what was expected. Within a construct every
//! independent part (slot, conditional element, action, fact, ...) is checked, so
//! one mistake does not hide the next; a construct with any error is left out.
//!
//! Lists that do not start with a symbol are errors, except as the first argument
//! of `loop-for-count`, `progn$` and the fact-set queries (`do-for-all-facts`, ...),
//! where they become [`Expr::List`](super::ast::Expr::List).

mod allowed;
mod ce;
mod class;
mod common;
mod constraint;
mod declare;
mod expr;
mod facts;
mod function;
mod generic;
mod global;
mod hypothesis;
mod module;
mod pattern;
mod placement;
mod results;
mod rule;
mod slot_attr;
mod template;
#[cfg(test)]
mod test_util;
mod types;

pub use ce::parse_ce;
pub use common::constant;
pub use expr::{
    is_query_function, parse_expr, parse_fact, INSTANCE_QUERY_FUNCTIONS, QUERY_FUNCTIONS,
};

use super::ast::{Construct, Defglobal, Defmodule, TopLevel};
use super::sexpr::{read_each, SExpr};
use super::Diagnostic;

/// Reads and parses a whole source text: every top-level item becomes a
/// [`TopLevel`], or diagnostics. Parsing continues after an error so that every
/// malformed construct is reported; a construct with errors is left out of the result.
///
/// When the text cannot be read (an unbalanced parenthesis, an unterminated
/// string), the items wholly before the problem are still parsed and reported.
pub fn parse_source(text: &str) -> (Vec<TopLevel>, Vec<Diagnostic>) {
    let mut parsed = Vec::new();
    let mut diagnostics = Vec::new();
    parse_each(text, |item| match item {
        Ok(top) => parsed.push(top),
        Err(mut errors) => diagnostics.append(&mut errors),
    });
    (parsed, diagnostics)
}

/// [`parse_source`] one item at a time: hands each top-level item of `text` to
/// `each` as soon as it is parsed, or its errors, and a reading error (which
/// [`parse_source`] puts after the items) last. Each item is read, parsed and
/// dropped in turn, so the whole file is never held as s-expressions.
pub fn parse_each(text: &str, mut each: impl FnMut(Result<TopLevel, Vec<Diagnostic>>)) {
    let mut read_any = false;
    let read = read_each(text, |item| {
        read_any = true;
        each(strict(parse_top_level(&item)));
    });
    if let Err(error) = read {
        // A nesting error is found before any item is read: read the items wholly
        // before it (none, if the text before it does not read either).
        if !read_any {
            if let Some(prefix) = text.get(..error.span.start) {
                let _ = read_each(prefix, |item| each(strict(parse_top_level(&item))));
            }
        }
        each(Err(vec![error]));
    }
}

/// `parsed`, with a defglobal that ends in an error (whose globals before it CLIPS
/// still defines, see [`parse_top_level`]) or a defmodule that does turned into
/// that error: for a reader
/// of a whole text, where any error stands for the construct.
fn strict(parsed: Result<TopLevel, Vec<Diagnostic>>) -> Result<TopLevel, Vec<Diagnostic>> {
    match parsed {
        Ok(TopLevel::Construct(c)) => match &*c {
            Construct::Global(Defglobal {
                error: Some(error), ..
            }) => Err(vec![error.diagnostic.clone()]),
            Construct::Module(Defmodule {
                error: Some(error), ..
            }) => Err(vec![error.diagnostic.clone()]),
            _ => Ok(TopLevel::Construct(c)),
        },
        other => other,
    }
}

/// Whether `name` opens a construct CLIPS knows (loading one is an error in that
/// construct, not a stray command).
pub fn is_construct_name(name: &str) -> bool {
    matches!(
        name,
        "deftemplate"
            | "deffacts"
            | "defrule"
            | "deffunction"
            | "defglobal"
            | "defmodule"
            | "defhypothesis"
            | "defclass"
            | "defmessage-handler"
            | "definstances"
            | "defgeneric"
            | "defmethod"
    )
}

/// Parses one already-read top-level item: a list headed by deftemplate, deffacts,
/// defrule, deffunction, defglobal or defmodule becomes a [`Construct`]; any other
/// list or a lone token becomes a command expression. A defglobal with an error
/// parses: the globals before the error, and the error (see [`Defglobal::error`]);
/// so does a defmodule (see [`Defmodule::error`]).
pub fn parse_top_level(item: &SExpr) -> Result<TopLevel, Vec<Diagnostic>> {
    let (Some(items), Some(head)) = (item.as_list(), item.head()) else {
        return command(item);
    };
    let span = item.span;
    let construct = match head.as_str() {
        "deftemplate" => template::parse_deftemplate(items, span).map(Construct::Template),
        "deffacts" => facts::parse_deffacts(items, span).map(Construct::Facts),
        "defrule" => rule::parse_defrule(items, span).map(Construct::Rule),
        "deffunction" => function::parse_deffunction(items, span).map(Construct::Function),
        "defglobal" => Ok(Construct::Global(global::parse_defglobal(items, span))),
        "defmodule" => module::parse_defmodule(items, span).map(Construct::Module),
        "defhypothesis" => hypothesis::parse_defhypothesis(items, span).map(Construct::Hypothesis),
        "defclass" => class::parse_defclass(items, span).map(Construct::Class),
        "defmessage-handler" => class::parse_defhandler(items, span).map(Construct::Handler),
        "definstances" => class::parse_definstances(items, span).map(Construct::Instances),
        "defgeneric" => generic::parse_defgeneric(items, span).map(Construct::Generic),
        "defmethod" => generic::parse_defmethod(items, span).map(Construct::Method),
        _ => return command(item),
    };
    construct.map(|c| TopLevel::Construct(Box::new(c)))
}

/// A top-level item that is not a construct: a command to execute.
fn command(item: &SExpr) -> Result<TopLevel, Vec<Diagnostic>> {
    parse_expr(item).map(TopLevel::Command).map_err(|d| vec![d])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::{Ce, Expr};
    use crate::value::Value;

    fn errors(text: &str) -> Vec<(String, String)> {
        let (_, diagnostics) = parse_source(text);
        diagnostics
            .into_iter()
            .map(|d| (d.message, text[d.span.start..d.span.end].to_string()))
            .collect()
    }

    #[test]
    fn a_whole_program() {
        let text = r#"
            ; A small program using every construct.
            (defmodule MAIN (export ?ALL))
            (defglobal ?*count* = 0)
            (deftemplate person (slot name) (multislot kids))
            (deffacts people (person (name "Ann") (kids Bob)))
            (deffunction inc (?x) (+ ?x 1))
            (defrule count-kids
               (declare (salience 10))
               ?p <- (person (name ?n) (kids $?k&:(> (length$ ?k) 0)))
               (not (counted ?n))
               =>
               (bind ?*count* (inc ?*count*))
               (assert (counted ?n)))
            (reset)
            (run)
            facts
        "#;
        let (items, diagnostics) = parse_source(text);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        assert_eq!(items.len(), 9);
        assert!(matches!(
            &items[0],
            TopLevel::Construct(c) if matches!(**c, Construct::Module(_))
        ));
        assert!(matches!(
            &items[1],
            TopLevel::Construct(c) if matches!(**c, Construct::Global(_))
        ));
        assert!(matches!(
            &items[2],
            TopLevel::Construct(c) if matches!(**c, Construct::Template(_))
        ));
        assert!(matches!(
            &items[3],
            TopLevel::Construct(c) if matches!(**c, Construct::Facts(_))
        ));
        assert!(matches!(
            &items[4],
            TopLevel::Construct(c) if matches!(**c, Construct::Function(_))
        ));
        let TopLevel::Construct(c) = &items[5] else {
            panic!("not a construct")
        };
        let Construct::Rule(rule) = &**c else {
            panic!("not a rule")
        };
        assert!(matches!(&rule.lhs[..], [Ce::Pattern(_), Ce::Not(..)]));
        assert!(matches!(&items[6], TopLevel::Command(Expr::Call(c)) if c.name.name == "reset"));
        assert!(
            matches!(&items[8], TopLevel::Command(Expr::Const(Value::Symbol(s), _)) if s == "facts")
        );
    }

    #[test]
    fn every_malformed_construct_is_reported_and_left_out() {
        let text = "(defrule a (x) (y))\n(deftemplate ok)\n(deftemplate t (slot s (type FOO)))\n(defrule b =>)";
        let (items, diagnostics) = parse_source(text);
        assert_eq!(items.len(), 2);
        assert_eq!(diagnostics.len(), 2);
        assert_eq!(
            errors(text),
            [
                ("missing `=>` in defrule `a`".to_string(), ")".to_string()),
                ("unknown type `FOO`".to_string(), "FOO".to_string()),
            ]
        );
    }

    #[test]
    fn reader_errors_keep_what_came_before() {
        let text = "(defrule r (a) => (foo 1))\n(deftemplate (slot a))\n(defrule s (a) =>";
        let (items, _) = parse_source(text);
        assert_eq!(items.len(), 1);
        assert_eq!(
            errors(text),
            [
                (
                    "the name of a deftemplate must be a symbol, not a list".to_string(),
                    "(slot a)".to_string()
                ),
                ("unclosed `(`".to_string(), "(".to_string()),
            ]
        );
        assert_eq!(
            errors("(a))"),
            [("unexpected `)`".to_string(), ")".to_string())]
        );
    }

    #[test]
    fn top_level_errors() {
        let cases = [
            (
                "(1 2)",
                "a function call must start with the function's name, not the number 1",
                "1",
            ),
            (
                "?",
                "a wildcard can only be used in a pattern on a rule's left-hand side",
                "?",
            ),
            ("()", "an empty list `()` is not an expression", "()"),
        ];
        for (text, message, at) in cases {
            assert_eq!(
                errors(text),
                [(message.to_string(), at.to_string())],
                "{text}"
            );
        }
    }

    #[test]
    fn no_panics_on_odd_input() {
        let samples = [
            "(defrule)",
            "(defrule r",
            "(defrule r ?f)",
            "(defrule r ?f <-)",
            "(defrule r (a ~) =>)",
            "(defrule r (a ?x&) =>)",
            "(defrule r (a :) =>)",
            "(deftemplate t (slot a (range)))",
            "(deffunction f (",
            "(defglobal ?*x* = )",
            "(defmodule M (import))",
            "(deffacts d ())",
            "(defrule r (test) (not) (forall) =>)",
            ")",
            "\"",
            "(((((",
            "(defrule r (a (b)) =>)",
            "(deftemplate t (slot a (default ?NONE ?DERIVE)))",
            "(defrule r (declare) =>)",
            "(defrule r (a $?) (b ?) (c ~$?x) =>)",
            "(defglobal A B C)",
            "(deftemplate é (slot ü))",
        ];
        for text in samples {
            let _ = parse_source(text);
        }
    }
}
