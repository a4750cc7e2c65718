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
use super::token::TokenId;
use super::JoinKey;
use crate::stale::Stale;
use crate::value::Value;
use rustc_hash::FxHashMap;
use smallvec::{Array, SmallVec};
use std::rc::Rc;

/// A bucket of an index. Most keys have one or two entries (a join on a fact's
/// identity has one per key): those are held inline, in the space a `Vec` takes,
/// so a new key costs no allocation.
type Bucket<T> = SmallVec<T>;

/// The entries of a left-memory bucket: a token and the stamp it was filed under.
pub type LeftBucket = Bucket<[(TokenId, u64); 1]>;

/// An alpha memory's matches, oldest first. Retracted ones are flagged, skipped,
/// and swept out once they make up half of the list (as in [`RightIndex`]); an
/// ordered map instead cost two hash operations per fact and memory.
#[derive(Debug, Default)]
pub struct MatchList {
    items: Vec<Rc<AlphaMatch>>,
    stale: Stale,
}

impl MatchList {
    /// Adds `m` as the newest match.
    pub fn push(&mut self, m: Rc<AlphaMatch>) {
        self.items.push(m);
        self.stale.added();
    }

    /// The matches not retracted, oldest first.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Rc<AlphaMatch>> + '_ {
        self.items.iter().filter(|m| !m.retracted.get())
    }

    /// Notes that one match has been retracted (and flagged).
    pub fn forget_one(&mut self) {
        if self.stale.note() {
            let before = self.items.len();
            self.items.retain(|m| !m.retracted.get());
            self.stale.dropped(before - self.items.len());
        }
    }
}

/// An alpha memory's matches, by the values of some of their captures, each
/// bucket oldest first.
#[derive(Debug, Default)]
pub struct RightIndex {
    /// The captures that make the key.
    columns: Box<[u16]>,
    /// How many joins read the index (none: it is no longer kept up to date).
    pub users: u32,
    buckets: FxHashMap<JoinKey, Bucket<[Rc<AlphaMatch>; 2]>>,
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
        let key = key_of(&self.columns, m);
        self.buckets.entry(key).or_default().push(m.clone());
        self.stale.added();
    }

    /// The live matches under `key`, oldest first.
    pub fn bucket<'a>(
        &'a self,
        key: &[Value],
    ) -> impl DoubleEndedIterator<Item = &'a Rc<AlphaMatch>> + 'a {
        self.buckets
            .get(key)
            .into_iter()
            .flatten()
            .filter(|m| !m.retracted.get())
    }

    /// Notes that one of the entries has been retracted (and flagged), sweeping the
    /// flagged entries out when they make up half of the index.
    pub fn forget_one(&mut self) {
        if self.users == 0 {
            return;
        }
        if self.stale.note() {
            let dropped = sweep(&mut self.buckets, |m| !m.retracted.get());
            self.stale.dropped(dropped);
        }
    }

    /// Stops keeping the index (its last join is gone).
    pub fn drop_user(&mut self) {
        self.users = self.users.saturating_sub(1);
        if self.users == 0 {
            self.buckets = FxHashMap::default();
            self.stale = Stale::default();
        }
    }
}

/// Drops the entries `keep` rejects from every bucket (and empty buckets), and
/// returns how many went.
///
/// A sweep walks the table's control bytes, sixteen slots a step, so its cost
/// follows the table's capacity, not what it holds. The table keeps its space while
/// each sweep empties at least a sixty-fourth of its slots (the walk then costs at
/// most four steps per key dropped); it gives the space back only once it is less
/// than a quarter full and a sweep empties less than that. Shrinking at a quarter
/// alone made a memory that fills and drains over and over (Manners' `not` nodes,
/// emptied each time the context fact changes) grow its table again from nothing
/// every time: a rehash of every key per cycle, 5% of the run.
fn sweep<A: Array>(
    buckets: &mut FxHashMap<JoinKey, Bucket<A>>,
    keep: impl Fn(&A::Item) -> bool,
) -> usize {
    let keys = buckets.len();
    let mut dropped = 0;
    buckets.retain(|_, bucket| {
        let before = bucket.len();
        bucket.retain(|e| keep(e));
        dropped += before - bucket.len();
        !bucket.is_empty()
    });
    let emptied = keys - buckets.len();
    let capacity = buckets.capacity();
    if buckets.len() * 4 < capacity && emptied * 64 < capacity {
        buckets.shrink_to_fit();
    }
    dropped
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

/// The key of `m` on `columns`, borrowed where it can be (see [`KeyView`]).
pub fn key_view<'a>(columns: &[u16], m: &'a AlphaMatch) -> KeyView<'a> {
    let consecutive = columns.windows(2).all(|w| w[1] == w[0] + 1);
    match columns.first() {
        Some(&first) if consecutive => {
            let first = first as usize;
            KeyView::Borrowed(&m.captures[first..first + columns.len()])
        }
        Some(_) => KeyView::Gathered(key_of(columns, m)),
        None => KeyView::Borrowed(&[]),
    }
}

/// The key of `m` on `columns`.
pub fn key_of(columns: &[u16], m: &AlphaMatch) -> JoinKey {
    columns
        .iter()
        .map(|c| m.captures[*c as usize].clone())
        .collect()
}

/// A join's left memory: tokens by join key, each bucket oldest first, each entry
/// with the stamp under which it was filed.
///
/// Like the right memory it forgets lazily: a withdrawn or deleted token leaves a
/// stale entry (its stamp no longer matches the token's, see [`Tokens::stamp`]),
/// skipped by walks and swept out once stale entries make up half of the index.
/// Removing eagerly meant re-reading the token's key from its ancestors, a hash
/// lookup and a linear search of the bucket — quadratic for a pattern with no
/// equality test, whose one bucket holds every token.
///
/// [`Tokens::stamp`]: super::token::Tokens::stamp
#[derive(Debug, Default)]
pub struct LeftIndex {
    buckets: FxHashMap<JoinKey, LeftBucket>,
    stale: Stale,
}

impl LeftIndex {
    /// Files `token` under `key` with its current `stamp`, as the newest entry.
    pub fn push(&mut self, key: JoinKey, token: TokenId, stamp: u64) {
        self.buckets.entry(key).or_default().push((token, stamp));
        self.stale.added();
    }

    /// Takes the bucket `key` out, for a walk that changes the network (entries
    /// of this index are never added or withdrawn while it walks); give it back
    /// with [`LeftIndex::restore`]. `None` when there is no such bucket: most right
    /// activations find none (Waltz's), and then cost one lookup, not two.
    pub fn take(&mut self, key: &[Value]) -> Option<LeftBucket> {
        self.buckets.get_mut(key).map(std::mem::take)
    }

    /// Puts back a bucket taken out, from which the walk dropped `dropped` stale entries.
    pub fn restore(&mut self, key: &[Value], bucket: LeftBucket, dropped: usize) {
        self.stale.dropped(dropped);
        if bucket.is_empty() {
            self.buckets.remove(key);
        } else if let Some(place) = self.buckets.get_mut(key) {
            *place = bucket;
        }
    }

    /// Every entry, stale ones included, bucket by bucket.
    pub fn entries(&self) -> impl Iterator<Item = (TokenId, u64)> + '_ {
        self.buckets.values().flatten().copied()
    }

    /// Notes that an entry went stale; true when a sweep is due.
    pub fn forget_one(&mut self) -> bool {
        self.stale.note()
    }

    /// Drops the stale entries (`current` tells the live ones).
    pub fn sweep(&mut self, current: impl Fn(TokenId, u64) -> bool) {
        let dropped = sweep(&mut self.buckets, |&(t, stamp)| current(t, stamp));
        self.stale.dropped(dropped);
        self.stale.swept();
    }

    /// Empties the index.
    pub fn clear(&mut self) {
        *self = LeftIndex::default();
    }
}
