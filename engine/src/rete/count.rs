//! Count nodes for `not` and `exists` over one pattern: each parent token gets a
//! token of its own holding how many facts match; it is passed on while the count
//! is zero (`not`) or non-zero (`exists`).

use super::alpha::AlphaMatch;
use super::network::{right_key, Network, NodeKind};
use super::token::TokenId;
use super::{NodeId, TestHost};
use smallvec::SmallVec;
use std::rc::Rc;

impl Network {
    fn count_exists(&self, node: NodeId) -> bool {
        matches!(&self.nodes[node as usize].kind, NodeKind::Count(c) if c.exists)
    }

    /// A parent token arrives: count its matches and pass it on if the count allows.
    pub(super) fn count_left(&mut self, node: NodeId, parent: TokenId, host: &mut dyn TestHost) {
        let count = self.matches_for(node, parent, host).len() as u32;
        let exists = self.count_exists(node);
        let open = (count > 0) == exists;
        let token = self.make_token(node, parent, None, count, open);
        if count > 0 {
            self.stamp_blocked(token);
        }
        let key = self.left_key(&self.join(node).eq_left, parent);
        self.join_mut(node).left.entry(key).or_default().push(token);
        if open {
            self.emit(node, token, host);
        }
    }

    /// The tokens of this node whose parent matches `m`.
    fn count_owners(
        &self,
        node: NodeId,
        m: &AlphaMatch,
        host: &mut dyn TestHost,
    ) -> SmallVec<[TokenId; 8]> {
        let join = self.join(node);
        let key = right_key(join, m);
        let mut out = SmallVec::new();
        let owners: SmallVec<[TokenId; 8]> = if self.nodes[node as usize].parent == 0 {
            join.left.values().flatten().copied().collect()
        } else {
            join.left
                .get(&key)
                .map(|b| b.iter().copied().collect())
                .unwrap_or_default()
        };
        for owner in owners {
            let parent = self.tokens.get(owner).parent;
            if self.join_tests_pass(join, parent, m, host) {
                out.push(owner);
            }
        }
        out
    }

    /// A matching fact arrives: owners it matches count one more.
    pub(super) fn count_right(
        &mut self,
        node: NodeId,
        m: &Rc<AlphaMatch>,
        host: &mut dyn TestHost,
    ) {
        if self.nodes[node as usize].parent != 0 {
            let key = right_key(self.join(node), m);
            self.join_mut(node)
                .right
                .entry(key)
                .or_default()
                .push(m.clone());
        }
        let exists = self.count_exists(node);
        for owner in self.count_owners(node, m, host) {
            self.count_up(node, owner, exists, host);
        }
    }

    /// A matching fact is gone: owners it matched count one less. Returns the
    /// owners whose count reached zero, with when they were blocked; the caller
    /// releases them across all nodes, most recently blocked first, as CLIPS does.
    pub(super) fn count_right_retract(
        &mut self,
        node: NodeId,
        m: &Rc<AlphaMatch>,
        host: &mut dyn TestHost,
    ) -> Vec<(u64, NodeId, TokenId)> {
        let mut freed = Vec::new();
        for owner in self.count_owners(node, m, host) {
            if !self.tokens.is_live(owner) {
                continue;
            }
            let t = self.tokens.get_mut(owner);
            t.count = t.count.saturating_sub(1);
            if t.count == 0 {
                freed.push((t.blocked_at, node, owner));
            }
        }
        freed
    }

    /// Releases count tokens whose count reached zero: a `not` passes its token on,
    /// an `exists` withdraws it.
    pub(super) fn release(
        &mut self,
        mut freed: Vec<(u64, NodeId, TokenId)>,
        host: &mut dyn TestHost,
    ) {
        freed.sort_by_key(|f| std::cmp::Reverse(f.0));
        for (_, node, owner) in freed {
            if !self.tokens.is_live(owner) || self.tokens.get(owner).count != 0 {
                continue;
            }
            if self.count_exists(node) {
                self.close(node, owner, host);
            } else {
                self.open(node, owner, host);
            }
        }
    }

    /// A token of this node is deleted: drop it from the index.
    pub(super) fn count_forget(&mut self, node: NodeId, token: TokenId) {
        let parent = self.tokens.get(token).parent;
        let key = self.left_key(&self.join(node).eq_left, parent);
        self.unindex_left(node, &key, token);
    }
}
