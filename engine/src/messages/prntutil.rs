//! `PRNTUTIL`: CLIPS's shared messages about constructs and items not found.

/// `[PRNTUTIL1]`, as a function names what it could not find: `kind` `name`
/// (quoted) was not found by `function`.
pub fn prntutil1_in(kind: &str, name: &str, function: &str) -> String {
    format!("[PRNTUTIL1] Unable to find {kind} '{name}' in function '{function}'.")
}

/// `[PRNTUTIL4]`: `kind` `name` cannot be deleted (while a binary image is loaded,
/// every construct is held).
pub fn prntutil4(kind: &str, name: &str) -> String {
    format!("[PRNTUTIL4] Unable to delete {kind} '{name}'.")
}
