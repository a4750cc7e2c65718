//! `EXPRNPSR`: reading expressions: function calls and their arguments.

/// `[EXPRNPSR3]`: `function` names no function (CLIPS starts a new line first).
pub fn exprnpsr3(function: &str) -> String {
    format!("\n[EXPRNPSR3] Missing function declaration for '{function}'.")
}
