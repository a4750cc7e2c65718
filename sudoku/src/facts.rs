//! The bridge to working memory: asserts a puzzle as facts (grid, cells, units, memberships, overlaps,
//! digits, candidates and summaries — no deduction) and reads the board back after a run.

use salience_engine::env::Environment;
use salience_engine::wm::Fact;
use salience_engine::Value;

use crate::grid::{cell_name, Puzzle};
use crate::units::units;

/// The deftemplates the rules use, as CLIPS text.
pub const TEMPLATES: &str = include_str!("../templates.clp");

/// What working memory says about the grid: values placed and candidates left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// N, the side of the grid.
    pub size: usize,
    /// The value of each cell, row-major; `0` = not yet decided.
    pub values: Vec<u8>,
    /// The candidates of each cell as a bit mask (bit v-1 for value v).
    pub candidates: Vec<u32>,
}

impl Board {
    /// True when every cell holds a value.
    pub fn is_complete(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }
}

/// What the rules left in working memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The board as the rules left it (complete or not).
    Board(Board),
    /// The rules found a contradiction, with its reason.
    Contradiction(String),
}

fn int(v: usize) -> Value {
    Value::Integer(v as i64)
}

fn sym(s: &str) -> Value {
    Value::Symbol(salience_engine::value::atom(s))
}

fn fail(e: impl std::fmt::Display) -> String {
    format!("asserting the puzzle's facts: {e}")
}

/// Asserts the puzzle's facts. A given cell gets its value as its only candidate and a `placed`
/// fact; an empty cell gets every value as a candidate. The summaries `spots` (a value's places in
/// a unit) and `cands` (a cell's candidates) list them.
pub fn assert_puzzle(env: &mut Environment, puzzle: &Puzzle) -> Result<(), String> {
    let n = puzzle.size;
    env.assert_fact("grid", &[("size", int(n))]).map_err(fail)?;
    for v in 1..=n {
        env.assert_fact("digit", &[("value", int(v))])
            .map_err(fail)?;
    }
    for cell in 0..puzzle.cell_count() {
        env.assert_fact(
            "cell",
            &[
                ("id", int(cell)),
                ("row", int(cell / n + 1)),
                ("column", int(cell % n + 1)),
            ],
        )
        .map_err(fail)?;
    }
    let all = units(puzzle);
    let candidates = |cell: usize| -> Vec<usize> {
        match puzzle.cells[cell] {
            0 => (1..=n).collect(),
            g => vec![usize::from(g)],
        }
    };
    for unit in &all {
        let id = sym(&unit.name());
        let kind = sym(unit.kind.symbol());
        env.assert_fact("unit", &[("id", id.clone()), ("kind", kind.clone())])
            .map_err(fail)?;
        for (position, &cell) in unit.cells.iter().enumerate() {
            env.assert_fact(
                "member",
                &[
                    ("unit", id.clone()),
                    ("kind", kind.clone()),
                    ("position", int(position + 1)),
                    ("cell", int(cell)),
                ],
            )
            .map_err(fail)?;
        }
        for v in 1..=n {
            let places = positions(&unit.cells, |c| candidates(c).contains(&v));
            env.assert_fact(
                "spots",
                &[
                    ("unit", id.clone()),
                    ("value", int(v)),
                    ("places", Value::multifield(places)),
                ],
            )
            .map_err(fail)?;
        }
        for other in all.iter().filter(|o| o.name() != unit.name()) {
            let shared = positions(&unit.cells, |c| other.cells.contains(&c));
            if shared.len() >= 2 {
                env.assert_fact(
                    "overlap",
                    &[
                        ("unit", id.clone()),
                        ("other", sym(&other.name())),
                        ("positions", Value::multifield(shared)),
                    ],
                )
                .map_err(fail)?;
            }
        }
    }
    for cell in 0..puzzle.cell_count() {
        let values = candidates(cell);
        env.assert_fact(
            "cands",
            &[
                ("cell", int(cell)),
                (
                    "values",
                    Value::multifield(values.iter().map(|&v| int(v)).collect()),
                ),
            ],
        )
        .map_err(fail)?;
        for &v in &values {
            env.assert_fact("candidate", &[("cell", int(cell)), ("value", int(v))])
                .map_err(fail)?;
        }
        if puzzle.cells[cell] != 0 {
            env.assert_fact("placed", &[("cell", int(cell)), ("value", int(values[0]))])
                .map_err(fail)?;
        }
    }
    Ok(())
}

/// The 1-based positions, within a unit's cells, of the cells that pass `keep`.
fn positions(cells: &[usize], keep: impl Fn(usize) -> bool) -> Vec<Value> {
    (1..=cells.len())
        .filter(|&p| keep(cells[p - 1]))
        .map(int)
        .collect()
}

/// An integer slot of a fact, checked to be a cell index or value in range.
fn slot_index(env: &Environment, fact: &Fact, slot: &str, below: usize) -> Result<usize, String> {
    match env.slot(fact, slot) {
        Some(Value::Integer(i)) if i >= 0 && (i as usize) < below => Ok(i as usize),
        other => Err(format!(
            "a fact's `{slot}` is {other:?}, not an integer below {below}"
        )),
    }
}

/// Reads the board (or the contradiction) the rules left for `puzzle`.
pub fn read_board(env: &Environment, puzzle: &Puzzle) -> Result<Outcome, String> {
    if let Some(fact) = env.facts_of("contradiction").next() {
        let reason = match env.slot(fact, "reason") {
            Some(Value::String(s)) => s.to_string(),
            _ => String::from("contradiction"),
        };
        return Ok(Outcome::Contradiction(reason));
    }
    let cells = puzzle.cell_count();
    let n = puzzle.size;
    let mut board = Board {
        size: n,
        values: vec![0; cells],
        candidates: vec![0; cells],
    };
    for fact in env.facts_of("candidate") {
        let cell = slot_index(env, fact, "cell", cells)?;
        let v = slot_index(env, fact, "value", n + 1)?;
        board.candidates[cell] |= 1 << (v - 1);
    }
    for fact in env.facts_of("placed") {
        let cell = slot_index(env, fact, "cell", cells)?;
        let v = slot_index(env, fact, "value", n + 1)?;
        if board.values[cell] != 0 && usize::from(board.values[cell]) != v {
            return Ok(Outcome::Contradiction(format!(
                "{} holds two values",
                cell_name(n, cell)
            )));
        }
        board.values[cell] = v as u8;
    }
    Ok(Outcome::Board(board))
}

/// Names a change for a resolution path: `r2c5 = 7` (a value placed), `r2c5 ≠ 7` (a candidate
/// eliminated), `contradiction: …`; `None` for bookkeeping facts.
pub fn describe_change(env: &Environment, fact: &Fact, asserted: bool) -> Option<String> {
    let is = |name: &str| env.template_id(name) == Some(fact.template);
    let size = || {
        env.facts_of("grid")
            .next()
            .and_then(|g| match env.slot(g, "size") {
                Some(Value::Integer(n)) => Some(n as usize),
                _ => None,
            })
    };
    let cell_value = |n: usize| -> Option<(String, char)> {
        let cell = slot_index(env, fact, "cell", n * n).ok()?;
        let v = slot_index(env, fact, "value", n + 1).ok()?;
        Some((cell_name(n, cell), crate::grid::symbol(v as u8)))
    };
    if is("placed") && asserted {
        let (c, v) = cell_value(size()?)?;
        Some(format!("{c} = {v}"))
    } else if is("candidate") {
        let (c, v) = cell_value(size()?)?;
        Some(if asserted {
            format!("{c} may be {v}")
        } else {
            format!("{c} ≠ {v}")
        })
    } else if is("contradiction") && asserted {
        match env.slot(fact, "reason") {
            Some(Value::String(s)) => Some(format!("contradiction: {s}")),
            _ => Some(String::from("contradiction")),
        }
    } else {
        None
    }
}
