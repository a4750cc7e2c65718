//! The Sevilla course format: one line per puzzle, a square grid in row-major order, `x` for a
//! black square and the solution digit for a white cell. The clues are derived as the sums of the
//! runs (as the course's own reader does) and the digits are then kept only as a test oracle.

use super::{checked, Entry, EntryError};
use crate::grid::{Dir, Puzzle, Square};

/// Reads every line of `text` (blank lines and `#` comments are skipped).
pub(super) fn read(text: &str) -> Vec<Entry> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| {
            let l = l.trim();
            !l.is_empty() && !l.starts_with('#')
        })
        .enumerate()
        .map(|(i, (line, content))| Entry {
            index: i + 1,
            name: format!("#{}", i + 1),
            puzzle: parse_line(content.trim(), line + 1),
        })
        .collect()
}

/// Parses one line into a puzzle with derived clues.
fn parse_line(content: &str, line: usize) -> Result<Puzzle, EntryError> {
    let fail = |column: Option<usize>, message: String| EntryError {
        line,
        column,
        message,
    };
    let len = content.chars().count();
    let side = (1..=len).find(|s| s * s >= len).unwrap_or(0);
    if side < 2 || side * side != len {
        return Err(fail(
            None,
            format!("a line holds {len} squares; expected a square grid (e.g. 100 for 10x10)"),
        ));
    }
    let mut digits = vec![0u8; len];
    let mut squares = vec![Square::Block; len];
    for (i, ch) in content.chars().enumerate() {
        match ch {
            'x' | 'X' => {}
            '1'..='9' => {
                digits[i] = ch as u8 - b'0';
                squares[i] = Square::White;
            }
            other => {
                return Err(fail(
                    Some(i + 1),
                    format!(
                        "unexpected `{other}` at row {}, column {}: expected `x` or a digit 1-9",
                        i / side + 1,
                        i % side + 1
                    ),
                ))
            }
        }
    }
    let mut puzzle = Puzzle {
        rows: side,
        cols: side,
        squares,
        known_solution: Some(digits.clone()),
    };
    derive_clues(&mut puzzle, &digits)
        .map_err(|(at, message)| fail(Some(at.0 * side + at.1 + 1), message))?;
    checked(puzzle, line, |(r, c)| Some((line, r * side + c + 1)))
}

/// Puts on the square before each maximal run of white cells the sum of the run's digits.
fn derive_clues(puzzle: &mut Puzzle, digits: &[u8]) -> Result<(), ((usize, usize), String)> {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    for dir in [Dir::Across, Dir::Down] {
        let (outer, inner) = match dir {
            Dir::Across => (rows, cols),
            Dir::Down => (cols, rows),
        };
        for a in 0..outer {
            let mut b = 0;
            while b < inner {
                let at = |k: usize| match dir {
                    Dir::Across => (a, k),
                    Dir::Down => (k, a),
                };
                let index = |k: usize| at(k).0 * cols + at(k).1;
                if puzzle.squares[index(b)] != Square::White {
                    b += 1;
                    continue;
                }
                let start = b;
                let mut sum = 0u32;
                while b < inner && puzzle.squares[index(b)] == Square::White {
                    sum += u32::from(digits[index(b)]);
                    b += 1;
                }
                if start == 0 {
                    return Err((
                        at(0),
                        format!(
                            "the {} run at row {}, column {} starts at the edge: there is no square for its clue",
                            dir.symbol(),
                            at(0).0 + 1,
                            at(0).1 + 1
                        ),
                    ));
                }
                let clue_index = index(start - 1);
                let (down, across) = match puzzle.squares[clue_index] {
                    Square::Clue { down, across } => (down, across),
                    _ => (None, None),
                };
                puzzle.squares[clue_index] = match dir {
                    Dir::Across => Square::Clue {
                        down,
                        across: Some(sum),
                    },
                    Dir::Down => Square::Clue {
                        down: Some(sum),
                        across,
                    },
                };
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derives_clues_and_keeps_digits_as_oracle() {
        let entries = read("xxx\nx12\nx34\n");
        assert_eq!(entries.len(), 3, "each line is one puzzle");
        let entries = read("xxxx12x34");
        let p = entries[0].puzzle.as_ref().unwrap();
        assert_eq!(p.rows, 3);
        assert_eq!(
            p.square(0, 1),
            Square::Clue {
                down: Some(4),
                across: None
            }
        );
        assert_eq!(
            p.square(1, 0),
            Square::Clue {
                down: None,
                across: Some(3)
            }
        );
        assert_eq!(p.known_solution.as_ref().unwrap()[4], 1);
    }

    #[test]
    fn reports_bad_characters_with_place() {
        let entries = read("xx1\nxxxxx1?x12xxxxxx");
        assert!(entries[0].puzzle.is_err());
        let err = entries[1].puzzle.as_ref().unwrap_err();
        assert_eq!(err.line, 2);
        assert_eq!(err.column, Some(7));
        assert!(err.message.contains("row 2, column 3"), "{}", err.message);
    }
}
