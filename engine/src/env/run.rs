//! Running: choosing the next activation from the focus stack, firing it, and
//! stopping at halt, an empty agenda, or a limit.

use super::run_statistics::RunStatistics;
use super::{show, Environment, SalienceEvaluation};
use crate::compile::ModuleId;
use crate::eval::{self, Unwind};
use crate::messages;
use crate::value::Atom;
use std::time::{Duration, Instant};

/// Limits that stop a runaway run.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// The most rules one `run` may fire.
    pub max_firings: Option<u64>,
    /// The most facts working memory may hold.
    pub max_facts: Option<usize>,
    /// The longest one `run` may take (hypothesis branches included).
    pub max_time: Option<Duration>,
    /// Switches hypothetical reasoning (`defhypothesis`) off.
    pub no_hypotheses: bool,
    /// The most hypothesis branches one `run` may open (nested ones included).
    pub max_hypotheses: Option<u64>,
    /// The deepest level of hypothetical reasoning tried: 1 keeps te1 and bliss1,
    /// 2 also bliss2 and te2.
    pub max_hypothesis_depth: Option<u32>,
    /// The most resident memory the process may hold during a run, in bytes (checked
    /// between firings and in loops, at most once a millisecond; Linux only).
    pub max_memory: Option<u64>,
}

/// Why a run stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// No activations were left.
    AgendaEmpty,
    /// `(halt)` was called.
    Halted,
    /// The `(run N)` count was reached.
    CountReached,
    /// The next rule to fire has a breakpoint (`set-break`).
    Breakpoint,
}

/// A run that ended in an error or at a limit.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RunError {
    /// A rule's actions failed.
    #[error("error in the actions of rule {rule}: {message}")]
    Rule {
        /// The rule.
        rule: String,
        /// What went wrong, with its location when known.
        message: String,
        /// What CLIPS prints: the error's message, then for a rule
        /// `[PRCCODE4] Execution halted during the actions of defrule 'r'.`
        clips: String,
    },
    /// A limit was reached.
    #[error("{limit} limit reached after {fired} rule firings (last rule: {rule})")]
    Limit {
        /// Which limit.
        limit: String,
        /// Rules fired by the run.
        fired: u64,
        /// The last rule fired.
        rule: String,
    },
}

impl Environment {
    /// Fires rules until the agenda is empty, `(halt)`, or `count` firings; returns
    /// the number fired.
    pub fn run(&mut self, count: Option<u64>) -> Result<u64, RunError> {
        self.run_with_reason(count).map(|(n, _)| n)
    }

    /// Like [`Environment::run`], also saying why the run stopped.
    pub fn run_with_reason(&mut self, count: Option<u64>) -> Result<(u64, StopReason), RunError> {
        // As in CLIPS, `(run)` inside a running rule's actions does nothing (and so
        // cannot nest runs without bound).
        if self.rt.running {
            return Ok((0, StopReason::AgendaEmpty));
        }
        self.rt.running = true;
        let result = self.run_guarded(count);
        self.rt.running = false;
        result
    }

    fn run_guarded(&mut self, count: Option<u64>) -> Result<(u64, StopReason), RunError> {
        let started = Instant::now();
        self.rt.deadline = self.rt.limits.max_time.map(|t| started + t);
        self.rt.hypothesis.start_run();
        let result = self.run_loop(count, started);
        self.rt.deadline = None;
        result
    }

    fn run_loop(
        &mut self,
        count: Option<u64>,
        started: Instant,
    ) -> Result<(u64, StopReason), RunError> {
        self.rt.halted = false;
        self.rt.execution_halted = false;
        if self.rt.focus.is_empty() {
            self.rt.push_focus(ModuleId(0));
        }
        let mut fired = 0u64;
        let mut statistics = (self.rt.watch.statistics)
            .then(|| RunStatistics::start(self.rt.wm.len(), self.rt.agenda.len()));
        // The name is copied into the error only if a limit stops the run.
        let mut last_rule: Option<Atom> = None;
        let reason = loop {
            if count.is_some_and(|c| fired >= c) {
                break StopReason::CountReached;
            }
            if self.rt.halted {
                break StopReason::Halted;
            }
            if let Some(max) = self.rt.limits.max_firings {
                if fired >= max {
                    return Err(self.limit_error("firing", fired, last_rule));
                }
            }
            if let Some(max) = self.rt.limits.max_time {
                if started.elapsed() > max {
                    return Err(self.limit_error("time", fired, last_rule));
                }
            }
            if self.rt.memory_exceeded() {
                return Err(self.limit_error("memory", fired, last_rule));
            }
            let Some(activation) = self.next_activation() else {
                // Nothing to fire: hypothetical reasoning may prove something new.
                if self.hypothesize(fired)? {
                    continue;
                }
                break StopReason::AgendaEmpty;
            };
            let rule = &self.rt.rules[self.rt.productions[activation.production.0 as usize].rule];
            if rule.breakpoint && fired > 0 {
                let line = format!("Breaking on rule {}.\n", rule.name);
                self.rt
                    .agenda
                    .put_back(activation, &|t| self.net.token_facts(t));
                self.rt.routers.write("t", &line);
                break StopReason::Breakpoint;
            }
            fired += 1;
            last_rule = Some(rule.name);
            if let Err(e) = self.fire(activation, fired) {
                // The firings up to the failed one count, as CLIPS counts them.
                self.rt.fired += fired;
                return Err(e);
            }
            if let Some(statistics) = &mut statistics {
                statistics.sample(self.rt.wm.len(), self.rt.agenda.len());
            }
            self.rt.pop_empty_focus();
            if self.rt.exit_requested.is_some() {
                break StopReason::Halted;
            }
        };
        self.rt.fired += fired;
        if let Some(statistics) = statistics {
            self.rt.routers.write("t", &statistics.report(fired));
        }
        self.rt.routers.flush();
        Ok((fired, reason))
    }

    fn limit_error(&mut self, limit: &str, fired: u64, rule: Option<Atom>) -> RunError {
        self.rt.routers.flush();
        RunError::Limit {
            limit: limit.to_string(),
            fired,
            rule: rule.map_or_else(|| "none".to_string(), |name| name.to_string()),
        }
    }

    /// Takes the next activation from the module on top of the focus stack, popping
    /// modules whose agendas are empty.
    pub(super) fn next_activation(&mut self) -> Option<crate::agenda::Activation> {
        if self.rt.salience_evaluation == SalienceEvaluation::EveryCycle {
            self.refresh_saliences(None);
        }
        loop {
            // An empty focus stack (e.g. after `return` popped MAIN) refocuses MAIN
            // while MAIN has activations.
            if self.rt.focus.is_empty() && !self.rt.agenda.module_is_empty(ModuleId(0)) {
                self.rt.focus.push(ModuleId(0));
            }
            let module = *self.rt.focus.last()?;
            if let Some(a) = self.rt.agenda.pop(module) {
                // As in CLIPS, the focused module is the current one while its rules fire.
                self.rt.program.current_module = module;
                return Some(a);
            }
            self.rt.pop_focus();
        }
    }

    /// Re-evaluates the salience of every activation of a rule with dynamic salience
    /// (of the rules of `module` only, when given).
    pub(crate) fn refresh_saliences(&mut self, module: Option<crate::compile::ModuleId>) {
        let all: Vec<_> = self
            .rt
            .agenda
            .all()
            .map(|a| (a.production, a.token))
            .collect();
        for (production, token) in all {
            let rule = self.rt.productions[production.0 as usize].rule;
            let in_module = module.is_none_or(|m| self.rt.rules[rule].module == m);
            if in_module && matches!(self.rt.rules[rule].salience, super::Salience::Dynamic(..)) {
                let s = self.rt.salience_of(rule);
                let facts = |t| self.net.token_facts(t);
                self.rt.agenda.set_salience(production, token, s, &facts);
            }
        }
    }

    pub(super) fn fire(
        &mut self,
        activation: crate::agenda::Activation,
        number: u64,
    ) -> Result<(), RunError> {
        let production = &self.rt.productions[activation.production.0 as usize];
        let rhs = production.rhs.clone();
        let frame_size = production.frame_size;
        let logical = production.logical_level;
        let mut frame = self.rt.spare_frames.pop().unwrap_or_default();
        frame.extend(
            production
                .rhs_frame
                .iter()
                .map(|s| self.net.read(activation.token, *s)),
        );
        frame.resize(frame_size.max(frame.len()), crate::eval::unbound());
        let rule_index = production.rule;
        let rule = &mut self.rt.rules[rule_index];
        rule.fired += 1;
        let name = rule.name;
        let origin = rule.origin;
        if let Some(journal) = &mut self.rt.journal {
            journal.begin(
                number,
                super::journal::Cause::Rule(rule_index),
                self.net.token_facts(activation.token),
            );
        }
        if self.rt.watches(super::WatchedKind::Rules, rule_index) {
            let line = format!(
                "FIRE {number:>4} {}: {}\n",
                name,
                show::fact_list(&self.net.token_facts(activation.token))
            );
            self.rt.routers.write("t", &line);
        }
        self.rt.current_support =
            logical.and_then(|level| self.net.ancestor(activation.token, level));
        let outer = self.rt.firing_rule.replace(rule_index);
        self.rt.match_fault = false;
        let result = eval::eval_body(self, &mut frame, &rhs);
        self.settle_objects();
        eval::give_back_frame(self, frame);
        if let Some(journal) = &mut self.rt.journal {
            journal.end();
        }
        self.rt.current_support = None;
        self.rt.firing_rule = outer;
        let faulted = std::mem::take(&mut self.rt.match_fault);
        match result {
            Ok(_) | Err(Unwind::Break) if faulted => {
                let warning = messages::procedures::prccode4_warning(name.as_str());
                self.report(&warning);
                Ok(())
            }
            Ok(_) | Err(Unwind::Break) => Ok(()),
            Err(Unwind::Return(_)) => {
                // `return` in a rule's actions also removes the current focus.
                self.rt.pop_focus();
                Ok(())
            }
            Err(Unwind::Error(e)) => {
                self.rt.halted = true;
                self.rt.routers.flush();
                let halted = messages::procedures::prccode4("defrule", name.as_str());
                Err(RunError::Rule {
                    rule: name.to_string(),
                    message: self.locate(origin, &e),
                    clips: format!("{}\n{halted}", e.message),
                })
            }
        }
    }

    /// An error message prefixed with `file:line:column` when its span is known.
    pub(crate) fn locate(&self, origin: usize, e: &crate::eval::EvalError) -> String {
        match (e.span, self.rt.sources.get(origin)) {
            (Some(span), Some((name, text))) => {
                let at = crate::syntax::span::line_col(text, span.start);
                format!("{name}:{at}: {}", e.message)
            }
            _ => e.message.clone(),
        }
    }
}
