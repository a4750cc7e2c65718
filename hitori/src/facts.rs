//! The puzzle as facts, and the shading read back from working memory. The fact layout is
//! the one `templates.clp` declares.

use crate::grid::{Puzzle, Shade, Shading};
use salience_engine::env::Environment;
use salience_engine::wm::Fact;
use salience_engine::Value;

/// What the rules left in working memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The cells' shades (some may be unknown).
    Shading(Shading),
    /// A `contradiction` fact was asserted, with its reason.
    Contradiction(String),
}

fn int(n: usize) -> Value {
    Value::Integer(n as i64)
}

/// Asserts the puzzle (after `(reset)`): the `grid`, one `cell` per cell (state unknown),
/// its two `place`s (row line `r<row>`, column line `c<col>`) and its `adjacent` neighbours.
pub fn assert_puzzle(env: &mut Environment, puzzle: &Puzzle) -> Result<(), String> {
    let fail = |e: salience_engine::FactError| format!("cannot assert the puzzle: {e}");
    env.assert_fact(
        "grid",
        &[("rows", int(puzzle.rows)), ("cols", int(puzzle.cols))],
    )
    .map_err(fail)?;
    for r in 0..puzzle.rows {
        for c in 0..puzzle.cols {
            let (row, col, value) = (
                int(r + 1),
                int(c + 1),
                Value::Integer(puzzle.value(r, c).into()),
            );
            env.assert_fact(
                "cell",
                &[
                    ("row", row.clone()),
                    ("col", col.clone()),
                    ("value", value.clone()),
                ],
            )
            .map_err(fail)?;
            for (line, pos) in [
                (format!("r{}", r + 1), c + 1),
                (format!("c{}", c + 1), r + 1),
            ] {
                env.assert_fact(
                    "place",
                    &[
                        ("line", Value::symbol(&line)),
                        ("pos", int(pos)),
                        ("row", row.clone()),
                        ("col", col.clone()),
                        ("value", value.clone()),
                    ],
                )
                .map_err(fail)?;
            }
        }
    }
    for r in 0..puzzle.rows {
        for c in 0..puzzle.cols {
            for (nr, nc) in neighbours(puzzle, r, c) {
                env.assert_fact(
                    "adjacent",
                    &[
                        ("row", int(r + 1)),
                        ("col", int(c + 1)),
                        ("nrow", int(nr + 1)),
                        ("ncol", int(nc + 1)),
                    ],
                )
                .map_err(fail)?;
            }
        }
    }
    Ok(())
}

/// The side-by-side neighbours of cell (`r`, `c`), 0-based.
fn neighbours(puzzle: &Puzzle, r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    [
        (r > 0).then(|| (r.wrapping_sub(1), c)),
        (r + 1 < rows).then_some((r + 1, c)),
        (c > 0).then(|| (r, c.wrapping_sub(1))),
        (c + 1 < cols).then_some((r, c + 1)),
    ]
    .into_iter()
    .flatten()
}

/// Reads the cells' states (and any contradiction) back out of working memory.
pub fn read_shading(env: &Environment, puzzle: &Puzzle) -> Result<Outcome, String> {
    if let Some(fact) = env.facts_of("contradiction").next() {
        let reason = match env.slot(fact, "reason") {
            Some(Value::String(s)) => s.to_string(),
            _ => "contradiction".into(),
        };
        return Ok(Outcome::Contradiction(reason));
    }
    let mut shading = Shading::unknown(puzzle.rows, puzzle.cols);
    for fact in env.facts_of("cell") {
        let (r, c, shade) = cell_of(env, fact)
            .ok_or_else(|| format!("a cell fact has unexpected slots: f-{}", fact.id.0))?;
        if r == 0 || c == 0 || r > puzzle.rows || c > puzzle.cols {
            return Err(format!("a cell fact lies outside the grid: r{r}c{c}"));
        }
        shading.cells[(r - 1) * puzzle.cols + (c - 1)] = shade;
    }
    Ok(Outcome::Shading(shading))
}

/// The row, column (1-based) and shade of a `cell` fact.
fn cell_of(env: &Environment, fact: &Fact) -> Option<(usize, usize, Shade)> {
    let index = |slot| match env.slot(fact, slot) {
        Some(Value::Integer(n)) => usize::try_from(n).ok(),
        _ => None,
    };
    let shade = match env.slot(fact, "state")? {
        Value::Symbol(s) if s.as_str() == "white" => Shade::White,
        Value::Symbol(s) if s.as_str() == "black" => Shade::Black,
        _ => Shade::Unknown,
    };
    Some((index("row")?, index("col")?, shade))
}

/// Names a fact for a resolution path: `r3c4 black` for a decided cell, the reason for a
/// contradiction; `None` for the rest.
pub fn describe(env: &Environment, fact: &Fact) -> Option<String> {
    let is = |name| env.template_id(name) == Some(fact.template);
    if is("cell") {
        {
            let (r, c, shade) = cell_of(env, fact)?;
            match shade {
                Shade::White => Some(format!("r{r}c{c} white")),
                Shade::Black => Some(format!("r{r}c{c} black")),
                Shade::Unknown => None,
            }
        }
    } else if is("contradiction") {
        match env.slot(fact, "reason") {
            Some(Value::String(s)) => Some(format!("contradiction: {s}")),
            _ => Some("contradiction".into()),
        }
    } else {
        None
    }
}
