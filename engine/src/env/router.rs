//! Routers: where output to a logical name (`t`, `stdout`, `werror`, an open file)
//! goes, and where `read`/`readline` on a logical name take input from.

use crate::syntax::sexpr::{classify, Token};
use crate::value::{atom, Value};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::fs::File;
use std::io::{BufRead, Write};
use std::rc::Rc;

/// Text that commands read from, shared with the batch reader that consumes the
/// same file (so `(read)` in a batch file takes the batch file's next token).
#[derive(Debug, Default)]
pub struct TextInput {
    /// The whole text.
    pub text: String,
    /// How far it has been consumed.
    pub pos: usize,
    /// Whether text consumed by `read` and `readline` is echoed to `t`, as CLIPS
    /// echoes the input it takes from a batch file.
    pub echo: bool,
}

impl TextInput {
    /// The next token, skipping blanks, and the rest of its line if that is blank
    /// (as `read` at the prompt consumes input); `None` at the end.
    pub fn read_token(&mut self) -> Option<Value> {
        let value = self.next_token();
        // At the prompt CLIPS also consumes the end of the line after the token.
        self.skip_blank_line_end();
        value
    }

    /// The next token, leaving the rest of its line unread; `None` at the end.
    pub fn next_token(&mut self) -> Option<Value> {
        let rest = &self.text[self.pos..];
        let trimmed = rest.trim_start_matches([' ', '\t', '\r', '\n']);
        let start = self.pos + (rest.len() - trimmed.len());
        if trimmed.is_empty() {
            self.pos = self.text.len();
            return None;
        }
        let (value, len) = scan_token(trimmed);
        self.pos = start + len;
        Some(value)
    }

    /// Consumes the rest of the current line if it holds only blanks.
    pub fn skip_blank_line_end(&mut self) {
        if let Some(nl) = self.text[self.pos..].find('\n') {
            if self.text[self.pos..self.pos + nl].trim().is_empty() {
                self.pos += nl + 1;
            }
        }
    }

    /// The rest of the current line, without its newline; `None` at the end.
    pub fn read_line(&mut self) -> Option<String> {
        if self.pos >= self.text.len() {
            return None;
        }
        let rest = &self.text[self.pos..];
        let (line, consumed) = match rest.find('\n') {
            Some(i) => (&rest[..i], i + 1),
            None => (rest, rest.len()),
        };
        let line = line.trim_end_matches('\r').to_string();
        self.pos += consumed;
        Some(line)
    }
}

/// Reads one token from the start of `text`: a string, a parenthesis, or a run of
/// non-delimiters; returns its value and length.
pub fn scan_token(text: &str) -> (Value, usize) {
    let mut chars = text.char_indices();
    match chars.next() {
        Some((_, '"')) => {
            let mut out = String::new();
            let mut escaped = false;
            for (i, c) in chars {
                if escaped {
                    out.push(c);
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == '"' {
                    return (Value::string(&out), i + 1);
                } else {
                    out.push(c);
                }
            }
            (Value::string(&out), text.len())
        }
        Some((_, c @ ('(' | ')'))) => (Value::string(&c.to_string()), 1),
        _ => {
            let end = text
                .find(|c: char| c.is_whitespace() || "()\";&|~".contains(c))
                .unwrap_or(text.len())
                .max(1);
            let word = &text[..end];
            let value = match classify(word) {
                Token::Integer(i) => Value::Integer(i),
                Token::Float(f) => Value::Float(f),
                _ => Value::Symbol(atom(word)),
            };
            (value, end)
        }
    }
}

/// An open file.
pub enum Channel {
    /// Opened for reading: the file's text and how far it has been read.
    Reader(TextInput),
    /// Opened for writing or appending.
    Writer(Box<dyn Write>),
}

/// The output and input routing of an environment.
pub struct Routers {
    /// Where `t` and `stdout` output goes.
    pub stdout: Box<dyn Write>,
    /// Where errors and warnings go.
    pub stderr: Box<dyn Write>,
    /// Where `read` on `t` takes input: a shared text (batch mode) or standard input.
    pub stdin: Option<Rc<RefCell<TextInput>>>,
    /// Files opened with `open`, by logical name.
    pub files: FxHashMap<String, Channel>,
}

impl Default for Routers {
    fn default() -> Self {
        Routers {
            stdout: Box::new(std::io::stdout()),
            stderr: Box::new(std::io::stderr()),
            stdin: None,
            files: FxHashMap::default(),
        }
    }
}

impl Routers {
    /// Writes `text` to logical name `name`; `false` if there is no such router.
    /// Error output first flushes standard output, so that the two stay in order
    /// when they go to the same terminal, as CLIPS's do.
    pub fn write(&mut self, name: &str, text: &str) -> bool {
        let ok = match name {
            "t" | "stdout" | "wdisplay" | "wdialog" | "wtrace" => {
                self.stdout.write_all(text.as_bytes()).is_ok()
            }
            "werror" | "wwarning" | "stderr" => {
                let _ = self.stdout.flush();
                self.stderr.write_all(text.as_bytes()).is_ok()
            }
            other => match self.files.get_mut(other) {
                Some(Channel::Writer(w)) => w.write_all(text.as_bytes()).is_ok(),
                _ => return false,
            },
        };
        ok
    }

    /// Flushes the standard streams.
    pub fn flush(&mut self) {
        let _ = self.stdout.flush();
        let _ = self.stderr.flush();
    }

    /// Takes input from a shared text with `take`, echoing what it consumed when the
    /// text asks for it.
    fn consume<T>(
        &mut self,
        input: &RefCell<TextInput>,
        take: impl FnOnce(&mut TextInput) -> T,
    ) -> T {
        let mut input = input.borrow_mut();
        let start = input.pos;
        let value = take(&mut input);
        if input.echo {
            let _ = self
                .stdout
                .write_all(&input.text.as_bytes()[start..input.pos]);
        }
        value
    }

    /// Reads a token from logical name `name`; `Ok(None)` at end of input.
    pub fn read_token(&mut self, name: &str) -> Result<Option<Value>, String> {
        if is_stdin(name) {
            if let Some(input) = self.stdin.clone() {
                return Ok(self.consume(&input, TextInput::read_token));
            }
            let mut line = String::new();
            loop {
                line.clear();
                match std::io::stdin().lock().read_line(&mut line) {
                    Ok(0) | Err(_) => return Ok(None),
                    Ok(_) if line.trim().is_empty() => continue,
                    Ok(_) => return Ok(Some(scan_token(line.trim_start()).0)),
                }
            }
        }
        match self.files.get_mut(name) {
            // From a file, `read` takes one token and leaves the rest of the line.
            Some(Channel::Reader(input)) => Ok(input.next_token()),
            _ => Err(format!(
                "logical name {name} was not recognized by any routers"
            )),
        }
    }

    /// After `read-number`, which also consumes the end of the line when nothing
    /// but blanks follow the number in a file.
    pub fn finish_number(&mut self, name: &str) {
        if let Some(Channel::Reader(input)) = self.files.get_mut(name) {
            input.skip_blank_line_end();
        }
    }

    /// Reads a line from logical name `name`; `Ok(None)` at end of input.
    pub fn read_line(&mut self, name: &str) -> Result<Option<String>, String> {
        if is_stdin(name) {
            if let Some(input) = self.stdin.clone() {
                return Ok(self.consume(&input, TextInput::read_line));
            }
            let mut line = String::new();
            return match std::io::stdin().lock().read_line(&mut line) {
                Ok(0) | Err(_) => Ok(None),
                Ok(_) => Ok(Some(line.trim_end_matches(['\n', '\r']).to_string())),
            };
        }
        match self.files.get_mut(name) {
            Some(Channel::Reader(input)) => Ok(input.read_line()),
            _ => Err(format!(
                "logical name {name} was not recognized by any routers"
            )),
        }
    }

    /// Opens `path` as logical name `name` with mode "r", "w", "a" (or "r+"...).
    pub fn open(&mut self, path: &str, name: &str, mode: &str) -> bool {
        let channel = match mode {
            "r" => std::fs::read_to_string(path).ok().map(|text| {
                Channel::Reader(TextInput {
                    text,
                    ..Default::default()
                })
            }),
            "w" => File::create(path)
                .ok()
                .map(|f| Channel::Writer(Box::new(std::io::BufWriter::new(f)))),
            "a" => std::fs::OpenOptions::new()
                .append(true)
                .create(true)
                .open(path)
                .ok()
                .map(|f| Channel::Writer(Box::new(std::io::BufWriter::new(f)))),
            _ => None,
        };
        match channel {
            Some(c) => {
                self.files.insert(name.to_string(), c);
                true
            }
            None => false,
        }
    }

    /// Closes logical name `name` (all files when `None`); `false` if it was not open.
    pub fn close(&mut self, name: Option<&str>) -> bool {
        match name {
            Some(n) => match self.files.remove(n) {
                Some(Channel::Writer(mut w)) => {
                    let _ = w.flush();
                    true
                }
                Some(_) => true,
                None => false,
            },
            None => {
                let any = !self.files.is_empty();
                for (_, c) in self.files.drain() {
                    if let Channel::Writer(mut w) = c {
                        let _ = w.flush();
                    }
                }
                any
            }
        }
    }
}

fn is_stdin(name: &str) -> bool {
    matches!(name, "t" | "stdin")
}
