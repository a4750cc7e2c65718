//! Arithmetic and the math library: `+ - * / div mod abs min max integer float round`,
//! `sqrt ** exp log log10 pi`, the trigonometric and hyperbolic families and the
//! angle conversions.
//!
//! Integer arithmetic wraps on overflow, silently, as CLIPS's C does; `/` always
//! divides in floating point (CLIPS's auto-float-dividend); `div` and `mod` on
//! `i64::MIN` and `-1` fail as CLIPS's overflow check does.

use super::args::{self, Num};
use super::{FnError, FnState};
use crate::value::Value;

/// `[PRNTUTIL7] Attempt to divide by zero in 'name' function.`
fn divide_by_zero(name: &str) -> FnError {
    FnError::new(format!(
        "[PRNTUTIL7] Attempt to divide by zero in '{name}' function."
    ))
}

/// `[PRNTUTIL17] Over or underflow of long long integer in 'name' function.`
fn integer_overflow(name: &str) -> FnError {
    FnError::new(format!(
        "[PRNTUTIL17] Over or underflow of long long integer in '{name}' function."
    ))
}

/// `[EMATHFUN1] Domain error for 'name' function.`
fn domain_error(name: &str) -> FnError {
    FnError::new(format!("[EMATHFUN1] Domain error for '{name}' function."))
}

/// `[EMATHFUN2] Argument overflow for 'name' function.`
fn argument_overflow(name: &str) -> FnError {
    FnError::new(format!(
        "[EMATHFUN2] Argument overflow for '{name}' function."
    ))
}

/// `[EMATHFUN3] Singularity at asymptote in 'name' function.`
fn singularity(name: &str) -> FnError {
    FnError::new(format!(
        "[EMATHFUN3] Singularity at asymptote in '{name}' function."
    ))
}

/// Folds the arguments left to right: integers combine with `int_op` until a float
/// appears, after which everything combines as floats.
fn fold(
    name: &str,
    args: &[Value],
    int_op: fn(i64, i64) -> i64,
    float_op: fn(f64, f64) -> f64,
) -> Result<Value, FnError> {
    let nums = args::numbers(name, args)?;
    let mut acc = *nums
        .first()
        .ok_or_else(|| args::type_error(name, 0, args::NUMBER))?;
    for &next in &nums[1..] {
        acc = match (acc, next) {
            (Num::Int(a), Num::Int(b)) => Num::Int(int_op(a, b)),
            (a, b) => Num::Float(float_op(a.as_f64(), b.as_f64())),
        };
    }
    Ok(acc.to_value())
}

/// `(+ <number> <number>+)`: the sum; an integer unless a float takes part.
pub fn add(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    fold("+", args, i64::wrapping_add, |a, b| a + b)
}

/// `(- <number> <number>+)`: the first argument minus the rest.
pub fn subtract(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    fold("-", args, i64::wrapping_sub, |a, b| a - b)
}

/// `(* <number> <number>+)`: the product.
pub fn multiply(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    fold("*", args, i64::wrapping_mul, |a, b| a * b)
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
            return Err(divide_by_zero("/"));
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
            return Err(divide_by_zero("div"));
        }
        acc = acc
            .checked_div(divisor)
            .ok_or_else(|| integer_overflow("div"))?;
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
    extreme("min", args, |candidate, best| num_less(candidate, best))
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
pub fn power(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let x = args::float("**", args, 0)?;
    let y = args::float("**", args, 1)?;
    if (x == 0.0 && y <= 0.0) || (x < 0.0 && y.trunc() != y) {
        return Err(domain_error("**"));
    }
    Ok(Value::Float(x.powf(y)))
}

/// `(atan2 <y> <x>)`: the angle of the point (x, y); both zero is a domain error.
pub fn atan2(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let y = args::float("atan2", args, 0)?;
    let x = args::float("atan2", args, 1)?;
    if x == 0.0 && y == 0.0 {
        return Err(domain_error("atan2"));
    }
    Ok(Value::Float(y.atan2(x)))
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
            pub fn $fn_name(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
                unary($clips, args::float($clips, args, 0)?).map(Value::Float)
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

    #[test]
    fn placeholder() {
        check(&[("(+ 1 2)", "3")]);
    }
}
