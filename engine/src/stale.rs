//! The sweep policy of the lazily pruned collections (the Rete memories and the
//! agenda's lanes): a removed entry is only marked stale and skipped by readers;
//! the stale entries are swept out once they are half of the collection, so the
//! cost of a removal is constant, amortised. Collections that often empty whole
//! (left memories, agenda lanes) defer the sweep to their next insertion and are
//! emptied outright when their last live entry goes ([`Stale::note_deferred`]).

/// Below this many stale entries a collection is not swept (sweeping a small one
/// often would cost more than walking past a few dead entries).
const MIN_SWEEP: usize = 64;

/// How many entries a lazily pruned collection holds and how many of them are stale.
#[derive(Debug, Default)]
pub(crate) struct Stale {
    held: usize,
    dead: usize,
}

impl Stale {
    /// An entry was added.
    pub(crate) fn added(&mut self) {
        self.held += 1;
    }

    /// A live entry was taken out.
    pub(crate) fn taken(&mut self) {
        self.held = self.held.saturating_sub(1);
    }

    /// A live entry left with `with - 1` stale ones.
    pub(crate) fn left_with(&mut self, with: usize) {
        self.taken();
        self.dropped(with.saturating_sub(1));
    }

    /// One entry went stale; true when a sweep is due (stale entries are half).
    pub(crate) fn note(&mut self) -> bool {
        self.dead += 1;
        self.due()
    }

    /// Whether a sweep is due: stale entries are half of the collection.
    pub(crate) fn due(&self) -> bool {
        self.dead >= MIN_SWEEP && self.dead * 2 >= self.held
    }

    /// One entry went stale, for a collection swept only when it next grows
    /// (see [`Stale::due`]); true when every entry is stale now.
    pub(crate) fn note_deferred(&mut self) -> bool {
        self.dead += 1;
        self.dead >= self.held
    }

    /// A sweep (or a walk) dropped `dropped` stale entries.
    pub(crate) fn dropped(&mut self, dropped: usize) {
        self.held -= dropped.min(self.held);
        self.dead = self.dead.saturating_sub(dropped);
    }

    /// Whether the collection holds no entry, not even a stale one.
    pub(crate) fn holds_none(&self) -> bool {
        self.held == 0
    }

    /// A sweep left no stale entry.
    pub(crate) fn swept(&mut self) {
        self.dead = 0;
    }
}
