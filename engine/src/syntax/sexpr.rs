//! The reader: source text to s-expressions with spans, using the pest grammar.

use super::diagnostic::Diagnostic;
use super::span::Span;
use crate::value::{atom, Atom};
use pest::iterators::Pair;
use pest::Parser as _;

#[derive(pest_derive::Parser)]
#[grammar = "syntax/grammar.pest"]
struct Reader;

/// The deepest list nesting the reader accepts; deeper input is an error, not a stack overflow.
pub const MAX_NESTING: usize = 400;

/// One atom of CLIPS source.
#[derive(Clone, Debug, PartialEq)]
pub enum Token {
    /// A symbol such as `foo`, `=>` or `deftemplate`.
    Symbol(Atom),
    /// A string literal, unescaped.
    String(Atom),
    /// An integer literal.
    Integer(i64),
    /// A float literal.
    Float(f64),
    /// A single-field variable `?x` (the name without `?`).
    SfVar(Atom),
    /// A multifield variable `$?x` (the name without `$?`).
    MfVar(Atom),
    /// The single-field wildcard `?`.
    SfWildcard,
    /// The multifield wildcard `$?`.
    MfWildcard,
    /// A global variable `?*x*` (the name without `?*` and `*`).
    Global(Atom),
    /// The `&` connective.
    Amp,
    /// The `|` connective.
    Bar,
    /// The `~` connective.
    Tilde,
    /// The `<-` of a pattern binding.
    Arrow,
}

/// A node of the s-expression tree.
#[derive(Clone, Debug, PartialEq)]
pub enum SExprKind {
    /// A parenthesised list.
    List(Vec<SExpr>),
    /// A single token.
    Token(Token),
}

/// An s-expression and the span it was read from.
#[derive(Clone, Debug, PartialEq)]
pub struct SExpr {
    /// The node.
    pub kind: SExprKind,
    /// Where it is in the source.
    pub span: Span,
}

impl SExpr {
    /// The items of a list, or `None` for a token.
    pub fn as_list(&self) -> Option<&[SExpr]> {
        match &self.kind {
            SExprKind::List(items) => Some(items),
            SExprKind::Token(_) => None,
        }
    }

    /// The token, or `None` for a list.
    pub fn as_token(&self) -> Option<&Token> {
        match &self.kind {
            SExprKind::Token(t) => Some(t),
            SExprKind::List(_) => None,
        }
    }

    /// The name of a symbol token.
    pub fn as_symbol(&self) -> Option<Atom> {
        match &self.kind {
            SExprKind::Token(Token::Symbol(s)) => Some(*s),
            _ => None,
        }
    }

    /// Whether this is the symbol `name`.
    pub fn is_symbol(&self, name: &str) -> bool {
        self.as_symbol().is_some_and(|s| s.as_str() == name)
    }

    /// The head symbol of a list such as `(deftemplate ...)`.
    pub fn head(&self) -> Option<Atom> {
        self.as_list()?.first()?.as_symbol()
    }
}

/// Reads every item of `text`. Spans are byte offsets into `text`.
pub fn read_all(text: &str) -> Result<Vec<SExpr>, Diagnostic> {
    let mut items = Vec::new();
    read_each(text, |item| items.push(item))?;
    Ok(items)
}

/// Reads the items of `text` one at a time, handing each to `each` as soon as it is
/// read. Spans are byte offsets into `text`. Reading item by item, the reader never
/// holds the whole file: pest's token queue covers one item, and a caller that
/// drops each item once it is done with it holds one syntax tree at a time (loading
/// `rules_1000` held both for the whole file at once). On an error the items before
/// it have been handed over; an unbalanced parenthesis or unterminated string
/// anywhere is found before any item is read.
pub fn read_each(text: &str, mut each: impl FnMut(SExpr)) -> Result<(), Diagnostic> {
    check_nesting(text, 0, Extent::Whole)?;
    let mut at = 0;
    loop {
        at += skip_blanks(&text[at..]);
        if at >= text.len() {
            return Ok(());
        }
        let (item, end) = read_item_at(text, at, true)?;
        at = end;
        each(item);
    }
}

/// What [`read_next`] finds at the start of a text of commands.
#[derive(Debug, PartialEq)]
pub enum Next {
    /// An item, and the byte offset just after it.
    Item(SExpr, usize),
    /// A `)` where an item should start, at this byte offset. CLIPS reports it
    /// (`[COMMLINE1] Expected a '(', constant, or variable`) and reads on.
    StrayClose(usize),
    /// Only blanks and comments are left.
    End,
}

/// Reads the first item of `text` at or after byte `from`, as the command loop of
/// batch and the prompt do; spans and offsets are relative to the whole of `text`.
/// Only that item is checked: an unterminated string, an unclosed `(` or nesting
/// deeper than [`MAX_NESTING`] inside it is an error at its own position, and
/// whatever follows it is left for the next call, so reading a text command by
/// command is linear in its length.
pub fn read_next(text: &str, from: usize) -> Result<Next, Diagnostic> {
    let at = from + skip_blanks(&text[from..]);
    match text.as_bytes().get(at) {
        None => Ok(Next::End),
        Some(b')') => Ok(Next::StrayClose(at)),
        Some(_) => {
            let (item, end) = read_item_at(text, at, true)?;
            Ok(Next::Item(item, end))
        }
    }
}

/// Reads the first item of `text`, returning it and the byte offset just after it,
/// or `None` if `text` holds only blanks and comments. A `)` where the item should
/// start is an error. Like [`read_next`], looks no further than that item.
pub fn read_one(text: &str) -> Result<Option<(SExpr, usize)>, Diagnostic> {
    match read_next(text, 0)? {
        Next::Item(item, end) => Ok(Some((item, end))),
        Next::StrayClose(at) => Err(unexpected_close(at)),
        Next::End => Ok(None),
    }
}

/// Reads the first item of `text` as far as the text goes, for showing a construct
/// whose reading stopped part-way (CLIPS's `ERROR:` echo): lists still open at the
/// end of the text are closed there, a `)` closing nothing ends the reading, and an
/// unterminated string ends the text before it. Returns the item and, when lists
/// were left open, the start of the innermost one; `None` if the text holds no item.
pub fn read_prefix(text: &str) -> Option<(SExpr, Option<usize>)> {
    let at = skip_blanks(text);
    if text.as_bytes().get(at) != Some(&b'(') {
        let (item, _) = read_lone_item(text, at).ok()?;
        return Some((item, None));
    }
    let mut end = text.len();
    let lexemes = loop {
        match Reader::parse(Rule::list_lexemes, &text[at..end]) {
            Ok(pairs) => break pairs,
            Err(e) => {
                let stop = match e.location {
                    pest::error::InputLocation::Pos(p) => p,
                    pest::error::InputLocation::Span((s, _)) => s,
                };
                // Reading stops where the lexer does: no lexeme starts there.
                if at + stop >= end {
                    return None;
                }
                end = at + stop;
            }
        }
    };
    let mut lists = OpenLists::default();
    let mut gap_start = at;
    let lexemes = lexemes.into_iter().next()?.into_inner();
    for lexeme in lexemes {
        if lexeme.as_rule() == Rule::EOI {
            continue;
        }
        let span = lexeme.as_span();
        if !lists.read_gap_tolerantly(text, gap_start, at + span.start()) {
            return lists.finish();
        }
        gap_start = at + span.end();
        lists.items.push(lexeme_item(lexeme, at));
    }
    lists.read_gap_tolerantly(text, gap_start, end);
    lists.finish()
}

/// Reads the item starting at byte `at` of `text`, returning it and the byte
/// offset just after it. A list's nesting is checked first (and its end found); a
/// list longer than [`READ_WHOLE_UP_TO`] is read item by item when `split_long`.
fn read_item_at(text: &str, at: usize, split_long: bool) -> Result<(SExpr, usize), Diagnostic> {
    if text.as_bytes().get(at) != Some(&b'(') {
        return read_lone_item(text, at);
    }
    let end = check_nesting(text, at, Extent::FirstItem)?;
    if split_long && end - at > READ_WHOLE_UP_TO {
        return read_long_list(text, at, end);
    }
    Ok((read_whole_list(text, at, end)?, end))
}

/// Reads the list from byte `at` to `end` of `text` (its parentheses balanced, as
/// checked) with one parse of its lexemes.
fn read_whole_list(text: &str, at: usize, end: usize) -> Result<SExpr, Diagnostic> {
    let pairs = Reader::parse(Rule::list_lexemes, &text[at..end])
        .map_err(|e| pest_error(&text[at..end], at, e))?;
    let lexemes = pairs.into_iter().next().map(Pair::into_inner);
    nest(text, at, end, lexemes.into_iter().flatten())
}

/// The longest list (in bytes) whose lexemes pest reads in one go. Pest holds two
/// queue entries per lexeme until the parse ends, in a vector that grows by copying:
/// Waltz's 140 KB `deffacts` made a queue of megabytes, copied as it grew, a twentieth
/// of the run's cache misses. A longer list is read item by item instead.
const READ_WHOLE_UP_TO: usize = 8 * 1024;

/// Reads the list from byte `at` to `end` of `text` (its parentheses balanced, as
/// checked) one item at a time, each list among them in one parse however long it
/// is: splitting them again would have each nesting level scan its extent for the
/// ends of its items once more.
fn read_long_list(text: &str, at: usize, end: usize) -> Result<(SExpr, usize), Diagnostic> {
    let mut items = Vec::new();
    let mut next = at + 1;
    loop {
        next += skip_blanks(&text[next..end]);
        if next + 1 >= end {
            let kind = SExprKind::List(items);
            return Ok((
                SExpr {
                    kind,
                    span: Span::new(at, end),
                },
                end,
            ));
        }
        let (item, after) = read_item_at(text, next, false)?;
        items.push(item);
        next = after;
    }
}

/// Reads the token, string or connective at byte `at` of `text`.
fn read_lone_item(text: &str, at: usize) -> Result<(SExpr, usize), Diagnostic> {
    let pairs =
        Reader::parse(Rule::lone_item, &text[at..]).map_err(|e| pest_error(&text[at..], at, e))?;
    let lexeme = pairs.into_iter().next().and_then(|p| p.into_inner().next());
    let item = lexeme.map(|l| lexeme_item(l, at)).ok_or_else(|| {
        Diagnostic::new(Span::new(at, at + 1), "syntax error")
            .with_label("expected a list, a string or a token")
    })?;
    let end = item.span.end;
    Ok((item, end))
}

/// Nests the lexemes of the list from byte `at` to `end` of `text` (its parentheses
/// balanced, as checked) into an s-expression. The parentheses are not lexemes: they
/// are in the gaps between lexemes, which hold only them, blanks and comments. The
/// items of the lists still open wait on one stack, and a list takes its own off
/// when it closes, into a vector of exactly their number.
fn nest<'i>(
    text: &str,
    at: usize,
    end: usize,
    lexemes: impl Iterator<Item = Pair<'i, Rule>>,
) -> Result<SExpr, Diagnostic> {
    let mut lists = OpenLists::default();
    let mut gap_start = at;
    for lexeme in lexemes {
        if lexeme.as_rule() == Rule::EOI {
            continue;
        }
        let span = lexeme.as_span();
        lists.read_gap(text, gap_start, at + span.start())?;
        gap_start = at + span.end();
        lists.items.push(lexeme_item(lexeme, at));
    }
    lists.read_gap(text, gap_start, end)?;
    match (lists.items.pop(), lists.open.last()) {
        (Some(list), None) if lists.items.is_empty() => Ok(list),
        _ => Err(unclosed(at)),
    }
}

/// The lists [`nest`] has open, and the items read so far.
#[derive(Default)]
struct OpenLists {
    /// The items of the lists still open, innermost last, and the finished items.
    items: Vec<SExpr>,
    /// Each open list: where it starts in the text, and where its items start in
    /// `items`.
    open: Vec<(usize, usize)>,
}

impl OpenLists {
    /// Opens and closes lists at the parentheses between bytes `from` and `to` of
    /// `text`, a gap between lexemes (blanks, comments and parentheses).
    fn read_gap(&mut self, text: &str, from: usize, to: usize) -> Result<(), Diagnostic> {
        let bytes = text.as_bytes();
        let mut i = from;
        while i < to {
            match bytes[i] {
                b'(' => self.open.push((i, self.items.len())),
                b')' => {
                    let Some((start, first)) = self.open.pop() else {
                        return Err(unexpected_close(i));
                    };
                    let list = SExprKind::List(self.items.drain(first..).collect());
                    self.items.push(SExpr {
                        kind: list,
                        span: Span::new(start, i + 1),
                    });
                }
                b';' => i = line_end(bytes, i),
                _ => {}
            }
            i += 1;
        }
        Ok(())
    }
}

impl OpenLists {
    /// As [`OpenLists::read_gap`], but reading stops at a `)` that closes nothing
    /// and once the first list has closed: returns whether it goes on.
    fn read_gap_tolerantly(&mut self, text: &str, from: usize, to: usize) -> bool {
        let bytes = text.as_bytes();
        let mut i = from;
        while i < to {
            let done = !self.items.is_empty() && self.open.is_empty();
            if done || (bytes[i] == b')' && self.open.is_empty()) {
                return false;
            }
            let next = if bytes[i] == b';' {
                line_end(bytes, i)
            } else {
                i
            };
            if self.read_gap(text, i, next + 1).is_err() {
                return false;
            }
            i = next + 1;
        }
        self.items.is_empty() || !self.open.is_empty()
    }

    /// Closes the lists still open (an open list's span ends at `usize::MAX`: no
    /// `)` was read) and returns the first item read and the start of the
    /// innermost list left open.
    fn finish(mut self) -> Option<(SExpr, Option<usize>)> {
        let innermost = self.open.last().map(|&(start, _)| start);
        while let Some((start, first)) = self.open.pop() {
            let list = SExprKind::List(self.items.drain(first..).collect());
            self.items.push(SExpr {
                kind: list,
                span: Span::new(start, usize::MAX),
            });
        }
        let first = self.items.into_iter().next()?;
        Some((first, innermost))
    }
}

/// The s-expression of one lexeme that is not a parenthesis; its span is moved
/// `offset` bytes on.
fn lexeme_item(lexeme: Pair<'_, Rule>, offset: usize) -> SExpr {
    let span = lexeme.as_span();
    let token = match lexeme.as_rule() {
        Rule::string => Token::String(atom(&unescape(lexeme.as_str()))),
        Rule::amp => Token::Amp,
        Rule::bar => Token::Bar,
        Rule::tilde => Token::Tilde,
        _ => classify(lexeme.as_str()),
    };
    SExpr {
        kind: SExprKind::Token(token),
        span: Span::new(span.start(), span.end()).shifted(offset),
    }
}

/// The offset of the first byte of `text` that is not whitespace or inside a comment.
pub fn skip_blanks(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b' ' | b'\t' | b'\r' | b'\n' | 0x0B | 0x0C => i += 1,
            b';' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            _ => break,
        }
    }
    i
}

/// The offset of the first `(` at or after `from` that is followed by a word for
/// which `is_construct` holds (blanks may come between): where CLIPS, having given
/// up on a construct, starts reading again. Strings and comments are skipped, as
/// CLIPS reads token by token; lists are not, so a construct inside an unclosed
/// one is found.
pub fn find_construct_start(
    text: &str,
    from: usize,
    is_construct: impl Fn(&str) -> bool,
) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = from;
    while let Some(&byte) = bytes.get(i) {
        match byte {
            b'"' => {
                i += 1;
                while let Some(&b) = bytes.get(i) {
                    i += if b == b'\\' { 2 } else { 1 };
                    if b == b'"' {
                        break;
                    }
                }
            }
            b';' => {
                while bytes.get(i).is_some_and(|&b| b != b'\n') {
                    i += 1;
                }
            }
            b'(' => {
                let word_start = i + 1 + skip_blanks(text.get(i + 1..)?);
                let rest = text.get(word_start..)?;
                let word_len = rest
                    .find(|c: char| c.is_whitespace() || "()\";".contains(c))
                    .unwrap_or(rest.len());
                if rest.get(..word_len).is_some_and(&is_construct) {
                    return Some(i);
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    None
}

/// How far [`check_nesting`] looks.
#[derive(Clone, Copy, PartialEq)]
enum Extent {
    /// To the end of the text, which must hold only complete items.
    Whole,
    /// To the end of the item that starts where the check starts.
    FirstItem,
}

/// Checks the text from byte `at` to the end of `extent`: rejects input nested
/// deeper than [`MAX_NESTING`], and reports an unterminated string, an unclosed or
/// an unexpected parenthesis at its own position rather than at the end of the
/// file. Returns the offset just after the part checked (for the first item of a
/// text, the end of that item when it is a list).
fn check_nesting(text: &str, at: usize, extent: Extent) -> Result<usize, Diagnostic> {
    let bytes = text.as_bytes();
    let mut open: Vec<usize> = Vec::new();
    let mut i = at;
    while i < bytes.len() {
        match bytes[i] {
            b';' => i = line_end(bytes, i),
            b'"' => i = string_end(bytes, i)?,
            b'(' => {
                open.push(i);
                if open.len() > MAX_NESTING {
                    return Err(Diagnostic::new(
                        Span::new(i, i + 1),
                        format!("lists nested more than {MAX_NESTING} deep"),
                    )
                    .with_label("nesting limit reached here"));
                }
            }
            b')' if open.pop().is_none() => return Err(unexpected_close(i)),
            _ => {}
        }
        i += 1;
        if extent == Extent::FirstItem && open.is_empty() {
            return Ok(i);
        }
    }
    match open.last() {
        Some(&start) => Err(unclosed(start)),
        None => Ok(bytes.len()),
    }
}

/// What the reader says of a `(` at `at` that is never closed.
const UNCLOSED: &str = "unclosed `(`";

/// The error for the `(` at `at`, never closed.
fn unclosed(at: usize) -> Diagnostic {
    Diagnostic::new(Span::new(at, at + 1), UNCLOSED)
        .with_label("expected a matching `)` before the end of the input")
}

/// Whether `d`, a reading error, is a `(` never closed (and not, say, nesting
/// deeper than [`MAX_NESTING`]).
pub fn is_unclosed(d: &Diagnostic) -> bool {
    d.message == UNCLOSED
}

/// The offset of the newline ending the line that byte `at` is on, or the length.
pub(crate) fn line_end(bytes: &[u8], at: usize) -> usize {
    bytes[at..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |nl| at + nl)
}

/// The offset of the `"` closing the string that opens at byte `start`.
fn string_end(bytes: &[u8], start: usize) -> Result<usize, Diagnostic> {
    let mut i = start + 1;
    while i < bytes.len() && bytes[i] != b'"' {
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    if i < bytes.len() {
        Ok(i)
    } else {
        Err(
            Diagnostic::new(Span::new(start, start + 1), "unterminated string")
                .with_label("this string has no closing `\"`"),
        )
    }
}

/// The error for a `)` at byte `at` that closes nothing.
fn unexpected_close(at: usize) -> Diagnostic {
    Diagnostic::new(Span::new(at, at + 1), "unexpected `)`").with_label("no `(` is open here")
}

/// The diagnostic for a pest error in `text`, which starts `offset` bytes into the
/// text the spans refer to.
fn pest_error(text: &str, offset: usize, error: pest::error::Error<Rule>) -> Diagnostic {
    let at = match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let end = (at + 1).min(text.len()).max(at);
    Diagnostic::new(Span::new(at, end).shifted(offset), "syntax error")
        .with_label("expected a list, a string or a token")
}

/// The body of a string literal with its quotes removed and `\x` escapes resolved.
fn unescape(literal: &str) -> String {
    let body = &literal[1..literal.len() - 1];
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Decides what a run of non-delimiter characters is: variable, number or symbol.
pub fn classify(text: &str) -> Token {
    match text {
        "?" => return Token::SfWildcard,
        "$?" => return Token::MfWildcard,
        "<-" => return Token::Arrow,
        _ => {}
    }
    if let Some(name) = text.strip_prefix("?*").and_then(|r| r.strip_suffix('*')) {
        if !name.is_empty() {
            return Token::Global(atom(name));
        }
    }
    if let Some(name) = text.strip_prefix("$?") {
        return Token::MfVar(atom(name));
    }
    if let Some(name) = text.strip_prefix('?') {
        return Token::SfVar(atom(name));
    }
    match parse_number(text) {
        Some(token) => token,
        None => Token::Symbol(atom(text)),
    }
}

/// Parses a CLIPS integer or float literal.
pub fn parse_number(text: &str) -> Option<Token> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let first = digits.chars().next()?;
    if !(first.is_ascii_digit() || first == '.') {
        return None;
    }
    if digits.bytes().all(|b| b.is_ascii_digit()) {
        return match text.parse::<i64>() {
            Ok(i) => Some(Token::Integer(i)),
            Err(_) => text.parse::<f64>().ok().map(Token::Float),
        };
    }
    let valid = {
        let (mantissa, exponent) = match digits.find(['e', 'E']) {
            Some(i) => (&digits[..i], Some(&digits[i + 1..])),
            None => (digits, None),
        };
        let mantissa_ok = {
            let mut parts = mantissa.splitn(2, '.');
            let int = parts.next().unwrap_or("");
            let frac = parts.next().unwrap_or("");
            (!int.is_empty() || !frac.is_empty())
                && int.bytes().all(|b| b.is_ascii_digit())
                && frac.bytes().all(|b| b.is_ascii_digit())
        };
        let exponent_ok = exponent.is_none_or(|e| {
            let e = e.strip_prefix(['+', '-']).unwrap_or(e);
            !e.is_empty() && e.bytes().all(|b| b.is_ascii_digit())
        });
        mantissa_ok && exponent_ok
    };
    if valid {
        text.parse::<f64>().ok().map(Token::Float)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn construct_starts_are_found_outside_strings_and_comments() {
        let is_rule = |w: &str| w == "defrule";
        let text = "(a \"(defrule x\" ; (defrule y\n (b ( defrule z";
        let at = super::find_construct_start(text, 1, is_rule);
        assert_eq!(at.map(|at| &text[at..]), Some("( defrule z"));
        assert_eq!(super::find_construct_start("(defrules)", 0, is_rule), None);
    }

    use super::*;

    #[test]
    fn a_long_list_read_item_by_item_is_the_list_read_whole() {
        let mut text = String::from("  (deffacts big \"a ( string\" ; a ( comment\n");
        for i in 0..2000 {
            text.push_str(&format!("  (f {i} ?x&~y|z \"s)\" (g (h {i}.5)));c\n\t"));
        }
        // A child list longer than the limit itself, read in one parse.
        text.push_str("(nested");
        for i in 0..2000 {
            text.push_str(&format!(" (n {i})"));
        }
        text.push_str(") tail)");
        let (at, end) = (2, text.len());
        assert!(end - at > READ_WHOLE_UP_TO);
        let (by_item, after) = read_long_list(&text, at, end).unwrap();
        assert_eq!(after, end);
        assert_eq!(by_item, read_whole_list(&text, at, end).unwrap());
        assert_eq!(by_item.as_list().unwrap().len(), 2005);
        assert_eq!(read_all(&text).unwrap(), vec![by_item]);
    }

    #[test]
    fn reads_tokens_and_lists() {
        let items = read_all("(a ?x $?y ? $? ?*g* 1 -2.5 \"s\\\"\" &|~ <-) ; c").unwrap();
        assert_eq!(items.len(), 1);
        let list = items[0].as_list().unwrap();
        let tokens: Vec<_> = list.iter().map(|e| e.as_token().unwrap().clone()).collect();
        assert_eq!(
            tokens,
            vec![
                Token::Symbol(atom("a")),
                Token::SfVar(atom("x")),
                Token::MfVar(atom("y")),
                Token::SfWildcard,
                Token::MfWildcard,
                Token::Global(atom("g")),
                Token::Integer(1),
                Token::Float(-2.5),
                Token::String(atom("s\"")),
                Token::Amp,
                Token::Bar,
                Token::Tilde,
                Token::Arrow,
            ]
        );
    }

    #[test]
    fn tokens_end_where_clips_scanner_ends_them() {
        let text = "ab<cd a<<b <= << <-x ?x<y ?1 $?1 ?-x $x $<a 12<3 1e5<x ?_x ?*g*<a é<à";
        let list = read_one(&format!("({text})")).unwrap().unwrap().0;
        let read: Vec<&str> = (list.as_list().unwrap().iter())
            .map(|item| &text[item.span.start - 1..item.span.end - 1])
            .collect();
        // The same split as `read` and `explode$` make (and CLIPS 6.41's explode$).
        let mut scanned = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let len = crate::syntax::delimiters::token_len(rest);
            scanned.push(&rest[..len]);
            rest = rest[len..].trim_start();
        }
        assert_eq!(read, scanned);
        assert_eq!(read[..4], ["ab", "<cd", "a", "<"]);
        let tokens: Vec<Token> = (list.as_list().unwrap().iter())
            .map(|item| item.as_token().unwrap().clone())
            .collect();
        assert_eq!(
            tokens[8..14],
            [
                Token::Symbol(atom("<-x")),
                Token::SfVar(atom("x")),
                Token::Symbol(atom("<y")),
                Token::SfWildcard,
                Token::Integer(1),
                Token::MfWildcard,
            ]
        );
    }

    #[test]
    fn numbers_and_symbols() {
        assert_eq!(classify("1e5"), Token::Float(1e5));
        assert_eq!(classify(".5"), Token::Float(0.5));
        assert_eq!(classify("+7"), Token::Integer(7));
        assert_eq!(classify("1+"), Token::Symbol(atom("1+")));
        assert_eq!(classify("-"), Token::Symbol(atom("-")));
        assert_eq!(classify("=>"), Token::Symbol(atom("=>")));
    }

    #[test]
    fn unbalanced_input_is_reported_where_it_opens() {
        let err = read_all("(a)\n(b (c)").unwrap_err();
        assert_eq!(err.span.start, 4);
        let err = read_all("(a))").unwrap_err();
        assert_eq!(err.span.start, 3);
        let deep = "(".repeat(100_000);
        assert!(read_all(&deep).is_err());
    }

    #[test]
    fn read_one_returns_the_end() {
        let (e, end) = read_one("  (a b) (c)").unwrap().unwrap();
        assert_eq!(e.span, Span::new(2, 7));
        assert_eq!(end, 7);
        assert!(read_one("  ; only a comment\n").unwrap().is_none());
    }

    /// The end offset of the first item of `text`, which must read as one.
    fn first_item_end(text: &str) -> usize {
        match read_next(text, 0) {
            Ok(Next::Item(_, end)) => end,
            other => panic!("expected an item in {text:?}, got {other:?}"),
        }
    }

    #[test]
    fn read_next_looks_no_further_than_the_first_item() {
        // A stray `)`, an unclosed `(` or an unterminated string after the
        // first item belongs to a later read.
        assert_eq!(first_item_end("(a (b)) )"), 7);
        assert_eq!(first_item_end("(a)\n(b (c)"), 3);
        assert_eq!(first_item_end("(a) \"unterminated"), 3);
        assert_eq!(first_item_end("abc )"), 3);
        assert_eq!(first_item_end("\"a ) \\\" b\" )"), 10);
        assert_eq!(first_item_end("(a \")\" ; )\n b)\n)"), 14);
        assert_eq!(first_item_end(&format!("(a)\n{}", "(".repeat(1000))), 3);
    }

    #[test]
    fn read_next_finds_a_stray_close_paren() {
        assert_eq!(read_next("  ; c\n ) (a)", 0), Ok(Next::StrayClose(7)));
        assert_eq!(read_next(")", 0), Ok(Next::StrayClose(0)));
        assert_eq!(read_next(" \n ; c", 0), Ok(Next::End));
        let err = read_one("  )").unwrap_err();
        assert_eq!(
            (err.span.start, err.message.as_str()),
            (2, "unexpected `)`")
        );
    }

    #[test]
    fn errors_inside_the_first_item_are_reported_where_they_are() {
        let err = read_one("  (a (b)\n(c)").unwrap_err();
        assert_eq!((err.span.start, err.message.as_str()), (2, "unclosed `(`"));
        let err = read_one(" (a \"b)\n(c)").unwrap_err();
        assert_eq!(
            (err.span.start, err.message.as_str()),
            (4, "unterminated string")
        );
        let err = read_one(&"(".repeat(MAX_NESTING + 10)).unwrap_err();
        assert_eq!(err.span.start, MAX_NESTING);
    }
}
