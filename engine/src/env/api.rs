//! Embedding Salience from Rust: facts by name, and a serde bridge.
//!
//! The core [`Environment`] API (`load_str`, `reset`, `run`, `facts_of`, ...)
//! works with template ids and slot positions. This module adds the
//! by-name layer an embedding program wants:
//!
//! - [`Environment::assert_fact`], [`Environment::assert_ordered`],
//!   [`Environment::modify_fact`] and [`Environment::retract_fact`] take template
//!   and slot names and check every value against the slot, returning a
//!   [`FactError`] that names the template and slot instead of panicking.
//! - [`Environment::assert_struct`], [`Environment::facts_as`] and
//!   [`Environment::fact_as`] move any `serde` type in and out of working memory;
//!   [`to_value`] and [`from_value`] convert single values.
//!
//! # The serde mapping
//!
//! | Rust                                   | CLIPS                              |
//! |----------------------------------------|------------------------------------|
//! | integers (`i8`..`i64`, `u8`..`u64`)    | `INTEGER` (a `u64` above `i64::MAX` is an error) |
//! | `f32`, `f64`                           | `FLOAT` (an `INTEGER` also reads as a float) |
//! | `String`, `&str`, `char`               | `STRING` (a `SYMBOL` also reads as a string) |
//! | `bool`                                 | the symbols `TRUE` / `FALSE`       |
//! | unit enum variant                      | `SYMBOL` named like the variant    |
//! | `Vec<T>`, tuples                       | multifield (a multislot)           |
//! | `Option<T>`                            | the value, or the symbol `nil`     |
//! | `()`, unit struct                      | the symbol `nil`                   |
//! | newtype struct                         | its inner value                    |
//! | struct (whole fact only)               | a deftemplate fact, field = slot   |
//!
//! Maps, nested structs, byte arrays and enum variants carrying data have no
//! CLIPS value and are rejected with [`SerdeError::Unsupported`].
//!
//! **Names.** A struct field maps to the slot of the same name, exactly as serde
//! names it; use `#[serde(rename_all = "kebab-case")]` for CLIPS-style slot names.
//! [`Environment::assert_struct`] picks the template by a single rule: **the serde
//! name of the struct, lowercased** (`Point` → `point`); change it with
//! `#[serde(rename = "...")]` or name the template with
//! [`Environment::assert_struct_as`]. Fields that are skipped
//! (`#[serde(skip_serializing_if = ...)]`) get the slot's default.
//!
//! **Values from Rust.** `Value` converts from `i64`, `f64`, `bool` (`TRUE` /
//! `FALSE`) and `&str`; a `&str` becomes a **symbol** — use [`Value::string`]
//! for a CLIPS string.
//!
//! # Output
//!
//! Rule output goes through routers: [`Environment::set_output`] sends `t` and
//! `stdout` to any [`std::io::Write`], [`Environment::set_error_output`] does the
//! same for errors and warnings, and [`Environment::capture_output`] keeps the
//! output in memory and returns a [`Captured`](super::Captured) handle to read it.
//!
//! # Example
//!
//! ```
//! use salience_engine::env::Environment;
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! #[serde(rename_all = "lowercase")]
//! enum Size { Small, Large }
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Order { id: i64, size: Size, price: f64, note: Option<String>, tags: Vec<String> }
//!
//! let mut env = Environment::new();
//! env.load_str(
//!     "(deftemplate order (slot id (type INTEGER)) (slot size (allowed-symbols small large))
//!        (slot price (type FLOAT)) (slot note) (multislot tags))
//!      (defrule upsize ?o <- (order (size small) (price ?p))
//!        => (modify ?o (size large) (price (+ ?p 1.5))))",
//!     "orders.clp",
//! ).unwrap();
//! env.reset();
//! let order = Order { id: 1, size: Size::Small, price: 2.0, note: None, tags: vec!["web".into()] };
//! env.assert_struct(&order).unwrap();
//! env.run(None).unwrap();
//! let orders: Vec<Order> = env.facts_as("order").unwrap();
//! assert_eq!(orders, [Order { size: Size::Large, price: 3.5, ..order }]);
//! ```

use super::Environment;
use crate::compile::{Template, TemplateId};
use crate::eval::{EvalError, Unwind};
use crate::value::{atom, Atom, FactId, Value};
use crate::wm::Slots;
use serde::de::{self, DeserializeOwned, IntoDeserializer};
use serde::ser::{self, Impossible, Serialize};

/// An error from the by-name fact API; each names the template or slot at fault.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FactError {
    /// No template (or ordered-fact relation) of that name is visible.
    #[error("unknown template {0}")]
    UnknownTemplate(String),
    /// The template has no slot of that name.
    #[error("template {template} has no slot {slot} (its slots: {slots})")]
    UnknownSlot {
        /// The template.
        template: String,
        /// The slot asked for.
        slot: String,
        /// The template's slots, comma-separated.
        slots: String,
    },
    /// The same slot was given twice.
    #[error("slot {slot} of template {template} is given more than once")]
    DuplicateSlot {
        /// The template.
        template: String,
        /// The slot.
        slot: String,
    },
    /// Slots were given by name for an ordered-fact relation.
    #[error("{0} is an ordered-fact relation, not a deftemplate: use assert_ordered")]
    OrderedRelation(String),
    /// The relation is new and its implied template cannot be created.
    #[error(transparent)]
    ImportExportConflict(#[from] crate::compile::program::ImportExportConflict),
    /// Ordered fields were given for a deftemplate.
    #[error("{0} is a deftemplate: give its slots by name with assert_fact")]
    NotOrdered(String),
    /// A single-field slot was given a multifield.
    #[error(
        "slot {slot} of template {template} holds one field but was given the multifield {value}"
    )]
    MultifieldInSingleSlot {
        /// The template.
        template: String,
        /// The slot.
        slot: String,
        /// The multifield, as CLIPS prints it.
        value: String,
    },
    /// A value violates the slot's type, allowed values or range.
    #[error("slot {slot} of template {template}: {reason}")]
    Constraint {
        /// The template.
        template: String,
        /// The slot.
        slot: String,
        /// What was violated.
        reason: String,
    },
    /// No fact has that index.
    #[error("fact {0} does not exist")]
    UnknownFact(FactId),
    /// A Rust value could not be converted to or from the template's facts.
    #[error("template {template}: {source}")]
    Serde {
        /// The template.
        template: String,
        /// The conversion error.
        source: SerdeError,
    },
    /// The engine refused the fact (e.g. the working-memory limit) or a slot
    /// default failed to evaluate.
    #[error(transparent)]
    Eval(#[from] EvalError),
}

/// An error converting between Rust values and CLIPS values.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SerdeError {
    /// A message from a `Serialize` or `Deserialize` implementation (such as a
    /// missing field).
    #[error("{0}")]
    Custom(String),
    /// The Rust type has no CLIPS representation.
    #[error("{0} cannot be represented as a CLIPS value")]
    Unsupported(&'static str),
    /// The CLIPS value is not of the type the Rust value needs.
    #[error("expected {expected}, found {found}")]
    Mismatch {
        /// What the Rust type needs.
        expected: &'static str,
        /// The value found, with its CLIPS type.
        found: String,
    },
    /// A `u64` too large for a CLIPS `INTEGER`.
    #[error("{0} does not fit in a CLIPS INTEGER")]
    IntegerOverflow(u64),
    /// A sequence inside a sequence: multifields are flat.
    #[error("a multifield cannot contain another multifield")]
    NestedMultifield,
    /// A multifield with more elements than the tuple reading it.
    #[error("{0} fields left over after reading the tuple")]
    TrailingFields(usize),
    /// A whole fact must come from a struct (or a map with string keys).
    #[error("a fact is made from a struct or a map, not {0}")]
    NotAStruct(&'static str),
    /// The error concerns one field (slot) of a struct.
    #[error("slot {field}: {source}")]
    Field {
        /// The field (slot) name.
        field: String,
        /// What went wrong with it.
        source: Box<SerdeError>,
    },
}

impl ser::Error for SerdeError {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        SerdeError::Custom(msg.to_string())
    }
}

impl de::Error for SerdeError {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        SerdeError::Custom(msg.to_string())
    }
}

impl SerdeError {
    fn in_field(self, field: &str) -> SerdeError {
        SerdeError::Field {
            field: field.to_string(),
            source: Box::new(self),
        }
    }
}

/// Converts a Rust value to a CLIPS value (see the [module docs](self) for the mapping).
pub fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<Value, SerdeError> {
    value.serialize(ValueSerializer)
}

/// Converts a CLIPS value to a Rust value (see the [module docs](self) for the mapping).
pub fn from_value<T: DeserializeOwned>(value: &Value) -> Result<T, SerdeError> {
    T::deserialize(ValueDeserializer(value))
}

impl Environment {
    /// Asserts a fact of deftemplate `template`, giving slots by name; omitted
    /// slots get their defaults. A multislot given a single value holds that one
    /// value. Every value is checked against its slot's constraints. Returns the
    /// fact's index (an existing identical fact's index if duplication is off).
    ///
    /// ```
    /// # use salience_engine::{env::Environment, Value};
    /// let mut env = Environment::new();
    /// env.load_str("(deftemplate point (slot x (type INTEGER)) (slot y))", "p.clp").unwrap();
    /// let id = env.assert_fact("point", &[("x", Value::Integer(1)), ("y", 2.into())]).unwrap();
    /// assert!(env.assert_fact("point", &[("z", 0.into())]).is_err());
    /// # let _ = id;
    /// ```
    pub fn assert_fact(
        &mut self,
        template: &str,
        slots: &[(&str, Value)],
    ) -> Result<FactId, FactError> {
        let id = self
            .template_id(template)
            .ok_or_else(|| FactError::UnknownTemplate(template.to_string()))?;
        let changes = self.resolve_slots(id, slots)?;
        let mut given: Vec<Option<Value>> = vec![None; self.rt.program.template(id).slots.len()];
        for (index, value) in changes {
            given[index] = Some(value);
        }
        let mut values = Vec::with_capacity(given.len());
        // The template is in use while its defaults are evaluated (see `Runtime::building`).
        self.rt.building.push(id);
        for (index, value) in given.into_iter().enumerate() {
            let value = match value {
                Some(v) => Ok(v),
                None => crate::eval::default_value(self, &mut Vec::new(), id, index),
            };
            match value {
                Ok(v) => values.push(v),
                Err(e) => {
                    self.rt.building.pop();
                    return Err(unwind_error(e));
                }
            }
        }
        self.rt.building.pop();
        self.assert_checked(id, values)
    }

    /// Asserts the ordered fact `(relation fields...)`, creating the relation if
    /// it is new. Multifields among `fields` are spliced in, as CLIPS does.
    pub fn assert_ordered(
        &mut self,
        relation: &str,
        fields: Vec<Value>,
    ) -> Result<FactId, FactError> {
        let id = self.rt.program.template_or_implied(atom(relation))?;
        if !self.rt.program.template(id).implied {
            return Err(FactError::NotOrdered(relation.to_string()));
        }
        self.assert_checked(id, vec![crate::eval::flatten(fields.into())])
    }

    /// Changes the named slots of fact `id`, keeping its index. Returns `None`
    /// if the changed fact duplicated an existing one and so was dropped.
    pub fn modify_fact(
        &mut self,
        id: FactId,
        changes: &[(&str, Value)],
    ) -> Result<Option<FactId>, FactError> {
        let template = self
            .rt
            .wm
            .get(id)
            .ok_or(FactError::UnknownFact(id))?
            .template;
        let changes = self.resolve_slots(template, changes)?;
        Ok(self.modify(id, changes, false)?)
    }

    /// Retracts fact `id`.
    pub fn retract_fact(&mut self, id: FactId) -> Result<(), FactError> {
        if self.retract(id) {
            Ok(())
        } else {
            Err(FactError::UnknownFact(id))
        }
    }

    /// Asserts a struct as a fact of the template named by the struct's serde
    /// name, lowercased (`Point` → `point`); fields map to slots by name.
    pub fn assert_struct<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<FactId, FactError> {
        let record = value
            .serialize(FactSerializer)
            .map_err(|source| FactError::Serde {
                template: std::any::type_name::<T>().to_string(),
                source,
            })?;
        let template = record
            .name
            .map(str::to_lowercase)
            .ok_or_else(|| FactError::Serde {
                template: std::any::type_name::<T>().to_string(),
                source: SerdeError::NotAStruct(
                    "a map without a template name (use assert_struct_as)",
                ),
            })?;
        self.assert_record(&template, record)
    }

    /// Asserts a struct (or string-keyed map) as a fact of `template`; fields map
    /// to slots by name.
    pub fn assert_struct_as<T: Serialize + ?Sized>(
        &mut self,
        template: &str,
        value: &T,
    ) -> Result<FactId, FactError> {
        let record = value
            .serialize(FactSerializer)
            .map_err(|source| serde_error(template, source))?;
        self.assert_record(template, record)
    }

    /// Replaces the slots of fact `id` with the fields of `value` (a struct with
    /// some or all of the template's slots).
    pub fn modify_struct<T: Serialize + ?Sized>(
        &mut self,
        id: FactId,
        value: &T,
    ) -> Result<Option<FactId>, FactError> {
        let record = value
            .serialize(FactSerializer)
            .map_err(|source| serde_error(&format!("of {id}"), source))?;
        self.modify_fact(id, &record.borrowed())
    }

    /// The facts of `template`, in index order, deserialized into `T`. A
    /// deftemplate fact reads as a map of slot names to values (so into a
    /// struct); an ordered fact reads as a sequence of its fields (so into a
    /// tuple, a tuple struct or a `Vec`).
    pub fn facts_as<T: DeserializeOwned>(&self, template: &str) -> Result<Vec<T>, FactError> {
        Ok(self
            .fact_entries_as(template)?
            .into_iter()
            .map(|(_, value)| value)
            .collect())
    }

    /// Like [`Environment::facts_as`], with each fact's index (to modify or
    /// retract it later).
    pub fn fact_entries_as<T: DeserializeOwned>(
        &self,
        template: &str,
    ) -> Result<Vec<(FactId, T)>, FactError> {
        if self.template_id(template).is_none() {
            return Err(FactError::UnknownTemplate(template.to_string()));
        }
        self.facts_of(template)
            .map(|fact| Ok((fact.id, self.fact_as(fact.id)?)))
            .collect()
    }

    /// Fact `id` deserialized into `T` (see [`Environment::facts_as`]).
    pub fn fact_as<T: DeserializeOwned>(&self, id: FactId) -> Result<T, FactError> {
        let fact = self.rt.wm.get(id).ok_or(FactError::UnknownFact(id))?;
        let template = self.rt.program.template(fact.template);
        T::deserialize(FactDeserializer {
            template,
            slots: &fact.slots,
        })
        .map_err(|source| serde_error(&template.name, source))
    }

    /// Resolves slot names to positions, checking each value against its slot.
    fn resolve_slots(
        &self,
        id: TemplateId,
        slots: &[(&str, Value)],
    ) -> Result<Vec<(usize, Value)>, FactError> {
        let template = self.rt.program.template(id);
        let tname = || template.name.to_string();
        if template.implied {
            return Err(FactError::OrderedRelation(tname()));
        }
        let mut out: Vec<(usize, Value)> = Vec::with_capacity(slots.len());
        for (name, value) in slots {
            let index = template
                .slot_index(atom(name))
                .ok_or_else(|| FactError::UnknownSlot {
                    template: tname(),
                    slot: name.to_string(),
                    slots: template.slot_names(),
                })?;
            if out.iter().any(|(i, _)| *i == index) {
                return Err(FactError::DuplicateSlot {
                    template: tname(),
                    slot: name.to_string(),
                });
            }
            let slot = &template.slots[index];
            let value = match value {
                Value::Multifield(_) if !slot.multi => {
                    return Err(FactError::MultifieldInSingleSlot {
                        template: tname(),
                        slot: name.to_string(),
                        value: value.repr().to_string(),
                    })
                }
                Value::Multifield(_) => value.clone(),
                single if slot.multi => Value::multifield(vec![single.clone()]),
                single => single.clone(),
            };
            for item in value.as_slice() {
                slot.constraint
                    .check(item)
                    .map_err(|violation| FactError::Constraint {
                        template: tname(),
                        slot: name.to_string(),
                        reason: slot.constraint.explain(item, &violation),
                    })?;
            }
            out.push((index, value));
        }
        Ok(out)
    }

    /// Asserts a complete fact, reporting a refused assertion as an error.
    fn assert_checked(&mut self, id: TemplateId, values: Vec<Value>) -> Result<FactId, FactError> {
        self.assert_values(id, Slots::from_vec(values))?
            .ok_or_else(|| EvalError::new("the fact was not asserted").into())
    }

    /// Asserts a serialized struct as a fact of `template`.
    fn assert_record(&mut self, template: &str, record: Record) -> Result<FactId, FactError> {
        self.assert_fact(template, &record.borrowed())
    }
}

fn serde_error(template: &str, source: SerdeError) -> FactError {
    FactError::Serde {
        template: template.to_string(),
        source,
    }
}

fn unwind_error(unwind: Unwind) -> FactError {
    match unwind {
        Unwind::Error(e) => e.into(),
        _ => EvalError::new("a slot default left its expression early").into(),
    }
}

fn mismatch(expected: &'static str, found: &Value) -> SerdeError {
    SerdeError::Mismatch {
        expected,
        found: format!("{} ({})", found.repr(), found.type_name()),
    }
}

// ---------------------------------------------------------------- serializing

/// Serializes one Rust value into one CLIPS value.
struct ValueSerializer;

/// The elements of a multifield being serialized.
struct SeqSerializer(Vec<Value>);

impl ser::Serializer for ValueSerializer {
    type Ok = Value;
    type Error = SerdeError;
    type SerializeSeq = SeqSerializer;
    type SerializeTuple = SeqSerializer;
    type SerializeTupleStruct = SeqSerializer;
    type SerializeTupleVariant = Impossible<Value, SerdeError>;
    type SerializeMap = Impossible<Value, SerdeError>;
    type SerializeStruct = Impossible<Value, SerdeError>;
    type SerializeStructVariant = Impossible<Value, SerdeError>;

    fn serialize_bool(self, v: bool) -> Result<Value, SerdeError> {
        Ok(Value::boolean(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Value, SerdeError> {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<Value, SerdeError> {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<Value, SerdeError> {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<Value, SerdeError> {
        Ok(Value::Integer(v))
    }
    fn serialize_u8(self, v: u8) -> Result<Value, SerdeError> {
        self.serialize_i64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<Value, SerdeError> {
        self.serialize_i64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<Value, SerdeError> {
        self.serialize_i64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<Value, SerdeError> {
        i64::try_from(v)
            .map(Value::Integer)
            .map_err(|_| SerdeError::IntegerOverflow(v))
    }
    fn serialize_f32(self, v: f32) -> Result<Value, SerdeError> {
        self.serialize_f64(v.into())
    }
    fn serialize_f64(self, v: f64) -> Result<Value, SerdeError> {
        Ok(Value::Float(v))
    }
    fn serialize_char(self, v: char) -> Result<Value, SerdeError> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<Value, SerdeError> {
        Ok(Value::string(v))
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<Value, SerdeError> {
        Err(SerdeError::Unsupported("a byte array"))
    }
    fn serialize_none(self) -> Result<Value, SerdeError> {
        Ok(Value::nil())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Value, SerdeError> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Value, SerdeError> {
        Ok(Value::nil())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Value, SerdeError> {
        Ok(Value::nil())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<Value, SerdeError> {
        Ok(Value::symbol(variant))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<Value, SerdeError> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<Value, SerdeError> {
        Err(SerdeError::Unsupported("an enum variant with data"))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqSerializer, SerdeError> {
        Ok(SeqSerializer(Vec::with_capacity(len.unwrap_or(0))))
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqSerializer, SerdeError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        len: usize,
    ) -> Result<SeqSerializer, SerdeError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, SerdeError> {
        Err(SerdeError::Unsupported("an enum variant with data"))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, SerdeError> {
        Err(SerdeError::Unsupported("a map inside a fact"))
    }
    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, SerdeError> {
        Err(SerdeError::Unsupported("a struct inside a fact"))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, SerdeError> {
        Err(SerdeError::Unsupported("an enum variant with data"))
    }
}

impl SeqSerializer {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), SerdeError> {
        match value.serialize(ValueSerializer)? {
            Value::Multifield(_) => Err(SerdeError::NestedMultifield),
            single => {
                self.0.push(single);
                Ok(())
            }
        }
    }
}

/// Sequences, tuples and tuple structs all become one multifield.
macro_rules! sequence_serializer {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for SeqSerializer {
            type Ok = Value;
            type Error = SerdeError;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), SerdeError> {
                self.push(value)
            }
            fn end(self) -> Result<Value, SerdeError> {
                Ok(Value::multifield(self.0))
            }
        }
    )*};
}

sequence_serializer!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field
);

/// A struct serialized as a whole fact: its serde name and its fields.
#[derive(Default)]
struct Record {
    name: Option<&'static str>,
    fields: Vec<(String, Value)>,
}

impl Record {
    fn borrowed(&self) -> Vec<(&str, Value)> {
        self.fields
            .iter()
            .map(|(name, value)| (name.as_str(), value.clone()))
            .collect()
    }

    fn add<T: Serialize + ?Sized>(&mut self, field: String, value: &T) -> Result<(), SerdeError> {
        let value = to_value(value).map_err(|e| e.in_field(&field))?;
        self.fields.push((field, value));
        Ok(())
    }
}

/// Serializes a struct (or string-keyed map) into a [`Record`].
struct FactSerializer;

/// A map being serialized into a [`Record`]: the fields so far and the pending key.
struct MapRecord(Record, Option<String>);

/// Rejects the non-struct shapes a [`FactSerializer`] is given.
macro_rules! not_a_struct {
    ($($method:ident($($arg:ty),*) => $what:literal;)*) => {
        $(fn $method(self, $(_: $arg),*) -> Result<Record, SerdeError> {
            Err(SerdeError::NotAStruct($what))
        })*
    };
}

impl ser::Serializer for FactSerializer {
    type Ok = Record;
    type Error = SerdeError;
    type SerializeSeq = Impossible<Record, SerdeError>;
    type SerializeTuple = Impossible<Record, SerdeError>;
    type SerializeTupleStruct = Impossible<Record, SerdeError>;
    type SerializeTupleVariant = Impossible<Record, SerdeError>;
    type SerializeMap = MapRecord;
    type SerializeStruct = Record;
    type SerializeStructVariant = Impossible<Record, SerdeError>;

    not_a_struct! {
        serialize_bool(bool) => "a boolean";
        serialize_i8(i8) => "an integer";
        serialize_i16(i16) => "an integer";
        serialize_i32(i32) => "an integer";
        serialize_i64(i64) => "an integer";
        serialize_u8(u8) => "an integer";
        serialize_u16(u16) => "an integer";
        serialize_u32(u32) => "an integer";
        serialize_u64(u64) => "an integer";
        serialize_f32(f32) => "a float";
        serialize_f64(f64) => "a float";
        serialize_char(char) => "a character";
        serialize_str(&str) => "a string";
        serialize_bytes(&[u8]) => "a byte array";
        serialize_none() => "None";
        serialize_unit() => "()";
        serialize_unit_struct(&'static str) => "a unit struct";
        serialize_unit_variant(&'static str, u32, &'static str) => "an enum";
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Record, SerdeError> {
        value.serialize(self)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<Record, SerdeError> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<Record, SerdeError> {
        Err(SerdeError::NotAStruct("an enum"))
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, SerdeError> {
        Err(SerdeError::NotAStruct("a sequence"))
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, SerdeError> {
        Err(SerdeError::NotAStruct("a tuple"))
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, SerdeError> {
        Err(SerdeError::NotAStruct("a tuple struct"))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, SerdeError> {
        Err(SerdeError::NotAStruct("an enum"))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<MapRecord, SerdeError> {
        Ok(MapRecord(Record::default(), None))
    }
    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Record, SerdeError> {
        Ok(Record {
            name: Some(name),
            fields: Vec::with_capacity(len),
        })
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, SerdeError> {
        Err(SerdeError::NotAStruct("an enum"))
    }
}

impl ser::SerializeStruct for Record {
    type Ok = Record;
    type Error = SerdeError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), SerdeError> {
        self.add(key.to_string(), value)
    }
    fn end(self) -> Result<Record, SerdeError> {
        Ok(self)
    }
}

impl ser::SerializeMap for MapRecord {
    type Ok = Record;
    type Error = SerdeError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), SerdeError> {
        let key = to_value(key)?;
        let name = key
            .as_lexeme()
            .ok_or_else(|| mismatch("a string key", &key))?;
        self.1 = Some(name.to_string());
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), SerdeError> {
        let key = self
            .1
            .take()
            .ok_or(SerdeError::Custom("a map value without a key".into()))?;
        self.0.add(key, value)
    }
    fn end(self) -> Result<Record, SerdeError> {
        Ok(self.0)
    }
}

// -------------------------------------------------------------- deserializing

/// Deserializes one CLIPS value.
struct ValueDeserializer<'a>(&'a Value);

/// The elements of a multifield being deserialized.
struct SeqReader<'a>(std::slice::Iter<'a, Value>);

impl<'de> de::SeqAccess<'de> for SeqReader<'_> {
    type Error = SerdeError;
    fn next_element_seed<S: de::DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, SerdeError> {
        self.0
            .next()
            .map(|v| seed.deserialize(ValueDeserializer(v)))
            .transpose()
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

/// Visits `items` as a sequence, rejecting elements the visitor left unread.
fn visit_items<'de, V: de::Visitor<'de>>(
    items: &[Value],
    visitor: V,
) -> Result<V::Value, SerdeError> {
    let mut reader = SeqReader(items.iter());
    let value = visitor.visit_seq(&mut reader)?;
    match reader.0.len() {
        0 => Ok(value),
        left => Err(SerdeError::TrailingFields(left)),
    }
}

impl ValueDeserializer<'_> {
    fn symbol(&self) -> Option<Atom> {
        match self.0 {
            Value::Symbol(s) => Some(*s),
            _ => None,
        }
    }

    fn is_nil(&self) -> bool {
        matches!(self.0, Value::Void) || self.symbol().is_some_and(|s| s == "nil")
    }

    fn integer<'de, V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, SerdeError> {
        match self.0 {
            Value::Integer(i) => visitor.visit_i64(*i),
            other => Err(mismatch("an INTEGER", other)),
        }
    }
}

/// Forwards integer `deserialize_*` methods to [`ValueDeserializer::integer`].
macro_rules! integers {
    ($($method:ident)*) => {
        $(fn $method<V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, SerdeError> {
            self.integer(visitor)
        })*
    };
}

impl<'de> de::Deserializer<'de> for ValueDeserializer<'_> {
    type Error = SerdeError;

    fn deserialize_any<V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, SerdeError> {
        match self.0 {
            Value::Integer(i) => visitor.visit_i64(*i),
            Value::Float(x) => visitor.visit_f64(*x),
            Value::String(s) => visitor.visit_str(s),
            Value::Symbol(s) if *s == "TRUE" => visitor.visit_bool(true),
            Value::Symbol(s) if *s == "FALSE" => visitor.visit_bool(false),
            Value::Symbol(s) if *s == "nil" => visitor.visit_unit(),
            Value::Symbol(s) | Value::InstanceName(s) => visitor.visit_str(s),
            Value::Multifield(items) => visit_items(items, visitor),
            Value::Fact(id) => visitor.visit_u64(id.0),
            Value::Instance(id) => visitor.visit_str(id.name().as_str()),
            Value::Void => visitor.visit_unit(),
        }
    }

    fn deserialize_bool<V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, SerdeError> {
        match self.symbol().as_deref() {
            Some("TRUE") => visitor.visit_bool(true),
            Some("FALSE") => visitor.visit_bool(false),
            _ => Err(mismatch("TRUE or FALSE", self.0)),
        }
    }

    integers! {
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
    }

    fn deserialize_f32<V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, SerdeError> {
        self.deserialize_f64(visitor)
    }

    fn deserialize_f64<V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, SerdeError> {
        match self.0.as_f64() {
            Some(x) => visitor.visit_f64(x),
            None => Err(mismatch("a FLOAT", self.0)),
        }
    }

    fn deserialize_char<V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, SerdeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_str<V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, SerdeError> {
        match self.0.as_lexeme() {
            Some(text) => visitor.visit_str(&text),
            None => Err(mismatch("a STRING", self.0)),
        }
    }

    fn deserialize_string<V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, SerdeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: de::Visitor<'de>>(self, _: V) -> Result<V::Value, SerdeError> {
        Err(SerdeError::Unsupported("a byte array"))
    }

    fn deserialize_byte_buf<V: de::Visitor<'de>>(self, _: V) -> Result<V::Value, SerdeError> {
        Err(SerdeError::Unsupported("a byte array"))
    }

    fn deserialize_option<V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, SerdeError> {
        if self.is_nil() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit<V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, SerdeError> {
        if self.is_nil() {
            visitor.visit_unit()
        } else {
            Err(mismatch("nil", self.0))
        }
    }

    fn deserialize_unit_struct<V: de::Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, SerdeError> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: de::Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, SerdeError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, SerdeError> {
        match self.0 {
            Value::Multifield(items) => visit_items(items, visitor),
            other => Err(mismatch("a multifield", other)),
        }
    }

    fn deserialize_tuple<V: de::Visitor<'de>>(
        self,
        _: usize,
        visitor: V,
    ) -> Result<V::Value, SerdeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: de::Visitor<'de>>(
        self,
        _: &'static str,
        _: usize,
        visitor: V,
    ) -> Result<V::Value, SerdeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: de::Visitor<'de>>(self, _: V) -> Result<V::Value, SerdeError> {
        Err(SerdeError::Unsupported("a map inside a fact"))
    }

    fn deserialize_struct<V: de::Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, SerdeError> {
        Err(SerdeError::Unsupported("a struct inside a fact"))
    }

    fn deserialize_enum<V: de::Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, SerdeError> {
        match self.symbol() {
            Some(name) => visitor.visit_enum(name.as_str().into_deserializer()),
            None => Err(mismatch("a SYMBOL", self.0)),
        }
    }

    fn deserialize_identifier<V: de::Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, SerdeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: de::Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, SerdeError> {
        visitor.visit_unit()
    }
}

/// Deserializes a whole fact: a map of slots, or an ordered fact's fields.
struct FactDeserializer<'a> {
    template: &'a Template,
    slots: &'a [Value],
}

/// The slots of a fact being deserialized, and the value of the last key read.
struct SlotReader<'a> {
    slots: std::iter::Zip<
        std::slice::Iter<'a, crate::compile::template::Slot>,
        std::slice::Iter<'a, Value>,
    >,
    pending: Option<(&'a str, &'a Value)>,
}

impl<'de> de::MapAccess<'de> for SlotReader<'_> {
    type Error = SerdeError;
    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, SerdeError> {
        let Some((slot, value)) = self.slots.next() else {
            return Ok(None);
        };
        self.pending = Some((slot.name.as_str(), value));
        seed.deserialize(slot.name.as_str().into_deserializer())
            .map(Some)
    }
    fn next_value_seed<S: de::DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<S::Value, SerdeError> {
        let (name, value) = self
            .pending
            .take()
            .ok_or(SerdeError::Custom("a slot value without its name".into()))?;
        seed.deserialize(ValueDeserializer(value))
            .map_err(|e| e.in_field(name))
    }
}

impl<'de> de::Deserializer<'de> for FactDeserializer<'_> {
    type Error = SerdeError;

    fn deserialize_any<V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, SerdeError> {
        if self.template.implied {
            visit_items(self.slots[0].as_slice(), visitor)
        } else {
            visitor.visit_map(SlotReader {
                slots: self.template.slots.iter().zip(self.slots.iter()),
                pending: None,
            })
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::{Deserialize, Serialize};

    const TEMPLATES: &str = "(deftemplate point (slot x (type INTEGER)) (slot y))
        (deftemplate item (slot name (type STRING)) (slot price (type FLOAT) (range 0.0 ?VARIABLE))
          (slot size (allowed-symbols small large) (default small))
          (slot ok) (slot note) (multislot tags))";

    fn env() -> Environment {
        let mut env = Environment::new();
        env.load_str(TEMPLATES, "t.clp").unwrap();
        env.reset();
        env
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone, Copy)]
    #[serde(rename_all = "lowercase")]
    enum Size {
        Small,
        Large,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    struct Item {
        name: String,
        price: f64,
        size: Size,
        ok: bool,
        note: Option<String>,
        tags: Vec<String>,
    }

    fn item() -> Item {
        Item {
            name: "pen".into(),
            price: 1.5,
            size: Size::Large,
            ok: true,
            note: None,
            tags: vec!["a".into(), "b".into()],
        }
    }

    #[test]
    fn asserts_by_name_with_defaults() {
        let mut env = env();
        let id = env.assert_fact("point", &[("x", 1.into())]).unwrap();
        let fact = env.rt.wm.get(id).unwrap().clone();
        assert_eq!(env.slot(&fact, "x"), Some(Value::Integer(1)));
        assert_eq!(env.slot(&fact, "y"), Some(Value::nil()));
        let id = env.assert_fact("item", &[("tags", "one".into())]).unwrap();
        let fact = env.rt.wm.get(id).unwrap().clone();
        assert_eq!(env.slot(&fact, "size"), Some(Value::symbol("small")));
        assert_eq!(
            env.slot(&fact, "tags"),
            Some(Value::multifield(vec!["one".into()]))
        );
    }

    #[test]
    fn value_conversions() {
        assert_eq!(Value::from(3), Value::Integer(3));
        assert_eq!(Value::from(2.5), Value::Float(2.5));
        assert_eq!(Value::from(true), Value::symbol("TRUE"));
        assert_eq!(Value::from(false), Value::symbol("FALSE"));
        assert_eq!(Value::from("red"), Value::symbol("red"));
    }

    #[test]
    fn by_name_errors_name_the_template_and_slot() {
        let mut env = env();
        let err = env.assert_fact("nope", &[]).unwrap_err();
        assert_eq!(err, FactError::UnknownTemplate("nope".into()));
        let err = env.assert_fact("point", &[("z", 1.into())]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "template point has no slot z (its slots: x, y)"
        );
        let err = env
            .assert_fact("point", &[("x", 1.into()), ("x", 2.into())])
            .unwrap_err();
        assert!(matches!(err, FactError::DuplicateSlot { .. }), "{err}");
        let err = env
            .assert_fact("point", &[("x", "one".into())])
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "slot x of template point: expected type INTEGER"
        );
        let err = env
            .assert_fact("item", &[("price", (-1.0).into())])
            .unwrap_err();
        assert!(matches!(err, FactError::Constraint { ref slot, .. } if slot == "price"));
        let err = env
            .assert_fact("item", &[("size", "huge".into())])
            .unwrap_err();
        assert!(matches!(err, FactError::Constraint { .. }), "{err}");
        let multi = Value::multifield(vec![1.into(), 2.into()]);
        let err = env.assert_fact("point", &[("y", multi)]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "slot y of template point holds one field but was given the multifield (1 2)"
        );
        assert_eq!(env.facts().count(), 0);
    }

    #[test]
    fn ordered_facts() {
        let mut env = env();
        let id = env
            .assert_ordered(
                "color",
                vec!["red".into(), Value::multifield(vec![1.into()])],
            )
            .unwrap();
        let fields: (String, i64) = env.fact_as(id).unwrap();
        assert_eq!(fields, ("red".into(), 1));
        let err = env.assert_ordered("point", vec![]).unwrap_err();
        assert_eq!(err, FactError::NotOrdered("point".into()));
        let err = env.assert_fact("color", &[("x", 1.into())]).unwrap_err();
        assert_eq!(err, FactError::OrderedRelation("color".into()));
    }

    #[test]
    fn modify_and_retract() {
        let mut env = env();
        let id = env.assert_fact("point", &[("x", 1.into())]).unwrap();
        assert_eq!(
            env.modify_fact(id, &[("y", "up".into())]).unwrap(),
            Some(id)
        );
        let fact = env.rt.wm.get(id).unwrap().clone();
        assert_eq!(env.slot(&fact, "y"), Some(Value::symbol("up")));
        let err = env.modify_fact(id, &[("x", 1.5.into())]).unwrap_err();
        assert!(matches!(err, FactError::Constraint { .. }));
        env.retract_fact(id).unwrap();
        assert_eq!(env.retract_fact(id), Err(FactError::UnknownFact(id)));
        assert_eq!(
            env.modify_fact(id, &[]).unwrap_err().to_string(),
            format!("fact {id} does not exist")
        );
    }

    #[test]
    fn struct_round_trip() {
        let mut env = env();
        let id = env.assert_struct(&item()).unwrap();
        let fact = env.rt.wm.get(id).unwrap().clone();
        assert_eq!(env.slot(&fact, "name"), Some(Value::string("pen")));
        assert_eq!(env.slot(&fact, "price"), Some(Value::Float(1.5)));
        assert_eq!(env.slot(&fact, "size"), Some(Value::symbol("large")));
        assert_eq!(env.slot(&fact, "ok"), Some(Value::symbol("TRUE")));
        assert_eq!(env.slot(&fact, "note"), Some(Value::nil()));
        let back: Vec<Item> = env.facts_as("item").unwrap();
        assert_eq!(back, [item()]);
        let noted = Item {
            note: Some("hi".into()),
            ok: false,
            ..item()
        };
        assert_eq!(env.modify_struct(id, &noted).unwrap(), Some(id));
        assert_eq!(env.fact_entries_as::<Item>("item").unwrap(), [(id, noted)]);
    }

    #[test]
    fn explicit_template_names_and_maps() {
        #[derive(Serialize, Deserialize, Debug, PartialEq)]
        struct Pt {
            x: i64,
            y: Option<i64>,
        }
        let mut env = env();
        assert_eq!(
            env.assert_struct(&Pt { x: 1, y: None }).unwrap_err(),
            FactError::UnknownTemplate("pt".into())
        );
        env.assert_struct_as("point", &Pt { x: 1, y: Some(2) })
            .unwrap();
        let map: std::collections::BTreeMap<&str, i64> = [("x", 3)].into();
        env.assert_struct_as("point", &map).unwrap();
        let points: Vec<Pt> = env.facts_as("point").unwrap();
        assert_eq!(points, [Pt { x: 1, y: Some(2) }, Pt { x: 3, y: None }]);
        assert!(env.assert_struct(&map).is_err());
    }

    #[test]
    fn value_mapping() {
        assert_eq!(to_value(&7u8).unwrap(), Value::Integer(7));
        assert_eq!(to_value(&-7i32).unwrap(), Value::Integer(-7));
        assert_eq!(to_value(&0.5f32).unwrap(), Value::Float(0.5));
        assert_eq!(to_value("s").unwrap(), Value::string("s"));
        assert_eq!(to_value(&'c').unwrap(), Value::string("c"));
        assert_eq!(to_value(&true).unwrap(), Value::symbol("TRUE"));
        assert_eq!(to_value(&Size::Small).unwrap(), Value::symbol("small"));
        assert_eq!(to_value(&None::<i64>).unwrap(), Value::nil());
        assert_eq!(to_value(&Some(1)).unwrap(), Value::Integer(1));
        assert_eq!(to_value(&()).unwrap(), Value::nil());
        assert_eq!(
            to_value(&(1, "a")).unwrap(),
            Value::multifield(vec![1.into(), Value::string("a")])
        );
        assert_eq!(from_value::<u8>(&Value::Integer(7)).unwrap(), 7);
        assert_eq!(from_value::<f64>(&Value::Integer(2)).unwrap(), 2.0);
        assert_eq!(from_value::<String>(&Value::symbol("sym")).unwrap(), "sym");
        assert!(!from_value::<bool>(&Value::symbol("FALSE")).unwrap());
        assert_eq!(
            from_value::<Size>(&Value::symbol("large")).unwrap(),
            Size::Large
        );
        assert_eq!(from_value::<Option<i64>>(&Value::nil()).unwrap(), None);
        assert_eq!(
            from_value::<Vec<i64>>(&Value::multifield(vec![1.into(), 2.into()])).unwrap(),
            [1, 2]
        );
    }

    #[test]
    fn value_mapping_errors() {
        #[derive(Serialize)]
        enum Shape {
            Circle(f64),
        }
        #[derive(Serialize)]
        struct Outer {
            inner: Item,
        }
        assert_eq!(
            to_value(&u64::MAX),
            Err(SerdeError::IntegerOverflow(u64::MAX))
        );
        assert_eq!(to_value(&vec![vec![1]]), Err(SerdeError::NestedMultifield));
        assert!(matches!(
            to_value(&Shape::Circle(1.0)),
            Err(SerdeError::Unsupported(_))
        ));
        assert!(matches!(to_value(&item()), Err(SerdeError::Unsupported(_))));
        let err = Environment::new()
            .assert_struct_as("x", &Outer { inner: item() })
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "template x: slot inner: a struct inside a fact cannot be represented as a CLIPS value"
        );
        let err = Environment::new().assert_struct_as("x", &5).unwrap_err();
        assert!(matches!(
            err,
            FactError::Serde {
                source: SerdeError::NotAStruct(_),
                ..
            }
        ));
        assert_eq!(
            from_value::<i64>(&Value::string("1"))
                .unwrap_err()
                .to_string(),
            "expected an INTEGER, found \"1\" (STRING)"
        );
        assert!(from_value::<u8>(&Value::Integer(300)).is_err());
        assert!(from_value::<bool>(&Value::symbol("yes")).is_err());
        assert!(from_value::<Size>(&Value::symbol("medium")).is_err());
        assert!(from_value::<Size>(&Value::string("large")).is_err());
        assert!(from_value::<Vec<i64>>(&Value::Integer(1)).is_err());
        let two = Value::multifield(vec![1.into(), 2.into()]);
        assert_eq!(
            from_value::<(i64,)>(&two),
            Err(SerdeError::TrailingFields(1))
        );
    }

    #[test]
    fn reading_facts_reports_slot_errors() {
        #[derive(Deserialize, Debug)]
        struct WrongPoint {
            #[allow(dead_code)]
            x: String,
        }
        let mut env = env();
        let id = env.assert_fact("point", &[("x", 1.into())]).unwrap();
        let err = env.fact_as::<WrongPoint>(id).unwrap_err();
        assert_eq!(
            err.to_string(),
            "template point: slot x: expected a STRING, found 1 (INTEGER)"
        );
        assert_eq!(
            env.facts_as::<Item>("nothing").unwrap_err(),
            FactError::UnknownTemplate("nothing".into())
        );
        assert_eq!(
            env.fact_as::<Item>(FactId(99)).unwrap_err(),
            FactError::UnknownFact(FactId(99))
        );
    }
}

/// An activation on the agenda, as [`Environment::activations`] lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct ActivationInfo {
    /// The rule's name.
    pub rule: String,
    /// The activation's salience.
    pub salience: i32,
    /// The facts that matched its patterns (`None` for a `not` pattern).
    pub facts: Vec<Option<FactId>>,
}

impl Environment {
    /// Defines the function `name` for rules and commands to call (CLIPS's
    /// user-defined functions): it takes from `min_args` to `max_args` arguments
    /// (`None`: no maximum), which the compiler checks, and `body` computes its
    /// value; an `Err` is reported as the error of a function call. It stays
    /// defined through `(clear)`; defining the name again replaces the body.
    pub fn define_udf(
        &mut self,
        name: &str,
        min_args: usize,
        max_args: Option<usize>,
        body: crate::compile::program::udf::UdfBody,
    ) {
        self.rt
            .program
            .udfs
            .define(crate::compile::program::udf::Udf {
                name: atom(name),
                min_args,
                max_args,
                body,
            });
    }

    /// Calls the deffunction, user-defined function, command or built-in `name`
    /// with `args` as they are (CLIPS's `FunctionCallBuilder`), as
    /// `(funcall name args...)` does.
    pub fn call(&mut self, name: &str, args: &[Value]) -> Result<Value, crate::eval::EvalError> {
        self.rt.execution_halted = false;
        let mut all = Vec::with_capacity(args.len() + 1);
        all.push(Value::Symbol(atom(name)));
        all.extend_from_slice(args);
        super::commands::funcall::funcall(self, &all)
    }

    /// Fact `id` as `(facts)` prints it after its index: `(point (x 1) (y 2))`.
    pub fn fact_text(&self, id: FactId) -> Option<String> {
        let fact = self.rt.wm.get(id)?;
        Some(super::show::fact_text(&self.rt.program, fact))
    }

    /// The name of fact `id`'s template, and whether it is an ordered fact's.
    pub fn fact_template(&self, id: FactId) -> Option<(&str, bool)> {
        let fact = self.rt.wm.get(id)?;
        let template = self.rt.program.template(fact.template);
        Some((template.name.as_str(), template.implied))
    }

    /// The slots of fact `id`, in the template's order, each with its name (an
    /// ordered fact has one, its fields as a multifield).
    pub fn fact_slots(&self, id: FactId) -> Option<Vec<(&str, &Value)>> {
        let fact = self.rt.wm.get(id)?;
        let template = self.rt.program.template(fact.template);
        Some(
            (template.slots.iter())
                .map(|s| s.name.as_str())
                .zip(fact.slots.iter())
                .collect(),
        )
    }

    /// The value of defglobal `name` (without `?*` and `*`; `MODULE::name` or one
    /// the current module sees).
    pub fn global_value(&self, name: &str) -> Option<Value> {
        let id = self.rt.program.global_id(atom(name))?;
        Some(self.rt.program.globals[id as usize].value.clone())
    }

    /// Sets defglobal `name` to `value` (as `bind` does, watched as `bind` is);
    /// `false` if there is no such global.
    pub fn set_global_value(&mut self, name: &str, value: Value) -> bool {
        let Some(id) = self.rt.program.global_id(atom(name)) else {
            return false;
        };
        self.rt.set_global_value(id, value);
        true
    }

    /// The activations of the current module's agenda, in the order they would fire.
    pub fn activations(&self) -> Vec<ActivationInfo> {
        let module = self.rt.program.current_module;
        (self.rt.agenda.list(module).iter())
            .map(|a| ActivationInfo {
                rule: (self.rt.rules[self.rt.productions[a.production.0 as usize].rule].name)
                    .to_string(),
                salience: a.salience,
                facts: self.net.token_facts(a.token).to_vec(),
            })
            .collect()
    }
}
