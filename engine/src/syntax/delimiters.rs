//! Where CLIPS's scanner (`scanner.c`, `GetToken`) ends a token: the rules the
//! source reader (`grammar.pest`), `read` and `explode$` share.
//!
//! - A symbol, a number or a variable's name runs until one of `<`, `"`, `(`, `)`,
//!   `&`, `|`, `~`, `;`, a space, or an ASCII character that is not printable (a
//!   tab, a line end, any other control character). Bytes of non-ASCII characters
//!   belong to the token.
//! - `<` ends a token but may start one: `ab<cd` is `ab` and `<cd`, `a<<b` is `a`,
//!   `<` and `<b`, while `<=` and `<-x` are one token each.
//! - `?` and `$?` start a variable only when a letter, a non-ASCII character or `*`
//!   follows; otherwise they are the wildcard alone and the next character starts
//!   the next token: `?1` is `?` and `1`, `$?-x` is `$?` and `-x`.
//!
//! The source reader's grammar spells the same rules in pest (`token`), except
//! that it lets control characters other than blanks be part of a token where
//! CLIPS reports them as unprintable.

/// Whether CLIPS's scanner ends a symbol, number or variable name before `c`.
pub fn ends_token(c: char) -> bool {
    matches!(c, '<' | '"' | '(' | ')' | '&' | '|' | '~' | ' ' | ';') || c.is_ascii_control()
}

/// Whether a variable's name may start with `c` (after `?` or `$?`): a letter, a
/// non-ASCII character, or the `*` of a global.
pub fn starts_name(c: char) -> bool {
    c.is_ascii_alphabetic() || !c.is_ascii() || c == '*'
}

/// The length in bytes of the token at the start of `text`, which starts with a
/// character that may start a token (not a blank, `;`, `"`, a parenthesis or a
/// connective): a variable or wildcard, or a symbol or number, the first character
/// and then everything up to the next delimiter. `0` for an empty text.
pub fn token_len(text: &str) -> usize {
    let prefix = if text.starts_with("$?") {
        2
    } else if text.starts_with('?') {
        1
    } else {
        return text.chars().next().map_or(0, |first| {
            first.len_utf8() + rest_len(&text[first.len_utf8()..])
        });
    };
    let name = &text[prefix..];
    match name.chars().next() {
        Some(c) if starts_name(c) => prefix + c.len_utf8() + rest_len(&name[c.len_utf8()..]),
        _ => prefix,
    }
}

/// The length of the leading run of `text` that holds no delimiter.
fn rest_len(text: &str) -> usize {
    text.find(ends_token).unwrap_or(text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tokens of `text` split where [`token_len`] ends them (blanks between).
    fn split(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        let mut rest = text.trim_start();
        while !rest.is_empty() {
            let len = token_len(rest).max(1);
            out.push(&rest[..len]);
            rest = rest[len..].trim_start();
        }
        out
    }

    #[test]
    fn tokens_end_where_clips_ends_them() {
        // (explode$ "ab<cd a<<b <= << <-x ?x<y ?1 $?1 ?-x $x $<a 12<3 1e5<x ?_x ?*g*<a")
        // in CLIPS 6.41: (ab <cd a < <b <= < < <-x ?x <y ? 1 $? 1 ? -x $x $ <a 12 <3
        // 100000.0 <x ? _x ?*g* <a)
        assert_eq!(
            split("ab<cd a<<b <= << <-x ?x<y ?1 $?1 ?-x $x $<a 12<3 1e5<x ?_x ?*g*<a"),
            [
                "ab", "<cd", "a", "<", "<b", "<=", "<", "<", "<-x", "?x", "<y", "?", "1", "$?",
                "1", "?", "-x", "$x", "$", "<a", "12", "<3", "1e5", "<x", "?", "_x", "?*g*", "<a"
            ]
        );
        assert_eq!(
            split("é<à ?é a\tb a\u{1}b"),
            ["é", "<à", "?é", "a", "b", "a", "\u{1}b"]
        );
        assert_eq!(token_len(""), 0);
        assert_eq!(token_len("?"), 1);
        assert_eq!(token_len("$?"), 2);
    }
}
