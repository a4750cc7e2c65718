//! Comparison and logic: `= <> != > >= < <=` on numbers, `eq neq` on any values,
//! and `and or not` as strict functions (the evaluator short-circuits `and`/`or`
//! itself).
//!
//! Every argument of a numeric comparison is type-checked before any comparison,
//! as CLIPS does (`(> 1 2 a)` is an error even though `1 > 2` already fails).
//! Integers compare exactly with integers; a mixed pair compares as floats.

use super::args::{self, Num};
use super::math::num_less;
use super::{FnError, FnState};
use crate::value::Value;

fn num_equal(a: Num, b: Num) -> bool {
    match (a, b) {
        (Num::Int(a), Num::Int(b)) => a == b,
        (a, b) => a.as_f64() == b.as_f64(),
    }
}

/// `(= <number> <number>+)`: whether the first argument equals each of the rest.
pub fn num_eq(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let nums = args::numbers("=", args)?;
    let first = nums.first().copied();
    Ok(Value::boolean(
        first.is_some_and(|f| nums[1..].iter().all(|&n| num_equal(f, n))),
    ))
}

fn not_equal(name: &str, args: &[Value]) -> Result<Value, FnError> {
    let nums = args::numbers(name, args)?;
    let first = nums.first().copied();
    Ok(Value::boolean(
        first.is_some_and(|f| nums[1..].iter().all(|&n| !num_equal(f, n))),
    ))
}

/// `(<> <number> <number>+)`: whether the first argument differs from each of the rest.
pub fn num_ne(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    not_equal("<>", args)
}

/// `(!= <number> <number>+)`: the same as `<>`.
pub fn num_ne_alt(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    not_equal("!=", args)
}

fn chain(name: &str, args: &[Value], holds: fn(Num, Num) -> bool) -> Result<Value, FnError> {
    let nums = args::numbers(name, args)?;
    Ok(Value::boolean(nums.windows(2).all(|w| holds(w[0], w[1]))))
}

/// `(> <number> <number>+)`: whether each argument is greater than the next.
pub fn gt(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    chain(">", args, |a, b| num_less(b, a))
}

/// `(>= <number> <number>+)`: whether each argument is at least the next.
pub fn ge(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    chain(">=", args, |a, b| num_less(b, a) || num_equal(a, b))
}

/// `(< <number> <number>+)`: whether each argument is less than the next.
pub fn lt(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    chain("<", args, num_less)
}

/// `(<= <number> <number>+)`: whether each argument is at most the next.
pub fn le(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    chain("<=", args, |a, b| num_less(a, b) || num_equal(a, b))
}

/// Identity as `eq` sees it: same type and same value, floats compared bit for bit
/// (CLIPS's `(eq 0.0 -0.0)` is `FALSE`), multifields element by element.
pub fn identical(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Float(x), Value::Float(y)) => x.to_bits() == y.to_bits(),
        (Value::Multifield(x), Value::Multifield(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| identical(p, q))
        }
        _ => a == b,
    }
}

/// `(eq <expression> <expression>+)`: whether the first argument is identical to
/// each of the rest.
pub fn eq(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::boolean(match args.split_first() {
        Some((first, rest)) => rest.iter().all(|v| identical(first, v)),
        None => false,
    }))
}

/// `(neq <expression> <expression>+)`: whether the first argument differs from each
/// of the rest.
pub fn neq(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::boolean(match args.split_first() {
        Some((first, rest)) => rest.iter().all(|v| !identical(first, v)),
        None => false,
    }))
}

/// `(and <expression>+)`: `TRUE` unless some argument is `FALSE`.
pub fn and(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::boolean(args.iter().all(Value::is_truthy)))
}

/// `(or <expression>+)`: `TRUE` if some argument is not `FALSE`.
pub fn or(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::boolean(args.iter().any(Value::is_truthy)))
}

/// `(not <expression>)`: `TRUE` for `FALSE`, `FALSE` for anything else.
pub fn not(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::boolean(!args.first().is_some_and(Value::is_truthy)))
}
