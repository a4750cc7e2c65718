//! Conditional elements: patterns (optionally bound with `?f <-`), test, not, and,
//! or, exists, forall and logical.

use super::common::{closing, describe, first_token_end, sf_var};
use super::expr::parse_expr;
use super::pattern::parse_pattern;
use crate::messages::{prntutil::prntutil2, rulelhs};
use crate::syntax::ast::{Ce, Ident};
use crate::syntax::sexpr::{SExpr, Token};
use crate::syntax::{Diagnostic, Span};
use crate::value::atom;

/// The names that make a list a conditional element other than a pattern.
const CE_NAMES: [&str; 7] = ["test", "not", "and", "or", "exists", "forall", "logical"];

/// What a conditional element may be, for labels.
const EXPECTED_CE: &str =
    "expected a pattern such as `(color red)`, or a `(test ...)`, `(not ...)`, `(and ...)`, `(or ...)`, `(exists ...)`, `(forall ...)` or `(logical ...)`";

/// Parses the conditional element at `items[*pos]` (with its `?f <-` binding, if
/// any), leaving `*pos` after everything it read, even when it fails.
pub fn parse_ce(items: &[SExpr], pos: &mut usize) -> Result<Ce, Diagnostic> {
    let Some(item) = items.get(*pos) else {
        let end = items
            .last()
            .map_or(Span::default(), |i| Span::new(i.span.end, i.span.end));
        return Err(Diagnostic::new(end, "expected a conditional element").with_label(EXPECTED_CE));
    };
    *pos += 1;
    if let Some((var, arrow)) = glued_binding(item) {
        let pattern = items.get(*pos);
        if pattern.is_some() {
            *pos += 1;
        }
        return bound_pattern(var, arrow, pattern);
    }
    if let Some(arrow) = items
        .get(*pos)
        .filter(|i| matches!(i.as_token(), Some(Token::Arrow)))
    {
        *pos += 1;
        let pattern = items.get(*pos);
        if pattern.is_some() {
            *pos += 1;
        }
        return match sf_var(item) {
            Some(var) => bound_pattern(var, arrow.span, pattern),
            None => Err(not_a_ce(item, None, true)),
        };
    }
    match item.as_list() {
        Some(list) => list_ce(item, list),
        None => Err(not_a_ce(item, items.get(*pos), false)),
    }
}

/// `?f<-` written without a space, which reads as one variable token: the variable
/// `?f` and the span of its `<-`.
fn glued_binding(item: &SExpr) -> Option<(Ident, Span)> {
    let name = (sf_var(item)?.name.as_str().strip_suffix("<-")).filter(|n| !n.is_empty())?;
    let split = item.span.end.checked_sub(2)?;
    let var = Ident {
        name: atom(name),
        span: Span::new(item.span.start, split),
    };
    Some((var, Span::new(split, item.span.end)))
}

/// The pattern after `?f <-`, whose `<-` is at `arrow`.
fn bound_pattern(var: Ident, arrow: Span, pattern: Option<&SExpr>) -> Result<Ce, Diagnostic> {
    let Some(pattern) = pattern else {
        return Err(Diagnostic::new(
            arrow,
            format!(
                "`?{} <-` must be followed by the pattern it binds",
                var.name
            ),
        )
        .with_label("expected a pattern such as `(person (name ?n))`")
        .with_clips(prntutil2(rulelhs::BINDING_PATTERNS)));
    };
    let ce_name = pattern
        .head()
        .filter(|h| CE_NAMES.contains(&h.as_str()))
        .zip(pattern.as_list().and_then(|l| l.first()));
    if let Some((name, head)) = ce_name {
        let list = pattern.as_list().unwrap_or_default();
        return Err(Diagnostic::new(
            head.span,
            format!(
                "only a pattern can be bound to `?{}`, not a `{name}` conditional element",
                var.name
            ),
        )
        .with_label("expected a pattern such as `(person (name ?n))`")
        .with_clips(prntutil2("defrule"))
        .read_to(list.get(1).map_or(pattern.span.end, first_token_end)));
    }
    if pattern.as_list().is_none() {
        return Err(Diagnostic::new(
            pattern.span,
            format!(
                "expected a pattern after `?{} <-`, found {}",
                var.name,
                describe(pattern)
            ),
        )
        .with_label("expected a pattern such as `(person (name ?n))`")
        .with_clips(prntutil2(rulelhs::BINDING_PATTERNS))
        .read_to(pattern.span.end));
    }
    parse_pattern(pattern, Some(var)).map(Ce::Pattern)
}

/// The error for a token where a conditional element should be; `next` is the item
/// after it, which CLIPS reads to find the `<-` after a variable.
fn not_a_ce(item: &SExpr, next: Option<&SExpr>, before_arrow: bool) -> Diagnostic {
    let (message, label) = match item.as_token() {
        Some(Token::Arrow) => (
            "`<-` needs a variable before it".to_string(),
            "expected e.g. `?f <- (person (name ?n))`",
        ),
        _ if before_arrow => (
            format!(
                "a pattern can only be bound to a variable such as `?f`, not {}",
                describe(item)
            ),
            "expected e.g. `?f <- (person (name ?n))`",
        ),
        Some(Token::SfVar(_)) => (
            format!("expected a conditional element, found {}", describe(item)),
            "to bind a pattern to it write `?f <- (relation ...)`",
        ),
        Some(Token::String(_)) => (
            format!("expected a conditional element, found {}", describe(item)),
            "a rule has at most one comment, right after its name",
        ),
        _ => (
            format!("expected a conditional element, found {}", describe(item)),
            EXPECTED_CE,
        ),
    };
    let diagnostic = Diagnostic::new(item.span, message).with_label(label);
    match item.as_token() {
        Some(Token::SfVar(_)) if !before_arrow => {
            let diagnostic = diagnostic.with_clips(prntutil2(rulelhs::BINDING_PATTERNS));
            match next {
                Some(next) => diagnostic.read_to(first_token_end(next)),
                None => diagnostic,
            }
        }
        _ => diagnostic
            .with_clips(prntutil2("defrule"))
            .read_to(item.span.end),
    }
}

/// A list in a rule's left-hand side: a special CE or a pattern.
fn list_ce(item: &SExpr, list: &[SExpr]) -> Result<Ce, Diagnostic> {
    let span = item.span;
    let Some(name) = item.head() else {
        return parse_pattern(item, None).map(Ce::Pattern);
    };
    let name = name.as_str();
    if name == "test" {
        return test_ce(list, span);
    }
    if name == "declare" {
        return Err(misplaced(list, span));
    }
    let minimum = match name {
        "not" | "and" | "or" | "exists" | "logical" => 1,
        "forall" => 2,
        _ => return parse_pattern(item, None).map(Ce::Pattern),
    };
    let ces = sub_ces(list)?;
    if ces.len() < minimum {
        return Err(too_few(name, span).with_clips(prntutil2(&rulelhs::ce_syntax(name))));
    }
    Ok(match name {
        "not" => match <[Ce; 1]>::try_from(ces) {
            Ok([ce]) => Ce::Not(Box::new(ce), span),
            Err(ces) => {
                let second = ces.get(1).map_or(span, Ce::span);
                return Err(
                    Diagnostic::new(second, "`not` takes exactly one conditional element")
                        .with_label("to negate several at once, wrap them: `(not (and (a) (b)))`")
                        .with_clips(prntutil2(&rulelhs::ce_syntax(name)))
                        .read_to(span.end),
                );
            }
        },
        "and" => Ce::And(ces, span),
        "or" => Ce::Or(ces, span),
        "exists" => Ce::Exists(ces, span),
        "forall" => Ce::Forall(ces, span),
        _ => Ce::Logical(ces, span),
    })
}

/// The conditional elements inside `(name ce...)`.
fn sub_ces(list: &[SExpr]) -> Result<Vec<Ce>, Diagnostic> {
    let mut pos = 1;
    let mut ces = Vec::with_capacity(list.len() - 1);
    while pos < list.len() {
        ces.push(parse_ce(list, &mut pos)?);
    }
    Ok(ces)
}

/// The error for `(name ...)` holding fewer conditional elements than it needs
/// (CLIPS reads it to its `)`).
fn too_few(name: &str, span: Span) -> Diagnostic {
    let (message, label) = match name {
        "not" => (
            "`not` needs the conditional element to negate".to_string(),
            "expected e.g. `(not (door open))` before `)`",
        ),
        "forall" => (
            "`forall` needs at least two conditional elements".to_string(),
            "expected e.g. `(forall (task ?t) (done ?t))`: every task is done",
        ),
        _ => (
            format!("`{name}` needs at least one conditional element"),
            "expected a conditional element before `)`",
        ),
    };
    Diagnostic::new(closing(span), message)
        .with_label(label)
        .read_to(span.end)
}

/// `(test (call ...))`.
fn test_ce(list: &[SExpr], span: Span) -> Result<Ce, Diagnostic> {
    const EXAMPLE: &str = "expected a function call, e.g. `(test (> ?x 1))`";
    let Some(arg) = list.get(1) else {
        return Err(
            Diagnostic::new(closing(span), "`test` needs a function call to evaluate")
                .with_label(EXAMPLE)
                .with_clips(prntutil2(rulelhs::FUNCTION_CALLS))
                .read_to(span.end),
        );
    };
    if arg.as_list().is_none() {
        return Err(Diagnostic::new(
            arg.span,
            format!("`test` needs a function call, not {}", describe(arg)),
        )
        .with_label(EXAMPLE)
        .with_clips(prntutil2(rulelhs::FUNCTION_CALLS))
        .read_to(arg.span.end));
    }
    let call = parse_expr(arg)?;
    if let Some(extra) = list.get(2) {
        return Err(
            Diagnostic::new(extra.span, "`test` takes exactly one function call")
                .with_label("combine conditions inside it: `(test (and (> ?x 1) (< ?x 9)))`")
                .with_clips(prntutil2(rulelhs::TEST_CE))
                .read_to(first_token_end(extra)),
        );
    }
    Ok(Ce::Test(call, span))
}

/// The error for `(declare ...)` or `(object ...)` among the conditional elements.
fn misplaced(list: &[SExpr], span: Span) -> Diagnostic {
    let at = list.first().map_or(span, |h| h.span);
    Diagnostic::new(
        at,
        "`declare` must come right after the rule's name and comment",
    )
    .with_label("a rule has one `(declare ...)`, before its first conditional element")
    .with_clips(prntutil2("defrule"))
    .read_to(list.get(1).map_or(span.end, first_token_end))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::PatternBody;
    use crate::syntax::parse::test_util::{err_text, one};

    /// Parses every CE of `(lhs <text>)`.
    fn ces(text: &str) -> Result<Vec<Ce>, Diagnostic> {
        let source = format!("(lhs {text})");
        let list = one(&source);
        let items = &list.as_list().unwrap()[1..];
        let mut pos = 0;
        let mut out = Vec::new();
        while pos < items.len() {
            out.push(parse_ce(items, &mut pos)?);
        }
        Ok(out)
    }

    #[test]
    fn every_ce_kind() {
        let all = ces(
            "?f <- (a 1) (test (> 1 0)) (not (b)) (and (c) (d)) (or (e) ?g <- (f)) \
             (exists (g) (h)) (forall (i ?x) (j ?x)) (logical (k))",
        )
        .unwrap();
        assert_eq!(all.len(), 8);
        assert!(
            matches!(&all[0], Ce::Pattern(p) if p.binding.map(|b| b.name.as_str()) == Some("f"))
        );
        assert!(matches!(&all[1], Ce::Test(..)));
        assert!(matches!(&all[2], Ce::Not(inner, _) if matches!(**inner, Ce::Pattern(_))));
        assert!(matches!(&all[3], Ce::And(v, _) if v.len() == 2));
        assert!(
            matches!(&all[4], Ce::Or(v, _) if matches!(&v[1], Ce::Pattern(p) if p.binding.is_some()))
        );
        assert!(matches!(&all[5], Ce::Exists(v, _) if v.len() == 2));
        assert!(matches!(&all[6], Ce::Forall(v, _) if v.len() == 2));
        assert!(matches!(&all[7], Ce::Logical(v, _) if v.len() == 1));
    }

    #[test]
    fn binding_without_spaces() {
        let source = "(lhs ?f<-(a) ?g<- (b))";
        let list = one(source);
        let items = &list.as_list().unwrap()[1..];
        let mut pos = 0;
        for (name, at) in [("f", "?f"), ("g", "?g")] {
            let Ok(Ce::Pattern(p)) = parse_ce(items, &mut pos) else {
                panic!("not a pattern")
            };
            let binding = p.binding.unwrap();
            assert_eq!(binding.name, name);
            assert_eq!(&source[binding.span.start..binding.span.end], at);
        }
        assert_eq!(pos, items.len());
        let source = "(lhs ?f<-)";
        let list = one(source);
        let err = parse_ce(&list.as_list().unwrap()[1..], &mut 0).unwrap_err();
        assert_eq!(&source[err.span.start..err.span.end], "<-");
    }

    #[test]
    fn nesting_and_binding_spans() {
        let source = "(lhs ?f <- (a) (not (and (b) (not (c)))))";
        let list = one(source);
        let items = &list.as_list().unwrap()[1..];
        let mut pos = 0;
        let Ok(Ce::Pattern(p)) = parse_ce(items, &mut pos) else {
            panic!("not a pattern")
        };
        assert_eq!(pos, 3);
        assert_eq!(&source[p.span.start..p.span.end], "(a)");
        let binding = p.binding.unwrap();
        assert_eq!(&source[binding.span.start..binding.span.end], "?f");
        let ce = parse_ce(items, &mut pos).unwrap();
        assert_eq!(
            &source[ce.span().start..ce.span().end],
            "(not (and (b) (not (c))))"
        );
        assert!(matches!(ce, Ce::Not(inner, _) if matches!(*inner, Ce::And(..))));
    }

    #[test]
    fn ce_names_are_not_patterns_but_others_are() {
        let all = ces("(nott (a)) (testing 1)").unwrap();
        assert!(all
            .iter()
            .all(|c| matches!(c, Ce::Pattern(p) if matches!(p.body, PatternBody::Slots(_) | PatternBody::Ordered(_)))));
    }

    #[test]
    fn ce_errors() {
        let cases = [
            ("red", "expected a conditional element, found the symbol `red`", "red"),
            ("?f", "expected a conditional element, found the variable `?f`", "?f"),
            ("\"c\"", "expected a conditional element, found the string \"c\"", "\"c\""),
            ("?f <-", "`?f <-` must be followed by the pattern it binds", "<-"),
            ("?f <- (not (a))", "only a pattern can be bound to `?f`, not a `not` conditional element", "not"),
            ("?f <- red", "expected a pattern after `?f <-`, found the symbol `red`", "red"),
            ("$?f <- (a)", "a pattern can only be bound to a variable such as `?f`, not the multifield variable `$?f`", "$?f"),
            ("<- (a)", "`<-` needs a variable before it", "<-"),
            ("(test)", "`test` needs a function call to evaluate", ")"),
            ("(test (> 1 0) (> 2 0))", "`test` takes exactly one function call", "(> 2 0)"),
            ("(test ?x)", "`test` needs a function call, not the variable `?x`", "?x"),
            ("(not)", "`not` needs the conditional element to negate", ")"),
            ("(not (a) (b))", "`not` takes exactly one conditional element", "(b)"),
            ("(and)", "`and` needs at least one conditional element", ")"),
            ("(or)", "`or` needs at least one conditional element", ")"),
            ("(exists)", "`exists` needs at least one conditional element", ")"),
            ("(logical)", "`logical` needs at least one conditional element", ")"),
            ("(forall (a))", "`forall` needs at least two conditional elements", ")"),
            ("(declare (salience 1))", "`declare` must come right after the rule's name and comment", "declare"),
            ("(not red)", "expected a conditional element, found the symbol `red`", "red"),
        ];
        for (text, message, at) in cases {
            let source = format!("(lhs {text})");
            assert_eq!(
                err_text(&source, ces(text)),
                (message.to_string(), at.to_string()),
                "{text}"
            );
        }
    }
}
