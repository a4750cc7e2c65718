//! Interned strings ([`Atom`]): the names of symbols, the texts of strings, the
//! names of constructs.
//!
//! Each distinct text is kept once, for the life of the process, by internment's
//! `Intern`, whose table grows with the texts it holds. (ustr, used before,
//! allocates and fills a table of a million slots at its first intern: 8 MB of
//! resident memory and about 6 ms of page faults in every process.) It interns
//! `String`s, not `str`s, so that an atom is one thin pointer (8 bytes, not 16):
//! atoms are in every value, fact and token key, and only printing and string
//! functions read the text behind the pointer.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

use internment::Intern;

/// An interned string: copying, comparing for equality and hashing it are
/// pointer operations; ordering compares the texts.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Atom(Intern<String>);

impl Atom {
    /// The interned text.
    pub fn as_str(&self) -> &'static str {
        self.0.as_ref().as_str()
    }

    /// The address of the one copy of the text, which identifies the atom (equal
    /// atoms share it): what hashing reads.
    pub fn address(&self) -> u64 {
        self.0.as_ref() as *const String as usize as u64
    }

    /// Whether `text` has been interned (in this process, ever).
    pub fn exists(text: &str) -> bool {
        Intern::<String>::is_interned(text)
    }
}

/// Interns `text`, returning its [`Atom`].
pub fn atom(text: &str) -> Atom {
    Atom(Intern::from_ref(text))
}

impl From<&str> for Atom {
    fn from(text: &str) -> Atom {
        atom(text)
    }
}

impl Deref for Atom {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Atom {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<str> for Atom {
    fn eq(&self, text: &str) -> bool {
        self.as_str() == text
    }
}

impl PartialEq<&str> for Atom {
    fn eq(&self, text: &&str) -> bool {
        self.as_str() == *text
    }
}

/// Hashes the address of the one copy of the text: equal atoms share it.
impl Hash for Atom {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.address());
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_texts_are_one_atom() {
        let a = atom("salience-atom-test");
        assert_eq!(a, atom(&String::from("salience-atom-test")));
        assert_ne!(a, atom("salience-atom-test2"));
        assert_eq!(
            a.as_str().as_ptr(),
            atom("salience-atom-test").as_str().as_ptr()
        );
    }

    #[test]
    fn order_is_by_text() {
        assert!(atom("apple") < atom("banana"));
        assert!(atom("b") > atom("a"));
    }

    #[test]
    fn exists_after_interning_only() {
        assert!(!Atom::exists("salience-never-interned-text"));
        atom("salience-interned-text");
        assert!(Atom::exists("salience-interned-text"));
    }
}
