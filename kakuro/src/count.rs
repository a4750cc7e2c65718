//! The independent solution counter: a backtracking search over digits that does not use the
//! rules, used only to tell a puzzle with several solutions (or none) from one the rules could
//! not finish. Each white cell has a set of possible digits; a run keeps in its open cells only
//! the digits that some set of distinct digits, drawn from what those cells offer, completing
//! its clue uses (run-sum pruning), repeated until nothing changes. The search then tries the
//! digits of the most constrained cell first.

use crate::grid::Puzzle;
use std::sync::OnceLock;

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

/// Bit `d` stands for digit `d` (1–9).
const DIGITS: u16 = 0b11_1111_1110;
/// Largest sum of distinct digits.
const MAX_SUM: usize = 45;

/// The digits used by some set of `k` distinct digits from `available` that sums to `sum`
/// (empty when no such set exists).
fn usable(available: u16, k: usize, sum: u32) -> u16 {
    let sum = sum as usize;
    if k > 9 || sum > MAX_SUM {
        return 0;
    }
    usable_table()[index(available, k, sum)]
}

/// Position of (available, k, sum) in the table.
fn index(available: u16, k: usize, sum: usize) -> usize {
    ((usize::from(available & DIGITS) >> 1) * 10 + k) * (MAX_SUM + 1) + sum
}

/// For every set of available digits, size and sum: the union of the matching digit sets.
/// Built once by adding each of the 512 digit sets to every superset of it.
fn usable_table() -> &'static [u16] {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![0u16; 512 * 10 * (MAX_SUM + 1)];
        for subset in 0..512u16 {
            let set = subset << 1;
            let k = set.count_ones() as usize;
            let sum: usize = (1..=9).filter(|d| set & (1 << d) != 0).sum();
            let mut superset = subset;
            loop {
                table[index(superset << 1, k, sum)] |= set;
                if superset == 511 {
                    break;
                }
                superset = (superset + 1) | subset;
            }
        }
        table
    })
}

/// Counts solutions by backtracking, stopping at `limit` solutions or `budget` search nodes.
pub fn count_solutions(puzzle: &Puzzle, limit: usize, budget: u64) -> Count {
    let white = puzzle.white_cells();
    let mut index = vec![usize::MAX; puzzle.rows * puzzle.cols];
    for (i, &(r, c)) in white.iter().enumerate() {
        index[r * puzzle.cols + c] = i;
    }
    let mut runs_of = vec![Vec::new(); white.len()];
    let runs: Vec<RunCells> = puzzle
        .runs()
        .iter()
        .enumerate()
        .map(|(i, run)| {
            let cells: Vec<usize> = run
                .cells
                .iter()
                .map(|&(r, c)| index[r * puzzle.cols + c])
                .filter(|&cell| cell != usize::MAX)
                .collect();
            for &cell in &cells {
                runs_of[cell].push(i);
            }
            RunCells {
                clue: run.clue,
                cells,
            }
        })
        .collect();
    let mut search = Search {
        runs,
        runs_of,
        found: 0,
        limit,
        nodes: 0,
        budget,
    };
    let domains = vec![DIGITS; white.len()];
    let all: Vec<usize> = (0..search.runs.len()).collect();
    let complete = match search.propagate(domains, all) {
        Some(domains) => search.run(domains),
        None => true,
    };
    match (complete, search.found) {
        (false, _) => Count::Unknown,
        (true, n) if n >= limit => Count::AtLeast(n),
        (true, n) => Count::Exactly(n),
    }
}

/// A clued run: its clue and its cells (indices into the domains).
struct RunCells {
    clue: u32,
    cells: Vec<usize>,
}

/// The digits each white cell may still take; a cell is filled when one is left.
type Domains = Vec<u16>;

/// The search: the runs, and how far it got.
struct Search {
    runs: Vec<RunCells>,
    /// The runs of each white cell.
    runs_of: Vec<Vec<usize>>,
    found: usize,
    limit: usize,
    nodes: u64,
    budget: u64,
}

impl Search {
    /// Narrows the domains of the cells of run `r`: filled cells must differ and leave a sum
    /// that the open cells can make from their digits. Returns the cells it narrowed, or
    /// `None` when the run cannot be completed.
    fn narrow(&self, domains: &mut Domains, r: usize) -> Option<Vec<usize>> {
        let run = &self.runs[r];
        let (mut used, mut sum, mut open, mut offered) = (0u16, 0u32, 0usize, 0u16);
        for &cell in &run.cells {
            let d = domains[cell];
            if d.count_ones() == 1 {
                if used & d != 0 {
                    return None;
                }
                used |= d;
                sum += d.trailing_zeros();
            } else {
                open += 1;
                offered |= d;
            }
        }
        let rest = run.clue.checked_sub(sum)?;
        if open == 0 {
            return (rest == 0).then(Vec::new);
        }
        let allowed = usable(offered & !used, open, rest);
        let mut narrowed = Vec::new();
        for &cell in &run.cells {
            let d = domains[cell];
            if d.count_ones() > 1 && d & allowed != d {
                let left = d & allowed;
                if left == 0 {
                    return None;
                }
                domains[cell] = left;
                narrowed.push(cell);
            }
        }
        Some(narrowed)
    }

    /// Narrows runs until nothing changes, starting with `queue`; `None` on a contradiction.
    fn propagate(&self, mut domains: Domains, mut queue: Vec<usize>) -> Option<Domains> {
        let mut queued = vec![false; self.runs.len()];
        for &r in &queue {
            queued[r] = true;
        }
        while let Some(r) = queue.pop() {
            queued[r] = false;
            for cell in self.narrow(&mut domains, r)? {
                for &other in &self.runs_of[cell] {
                    if !queued[other] {
                        queued[other] = true;
                        queue.push(other);
                    }
                }
            }
        }
        Some(domains)
    }

    /// Counts the solutions under `domains` (already propagated); `false` when the node
    /// budget ran out.
    fn run(&mut self, domains: Domains) -> bool {
        if self.found >= self.limit {
            return true;
        }
        let open = (0..domains.len())
            .filter(|&c| domains[c].count_ones() > 1)
            .min_by_key(|&c| domains[c].count_ones());
        let Some(cell) = open else {
            self.found += 1;
            return true;
        };
        for digit in (1..=9u32).filter(|d| domains[cell] & (1 << d) != 0) {
            self.nodes += 1;
            if self.nodes > self.budget {
                return false;
            }
            let mut next = domains.clone();
            next[cell] = 1 << digit;
            if let Some(next) = self.propagate(next, self.runs_of[cell].clone()) {
                if !self.run(next) {
                    return false;
                }
            }
            if self.found >= self.limit {
                break;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::{read, Format};

    fn plain(text: &str) -> Puzzle {
        read(text, Some(Format::Plain)).unwrap()[0]
            .puzzle
            .clone()
            .unwrap()
    }

    /// Every digit set the table names, checked against a plain enumeration of all sets.
    #[test]
    fn usable_digits_match_an_enumeration() {
        for available in [DIGITS, DIGITS & !(1 << 5), 0b10_1010_1010] {
            for k in 0..=9 {
                for sum in 0..=45u32 {
                    let mut expected = 0;
                    for set in (0..1024u16).filter(|s| s & !available == 0) {
                        let digits: Vec<u32> = (1..=9).filter(|d| set & (1 << d) != 0).collect();
                        if digits.len() == k && digits.iter().sum::<u32>() == sum {
                            expected |= set;
                        }
                    }
                    assert_eq!(
                        usable(available, k, sum),
                        expected,
                        "{available:b} {k} {sum}"
                    );
                }
            }
        }
    }

    #[test]
    fn counts_one_several_and_none() {
        // Unique: 3 = 1+2 and 4 = 1+3 across, 4 and 3 down.
        assert_eq!(
            count_solutions(&plain("- 4\\ 3\\\n\\3 . .\n\\4 . .\n"), 2, 1000),
            Count::Exactly(1)
        );
        // 2x2 of tens: 1 9 / 9 1, 2 8 / 8 2, ...
        assert_eq!(
            count_solutions(&plain("- 10\\ 10\\\n\\10 . .\n\\10 . .\n"), 2, 1000),
            Count::AtLeast(2)
        );
        // Every run is 1+2: 1 2 / 2 1 and 2 1 / 1 2.
        assert_eq!(
            count_solutions(&plain("- 3\\ 3\\\n\\3 . .\n\\3 . .\n"), 3, 1000),
            Count::Exactly(2)
        );
        // The rows add up to 8, the columns to 7.
        assert_eq!(
            count_solutions(&plain("- 4\\ 3\\\n\\3 . .\n\\5 . .\n"), 2, 1000),
            Count::Exactly(0)
        );
    }

    #[test]
    fn a_small_budget_gives_up() {
        let grid = "- 10\\ 10\\\n\\10 . .\n\\10 . .\n";
        assert_eq!(count_solutions(&plain(grid), 1000, 3), Count::Unknown);
    }
}
