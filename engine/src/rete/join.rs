//! Join nodes: a parent token meets an alpha match; tests decide; a child token
//! carries the match on.

use super::alpha::AlphaMatch;
use super::memory::Hashed;
use super::network::{right_key, Join, Network, NodeKind, ROOT_NODE};
use super::test::field_test;
use super::token::{TokenId, ROOT_TOKEN};
use super::{NodeId, TestHost};
use crate::compile::lhs::VarSource;
use crate::value::Value;
use smallvec::SmallVec;
use std::cell::RefCell;
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
        node: NodeId,
        token: TokenId,
        m: &AlphaMatch,
        host: &mut dyn TestHost,
    ) -> bool {
        let join = self.join(node);
        let pass = tests_pass(join, m, host, |s| self.read(token, s));
        // Most joins only compare values: nothing was evaluated, so no error can
        // have happened (asking was 68 M of Manners 128's 6,645 M instructions).
        if !join.compares_only() {
            self.check_join_fault(node, host);
        }
        pass
    }

    /// `token`'s values as a join's tests read them, for a walk that tries the
    /// token against many matches.
    pub(super) fn parent_values(&self, token: TokenId) -> ParentValues<'_> {
        ParentValues {
            net: self,
            token,
            read: Default::default(),
        }
    }

    /// The alpha matches that join with `token` (the bucket of its join `key`, or the
    /// whole alpha memory for a join under the root), filtered by the tests; and how
    /// many CLIPS compares it with (see [`super::activity`]).
    fn matches_for(
        &self,
        node: NodeId,
        token: TokenId,
        key: Option<Hashed<&[Value]>>,
        host: &mut dyn TestHost,
    ) -> (SmallVec<[Rc<AlphaMatch>; 8]>, usize) {
        let join = self.join(node);
        let mut out = SmallVec::new();
        let mut compared = 0;
        let mut keep = |m: &Rc<AlphaMatch>| {
            compared += 1;
            if self.join_tests_pass(node, token, m, host) {
                out.push(m.clone());
            }
        };
        match key {
            None => {
                self.alpha[join.alpha as usize]
                    .entries
                    .values()
                    .for_each(&mut keep);
                // The root's token meets a rule's first join, which compares nothing.
                compared = 0;
            }
            // A left activation walks the alpha memory oldest first, as CLIPS does.
            Some(key) => self.right_bucket(node, key).for_each(&mut keep),
        }
        (out, compared)
    }

    /// A parent token arrives: index it, and extend it with every matching fact.
    pub(super) fn join_left(&mut self, node: NodeId, token: TokenId, host: &mut dyn TestHost) {
        // The key is read from the token's ancestors once, for the bucket and the index.
        let key = (token != ROOT_TOKEN)
            .then(|| Hashed::new(self.left_key(self.join(node).left_sources(), token)));
        let (found, compared) = self.matches_for(node, token, key.as_ref().map(Hashed::view), host);
        self.note_compares(node, compared);
        if let Some(key) = key {
            let stamp = self.tokens.stamp(token);
            self.file_left(node, false, key, token, stamp);
        }
        for m in found {
            let child = self.make_token(node, token, Some(m), 0, true);
            self.emit(node, child, host);
        }
    }

    /// An alpha match arrives: extend every matching parent token.
    pub(super) fn join_right(&mut self, node: NodeId, m: &Rc<AlphaMatch>, host: &mut dyn TestHost) {
        if self.nodes[node as usize].parent == ROOT_NODE {
            if self.join_tests_pass(node, ROOT_TOKEN, m, host) {
                let child = self.make_token(node, ROOT_TOKEN, Some(m.clone()), 0, true);
                self.emit(node, child, host);
            }
            return;
        }
        // Most right activations meet an empty left memory (Waltz's): they end here,
        // before the key is hashed.
        if self.join(node).left.is_empty() {
            return;
        }
        let key = Hashed::new(right_key(self.join(node), m));
        // The bucket is walked in place (taken out and put back): copying it would
        // cost its length, and for a pattern with no equality test it holds every
        // parent token. Stale entries are dropped on the way.
        let Some(mut bucket) = self.join_mut(node).left.take(key.view()) else {
            return;
        };
        let mut stale = 0;
        // Newest first, as CLIPS's memories list them.
        for &(parent, stamp) in bucket.iter().rev() {
            if !self.tokens.filed(parent, stamp) {
                stale += 1;
                continue;
            }
            self.note_compares(node, 1);
            if self.join_tests_pass(node, parent, m, host) {
                let child = self.make_token(node, parent, Some(m.clone()), 0, true);
                self.emit(node, child, host);
            }
        }
        if stale > 0 {
            bucket.retain(|&mut (t, stamp)| self.tokens.filed(t, stamp));
        }
        self.join_mut(node).left.restore(key.view(), bucket, stale);
    }

    /// A parent token is withdrawn: its entry in the left index is stale now.
    pub(super) fn join_forget_left(&mut self, node: NodeId, token: TokenId) {
        if token != ROOT_TOKEN {
            self.unindex_left(node, token);
        }
    }
}

/// The values a join's tests read from one parent token, each read once for a
/// walk that tries the token against many matches (a `not` or `exists` looking
/// for a blocker). Reading a variable climbs the token's ancestors; done again for
/// every match tried, it was a third of Waltz, whose `(not (junction (base_point
/// ?b&:(< ?b ?base))))` tried each token against most junctions. The values are
/// read when a test first asks for them, so a walk that finds no match reads none.
/// Left activations do not use it: their buckets hold a match or two, and the
/// cache cost Manners 1–3%.
pub(super) struct ParentValues<'n> {
    net: &'n Network,
    token: TokenId,
    read: RefCell<SmallVec<[(VarSource, Value); 4]>>,
}

impl ParentValues<'_> {
    /// Whether `m` passes the non-hashed tests of join (or count) node `node`
    /// against the parent token.
    pub(super) fn pass(&self, node: NodeId, m: &AlphaMatch, host: &mut dyn TestHost) -> bool {
        let join = self.net.join(node);
        let pass = tests_pass(join, m, host, |s| self.value(s));
        if !join.compares_only() {
            self.net.check_join_fault(node, host);
        }
        pass
    }

    fn value(&self, source: VarSource) -> Value {
        if let Some((_, v)) = self.read.borrow().iter().find(|(s, _)| *s == source) {
            return v.clone();
        }
        let v = self.net.read(self.token, source);
        self.read.borrow_mut().push((source, v.clone()));
        v
    }
}

/// Whether `m` passes `join`'s non-hashed tests, reading the parent token's values
/// with `parent`.
fn tests_pass(
    join: &Join,
    m: &AlphaMatch,
    host: &mut dyn TestHost,
    parent: impl Fn(VarSource) -> Value,
) -> bool {
    if join.hashed_only() {
        return true;
    }
    let read = |s: VarSource| match s {
        VarSource::Fact(_) | VarSource::Token { .. } | VarSource::Nearer { .. } => parent(s),
        VarSource::MatchFact => m.fact.id.address(),
        VarSource::Capture(_) => Value::Void,
    };
    join.tests()
        .iter()
        .all(|t| field_test(t, &m.captures, Some(&read), host))
        && join
            .exprs()
            .iter()
            .all(|e| super::test::eval_bound(e, &m.captures, Some(&read), host).is_truthy())
}
