//! The puzzle: a square grid of N×N cells (N = 4, 9, 16, 25: boxes of √N×√N), its givens and
//! its variant, with the symbols used to write values (`1`–`9`, then `A`, `B`, `C`, …).

/// Which constraints besides rows, columns and boxes hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Variant {
    /// Rows, columns and boxes.
    #[default]
    Standard,
    /// Sudoku-X: both main diagonals also hold every value once.
    X,
}

impl Variant {
    /// The variant a name stands for: `standard`, or `x` (either case); `None` for any other.
    pub fn from_name(name: &str) -> Option<Variant> {
        match name {
            "standard" => Some(Variant::Standard),
            "x" | "X" => Some(Variant::X),
            _ => None,
        }
    }
}

/// A sudoku puzzle: `size` × `size` cells in row-major order, `0` for an empty cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// N, the side of the grid and the number of values.
    pub size: usize,
    /// The side of a box (√N).
    pub box_side: usize,
    /// The givens, row-major; `0` = empty.
    pub cells: Vec<u8>,
    /// The variant the puzzle is played with.
    pub variant: Variant,
}

/// The sizes accepted: perfect squares whose values can be written with one symbol each.
pub const SIZES: [usize; 4] = [4, 9, 16, 25];

impl Puzzle {
    /// A puzzle of side `size` (one of [`SIZES`]) with the given cells, checked for shape and range.
    pub fn new(size: usize, cells: Vec<u8>, variant: Variant) -> Result<Puzzle, String> {
        let box_side = box_side(size).ok_or_else(|| {
            format!("a grid of side {size} is not supported (expected one of 4, 9, 16, 25)")
        })?;
        if cells.len() != size * size {
            return Err(format!(
                "{} cells given, a {size}x{size} grid has {}",
                cells.len(),
                size * size
            ));
        }
        if let Some(v) = cells.iter().find(|&&v| usize::from(v) > size) {
            return Err(format!("value {v} is out of range 1..{size}"));
        }
        Ok(Puzzle {
            size,
            box_side,
            cells,
            variant,
        })
    }

    /// Number of cells (N²).
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// The number of givens.
    pub fn clues(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }
}

/// √N for the supported sizes.
pub fn box_side(size: usize) -> Option<usize> {
    SIZES
        .contains(&size)
        .then(|| (1..=5).find(|b| b * b == size))
        .flatten()
}

/// The symbol that writes value `v` (1–9, then `A` = 10, `B` = 11, …); `.` for 0.
pub fn symbol(v: u8) -> char {
    match v {
        0 => '.',
        1..=9 => char::from(b'0' + v),
        _ => char::from(b'A' + (v - 10)),
    }
}

/// The value a symbol writes: `.` and `0` are empty (0); `1`–`9`; `A`/`a` = 10, … `P`/`p` = 25.
pub fn value_of(c: char) -> Option<u8> {
    match c {
        '.' | '0' => Some(0),
        '1'..='9' => Some(c as u8 - b'0'),
        'A'..='P' => Some(c as u8 - b'A' + 10),
        'a'..='p' => Some(c as u8 - b'a' + 10),
        _ => None,
    }
}

/// The conventional name of a cell, `r<row>c<column>` counting from 1.
pub fn cell_name(size: usize, cell: usize) -> String {
    format!("r{}c{}", cell / size + 1, cell % size + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_round_trip() {
        for v in 0..=25u8 {
            assert_eq!(value_of(symbol(v)), Some(v));
        }
        assert_eq!(value_of('0'), Some(0));
        assert_eq!(value_of('g'), Some(16));
        assert_eq!(value_of('Z'), None);
    }

    #[test]
    fn sizes_and_shape_are_checked() {
        assert_eq!(box_side(16), Some(4));
        assert_eq!(box_side(6), None);
        assert!(Puzzle::new(4, vec![0; 16], Variant::Standard).is_ok());
        assert!(Puzzle::new(4, vec![0; 15], Variant::Standard).is_err());
        assert!(Puzzle::new(4, vec![5; 16], Variant::Standard).is_err());
        assert!(Puzzle::new(6, vec![0; 36], Variant::Standard).is_err());
    }
}
