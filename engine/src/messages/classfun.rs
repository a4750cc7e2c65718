//! `CLASSFUN`: errors of looking up classes.

/// `[CLASSFUN1]`: `function` was given `class`, which is not defined.
pub fn classfun1(class: &str, function: &str) -> String {
    format!("[CLASSFUN1] Unable to find class '{class}' in function '{function}'.")
}

/// The most class hierarchy traversals CLIPS keeps under way at once (its
/// `MAX_TRAVERSALS`): each member of a running instance-set query holds one.
pub const MAX_TRAVERSALS: usize = 256;

/// `[CLASSFUN2]`: more than [`MAX_TRAVERSALS`] class hierarchy traversals at
/// once (instance-set queries nested too deep).
pub fn classfun2() -> String {
    format!("[CLASSFUN2] Maximum number of simultaneous class hierarchy\n  traversals exceeded {MAX_TRAVERSALS}.")
}

/// `[CLASSEXM1]`: `function` asks about slot `slot`, which the class inherits
/// from class `from`.
pub fn classexm1(slot: &str, from: &str, function: &str) -> String {
    format!("[CLASSEXM1] Inherited slot '{slot}' from class {from} is not valid for function '{function}'.")
}
