//! The independent checker: tests a filling against the clues, without the rules.

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
        let p = tiny();
        // 4 = 1+3 down col 1, 3 = 2+1 down col 2; across 3 = 1+2, 4 = 3+1
        let good = vec![0, 0, 0, 0, 1, 2, 0, 3, 1];
        assert_eq!(check(&p, &good), Ok(()));
        let bad = vec![0, 0, 0, 0, 2, 1, 0, 3, 1];
        assert!(check(&p, &bad).unwrap_err().contains("sums to"));
    }
}
