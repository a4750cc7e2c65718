//! The summary tables printed on standard output: per rule set and collection, how many
//! puzzles were solved, stuck or wrong, the median and 95th-percentile time and the total
//! firings; then the puzzles one rule set solves and another does not.

use super::results::{Comparison, PuzzleResult};
use comfy_table::{presets::ASCII_MARKDOWN, Table};

/// One row of the summary: a rule set on a collection.
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryRow {
    /// The rule set.
    pub rule_set: String,
    /// The collection.
    pub collection: String,
    /// Puzzles run.
    pub puzzles: usize,
    /// Solved and checked.
    pub solved: usize,
    /// Stuck (or shown to have several or no solutions).
    pub stuck: usize,
    /// Answers the checker rejected.
    pub wrong: usize,
    /// Stopped by a limit, or failed.
    pub failed: usize,
    /// Median wall time per puzzle, in milliseconds.
    pub median_ms: f64,
    /// 95th-percentile wall time per puzzle, in milliseconds.
    pub p95_ms: f64,
    /// Rules fired in all.
    pub firings: u64,
}

/// The summary rows, in rule-set then collection order.
pub fn summary(comparison: &Comparison) -> Vec<SummaryRow> {
    let mut rows = Vec::new();
    for rule_set in &comparison.rule_sets {
        for collection in &comparison.collections {
            let results: Vec<&PuzzleResult> = comparison
                .results
                .iter()
                .filter(|r| &r.rule_set == rule_set && &r.collection == collection)
                .collect();
            let count = |statuses: &[&str]| {
                results
                    .iter()
                    .filter(|r| statuses.contains(&r.status.as_str()))
                    .count()
            };
            let mut times: Vec<u64> = results.iter().map(|r| r.elapsed_us).collect();
            times.sort_unstable();
            rows.push(SummaryRow {
                rule_set: rule_set.clone(),
                collection: collection.clone(),
                puzzles: results.len(),
                solved: count(&["solved"]),
                stuck: count(&["stuck", "multiple", "contradiction"]),
                wrong: count(&["wrong"]),
                failed: count(&["limit", "error"]),
                median_ms: percentile(&times, 50) / 1e3,
                p95_ms: percentile(&times, 95) / 1e3,
                firings: results.iter().map(|r| r.firings).sum(),
            });
        }
    }
    rows
}

/// The `p`-th percentile (nearest rank) of sorted values; 0 for none.
fn percentile(sorted: &[u64], p: usize) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (p * sorted.len()).div_ceil(100).max(1);
    sorted[rank - 1] as f64
}

/// Puzzles that rule set `a` solves and `b` does not.
pub fn solved_by_only<'c>(comparison: &'c Comparison, a: &str, b: &str) -> Vec<&'c PuzzleResult> {
    let by_b: Vec<(&str, usize)> = comparison
        .results
        .iter()
        .filter(|r| r.rule_set == b && r.solved())
        .map(|r| (r.collection.as_str(), r.index))
        .collect();
    comparison
        .results
        .iter()
        .filter(|r| r.rule_set == a && r.solved())
        .filter(|r| !by_b.contains(&(r.collection.as_str(), r.index)))
        .collect()
}

/// `collection: #1, #4; other: #2` for a list of results, at most `limit` puzzles.
fn grouped_labels(results: &[&PuzzleResult], limit: usize) -> String {
    let mut groups: Vec<(&str, Vec<String>)> = Vec::new();
    for r in results.iter().take(limit) {
        match groups.last_mut() {
            Some((collection, labels)) if *collection == r.collection => {
                labels.push(r.short_label())
            }
            _ => groups.push((&r.collection, vec![r.short_label()])),
        }
    }
    let mut text = groups
        .iter()
        .map(|(collection, labels)| format!("{collection}: {}", labels.join(", ")))
        .collect::<Vec<_>>()
        .join("; ");
    if results.len() > limit {
        text.push_str(", ...");
    }
    text
}

/// The tables as text: the summary, then the differences between rule sets.
pub fn render(comparison: &Comparison) -> String {
    let mut table = Table::new();
    table.load_preset(ASCII_MARKDOWN).set_header(vec![
        "rule set",
        "collection",
        "puzzles",
        "solved",
        "stuck",
        "wrong",
        "failed",
        "median ms",
        "p95 ms",
        "firings",
    ]);
    for row in summary(comparison) {
        table.add_row(vec![
            row.rule_set,
            row.collection,
            row.puzzles.to_string(),
            row.solved.to_string(),
            row.stuck.to_string(),
            row.wrong.to_string(),
            row.failed.to_string(),
            format!("{:.2}", row.median_ms),
            format!("{:.2}", row.p95_ms),
            row.firings.to_string(),
        ]);
    }
    let mut text = format!("{table}\n");
    for a in &comparison.rule_sets {
        for b in &comparison.rule_sets {
            if a == b {
                continue;
            }
            let only = solved_by_only(comparison, a, b);
            if only.is_empty() {
                continue;
            }
            text.push_str(&format!(
                "solved by {a} but not by {b} ({}): {}\n",
                only.len(),
                grouped_labels(&only, 10)
            ));
        }
    }
    text
}
