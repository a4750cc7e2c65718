//! The attributes of a deftemplate slot: default, default-dynamic, type,
//! allowed-..., range, cardinality, and the user's facets.

use super::allowed::{conflicts, is_allowed_kind, parse_allowed};
use super::common::{closing, constant, describe, is_keyword, reject_local_vars, symbol, Diags};
use super::expr::parse_expr;
use super::types::parse_type;
use crate::syntax::ast::{AllowedValues, DefaultSpec, Expr, Ident};
use crate::syntax::sexpr::{SExpr, Token};
use crate::syntax::{Diagnostic, Span};
use crate::value::{Atom, Value};

/// Every attribute a slot accepts, for the "unknown attribute" label.
const ATTRIBUTES: &str = "default, default-dynamic, type, allowed-symbols, allowed-strings, \
allowed-lexemes, allowed-integers, allowed-floats, allowed-numbers, allowed-values, range, cardinality, \
facet, multifacet";

/// A slot's parsed attributes.
pub(super) struct Attributes {
    /// `default` or `default-dynamic`.
    pub(super) default: DefaultSpec,
    /// `(type ...)`; empty for any type.
    pub(super) types: Vec<Ident>,
    /// The `allowed-...` attributes, in order.
    pub(super) allowed: Vec<AllowedValues>,
    /// `(range min max)`.
    pub(super) range: Option<(Option<Value>, Option<Value>)>,
    /// `(cardinality min max)`.
    pub(super) cardinality: Option<(Option<i64>, Option<i64>)>,
    /// `(facet name value)` and `(multifacet name value...)`, in order.
    pub(super) facets: Vec<(Ident, Value)>,
}

/// Parses the attribute lists `items` of slot `slot` (a multislot if `multi`).
pub(super) fn parse_attributes(
    items: &[SExpr],
    multi: bool,
    slot: Atom,
) -> Result<Attributes, Vec<Diagnostic>> {
    let mut diags = Diags::default();
    let mut out = Attributes {
        default: DefaultSpec::Derive,
        types: Vec::new(),
        allowed: Vec::new(),
        range: None,
        cardinality: None,
        facets: Vec::new(),
    };
    let mut seen: Vec<&str> = Vec::new();
    let mut range_span = None;
    for item in items {
        let Some((name, args)) = item
            .as_list()
            .and_then(|list| Some((symbol(list.first()?)?, list.get(1..)?)))
        else {
            diags.push(
                Diagnostic::new(
                    item.span,
                    format!("expected a slot attribute, found {}", describe(item)),
                )
                .with_label("expected a list such as `(default 0)` or `(type INTEGER)`"),
            );
            continue;
        };
        let key = name.name.as_str();
        if key == "facet" || key == "multifacet" {
            if let Some(facet) = diags.one(parse_facet(&name, args, item.span, &out.facets, slot)) {
                out.facets.push(facet);
            }
            continue;
        }
        if let Some(error) = repeated(&seen, &name, slot) {
            diags.push(error);
            continue;
        }
        seen.push(key);
        let span = item.span;
        match key {
            "default" | "default-dynamic" => {
                if let Some(default) = diags.one(parse_default(
                    args,
                    span,
                    key == "default-dynamic",
                    multi,
                    slot,
                )) {
                    out.default = default;
                }
            }
            "type" => out.types = diags.one(parse_type(args, span)).unwrap_or_default(),
            "range" => {
                range_span = Some(span);
                out.range = diags.one(parse_range(args, span));
            }
            "cardinality" if !multi => diags.push(
                Diagnostic::new(name.span, "`cardinality` only applies to a multislot").with_label(
                    format!("slot `{slot}` holds one value; declare it with `multislot`"),
                ),
            ),
            "cardinality" => out.cardinality = diags.one(parse_cardinality(args, span)),
            _ if is_allowed_kind(key) => {
                if let Some(allowed) = diags.one(parse_allowed(&name, args, span)).flatten() {
                    out.allowed.push(allowed);
                }
            }
            "allowed-instance-names" | "allowed-classes" => diags.push(
                Diagnostic::new(
                    name.span,
                    format!("`{key}` is not supported: Salience has no COOL objects"),
                )
                .with_label(
                    "remove it, or restrict values with `allowed-symbols` or `allowed-values`",
                ),
            ),
            _ => diags.push(
                Diagnostic::new(name.span, format!("unknown slot attribute `{key}`"))
                    .with_label(format!("expected one of: {ATTRIBUTES}")),
            ),
        }
    }
    for error in conflicts(&out.allowed, &out.types, range_span) {
        diags.push(error);
    }
    diags.finish(out)
}

/// `(facet NAME VALUE)` or `(multifacet NAME VALUE...)` (`kind` says which; `span`
/// is the whole attribute): the facet's name and its value (a multifield for
/// `multifacet`). Values are constants; a facet name may be given once per slot.
fn parse_facet(
    kind: &Ident,
    args: &[SExpr],
    span: Span,
    earlier: &[(Ident, Value)],
    slot: Atom,
) -> Result<(Ident, Value), Diagnostic> {
    let multi = kind.name.as_str() == "multifacet";
    let Some(name) = args.first().and_then(symbol) else {
        let at = args.first().map_or(closing(span), |a| a.span);
        return Err(
            Diagnostic::new(at, format!("`{}` needs a facet name", kind.name))
                .with_label("expected a symbol naming the facet, e.g. `(facet units cm)`"),
        );
    };
    if earlier.iter().any(|(e, _)| e.name == name.name) {
        return Err(Diagnostic::new(
            name.span,
            format!("facet `{}` is given twice for slot `{slot}`", name.name),
        )
        .with_label("keep only one of them"));
    }
    let mut values = Vec::with_capacity(args.len().saturating_sub(1));
    for arg in args.get(1..).unwrap_or_default() {
        match arg.as_token().and_then(constant) {
            Some(value) => values.push(value),
            None => {
                return Err(Diagnostic::new(
                    arg.span,
                    format!("a facet's value must be a constant, not {}", describe(arg)),
                )
                .with_label("expected a symbol, string or number"))
            }
        }
    }
    if multi {
        return Ok((name, Value::multifield(values)));
    }
    let mut values = values.into_iter();
    match (values.next(), args.get(2)) {
        (Some(value), None) => Ok((name, value)),
        (_, extra) => Err(Diagnostic::new(
            extra.map_or(closing(span), |e| e.span),
            format!("`(facet {} ...)` takes exactly one value", name.name),
        )
        .with_label("for several values, use `multifacet`")),
    }
}

/// The error for an attribute given twice (`default` and `default-dynamic` count as one).
fn repeated(seen: &[&str], name: &Ident, slot: Atom) -> Option<Diagnostic> {
    let key = name.name.as_str();
    let is_default = |k: &str| k == "default" || k == "default-dynamic";
    let earlier = seen
        .iter()
        .find(|&&k| k == key || (is_default(k) && is_default(key)))?;
    Some(if *earlier == key {
        Diagnostic::new(
            name.span,
            format!("`{key}` is given twice for slot `{slot}`"),
        )
        .with_label("keep only one of them")
    } else {
        Diagnostic::new(
            name.span,
            format!("slot `{slot}` has both `{earlier}` and `{key}`"),
        )
        .with_label("keep one: `default` is evaluated once, `default-dynamic` at every assert")
    })
}

/// Parses the arguments of `(default ...)` or `(default-dynamic ...)`.
fn parse_default(
    args: &[SExpr],
    span: Span,
    dynamic: bool,
    multi: bool,
    slot: Atom,
) -> Result<DefaultSpec, Diagnostic> {
    let keyword = args
        .iter()
        .find(|a| is_keyword(a, "DERIVE") || is_keyword(a, "NONE"));
    if let (Some(keyword), false) = (keyword, dynamic) {
        let (word, spec) = if is_keyword(keyword, "NONE") {
            ("?NONE", DefaultSpec::Required)
        } else {
            ("?DERIVE", DefaultSpec::Derive)
        };
        if args.len() > 1 {
            return Err(Diagnostic::new(
                keyword.span,
                format!("`{word}` must be the only value of `default`"),
            )
            .with_label(
                "`?DERIVE` and `?NONE` say how to get a value; they cannot be mixed with values",
            ));
        }
        return Ok(spec);
    }
    let exprs = args
        .iter()
        .map(|arg| {
            let expr = parse_expr(arg)?;
            reject_local_vars(&expr, "a default value")?;
            Ok(expr)
        })
        .collect::<Result<Vec<Expr>, Diagnostic>>()?;
    if !multi {
        if let Some(extra) = args.get(1) {
            return Err(Diagnostic::new(
                extra.span,
                format!("the default of single-field slot `{slot}` must be one value"),
            )
            .with_label("declare the slot with `multislot` to hold several values"));
        }
        if args.is_empty() {
            return Err(Diagnostic::new(
                closing(span),
                format!("the default of single-field slot `{slot}` needs a value"),
            )
            .with_label("expected one value, e.g. `(default 0)`"));
        }
    }
    Ok(if dynamic {
        DefaultSpec::Dynamic(exprs)
    } else {
        DefaultSpec::Static(exprs)
    })
}

/// Parses `(range min max)`: numbers, or `?VARIABLE` for an open end.
fn parse_range(args: &[SExpr], span: Span) -> Result<(Option<Value>, Option<Value>), Diagnostic> {
    let bound = |item: &SExpr| match item.as_token() {
        Some(Token::Integer(i)) => Ok(Some(Value::Integer(*i))),
        Some(Token::Float(f)) => Ok(Some(Value::Float(*f))),
        _ if is_keyword(item, "VARIABLE") => Ok(None),
        _ => Err(Diagnostic::new(
            item.span,
            format!("a range bound must be a number, not {}", describe(item)),
        )
        .with_label("expected a number, or `?VARIABLE` for no bound")),
    };
    let (low, high) = bounds(args, span, "range", "(range 0 100)", bound)?;
    if let (Some(l), Some(h)) = (
        low.as_ref().and_then(Value::as_f64),
        high.as_ref().and_then(Value::as_f64),
    ) {
        if l > h {
            return Err(inverted(span, "range", "(range 0 100)"));
        }
    }
    Ok((low, high))
}

/// Parses `(cardinality min max)`: non-negative integers, or `?VARIABLE`.
fn parse_cardinality(args: &[SExpr], span: Span) -> Result<(Option<i64>, Option<i64>), Diagnostic> {
    let bound = |item: &SExpr| match item.as_token() {
        Some(Token::Integer(i)) if *i >= 0 => Ok(Some(*i)),
        Some(Token::Integer(i)) => Err(Diagnostic::new(
            item.span,
            format!("a cardinality cannot be negative, but this is {i}"),
        )
        .with_label("expected 0 or more")),
        _ if is_keyword(item, "VARIABLE") => Ok(None),
        _ => Err(Diagnostic::new(
            item.span,
            format!(
                "a cardinality bound must be an integer, not {}",
                describe(item)
            ),
        )
        .with_label("expected an integer, or `?VARIABLE` for no bound")),
    };
    let (low, high) = bounds(args, span, "cardinality", "(cardinality 1 3)", bound)?;
    if let (Some(l), Some(h)) = (low, high) {
        if l > h {
            return Err(inverted(span, "cardinality", "(cardinality 1 3)"));
        }
    }
    Ok((low, high))
}

/// The two bounds of `(range ...)` or `(cardinality ...)`.
fn bounds<T>(
    args: &[SExpr],
    span: Span,
    name: &str,
    example: &str,
    bound: impl Fn(&SExpr) -> Result<Option<T>, Diagnostic>,
) -> Result<(Option<T>, Option<T>), Diagnostic> {
    let label = format!(
        "expected a minimum and a maximum, e.g. `{example}`; `?VARIABLE` leaves an end open"
    );
    match args {
        [low, high] => Ok((bound(low)?, bound(high)?)),
        [_, _, extra, ..] => Err(Diagnostic::new(
            extra.span,
            format!("`{name}` takes only a minimum and a maximum"),
        )
        .with_label(label)),
        _ => Err(Diagnostic::new(
            closing(span),
            format!("`{name}` needs a minimum and a maximum"),
        )
        .with_label(label)),
    }
}

fn inverted(span: Span, name: &str, example: &str) -> Diagnostic {
    Diagnostic::new(
        span,
        format!("the minimum of `{name}` is greater than its maximum"),
    )
    .with_label(format!("write the minimum first, e.g. `{example}`"))
}
