//! `DFFNXFUN`: deleting deffunctions.

/// `[DFFNXFUN1]`: `(undeffunction *)` kept deffunction `name`, which code that
/// stays calls, and deleted only its actions and its pretty-print form.
pub fn dffnxfun1(name: &str) -> String {
    format!(
        "[DFFNXFUN1] WARNING: Deffunction '{name}' only partially deleted due to usage by other constructs."
    )
}
