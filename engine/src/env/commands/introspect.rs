//! What the program defines, asked from a program: a deftemplate's slots and their
//! attributes (`deftemplate-slot-*`), and the module a construct belongs to
//! (`deftemplate-module`, `deffacts-module`, `defrule-module`, `deffunction-module`,
//! `defglobal-module`).
//!
//! As in CLIPS 6.4, a template that does not exist is reported on `werror` and the
//! function returns `FALSE`; a slot the template does not have is an error that
//! halts the rule (except for `deftemplate-slot-existp`, whose question it is).

use super::{lexeme, not_found, R};
use crate::compile::program::unqualified;
use crate::compile::template::{Slot, SlotDefault};
use crate::compile::{ModuleId, Template};
use crate::env::Runtime;
use crate::eval::{self, EvalError};
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
fn template<'a>(
    rt: &'a mut Runtime,
    args: &[Value],
    what: &str,
) -> Result<Option<&'a Template>, EvalError> {
    let name = lexeme(args, 0, what)?;
    let from = rt.program.module_of(atom(&name));
    match rt.program.template_from(from, atom(&name)) {
        Some(id) => Ok(Some(rt.program.template(id))),
        None => {
            not_found(rt, "deftemplate", &name);
            Ok(None)
        }
    }
}

/// Slot argument #2 of `template`; CLIPS's error when the template has no such slot.
fn slot<'a>(template: &'a Template, args: &[Value], what: &str) -> Result<&'a Slot, EvalError> {
    let name = lexeme(args, 1, what)?;
    (template.slots.iter().find(|s| s.name.as_str() == name)).ok_or_else(|| {
        EvalError::new(format!(
            "[TMPLTDEF1] Invalid slot '{name}' not defined in corresponding deftemplate '{}'.",
            template.name
        ))
    })
}

/// Runs `answer` on the slot named by the arguments, or gives `FALSE` when the
/// template does not exist.
fn with_slot(
    rt: &mut Runtime,
    args: &[Value],
    what: &str,
    answer: impl FnOnce(&Slot) -> Value,
) -> R {
    match template(rt, args, what)? {
        Some(t) => Ok(answer(slot(t, args, what)?)),
        None => Ok(Value::false_sym()),
    }
}

/// `(deftemplate-slot-names template)`: the slot names (`implied` for an ordered
/// fact's relation).
pub(super) fn deftemplate_slot_names(rt: &mut Runtime, args: &[Value]) -> R {
    Ok(match template(rt, args, "deftemplate-slot-names")? {
        Some(t) => Value::multifield(t.slots.iter().map(|s| Value::Symbol(s.name)).collect()),
        None => Value::false_sym(),
    })
}

/// `(deftemplate-slot-existp template slot)`.
pub(super) fn deftemplate_slot_existp(rt: &mut Runtime, args: &[Value]) -> R {
    let Some(t) = template(rt, args, "deftemplate-slot-existp")? else {
        return Ok(Value::false_sym());
    };
    let name = lexeme(args, 1, "deftemplate-slot-existp")?;
    Ok(Value::boolean(
        t.slots.iter().any(|s| s.name.as_str() == name),
    ))
}

/// `(deftemplate-slot-multip template slot)`: whether it is a multislot.
pub(super) fn deftemplate_slot_multip(rt: &mut Runtime, args: &[Value]) -> R {
    with_slot(rt, args, "deftemplate-slot-multip", |s| {
        Value::boolean(s.multi)
    })
}

/// `(deftemplate-slot-singlep template slot)`: whether it holds one value.
pub(super) fn deftemplate_slot_singlep(rt: &mut Runtime, args: &[Value]) -> R {
    with_slot(rt, args, "deftemplate-slot-singlep", |s| {
        Value::boolean(!s.multi)
    })
}

/// The types a slot admits, in CLIPS's order (`LEXEME` and `NUMBER` spelled out).
fn slot_types(slot: &Slot) -> Vec<&'static str> {
    let declared = &slot.constraint.types;
    let admits = |t: &str| {
        declared.iter().any(|d| {
            let d = d.as_str();
            d == t
                || (d == "LEXEME" && matches!(t, "SYMBOL" | "STRING"))
                || (d == "NUMBER" && matches!(t, "FLOAT" | "INTEGER"))
        })
    };
    if declared.is_empty() {
        return ALL_TYPES.to_vec();
    }
    ALL_TYPES.into_iter().filter(|t| admits(t)).collect()
}

/// `(deftemplate-slot-types template slot)`.
pub(super) fn deftemplate_slot_types(rt: &mut Runtime, args: &[Value]) -> R {
    with_slot(rt, args, "deftemplate-slot-types", |s| {
        Value::multifield(slot_types(s).into_iter().map(Value::symbol).collect())
    })
}

/// `(deftemplate-slot-allowed-values template slot)`: the values of its
/// `allowed-...` attributes in order, or `FALSE` when they are not restricted.
pub(super) fn deftemplate_slot_allowed_values(rt: &mut Runtime, args: &[Value]) -> R {
    with_slot(rt, args, "deftemplate-slot-allowed-values", |s| {
        let allowed = &s.constraint.allowed;
        if allowed.is_empty() {
            return Value::false_sym();
        }
        Value::multifield(
            allowed
                .iter()
                .flat_map(|(_, v)| v.iter().cloned())
                .collect(),
        )
    })
}

/// A bound as CLIPS shows it: the value written, or `-oo`/`+oo` for none.
fn bound(value: &Option<Value>, infinity: &str) -> Value {
    value.clone().unwrap_or_else(|| Value::symbol(infinity))
}

/// `(deftemplate-slot-range template slot)`: `(min max)` for a slot that may hold a
/// number, `FALSE` for one that may not.
pub(super) fn deftemplate_slot_range(rt: &mut Runtime, args: &[Value]) -> R {
    with_slot(rt, args, "deftemplate-slot-range", |s| {
        let numeric = slot_types(s)
            .iter()
            .any(|t| matches!(*t, "FLOAT" | "INTEGER"));
        if !numeric {
            return Value::false_sym();
        }
        let (min, max) = s.constraint.range.clone().unwrap_or((None, None));
        Value::multifield(vec![bound(&min, "-oo"), bound(&max, "+oo")])
    })
}

/// `(deftemplate-slot-cardinality template slot)`: `(min max)` for a multislot, `()`
/// for a single-field slot.
pub(super) fn deftemplate_slot_cardinality(rt: &mut Runtime, args: &[Value]) -> R {
    with_slot(rt, args, "deftemplate-slot-cardinality", |s| {
        if !s.multi {
            return Value::multifield(Vec::new());
        }
        let (min, max) = s.constraint.cardinality.unwrap_or((None, None));
        let max = max.map_or_else(|| Value::symbol("+oo"), Value::Integer);
        Value::multifield(vec![Value::Integer(min.unwrap_or(0)), max])
    })
}

/// `(deftemplate-slot-defaultp template slot)`: `static` (a constant or derived
/// default), `dynamic` (`default-dynamic`) or `FALSE` (`?NONE`).
pub(super) fn deftemplate_slot_defaultp(rt: &mut Runtime, args: &[Value]) -> R {
    with_slot(rt, args, "deftemplate-slot-defaultp", |s| match s.default {
        SlotDefault::Derive | SlotDefault::Static(_) => Value::symbol("static"),
        SlotDefault::Dynamic(_) => Value::symbol("dynamic"),
        SlotDefault::Required => Value::false_sym(),
    })
}

/// `(deftemplate-slot-default-value template slot)`: the value an assert that
/// omits the slot gives it (a dynamic default evaluated now), or `?NONE`.
pub(super) fn deftemplate_slot_default_value(rt: &mut Runtime, args: &[Value]) -> R {
    let what = "deftemplate-slot-default-value";
    let Some(t) = template(rt, args, what)? else {
        return Ok(Value::false_sym());
    };
    let s = slot(t, args, what)?;
    match &s.default {
        SlotDefault::Derive => Ok(s.constraint.derived_default(s.multi)),
        SlotDefault::Static(value) => Ok(value.clone()),
        SlotDefault::Required => Ok(Value::symbol("?NONE")),
        SlotDefault::Dynamic(exprs) => {
            let (exprs, multi) = (exprs.clone(), s.multi);
            let mut values = eval::Args::with_capacity(exprs.len());
            for e in exprs.iter() {
                values.push(rt.eval_plain(e)?);
            }
            Ok(if multi {
                eval::flatten(values)
            } else {
                values.into_iter().next().unwrap_or_else(Value::nil)
            })
        }
    }
}

/// The facet named by argument #3 of the slot named by the others, if it has one.
fn facet(slot: &Slot, args: &[Value], what: &str) -> Result<Option<Value>, EvalError> {
    let name = lexeme(args, 2, what)?;
    let found = slot.facets.iter().find(|(f, _)| f.as_str() == name);
    Ok(found.map(|(_, value)| value.clone()))
}

/// `(deftemplate-slot-facet-existp template slot facet)`: whether the slot has the
/// user facet (`facet`, `multifacet`).
pub(super) fn deftemplate_slot_facet_existp(rt: &mut Runtime, args: &[Value]) -> R {
    let what = "deftemplate-slot-facet-existp";
    let Some(t) = template(rt, args, what)? else {
        return Ok(Value::false_sym());
    };
    Ok(Value::boolean(
        facet(slot(t, args, what)?, args, what)?.is_some(),
    ))
}

/// `(deftemplate-slot-facet-value template slot facet)`: the facet's value, or
/// `FALSE` when the slot has no such facet.
pub(super) fn deftemplate_slot_facet_value(rt: &mut Runtime, args: &[Value]) -> R {
    let what = "deftemplate-slot-facet-value";
    let Some(t) = template(rt, args, what)? else {
        return Ok(Value::false_sym());
    };
    Ok(facet(slot(t, args, what)?, args, what)?.unwrap_or_else(Value::false_sym))
}

/// Answers a `def...-module` function: the module `find` gives for the construct
/// named by the argument, or `FALSE` after CLIPS's message.
fn module_of(
    rt: &mut Runtime,
    args: &[Value],
    construct: &str,
    find: impl FnOnce(&Runtime, Atom) -> Option<ModuleId>,
) -> R {
    let name = lexeme(args, 0, &format!("{construct}-module"))?;
    match find(rt, atom(&name)) {
        Some(module) => Ok(Value::Symbol(rt.program.module_name(module))),
        None => {
            not_found(rt, construct, &name);
            Ok(Value::false_sym())
        }
    }
}

/// `(deftemplate-module name)`.
pub(super) fn deftemplate_module(rt: &mut Runtime, args: &[Value]) -> R {
    module_of(rt, args, "deftemplate", |rt, name| {
        let from = rt.program.module_of(name);
        let id = rt.program.template_from(from, name)?;
        Some(rt.program.template(id).module)
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
