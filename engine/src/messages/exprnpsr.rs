//! `EXPRNPSR`: errors found while parsing an expression.

/// `[EXPRNPSR3]`: a call names `name`, which is no function, deffunction or
/// generic function. CLIPS starts it on a new line.
pub fn exprnpsr3(name: &str) -> String {
    format!("\n[EXPRNPSR3] Missing function declaration for '{name}'.")
}

/// `[EXPRNPSR2]`: an expression was expected (after a defglobal's `=`, ...) and
/// something else, such as `)`, was read. CLIPS starts it on a new line.
pub fn exprnpsr2() -> String {
    "\n[EXPRNPSR2] Expected a constant, variable, or expression.".to_string()
}

/// `[EXPRNPSR1]`: a list in a call's place starts with something other than a
/// function name. CLIPS starts it on a new line.
pub fn exprnpsr1() -> String {
    "\n[EXPRNPSR1] A function name must be a symbol.".to_string()
}
