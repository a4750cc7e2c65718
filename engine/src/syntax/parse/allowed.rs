//! The `allowed-...` slot attributes, and the checks that they agree with each
//! other, with `(type ...)` and with `(range ...)`.

use super::common::{closing, constant, describe, is_keyword, read_past};
use super::types::covers;
use crate::messages::{constraints, prntutil};
use crate::syntax::ast::{AllowedValues, Ident};
use crate::syntax::sexpr::SExpr;
use crate::syntax::{Diagnostic, Span};
use crate::value::Value;

/// The `allowed-...` attributes and what each lists.
const KINDS: [(&str, &str); 8] = [
    ("allowed-symbols", "symbols"),
    ("allowed-strings", "strings"),
    ("allowed-lexemes", "symbols or strings"),
    ("allowed-integers", "integers"),
    ("allowed-floats", "floats"),
    ("allowed-numbers", "numbers"),
    ("allowed-instance-names", "instance names"),
    ("allowed-values", "constants"),
];

/// Whether `name` is one of the `allowed-...` attributes.
pub(super) fn is_allowed_kind(name: &str) -> bool {
    KINDS.iter().any(|(kind, _)| *kind == name)
}

/// Parses `(allowed-... value...)` as CLIPS reads it; `None` for `?VARIABLE` (no
/// restriction).
pub(super) fn parse_allowed(
    kind: &Ident,
    args: &[SExpr],
    span: Span,
) -> Result<Option<AllowedValues>, Diagnostic> {
    let what = KINDS
        .iter()
        .find(|(k, _)| *k == kind.name.as_str())
        .map_or("constants", |(_, what)| *what);
    let syntax = |d: Diagnostic, at: usize| {
        d.with_clips(prntutil::prntutil2(&format!("{} attribute", kind.name)))
            .read_to(at)
    };
    let mut values = Vec::new();
    let mut variable = None;
    for arg in args {
        match arg.as_token().and_then(constant) {
            Some(value) if accepts(kind.name.as_str(), &value) => values.push(value),
            Some(_) => {
                return Err(Diagnostic::new(
                    arg.span,
                    format!("`{}` lists {what}, not {}", kind.name, describe(arg)),
                )
                .with_label(format!("expected only {what} here"))
                .with_clips(constraints::cstrnpsr4(&kind.name))
                .read_to(arg.span.end))
            }
            None if is_keyword(arg, "VARIABLE") => variable = Some(arg),
            None => {
                return Err(syntax(
                    Diagnostic::new(
                        arg.span,
                        format!("`{}` lists {what}, not {}", kind.name, describe(arg)),
                    )
                    .with_label(format!("expected only {what} here")),
                    read_past(Some(arg), span),
                ))
            }
        }
        if variable.is_some() && !values.is_empty() {
            return Err(syntax(
                Diagnostic::new(arg.span, "`?VARIABLE` already allows every value")
                    .with_label("write it alone, or list only the allowed values"),
                arg.span.end,
            ));
        }
    }
    if variable.is_some() {
        return Ok(None);
    }
    if values.is_empty() {
        return Err(syntax(
            Diagnostic::new(
                closing(span),
                format!("`({})` needs at least one value", kind.name),
            )
            .with_label(format!(
                "expected {what}, or `?VARIABLE` for no restriction"
            )),
            span.end,
        ));
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
            | ("allowed-instance-names", Value::InstanceName(_))
            | ("allowed-values", _)
    )
}

/// The attribute read before `attribute` (among `parsed`, the constraint attributes
/// of the slot read so far) that it cannot be used with, in CLIPS's order of
/// checks: `(later, earlier)` as CLIPS names them.
fn conjunction<'a>(attribute: &'a str, parsed: &[&str]) -> Option<(&'a str, &'static str)> {
    let has = |name: &str| parsed.contains(&name);
    let first = |names: &[&'static str]| names.iter().copied().find(|n| has(n));
    let lists_numbers = matches!(
        attribute,
        "allowed-values" | "allowed-numbers" | "allowed-integers" | "allowed-floats"
    );
    let earlier = match attribute {
        "range" => first(&[
            "allowed-values",
            "allowed-integers",
            "allowed-floats",
            "allowed-numbers",
        ]),
        "allowed-values" => first(&[
            "allowed-symbols",
            "allowed-strings",
            "allowed-lexemes",
            "allowed-integers",
            "allowed-floats",
            "allowed-numbers",
            "allowed-instance-names",
        ])
        .or_else(|| first(&["range"])),
        _ if !is_allowed_kind(attribute) => None,
        _ => (lists_numbers.then(|| first(&["range"])).flatten())
            .or_else(|| first(&["allowed-values"]))
            .or_else(|| match attribute {
                "allowed-numbers" => first(&["allowed-floats", "allowed-integers"]),
                // CLIPS's own spelling in this one message.
                "allowed-integers" | "allowed-floats" => {
                    has("allowed-numbers").then_some("allowed-number")
                }
                "allowed-lexemes" => first(&["allowed-symbols", "allowed-strings"]),
                "allowed-symbols" | "allowed-strings" => first(&["allowed-lexemes"]),
                _ => None,
            }),
    };
    earlier.map(|earlier| (attribute, earlier))
}

/// The error for the constraint attribute `name` when it cannot be used with one
/// read before it (`parsed`), found as soon as CLIPS reads its name.
pub(super) fn conjunction_error(name: &Ident, parsed: &[&str]) -> Option<Diagnostic> {
    let (later, earlier) = conjunction(name.name.as_str(), parsed)?;
    let shown = if earlier == "allowed-number" {
        "allowed-numbers"
    } else {
        earlier
    };
    let label = if later == "range" || earlier == "range" {
        "give either the allowed numbers or a range, not both"
    } else {
        "both restrict the same values: list them all in one attribute"
    };
    Some(
        Diagnostic::new(
            name.span,
            format!("`{later}` cannot be combined with `{shown}`"),
        )
        .with_label(label)
        .with_clips(constraints::cstrnpsr3(later, earlier))
        .read_to(name.span.end),
    )
}

/// The conflict CLIPS finds between a slot's `(type ...)` (`types`, empty for any
/// type) and its `allowed-...` attributes or its `range` once the slot is read
/// (its definition spans `slot`): the first in CLIPS's order of checks.
pub(super) fn conflict(
    allowed: &[AllowedValues],
    types: &[Ident],
    range: Option<&(Option<Value>, Option<Value>)>,
    slot: Span,
) -> Option<Diagnostic> {
    if types.is_empty() {
        return None;
    }
    let allows = |inner: &str| types.iter().any(|t| covers(&t.name, inner));
    let restricts = |kinds: &[&str]| allowed.iter().find(|a| kinds.contains(&a.kind.as_str()));
    let checks: [(&[&str], &str, &str); 5] = [
        (
            &["allowed-symbols", "allowed-lexemes"],
            "SYMBOL",
            "allowed-symbols",
        ),
        (
            &["allowed-strings", "allowed-lexemes"],
            "STRING",
            "allowed-strings",
        ),
        (
            &["allowed-integers", "allowed-numbers"],
            "INTEGER",
            "allowed-integers/numbers",
        ),
        (
            &["allowed-floats", "allowed-numbers"],
            "FLOAT",
            "allowed-floats/numbers",
        ),
        (
            &["allowed-instance-names"],
            "INSTANCE-NAME",
            "allowed-instance-names",
        ),
    ];
    let restriction = checks
        .iter()
        .find_map(|(kinds, inner, name)| {
            let attribute = restricts(kinds).filter(|_| !allows(inner))?;
            let value = attribute.values.iter().find(|v| v.type_name() == *inner);
            Some((attribute, value, *name))
        })
        .or_else(|| {
            let attribute = restricts(&["allowed-values"])?;
            let value = attribute.values.iter().find(|v| !allows(v.type_name()))?;
            Some((attribute, Some(value), "allowed-values"))
        });
    if let Some((attribute, value, name)) = restriction {
        let listed = value.map_or(String::new(), |v| format!(" {}", v.repr()));
        return Some(
            Diagnostic::new(
                attribute.span,
                format!(
                    "`{}` lists{listed}, which the slot's `type` does not allow",
                    attribute.kind
                ),
            )
            .with_label("every allowed value must have one of the slot's types")
            .with_clips(constraints::cstrnpsr1("type", name))
            .read_to(slot.end),
        );
    }
    let (min, max) = range?;
    let outside = [max, min]
        .into_iter()
        .flatten()
        .find(|bound| !allows(bound.type_name()))?;
    Some(
        Diagnostic::new(
            slot,
            format!(
                "the `range` bound {} has a type the slot's `type` does not allow",
                outside.repr()
            ),
        )
        .with_label("give the bounds in a type the slot allows, or add it to the `type`")
        .with_clips(constraints::cstrnpsr1("type", "range"))
        .read_to(slot.end),
    )
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
