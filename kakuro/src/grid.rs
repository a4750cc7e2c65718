//! The puzzle model: a grid of squares (blocks, clue squares, white cells) and the runs it
//! implies, with the checks that make a grid a well-formed Kakuro.

/// One square of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    /// A black square without a clue.
    Block,
    /// A white cell to fill with a digit 1–9.
    White,
    /// A black square holding the clue of the run below it (`down`) and/or to its right (`across`).
    Clue {
        /// Sum of the vertical run that starts directly below.
        down: Option<u32>,
        /// Sum of the horizontal run that starts directly to the right.
        across: Option<u32>,
    },
}

/// The direction of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dir {
    /// A horizontal run, read left to right.
    Across,
    /// A vertical run, read top to bottom.
    Down,
}

impl Dir {
    /// The CLIPS symbol naming the direction.
    pub fn symbol(self) -> &'static str {
        match self {
            Dir::Across => "across",
            Dir::Down => "down",
        }
    }

    /// The step from one cell of the run to the next, as (row, column) deltas.
    fn step(self) -> (usize, usize) {
        match self {
            Dir::Across => (0, 1),
            Dir::Down => (1, 0),
        }
    }
}

/// A maximal line of white cells with the clue that its digits must sum to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Horizontal or vertical.
    pub dir: Dir,
    /// The clue square (row, column), just before the first cell.
    pub clue_at: (usize, usize),
    /// The sum of the run's digits.
    pub clue: u32,
    /// The run's cells as (row, column), in reading order.
    pub cells: Vec<(usize, usize)>,
}

impl Run {
    /// The run's name in working memory and in messages, e.g. `across-r2c1`.
    pub fn name(&self) -> String {
        format!(
            "{}-{}",
            self.dir.symbol(),
            cell_name(self.clue_at.0, self.clue_at.1)
        )
    }
}

/// The name of the cell at (row, column), 1-based as people count: `r3c4` for row 2, column 3.
pub fn cell_name(row: usize, col: usize) -> String {
    format!("r{}c{}", row + 1, col + 1)
}

/// The smallest and largest sums of `len` distinct digits 1–9.
pub fn sum_range(len: usize) -> (u32, u32) {
    let len = len.min(9) as u32;
    (len * (len + 1) / 2, len * (19 - len) / 2)
}

/// A Kakuro grid: every square, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The squares, row-major (`rows * cols` of them).
    pub squares: Vec<Square>,
    /// A known solution shipped with the collection (digits of white cells, 0 elsewhere), kept
    /// only as a test oracle: the solver never sees it.
    pub known_solution: Option<Vec<u8>>,
}

/// What makes a grid malformed, with the square (row, column) where it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridError {
    /// The square (0-based row, column) at fault.
    pub at: (usize, usize),
    /// What is wrong.
    pub message: String,
}

impl Puzzle {
    /// The square at (row, column).
    pub fn square(&self, row: usize, col: usize) -> Square {
        self.squares[row * self.cols + col]
    }

    /// Whether (row, column) is a white cell.
    pub fn is_white(&self, row: usize, col: usize) -> bool {
        self.square(row, col) == Square::White
    }

    /// The white cells, row-major.
    pub fn white_cells(&self) -> Vec<(usize, usize)> {
        (0..self.rows)
            .flat_map(|r| (0..self.cols).map(move |c| (r, c)))
            .filter(|&(r, c)| self.is_white(r, c))
            .collect()
    }

    /// The white cells from (row, column) onward in direction `dir`, up to the next non-white square.
    fn cells_from(&self, start: (usize, usize), dir: Dir) -> Vec<(usize, usize)> {
        let (dr, dc) = dir.step();
        let mut cells = Vec::new();
        let (mut r, mut c) = (start.0 + dr, start.1 + dc);
        while r < self.rows && c < self.cols && self.is_white(r, c) {
            cells.push((r, c));
            r += dr;
            c += dc;
        }
        cells
    }

    /// The clued runs, in row-major order of their clue squares (across before down).
    pub fn runs(&self) -> Vec<Run> {
        let mut runs = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if let Square::Clue { down, across } = self.square(r, c) {
                    for (dir, clue) in [(Dir::Across, across), (Dir::Down, down)] {
                        if let Some(clue) = clue {
                            runs.push(Run {
                                dir,
                                clue_at: (r, c),
                                clue,
                                cells: self.cells_from((r, c), dir),
                            });
                        }
                    }
                }
            }
        }
        runs
    }

    /// Checks that the grid is a well-formed Kakuro: every clue has a run of 1–9 cells and a sum
    /// that distinct digits can make, and every white cell lies in a clued across and down run.
    pub fn validate(&self) -> Result<(), GridError> {
        for run in self.runs() {
            let at = run.clue_at;
            let what = format!("{} clue {}", run.dir.symbol(), run.clue);
            if run.cells.is_empty() {
                return Err(GridError {
                    at,
                    message: format!("{what} has no run of white cells after it"),
                });
            }
            if run.cells.len() > 9 {
                return Err(GridError {
                    at,
                    message: format!(
                        "{what} starts a run of {} cells (at most 9 distinct digits fit)",
                        run.cells.len()
                    ),
                });
            }
            let (low, high) = sum_range(run.cells.len());
            if run.clue < low || run.clue > high {
                return Err(GridError {
                    at,
                    message: format!(
                        "{what} is out of range for a run of {} cells (expected {low}..={high})",
                        run.cells.len()
                    ),
                });
            }
        }
        for (r, c) in self.white_cells() {
            for dir in [Dir::Across, Dir::Down] {
                let (dr, dc) = dir.step();
                let (mut sr, mut sc) = (r, c);
                while sr >= dr && sc >= dc && self.is_white(sr - dr, sc - dc) {
                    sr -= dr;
                    sc -= dc;
                }
                let clued = sr >= dr
                    && sc >= dc
                    && match self.square(sr - dr, sc - dc) {
                        Square::Clue { down, across } => match dir {
                            Dir::Across => across.is_some(),
                            Dir::Down => down.is_some(),
                        },
                        _ => false,
                    };
                if !clued {
                    return Err(GridError {
                        at: (r, c),
                        message: format!(
                            "white cell {} lies in an {} run without a clue",
                            cell_name(r, c),
                            dir.symbol()
                        ),
                    });
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: usize, cols: usize, squares: Vec<Square>) -> Puzzle {
        Puzzle {
            rows,
            cols,
            squares,
            known_solution: None,
        }
    }

    #[test]
    fn sum_ranges_match_distinct_digits() {
        assert_eq!(sum_range(1), (1, 9));
        assert_eq!(sum_range(2), (3, 17));
        assert_eq!(sum_range(9), (45, 45));
    }

    #[test]
    fn runs_and_validation() {
        use Square::*;
        let p = grid(
            2,
            3,
            vec![
                Block,
                Clue {
                    down: Some(4),
                    across: None,
                },
                Clue {
                    down: Some(3),
                    across: None,
                },
                Clue {
                    down: None,
                    across: Some(3),
                },
                White,
                White,
            ],
        );
        let runs = p.runs();
        assert_eq!(runs.len(), 3);
        assert_eq!(runs[0].name(), "down-r1c2");
        assert_eq!(runs[2].cells, vec![(1, 1), (1, 2)]);
        assert!(p.validate().is_ok());
        let mut bad = p.clone();
        bad.squares[3] = Clue {
            down: None,
            across: Some(18),
        };
        assert!(bad.validate().unwrap_err().message.contains("out of range"));
        let mut unclued = p.clone();
        unclued.squares[3] = Block;
        assert!(unclued
            .validate()
            .unwrap_err()
            .message
            .contains("without a clue"));
    }
}
