//! Syntax: CLIPS source text to an abstract syntax tree, with spans throughout.
//!
//! Reading happens in two steps. The pest grammar (`grammar.pest`) turns text into
//! s-expressions ([`sexpr`]); [`parse`] turns s-expressions into constructs and
//! expressions ([`ast`]), reporting every malformed construct as a [`Diagnostic`].
//! Nothing here panics on any input, and nothing here consults an environment.

pub mod ast;
pub mod delimiters;
pub mod diagnostic;
pub mod encoding;
pub mod parse;
pub mod sexpr;
pub mod source;
pub mod span;

pub use diagnostic::Diagnostic;
pub use source::SourceText;
pub use span::{LineCol, Span};
