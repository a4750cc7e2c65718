//! `salience repl`: a CLIPS-style interactive prompt.
//!
//! The session core, [`run_session`], reads through a [`LineSource`]: a terminal
//! with line editing, history and completion ([`Terminal`]), plain lines from any
//! reader when standard input is not a terminal ([`Plain`]), or a fixed script in
//! tests ([`Scripted`]).

pub mod complete;
pub mod input;
#[cfg(test)]
mod scripted;

use complete::ClipsCompleter;
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::Editor;
use salience_engine::env::Environment;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;

#[cfg(test)]
pub use scripted::Scripted;

/// The prompt CLIPS shows.
pub const PROMPT: &str = "CLIPS> ";

/// The name that messages give to what was typed.
const SOURCE_NAME: &str = "<stdin>";

/// What reading one line produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Read {
    /// A line, without its newline.
    Line(String),
    /// The user interrupted the line (Ctrl-C).
    Interrupted,
    /// The end of input (Ctrl-D).
    End,
}

/// Where the session's lines come from.
pub trait LineSource {
    /// Shows `prompt` and reads one line.
    fn read_line(&mut self, prompt: &str) -> io::Result<Read>;

    /// Remembers a complete entry for recall; nothing by default.
    fn add_history(&mut self, _entry: &str) {}
}

/// Plain lines from a reader, prompts written to `out`: used when standard input is
/// not a terminal.
pub struct Plain<R, W> {
    reader: R,
    out: W,
}

impl<R: BufRead, W: Write> Plain<R, W> {
    /// Reads from `reader`, prompting on `out`.
    pub fn new(reader: R, out: W) -> Self {
        Plain { reader, out }
    }
}

impl<R: BufRead, W: Write> LineSource for Plain<R, W> {
    fn read_line(&mut self, prompt: &str) -> io::Result<Read> {
        self.out.write_all(prompt.as_bytes())?;
        self.out.flush()?;
        let mut line = String::new();
        if self.reader.read_line(&mut line)? == 0 {
            return Ok(Read::End);
        }
        let trimmed = line.strip_suffix('\n').unwrap_or(&line);
        Ok(Read::Line(
            trimmed.strip_suffix('\r').unwrap_or(trimmed).to_string(),
        ))
    }
}

/// A terminal with line editing, history and tab completion.
pub struct Terminal {
    editor: Editor<ClipsCompleter, DefaultHistory>,
    history_file: Option<PathBuf>,
}

impl Terminal {
    /// Opens the terminal; with `history_file`, history is loaded from it now and
    /// saved to it when the terminal is dropped.
    pub fn new(history_file: Option<PathBuf>) -> io::Result<Self> {
        let mut editor = Editor::new().map_err(to_io)?;
        editor.set_helper(Some(ClipsCompleter::default()));
        if let Some(path) = &history_file {
            // A missing history file is normal the first time.
            let _ = editor.load_history(path);
        }
        Ok(Terminal {
            editor,
            history_file,
        })
    }
}

impl LineSource for Terminal {
    fn read_line(&mut self, prompt: &str) -> io::Result<Read> {
        match self.editor.readline(prompt) {
            Ok(line) => Ok(Read::Line(line)),
            Err(ReadlineError::Interrupted) => Ok(Read::Interrupted),
            Err(ReadlineError::Eof) => Ok(Read::End),
            Err(e) => Err(to_io(e)),
        }
    }

    fn add_history(&mut self, entry: &str) {
        let _ = self.editor.add_history_entry(entry);
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        if let Some(path) = &self.history_file {
            let _ = self.editor.save_history(path);
        }
    }
}

fn to_io(e: ReadlineError) -> io::Error {
    match e {
        ReadlineError::Io(e) => e,
        other => io::Error::other(other.to_string()),
    }
}

/// Runs the prompt until `(exit)` or the end of input: each complete entry is
/// executed as batch executes a command (see [`Environment::execute_str`]). Returns
/// the code `(exit)` was given, or 0 at the end of input.
pub fn run_session(env: &mut Environment, source: &mut dyn LineSource) -> io::Result<i32> {
    // Students ask `(why f-N)`: the REPL records provenance from the start.
    env.set_journal(true);
    while let Some(entry) = input::read_items(source, PROMPT)? {
        source.add_history(&entry);
        env.execute_str(&entry, SOURCE_NAME);
        if let Some(code) = env.rt.exit_requested {
            return Ok(code);
        }
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(lines: &[&str]) -> (i32, String, Vec<String>) {
        let mut env = Environment::new();
        let out = env.capture_output();
        let mut source = Scripted::new(lines.iter().copied());
        let code = run_session(&mut env, &mut source).unwrap();
        (code, out.take(), source.prompts)
    }

    #[test]
    fn executes_entries_and_prints_values() {
        let (code, out, _) = session(&[
            "(deftemplate p (slot n))",
            "(defrule r (p (n ?n))",
            "  => (printout t \"n=\" ?n crlf))",
            "(assert (p (n 3)))",
            "(run)",
            "(+ 1 2) (* 2 3)",
        ]);
        assert_eq!(code, 0);
        assert!(out.contains("<Fact-1>\nn=3\n3\n6\n"), "{out}");
    }

    #[test]
    fn provenance_is_on_so_why_explains_a_derived_fact() {
        let (_, out, _) = session(&[
            "(defrule double \"Doubles a number\" (n ?x) => (assert (n2 (* 2 ?x))))",
            "(assert (n 4))",
            "(run)",
            "(why 2)",
        ]);
        assert!(
            out.contains(
                "f-2     (n2 8): asserted by rule double \"Doubles a number\", firing 1, because it matched:\n  f-1     (n 4): given (asserted outside the rules)\n"
            ),
            "{out}"
        );
    }

    #[test]
    fn exit_ends_the_session_with_its_code() {
        let (code, _, prompts) = session(&["(exit 3)", "(facts)"]);
        assert_eq!(code, 3);
        assert_eq!(prompts, [PROMPT]);
    }
}
