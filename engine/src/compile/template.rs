//! Templates: the shape of facts, from `deftemplate` or implied by an ordered fact.

use super::expr::CExpr;
pub use crate::messages::constraints::Violation;
use crate::value::{Atom, Value};
use std::rc::Rc;

/// Index of a template in the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TemplateId(pub u32);

/// Index of a module in the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ModuleId(pub u32);

/// A fact template.
#[derive(Debug, Clone)]
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
    pub source: Option<crate::syntax::SourceText>,
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
                facets: Vec::new(),
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
#[derive(Debug, Clone)]
pub struct Slot {
    /// The slot's name.
    pub name: Atom,
    /// `true` for a multislot.
    pub multi: bool,
    /// The value an assert that omits the slot gets.
    pub default: SlotDefault,
    /// The slot's type and value restrictions.
    pub constraint: SlotConstraint,
    /// The user's facets (`facet`, `multifacet`), by name, in definition order.
    pub facets: Vec<(Atom, Value)>,
}

/// How an omitted slot is filled.
#[derive(Debug, Clone)]
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
    /// The numeric range, its bounds as written (`None` for `?VARIABLE`).
    pub range: Option<(Option<Value>, Option<Value>)>,
    /// The cardinality of a multislot.
    pub cardinality: Option<(Option<i64>, Option<i64>)>,
}

impl SlotConstraint {
    /// The default CLIPS derives for a slot with this constraint: a value of the
    /// first allowed type (SYMBOL first when any type is allowed) — the first
    /// allowed value of that type if the type's values are restricted, else `nil`,
    /// `""`, the range's minimum or `0`/`0.0`. A multislot gets as many such values
    /// as its minimum cardinality (none by default).
    pub fn derived_default(&self, multi: bool) -> Value {
        let single = self.derived_single();
        if multi {
            let count = self
                .cardinality
                .and_then(|(min, _)| min)
                .unwrap_or(0)
                .max(0) as usize;
            return Value::multifield(vec![single; count]);
        }
        single
    }

    /// Whether the slot admits values of the primitive type named `t` (`SYMBOL`,
    /// `INTEGER`, ...): any type when `type` is not given; `LEXEME`, `NUMBER` and
    /// `INSTANCE` admit their two types each.
    pub fn admits_type(&self, t: &str) -> bool {
        self.types.is_empty()
            || self.types.iter().any(|x| {
                let x = x.as_str();
                x == t
                    || (x == "LEXEME" && (t == "SYMBOL" || t == "STRING"))
                    || (x == "NUMBER" && (t == "INTEGER" || t == "FLOAT"))
                    || (x == "INSTANCE" && (t == "INSTANCE-ADDRESS" || t == "INSTANCE-NAME"))
            })
    }

    fn derived_single(&self) -> Value {
        const ORDER: [&str; 5] = ["SYMBOL", "STRING", "INTEGER", "FLOAT", "FACT-ADDRESS"];
        let ty = ORDER
            .into_iter()
            .find(|t| self.admits_type(t))
            .unwrap_or("SYMBOL");
        let of_type = |v: &&Value| match ty {
            "SYMBOL" => matches!(v, Value::Symbol(_)),
            "STRING" => matches!(v, Value::String(_)),
            "INTEGER" => matches!(v, Value::Integer(_)),
            "FLOAT" => matches!(v, Value::Float(_)),
            _ => false,
        };
        let restricts = |kind: &str| match ty {
            "SYMBOL" => matches!(kind, "allowed-symbols" | "allowed-lexemes"),
            "STRING" => matches!(kind, "allowed-strings" | "allowed-lexemes"),
            "INTEGER" => matches!(kind, "allowed-integers" | "allowed-numbers"),
            "FLOAT" => matches!(kind, "allowed-floats" | "allowed-numbers"),
            _ => false,
        };
        for (kind, values) in &self.allowed {
            if restricts(kind) || kind.as_str() == "allowed-values" {
                if let Some(v) = values.iter().find(of_type) {
                    return v.clone();
                }
            }
        }
        let min = self.bound(|(min, _)| min);
        match ty {
            "STRING" => Value::string(""),
            "INTEGER" => Value::Integer(min.map_or(0, |m| m as i64)),
            "FLOAT" => Value::Float(min.unwrap_or(0.0)),
            _ => Value::nil(),
        }
    }

    /// A bound of the range (`which` picks it) as a number, if there is one.
    fn bound(
        &self,
        which: impl Fn(&(Option<Value>, Option<Value>)) -> &Option<Value>,
    ) -> Option<f64> {
        self.range
            .as_ref()
            .and_then(|r| which(r).as_ref()?.as_f64())
    }

    /// Checks `value` against the constraint, as CLIPS does: its type, then the
    /// allowed values, then the range.
    pub fn check(&self, value: &Value) -> Result<(), Violation> {
        if !self.types.is_empty() && !self.types.iter().any(|t| type_admits(t, value)) {
            return Err(Violation::Type);
        }
        for (kind, values) in &self.allowed {
            let applies = match kind.as_str() {
                "allowed-symbols" => matches!(value, Value::Symbol(_)),
                "allowed-strings" => matches!(value, Value::String(_)),
                "allowed-lexemes" => matches!(value, Value::Symbol(_) | Value::String(_)),
                "allowed-integers" => matches!(value, Value::Integer(_)),
                "allowed-floats" => matches!(value, Value::Float(_)),
                "allowed-numbers" => matches!(value, Value::Integer(_) | Value::Float(_)),
                "allowed-instance-names" => matches!(value, Value::InstanceName(_)),
                _ => true,
            };
            if applies && !values.contains(value) {
                return Err(Violation::AllowedValues);
            }
        }
        if let Some(x) = value.as_f64() {
            let (min, max) = (self.bound(|(min, _)| min), self.bound(|(_, max)| max));
            if min.is_some_and(|m| x < m) || max.is_some_and(|m| x > m) {
                let (min, max) = self.range.clone().unwrap_or_default();
                return Err(Violation::Range(min, max));
            }
        }
        Ok(())
    }

    /// Checks the value `value` of a slot (a multislot if `multi`): a multislot's
    /// number of values against its cardinality first, then each value.
    pub fn check_slot_value(&self, value: &Value, multi: bool) -> Result<(), Violation> {
        if multi {
            let count = value.as_slice().len() as i64;
            if let Some((min, max)) = self.cardinality {
                if min.is_some_and(|m| count < m) || max.is_some_and(|m| count > m) {
                    return Err(Violation::Cardinality);
                }
            }
        }
        value.as_slice().iter().try_for_each(|v| self.check(v))
    }

    /// What `violation`, found in `value`, means, in Salience's words.
    pub fn explain(&self, value: &Value, violation: &Violation) -> String {
        match violation {
            Violation::Type => {
                let names: Vec<&str> = self.types.iter().map(|t| t.as_str()).collect();
                format!("expected type {}", names.join(" or "))
            }
            Violation::AllowedValues => {
                format!("{} is not one of the allowed values", value.repr())
            }
            Violation::Range(..) => format!("{} is outside the range", value.repr()),
            Violation::Cardinality => format!(
                "{} values are outside the cardinality",
                value.as_slice().len()
            ),
        }
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
        "INSTANCE-NAME" => matches!(value, Value::InstanceName(_)),
        "INSTANCE-ADDRESS" => matches!(value, Value::Instance(_)),
        "INSTANCE" => matches!(value, Value::Instance(_) | Value::InstanceName(_)),
        // Salience has no external addresses.
        "EXTERNAL-ADDRESS" => false,
        "?VARIABLE" => true,
        _ => true,
    }
}
