//! Running and stepping a puzzle with an edited rule file.
//!
//! A step is a deduction: a line of the resolution path. The grid after the first n
//! deductions is the grid of a run stopped after the fewest firings that make n
//! deductions (bookkeeping firings change nothing a student can see). The engine is
//! deterministic, so a run stopped after k firings is the first k firings of the whole
//! run, and the number of deductions grows with k: [`Stepper`] finds that k by galloping
//! then bisecting, from a firing count the page already knows to be too few.

use super::rules::{edited_rule_set, problems, Problem};
use crate::solve::{Outcome, PuzzleKind, Reading, RuleSet, SolveOptions, Solver};
use salience_engine::env::capabilities::Capabilities;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Firings a playground run may make: a rule that loops forever stops here.
pub const MAX_FIRINGS: u64 = 100_000;

/// Time a playground run may take.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// What the page asks for: run or step a bundled puzzle with an edited rule file.
#[derive(Clone, Debug, Deserialize)]
pub struct PlayRequest {
    /// The puzzle kind: `hitori`, `kakuro` or `sudoku`.
    pub kind: String,
    /// 0-based index of the bundled puzzle.
    pub puzzle: usize,
    /// A puzzle the user pasted, in any format `salience solve` reads: played
    /// instead of the bundled one.
    #[serde(default)]
    pub puzzle_text: Option<String>,
    /// 0-based index of the rule level being edited.
    pub level: usize,
    /// The edited rule file.
    pub rules: String,
    /// Show the grid after this many deductions; `None` (or more than the run makes)
    /// shows the end of the run.
    #[serde(default)]
    pub step: Option<usize>,
    /// A firing count known to make fewer than `step` deductions (the page sends the one
    /// it got for the step before): the search starts there. It is checked, not trusted.
    #[serde(default)]
    pub after: Option<u64>,
}

/// What a run or a step shows.
#[derive(Clone, Debug, Serialize)]
pub struct Played {
    /// How the whole run ends: `solved`, `stuck`, `limit`, ...
    pub status: &'static str,
    /// The explanation of a `wrong`, `limit` or `error` status.
    pub detail: Option<String>,
    /// The strongest level the whole run needed.
    pub level: String,
    /// Deductions shown: the grid is the one after the first `step` lines of `path`.
    pub step: usize,
    /// Deductions the whole run makes (the length of `path`).
    pub steps: usize,
    /// Rules fired to reach the grid shown.
    pub firings: u64,
    /// Rules fired by the whole run.
    pub total_firings: u64,
    /// The whole run's resolution path: "r3c4 black: rule-name (the rule's comment)".
    pub path: Vec<String>,
    /// The grid shown, as SVG.
    pub svg: String,
    /// The grid shown, as the puzzle's JSON answer (`null` when nothing could be read).
    pub answer: Option<serde_json::Value>,
}

/// Why a run could not be made.
#[derive(Clone, Debug)]
pub enum PlayError {
    /// The request names no bundled puzzle or level.
    BadRequest(String),
    /// The edited rule file does not load.
    Rules {
        /// The problems, each at its line.
        problems: Vec<Problem>,
        /// The loader's rendered diagnostics (file:line:column, source line, caret).
        rendered: String,
    },
}

/// Runs `puzzle` with the edited rules of `request` and shows the step it asks for.
pub fn play<K: PuzzleKind>(puzzle: &K::Puzzle, request: &PlayRequest) -> Result<Played, PlayError> {
    let rule_set =
        edited_rule_set::<K>(request.level, &request.rules).map_err(PlayError::BadRequest)?;
    let stepper = Stepper::<K> { rule_set, puzzle };
    let whole = stepper.probe(MAX_FIRINGS)?;
    let steps = whole.outcome.path.len();
    let shown = match request.step {
        Some(n) if n < steps => stepper.first_with(n, request.after)?,
        _ => whole.view.clone(),
    };
    Ok(Played {
        status: whole.outcome.status.name(),
        detail: whole.outcome.status.detail().map(str::to_string),
        level: whole.outcome.level.clone(),
        step: shown.path_len.min(steps),
        steps,
        firings: shown.firings,
        total_firings: whole.outcome.firings,
        path: whole.outcome.path,
        svg: shown.svg,
        answer: shown.answer,
    })
}

/// Runs of one puzzle with one rule set, stopped after a given number of firings.
pub struct Stepper<'a, K: PuzzleKind> {
    /// The rules: bundled levels, then the edited one.
    pub rule_set: RuleSet,
    /// The puzzle.
    pub puzzle: &'a K::Puzzle,
}

/// One run stopped after some firings, and what it shows.
pub struct Probe<A> {
    /// The solver's outcome (with the resolution path).
    pub outcome: Outcome<A>,
    /// What the page shows of it.
    pub view: View,
}

/// The part of a run the page shows.
#[derive(Clone, Debug)]
pub struct View {
    /// Deductions made.
    pub path_len: usize,
    /// Rules fired.
    pub firings: u64,
    /// The grid as SVG.
    pub svg: String,
    /// The grid as the puzzle's JSON answer.
    pub answer: Option<serde_json::Value>,
}

impl<K: PuzzleKind> Stepper<'_, K> {
    /// The run stopped after at most `firings` firings (and at most [`MAX_FIRINGS`]).
    pub fn probe(&self, firings: u64) -> Result<Probe<K::Answer>, PlayError> {
        let options = SolveOptions {
            max_firings: Some(firings.min(MAX_FIRINGS)),
            timeout: Some(TIMEOUT),
            explain: true,
            capabilities: Capabilities::CONFINED,
            ..SolveOptions::default()
        };
        let mut solver =
            Solver::<K>::for_rule_set(self.rule_set.clone(), options).map_err(|rendered| {
                PlayError::Rules {
                    problems: problems::<K>(&self.rule_set),
                    rendered,
                }
            })?;
        let outcome = solver.solve(self.puzzle);
        let answer = match solver.read_answer(self.puzzle) {
            Ok(Reading::Complete(a) | Reading::Partial(a)) => Some(a),
            Ok(Reading::Contradiction) | Err(_) => None,
        };
        let view = View {
            path_len: outcome.path.len(),
            firings: outcome.firings,
            svg: K::render_svg(self.puzzle, answer.as_ref()),
            answer: answer.as_ref().map(K::answer_json),
        };
        Ok(Probe { outcome, view })
    }

    /// The run stopped after the fewest firings that make `n` deductions. `after`, if
    /// given, is a firing count thought to make fewer than `n`; it is checked first.
    pub fn first_with(&self, n: usize, after: Option<u64>) -> Result<View, PlayError> {
        // Invariant: every run stopped before `lo` firings makes fewer than n deductions.
        let mut lo = match after {
            Some(k) if self.probe(k)?.view.path_len < n => k + 1,
            _ => 0,
        };
        // Gallop: lo, lo+1, lo+3, lo+7, ... until a run makes n deductions.
        let mut stride = 1u64;
        let (mut hi, mut best) = loop {
            let k = (lo + stride - 1).min(MAX_FIRINGS);
            let probe = self.probe(k)?;
            if probe.view.path_len >= n || k == MAX_FIRINGS {
                break (k, probe.view);
            }
            lo = k + 1;
            stride *= 2;
        };
        // Bisect between the last run with too few and the first with enough.
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let probe = self.probe(mid)?;
            if probe.view.path_len >= n {
                hi = mid;
                best = probe.view;
            } else {
                lo = mid + 1;
            }
        }
        Ok(best)
    }
}
