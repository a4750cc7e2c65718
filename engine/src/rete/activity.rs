//! CLIPS's join activity (the `join-activity` command): for each join, the
//! partial matches it compared a new partial match with, and the partial matches it
//! added to and deleted from the memory of the join after it.
//!
//! The counts are CLIPS's, kept on Salience's nodes:
//! - a join compares a new fact's match with the partial matches of its left
//!   memory under the match's join key, and a new partial match from the left with
//!   the facts of its alpha memory under the key (a rule's first join compares
//!   nothing);
//! - a `not`/`exists` compares a new partial match from the left with the facts
//!   under its key, oldest first, up to the first that blocks it, and does so again
//!   when its blocker is retracted;
//! - a `not`/`exists` over several CEs compares a new partial match with the
//!   sub-chain's results for it (up to the first), and a new result with the
//!   partial match it belongs to;
//! - a node adds a partial match each time it passes one on, and deletes one each
//!   time it takes one back.

use super::network::Network;
use super::NodeId;

/// A join's activity counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Activity {
    /// Partial matches compared with a new one.
    pub compares: u64,
    /// Partial matches added to the next join's memory.
    pub adds: u64,
    /// Partial matches deleted from the next join's memory.
    pub deletes: u64,
}

impl Network {
    fn activity_mut(&mut self, node: NodeId) -> &mut Activity {
        let at = node as usize;
        if self.activity.len() <= at {
            self.activity.resize(at + 1, Activity::default());
        }
        &mut self.activity[at]
    }

    /// `node` compared a new partial match with `count` others.
    pub(super) fn note_compares(&mut self, node: NodeId, count: usize) {
        if count > 0 {
            self.activity_mut(node).compares += count as u64;
        }
    }

    /// `node` passed a partial match on.
    pub(super) fn note_add(&mut self, node: NodeId) {
        self.activity_mut(node).adds += 1;
    }

    /// `node` took a partial match back.
    pub(super) fn note_delete(&mut self, node: NodeId) {
        self.activity_mut(node).deletes += 1;
    }

    /// The counts of `node`.
    pub(super) fn activity_of(&self, node: NodeId) -> Activity {
        self.activity
            .get(node as usize)
            .copied()
            .unwrap_or_default()
    }

    /// Sets every count back to 0 (`join-activity-reset`).
    pub fn reset_activity(&mut self) {
        self.activity.clear();
    }
}
