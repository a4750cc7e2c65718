//! Values by fact index, in chunks of consecutive indices: working memory's facts,
//! and the network's newest alpha match of each fact.
//!
//! Fact indices are handed out in increasing order, and facts mostly leave in about
//! the order they came (a queue of work, a sliding window): the live facts cover a
//! run of indices, a few of them old. The table is a deque of chunks, each holding
//! the facts of 64 consecutive indices; a chunk is allocated while it holds a fact,
//! and empty chunks at the front leave the deque. Adding, finding and removing a
//! fact index the deque and the chunk, in constant time however many facts there
//! are; walking them in index order reads the chunks in turn. An ordered map cost
//! a search of its nodes per operation (~1,200 instructions per fact asserted and
//! retracted in churn_100k, with the content index); a sorted vector, a binary
//! search per lookup and a shift per removal.
//!
//! What a gap costs: a run of 64 indices with no live fact after the oldest takes
//! one empty place in the deque (8 bytes), and each old fact keeps its chunk (520
//! bytes for a pointer-sized value).
//!
//! The network keeps each fact's alpha matches here too: in a hash table keyed by
//! fact index, the entry of every new fact was a random place in a table as large as
//! working memory, a cache miss per assertion once it outgrew the cache; here
//! consecutive facts take consecutive slots.

use crate::value::FactId;
use std::collections::VecDeque;

/// How many consecutive indices a chunk covers, as a power of two.
const CHUNK_BITS: u32 = 6;
const CHUNK_LEN: usize = 1 << CHUNK_BITS;

/// The values of `CHUNK_LEN` consecutive indices.
#[derive(Debug)]
struct Chunk<T> {
    slots: [Option<T>; CHUNK_LEN],
    live: u32,
}

/// Values by fact index.
#[derive(Debug)]
pub(crate) struct ByIndex<T> {
    /// The number of the first chunk in `chunks` (a fact's chunk number is its
    /// index divided by `CHUNK_LEN`).
    first: u64,
    /// The chunks from the oldest live fact's to the newest's; `None` where none
    /// of a chunk's indices is live.
    chunks: VecDeque<Option<Box<Chunk<T>>>>,
    /// The last chunk emptied, kept for the next one needed: a program that asserts
    /// a fact and retracts it again, over and over, would otherwise make and free a
    /// chunk each time its new index starts one.
    spare: Option<Box<Chunk<T>>>,
    len: usize,
}

impl<T> Default for ByIndex<T> {
    fn default() -> Self {
        ByIndex {
            first: 0,
            chunks: VecDeque::new(),
            spare: None,
            len: 0,
        }
    }
}

/// A fact index's chunk number and place in the chunk.
fn place(id: FactId) -> (u64, usize) {
    (id.0 >> CHUNK_BITS, (id.0 as usize) & (CHUNK_LEN - 1))
}

impl<T> ByIndex<T> {
    /// The value under index `id`.
    pub(crate) fn get(&self, id: FactId) -> Option<&T> {
        let (chunk, at) = place(id);
        let chunk = chunk.checked_sub(self.first)?;
        self.chunks
            .get(usize::try_from(chunk).ok()?)?
            .as_ref()?
            .slots[at]
            .as_ref()
    }

    /// Puts `value` under index `id`, returning the value it replaces.
    pub(crate) fn insert(&mut self, id: FactId, value: T) -> Option<T> {
        let (chunk, at) = place(id);
        let chunk = self.chunk_mut(chunk);
        let replaced = chunk.slots[at].replace(value);
        if replaced.is_none() {
            chunk.live += 1;
            self.len += 1;
        }
        replaced
    }

    /// Chunk number `number`, made if need be (and the deque grown to hold it).
    fn chunk_mut(&mut self, number: u64) -> &mut Chunk<T> {
        if self.chunks.is_empty() {
            self.first = number;
        }
        while number < self.first {
            self.chunks.push_front(None);
            self.first -= 1;
        }
        let at = (number - self.first) as usize;
        if at >= self.chunks.len() {
            self.chunks.resize_with(at + 1, || None);
        }
        let spare = &mut self.spare;
        self.chunks[at].get_or_insert_with(|| {
            spare.take().unwrap_or_else(|| {
                Box::new(Chunk {
                    slots: std::array::from_fn(|_| None),
                    live: 0,
                })
            })
        })
    }

    /// Removes the value under index `id`, returning it.
    pub(crate) fn remove(&mut self, id: FactId) -> Option<T> {
        let (chunk, at) = place(id);
        let chunk = usize::try_from(chunk.checked_sub(self.first)?).ok()?;
        let entry = self.chunks.get_mut(chunk)?;
        let slots = entry.as_mut()?;
        let value = slots.slots[at].take()?;
        slots.live -= 1;
        self.len -= 1;
        if slots.live == 0 {
            self.spare = entry.take();
            // Empty places leave from the front only: new indices come at the back,
            // and a fact asserted and retracted there again and again, far from the
            // older facts, would otherwise take the places between away and put them
            // back each time.
            while let Some(None) = self.chunks.front() {
                self.chunks.pop_front();
                self.first += 1;
            }
        }
        Some(value)
    }

    /// The values in index order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &T> {
        (self.chunks.iter().flatten()).flat_map(|chunk| chunk.slots.iter().flatten())
    }

    /// The number of values.
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Puts index `id` in the table, holding its own number.
    fn put(table: &mut ByIndex<u64>, id: u64) {
        table.insert(FactId(id), id);
    }

    fn ids(table: &ByIndex<u64>) -> Vec<u64> {
        table.iter().copied().collect()
    }

    #[test]
    fn keeps_index_order_across_chunks_and_gaps() {
        let mut table = ByIndex::default();
        for id in [200, 3, 64, 63, 1000, 65] {
            put(&mut table, id);
        }
        assert_eq!(ids(&table), [3, 63, 64, 65, 200, 1000]);
        assert_eq!(table.len(), 6);
        assert_eq!(table.get(FactId(64)).copied(), Some(64));
        assert!(table.get(FactId(66)).is_none());
        assert!(table.get(FactId(1)).is_none());
        assert!(table.get(FactId(5000)).is_none());
        assert_eq!(table.insert(FactId(64), 640), Some(64));
        assert_eq!(table.get(FactId(64)), Some(&640));
        assert_eq!(table.len(), 6);
    }

    #[test]
    fn empty_chunks_leave_from_the_front() {
        let mut table = ByIndex::default();
        for id in 1..=300 {
            put(&mut table, id);
        }
        for id in 1..=299 {
            assert_eq!(table.remove(FactId(id)), Some(id));
        }
        assert_eq!(table.chunks.len(), 1);
        assert_eq!(ids(&table), [300]);
        assert!(table.remove(FactId(299)).is_none());
        assert_eq!(table.remove(FactId(300)), Some(300));
        assert!(table.chunks.is_empty());
        // New facts far from an old one, each retracted at once: the places between
        // stay, and the chunk is reused.
        put(&mut table, 1);
        for id in 1_000..2_000 {
            put(&mut table, id);
            table.remove(FactId(id));
        }
        assert_eq!(table.chunks.len(), (1_999 >> 6) + 1);
        assert_eq!(ids(&table), [1]);
        table.remove(FactId(1));
        assert_eq!(table.len(), 0);
        // Numbering may restart lower (a hypothesis branch undone).
        put(&mut table, 7);
        put(&mut table, 2);
        assert_eq!(ids(&table), [2, 7]);
    }

    #[test]
    fn a_sliding_window_keeps_the_deque_short() {
        let mut table = ByIndex::default();
        put(&mut table, 1);
        for id in 2..100_000u64 {
            put(&mut table, id);
            if id > 1_001 {
                table.remove(FactId(id - 1_000));
            }
        }
        // The old fact 1 keeps the first chunk; the window, 99,000 to 99,999, takes
        // chunks 1,546 to 1,562; the places between are empty.
        assert_eq!(table.len(), 1 + 1_000);
        assert_eq!(table.chunks.iter().flatten().count(), 1 + 17);
        assert_eq!(table.chunks.len(), 1_563);
        assert_eq!(ids(&table).first(), Some(&1));
    }
}
