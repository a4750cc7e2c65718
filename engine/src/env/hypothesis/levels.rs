//! The levels: T&E(1), BLISS(1), BLISS(2) and T&E(2). Each makes one pass over the
//! alternatives present when it starts (fact-index order; T&E(2) strongest first),
//! trying each in branches that are undone, and returns what the pass proved; nothing
//! is applied here. The levels of one reasoning step start from the same working
//! memory, so an alternative assumed true is tried once per step and its branch
//! reused (`tried_true`).

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

/// What assuming an alternative true gave, kept for the other levels of the same
/// reasoning step.
#[derive(Debug, Clone)]
pub(super) struct Tried {
    /// How the branch ended.
    outcome: Outcome,
    /// How many changes it made to working memory.
    size: usize,
    /// Its conclusions.
    changes: Rc<Changes>,
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
            let Some(tried) = self.tried_true(decl, level, &h)? else {
                break;
            };
            if let Outcome::Contradiction(c) = &tried.outcome {
                refuted.push((h, c.clone()));
            }
        }
        Ok(refuted)
    }

    /// Assumes `h` true in a branch and propagates, or reuses what that gave earlier
    /// in this reasoning step (every level of a step starts from the same working
    /// memory, so the branch would be the same). `None` when the budget is spent.
    fn tried_true(
        &mut self,
        decl: &Hypothesis,
        level: Level,
        h: &Rc<Fact>,
    ) -> Result<Option<Tried>, RunError> {
        if let Some(tried) = self.rt.hypothesis.tried.get(&h.id) {
            return Ok(Some(tried.clone()));
        }
        if !self.spend() {
            return Ok(None);
        }
        let tried = self.in_branch(|env, mark| {
            env.assume(decl, true, h.id)?;
            let outcome = env.propagate(decl)?;
            Ok(Tried {
                outcome,
                size: env.rt.hypothesis.trail.entries.len() - mark,
                changes: Rc::new(env.changes_since(mark, decl)),
            })
        })?;
        self.tally(level, h, &tried.outcome);
        self.rt.hypothesis.tried.insert(h.id, tried.clone());
        Ok(Some(tried))
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
            let Some(tried) = self.tried_true(decl, level, &h)? else {
                break;
            };
            if !self.spend() {
                break;
            }
            let (t_outcome, t_changes) = (tried.outcome, tried.changes);
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
                    let t_changes = Rc::unwrap_or_clone(t_changes);
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

    /// T&E(2) as Berthier defines it: each alternative `h` is assumed true and
    /// propagated; inside that context T&E(1) runs and *accumulates* what it proves
    /// (each refuted alternative is made false there at once, so later trials see it)
    /// until it proves nothing more or the context reaches a contradiction, which
    /// proves *not h*. Alternatives with the most consequences are tried first.
    ///
    /// The pass goes on while its trials refute: it stops at the first alternative it
    /// cannot refute once it has refuted one. A refutation costs a few dozen branches,
    /// the new reasoning step that each proof starts reruns T&E(1) and BLISS(1) over
    /// every alternative (hundreds); stopping at the first refutation spent 95% of the
    /// branches of the forum's hardest Sudokus there (puzzle 1: 13,348 branches, 4.0 s;
    /// going on: 2,801, 1.3 s).
    fn te2(&mut self, decl: &Hypothesis) -> Result<Found, RunError> {
        let level = Level::Te2;
        let mut found = Found::default();
        let order = match self.by_consequences(decl, level)? {
            Ranked::Order(order) => order,
            Ranked::Refuted(h, c) => {
                found.proofs.push(refutation(level, h, c, 0));
                return Ok(found);
            }
        };
        for h in &order {
            if !self.spend() {
                break;
            }
            let (outcome, nested) = self.in_branch(|env, _| {
                env.assume(decl, true, h.id)?;
                match env.propagate(decl)? {
                    Outcome::Open => env.accumulate(decl, level, &order),
                    settled => Ok((settled, 0)),
                }
            })?;
            self.tally(level, h, &outcome);
            if let Outcome::Contradiction(c) = outcome {
                found.proofs.push(refutation(level, h.clone(), c, nested));
                continue;
            }
            *self.rt.hypothesis.te2_failed.entry(h.id).or_default() += 1;
            if !found.proofs.is_empty() {
                break;
            }
        }
        Ok(found)
    }

    /// The alternatives, those whose assumption changes most first (ties in
    /// fact-index order), except that those earlier T&E(2) passes of the run failed
    /// to refute come after the others, fewest failures first: a strong assumption is
    /// the likeliest to be refuted, one that resisted is likely to resist again. An
    /// alternative whose assumption contradicts on its own is returned instead.
    fn by_consequences(&mut self, decl: &Hypothesis, level: Level) -> Result<Ranked, RunError> {
        let mut sized = Vec::new();
        for h in self.alternatives(decl) {
            let Some(tried) = self.tried_true(decl, level, &h)? else {
                break;
            };
            if let Outcome::Contradiction(c) = tried.outcome {
                return Ok(Ranked::Refuted(h, c));
            }
            let failed = self.rt.hypothesis.te2_failed.get(&h.id).copied();
            sized.push(((failed.unwrap_or(0), std::cmp::Reverse(tried.size)), h));
        }
        sized.sort_by_key(|(rank, h)| (*rank, h.id));
        Ok(Ranked::Order(sized.into_iter().map(|(_, h)| h).collect()))
    }

    /// T&E(1) inside the current branch, accumulating: the alternatives of `order`
    /// still present are tried in turn, round and round; one whose assumption
    /// contradicts is made false in the branch and propagated at once. Stops when a
    /// full round since the last refutation proved nothing, when the branch is
    /// settled, or when a trial reaches a solution: then the context is consistent
    /// and nothing can refute it. Returns how it ended and how many refutations
    /// came first.
    fn accumulate(
        &mut self,
        decl: &Hypothesis,
        level: Level,
        order: &[Rc<Fact>],
    ) -> Result<(Outcome, u32), RunError> {
        let mut nested = 0u32;
        let mut quiet = 0;
        for g in order.iter().cycle() {
            if quiet == order.len() {
                break;
            }
            quiet += 1;
            let Some(id) = self.find_content(g) else {
                continue;
            };
            if !self.spend() {
                break;
            }
            let outcome = self.in_branch(|env, _| {
                env.assume(decl, true, id)?;
                env.propagate(decl)
            })?;
            self.tally(level, g, &outcome);
            match outcome {
                Outcome::Solved => break,
                Outcome::Contradiction(_) => {
                    self.assume(decl, false, id)?;
                    nested += 1;
                    quiet = 0;
                    let outcome = self.propagate(decl)?;
                    if !matches!(outcome, Outcome::Open) {
                        return Ok((outcome, nested));
                    }
                }
                Outcome::Open => {}
            }
        }
        Ok((Outcome::Open, nested))
    }
}

/// The alternatives in the order T&E(2) tries them, or one refuted on its own.
enum Ranked {
    /// Every alternative, the strongest first.
    Order(Vec<Rc<Fact>>),
    /// This alternative's assumption led to this contradiction.
    Refuted(Rc<Fact>, Rc<Fact>),
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
