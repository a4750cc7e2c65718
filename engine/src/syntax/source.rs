//! The text of one construct, kept for `ppdefrule` and its kind.

use super::span::Span;
use std::fmt;
use std::ops::Deref;
use std::rc::Rc;

/// A construct's source text: a range of the loaded text it came from, sharing
/// that text rather than copying the range (a copy per construct was another copy
/// of the whole file).
#[derive(Clone)]
pub struct SourceText {
    text: Rc<str>,
    span: Span,
}

impl SourceText {
    /// The range `span` of `text`; a span that is not a range of `text` reads as empty.
    pub fn new(text: Rc<str>, span: Span) -> SourceText {
        let span = if text.get(span.start..span.end).is_some() {
            span
        } else {
            Span::default()
        };
        SourceText { text, span }
    }
}

impl From<&str> for SourceText {
    /// A text of its own.
    fn from(text: &str) -> SourceText {
        SourceText {
            span: Span::new(0, text.len()),
            text: Rc::from(text),
        }
    }
}

impl Deref for SourceText {
    type Target = str;

    fn deref(&self) -> &str {
        self.text
            .get(self.span.start..self.span.end)
            .unwrap_or_default()
    }
}

impl fmt::Debug for SourceText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_its_range_of_the_shared_text() {
        let file: Rc<str> = Rc::from("(a) (bc)");
        let source = SourceText::new(file.clone(), Span::new(4, 8));
        assert_eq!(&*source, "(bc)");
        assert_eq!(Rc::strong_count(&file), 2);
        assert_eq!(&*SourceText::new(file, Span::new(4, 80)), "");
        assert_eq!(&*SourceText::from("x y"), "x y");
    }
}
