//! The plain text format: puzzles as blocks of rows separated by blank lines; each row holds
//! whitespace-separated tokens `-` (block), `.` (white) or `D\A` (clue with down sum D and across
//! sum A, either side empty). A `#` line is a comment; the last one before a block names it.

use super::{checked, grid_from_rows, token_column, Entry, EntryError, Tokens};

/// The tokens of the plain format.
const TOKENS: Tokens = Tokens {
    white: ".",
    separator: '\\',
};

/// One block of rows: its first line (1-based), its rows and the comment naming it.
struct Block<'a> {
    first_line: usize,
    rows: Vec<&'a str>,
    name: Option<String>,
}

/// Reads every block of `text`.
pub(super) fn read(text: &str) -> Vec<Entry> {
    blocks(text)
        .into_iter()
        .enumerate()
        .map(|(i, block)| {
            let line_of = |r: usize| block.first_line + r;
            let puzzle = grid_from_rows(&block.rows, TOKENS)
                .map_err(|(r, c, message)| EntryError {
                    line: line_of(r),
                    column: Some(token_column(block.rows[r], c)),
                    message: format!("row {}, column {}: {message}", r + 1, c + 1),
                })
                .and_then(|p| {
                    checked(p, block.first_line, |(r, c)| {
                        Some((line_of(r), token_column(block.rows[r], c)))
                    })
                });
            Entry {
                index: i + 1,
                name: block.name.unwrap_or_else(|| format!("#{}", i + 1)),
                puzzle,
            }
        })
        .collect()
}

/// Splits `text` into blocks of consecutive non-blank, non-comment lines.
fn blocks(text: &str) -> Vec<Block<'_>> {
    let mut blocks: Vec<Block> = Vec::new();
    let mut comment = None;
    let mut open = false;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            open = false;
        } else if let Some(rest) = trimmed.strip_prefix('#') {
            open = false;
            comment = Some(rest.trim().to_string());
        } else if open {
            if let Some(block) = blocks.last_mut() {
                block.rows.push(line);
            }
        } else {
            blocks.push(Block {
                first_line: i + 1,
                rows: vec![line],
                name: comment.take().filter(|c| !c.is_empty()),
            });
            open = true;
        }
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Square;

    #[test]
    fn reads_named_blocks() {
        let text = "# tiny\n- 4\\ 3\\\n\\3 . .\n\n\\4 . -\n";
        let entries = read(text);
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].name, "tiny");
        let p = entries[0]
            .puzzle
            .as_ref()
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            p.square(0, 1),
            Square::Clue {
                down: Some(4),
                across: None
            }
        );
        assert_eq!(entries[1].name, "#2");
    }

    #[test]
    fn errors_name_line_and_column() {
        let entries = read("- 4\\ 3\\\n\\3 . ?\n");
        let err = entries[0].puzzle.as_ref().unwrap_err();
        assert_eq!((err.line, err.column), (2, Some(6)));
        assert!(err.message.contains("unknown token `?`"));
        let entries = read("- 4\\ 3\\\n\\30 . .\n");
        let err = entries[0].puzzle.as_ref().unwrap_err();
        assert!(err.message.contains("out of range"), "{}", err.message);
        assert_eq!(err.line, 2);
    }
}
