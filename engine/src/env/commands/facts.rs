//! Fact functions: `fact-index`, `fact-slot-value`, `fact-existp`, `fact-relation`,
//! `fact-slot-names`, `get-fact-list`, and the fact-duplication and dynamic
//! constraint-checking settings.

use super::{fact_arg, lexeme, R};
use crate::env::Runtime;
use crate::eval::EvalError;
use crate::value::{atom, FactId, Value};

/// `(fact-index ...)`.
pub(super) fn fact_index(rt: &mut Runtime, args: &[Value]) -> R {
    Ok(Value::Integer(
        fact_arg(rt, args, "fact-index")?.id.0 as i64,
    ))
}

/// `(fact-slot-value ...)`.
pub(super) fn fact_slot_value(rt: &mut Runtime, args: &[Value]) -> R {
    let fact = fact_arg(rt, args, "fact-slot-value")?;
    let slot = lexeme(args, 1, "fact-slot-value")?;
    let t = rt.program.template(fact.template);
    let index = if t.implied && slot == "implied" {
        Some(0)
    } else {
        t.slot_index(atom(&slot))
    };
    index.map(|i| fact.slots[i].clone()).ok_or_else(|| {
        EvalError::new(format!(
            "fact-slot-value: template {} has no slot {slot}",
            t.name
        ))
    })
}

/// `(fact-existp ...)`.
pub(super) fn fact_existp(rt: &mut Runtime, args: &[Value]) -> R {
    let id = match args[0] {
        Value::Fact(id) => id,
        Value::Integer(i) if i > 0 => FactId(i as u64),
        _ => return Ok(Value::false_sym()),
    };
    Ok(Value::boolean(rt.wm.get(id).is_some()))
}

/// `(fact-relation ...)`.
pub(super) fn fact_relation(rt: &mut Runtime, args: &[Value]) -> R {
    let fact = fact_arg(rt, args, "fact-relation")?;
    Ok(Value::Symbol(rt.program.template(fact.template).name))
}

/// `(fact-slot-names ...)`.
pub(super) fn fact_slot_names(rt: &mut Runtime, args: &[Value]) -> R {
    let fact = fact_arg(rt, args, "fact-slot-names")?;
    let t = rt.program.template(fact.template);
    Ok(Value::multifield(
        t.slots.iter().map(|s| Value::Symbol(s.name)).collect(),
    ))
}

/// `(get-fact-duplication)`: whether identical facts may be asserted.
pub(super) fn get_fact_duplication(rt: &mut Runtime, _: &[Value]) -> R {
    Ok(Value::boolean(rt.fact_duplication))
}

/// `(set-fact-duplication TRUE|FALSE)`: allows or forbids identical facts; returns the
/// old setting. Any value but `FALSE` allows them, as in CLIPS.
pub(super) fn set_fact_duplication(rt: &mut Runtime, args: &[Value]) -> R {
    let allowed = args[0] != Value::false_sym();
    Ok(Value::boolean(std::mem::replace(
        &mut rt.fact_duplication,
        allowed,
    )))
}

/// `(get-dynamic-constraint-checking)`: whether slot values are checked at run time.
pub(super) fn get_dynamic_constraint_checking(rt: &mut Runtime, _: &[Value]) -> R {
    Ok(Value::boolean(rt.dynamic_constraint_checking))
}

/// `(set-dynamic-constraint-checking TRUE|FALSE)`: turns run-time checking of slot
/// values against their constraints on or off; returns the old setting.
pub(super) fn set_dynamic_constraint_checking(rt: &mut Runtime, args: &[Value]) -> R {
    let on = args[0] != Value::false_sym();
    Ok(Value::boolean(std::mem::replace(
        &mut rt.dynamic_constraint_checking,
        on,
    )))
}

/// `(get-fact-list [module])`: the addresses of the facts the module (default: the
/// current one) can see, in index order.
pub(super) fn get_fact_list(rt: &mut Runtime, args: &[Value]) -> R {
    let module = match args.first() {
        Some(_) => {
            let name = lexeme(args, 0, "get-fact-list")?;
            rt.program.module_id(atom(&name)).ok_or_else(|| {
                EvalError::new(format!("get-fact-list: unable to find defmodule {name}"))
            })?
        }
        None => rt.program.current_module,
    };
    Ok(Value::multifield(
        rt.wm
            .iter()
            .filter(|f| rt.program.is_visible(f.template, module))
            .map(|f| Value::Fact(f.id))
            .collect(),
    ))
}
