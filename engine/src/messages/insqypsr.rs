//! `INSQYPSR`: errors found while parsing an instance-set query
//! (`any-instancep`, `find-instance`, `find-all-instances`, `do-for-instance`,
//! `do-for-all-instances`, `delayed-do-for-all-instances`).

/// `[INSQYPSR1]`: two member variables of the query `function` have the same name.
pub fn insqypsr1(function: &str) -> String {
    format!("[INSQYPSR1] Duplicate instance member variable name in function '{function}'.")
}

/// `[INSQYPSR2]`: the query (the condition) of `function` binds a variable.
pub fn insqypsr2(function: &str) -> String {
    format!("[INSQYPSR2] Binds are not allowed in instance-set query in function '{function}'.")
}

/// `[INSQYPSR3]`: the actions of `function` bind its member variable `variable`
/// (named without its `?`).
pub fn insqypsr3(variable: &str, function: &str) -> String {
    format!("[INSQYPSR3] Cannot rebind instance-set member variable ?{variable} in function '{function}'.")
}

/// What `[PRNTUTIL2]` names when an instance-set query is not written as its
/// syntax requires.
pub const QUERY_FUNCTION: &str = "instance-set query function";

/// What `[PRNTUTIL2]` names when an instance-set query's classes, computed when
/// it runs, are not names of classes.
pub const QUERY_RESTRICTIONS: &str = "instance-set query class restrictions";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_quote_the_function() {
        assert_eq!(
            insqypsr1("any-instancep"),
            "[INSQYPSR1] Duplicate instance member variable name in function 'any-instancep'."
        );
        assert_eq!(
            insqypsr2("find-instance"),
            "[INSQYPSR2] Binds are not allowed in instance-set query in function 'find-instance'."
        );
        assert_eq!(
            insqypsr3("b", "do-for-instance"),
            "[INSQYPSR3] Cannot rebind instance-set member variable ?b in function 'do-for-instance'."
        );
    }
}
