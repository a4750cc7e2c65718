//! `MSGCOM`: errors of the message-handler commands.

/// `[MSGCOM2]`: no handler `message` of type `kind` in class `class`, which
/// `function` looked for.
pub fn msgcom2(message: &str, kind: &str, class: &str, function: &str) -> String {
    format!("[MSGCOM2] Unable to find message-handler '{message}' {kind} for class '{class}' in function '{function}'.")
}
