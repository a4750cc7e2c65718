//! `RULELHS`: reading the left-hand side of a rule (rulelhs.c), and the names of
//! its parts that CLIPS's `[PRNTUTIL2]` syntax error names.

/// What `[PRNTUTIL2]` names for a `?f` not followed by `<- (pattern)`.
pub const BINDING_PATTERNS: &str = "binding patterns";

/// What `[PRNTUTIL2]` names for a `test` CE without one function call.
pub const FUNCTION_CALLS: &str = "function calls";

/// What `[PRNTUTIL2]` names for a `test` CE holding more than its call.
pub const TEST_CE: &str = "test conditional element";

/// What `[PRNTUTIL2]` names for a pattern whose first field is not a symbol.
pub const FIRST_FIELD: &str = "the first field of a pattern";

/// What `[PRNTUTIL2]` names for a pattern that starts with `=` or `:`.
pub const FIELD_FIELD: &str = "the field field of a pattern";

/// What `[PRNTUTIL2]` names for the conditional element `name` (`not`, `and`,
/// `or`, `exists`, `forall`, `logical`) holding too few or too many CEs.
pub fn ce_syntax(name: &str) -> String {
    format!("the {name} conditional element")
}

/// `[RULELHS1]`: a `logical` CE inside a `not`, `exists` or `forall` CE.
pub fn rulelhs1() -> String {
    "\n[RULELHS1] The logical CE cannot be used within a not/exists/forall CE.".to_string()
}

/// `[RULELHS2]`: a pattern inside a `not`, `exists` or `forall` CE is bound to
/// a fact-address variable (CLIPS names `not` for all three; no final period).
pub fn rulelhs2() -> String {
    "\n[RULELHS2] A pattern CE cannot be bound to a pattern-address within a not CE".to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_the_conditional_element() {
        assert_eq!(super::ce_syntax("exists"), "the exists conditional element");
    }
}
