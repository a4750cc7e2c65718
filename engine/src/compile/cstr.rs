//! CLIPS's constraint records (cstrnutl.c, cstrnops.c): what values a field, a
//! variable or a function argument may hold, with the intersection and union that
//! the rule constraint analysis ([`super::rulecstr`]) combines them with.

use super::template::{SlotConstraint, Violation};
use crate::functions::types::Types;
use crate::value::Value;

const SYMBOL: u16 = 1;
const STRING: u16 = 1 << 1;
const FLOAT: u16 = 1 << 2;
const INTEGER: u16 = 1 << 3;
const INSTANCE_NAME: u16 = 1 << 4;
const INSTANCE_ADDRESS: u16 = 1 << 5;
const FACT_ADDRESS: u16 = 1 << 6;
const EXTERNAL_ADDRESS: u16 = 1 << 7;
const VOID: u16 = 1 << 8;
const ALL: u16 = (1 << 9) - 1;
/// The types whose values an `allowed-...` list may restrict.
const RESTRICTABLE: u16 = SYMBOL | STRING | FLOAT | INTEGER | INSTANCE_NAME;

/// A numeric bound pair (`range` or cardinality), infinite ends as infinities.
type Interval = (f64, f64);

/// A constraint record: the types allowed, the allowed values, the numeric
/// ranges and the cardinalities.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// Any single-field type is allowed (the type bits are then unused).
    any: bool,
    /// The single-field types allowed when `any` is not set.
    types: u16,
    /// Whether a single value may match.
    single: bool,
    /// Whether a multifield value may match.
    multi: bool,
    /// `allowed-values`: every type's values are restricted to `values`.
    any_restriction: bool,
    /// The types whose values are restricted to `values`.
    restricted: u16,
    /// The allowed values of the restricted types.
    values: Vec<Value>,
    /// The allowed numeric ranges, in order.
    range: Vec<Interval>,
    /// The allowed numbers of fields, in order.
    cardinality: Vec<Interval>,
    /// What the fields of an allowed multifield may be.
    multifield: Option<Box<Record>>,
}

/// The type bit of `value`'s type (none for a multifield).
fn type_of(value: &Value) -> u16 {
    match value {
        Value::Symbol(_) => SYMBOL,
        Value::String(_) => STRING,
        Value::InstanceName(_) => INSTANCE_NAME,
        Value::Float(_) => FLOAT,
        Value::Integer(_) => INTEGER,
        Value::Fact(_) => FACT_ADDRESS,
        Value::Instance(_) => INSTANCE_ADDRESS,
        Value::Void => VOID,
        Value::Multifield(_) => 0,
    }
}

/// `value` as a number for comparing with bounds.
fn number(value: &Value) -> Option<f64> {
    match value {
        Value::Integer(i) => Some(*i as f64),
        Value::Float(f) => Some(*f),
        _ => None,
    }
}

impl Default for Record {
    /// A record allowing any single value (CLIPS's `GetConstraintRecord`).
    fn default() -> Self {
        Record {
            any: true,
            types: 0,
            single: true,
            multi: false,
            any_restriction: false,
            restricted: 0,
            values: Vec::new(),
            range: vec![(f64::NEG_INFINITY, f64::INFINITY)],
            cardinality: vec![(0.0, f64::INFINITY)],
            multifield: None,
        }
    }
}

impl Record {
    /// The record of a pattern's fact-address variable.
    pub fn fact_address() -> Record {
        Record {
            any: false,
            types: FACT_ADDRESS | INSTANCE_ADDRESS,
            ..Record::default()
        }
    }

    /// The record of a multifield variable of the right-hand side's view: only a
    /// multifield (a single value is still nominally allowed, as in CLIPS).
    pub fn multifield_only() -> Record {
        Record {
            any: false,
            multi: true,
            ..Record::default()
        }
    }

    /// The values of the types in `types` (a function's argument or return types).
    pub fn of_types(types: Types) -> Record {
        let has = |codes: &str| types.includes(Types::of_codes(codes));
        let mut bits = 0;
        for (codes, bit) in [
            ("v", VOID),
            ("d", FLOAT),
            ("l", INTEGER),
            ("y", SYMBOL),
            ("b", SYMBOL),
            ("s", STRING),
            ("e", EXTERNAL_ADDRESS),
            ("f", FACT_ADDRESS),
            ("i", INSTANCE_ADDRESS),
            ("n", INSTANCE_NAME),
        ] {
            if has(codes) {
                bits |= bit;
            }
        }
        Record {
            any: types == Types::ANY,
            types: bits,
            multi: has("m"),
            ..Record::default()
        }
    }

    /// The record of a constant: its type, restricted to the value itself.
    pub fn of_constant(value: &Value) -> Record {
        let bit = type_of(value);
        let restrictable = bit & RESTRICTABLE != 0;
        Record {
            any: false,
            types: bit,
            restricted: if restrictable { bit } else { 0 },
            values: if restrictable {
                vec![value.clone()]
            } else {
                Vec::new()
            },
            ..Record::default()
        }
    }

    /// The record of a deftemplate slot (a multislot if `multi`).
    pub fn of_slot(c: &SlotConstraint, multi: bool) -> Record {
        let mut r = Record {
            multi,
            ..Record::default()
        };
        let names: Vec<&str> = c.types.iter().map(|t| t.as_str()).collect();
        if !names.is_empty() && !names.contains(&"?VARIABLE") {
            r.any = false;
            for name in names {
                r.types |= match name {
                    "SYMBOL" => SYMBOL,
                    "STRING" => STRING,
                    "LEXEME" => SYMBOL | STRING,
                    "INTEGER" => INTEGER,
                    "FLOAT" => FLOAT,
                    "NUMBER" => INTEGER | FLOAT,
                    "INSTANCE-NAME" => INSTANCE_NAME,
                    "INSTANCE-ADDRESS" => INSTANCE_ADDRESS,
                    "INSTANCE" => INSTANCE_NAME | INSTANCE_ADDRESS,
                    "FACT-ADDRESS" => FACT_ADDRESS,
                    "EXTERNAL-ADDRESS" => EXTERNAL_ADDRESS,
                    _ => 0,
                };
            }
        }
        for (kind, values) in &c.allowed {
            match kind.as_str() {
                "allowed-symbols" => r.restricted |= SYMBOL,
                "allowed-strings" => r.restricted |= STRING,
                "allowed-lexemes" => r.restricted |= SYMBOL | STRING,
                "allowed-integers" => r.restricted |= INTEGER,
                "allowed-floats" => r.restricted |= FLOAT,
                "allowed-numbers" => r.restricted |= INTEGER | FLOAT,
                "allowed-instance-names" => r.restricted |= INSTANCE_NAME,
                _ => r.any_restriction = true,
            }
            r.values.extend(values.iter().cloned());
        }
        if let Some((min, max)) = &c.range {
            let bound = |b: &Option<Value>, open: f64| b.as_ref().and_then(number).unwrap_or(open);
            r.range = vec![(bound(min, f64::NEG_INFINITY), bound(max, f64::INFINITY))];
        }
        if let Some((min, max)) = c.cardinality {
            r.cardinality = vec![(
                min.map_or(0.0, |m| m as f64),
                max.map_or(f64::INFINITY, |m| m as f64),
            )];
        }
        r
    }

    /// This record for one field among a multislot's: the slot's cardinality
    /// lifted.
    pub fn for_field(&self) -> Record {
        Record {
            cardinality: vec![(f64::NEG_INFINITY, f64::INFINITY)],
            ..self.clone()
        }
    }

    /// The record of a multifield variable or wildcard among the fields of a
    /// multislot whose field record is `field`, the slot holding `singles`
    /// single-field and `multis` multifield restrictions.
    pub fn for_multifield(slot: &Record, field: Record, singles: usize, multis: usize) -> Record {
        let singles = singles as f64;
        let mut cardinality = (0.0, f64::INFINITY);
        if let (Some(first), Some(last)) = (slot.cardinality.first(), slot.cardinality.last()) {
            if last.1.is_finite() {
                cardinality.1 = last.1 - singles;
            }
            if multis == 1 && first.0.is_finite() {
                cardinality.0 = first.0 - singles;
            }
        }
        Record {
            any: false,
            single: false,
            multi: true,
            cardinality: vec![cardinality],
            multifield: Some(Box::new(field)),
            ..Record::default()
        }
    }

    /// The least and most numbers of fields (first minimum, last maximum).
    pub fn field_counts(&self) -> (f64, f64) {
        let min = self.cardinality.first().map_or(0.0, |c| c.0);
        let max = self.cardinality.last().map_or(f64::INFINITY, |c| c.1);
        (min, max)
    }

    /// This record with its cardinality replaced by `min` to `max` fields.
    pub fn with_field_counts(&self, min: f64, max: f64) -> Record {
        Record {
            cardinality: vec![(min, max)],
            ..self.clone()
        }
    }

    /// Whether a single value `other` allows may be of a type this record allows
    /// (CLIPS's check of a function's return type against a constraint).
    pub fn shares_a_type(&self, other: &Record) -> bool {
        self.any || other.any || self.types & other.types != 0
    }

    /// Whether the value may be a multifield (of any number of fields).
    pub fn may_be_multifield(&self) -> bool {
        self.multi
    }

    /// Whether no value can satisfy the record.
    pub fn unmatchable(&self) -> bool {
        !self.any && self.types == 0 && !self.multi
    }

    fn set_any_allowed(&mut self, just_any: bool) {
        self.any = just_any;
        self.types = if just_any { 0 } else { ALL };
    }

    /// Whether `value` passes the record's allowed-values restriction.
    fn allows_value(&self, value: &Value) -> bool {
        let bit = type_of(value);
        if bit & RESTRICTABLE == 0 || !(self.any_restriction || self.restricted & bit != 0) {
            return true;
        }
        self.values.contains(value)
    }

    /// Clears the types whose restricted values are all gone.
    fn update_restriction_flags(&mut self) {
        if self.any_restriction && self.values.is_empty() {
            self.set_any_allowed(true);
            self.any = false;
        }
        for bit in [SYMBOL, STRING, FLOAT, INTEGER, INSTANCE_NAME] {
            if self.restricted & bit != 0
                && self.types & bit != 0
                && !self.values.iter().any(|v| type_of(v) == bit)
            {
                self.types &= !bit;
            }
        }
    }

    /// Removes `value` from the allowed values (a `~constant` term).
    pub fn remove_constant(&mut self, value: &Value) {
        self.values.retain(|v| v != value);
        self.update_restriction_flags();
    }

    /// How `value` breaks the record, if it does, in CLIPS's order of checks.
    pub fn check(&self, value: &Value) -> Option<Violation> {
        let bit = type_of(value);
        if !self.any && self.types & bit == 0 {
            return Some(Violation::Type);
        }
        if !self.allows_value(value) {
            return Some(Violation::AllowedValues);
        }
        let x = number(value)?;
        if self.range.iter().any(|(min, max)| *min <= x && x <= *max) {
            return None;
        }
        let (min, max) = self.range.first().copied().unwrap_or_default();
        let bound = |b: f64| b.is_finite().then(|| shown_bound(b));
        Some(Violation::Range(bound(min), bound(max)))
    }
}

/// A finite bound as CLIPS would print it: an integer when it is one.
fn shown_bound(b: f64) -> Value {
    if b.fract() == 0.0 && b.abs() < 9.0e15 {
        Value::Integer(b as i64)
    } else {
        Value::Float(b)
    }
}

/// The intersection of two records (`None`: no constraint).
pub fn intersect(c1: Option<&Record>, c2: Option<&Record>) -> Record {
    let (c1, c2) = match (c1, c2) {
        (None, None) => {
            return Record {
                multi: true,
                ..Record::default()
            }
        }
        (Some(c), None) | (None, Some(c)) => return c.clone(),
        (Some(a), Some(b)) => (a, b),
    };
    let mut rv = Record::default();
    if c1.multi != c2.multi && c1.single != c2.single {
        rv.any = false;
        return rv;
    }
    rv.multi = c1.multi && c2.multi;
    rv.single = c1.single && c2.single;
    if c1.any && c2.any {
        rv.any = true;
    } else {
        let bits = |c: &Record| if c.any { ALL } else { c.types };
        rv.any = false;
        rv.types = bits(c1) & bits(c2);
    }
    if c1.any_restriction || c2.any_restriction {
        rv.any_restriction = true;
    } else {
        rv.restricted = c1.restricted | c2.restricted;
    }
    for v in c1.values.iter().chain(&c2.values) {
        if !rv.values.contains(v) && c1.allows_value(v) && c2.allows_value(v) {
            rv.values.push(v.clone());
        }
    }
    match intersect_intervals(&c1.range, &c2.range) {
        Some(range) => rv.range = range,
        None => {
            if rv.any {
                rv.set_any_allowed(false);
            }
            rv.types &= !(INTEGER | FLOAT);
        }
    }
    match intersect_intervals(&c1.cardinality, &c2.cardinality) {
        Some(cardinality) => rv.cardinality = cardinality,
        None => {
            rv.set_any_allowed(true);
            rv.single = false;
            rv.multi = false;
            rv.any = false;
        }
    }
    rv.update_restriction_flags();
    if rv.multi {
        let inner = intersect(c1.multifield.as_deref(), c2.multifield.as_deref());
        if inner.unmatchable() {
            rv.multi = false;
        }
        rv.multifield = Some(Box::new(inner));
    }
    rv
}

/// The overlaps of two lists of intervals, `None` when there is none.
fn intersect_intervals(a: &[Interval], b: &[Interval]) -> Option<Vec<Interval>> {
    let mut out = Vec::new();
    for &(min1, max1) in a {
        for &(min2, max2) in b {
            if max1 < min2 || min1 > max2 {
                continue;
            }
            out.push((min1.max(min2), max1.min(max2)));
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The union of two records (`None`: no constraint recorded).
pub fn union(c1: Option<&Record>, c2: Option<&Record>) -> Record {
    let (c1, c2) = match (c1, c2) {
        (None, None) => return Record::default(),
        (Some(c), None) | (None, Some(c)) => return c.clone(),
        (Some(a), Some(b)) => (a, b),
    };
    let mut rv = Record {
        multi: c1.multi || c2.multi,
        single: c1.single || c2.single,
        ..Record::default()
    };
    if !(c1.any || c2.any) {
        rv.any = false;
        rv.types = c1.types | c2.types;
    }
    if c1.any_restriction && c2.any_restriction {
        rv.any_restriction = true;
    } else {
        let bits = |c: &Record| {
            if c.any_restriction {
                RESTRICTABLE
            } else {
                c.restricted
            }
        };
        rv.restricted = bits(c1) & bits(c2);
    }
    for v in c1.values.iter().chain(&c2.values) {
        let bit = type_of(v);
        if !rv.values.contains(v) && (rv.any_restriction || rv.restricted & bit != 0) {
            rv.values.push(v.clone());
        }
    }
    rv.range = union_intervals(&c1.range, &c2.range);
    if rv.range.is_empty() {
        if rv.any {
            rv.set_any_allowed(false);
        }
        rv.types &= !(INTEGER | FLOAT);
    }
    rv.cardinality = union_intervals(&c1.cardinality, &c2.cardinality);
    if rv.cardinality.is_empty() {
        rv.set_any_allowed(true);
    }
    if rv.multi {
        let inner = union(c1.multifield.as_deref(), c2.multifield.as_deref());
        rv.multifield = Some(Box::new(inner));
    }
    rv
}

/// The intervals of two lists merged where they overlap, in order.
fn union_intervals(a: &[Interval], b: &[Interval]) -> Vec<Interval> {
    let mut all: Vec<Interval> = a.iter().chain(b).copied().collect();
    all.sort_by(|x, y| x.0.total_cmp(&y.0));
    let mut out: Vec<Interval> = Vec::new();
    for (min, max) in all {
        match out.last_mut() {
            Some(last) if min <= last.1 => last.1 = last.1.max(max),
            _ => out.push((min, max)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::atom;

    fn slot(types: &[&str]) -> Record {
        Record::of_slot(
            &SlotConstraint {
                types: types.iter().map(|t| atom(t)).collect(),
                ..SlotConstraint::default()
            },
            false,
        )
    }

    #[test]
    fn disjoint_types_cannot_match() {
        let both = intersect(Some(&slot(&["SYMBOL"])), Some(&slot(&["INTEGER"])));
        assert!(both.unmatchable());
        let some = intersect(
            Some(&slot(&["SYMBOL", "INTEGER"])),
            Some(&slot(&["NUMBER"])),
        );
        assert!(!some.unmatchable());
    }

    #[test]
    fn conflicting_constants_cannot_match() {
        let a = Record::of_constant(&Value::symbol("a"));
        let b = Record::of_constant(&Value::symbol("b"));
        assert!(intersect(Some(&a), Some(&b)).unmatchable());
        let mut a_only = intersect(Some(&a), None);
        a_only.remove_constant(&Value::symbol("a"));
        assert!(a_only.unmatchable());
    }

    #[test]
    fn ranges_intersect_and_unite() {
        let range = |min: i64, max: i64| Record {
            any: false,
            types: INTEGER,
            range: vec![(min as f64, max as f64)],
            ..Record::default()
        };
        assert!(intersect(Some(&range(4, 7)), Some(&range(11, 14))).unmatchable());
        let either = union(Some(&range(4, 7)), Some(&range(11, 14)));
        assert!(intersect(Some(&either), Some(&range(8, 10))).unmatchable());
        assert!(!intersect(Some(&either), Some(&range(6, 12))).unmatchable());
    }
}
