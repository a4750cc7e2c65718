//! Salience's command-line library: the generic puzzle-solving driver behind `salience solve`
//! (and `salience compare`), shared by the CLI, the integration tests and the benchmarks.

pub mod compare;
pub mod serve;
pub mod solve;
