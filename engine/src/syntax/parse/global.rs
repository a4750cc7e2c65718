//! `(defglobal [module] ?*name* = expr ...)`.

use super::common::{closing, describe, first_token_end, symbol};
use super::expr::parse_expr;
use crate::messages;
use crate::syntax::ast::{Defglobal, DefglobalError, Expr, Ident};
use crate::syntax::sexpr::{SExpr, Token};
use crate::syntax::{Diagnostic, Span};
use crate::value::Atom;

/// How one global is written, for labels.
const EXPECTED_GLOBAL: &str = "each global is written `?*name* = value`";

/// Parses a defglobal; `items` are the list's items, `defglobal` included.
///
/// As CLIPS reads one global at a time and defines it before reading the next,
/// the first malformed global ends the construct and the globals before it are
/// kept: the error is left in [`Defglobal::error`] (so the construct always parses).
pub(super) fn parse_defglobal(items: &[SExpr], whole: Span) -> Defglobal {
    let module = items.get(1).and_then(symbol);
    let start = if module.is_some() { 2 } else { 1 };
    let rest = items.get(start..).unwrap_or_default();
    let mut globals = Vec::new();
    let mut error = None;
    for triple in rest.chunks(3) {
        match global(triple, whole) {
            Ok(global) => globals.push(global),
            Err((name_read, diagnostic)) => {
                error = Some(Box::new(DefglobalError {
                    name_read,
                    diagnostic,
                }));
                break;
            }
        }
    }
    Defglobal {
        module,
        globals,
        error,
        span: whole,
    }
}

/// CLIPS's `[PRNTUTIL2]` for a defglobal, read up to `read_to`.
fn syntax_error(at: Span, message: String, read_to: usize) -> Diagnostic {
    Diagnostic::new(at, message)
        .with_label(EXPECTED_GLOBAL)
        .with_clips(messages::prntutil::prntutil2("defglobal"))
        .read_to(read_to)
}

/// Parses one `?*name* = value` (the items may run short); an error comes with
/// whether the global's name was read.
fn global(triple: &[SExpr], whole: Span) -> Result<(Ident, Expr), (bool, Diagnostic)> {
    let name = triple.first();
    let Some(Token::Global(id)) = name.and_then(SExpr::as_token) else {
        let error = match name {
            Some(name) => {
                let message = format!(
                    "expected a global variable such as `?*count*`, found {}",
                    describe(name)
                );
                syntax_error(name.span, message, first_token_end(name))
            }
            None => syntax_error(
                closing(whole),
                "expected a global variable".into(),
                whole.end,
            ),
        };
        return Err((false, error));
    };
    let name = name.map_or(whole, |n| n.span);
    named_global(*id, name, triple, whole).map_err(|e| (true, e))
}

/// Parses the rest of a global named `?*id*` (at `name`), whose items are `triple`.
fn named_global(
    id: Atom,
    name: Span,
    triple: &[SExpr],
    whole: Span,
) -> Result<(Ident, Expr), Diagnostic> {
    let end = closing(whole);
    match triple.get(1) {
        Some(eq) if eq.is_symbol("=") => {}
        Some(other) => {
            let message = format!("expected `=` after `?*{id}*`, found {}", describe(other));
            return Err(syntax_error(other.span, message, first_token_end(other)));
        }
        None => {
            let message = format!("missing `= value` after `?*{id}*`");
            return Err(syntax_error(end, message, whole.end));
        }
    }
    let Some(value) = triple.get(2) else {
        let message = format!("missing the value of `?*{id}*`");
        return Err(Diagnostic::new(end, message)
            .with_label("expected an expression after `=`")
            .with_clips(messages::exprnpsr::exprnpsr2())
            .read_to(whole.end));
    };
    let value = parse_expr(value)?;
    Ok((
        Ident {
            name: id,
            span: name,
        },
        value,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::test_util::one;
    use crate::value::Value;

    fn defglobal(text: &str) -> Defglobal {
        let item = one(text);
        parse_defglobal(item.as_list().unwrap(), item.span)
    }

    #[test]
    fn globals() {
        let g = defglobal("(defglobal ?*x* = 1 ?*y* = (+ ?*x* 2))");
        assert!(g.module.is_none() && g.error.is_none());
        assert_eq!(g.globals.len(), 2);
        assert_eq!(g.globals[0].0.name, "x");
        assert!(matches!(g.globals[0].1, Expr::Const(Value::Integer(1), _)));
        let g = defglobal("(defglobal MAIN ?*z* = (create$ a b))");
        assert_eq!(g.module.map(|m| m.name.as_str()), Some("MAIN"));
        assert!(defglobal("(defglobal)").globals.is_empty());
        assert!(defglobal("(defglobal MAIN)").globals.is_empty());
        // A local variable parses: CLIPS finds it unbound when it evaluates it.
        assert!(defglobal("(defglobal ?*x* = ?y)").error.is_none());
    }

    #[test]
    fn defglobal_errors() {
        // (text, globals kept, name read, CLIPS's message, text read)
        let syntax = "\n[PRNTUTIL2] Syntax Error:  Check appropriate syntax for defglobal.";
        let expression = "\n[EXPRNPSR2] Expected a constant, variable, or expression.";
        let cases = [
            ("(defglobal ?*x* 1)", 0, true, syntax, "(defglobal ?*x* 1"),
            (
                "(defglobal ?*x* =)",
                0,
                true,
                expression,
                "(defglobal ?*x* =)",
            ),
            ("(defglobal ?*x*)", 0, true, syntax, "(defglobal ?*x*)"),
            (
                "(defglobal ?*x* = 1 2)",
                1,
                false,
                syntax,
                "(defglobal ?*x* = 1 2",
            ),
            ("(defglobal ?x = 1)", 0, false, syntax, "(defglobal ?x"),
            (
                "(defglobal ?*a* = 1 (b) = 2)",
                1,
                false,
                syntax,
                "(defglobal ?*a* = 1 (",
            ),
        ];
        for (text, kept, name_read, clips, read) in cases {
            let g = defglobal(text);
            assert_eq!(g.globals.len(), kept, "{text}");
            let error = g.error.expect(text);
            assert_eq!(error.name_read, name_read, "{text}");
            assert_eq!(error.diagnostic.clips.as_deref(), Some(clips), "{text}");
            assert_eq!(
                error.diagnostic.read_to.map(|r| &text[..r]),
                Some(read),
                "{text}"
            );
        }
    }
}
