//! `INSFILE`: errors of the instance file commands (`load-instances`,
//! `restore-instances`, `bload-instances`), and the argument types of the savers.

/// `[INSFILE1]`: `function` stopped part-way through `file`.
pub fn insfile1(function: &str, file: &str) -> String {
    format!("[INSFILE1] Function '{function}' could not completely process file '{file}'.")
}

/// `[INSFILE2]`: `file` is not a binary instances file.
pub fn insfile2(file: &str) -> String {
    format!("[INSFILE2] File '{file}' is not a binary instances file.")
}

/// `[INSFILE3]`: `file` is a binary instances file of another version.
pub fn insfile3(file: &str) -> String {
    format!("[INSFILE3] File '{file}' is not a compatible binary instances file.")
}

/// `[INSFILE4]`: `bload-instances` could not make instance `name` of `class`.
pub fn insfile4(name: &str, class: &str) -> String {
    format!("[INSFILE4] Function 'bload-instances' is unable to load instance [{name}] of class {class}")
}

/// What the scope argument of `save-instances` and `bsave-instances` must be.
pub const SCOPE: &str = "symbol \"local\" or \"visible\"";

/// What a class name argument of the savers must be: any class with `inherit`,
/// else a concrete one.
pub fn class_name(inherit: bool) -> &'static str {
    if inherit {
        "'valid class name'"
    } else {
        "'valid concrete class name'"
    }
}
