//! `FACTRHS`: reading the facts of `assert` and `deffacts` (factrhs.c), and the
//! names of their parts that CLIPS's `[PRNTUTIL2]` syntax error names.

/// What `[PRNTUTIL2]` names for a fact that is not a list, or holds a field that
/// cannot be asserted (`~`, `&`, `|`, a wildcard).
pub const RHS_PATTERNS: &str = "RHS patterns";

/// What `[PRNTUTIL2]` names for a fact whose first field is not a symbol, or is
/// `=` or `:`.
pub const FIRST_FIELD: &str = "first field of a RHS pattern";

/// What `[PRNTUTIL2]` names for an `assert` given no fact.
pub const ASSERT_COMMAND: &str = "assert command";
