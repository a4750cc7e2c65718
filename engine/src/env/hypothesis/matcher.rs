//! The branch matcher: a second network that holds only the rules of the
//! defhypothesis's `propagate` modules, on which branches run.
//!
//! A branch asserts and retracts facts and then undoes every change. Run on the
//! main network, each change would also update the partial matches of every other
//! rule (in Sudoku, the techniques of the higher levels), only to have the undo
//! put them back: that was 40% of a branch's cost on the hardest Sudokus. The
//! branch matcher is built from working memory at the first reasoning step after
//! a reset or a change of rules, and kept in step with working memory after that.
//! Outside branches its activations are dropped: a reasoning step starts only when
//! no rule is activated, so every match it holds then has already fired.
//!
//! When the `propagate` modules hold every rule, the main network serves.

use crate::agenda::Agenda;
use crate::compile::hypothesis::Hypothesis;
use crate::compile::CExpr;
use crate::env::{Environment, Runtime};
use crate::rete::{Network, ProductionId, TestHost, TokenId};
use crate::value::Value;
use crate::wm::Fact;
use std::rc::Rc;

/// The runtime seen by the branch matcher outside branches: tests are evaluated,
/// activations are not made.
struct Unheard<'a>(&'a mut Runtime);

impl TestHost for Unheard<'_> {
    fn eval(&mut self, expr: &CExpr, frame: &mut Vec<Value>) -> Value {
        self.0.eval(expr, frame)
    }

    fn activate(&mut self, _: ProductionId, _: TokenId, _: &Network) {}

    fn deactivate(&mut self, _: ProductionId, _: TokenId, _: &Network) {}

    fn lost_support(&mut self, _: TokenId) {}
}

impl Environment {
    /// Runs `body` with the branch matcher as the network and an empty agenda of
    /// the same strategy; the main network and agenda are untouched meanwhile.
    pub(super) fn on_branch_matcher<T>(
        &mut self,
        decl: &Hypothesis,
        body: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let Some(matcher) = self.branch_net.take().or_else(|| self.build_matcher(decl)) else {
            return body(self);
        };
        let main = std::mem::replace(&mut self.net, matcher);
        let agenda = Agenda::with_strategy(self.rt.agenda.strategy());
        let agenda = std::mem::replace(&mut self.rt.agenda, agenda);
        let result = body(self);
        self.rt.agenda = agenda;
        self.branch_net = Some(std::mem::replace(&mut self.net, main));
        result
    }

    /// A network of the `propagate` modules' rules matched against working memory,
    /// or `None` when those modules hold every rule.
    fn build_matcher(&mut self, decl: &Hypothesis) -> Option<Network> {
        let in_branches = |rt: &Runtime, p: usize| {
            decl.propagate
                .contains(&rt.rules[rt.productions[p].rule].module)
        };
        let live = (0..self.rt.productions.len()).filter(|&p| !self.rt.productions[p].removed);
        let (used, unused): (Vec<usize>, Vec<usize>) =
            live.partition(|&p| in_branches(&self.rt, p));
        if unused.is_empty() {
            return None;
        }
        let facts: Vec<Rc<Fact>> = self.rt.wm.iter().cloned().collect();
        let mut matcher = Network::default();
        for p in used {
            let lhs = self.rt.productions[p].lhs.clone();
            let id = ProductionId(p as u32);
            matcher.add_production(&lhs, id, facts.iter(), &mut Unheard(&mut self.rt));
        }
        Some(matcher)
    }

    /// Passes a new fact on to the branch matcher, if there is one.
    pub(crate) fn branch_matcher_assert(&mut self, fact: &Rc<Fact>) {
        if let Some(matcher) = &mut self.branch_net {
            matcher.assert_fact(fact, &mut Unheard(&mut self.rt));
        }
    }

    /// Passes a retraction on to the branch matcher, if there is one.
    pub(crate) fn branch_matcher_retract(&mut self, fact: &Fact) {
        if let Some(matcher) = &mut self.branch_net {
            matcher.retract_fact(fact, &mut Unheard(&mut self.rt));
        }
    }
}
