//! Building rules into the network and taking them out.
//!
//! Like CLIPS, a rule shares every node of an existing rule whose chain starts the
//! same way (same alpha memory, same tests, same parent), and new nodes go to the
//! front of their parent's children and of their alpha memory's successors. Besides
//! saving work, this reproduces CLIPS's order of activations: a rule that shares a
//! prefix fires in the position of the rule it shares with.

use super::alpha::{match_fact, AlphaMatch, AlphaMemory, AmId, NO_TERMINAL};
use super::clips_hash;
use super::left::LeftIndex;
use super::memory::Hashed;
use super::network::{
    Count, Join, JoinChecks, Network, Node, NodeKind, SubCount, ENTRIES, NO_NODE, ROOT_NODE,
};
use super::token::{TokenId, ROOT_TOKEN};
use super::{NodeId, ProductionId, TestHost};
use crate::compile::lhs::{AlphaPattern, BoundExpr, FieldTest, NodeSpec, VarSource};
use crate::wm::Fact;
use rustc_hash::FxHashMap;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use thin_vec::ThinVec;

impl Network {
    /// Makes room for the nodes and alpha memories that adding productions for
    /// `chains` may need (at most: shared ones are not told apart). The node and
    /// memory tables are single blocks: growing one while a rule set loads copied
    /// it into a block twice its size, and the two were briefly held together
    /// (rules_1000: the peak of its run, 0.4 MB above where the load ended).
    pub fn reserve<'c>(&mut self, chains: impl Iterator<Item = &'c [NodeSpec]>) {
        let (mut nodes, mut patterns) = (0, 0);
        for chain in chains {
            // The production's node, and the chain's.
            nodes += 1 + chain.iter().map(node_bound).sum::<usize>();
            patterns += chain.iter().map(pattern_count).sum::<usize>();
        }
        self.nodes.reserve(nodes);
        self.alpha.reserve(patterns);
        let alpha = &self.alpha;
        (self.alpha_by_key).reserve(patterns, |&id| pattern_hash(&alpha[id as usize].pattern));
    }

    /// Adds a production for one disjunct's chain, and matches it against `facts`
    /// (the facts already in working memory, in index order). The chain's tests
    /// move into the nodes made for them, not copied. Returns the marks CLIPS's
    /// `(watch compilations)` shows for the joins it would build (`+j` new, `=j`
    /// shared; see [`super::shape`]).
    pub fn add_production<'f>(
        &mut self,
        mut chain: Vec<NodeSpec>,
        production: ProductionId,
        facts: impl Iterator<Item = &'f Rc<Fact>> + Clone,
        host: &mut dyn TestHost,
    ) -> String {
        let marks = self.shapes.add(&chain, production);
        super::nearest::read_nearest(&mut chain);
        let mut used = Vec::new();
        let mut fresh = Vec::new();
        let last = self.build_chain(chain, ROOT_NODE, true, facts, host, &mut used, &mut fresh);
        self.child(
            NodeKind::Production(production),
            last,
            false,
            &mut used,
            &mut fresh,
        );
        self.set_production_nodes(production, used);
        self.quiet.get_mut().clear();
        self.seed(&fresh, host);
        self.report_deferred_faults(host);
        marks
    }

    /// Feeds new nodes the partial matches their (older) parents already hold.
    fn seed(&mut self, fresh: &[NodeId], host: &mut dyn TestHost) {
        for &node in fresh {
            let parent = self.nodes[node as usize].parent;
            if fresh.contains(&parent) {
                continue;
            }
            if parent == ROOT_NODE {
                self.seed_from_root(node, fresh, host);
                continue;
            }
            // The parent's current matches, oldest first.
            let mut parents: Vec<TokenId> = self
                .tokens
                .live_ids()
                .filter(|t| {
                    let tok = self.tokens.get(*t);
                    tok.node == parent && tok.active
                })
                .collect();
            parents.sort_by_key(|t| self.tokens.created(*t));
            let count = matches!(self.nodes[node as usize].kind, NodeKind::Count(_));
            if count || matches!(self.nodes[node as usize].kind, NodeKind::Join(_)) {
                // CLIPS primes a join under a shared parent by copying the left
                // memory of the newest other node there, which reverses its order:
                // bucket by bucket when that memory is hashed.
                let sibling = self
                    .children(parent)
                    .find(|c| *c != node && !fresh.contains(c))
                    .and_then(|c| match &self.nodes[c as usize].kind {
                        NodeKind::Join(j) => Some(j),
                        NodeKind::Count(count) => Some(&count.join),
                        _ => None,
                    });
                let reversed = sibling.is_none_or(|j| !j.reversed);
                let hashed_on: Vec<VarSource> =
                    sibling.map_or(Vec::new(), |j| j.left_sources().collect());
                self.join_mut(node).reversed = reversed;
                // Memories are walked from the end, so store the opposite order.
                let mut order: Vec<TokenId> = if reversed {
                    parents.iter().rev().copied().collect()
                } else {
                    parents.clone()
                };
                if !hashed_on.is_empty() {
                    let buckets = clips_hash::beta_buckets(order.len());
                    order.sort_by_cached_key(|t| {
                        let key = self.left_key(hashed_on.iter().copied(), *t);
                        clips_hash::beta_hash(&key) % buckets
                    });
                }
                let alpha = self.join(node).alpha;
                let terminal = self.clips_terminal(alpha, node);
                let template = self.alpha[alpha as usize].pattern.template;
                let tree = self.trees.entry(template).or_default();
                if count || tree.fed_before(terminal, fresh) {
                    // The pattern's node in CLIPS's network existed and is not
                    // matched again: each copied partial match meets its memory
                    // (oldest first) as it arrives. (A `not` or `exists` is taken
                    // to end as it would, whatever the facts' order.)
                    for t in order {
                        if self.tokens.is_live(t) && self.tokens.get(t).active {
                            self.left_activate(node, t, host);
                        }
                    }
                    continue;
                }
                // A new node of CLIPS's network: the facts are matched again after
                // the memory is copied, each one meeting all of it.
                for t in order {
                    let key = Hashed::new(self.left_key(self.join(node).left_sources(), t));
                    let stamp = self.tokens.stamp(t);
                    self.file_left(node, false, key, t, stamp);
                }
                let matches: Vec<Rc<AlphaMatch>> = self.alpha[alpha as usize]
                    .entries
                    .values()
                    .cloned()
                    .collect();
                for m in matches {
                    self.join_right(node, &m, host);
                }
            } else {
                for t in parents.into_iter().rev() {
                    if self.tokens.is_live(t) && self.tokens.get(t).active {
                        self.left_activate(node, t, host);
                    }
                }
            }
        }
    }

    /// Feeds a new node under the root the root's token. A `not` on a pattern no
    /// rule used before sees its facts only afterwards, one by one: CLIPS primes the
    /// joins before it filters the facts through new patterns, so such a rule is
    /// activated, then deactivated by the first fact that blocks it.
    fn seed_from_root(&mut self, node: NodeId, fresh: &[NodeId], host: &mut dyn TestHost) {
        let new_memory = match &self.nodes[node as usize].kind {
            NodeKind::Count(count) if !count.exists => {
                let am = count.join.alpha;
                let successors = &self.alpha[am as usize].successors;
                successors.iter().all(|s| fresh.contains(s)).then_some(am)
            }
            _ => None,
        };
        let Some(am) = new_memory else {
            self.left_activate(node, ROOT_TOKEN, host);
            return;
        };
        let entries = std::mem::take(&mut self.alpha[am as usize].entries);
        self.left_activate(node, ROOT_TOKEN, host);
        let matches: Vec<Rc<AlphaMatch>> = entries.values().cloned().collect();
        self.alpha[am as usize].entries = entries;
        for m in matches {
            self.count_right(node, &m, host);
        }
    }

    /// An existing shareable child of `parent` that is `same` as the node wanted
    /// (never one when `share` is false), now used once more. A join (or count)
    /// node reading alpha memory `am` is looked for among the memory's successors
    /// rather than among the parent's children: the root has a child per rule, and
    /// scanning them all for each rule made loading quadratic in the rules.
    fn shared_child(
        &mut self,
        parent: NodeId,
        am: Option<AmId>,
        share: bool,
        same: impl Fn(&NodeKind) -> bool,
        used: &mut Vec<NodeId>,
    ) -> Option<NodeId> {
        if !share {
            return None;
        }
        let fits = |c: &NodeId| {
            let child = &self.nodes[*c as usize];
            child.parent == parent && child.shareable && same(&child.kind)
        };
        let node = match am {
            Some(am) => self.alpha[am as usize]
                .successors
                .iter()
                .copied()
                .find(fits),
            None => self.children(parent).find(fits),
        }?;
        self.nodes[node as usize].users += 1;
        used.push(node);
        Some(node)
    }

    /// A new child of `parent`, placed first among the parent's children.
    fn child(
        &mut self,
        kind: NodeKind,
        parent: NodeId,
        shareable: bool,
        used: &mut Vec<NodeId>,
        fresh: &mut Vec<NodeId>,
    ) -> NodeId {
        let id = self.nodes.len() as NodeId;
        let parent_level = self.nodes[parent as usize].level;
        let level = if matches!(kind, NodeKind::Production(_) | NodeKind::Partner { .. }) {
            parent_level
        } else {
            parent_level + 1
        };
        let alpha = match &kind {
            NodeKind::Join(j) => Some(j.alpha),
            NodeKind::Count(c) => Some(c.join.alpha),
            _ => None,
        };
        self.nodes.push(Node {
            kind,
            parent,
            level,
            first_child: NO_NODE,
            next_sibling: self.nodes[parent as usize].first_child,
            shareable,
            users: 1,
        });
        self.nodes[parent as usize].first_child = id;
        if let Some(am) = alpha {
            self.feed(am, id);
        }
        used.push(id);
        fresh.push(id);
        id
    }

    #[allow(clippy::too_many_arguments)]
    fn build_chain<'f>(
        &mut self,
        chain: Vec<NodeSpec>,
        mut parent: NodeId,
        share: bool,
        facts: impl Iterator<Item = &'f Rc<Fact>> + Clone,
        host: &mut dyn TestHost,
        used: &mut Vec<NodeId>,
        fresh: &mut Vec<NodeId>,
    ) -> NodeId {
        for spec in chain {
            let exists = matches!(spec, NodeSpec::Exists(_));
            parent = match spec {
                NodeSpec::Join {
                    alpha,
                    eq,
                    tests,
                    exprs,
                } => {
                    let am = self.alpha_memory(&alpha, facts.clone(), host);
                    let parts = JoinParts {
                        am,
                        eq,
                        tests,
                        exprs,
                    };
                    self.join_child(parts, None, parent, share, used, fresh)
                }
                NodeSpec::Not(mut sub) | NodeSpec::Exists(mut sub) => {
                    // Over one pattern, a count node on its memory; over more, a
                    // sub-chain (the last CE, taken out to look at it, put back).
                    match (sub.len(), sub.pop()) {
                        (
                            1,
                            Some(NodeSpec::Join {
                                alpha,
                                eq,
                                tests,
                                exprs,
                            }),
                        ) => {
                            let am = self.alpha_memory(&alpha, facts.clone(), host);
                            let parts = JoinParts {
                                am,
                                eq,
                                tests,
                                exprs,
                            };
                            self.join_child(parts, Some(exists), parent, share, used, fresh)
                        }
                        (_, last) => {
                            sub.extend(last);
                            let matches_facts = sub.iter().map(pattern_count).sum::<usize>() > 0;
                            // The sub-chain hangs off the same parent and runs before
                            // the count node: CLIPS puts such a "join from the right"
                            // second among the parent's children.
                            let sub_last = self.build_chain(
                                sub,
                                parent,
                                false,
                                facts.clone(),
                                host,
                                used,
                                fresh,
                            );
                            let count = self.child(
                                NodeKind::SubCount(SubCount {
                                    exists,
                                    matches_facts,
                                    owners: FxHashMap::default(),
                                    pending: FxHashMap::default(),
                                }),
                                parent,
                                false,
                                used,
                                fresh,
                            );
                            self.put_second(count);
                            self.child(
                                NodeKind::Partner { owner: count },
                                sub_last,
                                false,
                                used,
                                fresh,
                            );
                            count
                        }
                    }
                }
                NodeSpec::Test(bound) => {
                    let same = |kind: &NodeKind| matches!(kind, NodeKind::Test(b) if *b == bound);
                    // A rule's first `test` is its own join of no pattern in CLIPS,
                    // primed by reset as such: not shared.
                    let share = share && parent != ROOT_NODE;
                    match self.shared_child(parent, None, share, same, used) {
                        Some(node) => node,
                        None => self.child(NodeKind::Test(bound), parent, share, used, fresh),
                    }
                }
            };
        }
        parent
    }

    /// The join node for a pattern (`count` `None`), or the count node of a `not`
    /// (`Some(false)`) or `exists` (`Some(true)`) over it: an identical child of
    /// `parent` when `share` allows, else a new one.
    fn join_child(
        &mut self,
        parts: JoinParts,
        count: Option<bool>,
        parent: NodeId,
        share: bool,
        used: &mut Vec<NodeId>,
        fresh: &mut Vec<NodeId>,
    ) -> NodeId {
        let same = |kind: &NodeKind| match (kind, count) {
            (NodeKind::Join(j), None) => j.is(&parts),
            (NodeKind::Count(c), Some(exists)) => c.exists == exists && c.join.is(&parts),
            _ => false,
        };
        if let Some(node) = self.shared_child(parent, Some(parts.am), share, same, used) {
            return node;
        }
        let join = self.new_join(parts, parent);
        let kind = match count {
            None => NodeKind::Join(join),
            Some(exists) => NodeKind::Count(Count {
                exists,
                join,
                recent_blocker: None,
            }),
        };
        self.child(kind, parent, share, used, fresh)
    }

    /// Moves `node`, the first of its parent's children, after the second.
    fn put_second(&mut self, node: NodeId) {
        let parent = self.nodes[node as usize].parent;
        let second = self.nodes[node as usize].next_sibling;
        if self.nodes[parent as usize].first_child != node || second == NO_NODE {
            return;
        }
        self.nodes[node as usize].next_sibling = self.nodes[second as usize].next_sibling;
        self.nodes[second as usize].next_sibling = node;
        self.nodes[parent as usize].first_child = second;
    }

    /// Takes `node` out of its parent's children.
    fn unlink(&mut self, node: NodeId) {
        let parent = self.nodes[node as usize].parent;
        let after = self.nodes[node as usize].next_sibling;
        if self.nodes[parent as usize].first_child == node {
            self.nodes[parent as usize].first_child = after;
        } else if let Some(before) = self
            .children(parent)
            .find(|c| self.nodes[*c as usize].next_sibling == node)
        {
            self.nodes[before as usize].next_sibling = after;
        }
        self.nodes[node as usize].next_sibling = NO_NODE;
    }

    /// Makes alpha memory `am` feed `node`, newest first.
    fn feed(&mut self, am: AmId, node: NodeId) {
        let memory = &mut self.alpha[am as usize];
        // Most memories feed one node: room for it alone (a first insert makes
        // room for four).
        if memory.successors.is_empty() {
            memory.successors.reserve_exact(1);
        }
        memory.successors.insert(0, node);
        let template = memory.pattern.template;
        let terminal = self.clips_terminal(am, node);
        (self.trees.entry(template).or_default()).attach(terminal, am, node);
    }

    /// The node of CLIPS's pattern network that feeds join (or count) node `node`
    /// with alpha memory `am`'s matches: where the pattern ends, or, for a join
    /// that hashes the matches on some fields, a node of its own (see
    /// `AlphaPattern::clips_node_path_hashed`).
    fn clips_terminal(&mut self, am: AmId, node: NodeId) -> usize {
        let memory = &self.alpha[am as usize];
        let hashed = match &self.nodes[node as usize].kind {
            NodeKind::Join(j) => j.columns(),
            NodeKind::Count(c) => c.join.columns(),
            _ => Vec::new(),
        };
        if hashed.is_empty() && memory.terminal != NO_TERMINAL {
            return memory.terminal as usize;
        }
        // Made when a join first needs it, as CLIPS makes a pattern's nodes when
        // a rule uses it: a node made earlier would sit later among its siblings.
        let path = memory.pattern.clips_node_path_hashed(&hashed);
        let tree = self.trees.entry(memory.pattern.template).or_default();
        let terminal = tree.terminal(&path);
        if hashed.is_empty() {
            self.alpha[am as usize].terminal = terminal as u32;
        }
        terminal
    }

    fn new_join(&mut self, parts: JoinParts, parent: NodeId) -> Join {
        let JoinParts {
            am,
            eq,
            tests,
            exprs,
        } = parts;
        let checks = (!tests.is_empty() || !exprs.is_empty())
            .then(|| Box::new(JoinChecks::new(tests.into(), exprs.into())));
        let mut join = Join {
            alpha: am,
            left: LeftIndex::new(eq.len()),
            eq: eq.into(),
            checks,
            reversed: false,
            index: ENTRIES,
        };
        if parent != ROOT_NODE && !join.eq.is_empty() {
            join.index = self.alpha[am as usize].index_on(&join.columns());
        }
        join
    }

    /// The alpha memory for `pattern`, shared with identical patterns; a new one is
    /// filled from the facts already asserted.
    fn alpha_memory<'f>(
        &mut self,
        pattern: &Rc<AlphaPattern>,
        facts: impl Iterator<Item = &'f Rc<Fact>>,
        host: &mut dyn TestHost,
    ) -> AmId {
        let hash = pattern_hash(pattern);
        let alpha = &self.alpha;
        let same = |&id: &AmId| *alpha[id as usize].pattern == **pattern;
        if let Some(&id) = self.alpha_by_key.find(hash, same) {
            return id;
        }
        let id = self.alpha.len() as AmId;
        let mut memory = AlphaMemory {
            pattern: pattern.clone(),
            entries: Default::default(),
            successors: ThinVec::new(),
            terminal: NO_TERMINAL,
            indexes: ThinVec::new(),
        };
        for fact in facts.filter(|f| f.template == pattern.template) {
            let matched = match_fact(pattern, fact, host);
            self.defer_alpha_fault(id, fact);
            for (variant, captures) in matched.into_iter().enumerate() {
                let m = AlphaMatch::new(fact.clone(), captures, variant as u32, id);
                self.record_match(fact.id, &m);
                memory.entries.push(m);
            }
        }
        self.alpha.push(memory);
        let alpha = &self.alpha;
        let rehash = |&id: &AmId| pattern_hash(&alpha[id as usize].pattern);
        self.alpha_by_key.insert_unique(hash, id, rehash);
        id
    }

    /// Removes a production: deletes the partial matches of the nodes only it used
    /// (and so its activations) and detaches those nodes.
    pub fn remove_production(&mut self, production: ProductionId, host: &mut dyn TestHost) {
        self.quiet.get_mut().clear();
        self.shapes.remove(production);
        let Some(used) = self.take_production_nodes(production) else {
            return;
        };
        let mut dead = Vec::new();
        for node in used {
            let n = &mut self.nodes[node as usize];
            n.users = n.users.saturating_sub(1);
            if n.users == 0 {
                dead.push(node);
            }
        }
        // A rule with an empty LHS is activated by the root's token itself.
        for &node in &dead {
            if let NodeKind::Production(p) = self.nodes[node as usize].kind {
                host.deactivate(p, ROOT_TOKEN, self);
            }
        }
        let doomed: Vec<TokenId> = self
            .tokens
            .live_ids()
            .filter(|t| {
                let tok = self.tokens.get(*t);
                *t != ROOT_TOKEN
                    && dead.contains(&tok.node)
                    && (tok.parent == ROOT_TOKEN
                        || !dead.contains(&self.tokens.get(tok.parent).node))
            })
            .collect();
        for t in doomed.into_iter().rev() {
            if self.tokens.is_live(t) {
                self.delete_token(t, host);
            }
        }
        for &node in &dead {
            self.unlink(node);
            let n = &mut self.nodes[node as usize];
            n.first_child = NO_NODE;
            n.shareable = false;
            if let NodeKind::Join(j) | NodeKind::Count(Count { join: j, .. }) = &mut n.kind {
                j.left.clear();
                if let Some(index) = self.alpha[j.alpha as usize]
                    .indexes
                    .get_mut(j.index as usize)
                {
                    index.drop_user();
                }
            }
        }
        for am in &mut self.alpha {
            am.successors.retain(|s| !dead.contains(s));
        }
        for tree in self.trees.values_mut() {
            tree.detach(&dead);
        }
        // An alpha memory nobody reads any more stops being updated; a later rule
        // with the same pattern gets a fresh one.
        let unused: Vec<AmId> = (0..self.alpha.len() as AmId)
            .filter(|a| self.alpha[*a as usize].successors.is_empty())
            .collect();
        self.alpha_by_key.retain(|am| !unused.contains(am));
    }
}

/// What a join or single-pattern count node is made of: the pattern's alpha memory,
/// its join variables (left source, right capture), its tests and hoisted `test` CEs.
pub(super) struct JoinParts {
    pub am: AmId,
    pub eq: Vec<(VarSource, u16)>,
    pub tests: Vec<FieldTest>,
    pub exprs: Vec<BoundExpr>,
}

/// The hash of an alpha pattern in [`Network::alpha_by_key`].
fn pattern_hash(pattern: &AlphaPattern) -> u64 {
    let mut hasher = rustc_hash::FxHasher::default();
    pattern.hash(&mut hasher);
    hasher.finish()
}

/// The most nodes `spec` can add: one, or for a `not`/`exists` over a sub-chain its
/// nodes with the counting node and the sub-chain's end.
fn node_bound(spec: &NodeSpec) -> usize {
    match spec {
        NodeSpec::Join { .. } | NodeSpec::Test(_) => 1,
        NodeSpec::Not(sub) | NodeSpec::Exists(sub) => 2 + sub.iter().map(node_bound).sum::<usize>(),
    }
}

/// The patterns in `spec` (each needs an alpha memory, unless it shares one).
fn pattern_count(spec: &NodeSpec) -> usize {
    match spec {
        NodeSpec::Join { .. } => 1,
        NodeSpec::Test(_) => 0,
        NodeSpec::Not(sub) | NodeSpec::Exists(sub) => sub.iter().map(pattern_count).sum(),
    }
}

#[cfg(test)]
mod tests {
    use crate::env::Environment;

    /// A join or `not` with no equality test reads its alpha memory's entries: no
    /// index of one bucket holding every match again, while a join on a variable
    /// keeps its index; removing the rule that used the index lets it go.
    #[test]
    fn only_joins_on_equalities_keep_an_index() {
        let mut env = Environment::new();
        let out = env.capture_output();
        let program = "
            (defrule any-item (go) (not (item $?)) => (printout t \"none\" crlf))
            (defrule pair (go) (item ?x) (pair ?x) => (printout t \"pair \" ?x crlf))
            (deffacts start (go) (item 1) (pair 1) (pair 2))";
        if let Err(e) = env.load_str(program, "program") {
            panic!("{}", e.rendered);
        }
        let indexes = |env: &Environment| -> Vec<usize> {
            env.net.alpha.iter().map(|m| m.indexes.len()).collect()
        };
        // (go), (item $?), (item ?x), (pair ?x): only the last is joined on a variable.
        assert_eq!(indexes(&env), [0, 0, 0, 1]);
        env.reset();
        if env.run(None).is_err() {
            panic!("the run failed");
        }
        assert_eq!(out.take(), "pair 1\n");
        env.execute_str("(undefrule pair)", "command");
        let users: Vec<u32> = (env.net.alpha.iter())
            .flat_map(|m| m.indexes.iter().map(|i| i.users))
            .collect();
        assert_eq!(users, [0]);
    }
}
