//! `STRNGFUN`: the errors of the string functions (`eval`, `build`, ...).

/// `[STRNGFUN2]`: the text given to `function` holds more than one expression or
/// construct.
pub fn strngfun2(function: &str) -> String {
    format!("[STRNGFUN2] Function '{function}' encountered extraneous input.")
}
