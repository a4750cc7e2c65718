//! Instance addresses: a [`Value`](super::Value) that designates one COOL instance.
//!
//! An address is one word, compared and hashed as the other one-word values are:
//! a serial number, never reused, so that the address of a deleted instance
//! stays different from that of a later instance of the same name (CLIPS compares
//! instance addresses by identity). The names behind the serials are kept in a
//! per-thread table, so that an address prints as CLIPS prints it
//! (`<Instance-a>`, or `<Stale Instance-a>` once the instance is gone) wherever a
//! value is displayed, with no environment at hand. The table holds a name and a
//! flag per instance ever made in the thread.

use super::Atom;
use std::cell::RefCell;
use std::fmt;

thread_local! {
    /// Each serial's instance name and whether the instance still exists.
    static NAMES: RefCell<Vec<(Atom, bool)>> = const { RefCell::new(Vec::new()) };
}

/// The address of one instance: its serial number in the thread's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InstanceId(u64);

impl InstanceId {
    /// The address of a new instance named `name`.
    pub fn new(name: Atom) -> InstanceId {
        NAMES.with(|names| {
            let mut names = names.borrow_mut();
            names.push((name, true));
            InstanceId(names.len() as u64 - 1)
        })
    }

    /// The address's serial number.
    pub fn serial(self) -> u64 {
        self.0
    }

    /// The address with serial number `serial` (one [`InstanceId::serial`] gave).
    pub fn from_serial(serial: u64) -> InstanceId {
        InstanceId(serial)
    }

    /// The name of the instance (it may have been deleted since).
    pub fn name(self) -> Atom {
        NAMES.with(|names| names.borrow()[self.0 as usize].0)
    }

    /// Whether the instance was deleted: its address is stale.
    pub fn is_stale(self) -> bool {
        NAMES.with(|names| !names.borrow()[self.0 as usize].1)
    }

    /// Marks the instance deleted.
    pub fn retire(self) {
        NAMES.with(|names| names.borrow_mut()[self.0 as usize].1 = false);
    }
}

/// `<Instance-name>`, or `<Stale Instance-name>` once deleted, as CLIPS prints it.
impl fmt::Display for InstanceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stale = if self.is_stale() { "Stale " } else { "" };
        write!(f, "<{stale}Instance-{}>", self.name())
    }
}
