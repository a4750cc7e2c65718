//! `(defgeneric name ["comment"])` and
//! `(defmethod name [index] ["comment"] (parameter... [wildcard]) action...)`,
//! with CLIPS's messages (`GENRCPSR`, `PRCCODE7`, `PRCCODE8`) for a malformed one.
//!
//! Which classes a restriction names, and whether they exist, is left to
//! [`crate::generic`]: the class table belongs to the environment.

use super::common::{closing, first_token_end, header, read_past, Diags};
use super::expr::parse_expr;
use crate::messages::{genrc, procedures};
use crate::syntax::ast::{Defgeneric, Defmethod, Expr, Ident, MethodParam};
use crate::syntax::sexpr::{SExpr, Token};
use crate::syntax::{Diagnostic, Span};

/// Parses a defgeneric; `items` are the list's items, `defgeneric` included.
pub(super) fn parse_defgeneric(
    items: &[SExpr],
    whole: Span,
) -> Result<Defgeneric, Vec<Diagnostic>> {
    let header = header(items, whole, "defgeneric").map_err(|d| vec![d])?;
    if let Some(extra) = items.get(header.body) {
        return Err(vec![Diagnostic::new(
            extra.span,
            "a defgeneric has only a name and a comment",
        )
        .with_label("methods are defined with (defmethod ...)")
        .with_clips(genrc::genrcpsr1())
        .read_to(first_token_end(extra))]);
    }
    Ok(Defgeneric {
        name: header.name,
        comment: header.comment,
        span: whole,
    })
}

/// Parses a defmethod; `items` are the list's items, `defmethod` included.
pub(super) fn parse_defmethod(items: &[SExpr], whole: Span) -> Result<Defmethod, Vec<Diagnostic>> {
    // CLIPS names the generic in the message of a missing name; the comment
    // comes after an optional index, found below.
    let name = header(items, whole, "defgeneric")
        .map_err(|d| vec![d])?
        .name;
    let mut at = 2;
    let mut index = None;
    if let Some(Token::Integer(i)) = items.get(at).and_then(SExpr::as_token) {
        if *i < 1 || *i > i64::from(u16::MAX) {
            let item = &items[at];
            return Err(vec![Diagnostic::new(
                item.span,
                "a method index is 1 or more",
            )
            .with_label("the index numbers the method, from 1")
            .with_clips(genrc::genrcpsr6())
            .read_to(item.span.end)]);
        }
        index = Some(*i as u32);
        at += 1;
    }
    if let Some(Token::String(_)) = items.get(at).and_then(SExpr::as_token) {
        at += 1;
    }
    let Some(list) = items.get(at).filter(|i| i.as_list().is_some()) else {
        let item = items.get(at);
        return Err(vec![Diagnostic::new(
            item.map_or(closing(whole), |i| i.span),
            format!("missing parameter list in defmethod `{}`", name.name),
        )
        .with_label("expected the parameters, e.g. `((?x INTEGER) ?y)`, or `()` for none")
        .with_clips(genrc::genrcpsr7())
        .read_to(read_past(item, whole))]);
    };
    let (params, rest) = parse_params(list).map_err(|d| vec![d])?;
    let mut diags = Diags::default();
    let body = (items.get(at + 1..).unwrap_or_default().iter())
        .filter_map(|action| diags.one(parse_expr(action)))
        .collect();
    diags.finish(Defmethod {
        name,
        index,
        params,
        rest,
        params_at: list.span,
        body,
        span: whole,
    })
}

/// Parses `(?a (?b INTEGER) ($?rest NUMBER (> ?current-argument 0)))`.
fn parse_params(list: &SExpr) -> Result<(Vec<MethodParam>, Option<MethodParam>), Diagnostic> {
    let items = list.as_list().unwrap_or_default();
    let mut params: Vec<MethodParam> = Vec::new();
    let mut rest: Option<MethodParam> = None;
    for item in items {
        if let Some(wildcard) = &rest {
            return Err(Diagnostic::new(
                item.span,
                format!(
                    "no parameter can follow the wildcard parameter `$?{}`",
                    wildcard.name.name
                ),
            )
            .with_label("the `$?` parameter collects the remaining arguments, so it must be last")
            .with_clips(procedures::prccode8())
            .read_to(first_token_end(item)));
        }
        let (variable, restriction) = match (variable_of(item), item.as_list()) {
            (Some(variable), _) => (variable, &[][..]),
            (_, Some(inner)) => match inner.split_first().map(|(v, r)| (v, variable_of(v), r)) {
                Some((_, Some(variable), r)) => (variable, r),
                first => {
                    let first = first.map(|(v, _, _)| v);
                    return Err(Diagnostic::new(
                        first.map_or(item.span, |v| v.span),
                        "a restricted parameter starts with its variable",
                    )
                    .with_label("expected e.g. `(?x INTEGER)`")
                    .with_clips(genrc::genrcpsr8())
                    .read_to(read_past(first, item.span)));
                }
            },
            _ => {
                return Err(Diagnostic::new(
                    item.span,
                    "a parameter is a variable or a restricted parameter",
                )
                .with_label("expected `?x`, `(?x CLASS...)` or `$?rest` last")
                .with_clips(genrc::genrcpsr9())
                .read_to(first_token_end(item)))
            }
        };
        let (ident, multi) = variable;
        let name = ident.name;
        if params.iter().any(|p| p.name.name == name) {
            return Err(Diagnostic::new(
                ident.span,
                format!("parameter `?{name}` is listed twice"),
            )
            .with_label("each parameter needs its own name")
            .with_clips(procedures::prccode7())
            .read_to(ident.span.end));
        }
        let param = parse_restriction(ident, restriction, item)?;
        if multi {
            rest = Some(param);
        } else {
            params.push(param);
        }
    }
    Ok((params, rest))
}

/// The parameter variable `item` is, `?x` or `$?x` (`true` for the latter).
fn variable_of(item: &SExpr) -> Option<(Ident, bool)> {
    let (name, multi) = match item.as_token() {
        Some(Token::SfVar(n)) => (*n, false),
        Some(Token::MfVar(n)) => (*n, true),
        _ => return None,
    };
    Some((
        Ident {
            name,
            span: item.span,
        },
        multi,
    ))
}

/// The classes and query after a restricted parameter's variable.
fn parse_restriction(
    name: Ident,
    restriction: &[SExpr],
    whole: &SExpr,
) -> Result<MethodParam, Diagnostic> {
    let mut param = MethodParam {
        name,
        classes: Vec::new(),
        query: None,
    };
    let restricted = whole.as_list().is_some();
    for item in restriction {
        if let Some(query) = &param.query {
            return Err(
                Diagnostic::new(item.span, "the query comes last in a restriction")
                    .with_label(format!("after the query at {}", query.span().start))
                    .with_clips(genrc::genrcpsr10())
                    .read_to(first_token_end(item)),
            );
        }
        match item.as_token() {
            Some(Token::Symbol(class)) => param.classes.push(Ident {
                name: *class,
                span: item.span,
            }),
            Some(Token::Global(_)) => param.query = Some(parse_expr(item)?),
            None => {
                let query = parse_expr(item)?;
                if binds(&query) {
                    return Err(Diagnostic::new(item.span, "a query cannot bind variables")
                        .with_label("queries only test the argument")
                        .with_clips(genrc::genrcpsr12())
                        .read_to(item.span.end));
                }
                param.query = Some(query);
            }
            Some(_) => {
                return Err(
                    Diagnostic::new(item.span, "expected a class name or a query")
                        .with_label("e.g. `INTEGER` or `(> ?x 0)`")
                        .with_clips(genrc::genrcpsr13())
                        .read_to(item.span.end),
                )
            }
        }
    }
    if restricted && param.classes.is_empty() && param.query.is_none() {
        return Err(Diagnostic::new(
            whole.span,
            "a restricted parameter names a class or a query",
        )
        .with_label("write `?x` for an argument of any type")
        .with_clips(genrc::genrcpsr13())
        .read_to(whole.span.end));
    }
    Ok(param)
}

/// Whether `expr` binds a local variable anywhere (binding a global is allowed).
fn binds(expr: &Expr) -> bool {
    match expr {
        Expr::Call(call) => {
            let local = matches!(call.args.first(), Some(Expr::Var(_) | Expr::MfVar(_)));
            (call.name.name.as_str() == "bind" && local) || call.args.iter().any(binds)
        }
        Expr::List(items, _) => items.iter().any(binds),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::test_util::one;

    fn defmethod(text: &str) -> Result<Defmethod, Vec<Diagnostic>> {
        let item = one(text);
        parse_defmethod(item.as_list().unwrap(), item.span)
    }

    fn clips_error(text: &str) -> String {
        let errors = defmethod(text).unwrap_err();
        errors[0].clips.clone().unwrap_or_default()
    }

    #[test]
    fn methods() {
        let m = defmethod("(defmethod f 3 \"c\" (?a (?b INTEGER FLOAT (> ?b 0)) ($?r STRING)) ?a)")
            .unwrap();
        assert_eq!(m.index, Some(3));
        assert_eq!(m.params.len(), 2);
        assert!(m.params[0].classes.is_empty() && m.params[0].query.is_none());
        let classes: Vec<_> = m.params[1]
            .classes
            .iter()
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(classes, ["INTEGER", "FLOAT"]);
        assert!(m.params[1].query.is_some());
        assert_eq!(m.rest.unwrap().classes[0].name.as_str(), "STRING");
    }

    #[test]
    fn errors_are_clips_messages() {
        let cases = [
            ("(defmethod bad 0 ())", genrc::genrcpsr6()),
            ("(defmethod bad (?a 34))", genrc::genrcpsr9()),
            ("(defmethod bad ($?any ?any))", procedures::prccode8()),
            ("(defmethod bad (?a ?a))", procedures::prccode7()),
            ("(defmethod bad ((?a)))", genrc::genrcpsr13()),
            ("(defmethod bad ((?a INTEGER 65)))", genrc::genrcpsr13()),
            ("(defmethod bad)", genrc::genrcpsr7()),
            ("(defmethod bad ((abc)))", genrc::genrcpsr8()),
            (
                "(defmethod bad ((?a (< ?a 1) INTEGER)))",
                genrc::genrcpsr10(),
            ),
            ("(defmethod foo ((?a (bind ?b 1))))", genrc::genrcpsr12()),
        ];
        for (text, message) in cases {
            assert_eq!(clips_error(text), message, "{text}");
        }
    }
}
