//! `OBJRTBLD`: errors of object patterns in rules.

/// `[OBJRTBLD1]`: no class of those defined can match the pattern.
pub fn objrtbld1() -> String {
    "[OBJRTBLD1] No objects of existing classes can satisfy pattern.".into()
}

/// `[OBJRTBLD2]`: no class of those the pattern could match has slot `slot`
/// (reactive).
pub fn objrtbld2(slot: &str) -> String {
    format!(
        "[OBJRTBLD2] No objects of existing classes can satisfy '{slot}' restriction in object pattern."
    )
}

/// `[OBJRTBLD5]`: the `is-a` restriction names a class that is not defined.
pub fn objrtbld5(class: &str) -> String {
    format!("[OBJRTBLD5] Undefined class '{class}' in object pattern.")
}
