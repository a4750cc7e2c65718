//! Join nodes: a parent token meets an alpha match; tests decide; a child token
//! carries the match on.

use super::alpha::AlphaMatch;
use super::network::{right_key, Join, Network, NodeKind};
use super::test::field_test;
use super::token::{TokenId, ROOT_TOKEN};
use super::{NodeId, TestHost};
use crate::compile::lhs::VarSource;
use smallvec::SmallVec;
use std::rc::Rc;

impl Network {
    pub(super) fn join(&self, node: NodeId) -> &Join {
        match &self.nodes[node as usize].kind {
            NodeKind::Join(j) => j,
            NodeKind::Count(c) => &c.join,
            _ => unreachable!("node {node} is not a join"),
        }
    }

    pub(super) fn join_mut(&mut self, node: NodeId) -> &mut Join {
        match &mut self.nodes[node as usize].kind {
            NodeKind::Join(j) => j,
            NodeKind::Count(c) => &mut c.join,
            _ => unreachable!("node {node} is not a join"),
        }
    }

    /// Whether `token` and `m` pass the join's non-hashed tests.
    pub(super) fn join_tests_pass(
        &self,
        join: &Join,
        token: TokenId,
        m: &AlphaMatch,
        host: &mut dyn TestHost,
    ) -> bool {
        if join.tests.is_empty() && join.exprs.is_empty() {
            return true;
        }
        let read = |s: VarSource| match s {
            VarSource::Fact(_) | VarSource::Token { .. } => self.read(token, s),
            VarSource::MatchFact => crate::value::Value::Fact(m.fact.id),
            VarSource::Capture(_) => crate::value::Value::Void,
        };
        join.tests
            .iter()
            .all(|t| field_test(t, &m.captures, Some(&read), host))
            && join
                .exprs
                .iter()
                .all(|e| super::test::eval_bound(e, &m.captures, Some(&read), host).is_truthy())
    }

    /// The alpha matches that join with `token` (its key bucket, or the whole alpha
    /// memory for a join under the root), filtered by the tests.
    pub(super) fn matches_for(
        &self,
        node: NodeId,
        token: TokenId,
        host: &mut dyn TestHost,
    ) -> SmallVec<[Rc<AlphaMatch>; 8]> {
        let join = self.join(node);
        let under_root = token == ROOT_TOKEN;
        let mut out = SmallVec::new();
        if under_root {
            for m in self.alpha[join.alpha as usize].entries.values() {
                if self.join_tests_pass(join, token, m, host) {
                    out.push(m.clone());
                }
            }
        } else {
            let key = self.left_key(&join.eq_left, token);
            if let Some(bucket) = join.right.get(&key) {
                // A left activation walks the alpha memory oldest first, as CLIPS does.
                for m in bucket.iter() {
                    if self.join_tests_pass(join, token, m, host) {
                        out.push(m.clone());
                    }
                }
            }
        }
        out
    }

    /// A parent token arrives: index it, and extend it with every matching fact.
    pub(super) fn join_left(&mut self, node: NodeId, token: TokenId, host: &mut dyn TestHost) {
        if token != ROOT_TOKEN {
            let key = self.left_key(&self.join(node).eq_left, token);
            self.join_mut(node).left.entry(key).or_default().push(token);
        }
        for m in self.matches_for(node, token, host) {
            let child = self.make_token(node, token, Some(m), 0, true);
            self.emit(node, child, host);
        }
    }

    /// An alpha match arrives: index it, and extend every matching parent token.
    pub(super) fn join_right(&mut self, node: NodeId, m: &Rc<AlphaMatch>, host: &mut dyn TestHost) {
        let under_root = self.nodes[node as usize].parent == 0;
        let parents: SmallVec<[TokenId; 8]> = if under_root {
            SmallVec::from_elem(ROOT_TOKEN, 1)
        } else {
            let join = self.join(node);
            let key = right_key(join, m);
            // Newest first, as CLIPS's memories list them.
            let candidates: SmallVec<[TokenId; 8]> = join
                .left
                .get(&key)
                .map(|b| b.iter().rev().copied().collect())
                .unwrap_or_default();
            self.join_mut(node)
                .right
                .entry(key)
                .or_default()
                .push(m.clone());
            candidates
        };
        for parent in parents {
            if !self.tokens.is_live(parent) {
                continue;
            }
            if self.join_tests_pass(self.join(node), parent, m, host) {
                let child = self.make_token(node, parent, Some(m.clone()), 0, true);
                self.emit(node, child, host);
            }
        }
    }

    /// A parent token is withdrawn: drop it from the left index.
    pub(super) fn join_forget_left(&mut self, node: NodeId, token: TokenId) {
        if token == ROOT_TOKEN {
            return;
        }
        let key = self.left_key(&self.join(node).eq_left, token);
        self.unindex_left(node, &key, token);
    }
}
