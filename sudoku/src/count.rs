//! An independent solution counter: a plain backtracking search over bit masks, choosing the
//! cell with the fewest possible values first. It knows nothing of the rulebase; it tells a
//! puzzle with several solutions from one with none when the rules stop short.

use crate::grid::Puzzle;
use crate::units::units;

/// How many solutions a puzzle has, counted up to a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// No solution.
    None,
    /// Exactly one solution (row-major values).
    Unique(Vec<u8>),
    /// At least two solutions.
    Multiple,
}

/// The search state: each cell's value and each unit's used values.
struct Search {
    size: usize,
    /// For each cell, the units it belongs to.
    cell_units: Vec<Vec<usize>>,
    /// For each unit, a bit mask of the values placed in it (bit v-1).
    used: Vec<u32>,
    values: Vec<u8>,
    found: usize,
    first: Option<Vec<u8>>,
}

impl Search {
    fn allowed(&self, cell: usize) -> u32 {
        let all = if self.size == 32 {
            u32::MAX
        } else {
            (1u32 << self.size) - 1
        };
        self.cell_units[cell]
            .iter()
            .fold(all, |m, &u| m & !self.used[u])
    }

    fn set(&mut self, cell: usize, v: u8, on: bool) {
        let bit = 1u32 << (v - 1);
        for &u in &self.cell_units[cell] {
            if on {
                self.used[u] |= bit;
            } else {
                self.used[u] &= !bit;
            }
        }
        self.values[cell] = if on { v } else { 0 };
    }

    /// Counts solutions below the current state, stopping once two are found.
    fn run(&mut self) {
        let mut best: Option<(usize, u32)> = None;
        for cell in 0..self.values.len() {
            if self.values[cell] != 0 {
                continue;
            }
            let m = self.allowed(cell);
            if best.is_none_or(|(_, b)| m.count_ones() < b.count_ones()) {
                best = Some((cell, m));
                if m.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, mut mask)) = best else {
            self.found += 1;
            if self.first.is_none() {
                self.first = Some(self.values.clone());
            }
            return;
        };
        while mask != 0 && self.found < 2 {
            let v = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            self.set(cell, v, true);
            self.run();
            self.set(cell, v, false);
        }
    }
}

/// Counts the puzzle's solutions up to two.
pub fn count_solutions(puzzle: &Puzzle) -> Count {
    let all = units(puzzle);
    let mut cell_units = vec![Vec::new(); puzzle.cell_count()];
    for (i, u) in all.iter().enumerate() {
        for &c in &u.cells {
            cell_units[c].push(i);
        }
    }
    let mut search = Search {
        size: puzzle.size,
        cell_units,
        used: vec![0; all.len()],
        values: vec![0; puzzle.cell_count()],
        found: 0,
        first: None,
    };
    for (cell, &v) in puzzle.cells.iter().enumerate() {
        if v != 0 {
            if search.allowed(cell) & (1 << (v - 1)) == 0 {
                return Count::None;
            }
            search.set(cell, v, true);
        }
    }
    search.run();
    match (search.found, search.first) {
        (0, _) => Count::None,
        (1, Some(s)) => Count::Unique(s),
        _ => Count::Multiple,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Variant;

    fn puzzle(s: &str, variant: Variant) -> Puzzle {
        let cells = s
            .chars()
            .map(|c| crate::grid::value_of(c).unwrap())
            .collect();
        Puzzle::new(4, cells, variant).unwrap()
    }

    #[test]
    fn counts_none_one_and_many() {
        assert_eq!(
            count_solutions(&puzzle("1234341221434321", Variant::Standard)),
            Count::Unique("1234341221434321".bytes().map(|b| b - b'0').collect())
        );
        assert_eq!(
            count_solutions(&puzzle("................", Variant::Standard)),
            Count::Multiple
        );
        assert_eq!(
            count_solutions(&puzzle("11..............", Variant::Standard)),
            Count::None
        );
        // Solvable as a plain sudoku, but the diagonal 1..4 repeats 1 (r1c1 and r4c4 hold 1).
        assert_eq!(
            count_solutions(&puzzle("1..............1", Variant::X)),
            Count::None
        );
    }
}
