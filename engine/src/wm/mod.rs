//! Working memory: the facts, numbered as CLIPS numbers them. Identical facts are
//! kept apart when fact duplication (`set-fact-duplication`) lets them in.

mod by_index;

use crate::compile::TemplateId;
use crate::value::{FactId, Value};
use by_index::FactsByIndex;
use hashbrown::HashTable;
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
    facts: FactsByIndex,
    /// The facts by content hash (several under one hash on a collision, or with
    /// fact duplication on), each with its hash: growing the table then reads no
    /// fact (with a million facts, reading them all again cost a fifth of filling).
    by_content: HashTable<(u64, Rc<Fact>)>,
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
        (self.by_content.iter_hash(content_hash(template, slots)))
            .filter(|(_, f)| f.template == template && *f.slots == *slots)
            .map(|(_, f)| f.id)
            .min()
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
        let hash = content_hash(template, &fact.slots);
        (self.by_content).insert_unique(hash, (hash, fact.clone()), |(hash, _)| *hash);
        self.facts.insert(fact.clone());
        fact
    }

    /// Removes a fact, returning it.
    pub fn remove(&mut self, id: FactId) -> Option<Rc<Fact>> {
        let fact = self.facts.remove(id)?;
        let hash = content_hash(fact.template, &fact.slots);
        if let Ok(entry) = (self.by_content).find_entry(hash, |(_, f)| Rc::ptr_eq(f, &fact)) {
            entry.remove();
        }
        Some(fact)
    }

    /// The fact with index `id`.
    pub fn get(&self, id: FactId) -> Option<&Rc<Fact>> {
        self.facts.get(id)
    }

    /// All facts in index order.
    pub fn iter(&self) -> impl Iterator<Item = &Rc<Fact>> {
        self.facts.iter()
    }

    /// The number of facts.
    pub fn len(&self) -> usize {
        self.facts.len()
    }

    /// Whether there are no facts.
    pub fn is_empty(&self) -> bool {
        self.facts.len() == 0
    }

    /// Removes every fact and restarts numbering at `f-1`.
    pub fn clear(&mut self) {
        *self = WorkingMemory::new();
    }
}
