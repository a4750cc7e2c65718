//! Count nodes for `not` and `exists` over one pattern: each parent token gets a
//! token of its own, blocked while some fact matches; it is passed on while
//! unblocked (`not`) or blocked (`exists`).
//!
//! As in CLIPS, a blocked token remembers one blocking match and nothing more: a
//! new fact is tested only against the unblocked tokens, and a removed fact only
//! makes the tokens it blocked look for another blocker. Counting every match
//! instead would test each new fact against every token (quadratic when the
//! pattern has no equality to hash on, like `(not (junction (base ?b&:(> ?b ?x))))`).

use super::alpha::AlphaMatch;
use super::memory::{Hashed, KeyView};
use super::network::{right_key, Network, NodeKind, ROOT_NODE};
use super::token::{TokenId, ROOT_TOKEN};
use super::{NodeId, TestHost};
use crate::value::Value;
use smallvec::SmallVec;
use std::rc::Rc;

impl Network {
    fn count_exists(&self, node: NodeId) -> bool {
        matches!(&self.nodes[node as usize].kind, NodeKind::Count(c) if c.exists)
    }

    /// An alpha match that joins with `parent` at `node`. Which one does not change
    /// what fires. When the node has tests besides its hashed equalities, the match
    /// that blocked the node's last token is tried first: a `not` that asks for an
    /// extreme (`(not (junction (base_point ?b&:(< ?b
    /// ?base))))`, no smaller base point) is blocked, for every token but one, by
    /// the same match, which a walk of the memory finds only after trying most of
    /// it. Otherwise the newest is tried first, which finds one at once when facts
    /// come in the order the test looks for (a `not` that asks for no greater value).
    ///
    /// Also returns how many facts CLIPS compares the parent with meanwhile (see
    /// [`super::activity`]): every fact under the key when none blocks, else the
    /// facts up to the first that blocks. That is the first fact when the key is all
    /// the test; with other tests it is taken to be the first too, as telling which
    /// fact CLIPS meets first would mean testing the facts again.
    fn first_blocker(
        &self,
        node: NodeId,
        parent: TokenId,
        key: Hashed<&[Value]>,
        host: &mut dyn TestHost,
    ) -> (Option<Rc<AlphaMatch>>, usize) {
        let NodeKind::Count(count) = &self.nodes[node as usize].kind else {
            unreachable!("node {node} is not a count node")
        };
        let join = &count.join;
        let values = self.parent_values(parent);
        // With equality tests alone, the bucket's newest live match blocks: its
        // lookup is all it takes, and comparing keys first with the recent blocker's
        // would only add to it (Manners' `not`s, which change keys token to token).
        if let Some(m) = count
            .recent_blocker
            .as_ref()
            .filter(|_| !join.hashed_only())
        {
            let in_bucket = parent == ROOT_TOKEN || *right_key(join, m) == *key.key;
            if !m.retracted.get()
                && in_bucket
                && self.visible(node, m)
                && values.pass(node, m, host)
            {
                return (Some(m.clone()), (parent != ROOT_TOKEN) as usize);
            }
        }
        if parent == ROOT_TOKEN {
            // A rule's first join compares nothing.
            let entries = &self.alpha[join.alpha as usize].entries;
            let found = entries.values().rev().find(|m| values.pass(node, m, host));
            return (found.cloned(), 0);
        }
        let mut walked = 0;
        let found = self
            .right_bucket(node, key)
            .rev()
            .inspect(|_| walked += 1)
            .find(|m| values.pass(node, m, host));
        match found {
            Some(m) => (Some(m.clone()), 1),
            None => (None, walked),
        }
    }

    /// Makes `m` the blocker of `token`.
    fn block_with(&mut self, token: TokenId, m: &Rc<AlphaMatch>) {
        let node = self.tokens.get(token).node;
        if let NodeKind::Count(count) = &mut self.nodes[node as usize].kind {
            count.recent_blocker = Some(m.clone());
        }
        self.tokens.get_mut(token).set_blocker(Some(m.clone()));
        let mut blocks = m.blocks.take();
        // Entries go stale as tokens die or move to another blocker: sweep them when
        // the list doubles, so it stays proportional to the tokens really blocked.
        if blocks.len() >= 32 && blocks.len().is_power_of_two() {
            blocks.retain(|t| self.blocked_by(*t, m));
        }
        blocks.push(token);
        m.blocks.set(blocks);
    }

    /// Whether `token` is live and blocked by `m` (token ids are reused, so an entry
    /// of `m.blocks` may name another token by now).
    fn blocked_by(&self, token: TokenId, m: &Rc<AlphaMatch>) -> bool {
        self.tokens.is_live(token)
            && self
                .tokens
                .get(token)
                .blocker()
                .is_some_and(|b| Rc::ptr_eq(b, m))
    }

    /// A parent token arrives: look for a blocker and pass it on if the result allows.
    pub(super) fn count_left(&mut self, node: NodeId, parent: TokenId, host: &mut dyn TestHost) {
        let key = Hashed::new(self.left_key(self.join(node).left_sources(), parent));
        let (blocker, compared) = self.first_blocker(node, parent, key.view(), host);
        self.note_compares(node, compared);
        let exists = self.count_exists(node);
        let open = blocker.is_some() == exists;
        let token = self.make_token(node, parent, None, blocker.is_some() as u32, open);
        if let Some(m) = &blocker {
            self.block_with(token, m);
            self.stamp_blocked(token);
        }
        let made = self.tokens.created(token);
        self.file_left(node, true, key, token, made);
        if open {
            self.emit(node, token, host);
        }
    }

    /// A matching fact arrives: the unblocked tokens it joins with become blocked.
    pub(super) fn count_right(
        &mut self,
        node: NodeId,
        m: &Rc<AlphaMatch>,
        host: &mut dyn TestHost,
    ) {
        let exists = self.count_exists(node);
        if self.nodes[node as usize].parent == ROOT_NODE {
            let owners: SmallVec<[(TokenId, u64); 8]> = self.join(node).left.collect_entries();
            for (owner, made) in owners {
                if self.tokens.made_at(owner, made) {
                    self.try_block(node, owner, m, exists, host);
                }
            }
            return;
        }
        // Walked in place: a `not` oldest first (the order its tokens are blocked
        // in, which their release follows); an `exists` newest first, as CLIPS
        // walks a left memory, since each token it supports is activated now.
        if self.join(node).left.is_empty() {
            return;
        }
        let key = Hashed::new(right_key(self.join(node), m));
        let Some(bucket) = self.join_mut(node).left.take(key.view()) else {
            return;
        };
        let mut stale = 0;
        let walk: Box<dyn Iterator<Item = &(TokenId, u64)>> = match exists {
            true => Box::new(bucket.iter().rev()),
            false => Box::new(bucket.iter()),
        };
        for &(owner, made) in walk {
            if self.tokens.made_at(owner, made) {
                self.note_compares(node, 1);
                self.try_block(node, owner, m, exists, host);
            } else {
                stale += 1;
            }
        }
        let mut bucket = bucket;
        if stale > 0 {
            bucket.retain(|&mut (t, made)| self.tokens.made_at(t, made));
        }
        self.join_mut(node).left.restore(key.view(), bucket, stale);
    }

    /// Blocks `owner` with the new match `m` if it is unblocked and they join.
    fn try_block(
        &mut self,
        node: NodeId,
        owner: TokenId,
        m: &Rc<AlphaMatch>,
        exists: bool,
        host: &mut dyn TestHost,
    ) {
        let t = self.tokens.get(owner);
        if t.count != 0 {
            return;
        }
        let parent = t.parent;
        if self.join_tests_pass(node, parent, m, host) {
            self.block_with(owner, m);
            self.count_up(node, owner, exists, host);
        }
    }

    /// A matching fact is gone (already out of every memory): the tokens it blocked
    /// look for another blocker. Returns those that found none, with when they were
    /// blocked; the caller releases them in CLIPS's order.
    pub(super) fn unblock(
        &mut self,
        m: &Rc<AlphaMatch>,
        host: &mut dyn TestHost,
    ) -> Vec<(u64, NodeId, TokenId)> {
        let blocked = m.blocks.take();
        let mut freed = Vec::new();
        // `m`'s key in the node of the last token (the tokens `m` blocks are mostly
        // of one node): hashed once per node, not once per token.
        let mut keyed: Option<(NodeId, Hashed<KeyView>)> = None;
        for token in blocked {
            if !self.blocked_by(token, m) {
                continue;
            }
            let (node, parent) = {
                let t = self.tokens.get(token);
                (t.node, t.parent)
            };
            if keyed.as_ref().is_some_and(|(n, _)| *n != node) {
                keyed = None;
            }
            let (_, key) =
                keyed.get_or_insert_with(|| (node, Hashed::new(right_key(self.join(node), m))));
            let (found, compared) = self.first_blocker(node, parent, key.view(), host);
            self.note_compares(node, compared);
            match found {
                Some(next) => self.block_with(token, &next),
                None => {
                    let t = self.tokens.get_mut(token);
                    t.set_blocker(None);
                    t.count = 0;
                    freed.push((t.blocked_at, node, token));
                }
            }
        }
        freed
    }

    /// Releases count tokens whose count reached zero, in the order given: a `not`
    /// passes its token on, an `exists` withdraws it.
    pub(super) fn release(&mut self, freed: Vec<(u64, NodeId, TokenId)>, host: &mut dyn TestHost) {
        for (_, node, owner) in freed {
            if !self.tokens.is_live(owner) || self.tokens.get(owner).count != 0 {
                continue;
            }
            if self.count_exists(node) {
                self.close(node, owner, host);
            } else if !self.will_be_deleted(owner) {
                // As CLIPS (`PartialMatchWillBeDeleted`): a `not` freed by a fact's
                // retraction while the partial match holds that fact (matched by
                // an earlier pattern too) is not passed on, so nothing below it
                // is matched or evaluated again.
                self.open(node, owner, host);
            }
        }
    }

    /// Whether `token` holds a match of a fact being retracted: the retraction
    /// deletes it next.
    fn will_be_deleted(&self, mut token: TokenId) -> bool {
        while token != ROOT_TOKEN {
            let t = self.tokens.get(token);
            if t.matched().is_some_and(|m| m.retracted.get()) {
                return true;
            }
            token = t.parent;
        }
        false
    }

    /// A token of this node is deleted: its entry in the index is stale now.
    pub(super) fn count_forget(&mut self, node: NodeId, token: TokenId) {
        self.unindex_left(node, token);
    }
}
