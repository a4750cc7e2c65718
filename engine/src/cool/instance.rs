//! Instances: the second kind of working-memory element beside facts. Each has a
//! name (unique among all instances), a class and a value per slot of its class's
//! instance template; shared slots hold one value per class.
//!
//! Slot values change only through [`Instances::write`]. Every change that object
//! patterns must see (an instance made, a slot written, an instance deleted) is
//! recorded in [`Instances::changes`], which the environment hands to the Rete
//! network (`env::object_match`) once nothing delays it.

use super::class::{ClassId, SlotDef};
use crate::value::{Atom, InstanceId, Value};
use indexmap::IndexMap;
use rustc_hash::{FxBuildHasher, FxHashMap};

/// One instance.
#[derive(Debug, Clone)]
pub struct Instance {
    /// Its address.
    pub id: InstanceId,
    /// Its name, without brackets.
    pub name: Atom,
    /// Its class.
    pub class: ClassId,
    /// The values of its local slots, by index in the class's instance template
    /// (a shared slot's entry is unused: see [`Instances::read`]).
    pub slots: Vec<Value>,
    /// While it is initialized: which slots an override gave a value, so that
    /// `init` gives the others their defaults.
    pub overridden: Vec<bool>,
    /// Set while `make-instance` or `initialize-instance` initializes it
    /// (`initialize-only` slots may be written then).
    pub initializing: bool,
    /// Set once `init-slots` ran during the initialization.
    pub slots_initialized: bool,
}

/// A change object patterns must see, in the order they happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// An instance was made.
    Made(InstanceId),
    /// A local slot of an instance was written.
    Written(InstanceId, Atom),
    /// A shared slot (of its defining class and name) was written: every instance
    /// sharing it changed.
    SharedWritten(ClassId, Atom),
    /// An instance was deleted.
    Deleted(InstanceId),
}

/// Every instance, in the order they were made.
#[derive(Debug, Default)]
pub struct Instances {
    by_name: IndexMap<Atom, Instance, FxBuildHasher>,
    by_id: FxHashMap<InstanceId, Atom>,
    /// The values of shared slots, by defining class and slot name.
    shared: FxHashMap<(ClassId, Atom), Value>,
    /// The changes object patterns have not seen yet, oldest first.
    pub changes: Vec<Change>,
    /// While above zero, the changes wait (CLIPS's delayed object pattern
    /// matching: `make-instance` and `initialize-instance` show the network the
    /// instance once it is initialized).
    pub delay: u32,
}

impl Instances {
    /// The instance named `name`.
    pub fn named(&self, name: Atom) -> Option<&Instance> {
        self.by_name.get(&name)
    }

    /// The instance at address `id`, unless it was deleted.
    pub fn get(&self, id: InstanceId) -> Option<&Instance> {
        self.by_id.get(&id).and_then(|name| self.by_name.get(name))
    }

    /// The instance at address `id`, to change its bookkeeping (not its slots:
    /// see [`Instances::write`]).
    pub fn get_mut(&mut self, id: InstanceId) -> Option<&mut Instance> {
        let name = self.by_id.get(&id)?;
        self.by_name.get_mut(name)
    }

    /// Every instance, in the order they were made.
    pub fn iter(&self) -> impl Iterator<Item = &Instance> {
        self.by_name.values()
    }

    /// How many instances exist.
    pub fn len(&self) -> usize {
        self.by_name.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }

    /// Adds a new instance of `class` named `name` with `slots` (shared slots are
    /// given `nil` or `()` the first time a class's instance needs them).
    pub fn add(
        &mut self,
        name: Atom,
        class: ClassId,
        template: &[std::rc::Rc<SlotDef>],
    ) -> InstanceId {
        let id = InstanceId::new(name);
        let slots: Vec<Value> = template.iter().map(|s| empty_value(s)).collect();
        for s in template.iter().filter(|s| s.shared) {
            self.shared
                .entry((s.class, s.name))
                .or_insert_with(|| empty_value(s));
        }
        let overridden = vec![false; slots.len()];
        self.changes.push(Change::Made(id));
        self.by_id.insert(id, name);
        self.by_name.insert(
            name,
            Instance {
                id,
                name,
                class,
                slots,
                overridden,
                initializing: false,
                slots_initialized: false,
            },
        );
        id
    }

    /// Removes instance `id`; its address becomes stale.
    pub fn remove(&mut self, id: InstanceId) -> Option<Instance> {
        let name = self.by_id.remove(&id)?;
        self.changes.push(Change::Deleted(id));
        id.retire();
        self.by_name.shift_remove(&name)
    }

    /// Removes every instance.
    pub fn clear(&mut self) {
        for id in self.by_id.keys() {
            id.retire();
            self.changes.push(Change::Deleted(*id));
        }
        self.by_id.clear();
        self.by_name.clear();
        self.shared.clear();
    }

    /// The value of slot `index` (described by `slot`) of instance `id`.
    pub fn read(&self, id: InstanceId, index: usize, slot: &SlotDef) -> Option<Value> {
        if slot.shared {
            return self.shared.get(&(slot.class, slot.name)).cloned();
        }
        self.get(id)?.slots.get(index).cloned()
    }

    /// Writes slot `index` (described by `slot`) of instance `id`. Every slot
    /// change comes here, and is recorded for object patterns when the slot is
    /// reactive.
    pub fn write(&mut self, id: InstanceId, index: usize, slot: &SlotDef, value: Value) {
        if slot.shared {
            self.shared.insert((slot.class, slot.name), value);
            if slot.reactive {
                self.changes
                    .push(Change::SharedWritten(slot.class, slot.name));
            }
            return;
        }
        if let Some(place) = self.get_mut(id).and_then(|i| i.slots.get_mut(index)) {
            *place = value;
            if slot.reactive {
                self.changes.push(Change::Written(id, slot.name));
            }
        }
    }
}

/// The value a slot holds before any default: `nil`, or `()` for a multislot.
fn empty_value(slot: &SlotDef) -> Value {
    if slot.multi {
        Value::empty_multifield()
    } else {
        Value::nil()
    }
}
