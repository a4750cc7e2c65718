//! Generic functions: `defgeneric`, `defmethod` and their dispatch.
//!
//! A generic function is a name with methods, each restricting its parameters
//! to classes and queries. A call runs the most specific method whose
//! restrictions the arguments meet; that method may pass the call on
//! (`call-next-method`) to the next applicable one. Methods are kept in CLIPS's
//! precedence order ([`precedence`]), so the next method is the next applicable
//! one in the list. A generic named after a built-in gets the built-in as an
//! implicit method ([`system`]). The classes restrictions name are answered by
//! [`classes`], the one bridge to the class system.
//!
//! The methods are compiled by the environment (`env::generics`), their bodies
//! with the same scopes and frames as a deffunction's; [`dispatch`] runs them
//! through the evaluator's procedure calls.

pub mod classes;
pub mod describe;
pub mod dispatch;
pub mod precedence;
pub mod system;

pub use dispatch::MethodCall;

use crate::compile::expr::Callee;
use crate::compile::{CExpr, ModuleId};
use crate::cool::Classes;
use crate::syntax::SourceText;
use crate::value::Atom;
use precedence::Precedence;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// What an argument must meet to match a parameter.
#[derive(Debug, Clone)]
pub struct Restriction {
    /// The classes the argument must belong to (one of them); none for any.
    pub classes: Vec<Atom>,
    /// The query the argument must make true, if any.
    pub query: Option<Query>,
}

/// A parameter's query.
#[derive(Debug, Clone)]
pub enum Query {
    /// A query written in the method, with its source text (two methods whose
    /// queries read the same have the same restriction).
    Expr(Rc<CExpr>, String),
    /// The query of a built-in's implicit method: at most this many arguments in
    /// the wildcard.
    AtMost(usize),
}

/// What a method runs.
#[derive(Debug, Clone)]
pub enum MethodBody {
    /// A method's actions, run in a frame of `frame_size` slots, the parameters
    /// first.
    Actions {
        /// The actions.
        body: Rc<[CExpr]>,
        /// How many slots the actions need.
        frame_size: usize,
    },
    /// The built-in or command the generic is named after (an implicit method).
    System(Callee),
}

/// The restrictions of a method's parameters, the queries compiled to run in a
/// frame of their own.
#[derive(Debug, Clone)]
pub struct Parameters {
    /// One restriction per parameter, the wildcard's last.
    pub restrictions: Vec<Restriction>,
    /// Whether the last parameter is a wildcard (`$?rest`).
    pub wildcard: bool,
    /// The frame slot of `?current-argument` in the queries' frame.
    pub current_argument: u16,
    /// How many slots the queries need.
    pub frame_size: usize,
}

impl Parameters {
    /// The number of single-field parameters.
    pub fn single(&self) -> usize {
        self.restrictions.len() - usize::from(self.wildcard)
    }
}

/// A method of a generic function.
#[derive(Debug, Clone)]
pub struct Method {
    /// Its index (`#1`, ...), fixed when it is defined.
    pub index: u32,
    /// Its parameters' restrictions.
    pub parameters: Rc<Parameters>,
    /// What it runs.
    pub body: MethodBody,
    /// Its source text, for `ppdefmethod` (none for an implicit method).
    pub source: Option<SourceText>,
}

impl Method {
    /// Whether this is the implicit method of a built-in.
    pub fn is_system(&self) -> bool {
        matches!(self.body, MethodBody::System(_))
    }
}

/// A generic function.
#[derive(Debug, Clone)]
pub struct Generic {
    /// Its name (without a module qualifier).
    pub name: Atom,
    /// The module defining it.
    pub module: ModuleId,
    /// Its methods, most specific first.
    pub methods: Vec<Method>,
    /// The index the next method without one asked for gets.
    next_index: u32,
    /// The source of its defgeneric, if it had one (else CLIPS's default form).
    pub source: Option<SourceText>,
}

impl Generic {
    /// The position of method `#index` in [`Generic::methods`].
    pub fn position(&self, index: u32) -> Option<usize> {
        self.methods.iter().position(|m| m.index == index)
    }
}

/// Why a method could not be added.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MethodConflict {
    /// It would replace implicit method `#index` (`[GENRCPSR17]`).
    ReplacesSystem(u32),
    /// It was given index `new` but has the restrictions of method `#old` (`[GENRCPSR2]`).
    Indistinguishable {
        /// The index asked for.
        new: u32,
        /// The method with the same restrictions.
        old: u32,
    },
}

/// The generic functions of a program.
#[derive(Debug, Clone, Default)]
pub struct Generics {
    /// All generics, by id (a removed one keeps its place, with no methods).
    list: Vec<Generic>,
    /// The defined ones by module and name.
    ids: FxHashMap<(ModuleId, Atom), u32>,
    /// The defined ones in listing order (a redefined one moves to the end).
    order: Vec<u32>,
}

impl Generics {
    /// Generic `id`.
    pub fn get(&self, id: u32) -> &Generic {
        &self.list[id as usize]
    }

    /// The generic `name` defined in `module`.
    pub fn id(&self, module: ModuleId, name: Atom) -> Option<u32> {
        self.ids.get(&(module, name)).copied()
    }

    /// The generic named `name` in any module, the first defined.
    pub fn any_module(&self, name: Atom) -> Option<u32> {
        self.order
            .iter()
            .copied()
            .find(|&id| self.list[id as usize].name == name)
    }

    /// The defined generics, in listing order.
    pub fn defined(&self) -> impl Iterator<Item = (u32, &Generic)> + '_ {
        self.order.iter().map(|&id| (id, &self.list[id as usize]))
    }

    /// Defines generic `name` in `module` (moving it to the end of the listing
    /// when it exists); a new one gets `implicit`, the implicit methods of the
    /// built-in of its name. Returns its id.
    pub fn declare(
        &mut self,
        classes: &Classes,
        module: ModuleId,
        name: Atom,
        implicit: impl FnOnce() -> Vec<(Parameters, Callee)>,
    ) -> u32 {
        if let Some(id) = self.id(module, name) {
            self.order.retain(|&o| o != id);
            self.order.push(id);
            return id;
        }
        let id = self.list.len() as u32;
        self.list.push(Generic {
            name,
            module,
            methods: Vec::new(),
            next_index: 1,
            source: None,
        });
        for (parameters, callee) in implicit() {
            let parameters = Rc::new(parameters);
            let at = self
                .placement(classes, id, &parameters)
                .unwrap_or_else(|p| p);
            let generic = &mut self.list[id as usize];
            let index = generic.next_index;
            generic.next_index += 1;
            generic.methods.insert(
                at,
                Method {
                    index,
                    parameters,
                    body: MethodBody::System(callee),
                    source: None,
                },
            );
        }
        self.ids.insert((module, name), id);
        self.order.push(id);
        id
    }

    /// Sets the source of generic `id`'s defgeneric.
    pub fn set_source(&mut self, id: u32, source: SourceText) {
        self.list[id as usize].source = Some(source);
    }

    /// Where a method with `parameters` goes in generic `id`'s list: `Ok` the
    /// position of the method with the same restrictions, `Err` the position a
    /// new one takes.
    fn placement(
        &self,
        classes: &Classes,
        id: u32,
        parameters: &Parameters,
    ) -> Result<usize, usize> {
        let methods = &self.list[id as usize].methods;
        for (at, method) in methods.iter().enumerate() {
            match precedence::compare(classes, parameters, &method.parameters) {
                Precedence::Identical => return Ok(at),
                Precedence::Higher => return Err(at),
                Precedence::Lower => {}
            }
        }
        Err(methods.len())
    }

    /// Adds a method to generic `id` or replaces the one it redefines: the method
    /// with the same restrictions, else the method with the index asked for.
    /// Returns the method's index and whether it is new.
    pub fn add_method(
        &mut self,
        classes: &Classes,
        id: u32,
        asked: Option<u32>,
        parameters: Parameters,
        body: MethodBody,
        source: SourceText,
    ) -> Result<(u32, bool), MethodConflict> {
        let parameters = Rc::new(parameters);
        let placement = self.placement(classes, id, &parameters);
        let generic = &mut self.list[id as usize];
        let mut at = match placement {
            Ok(same) => {
                let old = &generic.methods[same];
                if old.is_system() {
                    return Err(MethodConflict::ReplacesSystem(old.index));
                }
                if let Some(new) = asked.filter(|&new| new != old.index) {
                    return Err(MethodConflict::Indistinguishable {
                        new,
                        old: old.index,
                    });
                }
                let old = &mut generic.methods[same];
                old.body = body;
                old.source = Some(source);
                return Ok((old.index, false));
            }
            Err(at) => at,
        };
        let mut new = true;
        let index = match asked.and_then(|i| generic.position(i).map(|p| (i, p))) {
            Some((index, position)) => {
                if generic.methods[position].is_system() {
                    return Err(MethodConflict::ReplacesSystem(index));
                }
                generic.methods.remove(position);
                if position < at {
                    at -= 1;
                }
                new = false;
                index
            }
            None => asked.unwrap_or(generic.next_index),
        };
        generic.next_index = generic.next_index.max(index + 1);
        generic.methods.insert(
            at,
            Method {
                index,
                parameters,
                body,
                source: Some(source),
            },
        );
        Ok((index, new))
    }

    /// Removes method `#index` of generic `id`; `false` if there is none.
    pub fn remove_method(&mut self, id: u32, index: u32) -> bool {
        let generic = &mut self.list[id as usize];
        match generic.position(index) {
            Some(at) => {
                generic.methods.remove(at);
                true
            }
            None => false,
        }
    }

    /// Removes the methods of generic `id` that were defined (its implicit ones stay).
    pub fn remove_explicit_methods(&mut self, id: u32) {
        self.list[id as usize].methods.retain(Method::is_system);
    }

    /// Removes generic `id`: its name is free, its methods gone (calls compiled
    /// earlier find none).
    pub fn remove(&mut self, id: u32) {
        let generic = &mut self.list[id as usize];
        generic.methods.clear();
        let key = (generic.module, generic.name);
        self.ids.remove(&key);
        self.order.retain(|&o| o != id);
    }
}
