//! Fact functions: `fact-index`, `fact-slot-value`, `fact-existp`, `fact-relation`,
//! `fact-slot-names`, `get-fact-list`, `ppfact`, and the fact-duplication and dynamic
//! constraint-checking settings.

use super::show;
use super::{lexeme, logical_name, out, report, R};
use crate::compile::template::SlotDefault;
use crate::env::Runtime;
use crate::eval::EvalError;
use crate::functions::args::type_error;
use crate::messages;
use crate::value::{atom, FactId, Value};
use crate::wm::Fact;
use std::rc::Rc;

/// `(fact-index <fact-address>)`: -1, after CLIPS's `[PRNTUTIL11]`, for a
/// retracted fact (an error that does not stop evaluation).
pub(super) fn fact_index(rt: &mut Runtime, args: &[Value]) -> R {
    match args.first() {
        Some(Value::Fact(id)) if rt.wm.get(*id).is_none() => {
            report(rt, &messages::prntutil::prntutil11(id.0));
            Ok(Value::Integer(-1))
        }
        _ => {
            let fact = fact_argument(rt, args, "fact-index", Some(Value::Integer(-1)))?;
            Ok(fact.map_or(Value::Integer(-1), |f| Value::Integer(f.id.0 as i64)))
        }
    }
}

/// Argument #1 of `function`, a fact address or index, read as CLIPS does: `None`,
/// after CLIPS's message, for a negative index and, when `must_exist` is given,
/// for an index no fact has; an address of a retracted fact is then an error, the
/// function returning `must_exist` all the same (otherwise `None`, silently).
fn fact_argument(
    rt: &mut Runtime,
    args: &[Value],
    function: &str,
    must_exist: Option<Value>,
) -> Result<Option<Rc<Fact>>, EvalError> {
    let id = match args.first() {
        Some(Value::Fact(id)) => match rt.wm.get(*id) {
            Some(fact) => return Ok(Some(fact.clone())),
            None => match must_exist {
                Some(returns) => {
                    let message = messages::prntutil::prntutil11(id.0);
                    return Err(EvalError::new(message).returning(returns));
                }
                None => return Ok(None),
            },
        },
        Some(Value::Integer(i)) => match u64::try_from(*i) {
            Ok(index) => FactId(index),
            Err(_) => {
                report(
                    rt,
                    &type_error(function, 0, "fact-address or fact-index").message,
                );
                return Ok(None);
            }
        },
        _ => {
            let message = type_error(function, 0, "integer or fact address").message;
            return Err(EvalError::new(message));
        }
    };
    let fact = rt.wm.get(id).cloned();
    if fact.is_none() && must_exist.is_some() {
        let name = format!("f-{}", id.0);
        report(rt, &messages::prntutil::prntutil1("fact", &name, false));
    }
    Ok(fact)
}

/// `(fact-slot-value ...)`.
pub(super) fn fact_slot_value(rt: &mut Runtime, args: &[Value]) -> R {
    let Some(fact) = fact_argument(rt, args, "fact-slot-value", Some(Value::false_sym()))? else {
        return Ok(Value::false_sym());
    };
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
    let fact = fact_argument(rt, args, "fact-existp", None)?;
    Ok(Value::boolean(fact.is_some()))
}

/// `(fact-relation ...)`.
pub(super) fn fact_relation(rt: &mut Runtime, args: &[Value]) -> R {
    let Some(fact) = fact_argument(rt, args, "fact-relation", Some(Value::false_sym()))? else {
        return Ok(Value::false_sym());
    };
    Ok(Value::Symbol(rt.program.template(fact.template).name))
}

/// `(fact-slot-names ...)`.
pub(super) fn fact_slot_names(rt: &mut Runtime, args: &[Value]) -> R {
    let Some(fact) = fact_argument(rt, args, "fact-slot-names", Some(Value::false_sym()))? else {
        return Ok(Value::false_sym());
    };
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
    let Some(fact) = fact_argument(rt, args, "ppfact", Some(Value::Void))? else {
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
                "(ppfact -1)",
                "[ARGACCES2] Function 'ppfact' expected argument #1 to be of type fact-address or fact-index.\n",
            ),
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

    /// Fact functions given a retracted fact or a missing index, as CLIPS 6.41
    /// prints them (factsfun.bat, factscmd.bat).
    #[test]
    fn missing_and_retracted_facts() {
        let (mut env, _, err) = captured();
        let _ = eval(&mut env, "(bind ?f (assert (a)))");
        let _ = eval(&mut env, "(retract ?f)");
        let retracted = "[PRNTUTIL11] The fact f-1 has been retracted.";
        for command in ["(fact-relation ?f)", "(fact-slot-names ?f)", "(ppfact ?f)"] {
            assert_eq!(
                eval(&mut env, command),
                Err(retracted.to_string()),
                "{command}"
            );
        }
        assert_eq!(eval(&mut env, "(fact-existp ?f)"), Ok(Value::false_sym()));
        assert_eq!(
            eval(&mut env, "(fact-slot-value 3 x)"),
            Ok(Value::false_sym())
        );
        assert_eq!(err.take(), "[PRNTUTIL1] Unable to find fact f-3.\n");
        assert_eq!(eval(&mut env, "(fact-existp -1)"), Ok(Value::false_sym()));
        assert_eq!(
            err.take(),
            "[ARGACCES2] Function 'fact-existp' expected argument #1 to be of type fact-address or fact-index.\n"
        );
    }
}
