//! How facts, activations and rules are printed by `facts`, `agenda`, `rules`
//! and watch, in CLIPS's formats.

use crate::agenda::Activation;
use crate::compile::Program;
use crate::value::{escaped, FactId, Value};
use crate::wm::Fact;
use std::fmt::Write as _;

/// A fact as `(facts)` and watch print it: `f-1     (point (x 1) (y 2))`.
pub fn fact_line(program: &Program, fact: &Fact) -> String {
    format!("f-{:<5} {}", fact.id.0, fact_text(program, fact))
}

/// A modified fact's watch line: `f-1     (t (a 1) ...)`, only the slots in
/// `changed` (by index) shown, each run of unchanged slots as ` ...`, as CLIPS's
/// `PrintTemplateFact` does with a change map. Ordered facts show whole.
pub fn fact_change_line(program: &Program, fact: &Fact, changed: &[bool]) -> String {
    if program.template(fact.template).implied {
        return fact_line(program, fact);
    }
    format!(
        "f-{:<5} {}",
        fact.id.0,
        changed_text(program, fact, changed)
    )
}

/// The `(template ...)` text of [`fact_change_line`].
fn changed_text(program: &Program, fact: &Fact, changed: &[bool]) -> String {
    let template = program.template(fact.template);
    let is_changed = |i: usize| changed.get(i).copied().unwrap_or(false);
    let shown: Vec<usize> = (0..template.slots.len())
        .filter(|&i| is_changed(i))
        .collect();
    let mut out = format!("({}", template.name);
    if shown.first() != Some(&0) && !template.slots.is_empty() {
        out.push_str(" ...");
    }
    for (k, &i) in shown.iter().enumerate() {
        out.push(' ');
        if let (Some(slot), Some(value)) = (template.slots.get(i), fact.slots.get(i)) {
            write_slot(&mut out, &slot.name, value, false);
        }
        let next = shown.get(k + 1).copied();
        if next != Some(i + 1) && (next.is_some() || i + 1 < template.slots.len()) {
            out.push_str(" ...");
        }
    }
    out.push(')');
    out
}

/// A fact's text as listings show it: `(relation field...)` or
/// `(template (slot value)...)`, strings quoted but not escaped.
pub fn fact_text(program: &Program, fact: &Fact) -> String {
    render(program, fact, false, " ", &|_| true)
}

/// A fact's text as `save-facts` writes it: strings escaped, so it reads back.
pub fn fact_source(program: &Program, fact: &Fact) -> String {
    render(program, fact, true, " ", &|_| true)
}

/// A fact's text as `ppfact` prints it: each slot of a template fact on a line of
/// its own, only the slots `keep` (given the slot's index) accepts.
pub fn fact_pretty(program: &Program, fact: &Fact, keep: &dyn Fn(usize) -> bool) -> String {
    render(program, fact, false, " \n   ", keep)
}

/// `before_slot` is what comes before each slot of a template fact.
fn render(
    program: &Program,
    fact: &Fact,
    escape: bool,
    before_slot: &str,
    keep: &dyn Fn(usize) -> bool,
) -> String {
    let template = program.template(fact.template);
    let mut out = String::new();
    out.push('(');
    out.push_str(&template.name);
    if template.implied {
        let items = fact.slots[0].as_slice();
        if !items.is_empty() {
            out.push(' ');
            write_fields(&mut out, items, escape);
        }
    } else {
        let slots = template.slots.iter().zip(fact.slots.iter()).enumerate();
        for (_, (slot, value)) in slots.filter(|(i, _)| keep(*i)) {
            out.push_str(before_slot);
            write_slot(&mut out, &slot.name, value, escape);
        }
    }
    out.push(')');
    out
}

/// Writes one template slot: `(name v...)`.
pub(crate) fn write_slot(out: &mut String, name: &str, value: &Value, escape: bool) {
    let _ = write!(out, "({name}");
    let items = value.as_slice();
    if !items.is_empty() {
        out.push(' ');
        write_fields(out, items, escape);
    }
    out.push(')');
}

/// Writes fields separated by spaces, strings escaped when `escape`.
fn write_fields(out: &mut String, items: &[Value], escape: bool) {
    for (i, v) in items.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match v {
            Value::String(s) if escape => out.push_str(&escaped(s)),
            other => {
                let _ = write!(out, "{}", other.repr());
            }
        }
    }
}

/// The facts of an activation: `f-1,f-2,*` (`*` alone for an empty LHS).
pub fn fact_list(facts: &[Option<FactId>]) -> String {
    if facts.is_empty() {
        return "*".to_string();
    }
    facts
        .iter()
        .map(|f| match f {
            Some(id) => id.to_string(),
            None => "*".to_string(),
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// An agenda line: `10     rule: f-1,*`, given the facts the activation matched.
pub fn activation_line(
    activation: &Activation,
    facts: &[Option<FactId>],
    rule_name: &str,
) -> String {
    format!(
        "{:<6} {}: {}",
        activation.salience,
        rule_name,
        fact_list(facts)
    )
}
