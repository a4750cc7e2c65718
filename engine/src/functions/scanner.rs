//! The run-time field scanner behind `string-to-field` and `explode$`: CLIPS's
//! scanner reading a string as a sequence of primitive fields.
//!
//! Tokens end where the source reader ends them
//! ([`crate::syntax::delimiters`]). Unlike the
//! source reader, nothing here is an error: `(` and `)` become symbols, variables
//! such as `?x` become symbols, a control character starting a token becomes the
//! symbol CLIPS makes of it, an unterminated string becomes a string holding the
//! rest of the text, and an integer too large for 64 bits is clamped. The last two
//! print a CLIPS message, returned here as a diagnostic.

use crate::syntax::delimiters::token_len;
use crate::syntax::sexpr::{parse_number, Token};
use crate::value::{atom, Value};

/// CLIPS's message for a string that runs off the end of the text.
pub const UNTERMINATED_STRING: &str = "[SCANNER1] Encountered End-Of-File while scanning a string";
/// CLIPS's message for an integer literal outside the 64-bit range.
pub const INTEGER_OVERFLOW: &str = "[SCANNER1] WARNING: Over or underflow of long long integer.";

/// What CLIPS's scanner makes of a control character where a token starts: a
/// token printed so, read one character at a time.
const UNPRINTABLE: &str = "<<<unprintable character>>>";

/// The characters CLIPS's scanner skips between tokens (not vertical tab).
fn is_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0C')
}

/// Reads the field starting at or after byte `pos` of `text`. Returns the field and
/// the offset just past it, or `None` at the end of the text; messages CLIPS would
/// print go to `diagnostics`.
pub fn next_field(
    text: &str,
    mut pos: usize,
    diagnostics: &mut Vec<String>,
) -> Option<(Value, usize)> {
    // Skip blanks and `;` comments.
    loop {
        let c = text.get(pos..)?.chars().next()?;
        if is_blank(c) {
            pos += c.len_utf8();
        } else if c == ';' {
            pos = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
        } else {
            break;
        }
    }
    let rest = &text[pos..];
    let first = rest.chars().next()?;
    match first {
        '"' => {
            let mut body = String::new();
            let mut chars = rest[1..].char_indices();
            while let Some((i, c)) = chars.next() {
                match c {
                    '"' => return Some((Value::String(atom(&body)), pos + 1 + i + 1)),
                    '\\' => {
                        if let Some((_, escaped)) = chars.next() {
                            body.push(escaped);
                        }
                    }
                    _ => body.push(c),
                }
            }
            diagnostics.push(UNTERMINATED_STRING.to_string());
            Some((Value::String(atom(&body)), text.len()))
        }
        '(' | ')' | '&' | '|' | '~' => Some((
            Value::Symbol(atom(&rest[..first.len_utf8()])),
            pos + first.len_utf8(),
        )),
        _ if first.is_ascii_control() => Some((Value::Symbol(atom(UNPRINTABLE)), pos + 1)),
        _ => {
            let len = token_len(rest);
            let word = &rest[..len];
            Some((classify_word(word, diagnostics), pos + len))
        }
    }
}

/// A run of non-delimiter characters as CLIPS reads it: a number, an instance
/// name (`[x]`) or a symbol.
fn classify_word(word: &str, diagnostics: &mut Vec<String>) -> Value {
    let digits = word.strip_prefix(['+', '-']).unwrap_or(word);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return Value::Integer(match word.parse::<i64>() {
            Ok(i) => i,
            Err(_) => {
                diagnostics.push(INTEGER_OVERFLOW.to_string());
                if word.starts_with('-') {
                    i64::MIN
                } else {
                    i64::MAX
                }
            }
        });
    }
    match parse_number(word) {
        Some(Token::Integer(i)) => Value::Integer(i),
        Some(Token::Float(f)) => Value::Float(f),
        _ => Value::instance_name(word).unwrap_or_else(|| Value::Symbol(atom(word))),
    }
}

/// Every field of `text`, in order.
pub fn all_fields(text: &str, diagnostics: &mut Vec<String>) -> Vec<Value> {
    let mut fields = Vec::new();
    let mut pos = 0;
    while let Some((field, next)) = next_field(text, pos, diagnostics) {
        fields.push(field);
        pos = next;
    }
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(text: &str) -> Vec<String> {
        let mut d = Vec::new();
        all_fields(text, &mut d)
            .iter()
            .map(|v| format!("{}:{}", v.type_name(), v.display()))
            .collect()
    }

    #[test]
    fn delimiters_as_clips_scans_them() {
        // (explode$ "a<b c&d e~f <-x |g (h) \"s t\" 1 2.5 ?x $?y ;c") in CLIPS 6.4:
        // (a <b c & d e ~ f <-x | g ( h ) "s t" 1 2.5 ?x $?y)
        assert_eq!(
            fields("a<b c&d e~f <-x |g (h) \"s t\" 1 2.5 ?x $?y ;c").join(" "),
            "SYMBOL:a SYMBOL:<b SYMBOL:c SYMBOL:& SYMBOL:d SYMBOL:e SYMBOL:~ SYMBOL:f \
             SYMBOL:<-x SYMBOL:| SYMBOL:g SYMBOL:( SYMBOL:h SYMBOL:) STRING:s t \
             INTEGER:1 FLOAT:2.5 SYMBOL:?x SYMBOL:$?y"
        );
        assert!(fields("  ; only a comment").is_empty());
        // (explode$ "?1 $?-x a\001b \001 c\013d") in CLIPS 6.41:
        // (? 1 $? -x a <<<unprintable character>>> b <<<unprintable character>>> c
        // <<<unprintable character>>> d)
        assert_eq!(
            fields("?1 $?-x a\u{1}b \u{1} c\u{B}d").join(" "),
            "SYMBOL:? INTEGER:1 SYMBOL:$? SYMBOL:-x SYMBOL:a SYMBOL:<<<unprintable character>>> \
             SYMBOL:b SYMBOL:<<<unprintable character>>> SYMBOL:c \
             SYMBOL:<<<unprintable character>>> SYMBOL:d"
        );
        assert_eq!(fields("é;x\nb"), vec!["SYMBOL:é", "SYMBOL:b"]);
    }

    #[test]
    fn unterminated_strings_and_huge_integers() {
        let mut d = Vec::new();
        let f = all_fields("a \"rest \\\" of", &mut d);
        assert_eq!(f[1], Value::string("rest \" of"));
        assert_eq!(d, vec![UNTERMINATED_STRING.to_string()]);
        d.clear();
        assert_eq!(
            all_fields("-99999999999999999999", &mut d),
            vec![Value::Integer(i64::MIN)]
        );
        assert_eq!(d, vec![INTEGER_OVERFLOW.to_string()]);
    }
}
