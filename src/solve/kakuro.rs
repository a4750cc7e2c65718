//! The kakuro adapter: glue between the `salience-kakuro` crate and the generic solve driver.

use super::kind::{Level, Numbered, PuzzleError, PuzzleKind, Reading};
use salience_engine::env::Environment;
use salience_engine::wm::Fact;
use salience_engine::Value;
use salience_kakuro::{self as kakuro, Count, Format, Puzzle, State};

/// Kakuro: fill white cells with 1–9 so that every run sums to its clue without repeating a digit.
pub struct Kakuro;

/// Declares a bundled level file of `rulebases/kakuro/`.
macro_rules! level {
    ($name:literal) => {
        Level {
            name: $name,
            file: concat!("rulebases/kakuro/", $name, ".clp"),
            source: include_str!(concat!("../../rulebases/kakuro/", $name, ".clp")),
        }
    };
}

/// The bundled levels, weakest first.
const LEVELS: &[Level] = &[
    level!("basic"),
    level!("combinations"),
    level!("subsets"),
    level!("search"),
    level!("regions"),
    level!("hypothesis"),
];

/// Search nodes the independent counter may spend on an unsolved puzzle.
const COUNT_BUDGET: u64 = 2_000_000;

impl PuzzleKind for Kakuro {
    type Puzzle = Puzzle;
    type Answer = kakuro::Answer;

    const NAME: &'static str = "kakuro";
    const ANSWER_KEY: &'static str = "solution";
    const INPUT_FORMATS: &'static [&'static str] = Format::NAMES;

    fn templates() -> Level {
        Level {
            name: "templates",
            file: "kakuro/templates.clp",
            source: kakuro::TEMPLATES,
        }
    }

    fn levels() -> &'static [Level] {
        LEVELS
    }

    fn parse(
        text: &str,
        format: Option<&str>,
    ) -> Result<Vec<Result<Numbered<Puzzle>, PuzzleError>>, String> {
        let format = match format {
            Some(name) => Some(Format::from_name(name).ok_or_else(|| {
                format!(
                    "unknown kakuro input format `{name}` (expected one of: {})",
                    Format::NAMES.join(", ")
                )
            })?),
            None => None,
        };
        Ok(kakuro::read(text, format)?
            .into_iter()
            .map(|entry| match entry.puzzle {
                Ok(puzzle) => Ok(Numbered {
                    index: entry.index,
                    name: entry.name,
                    puzzle,
                }),
                Err(e) => Err(PuzzleError {
                    index: entry.index,
                    name: entry.name,
                    line: e.line,
                    column: e.column,
                    message: e.message,
                }),
            })
            .collect())
    }

    fn assert_puzzle(env: &mut Environment, puzzle: &Puzzle) -> Result<(), String> {
        kakuro::assert_puzzle(env, puzzle)
    }

    fn read_answer(env: &Environment, puzzle: &Puzzle) -> Result<Reading<kakuro::Answer>, String> {
        Ok(match kakuro::read_state(env, puzzle)? {
            State::Contradiction => Reading::Contradiction,
            State::Digits {
                filling,
                complete: true,
            } => Reading::Complete(kakuro::Answer::new(puzzle, filling)),
            State::Digits { filling, .. } => Reading::Partial(kakuro::Answer::new(puzzle, filling)),
        })
    }

    fn check(puzzle: &Puzzle, answer: &kakuro::Answer) -> Result<(), String> {
        kakuro::check(puzzle, &answer.digits)
    }

    fn classify_unsolved(puzzle: &Puzzle) -> Option<&'static str> {
        match kakuro::count_solutions(puzzle, 2, COUNT_BUDGET) {
            Count::Exactly(0) => Some("contradiction"),
            Count::AtLeast(_) => Some("multiple"),
            _ => None,
        }
    }

    fn answer_json(answer: &kakuro::Answer) -> serde_json::Value {
        serde_json::Value::from(answer.rows.clone())
    }

    fn render_text(puzzle: &Puzzle, answer: Option<&kakuro::Answer>) -> String {
        kakuro::render::text(puzzle, answer.map(|a| a.digits.as_slice()))
    }

    fn render_svg(puzzle: &Puzzle, answer: Option<&kakuro::Answer>) -> String {
        kakuro::render::svg(puzzle, answer.map(|a| a.digits.as_slice()))
    }

    fn describe_change(env: &Environment, fact: &Fact, asserted: bool) -> Option<String> {
        let is = |name| env.template_id(name) == Some(fact.template);
        let text = |slot| match env.slot(fact, slot) {
            Some(Value::Symbol(s)) | Some(Value::String(s)) => Some(s.to_string()),
            Some(Value::Integer(n)) => Some(n.to_string()),
            _ => None,
        };
        if is("candidate") && !asserted {
            Some(format!("{} ≠ {}", text("cell")?, text("value")?))
        } else if is("placed") && asserted {
            Some(format!("{} = {}", text("cell")?, text("value")?))
        } else if is("contradiction") && asserted {
            Some(format!(
                "contradiction: {} ({})",
                text("reason")?,
                text("where")?
            ))
        } else {
            None
        }
    }
}
