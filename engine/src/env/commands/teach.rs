//! The teaching commands (Salience extensions, except CLIPS's breakpoints):
//! `(why FACT [DEPTH])`, `(why-not RULE)`, `(step)`, `(set-provenance BOOL)`,
//! `(get-provenance)`, and CLIPS's `(set-break RULE)` and `(remove-break [RULE])`.

use super::{fact_arg, lexeme, Environment, Runtime, R};
use crate::env::journal::Journal;
use crate::env::provenance::DEFAULT_DEPTH;
use crate::eval::EvalError;
use crate::messages;
use crate::value::Value;

/// `(why FACT [DEPTH])`: prints the fact's derivation tree.
pub(super) fn why(env: &mut Environment, args: &[Value]) -> R {
    let fact = fact_arg(&env.rt, args, "why")?;
    let depth = match args.get(1) {
        None => DEFAULT_DEPTH,
        Some(Value::Integer(n)) if *n >= 0 => *n as usize,
        Some(other) => {
            return Err(EvalError::new(format!(
                "why: expected a depth (a non-negative integer) as argument #2, got {}",
                other.repr()
            )))
        }
    };
    let text = env.why(fact.id, depth).map_err(EvalError::new)?;
    env.rt.routers.write("t", &text);
    Ok(Value::Void)
}

/// `(why-not RULE)`: prints why the rule is not activated.
pub(super) fn why_not(env: &mut Environment, args: &[Value]) -> R {
    let name = lexeme(args, 0, "why-not")?;
    let text = env.why_not(&name).map_err(EvalError::new)?;
    env.rt.routers.write("t", &text);
    Ok(Value::Void)
}

/// `(step)`: fires one activation and prints what it did and the agenda after it.
pub(super) fn step(env: &mut Environment, _: &[Value]) -> R {
    match env.step() {
        Ok(true) => Ok(Value::Void),
        Ok(false) => {
            env.rt
                .routers
                .write("t", "Nothing to fire: the agenda is empty.\n");
            Ok(Value::Void)
        }
        Err(e) => Err(EvalError::new(e.to_string())),
    }
}

/// `(set-provenance BOOL)`: records (or stops recording) every firing, for `why`.
/// Returns the previous setting.
pub(super) fn set_provenance(rt: &mut Runtime, args: &[Value]) -> R {
    let was = rt.journal.is_some();
    if args[0] == Value::false_sym() {
        rt.journal = None;
    } else if rt.journal.is_none() {
        rt.journal = Some(Journal::default());
    }
    Ok(Value::boolean(was))
}

/// `(get-provenance)`.
pub(super) fn get_provenance(rt: &mut Runtime, _: &[Value]) -> R {
    Ok(Value::boolean(rt.journal.is_some()))
}

/// `(set-break RULE)`.
pub(super) fn set_break(env: &mut Environment, args: &[Value]) -> R {
    let name = lexeme(args, 0, "set-break")?;
    if !env.set_break(&name, true) {
        env.report(&messages::prntutil::prntutil1("defrule", &name, true));
    }
    Ok(Value::Void)
}

/// `(remove-break [RULE])`: one rule's breakpoint, or all of them.
pub(super) fn remove_break(env: &mut Environment, args: &[Value]) -> R {
    if args.is_empty() {
        let names: Vec<String> = env.breaks().iter().map(|s| s.to_string()).collect();
        for name in names {
            env.set_break(&name, false);
        }
        return Ok(Value::Void);
    }
    let name = lexeme(args, 0, "remove-break")?;
    match env.rule_index(&name) {
        None => env.report(&messages::prntutil::prntutil1("defrule", &name, true)),
        Some(index) if !env.rt.rules[index].breakpoint => {
            let text = format!("Rule {name} does not have a breakpoint set.\n");
            env.rt.routers.write("werror", &text);
        }
        Some(_) => {
            env.set_break(&name, false);
        }
    }
    Ok(Value::Void)
}
