//! `PRCCODE`: running the actions of a deffunction or a rule.

/// `[PRCCODE4]`: an error halted the actions of the construct `kind` `name`
/// (`deffunction`, `defrule`); printed after the error's own message, once for
/// each construct the error unwinds through.
pub fn prccode4(kind: &str, name: &str) -> String {
    format!("[PRCCODE4] Execution halted during the actions of {kind} '{name}'.")
}

/// `[PRCCODE4]` as a warning: a rule's actions stopped because matching a fact
/// they asserted or retracted failed with an error (which halts execution).
pub fn prccode4_warning(rule: &str) -> String {
    format!("[PRCCODE4] WARNING: Execution halted during the actions of defrule '{rule}'.")
}

/// `[PRCCODE2]`: an argument of a call of the procedure `kind` (`deffunction`,
/// `generic function`) returned no value.
pub fn prccode2(kind: &str) -> String {
    format!("[PRCCODE2] Functions without a return value are illegal as {kind} arguments.")
}

/// `[PRCCODE3]`: the variable `?name` is referenced in `body` (`RHS of defrule`,
/// `deffunction`) but bound nowhere before.
pub fn prccode3(name: &str, body: &str) -> String {
    format!("\n[PRCCODE3] Undefined variable ?{name} referenced in {body}.")
}

/// `[PRCCODE5]`: the variable `?name`, bound by an action, was read before any
/// value was bound to it; in a deffunction CLIPS names it (`function`).
pub fn prccode5(name: &str, function: Option<&str>) -> String {
    match function {
        Some(f) => format!("[PRCCODE5] Variable ?{name} unbound in deffunction '{f}'."),
        None => format!("[PRCCODE5] Variable ?{name} unbound."),
    }
}

/// `[PRCCODE4]` for a method: an error halted the actions of method `#index` of
/// generic function `name`.
pub fn prccode4_method(name: &str, index: u32) -> String {
    format!("[PRCCODE4] Execution halted during the actions of generic function '{name}' method #{index}.")
}

/// `[PRCCODE5]` in the actions of method `#index` of generic function `generic`.
pub fn prccode5_method(name: &str, generic: &str, index: u32) -> String {
    format!("[PRCCODE5] Variable ?{name} unbound in generic function '{generic}' method #{index}.")
}

/// `[PRCCODE6]`: an error in an argument of a call of the procedure `kind`
/// `name` (`deffunction`, `generic function`, `message`), printed after the
/// error's own.
pub fn prccode6(kind: &str, name: &str) -> String {
    format!("[PRCCODE6] This error occurred while evaluating arguments for the {kind} '{name}'.")
}

/// `[PRCCODE7]`: a parameter list names the same variable twice.
pub fn prccode7() -> String {
    "[PRCCODE7] Duplicate parameter names not allowed.".to_string()
}

/// `[PRCCODE8]`: a parameter follows the wildcard parameter.
pub fn prccode8() -> String {
    "[PRCCODE8] No parameters allowed after wildcard parameter.".to_string()
}

/// `[PRCCODE4]` for a message-handler: an error halted the actions of handler
/// `name` of kind `kind` (`primary`, ...) of class `class` (no final period, as
/// CLIPS prints it).
pub fn prccode4_handler(name: &str, kind: &str, class: &str) -> String {
    format!("[PRCCODE4] Execution halted during the actions of message-handler '{name}' {kind} in class '{class}'")
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_the_construct_halted() {
        assert_eq!(
            super::prccode4("deffunction", "f"),
            "[PRCCODE4] Execution halted during the actions of deffunction 'f'."
        );
    }
}
