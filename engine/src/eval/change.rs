//! The actions that change working memory by building facts: `assert`, `modify`
//! and `duplicate`, and a rule's assert or modify marked as followed by a
//! retraction (see [`crate::compile::retraction`]).

use super::{build_fact, eval, eval_args, fact_id_of, flatten, Args, Eval, EvalError, Host};
use crate::compile::expr::{FactBuild, Special};
use crate::compile::retraction::RetractionAhead;
use crate::compile::CExpr;
use crate::messages;
use crate::syntax::Span;
use crate::value::{Atom, FactId, Value};

/// A modify's parts: the fact expression, the slots with their value
/// expressions, and whether it is a duplicate.
pub(super) type ModifyParts<'e> = (&'e CExpr, &'e [(Atom, Span, Vec<CExpr>)], bool);

/// `(assert fact...)`. With `ahead`, the retraction that the next action makes
/// is promised to the host for the last fact's assertion, if it is sure.
pub(super) fn assert(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    facts: &[FactBuild],
    ahead: Option<&RetractionAhead>,
) -> Eval {
    // CLIPS asserts several facts as a `progn` of asserts: once an error halts
    // execution (a pattern's test failing while a fact is matched, say), the rest
    // are not asserted and the value is FALSE.
    let halted = |host: &dyn Host| facts.len() > 1 && host.execution_halted();
    let mut last = Value::false_sym();
    for (i, build) in facts.iter().enumerate() {
        if halted(host) {
            return Ok(Value::false_sym());
        }
        let (template, slots) = build_fact(host, frame, build)?;
        let promise = ahead
            .filter(|_| i + 1 == facts.len())
            .and_then(|ahead| surely_retracted(host, frame, ahead));
        let asserted = telling(host, promise, |host| host.assert_fact(template, slots));
        last = match asserted.map_err(|e| e.at(build.span))? {
            Some(id) => Value::Fact(id),
            None => Value::false_sym(),
        };
    }
    if halted(host) {
        return Ok(Value::false_sym());
    }
    Ok(last)
}

/// `(modify f (slot v...)...)` or `(duplicate f ...)`; `ahead` as for [`assert`]
/// (no promise when the fact retracted next is the one modified here).
pub(super) fn modify(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    (fact, slots, duplicate): ModifyParts<'_>,
    span: Span,
    ahead: Option<&RetractionAhead>,
) -> Eval {
    let target = eval(host, frame, fact)?;
    let what = if duplicate { "duplicate" } else { "modify" };
    let id = fact_id_of(host, &target, what, span)?;
    let Some(existing) = host.fact(id) else {
        // CLIPS reports the fact and goes on with FALSE.
        let message = match target {
            Value::Fact(_) => messages::prntutil::prntutil11(id.0),
            _ => messages::prntutil::prntutil1("fact", &format!("f-{}", id.0), false),
        };
        host.warn(&message);
        return Ok(Value::false_sym());
    };
    let mut changes = Vec::with_capacity(slots.len());
    for (name, slot_span, exprs) in slots {
        let template = host.program().template(existing.template);
        let Some(index) = template.slot_index(*name) else {
            return Err(EvalError::new(messages::templates::tmpltdef1(
                name.as_str(),
                template.name.as_str(),
                true,
            ))
            .at(*slot_span)
            .into());
        };
        let multi = template.slots[index].multi;
        let template_name = template.name;
        let values = super::with_clear_locked(host, |host| eval_args(host, frame, exprs))?;
        let Some(value) = slot_value(multi, values) else {
            return Err(EvalError::new(messages::templates::tmpltfun1(
                name.as_str(),
                template_name.as_str(),
            ))
            .at(*slot_span)
            .into());
        };
        changes.push((index, value));
    }
    // The promise is weighed once the values are evaluated: evaluating them may
    // have changed the fact retracted next.
    let promise = ahead
        .and_then(|ahead| surely_retracted(host, frame, ahead))
        .filter(|next| *next != id);
    let modified = telling(host, promise, |host| {
        host.modify_fact(id, changes, duplicate)
    });
    Ok(match modified.map_err(|e| e.at(span))? {
        Some(id) => Value::Fact(id),
        None => Value::false_sym(),
    })
}

/// A marked action: evaluated as it is, telling the host which fact the next
/// action retracts when that retraction is sure to happen.
pub(super) fn before_retraction(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    action: &CExpr,
    ahead: &RetractionAhead,
) -> Eval {
    match action {
        CExpr::Special(special, span) => match &**special {
            Special::Assert(facts) => assert(host, frame, facts, Some(ahead)),
            Special::Modify {
                fact,
                slots,
                duplicate,
            } => modify(host, frame, (fact, slots, *duplicate), *span, Some(ahead)),
            _ => eval(host, frame, action),
        },
        _ => eval(host, frame, action),
    }
}

/// Runs `change` with the host told that `promise` (if any) is the fact retracted
/// next, and told so no longer afterwards, whatever the outcome.
fn telling<T>(
    host: &mut dyn Host,
    promise: Option<FactId>,
    change: impl FnOnce(&mut dyn Host) -> T,
) -> T {
    if promise.is_none() {
        return change(host);
    }
    host.expect_retraction(promise);
    let result = change(host);
    host.expect_retraction(None);
    result
}

/// The fact the next action will retract, if it surely will: the variable holds
/// a fact that exists, and for a modify, its slots take the constant values
/// (as [`modify`] would give them) and change the fact (an unchanged fact is
/// not modified). Run-time constraint checking could refuse the values: then
/// nothing is promised.
fn surely_retracted(
    host: &mut dyn Host,
    frame: &[Value],
    ahead: &RetractionAhead,
) -> Option<FactId> {
    let Some(Value::Fact(id)) = frame.get(ahead.fact as usize) else {
        return None;
    };
    let fact = host.fact(*id)?;
    let Some(changes) = &ahead.changes else {
        return Some(*id);
    };
    if host.dynamic_constraint_checking() {
        return None;
    }
    let template = host.program().template(fact.template);
    let mut slots = fact.slots.to_vec();
    for (name, values) in changes {
        let index = template.slot_index(*name)?;
        let values: Args = values.iter().cloned().collect();
        slots[index] = slot_value(template.slots[index].multi, values)?;
    }
    (*slots != *fact.slots).then_some(*id)
}

/// The value a modify gives a slot from its evaluated values: their fields for a
/// multislot; for a single-field slot the one value, `None` unless there is
/// exactly one and it is not a multifield.
fn slot_value(multi: bool, values: Args) -> Option<Value> {
    if multi {
        Some(flatten(values))
    } else if values.len() == 1 && !values[0].is_multifield() {
        values.into_iter().next()
    } else {
        None
    }
}
