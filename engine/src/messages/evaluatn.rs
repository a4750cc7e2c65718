//! `EVALUATN`: errors found while evaluating an expression.

/// `[EVALUATN1]`: variable `?name` (`$?name` when `multifield`) was read before
/// anything was bound to it.
pub fn evaluatn1(name: &str, multifield: bool) -> String {
    let prefix = if multifield { "$?" } else { "?" };
    format!("[EVALUATN1] Variable {prefix}{name} is unbound.")
}
