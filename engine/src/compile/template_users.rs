//! Which constructs name which templates: a template some rule, deffacts or
//! deffunction names (in a pattern, or in a fact it asserts) is in use, and CLIPS
//! refuses to redefine it (`[CSTRCPSR4]`): the construct was compiled against its
//! slots.
//!
//! The compilers note every template they resolve while a construct compiles
//! ([`TemplateUsers::note`]); defining the construct records the list under its
//! name ([`TemplateUsers::record`]), replacing what an earlier definition of the
//! same name named, and removing the construct forgets it. The record is part of
//! the [`Program`](super::Program), so the check of a load (which compiles the
//! whole file against a copy of the program before defining anything) sees the
//! uses of the constructs before each deftemplate in the same file.

use super::TemplateId;
use crate::value::Atom;
use indexmap::IndexMap;
use std::fmt;

/// A construct that can name templates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TemplateUser {
    /// A defrule, by the name of its module and its own name (two modules may
    /// each have a rule of the same name).
    Rule(Atom, Atom),
    /// A deffacts, by name.
    Deffacts(Atom),
    /// A deffunction, by the name of its module and its own name.
    Function(Atom, Atom),
}

impl fmt::Display for TemplateUser {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TemplateUser::Rule(module, name) => write!(f, "defrule {module}::{name}"),
            TemplateUser::Deffacts(name) => write!(f, "deffacts {name}"),
            TemplateUser::Function(module, name) => write!(f, "deffunction {module}::{name}"),
        }
    }
}

/// The templates each defined construct names, and those named so far by the
/// construct being compiled.
#[derive(Debug, Clone, Default)]
pub struct TemplateUsers {
    /// By construct, in definition order (so a message names the same user every run).
    named_by: IndexMap<TemplateUser, Box<[TemplateId]>>,
    /// Noted since the last [`TemplateUsers::start`].
    noted: Vec<TemplateId>,
}

impl TemplateUsers {
    /// Begins a construct: forgets what the last one noted (a construct that failed
    /// to compile records nothing).
    pub fn start(&mut self) {
        self.noted.clear();
    }

    /// Notes that the construct being compiled names template `id`.
    pub fn note(&mut self, id: TemplateId) {
        if !self.noted.contains(&id) {
            self.noted.push(id);
        }
    }

    /// The templates noted since the last [`TemplateUsers::start`].
    pub fn noted(&self) -> &[TemplateId] {
        &self.noted
    }

    /// Records what the construct just compiled named, as `user`'s templates.
    pub fn record(&mut self, user: TemplateUser) {
        let named = std::mem::take(&mut self.noted).into_boxed_slice();
        if named.is_empty() {
            self.named_by.shift_remove(&user);
        } else {
            self.named_by.insert(user, named);
        }
    }

    /// Makes room for `additional` more users.
    pub fn reserve(&mut self, additional: usize) {
        self.named_by.reserve(additional);
    }

    /// Forgets a removed construct.
    pub fn forget(&mut self, user: TemplateUser) {
        self.named_by.shift_remove(&user);
    }

    /// The first construct (in definition order) naming template `id`, if any.
    pub fn user_of(&self, id: TemplateId) -> Option<TemplateUser> {
        self.named_by
            .iter()
            .find(|(_, named)| named.contains(&id))
            .map(|(user, _)| *user)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::atom;

    #[test]
    fn a_redefinition_replaces_and_a_removal_forgets_what_a_construct_named() {
        let (a, b) = (TemplateId(0), TemplateId(1));
        let rule = TemplateUser::Rule(atom("MAIN"), atom("r"));
        let mut users = TemplateUsers::default();
        users.start();
        users.note(a);
        users.note(b);
        users.note(a);
        users.record(rule);
        assert_eq!(users.user_of(a), Some(rule));
        assert_eq!(users.user_of(b), Some(rule));
        users.start();
        users.note(b);
        users.record(rule);
        assert_eq!(users.user_of(a), None, "r no longer names a");
        users.forget(rule);
        assert_eq!(users.user_of(b), None);
        users.start();
        users.note(a);
        users.start();
        users.record(TemplateUser::Function(atom("MAIN"), atom("f")));
        assert_eq!(
            users.user_of(a),
            None,
            "a construct that failed noted nothing"
        );
    }
}
