//! Rule left-hand sides compiled into network specifications.
//!
//! A rule's conditional elements become a chain of [`NodeSpec`]s, one per beta level:
//! each pattern a join against an [`AlphaPattern`], each `not`/`exists` a count node
//! over a sub-chain, each `test` a filter. `or` is expanded first, so one rule may
//! yield several chains (disjuncts), as in CLIPS. Variables are resolved to
//! [`VarSource`]s: where, in a token, their values will be found.

use super::comparison::Comparison;
use super::expr::{CExpr, CommandTable, ExprCompiler, Scope, RHS_OF_DEFRULE};
use super::program::Program;
use super::template::TemplateId;
use crate::messages;
use crate::syntax::ast::{
    Ce, Constraint, Expr, Pattern, PatternBody, SlotConstraint, Term, TermKind,
};
use crate::syntax::{Diagnostic, Span};
use crate::value::{Atom, Value};
use either::Either;
use indexmap::IndexMap;
use rustc_hash::{FxBuildHasher, FxHashMap, FxHashSet};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use thin_vec::ThinVec;

pub mod object;

/// Where a variable's value is found when a test or action runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VarSource {
    /// Capture `index` of the alpha match being joined (or matched).
    Capture(u16),
    /// Capture `capture` of the alpha match at token level `level`.
    Token {
        /// The token level (1 for the first CE).
        level: u16,
        /// The capture index in that level's alpha match.
        capture: u16,
    },
    /// The address of the fact matched at token level `level`.
    Fact(u16),
    /// The address of the fact being joined (for `test`s hoisted into a join).
    MatchFact,
    /// Capture `capture` at token level `level`, which a hashed join made equal to
    /// the variable's binding `bound` (a [`VarSource::Token`] source at a lower
    /// level): the network reads it nearer the token (see `rete::nearest`). The
    /// compiler never makes one.
    Nearer {
        /// The nearer level.
        level: u16,
        /// The capture index in that level's alpha match.
        capture: u16,
        /// The level of the binding it equals.
        bound_level: u16,
        /// The capture index of the binding it equals.
        bound_capture: u16,
    },
}

impl VarSource {
    /// The source as the compiler made it: a [`VarSource::Nearer`] source's binding.
    pub fn origin(self) -> VarSource {
        match self {
            VarSource::Nearer {
                bound_level,
                bound_capture,
                ..
            } => VarSource::Token {
                level: bound_level,
                capture: bound_capture,
            },
            other => other,
        }
    }
}

/// An expression together with the values its frame is filled from.
#[derive(Debug, Clone)]
pub struct BoundExpr {
    /// The expression, its variables compiled to frame slots.
    pub expr: CExpr,
    /// Frame slot `i` is filled from `frame[i]`.
    pub frame: Vec<VarSource>,
    /// The expression as a plain comparison, when it is one (decided without the
    /// evaluator; see [`Comparison`]).
    pub comparison: Option<Comparison>,
}

impl BoundExpr {
    /// `expr` with its frame filled from `frame`.
    pub fn new(expr: CExpr, frame: Vec<VarSource>) -> BoundExpr {
        let comparison = Comparison::of(&expr, &frame);
        BoundExpr {
            expr,
            frame,
            comparison,
        }
    }

    /// Replaces each variable source of the frame (and of the comparison made
    /// from it) by `map`'s.
    pub fn map_sources(&mut self, map: &impl Fn(VarSource) -> VarSource) {
        self.frame.iter_mut().for_each(|s| *s = map(*s));
        self.comparison = Comparison::of(&self.expr, &self.frame);
    }
}

/// Two bound expressions are the same when their expressions and frames are (the
/// comparison is made from those).
/// Two expressions are the same code wherever they were written: spans (kept in
/// calls for messages) take no part, as in their `Hash`. CLIPS shares the joins and
/// pattern nodes of identical tests written in different rules, and files.
impl PartialEq for BoundExpr {
    fn eq(&self, other: &BoundExpr) -> bool {
        self.frame == other.frame
            && (self.expr == other.expr || without_spans(&self.expr) == without_spans(&other.expr))
    }
}

/// `expr`'s debug text with its spans left out: equal for the same code written at
/// two places (compared only when the expressions differ, which is at load time).
fn without_spans(expr: &CExpr) -> String {
    let text = format!("{expr:?}");
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find("Span {") {
        out.push_str(&rest[..at]);
        rest = rest[at..].split_once('}').map_or("", |(_, after)| after);
    }
    out.push_str(rest);
    out
}

impl Eq for BoundExpr {}

impl std::hash::Hash for BoundExpr {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.expr.hash(state);
        self.frame.hash(state);
    }
}

/// One alternative of a `|` group, possibly negated.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Alt {
    /// Written with `~`.
    pub negated: bool,
    /// What it tests.
    pub kind: AltKind,
}

/// What an alternative tests the field against.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AltKind {
    /// Equal to a literal.
    Const(Value),
    /// Equal to a variable's value.
    Var(VarSource),
    /// `:(expr)` is not FALSE (boxed, as the rarer kind: an inline expression made
    /// every alternative 120 bytes, where a constant needs 24).
    Pred(Box<BoundExpr>),
    /// Equal to `=(expr)`'s value.
    RetVal(Box<BoundExpr>),
}

/// A test of capture `capture`: true when, in some alternative, every term holds
/// (`|` between alternatives, `&` within one).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FieldTest {
    /// The field's capture index.
    pub capture: u16,
    /// The alternatives.
    alternatives: Alternatives,
}

/// A field test's alternatives. Most tests are one term (`red`, `~red`, `?x`,
/// `:(> ?x 3)`), held in the test itself: as a list of lists, each took two blocks
/// of its own (rules_1000 kept some 5,300 such tests).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Alternatives {
    /// One alternative of one term (never written as `Many`).
    One(Alt),
    /// Any other number of alternatives, each a conjunction of terms.
    Many(Box<[Box<[Alt]>]>),
}

impl FieldTest {
    /// A test with a single term.
    pub fn single(capture: u16, alt: Alt) -> FieldTest {
        FieldTest {
            capture,
            alternatives: Alternatives::One(alt),
        }
    }

    /// A test passing when every term of one of `alternatives` holds.
    pub fn any_of(capture: u16, mut alternatives: Vec<Vec<Alt>>) -> FieldTest {
        if alternatives.len() == 1 && alternatives[0].len() == 1 {
            if let Some(alt) = alternatives.pop().and_then(|mut one| one.pop()) {
                return FieldTest::single(capture, alt);
            }
        }
        FieldTest {
            capture,
            alternatives: Alternatives::Many(
                alternatives
                    .into_iter()
                    .map(Vec::into_boxed_slice)
                    .collect(),
            ),
        }
    }

    /// The alternatives, each a conjunction of terms.
    pub fn alternatives(&self) -> impl Iterator<Item = &[Alt]> {
        match &self.alternatives {
            Alternatives::One(alt) => Either::Left(std::iter::once(std::slice::from_ref(alt))),
            Alternatives::Many(all) => Either::Right(all.iter().map(|group| &**group)),
        }
    }

    /// The test's one term, when it has only one.
    pub fn only_term(&self) -> Option<&Alt> {
        match &self.alternatives {
            Alternatives::One(alt) => Some(alt),
            Alternatives::Many(_) => None,
        }
    }

    /// Every term of every alternative.
    pub fn terms(&self) -> impl Iterator<Item = &Alt> {
        self.alternatives().flatten()
    }

    /// Replaces each variable source the test reads by `map`'s.
    pub fn map_sources(&mut self, map: &impl Fn(VarSource) -> VarSource) {
        match &mut self.alternatives {
            Alternatives::One(alt) => alt.map_sources(map),
            Alternatives::Many(all) => (all.iter_mut().flat_map(|group| group.iter_mut()))
                .for_each(|alt| alt.map_sources(map)),
        }
    }
}

impl Alt {
    /// Replaces each variable source the term reads by `map`'s.
    fn map_sources(&mut self, map: &impl Fn(VarSource) -> VarSource) {
        match &mut self.kind {
            AltKind::Const(_) => {}
            AltKind::Var(source) => *source = map(*source),
            AltKind::Pred(bound) | AltKind::RetVal(bound) => bound.map_sources(map),
        }
    }
}

/// One field of a multislot (or ordered fact) pattern.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FieldSpec {
    /// `true` for a multifield term (`$?`, `$?x`), matching zero or more fields.
    pub multi: bool,
    /// The capture index its value is stored in, if anything needs it.
    pub capture: Option<u16>,
}

/// How a pattern matches one slot: 16 bytes (a pattern keeps one per slot it
/// names, as long as its rules; with a `usize` slot and a `Vec` it was 32).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SlotMatch {
    /// A single-field slot: its value goes to `capture`.
    Single {
        /// The slot index.
        slot: u32,
        /// The capture index.
        capture: u16,
    },
    /// A multislot matched field by field.
    Multi {
        /// The slot index.
        slot: u32,
        /// The field specs in order.
        fields: ThinVec<FieldSpec>,
    },
}

impl SlotMatch {
    /// The slot index.
    pub fn slot(&self) -> usize {
        match self {
            SlotMatch::Single { slot, .. } | SlotMatch::Multi { slot, .. } => *slot as usize,
        }
    }
}

/// The part of a pattern that depends on one fact only: shared between rules
/// whose patterns are the same.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AlphaPattern {
    /// The template matched.
    pub template: TemplateId,
    /// The slots to read into captures. (Boxed slices, here and for the tests: a
    /// pattern is kept as long as its rules, with no room to grow.)
    pub slots: Box<[SlotMatch]>,
    /// How many captures a match holds.
    pub captures: u16,
    /// Tests on captures only (constants, repeated variables, local predicates),
    /// in the order they can be evaluated.
    pub tests: Box<[FieldTest]>,
}

/// One beta-level node of a rule's network.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeSpec {
    /// A positive pattern.
    Join {
        /// What the pattern needs of a fact alone (shared with the alpha memory
        /// that matches it).
        alpha: Rc<AlphaPattern>,
        /// Hashed equality tests: left value (from the token) equals capture.
        eq: Vec<(VarSource, u16)>,
        /// Other tests between the token and the fact.
        tests: Vec<FieldTest>,
        /// `test` CEs whose variables are all bound once this pattern matches,
        /// evaluated here rather than where they were written.
        exprs: Vec<BoundExpr>,
    },
    /// `not`: passes a token when the sub-chain has no match for it.
    Not(Vec<NodeSpec>),
    /// `exists`: passes a token (once) when the sub-chain has a match for it.
    Exists(Vec<NodeSpec>),
    /// `test`: passes a token when the expression is not FALSE.
    Test(BoundExpr),
}

/// One disjunct of a rule: a chain of nodes and where the actions' variables are.
#[derive(Debug, Clone)]
pub struct Disjunct {
    /// The nodes, level 1 first.
    pub nodes: Vec<NodeSpec>,
    /// RHS frame slot `i` is filled from `rhs_frame[i]` (the rest start as nil).
    pub rhs_frame: Vec<VarSource>,
    /// The RHS frame's scope (LHS variables first).
    pub rhs_scope: Scope,
    /// The level up to which CEs are inside `(logical ...)`, if any.
    pub logical_level: Option<u16>,
    /// The number of tests in the LHS (for the simplicity and complexity strategies).
    pub specificity: u32,
    /// The fact-address variables bound to patterns of deftemplates (not ordered
    /// facts), with their templates: the actions' `modify` and `duplicate` of
    /// them are checked against the template.
    pub fact_templates: Vec<(Atom, TemplateId)>,
}

type Res<T> = Result<T, Diagnostic>;

/// Compiles rule LHSs.
pub struct LhsCompiler<'a> {
    program: &'a mut Program,
    commands: &'a dyn CommandTable,
    /// The variables bound so far in the chain being compiled (hashed with Fx, as
    /// a scope's are).
    vars: IndexMap<Atom, VarSource, FxBuildHasher>,
    /// Those of `vars` that hold a sequence of fields (bound as `$?x`): a pattern
    /// may not use one of them as `?x`, nor another as `$?x` (CLIPS's ANALYSIS3).
    multi_vars: FxHashSet<Atom>,
    /// The deftemplate of each fact-address variable bound to a deftemplate's
    /// pattern (see [`Disjunct::fact_templates`]).
    fact_templates: FxHashMap<Atom, TemplateId>,
    /// The level of the node being compiled.
    level: u16,
    specificity: u32,
}

impl<'a> LhsCompiler<'a> {
    /// A compiler over `program`.
    pub fn new(program: &'a mut Program, commands: &'a dyn CommandTable) -> Self {
        LhsCompiler {
            program,
            commands,
            vars: IndexMap::default(),
            multi_vars: FxHashSet::default(),
            fact_templates: FxHashMap::default(),
            level: 0,
            specificity: 0,
        }
    }

    /// Compiles a rule's LHS into its disjuncts.
    pub fn compile(&mut self, lhs: &[Ce]) -> Res<Vec<Disjunct>> {
        let all: Vec<&Ce> = lhs.iter().collect();
        let mut disjuncts = Vec::new();
        for conjunction in expand_or(&all, None)? {
            let logical_len = logical_prefix(&conjunction)?;
            self.vars.clear();
            self.multi_vars.clear();
            self.fact_templates.clear();
            self.level = 0;
            self.specificity = 0;
            // A node per CE at most (a `test` may join an earlier one): room for
            // that, where pushing made room for four, then eight.
            let mut nodes = Vec::with_capacity(conjunction.len());
            let mut logical_level = None;
            for (i, (ce, _)) in conjunction.iter().enumerate() {
                self.ce(ce, &mut nodes)?;
                if i + 1 == logical_len {
                    logical_level = Some(self.level);
                }
            }
            let mut rhs_scope = Scope::for_body(RHS_OF_DEFRULE);
            let mut rhs_frame = Vec::with_capacity(self.vars.len());
            for (name, source) in &self.vars {
                rhs_scope.slot(*name);
                rhs_frame.push(*source);
            }
            // Those bound inside a `not` or `exists` are out of the actions' reach.
            let fact_templates = (self.fact_templates.iter())
                .filter(|(name, _)| self.vars.contains_key(*name))
                .map(|(name, template)| (*name, *template))
                .collect();
            disjuncts.push(Disjunct {
                nodes,
                rhs_frame,
                rhs_scope,
                logical_level,
                specificity: self.specificity,
                fact_templates,
            });
        }
        Ok(disjuncts)
    }

    fn ce(&mut self, ce: &Ce, out: &mut Vec<NodeSpec>) -> Res<()> {
        match ce {
            Ce::Pattern(p) => {
                let node = self.pattern(p)?;
                out.push(node);
            }
            Ce::Test(expr, _) => {
                self.specificity += 1 + count_calls(expr);
                let (bound, _) = self.bound_expr(expr, None)?;
                // Evaluate the test as soon as its variables are bound: in the join of
                // the pattern that binds the last of them.
                let needed = bound.frame.iter().map(|s| match s {
                    VarSource::Token { level, .. } | VarSource::Fact(level) => *level,
                    _ => 0,
                });
                let needed = needed.max().unwrap_or(0);
                let base = self.level - out.len() as u16;
                let at = needed.max(base + 1);
                match out.get_mut((at - base).saturating_sub(1) as usize) {
                    Some(NodeSpec::Join { exprs, .. }) if at <= self.level => {
                        let frame = bound
                            .frame
                            .iter()
                            .map(|s| match *s {
                                VarSource::Token { level, capture } if level == at => {
                                    VarSource::Capture(capture)
                                }
                                VarSource::Fact(level) if level == at => VarSource::MatchFact,
                                other => other,
                            })
                            .collect();
                        exprs.push(BoundExpr::new(bound.expr, frame));
                    }
                    _ => {
                        self.level += 1;
                        out.push(NodeSpec::Test(bound));
                    }
                }
            }
            Ce::And(items, _) => {
                for item in items {
                    self.ce(item, out)?;
                }
            }
            // (not (or A B)) is (not A) (not B).
            // (not (or A B)) is (not A) (not B), once the `or`s inside are
            // distributed over the `and`s, as CLIPS does.
            Ce::Not(inner, span) => match alternatives(std::slice::from_ref(inner))? {
                Some(alternatives) => {
                    for alternative in alternatives {
                        let not = Ce::Not(Box::new(Ce::And(alternative, *span)), *span);
                        self.ce(&not, out)?;
                    }
                }
                None => {
                    let sub = self.sub_chain(std::slice::from_ref(inner))?;
                    out.push(NodeSpec::Not(sub));
                }
            },
            // (exists (or A B)) is (not (and (not A) (not B))).
            Ce::Exists(items, span) if alternatives(items)?.is_some() => {
                let nots = (alternatives(items)?.into_iter().flatten())
                    .map(|alternative| Ce::Not(Box::new(Ce::And(alternative, *span)), *span))
                    .collect();
                self.ce(&Ce::Not(Box::new(Ce::And(nots, *span)), *span), out)?;
            }
            Ce::Exists(items, _) => {
                let sub = self.sub_chain(items)?;
                out.push(NodeSpec::Exists(sub));
            }
            Ce::Forall(items, span) => {
                // (forall A B...) is (not (and A (not (and B...)))).
                let (first, rest) = items.split_first().ok_or_else(|| {
                    Diagnostic::new(*span, "forall needs conditional elements")
                        .with_label("expected (forall condition requirement...)")
                })?;
                let inner = Ce::Not(Box::new(Ce::And(rest.to_vec(), *span)), *span);
                let rewritten =
                    Ce::Not(Box::new(Ce::And(vec![first.clone(), inner], *span)), *span);
                self.ce(&rewritten, out)?;
            }
            // An `or` is distributed away (see `alternatives`) unless a `logical`
            // is nested with it.
            Ce::Or(_, span) | Ce::Logical(_, span) => return Err(nested_logical(*span)),
        }
        Ok(())
    }

    /// Compiles the CEs of a `not` or `exists` as a chain hanging off the current
    /// level; variables bound inside stay inside.
    fn sub_chain(&mut self, items: &[Ce]) -> Res<Vec<NodeSpec>> {
        let saved_vars = self.vars.clone();
        let saved_multi = self.multi_vars.clone();
        let saved_level = self.level;
        let mut sub = Vec::with_capacity(items.len());
        for item in items {
            self.ce(item, &mut sub)?;
        }
        self.vars = saved_vars;
        self.multi_vars = saved_multi;
        self.level = saved_level + 1;
        Ok(sub)
    }

    fn pattern(&mut self, p: &Pattern) -> Res<NodeSpec> {
        if p.relation.name.as_str() == "initial-fact" {
            self.program.initial_fact = true;
        }
        self.level += 1;
        let level = self.level;
        let object = p.relation.name.as_str() == "object";
        let template = match object {
            true => object::OBJECT_TEMPLATE,
            false => self.pattern_template(p)?,
        };
        let mut pc = PatternCompiler {
            level,
            slots: Vec::new(),
            captures: 0,
            alpha_tests: Vec::new(),
            eq: Vec::new(),
            join_tests: Vec::new(),
        };
        if let Some(binding) = &p.binding {
            if self.vars.contains_key(&binding.name) {
                return Err(Diagnostic::new(
                    binding.span,
                    format!("variable `?{}` is already bound", binding.name),
                )
                .with_label("a pattern's fact-address variable must be new"));
            }
            self.vars.insert(binding.name, VarSource::Fact(level));
        }
        if object {
            self.object_pattern(p, &mut pc)?;
            return Ok(self.pattern_spec(template, pc));
        }
        let implied = self.program.template(template).implied;
        if let Some(binding) = p.binding.as_ref().filter(|_| !implied) {
            self.fact_templates.insert(binding.name, template);
        }
        match &p.body {
            PatternBody::Ordered(fields) => {
                if !implied {
                    if let Some(first) = fields.first() {
                        let t = self.program.template(template);
                        return Err(Diagnostic::new(
                            first.span,
                            format!(
                                "`{}` is a deftemplate: give slot values as (slot value)",
                                t.name
                            ),
                        )
                        .with_label(format!(
                            "expected (slot constraint) with a slot of: {}",
                            t.slot_names()
                        )));
                    }
                }
                if implied {
                    self.multislot(&mut pc, 0, fields)?;
                }
            }
            PatternBody::Slots(slots) => {
                // Slots in template order, as CLIPS orders them: patterns that list the
                // same slots differently are the same pattern.
                let written = slots;
                let mut slots: Vec<&SlotConstraint> = slots.iter().collect();
                let template_ref = self.program.template(template);
                slots.sort_by_key(|s| template_ref.slot_index(s.slot.name).unwrap_or(usize::MAX));
                // Each field's capture, in template order; its constraint is compiled
                // once every field has one.
                let mut captured: Vec<(&Constraint, u16)> = Vec::new();
                if implied {
                    let at = slots.first().map_or(p.span, |s| s.span);
                    // CLIPS reads an ordered pattern and stops at the first list's `(`.
                    return Err(Diagnostic::new(at, format!("`{}` is not a deftemplate", p.relation.name))
                        .with_label("ordered facts hold fields, not (slot value) lists; define the template first")
                        .with_clips(messages::prntutil::prntutil2("defrule"))
                        .read_to(at.start + 1));
                }
                for sc in slots {
                    let t = self.program.template(template);
                    let Some(index) = t.slot_index(sc.slot.name) else {
                        return Err(Diagnostic::new(
                            sc.slot.span,
                            format!("unknown slot `{}` in template `{}`", sc.slot.name, t.name),
                        )
                        .with_label(format!("expected one of: {}", t.slot_names()))
                        .with_clips(crate::messages::templates::tmpltdef1(
                            sc.slot.name.as_str(),
                            t.name.as_str(),
                            true,
                        ))
                        .read_to(sc.slot.span.end));
                    };
                    if t.slots[index].multi {
                        captured.extend(multislot_captures(&mut pc, index, &sc.fields));
                    } else {
                        // CLIPS reads a single slot's constraint and the token after it.
                        let read_to = match sc.fields.get(1) {
                            Some(next) => first_token_end(next),
                            None => sc.span.end,
                        };
                        if sc.fields.first().is_some_and(is_multi_constraint) {
                            return Err(Diagnostic::new(
                                sc.fields[0].span,
                                format!(
                                    "single-field slot `{}` cannot hold a multifield variable",
                                    sc.slot.name
                                ),
                            )
                            .with_label("use ?var instead of $?var")
                            .with_clips(messages::templates::tmpltdef2(sc.slot.name.as_str()))
                            .read_to(read_to));
                        }
                        let [field] = sc.fields.as_slice() else {
                            return Err(Diagnostic::new(
                                sc.span,
                                format!(
                                    "single-field slot `{}` takes one constraint",
                                    sc.slot.name
                                ),
                            )
                            .with_label("use a multislot to match several fields")
                            .with_clips(messages::prntutil::prntutil2(
                                messages::templates::DEFTEMPLATE_PATTERNS,
                            ))
                            .read_to(read_to));
                        };
                        let capture = pc.new_capture();
                        pc.slots.push(SlotMatch::Single {
                            slot: index as u32,
                            capture,
                        });
                        captured.push((field, capture));
                    }
                }
                self.bind_as_written(&pc, written, &captured);
                for (field, capture) in captured {
                    self.field_constraint(&mut pc, field, capture)?;
                }
            }
        }
        Ok(self.pattern_spec(template, pc))
    }

    /// The join of a compiled pattern of `template`, its specificity counted.
    fn pattern_spec(&mut self, template: TemplateId, pc: PatternCompiler) -> NodeSpec {
        self.specificity += (pc.alpha_tests.len() + pc.eq.len() + pc.join_tests.len()) as u32 + 1;
        NodeSpec::Join {
            alpha: Rc::new(AlphaPattern {
                template,
                slots: pc.slots.into(),
                captures: pc.captures,
                tests: pc.alpha_tests.into(),
            }),
            eq: pc.eq,
            tests: pc.join_tests,
            exprs: Vec::new(),
        }
    }

    fn pattern_template(&mut self, p: &Pattern) -> Res<TemplateId> {
        let name = p.relation.name;
        match name.as_str() {
            "test" | "not" | "and" | "or" | "exists" | "forall" | "logical" => {
                return Err(Diagnostic::new(
                    p.relation.span,
                    format!("`{name}` cannot be bound to a variable"),
                )
                .with_label("only patterns can be bound with <-"))
            }
            _ => {}
        }
        self.program
            .template_named(name)
            .map_err(|e| e.at(p.relation.span))
    }

    fn multislot(
        &mut self,
        pc: &mut PatternCompiler,
        slot: usize,
        fields: &[Constraint],
    ) -> Res<()> {
        for (field, capture) in multislot_captures(pc, slot, fields) {
            self.field_constraint(pc, field, capture)?;
        }
        Ok(())
    }

    /// Binds the variables that name the fields of a deftemplate pattern (`written`,
    /// its slots as written; `captured`, each field's capture) in the order they
    /// are written, as CLIPS reads them: `(y ?a) (x ~?a)` is fine whatever the
    /// order of the template's slots. A variable bound before the pattern is left
    /// to [`Self::field_constraint`], which tests the field against it.
    fn bind_as_written(
        &mut self,
        pc: &PatternCompiler,
        written: &[SlotConstraint],
        captured: &[(&Constraint, u16)],
    ) {
        for field in written.iter().flat_map(|sc| &sc.fields) {
            let Some((name, multi, _)) = binding_variable(field) else {
                continue;
            };
            let capture = captured.iter().find(|(c, _)| std::ptr::eq(*c, field));
            let (Some((_, capture)), None) = (capture, self.vars.get(&name)) else {
                continue;
            };
            if multi {
                self.multi_vars.insert(name);
            }
            self.vars
                .insert(name, VarSource::Capture(*capture).at_level(pc.level));
        }
    }

    /// Turns one field's constraint into bindings and tests on `capture`.
    fn field_constraint(
        &mut self,
        pc: &mut PatternCompiler,
        c: &Constraint,
        capture: u16,
    ) -> Res<()> {
        // A variable leading the constraint, unless `|` follows it at once, names the
        // field (whichever alternative matches) or, if already bound, requires the
        // field to equal it, besides the alternatives (CLIPS's binding variable:
        // `?x&1|2` with `?x` bound holds for a field equal to `?x` that is 1 or 2).
        // Either way it is then no term of the group (`skip` is 1). Followed by
        // `|`, it is an alternative like any other (and must be bound already).
        let mut skip = 0;
        if let Some((name, multi, span)) = binding_variable(c) {
            match self.vars.get(&name).copied() {
                None => {
                    self.vars
                        .insert(name, VarSource::Capture(capture).at_level(pc.level));
                    if multi {
                        self.multi_vars.insert(name);
                    }
                    skip = 1;
                }
                Some(_) if self.multi_vars.contains(&name) != multi => {
                    return Err(mixed_variable(name, span));
                }
                Some(VarSource::Fact(level)) if level == pc.level => {
                    return Err(Diagnostic::new(
                        span,
                        format!("`?{name}` is this pattern's fact address"),
                    )
                    .with_label("a pattern cannot test its own fact-address variable"));
                }
                Some(source) => {
                    skip = 1;
                    match source {
                        // The field's own name, bound where the pattern is written.
                        VarSource::Token {
                            level,
                            capture: other,
                        } if level == pc.level && other == capture => {}
                        VarSource::Token {
                            level,
                            capture: other,
                        } if level == pc.level => {
                            pc.alpha_tests.push(FieldTest::single(
                                capture,
                                Alt {
                                    negated: false,
                                    kind: AltKind::Var(VarSource::Capture(other)),
                                },
                            ));
                        }
                        VarSource::Token { .. } => pc.eq.push((source, capture)),
                        _ => pc.join_tests.push(FieldTest::single(
                            capture,
                            Alt {
                                negated: false,
                                kind: AltKind::Var(source),
                            },
                        )),
                    }
                }
            }
        }
        let groups = || {
            (c.any.iter().enumerate()).map(move |(i, g)| if i == 0 { &g[skip..] } else { &g[..] })
        };
        if groups().any(|g| g.is_empty()) {
            // An alternative with no terms left always holds.
            return Ok(());
        }
        let mut compiled = Vec::with_capacity(c.any.len());
        let mut is_join = false;
        for group in groups() {
            let mut alts = Vec::with_capacity(group.len());
            for term in group {
                if let Some(alt) = self.alt(pc, term, &mut is_join)? {
                    alts.push(alt);
                }
            }
            compiled.push(alts);
        }
        if compiled.iter().any(|g| g.is_empty()) {
            return Ok(());
        }
        // A single conjunction becomes one test per term, so each lands where it can
        // be evaluated earliest (alpha or join).
        if compiled.len() == 1 {
            for alt in compiled.remove(0) {
                let mut join = false;
                mark_join(&alt, pc.level, &mut join);
                let test = FieldTest::single(capture, alt);
                if join {
                    pc.join_tests.push(test)
                } else {
                    pc.alpha_tests.push(test)
                }
            }
            return Ok(());
        }
        let test = FieldTest::any_of(capture, compiled);
        if is_join {
            pc.join_tests.push(test);
        } else {
            pc.alpha_tests.push(test);
        }
        Ok(())
    }

    /// Compiles one term; `None` for a wildcard (which tests nothing).
    fn alt(&mut self, pc: &PatternCompiler, term: &Term, is_join: &mut bool) -> Res<Option<Alt>> {
        let kind = match &term.kind {
            TermKind::Literal(v) => AltKind::Const(v.clone()),
            TermKind::Var(name) | TermKind::MfVar(name) => {
                let Some(source) = self.vars.get(name).copied() else {
                    return Err(Diagnostic::new(
                        term.span,
                        format!("variable `?{name}` is used before it is bound"),
                    )
                    .with_label(
                        "bind it earlier in the LHS, or at the start of the field's constraint",
                    ));
                };
                if self.multi_vars.contains(name) != matches!(term.kind, TermKind::MfVar(_)) {
                    return Err(mixed_variable(*name, term.span));
                }
                AltKind::Var(self.localize(source, pc.level, is_join))
            }
            TermKind::Wildcard | TermKind::MfWildcard => return Ok(None),
            TermKind::Predicate(expr) => {
                let (bound, join) = self.bound_expr(expr, Some(pc.level))?;
                *is_join |= join;
                AltKind::Pred(Box::new(bound))
            }
            TermKind::ReturnValue(expr) => {
                let (bound, join) = self.bound_expr(expr, Some(pc.level))?;
                *is_join |= join;
                AltKind::RetVal(Box::new(bound))
            }
        };
        Ok(Some(Alt {
            negated: term.negated,
            kind,
        }))
    }

    /// Rewrites a source at the current pattern's level as a capture; notes whether
    /// the test needs the token (a join test) or only the fact (an alpha test).
    fn localize(&self, source: VarSource, level: u16, is_join: &mut bool) -> VarSource {
        match source {
            VarSource::Token { level: l, capture } if l == level => VarSource::Capture(capture),
            other => {
                *is_join = true;
                other
            }
        }
    }

    /// Compiles an expression whose variables come from the LHS. For a predicate in
    /// a pattern, `local_level` is that pattern's level: its variables become
    /// captures, and the returned flag tells whether any variable lives in the token
    /// (making the predicate a join test rather than an alpha test).
    fn bound_expr(&mut self, expr: &Expr, local_level: Option<u16>) -> Res<(BoundExpr, bool)> {
        let mut scope = Scope::default();
        let mut frame = Vec::new();
        let mut refs = Vec::new();
        collect_vars(expr, &mut refs);
        let mut is_join = false;
        for (name, span) in refs {
            if scope.get(name).is_some() {
                continue;
            }
            let Some(source) = self.vars.get(&name).copied() else {
                return Err(
                    Diagnostic::new(span, format!("undefined variable `?{name}`"))
                        .with_label("a variable in a test must be bound by an earlier pattern"),
                );
            };
            let source = match local_level {
                Some(level) => self.localize(source, level, &mut is_join),
                None => source,
            };
            scope.slot(name);
            frame.push(source);
        }
        let expr = ExprCompiler::new(self.program, self.commands, scope).compile(expr)?;
        Ok((BoundExpr::new(expr, frame), is_join))
    }
}

/// The error for variable `name` used at `span` as the other kind of variable
/// (single-field or multifield) than the one it was bound as.
fn mixed_variable(name: Atom, span: Span) -> Diagnostic {
    Diagnostic::new(
        span,
        format!("variable `{name}` is used both as a single-field and as a multifield variable"),
    )
    .with_label("`?x` holds one field and `$?x` a sequence: give them different names")
}

/// Notes whether an alternative reads the token (making it a join test).
fn mark_join(alt: &Alt, _level: u16, join: &mut bool) {
    let token = |s: &VarSource| !matches!(s, VarSource::Capture(_));
    *join |= match &alt.kind {
        AltKind::Const(_) => false,
        AltKind::Var(s) => token(s),
        AltKind::Pred(b) | AltKind::RetVal(b) => b.frame.iter().any(token),
    };
}

impl VarSource {
    fn at_level(self, level: u16) -> VarSource {
        match self {
            VarSource::Capture(capture) => VarSource::Token { level, capture },
            other => other,
        }
    }
}

/// The state of one pattern being compiled: the parts of its [`AlphaPattern`] so
/// far, and its join's.
struct PatternCompiler {
    level: u16,
    slots: Vec<SlotMatch>,
    captures: u16,
    alpha_tests: Vec<FieldTest>,
    eq: Vec<(VarSource, u16)>,
    join_tests: Vec<FieldTest>,
}

impl PatternCompiler {
    fn new_capture(&mut self) -> u16 {
        self.captures += 1;
        self.captures - 1
    }
}

/// Adds the match of multislot `slot` with `fields` to the pattern, giving each
/// field that is read a capture: the fields and their captures.
fn multislot_captures<'c>(
    pc: &mut PatternCompiler,
    slot: usize,
    fields: &'c [Constraint],
) -> Vec<(&'c Constraint, u16)> {
    let mut specs = ThinVec::with_capacity(fields.len());
    let mut captured = Vec::new();
    for field in fields {
        let multi = is_multi_constraint(field);
        // Every field is captured, wildcards too, so that patterns differing only
        // in variable names share one alpha memory; but a bare `$?` is not: nothing
        // reads it, and its capture was a new multifield (two allocations) for
        // every fact matched, a tenth of the churn benchmark.
        let capture = (!is_bare_multifield_wildcard(field)).then(|| pc.new_capture());
        specs.push(FieldSpec { multi, capture });
        if let Some(c) = capture {
            captured.push((field, c));
        }
    }
    pc.slots.push(SlotMatch::Multi {
        slot: slot as u32,
        fields: specs,
    });
    captured
}

/// The variable that leads constraint `c` and so names its field (`?x` in `?x&~a`,
/// not in `?x|a`), with whether it is a multifield variable and where it is.
fn binding_variable(c: &Constraint) -> Option<(Atom, bool, Span)> {
    let binding = c.any.first().filter(|g| g.len() > 1 || c.any.len() == 1)?;
    match binding.first()? {
        Term {
            negated: false,
            kind: kind @ (TermKind::Var(name) | TermKind::MfVar(name)),
            span,
        } => Some((*name, matches!(kind, TermKind::MfVar(_)), *span)),
        _ => None,
    }
}

/// The offset just past the first token of constraint `c`: a `~`, the `:` or `=`
/// before a call, or the first term.
fn first_token_end(c: &Constraint) -> usize {
    match c.any.first().and_then(|g| g.first()) {
        Some(Term {
            negated: true,
            span,
            ..
        })
        | Some(Term {
            kind: TermKind::Predicate(_) | TermKind::ReturnValue(_),
            span,
            ..
        }) => span.start + 1,
        Some(term) => term.span.end,
        None => c.span.end,
    }
}

/// Whether `c` is `$?` and nothing else.
fn is_bare_multifield_wildcard(c: &Constraint) -> bool {
    matches!(
        &c.any[..],
        [group] if matches!(&group[..], [Term { negated: false, kind: TermKind::MfWildcard, .. }])
    )
}

/// Whether `c` matches a sequence of fields: as in CLIPS, when its first term is a
/// multifield variable or wildcard, negated or not (`~$?x` is a sequence other than
/// `$?x`'s).
fn is_multi_constraint(c: &Constraint) -> bool {
    c.any
        .first()
        .and_then(|g| g.first())
        .is_some_and(|t| matches!(t.kind, TermKind::MfVar(_) | TermKind::MfWildcard))
}

fn collect_vars(expr: &Expr, out: &mut Vec<(Atom, Span)>) {
    match expr {
        Expr::Var(id) | Expr::MfVar(id) => out.push((id.name, id.span)),
        Expr::Call(c) => c.args.iter().for_each(|a| collect_vars(a, out)),
        Expr::List(items, _) => items.iter().for_each(|a| collect_vars(a, out)),
        Expr::Const(..) | Expr::Global(_) => {}
    }
}

fn count_calls(expr: &Expr) -> u32 {
    match expr {
        Expr::Call(c) => 1 + c.args.iter().map(count_calls).sum::<u32>(),
        _ => 0,
    }
}

/// One disjunct of a rule before it is compiled: its CEs in order, each with the
/// span of the `(logical ...)` it is inside, if any.
type Conjunction<'a> = Vec<(&'a Ce, Option<Span>)>;

/// Expands `or` CEs into disjuncts (each a plain conjunction of the CEs, borrowed),
/// flattening `and` and `logical` and marking the CEs inside `logical` (all of
/// `ces` when `logical` is given), as CLIPS does before it checks where the
/// logical CEs are.
fn expand_or<'a>(ces: &[&'a Ce], logical: Option<Span>) -> Res<Vec<Conjunction<'a>>> {
    let mut results: Vec<Conjunction<'a>> = vec![Vec::with_capacity(ces.len())];
    for &ce in ces {
        let options: Vec<Conjunction<'a>> = match ce {
            Ce::Or(items, _) => {
                let mut opts = Vec::new();
                for item in items {
                    opts.extend(expand_or(&[item], logical)?);
                }
                opts
            }
            Ce::And(items, _) => {
                let items: Vec<&Ce> = items.iter().collect();
                expand_or(&items, logical)?
            }
            Ce::Logical(items, span) => {
                let items: Vec<&Ce> = items.iter().collect();
                expand_or(&items, logical.or(Some(*span)))?
            }
            other => {
                // One option (the common case): appended to each disjunct in place,
                // not by copying every disjunct (which made a rule's n CEs cost n²/2
                // copies of a CE).
                for conj in &mut results {
                    conj.push((other, logical));
                }
                continue;
            }
        };
        let mut next = Vec::with_capacity(results.len() * options.len());
        if let Some((last, others)) = options.split_last() {
            for prefix in results {
                // Every option but the last extends a copy; the last takes the prefix.
                for option in others {
                    let mut conj = prefix.clone();
                    conj.extend_from_slice(option);
                    next.push(conj);
                }
                let mut conj = prefix;
                conj.extend_from_slice(last);
                next.push(conj);
            }
        }
        results = next;
        if results.len() > 4096 {
            return Err(Diagnostic::new(ce.span(), "too many `or` combinations")
                .with_label("this rule expands to more than 4096 disjuncts"));
        }
    }
    Ok(results)
}

/// The error for a `logical` inside another CE than `or` and `and` at the top.
fn nested_logical(span: Span) -> Diagnostic {
    Diagnostic::new(span, "logical CEs cannot be nested")
        .with_label("use (logical ...) only at the top of the LHS")
}

/// The alternatives of the conjunction `items` when an `or` among them (or in an
/// `and` among them) makes several, each a conjunction, as CLIPS distributes the
/// `or` over the `and`; `None` when there is one (and when a `logical` among them
/// is an error to report).
fn alternatives(items: &[Ce]) -> Res<Option<Vec<Vec<Ce>>>> {
    fn reached(ce: &Ce, what: &dyn Fn(&Ce) -> bool) -> bool {
        what(ce) || matches!(ce, Ce::And(items, _) if items.iter().any(|ce| reached(ce, what)))
    }
    let is_or = |ce: &Ce| matches!(ce, Ce::Or(..));
    let is_logical = |ce: &Ce| matches!(ce, Ce::Logical(..));
    if !items.iter().any(|ce| reached(ce, &is_or))
        || items.iter().any(|ce| reached(ce, &is_logical))
    {
        return Ok(None);
    }
    let items: Vec<&Ce> = items.iter().collect();
    let conjunctions = expand_or(&items, None)?;
    Ok(Some(
        (conjunctions.into_iter())
            .map(|conjunction| conjunction.into_iter().map(|(ce, _)| ce.clone()).collect())
            .collect(),
    ))
}

/// How many CEs of a disjunct are inside `logical`: they must come first, with no
/// other CE between them (CLIPS's RULEPSR1 and RULEPSR2).
fn logical_prefix(conjunction: &Conjunction<'_>) -> Res<usize> {
    let len = conjunction.iter().take_while(|(_, l)| l.is_some()).count();
    let misplaced = conjunction.iter().skip(len).find_map(|(_, l)| *l);
    match misplaced {
        None => Ok(len),
        Some(span) if len == 0 => Err(Diagnostic::new(
            span,
            "`logical` conditional elements must come first in a rule",
        )
        .with_label("move it before every conditional element that is not `logical`")
        .with_clips(messages::rulepsr::rulepsr1())),
        Some(span) => Err(Diagnostic::new(
            span,
            "`logical` conditional elements must not be separated by others",
        )
        .with_label("move it next to the other `logical` conditional elements")
        .with_clips(messages::rulepsr::rulepsr2())),
    }
}

/// Where a capture's value comes from in the fact: slot, field position within the
/// slot (0 for a single-field slot), and whether it is a multifield segment.
fn capture_locations(pattern: &AlphaPattern) -> Vec<(usize, usize, bool)> {
    let mut at = vec![(0, 0, false); pattern.captures as usize];
    for slot_match in &pattern.slots {
        match slot_match {
            SlotMatch::Single { slot, capture } => {
                at[*capture as usize] = (*slot as usize, 0, false)
            }
            SlotMatch::Multi { slot, fields } => {
                for (i, f) in fields.iter().enumerate() {
                    if let Some(c) = f.capture {
                        at[c as usize] = (*slot as usize, i, f.multi);
                    }
                }
            }
        }
    }
    at
}

impl AlphaPattern {
    /// Where `capture` is read from: its template slot and its position in a
    /// multislot (0 for a single-field slot).
    pub fn capture_place(&self, capture: u16) -> (usize, usize) {
        capture_locations(self)
            .get(capture as usize)
            .map_or((0, 0), |&(slot, field, _)| (slot, field))
    }

    /// The chain of CLIPS pattern-network nodes this pattern would build, as keys
    /// (equal keys mean a shared node). CLIPS orders the activations of one fact by
    /// walking that network, so the matcher reproduces its shape for ordering; see
    /// `docs/clips-activation-order.md`. Slots go in template order; a slot or field
    /// without tests gets no node, except that a multislot's first field carries its
    /// length check; a positive constant becomes a selector node and a constant child;
    /// a pattern without tests ends at a node shared by all such patterns.
    ///
    /// A key is a 64-bit fingerprint of what its node tests (SipHash; a collision,
    /// about one in 10^19 for two keys, would merge two nodes and so change only the
    /// order of activations). Keys were the tests' `Debug` text, with captures renamed
    /// by location: a tenth of the time a rule set took to load.
    pub fn clips_node_path(&self) -> Vec<u64> {
        if self.template == object::OBJECT_TEMPLATE {
            return self.object_node_path();
        }
        let at = capture_locations(self);
        let mut by_slot: Vec<(usize, Option<&[FieldSpec]>)> = self
            .slots
            .iter()
            .map(|s| match s {
                SlotMatch::Single { .. } => (s.slot(), None),
                SlotMatch::Multi { fields, .. } => (s.slot(), Some(fields.as_slice())),
            })
            .collect();
        by_slot.sort_by_key(|(slot, _)| *slot);
        let mut path = Vec::new();
        for (slot, fields) in by_slot {
            // (field position, selector constant, other tests) for each restricted field.
            let mut restrictions: Vec<(usize, Option<&Value>, u64)> = Vec::new();
            let field_count = fields.map_or(1, |f| f.len());
            for field in 0..field_count {
                let mut constant = None;
                let mut others = DefaultHasher::new();
                let mut any_other = false;
                for test in &self.tests {
                    let (s, f, _) = at[test.capture as usize];
                    if s != slot || f != field {
                        continue;
                    }
                    match test.only_term() {
                        Some(Alt {
                            negated: false,
                            kind: AltKind::Const(v),
                        }) if constant.is_none() => constant = Some(v),
                        _ => {
                            any_other = true;
                            hash_located(test, &at, &mut others);
                        }
                    }
                }
                let needs_length = fields.is_some() && field == 0;
                if constant.is_some() || any_other || needs_length {
                    if needs_length {
                        let fields = fields.unwrap_or(&[]);
                        let singles = fields.iter().filter(|f| !f.multi).count();
                        ("length", fields.iter().any(|f| f.multi), singles).hash(&mut others);
                    }
                    restrictions.push((field, constant, others.finish()));
                }
            }
            if fields.is_some() && restrictions.is_empty() {
                restrictions.push((0, None, fingerprint(&"length only")));
            }
            let last = restrictions.len().saturating_sub(1);
            for (i, (field, constant, tests)) in restrictions.into_iter().enumerate() {
                let end = fields.is_some() && i == last;
                let multi = fields.is_some_and(|f| f.get(field).is_some_and(|x| x.multi));
                match constant {
                    Some(value) => {
                        path.push(fingerprint(&("selector", multi, slot, field, end, tests)));
                        path.push(fingerprint(&("constant", value)));
                    }
                    None => path.push(fingerprint(&("tests", multi, slot, field, end, tests))),
                }
            }
        }
        if path.is_empty() {
            path.push(fingerprint(&"no tests"));
        }
        path
    }

    /// [`AlphaPattern::clips_node_path`] of an object pattern, as CLIPS's object
    /// pattern network holds it: a node per slot the pattern tests (the name
    /// first, then the slots in the layout's order), and last the class set,
    /// where the patterns of different classes part.
    fn object_node_path(&self) -> Vec<u64> {
        let at = capture_locations(self);
        let mut slots: Vec<&SlotMatch> = self.slots.iter().collect();
        slots.sort_by_key(|s| s.slot());
        let mut path = Vec::new();
        let mut classes = 0;
        for slot in slots {
            let mut tests = DefaultHasher::new();
            let mut tested = false;
            if let SlotMatch::Multi { fields, .. } = slot {
                tested = !matches!(fields.as_slice(), [FieldSpec { multi: true, .. }]);
                fields
                    .iter()
                    .map(|f| f.multi)
                    .collect::<Vec<_>>()
                    .hash(&mut tests);
            }
            for test in (self.tests.iter()).filter(|t| at[t.capture as usize].0 == slot.slot()) {
                tested = true;
                at[test.capture as usize].1.hash(&mut tests);
                hash_located(test, &at, &mut tests);
            }
            match slot.slot() {
                object::IS_A_FIELD => classes = tests.finish(),
                index if tested => path.push(fingerprint(&("object slot", index, tests.finish()))),
                _ => {}
            }
        }
        path.push(fingerprint(&("classes", classes)));
        path
    }

    /// [`AlphaPattern::clips_node_path`] as seen by a join that hashes this
    /// pattern's matches on the `hashed` captures (the fields that equal a variable
    /// of an earlier pattern). CLIPS keeps the reads of those fields (its
    /// `rightHash`) in the pattern's last node, and shares that node only between
    /// patterns hashed on the same fields: `(b ?x)` after `(a ?x)` and `(b ?y)`
    /// after `(a ?x)` end at two nodes, which it walks in turn.
    pub fn clips_node_path_hashed(&self, hashed: &[u16]) -> Vec<u64> {
        let mut path = self.clips_node_path();
        if hashed.is_empty() {
            return path;
        }
        let at = capture_locations(self);
        let mut fields: Vec<(usize, usize)> = (hashed.iter())
            .filter_map(|c| at.get(*c as usize).map(|&(slot, field, _)| (slot, field)))
            .collect();
        fields.sort_unstable();
        fields.dedup();
        if let Some(last) = path.last_mut() {
            *last = fingerprint(&(*last, "hashed on", fields));
        }
        path
    }
}

/// The fingerprint of `key`: SipHash with fixed keys.
fn fingerprint(key: &impl Hash) -> u64 {
    let mut state = DefaultHasher::new();
    key.hash(&mut state);
    state.finish()
}

/// Hashes a test's alternatives with each capture named by its location in the
/// fact (`at`) rather than by its number, which is particular to the pattern.
fn hash_located(test: &FieldTest, at: &[(usize, usize, bool)], state: &mut DefaultHasher) {
    let source = |source: &VarSource, state: &mut DefaultHasher| match source {
        VarSource::Capture(c) => ("at", at[*c as usize].0, at[*c as usize].1).hash(state),
        other => other.hash(state),
    };
    test.alternatives().count().hash(state);
    for group in test.alternatives() {
        group.len().hash(state);
        for alt in group {
            alt.negated.hash(state);
            match &alt.kind {
                AltKind::Const(v) => ("constant", v).hash(state),
                AltKind::Var(s) => {
                    "variable".hash(state);
                    source(s, state);
                }
                AltKind::Pred(bound) | AltKind::RetVal(bound) => {
                    matches!(alt.kind, AltKind::Pred(_)).hash(state);
                    bound.expr.hash(state);
                    bound.frame.len().hash(state);
                    for s in &bound.frame {
                        source(s, state);
                    }
                }
            }
        }
    }
}
