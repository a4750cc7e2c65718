//! Kakuro with the bundled rulebase on the shared collections (`../shared/data/kakuro`): every
//! answer must pass the independent checker (status `solved`) and equal the collection's own
//! solution; the two-solution janko puzzle must be reported `multiple` (the
//! independent counter finds both solutions), never solved. A deterministic subset
//! of the janko set keeps the test short in release mode; `KAKURO_ALL=1` runs every puzzle.
//! Without the shared data the collection tests say so and pass; the bundled examples always run.

use salience::solve::kakuro::Kakuro;
use salience::solve::{PuzzleKind, Solver, Status};
use std::path::{Path, PathBuf};

fn data(file: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/kakuro")
        .join(file);
    if path.exists() {
        Some(path)
    } else {
        eprintln!("skipped: {} is absent", path.display());
        None
    }
}

fn every_puzzle() -> bool {
    std::env::var_os("KAKURO_ALL").is_some()
}

/// Solves the puzzles of `file` that `keep` accepts (by index and name) and checks each answer
/// against the checker and the collection's stored solution. Returns how many were solved.
fn run(file: &Path, keep: impl Fn(usize, &str) -> bool) -> usize {
    let text = std::fs::read_to_string(file).unwrap();
    let puzzles = Kakuro::parse(&text, None).unwrap();
    let mut solver = Solver::<Kakuro>::new(None).unwrap();
    let mut solved = 0;
    for entry in puzzles {
        let entry = entry.unwrap();
        if !keep(entry.index, &entry.name) {
            continue;
        }
        let outcome = solver.solve(&entry.puzzle);
        assert_eq!(
            outcome.status,
            Status::Solved,
            "{} {}",
            file.display(),
            entry.name
        );
        let answer = outcome.answer.expect("a solved puzzle has an answer");
        if let Some(known) = &entry.puzzle.known_solution {
            assert_eq!(&answer.digits, known, "{} {}", file.display(), entry.name);
        }
        solved += 1;
    }
    solved
}

#[test]
fn bundled_examples() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/kakuro");
    assert_eq!(run(&dir.join("small.txt"), |_, _| true), 3);
    assert_eq!(run(&dir.join("small_plain.txt"), |_, _| true), 4);
}

#[test]
fn sevilla_all_fifty_and_the_three_extras() {
    if let Some(file) = data("sevilla_clips/ejemplos.txt") {
        assert_eq!(run(&file, |_, _| true), 50);
    }
    if let Some(file) = data("sevilla_clips/ejemplos_extra3_LuisTheHard.txt") {
        assert_eq!(run(&file, |_, _| true), 3);
    }
}

#[test]
fn janko_subset() {
    let Some(file) = data("janko_puzzlekit/Kakuro_dataset.json") else {
        return;
    };
    let all = every_puzzle();
    let solved = run(&file, |i, name| name != "257_24x28" && (all || i % 25 == 1));
    assert!(solved >= if all { 998 } else { 40 }, "{solved} solved");
}

#[test]
fn janko_two_solutions_are_multiple() {
    let Some(file) = data("janko_puzzlekit/Kakuro_dataset.json") else {
        return;
    };
    let text = std::fs::read_to_string(file).unwrap();
    let entry = Kakuro::parse(&text, None)
        .unwrap()
        .into_iter()
        .flatten()
        .find(|e| e.name == "257_24x28")
        .expect("257_24x28 is in the set");
    let outcome = Solver::<Kakuro>::new(None).unwrap().solve(&entry.puzzle);
    assert_eq!(outcome.status, Status::Multiple);
}
