//! Working memory's content index: the facts by the hash of their template and slot
//! values, for the duplicate check every assertion makes.
//!
//! While working memory is small the index is one table. Once that table holds
//! [`DIRECT`] facts (its slots then take a megabyte, the second-level cache of the
//! benchmark host), new facts go into a small second one, [`YOUNG`] facts at most,
//! which stays in the first-level cache; when it is full its facts move to the
//! large one. A fact asserted and retracted again while it is young (a rule's
//! scratch fact, a queue's entry that is soon done) never reaches the large table.
//! With one table as large as working memory, each new fact was written to a random
//! place in it: at a million facts a cache miss on every assertion, which made an
//! assert+retract cost 1.8 times what it cost at a thousand facts. Now the large
//! table is read for the duplicate check and written when the young facts move
//! there, a loop of independent writes whose misses overlap (BENCHMARKS.md). Below
//! [`DIRECT`] facts the table is in the cache anyway, and moving each fact a second
//! time would cost 2.5% more instructions (joins_10k).

use super::Fact;
use crate::value::FactId;
use hashbrown::HashTable;
use std::rc::Rc;

/// How many facts the old table holds before new facts go to the young one first.
const DIRECT: usize = 1 << 16;

/// How many facts the young table holds before they move to the old one: its slots
/// (8 bytes each, at most 7/8 of them in use) take 16 KB, half the first-level
/// data cache of the benchmark host.
const YOUNG: usize = 1024;

/// The facts by content hash (several under one hash on a collision, or with fact
/// duplication on). An entry is the fact's pointer alone; its hash is read from the
/// fact when a table grows or the young facts move. Holding (hash, pointer) took
/// twice the room: with a million facts, pointers alone made an assert+retract 7.6%
/// cheaper and peak RSS 153 -> 126 MB (BENCHMARKS.md, session 24).
#[derive(Default)]
pub(super) struct ContentIndex {
    /// The newest facts, at most [`YOUNG`], once `old` holds [`DIRECT`].
    young: HashTable<Rc<Fact>>,
    /// The others.
    old: HashTable<Rc<Fact>>,
}

/// A table hash from the 32 bits a fact keeps: the table takes its tag from the top
/// bits, so the low half kept is multiplied out to all 64.
fn spread(hash: u32) -> u64 {
    u64::from(hash).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A fact's table hash.
fn table_hash(fact: &Rc<Fact>) -> u64 {
    spread(fact.content_hash)
}

/// The index of the oldest fact of `table` whose kept content hash is `hash` and
/// which `same` accepts.
#[inline]
fn oldest_in(
    table: &HashTable<Rc<Fact>>,
    hash: u32,
    same: &impl Fn(&Fact) -> bool,
) -> Option<FactId> {
    let mut oldest: Option<FactId> = None;
    for fact in table.iter_hash(spread(hash)) {
        // The kept hash tells most other facts under the same table tag apart
        // before `same` compares their values.
        if fact.content_hash == hash && same(fact) && oldest.is_none_or(|id| fact.id < id) {
            oldest = Some(fact.id);
        }
    }
    oldest
}

impl ContentIndex {
    /// The index of the oldest fact whose kept content hash is `hash` and which
    /// `same` accepts.
    #[inline]
    pub(super) fn oldest(&self, hash: u32, same: impl Fn(&Fact) -> bool) -> Option<FactId> {
        let old = oldest_in(&self.old, hash, &same);
        if self.young.is_empty() {
            return old;
        }
        old.into_iter()
            .chain(oldest_in(&self.young, hash, &same))
            .min()
    }

    /// Adds `fact`, which is not in the index.
    pub(super) fn insert(&mut self, fact: Rc<Fact>) {
        let table = if self.old.len() < DIRECT {
            &mut self.old
        } else {
            if self.young.len() == YOUNG {
                self.age();
            }
            &mut self.young
        };
        table.insert_unique(table_hash(&fact), fact, table_hash);
    }

    /// Moves the young facts to the old table, keeping the young table's room.
    #[cold]
    fn age(&mut self) {
        self.old.reserve(self.young.len(), table_hash);
        for fact in self.young.drain() {
            (self.old).insert_unique(table_hash(&fact), fact, table_hash);
        }
    }

    /// Removes `fact` (the same fact, not an identical one) if it is there.
    pub(super) fn remove(&mut self, fact: &Rc<Fact>) {
        let hash = table_hash(fact);
        let same = |f: &Rc<Fact>| Rc::ptr_eq(f, fact);
        if let Ok(entry) = self.young.find_entry(hash, same) {
            entry.remove();
        } else if let Ok(entry) = self.old.find_entry(hash, same) {
            entry.remove();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::TemplateId;
    use crate::value::Value;
    use crate::wm::Slots;

    fn fact(id: u64, value: i64) -> Rc<Fact> {
        let slots: Slots = smallvec::smallvec![Value::Integer(value)];
        Rc::new(Fact::new(FactId(id), TemplateId(0), slots))
    }

    /// The indices of the facts with `f`'s content, oldest first, found by taking
    /// the oldest one out until none is left.
    fn ids_under(index: &ContentIndex, f: &Rc<Fact>) -> Vec<u64> {
        let mut ids = Vec::new();
        let unseen = |g: &Fact, ids: &[u64]| g.slots == f.slots && !ids.contains(&g.id.0);
        while let Some(id) = index.oldest(f.content_hash, |g| unseen(g, &ids)) {
            ids.push(id.0);
        }
        ids
    }

    #[test]
    fn finds_and_removes_facts_young_and_old() {
        let mut index = ContentIndex::default();
        let facts: Vec<_> = (0..(DIRECT + 3 * YOUNG) as u64 + 7)
            .map(|i| fact(i + 1, i as i64))
            .collect();
        for f in &facts {
            index.insert(f.clone());
        }
        assert!(!index.old.is_empty() && !index.young.is_empty());
        assert_eq!(index.old.len() + index.young.len(), facts.len());
        for f in &facts {
            assert_eq!(ids_under(&index, f), vec![f.id.0]);
        }
        // The oldest fact (in the old table) and the newest (young) both leave.
        for f in [&facts[0], &facts[facts.len() - 1]] {
            index.remove(f);
            assert!(ids_under(&index, f).is_empty());
        }
        assert_eq!(index.old.len() + index.young.len(), facts.len() - 2);
    }

    #[test]
    fn identical_facts_stay_apart_across_the_tables() {
        let mut index = ContentIndex::default();
        let first = fact(1, 42);
        index.insert(first.clone());
        for i in 2..=DIRECT as u64 {
            index.insert(fact(i, -(i as i64)));
        }
        let copy = fact(DIRECT as u64 + 1, 42);
        index.insert(copy.clone());
        assert_eq!((index.old.len(), index.young.len()), (DIRECT, 1));
        assert_eq!(ids_under(&index, &copy), vec![1, DIRECT as u64 + 1]);
        index.remove(&copy);
        assert_eq!(ids_under(&index, &first), vec![1]);
    }
}
