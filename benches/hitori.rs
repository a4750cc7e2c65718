//! Time to solve one Hitori puzzle with the bundled rulebase (templates loaded once; each
//! iteration resets, asserts the puzzle, runs every level and checks the answer): a 9x9
//! (Sevilla CLIPS #1), a 15x15 and the 25x25 of the janko.at set. Puzzles come from
//! `../shared/data/hitori`; without it the 9x9 and 15x15 come from `hitori/examples`.
//!
//! `cargo bench --bench hitori`

use criterion::{criterion_group, criterion_main, Criterion};
use salience::solve::hitori::Hitori;
use salience::solve::{PuzzleKind, Solver, Status};
use salience_hitori::Puzzle;
use std::path::Path;

/// The first puzzle of `file` (under the shared data) that `pick` accepts.
fn shared(file: &str, pick: impl Fn(&Puzzle) -> bool) -> Option<Puzzle> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/hitori")
        .join(file);
    let text = std::fs::read_to_string(path).ok()?;
    first(&text, pick)
}

fn first(text: &str, pick: impl Fn(&Puzzle) -> bool) -> Option<Puzzle> {
    Hitori::parse(text, None)
        .ok()?
        .into_iter()
        .flatten()
        .map(|e| e.puzzle)
        .find(|p| pick(p))
}

fn bundled(rows: usize) -> Option<Puzzle> {
    first(include_str!("../hitori/examples/singles.txt"), |p| {
        p.rows == rows
    })
}

fn bench(c: &mut Criterion) {
    let janko = "janko_puzzlekit/Hitori_dataset.json";
    let puzzles = [
        (
            "9x9",
            shared("sevilla_clips/ejemplos_blind.txt", |_| true).or_else(|| bundled(10)),
        ),
        (
            "15x15",
            shared(janko, |p| p.rows == 15).or_else(|| bundled(15)),
        ),
        ("25x25", shared(janko, |p| p.rows == 25)),
    ];
    let mut solver = Solver::<Hitori>::new(None).expect("the bundled rulebase loads");
    let mut group = c.benchmark_group("hitori");
    group.sample_size(10);
    for (size, puzzle) in puzzles {
        let Some(puzzle) = puzzle else {
            eprintln!("hitori/{size}: skipped, no puzzle of that size without ../shared/data");
            continue;
        };
        assert_eq!(solver.solve(&puzzle).status, Status::Solved, "{size}");
        group.bench_function(format!("{size} ({}x{})", puzzle.rows, puzzle.cols), |b| {
            b.iter(|| solver.solve(&puzzle))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
