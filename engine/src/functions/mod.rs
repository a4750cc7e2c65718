//! The built-in functions that need no working memory: math, comparison, strings,
//! multifields, type predicates, `format`, `gensym` and seeded `random`.
//!
//! Each function takes its arguments already evaluated. Functions that touch facts,
//! routers or the agenda live in `eval`, next to the environment they need.
//!
//! Find a function with [`lookup`]; check the argument count and run it with
//! [`Builtin::call`]. Error messages are the lines CLIPS 6.4 prints, error code
//! included (e.g. `[ARGACCES2] Function '+' expected argument #2 to be of type
//! integer or float.`). Some CLIPS functions print an error and carry on with a value
//! (e.g. `(setgen 0)`); those push the message onto [`FnState::diagnostics`] and
//! return `Ok`.

pub mod args;
pub mod compare;
pub mod errors;
pub mod format;
pub mod instance_names;
pub mod math;
pub mod misc;
pub mod multifield;
pub mod newer;
pub mod predicates;
pub mod random;
pub mod scanner;
pub mod strings;
pub mod symbols;
pub mod table;
pub mod types;

#[cfg(test)]
mod testing;

use crate::value::Value;
use types::Types;

pub use format::format_string;
pub use table::{lookup, names};

/// The signature of a built-in: evaluated arguments in, a value or an error out.
pub type BuiltinFn = fn(&mut FnState, &[Value]) -> Result<Value, FnError>;

/// A built-in function and its arity, for lookup and compile-time checks.
#[derive(Clone, Copy)]
pub struct Builtin {
    /// The CLIPS name, e.g. `str-cat`.
    pub name: &'static str,
    /// CLIPS's type codes for the values it returns (`ld` for a number, `s` for a
    /// string, `*` for anything; see [`types`]): what a call of it may pass to
    /// another function, and the value it returns after an error.
    pub returns: &'static str,
    /// The least number of arguments.
    pub min_args: usize,
    /// The most arguments, or `None` for no limit.
    pub max_args: Option<usize>,
    /// CLIPS's restriction string for the arguments (`get-function-restrictions`):
    /// the default type code, then one code per argument position, `;`-separated
    /// (e.g. `ld` for numbers, `*;y` for anything then a symbol), `*` for none.
    pub restrictions: &'static str,
    /// The implementation.
    pub run: BuiltinFn,
}

impl Builtin {
    /// Checks that `count` arguments suit this function, with CLIPS's message
    /// (`[ARGACCES1] Function 'abs' expected exactly 1 argument.`) when they don't.
    pub fn check_arity(&self, count: usize) -> Result<(), FnError> {
        args::check_arity(self.name, self.min_args, self.max_args, count)
    }

    /// The types argument `index` (from 0) may have.
    pub fn argument_types(&self, index: usize) -> Types {
        Types::of_argument(self.restrictions, index)
    }

    /// What a call returns when it fails and says nothing else (CLIPS's
    /// `AssignErrorValue` for the function's return types).
    pub fn error_value(&self) -> Value {
        Types::of_codes(self.returns).error_value()
    }

    /// Checks the argument count, then runs the function.
    pub fn call(&self, state: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
        self.check_arity(args.len())?;
        (self.run)(state, args)
    }
}

/// Built-ins are known by their names, which are distinct.
impl PartialEq for Builtin {
    fn eq(&self, other: &Builtin) -> bool {
        self.name == other.name
    }
}

impl Eq for Builtin {}

impl std::hash::Hash for Builtin {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl std::fmt::Debug for Builtin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Builtin")
            .field("name", &self.name)
            .field("min_args", &self.min_args)
            .field("max_args", &self.max_args)
            .finish()
    }
}

/// State that some built-ins keep between calls.
#[derive(Debug)]
pub struct FnState {
    /// The next number `gensym` will use.
    pub gensym_counter: u64,
    /// The generator behind `random` and `seed` (glibc's `rand`, seeded with 1
    /// until `seed` is called, as in CLIPS).
    pub rng: random::GlibcRand,
    /// Error messages CLIPS prints without halting evaluation (e.g. `(random 10 1)`
    /// prints `[MISCFUN3] ...` and still returns a number). Each is one line without
    /// its newline; the evaluator should print and clear them after each call.
    pub diagnostics: Vec<String>,
    /// The error state `get-error` reads (`FALSE` when there is none).
    pub error: Value,
}

impl Default for FnState {
    fn default() -> Self {
        FnState {
            gensym_counter: 1,
            rng: random::GlibcRand::new(1),
            diagnostics: Vec::new(),
            error: Value::false_sym(),
        }
    }
}

/// A built-in's failure, reported the way CLIPS reports it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct FnError {
    /// The message, e.g. "Function + expected argument #2 to be of type integer or float".
    pub message: String,
    /// The value the call returns all the same, where it is not the function's
    /// [`Builtin::error_value`] (`(/ 4 0)` returns `1.0`).
    pub returns: Option<Value>,
}

impl FnError {
    /// An error with the given message.
    pub fn new(message: impl Into<String>) -> FnError {
        FnError {
            message: message.into(),
            returns: None,
        }
    }

    /// The error, the call returning `value` all the same.
    pub fn returning(mut self, value: Value) -> FnError {
        self.returns = Some(value);
        self
    }
}
