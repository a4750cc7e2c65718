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
    by_key: FxHashMap<(Option<usize>, String), usize>,
    roots: Vec<usize>,
    /// Terminal nodes in walk order, recomputed when the tree changes.
    order: Vec<usize>,
    /// The alpha memories in walk order, each once (recomputed with `order`).
    memories: Vec<AmId>,
}

impl PatternTree {
    /// The node where a pattern with this node path ends, creating nodes (prepended
    /// to their siblings) as needed. A pattern without tests ends at a shared root.
    pub fn terminal(&mut self, path: &[String]) -> usize {
        let no_test = [String::from("no-test")];
        let path = if path.is_empty() { &no_test[..] } else { path };
        let mut parent: Option<usize> = None;
        for key in path {
            let id = match self.by_key.get(&(parent, key.clone())) {
                Some(&id) => id,
                None => {
                    let id = self.nodes.len();
                    self.nodes.push(TreeNode::default());
                    self.by_key.insert((parent, key.clone()), id);
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
        self.recompute();
    }

    /// Forgets the given beta nodes.
    pub fn detach(&mut self, nodes: &[NodeId]) {
        for n in &mut self.nodes {
            n.entries.retain(|(_, node)| !nodes.contains(node));
        }
        self.recompute();
    }

    /// The entries of each terminal node, in walk order.
    pub fn walk(&self) -> impl DoubleEndedIterator<Item = &[(AmId, NodeId)]> {
        self.order.iter().map(|&n| self.nodes[n].entries.as_slice())
    }

    /// The alpha memories fed into joins, in walk order, each once.
    pub fn memories(&self) -> &[AmId] {
        &self.memories
    }

    fn recompute(&mut self) {
        let mut order = Vec::new();
        let mut stack: Vec<usize> = self.roots.iter().rev().copied().collect();
        while let Some(n) = stack.pop() {
            if !self.nodes[n].entries.is_empty() {
                order.push(n);
            }
            stack.extend(self.nodes[n].children.iter().rev().copied());
        }
        let mut memories: Vec<AmId> = Vec::new();
        for &n in &order {
            for (am, _) in &self.nodes[n].entries {
                if !memories.contains(am) {
                    memories.push(*am);
                }
            }
        }
        self.order = order;
        self.memories = memories;
    }
}
