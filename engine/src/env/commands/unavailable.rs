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

#[cfg(test)]
mod tests {
    use crate::env::commands::test_support::error_of;

    /// As CLIPS 6.41's console answers (the value, `FALSE`, follows at the prompt).
    #[test]
    fn dynamic_slot_access_needs_a_handler_or_fails() {
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
