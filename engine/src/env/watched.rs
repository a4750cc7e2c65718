//! Constructs watched one by one: `(watch rules foo)`, `(unwatch facts bar)`.
//!
//! CLIPS keeps a watch flag on each rule (one for firings, one for activations),
//! deftemplate, defglobal and deffunction. A construct takes its item's state when
//! it is defined; `(watch rules)` sets the item and every rule, `(watch rules foo)`
//! only `foo`. Salience keeps the item's state in [`super::Watch`] and here the
//! constructs whose state differs from it, so that the common case (no construct
//! named) costs one lookup in an empty set.

use rustc_hash::FxHashSet;

/// A kind of construct a watch item can name one by one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WatchedKind {
    /// `facts`: deftemplates, by template id.
    Facts,
    /// `rules`: rule firings, by rule index.
    Rules,
    /// `activations`: a rule's activations, by rule index.
    Activations,
    /// `globals`: defglobals, by global id.
    Globals,
    /// `deffunctions`: deffunctions, by function id.
    Deffunctions,
}

impl WatchedKind {
    /// Every kind, for `(watch all)`.
    pub const ALL: [WatchedKind; 5] = [
        WatchedKind::Facts,
        WatchedKind::Rules,
        WatchedKind::Activations,
        WatchedKind::Globals,
        WatchedKind::Deffunctions,
    ];

    /// The kind the watch item named `item` watches one by one, if any.
    pub fn of_item(item: &str) -> Option<WatchedKind> {
        Some(match item {
            "facts" => WatchedKind::Facts,
            "rules" => WatchedKind::Rules,
            "activations" => WatchedKind::Activations,
            "globals" => WatchedKind::Globals,
            "deffunctions" => WatchedKind::Deffunctions,
            _ => return None,
        })
    }
}

/// The constructs whose watch state is not their item's.
#[derive(Debug, Default)]
pub struct WatchedConstructs {
    differ: FxHashSet<(WatchedKind, usize)>,
}

impl WatchedConstructs {
    /// Whether construct `id` of `kind` is watched, its item being `item_on`.
    pub fn is_on(&self, item_on: bool, kind: WatchedKind, id: usize) -> bool {
        item_on != (!self.differ.is_empty() && self.differ.contains(&(kind, id)))
    }

    /// Whether some construct of `kind` is watched while its item is not.
    pub fn any_on(&self, kind: WatchedKind) -> bool {
        self.differ.iter().any(|&(k, _)| k == kind)
    }

    /// The item of `kind` was set as a whole: every construct of it follows.
    pub fn set_all(&mut self, kind: WatchedKind) {
        self.differ.retain(|&(k, _)| k != kind);
    }

    /// Sets construct `id` of `kind` alone, its item being `item_on`.
    pub fn set_one(&mut self, item_on: bool, kind: WatchedKind, id: usize, on: bool) {
        if on == item_on {
            self.differ.remove(&(kind, id));
        } else {
            self.differ.insert((kind, id));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_construct_differs_until_its_item_is_set() {
        let mut w = WatchedConstructs::default();
        w.set_one(false, WatchedKind::Rules, 3, true);
        assert!(w.is_on(false, WatchedKind::Rules, 3));
        assert!(!w.is_on(false, WatchedKind::Rules, 4));
        assert!(!w.is_on(false, WatchedKind::Activations, 3));
        w.set_all(WatchedKind::Rules);
        assert!(!w.is_on(false, WatchedKind::Rules, 3));
        w.set_one(true, WatchedKind::Facts, 1, false);
        assert!(!w.is_on(true, WatchedKind::Facts, 1));
        assert!(w.is_on(true, WatchedKind::Facts, 2));
    }
}
