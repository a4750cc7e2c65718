//! The independent checker: a complete grid is a solution when it keeps every given and every
//! unit holds each value exactly once.

use crate::grid::{cell_name, symbol, Puzzle};
use crate::units::units;

/// Checks a complete grid against the puzzle; `Err` names the first broken condition.
pub fn check(puzzle: &Puzzle, values: &[u8]) -> Result<(), String> {
    if values.len() != puzzle.cell_count() {
        return Err(format!(
            "{} values for {} cells",
            values.len(),
            puzzle.cell_count()
        ));
    }
    for (cell, (&given, &v)) in puzzle.cells.iter().zip(values).enumerate() {
        let name = cell_name(puzzle.size, cell);
        if v == 0 || usize::from(v) > puzzle.size {
            return Err(format!("{name} holds no value of 1..{}", puzzle.size));
        }
        if given != 0 && given != v {
            return Err(format!(
                "{name} is given {} but holds {}",
                symbol(given),
                symbol(v)
            ));
        }
    }
    for unit in units(puzzle) {
        let mut seen = 0u32;
        for &c in &unit.cells {
            let bit = 1u32 << (values[c] - 1);
            if seen & bit != 0 {
                return Err(format!("{} holds {} twice", unit.name(), symbol(values[c])));
            }
            seen |= bit;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Variant;

    #[test]
    fn finds_repeats_and_changed_givens() {
        let p = Puzzle::new(4, [1, 0, 0, 0].repeat(4), Variant::Standard).unwrap();
        let good: Vec<u8> = "1234341221434321".bytes().map(|b| b - b'0').collect();
        assert!(check(&p, &good).is_err(), "r2c1 is given 1");
        let p = Puzzle::new(4, vec![0; 16], Variant::Standard).unwrap();
        assert_eq!(check(&p, &good), Ok(()));
        let mut bad = good.clone();
        bad.swap(0, 1);
        assert!(check(&p, &bad).unwrap_err().contains("twice"));
        let x = Puzzle::new(4, vec![0; 16], Variant::X).unwrap();
        assert!(check(&x, &good).unwrap_err().contains("diagonal"));
    }
}
