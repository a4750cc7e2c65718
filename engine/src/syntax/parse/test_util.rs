//! Helpers for the parser's tests: read one item, and show an error as its message
//! and the source text its span covers.

use crate::syntax::sexpr::{read_all, SExpr};
use crate::syntax::Diagnostic;

/// The first item of `text`.
pub(super) fn one(text: &str) -> SExpr {
    read_all(text).expect("test input reads").remove(0)
}

/// The message of an error and the text of `source` its span covers.
pub(super) fn err_text<T: std::fmt::Debug>(
    source: &str,
    result: Result<T, Diagnostic>,
) -> (String, String) {
    let error = result.expect_err("expected an error");
    let at = source
        .get(error.span.start..error.span.end)
        .unwrap_or("<bad span>");
    (error.message, at.to_string())
}

/// [`err_text`] for each of several errors.
pub(super) fn errs_text<T: std::fmt::Debug>(
    source: &str,
    result: Result<T, Vec<Diagnostic>>,
) -> Vec<(String, String)> {
    let errors = result.expect_err("expected errors");
    errors
        .into_iter()
        .map(|e| {
            let at = source.get(e.span.start..e.span.end).unwrap_or("<bad span>");
            (e.message, at.to_string())
        })
        .collect()
}
