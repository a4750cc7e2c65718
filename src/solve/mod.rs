//! `salience solve`: the generic driver that runs a rulebase on puzzle collections.
//!
//! A puzzle crate supplies templates, readers, a checker and renderers through
//! [`kind::PuzzleKind`]; [`solver::Solver`] runs the rules; [`report`] prints results.

pub mod hitori;
pub mod kakuro;
pub mod kind;
pub mod report;
pub mod run;
pub mod solver;
pub mod sudoku;

pub use kind::{Level, Numbered, PuzzleError, PuzzleKind, Reading};
pub use solver::{Outcome, RuleLevel, RuleSet, SolveOptions, Solver, Status};
