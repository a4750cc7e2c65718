//! `(defglobal [module] ?*name* = expr ...)`.

use super::common::{closing, describe, reject_local_vars, symbol};
use super::expr::parse_expr;
use crate::syntax::ast::{Defglobal, Expr, Ident};
use crate::syntax::sexpr::{SExpr, Token};
use crate::syntax::{Diagnostic, Span};

/// How one global is written, for labels.
const EXPECTED_GLOBAL: &str = "each global is written `?*name* = value`";

/// Parses a defglobal; `items` are the list's items, `defglobal` included.
///
/// The first malformed triple ends the construct: what follows cannot be lined up.
pub(super) fn parse_defglobal(items: &[SExpr], whole: Span) -> Result<Defglobal, Vec<Diagnostic>> {
    let module = items.get(1).and_then(symbol);
    let start = if module.is_some() { 2 } else { 1 };
    let rest = items.get(start..).unwrap_or_default();
    let mut globals = Vec::new();
    let mut errors = Vec::new();
    for triple in rest.chunks(3) {
        match global(triple, whole) {
            Triple::Global(name, value) => globals.push((name, value)),
            Triple::BadValue(error) => errors.push(error),
            Triple::Malformed(error) => {
                errors.push(error);
                break;
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Defglobal {
        module,
        globals,
        span: whole,
    })
}

/// What one `?*name* = value` turned out to be.
enum Triple {
    /// A well-formed global.
    Global(Ident, Expr),
    /// A well-formed triple whose value is not a valid expression.
    BadValue(Diagnostic),
    /// Not a triple at all.
    Malformed(Diagnostic),
}

/// Parses one `?*name* = value` (the items may run short).
fn global(triple: &[SExpr], whole: Span) -> Triple {
    let malformed = |at: Span, message: String, label: &str| {
        Triple::Malformed(Diagnostic::new(at, message).with_label(label))
    };
    let Some(name) = triple.first() else {
        return malformed(
            closing(whole),
            "expected a global variable".into(),
            EXPECTED_GLOBAL,
        );
    };
    let Some(Token::Global(id)) = name.as_token() else {
        let message = format!(
            "expected a global variable such as `?*count*`, found {}",
            describe(name)
        );
        return malformed(name.span, message, EXPECTED_GLOBAL);
    };
    match triple.get(1) {
        Some(eq) if eq.is_symbol("=") => {}
        Some(other) => {
            let message = format!("expected `=` after `?*{id}*`, found {}", describe(other));
            return malformed(other.span, message, EXPECTED_GLOBAL);
        }
        None => {
            let message = format!("missing `= value` after `?*{id}*`");
            return malformed(closing(whole), message, EXPECTED_GLOBAL);
        }
    }
    let Some(value) = triple.get(2) else {
        let message = format!("missing the value of `?*{id}*`");
        return malformed(closing(whole), message, "expected an expression after `=`");
    };
    let value = parse_expr(value)
        .and_then(|expr| reject_local_vars(&expr, "a global's initial value").map(|()| expr));
    match value {
        Ok(value) => Triple::Global(
            Ident {
                name: *id,
                span: name.span,
            },
            value,
        ),
        Err(error) => Triple::BadValue(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::test_util::{errs_text, one};
    use crate::value::Value;

    fn defglobal(text: &str) -> Result<Defglobal, Vec<Diagnostic>> {
        let item = one(text);
        parse_defglobal(item.as_list().unwrap(), item.span)
    }

    #[test]
    fn globals() {
        let g = defglobal("(defglobal ?*x* = 1 ?*y* = (+ ?*x* 2))").unwrap();
        assert!(g.module.is_none());
        assert_eq!(g.globals.len(), 2);
        assert_eq!(g.globals[0].0.name, "x");
        assert!(matches!(g.globals[0].1, Expr::Const(Value::Integer(1), _)));
        let g = defglobal("(defglobal MAIN ?*z* = (create$ a b))").unwrap();
        assert_eq!(g.module.map(|m| m.name.as_str()), Some("MAIN"));
        assert!(defglobal("(defglobal)").unwrap().globals.is_empty());
        assert!(defglobal("(defglobal MAIN)").unwrap().globals.is_empty());
    }

    #[test]
    fn defglobal_errors() {
        let m = |message: &str, at: &str| (message.to_string(), at.to_string());
        let cases = [
            (
                "(defglobal ?*x* 1)",
                m("expected `=` after `?*x*`, found the number 1", "1"),
            ),
            ("(defglobal ?*x* =)", m("missing the value of `?*x*`", ")")),
            ("(defglobal ?*x*)", m("missing `= value` after `?*x*`", ")")),
            (
                "(defglobal ?*x* = 1 2)",
                m(
                    "expected a global variable such as `?*count*`, found the number 2",
                    "2",
                ),
            ),
            (
                "(defglobal ?x = 1)",
                m(
                    "expected a global variable such as `?*count*`, found the variable `?x`",
                    "?x",
                ),
            ),
            (
                "(defglobal \"c\" ?*x* = 1)",
                m(
                    "expected a global variable such as `?*count*`, found the string \"c\"",
                    "\"c\"",
                ),
            ),
            (
                "(defglobal ?*x* = ?y)",
                m(
                    "a global's initial value cannot use the variable `?y`: nothing binds it there",
                    "?y",
                ),
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(errs_text(text, defglobal(text)), [expected], "{text}");
        }
        let text = "(defglobal ?*a* = (1) ?*b* = $?c ?*d* 4)";
        let at: Vec<_> = errs_text(text, defglobal(text))
            .into_iter()
            .map(|(_, at)| at)
            .collect();
        assert_eq!(at, ["1", "$?c", "4"]);
    }
}
