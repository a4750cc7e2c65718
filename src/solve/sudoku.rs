//! The sudoku adapter: glue between the `salience-sudoku` crate and the generic solve driver.
