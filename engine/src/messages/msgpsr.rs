//! `MSGPSR`: errors in a `defmessage-handler`.

/// `[MSGPSR1]`: `kind` is not a handler type (around, before, primary, after).
pub fn msgpsr1(kind: &str) -> String {
    format!("[MSGPSR1] Unrecognized message-handler type '{kind}'.")
}

/// `[MSGPSR2]`: a handler of the class is running (CLIPS's `HandlersExecuting`).
pub fn msgpsr2() -> String {
    "[MSGPSR2] Cannot (re)define message-handlers during execution of other message-handlers for the same class.".to_string()
}
