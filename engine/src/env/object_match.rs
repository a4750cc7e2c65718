//! Instances as working-memory elements of object patterns.
//!
//! Each instance of a reactive class is matched by the Rete network as an element
//! of its own: a [`Fact`] of [`OBJECT_TEMPLATE`] numbered
//! [`FactId::of_instance`], whose fields follow the program's
//! [`ObjectLayout`](crate::compile::lhs::object::ObjectLayout) (class name, instance
//! name, then the slots object patterns read). The changes the instance store
//! records ([`Change`]) are handed to the network here, merged as CLIPS merges its
//! queued object match actions: a slot written before the network saw the
//! instance changes nothing more, writes to an instance are one modify, and an
//! instance deleted before the network saw it is never seen. A modify re-matches
//! only the patterns that read a changed slot ([`Network::modify_object`]), so
//! what matched on other slots stays, activations included.
//!
//! [`Network::modify_object`]: crate::rete::Network::modify_object

use super::Environment;
use crate::compile::lhs::object::OBJECT_TEMPLATE;
use crate::cool::instance::Change;
use crate::value::{Atom, FactId, InstanceId, Value};
use crate::wm::{Fact, Slots};
use indexmap::IndexMap;
use rustc_hash::FxBuildHasher;
use smallvec::SmallVec;
use std::rc::Rc;

/// The elements of the instances the network has seen, in the order they came.
#[derive(Debug, Default)]
pub struct Elements {
    by_instance: IndexMap<InstanceId, Rc<Fact>, FxBuildHasher>,
    /// How many fields the elements hold (the layout's length when they were made).
    width: usize,
}

impl Elements {
    /// The elements, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &Rc<Fact>> {
        self.by_instance.values()
    }
}

/// One update of the network for one instance.
#[derive(Debug)]
enum Action {
    Assert(InstanceId),
    Modify(InstanceId, SmallVec<[Atom; 4]>),
    Retract(InstanceId),
}

impl Action {
    fn instance(&self) -> InstanceId {
        match self {
            Action::Assert(id) | Action::Modify(id, _) | Action::Retract(id) => *id,
        }
    }
}

impl Environment {
    /// Hands the instance changes recorded so far to the network, unless object
    /// pattern matching is delayed (an instance being made or initialized).
    #[inline]
    pub(crate) fn settle_objects(&mut self) {
        // Called after every command and firing: most have changed no instance.
        if !self.rt.objects.instances.changes.is_empty() {
            self.settle_object_changes();
        }
    }

    /// [`Environment::settle_objects`]'s work, once there are changes.
    fn settle_object_changes(&mut self) {
        loop {
            let instances = &mut self.rt.objects.instances;
            if instances.delay > 0 || instances.changes.is_empty() {
                return;
            }
            let changes = std::mem::take(&mut instances.changes);
            for action in self.merged(changes) {
                self.object_action(action);
            }
            self.settle();
        }
    }

    /// The network updates `changes` make, merged as CLIPS merges its queue.
    fn merged(&self, changes: Vec<Change>) -> Vec<Action> {
        let mut actions: Vec<Action> = Vec::new();
        for change in changes {
            match change {
                Change::Made(id) => actions.push(Action::Assert(id)),
                Change::Written(id, slot) => written(&mut actions, id, slot),
                Change::SharedWritten(class, slot) => {
                    let classes = &self.rt.program.classes;
                    let sharing: Vec<InstanceId> = (self.rt.objects.instances.iter())
                        .filter(|i| {
                            (classes.get(i.class).slot(slot))
                                .is_some_and(|s| s.shared && s.class == class)
                        })
                        .map(|i| i.id)
                        .collect();
                    for id in sharing {
                        written(&mut actions, id, slot);
                    }
                }
                Change::Deleted(id) => {
                    let unseen =
                        (actions.iter()).any(|a| matches!(a, Action::Assert(i) if *i == id));
                    actions.retain(|a| a.instance() != id);
                    if !unseen {
                        actions.push(Action::Retract(id));
                    }
                }
            }
        }
        actions
    }

    /// Performs one network update.
    fn object_action(&mut self, action: Action) {
        match action {
            Action::Assert(id) => {
                let Some(element) = self.object_element(id) else {
                    return;
                };
                (self.rt.object_elements.by_instance).insert(id, element.clone());
                self.net.assert_fact(&element, &mut self.rt);
            }
            Action::Retract(id) => {
                if let Some(element) = self.rt.object_elements.by_instance.shift_remove(&id) {
                    self.net.retract_fact(&element, &mut self.rt);
                }
            }
            Action::Modify(id, slots) => {
                if !self.rt.object_elements.by_instance.contains_key(&id) {
                    return;
                }
                let layout = &self.rt.program.object_layout;
                let changed: Vec<usize> = (layout.slots().enumerate())
                    .filter(|(_, (name, _))| slots.contains(name))
                    .map(|(i, _)| i + 2)
                    .collect();
                if changed.is_empty() {
                    return;
                }
                let Some(element) = self.object_element(id) else {
                    return;
                };
                (self.rt.object_elements.by_instance).insert(id, element.clone());
                self.net.modify_object(&element, &changed, &mut self.rt);
            }
        }
    }

    /// The element of instance `id` as its slots are now; `None` if it is gone
    /// or its class is not reactive.
    fn object_element(&self, id: InstanceId) -> Option<Rc<Fact>> {
        let instances = &self.rt.objects.instances;
        let instance = instances.get(id)?;
        let class = self.rt.program.classes.get(instance.class);
        if !class.reactive {
            return None;
        }
        let layout = &self.rt.program.object_layout;
        let mut slots = Slots::with_capacity(layout.len());
        slots.push(Value::Symbol(class.name));
        slots.push(Value::InstanceName(instance.name));
        for (name, multi) in layout.slots() {
            let value = class.slot_index(name).and_then(|index| {
                let value = instances.read(id, index, &class.slots[index])?;
                Some(match value {
                    Value::Multifield(_) => value,
                    single if multi => Value::multifield(vec![single]),
                    single => single,
                })
            });
            slots.push(value.unwrap_or(Value::Void));
        }
        Some(Rc::new(Fact::new(
            FactId::of_instance(id),
            OBJECT_TEMPLATE,
            slots,
        )))
    }

    /// The elements of the instances, first remade if object patterns read slots
    /// they do not hold yet: the elements a new rule's patterns are filled from.
    pub(crate) fn object_elements(&mut self) -> Vec<Rc<Fact>> {
        self.settle_objects();
        let width = self.rt.program.object_layout.len();
        if self.rt.object_elements.width != width {
            self.rt.object_elements.width = width;
            let ids: Vec<InstanceId> = self
                .rt
                .object_elements
                .by_instance
                .keys()
                .copied()
                .collect();
            for id in ids {
                if let Some(element) = self.object_element(id) {
                    self.rt.object_elements.by_instance.insert(id, element);
                }
            }
        }
        self.rt.object_elements.iter().cloned().collect()
    }
}

/// Records that slot `slot` of instance `id` was written: nothing more if the
/// network has not seen the instance yet, else one more slot of its modify.
fn written(actions: &mut Vec<Action>, id: InstanceId, slot: Atom) {
    match actions.iter_mut().rev().find(|a| a.instance() == id) {
        Some(Action::Assert(_)) => {}
        Some(Action::Modify(_, slots)) => {
            if !slots.contains(&slot) {
                slots.push(slot);
            }
        }
        _ => actions.push(Action::Modify(id, SmallVec::from_elem(slot, 1))),
    }
}
