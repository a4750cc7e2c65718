//! The right memories of joins: an alpha memory's matches hashed by the captures
//! joins test for equality.
//!
//! An index belongs to the alpha memory and is shared by every join that hashes
//! the same columns of it, so a new match is hashed and stored once per distinct
//! key, not once per join (a fact's template often feeds dozens of joins, most of
//! them keyed alike).
//!
//! Removal is lazy. A retracted match is only flagged ([`AlphaMatch::retracted`]) and
//! skipped by the walks; the index sweeps the flagged entries out once they make up
//! half of it. Removing eagerly cost a hash lookup (usually a cache miss) and a
//! linear search of the bucket for every join fed by the fact's alpha memory, on
//! every retract; with the sweep the cost per retract is constant, amortised.

use super::alpha::AlphaMatch;
use super::JoinKey;
use crate::compile::lhs::VarSource;
use crate::stale::Stale;
use crate::value::Value;
use hashbrown::hash_table::{Entry, HashTable};
use rustc_hash::FxHasher;
use smallvec::{Array, SmallVec};
use std::collections::VecDeque;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// A bucket of an index. Most keys have one or two entries (a join on a fact's
/// identity has one per key): those are held inline, in the space a `Vec` takes,
/// so a new key costs no allocation.
pub(super) type Bucket<T> = SmallVec<T>;

/// The most entries a right-memory bucket may have for a retracted front entry to
/// be taken out at once (see [`RightIndex::forget`]).
const SMALL_BUCKET: usize = 16;

/// The entries of a right-memory bucket: matches, oldest first.
type MatchBucket = Bucket<[Rc<AlphaMatch>; 2]>;

/// An alpha memory's matches, oldest first. Retracted ones are flagged, skipped,
/// and swept out once they make up half of the list (as in [`RightIndex`]); an
/// ordered map instead cost two hash operations per fact and memory.
///
/// Facts often go in the order they came (a queue of work, a sliding window), or
/// leave as soon as they came (a scratch fact): when the oldest or the newest match
/// is the one retracted, it and the stale entries next to it leave at once (see
/// [`Run`]). A sweep reads every match it keeps, most of them cold in the cache: in
/// churn_100k the sweeps were a seventh of the first-level data-cache misses.
#[derive(Debug, Default)]
pub struct MatchList {
    items: VecDeque<Rc<AlphaMatch>>,
    stale: Stale,
}

impl MatchList {
    /// Adds `m` as the newest match.
    pub fn push(&mut self, m: Rc<AlphaMatch>) {
        self.items.push_back(m);
        self.stale.added();
    }

    /// The matches not retracted, oldest first.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Rc<AlphaMatch>> + '_ {
        self.items.iter().filter(|m| !m.retracted.get())
    }

    /// Notes that match `m` has been retracted (and flagged).
    pub fn forget(&mut self, m: &Rc<AlphaMatch>) {
        if let Some(run) = Run::at_either_end(m, &self.items, true) {
            match run {
                Run::Front(gone) => drop(self.items.drain(..gone)),
                Run::Back(gone) => self.items.truncate(self.items.len() - gone),
            }
            self.stale.left_with(run.len());
            return;
        }
        if self.stale.note() {
            let before = self.items.len();
            self.items.retain(|m| !m.retracted.get());
            self.stale.dropped(before - self.items.len());
        }
    }
}

/// An alpha memory's matches, by the values of some of their captures, each
/// bucket oldest first.
///
/// The table holds the buckets alone, not their keys: a bucket's key is the values
/// of its first match at `columns`, read back when a lookup compares keys or the
/// table grows. Holding a copy of each key beside its bucket (56 bytes in a
/// `JoinKey`) was a sixth of Waltz's peak memory, where most keys name one fact.
#[derive(Debug, Default)]
pub struct RightIndex {
    /// The captures that make the key.
    columns: Box<[u16]>,
    /// How many joins read the index (none: it is no longer kept up to date).
    pub users: u32,
    buckets: HashTable<MatchBucket>,
    stale: Stale,
}

impl RightIndex {
    /// An empty index on `columns`.
    pub fn new(columns: &[u16]) -> Self {
        RightIndex {
            columns: columns.into(),
            ..Default::default()
        }
    }

    /// Whether the index is keyed on `columns`.
    pub fn keys_on(&self, columns: &[u16]) -> bool {
        *self.columns == *columns
    }

    /// Adds `m` as the newest entry of its bucket.
    pub fn push(&mut self, m: &Rc<AlphaMatch>) {
        if self.users == 0 {
            return;
        }
        let columns = &self.columns;
        let rehash = |bucket: &MatchBucket| match_hash(columns, &bucket[0]);
        match (self.buckets).entry(match_hash(columns, m), bucket_of(columns, m), rehash) {
            Entry::Occupied(mut bucket) => bucket.get_mut().push(m.clone()),
            Entry::Vacant(place) => {
                place.insert(smallvec::smallvec![m.clone()]);
            }
        }
        self.stale.added();
    }

    /// The live matches under `key`, oldest first.
    pub fn bucket<'a>(
        &'a self,
        key: Hashed<&[Value]>,
    ) -> impl DoubleEndedIterator<Item = &'a Rc<AlphaMatch>> + 'a {
        let columns = &self.columns;
        let same_key = |bucket: &MatchBucket| has_key(columns, &bucket[0], key.key);
        (self.buckets.find(key.hash, same_key).into_iter())
            .flatten()
            .filter(|m| !m.retracted.get())
    }

    /// Notes that entry `m` has been retracted (and flagged). When it is the newest
    /// of its bucket, or the oldest of a bucket of a few entries, it leaves at once
    /// with the stale entries next to it (as in [`MatchList::forget`]; an empty
    /// bucket goes); otherwise the flagged entries are swept out once they make up
    /// half of the index (taking the front of a large bucket would shift all the
    /// rest).
    pub fn forget(&mut self, m: &Rc<AlphaMatch>) {
        if self.users == 0 {
            return;
        }
        let columns = &self.columns;
        let hash = match_hash(columns, m);
        if let Ok(mut entry) = self.buckets.find_entry(hash, bucket_of(columns, m)) {
            let bucket = entry.get_mut();
            if let Some(run) = Run::at_either_end(m, bucket.iter(), bucket.len() <= SMALL_BUCKET) {
                match run {
                    Run::Front(gone) => drop(bucket.drain(..gone)),
                    Run::Back(gone) => bucket.truncate(bucket.len() - gone),
                }
                if bucket.is_empty() {
                    entry.remove();
                }
                self.stale.left_with(run.len());
                return;
            }
        }
        if self.stale.note() {
            let columns = &self.columns;
            let keep = |bucket: &mut MatchBucket, dropped: &mut usize| {
                prune(bucket, |m| !m.retracted.get(), dropped)
            };
            let dropped = sweep(&mut self.buckets, keep, |b| match_hash(columns, &b[0]));
            self.stale.dropped(dropped);
        }
    }

    /// Stops keeping the index (its last join is gone).
    pub fn drop_user(&mut self) {
        self.users = self.users.saturating_sub(1);
        if self.users == 0 {
            self.buckets = HashTable::default();
            self.stale = Stale::default();
        }
    }
}

/// The hash of a join key given as its values in order: the same for a key
/// looked up as a slice and for the key a bucket's first match holds.
pub(super) fn key_hash<'a>(values: impl Iterator<Item = &'a Value>) -> u64 {
    let mut hasher = FxHasher::default();
    for v in values {
        v.hash(&mut hasher);
    }
    hasher.finish()
}

/// A join key with its hash, computed once for all the tables the key meets: a
/// left activation looks its key up in the alpha memory's index and files it in
/// the join's own; a right activation takes its bucket out and puts it back.
#[derive(Debug, Clone, Copy)]
pub struct Hashed<K> {
    /// The hash of the key's values.
    pub hash: u64,
    /// The key.
    pub key: K,
}

impl<K: std::ops::Deref<Target = [Value]>> Hashed<K> {
    /// `key` with its hash.
    pub fn new(key: K) -> Self {
        Hashed {
            hash: key_hash(key.iter()),
            key,
        }
    }

    /// The key borrowed, with its hash.
    pub fn view(&self) -> Hashed<&[Value]> {
        Hashed {
            hash: self.hash,
            key: &self.key,
        }
    }
}

/// The hash of `m`'s key on `columns` (a bucket's key is its first match's).
fn match_hash(columns: &[u16], m: &AlphaMatch) -> u64 {
    key_hash(columns.iter().map(|&c| &m.captures[c as usize]))
}

/// Tells the bucket of `m`'s key on `columns` (whose first match has that key).
fn bucket_of<'a>(columns: &'a [u16], m: &'a AlphaMatch) -> impl Fn(&MatchBucket) -> bool + 'a {
    move |bucket| {
        columns
            .iter()
            .all(|&c| bucket[0].captures[c as usize] == m.captures[c as usize])
    }
}

/// Where a match just retracted leaves its list at once: at the front (it is the
/// oldest) or at the back (the newest), together with that many entries in all,
/// itself and the stale entries right next to it.
#[derive(Debug, Clone, Copy)]
enum Run {
    /// The first this many entries leave.
    Front(usize),
    /// The last this many entries leave.
    Back(usize),
}

/// When `m`, just retracted, is the first of `entries`: how many entries can leave
/// at once, `m` and the stale ones right behind it.
fn run_from<'a>(
    m: &Rc<AlphaMatch>,
    mut entries: impl Iterator<Item = &'a Rc<AlphaMatch>>,
) -> Option<usize> {
    let first = entries.next()?;
    Rc::ptr_eq(first, m).then(|| 1 + entries.take_while(|e| e.retracted.get()).count())
}

impl Run {
    /// The run `m` starts at either end of `entries` (oldest first), if any; the
    /// front is tried only where `front` allows (taking the front of a bucket
    /// shifts the rest). Comparing addresses reads no match; only the stale ones,
    /// retracted lately, are read.
    fn at_either_end<'a, I>(m: &Rc<AlphaMatch>, entries: I, front: bool) -> Option<Run>
    where
        I: IntoIterator<Item = &'a Rc<AlphaMatch>>,
        I::IntoIter: DoubleEndedIterator + Clone,
    {
        let entries = entries.into_iter();
        let front = front.then(|| run_from(m, entries.clone())).flatten();
        (front.map(Run::Front)).or_else(|| run_from(m, entries.rev()).map(Run::Back))
    }

    /// How many entries leave.
    fn len(self) -> usize {
        match self {
            Run::Front(gone) | Run::Back(gone) => gone,
        }
    }
}

/// Whether `m`'s key on `columns` is `key`.
fn has_key<'a>(columns: &[u16], m: &AlphaMatch, key: impl IntoIterator<Item = &'a Value>) -> bool {
    (columns.iter().zip(key)).all(|(&c, v)| m.captures[c as usize] == *v)
}

/// Sweeps a table: `prune_entry` drops the stale entries of one bucket, adds how
/// many to the count it is given and says whether any is left; empty buckets go.
/// Returns how many entries went. `rehash` gives a bucket's hash if the table shrinks.
///
/// A sweep walks the table's control bytes, sixteen slots a step, so its cost
/// follows the table's capacity, not what it holds. The table keeps its space while
/// each sweep empties at least a sixty-fourth of its slots (the walk then costs at
/// most four steps per key dropped); it gives the space back only once it is less
/// than a quarter full and a sweep empties less than that. Shrinking at a quarter
/// alone made a memory that fills and drains over and over (Manners' `not` nodes,
/// emptied each time the context fact changes) grow its table again from nothing
/// every time: a rehash of every key per cycle, 5% of the run.
pub(super) fn sweep<T>(
    table: &mut HashTable<T>,
    mut prune_entry: impl FnMut(&mut T, &mut usize) -> bool,
    rehash: impl Fn(&T) -> u64,
) -> usize {
    let keys = table.len();
    let mut dropped = 0;
    table.retain(|entry| prune_entry(entry, &mut dropped));
    let capacity = table.capacity();
    if table.len() * 4 < capacity && (keys - table.len()) * 64 < capacity {
        table.shrink_to_fit(rehash);
    }
    dropped
}

/// Drops the entries `keep` rejects from `bucket`, adding their number to
/// `dropped`; whether any entry is left.
#[inline]
pub(super) fn prune<A: Array>(
    bucket: &mut Bucket<A>,
    keep: impl Fn(&A::Item) -> bool,
    dropped: &mut usize,
) -> bool {
    let before = bucket.len();
    bucket.retain(|e| keep(e));
    *dropped += before - bucket.len();
    !bucket.is_empty()
}

/// An alpha match's join key, as a slice of values: borrowed from its captures
/// when the key's columns are consecutive (the usual case: a pattern's join
/// variables are captured side by side), gathered into a new key otherwise. A right
/// activation only looks its key up, so copying the values (and dropping the copy)
/// was a tenth of Waltz.
pub enum KeyView<'a> {
    /// The captures themselves.
    Borrowed(&'a [Value]),
    /// The captures copied in column order.
    Gathered(JoinKey),
}

impl std::ops::Deref for KeyView<'_> {
    type Target = [Value];

    fn deref(&self) -> &[Value] {
        match self {
            KeyView::Borrowed(values) => values,
            KeyView::Gathered(key) => key,
        }
    }
}

/// The key of `m` on a join's equalities `eq` (their columns), borrowed where it
/// can be (see [`KeyView`]).
pub fn key_view<'a>(eq: &[(VarSource, u16)], m: &'a AlphaMatch) -> KeyView<'a> {
    let consecutive = eq.windows(2).all(|w| w[1].1 == w[0].1 + 1);
    match eq.first() {
        Some(&(_, first)) if consecutive => {
            let first = first as usize;
            KeyView::Borrowed(&m.captures[first..first + eq.len()])
        }
        Some(_) => KeyView::Gathered(key_of(eq, m)),
        None => KeyView::Borrowed(&[]),
    }
}

/// The key of `m` on a join's equalities `eq` (their columns).
pub fn key_of(eq: &[(VarSource, u16)], m: &AlphaMatch) -> JoinKey {
    eq.iter()
        .map(|(_, c)| m.captures[*c as usize].clone())
        .collect()
}
