//! Salience: a CLIPS-compatible forward-chaining production-rule engine.

pub mod functions;
pub mod syntax;
pub mod value;

pub use value::{Atom, FactId, Value};
