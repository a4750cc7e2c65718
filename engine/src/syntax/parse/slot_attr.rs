//! The attributes of a deftemplate slot: default, default-dynamic, type,
//! allowed-..., range, cardinality, and the user's facets.

use super::allowed::{conflict, conjunction_error, is_allowed_kind, parse_allowed};
use super::common::{
    closing, constant, describe, is_keyword, read_past, reject_local_vars, symbol, Diags,
};
use super::expr::parse_expr;
use super::types::parse_type;
use crate::messages::{self, constraints, prntutil};
use crate::syntax::ast::{AllowedValues, DefaultSpec, Ident};
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

/// Parses the attribute lists `items` of slot `slot` (a multislot if `multi`),
/// whose definition spans `span`. The attributes are checked in the order CLIPS
/// reads them, each error saying how far CLIPS had read.
pub(super) fn parse_attributes(
    items: &[SExpr],
    multi: bool,
    slot: Atom,
    span: Span,
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
    // The constraint attributes read so far, and the default's name if one was.
    let mut seen: Vec<&str> = Vec::new();
    let mut default_seen: Option<&str> = None;
    for item in items {
        let Some((name, args)) = item
            .as_list()
            .and_then(|list| Some((symbol(list.first()?)?, list.get(1..)?)))
        else {
            let at = match item.as_list() {
                Some(list) => read_past(list.first(), item.span),
                None => item.span.end,
            };
            diags.push(
                Diagnostic::new(
                    item.span,
                    format!("expected a slot attribute, found {}", describe(item)),
                )
                .with_label("expected a list such as `(default 0)` or `(type INTEGER)`")
                .with_clips(prntutil::prntutil2("deftemplate"))
                .read_to(at),
            );
            continue;
        };
        let key = name.name.as_str();
        let span = item.span;
        match key {
            "facet" | "multifacet" => {
                if let Some(facet) = diags.one(parse_facet(&name, args, span, &out.facets, slot)) {
                    out.facets.push(facet);
                }
            }
            "default" | "default-dynamic" => {
                if let Some(earlier) = default_seen {
                    diags.push(repeated_default(&name, earlier, slot));
                    continue;
                }
                default_seen = Some(key);
                let dynamic = key == "default-dynamic";
                if let Some(default) = diags.one(parse_default(args, span, dynamic, multi, slot)) {
                    out.default = default;
                }
            }
            _ if is_constraint(key) => {
                if seen.contains(&key) {
                    diags.push(
                        Diagnostic::new(
                            name.span,
                            format!("`{key}` is given twice for slot `{slot}`"),
                        )
                        .with_label("keep only one of them")
                        .with_clips(prntutil::prntutil5("attribute ", Some(key)))
                        .read_to(name.span.end),
                    );
                    continue;
                }
                if let Some(error) = conjunction_error(&name, &seen) {
                    diags.push(error);
                    seen.push(key);
                    continue;
                }
                seen.push(key);
                match key {
                    "type" => out.types = diags.one(parse_type(args, span)).unwrap_or_default(),
                    "range" => out.range = diags.one(parse_range(args, span)),
                    "cardinality" if !multi => diags.push(
                        Diagnostic::new(name.span, "`cardinality` only applies to a multislot")
                            .with_label(format!(
                                "slot `{slot}` holds one value; declare it with `multislot`"
                            ))
                            .with_clips(constraints::cstrnpsr5())
                            .read_to(name.span.end),
                    ),
                    "cardinality" => out.cardinality = diags.one(parse_cardinality(args, span)),
                    "allowed-classes" => diags.push(
                        Diagnostic::new(
                            name.span,
                            format!("`{key}` is not supported: Salience has no COOL objects"),
                        )
                        .with_label(
                            "remove it, or restrict values with `allowed-symbols` or `allowed-values`",
                        ),
                    ),
                    _ => {
                        if let Some(allowed) = diags.one(parse_allowed(&name, args, span)).flatten()
                        {
                            out.allowed.push(allowed);
                        }
                    }
                }
            }
            _ => diags.push(
                Diagnostic::new(name.span, format!("unknown slot attribute `{key}`"))
                    .with_label(format!("expected one of: {ATTRIBUTES}"))
                    .with_clips(prntutil::prntutil2("slot attributes"))
                    .read_to(name.span.end),
            ),
        }
    }
    if let Some(error) = conflict(&out.allowed, &out.types, out.range.as_ref(), span) {
        diags.push(error);
    }
    diags.finish(out)
}

/// Whether `name` is one of the constraint attributes CLIPS shares between
/// deftemplate slots and other constructs.
pub(super) fn is_constraint(name: &str) -> bool {
    matches!(name, "type" | "range" | "cardinality" | "allowed-classes") || is_allowed_kind(name)
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
    let syntax = prntutil::prntutil2(&format!("{} attribute", kind.name));
    let Some(name) = args.first().and_then(symbol) else {
        let at = args.first().map_or(closing(span), |a| a.span);
        return Err(
            Diagnostic::new(at, format!("`{}` needs a facet name", kind.name))
                .with_label("expected a symbol naming the facet, e.g. `(facet units cm)`")
                .with_clips(syntax)
                .read_to(read_past(args.first(), span)),
        );
    };
    if earlier.iter().any(|(e, _)| e.name == name.name) {
        let item = format!("{} ", kind.name);
        return Err(Diagnostic::new(
            name.span,
            format!("facet `{}` is given twice for slot `{slot}`", name.name),
        )
        .with_label("keep only one of them")
        .with_clips(prntutil::prntutil5(&item, Some(name.name.as_str())))
        .read_to(name.span.end));
    }
    let given = args.get(1..).unwrap_or_default();
    let mut values = Vec::with_capacity(given.len());
    for (i, arg) in given.iter().enumerate() {
        let Some(value) = arg.as_token().and_then(constant) else {
            return Err(Diagnostic::new(
                arg.span,
                format!("a facet's value must be a constant, not {}", describe(arg)),
            )
            .with_label("expected a symbol, string or number")
            .with_clips(syntax)
            .read_to(read_past(Some(arg), span)));
        };
        values.push(value);
        if let Some(extra) = given.get(i + 1).filter(|_| !multi) {
            return Err(Diagnostic::new(
                extra.span,
                format!("`(facet {} ...)` takes exactly one value", name.name),
            )
            .with_label("for several values, use `multifacet`")
            .with_clips(prntutil::prntutil2("facet attribute"))
            .read_to(read_past(Some(extra), span)));
        }
    }
    if multi {
        return Ok((name, Value::multifield(values)));
    }
    match values.pop() {
        Some(value) => Ok((name, value)),
        None => Err(Diagnostic::new(
            closing(span),
            format!("`(facet {} ...)` takes exactly one value", name.name),
        )
        .with_label("for several values, use `multifacet`")
        .with_clips(syntax)
        .read_to(span.end)),
    }
}

/// The error for a second `default` or `default-dynamic` (`earlier` names the
/// first) in slot `slot`.
fn repeated_default(name: &Ident, earlier: &str, slot: Atom) -> Diagnostic {
    let key = name.name.as_str();
    let d = if earlier == key {
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
    };
    d.with_clips(prntutil::prntutil5("default attribute", None))
        .read_to(name.span.end)
}

/// Parses the arguments of `(default ...)` or `(default-dynamic ...)` (`span`
/// is the whole attribute), as CLIPS reads them: `?NONE` or `?DERIVE` alone, or
/// expressions without local variables (one for a single-field slot).
pub(super) fn parse_default(
    args: &[SExpr],
    span: Span,
    dynamic: bool,
    multi: bool,
    slot: Atom,
) -> Result<DefaultSpec, Diagnostic> {
    let attribute = if dynamic {
        "default-dynamic attribute"
    } else {
        "default attribute"
    };
    let syntax =
        |d: Diagnostic, at: usize| d.with_clips(prntutil::prntutil2(attribute)).read_to(at);
    let mut exprs = Vec::with_capacity(args.len());
    for (i, arg) in args.iter().enumerate() {
        let variable = match arg.as_token() {
            Some(Token::SfVar(v)) => Some((false, v.as_str())),
            Some(Token::MfVar(v)) => Some((true, v.as_str())),
            _ => None,
        };
        if let Some((mf, name)) = variable {
            let spec = match name {
                "NONE" if !mf => Some(DefaultSpec::Required),
                "DERIVE" if !mf => Some(DefaultSpec::Derive),
                _ => None,
            };
            let spec = match spec {
                Some(spec) if !dynamic && i == 0 => spec,
                Some(_) if dynamic => {
                    let d = Diagnostic::new(
                        arg.span,
                        format!("`?{name}` cannot be the value of `default-dynamic`"),
                    )
                    .with_label("`?NONE` and `?DERIVE` go in `(default ...)`");
                    return Err(syntax(d, arg.span.end));
                }
                Some(_) => return Err(syntax(keyword_not_alone(arg, name), arg.span.end)),
                None => return Err(syntax(local_variable(arg), arg.span.end)),
            };
            if let Some(extra) = args.get(i + 1) {
                return Err(syntax(
                    keyword_not_alone(arg, name),
                    read_past(Some(extra), span),
                ));
            }
            return Ok(spec);
        }
        let expr = parse_expr(arg)?;
        reject_local_vars(&expr, "a default value").map_err(|d| syntax(d, arg.span.end))?;
        exprs.push(expr);
    }
    if !multi && exprs.len() != 1 {
        let (at, message, label) = match args.get(1) {
            Some(extra) => (
                extra.span,
                format!("the default of single-field slot `{slot}` must be one value"),
                "declare the slot with `multislot` to hold several values",
            ),
            None => (
                closing(span),
                format!("the default of single-field slot `{slot}` needs a value"),
                "expected one value, e.g. `(default 0)`",
            ),
        };
        return Err(Diagnostic::new(at, message)
            .with_label(label)
            .with_clips(messages::default::default1())
            .read_to(span.end));
    }
    Ok(if dynamic {
        DefaultSpec::Dynamic(exprs)
    } else {
        DefaultSpec::Static(exprs)
    })
}

/// The error for `?NONE` or `?DERIVE` (`name`, at `arg`) given with values.
fn keyword_not_alone(arg: &SExpr, name: &str) -> Diagnostic {
    Diagnostic::new(
        arg.span,
        format!("`?{name}` must be the only value of `default`"),
    )
    .with_label("`?DERIVE` and `?NONE` say how to get a value; they cannot be mixed with values")
}

/// The error for a local variable `arg` as a default value.
fn local_variable(arg: &SExpr) -> Diagnostic {
    Diagnostic::new(
        arg.span,
        format!(
            "a default value cannot use {}: nothing binds it there",
            describe(arg)
        ),
    )
    .with_label("expected a constant, a global variable `?*name*` or a function call")
}

/// Parses `(range min max)`: numbers, or `?VARIABLE` for an open end.
fn parse_range(args: &[SExpr], span: Span) -> Result<(Option<Value>, Option<Value>), Diagnostic> {
    let bound = |item: &SExpr, _minimum: bool| match item.as_token() {
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

/// Parses `(cardinality min max)`: integers, the minimum not negative, or
/// `?VARIABLE` (a minimum of 0, no maximum).
fn parse_cardinality(args: &[SExpr], span: Span) -> Result<(Option<i64>, Option<i64>), Diagnostic> {
    let bound = |item: &SExpr, minimum: bool| match item.as_token() {
        Some(Token::Integer(i)) if minimum && *i < 0 => Err(Diagnostic::new(
            item.span,
            format!("a cardinality cannot be negative, but this is {i}"),
        )
        .with_label("expected 0 or more")
        .with_clips(constraints::cstrnpsr6())
        .read_to(item.span.end)),
        Some(Token::Integer(i)) => Ok(Some(*i)),
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
    if let Some(h) = high {
        if low.unwrap_or(0) > h {
            return Err(inverted(span, "cardinality", "(cardinality 1 3)"));
        }
    }
    Ok((low, high))
}

/// The two bounds of `(range ...)` or `(cardinality ...)` (`name`), each read by
/// `bound` (told whether it reads the minimum), as CLIPS
/// reads them: a bad or missing bound is a syntax error of the attribute, and so
/// is anything after the maximum (which CLIPS calls one of `range` even for
/// `cardinality`).
fn bounds<T>(
    args: &[SExpr],
    span: Span,
    name: &str,
    example: &str,
    bound: impl Fn(&SExpr, bool) -> Result<Option<T>, Diagnostic>,
) -> Result<(Option<T>, Option<T>), Diagnostic> {
    let label = format!(
        "expected a minimum and a maximum, e.g. `{example}`; `?VARIABLE` leaves an end open"
    );
    let syntax = prntutil::prntutil2(&format!("{name} attribute"));
    let read = |i: usize| match args.get(i) {
        Some(item) => bound(item, i == 0).map_err(|d| {
            if d.clips.is_some() {
                d
            } else {
                d.with_clips(syntax.clone())
                    .read_to(read_past(Some(item), span))
            }
        }),
        None => Err(Diagnostic::new(
            closing(span),
            format!("`{name}` needs a minimum and a maximum"),
        )
        .with_label(label.clone())
        .with_clips(syntax.clone())
        .read_to(span.end)),
    };
    let low = read(0)?;
    let high = read(1)?;
    if let Some(extra) = args.get(2) {
        return Err(Diagnostic::new(
            extra.span,
            format!("`{name}` takes only a minimum and a maximum"),
        )
        .with_label(label)
        .with_clips(prntutil::prntutil2("range attribute"))
        .read_to(read_past(Some(extra), span)));
    }
    Ok((low, high))
}

/// The error for a minimum above the maximum of `name`, found at the attribute's
/// closing parenthesis.
fn inverted(span: Span, name: &str, example: &str) -> Diagnostic {
    Diagnostic::new(
        span,
        format!("the minimum of `{name}` is greater than its maximum"),
    )
    .with_label(format!("write the minimum first, e.g. `{example}`"))
    .with_clips(constraints::cstrnpsr2(name))
    .read_to(span.end)
}
