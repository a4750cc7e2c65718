//! Templates: the shape of facts, from `deftemplate` or implied by an ordered fact.

use super::expr::CExpr;
use crate::value::{Atom, Value};
use std::rc::Rc;

/// Index of a template in the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TemplateId(pub u32);

/// Index of a module in the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ModuleId(pub u32);

/// A fact template.
#[derive(Debug)]
pub struct Template {
    /// The template's name.
    pub name: Atom,
    /// The module that defines it.
    pub module: ModuleId,
    /// `true` for the implied template of ordered facts: one multislot holding the fields.
    pub implied: bool,
    /// The slots, in definition order.
    pub slots: Vec<Slot>,
    /// The source text of the deftemplate, for `ppdeftemplate`.
    pub source: Option<Rc<str>>,
}

impl Template {
    /// The implied template of ordered facts with relation `name`.
    pub fn implied(name: Atom, module: ModuleId) -> Template {
        Template {
            name,
            module,
            implied: true,
            slots: vec![Slot {
                name: crate::value::atom("implied"),
                multi: true,
                default: SlotDefault::Derive,
                constraint: SlotConstraint::default(),
            }],
            source: None,
        }
    }

    /// The position of slot `name`.
    pub fn slot_index(&self, name: Atom) -> Option<usize> {
        self.slots.iter().position(|s| s.name == name)
    }

    /// The slot names, comma-separated, for "expected one of" messages.
    pub fn slot_names(&self) -> String {
        self.slots
            .iter()
            .map(|s| s.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A slot of a template.
#[derive(Debug)]
pub struct Slot {
    /// The slot's name.
    pub name: Atom,
    /// `true` for a multislot.
    pub multi: bool,
    /// The value an assert that omits the slot gets.
    pub default: SlotDefault,
    /// The slot's type and value restrictions.
    pub constraint: SlotConstraint,
}

/// How an omitted slot is filled.
#[derive(Debug)]
pub enum SlotDefault {
    /// Derived from the constraint (see [`SlotConstraint::derived_default`]).
    Derive,
    /// `?NONE`: the slot must be given.
    Required,
    /// A value computed when the template was defined.
    Static(Value),
    /// Expressions evaluated at each assert.
    Dynamic(Rc<[CExpr]>),
}

/// The restrictions on a slot's values.
#[derive(Debug, Default, Clone)]
pub struct SlotConstraint {
    /// Allowed type names (`SYMBOL`, `STRING`, `INTEGER`, `FLOAT`, `FACT-ADDRESS`, ...); empty: any.
    pub types: Vec<Atom>,
    /// The `allowed-...` attributes: each attribute's kind and its values.
    pub allowed: Vec<(Atom, Vec<Value>)>,
    /// The numeric range.
    pub range: Option<(Option<f64>, Option<f64>)>,
    /// The cardinality of a multislot.
    pub cardinality: Option<(Option<i64>, Option<i64>)>,
}

impl SlotConstraint {
    /// The default CLIPS derives for a slot with this constraint: the first allowed
    /// value, else a value of the first allowed type (`nil`, `""`, `0`, `0.0`),
    /// the range's minimum for numbers; for a multislot, the empty multifield.
    pub fn derived_default(&self, multi: bool) -> Value {
        if multi {
            return Value::empty_multifield();
        }
        if let Some(first) = self.allowed.first().and_then(|(_, values)| values.first()) {
            return first.clone();
        }
        let first_type = self.types.first().map(|t| t.as_str());
        match first_type {
            Some("INTEGER") | Some("NUMBER") => match self.range {
                Some((Some(min), _)) => Value::Integer(min as i64),
                _ => Value::Integer(0),
            },
            Some("FLOAT") => match self.range {
                Some((Some(min), _)) => Value::Float(min),
                _ => Value::Float(0.0),
            },
            Some("STRING") => Value::string(""),
            _ => match self.range {
                Some((Some(min), _)) if self.types.is_empty() => Value::Integer(min as i64),
                _ => Value::nil(),
            },
        }
    }

    /// Checks `value` against the constraint; `Err` says what was violated.
    pub fn check(&self, value: &Value) -> Result<(), String> {
        if !self.types.is_empty() && !self.types.iter().any(|t| type_admits(t, value)) {
            let names: Vec<&str> = self.types.iter().map(|t| t.as_str()).collect();
            return Err(format!("expected type {}", names.join(" or ")));
        }
        for (kind, values) in &self.allowed {
            let applies = match kind.as_str() {
                "allowed-symbols" => matches!(value, Value::Symbol(_)),
                "allowed-strings" => matches!(value, Value::String(_)),
                "allowed-lexemes" => matches!(value, Value::Symbol(_) | Value::String(_)),
                "allowed-integers" => matches!(value, Value::Integer(_)),
                "allowed-floats" => matches!(value, Value::Float(_)),
                "allowed-numbers" => matches!(value, Value::Integer(_) | Value::Float(_)),
                _ => true,
            };
            if applies && !values.contains(value) {
                return Err(format!("{} is not one of the {kind}", value.repr()));
            }
        }
        if let (Some((min, max)), Some(x)) = (self.range, value.as_f64()) {
            if min.is_some_and(|m| x < m) || max.is_some_and(|m| x > m) {
                return Err(format!("{} is outside the range", value.repr()));
            }
        }
        Ok(())
    }
}

fn type_admits(type_name: &str, value: &Value) -> bool {
    match type_name {
        "SYMBOL" => matches!(value, Value::Symbol(_)),
        "STRING" => matches!(value, Value::String(_)),
        "LEXEME" => matches!(value, Value::Symbol(_) | Value::String(_)),
        "INTEGER" => matches!(value, Value::Integer(_)),
        "FLOAT" => matches!(value, Value::Float(_)),
        "NUMBER" => matches!(value, Value::Integer(_) | Value::Float(_)),
        "FACT-ADDRESS" => matches!(value, Value::Fact(_)),
        "?VARIABLE" => true,
        _ => true,
    }
}
