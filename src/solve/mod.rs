//! `salience solve`: the generic driver that runs a rulebase on puzzle collections.

pub mod hitori;
pub mod kakuro;
pub mod kind;
pub mod sudoku;
