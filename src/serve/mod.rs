//! `salience serve`: the playground, a local web page for learning to write rules.
//!
//! A student picks a bundled puzzle and one of its rule files, edits the rule file in the
//! page, then runs it or steps through it one deduction at a time and watches the grid
//! change, each change shown beside the rule that made it and that rule's comment. A rule
//! file that does not load has its problems shown at their lines.
//!
//! The server ([`http`]) listens on 127.0.0.1 only and serves everything the page needs
//! itself: the page ([`page`], with its script and style inline), the puzzles and rule
//! files bundled in the binary ([`catalog`]), and runs ([`play`]). Stepping is stateless:
//! the engine is deterministic, so the grid after the first n deductions is the grid of a
//! run stopped after the right number of firings ([`play::Stepper`]).

pub mod catalog;
pub mod http;
pub mod page;
pub mod play;
pub mod rules;

pub use http::serve;
