//! Routers: where output to a logical name (`t`, `stdout`, `werror`, an open file)
//! goes, and where `read`/`readline` on a logical name take input from.

use crate::functions::scanner::next_field;
use crate::value::Value;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::fs::File;
use std::io::{BufRead, BufWriter, Read, Seek, SeekFrom, Write};
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
    /// Where the unread text starts: the position, or the end of the text when the
    /// position is past it (after a `seek`), or the next character's start when
    /// `get-char` stopped inside a character (the rest of it is skipped).
    fn rest_start(&self) -> usize {
        let mut start = self.pos.min(self.text.len());
        while !self.text.is_char_boundary(start) {
            start += 1;
        }
        start
    }

    /// The first token of the next line holding one, as `read` takes it from the
    /// prompt or a batch file: CLIPS reads a whole line and scans its first token,
    /// so the rest of that line is consumed too; `None` at the end.
    pub fn read_token(&mut self) -> Option<Value> {
        loop {
            if let Some((value, _)) = scan_token(&self.read_line()?) {
                return Some(value);
            }
        }
    }

    /// The next token, leaving the rest of its line unread; `None` at the end.
    pub fn next_token(&mut self) -> Option<Value> {
        let from = self.rest_start();
        let Some((value, len)) = scan_token(&self.text[from..]) else {
            self.pos = self.pos.max(self.text.len());
            return None;
        };
        self.pos = from + len;
        Some(value)
    }

    /// Consumes the rest of the current line if it holds only blanks.
    pub fn skip_blank_line_end(&mut self) {
        let from = self.rest_start();
        let rest = &self.text[from..];
        if let Some(nl) = rest.find('\n') {
            if rest[..nl].trim().is_empty() {
                self.pos = from + nl + 1;
            }
        }
    }

    /// The rest of the current line, without its newline; `None` at the end.
    pub fn read_line(&mut self) -> Option<String> {
        if self.pos >= self.text.len() {
            return None;
        }
        let from = self.rest_start();
        let rest = &self.text[from..];
        let (line, consumed) = match rest.find('\n') {
            Some(i) => (&rest[..i], i + 1),
            None => (rest, rest.len()),
        };
        let line = line.trim_end_matches('\r').to_string();
        self.pos = from + consumed;
        Some(line)
    }
}

/// Reads the first token of `text`, as `read` does (CLIPS's scanner, as for
/// `explode$`: a parenthesis or a variable is a symbol); returns its value and the
/// offset just after it, or `None` if `text` holds only blanks and comments.
fn scan_token(text: &str) -> Option<(Value, usize)> {
    // The messages of an unterminated string or a huge integer are not printed by
    // `read` here.
    next_field(text, 0, &mut Vec::new())
}

/// Input read character by character as well as by token and line: a text, and
/// the characters given back to it with `unget-char`, read again before the rest
/// of the text (the last given back first), as C's `ungetc` keeps them.
struct Stream<'a> {
    input: &'a mut TextInput,
    pushed: &'a mut Vec<u8>,
}

impl Stream<'_> {
    /// The next byte (C's `getc`); `None` at the end.
    fn get_byte(&mut self) -> Option<u8> {
        if let Some(byte) = self.pushed.pop() {
            return Some(byte);
        }
        let byte = *self.input.text.as_bytes().get(self.input.pos)?;
        self.input.pos += 1;
        Some(byte)
    }

    /// Gives `byte` back. Giving back the byte just read only steps back over it;
    /// any other is kept apart, so the text (which `rewind` reads again) is unchanged.
    fn unget_byte(&mut self, byte: u8) {
        let before = self.input.pos.checked_sub(1);
        let previous = before.and_then(|at| self.input.text.as_bytes().get(at));
        match before {
            Some(at) if self.pushed.is_empty() && previous == Some(&byte) => self.input.pos = at,
            _ => self.pushed.push(byte),
        }
    }

    /// The position, counting given-back bytes as unread; `None` when they would
    /// put it before the start (where C's `ftell` fails).
    fn tell(&self) -> Option<i64> {
        let pos = i64::try_from(self.input.pos).ok()?;
        let pushed = i64::try_from(self.pushed.len()).ok()?;
        Some(pos - pushed).filter(|p| *p >= 0)
    }

    /// Moves to `to`, forgetting given-back bytes; `false` (and no move) for a
    /// position before the start. Positions past the end are allowed, as in C.
    fn seek(&mut self, to: SeekFrom) -> bool {
        let base = match to {
            SeekFrom::Start(offset) => return self.move_to(i64::try_from(offset).ok()),
            SeekFrom::End(offset) => i64::try_from(self.input.text.len()).ok().zip(Some(offset)),
            SeekFrom::Current(offset) => self.tell().zip(Some(offset)),
        };
        self.move_to(base.and_then(|(base, offset)| base.checked_add(offset)))
    }

    fn move_to(&mut self, target: Option<i64>) -> bool {
        match target.and_then(|t| usize::try_from(t).ok()) {
            Some(pos) => {
                self.input.pos = pos;
                self.pushed.clear();
                true
            }
            None => false,
        }
    }

    /// Runs a token or line read, `take`, on the given-back bytes followed by the
    /// rest of the text, then accounts for what it consumed of each. (A given-back
    /// byte that is not text on its own, such as 200, is read as U+FFFD, and the
    /// accounting is then approximate.)
    fn take<T>(&mut self, take: impl FnOnce(&mut TextInput) -> T) -> T {
        if self.pushed.is_empty() {
            return take(self.input);
        }
        let start = self.input.rest_start();
        let mut bytes: Vec<u8> = self.pushed.iter().rev().copied().collect();
        let given_back = bytes.len();
        bytes.extend_from_slice(&self.input.text.as_bytes()[start..]);
        let mut joined = TextInput {
            text: String::from_utf8_lossy(&bytes).into_owned(),
            ..TextInput::default()
        };
        let value = take(&mut joined);
        match joined.pos.checked_sub(given_back) {
            Some(used) => {
                self.pushed.clear();
                self.input.pos = start + used;
            }
            None => self.pushed.truncate(given_back - joined.pos),
        }
        value
    }
}

/// A file opened for reading: its text, how far it has been read, and the bytes
/// given back with `unget-char`.
pub struct FileReader {
    input: TextInput,
    pushed: Vec<u8>,
}

impl FileReader {
    fn stream(&mut self) -> Stream<'_> {
        Stream {
            input: &mut self.input,
            pushed: &mut self.pushed,
        }
    }
}

/// An open file.
pub enum Channel {
    /// Opened for reading.
    Reader(FileReader),
    /// Opened for writing or appending.
    Writer(BufWriter<File>),
}

/// The output and input routing of an environment.
pub struct Routers {
    /// Where `t` and `stdout` output goes.
    pub stdout: Box<dyn Write>,
    /// Where errors and warnings go.
    pub stderr: Box<dyn Write>,
    /// Where `read` on `t` takes input: a shared text (batch mode) or standard input.
    pub stdin: Option<Rc<RefCell<TextInput>>>,
    /// Bytes given back to `t` with `unget-char`, read again first (the last first).
    stdin_pushed: Vec<u8>,
    /// Files opened with `open`, by logical name.
    pub files: FxHashMap<String, Channel>,
    /// The dribble file (`dribble-on`): a copy of everything the terminal shows,
    /// the standard streams' output and the echo of batch input alike.
    dribble: Option<BufWriter<File>>,
    /// When set, `read` and `readline` on `t` past the end of the shared input
    /// (`stdin`) fail with [`INPUT_WANTED`], which stops the run, and set
    /// `input_wanted`: a caller that gets its input later (the playground asks the
    /// user) runs the program again with more.
    pub stop_at_input_end: bool,
    /// Set when a read found the shared input used up under `stop_at_input_end`.
    pub input_wanted: bool,
}

/// The error of a read past the end of the input under `stop_at_input_end`.
pub const INPUT_WANTED: &str = "the program waits for input";

impl Default for Routers {
    fn default() -> Self {
        Routers {
            stdout: Box::new(std::io::stdout()),
            stderr: Box::new(std::io::stderr()),
            stdin: None,
            stdin_pushed: Vec::new(),
            files: FxHashMap::default(),
            dribble: None,
            stop_at_input_end: false,
            input_wanted: false,
        }
    }
}

/// `[ROUTER1]`: the message for a logical name no router recognizes.
pub fn unrecognized(name: &str) -> String {
    format!("[ROUTER1] Logical name '{name}' was not recognized by any routers.")
}

/// Which standard stream a logical name writes to.
enum Standard {
    Out,
    Err,
}

fn standard(name: &str) -> Option<Standard> {
    match name {
        "t" | "stdout" | "wdisplay" | "wdialog" | "wtrace" => Some(Standard::Out),
        "werror" | "wwarning" | "stderr" => Some(Standard::Err),
        _ => None,
    }
}

impl Routers {
    /// Writes `text` to logical name `name`; `false` if there is no such router.
    /// Error output first flushes standard output, so that the two stay in order
    /// when they go to the same terminal, as CLIPS's do.
    pub fn write(&mut self, name: &str, text: &str) -> bool {
        self.write_bytes(name, &crate::syntax::encoding::encode(text))
    }

    /// Writes `bytes` to logical name `name`, as [`Routers::write`] writes text.
    pub fn write_bytes(&mut self, name: &str, bytes: &[u8]) -> bool {
        match standard(name) {
            Some(Standard::Out) => {
                self.copy_to_dribble(bytes);
                self.stdout.write_all(bytes).is_ok()
            }
            Some(Standard::Err) => {
                self.copy_to_dribble(bytes);
                let _ = self.stdout.flush();
                self.stderr.write_all(bytes).is_ok()
            }
            None => match self.files.get_mut(name) {
                Some(Channel::Writer(w)) => w.write_all(bytes).is_ok(),
                // Writing to a file opened for reading fails quietly, as C's `putc` does.
                Some(Channel::Reader(_)) => true,
                None => false,
            },
        }
    }

    /// Copies terminal output to the dribble file, if one is open.
    fn copy_to_dribble(&mut self, bytes: &[u8]) {
        if let Some(dribble) = &mut self.dribble {
            let _ = dribble.write_all(bytes);
        }
    }

    /// `dribble-on`: starts copying terminal output to `path` (a file already
    /// dribbled to is closed first); `false` if the file cannot be created.
    pub fn dribble_on(&mut self, path: &str) -> bool {
        self.dribble_off();
        match File::create(path) {
            Ok(file) => {
                self.dribble = Some(BufWriter::new(file));
                true
            }
            Err(_) => false,
        }
    }

    /// `dribble-off`: stops copying terminal output; `false` if no dribble was on.
    pub fn dribble_off(&mut self) -> bool {
        match self.dribble.take() {
            Some(mut dribble) => {
                let _ = dribble.flush();
                true
            }
            None => false,
        }
    }

    /// Whether output to logical name `name` goes somewhere (`nil` takes it and
    /// shows nothing); when no router recognizes the name, CLIPS's `[ROUTER1]`
    /// message goes to `werror` first (the output is then left out, and what
    /// called goes on, as in CLIPS).
    pub fn check_output(&mut self, name: &str) -> bool {
        if name == "nil" || self.recognizes(name) {
            return true;
        }
        self.write("werror", &format!("{}\n", unrecognized(name)));
        false
    }

    /// Whether some router recognizes logical name `name`: the standard streams'
    /// names and those of open files.
    pub fn recognizes(&self, name: &str) -> bool {
        is_stdin(name) || standard(name).is_some() || self.files.contains_key(name)
    }

    /// Flushes the standard streams.
    pub fn flush(&mut self) {
        let _ = self.stdout.flush();
        let _ = self.stderr.flush();
    }

    /// Flushes the file opened as `name`; `false` if no file is.
    pub fn flush_file(&mut self, name: &str) -> bool {
        match self.files.get_mut(name) {
            Some(Channel::Writer(w)) => w.flush().is_ok(),
            Some(Channel::Reader(_)) => true,
            None => false,
        }
    }

    /// Flushes every open file; `false` if none is open.
    pub fn flush_files(&mut self) -> bool {
        let any = !self.files.is_empty();
        for channel in self.files.values_mut() {
            if let Channel::Writer(w) = channel {
                let _ = w.flush();
            }
        }
        any
    }

    /// The position in the file opened as `name`; `None` if no file is, or the
    /// position is unknown.
    pub fn tell(&mut self, name: &str) -> Option<i64> {
        match self.files.get_mut(name)? {
            Channel::Reader(r) => r.stream().tell(),
            Channel::Writer(w) => w.stream_position().ok().and_then(|p| i64::try_from(p).ok()),
        }
    }

    /// Moves in the file opened as `name`; `false` if no file is or it cannot move
    /// there.
    pub fn seek(&mut self, name: &str, to: SeekFrom) -> bool {
        match self.files.get_mut(name) {
            Some(Channel::Reader(r)) => r.stream().seek(to),
            Some(Channel::Writer(w)) => w.seek(to).is_ok(),
            None => false,
        }
    }

    /// Reads a byte from logical name `name`; `None` at the end of input, and for a
    /// name that cannot be read from.
    pub fn get_char(&mut self, name: &str) -> Option<u8> {
        if is_stdin(name) {
            let Some(input) = self.stdin.clone() else {
                return self.stdin_pushed.pop().or_else(read_stdin_byte);
            };
            let mut input = input.borrow_mut();
            let mut stream = Stream {
                input: &mut input,
                pushed: &mut self.stdin_pushed,
            };
            return stream.get_byte();
        }
        match self.files.get_mut(name) {
            Some(Channel::Reader(r)) => r.stream().get_byte(),
            _ => None,
        }
    }

    /// Gives `byte` back to logical name `name`, to be read again first. Giving back
    /// to a name that is not read from does nothing.
    pub fn unget_char(&mut self, name: &str, byte: u8) {
        if is_stdin(name) {
            self.stdin_pushed.push(byte);
        } else if let Some(Channel::Reader(r)) = self.files.get_mut(name) {
            r.stream().unget_byte(byte);
        }
    }

    /// Takes input from a shared text with `take`, after the bytes given back to
    /// `t`, echoing what it consumed of the text when the text asks for it.
    fn consume<T>(
        &mut self,
        input: &RefCell<TextInput>,
        take: impl FnOnce(&mut TextInput) -> T,
    ) -> T {
        let mut input = input.borrow_mut();
        let start = input.pos;
        let value = Stream {
            input: &mut input,
            pushed: &mut self.stdin_pushed,
        }
        .take(take);
        if input.echo {
            let consumed = input.text.get(start..input.pos).unwrap_or_default();
            let consumed = crate::syntax::encoding::encode(consumed);
            self.copy_to_dribble(&consumed);
            let _ = self.stdout.write_all(&consumed);
        }
        value
    }

    /// Reads a token from logical name `name`; `Ok(None)` at end of input.
    pub fn read_token(&mut self, name: &str) -> Result<Option<Value>, String> {
        if is_stdin(name) {
            if let Some(input) = self.stdin.clone() {
                let token = self.consume(&input, TextInput::read_token);
                return self.unless_input_wanted(token);
            }
            let mut line = String::new();
            loop {
                line.clear();
                match std::io::stdin().lock().read_line(&mut line) {
                    Ok(0) | Err(_) => return Ok(None),
                    Ok(_) => {
                        if let Some((value, _)) = scan_token(&line) {
                            return Ok(Some(value));
                        }
                    }
                }
            }
        }
        match self.files.get_mut(name) {
            // From a file, `read` takes one token and leaves the rest of the line.
            Some(Channel::Reader(r)) => Ok(r.stream().take(TextInput::next_token)),
            _ => Err(unrecognized(name)),
        }
    }

    /// After `read-number`, which also consumes the end of the line when nothing
    /// but blanks follow the number in a file.
    pub fn finish_number(&mut self, name: &str) {
        if let Some(Channel::Reader(r)) = self.files.get_mut(name) {
            r.stream().take(TextInput::skip_blank_line_end);
        }
    }

    /// What a read of the shared input gave, or [`INPUT_WANTED`] when it gave
    /// nothing and the caller asked to stop there.
    fn unless_input_wanted<T>(&mut self, read: Option<T>) -> Result<Option<T>, String> {
        if read.is_none() && self.stop_at_input_end {
            self.input_wanted = true;
            return Err(INPUT_WANTED.to_string());
        }
        Ok(read)
    }

    /// Reads a line from logical name `name`; `Ok(None)` at end of input.
    pub fn read_line(&mut self, name: &str) -> Result<Option<String>, String> {
        if is_stdin(name) {
            if let Some(input) = self.stdin.clone() {
                let line = self.consume(&input, TextInput::read_line);
                return self.unless_input_wanted(line);
            }
            let mut line = String::new();
            return match std::io::stdin().lock().read_line(&mut line) {
                Ok(0) | Err(_) => Ok(None),
                Ok(_) => Ok(Some(line.trim_end_matches(['\n', '\r']).to_string())),
            };
        }
        match self.files.get_mut(name) {
            Some(Channel::Reader(r)) => Ok(r.stream().take(TextInput::read_line)),
            _ => Err(unrecognized(name)),
        }
    }

    /// Opens `path` as logical name `name` with mode "r", "w" or "a"; an appended
    /// file's position starts at its end, as C's `fopen` puts it.
    pub fn open(&mut self, path: &str, name: &str, mode: &str) -> bool {
        let channel = match mode {
            "r" => crate::syntax::encoding::read_file(path).ok().map(|text| {
                Channel::Reader(FileReader {
                    input: TextInput {
                        text,
                        ..Default::default()
                    },
                    pushed: Vec::new(),
                })
            }),
            "w" => File::create(path)
                .ok()
                .map(|f| Channel::Writer(BufWriter::new(f))),
            "a" => std::fs::OpenOptions::new()
                .append(true)
                .create(true)
                .open(path)
                .and_then(|mut f| f.seek(SeekFrom::End(0)).map(|_| f))
                .ok()
                .map(|f| Channel::Writer(BufWriter::new(f))),
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
                let any = self.flush_files();
                self.files.clear();
                any
            }
        }
    }
}

/// One byte from the process's standard input; `None` at its end.
fn read_stdin_byte() -> Option<u8> {
    let mut byte = [0u8];
    let read = std::io::stdin().lock().read(&mut byte);
    read.ok().filter(|n| *n == 1).map(|_| byte[0])
}

fn is_stdin(name: &str) -> bool {
    matches!(name, "t" | "stdin")
}
