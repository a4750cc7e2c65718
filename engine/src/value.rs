//! Runtime values: the data that facts hold and expressions compute.
//!
//! Symbols and strings are interned ([`Atom`]), so comparing or hashing them is a
//! pointer operation; multifields share their elements behind an `Rc`, so copying a
//! value never copies a list.

use std::fmt;
use std::hash::{Hash, Hasher};

mod atom;
mod instance;
mod multi;

pub use atom::{atom, Atom};
pub use instance::InstanceId;
pub use multi::Multi;

// The symbols the engine makes all the time, interned once.
static TRUE: std::sync::LazyLock<Atom> = std::sync::LazyLock::new(|| atom("TRUE"));
static FALSE: std::sync::LazyLock<Atom> = std::sync::LazyLock::new(|| atom("FALSE"));
static NIL: std::sync::LazyLock<Atom> = std::sync::LazyLock::new(|| atom("nil"));

/// The index of a fact in working memory, as CLIPS numbers it (`f-1`, `f-2`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FactId(pub u64);

impl FactId {
    /// The bit that marks the index of an instance's working-memory element: an
    /// instance is matched by object patterns as a fact of its own, numbered apart
    /// from the facts (see `env::object_match`).
    const OBJECT_BIT: u64 = 1 << 63;

    /// The working-memory element of instance `id`.
    pub fn of_instance(id: InstanceId) -> FactId {
        FactId(Self::OBJECT_BIT | id.serial())
    }

    /// The instance whose working-memory element this is, if it is one.
    #[inline]
    pub fn instance(self) -> Option<InstanceId> {
        (self.0 & Self::OBJECT_BIT != 0)
            .then(|| InstanceId::from_serial(self.0 & !Self::OBJECT_BIT))
    }

    /// What a pattern bound to this element gives: the fact's address, or the
    /// instance's.
    pub fn address(self) -> Value {
        match self.instance() {
            Some(id) => Value::Instance(id),
            None => Value::Fact(self),
        }
    }
}

/// `f-1`, or for an instance's element its name in brackets (`[a]`), as CLIPS
/// shows a partial match.
impl fmt::Display for FactId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.instance() {
            Some(id) => write!(f, "[{}]", id.name()),
            None => write!(f, "f-{}", self.0),
        }
    }
}

/// One CLIPS value.
///
/// Two words: a tag and a payload (`repr(u64)` fixes that layout). Symbols,
/// strings, integers, fact addresses and instance names are equal when their tags and payload
/// words are, which lets comparing, hashing and copying them skip the jump table
/// a `match` over eight variants compiles to: on Manners those tables were most of
/// the mispredicted indirect branches (3.4 M of 4.0 M), join keys being compared,
/// hashed and copied for every partial match.
#[derive(Debug)]
#[repr(u64)]
pub enum Value {
    /// A symbol such as `red` or `TRUE`.
    Symbol(Atom) = tag::SYMBOL,
    /// A string such as `"hello"` (held without quotes or escapes).
    String(Atom) = tag::STRING,
    /// A 64-bit integer.
    Integer(i64) = tag::INTEGER,
    /// A double-precision float.
    Float(f64) = tag::FLOAT,
    /// An ordered list of single-field values, behind one thin pointer (see [`Multi`]).
    Multifield(Multi) = tag::MULTIFIELD,
    /// The address of a fact (`<Fact-3>`).
    Fact(FactId) = tag::FACT,
    /// An instance name such as `[pump-1]` (held without the brackets): a value of
    /// its own type, read and printed even where no instance exists.
    InstanceName(Atom) = tag::INSTANCE_NAME,
    /// The address of a COOL instance (`<Instance-pump-1>`): one instance, told
    /// apart from a later instance of the same name (see [`InstanceId`]).
    Instance(InstanceId) = tag::INSTANCE,
    /// The result of a function that returns nothing (CLIPS 6.4's void).
    Void = tag::VOID,
}

/// [`Value`]'s tags. The kinds whose payload word alone decides equality come
/// first, up to [`tag::LAST_WORD`].
mod tag {
    pub const SYMBOL: u64 = 0;
    pub const STRING: u64 = 1;
    pub const INTEGER: u64 = 2;
    pub const FACT: u64 = 3;
    pub const INSTANCE_NAME: u64 = 4;
    pub const INSTANCE: u64 = 5;
    /// The last tag whose payload is a plain word compared bit for bit.
    pub const LAST_WORD: u64 = INSTANCE;
    pub const FLOAT: u64 = 6;
    pub const MULTIFIELD: u64 = 7;
    pub const VOID: u64 = 8;
}

impl Value {
    /// The value's tag.
    #[inline]
    fn tag(&self) -> u64 {
        // SAFETY: a `repr(u64)` enum starts with its tag, a `u64` (the primitive
        // representation's layout, as the Rust reference gives it).
        unsafe { *(self as *const Value as *const u64) }
    }

    /// The payload word of a value whose tag is at most [`tag::LAST_WORD`].
    #[inline]
    fn word(&self) -> u64 {
        debug_assert!(self.tag() <= tag::LAST_WORD);
        // SAFETY: in a `repr(u64)` enum each variant's fields follow the tag as in
        // a `repr(C)` struct; those of the variants up to `LAST_WORD` are one
        // initialised 8-byte field (an interned pointer, an `i64`, a `u64`) at
        // offset 8. Callers test the tag first.
        unsafe { *(self as *const Value as *const u64).add(1) }
    }
}

/// A multifield shares its list (a count on the `Rc`); every other value is copied
/// as it is (its payload is a plain word or nothing), with no `match`.
impl Clone for Value {
    #[inline]
    fn clone(&self) -> Value {
        if let Value::Multifield(items) = self {
            return Value::Multifield(items.clone());
        }
        // SAFETY: not a multifield, so the value owns nothing (atoms are `Copy`
        // handles to interned text) and a bitwise copy is a valid second value;
        // dropping either drops nothing.
        unsafe { std::ptr::read(self) }
    }
}

impl Value {
    /// The symbol `TRUE`.
    pub fn true_sym() -> Value {
        Value::Symbol(*TRUE)
    }

    /// The symbol `FALSE`.
    pub fn false_sym() -> Value {
        Value::Symbol(*FALSE)
    }

    /// The symbol `nil`.
    pub fn nil() -> Value {
        Value::Symbol(*NIL)
    }

    /// `TRUE` or `FALSE` for a Rust boolean.
    pub fn boolean(b: bool) -> Value {
        if b {
            Value::true_sym()
        } else {
            Value::false_sym()
        }
    }

    /// A symbol value for `text`.
    pub fn symbol(text: &str) -> Value {
        Value::Symbol(atom(text))
    }

    /// The instance name `[text]`, if `text` is one as CLIPS's scanner reads it: a
    /// token of more than two characters in brackets.
    pub fn instance_name(text: &str) -> Option<Value> {
        let name = text.strip_prefix('[')?.strip_suffix(']')?;
        (text.len() > 2).then(|| Value::InstanceName(atom(name)))
    }

    /// A string value for `text`.
    pub fn string(text: &str) -> Value {
        Value::String(atom(text))
    }

    /// A multifield holding `items`.
    pub fn multifield(items: Vec<Value>) -> Value {
        Value::Multifield(Multi::from(items))
    }

    /// The empty multifield.
    pub fn empty_multifield() -> Value {
        Value::Multifield(Multi::from(Vec::new()))
    }

    /// CLIPS truth: everything except the symbol `FALSE` is true.
    pub fn is_truthy(&self) -> bool {
        !matches!(self, Value::Symbol(s) if *s == *FALSE)
    }

    /// Whether this is a multifield value.
    pub fn is_multifield(&self) -> bool {
        matches!(self, Value::Multifield(_))
    }

    /// The numeric value as a float, if this is a number.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Integer(i) => Some(*i as f64),
            Value::Float(f) => Some(*f),
            _ => None,
        }
    }

    /// The text of a symbol, string or instance name (without its brackets).
    pub fn as_lexeme(&self) -> Option<Atom> {
        match self {
            Value::Symbol(s) | Value::String(s) | Value::InstanceName(s) => Some(*s),
            _ => None,
        }
    }

    /// The CLIPS type name, as `(type ...)` returns it.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Symbol(_) => "SYMBOL",
            Value::String(_) => "STRING",
            Value::Integer(_) => "INTEGER",
            Value::Float(_) => "FLOAT",
            Value::Multifield(_) => "MULTIFIELD",
            Value::Fact(_) => "FACT-ADDRESS",
            Value::InstanceName(_) => "INSTANCE-NAME",
            Value::Instance(_) => "INSTANCE-ADDRESS",
            Value::Void => "VOID",
        }
    }

    /// The elements of a multifield, or this single value as a one-element slice.
    pub fn as_slice(&self) -> &[Value] {
        match self {
            Value::Multifield(items) => items,
            Value::Void => &[],
            single => std::slice::from_ref(single),
        }
    }

    /// Displays the value as `printout` does: strings without quotes.
    pub fn display(&self) -> Display<'_> {
        Display {
            value: self,
            quoted: false,
        }
    }

    /// Displays the value as `(facts)` and watch do: strings quoted and escaped.
    pub fn repr(&self) -> Display<'_> {
        Display {
            value: self,
            quoted: true,
        }
    }
}

/// An `INTEGER`.
impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Integer(i)
    }
}

/// A `FLOAT`.
impl From<f64> for Value {
    fn from(x: f64) -> Value {
        Value::Float(x)
    }
}

/// The symbol `TRUE` or `FALSE`.
impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::boolean(b)
    }
}

/// A **symbol** (use [`Value::string`] for a string).
impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::symbol(text)
    }
}

/// Equality as `eq` sees it: same type and same value (so `1` is not `1.0`).
impl PartialEq for Value {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        let kind = self.tag();
        if kind != other.tag() {
            return false;
        }
        if kind <= tag::LAST_WORD {
            return self.word() == other.word();
        }
        match (self, other) {
            (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits() || a == b,
            (Value::Multifield(a), Value::Multifield(b)) => a == b,
            (Value::Void, Value::Void) => true,
            _ => false,
        }
    }
}

impl Eq for Value {}

/// One word per single-field value: its payload mixed with a constant for its type
/// (join keys are hashed for every partial match, and hashing the discriminant and
/// the payload separately took two rounds of the hasher).
impl Hash for Value {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Odd constants, one per type, so that equal payloads of different types
        // (the integer 3 and fact 3) hash apart; indexed by tag.
        const MIX: [u64; 6] = [
            0x9E37_79B9_7F4A_7C15, // symbol
            0xC2B2_AE3D_27D4_EB4F, // string
            0x1656_67B1_9E37_79F9, // integer
            0x27D4_EB2F_1656_67C5, // fact
            0x94D0_49BB_1331_11EB, // instance name
            0xD6E8_FEB8_6659_FD93, // instance address
        ];
        const FLOAT: u64 = 0x85EB_CA77_C2B2_AE63;
        const VOID: u64 = 0xFF51_AFD7_ED55_8CCD;
        let kind = self.tag();
        let word = if kind <= tag::LAST_WORD {
            self.word() ^ MIX[kind as usize]
        } else {
            match self {
                // 0.0 and -0.0 compare equal, so they must hash alike.
                Value::Float(f) => (if *f == 0.0 { 0.0f64 } else { *f }).to_bits() ^ FLOAT,
                Value::Multifield(items) => return items.hash(state),
                _ => VOID,
            }
        };
        state.write_u64(word);
    }
}

/// A value being displayed; see [`Value::display`] and [`Value::repr`].
pub struct Display<'a> {
    value: &'a Value,
    quoted: bool,
}

impl fmt::Display for Display<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value {
            Value::Symbol(s) => f.write_str(s),
            Value::String(s) if self.quoted => write_quoted(f, s),
            Value::String(s) => f.write_str(s),
            Value::Integer(i) => write!(f, "{i}"),
            Value::Float(x) => f.write_str(&format_float(*x)),
            Value::Multifield(items) => {
                // A multifield prints in parentheses, its strings quoted, as CLIPS
                // shows it in printout and at the prompt.
                f.write_str("(")?;
                write_fields(f, items)?;
                f.write_str(")")
            }
            Value::Fact(id) => write!(f, "<Fact-{}>", id.0),
            Value::InstanceName(name) => write!(f, "[{name}]"),
            Value::Instance(id) => id.fmt(f),
            Value::Void => Ok(()),
        }
    }
}

/// Writes single-field values separated by spaces, strings quoted (as fields
/// appear inside a fact or a multifield).
pub fn write_fields(f: &mut impl fmt::Write, items: &[Value]) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{}", item.repr())?;
    }
    Ok(())
}

/// Quotes a string as CLIPS lists it: in quotes, inner quotes not escaped.
fn write_quoted(f: &mut impl fmt::Write, s: &str) -> fmt::Result {
    write!(f, "\"{s}\"")
}

/// Quotes a string so that it reads back as the same string (for save-facts).
pub fn escaped(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// Formats a float as CLIPS does: C's `%.15g`, with `.0` added when the result
/// would otherwise read as an integer.
pub fn format_float(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        // CLIPS formats with %g and then appends ".0" when no '.' or 'e' appears.
        return if x > 0.0 {
            "inf.0".into()
        } else {
            "-inf.0".into()
        };
    }
    let mut text = format_g(x, 15);
    if !text.contains(['.', 'e', 'n', 'i']) {
        text.push_str(".0");
    }
    text
}

/// C's `%.{precision}g` for a finite float.
pub fn format_g(x: f64, precision: usize) -> String {
    let precision = precision.max(1);
    if x == 0.0 {
        return if x.is_sign_negative() {
            "-0".into()
        } else {
            "0".into()
        };
    }
    // Round to `precision` significant digits to learn the decimal exponent.
    let sci = format!("{:.*e}", precision - 1, x);
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if exponent < -4 || exponent >= precision as i32 {
        let mantissa = trim_fraction_zeros(mantissa);
        let sign = if exponent < 0 { '-' } else { '+' };
        format!("{mantissa}e{sign}{:02}", exponent.abs())
    } else {
        let decimals = (precision as i32 - 1 - exponent).max(0) as usize;
        trim_fraction_zeros(&format!("{:.*}", decimals, x)).to_string()
    }
}

fn trim_fraction_zeros(text: &str) -> &str {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_like_c_percent_g() {
        assert_eq!(format_float(3.0), "3.0");
        assert_eq!(format_float(0.1), "0.1");
        assert_eq!(format_float(1e20), "1e+20");
        assert_eq!(format_float(1.0e-5), "1e-05");
        assert_eq!(format_float(-2.5), "-2.5");
        assert_eq!(format_float(1.0 / 3.0), "0.333333333333333");
        assert_eq!(format_float(123456789012345.0), "123456789012345.0");
        assert_eq!(format_float(1234567890123456.0), "1.23456789012346e+15");
    }

    #[test]
    fn strings_are_quoted_only_in_repr() {
        let v = Value::string("a \"b\"");
        assert_eq!(v.display().to_string(), "a \"b\"");
        assert_eq!(v.repr().to_string(), "\"a \"b\"\"");
        assert_eq!(escaped("a \"b\""), "\"a \\\"b\\\"\"");
    }

    #[test]
    fn integer_and_float_are_not_eq() {
        assert_ne!(Value::Integer(1), Value::Float(1.0));
        assert_eq!(Value::Float(0.0), Value::Float(-0.0));
    }

    fn hash_of(v: &Value) -> u64 {
        let mut h = rustc_hash::FxHasher::default();
        v.hash(&mut h);
        h.finish()
    }

    #[test]
    fn equality_hash_and_copy_follow_type_and_payload() {
        let values = [
            Value::symbol("a"),
            Value::string("a"),
            Value::Integer(3),
            Value::Fact(FactId(3)),
            Value::InstanceName(atom("a")),
            Value::Instance(InstanceId::new(atom("a"))),
            Value::Float(3.0),
            Value::multifield(vec![Value::symbol("a"), Value::Integer(3)]),
            Value::Void,
        ];
        for (i, a) in values.iter().enumerate() {
            for (j, b) in values.iter().enumerate() {
                assert_eq!(a == b, i == j, "{a:?} == {b:?}");
            }
            let copy = a.clone();
            assert_eq!(&copy, a);
            assert_eq!(hash_of(&copy), hash_of(a));
        }
        // Equal payloads of different types hash apart.
        assert_ne!(hash_of(&values[2]), hash_of(&values[3]));
        assert_ne!(hash_of(&values[0]), hash_of(&values[1]));
        // Same text interned once: equal, same hash.
        assert_eq!(Value::symbol("a"), values[0]);
        assert_eq!(hash_of(&Value::symbol("a")), hash_of(&values[0]));
        assert_eq!(hash_of(&Value::Float(0.0)), hash_of(&Value::Float(-0.0)));
        assert_eq!(Value::Float(f64::NAN), Value::Float(f64::NAN));
        // A copied multifield shares its list.
        assert_ne!(hash_of(&values[0]), hash_of(&values[4]));
        if let (Value::Multifield(a), Value::Multifield(b)) = (&values[7], &values[7].clone()) {
            assert_eq!(a.as_ptr(), b.as_ptr());
        }
        assert_eq!(std::mem::size_of::<Value>(), 16);
    }
}
