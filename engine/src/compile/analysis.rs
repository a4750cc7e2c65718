//! CLIPS's analysis of a rule's variables (analysis.c), made once the whole rule
//! is read and before anything is compiled: a variable read before anything binds
//! it (`[ANALYSIS4]`), one used both as `?x` and `$?x` (`[ANALYSIS3]`), a
//! fact-address variable bound twice (`[ANALYSIS1]`, `[ANALYSIS2]`). The first
//! problem in CLIPS's order is reported, in CLIPS's words.
//!
//! CLIPS lays the conditional elements out in a row, each pattern and test with
//! the depth of the `not`/`exists` groups it opens and closes; a variable bound
//! in a pattern is seen by the elements after it up to the end of its group, and
//! only by its own pattern when the pattern is negated or ends a group. The
//! binding occurrence is checked against every later use of the variable in that
//! reach as soon as it is met, before the fields after it are read.

use crate::messages::analysis::{analysis1, analysis2, analysis3, analysis4, Place};
use crate::syntax::ast::{Ce, Constraint, Expr, Pattern, PatternBody, Term, TermKind};
use crate::syntax::{Diagnostic, Span};
use crate::value::Atom;
use std::collections::HashMap;

/// The most disjuncts of `or`s analysed; beyond it the compiler reports the rule.
const MAX_DISJUNCTS: usize = 256;

/// How a variable is bound: `?f <- (...)`, `?x` or `$?x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Binding {
    /// The fact address of a pattern.
    Address,
    /// A single-field variable in a field.
    Single,
    /// A multifield variable in a field.
    Multi,
}

impl Binding {
    /// Whether a use as `multi` (or not) disagrees with this binding.
    fn mixes_with(self, multi: bool) -> bool {
        (self == Binding::Multi) != multi
    }
}

/// A pattern or test in CLIPS's row of conditional elements.
pub(crate) struct Node<'a> {
    /// The pattern or test.
    pub(crate) ce: Element<'a>,
    /// The CE's number, counting patterns and tests in the text from 1.
    pub(crate) which: usize,
    /// The depth of `not`/`exists` groups at the element.
    begin: u32,
    /// The depth after the element (lower where it closes groups).
    end: u32,
}

/// What a [`Node`] is.
pub(crate) enum Element<'a> {
    Pattern(&'a Pattern),
    Test(&'a Expr),
}

/// Analyses the variables of a rule's conditional elements as CLIPS does,
/// returning CLIPS's first error. `also` makes the other checks CLIPS makes of
/// each disjunct in the same walk (its constraints): of two errors in a disjunct,
/// the one met first (ending first in the text) is CLIPS's.
pub(crate) fn analyse(
    lhs: &[Ce],
    mut also: impl FnMut(&[Node]) -> Result<(), Diagnostic>,
) -> Result<(), Diagnostic> {
    for nodes in layouts(lhs) {
        match (Analysis::new(&nodes).run(), also(&nodes)) {
            (Err(found), Err(other)) if other.span.end < found.span.end => return Err(other),
            (Err(found), _) | (Ok(()), Err(found)) => return Err(found),
            (Ok(()), Ok(())) => {}
        }
    }
    Ok(())
}

/// Each disjunct of a rule's conditional elements laid out in CLIPS's row.
fn layouts(lhs: &[Ce]) -> Vec<Vec<Node<'_>>> {
    let mut numbers = HashMap::new();
    number(lhs, &mut numbers);
    let top: Vec<&Ce> = lhs.iter().collect();
    let mut out = Vec::new();
    for disjunct in disjuncts(&top) {
        let mut nodes = Vec::new();
        for ce in disjunct {
            flatten(ce, 1, &numbers, &mut nodes);
        }
        out.push(nodes);
    }
    out
}

/// The elements after `i` that a binding in element `i` of `nodes` reaches.
pub(crate) fn reach(nodes: &[Node], i: usize) -> std::ops::Range<usize> {
    let Some(node) = nodes.get(i) else {
        return i..i;
    };
    if node.begin > node.end {
        return i + 1..i + 1;
    }
    let mut end = i + 1;
    while let Some(next) = nodes.get(end) {
        end += 1;
        if next.end < node.begin {
            break;
        }
    }
    i + 1..end
}

/// Whether element `node` is a pattern at the top of the rule, outside any
/// `not`/`exists` group (where the actions see what it binds).
pub(crate) fn is_top(node: &Node) -> bool {
    node.begin <= 1
}

/// Numbers the patterns and tests of `ces` in the text's order, by where they start.
fn number(ces: &[Ce], numbers: &mut HashMap<usize, usize>) {
    for ce in ces {
        match ce {
            Ce::Pattern(_) | Ce::Test(..) => {
                let next = numbers.len() + 1;
                numbers.insert(ce.span().start, next);
            }
            Ce::Not(inner, _) => number(std::slice::from_ref(inner), numbers),
            Ce::And(items, _)
            | Ce::Or(items, _)
            | Ce::Exists(items, _)
            | Ce::Forall(items, _)
            | Ce::Logical(items, _) => number(items, numbers),
        }
    }
}

/// The conjunctions of a rule's top level, with each `or` (also under `and` and
/// `logical`) expanded, in CLIPS's order.
fn disjuncts<'a>(ces: &[&'a Ce]) -> Vec<Vec<&'a Ce>> {
    let mut out: Vec<Vec<&Ce>> = vec![Vec::new()];
    for ce in ces {
        let choices = match ce {
            Ce::Or(items, _) => items.iter().flat_map(|i| disjuncts(&[i])).collect(),
            Ce::And(items, _) | Ce::Logical(items, _) => {
                disjuncts(&items.iter().collect::<Vec<_>>())
            }
            other => vec![vec![*other]],
        };
        let mut next = Vec::with_capacity(out.len() * choices.len());
        for prefix in &out {
            for choice in &choices {
                let mut joined = prefix.clone();
                joined.extend(choice.iter().copied());
                next.push(joined);
            }
        }
        next.truncate(MAX_DISJUNCTS);
        out = next;
    }
    out
}

/// Lays `ce` out in `out` at group depth `depth`.
fn flatten<'a>(ce: &'a Ce, depth: u32, numbers: &HashMap<usize, usize>, out: &mut Vec<Node<'a>>) {
    let which = numbers.get(&ce.span().start).copied().unwrap_or(0);
    match ce {
        Ce::Pattern(p) => out.push(Node {
            ce: Element::Pattern(p),
            which,
            begin: depth,
            end: depth,
        }),
        Ce::Test(expr, _) => out.push(Node {
            ce: Element::Test(expr),
            which,
            begin: depth,
            end: depth,
        }),
        Ce::And(items, _) | Ce::Logical(items, _) => {
            for item in items {
                flatten(item, depth, numbers, out);
            }
        }
        Ce::Not(inner, _) => group(std::slice::from_ref(&**inner), depth, numbers, out),
        Ce::Exists(items, _) => group(items, depth, numbers, out),
        // (forall A B...) is (not (and A (not (and B...)))).
        Ce::Forall(items, _) => {
            let start = out.len();
            if let Some((first, rest)) = items.split_first() {
                flatten(first, depth + 1, numbers, out);
                group(rest, depth + 1, numbers, out);
            }
            close(out, start, depth);
        }
        // An `or` below a `not`: each alternative on its own.
        Ce::Or(items, _) => {
            for item in items {
                group(std::slice::from_ref(item), depth, numbers, out);
            }
        }
    }
}

/// Lays out `items` as one `not`/`exists` group opened at depth `depth`.
fn group<'a>(
    items: &'a [Ce],
    depth: u32,
    numbers: &HashMap<usize, usize>,
    out: &mut Vec<Node<'a>>,
) {
    let start = out.len();
    for item in items {
        flatten(item, depth + 1, numbers, out);
    }
    close(out, start, depth);
}

/// Closes the group whose elements start at `out[start]`, back to `depth`.
fn close(out: &mut [Node], start: usize, depth: u32) {
    if out.len() > start {
        if let Some(last) = out.last_mut() {
            last.end = last.end.min(depth);
        }
    }
}

/// The state of the analysis of one disjunct.
struct Analysis<'n, 'a> {
    nodes: &'n [Node<'a>],
    /// For each element, the variables bound before it that it sees.
    seen: Vec<HashMap<Atom, Binding>>,
}

impl<'n, 'a> Analysis<'n, 'a> {
    fn new(nodes: &'n [Node<'a>]) -> Self {
        Analysis {
            nodes,
            seen: vec![HashMap::new(); nodes.len()],
        }
    }

    fn run(&mut self) -> Result<(), Diagnostic> {
        for (i, node) in self.nodes.iter().enumerate() {
            match node.ce {
                Element::Pattern(p) => self.pattern(i, p)?,
                Element::Test(expr) => {
                    let seen = &self.seen[i];
                    check_expr(expr, &|v| seen.contains_key(&v), node.which, Place::Whole)?
                }
            }
        }
        Ok(())
    }

    /// The elements after `i` that a binding in element `i` reaches.
    fn reach(&self, i: usize) -> std::ops::Range<usize> {
        reach(self.nodes, i)
    }

    fn pattern(&mut self, i: usize, p: &Pattern) -> Result<(), Diagnostic> {
        let which = self.nodes[i].which;
        let mut local = self.seen[i].clone();
        let fields = fields(p);
        if let Some(f) = &p.binding {
            let clips = match local.get(&f.name) {
                Some(Binding::Address) => Some(analysis1(f.name.as_str(), which)),
                Some(_) => Some(analysis2(f.name.as_str(), which)),
                None => None,
            };
            if let Some(clips) = clips {
                let message = format!("variable `?{}` is already bound", f.name);
                return Err(error(f.span, message, clips)
                    .with_label("a pattern's fact-address variable must be new"));
            }
            self.bind(i, &fields, 0, f.name, Binding::Address)?;
            local.insert(f.name, Binding::Address);
        }
        for (index, (place, c)) in fields.iter().enumerate() {
            let binder = binding_var(c);
            if let Some((name, multi)) = binder {
                local.entry(name).or_insert(if multi {
                    Binding::Multi
                } else {
                    Binding::Single
                });
            }
            check_terms(c, &local, which, *place)?;
            if let Some((name, multi)) = binder {
                let kind = if multi {
                    Binding::Multi
                } else {
                    Binding::Single
                };
                self.bind(i, &fields, index + 1, name, kind)?;
            }
        }
        Ok(())
    }

    /// Records `name`, bound in element `i`, for the elements it reaches, after
    /// checking its later uses (fields from `from` of this pattern, and the
    /// patterns reached) agree on single or multifield.
    fn bind(
        &mut self,
        i: usize,
        fields: &[(Place, &Constraint)],
        from: usize,
        name: Atom,
        kind: Binding,
    ) -> Result<(), Diagnostic> {
        let mut later_fields = fields.iter().skip(from).map(|(_, c)| *c);
        if let Some(at) = later_fields.find_map(|c| mixes(c, name, kind)) {
            return Err(mixed(name, at));
        }
        let reach = self.reach(i);
        for j in reach.clone() {
            if let Some(Node {
                ce: Element::Pattern(p),
                ..
            }) = self.nodes.get(j)
            {
                if let Some(at) = fields_of(p).find_map(|c| mixes(c, name, kind)) {
                    return Err(mixed(name, at));
                }
            }
        }
        for j in reach {
            if let Some(seen) = self.seen.get_mut(j) {
                seen.entry(name).or_insert(kind);
            }
        }
        Ok(())
    }
}

/// A diagnostic at `span` saying `message`, with CLIPS's `clips` for an error
/// found after the whole rule was read.
fn error(span: Span, message: String, clips: String) -> Diagnostic {
    Diagnostic::new(span, message).with_clips(clips)
}

/// The error for `name` read at `span` before anything binds it.
fn unbound(name: Atom, span: Span, clips: String) -> Diagnostic {
    error(
        span,
        format!("variable `?{name}` is used before it is bound"),
        clips,
    )
    .with_label("bind it in an earlier pattern, or earlier in this one")
}

/// The error for `name` used at `span` as the other kind of variable than its binding.
fn mixed(name: Atom, span: Span) -> Diagnostic {
    error(
        span,
        format!("variable `?{name}` is used both as a single-field and as a multifield variable"),
        analysis3(name.as_str()),
    )
    .with_label("a variable is either `?x` or `$?x` throughout the conditions")
}

/// The field constraints of a pattern with where each is, as CLIPS names it.
pub(crate) fn fields(p: &Pattern) -> Vec<(Place<'_>, &Constraint)> {
    match &p.body {
        PatternBody::Ordered(fields) => (fields.iter().enumerate())
            .map(|(n, c)| (Place::Field(n + 1), c))
            .collect(),
        PatternBody::Slots(slots) => (slots.iter())
            .flat_map(|s| {
                s.fields
                    .iter()
                    .map(|c| (Place::Slot(s.slot.name.as_str()), c))
            })
            .collect(),
    }
}

/// The field constraints of a pattern.
fn fields_of(p: &Pattern) -> impl Iterator<Item = &Constraint> {
    let (ordered, slots): (&[Constraint], &[_]) = match &p.body {
        PatternBody::Ordered(fields) => (fields, &[]),
        PatternBody::Slots(slots) => (&[], slots),
    };
    ordered
        .iter()
        .chain(slots.iter().flat_map(|s| s.fields.iter()))
}

/// The variable a constraint binds, and whether it is a multifield one: its first
/// term when that is a variable, not negated, and not an alternative of `|`.
pub(crate) fn binding_var(c: &Constraint) -> Option<(Atom, bool)> {
    let first = c.any.first()?;
    if first.len() == 1 && c.any.len() > 1 {
        return None;
    }
    match first.first()? {
        Term {
            negated: false,
            kind: TermKind::Var(name),
            ..
        } => Some((*name, false)),
        Term {
            negated: false,
            kind: TermKind::MfVar(name),
            ..
        } => Some((*name, true)),
        _ => None,
    }
}

/// Where `c` uses `name` (outside calls) as the other kind of variable than
/// `kind`, if it does.
fn mixes(c: &Constraint, name: Atom, kind: Binding) -> Option<Span> {
    let term = c.any.iter().flatten().find(|t| match t.kind {
        TermKind::Var(v) => v == name && kind.mixes_with(false),
        TermKind::MfVar(v) => v == name && kind.mixes_with(true),
        _ => false,
    });
    term.map(|t| t.span)
}

/// Checks that every variable a constraint reads is bound (in `bound`).
fn check_terms(
    c: &Constraint,
    bound: &HashMap<Atom, Binding>,
    which: usize,
    place: Place,
) -> Result<(), Diagnostic> {
    let skip = usize::from(binding_var(c).is_some());
    for term in c.any.iter().flatten().skip(skip) {
        match &term.kind {
            TermKind::Var(v) | TermKind::MfVar(v) if !bound.contains_key(v) => {
                let clips = analysis4(v.as_str(), None, which, place);
                return Err(unbound(*v, term.span, clips));
            }
            TermKind::Predicate(expr) | TermKind::ReturnValue(expr) => {
                check_expr(expr, &|v| bound.contains_key(&v), which, place)?;
            }
            _ => {}
        }
    }
    Ok(())
}

/// Checks that every variable `expr` reads is bound, naming the call it is an
/// argument of.
fn check_expr(
    expr: &Expr,
    bound: &dyn Fn(Atom) -> bool,
    which: usize,
    place: Place,
) -> Result<(), Diagnostic> {
    let Expr::Call(call) = expr else {
        return Ok(());
    };
    for arg in &call.args {
        match arg {
            Expr::Var(v) | Expr::MfVar(v) if !bound(v.name) => {
                let shown = show_call(expr);
                let clips = analysis4(v.name.as_str(), Some(&shown), which, place);
                return Err(unbound(v.name, v.span, clips));
            }
            Expr::Call(_) => check_expr(arg, bound, which, place)?,
            _ => {}
        }
    }
    Ok(())
}

/// A call as CLIPS prints an expression of a rule: `(> ?x ?y)`.
pub(crate) fn show_call(expr: &Expr) -> String {
    match expr {
        Expr::Const(v, _) => v.repr().to_string(),
        Expr::Var(id) => format!("?{}", id.name),
        Expr::MfVar(id) => format!("$?{}", id.name),
        // CLIPS prints a global of a rule's expression without its `*`s.
        Expr::Global(id) => format!("?{}", id.name),
        Expr::Call(call) => {
            let mut out = format!("({}", call.name.name);
            for arg in &call.args {
                out.push(' ');
                out.push_str(&show_call(arg));
            }
            out.push(')');
            out
        }
        Expr::List(items, _) => {
            let shown: Vec<String> = items.iter().map(show_call).collect();
            format!("({})", shown.join(" "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::{Construct, TopLevel};
    use crate::syntax::parse::parse_source;

    /// CLIPS's message for the rule `text`, if any.
    fn clips(text: &str) -> Option<String> {
        let (items, errors) = parse_source(text);
        assert!(errors.is_empty(), "{errors:?}");
        let Some(TopLevel::Construct(c)) = items.into_iter().next() else {
            panic!("not a construct")
        };
        let Construct::Rule(r) = *c else {
            panic!("not a rule")
        };
        analyse(&r.lhs, |_| Ok(())).err().and_then(|d| d.clips)
    }

    #[test]
    fn unbound_variables() {
        assert_eq!(
            clips("(defrule r (a) (test (> ?x ?y)) =>)").as_deref(),
            Some("\n[ANALYSIS4] Variable ?x found in the expression (> ?x ?y)\nwas referenced in CE #2 before being defined.")
        );
        assert_eq!(
            clips("(defrule r (not (and (test (> 5 3)) (not (and (test (> 5 4)) (a ~?x))))) =>)")
                .as_deref(),
            Some(
                "\n[ANALYSIS4] Variable ?x was referenced in CE #3 field #1 before being defined."
            )
        );
        assert_eq!(
            clips("(defrule r (not (a ?x)) (b ~?x) =>)").as_deref(),
            Some(
                "\n[ANALYSIS4] Variable ?x was referenced in CE #2 field #1 before being defined."
            )
        );
        assert_eq!(
            clips("(defrule r (a ?x) (not (and (b ?y) (c ?x ?y))) (test (> ?x 1)) =>)"),
            None
        );
        assert_eq!(clips("(defrule r (a ?x&:(> ?x 1)) =>)"), None);
    }

    #[test]
    fn mixed_variables() {
        let mixed = Some(analysis3("f"));
        assert_eq!(clips("(defrule r (foo ?f $?f) =>)"), mixed);
        assert_eq!(clips("(defrule r ?f <- (foo $?f) =>)"), mixed);
        assert_eq!(clips("(defrule r (foo $?f) (foo ?x&?f) =>)"), mixed);
        // A mixing is found when the binding is met, before a later unbound use.
        assert_eq!(clips("(defrule r (a $?f ?q&?r) (b ?f) =>)"), mixed);
        assert_eq!(clips("(defrule r (a $?f) (test (> ?f 1)) =>)"), None);
    }

    #[test]
    fn addresses_bound_twice() {
        assert_eq!(
            clips("(defrule r ?f <- (a) ?f <- (b) =>)"),
            Some(analysis1("f", 2))
        );
        assert_eq!(
            clips("(defrule r (a ?f) ?f <- (b) =>)"),
            Some(analysis2("f", 2))
        );
    }
}
