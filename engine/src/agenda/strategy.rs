//! The seven conflict-resolution strategies of CLIPS.

use super::{Activation, TokenFacts};
use std::fmt;
use std::str::FromStr;

/// A conflict-resolution strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strategy {
    /// Newest activation first (CLIPS's default).
    #[default]
    Depth,
    /// Oldest activation first.
    Breadth,
    /// Least specific rule first.
    Simplicity,
    /// Most specific rule first.
    Complexity,
    /// OPS5's LEX: most recent facts first.
    Lex,
    /// OPS5's MEA: most recent first pattern first, then LEX.
    Mea,
    /// A random order, fixed when each activation is created.
    Random,
}

impl Strategy {
    /// All strategies, by their CLIPS names.
    pub const ALL: [Strategy; 7] = [
        Strategy::Depth,
        Strategy::Breadth,
        Strategy::Simplicity,
        Strategy::Complexity,
        Strategy::Lex,
        Strategy::Mea,
        Strategy::Random,
    ];

    /// The CLIPS name, e.g. `depth`.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Depth => "depth",
            Strategy::Breadth => "breadth",
            Strategy::Simplicity => "simplicity",
            Strategy::Complexity => "complexity",
            Strategy::Lex => "lex",
            Strategy::Mea => "mea",
            Strategy::Random => "random",
        }
    }

    /// The part of an activation's ordering key this strategy decides (smaller
    /// fires first); ties fall to newest-first. Only lex and mea call `facts`.
    pub(super) fn key(self, a: &Activation, facts: TokenFacts) -> super::StrategyKey {
        use smallvec::smallvec;
        match self {
            Strategy::Depth => smallvec![],
            Strategy::Breadth => smallvec![a.seq as i64],
            // Equal specificity: the older activation first, as CLIPS does.
            Strategy::Simplicity => smallvec![a.specificity as i64, a.seq as i64],
            Strategy::Complexity => smallvec![-(a.specificity as i64), a.seq as i64],
            // Under lex and mea, CLIPS breaks ties in favour of the more complex
            // rule, then of the older activation.
            Strategy::Lex => {
                let mut key = lex_key(&recency(a, facts));
                key.extend([-(a.specificity as i64), a.seq as i64]);
                key.into()
            }
            Strategy::Mea => {
                let recency = recency(a, facts);
                let mut key = vec![-(recency.first().copied().unwrap_or(0) as i64)];
                key.extend(lex_key(&recency));
                key.extend([-(a.specificity as i64), a.seq as i64]);
                key.into()
            }
            Strategy::Random => smallvec![(a.random >> 1) as i64],
        }
    }
}

/// The time tags of the facts an activation matched, in CE order, 0 for a CE
/// matched by no fact (`not`), as CLIPS counts it.
fn recency(a: &Activation, facts: TokenFacts) -> Vec<u64> {
    (facts(a.token).into_iter())
        .map(|f| f.map_or(0, |f| f.0))
        .collect()
}

/// Recency compared as OPS5 does: the time tags sorted newest first, compared
/// element by element; when one list is a prefix of the other, the longer wins.
fn lex_key(recency: &[u64]) -> Vec<i64> {
    let mut tags: Vec<i64> = recency.iter().map(|t| -(*t as i64)).collect();
    tags.sort_unstable();
    tags.push(i64::MAX);
    tags
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Strategy {
    type Err = String;
    /// Parses a strategy's CLIPS name.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Strategy::ALL
            .into_iter()
            .find(|st| st.name() == s)
            .ok_or_else(|| format!("unknown strategy `{s}`; expected one of: depth, breadth, simplicity, complexity, lex, mea, random"))
    }
}
