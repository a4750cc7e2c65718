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

/// A lexeme of the same kind (symbol, string or instance name) as `like`.
fn same_kind(like: &Value, text: &str) -> Value {
    match like {
        Value::Symbol(_) => Value::Symbol(atom(text)),
        Value::InstanceName(_) => Value::InstanceName(atom(text)),
        _ => Value::String(atom(text)),
    }
}

/// `(upcase <lexeme>)`: ASCII letters to upper case, keeping the argument's type.
pub fn upcase(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let text = args::lexeme("upcase", args, 0)?;
    Ok(same_kind(&args[0], &text.to_ascii_uppercase()))
}

/// `(lowcase <lexeme>)`: ASCII letters to lower case, keeping the argument's type.
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
    state.error = Value::false_sym();
    let text = args::lexeme("string-to-field", args, 0).inspect_err(|_| {
        state.error = Value::symbol("INVALID_ARGUMENT");
    })?;
    match scanner::next_field(&text, 0, &mut state.diagnostics) {
        Some((field, _)) => Ok(field),
        None => {
            state.error = Value::symbol("EOF");
            Ok(Value::symbol("EOF"))
        }
    }
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

#[cfg(test)]
mod tests {
    use super::super::testing::check;

    /// Each expression with the result CLIPS 6.4 (through clipspy 1.0.6) gave for it,
    /// evaluated in order in one fresh environment.
    #[test]
    fn matches_clips_6_4() {
        check(&[
            (
                r#"(str-cat)"#,
                r#"ERR [ARGACCES1] Function 'str-cat' expected at least 1 argument."#,
            ),
            (r#"(str-cat a)"#, r#""a""#),
            (r#"(str-cat a "b" 1 2.0 3.5)"#, r#""ab12.03.5""#),
            (
                r#"(str-cat 1e20 0.1 -0.0 1e-5 100000000000000000000.0)"#,
                r#""1e+200.1-0.01e-051e+20""#,
            ),
            (
                r#"(str-cat (create$ a "b" 1))"#,
                r#"ERR [ARGACCES2] Function 'str-cat' expected argument #1 to be of type integer, float, symbol, string, or instance name."#,
            ),
            (
                r#"(str-cat x (create$ a "b" 1) y)"#,
                r#"ERR [ARGACCES2] Function 'str-cat' expected argument #2 to be of type integer, float, symbol, string, or instance name."#,
            ),
            (
                r#"(str-cat (create$))"#,
                r#"ERR [ARGACCES2] Function 'str-cat' expected argument #1 to be of type integer, float, symbol, string, or instance name."#,
            ),
            (r#"(str-cat "a\"b")"#, r#""a\"b""#),
            (
                r#"(sym-cat)"#,
                r#"ERR [ARGACCES1] Function 'sym-cat' expected at least 1 argument."#,
            ),
            (r#"(sym-cat a "b" 1 2.0)"#, r#"ab12.0"#),
            (
                r#"(sym-cat (create$ a b))"#,
                r#"ERR [ARGACCES2] Function 'sym-cat' expected argument #1 to be of type integer, float, symbol, string, or instance name."#,
            ),
            (r#"(sym-cat "")"#, r#""#),
            (r#"(type (sym-cat ""))"#, r#"SYMBOL"#),
            (
                r#"(type (str-cat))"#,
                r#"ERR [ARGACCES1] Function 'str-cat' expected at least 1 argument."#,
            ),
            (r#"(str-length "hello")"#, r#"5"#),
            (r#"(str-length hello)"#, r#"5"#),
            (r#"(str-length "")"#, r#"0"#),
            (
                r#"(str-length 12)"#,
                r#"ERR [ARGACCES2] Function 'str-length' expected argument #1 to be of type symbol, string, or instance name."#,
            ),
            (r#"(str-length "héllo")"#, r#"5"#),
            (r#"(sub-string 2 4 "abcdef")"#, r#""bcd""#),
            (r#"(sub-string 0 4 "abcdef")"#, r#""abcd""#),
            (r#"(sub-string -3 2 "abcdef")"#, r#""ab""#),
            (r#"(sub-string 4 2 "abcdef")"#, r#""""#),
            (r#"(sub-string 4 4 "abcdef")"#, r#""d""#),
            (r#"(sub-string 5 10 "abcdef")"#, r#""ef""#),
            (r#"(sub-string 7 10 "abcdef")"#, r#""""#),
            (r#"(sub-string 10 12 "abcdef")"#, r#""""#),
            (r#"(sub-string 1 6 abcdef)"#, r#""abcdef""#),
            (
                r#"(sub-string 1.5 3 "abcdef")"#,
                r#"ERR [ARGACCES2] Function 'sub-string' expected argument #1 to be of type integer."#,
            ),
            (r#"(sub-string 2 3 "héllo")"#, r#""él""#),
            (r#"(type (sub-string 1 2 abc))"#, r#"STRING"#),
            (r#"(str-index "c" "abcabc")"#, r#"3"#),
            (r#"(str-index "z" "abc")"#, r#"FALSE"#),
            (r#"(str-index "" "abc")"#, r#"1"#),
            (r#"(str-index bc abc)"#, r#"2"#),
            (r#"(str-index "a" "")"#, r#"FALSE"#),
            (r#"(str-index "é" "héllo")"#, r#"2"#),
            (r#"(str-index "l" "héllo")"#, r#"3"#),
            (r#"(upcase "abc")"#, r#""ABC""#),
            (r#"(upcase abc)"#, r#"ABC"#),
            (r#"(upcase "héllo")"#, r#""HéLLO""#),
            (r#"(lowcase "ABC")"#, r#""abc""#),
            (r#"(lowcase ABC)"#, r#"abc"#),
            (
                r#"(upcase 12)"#,
                r#"ERR [ARGACCES2] Function 'upcase' expected argument #1 to be of type symbol, string, or instance name."#,
            ),
            (r#"(str-compare "a" "b")"#, r#"-1"#),
            (r#"(str-compare "b" "a")"#, r#"1"#),
            (r#"(str-compare "a" "a")"#, r#"0"#),
            (r#"(str-compare "abc" "abd")"#, r#"-1"#),
            (r#"(str-compare "a" "aaaa")"#, r#"-1"#),
            (r#"(str-compare a b)"#, r#"-1"#),
            (r#"(str-compare "a" "b" 0)"#, r#"0"#),
            (r#"(str-compare "ab" "ac" 1)"#, r#"0"#),
            (r#"(str-compare "ab" "ac" 2)"#, r#"-1"#),
            (r#"(str-compare "ab" "ac" -1)"#, r#"-1"#),
            (r#"(str-compare "A" "a")"#, r#"-1"#),
            (
                r#"(str-compare 1 2)"#,
                r#"ERR [ARGACCES2] Function 'str-compare' expected argument #1 to be of type symbol, string, or instance name."#,
            ),
            (r#"(string-to-field "42")"#, r#"42"#),
            (r#"(string-to-field "4.5")"#, r#"4.5"#),
            (r#"(string-to-field "abc def")"#, r#"abc"#),
            (r#"(string-to-field "\"quoted\" x")"#, r#""quoted""#),
            (r#"(string-to-field "")"#, r#"EOF"#),
            (r#"(string-to-field "   ")"#, r#"EOF"#),
            (r#"(string-to-field "(a b)")"#, r#"("#),
            (r#"(string-to-field ")")"#, r#")"#),
            (r#"(string-to-field "?x")"#, r#"?x"#),
            (r#"(string-to-field "$?x")"#, r#"$?x"#),
            (r#"(string-to-field abc)"#, r#"abc"#),
            (
                r#"(string-to-field 12)"#,
                r#"ERR [ARGACCES2] Function 'string-to-field' expected argument #1 to be of type symbol, string, or instance name."#,
            ),
            (r#"(string-to-field "1e5")"#, r#"100000.0"#),
            (
                r#"(string-to-field "\"unterminated")"#,
                r#""unterminated" ;; [SCANNER1] Encountered End-Of-File while scanning a string"#,
            ),
            (r#"(type (string-to-field ""))"#, r#"SYMBOL"#),
            (r#"(type (string-to-field "(a b)"))"#, r#"SYMBOL"#),
            (r#"(str-replace "abcabc" "b" "X")"#, r#""aXcaXc""#),
            (r#"(str-replace "abcabc" "bc" "")"#, r#""aa""#),
            (r#"(str-replace "aaa" "aa" "b")"#, r#""ba""#),
            (r#"(str-replace abc b X)"#, r#"aXc"#),
            (r#"(type (str-replace abc b X))"#, r#"SYMBOL"#),
            (r#"(str-replace "abc" "" "X")"#, r#""abc""#),
            (r#"(str-replace "abc" "z" "X")"#, r#""abc""#),
            (
                r#"(str-replace 1 2 3)"#,
                r#"ERR [ARGACCES2] Function 'str-replace' expected argument #1 to be of type symbol, string, or instance name."#,
            ),
            (
                r#"(type (string-to-field "\"unterminated"))"#,
                r#"STRING ;; [SCANNER1] Encountered End-Of-File while scanning a string"#,
            ),
            (r#"(type (string-to-field "?x"))"#, r#"SYMBOL"#),
            (r#"(type (string-to-field "$?x"))"#, r#"SYMBOL"#),
            (r#"(type (string-to-field "?"))"#, r#"SYMBOL"#),
            (r#"(type (string-to-field "?*g*"))"#, r#"SYMBOL"#),
            (r#"(string-to-field "&")"#, r#"&"#),
            (r#"(type (string-to-field "&"))"#, r#"SYMBOL"#),
            (r#"(string-to-field "|a")"#, r#"|"#),
            (r#"(string-to-field "~")"#, r#"~"#),
            (r#"(string-to-field "<-")"#, r#"<-"#),
            (r#"(string-to-field "a;b")"#, r#"a"#),
            (r#"(string-to-field ";comment")"#, r#"EOF"#),
            (r#"(type (string-to-field ";comment"))"#, r#"SYMBOL"#),
            (r#"(string-to-field "abc)")"#, r#"abc"#),
            (r#"(string-to-field "\"a\\\"b\"")"#, r#""a\"b""#),
            (r#"(string-to-field "  -7  ")"#, r#"-7"#),
            (
                r#"(string-to-field "9999999999999999999999")"#,
                r#"9223372036854775807 ;; [SCANNER1] WARNING: Over or underflow of long long integer."#,
            ),
            (
                r#"(type (string-to-field "9999999999999999999999"))"#,
                r#"INTEGER ;; [SCANNER1] WARNING: Over or underflow of long long integer."#,
            ),
            (r#"(string-to-field "1.")"#, r#"1.0"#),
            (r#"(string-to-field ".5e")"#, r#".5e"#),
            (r#"(string-to-field "<Fact-1>")"#, r#"<Fact-1>"#),
            (r#"(string-to-field "a\"b")"#, r#"a"#),
            (r#"(type (str-replace "abc" b X))"#, r#"STRING"#),
            (r#"(type (str-replace abc "b" "X"))"#, r#"SYMBOL"#),
            (r#"(str-index "" "")"#, r#"1"#),
            (r#"(sub-string 1 0 "abc")"#, r#""""#),
            (r#"(sub-string 0 0 "abc")"#, r#""""#),
            (r#"(sub-string -5 -1 "abc")"#, r#""""#),
            (r#"(sub-string 3 3 "abc")"#, r#""c""#),
            (r#"(sub-string 1 3 "")"#, r#""""#),
            (r#"(str-length "a\"b")"#, r#"3"#),
            (
                r#"(str-cat 1 (create$))"#,
                r#"ERR [ARGACCES2] Function 'str-cat' expected argument #2 to be of type integer, float, symbol, string, or instance name."#,
            ),
            (r#"(str-cat "" "")"#, r#""""#),
            (r#"(sym-cat " a")"#, r#" a"#),
            (r#"(str-compare "abc" "ab")"#, r#"1"#),
            (r#"(str-compare "" "")"#, r#"0"#),
            (
                r#"(str-compare "a" "b" 1.0)"#,
                r#"ERR [ARGACCES2] Function 'str-compare' expected argument #3 to be of type integer."#,
            ),
            (r#"(lowcase "ÀB")"#, r#""Àb""#),
            (r#"(str-byte-length "héllo")"#, r#"6"#),
            (r#"(str-byte-length héllo)"#, r#"6"#),
            (r#"(type (upcase abc))"#, r#"SYMBOL"#),
            (r#"(type (lowcase "ABC"))"#, r#"STRING"#),
            (r#"(str-compare abc "a b c" 1)"#, r#"0"#),
            (
                r#"(sub-string 1 9 "日本語テキスト")"#,
                r#""日本語テキスト""#,
            ),
            (r#"(str-index "zz" "")"#, r#"FALSE"#),
            (r#"(sub-string 0 10 "a b c")"#, r#""a b c""#),
            (r#"(sub-string 0 0 "")"#, r#""""#),
            (r#"(sub-string -2 7 "")"#, r#""""#),
            (r#"(str-index "lo" "日本語テキスト")"#, r#"FALSE"#),
            (r#"(str-index "ö" "日本語テキスト")"#, r#"FALSE"#),
            (r#"(sub-string -2 3 abc)"#, r#""abc""#),
            (r#"(str-index "ö" "ABC def")"#, r#"FALSE"#),
            (r#"(str-compare "" abc)"#, r#"-1"#),
            (r#"(str-index "c" "日本語テキスト")"#, r#"FALSE"#),
            (r#"(str-index "c" abc)"#, r#"3"#),
            (r#"(str-compare "日本語テキスト" "aXbXc")"#, r#"1"#),
            (r#"(sub-string -1 10 "aXbXc")"#, r#""aXbXc""#),
            (r#"(str-index "c" "a b c")"#, r#"5"#),
            (r#"(sub-string -2 2 "héllo wörld")"#, r#""hé""#),
            (r#"(str-compare "abcdef" "aXbXc")"#, r#"1"#),
            (r#"(str-index "c" "aXbXc")"#, r#"5"#),
            (r#"(sub-string 6 -2 "abcdef")"#, r#""""#),
            (r#"(str-compare "a b c" "日本語テキスト" 2)"#, r#"-1"#),
            (r#"(str-index "語" "héllo wörld")"#, r#"FALSE"#),
            (r#"(sub-string 1 -1 "abcdef")"#, r#""""#),
            (r#"(sub-string -3 5 "x")"#, r#""x""#),
            (r#"(sub-string 3 0 "héllo wörld")"#, r#""""#),
            (r#"(sub-string 2 8 "a b c")"#, r#"" b c""#),
            (r#"(str-compare "héllo wörld" "日本語テキスト" 1)"#, r#"-1"#),
            (r#"(str-compare "x" abc -1)"#, r#"1"#),
            (r#"(sub-string -1 1 "abcdef")"#, r#""a""#),
            (r#"(str-cat abc)"#, r#""abc""#),
            (r#"(str-compare "" "abcdef" 1)"#, r#"-1"#),
            (r#"(sub-string 5 0 abc)"#, r#""""#),
            (r#"(sub-string 4 6 "x")"#, r#""""#),
            (r#"(str-compare "abcdef" "aXbXc" 0)"#, r#"0"#),
            (r#"(str-compare "x" "日本語テキスト" -1)"#, r#"-1"#),
            (r#"(sub-string 7 9 "ABC def")"#, r#""f""#),
            (r#"(sub-string -2 1 "abcdef")"#, r#""a""#),
            (r#"(str-compare "abcdef" "日本語テキスト" -1)"#, r#"-1"#),
            (r#"(sub-string -3 2 "")"#, r#""""#),
            (r#"(str-compare "aXbXc" "abcdef" 0)"#, r#"0"#),
            (r#"(sub-string 9 10 abc)"#, r#""""#),
            (r#"(sub-string 8 2 "ABC def")"#, r#""""#),
            (r#"(str-compare "x" "a b c" 100)"#, r#"1"#),
            (r#"(sub-string 7 0 "日本語テキスト")"#, r#""""#),
            (r#"(lowcase "日本語テキスト")"#, r#""日本語テキスト""#),
            (r#"(str-cat "x")"#, r#""x""#),
            (r#"(str-compare "日本語テキスト" "x" -1)"#, r#"1"#),
            (r#"(str-compare "abcdef" "" 2)"#, r#"1"#),
            (r#"(sub-string 0 -1 "")"#, r#""""#),
            (r#"(str-compare "ABC def" "" 2)"#, r#"1"#),
            (r#"(sub-string -2 5 "héllo wörld")"#, r#""héllo""#),
            (r#"(sub-string 1 10 "abcdef")"#, r#""abcdef""#),
            (r#"(str-compare abc "aXbXc" 2)"#, r#"1"#),
            (r#"(str-index "b" "日本語テキスト")"#, r#"FALSE"#),
            (r#"(str-index "c" "")"#, r#"FALSE"#),
            (r#"(str-index "zz" "aXbXc")"#, r#"FALSE"#),
            (r#"(string-to-field "aXbXc")"#, r#"aXbXc"#),
            (r#"(sub-string 6 -2 "")"#, r#""""#),
            (r#"(sub-string 6 -3 "")"#, r#""""#),
            (r#"(sub-string 6 1 "aXbXc")"#, r#""""#),
            (r#"(str-compare "ABC def" "a b c")"#, r#"-1"#),
            (r#"(str-index "zz" "a b c")"#, r#"FALSE"#),
            (r#"(str-compare "日本語テキスト" "" 3)"#, r#"1"#),
            (r#"(str-index "lo" "aXbXc")"#, r#"FALSE"#),
            (r#"(sub-string 3 10 "héllo wörld")"#, r#""llo wörl""#),
            (r#"(str-index "zz" "日本語テキスト")"#, r#"FALSE"#),
            (r#"(string-to-field "a b c")"#, r#"a"#),
            (r#"(sub-string -2 -1 abc)"#, r#""""#),
            (r#"(str-compare "ABC def" "a b c" -1)"#, r#"-1"#),
            (r#"(str-compare "" "aXbXc")"#, r#"-1"#),
            (r#"(sub-string 0 3 abc)"#, r#""abc""#),
            (r#"(sub-string -3 5 abc)"#, r#""abc""#),
            (r#"(sub-string 9 2 "héllo wörld")"#, r#""""#),
            (r#"(str-compare "日本語テキスト" "abcdef")"#, r#"1"#),
            (r#"(str-compare "abcdef" "héllo wörld" -1)"#, r#"-1"#),
            (r#"(str-byte-length abc)"#, r#"3"#),
            (r#"(str-compare abc "héllo wörld" -1)"#, r#"-1"#),
            (r#"(sym-cat "héllo wörld")"#, r#"héllo wörld"#),
            (r#"(sub-string 3 4 "héllo wörld")"#, r#""ll""#),
            (r#"(str-index "X" abc)"#, r#"FALSE"#),
            (r#"(str-compare "héllo wörld" "" 100)"#, r#"1"#),
            (r#"(str-index "b" "ABC def")"#, r#"FALSE"#),
            (r#"(sub-string 4 -1 "x")"#, r#""""#),
            (r#"(str-index " " "aXbXc")"#, r#"FALSE"#),
            (r#"(str-index "ö" "abcdef")"#, r#"FALSE"#),
            (r#"(str-compare "aXbXc" "ABC def" -1)"#, r#"1"#),
            (r#"(str-byte-length "aXbXc")"#, r#"5"#),
            (r#"(str-compare "héllo wörld" "日本語テキスト" 0)"#, r#"0"#),
            (r#"(sub-string 3 -3 "")"#, r#""""#),
            (r#"(string-to-field ";comment\n a")"#, r#"EOF"#),
            (r#"(str-compare "abcdef" "abcdef" 3)"#, r#"0"#),
            (r#"(str-compare "abcdef" "aXbXc" -1)"#, r#"1"#),
            (r#"(str-compare "abcdef" "ABC def" -1)"#, r#"1"#),
            (r#"(str-index "lo" abc)"#, r#"FALSE"#),
            (r#"(sub-string -2 4 "héllo wörld")"#, r#""héll""#),
            (r#"(sub-string 1 7 "héllo wörld")"#, r#""héllo w""#),
            (r#"(str-index "c" "héllo wörld")"#, r#"FALSE"#),
            (r#"(str-index "X" "aXbXc")"#, r#"2"#),
            (r#"(str-index "ö" "aXbXc")"#, r#"FALSE"#),
            (r#"(sub-string 10 0 "abcdef")"#, r#""""#),
            (r#"(str-compare "x" "a b c" 1)"#, r#"1"#),
            (r#"(str-index "zz" "héllo wörld")"#, r#"FALSE"#),
            (r#"(sub-string 3 8 abc)"#, r#""c""#),
            (r#"(sub-string 1 0 "x")"#, r#""""#),
            (r#"(sub-string 1 -1 "ABC def")"#, r#""""#),
            (r#"(sub-string -1 6 "aXbXc")"#, r#""aXbXc""#),
            (r#"(sym-cat "a b c")"#, r#"a b c"#),
            (r#"(sub-string 3 7 "héllo wörld")"#, r#""llo w""#),
            (r#"(str-compare "x" "x" 0)"#, r#"0"#),
            (r#"(str-compare "日本語テキスト" "abcdef" -1)"#, r#"1"#),
            (r#"(string-to-field "abcdef")"#, r#"abcdef"#),
            (r#"(sub-string -3 6 "x")"#, r#""x""#),
            (r#"(sub-string 5 5 "aXbXc")"#, r#""c""#),
            (r#"(sub-string 1 0 "")"#, r#""""#),
            (r#"(sub-string 9 0 "")"#, r#""""#),
            (r#"(lowcase "abcdef")"#, r#""abcdef""#),
            (r#"(sub-string 9 -3 "héllo wörld")"#, r#""""#),
            (r#"(str-index "" "x")"#, r#"1"#),
            (r#"(sub-string 9 -2 "")"#, r#""""#),
            (r#"(sub-string -2 7 "ABC def")"#, r#""ABC def""#),
            (r#"(str-index "" "ABC def")"#, r#"1"#),
            (r#"(sub-string 5 6 "日本語テキスト")"#, r#""キス""#),
            (r#"(str-index "zz" abc)"#, r#"FALSE"#),
            (r#"(str-compare "héllo wörld" abc 2)"#, r#"1"#),
            (r#"(sub-string 10 1 "ABC def")"#, r#""""#),
            (r#"(str-index "X" "abcdef")"#, r#"FALSE"#),
            (r#"(sub-string 4 2 "héllo wörld")"#, r#""""#),
            (r#"(str-compare "ABC def" "日本語テキスト" -1)"#, r#"-1"#),
            (r#"(string-to-field "x")"#, r#"x"#),
            (r#"(str-byte-length "ABC def")"#, r#"7"#),
            (r#"(str-index "b" "aXbXc")"#, r#"3"#),
            (r#"(sub-string -1 -2 "a b c")"#, r#""""#),
            (r#"(str-index "語" "日本語テキスト")"#, r#"3"#),
            (r#"(upcase "aXbXc")"#, r#""AXBXC""#),
            (r#"(sub-string 4 -2 abc)"#, r#""""#),
            (r#"(str-index " " "")"#, r#"FALSE"#),
            (r#"(sub-string 4 1 abc)"#, r#""""#),
            (r#"(str-index "X" "x")"#, r#"FALSE"#),
            (r#"(sub-string 10 -3 abc)"#, r#""""#),
            (r#"(sub-string 5 2 "x")"#, r#""""#),
            (r#"(sub-string 7 8 "abcdef")"#, r#""""#),
            (r#"(str-compare "x" "ABC def" 3)"#, r#"1"#),
            (r#"(sub-string 0 4 "héllo wörld")"#, r#""héll""#),
            (r#"(sub-string 5 -1 abc)"#, r#""""#),
            (r#"(str-index "X" "")"#, r#"FALSE"#),
            (r#"(sub-string -3 6 "abcdef")"#, r#""abcdef""#),
            (r#"(sub-string 10 3 "héllo wörld")"#, r#""""#),
            (r#"(str-index " " "日本語テキスト")"#, r#"FALSE"#),
            (r#"(sub-string 8 0 "a b c")"#, r#""""#),
            (r#"(string-to-field "?x $?y ?*g* ?")"#, r#"?x"#),
            (r#"(str-index "zz" "ABC def")"#, r#"FALSE"#),
            (r#"(sub-string 1 -2 "a b c")"#, r#""""#),
            (r#"(str-byte-length "")"#, r#"0"#),
            (r#"(sub-string 1 4 abc)"#, r#""abc""#),
            (r#"(sub-string 0 2 "aXbXc")"#, r#""aX""#),
            (r#"(str-compare "héllo wörld" "x")"#, r#"-1"#),
            (r#"(str-compare "" "日本語テキスト" 3)"#, r#"-1"#),
            (r#"(str-compare "x" "aXbXc")"#, r#"1"#),
            (r#"(str-compare "a b c" "ABC def")"#, r#"1"#),
            (r#"(sym-cat "abcdef")"#, r#"abcdef"#),
            (r#"(str-compare "a b c" "héllo wörld" 100)"#, r#"-1"#),
            (r#"(sub-string -2 4 "aXbXc")"#, r#""aXbX""#),
            (r#"(sub-string 3 10 "ABC def")"#, r#""C def""#),
            (r#"(sub-string 6 3 "abcdef")"#, r#""""#),
            (r#"(sub-string 9 -2 abc)"#, r#""""#),
            (r#"(sub-string -2 -3 "")"#, r#""""#),
            (r#"(sub-string 0 3 "")"#, r#""""#),
            (r#"(sub-string -2 3 "x")"#, r#""x""#),
            (r#"(sub-string 5 6 "ABC def")"#, r#""de""#),
            (r#"(sub-string 6 2 abc)"#, r#""""#),
            (r#"(str-index "" "a b c")"#, r#"1"#),
            (r#"(str-compare "x" abc 2)"#, r#"1"#),
            (r#"(lowcase "héllo wörld")"#, r#""héllo wörld""#),
            (r#"(sub-string 8 -3 abc)"#, r#""""#),
            (r#"(str-compare "日本語テキスト" "aXbXc" -1)"#, r#"1"#),
            (r#"(sub-string 6 6 "x")"#, r#""""#),
            (r#"(str-compare "a b c" abc 0)"#, r#"0"#),
            (r#"(str-index "c" "ABC def")"#, r#"FALSE"#),
            (r#"(string-to-field "&|~<>")"#, r#"&"#),
            (r#"(str-index "lo" "héllo wörld")"#, r#"4"#),
            (r#"(string-to-field "ABC def")"#, r#"ABC"#),
            (r#"(str-index "語" "ABC def")"#, r#"FALSE"#),
            (r#"(str-compare "日本語テキスト" abc 2)"#, r#"1"#),
            (r#"(str-index "zz" "x")"#, r#"FALSE"#),
            (r#"(sub-string 0 -3 "héllo wörld")"#, r#""""#),
            (r#"(str-compare "x" "x")"#, r#"0"#),
            (r#"(str-index "b" abc)"#, r#"2"#),
            (r#"(sub-string 4 4 "")"#, r#""""#),
            (r#"(sub-string -3 1 "日本語テキスト")"#, r#""日""#),
        ]);
    }
}
