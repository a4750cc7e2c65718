//! `format`: C-`printf`-style formatting as CLIPS 6.4 does it.
//!
//! A directive is `%` then flags (`-`, `+`, space, `#`, `0`), a width, a `.` and a
//! precision, and one of `d u x o` (integers; a float argument is truncated),
//! `f e g` (floats; an integer argument is converted), `s` (a symbol or string,
//! printed raw; width and precision count characters) or `c` (the first character
//! of a symbol or string, or the character with an integer's code). `%n` is a
//! newline, `%r` a carriage return and `%%` a percent sign; these take no flags.
//! Anything else (`%i`, `%ld`, `%X`, `%5n`, a trailing `%`) is CLIPS's
//! `[IOFUN3] Invalid format flag` error, reported before anything is formatted, as
//! is a width or precision above [`MAX_FIELD`] (where CLIPS overflows its buffer).

use super::args::{self, float_to_int};
use super::{FnError, FnState};
use crate::value::{atom, Value};

/// The largest width or precision accepted.
pub const MAX_FIELD: usize = 10_000;

/// The parsed flags, width and precision of one directive.
#[derive(Clone, Debug, Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    precision: Option<usize>,
    conversion: char,
}

enum Piece {
    Text(String),
    Directive(Spec),
}

/// Why formatting failed: an error that halts, or one CLIPS only prints (a bad
/// `%c` argument, after which `format` returns `""`).
enum Failure {
    Halt(FnError),
    Soft(String),
}

fn invalid_flag(text: &str) -> FnError {
    FnError::new(format!(
        "[IOFUN3] Invalid format flag \"{text}\" specified in format function."
    ))
}

/// Splits the control string into literal text and directives.
fn parse(control: &str) -> Result<Vec<Piece>, FnError> {
    let mut pieces = Vec::new();
    let mut text = String::new();
    let mut chars = control.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            text.push(c);
            continue;
        }
        // `seen` is the directive as CLIPS echoes it in its error message.
        let mut seen = String::from("%");
        let mut spec = Spec::default();
        while let Some(&f) = chars.peek() {
            match f {
                '-' => spec.left = true,
                '+' => spec.plus = true,
                ' ' => spec.space = true,
                '#' => spec.alt = true,
                '0' => spec.zero = true,
                _ => break,
            }
            seen.push(f);
            chars.next();
        }
        while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
            seen.push(chars.next().unwrap_or('0'));
            spec.width = spec.width.saturating_mul(10).saturating_add(d as usize);
        }
        if chars.peek() == Some(&'.') {
            chars.next();
            seen.push('.');
            let mut precision = 0usize;
            let mut any = false;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                seen.push(chars.next().unwrap_or('0'));
                precision = precision.saturating_mul(10).saturating_add(d as usize);
                any = true;
            }
            if !any {
                seen.push('0');
            }
            spec.precision = Some(precision);
        }
        let Some(conversion) = chars.next() else {
            return Err(invalid_flag(&seen));
        };
        seen.push(conversion);
        match conversion {
            'd' | 'u' | 'x' | 'o' | 'f' | 'e' | 'g' | 's' | 'c' => {
                if spec.width > MAX_FIELD || spec.precision.unwrap_or(0) > MAX_FIELD {
                    return Err(invalid_flag(&seen));
                }
                spec.conversion = conversion;
                if !text.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut text)));
                }
                pieces.push(Piece::Directive(spec));
            }
            'n' if seen == "%n" => text.push('\n'),
            'r' if seen == "%r" => text.push('\r'),
            '%' if seen == "%%" => text.push('%'),
            _ => return Err(invalid_flag(&seen)),
        }
    }
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    Ok(pieces)
}

/// Pads `body` (whose sign or prefix is `prefix`) to the width, with zeros after the
/// prefix when `zeros` is set, otherwise with spaces on the left or right.
fn pad(spec: &Spec, prefix: &str, body: &str, zeros: bool) -> String {
    let len = prefix.chars().count() + body.chars().count();
    let fill = spec.width.saturating_sub(len);
    if spec.left {
        format!("{prefix}{body}{}", " ".repeat(fill))
    } else if zeros {
        format!("{prefix}{}{body}", "0".repeat(fill))
    } else {
        format!("{}{prefix}{body}", " ".repeat(fill))
    }
}

fn sign(spec: &Spec, negative: bool) -> &'static str {
    if negative {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    }
}

fn format_integer(spec: &Spec, value: i64) -> String {
    let (prefix, mut digits) = match spec.conversion {
        'd' => (sign(spec, value < 0), value.unsigned_abs().to_string()),
        'u' => ("", (value as u64).to_string()),
        'x' => (
            if spec.alt && value != 0 { "0x" } else { "" },
            format!("{:x}", value as u64),
        ),
        _ => ("", format!("{:o}", value as u64)),
    };
    if let Some(p) = spec.precision {
        if p == 0 && value == 0 {
            digits.clear();
        }
        if digits.len() < p {
            digits = format!("{}{digits}", "0".repeat(p - digits.len()));
        }
    }
    if spec.conversion == 'o' && spec.alt && !digits.starts_with('0') {
        digits.insert(0, '0');
    }
    pad(spec, prefix, &digits, spec.zero && spec.precision.is_none())
}

/// C's `%e` body for a non-negative finite float: `d.ddde+XX`.
fn exponential(x: f64, precision: usize, alt: bool) -> String {
    let text = format!("{x:.precision$e}");
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let dot = if alt && precision == 0 { "." } else { "" };
    let sign = if exponent < 0 { '-' } else { '+' };
    format!("{mantissa}{dot}e{sign}{:02}", exponent.unsigned_abs())
}

fn trim_zeros(text: &str) -> &str {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        text
    }
}

/// C's `%g` body for a non-negative finite float.
fn general(x: f64, precision: usize, alt: bool) -> String {
    let p = precision.max(1);
    let probe = format!("{x:.prec$e}", prec = p - 1);
    let exponent: i64 = probe
        .split_once('e')
        .and_then(|(_, e)| e.parse().ok())
        .unwrap_or(0);
    if exponent < -4 || exponent >= p as i64 {
        let text = exponential(x, p - 1, alt);
        if alt {
            return text;
        }
        let (mantissa, rest) = text.split_once('e').unwrap_or((&text, ""));
        format!("{}e{rest}", trim_zeros(mantissa))
    } else {
        let decimals = (p as i64 - 1 - exponent).max(0) as usize;
        let text = format!("{x:.decimals$}");
        if alt {
            if text.contains('.') {
                text
            } else {
                text + "."
            }
        } else {
            trim_zeros(&text).to_string()
        }
    }
}

fn format_float(spec: &Spec, value: f64) -> String {
    let prefix = sign(spec, value.is_sign_negative() && !value.is_nan());
    if !value.is_finite() {
        let body = if value.is_nan() { "nan" } else { "inf" };
        return pad(spec, prefix, body, false);
    }
    let x = value.abs();
    let precision = spec.precision.unwrap_or(6);
    let body = match spec.conversion {
        'f' => {
            let text = format!("{x:.precision$}");
            if spec.alt && precision == 0 {
                text + "."
            } else {
                text
            }
        }
        'e' => exponential(x, precision, spec.alt),
        _ => general(x, precision, spec.alt),
    };
    pad(spec, prefix, &body, spec.zero)
}

fn format_text(spec: &Spec, text: &str) -> String {
    let shown: String = match spec.precision {
        Some(p) => text.chars().take(p).collect(),
        None => text.to_string(),
    };
    pad(spec, "", &shown, false)
}

/// One directive applied to its argument; `position` is the argument's index in the
/// call to `format` (0-based), for messages.
fn directive(spec: &Spec, value: &Value, position: usize) -> Result<String, Failure> {
    let wrong = |expected: &str| args::type_error("format", position, expected);
    match spec.conversion {
        'd' | 'u' | 'x' | 'o' => match value {
            Value::Integer(i) => Ok(format_integer(spec, *i)),
            Value::Float(f) => Ok(format_integer(spec, float_to_int(*f))),
            _ => Err(Failure::Halt(wrong(args::NUMBER))),
        },
        'f' | 'e' | 'g' => value
            .as_f64()
            .map(|f| format_float(spec, f))
            .ok_or_else(|| Failure::Halt(wrong(args::NUMBER))),
        's' => value
            .as_lexeme()
            .map(|s| format_text(spec, &s))
            .ok_or_else(|| Failure::Halt(wrong("symbol or string"))),
        _ => match value {
            Value::Symbol(s) | Value::String(s) => {
                let first: String = s.chars().take(1).collect();
                Ok(pad(spec, "", &first, false))
            }
            Value::Integer(i) => {
                // C prints the byte `i as unsigned char`; a NUL ends the piece.
                let byte = *i as u8;
                if byte == 0 {
                    Ok(if spec.left {
                        String::new()
                    } else {
                        " ".repeat(spec.width.saturating_sub(1))
                    })
                } else {
                    Ok(pad(spec, "", &char::from(byte).to_string(), false))
                }
            }
            _ => Err(Failure::Soft(
                wrong("symbol, string, or integer").message,
            )),
        },
    }
}

fn format_impl(control: &str, values: &[Value]) -> Result<String, Failure> {
    let pieces = parse(control).map_err(Failure::Halt)?;
    let wanted = pieces
        .iter()
        .filter(|p| matches!(p, Piece::Directive(_)))
        .count();
    if wanted != values.len() {
        return Err(Failure::Halt(FnError::new(format!(
            "[ARGACCES1] Function 'format' expected exactly {} arguments.",
            wanted + 2
        ))));
    }
    let mut out = String::new();
    let mut next = 0;
    for piece in &pieces {
        match piece {
            Piece::Text(t) => out.push_str(t),
            Piece::Directive(spec) => {
                out.push_str(&directive(spec, &values[next], next + 2)?);
                next += 1;
            }
        }
    }
    Ok(out)
}

/// Formats `args` under the `control` string as CLIPS's `format` does. `args` are
/// the values after the control string, so messages number the first of them
/// argument #3, as in a call to `format`.
pub fn format_string(control: &str, args: &[Value]) -> Result<String, FnError> {
    format_impl(control, args).map_err(|f| match f {
        Failure::Halt(e) => e,
        Failure::Soft(message) => FnError::new(message),
    })
}

/// `(format <logical-name> <control-string> <expression>*)`: the formatted string.
/// The logical name is ignored here; the evaluator prints the result unless it is
/// `nil`. A `%c` argument of the wrong type makes CLIPS print an error and return
/// `""`, without halting.
pub fn format(state: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let control = args::string("format", args, 1)?;
    match format_impl(&control, args.get(2..).unwrap_or(&[])) {
        Ok(text) => Ok(Value::String(atom(&text))),
        Err(Failure::Halt(e)) => Err(e),
        Err(Failure::Soft(message)) => {
            state.diagnostics.push(message);
            Ok(Value::string(""))
        }
    }
}
