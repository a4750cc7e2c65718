//! Sudoku for Salience: puzzle readers, fact templates, an independent checker, a solution
//! counter and renderers. No deduction happens here: every technique lives in
//! `rulebases/sudoku/*.clp`, which sees the grid only as facts (cells, candidates, and units as
//! facts), so the same rules solve 4x4, 9x9, 16x16 and 25x25 grids and Sudoku-X.

pub mod check;
pub mod count;
pub mod facts;
pub mod grid;
pub mod read;
pub mod render;
pub mod units;

pub use facts::{Board, Outcome};
pub use grid::{Puzzle, Variant};
