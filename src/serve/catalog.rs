//! What the playground offers: for each puzzle kind, the example puzzles bundled in the
//! binary and the rule levels a student can edit.

use super::examples::EXAMPLES;
use super::play::{play, PlayError, PlayRequest, Played};
use crate::solve::hitori::Hitori;
use crate::solve::kakuro::Kakuro;
use crate::solve::sudoku::Sudoku;
use crate::solve::{Numbered, PuzzleKind};
use serde_json::{json, Value};

/// A puzzle kind as the playground sees it, whatever its Rust types.
pub trait Playable: Send + Sync {
    /// The kind's name, e.g. `"hitori"`.
    fn name(&self) -> &'static str;
    /// The kind, its puzzles and its levels, as the page's picker lists them.
    fn describe(&self) -> Value;
    /// The bundled text of rule level `level`.
    fn level_text(&self, level: usize) -> Option<&'static str>;
    /// Runs (or steps) the puzzle the request names.
    fn play(&self, request: &PlayRequest) -> Result<Played, PlayError>;
}

/// The example puzzles of one kind, read from a file bundled in the binary.
pub struct Bundled<K: PuzzleKind> {
    /// The bundled file's path in the repository.
    file: &'static str,
    /// Its puzzles, in file order.
    puzzles: Vec<Numbered<K::Puzzle>>,
}

impl<K: PuzzleKind> Bundled<K> {
    /// Reads every puzzle of `text`; a puzzle that does not read is an error naming the
    /// file, the puzzle and the line.
    pub fn read(file: &'static str, text: &str) -> Result<Self, String> {
        let puzzles = K::parse(text, None)
            .map_err(|e| format!("{file}: {e}"))?
            .into_iter()
            .map(|p| {
                p.map_err(|e| {
                    format!(
                        "{file}:{}: puzzle {} ({}): {}",
                        e.line, e.index, e.name, e.message
                    )
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        if puzzles.is_empty() {
            return Err(format!("{file}: no puzzle"));
        }
        Ok(Bundled { file, puzzles })
    }
}

impl<K: PuzzleKind + Send + Sync> Playable for Bundled<K> {
    fn name(&self) -> &'static str {
        K::NAME
    }

    fn describe(&self) -> Value {
        json!({
            "name": K::NAME,
            "file": self.file,
            "puzzles": self.puzzles.iter().map(|p| &p.name).collect::<Vec<_>>(),
            "levels": K::levels()
                .iter()
                .map(|l| json!({ "name": l.name, "file": l.file }))
                .collect::<Vec<_>>(),
        })
    }

    fn level_text(&self, level: usize) -> Option<&'static str> {
        K::levels().get(level).map(|l| l.source)
    }

    fn play(&self, request: &PlayRequest) -> Result<Played, PlayError> {
        if let Some(text) = &request.puzzle_text {
            return play::<K>(&pasted::<K>(text)?, request);
        }
        let numbered = self.puzzles.get(request.puzzle).ok_or_else(|| {
            PlayError::BadRequest(format!(
                "{} has {} bundled puzzles, no puzzle {}",
                K::NAME,
                self.puzzles.len(),
                request.puzzle
            ))
        })?;
        play::<K>(&numbered.puzzle, request)
    }
}

/// The first puzzle of a text the user pasted, in any format `salience solve` reads;
/// the reader's message, with the line, when it does not read.
fn pasted<K: PuzzleKind>(text: &str) -> Result<K::Puzzle, PlayError> {
    let first = K::parse(text, None)
        .map_err(|e| PlayError::BadRequest(format!("the pasted puzzle does not read: {e}")))?
        .into_iter()
        .next()
        .ok_or_else(|| {
            PlayError::BadRequest(format!("no {} puzzle in the pasted text", K::NAME))
        })?;
    first.map(|p| p.puzzle).map_err(|e| {
        PlayError::BadRequest(format!(
            "the pasted puzzle does not read: line {}: {}",
            e.line, e.message
        ))
    })
}

/// Every kind the playground offers, in the picker's order.
pub struct Catalog {
    kinds: Vec<Box<dyn Playable>>,
}

impl Catalog {
    /// The examples bundled in the binary.
    pub fn bundled() -> Result<Self, String> {
        let kinds: Vec<Box<dyn Playable>> = vec![
            Box::new(Bundled::<Hitori>::read(
                "hitori/examples/singles.txt",
                include_str!("../../hitori/examples/singles.txt"),
            )?),
            Box::new(Bundled::<Kakuro>::read(
                "examples/kakuro/small.txt",
                include_str!("../../examples/kakuro/small.txt"),
            )?),
            Box::new(Bundled::<Sudoku>::read(
                "examples/compare/sudoku.txt",
                include_str!("../../examples/compare/sudoku.txt"),
            )?),
        ];
        Ok(Catalog { kinds })
    }

    /// The kind named `name`.
    pub fn kind(&self, name: &str) -> Option<&dyn Playable> {
        self.kinds
            .iter()
            .find(|k| k.name() == name)
            .map(|k| k.as_ref())
    }

    /// Every kind with its puzzles and levels, for the page.
    pub fn describe(&self) -> Value {
        json!({
            "kinds": self.kinds.iter().map(|k| k.describe()).collect::<Vec<_>>(),
            "examples": EXAMPLES,
        })
    }

    /// Runs a request on the kind it names.
    pub fn play(&self, request: &PlayRequest) -> Result<Played, PlayError> {
        let kind = self.kind(&request.kind).ok_or_else(|| {
            let known: Vec<&str> = self.kinds.iter().map(|k| k.name()).collect();
            PlayError::BadRequest(format!(
                "no puzzle kind {:?} (expected one of: {})",
                request.kind,
                known.join(", ")
            ))
        })?;
        kind.play(request)
    }
}
