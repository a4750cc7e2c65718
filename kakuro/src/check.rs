//! The independent checker and solution counter. Neither uses the rules: the checker tests a
//! filling against the clues, and the counter is a plain backtracking search used only to tell
//! a puzzle with several solutions from one the rules could not finish.

use crate::grid::{cell_name, Puzzle};

/// Digits for the grid, row-major: 1–9 for a decided white cell, 0 for anything else.
pub type Filling = Vec<u8>;

/// Checks a complete filling: every white cell holds a digit, no run repeats one, every run
/// sums to its clue. `Err` names the first broken condition.
pub fn check(puzzle: &Puzzle, filling: &[u8]) -> Result<(), String> {
    if filling.len() != puzzle.rows * puzzle.cols {
        return Err("the filling does not cover the grid".into());
    }
    for (r, c) in puzzle.white_cells() {
        let d = filling[r * puzzle.cols + c];
        if !(1..=9).contains(&d) {
            return Err(format!("cell {} holds no digit", cell_name(r, c)));
        }
    }
    for run in puzzle.runs() {
        let mut seen = [false; 10];
        let mut sum = 0;
        for &(r, c) in &run.cells {
            let d = filling[r * puzzle.cols + c];
            if std::mem::replace(&mut seen[usize::from(d)], true) {
                return Err(format!("run {} repeats the digit {d}", run.name()));
            }
            sum += u32::from(d);
        }
        if sum != run.clue {
            return Err(format!(
                "run {} sums to {sum}, its clue is {}",
                run.name(),
                run.clue
            ));
        }
    }
    Ok(())
}

/// How many solutions a search found, up to its limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly this many (0, 1 or up to the limit asked).
    Exactly(usize),
    /// At least this many: the search stopped at the solution limit.
    AtLeast(usize),
    /// The search gave up after its node budget.
    Unknown,
}

/// Counts solutions by backtracking, stopping at `limit` solutions or `budget` search nodes.
pub fn count_solutions(puzzle: &Puzzle, limit: usize, budget: u64) -> Count {
    let cells = puzzle.white_cells();
    let runs = puzzle.runs();
    let mut run_of = vec![[usize::MAX; 2]; puzzle.rows * puzzle.cols];
    for (i, run) in runs.iter().enumerate() {
        for &(r, c) in &run.cells {
            run_of[r * puzzle.cols + c][run.dir as usize] = i;
        }
    }
    let mut search = Search {
        runs: runs
            .iter()
            .map(|r| RunState {
                clue: r.clue,
                left: r.cells.len(),
                sum: 0,
                used: 0,
            })
            .collect(),
        cells: cells
            .iter()
            .map(|&(r, c)| run_of[r * puzzle.cols + c])
            .collect(),
        found: 0,
        limit,
        nodes: 0,
        budget,
    };
    let complete = search.run(0);
    match (complete, search.found) {
        (false, _) => Count::Unknown,
        (true, n) if n >= limit => Count::AtLeast(n),
        (true, n) => Count::Exactly(n),
    }
}

/// A run's progress during the search.
struct RunState {
    clue: u32,
    left: usize,
    sum: u32,
    used: u16,
}

impl RunState {
    /// Whether `d` can go into the run's next cell: unused, and the rest can still make the clue.
    fn admits(&self, d: u32) -> bool {
        if self.used & (1 << d) != 0 {
            return false;
        }
        let rest = self.clue as i64 - (self.sum + d) as i64;
        let k = self.left as i64 - 1;
        let (low, high) = (k * (k + 1) / 2, k * (19 - k) / 2);
        rest >= low && rest <= high
    }
}

/// The backtracking state.
struct Search {
    runs: Vec<RunState>,
    /// For each white cell (row-major), its across and down run.
    cells: Vec<[usize; 2]>,
    found: usize,
    limit: usize,
    nodes: u64,
    budget: u64,
}

impl Search {
    /// Fills cells from `i` on; `false` when the node budget ran out.
    fn run(&mut self, i: usize) -> bool {
        if self.found >= self.limit {
            return true;
        }
        if i == self.cells.len() {
            self.found += 1;
            return true;
        }
        let [a, d] = self.cells[i];
        for digit in 1..=9u32 {
            if !self.runs[a].admits(digit) || !self.runs[d].admits(digit) {
                continue;
            }
            self.nodes += 1;
            if self.nodes > self.budget {
                return false;
            }
            for r in [a, d] {
                let run = &mut self.runs[r];
                run.used |= 1 << digit;
                run.sum += digit;
                run.left -= 1;
            }
            let finished = self.run(i + 1);
            for r in [a, d] {
                let run = &mut self.runs[r];
                run.used &= !(1 << digit);
                run.sum -= digit;
                run.left += 1;
            }
            if !finished {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::{read, Format};

    fn tiny() -> Puzzle {
        let entries = read("- 4\\ 3\\\n\\3 . .\n\\4 . .\n", Some(Format::Plain)).unwrap();
        entries[0].puzzle.clone().unwrap()
    }

    #[test]
    fn checker_accepts_and_rejects() {
        let mut p = tiny();
        // 4 = 1+3 down col 1, 3 = 2+1 down col 2; across 3 = 1+2, 4 = 3+1
        let good = vec![0, 0, 0, 0, 1, 2, 0, 3, 1];
        assert_eq!(check(&p, &good), Ok(()));
        let bad = vec![0, 0, 0, 0, 2, 1, 0, 3, 1];
        assert!(check(&p, &bad).unwrap_err().contains("sums to"));
        p.known_solution = None;
        assert_eq!(count_solutions(&p, 2, 1000), Count::Exactly(1));
    }
}
