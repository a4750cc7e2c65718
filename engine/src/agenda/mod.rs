//! The agenda: activations ordered by salience, then by the conflict-resolution
//! strategy, one agenda per module, and the focus stack that chooses among them.
//!
//! Ties: every activation gets a sequence number when it is created. Depth puts the
//! newest first, breadth the oldest; simplicity and complexity compare the rules'
//! specificity first; lex and mea compare the recency of the matched facts; random
//! uses a number drawn when the activation is created. Whatever remains tied is
//! decided by the sequence number as depth does, so the order is always the same
//! for the same program and input.
//!
//! An activation does not keep the facts it matched: its token holds them. The
//! methods that place activations take a [`TokenFacts`] to read them, which only
//! lex and mea call, so the agenda knows nothing of the Rete but token ids.

mod queue;
mod strategy;

use crate::compile::ModuleId;
use crate::rete::{ProductionId, TokenId};
use crate::value::FactId;
use queue::{Entry, Key, Queue};
use smallvec::SmallVec;
pub use strategy::Strategy;

/// Index of an activation.
pub type ActivationId = u64;

/// The facts a token matched, per CE in CE order (`None` for `not`/`exists`): the
/// network's `token_facts`. Their indices are the time tags lex and mea sort by.
pub type TokenFacts<'a> = &'a dyn Fn(TokenId) -> Vec<Option<FactId>>;

/// A rule instance ready to fire.
#[derive(Debug, Clone)]
pub struct Activation {
    /// The production (rule disjunct) activated.
    pub production: ProductionId,
    /// The partial match that satisfies it; it stays in the network, with the
    /// facts it matched, while the activation is on the agenda.
    pub token: TokenId,
    /// The salience it was given.
    pub salience: i32,
    /// The module whose agenda holds it.
    pub module: ModuleId,
    /// Creation order.
    pub seq: u64,
    /// The rule's specificity.
    pub specificity: u32,
    /// A random number for the random strategy.
    pub random: u64,
}

/// The part of the ordering key a strategy decides; inline for all but lex and mea.
type StrategyKey = SmallVec<[i64; 2]>;

/// Where an activation is stored in the agenda's slab.
type Slot = u32;

/// The end of a token's chain of activations (no slot has this number).
const NO_SLOT: Slot = Slot::MAX;

/// An activation in the slab, with what its module's queue needs to find it.
#[derive(Debug)]
struct Stored {
    activation: Activation,
    /// Its key, under the strategies that sort by key (boxed: depth and breadth,
    /// CLIPS's usual strategies, have none, and an inline key made every slot 96
    /// bytes instead of 56, moved in and out on every activation).
    key: Option<Box<Key>>,
    /// Which insertion put it here (see [`queue::Entry`]).
    ticket: u64,
    /// The slot of the next activation of the same token (of another production
    /// sharing the token's node), or [`NO_SLOT`].
    next_of_token: Slot,
}

/// A module's queue and how many activations it holds.
#[derive(Debug)]
struct ModuleAgenda {
    queue: Queue,
    count: usize,
}

/// The agendas of all modules.
///
/// Activations live in a slab (a vector with a free list) that the queues and the
/// token index refer to by position: adding or removing one costs a queue update and
/// a step or two along its token's chain.
#[derive(Debug, Default)]
pub struct Agenda {
    /// Each module's queue, by module id (ids are small and dense: indexing spares
    /// hashing the module twice per activation removed).
    queues: Vec<Option<ModuleAgenda>>,
    slots: Vec<Option<Stored>>,
    tickets: u64,
    free: Vec<Slot>,
    count: usize,
    /// Per token id, the slot of the token's newest activation or [`NO_SLOT`]; a
    /// token's activations (one per production it activates, nearly always one) are
    /// chained through [`Stored::next_of_token`]. Token ids are dense and reused: a
    /// hash table keyed by production and token cost a hash operation on each add,
    /// on each pop, and on each retraction of a fired token's fact.
    by_token: Vec<Slot>,
    next_seq: u64,
    strategy: Strategy,
    rng: u64,
}

impl Agenda {
    /// The current strategy.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// Changes the strategy and reorders every agenda; `facts` reads the activations'
    /// tokens.
    pub fn set_strategy(&mut self, strategy: Strategy, facts: TokenFacts) {
        self.strategy = strategy;
        let mut all: Vec<Activation> = self.all().cloned().collect();
        // Oldest first: each lands at the end of its lane.
        all.sort_by_key(|a| a.seq);
        self.clear();
        for a in all {
            self.insert(a, facts);
        }
    }

    /// Adds an activation; returns its id. `facts` reads its token.
    #[allow(clippy::too_many_arguments)]
    pub fn add(
        &mut self,
        production: ProductionId,
        token: TokenId,
        salience: i32,
        module: ModuleId,
        specificity: u32,
        facts: TokenFacts,
    ) -> ActivationId {
        self.next_seq += 1;
        // xorshift: a deterministic stream for the random strategy.
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        if self.rng == 0 {
            self.rng = 0x9E37_79B9_7F4A_7C15;
        }
        let activation = Activation {
            production,
            token,
            salience,
            module,
            seq: self.next_seq,
            specificity,
            random: self.rng,
        };
        self.insert(activation, facts)
    }

    fn insert(&mut self, activation: Activation, facts: TokenFacts) -> ActivationId {
        let id = activation.seq;
        let lanes = self.lanes();
        let key = lanes.is_none().then(|| {
            Box::new((
                -(activation.salience as i64),
                self.strategy.key(&activation, facts),
                -(activation.seq as i64),
            ))
        });
        let slot = match self.free.pop() {
            Some(slot) => slot,
            None => {
                self.slots.push(None);
                self.slots.len() as Slot - 1
            }
        };
        self.tickets += 1;
        let entry = Entry {
            seq: activation.seq,
            ticket: self.tickets,
            slot,
        };
        let at = activation.module.0 as usize;
        if self.queues.len() <= at {
            self.queues.resize_with(at + 1, || None);
        }
        let module = self.queues[at].get_or_insert_with(|| ModuleAgenda {
            queue: Queue::new(lanes),
            count: 0,
        });
        let slots = &self.slots;
        (module.queue).insert(activation.salience, key.as_deref().cloned(), entry, |e| {
            live(slots, e)
        });
        module.count += 1;
        let t = activation.token.0 as usize;
        if self.by_token.len() <= t {
            self.by_token.resize(t + 1, NO_SLOT);
        }
        let next_of_token = std::mem::replace(&mut self.by_token[t], slot);
        self.slots[slot as usize] = Some(Stored {
            activation,
            key,
            ticket: self.tickets,
            next_of_token,
        });
        self.count += 1;
        id
    }

    /// `Some(newest_first)` when the strategy orders by creation alone (lanes serve),
    /// `None` when activations are sorted by key.
    fn lanes(&self) -> Option<bool> {
        match self.strategy {
            Strategy::Depth => Some(true),
            Strategy::Breadth => Some(false),
            _ => None,
        }
    }

    /// The activations of `token`, newest first, with their slots.
    fn of_token(&self, token: TokenId) -> impl Iterator<Item = (Slot, &Stored)> + '_ {
        let mut slot = self.by_token.get(token.0 as usize).copied();
        std::iter::from_fn(move || {
            let at = slot?;
            // The chain ends at `NO_SLOT`, which names no slot: `get` ends the walk.
            let stored = self.slots.get(at as usize)?.as_ref()?;
            slot = Some(stored.next_of_token);
            Some((at, stored))
        })
    }

    /// The slot of `production`'s activation by `token`, taken off the token's
    /// chain (the activation stays in its slot).
    fn unlink(&mut self, production: ProductionId, token: TokenId) -> Option<Slot> {
        let mut before = None;
        let (slot, next) = self.of_token(token).find_map(|(slot, stored)| {
            if stored.activation.production == production {
                return Some((slot, stored.next_of_token));
            }
            before = Some(slot);
            None
        })?;
        match before.and_then(|b| self.slots[b as usize].as_mut()) {
            Some(previous) => previous.next_of_token = next,
            None => self.by_token[token.0 as usize] = next,
        }
        Some(slot)
    }

    /// Takes the activation out of `slot`.
    fn take(&mut self, slot: Slot) -> Option<Stored> {
        let taken = self.slots.get_mut(slot as usize)?.take()?;
        self.free.push(slot);
        self.count -= 1;
        if let Some(module) = queue_of(&mut self.queues, taken.activation.module) {
            module.count -= 1;
        }
        Some(taken)
    }

    /// Puts back an activation just popped (e.g. at a breakpoint), in the place it
    /// had; `facts` reads its token.
    pub fn put_back(&mut self, activation: Activation, facts: TokenFacts) {
        self.insert(activation, facts);
    }

    /// Removes the activation of `production` by `token`, if there is one.
    pub fn remove(&mut self, production: ProductionId, token: TokenId) -> Option<Activation> {
        let slot = self.unlink(production, token)?;
        let stored = self.take(slot)?;
        let a = &stored.activation;
        if let Some(module) = queue_of(&mut self.queues, a.module) {
            module.queue.remove(a.salience, stored.key.as_deref());
        }
        Some(stored.activation)
    }

    /// Whether `production` has an activation for `token`.
    pub fn contains(&self, production: ProductionId, token: TokenId) -> bool {
        (self.of_token(token)).any(|(_, stored)| stored.activation.production == production)
    }

    /// Takes the first activation of `module`'s agenda.
    pub fn pop(&mut self, module: ModuleId) -> Option<Activation> {
        let queue = &mut queue_of(&mut self.queues, module)?.queue;
        let slots = &self.slots;
        let slot = queue.pop(|e| live(slots, e))?;
        let a = &self.slots.get(slot as usize)?.as_ref()?.activation;
        self.unlink(a.production, a.token);
        Some(self.take(slot)?.activation)
    }

    /// Whether `module`'s agenda is empty.
    pub fn module_is_empty(&self, module: ModuleId) -> bool {
        self.queue(module).is_none_or(|m| m.count == 0)
    }

    /// `module`'s activations in firing order.
    pub fn list(&self, module: ModuleId) -> Vec<&Activation> {
        self.queue(module)
            .map(|m| {
                (m.queue.slots(|e| live(&self.slots, e)).into_iter())
                    .filter_map(|slot| self.slots[slot as usize].as_ref())
                    .map(|s| &s.activation)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Every activation, in no particular order.
    pub fn all(&self) -> impl Iterator<Item = &Activation> {
        self.slots.iter().flatten().map(|s| &s.activation)
    }

    /// Changes an activation's salience (dynamic salience re-evaluation); `facts`
    /// reads its token.
    pub fn set_salience(
        &mut self,
        production: ProductionId,
        token: TokenId,
        salience: i32,
        facts: TokenFacts,
    ) {
        if let Some(mut a) = self.remove(production, token) {
            a.salience = salience;
            self.insert(a, facts);
        }
    }

    /// An empty agenda with `strategy`.
    pub fn with_strategy(strategy: Strategy) -> Self {
        Agenda {
            strategy,
            ..Agenda::default()
        }
    }

    /// `module`'s queue, if it ever had an activation.
    fn queue(&self, module: ModuleId) -> Option<&ModuleAgenda> {
        self.queues.get(module.0 as usize)?.as_ref()
    }

    /// Removes every activation.
    pub fn clear(&mut self) {
        self.queues.clear();
        self.slots.clear();
        self.free.clear();
        self.count = 0;
        self.by_token.clear();
    }

    /// The number of activations.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether there are no activations at all.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }
}

/// `module`'s queue among `queues`, mutably (a function of the field alone, so that
/// the agenda's slots stay readable beside it).
fn queue_of(queues: &mut [Option<ModuleAgenda>], module: ModuleId) -> Option<&mut ModuleAgenda> {
    queues.get_mut(module.0 as usize)?.as_mut()
}

/// Whether a lane entry names the activation now in its slot.
fn live(slots: &[Option<Stored>], e: &Entry) -> bool {
    slots
        .get(e.slot as usize)
        .and_then(Option::as_ref)
        .is_some_and(|s| s.ticket == e.ticket)
}
