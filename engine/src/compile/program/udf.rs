//! Functions the embedding program defines (CLIPS's user-defined functions, its
//! `AddUDF`): a name, the argument counts it takes and a body written in the host
//! language. Rules and commands call them as they call built-ins.

use crate::value::{Atom, Value};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// A user-defined function's body: the evaluated arguments in, its value or an
/// error message (reported as CLIPS reports a function's error) out.
pub type UdfBody = Rc<dyn Fn(&[Value]) -> Result<Value, String>>;

/// A function defined by the embedding program.
#[derive(Clone)]
pub struct Udf {
    /// Its name.
    pub name: Atom,
    /// The least number of arguments it takes.
    pub min_args: usize,
    /// The most arguments it takes, or `None`.
    pub max_args: Option<usize>,
    /// What it does.
    pub body: UdfBody,
}

impl std::fmt::Debug for Udf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Udf")
            .field("name", &self.name)
            .field("min_args", &self.min_args)
            .field("max_args", &self.max_args)
            .finish_non_exhaustive()
    }
}

/// The user-defined functions of an environment, by id and by name.
#[derive(Debug, Clone, Default)]
pub struct Udfs {
    list: Vec<Udf>,
    by_name: FxHashMap<Atom, u32>,
}

impl Udfs {
    /// Defines `udf`, replacing a function of the same name (its id is kept, so
    /// code already compiled calls the new body).
    pub fn define(&mut self, udf: Udf) {
        match self.by_name.get(&udf.name) {
            Some(&id) => self.list[id as usize] = udf,
            None => {
                self.by_name.insert(udf.name, self.list.len() as u32);
                self.list.push(udf);
            }
        }
    }

    /// The id of the function named `name`.
    pub fn id(&self, name: Atom) -> Option<u32> {
        self.by_name.get(&name).copied()
    }

    /// The function with id `id`.
    pub fn get(&self, id: u32) -> &Udf {
        &self.list[id as usize]
    }
}
