//! `MSGFUN`: errors of the message-handler functions.

/// `[MSGFUN4]`: `function` (`dynamic-get`, `dynamic-put`, ...) was called outside
/// a message-handler.
pub fn msgfun4(function: &str) -> String {
    format!("[MSGFUN4] The function '{function}' may only be called from within message-handlers.")
}
