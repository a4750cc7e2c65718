//! `(defmodule name ["comment"] (export ...) (import module ...) ...)`.

use super::common::{closing, describe, header, is_keyword, symbol, Diags};
use crate::syntax::ast::{Defmodule, Ident, PortItems, PortSpec};
use crate::syntax::sexpr::SExpr;
use crate::syntax::{Diagnostic, Span};

/// The construct kinds a module can export or import.
const PORT_KINDS: [&str; 5] = [
    "deftemplate",
    "deffunction",
    "defglobal",
    "defgeneric",
    "defclass",
];

/// What a port item looks like, for labels.
const EXPECTED_ITEMS: &str =
    "expected `?ALL`, `?NONE`, or a construct kind such as `deftemplate` followed by `?ALL`, `?NONE` or names";

/// Parses a defmodule; `items` are the list's items, `defmodule` included.
pub(super) fn parse_defmodule(items: &[SExpr], whole: Span) -> Result<Defmodule, Vec<Diagnostic>> {
    let header = header(items, whole, "defmodule").map_err(|d| vec![d])?;
    let mut diags = Diags::default();
    let ports = (items.get(header.body..).unwrap_or_default().iter())
        .filter_map(|item| diags.one(parse_port(item)))
        .collect();
    diags.finish(Defmodule {
        name: header.name,
        comment: header.comment,
        ports,
        span: whole,
    })
}

/// Parses `(export item)` or `(import module item)`.
fn parse_port(item: &SExpr) -> Result<PortSpec, Diagnostic> {
    let list = item.as_list().unwrap_or_default();
    let import = match item.head().map(|h| h.as_str()) {
        Some("export") => false,
        Some("import") => true,
        _ => {
            let at = list
                .first()
                .filter(|h| h.as_symbol().is_some())
                .unwrap_or(item);
            return Err(Diagnostic::new(
                at.span,
                format!(
                    "expected an export or import specification, found {}",
                    describe(at)
                ),
            )
            .with_label("expected `(export ...)` or `(import module ...)`"));
        }
    };
    let mut rest = list.get(1..).unwrap_or_default();
    let module = if import {
        let module = rest.first().and_then(symbol).ok_or_else(|| {
            let at = rest.first().map_or(closing(item.span), |m| m.span);
            Diagnostic::new(at, "`import` needs the name of the module to import from")
                .with_label("expected e.g. `(import MAIN ?ALL)`")
        })?;
        rest = rest.get(1..).unwrap_or_default();
        Some(module)
    } else {
        None
    };
    Ok(PortSpec {
        import,
        module,
        items: port_items(rest, item.span)?,
        span: item.span,
    })
}

/// Parses `?ALL`, `?NONE`, or `kind ?ALL|?NONE|name...`; `span` covers the specification.
fn port_items(items: &[SExpr], span: Span) -> Result<PortItems, Diagnostic> {
    let Some(first) = items.first() else {
        return Err(
            Diagnostic::new(closing(span), "missing what to export or import")
                .with_label(EXPECTED_ITEMS),
        );
    };
    if let Some(all) = all_or_none(items)? {
        return Ok(if all { PortItems::All } else { PortItems::None });
    }
    let Some(construct) = symbol(first).filter(|k| PORT_KINDS.contains(&k.name.as_str())) else {
        let message = match first.as_symbol() {
            Some(kind) => format!("`{kind}` constructs cannot be exported or imported"),
            None => format!("expected a construct kind, found {}", describe(first)),
        };
        return Err(Diagnostic::new(first.span, message).with_label(format!(
            "expected `?ALL`, `?NONE` or one of: {}",
            PORT_KINDS.join(", ")
        )));
    };
    let names = items.get(1..).unwrap_or_default();
    if names.is_empty() {
        return Err(
            Diagnostic::new(closing(span), format!("missing which {}s", construct.name))
                .with_label("expected `?ALL`, `?NONE` or the construct names"),
        );
    }
    let names = match all_or_none(names)? {
        Some(true) => None,
        Some(false) => Some(Vec::new()),
        None => Some(names.iter().map(construct_name).collect::<Result<_, _>>()?),
    };
    Ok(PortItems::Kind { construct, names })
}

/// `Some(true)` for a lone `?ALL`, `Some(false)` for a lone `?NONE`, `None` when the
/// first item is neither; an error when `?ALL`/`?NONE` is followed by more.
fn all_or_none(items: &[SExpr]) -> Result<Option<bool>, Diagnostic> {
    let Some(first) = items.first() else {
        return Ok(None);
    };
    let all = is_keyword(first, "ALL");
    if !all && !is_keyword(first, "NONE") {
        return Ok(None);
    }
    match items.get(1) {
        Some(extra) => Err(Diagnostic::new(
            extra.span,
            format!(
                "nothing can follow `{}`",
                if all { "?ALL" } else { "?NONE" }
            ),
        )
        .with_label("write `?ALL` or `?NONE` alone, or list the names instead")),
        None => Ok(Some(all)),
    }
}

/// A construct name in an export or import list.
fn construct_name(item: &SExpr) -> Result<Ident, Diagnostic> {
    symbol(item).ok_or_else(|| {
        let hint = if is_keyword(item, "ALL") || is_keyword(item, "NONE") {
            "`?ALL` and `?NONE` cannot be mixed with names"
        } else {
            "expected the name of a construct"
        };
        Diagnostic::new(
            item.span,
            format!("expected a construct name, found {}", describe(item)),
        )
        .with_label(hint)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::test_util::{errs_text, one};

    fn defmodule(text: &str) -> Result<Defmodule, Vec<Diagnostic>> {
        let item = one(text);
        parse_defmodule(item.as_list().unwrap(), item.span)
    }

    #[test]
    fn ports() {
        let m = defmodule(
            "(defmodule A \"c\" (export ?ALL) (export ?NONE) (export deftemplate a b) \
             (import MAIN deffunction ?ALL) (import B defglobal ?NONE))",
        )
        .unwrap();
        assert_eq!(m.name.name, "A");
        assert_eq!(m.comment.as_deref(), Some("c"));
        let items: Vec<_> = m.ports.iter().map(|p| &p.items).collect();
        assert_eq!(*items[0], PortItems::All);
        assert_eq!(*items[1], PortItems::None);
        assert!(
            matches!(items[2], PortItems::Kind { construct, names: Some(n) }
            if construct.name == "deftemplate" && n.len() == 2)
        );
        assert!(matches!(items[3], PortItems::Kind { names: None, .. }));
        assert!(matches!(items[4], PortItems::Kind { names: Some(n), .. } if n.is_empty()));
        assert!(!m.ports[0].import && m.ports[0].module.is_none());
        assert!(m.ports[3].import && m.ports[3].module.map(|m| m.name.as_str()) == Some("MAIN"));
        assert!(defmodule("(defmodule B)").unwrap().ports.is_empty());
    }

    #[test]
    fn defmodule_errors() {
        let cases = [
            ("(defmodule)", "missing name for defmodule", ")"),
            (
                "(defmodule A x)",
                "expected an export or import specification, found the symbol `x`",
                "x",
            ),
            (
                "(defmodule A (expert ?ALL))",
                "expected an export or import specification, found the symbol `expert`",
                "expert",
            ),
            (
                "(defmodule A (export))",
                "missing what to export or import",
                ")",
            ),
            (
                "(defmodule A (export ?ALL a))",
                "nothing can follow `?ALL`",
                "a",
            ),
            (
                "(defmodule A (export deftemplate))",
                "missing which deftemplates",
                ")",
            ),
            (
                "(defmodule A (export defrule a))",
                "`defrule` constructs cannot be exported or imported",
                "defrule",
            ),
            (
                "(defmodule A (export deftemplate a ?ALL))",
                "expected a construct name, found the variable `?ALL`",
                "?ALL",
            ),
            (
                "(defmodule A (export deftemplate ?ALL ?NONE))",
                "nothing can follow `?ALL`",
                "?NONE",
            ),
            (
                "(defmodule A (export ?all))",
                "expected a construct kind, found the variable `?all`",
                "?all",
            ),
            (
                "(defmodule A (import ?ALL))",
                "`import` needs the name of the module to import from",
                "?ALL",
            ),
            (
                "(defmodule A (import))",
                "`import` needs the name of the module to import from",
                ")",
            ),
            (
                "(defmodule A (import B))",
                "missing what to export or import",
                ")",
            ),
        ];
        for (text, message, at) in cases {
            assert_eq!(
                errs_text(text, defmodule(text)),
                [(message.to_string(), at.to_string())],
                "{text}"
            );
        }
    }
}
