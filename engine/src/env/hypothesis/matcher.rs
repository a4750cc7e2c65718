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
            let id = ProductionId(p as u32);
            if let Some(chain) = self.net.chain_of(id) {
                matcher.add_production(chain, id, facts.iter(), &mut Unheard(&mut self.rt));
            }
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

#[cfg(test)]
mod tests {
    use crate::compile::lhs::LhsCompiler;
    use crate::env::commands::TABLE;
    use crate::env::Environment;
    use crate::rete::ProductionId;
    use crate::syntax::ast::{Construct, TopLevel};
    use crate::syntax::parse::parse_source;

    /// Rules with every kind of node: joins sharing a prefix, hashed and other
    /// tests, `test` CEs hoisted and not, `not` and `exists` over a pattern and
    /// over a sub-chain (nested too), and an `or` making two productions.
    const RULES: &str = "
        (deftemplate item (slot kind) (slot size) (slot owner))
        (deftemplate person (slot name) (slot age))
        (defrule owned (person (name ?n) (age ?a&:(> ?a 3))) (item (owner ?n) (size ?s&~?a)) =>)
        (defrule owned-big (person (name ?n) (age ?a&:(> ?a 3))) (item (owner ?n) (size ?s))
            (test (> ?s ?a)) =>)
        (defrule nobody (test (> 2 1)) (not (person (age 7))) (exists (item (kind box))) =>)
        (defrule unowned (item (owner ?o) (kind ?k))
            (not (and (person (name ?o)) (not (item (kind ?k) (owner nobody))))) =>)
        (defrule some-pair (exists (person (name ?x)) (item (owner ?x))) =>)
        (defrule either (or (person (name ann)) (and (item (kind ?k)) (item (kind ?k) (size 2)))) =>)
    ";

    #[test]
    fn chains_read_back_from_the_network_are_the_chains_built() {
        let mut env = Environment::new();
        if let Err(e) = env.load_str(RULES, "rules") {
            panic!("{}", e.rendered);
        }
        let (items, _) = parse_source(RULES);
        let mut production = 0;
        for item in &items {
            let TopLevel::Construct(c) = item else {
                continue;
            };
            let Construct::Rule(rule) = &**c else {
                continue;
            };
            let disjuncts = match LhsCompiler::new(&mut env.rt.program, &TABLE).compile(&rule.lhs) {
                Ok(d) => d,
                Err(d) => panic!("{}", d.message),
            };
            for d in disjuncts {
                let read_back = env.net.chain_of(ProductionId(production));
                assert_eq!(read_back, Some(d.nodes), "rule {}", rule.name.name);
                production += 1;
            }
        }
        assert_eq!(production as usize, env.rt.productions.len());
    }
}
