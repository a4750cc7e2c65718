//! The joins CLIPS would build for the rules, and which of them it would share:
//! what `(watch compilations)` reports as `+j` (a new join) and `=j` (a shared one)
//! while a rule loads.
//!
//! Salience's network is shaped otherwise (a `test` CE may be a node of its own, a
//! sub-chain of a `not` is never shared), so the marks come from this model of
//! CLIPS's join network, kept beside the real one. A CLIPS join is:
//! - one per pattern CE, negated for a `not` of one pattern, "exists" for an
//!   `exists` of one (or a `not` of a `not` of one);
//! - for a `not`/`exists` over several CEs, the sub-chain's joins (hanging off the
//!   join before the group), then a join "from the right" counting them;
//! - one for the `test` CEs opening a (sub-)chain; later `test` CEs fold into the
//!   join before them;
//! - a rule's last join, which activates it and is never shared.
//!
//! A join is shared when an existing join has the same join before it, the same
//! input on the right (pattern or sub-chain) and the same tests; once a join of a
//! rule is new, the rest are new too (CLIPS's `ConstructJoins`).

use super::ProductionId;
use crate::compile::lhs::{BoundExpr, NodeSpec};
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};

/// A join of the model, by index.
type ShapeId = u32;

/// What a join takes from the right.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Right {
    /// A pattern (its fingerprint stands for the pattern network's node).
    Pattern,
    /// The output of the sub-chain ending at this join.
    Joins(ShapeId),
    /// Nothing: the join of the `test` CEs opening a chain, or of an empty LHS.
    Empty,
}

/// What makes two joins the same for sharing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct ShapeKey {
    /// The join before it on the left (`None` for a rule's first join).
    parent: Option<ShapeId>,
    right: Right,
    negated: bool,
    exists: bool,
    /// A hash of the pattern and the join's tests.
    tests: u64,
}

/// One join of the model, with the number of productions using it.
#[derive(Debug)]
struct ShapeJoin {
    key: ShapeKey,
    users: u32,
}

/// The model of CLIPS's join network (see the module doc).
#[derive(Debug, Default)]
pub(super) struct Shapes {
    joins: Vec<Option<ShapeJoin>>,
    by_key: FxHashMap<ShapeKey, ShapeId>,
    /// Indexes of removed joins, for reuse.
    free: Vec<ShapeId>,
    /// The shared joins each production uses.
    used: FxHashMap<ProductionId, Vec<ShapeId>>,
}

/// One CLIPS join to be added, before it is looked up.
struct Wanted {
    right: WantedRight,
    negated: bool,
    exists: bool,
    tests: FxHasher,
}

/// The right input of a join to be added.
enum WantedRight {
    Pattern,
    Empty,
    /// A sub-chain of CEs (the specs of a `not`/`exists` group).
    Group(Vec<NodeSpec>),
}

/// What adding a chain records as it goes.
struct Adding<'s> {
    shapes: &'s mut Shapes,
    /// Whether joins may still be shared (false after the first new one).
    reuse: bool,
    marks: String,
    used: Vec<ShapeId>,
}

impl Shapes {
    /// Adds the joins of `production`'s chain, returning CLIPS's marks for them:
    /// `=j` per shared join, `+j` per new one, in the order CLIPS builds them.
    pub fn add(&mut self, chain: &[NodeSpec], production: ProductionId) -> String {
        let mut adding = Adding {
            shapes: self,
            reuse: true,
            marks: String::new(),
            used: Vec::new(),
        };
        if chain.is_empty() {
            // An empty LHS: a join of nothing, shared silently when one exists.
            let key = ShapeKey {
                parent: None,
                right: Right::Empty,
                negated: false,
                exists: false,
                tests: FxHasher::default().finish(),
            };
            match adding.shapes.by_key.get(&key).copied() {
                Some(id) => adding.share(id),
                None => {
                    adding.marks.push_str("+j");
                    adding.create(key);
                }
            }
        } else {
            adding.chain(chain, None);
        }
        // The rule's own last join, never shared (nor recorded).
        adding.marks.push_str("+j");
        let Adding { marks, used, .. } = adding;
        self.used.insert(production, used);
        marks
    }

    /// Forgets the joins only `production` used.
    pub fn remove(&mut self, production: ProductionId) {
        for id in self.used.remove(&production).unwrap_or_default() {
            let Some(join) = self.joins.get_mut(id as usize).and_then(Option::as_mut) else {
                continue;
            };
            join.users -= 1;
            if join.users == 0 {
                let key = join.key;
                self.joins[id as usize] = None;
                if self.by_key.get(&key) == Some(&id) {
                    self.by_key.remove(&key);
                }
                self.free.push(id);
            }
        }
    }
}

impl Adding<'_> {
    /// Adds the joins of `specs` after `parent`, returning the last.
    fn chain(&mut self, specs: &[NodeSpec], mut parent: Option<ShapeId>) -> Option<ShapeId> {
        for wanted in group_joins(specs) {
            let right = match wanted.right {
                WantedRight::Pattern => Right::Pattern,
                WantedRight::Empty => Right::Empty,
                WantedRight::Group(sub) => match self.chain(&sub, parent) {
                    Some(end) => Right::Joins(end),
                    None => Right::Empty,
                },
            };
            let key = ShapeKey {
                parent,
                right,
                negated: wanted.negated,
                exists: wanted.exists,
                tests: wanted.tests.finish(),
            };
            let found = self
                .reuse
                .then(|| self.shapes.by_key.get(&key).copied())
                .flatten();
            parent = Some(match found {
                Some(id) => {
                    self.marks.push_str("=j");
                    self.share(id);
                    id
                }
                None => {
                    self.reuse = false;
                    self.marks.push_str("+j");
                    self.create(key)
                }
            });
        }
        parent
    }

    /// Uses join `id` once more.
    fn share(&mut self, id: ShapeId) {
        if let Some(join) = self.shapes.joins[id as usize].as_mut() {
            join.users += 1;
        }
        self.used.push(id);
    }

    /// A new join for `key`, used once.
    fn create(&mut self, key: ShapeKey) -> ShapeId {
        let join = Some(ShapeJoin { key, users: 1 });
        let id = match self.shapes.free.pop() {
            Some(id) => {
                self.shapes.joins[id as usize] = join;
                id
            }
            None => {
                self.shapes.joins.push(join);
                (self.shapes.joins.len() - 1) as ShapeId
            }
        };
        self.shapes.by_key.entry(key).or_insert(id);
        self.used.push(id);
        id
    }
}

/// The CLIPS joins of a (sub-)chain's specs, in order: `test` specs after the first
/// join fold into the join before them.
fn group_joins(specs: &[NodeSpec]) -> Vec<Wanted> {
    let mut joins: Vec<Wanted> = Vec::new();
    for spec in specs {
        match spec {
            NodeSpec::Test(bound) => match joins.last_mut() {
                Some(last) => bound.hash(&mut last.tests),
                None => joins.push(test_join(bound)),
            },
            _ => joins.push(wanted(spec)),
        }
    }
    joins
}

/// The join opening a chain with a `test` CE.
fn test_join(bound: &BoundExpr) -> Wanted {
    let mut tests = FxHasher::default();
    bound.hash(&mut tests);
    Wanted {
        right: WantedRight::Empty,
        negated: false,
        exists: false,
        tests,
    }
}

/// The CLIPS join of a spec other than a `test`.
fn wanted(spec: &NodeSpec) -> Wanted {
    let mut tests = FxHasher::default();
    match spec {
        NodeSpec::Join {
            alpha,
            eq,
            tests: field_tests,
            exprs,
        } => {
            (alpha, eq, field_tests, exprs).hash(&mut tests);
            Wanted {
                right: WantedRight::Pattern,
                negated: false,
                exists: false,
                tests,
            }
        }
        NodeSpec::Test(bound) => test_join(bound),
        NodeSpec::Not(sub) | NodeSpec::Exists(sub) => {
            let mut exists = matches!(spec, NodeSpec::Exists(_));
            let mut inner = sub.as_slice();
            // (not (not X)) is (exists X).
            if let (false, [NodeSpec::Not(deeper)]) = (exists, inner) {
                exists = true;
                inner = deeper.as_slice();
            }
            match inner {
                [single @ NodeSpec::Join { .. }] => {
                    let mut join = wanted(single);
                    join.negated = !exists;
                    join.exists = exists;
                    join
                }
                _ => Wanted {
                    right: WantedRight::Group(inner.to_vec()),
                    negated: !exists,
                    exists,
                    tests,
                },
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::env::Environment;

    /// The marks of each rule loaded with compilations watched.
    fn marks(program: &str) -> String {
        let mut env = Environment::new();
        let out = env.capture_output();
        env.watch_mut().compilations = true;
        let path = std::env::temp_dir().join(format!("salience-shape-{}.clp", std::process::id()));
        if std::fs::write(&path, program).is_err() {
            panic!("cannot write {}", path.display());
        }
        env.execute_str(&format!("(load \"{}\")", path.display()), "command");
        let _ = std::fs::remove_file(&path);
        out.take()
    }

    /// Checked against CLIPS 6.41's console.
    #[test]
    fn marks_follow_clips_sharing() {
        let program = "
            (defrule q1 (a) (not (not (b))) =>)
            (defrule q2 (a) (exists (b)) =>)
            (defrule q3 (a) (not (and (b) (c))) =>)
            (defrule q4 (a) (exists (b) (c)) =>)
            (defrule q5 (a) (not (not (and (b) (c)))) =>)
            (defrule q6 (a) (not (and (test (> 1 0)) (b))) =>)
            (defrule q8 (not (a)) (test (> 1 0)) =>)
            (defrule q11 (test (> 1 0)) =>)
            (defrule q12 (test (> 1 0)) =>)
            (defrule r9 =>)
            (defrule r10 =>)";
        assert_eq!(
            marks(program),
            "Defining defrule: q1 +j+j+j\n\
             Defining defrule: q2 =j=j+j\n\
             Defining defrule: q3 =j+j+j+j+j\n\
             Defining defrule: q4 =j=j=j+j+j\n\
             Defining defrule: q5 =j=j=j=j+j\n\
             Defining defrule: q6 =j+j+j+j+j\n\
             Defining defrule: q8 +j+j\n\
             Defining defrule: q11 +j+j\n\
             Defining defrule: q12 =j+j\n\
             Defining defrule: r9 +j+j\n\
             Defining defrule: r10 +j\n\
             TRUE\n"
        );
    }
}
