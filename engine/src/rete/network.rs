//! The network: its nodes and memories, how a rule's chain is built into it, and the
//! operations shared by all node kinds (making, passing on and deleting tokens).

use super::alpha::{match_fact, AlphaMatch, AlphaMemory, AmId};
use super::left::LeftIndex;
use super::memory::Hashed;
use super::token::{Token, TokenId, Tokens, ROOT_TOKEN};
use super::{JoinKey, NodeId, ProductionId, TestHost};
use crate::compile::lhs::{AlphaPattern, AltKind, BoundExpr, FieldTest, VarSource};
use crate::compile::TemplateId;
use crate::value::{FactId, Value};
use crate::wm::{ByIndex, Fact};
use either::Either;
use hashbrown::HashTable;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::rc::Rc;

/// A join node: a token from the parent meets an alpha match.
#[derive(Debug)]
pub(super) struct Join {
    pub alpha: AmId,
    /// The hashed equalities: the value a token reads from the source equals the
    /// match's capture in the column beside it.
    pub eq: Box<[(VarSource, u16)]>,
    /// The other tests, if any (see [`JoinChecks`]).
    pub checks: Option<Box<JoinChecks>>,
    /// Whether the left memory was primed in reverse order (CLIPS copies a sibling's
    /// memory when a rule is added after its facts; see `build::seed`).
    pub reversed: bool,
    /// The parent's active tokens (for a count node: its own tokens, filed by their
    /// parent's key), by join key.
    pub left: LeftIndex,
    /// Which of the alpha memory's indexes holds the matches by join key, or
    /// [`ENTRIES`] when the alpha memory's entries serve: under the root, and for a
    /// join that tests no equality (its one bucket would hold every match again).
    pub index: u32,
}

/// A [`Join::index`] naming no index: the alpha memory's entries serve. A join or
/// `not` that tests no equality, `(not (item $?))`, kept an index of one bucket that
/// every fact of the memory was added to and removed from again.
pub(super) const ENTRIES: u32 = u32::MAX;

/// A join's tests besides its hashed equalities. Most joins have none, and a node
/// is as large as its largest kind: two lists in every join made each node 24 bytes
/// larger, where an absent box costs 8.
#[derive(Debug)]
pub(super) struct JoinChecks {
    pub tests: Box<[FieldTest]>,
    /// Hoisted `test` CEs.
    pub exprs: Box<[BoundExpr]>,
    /// Whether the tests only compare values (no predicate, return-value constraint
    /// or hoisted `test`): they evaluate nothing, so no error can happen in them.
    pub compares_only: bool,
}

impl JoinChecks {
    /// The checks made of `tests` and `exprs`.
    pub fn new(tests: Box<[FieldTest]>, exprs: Box<[BoundExpr]>) -> JoinChecks {
        let compares_only = exprs.is_empty()
            && (tests.iter())
                .flat_map(FieldTest::terms)
                .all(|alt| matches!(alt.kind, AltKind::Const(_) | AltKind::Var(_)));
        JoinChecks {
            tests,
            exprs,
            compares_only,
        }
    }
}

impl Join {
    /// Whether the hashed equalities are all the join tests (no other test, no
    /// `test` CE): any match of the key's bucket then joins.
    pub fn hashed_only(&self) -> bool {
        self.checks.is_none()
    }

    /// Whether the tests evaluate nothing (see [`JoinChecks::compares_only`]).
    pub fn compares_only(&self) -> bool {
        self.checks.as_ref().is_none_or(|c| c.compares_only)
    }

    /// The field tests between token and match.
    pub fn tests(&self) -> &[FieldTest] {
        self.checks.as_ref().map_or(&[], |c| &c.tests)
    }

    /// The hoisted `test` CEs.
    pub fn exprs(&self) -> &[BoundExpr] {
        self.checks.as_ref().map_or(&[], |c| &c.exprs)
    }

    /// Where a token's key values come from, in key order.
    pub fn left_sources(&self) -> impl Iterator<Item = VarSource> + '_ {
        self.eq.iter().map(|(source, _)| *source)
    }

    /// The match's key columns, in key order.
    pub fn columns(&self) -> Vec<u16> {
        self.eq.iter().map(|(_, column)| *column).collect()
    }

    /// Whether this join is the one `parts` would build (so a rule may share it).
    pub fn is(&self, parts: &super::build::JoinParts) -> bool {
        self.alpha == parts.am
            && *self.eq == *parts.eq
            && self.tests() == parts.tests
            && self.exprs() == parts.exprs
    }
}

/// A `not` or `exists` over a single pattern: counts the matches of each token.
#[derive(Debug)]
pub(super) struct Count {
    pub exists: bool,
    pub join: Join,
    /// The match that last blocked a token here, tried first for the next token
    /// (see [`Network::first_blocker`]); skipped once retracted, and replaced by
    /// the next blocker found.
    pub recent_blocker: Option<Rc<AlphaMatch>>,
}

/// A `not` or `exists` over a sub-chain: counts the sub-chain's results per token.
#[derive(Debug)]
pub(super) struct SubCount {
    pub exists: bool,
    /// Whether the sub-chain matches facts: a `not`/`exists` of `test`s alone has
    /// no place in the list of facts an activation shows, as in CLIPS.
    pub matches_facts: bool,
    /// Parent token to this node's token for it.
    pub owners: FxHashMap<TokenId, TokenId>,
    /// Results that arrived before this node saw their parent token.
    pub pending: FxHashMap<TokenId, u32>,
}

/// The kinds of node.
#[derive(Debug)]
pub(super) enum NodeKind {
    Root,
    Join(Join),
    Count(Count),
    SubCount(SubCount),
    /// The end of a sub-chain, reporting to the SubCount node `owner`.
    Partner {
        owner: NodeId,
    },
    Test(BoundExpr),
    Production(ProductionId),
}

/// A beta node.
#[derive(Debug)]
pub(super) struct Node {
    pub kind: NodeKind,
    pub parent: NodeId,
    /// The level of the tokens this node makes (the root's are level 0).
    pub level: u16,
    /// The first of the nodes fed by this one, which are linked newest first (as
    /// CLIPS runs them) through [`Node::next_sibling`]; [`NO_NODE`] if none. Links
    /// in the nodes took 8 bytes a node where a list took 24 and a block of its own.
    pub first_child: NodeId,
    /// The next node fed by this node's parent, or [`NO_NODE`].
    pub next_sibling: NodeId,
    /// Whether a later rule may share this node when it needs the same one (nodes
    /// are compared by what they test: alpha memory, join variables, tests).
    pub shareable: bool,
    /// How many productions use this node.
    pub users: u32,
}

/// The whole matcher state.
#[derive(Debug)]
pub struct Network {
    pub(super) nodes: Vec<Node>,
    pub(super) alpha: Vec<AlphaMemory>,
    /// The alpha memories by pattern (the pattern is the memory's own): four bytes
    /// an entry, where a map from a shared pattern to the memory took sixteen.
    pub(super) alpha_by_key: HashTable<AmId>,
    pub(super) trees: FxHashMap<TemplateId, super::order::PatternTree>,
    pub(super) tokens: Tokens,
    /// Counts blockings of `not` tokens, to unblock them in CLIPS's order.
    pub(super) block_clock: u64,
    /// The nodes each production uses.
    /// By production id (ids are dense); empty for an id with no production. A
    /// table of vectors took 120 bytes a production, a vector of slices takes 16.
    production_nodes: Vec<Box<[NodeId]>>,
    /// Each fact's newest alpha match, which links to the ones made before it
    /// ([`AlphaMatch::older`]): a retraction finds them here instead of looking the
    /// fact up in every memory of its template. A list per fact took 32-byte entries
    /// and a block of its own past two matches; the link fills room the match has.
    /// Held by fact index in chunks (consecutive facts in consecutive slots): a hash
    /// table put each new fact at a random place in a table as large as working memory.
    pub(super) by_fact: ByIndex<Rc<AlphaMatch>>,
    /// Likewise for the elements of instances (numbered apart from the facts).
    pub(super) by_object: FxHashMap<FactId, Rc<AlphaMatch>>,
    /// The fact the next change retracts, when an action promised it (see
    /// [`Network::expect_retraction`]).
    pub(super) retracted_next: Option<FactId>,
    /// Errors met while a new alpha memory was filled, reported once the rule's
    /// nodes exist: the memory, the fact and the failing capture.
    pub(super) deferred_faults: Vec<(AmId, Rc<Fact>, Option<u16>)>,
    /// Per node, once asked: whether matching there and below leaves no trace
    /// (see [`Network::expect_retraction`]); emptied when rules come or go.
    pub(super) quiet: std::cell::RefCell<Vec<Option<bool>>>,
    /// While a fact is being asserted: the fact (its address, which tells its
    /// matches from others without reading the fact of each match looked at), and
    /// the joins its matches have reached so far (see [`Network::right_bucket`]).
    pub(super) asserting: Option<(*const Fact, Vec<NodeId>)>,
    /// The list of reached joins the last assertion used, kept for the next one
    /// (a new list per assertion was an allocation, and regrowth, per fact).
    reached_spare: Vec<NodeId>,
    /// Likewise an assertion's matches, of every memory it meets, in one list (a
    /// fact of Waltz meets some ten memories, more than a table on the stack held)...
    found_spare: Vec<Rc<AlphaMatch>>,
    /// ...and where each memory's matches are in that list.
    spans_spare: Vec<Span>,
    /// The joins CLIPS would build for the productions (for `(watch compilations)`).
    pub(super) shapes: super::shape::Shapes,
    /// Each node's activity counts (see [`super::activity`]), by node id; nodes
    /// past the end have none yet.
    pub(super) activity: Vec<super::activity::Activity>,
    /// The tokens being deleted, innermost last: a result of a sub-chain deleted
    /// with its partial match does not unblock the `not` that partial match is
    /// deleted from (CLIPS's `PartialMatchWillBeDeleted`).
    pub(super) dying: Vec<TokenId>,
}

/// Where one alpha memory's matches of the fact being asserted are in the
/// assertion's list of matches: the first's position and how many (one, unless a
/// multifield pattern splits the fact several ways). A table of optional small
/// vectors, 32 bytes a memory filled with "none yet" at each assertion, cost 0.8%
/// more instructions on churn_100k.
#[derive(Clone, Copy, Debug)]
struct Span {
    start: u32,
    len: u32,
}

/// The span of a memory not matched yet.
const UNMATCHED: Span = Span {
    start: u32::MAX,
    len: 0,
};

/// The root node, parent of every rule's first node.
pub(super) const ROOT_NODE: NodeId = 0;

/// The end of a list of children (no node has this id).
pub(super) const NO_NODE: NodeId = NodeId::MAX;

/// The children of a node, first first (see [`Network::children`]).
pub(super) struct Children<'n> {
    nodes: &'n [Node],
    next: NodeId,
}

impl Iterator for Children<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let node = self.next;
        let here = self.nodes.get(node as usize)?;
        self.next = here.next_sibling;
        Some(node)
    }
}

impl Default for Network {
    fn default() -> Self {
        Network {
            nodes: vec![Node {
                kind: NodeKind::Root,
                parent: ROOT_NODE,
                level: 0,
                first_child: NO_NODE,
                next_sibling: NO_NODE,
                shareable: false,
                users: 0,
            }],
            alpha: Vec::new(),
            alpha_by_key: HashTable::new(),
            trees: FxHashMap::default(),
            tokens: Tokens::new(ROOT_NODE),
            block_clock: 0,
            production_nodes: Vec::new(),
            by_fact: ByIndex::default(),
            by_object: FxHashMap::default(),
            retracted_next: None,
            deferred_faults: Vec::new(),
            quiet: Default::default(),
            asserting: None,
            reached_spare: Vec::new(),
            found_spare: Vec::new(),
            spans_spare: Vec::new(),
            shapes: Default::default(),
            activity: Vec::new(),
            dying: Vec::new(),
        }
    }
}

impl Network {
    /// The nodes `production` uses, if the network holds it.
    pub(super) fn production_nodes(&self, production: ProductionId) -> Option<&[NodeId]> {
        (self.production_nodes.get(production.0 as usize))
            .filter(|used| !used.is_empty())
            .map(|used| &**used)
    }

    /// Records the nodes `production` uses.
    pub(super) fn set_production_nodes(&mut self, production: ProductionId, used: Vec<NodeId>) {
        let at = production.0 as usize;
        if self.production_nodes.len() <= at {
            self.production_nodes.resize_with(at + 1, Box::default);
        }
        self.production_nodes[at] = used.into_boxed_slice();
    }

    /// Forgets the nodes `production` used, returning them (`None` if the network
    /// did not hold it).
    pub(super) fn take_production_nodes(
        &mut self,
        production: ProductionId,
    ) -> Option<Box<[NodeId]>> {
        let used = std::mem::take(self.production_nodes.get_mut(production.0 as usize)?);
        (!used.is_empty()).then_some(used)
    }

    /// Rebuilds the matches that depend on no fact (rules starting with `not`,
    /// `exists` or `test`), as `(reset)` makes them fire again.
    pub fn reseed(&mut self, host: &mut dyn TestHost) {
        self.unseed(host);
        // CLIPS primes rules with an empty LHS first, then the others (a leading
        // `not` or `test`), newest rule first in each group (the root's children
        // are newest first already).
        for node in self.primed_nodes() {
            self.left_activate(node, ROOT_TOKEN, host);
        }
    }

    /// The nodes below the root in the order CLIPS primes them: rules with an
    /// empty LHS first, then the others, newest rule first in each group (the
    /// root's children are newest first already).
    fn primed_nodes(&self) -> Vec<NodeId> {
        let mut children: Vec<NodeId> = self.children(ROOT_NODE).collect();
        children.sort_by_key(|n| !matches!(self.nodes[*n as usize].kind, NodeKind::Production(_)));
        children
    }

    /// Takes back what the root's token gave the nodes below it, as CLIPS's reset
    /// does before retracting the facts: the activations of rules with an empty
    /// LHS, then every partial match under a leading `not` or `test`, in the order
    /// of [`Network::primed_nodes`] (removed activations are reported to `host`).
    ///
    /// The tokens of a leading `not`, `exists` or `forall` go before those of the
    /// sub-chains beside them: CLIPS marks such a partial match blocked before it
    /// retracts anything, so that what the retractions free generates nothing.
    pub fn unseed(&mut self, host: &mut dyn TestHost) {
        let (joins, first): (Vec<NodeId>, Vec<NodeId>) = (self.primed_nodes().into_iter())
            .partition(|n| matches!(self.nodes[*n as usize].kind, NodeKind::Join(_)));
        for node in first.into_iter().chain(joins) {
            if let NodeKind::Production(p) = self.nodes[node as usize].kind {
                host.deactivate(p, ROOT_TOKEN, self);
                continue;
            }
            let seeded: Vec<TokenId> = self
                .tokens
                .live_ids()
                .filter(|t| {
                    let tok = self.tokens.get(*t);
                    *t != ROOT_TOKEN && tok.parent == ROOT_TOKEN && tok.node == node
                })
                .collect();
            for t in seeded.into_iter().rev() {
                if self.tokens.is_live(t) {
                    self.delete_token(t, host);
                }
            }
        }
        let rest: Vec<TokenId> = self
            .tokens
            .live_ids()
            .filter(|t| *t != ROOT_TOKEN && self.tokens.get(*t).parent == ROOT_TOKEN)
            .collect();
        for t in rest.into_iter().rev() {
            if self.tokens.is_live(t) {
                self.delete_token(t, host);
            }
        }
        // What the sub-chains reported while their owners were gone is stale now.
        for node in &mut self.nodes {
            if let NodeKind::SubCount(sc) = &mut node.kind {
                sc.pending.clear();
            }
        }
    }

    /// The tokens that currently satisfy `production`.
    pub fn production_tokens(&self, production: ProductionId) -> Vec<TokenId> {
        let Some(terminal) = self
            .nodes
            .iter()
            .position(|n| matches!(n.kind, NodeKind::Production(p) if p == production))
        else {
            return Vec::new();
        };
        let parent = self.nodes[terminal].parent;
        if parent == ROOT_NODE {
            return vec![ROOT_TOKEN];
        }
        self.tokens
            .live_ids()
            .filter(|t| {
                let tok = self.tokens.get(*t);
                tok.node == parent && tok.active
            })
            .collect()
    }

    /// Matches a new fact and propagates its matches, visiting the patterns in the
    /// order CLIPS's pattern network would.
    pub fn assert_fact(&mut self, fact: &Rc<Fact>, host: &mut dyn TestHost) {
        self.assert_into(fact, |_, _| true, host);
    }

    /// Matches a modified instance's element again, against the patterns that read
    /// one of the `changed` fields only (CLIPS's `ObjectModifyAction`): its matches
    /// in those patterns' memories are retracted, then it is matched there anew;
    /// its other matches, and what was built on them, stay.
    pub fn modify_object(&mut self, fact: &Rc<Fact>, changed: &[usize], host: &mut dyn TestHost) {
        let reads =
            |pattern: &AlphaPattern| (pattern.slots.iter()).any(|s| changed.contains(&s.slot()));
        let memory_reads = |alpha: &[AlphaMemory], am: AmId| reads(&alpha[am as usize].pattern);
        let mut affected: SmallVec<[Rc<AlphaMatch>; 4]> = SmallVec::new();
        let mut kept: SmallVec<[Rc<AlphaMatch>; 4]> = SmallVec::new();
        let mut next = self.by_object.remove(&fact.id);
        while let Some(m) = next {
            next = m.older.take();
            match reads(&self.alpha[m.memory as usize].pattern) {
                true => affected.push(m),
                false => kept.push(m),
            }
        }
        for m in kept.into_iter().rev() {
            self.record_match(fact.id, &m);
        }
        affected.reverse();
        self.retract_matches(affected, fact.template, host);
        self.assert_into(fact, memory_reads, host);
    }

    /// Matches a new fact against the memories `filter` accepts and propagates its
    /// matches, visiting the patterns in the order CLIPS's pattern network would.
    fn assert_into(
        &mut self,
        fact: &Rc<Fact>,
        filter: impl Fn(&[AlphaMemory], AmId) -> bool,
        host: &mut dyn TestHost,
    ) {
        let Some(walk) = self.walk(fact.template) else {
            return;
        };
        // A rule's LHS can't assert, but a function it calls could: keep the outer state.
        let mut reached = std::mem::take(&mut self.reached_spare);
        reached.clear();
        let outer = self.asserting.replace((Rc::as_ptr(fact), reached));
        // Each memory's matches, by position in `walk.memories`, made when first needed.
        let mut found = std::mem::take(&mut self.found_spare);
        let mut spans = std::mem::take(&mut self.spans_spare);
        spans.resize(walk.memories.len(), UNMATCHED);
        for entries in walk.visited(&fact.slots) {
            let mut variants = 0;
            for &(at, _) in entries {
                if spans[at].start == UNMATCHED.start {
                    if !filter(&self.alpha, walk.memories[at]) {
                        spans[at] = Span { start: 0, len: 0 };
                        continue;
                    }
                    let start = found.len();
                    let fault = self.match_into(walk.memories[at], fact, host, &mut found);
                    spans[at] = Span {
                        start: start as u32,
                        len: (found.len() - start) as u32,
                    };
                    if let Some(capture) = fault {
                        // CLIPS tests a node once for all the patterns ending there:
                        // the other memories here have the same tests and fail
                        // alike, without another error.
                        for &(other, _) in entries {
                            if spans[other].start == UNMATCHED.start {
                                spans[other] = Span { start: 0, len: 0 };
                            }
                        }
                        let nodes = entries.iter().map(|&(_, node)| node);
                        let am = walk.memories[at];
                        self.report_alpha_fault(am, fact, capture, nodes, host);
                    }
                }
                variants = variants.max(spans[at].len);
            }
            for v in 0..variants {
                for &(at, node) in entries {
                    let span = spans[at];
                    if v >= span.len {
                        continue;
                    }
                    let m = &found[(span.start + v) as usize];
                    if let Some((_, reached)) = &mut self.asserting {
                        reached.push(node);
                    }
                    if self.left_is_empty(node) || self.emptied_next(node, host) {
                        continue;
                    }
                    self.right_activate(node, m, host);
                }
            }
        }
        if let Some((_, reached)) = std::mem::replace(&mut self.asserting, outer) {
            self.reached_spare = reached;
        }
        found.clear();
        spans.clear();
        self.found_spare = found;
        self.spans_spare = spans;
    }

    /// What asserting a fact of `template` visits, if any rule has a pattern of it.
    fn walk(&mut self, template: TemplateId) -> Option<Rc<super::order::Walk>> {
        let alpha = &self.alpha;
        let test = |am: AmId| {
            let (slot, value) = super::alpha::selector(&alpha[am as usize].pattern)?;
            Some((slot, value.clone()))
        };
        Some(self.trees.get_mut(&template)?.walk(test))
    }

    /// Matches `fact` against alpha memory `am`, stores the matches and adds them to
    /// `out`. Returns the error that happened meanwhile, if any (see
    /// [`super::fault`]).
    fn match_into(
        &mut self,
        am: AmId,
        fact: &Rc<Fact>,
        host: &mut dyn TestHost,
        out: &mut Vec<Rc<AlphaMatch>>,
    ) -> Option<Option<u16>> {
        let captures = match_fact(&self.alpha[am as usize].pattern, fact, host);
        let fault = super::fault::take();
        for (variant, captures) in captures.into_iter().enumerate() {
            let m = AlphaMatch::new(fact.clone(), captures, variant as u32, am);
            self.alpha[am as usize].insert(&m);
            self.record_match(fact.id, &m);
            out.push(m);
        }
        fault
    }

    /// Adds `m` to the chain of fact `fact`'s matches, as its newest.
    #[inline]
    pub(super) fn record_match(&mut self, fact: FactId, m: &Rc<AlphaMatch>) {
        let older = match fact.instance() {
            None => self.by_fact.insert(fact, m.clone()),
            Some(_) => self.by_object.insert(fact, m.clone()),
        };
        if let Some(older) = older {
            m.older.set(Some(older));
        }
    }

    /// Removes a fact's matches and everything built on them, in the reverse of
    /// the order they were made.
    pub fn retract_fact(&mut self, fact: &Fact, host: &mut dyn TestHost) {
        let newest = match fact.id.instance() {
            None => self.by_fact.remove(fact.id),
            Some(_) => self.by_object.remove(&fact.id),
        };
        let Some(newest) = newest else {
            return;
        };
        let mut matches: SmallVec<[Rc<AlphaMatch>; 4]> = SmallVec::new();
        let mut next = Some(newest);
        while let Some(m) = next {
            next = m.older.take();
            matches.push(m);
        }
        matches.reverse();
        self.retract_matches(matches, fact.template, host);
    }

    /// Removes matches of one fact of `template` (oldest first) and everything
    /// built on them, in the reverse of the order they were made.
    fn retract_matches(
        &mut self,
        mut matches: SmallVec<[Rc<AlphaMatch>; 4]>,
        template: TemplateId,
        host: &mut dyn TestHost,
    ) {
        if matches.is_empty() {
            return;
        }
        let walk = self.walk(template);
        if let Some(walk) = &walk {
            walk_order(&mut matches, &walk.memories);
        }
        for m in &matches {
            m.retracted.set(true);
        }
        let mut freed = Vec::new();
        for m in matches.into_iter().rev() {
            let memory = &mut self.alpha[m.memory as usize];
            memory.entries.forget(&m);
            for index in &mut memory.indexes {
                index.forget(&m);
            }
            let tokens = m.tokens.take();
            for t in tokens.into_iter().rev() {
                if self.built_on(t, &m) {
                    self.delete_token(t, host);
                }
            }
            freed.extend(self.unblock(&m, host));
        }
        // CLIPS retracts a fact's match at each node of its pattern network in
        // turn, the node visited last first, and each releases what it blocked,
        // the most recently blocked first.
        let nodes_differ = freed.windows(2).any(|w| w[0].1 != w[1].1);
        match walk.filter(|_| nodes_differ) {
            Some(walk) => {
                let rank: FxHashMap<NodeId, usize> = (walk.terminals.iter().enumerate())
                    .flat_map(|(i, entries)| entries.iter().map(move |&(_, node)| (node, i)))
                    .collect();
                let at = |node: &NodeId| rank.get(node).copied().unwrap_or(0);
                freed.sort_by_key(|f| std::cmp::Reverse((at(&f.1), f.0)));
            }
            None => freed.sort_by_key(|f| std::cmp::Reverse(f.0)),
        }
        self.release(freed, host);
    }

    /// A token's facts, level by level: a fact per pattern, `None` per `not` or
    /// `exists` (`test` levels are left out).
    pub fn token_facts(&self, token: TokenId) -> Vec<Option<FactId>> {
        // A token has one level per CE (`test` levels included): enough room at once.
        let mut out = Vec::with_capacity(self.tokens.get(token).level as usize);
        let mut t = token;
        while t != ROOT_TOKEN {
            let tok = self.tokens.get(t);
            let shown = match &self.nodes[tok.node as usize].kind {
                // A rule's first CE, when a `test`, is a join of no pattern in
                // CLIPS, shown as `*` (`r: *,f-1`); other tests are no level.
                NodeKind::Test(_) => tok.parent == ROOT_TOKEN,
                NodeKind::SubCount(count) => count.matches_facts,
                _ => true,
            };
            if shown {
                out.push(tok.matched().map(|m| m.fact.id));
            }
            t = tok.parent;
        }
        out.reverse();
        out
    }

    /// The value of an LHS variable in a production's token.
    pub fn read(&self, token: TokenId, source: VarSource) -> Value {
        let matched = |level| self.walk_up(token, level)?.1.matched();
        let capture =
            |level, capture: u16| matched(level).map(|m| m.captures[capture as usize].clone());
        match source {
            VarSource::Capture(_) | VarSource::MatchFact => None,
            VarSource::Token { level, capture: c } => capture(level, c),
            VarSource::Nearer {
                level,
                capture: c,
                bound_level,
                bound_capture,
            } => match capture(level, c) {
                // Equal, but perhaps not the same (see `super::nearest`).
                Some(Value::Float(_) | Value::Multifield(_)) => capture(bound_level, bound_capture),
                near => near,
            },
            VarSource::Fact(level) => matched(level).map(|m| m.fact.id.address()),
        }
        .unwrap_or(Value::Void)
    }

    /// The ancestor of `token` at `level`.
    pub fn ancestor(&self, token: TokenId, level: u16) -> Option<TokenId> {
        self.walk_up(token, level).map(|(id, _)| id)
    }

    /// The ancestor of `token` at `level`, with its id: reading a variable takes
    /// the token found, and looking it up again by id cost a tenth of a read.
    fn walk_up(&self, mut token: TokenId, level: u16) -> Option<(TokenId, &Token)> {
        // The root is at level 0, below every other: the walk stops there at the latest.
        loop {
            let tok = self.tokens.get(token);
            if tok.level == level {
                return Some((token, tok));
            }
            if tok.level < level {
                return None;
            }
            token = tok.parent;
        }
    }

    /// Marks `token` as supporting logically dependent facts.
    pub fn set_supports(&mut self, token: TokenId) {
        self.tokens.get_mut(token).supports = true;
    }

    /// The number of live tokens.
    pub fn token_count(&self) -> usize {
        self.tokens.len()
    }

    /// How many tokens have been made.
    #[cfg(test)]
    pub(crate) fn tokens_made(&self) -> u64 {
        self.tokens.made()
    }

    // ---- operations shared by the node kinds ----

    /// Makes a token of `node` extending `parent`.
    pub(super) fn make_token(
        &mut self,
        node: NodeId,
        parent: TokenId,
        matched: Option<Rc<AlphaMatch>>,
        count: u32,
        active: bool,
    ) -> TokenId {
        let level = self.nodes[node as usize].level;
        let id = self.tokens.add(Token::new(
            parent,
            node,
            level,
            matched.clone(),
            count,
            active,
        ));
        if let Some(m) = matched {
            let mut tokens = m.tokens.take();
            tokens.push(id);
            if m.stale.get() > tokens.len() as u32 / 2 + 16 {
                tokens.retain(|t| self.built_on(*t, &m));
                m.stale.set(0);
            }
            m.tokens.set(tokens);
        }
        id
    }

    /// Whether `token` is live and was made from alpha match `m` (token ids are
    /// reused, so a stale entry in `m.tokens` may name another token).
    fn built_on(&self, token: TokenId, m: &Rc<AlphaMatch>) -> bool {
        self.tokens.is_live(token)
            && self
                .tokens
                .get(token)
                .matched()
                .is_some_and(|x| Rc::ptr_eq(x, m))
    }

    /// The nodes `node` feeds, newest first.
    pub(super) fn children(&self, node: NodeId) -> Children<'_> {
        Children {
            nodes: &self.nodes,
            next: self.nodes[node as usize].first_child,
        }
    }

    /// Passes an active token of `node` to each of its children.
    pub(super) fn emit(&mut self, node: NodeId, token: TokenId, host: &mut dyn TestHost) {
        self.note_add(node);
        // The network's shape does not change while a change propagates, so each
        // child's sibling link is read after the child has run.
        let mut child = self.nodes[node as usize].first_child;
        while child != NO_NODE {
            if !self.tokens.is_live(token) || !self.tokens.get(token).active {
                return;
            }
            self.left_activate(child, token, host);
            child = self.nodes[child as usize].next_sibling;
        }
    }

    /// A new active token of the parent reaches `node`.
    pub(super) fn left_activate(&mut self, node: NodeId, token: TokenId, host: &mut dyn TestHost) {
        match &self.nodes[node as usize].kind {
            NodeKind::Root => {}
            NodeKind::Join(_) => self.join_left(node, token, host),
            NodeKind::Count(_) => self.count_left(node, token, host),
            NodeKind::SubCount(_) => self.subcount_left(node, token, host),
            NodeKind::Partner { owner } => {
                let owner = *owner;
                self.partner_add(owner, token, host)
            }
            NodeKind::Test(bound) => {
                let bound = bound.clone();
                let pass = self.eval_on_token(&bound, token, host).is_truthy();
                self.check_join_fault(node, host);
                if pass {
                    let t = self.make_token(node, token, None, 0, true);
                    self.emit(node, t, host);
                }
            }
            NodeKind::Production(p) => {
                let p = *p;
                if token == ROOT_TOKEN {
                    // A rule with an empty LHS: CLIPS's join of no pattern adds it.
                    self.note_add(node);
                }
                host.activate(p, token, self)
            }
        }
    }

    /// Whether `node` is a join or `not`/`exists` below another node with no partial
    /// match from there: a fact reaching it then has nothing to extend or count. Most
    /// of the joins a fact reaches are such (Waltz's: a million of them), and telling
    /// so here costs less than dispatching to the node.
    fn left_is_empty(&self, node: NodeId) -> bool {
        let n = &self.nodes[node as usize];
        n.parent != ROOT_NODE
            && match &n.kind {
                NodeKind::Join(join) => join.left.is_empty(),
                NodeKind::Count(count) => count.join.left.is_empty(),
                _ => false,
            }
    }

    fn right_activate(&mut self, node: NodeId, m: &Rc<AlphaMatch>, host: &mut dyn TestHost) {
        match &self.nodes[node as usize].kind {
            NodeKind::Join(_) => self.join_right(node, m, host),
            NodeKind::Count(_) => self.count_right(node, m, host),
            _ => {}
        }
    }

    /// Evaluates a `test` CE's expression on a token.
    pub(super) fn eval_on_token(
        &self,
        bound: &BoundExpr,
        token: TokenId,
        host: &mut dyn TestHost,
    ) -> Value {
        let read = |s: VarSource| self.read(token, s);
        super::test::eval_bound(bound, &[], Some(&read), host)
    }

    /// Deletes a token and everything built on it.
    pub(super) fn delete_token(&mut self, token: TokenId, host: &mut dyn TestHost) {
        if self.tokens.last_child(token).is_some() {
            self.dying.push(token);
            self.delete_children(token, host);
            self.dying.pop();
        }
        let (node, active, supports, parent) = {
            let t = self.tokens.get(token);
            (t.node, t.active, t.supports, t.parent)
        };
        if active {
            self.withdraw(node, token, host);
        }
        match &mut self.nodes[node as usize].kind {
            NodeKind::Count(_) => self.count_forget(node, token),
            NodeKind::SubCount(sc) => {
                sc.owners.remove(&parent);
            }
            _ => {}
        }
        if supports {
            host.lost_support(token);
        }
        let removed = self.tokens.remove(token);
        if let Some(m) = removed.matched() {
            m.stale.set(m.stale.get() + 1);
        }
    }

    /// Deletes every token built on `token`, newest first.
    pub(super) fn delete_children(&mut self, token: TokenId, host: &mut dyn TestHost) {
        while let Some(child) = self.tokens.last_child(token) {
            self.delete_token(child, host);
        }
    }

    /// `token` stops being an output of `node`: take it back from the children
    /// that hold it.
    pub(super) fn withdraw(&mut self, node: NodeId, token: TokenId, host: &mut dyn TestHost) {
        self.note_delete(node);
        self.tokens.restamp(token);
        let mut next = self.nodes[node as usize].first_child;
        while next != NO_NODE {
            let child = next;
            next = self.nodes[child as usize].next_sibling;
            match &self.nodes[child as usize].kind {
                NodeKind::Join(_) => self.join_forget_left(child, token),
                NodeKind::Partner { owner } => {
                    let owner = *owner;
                    self.partner_remove(owner, token, host);
                }
                NodeKind::Production(p) => host.deactivate(*p, token, self),
                _ => {}
            }
        }
    }

    /// Makes `token` (of a count node) active and passes it on.
    pub(super) fn open(&mut self, node: NodeId, token: TokenId, host: &mut dyn TestHost) {
        self.tokens.get_mut(token).active = true;
        self.emit(node, token, host);
    }

    /// One more match for `owner` (a token of the count node `node`): on the first,
    /// a `not` closes and an `exists` opens.
    pub(super) fn count_up(
        &mut self,
        node: NodeId,
        owner: TokenId,
        exists: bool,
        host: &mut dyn TestHost,
    ) {
        let t = self.tokens.get_mut(owner);
        t.count += 1;
        if t.count == 1 {
            self.stamp_blocked(owner);
            if exists {
                self.open(node, owner, host);
            } else {
                self.close(node, owner, host);
            }
        }
    }

    /// The entry of `token` in `node`'s left index went stale.
    pub(super) fn unindex_left(&mut self, node: NodeId, token: TokenId) {
        self.join_mut(node).left.forget(token);
    }

    /// Files `token` in `node`'s left index under `key` with `stamp`, sweeping the
    /// index first when stale entries are half of it. `count_node` says how its
    /// entries are stamped (see [`Network::left_current`]).
    pub(super) fn file_left(
        &mut self,
        node: NodeId,
        count_node: bool,
        key: Hashed<JoinKey>,
        token: TokenId,
        stamp: u64,
    ) {
        if self.join(node).left.sweep_due() {
            let mut left = std::mem::take(&mut self.join_mut(node).left);
            left.sweep(|t, stamp| self.left_current(count_node, t, stamp));
            self.join_mut(node).left = left;
        }
        self.join_mut(node).left.push(key, token, stamp);
    }

    /// Whether a left-index entry still stands: a count node files its own tokens by
    /// when they were made (they stay until deleted); a join files its parent's
    /// tokens by their stamp (renewed when they are withdrawn).
    pub(super) fn left_current(&self, count_node: bool, token: TokenId, stamp: u64) -> bool {
        if count_node {
            self.tokens.made_at(token, stamp)
        } else {
            self.tokens.filed(token, stamp)
        }
    }

    /// Notes that `token` (of a count node) just got its first match.
    pub(super) fn stamp_blocked(&mut self, token: TokenId) {
        self.block_clock += 1;
        self.tokens.get_mut(token).blocked_at = self.block_clock;
    }

    /// Makes `token` (of a count node) inactive and removes what was built on it;
    /// the facts it supported logically lose that support, as in CLIPS when a
    /// `not`/`exists` match goes.
    pub(super) fn close(&mut self, node: NodeId, token: TokenId, host: &mut dyn TestHost) {
        self.delete_children(token, host);
        self.withdraw(node, token, host);
        let tok = self.tokens.get_mut(token);
        tok.active = false;
        if std::mem::take(&mut tok.supports) {
            host.lost_support(token);
        }
    }

    /// The alpha matches under `key` in the right memory of join `node` (not under
    /// the root).
    ///
    /// The index is shared with other joins and gets a fact's match as soon as the
    /// fact is matched, but the join must not see it before the match reaches the
    /// join itself: a token arriving from the left in between (the same fact matching
    /// an earlier pattern of the rule) would pair with it, and the right activation
    /// would pair them again.
    pub(super) fn right_bucket<'a>(
        &'a self,
        node: NodeId,
        key: Hashed<&[Value]>,
    ) -> impl DoubleEndedIterator<Item = &'a Rc<AlphaMatch>> + 'a {
        let join = self.join(node);
        let memory = &self.alpha[join.alpha as usize];
        let matches = match memory.indexes.get(join.index as usize) {
            Some(index) => Either::Left(index.bucket(key)),
            None => Either::Right(memory.entries.values()),
        };
        matches.filter(move |m| self.visible(node, m))
    }

    /// Whether `node` has seen match `m`: a fact being asserted reaches the nodes
    /// its alpha memories feed one at a time, and is hidden from the others until then.
    pub(super) fn visible(&self, node: NodeId, m: &AlphaMatch) -> bool {
        // Only the asserted fact's own matches need the (linear) look at `reached`.
        self.asserting.as_ref().is_none_or(|(fact, reached)| {
            !std::ptr::eq(Rc::as_ptr(&m.fact), *fact) || reached.contains(&node)
        })
    }

    /// The join key of a token, read from its ancestors.
    pub(super) fn left_key(
        &self,
        sources: impl IntoIterator<Item = VarSource>,
        token: TokenId,
    ) -> JoinKey {
        sources.into_iter().map(|s| self.read(token, s)).collect()
    }
}

/// Puts a fact's matches in the order the pattern network walks their memories
/// (`memories`), each memory's variants in order. They were made in that order,
/// except matches of memories created after the fact (a rule added later), so the
/// check is a single pass and the sort is rarely needed.
fn walk_order(matches: &mut [Rc<AlphaMatch>], memories: &[AmId]) {
    let mut at = 0;
    let in_order = matches.iter().all(|m| {
        while at < memories.len() && memories[at] != m.memory {
            at += 1;
        }
        at < memories.len()
    });
    if !in_order {
        let rank = |m: &Rc<AlphaMatch>| memories.iter().position(|a| *a == m.memory);
        matches.sort_by_key(|m| (rank(m), m.variant));
    }
}

/// The join key of an alpha match for a join.
pub(super) fn right_key<'a>(join: &Join, m: &'a AlphaMatch) -> super::memory::KeyView<'a> {
    super::memory::key_view(&join.eq, m)
}
