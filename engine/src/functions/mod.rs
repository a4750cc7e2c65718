//! The built-in functions that need no working memory: math, comparison, strings,
//! multifields, type predicates, `format`, `gensym` and seeded `random`.
//!
//! Each function takes its arguments already evaluated. Functions that touch facts,
//! routers or the agenda live in `eval`, next to the environment they need.

use crate::value::Value;

/// The signature of a built-in: evaluated arguments in, a value or an error out.
pub type BuiltinFn = fn(&mut FnState, &[Value]) -> Result<Value, FnError>;

/// A built-in function and its arity, for lookup and compile-time checks.
#[derive(Clone, Copy)]
pub struct Builtin {
    /// The CLIPS name, e.g. `str-cat`.
    pub name: &'static str,
    /// The least number of arguments.
    pub min_args: usize,
    /// The most arguments, or `None` for no limit.
    pub max_args: Option<usize>,
    /// The implementation.
    pub run: BuiltinFn,
}

/// State that some built-ins keep between calls.
#[derive(Debug)]
pub struct FnState {
    /// The next number `gensym` will use.
    pub gensym_counter: u64,
}

impl Default for FnState {
    fn default() -> Self {
        FnState { gensym_counter: 1 }
    }
}

/// A built-in's failure, reported the way CLIPS reports it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct FnError {
    /// The message, e.g. "Function + expected argument #2 to be of type integer or float".
    pub message: String,
}
