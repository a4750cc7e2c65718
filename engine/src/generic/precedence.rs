//! CLIPS's method precedence: which of two methods' restrictions is the more
//! specific (`RestrictionsCompare` and `TypeListCompare` in `genrcpsr.c`).
//!
//! Parameter by parameter: a regular parameter precedes a wildcard; a parameter
//! restricted to classes precedes an unrestricted one, and a subclass its
//! superclass (the first differing class decides, then the shorter class list);
//! a parameter with a query precedes one without. Then more regular parameters
//! precede fewer, and no wildcard precedes a wildcard.

use super::classes::is_subclass;
use super::{Parameters, Query, Restriction};
use crate::cool::Classes;

/// How a new method's restrictions rank against an existing method's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precedence {
    /// The new method is more specific: it goes before.
    Higher,
    /// The restrictions are the same: the new method replaces the old.
    Identical,
    /// The new method is less specific, or differs only in its queries.
    Lower,
}

/// The rank of `new` against `old`.
pub fn compare(classes: &Classes, new: &Parameters, old: &Parameters) -> Precedence {
    let (count, old_count) = (new.restrictions.len(), old.restrictions.len());
    let mut differ = false;
    for (i, (r1, r2)) in new.restrictions.iter().zip(&old.restrictions).enumerate() {
        if i + 1 == count && new.wildcard && !old.wildcard {
            return Precedence::Lower;
        }
        if i + 1 == old_count && !new.wildcard && old.wildcard {
            return Precedence::Higher;
        }
        match class_lists(classes, r1, r2) {
            Precedence::Identical => {}
            other => return other,
        }
        match (&r1.query, &r2.query) {
            (None, Some(_)) => return Precedence::Lower,
            (Some(_), None) => return Precedence::Higher,
            (Some(q1), Some(q2)) => differ |= !same_query(q1, q2),
            (None, None) => {}
        }
    }
    if count == old_count {
        return if differ {
            Precedence::Lower
        } else {
            Precedence::Identical
        };
    }
    // CLIPS ranks more regular parameters higher; its test for fewer tests for
    // more again, so fewer regular parameters rank as the same number does: by
    // the wildcard. Kept, for the methods to be ordered (and found) as in CLIPS.
    if new.single() > old.single() {
        return Precedence::Higher;
    }
    if new.wildcard {
        Precedence::Lower
    } else {
        Precedence::Higher
    }
}

/// Whether two queries are the same query.
fn same_query(q1: &Query, q2: &Query) -> bool {
    match (q1, q2) {
        (Query::Expr(_, t1), Query::Expr(_, t2)) => t1 == t2,
        (Query::AtMost(n1), Query::AtMost(n2)) => n1 == n2,
        _ => false,
    }
}

/// The rank of `r1`'s class list against `r2`'s.
fn class_lists(classes: &Classes, r1: &Restriction, r2: &Restriction) -> Precedence {
    match (r1.classes.is_empty(), r2.classes.is_empty()) {
        (true, true) => return Precedence::Identical,
        (true, false) => return Precedence::Lower,
        (false, true) => return Precedence::Higher,
        (false, false) => {}
    }
    let mut differ = false;
    for (c1, c2) in r1.classes.iter().zip(&r2.classes) {
        if c1 != c2 {
            differ = true;
            if is_subclass(classes, *c1, *c2) {
                return Precedence::Higher;
            }
            if is_subclass(classes, *c2, *c1) {
                return Precedence::Lower;
            }
        }
    }
    match r1.classes.len().cmp(&r2.classes.len()) {
        std::cmp::Ordering::Less => Precedence::Higher,
        std::cmp::Ordering::Greater => Precedence::Lower,
        std::cmp::Ordering::Equal if differ => Precedence::Lower,
        std::cmp::Ordering::Equal => Precedence::Identical,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::atom;

    fn params(spec: &[&[&str]], wildcard: bool) -> Parameters {
        Parameters {
            restrictions: spec
                .iter()
                .map(|classes| Restriction {
                    classes: classes.iter().map(|c| atom(c)).collect(),
                    query: None,
                })
                .collect(),
            wildcard,
            current_argument: 0,
            frame_size: 0,
        }
    }

    #[test]
    fn more_specific_first() {
        let classes = Classes::default();
        let integer = params(&[&["INTEGER"]], false);
        let number = params(&[&["NUMBER"]], false);
        assert_eq!(compare(&classes, &integer, &number), Precedence::Higher);
        assert_eq!(compare(&classes, &number, &integer), Precedence::Lower);
        assert_eq!(compare(&classes, &number, &number), Precedence::Identical);
        let any = params(&[&[]], false);
        assert_eq!(compare(&classes, &any, &number), Precedence::Lower);
        let rest = params(&[&["INTEGER"]], true);
        assert_eq!(compare(&classes, &rest, &integer), Precedence::Lower);
        // (INTEGER LEXEME) against (STRING NUMBER): no class subsumes, same
        // length: the newer goes after.
        let t3a = params(&[&["INTEGER", "LEXEME"]], false);
        let t3b = params(&[&["STRING", "NUMBER"]], false);
        assert_eq!(compare(&classes, &t3b, &t3a), Precedence::Lower);
        let two = params(&[&["NUMBER"], &["NUMBER"]], false);
        assert_eq!(compare(&classes, &two, &number), Precedence::Higher);
        // As in CLIPS, fewer regular parameters without a wildcard rank higher too.
        assert_eq!(compare(&classes, &number, &two), Precedence::Higher);
    }
}
