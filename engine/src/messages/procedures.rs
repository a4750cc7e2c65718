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
