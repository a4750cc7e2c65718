//! Sudoku with the bundled rulebase on the shared collections (`../shared/data/sudoku`): every
//! answer must pass the independent checker and equal the collection's own solution. Solo
//! levels 1–5 (standard and Sudoku-X) must be solved by the technique levels alone, without
//! trial and error. The harder lists run a deterministic handful (`SUDOKU_ALL=1`, or the
//! ignored `the_hard_lists_are_solved`: every puzzle). Answers are compared with the
//! collection's `.solutions` file where it is plain text (the gzipped ones are left to the
//! checker). Without the shared data the tests say so and pass.

use salience::solve::sudoku::Sudoku;
use salience::solve::{PuzzleKind, RuleSet, SolveOptions, Solver, Status};
use salience_sudoku::Variant;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn data(file: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/sudoku")
        .join(file);
    if path.exists() {
        Some(path)
    } else {
        eprintln!("skipped: {} is absent", path.display());
        None
    }
}

/// The technique levels (no trial and error), or every level.
fn solver(techniques_only: bool) -> Solver<Sudoku> {
    let count = techniques_only.then(|| Sudoku::levels().len() - 1);
    Solver::for_rule_set(RuleSet::bundled::<Sudoku>(count), SolveOptions::default()).unwrap()
}

/// Solves the puzzles of `file` numbered (from 0) in `which` (all with `SUDOKU_ALL`) and
/// compares each with the line of the solutions file; returns how many were solved.
fn run(file: &str, variant: Variant, which: Range<usize>, techniques_only: bool) -> usize {
    let Some(path) = data(file) else { return 0 };
    let solutions_path = path.with_extension("solutions.txt");
    let solutions: Vec<String> = std::fs::read_to_string(&solutions_path)
        .or_else(|_| std::fs::read_to_string(path.with_extension("txt.solutions")))
        .or_else(|_| std::fs::read_to_string(format!("{}.solutions", path.display())))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect();
    let which = if std::env::var_os("SUDOKU_ALL").is_some() {
        0..usize::MAX
    } else {
        which
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let mut solver = solver(techniques_only);
    let mut solved = 0;
    for entry in Sudoku::parse(&text, None)
        .unwrap()
        .into_iter()
        .skip(which.start)
        .take(which.len())
    {
        let mut entry = entry.unwrap();
        entry.puzzle.variant = variant;
        let outcome = solver.solve(&entry.puzzle);
        assert_eq!(outcome.status, Status::Solved, "{file} {}", entry.name);
        let answer = Sudoku::answer_json(outcome.answer.as_ref().unwrap());
        if let Some(known) = solutions.get(entry.index - 1) {
            assert_eq!(
                answer.as_str(),
                Some(known.as_str()),
                "{file} {}",
                entry.name
            );
        }
        solved += 1;
    }
    solved
}

#[test]
fn solo_levels_1_to_5_need_no_trial_and_error() {
    for level in [
        "1_trivial",
        "2_basic",
        "3_intermediate",
        "4_advanced",
        "5_extreme",
    ] {
        let n = run(
            &format!("sgt_solo/sudoku_{level}.txt"),
            Variant::Standard,
            0..50,
            true,
        );
        let x = run(
            &format!("sgt_solo/sudokux_{level}.txt"),
            Variant::X,
            0..30,
            true,
        );
        eprintln!("solo {level}: {n} standard, {x} Sudoku-X solved by techniques");
    }
}

#[test]
fn solo_unreasonable_is_solved_with_trial_and_error() {
    run(
        "sgt_solo/sudoku_6_unreasonable.txt",
        Variant::Standard,
        0..4,
        false,
    );
    run(
        "sgt_solo/sudokux_6_unreasonable.txt",
        Variant::X,
        0..2,
        false,
    );
}

/// The hard lists, each by a few puzzles (all with `SUDOKU_ALL`): the first eight of top95
/// need techniques up to chains or T&E(1), the first 17-clue puzzles mostly singles,
/// magictour's first three subsets or T&E(1); of the forum's hardest, which all need T&E(2),
/// the third, the quickest of the first five.
#[test]
fn the_hard_lists_start_solved() {
    run("norvig/top95.txt", Variant::Standard, 0..8, false);
    run("tdoku/puzzles2_17_clue", Variant::Standard, 0..5, false);
    run(
        "tdoku/puzzles3_magictour_top1465",
        Variant::Standard,
        0..3,
        false,
    );
    run(
        "tdoku/puzzles6_forum_hardest_1106",
        Variant::Standard,
        2..3,
        false,
    );
}

#[test]
#[ignore = "about 2.6 hours of CPU (375 forum-hardest puzzles need T&E(2), 49,158 17-clue puzzles; benches/sudoku-lists runs them in parallel): run with --ignored"]
fn the_hard_lists_are_solved() {
    for (file, variant) in [
        ("norvig/top95.txt", Variant::Standard),
        ("sgt_solo/sudoku_6_unreasonable.txt", Variant::Standard),
        ("sgt_solo/sudokux_6_unreasonable.txt", Variant::X),
        ("tdoku/puzzles3_magictour_top1465", Variant::Standard),
        ("tdoku/puzzles6_forum_hardest_1106", Variant::Standard),
        ("tdoku/puzzles2_17_clue", Variant::Standard),
    ] {
        let n = run(file, variant, 0..usize::MAX, false);
        eprintln!("{file}: {n} solved and verified");
    }
}

/// A time limit stops a runaway search: the forum's first hardest puzzle needs T&E(2) for
/// far longer than the limit, and is reported `limit` soon after it (a few seconds at most,
/// also on a loaded machine).
#[test]
fn the_time_limit_stops_trial_and_error() {
    let Some(path) = data("tdoku/puzzles6_forum_hardest_1106") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let limit = Duration::from_millis(300);
    let options = SolveOptions {
        timeout: Some(limit),
        ..SolveOptions::default()
    };
    let mut solver =
        Solver::<Sudoku>::for_rule_set(RuleSet::bundled::<Sudoku>(None), options).unwrap();
    let entry = Sudoku::parse(&text, None).unwrap().remove(0).unwrap();
    let outcome = solver.solve(&entry.puzzle);
    assert!(
        matches!(outcome.status, Status::Limit(_)),
        "{:?}",
        outcome.status
    );
    assert!(outcome.elapsed < limit * 10, "{:?}", outcome.elapsed);
}

#[test]
fn puzzles_with_several_solutions_are_never_solved() {
    let Some(path) = data("tdoku/puzzles7_serg_benchmark") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let options = SolveOptions {
        timeout: Some(Duration::from_secs(60)),
        ..SolveOptions::default()
    };
    let mut solver =
        Solver::<Sudoku>::for_rule_set(RuleSet::bundled::<Sudoku>(None), options).unwrap();
    for entry in Sudoku::parse(&text, None).unwrap().into_iter().take(2) {
        let entry = entry.unwrap();
        let status = solver.solve(&entry.puzzle).status;
        assert!(
            matches!(status, Status::Multiple | Status::Limit(_)),
            "serg {}: {status:?}",
            entry.name
        );
    }
}
