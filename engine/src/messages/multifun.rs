//! `MULTIFUN`: errors of the multifield functions (`progn$`, `foreach`, ...).

/// `[MULTIFUN2]`: the body of `function` (`progn$` or `foreach`) binds its field
/// variable with `bind`.
pub fn multifun2(function: &str) -> String {
    format!("[MULTIFUN2] Cannot rebind field variable in function '{function}'.")
}
