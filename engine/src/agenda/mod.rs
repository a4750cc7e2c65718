//! The agenda: activations ordered by salience, then by the conflict-resolution
//! strategy, one agenda per module, and the focus stack that chooses among them.
//!
//! Ties: every activation gets a sequence number when it is created. Depth puts the
//! newest first, breadth the oldest; simplicity and complexity compare the rules'
//! specificity first; lex and mea compare the recency of the matched facts; random
//! uses a number drawn when the activation is created. Whatever remains tied is
//! decided by the sequence number as depth does, so the order is always the same
//! for the same program and input.

mod strategy;

use crate::compile::ModuleId;
use crate::rete::{ProductionId, TokenId};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::collections::BTreeMap;
pub use strategy::Strategy;

/// Index of an activation.
pub type ActivationId = u64;

/// A rule instance ready to fire.
#[derive(Debug, Clone)]
pub struct Activation {
    /// The production (rule disjunct) activated.
    pub production: ProductionId,
    /// The partial match that satisfies it.
    pub token: TokenId,
    /// The salience it was given.
    pub salience: i32,
    /// The module whose agenda holds it.
    pub module: ModuleId,
    /// Creation order.
    pub seq: u64,
    /// The facts matched, per CE (`None` for `not`/`exists`); their indices serve
    /// as time tags for lex and mea.
    pub facts: Vec<Option<crate::value::FactId>>,
    /// The rule's specificity.
    pub specificity: u32,
    /// A random number for the random strategy.
    pub random: u64,
}

/// The part of the ordering key a strategy decides; inline for all but lex and mea.
type StrategyKey = SmallVec<[i64; 2]>;

/// The ordering key of an activation within its module's agenda.
type Key = (i64, StrategyKey, i64);

/// Where an activation is stored in the agenda's slab.
type Slot = u32;

/// The agendas of all modules.
///
/// Activations live in a slab (a vector with a free list) that the queues and the
/// token index refer to by position: adding or removing one costs a queue update and
/// one hash operation, the least that finding it by token needs.
#[derive(Debug, Default)]
pub struct Agenda {
    queues: FxHashMap<ModuleId, BTreeMap<Key, Slot>>,
    slots: Vec<Option<(Activation, Key)>>,
    free: Vec<Slot>,
    count: usize,
    by_token: FxHashMap<(ProductionId, TokenId), Slot>,
    next_seq: u64,
    strategy: Strategy,
    rng: u64,
}

impl Agenda {
    /// The current strategy.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// Changes the strategy and reorders every agenda.
    pub fn set_strategy(&mut self, strategy: Strategy) {
        self.strategy = strategy;
        let all: Vec<Activation> = self.all().cloned().collect();
        self.clear();
        for a in all {
            self.insert(a);
        }
    }

    /// Adds an activation; returns its id.
    #[allow(clippy::too_many_arguments)]
    pub fn add(
        &mut self,
        production: ProductionId,
        token: TokenId,
        salience: i32,
        module: ModuleId,
        facts: Vec<Option<crate::value::FactId>>,
        specificity: u32,
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
            facts,
            specificity,
            random: self.rng,
        };
        self.insert(activation)
    }

    fn insert(&mut self, activation: Activation) -> ActivationId {
        let id = activation.seq;
        let key = (
            -(activation.salience as i64),
            self.strategy.key(&activation),
            -(activation.seq as i64),
        );
        let slot = match self.free.pop() {
            Some(slot) => slot,
            None => {
                self.slots.push(None);
                self.slots.len() as Slot - 1
            }
        };
        self.queues
            .entry(activation.module)
            .or_default()
            .insert(key.clone(), slot);
        self.by_token
            .insert((activation.production, activation.token), slot);
        self.slots[slot as usize] = Some((activation, key));
        self.count += 1;
        id
    }

    /// Takes the activation out of `slot`.
    fn take(&mut self, slot: Slot) -> Option<(Activation, Key)> {
        let taken = self.slots.get_mut(slot as usize)?.take()?;
        self.free.push(slot);
        self.count -= 1;
        Some(taken)
    }

    /// Puts back an activation just popped (e.g. at a breakpoint), in the place it had.
    pub fn put_back(&mut self, activation: Activation) {
        self.insert(activation);
    }

    /// Removes the activation of `production` by `token`, if there is one.
    pub fn remove(&mut self, production: ProductionId, token: TokenId) -> Option<Activation> {
        let slot = self.by_token.remove(&(production, token))?;
        let (activation, key) = self.take(slot)?;
        if let Some(q) = self.queues.get_mut(&activation.module) {
            q.remove(&key);
        }
        Some(activation)
    }

    /// Whether `production` has an activation for `token`.
    pub fn contains(&self, production: ProductionId, token: TokenId) -> bool {
        self.by_token.contains_key(&(production, token))
    }

    /// Takes the first activation of `module`'s agenda.
    pub fn pop(&mut self, module: ModuleId) -> Option<Activation> {
        let q = self.queues.get_mut(&module)?;
        let (_, slot) = q.pop_first()?;
        let (activation, _) = self.take(slot)?;
        self.by_token
            .remove(&(activation.production, activation.token));
        Some(activation)
    }

    /// Whether `module`'s agenda is empty.
    pub fn module_is_empty(&self, module: ModuleId) -> bool {
        self.queues.get(&module).is_none_or(|q| q.is_empty())
    }

    /// `module`'s activations in firing order.
    pub fn list(&self, module: ModuleId) -> Vec<&Activation> {
        self.queues
            .get(&module)
            .map(|q| {
                q.values()
                    .filter_map(|slot| self.slots[*slot as usize].as_ref().map(|(a, _)| a))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Every activation, in no particular order.
    pub fn all(&self) -> impl Iterator<Item = &Activation> {
        self.slots.iter().flatten().map(|(a, _)| a)
    }

    /// Changes an activation's salience (dynamic salience re-evaluation).
    pub fn set_salience(&mut self, production: ProductionId, token: TokenId, salience: i32) {
        if let Some(mut a) = self.remove(production, token) {
            a.salience = salience;
            self.insert(a);
        }
    }

    /// An empty agenda with `strategy`.
    pub fn with_strategy(strategy: Strategy) -> Self {
        Agenda {
            strategy,
            ..Agenda::default()
        }
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
