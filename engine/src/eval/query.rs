//! Fact-set queries run as CLIPS runs them (its `factqury.c`): the templates
//! computed first, then the fact sets visited with the first member varying
//! slowest, each member walking its templates' facts as they are then (facts
//! asserted meanwhile are reached, retracted ones skipped), a set whose earlier
//! members were retracted abandoned.

use super::{eval, eval_body, set_local, unbound, Eval, EvalError, Host, Unwind};
use crate::compile::query::{visible_template, FactQuery, QueryKind, QuerySlotRef, QueryTemplate};
use crate::compile::TemplateId;
use crate::messages::{factqpsr, prntutil};
use crate::value::{FactId, Value};

/// Runs a query. Its member variables hold their facts only while it runs.
pub fn run(host: &mut dyn Host, frame: &mut Vec<Value>, q: &FactQuery) -> Eval {
    let chains = templates(host, frame, q)?;
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
        current: vec![FactId(0); chains.len()],
    };
    let result = search.answer();
    for (slot, value) in outer {
        set_local(frame, slot, value);
    }
    result
}

/// The value of `?f:slot`: CLIPS's `[PRNTUTIL12]` when the fact has been
/// retracted, `[PRNTUTIL13]` when it has no such slot (the reference then still
/// gives `FALSE`).
pub fn slot(host: &dyn Host, frame: &[Value], r: &QuerySlotRef) -> Result<Value, EvalError> {
    let Some(Value::Fact(id)) = frame.get(r.member as usize) else {
        return Err(EvalError::new(format!("?{}: not a fact", r.reference)));
    };
    let reference = r.reference.as_str();
    let Some(fact) = host.fact(*id) else {
        return Err(
            EvalError::new(prntutil::prntutil12(reference, id.0)).returning(Value::false_sym())
        );
    };
    let template = host.program().template(fact.template);
    let index = if template.implied {
        (r.slot.as_str() == "implied").then_some(0)
    } else {
        template.slot_index(r.slot)
    };
    match index.and_then(|i| fact.slots.get(i)) {
        Some(value) => Ok(value.clone()),
        None => {
            Err(EvalError::new(prntutil::prntutil13(reference, id.0)).returning(Value::false_sym()))
        }
    }
}

/// The templates of each member variable, those named by expressions computed
/// now (CLIPS's `[PRNTUTIL2]` for the query's "class restrictions" when one
/// names no deftemplate).
fn templates(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    q: &FactQuery,
) -> Result<Vec<Vec<TemplateId>>, Unwind> {
    let mut chains = Vec::with_capacity(q.members.len());
    for member in &q.members {
        let mut chain = Vec::with_capacity(member.templates.len());
        for template in &member.templates {
            match template {
                QueryTemplate::Named(id) => chain.push(*id),
                QueryTemplate::Computed(expr) => {
                    let value = eval(host, frame, expr)?;
                    named_templates(host, &value, q.kind.name(), &mut chain)?;
                }
            }
        }
        chains.push(chain);
    }
    Ok(chains)
}

/// Adds to `chain` the templates `value` names: a symbol, or a multifield of
/// symbols, each the name of a deftemplate; else the error `function` reports.
fn named_templates(
    host: &dyn Host,
    value: &Value,
    function: &str,
    chain: &mut Vec<TemplateId>,
) -> Result<(), EvalError> {
    let restrictions = || prntutil::prntutil2(factqpsr::QUERY_RESTRICTIONS);
    let names = match value {
        Value::Symbol(_) => std::slice::from_ref(value),
        Value::Multifield(_) if !value.as_slice().is_empty() => value.as_slice(),
        _ => return Err(EvalError::new(restrictions())),
    };
    for name in names {
        let Value::Symbol(name) = name else {
            return Err(EvalError::new(restrictions()));
        };
        let Some(id) = visible_template(host.program(), *name) else {
            let missing = prntutil::prntutil1_in("deftemplate", name.as_str(), function);
            return Err(EvalError::new(format!("{missing}\n{}", restrictions())));
        };
        chain.push(id);
    }
    Ok(())
}

/// Whether a search goes on after a fact set.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flow {
    /// On to the next fact set.
    Go,
    /// The search is over.
    Stop,
}

/// A query's search through its fact sets.
struct Search<'a> {
    host: &'a mut dyn Host,
    frame: &'a mut Vec<Value>,
    query: &'a FactQuery,
    /// Each member's templates.
    chains: &'a [Vec<TemplateId>],
    /// The fact each member holds.
    current: Vec<FactId>,
}

/// What a search does with a fact set that satisfies the query.
type OnFound<'f> = dyn FnMut(&mut Search) -> Result<Flow, Unwind> + 'f;

impl Search<'_> {
    /// The query function's value.
    fn answer(&mut self) -> Eval {
        let mut sets: Vec<Vec<FactId>> = Vec::new();
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
                    fact_addresses(&self.current)
                } else {
                    Value::empty_multifield()
                })
            }
            QueryKind::FindAll => {
                self.all(&mut |s| {
                    sets.push(s.current.clone());
                    Ok(Flow::Go)
                })?;
                Ok(fact_addresses(&sets.concat()))
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

    /// Finds the first fact set that satisfies the query, leaving its members
    /// holding it.
    fn first(&mut self) -> Result<bool, Unwind> {
        let mut found = false;
        self.all(&mut |_| {
            found = true;
            Ok(Flow::Stop)
        })?;
        Ok(found && !self.host.execution_halted())
    }

    /// Visits every fact set, calling `on_found` for each that satisfies the
    /// query until it says stop.
    fn all(&mut self, on_found: &mut OnFound) -> Result<(), Unwind> {
        if !self.chains.is_empty() {
            self.member(0, on_found)?;
        }
        Ok(())
    }

    /// Visits the fact sets from member `m` on, the earlier members holding their
    /// facts.
    fn member(&mut self, m: usize, on_found: &mut OnFound) -> Result<Flow, Unwind> {
        let chains = self.chains;
        for &template in &chains[m] {
            if self.template(m, template, on_found)? == Flow::Stop {
                return Ok(Flow::Stop);
            }
        }
        Ok(Flow::Go)
    }

    /// Visits the fact sets in which member `m` holds a fact of `template`: its
    /// facts as they are when it gets there, then those asserted meanwhile, unless
    /// the last one visited has been retracted since.
    fn template(
        &mut self,
        m: usize,
        template: TemplateId,
        on_found: &mut OnFound,
    ) -> Result<Flow, Unwind> {
        let mut last: Option<FactId> = None;
        loop {
            let batch: Vec<FactId> = (self.host.facts_of(template).iter())
                .map(|f| f.id)
                .filter(|id| last.is_none_or(|last| *id > last))
                .collect();
            if batch.is_empty() {
                return Ok(Flow::Go);
            }
            for id in batch {
                if self.host.fact(id).is_none() {
                    continue;
                }
                self.host.check_deadline()?;
                last = Some(id);
                self.current[m] = id;
                set_local(self.frame, self.query.members[m].slot, Value::Fact(id));
                let flow = if m + 1 < self.chains.len() {
                    self.member(m + 1, on_found)?
                } else if self.current[..m]
                    .iter()
                    .any(|id| self.host.fact(*id).is_none())
                {
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
            if last.is_some_and(|id| self.host.fact(id).is_none()) {
                return Ok(Flow::Go);
            }
        }
    }

    /// Runs the actions with the members holding their facts: their value, and
    /// whether the query goes on (not after `break`, whose value is none).
    fn act(&mut self) -> Result<(Value, Flow), Unwind> {
        match eval_body(self.host, self.frame, &self.query.actions) {
            Ok(value) => Ok((value, Flow::Go)),
            Err(Unwind::Break) => Ok((Value::Void, Flow::Stop)),
            Err(other) => Err(other),
        }
    }

    /// Runs the actions for each of `sets` none of whose facts has been retracted:
    /// the value of the last run.
    fn act_on_each(&mut self, sets: &[Vec<FactId>]) -> Eval {
        let mut last = Value::false_sym();
        for set in sets {
            if set.iter().any(|id| self.host.fact(*id).is_none()) {
                continue;
            }
            for (member, id) in self.query.members.iter().zip(set) {
                set_local(self.frame, member.slot, Value::Fact(*id));
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

/// The facts `ids` as a multifield of fact addresses.
fn fact_addresses(ids: &[FactId]) -> Value {
    Value::multifield(ids.iter().map(|id| Value::Fact(*id)).collect())
}
