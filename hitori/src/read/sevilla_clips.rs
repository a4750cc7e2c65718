//! The Sevilla CLIPS course format: one square puzzle per line, each cell a state letter
//! (`w` kept, `b` shaded: the course's answer, ignored here) followed by a digit.

use super::{lines, Entry, EntryError};
use crate::grid::Puzzle;

/// Whether a line is made of letter+digit pairs.
pub(super) fn looks_like(line: &str) -> bool {
    let bytes = line.as_bytes();
    bytes.len() >= 2
        && bytes.len().is_multiple_of(2)
        && bytes
            .chunks(2)
            .all(|p| matches!(p[0], b'w' | b'b') && p[1].is_ascii_digit())
}

/// Reads every puzzle of the file; the `w`/`b` letters are skipped.
pub(super) fn read(text: &str) -> Vec<Result<Entry, EntryError>> {
    lines::one_per_line(text, parse)
}

fn parse(line: &str) -> Result<Puzzle, (Option<usize>, String)> {
    let chars: Vec<char> = line.chars().collect();
    if !chars.len().is_multiple_of(2) {
        return Err((
            None,
            format!("{} characters: expected letter+digit pairs", chars.len()),
        ));
    }
    let mut values = Vec::with_capacity(chars.len() / 2);
    for (i, pair) in chars.chunks(2).enumerate() {
        let column = 2 * i + 1;
        if !matches!(pair[0], 'w' | 'b') {
            return Err((
                Some(column),
                format!("'{}' where 'w' or 'b' was expected", pair[0]),
            ));
        }
        match pair[1].to_digit(10) {
            Some(v) if v > 0 => values.push(v),
            _ => {
                return Err((
                    Some(column + 1),
                    format!("'{}' is not a digit 1-9", pair[1]),
                ))
            }
        }
    }
    let side = lines::square_side(values.len()).ok_or_else(|| {
        (
            None,
            format!("{} cells do not make a square grid", values.len()),
        )
    })?;
    Puzzle::from_rows(values.chunks(side).map(<[u32]>::to_vec).collect()).map_err(|m| (None, m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ignores_the_answer_letters() {
        let a = read("w1b1w2w1\n");
        let b = read("b1w1b2b1\n");
        assert_eq!(a[0].as_ref().unwrap().puzzle, b[0].as_ref().unwrap().puzzle);
        assert_eq!(a[0].as_ref().unwrap().puzzle.values, vec![1, 1, 2, 1]);
    }

    #[test]
    fn bad_pairs_name_the_column() {
        let e = read("w1b1\nw1x1w2w1\n");
        assert!(e[0].as_ref().unwrap_err().message.contains("square"));
        let err = e[1].as_ref().unwrap_err();
        assert_eq!((err.line, err.column), (2, Some(3)));
    }
}
