//! Kakuro for Salience: the puzzle model, readers for the collections (Sevilla lines, janko.at
//! JSON, plain text), the fact templates, an independent checker and solution counter, and
//! text/SVG renderers. No deduction happens here: every technique is a rule in
//! `rulebases/kakuro/*.clp`.

pub mod answer;
pub mod check;
pub mod count;
pub mod facts;
pub mod grid;
pub mod read;
pub mod render;

pub use answer::Answer;
pub use check::{check, Filling};
pub use count::{count_solutions, Count};
pub use facts::{assert_puzzle, read_state, State, TEMPLATES};
pub use grid::{cell_name, Dir, Puzzle, Run, Square};
pub use read::{read, Entry, EntryError, Format};
