//! The independent checker of the three Hitori conditions. It shares nothing with the rules:
//! an answer is called solved only once this says so.

use crate::grid::{Puzzle, Shade, Shading};
use std::collections::HashMap;

/// Checks a complete shading: no number repeats among the white cells of a row or column, no
/// two shaded cells touch side by side, and the white cells form one orthogonally connected
/// region. `Err` names the first broken condition and where.
pub fn check(puzzle: &Puzzle, shading: &Shading) -> Result<(), String> {
    if shading.rows != puzzle.rows || shading.cols != puzzle.cols {
        return Err(format!(
            "the shading is {}x{}, the puzzle {}x{}",
            shading.rows, shading.cols, puzzle.rows, puzzle.cols
        ));
    }
    if let Some(i) = shading.cells.iter().position(|&s| s == Shade::Unknown) {
        return Err(format!("cell {} is undecided", name(puzzle, i)));
    }
    no_repeats(puzzle, shading)?;
    no_touching_shaded(puzzle, shading)?;
    connected(puzzle, shading)
}

/// The cell's name as `r<row>c<col>`, 1-based, from its row-major index.
fn name(puzzle: &Puzzle, index: usize) -> String {
    format!("r{}c{}", index / puzzle.cols + 1, index % puzzle.cols + 1)
}

fn no_repeats(puzzle: &Puzzle, shading: &Shading) -> Result<(), String> {
    let rows = (0..puzzle.rows).map(|r| {
        (0..puzzle.cols)
            .map(move |c| r * puzzle.cols + c)
            .collect::<Vec<_>>()
    });
    let cols = (0..puzzle.cols).map(|c| {
        (0..puzzle.rows)
            .map(move |r| r * puzzle.cols + c)
            .collect::<Vec<_>>()
    });
    for line in rows.chain(cols) {
        let mut seen: HashMap<u32, usize> = HashMap::new();
        for i in line {
            if shading.cells[i] != Shade::White {
                continue;
            }
            if let Some(&first) = seen.get(&puzzle.values[i]) {
                return Err(format!(
                    "the number {} is white twice, in {} and {}",
                    puzzle.values[i],
                    name(puzzle, first),
                    name(puzzle, i)
                ));
            }
            seen.insert(puzzle.values[i], i);
        }
    }
    Ok(())
}

fn no_touching_shaded(puzzle: &Puzzle, shading: &Shading) -> Result<(), String> {
    for i in 0..shading.cells.len() {
        if shading.cells[i] != Shade::Black {
            continue;
        }
        let right = (i % puzzle.cols + 1 < puzzle.cols).then_some(i + 1);
        let below = (i + puzzle.cols < shading.cells.len()).then_some(i + puzzle.cols);
        if let Some(j) = [right, below]
            .into_iter()
            .flatten()
            .find(|&j| shading.cells[j] == Shade::Black)
        {
            return Err(format!(
                "shaded cells {} and {} touch",
                name(puzzle, i),
                name(puzzle, j)
            ));
        }
    }
    Ok(())
}

fn connected(puzzle: &Puzzle, shading: &Shading) -> Result<(), String> {
    let Some(start) = shading.cells.iter().position(|&s| s == Shade::White) else {
        return Err("no cell is white".into());
    };
    let mut seen = vec![false; shading.cells.len()];
    seen[start] = true;
    let mut todo = vec![start];
    while let Some(i) = todo.pop() {
        let (r, c) = (i / puzzle.cols, i % puzzle.cols);
        let neighbours = [
            (r > 0).then(|| i - puzzle.cols),
            (r + 1 < puzzle.rows).then(|| i + puzzle.cols),
            (c > 0).then(|| i - 1),
            (c + 1 < puzzle.cols).then(|| i + 1),
        ];
        for j in neighbours.into_iter().flatten() {
            if !seen[j] && shading.cells[j] == Shade::White {
                seen[j] = true;
                todo.push(j);
            }
        }
    }
    match (0..seen.len()).find(|&i| shading.cells[i] == Shade::White && !seen[i]) {
        Some(i) => Err(format!(
            "the white cells are not connected: {} cannot reach {}",
            name(puzzle, i),
            name(puzzle, start)
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle() -> Puzzle {
        Puzzle::from_rows(vec![vec![1, 1, 2], vec![2, 3, 1], vec![3, 2, 3]]).unwrap()
    }

    #[test]
    fn accepts_a_valid_shading() {
        let s = Shading::from_row_strings(&["#..", "...", "..#"]).unwrap();
        assert_eq!(check(&puzzle(), &s), Ok(()));
    }

    #[test]
    fn rejects_repeats_touching_and_split_regions() {
        let repeat = Shading::from_row_strings(&["...", "...", "..#"]).unwrap();
        assert!(check(&puzzle(), &repeat)
            .unwrap_err()
            .contains("white twice"));
        let p = Puzzle::from_rows(vec![vec![1, 2, 3], vec![2, 3, 1], vec![3, 1, 2]]).unwrap();
        let touch = Shading::from_row_strings(&["##.", "...", "..."]).unwrap();
        assert!(check(&p, &touch).unwrap_err().contains("touch"));
        let split = Shading::from_row_strings(&[".#.", "#..", "..."]).unwrap();
        assert!(check(&p, &split).unwrap_err().contains("not connected"));
        let partial = Shading::from_row_strings(&["?..", "...", "..."]).unwrap();
        assert!(check(&p, &partial).unwrap_err().contains("undecided"));
    }
}
