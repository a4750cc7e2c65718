//! Field constraints of patterns: terms joined by `&` and `|`, each optionally
//! negated with `~`; a term is a literal, a variable, a wildcard, `:(call)` or `=(call)`.

use super::common::{constant, describe};
use super::expr::parse_expr;
use super::results::{returns, Returns};
use crate::messages;
use crate::syntax::ast::{Constraint, Expr, Term, TermKind};
use crate::syntax::sexpr::{SExpr, Token};
use crate::syntax::{Diagnostic, Span};

/// What a constraint term may be, for labels.
const EXPECTED_TERM: &str = "expected a value, a variable such as `?x`, `:(...)` or `=(...)`";

/// Parses the field constraint starting at `items[*pos]`, leaving `*pos` after it.
/// `close` is the offset just past the `)` that closes `items`.
///
/// A constraint ends at the first item after a term that is not `&` or `|`.
pub(super) fn parse_constraint(
    items: &[SExpr],
    pos: &mut usize,
    close: usize,
) -> Result<Constraint, Diagnostic> {
    // Most constraints are one term: room for exactly one, where a first push
    // would make room for four (a quarter of the syntax tree of `rules_1000`).
    let mut any = Vec::with_capacity(1);
    let mut all = Vec::with_capacity(1);
    let mut after = None;
    loop {
        all.push(parse_term(items, pos, after)?);
        match items.get(*pos).and_then(SExpr::as_token) {
            Some(Token::Amp) => {}
            Some(Token::Bar) => any.push(std::mem::replace(&mut all, Vec::with_capacity(1))),
            _ => break,
        }
        after = items.get(*pos);
        *pos += 1;
    }
    any.push(all);
    let mut terms = any.iter().flatten();
    let first = terms.next().map_or(Span::default(), |t| t.span);
    let span = terms.last().map_or(first, |t| first.to(t.span));
    let constraint = Constraint { any, span };
    // CLIPS checks the constraint once it has read the token after it.
    let read_to = match items.get(*pos) {
        Some(next) if next.as_list().is_some() => next.span.start + 1,
        Some(next) => next.span.end,
        None => close,
    };
    check(&constraint).map_err(|d| d.read_to(read_to))?;
    Ok(constraint)
}

/// Parses one term, `~` included. `after` is the connective just read, if any.
fn parse_term(items: &[SExpr], pos: &mut usize, after: Option<&SExpr>) -> Result<Term, Diagnostic> {
    let Some(first) = items.get(*pos) else {
        return Err(dangling(after));
    };
    let negated = matches!(first.as_token(), Some(Token::Tilde));
    if negated {
        *pos += 1;
        if items.get(*pos).is_none() {
            return Err(dangling(Some(first)));
        }
    }
    let before = if negated { Some(first) } else { after };
    let (kind, end) = term_kind(items, pos, before)?;
    Ok(Term {
        negated,
        kind,
        span: first.span.to(end),
    })
}

/// Parses the term proper at `items[*pos]`, returning it and where it ends.
fn term_kind(
    items: &[SExpr],
    pos: &mut usize,
    before: Option<&SExpr>,
) -> Result<(TermKind, Span), Diagnostic> {
    let Some(item) = items.get(*pos) else {
        return Err(dangling(before));
    };
    *pos += 1;
    let Some(token) = item.as_token() else {
        let before = pos.checked_sub(2).and_then(|p| items.get(p));
        if let Some(error) = glued_call(before, item) {
            return Err(error);
        }
        return Err(
            Diagnostic::new(item.span, "a list cannot stand alone in a field constraint")
                .with_label(
                "to match a function's value write `=(...)`; to test a condition write `:(...)`",
            ),
        );
    };
    let kind = match token {
        Token::Symbol(s) if s.as_str() == ":" || s.as_str() == "=" => {
            return call_term(item, items, pos);
        }
        Token::SfVar(name) => TermKind::Var(*name),
        Token::MfVar(name) => TermKind::MfVar(*name),
        Token::SfWildcard => TermKind::Wildcard,
        Token::MfWildcard => TermKind::MfWildcard,
        Token::Amp | Token::Bar | Token::Tilde => return Err(misplaced(item, token, before)),
        Token::Global(g) => {
            return Err(Diagnostic::new(
                item.span,
                format!("the global variable `?*{g}*` cannot be matched directly in a pattern"),
            )
            .with_label(format!(
                "compare it in a predicate instead, e.g. `?x&:(eq ?x ?*{g}*)`"
            )))
        }
        Token::Arrow => {
            return Err(
                Diagnostic::new(item.span, "`<-` cannot appear inside a pattern")
                    .with_label("to bind the whole pattern write `?f <- (relation ...)` before it"),
            )
        }
        Token::Symbol(_) | Token::String(_) | Token::Integer(_) | Token::Float(_) => {
            match constant(token) {
                Some(value) => TermKind::Literal(value),
                None => {
                    return Err(
                        Diagnostic::new(item.span, "expected a term").with_label(EXPECTED_TERM)
                    )
                }
            }
        }
    };
    Ok((kind, item.span))
}

/// `:(call)` or `=(call)`: `marker` is the `:` or `=` symbol, `items[*pos]` the call.
fn call_term(
    marker: &SExpr,
    items: &[SExpr],
    pos: &mut usize,
) -> Result<(TermKind, Span), Diagnostic> {
    let predicate = marker.is_symbol(":");
    let Some(call) = items.get(*pos).filter(|i| i.as_list().is_some()) else {
        let (what, example) = if predicate {
            ("predicate constraint `:`", ":(> ?x 1)")
        } else {
            ("return-value constraint `=`", "=(+ ?x 1)")
        };
        return Err(Diagnostic::new(
            marker.span,
            format!("a {what} must be followed by a function call"),
        )
        .with_label(format!("expected a call right after it, e.g. `{example}`")));
    };
    *pos += 1;
    let expr = parse_expr(call)?;
    let kind = if predicate {
        TermKind::Predicate(Box::new(expr))
    } else {
        TermKind::ReturnValue(Box::new(expr))
    };
    Ok((kind, call.span))
}

/// The error for `?x:(...)` or `?x=(...)` written without `&`: the reader takes
/// `?x:` as one variable name, leaving the call on its own. `before` is the item
/// before the call.
pub(super) fn glued_call(before: Option<&SExpr>, call: &SExpr) -> Option<Diagnostic> {
    let token = before?.as_token()?;
    let (glued, prefix) = match token {
        Token::SfVar(name) => (*name, "?"),
        Token::MfVar(name) => (*name, "$?"),
        Token::Symbol(name) => (*name, ""),
        _ => return None,
    };
    let marker = glued
        .as_str()
        .chars()
        .last()
        .filter(|c| *c == ':' || *c == '=')?;
    let field = glued.as_str().strip_suffix(marker).unwrap_or_default();
    let shown = format!("{prefix}{field}");
    Some(
        Diagnostic::new(
            call.span,
            format!("this call is not joined to `{shown}`: `{shown}{marker}` reads as one name"),
        )
        .with_label(format!("join them with `&`: `{shown}&{marker}(...)`")),
    )
}

/// The error for a connective where a term should be.
fn misplaced(item: &SExpr, token: &Token, before: Option<&SExpr>) -> Diagnostic {
    let this = describe(item);
    match (token, before.and_then(SExpr::as_token)) {
        (Token::Tilde, Some(Token::Tilde)) => Diagnostic::new(item.span, "`~` cannot be doubled")
            .with_label("`~~x` would just be `x`: remove both"),
        (_, Some(Token::Tilde)) => Diagnostic::new(
            item.span,
            format!("`~` must be followed by the term it negates, not {this}"),
        )
        .with_label(EXPECTED_TERM),
        (_, Some(Token::Amp | Token::Bar)) => Diagnostic::new(
            item.span,
            format!("{this} cannot follow another connective"),
        )
        .with_label(format!("{EXPECTED_TERM} between the two connectives")),
        _ => Diagnostic::new(
            item.span,
            format!("a field constraint cannot start with {this}"),
        )
        .with_label(format!("{EXPECTED_TERM} before it")),
    }
}

/// The error for a connective at the end of the items.
fn dangling(connective: Option<&SExpr>) -> Diagnostic {
    match connective {
        Some(c) => Diagnostic::new(
            c.span,
            format!("{} must be followed by a term", describe(c)),
        )
        .with_label(format!("{EXPECTED_TERM} after it")),
        None => Diagnostic::new(Span::default(), "expected a field constraint")
            .with_label(EXPECTED_TERM),
    }
}

/// What the call of a return-value constraint returns.
fn call_returns(call: &Expr) -> Returns {
    match call {
        Expr::Call(call) => returns(call.name.name.as_str()),
        _ => Returns::Any,
    }
}

/// Rejects the combinations that parse but mean nothing: combined wildcards, and
/// single-field terms (variables, constants, calls returning one field) with
/// multifield ones (variables, calls returning a multifield), as CLIPS does.
/// Multifield variables may be alternatives of `|`, as in CLIPS: `$?z&$?x|$?y`
/// holds when the fields of `$?z` are those of `$?x` or of `$?y`.
fn check(constraint: &Constraint) -> Result<(), Diagnostic> {
    let count: usize = constraint.any.iter().map(Vec::len).sum();
    let mut single = None;
    let mut multi = None;
    for group in &constraint.any {
        for term in group {
            match &term.kind {
                TermKind::Wildcard | TermKind::MfWildcard if count > 1 || term.negated => {
                    return Err(Diagnostic::new(
                        term.span,
                        "a wildcard matches anything, so it cannot be combined with `&`, `|` or `~`",
                    )
                    .with_label("use a variable instead, e.g. `?x&~red`"));
                }
                TermKind::Literal(_) | TermKind::Var(_) => single = single.or(Some(term.span)),
                TermKind::MfVar(_) => multi = multi.or(Some(term.span)),
                TermKind::ReturnValue(call) => match call_returns(call) {
                    Returns::Single => single = single.or(Some(term.span)),
                    Returns::Multi => multi = multi.or(Some(term.span)),
                    Returns::Any => {}
                },
                _ => {}
            }
        }
    }
    match (single, multi) {
        (Some(s), Some(m)) => Err(Diagnostic::new(
            if s.start > m.start { s } else { m },
            "single-field and multifield terms cannot be mixed in one field constraint",
        )
        .with_label("a field constraint matches either one field or a sequence of fields")
        .with_clips(messages::patterns::pattern2())),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::Expr;
    use crate::syntax::parse::test_util::{err_text, one};
    use crate::value::Value;

    /// Parses the constraints of `(p <text>)`, all of them.
    fn constraints(text: &str) -> Result<Vec<Constraint>, Diagnostic> {
        let source = format!("(p {text})");
        let list = one(&source);
        let items = &list.as_list().unwrap()[1..];
        let mut pos = 0;
        let mut out = Vec::new();
        while pos < items.len() {
            out.push(parse_constraint(items, &mut pos, list.span.end)?);
        }
        Ok(out)
    }

    /// A compact rendering: alternatives separated by " | ", terms of a group by " & ".
    fn show(c: &Constraint) -> String {
        let term = |t: &Term| {
            let body = match &t.kind {
                TermKind::Literal(v) => v.repr().to_string(),
                TermKind::Var(v) => format!("?{v}"),
                TermKind::MfVar(v) => format!("$?{v}"),
                TermKind::Wildcard => "?".into(),
                TermKind::MfWildcard => "$?".into(),
                TermKind::Predicate(e) | TermKind::ReturnValue(e) => {
                    let marker = if matches!(t.kind, TermKind::Predicate(_)) {
                        ":"
                    } else {
                        "="
                    };
                    match &**e {
                        Expr::Call(call) => format!("{marker}{}", call.name.name),
                        other => format!("{marker}{other:?}"),
                    }
                }
            };
            format!("{}{body}", if t.negated { "~" } else { "" })
        };
        c.any
            .iter()
            .map(|g| g.iter().map(term).collect::<Vec<_>>().join(" & "))
            .collect::<Vec<_>>()
            .join(" | ")
    }

    fn shows(text: &str) -> Vec<String> {
        constraints(text).unwrap().iter().map(show).collect()
    }

    #[test]
    fn single_terms() {
        assert_eq!(
            shows("red \"s\" 1 2.5 ?x $?y ? $?"),
            ["red", "\"s\"", "1", "2.5", "?x", "$?y", "?", "$?"]
        );
        let c = &constraints("1.5").unwrap()[0];
        assert_eq!(
            c.any,
            vec![vec![Term {
                negated: false,
                kind: TermKind::Literal(Value::Float(1.5)),
                span: Span::new(3, 6)
            }]]
        );
    }

    #[test]
    fn precedence_is_tilde_then_amp_then_bar() {
        assert_eq!(shows("?x&red|blue&~green"), ["?x & red | blue & ~green"]);
        assert_eq!(shows("~red|~blue"), ["~red | ~blue"]);
        assert_eq!(shows("a|b|c&d"), ["a | b | c & d"]);
    }

    #[test]
    fn predicates_and_return_values() {
        assert_eq!(shows("?x&:(> ?x 1)"), ["?x & :>"]);
        assert_eq!(shows("=(+ 1 2) ?y&~=(f)"), ["=+", "?y & ~=f"]);
        assert_eq!(shows("?x & : (> ?x 1)"), ["?x & :>"]);
        assert_eq!(shows("$?l&:(> (length$ ?l) 2)"), ["$?l & :>"]);
        assert_eq!(shows("?x&:(> ?x 1)|red"), ["?x & :> | red"]);
    }

    #[test]
    fn multifield_alternatives_and_calls_returning_multifields() {
        assert_eq!(shows("$?x|$?y"), ["$?x | $?y"]);
        assert_eq!(shows("$?x&=(create$)"), ["$?x & =create$"]);
        assert_eq!(shows("$?x&=(my-function)"), ["$?x & =my-function"]);
    }

    #[test]
    fn mixing_is_found_after_the_next_token() {
        let source = "(p $?y&yak (q))";
        let list = one(source);
        let items = &list.as_list().unwrap()[1..];
        let d = parse_constraint(items, &mut 0, list.span.end).unwrap_err();
        assert_eq!(
            d.clips.as_deref(),
            Some(messages::patterns::pattern2().as_str())
        );
        assert_eq!(&source[..d.read_to.unwrap()], "(p $?y&yak (");
        let source = "(p $?y&yak)";
        let list = one(source);
        let items = &list.as_list().unwrap()[1..];
        let d = parse_constraint(items, &mut 0, list.span.end).unwrap_err();
        assert_eq!(d.read_to, Some(source.len()));
    }

    #[test]
    fn constraints_end_at_unjoined_items() {
        assert_eq!(shows("?x ~red b&c d"), ["?x", "~red", "b & c", "d"]);
        assert_eq!(shows("~$?x $?x&$?y"), ["~$?x", "$?x & $?y"]);
        assert_eq!(shows("$?z&$?x|$?y"), ["$?z & $?x | $?y"]);
        assert_eq!(shows("$?x&:(f)|:(g) $?y"), ["$?x & :f | :g", "$?y"]);
    }

    #[test]
    fn spans_cover_the_whole_constraint() {
        let source = "(p a ~?x&:(f)|b c)";
        let list = one(source);
        let items = &list.as_list().unwrap()[1..];
        let mut pos = 1;
        let c = parse_constraint(items, &mut pos, list.span.end).unwrap();
        assert_eq!(&source[c.span.start..c.span.end], "~?x&:(f)|b");
        let t = &c.any[0][0];
        assert!(t.negated);
        assert_eq!(&source[t.span.start..t.span.end], "~?x");
        assert_eq!(
            &source[c.any[0][1].span.start..c.any[0][1].span.end],
            ":(f)"
        );
        assert_eq!(pos, 8);
    }

    #[test]
    fn constraint_errors() {
        let cases = [
            ("?x&", "the connective `&` must be followed by a term", "&"),
            ("red|", "the connective `|` must be followed by a term", "|"),
            ("~", "the connective `~` must be followed by a term", "~"),
            (
                "&red",
                "a field constraint cannot start with the connective `&`",
                "&",
            ),
            (
                "red||blue",
                "the connective `|` cannot follow another connective",
                "|",
            ),
            (
                "red|&blue",
                "the connective `&` cannot follow another connective",
                "&",
            ),
            ("~~red", "`~` cannot be doubled", "~"),
            (
                "~&red",
                "`~` must be followed by the term it negates, not the connective `&`",
                "&",
            ),
            (
                "?&red",
                "a wildcard matches anything, so it cannot be combined with `&`, `|` or `~`",
                "?",
            ),
            (
                "~?",
                "a wildcard matches anything, so it cannot be combined with `&`, `|` or `~`",
                "~?",
            ),
            (
                "?x&$?",
                "a wildcard matches anything, so it cannot be combined with `&`, `|` or `~`",
                "$?",
            ),
            (
                "red|$?y",
                "single-field and multifield terms cannot be mixed in one field constraint",
                "$?y",
            ),
            (
                "$?x&=(+ 1 2)",
                "single-field and multifield terms cannot be mixed in one field constraint",
                "=(+ 1 2)",
            ),
            (
                "$?x&~red",
                "single-field and multifield terms cannot be mixed in one field constraint",
                "~red",
            ),
            (
                "?x&$?y",
                "single-field and multifield terms cannot be mixed in one field constraint",
                "$?y",
            ),
            (
                "?*g*",
                "the global variable `?*g*` cannot be matched directly in a pattern",
                "?*g*",
            ),
            (
                "a = b",
                "a return-value constraint `=` must be followed by a function call",
                "=",
            ),
            (
                "?x&:",
                "a predicate constraint `:` must be followed by a function call",
                ":",
            ),
            (
                "?x&(f)",
                "a list cannot stand alone in a field constraint",
                "(f)",
            ),
            (
                "?x&:(1)",
                "a function call must start with the function's name, not the number 1",
                "1",
            ),
            ("<-", "`<-` cannot appear inside a pattern", "<-"),
            (
                "?x&red=(f)",
                "this call is not joined to `red`: `red=` reads as one name",
                "(f)",
            ),
        ];
        for (text, message, at) in cases {
            let source = format!("(p {text})");
            let got = err_text(&source, constraints(text));
            assert_eq!(got, (message.to_string(), at.to_string()), "{text}");
        }
    }
}
