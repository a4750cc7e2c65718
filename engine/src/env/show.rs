//! How facts, activations and rules are printed by `facts`, `agenda`, `rules`
//! and watch, in CLIPS's formats.

use crate::agenda::Activation;
use crate::compile::Program;
use crate::value::{write_fields, FactId, Value};
use crate::wm::Fact;
use std::fmt::Write as _;

/// A fact as `(facts)` and watch print it: `f-1     (point (x 1) (y 2))`.
pub fn fact_line(program: &Program, fact: &Fact) -> String {
    format!("f-{:<5} {}", fact.id.0, fact_text(program, fact))
}

/// A fact's text: `(relation field...)` or `(template (slot value)...)`.
pub fn fact_text(program: &Program, fact: &Fact) -> String {
    let template = program.template(fact.template);
    let mut out = String::new();
    out.push('(');
    out.push_str(&template.name);
    if template.implied {
        let fields = fact.slots[0].as_slice();
        if !fields.is_empty() {
            out.push(' ');
            let _ = write_fields(&mut out, fields);
        }
    } else {
        for (slot, value) in template.slots.iter().zip(fact.slots.iter()) {
            let _ = write!(out, " ({}", slot.name);
            match value {
                Value::Multifield(items) => {
                    if !items.is_empty() {
                        out.push(' ');
                        let _ = write_fields(&mut out, items);
                    }
                }
                single => {
                    let _ = write!(out, " {}", single.repr());
                }
            }
            out.push(')');
        }
    }
    out.push(')');
    out
}

/// The facts of an activation: `f-1,f-2,*`.
pub fn fact_list(facts: &[Option<FactId>]) -> String {
    facts
        .iter()
        .map(|f| match f {
            Some(id) => format!("f-{}", id.0),
            None => "*".to_string(),
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// An agenda line: `10     rule: f-1,*`.
pub fn activation_line(activation: &Activation, rule_name: &str) -> String {
    format!("{:<6} {}: {}", activation.salience, rule_name, fact_list(&activation.facts))
}
