//! The units of a grid — rows, columns, boxes and, for Sudoku-X, the two diagonals: each is a
//! set of N cells that must hold every value once. The rules see them as facts; the checker
//! and the solution counter use the same list, so all three agree on what a unit is.

use crate::grid::{Puzzle, Variant};

/// What kind of unit it is (the rules use the kind only to name techniques).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
    /// A main diagonal (Sudoku-X).
    Diagonal,
}

impl Kind {
    /// The kind's name as a CLIPS symbol.
    pub fn symbol(self) -> &'static str {
        match self {
            Kind::Row => "row",
            Kind::Column => "column",
            Kind::Box => "box",
            Kind::Diagonal => "diagonal",
        }
    }
}

/// One unit: a kind, its 1-based number within the kind, and its cells (row-major indices).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The unit's kind.
    pub kind: Kind,
    /// 1-based number among units of its kind.
    pub number: usize,
    /// The cells, as row-major indices.
    pub cells: Vec<usize>,
}

impl Unit {
    /// The unit's name, e.g. `row3`, `box7`, `diagonal1`.
    pub fn name(&self) -> String {
        format!("{}{}", self.kind.symbol(), self.number)
    }
}

/// Every unit of the puzzle's grid and variant: rows, columns, boxes, then diagonals.
pub fn units(puzzle: &Puzzle) -> Vec<Unit> {
    let n = puzzle.size;
    let b = puzzle.box_side;
    let mut all = Vec::with_capacity(3 * n + 2);
    for i in 0..n {
        all.push(Unit {
            kind: Kind::Row,
            number: i + 1,
            cells: (0..n).map(|c| i * n + c).collect(),
        });
    }
    for i in 0..n {
        all.push(Unit {
            kind: Kind::Column,
            number: i + 1,
            cells: (0..n).map(|r| r * n + i).collect(),
        });
    }
    for i in 0..n {
        let (top, left) = (i / b * b, i % b * b);
        all.push(Unit {
            kind: Kind::Box,
            number: i + 1,
            cells: (0..n).map(|k| (top + k / b) * n + left + k % b).collect(),
        });
    }
    if puzzle.variant == Variant::X {
        all.push(Unit {
            kind: Kind::Diagonal,
            number: 1,
            cells: (0..n).map(|k| k * n + k).collect(),
        });
        all.push(Unit {
            kind: Kind::Diagonal,
            number: 2,
            cells: (0..n).map(|k| k * n + (n - 1 - k)).collect(),
        });
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_is_in_three_units_and_x_adds_diagonals() {
        let p = Puzzle::new(9, vec![0; 81], Variant::Standard).unwrap();
        let u = units(&p);
        assert_eq!(u.len(), 27);
        for cell in 0..81 {
            assert_eq!(u.iter().filter(|u| u.cells.contains(&cell)).count(), 3);
        }
        assert_eq!(u[18].cells, vec![0, 1, 2, 9, 10, 11, 18, 19, 20]);
        let x = Puzzle::new(4, vec![0; 16], Variant::X).unwrap();
        let u = units(&x);
        assert_eq!(u.len(), 14);
        assert_eq!(u[13].cells, vec![3, 6, 9, 12]);
        assert_eq!(u[13].name(), "diagonal2");
    }
}
