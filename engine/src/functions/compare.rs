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

/// Whether two numbers are equal (integers exactly, a mixed pair as floats).
pub(crate) fn num_equal(a: Num, b: Num) -> bool {
    match (a, b) {
        (Num::Int(a), Num::Int(b)) => a == b,
        (a, b) => a.as_f64() == b.as_f64(),
    }
}

/// Whether two numbers differ (`<>`).
pub(crate) fn num_differ(a: Num, b: Num) -> bool {
    !num_equal(a, b)
}

/// Whether `a` is greater than `b` (`>`).
pub(crate) fn num_greater(a: Num, b: Num) -> bool {
    num_less(b, a)
}

/// Whether `a` is at least `b` (`>=`).
pub(crate) fn num_at_least(a: Num, b: Num) -> bool {
    num_less(b, a) || num_equal(a, b)
}

/// Whether `a` is at most `b` (`<=`).
pub(crate) fn num_at_most(a: Num, b: Num) -> bool {
    num_less(a, b) || num_equal(a, b)
}

/// `(= <number> <number>+)`: whether the first argument equals each of the rest.
pub fn num_eq(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let nums = args::numbers("=", args)?;
    let first = nums.first().copied();
    Ok(Value::boolean(first.is_some_and(|f| {
        nums[1..].iter().all(|&n| num_equal(f, n))
    })))
}

fn not_equal(name: &str, args: &[Value]) -> Result<Value, FnError> {
    let nums = args::numbers(name, args)?;
    let first = nums.first().copied();
    Ok(Value::boolean(first.is_some_and(|f| {
        nums[1..].iter().all(|&n| num_differ(f, n))
    })))
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
    chain(">", args, num_greater)
}

/// `(>= <number> <number>+)`: whether each argument is at least the next.
pub fn ge(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    chain(">=", args, num_at_least)
}

/// `(< <number> <number>+)`: whether each argument is less than the next.
pub fn lt(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    chain("<", args, num_less)
}

/// `(<= <number> <number>+)`: whether each argument is at most the next.
pub fn le(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    chain("<=", args, num_at_most)
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

#[cfg(test)]
mod tests {
    use super::super::testing::check;

    /// Each expression with the result CLIPS 6.4 (through clipspy 1.0.6) gave for it,
    /// evaluated in order in one fresh environment.
    #[test]
    fn matches_clips_6_4() {
        check(&[
            (
                r#"(= 1 a 2)"#,
                r#"ERR [ARGACCES2] Function '=' expected argument #2 to be of type integer or float."#,
            ),
            (
                r#"(<> 1)"#,
                r#"ERR [ARGACCES1] Function '<>' expected at least 2 arguments."#,
            ),
            (
                r#"(= 1)"#,
                r#"ERR [ARGACCES1] Function '=' expected at least 2 arguments."#,
            ),
            (r#"(= 1 1)"#, r#"TRUE"#),
            (r#"(= 1 1.0)"#, r#"TRUE"#),
            (r#"(= 1 1 2)"#, r#"FALSE"#),
            (
                r#"(= a a)"#,
                r#"ERR [ARGACCES2] Function '=' expected argument #1 to be of type integer or float."#,
            ),
            (r#"(<> 1 2)"#, r#"TRUE"#),
            (r#"(<> 1 1.0)"#, r#"FALSE"#),
            (r#"(<> 1 2 1)"#, r#"FALSE"#),
            (r#"(<> 1 2 3)"#, r#"TRUE"#),
            (r#"(!= 1 2)"#, r#"TRUE"#),
            (r#"(> 3 2 1)"#, r#"TRUE"#),
            (r#"(> 3 2 2)"#, r#"FALSE"#),
            (
                r#"(> 1)"#,
                r#"ERR [ARGACCES1] Function '>' expected at least 2 arguments."#,
            ),
            (r#"(>= 3 3 2)"#, r#"TRUE"#),
            (r#"(< 1 2 3)"#, r#"TRUE"#),
            (r#"(< 1 3 2)"#, r#"FALSE"#),
            (r#"(<= 1 1 2)"#, r#"TRUE"#),
            (
                r#"(< 1 a)"#,
                r#"ERR [ARGACCES2] Function '<' expected argument #2 to be of type integer or float."#,
            ),
            (
                r#"(< a 1)"#,
                r#"ERR [ARGACCES2] Function '<' expected argument #1 to be of type integer or float."#,
            ),
            (
                r#"(> 1 2 a)"#,
                r#"ERR [ARGACCES2] Function '>' expected argument #3 to be of type integer or float."#,
            ),
            (r#"(eq a a)"#, r#"TRUE"#),
            (
                r#"(eq a)"#,
                r#"ERR [ARGACCES1] Function 'eq' expected at least 2 arguments."#,
            ),
            (r#"(eq 1 1.0)"#, r#"FALSE"#),
            (r#"(eq a "a")"#, r#"FALSE"#),
            (r#"(eq a a b)"#, r#"FALSE"#),
            (r#"(eq a a a)"#, r#"TRUE"#),
            (r#"(eq (create$ a b) (create$ a b))"#, r#"TRUE"#),
            (r#"(eq (create$) (create$))"#, r#"TRUE"#),
            (r#"(neq a b)"#, r#"TRUE"#),
            (r#"(neq a a)"#, r#"FALSE"#),
            (r#"(neq a b c)"#, r#"TRUE"#),
            (r#"(neq a b a)"#, r#"FALSE"#),
            (r#"(neq 1 1.0)"#, r#"TRUE"#),
            (
                r#"(and)"#,
                r#"ERR [ARGACCES1] Function 'and' expected at least 2 arguments."#,
            ),
            (
                r#"(and TRUE)"#,
                r#"ERR [ARGACCES1] Function 'and' expected at least 2 arguments."#,
            ),
            (r#"(and 1 2)"#, r#"TRUE"#),
            (r#"(and 1 FALSE)"#, r#"FALSE"#),
            (
                r#"(or)"#,
                r#"ERR [ARGACCES1] Function 'or' expected at least 2 arguments."#,
            ),
            (
                r#"(or FALSE)"#,
                r#"ERR [ARGACCES1] Function 'or' expected at least 2 arguments."#,
            ),
            (r#"(or FALSE 1)"#, r#"TRUE"#),
            (
                r#"(not)"#,
                r#"ERR [ARGACCES1] Function 'not' expected exactly 1 argument."#,
            ),
            (r#"(not FALSE)"#, r#"TRUE"#),
            (r#"(not 1)"#, r#"FALSE"#),
            (
                r#"(not 1 2)"#,
                r#"ERR [ARGACCES1] Function 'not' expected exactly 1 argument."#,
            ),
            (r#"(= 1.0 1.0 1)"#, r#"TRUE"#),
            (r#"(eq 0.0 -0.0)"#, r#"FALSE"#),
            (r#"(= 0.0 -0.0)"#, r#"TRUE"#),
            (r#"(> 9007199254740993 9007199254740992.0)"#, r#"FALSE"#),
            (r#"(= 9007199254740993 9007199254740992)"#, r#"FALSE"#),
            (r#"(= 9007199254740993 9007199254740992.0)"#, r#"TRUE"#),
            (r#"(neq 0.0 -0.0)"#, r#"TRUE"#),
            (r#"(<= -2.5 -0.0)"#, r#"TRUE"#),
            (r#"(= 7 9223372036854775807)"#, r#"FALSE"#),
            (r#"(= 1e10 -2.5 1e10)"#, r#"FALSE"#),
            (r#"(< -1 7 3.3)"#, r#"FALSE"#),
            (r#"(<= 3.3 0)"#, r#"FALSE"#),
            (r#"(= 3.3 0.5)"#, r#"FALSE"#),
            (r#"(<= -1 2)"#, r#"TRUE"#),
            (r#"(<> 7 -0.0)"#, r#"TRUE"#),
            (r#"(<> 9223372036854775807 1e10)"#, r#"TRUE"#),
            (r#"(<> 0 9223372036854775807)"#, r#"TRUE"#),
            (r#"(> -1 0)"#, r#"FALSE"#),
            (r#"(= 1e10 -1)"#, r#"FALSE"#),
            (r#"(<> -9223372036854775808 1e10 0)"#, r#"TRUE"#),
            (r#"(> 2 -2.5)"#, r#"TRUE"#),
            (r#"(>= 0 -9223372036854775808 -1)"#, r#"FALSE"#),
            (r#"(<> 9223372036854775807 -1)"#, r#"TRUE"#),
            (r#"(> 2 -1)"#, r#"TRUE"#),
            (r#"(< -9223372036854775808 0.5 -1)"#, r#"FALSE"#),
            (r#"(<= 2 1 3.3)"#, r#"FALSE"#),
            (r#"(> 0.5 3.3)"#, r#"FALSE"#),
            (r#"(<> -0.0 -2.5)"#, r#"TRUE"#),
            (r#"(< -1 1e10)"#, r#"TRUE"#),
            (r#"(= -9223372036854775808 -2.5)"#, r#"FALSE"#),
            (r#"(> -2.5 -2.5 1)"#, r#"FALSE"#),
            (r#"(<= 9223372036854775807 0 3.3)"#, r#"FALSE"#),
            (r#"(<= 0.5 0.5)"#, r#"TRUE"#),
            (r#"(<= -1 9223372036854775807)"#, r#"TRUE"#),
            (r#"(< 1e10 7)"#, r#"FALSE"#),
            (r#"(<> 1e10 9223372036854775807)"#, r#"TRUE"#),
            (r#"(= -1 1)"#, r#"FALSE"#),
            (r#"(> -3 0.5 7)"#, r#"FALSE"#),
            (r#"(< -3 -3)"#, r#"FALSE"#),
            (r#"(= 9223372036854775807 9223372036854775807)"#, r#"TRUE"#),
            (r#"(<= 0 -9223372036854775808)"#, r#"FALSE"#),
            (r#"(= -1 0)"#, r#"FALSE"#),
            (r#"(>= 7 -1)"#, r#"TRUE"#),
            (r#"(>= 0.5 -9223372036854775808)"#, r#"TRUE"#),
            (r#"(>= 1e10 1)"#, r#"TRUE"#),
            (r#"(<= 3.3 -9223372036854775808)"#, r#"FALSE"#),
            (r#"(= -1 9223372036854775807)"#, r#"FALSE"#),
            (r#"(<= 1e10 9223372036854775807)"#, r#"TRUE"#),
            (r#"(<> -1 1e10 3.3)"#, r#"TRUE"#),
            (r#"(<= -3 0)"#, r#"TRUE"#),
            (r#"(<= 2 -9223372036854775808)"#, r#"FALSE"#),
            (r#"(> 3.3 -0.0)"#, r#"TRUE"#),
            (r#"(<> 3.3 7)"#, r#"TRUE"#),
        ]);
    }
}
