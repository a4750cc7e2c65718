//! Arithmetic and the math library: `+ - * / div mod abs min max integer float round`,
//! `sqrt ** exp log log10 pi`, the trigonometric and hyperbolic families and the
//! angle conversions.
//!
//! Integer arithmetic wraps on overflow, silently, as CLIPS's C does; `/` always
//! divides in floating point (CLIPS's auto-float-dividend); `div` and `mod` on
//! `i64::MIN` and `-1` fail as CLIPS's overflow check does.

use super::args::{self, Num};
use super::{FnError, FnState};
use crate::messages::{emathfun, prntutil};
use crate::value::Value;

/// `[PRNTUTIL7]`: `name` was asked to divide by zero.
fn divide_by_zero(name: &str) -> FnError {
    FnError::new(prntutil::prntutil7(name))
}

/// `[PRNTUTIL17]`: `name`'s integer arithmetic overflowed.
fn integer_overflow(name: &str) -> FnError {
    FnError::new(prntutil::prntutil17(name))
}

/// `[EMATHFUN1]`: an argument of `name` is outside its domain.
fn domain_error(name: &str) -> FnError {
    FnError::new(emathfun::emathfun1(name))
}

/// `[EMATHFUN2]`: `name`'s result overflows.
fn argument_overflow(name: &str) -> FnError {
    FnError::new(emathfun::emathfun2(name))
}

/// `[EMATHFUN3]`: `name` at an asymptote.
fn singularity(name: &str) -> FnError {
    FnError::new(emathfun::emathfun3(name))
}

/// The math functions that set the error state (`get-error`) as CLIPS's extended
/// math functions do: cleared when called, set when they fail.
const ERROR_STATE_FUNCTIONS: [&str; 20] = [
    "sqrt", "log", "log10", "**", "tan", "sec", "csc", "cot", "asin", "acos", "atan2", "asec",
    "acsc", "acosh", "atanh", "asech", "acsch", "acoth", "coth", "csch",
];

/// The error state CLIPS sets for each extended math error, by its message id.
const ERROR_STATES: [(&str, &str); 3] = [
    ("[EMATHFUN1]", "DOMAIN_ERROR"),
    ("[EMATHFUN2]", "ARGUMENT_OVERFLOW"),
    ("[EMATHFUN3]", "SINGULARITY_AT_ASYMPTOTE"),
];

/// Records in the error state the outcome of math function `name`, if it is one that
/// keeps it ([`ERROR_STATE_FUNCTIONS`]); passes `result` on.
fn keep_error_state(
    state: &mut FnState,
    name: &str,
    result: Result<f64, FnError>,
) -> Result<Value, FnError> {
    if ERROR_STATE_FUNCTIONS.contains(&name) {
        state.error = match &result {
            Ok(_) => Value::false_sym(),
            Err(e) => ERROR_STATES
                .iter()
                .find(|(id, _)| e.message.starts_with(id))
                .map_or_else(Value::false_sym, |(_, symbol)| Value::symbol(symbol)),
        };
    }
    result.map(Value::Float)
}

/// Folds the arguments left to right, starting from `start` if given (else from the
/// first argument): integers combine with `int_op` until a float appears, after
/// which everything combines as floats.
fn fold(
    name: &str,
    args: &[Value],
    start: Option<Num>,
    int_op: fn(i64, i64) -> i64,
    float_op: fn(f64, f64) -> f64,
) -> Result<Value, FnError> {
    // The arguments are read as they are added, not gathered into a list first
    // (each is still checked in order, so the first bad one is the one reported).
    let mut nums = (0..args.len()).map(|i| args::number(name, args, i));
    let mut acc = match start {
        Some(start) => start,
        None => match nums.next() {
            Some(first) => first?,
            None => return Err(args::type_error(name, 0, args::NUMBER)),
        },
    };
    for next in nums {
        acc = match (acc, next?) {
            (Num::Int(a), Num::Int(b)) => Num::Int(int_op(a, b)),
            (a, b) => Num::Float(float_op(a.as_f64(), b.as_f64())),
        };
    }
    Ok(acc.to_value())
}

/// `(+ <number> <number>+)`: the sum; an integer unless a float takes part. CLIPS
/// starts from the integer 0, so `(+ -0.0 -0.0)` is `0.0`.
pub fn add(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    fold("+", args, Some(Num::Int(0)), i64::wrapping_add, |a, b| {
        a + b
    })
}

/// `(- <number> <number>+)`: the first argument minus the rest.
pub fn subtract(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    fold("-", args, None, i64::wrapping_sub, |a, b| a - b)
}

/// `(* <number> <number>+)`: the product.
pub fn multiply(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    fold("*", args, None, i64::wrapping_mul, |a, b| a * b)
}

/// `(/ <number> <number>+)`: the first argument divided by the rest, always a float.
pub fn divide(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let nums = args::numbers("/", args)?;
    let mut acc = nums
        .first()
        .ok_or_else(|| args::type_error("/", 0, args::NUMBER))?
        .as_f64();
    for next in &nums[1..] {
        let divisor = next.as_f64();
        if divisor == 0.0 {
            // CLIPS returns the 1 its quotient starts from.
            return Err(divide_by_zero("/").returning(Value::Float(1.0)));
        }
        acc /= divisor;
    }
    Ok(Value::Float(acc))
}

/// `(div <number> <number>+)`: integer division of the arguments, each truncated
/// to an integer first.
pub fn div(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let nums = args::numbers("div", args)?;
    let mut acc = nums
        .first()
        .ok_or_else(|| args::type_error("div", 0, args::NUMBER))?
        .as_i64();
    for next in &nums[1..] {
        let divisor = next.as_i64();
        if divisor == 0 {
            // CLIPS returns the 1 its quotient starts from.
            return Err(divide_by_zero("div").returning(Value::Integer(1)));
        }
        acc = acc
            .checked_div(divisor)
            .ok_or_else(|| integer_overflow("div").returning(Value::Integer(1)))?;
    }
    Ok(Value::Integer(acc))
}

/// `(mod <number> <number>)`: the remainder, with the sign of the dividend; for
/// floats, `a - trunc(a / b) * b` as CLIPS computes it.
pub fn modulo(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let a = args::number("mod", args, 0)?;
    let b = args::number("mod", args, 1)?;
    match (a, b) {
        (Num::Int(a), Num::Int(b)) => {
            if b == 0 {
                return Err(divide_by_zero("mod"));
            }
            a.checked_rem(b)
                .map(Value::Integer)
                .ok_or_else(|| integer_overflow("mod"))
        }
        (a, b) => {
            let (a, b) = (a.as_f64(), b.as_f64());
            if b == 0.0 {
                return Err(divide_by_zero("mod"));
            }
            Ok(Value::Float(a - (a / b).trunc() * b))
        }
    }
}

/// `(abs <number>)`: the absolute value (`i64::MIN` stays itself; `-0.0` stays
/// `-0.0`, as CLIPS negates only values below zero).
pub fn abs(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(match args::number("abs", args, 0)? {
        Num::Int(i) => Value::Integer(i.wrapping_abs()),
        Num::Float(f) => Value::Float(if f < 0.0 { -f } else { f }),
    })
}

/// Whether `a` is strictly less than `b`, comparing integers exactly and mixed
/// pairs as floats.
pub(crate) fn num_less(a: Num, b: Num) -> bool {
    match (a, b) {
        (Num::Int(a), Num::Int(b)) => a < b,
        (a, b) => a.as_f64() < b.as_f64(),
    }
}

/// `(min <number>+)`: the smallest argument, the first one on ties, keeping its type.
pub fn min(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    extreme("min", args, num_less)
}

/// `(max <number>+)`: the largest argument, the first one on ties, keeping its type.
pub fn max(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    extreme("max", args, |candidate, best| num_less(best, candidate))
}

fn extreme(name: &str, args: &[Value], better: fn(Num, Num) -> bool) -> Result<Value, FnError> {
    let nums = args::numbers(name, args)?;
    let mut best = *nums
        .first()
        .ok_or_else(|| args::type_error(name, 0, args::NUMBER))?;
    for &n in &nums[1..] {
        if better(n, best) {
            best = n;
        }
    }
    Ok(best.to_value())
}

/// `(integer <number>)`: truncates toward zero.
pub fn integer(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::Integer(args::number("integer", args, 0)?.as_i64()))
}

/// `(float <number>)`: converts to a float.
pub fn float(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::Float(args::float("float", args, 0)?))
}

/// `(round <number>)`: the nearest integer, halves away from zero.
pub fn round(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::Integer(match args::number("round", args, 0)? {
        Num::Int(i) => i,
        Num::Float(f) => args::float_to_int(f.round()),
    }))
}

/// `(** <number> <number>)`: the first argument raised to the second, a float.
pub fn power(state: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let x = args::float("**", args, 0)?;
    let y = args::float("**", args, 1)?;
    let result = if (x == 0.0 && y <= 0.0) || (x < 0.0 && y.trunc() != y) {
        Err(domain_error("**"))
    } else {
        Ok(x.powf(y))
    };
    keep_error_state(state, "**", result)
}

/// `(atan2 <y> <x>)`: the angle of the point (x, y); both zero is a domain error.
pub fn atan2(state: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let y = args::float("atan2", args, 0)?;
    let x = args::float("atan2", args, 1)?;
    let result = if x == 0.0 && y == 0.0 {
        Err(domain_error("atan2"))
    } else {
        Ok(y.atan2(x))
    };
    keep_error_state(state, "atan2", result)
}

/// `(pi)`: π.
pub fn pi(_: &mut FnState, _: &[Value]) -> Result<Value, FnError> {
    Ok(Value::Float(std::f64::consts::PI))
}

/// The threshold below which CLIPS treats a sine or cosine as zero.
const SMALLEST_ALLOWED_NUMBER: f64 = 1e-15;
/// The threshold below which CLIPS treats an argument as zero.
const PROXIMITY: f64 = 1e-25;

/// CLIPS's `TestProximity`: whether `x` lies within `range` of zero.
fn near_zero(x: f64, range: f64) -> bool {
    x >= -range && x <= range
}

/// The one-argument float functions: each takes its name and the argument.
fn unary(name: &str, x: f64) -> Result<f64, FnError> {
    use std::f64::consts::FRAC_PI_2;
    Ok(match name {
        "sqrt" => {
            if x < 0.0 {
                return Err(domain_error(name));
            }
            x.sqrt()
        }
        "exp" => x.exp(),
        "log" | "log10" => {
            if x < 0.0 {
                return Err(domain_error(name));
            }
            if x == 0.0 {
                return Err(argument_overflow(name));
            }
            if name == "log" {
                x.ln()
            } else {
                x.log10()
            }
        }
        "sin" => x.sin(),
        "cos" => x.cos(),
        "tan" | "sec" => {
            let c = x.cos();
            if near_zero(c, SMALLEST_ALLOWED_NUMBER) {
                return Err(singularity(name));
            }
            if name == "tan" {
                x.sin() / c
            } else {
                1.0 / c
            }
        }
        "cot" | "csc" => {
            let s = x.sin();
            if near_zero(s, SMALLEST_ALLOWED_NUMBER) {
                return Err(singularity(name));
            }
            if name == "cot" {
                x.cos() / s
            } else {
                1.0 / s
            }
        }
        "asin" | "acos" => {
            if !(-1.0..=1.0).contains(&x) {
                return Err(domain_error(name));
            }
            if name == "asin" {
                x.asin()
            } else {
                x.acos()
            }
        }
        "atan" => x.atan(),
        "acot" => {
            if near_zero(x, PROXIMITY) {
                FRAC_PI_2
            } else {
                (1.0 / x).atan()
            }
        }
        "asec" | "acsc" => {
            if x < 1.0 && x > -1.0 {
                return Err(domain_error(name));
            }
            if name == "asec" {
                (1.0 / x).acos()
            } else {
                (1.0 / x).asin()
            }
        }
        "sinh" => x.sinh(),
        "cosh" => x.cosh(),
        "tanh" => x.tanh(),
        "sech" => 1.0 / x.cosh(),
        "coth" | "csch" => {
            if x == 0.0 {
                return Err(singularity(name));
            }
            if near_zero(x, PROXIMITY) {
                return Err(argument_overflow(name));
            }
            if name == "coth" {
                1.0 / x.tanh()
            } else {
                1.0 / x.sinh()
            }
        }
        // CLIPS computes the inverse hyperbolics from their logarithmic definitions.
        "asinh" => (x + (x * x + 1.0).sqrt()).ln(),
        "acosh" => {
            if x < 1.0 {
                return Err(domain_error(name));
            }
            (x + (x * x - 1.0).sqrt()).ln()
        }
        "atanh" => {
            if x >= 1.0 || x <= -1.0 {
                return Err(domain_error(name));
            }
            0.5 * ((1.0 + x) / (1.0 - x)).ln()
        }
        "asech" => {
            if x > 1.0 || x <= 0.0 {
                return Err(domain_error(name));
            }
            (1.0 / x + (1.0 / (x * x) - 1.0).sqrt()).ln()
        }
        "acsch" => {
            if x == 0.0 {
                return Err(domain_error(name));
            }
            (1.0 / x + (1.0 / (x * x) + 1.0).sqrt()).ln()
        }
        "acoth" => {
            if (-1.0..=1.0).contains(&x) {
                return Err(domain_error(name));
            }
            0.5 * ((x + 1.0) / (x - 1.0)).ln()
        }
        "deg-rad" => x * std::f64::consts::PI / 180.0,
        "rad-deg" => x * 180.0 / std::f64::consts::PI,
        "deg-grad" => x / 0.9,
        "grad-deg" => x * 0.9,
        _ => return Err(FnError::new(format!("no math function '{name}'"))),
    })
}

macro_rules! unary_builtins {
    ($($(#[$doc:meta])* $fn_name:ident => $clips:literal;)*) => {
        $(
            $(#[$doc])*
            pub fn $fn_name(state: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
                let x = args::float($clips, args, 0)?;
                keep_error_state(state, $clips, unary($clips, x))
            }
        )*
    };
}

unary_builtins! {
    /// `(sqrt <number>)`: the square root; negative arguments are a domain error.
    sqrt => "sqrt";
    /// `(exp <number>)`: e raised to the argument.
    exp => "exp";
    /// `(log <number>)`: the natural logarithm.
    log => "log";
    /// `(log10 <number>)`: the base-10 logarithm.
    log10 => "log10";
    /// `(sin <radians>)`.
    sin => "sin";
    /// `(cos <radians>)`.
    cos => "cos";
    /// `(tan <radians>)`: `sin / cos`, a singularity where the cosine is below 1e-15.
    tan => "tan";
    /// `(sec <radians>)`: `1 / cos`.
    sec => "sec";
    /// `(csc <radians>)`: `1 / sin`.
    csc => "csc";
    /// `(cot <radians>)`: `cos / sin`.
    cot => "cot";
    /// `(asin <number>)`: the arcsine, for arguments in [-1, 1].
    asin => "asin";
    /// `(acos <number>)`: the arccosine, for arguments in [-1, 1].
    acos => "acos";
    /// `(atan <number>)`: the arctangent.
    atan => "atan";
    /// `(acot <number>)`: the arccotangent (π/2 at zero).
    acot => "acot";
    /// `(asec <number>)`: the arcsecant.
    asec => "asec";
    /// `(acsc <number>)`: the arccosecant.
    acsc => "acsc";
    /// `(sinh <number>)`.
    sinh => "sinh";
    /// `(cosh <number>)`.
    cosh => "cosh";
    /// `(tanh <number>)`.
    tanh => "tanh";
    /// `(sech <number>)`.
    sech => "sech";
    /// `(csch <number>)`.
    csch => "csch";
    /// `(coth <number>)`.
    coth => "coth";
    /// `(asinh <number>)`.
    asinh => "asinh";
    /// `(acosh <number>)`.
    acosh => "acosh";
    /// `(atanh <number>)`.
    atanh => "atanh";
    /// `(asech <number>)`.
    asech => "asech";
    /// `(acsch <number>)`.
    acsch => "acsch";
    /// `(acoth <number>)`.
    acoth => "acoth";
    /// `(deg-rad <degrees>)`: degrees to radians.
    deg_rad => "deg-rad";
    /// `(rad-deg <radians>)`: radians to degrees.
    rad_deg => "rad-deg";
    /// `(deg-grad <degrees>)`: degrees to gradians.
    deg_grad => "deg-grad";
    /// `(grad-deg <gradians>)`: gradians to degrees.
    grad_deg => "grad-deg";
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
                r#"(+)"#,
                r#"ERR [ARGACCES1] Function '+' expected at least 2 arguments."#,
            ),
            (
                r#"(+ 1)"#,
                r#"ERR [ARGACCES1] Function '+' expected at least 2 arguments."#,
            ),
            (r#"(+ 1 2)"#, r#"3"#),
            (r#"(+ 1 2.0)"#, r#"3.0"#),
            (r#"(+ 1.5 2.5)"#, r#"4.0"#),
            (
                r#"(- 5)"#,
                r#"ERR [ARGACCES1] Function '-' expected at least 2 arguments."#,
            ),
            (
                r#"(- 5.0)"#,
                r#"ERR [ARGACCES1] Function '-' expected at least 2 arguments."#,
            ),
            (r#"(- 10 3 2)"#, r#"5"#),
            (
                r#"(*)"#,
                r#"ERR [ARGACCES1] Function '*' expected at least 2 arguments."#,
            ),
            (
                r#"(* 2)"#,
                r#"ERR [ARGACCES1] Function '*' expected at least 2 arguments."#,
            ),
            (r#"(* 2 3)"#, r#"6"#),
            (r#"(* 2 3.0)"#, r#"6.0"#),
            (
                r#"(/ 8)"#,
                r#"ERR [ARGACCES1] Function '/' expected at least 2 arguments."#,
            ),
            (r#"(/ 8 2)"#, r#"4.0"#),
            (r#"(/ 7 2)"#, r#"3.5"#),
            (r#"(/ 8 2 2)"#, r#"2.0"#),
            (r#"(/ 8.0 2)"#, r#"4.0"#),
            (
                r#"(/ 2)"#,
                r#"ERR [ARGACCES1] Function '/' expected at least 2 arguments."#,
            ),
            (
                r#"(/ 0)"#,
                r#"ERR [ARGACCES1] Function '/' expected at least 2 arguments."#,
            ),
            (
                r#"(/ 1 0.0)"#,
                r#"ERR [PRNTUTIL7] Attempt to divide by zero in '/' function."#,
            ),
            (
                r#"(/ 0.0 0.0)"#,
                r#"ERR [PRNTUTIL7] Attempt to divide by zero in '/' function."#,
            ),
            (r#"(div 7 2)"#, r#"3"#),
            (r#"(div -7 2)"#, r#"-3"#),
            (r#"(div 7 -2)"#, r#"-3"#),
            (r#"(div 7.5 2)"#, r#"3"#),
            (r#"(div 7 2.5)"#, r#"3"#),
            (r#"(div 20 3 2)"#, r#"3"#),
            (
                r#"(div 7)"#,
                r#"ERR [ARGACCES1] Function 'div' expected at least 2 arguments."#,
            ),
            (r#"(mod 7 3)"#, r#"1"#),
            (r#"(mod -7 3)"#, r#"-1"#),
            (r#"(mod 7 -3)"#, r#"1"#),
            (r#"(mod 7.5 2)"#, r#"1.5"#),
            (r#"(mod -7.5 2)"#, r#"-1.5"#),
            (r#"(mod 7 2.5)"#, r#"2.0"#),
            (
                r#"(mod 7.0 0)"#,
                r#"ERR [PRNTUTIL7] Attempt to divide by zero in 'mod' function."#,
            ),
            (r#"(abs -3)"#, r#"3"#),
            (r#"(abs -3.5)"#, r#"3.5"#),
            (r#"(abs 0)"#, r#"0"#),
            (r#"(min 3 1)"#, r#"1"#),
            (r#"(min 3 1.0)"#, r#"1.0"#),
            (r#"(min 1 1.0)"#, r#"1"#),
            (r#"(min 1.0 1)"#, r#"1.0"#),
            (r#"(max 1 2.0)"#, r#"2.0"#),
            (r#"(max 2 2.0)"#, r#"2"#),
            (r#"(max 2.0 2)"#, r#"2.0"#),
            (r#"(max 5)"#, r#"5"#),
            (r#"(integer 3.7)"#, r#"3"#),
            (r#"(integer -3.7)"#, r#"-3"#),
            (r#"(integer 4)"#, r#"4"#),
            (r#"(float 3)"#, r#"3.0"#),
            (r#"(float 3.5)"#, r#"3.5"#),
            (r#"(round 2.5)"#, r#"3"#),
            (r#"(round -2.5)"#, r#"-3"#),
            (r#"(round 3.4)"#, r#"3"#),
            (r#"(round -3.6)"#, r#"-4"#),
            (r#"(round 7)"#, r#"7"#),
            (r#"(round 0.5)"#, r#"1"#),
            (r#"(round -0.5)"#, r#"-1"#),
            (r#"(sqrt 16)"#, r#"4.0"#),
            (r#"(sqrt 2)"#, r#"1.4142135623731"#),
            (
                r#"(sqrt -1)"#,
                r#"ERR [EMATHFUN1] Domain error for 'sqrt' function."#,
            ),
            (r#"(** 2 10)"#, r#"1024.0"#),
            (r#"(** 2.0 0.5)"#, r#"1.4142135623731"#),
            (
                r#"(** -8 0.333)"#,
                r#"ERR [EMATHFUN1] Domain error for '**' function."#,
            ),
            (
                r#"(** 0 -1)"#,
                r#"ERR [EMATHFUN1] Domain error for '**' function."#,
            ),
            (r#"(exp 1)"#, r#"2.71828182845905"#),
            (r#"(exp 0)"#, r#"1.0"#),
            (r#"(log 10)"#, r#"2.30258509299405"#),
            (
                r#"(log 0)"#,
                r#"ERR [EMATHFUN2] Argument overflow for 'log' function."#,
            ),
            (
                r#"(log -1)"#,
                r#"ERR [EMATHFUN1] Domain error for 'log' function."#,
            ),
            (r#"(log10 1000)"#, r#"3.0"#),
            (
                r#"(log10 0)"#,
                r#"ERR [EMATHFUN2] Argument overflow for 'log10' function."#,
            ),
            (r#"(pi)"#, r#"3.14159265358979"#),
            (r#"(sin 0)"#, r#"0.0"#),
            (r#"(cos 0)"#, r#"1.0"#),
            (r#"(tan 1)"#, r#"1.5574077246549"#),
            (
                r#"(asin 2)"#,
                r#"ERR [EMATHFUN1] Domain error for 'asin' function."#,
            ),
            (r#"(acos 1)"#, r#"0.0"#),
            (r#"(atan 1)"#, r#"0.785398163397448"#),
            (r#"(atan2 1 1)"#, r#"0.785398163397448"#),
            (
                r#"(atan2 1)"#,
                r#"ERR [ARGACCES1] Function 'atan2' expected exactly 2 arguments."#,
            ),
            (
                r#"(atan2 0 0)"#,
                r#"ERR [EMATHFUN1] Domain error for 'atan2' function."#,
            ),
            (r#"(sinh 1)"#, r#"1.1752011936438"#),
            (r#"(sec 1)"#, r#"1.85081571768093"#),
            (r#"(deg-rad 180)"#, r#"3.14159265358979"#),
            (r#"(rad-deg 1)"#, r#"57.2957795130823"#),
            (r#"(deg-grad 90)"#, r#"100.0"#),
            (r#"(grad-deg 100)"#, r#"90.0"#),
            (r#"(+ 9223372036854775807 1)"#, r#"-9223372036854775808"#),
            (r#"(* 9223372036854775807 2)"#, r#"-2"#),
            (r#"(- -9223372036854775807 2)"#, r#"9223372036854775807"#),
            (r#"(abs -9223372036854775808)"#, r#"-9223372036854775808"#),
            (
                r#"(div -9223372036854775808 -1)"#,
                r#"ERR [PRNTUTIL17] Over or underflow of long long integer in 'div' function."#,
            ),
            (
                r#"(mod -9223372036854775808 -1)"#,
                r#"ERR [PRNTUTIL17] Over or underflow of long long integer in 'mod' function."#,
            ),
            (r#"(integer 1e30)"#, r#"-9223372036854775808"#),
            (r#"(integer -1e30)"#, r#"-9223372036854775808"#),
            (r#"(round 1e30)"#, r#"-9223372036854775808"#),
            (
                r#"(+ 1 a)"#,
                r#"ERR [ARGACCES2] Function '+' expected argument #2 to be of type integer or float."#,
            ),
            (
                r#"(+ "a" 1)"#,
                r#"ERR [ARGACCES2] Function '+' expected argument #1 to be of type integer or float."#,
            ),
            (
                r#"(div 7 a)"#,
                r#"ERR [ARGACCES2] Function 'div' expected argument #2 to be of type integer or float."#,
            ),
            (
                r#"(abs a)"#,
                r#"ERR [ARGACCES2] Function 'abs' expected argument #1 to be of type integer or float."#,
            ),
            (
                r#"(min 1 a)"#,
                r#"ERR [ARGACCES2] Function 'min' expected argument #2 to be of type integer or float."#,
            ),
            (
                r#"(sqrt a)"#,
                r#"ERR [ARGACCES2] Function 'sqrt' expected argument #1 to be of type integer or float."#,
            ),
            (
                r#"(integer a)"#,
                r#"ERR [ARGACCES2] Function 'integer' expected argument #1 to be of type integer or float."#,
            ),
            (
                r#"(round a)"#,
                r#"ERR [ARGACCES2] Function 'round' expected argument #1 to be of type integer or float."#,
            ),
            (
                r#"(** 2 a)"#,
                r#"ERR [ARGACCES2] Function '**' expected argument #2 to be of type integer or float."#,
            ),
            (
                r#"(div 7 0.5)"#,
                r#"ERR [PRNTUTIL7] Attempt to divide by zero in 'div' function."#,
            ),
            (r#"(div 1e30 1)"#, r#"-9223372036854775808"#),
            (r#"(mod 7 0.5)"#, r#"0.0"#),
            (r#"(mod 1e20 3.3)"#, r#"0.0"#),
            (
                r#"(mod 5 -0.0)"#,
                r#"ERR [PRNTUTIL7] Attempt to divide by zero in 'mod' function."#,
            ),
            (r#"(* 1e308 10)"#, r#"inf.0"#),
            (r#"(+ 0.1 0.2)"#, r#"0.3"#),
            (
                r#"(- 0.0)"#,
                r#"ERR [ARGACCES1] Function '-' expected at least 2 arguments."#,
            ),
            (r#"(- 0 0.0)"#, r#"0.0"#),
            (r#"(* -1 0.0)"#, r#"-0.0"#),
            (r#"(abs -0.0)"#, r#"-0.0"#),
            (r#"(float 9223372036854775807)"#, r#"9.22337203685478e+18"#),
            (r#"(round -0.4)"#, r#"0"#),
            (r#"(round 2.4999999999999996)"#, r#"2"#),
            (r#"(round 1e15)"#, r#"1000000000000000"#),
            (r#"(round 4503599627370497.0)"#, r#"4503599627370497"#),
            (r#"(integer -0.5)"#, r#"0"#),
            (r#"(** 2 0.5)"#, r#"1.4142135623731"#),
            (r#"(** -2 2)"#, r#"4.0"#),
            (r#"(** -2 3)"#, r#"-8.0"#),
            (
                r#"(** 0 0)"#,
                r#"ERR [EMATHFUN1] Domain error for '**' function."#,
            ),
            (r#"(** 10 400)"#, r#"inf.0"#),
            (r#"(** 1e308 2)"#, r#"inf.0"#),
            (r#"(exp 1000)"#, r#"inf.0"#),
            (r#"(exp -1000)"#, r#"0.0"#),
            (r#"(log 1)"#, r#"0.0"#),
            (r#"(sqrt 0)"#, r#"0.0"#),
            (r#"(sqrt -0.0)"#, r#"-0.0"#),
            (
                r#"(acos 2)"#,
                r#"ERR [EMATHFUN1] Domain error for 'acos' function."#,
            ),
            (
                r#"(acosh 0.5)"#,
                r#"ERR [EMATHFUN1] Domain error for 'acosh' function."#,
            ),
            (r#"(acosh 1)"#, r#"0.0"#),
            (
                r#"(atanh 1)"#,
                r#"ERR [EMATHFUN1] Domain error for 'atanh' function."#,
            ),
            (
                r#"(atanh 2)"#,
                r#"ERR [EMATHFUN1] Domain error for 'atanh' function."#,
            ),
            (r#"(atanh 0.5)"#, r#"0.549306144334055"#),
            (r#"(asinh 1)"#, r#"0.881373587019543"#),
            (r#"(acot 0)"#, r#"1.5707963267949"#),
            (r#"(acot 1)"#, r#"0.785398163397448"#),
            (
                r#"(acoth 1)"#,
                r#"ERR [EMATHFUN1] Domain error for 'acoth' function."#,
            ),
            (
                r#"(acoth 0.5)"#,
                r#"ERR [EMATHFUN1] Domain error for 'acoth' function."#,
            ),
            (r#"(acoth 2)"#, r#"0.549306144334055"#),
            (
                r#"(acsc 0.5)"#,
                r#"ERR [EMATHFUN1] Domain error for 'acsc' function."#,
            ),
            (r#"(acsc 2)"#, r#"0.523598775598299"#),
            (
                r#"(acsch 0)"#,
                r#"ERR [EMATHFUN1] Domain error for 'acsch' function."#,
            ),
            (r#"(acsch 2)"#, r#"0.481211825059603"#),
            (
                r#"(asec 0.5)"#,
                r#"ERR [EMATHFUN1] Domain error for 'asec' function."#,
            ),
            (r#"(asec 2)"#, r#"1.0471975511966"#),
            (
                r#"(asech 0)"#,
                r#"ERR [EMATHFUN1] Domain error for 'asech' function."#,
            ),
            (
                r#"(asech 2)"#,
                r#"ERR [EMATHFUN1] Domain error for 'asech' function."#,
            ),
            (r#"(asech 0.5)"#, r#"1.31695789692482"#),
            (
                r#"(cot 0)"#,
                r#"ERR [EMATHFUN3] Singularity at asymptote in 'cot' function."#,
            ),
            (r#"(cot 1)"#, r#"0.642092615934331"#),
            (
                r#"(coth 0)"#,
                r#"ERR [EMATHFUN3] Singularity at asymptote in 'coth' function."#,
            ),
            (r#"(coth 1)"#, r#"1.31303528549933"#),
            (
                r#"(csc 0)"#,
                r#"ERR [EMATHFUN3] Singularity at asymptote in 'csc' function."#,
            ),
            (r#"(csc 1)"#, r#"1.18839510577812"#),
            (
                r#"(csch 0)"#,
                r#"ERR [EMATHFUN3] Singularity at asymptote in 'csch' function."#,
            ),
            (r#"(csch 1)"#, r#"0.850918128239322"#),
            (r#"(sec 0)"#, r#"1.0"#),
            (r#"(sech 1)"#, r#"0.648054273663885"#),
            (r#"(cosh 1)"#, r#"1.54308063481524"#),
            (r#"(tanh 1)"#, r#"0.761594155955765"#),
            (r#"(tan 0)"#, r#"0.0"#),
            (r#"(atan2 0 -1)"#, r#"3.14159265358979"#),
            (r#"(atan2 -0.0 -1)"#, r#"-3.14159265358979"#),
            (r#"(atan2 1 0)"#, r#"1.5707963267949"#),
            (r#"(deg-rad 1)"#, r#"0.0174532925199433"#),
            (
                r#"(log10 -1)"#,
                r#"ERR [EMATHFUN1] Domain error for 'log10' function."#,
            ),
            (r#"(sqrt 1e400)"#, r#"inf.0"#),
            (
                r#"(pi 1)"#,
                r#"ERR [ARGACCES1] Function 'pi' expected exactly 0 arguments."#,
            ),
            (
                r#"(exp)"#,
                r#"ERR [ARGACCES1] Function 'exp' expected exactly 1 argument."#,
            ),
            (
                r#"(min)"#,
                r#"ERR [ARGACCES1] Function 'min' expected at least 1 argument."#,
            ),
            (
                r#"(max)"#,
                r#"ERR [ARGACCES1] Function 'max' expected at least 1 argument."#,
            ),
            (r#"(min 1)"#, r#"1"#),
            (
                r#"(abs 1 2)"#,
                r#"ERR [ARGACCES1] Function 'abs' expected exactly 1 argument."#,
            ),
            (
                r#"(+ 1 (create$ 1))"#,
                r#"ERR [ARGACCES2] Function '+' expected argument #2 to be of type integer or float."#,
            ),
            (r#"(asinh -1e10)"#, r#"-inf.0"#),
            (r#"(asinh 1e10)"#, r#"23.7189981105004"#),
            (r#"(asinh 1e-10)"#, r#"1.00000008269037e-10"#),
            (r#"(acosh 1e10)"#, r#"23.7189981105004"#),
            (r#"(atanh 1e-10)"#, r#"1.00000008264037e-10"#),
            (r#"(asinh 0.3)"#, r#"0.295673047563422"#),
            (r#"(acosh 2.5)"#, r#"1.56679923697241"#),
            (r#"(atanh -0.7)"#, r#"-0.867300527694053"#),
            (r#"(asech 0.3)"#, r#"1.87382024252741"#),
            (r#"(acsch -0.3)"#, r#"-1.91889647209853"#),
            (r#"(acoth -3)"#, r#"-0.346573590279973"#),
            (r#"(acot -2)"#, r#"-0.463647609000806"#),
            (r#"(asec -2)"#, r#"2.0943951023932"#),
            (r#"(acsc -3)"#, r#"-0.339836909454122"#),
            (r#"(deg-rad 33.3)"#, r#"0.581194640914112"#),
            (r#"(rad-deg 0.7)"#, r#"40.1070456591576"#),
            (r#"(deg-grad 33.3)"#, r#"37.0"#),
            (r#"(grad-deg 33.3)"#, r#"29.97"#),
            (r#"(sin 1e22)"#, r#"-0.852200849767189"#),
            (
                r#"(tan 1.5707963267948966)"#,
                r#"ERR [EMATHFUN3] Singularity at asymptote in 'tan' function."#,
            ),
            (
                r#"(sec 1.5707963267948966)"#,
                r#"ERR [EMATHFUN3] Singularity at asymptote in 'sec' function."#,
            ),
            (
                r#"(csc 3.141592653589793)"#,
                r#"ERR [EMATHFUN3] Singularity at asymptote in 'csc' function."#,
            ),
            (
                r#"(cot 1e-30)"#,
                r#"ERR [EMATHFUN3] Singularity at asymptote in 'cot' function."#,
            ),
            (
                r#"(csc 1e-30)"#,
                r#"ERR [EMATHFUN3] Singularity at asymptote in 'csc' function."#,
            ),
            (
                r#"(coth 1e-30)"#,
                r#"ERR [EMATHFUN2] Argument overflow for 'coth' function."#,
            ),
            (
                r#"(csch 1e-30)"#,
                r#"ERR [EMATHFUN2] Argument overflow for 'csch' function."#,
            ),
            (r#"(acot 1e-30)"#, r#"1.5707963267949"#),
            (
                r#"(mod 7 2 3)"#,
                r#"ERR [ARGACCES1] Function 'mod' expected exactly 2 arguments."#,
            ),
            (r#"(div 100 7 3)"#, r#"4"#),
            (
                r#"(+ 9223372036854775807 1 0.5)"#,
                r#"-9.22337203685478e+18"#,
            ),
            (r#"(- 1 2.5 3)"#, r#"-4.5"#),
            (r#"(* 2 2.5 -1)"#, r#"-5.0"#),
            (
                r#"(/ 1 0 a)"#,
                r#"ERR [ARGACCES2] Function '/' expected argument #3 to be of type integer or float."#,
            ),
            (
                r#"(/ 1 a 0)"#,
                r#"ERR [ARGACCES2] Function '/' expected argument #2 to be of type integer or float."#,
            ),
            (r#"(/ 10 4 2)"#, r#"1.25"#),
            (r#"(/ 9223372036854775807 1)"#, r#"9.22337203685478e+18"#),
            (
                r#"(** 2 0.5 3)"#,
                r#"ERR [ARGACCES1] Function '**' expected exactly 2 arguments."#,
            ),
            (
                r#"(** -8 (/ 1 3))"#,
                r#"ERR [EMATHFUN1] Domain error for '**' function."#,
            ),
            (
                r#"(** -0.0 -1)"#,
                r#"ERR [EMATHFUN1] Domain error for '**' function."#,
            ),
            (r#"(** 1e300 -2)"#, r#"0.0"#),
            (
                r#"(exp 1 2)"#,
                r#"ERR [ARGACCES1] Function 'exp' expected exactly 1 argument."#,
            ),
            (r#"(cosh 1000)"#, r#"inf.0"#),
            (r#"(sinh -1000)"#, r#"-inf.0"#),
            (r#"(tanh 1000)"#, r#"1.0"#),
            (r#"(log 1e-320)"#, r#"-736.827240890974"#),
            (r#"(abs 9223372036854775807)"#, r#"9223372036854775807"#),
            (r#"(round -0.0)"#, r#"0"#),
            (r#"(integer -0.0)"#, r#"0"#),
            (r#"(float -0)"#, r#"0.0"#),
            (r#"(max 3 1 2)"#, r#"3"#),
            (r#"(min 2.5 1 3)"#, r#"1"#),
            (
                r#"(max 1 a)"#,
                r#"ERR [ARGACCES2] Function 'max' expected argument #2 to be of type integer or float."#,
            ),
            (
                r#"(max a 1)"#,
                r#"ERR [ARGACCES2] Function 'max' expected argument #1 to be of type integer or float."#,
            ),
            (
                r#"(min 1 (create$))"#,
                r#"ERR [ARGACCES2] Function 'min' expected argument #2 to be of type integer or float."#,
            ),
            (r#"(sqrt 16.0)"#, r#"4.0"#),
            (
                r#"(atan2 1 2 3)"#,
                r#"ERR [ARGACCES1] Function 'atan2' expected exactly 2 arguments."#,
            ),
            (
                r#"(atan2 a 1)"#,
                r#"ERR [ARGACCES2] Function 'atan2' expected argument #1 to be of type integer or float."#,
            ),
            (r#"(atan2 1 0.0)"#, r#"1.5707963267949"#),
            (r#"(atan2 -1 0)"#, r#"-1.5707963267949"#),
            (
                r#"(atan2 0.0 0)"#,
                r#"ERR [EMATHFUN1] Domain error for 'atan2' function."#,
            ),
            (
                r#"(atan2 -0.0 0)"#,
                r#"ERR [EMATHFUN1] Domain error for 'atan2' function."#,
            ),
            (
                r#"(atan2 0 -0.0)"#,
                r#"ERR [EMATHFUN1] Domain error for 'atan2' function."#,
            ),
            (r#"(+ -0.0 -0.0)"#, r#"0.0"#),
            (r#"(+ -0.0 0)"#, r#"0.0"#),
            (r#"(- -0.0 0)"#, r#"-0.0"#),
            (r#"(* -0.0 1)"#, r#"-0.0"#),
            (r#"(/ -0.0 1)"#, r#"-0.0"#),
            (r#"(min -0.0 0.0)"#, r#"-0.0"#),
            (r#"(max 0.0 -0.0)"#, r#"0.0"#),
            (r#"(div -0.0 1)"#, r#"0"#),
            (r#"(grad-deg 1e10)"#, r#"9000000000.0"#),
            (r#"(log10 1e300)"#, r#"300.0"#),
            (r#"(coth 10)"#, r#"1.00000000412231"#),
            (r#"(sech 0.9999)"#, r#"0.648103629617127"#),
            (r#"(coth -0.5)"#, r#"-2.16395341373865"#),
            (
                r#"(mod 0.5 0)"#,
                r#"ERR [PRNTUTIL7] Attempt to divide by zero in 'mod' function."#,
            ),
            (r#"(* 7 1e10)"#, r#"70000000000.0"#),
            (r#"(* 3.3 2)"#, r#"6.6"#),
            (r#"(+ 0.5 0.5)"#, r#"1.0"#),
            (r#"(asech 1e-10)"#, r#"23.7189981105004"#),
            (r#"(sqrt 0.5)"#, r#"0.707106781186548"#),
            (r#"(sin -3.7)"#, r#"0.529836140908493"#),
            (r#"(cot 720)"#, r#"1.5421473579962"#),
            (
                r#"(log10 -1.0001)"#,
                r#"ERR [EMATHFUN1] Domain error for 'log10' function."#,
            ),
            (r#"(cot 0.3)"#, r#"3.23272814376583"#),
            (r#"(cos 100)"#, r#"0.862318872287684"#),
            (r#"(+ -3 0.5)"#, r#"-2.5"#),
            (r#"(log 1.0001)"#, r#"9.99950003332973e-05"#),
            (r#"(max 0.5 0.5)"#, r#"0.5"#),
            (r#"(- 2 7 9223372036854775807)"#, r#"9223372036854775804"#),
            (r#"(- 9223372036854775807 -0.0)"#, r#"9.22337203685478e+18"#),
            (
                r#"(- -0.0 9223372036854775807)"#,
                r#"-9.22337203685478e+18"#,
            ),
            (r#"(atanh -0.3)"#, r#"-0.309519604203112"#),
            (r#"(atan 10)"#, r#"1.47112767430373"#),
            (
                r#"(atanh 1.5707963267948966)"#,
                r#"ERR [EMATHFUN1] Domain error for 'atanh' function."#,
            ),
            (r#"(cos -1.0001)"#, r#"0.540218156068288"#),
            (r#"(acoth 2.5)"#, r#"0.423648930193602"#),
            (r#"(deg-grad 100)"#, r#"111.111111111111"#),
            (
                r#"(** -1 0.5)"#,
                r#"ERR [EMATHFUN1] Domain error for '**' function."#,
            ),
            (r#"(deg-grad 2.5)"#, r#"2.77777777777778"#),
            (r#"(div 0.5 -3 1)"#, r#"0"#),
            (r#"(acosh 1e300)"#, r#"inf.0"#),
            (r#"(deg-rad 100)"#, r#"1.74532925199433"#),
            (r#"(csch -0.3)"#, r#"-3.28385339669842"#),
            (r#"(acsc 1)"#, r#"1.5707963267949"#),
            (r#"(asech 1e-20)"#, r#"46.7448490404409"#),
            (r#"(integer 3.141592653589793)"#, r#"3"#),
            (
                r#"(cot 3.141592653589793)"#,
                r#"ERR [EMATHFUN3] Singularity at asymptote in 'cot' function."#,
            ),
            (r#"(asin 1)"#, r#"1.5707963267949"#),
            (r#"(/ 1e10 -3 2)"#, r#"-1666666666.66667"#),
            (r#"(sqrt 3.7)"#, r#"1.92353840616713"#),
            (r#"(max 1e10 -2.5 2)"#, r#"10000000000.0"#),
            (r#"(atan2 1e10 1)"#, r#"1.5707963266949"#),
            (r#"(rad-deg 1e300)"#, r#"5.72957795130823e+301"#),
            (r#"(tan 3.7)"#, r#"0.624733075224564"#),
            (
                r#"(/ -2.5 0)"#,
                r#"ERR [PRNTUTIL7] Attempt to divide by zero in '/' function."#,
            ),
            (r#"(asec 1)"#, r#"0.0"#),
            (r#"(log10 10)"#, r#"1.0"#),
            (r#"(rad-deg 100)"#, r#"5729.57795130823"#),
            (r#"(+ 1e10 1)"#, r#"10000000001.0"#),
            (r#"(mod 0.5 2)"#, r#"0.5"#),
            (r#"(** -2.5 -9223372036854775808)"#, r#"0.0"#),
            (
                r#"(* -2.5 9223372036854775807)"#,
                r#"-2.30584300921369e+19"#,
            ),
            (r#"(** -3 1e10)"#, r#"inf.0"#),
            (r#"(log10 100)"#, r#"2.0"#),
            (r#"(mod -9223372036854775808 -2.5)"#, r#"0.0"#),
            (r#"(integer 720)"#, r#"720"#),
            (r#"(sin -0.5)"#, r#"-0.479425538604203"#),
            (r#"(rad-deg -3.7)"#, r#"-211.994384198405"#),
            (r#"(mod 3.3 -9223372036854775808)"#, r#"3.3"#),
            (r#"(- -0.0 7)"#, r#"-7.0"#),
            (r#"(max 1 -0.0)"#, r#"1"#),
            (r#"(atanh 0.3)"#, r#"0.309519604203112"#),
            (r#"(integer 0.5)"#, r#"0"#),
            (r#"(max 0.5 -0.0)"#, r#"0.5"#),
            (r#"(abs 1e300)"#, r#"1e+300"#),
            (r#"(exp 100)"#, r#"2.68811714181614e+43"#),
            (r#"(sech 3.7)"#, r#"0.0494168467566524"#),
            (r#"(cosh 2)"#, r#"3.76219569108363"#),
            (r#"(* 2 -0.0 -9223372036854775808)"#, r#"0.0"#),
            (r#"(coth 3.7)"#, r#"1.00122325323918"#),
            (r#"(max 1e10 -9223372036854775808)"#, r#"10000000000.0"#),
            (r#"(div -1 7)"#, r#"0"#),
            (r#"(integer -1e-10)"#, r#"0"#),
            (r#"(cosh 2.5)"#, r#"6.13228947966369"#),
            (r#"(integer 0.9999)"#, r#"0"#),
            (
                r#"(asin -2)"#,
                r#"ERR [EMATHFUN1] Domain error for 'asin' function."#,
            ),
            (r#"(log 2)"#, r#"0.693147180559945"#),
            (
                r#"(asech -1.0001)"#,
                r#"ERR [EMATHFUN1] Domain error for 'asech' function."#,
            ),
            (r#"(rad-deg -1e-10)"#, r#"-5.72957795130823e-09"#),
            (
                r#"(/ 7 0 -1)"#,
                r#"ERR [PRNTUTIL7] Attempt to divide by zero in '/' function."#,
            ),
            (r#"(csch -1.0001)"#, r#"-0.850806410101344"#),
            (r#"(cot 0.9999)"#, r#"0.642233853296292"#),
            (r#"(+ -2.5 0)"#, r#"-2.5"#),
            (r#"(min -0.0 7)"#, r#"-0.0"#),
            (r#"(cot -2.5)"#, r#"1.33864812830415"#),
            (r#"(atan2 1e10 0)"#, r#"1.5707963267949"#),
            (r#"(min -0.0 1e10)"#, r#"-0.0"#),
            (r#"(* -2.5 0)"#, r#"-0.0"#),
            (r#"(rad-deg -1.0001)"#, r#"-57.3015090910336"#),
            (r#"(min -1 0)"#, r#"-1"#),
            (r#"(csc 0.9999)"#, r#"1.18847142259282"#),
            (r#"(atan2 7 0)"#, r#"1.5707963267949"#),
            (
                r#"(asech -1)"#,
                r#"ERR [EMATHFUN1] Domain error for 'asech' function."#,
            ),
            (r#"(/ -1 0.5)"#, r#"-2.0"#),
            (r#"(* 7 0)"#, r#"0"#),
            (r#"(csc 0.5)"#, r#"2.08582964293349"#),
            (r#"(div -1 -2.5)"#, r#"0"#),
            (
                r#"(max -9223372036854775808 9223372036854775807 -2.5)"#,
                r#"9223372036854775807"#,
            ),
            (r#"(sqrt 100)"#, r#"10.0"#),
            (r#"(+ 0 3.3)"#, r#"3.3"#),
            (
                r#"(acos 3.7)"#,
                r#"ERR [EMATHFUN1] Domain error for 'acos' function."#,
            ),
            (r#"(tanh 1.0001)"#, r#"0.76163615019153"#),
            (r#"(deg-grad -1.0001)"#, r#"-1.11122222222222"#),
            (
                r#"(log10 -1e-10)"#,
                r#"ERR [EMATHFUN1] Domain error for 'log10' function."#,
            ),
            (r#"(sec -2)"#, r#"-2.40299796172238"#),
            (r#"(/ 2 9223372036854775807)"#, r#"2.16840434497101e-19"#),
            (r#"(sec 0.3)"#, r#"1.04675160153809"#),
            (r#"(** -9223372036854775808 1)"#, r#"-9.22337203685478e+18"#),
            (r#"(rad-deg 1.0001)"#, r#"57.3015090910336"#),
            (r#"(asec -1)"#, r#"3.14159265358979"#),
            (r#"(exp -0.3)"#, r#"0.740818220681718"#),
            (r#"(acsch 1e-20)"#, r#"46.7448490404409"#),
            (r#"(min 0.5 2 -0.0)"#, r#"-0.0"#),
            (r#"(+ 0 -9223372036854775808)"#, r#"-9223372036854775808"#),
            (r#"(max 3.3 -1)"#, r#"3.3"#),
            (r#"(asinh 100)"#, r#"5.29834236561059"#),
            (r#"(div 3.3 7)"#, r#"0"#),
            (r#"(acosh 1.0001)"#, r#"0.0141420177752495"#),
            (r#"(tan 720)"#, r#"0.64844646318323"#),
            (
                r#"(log -0.3)"#,
                r#"ERR [EMATHFUN1] Domain error for 'log' function."#,
            ),
            (r#"(- 0 2)"#, r#"-2"#),
            (r#"(* -3 -9223372036854775808)"#, r#"-9223372036854775808"#),
            (r#"(max -2.5 0.5 7)"#, r#"7"#),
            (r#"(tanh 1.5707963267948966)"#, r#"0.917152335667274"#),
            (r#"(csc 100)"#, r#"-1.9748575314241"#),
            (r#"(/ 7 -3 0.5)"#, r#"-4.66666666666667"#),
            (r#"(atan2 -0.0 1)"#, r#"-0.0"#),
            (r#"(sec -0.3)"#, r#"1.04675160153809"#),
            (r#"(/ 0 7)"#, r#"0.0"#),
            (r#"(sin 0.3)"#, r#"0.29552020666134"#),
            (
                r#"(/ -1 2 0)"#,
                r#"ERR [PRNTUTIL7] Attempt to divide by zero in '/' function."#,
            ),
            (r#"(asech 0.9999)"#, r#"0.0141427249173873"#),
            (r#"(tan -1)"#, r#"-1.5574077246549"#),
            (
                r#"(asec -0.5)"#,
                r#"ERR [EMATHFUN1] Domain error for 'asec' function."#,
            ),
            (
                r#"(** -0.0 -0.0)"#,
                r#"ERR [EMATHFUN1] Domain error for '**' function."#,
            ),
            (r#"(sech 2.5)"#, r#"0.163071231929978"#),
            (r#"(round 1.5707963267948966)"#, r#"2"#),
            (r#"(mod 1e10 0.5)"#, r#"0.0"#),
            (r#"(max -9223372036854775808 1)"#, r#"1"#),
            (r#"(grad-deg 0)"#, r#"0.0"#),
            (r#"(sech 1e-20)"#, r#"1.0"#),
            (r#"(deg-rad 1e300)"#, r#"1.74532925199433e+298"#),
            (
                r#"(div 9223372036854775807 -2.5)"#,
                r#"-4611686018427387903"#,
            ),
            (r#"(grad-deg -2)"#, r#"-1.8"#),
            (r#"(acoth 1.0001)"#, r#"4.95176877564314"#),
            (
                r#"(/ 3.3 -0.0 1)"#,
                r#"ERR [PRNTUTIL7] Attempt to divide by zero in '/' function."#,
            ),
            (r#"(tan 0.9999)"#, r#"1.55706522611267"#),
            (r#"(rad-deg 0.9999)"#, r#"57.290049935131"#),
            (r#"(- 2 1e10 7)"#, r#"-10000000005.0"#),
            (r#"(tanh 1e10)"#, r#"1.0"#),
            (r#"(abs 1e10)"#, r#"10000000000.0"#),
            (
                r#"(atan2 -0.0 -0.0)"#,
                r#"ERR [EMATHFUN1] Domain error for 'atan2' function."#,
            ),
            (r#"(atan -1.0001)"#, r#"-0.785448160897532"#),
            (r#"(abs -2.5)"#, r#"2.5"#),
            (
                r#"(/ -9223372036854775808 -0.0 1e10)"#,
                r#"ERR [PRNTUTIL7] Attempt to divide by zero in '/' function."#,
            ),
            (r#"(div 3.3 -2.5)"#, r#"-1"#),
            (r#"(min 3.3 -2.5 1e10)"#, r#"-2.5"#),
            (r#"(* -1 1e10)"#, r#"-10000000000.0"#),
            (r#"(min 0.5 1e10)"#, r#"0.5"#),
            (r#"(+ 7 0.5 3.3)"#, r#"10.8"#),
            (r#"(atan 3.7)"#, r#"1.30683260316919"#),
            (r#"(** 0.5 1)"#, r#"0.5"#),
            (r#"(grad-deg 1.0001)"#, r#"0.90009"#),
            (
                r#"(acos 3.141592653589793)"#,
                r#"ERR [EMATHFUN1] Domain error for 'acos' function."#,
            ),
            (r#"(atan 1.5707963267948966)"#, r#"1.00388482185389"#),
            (r#"(sec 0.9999)"#, r#"1.85052752434793"#),
            (r#"(- 3.3 -1)"#, r#"4.3"#),
            (
                r#"(atan2 -1 9223372036854775807)"#,
                r#"-1.0842021724855e-19"#,
            ),
            (r#"(max 1e10 -1)"#, r#"10000000000.0"#),
            (r#"(float 1e-20)"#, r#"1e-20"#),
            (r#"(max 2 1e10 -3)"#, r#"10000000000.0"#),
            (r#"(asec 2.5)"#, r#"1.15927948072741"#),
            (
                r#"(asin 3.141592653589793)"#,
                r#"ERR [EMATHFUN1] Domain error for 'asin' function."#,
            ),
            (r#"(acsc 2.5)"#, r#"0.411516846067488"#),
            (r#"(acos 0.9999)"#, r#"0.0141422534775121"#),
            (
                r#"(div 1e10 -2.5 0)"#,
                r#"ERR [PRNTUTIL7] Attempt to divide by zero in 'div' function."#,
            ),
            (r#"(tanh 3.7)"#, r#"0.998778241281131"#),
            (r#"(min 0 0 1e10)"#, r#"0"#),
            (r#"(* 3.3 -3 -2.5)"#, r#"24.75"#),
            (r#"(acosh 3.7)"#, r#"1.9826969446812"#),
            (r#"(min 1 7 0.5)"#, r#"0.5"#),
            (r#"(max -1 0 0)"#, r#"0"#),
            (r#"(abs 0.9999)"#, r#"0.9999"#),
            (r#"(div -2.5 7 -3)"#, r#"0"#),
            (r#"(div -2.5 1e10)"#, r#"0"#),
            (r#"(cosh 0.5)"#, r#"1.12762596520638"#),
            (r#"(exp 0.3)"#, r#"1.349858807576"#),
            (r#"(coth 0.5)"#, r#"2.16395341373865"#),
            (r#"(+ -2.5 3.3 -1)"#, r#"-0.2"#),
            (r#"(deg-grad 0.5)"#, r#"0.555555555555556"#),
            (r#"(acsc 1.5707963267948966)"#, r#"0.69010709137454"#),
            (r#"(acot 0.9999)"#, r#"0.785448165897532"#),
            (
                r#"(/ 2 -0.0)"#,
                r#"ERR [PRNTUTIL7] Attempt to divide by zero in '/' function."#,
            ),
            (r#"(tanh 0.3)"#, r#"0.291312612451591"#),
        ]);
    }
}
