//! CLIPS's static constraint checking of a rule (rulecstr.c and the constraint
//! half of analysis.c), made after the variable analysis of each disjunct.
//!
//! Each field of a pattern starts from its slot's constraint record. What a
//! variable's occurrence allows flows on to its later occurrences (the rest of the
//! pattern, and the elements its binding reaches), narrowed by every field that
//! binds or tests it, by the argument types of the functions its expressions pass
//! it to, and by the constants, `~constants` and return values next to it. A field
//! that can hold no value is `[RULECSTR1]`, a variable passed to a function that
//! cannot take what the patterns bound it to `[RULECSTR2]` (`[RULECSTR3]` in the
//! actions), a constant outside its slot's constraints or a multislot's fields
//! beyond its cardinality `[CSTRNCHK1]`.

use super::analysis::{binding_var, fields, is_top, reach, show_call, Element, Node};
use super::cstr::{intersect, union, Record};
use super::expr::{resolve, Callee, CommandTable};
use super::template::Violation;
use super::Program;
use crate::functions::types::Types;
use crate::functions::Builtin;
use crate::messages::analysis::Place;
use crate::messages::constraints::cstrnchk1_pattern;
use crate::messages::rulecstr::{rulecstr1, rulecstr2, rulecstr3};
use crate::syntax::ast::{Call, Constraint, Expr, Pattern, PatternBody, Term, TermKind};
use crate::syntax::{Diagnostic, Span};
use crate::value::Atom;
use std::collections::HashMap;

/// What each variable is known to allow at a point of the rule.
type Known = HashMap<Atom, Record>;

/// Checks the constraints of one disjunct of a rule, laid out in `nodes`, and
/// of the rule's actions `rhs` as CLIPS does, returning CLIPS's first error.
pub(crate) fn check(
    nodes: &[Node],
    rhs: &[Expr],
    program: &Program,
    commands: &dyn CommandTable,
) -> Result<(), Diagnostic> {
    let mut walk = Walk {
        program,
        commands,
        nodes,
        seen: vec![Known::new(); nodes.len()],
        lhs_vars: Known::new(),
    };
    walk.run()?;
    walk.check_actions(rhs, &bind_constraints(rhs, program, commands))
}

/// The built-in a call calls, if it is one (deffunctions and commands carry no
/// argument types).
fn builtin(
    program: &Program,
    commands: &dyn CommandTable,
    call: &Call,
) -> Option<&'static Builtin> {
    match resolve(program, commands, call.name.name)? {
        (Callee::Builtin(b), ..) => Some(b),
        _ => None,
    }
}

/// Narrows what `name` allows in `known` by `record`.
fn narrow(known: &mut Known, name: Atom, record: &Record) {
    let narrowed = intersect(known.get(&name), Some(record));
    known.insert(name, narrowed);
}

/// A single-field variable met in an expression: the call it is an argument of,
/// its position there (from 1), and what it may be.
struct Occurrence<'e> {
    name: Atom,
    call: &'e Call,
    arg: usize,
    record: Option<Record>,
    span: Span,
}

/// One field of a pattern being checked, with where CLIPS says it is.
struct Field<'c> {
    constraint: &'c Constraint,
    place: Place<'c>,
    /// Its record before anything narrows it.
    initial: Option<Record>,
}

/// The checking of one disjunct.
struct Walk<'w, 'a> {
    program: &'w Program,
    commands: &'w dyn CommandTable,
    nodes: &'w [Node<'a>],
    /// For each element, what the bindings before it that reach it allow.
    seen: Vec<Known>,
    /// What the last top-level binding of each variable allows (what the actions see).
    lhs_vars: Known,
}

impl<'w, 'a> Walk<'w, 'a> {
    fn run(&mut self) -> Result<(), Diagnostic> {
        for i in 0..self.nodes.len() {
            let which = self.nodes[i].which;
            match self.nodes[i].ce {
                Element::Pattern(p) => self.pattern(i, which, p)?,
                Element::Test(expr) => {
                    let known = self.seen[i].clone();
                    self.check_expression(expr, &known, which, Place::Whole)?;
                    let derived = self.expression_vars(expr, &known);
                    self.spread(i, None, &derived);
                }
            }
        }
        Ok(())
    }

    /// Passes what `derived` says of its variables on to the elements element
    /// `i` reaches (and to the rest of its pattern, `local`).
    fn spread(
        &mut self,
        i: usize,
        mut local: Option<&mut Known>,
        derived: &HashMap<Atom, Option<Record>>,
    ) {
        for (name, record) in derived {
            let Some(record) = record else { continue };
            if let Some(local) = local.as_deref_mut() {
                narrow(local, *name, record);
            }
            for j in reach(self.nodes, i) {
                narrow(&mut self.seen[j], *name, record);
            }
        }
    }

    fn pattern(&mut self, i: usize, which: usize, p: &Pattern) -> Result<(), Diagnostic> {
        let top = is_top(&self.nodes[i]);
        let mut local = self.seen[i].clone();
        if let Some(f) = &p.binding {
            let record = Record::fact_address();
            self.spread(
                i,
                Some(&mut local),
                &HashMap::from([(f.name, Some(record.clone()))]),
            );
            if top {
                self.lhs_vars.insert(f.name, record);
            }
        }
        for (slot, fields) in self.slots(p) {
            let mut last = Vec::with_capacity(fields.len());
            for field in &fields {
                let record = self.field(i, which, field, &mut local)?;
                if let (true, Some((name, multi))) = (top, binding_var(field.constraint)) {
                    let seen = match (multi, &record) {
                        (true, _) => Record::multifield_only(),
                        (false, Some(r)) => r.clone(),
                        (false, None) => Record::default(),
                    };
                    self.lhs_vars.insert(name, seen);
                }
                last.push((is_multi(field.constraint), record));
            }
            if let (Some(slot), Some(field)) = (slot, fields.last()) {
                check_cardinality(&slot, &last, which, field)?;
            }
        }
        Ok(())
    }

    /// A pattern's fields, grouped by slot, with the slot's record for a multislot
    /// (a single-field slot's fields come alone, their record the slot's).
    fn slots<'p>(&self, p: &'p Pattern) -> Vec<(Option<Record>, Vec<Field<'p>>)> {
        let template = (self.program.template_id(p.relation.name))
            .map(|id| self.program.template(id))
            .filter(|t| !t.implied);
        match (&p.body, template) {
            (PatternBody::Ordered(_), None) => {
                let fields = fields(p).into_iter().map(|(place, constraint)| Field {
                    initial: binding_var(constraint)
                        .filter(|(_, multi)| !multi)
                        .map(|_| Record::default()),
                    constraint,
                    place,
                });
                vec![(None, fields.collect())]
            }
            (PatternBody::Slots(slots), Some(t)) => {
                let mut out = Vec::new();
                for sc in slots {
                    let Some(slot) = t.slot_index(sc.slot.name).map(|k| &t.slots[k]) else {
                        return Vec::new();
                    };
                    let record = Record::of_slot(&slot.constraint, slot.multi);
                    let place = Place::Slot(sc.slot.name.as_str());
                    if !slot.multi {
                        let fields = sc.fields.iter().map(|constraint| Field {
                            constraint,
                            place,
                            initial: Some(record.clone()),
                        });
                        out.push((None, fields.collect()));
                        continue;
                    }
                    let multis = sc.fields.iter().filter(|c| is_multi(c)).count();
                    let singles = sc.fields.len() - multis;
                    let field = record.for_field();
                    let fields: Vec<Field> = (sc.fields.iter())
                        .map(|constraint| Field {
                            constraint,
                            place,
                            initial: Some(if is_multi(constraint) {
                                Record::for_multifield(&record, field.clone(), singles, multis)
                            } else {
                                field.clone()
                            }),
                        })
                        .collect();
                    out.push((Some(record), fields));
                }
                out
            }
            _ => Vec::new(),
        }
    }

    /// Checks one field of pattern element `i` (CE `which`), `local` being what
    /// the variables allow there; returns what the field allows.
    fn field(
        &mut self,
        i: usize,
        which: usize,
        field: &Field,
        local: &mut Known,
    ) -> Result<Option<Record>, Diagnostic> {
        let c = field.constraint;
        let head = binding_var(c).map(|(name, _)| name);
        let mut record = field.initial.clone();
        if let Some(name) = head {
            if let Some(known) = local.get(&name) {
                record = Some(intersect(Some(known), record.as_ref()));
            }
        }
        let mut known = local.clone();
        if let (Some(name), Some(r)) = (head, &record) {
            known.insert(name, r.clone());
        }
        let groups = groups(c, head.is_some());
        let derived = self.derive(&groups, &known);
        self.spread(i, Some(local), &derived);
        for term in groups.iter().flat_map(|g| g.iter()) {
            match &term.kind {
                TermKind::Predicate(expr) | TermKind::ReturnValue(expr) => {
                    self.check_expression(expr, &known, which, field.place)?
                }
                TermKind::Literal(v) => {
                    if let Some(violation) = record.as_ref().and_then(|r| r.check(v)) {
                        let clips = cstrnchk1_pattern(false, which, field.place, &violation);
                        return Err(Diagnostic::new(
                            term.span,
                            "this constant breaks the slot's constraints",
                        )
                        .with_label(explain(&violation))
                        .with_clips(clips));
                    }
                }
                _ => {}
            }
        }
        if !groups.is_empty() {
            record = Some(self.connected(&groups, &known, record.as_ref()));
        }
        if record.as_ref().is_some_and(Record::unmatchable) {
            let clips = rulecstr1(head.map(|h| h.as_str()), which, field.place);
            return Err(Diagnostic::new(c.span, "no value can match this field")
                .with_label("its constraints conflict with the slot's or the variable's other uses")
                .with_clips(clips));
        }
        if let (Some(name), Some(r)) = (head, &record) {
            self.spread(i, Some(local), &HashMap::from([(name, Some(r.clone()))]));
        }
        Ok(record)
    }

    /// What the field's `|`-alternatives of `&`-terms allow, within `slot`.
    fn connected(&self, groups: &[&[Term]], known: &Known, slot: Option<&Record>) -> Record {
        let mut any: Option<Record> = None;
        for group in groups {
            let mut all: Option<Record> = None;
            for term in group.iter().filter(|t| !t.negated) {
                let record = match &term.kind {
                    TermKind::ReturnValue(expr) => match &**expr {
                        Expr::Call(call) => builtin(self.program, self.commands, call)
                            .map(|b| Record::of_types(Types::of_codes(b.returns))),
                        _ => None,
                    },
                    TermKind::Literal(v) => Some(Record::of_constant(v)),
                    TermKind::Var(name) | TermKind::MfVar(name) => known.get(name).cloned(),
                    _ => None,
                };
                if let Some(record) = record {
                    all = Some(intersect(all.as_ref(), Some(&record)));
                }
            }
            let mut all = intersect(all.as_ref(), slot);
            for term in group.iter().filter(|t| t.negated) {
                if let TermKind::Literal(v) = &term.kind {
                    all.remove_constant(v);
                }
            }
            any = Some(union(any.as_ref(), Some(&all)));
        }
        any.unwrap_or_default()
    }

    /// What the expressions of a field's alternatives require of their
    /// variables: within an alternative all of them, across alternatives what any
    /// of them allows (a variable missing from one is left free).
    fn derive(&self, groups: &[&[Term]], known: &Known) -> HashMap<Atom, Option<Record>> {
        let mut out: Option<HashMap<Atom, Option<Record>>> = None;
        for group in groups {
            let mut all = HashMap::new();
            for term in group.iter() {
                if let TermKind::Predicate(expr) | TermKind::ReturnValue(expr) = &term.kind {
                    merge(&mut all, self.expression_vars(expr, known));
                }
            }
            out = Some(match out {
                None => all,
                Some(prev) => (prev.into_iter())
                    .filter_map(|(name, r)| {
                        let other = all.get(&name)?;
                        Some((name, Some(union(r.as_ref(), other.as_ref()))))
                    })
                    .collect(),
            });
        }
        out.unwrap_or_default()
    }

    /// What `expr` requires of each single-field variable it passes to functions.
    fn expression_vars(&self, expr: &Expr, known: &Known) -> HashMap<Atom, Option<Record>> {
        let mut out = HashMap::new();
        let mut occurrences = Vec::new();
        self.occurrences(expr, known, &mut occurrences);
        merge(
            &mut out,
            occurrences.into_iter().map(|o| (o.name, o.record)),
        );
        out
    }

    /// The single-field variables that are arguments of calls in `expr`, in order.
    fn occurrences<'e>(&self, expr: &'e Expr, known: &Known, out: &mut Vec<Occurrence<'e>>) {
        let Expr::Call(call) = expr else { return };
        let callee = builtin(self.program, self.commands, call);
        for (k, arg) in call.args.iter().enumerate() {
            match arg {
                Expr::Var(v) => {
                    let initial = callee.map(|b| Record::of_types(b.argument_types(k)));
                    let record = match known.get(&v.name) {
                        Some(r) => Some(intersect(Some(r), initial.as_ref())),
                        None => initial,
                    };
                    out.push(Occurrence {
                        name: v.name,
                        call,
                        arg: k + 1,
                        record,
                        span: v.span,
                    });
                }
                Expr::Call(_) => self.occurrences(arg, known, out),
                _ => {}
            }
        }
    }

    /// `[RULECSTR2]` for the first variable of `expr` whose bindings its
    /// function cannot take.
    fn check_expression(
        &self,
        expr: &Expr,
        known: &Known,
        which: usize,
        place: Place,
    ) -> Result<(), Diagnostic> {
        let mut occurrences = Vec::new();
        self.occurrences(expr, known, &mut occurrences);
        let Some(o) = occurrences
            .iter()
            .find(|o| o.record.as_ref().is_some_and(Record::unmatchable))
        else {
            return Ok(());
        };
        let shown = show_call(&Expr::Call(o.call.clone()));
        let clips = rulecstr2(o.name.as_str(), o.arg, &shown, which, place);
        Err(Diagnostic::new(
            o.span,
            format!(
                "`?{}` cannot be argument #{} of `{}`",
                o.name, o.arg, o.call.name.name
            ),
        )
        .with_label("the patterns bind it to values of other types")
        .with_clips(clips))
    }

    /// `[RULECSTR3]` for the first variable of the actions that a function
    /// cannot take, given what the patterns and the actions' `bind`s give it.
    fn check_actions(
        &self,
        rhs: &[Expr],
        binds: &HashMap<Atom, Option<Record>>,
    ) -> Result<(), Diagnostic> {
        for expr in rhs {
            let call = match expr {
                Expr::Call(call) => call,
                Expr::List(items, _) => {
                    self.check_actions(items, binds)?;
                    continue;
                }
                _ => continue,
            };
            let callee = builtin(self.program, self.commands, call);
            for (k, arg) in call.args.iter().enumerate() {
                if let (Some(b), Expr::Var(v)) = (callee, arg) {
                    // A variable the rule neither matches nor binds (a loop's, a
                    // fact-set query's `?f:slot`) is not checked.
                    if !binds.contains_key(&v.name) && !self.lhs_vars.contains_key(&v.name) {
                        continue;
                    }
                    let allowed = Record::of_types(b.argument_types(k));
                    let bound = binds.get(&v.name).and_then(|r| r.as_ref());
                    let given = union(bound, self.lhs_vars.get(&v.name));
                    if intersect(Some(&given), Some(&allowed)).unmatchable() {
                        let clips = rulecstr3(v.name.as_str(), k + 1, &show_call(expr));
                        return Err(Diagnostic::new(
                            v.span,
                            format!(
                                "`?{}` cannot be argument #{} of `{}`",
                                v.name,
                                k + 1,
                                call.name.name
                            ),
                        )
                        .with_label("the rule binds it to values of other types")
                        .with_clips(clips));
                    }
                }
                self.check_actions(std::slice::from_ref(arg), binds)?;
            }
        }
        Ok(())
    }
}

/// Adds `more` to `into`, intersecting what both say of a variable.
fn merge(
    into: &mut HashMap<Atom, Option<Record>>,
    more: impl IntoIterator<Item = (Atom, Option<Record>)>,
) {
    for (name, record) in more {
        let merged = match into.remove(&name) {
            Some(prev) => Some(intersect(prev.as_ref(), record.as_ref())),
            None => record,
        };
        into.insert(name, merged);
    }
}

/// The `|`-alternatives of a field after its binding variable (if `bound`), each
/// a group of `&`-terms; none for a lone variable or wildcard.
fn groups(c: &Constraint, bound: bool) -> Vec<&[Term]> {
    let mut out: Vec<&[Term]> = Vec::with_capacity(c.any.len());
    for (k, group) in c.any.iter().enumerate() {
        let group = if k == 0 && bound {
            &group[1..]
        } else {
            &group[..]
        };
        out.push(group);
    }
    let lone = |g: &[Term]| {
        g.is_empty()
            || matches!(g, [t] if matches!(t.kind, TermKind::Wildcard | TermKind::MfWildcard))
    };
    if out.len() == 1 && lone(out[0]) {
        out.clear();
    }
    out
}

/// Whether a field's constraint is a multifield one.
fn is_multi(c: &Constraint) -> bool {
    c.any
        .iter()
        .flatten()
        .any(|t| matches!(t.kind, TermKind::MfVar(_) | TermKind::MfWildcard))
}

/// `[CSTRNCHK1]` when the fields of a multislot, `fields` (whether each is a
/// multifield one and what it allows), cannot add up to the slot's cardinality.
fn check_cardinality(
    slot: &Record,
    fields: &[(bool, Option<Record>)],
    which: usize,
    last: &Field,
) -> Result<(), Diagnostic> {
    let (mut min, mut max) = (0.0, 0.0);
    for (multi, record) in fields {
        match (multi, record) {
            (false, _) => {
                min += 1.0;
                max += 1.0;
            }
            (true, Some(r)) => {
                let (least, most) = r.field_counts();
                if least.is_finite() {
                    min += least;
                }
                max += most;
            }
            (true, None) => max = f64::INFINITY,
        }
    }
    let counted = slot.with_field_counts(min, max);
    if !intersect(Some(slot), Some(&counted)).unmatchable() {
        return Ok(());
    }
    let clips = cstrnchk1_pattern(true, which, last.place, &Violation::Cardinality);
    Err(Diagnostic::new(
        last.constraint.span,
        "these fields cannot fit the slot's cardinality",
    )
    .with_label("the multislot's fields hold too few or too many values")
    .with_clips(clips))
}

/// What a violation means, in Salience's words.
fn explain(violation: &Violation) -> &'static str {
    match violation {
        Violation::Type => "its type is not one the slot allows",
        Violation::AllowedValues => "it is not one of the slot's allowed values",
        Violation::Range(..) => "it is outside the slot's range",
        Violation::Cardinality => "the slot's cardinality is broken",
    }
}

/// What each variable the actions `bind` may hold: the union over its `bind`s of
/// what the first value given can be.
fn bind_constraints(
    rhs: &[Expr],
    program: &Program,
    commands: &dyn CommandTable,
) -> HashMap<Atom, Option<Record>> {
    let mut out = HashMap::new();
    let mut stack: Vec<&Expr> = rhs.iter().rev().collect();
    while let Some(expr) = stack.pop() {
        let (Expr::Call(Call { args, .. }) | Expr::List(args, _)) = expr else {
            continue;
        };
        if let Expr::Call(call) = expr {
            if let (true, Some(Expr::Var(v))) = (call.name.name.as_str() == "bind", args.first()) {
                let record = args
                    .get(1)
                    .map(|value| value_record(value, program, commands));
                let merged = match (out.remove(&v.name), record) {
                    (Some(Some(prev)), Some(r)) => Some(union(Some(&r), Some(&prev))),
                    (Some(prev), None) => prev,
                    (Some(None) | None, r) => r,
                };
                out.insert(v.name, merged);
            }
        }
        stack.extend(args.iter().rev());
    }
    out
}

/// What the value of `expr` may be (CLIPS's `ExpressionToConstraintRecord`).
pub(crate) fn value_record(expr: &Expr, program: &Program, commands: &dyn CommandTable) -> Record {
    let anything = Record::of_types(Types::ANY);
    match expr {
        Expr::Const(v, _) => Record::of_constant(v),
        Expr::Call(call) => builtin(program, commands, call)
            .map_or(anything, |b| Record::of_types(Types::of_codes(b.returns))),
        _ => anything,
    }
}
