//! Sudoku techniques, one by one, on the bundled puzzles of `sudoku/examples/techniques.txt`
//! (each the first Solo-generated puzzle on which its technique fires): the technique levels
//! solve the puzzle, the technique fires on the way, and the answer is the puzzle's one
//! solution (from the independent counter); a puzzle that the levels up to the technique's
//! own finish is not finished without that level; with
//! every level loaded, a puzzle that singles solve fires no harder technique; and the same rule
//! files solve 4x4, 9x9 and 16x16 grids unchanged.

use salience::solve::sudoku::Sudoku;
use salience::solve::{PuzzleKind, RuleSet, SolveOptions, Solver, Status};
use salience_sudoku::count::{count_solutions, Count};
use salience_sudoku::{Puzzle, Variant};

/// The level file that holds each technique's rule (index into the bundled levels).
fn level_of(rule: &str) -> usize {
    let name = match rule {
        "naked-single" | "hidden-single" => "singles",
        r if r.starts_with("locked") => "intersections",
        r if r.starts_with("naked") || r.starts_with("hidden") => "subsets",
        "x-wing" | "swordfish" | "jellyfish" => "fish",
        "xy-wing" | "xyz-wing" => "wings",
        r if r.starts_with("colour") => "colouring",
        _ => "chains",
    };
    Sudoku::levels()
        .iter()
        .position(|l| l.name == name)
        .unwrap()
}

fn solver(levels: usize) -> Solver<Sudoku> {
    Solver::for_rule_set(
        RuleSet::bundled::<Sudoku>(Some(levels)),
        SolveOptions::default(),
    )
    .unwrap()
}

fn parse(line: &str, variant: Variant) -> Puzzle {
    let mut p = Sudoku::parse(line, None).unwrap().remove(0).unwrap().puzzle;
    p.variant = variant;
    p
}

#[test]
fn each_technique_fires_on_its_puzzle_and_the_answer_checks() {
    let text = include_str!("../sudoku/examples/techniques.txt");
    let mut tried = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [_, _, rule, source] = fields[..] else {
            panic!("bad example line {line}")
        };
        // The reader takes the variant from the line's second field.
        let puzzle = Sudoku::parse(line, None).unwrap().remove(0).unwrap().puzzle;
        let level = level_of(rule);
        // Every technique level, without trial and error: the technique fires on the way and
        // the answer is the puzzle's one solution.
        let full = solver(level_of("xy-chain") + 1).solve(&puzzle);
        let fired = full.rules.get(rule).copied().unwrap_or(0);
        assert!(
            fired > 0,
            "{rule} did not fire on {source}: {:?}",
            full.rules
        );
        assert_eq!(full.status, Status::Solved, "{rule} on {source}");
        let Count::Unique(known) = count_solutions(&puzzle) else {
            panic!("{source} has no unique solution")
        };
        assert_eq!(full.answer.unwrap().values, known, "{rule} on {source}");
        // When the levels up to the technique's own finish the puzzle, those below do not.
        if level > 0 && solver(level + 1).solve(&puzzle).status == Status::Solved {
            let weaker = solver(level).solve(&puzzle);
            assert_ne!(weaker.status, Status::Solved, "{source} needs no {rule}");
        }
        tried += 1;
    }
    assert_eq!(tried, 16);
}

#[test]
fn harder_techniques_stay_silent_when_singles_suffice() {
    // Solved by singles alone (Solo "trivial"): with every level loaded, only level 1 fires.
    let puzzle = parse(
        "...6.1..3...95.7...31.7...5..5....8487.....3939....6..9...2.16...7.64...2..1.9...",
        Variant::Standard,
    );
    let outcome = Solver::<Sudoku>::new(None).unwrap().solve(&puzzle);
    assert_eq!(outcome.status, Status::Solved);
    assert_eq!(outcome.level, "singles", "{:?}", outcome.rules);
    for rule in outcome.rules.keys() {
        assert!(
            ["naked-single", "hidden-single", "solved"].contains(&rule.as_str())
                || rule.starts_with("placed-")
                || rule.contains("cands")
                || rule.contains("spots"),
            "{rule} fired"
        );
    }
}

#[test]
fn the_same_rules_solve_4x4_9x9_and_16x16() {
    let mut solver = Solver::<Sudoku>::new(None).unwrap();
    let small = include_str!("../sudoku/examples/4x4.txt");
    let big = include_str!("../sudoku/examples/16x16.txt");
    let nine = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let mut sizes = Vec::new();
    for text in [small, nine, big] {
        for entry in Sudoku::parse(text, None).unwrap() {
            let puzzle = entry.unwrap().puzzle;
            let outcome = solver.solve(&puzzle);
            assert_eq!(
                outcome.status,
                Status::Solved,
                "{}x{}",
                puzzle.size,
                puzzle.size
            );
            let Count::Unique(known) = count_solutions(&puzzle) else {
                panic!()
            };
            assert_eq!(outcome.answer.unwrap().values, known);
            sizes.push(puzzle.size);
        }
    }
    assert_eq!(sizes, [4, 9, 16, 16]);
}

#[test]
fn a_puzzle_without_solution_or_with_several_is_never_solved() {
    let mut solver = Solver::<Sudoku>::new(None).unwrap();
    // Two 1s in the first row: the rules find the contradiction.
    let none = parse(&format!("11{}", ".".repeat(79)), Variant::Standard);
    assert_eq!(solver.solve(&none).status, Status::Contradiction);
    // Two solutions: the 1s and 2s of r1c1, r1c2, r3c1, r3c2 can be swapped.
    let many = parse("..343412..434321", Variant::Standard);
    assert_eq!(solver.solve(&many).status, Status::Multiple);
    // Sudoku-X: the diagonal repeats 1, though as a plain sudoku the grid is fine.
    let x = parse("1..............1", Variant::X);
    assert_eq!(solver.solve(&x).status, Status::Contradiction);
}

#[test]
fn malformed_lines_name_their_line_and_the_others_still_read() {
    let text = "# comment\n12..\n..3....22...43..\n..3....22...4x..\n";
    let entries = Sudoku::parse(text, None).unwrap();
    assert_eq!(entries.len(), 3);
    let e = entries[0].as_ref().unwrap_err();
    assert_eq!(e.line, 2);
    assert!(entries[1].is_ok());
    let e = entries[2].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (4, Some(14)));
    let mut p = entries[1].as_ref().unwrap().puzzle.clone();
    assert!(Sudoku::set_variant(&mut p, "x").is_ok());
    assert_eq!(p.variant, Variant::X);
    assert!(Sudoku::set_variant(&mut p, "y").is_err());
}
