//! The trail: an undo log of the changes made to working memory inside hypothesis
//! branches, so that a branch is undone at a cost proportional to what it changed.
//!
//! Working memory records every assert and retract here while a branch is open
//! (a modify is a retract and an assert under the same index). Undoing replays the
//! entries backwards through the ordinary network paths: an asserted fact is
//! retracted, a retracted fact is put back under its old index. Nested branches
//! share the log; each remembers where its entries start (its mark).

use crate::compile::TemplateId;
use crate::value::FactId;
use crate::wm::Fact;
use std::rc::Rc;

/// One change to working memory.
#[derive(Debug)]
pub(super) enum Entry {
    /// A fact was added under this index.
    Asserted(FactId),
    /// This fact was removed.
    Retracted(Rc<Fact>),
}

/// The undo log and what the open branches watch for.
#[derive(Debug, Default)]
pub struct Trail {
    /// The changes since the outermost branch opened, oldest first.
    pub(super) entries: Vec<Entry>,
    /// How many branches are open (nothing is recorded when none is).
    pub(super) open: u32,
    /// The templates of contradiction and of solution facts.
    pub(super) watched: Option<(TemplateId, Option<TemplateId>)>,
    /// The first contradiction fact asserted in the innermost open branch.
    pub(super) contradiction: Option<Rc<Fact>>,
    /// Whether a solution fact was asserted in the innermost open branch.
    pub(super) solved: bool,
}

impl Trail {
    /// Records that `fact` was asserted (inside a branch); notes contradictions and solutions.
    pub fn asserted(&mut self, fact: &Rc<Fact>) {
        if self.open == 0 {
            return;
        }
        self.entries.push(Entry::Asserted(fact.id));
        if let Some((contradiction, solved)) = self.watched {
            if fact.template == contradiction && self.contradiction.is_none() {
                self.contradiction = Some(fact.clone());
            }
            if Some(fact.template) == solved {
                self.solved = true;
            }
        }
    }

    /// Records that `fact` was retracted (inside a branch).
    pub fn retracted(&mut self, fact: &Rc<Fact>) {
        if self.open > 0 {
            self.entries.push(Entry::Retracted(fact.clone()));
        }
    }

    /// Opens a branch; returns its mark (where its entries start).
    pub(super) fn open(&mut self) -> usize {
        self.open += 1;
        self.contradiction = None;
        self.solved = false;
        self.entries.len()
    }

    /// Takes the entries of the branch starting at `mark`, newest last, and closes it.
    pub(super) fn close(&mut self, mark: usize) -> Vec<Entry> {
        self.open = self.open.saturating_sub(1);
        self.contradiction = None;
        self.solved = false;
        self.entries.split_off(mark.min(self.entries.len()))
    }
}
