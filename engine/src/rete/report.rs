//! A read-only report of what a production matches, join by join, in the terms
//! CLIPS's `(matches RULE)` command uses.
//!
//! CLIPS 6.30 lists a rule's joins in the order of its join network: the joins of
//! the patterns, with the joins of a `not`/`exists` over several CEs (a sub-chain
//! "joined from the right") before the join that counts them. `test` CEs are
//! folded into the join before them; a rule whose first CE is a `test` (or that
//! has no CEs), and a sub-chain whose first CE is one, start with a join of no
//! pattern.
//!
//! The listing order is that of CLIPS's memories:
//! - an alpha memory is a list of hash buckets, one per value of the join's
//!   equality variables, in the order the buckets were made; each bucket holds its
//!   matches oldest first;
//! - a join's output (the left memory of the next join) is a hash table indexed by
//!   the next join's equality values (CLIPS's `BetaMemoryHashValue` modulo the
//!   table size), each bucket newest first;
//! - a sub-chain's output (the right memory of the join counting it) is oldest first.

use super::activity::Activity;
use super::network::{Network, NodeKind, ROOT_NODE};
use super::token::{TokenId, ROOT_TOKEN};
use super::{NodeId, ProductionId};
use crate::compile::lhs::VarSource;
use crate::value::{FactId, Value};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::VecDeque;

/// CLIPS's initial size of a hashed beta memory (`INITIAL_BETA_HASH_SIZE`).
const BETA_HASH_SIZE: usize = 17;
/// CLIPS's symbol table size (`SYMBOL_HASH_SIZE`), which strings share.
const SYMBOL_HASH_SIZE: u64 = 63559;
/// CLIPS's integer and float table size (`INTEGER_HASH_SIZE`, `FLOAT_HASH_SIZE`).
const NUMBER_HASH_SIZE: u64 = 8191;

/// What a join takes from the right.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JoinInput {
    /// A pattern: the facts of its alpha memory, in CLIPS's listing order (a fact
    /// appears once per way it matches a multifield pattern).
    Pattern(Vec<FactId>),
    /// Nothing: the join a rule starts with when its first CE is a `test` or it has
    /// no CEs. It "matches" when its partial match passes those tests.
    Empty,
    /// The output of a sub-chain (a `not`/`exists` over several CEs): the join at
    /// this index of [`MatchReport::joins`] ends it.
    FromRight(usize),
}

/// One join of a production's chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinReport {
    /// What the join takes from the right.
    pub input: JoinInput,
    /// The join before it on the left (CLIPS's `lastLevel`), as an index of
    /// [`MatchReport::joins`].
    pub last_level: Option<usize>,
    /// The partial matches the join passes on, in CLIPS's listing order: a fact per
    /// pattern, `None` for a `not`/`exists` or for the empty first join.
    pub matches: Vec<Vec<Option<FactId>>>,
    /// The join's activity counts (CLIPS's `join-activity`).
    pub activity: Activity,
}

/// The joins of one production, in CLIPS's order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MatchReport {
    /// The joins: the patterns' joins in rule order, each sub-chain before the join
    /// that counts it.
    pub joins: Vec<JoinReport>,
}

impl MatchReport {
    /// The position of the join at `index` in its chain, counting the joins on the
    /// left (CLIPS's `whichCE`).
    pub fn which_ce(&self, index: usize) -> usize {
        let mut n = 0;
        let mut at = Some(index);
        while let Some(i) = at {
            n += 1;
            at = self.joins[i].last_level;
        }
        n
    }

    /// The first and last pattern numbers the join at `index` covers: equal for a
    /// pattern's join, a range for the join counting a sub-chain.
    pub fn pattern_range(&self, index: usize) -> (usize, usize) {
        (
            self.count_patterns(index, false),
            self.count_patterns(index, true),
        )
    }

    /// CLIPS's `CountPatterns`.
    fn count_patterns(&self, index: usize, mut follow_right: bool) -> usize {
        let mut count = 0;
        let from_right = |i: usize| match self.joins[i].input {
            JoinInput::FromRight(r) => Some(r),
            _ => None,
        };
        if from_right(index).is_some() && !follow_right {
            count += 1;
        }
        let mut at = Some(index);
        while let Some(i) = at {
            at = match from_right(i) {
                Some(r) if follow_right => Some(r),
                Some(_) => self.joins[i].last_level,
                None => {
                    count += 1;
                    self.joins[i].last_level
                }
            };
            follow_right = true;
        }
        count
    }
}

impl Network {
    /// What `production` matches, join by join (see [`MatchReport`]). Empty for an
    /// unknown production.
    pub fn production_matches(&self, production: ProductionId) -> MatchReport {
        let Some(used) = self.production_nodes(production) else {
            return MatchReport::default();
        };
        let in_chain: FxHashSet<NodeId> = used.iter().copied().collect();
        let Some(&terminal) = used.iter().find(
            |n| matches!(self.nodes[**n as usize].kind, NodeKind::Production(p) if p == production),
        ) else {
            return MatchReport::default();
        };

        // The first node below the root: a leading `test` (or no node at all)
        // means CLIPS's join of no pattern.
        let mut top = terminal;
        while self.nodes[top as usize].parent != ROOT_NODE {
            top = self.nodes[top as usize].parent;
        }
        let leading_empty =
            top == terminal || matches!(self.nodes[top as usize].kind, NodeKind::Test(_));

        let partners: Vec<(NodeId, NodeId)> = used
            .iter()
            .filter_map(|n| match self.nodes[*n as usize].kind {
                NodeKind::Partner { owner } => Some((owner, self.nodes[*n as usize].parent)),
                _ => None,
            })
            .collect();
        // A sub-chain that starts with a `test` starts, in CLIPS, with a join of no
        // pattern too (the initial pattern CLIPS adds there).
        let leading_tests: FxHashSet<NodeId> = (partners.iter())
            .filter_map(|&(owner, end)| {
                let branch = self.nodes[owner as usize].parent;
                let mut first = end;
                while self.nodes[first as usize].parent != branch {
                    first = self.nodes[first as usize].parent;
                }
                matches!(self.nodes[first as usize].kind, NodeKind::Test(_)).then_some(first)
            })
            .collect();

        // The joins, in chain order; `None` stands for the join of no pattern.
        let mut joins: Vec<Option<NodeId>> = Vec::new();
        if leading_empty {
            joins.push(None);
        }
        joins.extend(
            used.iter()
                .copied()
                .filter(|n| {
                    leading_tests.contains(n)
                        || matches!(
                            self.nodes[*n as usize].kind,
                            NodeKind::Join(_) | NodeKind::Count(_) | NodeKind::SubCount(_)
                        )
                })
                .map(Some),
        );
        let index_of: FxHashMap<NodeId, usize> = joins
            .iter()
            .enumerate()
            .filter_map(|(i, n)| n.map(|n| (n, i)))
            .collect();

        // The join a node belongs to: itself, or the join its `test`s follow.
        let owner = |mut node: NodeId| -> Option<usize> {
            loop {
                if node == ROOT_NODE {
                    return leading_empty.then_some(0);
                }
                if let Some(&i) = index_of.get(&node) {
                    return Some(i);
                }
                node = self.nodes[node as usize].parent;
            }
        };
        // The last node of a join's output: the join and the `test`s after it.
        let tail = |mut node: NodeId| -> NodeId {
            while let Some(t) = self.children(node).find(|c| {
                in_chain.contains(c)
                    && !leading_tests.contains(c)
                    && matches!(self.nodes[*c as usize].kind, NodeKind::Test(_))
            }) {
                node = t;
            }
            node
        };
        let mut by_node: FxHashMap<NodeId, Vec<TokenId>> = FxHashMap::default();
        for t in self.tokens.live_ids() {
            let tok = self.tokens.get(t);
            if t != ROOT_TOKEN && tok.active && in_chain.contains(&tok.node) {
                by_node.entry(tok.node).or_default().push(t);
            }
        }

        let mut report = Vec::with_capacity(joins.len());
        for (i, node) in joins.iter().enumerate() {
            let out = match node {
                Some(n) => tail(*n),
                None => tail(ROOT_NODE),
            };
            let mut tokens: Vec<TokenId> = if out == ROOT_NODE {
                vec![ROOT_TOKEN]
            } else {
                by_node.get(&out).cloned().unwrap_or_default()
            };
            tokens.sort_by_key(|t| self.tokens.created(*t));
            let to_right = partners.iter().find(|(_, p)| *p == out).map(|(o, _)| *o);
            let ordered = if let Some(count) = to_right {
                // The right memory of the join counting a sub-chain: hashed on the
                // values the sub-chain takes from before it, each bucket oldest first.
                let outer = self.outer_sources(out, count);
                hashed_memory(tokens, !outer.is_empty(), false, |t| {
                    clips_hash(&self.left_key(outer.iter().copied(), t))
                })
            } else {
                let consumer = joins.get(i + 1).copied().flatten();
                let consuming = consumer.and_then(|c| match &self.nodes[c as usize].kind {
                    NodeKind::Join(j) => Some(j),
                    NodeKind::Count(c) => Some(&c.join),
                    _ => None,
                });
                let eq: Vec<VarSource> =
                    consuming.map_or(Vec::new(), |j| j.left_sources().collect());
                hashed_memory(tokens, !eq.is_empty(), true, |t| {
                    clips_hash(&self.left_key(eq.iter().copied(), t))
                })
            };
            let matches = ordered
                .into_iter()
                .map(|t| {
                    let mut facts = if t == ROOT_TOKEN {
                        Vec::new()
                    } else {
                        self.token_facts(t)
                    };
                    if leading_empty {
                        facts.insert(0, None);
                    }
                    facts
                })
                .collect();
            let (input, last_level) = match node {
                None => (JoinInput::Empty, None),
                Some(n) => {
                    let parent = self.nodes[*n as usize].parent;
                    let last_level = owner(parent);
                    let input = match &self.nodes[*n as usize].kind {
                        NodeKind::SubCount(_) => {
                            let end = partners
                                .iter()
                                .find(|(o, _)| o == n)
                                .and_then(|(_, p)| owner(*p))
                                .unwrap_or(i);
                            JoinInput::FromRight(end)
                        }
                        NodeKind::Test(_) => JoinInput::Empty,
                        _ => JoinInput::Pattern(self.alpha_listing(*n)),
                    };
                    (input, last_level)
                }
            };
            // What the join compared, and what it passed on (through its `test`s): a
            // rule with no CE is activated by the root's token itself.
            let passed = self.activity_of(if out == ROOT_NODE { terminal } else { out });
            let activity = Activity {
                compares: node.map_or(0, |n| self.activity_of(n).compares),
                ..passed
            };
            report.push(JoinReport {
                input,
                last_level,
                matches,
                activity,
            });
        }
        MatchReport { joins: report }
    }

    /// The variables a sub-chain ending at `end` (counted by node `count`) takes
    /// from the partial match before it, in chain order, without repeats.
    fn outer_sources(&self, end: NodeId, count: NodeId) -> Vec<VarSource> {
        let parent = self.nodes[count as usize].parent;
        let outer_level = self.nodes[parent as usize].level;
        let mut nodes = Vec::new();
        let mut node = end;
        while node != parent && node != ROOT_NODE {
            nodes.push(node);
            node = self.nodes[node as usize].parent;
        }
        let mut out = Vec::new();
        for n in nodes.into_iter().rev() {
            let join = match &self.nodes[n as usize].kind {
                NodeKind::Join(j) => j,
                NodeKind::Count(c) => &c.join,
                _ => continue,
            };
            for s in join.eq.iter().map(|(s, _)| s.origin()) {
                let level = match s {
                    VarSource::Token { level, .. } | VarSource::Fact(level) => level,
                    _ => continue,
                };
                if level <= outer_level && !out.contains(&s) {
                    out.push(s);
                }
            }
        }
        out
    }

    /// The facts of a pattern join's alpha memory, grouped by the join's equality
    /// values (groups in the order of their oldest fact), oldest first in a group.
    fn alpha_listing(&self, node: NodeId) -> Vec<FactId> {
        let join = self.join(node);
        let hashed = self.nodes[node as usize].parent != ROOT_NODE;
        let mut entries: Vec<_> = self.alpha[join.alpha as usize].entries.values().collect();
        entries.sort_by_key(|m| (m.fact.id, m.variant));
        let mut groups: Vec<(super::JoinKey, Vec<FactId>)> = Vec::new();
        for m in entries {
            let key = if hashed {
                super::memory::key_of(&join.eq, m)
            } else {
                Default::default()
            };
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, facts)) => facts.push(m.fact.id),
                None => groups.push((key, vec![m.fact.id])),
            }
        }
        groups.into_iter().flat_map(|(_, f)| f).collect()
    }
}

/// The order of a beta memory after its tokens were added in the given order. A
/// `hashed` memory has [`BETA_HASH_SIZE`] buckets, growing elevenfold when it holds
/// more than eleven times its size (as CLIPS's `ResizeBetaMemory`); otherwise one.
/// A left memory adds at the `front` of a bucket, a right memory at the back.
fn hashed_memory(
    tokens: Vec<TokenId>,
    hashed: bool,
    front: bool,
    hash: impl Fn(TokenId) -> u64,
) -> Vec<TokenId> {
    let mut size = if hashed { BETA_HASH_SIZE } else { 1 };
    let mut buckets: Vec<VecDeque<(u64, TokenId)>> = vec![VecDeque::new(); size];
    let mut count = 0;
    for t in tokens {
        let h = if hashed { hash(t) } else { 0 };
        let bucket = &mut buckets[(h % size as u64) as usize];
        if front {
            bucket.push_front((h, t));
        } else {
            bucket.push_back((h, t));
        }
        count += 1;
        if size > 1 && count > size * 11 {
            size *= 11;
            let mut grown = vec![VecDeque::new(); size];
            for (h, t) in buckets.into_iter().flatten() {
                grown[(h % size as u64) as usize].push_back((h, t));
            }
            buckets = grown;
        }
    }
    buckets.into_iter().flatten().map(|(_, t)| t).collect()
}

/// CLIPS's `BetaMemoryHashValue` of a join key: the sum of each value's symbol
/// table bucket times 509 to the power of its position.
pub fn clips_hash(key: &[Value]) -> u64 {
    let mut hash: u64 = 0;
    let mut multiplier: u64 = 1;
    for v in key {
        hash = hash.wrapping_add(value_bucket(v).wrapping_mul(multiplier));
        multiplier = multiplier.wrapping_mul(509);
    }
    hash
}

/// The bucket of a value in CLIPS's symbol, integer or float table (0 for values
/// CLIPS does not hash).
fn value_bucket(value: &Value) -> u64 {
    match value {
        Value::Symbol(s) | Value::String(s) => hash_bytes(s.as_str().bytes()) % SYMBOL_HASH_SIZE,
        // `(unsigned) llabs(n) % range`: the absolute value truncated to 32 bits.
        Value::Integer(n) => u64::from(n.unsigned_abs() as u32) % NUMBER_HASH_SIZE,
        Value::Float(f) => hash_bytes(f.to_ne_bytes()) % NUMBER_HASH_SIZE,
        _ => 0,
    }
}

/// `tally = tally * 127 + c` over the bytes read as C's (signed) `char`.
fn hash_bytes(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0u64, |tally, b| {
        tally.wrapping_mul(127).wrapping_add(b as i8 as i64 as u64)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_buckets_match_clips() {
        // Checked against the order CLIPS 6.30 lists a memory of 17 buckets in.
        let bucket = |v: Value| clips_hash(&[v]) % BETA_HASH_SIZE as u64;
        assert_eq!(bucket(Value::String(crate::value::atom("str"))), 1);
        assert_eq!(bucket(Value::Symbol(crate::value::atom("cherry"))), 7);
        assert_eq!(bucket(Value::Symbol(crate::value::atom("banana"))), 7);
        assert_eq!(bucket(Value::Symbol(crate::value::atom("apple"))), 11);
        assert_eq!(bucket(Value::Integer(100000)), 8);
        assert_eq!(bucket(Value::Integer(-3)), 3);
        assert_eq!(bucket(Value::Float(1.5)), 15);
        assert_eq!(clips_hash(&[]), 0);
        assert_eq!(
            clips_hash(&[Value::Integer(2), Value::Integer(3)]),
            2 + 3 * 509
        );
    }

    #[test]
    fn hashed_memory_is_newest_first_per_bucket() {
        let t = |i| TokenId(i);
        // Hashes 1, 2, 1: bucket 1 holds the third before the first.
        let order = hashed_memory(vec![t(1), t(2), t(3)], true, true, |x| {
            if x.0 == 2 {
                2
            } else {
                1
            }
        });
        assert_eq!(order, vec![t(3), t(1), t(2)]);
    }

    #[test]
    fn right_memory_is_oldest_first_per_bucket() {
        let t = |i| TokenId(i);
        let order = hashed_memory(vec![t(1), t(2), t(3)], true, false, |x| {
            if x.0 == 2 {
                2
            } else {
                1
            }
        });
        assert_eq!(order, vec![t(1), t(3), t(2)]);
        let unhashed = hashed_memory(vec![t(1), t(2)], false, true, |_| 5);
        assert_eq!(unhashed, vec![t(2), t(1)]);
    }

    #[test]
    fn hashed_memory_grows_keeping_bucket_order() {
        let tokens: Vec<TokenId> = (0..200).map(TokenId).collect();
        let order = hashed_memory(tokens, true, true, |t| u64::from(t.0));
        // After growing to 187 buckets, bucket k holds k and k + 187 (older first,
        // as the resize walks the old buckets front to back and appends).
        assert_eq!(order.len(), 200);
        assert_eq!(order.iter().filter(|t| t.0 % 187 == 0).count(), 2);
    }
}
