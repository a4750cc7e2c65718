//! Tokens: partial matches, kept as a tree in an arena.
//!
//! A token extends its parent by one level: the alpha match of a pattern, or nothing
//! for `not`, `exists` and `test` levels. Children are recorded so that removing a
//! fact removes exactly the partial matches built on it, at a cost proportional to
//! their number. They are linked through the tokens themselves (first and last
//! child, previous and next sibling), so adding or unlinking one allocates nothing
//! and costs the same however many siblings it has.

use super::alpha::AlphaMatch;
use super::NodeId;
use std::rc::Rc;

/// Index of a token in the arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TokenId(pub u32);

/// The creation time and stamp of a free slot: no entry is ever filed under it.
const DEAD: u64 = u64::MAX;

/// The root token: the empty partial match every rule starts from.
pub const ROOT_TOKEN: TokenId = TokenId(0);

/// A link between tokens of the tree: a token id, or none. The root (id 0) is never
/// anyone's child or sibling, so 0 serves as "none" and a link takes four bytes
/// where an `Option<TokenId>` takes eight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Link(u32);

impl Link {
    const NONE: Link = Link(ROOT_TOKEN.0);

    fn to(id: TokenId) -> Link {
        Link(id.0)
    }

    fn get(self) -> Option<TokenId> {
        (self != Link::NONE).then_some(TokenId(self.0))
    }
}

/// A partial match.
#[derive(Debug)]
pub struct Token {
    /// The partial match this one extends.
    pub parent: TokenId,
    /// The node that made it.
    pub node: NodeId,
    /// Its level (its node's level), kept here so walking up a token's ancestors
    /// does not look at the nodes.
    pub level: u16,
    /// A join token's match: the fact (and captures) of its level. Otherwise a
    /// `not`/`exists` token's blocker (see [`Token::blocker`]): no token has both, so
    /// one field holds either, and a token is 48 bytes, not 56.
    alpha: Option<Rc<AlphaMatch>>,
    /// Whether `alpha` is the token's match (it was made by a join).
    joined: bool,
    /// The newest token extending this one.
    last_child: Link,
    /// The next older token extending the same parent.
    older: Link,
    /// The next newer token extending the same parent.
    newer: Link,
    /// For `not`/`exists` tokens: how many matches the negated part has (over a
    /// single pattern only whether it has one: 0 or 1, the match being `blocker`).
    pub count: u32,
    /// Whether the token is passed on to the node's children (for `not`/`exists`,
    /// only while the count allows it).
    pub active: bool,
    /// Whether facts depend on this token for logical support.
    pub supports: bool,
    /// When a `not` token was last blocked (CLIPS unblocks the latest first).
    pub blocked_at: u64,
}

impl Token {
    /// A token of `node` at `level` extending `parent` (linked in when added).
    pub fn new(
        parent: TokenId,
        node: NodeId,
        level: u16,
        matched: Option<Rc<AlphaMatch>>,
        count: u32,
        active: bool,
    ) -> Self {
        Token {
            parent,
            node,
            level,
            joined: matched.is_some(),
            alpha: matched,
            last_child: Link::NONE,
            older: Link::NONE,
            newer: Link::NONE,
            count,
            active,
            supports: false,
            blocked_at: 0,
        }
    }

    /// The fact (and captures) of this level, for pattern levels.
    pub fn matched(&self) -> Option<&Rc<AlphaMatch>> {
        self.alpha.as_ref().filter(|_| self.joined)
    }

    /// For `not`/`exists` tokens over a single pattern: the one match that blocks the
    /// token (CLIPS's blocking partial match). Other matches are not counted, so a
    /// new fact only tests the unblocked tokens, and removing a fact looks for a new
    /// blocker only for the tokens it blocked.
    pub fn blocker(&self) -> Option<&Rc<AlphaMatch>> {
        self.alpha.as_ref().filter(|_| !self.joined)
    }

    /// Sets or clears the blocker of a `not`/`exists` token.
    pub fn set_blocker(&mut self, blocker: Option<Rc<AlphaMatch>>) {
        debug_assert!(!self.joined, "a join token has a match, not a blocker");
        self.alpha = blocker;
    }
}

/// The arena of tokens.
#[derive(Debug)]
pub struct Tokens {
    slots: Vec<Option<Token>>,
    free: Vec<u32>,
    /// When the token in each slot was made (a counter, so later tokens compare greater).
    created: Vec<u64>,
    /// The stamp under which the token in each slot is filed in its children's left
    /// memories: renewed when it is withdrawn from them, which makes those entries stale.
    stamps: Vec<u64>,
    clock: u64,
}

impl Tokens {
    /// An arena holding only the root token.
    pub fn new(root_node: NodeId) -> Self {
        Tokens {
            slots: vec![Some(Token::new(ROOT_TOKEN, root_node, 0, None, 0, true))],
            free: Vec::new(),
            created: vec![0],
            stamps: vec![0],
            clock: 0,
        }
    }

    /// Adds a token as the last child of its parent. The root keeps no list of its
    /// children (it is never deleted, and the list would hold every first-level match).
    pub fn add(&mut self, mut token: Token) -> TokenId {
        let parent = token.parent;
        self.clock += 1;
        let slot = match self.free.pop() {
            Some(i) => i,
            None => {
                self.slots.push(None);
                self.created.push(0);
                self.stamps.push(0);
                self.slots.len() as u32 - 1
            }
        };
        let id = TokenId(slot);
        if parent != ROOT_TOKEN {
            let older = std::mem::replace(&mut self.get_mut(parent).last_child, Link::to(id));
            token.older = older;
            if let Some(older) = older.get() {
                self.get_mut(older).newer = Link::to(id);
            }
        }
        // The slot is empty (just pushed, or freed by `remove`): replacing its `None`
        // and forgetting it skips the drop glue an assignment would run.
        debug_assert!(self.slots[slot as usize].is_none());
        std::mem::forget(self.slots[slot as usize].replace(token));
        self.created[slot as usize] = self.clock;
        self.stamps[slot as usize] = self.clock;
        id
    }

    /// How many tokens have been made (the root not counted).
    #[cfg(test)]
    pub fn made(&self) -> u64 {
        self.clock
    }

    /// Removes a token (its children must already be gone) and unlinks it from its parent.
    pub fn remove(&mut self, id: TokenId) -> Token {
        let token = self.slots[id.0 as usize]
            .take()
            .expect("removing a live token");
        self.free.push(id.0);
        // Entries filed under the token's stamps go stale at once: checking them reads
        // only these dense arrays, not the token (see [`Tokens::filed`]).
        self.created[id.0 as usize] = DEAD;
        self.stamps[id.0 as usize] = DEAD;
        if token.parent == ROOT_TOKEN {
            return token;
        }
        let (older, newer) = (token.older, token.newer);
        if let Some(older) = older.get() {
            self.get_mut(older).newer = newer;
        }
        match newer.get() {
            Some(newer) => self.get_mut(newer).older = older,
            None => self.get_mut(token.parent).last_child = older,
        }
        token
    }

    /// The newest token extending `id`, if any.
    pub fn last_child(&self, id: TokenId) -> Option<TokenId> {
        self.get(id).last_child.get()
    }

    /// The token `id`.
    pub fn get(&self, id: TokenId) -> &Token {
        self.slots[id.0 as usize]
            .as_ref()
            .expect("token ids always name live tokens")
    }

    /// The token `id`, mutably.
    pub fn get_mut(&mut self, id: TokenId) -> &mut Token {
        self.slots[id.0 as usize]
            .as_mut()
            .expect("token ids always name live tokens")
    }

    /// When the live token `id` was made: tokens made later have greater values.
    pub fn created(&self, id: TokenId) -> u64 {
        self.created[id.0 as usize]
    }

    /// The stamp under which live token `id` is filed in its children's left memories.
    pub fn stamp(&self, id: TokenId) -> u64 {
        self.stamps[id.0 as usize]
    }

    /// Makes the entries filed under `id`'s stamp stale (it was withdrawn).
    pub fn restamp(&mut self, id: TokenId) {
        self.clock += 1;
        self.stamps[id.0 as usize] = self.clock;
    }

    /// Whether `id` is still the token filed with `stamp`. Stamps come from a clock
    /// and a removed token's are `DEAD` (`u64::MAX`), so the stamp alone tells:
    /// sweeping a left memory reads one dense array instead of every token it names.
    pub fn filed(&self, id: TokenId, stamp: u64) -> bool {
        self.stamps.get(id.0 as usize) == Some(&stamp)
    }

    /// Whether `id` is still the token made at `created` (see [`Tokens::filed`]).
    pub fn made_at(&self, id: TokenId, created: u64) -> bool {
        self.created.get(id.0 as usize) == Some(&created)
    }

    /// Whether `id` names a live token.
    pub fn is_live(&self, id: TokenId) -> bool {
        matches!(self.slots.get(id.0 as usize), Some(Some(_)))
    }

    /// The ids of the live tokens.
    pub fn live_ids(&self) -> impl Iterator<Item = TokenId> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_some())
            .map(|(i, _)| TokenId(i as u32))
    }

    /// Whether only the root token is live.
    pub fn is_empty(&self) -> bool {
        self.len() <= 1
    }

    /// The number of live tokens (the root included).
    pub fn len(&self) -> usize {
        self.slots.len() - self.free.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every live partial match is one of these: keep it from growing unnoticed.
    #[test]
    fn a_token_slot_takes_48_bytes() {
        assert_eq!(std::mem::size_of::<Option<Token>>(), 48);
    }
}
