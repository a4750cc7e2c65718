//! Syntax: CLIPS source text to an abstract syntax tree, with spans throughout.
//!
//! Reading happens in two steps. The pest grammar (`grammar.pest`) turns text into
//! s-expressions ([`sexpr`]); [`parse`] turns s-expressions into constructs and
//! expressions ([`ast`]), reporting every malformed construct as a [`Diagnostic`].
//! Nothing here panics on any input, and nothing here consults an environment.

pub mod ast;
pub mod diagnostic;
pub mod parse;
pub mod sexpr;
pub mod source;
pub mod span;

pub use diagnostic::Diagnostic;
pub use source::SourceText;
pub use span::{LineCol, Span};

/// Collects `results` into a vector of exactly their number, or the first error.
///
/// `collect::<Result<Vec<_>, _>>()` cannot see how many there will be and makes
/// room for four on the first push: a quarter of the syntax tree of a rule set
/// was room for arguments that never came, and the reader grew each list's vector
/// from four.
pub(crate) fn collect_exact<T, E>(
    results: impl ExactSizeIterator<Item = Result<T, E>>,
) -> Result<Vec<T>, E> {
    let mut out = Vec::with_capacity(results.len());
    for result in results {
        out.push(result?);
    }
    Ok(out)
}
