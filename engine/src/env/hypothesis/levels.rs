//! The levels: T&E(1), BLISS(1), BLISS(2) and T&E(2). Each makes one pass over the
//! alternatives present when it starts, in fact-index order, trying each in branches
//! that are undone, and returns what the pass proved; nothing is applied here.

use super::branch::{Change, Changes, Content, Outcome};
use crate::compile::hypothesis::{Hypothesis, Level};
use crate::env::{Environment, RunError};
use crate::wm::Fact;
use std::rc::Rc;

/// Something a level proved, and why.
#[derive(Debug, Clone)]
pub(super) struct Proof {
    /// The level that proved it.
    pub(super) level: Level,
    /// The alternatives assumed.
    pub(super) hypotheses: Vec<Rc<Fact>>,
    /// Why it holds.
    pub(super) why: Why,
    /// What to do in the real working memory.
    pub(super) action: Action,
}

/// A proven conclusion, as an action on working memory.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Action {
    /// Call assume-true (`true`) or assume-false on the fact with this content.
    Assume(bool, Content),
    /// Apply this change.
    Change(Change),
}

/// Why a proof holds.
#[derive(Debug, Clone)]
pub(super) enum Why {
    /// Assuming the alternative led to this contradiction (after `nested` inner
    /// T&E(1) eliminations, for T&E(2)).
    Contradiction {
        /// The contradiction fact.
        fact: Rc<Fact>,
        /// How many inner eliminations came first.
        nested: u32,
    },
    /// The opposite assumption contradicted, so what `assumed` concludes holds.
    OtherBranch {
        /// The assumption that survived.
        assumed: bool,
        /// The other branch's contradiction.
        contradiction: Rc<Fact>,
    },
    /// Every one of `branches` consistent branches concludes it.
    Common {
        /// How many branches agreed.
        branches: u32,
    },
}

/// What a level found.
#[derive(Debug, Default)]
pub(super) struct Found {
    /// The proofs, in the order found.
    pub(super) proofs: Vec<Proof>,
    /// The alternative for which every branch contradicts: the state has no solution.
    pub(super) inconsistent: Option<Rc<Fact>>,
}

/// An alternative refuted by T&E(1), and the contradiction its assumption reached.
type Refuted = (Rc<Fact>, Rc<Fact>);

/// One combination of assumptions in BLISS(2).
#[derive(Debug, Clone)]
enum Combo {
    /// Its branch contradicted.
    Contradiction,
    /// Its branch ended with these conclusions.
    Open(Rc<Changes>),
    /// Not tried (the hypothesis budget ran out).
    Unknown,
}

impl Environment {
    /// Runs one pass of `level`.
    pub(super) fn run_level(&mut self, level: Level, decl: &Hypothesis) -> Result<Found, RunError> {
        match level {
            Level::Te1 => Ok(Found {
                proofs: (self.refutable(decl, level)?.into_iter())
                    .map(|(h, c)| refutation(level, h, c, 0))
                    .collect(),
                inconsistent: None,
            }),
            Level::Bliss1 => self.bliss1(decl),
            Level::Bliss2 => self.bliss2(decl),
            Level::Te2 => self.te2(decl),
        }
    }

    /// The alternatives now in working memory, in fact-index order.
    fn alternatives(&self, decl: &Hypothesis) -> Vec<Rc<Fact>> {
        (self.rt.wm.iter())
            .filter(|f| f.template == decl.hypothesis)
            .cloned()
            .collect()
    }

    /// T&E(1) over the current alternatives: each one whose assumption leads to a
    /// contradiction, with the contradiction (counted as `level`'s work).
    fn refutable(&mut self, decl: &Hypothesis, level: Level) -> Result<Vec<Refuted>, RunError> {
        let mut refuted = Vec::new();
        for h in self.alternatives(decl) {
            if !self.spend() {
                break;
            }
            let outcome = self.in_branch(|env, _| {
                env.assume(decl, true, h.id)?;
                env.propagate(decl)
            })?;
            self.tally(level, &h, &outcome);
            if let Outcome::Contradiction(c) = outcome {
                refuted.push((h, c));
            }
        }
        Ok(refuted)
    }

    /// Assumes `truth` for `h` in a branch: the outcome and the branch's conclusions.
    fn trial(
        &mut self,
        decl: &Hypothesis,
        level: Level,
        h: &Rc<Fact>,
        truth: bool,
    ) -> Result<(Outcome, Changes), RunError> {
        let result = self.in_branch(|env, mark| {
            env.assume(decl, truth, h.id)?;
            let outcome = env.propagate(decl)?;
            Ok((outcome, env.changes_since(mark, decl)))
        })?;
        self.tally(level, h, &result.0);
        Ok(result)
    }

    /// BLISS(1): each alternative assumed true, then false. When one branch
    /// contradicts, the other assumption and its conclusions are proven; when
    /// neither does, the conclusions both share are.
    fn bliss1(&mut self, decl: &Hypothesis) -> Result<Found, RunError> {
        let level = Level::Bliss1;
        let mut found = Found::default();
        let mut seen = Seen::default();
        for h in self.alternatives(decl) {
            if !self.spend() || !self.spend() {
                break;
            }
            let (t_outcome, t_changes) = self.trial(decl, level, &h, true)?;
            let (f_outcome, f_changes) = self.trial(decl, level, &h, false)?;
            let hypotheses = vec![h.clone()];
            match (t_outcome, f_outcome) {
                (Outcome::Contradiction(_), Outcome::Contradiction(_)) => {
                    found.inconsistent = Some(h);
                    return Ok(found);
                }
                (Outcome::Contradiction(c), _) => {
                    seen.survivor(&mut found, level, &hypotheses, false, c, f_changes)
                }
                (_, Outcome::Contradiction(c)) => {
                    seen.survivor(&mut found, level, &hypotheses, true, c, t_changes)
                }
                _ => {
                    let common = t_changes.intersection(&f_changes).cloned();
                    seen.common(&mut found, level, &hypotheses, 2, common);
                }
            }
        }
        Ok(found)
    }

    /// BLISS(2): for each pair of alternatives, the four combinations of assuming
    /// each true or false; what every non-contradictory combination concludes is
    /// proven (when none is consistent, the state has no solution).
    fn bliss2(&mut self, decl: &Hypothesis) -> Result<Found, RunError> {
        let level = Level::Bliss2;
        let alternatives = self.alternatives(decl);
        let mut found = Found::default();
        let mut seen = Seen::default();
        for (i, h1) in alternatives.iter().enumerate() {
            let later = &alternatives[i + 1..];
            if later.is_empty() || self.budget_left() == Some(0) {
                break;
            }
            let with_true = self.pairs_under(decl, h1, true, later)?;
            let with_false = self.pairs_under(decl, h1, false, later)?;
            for (k, h2) in later.iter().enumerate() {
                let combos = [&with_true[k], &with_false[k]];
                let combos = combos.iter().flat_map(|c| c.iter());
                if combos.clone().any(|c| matches!(c, Combo::Unknown)) {
                    continue;
                }
                let open: Vec<&Rc<Changes>> = combos
                    .filter_map(|c| match c {
                        Combo::Open(changes) => Some(changes),
                        _ => None,
                    })
                    .collect();
                let Some((first, rest)) = open.split_first() else {
                    found.inconsistent = Some(h1.clone());
                    return Ok(found);
                };
                let common = (first.iter())
                    .filter(|c| rest.iter().all(|other| other.contains(*c)))
                    .cloned();
                let hypotheses = vec![h1.clone(), h2.clone()];
                seen.common(&mut found, level, &hypotheses, open.len() as u32, common);
            }
        }
        Ok(found)
    }

    /// Assumes `truth` for `h1` and then, in nested branches, each of `later` true
    /// and false: per alternative of `later`, the two combinations. An alternative
    /// that the first assumption already removed is decided by it: both of its
    /// combinations are the outer branch.
    fn pairs_under(
        &mut self,
        decl: &Hypothesis,
        h1: &Rc<Fact>,
        truth: bool,
        later: &[Rc<Fact>],
    ) -> Result<Vec<[Combo; 2]>, RunError> {
        let level = Level::Bliss2;
        let unknown = || vec![[Combo::Unknown, Combo::Unknown]; later.len()];
        if !self.spend() {
            return Ok(unknown());
        }
        let rows = self.in_branch(|env, mark| {
            env.assume(decl, truth, h1.id)?;
            let outcome = env.propagate(decl)?;
            env.tally(level, h1, &outcome);
            if let Outcome::Contradiction(_) = outcome {
                return Ok(vec![
                    [Combo::Contradiction, Combo::Contradiction];
                    later.len()
                ]);
            }
            let outer = Rc::new(env.changes_since(mark, decl));
            let mut rows = Vec::with_capacity(later.len());
            for h2 in later {
                let Some(id) = env.find_content(h2) else {
                    rows.push([Combo::Open(outer.clone()), Combo::Open(outer.clone())]);
                    continue;
                };
                let mut row = [Combo::Unknown, Combo::Unknown];
                for (slot, t2) in row.iter_mut().zip([true, false]) {
                    if !env.spend() {
                        break;
                    }
                    *slot = env.in_branch(|env, _| {
                        env.assume(decl, t2, id)?;
                        let outcome = env.propagate(decl)?;
                        env.tally(level, h2, &outcome);
                        Ok(match outcome {
                            Outcome::Contradiction(_) => Combo::Contradiction,
                            _ => Combo::Open(Rc::new(env.changes_since(mark, decl))),
                        })
                    })?;
                }
                rows.push(row);
            }
            Ok(rows)
        })?;
        Ok(rows)
    }

    /// T&E(2): each alternative assumed true; inside its branch, T&E(1) eliminations
    /// are applied (assume-false) and propagated until none is found. An
    /// alternative whose branch ends in a contradiction is false.
    fn te2(&mut self, decl: &Hypothesis) -> Result<Found, RunError> {
        let level = Level::Te2;
        let mut found = Found::default();
        for h in self.alternatives(decl) {
            if !self.spend() {
                break;
            }
            let (outcome, nested) = self.in_branch(|env, _| {
                env.assume(decl, true, h.id)?;
                let mut nested = 0u32;
                loop {
                    let outcome = env.propagate(decl)?;
                    if !matches!(outcome, Outcome::Open) {
                        return Ok((outcome, nested));
                    }
                    let refuted = env.refutable(decl, level)?;
                    if refuted.is_empty() {
                        return Ok((outcome, nested));
                    }
                    for (inner, _) in refuted {
                        if let Some(id) = env.find_content(&inner) {
                            env.assume(decl, false, id)?;
                            nested += 1;
                        }
                    }
                }
            })?;
            self.tally(level, &h, &outcome);
            if let Outcome::Contradiction(c) = outcome {
                found.proofs.push(refutation(level, h, c, nested));
            }
        }
        Ok(found)
    }
}

/// The proof that `h` is false because assuming it led to contradiction `c`.
fn refutation(level: Level, h: Rc<Fact>, c: Rc<Fact>, nested: u32) -> Proof {
    Proof {
        level,
        action: Action::Assume(false, Content(h.clone())),
        hypotheses: vec![h],
        why: Why::Contradiction { fact: c, nested },
    }
}

/// The actions already proven in a pass, so that each is proven once.
#[derive(Default)]
struct Seen(std::collections::HashSet<Action, rustc_hash::FxBuildHasher>);

impl Seen {
    fn prove(
        &mut self,
        found: &mut Found,
        level: Level,
        hypotheses: &[Rc<Fact>],
        why: Why,
        action: Action,
    ) {
        if self.0.insert(action.clone()) {
            found.proofs.push(Proof {
                level,
                hypotheses: hypotheses.to_vec(),
                why,
                action,
            });
        }
    }

    /// One branch contradicted (`c`): the other assumption (`truth`) and its
    /// conclusions are proven.
    fn survivor(
        &mut self,
        found: &mut Found,
        level: Level,
        hypotheses: &[Rc<Fact>],
        truth: bool,
        c: Rc<Fact>,
        changes: Changes,
    ) {
        let h = Content(hypotheses[0].clone());
        let why = Why::Contradiction {
            fact: c.clone(),
            nested: 0,
        };
        self.prove(found, level, hypotheses, why, Action::Assume(truth, h));
        for change in changes {
            let why = Why::OtherBranch {
                assumed: truth,
                contradiction: c.clone(),
            };
            self.prove(found, level, hypotheses, why, Action::Change(change));
        }
    }

    /// Conclusions shared by `branches` consistent branches.
    fn common(
        &mut self,
        found: &mut Found,
        level: Level,
        hypotheses: &[Rc<Fact>],
        branches: u32,
        common: impl Iterator<Item = Change>,
    ) {
        for change in common {
            self.prove(
                found,
                level,
                hypotheses,
                Why::Common { branches },
                Action::Change(change),
            );
        }
    }
}
