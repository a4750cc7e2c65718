//! `MSGPASS`: errors of message dispatch.

/// `[MSGPASS1]`: `call-next-handler` with no handler left to call.
pub fn msgpass1() -> String {
    "[MSGPASS1] Shadowed message-handlers not applicable in current context.".into()
}

/// `[MSGPASS2]`: `send` to an instance name no instance has.
pub fn msgpass2(name: &str) -> String {
    format!("[MSGPASS2] No such instance [{name}] in function 'send'.")
}
