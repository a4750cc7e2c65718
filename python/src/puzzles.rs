//! The puzzle solvers and rule-set comparisons of `salience solve` and
//! `salience compare`, for Python: results as the JSON the command line prints,
//! which the package turns into dicts (rows ready for pandas).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use salience::compare::runner::{run_comparison, CompareRequest};
use salience::solve::hitori::Hitori;
use salience::solve::kakuro::Kakuro;
use salience::solve::report::{json_result, json_unreadable};
use salience::solve::sudoku::Sudoku;
use salience::solve::{PuzzleKind, RuleSet, SolveOptions, Solver};
use std::path::PathBuf;
use std::time::Duration;

/// Solves every puzzle of `text`: one JSON object per puzzle.
fn solve_all<K: PuzzleKind>(
    text: &str,
    rules: Option<&[PathBuf]>,
    variant: Option<&str>,
    options: SolveOptions,
) -> Result<Vec<serde_json::Value>, String> {
    let mut solver = Solver::<K>::with_options(rules, options)?;
    let mut results = Vec::new();
    for entry in K::parse(text, None)? {
        results.push(match entry {
            Ok(mut numbered) => {
                if let Some(variant) = variant {
                    K::set_variant(&mut numbered.puzzle, variant)?;
                }
                let outcome = solver.solve(&numbered.puzzle);
                json_result::<K>("<text>", &numbered, &outcome)
            }
            Err(error) => json_unreadable("<text>", &error),
        });
    }
    Ok(results)
}

/// The options of a solve or a comparison.
fn options(
    max_firings: Option<u64>,
    timeout: Option<f64>,
    explain: bool,
) -> PyResult<SolveOptions> {
    let timeout = match timeout {
        Some(s) => {
            Some(Duration::try_from_secs_f64(s).map_err(|e| PyValueError::new_err(e.to_string()))?)
        }
        None => None,
    };
    Ok(SolveOptions {
        max_firings,
        timeout,
        explain,
        ..SolveOptions::default()
    })
}

/// Solves the puzzles of `text` (`kind`: hitori, kakuro or sudoku) with the
/// bundled rules or the `rules` files; a JSON array, one object per puzzle.
#[pyfunction]
#[pyo3(signature = (kind, text, rules=None, variant=None, max_firings=None, timeout=None, explain=true))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    kind: &str,
    text: &str,
    rules: Option<Vec<PathBuf>>,
    variant: Option<String>,
    max_firings: Option<u64>,
    timeout: Option<f64>,
    explain: bool,
) -> PyResult<String> {
    let options = options(max_firings, timeout, explain)?;
    let (kind, text) = (kind.to_string(), text.to_string());
    let results = py.detach(move || {
        let (rules, variant) = (rules.as_deref(), variant.as_deref());
        match kind.as_str() {
            "hitori" => solve_all::<Hitori>(&text, rules, variant, options),
            "kakuro" => solve_all::<Kakuro>(&text, rules, variant, options),
            "sudoku" => solve_all::<Sudoku>(&text, rules, variant, options),
            other => Err(format!(
                "unknown puzzle kind {other}: hitori, kakuro or sudoku"
            )),
        }
    });
    let results = results.map_err(PyValueError::new_err)?;
    Ok(serde_json::Value::Array(results).to_string())
}

/// Runs every rule set on every puzzle of `files`.
fn compare_kind<K: PuzzleKind>(
    files: Vec<PathBuf>,
    rule_sets: Option<Vec<Vec<PathBuf>>>,
    options: SolveOptions,
    jobs: Option<usize>,
) -> Result<String, String> {
    let rule_sets = match rule_sets {
        Some(sets) => sets
            .iter()
            .map(|files| RuleSet::from_files(files))
            .collect::<Result<Vec<_>, _>>()?,
        None => (1..=K::levels().len())
            .map(|n| RuleSet::bundled::<K>(Some(n)))
            .collect(),
    };
    let request = CompareRequest {
        files,
        rule_sets,
        input_format: None,
        variant: None,
        options,
        jobs,
        shard: None,
        pictures: false,
        progress: false,
    };
    let comparison = run_comparison::<K>(&request)?;
    serde_json::to_string(&comparison.results).map_err(|e| e.to_string())
}

/// `salience compare`: every rule set (a list of rule files each; the bundled
/// levels cumulated when `None`) on every puzzle of `files`; the per-puzzle
/// results as a JSON array of rows.
#[pyfunction]
#[pyo3(signature = (kind, files, rule_sets=None, max_firings=None, timeout=None, jobs=None))]
pub fn compare(
    py: Python<'_>,
    kind: &str,
    files: Vec<PathBuf>,
    rule_sets: Option<Vec<Vec<PathBuf>>>,
    max_firings: Option<u64>,
    timeout: Option<f64>,
    jobs: Option<usize>,
) -> PyResult<String> {
    let options = options(max_firings, timeout, false)?;
    let kind = kind.to_string();
    let rows = py.detach(move || match kind.as_str() {
        "hitori" => compare_kind::<Hitori>(files, rule_sets, options, jobs),
        "kakuro" => compare_kind::<Kakuro>(files, rule_sets, options, jobs),
        "sudoku" => compare_kind::<Sudoku>(files, rule_sets, options, jobs),
        other => Err(format!(
            "unknown puzzle kind {other}: hitori, kakuro or sudoku"
        )),
    });
    rows.map_err(PyValueError::new_err)
}
