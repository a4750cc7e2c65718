//! `INSCOM`: errors of the instance commands.

/// `[INSCOM1]`: `function` (`class`, `type`) was given a value of no type it
/// knows (a function that returned nothing).
pub fn inscom1(function: &str) -> String {
    format!("[INSCOM1] Undefined type in function '{function}'.")
}
