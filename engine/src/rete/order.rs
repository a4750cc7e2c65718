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
use rustc_hash::FxHashMap;
use std::rc::Rc;

#[derive(Debug, Default)]
struct TreeNode {
    children: Vec<usize>,
    /// The joins fed by patterns ending here, newest first.
    entries: Vec<(AmId, NodeId)>,
}

/// One template's pattern-network shape.
#[derive(Debug, Default)]
pub(super) struct PatternTree {
    nodes: Vec<TreeNode>,
    by_key: FxHashMap<(Option<usize>, u64), usize>,
    roots: Vec<usize>,
    /// What asserting a fact visits; `None` after a change, until it is needed
    /// (recomputing on every change made loading a rule set quadratic in its patterns).
    walk: Option<Rc<Walk>>,
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
}

impl PatternTree {
    /// The node where a pattern with this node path ends, creating nodes (prepended
    /// to their siblings) as needed.
    pub fn terminal(&mut self, path: &[u64]) -> usize {
        let mut parent: Option<usize> = None;
        for &key in path {
            let id = match self.by_key.get(&(parent, key)) {
                Some(&id) => id,
                None => {
                    let id = self.nodes.len();
                    self.nodes.push(TreeNode::default());
                    self.by_key.insert((parent, key), id);
                    match parent {
                        Some(p) => self.nodes[p].children.insert(0, id),
                        None => self.roots.insert(0, id),
                    }
                    id
                }
            };
            parent = Some(id);
        }
        parent.unwrap_or(0)
    }

    /// Records that `node` is fed by alpha memory `am`, whose pattern ends at `terminal`.
    pub fn attach(&mut self, terminal: usize, am: AmId, node: NodeId) {
        self.nodes[terminal].entries.insert(0, (am, node));
        self.walk = None;
    }

    /// Forgets the given beta nodes.
    pub fn detach(&mut self, nodes: &[NodeId]) {
        for n in &mut self.nodes {
            n.entries.retain(|(_, node)| !nodes.contains(node));
        }
        self.walk = None;
    }

    /// What asserting a fact of the template visits.
    pub fn walk(&mut self) -> Rc<Walk> {
        let walk = self.walk.take().unwrap_or_else(|| Rc::new(self.compute()));
        self.walk = Some(walk.clone());
        walk
    }

    fn compute(&self) -> Walk {
        let mut order = Vec::new();
        let mut stack: Vec<usize> = self.roots.iter().rev().copied().collect();
        while let Some(n) = stack.pop() {
            if !self.nodes[n].entries.is_empty() {
                order.push(n);
            }
            stack.extend(self.nodes[n].children.iter().rev().copied());
        }
        let mut memories: Vec<AmId> = Vec::new();
        let mut positions: FxHashMap<AmId, usize> = FxHashMap::default();
        let mut position = |am: AmId| {
            *positions.entry(am).or_insert_with(|| {
                memories.push(am);
                memories.len() - 1
            })
        };
        let terminals = order
            .iter()
            .map(|&n| {
                let entries = &self.nodes[n].entries;
                entries
                    .iter()
                    .map(|&(am, node)| (position(am), node))
                    .collect()
            })
            .collect();
        Walk {
            memories,
            terminals,
        }
    }
}
