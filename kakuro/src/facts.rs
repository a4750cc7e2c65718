//! The puzzle as facts and the answer read back: asserts `cell`, `run` and `in-run` facts (see
//! `templates.clp`) and reads the remaining `candidate` facts after the run.

use crate::check::Filling;
use crate::grid::{cell_name, Dir, Puzzle};
use salience_engine::{Environment, Value};
use std::collections::HashMap;

/// The deftemplates every Kakuro rulebase works on.
pub const TEMPLATES: &str = include_str!("../templates.clp");

/// A symbol value.
fn sym(text: &str) -> Value {
    Value::symbol(text)
}

/// Asserts the puzzle: one `cell` per white cell, then one `run` per clued run and its `in-run`
/// memberships. Runs and cells also hold each other's fact addresses, so that run-wide
/// deffunctions read them directly instead of searching working memory.
pub fn assert_puzzle(env: &mut Environment, puzzle: &Puzzle) -> Result<(), String> {
    let runs = puzzle.runs();
    let mut run_of: HashMap<((usize, usize), Dir), String> = HashMap::new();
    for run in &runs {
        for &cell in &run.cells {
            run_of.insert((cell, run.dir), run.name());
        }
    }
    let mut cell_facts = HashMap::new();
    for (r, c) in puzzle.white_cells() {
        let name = cell_name(r, c);
        let run = |dir| {
            run_of
                .get(&((r, c), dir))
                .map_or_else(|| sym("nil"), |n| sym(n))
        };
        let id = env
            .assert_fact(
                "cell",
                &[
                    ("id", sym(&name)),
                    ("row", Value::Integer(r as i64 + 1)),
                    ("col", Value::Integer(c as i64 + 1)),
                    ("across", run(Dir::Across)),
                    ("down", run(Dir::Down)),
                ],
            )
            .map_err(|e| e.to_string())?;
        cell_facts.insert((r, c), id);
    }
    for run in &runs {
        let name = run.name();
        let cells: Vec<Value> = run
            .cells
            .iter()
            .map(|&(r, c)| sym(&cell_name(r, c)))
            .collect();
        let addresses: Vec<Value> = run
            .cells
            .iter()
            .filter_map(|cell| cell_facts.get(cell).map(|&id| Value::Fact(id)))
            .collect();
        let run_fact = env
            .assert_fact(
                "run",
                &[
                    ("id", sym(&name)),
                    ("dir", sym(run.dir.symbol())),
                    ("clue", Value::Integer(i64::from(run.clue))),
                    ("length", Value::Integer(run.cells.len() as i64)),
                    ("cells", Value::multifield(cells.clone())),
                    ("cell-facts", Value::multifield(addresses)),
                ],
            )
            .map_err(|e| e.to_string())?;
        let slot = match run.dir {
            Dir::Across => "across-fact",
            Dir::Down => "down-fact",
        };
        for cell in &run.cells {
            if let Some(&id) = cell_facts.get(cell) {
                env.modify_fact(id, &[(slot, Value::Fact(run_fact))])
                    .map_err(|e| e.to_string())?;
            }
        }
        for cell in cells {
            env.assert_fact("in-run", &[("run", sym(&name)), ("cell", cell)])
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// What working memory says about the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum State {
    /// A `contradiction` fact exists.
    Contradiction,
    /// The digits of cells with exactly one candidate left (0 elsewhere); `complete` when every
    /// white cell has exactly one.
    Digits {
        /// The filling, row-major.
        filling: Filling,
        /// Whether every white cell is decided.
        complete: bool,
    },
}

/// Reads the candidates left in working memory.
pub fn read_state(env: &Environment, puzzle: &Puzzle) -> Result<State, String> {
    if env.facts_of("contradiction").next().is_some() {
        return Ok(State::Contradiction);
    }
    let index: HashMap<String, usize> = puzzle
        .white_cells()
        .into_iter()
        .map(|(r, c)| (cell_name(r, c), r * puzzle.cols + c))
        .collect();
    let mut seen: Vec<Vec<u8>> = vec![Vec::new(); puzzle.rows * puzzle.cols];
    for fact in env.facts_of("candidate") {
        let cell = match env.slot(fact, "cell") {
            Some(Value::Symbol(s)) => s.to_string(),
            other => return Err(format!("a candidate fact has cell {other:?}")),
        };
        let value = match env.slot(fact, "value") {
            Some(Value::Integer(v @ 1..=9)) => v as u8,
            other => return Err(format!("candidate of {cell} has value {other:?}")),
        };
        let at = *index
            .get(&cell)
            .ok_or_else(|| format!("a candidate names {cell}, which is not a white cell"))?;
        seen[at].push(value);
    }
    let mut complete = true;
    let filling = (0..puzzle.rows * puzzle.cols)
        .map(|i| {
            let white = puzzle.is_white(i / puzzle.cols, i % puzzle.cols);
            match seen[i].as_slice() {
                [d] => *d,
                _ => {
                    complete &= !white;
                    0
                }
            }
        })
        .collect();
    Ok(State::Digits { filling, complete })
}
