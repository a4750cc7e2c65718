//! Simon Tatham's Singles game IDs: `WxH[params]:desc`, one per line; `desc` has W*H
//! characters, `1`-`9` for 1-9 and `a`, `b`, ... for 10, 11, ...

use super::{lines, Entry, EntryError};
use crate::grid::Puzzle;

/// Whether a line looks like a game ID.
pub(super) fn looks_like(line: &str) -> bool {
    size(line).is_some()
}

/// The `(width, height)` of a game ID's prefix.
fn size(line: &str) -> Option<(usize, usize)> {
    let (params, _) = line.split_once(':')?;
    let (w, rest) = params.split_once('x')?;
    let h: String = rest.chars().take_while(char::is_ascii_digit).collect();
    Some((w.parse().ok()?, h.parse().ok()?))
}

/// Reads every game ID of the file.
pub(super) fn read(text: &str) -> Vec<Result<Entry, EntryError>> {
    lines::one_per_line(text, parse)
}

fn parse(line: &str) -> Result<Puzzle, (Option<usize>, String)> {
    let (width, height) =
        size(line).ok_or_else(|| (Some(1), "expected a game ID 'WxH:digits'".to_string()))?;
    let start = line.find(':').map_or(0, |p| p + 1);
    let desc = &line[start..];
    let mut values = Vec::with_capacity(desc.len());
    for (i, ch) in desc.chars().enumerate() {
        let value = match ch {
            '1'..='9' => ch as u32 - '0' as u32,
            'a'..='z' => 10 + (ch as u32 - 'a' as u32),
            _ => {
                return Err((
                    Some(start + i + 1),
                    format!("'{ch}' is not a cell number (1-9, a=10, b=11, ...)"),
                ))
            }
        };
        values.push(value);
    }
    if values.len() != width * height {
        return Err((
            None,
            format!("{} cells for a {width}x{height} grid", values.len()),
        ));
    }
    Puzzle::from_rows(values.chunks(width.max(1)).map(<[u32]>::to_vec).collect())
        .map_err(|m| (None, m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_letters_above_nine() {
        let e = read("2x2dk:1a\u{0}\n3x1:abc\n");
        assert!(e[0].is_err());
        assert_eq!(e[1].as_ref().unwrap().puzzle.values, vec![10, 11, 12]);
    }

    #[test]
    fn wrong_lengths_are_reported() {
        let e = read("2x2:123\n");
        assert!(e[0].as_ref().unwrap_err().message.contains("2x2"));
    }
}
