//! Test support: an environment loaded with the templates and rule levels of
//! `rulebases/sudoku/`, that solves one puzzle and reports what the rules left and which fired.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::PathBuf;

use salience_engine::env::Environment;
use salience_sudoku::facts::{assert_puzzle, read_board, Outcome, TEMPLATES};
use salience_sudoku::Puzzle;

/// The rule levels, weakest first (file stems under `rulebases/sudoku/`).
pub const LEVELS: &[&str] = &[
    "singles",
    "intersections",
    "subsets",
    "fish",
    "wings",
    "colouring",
    "chains",
    "hypothesis",
];

/// The path of a rule level file.
pub fn level_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../rulebases/sudoku")
        .join(format!("{name}.clp"))
}

/// The path of a shared data file, or `None` (with a message) when the data is absent.
pub fn shared(path: &str) -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data/sudoku")
        .join(path);
    if p.exists() {
        Some(p)
    } else {
        eprintln!("skipped: {} is absent", p.display());
        None
    }
}

/// An environment with the templates and some levels loaded.
pub struct Rules {
    env: Environment,
}

/// What one run gave.
pub struct Run {
    pub outcome: Outcome,
    pub fired: BTreeMap<String, u64>,
}

impl Run {
    /// Firings of one rule.
    pub fn fired(&self, rule: &str) -> u64 {
        self.fired.get(rule).copied().unwrap_or(0)
    }
}

impl Rules {
    /// Loads the templates and the first `levels` levels of [`LEVELS`].
    pub fn up_to(levels: usize) -> Rules {
        Rules::with(&LEVELS[..levels])
    }

    /// Loads the templates and the named levels.
    pub fn with(levels: &[&str]) -> Rules {
        let mut env = Environment::new();
        env.set_output(std::io::sink());
        env.load_str(TEMPLATES, "templates.clp")
            .unwrap_or_else(|e| panic!("{}", e.rendered));
        for level in levels {
            let path = level_path(level);
            let text = std::fs::read_to_string(&path).unwrap();
            env.load_str(&text, &path.display().to_string())
                .unwrap_or_else(|e| panic!("{}", e.rendered));
        }
        Rules { env }
    }

    /// Solves one puzzle.
    pub fn run(&mut self, puzzle: &Puzzle) -> Run {
        self.env.reset();
        assert_puzzle(&mut self.env, puzzle).unwrap();
        self.env.run(None).unwrap();
        let fired = self
            .env
            .rule_firings()
            .filter(|r| r.fired > 0)
            .map(|r| (r.name.to_string(), r.fired))
            .collect();
        if std::env::var("HREPORT").is_ok() {
            eprintln!("{}", self.env.hypothesis_report());
        }
        Run {
            outcome: read_board(&self.env, puzzle).unwrap(),
            fired,
        }
    }
}

/// Reads the puzzles of a lines file.
pub fn puzzles(text: &str, variant: salience_sudoku::Variant) -> Vec<Puzzle> {
    salience_sudoku::read::read_lines(text, variant)
        .into_iter()
        .map(|e| e.puzzle.unwrap())
        .collect()
}
