//! `GLOBLDEF`: errors in reading defglobals.

/// `[GLOBLDEF1]`: global `?*name*` was read before it was defined.
pub fn globldef1(name: &str) -> String {
    format!("[GLOBLDEF1] Global variable ?*{name}* is unbound.")
}
