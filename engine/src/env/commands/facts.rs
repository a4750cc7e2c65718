//! Fact functions: `fact-index`, `fact-slot-value`, `fact-existp`, `fact-relation`,
//! `fact-slot-names`, `get-fact-list`, `ppfact`, and the fact-duplication and dynamic
//! constraint-checking settings.

use super::show;
use super::{fact_arg, lexeme, logical_name, out, report, R};
use crate::compile::template::SlotDefault;
use crate::env::Runtime;
use crate::eval::EvalError;
use crate::functions::args::type_error;
use crate::messages;
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
    match index {
        Some(i) => Ok(fact.slots[i].clone()),
        // CLIPS reports the slot and goes on with FALSE.
        None => {
            let message = messages::templates::tmpltdef1(&slot, t.name.as_str(), false);
            rt.routers.write("werror", &format!("{message}\n"));
            Ok(Value::false_sym())
        }
    }
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

/// `(ppfact fact [logical-name [ignore-defaults]])`: the fact with each slot on a
/// line of its own; with `ignore-defaults` (anything but FALSE), without the slots
/// that hold their static default. To `nil`, the text is returned, not printed.
pub(super) fn ppfact(rt: &mut Runtime, args: &[Value]) -> R {
    let id = match args.first() {
        Some(Value::Fact(id)) => *id,
        Some(Value::Integer(i)) if *i > 0 => FactId(*i as u64),
        Some(Value::Integer(_)) => {
            return Err(EvalError::new(
                type_error("ppfact", 0, "fact-address or fact-index").message,
            ))
        }
        _ => {
            return Err(EvalError::new(
                type_error("ppfact", 0, "integer or fact address").message,
            ))
        }
    };
    let Some(fact) = rt.wm.get(id).cloned() else {
        let name = format!("f-{}", id.0);
        report(rt, &messages::prntutil::prntutil1("fact", &name, false));
        return Ok(Value::Void);
    };
    let name = args.get(1).map_or_else(|| "t".to_string(), logical_name);
    let ignore_defaults = args.get(2).is_some_and(Value::is_truthy);
    let mut omitted = Vec::new();
    if ignore_defaults {
        // The slots whose default is fixed, then those of them holding it.
        let slots = &rt.program.template(fact.template).slots;
        let fixed: Vec<usize> = (slots.iter().enumerate())
            .filter(|(_, slot)| {
                matches!(slot.default, SlotDefault::Derive | SlotDefault::Static(_))
            })
            .map(|(i, _)| i)
            .collect();
        for i in fixed {
            if rt.default_of(fact.template, i).ok().as_ref() == fact.slots.get(i) {
                omitted.push(i);
            }
        }
    }
    let text = show::fact_pretty(&rt.program, &fact, &|i| !omitted.contains(&i));
    if name == "nil" {
        return Ok(Value::string(&text));
    }
    out(rt, &name, &format!("{text}\n"));
    Ok(Value::Void)
}

#[cfg(test)]
mod tests {
    //! Error messages of ppfact, undeffacts and undefglobal (the corpus compares
    //! standard output only), as CLIPS 6.4.2 prints them through clipspy.

    use super::super::test_support::{captured, error_of, eval};
    use crate::value::Value;

    #[test]
    fn argument_errors() {
        let cases = [
            ("(ppfact x)", "[ARGACCES2] Function 'ppfact' expected argument #1 to be of type integer or fact address."),
            ("(ppfact -1)", "[ARGACCES2] Function 'ppfact' expected argument #1 to be of type fact-address or fact-index."),
            ("(undeffacts 3)", "[ARGACCES2] Function 'undeffacts' expected argument #1 to be of type symbol."),
            ("(undefglobal \"x\")", "[ARGACCES2] Function 'undefglobal' expected argument #1 to be of type symbol."),
        ];
        for (command, message) in cases {
            assert_eq!(error_of(command), message, "{command}");
        }
    }

    #[test]
    fn reported_problems() {
        let (mut env, _, err) = captured();
        assert_eq!(
            eval(&mut env, "(assert (a))"),
            Ok(Value::Fact(crate::value::FactId(1)))
        );
        let cases = [
            ("(ppfact 99)", "[PRNTUTIL1] Unable to find fact f-99.\n"),
            (
                "(ppfact 1 bogus)",
                "[ROUTER1] Logical name 'bogus' was not recognized by any routers.\n",
            ),
            (
                "(undeffacts d1)",
                "[PRNTUTIL1] Unable to find deffacts 'd1'.\n",
            ),
            (
                "(undefglobal x)",
                "[PRNTUTIL1] Unable to find defglobal 'x'.\n",
            ),
        ];
        for (command, message) in cases {
            assert_eq!(eval(&mut env, command), Ok(Value::Void), "{command}");
            assert_eq!(err.take(), message, "{command}");
        }
    }
}
