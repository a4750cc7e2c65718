//! `(defrule name ["comment"] [(declare ...)] ce... => action...)`.

use super::ce::parse_ce;
use super::common::{closing, header, Diags};
use super::declare::{parse_declare, Declarations};
use super::expr::parse_expr;
use super::placement::check_lhs;
use crate::messages::prntutil::prntutil2;
use crate::syntax::ast::Defrule;
use crate::syntax::sexpr::SExpr;
use crate::syntax::{Diagnostic, Span};

/// Functions that are almost always actions, never patterns: the first of them in a
/// rule without `=>` is where the `=>` was probably forgotten.
const COMMON_ACTIONS: [&str; 10] = [
    "assert",
    "retract",
    "modify",
    "duplicate",
    "printout",
    "bind",
    "halt",
    "focus",
    "if",
    "while",
];

/// Parses a defrule; `items` are the list's items, `defrule` included.
pub(super) fn parse_defrule(items: &[SExpr], whole: Span) -> Result<Defrule, Vec<Diagnostic>> {
    let header = header(items, whole, "defrule").map_err(|d| vec![d])?;
    let body = items.get(header.body..).unwrap_or_default();
    let arrow = body.iter().position(|item| item.is_symbol("=>"));
    // Without `=>` CLIPS reads every item as a conditional element: a bad one is
    // the error, else the rule's end where the `=>` was expected.
    let (lhs_items, rhs_items) = body.split_at(arrow.unwrap_or(body.len()));
    let mut diags = Diags::default();
    let mut pos = 0;
    let mut declared = Declarations::default();
    if let Some(first) = lhs_items.first().filter(|i| is_head(i, "declare")) {
        pos = 1;
        let list = first.as_list().unwrap_or_default();
        declared = diags
            .many(parse_declare(list, first.span))
            .unwrap_or_default();
    }
    let mut lhs = Vec::with_capacity(lhs_items.len() - pos);
    while pos < lhs_items.len() {
        let start = pos;
        if let Some(ce) = diags.one(parse_ce(lhs_items, &mut pos)) {
            lhs.push(ce);
        }
        pos = pos.max(start + 1);
    }
    for error in check_lhs(&lhs) {
        diags.push(error);
    }
    if arrow.is_none() {
        return Err(vec![missing_arrow(
            body,
            &header.name.name,
            whole,
            diags.first(),
        )]);
    }
    let rhs = (rhs_items.iter().skip(1))
        .filter_map(|action| diags.one(parse_expr(action)))
        .collect();
    diags.finish(Defrule {
        name: header.name,
        comment: header.comment,
        salience: declared.salience,
        auto_focus: declared.auto_focus,
        lhs,
        rhs,
        span: whole,
    })
}

/// The error for a rule without `=>`: at the first item that looks like an action,
/// else at the rule's end. CLIPS, reading the actions as conditional elements,
/// reports the first of them it cannot read (`first_error`), else the rule's end.
fn missing_arrow(
    body: &[SExpr],
    name: &str,
    whole: Span,
    first_error: Option<&Diagnostic>,
) -> Diagnostic {
    let action = body.iter().find(|item| {
        item.head()
            .is_some_and(|h| COMMON_ACTIONS.contains(&h.as_str()))
    });
    let missing = Diagnostic::new(
        action.map_or(closing(whole), |a| a.span),
        format!("missing `=>` in defrule `{name}`"),
    )
    .with_label("expected `=>` before the actions");
    match first_error {
        Some(Diagnostic {
            clips: Some(clips),
            read_to,
            ..
        }) => Diagnostic {
            clips: Some(clips.clone()),
            read_to: *read_to,
            ..missing
        },
        _ => missing.with_clips(prntutil2("defrule")).read_to(whole.end),
    }
}

/// Whether `item` is a list headed by `name`.
fn is_head(item: &SExpr, name: &str) -> bool {
    item.head().is_some_and(|h| h.as_str() == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::{Ce, Expr};
    use crate::syntax::parse::test_util::{errs_text, one};
    use crate::value::Value;

    fn rule(text: &str) -> Result<Defrule, Vec<Diagnostic>> {
        let item = one(text);
        parse_defrule(item.as_list().unwrap(), item.span)
    }

    #[test]
    fn full_rule() {
        let r = rule(
            "(defrule r1 \"doc\" (declare (salience 5) (auto-focus TRUE)) \
             ?f <- (a ?x) (not (b ?x)) => (retract ?f) (printout t ?x crlf))",
        )
        .unwrap();
        assert_eq!(r.name.name, "r1");
        assert_eq!(r.comment.as_deref(), Some("doc"));
        assert!(matches!(
            r.salience,
            Some(Expr::Const(Value::Integer(5), _))
        ));
        assert_eq!(r.auto_focus, Some(true));
        assert_eq!(r.lhs.len(), 2);
        assert!(matches!(&r.lhs[1], Ce::Not(..)));
        assert_eq!(r.rhs.len(), 2);
    }

    #[test]
    fn empty_sides_and_constant_actions() {
        let r = rule("(defrule r =>)").unwrap();
        assert!(r.lhs.is_empty() && r.rhs.is_empty() && r.salience.is_none());
        // As in CLIPS, constants are (useless) actions, even a second `=>`.
        let r = rule("(defrule r (a) => abc =>)").unwrap();
        assert_eq!(r.rhs.len(), 2);
        let r = rule("(defrule r \"only a comment\" =>)").unwrap();
        assert_eq!(r.comment.as_deref(), Some("only a comment"));
    }

    #[test]
    fn every_bad_ce_is_reported() {
        let text = "(defrule r red (a b (c)) (test) (a) => (1) (ok) ())";
        let errors = errs_text(text, rule(text));
        let at: Vec<_> = errors.iter().map(|(_, at)| at.as_str()).collect();
        assert_eq!(at, ["red", "(c)", ")", "1", "()"]);
    }

    #[test]
    fn rule_errors() {
        let cases = [
            ("(defrule r1 (a) (b))", "missing `=>` in defrule `r1`", ")"),
            (
                "(defrule r1 (a) (printout t x) (assert (b)))",
                "missing `=>` in defrule `r1`",
                "(printout t x)",
            ),
            ("(defrule)", "missing name for defrule", ")"),
            (
                "(defrule (a) => )",
                "the name of a defrule must be a symbol, not a list",
                "(a)",
            ),
            (
                "(defrule r (a) (declare (salience 1)) =>)",
                "`declare` must come right after the rule's name and comment",
                "declare",
            ),
            (
                "(defrule r (declare (salience 1)) (declare (auto-focus TRUE)) =>)",
                "`declare` must come right after the rule's name and comment",
                "declare",
            ),
            (
                "(defrule r (declare (salience)) =>)",
                "`(salience)` needs a value",
                ")",
            ),
            (
                "(defrule r \"a\" \"b\" =>)",
                "expected a conditional element, found the string \"b\"",
                "\"b\"",
            ),
            (
                "(defrule r => (?x))",
                "a function call must start with the function's name, not the variable `?x`",
                "?x",
            ),
        ];
        for (text, message, at) in cases {
            assert_eq!(
                errs_text(text, rule(text)),
                [(message.to_string(), at.to_string())],
                "{text}"
            );
        }
    }
}
