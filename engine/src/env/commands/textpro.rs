//! CLIPS's text-processing facility (`textpro.c`): `fetch` reads a file of
//! entries into a lookup table, `print-region` and `get-region` find an entry by
//! a path of topic names and print or return its text, `toss` forgets a file.
//!
//! An entry starts at a line `<level><M|I>BEGIN-ENTRY-<name>` (`M` an entry with
//! subtopics, `I` a leaf) and ends at the next line holding `END-ENTRY`; a line
//! starting with `$$` is text even if it holds a marker (its `$$` shown as two
//! blanks). The entries form a tree by their levels, built as CLIPS builds it; each
//! fetched file remembers its current menu, so that a lookup goes on from where the
//! last one stopped: a name selects the first entry under the current menu whose
//! name starts with it (case-insensitively), a menu entry becoming the current
//! menu; `^` goes up a level, `?` last in a path names the current menu, and an
//! empty path goes up a level. Files are read as C's `fgets` reads them, at most
//! 255 bytes at a time, and entries remembered by their offsets in the file.

use super::R;
use crate::env::Runtime;
use crate::eval::EvalError;
use crate::messages;
use crate::value::Value;

/// The most bytes one read of a line takes (CLIPS's 256-byte `fgets` buffer).
const LINE_READ: usize = 255;

/// The marker that starts an entry.
const BEGIN: &[u8] = b"BEGIN-ENTRY-";

/// The marker that ends an entry.
const END: &[u8] = b"END-ENTRY";

/// The longest topic name CLIPS keeps (its 80-byte name buffers).
const NAME_SIZE: usize = 79;

/// What a file name argument must be.
const FILE_NAME: &str = "symbol or string";

/// One entry of a fetched file.
#[derive(Debug)]
struct Entry {
    /// Its level in the tree.
    level: i64,
    /// Whether it has subtopics (`M`) rather than being a leaf (`I`).
    menu: bool,
    /// Its name, upper-cased.
    name: Vec<u8>,
    /// Where its text starts in the file.
    offset: usize,
    /// Its first subtopic.
    child: Option<usize>,
    /// Its parent entry.
    parent: Option<usize>,
    /// The next entry under the same parent.
    next: Option<usize>,
}

/// A fetched file: its entries (an arena) and where lookups are.
#[derive(Debug)]
struct Fetched {
    /// The file's name as given to `fetch`.
    file: String,
    /// The entries, in the order read.
    entries: Vec<Entry>,
    /// The first top-level entry.
    topics: Option<usize>,
    /// The current menu, `None` at the top.
    current: Option<usize>,
}

/// The files fetched, in the order fetched.
#[derive(Debug, Default)]
pub struct TextLookup {
    files: Vec<Fetched>,
}

/// How a lookup ended (CLIPS's status codes).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Status {
    /// An entry was found.
    Found,
    /// A name matched no entry.
    NoTopic,
    /// A branch up from the top.
    Exit,
}

/// Why a fetch failed: CLIPS's message, or no entries at all.
enum FetchError {
    Message(String),
    Empty,
}

/// The lines of `bytes` as `fgets` reads them: each with the offset just past it.
fn lines(bytes: &[u8]) -> impl Iterator<Item = (&[u8], usize)> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let rest = bytes.get(at..).filter(|r| !r.is_empty())?;
        let limit = rest.len().min(LINE_READ);
        let len = rest[..limit]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(limit, |i| i + 1);
        at += len;
        Some((&rest[..len], at))
    })
}

/// Whether `line` holds `marker` (CLIPS's `findstr`).
fn holds(line: &[u8], marker: &[u8]) -> bool {
    line.windows(marker.len()).any(|w| w == marker)
}

/// Whether a line starts with `$$`: text, never a marker.
fn literal(line: &[u8]) -> bool {
    line.starts_with(b"$$")
}

/// The words of a line as C's `sscanf("%d%1s%12s%s")` reads them: the level,
/// the type code, the begin marker and the name; `None` if one is missing.
fn header(line: &[u8]) -> Option<(i64, u8, &[u8], &[u8])> {
    let skip = |at: usize| {
        at + line[at..]
            .iter()
            .take_while(|b| b.is_ascii_whitespace())
            .count()
    };
    let word = |at: usize, most: usize| {
        let start = skip(at);
        let len = line[start..]
            .iter()
            .take(most)
            .take_while(|b| !b.is_ascii_whitespace())
            .count();
        (len > 0).then_some((start, start + len))
    };
    let start = skip(0);
    let sign = usize::from(matches!(line.get(start), Some(b'+' | b'-')));
    let digits = line[start + sign..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 {
        return None;
    }
    let number = std::str::from_utf8(&line[start..start + sign + digits]).ok()?;
    let level = number
        .parse::<i64>()
        .unwrap_or(if sign == 1 && line[start] == b'-' {
            i64::MIN
        } else {
            i64::MAX
        });
    let (code, after_code) = word(start + sign + digits, 1)?;
    let (marker, after_marker) = word(after_code, BEGIN.len())?;
    let (name, name_end) = word(after_marker, usize::MAX)?;
    Some((
        level,
        line[code],
        &line[marker..after_marker],
        &line[name..name_end.min(name + NAME_SIZE)],
    ))
}

impl Fetched {
    /// Reads the entries of `bytes` into a tree, as CLIPS's `TextLookupFetch`.
    fn read(file: &str, bytes: &[u8]) -> Result<Fetched, FetchError> {
        let mut fetched = Fetched {
            file: file.to_string(),
            entries: Vec::new(),
            topics: None,
            current: None,
        };
        let mut open = false;
        let mut count = 0;
        let mut last = None;
        let mut line_number = 0;
        let error = |id: fn(usize) -> String, line: usize| Err(FetchError::Message(id(line)));
        for (line, end) in lines(bytes) {
            line_number += 1;
            if literal(line) {
                continue;
            }
            if holds(line, END) {
                if !open {
                    return error(messages::textpro::textpro8, line_number);
                }
                open = false;
                count += 1;
            } else if holds(line, BEGIN) {
                if open {
                    return error(messages::textpro::textpro4, line_number);
                }
                open = true;
                let Some((level, code, marker, name)) = header(line) else {
                    return error(messages::textpro::textpro5, line_number);
                };
                let menu = match code {
                    b'M' => true,
                    b'I' => false,
                    _ => return error(messages::textpro::textpro6, line_number),
                };
                if marker != BEGIN {
                    return error(messages::textpro::textpro5, line_number);
                }
                let entry = Entry {
                    level,
                    menu,
                    name: name.to_ascii_uppercase(),
                    offset: end,
                    child: None,
                    parent: None,
                    next: None,
                };
                if !fetched.attach(entry, last) {
                    return error(messages::textpro::textpro7, line_number);
                }
                last = Some(fetched.entries.len() - 1);
            }
        }
        if open {
            return error(messages::textpro::textpro4, line_number);
        }
        if count == 0 {
            return Err(FetchError::Empty);
        }
        Ok(fetched)
    }

    /// Puts `entry` in the tree after the entry read before it (`last`), as
    /// CLIPS's `AttachLeaf`; false if that would give a leaf a subtopic.
    fn attach(&mut self, mut entry: Entry, last: Option<usize>) -> bool {
        let id = self.entries.len();
        let Some(last) = last.filter(|_| self.topics.is_some()) else {
            self.topics = Some(id);
            self.entries.push(entry);
            return true;
        };
        let previous = &self.entries[last];
        if entry.level > previous.level {
            if !previous.menu {
                return false;
            }
            entry.parent = Some(last);
            self.entries[last].child = Some(id);
        } else if entry.level == previous.level {
            entry.parent = previous.parent;
            entry.next = previous.next;
            self.entries[last].next = Some(id);
        } else {
            // Up the tree to the first ancestor not deeper than the entry.
            let mut above = previous.parent;
            while let Some(a) = above.filter(|&a| entry.level < self.entries[a].level) {
                above = self.entries[a].parent;
            }
            match above {
                Some(a) if self.entries[a].level < entry.level => {
                    entry.parent = Some(a);
                    entry.next = self.entries[a].child;
                    self.entries[a].child = Some(id);
                }
                Some(a) => {
                    entry.parent = self.entries[a].parent;
                    entry.next = self.entries[a].next;
                    self.entries[a].next = Some(id);
                }
                None => {
                    entry.next = self.topics;
                    self.topics = Some(id);
                }
            }
        }
        self.entries.push(entry);
        true
    }

    /// One step of a lookup, as CLIPS's `LookupEntry`: `None` goes up a level.
    /// The offset of the text found (or, for a name not found, of the current menu).
    fn step(&mut self, name: Option<&str>) -> (Status, Option<usize>) {
        let Some(name) = name else {
            let Some(current) = self.current else {
                return (Status::Exit, None);
            };
            self.current = self.entries[current].parent;
            return match self.current {
                Some(up) => (Status::Found, Some(self.entries[up].offset)),
                None => (Status::Exit, None),
            };
        };
        let wanted = name.to_ascii_uppercase().into_bytes();
        let mut at = match self.current {
            Some(menu) => self.entries[menu].child,
            None => self.topics,
        };
        while let Some(e) = at {
            let entry = &self.entries[e];
            if !wanted.is_empty() && entry.name.starts_with(&wanted) {
                break;
            }
            at = entry.next;
        }
        let Some(found) = at else {
            return (
                Status::NoTopic,
                self.current.map(|menu| self.entries[menu].offset),
            );
        };
        if self.entries[found].menu {
            self.current = Some(found);
        }
        (Status::Found, Some(self.entries[found].offset))
    }

    /// Follows a path of topic names, as CLIPS's `FindTopicInEntries`: the
    /// offset of the text of the entry it ends at.
    fn find(&mut self, path: &[String]) -> (Status, Option<usize>) {
        if path.is_empty() {
            return self.step(None);
        }
        let mut last = (Status::Exit, None);
        for (i, topic) in path.iter().enumerate() {
            last = match topic.as_str() {
                "^" => self.step(None),
                "?" if i + 1 == path.len() => match self.current {
                    Some(menu) => (Status::Found, Some(self.entries[menu].offset)),
                    None => (Status::NoTopic, None),
                },
                name => self.step(Some(name)),
            };
            if last.0 == Status::NoTopic {
                break;
            }
        }
        last
    }
}

impl TextLookup {
    /// The fetched file named `file`.
    fn file(&mut self, file: &str) -> Option<&mut Fetched> {
        self.files.iter_mut().find(|f| f.file == file)
    }

    /// Forgets `file`; whether it was fetched.
    fn toss(&mut self, file: &str) -> bool {
        let before = self.files.len();
        self.files.retain(|f| f.file != file);
        self.files.len() != before
    }

    /// The text of the entry at the end of `path` in `file`, its lines as read
    /// (`$$` turned to blanks) up to the end marker; `None` if none was found.
    fn region(&mut self, file: &str, path: &[String]) -> Option<Vec<u8>> {
        let fetched = self.file(file)?;
        let (status, offset) = fetched.find(path);
        if status != Status::Found {
            return None;
        }
        let bytes = std::fs::read(file).ok()?;
        let rest = bytes.get(offset?..)?;
        let mut text = Vec::new();
        for (line, _) in lines(rest) {
            if literal(line) {
                text.extend_from_slice(b"  ");
                text.extend_from_slice(&line[2..]);
            } else if holds(line, END) {
                break;
            } else {
                text.extend_from_slice(line);
            }
        }
        Some(text)
    }
}

/// Argument `index` of `function` as a symbol or string.
fn file_name(function: &str, args: &[Value], index: usize) -> Result<String, EvalError> {
    match args.get(index) {
        Some(Value::Symbol(s) | Value::String(s)) => Ok(s.to_string()),
        _ => Err(EvalError::new(messages::args::argacces2(
            function, index, FILE_NAME,
        ))),
    }
}

/// The topic names of a path: the text of each argument, as CLIPS copies it.
fn topics(args: &[Value]) -> Vec<String> {
    args.iter()
        .map(|v| {
            let text = match v {
                Value::Symbol(s) | Value::String(s) => s.to_string(),
                Value::Integer(_) | Value::Float(_) => v.display().to_string(),
                _ => "***ERROR***".to_string(),
            };
            text.chars().take(NAME_SIZE).collect()
        })
        .collect()
}

/// `(fetch file)`: reads the file's entries; their number, or FALSE (with
/// CLIPS's message) if the file cannot be read, is fetched already, is badly
/// formed or has no entries.
pub fn fetch(rt: &mut Runtime, args: &[Value]) -> R {
    let file = file_name("fetch", args, 0)?;
    let Ok(bytes) = std::fs::read(&file) else {
        return Ok(report(rt, &messages::textpro::textpro1(&file)));
    };
    if rt.textpro.file(&file).is_some() {
        return Ok(report(rt, &messages::textpro::textpro2(&file)));
    }
    match Fetched::read(&file, &bytes) {
        Ok(fetched) => {
            let count = fetched.entries.len();
            rt.textpro.files.push(fetched);
            Ok(Value::Integer(i64::try_from(count).unwrap_or(i64::MAX)))
        }
        Err(FetchError::Message(message)) => Ok(report(rt, &message)),
        Err(FetchError::Empty) => Ok(report(rt, &messages::textpro::textpro3())),
    }
}

/// Writes `message` as an error line; FALSE.
fn report(rt: &mut Runtime, message: &str) -> Value {
    rt.routers.write("werror", &format!("{message}\n"));
    Value::false_sym()
}

/// `(toss file)`: forgets a fetched file; whether it was fetched.
pub fn toss(rt: &mut Runtime, args: &[Value]) -> R {
    let file = file_name("toss", args, 0)?;
    Ok(Value::boolean(rt.textpro.toss(&file)))
}

/// `(print-region logical-name file topic...)`: prints a newline and the text of
/// the entry the topics lead to; TRUE if one was found.
pub fn print_region(rt: &mut Runtime, args: &[Value]) -> R {
    let name = match args.first() {
        Some(Value::Symbol(s)) => s.to_string(),
        _ => {
            return Err(EvalError::new(messages::args::argacces2(
                "print-region",
                0,
                "symbol",
            )))
        }
    };
    let file = file_name("print-region", args, 1)?;
    let path = topics(args.get(2..).unwrap_or_default());
    let Some(text) = rt.textpro.region(&file, &path) else {
        return Ok(Value::false_sym());
    };
    let name = if name == "t" { "stdout" } else { &name };
    super::out(rt, name, "\n");
    super::out(rt, name, &String::from_utf8_lossy(&text));
    Ok(Value::true_sym())
}

/// `(get-region file topic...)`: the text of the entry the topics lead to, or ""
/// (a final `\r\n` or `\n\r` dropped, as CLIPS drops it).
pub fn get_region(rt: &mut Runtime, args: &[Value]) -> R {
    let file = file_name("get-region", args, 0)?;
    let path = topics(args.get(1..).unwrap_or_default());
    let mut text = rt.textpro.region(&file, &path).unwrap_or_default();
    if text.ends_with(b"\r\n") || text.ends_with(b"\n\r") {
        text.truncate(text.len() - 2);
    }
    Ok(Value::string(&String::from_utf8_lossy(&text)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::env::commands::test_support::{captured, eval};

    /// The entries of the suite's `textpro.dat`, with levels going down and up.
    const ENTRIES: &str = "0MBEGIN-ENTRY-ROOT1\nROOT1 TEXT\nEND-ENTRY\n\n\
        1M BEGIN-ENTRY- SUBTOPIC1\nSUBTOPIC1 TEXT\nEND-ENTRY\n\n\
        2IBEGIN-ENTRY- SUBTOPIC4\nSUBTOPIC4 TEXT\nEND-ENTRY\n\n\
        1I BEGIN-ENTRY-SUBTOPIC2\nSUBTOPIC2 TEXT\n$$1I BEGIN-ENTRY-SUBTOPIC2\n$$END-ENTRY\nEND-ENTRY\n\n\
        0IBEGIN-ENTRY-ROOT2\nROOT2 TEXT\nEND-ENTRY\n\n\
        -1MBEGIN-ENTRY-ROOT3\nROOT3 TEXT\nEND-ENTRY\n\n\
        0IBEGIN-ENTRY-SUBTOPIC3\nSUBTOPIC3 TEXT\nEND-ENTRY\n";

    fn temp_file(name: &str, text: &str) -> String {
        let path = std::env::temp_dir().join(format!("salience-textpro-{name}"));
        std::fs::write(&path, text).expect("temp file");
        path.display().to_string()
    }

    #[test]
    fn lookups_go_on_from_the_current_menu() {
        let file = temp_file("walk.dat", ENTRIES);
        let (mut env, out, _) = captured();
        assert_eq!(
            eval(&mut env, &format!("(fetch \"{file}\")")),
            Ok(Value::Integer(7))
        );
        // The results CLIPS 6.41 gives (test_suite/Expected/textpro.out).
        for (path, text) in [
            ("root", "ROOT3 TEXT\n"),
            ("^ root1 sub", "SUBTOPIC1 TEXT\n"),
            ("sub", "SUBTOPIC4 TEXT\n"),
            ("", "ROOT1 TEXT\n"),
            (
                "subtopic2",
                "SUBTOPIC2 TEXT\n  1I BEGIN-ENTRY-SUBTOPIC2\n  END-ENTRY\n",
            ),
            ("^ root2", "ROOT2 TEXT\n"),
            ("^ r s", "SUBTOPIC3 TEXT\n"),
            ("junk", ""),
        ] {
            let command = format!("(get-region \"{file}\" {path})");
            assert_eq!(eval(&mut env, &command), Ok(Value::string(text)), "{path}");
        }
        let command = format!("(print-region t \"{file}\" ^ root2)");
        assert_eq!(eval(&mut env, &command), Ok(Value::true_sym()));
        assert_eq!(out.take(), "\nROOT2 TEXT\n");
        let command = format!("(print-region t \"{file}\" nothing)");
        assert_eq!(eval(&mut env, &command), Ok(Value::false_sym()));
        let toss = format!("(toss \"{file}\")");
        assert_eq!(eval(&mut env, &toss), Ok(Value::true_sym()));
        assert_eq!(eval(&mut env, &toss), Ok(Value::false_sym()));
        let _ = std::fs::remove_file(file);
    }

    #[test]
    fn badly_formed_files_are_reported_with_their_line() {
        for (name, text, message) in [
            (
                "unmatched.dat",
                "text\nEND-ENTRY\n",
                "[TEXTPRO8] Line 2 : Unmatched end marker.",
            ),
            (
                "unclosed.dat",
                "0IBEGIN-ENTRY-A\n0IBEGIN-ENTRY-B\n",
                "[TEXTPRO4] Line 2 : Previous entry not closed.",
            ),
            (
                "type.dat",
                "0XBEGIN-ENTRY-A\nEND-ENTRY\n",
                "[TEXTPRO6] Line 1 : Invalid entry type.",
            ),
            (
                "marker.dat",
                "xBEGIN-ENTRY-A\nEND-ENTRY\n",
                "[TEXTPRO5] Line 1 : Invalid delimeter string.",
            ),
            (
                "leaf.dat",
                "0IBEGIN-ENTRY-A\nEND-ENTRY\n1IBEGIN-ENTRY-B\nEND-ENTRY\n",
                "[TEXTPRO7] Line 3 : Non-menu entries cannot have subtopics.",
            ),
            ("empty.dat", "no entries\n", "[TEXTPRO3] No entries found."),
        ] {
            let file = temp_file(name, text);
            let (mut env, _, err) = captured();
            let command = format!("(fetch \"{file}\")");
            assert_eq!(eval(&mut env, &command), Ok(Value::false_sym()), "{name}");
            assert_eq!(err.take(), format!("{message}\n"), "{name}");
            // Nothing of a bad file is kept.
            assert_eq!(
                eval(&mut env, &format!("(toss \"{file}\")")),
                Ok(Value::false_sym())
            );
            let _ = std::fs::remove_file(file);
        }
    }

    #[test]
    fn fetching_twice_or_a_missing_file_is_reported() {
        let file = temp_file("twice.dat", ENTRIES);
        let (mut env, _, err) = captured();
        let command = format!("(fetch \"{file}\")");
        assert_eq!(eval(&mut env, &command), Ok(Value::Integer(7)));
        assert_eq!(eval(&mut env, &command), Ok(Value::false_sym()));
        assert_eq!(
            err.take(),
            format!("[TEXTPRO2] File '{file}' already loaded.\n")
        );
        let _ = std::fs::remove_file(file);
        assert_eq!(
            eval(&mut env, "(fetch \"/no/such/file\")"),
            Ok(Value::false_sym())
        );
        assert_eq!(
            err.take(),
            "[TEXTPRO1] Could not open file '/no/such/file'.\n"
        );
    }

    #[test]
    fn long_lines_are_read_in_pieces_as_fgets_reads_them() {
        let long = "x".repeat(300);
        let pieces: Vec<usize> = lines(format!("{long}\nEND").as_bytes())
            .map(|(l, _)| l.len())
            .collect();
        assert_eq!(pieces, [255, 46, 3]);
    }
}
