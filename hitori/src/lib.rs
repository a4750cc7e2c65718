//! Hitori for Salience: puzzle readers, fact templates, an independent checker and renderers.
//!
//! No deduction happens here. The crate turns a puzzle into facts ([`facts::assert_puzzle`]),
//! reads the shading back ([`facts::read_shading`]) once the rules in `rulebases/hitori/` have
//! run, and checks it against the three Hitori conditions ([`check::check`]) before anyone
//! calls it solved.

pub mod check;
pub mod facts;
pub mod grid;
pub mod read;
pub mod render;

pub use grid::{Puzzle, Shade, Shading};

/// The deftemplates the rule files build on, loaded before any of them.
pub const TEMPLATES: &str = include_str!("../templates.clp");
