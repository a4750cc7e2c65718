//! The COOL constructs: `defclass`, `defmessage-handler` and `definstances`.

use super::common::{closing, describe, header, read_past, symbol, Diags};
use super::expr::parse_expr;
use super::slot_attr::parse_attributes;
use crate::messages::prntutil;
use crate::syntax::ast::{
    ClassSlot, Defclass, Defhandler, Definstances, Expr, Ident, InstanceSpec, SlotDef,
};
use crate::syntax::sexpr::{SExpr, Token};
use crate::syntax::{Diagnostic, Span};
use crate::value::atom;

/// The facets only a class's slots have, read here; the others are a
/// deftemplate slot's attributes.
const CLASS_FACETS: [&str; 8] = [
    "storage",
    "access",
    "propagation",
    "source",
    "pattern-match",
    "visibility",
    "create-accessor",
    "override-message",
];

/// CLIPS's syntax error in construct `what`, found once it had read to `at`.
fn syntax(span: Span, message: impl Into<String>, what: &str, at: usize) -> Diagnostic {
    Diagnostic::new(span, message)
        .with_clips(prntutil::prntutil2(what))
        .read_to(at)
}

/// Parses a defclass; `items` are the list's items, `defclass` included.
pub(super) fn parse_defclass(items: &[SExpr], whole: Span) -> Result<Defclass, Vec<Diagnostic>> {
    let header = header(items, whole, "defclass").map_err(|d| vec![d])?;
    let mut class = Defclass {
        name: header.name,
        comment: header.comment,
        supers: Vec::new(),
        abstract_: None,
        reactive: None,
        slots: Vec::new(),
        span: whole,
    };
    let mut diags = Diags::default();
    let mut body = items.get(header.body..).unwrap_or_default().iter();
    match body.next().and_then(|item| Some((item, item.as_list()?))) {
        Some((item, list))
            if list.first().and_then(SExpr::as_symbol).map(|s| s.as_str()) == Some("is-a") =>
        {
            for s in &list[1..] {
                match symbol(s) {
                    Some(ident) => class.supers.push(ident),
                    None => {
                        return Err(vec![syntax(
                            s.span,
                            "a superclass is a class name",
                            "defclass",
                            s.span.end,
                        )])
                    }
                }
            }
            if class.supers.is_empty() {
                return Err(vec![syntax(
                    item.span,
                    "missing superclass",
                    "defclass",
                    item.span.end,
                )]);
            }
        }
        Some((item, _)) => {
            return Err(vec![syntax(
                item.span,
                "expected `(is-a superclass...)`",
                "defclass",
                item.span.end,
            )])
        }
        None => {
            return Err(vec![syntax(
                closing(whole),
                "expected `(is-a superclass...)`",
                "defclass",
                whole.end,
            )])
        }
    }
    for item in body {
        let Some(list) = item.as_list() else {
            diags.push(syntax(
                item.span,
                format!(
                    "expected a slot or class attribute, found {}",
                    describe(item)
                ),
                "defclass",
                item.span.end,
            ));
            continue;
        };
        let head = list
            .first()
            .and_then(SExpr::as_symbol)
            .map(|s| s.to_string());
        let value = list
            .get(1)
            .and_then(SExpr::as_symbol)
            .map(|s| s.to_string());
        match (head.as_deref(), value.as_deref()) {
            (Some("role"), Some("abstract")) => class.abstract_ = Some(true),
            (Some("role"), Some("concrete")) => class.abstract_ = Some(false),
            (Some("pattern-match"), Some("reactive")) => class.reactive = Some(true),
            (Some("pattern-match"), Some("non-reactive")) => class.reactive = Some(false),
            (Some("slot" | "single-slot" | "multislot" | "multi-slot"), _) => {
                let multi = matches!(head.as_deref(), Some("multislot" | "multi-slot"));
                if let Some(slot) = diags.many(parse_slot(item, list, multi, &class.slots)) {
                    class.slots.push(slot);
                }
            }
            // A handler declared in the class: CLIPS checks it, Salience takes the
            // defmessage-handler that defines it.
            (Some("message-handler"), _) => {}
            _ => diags.push(syntax(
                item.span,
                format!("unknown defclass attribute {}", describe(item)),
                "defclass",
                read_past(list.first(), item.span),
            )),
        }
    }
    diags.finish(class)
}

/// Parses one slot of a defclass.
fn parse_slot(
    item: &SExpr,
    list: &[SExpr],
    multi: bool,
    earlier: &[ClassSlot],
) -> Result<ClassSlot, Vec<Diagnostic>> {
    let Some(name) = list.get(1).and_then(symbol) else {
        return Err(vec![syntax(
            item.span,
            "missing slot name",
            "defclass slot",
            item.span.end,
        )]);
    };
    if earlier.iter().any(|s| s.def.name.name == name.name) {
        return Err(vec![Diagnostic::new(
            name.span,
            format!("slot `{}` is defined twice", name.name),
        )
        .with_clips(prntutil::prntutil5("slot ", Some(name.name.as_str())))
        .read_to(name.span.end)]);
    }
    let mut slot = ClassSlot {
        def: SlotDef {
            name,
            multi,
            default: crate::syntax::ast::DefaultSpec::Derive,
            types: Vec::new(),
            allowed: None,
            also_allowed: Vec::new(),
            range: None,
            cardinality: None,
            facets: Vec::new(),
            span: item.span,
        },
        default_given: false,
        shared: None,
        access: None,
        inherit: None,
        composite: None,
        public: None,
        reactive: None,
        accessors: None,
        override_message: None,
    };
    let mut standard = Vec::new();
    for facet in list.get(2..).unwrap_or_default() {
        let parts = facet.as_list().unwrap_or_default();
        let key = parts
            .first()
            .and_then(SExpr::as_symbol)
            .map(|s| s.to_string());
        let Some(key) = key.filter(|k| CLASS_FACETS.contains(&k.as_str())) else {
            if let Some(k) = parts.first().and_then(SExpr::as_symbol) {
                slot.default_given |= matches!(k.as_str(), "default" | "default-dynamic");
            }
            standard.push(facet.clone());
            continue;
        };
        let value = parts
            .get(1)
            .and_then(SExpr::as_symbol)
            .map(|s| s.to_string())
            .unwrap_or_default();
        let bad = || {
            syntax(
                facet.span,
                format!("bad value for facet `{key}`"),
                "defclass slot",
                facet.span.end,
            )
        };
        match (key.as_str(), value.as_str()) {
            ("storage", "local") => slot.shared = Some(false),
            ("storage", "shared") => slot.shared = Some(true),
            ("access", "read-write" | "read-only" | "initialize-only") => {
                slot.access = Some(atom(&value))
            }
            ("propagation", "inherit") => slot.inherit = Some(true),
            ("propagation", "no-inherit") => slot.inherit = Some(false),
            ("source", "exclusive") => slot.composite = Some(false),
            ("source", "composite") => slot.composite = Some(true),
            ("pattern-match", "reactive") => slot.reactive = Some(true),
            ("pattern-match", "non-reactive") => slot.reactive = Some(false),
            ("visibility", "private") => slot.public = Some(false),
            ("visibility", "public") => slot.public = Some(true),
            ("create-accessor", "?NONE") => slot.accessors = Some((false, false)),
            ("create-accessor", "read") => slot.accessors = Some((true, false)),
            ("create-accessor", "write") => slot.accessors = Some((false, true)),
            ("create-accessor", "read-write") => slot.accessors = Some((true, true)),
            ("override-message", "?DEFAULT") => slot.override_message = None,
            ("override-message", message) if !message.is_empty() => {
                slot.override_message = Some(atom(message))
            }
            _ => return Err(vec![bad()]),
        }
    }
    // A composite slot may take its field count from a superclass: its default
    // is checked once the facets are merged.
    let multi_or_composite = multi || slot.composite == Some(true);
    let attributes = parse_attributes(&standard, multi_or_composite, name.name, item.span)?;
    let mut allowed = attributes.allowed.into_iter();
    slot.def.default = attributes.default;
    slot.def.types = attributes.types;
    slot.def.allowed = allowed.next();
    slot.def.also_allowed = allowed.collect();
    slot.def.range = attributes.range;
    slot.def.cardinality = attributes.cardinality;
    slot.def.facets = attributes.facets;
    Ok(slot)
}

/// Parses a defmessage-handler; `items` are the list's items, the keyword included.
pub(super) fn parse_defhandler(
    items: &[SExpr],
    whole: Span,
) -> Result<Defhandler, Vec<Diagnostic>> {
    let what = "defmessage-handler";
    let class = items.get(1).and_then(symbol).ok_or_else(|| {
        vec![syntax(
            closing(whole),
            "missing class name",
            what,
            whole.end,
        )]
    })?;
    let name = items.get(2).and_then(symbol).ok_or_else(|| {
        vec![syntax(
            closing(whole),
            "missing message name",
            what,
            whole.end,
        )]
    })?;
    let mut at = 3;
    let mut kind = Ident {
        name: atom("primary"),
        span: name.span,
    };
    if let Some(k) = items.get(at).and_then(symbol) {
        kind = k;
        at += 1;
    }
    let mut comment = None;
    if let Some(Token::String(text)) = items.get(at).and_then(SExpr::as_token) {
        comment = Some(text.to_string());
        at += 1;
    }
    let Some(params) = items.get(at).and_then(SExpr::as_list) else {
        return Err(vec![syntax(
            items.get(at).map_or(closing(whole), |i| i.span),
            "expected the parameter list",
            what,
            whole.end,
        )]);
    };
    let mut single = Vec::new();
    let mut rest = None;
    for p in params {
        match p.as_token() {
            Some(Token::SfVar(v)) if rest.is_none() => single.push(Ident {
                name: *v,
                span: p.span,
            }),
            Some(Token::MfVar(v)) if rest.is_none() => {
                rest = Some(Ident {
                    name: *v,
                    span: p.span,
                })
            }
            _ => {
                return Err(vec![syntax(
                    p.span,
                    "a parameter is a variable",
                    what,
                    p.span.end,
                )])
            }
        }
    }
    let mut diags = Diags::default();
    let body = items[at + 1..]
        .iter()
        .filter_map(|a| diags.one(parse_expr(a)))
        .collect();
    diags.finish(Defhandler {
        class,
        name,
        kind,
        comment,
        params: single,
        rest,
        body,
        span: whole,
    })
}

/// Parses a definstances; `items` are the list's items, the keyword included.
pub(super) fn parse_definstances(
    items: &[SExpr],
    whole: Span,
) -> Result<Definstances, Vec<Diagnostic>> {
    let header = header(items, whole, "definstances").map_err(|d| vec![d])?;
    let mut body = items.get(header.body..).unwrap_or_default();
    if body
        .first()
        .and_then(SExpr::as_symbol)
        .is_some_and(|s| s.as_str() == "active")
    {
        body = &body[1..];
    }
    if let Some(Token::String(_)) = body.first().and_then(SExpr::as_token) {
        body = &body[1..];
    }
    let mut diags = Diags::default();
    let mut instances = Vec::new();
    for item in body {
        let Some(list) = item.as_list() else {
            diags.push(syntax(
                item.span,
                "expected an instance definition",
                "definstances",
                item.span.end,
            ));
            continue;
        };
        if let Some(spec) = diags.one(instance_spec(list, item.span)) {
            instances.push(spec);
        }
    }
    diags.finish(Definstances {
        name: header.name,
        instances,
        span: whole,
    })
}

/// Which instance function's arguments [`instance_args`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InstanceCall {
    /// `make-instance`: `[name] of class`.
    Make,
    /// `initialize-instance` and the `modify-instance` family: the instance.
    Instance,
    /// The `duplicate-instance` family: the instance, then `[to name]`.
    Duplicate,
}

impl InstanceCall {
    /// The kind of arguments the instance function `name` takes, if it is one.
    pub fn of(name: &str) -> Option<InstanceCall> {
        Some(match name {
            "make-instance" => InstanceCall::Make,
            "initialize-instance"
            | "modify-instance"
            | "active-modify-instance"
            | "message-modify-instance"
            | "active-message-modify-instance" => InstanceCall::Instance,
            "duplicate-instance"
            | "active-duplicate-instance"
            | "message-duplicate-instance"
            | "active-message-duplicate-instance" => InstanceCall::Duplicate,
            _ => return None,
        })
    }
}

/// Reads the arguments of an instance function (see [`InstanceCall`]) as
/// CLIPS's `ParseInitializeInstance` reads them, into plain arguments: the name
/// (`(gensym*)` when omitted) and the class, or the instance (and, to duplicate
/// it, the copy's name, `(gensym*)` when omitted); then each slot override as an
/// [`Expr::List`] of the slot's name expression and its values.
pub fn instance_args(
    items: &[SExpr],
    span: Span,
    call: InstanceCall,
) -> Result<Vec<Expr>, Diagnostic> {
    let make = call == InstanceCall::Make;
    let error = |what: &str, at: usize| {
        Diagnostic::new(span, format!("syntax error in {what}"))
            .with_clips(prntutil::prntutil2(what))
            .read_to(at)
    };
    let is_word = |item: Option<&SExpr>, word: &str| {
        item.and_then(SExpr::as_symbol)
            .is_some_and(|s| s.as_str() == word)
    };
    let is_of = |item: Option<&SExpr>| is_word(item, "of");
    let is_to = |item: Option<&SExpr>| is_word(item, "to");
    let Some(first) = items.first() else {
        return Err(error("instance", span.end));
    };
    if first.as_list().is_some_and(|l| l.is_empty()) {
        return Err(
            Diagnostic::new(first.span, "a function name must be a symbol")
                .with_clips(crate::messages::exprnpsr::exprnpsr1())
                .read_to(first.span.end),
        );
    }
    let mut args = vec![parse_expr(first)?];
    let mut rest = &items[1..];
    if make {
        if is_of(Some(first)) {
            let Some(second) = rest.first() else {
                return Err(error("instance class", span.end));
            };
            if !is_of(Some(second)) {
                args[0] = gensym_call(first.span);
            } else {
                rest = &rest[1..];
            }
        } else if is_of(rest.first()) {
            rest = &rest[1..];
        } else if first.as_list().is_some() {
            // A call in the name's place: the compiler checks it first, then
            // finds no class (see `ExprCompiler::make_instance`).
            return Ok(args);
        } else {
            let at = rest.first().map_or(span.end, |r| r.span.end);
            return Err(error("make-instance", at));
        }
        let Some(class) = rest.first() else {
            return Err(error("instance class", span.end));
        };
        args.push(parse_expr(class)?);
        rest = &rest[1..];
    }
    if call == InstanceCall::Duplicate {
        if is_to(rest.first()) {
            let Some(name) = rest.get(1) else {
                return Err(error("instance name", span.end));
            };
            args.push(parse_expr(name)?);
            rest = &rest[2..];
        } else {
            args.push(gensym_call(first.span));
        }
    }
    for o in rest {
        let Some(parts) = o.as_list().filter(|p| !p.is_empty()) else {
            return Err(error("slot-override", o.span.end));
        };
        let mut list = Vec::with_capacity(parts.len());
        for p in parts {
            list.push(parse_expr(p)?);
        }
        args.push(Expr::List(list, o.span));
    }
    Ok(args)
}

/// `(gensym*)`, the name of an instance made with no name given.
fn gensym_call(span: Span) -> Expr {
    Expr::Call(crate::syntax::ast::Call {
        name: Ident {
            name: atom("gensym*"),
            span,
        },
        args: Vec::new(),
        span,
    })
}

/// Reads an instance of a definstances, `(name of class override...)`, as
/// `make-instance` reads its arguments.
fn instance_spec(items: &[SExpr], span: Span) -> Result<InstanceSpec, Diagnostic> {
    let mut args = instance_args(items, span, InstanceCall::Make)?.into_iter();
    let name = args
        .next()
        .ok_or_else(|| Diagnostic::new(span, "missing instance name"))?;
    let class = args
        .next()
        .ok_or_else(|| Diagnostic::new(span, "missing class"))?;
    let overrides = args
        .map(|o| match o {
            Expr::List(mut items, _) => {
                let slot = items.remove(0);
                (slot, items)
            }
            other => (other, Vec::new()),
        })
        .collect();
    Ok(InstanceSpec {
        name,
        class,
        overrides,
        span,
    })
}
