//! Skipping the joins a retraction is about to empty.
//!
//! A rule's action may promise that the next action retracts a given fact
//! (see [`crate::compile::retraction`]). Asserting a fact then need not be matched
//! against the partial matches of a join if every one of them holds that fact:
//! the retraction deletes them, with whatever the match would have built on
//! them, before anything can look. The join still counts as reached by the new
//! fact, so partial matches made later meet it from their side.
//!
//! Skipping is exact only if the skipped work has no effect that outlives it: no
//! expression is evaluated below the join (a predicate, a `test`, a function
//! call could have side effects), no activation made below it runs code or
//! moves the focus (see [`TestHost::activation_is_quiet`]), and nothing below it
//! reports out of the partial matches the retraction deletes (the end of a
//! `not`/`exists` sub-chain does). Watching activations would show the skipped
//! ones: the environment makes no promise then.

use super::network::{Count, Network, NodeKind, ROOT_NODE};
use super::{NodeId, TestHost};
use crate::value::FactId;

impl Network {
    /// Tells the network that the next change to working memory retracts `fact`
    /// (`None`: no such promise).
    pub fn expect_retraction(&mut self, fact: Option<FactId>) {
        self.retracted_next = fact;
    }

    /// Whether a new fact's match need not reach join (or count) node `node`:
    /// every partial match there holds the fact retracted next, and matching
    /// there leaves no trace (see the module comment).
    #[inline]
    pub(super) fn emptied_next(&self, node: NodeId, host: &dyn TestHost) -> bool {
        // Most joins a fact reaches hold no partial match at all (Waltz's): there
        // is nothing to skip, and nothing to look up.
        self.retracted_next.is_some_and(|fact| {
            !self.join(node).left.is_empty()
                && self.left_side_holds(node, fact)
                && self.quiet_below(node, host)
        })
    }

    /// Whether every partial match that reaches `node` from its parent holds
    /// `fact`: some positive pattern above it is matched by `fact` alone.
    fn left_side_holds(&self, node: NodeId, fact: FactId) -> bool {
        let mut above = self.nodes[node as usize].parent;
        while above != ROOT_NODE {
            if let NodeKind::Join(join) = &self.nodes[above as usize].kind {
                let mut matches = self.alpha[join.alpha as usize].entries.values();
                if matches.next().is_some_and(|m| m.fact.id == fact)
                    && matches.all(|m| m.fact.id == fact)
                {
                    return true;
                }
            }
            above = self.nodes[above as usize].parent;
        }
        false
    }

    /// Whether matching at `node` and below evaluates no expression and makes
    /// only quiet activations. Known once asked, until the network changes (a
    /// shared join's nodes below are many; Waltz asks on most assertions).
    fn quiet_below(&self, node: NodeId, host: &dyn TestHost) -> bool {
        if let Some(&Some(quiet)) = self.quiet.borrow().get(node as usize) {
            return quiet;
        }
        let quiet = self.find_quiet_below(node, host);
        let mut known = self.quiet.borrow_mut();
        if known.len() <= node as usize {
            known.resize(self.nodes.len(), None);
        }
        known[node as usize] = Some(quiet);
        quiet
    }

    /// [`Network::quiet_below`], worked out.
    fn find_quiet_below(&self, node: NodeId, host: &dyn TestHost) -> bool {
        let quiet = match &self.nodes[node as usize].kind {
            NodeKind::Join(join) | NodeKind::Count(Count { join, .. }) => join.compares_only(),
            NodeKind::SubCount(_) => true,
            // The end of a `not`/`exists` sub-chain reports to a node beside the
            // sub-chain, whose partial matches need not hold the fact retracted:
            // what it would have been told (the count going up, then down again
            // at the retraction) closes and reopens it, and an activation made
            // again is newer than one left standing.
            NodeKind::Partner { .. } => false,
            NodeKind::Production(p) => host.activation_is_quiet(*p),
            NodeKind::Test(_) | NodeKind::Root => false,
        };
        quiet
            && self
                .children(node)
                .all(|child| self.quiet_below(child, host))
    }
}

#[cfg(test)]
mod tests {
    use crate::env::Environment;

    /// Manners' pattern: the count changes, then the context goes, so every
    /// partial match the new count would extend is deleted at once.
    const PROGRAM: &str = "
        (deftemplate ctx (slot state))
        (deftemplate cnt (slot c))
        (defrule step
          ?x <- (ctx (state go))
          (item ?n)
          ?k <- (cnt (c ?c&:(< ?c 3)))
          (not (done ?n ?c))
          =>
          (printout t \"step \" ?n \" \" ?c crlf)
          (assert (done ?n ?c))
          (modify ?k (c (+ ?c 1)))
          (modify ?x (state pause)))
        (defrule resume
          ?x <- (ctx (state pause))
          =>
          (printout t \"resume\" crlf)
          (modify ?x (state go)))
        (deffacts start (ctx (state go)) (cnt (c 0)) (item 1) (item 2) (item 3))";

    /// What running the program prints (watch lines left out), with activations
    /// watched or not, and how many partial matches it made.
    fn run(watch_activations: bool) -> (Vec<String>, u64) {
        let mut env = Environment::new();
        let out = env.capture_output();
        if let Err(e) = env.load_str(PROGRAM, "program") {
            panic!("{}", e.rendered);
        }
        if let Err(e) = env.watch_mut().set("activations", watch_activations) {
            panic!("{e}");
        }
        env.reset();
        if env.run(None).is_err() {
            panic!("the run failed");
        }
        let printed = out.take();
        let lines = printed
            .lines()
            .filter(|l| !l.starts_with("==>") && !l.starts_with("<=="))
            .map(str::to_string)
            .collect();
        (lines, env.net.tokens_made())
    }

    #[test]
    fn matches_a_retraction_deletes_at_once_are_not_made() {
        let (lines, made) = run(false);
        let (watched_lines, watched_made) = run(true);
        // Watching activations shows every match made, so nothing is skipped then.
        assert_eq!(lines, watched_lines);
        assert_eq!(lines.iter().filter(|l| l.starts_with("step")).count(), 3);
        assert_eq!(lines.iter().filter(|l| *l == "resume").count(), 3);
        assert!(
            made < watched_made,
            "{made} partial matches made with the skip, {watched_made} without"
        );
    }
}
