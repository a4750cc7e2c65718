//! The `(type ...)` slot attribute and the relations between CLIPS type names.

use super::common::{closing, describe, is_keyword, read_past, symbol};
use crate::messages::prntutil;
use crate::syntax::ast::Ident;
use crate::syntax::sexpr::SExpr;
use crate::syntax::{Diagnostic, Span};

/// Every type name `(type ...)` accepts.
const TYPE_NAMES: [&str; 11] = [
    "SYMBOL",
    "STRING",
    "LEXEME",
    "INTEGER",
    "FLOAT",
    "NUMBER",
    "INSTANCE-NAME",
    "INSTANCE-ADDRESS",
    "INSTANCE",
    "EXTERNAL-ADDRESS",
    "FACT-ADDRESS",
];

/// Whether type `outer` includes every value of type `inner` (`NUMBER` includes `INTEGER`).
pub(super) fn covers(outer: &str, inner: &str) -> bool {
    outer == inner
        || match outer {
            "NUMBER" => inner == "INTEGER" || inner == "FLOAT",
            "LEXEME" => inner == "SYMBOL" || inner == "STRING",
            "INSTANCE" => inner == "INSTANCE-NAME" || inner == "INSTANCE-ADDRESS",
            _ => false,
        }
}

/// Parses the arguments of `(type ...)`; `span` covers the attribute. An empty
/// result means any type (`?VARIABLE`). Every error is CLIPS's syntax error of the
/// attribute, found at the item it names.
pub(super) fn parse_type(args: &[SExpr], span: Span) -> Result<Vec<Ident>, Diagnostic> {
    parse_type_names(args, span).map_err(|(d, at)| {
        d.with_clips(prntutil::prntutil2("type attribute"))
            .read_to(read_past(at, span))
    })
}

/// [`parse_type`]'s reading: an error comes with the item CLIPS had read last
/// (`None`: the closing parenthesis).
fn parse_type_names(
    args: &[SExpr],
    span: Span,
) -> Result<Vec<Ident>, (Diagnostic, Option<&SExpr>)> {
    let Some(first) = args.first() else {
        return Err((
            Diagnostic::new(closing(span), "`(type)` needs at least one type")
                .with_label("expected e.g. `(type INTEGER)`, or `(type ?VARIABLE)` for any type"),
            None,
        ));
    };
    if is_keyword(first, "VARIABLE") {
        return match args.get(1) {
            Some(extra) => Err((
                Diagnostic::new(extra.span, "`?VARIABLE` already allows every type")
                    .with_label("write `(type ?VARIABLE)` alone, or list only the types"),
                Some(extra),
            )),
            None => Ok(Vec::new()),
        };
    }
    let mut types: Vec<Ident> = Vec::new();
    for arg in args {
        let Some(name) = symbol(arg).filter(|n| TYPE_NAMES.contains(&n.name.as_str())) else {
            let message = match arg.as_symbol() {
                Some(s) => format!("unknown type `{s}`"),
                None => format!("expected a type name, found {}", describe(arg)),
            };
            let label = format!(
                "expected one of: {} (written in capitals)",
                TYPE_NAMES.join(", ")
            );
            return Err((
                Diagnostic::new(arg.span, message).with_label(label),
                Some(arg),
            ));
        };
        let this = name.name.as_str();
        if let Some(other) = types
            .iter()
            .map(|t| t.name.as_str())
            .find(|&t| covers(t, this) || covers(this, t))
        {
            let (message, label) = if other == this {
                (
                    format!("type `{this}` is listed twice"),
                    "remove one".to_string(),
                )
            } else {
                let (outer, inner) = if covers(other, this) {
                    (other, this)
                } else {
                    (this, other)
                };
                (
                    format!("types `{other}` and `{this}` overlap"),
                    format!("`{outer}` already includes `{inner}`: list only one of them"),
                )
            };
            return Err((
                Diagnostic::new(arg.span, message).with_label(label),
                Some(arg),
            ));
        }
        types.push(name);
    }
    Ok(types)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::test_util::{err_text, one};

    fn types(text: &str) -> Result<Vec<String>, Diagnostic> {
        let item = one(text);
        let list = item.as_list().unwrap();
        parse_type(&list[1..], item.span).map(|t| t.iter().map(|i| i.name.to_string()).collect())
    }

    #[test]
    fn type_lists() {
        assert_eq!(
            types("(type INTEGER SYMBOL)").unwrap(),
            ["INTEGER", "SYMBOL"]
        );
        assert!(types("(type ?VARIABLE)").unwrap().is_empty());
        assert_eq!(types("(type FACT-ADDRESS)").unwrap(), ["FACT-ADDRESS"]);
    }

    #[test]
    fn type_errors() {
        let cases = [
            ("(type)", "`(type)` needs at least one type", ")"),
            ("(type symbol)", "unknown type `symbol`", "symbol"),
            ("(type 1)", "expected a type name, found the number 1", "1"),
            (
                "(type ?VARIABLE SYMBOL)",
                "`?VARIABLE` already allows every type",
                "SYMBOL",
            ),
            (
                "(type INTEGER INTEGER)",
                "type `INTEGER` is listed twice",
                "INTEGER",
            ),
            (
                "(type INTEGER NUMBER)",
                "types `INTEGER` and `NUMBER` overlap",
                "NUMBER",
            ),
            (
                "(type SYMBOL ?VARIABLE)",
                "expected a type name, found the variable `?VARIABLE`",
                "?VARIABLE",
            ),
        ];
        for (text, message, at) in cases {
            let got = err_text(text, types(text));
            assert_eq!(got.0, message, "{text}");
            assert_eq!(got.1, at, "{text}");
        }
    }
}
