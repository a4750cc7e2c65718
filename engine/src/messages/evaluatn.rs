//! `EVALUATN`: errors found while evaluating an expression.

/// `[EVALUATN1]`: variable `?name` was read before anything was bound to it.
pub fn evaluatn1(name: &str) -> String {
    format!("[EVALUATN1] Variable ?{name} is unbound.")
}
