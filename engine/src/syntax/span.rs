//! Source positions: every syntax node carries the byte range it came from.

use std::fmt;

/// A byte range in one source text.
///
/// A span takes no part in hashing (see the `Hash` impl): code written the same
/// at two places hashes alike.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    /// First byte of the node.
    pub start: usize,
    /// One past the last byte of the node.
    pub end: usize,
}

/// Hashes nothing, which keeps equal values hashing equal: compiled code keeps
/// the spans of its calls for messages, and the join model of `(watch
/// compilations)` tells whether two rules' tests are the same by their hashes
/// (CLIPS shares the joins of identical tests written in different rules).
impl std::hash::Hash for Span {
    fn hash<H: std::hash::Hasher>(&self, _state: &mut H) {}
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// This span moved `offset` bytes further into its text.
    pub fn shifted(self, offset: usize) -> Span {
        Span::new(self.start + offset, self.end + offset)
    }
}

/// A line and column (both counted from 1; the column counts characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    /// Line number, from 1.
    pub line: usize,
    /// Column number in characters, from 1.
    pub column: usize,
}

impl fmt::Display for LineCol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// The line and column of byte `offset` in `text`.
pub fn line_col(text: &str, offset: usize) -> LineCol {
    let offset = floor_char_boundary(text, offset.min(text.len()));
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    LineCol {
        line,
        column: text[line_start..offset].chars().count() + 1,
    }
}

/// The full text of the line containing byte `offset`, without its newline.
pub fn line_text(text: &str, offset: usize) -> &str {
    let offset = floor_char_boundary(text, offset.min(text.len()));
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    text[start..end].trim_end_matches('\r')
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}
