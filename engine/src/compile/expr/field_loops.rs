//! `progn$` and `foreach`: the loops over a multifield's fields, read as CLIPS
//! reads them (its `MultifieldPrognParser` and `ForeachParser`), with CLIPS's
//! messages for a malformed loop.

use super::{is_sym, CExpr, ExprCompiler, Res};
use crate::functions::types::Types;
use crate::messages::{exprnpsr, multifun, prntutil};
use crate::syntax::ast::{Call, Expr};
use crate::syntax::{Diagnostic, Span};
use crate::value::{atom, Atom};

impl ExprCompiler<'_> {
    /// `(progn$ (?var list) action...)`, or `(progn$ list action...)`, whose body
    /// runs once per field without naming it.
    pub(super) fn progn_dollar(&mut self, call: &Call) -> Res<CExpr> {
        let span = call.span;
        let (var, list) = match call.args.first() {
            None => return Err(missing_list("progn$", span, span.end)),
            Some(Expr::List(items, list_span)) => match items.as_slice() {
                [Expr::Var(_)] => return Err(missing_list("progn$", *list_span, list_span.end)),
                [Expr::Var(var), list] => (Some(var.name), list),
                _ => return Err(bad_syntax("progn$", *list_span)),
            },
            Some(list) => (None, list),
        };
        self.field_loop("progn$", var, list, &call.args[1..], span)
    }

    /// `(foreach ?var list action...)`.
    pub(super) fn foreach_form(&mut self, call: &Call) -> Res<CExpr> {
        let span = call.span;
        let var = match call.args.first() {
            Some(Expr::Var(var)) => var.name,
            other => return Err(bad_syntax("foreach", other.map_or(span, Expr::span))),
        };
        let Some(list) = call.args.get(1) else {
            return Err(missing_list("foreach", span, span.end));
        };
        self.field_loop("foreach", Some(var), list, &call.args[2..], span)
    }

    /// The loop `name` over `list`, its field in `var` (if named), running `body`.
    fn field_loop(
        &mut self,
        name: &str,
        var: Option<Atom>,
        list: &Expr,
        body: &[Expr],
        span: Span,
    ) -> Res<CExpr> {
        let compiled = self.compile(list)?;
        if !Types::of_codes("m").meets(self.value_types(&compiled)) {
            return Err(bad_syntax(name, list.span()));
        }
        let body = if body.first().is_some_and(|e| is_sym(e, "do")) {
            &body[1..]
        } else {
            body
        };
        let var = var.unwrap_or_else(|| atom(" progn$"));
        let compiled = self.foreach(var, compiled, body, span)?;
        // As CLIPS, the body is read before its binds are checked.
        match body.iter().find_map(|e| binding(e, var)) {
            Some(rebind) => Err(
                Diagnostic::new(rebind, format!("`{name}` rebinds `?{var}`"))
                    .with_label("the field variable of the loop may not be bound")
                    .with_clips(multifun::multifun2(name))
                    .read_to(span.end),
            ),
            None => Ok(compiled),
        }
    }
}

/// Where `expr` (or an expression inside it) binds variable `var`, if it does.
fn binding(expr: &Expr, var: Atom) -> Option<Span> {
    match expr {
        Expr::Call(call) => {
            let binds = call.name.name.as_str() == "bind"
                && matches!(call.args.first(), Some(Expr::Var(v)) if v.name == var);
            if binds {
                Some(call.span)
            } else {
                call.args.iter().find_map(|e| binding(e, var))
            }
        }
        Expr::List(items, _) => items.iter().find_map(|e| binding(e, var)),
        _ => None,
    }
}

/// The form of loop `function`, for Salience's messages.
fn usage(function: &str) -> &'static str {
    match function {
        "foreach" => "expected (foreach ?var list action...)",
        _ => "expected (progn$ (?var list) action...)",
    }
}

/// No list where loop `function` needs one, having read to `read_to`: CLIPS's
/// `[EXPRNPSR2]`, as no expression followed.
fn missing_list(function: &str, span: Span, read_to: usize) -> Diagnostic {
    Diagnostic::new(span, format!("{function} needs a list"))
        .with_label(usage(function))
        .with_clips(exprnpsr::exprnpsr2())
        .read_to(read_to)
}

/// CLIPS's `[PRNTUTIL2]` for `function`, found at `span`.
fn bad_syntax(function: &str, span: Span) -> Diagnostic {
    Diagnostic::new(span, format!("malformed `{function}`"))
        .with_label(usage(function))
        .with_clips(prntutil::prntutil2(function))
        .read_to(span.end)
}
