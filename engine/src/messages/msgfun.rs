//! `MSGFUN`: errors of the message-handler functions.

/// `[MSGFUN4]`: `function` (`dynamic-get`, `dynamic-put`, ...) was called outside
/// a message-handler.
pub fn msgfun4(function: &str) -> String {
    format!("[MSGFUN4] The function '{function}' may only be called from within message-handlers.")
}

/// `[MSGFUN1]`: no primary handler answers `message`.
pub fn msgfun1(message: &str) -> String {
    format!("[MSGFUN1] No applicable primary message-handlers found for '{message}'.")
}

/// `[MSGFUN5]`: `function` works only on instances (its handler's `?self` is a
/// primitive value).
pub fn msgfun5(function: &str) -> String {
    format!("[MSGFUN5] The function '{function}' operates only on instances.")
}

/// `[MSGFUN3]`: slot `slot` of instance `instance` (of class `class`) may not
/// be written now (read-only, or initialize-only after initialization).
pub fn msgfun3(slot: &str, instance: &str, class: &str) -> String {
    format!("[MSGFUN3] Write access denied for slot '{slot}' in instance [{instance}] of class '{class}'.")
}

/// `[MSGFUN7]`: a defmessage-handler names a type other than around, before,
/// primary and after.
pub fn msgfun7() -> String {
    "[MSGFUN7] Unrecognized message-handler type in defmessage-handler.".into()
}
