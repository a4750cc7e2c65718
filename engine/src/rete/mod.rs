//! The Rete matcher: alpha memories feeding a beta network of joins, `not`/`exists`
//! count nodes and `test` filters, ending in productions.
//!
//! Joins are indexed by hash on the variables they test for equality, on both
//! sides, so asserting or retracting a fact touches only the partial matches that
//! share its join values. Tokens form a tree ([`token`]), so a retraction deletes
//! exactly the partial matches built on the fact. Each node kind's activation rules
//! live in its own module.

pub mod activity;
pub mod alpha;
mod build;
mod chain;
mod clips_hash;
mod count;
pub mod fault;
mod join;
mod left;
mod memory;
mod nearest;
mod network;
mod order;
pub mod report;
mod retracted_next;
mod shape;
mod subnet;
pub mod test;
pub mod token;

use crate::compile::CExpr;
use crate::value::Value;
pub use network::Network;
use smallvec::SmallVec;
pub use token::{TokenId, ROOT_TOKEN};

/// Index of a beta node.
pub type NodeId = u32;

/// Index of a production (one disjunct of one rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProductionId(pub u32);

/// The hash key of a join: the values of the variables it tests for equality.
/// Up to three are held inline (with room for two, Manners' `not` on three
/// variables put every key on the heap).
pub type JoinKey = SmallVec<[Value; 3]>;

/// What the network needs from its environment while it propagates a change.
pub trait TestHost {
    /// Evaluates an LHS expression (a predicate, a return value, a `test` CE) with
    /// the given frame. Errors are the host's to record; they count as FALSE.
    fn eval(&mut self, expr: &CExpr, frame: &mut Vec<Value>) -> Value;
    /// A production's LHS is satisfied by `token`, which `net` holds (its facts are
    /// [`Network::token_facts`]).
    fn activate(&mut self, production: ProductionId, token: TokenId, net: &Network);
    /// The match `token` of `production` is gone; `net` still holds `token` (and its
    /// facts) until this returns.
    fn deactivate(&mut self, production: ProductionId, token: TokenId, net: &Network);
    /// `token` supported facts through `logical` and has been removed.
    fn lost_support(&mut self, token: TokenId);
    /// Whether activating `production` runs no code and changes nothing but the
    /// agenda (a fixed salience, no auto-focus), now and for as long as the
    /// production exists: such activations may go unmade when they would be
    /// removed unseen. No, unless the host knows.
    fn activation_is_quiet(&self, _production: ProductionId) -> bool {
        false
    }
    /// An LHS expression failed with an error (reported when it happened, after
    /// [`fault::note_eval_error`]) at the place `fault` tells: CLIPS then prints
    /// where (`[FACTMCH1]`, `[DRIVE1]`). Nothing, unless the host reports.
    fn report_fault(&mut self, _fault: &fault::MatchFault) {}
}
