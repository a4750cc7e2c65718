//! `FACTQPSR`: errors found while parsing a fact-set query (`any-factp`,
//! `find-fact`, `find-all-facts`, `do-for-fact`, `do-for-all-facts`,
//! `delayed-do-for-all-facts`).

/// `[FACTQPSR1]`: two member variables of the query `function` have the same name.
pub fn factqpsr1(function: &str) -> String {
    format!("[FACTQPSR1] Duplicate fact member variable name in function {function}.")
}

/// `[FACTQPSR2]`: the query (the condition) of `function` binds a variable.
pub fn factqpsr2(function: &str) -> String {
    format!("[FACTQPSR2] Binds are not allowed in fact-set query in function {function}.")
}

/// `[FACTQPSR3]`: the actions of `function` bind its member variable `variable`
/// (named without its `?`).
pub fn factqpsr3(variable: &str, function: &str) -> String {
    format!("[FACTQPSR3] Cannot rebind fact-set member variable {variable} in function {function}.")
}

/// What `[PRNTUTIL2]` names when a fact-set query is not written as its syntax
/// requires.
pub const QUERY_FUNCTION: &str = "fact-set query function";

/// What `[PRNTUTIL2]` names when a fact-set query's templates, computed when it
/// runs, are not names of deftemplates.
pub const QUERY_RESTRICTIONS: &str = "fact-set query class restrictions";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_name_the_function() {
        assert_eq!(
            factqpsr1("any-factp"),
            "[FACTQPSR1] Duplicate fact member variable name in function any-factp."
        );
        assert_eq!(
            factqpsr2("find-fact"),
            "[FACTQPSR2] Binds are not allowed in fact-set query in function find-fact."
        );
        assert_eq!(
            factqpsr3("b", "do-for-fact"),
            "[FACTQPSR3] Cannot rebind fact-set member variable b in function do-for-fact."
        );
    }
}
