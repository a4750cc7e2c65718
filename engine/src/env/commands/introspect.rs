//! What the program defines, asked from a program: a deftemplate's slots and their
//! attributes (`deftemplate-slot-*`), and the module a construct belongs to
//! (`deftemplate-module`, `deffacts-module`, `defrule-module`, `deffunction-module`,
//! `defglobal-module`).
//!
//! As in CLIPS 6.4, a template that does not exist is reported on `werror` and the
//! function returns `FALSE`; a slot the template does not have is an error that
//! halts the rule (except for `deftemplate-slot-existp`, whose question it is).

use super::{construct_name, lexeme, not_found, R};
use crate::compile::program::unqualified;
use crate::compile::template::{Slot, SlotDefault};
use crate::compile::{ModuleId, Template, TemplateId};
use crate::env::Runtime;
use crate::eval::EvalError;
use crate::value::{atom, Atom, Value};

/// Every type a slot may hold when its `type` is not restricted, in CLIPS's order.
const ALL_TYPES: [&str; 8] = [
    "FLOAT",
    "INTEGER",
    "SYMBOL",
    "STRING",
    "EXTERNAL-ADDRESS",
    "FACT-ADDRESS",
    "INSTANCE-ADDRESS",
    "INSTANCE-NAME",
];

/// The template named by argument #1, looked up from its own module if qualified;
/// `None` (after CLIPS's message) when there is none.
fn template(rt: &mut Runtime, args: &[Value], what: &str) -> Result<Option<TemplateId>, EvalError> {
    let name = lexeme(args, 0, what)?;
    let from = rt.program.module_of(atom(&name));
    let found = rt.program.template_from(from, atom(&name));
    if found.is_none() {
        not_found(rt, "deftemplate", &name);
    }
    Ok(found)
}

/// The position of slot argument #2 in `template`; CLIPS's error when the template
/// has no such slot.
fn slot(template: &Template, args: &[Value], what: &str) -> Result<usize, EvalError> {
    let name = lexeme(args, 1, what)?;
    (template.slots.iter().position(|s| s.name.as_str() == name)).ok_or_else(|| {
        EvalError::new(format!(
            "[TMPLTDEF1] Invalid slot '{name}' not defined in corresponding deftemplate '{}'.",
            template.name
        ))
    })
}

/// Runs `answer` on the slot named by the arguments, or gives `FALSE` when the
/// template or the slot does not exist.
fn with_slot(rt: &mut Runtime, args: &[Value], what: &str, answer: impl FnOnce(&Slot) -> R) -> R {
    with_slot_or(rt, args, what, Value::false_sym(), answer)
}

/// [`with_slot`] for the functions that list something, which give the empty
/// multifield (`failed`) when the template or the slot does not exist, as CLIPS's do.
fn with_slot_or(
    rt: &mut Runtime,
    args: &[Value],
    what: &str,
    failed: Value,
    answer: impl FnOnce(&Slot) -> R,
) -> R {
    let Some(id) = template(rt, args, what)? else {
        return Ok(failed);
    };
    let t = rt.program.template(id);
    let index = slot(t, args, what).map_err(|e| EvalError {
        returns: Some(failed),
        ..e
    })?;
    answer(&t.slots[index])
}

/// The empty multifield the listing functions give for a missing template or slot.
fn no_list() -> Value {
    Value::multifield(Vec::new())
}

/// `(deftemplate-slot-names template)`: the slot names (`implied` for an ordered
/// fact's relation).
pub(super) fn deftemplate_slot_names(rt: &mut Runtime, args: &[Value]) -> R {
    Ok(match template(rt, args, "deftemplate-slot-names")? {
        Some(id) => {
            let slots = &rt.program.template(id).slots;
            Value::multifield(slots.iter().map(|s| Value::Symbol(s.name)).collect())
        }
        None => Value::false_sym(),
    })
}

/// `(deftemplate-slot-existp template slot)`.
pub(super) fn deftemplate_slot_existp(rt: &mut Runtime, args: &[Value]) -> R {
    let Some(id) = template(rt, args, "deftemplate-slot-existp")? else {
        return Ok(Value::false_sym());
    };
    let name = lexeme(args, 1, "deftemplate-slot-existp")?;
    let t = rt.program.template(id);
    Ok(Value::boolean(
        t.slots.iter().any(|s| s.name.as_str() == name),
    ))
}

/// `(deftemplate-slot-multip template slot)`: whether it is a multislot.
pub(super) fn deftemplate_slot_multip(rt: &mut Runtime, args: &[Value]) -> R {
    with_slot(rt, args, "deftemplate-slot-multip", |s| {
        Ok(Value::boolean(s.multi))
    })
}

/// `(deftemplate-slot-singlep template slot)`: whether it holds one value.
pub(super) fn deftemplate_slot_singlep(rt: &mut Runtime, args: &[Value]) -> R {
    with_slot(rt, args, "deftemplate-slot-singlep", |s| {
        Ok(Value::boolean(!s.multi))
    })
}

/// The types a slot admits, in CLIPS's order (`LEXEME` and `NUMBER` spelled out).
fn slot_types(slot: &Slot) -> impl Iterator<Item = &'static str> + '_ {
    ALL_TYPES
        .into_iter()
        .filter(|t| slot.constraint.admits_type(t))
}

/// `(deftemplate-slot-types template slot)`.
pub(super) fn deftemplate_slot_types(rt: &mut Runtime, args: &[Value]) -> R {
    with_slot_or(rt, args, "deftemplate-slot-types", no_list(), |s| {
        Ok(Value::multifield(
            slot_types(s).map(Value::symbol).collect(),
        ))
    })
}

/// `(deftemplate-slot-allowed-values template slot)`: the values of its
/// `allowed-...` attributes in order, or `FALSE` when they are not restricted.
pub(super) fn deftemplate_slot_allowed_values(rt: &mut Runtime, args: &[Value]) -> R {
    with_slot_or(
        rt,
        args,
        "deftemplate-slot-allowed-values",
        no_list(),
        |s| {
            let allowed = &s.constraint.allowed;
            if allowed.is_empty() {
                return Ok(Value::false_sym());
            }
            let values = allowed.iter().flat_map(|(_, v)| v.iter().cloned());
            Ok(Value::multifield(values.collect()))
        },
    )
}

/// A bound as CLIPS shows it: the value written, or `-oo`/`+oo` for none.
fn bound(value: &Option<Value>, infinity: &str) -> Value {
    value.clone().unwrap_or_else(|| Value::symbol(infinity))
}

/// `(deftemplate-slot-range template slot)`: `(min max)` for a slot that may hold a
/// number, `FALSE` for one that may not.
pub(super) fn deftemplate_slot_range(rt: &mut Runtime, args: &[Value]) -> R {
    with_slot_or(rt, args, "deftemplate-slot-range", no_list(), |s| {
        if !slot_types(s).any(|t| matches!(t, "FLOAT" | "INTEGER")) {
            return Ok(Value::false_sym());
        }
        let (min, max) = s.constraint.range.clone().unwrap_or((None, None));
        Ok(Value::multifield(vec![
            bound(&min, "-oo"),
            bound(&max, "+oo"),
        ]))
    })
}

/// `(deftemplate-slot-cardinality template slot)`: `(min max)` for a multislot, `()`
/// for a single-field slot.
pub(super) fn deftemplate_slot_cardinality(rt: &mut Runtime, args: &[Value]) -> R {
    with_slot_or(rt, args, "deftemplate-slot-cardinality", no_list(), |s| {
        if !s.multi {
            return Ok(Value::multifield(Vec::new()));
        }
        let (min, max) = s.constraint.cardinality.unwrap_or((None, None));
        let max = max.map_or_else(|| Value::symbol("+oo"), Value::Integer);
        Ok(Value::multifield(vec![
            Value::Integer(min.unwrap_or(0)),
            max,
        ]))
    })
}

/// `(deftemplate-slot-defaultp template slot)`: `static` (a constant or derived
/// default), `dynamic` (`default-dynamic`) or `FALSE` (`?NONE`).
pub(super) fn deftemplate_slot_defaultp(rt: &mut Runtime, args: &[Value]) -> R {
    with_slot(rt, args, "deftemplate-slot-defaultp", |s| {
        Ok(match s.default {
            SlotDefault::Derive | SlotDefault::Static(_) => Value::symbol("static"),
            SlotDefault::Dynamic(_) => Value::symbol("dynamic"),
            SlotDefault::Required => Value::false_sym(),
        })
    })
}

/// `(deftemplate-slot-default-value template slot)`: the value an assert that
/// omits the slot gives it (a dynamic default evaluated now), or `?NONE`.
pub(super) fn deftemplate_slot_default_value(rt: &mut Runtime, args: &[Value]) -> R {
    let what = "deftemplate-slot-default-value";
    let Some(id) = template(rt, args, what)? else {
        return Ok(Value::false_sym());
    };
    let t = rt.program.template(id);
    let index = slot(t, args, what)?;
    if matches!(t.slots[index].default, SlotDefault::Required) {
        return Ok(Value::symbol("?NONE"));
    }
    rt.default_of(id, index)
}

/// The facet named by argument #3 of `slot`, if it has one.
fn facet(slot: &Slot, args: &[Value], what: &str) -> Result<Option<Value>, EvalError> {
    let name = lexeme(args, 2, what)?;
    let found = slot.facets.iter().find(|(f, _)| f.as_str() == name);
    Ok(found.map(|(_, value)| value.clone()))
}

/// `(deftemplate-slot-facet-existp template slot facet)`: whether the slot has the
/// user facet (`facet`, `multifacet`).
pub(super) fn deftemplate_slot_facet_existp(rt: &mut Runtime, args: &[Value]) -> R {
    let what = "deftemplate-slot-facet-existp";
    with_slot(rt, args, what, |s| {
        Ok(Value::boolean(facet(s, args, what)?.is_some()))
    })
}

/// `(deftemplate-slot-facet-value template slot facet)`: the facet's value, or
/// `FALSE` when the slot has no such facet.
pub(super) fn deftemplate_slot_facet_value(rt: &mut Runtime, args: &[Value]) -> R {
    let what = "deftemplate-slot-facet-value";
    with_slot(rt, args, what, |s| {
        Ok(facet(s, args, what)?.unwrap_or_else(Value::false_sym))
    })
}

/// Answers a `def...-module` function: the module `find` gives for the construct
/// named by the argument, or `FALSE` after CLIPS's message.
pub(super) fn module_of(
    rt: &mut Runtime,
    args: &[Value],
    construct: &str,
    find: impl FnOnce(&Runtime, Atom) -> Option<ModuleId>,
) -> R {
    let name = construct_name(args, 0, &format!("{construct}-module"))?;
    match find(rt, name) {
        Some(module) => Ok(Value::Symbol(rt.program.module_name(module))),
        None => {
            not_found(rt, construct, name.as_str());
            Ok(Value::false_sym())
        }
    }
}

/// `(deftemplate-module name)`.
pub(super) fn deftemplate_module(rt: &mut Runtime, args: &[Value]) -> R {
    Ok(match template(rt, args, "deftemplate-module")? {
        Some(id) => Value::Symbol(rt.program.module_name(rt.program.template(id).module)),
        None => Value::false_sym(),
    })
}

/// The module defining the rule or deffacts `name` (`defines` tells whether a module
/// has one of that bare name): a qualified name's module, else the current module
/// or one whose constructs it sees through `?ALL` imports and exports.
fn unexported_module(
    rt: &Runtime,
    name: Atom,
    defines: impl Fn(ModuleId, Atom) -> bool,
) -> Option<ModuleId> {
    let (module, base) = rt.program.module_and_name(name)?;
    if base != name {
        return defines(module, base).then_some(module);
    }
    let mut seen = rt.program.sources_of_unexported(module).into_iter();
    seen.find(|&m| defines(m, base))
}

/// `(deffacts-module name)`.
pub(super) fn deffacts_module(rt: &mut Runtime, args: &[Value]) -> R {
    module_of(rt, args, "deffacts", |rt, name| {
        unexported_module(rt, name, |module, base| {
            (rt.deffacts.iter()).any(|d| d.module == module && unqualified(d.name) == base)
        })
    })
}

/// `(defrule-module name)`.
pub(super) fn defrule_module(rt: &mut Runtime, args: &[Value]) -> R {
    module_of(rt, args, "defrule", |rt, name| {
        unexported_module(rt, name, |module, base| {
            rt.rule_ids.contains_key(&(module, base))
        })
    })
}

/// `(deffunction-module name)`.
pub(super) fn deffunction_module(rt: &mut Runtime, args: &[Value]) -> R {
    module_of(rt, args, "deffunction", |rt, name| {
        let from = rt.program.module_of(name);
        let id = rt.program.function_from(from, name)?;
        Some(rt.program.functions[id as usize].module)
    })
}

/// `(defglobal-module name)`: the name without its `?*` and `*`.
pub(super) fn defglobal_module(rt: &mut Runtime, args: &[Value]) -> R {
    module_of(rt, args, "defglobal", |rt, name| {
        let from = rt.program.module_of(name);
        let id = rt.program.global_from(from, name)?;
        Some(rt.program.globals[id as usize].module)
    })
}
