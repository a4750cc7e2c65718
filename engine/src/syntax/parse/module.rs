//! `(defmodule name ["comment"] (export ...) (import module ...) ...)`.
//!
//! The specifications are read in order, as CLIPS reads them: the first one that
//! is not well formed ends the construct (see [`DefmoduleError`]), with what CLIPS
//! had read when it found the problem.

use super::common::{closing, describe, header, is_keyword, read_past, sf_var, symbol};
use crate::messages::prntutil::prntutil2;
use crate::syntax::ast::{Defmodule, DefmoduleError, Ident, PortItems, PortSpec};
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

/// CLIPS's name for the part of a defmodule in error (in `[PRNTUTIL2]`).
const DEFMODULE: &str = "defmodule";

/// Parses a defmodule; `items` are the list's items, `defmodule` included. A
/// specification that is not well formed ends the construct: the specifications
/// before it are kept, with the error (see [`Defmodule::error`]).
pub(super) fn parse_defmodule(items: &[SExpr], whole: Span) -> Result<Defmodule, Vec<Diagnostic>> {
    let header = header(items, whole, "defmodule").map_err(|d| vec![d])?;
    if header.name.name.as_str().contains("::") {
        return Err(vec![Diagnostic::new(
            header.name.span,
            "a module's name cannot hold a module qualifier `::`",
        )
        .with_label("name the module with a plain symbol")
        .with_clips(prntutil2("module specifier"))
        .read_to(header.name.span.end)]);
    }
    let mut ports = Vec::new();
    let mut error = None;
    for item in items.get(header.body..).unwrap_or_default() {
        match parse_port(item) {
            Ok(port) => ports.push(port),
            Err(e) => {
                error = Some(e);
                break;
            }
        }
    }
    Ok(Defmodule {
        name: header.name,
        comment: header.comment,
        ports,
        error,
        span: whole,
    })
}

/// A syntax error in a defmodule: CLIPS's `[PRNTUTIL2]` for `part`, found when
/// CLIPS had read to `read_to`.
fn syntax(at: Span, message: String, label: &str, part: &str, read_to: usize) -> Diagnostic {
    Diagnostic::new(at, message)
        .with_label(label)
        .with_clips(prntutil2(part))
        .read_to(read_to)
}

/// The error ending a defmodule's specifications (see [`DefmoduleError`]).
fn ended(import_from: Option<Ident>, diagnostic: Diagnostic) -> Box<DefmoduleError> {
    Box::new(DefmoduleError {
        import_from,
        diagnostic,
    })
}

/// Parses `(export item)` or `(import module item)`.
fn parse_port(item: &SExpr) -> Result<PortSpec, Box<DefmoduleError>> {
    let not_a_port = |at: &SExpr, read_to: usize| {
        ended(
            None,
            syntax(
                at.span,
                format!(
                    "expected an export or import specification, found {}",
                    describe(at)
                ),
                "expected `(export ...)` or `(import module ...)`",
                DEFMODULE,
                read_to,
            ),
        )
    };
    let Some(list) = item.as_list() else {
        return Err(not_a_port(item, item.span.end));
    };
    let import = match list.first().and_then(|h| h.as_symbol()).map(|h| h.as_str()) {
        Some("export") => false,
        Some("import") => true,
        _ => {
            let at = list.first().unwrap_or(item);
            return Err(not_a_port(at, read_past(list.first(), item.span)));
        }
    };
    let mut rest = list.get(1..).unwrap_or_default();
    let part = if import {
        "defmodule import specification"
    } else {
        "defmodule export specification"
    };
    let module = if import {
        let module = rest.first().and_then(symbol).ok_or_else(|| {
            ended(
                None,
                syntax(
                    rest.first().map_or(closing(item.span), |m| m.span),
                    "`import` needs the name of the module to import from".to_string(),
                    "expected e.g. `(import MAIN ?ALL)`",
                    part,
                    read_past(rest.first(), item.span),
                ),
            )
        })?;
        rest = rest.get(1..).unwrap_or_default();
        Some(module)
    } else {
        None
    };
    let items = port_items(rest, item.span, part).map_err(|d| ended(module, d))?;
    Ok(PortSpec {
        import,
        module,
        items,
        span: item.span,
    })
}

/// Parses `?ALL`, `?NONE`, or `kind ?ALL|?NONE|name...`; `span` covers the
/// specification, `part` names it in CLIPS's message.
fn port_items(items: &[SExpr], span: Span, part: &str) -> Result<PortItems, Diagnostic> {
    let Some(first) = items.first() else {
        return Err(syntax(
            closing(span),
            "missing what to export or import".to_string(),
            EXPECTED_ITEMS,
            part,
            span.end,
        ));
    };
    if let Some(all) = all_or_none(items, span, part)? {
        return Ok(if all { PortItems::All } else { PortItems::None });
    }
    let Some(construct) = symbol(first).filter(|k| PORT_KINDS.contains(&k.name.as_str())) else {
        let message = match first.as_symbol() {
            Some(kind) => format!("`{kind}` constructs cannot be exported or imported"),
            None => format!("expected a construct kind, found {}", describe(first)),
        };
        let label = format!(
            "expected `?ALL`, `?NONE` or one of: {}",
            PORT_KINDS.join(", ")
        );
        return Err(syntax(
            first.span,
            message,
            &label,
            part,
            read_past(Some(first), span),
        ));
    };
    let names = items.get(1..).unwrap_or_default();
    if names.is_empty() {
        return Err(syntax(
            closing(span),
            format!("missing which {}s", construct.name),
            "expected `?ALL`, `?NONE` or the construct names",
            part,
            span.end,
        ));
    }
    let names = match all_or_none(names, span, part)? {
        Some(true) => None,
        Some(false) => Some(Vec::new()),
        None => Some(
            names
                .iter()
                .map(|n| construct_name(n, span, part))
                .collect::<Result<_, _>>()?,
        ),
    };
    Ok(PortItems::Kind { construct, names })
}

/// `Some(true)` for a lone `?ALL`, `Some(false)` for a lone `?NONE`, `None` when the
/// first item is no variable; an error for another variable, or when `?ALL`/`?NONE`
/// is followed by more.
fn all_or_none(items: &[SExpr], span: Span, part: &str) -> Result<Option<bool>, Diagnostic> {
    let Some(first) = items.first() else {
        return Ok(None);
    };
    let all = is_keyword(first, "ALL");
    if !all && !is_keyword(first, "NONE") {
        if sf_var(first).is_some() {
            return Err(syntax(
                first.span,
                format!("expected `?ALL` or `?NONE`, found {}", describe(first)),
                EXPECTED_ITEMS,
                part,
                first.span.end,
            ));
        }
        return Ok(None);
    }
    match items.get(1) {
        Some(extra) => Err(syntax(
            extra.span,
            format!(
                "nothing can follow `{}`",
                if all { "?ALL" } else { "?NONE" }
            ),
            "write `?ALL` or `?NONE` alone, or list the names instead",
            part,
            read_past(Some(extra), span),
        )),
        None => Ok(Some(all)),
    }
}

/// A construct name in an export or import list.
fn construct_name(item: &SExpr, span: Span, part: &str) -> Result<Ident, Diagnostic> {
    symbol(item).ok_or_else(|| {
        let hint = if is_keyword(item, "ALL") || is_keyword(item, "NONE") {
            "`?ALL` and `?NONE` cannot be mixed with names"
        } else {
            "expected the name of a construct"
        };
        syntax(
            item.span,
            format!("expected a construct name, found {}", describe(item)),
            hint,
            part,
            read_past(Some(item), span),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::test_util::{errs_text, one};

    /// The defmodule, or its errors: the one that ended its specifications too.
    fn defmodule(text: &str) -> Result<Defmodule, Vec<Diagnostic>> {
        let item = one(text);
        let m = parse_defmodule(item.as_list().unwrap(), item.span)?;
        match &m.error {
            Some(e) => Err(vec![e.diagnostic.clone()]),
            None => Ok(m),
        }
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
                "expected `?ALL` or `?NONE`, found the variable `?all`",
                "?all",
            ),
            (
                "(defmodule A (export 3))",
                "expected a construct kind, found the number 3",
                "3",
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

    /// What CLIPS prints for the defmodule, and the text it had read.
    fn clips(text: &str) -> (String, String) {
        let item = one(text);
        let d = match parse_defmodule(item.as_list().unwrap(), item.span) {
            Ok(m) => m.error.expect("an error").diagnostic,
            Err(d) => d[0].clone(),
        };
        (d.clips.unwrap(), text[..d.read_to.unwrap()].to_string())
    }

    #[test]
    fn clips_stops_where_the_specification_goes_wrong() {
        let syntax = |part: &str| {
            format!("\n[PRNTUTIL2] Syntax Error:  Check appropriate syntax for {part}.")
        };
        let cases = [
            ("(defmodule B import)", "defmodule", "(defmodule B import"),
            (
                "(defmodule B (import))",
                "defmodule import specification",
                "(defmodule B (import)",
            ),
            ("(defmodule C (foo) )", "defmodule", "(defmodule C (foo"),
            (
                "(defmodule C (\"foo\"))",
                "defmodule",
                "(defmodule C (\"foo\"",
            ),
            (
                "(defmodule C (export deffunction x ?ALL))",
                "defmodule export specification",
                "(defmodule C (export deffunction x ?ALL",
            ),
            (
                "(defmodule B (import MAIN ?ALL x))",
                "defmodule import specification",
                "(defmodule B (import MAIN ?ALL x",
            ),
            (
                "(defmodule qrs::tu)",
                "module specifier",
                "(defmodule qrs::tu",
            ),
        ];
        for (text, part, read) in cases {
            assert_eq!(clips(text), (syntax(part), read.to_string()), "{text}");
        }
        assert_eq!(
            clips("(defmodule)"),
            (
                "\n[CSTRCPSR2] Missing name for defmodule construct.".to_string(),
                "(defmodule)".to_string()
            )
        );
    }

    #[test]
    fn the_module_of_an_import_in_error_is_kept_for_its_check() {
        let item = one("(defmodule B (export ?ALL) (import C) (import D ?ALL))");
        let m = parse_defmodule(item.as_list().unwrap(), item.span).unwrap();
        assert_eq!(m.ports.len(), 1);
        let error = m.error.unwrap();
        assert_eq!(
            error.import_from.map(|f| f.name.to_string()).as_deref(),
            Some("C")
        );
    }
}
