//! The COOL constructs: `defclass`, `defmessage-handler` and `definstances`.

use super::common::{closing, describe, header, read_past, symbol, Diags};
use super::expr::parse_expr;
use super::function::parse_params;
use super::slot_attr::{is_constraint, parse_attributes, parse_default};
use crate::messages::constructs::cstrcpsr2;
use crate::messages::{classpsr, clsltpsr, inherpsr, msgpsr, prntutil};
use crate::syntax::ast::{
    ClassSlot, DefaultSpec, Defclass, Defhandler, Definstances, Expr, Ident, InstanceSpec, SlotDef,
};
use crate::syntax::sexpr::{SExpr, Token};
use crate::syntax::{Diagnostic, Span};
use crate::value::atom;

/// CLIPS's syntax error in construct part `what`, found once it had read to `at`.
fn syntax(span: Span, message: impl Into<String>, what: &str, at: usize) -> Diagnostic {
    Diagnostic::new(span, message)
        .with_clips(prntutil::prntutil2(what))
        .read_to(at)
}

/// A CLIPS error `clips` (its text also the message), found once CLIPS had read to
/// the end of `span`.
fn error_at(span: Span, clips: String) -> Diagnostic {
    Diagnostic::new(span, clips.clone())
        .with_clips(clips)
        .read_to(span.end)
}

/// Parses a defclass; `items` are the list's items, `defclass` included. It reads
/// as CLIPS's `ParseDefclass` reads, token by token, and stops at the first error:
/// an error in the superclass list or after it is kept in the construct
/// (`supers_fault`, `fault`), since CLIPS checks the names and slots read before
/// it first.
pub(super) fn parse_defclass(items: &[SExpr], whole: Span) -> Result<Defclass, Vec<Diagnostic>> {
    let header = header(items, whole, "defclass").map_err(|d| vec![d])?;
    let mut class = Defclass {
        name: header.name,
        comment: header.comment,
        supers: Vec::new(),
        abstract_: None,
        reactive: None,
        slots: Vec::new(),
        name_read_to: read_past(items.get(header.body), whole),
        supers_fault: None,
        fault: None,
        span: whole,
    };
    let body = items.get(header.body..).unwrap_or_default();
    if let Err(fault) = superclasses(body.first(), whole, &mut class.supers) {
        class.supers_fault = Some(Box::new(fault));
        return Ok(class);
    }
    if let Err(fault) = class_items(body.get(1..).unwrap_or_default(), &mut class) {
        class.fault = Some(Box::new(fault));
    }
    Ok(class)
}

/// Reads `(is-a superclass...)` (`item`, the first after the name and comment)
/// into `supers`, as CLIPS's `ParseSuperclasses` reads it.
fn superclasses(
    item: Option<&SExpr>,
    whole: Span,
    supers: &mut Vec<Ident>,
) -> Result<(), Diagnostic> {
    let inheritance = "defclass inheritance";
    let Some(item) = item else {
        return Err(syntax(
            closing(whole),
            "expected `(is-a superclass...)`",
            inheritance,
            whole.end,
        ));
    };
    let Some(list) = item.as_list() else {
        return Err(syntax(
            item.span,
            "expected `(is-a superclass...)`",
            inheritance,
            item.span.end,
        ));
    };
    if !list.first().is_some_and(|f| is_symbol(f, "is-a")) {
        return Err(syntax(
            item.span,
            "expected `(is-a superclass...)`",
            inheritance,
            read_past(list.first(), item.span),
        ));
    }
    for s in &list[1..] {
        match symbol(s) {
            Some(ident) => supers.push(ident),
            None => {
                return Err(syntax(
                    s.span,
                    "a superclass is a class name",
                    "defclass",
                    read_past(Some(s), item.span),
                ))
            }
        }
    }
    if supers.is_empty() {
        return Err(Diagnostic::new(item.span, "a class needs a superclass")
            .with_clips(inherpsr::inherpsr4())
            .read_to(item.span.end));
    }
    Ok(())
}

/// Whether `item` is the symbol `name`.
fn is_symbol(item: &SExpr, name: &str) -> bool {
    item.as_symbol().is_some_and(|s| s.as_str() == name)
}

/// Reads the class attributes and slots after the superclasses into `class`, up
/// to the first error.
fn class_items(items: &[SExpr], class: &mut Defclass) -> Result<(), Diagnostic> {
    for item in items {
        let Some(list) = item.as_list() else {
            return Err(syntax(
                item.span,
                format!(
                    "expected a slot or class attribute, found {}",
                    describe(item)
                ),
                "defclass",
                item.span.end,
            ));
        };
        let Some(head) = list.first().and_then(symbol) else {
            return Err(syntax(
                item.span,
                "expected a slot or class attribute",
                "defclass",
                read_past(list.first(), item.span),
            ));
        };
        match head.name.as_str() {
            "role" => {
                let value = qualifier(
                    &head,
                    list,
                    item.span,
                    class.abstract_,
                    ["concrete", "abstract"],
                )?;
                class.abstract_ = Some(value);
            }
            "pattern-match" => {
                let value = qualifier(
                    &head,
                    list,
                    item.span,
                    class.reactive,
                    ["non-reactive", "reactive"],
                )?;
                class.reactive = Some(value);
            }
            "slot" | "multislot" => {
                let multi = head.name.as_str() == "multislot";
                let slot = parse_slot(item, list, multi, class)?;
                class.slots.push(slot);
            }
            // A handler declared in the class: CLIPS skips it, Salience takes the
            // defmessage-handler that defines it.
            "message-handler" => {}
            _ => {
                return Err(syntax(
                    head.span,
                    format!("unknown defclass attribute `{}`", head.name),
                    "defclass",
                    head.span.end,
                ))
            }
        }
    }
    Ok(())
}

/// Reads `(role concrete|abstract)` or `(pattern-match non-reactive|reactive)`
/// (`head` is its keyword, `given` the value an earlier one gave): `values` are
/// the words for false and true.
fn qualifier(
    head: &Ident,
    list: &[SExpr],
    span: Span,
    given: Option<bool>,
    values: [&str; 2],
) -> Result<bool, Diagnostic> {
    if given.is_some() {
        return Err(error_at(head.span, classpsr::classpsr4(head.name.as_str())));
    }
    let bad = |at: usize| {
        syntax(
            span,
            format!("expected `({} {}|{})`", head.name, values[0], values[1]),
            "defclass",
            at,
        )
    };
    let value = list.get(1).and_then(SExpr::as_symbol);
    let Some(index) = value.and_then(|v| values.iter().position(|w| *w == v.as_str())) else {
        return Err(bad(read_past(list.get(1), span)));
    };
    if let Some(extra) = list.get(2) {
        return Err(bad(read_past(Some(extra), span)));
    }
    Ok(index == 1)
}

/// The facets a simple word sets (CLIPS's `ParseSimpleFacet`): the words each
/// accepts, in CLIPS's order, and the `?` keyword it also accepts.
fn simple_facet(name: &str) -> Option<(&'static [&'static str], Option<&'static str>)> {
    Some(match name {
        "access" => (&["read-write", "read-only", "initialize-only"], None),
        "storage" => (&["local", "shared"], None),
        "propagation" => (&["inherit", "no-inherit"], None),
        "source" => (&["exclusive", "composite"], None),
        "pattern-match" => (&["non-reactive", "reactive"], None),
        "visibility" => (&["private", "public"], None),
        "create-accessor" => (&["read", "write", "read-write"], Some("NONE")),
        // Any symbol names the message.
        "override-message" => (&[], Some("DEFAULT")),
        _ => return None,
    })
}

/// Reads one slot of a defclass as CLIPS's `ParseSlot` reads it, up to the first
/// error; `class` holds the slots read before it.
fn parse_slot(
    item: &SExpr,
    list: &[SExpr],
    multi: bool,
    class: &Defclass,
) -> Result<ClassSlot, Diagnostic> {
    let slot_syntax = "defclass slot";
    let name = list
        .get(1)
        .and_then(symbol)
        .filter(|n| !matches!(n.name.as_str(), "is-a" | "name"));
    let Some(name) = name else {
        return Err(syntax(
            item.span,
            "expected a slot name",
            slot_syntax,
            read_past(list.get(1), item.span),
        ));
    };
    if class.slots.iter().any(|s| s.def.name.name == name.name) {
        return Err(error_at(
            name.span,
            clsltpsr::clsltpsr1(name.name.as_str(), class.name.name.as_str()),
        ));
    }
    let mut slot = ClassSlot {
        def: SlotDef {
            name,
            multi,
            default: DefaultSpec::Derive,
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
    // The facets read, by name (`default` and `default-dynamic` as `default`),
    // and the standard constraint facets, read together at the end.
    let mut seen: Vec<&str> = Vec::new();
    let mut standard = Vec::new();
    for facet in list.get(2..).unwrap_or_default() {
        let Some(parts) = facet.as_list() else {
            return Err(syntax(
                facet.span,
                "expected a slot facet",
                slot_syntax,
                facet.span.end,
            ));
        };
        let Some(key) = parts.first().and_then(symbol) else {
            return Err(syntax(
                facet.span,
                "expected a slot facet",
                slot_syntax,
                read_past(parts.first(), facet.span),
            ));
        };
        let already = |name: &str| {
            error_at(
                key.span,
                clsltpsr::clsltpsr2(name, slot.def.name.name.as_str()),
            )
        };
        let word = key.name.as_str();
        if let "default" | "default-dynamic" = word {
            if seen.contains(&"default") {
                return Err(already("default"));
            }
            let dynamic = word == "default-dynamic";
            let args = parts.get(1..).unwrap_or_default();
            slot.def.default = parse_default(args, facet.span, dynamic, true, name.name)?;
            if !matches!(slot.def.default, DefaultSpec::Derive) {
                seen.push("default");
                slot.default_given = true;
            }
            continue;
        }
        if let Some((words, keyword)) = simple_facet(word) {
            if seen.contains(&word) {
                return Err(already(word));
            }
            seen.push(word);
            let bad = |at: usize| {
                syntax(
                    facet.span,
                    format!("bad value for facet `{word}`"),
                    "slot facet",
                    at,
                )
            };
            let value = parts.get(1);
            let chosen = match value.and_then(SExpr::as_token) {
                Some(Token::SfVar(v)) if Some(v.as_str()) == keyword => None,
                Some(Token::Symbol(v)) if words.is_empty() => Some(v.to_string()),
                Some(Token::Symbol(v)) if words.contains(&v.as_str()) => Some(v.to_string()),
                _ => return Err(bad(read_past(value, facet.span))),
            };
            if let Some(extra) = parts.get(2) {
                return Err(bad(read_past(Some(extra), facet.span)));
            }
            set_simple_facet(&mut slot, word, chosen.as_deref());
            continue;
        }
        if is_constraint(word) {
            standard.push(facet.clone());
            continue;
        }
        return Err(syntax(
            key.span,
            format!("unknown slot facet `{word}`"),
            slot_syntax,
            key.span.end,
        ));
    }
    let attributes =
        parse_attributes(&standard, true, name.name, item.span).map_err(|mut d| d.remove(0))?;
    let mut allowed = attributes.allowed.into_iter();
    slot.def.types = attributes.types;
    slot.def.allowed = allowed.next();
    slot.def.also_allowed = allowed.collect();
    slot.def.range = attributes.range;
    slot.def.cardinality = attributes.cardinality;
    Ok(slot)
}

/// Sets facet `word` of `slot` to `value` (`None`: the facet's `?` keyword).
fn set_simple_facet(slot: &mut ClassSlot, word: &str, value: Option<&str>) {
    let set = value.is_some_and(|v| {
        matches!(
            v,
            "shared" | "no-inherit" | "composite" | "reactive" | "public"
        )
    });
    match word {
        "access" => slot.access = value.map(atom),
        "storage" => slot.shared = Some(set),
        "propagation" => slot.inherit = Some(!set),
        "source" => slot.composite = Some(set),
        "pattern-match" => slot.reactive = Some(set),
        "visibility" => slot.public = Some(set),
        "create-accessor" => {
            slot.accessors = Some(match value {
                Some("read") => (true, false),
                Some("write") => (false, true),
                Some(_) => (true, true),
                None => (false, false),
            })
        }
        // `?DEFAULT` names the message CLIPS sends by default.
        _ => {
            let name = slot.def.name.name;
            slot.override_message = Some(value.map_or_else(|| atom(&format!("put-{name}")), atom));
        }
    }
}

/// Parses a defmessage-handler; `items` are the list's items, the keyword included.
/// It reads as CLIPS's `ParseDefmessageHandler` reads, up to the first error,
/// which it keeps in the construct (`fault`, `body_fault`): CLIPS checks the class
/// and the handler's name and type first.
pub(super) fn parse_defhandler(
    items: &[SExpr],
    whole: Span,
) -> Result<Defhandler, Vec<Diagnostic>> {
    let what = "defmessage-handler";
    let class = items.get(1).and_then(symbol).ok_or_else(|| {
        let at = items.get(1).map_or(closing(whole), |i| i.span);
        vec![Diagnostic::new(at, "missing class name")
            .with_clips(cstrcpsr2(what))
            .read_to(read_past(items.get(1), whole))]
    })?;
    let mut handler = Defhandler {
        name: Ident {
            name: atom(""),
            span: class.span,
        },
        kind: Ident {
            name: atom("primary"),
            span: class.span,
        },
        class,
        comment: None,
        params: Vec::new(),
        rest: None,
        body: Vec::new(),
        class_read_to: read_past(items.get(2), whole),
        kind_read_to: whole.end,
        fault: None,
        body_fault: None,
        span: whole,
    };
    let Some(name) = items.get(2).and_then(symbol) else {
        let at = items.get(2).map_or(closing(whole), |i| i.span);
        let fault = syntax(
            at,
            "missing message name",
            what,
            read_past(items.get(2), whole),
        );
        handler.fault = Some(Box::new(fault));
        return Ok(handler);
    };
    handler.name = name;
    let mut at = 3;
    match items.get(at).and_then(SExpr::as_token) {
        Some(Token::String(text)) => {
            handler.comment = Some(text.to_string());
            at += 1;
        }
        // The type is checked once the class is known (`define_handler`).
        Some(Token::Symbol(kind)) => {
            handler.kind = Ident {
                name: *kind,
                span: items[at].span,
            };
            at += 1;
            if let Some(Token::String(text)) = items.get(at).and_then(SExpr::as_token) {
                handler.comment = Some(text.to_string());
                at += 1;
            }
        }
        Some(_) => {
            let span = items[at].span;
            handler.fault = Some(Box::new(syntax(
                span,
                "expected the handler type",
                what,
                span.end,
            )));
            return Ok(handler);
        }
        None => {}
    }
    handler.kind_read_to = read_past(items.get(at), whole);
    let params = match items.get(at) {
        Some(list) if list.as_list().is_some() => {
            parse_params(list, Some(atom("self")), slot_reference)
        }
        other => Err(syntax(
            other.map_or(closing(whole), |o| o.span),
            "expected the parameter list",
            "parameter list",
            read_past(other, whole),
        )),
    };
    let params = match params {
        Ok(params) => params,
        Err(fault) => {
            handler.body_fault = Some(Box::new(fault));
            return Ok(handler);
        }
    };
    handler.params = params.single;
    handler.rest = params.rest;
    for action in items.get(at + 1..).unwrap_or_default() {
        match parse_expr(action) {
            Ok(expr) => handler.body.push(expr),
            Err(fault) => {
                handler.body_fault = Some(Box::new(fault));
                break;
            }
        }
    }
    Ok(handler)
}

/// Refuses a slot reference, `?self:slot`, as a handler's parameter.
fn slot_reference(param: &Ident) -> Option<Diagnostic> {
    param
        .name
        .as_str()
        .starts_with("self:")
        .then(|| error_at(param.span, msgpsr::msgpsr4()))
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
