//! `DFFNXPSR`: a deffunction's name that CLIPS refuses.

/// `[DFFNXPSR1]`: the deffunction is named after a construct (`defrule`, ...).
pub fn dffnxpsr1() -> String {
    "[DFFNXPSR1] Deffunctions are not allowed to replace constructs.".to_string()
}

/// `[DFFNXPSR2]`: the deffunction is named after a built-in function or command.
pub fn dffnxpsr2() -> String {
    "[DFFNXPSR2] Deffunctions are not allowed to replace external functions.".to_string()
}

/// `[DFFNXPSR3]`: the deffunction is named after a generic function.
pub fn dffnxpsr3() -> String {
    "[DFFNXPSR3] Deffunctions are not allowed to replace generic functions.".to_string()
}

/// `[DFFNXPSR4]`: deffunction `name` is running (a call under way redefines it).
pub fn dffnxpsr4(name: &str) -> String {
    format!("[DFFNXPSR4] Deffunction '{name}' may not be redefined while it is executing.")
}
