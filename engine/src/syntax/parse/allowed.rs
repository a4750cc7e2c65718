//! The `allowed-...` slot attributes, and the checks that they agree with each
//! other, with `(type ...)` and with `(range ...)`.

use super::common::{closing, constant, describe, is_keyword};
use super::types::covers;
use crate::syntax::ast::{AllowedValues, Ident};
use crate::syntax::sexpr::SExpr;
use crate::syntax::{Diagnostic, Span};
use crate::value::Value;

/// The `allowed-...` attributes and what each lists.
const KINDS: [(&str, &str); 7] = [
    ("allowed-symbols", "symbols"),
    ("allowed-strings", "strings"),
    ("allowed-lexemes", "symbols or strings"),
    ("allowed-integers", "integers"),
    ("allowed-floats", "floats"),
    ("allowed-numbers", "numbers"),
    ("allowed-values", "constants"),
];

/// Whether `name` is one of the `allowed-...` attributes.
pub(super) fn is_allowed_kind(name: &str) -> bool {
    KINDS.iter().any(|(kind, _)| *kind == name)
}

/// Parses `(allowed-... value...)`; `None` for `?VARIABLE` (no restriction).
pub(super) fn parse_allowed(
    kind: &Ident,
    args: &[SExpr],
    span: Span,
) -> Result<Option<AllowedValues>, Diagnostic> {
    let what = KINDS
        .iter()
        .find(|(k, _)| *k == kind.name.as_str())
        .map_or("constants", |(_, what)| *what);
    let Some(first) = args.first() else {
        return Err(Diagnostic::new(
            closing(span),
            format!("`({})` needs at least one value", kind.name),
        )
        .with_label(format!(
            "expected {what}, or `?VARIABLE` for no restriction"
        )));
    };
    if is_keyword(first, "VARIABLE") {
        return match args.get(1) {
            Some(extra) => Err(Diagnostic::new(
                extra.span,
                "`?VARIABLE` already allows every value",
            )
            .with_label("write it alone, or list only the allowed values")),
            None => Ok(None),
        };
    }
    let mut values = Vec::new();
    for arg in args {
        match arg.as_token().and_then(constant) {
            Some(value) if accepts(kind.name.as_str(), &value) => values.push(value),
            _ => {
                return Err(Diagnostic::new(
                    arg.span,
                    format!("`{}` lists {what}, not {}", kind.name, describe(arg)),
                )
                .with_label(format!("expected only {what} here")))
            }
        }
    }
    Ok(Some(AllowedValues {
        kind: kind.name,
        values,
        span,
    }))
}

/// Whether the attribute `kind` may list `value`.
fn accepts(kind: &str, value: &Value) -> bool {
    matches!(
        (kind, value),
        ("allowed-symbols", Value::Symbol(_))
            | ("allowed-strings", Value::String(_))
            | ("allowed-lexemes", Value::Symbol(_) | Value::String(_))
            | ("allowed-integers", Value::Integer(_))
            | ("allowed-floats", Value::Float(_))
            | ("allowed-numbers", Value::Integer(_) | Value::Float(_))
            | ("allowed-values", _)
    )
}

/// Whether two different `allowed-...` attributes restrict the same values.
fn overlap(a: &str, b: &str) -> bool {
    let pair = |x: &str, y: &str| (a == x && b == y) || (a == y && b == x);
    a == "allowed-values"
        || b == "allowed-values"
        || pair("allowed-lexemes", "allowed-symbols")
        || pair("allowed-lexemes", "allowed-strings")
        || pair("allowed-numbers", "allowed-integers")
        || pair("allowed-numbers", "allowed-floats")
}

/// Whether an `allowed-...` attribute lists numbers, which `(range ...)` also limits.
fn lists_numbers(kind: &str) -> bool {
    matches!(
        kind,
        "allowed-integers" | "allowed-floats" | "allowed-numbers" | "allowed-values"
    )
}

/// The conflicts between a slot's `allowed-...` attributes (each kind at most once),
/// its types (empty for any type) and its range, given by its span.
pub(super) fn conflicts(
    allowed: &[AllowedValues],
    types: &[Ident],
    range: Option<Span>,
) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for (i, later) in allowed.iter().enumerate() {
        let clash = allowed
            .get(..i)
            .unwrap_or_default()
            .iter()
            .find(|earlier| overlap(&earlier.kind, &later.kind));
        if let Some(earlier) = clash {
            errors.push(
                Diagnostic::new(
                    later.span,
                    format!(
                        "`{}` cannot be combined with `{}`",
                        later.kind, earlier.kind
                    ),
                )
                .with_label("both restrict the same values: list them all in one attribute"),
            );
        }
        if let Some(range) = range.filter(|_| lists_numbers(&later.kind)) {
            let span = if range.start > later.span.start {
                range
            } else {
                later.span
            };
            errors.push(
                Diagnostic::new(
                    span,
                    format!("`range` cannot be combined with `{}`", later.kind),
                )
                .with_label("give either the allowed numbers or a range, not both"),
            );
        }
        let outside = later
            .values
            .iter()
            .find(|v| !types.is_empty() && !types.iter().any(|t| covers(&t.name, v.type_name())));
        if let Some(value) = outside {
            errors.push(
                Diagnostic::new(
                    later.span,
                    format!(
                        "`{}` lists {}, which the slot's `type` does not allow",
                        later.kind,
                        value.repr()
                    ),
                )
                .with_label("every allowed value must have one of the slot's types"),
            );
        }
    }
    if let Some(range) = range {
        let numeric = types.iter().any(|t| covers("NUMBER", &t.name));
        if !types.is_empty() && !numeric {
            errors.push(
                Diagnostic::new(
                    range,
                    "`range` limits numbers, but the slot's `type` allows none",
                )
                .with_label("add INTEGER, FLOAT or NUMBER to the `type`, or remove the range"),
            );
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::test_util::{err_text, one};

    fn allowed(text: &str) -> Result<Option<AllowedValues>, Diagnostic> {
        let item = one(text);
        let list = item.as_list().unwrap();
        let kind = Ident {
            name: list[0].as_symbol().unwrap(),
            span: list[0].span,
        };
        parse_allowed(&kind, &list[1..], item.span)
    }

    #[test]
    fn allowed_lists() {
        let a = allowed("(allowed-values a \"b\" 1 2.5)").unwrap().unwrap();
        assert_eq!(a.kind, "allowed-values");
        assert_eq!(a.values.len(), 4);
        assert!(allowed("(allowed-symbols ?VARIABLE)").unwrap().is_none());
        let a = allowed("(allowed-numbers 1 2.0)").unwrap().unwrap();
        assert_eq!(a.values, [Value::Integer(1), Value::Float(2.0)]);
        assert!(allowed("(allowed-lexemes a \"b\")").is_ok());
    }

    #[test]
    fn allowed_errors() {
        let cases = [
            (
                "(allowed-symbols)",
                "`(allowed-symbols)` needs at least one value",
                ")",
            ),
            (
                "(allowed-symbols a 1)",
                "`allowed-symbols` lists symbols, not the number 1",
                "1",
            ),
            (
                "(allowed-floats 1)",
                "`allowed-floats` lists floats, not the number 1",
                "1",
            ),
            (
                "(allowed-strings a)",
                "`allowed-strings` lists strings, not the symbol `a`",
                "a",
            ),
            (
                "(allowed-values ?x)",
                "`allowed-values` lists constants, not the variable `?x`",
                "?x",
            ),
            (
                "(allowed-values ?VARIABLE a)",
                "`?VARIABLE` already allows every value",
                "a",
            ),
        ];
        for (text, message, at) in cases {
            assert_eq!(
                err_text(text, allowed(text)),
                (message.to_string(), at.to_string()),
                "{text}"
            );
        }
    }
}
