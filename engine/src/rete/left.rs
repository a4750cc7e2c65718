//! The left memories of joins: the tokens a join has received, by join key, for the
//! right activations to find.
//!
//! A left memory is hashed only once a right activation first looks a bucket up.
//! Until then its entries are kept in a list in the order they were filed, each
//! with its key and the key's hash: adding one writes the end of the list, where
//! hashing it wrote a random place in a table as large as the memory, a cache miss
//! per token once the table outgrew the cache. A join whose alpha memory stays
//! empty (a rule waiting for a fact that has not come) is never right-activated,
//! and its list is all it ever keeps, as a left-unlinked join keeps nothing in
//! Doorenbos's Rete (*Production Matching for Large Learning Systems*, 1995); when
//! the first fact comes, the list is hashed in filing order, which gives every
//! bucket the order it would have had (oldest first), and the memory stays hashed.
//! A memory hashed once is never turned back into a list: a memory whose alpha
//! memory empties and fills over and over (Manners' `not` nodes) would rebuild its
//! table each time.

use super::memory::{key_hash, prune, sweep, Bucket, Hashed};
use super::token::TokenId;
use super::JoinKey;
use crate::stale::Stale;
use crate::value::Value;
use hashbrown::hash_table::{Entry, HashTable};

/// The entries of a left-memory bucket: a token and the stamp it was filed under.
pub type LeftBucket = Bucket<[(TokenId, u64); 1]>;

/// A join's left memory: tokens by join key, each bucket oldest first, each entry
/// with the stamp under which it was filed.
///
/// Like the right memory it forgets lazily: a withdrawn or deleted token leaves a
/// stale entry (its stamp no longer matches the token's, see [`Tokens::stamp`]),
/// skipped by walks and swept out when a token is filed while stale entries make up
/// half of the index. A left memory often empties whole (Manners' `not` nodes, each
/// time the context fact changes, their tokens deleted newest first): sweeping as
/// entries went stale walked it at half, at a quarter, and so on, reading the
/// stamp of every token left (a sixth of Manners' first-level cache misses), where
/// now the last entry to go empties it in one step.
/// Removing eagerly meant re-reading the token's key from its ancestors, a hash
/// lookup and a linear search of the bucket — quadratic for a pattern with no
/// equality test, whose one bucket holds every token.
///
/// [`Tokens::stamp`]: super::token::Tokens::stamp
#[derive(Debug, Default)]
pub struct LeftIndex {
    entries: Width,
    stale: Stale,
}

/// A left memory's entries by the width of their keys. Most joins test one
/// variable: their keys are held as that one value, in table entries of 40 bytes
/// where a key with room for three takes 80 (joins_10k: 18% fewer page faults, peak
/// RSS 14.1 -> 11.9 MB; joins_100k 85.4 -> 73.3 MB). Keys of several values keep
/// the inline room: on the heap, Manners' `not` on three variables cost 4% more
/// instructions.
#[derive(Debug)]
enum Width {
    /// Keys of one value.
    One(Entries<Value>),
    /// Keys of any other width.
    Many(Entries<JoinKey>),
}

/// An index made by `Default` (the placeholder left while a join's own is swept)
/// takes keys of any width.
impl Default for Width {
    fn default() -> Self {
        Width::Many(Entries::default())
    }
}

/// Runs `$body` with `$entries` bound to whichever [`Entries`] `$width` holds.
macro_rules! with_entries {
    ($width:expr, $entries:ident => $body:expr) => {
        match $width {
            Width::One($entries) => $body,
            Width::Many($entries) => $body,
        }
    };
}

/// A left memory's entries, keys held as `K`: in filing order until a right
/// activation first looks a bucket up, by key from then on.
#[derive(Debug)]
enum Entries<K> {
    /// In filing order, not hashed yet.
    Filed(Vec<FiledEntry<K>>),
    /// By key.
    Hashed(HashTable<(K, LeftBucket)>),
}

impl<K> Default for Entries<K> {
    fn default() -> Self {
        Entries::Filed(Vec::new())
    }
}

/// An entry of a left memory not hashed yet: the key's hash, the key, the token and
/// the stamp it was filed under.
type FiledEntry<K> = (u64, K, TokenId, u64);

/// A key as a left memory holds it (compared with another as it is when a table is
/// built from the filed entries).
trait StoredKey: Sized + PartialEq {
    /// Whether this is the key with these values.
    fn is(&self, key: &[Value]) -> bool;
    /// The key's hash (as [`Hashed`] computes it).
    fn key_hash(&self) -> u64;
    /// The key held as this type.
    fn stored(key: JoinKey) -> Self;
}

impl StoredKey for Value {
    #[inline]
    fn is(&self, key: &[Value]) -> bool {
        matches!(key, [value] if value == self)
    }

    fn key_hash(&self) -> u64 {
        key_hash(std::iter::once(self))
    }

    #[inline]
    fn stored(mut key: JoinKey) -> Self {
        debug_assert_eq!(key.len(), 1, "a one-value memory holds keys of one value");
        key.pop().unwrap_or(Value::Void)
    }
}

impl StoredKey for JoinKey {
    #[inline]
    fn is(&self, key: &[Value]) -> bool {
        **self == *key
    }

    fn key_hash(&self) -> u64 {
        key_hash(self.iter())
    }

    #[inline]
    fn stored(key: JoinKey) -> Self {
        key
    }
}

/// The hash of a table entry's key.
fn entry_hash<K: StoredKey>((key, _): &(K, LeftBucket)) -> u64 {
    key.key_hash()
}

/// Tells the table entry whose key is `key`.
#[inline]
fn keyed<'a, K: StoredKey>(key: &'a [Value]) -> impl Fn(&(K, LeftBucket)) -> bool + 'a {
    move |(k, _)| k.is(key)
}

impl<K: StoredKey> Entries<K> {
    /// Files `token` under `key` with `stamp`, as the newest entry.
    #[inline]
    fn push(&mut self, key: Hashed<JoinKey>, token: TokenId, stamp: u64) {
        let stored = K::stored(key.key);
        match self {
            Entries::Filed(filed) => filed.push((key.hash, stored, token, stamp)),
            Entries::Hashed(table) => push_entry(table, key.hash, stored, token, stamp),
        }
    }

    /// The table, hashed from the filed entries first if it is not yet.
    #[inline]
    fn table(&mut self) -> &mut HashTable<(K, LeftBucket)> {
        if let Entries::Filed(filed) = self {
            *self = Entries::Hashed(hash_filed(std::mem::take(filed)));
        }
        let Entries::Hashed(table) = self else {
            unreachable!("the filed entries were hashed above")
        };
        table
    }

    /// Takes the bucket of `key` out (see [`LeftIndex::take`]).
    #[inline]
    fn take(&mut self, key: Hashed<&[Value]>) -> Option<LeftBucket> {
        (self.table().find_mut(key.hash, keyed(key.key))).map(|(_, bucket)| std::mem::take(bucket))
    }

    /// Puts back a bucket taken out.
    fn restore(&mut self, key: Hashed<&[Value]>, bucket: LeftBucket) {
        if let Ok(place) = self.table().find_entry(key.hash, keyed(key.key)) {
            if bucket.is_empty() {
                place.remove();
            } else {
                place.into_mut().1 = bucket;
            }
        }
    }

    /// Takes out the newest entry if the memory is not hashed yet and the entry is
    /// `token`'s; whether it did. A token's newest entry is its latest filing.
    #[inline]
    fn pop_newest(&mut self, token: TokenId) -> bool {
        match self {
            Entries::Filed(filed) if filed.last().is_some_and(|e| e.2 == token) => {
                filed.pop();
                true
            }
            _ => false,
        }
    }

    /// Whether there is no entry.
    #[inline]
    fn is_empty(&self) -> bool {
        match self {
            Entries::Filed(filed) => filed.is_empty(),
            Entries::Hashed(table) => table.is_empty(),
        }
    }

    /// Every entry: in filing order, or bucket by bucket once hashed.
    fn collect<C: FromIterator<(TokenId, u64)>>(&self) -> C {
        match self {
            Entries::Filed(filed) => filed.iter().map(|&(_, _, t, stamp)| (t, stamp)).collect(),
            Entries::Hashed(table) => table.iter().flat_map(|(_, b)| b).copied().collect(),
        }
    }

    /// Drops every entry, keeping the room.
    fn clear(&mut self) {
        match self {
            Entries::Filed(filed) => filed.clear(),
            Entries::Hashed(table) => table.clear(),
        }
    }

    /// Drops the entries `current` rejects; how many went.
    fn sweep(&mut self, current: impl Fn(TokenId, u64) -> bool) -> usize {
        match self {
            Entries::Filed(filed) => {
                let before = filed.len();
                filed.retain(|&(_, _, token, stamp)| current(token, stamp));
                before - filed.len()
            }
            Entries::Hashed(table) => {
                let keep = |(_, bucket): &mut (K, LeftBucket), dropped: &mut usize| {
                    prune(bucket, |&(t, stamp)| current(t, stamp), dropped)
                };
                sweep(table, keep, entry_hash)
            }
        }
    }
}

/// The table of `filed` entries, each bucket in filing order.
#[cold]
#[inline(never)]
fn hash_filed<K: StoredKey>(filed: Vec<FiledEntry<K>>) -> HashTable<(K, LeftBucket)> {
    let mut table = HashTable::with_capacity(filed.len());
    for (hash, key, token, stamp) in filed {
        push_entry(&mut table, hash, key, token, stamp);
    }
    table
}

/// Files `token` under `key` (whose hash is `hash`) with `stamp` in `table`, as the
/// newest entry of its bucket.
#[inline]
fn push_entry<K: StoredKey>(
    table: &mut HashTable<(K, LeftBucket)>,
    hash: u64,
    key: K,
    token: TokenId,
    stamp: u64,
) {
    match table.entry(hash, |(k, _)| *k == key, entry_hash) {
        Entry::Occupied(mut entry) => entry.get_mut().1.push((token, stamp)),
        Entry::Vacant(place) => {
            place.insert((key, smallvec::smallvec![(token, stamp)]));
        }
    }
}

impl LeftIndex {
    /// An empty index for keys of `width` values.
    pub fn new(width: usize) -> Self {
        let entries = match width {
            1 => Width::One(Entries::default()),
            _ => Width::Many(Entries::default()),
        };
        LeftIndex {
            entries,
            stale: Stale::default(),
        }
    }

    /// Files `token` under `key` with its current `stamp`, as the newest entry.
    #[inline]
    pub fn push(&mut self, key: Hashed<JoinKey>, token: TokenId, stamp: u64) {
        with_entries!(&mut self.entries, entries => entries.push(key, token, stamp));
        self.stale.added();
    }

    /// Takes the bucket `key` out, for a walk that changes the network (entries
    /// of this index are never added or withdrawn while it walks); give it back
    /// with [`LeftIndex::restore`]. `None` when there is no such bucket: most right
    /// activations find none (Waltz's), and then cost one lookup, not two.
    #[inline]
    pub fn take(&mut self, key: Hashed<&[Value]>) -> Option<LeftBucket> {
        with_entries!(&mut self.entries, entries => entries.take(key))
    }

    /// Puts back a bucket taken out, from which the walk dropped `dropped` stale entries.
    pub fn restore(&mut self, key: Hashed<&[Value]>, bucket: LeftBucket, dropped: usize) {
        self.stale.dropped(dropped);
        with_entries!(&mut self.entries, entries => entries.restore(key, bucket));
    }

    /// Whether the index holds no entry (not even a stale one). Told from the count
    /// of entries the index keeps: a fact reaches many joins with nothing in their
    /// left memory (Waltz's: a million), and asking the entries themselves cost a
    /// dispatch on their width and on their form (Waltz +1.5% instructions).
    #[inline]
    pub fn is_empty(&self) -> bool {
        debug_assert_eq!(
            self.stale.holds_none(),
            with_entries!(&self.entries, entries => entries.is_empty()),
            "the count of entries is kept"
        );
        self.stale.holds_none()
    }

    /// Every entry, stale ones included: in filing order, or bucket by bucket once
    /// hashed (a memory under the network's root has one key, so one bucket).
    pub fn collect_entries<C: FromIterator<(TokenId, u64)>>(&self) -> C {
        with_entries!(&self.entries, entries => entries.collect())
    }

    /// Notes that the entry of `token` went stale. The newest entry of a memory
    /// not hashed yet leaves at once (a token withdrawn as soon as it came: a
    /// scratch fact's). When none is left live, the index is emptied at once
    /// (keeping its space); otherwise stale entries wait for the next
    /// [`LeftIndex::push`] to find a sweep due.
    #[inline]
    pub fn forget(&mut self, token: TokenId) {
        if with_entries!(&mut self.entries, entries => entries.pop_newest(token)) {
            self.stale.taken();
            return;
        }
        if self.stale.note_deferred() {
            with_entries!(&mut self.entries, entries => entries.clear());
            self.stale = Stale::default();
        }
    }

    /// Whether stale entries are half of the index: sweep before the next push.
    pub fn sweep_due(&self) -> bool {
        self.stale.due()
    }

    /// Drops the stale entries (`current` tells the live ones).
    pub fn sweep(&mut self, current: impl Fn(TokenId, u64) -> bool) {
        let dropped = with_entries!(&mut self.entries, entries => entries.sweep(current));
        self.stale.dropped(dropped);
        self.stale.swept();
    }

    /// Empties the index, giving its space back; it is a list again until a right
    /// activation next looks a bucket up.
    pub fn clear(&mut self) {
        with_entries!(&mut self.entries, entries => *entries = Entries::default());
        self.stale = Stale::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(values: &[i64]) -> Hashed<JoinKey> {
        Hashed::new(values.iter().map(|&v| Value::Integer(v)).collect())
    }

    /// Files tokens 1..=6 under keys of `width` values cycling through three keys,
    /// token `t` with stamp `10 * t`.
    fn filled(width: usize) -> LeftIndex {
        let mut index = LeftIndex::new(width);
        for t in 1..=6u32 {
            let k = i64::from(t % 3);
            index.push(key(&vec![k; width]), TokenId(t), 10 * u64::from(t));
        }
        index
    }

    fn taken(index: &mut LeftIndex, values: &[i64]) -> Vec<(u32, u64)> {
        let k = key(values);
        let bucket = index.take(k.view()).unwrap_or_default();
        let entries = bucket.iter().map(|&(t, s)| (t.0, s)).collect();
        index.restore(k.view(), bucket, 0);
        entries
    }

    #[test]
    fn buckets_hashed_from_the_filed_entries_keep_filing_order() {
        for width in [1, 2] {
            let mut index = filled(width);
            let all: Vec<(TokenId, u64)> = index.collect_entries();
            assert_eq!(all.len(), 6);
            assert!(
                all.windows(2).all(|w| w[0].0 .0 < w[1].0 .0),
                "filing order"
            );
            assert_eq!(taken(&mut index, &vec![1; width]), [(1, 10), (4, 40)]);
            assert_eq!(taken(&mut index, &vec![0; width]), [(3, 30), (6, 60)]);
            // Once hashed, a new entry joins the end of its bucket.
            index.push(key(&vec![1; width]), TokenId(7), 70);
            assert_eq!(
                taken(&mut index, &vec![1; width]),
                [(1, 10), (4, 40), (7, 70)]
            );
            assert_eq!(taken(&mut index, &vec![5; width]), []);
        }
    }

    #[test]
    fn sweeps_and_empties_before_and_after_hashing() {
        for hash_first in [false, true] {
            let mut index = filled(1);
            if hash_first {
                taken(&mut index, &[2]);
            }
            index.sweep(|t, _| t.0 % 2 == 0);
            let left: Vec<(TokenId, u64)> = index.collect_entries();
            let mut tokens: Vec<u32> = left.iter().map(|(t, _)| t.0).collect();
            tokens.sort_unstable();
            assert_eq!(tokens, [2, 4, 6]);
            assert_eq!(taken(&mut index, &[1]), [(4, 40)]);
            for _ in 0..3 {
                assert!(!index.is_empty());
                index.forget(TokenId(0));
            }
            assert!(index.is_empty(), "the last live entry's going empties it");
        }
    }

    #[test]
    fn the_newest_entry_leaves_at_once_until_the_memory_is_hashed() {
        let mut index = filled(1);
        index.forget(TokenId(6));
        let left: Vec<(TokenId, u64)> = index.collect_entries();
        assert_eq!(left.len(), 5);
        assert!(left.iter().all(|(t, _)| t.0 != 6));
        // An older entry, or any once hashed, stays (stale) until a walk or a sweep.
        index.forget(TokenId(1));
        taken(&mut index, &[0]);
        index.forget(TokenId(5));
        assert_eq!(index.collect_entries::<Vec<_>>().len(), 5);
    }
}
