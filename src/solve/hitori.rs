//! The hitori adapter: glue between the `salience-hitori` crate and the generic solve driver.

use super::kind::{Level, Numbered, PuzzleError, PuzzleKind, Reading};
use salience_engine::env::Environment;
use salience_engine::wm::Fact;
use salience_hitori::{check, facts, read, render, Puzzle, Shading};

/// Hitori: shade cells so that no number repeats among the white cells of a line, no two
/// shaded cells touch, and the white cells stay connected.
pub struct Hitori;

/// The bundled rule levels, weakest first.
static LEVELS: [Level; 4] = [
    Level {
        name: "basic",
        file: "rulebases/hitori/basic.clp",
        source: include_str!("../../rulebases/hitori/basic.clp"),
    },
    Level {
        name: "patterns",
        file: "rulebases/hitori/patterns.clp",
        source: include_str!("../../rulebases/hitori/patterns.clp"),
    },
    Level {
        name: "connectivity",
        file: "rulebases/hitori/connectivity.clp",
        source: include_str!("../../rulebases/hitori/connectivity.clp"),
    },
    Level {
        name: "hypothesis",
        file: "rulebases/hitori/hypothesis.clp",
        source: include_str!("../../rulebases/hitori/hypothesis.clp"),
    },
];

impl PuzzleKind for Hitori {
    type Puzzle = Puzzle;
    type Answer = Shading;

    const NAME: &'static str = "hitori";
    const ANSWER_KEY: &'static str = "shading";
    const INPUT_FORMATS: &'static [&'static str] = read::Format::NAMES;

    fn templates() -> Level {
        Level {
            name: "templates",
            file: "hitori/templates.clp",
            source: salience_hitori::TEMPLATES,
        }
    }

    fn levels() -> &'static [Level] {
        &LEVELS
    }

    fn parse(
        text: &str,
        format: Option<&str>,
    ) -> Result<Vec<Result<Numbered<Puzzle>, PuzzleError>>, String> {
        Ok(read::read_named(text, format)?
            .into_iter()
            .map(|entry| {
                entry
                    .map(|e| Numbered {
                        index: e.index,
                        name: e.name,
                        puzzle: e.puzzle,
                    })
                    .map_err(|e| PuzzleError {
                        index: e.index,
                        name: e.name,
                        line: e.line,
                        column: e.column,
                        message: e.message,
                    })
            })
            .collect())
    }

    fn assert_puzzle(env: &mut Environment, puzzle: &Puzzle) -> Result<(), String> {
        facts::assert_puzzle(env, puzzle)
    }

    fn read_answer(env: &Environment, puzzle: &Puzzle) -> Result<Reading<Shading>, String> {
        Ok(match facts::read_shading(env, puzzle)? {
            facts::Outcome::Contradiction(_) => Reading::Contradiction,
            facts::Outcome::Shading(s) if s.is_complete() => Reading::Complete(s),
            facts::Outcome::Shading(s) => Reading::Partial(s),
        })
    }

    fn check(puzzle: &Puzzle, answer: &Shading) -> Result<(), String> {
        check::check(puzzle, answer)
    }

    fn answer_json(answer: &Shading) -> serde_json::Value {
        serde_json::Value::from(answer.row_strings())
    }

    fn render_text(puzzle: &Puzzle, answer: Option<&Shading>) -> String {
        render::text(puzzle, answer)
    }

    fn render_svg(puzzle: &Puzzle, answer: Option<&Shading>) -> String {
        render::svg(puzzle, answer)
    }

    fn describe_change(env: &Environment, fact: &Fact, asserted: bool) -> Option<String> {
        // A decision is a modify: the retracted version (undecided) says nothing new.
        asserted.then(|| facts::describe(env, fact)).flatten()
    }
}
