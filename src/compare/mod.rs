//! `salience compare`: run several rule sets on puzzle collections and compare them —
//! a table on standard output, raw results as CSV/JSON, a static HTML report, and
//! deterministic shards that `--merge` combines.

pub mod export;
pub mod html;
pub mod results;
pub mod runner;
pub mod table;

pub use results::{Comparison, PuzzleResult};
pub use runner::{run_comparison, CompareRequest, Shard};

use crate::solve::{PuzzleKind, RuleSet};
use std::path::PathBuf;

/// Where the results go besides the table on standard output.
#[derive(Clone, Debug, Default)]
pub struct Outputs {
    /// Raw results as CSV.
    pub csv: Option<PathBuf>,
    /// Raw results as JSON (what `--merge` reads).
    pub json: Option<PathBuf>,
    /// The HTML report's directory.
    pub report: Option<PathBuf>,
    /// The command line, quoted in the report.
    pub command: String,
}

/// The rule sets to compare: each `--rules` value is a comma-separated list of files
/// (one rule set, its files loaded in order); with none, the bundled levels cumulated
/// (level 1, levels 1–2, ..., all levels).
pub fn rule_sets<K: PuzzleKind>(rules: &[String]) -> Result<Vec<RuleSet>, String> {
    if rules.is_empty() {
        return Ok((1..=K::levels().len())
            .map(|n| RuleSet::bundled::<K>(Some(n)))
            .collect());
    }
    rules
        .iter()
        .map(|group| {
            let files: Vec<PathBuf> = group.split(',').map(PathBuf::from).collect();
            RuleSet::from_files(&files)
        })
        .collect()
}

/// Runs (or merges) a comparison and writes every requested output; returns the
/// comparison, whose table has been printed to standard output.
pub fn compare<K: PuzzleKind>(
    request: Option<&CompareRequest>,
    merge: &[PathBuf],
    outputs: &Outputs,
) -> Result<Comparison, String> {
    let comparison = match request {
        Some(request) => run_comparison::<K>(request)?,
        None => Comparison::merge(export::read_saved(merge)?)?,
    };
    if comparison.puzzle != K::NAME {
        return Err(format!(
            "the saved results are for {}, not {}",
            comparison.puzzle,
            K::NAME
        ));
    }
    print!("{}", table::render(&comparison));
    if let Some(file) = &outputs.csv {
        write(file, &export::to_csv(&comparison)?)?;
    }
    if let Some(file) = &outputs.json {
        write(file, &export::to_json(&comparison)?)?;
    }
    if let Some(dir) = &outputs.report {
        html::write_report(dir, &comparison, &outputs.command)?;
    }
    Ok(comparison)
}

fn write(file: &std::path::Path, text: &str) -> Result<(), String> {
    if let Some(parent) = file.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    std::fs::write(file, text).map_err(|e| format!("cannot write {}: {e}", file.display()))
}
