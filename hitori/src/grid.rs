//! The puzzle (a grid of numbers) and its shading (what is known of each cell).

/// A Hitori puzzle: a rectangular grid of positive numbers, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The numbers, row by row.
    pub values: Vec<u32>,
}

impl Puzzle {
    /// Builds a puzzle from its rows; `Err` says what is wrong (empty, ragged, a zero).
    pub fn from_rows(rows: Vec<Vec<u32>>) -> Result<Puzzle, String> {
        let cols = rows.first().map_or(0, Vec::len);
        if rows.is_empty() || cols == 0 {
            return Err("the grid is empty".into());
        }
        if let Some((i, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != cols) {
            return Err(format!(
                "row {} has {} numbers, row 1 has {cols}",
                i + 1,
                row.len()
            ));
        }
        if rows.iter().flatten().any(|&v| v == 0) {
            return Err("cell numbers must be positive".into());
        }
        Ok(Puzzle {
            rows: rows.len(),
            cols,
            values: rows.into_iter().flatten().collect(),
        })
    }

    /// The number in cell (`row`, `col`), both 0-based.
    pub fn value(&self, row: usize, col: usize) -> u32 {
        self.values[row * self.cols + col]
    }
}

/// What is known of one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shade {
    /// Not decided yet.
    Unknown,
    /// Kept: part of the white region.
    White,
    /// Shaded (blacked out).
    Black,
}

impl Shade {
    /// The character used in JSON answers and plain pictures: `#` shaded, `.` white, `?` unknown.
    pub fn symbol(self) -> char {
        match self {
            Shade::Unknown => '?',
            Shade::White => '.',
            Shade::Black => '#',
        }
    }
}

/// A shading of a puzzle's grid, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shading {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Each cell's shade, row by row.
    pub cells: Vec<Shade>,
}

impl Shading {
    /// A shading of a `rows` x `cols` grid with every cell unknown.
    pub fn unknown(rows: usize, cols: usize) -> Shading {
        Shading {
            rows,
            cols,
            cells: vec![Shade::Unknown; rows * cols],
        }
    }

    /// The shade of cell (`row`, `col`), both 0-based.
    pub fn get(&self, row: usize, col: usize) -> Shade {
        self.cells[row * self.cols + col]
    }

    /// Whether every cell is decided.
    pub fn is_complete(&self) -> bool {
        !self.cells.contains(&Shade::Unknown)
    }

    /// One string per row: `#` shaded, `.` white, `?` unknown.
    pub fn row_strings(&self) -> Vec<String> {
        self.cells
            .chunks(self.cols.max(1))
            .map(|row| row.iter().map(|s| s.symbol()).collect())
            .collect()
    }

    /// Reads rows of `#`/`x`/`b` (shaded) and `.`/`-`/`w` (white); used for known solutions.
    pub fn from_row_strings<S: AsRef<str>>(rows: &[S]) -> Result<Shading, String> {
        let mut cells = Vec::new();
        let cols = rows.first().map_or(0, |r| r.as_ref().chars().count());
        for (i, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            if row.chars().count() != cols {
                return Err(format!("shading row {} has a different length", i + 1));
            }
            for ch in row.chars() {
                cells.push(match ch {
                    '#' | 'x' | 'b' => Shade::Black,
                    '.' | '-' | 'w' => Shade::White,
                    '?' => Shade::Unknown,
                    other => return Err(format!("unexpected shading character '{other}'")),
                });
            }
        }
        Ok(Shading {
            rows: rows.len(),
            cols,
            cells,
        })
    }
}
