//! String functions: `str-cat sym-cat str-length str-byte-length sub-string
//! str-index upcase lowcase str-compare string-to-field str-replace`.
//!
//! Positions and lengths count characters (CLIPS 6.4 is UTF-8 aware there);
//! `upcase`, `lowcase` and `str-compare` work on bytes, as C's `toupper` and
//! `strncmp` do, so only ASCII letters change case.

use super::args;
use super::scanner;
use super::{FnError, FnState};
use crate::value::{atom, Value};

fn concat(name: &str, args: &[Value]) -> Result<String, FnError> {
    let mut text = String::new();
    for i in 0..args.len() {
        text.push_str(&args::field_text(args::primitive(name, args, i)?));
    }
    Ok(text)
}

/// `(str-cat <expression>+)`: the arguments' printed forms joined into a string
/// (strings without quotes; multifields are refused, as in CLIPS 6.4).
pub fn str_cat(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::String(atom(&concat("str-cat", args)?)))
}

/// `(sym-cat <expression>+)`: like `str-cat`, but returns a symbol.
pub fn sym_cat(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::Symbol(atom(&concat("sym-cat", args)?)))
}

/// `(str-length <lexeme>)`: the number of characters.
pub fn str_length(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let text = args::lexeme("str-length", args, 0)?;
    Ok(Value::Integer(text.chars().count() as i64))
}

/// `(str-byte-length <lexeme>)`: the number of UTF-8 bytes.
pub fn str_byte_length(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let text = args::lexeme("str-byte-length", args, 0)?;
    Ok(Value::Integer(text.len() as i64))
}

/// `(sub-string <start> <end> <lexeme>)`: characters `start..=end` (from 1) as a
/// string; indices are clamped to the text, and an empty range gives `""`.
pub fn sub_string(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let start = args::integer("sub-string", args, 0)?;
    let end = args::integer("sub-string", args, 1)?;
    let text = args::lexeme("sub-string", args, 2)?;
    let start = start.max(1);
    let piece: String = if end < start {
        String::new()
    } else {
        // `start >= 1` and `end >= start`, so both conversions are in range.
        let skip = usize::try_from(start - 1).unwrap_or(usize::MAX);
        let take = usize::try_from(end - start + 1).unwrap_or(usize::MAX);
        text.chars().skip(skip).take(take).collect()
    };
    Ok(Value::String(atom(&piece)))
}

/// `(str-index <needle> <haystack>)`: the character position (from 1) of the first
/// occurrence of `needle`, or `FALSE`; an empty needle is found at 1.
pub fn str_index(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let needle = args::lexeme("str-index", args, 0)?;
    let haystack = args::lexeme("str-index", args, 1)?;
    Ok(match haystack.find(needle.as_str()) {
        Some(byte) => Value::Integer(haystack[..byte].chars().count() as i64 + 1),
        None => Value::false_sym(),
    })
}

/// A lexeme of the same kind (symbol or string) as `like`.
fn same_kind(like: &Value, text: &str) -> Value {
    match like {
        Value::Symbol(_) => Value::Symbol(atom(text)),
        _ => Value::String(atom(text)),
    }
}

/// `(upcase <lexeme>)`: ASCII letters to upper case, keeping symbol or string.
pub fn upcase(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let text = args::lexeme("upcase", args, 0)?;
    Ok(same_kind(&args[0], &text.to_ascii_uppercase()))
}

/// `(lowcase <lexeme>)`: ASCII letters to lower case, keeping symbol or string.
pub fn lowcase(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let text = args::lexeme("lowcase", args, 0)?;
    Ok(same_kind(&args[0], &text.to_ascii_lowercase()))
}

/// `(str-compare <lexeme> <lexeme> [<max-length>])`: -1, 0 or 1 as the first
/// argument sorts before, with or after the second (bytewise, like `strcmp`);
/// with a length, only that many bytes are compared (a negative length means all).
pub fn str_compare(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let a = args::lexeme("str-compare", args, 0)?;
    let b = args::lexeme("str-compare", args, 1)?;
    let limit = if args.len() > 2 {
        let n = args::integer("str-compare", args, 2)?;
        usize::try_from(n).ok()
    } else {
        None
    };
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let (a, b) = match limit {
        Some(n) => (&a[..n.min(a.len())], &b[..n.min(b.len())]),
        None => (a, b),
    };
    Ok(Value::Integer(match a.cmp(b) {
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
    }))
}

/// `(string-to-field <lexeme>)`: the first field the text holds, or the symbol
/// `EOF` if it holds none.
pub fn string_to_field(state: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let text = args::lexeme("string-to-field", args, 0)?;
    Ok(scanner::next_field(&text, 0, &mut state.diagnostics)
        .map_or_else(|| Value::symbol("EOF"), |(field, _)| field))
}

/// `(str-replace <lexeme> <search> <replacement>)`: every non-overlapping
/// occurrence of `search` replaced, left to right; the result has the first
/// argument's type, and an empty `search` changes nothing.
pub fn str_replace(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let text = args::lexeme("str-replace", args, 0)?;
    let search = args::lexeme("str-replace", args, 1)?;
    let replacement = args::lexeme("str-replace", args, 2)?;
    if search.is_empty() {
        return Ok(args[0].clone());
    }
    Ok(same_kind(
        &args[0],
        &text.replace(search.as_str(), replacement.as_str()),
    ))
}
