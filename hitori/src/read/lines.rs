//! Line helpers shared by the line-oriented readers.

/// The lines worth reading, with their 1-based numbers: blank lines and `#` comments skipped,
/// surrounding whitespace trimmed.
pub(super) fn meaningful(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

/// Reads one puzzle per meaningful line with `parse`, numbering them and naming them `#<n>`.
pub(super) fn one_per_line(
    text: &str,
    parse: impl Fn(&str) -> Result<crate::grid::Puzzle, (Option<usize>, String)>,
) -> Vec<Result<super::Entry, super::EntryError>> {
    meaningful(text)
        .enumerate()
        .map(|(i, (line, content))| {
            let index = i + 1;
            let name = format!("#{index}");
            match parse(content) {
                Ok(puzzle) => Ok(super::Entry {
                    index,
                    name,
                    puzzle,
                }),
                Err((column, message)) => Err(super::EntryError {
                    index,
                    name,
                    line,
                    column,
                    message,
                }),
            }
        })
        .collect()
}

/// The side of a square grid of `n` cells, if `n` is a square.
pub(super) fn square_side(n: usize) -> Option<usize> {
    let side = (n as f64).sqrt().round() as usize;
    (side * side == n && side > 0).then_some(side)
}
