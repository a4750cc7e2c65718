//! The firing journal: an optional record of every rule firing — the rule, the facts
//! that matched, and the facts its actions asserted and retracted — from which a
//! resolution path or a fact's derivation can be told. Switched off (the default), it
//! costs one branch per firing and per change.

use super::Environment;
use crate::value::FactId;
use crate::wm::Fact;
use std::rc::Rc;

/// What made the changes of a journal entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// A rule firing: the rule's index in the environment's rule table.
    Rule(usize),
    /// A conclusion proven by hypothetical reasoning: its index in
    /// [`Environment::hypothesis_log`].
    Hypothesis(usize),
}

/// One rule firing (or one proven hypothesis conclusion), as recorded by the journal.
#[derive(Debug, Clone)]
pub struct Firing {
    /// The firing's number within its run (1-based, as `watch rules` prints it); 0 for
    /// a hypothesis conclusion.
    pub number: u64,
    /// What made the changes.
    pub cause: Cause,
    /// The facts that matched the rule's patterns, in pattern order (`None` for a
    /// `not` pattern).
    pub basis: Vec<Option<FactId>>,
    /// Facts the actions asserted (a modify records the new version here).
    pub asserted: Vec<Rc<Fact>>,
    /// Facts the actions retracted (a modify records the old version here).
    pub retracted: Vec<Rc<Fact>>,
}

/// The journal's records, oldest first.
#[derive(Debug, Default)]
pub struct Journal {
    /// Every firing recorded since the journal was switched on or cleared.
    pub firings: Vec<Firing>,
    /// Whether a firing is in progress (changes outside firings are not recorded).
    open: bool,
}

impl Journal {
    pub(crate) fn begin(&mut self, number: u64, cause: Cause, basis: Vec<Option<FactId>>) {
        self.drop_empty_conclusion();
        self.firings.push(Firing {
            number,
            cause,
            basis,
            asserted: Vec::new(),
            retracted: Vec::new(),
        });
        self.open = true;
    }

    pub(crate) fn end(&mut self) {
        self.open = false;
        self.drop_empty_conclusion();
    }

    /// A hypothesis conclusion that changed nothing is no step of the derivation.
    fn drop_empty_conclusion(&mut self) {
        if let Some(last) = self.firings.last() {
            if matches!(last.cause, Cause::Hypothesis(_))
                && last.asserted.is_empty()
                && last.retracted.is_empty()
            {
                self.firings.pop();
            }
        }
    }

    /// Forgets the entries from `len` on (those made inside a hypothesis branch).
    pub(crate) fn truncate(&mut self, len: usize) {
        self.firings.truncate(len);
        self.open = false;
    }

    pub(crate) fn asserted(&mut self, fact: &Rc<Fact>) {
        if let (true, Some(firing)) = (self.open, self.firings.last_mut()) {
            firing.asserted.push(Rc::clone(fact));
        }
    }

    pub(crate) fn retracted(&mut self, fact: &Rc<Fact>) {
        if let (true, Some(firing)) = (self.open, self.firings.last_mut()) {
            firing.retracted.push(Rc::clone(fact));
        }
    }
}

impl Environment {
    /// Switches the firing journal on (keeping what it holds) or off (dropping it).
    pub fn set_journal(&mut self, on: bool) {
        if !on {
            self.rt.journal = None;
        } else if self.rt.journal.is_none() {
            self.rt.journal = Some(Journal::default());
        }
    }

    /// The firings recorded since the journal was switched on (empty when it is off).
    pub fn journal(&self) -> &[Firing] {
        self.rt.journal.as_ref().map_or(&[], |j| &j.firings)
    }

    /// Forgets the recorded firings, keeping the journal on if it was.
    pub fn clear_journal(&mut self) {
        if let Some(journal) = &mut self.rt.journal {
            journal.firings.clear();
        }
    }

    /// Each rule's name, comment, the name of the source it was loaded from, and how
    /// many times it fired since the last `(reset)`, in definition order.
    pub fn rule_firings(&self) -> impl Iterator<Item = RuleFirings<'_>> {
        self.rt
            .rules
            .iter()
            .enumerate()
            .filter(|(i, _)| self.rt.rule_defined(*i))
            .map(|(_, r)| RuleFirings {
                name: r.name.as_str(),
                comment: r.comment.as_deref(),
                source: self
                    .rt
                    .sources
                    .get(r.origin)
                    .map_or("", |(name, _)| name.as_str()),
                fired: r.fired,
            })
    }

    /// The name of the source (file) rule `index` of the rule table (as in
    /// [`Cause::Rule`]) was loaded from.
    pub fn rule_source(&self, index: usize) -> Option<&str> {
        let rule = self.rt.rules.get(index)?;
        self.rt
            .sources
            .get(rule.origin)
            .map(|(name, _)| name.as_str())
    }

    /// The name and comment of rule `index` of the rule table (as in [`Cause::Rule`]).
    pub fn rule_label(&self, index: usize) -> Option<(&str, Option<&str>)> {
        self.rt
            .rules
            .get(index)
            .map(|r| (r.name.as_str(), r.comment.as_deref()))
    }
}

/// A rule and how often it fired, from [`Environment::rule_firings`].
#[derive(Debug, Clone, Copy)]
pub struct RuleFirings<'a> {
    /// The rule's name.
    pub name: &'a str,
    /// Its comment string, if it has one.
    pub comment: Option<&'a str>,
    /// The name of the source (file) it was loaded from.
    pub source: &'a str,
    /// Firings since the last `(reset)`.
    pub fired: u64,
}
