//! Commands of CLIPS that Salience cannot carry out, answered as a CLIPS 6.41
//! built without the feature answers them.

use super::R;
use crate::env::Runtime;
use crate::eval::EvalError;
use crate::messages;
use crate::value::Value;

/// `(constructs-to-c file id [path [max]])`: CLIPS's construct compiler writes the
/// constructs as C source for a run-time program; Salience generates no C. A CLIPS
/// built without the compiler (`CONSTRUCT_COMPILER` 0) has no such function, and
/// says so: `[EXPRNPSR3]`, the call giving no value.
pub fn constructs_to_c(_: &mut Runtime, _: &[Value]) -> R {
    Err(EvalError::new(messages::exprnpsr::exprnpsr3(
        "constructs-to-c",
    )))
}

/// `(dynamic-get <slot>)` and `(dynamic-put <slot> <value>*)` read and write a
/// slot of the active instance of a message-handler. Salience runs no
/// message-handlers, so a call is always outside one: CLIPS's `[MSGFUN4]`, the call
/// giving `FALSE`.
fn outside_handler(function: &str) -> R {
    Err(EvalError::new(messages::msgfun::msgfun4(function)).returning(Value::false_sym()))
}

/// `(dynamic-get <slot>)`: see [`outside_handler`].
pub fn dynamic_get(_: &mut Runtime, _: &[Value]) -> R {
    outside_handler("dynamic-get")
}

/// `(dynamic-put <slot> <value>*)`: see [`outside_handler`].
pub fn dynamic_put(_: &mut Runtime, _: &[Value]) -> R {
    outside_handler("dynamic-put")
}

#[cfg(test)]
mod tests {
    use crate::env::commands::test_support::error_of;

    /// As CLIPS 6.41's console answers (the value, `FALSE`, follows at the prompt).
    #[test]
    fn dynamic_slot_access_needs_a_handler() {
        assert_eq!(
            error_of("(dynamic-get foo)"),
            "[MSGFUN4] The function 'dynamic-get' may only be called from within message-handlers."
        );
        assert_eq!(
            error_of("(dynamic-put foo 3)"),
            "[MSGFUN4] The function 'dynamic-put' may only be called from within message-handlers."
        );
    }

    #[test]
    fn constructs_to_c_is_a_missing_function() {
        assert_eq!(
            error_of("(constructs-to-c bug 1 Temp/)"),
            "\n[EXPRNPSR3] Missing function declaration for 'constructs-to-c'."
        );
    }
}
