//! Diagnostics: an error message tied to a span, rendered rustc-style with a caret.

use super::span::{line_col, line_text, Span};
use std::fmt::Write as _;

/// One problem found in a source text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where the problem is.
    pub span: Span,
    /// What is wrong, e.g. "unknown slot `colour` in template `car`".
    pub message: String,
    /// What would have been right, shown under the caret, e.g. "expected a slot name".
    pub label: Option<String>,
    /// What CLIPS prints for the same problem, from [`crate::messages`]; `None`
    /// where the message is still Salience's alone.
    pub clips: Option<String>,
    /// For a problem in a construct: the offset in the source just past the last
    /// character CLIPS had read when it found the problem. CLIPS then shows the
    /// construct read so far, pretty-printed, after `ERROR:`.
    pub read_to: Option<usize>,
}

impl Diagnostic {
    /// A diagnostic with a message and no label.
    pub fn new(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            span,
            message: message.into(),
            label: None,
            clips: None,
            read_to: None,
        }
    }

    /// Adds what CLIPS prints for the problem (see [`crate::messages`]).
    pub fn with_clips(mut self, message: impl Into<String>) -> Diagnostic {
        self.clips = Some(message.into());
        self
    }

    /// Records how far CLIPS had read the construct when it found the problem.
    pub fn read_to(mut self, offset: usize) -> Diagnostic {
        self.read_to = Some(offset);
        self
    }

    /// How far into the source the problem was found: where CLIPS had read to, or
    /// where the problem starts. Of several problems in one construct, the one
    /// reached first is the one CLIPS reports (it stops there).
    pub fn reached(&self) -> usize {
        self.read_to.unwrap_or(self.span.start)
    }

    /// Adds the text shown under the caret.
    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    /// Renders the diagnostic against the source it refers to:
    ///
    /// ```text
    /// error: unknown slot `colour` in template `car`
    ///  --> cars.clp:4:12
    ///   |
    /// 4 |   (car (colour red))
    ///   |         ^^^^^^ expected one of: color, make
    /// ```
    pub fn render(&self, source_name: &str, source: &str) -> String {
        let at = line_col(source, self.span.start);
        let line = line_text(source, self.span.start);
        let gutter = at.line.to_string().len();
        let width = source
            .get(
                self.span.start
                    ..self
                        .span
                        .end
                        .min(self.span.start.saturating_add(line.len())),
            )
            .map_or(1, |s| s.lines().next().unwrap_or("").chars().count().max(1));
        let mut out = String::new();
        let _ = writeln!(out, "error: {}", self.message);
        let _ = writeln!(out, "{:gutter$}--> {}:{}", "", source_name, at);
        let _ = writeln!(out, "{:gutter$} |", "");
        let _ = writeln!(out, "{} | {}", at.line, line);
        let _ = write!(
            out,
            "{:gutter$} | {}{}",
            "",
            " ".repeat(at.column - 1),
            "^".repeat(width)
        );
        if let Some(label) = &self.label {
            let _ = write!(out, " {label}");
        }
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by fuzzing (fuzz target run_program): a span that starts past the
    /// end of its source renders at the last line instead of overflowing.
    #[test]
    fn a_span_past_the_source_renders() {
        let d = Diagnostic::new(Span::new(usize::MAX, usize::MAX), "lost");
        let text = d.render("f.clp", "(a)\n(b)");
        assert!(text.starts_with("error: lost\n --> f.clp:2:4\n"), "{text}");
    }
}
