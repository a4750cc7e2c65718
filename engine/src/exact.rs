//! Collecting fallible results into vectors of exactly their number.

/// Collects `results` into a vector of exactly their number, or the first error.
///
/// `collect::<Result<Vec<_>, _>>()` cannot see how many there will be and makes
/// room for four on the first push: a quarter of the syntax tree of a rule set
/// was room for arguments that never came, and a compiled `(assert ...)` of one
/// fact or a `(modify ...)` of one slot kept room for three more (rules_1000: 144
/// bytes in each of 1,391 actions).
pub(crate) fn collect_exact<T, E>(
    results: impl ExactSizeIterator<Item = Result<T, E>>,
) -> Result<Vec<T>, E> {
    let mut out = Vec::with_capacity(results.len());
    for result in results {
        out.push(result?);
    }
    Ok(out)
}
