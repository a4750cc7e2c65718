//! `(deffunction name ["comment"] (?param... [$?rest]) action...)`.

use super::common::{closing, describe, first_token_end, header, Diags};
use super::expr::parse_expr;
use crate::messages::{prntutil, procedures};
use crate::syntax::ast::{Deffunction, Ident};
use crate::syntax::sexpr::{SExpr, Token};
use crate::syntax::{Diagnostic, Span};
use crate::value::Atom;

/// The parameters of a deffunction or a message-handler.
pub(super) struct Params {
    /// The single-field parameters.
    pub(super) single: Vec<Ident>,
    /// The final `$?rest` parameter.
    pub(super) rest: Option<Ident>,
}

/// Parses a deffunction; `items` are the list's items, `deffunction` included.
pub(super) fn parse_deffunction(
    items: &[SExpr],
    whole: Span,
) -> Result<Deffunction, Vec<Diagnostic>> {
    let header = header(items, whole, "deffunction").map_err(|d| vec![d])?;
    let params = match items.get(header.body) {
        None => Err(Diagnostic::new(
            closing(whole),
            format!(
                "missing parameter list in deffunction `{}`",
                header.name.name
            ),
        )
        .with_label("expected the parameters, e.g. `(?x ?y)`, or `()` for none")
        .with_clips(prntutil::prntutil2("parameter list"))
        .read_to(whole.end)),
        Some(list) => parse_params(list, None, |_| None),
    }
    .map_err(|d| vec![d])?;
    let mut diags = Diags::default();
    let body = (items.get(header.body + 1..).unwrap_or_default().iter())
        .filter_map(|action| diags.one(parse_expr(action)))
        .collect();
    diags.finish(Deffunction {
        name: header.name,
        comment: header.comment,
        params: params.single,
        rest: params.rest,
        body,
        span: whole,
    })
}

/// Parses `(?a ?b $?rest)` as CLIPS's `ParseProcParameters` does: a name may not
/// repeat an earlier one or `implicit` (a handler's `self`), nothing may follow
/// the wildcard, and `check` may refuse a name (a handler's `?self:slot`).
pub(super) fn parse_params(
    list: &SExpr,
    implicit: Option<Atom>,
    check: fn(&Ident) -> Option<Diagnostic>,
) -> Result<Params, Diagnostic> {
    let Some(items) = list.as_list() else {
        return Err(Diagnostic::new(
            list.span,
            format!("expected the parameter list, found {}", describe(list)),
        )
        .with_label("expected the parameters in parentheses, e.g. `(?x ?y)`, or `()` for none"));
    };
    let mut params = Params {
        single: Vec::new(),
        rest: None,
    };
    for item in items {
        let (name, multi) = match item.as_token() {
            Some(Token::SfVar(name)) => (*name, false),
            Some(Token::MfVar(name)) => (*name, true),
            _ => {
                return Err(Diagnostic::new(
                    item.span,
                    format!(
                        "a parameter must be a variable such as `?x`, not {}",
                        describe(item)
                    ),
                )
                .with_label("expected `?name`, or `$?name` last to collect the remaining arguments")
                .with_clips(prntutil::prntutil2("parameter list"))
                .read_to(first_token_end(item)))
            }
        };
        let earlier = (params.single.iter().chain(params.rest.iter())).map(|p| p.name);
        if implicit.into_iter().chain(earlier).any(|p| p == name) {
            return Err(
                Diagnostic::new(item.span, format!("parameter `?{name}` is listed twice"))
                    .with_label("each parameter needs its own name")
                    .with_clips(procedures::prccode7())
                    .read_to(item.span.end),
            );
        }
        if let Some(rest) = params.rest {
            return Err(Diagnostic::new(
                item.span,
                format!(
                    "no parameter can follow the wildcard parameter `$?{}`",
                    rest.name
                ),
            )
            .with_label("the `$?` parameter collects the remaining arguments, so it must be last")
            .with_clips(procedures::prccode8())
            .read_to(first_token_end(item)));
        }
        let ident = Ident {
            name,
            span: item.span,
        };
        if let Some(refused) = check(&ident) {
            return Err(refused);
        }
        if multi {
            params.rest = Some(ident);
        } else {
            params.single.push(ident);
        }
    }
    Ok(params)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::Expr;
    use crate::syntax::parse::test_util::{errs_text, one};

    fn deffunction(text: &str) -> Result<Deffunction, Vec<Diagnostic>> {
        let item = one(text);
        parse_deffunction(item.as_list().unwrap(), item.span)
    }

    #[test]
    fn functions() {
        let f = deffunction("(deffunction add \"Adds.\" (?a ?b $?more) (bind ?s (+ ?a ?b)) ?s)")
            .unwrap();
        assert_eq!(f.name.name, "add");
        assert_eq!(f.comment.as_deref(), Some("Adds."));
        let names: Vec<_> = f.params.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
        assert_eq!(f.rest.map(|r| r.name.as_str()), Some("more"));
        assert!(matches!(&f.body[..], [Expr::Call(_), Expr::Var(_)]));
        let f = deffunction("(deffunction nothing ())").unwrap();
        assert!(f.params.is_empty() && f.rest.is_none() && f.body.is_empty());
    }

    #[test]
    fn deffunction_errors() {
        let cases = [
            (
                "(deffunction f)",
                "missing parameter list in deffunction `f`",
                ")",
            ),
            (
                "(deffunction f ?a)",
                "expected the parameter list, found the variable `?a`",
                "?a",
            ),
            (
                "(deffunction f (a) 1)",
                "a parameter must be a variable such as `?x`, not the symbol `a`",
                "a",
            ),
            (
                "(deffunction f (?) 1)",
                "a parameter must be a variable such as `?x`, not the wildcard `?`",
                "?",
            ),
            (
                "(deffunction f (?*g*) 1)",
                "a parameter must be a variable such as `?x`, not the global variable `?*g*`",
                "?*g*",
            ),
            (
                "(deffunction f (?a $?b ?c) 1)",
                "no parameter can follow the wildcard parameter `$?b`",
                "?c",
            ),
            (
                "(deffunction f ($?a $?b) 1)",
                "no parameter can follow the wildcard parameter `$?a`",
                "$?b",
            ),
            (
                "(deffunction f (?a ?a) 1)",
                "parameter `?a` is listed twice",
                "?a",
            ),
            (
                "(deffunction f (?a $?a) 1)",
                "parameter `?a` is listed twice",
                "$?a",
            ),
            (
                "(deffunction f (?a) (1))",
                "a function call must start with the function's name, not the number 1",
                "1",
            ),
            (
                "(deffunction \"f\" ())",
                "the name of a deffunction must be a symbol, not the string \"f\"",
                "\"f\"",
            ),
        ];
        for (text, message, at) in cases {
            assert_eq!(
                errs_text(text, deffunction(text)),
                [(message.to_string(), at.to_string())],
                "{text}"
            );
        }
    }
}
