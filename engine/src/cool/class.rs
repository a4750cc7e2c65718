//! Classes: the system classes CLIPS 6.41 defines, user classes from `defclass`,
//! their slots with every facet, and the instance template (all the slots an
//! instance of a class holds, in CLIPS's order).

use super::handler::{Handler, SystemAction};
use crate::compile::template::{SlotConstraint, SlotDefault};
use crate::compile::ModuleId;
use crate::syntax::SourceText;
use crate::value::{atom, Atom};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// A class, by its index in [`Classes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClassId(pub u32);

/// Who may write a slot (`access`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// `read-write` (the default).
    ReadWrite,
    /// `read-only`: only the default gives it a value.
    ReadOnly,
    /// `initialize-only`: written while the instance is initialized, not after.
    InitializeOnly,
}

/// One slot of a class, with its facets.
#[derive(Debug, Clone)]
pub struct SlotDef {
    /// The slot's name.
    pub name: Atom,
    /// `multislot` (or `multi-slot`).
    pub multi: bool,
    /// The default: derived, `?NONE`, a value computed when the class was
    /// defined, or expressions evaluated for each instance.
    pub default: SlotDefault,
    /// Whether a `default` or `default-dynamic` facet was given.
    pub default_given: bool,
    /// The type, allowed values, range and cardinality.
    pub constraint: SlotConstraint,
    /// `(storage shared)`: one value for all instances of the class.
    pub shared: bool,
    /// `access`.
    pub access: Access,
    /// `(propagation inherit)` (the default), or `no-inherit`.
    pub inherit: bool,
    /// `(source composite)`: facets not given are taken from the superclasses.
    pub composite: bool,
    /// `(visibility public)`: handlers of subclasses may reference it directly.
    pub public: bool,
    /// `(pattern-match reactive)` (the default): a change re-matches object patterns.
    pub reactive: bool,
    /// Whether `get-<slot>` is created (`create-accessor read` or `read-write`).
    pub read_accessor: bool,
    /// Whether `put-<slot>` is created.
    pub write_accessor: bool,
    /// The message slot overrides of `make-instance` send (`put-<slot>` unless
    /// `override-message` names another).
    pub override_message: Atom,
    /// The class that defines it.
    pub class: ClassId,
}

/// A class.
#[derive(Debug, Clone)]
pub struct Class {
    /// Its name.
    pub name: Atom,
    /// The module that defines it (MAIN for the system classes).
    pub module: ModuleId,
    /// One of CLIPS's predefined classes.
    pub system: bool,
    /// `(role abstract)`: no direct instances.
    pub abstract_: bool,
    /// `(pattern-match reactive)`: its instances can match object patterns.
    pub reactive: bool,
    /// The direct superclasses, in the order given.
    pub supers: Vec<ClassId>,
    /// The class precedence list: the class itself, then its superclasses.
    pub precedence: Vec<ClassId>,
    /// The direct subclasses, in the order they were defined.
    pub subclasses: Vec<ClassId>,
    /// The slots the class itself defines, in the order written.
    pub own_slots: Vec<Rc<SlotDef>>,
    /// The instance template: every slot an instance holds, in CLIPS's order (the
    /// least specific class's slots first; a redefined slot where the most
    /// specific class put it).
    pub slots: Vec<Rc<SlotDef>>,
    /// The slots of `slots` by name.
    slot_index: FxHashMap<Atom, usize>,
    /// Its message-handlers, in the order defined.
    pub handlers: Vec<Rc<Handler>>,
    /// The source text, for `ppdefclass`.
    pub source: Option<SourceText>,
    /// Whether the class is defined (a removed class keeps its id, unused).
    pub defined: bool,
}

impl Class {
    /// A class with no slots and no handlers.
    pub fn new(
        name: Atom,
        module: ModuleId,
        supers: Vec<ClassId>,
        precedence: Vec<ClassId>,
    ) -> Class {
        Class {
            name,
            module,
            system: false,
            abstract_: false,
            reactive: true,
            supers,
            precedence,
            subclasses: Vec::new(),
            own_slots: Vec::new(),
            slots: Vec::new(),
            slot_index: FxHashMap::default(),
            handlers: Vec::new(),
            source: None,
            defined: true,
        }
    }

    /// The index of slot `name` in the instance template.
    pub fn slot_index(&self, name: Atom) -> Option<usize> {
        self.slot_index.get(&name).copied()
    }

    /// Slot `name` of the instance template.
    pub fn slot(&self, name: Atom) -> Option<&Rc<SlotDef>> {
        self.slot_index(name).map(|i| &self.slots[i])
    }

    /// Sets the instance template and indexes it by name.
    pub fn set_slots(&mut self, slots: Vec<Rc<SlotDef>>) {
        self.slot_index = slots.iter().enumerate().map(|(i, s)| (s.name, i)).collect();
        self.slots = slots;
    }
}

/// The system classes, each with its direct superclasses, in the order CLIPS
/// creates them (which is the order `browse-classes` lists subclasses in).
const SYSTEM: [(&str, &[&str]); 16] = [
    ("OBJECT", &[]),
    ("PRIMITIVE", &["OBJECT"]),
    ("USER", &["OBJECT"]),
    ("NUMBER", &["PRIMITIVE"]),
    ("INTEGER", &["NUMBER"]),
    ("FLOAT", &["NUMBER"]),
    ("LEXEME", &["PRIMITIVE"]),
    ("SYMBOL", &["LEXEME"]),
    ("STRING", &["LEXEME"]),
    ("MULTIFIELD", &["PRIMITIVE"]),
    ("ADDRESS", &["PRIMITIVE"]),
    ("EXTERNAL-ADDRESS", &["ADDRESS"]),
    ("FACT-ADDRESS", &["ADDRESS"]),
    ("INSTANCE", &["PRIMITIVE"]),
    ("INSTANCE-ADDRESS", &["INSTANCE", "ADDRESS"]),
    ("INSTANCE-NAME", &["INSTANCE"]),
];

/// The order `list-defclasses` lists the system classes in (CLIPS adds them to
/// MAIN in this order: the primitive types by type code, then the others).
const LISTED: [&str; 16] = [
    "FLOAT",
    "INTEGER",
    "SYMBOL",
    "STRING",
    "MULTIFIELD",
    "EXTERNAL-ADDRESS",
    "FACT-ADDRESS",
    "INSTANCE-ADDRESS",
    "INSTANCE-NAME",
    "OBJECT",
    "PRIMITIVE",
    "NUMBER",
    "LEXEME",
    "ADDRESS",
    "INSTANCE",
    "USER",
];

/// Every class, by id; the system classes first.
#[derive(Debug, Clone)]
pub struct Classes {
    all: Vec<Class>,
    by_name: FxHashMap<Atom, ClassId>,
    /// The order classes are listed in (`list-defclasses`, `save`).
    pub listed: Vec<ClassId>,
}

impl Default for Classes {
    fn default() -> Self {
        let mut classes = Classes {
            all: Vec::new(),
            by_name: FxHashMap::default(),
            listed: Vec::new(),
        };
        for (name, supers) in SYSTEM {
            let supers: Vec<ClassId> = supers.iter().filter_map(|s| classes.id(atom(s))).collect();
            let id = ClassId(classes.all.len() as u32);
            // System classes have single inheritance but for INSTANCE-ADDRESS,
            // whose list CLIPS makes by hand: itself, INSTANCE, ADDRESS, the rest.
            let mut precedence = vec![id];
            for &s in &supers {
                for &c in &classes.get(s).precedence {
                    if !precedence.contains(&c) {
                        precedence.push(c);
                    }
                }
            }
            if supers.len() == 2 {
                precedence
                    .sort_by_key(|c| usize::from(*c != id) + 2 * usize::from(!supers.contains(c)));
            }
            let mut class = Class::new(atom(name), ModuleId(0), supers.clone(), precedence);
            class.system = true;
            class.abstract_ = true;
            class.reactive = false;
            classes.insert(class);
        }
        classes.listed = LISTED.iter().filter_map(|n| classes.id(atom(n))).collect();
        let user = classes.system("USER");
        for (name, action) in SystemAction::OF_USER {
            let handler = Handler::system(atom(name), user, action);
            classes.get_mut(user).handlers.push(Rc::new(handler));
        }
        classes
    }
}

impl Classes {
    /// The class with id `id`.
    pub fn get(&self, id: ClassId) -> &Class {
        &self.all[id.0 as usize]
    }

    /// The class with id `id`, to change.
    pub fn get_mut(&mut self, id: ClassId) -> &mut Class {
        &mut self.all[id.0 as usize]
    }

    /// The defined class named `name` (a `MODULE::` qualifier is ignored).
    pub fn id(&self, name: Atom) -> Option<ClassId> {
        let plain = crate::compile::program::unqualified(name);
        self.by_name.get(&plain).copied()
    }

    /// The id of a system class named `name`; such a class always exists.
    pub fn system(&self, name: &str) -> ClassId {
        self.by_name[&atom(name)]
    }

    /// Adds `class`, or puts it in the place of the class of the same name, and
    /// links it into its superclasses' subclass lists.
    pub fn insert(&mut self, class: Class) -> ClassId {
        let id = ClassId(self.all.len() as u32);
        for &s in &class.supers {
            self.get_mut(s).subclasses.push(id);
        }
        self.by_name.insert(class.name, id);
        if !class.system {
            self.listed.push(id);
        }
        self.all.push(class);
        id
    }

    /// Removes class `id`: its name is free again, its superclasses forget it.
    pub fn remove(&mut self, id: ClassId) {
        let supers = self.get(id).supers.clone();
        for s in supers {
            self.get_mut(s).subclasses.retain(|&c| c != id);
        }
        let name = self.get(id).name;
        if self.by_name.get(&name) == Some(&id) {
            self.by_name.remove(&name);
        }
        self.listed.retain(|&c| c != id);
        let class = self.get_mut(id);
        class.defined = false;
        class.handlers.clear();
    }

    /// Whether `class` is `ancestor` or one of its subclasses.
    pub fn is_a(&self, class: ClassId, ancestor: ClassId) -> bool {
        self.get(class).precedence.contains(&ancestor)
    }

    /// Every class that has `class` among its superclasses, at any depth.
    pub fn all_subclasses(&self, class: ClassId) -> Vec<ClassId> {
        let mut out = Vec::new();
        let mut stack = self.get(class).subclasses.clone();
        while let Some(c) = stack.pop() {
            if !out.contains(&c) {
                out.push(c);
                stack.extend(self.get(c).subclasses.iter().copied());
            }
        }
        out
    }

    /// The class of a primitive value's type, for sending it messages and for
    /// `class`: INTEGER, FLOAT, SYMBOL, ...
    pub fn of_type(&self, type_name: &str) -> Option<ClassId> {
        self.id(atom(type_name))
    }

    /// Builds the instance template of a class from its own slots and its
    /// precedence list (CLIPS's `FormInstanceTemplate`): a class's own slots, then
    /// each superclass's slots not yet present put in front, so that the least
    /// specific class's slots come first. A `no-inherit` slot is its class's only.
    pub fn instance_template(
        &self,
        own: &[Rc<SlotDef>],
        precedence: &[ClassId],
    ) -> Vec<Rc<SlotDef>> {
        let mut slots: Vec<Rc<SlotDef>> = own.to_vec();
        for &c in precedence.iter().skip(1) {
            let mut front: Vec<Rc<SlotDef>> = Vec::new();
            for s in &self.get(c).own_slots {
                if s.inherit && !slots.iter().any(|t| t.name == s.name) {
                    front.push(s.clone());
                }
            }
            front.append(&mut slots);
            slots = front;
        }
        slots
    }
}
