//! `CLASSFUN`: errors of looking up classes.

/// `[CLASSFUN1]`: `function` was given `class`, which is not defined.
pub fn classfun1(class: &str, function: &str) -> String {
    format!("[CLASSFUN1] Unable to find class '{class}' in function '{function}'.")
}
