//! `CLASSFUN`: errors of looking up classes.

/// `[CLASSFUN1]`: `function` was given `class`, which is not defined.
pub fn classfun1(class: &str, function: &str) -> String {
    format!("[CLASSFUN1] Unable to find class '{class}' in function '{function}'.")
}

/// `[CLASSEXM1]`: `function` asks about slot `slot`, which the class inherits
/// from class `from`.
pub fn classexm1(slot: &str, from: &str, function: &str) -> String {
    format!("[CLASSEXM1] Inherited slot '{slot}' from class {from} is not valid for function '{function}'.")
}
