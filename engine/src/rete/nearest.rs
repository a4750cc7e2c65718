//! Reading a variable from the nearest level that holds its value.
//!
//! A variable is compiled to the capture that first binds it, and a token reads a
//! level by walking up its ancestors, one per level. A rule that joins a variable
//! pattern after pattern (river.clp's `quicker-path`: `?sd1` and `?vp1` in eleven
//! patterns) read it, for each partial match's join key and each join test, from
//! the first level: twenty levels up at the end. Where a positive pattern's hashed
//! join made one of its captures equal to the variable, the patterns below read
//! that capture instead: the walk stops at the nearest such level. CLIPS reads a
//! partial match's levels from an array it copies into every partial match; the
//! walk keeps a token at 48 bytes however deep. River: 1,797 -> 1,750 M instructions
//! (-2.6%), Manners 128 as CLIPS ships it -0.8% (callgrind, `ci` build).
//!
//! Equal is not always the same: a float equals its negative zero and prints
//! otherwise, so a nearer read that finds a float or a multifield reads the binding
//! itself ([`Network::read`]).
//!
//! [`Network::read`]: super::network::Network::read

use crate::compile::lhs::{NodeSpec, VarSource};
use rustc_hash::FxHashMap;

/// Each binding (level, capture) to the nearest capture a hashed join made equal
/// to it, as (level, capture).
type Nearer = FxHashMap<(u16, u16), (u16, u16)>;

/// Rewrites the variable sources of a rule's chain (level 1 first) to read the
/// nearest level holding the same value.
pub(super) fn read_nearest(chain: &mut [NodeSpec]) {
    rewrite(chain, 0, &mut Nearer::default());
}

/// Rewrites `chain`, whose first node is at level `above + 1`, with what `nearer`
/// knows of the levels above it.
fn rewrite(chain: &mut [NodeSpec], above: u16, nearer: &mut Nearer) {
    for (at, spec) in chain.iter_mut().enumerate() {
        let level = above + 1 + at as u16;
        match spec {
            NodeSpec::Join {
                eq, tests, exprs, ..
            } => {
                // What this pattern equals is read nearer only below it.
                let learned: Vec<((u16, u16), (u16, u16))> = (eq.iter())
                    .filter_map(|&(source, capture)| match source {
                        VarSource::Token {
                            level: bound,
                            capture: bound_capture,
                        } => Some(((bound, bound_capture), (level, capture))),
                        _ => None,
                    })
                    .collect();
                let map = |s| nearest(nearer, s);
                eq.iter_mut().for_each(|(source, _)| *source = map(*source));
                tests.iter_mut().for_each(|t| t.map_sources(&map));
                exprs.iter_mut().for_each(|e| e.map_sources(&map));
                nearer.extend(learned);
            }
            // A `not`/`exists`'s own patterns bind nothing outside it.
            NodeSpec::Not(sub) | NodeSpec::Exists(sub) => {
                rewrite(sub, level - 1, &mut nearer.clone());
            }
            NodeSpec::Test(bound) => bound.map_sources(&|s| nearest(nearer, s)),
        }
    }
}

/// `source`, read at the nearest level known to hold its value.
fn nearest(nearer: &Nearer, source: VarSource) -> VarSource {
    let VarSource::Token { level, capture } = source else {
        return source;
    };
    match nearer.get(&(level, capture)) {
        Some(&(near, near_capture)) => VarSource::Nearer {
            level: near,
            capture: near_capture,
            bound_level: level,
            bound_capture: capture,
        },
        None => source,
    }
}
