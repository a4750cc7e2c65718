//! Multifield functions: `create$ nth$ member$ length$ subseq$ first$ rest$ delete$
//! insert$ replace$ explode$ implode$ subsetp delete-member$ replace-member$ union$
//! intersection$ difference$`, and the CLIPS 6.30 names 6.4 dropped (`length`,
//! `member`, `nth`, `subset`, `str-explode`, `str-implode`, `mv-append`,
//! `mv-delete`, `mv-replace`, `mv-subseq`).
//!
//! Indices count from 1. Reading functions (`nth$`, `subseq$`) clamp or return
//! `nil` out of range; editing functions (`delete$`, `replace$`) fail with CLIPS's
//! `[MULTIFUN1]` message.

use super::args;
use super::compare::identical;
use super::scanner;
use super::{FnError, FnState};
use crate::value::{atom, Value};

/// Appends `value` to `out`, splicing a multifield's elements.
fn splice(out: &mut Vec<Value>, value: &Value) {
    out.extend_from_slice(value.as_slice());
}

/// All the values, multifields spliced in, as one flat list.
fn flatten(values: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for v in values {
        splice(&mut out, v);
    }
    out
}

/// `[MULTIFUN1] Multifield index ... out of range 1..len in function 'name'.`
fn range_error(name: &str, start: i64, end: i64, len: usize) -> FnError {
    let what = if start == end {
        format!("index {start}")
    } else {
        format!("index range {start}..{end}")
    };
    FnError::new(format!(
        "[MULTIFUN1] Multifield {what} out of range 1..{len} in function '{name}'."
    ))
}

/// The 0-based `start..end` for a 1-based inclusive range that must lie inside a
/// multifield of `len` elements.
fn strict_range(name: &str, start: i64, end: i64, len: usize) -> Result<(usize, usize), FnError> {
    let len_i = i64::try_from(len).unwrap_or(i64::MAX);
    if start < 1 || end < start || end > len_i {
        return Err(range_error(name, start, end, len));
    }
    // In range, so both fit in usize.
    Ok((start as usize - 1, end as usize))
}

/// `(create$ <expression>*)`: a multifield of the arguments, multifields spliced in.
pub fn create(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::multifield(flatten(args)))
}

fn nth_impl(name: &str, args: &[Value]) -> Result<Value, FnError> {
    let index = args::integer(name, args, 0)?;
    let items = args::multifield(name, args, 1)?;
    Ok(usize::try_from(index)
        .ok()
        .and_then(|i| i.checked_sub(1))
        .and_then(|i| items.get(i))
        .cloned()
        .unwrap_or_else(Value::nil))
}

/// `(nth$ <index> <multifield>)`: the element at `index`, or `nil` out of range.
pub fn nth(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    nth_impl("nth$", args)
}

/// `(nth <index> <multifield>)`: CLIPS 6.30's name for `nth$`.
pub fn nth_old(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    nth_impl("nth", args)
}

/// The 0-based position of the first occurrence of `needle` (a sequence) in
/// `items` at or after `from`.
fn find_seq(items: &[Value], needle: &[Value], from: usize) -> Option<usize> {
    if needle.is_empty() || needle.len() > items.len() {
        return None;
    }
    (from..=items.len() - needle.len()).find(|&i| {
        items[i..i + needle.len()]
            .iter()
            .zip(needle)
            .all(|(a, b)| identical(a, b))
    })
}

fn member_impl(name: &str, args: &[Value]) -> Result<Value, FnError> {
    let needle = args::arg(name, args, 0, "any")?;
    let items = args::multifield(name, args, 1)?;
    Ok(match needle {
        // CLIPS 6.4 reports an empty sequence as found at 1..0.
        Value::Multifield(seq) if seq.is_empty() => {
            Value::multifield(vec![Value::Integer(1), Value::Integer(0)])
        }
        Value::Multifield(seq) if seq.len() > 1 => match find_seq(items, seq, 0) {
            Some(i) => Value::multifield(vec![
                Value::Integer(i as i64 + 1),
                Value::Integer((i + seq.len()) as i64),
            ]),
            None => Value::false_sym(),
        },
        single => {
            let single = single.as_slice().first().unwrap_or(single);
            match items.iter().position(|v| identical(v, single)) {
                Some(i) => Value::Integer(i as i64 + 1),
                None => Value::false_sym(),
            }
        }
    })
}

/// `(member$ <expression> <multifield>)`: the position (from 1) of a single value,
/// `(start end)` of a sequence, or `FALSE`.
pub fn member(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    member_impl("member$", args)
}

/// `(member <expression> <multifield>)`: CLIPS 6.30's name for `member$`.
pub fn member_old(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    member_impl("member", args)
}

/// `(length$ <multifield>)`: the number of elements.
pub fn length(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::Integer(
        args::multifield("length$", args, 0)?.len() as i64,
    ))
}

/// `(length <multifield-or-lexeme>)`: CLIPS 6.30's `length`, which also counts the
/// characters of a symbol or string.
pub fn length_old(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    match args.first() {
        Some(Value::Multifield(items)) => Ok(Value::Integer(items.len() as i64)),
        Some(Value::Symbol(s) | Value::String(s)) => Ok(Value::Integer(s.chars().count() as i64)),
        _ => Err(args::type_error("length", 0, "multifield, symbol, or string")),
    }
}

/// Elements `start..=end` (from 1), clamped to the multifield; empty if reversed.
fn subsequence(items: &[Value], start: i64, end: i64) -> Value {
    let len = i64::try_from(items.len()).unwrap_or(i64::MAX);
    let start = start.max(1);
    let end = end.min(len);
    if start > end {
        return Value::empty_multifield();
    }
    Value::multifield(items[(start - 1) as usize..end as usize].to_vec())
}

/// `(subseq$ <multifield> <start> <end>)`: the elements from `start` to `end`,
/// clamped to the multifield; empty when `start > end`.
pub fn subseq(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let items = args::multifield("subseq$", args, 0)?;
    let start = args::integer("subseq$", args, 1)?;
    let end = args::integer("subseq$", args, 2)?;
    Ok(subsequence(items, start, end))
}

/// `(mv-subseq <start> <end> <multifield>)`: CLIPS 6.30's `subseq$`, arguments in
/// that order.
pub fn mv_subseq(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let start = args::integer("mv-subseq", args, 0)?;
    let end = args::integer("mv-subseq", args, 1)?;
    let items = args::multifield("mv-subseq", args, 2)?;
    Ok(subsequence(items, start, end))
}

/// `(first$ <multifield>)`: a multifield of the first element (empty if none).
pub fn first(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let items = args::multifield("first$", args, 0)?;
    Ok(Value::multifield(items.iter().take(1).cloned().collect()))
}

/// `(rest$ <multifield>)`: every element but the first.
pub fn rest(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let items = args::multifield("rest$", args, 0)?;
    Ok(Value::multifield(items.iter().skip(1).cloned().collect()))
}

fn delete_range(name: &str, items: &[Value], start: i64, end: i64) -> Result<Value, FnError> {
    let (from, to) = strict_range(name, start, end, items.len())?;
    let mut out = items[..from].to_vec();
    out.extend_from_slice(&items[to..]);
    Ok(Value::multifield(out))
}

/// `(delete$ <multifield> <start> <end>)`: the multifield without elements
/// `start..=end`, which must lie inside it.
pub fn delete(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let items = args::multifield("delete$", args, 0)?;
    let start = args::integer("delete$", args, 1)?;
    let end = args::integer("delete$", args, 2)?;
    delete_range("delete$", items, start, end)
}

/// `(mv-delete <index> <multifield>)`: CLIPS 6.30's one-element delete.
pub fn mv_delete(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let index = args::integer("mv-delete", args, 0)?;
    let items = args::multifield("mv-delete", args, 1)?;
    delete_range("mv-delete", items, index, index)
}

/// `(insert$ <multifield> <index> <expression>+)`: the values inserted before
/// element `index` (appended when `index` is past the end). An index below 1 makes
/// CLIPS print an error and return nothing, without halting.
pub fn insert(state: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let items = args::multifield("insert$", args, 0)?;
    let index = args::integer("insert$", args, 1)?;
    if index < 1 {
        state
            .diagnostics
            .push(range_error("insert$", index, index, items.len()).message);
        return Ok(Value::Void);
    }
    let at = usize::try_from(index - 1).map_or(items.len(), |i| i.min(items.len()));
    let mut out = items[..at].to_vec();
    out.extend(flatten(args.get(2..).unwrap_or(&[])));
    out.extend_from_slice(&items[at..]);
    Ok(Value::multifield(out))
}

fn replace_range(
    name: &str,
    items: &[Value],
    start: i64,
    end: i64,
    with: &[Value],
) -> Result<Value, FnError> {
    let (from, to) = strict_range(name, start, end, items.len())?;
    let mut out = items[..from].to_vec();
    out.extend(flatten(with));
    out.extend_from_slice(&items[to..]);
    Ok(Value::multifield(out))
}

/// `(replace$ <multifield> <start> <end> <expression>+)`: elements `start..=end`
/// (which must lie inside the multifield) replaced by the values.
pub fn replace(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let items = args::multifield("replace$", args, 0)?;
    let start = args::integer("replace$", args, 1)?;
    let end = args::integer("replace$", args, 2)?;
    replace_range("replace$", items, start, end, args.get(3..).unwrap_or(&[]))
}

/// `(mv-replace <index> <multifield> <expression>)`: CLIPS 6.30's one-element
/// replace.
pub fn mv_replace(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let index = args::integer("mv-replace", args, 0)?;
    let items = args::multifield("mv-replace", args, 1)?;
    replace_range("mv-replace", items, index, index, args.get(2..).unwrap_or(&[]))
}

fn explode_impl(name: &str, state: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let text = args::string(name, args, 0)?;
    Ok(Value::multifield(scanner::all_fields(
        &text,
        &mut state.diagnostics,
    )))
}

/// `(explode$ <string>)`: the fields the string holds, as a multifield.
pub fn explode(state: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    explode_impl("explode$", state, args)
}

/// `(str-explode <string>)`: CLIPS 6.30's name for `explode$`.
pub fn str_explode(state: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    explode_impl("str-explode", state, args)
}

fn implode_impl(name: &str, args: &[Value]) -> Result<Value, FnError> {
    let items = args::multifield(name, args, 0)?;
    let parts: Vec<String> = items.iter().map(|v| v.repr().to_string()).collect();
    Ok(Value::String(atom(&parts.join(" "))))
}

/// `(implode$ <multifield>)`: the elements printed into one string, separated by
/// spaces, strings quoted.
pub fn implode(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    implode_impl("implode$", args)
}

/// `(str-implode <multifield>)`: CLIPS 6.30's name for `implode$`.
pub fn str_implode(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    implode_impl("str-implode", args)
}

fn subset_impl(name: &str, args: &[Value]) -> Result<Value, FnError> {
    let sub = args::multifield(name, args, 0)?;
    let set = args::multifield(name, args, 1)?;
    Ok(Value::boolean(
        sub.iter().all(|v| set.iter().any(|w| identical(v, w))),
    ))
}

/// `(subsetp <multifield> <multifield>)`: whether every element of the first is in
/// the second.
pub fn subsetp(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    subset_impl("subsetp", args)
}

/// `(subset <multifield> <multifield>)`: CLIPS 6.30's name for `subsetp`.
pub fn subset(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    subset_impl("subset", args)
}

/// `(delete-member$ <multifield> <expression>+)`: the multifield with every
/// occurrence of each value (a multifield value is a sequence) removed, searching
/// again from the start after each removal, as CLIPS does.
pub fn delete_member(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let mut items = args::multifield("delete-member$", args, 0)?.to_vec();
    for value in args.get(1..).unwrap_or(&[]) {
        let needle = value.as_slice();
        while let Some(i) = find_seq(&items, needle, 0) {
            items.drain(i..i + needle.len());
        }
    }
    Ok(Value::multifield(items))
}

/// `(replace-member$ <multifield> <replacement> <expression>+)`: every occurrence of
/// each value (a multifield value is a sequence) replaced by the replacement, in one
/// left-to-right pass per value.
pub fn replace_member(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let mut items = args::multifield("replace-member$", args, 0)?.to_vec();
    let replacement = args::arg("replace-member$", args, 1, "any")?.as_slice().to_vec();
    for value in args.get(2..).unwrap_or(&[]) {
        let needle = value.as_slice();
        if needle.is_empty() {
            // CLIPS finds the empty sequence at 1..0, which replace$ then rejects.
            return Err(range_error("replace-member$", 1, 0, items.len()));
        }
        let mut from = 0;
        while let Some(i) = find_seq(&items, needle, from) {
            items.splice(i..i + needle.len(), replacement.iter().cloned());
            from = i + replacement.len();
        }
    }
    Ok(Value::multifield(items))
}

fn push_unique(out: &mut Vec<Value>, v: &Value) {
    if !out.iter().any(|w| identical(w, v)) {
        out.push(v.clone());
    }
}

/// `(union$ <multifield>*)`: the distinct elements of all the multifields, in order
/// of first appearance.
pub fn union(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let mut out = Vec::new();
    for i in 0..args.len() {
        for v in args::multifield("union$", args, i)? {
            push_unique(&mut out, v);
        }
    }
    Ok(Value::multifield(out))
}

fn sets<'a>(name: &str, args: &'a [Value]) -> Result<Vec<&'a [Value]>, FnError> {
    (0..args.len())
        .map(|i| args::multifield(name, args, i))
        .collect()
}

/// `(intersection$ <multifield>*)`: the distinct elements of the first multifield
/// that are in every other.
pub fn intersection(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let sets = sets("intersection$", args)?;
    let mut out = Vec::new();
    if let Some((first, others)) = sets.split_first() {
        for v in first.iter() {
            if others.iter().all(|s| s.iter().any(|w| identical(v, w))) {
                push_unique(&mut out, v);
            }
        }
    }
    Ok(Value::multifield(out))
}

/// `(difference$ <multifield>+)`: the distinct elements of the first multifield
/// that are in none of the others.
pub fn difference(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let sets = sets("difference$", args)?;
    let mut out = Vec::new();
    if let Some((first, others)) = sets.split_first() {
        for v in first.iter() {
            if !others.iter().any(|s| s.iter().any(|w| identical(v, w))) {
                push_unique(&mut out, v);
            }
        }
    }
    Ok(Value::multifield(out))
}
