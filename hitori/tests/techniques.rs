//! Each technique of the bundled rulebase, on a small grid where it must fire and on one
//! where it must not. A grid is written as rows of numbers; a starting state may preset cells
//! (`#` shaded, `.` white, `?` undecided). Only the level file holding the technique is
//! loaded (with the templates), so no other level can make the deduction first.

use salience_engine::env::Environment;
use salience_engine::Value;
use salience_hitori::facts::{self, Outcome};
use salience_hitori::{Puzzle, Shade, Shading};
use std::path::Path;

/// The result of one run: the shading and how often each rule fired.
struct Run {
    outcome: Outcome,
    fired: Vec<(String, u64)>,
}

impl Run {
    fn fired(&self, rule: &str) -> u64 {
        self.fired
            .iter()
            .find(|(name, _)| name == rule)
            .map_or(0, |(_, n)| *n)
    }

    fn shading(&self) -> &Shading {
        match &self.outcome {
            Outcome::Shading(s) => s,
            Outcome::Contradiction(why) => panic!("unexpected contradiction: {why}"),
        }
    }

    /// The shade of cell r<row>c<col> (1-based).
    fn at(&self, row: usize, col: usize) -> Shade {
        self.shading().get(row - 1, col - 1)
    }
}

fn level(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../rulebases/hitori")
        .join(format!("{name}.clp"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Loads the templates and `levels`, asserts the grid, presets `state`, runs.
fn run(levels: &[&str], grid: &[&str], state: &[&str]) -> Run {
    let rows: Vec<Vec<u32>> = grid
        .iter()
        .map(|r| r.split_whitespace().map(|t| t.parse().unwrap()).collect())
        .collect();
    let puzzle = Puzzle::from_rows(rows).unwrap();
    let mut env = Environment::new();
    env.load_str(salience_hitori::TEMPLATES, "templates.clp")
        .unwrap();
    for name in levels {
        env.load_str(&level(name), name)
            .unwrap_or_else(|e| panic!("{}", e.rendered));
    }
    env.reset();
    facts::assert_puzzle(&mut env, &puzzle).unwrap();
    if !state.is_empty() {
        preset(&mut env, &Shading::from_row_strings(state).unwrap());
    }
    env.run(Some(10_000)).unwrap();
    Run {
        outcome: facts::read_shading(&env, &puzzle).unwrap(),
        fired: env
            .rule_firings()
            .map(|r| (r.name.to_string(), r.fired))
            .collect(),
    }
}

fn preset(env: &mut Environment, state: &Shading) {
    let cells: Vec<_> = env.facts_of("cell").map(|f| f.id).collect();
    for id in cells {
        let fact = env.facts().find(|f| f.id == id).unwrap().clone();
        let index = |slot| match env.slot(&fact, slot) {
            Some(Value::Integer(n)) => n as usize - 1,
            _ => unreachable!(),
        };
        let name = match state.get(index("row"), index("col")) {
            Shade::Black => "black",
            Shade::White => "white",
            Shade::Unknown => continue,
        };
        env.modify_fact(id, &[("state", Value::symbol(name))])
            .unwrap();
    }
}

#[test]
fn adjacent_triplet() {
    let yes = run(&["basic"], &["2 2 2", "1 3 4", "3 4 1"], &[]);
    assert!(yes.fired("adjacent-triplet") >= 2);
    assert_eq!((yes.at(1, 1), yes.at(1, 3)), (Shade::Black, Shade::Black));
    let no = run(
        &["basic"],
        &["2 2 3 2", "1 3 4 4", "3 4 1 2", "4 1 2 3"],
        &[],
    );
    assert_eq!(no.fired("adjacent-triplet"), 0);
}

#[test]
fn sandwich() {
    let yes = run(&["basic"], &["2 1 2", "1 3 4", "3 4 1"], &[]);
    assert!(yes.fired("sandwich") >= 1);
    assert_eq!(yes.at(1, 2), Shade::White);
    let no = run(&["basic"], &["2 1 3", "1 3 2", "3 2 1"], &[]);
    assert_eq!(no.fired("sandwich"), 0);
}

#[test]
fn pair_induction() {
    let yes = run(
        &["basic"],
        &["3 3 1 3", "1 2 3 4", "2 4 4 1", "4 1 2 2"],
        &[],
    );
    assert!(yes.fired("pair-induction") >= 1);
    assert_eq!(yes.at(1, 4), Shade::Black);
    let no = run(
        &["basic"],
        &["3 1 2 3", "1 2 3 4", "2 3 4 1", "4 4 1 2"],
        &[],
    );
    assert_eq!(no.fired("pair-induction"), 0);
}

#[test]
fn shaded_neighbours_white() {
    let grid = ["1 1 2", "2 1 1", "1 2 2"];
    let yes = run(&["basic"], &grid, &["???", "?#?", "???"]);
    assert!(yes.fired("shaded-neighbours-white") >= 4);
    for (r, c) in [(1, 2), (2, 1), (2, 3), (3, 2)] {
        assert_eq!(yes.at(r, c), Shade::White);
    }
    let no = run(&["basic"], &["1 2 3", "2 3 1", "3 1 2"], &[]);
    assert_eq!(no.fired("shaded-neighbours-white"), 0);
}

#[test]
fn white_shades_copies() {
    let grid = ["5 1 5", "1 2 3", "5 3 1"];
    let yes = run(&["basic"], &grid, &[".??", "???", "???"]);
    assert!(yes.fired("white-shades-copies") >= 2);
    assert_eq!((yes.at(1, 3), yes.at(3, 1)), (Shade::Black, Shade::Black));
    let no = run(&["basic"], &["5 1 2", "1 2 3", "2 3 1"], &[]);
    assert_eq!(no.fired("white-shades-copies"), 0);
}

#[test]
fn unique_number_white() {
    let yes = run(&["basic"], &["4 1 1", "1 2 3", "1 3 2"], &[]);
    assert!(yes.fired("unique-number-white") >= 1);
    assert_eq!(yes.at(1, 1), Shade::White);
    // Every number has an unshaded copy in its row or column: nothing is unique.
    let no = run(&["basic"], &["1 1", "1 1"], &[]);
    assert_eq!(no.fired("unique-number-white"), 0);
}

#[test]
fn corner_triple_in_every_corner() {
    let grid = [
        "7 7 1 8 8",
        "7 2 3 4 8",
        "1 3 5 2 1",
        "9 4 2 3 6",
        "9 9 1 6 6",
    ];
    let yes = run(&["patterns"], &grid, &[]);
    assert_eq!(yes.fired("corner-triple"), 4);
    for (r, c) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
        assert_eq!(yes.at(r, c), Shade::Black);
    }
    let no = run(&["patterns"], &["7 7 1", "2 3 4", "3 4 5"], &[]);
    assert_eq!(no.fired("corner-triple"), 0);
}

#[test]
fn corner_pair() {
    let yes = run(&["patterns"], &["6 6 1", "2 3 4", "3 4 5"], &[]);
    assert_eq!(yes.fired("corner-pair"), 1);
    assert_eq!(yes.at(2, 1), Shade::White);
    let no = run(
        &["patterns"],
        &["1 6 6 2", "2 3 4 1", "3 4 5 6", "4 1 2 3"],
        &[],
    );
    assert_eq!(no.fired("corner-pair"), 0);
}

#[test]
fn pair_and_crossed_pair() {
    for row in ["1 2 5 1 2 1", "1 2 5 2 1 1"] {
        let yes = run(&["patterns"], &[row], &[]);
        assert!(yes.fired("pair-and-crossed-pair") >= 1, "{row}");
        assert_eq!(yes.at(1, 6), Shade::Black, "{row}");
    }
    let no = run(&["patterns"], &["1 2 5 1 3 1"], &[]);
    assert_eq!(no.fired("pair-and-crossed-pair"), 0);
}

#[test]
fn two_parallel_pairs() {
    let grid = ["1 2 3", "4 5 6", "1 2 7", "8 9 4", "1 3 5"];
    let yes = run(&["patterns"], &grid, &[]);
    assert!(yes.fired("two-parallel-pairs") >= 1);
    assert_eq!(yes.at(5, 1), Shade::Black);
    let no = run(
        &["patterns"],
        &["1 2 3", "4 5 6", "1 3 7", "8 9 4", "1 4 5"],
        &[],
    );
    assert_eq!(no.fired("two-parallel-pairs"), 0);
}

#[test]
fn last_exit() {
    let grid = ["1 2 3", "2 3 1", "3 1 2"];
    let yes = run(&["connectivity"], &grid, &["?#?", "#.?", "?#?"]);
    assert_eq!(yes.fired("last-exit"), 1);
    assert_eq!(yes.at(2, 3), Shade::White);
    let no = run(&["connectivity"], &grid, &["???", "#.?", "?#?"]);
    assert_eq!(no.fired("last-exit"), 0);
}

#[test]
fn white_region_cut_closes_no_diagonal_chain() {
    let grid = ["1 2 3 4", "2 3 4 1", "3 4 1 2", "4 1 2 3"];
    // Shading r3c1 or r2c1 would close the chain r1c3-r2c2 on the left border around r1c1.
    let yes = run(&["connectivity"], &grid, &[".?#?", "?#??", "????", "???."]);
    assert!(yes.fired("white-region-cut") >= 1);
    assert_eq!((yes.at(2, 1), yes.at(3, 1)), (Shade::White, Shade::White));
    // With no white cell inside the pocket, nothing is cut off.
    let no = run(&["connectivity"], &grid, &["??#?", "?#??", "????", "???."]);
    assert_eq!((no.at(2, 1), no.at(3, 1)), (Shade::Unknown, Shade::Unknown));
}

#[test]
fn contradictions_are_detected() {
    let grid = ["1 1 2", "2 3 1", "3 2 3"];
    let twins = run(&["basic"], &grid, &["..?", "???", "???"]);
    assert!(matches!(twins.outcome, Outcome::Contradiction(_)));
    let touching = run(&["basic"], &grid, &["##?", "???", "???"]);
    assert!(matches!(touching.outcome, Outcome::Contradiction(_)));
    let split = run(
        &["connectivity"],
        &["1 2 3", "2 3 1", "3 1 2"],
        &[".#?", "#??", "??."],
    );
    assert!(matches!(split.outcome, Outcome::Contradiction(_)));
}
