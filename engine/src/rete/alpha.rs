//! The alpha network: matching one fact against a pattern's fact-only tests, and
//! the alpha memories holding the matches.

use super::test::{compares_to_literals, literal_test};
use super::token::TokenId;
use super::TestHost;
use crate::compile::lhs::{AlphaPattern, Alt, AltKind, FieldSpec, FieldTest, SlotMatch};
use crate::value::Value;
use crate::wm::Fact;
use smallvec::SmallVec;
use std::cell::Cell;
use std::ops::Range;
use std::rc::Rc;
use thin_vec::ThinVec;

/// Index of an alpha memory.
pub type AmId = u32;

/// An [`AlphaMemory::terminal`] not made yet.
pub const NO_TERMINAL: u32 = u32::MAX;

/// The ways one fact matches one pattern, as capture vectors (nearly always one).
pub type Captures = SmallVec<[Box<[Value]>; 1]>;

/// One way a fact matches a pattern: the fact and the values of the pattern's
/// captures (a fact matches a multifield pattern in as many ways as it can be split).
///
/// Its two lists of tokens are `ThinVec`s, one pointer wide (a `Vec` is three),
/// an empty one allocating nothing, each in a `Cell` (taken out to be changed) rather
/// than a `RefCell`, whose borrow flag is another word: a match is 64 bytes with
/// its link to the fact's previous match, not 104 without, and Waltz holds some
/// 45,000 of them.
pub struct AlphaMatch {
    /// The fact.
    pub fact: Rc<Fact>,
    /// The captured field values.
    pub captures: Box<[Value]>,
    /// Which way of splitting the fact this is (0 for single-field patterns).
    pub variant: u32,
    /// The join tokens built on this match, removed with it. Deleting a token does
    /// not search this list (that would cost the list's length); the entry goes
    /// stale and is skipped, and stale entries are swept when they outnumber live ones.
    pub tokens: Cell<ThinVec<TokenId>>,
    /// How many entries of `tokens` are stale.
    pub stale: Cell<u32>,
    /// The `not`/`exists` tokens this match blocks (their [`Token::blocker`]); entries
    /// go stale when the token is deleted or finds another blocker, and are skipped.
    ///
    /// [`Token::blocker`]: super::token::Token::blocker
    pub blocks: Cell<ThinVec<TokenId>>,
    /// Whether the fact has been retracted (the memories drop such matches lazily).
    pub retracted: Cell<bool>,
    /// The alpha memory holding the match.
    pub memory: AmId,
    /// The same fact's match made before this one, if any: a fact's matches are a
    /// chain from its newest (see `Network::by_fact`), cut when it is retracted.
    pub older: Cell<Option<Rc<AlphaMatch>>>,
}

impl std::fmt::Debug for AlphaMatch {
    /// The fact, the captures and where the match is (a `Cell` of a token list
    /// cannot be shown without taking it out).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AlphaMatch")
            .field("fact", &self.fact.id)
            .field("captures", &self.captures)
            .field("variant", &self.variant)
            .field("memory", &self.memory)
            .field("retracted", &self.retracted.get())
            .finish_non_exhaustive()
    }
}

/// Unlinks the chain of older matches one by one: dropped link by link, a long
/// chain (a fact splitting a thousand ways into a multifield pattern) would recurse
/// as deep.
impl Drop for AlphaMatch {
    fn drop(&mut self) {
        let mut next = self.older.take();
        while let Some(m) = next {
            next = Rc::try_unwrap(m).ok().and_then(|inner| inner.older.take());
        }
    }
}

impl AlphaMatch {
    /// A match of `fact` with `captures` in alpha memory `memory`, the
    /// `variant`-th way of splitting the fact.
    pub fn new(fact: Rc<Fact>, captures: Box<[Value]>, variant: u32, memory: AmId) -> Rc<Self> {
        Rc::new(AlphaMatch {
            fact,
            captures,
            variant,
            memory,
            tokens: Default::default(),
            stale: Default::default(),
            blocks: Default::default(),
            retracted: Default::default(),
            older: Default::default(),
        })
    }
}

/// The matches of one (shared) alpha pattern. Its lists are `ThinVec`s, one
/// pointer each: with two `Vec`s and a `usize` a memory took 112 bytes, 80 now
/// (a rule set keeps about one memory per pattern).
#[derive(Debug)]
pub struct AlphaMemory {
    /// The pattern (shared with the rules' compiled patterns and the network's
    /// table of memories by pattern).
    pub pattern: Rc<AlphaPattern>,
    /// The matches, oldest first.
    pub entries: super::memory::MatchList,
    /// The nodes fed by this memory, newest rule first (as CLIPS visits them).
    pub successors: ThinVec<super::NodeId>,
    /// Where the pattern ends in its template's pattern tree (for ordering), once
    /// a join without hashed equalities is fed; [`NO_TERMINAL`] before.
    pub terminal: u32,
    /// The hashed views of the matches that joins read.
    pub indexes: ThinVec<super::memory::RightIndex>,
}

impl AlphaMemory {
    /// Stores a new match, in the entries and in every index.
    pub fn insert(&mut self, m: &Rc<AlphaMatch>) {
        self.entries.push(m.clone());
        for index in &mut self.indexes {
            index.push(m);
        }
    }

    /// The index on `columns`, made (and filled) if no join used one yet; a new user
    /// is counted.
    pub fn index_on(&mut self, columns: &[u16]) -> u32 {
        let at = match self.indexes.iter().position(|i| i.keys_on(columns)) {
            Some(at) => at,
            None => {
                // Most memories feed joins on one set of columns: room for one
                // more index, not the four a first push makes room for.
                self.indexes.reserve_exact(1);
                self.indexes.push(super::memory::RightIndex::new(columns));
                self.indexes.len() - 1
            }
        };
        let index = &mut self.indexes[at];
        index.users += 1;
        if index.users == 1 {
            for m in self.entries.values() {
                index.push(m);
            }
        }
        at as u32
    }
}

/// Every way `fact` matches `pattern`, as capture vectors.
pub fn match_fact(pattern: &AlphaPattern, fact: &Fact, host: &mut dyn TestHost) -> Captures {
    // The pattern's leading tests that compare a single-field slot with literals are
    // decided on the fact itself, before anything is captured: most facts a pattern is
    // tried on fail such a test (Waltz: two in three), and as deciding one has no
    // effect, and no test before it has one, deciding it first changes nothing else.
    // The tests decided here are not run again once the slots are read.
    let mut decided = 0;
    for test in &pattern.tests {
        let Some(slot) = literal_slot(pattern, test) else {
            break;
        };
        if !literal_test(test, &fact.slots[slot]) {
            return Captures::new();
        }
        decided += 1;
    }
    let mut results = Captures::new();
    let rest = &pattern.tests[decided..];
    if rest.is_empty() && reads_nothing(pattern) {
        // `(item $?)`, the pattern of a `not` or `exists` that only asks whether
        // such a fact is there: every fact matches it once, with nothing captured
        // (reading its slots the general way cost some 250 instructions a fact).
        results.push(Box::default());
        return results;
    }
    let mut captures: SmallVec<[Value; 8]> =
        SmallVec::from_elem(Value::Void, pattern.captures as usize);
    fill_slots(pattern, rest, fact, 0, &mut captures, host, &mut results);
    results
}

/// The slot and the constant of `pattern`'s first test when that test is the slot's
/// equality with one literal: a fact whose slot holds another value fails the
/// pattern at that test, before any other test runs ([`match_fact`] decides it
/// first), so the pattern need not be tried on it. Not a float: equal floats may
/// hash apart (0.0 and -0.0).
pub fn selector(pattern: &AlphaPattern) -> Option<(usize, &Value)> {
    let test = pattern.tests.first()?;
    let slot = literal_slot(pattern, test)?;
    match test.only_term()? {
        Alt {
            negated: false,
            kind: AltKind::Const(value),
        } if !matches!(value, Value::Float(_)) => Some((slot, value)),
        _ => None,
    }
}

/// Whether `pattern` captures nothing and each slot it names is one `$?`, so that it
/// reads a fact one way whatever the fact holds.
fn reads_nothing(pattern: &AlphaPattern) -> bool {
    pattern.captures == 0
        && (pattern.slots.iter()).all(|s| match s {
            SlotMatch::Single { .. } => false,
            SlotMatch::Multi { fields, .. } => {
                matches!(
                    fields.as_slice(),
                    [FieldSpec {
                        multi: true,
                        capture: None
                    }]
                )
            }
        })
}

/// The single-field slot whose value `test` compares with literals alone, if it is such a test.
fn literal_slot(pattern: &AlphaPattern, test: &FieldTest) -> Option<usize> {
    if !compares_to_literals(test) {
        return None;
    }
    pattern.slots.iter().find_map(|s| match s {
        SlotMatch::Single { slot, capture } if *capture == test.capture => Some(*slot as usize),
        _ => None,
    })
}

/// Reads `pattern`'s slots from `slot_index` on into `captures`, and for each way they
/// split, runs `tests` (the pattern's tests not decided yet) and keeps the captures
/// that pass.
fn fill_slots(
    pattern: &AlphaPattern,
    tests: &[FieldTest],
    fact: &Fact,
    slot_index: usize,
    captures: &mut SmallVec<[Value; 8]>,
    host: &mut dyn TestHost,
    results: &mut Captures,
) {
    let Some(slot_match) = pattern.slots.get(slot_index) else {
        match (tests.iter()).find(|t| !super::test::field_test(t, captures, None, host)) {
            None => results.push(captures.iter().cloned().collect()),
            Some(failed) => super::fault::note_failed_test(failed.capture),
        }
        return;
    };
    match slot_match {
        SlotMatch::Single { slot, capture } => {
            captures[*capture as usize] = fact.slots[*slot as usize].clone();
            fill_slots(
                pattern,
                tests,
                fact,
                slot_index + 1,
                captures,
                host,
                results,
            );
        }
        SlotMatch::Multi { slot, fields } => {
            let values = fact.slots[*slot as usize].as_slice();
            // Most patterns have at most one multifield (an ordered fact's fields, say):
            // then there is one split or none, bound as it is found.
            if fields.iter().filter(|f| f.multi).count() <= 1 {
                if let Some(split) = only_split(fields, values.len()) {
                    bind_fields(fields, values, split, captures);
                    fill_slots(
                        pattern,
                        tests,
                        fact,
                        slot_index + 1,
                        captures,
                        host,
                        results,
                    );
                }
                return;
            }
            let mut segments = Vec::new();
            split_fields(fields, values, 0, &mut Vec::new(), &mut segments);
            for segmentation in segments {
                bind_fields(fields, values, segmentation.into_iter(), captures);
                fill_slots(
                    pattern,
                    tests,
                    fact,
                    slot_index + 1,
                    captures,
                    host,
                    results,
                );
            }
        }
    }
}

/// Binds the captured fields of a multislot, each to its range of `values`.
fn bind_fields(
    fields: &[FieldSpec],
    values: &[Value],
    ranges: impl Iterator<Item = Range<usize>>,
    captures: &mut [Value],
) {
    for (field, range) in fields.iter().zip(ranges) {
        if let Some(c) = field.capture {
            captures[c as usize] = if field.multi {
                Value::multifield(values[range].to_vec())
            } else {
                values[range.start].clone()
            };
        }
    }
}

/// The one way to split `len` values among `fields`, at most one of which is a
/// multifield (it takes what the single fields leave), as one range per field;
/// `None` if there is none.
fn only_split(fields: &[FieldSpec], len: usize) -> Option<impl Iterator<Item = Range<usize>> + '_> {
    let singles = fields.iter().filter(|f| !f.multi).count();
    let rest = len.checked_sub(singles)?;
    if rest > 0 && singles == fields.len() {
        return None;
    }
    let mut start = 0;
    Some(fields.iter().map(move |f| {
        let end = start + if f.multi { rest } else { 1 };
        let range = start..end;
        start = end;
        range
    }))
}

/// Every way to split `values` among `fields` (single fields take one value,
/// multifields any number), as one range per field.
fn split_fields(
    fields: &[FieldSpec],
    values: &[Value],
    start: usize,
    current: &mut Vec<Range<usize>>,
    out: &mut Vec<Vec<Range<usize>>>,
) {
    let i = current.len();
    let Some(field) = fields.get(i) else {
        if start == values.len() {
            out.push(current.clone());
        }
        return;
    };
    let singles_after = fields[i + 1..].iter().filter(|f| !f.multi).count();
    let multis_after = fields[i + 1..].iter().any(|f| f.multi);
    if field.multi {
        let remaining = values.len().saturating_sub(start);
        if remaining < singles_after {
            return;
        }
        let max_len = remaining - singles_after;
        // Longest first: CLIPS creates the split with the longest leading segment
        // first, so under depth the shortest fires first.
        let lengths: Vec<usize> = if multis_after {
            (0..=max_len).rev().collect()
        } else {
            vec![max_len]
        };
        for len in lengths {
            current.push(start..start + len);
            split_fields(fields, values, start + len, current, out);
            current.pop();
        }
    } else if start < values.len() {
        current.push(start..start + 1);
        split_fields(fields, values, start + 1, current, out);
        current.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::AlphaMatch;
    use crate::compile::TemplateId;
    use crate::value::FactId;
    use crate::wm::Fact;
    use std::rc::Rc;

    /// A fact splitting a great many ways makes a long chain of matches: dropping
    /// it must not recurse once per link (200,000 links overflowed the stack).
    #[test]
    fn a_long_chain_of_matches_drops_without_deep_recursion() {
        let fact = Rc::new(Fact::new(FactId(1), TemplateId(0), Default::default()));
        let mut newest = AlphaMatch::new(fact.clone(), Box::new([]), 0, 0);
        for variant in 1..200_000 {
            let m = AlphaMatch::new(fact.clone(), Box::new([]), variant, 0);
            m.older.set(Some(newest));
            newest = m;
        }
        drop(newest);
        assert_eq!(Rc::strong_count(&fact), 1);
    }

    /// Every fact holds one of these per pattern it matches (Waltz some 45,000):
    /// keep it from growing unnoticed (64 bytes and the `Rc`'s 16 fill mimalloc's
    /// 80-byte class; 8 more would take the 96-byte one).
    #[test]
    fn an_alpha_match_takes_64_bytes() {
        assert_eq!(std::mem::size_of::<AlphaMatch>(), 64);
    }
}
