//! A production's chain read back out of the network, as the specs it was built
//! from.
//!
//! The hypothesis matcher builds a second network for some of the rules. Keeping
//! each production's compiled chain for it duplicated what the network's nodes
//! already hold (alpha pattern, join variables, tests): on a file of 1,000 rules
//! that copy was a tenth of the heap. The nodes are read back instead, only when
//! a second network is built.

use super::network::{Join, Network, NodeKind, ROOT_NODE};
use super::{NodeId, ProductionId};
use crate::compile::lhs::{NodeSpec, VarSource};

impl Network {
    /// The chain `production` was built from (what [`Network::add_production`]
    /// was given), or `None` if the network holds no such production.
    pub fn chain_of(&self, production: ProductionId) -> Option<Vec<NodeSpec>> {
        let used = self.production_nodes(production)?;
        let terminal = used.iter().copied().find(
            |&n| matches!(self.nodes[n as usize].kind, NodeKind::Production(p) if p == production),
        )?;
        Some(self.chain_above(self.nodes[terminal as usize].parent, ROOT_NODE, used))
    }

    /// The specs of the nodes from `stop`'s child down to `last`, first first.
    /// `used` holds the production's nodes, among them the partner that ends each
    /// sub-chain of a `not` or `exists`.
    fn chain_above(&self, last: NodeId, stop: NodeId, used: &[NodeId]) -> Vec<NodeSpec> {
        let mut chain = Vec::new();
        let mut node = last;
        while node != stop && node != ROOT_NODE {
            let here = &self.nodes[node as usize];
            let spec = match &here.kind {
                NodeKind::Join(join) => self.join_spec(join),
                NodeKind::Count(count) => {
                    let sub = vec![self.join_spec(&count.join)];
                    negation(count.exists, sub)
                }
                NodeKind::SubCount(count) => {
                    let partner = used.iter().copied().find(|&n| {
                        matches!(self.nodes[n as usize].kind, NodeKind::Partner { owner } if owner == node)
                    });
                    let sub = match partner {
                        Some(p) => {
                            self.chain_above(self.nodes[p as usize].parent, here.parent, used)
                        }
                        None => Vec::new(),
                    };
                    negation(count.exists, sub)
                }
                NodeKind::Test(bound) => {
                    let mut bound = bound.clone();
                    bound.map_sources(&VarSource::origin);
                    NodeSpec::Test(bound)
                }
                NodeKind::Root | NodeKind::Partner { .. } | NodeKind::Production(_) => break,
            };
            chain.push(spec);
            node = here.parent;
        }
        chain.reverse();
        chain
    }

    /// The spec of a positive pattern's join (or of a count node's pattern), its
    /// variables read where the compiler put them (see [`super::nearest`]).
    fn join_spec(&self, join: &Join) -> NodeSpec {
        let origin = |s: VarSource| s.origin();
        let mut tests = join.tests().to_vec();
        tests.iter_mut().for_each(|t| t.map_sources(&origin));
        let mut exprs = join.exprs().to_vec();
        exprs.iter_mut().for_each(|e| e.map_sources(&origin));
        NodeSpec::Join {
            alpha: self.alpha[join.alpha as usize].pattern.clone(),
            eq: join.eq.iter().map(|&(s, c)| (s.origin(), c)).collect(),
            tests,
            exprs,
        }
    }
}

/// A `not` (or, with `exists`, an `exists`) over `sub`.
fn negation(exists: bool, sub: Vec<NodeSpec>) -> NodeSpec {
    if exists {
        NodeSpec::Exists(sub)
    } else {
        NodeSpec::Not(sub)
    }
}
