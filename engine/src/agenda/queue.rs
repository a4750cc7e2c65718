//! One module's agenda: its activations in firing order.
//!
//! Under depth and breadth (depth is CLIPS's default), the order within a salience
//! is creation order, newest or oldest first. Those activations are kept in one
//! lane per salience, in creation order, so that adding one is a push at the end
//! and removing one only marks its entry stale (the slot it names no longer holds
//! that activation); stale entries are skipped when the lane is read and swept out
//! as the Rete memories sweep theirs ([`Stale`]). A Rete network removes most activations before they
//! fire (Manners removes nine in ten), so removal must not search. The other
//! strategies compare keys computed from the rule and the facts, kept in a sorted
//! map.

use super::Slot;
use crate::stale::Stale;
use std::collections::{BTreeMap, VecDeque};

/// The ordering key of an activation under the sorted strategies: salience (negated),
/// the strategy's part, creation order (negated: newest first among ties).
pub(super) type Key = (i64, super::StrategyKey, i64);

/// An activation's place in a lane: the slot holding it and the ticket of its
/// insertion (a slot is reused, and an activation may be re-inserted; only the
/// entry with the slot's current ticket is live).
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    /// Creation order.
    pub seq: u64,
    /// Which insertion this entry records.
    pub ticket: u64,
    /// Where the activation is stored.
    pub slot: Slot,
}

/// The activations of one salience, in creation order, with stale entries among them.
#[derive(Debug, Default)]
pub(super) struct Lane {
    entries: VecDeque<Entry>,
    stale: Stale,
}

/// A module's activations.
#[derive(Debug)]
pub(super) enum Queue {
    /// Depth (`newest_first`) or breadth: lanes by negated salience (highest
    /// salience first), in a vector searched by bisection: a program uses a few
    /// saliences, and an ordered map's node search per activation added or removed
    /// cost more than the few comparisons.
    Lanes {
        lanes: Vec<(i64, Lane)>,
        newest_first: bool,
        /// The storage of lanes emptied, for the next lanes made: a lane empties
        /// whenever its salience's activations have all fired (three lanes at each
        /// of churn's batches), and its entries were allocated again each time.
        spares: Vec<VecDeque<Entry>>,
    },
    /// The other strategies: every activation by its full key.
    Sorted(BTreeMap<Key, Slot>),
}

impl Queue {
    /// An empty queue ordered by lanes (`Some(newest_first)`) or by keys (`None`).
    pub(super) fn new(lanes: Option<bool>) -> Self {
        match lanes {
            Some(newest_first) => Queue::Lanes {
                lanes: Vec::new(),
                newest_first,
                spares: Vec::new(),
            },
            None => Queue::Sorted(BTreeMap::new()),
        }
    }

    /// Adds an activation of `salience` (`key`: its key, for the sorted strategies);
    /// `live` tells which lane entries still stand, for a sweep due.
    pub(super) fn insert(
        &mut self,
        salience: i32,
        key: Option<Key>,
        entry: Entry,
        live: impl Fn(&Entry) -> bool,
    ) {
        match (self, key) {
            (Queue::Sorted(map), Some(key)) => {
                map.insert(key, entry.slot);
            }
            (Queue::Lanes { lanes, spares, .. }, _) => {
                let at = match lane_of(lanes, salience) {
                    Ok(at) => at,
                    Err(at) => {
                        let lane = Lane {
                            entries: spares.pop().unwrap_or_default(),
                            stale: Stale::default(),
                        };
                        lanes.insert(at, (-i64::from(salience), lane));
                        at
                    }
                };
                let lane = &mut lanes[at].1;
                if lane.stale.due() {
                    let before = lane.entries.len();
                    lane.entries.retain(|e| live(e));
                    lane.stale.dropped(before - lane.entries.len());
                    lane.stale.swept();
                }
                lane.stale.added();
                // Activations are made in creation order; only one put back (at a
                // breakpoint, or with a new salience) lands in the middle.
                match lane.entries.back() {
                    Some(last) if last.seq > entry.seq => {
                        let at = lane.entries.partition_point(|e| e.seq < entry.seq);
                        lane.entries.insert(at, entry);
                    }
                    _ => lane.entries.push_back(entry),
                }
            }
            (Queue::Sorted(_), None) => unreachable!("a sorted queue is given keys"),
        }
    }

    /// Forgets an activation of `salience` (`key` for the sorted strategies). A
    /// lane's stale entries wait for an insertion to find a sweep due, and a lane
    /// left with no live entry is emptied at once: Manners removes the thousands of
    /// activations of its `find_seating` rule whenever the context fact changes, and
    /// sweeping as they went walked the lane at half, a quarter, and so on.
    pub(super) fn remove(&mut self, salience: i32, key: Option<&Key>) {
        match self {
            Queue::Sorted(map) => {
                if let Some(key) = key {
                    map.remove(key);
                }
            }
            Queue::Lanes { lanes, .. } => {
                let Ok(at) = lane_of(lanes, salience) else {
                    return;
                };
                let lane = &mut lanes[at].1;
                if lane.stale.note_deferred() {
                    lane.entries.clear();
                    lane.stale = Stale::default();
                }
            }
        }
    }

    /// Takes the slot of the first live activation.
    pub(super) fn pop(&mut self, live: impl Fn(&Entry) -> bool) -> Option<Slot> {
        match self {
            Queue::Sorted(map) => map.pop_first().map(|(_, slot)| slot),
            Queue::Lanes {
                lanes,
                newest_first,
                spares,
            } => loop {
                let (_, lane) = lanes.first_mut()?;
                let next = if *newest_first {
                    lane.entries.pop_back()
                } else {
                    lane.entries.pop_front()
                };
                match next {
                    Some(e) if live(&e) => {
                        lane.stale.taken();
                        return Some(e.slot);
                    }
                    Some(_) => lane.stale.dropped(1),
                    None => {
                        spares.push(lanes.remove(0).1.entries);
                    }
                }
            },
        }
    }

    /// The slots of the live activations, in firing order.
    pub(super) fn slots(&self, live: impl Fn(&Entry) -> bool) -> Vec<Slot> {
        match self {
            Queue::Sorted(map) => map.values().copied().collect(),
            Queue::Lanes {
                lanes,
                newest_first,
                ..
            } => {
                let mut out = Vec::new();
                for (_, lane) in lanes.iter() {
                    let live = lane.entries.iter().filter(|e| live(e)).map(|e| e.slot);
                    if *newest_first {
                        out.extend(live.rev());
                    } else {
                        out.extend(live);
                    }
                }
                out
            }
        }
    }
}

/// Where the lane of `salience` is in `lanes` (`Err`: where it would go).
fn lane_of(lanes: &[(i64, Lane)], salience: i32) -> Result<usize, usize> {
    lanes.binary_search_by_key(&-i64::from(salience), |(rank, _)| *rank)
}
