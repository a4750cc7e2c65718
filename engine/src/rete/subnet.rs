//! `not` and `exists` over several CEs: a sub-chain hangs off the parent node, and
//! its partner reports each result to the count node's token for the result's
//! parent-level ancestor.

use super::network::{Network, NodeKind};
use super::token::TokenId;
use super::{NodeId, TestHost};

impl Network {
    fn subcount(&mut self, node: NodeId) -> &mut super::network::SubCount {
        match &mut self.nodes[node as usize].kind {
            NodeKind::SubCount(sc) => sc,
            _ => unreachable!("node {node} is not a sub-chain count"),
        }
    }

    /// A parent token arrives: its count is what the sub-chain already reported.
    pub(super) fn subcount_left(&mut self, node: NodeId, parent: TokenId, host: &mut dyn TestHost) {
        let count = self.subcount(node).pending.remove(&parent).unwrap_or(0);
        // CLIPS finds the first of the sub-chain's results for the partial match.
        self.note_compares(node, (count > 0) as usize);
        let exists = matches!(&self.nodes[node as usize].kind, NodeKind::SubCount(sc) if sc.exists);
        let open = (count > 0) == exists;
        let token = self.make_token(node, parent, None, count, open);
        if count > 0 {
            self.stamp_blocked(token);
        }
        self.subcount(node).owners.insert(parent, token);
        if open {
            self.emit(node, token, host);
        }
    }

    /// The parent-level ancestor of a sub-chain result.
    fn owner_parent(&self, owner_node: NodeId, result: TokenId) -> Option<TokenId> {
        let level = self.nodes[owner_node as usize].level - 1;
        self.ancestor(result, level)
    }

    /// The parent-level ancestor of a result, whether the count node is an
    /// `exists`, and the count node's token for that ancestor (if made yet).
    fn partner_target(
        &mut self,
        owner_node: NodeId,
        result: TokenId,
    ) -> Option<(TokenId, bool, Option<TokenId>)> {
        let parent = self.owner_parent(owner_node, result)?;
        let exists =
            matches!(&self.nodes[owner_node as usize].kind, NodeKind::SubCount(sc) if sc.exists);
        let owner = self.subcount(owner_node).owners.get(&parent).copied();
        Some((parent, exists, owner))
    }

    /// The sub-chain produced a result.
    pub(super) fn partner_add(
        &mut self,
        owner_node: NodeId,
        result: TokenId,
        host: &mut dyn TestHost,
    ) {
        let Some((parent, exists, owner)) = self.partner_target(owner_node, result) else {
            return;
        };
        match owner {
            Some(owner) => {
                // CLIPS compares the result with the partial match it belongs to.
                self.note_compares(owner_node, 1);
                self.count_up(owner_node, owner, exists, host)
            }
            None => *self.subcount(owner_node).pending.entry(parent).or_insert(0) += 1,
        }
    }

    /// A sub-chain result is gone.
    pub(super) fn partner_remove(
        &mut self,
        owner_node: NodeId,
        result: TokenId,
        host: &mut dyn TestHost,
    ) {
        let Some((parent, exists, owner)) = self.partner_target(owner_node, result) else {
            return;
        };
        match owner {
            Some(owner) if self.tokens.is_live(owner) => {
                let t = self.tokens.get_mut(owner);
                t.count = t.count.saturating_sub(1);
                // A `not` whose partial match is being deleted stays closed: it
                // goes with the partial match.
                let dying = !exists && self.dying.contains(&parent);
                if t.count == 0 && !dying {
                    if exists {
                        self.close(owner_node, owner, host);
                    } else {
                        self.open(owner_node, owner, host);
                    }
                }
            }
            _ => {
                let pending = &mut self.subcount(owner_node).pending;
                if let Some(c) = pending.get_mut(&parent) {
                    *c = c.saturating_sub(1);
                }
            }
        }
    }
}
