//! The sudoku adapter: glue between the `salience-sudoku` crate and the generic solve driver.

use super::kind::{Level, Numbered, PuzzleError, PuzzleKind, Reading};
use salience_engine::env::Environment;
use salience_engine::wm::Fact;
use salience_sudoku::count::{count_solutions, Count};
use salience_sudoku::{check, facts, read, render, Board, Outcome, Puzzle, Variant};

/// Sudoku of any supported size (4x4 to 25x25), standard or Sudoku-X.
pub struct Sudoku;

/// A bundled level: its name, its path in the repository and its text.
macro_rules! level {
    ($name:literal) => {
        Level {
            name: $name,
            file: concat!("rulebases/sudoku/", $name, ".clp"),
            source: include_str!(concat!("../../rulebases/sudoku/", $name, ".clp")),
        }
    };
}

/// The rulebase ladder, weakest first.
static LEVELS: &[Level] = &[
    level!("singles"),
    level!("intersections"),
    level!("subsets"),
    level!("fish"),
    level!("wings"),
    level!("colouring"),
    level!("chains"),
    level!("hypothesis"),
];

impl PuzzleKind for Sudoku {
    type Puzzle = Puzzle;
    type Answer = Board;

    const NAME: &'static str = "sudoku";
    const ANSWER_KEY: &'static str = "solution";
    const INPUT_FORMATS: &'static [&'static str] = read::FORMATS;

    fn templates() -> Level {
        Level {
            name: "templates",
            file: "sudoku/templates.clp",
            source: facts::TEMPLATES,
        }
    }

    fn levels() -> &'static [Level] {
        LEVELS
    }

    fn parse(
        text: &str,
        format: Option<&str>,
    ) -> Result<Vec<Result<Numbered<Puzzle>, PuzzleError>>, String> {
        Ok(read::read(text, format, Variant::Standard)?
            .into_iter()
            .map(|e| match e.puzzle {
                Ok(puzzle) => Ok(Numbered {
                    index: e.index,
                    name: e.name,
                    puzzle,
                }),
                Err(err) => Err(PuzzleError {
                    index: e.index,
                    name: e.name,
                    line: e.line,
                    column: err.column,
                    message: err.message,
                }),
            })
            .collect())
    }

    fn set_variant(puzzle: &mut Puzzle, variant: &str) -> Result<(), String> {
        puzzle.variant = Variant::from_name(variant).ok_or_else(|| {
            format!("sudoku has no variant {variant:?} (expected `x` or `standard`)")
        })?;
        Ok(())
    }

    fn assert_puzzle(env: &mut Environment, puzzle: &Puzzle) -> Result<(), String> {
        facts::assert_puzzle(env, puzzle)
    }

    fn read_answer(env: &Environment, puzzle: &Puzzle) -> Result<Reading<Board>, String> {
        Ok(match facts::read_board(env, puzzle)? {
            Outcome::Contradiction(_) => Reading::Contradiction,
            Outcome::Board(b) if b.is_complete() => Reading::Complete(b),
            Outcome::Board(b) => Reading::Partial(b),
        })
    }

    fn check(puzzle: &Puzzle, answer: &Board) -> Result<(), String> {
        check::check(puzzle, &answer.values)
    }

    fn classify_unsolved(puzzle: &Puzzle) -> Option<&'static str> {
        match count_solutions(puzzle) {
            Count::None => Some("contradiction"),
            Count::Multiple => Some("multiple"),
            Count::Unique(_) => None,
        }
    }

    fn answer_json(answer: &Board) -> serde_json::Value {
        serde_json::Value::String(
            answer
                .values
                .iter()
                .map(|&v| salience_sudoku::grid::symbol(v))
                .collect(),
        )
    }

    fn render_text(puzzle: &Puzzle, answer: Option<&Board>) -> String {
        render::render_text(puzzle, answer)
    }

    fn render_svg(puzzle: &Puzzle, answer: Option<&Board>) -> String {
        render::render_svg(puzzle, answer)
    }

    fn describe_change(env: &Environment, fact: &Fact, asserted: bool) -> Option<String> {
        facts::describe_change(env, fact, asserted)
    }
}
