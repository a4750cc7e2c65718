//! The error state CLIPS 6.4 keeps for programs to test: `get-error`,
//! `clear-error` and `set-error`. Functions that fail without stopping the program
//! set it (the extended math functions, `read`, `string-to-field`); `reset` and
//! `clear` put it back to `FALSE`.

use super::{FnError, FnState};
use crate::value::Value;

/// `(get-error)`: the error state, `FALSE` when there is none.
pub fn get_error(state: &mut FnState, _: &[Value]) -> Result<Value, FnError> {
    Ok(state.error.clone())
}

/// `(clear-error)`: the error state, which becomes `FALSE`.
pub fn clear_error(state: &mut FnState, _: &[Value]) -> Result<Value, FnError> {
    Ok(std::mem::replace(&mut state.error, Value::false_sym()))
}

/// `(set-error <value>)`: makes `value` the error state.
pub fn set_error(state: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    if let Some(value) = args.first() {
        state.error = value.clone();
    }
    Ok(Value::Void)
}

#[cfg(test)]
mod tests {
    use super::super::testing::check;

    /// The session of CLIPS 6.41's miscfnx driver, recorded from its console.
    #[test]
    fn the_error_state_as_clips_keeps_it() {
        check(&[
            ("(get-error)", "FALSE"),
            (
                "(acos 3)",
                "ERR [EMATHFUN1] Domain error for 'acos' function.",
            ),
            ("(get-error)", "DOMAIN_ERROR"),
            ("(clear-error)", "DOMAIN_ERROR"),
            ("(get-error)", "FALSE"),
            (
                "(log 0)",
                "ERR [EMATHFUN2] Argument overflow for 'log' function.",
            ),
            ("(get-error)", "ARGUMENT_OVERFLOW"),
            ("(sqrt 4)", "2.0"),
            ("(get-error)", "FALSE"),
            ("(set-error 3)", "<void>"),
            ("(clear-error)", "3"),
            ("(string-to-field \"\")", "EOF"),
            ("(get-error)", "EOF"),
        ]);
    }
}
