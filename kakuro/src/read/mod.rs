//! Readers for the Kakuro collections: Sevilla solution lines, janko.at JSON and the plain text
//! format. Each reader returns every puzzle of a file; a malformed puzzle is an error entry that
//! names its place, and the others still load.

mod janko;
mod plain;
mod sevilla;

use crate::grid::{GridError, Puzzle, Square};

/// An input format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One 10x10 (any square size) line per puzzle: `x` black, digit = a solved white cell.
    Sevilla,
    /// janko.at JSON `{data: {id: {problem, solution}}}` with `D,A` clue tokens.
    Janko,
    /// Blocks of whitespace-separated tokens: `-` block, `.` white, `D\A` clue.
    Plain,
}

impl Format {
    /// The names accepted by `--input-format`, in the order of [`Format::ALL`].
    pub const NAMES: &'static [&'static str] = &["sevilla", "janko", "plain"];
    /// Every format.
    pub const ALL: [Format; 3] = [Format::Sevilla, Format::Janko, Format::Plain];

    /// The format named `name` (one of [`Format::NAMES`]).
    pub fn from_name(name: &str) -> Option<Format> {
        Format::NAMES
            .iter()
            .position(|n| *n == name)
            .map(|i| Format::ALL[i])
    }

    /// Guesses the format from the content: JSON, lines of `x` and digits, else plain.
    pub fn detect(text: &str) -> Format {
        let trimmed = text.trim_start();
        if trimmed.starts_with('{') {
            return Format::Janko;
        }
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .peekable();
        let sevilla_line = |l: &str| {
            l.len() >= 4
                && l.bytes()
                    .all(|b| b == b'x' || b == b'X' || b.is_ascii_digit())
        };
        if lines.peek().is_some() && lines.all(sevilla_line) {
            Format::Sevilla
        } else {
            Format::Plain
        }
    }
}

/// One puzzle of a file, or why it could not be read.
#[derive(Clone, Debug)]
pub struct Entry {
    /// 1-based position in the file.
    pub index: usize,
    /// The collection's id for the puzzle, else `#<index>`.
    pub name: String,
    /// The puzzle, or what is wrong with it.
    pub puzzle: Result<Puzzle, EntryError>,
}

/// Where and why a puzzle is malformed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryError {
    /// 1-based line of the file.
    pub line: usize,
    /// 1-based column of the file, when known.
    pub column: Option<usize>,
    /// What is wrong, naming the grid square when that is the place.
    pub message: String,
}

/// Reads every puzzle of `text` in `format` (detected when `None`). `Err` means the file as a
/// whole cannot be read (e.g. invalid JSON).
pub fn read(text: &str, format: Option<Format>) -> Result<Vec<Entry>, String> {
    match format.unwrap_or_else(|| Format::detect(text)) {
        Format::Sevilla => Ok(sevilla::read(text)),
        Format::Janko => janko::read(text),
        Format::Plain => Ok(plain::read(text)),
    }
}

/// Validates a grid read at `line`; a fault in a square is reported with its grid position.
/// `place` maps a square to a file (line, column) when the reader knows it.
fn checked(
    puzzle: Puzzle,
    line: usize,
    place: impl Fn((usize, usize)) -> Option<(usize, usize)>,
) -> Result<Puzzle, EntryError> {
    match puzzle.validate() {
        Ok(()) => Ok(puzzle),
        Err(GridError { at, message }) => {
            let (line, column) = match place(at) {
                Some((l, c)) => (l, Some(c)),
                None => (line, None),
            };
            Err(EntryError {
                line,
                column,
                message: format!("row {}, column {}: {message}", at.0 + 1, at.1 + 1),
            })
        }
    }
}

/// Parses one clue side (`""` = no clue) of a `D\A` or `D,A` token.
fn clue_side(text: &str) -> Result<Option<u32>, String> {
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<u32>() {
        Ok(n) if (1..=45).contains(&n) => Ok(Some(n)),
        _ => Err(format!(
            "clue `{text}` is not a number from 1 to 45 (the largest sum of distinct digits)"
        )),
    }
}

/// The spelling of a token-grid format: the white-cell token and the clue separator.
#[derive(Clone, Copy)]
struct Tokens {
    /// The token of a white cell (`.` or `0`).
    white: &'static str,
    /// The separator between the down and across sums of a clue (`\\` or `,`).
    separator: char,
}

/// A token at fault: its 0-based row and token position in the row, and what is wrong.
type TokenError = (usize, usize, String);

/// Builds a puzzle from rows of whitespace-separated tokens (`-` block, white, `D<sep>A` clue).
fn grid_from_rows(rows: &[&str], tokens: Tokens) -> Result<Puzzle, TokenError> {
    let mut squares = Vec::new();
    let mut cols = None;
    for (r, row) in rows.iter().enumerate() {
        let mut count = 0;
        for (c, token) in row.split_whitespace().enumerate() {
            count += 1;
            let square = if token == "-" {
                Square::Block
            } else if token == tokens.white {
                Square::White
            } else if let Some((down, across)) = token.split_once(tokens.separator) {
                let side = |t| clue_side(t).map_err(|m| (r, c, m));
                let (down, across) = (side(down)?, side(across)?);
                if down.is_none() && across.is_none() {
                    return Err((
                        r,
                        c,
                        format!("clue token `{token}` has no sum on either side"),
                    ));
                }
                Square::Clue { down, across }
            } else {
                return Err((
                    r,
                    c,
                    format!(
                        "unknown token `{token}`: expected `-`, `{}` or a clue like `16{sep}7`, `16{sep}` or `{sep}7`",
                        tokens.white,
                        sep = tokens.separator
                    ),
                ));
            };
            squares.push(square);
        }
        match cols {
            None => cols = Some(count),
            Some(n) if n != count => {
                return Err((
                    r,
                    count.min(n),
                    format!("row has {count} squares, the first row {n}"),
                ))
            }
            Some(_) => {}
        }
    }
    Ok(Puzzle {
        rows: rows.len(),
        cols: cols.unwrap_or(0),
        squares,
        known_solution: None,
    })
}

/// The 1-based character column where the `index`-th whitespace-separated token of `line` starts.
fn token_column(line: &str, index: usize) -> usize {
    let mut seen = 0;
    let mut in_token = false;
    for (i, ch) in line.char_indices() {
        if ch.is_whitespace() {
            in_token = false;
        } else if !in_token {
            if seen == index {
                return line[..i].chars().count() + 1;
            }
            seen += 1;
            in_token = true;
        }
    }
    line.chars().count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_formats() {
        assert_eq!(Format::detect("{\"data\": {}}"), Format::Janko);
        assert_eq!(Format::detect("xxxx\nx12x\n"), Format::Sevilla);
        assert_eq!(Format::detect("- 3\\\n\\3 .\n"), Format::Plain);
        assert_eq!(Format::from_name("plain"), Some(Format::Plain));
        assert_eq!(Format::from_name("csv"), None);
    }
}
