//! `INSMULT`: errors of the functions that change an instance's multislot.

/// `[INSMULT1]`: `function` (`slot-replace$`, ...) was given single-field slot
/// `slot` of instance `instance`.
pub fn insmult1(function: &str, slot: &str, instance: &str) -> String {
    format!("[INSMULT1] Function {function} cannot be used on single-field slot '{slot}' in instance [{instance}].")
}
