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
            't' if seen == "%t" => text.push('\t'),
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
        's' => match value {
            Value::Symbol(s) | Value::String(s) => Ok(format_text(spec, s)),
            _ => Err(Failure::Halt(wrong("symbol or string"))),
        },
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
            _ => Err(Failure::Soft(wrong("symbol, string, or integer").message)),
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

#[cfg(test)]
mod tests {
    use super::super::testing::check;

    /// Each expression with the result CLIPS 6.4 (through clipspy 1.0.6) gave for it,
    /// evaluated in order in one fresh environment.
    #[test]
    fn matches_clips_6_4() {
        check(&[
            (r#"(format nil "Hello%n")"#, "\"Hello\n\""),
            (r#"(format nil "|%d|" 12)"#, r#""|12|""#),
            (r#"(format nil "|%4d|" 12)"#, r#""|  12|""#),
            (r#"(format nil "|%-04d|" 12)"#, r#""|12  |""#),
            (r#"(format nil "|%04d|" -12)"#, r#""|-012|""#),
            (r#"(format nil "|%6.4d|" 12)"#, r#""|  0012|""#),
            (r#"(format nil "|%+d|" 12)"#, r#""|+12|""#),
            (r#"(format nil "|% d|" 12)"#, r#""| 12|""#),
            (r#"(format nil "|%d|" 12.7)"#, r#""|12|""#),
            (r#"(format nil "|%d|" -12.7)"#, r#""|-12|""#),
            (
                r#"(format nil "|%d|" a)"#,
                r#"ERR [ARGACCES2] Function 'format' expected argument #3 to be of type integer or float."#,
            ),
            (
                r#"(format nil "|%d|" "12")"#,
                r#"ERR [ARGACCES2] Function 'format' expected argument #3 to be of type integer or float."#,
            ),
            (
                r#"(format nil "|%i|" 12)"#,
                r#"ERR [IOFUN3] Invalid format flag "%i" specified in format function."#,
            ),
            (r#"(format nil "|%u|" 12)"#, r#""|12|""#),
            (
                r#"(format nil "|%ld|" 12)"#,
                r#"ERR [IOFUN3] Invalid format flag "%l" specified in format function."#,
            ),
            (
                r#"(format nil "|%lld|" 12)"#,
                r#"ERR [IOFUN3] Invalid format flag "%l" specified in format function."#,
            ),
            (r#"(format nil "|%f|" 12.01)"#, r#""|12.010000|""#),
            (r#"(format nil "|%f|" 12)"#, r#""|12.000000|""#),
            (r#"(format nil "|%7.2f|" 12.01)"#, r#""|  12.01|""#),
            (r#"(format nil "|%-9.2f|" 12.01)"#, r#""|12.01    |""#),
            (r#"(format nil "|%09.2f|" -12.01)"#, r#""|-00012.01|""#),
            (r#"(format nil "|%+.1f|" 2.25)"#, r#""|+2.2|""#),
            (r#"(format nil "|%.0f|" 2.5)"#, r#""|2|""#),
            (r#"(format nil "|%.0f|" 3.5)"#, r#""|4|""#),
            (
                r#"(format nil "|%.3f|" 1e20)"#,
                r#""|100000000000000000000.000|""#,
            ),
            (
                r#"(format nil "|%f|" a)"#,
                r#"ERR [ARGACCES2] Function 'format' expected argument #3 to be of type integer or float."#,
            ),
            (r#"(format nil "|%e|" 12.01)"#, r#""|1.201000e+01|""#),
            (r#"(format nil "|%7.2e|" 12.01)"#, r#""|1.20e+01|""#),
            (
                r#"(format nil "|%E|" 12.01)"#,
                r#"ERR [IOFUN3] Invalid format flag "%E" specified in format function."#,
            ),
            (r#"(format nil "|%e|" 0)"#, r#""|0.000000e+00|""#),
            (r#"(format nil "|%.0e|" 12345)"#, r#""|1e+04|""#),
            (r#"(format nil "|%g|" 1234567890)"#, r#""|1.23457e+09|""#),
            (r#"(format nil "|%6.3g|" 1234567890)"#, r#""|1.23e+09|""#),
            (r#"(format nil "|%g|" 0.0001)"#, r#""|0.0001|""#),
            (r#"(format nil "|%g|" 0.00001)"#, r#""|1e-05|""#),
            (r#"(format nil "|%g|" 100000)"#, r#""|100000|""#),
            (r#"(format nil "|%g|" 1000000)"#, r#""|1e+06|""#),
            (r#"(format nil "|%.0g|" 123)"#, r#""|1e+02|""#),
            (r#"(format nil "|%#g|" 1.5)"#, r#""|1.50000|""#),
            (
                r#"(format nil "|%G|" 1e-10)"#,
                r#"ERR [IOFUN3] Invalid format flag "%G" specified in format function."#,
            ),
            (r#"(format nil "|%x|" 12)"#, r#""|c|""#),
            (
                r#"(format nil "|%X|" 255)"#,
                r#"ERR [IOFUN3] Invalid format flag "%X" specified in format function."#,
            ),
            (r#"(format nil "|%o|" 12)"#, r#""|14|""#),
            (r#"(format nil "|%x|" -1)"#, r#""|ffffffffffffffff|""#),
            (r#"(format nil "|%o|" -1)"#, r#""|1777777777777777777777|""#),
            (r#"(format nil "|%#x|" 255)"#, r#""|0xff|""#),
            (r#"(format nil "|%x|" 12.9)"#, r#""|c|""#),
            (
                r#"(format nil "|%s| |%s|" value-a1 capacity)"#,
                r#""|value-a1| |capacity|""#,
            ),
            (r#"(format nil "|%s|" "str")"#, r#""|str|""#),
            (
                r#"(format nil "|%s|" 12)"#,
                r#"ERR [ARGACCES2] Function 'format' expected argument #3 to be of type symbol or string."#,
            ),
            (
                r#"(format nil "|%s|" 12.0)"#,
                r#"ERR [ARGACCES2] Function 'format' expected argument #3 to be of type symbol or string."#,
            ),
            (
                r#"(format nil "|%s|" 1e20)"#,
                r#"ERR [ARGACCES2] Function 'format' expected argument #3 to be of type symbol or string."#,
            ),
            (r#"(format nil "|%5s|" ab)"#, r#""|   ab|""#),
            (r#"(format nil "|%-5s|" ab)"#, r#""|ab   |""#),
            (r#"(format nil "|%.2s|" abcdef)"#, r#""|ab|""#),
            (r#"(format nil "|%05s|" ab)"#, r#""|   ab|""#),
            (
                r#"(format nil "|%s|" (create$ a b))"#,
                r#"ERR [ARGACCES2] Function 'format' expected argument #3 to be of type symbol or string."#,
            ),
            (r#"(format nil "|%c|" a)"#, r#""|a|""#),
            (r#"(format nil "|%c|" abc)"#, r#""|a|""#),
            (r#"(format nil "|%c|" "xyz")"#, r#""|x|""#),
            (r#"(format nil "|%c|" 65)"#, r#""|A|""#),
            (
                r#"(format nil "|%c|" 65.5)"#,
                r#""" ;; [ARGACCES2] Function 'format' expected argument #3 to be of type symbol, string, or integer."#,
            ),
            (r#"(format nil "|%3c|" a)"#, r#""|  a|""#),
            (r#"(format nil "%%")"#, r#""%""#),
            (r#"(format nil "100%% sure")"#, r#""100% sure""#),
            (r#"(format nil "a%rb")"#, "\"a\rb\""),
            (
                r#"(format nil "%d")"#,
                r#"ERR [ARGACCES1] Function 'format' expected exactly 3 arguments."#,
            ),
            (
                r#"(format nil "%d %d" 1)"#,
                r#"ERR [ARGACCES1] Function 'format' expected exactly 4 arguments."#,
            ),
            (
                r#"(format nil "%d" 1 2)"#,
                r#"ERR [ARGACCES1] Function 'format' expected exactly 3 arguments."#,
            ),
            (
                r#"(format nil "%q" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%q" specified in format function."#,
            ),
            (
                r#"(format nil "%" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%" specified in format function."#,
            ),
            (
                r#"(format nil "abc%")"#,
                r#"ERR [IOFUN3] Invalid format flag "%" specified in format function."#,
            ),
            (
                r#"(format nil "%5")"#,
                r#"ERR [IOFUN3] Invalid format flag "%5" specified in format function."#,
            ),
            (
                r#"(format nil "%-5.2")"#,
                r#"ERR [IOFUN3] Invalid format flag "%-5.2" specified in format function."#,
            ),
            (
                r#"(format nil "%5n")"#,
                r#"ERR [IOFUN3] Invalid format flag "%5n" specified in format function."#,
            ),
            (
                r#"(format nil "%5%")"#,
                r#"ERR [IOFUN3] Invalid format flag "%5%" specified in format function."#,
            ),
            (
                r#"(format nil "%*d" 5 3)"#,
                r#"ERR [IOFUN3] Invalid format flag "%*" specified in format function."#,
            ),
            (
                r#"(format nil "%hd" 70000)"#,
                r#"ERR [IOFUN3] Invalid format flag "%h" specified in format function."#,
            ),
            (
                r#"(format nil "%d" 9223372036854775807)"#,
                r#""9223372036854775807""#,
            ),
            (r#"(format nil "%d" 1e30)"#, r#""-9223372036854775808""#),
            (r#"(format nil "%10.3e" -0.000123456)"#, r#""-1.235e-04""#),
            (r#"(format nil "%s" "a\"b")"#, r#""a\"b""#),
            (
                r#"(format nil "%s")"#,
                r#"ERR [ARGACCES1] Function 'format' expected exactly 3 arguments."#,
            ),
            (r#"(format nil "%5.1s" abc)"#, r#""    a""#),
            (
                r#"(format nil 12)"#,
                r#"ERR [ARGACCES2] Function 'format' expected argument #2 to be of type string."#,
            ),
            (
                r#"(format nil abc)"#,
                r#"ERR [ARGACCES2] Function 'format' expected argument #2 to be of type string."#,
            ),
            (
                r#"(format)"#,
                r#"ERR [ARGACCES1] Function 'format' expected at least 2 arguments."#,
            ),
            (
                r#"(format nil)"#,
                r#"ERR [ARGACCES1] Function 'format' expected at least 2 arguments."#,
            ),
            (
                r#"(format nil "%s" -0.0)"#,
                r#"ERR [ARGACCES2] Function 'format' expected argument #3 to be of type symbol or string."#,
            ),
            (r#"(format nil "%d" -0.0)"#, r#""0""#),
            (r#"(format nil "%g" 1e20)"#, r#""1e+20""#),
            (r#"(format nil "%.20g" 0.1)"#, r#""0.10000000000000000555""#),
            (
                r#"(format nil "%lf" 1.5)"#,
                r#"ERR [IOFUN3] Invalid format flag "%l" specified in format function."#,
            ),
            (
                r#"(format nil "%Lf" 1.5)"#,
                r#"ERR [IOFUN3] Invalid format flag "%L" specified in format function."#,
            ),
            (r#"(format nil "%.f" 1.5)"#, r#""2""#),
            (r#"(format nil "%5.d" 0)"#, r#""     ""#),
            (r#"(format nil "%.0d" 0)"#, r#""""#),
            (r#"(format nil "%-+8.3f|" 3.14159)"#, r#""+3.142  |""#),
            (r#"(format nil "%- 8d|" 42)"#, r#"" 42     |""#),
            (r#"(format nil "%0-8d|" 42)"#, r#""42      |""#),
            (r#"(format nil "%000008d|" 42)"#, r#""00000042|""#),
            (
                r#"(format nil "%1$d" 42)"#,
                r#"ERR [IOFUN3] Invalid format flag "%1$" specified in format function."#,
            ),
            (r#"(format nil "%#o" 8)"#, r#""010""#),
            (
                r#"(format nil "%'d" 1234567)"#,
                r#"ERR [IOFUN3] Invalid format flag "%'" specified in format function."#,
            ),
            (
                r#"(format nil "%a" 1.0)"#,
                r#"ERR [IOFUN3] Invalid format flag "%a" specified in format function."#,
            ),
            (
                r#"(format nil "%p" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%p" specified in format function."#,
            ),
            (
                r#"(format nil "%z" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%z" specified in format function."#,
            ),
            (
                r#"(format nil "%q")"#,
                r#"ERR [IOFUN3] Invalid format flag "%q" specified in format function."#,
            ),
            (
                r#"(format nil "%d %q" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%q" specified in format function."#,
            ),
            (
                r#"(format nil "%q %d" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%q" specified in format function."#,
            ),
            (r#"(format nil "%c|" "")"#, r#""|""#),
            (r#"(format nil "%c|" 256)"#, r#""|""#),
            (r#"(format nil "%c|" 97)"#, r#""a|""#),
            (r#"(format nil "%5s|" "é")"#, r#""    é|""#),
            (r#"(format nil "%.1s|" "é")"#, r#""é|""#),
            (r#"(format nil "%u" -1)"#, r#""18446744073709551615""#),
            (r#"(format nil "%+u" 5)"#, r#""5""#),
            (r#"(format nil "%+x" 5)"#, r#""5""#),
            (r#"(format nil "%#.0o" 0)"#, r#""0""#),
            (r#"(format nil "%#x" 0)"#, r#""0""#),
            (r#"(format nil "%#5.3x" 1)"#, r#""0x001""#),
            (r#"(format nil "%08.3d" 5)"#, r#""     005""#),
            (r#"(format nil "%-08.3d|" -5)"#, r#""-005    |""#),
            (r#"(format nil "%08.3f" -5.5)"#, r#""-005.500""#),
            (r#"(format nil "%#.0f" 3)"#, r#""3.""#),
            (r#"(format nil "%#.0e" 3)"#, r#""3.e+00""#),
            (r#"(format nil "%.0f" 0.5)"#, r#""0""#),
            (r#"(format nil "%.0f" 1.5)"#, r#""2""#),
            (r#"(format nil "%.1f" 0.25)"#, r#""0.2""#),
            (r#"(format nil "%.1f" 0.35)"#, r#""0.3""#),
            (r#"(format nil "%.2f" 1.005)"#, r#""1.00""#),
            (r#"(format nil "%.15g" 0.1)"#, r#""0.1""#),
            (r#"(format nil "%.17g" 0.1)"#, r#""0.10000000000000001""#),
            (r#"(format nil "%g" 123456)"#, r#""123456""#),
            (r#"(format nil "%g" 1234567)"#, r#""1.23457e+06""#),
            (r#"(format nil "%g" 0.000123456)"#, r#""0.000123456""#),
            (r#"(format nil "%g" -0.0)"#, r#""-0""#),
            (r#"(format nil "%g" 0)"#, r#""0""#),
            (r#"(format nil "%#g" 0)"#, r#""0.00000""#),
            (r#"(format nil "%#.3g" 100)"#, r#""100.""#),
            (r#"(format nil "%e" -0.0)"#, r#""-0.000000e+00""#),
            (r#"(format nil "%e" 1e-300)"#, r#""1.000000e-300""#),
            (r#"(format nil "%e" 1e300)"#, r#""1.000000e+300""#),
            (r#"(format nil "%.3e" 9.9996)"#, r#""1.000e+01""#),
            (r#"(format nil "%.2g" 9.96)"#, r#""10""#),
            (r#"(format nil "%.3g" 0.0001)"#, r#""0.0001""#),
            (r#"(format nil "%.3g" 0.00001234)"#, r#""1.23e-05""#),
            (r#"(format nil "%g" 1e100)"#, r#""1e+100""#),
            (r#"(format nil "%10.4g|" 3.14159)"#, r#""     3.142|""#),
            (r#"(format nil "%-10.4g|" 3.14159)"#, r#""3.142     |""#),
            (r#"(format nil "%010.4g|" -3.14159)"#, r#""-00003.142|""#),
            (r#"(format nil "%+g" 1)"#, r#""+1""#),
            (r#"(format nil "% g" 1)"#, r#"" 1""#),
            (r#"(format nil "% +d" 1)"#, r#""+1""#),
            (r#"(format nil "%+ d" 1)"#, r#""+1""#),
            (r#"(format nil "%f" 1e-7)"#, r#""0.000000""#),
            (r#"(format nil "%5.1f%%" 99.44)"#, r#"" 99.4%""#),
            (
                r#"(format nil "%s=%d, %s=%f" x 1 y 2.5)"#,
                r#""x=1, y=2.500000""#,
            ),
            (r#"(format nil "%n%r%%")"#, "\"\n\r%\""),
            (r#"(format nil "a\\nb")"#, r#""a\\nb""#),
            (
                r#"(format nil "%d" (create$ 1))"#,
                r#"ERR [ARGACCES2] Function 'format' expected argument #3 to be of type integer or float."#,
            ),
            (r#"(format nil "%x" -255)"#, r#""ffffffffffffff01""#),
            (r#"(format nil "%o" 8.9)"#, r#""10""#),
            (
                r#"(format nil "%c" (create$ a))"#,
                r#""" ;; [ARGACCES2] Function 'format' expected argument #3 to be of type symbol, string, or integer."#,
            ),
            (r#"(format nil "%s" TRUE)"#, r#""TRUE""#),
            (r#"(format nil "%5c|" 66)"#, r#""    B|""#),
            (r#"(format nil "%-5c|" 66)"#, r#""B    |""#),
            (r#"(format nil "%05c|" 66)"#, r#""    B|""#),
            (r#"(format nil "%.0s|" abc)"#, r#""|""#),
            (r#"(format nil "%.s|" abc)"#, r#""|""#),
            (
                r#"(format nil "%.-1s|" abc)"#,
                r#"ERR [IOFUN3] Invalid format flag "%.0-" specified in format function."#,
            ),
            (r#"(format nil "%-.2f|" 1.0)"#, r#""1.00|""#),
            (
                r#"(format nil "%20.10e|" 12345.678)"#,
                r#""    1.2345678000e+04|""#,
            ),
            (
                r#"(format nil "%f" 123456789012345678)"#,
                r#""123456789012345680.000000""#,
            ),
            (r#"(format nil "%d" 9.99e18)"#, r#""-9223372036854775808""#),
            (r#"(format nil "%e" 5e-324)"#, r#""4.940656e-324""#),
            (r#"(format nil "%g" 5e-324)"#, r#""4.94066e-324""#),
            (r#"(format nil "%.0e" 5e-324)"#, r#""5e-324""#),
            (r#"(format nil "%.3g" 2.5e-5)"#, r#""2.5e-05""#),
            (r#"(format nil "%g" 0.00009999995)"#, r#""0.0001""#),
            (r#"(format nil "%g" 999999.5)"#, r#""1e+06""#),
            (r#"(format nil "%g" 9999995)"#, r#""1e+07""#),
            (
                r#"(format nil "%.q" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%.0q" specified in format function."#,
            ),
            (
                r#"(format nil "%5.q" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%5.0q" specified in format function."#,
            ),
            (
                r#"(format nil "%.5q" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%.5q" specified in format function."#,
            ),
            (
                r#"(format nil "%-q" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%-q" specified in format function."#,
            ),
            (
                r#"(format nil "%+q" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%+q" specified in format function."#,
            ),
            (
                r#"(format nil "%#q" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%#q" specified in format function."#,
            ),
            (
                r#"(format nil "% q" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "% q" specified in format function."#,
            ),
            (
                r#"(format nil "%0q" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%0q" specified in format function."#,
            ),
            (
                r#"(format nil "%..2f" 1.0)"#,
                r#"ERR [IOFUN3] Invalid format flag "%.0." specified in format function."#,
            ),
            (
                r#"(format nil "%5-3d|" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%5-" specified in format function."#,
            ),
            (
                r#"(format nil "%-5-d|" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%-5-" specified in format function."#,
            ),
            (
                r#"(format nil "%1.2.3f|" 1.0)"#,
                r#"ERR [IOFUN3] Invalid format flag "%1.2." specified in format function."#,
            ),
            (
                r#"(format nil "% %")"#,
                r#"ERR [IOFUN3] Invalid format flag "% %" specified in format function."#,
            ),
            (
                r#"(format nil "%-%")"#,
                r#"ERR [IOFUN3] Invalid format flag "%-%" specified in format function."#,
            ),
            (
                r#"(format nil "%-n")"#,
                r#"ERR [IOFUN3] Invalid format flag "%-n" specified in format function."#,
            ),
            (
                r#"(format nil "%.n")"#,
                r#"ERR [IOFUN3] Invalid format flag "%.0n" specified in format function."#,
            ),
            (
                r#"(format nil "%.%")"#,
                r#"ERR [IOFUN3] Invalid format flag "%.0%" specified in format function."#,
            ),
            (
                r#"(format nil "%.")"#,
                r#"ERR [IOFUN3] Invalid format flag "%.0" specified in format function."#,
            ),
            (
                r#"(format nil "%.5")"#,
                r#"ERR [IOFUN3] Invalid format flag "%.5" specified in format function."#,
            ),
            (
                r#"(format nil "%5.")"#,
                r#"ERR [IOFUN3] Invalid format flag "%5.0" specified in format function."#,
            ),
            (r#"(format nil "%+-5d|" 1)"#, r#""+1   |""#),
            (r#"(format nil "%#d|" 1)"#, r#""1|""#),
            (r#"(format nil "%#s|" a)"#, r#""a|""#),
            (r#"(format nil "%+s|" a)"#, r#""a|""#),
            (r#"(format nil "%+c|" a)"#, r#""a|""#),
            (r#"(format nil "%#c|" a)"#, r#""a|""#),
            (r#"(format nil "%.3c|" a)"#, r#""a|""#),
            (r#"(format nil "%.2d|" -1)"#, r#""-01|""#),
            (r#"(format nil "%0+5d|" 1)"#, r#""+0001|""#),
            (r#"(format nil "%5.2s|" abc)"#, r#""   ab|""#),
            (
                r#"(format nil "%.3d|" 9223372036854775807)"#,
                r#""9223372036854775807|""#,
            ),
            (
                r#"(format nil "%. 5d|" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%.0 " specified in format function."#,
            ),
            (
                r#"(format nil "%5 d|" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%5 " specified in format function."#,
            ),
            (
                r#"(format nil "%5+d|" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%5+" specified in format function."#,
            ),
            (
                r#"(format nil "%5#x|" 1)"#,
                r#"ERR [IOFUN3] Invalid format flag "%5#" specified in format function."#,
            ),
            (
                r#"(format nil "ab%cd" 65.5)"#,
                r#""" ;; [ARGACCES2] Function 'format' expected argument #3 to be of type symbol, string, or integer."#,
            ),
            (
                r#"(format nil "%d%c" 3 1.5)"#,
                r#""" ;; [ARGACCES2] Function 'format' expected argument #4 to be of type symbol, string, or integer."#,
            ),
            (r#"(format nil "%5.3s|" "héllo")"#, r#""  hél|""#),
            (r#"(format nil "%-7.1e|" 123)"#, r#""1.2e+02|""#),
            (r#"(format nil "%5f|" (* -1e308 10))"#, r#"" -inf|""#),
            (r#"(format nil "%.3f" -0.0001)"#, r#""-0.000""#),
            (
                r#"(format nil "%x" 9223372036854775807)"#,
                r#""7fffffffffffffff""#,
            ),
            (r#"(format nil "%#05x|" 255)"#, r#""0x0ff|""#),
            (r#"(format nil "%05.1d|" 7)"#, r#""    7|""#),
            (r#"(format nil "% 05d|" 7)"#, r#"" 0007|""#),
            (
                r#"(format nil nil)"#,
                r#"ERR [ARGACCES2] Function 'format' expected argument #2 to be of type string."#,
            ),
            (r#"(format nil "")"#, r#""""#),
            (r#"(format nil "%c" 0)"#, r#""""#),
            (r#"(format nil "%c%c" 104 105)"#, r#""hi""#),
            (r#"(format nil "%c|" "éa")"#, r#""é|""#),
            (r#"(format nil "%3c|" "é")"#, r#""  é|""#),
            (
                r#"(format nil "|%+12.17d|" 3.14159)"#,
                r#""|+00000000000000003|""#,
            ),
            (r#"(format nil "|%++05.17s|" "")"#, r#""|     |""#),
            (r#"(format nil "|%--.6e|" 255)"#, r#""|2.550000e+02|""#),
            (r#"(format nil "|%+0.17o|" 0)"#, r#""|00000000000000000|""#),
            (r#"(format nil "|%-.3g|" 6.02e23)"#, r#""|6.02e+23|""#),
            (r#"(format nil "|%5.3f|" 255)"#, r#""|255.000|""#),
            (r#"(format nil "|%01g|" 255)"#, r#""|255|""#),
            (r#"(format nil "|%e|" 6.02e23)"#, r#""|6.020000e+23|""#),
            (r#"(format nil "|%#5.6u|" 1.23456e-7)"#, r#""|000000|""#),
            (r#"(format nil "|%5.d|" 0.000999)"#, r#""|     |""#),
            (
                r#"(format nil "|%- 12.10x|" 9223372036854775807)"#,
                r#""|7fffffffffffffff|""#,
            ),
            (r#"(format nil "|%01g|" 1e15)"#, r#""|1e+15|""#),
            (r#"(format nil "|%-.0x|" 0)"#, r#""||""#),
            (r#"(format nil "|%5g|" -1e100)"#, r#""|-1e+100|""#),
            (r#"(format nil "|%.6u|" 255)"#, r#""|000255|""#),
            (r#"(format nil "|%12x|" -1)"#, r#""|ffffffffffffffff|""#),
            (
                r#"(format nil "|%#--09.17e|" 0.000999)"#,
                r#""|9.99000000000000105e-04|""#,
            ),
            (r#"(format nil "|%##5c|" 97)"#, r#""|    a|""#),
            (r#"(format nil "|%04.0c|" a)"#, r#""|   a|""#),
            (r#"(format nil "|%5.10f|" 1)"#, r#""|1.0000000000|""#),
            (
                r#"(format nil "|%.3e|" 9223372036854775807)"#,
                r#""|9.223e+18|""#,
            ),
            (r#"(format nil "|%  5.3g|" -1)"#, r#""|   -1|""#),
            (r#"(format nil "|%0+5f|" -3.14159)"#, r#""|-3.141590|""#),
            (r#"(format nil "|%+#.0d|" -3.14159)"#, r#""|-3|""#),
            (r#"(format nil "|%0#1.6d|" 255)"#, r#""|000255|""#),
            (r#"(format nil "|%-03.g|" -42)"#, r#""|-4e+01|""#),
            (
                r#"(format nil "|%01u|" 9223372036854775807)"#,
                r#""|9223372036854775807|""#,
            ),
            (r#"(format nil "|%++#5.1u|" 999999.5)"#, r#""|999999|""#),
            (
                r#"(format nil "|%1.17x|" 0.125)"#,
                r#""|00000000000000000|""#,
            ),
            (r#"(format nil "|%+.10g|" 0)"#, r#""|+0|""#),
            (r#"(format nil "|%.10e|" -2.5)"#, r#""|-2.5000000000e+00|""#),
            (r#"(format nil "|%.10g|" 1.5)"#, r#""|1.5|""#),
            (
                r#"(format nil "|%#1.6o|" 6.02e23)"#,
                r#""|01000000000000000000000|""#,
            ),
            (
                r#"(format nil "|% 07s|" "hello world")"#,
                r#""|hello world|""#,
            ),
            (
                r#"(format nil "|% # 12.3d|" -1e100)"#,
                r#""|-9223372036854775808|""#,
            ),
            (r#"(format nil "|%0+#12c|" TRUE)"#, r#""|           T|""#),
            (r#"(format nil "|% 12.1e|" 3.14159)"#, r#""|     3.1e+00|""#),
            (
                r#"(format nil "|%#+ .10g|" 12345.6789)"#,
                r#""|+12345.67890|""#,
            ),
            (r#"(format nil "|%.e|" 1e15)"#, r#""|1e+15|""#),
            (r#"(format nil "|%05d|" 123456789)"#, r#""|123456789|""#),
            (r#"(format nil "|%0 1.d|" -1)"#, r#""|-1|""#),
            (
                r#"(format nil "|%-.3d|" 1e20)"#,
                r#""|-9223372036854775808|""#,
            ),
            (r#"(format nil "|%+5.f|" 0.1)"#, r#""|   +0|""#),
            (r#"(format nil "|%#.10g|" -3.14159)"#, r#""|-3.141590000|""#),
            (r#"(format nil "|%#.1x|" 123456789)"#, r#""|0x75bcd15|""#),
            (r#"(format nil "|%5.17x|" 0.5)"#, r#""|00000000000000000|""#),
            (r#"(format nil "|%##1e|" 123456789)"#, r#""|1.234568e+08|""#),
            (r#"(format nil "|%+1.6e|" 0)"#, r#""|+0.000000e+00|""#),
            (r#"(format nil "|%08.x|" 65)"#, r#""|      41|""#),
            (r#"(format nil "|%- f|" 1e-300)"#, r#""| 0.000000|""#),
            (r#"(format nil "|%++5f|" 255)"#, r#""|+255.000000|""#),
            (r#"(format nil "|%0.3f|" 99999.95)"#, r#""|99999.950|""#),
            (r#"(format nil "|%07.10d|" 0)"#, r#""|0000000000|""#),
            (r#"(format nil "|%s|" a)"#, r#""|a|""#),
            (r#"(format nil "|%+5d|" 0.5)"#, r#""|   +0|""#),
            (r#"(format nil "|%-+.1f|" 0.125)"#, r#""|+0.1|""#),
            (r#"(format nil "|%5.3d|" 7)"#, r#""|  007|""#),
            (r#"(format nil "|%#5.0e|" 1.5)"#, r#""|2.e+00|""#),
            (r#"(format nil "|%#1.f|" 99999.95)"#, r#""|100000.|""#),
            (r#"(format nil "|%0#-12.6g|" 2.5)"#, r#""|2.50000     |""#),
            (r#"(format nil "|%  1.d|" 65)"#, r#""| 65|""#),
            (r#"(format nil "|% .6f|" 0.5)"#, r#""| 0.500000|""#),
            (
                r#"(format nil "|% x|" -9223372036854775808)"#,
                r#""|8000000000000000|""#,
            ),
            (r#"(format nil "|% 005.6d|" 0.1)"#, r#""| 000000|""#),
            (r#"(format nil "|%#04d|" 0.125)"#, r#""|0000|""#),
            (r#"(format nil "|%.1g|" 0.125)"#, r#""|0.1|""#),
            (r#"(format nil "|%1.17g|" 6.02e23)"#, r#""|6.02e+23|""#),
            (r#"(format nil "|%0+#04.1e|" -0.0)"#, r#""|-0.0e+00|""#),
            (r#"(format nil "|%.6f|" 7)"#, r#""|7.000000|""#),
            (r#"(format nil "|% .17g|" 0.5)"#, r#""| 0.5|""#),
            (
                r#"(format nil "|%# 09.6d|" 1.23456e-7)"#,
                r#""|   000000|""#,
            ),
            (
                r#"(format nil "|%+-12f|" 1.23456e-7)"#,
                r#""|+0.000000   |""#,
            ),
            (r#"(format nil "|%#0#12.3d|" 1e-5)"#, r#""|         000|""#),
            (r#"(format nil "|%#- 12.17c|" TRUE)"#, r#""|T           |""#),
            (
                r#"(format nil "|%-5.0d|" -1e100)"#,
                r#""|-9223372036854775808|""#,
            ),
            (r#"(format nil "|% -+12.0o|" 1)"#, r#""|1           |""#),
            (
                r#"(format nil "|%12u|" -42)"#,
                r#""|18446744073709551574|""#,
            ),
            (
                r#"(format nil "|%-01.10g|" 12345.6789)"#,
                r#""|12345.6789|""#,
            ),
            (r#"(format nil "|%-1.6f|" 0.5)"#, r#""|0.500000|""#),
            (r#"(format nil "|% .6d|" 0.125)"#, r#""| 000000|""#),
            (r#"(format nil "|%.e|" -0.0)"#, r#""|-0e+00|""#),
            (r#"(format nil "|%d|" 0.1)"#, r#""|0|""#),
            (r#"(format nil "|%--0.6e|" 3.14159)"#, r#""|3.141590e+00|""#),
            (
                r#"(format nil "|%0-.6g|" -9223372036854775808)"#,
                r#""|-9.22337e+18|""#,
            ),
            (r#"(format nil "|%03c|" "é")"#, r#""|  é|""#),
            (r#"(format nil "|%1.f|" 1.5)"#, r#""|2|""#),
            (r#"(format nil "|%0+.0c|" 97)"#, r#""|a|""#),
            (
                r#"(format nil "|%+1.10u|" 6.02e23)"#,
                r#""|9223372036854775808|""#,
            ),
            (r#"(format nil "|%--01.6d|" 0)"#, r#""|000000|""#),
            (
                r#"(format nil "|%1.17f|" 1e-5)"#,
                r#""|0.00001000000000000|""#,
            ),
            (r#"(format nil "|%5.6d|" -3.14159)"#, r#""|-000003|""#),
            (r#"(format nil "|%+1f|" 0)"#, r#""|+0.000000|""#),
            (r#"(format nil "|% 05.3e|" 1e16)"#, r#""| 1.000e+16|""#),
            (r#"(format nil "|%c|" "")"#, r#""||""#),
            (r#"(format nil "|%005.1x|" 2.5)"#, r#""|    2|""#),
            (r#"(format nil "|%#1.3g|" -42)"#, r#""|-42.0|""#),
            (
                r#"(format nil "|%--1.17e|" 1.5)"#,
                r#""|1.50000000000000000e+00|""#,
            ),
            (r#"(format nil "|%05o|" 99999.95)"#, r#""|303237|""#),
            (r#"(format nil "|%5.g|" 0.5)"#, r#""|  0.5|""#),
            (r#"(format nil "|%##.3g|" 255)"#, r#""|255.|""#),
            (r#"(format nil "|%.6e|" -42)"#, r#""|-4.200000e+01|""#),
            (r#"(format nil "|%#012.1f|" 1.5)"#, r#""|0000000001.5|""#),
            (r#"(format nil "|% 05.g|" 0.5)"#, r#""| 00.5|""#),
            (r#"(format nil "|%01x|" 3.14159)"#, r#""|3|""#),
            (r#"(format nil "|%1.d|" 0)"#, r#""| |""#),
            (r#"(format nil "|% .0e|" 1.5)"#, r#""| 2e+00|""#),
            (r#"(format nil "|%+12.6d|" -0.0)"#, r#""|     +000000|""#),
            (r#"(format nil "|%00+.0e|" 65)"#, r#""|+6e+01|""#),
            (
                r#"(format nil "|%-08.17u|" 1e-300)"#,
                r#""|00000000000000000|""#,
            ),
            (r#"(format nil "|%d|" 1e16)"#, r#""|10000000000000000|""#),
            (r#"(format nil "|% .0f|" 0)"#, r#""| 0|""#),
            (r#"(format nil "|%.3c|" "é")"#, r#""|é|""#),
            (
                r#"(format nil "|%+#.17o|" 2.5)"#,
                r#""|00000000000000002|""#,
            ),
            (r#"(format nil "|%000.17s|" "")"#, r#""||""#),
            (r#"(format nil "|%f|" 1e-5)"#, r#""|0.000010|""#),
            (r#"(format nil "|%1.1d|" 99999.95)"#, r#""|99999|""#),
            (r#"(format nil "|%1d|" 7)"#, r#""|7|""#),
            (r#"(format nil "|%12.0o|" 3.14159)"#, r#""|           3|""#),
            (
                r#"(format nil "|%-++12d|" 1e15)"#,
                r#""|+1000000000000000|""#,
            ),
            (r#"(format nil "|%#5.10f|" 0.1)"#, r#""|0.1000000000|""#),
            (
                r#"(format nil "|%.3u|" 1e20)"#,
                r#""|9223372036854775808|""#,
            ),
            (r#"(format nil "|%+07.0s|" "é")"#, r#""|       |""#),
            (r#"(format nil "|%12.f|" 1.5)"#, r#""|           2|""#),
            (
                r#"(format nil "|%-02.10x|" -9223372036854775808)"#,
                r#""|8000000000000000|""#,
            ),
            (
                r#"(format nil "|% -1.17d|" 1e16)"#,
                r#""| 10000000000000000|""#,
            ),
            (r#"(format nil "|%d|" -0.0)"#, r#""|0|""#),
            (r#"(format nil "|%+0#5.f|" 3.14159)"#, r#""|+003.|""#),
            (
                r#"(format nil "|%12.10g|" 1.23456e-7)"#,
                r#""| 1.23456e-07|""#,
            ),
            (r#"(format nil "|%-.3f|" -1)"#, r#""|-1.000|""#),
            (r#"(format nil "|%12.u|" 0)"#, r#""|            |""#),
            (
                r#"(format nil "|%##+06.10e|" 1.23456e-7)"#,
                r#""|+1.2345600000e-07|""#,
            ),
            (r#"(format nil "|%0#.0o|" 3.14159)"#, r#""|03|""#),
            (
                r#"(format nil "|%1o|" -42)"#,
                r#""|1777777777777777777726|""#,
            ),
            (r#"(format nil "|%0#.10s|" TRUE)"#, r#""|TRUE|""#),
            (
                r#"(format nil "|%00+12.1d|" 1e-300)"#,
                r#""|          +0|""#,
            ),
            (r#"(format nil "|%.10u|" 999999.5)"#, r#""|0000999999|""#),
            (
                r#"(format nil "|%-1.1o|" -2.5)"#,
                r#""|1777777777777777777776|""#,
            ),
            (r#"(format nil "|%03.0d|" 99999.95)"#, r#""|99999|""#),
            (
                r#"(format nil "|%  5.17f|" 1e-300)"#,
                r#""| 0.00000000000000000|""#,
            ),
            (
                r#"(format nil "|%#12.0u|" 12345.6789)"#,
                r#""|       12345|""#,
            ),
            (
                r#"(format nil "|%# 5.10e|" 0.125)"#,
                r#""| 1.2500000000e-01|""#,
            ),
            (r#"(format nil "|%  -.6s|" "é")"#, r#""|é|""#),
            (r#"(format nil "|%+002c|" xyz123)"#, r#""| x|""#),
            (r#"(format nil "|%+07.1u|" 0.125)"#, r#""|      0|""#),
            (r#"(format nil "|%d|" -3.14159)"#, r#""|-3|""#),
            (r#"(format nil "|% -.0f|" 1e-5)"#, r#""| 0|""#),
            (r#"(format nil "|%+#01.d|" 123456789)"#, r#""|+123456789|""#),
            (r#"(format nil "|%04.1c|" a)"#, r#""|   a|""#),
            (r#"(format nil "|%.3e|" 0.1)"#, r#""|1.000e-01|""#),
            (r#"(format nil "|%+06.d|" -1)"#, r#""|    -1|""#),
            (r#"(format nil "|%1.6e|" 1e16)"#, r#""|1.000000e+16|""#),
            (
                r#"(format nil "|%5.6u|" 9223372036854775807)"#,
                r#""|9223372036854775807|""#,
            ),
            (r#"(format nil "|%-c|" "")"#, r#""||""#),
            (r#"(format nil "|% 1.3o|" 7)"#, r#""|007|""#),
            (r#"(format nil "|%#--.3e|" 0.5)"#, r#""|5.000e-01|""#),
            (r#"(format nil "|%#02u|" 65)"#, r#""|65|""#),
            (
                r#"(format nil "|%#12.6d|" 1e15)"#,
                r#""|1000000000000000|""#,
            ),
            (r#"(format nil "|%0+.g|" 0.000999)"#, r#""|+0.001|""#),
            (r#"(format nil "|%05.d|" 0)"#, r#""|     |""#),
            (r#"(format nil "|%e|" 0.5)"#, r#""|5.000000e-01|""#),
            (r#"(format nil "|%+.6g|" 99999.95)"#, r#""|+99999.9|""#),
            (r#"(format nil "|%#0 .3f|" 7)"#, r#""| 7.000|""#),
            (
                r#"(format nil "|%+-1.d|" 1e16)"#,
                r#""|+10000000000000000|""#,
            ),
            (r#"(format nil "|%+ 1e|" 99999.95)"#, r#""|+9.999995e+04|""#),
            (r#"(format nil "|%1.f|" -2.5)"#, r#""|-2|""#),
            (r#"(format nil "|%#- .3f|" 65)"#, r#""| 65.000|""#),
            (
                r#"(format nil "|% 5.3d|" 1e15)"#,
                r#""| 1000000000000000|""#,
            ),
            (r#"(format nil "|%1.3o|" 1e15)"#, r#""|34327724461500000|""#),
            (r#"(format nil "|%#-5.6o|" 1e-300)"#, r#""|000000|""#),
            (r#"(format nil "|% 0 01o|" 255)"#, r#""|377|""#),
            (r#"(format nil "|%-- 5.0e|" 0.5)"#, r#""| 5e-01|""#),
            (
                r#"(format nil "|%.3o|" -1)"#,
                r#""|1777777777777777777777|""#,
            ),
            (r#"(format nil "|%+-.x|" -2.5)"#, r#""|fffffffffffffffe|""#),
            (
                r#"(format nil "|%1.17u|" -0.0)"#,
                r#""|00000000000000000|""#,
            ),
            (
                r#"(format nil "|% --.17u|" 9223372036854775807)"#,
                r#""|9223372036854775807|""#,
            ),
            (r#"(format nil "|%#+-.g|" 65)"#, r#""|+6.e+01|""#),
            (r#"(format nil "|%0##.3f|" 0.125)"#, r#""|0.125|""#),
            (r#"(format nil "|%0 5.3g|" 1e20)"#, r#""| 1e+20|""#),
            (
                r#"(format nil "|%12.1x|" -3.14159)"#,
                r#""|fffffffffffffffd|""#,
            ),
            (r#"(format nil "|% 12.3f|" 0.5)"#, r#""|       0.500|""#),
            (r#"(format nil "|%012c|" a)"#, r#""|           a|""#),
            (r#"(format nil "|%#+1.3s|" abc)"#, r#""|abc|""#),
            (
                r#"(format nil "|%0+12.10o|" -1)"#,
                r#""|1777777777777777777777|""#,
            ),
            (r#"(format nil "|%01.10c|" "")"#, r#""| |""#),
            (
                r#"(format nil "|%.17o|" 1e20)"#,
                r#""|1000000000000000000000|""#,
            ),
            (r#"(format nil "|%+0#5.10f|" 0.5)"#, r#""|+0.5000000000|""#),
            (r#"(format nil "|%05.1x|" 1e-5)"#, r#""|    0|""#),
            (r#"(format nil "|%1.10d|" 1.5)"#, r#""|0000000001|""#),
            (r#"(format nil "|%5.3d|" 123456789)"#, r#""|123456789|""#),
            (
                r#"(format nil "|% #+1.10f|" -3.14159)"#,
                r#""|-3.1415900000|""#,
            ),
            (r#"(format nil "|%++1g|" -1)"#, r#""|-1|""#),
            (r#"(format nil "|%x|" 255)"#, r#""|ff|""#),
            (r#"(format nil "|%#12g|" 0.125)"#, r#""|    0.125000|""#),
            (r#"(format nil "|%05e|" 999999.5)"#, r#""|9.999995e+05|""#),
            (r#"(format nil "|%0.3s|" "ab\"c")"#, r#""|ab\"|""#),
            (r#"(format nil "|%5x|" 2.5)"#, r#""|    2|""#),
            (
                r#"(format nil "|%#+12.1g|" 3.14159)"#,
                r#""|         +3.|""#,
            ),
            (
                r#"(format nil "|%0 04.10u|" 1e20)"#,
                r#""|9223372036854775808|""#,
            ),
            (r#"(format nil "|%0c|" abc)"#, r#""|a|""#),
            (
                r#"(format nil "|%#-04.3o|" -2.5)"#,
                r#""|01777777777777777777776|""#,
            ),
            (r#"(format nil "|%1.6e|" 0.125)"#, r#""|1.250000e-01|""#),
            (r#"(format nil "|%-.0g|" -3.14159)"#, r#""|-3|""#),
            (r#"(format nil "|% -#5.6d|" 0.5)"#, r#""| 000000|""#),
            (r#"(format nil "|%0 -1g|" -2.5)"#, r#""|-2.5|""#),
            (r#"(format nil "|%12.10e|" -1)"#, r#""|-1.0000000000e+00|""#),
            (r#"(format nil "|%0f|" 2.5)"#, r#""|2.500000|""#),
            (r#"(format nil "|%.1g|" -2.5)"#, r#""|-2|""#),
            (r#"(format nil "|%#5c|" abc)"#, r#""|    a|""#),
            (
                r#"(format nil "|%12.0e|" 12345.6789)"#,
                r#""|       1e+04|""#,
            ),
            (
                r#"(format nil "|% 5.17g|" 12345.6789)"#,
                r#""| 12345.678900000001|""#,
            ),
            (r#"(format nil "|%05.1u|" 99999.95)"#, r#""|99999|""#),
            (
                r#"(format nil "|%+-+1.10e|" -9223372036854775808)"#,
                r#""|-9.2233720369e+18|""#,
            ),
            (r#"(format nil "|%#03c|" 97)"#, r#""|  a|""#),
            (r#"(format nil "|%#1.x|" 1.23456e-7)"#, r#""| |""#),
            (r#"(format nil "|%-+ 05.0g|" 1e20)"#, r#""|+1e+20|""#),
            (r#"(format nil "|%#02.0d|" -0.0)"#, r#""|  |""#),
            (r#"(format nil "|%1.g|" 0.000999)"#, r#""|0.001|""#),
            (
                r#"(format nil "|% 12.17d|" 0)"#,
                r#""| 00000000000000000|""#,
            ),
            (
                r#"(format nil "|% .17g|" 1e16)"#,
                r#""| 10000000000000000|""#,
            ),
            (r#"(format nil "|%06.6e|" -2.5)"#, r#""|-2.500000e+00|""#),
            (r#"(format nil "|%++ .o|" -0.0)"#, r#""||""#),
            (r#"(format nil "|% .1e|" 7)"#, r#""| 7.0e+00|""#),
            (r#"(format nil "|%++.0g|" 1e20)"#, r#""|+1e+20|""#),
            (
                r#"(format nil "|% 5.1x|" -1e100)"#,
                r#""|8000000000000000|""#,
            ),
            (r#"(format nil "|%01.1d|" 1e-300)"#, r#""|0|""#),
            (r#"(format nil "|%-12.1g|" -2.5)"#, r#""|-2          |""#),
            (r#"(format nil "|%+12f|" 65)"#, r#""|  +65.000000|""#),
            (r#"(format nil "|%.3g|" 0.5)"#, r#""|0.5|""#),
            (
                r#"(format nil "|%-009.6e|" 1e-300)"#,
                r#""|1.000000e-300|""#,
            ),
            (r#"(format nil "|%# .10s|" "")"#, r#""||""#),
            (r#"(format nil "|%08c|" abc)"#, r#""|       a|""#),
            (r#"(format nil "|%04.0c|" abc)"#, r#""|   a|""#),
            (
                r#"(format nil "|%#+.17f|" 0.125)"#,
                r#""|+0.12500000000000000|""#,
            ),
            (r#"(format nil "|%1.0e|" 1e20)"#, r#""|1e+20|""#),
            (r#"(format nil "|%.17g|" 0.5)"#, r#""|0.5|""#),
            (r#"(format nil "|%.3f|" 1.23456e-7)"#, r#""|0.000|""#),
            (
                r#"(format nil "|%+- 5.10e|" 255)"#,
                r#""|+2.5500000000e+02|""#,
            ),
            (r#"(format nil "|% 1.3e|" 1.23456e-7)"#, r#""| 1.235e-07|""#),
            (r#"(format nil "|%#+5.6c|" 65)"#, r#""|    A|""#),
            (r#"(format nil "|%+0 c|" TRUE)"#, r#""|T|""#),
            (r#"(format nil "|% #06.1c|" 65)"#, r#""|     A|""#),
            (
                r#"(format nil "|%1.17e|" -42)"#,
                r#""|-4.20000000000000000e+01|""#,
            ),
            (r#"(format nil "|%5.0x|" -0.0)"#, r#""|     |""#),
            (
                r#"(format nil "|%#05.10e|" 255)"#,
                r#""|2.5500000000e+02|""#,
            ),
            (r#"(format nil "|% .1e|" -0.0)"#, r#""|-0.0e+00|""#),
            (r#"(format nil "|%f|" 999999.5)"#, r#""|999999.500000|""#),
            (r#"(format nil "|%09.1c|" "ab\"c")"#, r#""|        a|""#),
            (r#"(format nil "|%012.x|" 1e-300)"#, r#""|            |""#),
            (r#"(format nil "|%-08.1f|" 1)"#, r#""|1.0     |""#),
            (
                r#"(format nil "|%1f|" 123456789)"#,
                r#""|123456789.000000|""#,
            ),
        ]);
    }

    use super::format_string;
    use crate::value::Value;

    #[test]
    fn format_string_numbers_arguments_from_three() {
        assert_eq!(
            format_string(
                "%s=%d, %s=%f",
                &[
                    Value::symbol("x"),
                    Value::Integer(1),
                    Value::symbol("y"),
                    Value::Float(2.5)
                ]
            ),
            Ok("x=1, y=2.500000".to_string())
        );
        assert_eq!(
            format_string("%d", &[Value::symbol("a")])
                .unwrap_err()
                .message,
            "[ARGACCES2] Function 'format' expected argument #3 to be of type integer or float."
        );
        assert!(format_string("%c", &[Value::Float(1.5)]).is_err());
    }

    /// CLIPS overflows a fixed buffer on `%.500f`; Salience caps widths instead.
    #[test]
    fn huge_fields_are_refused() {
        assert!(format_string("%99999999999999999999d", &[Value::Integer(1)]).is_err());
        assert!(format_string("%.10001f", &[Value::Float(1.0)]).is_err());
        assert_eq!(
            format_string("%.300f", &[Value::Float(1.0)]).map(|s| s.len()),
            Ok(302)
        );
    }
}
