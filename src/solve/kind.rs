//! What a puzzle crate supplies to the generic solve driver: templates, rule levels,
//! readers, the answer read back from working memory, an independent checker and renderers.
//! No deduction happens here: every technique lives in `rulebases/<puzzle>/*.clp`.

use salience_engine::env::Environment;

/// One bundled rule file: a level of the rulebase ladder, loaded in order after the templates.
#[derive(Clone, Copy, Debug)]
pub struct Level {
    /// The level's name as reported in results, e.g. `"basic"`.
    pub name: &'static str,
    /// The file's path in the repository, e.g. `"rulebases/hitori/basic.clp"` (used in diagnostics).
    pub file: &'static str,
    /// The file's text, embedded with `include_str!` so that the binary runs anywhere.
    pub source: &'static str,
}

/// One puzzle read from a collection, with its 1-based position in the file and a name.
#[derive(Clone, Debug)]
pub struct Numbered<P> {
    /// 1-based index of the puzzle in its file.
    pub index: usize,
    /// A name for the puzzle: the collection's own id, else `"#<index>"`.
    pub name: String,
    /// The parsed puzzle.
    pub puzzle: P,
}

/// A puzzle that could not be read; the other puzzles of the file still run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError {
    /// 1-based index of the puzzle in its file.
    pub index: usize,
    /// The puzzle's name, when it could be read.
    pub name: String,
    /// 1-based line where the problem is.
    pub line: usize,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// What is wrong and what was expected.
    pub message: String,
}

/// Every puzzle of a file, each read or not.
pub type Parsed<P> = Vec<Result<Numbered<P>, PuzzleError>>;

/// What the rules left in working memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading<A> {
    /// Every cell is decided; the answer still has to pass the checker.
    Complete(A),
    /// Some cells are undecided: the rules got stuck. The partial answer is for rendering.
    Partial(A),
    /// The rules asserted a contradiction: the puzzle has no solution (or a rule is unsound).
    Contradiction,
}

/// A puzzle family: the glue between its crate and the generic driver.
pub trait PuzzleKind {
    /// A parsed puzzle.
    type Puzzle: Send + Sync;
    /// A (possibly partial) answer read back from working memory.
    type Answer: Send;

    /// The puzzle's name on the command line, e.g. `"hitori"`.
    const NAME: &'static str;
    /// The JSON key under which the answer is printed: `"shading"` or `"solution"`.
    const ANSWER_KEY: &'static str;
    /// Names accepted by `--input-format`.
    const INPUT_FORMATS: &'static [&'static str];

    /// The deftemplates (CLIPS text) loaded before any rule file.
    fn templates() -> Level;
    /// The bundled rule levels, weakest first; the default rulebase is all of them.
    fn levels() -> &'static [Level];
    /// Reads every puzzle of a file. `format` is one of [`Self::INPUT_FORMATS`], or `None` to
    /// detect it from the content. An `Err` means the whole file is unreadable.
    fn parse(text: &str, format: Option<&str>) -> Result<Parsed<Self::Puzzle>, String>;
    /// Asserts the puzzle's facts (after `(reset)`).
    fn assert_puzzle(env: &mut Environment, puzzle: &Self::Puzzle) -> Result<(), String>;
    /// Reads the answer back out of working memory after the run.
    fn read_answer(
        env: &Environment,
        puzzle: &Self::Puzzle,
    ) -> Result<Reading<Self::Answer>, String>;
    /// The independent checker: `Err` says which condition a complete answer breaks.
    fn check(puzzle: &Self::Puzzle, answer: &Self::Answer) -> Result<(), String>;
    /// Applies a `--variant` (e.g. Sudoku-X's `x`: the two diagonals are units too).
    /// The default knows no variants.
    fn set_variant(_puzzle: &mut Self::Puzzle, variant: &str) -> Result<(), String> {
        Err(format!("{} has no variant {variant:?}", Self::NAME))
    }
    /// For a puzzle the rules did not solve: a status more precise than `stuck` found without
    /// the rules (Sudoku: `"multiple"` or `"contradiction"` from a solution counter).
    fn classify_unsolved(_puzzle: &Self::Puzzle) -> Option<&'static str> {
        None
    }
    /// The answer as JSON (one string per grid row, or the solution string).
    fn answer_json(answer: &Self::Answer) -> serde_json::Value;
    /// A text picture of the puzzle and what is known of its answer.
    fn render_text(puzzle: &Self::Puzzle, answer: Option<&Self::Answer>) -> String;
    /// An SVG picture of the puzzle and what is known of its answer.
    fn render_svg(puzzle: &Self::Puzzle, answer: Option<&Self::Answer>) -> String;
    /// Describes a change a rule made, for a resolution path: `asserted` is true for a fact the
    /// rule asserted, false for one it retracted (e.g. "r3c4 black", "r2c5 ≠ 7"). `None` for
    /// facts not worth naming (bookkeeping).
    fn describe_change(
        env: &Environment,
        fact: &salience_engine::wm::Fact,
        asserted: bool,
    ) -> Option<String>;
}
