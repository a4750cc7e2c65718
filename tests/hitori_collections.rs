//! Hitori with the bundled rulebase on the shared collections (`../shared/data/hitori`):
//! every answer must pass the independent checker (status `solved`) and equal the
//! collection's own solution. A deterministic subset keeps the test short in release mode;
//! `HITORI_ALL=1` runs every puzzle. Without the shared data the collection tests say so and
//! pass; the bundled examples always run.

use salience::solve::hitori::Hitori;
use salience::solve::{PuzzleKind, Solver, Status};
use salience_hitori::Shading;
use std::path::{Path, PathBuf};

fn data(file: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/hitori")
        .join(file);
    if path.exists() {
        Some(path)
    } else {
        eprintln!("skipped: {} is absent", path.display());
        None
    }
}

fn every_puzzle() -> bool {
    std::env::var_os("HITORI_ALL").is_some()
}

/// Solves the puzzles of `file` whose 1-based index `keep` accepts; checks each against
/// `solutions[index - 1]` (rows of `#`/`.`) when given. Returns how many were solved.
fn run(
    file: &Path,
    keep: impl Fn(usize, &salience_hitori::Puzzle) -> bool,
    solutions: &[Shading],
) -> usize {
    let text = std::fs::read_to_string(file).unwrap();
    let puzzles = Hitori::parse(&text, None).unwrap();
    let mut solver = Solver::<Hitori>::new(None).unwrap();
    let mut solved = 0;
    for entry in puzzles {
        let entry = entry.unwrap();
        if !keep(entry.index, &entry.puzzle) {
            continue;
        }
        let outcome = solver.solve(&entry.puzzle);
        assert_eq!(
            outcome.status,
            Status::Solved,
            "{} {}: {:?}",
            file.display(),
            entry.name,
            outcome.status
        );
        if let (Some(answer), Some(known)) = (&outcome.answer, solutions.get(entry.index - 1)) {
            assert_eq!(answer, known, "{} {}", file.display(), entry.name);
        }
        solved += 1;
    }
    solved
}

/// One shading per line of `w`/`b` letters (row-major, `side` wide); `letters_at` picks the
/// letters out of a line (Sevilla CLIPS lines interleave them with the digits).
fn solutions(
    file: &Path,
    cols: impl Fn(usize) -> usize,
    letters_at: impl Fn(&str) -> String,
) -> Vec<Shading> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, line)| {
            let letters = letters_at(line.trim());
            let rows: Vec<String> = letters
                .as_bytes()
                .chunks(cols(i))
                .map(|c| String::from_utf8_lossy(c).into_owned())
                .collect();
            Shading::from_row_strings(&rows).unwrap()
        })
        .collect()
}

#[test]
fn sevilla_clips_all_fifty_match_the_course_answers() {
    let (Some(blind), Some(answers)) = (
        data("sevilla_clips/ejemplos_blind.txt"),
        data("sevilla_clips/ejemplos.txt"),
    ) else {
        return;
    };
    let known = solutions(&answers, |_| 9, |l| l.chars().step_by(2).collect());
    assert_eq!(run(&blind, |_, _| true, &known), 50);
}

#[test]
fn sevilla_ia_reto() {
    let (Some(file), Some(answers)) = (
        data("sevilla_ia/ejemplos_reto.txt"),
        data("sevilla_ia/ejemplos_reto_soluciones.txt"),
    ) else {
        return;
    };
    let known = solutions(&answers, |_| 9, str::to_string);
    let keep = |i: usize, _: &_| every_puzzle() || i % 4 == 1;
    assert!(run(&file, keep, &known) >= 25);
}

#[test]
fn tatham_singles() {
    let (Some(file), Some(answers)) = (
        data("sgt_singles/singles_generated.txt"),
        data("sgt_singles/singles_generated_solutions.txt"),
    ) else {
        return;
    };
    let text = std::fs::read_to_string(&file).unwrap();
    let widths: Vec<usize> = text
        .lines()
        .filter_map(|l| l.split('x').next()?.parse().ok())
        .collect();
    let known = solutions(&answers, |i| widths[i], str::to_string);
    let keep = |i: usize, _: &_| every_puzzle() || i % 4 == 1;
    assert!(run(&file, keep, &known) >= 55);
}

/// The janko.at collection's puzzle names and solutions, in file order.
fn janko_solutions(file: &Path) -> (Vec<String>, Vec<Shading>) {
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    json["data"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, entry)| {
            let rows: Vec<String> = (entry["solution"].as_str().unwrap().lines().skip(1))
                .filter(|l| !l.trim().is_empty())
                .map(|l| l.split_whitespace().collect())
                .collect();
            (name.clone(), Shading::from_row_strings(&rows).unwrap())
        })
        .unzip()
}

#[test]
fn janko_up_to_twelve_by_twelve() {
    let Some(file) = data("janko_puzzlekit/Hitori_dataset.json") else {
        return;
    };
    let (_, known) = janko_solutions(&file);
    let keep =
        |i: usize, p: &salience_hitori::Puzzle| every_puzzle() || (i % 10 == 1 && p.rows <= 12);
    assert!(run(&file, keep, &known) >= 40);
}

/// The 17x17 puzzles that need BLISS(2): they once took minutes each (the white-region
/// search ran in every branch). Two always, all four with `HITORI_ALL=1`.
#[test]
fn janko_seventeen_by_seventeen_needing_bliss2() {
    let Some(file) = data("janko_puzzlekit/Hitori_dataset.json") else {
        return;
    };
    let (names, known) = janko_solutions(&file);
    let wanted: &[&str] = if every_puzzle() {
        &["77_17x17", "78_17x17", "599_17x17", "609_17x17"]
    } else {
        &["599_17x17", "609_17x17"]
    };
    let keep = |i: usize, _: &_| wanted.contains(&names[i - 1].as_str());
    assert_eq!(run(&file, keep, &known), wanted.len());
}

#[test]
fn bundled_examples_are_solved() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("hitori/examples/singles.txt");
    assert_eq!(run(&file, |_, _| true, &[]), 4);
}
