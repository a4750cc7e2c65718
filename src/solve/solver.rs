//! The solver: one environment with a puzzle's templates and rule levels loaded, reused for
//! every puzzle — `(reset)`, assert the puzzle, `(run)`, read the answer, check it.

use super::kind::{PuzzleKind, Reading};
use salience_engine::env::capabilities::Capabilities;
use salience_engine::env::journal::{Cause, Firing};
use salience_engine::env::Environment;
use salience_engine::env::RunError;
use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How a puzzle ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every cell decided and the independent checker accepts the answer.
    Solved,
    /// The rules stopped with cells undecided.
    Stuck,
    /// The rules (or the independent classifier) found that the puzzle has no solution.
    Contradiction,
    /// The puzzle has several solutions (found by the independent classifier).
    Multiple,
    /// Every cell decided, but the checker rejects the answer: a rule is unsound.
    Wrong(String),
    /// A limit stopped the run.
    Limit(String),
    /// The run failed (a rule's actions raised an error, or the answer could not be read).
    Error(String),
}

impl Status {
    /// The status as printed in JSON and tables: `solved`, `stuck`, `wrong`, ...
    pub fn name(&self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Stuck => "stuck",
            Status::Contradiction => "contradiction",
            Status::Multiple => "multiple",
            Status::Wrong(_) => "wrong",
            Status::Limit(_) => "limit",
            Status::Error(_) => "error",
        }
    }

    /// The explanation attached to `wrong`, `limit` and `error`.
    pub fn detail(&self) -> Option<&str> {
        match self {
            Status::Wrong(s) | Status::Limit(s) | Status::Error(s) => Some(s),
            _ => None,
        }
    }
}

/// What solving one puzzle gave.
#[derive(Clone, Debug)]
pub struct Outcome<A> {
    /// How it ended.
    pub status: Status,
    /// The answer read back (complete or partial), if any.
    pub answer: Option<A>,
    /// The strongest rule level whose rules fired (or the hypothesis level that was needed).
    pub level: String,
    /// Rules fired in all.
    pub firings: u64,
    /// Firings per rule, for the rules that fired.
    pub rules: BTreeMap<String, u64>,
    /// Hypothesis branches opened (nested ones included).
    pub branches: u64,
    /// Wall time from `(reset)` to the checked answer.
    pub elapsed: Duration,
    /// The resolution path, one line per deduction (only when explaining).
    pub path: Vec<String>,
}

/// Limits and switches for a [`Solver`].
#[derive(Clone, Copy, Debug, Default)]
pub struct SolveOptions {
    /// Stop a puzzle after this many rule firings.
    pub max_firings: Option<u64>,
    /// Stop a puzzle after this long.
    pub timeout: Option<Duration>,
    /// Record the resolution path.
    pub explain: bool,
    /// Switch hypothetical reasoning (`defhypothesis`) off.
    pub no_hypotheses: bool,
    /// The most hypothesis branches per puzzle.
    pub max_hypotheses: Option<u64>,
    /// The deepest hypothesis level (1: T&E(1), BLISS(1); 2: also BLISS(2), T&E(2)).
    pub max_hypothesis_depth: Option<u32>,
    /// The outside access the rules may have (all by default; the playground confines
    /// rules typed in the page).
    pub capabilities: Capabilities,
}

/// One rule file of a rule set: a level.
#[derive(Clone, Debug)]
pub struct RuleLevel {
    /// The level's name, reported as a puzzle's `level`.
    pub name: String,
    /// The name its source is loaded under (the file's path), used in diagnostics.
    pub source_name: String,
    /// The rule file's text.
    pub text: std::borrow::Cow<'static, str>,
}

/// The rule files a solver loads after the templates, weakest level first.
#[derive(Clone, Debug)]
pub struct RuleSet {
    /// A name for tables: the bundled level names or the file names, joined with `+`.
    pub name: String,
    /// The levels in load order.
    pub levels: Vec<RuleLevel>,
}

impl RuleSet {
    /// The bundled levels of `K`, the first `count` of them (all when `None`).
    pub fn bundled<K: PuzzleKind>(count: Option<usize>) -> Self {
        let levels: Vec<RuleLevel> = K::levels()
            .iter()
            .take(count.unwrap_or(usize::MAX))
            .map(|l| RuleLevel {
                name: l.name.to_string(),
                source_name: l.file.to_string(),
                text: std::borrow::Cow::Borrowed(l.source),
            })
            .collect();
        let name = match (levels.first(), levels.last()) {
            (Some(first), Some(last)) if levels.len() > 1 => {
                format!("{}..{}", first.name, last.name)
            }
            _ => levels.first().map_or_else(String::new, |l| l.name.clone()),
        };
        RuleSet { name, levels }
    }

    /// Rule files read from disk, each one a level named by its file stem.
    pub fn from_files(files: &[PathBuf]) -> Result<Self, String> {
        let levels = files
            .iter()
            .map(|file| {
                let text = std::fs::read_to_string(file)
                    .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
                Ok(RuleLevel {
                    name: level_name(file),
                    source_name: file.display().to_string(),
                    text: std::borrow::Cow::Owned(text),
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Self::named(levels))
    }

    fn named(levels: Vec<RuleLevel>) -> Self {
        let name = levels
            .iter()
            .map(|l| l.name.as_str())
            .collect::<Vec<_>>()
            .join("+");
        RuleSet { name, levels }
    }
}

/// An environment loaded with a puzzle kind's templates and rules, ready to solve puzzles.
pub struct Solver<K: PuzzleKind> {
    env: Environment,
    rule_set: RuleSet,
    options: SolveOptions,
    kind: PhantomData<K>,
}

impl<K: PuzzleKind> Solver<K> {
    /// Loads the templates, then `rules` (each file a level named by its stem) or, when
    /// `None`, the bundled levels. A rule file with errors gives its rendered diagnostics.
    pub fn new(rules: Option<&[PathBuf]>) -> Result<Self, String> {
        Self::with_options(rules, SolveOptions::default())
    }

    /// Like [`Solver::new`], with limits and switches.
    pub fn with_options(rules: Option<&[PathBuf]>, options: SolveOptions) -> Result<Self, String> {
        let rule_set = match rules {
            Some(files) => RuleSet::from_files(files)?,
            None => RuleSet::bundled::<K>(None),
        };
        Self::for_rule_set(rule_set, options)
    }

    /// Loads the templates and the levels of `rule_set`.
    pub fn for_rule_set(rule_set: RuleSet, options: SolveOptions) -> Result<Self, String> {
        let mut env = Environment::new();
        env.set_output(std::io::sink());
        // Before loading: a defglobal's value is computed as it loads.
        env.set_capabilities(options.capabilities);
        let templates = K::templates();
        env.load_str(templates.source, templates.file)
            .map_err(|e| e.rendered)?;
        for level in &rule_set.levels {
            env.load_str(&level.text, &level.source_name)
                .map_err(|e| e.rendered)?;
        }
        // The journal tells which level made deductions (and, explaining, the path).
        env.set_journal(true);
        let limits = env.limits_mut();
        limits.max_firings = options.max_firings;
        limits.max_time = options.timeout;
        limits.no_hypotheses = options.no_hypotheses;
        limits.max_hypotheses = options.max_hypotheses;
        limits.max_hypothesis_depth = options.max_hypothesis_depth;
        Ok(Solver {
            env,
            rule_set,
            options,
            kind: PhantomData,
        })
    }

    /// The rule set this solver runs.
    pub fn rule_set(&self) -> &RuleSet {
        &self.rule_set
    }

    /// Solves one puzzle: `(reset)`, assert it, `(run)`, read the answer and check it.
    pub fn solve(&mut self, puzzle: &K::Puzzle) -> Outcome<K::Answer> {
        let started = Instant::now();
        self.env.reset();
        self.env.clear_journal();
        let run = K::assert_puzzle(&mut self.env, puzzle)
            .map_err(Status::Error)
            .and_then(|()| self.env.run(None).map_err(run_status));
        let (status, answer) = match run {
            Err(status) => (status, None),
            Ok(_) => self.judge(puzzle),
        };
        let rules: BTreeMap<String, u64> = self
            .env
            .rule_firings()
            .filter(|r| r.fired > 0)
            .map(|r| (r.name.to_string(), r.fired))
            .collect();
        Outcome {
            status,
            answer,
            level: self.strongest_level(),
            firings: rules.values().sum(),
            rules,
            branches: self.env.hypothesis_report().branches,
            elapsed: started.elapsed(),
            path: if self.options.explain {
                self.resolution_path()
            } else {
                Vec::new()
            },
        }
    }

    /// Reads the answer from working memory as the last [`Solver::solve`] left it, also when
    /// a limit stopped the run and [`Outcome::answer`] is `None`: the playground shows the
    /// grid after the first k firings this way.
    pub fn read_answer(&self, puzzle: &K::Puzzle) -> Result<Reading<K::Answer>, String> {
        K::read_answer(&self.env, puzzle)
    }

    /// Reads the answer and decides the status, using the checker and the classifier.
    fn judge(&self, puzzle: &K::Puzzle) -> (Status, Option<K::Answer>) {
        match K::read_answer(&self.env, puzzle) {
            Err(e) => (Status::Error(e), None),
            Ok(Reading::Contradiction) => (Status::Contradiction, None),
            Ok(Reading::Complete(answer)) => match K::check(puzzle, &answer) {
                Ok(()) => (Status::Solved, Some(answer)),
                Err(why) => (Status::Wrong(why), Some(answer)),
            },
            Ok(Reading::Partial(answer)) => {
                let status = match K::classify_unsolved(puzzle) {
                    Some("multiple") => Status::Multiple,
                    Some("contradiction") => Status::Contradiction,
                    _ => Status::Stuck,
                };
                (status, Some(answer))
            }
        }
    }

    /// The level that was needed: the hypothesis level if hypothetical reasoning proved
    /// anything (it runs only when the rules are stuck), else the last rule level (in
    /// load order) with a rule that made a deduction — a change the puzzle kind names in
    /// a resolution path; bookkeeping firings do not count. Empty when nothing was deduced.
    fn strongest_level(&self) -> String {
        if let Some(level) = self.env.hypothesis_report().highest {
            return level.to_string();
        }
        let mut deducing_sources: Vec<&str> = Vec::new();
        for firing in self.env.journal() {
            let Cause::Rule(rule) = firing.cause else {
                continue;
            };
            if self.describe_firing(firing).is_empty() {
                continue;
            }
            if let Some(source) = self.env.rule_source(rule) {
                if !deducing_sources.contains(&source) {
                    deducing_sources.push(source);
                }
            }
        }
        self.rule_set
            .levels
            .iter()
            .rev()
            .find(|level| deducing_sources.contains(&level.source_name.as_str()))
            .map(|level| level.name.clone())
            .unwrap_or_default()
    }

    /// The changes of one firing worth naming, asserted facts first.
    fn describe_firing(&self, firing: &Firing) -> Vec<String> {
        firing
            .asserted
            .iter()
            .filter_map(|f| K::describe_change(&self.env, f, true))
            .chain(
                firing
                    .retracted
                    .iter()
                    .filter_map(|f| K::describe_change(&self.env, f, false)),
            )
            .collect()
    }

    /// One line per firing that changed something worth naming.
    fn resolution_path(&self) -> Vec<String> {
        let mut path = Vec::new();
        for firing in self.env.journal() {
            let changes = self.describe_firing(firing);
            if changes.is_empty() {
                continue;
            }
            let why = match firing.cause {
                Cause::Rule(rule) => {
                    let (name, comment) = self.env.rule_label(rule).unwrap_or(("?", None));
                    match comment {
                        Some(comment) => format!("{name} ({comment})"),
                        None => name.to_string(),
                    }
                }
                Cause::Hypothesis(index) => self
                    .env
                    .hypothesis_log()
                    .get(index)
                    .map_or_else(|| "hypothesis".to_string(), ToString::to_string),
            };
            path.push(format!("{}: {why}", changes.join(", ")));
        }
        path
    }
}

/// A level's name from its file: the file stem.
fn level_name(file: &Path) -> String {
    file.file_stem().map_or_else(
        || file.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}

/// The status for a run that ended in an error or at a limit.
fn run_status(e: RunError) -> Status {
    match e {
        RunError::Limit { .. } => Status::Limit(e.to_string()),
        other => Status::Error(other.to_string()),
    }
}
