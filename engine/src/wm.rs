//! Working memory: the facts, numbered as CLIPS numbers them. Identical facts are
//! kept apart when fact duplication (`set-fact-duplication`) lets them in.

use crate::compile::TemplateId;
use crate::value::{FactId, Value};
use rustc_hash::FxHashMap;
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

/// A fact's content, as the duplicate check sees it.
#[derive(Clone)]
struct Content(Rc<Fact>);

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

/// The facts currently asserted.
#[derive(Default)]
pub struct WorkingMemory {
    facts: BTreeMap<FactId, Rc<Fact>>,
    /// The facts with each content, oldest first (more than one only with duplication).
    by_content: FxHashMap<Content, Vec<FactId>>,
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

    /// The oldest existing fact with this template and these slot values, if any.
    pub fn find_duplicate(&self, template: TemplateId, slots: &[Value]) -> Option<FactId> {
        let probe = Content(Rc::new(Fact {
            id: FactId(0),
            template,
            slots: slots.into(),
        }));
        self.by_content
            .get(&probe)
            .and_then(|ids| ids.first().copied())
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
            .entry(Content(fact.clone()))
            .or_default()
            .push(id);
        self.facts.insert(id, fact.clone());
        fact
    }

    /// Removes a fact, returning it.
    pub fn remove(&mut self, id: FactId) -> Option<Rc<Fact>> {
        let fact = self.facts.remove(&id)?;
        let content = Content(fact.clone());
        if let Some(ids) = self.by_content.get_mut(&content) {
            ids.retain(|other| *other != id);
            if ids.is_empty() {
                self.by_content.remove(&content);
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
