//! `EMATHFUN`: the errors of the extended math functions (`sqrt`, `log`, the
//! trigonometric functions, ...).

/// `[EMATHFUN1]`: an argument of `function` is outside its domain.
pub fn emathfun1(function: &str) -> String {
    format!("[EMATHFUN1] Domain error for '{function}' function.")
}

/// `[EMATHFUN2]`: the result of `function` overflows.
pub fn emathfun2(function: &str) -> String {
    format!("[EMATHFUN2] Argument overflow for '{function}' function.")
}

/// `[EMATHFUN3]`: `function` was evaluated at an asymptote.
pub fn emathfun3(function: &str) -> String {
    format!("[EMATHFUN3] Singularity at asymptote in '{function}' function.")
}
