//! Salience: a CLIPS-compatible forward-chaining production-rule engine.

pub mod agenda;
pub mod compile;
pub mod cool;
pub mod env;
pub mod eval;
mod exact;
pub mod functions;
pub mod generic;
pub mod messages;
pub mod rete;
mod stale;
pub mod syntax;
pub mod value;
pub mod wm;

pub use env::api::{from_value, to_value, FactError, SerdeError};
pub use env::Environment;
pub use value::{Atom, FactId, Value};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
