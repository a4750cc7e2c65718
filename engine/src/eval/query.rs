//! Fact-set queries: any-factp, find-fact, find-all-facts, do-for-fact,
//! do-for-all-facts. Member variables range over the facts of their templates;
//! combinations are visited with the first member varying slowest, as in CLIPS.

use super::{eval, eval_body, Eval, Host, Unwind};
use crate::compile::expr::{FactQuery, QueryKind};
use crate::syntax::Span;
use crate::value::Value;
use crate::wm::Fact;
use std::rc::Rc;

/// Runs a query.
pub fn run(host: &mut dyn Host, frame: &mut Vec<Value>, q: &FactQuery, _span: Span) -> Eval {
    let candidates: Vec<Vec<Rc<Fact>>> = q
        .members
        .iter()
        .map(|(_, templates)| templates.iter().flat_map(|t| host.facts_of(*t)).collect())
        .collect();
    let mut found: Vec<Value> = Vec::new();
    let mut last = Value::false_sym();
    let mut index = vec![0usize; candidates.len()];
    if candidates.iter().any(|c| c.is_empty()) {
        return Ok(empty_result(q.kind));
    }
    loop {
        // Bind the members of this combination (skipping facts retracted meanwhile).
        let mut live = true;
        for (m, (slot, _)) in q.members.iter().enumerate() {
            let fact = &candidates[m][index[m]];
            live &= host.fact(fact.id).is_some();
            super::set_local(frame, *slot, Value::Fact(fact.id));
        }
        if live && eval(host, frame, &q.condition)?.is_truthy() {
            match q.kind {
                QueryKind::Any => return Ok(Value::true_sym()),
                QueryKind::FindFirst | QueryKind::FindAll => {
                    found.extend(
                        q.members
                            .iter()
                            .map(|(slot, _)| frame[*slot as usize].clone()),
                    );
                    if q.kind == QueryKind::FindFirst {
                        return Ok(Value::multifield(found));
                    }
                }
                QueryKind::DoFirst | QueryKind::DoAll => {
                    match eval_body(host, frame, &q.actions) {
                        Ok(v) => last = v,
                        Err(Unwind::Break) => return Ok(last),
                        Err(e) => return Err(e),
                    }
                    if q.kind == QueryKind::DoFirst {
                        return Ok(last);
                    }
                }
            }
        }
        // Advance the odometer: the last member varies fastest.
        let mut m = candidates.len();
        loop {
            if m == 0 {
                return Ok(match q.kind {
                    QueryKind::FindAll => Value::multifield(found),
                    QueryKind::DoAll => last,
                    kind => empty_result(kind),
                });
            }
            m -= 1;
            index[m] += 1;
            if index[m] < candidates[m].len() {
                break;
            }
            index[m] = 0;
        }
    }
}

fn empty_result(kind: QueryKind) -> Value {
    match kind {
        QueryKind::FindFirst | QueryKind::FindAll => Value::empty_multifield(),
        _ => Value::false_sym(),
    }
}
