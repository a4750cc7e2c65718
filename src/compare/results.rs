//! The raw results of a comparison: one record per (rule set, puzzle), serialisable so
//! that shards can be saved and merged, and exported as CSV and JSON.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One rule set run on one puzzle. Field names are the stable CSV/JSON column names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleResult {
    /// The rule set's name (its levels or files joined with `+`).
    pub rule_set: String,
    /// The collection: the puzzle file as given on the command line.
    pub collection: String,
    /// 1-based index of the puzzle in its file.
    pub index: usize,
    /// The puzzle's name.
    pub name: String,
    /// `solved`, `stuck`, `contradiction`, `multiple`, `wrong`, `limit` or `error`.
    pub status: String,
    /// What went wrong, for `wrong`, `limit` and `error`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// The strongest level whose rules fired.
    pub level: String,
    /// Rules fired.
    pub firings: u64,
    /// Wall time in microseconds.
    pub elapsed_us: u64,
    /// Firings per rule.
    #[serde(default)]
    pub rules: BTreeMap<String, u64>,
    /// The answer as the puzzle's JSON (grid rows or solution string), if any.
    #[serde(default)]
    pub answer: serde_json::Value,
    /// A picture of the final grid (only when a report is made).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub svg: Option<String>,
    /// The resolution path (only when a report is made).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<String>,
}

impl PuzzleResult {
    /// `collection #index name` (the name left out when it is just `#index`).
    pub fn label(&self) -> String {
        format!("{} {}", self.collection, self.short_label())
    }

    /// `#index name` (the name left out when it is just `#index`).
    pub fn short_label(&self) -> String {
        if self.name == format!("#{}", self.index) || self.name.is_empty() {
            format!("#{}", self.index)
        } else {
            format!("#{} {}", self.index, self.name)
        }
    }

    /// Whether the puzzle counts as solved.
    pub fn solved(&self) -> bool {
        self.status == "solved"
    }
}

/// A whole comparison (or one shard of it): what was compared and every result.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Comparison {
    /// The puzzle kind: `hitori`, `kakuro` or `sudoku`.
    pub puzzle: String,
    /// The rule sets, in command-line order.
    pub rule_sets: Vec<String>,
    /// The collections, in command-line order.
    pub collections: Vec<String>,
    /// The shard these results come from, as `K/N` (absent for a whole run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// The results, ordered by rule set, collection, then puzzle index.
    pub results: Vec<PuzzleResult>,
}

impl Comparison {
    /// Puts the results in their canonical order (rule set, collection, index), so that
    /// the same inputs give the same output whatever the threads or shards did.
    pub fn sort(&mut self) {
        let rule_rank = rank(&self.rule_sets);
        let collection_rank = rank(&self.collections);
        self.results.sort_by(|a, b| {
            (
                rule_rank(&a.rule_set),
                collection_rank(&a.collection),
                a.index,
            )
                .cmp(&(
                    rule_rank(&b.rule_set),
                    collection_rank(&b.collection),
                    b.index,
                ))
        });
    }

    /// Combines shards of one comparison; they must compare the same things.
    pub fn merge(shards: Vec<Comparison>) -> Result<Comparison, String> {
        let mut shards = shards.into_iter();
        let Some(mut merged) = shards.next() else {
            return Err("no shard results to merge".into());
        };
        merged.shard = None;
        for shard in shards {
            if (&shard.puzzle, &shard.rule_sets, &shard.collections)
                != (&merged.puzzle, &merged.rule_sets, &merged.collections)
            {
                return Err(format!(
                    "shard {} compares other puzzles or rule sets than the first shard",
                    shard.shard.as_deref().unwrap_or("?")
                ));
            }
            merged.results.extend(shard.results);
        }
        merged.sort();
        let before = merged.results.len();
        merged.results.dedup_by(|a, b| {
            (&a.rule_set, &a.collection, a.index) == (&b.rule_set, &b.collection, b.index)
        });
        if merged.results.len() != before {
            return Err("the shards overlap: a puzzle appears in more than one".into());
        }
        Ok(merged)
    }
}

/// Position of a name in `names` (unknown names last).
fn rank(names: &[String]) -> impl Fn(&str) -> usize + '_ {
    move |name| names.iter().position(|n| n == name).unwrap_or(usize::MAX)
}
