//! Puzzles per second for each sudoku collection with the bundled rulebase (templates and
//! rules loaded once; each iteration resets, asserts, runs every level, reads and checks the
//! answer of each puzzle of a fixed handful: the first puzzles of the file; the hard lists'
//! first puzzles need T&E(1), the forum's hardest T&E(2)). Criterion reports the throughput in
//! puzzles (elements) per second. Collections come from
//! `../shared/data/sudoku`; without it only the bundled 4x4 and 16x16 examples run.
//!
//! `cargo bench --bench sudoku`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use salience::solve::sudoku::Sudoku;
use salience::solve::{PuzzleKind, Solver, Status};
use salience_sudoku::{Puzzle, Variant};
use std::path::Path;

/// The first `take` puzzles of a text, read as `variant`.
fn first(text: &str, take: usize, variant: Variant) -> Vec<Puzzle> {
    Sudoku::parse(text, None)
        .map(|entries| {
            entries
                .into_iter()
                .flatten()
                .take(take)
                .map(|e| Puzzle {
                    variant,
                    ..e.puzzle
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The first `take` puzzles of a shared collection (none when the data is absent).
fn shared(file: &str, take: usize, variant: Variant) -> Vec<Puzzle> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/sudoku")
        .join(file);
    std::fs::read_to_string(path)
        .map(|text| first(&text, take, variant))
        .unwrap_or_default()
}

fn bench(c: &mut Criterion) {
    let x = Variant::X;
    let s = Variant::Standard;
    let collections = [
        (
            "4x4 example",
            first(include_str!("../sudoku/examples/4x4.txt"), 1, s),
        ),
        (
            "16x16 examples",
            first(include_str!("../sudoku/examples/16x16.txt"), 2, s),
        ),
        (
            "solo 1 trivial",
            shared("sgt_solo/sudoku_1_trivial.txt", 10, s),
        ),
        (
            "solo 3 intermediate",
            shared("sgt_solo/sudoku_3_intermediate.txt", 10, s),
        ),
        (
            "solo 5 extreme",
            shared("sgt_solo/sudoku_5_extreme.txt", 10, s),
        ),
        (
            "solo-x 5 extreme",
            shared("sgt_solo/sudokux_5_extreme.txt", 10, x),
        ),
        (
            "solo 6 unreasonable",
            shared("sgt_solo/sudoku_6_unreasonable.txt", 2, s),
        ),
        ("17-clue", shared("tdoku/puzzles2_17_clue", 5, s)),
        ("top95", shared("norvig/top95.txt", 8, s)),
        (
            "magictour top1465",
            shared("tdoku/puzzles3_magictour_top1465", 3, s),
        ),
        (
            "forum hardest 1106",
            shared("tdoku/puzzles6_forum_hardest_1106", 1, s),
        ),
    ];
    let mut solver = Solver::<Sudoku>::new(None).expect("the bundled rulebase loads");
    let mut group = c.benchmark_group("sudoku");
    group.sample_size(10);
    for (name, puzzles) in collections {
        if puzzles.is_empty() {
            eprintln!("sudoku/{name}: skipped, ../shared/data/sudoku is absent");
            continue;
        }
        for p in &puzzles {
            assert_eq!(solver.solve(p).status, Status::Solved, "{name}");
        }
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| puzzles.iter().map(|p| solver.solve(p).firings).sum::<u64>())
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
