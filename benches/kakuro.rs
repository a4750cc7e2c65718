//! Time to solve one Kakuro with the bundled rulebase (templates and levels loaded once; each
//! iteration resets, asserts the puzzle, runs every level and checks the answer), per size: a
//! generated 7x7 (bundled), a Sevilla 10x10 (#1), and janko.at 12x12, 20x30 and 31x46 grids.
//! Puzzles other than the bundled one come from `../shared/data/kakuro` and are skipped without it.
//!
//! `cargo bench --bench kakuro`

use criterion::{criterion_group, criterion_main, Criterion};
use salience::solve::kakuro::Kakuro;
use salience::solve::{PuzzleKind, Solver, Status};
use salience_kakuro::Puzzle;
use std::path::Path;

/// The first puzzle of `text` that `pick` accepts.
fn first(text: &str, pick: impl Fn(&str, &Puzzle) -> bool) -> Option<Puzzle> {
    Kakuro::parse(text, None)
        .ok()?
        .into_iter()
        .flatten()
        .find(|e| pick(&e.name, &e.puzzle))
        .map(|e| e.puzzle)
}

/// The first puzzle of `file` (under the shared data) that `pick` accepts.
fn shared(file: &str, pick: impl Fn(&str, &Puzzle) -> bool) -> Option<Puzzle> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/kakuro")
        .join(file);
    first(&std::fs::read_to_string(path).ok()?, pick)
}

fn bench(c: &mut Criterion) {
    let janko = "janko_puzzlekit/Kakuro_dataset.json";
    let size = |rows, cols| move |_: &str, p: &Puzzle| p.rows == rows && p.cols == cols;
    let puzzles = [
        (
            "7x7",
            first(include_str!("../examples/kakuro/small.txt"), |_, _| true),
        ),
        ("10x10", shared("sevilla_clips/ejemplos.txt", |_, _| true)),
        ("12x12", shared(janko, size(12, 12))),
        ("20x30", shared(janko, size(20, 30))),
        ("31x46", shared(janko, size(31, 46))),
    ];
    let mut solver = Solver::<Kakuro>::new(None).expect("the bundled rulebase loads");
    let mut group = c.benchmark_group("kakuro");
    group.sample_size(10);
    for (size, puzzle) in puzzles {
        let Some(puzzle) = puzzle else {
            eprintln!("kakuro/{size}: skipped, no puzzle of that size without ../shared/data");
            continue;
        };
        assert_eq!(solver.solve(&puzzle).status, Status::Solved, "{size}");
        group.bench_function(size, |b| b.iter(|| solver.solve(&puzzle)));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
