//! An answer as read back from working memory: the digits, and the grid rows as JSON shows them.

use crate::grid::Puzzle;
use crate::render::answer_row;

/// A (possibly partial) answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Row-major digits: 1–9 for a decided white cell, 0 for anything else.
    pub digits: Vec<u8>,
    /// One string per row: `-` for a non-white square, the digit, or `.` for an undecided cell.
    pub rows: Vec<String>,
}

impl Answer {
    /// The answer holding `digits` for `puzzle`.
    pub fn new(puzzle: &Puzzle, digits: Vec<u8>) -> Answer {
        let rows = (0..puzzle.rows)
            .map(|r| answer_row(puzzle, &digits, r))
            .collect();
        Answer { digits, rows }
    }
}
