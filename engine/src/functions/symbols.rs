//! Generated symbols: `gensym`, `gensym*` and `setgen`.

use super::args;
use super::{FnError, FnState};
use crate::value::Value;

/// `(gensym)`: the symbol `genN` for the current counter, which then advances.
pub fn gensym(state: &mut FnState, _: &[Value]) -> Result<Value, FnError> {
    let n = state.gensym_counter;
    state.gensym_counter = n.saturating_add(1);
    Ok(Value::symbol(&format!("gen{n}")))
}

/// `(gensym*)`: like `gensym`. (CLIPS also skips names of symbols currently in use;
/// Salience's interner never forgets a symbol, so it cannot tell which are, and
/// behaves as `gensym`.)
pub fn gensym_star(state: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    gensym(state, args)
}

/// `(setgen <integer>)`: sets the counter `gensym` uses next and returns it. A value
/// below 1 makes CLIPS print an error and return the unchanged counter, without
/// halting.
pub fn setgen(state: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let n = args::integer("setgen", args, 0)?;
    match u64::try_from(n) {
        Ok(n) if n >= 1 => {
            state.gensym_counter = n;
            Ok(Value::Integer(n as i64))
        }
        _ => {
            state.diagnostics.push(format!(
                "{} (greater than or equal to 1).",
                args::type_error("setgen", 0, args::INTEGER)
                    .message
                    .trim_end_matches('.')
            ));
            Ok(Value::Integer(
                i64::try_from(state.gensym_counter).unwrap_or(i64::MAX),
            ))
        }
    }
}
