//! One branch: open it, assume an alternative, propagate with the ordinary rules,
//! read its net conclusions, and undo it so that nothing leaks (facts, fact
//! numbering, activations, focus, globals).

use super::trail::Entry;
use crate::agenda::Activation;
use crate::compile::hypothesis::Hypothesis;
use crate::compile::ModuleId;
use crate::env::{Environment, RunError};
use crate::rete::{ProductionId, TokenId};
use crate::value::{FactId, Value};
use crate::wm::{copy_slots, Fact};
use indexmap::IndexSet;
use rustc_hash::{FxBuildHasher, FxHashMap};
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// How a branch's propagation ended.
#[derive(Debug, Clone)]
pub(super) enum Outcome {
    /// A contradiction fact was asserted (this one).
    Contradiction(Rc<Fact>),
    /// A solution fact was asserted and no contradiction.
    Solved,
    /// Neither: the rules ran out.
    Open,
}

/// A fact's content (template and slot values), compared and hashed by value: a
/// conclusion is the same whichever branch, and whichever fact index, produced it.
#[derive(Debug, Clone)]
pub(super) struct Content(pub(super) Rc<Fact>);

impl PartialEq for Content {
    fn eq(&self, other: &Self) -> bool {
        self.0.template == other.0.template && self.0.slots == other.0.slots
    }
}

impl Eq for Content {}

impl Hash for Content {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.template.hash(state);
        self.0.slots.hash(state);
    }
}

/// A net change a branch made to a fact of a `keep` template.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Change {
    /// A fact with this content exists at the end and did not at the start.
    Assert(Content),
    /// A fact with this content existed at the start and does not at the end.
    Retract(Content),
}

/// A branch's conclusions, in the order they first appeared.
pub(super) type Changes = IndexSet<Change, FxBuildHasher>;

/// An activation and the facts its token matched, read when the branch opens: the
/// branch may delete the token.
type SavedActivation = (Activation, Vec<Option<FactId>>);

/// What a branch restores besides working memory.
struct Saved {
    next_fact: FactId,
    focus: Vec<ModuleId>,
    globals: Vec<Value>,
    agenda: Vec<SavedActivation>,
}

impl Environment {
    /// Runs `body` inside a new branch (given the branch's trail mark), then undoes
    /// every change the branch made, whatever `body` returned.
    pub(super) fn in_branch<T>(
        &mut self,
        body: impl FnOnce(&mut Self, usize) -> Result<T, RunError>,
    ) -> Result<T, RunError> {
        let saved = Saved {
            next_fact: self.rt.wm.next_id(),
            focus: self.rt.focus.clone(),
            globals: self
                .rt
                .program
                .globals
                .iter()
                .map(|g| g.value.clone())
                .collect(),
            agenda: {
                let mut all: Vec<SavedActivation> = (self.rt.agenda.all())
                    .map(|a| (a.clone(), self.net.token_facts(a.token)))
                    .collect();
                all.sort_by_key(|(a, _)| a.seq);
                all
            },
        };
        let mark = self.rt.hypothesis.trail.open();
        let journal_len = self.rt.journal.as_ref().map(|j| j.firings.len());
        self.rt.hypothesis.report.branches += 1;
        let result = body(self, mark);
        // The journal tells the real derivation: what a branch fired is forgotten.
        if let (Some(journal), Some(len)) = (&mut self.rt.journal, journal_len) {
            journal.truncate(len);
        }
        let entries = self.rt.hypothesis.trail.close(mark);
        self.undo(entries);
        self.rt.wm.set_next_id(saved.next_fact);
        self.rt.focus = saved.focus;
        for (global, value) in self.rt.program.globals.iter_mut().zip(saved.globals) {
            global.value = value;
        }
        self.restore_agenda(&saved.agenda);
        self.rt.halted = false;
        self.rt.match_fault = false;
        result
    }

    /// Undoes `entries` (a branch's changes, oldest first) by their net effect: the
    /// facts the branch left under the indices it touched are removed first, then the
    /// facts those indices held before the branch are put back, each under its own
    /// index, the last touched first. Removing first pays: a fact put back while the
    /// branch's own facts still stood would match the rules that had removed it (in
    /// Sudoku, a candidate put back beside the placed value that eliminated it), only
    /// for those matches to go again with the placed value.
    fn undo(&mut self, entries: Vec<Entry>) {
        let mut before: FxHashMap<FactId, Option<Rc<Fact>>> = FxHashMap::default();
        let mut touched = Vec::new();
        for entry in entries {
            let (id, held) = match entry {
                Entry::Asserted(id) => (id, None),
                Entry::Retracted(fact) => (fact.id, Some(fact)),
            };
            if let std::collections::hash_map::Entry::Vacant(slot) = before.entry(id) {
                slot.insert(held);
                touched.push(id);
            }
        }
        for id in touched.iter().rev() {
            if let Some(fact) = self.rt.wm.remove(*id) {
                self.net.retract_fact(&fact, &mut self.rt);
            }
        }
        for id in touched.iter().rev() {
            if let Some(Some(old)) = before.remove(id) {
                let slots = copy_slots(&old.slots);
                let hash = old.content_hash();
                let fact = self.rt.wm.insert_with_id(old.id, hash, old.template, slots);
                self.net.assert_fact(&fact, &mut self.rt);
            }
        }
    }

    /// Makes the agenda hold exactly the activations it held before the branch, in
    /// the same order. Undoing re-creates the activations of rules that had already
    /// fired on facts the branch retracted: those must not fire again. Activations
    /// the branch removed and undoing re-created, or that fired inside the branch,
    /// are put back: then every activation is re-added, oldest first, so that the
    /// order is the old one.
    fn restore_agenda(&mut self, before: &[SavedActivation]) {
        if before.is_empty() {
            self.rt.agenda.clear();
            return;
        }
        let mut by_key: FxHashMap<(ProductionId, Vec<Option<FactId>>), Vec<usize>> =
            FxHashMap::default();
        for (i, (a, facts)) in before.iter().enumerate().rev() {
            by_key
                .entry((a.production, facts.clone()))
                .or_default()
                .push(i);
        }
        let now: Vec<_> = (self.rt.agenda.all())
            .map(|a| (a.production, a.token, self.net.token_facts(a.token), a.seq))
            .collect();
        let mut token_of: Vec<Option<TokenId>> = vec![None; before.len()];
        let mut unchanged = true;
        for (production, token, facts, seq) in now {
            match by_key.get_mut(&(production, facts)).and_then(|v| v.pop()) {
                Some(i) => {
                    token_of[i] = Some(token);
                    let (a, _) = &before[i];
                    unchanged &= a.token == token && a.seq == seq;
                }
                None => {
                    self.rt.agenda.remove(production, token);
                }
            }
        }
        if unchanged && token_of.iter().all(Option::is_some) {
            return;
        }
        for ((a, _), token) in before.iter().zip(&token_of) {
            if let Some(token) = token {
                self.rt.agenda.remove(a.production, *token);
            }
        }
        let token_facts = |t| self.net.token_facts(t);
        for ((a, facts), token) in before.iter().zip(token_of) {
            // An activation that fired inside the branch: its match still exists.
            let token = token.or_else(|| {
                (self.net.production_tokens(a.production).into_iter())
                    .find(|t| self.net.token_facts(*t) == *facts)
            });
            if let Some(token) = token {
                (self.rt.agenda).add(
                    a.production,
                    token,
                    a.salience,
                    a.module,
                    a.specificity,
                    &token_facts,
                );
            }
        }
    }

    /// Calls the declaration's assume-true (or assume-false) deffunction on fact `id`.
    pub(super) fn assume(
        &mut self,
        decl: &Hypothesis,
        truth: bool,
        id: FactId,
    ) -> Result<(), RunError> {
        let function = if truth {
            decl.assume_true
        } else {
            decl.assume_false
        };
        let args = vec![Value::Fact(id)];
        match crate::eval::call_function(self, function, args, Default::default()) {
            Ok(_) | Err(crate::eval::Unwind::Return(_)) | Err(crate::eval::Unwind::Break) => Ok(()),
            Err(crate::eval::Unwind::Error(e)) => Err(RunError::Rule {
                rule: format!(
                    "defhypothesis {} ({})",
                    decl.name,
                    if truth { "assume-true" } else { "assume-false" }
                ),
                clips: e.message.clone(),
                message: e.message,
            }),
        }
    }

    /// Fires the rules of the declaration's modules until none is activated, a
    /// contradiction appears, or `(halt)`.
    pub(super) fn propagate(&mut self, decl: &Hypothesis) -> Result<Outcome, RunError> {
        self.rt.focus = decl.propagate.iter().rev().copied().collect();
        let mut fired = 0u64;
        let outcome = loop {
            if let Some(c) = &self.rt.hypothesis.trail.contradiction {
                break Outcome::Contradiction(c.clone());
            }
            self.check_branch_limits(fired)?;
            let Some(activation) = self.next_branch_activation(&decl.propagate) else {
                break self.open_outcome();
            };
            fired += 1;
            self.fire(activation, fired)?;
            self.rt.pop_empty_focus();
            if self.rt.halted {
                self.rt.halted = false;
                if let Some(c) = &self.rt.hypothesis.trail.contradiction {
                    break Outcome::Contradiction(c.clone());
                }
                break self.open_outcome();
            }
        };
        self.rt.hypothesis.report.firings += fired;
        Ok(outcome)
    }

    /// The next activation of a `propagate` module. Unlike a run, a branch never falls
    /// back to MAIN (or any other module) unless it is one of them: modules pushed on
    /// the focus stack by auto-focus rules outside `propagate` are passed over.
    fn next_branch_activation(&mut self, modules: &[ModuleId]) -> Option<Activation> {
        loop {
            if self.rt.focus.is_empty() {
                let waiting = modules
                    .iter()
                    .find(|m| !self.rt.agenda.module_is_empty(**m))?;
                self.rt.focus.push(*waiting);
            }
            let module = *self.rt.focus.last()?;
            if modules.contains(&module) {
                if let Some(a) = self.rt.agenda.pop(module) {
                    return Some(a);
                }
            }
            self.rt.pop_focus();
        }
    }

    fn open_outcome(&self) -> Outcome {
        if self.rt.hypothesis.trail.solved {
            Outcome::Solved
        } else {
            Outcome::Open
        }
    }

    /// The time limit of the run, and the firing limit applied to each branch.
    fn check_branch_limits(&mut self, fired: u64) -> Result<(), RunError> {
        let over_time = self
            .rt
            .deadline
            .is_some_and(|d| std::time::Instant::now() > d);
        let over_firings = self.rt.limits.max_firings.is_some_and(|max| fired >= max);
        if !over_time && !over_firings {
            return Ok(());
        }
        Err(RunError::Limit {
            limit: if over_time { "time" } else { "firing" }.to_string(),
            fired: self.rt.hypothesis.run_fired,
            rule: "a rule inside a hypothesis branch".to_string(),
        })
    }

    /// The net changes to facts of `keep` templates since `mark`, by content.
    pub(super) fn changes_since(&self, mark: usize, decl: &Hypothesis) -> Changes {
        let keep = |f: &Fact| decl.keep.contains(&f.template);
        // For each fact index touched: what it held before the branch.
        let mut first: FxHashMap<FactId, Option<Rc<Fact>>> = FxHashMap::default();
        let entries = &self.rt.hypothesis.trail.entries;
        for entry in entries.get(mark..).unwrap_or_default() {
            match entry {
                Entry::Asserted(id) => {
                    first.entry(id.to_owned()).or_insert(None);
                }
                Entry::Retracted(f) => {
                    first.entry(f.id).or_insert_with(|| Some(f.clone()));
                }
            }
        }
        let mut ids: Vec<FactId> = first.keys().copied().collect();
        ids.sort_unstable();
        let mut retracted: Changes = Changes::default();
        let mut asserted: Changes = Changes::default();
        for id in ids {
            let before = first[&id].as_ref().filter(|f| keep(f));
            let after = self.rt.wm.get(id).filter(|f| keep(f));
            let (before, after) = (before.cloned().map(Content), after.cloned().map(Content));
            if before == after {
                continue;
            }
            retracted.extend(before.map(Change::Retract));
            asserted.extend(after.map(Change::Assert));
        }
        // A fact retracted under one index and asserted again under another is no change.
        let gone: Vec<Change> = (retracted.iter())
            .filter_map(|c| match c {
                Change::Retract(content) => Some(Change::Assert(content.clone())),
                Change::Assert(_) => None,
            })
            .filter(|a| asserted.contains(a))
            .collect();
        for assert in gone {
            if let Change::Assert(content) = &assert {
                retracted.shift_remove(&Change::Retract(content.clone()));
            }
            asserted.shift_remove(&assert);
        }
        retracted.extend(asserted);
        retracted
    }

    /// The fact with the content of `fact`, if working memory holds one.
    pub(super) fn find_content(&self, fact: &Fact) -> Option<FactId> {
        (self.rt.wm).find_hashed(fact.content_hash(), fact.template, &fact.slots)
    }
}
