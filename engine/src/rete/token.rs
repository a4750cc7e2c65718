//! Tokens: partial matches, kept as a tree in an arena.
//!
//! A token extends its parent by one level: the alpha match of a pattern, or nothing
//! for `not`, `exists` and `test` levels. Children are recorded so that removing a
//! fact removes exactly the partial matches built on it, at a cost proportional to
//! their number.

use super::alpha::AlphaMatch;
use super::NodeId;
use std::rc::Rc;

/// Index of a token in the arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TokenId(pub u32);

/// The root token: the empty partial match every rule starts from.
pub const ROOT_TOKEN: TokenId = TokenId(0);

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
    /// The fact (and captures) of this level, for pattern levels.
    pub matched: Option<Rc<AlphaMatch>>,
    /// The tokens that extend this one.
    pub children: Vec<TokenId>,
    /// For `not`/`exists` tokens: how many matches the negated part has.
    pub count: u32,
    /// Whether the token is passed on to the node's children (for `not`/`exists`,
    /// only while the count allows it).
    pub active: bool,
    /// Whether facts depend on this token for logical support.
    pub supports: bool,
    /// When a `not` token was last blocked (CLIPS unblocks the latest first).
    pub blocked_at: u64,
}

/// The arena of tokens.
#[derive(Debug)]
pub struct Tokens {
    slots: Vec<Option<Token>>,
    free: Vec<u32>,
    /// When the token in each slot was made (a counter, so later tokens compare greater).
    created: Vec<u64>,
    clock: u64,
}

impl Tokens {
    /// An arena holding only the root token.
    pub fn new(root_node: NodeId) -> Self {
        Tokens {
            slots: vec![Some(Token {
                parent: ROOT_TOKEN,
                node: root_node,
                level: 0,
                matched: None,
                children: Vec::new(),
                count: 0,
                active: true,
                supports: false,
                blocked_at: 0,
            })],
            free: Vec::new(),
            created: vec![0],
            clock: 0,
        }
    }

    /// Adds a token as the last child of its parent. The root keeps no list of its
    /// children (it is never deleted, and the list would hold every first-level match).
    pub fn add(&mut self, token: Token) -> TokenId {
        let parent = token.parent;
        self.clock += 1;
        let id = match self.free.pop() {
            Some(i) => {
                self.slots[i as usize] = Some(token);
                self.created[i as usize] = self.clock;
                TokenId(i)
            }
            None => {
                self.slots.push(Some(token));
                self.created.push(self.clock);
                TokenId(self.slots.len() as u32 - 1)
            }
        };
        if parent != ROOT_TOKEN {
            self.get_mut(parent).children.push(id);
        }
        id
    }

    /// Removes a token (its children must already be gone) and unlinks it from its parent.
    pub fn remove(&mut self, id: TokenId) -> Token {
        let token = self.slots[id.0 as usize]
            .take()
            .expect("removing a live token");
        self.free.push(id.0);
        if token.parent == ROOT_TOKEN {
            return token;
        }
        if let Some(Some(parent)) = self.slots.get_mut(token.parent.0 as usize) {
            if let Some(pos) = parent.children.iter().rposition(|c| *c == id) {
                parent.children.remove(pos);
            }
        }
        token
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
