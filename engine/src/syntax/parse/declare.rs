//! A rule's `(declare (salience expr) (auto-focus TRUE|FALSE))`.

use super::common::{closing, describe, first_token_end, reject_local_vars, symbol, Diags};
use super::expr::parse_expr;
use crate::messages::exprnpsr::exprnpsr2;
use crate::messages::prntutil::{prntutil10, prntutil2, prntutil5, prntutil9};
use crate::syntax::ast::Expr;
use crate::syntax::sexpr::SExpr;
use crate::syntax::{Diagnostic, Span};
use crate::value::Value;

/// The lowest and highest salience CLIPS allows.
const SALIENCE_RANGE: std::ops::RangeInclusive<i64> = -10000..=10000;

/// What a declaration may be, for labels.
const EXPECTED_PROPERTY: &str = "expected `(salience <integer>)` or `(auto-focus TRUE|FALSE)`";

/// The properties a rule declares.
#[derive(Debug, Default)]
pub(super) struct Declarations {
    /// `(salience expr)`.
    pub(super) salience: Option<Expr>,
    /// `(auto-focus TRUE|FALSE)`.
    pub(super) auto_focus: Option<bool>,
}

/// Parses `(declare property...)`; `list` holds its items, `span` covers it.
pub(super) fn parse_declare(list: &[SExpr], span: Span) -> Result<Declarations, Vec<Diagnostic>> {
    let mut diags = Diags::default();
    let mut out = Declarations::default();
    let properties = list.get(1..).unwrap_or_default();
    if properties.is_empty() {
        diags.push(
            Diagnostic::new(closing(span), "`(declare)` declares nothing")
                .with_label(EXPECTED_PROPERTY),
        );
    }
    let mut seen: Vec<&str> = Vec::new();
    for property in properties {
        let Some((name, args)) = property
            .as_list()
            .and_then(|items| Some((symbol(items.first()?)?, items.get(1..)?)))
        else {
            diags.push(
                Diagnostic::new(
                    property.span,
                    format!("expected a rule property, found {}", describe(property)),
                )
                .with_label("each property is a list of its own: `(declare (salience 10))`")
                .with_clips(prntutil2("declare statement"))
                .read_to(first_token_end(property)),
            );
            break;
        };
        let key = name.name.as_str();
        if seen.contains(&key) {
            diags.push(
                Diagnostic::new(name.span, format!("`{key}` is declared twice"))
                    .with_label("keep only one of them")
                    .with_clips(prntutil5(&format!("{key} declaration"), None))
                    .read_to(name.span.end),
            );
            continue;
        }
        seen.push(key);
        match key {
            "salience" => out.salience = diags.one(salience(args, property.span)),
            "auto-focus" => out.auto_focus = diags.one(auto_focus(args, property.span)),
            _ => diags.push(
                Diagnostic::new(name.span, format!("unknown rule property `{key}`"))
                    .with_label("expected `salience` or `auto-focus`")
                    .with_clips(prntutil2("declare statement"))
                    .read_to(name.span.end),
            ),
        }
    }
    diags.finish(out)
}

/// The one argument of a property, or an error saying what was expected.
fn single<'a>(
    args: &'a [SExpr],
    span: Span,
    name: &str,
    expected: &str,
) -> Result<&'a SExpr, Diagnostic> {
    match args {
        [one] => Ok(one),
        [] => Err(
            Diagnostic::new(closing(span), format!("`({name})` needs a value"))
                .with_label(expected.to_string()),
        ),
        [_, extra, ..] => Err(Diagnostic::new(
            extra.span,
            format!("`{name}` takes a single value"),
        )
        .with_label(expected.to_string())),
    }
}

fn salience(args: &[SExpr], span: Span) -> Result<Expr, Diagnostic> {
    const EXPECTED: &str = "expected an integer from -10000 to 10000, e.g. `(salience 10)`";
    let one = single(args, span, "salience", EXPECTED).map_err(|d| match args.get(1) {
        Some(extra) => d
            .with_clips(prntutil2("declare statement"))
            .read_to(first_token_end(extra)),
        None => d.with_clips(exprnpsr2()).read_to(span.end),
    })?;
    let value = parse_expr(one)?;
    match &value {
        Expr::Const(Value::Integer(i), at) if !SALIENCE_RANGE.contains(i) => Err(Diagnostic::new(
            *at,
            format!("salience {i} is out of range"),
        )
        .with_label(EXPECTED)
        .with_clips(prntutil9())
        .read_to(at.end)),
        Expr::Const(Value::Integer(_), _) => Ok(value),
        Expr::Const(other, at) => Err(Diagnostic::new(
            *at,
            format!("salience must be an integer, not {}", constant_name(other)),
        )
        .with_label(EXPECTED)
        .with_clips(prntutil10())
        .read_to(at.end)),
        _ => {
            reject_local_vars(&value, "salience")?;
            Ok(value)
        }
    }
}

fn constant_name(value: &Value) -> String {
    match value {
        Value::Symbol(s) => format!("the symbol `{s}`"),
        Value::String(s) => format!("the string \"{s}\""),
        other => format!("the {} {}", other.type_name().to_lowercase(), other.repr()),
    }
}

/// Parses `(auto-focus TRUE|FALSE)`. CLIPS reports a missing or wrong value as a
/// syntax error in the auto-focus statement, and a second value as one in the
/// declare statement, each once it has read the offending token.
fn auto_focus(args: &[SExpr], span: Span) -> Result<bool, Diagnostic> {
    const EXPECTED: &str = "expected `TRUE` or `FALSE`";
    let value = match args.first() {
        Some(arg) => match arg.as_symbol().map(|s| s.as_str()) {
            Some("TRUE") => true,
            Some("FALSE") => false,
            _ => {
                return Err(Diagnostic::new(
                    arg.span,
                    format!("auto-focus must be TRUE or FALSE, not {}", describe(arg)),
                )
                .with_label(EXPECTED)
                .with_clips(prntutil2("auto-focus statement"))
                .read_to(first_token_end(arg)))
            }
        },
        None => false,
    };
    single(args, span, "auto-focus", EXPECTED).map_err(|d| match args.get(1) {
        Some(extra) => d
            .with_clips(prntutil2("declare statement"))
            .read_to(first_token_end(extra)),
        None => d
            .with_clips(prntutil2("auto-focus statement"))
            .read_to(span.end),
    })?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::test_util::{errs_text, one};

    fn declare(text: &str) -> Result<Declarations, Vec<Diagnostic>> {
        let item = one(text);
        parse_declare(item.as_list().unwrap(), item.span)
    }

    #[test]
    fn properties() {
        let d = declare("(declare (salience -10000) (auto-focus TRUE))").unwrap();
        assert!(matches!(
            d.salience,
            Some(Expr::Const(Value::Integer(-10000), _))
        ));
        assert_eq!(d.auto_focus, Some(true));
        let d = declare("(declare (auto-focus FALSE) (salience (+ ?*base* 1)))").unwrap();
        assert!(matches!(d.salience, Some(Expr::Call(_))));
        assert_eq!(d.auto_focus, Some(false));
        assert!(matches!(
            declare("(declare (salience ?*s*))").unwrap().salience,
            Some(Expr::Global(_))
        ));
    }

    #[test]
    fn declare_errors() {
        let cases = [
            ("(declare)", "`(declare)` declares nothing", ")"),
            (
                "(declare salience 1)",
                "expected a rule property, found the symbol `salience`",
                "salience",
            ),
            ("(declare (salience))", "`(salience)` needs a value", ")"),
            (
                "(declare (salience 1 2))",
                "`salience` takes a single value",
                "2",
            ),
            (
                "(declare (salience 1.5))",
                "salience must be an integer, not the float 1.5",
                "1.5",
            ),
            (
                "(declare (salience high))",
                "salience must be an integer, not the symbol `high`",
                "high",
            ),
            (
                "(declare (salience 10001))",
                "salience 10001 is out of range",
                "10001",
            ),
            (
                "(declare (salience (+ ?x 1)))",
                "salience cannot use the variable `?x`: nothing binds it there",
                "?x",
            ),
            (
                "(declare (salience 1) (salience 2))",
                "`salience` is declared twice",
                "salience",
            ),
            (
                "(declare (auto-focus yes))",
                "auto-focus must be TRUE or FALSE, not the symbol `yes`",
                "yes",
            ),
            (
                "(declare (auto-focus))",
                "`(auto-focus)` needs a value",
                ")",
            ),
            (
                "(declare (priority 1))",
                "unknown rule property `priority`",
                "priority",
            ),
        ];
        for (text, message, at) in cases {
            assert_eq!(
                errs_text(text, declare(text)),
                [(message.to_string(), at.to_string())],
                "{text}"
            );
        }
    }
}
