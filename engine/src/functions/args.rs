//! Argument extraction shared by every built-in: each helper takes the function's
//! name and the argument's index (0-based) and fails with CLIPS's message, which
//! counts arguments from 1.

use super::FnError;
use crate::messages;
use crate::value::{Atom, Value};
use smallvec::SmallVec;

/// The expected-type phrase for numbers.
pub const NUMBER: &str = "integer or float";
/// The expected-type phrase for integers.
pub const INTEGER: &str = "integer";
/// The expected-type phrase for symbols and strings.
pub const LEXEME: &str = "symbol, string, or instance name";
/// The expected-type phrase for strings.
pub const STRING: &str = "string";
/// The expected-type phrase for multifields.
pub const MULTIFIELD: &str = "multifield";
/// The expected-type phrase for any single-field printable value (`str-cat`).
pub const PRIMITIVE: &str = "integer, float, symbol, string, or instance name";

/// A number argument, keeping whether it was an integer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
}

impl Num {
    /// The number as a float.
    pub fn as_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }

    /// The number as an integer, truncating floats as CLIPS's C casts do.
    pub fn as_i64(self) -> i64 {
        match self {
            Num::Int(i) => i,
            Num::Float(f) => float_to_int(f),
        }
    }

    /// The number as a [`Value`].
    pub fn to_value(self) -> Value {
        match self {
            Num::Int(i) => Value::Integer(i),
            Num::Float(f) => Value::Float(f),
        }
    }

    /// The number held by `value`, if it is one.
    pub fn of(value: &Value) -> Option<Num> {
        match value {
            Value::Integer(i) => Some(Num::Int(*i)),
            Value::Float(f) => Some(Num::Float(*f)),
            _ => None,
        }
    }
}

/// C's `(long long) x` as x86-64 computes it: truncation toward zero, and
/// `i64::MIN` for NaN and for values out of range (where Rust's `as` saturates).
pub fn float_to_int(x: f64) -> i64 {
    // 2^63 is exactly representable; anything at or beyond it (or NaN) is out of range.
    if !(-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&x) {
        i64::MIN
    } else {
        x as i64
    }
}

/// `[ARGACCES2] Function 'name' expected argument #n to be of type <expected>.`
pub fn type_error(name: &str, index: usize, expected: &str) -> FnError {
    FnError::new(messages::args::argacces2(name, index, expected))
}

/// The `[ARGACCES1]` check of an argument count against `min..=max`.
pub fn check_arity(
    name: &str,
    min: usize,
    max: Option<usize>,
    count: usize,
) -> Result<(), FnError> {
    match messages::args::argacces1(name, min, max, count) {
        Some(message) => Err(FnError::new(message)),
        None => Ok(()),
    }
}

/// Argument `index`, or a type error naming `expected` if there are too few.
pub fn arg<'a>(
    name: &str,
    args: &'a [Value],
    index: usize,
    expected: &str,
) -> Result<&'a Value, FnError> {
    args.get(index)
        .ok_or_else(|| type_error(name, index, expected))
}

/// Argument `index` as a number. Inlined: arithmetic and comparisons read every
/// argument through it, and the call cost as much as the reading (churn_100k -2%).
#[inline]
pub fn number(name: &str, args: &[Value], index: usize) -> Result<Num, FnError> {
    Num::of(arg(name, args, index, NUMBER)?).ok_or_else(|| type_error(name, index, NUMBER))
}

/// Every argument as a number, checked in order. Kept inline for up to four
/// arguments: comparisons and arithmetic run in the matcher's inner loop (a join test
/// such as `(> ?b ?base)`), where a heap list per call was a tenth of Waltz's time.
pub fn numbers(name: &str, args: &[Value]) -> Result<SmallVec<[Num; 4]>, FnError> {
    (0..args.len()).map(|i| number(name, args, i)).collect()
}

/// Argument `index` as a number, converted to a float.
pub fn float(name: &str, args: &[Value], index: usize) -> Result<f64, FnError> {
    number(name, args, index).map(Num::as_f64)
}

/// Argument `index` as an integer (floats are refused, as CLIPS refuses them).
pub fn integer(name: &str, args: &[Value], index: usize) -> Result<i64, FnError> {
    match arg(name, args, index, INTEGER)? {
        Value::Integer(i) => Ok(*i),
        _ => Err(type_error(name, index, INTEGER)),
    }
}

/// Argument `index` as the text of a symbol or string.
pub fn lexeme(name: &str, args: &[Value], index: usize) -> Result<Atom, FnError> {
    arg(name, args, index, LEXEME)?
        .as_lexeme()
        .ok_or_else(|| type_error(name, index, LEXEME))
}

/// Argument `index` as the text of a string (symbols are refused).
pub fn string(name: &str, args: &[Value], index: usize) -> Result<Atom, FnError> {
    match arg(name, args, index, STRING)? {
        Value::String(s) => Ok(*s),
        _ => Err(type_error(name, index, STRING)),
    }
}

/// Argument `index` as the elements of a multifield.
pub fn multifield<'a>(name: &str, args: &'a [Value], index: usize) -> Result<&'a [Value], FnError> {
    match arg(name, args, index, MULTIFIELD)? {
        Value::Multifield(items) => Ok(items),
        _ => Err(type_error(name, index, MULTIFIELD)),
    }
}

/// Argument `index` as a single field that prints: a number, symbol or string.
pub fn primitive<'a>(name: &str, args: &'a [Value], index: usize) -> Result<&'a Value, FnError> {
    match arg(name, args, index, PRIMITIVE)? {
        v @ (Value::Integer(_)
        | Value::Float(_)
        | Value::Symbol(_)
        | Value::String(_)
        | Value::InstanceName(_)) => Ok(v),
        _ => Err(type_error(name, index, PRIMITIVE)),
    }
}

/// The text a single field contributes to `str-cat` and `sym-cat`: strings
/// without quotes, instance names without brackets, floats as CLIPS prints them.
pub fn field_text(value: &Value) -> String {
    match value {
        Value::InstanceName(name) => name.to_string(),
        other => other.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_to_int_matches_x86_casts() {
        // (integer 3.7) => 3, (integer -3.7) => -3, (integer 1e30) and (integer -1e30)
        // => -9223372036854775808 in CLIPS 6.4.
        assert_eq!(float_to_int(3.7), 3);
        assert_eq!(float_to_int(-3.7), -3);
        assert_eq!(float_to_int(1e30), i64::MIN);
        assert_eq!(float_to_int(-1e30), i64::MIN);
        assert_eq!(float_to_int(f64::NAN), i64::MIN);
        assert_eq!(float_to_int(-9_223_372_036_854_775_808.0), i64::MIN);
    }

    #[test]
    fn arity_messages() {
        assert_eq!(
            check_arity("abs", 1, Some(1), 2).unwrap_err().message,
            "[ARGACCES1] Function 'abs' expected exactly 1 argument."
        );
        assert_eq!(
            check_arity("+", 2, None, 1).unwrap_err().message,
            "[ARGACCES1] Function '+' expected at least 2 arguments."
        );
        assert_eq!(
            check_arity("random", 0, Some(2), 3).unwrap_err().message,
            "[ARGACCES1] Function 'random' expected no more than 2 arguments."
        );
        assert_eq!(
            check_arity("pi", 0, Some(0), 1).unwrap_err().message,
            "[ARGACCES1] Function 'pi' expected exactly 0 arguments."
        );
        assert!(check_arity("str-compare", 2, Some(3), 3).is_ok());
    }

    #[test]
    fn missing_arguments_are_errors_not_panics() {
        assert!(number("+", &[], 3).is_err());
        assert!(multifield("nth$", &[Value::Integer(1)], 1).is_err());
    }
}
