//! How the command loop and `load` report errors: in CLIPS's words (CLIPS's
//! transcripts, the default) or in Salience's, with a caret under the source
//! (`--diagnostics rich`).

use super::pretty;
use super::Environment;
use crate::eval::EvalError;
use crate::messages;
use crate::syntax::span::line_col;
use crate::syntax::{Diagnostic, Span};

/// How errors are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DiagnosticStyle {
    /// CLIPS's messages, word for word and line for line, as CLIPS 6.41 prints
    /// them: a transcript is the one CLIPS makes.
    #[default]
    Clips,
    /// Salience's messages, each with its file, line and column and the source
    /// line with a caret under the problem.
    Rich,
}

/// Where a construct with an error came from, for its message.
pub(crate) struct ConstructSource<'a> {
    /// The source's name (a file name for `load`).
    pub name: &'a str,
    /// The whole source text the spans refer to.
    pub text: &'a str,
    /// The construct's extent in `text`.
    pub span: Span,
    /// Whether the construct was read from a file by `load`: CLIPS then puts
    /// `FILE, Line N: ` in its message.
    pub loading: bool,
}

impl Environment {
    /// How errors are shown (CLIPS's words by default).
    pub fn diagnostic_style(&self) -> DiagnosticStyle {
        self.rt.diagnostic_style
    }

    /// Chooses how errors are shown.
    pub fn set_diagnostic_style(&mut self, style: DiagnosticStyle) {
        self.rt.diagnostic_style = style;
    }

    /// Reports `d`, an error in the construct at `source`. In CLIPS's words: the
    /// message, then `ERROR:` and the construct as CLIPS had read it when it found
    /// the problem.
    pub(crate) fn report_construct_error(&mut self, d: &Diagnostic, source: &ConstructSource) {
        let clips = match (self.rt.diagnostic_style, &d.clips) {
            (DiagnosticStyle::Clips, Some(clips)) => clips,
            _ => return self.report(&d.render(source.name, source.text)),
        };
        let span = source.span;
        let read_to = d.read_to.unwrap_or(span.end).clamp(span.start, span.end);
        let message = if source.loading {
            let line = line_col(source.text, read_to.saturating_sub(1)).line;
            messages::at_line(clips, source.name, line)
        } else {
            clips.clone()
        };
        self.report(&message);
        // A construct never closed runs to the end of the text (its span's end is
        // past it).
        let end = span.end.min(source.text.len());
        let construct = source.text.get(span.start..end).unwrap_or("");
        let program = &self.rt.program;
        let module = program.module_name(program.current_module);
        let echo = pretty::read_so_far(construct, module.as_str(), read_to - span.start);
        self.report(&format!("\nERROR:\n{echo}"));
    }

    /// Reports `d`, a problem in the source `text` named `name` that is not tied to
    /// one construct: CLIPS's message, or Salience's with a caret.
    pub(crate) fn report_diagnostic(&mut self, d: &Diagnostic, name: &str, text: &str) {
        match (self.rt.diagnostic_style, &d.clips) {
            (DiagnosticStyle::Clips, Some(clips)) => self.report(clips),
            _ => self.report(&d.render(name, text)),
        }
    }

    /// Reports `e`, an error raised by a command read from source `origin`.
    pub(crate) fn report_command_error(&mut self, origin: usize, e: &EvalError) {
        match self.rt.diagnostic_style {
            DiagnosticStyle::Clips => self.report(&e.message),
            DiagnosticStyle::Rich => {
                let located = self.locate(origin, e);
                self.report(&format!("error: {}", located.trim_start_matches('\n')));
            }
        }
    }
}
