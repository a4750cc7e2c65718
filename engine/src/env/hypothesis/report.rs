//! What hypothetical reasoning tells its user: counts per level, the highest level
//! that proved something, backdoors, and the justification of every proven
//! conclusion (a resolution path).

use crate::compile::hypothesis::Level;
use std::fmt;

/// The work of one level, summed over its passes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelStats {
    /// The level.
    pub level: Level,
    /// How many passes over the alternatives it made.
    pub passes: u64,
    /// How many assumptions it tried (each branch, nested ones included).
    pub hypotheses: u64,
    /// How many of those branches ended in a contradiction.
    pub contradictions: u64,
    /// How many conclusions it proved and applied.
    pub proven: u64,
    /// How many branches reached a solution fact.
    pub backdoors: u64,
}

/// The summary of hypothetical reasoning since the last `(reset)`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HypothesisReport {
    /// The levels that ran, in the order they first ran.
    pub levels: Vec<LevelStats>,
    /// The highest level (in the declared order) that proved something: the level
    /// the problem needed. `None` when no level proved anything.
    pub highest: Option<Level>,
    /// The alternatives (as fact text) whose branch reached a solution fact.
    pub backdoors: Vec<String>,
    /// Branches opened, nested ones included.
    pub branches: u64,
    /// Rules fired inside branches (not counted as the run's firings).
    pub firings: u64,
    /// The limit that stopped reasoning early (`"hypotheses"`), if one did.
    pub limit: Option<String>,
    /// An alternative for which every assumption contradicted: the state has no
    /// solution, and reasoning stopped.
    pub inconsistent: Option<String>,
    /// Why reasoning was not attempted, if it was skipped (e.g. logical support in play).
    pub skipped: Option<String>,
}

impl HypothesisReport {
    /// The counts of `level`, created on first use.
    pub(super) fn stats(&mut self, level: Level) -> &mut LevelStats {
        let index = match self.levels.iter().position(|s| s.level == level) {
            Some(i) => i,
            None => {
                self.levels.push(LevelStats {
                    level,
                    passes: 0,
                    hypotheses: 0,
                    contradictions: 0,
                    proven: 0,
                    backdoors: 0,
                });
                self.levels.len() - 1
            }
        };
        &mut self.levels[index]
    }
}

impl fmt::Display for HypothesisReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.highest {
            Some(level) => writeln!(f, "hypothesis level needed: {level}")?,
            None => writeln!(f, "hypothesis level needed: none")?,
        }
        for s in &self.levels {
            writeln!(
                f,
                "  {:<7} passes {:>4}  hypotheses {:>7}  contradictions {:>6}  proven {:>5}  backdoors {:>4}",
                s.level.name(),
                s.passes,
                s.hypotheses,
                s.contradictions,
                s.proven,
                s.backdoors
            )?;
        }
        writeln!(
            f,
            "  branches {}  rules fired in branches {}",
            self.branches, self.firings
        )?;
        if let Some(limit) = &self.limit {
            writeln!(f, "  stopped by the {limit} limit")?;
        }
        if let Some(h) = &self.inconsistent {
            writeln!(f, "  no solution: every assumption on {h} contradicts")?;
        }
        if let Some(why) = &self.skipped {
            writeln!(f, "  skipped: {why}")?;
        }
        Ok(())
    }
}

/// Why a conclusion was proven.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    /// Assuming the hypothesis led to this contradiction fact (after `nested`
    /// eliminations by T&E(1) inside the branch, for T&E(2)).
    Contradiction {
        /// The contradiction fact's text.
        fact: String,
        /// Inner eliminations before it.
        nested: u32,
    },
    /// The opposite assumption led to `contradiction`, so the branch that assumed
    /// the hypothesis true (`assumed`) or false holds, with its conclusions.
    OtherBranch {
        /// Which assumption survived.
        assumed: bool,
        /// The contradiction fact's text.
        contradiction: String,
    },
    /// Every one of `branches` non-contradictory branches concluded it.
    Common {
        /// How many branches.
        branches: u32,
    },
}

/// One proven conclusion and its justification: an entry of the resolution path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Justification {
    /// The level that proved it.
    pub level: Level,
    /// The hypotheses assumed (fact text), one or two.
    pub hypotheses: Vec<String>,
    /// Why it holds.
    pub reason: Reason,
    /// What was concluded: `not (fact)`, `(fact)` (an assumption proven), or
    /// `retract (fact)` / `assert (fact)` (a conclusion of the branches).
    pub conclusion: String,
}

impl fmt::Display for Justification {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.level)?;
        let on = self.hypotheses.join(" and ");
        match &self.reason {
            Reason::Contradiction { fact, nested: 0 } => write!(f, "{on} leads to {fact}")?,
            Reason::Contradiction { fact, nested } => {
                write!(f, "{on} leads to {fact} after {nested} inner eliminations")?
            }
            Reason::OtherBranch {
                assumed,
                contradiction,
            } => write!(
                f,
                "assuming {on} {} leads to {contradiction}",
                if *assumed { "false" } else { "true" }
            )?,
            Reason::Common { branches } => {
                write!(f, "all {branches} consistent branches on {on} agree")?
            }
        }
        write!(f, " => {}", self.conclusion)
    }
}
