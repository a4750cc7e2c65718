//! A multifield's items: shared, in one block behind one pointer.

use super::Value;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use triomphe::ThinArc;

/// The items of a multifield value, shared between the values holding them.
///
/// Triomphe's `ThinArc` keeps the count, the length and the items in one block behind
/// a one-word pointer. An `Rc<Vec<Value>>` took two blocks (the count with the vector,
/// then the items): an ordered fact, whose fields are one multifield, cost an
/// allocation more and 32 bytes more. An `Rc<[Value]>` is one block but a two-word
/// pointer, which would make every [`Value`] three words instead of two.
#[derive(Clone)]
pub struct Multi(ThinArc<(), Value>);

impl Multi {
    /// A multifield of `items`, written straight into its block.
    #[inline]
    pub fn from_items(items: impl ExactSizeIterator<Item = Value>) -> Self {
        Multi(ThinArc::from_header_and_iter((), items))
    }

    /// The items.
    #[inline]
    pub fn as_slice(&self) -> &[Value] {
        &self.0.slice
    }
}

impl From<Vec<Value>> for Multi {
    #[inline]
    fn from(items: Vec<Value>) -> Self {
        Multi::from_items(items.into_iter())
    }
}

impl Deref for Multi {
    type Target = [Value];

    #[inline]
    fn deref(&self) -> &[Value] {
        self.as_slice()
    }
}

/// Out of line, as is hashing: a multifield is compared item by item, and
/// [`Value`]'s comparison, inlined into every join, stays a few instructions.
impl PartialEq for Multi {
    #[inline(never)]
    fn eq(&self, other: &Self) -> bool {
        self.0.ptr() == other.0.ptr() || self.as_slice() == other.as_slice()
    }
}

impl Eq for Multi {}

impl Hash for Multi {
    /// Hashes as the slice of items does (the length, then each item).
    #[inline(never)]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl fmt::Debug for Multi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_multifield_is_one_word_and_its_items_read_back() {
        assert_eq!(std::mem::size_of::<Multi>(), 8);
        let m = Multi::from(vec![Value::Integer(1), Value::symbol("a")]);
        let copy = m.clone();
        assert_eq!(copy.as_slice(), &[Value::Integer(1), Value::symbol("a")]);
        assert_eq!(m, copy);
        assert!(Multi::from(Vec::new()).is_empty());
    }
}
