//! Where an LHS expression failed with an error: CLIPS's report of the rules
//! whose patterns use the failing node (`[FACTMCH1]` for a pattern's own test while
//! a fact is matched, `[DRIVE1]` for a join's test).
//!
//! The host reports the error itself when it happens and tells the network with
//! [`note_eval_error`]; the network, which knows where it was evaluating, then
//! hands the host a [`MatchFault`] to print. The pattern numbers are CLIPS's: a
//! `not (and ...)` counts the patterns inside it, and the trace that reaches a
//! rule through such a group adds the patterns before the group once more, as
//! CLIPS's `TraceErrorToRule` does.

use super::alpha::AmId;
use super::network::{Network, NodeKind, ROOT_NODE};
use super::{NodeId, ProductionId, TestHost};
use crate::wm::Fact;
use std::cell::Cell;
use std::rc::Rc;

thread_local! {
    /// Set by the host when an LHS expression failed, until the network asks.
    static FAILED: Cell<bool> = const { Cell::new(false) };
    /// The capture whose test failed with the error, in the pattern being matched.
    static CAPTURE: Cell<Option<u16>> = const { Cell::new(None) };
}

/// Tells the network that the LHS expression it is evaluating failed with an error
/// (which the host has reported).
pub fn note_eval_error() {
    FAILED.set(true);
}

/// Notes that a pattern's test of `capture` came out false: if an error made it
/// so, the report names that capture's field.
pub(super) fn note_failed_test(capture: u16) {
    if FAILED.get() && CAPTURE.get().is_none() {
        CAPTURE.set(Some(capture));
    }
}

/// Whether an LHS expression failed since the last call (and the capture whose
/// test it was, in a pattern); forgets both.
#[inline]
pub(super) fn take() -> Option<Option<u16>> {
    if !FAILED.get() {
        return None;
    }
    FAILED.set(false);
    Some(CAPTURE.take())
}

/// Where an error happened, for the host to report.
#[derive(Debug)]
pub enum FaultPlace {
    /// In a pattern's own tests, matching `fact`: the pattern's `capture` (of its
    /// alpha pattern) had the failing test.
    Pattern {
        /// The fact being matched.
        fact: Rc<Fact>,
        /// The template slot of the failing field.
        slot: usize,
        /// The field's position in a multislot (ordered facts name it), 0 first.
        field: usize,
    },
    /// In a join's tests (or a `test` CE).
    Join,
}

/// An LHS error and the rules whose patterns it concerns.
#[derive(Debug)]
pub struct MatchFault {
    /// Where it happened.
    pub place: FaultPlace,
    /// Each production reached from the failing node, with the number CLIPS gives
    /// the pattern in it, in the order CLIPS lists them.
    pub uses: Vec<(ProductionId, usize)>,
}

impl Network {
    /// While a new alpha memory `am` is filled from the facts already asserted:
    /// keeps an error that happened matching `fact`, to be reported once the rule's
    /// nodes exist (see [`Network::report_deferred_faults`]).
    pub(super) fn defer_alpha_fault(&mut self, am: AmId, fact: &Rc<Fact>) {
        if let Some(capture) = take() {
            self.deferred_faults.push((am, fact.clone(), capture));
        }
    }

    /// Reports the errors kept by [`Network::defer_alpha_fault`].
    pub(super) fn report_deferred_faults(&mut self, host: &mut dyn TestHost) {
        for (am, fact, capture) in std::mem::take(&mut self.deferred_faults) {
            let nodes = self.alpha[am as usize].successors.clone();
            self.report_alpha_fault(am, &fact, capture, nodes.into_iter(), host);
        }
    }

    /// Reports an error met matching `fact` against alpha memory `am` (in the test
    /// of `capture`, when known), traced through the join (or count) `nodes` the
    /// pattern's node feeds.
    pub(super) fn report_alpha_fault(
        &self,
        am: AmId,
        fact: &Rc<Fact>,
        capture: Option<u16>,
        nodes: impl Iterator<Item = NodeId>,
        host: &mut dyn TestHost,
    ) {
        let memory = &self.alpha[am as usize];
        let (slot, field) = capture
            .map(|c| memory.pattern.capture_place(c))
            .unwrap_or((0, 0));
        let mut uses = Vec::new();
        for node in nodes {
            self.trace_down(node, self.patterns_up(node), false, &mut uses);
        }
        let place = FaultPlace::Pattern {
            fact: fact.clone(),
            slot,
            field,
        };
        host.report_fault(&MatchFault { place, uses });
    }

    /// After evaluating a test of join (or `test`) node `node`: reports an error that
    /// happened meanwhile.
    pub(super) fn check_join_fault(&self, node: NodeId, host: &mut dyn TestHost) {
        if take().is_none() {
            return;
        }
        let mut uses = Vec::new();
        self.trace_down(node, self.patterns_up(node), false, &mut uses);
        host.report_fault(&MatchFault {
            place: FaultPlace::Join,
            uses,
        });
    }

    /// CLIPS's count of the patterns from the rule's start to `node`, `node`
    /// included: one per pattern, the patterns inside a `not`/`exists` group.
    fn patterns_up(&self, node: NodeId) -> usize {
        self.patterns_between(node, ROOT_NODE)
    }

    /// The patterns from `node` up to `stop` (excluded) or the root.
    fn patterns_between(&self, mut node: NodeId, stop: NodeId) -> usize {
        let mut count = 0;
        while node != stop && node != ROOT_NODE {
            let n = &self.nodes[node as usize];
            count += match &n.kind {
                NodeKind::Join(_) | NodeKind::Count(_) => 1,
                NodeKind::SubCount(_) => self.group_patterns(node),
                _ => 0,
            };
            node = n.parent;
        }
        count
    }

    /// The patterns inside the group of sub-chain count node `owner`: those of its
    /// sub-chain, from its partner up to the group's parent.
    fn group_patterns(&self, owner: NodeId) -> usize {
        let parent = self.nodes[owner as usize].parent;
        let partner = self
            .nodes
            .iter()
            .position(|n| matches!(n.kind, NodeKind::Partner { owner: o } if o == owner));
        partner.map_or(0, |p| self.patterns_between(self.nodes[p].parent, parent))
    }

    /// Follows `node`'s children (newest first) down to the productions, as CLIPS's
    /// `TraceErrorToRuleDriver` follows a join's links: entering a group's count node
    /// from its sub-chain adds the patterns before the group.
    fn trace_down(
        &self,
        node: NodeId,
        number: usize,
        from_group: bool,
        uses: &mut Vec<(ProductionId, usize)>,
    ) {
        let number = if from_group {
            number + self.patterns_up(self.nodes[node as usize].parent)
        } else {
            number
        };
        match &self.nodes[node as usize].kind {
            NodeKind::Production(p) => {
                if !uses.iter().any(|(q, _)| q == p) {
                    uses.push((*p, number));
                }
            }
            NodeKind::Partner { owner } => self.trace_down(*owner, number, true, uses),
            _ => {
                for child in self.children(node) {
                    self.trace_down(child, number, false, uses);
                }
            }
        }
    }
}
