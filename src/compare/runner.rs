//! Running every rule set on every puzzle of the collections, in parallel across
//! puzzles, optionally only one deterministic shard of them.

use super::results::{Comparison, PuzzleResult};
use crate::solve::kind::{Numbered, PuzzleError, PuzzleKind};
use crate::solve::report::describe_unreadable;
use crate::solve::run::apply_variant;
use crate::solve::{Outcome, RuleSet, SolveOptions, Solver};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::path::PathBuf;

/// The K-th of N deterministic slices of the puzzles: puzzle number p (0-based, over all
/// files in order) belongs to slice `p % N + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1-based slice number.
    pub index: usize,
    /// Number of slices.
    pub count: usize,
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let bad = || format!("a shard is K/N with 1 <= K <= N, not {text:?}");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What to compare and how.
#[derive(Clone, Debug)]
pub struct CompareRequest {
    /// The puzzle files (collections).
    pub files: Vec<PathBuf>,
    /// The rule sets, in the order the tables show them.
    pub rule_sets: Vec<RuleSet>,
    /// Force an input format.
    pub input_format: Option<String>,
    /// A puzzle variant (Sudoku-X: `x`).
    pub variant: Option<String>,
    /// Per-puzzle limits.
    pub options: SolveOptions,
    /// Worker threads (all cores when `None`).
    pub jobs: Option<usize>,
    /// Only this slice of the puzzles.
    pub shard: Option<Shard>,
    /// Keep a picture and the resolution path of every puzzle, for the last (strongest)
    /// rule set (for the HTML report).
    pub pictures: bool,
    /// Show a progress bar on standard error.
    pub progress: bool,
}

/// A puzzle read from a collection, or why it could not be.
struct Entry<P> {
    collection: String,
    puzzle: Result<Numbered<P>, PuzzleError>,
}

/// Runs the comparison.
pub fn run_comparison<K: PuzzleKind>(request: &CompareRequest) -> Result<Comparison, String> {
    let entries = read_collections::<K>(request)?;
    let mut options = request.options;
    options.explain = request.pictures;
    // Check every rule set loads before starting any work.
    for rule_set in &request.rule_sets {
        Solver::<K>::for_rule_set(rule_set.clone(), options)
            .map_err(|e| format!("rule set {}: {e}", rule_set.name))?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(request.jobs.unwrap_or(0))
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    let progress = progress_bar(
        (entries.len() * request.rule_sets.len()) as u64,
        request.progress,
    );
    let mut results = Vec::new();
    for (number, rule_set) in request.rule_sets.iter().enumerate() {
        // Pictures and paths for the last rule set only, to keep reports readable.
        let pictures = request.pictures && number + 1 == request.rule_sets.len();
        let batch: Vec<PuzzleResult> = pool.install(|| {
            entries
                .par_iter()
                .map_init(
                    || Solver::<K>::for_rule_set(rule_set.clone(), options),
                    |solver, entry| {
                        let result = run_one::<K>(solver, entry, rule_set, pictures);
                        progress.inc(1);
                        result
                    },
                )
                .collect()
        });
        results.extend(batch);
    }
    progress.finish_and_clear();
    let mut comparison = Comparison {
        puzzle: K::NAME.to_string(),
        rule_sets: request.rule_sets.iter().map(|r| r.name.clone()).collect(),
        collections: request
            .files
            .iter()
            .map(|f| f.display().to_string())
            .collect(),
        shard: request.shard.map(|s| s.to_string()),
        results,
    };
    comparison.sort();
    Ok(comparison)
}

/// Reads every file, keeping only the shard's puzzles.
fn read_collections<K: PuzzleKind>(
    request: &CompareRequest,
) -> Result<Vec<Entry<K::Puzzle>>, String> {
    let mut entries = Vec::new();
    let mut position = 0usize;
    for file in &request.files {
        let collection = file.display().to_string();
        let text =
            std::fs::read_to_string(file).map_err(|e| format!("cannot read {collection}: {e}"))?;
        let puzzles = K::parse(&text, request.input_format.as_deref())
            .map_err(|e| format!("{collection}: {e}"))?;
        for puzzle in puzzles {
            let mine = request
                .shard
                .is_none_or(|s| position % s.count == s.index - 1);
            position += 1;
            if !mine {
                continue;
            }
            let puzzle = puzzle.and_then(|p| apply_variant::<K>(p, request.variant.as_deref()));
            entries.push(Entry {
                collection: collection.clone(),
                puzzle,
            });
        }
    }
    Ok(entries)
}

/// Solves one puzzle with one rule set (or records why it could not be).
fn run_one<K: PuzzleKind>(
    solver: &mut Result<Solver<K>, String>,
    entry: &Entry<K::Puzzle>,
    rule_set: &RuleSet,
    pictures: bool,
) -> PuzzleResult {
    let failed = |index: usize, name: &str, detail: String| PuzzleResult {
        rule_set: rule_set.name.clone(),
        collection: entry.collection.clone(),
        index,
        name: name.to_string(),
        status: "error".into(),
        detail: Some(detail),
        level: String::new(),
        firings: 0,
        elapsed_us: 0,
        rules: Default::default(),
        answer: serde_json::Value::Null,
        svg: None,
        path: Vec::new(),
    };
    let puzzle = match &entry.puzzle {
        Ok(puzzle) => puzzle,
        Err(e) => return failed(e.index, &e.name, describe_unreadable(&entry.collection, e)),
    };
    let solver = match solver {
        Ok(solver) => solver,
        Err(e) => return failed(puzzle.index, &puzzle.name, e.clone()),
    };
    let outcome: Outcome<K::Answer> = solver.solve(&puzzle.puzzle);
    PuzzleResult {
        rule_set: rule_set.name.clone(),
        collection: entry.collection.clone(),
        index: puzzle.index,
        name: puzzle.name.clone(),
        status: outcome.status.name().to_string(),
        detail: outcome.status.detail().map(str::to_string),
        level: outcome.level.clone(),
        firings: outcome.firings,
        elapsed_us: u64::try_from(outcome.elapsed.as_micros()).unwrap_or(u64::MAX),
        rules: outcome.rules.clone(),
        answer: outcome
            .answer
            .as_ref()
            .map_or(serde_json::Value::Null, K::answer_json),
        svg: pictures.then(|| K::render_svg(&puzzle.puzzle, outcome.answer.as_ref())),
        path: if pictures { outcome.path } else { Vec::new() },
    }
}

/// A progress bar on standard error, hidden when not wanted or not a terminal.
fn progress_bar(total: u64, wanted: bool) -> ProgressBar {
    if !wanted {
        return ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
    }
    let bar = ProgressBar::new(total);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {elapsed} elapsed, ETA {eta}")
    {
        bar.set_style(style);
    }
    bar
}
