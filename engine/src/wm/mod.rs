//! Working memory: the facts, numbered as CLIPS numbers them. Identical facts are
//! kept apart when fact duplication (`set-fact-duplication`) lets them in.

mod by_index;
mod content;

use crate::compile::TemplateId;
use crate::value::{FactId, Value};
pub(crate) use by_index::ByIndex;
use content::ContentIndex;
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// A fact's slot values. An ordered fact's one multislot is held inline, so the fact
/// is one block besides its fields: churning ordered facts made, read and freed a
/// third block per fact before (BENCHMARKS.md).
pub type Slots = SmallVec<[Value; 1]>;

/// A copy of slot values, holding no more room than they take (cloning a `SmallVec`
/// rounds its room up to a power of two: a five-slot fact would hold eight).
pub fn copy_slots(values: &[Value]) -> Slots {
    let mut slots = Slots::with_capacity(values.len());
    slots.extend(values.iter().cloned());
    slots
}

/// A fact: a template and one value per slot (an ordered fact has one multislot).
#[derive(Debug)]
pub struct Fact {
    /// The fact's index.
    pub id: FactId,
    /// Its template.
    pub template: TemplateId,
    /// The low half of the hash of the template and slot values ([`ContentHash`]), kept
    /// so that removing the fact from the content table need not read its values again.
    content_hash: u32,
    /// The slot values, in the template's slot order.
    pub slots: Slots,
}

impl Fact {
    /// The fact `id` of `template` with these slot values.
    pub fn new(id: FactId, template: TemplateId, slots: Slots) -> Fact {
        let hash = ContentHash::of(template, &slots);
        Fact::hashed(id, template, slots, hash)
    }

    fn hashed(id: FactId, template: TemplateId, slots: Slots, hash: ContentHash) -> Fact {
        Fact {
            id,
            template,
            content_hash: hash.0,
            slots,
        }
    }

    /// The hash of the fact's content, as kept.
    pub fn content_hash(&self) -> ContentHash {
        ContentHash(self.content_hash)
    }
}

/// The hash of a fact's content (template and slot values), for the duplicate
/// check; computed from borrowed values, so checking allocates nothing. A new fact
/// checked for a duplicate and then inserted has it computed once, for both.
#[derive(Debug, Clone, Copy)]
pub struct ContentHash(u32);

impl ContentHash {
    /// The hash of a fact of `template` with these slot values.
    pub fn of(template: TemplateId, slots: &[Value]) -> Self {
        let mut h = rustc_hash::FxHasher::default();
        template.hash(&mut h);
        slots.hash(&mut h);
        ContentHash(h.finish() as u32)
    }
}

/// The facts currently asserted.
#[derive(Default)]
pub struct WorkingMemory {
    facts: ByIndex<Rc<Fact>>,
    /// The facts by content, for the duplicate check.
    by_content: ContentIndex,
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

    /// The oldest existing fact with this template and these slot values, if any,
    /// given the values' hash.
    pub fn find_hashed(
        &self,
        hash: ContentHash,
        template: TemplateId,
        slots: &[Value],
    ) -> Option<FactId> {
        (self.by_content).oldest(hash.0, |f| f.template == template && *f.slots == *slots)
    }

    /// Adds a fact with a new index (the caller has checked for duplicates), given
    /// the values' hash.
    pub fn insert_hashed(
        &mut self,
        hash: ContentHash,
        template: TemplateId,
        slots: Slots,
    ) -> Rc<Fact> {
        let id = FactId(self.next_id);
        self.next_id += 1;
        self.insert_fact(Fact::hashed(id, template, slots, hash))
    }

    /// Adds a fact under a given index (used by modify, which keeps the index),
    /// given the values' hash.
    pub fn insert_with_id(
        &mut self,
        id: FactId,
        hash: ContentHash,
        template: TemplateId,
        slots: Slots,
    ) -> Rc<Fact> {
        self.insert_fact(Fact::hashed(id, template, slots, hash))
    }

    fn insert_fact(&mut self, fact: Fact) -> Rc<Fact> {
        let fact = Rc::new(fact);
        self.by_content.insert(fact.clone());
        self.facts.insert(fact.id, fact.clone());
        fact
    }

    /// Removes a fact, returning it.
    pub fn remove(&mut self, id: FactId) -> Option<Rc<Fact>> {
        let fact = self.facts.remove(id)?;
        self.by_content.remove(&fact);
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
