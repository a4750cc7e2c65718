//! Hypothetical reasoning (a Salience extension, declared with `defhypothesis`):
//! when no rule is activated, assume an alternative, propagate with the ordinary
//! rules, and keep what that proves — T&E(1), BLISS(1), BLISS(2) and T&E(2).
//!
//! Branches are cheap: working memory records its changes on a [`Trail`] while a
//! branch is open, and leaving the branch replays them backwards through the
//! network (`branch`); nothing is copied. The levels (`levels`) only try branches
//! and return proofs; this module runs them cheapest first when the agenda is
//! empty, applies what the first successful level proved to the real working
//! memory with a justification, and keeps the report (`report`).
//! `docs/hypothetical-reasoning.md` describes the construct and the semantics.

mod branch;
mod levels;
mod matcher;
mod report;
mod trail;

pub use report::{HypothesisReport, Justification, LevelStats, Reason};
pub use trail::Trail;

use crate::compile::hypothesis::{Hypothesis, Level};
use crate::compile::ModuleId;
use crate::env::{Environment, RunError, Watch};
use crate::syntax::ast::Defhypothesis;
use crate::syntax::Diagnostic;
use crate::wm::{copy_slots, Fact};
use levels::{Action, Proof, Why};
use std::rc::Rc;

/// What hypothetical reasoning keeps in the runtime.
#[derive(Debug, Default)]
pub struct State {
    /// The undo log of the open branches.
    pub trail: Trail,
    report: HypothesisReport,
    log: Vec<Justification>,
    /// Branches opened in the current run (against `Limits::max_hypotheses`).
    run_branches: u64,
    /// Rules fired by the current run when reasoning started (for limit messages).
    run_fired: u64,
    /// The alternatives assumed true in this reasoning step, by fact index, and what
    /// that gave (the levels of one step share them).
    tried: rustc_hash::FxHashMap<crate::value::FactId, levels::Tried>,
    /// How many T&E(2) passes since the `(reset)` tried each alternative without
    /// refuting it (later passes try those alternatives last).
    te2_failed: rustc_hash::FxHashMap<crate::value::FactId, u32>,
}

impl State {
    /// Forgets the report and the justifications (at `(reset)`).
    pub fn clear(&mut self) {
        *self = State::default();
    }

    /// Starts a run: its hypothesis budget is full again.
    pub fn start_run(&mut self) {
        self.run_branches = 0;
    }
}

impl Environment {
    /// Defines the defhypothesis (an environment holds one; redefining it by the
    /// same name replaces it).
    pub(crate) fn define_hypothesis(&mut self, h: &Defhypothesis) -> Result<(), Diagnostic> {
        let compiled = crate::compile::hypothesis::compile(&mut self.rt.program, h)?;
        if let Some(existing) = &self.rt.program.hypothesis {
            if existing.name != compiled.name {
                return Err(Diagnostic::new(
                    h.name.span,
                    format!(
                        "defhypothesis `{}` is already defined; an environment holds one",
                        existing.name
                    ),
                )
                .with_label("use the same name to replace it"));
            }
        }
        self.rt.program.hypothesis = Some(Rc::new(compiled));
        self.branch_net = None;
        Ok(())
    }

    /// The summary of hypothetical reasoning since the last `(reset)`: levels run,
    /// their counts, the highest level that proved something, backdoors.
    pub fn hypothesis_report(&self) -> &HypothesisReport {
        &self.rt.hypothesis.report
    }

    /// Every conclusion hypothetical reasoning proved since the last `(reset)`, in
    /// order, with its justification: the resolution path.
    pub fn hypothesis_log(&self) -> &[Justification] {
        &self.rt.hypothesis.log
    }

    /// Called by `run` when no rule is activated: tries the declared levels,
    /// cheapest first; at the first that proves something, applies its conclusions
    /// and returns `true` (the run goes on). `false` when there is no defhypothesis,
    /// reasoning is switched off, or nothing was proven.
    pub(crate) fn hypothesize(&mut self, run_fired: u64) -> Result<bool, RunError> {
        let Some(decl) = self.rt.program.hypothesis.clone() else {
            return Ok(false);
        };
        if self.rt.limits.no_hypotheses || self.budget_left() == Some(0) || self.settled(&decl) {
            return Ok(false);
        }
        if let Some(why) = self.unsupported(&decl) {
            if self.rt.hypothesis.report.skipped.is_none() {
                self.report(&format!("[HYPOTHESIS] skipped: {why}"));
                self.rt.hypothesis.report.skipped = Some(why);
            }
            return Ok(false);
        }
        self.rt.hypothesis.run_fired = run_fired;
        // A new step: working memory changed since the last one.
        self.rt.hypothesis.tried.clear();
        let max_depth = self.rt.limits.max_hypothesis_depth;
        let levels: Vec<Level> = (decl.levels.iter().copied())
            .filter(|l| max_depth.is_none_or(|d| l.depth() <= d))
            .collect();
        for level in levels {
            let found = self.quietly(&decl, level)?;
            if let Some(h) = found.inconsistent {
                self.rt.hypothesis.report.inconsistent = Some(self.text(&h));
                return Ok(false);
            }
            // Proofs that change nothing (e.g. an alternative already decided) are no
            // progress: the next level is tried.
            let proven = self.apply(&decl, found.proofs)?;
            if proven > 0 {
                self.rt.hypothesis.report.stats(level).proven += proven;
                let rank = |l: Level| decl.levels.iter().position(|x| *x == l);
                let report = &mut self.rt.hypothesis.report;
                if report.highest.is_none_or(|h| rank(level) > rank(h)) {
                    report.highest = Some(level);
                }
                // The conclusions propagate with the branch modules first, then MAIN.
                self.rt.focus = std::iter::once(ModuleId(0))
                    .chain(decl.propagate.iter().rev().copied())
                    .collect();
                return Ok(true);
            }
            if self.budget_left() == Some(0) {
                break;
            }
        }
        Ok(false)
    }

    /// Runs one pass of `level` with output and traces silenced.
    fn quietly(&mut self, decl: &Hypothesis, level: Level) -> Result<levels::Found, RunError> {
        self.rt.hypothesis.report.stats(level).passes += 1;
        let quiet = self.silence();
        self.rt.hypothesis.trail.watched = Some((decl.contradiction, decl.solved));
        let found = self.on_branch_matcher(decl, |env| env.run_level(level, decl));
        self.rt.hypothesis.trail.watched = None;
        self.restore_output(quiet);
        found
    }

    /// Whether the state is already decided: a contradiction or a solution fact exists.
    fn settled(&self, decl: &Hypothesis) -> bool {
        (self.rt.wm.iter())
            .any(|f| f.template == decl.contradiction || Some(f.template) == decl.solved)
    }

    /// Why branches cannot be undone exactly here, if they cannot: logical support
    /// ties facts to partial matches, which the trail does not restore.
    fn unsupported(&self, decl: &Hypothesis) -> Option<String> {
        if !self.rt.support.by_fact.is_empty() {
            return Some("facts with logical support exist".into());
        }
        let logical_rule = self.rule_indices().into_iter().find_map(|r| {
            let rule = &self.rt.rules[r];
            let logical = (rule.productions.iter())
                .any(|p| self.rt.productions[p.0 as usize].logical_level.is_some());
            (logical && decl.propagate.contains(&rule.module)).then_some(rule.name)
        });
        logical_rule.map(|r| format!("rule {r} uses logical, which branches cannot undo"))
    }

    /// Sends output, watch traces and the firing journal nowhere while branches run;
    /// returns what to restore.
    fn silence(&mut self) -> Quiet {
        let routers = &mut self.rt.routers;
        Quiet {
            stdout: std::mem::replace(&mut routers.stdout, Box::new(std::io::sink())),
            stderr: std::mem::replace(&mut routers.stderr, Box::new(std::io::sink())),
            watch: std::mem::take(&mut self.rt.watch),
            journal: self.rt.journal.take(),
        }
    }

    fn restore_output(&mut self, quiet: Quiet) {
        self.rt.routers.stdout = quiet.stdout;
        self.rt.routers.stderr = quiet.stderr;
        self.rt.watch = quiet.watch;
        self.rt.journal = quiet.journal;
    }

    /// Branches the current run may still open (`None`: no limit).
    fn budget_left(&self) -> Option<u64> {
        (self.rt.limits.max_hypotheses)
            .map(|max| max.saturating_sub(self.rt.hypothesis.run_branches))
    }

    /// Takes one branch from the budget; `false` (and the limit noted) when it is spent.
    fn spend(&mut self) -> bool {
        if self.budget_left() == Some(0) {
            self.rt.hypothesis.report.limit = Some("hypotheses".into());
            return false;
        }
        self.rt.hypothesis.run_branches += 1;
        true
    }

    /// Counts a tried assumption of `level` and what it ended in.
    fn tally(&mut self, level: Level, h: &Rc<Fact>, outcome: &branch::Outcome) {
        let backdoor = matches!(outcome, branch::Outcome::Solved);
        if backdoor {
            let text = self.text(h);
            let report = &mut self.rt.hypothesis.report;
            if !report.backdoors.contains(&text) {
                report.backdoors.push(text);
            }
        }
        let stats = self.rt.hypothesis.report.stats(level);
        stats.hypotheses += 1;
        match outcome {
            branch::Outcome::Contradiction(_) => stats.contradictions += 1,
            branch::Outcome::Solved => stats.backdoors += 1,
            branch::Outcome::Open => {}
        }
    }

    /// A fact's text as listings show it.
    fn text(&self, fact: &Fact) -> String {
        crate::env::show::fact_text(&self.rt.program, fact)
    }

    /// Applies proofs to the real working memory, logging each that changed it;
    /// returns how many did (a proof that changes nothing is no progress).
    fn apply(&mut self, decl: &Hypothesis, proofs: Vec<Proof>) -> Result<u64, RunError> {
        let mut applied = 0;
        // The trail, opened without undo, tells whether a proof changed anything.
        let mark = self.rt.hypothesis.trail.open();
        let result = self.apply_each(decl, proofs, &mut applied);
        self.rt.hypothesis.trail.close(mark);
        result.map(|()| applied)
    }

    fn apply_each(
        &mut self,
        decl: &Hypothesis,
        proofs: Vec<Proof>,
        applied: &mut u64,
    ) -> Result<(), RunError> {
        for proof in proofs {
            let changed_before = self.rt.hypothesis.trail.entries.len();
            let log_index = self.rt.hypothesis.log.len();
            if let Some(journal) = &mut self.rt.journal {
                journal.begin(
                    0,
                    crate::env::journal::Cause::Hypothesis(log_index),
                    Vec::new(),
                );
            }
            let conclusion = match &proof.action {
                Action::Assume(truth, content) => {
                    let Some(id) = self.find_content(&content.0) else {
                        continue;
                    };
                    self.assume(decl, *truth, id)?;
                    let text = self.text(&content.0);
                    if *truth {
                        text
                    } else {
                        format!("not {text}")
                    }
                }
                Action::Change(branch::Change::Assert(content)) => {
                    if self.find_content(&content.0).is_some() {
                        continue;
                    }
                    let f = &content.0;
                    self.assert_values(f.template, copy_slots(&f.slots))
                        .map_err(|e| RunError::Rule {
                            rule: format!("defhypothesis {}", decl.name),
                            clips: e.message.clone(),
                            message: e.message,
                        })?;
                    format!("assert {}", self.text(f))
                }
                Action::Change(branch::Change::Retract(content)) => {
                    let Some(id) = self.find_content(&content.0) else {
                        continue;
                    };
                    self.retract(id);
                    format!("retract {}", self.text(&content.0))
                }
            };
            if let Some(journal) = &mut self.rt.journal {
                journal.end();
            }
            if self.rt.hypothesis.trail.entries.len() == changed_before {
                continue;
            }
            let justification = Justification {
                level: proof.level,
                hypotheses: proof.hypotheses.iter().map(|h| self.text(h)).collect(),
                reason: match proof.why {
                    Why::Contradiction { fact, nested } => Reason::Contradiction {
                        fact: self.text(&fact),
                        nested,
                    },
                    Why::OtherBranch {
                        assumed,
                        contradiction,
                    } => Reason::OtherBranch {
                        assumed,
                        contradiction: self.text(&contradiction),
                    },
                    Why::Common { branches } => Reason::Common { branches },
                },
                conclusion,
            };
            self.rt.hypothesis.log.push(justification);
            *applied += 1;
        }
        Ok(())
    }
}

/// The output and watch settings put aside while branches run.
struct Quiet {
    stdout: Box<dyn std::io::Write>,
    stderr: Box<dyn std::io::Write>,
    watch: Watch,
    journal: Option<crate::env::journal::Journal>,
}
