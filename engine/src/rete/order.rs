//! The shape of CLIPS's pattern network, kept to order activations as CLIPS does.
//!
//! CLIPS creates the activations of one new fact in the order it walks its pattern
//! network: roots newest first, each node before its children, children newest
//! first; at a node where patterns end, the joins they feed, newest first. Our alpha
//! memories match facts on their own; this tree only records where each would sit
//! in CLIPS's network (see `AlphaPattern::clips_node_path`) so that assertions can
//! visit them in that order.

use super::alpha::AmId;
use super::NodeId;
use crate::value::Value;
use either::Either;
use hashbrown::HashTable;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// The fewest terminals a slot's constants must select before a walk uses a
/// [`Selector`]: below that, trying each pattern costs less than a hash lookup and a
/// merge.
const FEWEST_SELECTED: usize = 8;

/// No node, sibling or entry: the end of a list.
const NONE: u32 = u32::MAX;

/// A node of the tree. Its children and its entries are lists linked through the
/// nodes and the entries themselves, newest first (each new one is prepended, as
/// CLIPS links them): two vectors per node took 48 bytes and up to two blocks of their
/// own, 0.9 MB of the 1,000-rule benchmark's heap.
#[derive(Debug)]
struct TreeNode {
    /// The newest child.
    first_child: u32,
    /// The next older sibling.
    next_sibling: u32,
    /// The newest of the joins fed by patterns ending here (an index in `entries`).
    first_entry: u32,
}

/// A join fed by the patterns that end at a node.
#[derive(Debug)]
struct Entry {
    am: AmId,
    node: NodeId,
    /// The next older entry of the same node.
    next: u32,
}

/// One template's pattern-network shape.
#[derive(Debug)]
pub(super) struct PatternTree {
    nodes: Vec<TreeNode>,
    entries: Vec<Entry>,
    /// Each node, found by its parent (`NONE` for a root) and the key of what it
    /// tests: `(key, parent, node)`, 16 bytes an entry (a map from `(parent, key)` to
    /// the node took 24, rules_1000's trees 0.29 MB).
    by_key: HashTable<(u64, u32, u32)>,
    /// The newest root.
    first_root: u32,
    /// What asserting a fact visits; `None` after a change, until it is needed
    /// (recomputing on every change made loading a rule set quadratic in its patterns).
    walk: Option<Rc<Walk>>,
}

impl Default for PatternTree {
    fn default() -> Self {
        PatternTree {
            nodes: Vec::new(),
            entries: Vec::new(),
            by_key: HashTable::new(),
            first_root: NONE,
            walk: None,
        }
    }
}

/// The walk of a template's pattern network, in the order CLIPS's would visit it:
/// precomputed, so that an assertion only clones an `Rc` to follow it.
#[derive(Debug)]
pub(super) struct Walk {
    /// The alpha memories fed into joins, in walk order, each once.
    pub memories: Vec<AmId>,
    /// The terminal nodes' entries in walk order: each join fed, with the position
    /// of its alpha memory in `memories`.
    pub terminals: Vec<Vec<(usize, NodeId)>>,
    /// The terminals chosen by the value of one slot, when many patterns test that
    /// slot against constants.
    selector: Option<Selector>,
}

/// The terminals of a walk by the value of one slot, as CLIPS's pattern network
/// finds the patterns testing a slot against constants: its selector node hashes
/// the fact's value and follows only the branch of that constant. Trying every
/// pattern instead made CLIPS's `constant-c-100` (100 rules `(data (value N))`, a
/// million modifies) 5.2× CLIPS 6.41's time (3.71 s against 0.71; 0.96 s with the
/// selector), and `constant-c-1000` ten times that.
#[derive(Debug)]
struct Selector {
    /// The slot whose value chooses.
    slot: usize,
    /// The terminals whose patterns do not test the slot against one constant first,
    /// in walk order.
    always: Vec<u32>,
    /// The terminals whose patterns do, by that constant, each list in walk order.
    by_value: FxHashMap<Value, Vec<u32>>,
}

impl Walk {
    /// The entries of the terminals a fact with these slot values may match, in
    /// walk order: all, or those the selector keeps.
    pub fn visited<'w>(
        &'w self,
        slots: &[Value],
    ) -> impl Iterator<Item = &'w [(usize, NodeId)]> + 'w {
        let chosen = match &self.selector {
            None => Either::Left(0..self.terminals.len()),
            Some(selector) => {
                let by_value = slots
                    .get(selector.slot)
                    .and_then(|v| selector.by_value.get(v));
                Either::Right(merge(
                    &selector.always,
                    by_value.map_or(&[][..], Vec::as_slice),
                ))
            }
        };
        chosen.map(|t| self.terminals[t].as_slice())
    }
}

/// Two ascending lists merged into one.
fn merge<'a>(a: &'a [u32], b: &'a [u32]) -> impl Iterator<Item = usize> + 'a {
    let (mut i, mut j) = (0, 0);
    std::iter::from_fn(move || {
        let next = match (a.get(i), b.get(j)) {
            (Some(&x), Some(&y)) if x < y => {
                i += 1;
                x
            }
            (_, Some(&y)) => {
                j += 1;
                y
            }
            (Some(&x), None) => {
                i += 1;
                x
            }
            (None, None) => return None,
        };
        Some(next as usize)
    })
}

/// The selector of a walk's terminals, if some slot's constants choose enough of
/// them; `test` gives a memory's first test when it is a slot's equality with a
/// constant. A terminal is chosen by a constant only when all its memories test it.
fn selector(
    terminals: &[Vec<(usize, NodeId)>],
    memories: &[AmId],
    test: impl Fn(AmId) -> Option<(usize, Value)>,
) -> Option<Selector> {
    let tests: Vec<Option<(usize, Value)>> = terminals
        .iter()
        .map(|entries| {
            let mut each = entries.iter().map(|&(at, _)| test(memories[at]));
            let first = each.next()??;
            each.all(|t| t.as_ref() == Some(&first)).then_some(first)
        })
        .collect();
    let mut counts: FxHashMap<usize, usize> = FxHashMap::default();
    for (slot, _) in tests.iter().flatten() {
        *counts.entry(*slot).or_default() += 1;
    }
    let (slot, count) = counts
        .into_iter()
        .max_by_key(|&(slot, count)| (count, usize::MAX - slot))?;
    if count < FEWEST_SELECTED {
        return None;
    }
    let mut always = Vec::new();
    let mut by_value: FxHashMap<Value, Vec<u32>> = FxHashMap::default();
    for (t, test) in tests.into_iter().enumerate() {
        match test {
            Some((s, value)) if s == slot => by_value.entry(value).or_default().push(t as u32),
            _ => always.push(t as u32),
        }
    }
    Some(Selector {
        slot,
        always,
        by_value,
    })
}

impl PatternTree {
    /// The node where a pattern with this node path ends, creating nodes (prepended
    /// to their siblings) as needed.
    pub fn terminal(&mut self, path: &[u64]) -> usize {
        let mut parent = NONE;
        for &key in path {
            let hash = node_hash(parent, key);
            let here = |&(k, p, _): &(u64, u32, u32)| k == key && p == parent;
            parent = match self.by_key.find(hash, here) {
                Some(&(_, _, id)) => id,
                None => {
                    let id = self.nodes.len() as u32;
                    let first = match parent {
                        NONE => &mut self.first_root,
                        p => &mut self.nodes[p as usize].first_child,
                    };
                    let next_sibling = std::mem::replace(first, id);
                    self.nodes.push(TreeNode {
                        first_child: NONE,
                        next_sibling,
                        first_entry: NONE,
                    });
                    let rehash = |&(k, p, _): &(u64, u32, u32)| node_hash(p, k);
                    self.by_key.insert_unique(hash, (key, parent, id), rehash);
                    id
                }
            };
        }
        match parent {
            NONE => 0,
            id => id as usize,
        }
    }

    /// Records that `node` is fed by alpha memory `am`, whose pattern ends at `terminal`.
    pub fn attach(&mut self, terminal: usize, am: AmId, node: NodeId) {
        let id = self.entries.len() as u32;
        let next = std::mem::replace(&mut self.nodes[terminal].first_entry, id);
        self.entries.push(Entry { am, node, next });
        self.walk = None;
    }

    /// Whether node `terminal` fed a join other than the `fresh` ones (made for the
    /// rule being added): CLIPS then does not match the facts through it again.
    pub fn fed_before(&self, terminal: usize, fresh: &[NodeId]) -> bool {
        self.entries_of(terminal)
            .any(|(_, node)| !fresh.contains(&node))
    }

    /// Forgets the given beta nodes: the entries left are linked again, in their
    /// order, into a vector without the dead ones.
    pub fn detach(&mut self, nodes: &[NodeId]) {
        let mut kept: Vec<Entry> = Vec::with_capacity(self.entries.len());
        for n in 0..self.nodes.len() {
            // Each live entry is appended, and the one before it links to it.
            let mut first = NONE;
            let mut previous: Option<usize> = None;
            for (am, node) in self.entries_of(n) {
                if nodes.contains(&node) {
                    continue;
                }
                let id = kept.len() as u32;
                kept.push(Entry {
                    am,
                    node,
                    next: NONE,
                });
                match previous {
                    Some(p) => kept[p].next = id,
                    None => first = id,
                }
                previous = Some(id as usize);
            }
            self.nodes[n].first_entry = first;
        }
        self.entries = kept;
        self.walk = None;
    }

    /// The entries of node `n`, newest first.
    fn entries_of(&self, n: usize) -> impl Iterator<Item = (AmId, NodeId)> + '_ {
        let mut at = self.nodes[n].first_entry;
        std::iter::from_fn(move || {
            let entry = self.entries.get(at as usize)?;
            at = entry.next;
            Some((entry.am, entry.node))
        })
    }

    /// What asserting a fact of the template visits; `test` gives an alpha memory's
    /// first test when it is a slot's equality with a constant (see [`Selector`]).
    pub fn walk(&mut self, test: impl Fn(AmId) -> Option<(usize, Value)>) -> Rc<Walk> {
        let walk = self
            .walk
            .take()
            .unwrap_or_else(|| Rc::new(self.compute(test)));
        self.walk = Some(walk.clone());
        walk
    }

    fn compute(&self, test: impl Fn(AmId) -> Option<(usize, Value)>) -> Walk {
        // Each node before its children, children and roots newest first: follow
        // first children down, and come back to each node's next sibling after its
        // subtree.
        let mut order = Vec::new();
        let mut resume = Vec::new();
        let mut next = self.first_root;
        loop {
            while next != NONE {
                let node = &self.nodes[next as usize];
                if node.first_entry != NONE {
                    order.push(next as usize);
                }
                resume.push(node.next_sibling);
                next = node.first_child;
            }
            match resume.pop() {
                Some(sibling) => next = sibling,
                None => break,
            }
        }
        let mut memories: Vec<AmId> = Vec::new();
        let mut positions: FxHashMap<AmId, usize> = FxHashMap::default();
        let mut position = |am: AmId| {
            *positions.entry(am).or_insert_with(|| {
                memories.push(am);
                memories.len() - 1
            })
        };
        let terminals: Vec<Vec<(usize, NodeId)>> = order
            .iter()
            .map(|&n| {
                self.entries_of(n)
                    .map(|(am, node)| (position(am), node))
                    .collect()
            })
            .collect();
        let selector = selector(&terminals, &memories, test);
        Walk {
            memories,
            terminals,
            selector,
        }
    }
}

/// The hash of a tree node's entry in [`PatternTree::by_key`]: its key (a hash
/// already) mixed with its parent.
fn node_hash(parent: u32, key: u64) -> u64 {
    key ^ u64::from(parent).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}
