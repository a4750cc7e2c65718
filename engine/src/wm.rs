//! Working memory: the facts, numbered as CLIPS numbers them. Identical facts are
//! kept apart when fact duplication (`set-fact-duplication`) lets them in.

use crate::compile::TemplateId;
use crate::value::{FactId, Value};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// A fact: a template and one value per slot (an ordered fact has one multislot).
#[derive(Debug)]
pub struct Fact {
    /// The fact's index.
    pub id: FactId,
    /// Its template.
    pub template: TemplateId,
    /// The slot values, in the template's slot order.
    pub slots: Box<[Value]>,
}

/// The hash of a fact's content (template and slot values), for the duplicate
/// check; computed from borrowed values, so checking allocates nothing.
fn content_hash(template: TemplateId, slots: &[Value]) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    template.hash(&mut h);
    slots.hash(&mut h);
    h.finish()
}

/// The facts currently asserted.
#[derive(Default)]
pub struct WorkingMemory {
    facts: BTreeMap<FactId, Rc<Fact>>,
    /// The facts by content hash, oldest first (several on a hash collision, or with
    /// fact duplication on).
    by_content: FxHashMap<u64, SmallVec<[FactId; 1]>>,
    next_id: u64,
}

impl WorkingMemory {
    /// An empty working memory whose first fact will be `f-1`.
    pub fn new() -> Self {
        WorkingMemory {
            next_id: 1,
            ..Default::default()
        }
    }

    /// The index the next new fact will get.
    pub fn next_id(&self) -> FactId {
        FactId(self.next_id)
    }

    /// Sets the index the next new fact will get: undoing a hypothesis branch
    /// rewinds the numbering to where the branch started.
    pub fn set_next_id(&mut self, next: FactId) {
        self.next_id = next.0;
    }

    /// The oldest existing fact with this template and these slot values, if any.
    pub fn find_duplicate(&self, template: TemplateId, slots: &[Value]) -> Option<FactId> {
        self.by_content
            .get(&content_hash(template, slots))?
            .iter()
            .copied()
            .find(|id| {
                self.facts
                    .get(id)
                    .is_some_and(|f| f.template == template && *f.slots == *slots)
            })
    }

    /// Adds a fact with a new index (the caller has checked for duplicates).
    pub fn insert(&mut self, template: TemplateId, slots: Box<[Value]>) -> Rc<Fact> {
        let id = FactId(self.next_id);
        self.next_id += 1;
        self.insert_with_id(id, template, slots)
    }

    /// Adds a fact under a given index (used by modify, which keeps the index).
    pub fn insert_with_id(
        &mut self,
        id: FactId,
        template: TemplateId,
        slots: Box<[Value]>,
    ) -> Rc<Fact> {
        let fact = Rc::new(Fact {
            id,
            template,
            slots,
        });
        self.by_content
            .entry(content_hash(template, &fact.slots))
            .or_default()
            .push(id);
        self.facts.insert(id, fact.clone());
        fact
    }

    /// Removes a fact, returning it.
    pub fn remove(&mut self, id: FactId) -> Option<Rc<Fact>> {
        let fact = self.facts.remove(&id)?;
        let hash = content_hash(fact.template, &fact.slots);
        if let Some(ids) = self.by_content.get_mut(&hash) {
            ids.retain(|other| *other != id);
            if ids.is_empty() {
                self.by_content.remove(&hash);
            }
        }
        Some(fact)
    }

    /// The fact with index `id`.
    pub fn get(&self, id: FactId) -> Option<&Rc<Fact>> {
        self.facts.get(&id)
    }

    /// All facts in index order.
    pub fn iter(&self) -> impl Iterator<Item = &Rc<Fact>> {
        self.facts.values()
    }

    /// The number of facts.
    pub fn len(&self) -> usize {
        self.facts.len()
    }

    /// Whether there are no facts.
    pub fn is_empty(&self) -> bool {
        self.facts.is_empty()
    }

    /// Removes every fact and restarts numbering at `f-1`.
    pub fn clear(&mut self) {
        *self = WorkingMemory::new();
    }
}
