//! Rule actions followed by a retraction.
//!
//! Miss Manners' `find_seating` ends with `(modify ?cnt ...)` then `(modify ?ctx
//! ...)`: the new count fact is joined with every partial match of the rule, and
//! every one of them holds the context fact, which the very next action retracts.
//! Matching the new fact there makes partial matches (and activations) that are
//! deleted before anything can see them: 40% of the benchmark's time. An action
//! whose next action surely retracts a fact bound on the LHS is marked here; the
//! evaluator tells the network which fact goes next, and the network skips the
//! joins whose every partial match holds it (see `Network::assert_fact`).
//!
//! The next action must be `(retract ?f)`, or `(modify ?f ...)` with constant
//! slot values, so that nothing runs between the two actions that could look at
//! the network or the agenda, and nothing can stop the retraction (the evaluator
//! checks that the modify changes the fact, and that its slots take the values).
//! A `printout` whose channel and items are constants, variables or globals may
//! stand between them: it reads no fact, token or activation, and cannot fail or
//! halt (an unknown channel is reported and the action goes on, as in CLIPS).
//! CLIPS's own Manners (`examples/manners/manners.clp`) prints through
//! `?*output*` between `find_seating`'s two modifies: without this, none of the
//! skipping applied to it. With it (and statistics watched, see
//! `Environment::expect_retraction`), its `.bat` files run 39% fewer instructions:
//! manners128.bat 10.64 G → 6.41 G, 2.23× → 1.34× CLIPS 6.41's (BENCHMARKS.md).

use super::expr::{CExpr, Callee, Special};
use crate::value::{Atom, Value};

/// What the action after a marked one retracts.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RetractionAhead {
    /// The frame slot of the variable that holds the fact.
    pub fact: u16,
    /// For a modify: the slots it sets, with their constant values, in order;
    /// `None` for a retract.
    pub changes: Option<SlotChanges>,
}

/// The slots a modify sets, each with its constant values. Boxed slices: kept as
/// long as the rule, and collected vectors held room for four.
pub type SlotChanges = Box<[(Atom, Box<[Value]>)]>;

/// Marks each assert (of one fact) or modify of `actions` whose next action
/// (past any inert printouts) retracts a fact held in a variable (see the module
/// comment).
pub fn mark(actions: Vec<CExpr>) -> Vec<CExpr> {
    // What the actions after each one retract first, read from the last action back.
    let mut ahead: Vec<Option<RetractionAhead>> = Vec::with_capacity(actions.len());
    let mut next = None;
    for action in actions.iter().rev() {
        ahead.push(next.clone());
        if !inert_printout(action) {
            next = retraction(action);
        }
    }
    ahead.reverse();
    actions
        .into_iter()
        .zip(ahead)
        .map(|(action, ahead)| match (ahead, &action) {
            (Some(ahead), CExpr::Special(special, span)) if asserts_one_fact(special) => {
                let span = *span;
                CExpr::Special(
                    Box::new(Special::BeforeRetraction(Box::new((action, ahead)))),
                    span,
                )
            }
            _ => action,
        })
        .collect()
}

/// Whether an action is a modify or an assert of a single fact.
fn asserts_one_fact(special: &Special) -> bool {
    match special {
        Special::Modify { duplicate, .. } => !duplicate,
        Special::Assert(facts) => facts.len() == 1,
        _ => false,
    }
}

/// Whether `action` is a `printout` of constants, variables and globals only: it
/// changes nothing a later action or the network reads, and always completes.
fn inert_printout(action: &CExpr) -> bool {
    let leaf = |e: &CExpr| matches!(e, CExpr::Const(_) | CExpr::Local(_) | CExpr::Global(_));
    match action {
        CExpr::Special(special, _) => match &**special {
            Special::Printout(channel, items) => leaf(channel) && items.iter().all(leaf),
            _ => false,
        },
        _ => false,
    }
}

/// What `action` retracts, if it is `(retract ?f)` or a modify of `?f` with
/// constant slot values.
fn retraction(action: &CExpr) -> Option<RetractionAhead> {
    match action {
        CExpr::Call(call) if matches!(call.callee, Callee::Command(_)) => {
            match (call.name.as_str(), &*call.args) {
                ("retract", [CExpr::Local(fact)]) => Some(RetractionAhead {
                    fact: *fact,
                    changes: None,
                }),
                _ => None,
            }
        }
        CExpr::Special(special, _) => match &**special {
            Special::Modify {
                fact: CExpr::Local(fact),
                slots,
                duplicate: false,
            } => {
                let changes = slots
                    .iter()
                    .map(|(name, _, exprs)| {
                        let values = exprs.iter().map(|e| match e {
                            CExpr::Const(v) => Some(v.clone()),
                            _ => None,
                        });
                        Some((*name, values.collect::<Option<Box<[Value]>>>()?))
                    })
                    .collect::<Option<Box<[_]>>>()?;
                Some(RetractionAhead {
                    fact: *fact,
                    changes: Some(changes),
                })
            }
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::expr::{CExpr, Special};
    use crate::env::Environment;

    /// For each action of each rule of `program`, whether it was marked.
    fn marks(program: &str) -> Vec<Vec<bool>> {
        let mut env = Environment::new();
        if let Err(e) = env.load_str(program, "program") {
            panic!("{}", e.rendered);
        }
        let marked = |action: &CExpr| matches!(action, CExpr::Special(s, _) if matches!(**s, Special::BeforeRetraction(_)));
        (env.rt.productions.iter())
            .map(|p| p.rhs.iter().map(marked).collect())
            .collect()
    }

    #[test]
    fn an_assert_or_modify_is_marked_when_the_next_action_surely_retracts() {
        let program = "
            (deftemplate c (slot n) (multislot m))
            (defrule plain ?x <- (c) ?y <- (c (n 1)) =>
              (modify ?y (n 2)) (modify ?x (n 3) (m a b)) (assert (c (n 4))) (retract ?x))
            (defrule not-constant ?x <- (c) ?y <- (c (n 1)) =>
              (modify ?y (n 2)) (modify ?x (n (+ 1 2))))
            (defrule not-a-variable ?y <- (c (n 1)) =>
              (assert (c (n 5))) (retract 1))
            (defrule two-facts ?x <- (c) =>
              (assert (c (n 6)) (c (n 7))) (retract ?x))
            (defrule duplicates ?x <- (c) ?y <- (c (n 1)) =>
              (duplicate ?y (n 2)) (retract ?x) (duplicate ?y (n 8)))
            (defrule printing ?x <- (c) =>
              (assert (c (n 9))) (printout t \"x\" ?x crlf) (retract ?x))
            (defrule printing-a-call ?x <- (c) =>
              (assert (c (n 9))) (printout t (+ 1 2) crlf) (retract ?x))";
        assert_eq!(
            marks(program),
            vec![
                vec![true, false, true, false],
                vec![false, false],
                vec![false, false],
                vec![false, false],
                vec![false, false, false],
                vec![true, false, false],
                vec![false, false, false],
            ]
        );
    }
}
