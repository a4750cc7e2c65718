//! One test per Kakuro technique: on a small grid where it applies, the rule makes its deduction;
//! on a grid where it does not, the rule changes nothing. Grids are in the plain format; a test
//! may narrow cells to given digits first (the `given` rule below, a test fixture) to set up the
//! exact pattern. Deductions are read from the firing journal: a firing counts when it removed a
//! candidate or placed a digit.

use salience::solve::kakuro::Kakuro;
use salience::solve::{PuzzleKind, SolveOptions, Solver, Status};
use salience_engine::env::journal::Cause;
use salience_engine::env::Environment;
use salience_engine::Value;
use salience_kakuro::{check, count_solutions, Count};
use std::path::{Path, PathBuf};

/// Test fixture: `(given CELL DIGITS...)` leaves the cell only those candidates, right after
/// the candidates are created.
const GIVEN: &str = r#"
(defrule given "Test fixture: a cell keeps only its given digits"
   (declare (salience 99))
   (given ?c $?digits)
   ?k <- (candidate (cell ?c) (value ?v&:(not (member$ ?v ?digits))))
   =>
   (retract ?k))
"#;

/// Two rows of two cells, every clue 10: many solutions, no forced digit.
const TENS: &str = "- 10\\ 10\\\n\\10 . .\n\\10 . .\n";
/// The same shape with odd clues only.
const ODDS: &str = "- 3\\ 5\\\n\\3 . .\n\\5 . .\n";
/// Unique sums everywhere: 3 = 1+2 and 4 = 1+3.
const TINY: &str = "- 4\\ 3\\\n\\3 . .\n\\4 . .\n";
/// Two one-cell down runs place 1 and 2; the across run's last cell is then 10-1-2 = 7.
const LAST: &str = "- 1\\ 2\\ 16\\\n\\10 . . .\n- - \\9 .\n";
/// Row 2 is a three-cell run with clue 7: only 1+2+4, though the bounds allow 1 to 4.
const SEVEN: &str = "- 10\\ 10\\ 10\\\n\\7 . . .\n\\23 . . .\n";
/// Loose three-cell rows (14 and 16) over two-cell columns of 10.
const LOOSE: &str = "- 10\\ 10\\ 10\\\n\\14 . . .\n\\16 . . .\n";
/// Row 2 is a four-cell run with clue 10 (only 1+2+3+4), row 3 one with clue 24.
const FOUR: &str = "- 10\\ 9\\ 8\\ 7\\\n\\10 . . . .\n\\24 . . . .\n";
/// Row 2 is 3 (1+2); column 2 is 15 over three cells (eight digit sets).
const CROSS: &str = "- 15\\ 14\\\n\\3 . .\n\\17 . .\n\\9 . .\n";
/// A grid the rule levels leave stuck (found with examples/kakuro/generate.py, which keeps only
/// puzzles with one solution).
const STUCK: &str = "- - - - 12\\ 17\\\n\
                     - - 20\\ 3\\17 . .\n\
                     - 24\\22 . . . .\n\
                     \\11 . . . 10\\ 9\\\n\
                     \\17 . . \\3 . .\n\
                     \\9 . . \\16 . .\n";

/// Loads the templates, the named bundled levels and the fixture, asserts the grid and the
/// givens, and runs.
fn run(grid: &str, levels: &[&str], givens: &[(&str, &[i64])]) -> Environment {
    let mut env = Environment::new();
    env.set_output(std::io::sink());
    let templates = Kakuro::templates();
    env.load_str(templates.source, templates.file).unwrap();
    for name in levels {
        let level = Kakuro::levels()
            .iter()
            .find(|l| l.name == *name)
            .unwrap_or_else(|| panic!("no level {name}"));
        env.load_str(level.source, level.file)
            .unwrap_or_else(|e| panic!("{}", e.rendered));
    }
    env.load_str(GIVEN, "given.clp").unwrap();
    env.set_journal(true);
    env.reset();
    let puzzle = Kakuro::parse(grid, Some("plain"))
        .unwrap()
        .remove(0)
        .unwrap();
    Kakuro::assert_puzzle(&mut env, &puzzle.puzzle).unwrap();
    for (cell, digits) in givens {
        let mut fields = vec![Value::Symbol((*cell).into())];
        fields.extend(digits.iter().map(|d| Value::Integer(*d)));
        env.assert_ordered("given", fields).unwrap();
    }
    env.run(None).unwrap();
    env
}

/// How many firings of `rule` removed a candidate or placed a digit.
fn deductions(env: &Environment, rule: &str) -> usize {
    let counts = |name: &str| {
        let id = env.template_id(name);
        move |f: &std::rc::Rc<salience_engine::wm::Fact>| Some(f.template) == id
    };
    env.journal()
        .iter()
        .filter(
            |f| matches!(f.cause, Cause::Rule(r) if env.rule_label(r).map(|l| l.0) == Some(rule)),
        )
        .filter(|f| {
            f.retracted.iter().any(counts("candidate")) || f.asserted.iter().any(counts("placed"))
        })
        .count()
}

/// The cells in which `rule` placed a digit.
fn placed_by(env: &Environment, rule: &str) -> Vec<String> {
    let placed = env.template_id("placed");
    env.journal()
        .iter()
        .filter(
            |f| matches!(f.cause, Cause::Rule(r) if env.rule_label(r).map(|l| l.0) == Some(rule)),
        )
        .flat_map(|f| f.asserted.iter())
        .filter(|f| Some(f.template) == placed)
        .filter_map(|f| match env.slot(f, "cell") {
            Some(Value::Symbol(s)) => Some(s.to_string()),
            _ => None,
        })
        .collect()
}

/// How many times `rule` fired.
fn fired(env: &Environment, rule: &str) -> u64 {
    env.rule_firings()
        .find(|r| r.name == rule)
        .map_or(0, |r| r.fired)
}

/// The candidates left in `cell`.
fn candidates(env: &Environment, cell: &str) -> Vec<i64> {
    let mut out: Vec<i64> = env
        .facts_of("candidate")
        .filter(|f| env.slot(f, "cell") == Some(Value::Symbol(cell.into())))
        .filter_map(|f| match env.slot(f, "value") {
            Some(Value::Integer(v)) => Some(v),
            _ => None,
        })
        .collect();
    out.sort_unstable();
    out
}

const BASIC: &[&str] = &["basic"];

#[test]
fn sum_bounds() {
    let env = run(TINY, BASIC, &[]);
    assert!(deductions(&env, "sum-bounds") > 0);
    // 10 = v + w allows every digit 1-9 in a two-cell run.
    assert_eq!(deductions(&run(TENS, BASIC, &[]), "sum-bounds"), 0);
}

#[test]
fn even_two_cell_sum() {
    let env = run(TENS, BASIC, &[]);
    assert!(deductions(&env, "even-two-cell-sum") > 0);
    assert_eq!(candidates(&env, "r2c2"), vec![1, 2, 3, 4, 6, 7, 8, 9]);
    assert_eq!(deductions(&run(ODDS, BASIC, &[]), "even-two-cell-sum"), 0);
}

#[test]
fn unique_sum_run() {
    let env = run(SEVEN, BASIC, &[]);
    assert!(deductions(&env, "unique-sum-digits") > 0);
    assert_eq!(candidates(&env, "r2c2"), vec![1, 2, 4]);
    assert_eq!(deductions(&run(TENS, BASIC, &[]), "unique-sum-digits"), 0);
}

#[test]
fn singles_and_placed_digits() {
    let env = run(TINY, BASIC, &[]);
    assert!(deductions(&env, "naked-single") > 0);
    assert!(deductions(&env, "placed-value-leaves-run") > 0);
    assert_eq!(candidates(&env, "r3c2"), vec![3]);
    let tens = run(TENS, BASIC, &[]);
    assert_eq!(deductions(&tens, "naked-single"), 0);
    assert_eq!(deductions(&tens, "placed-value-leaves-run"), 0);
}

#[test]
fn last_empty_cell() {
    let env = run(LAST, BASIC, &[]);
    assert!(deductions(&env, "last-empty-cell") > 0);
    assert_eq!(candidates(&env, "r2c4"), vec![7]);
    assert_eq!(deductions(&run(TENS, BASIC, &[]), "last-empty-cell"), 0);
}

const COMBINATIONS: &[&str] = &["basic", "combinations"];

#[test]
fn combinations_pruned_by_a_cell() {
    // Row 2 = 14 over three cells with r2c2 in {1, 2}: 3+4+7 and 3+5+6 no longer fit.
    let givens: &[(&str, &[i64])] = &[("r2c2", &[1, 2])];
    let env = run(LOOSE, COMBINATIONS, givens);
    assert!(fired(&env, "combination-misfits-cell") > 0);
    let one = Value::Integer(1);
    let two = Value::Integer(2);
    let misfits = env
        .facts_of("combination")
        .filter(|f| env.slot(f, "run") == Some(Value::Symbol("across-r2c1".into())))
        .filter_map(|f| env.slot(f, "digits"))
        .filter(|d| match d {
            Value::Multifield(ds) => !ds.iter().any(|v| *v == one || *v == two),
            _ => true,
        })
        .count();
    assert_eq!(misfits, 0, "no combination of row 2 lacks both 1 and 2");
    assert_eq!(
        fired(&run(LOOSE, COMBINATIONS, &[]), "combination-misfits-cell"),
        0
    );
}

#[test]
fn value_in_no_combination() {
    // Row 3 = 24 over four cells, two of them limited to 1 and 2: no four distinct digits
    // summing to 24 hold both, so the pruned combinations take candidates away until the run
    // has no combination left.
    let givens: &[(&str, &[i64])] = &[("r3c2", &[1, 2]), ("r3c3", &[1, 2])];
    let env = run(FOUR, COMBINATIONS, givens);
    assert!(deductions(&env, "value-in-no-combination") > 0);
    assert!(env.facts_of("contradiction").next().is_some());
    assert_eq!(
        deductions(&run(TENS, COMBINATIONS, &[]), "value-in-no-combination"),
        0
    );
}

#[test]
fn required_digit_single() {
    // Row 2 = 10 over four cells needs 1, 2, 3 and 4; only r2c5 may hold 4.
    let givens: &[(&str, &[i64])] = &[
        ("r2c2", &[1, 2, 3]),
        ("r2c3", &[1, 2, 3]),
        ("r2c4", &[1, 2, 3]),
    ];
    let env = run(FOUR, COMBINATIONS, givens);
    assert!(deductions(&env, "required-digit-single") > 0);
    assert_eq!(candidates(&env, "r2c5"), vec![4]);
    assert_eq!(
        deductions(&run(TENS, COMBINATIONS, &[]), "required-digit-single"),
        0
    );
}

#[test]
fn crossing_runs_common_digit() {
    // Column 2 is 15 over r2c2, r3c2 (8 or 9) and r4c2 (6 or 7): of its digit sets only
    // 1+6+8 holds an 8 or 9 and a 6 or 7, and row 2 (3) holds 1 and 2, so r2c2 is 1.
    let givens: &[(&str, &[i64])] = &[("r3c2", &[8, 9]), ("r4c2", &[6, 7])];
    let env = run(CROSS, COMBINATIONS, givens);
    assert!(placed_by(&env, "crossing-runs-common-digit").contains(&"r2c2".to_string()));
    assert_eq!(candidates(&env, "r2c2"), vec![1]);
    // With 5 possible in r4c2, 1+5+9 and 2+5+8 stay: the runs share 1 and 2.
    let near: &[(&str, &[i64])] = &[("r3c2", &[8, 9]), ("r4c2", &[5, 6, 7])];
    let env = run(CROSS, COMBINATIONS, near);
    assert_eq!(deductions(&env, "crossing-runs-common-digit"), 0);
    assert_eq!(candidates(&env, "r2c2"), vec![1, 2]);
}

const SUBSETS: &[&str] = &["basic", "subsets"];

#[test]
fn naked_pair() {
    let pair: &[(&str, &[i64])] = &[("r2c2", &[1, 2]), ("r2c3", &[1, 2])];
    let env = run(FOUR, SUBSETS, pair);
    assert!(deductions(&env, "naked-pair") > 0);
    assert!(candidates(&env, "r2c4").iter().all(|v| *v == 3 || *v == 4));
    let no_pair: &[(&str, &[i64])] = &[("r2c2", &[1, 2]), ("r2c3", &[1, 3])];
    assert_eq!(deductions(&run(FOUR, SUBSETS, no_pair), "naked-pair"), 0);
}

#[test]
fn naked_triple() {
    let triple: &[(&str, &[i64])] = &[("r2c2", &[1, 2]), ("r2c3", &[2, 3]), ("r2c4", &[1, 3])];
    let env = run(FOUR, SUBSETS, triple);
    assert!(deductions(&env, "naked-triple") > 0);
    assert_eq!(candidates(&env, "r2c5"), vec![4]);
    let no_triple: &[(&str, &[i64])] = &[("r2c2", &[1, 2]), ("r2c3", &[3, 4]), ("r2c4", &[1, 3])];
    assert_eq!(
        deductions(&run(FOUR, SUBSETS, no_triple), "naked-triple"),
        0
    );
}

#[test]
fn max_min_completion() {
    // Row 3 = 24: with 8|9, 6|7 and 4|5 in three cells, the fourth is at most 24-18 = 6 and at
    // least 24-21 = 3.
    let givens: &[(&str, &[i64])] = &[("r3c2", &[8, 9]), ("r3c3", &[6, 7]), ("r3c4", &[4, 5])];
    let env = run(FOUR, SUBSETS, givens);
    assert!(deductions(&env, "max-min-completion") > 0);
    assert!(candidates(&env, "r3c5").iter().all(|v| (3..=6).contains(v)));
    assert_eq!(
        deductions(&run(TENS, SUBSETS, &[]), "max-min-completion"),
        0
    );
}

const SEARCH: &[&str] = &["basic", "search"];

#[test]
fn run_search() {
    // Row 2 = 14: r2c2 and r2c3 take 2 and 8 between them, so r2c4 (2, 4 or 8) is 4.
    let givens: &[(&str, &[i64])] = &[("r2c2", &[2, 8]), ("r2c3", &[2, 8]), ("r2c4", &[2, 4, 8])];
    let env = run(LOOSE, SEARCH, givens);
    assert!(deductions(&env, "run-search") > 0);
    assert_eq!(candidates(&env, "r2c4"), vec![4]);
    let basic_only = run(LOOSE, BASIC, givens);
    assert_eq!(
        candidates(&basic_only, "r2c4"),
        vec![2, 4, 8],
        "basic alone cannot see it"
    );
    assert_eq!(deductions(&run(TENS, SEARCH, &[]), "run-search"), 0);
}

const REGIONS: &[&str] = &["basic", "regions"];

#[test]
fn region_sum_needs_one_open_outside_cell() {
    // A closed 2x2 block: the crossing runs cover exactly the parallel ones, nothing is pinned.
    assert_eq!(deductions(&run(TENS, REGIONS, &[]), "region-sum"), 0);
}

#[test]
fn hypothesis_finishes_what_the_rules_leave_stuck() {
    let puzzle = Kakuro::parse(STUCK, Some("plain"))
        .unwrap()
        .remove(0)
        .unwrap()
        .puzzle;
    assert_eq!(count_solutions(&puzzle, 2, 100_000), Count::Exactly(1));
    let options = SolveOptions {
        no_hypotheses: true,
        ..SolveOptions::default()
    };
    let rules_only = Solver::<Kakuro>::with_options(None, options)
        .unwrap()
        .solve(&puzzle);
    assert_eq!(rules_only.status, Status::Stuck);
    let outcome = Solver::<Kakuro>::new(None).unwrap().solve(&puzzle);
    assert_eq!(outcome.status, Status::Solved);
    assert!(
        ["te1", "bliss1", "bliss2", "te2"].contains(&outcome.level.as_str()),
        "level {}",
        outcome.level
    );
    let answer = outcome.answer.expect("a solved puzzle has an answer");
    assert_eq!(check(&puzzle, &answer.digits), Ok(()));
}

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

#[test]
fn region_sum_and_hypothesis_finish_what_lower_levels_cannot() {
    let Some(file) = data("sevilla_clips/ejemplos.txt") else {
        return;
    };
    let text = std::fs::read_to_string(file).unwrap();
    let puzzles: Vec<_> = Kakuro::parse(&text, None)
        .unwrap()
        .into_iter()
        .flatten()
        .collect();
    let files = |n: usize| -> Vec<PathBuf> {
        Kakuro::levels()[..n]
            .iter()
            .map(|l| Path::new(env!("CARGO_MANIFEST_DIR")).join(l.file))
            .collect()
    };
    let mut search = Solver::<Kakuro>::new(Some(&files(4))).unwrap();
    let mut regions = Solver::<Kakuro>::new(Some(&files(5))).unwrap();
    let mut gained = 0;
    for entry in &puzzles {
        let before = search.solve(&entry.puzzle);
        if before.status == Status::Solved {
            continue;
        }
        assert_eq!(before.status, Status::Stuck);
        let after = regions.solve(&entry.puzzle);
        if after.status == Status::Solved {
            assert!(after.rules.get("region-sum").copied().unwrap_or(0) > 0);
            gained += 1;
        }
    }
    assert!(gained >= 4, "region sums finished {gained} puzzles");
}
