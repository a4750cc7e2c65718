//! Readers for every Hitori format in the shared collections, and a plain text format.
//!
//! | name | content |
//! |---|---|
//! | `plain` | rows of space-separated numbers; a blank line ends a puzzle; `#` starts a comment line |
//! | `sevilla-clips` | one puzzle per line: `w`/`b` + digit per cell, row-major, square (the letters are ignored) |
//! | `sevilla-ia` | one puzzle per line: a JSON list of rows |
//! | `janko` | the janko.at JSON collection: `{"data": {id: {"problem": "R C\nrows..."}}}` |
//! | `singles` | Simon Tatham's Singles game IDs, one per line: `WxH[params]:desc` |

mod janko;
mod lines;
mod plain;
mod sevilla_clips;
mod sevilla_ia;
mod singles;

use crate::grid::Puzzle;

/// One puzzle read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// 1-based position of the puzzle in its file.
    pub index: usize,
    /// The collection's id for the puzzle, else `#<index>`.
    pub name: String,
    /// The puzzle.
    pub puzzle: Puzzle,
}

/// A puzzle that could not be read (the others still are).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryError {
    /// 1-based position of the puzzle in its file.
    pub index: usize,
    /// The puzzle's name, as far as it could be read.
    pub name: String,
    /// 1-based line of the problem.
    pub line: usize,
    /// 1-based column of the problem, when known.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

/// What a reader returns: every puzzle or its error, in file order; `Err` when the whole
/// file cannot be read.
pub type Entries = Result<Vec<Result<Entry, EntryError>>, String>;

/// The input formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Rows of space-separated numbers, puzzles separated by blank lines.
    Plain,
    /// The Sevilla CLIPS course lines of `w|b` + digit pairs.
    SevillaClips,
    /// The Sevilla AI course lines of JSON rows.
    SevillaIa,
    /// The janko.at JSON collection.
    Janko,
    /// Tatham's Singles game IDs.
    Singles,
}

impl Format {
    /// Every format, in the order of [`Format::NAMES`].
    pub const ALL: [Format; 5] = [
        Format::Plain,
        Format::SevillaClips,
        Format::SevillaIa,
        Format::Janko,
        Format::Singles,
    ];
    /// The names accepted by `--input-format`.
    pub const NAMES: &'static [&'static str] =
        &["plain", "sevilla-clips", "sevilla-ia", "janko", "singles"];

    /// The format's name.
    pub fn name(self) -> &'static str {
        Self::NAMES[Self::ALL.iter().position(|&f| f == self).unwrap_or(0)]
    }

    /// The format with this name.
    pub fn from_name(name: &str) -> Option<Format> {
        Self::NAMES
            .iter()
            .position(|&n| n == name)
            .map(|i| Self::ALL[i])
    }

    /// Guesses the format from the first meaningful line of the content.
    pub fn detect(text: &str) -> Format {
        if text.trim_start().starts_with('{') {
            return Format::Janko;
        }
        let first = lines::meaningful(text).next().map_or("", |(_, l)| l);
        if first.starts_with('[') {
            Format::SevillaIa
        } else if singles::looks_like(first) {
            Format::Singles
        } else if sevilla_clips::looks_like(first) {
            Format::SevillaClips
        } else {
            Format::Plain
        }
    }
}

/// Reads every puzzle of `text` in `format`, or in the detected format.
pub fn read(text: &str, format: Option<Format>) -> Entries {
    match format.unwrap_or_else(|| Format::detect(text)) {
        Format::Plain => Ok(plain::read(text)),
        Format::SevillaClips => Ok(sevilla_clips::read(text)),
        Format::SevillaIa => Ok(sevilla_ia::read(text)),
        Format::Janko => janko::read(text),
        Format::Singles => Ok(singles::read(text)),
    }
}

/// Reads a file's puzzles by format name (`None`: detect); unknown names are an error.
pub fn read_named(text: &str, format: Option<&str>) -> Entries {
    let format = match format {
        Some(name) => Some(Format::from_name(name).ok_or_else(|| {
            format!(
                "unknown Hitori input format '{name}' (expected one of: {})",
                Format::NAMES.join(", ")
            )
        })?),
        None => None,
    };
    read(text, format)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_every_format() {
        assert_eq!(Format::detect("{\"data\": {}}"), Format::Janko);
        assert_eq!(Format::detect("[[1,2],[2,1]]\n"), Format::SevillaIa);
        assert_eq!(
            Format::detect("5x5de:2523512335524231441423154"),
            Format::Singles
        );
        assert_eq!(Format::detect("w1b1w2w1"), Format::SevillaClips);
        assert_eq!(Format::detect("# comment\n1 2\n2 1\n"), Format::Plain);
    }

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for f in Format::ALL {
            assert_eq!(Format::from_name(f.name()), Some(f));
        }
        assert!(read_named("1", Some("csv"))
            .unwrap_err()
            .contains("unknown"));
    }
}
