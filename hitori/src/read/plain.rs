//! The plain format: rows of space-separated numbers, a blank line between puzzles, `#`
//! comment lines anywhere.

use super::{Entry, EntryError};
use crate::grid::Puzzle;

/// Reads every puzzle of a plain text file.
pub(super) fn read(text: &str) -> Vec<Result<Entry, EntryError>> {
    let mut blocks: Vec<Vec<(usize, &str)>> = Vec::new();
    let mut current: Vec<(usize, &str)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            if !current.is_empty() {
                blocks.push(std::mem::take(&mut current));
            }
        } else {
            current.push((i + 1, line));
        }
    }
    if !current.is_empty() {
        blocks.push(current);
    }
    blocks
        .iter()
        .enumerate()
        .map(|(i, block)| read_block(i + 1, block))
        .collect()
}

fn read_block(index: usize, block: &[(usize, &str)]) -> Result<Entry, EntryError> {
    let name = format!("#{index}");
    let error = |line: usize, column: Option<usize>, message: String| EntryError {
        index,
        name: name.clone(),
        line,
        column,
        message,
    };
    let mut rows = Vec::with_capacity(block.len());
    for &(line, content) in block {
        let mut row = Vec::new();
        let mut offset = 0;
        for token in content.split_whitespace() {
            let column = content[offset..].find(token).map(|p| p + offset + 1);
            offset = column.map_or(offset, |c| c - 1 + token.len());
            match token.parse::<u32>() {
                Ok(v) if v > 0 => row.push(v),
                _ => {
                    return Err(error(
                        line,
                        column,
                        format!("'{token}' is not a positive whole number"),
                    ))
                }
            }
        }
        if let Some(first) = rows.first().map(Vec::len) {
            if row.len() != first {
                return Err(error(
                    line,
                    None,
                    format!("this row has {} numbers, the first row {first}", row.len()),
                ));
            }
        }
        rows.push(row);
    }
    Puzzle::from_rows(rows)
        .map(|puzzle| Entry {
            index,
            name: name.clone(),
            puzzle,
        })
        .map_err(|m| error(block[0].0, None, m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_blocks_with_comments_and_big_numbers() {
        let text = "# two puzzles\n1 2\n2 1\n\n\n10 11 10\n# inside\n11 10 12\n12 12 11\n";
        let entries = read(text);
        assert_eq!(entries.len(), 2);
        let second = entries[1].as_ref().unwrap();
        assert_eq!((second.puzzle.rows, second.puzzle.cols), (3, 3));
        assert_eq!(second.puzzle.value(1, 2), 12);
    }

    #[test]
    fn a_bad_token_names_its_line_and_column_and_the_rest_still_reads() {
        let entries = read("1 2\n2 x\n\n1 2\n2 1\n");
        let err = entries[0].as_ref().unwrap_err();
        assert_eq!((err.index, err.line, err.column), (1, 2, Some(3)));
        assert!(entries[1].is_ok());
        let ragged = read("1 2\n2\n");
        assert!(ragged[0]
            .as_ref()
            .unwrap_err()
            .message
            .contains("first row"));
    }
}
