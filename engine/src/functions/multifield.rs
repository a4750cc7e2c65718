//! Multifield functions: `create$ nth$ member$ length$ subseq$ first$ rest$ delete$
//! insert$ replace$ explode$ implode$ subsetp delete-member$ replace-member$ union$
//! intersection$ difference$`, and the CLIPS 6.30 names 6.4 dropped (`length`,
//! `member`, `nth`, `subset`, `str-explode`, `str-implode`, `mv-append`,
//! `mv-delete`, `mv-replace`, `mv-subseq`), and [`merge_sort`], the order `sort`
//! puts values in (`sort` itself calls user functions, so the evaluator runs it).
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
        args::multifield("length$", args, 0)?.len() as i64
    ))
}

/// `(length <multifield-or-lexeme>)`: CLIPS 6.30's `length`, which also counts the
/// characters of a symbol or string.
pub fn length_old(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    match args.first() {
        Some(Value::Multifield(items)) => Ok(Value::Integer(items.len() as i64)),
        Some(Value::Symbol(s) | Value::String(s)) => Ok(Value::Integer(s.chars().count() as i64)),
        _ => Err(args::type_error(
            "length",
            0,
            "multifield, symbol, or string",
        )),
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

/// `items` without elements `start..=end`, which must lie inside it; CLIPS's
/// range error for `name` otherwise.
pub fn delete_range(name: &str, items: &[Value], start: i64, end: i64) -> Result<Value, FnError> {
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
    insert_at("insert$", items, index, args.get(2..).unwrap_or(&[]))
}

/// `items` with the values `with` inserted before element `index` (appended when
/// `index` is past the end); an index below 1 is CLIPS's range error for `name`.
pub fn insert_at(
    name: &str,
    items: &[Value],
    index: i64,
    with: &[Value],
) -> Result<Value, FnError> {
    if index < 1 {
        return Err(range_error(name, index, index, items.len()));
    }
    let at = usize::try_from(index - 1).map_or(items.len(), |i| i.min(items.len()));
    let mut out = items[..at].to_vec();
    out.extend(flatten(with));
    out.extend_from_slice(&items[at..]);
    Ok(Value::multifield(out))
}

/// `items` with elements `start..=end` (which must lie inside it) replaced by
/// the values `with`; CLIPS's range error for `name` otherwise.
pub fn replace_range(
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
    replace_range(
        "mv-replace",
        items,
        index,
        index,
        args.get(2..).unwrap_or(&[]),
    )
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
    // Strings are quoted and escaped, so that explode$ reads them back.
    let parts: Vec<String> = items
        .iter()
        .map(|v| match v {
            Value::String(s) => crate::value::escaped(s),
            other => other.repr().to_string(),
        })
        .collect();
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
    let replacement = args::arg("replace-member$", args, 1, "any")?
        .as_slice()
        .to_vec();
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

/// Sorts `items` in the order CLIPS's `sort` gives: a stable merge sort that calls
/// `swap(earlier, later)` to ask whether `later` must come first (`(sort > 3 1 2)`
/// swaps when the earlier item is greater). The list is split with the larger half
/// first and the halves are sorted and merged in CLIPS's order, so the calls, and
/// the result of a comparison that is not a consistent order, are those of CLIPS.
/// The first error from `swap` stops the sort.
pub fn merge_sort<T: Clone, E>(
    items: &mut [T],
    swap: &mut impl FnMut(&T, &T) -> Result<bool, E>,
) -> Result<(), E> {
    if items.len() <= 1 {
        return Ok(());
    }
    let middle = items.len().div_ceil(2);
    merge_sort(&mut items[..middle], swap)?;
    merge_sort(&mut items[middle..], swap)?;
    merge(items, middle, swap)
}

/// Merges the sorted runs `items[..middle]` and `items[middle..]`, taking the
/// later run's item only when `swap` says it must come first.
fn merge<T: Clone, E>(
    items: &mut [T],
    middle: usize,
    swap: &mut impl FnMut(&T, &T) -> Result<bool, E>,
) -> Result<(), E> {
    let mut merged = Vec::with_capacity(items.len());
    let (mut i, mut j) = (0, middle);
    while i < middle && j < items.len() {
        if swap(&items[i], &items[j])? {
            merged.push(items[j].clone());
            j += 1;
        } else {
            merged.push(items[i].clone());
            i += 1;
        }
    }
    merged.extend_from_slice(&items[i..middle]);
    merged.extend_from_slice(&items[j..]);
    items.clone_from_slice(&merged);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::check;
    use super::merge_sort;

    /// Sorts with `swap`, recording each call as `(earlier, later)`.
    fn sorted(items: &[i64], swap: fn(i64, i64) -> bool) -> (Vec<i64>, Vec<(i64, i64)>) {
        let mut items = items.to_vec();
        let mut calls = Vec::new();
        let mut record = |a: &i64, b: &i64| -> Result<bool, ()> {
            calls.push((*a, *b));
            Ok(swap(*a, *b))
        };
        merge_sort(&mut items, &mut record).expect("no comparison fails");
        (items, calls)
    }

    /// The results and comparisons CLIPS 6.30 and 6.4 gave for `(sort f ...)`.
    #[test]
    fn merge_sort_compares_as_clips_does() {
        let (items, calls) = sorted(&[5, 1, 4, 2, 3], |a, b| a > b);
        assert_eq!(items, [1, 2, 3, 4, 5]);
        let expected = [(5, 1), (1, 4), (5, 4), (2, 3), (1, 2), (4, 2), (4, 3)];
        assert_eq!(calls, expected);
        // Equal items keep their order: odd numbers first, each group in order.
        let odd_first = |a: i64, b: i64| a % 2 == 0 && b % 2 == 1;
        let (items, _) = sorted(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], odd_first);
        assert_eq!(items, [1, 3, 5, 7, 9, 11, 2, 4, 6, 8, 10]);
        // A function that always says swap shows the splits: (sort always 3 1 2).
        assert_eq!(sorted(&[3, 1, 2], |_, _| true).0, [2, 1, 3]);
        assert_eq!(
            sorted(&[1, 2, 3, 4, 5, 6, 7], |_, _| true).0,
            [7, 6, 5, 4, 3, 2, 1]
        );
        assert_eq!(sorted(&[3, 1, 2], |_, _| false).0, [3, 1, 2]);
        assert!(sorted(&[], |a, b| a > b).0.is_empty());
    }

    #[test]
    fn merge_sort_stops_at_the_first_error() {
        let mut items = vec![3, 2, 1];
        let mut calls = 0;
        let result = merge_sort(&mut items, &mut |_: &i32, _: &i32| {
            calls += 1;
            Err("bad")
        });
        assert_eq!((result, calls), (Err("bad"), 1));
    }

    /// Each expression with the result CLIPS 6.4 (through clipspy 1.0.6) gave for it,
    /// evaluated in order in one fresh environment.
    #[test]
    fn matches_clips_6_4() {
        check(&[
            (r#"(type (create$))"#, r#"MULTIFIELD"#),
            (r#"(type (create$ a))"#, r#"MULTIFIELD"#),
            (r#"(create$)"#, r#"()"#),
            (r#"(create$ a "b" 1 2.0)"#, r#"(a "b" 1 2.0)"#),
            (r#"(create$ a (create$ b c) d)"#, r#"(a b c d)"#),
            (r#"(create$ (create$))"#, r#"()"#),
            (r#"(nth$ 1 (create$ a b c))"#, r#"a"#),
            (r#"(nth$ 3 (create$ a b c))"#, r#"c"#),
            (r#"(nth$ 4 (create$ a b c))"#, r#"nil"#),
            (r#"(nth$ 0 (create$ a b c))"#, r#"nil"#),
            (r#"(nth$ -1 (create$ a b c))"#, r#"nil"#),
            (r#"(nth$ 1 (create$))"#, r#"nil"#),
            (
                r#"(nth$ 1.0 (create$ a))"#,
                r#"ERR [ARGACCES2] Function 'nth$' expected argument #1 to be of type integer."#,
            ),
            (
                r#"(nth$ 1 a)"#,
                r#"ERR [ARGACCES2] Function 'nth$' expected argument #2 to be of type multifield."#,
            ),
            (
                r#"(nth$ 1 "abc")"#,
                r#"ERR [ARGACCES2] Function 'nth$' expected argument #2 to be of type multifield."#,
            ),
            (r#"(member$ b (create$ a b c))"#, r#"2"#),
            (r#"(member$ z (create$ a b c))"#, r#"FALSE"#),
            (r#"(member$ (create$ b c) (create$ a b c))"#, r#"(2 3)"#),
            (r#"(member$ (create$ c b) (create$ a b c))"#, r#"FALSE"#),
            (r#"(member$ (create$) (create$ a b c))"#, r#"(1 0)"#),
            (r#"(member$ 1 (create$ 1.0 1))"#, r#"2"#),
            (
                r#"(member$ a a)"#,
                r#"ERR [ARGACCES2] Function 'member$' expected argument #2 to be of type multifield."#,
            ),
            (r#"(member$ "a" (create$ a "a"))"#, r#"2"#),
            (r#"(length$ (create$))"#, r#"0"#),
            (r#"(length$ (create$ a b))"#, r#"2"#),
            (
                r#"(length$ a)"#,
                r#"ERR [ARGACCES2] Function 'length$' expected argument #1 to be of type multifield."#,
            ),
            (r#"(subseq$ (create$ a b c d) 2 3)"#, r#"(b c)"#),
            (r#"(subseq$ (create$ a b c d) 0 2)"#, r#"(a b)"#),
            (r#"(subseq$ (create$ a b c d) 3 10)"#, r#"(c d)"#),
            (r#"(subseq$ (create$ a b c d) 3 2)"#, r#"()"#),
            (r#"(subseq$ (create$ a b c d) 5 6)"#, r#"()"#),
            (r#"(subseq$ (create$ a b c d) -2 -1)"#, r#"()"#),
            (r#"(subseq$ (create$) 1 1)"#, r#"()"#),
            (
                r#"(subseq$ a 1 1)"#,
                r#"ERR [ARGACCES2] Function 'subseq$' expected argument #1 to be of type multifield."#,
            ),
            (r#"(first$ (create$ a b))"#, r#"(a)"#),
            (r#"(first$ (create$))"#, r#"()"#),
            (r#"(rest$ (create$ a b))"#, r#"(b)"#),
            (r#"(rest$ (create$ a))"#, r#"()"#),
            (r#"(rest$ (create$))"#, r#"()"#),
            (r#"(delete$ (create$ a b c d) 2 3)"#, r#"(a d)"#),
            (r#"(delete$ (create$ a b c d) 1 1)"#, r#"(b c d)"#),
            (
                r#"(delete$ (create$ a b c d) 3 10)"#,
                r#"ERR [MULTIFUN1] Multifield index range 3..10 out of range 1..4 in function 'delete$'."#,
            ),
            (
                r#"(delete$ (create$ a b c d) 0 1)"#,
                r#"ERR [MULTIFUN1] Multifield index range 0..1 out of range 1..4 in function 'delete$'."#,
            ),
            (
                r#"(delete$ (create$ a b c d) 3 2)"#,
                r#"ERR [MULTIFUN1] Multifield index range 3..2 out of range 1..4 in function 'delete$'."#,
            ),
            (
                r#"(delete$ (create$ a b c d) 5 5)"#,
                r#"ERR [MULTIFUN1] Multifield index 5 out of range 1..4 in function 'delete$'."#,
            ),
            (
                r#"(delete$ (create$) 1 1)"#,
                r#"ERR [MULTIFUN1] Multifield index 1 out of range 1..0 in function 'delete$'."#,
            ),
            (r#"(insert$ (create$ a b) 1 x)"#, r#"(x a b)"#),
            (r#"(insert$ (create$ a b) 3 x)"#, r#"(a b x)"#),
            (r#"(insert$ (create$ a b) 4 x)"#, r#"(a b x)"#),
            (
                r#"(insert$ (create$ a b) 0 x)"#,
                r#"<void> ;; [MULTIFUN1] Multifield index 0 out of range 1..2 in function 'insert$'."#,
            ),
            (
                r#"(insert$ (create$ a b) 2 x (create$ y z) w)"#,
                r#"(a x y z w b)"#,
            ),
            (r#"(insert$ (create$) 1 x)"#, r#"(x)"#),
            (
                r#"(insert$ (create$ a) 1)"#,
                r#"ERR [ARGACCES1] Function 'insert$' expected at least 3 arguments."#,
            ),
            (r#"(replace$ (create$ a b c) 2 2 x)"#, r#"(a x c)"#),
            (r#"(replace$ (create$ a b c) 2 3 x y z)"#, r#"(a x y z)"#),
            (r#"(replace$ (create$ a b c) 1 3 (create$))"#, r#"()"#),
            (
                r#"(replace$ (create$ a b c) 3 4 x)"#,
                r#"ERR [MULTIFUN1] Multifield index range 3..4 out of range 1..3 in function 'replace$'."#,
            ),
            (
                r#"(replace$ (create$ a b c) 0 1 x)"#,
                r#"ERR [MULTIFUN1] Multifield index range 0..1 out of range 1..3 in function 'replace$'."#,
            ),
            (
                r#"(replace$ (create$ a b c) 2 1 x)"#,
                r#"ERR [MULTIFUN1] Multifield index range 2..1 out of range 1..3 in function 'replace$'."#,
            ),
            (
                r#"(replace$ (create$ a b c) 4 4 x)"#,
                r#"ERR [MULTIFUN1] Multifield index 4 out of range 1..3 in function 'replace$'."#,
            ),
            (r#"(explode$ "a b 1 2.5 \"s\"")"#, r#"(a b 1 2.5 "s")"#),
            (r#"(explode$ "")"#, r#"()"#),
            (r#"(explode$ "   ")"#, r#"()"#),
            (
                r#"(explode$ abc)"#,
                r#"ERR [ARGACCES2] Function 'explode$' expected argument #1 to be of type string."#,
            ),
            (
                r#"(explode$ 12)"#,
                r#"ERR [ARGACCES2] Function 'explode$' expected argument #1 to be of type string."#,
            ),
            (r#"(explode$ "(a)")"#, r#"(( a ))"#),
            (
                r#"(explode$ "a \"unterminated")"#,
                r#"(a "unterminated") ;; [SCANNER1] Encountered End-Of-File while scanning a string"#,
            ),
            (
                r#"(implode$ (create$ a "b" 1 2.0 "c\"d"))"#,
                r#""a \"b\" 1 2.0 \"c\\\"d\"""#,
            ),
            (r#"(implode$ (create$))"#, r#""""#),
            (
                r#"(implode$ a)"#,
                r#"ERR [ARGACCES2] Function 'implode$' expected argument #1 to be of type multifield."#,
            ),
            (r#"(type (implode$ (create$ a)))"#, r#"STRING"#),
            (r#"(subsetp (create$ a) (create$ a b))"#, r#"TRUE"#),
            (r#"(subsetp (create$ a c) (create$ a b))"#, r#"FALSE"#),
            (r#"(subsetp (create$) (create$ a b))"#, r#"TRUE"#),
            (r#"(subsetp (create$) (create$))"#, r#"TRUE"#),
            (r#"(subsetp (create$ a a) (create$ a))"#, r#"TRUE"#),
            (
                r#"(subsetp a (create$ a b))"#,
                r#"ERR [ARGACCES2] Function 'subsetp' expected argument #1 to be of type multifield."#,
            ),
            (r#"(subsetp (create$ 1) (create$ 1.0))"#, r#"FALSE"#),
            (r#"(delete-member$ (create$ a b a c) a)"#, r#"(b c)"#),
            (r#"(delete-member$ (create$ a b a c) a c)"#, r#"(b)"#),
            (
                r#"(delete-member$ (create$ a b c b c) (create$ b c))"#,
                r#"(a)"#,
            ),
            (r#"(delete-member$ (create$ a b) x)"#, r#"(a b)"#),
            (
                r#"(delete-member$ a b)"#,
                r#"ERR [ARGACCES2] Function 'delete-member$' expected argument #1 to be of type multifield."#,
            ),
            (
                r#"(delete-member$ (create$ a b c) (create$))"#,
                r#"(a b c)"#,
            ),
            (r#"(replace-member$ (create$ a b a c) x a)"#, r#"(x b x c)"#),
            (
                r#"(replace-member$ (create$ a b a c) (create$ x y) a c)"#,
                r#"(x y b x y x y)"#,
            ),
            (
                r#"(replace-member$ (create$ a b c b c) X (create$ b c))"#,
                r#"(a X X)"#,
            ),
            (r#"(union$ (create$ a b a) (create$ b c))"#, r#"(a b c)"#),
            (r#"(union$ (create$ a b))"#, r#"(a b)"#),
            (r#"(union$)"#, r#"()"#),
            (
                r#"(intersection$ (create$ a b a c) (create$ a c d))"#,
                r#"(a c)"#,
            ),
            (r#"(difference$ (create$ a b a c) (create$ c))"#, r#"(a b)"#),
            (
                r#"(difference$ (create$ a b) (create$ c) (create$ a))"#,
                r#"(b)"#,
            ),
            (
                r#"(union$ a b)"#,
                r#"ERR [ARGACCES2] Function 'union$' expected argument #1 to be of type multifield."#,
            ),
            (r#"(intersection$ (create$ a))"#, r#"(a)"#),
            (
                r#"(replace-member$ (create$ a b c) x (create$))"#,
                r#"ERR [MULTIFUN1] Multifield index range 1..0 out of range 1..3 in function 'replace-member$'."#,
            ),
            (
                r#"(delete-member$ (create$ a a b b) (create$ a b))"#,
                r#"()"#,
            ),
            (
                r#"(delete-member$ (create$ a b a b) (create$ a b))"#,
                r#"()"#,
            ),
            (
                r#"(delete-member$ (create$ a b c) b (create$ a c))"#,
                r#"()"#,
            ),
            (
                r#"(replace-member$ (create$ a a b b) X (create$ a b))"#,
                r#"(a X b)"#,
            ),
            (
                r#"(replace-member$ (create$ a b c) (create$) b)"#,
                r#"(a c)"#,
            ),
            (r#"(member$ (create$) (create$))"#, r#"(1 0)"#),
            (r#"(member$ (create$ a) (create$ a))"#, r#"1"#),
            (r#"(intersection$)"#, r#"()"#),
            (r#"(difference$ (create$ a a))"#, r#"(a)"#),
            (
                r#"(insert$ (create$) 0 x)"#,
                r#"<void> ;; [MULTIFUN1] Multifield index 0 out of range 1..0 in function 'insert$'."#,
            ),
            (r#"(insert$ (create$) 5 x)"#, r#"(x)"#),
            (
                r#"(insert$ (create$ a) -1 x)"#,
                r#"<void> ;; [MULTIFUN1] Multifield index -1 out of range 1..1 in function 'insert$'."#,
            ),
            (r#"(insert$ (create$ a) 1 (create$))"#, r#"(a)"#),
            (
                r#"(insert$ (create$ a) 1.0 x)"#,
                r#"ERR [ARGACCES2] Function 'insert$' expected argument #2 to be of type integer."#,
            ),
            (
                r#"(insert$ a 1 x)"#,
                r#"ERR [ARGACCES2] Function 'insert$' expected argument #1 to be of type multifield."#,
            ),
            (r#"(nth$ 2 (create$ a (create$ b c)))"#, r#"b"#),
            (
                r#"(first$ a)"#,
                r#"ERR [ARGACCES2] Function 'first$' expected argument #1 to be of type multifield."#,
            ),
            (
                r#"(rest$ "a")"#,
                r#"ERR [ARGACCES2] Function 'rest$' expected argument #1 to be of type multifield."#,
            ),
            (r#"(length$ (create$ (create$)))"#, r#"0"#),
            (r#"(create$ (void))"#, r#"()"#),
            (
                r#"(implode$ (create$ a 1.5 "x y" 1e20 "q\\z"))"#,
                r#""a 1.5 \"x y\" 1e+20 \"q\\\\z\"""#,
            ),
            (
                r#"(replace-member$ (create$ a b a b) X (create$ a b))"#,
                r#"(X X)"#,
            ),
            (
                r#"(replace-member$ (create$ a b) (create$ b a) a)"#,
                r#"(b a b)"#,
            ),
            (
                r#"(replace-member$ (create$ a x a) (create$ a) a)"#,
                r#"(a x a)"#,
            ),
            (r#"(replace-member$ (create$ a b c) X b a)"#, r#"(X X c)"#),
            (
                r#"(replace-member$ (create$ a) (create$ a a) a)"#,
                r#"(a a)"#,
            ),
            (
                r#"(replace$ (create$ a b c d e) -1 2 x (create$ y z))"#,
                r#"ERR [MULTIFUN1] Multifield index range -1..2 out of range 1..5 in function 'replace$'."#,
            ),
            (
                r#"(replace-member$ (create$ 1 1.0 "1" a) (create$ Z Z) a)"#,
                r#"(1 1.0 "1" Z Z)"#,
            ),
            (
                r#"(delete$ (create$) 5 7)"#,
                r#"ERR [MULTIFUN1] Multifield index range 5..7 out of range 1..0 in function 'delete$'."#,
            ),
            (
                r#"(delete$ (create$) 5 1)"#,
                r#"ERR [MULTIFUN1] Multifield index range 5..1 out of range 1..0 in function 'delete$'."#,
            ),
            (r#"(nth$ 5 (create$ a b a b a))"#, r#"a"#),
            (r#"(nth$ 4 (create$ a b c d e))"#, r#"d"#),
            (
                r#"(replace$ (create$ a b a b a) 4 3 x (create$ y z))"#,
                r#"ERR [MULTIFUN1] Multifield index range 4..3 out of range 1..5 in function 'replace$'."#,
            ),
            (
                r#"(replace-member$ (create$ a b c d e) Z b)"#,
                r#"(a Z c d e)"#,
            ),
            (
                r#"(replace$ (create$ a b c d e) 4 2 x (create$ y z))"#,
                r#"ERR [MULTIFUN1] Multifield index range 4..2 out of range 1..5 in function 'replace$'."#,
            ),
            (r#"(explode$ "(a (b) c)")"#, r#"(( a ( b ) c ))"#),
            (r#"(member$ (create$ a) (create$ 1 1.0 "1" a))"#, r#"4"#),
            (r#"(delete$ (create$ 1 1.0 "1" a) 3 4)"#, r#"(1 1.0)"#),
            (r#"(implode$ (explode$ "1.5.5 --1 +"))"#, r#""1.5.5 --1 +""#),
            (
                r#"(difference$ (create$ a b a b a) (create$ a b a b a))"#,
                r#"()"#,
            ),
            (r#"(nth$ 2 (create$))"#, r#"nil"#),
            (
                r#"(union$ (create$ a b a b a) (create$ a b c d e))"#,
                r#"(a b c d e)"#,
            ),
            (
                r#"(difference$ (create$ a b c d e) (create$ a b a b a))"#,
                r#"(c d e)"#,
            ),
            (r#"(nth$ 7 (create$ a b c d e))"#, r#"nil"#),
            (
                r#"(intersection$ (create$ a b c d e) (create$ a b a b a))"#,
                r#"(a b)"#,
            ),
            (r#"(explode$ "héllo wörld")"#, r#"(héllo wörld)"#),
            (r#"(subseq$ (create$ 1 1.0 "1" a) 7 6)"#, r#"()"#),
            (
                r#"(delete$ (create$ a b a b a) 0 7)"#,
                r#"ERR [MULTIFUN1] Multifield index range 0..7 out of range 1..5 in function 'delete$'."#,
            ),
            (
                r#"(replace-member$ (create$ a b c d e) (create$ Z Z) b)"#,
                r#"(a Z Z c d e)"#,
            ),
            (r#"(implode$ (explode$ ";comment\n a"))"#, r#""""#),
            (r#"(subseq$ (create$ a) 7 0)"#, r#"()"#),
            (
                r#"(insert$ (create$ 1 1.0 "1" a) 7 x (create$ y z))"#,
                r#"(1 1.0 "1" a x y z)"#,
            ),
            (
                r#"(intersection$ (create$ 1 1.0 "1" a) (create$ a b a b a))"#,
                r#"(a)"#,
            ),
            (
                r#"(insert$ (create$ a b c d e) -1 x (create$ y z))"#,
                r#"<void> ;; [MULTIFUN1] Multifield index -1 out of range 1..5 in function 'insert$'."#,
            ),
            (r#"(nth$ 3 (create$ a))"#, r#"nil"#),
            (
                r#"(difference$ (create$ a b a b a) (create$ a b c d e))"#,
                r#"()"#,
            ),
            (r#"(nth$ 3 (create$ 1 1.0 "1" a))"#, r#""1""#),
            (r#"(length$ (create$ a b c d e))"#, r#"5"#),
            (
                r#"(replace$ (create$ 1 1.0 "1" a) 3 4 x (create$ y z))"#,
                r#"(1 1.0 x y z)"#,
            ),
            (r#"(nth$ 5 (create$ a))"#, r#"nil"#),
            (r#"(intersection$ (create$) (create$))"#, r#"()"#),
            (r#"(length$ (create$ a b a b a))"#, r#"5"#),
            (
                r#"(difference$ (create$ 1 1.0 "1" a) (create$))"#,
                r#"(1 1.0 "1" a)"#,
            ),
            (
                r#"(delete$ (create$ a b a b a) 4 0)"#,
                r#"ERR [MULTIFUN1] Multifield index range 4..0 out of range 1..5 in function 'delete$'."#,
            ),
            (
                r#"(intersection$ (create$ a b a b a) (create$ a))"#,
                r#"(a)"#,
            ),
            (r#"(first$ (create$ a b c d e))"#, r#"(a)"#),
            (
                r#"(replace-member$ (create$ a b a b a) Z a)"#,
                r#"(Z b Z b Z)"#,
            ),
            (
                r#"(difference$ (create$ 1 1.0 "1" a) (create$ a))"#,
                r#"(1 1.0 "1")"#,
            ),
            (
                r#"(insert$ (create$ a) 0 x (create$ y z))"#,
                r#"<void> ;; [MULTIFUN1] Multifield index 0 out of range 1..1 in function 'insert$'."#,
            ),
            (
                r#"(difference$ (create$ a b c d e) (create$ a))"#,
                r#"(b c d e)"#,
            ),
            (r#"(delete-member$ (create$) a)"#, r#"()"#),
            (r#"(replace-member$ (create$ a) (create$ Z Z) 1)"#, r#"(a)"#),
            (r#"(first$ (create$ a))"#, r#"(a)"#),
            (r#"(subseq$ (create$ a b c d e) 3 1)"#, r#"()"#),
            (r#"(nth$ 7 (create$ a b a b a))"#, r#"nil"#),
            (
                r#"(difference$ (create$ a b c d e) (create$ 1 1.0 "1" a))"#,
                r#"(b c d e)"#,
            ),
            (r#"(delete$ (create$ a) 1 1)"#, r#"()"#),
            (r#"(member$ b (create$ a))"#, r#"FALSE"#),
            (
                r#"(delete-member$ (create$ 1 1.0 "1" a) a)"#,
                r#"(1 1.0 "1")"#,
            ),
            (
                r#"(insert$ (create$ a b c d e) 5 x (create$ y z))"#,
                r#"(a b c d x y z e)"#,
            ),
            (r#"(delete-member$ (create$ a) (create$ b a))"#, r#"(a)"#),
            (r#"(subsetp (create$) (create$ a b a b a))"#, r#"TRUE"#),
            (r#"(subseq$ (create$ a) 7 6)"#, r#"()"#),
            (r#"(first$ (create$ 1 1.0 "1" a))"#, r#"(1)"#),
            (r#"(subseq$ (create$ 1 1.0 "1" a) -1 2)"#, r#"(1 1.0)"#),
            (r#"(delete-member$ (create$) (create$ a) 1.0)"#, r#"()"#),
            (
                r#"(implode$ (explode$ "-0 +0 0.0 -0.0"))"#,
                r#""0 0 0.0 -0.0""#,
            ),
            (r#"(nth$ -1 (create$ 1 1.0 "1" a))"#, r#"nil"#),
            (r#"(member$ (create$ a b) (create$ a))"#, r#"FALSE"#),
            (
                r#"(replace$ (create$ 1 1.0 "1" a) 4 7 x (create$ y z))"#,
                r#"ERR [MULTIFUN1] Multifield index range 4..7 out of range 1..4 in function 'replace$'."#,
            ),
            (r#"(nth$ 2 (create$ 1 1.0 "1" a))"#, r#"1.0"#),
            (r#"(insert$ (create$) 4 x (create$ y z))"#, r#"(x y z)"#),
            (
                r#"(replace-member$ (create$) (create$ Z Z) (create$ a b))"#,
                r#"()"#,
            ),
            (r#"(implode$ (explode$ "\"q r\" s"))"#, r#""\"q r\" s""#),
            (
                r#"(explode$ "12345678901234567890123")"#,
                r#"(9223372036854775807) ;; [SCANNER1] WARNING: Over or underflow of long long integer."#,
            ),
            (
                r#"(delete$ (create$ a b a b a) -1 4)"#,
                r#"ERR [MULTIFUN1] Multifield index range -1..4 out of range 1..5 in function 'delete$'."#,
            ),
            (
                r#"(subsetp (create$ a b a b a) (create$ 1 1.0 "1" a))"#,
                r#"FALSE"#,
            ),
            (r#"(explode$ "1.5.5 --1 +")"#, r#"(1.5.5 --1 +)"#),
            (r#"(nth$ 3 (create$))"#, r#"nil"#),
            (
                r#"(replace$ (create$ a) 6 0 x (create$ y z))"#,
                r#"ERR [MULTIFUN1] Multifield index range 6..0 out of range 1..1 in function 'replace$'."#,
            ),
            (r#"(rest$ (create$ 1 1.0 "1" a))"#, r#"(1.0 "1" a)"#),
            (r#"(delete-member$ (create$ a b a b a) a)"#, r#"(b b)"#),
            (r#"(difference$ (create$) (create$ 1 1.0 "1" a))"#, r#"()"#),
            (r#"(explode$ "<=> => <- <a a<b")"#, r#"(<=> => <- <a a <b)"#),
            (r#"(length$ (create$ 1 1.0 "1" a))"#, r#"4"#),
        ]);
    }

    /// The CLIPS 6.30 names, with what `/usr/bin/clips` (6.30) printed for each
    /// (its error messages differ in form; the errors occur at the same inputs).
    #[test]
    fn matches_clips_6_30_names() {
        check(&[
            ("(mv-append a (create$ b c) d)", "(a b c d)"),
            ("(mv-append)", "()"),
            ("(mv-delete 2 (create$ a b c))", "(a c)"),
            (
                "(mv-delete 5 (create$ a b c))",
                "ERR [MULTIFUN1] Multifield index 5 out of range 1..3 in function 'mv-delete'.",
            ),
            (
                "(mv-delete 0 (create$))",
                "ERR [MULTIFUN1] Multifield index 0 out of range 1..0 in function 'mv-delete'.",
            ),
            ("(mv-replace 2 (create$ a b c) x)", "(a x c)"),
            ("(mv-replace 1 (create$ a b c) (create$ x y))", "(x y b c)"),
            (
                "(mv-replace 6 (create$ a b a b a) q)",
                "ERR [MULTIFUN1] Multifield index 6 out of range 1..5 in function 'mv-replace'.",
            ),
            ("(mv-subseq 2 3 (create$ a b c d))", "(b c)"),
            ("(mv-subseq 3 2 (create$ a b c d))", "()"),
            ("(mv-subseq 0 2 (create$ a b c d))", "(a b)"),
            ("(mv-subseq 3 9 (create$ a b c d))", "(c d)"),
            ("(str-explode \"a b 1 2.5\")", "(a b 1 2.5)"),
            ("(str-implode (create$ a \"b\" 1.0))", "\"a \\\"b\\\" 1.0\""),
            ("(length abc)", "3"),
            ("(length (create$ 1 2))", "2"),
            ("(length (create$))", "0"),
            (
                "(length 12)",
                "ERR [ARGACCES2] Function 'length' expected argument #1 to be of type multifield, symbol, or string.",
            ),
            ("(member b (create$ a b))", "2"),
            ("(nth 2 (create$ a b))", "b"),
            ("(nth 5 (create$ a))", "nil"),
            ("(nth -1 (create$))", "nil"),
            ("(subset (create$ a) (create$ a b))", "TRUE"),
            ("(subset (create$ a b c d e) (create$))", "FALSE"),
            ("(subset (create$) (create$))", "TRUE"),
        ]);
    }
}
