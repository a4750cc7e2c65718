//! Fact-set and instance-set queries run as CLIPS runs them (its `factqury.c`
//! and `insquery.c`, one search for both): the templates or classes computed
//! first, then the sets visited with the first member varying slowest, each
//! member walking its templates' facts, or its classes' instances (a class's own,
//! then its subclasses' in the order they were defined), as they are then
//! (facts asserted or instances made meanwhile are reached, retracted or deleted
//! ones skipped), a set whose earlier members were retracted or deleted
//! abandoned. A fact member holds the fact's address; an instance member holds
//! the instance, and reads as its name.

use super::{eval, eval_body, set_local, unbound, Eval, EvalError, Host, Unwind};
use crate::compile::query::{named_source, QueryKind, QuerySlotRef, QuerySource, SetQuery};
use crate::compile::TemplateId;
use crate::cool::{ClassId, Classes};
use crate::messages::{classfun, prntutil};
use crate::value::{FactId, InstanceId, Value};

/// Runs a query. Its member variables hold their facts or instances only while
/// it runs.
pub fn run(host: &mut dyn Host, frame: &mut Vec<Value>, q: &SetQuery) -> Eval {
    let chains = ranges(host, frame, q)?;
    let outer: Vec<(u16, Value)> = (q.members.iter())
        .map(|m| {
            let value = frame.get(m.slot as usize).cloned();
            (m.slot, value.unwrap_or_else(unbound))
        })
        .collect();
    let mut search = Search {
        host,
        frame,
        query: q,
        chains: &chains,
        current: vec![Element::Fact(FactId(0)); chains.len()],
    };
    let result = search.answer();
    for (slot, value) in outer {
        set_local(frame, slot, value);
    }
    result
}

/// The value of an instance-set query's member variable (frame slot `slot`):
/// the name of the instance it holds.
pub fn member_name(frame: &[Value], slot: u16) -> Value {
    match frame.get(slot as usize) {
        Some(Value::Instance(id)) => Value::InstanceName(id.name()),
        Some(other) => other.clone(),
        None => unbound(),
    }
}

/// The value of `?f:slot`. For a fact: CLIPS's `[PRNTUTIL12]` when it has been
/// retracted, `[PRNTUTIL13]` when it has no such slot; for an instance,
/// `[PRNTUTIL15]` and `[PRNTUTIL16]` (the reference then still gives `FALSE`).
pub fn slot(host: &mut dyn Host, frame: &[Value], r: &QuerySlotRef) -> Result<Value, EvalError> {
    match frame.get(r.member as usize) {
        Some(Value::Fact(id)) => fact_slot(host, *id, r),
        Some(Value::Instance(id)) => instance_slot(host, *id, r),
        _ => Err(EvalError::new(format!(
            "?{}: not a fact or an instance",
            r.reference
        ))),
    }
}

/// `?f:slot` of fact `id`.
fn fact_slot(host: &dyn Host, id: FactId, r: &QuerySlotRef) -> Result<Value, EvalError> {
    let reference = r.reference.as_str();
    let invalid = |message: String| EvalError::new(message).returning(Value::false_sym());
    let Some(fact) = host.fact(id) else {
        return Err(invalid(prntutil::prntutil12(reference, id.0)));
    };
    let template = host.program().template(fact.template);
    let index = if template.implied {
        (r.slot.as_str() == "implied").then_some(0)
    } else {
        template.slot_index(r.slot)
    };
    match index.and_then(|i| fact.slots.get(i)) {
        Some(value) => Ok(value.clone()),
        None => Err(invalid(prntutil::prntutil13(reference, id.0))),
    }
}

/// `?i:slot` of instance `id`: the slot's value, read directly (no message).
fn instance_slot(
    host: &mut dyn Host,
    id: InstanceId,
    r: &QuerySlotRef,
) -> Result<Value, EvalError> {
    let reference = r.reference.as_str();
    let name = id.name();
    let invalid = |message: String| EvalError::new(message).returning(Value::false_sym());
    let Some(class) = host.objects().instances.get(id).map(|i| i.class) else {
        return Err(invalid(prntutil::prntutil15(reference, name.as_str())));
    };
    let class = host.program().classes.get(class);
    let found = (class.slot_index(r.slot)).and_then(|i| Some((i, class.slots.get(i)?.clone())));
    let value = found.and_then(|(index, def)| host.objects().instances.read(id, index, &def));
    value.ok_or_else(|| invalid(prntutil::prntutil16(reference, name.as_str())))
}

/// What a member walks for one of its templates or classes.
enum Range {
    /// A template's facts.
    Template(TemplateId),
    /// A class's instances, then its subclasses': the classes in the order CLIPS
    /// traverses them (each once).
    Classes(Vec<ClassId>),
}

/// The ranges of each member variable, those named by expressions computed now
/// (CLIPS's `[PRNTUTIL2]` for the query's "class restrictions" when one names no
/// template or class).
fn ranges(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    q: &SetQuery,
) -> Result<Vec<Vec<Range>>, Unwind> {
    let mut chains = Vec::with_capacity(q.members.len());
    for member in &q.members {
        let mut sources = Vec::with_capacity(member.sources.len());
        for source in &member.sources {
            match source {
                QuerySource::Computed(expr) => {
                    let value = eval(host, frame, expr)?;
                    named_sources(host, &value, q, &mut sources)?;
                }
                named => sources.push(named.clone()),
            }
        }
        let chain = sources.iter().filter_map(|s| range(host, s)).collect();
        chains.push(chain);
    }
    Ok(chains)
}

/// The range of a named template or class.
fn range(host: &dyn Host, source: &QuerySource) -> Option<Range> {
    match source {
        QuerySource::Template(id) => Some(Range::Template(*id)),
        QuerySource::Class(id) => Some(Range::Classes(traversal(&host.program().classes, *id))),
        QuerySource::Computed(_) => None,
    }
}

/// `class` and its subclasses, in the order CLIPS's query visits them: a class,
/// then each direct subclass (in the order defined) with its own subclasses, a
/// class reached twice visited the first time only.
fn traversal(classes: &Classes, class: ClassId) -> Vec<ClassId> {
    let mut order = Vec::new();
    let mut pending = vec![class];
    while let Some(next) = pending.pop() {
        if order.contains(&next) {
            continue;
        }
        order.push(next);
        pending.extend(classes.get(next).subclasses.iter().rev());
    }
    order
}

/// Adds to `sources` the templates or classes `value` names: a symbol, or a
/// multifield of symbols, each the name of one; else the error the query
/// reports.
fn named_sources(
    host: &dyn Host,
    value: &Value,
    q: &SetQuery,
    sources: &mut Vec<QuerySource>,
) -> Result<(), EvalError> {
    let restrictions = || prntutil::prntutil2(q.set.restrictions());
    let names = match value {
        Value::Symbol(_) => std::slice::from_ref(value),
        Value::Multifield(_) if !value.as_slice().is_empty() => value.as_slice(),
        _ => return Err(EvalError::new(restrictions())),
    };
    for name in names {
        let Value::Symbol(name) = name else {
            return Err(EvalError::new(restrictions()));
        };
        let Some(source) = named_source(host.program(), q.set, *name) else {
            let missing = q.set.missing(name.as_str(), q.name());
            return Err(EvalError::new(format!("{missing}\n{}", restrictions())));
        };
        sources.push(source);
    }
    Ok(())
}

/// The fact or instance a member holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Element {
    /// A fact.
    Fact(FactId),
    /// An instance.
    Instance(InstanceId),
}

impl Element {
    /// What the member's frame slot holds: the fact's or the instance's address.
    fn value(self) -> Value {
        match self {
            Element::Fact(id) => Value::Fact(id),
            Element::Instance(id) => Value::Instance(id),
        }
    }

    /// What `find-fact` and `find-instance` give for it: the fact's address, the
    /// instance's name.
    fn answer(self) -> Value {
        match self {
            Element::Fact(id) => Value::Fact(id),
            Element::Instance(id) => Value::InstanceName(id.name()),
        }
    }

    /// Whether it is still there (not retracted, not deleted).
    fn alive(self, host: &dyn Host) -> bool {
        match self {
            Element::Fact(id) => host.fact(id).is_some(),
            Element::Instance(id) => !id.is_stale(),
        }
    }
}

/// The facts or instances a member walks in one step.
#[derive(Clone, Copy)]
enum Group {
    /// A template's facts.
    Template(TemplateId),
    /// The instances of exactly this class.
    Class(ClassId),
}

impl Group {
    /// Its facts or instances now, those after `last` only, in order.
    fn after(self, host: &mut dyn Host, last: Option<Element>) -> Vec<Element> {
        let later = |e: &Element| last.is_none_or(|last| *e > last);
        match self {
            Group::Template(template) => (host.facts_of(template).iter())
                .map(|f| Element::Fact(f.id))
                .filter(later)
                .collect(),
            Group::Class(class) => (host.objects().instances.iter())
                .filter(|i| i.class == class)
                .map(|i| Element::Instance(i.id))
                .filter(later)
                .collect(),
        }
    }
}

/// Whether a search goes on after a set.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flow {
    /// On to the next set.
    Go,
    /// The search is over.
    Stop,
}

/// A query's search through its sets.
struct Search<'a> {
    host: &'a mut dyn Host,
    frame: &'a mut Vec<Value>,
    query: &'a SetQuery,
    /// Each member's ranges.
    chains: &'a [Vec<Range>],
    /// The fact or instance each member holds.
    current: Vec<Element>,
}

/// What a search does with a set that satisfies the query.
type OnFound<'f> = dyn FnMut(&mut Search) -> Result<Flow, Unwind> + 'f;

impl Search<'_> {
    /// The query function's value.
    fn answer(&mut self) -> Eval {
        let mut sets: Vec<Vec<Element>> = Vec::new();
        match self.query.kind {
            QueryKind::Any => {
                let found = self.first()?;
                Ok(if found {
                    Value::true_sym()
                } else {
                    Value::false_sym()
                })
            }
            QueryKind::FindFirst => {
                let found = self.first()?;
                Ok(if found {
                    answers(&self.current)
                } else {
                    Value::empty_multifield()
                })
            }
            QueryKind::FindAll => {
                self.all(&mut |s| {
                    sets.push(s.current.clone());
                    Ok(Flow::Go)
                })?;
                Ok(answers(&sets.concat()))
            }
            QueryKind::DoFirst => {
                if !self.first()? {
                    return Ok(Value::false_sym());
                }
                Ok(self.act()?.0)
            }
            QueryKind::DoAll => {
                let mut last = Value::false_sym();
                self.all(&mut |s| {
                    let (value, flow) = s.act()?;
                    last = value;
                    Ok(flow)
                })?;
                Ok(last)
            }
            QueryKind::DelayedAll => {
                self.all(&mut |s| {
                    sets.push(s.current.clone());
                    Ok(Flow::Go)
                })?;
                self.act_on_each(&sets)
            }
        }
    }

    /// Finds the first set that satisfies the query, leaving its members holding
    /// it.
    fn first(&mut self) -> Result<bool, Unwind> {
        let mut found = false;
        self.all(&mut |_| {
            found = true;
            Ok(Flow::Stop)
        })?;
        Ok(found && !self.host.execution_halted())
    }

    /// Visits every set, calling `on_found` for each that satisfies the query
    /// until it says stop.
    fn all(&mut self, on_found: &mut OnFound) -> Result<(), Unwind> {
        if !self.chains.is_empty() {
            self.member(0, on_found)?;
        }
        Ok(())
    }

    /// Visits the sets from member `m` on, the earlier members holding theirs.
    fn member(&mut self, m: usize, on_found: &mut OnFound) -> Result<Flow, Unwind> {
        let chains = self.chains;
        for range in &chains[m] {
            let flow = match range {
                Range::Template(template) => self.group(m, Group::Template(*template), on_found)?,
                Range::Classes(classes) => self.classes(m, classes, on_found)?,
            };
            if flow == Flow::Stop {
                return Ok(Flow::Stop);
            }
        }
        Ok(Flow::Go)
    }

    /// Visits the sets in which member `m` holds an instance of one of
    /// `classes`, holding one of CLIPS's class hierarchy traversals meanwhile
    /// (`[CLASSFUN2]` when too many are under way).
    fn classes(
        &mut self,
        m: usize,
        classes: &[ClassId],
        on_found: &mut OnFound,
    ) -> Result<Flow, Unwind> {
        let traversals = &mut self.host.objects().traversals;
        if *traversals >= classfun::MAX_TRAVERSALS {
            return Err(EvalError::new(classfun::classfun2()).into());
        }
        *traversals += 1;
        let mut result = Ok(Flow::Go);
        for class in classes {
            result = self.group(m, Group::Class(*class), on_found);
            if !matches!(result, Ok(Flow::Go)) {
                break;
            }
        }
        self.host.objects().traversals -= 1;
        result
    }

    /// Visits the sets in which member `m` holds a fact or an instance of
    /// `group`: those there when it gets there, then those added meanwhile,
    /// unless the last one visited has been removed since.
    fn group(&mut self, m: usize, group: Group, on_found: &mut OnFound) -> Result<Flow, Unwind> {
        let mut last: Option<Element> = None;
        loop {
            let batch = group.after(self.host, last);
            if batch.is_empty() {
                return Ok(Flow::Go);
            }
            for element in batch {
                if !element.alive(self.host) {
                    continue;
                }
                self.host.check_deadline()?;
                last = Some(element);
                self.current[m] = element;
                set_local(self.frame, self.query.members[m].slot, element.value());
                let flow = if m + 1 < self.chains.len() {
                    self.member(m + 1, on_found)?
                } else if self.current[..m].iter().any(|e| !e.alive(self.host)) {
                    return Ok(Flow::Go);
                } else if eval(self.host, self.frame, &self.query.condition)?.is_truthy() {
                    on_found(self)?
                } else {
                    Flow::Go
                };
                if flow == Flow::Stop || self.host.execution_halted() {
                    return Ok(Flow::Stop);
                }
            }
            if last.is_some_and(|e| !e.alive(self.host)) {
                return Ok(Flow::Go);
            }
        }
    }

    /// Runs the actions with the members holding their set: their value, and
    /// whether the query goes on (not after `break`, whose value is none).
    fn act(&mut self) -> Result<(Value, Flow), Unwind> {
        match eval_body(self.host, self.frame, &self.query.actions) {
            Ok(value) => Ok((value, Flow::Go)),
            Err(Unwind::Break) => Ok((Value::Void, Flow::Stop)),
            Err(other) => Err(other),
        }
    }

    /// Runs the actions for each of `sets` none of whose members has been
    /// removed: the value of the last run.
    fn act_on_each(&mut self, sets: &[Vec<Element>]) -> Eval {
        let mut last = Value::false_sym();
        for set in sets {
            if set.iter().any(|e| !e.alive(self.host)) {
                continue;
            }
            for (member, element) in self.query.members.iter().zip(set) {
                set_local(self.frame, member.slot, element.value());
            }
            let (value, flow) = self.act()?;
            last = value;
            if flow == Flow::Stop || self.host.execution_halted() {
                break;
            }
        }
        Ok(last)
    }
}

/// The members of sets as find-fact and find-instance give them.
fn answers(elements: &[Element]) -> Value {
    Value::multifield(elements.iter().map(|e| e.answer()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cool::class::Class;
    use crate::value::atom;

    /// Defines class `name` under `supers` (precedence lists are not needed here).
    fn define(classes: &mut Classes, name: &str, supers: &[ClassId]) -> ClassId {
        let module = classes.get(classes.system("USER")).module;
        classes.insert(Class::new(atom(name), module, supers.to_vec(), Vec::new()))
    }

    #[test]
    fn a_class_comes_before_its_subclasses_each_once_in_definition_order() {
        // insquery.c's example: d is a subclass of both a and b.
        let mut classes = Classes::default();
        let user = classes.system("USER");
        let a = define(&mut classes, "a", &[user]);
        let b = define(&mut classes, "b", &[user]);
        let c = define(&mut classes, "c", &[a]);
        let d = define(&mut classes, "d", &[a, b]);
        let e = define(&mut classes, "e", &[c, d]);
        assert_eq!(traversal(&classes, a), vec![a, c, e, d]);
        assert_eq!(traversal(&classes, b), vec![b, d, e]);
        assert_eq!(traversal(&classes, e), vec![e]);
    }

    #[test]
    fn instances_read_as_names_facts_as_addresses() {
        let id = InstanceId::new(crate::value::atom("q1"));
        assert_eq!(
            Element::Instance(id).answer(),
            Value::InstanceName(crate::value::atom("q1"))
        );
        assert_eq!(Element::Instance(id).value(), Value::Instance(id));
        assert_eq!(Element::Fact(FactId(3)).answer(), Value::Fact(FactId(3)));
        let frame = vec![Value::Instance(id)];
        assert_eq!(
            member_name(&frame, 0),
            Value::InstanceName(crate::value::atom("q1"))
        );
    }
}
