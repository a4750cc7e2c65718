//! `MSGPSR`: errors in a `defmessage-handler`.

/// `[MSGPSR1]`: a handler's class is not defined.
pub fn msgpsr1() -> String {
    "[MSGPSR1] A class must be defined before its message-handlers.".into()
}

/// `[MSGPSR2]`: a handler of the class is running (CLIPS's `HandlersExecuting`).
pub fn msgpsr2() -> String {
    "[MSGPSR2] Cannot (re)define message-handlers during execution of other message-handlers for the same class.".to_string()
}

/// `[MSGPSR3]`: a system handler (an accessor, `init`, `print`, ...) may not be
/// redefined or removed.
pub fn msgpsr3() -> String {
    "[MSGPSR3] System message-handlers may not be modified.".into()
}

/// `[MSGPSR4]`: a handler's parameter is a slot reference, `?self:slot`.
pub fn msgpsr4() -> String {
    "[MSGPSR4] Illegal slot reference in parameter list.".into()
}

/// `[MSGPSR5]`: a handler's actions bind `?self`.
pub fn msgpsr5() -> String {
    "[MSGPSR5] Active instance parameter cannot be changed.".into()
}

/// `[MSGPSR8]`: handlers may not be attached to INSTANCE and its subclasses.
pub fn msgpsr8(class: &str) -> String {
    format!("[MSGPSR8] Message-handlers cannot be attached to the class '{class}'.")
}
