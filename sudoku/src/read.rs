//! Readers. Two formats:
//! - `lines`: one puzzle per line, N² symbols for N = 4, 9, 16 or 25 (`.` or `0` empty, `1`–`9`
//!   then `A`, `B`, …); `#` starts a comment line. A second field `x` or `standard` names that
//!   puzzle's variant (else the variant asked for applies); any other text after the grid is
//!   ignored.
//! - `janko`: the puzzlekit JSON container (`{"data": {id: {"problem": "N N\n<rows>"}}}`, `-` empty).

use crate::grid::{value_of, Puzzle, Variant, SIZES};

/// The input formats the readers understand.
pub const FORMATS: &[&str] = &["lines", "janko"];

/// One puzzle of a file, or why it could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// 1-based index of the puzzle in its file.
    pub index: usize,
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// The collection's own id, else `#<index>`.
    pub name: String,
    /// The puzzle, or what is wrong with it.
    pub puzzle: Result<Puzzle, ReadError>,
}

/// What is wrong with one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// 1-based column of the offending character, when known.
    pub column: Option<usize>,
    /// What is wrong and what was expected.
    pub message: String,
}

impl ReadError {
    fn new(column: Option<usize>, message: impl Into<String>) -> ReadError {
        ReadError {
            column,
            message: message.into(),
        }
    }
}

/// Reads every puzzle of `text` in `format` (`None`: JSON if it starts with `{`, else lines).
/// An `Err` means the whole file is unreadable (unknown format, JSON that does not parse).
pub fn read(text: &str, format: Option<&str>, variant: Variant) -> Result<Vec<Entry>, String> {
    let format = format.unwrap_or(if text.trim_start().starts_with('{') {
        "janko"
    } else {
        "lines"
    });
    match format {
        "lines" => Ok(read_lines(text, variant)),
        "janko" => read_janko(text, variant),
        other => Err(format!(
            "unknown sudoku input format `{other}` (expected one of: {})",
            FORMATS.join(", ")
        )),
    }
}

/// Reads the one-puzzle-per-line format.
pub fn read_lines(text: &str, variant: Variant) -> Vec<Entry> {
    let mut entries = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let mut fields = line.split_whitespace();
        let body = fields.next().unwrap_or("");
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        let index = entries.len() + 1;
        let column = line.len() - line.trim_start().len();
        entries.push(Entry {
            index,
            line: number + 1,
            name: format!("#{index}"),
            puzzle: parse_line(
                body,
                fields
                    .next()
                    .and_then(Variant::from_name)
                    .unwrap_or(variant),
            )
            .map_err(|mut e| {
                e.column = e.column.map(|c| c + column);
                e
            }),
        });
    }
    entries
}

/// Parses one line of N² symbols.
fn parse_line(body: &str, variant: Variant) -> Result<Puzzle, ReadError> {
    let chars: Vec<char> = body.chars().collect();
    let Some(size) = SIZES.iter().copied().find(|n| n * n == chars.len()) else {
        return Err(ReadError::new(
            None,
            format!(
                "{} symbols; a puzzle line has 16, 81, 256 or 625 (N² for N = 4, 9, 16, 25)",
                chars.len()
            ),
        ));
    };
    let mut cells = Vec::with_capacity(chars.len());
    for (i, &c) in chars.iter().enumerate() {
        match value_of(c) {
            Some(v) if usize::from(v) <= size => cells.push(v),
            _ => {
                return Err(ReadError::new(
                    Some(i + 1),
                    format!("`{c}` is not a value of a {size}x{size} sudoku (expected `.`, `0`, or 1..{size} written 1-9, A, B, …)"),
                ))
            }
        }
    }
    Puzzle::new(size, cells, variant).map_err(|m| ReadError::new(None, m))
}

/// Reads the puzzlekit JSON container.
fn read_janko(text: &str, variant: Variant) -> Result<Vec<Entry>, String> {
    let json: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    let data = json
        .get("data")
        .and_then(|d| d.as_object())
        .ok_or("JSON without a `data` object of puzzles")?;
    Ok(data
        .iter()
        .enumerate()
        .map(|(i, (id, entry))| Entry {
            index: i + 1,
            line: 1,
            name: id.clone(),
            puzzle: entry
                .get("problem")
                .and_then(|p| p.as_str())
                .ok_or_else(|| ReadError::new(None, "no `problem` string"))
                .and_then(|p| parse_janko_problem(p, variant)),
        })
        .collect())
}

/// Parses `"N N\n"` followed by N rows of N tokens (`-` empty, else the value).
fn parse_janko_problem(problem: &str, variant: Variant) -> Result<Puzzle, ReadError> {
    let mut lines = problem.lines();
    let header: Vec<usize> = lines
        .next()
        .unwrap_or("")
        .split_whitespace()
        .map(|t| t.parse::<usize>())
        .collect::<Result<_, _>>()
        .map_err(|_| ReadError::new(None, "the first line must be `N N`"))?;
    let size = match header[..] {
        [r, c] if r == c => r,
        _ => {
            return Err(ReadError::new(
                None,
                "the first line must be `N N` (a square grid)",
            ))
        }
    };
    let mut cells = Vec::with_capacity(size * size);
    for (r, row) in lines.take(size).enumerate() {
        for token in row.split_whitespace() {
            let v = match token {
                "-" | "." | "0" => 0,
                t => t.parse::<u8>().map_err(|_| {
                    ReadError::new(None, format!("row {}: `{t}` is not a value", r + 1))
                })?,
            };
            cells.push(v);
        }
    }
    Puzzle::new(size, cells, variant).map_err(|m| ReadError::new(None, m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_skip_comments_and_trailing_text() {
        let text = "# a comment\n\n1.3.\n...........1..2.\n  ..34......4.1.3. rating 12\n12\n..x.............\n";
        let e = read(text, None, Variant::Standard).unwrap();
        assert_eq!(e.len(), 5);
        assert_eq!(e[0].line, 3);
        assert!(e[0].puzzle.is_err());
        assert_eq!(e[1].puzzle.as_ref().unwrap().cells[11], 1);
        assert_eq!(e[2].puzzle.as_ref().unwrap().clues(), 5);
        assert!(e[3]
            .puzzle
            .as_ref()
            .unwrap_err()
            .message
            .contains("2 symbols"));
        let bad = e[4].puzzle.as_ref().unwrap_err();
        assert_eq!((e[4].line, bad.column), (7, Some(3)));
    }

    #[test]
    fn a_second_field_names_the_variant_of_its_puzzle() {
        let text = "1............... x naked-pair\n1............... standard\n1............... 7\n";
        let variants: Vec<Variant> = read(text, None, Variant::X)
            .unwrap()
            .into_iter()
            .map(|e| e.puzzle.unwrap().variant)
            .collect();
        assert_eq!(variants, [Variant::X, Variant::Standard, Variant::X]);
        let e = read(text, None, Variant::Standard).unwrap();
        assert_eq!(e[2].puzzle.as_ref().unwrap().variant, Variant::Standard);
    }

    #[test]
    fn janko_json_reads_rows_of_tokens() {
        let text = r#"{"data": {"a": {"problem": "4 4\n1 - - -\n- - 3 -\n- 4 - -\n- - - 2"},
                        "b": {"problem": "4 4\n1 - -"}}}"#;
        let e = read(text, None, Variant::Standard).unwrap();
        assert_eq!(e[0].name, "a");
        assert_eq!(e[0].puzzle.as_ref().unwrap().cells[6], 3);
        assert!(e[1].puzzle.is_err());
        assert!(read("{", None, Variant::Standard).is_err());
        assert!(read("", Some("csv"), Variant::Standard).is_err());
    }
}
