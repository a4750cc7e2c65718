//! Raw per-puzzle results as CSV and JSON (stable column names), and reading saved JSON
//! results back for `--merge`.

use super::results::Comparison;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One CSV row: the scalar fields of a result, in a stable column order.
#[derive(Serialize)]
struct CsvRow<'a> {
    rule_set: &'a str,
    collection: &'a str,
    index: usize,
    name: &'a str,
    status: &'a str,
    level: &'a str,
    firings: u64,
    elapsed_us: u64,
    detail: &'a str,
}

/// The results as CSV, one row per (rule set, puzzle).
pub fn to_csv(comparison: &Comparison) -> Result<String, String> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for r in &comparison.results {
        writer
            .serialize(CsvRow {
                rule_set: &r.rule_set,
                collection: &r.collection,
                index: r.index,
                name: &r.name,
                status: &r.status,
                level: &r.level,
                firings: r.firings,
                elapsed_us: r.elapsed_us,
                detail: r.detail.as_deref().unwrap_or(""),
            })
            .map_err(|e| format!("cannot write CSV: {e}"))?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| format!("cannot write CSV: {e}"))?;
    String::from_utf8(bytes).map_err(|e| format!("cannot write CSV: {e}"))
}

/// The whole comparison as pretty JSON.
pub fn to_json(comparison: &Comparison) -> Result<String, String> {
    serde_json::to_string_pretty(comparison).map_err(|e| format!("cannot write JSON: {e}"))
}

/// Reads saved results: each path is a JSON file written by `--json`, or a directory
/// whose `*.json` files are (read in name order).
pub fn read_saved(paths: &[PathBuf]) -> Result<Vec<Comparison>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let listing = std::fs::read_dir(path)
                .map_err(|e| format!("cannot list {}: {e}", path.display()))?;
            let mut found: Vec<PathBuf> = listing
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect();
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    files.iter().map(|f| read_one(f)).collect()
}

fn read_one(file: &Path) -> Result<Comparison, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    serde_json::from_str(&text).map_err(|e| {
        format!(
            "{}:{}:{}: not saved comparison results: {e}",
            file.display(),
            e.line(),
            e.column()
        )
    })
}
