//! The construct echo after `ERROR:` (`env::pretty::read_so_far`) against every
//! `ERROR:` block of CLIPS 6.41's own regression suite (its `Expected/*.out`
//! transcripts). Each block is paired with the construct text the driver entered:
//! the echoed `CLIPS> ` command (or the string a `build`/`check-syntax`/`eval` got),
//! or, for a message naming `FILE, Line N`, the construct in FILE at that line. How
//! far CLIPS had read is found from the block's last token: the same token, counted
//! the same number of times, in the construct's text.
//!
//! The suite is looked for in `shared/clips-6.41/test_suite` beside an ancestor of
//! this crate (or at `$CLIPS_TEST_SUITE`); without it the test is skipped with a note.

use salience_engine::env::pretty::read_so_far;
use salience_engine::syntax::sexpr::{read_one, read_prefix, SExpr, SExprKind, Token};
use std::path::{Path, PathBuf};

/// The blocks that must match (all those matched when this test was written).
const MATCHED_AT_LEAST: usize = 786;

/// Writes a line straight to standard error, past the test harness's capture.
fn note(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "construct_echo: {text}");
}

/// The suite's directory, if it is installed.
fn suite_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("CLIPS_TEST_SUITE") {
        return Some(PathBuf::from(dir));
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|a| a.join("shared/clips-6.41/test_suite"))
        .find(|d| d.join("Expected").is_dir())
}

/// One `ERROR:` block and where it came from.
struct Block {
    /// `FILE:LINE` of the transcript.
    place: String,
    /// The buffer CLIPS printed.
    expected: String,
    /// The construct's text, from its `(`.
    source: String,
}

/// One step of reading: a `(`, a `)` or a token, at the offset just past it.
#[derive(Debug, PartialEq)]
enum Step {
    Open,
    Close,
    Token(Token),
}

/// The steps of reading `item`, each with the offset just past it, in order.
fn steps(item: &SExpr, out: &mut Vec<(usize, Step)>) {
    match &item.kind {
        SExprKind::Token(Token::Symbol(s)) => {
            // `MAIN::name` in the buffer is `name` in the source.
            let name = s.as_str().rsplit("::").next().unwrap_or("");
            let step = Step::Token(Token::Symbol(salience_engine::value::atom(name)));
            out.push((item.span.end, step));
        }
        SExprKind::Token(t) => out.push((item.span.end, Step::Token(t.clone()))),
        SExprKind::List(items) => {
            out.push((item.span.start + 1, Step::Open));
            for i in items {
                steps(i, out);
            }
            if item.span.end != usize::MAX {
                out.push((item.span.end, Step::Close));
            }
        }
    }
}

/// The offset in `source` just past what CLIPS had read when it printed `block`:
/// the block's last step, found as often in the source as in the block; past the
/// end of the source when that is the last step of a construct left open (CLIPS
/// read to the end of the input).
fn read_to(block: &str, source: &str) -> Option<usize> {
    let (shown, _) = read_prefix(block)?;
    let mut shown_steps = Vec::new();
    steps(&shown, &mut shown_steps);
    let (_, last) = shown_steps.last()?;
    let times = shown_steps.iter().filter(|(_, s)| s == last).count();
    let (construct, open) = read_prefix(source)?;
    let mut source_steps = Vec::new();
    steps(&construct, &mut source_steps);
    let (at, (end, _)) = source_steps
        .iter()
        .enumerate()
        .filter(|(_, (_, s))| s == last)
        .nth(times - 1)?;
    if open.is_some() && at + 1 == source_steps.len() {
        return Some(source.len() + 1);
    }
    Some(*end)
}

/// The `ERROR:` blocks of one transcript.
fn blocks(suite: &Path, name: &str, transcript: &str) -> Vec<Result<Block, String>> {
    let lines: Vec<&str> = transcript.split('\n').collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if *line != "ERROR:" {
            continue;
        }
        let Some(first) = lines.get(i + 1) else {
            continue;
        };
        let mut expected = first.to_string();
        for more in lines[i + 2..].iter().take_while(|l| l.starts_with(' ')) {
            expected.push('\n');
            expected.push_str(more);
        }
        let place = format!("{name}:{}", i + 1);
        // The message (of one or a few lines) just before the block.
        let message = lines[..i]
            .iter()
            .rev()
            .take_while(|l| !l.starts_with("CLIPS>") && **l != "ERROR:")
            .take(4)
            .find_map(|l| file_and_line(l));
        let source = match message {
            Some((file, line)) => construct_in_file(suite, &file, line, first),
            None => entered_command(&lines[..i], first),
        };
        found.push(
            source
                .map(|source| Block {
                    place: place.clone(),
                    expected,
                    source,
                })
                .ok_or(place),
        );
    }
    found
}

/// The file and line a message names (`[ID] FILE, Line N: ...`).
fn file_and_line(message: &str) -> Option<(String, usize)> {
    let at = message.find(", Line ")?;
    let file = message[..at].rsplit([' ', ']']).next()?;
    let rest = &message[at + ", Line ".len()..];
    let line = rest.split(':').next()?.parse().ok()?;
    Some((file.to_string(), line))
}

/// The kind and unqualified name a block's first line shows.
fn kind_and_name(first: &str) -> Option<(&str, &str)> {
    let mut words = first.strip_prefix('(')?.split([' ', ')']);
    let kind = words.next()?;
    let name = words.next().unwrap_or("");
    Some((kind, name.rsplit("::").next().unwrap_or(name)))
}

/// The text from the last `(KIND` starting at or before `line` of `file`
/// (preferring one naming the block's construct) to the end of the file.
fn construct_in_file(suite: &Path, file: &str, line: usize, first: &str) -> Option<String> {
    let text = String::from_utf8_lossy(&std::fs::read(suite.join(file)).ok()?).into_owned();
    let (kind, name) = kind_and_name(first)?;
    let opening = format!("({kind}");
    let mut candidates = Vec::new();
    for (at, _) in text.match_indices(&opening) {
        let after = &text[at + opening.len()..];
        if !after.starts_with([' ', '\t', '\n', '\r', ')']) {
            continue;
        }
        if text[..at].matches('\n').count() + 1 > line {
            break;
        }
        let named = after.split_whitespace().next().unwrap_or("");
        let named = named.rsplit("::").next().unwrap_or(named);
        candidates.push((at, named == name));
    }
    let (at, _) = candidates
        .iter()
        .rev()
        .find(|(_, named)| *named)
        .or(candidates.last())?;
    Some(text[*at..].to_string())
}

/// The construct of the last command echoed before the block: the command itself,
/// or the string `build`, `check-syntax` or `eval` was given.
fn entered_command(before: &[&str], first: &str) -> Option<String> {
    let at = before.iter().rposition(|l| l.starts_with("CLIPS> "))?;
    let text = before[at..].join("\n");
    let text = text.strip_prefix("CLIPS> ")?;
    let (command, _) = read_one(text).ok()??;
    let (kind, _) = kind_and_name(first)?;
    let items = command.as_list()?;
    let head = items.first()?.as_symbol()?;
    if head.as_str() == kind {
        return Some(text[command.span.start..command.span.end].to_string());
    }
    match items.get(1)?.as_token()? {
        Token::String(s) if ["build", "check-syntax", "eval"].contains(&head.as_str()) => {
            let s = s.as_str();
            Some(s[s.find('(')?..].to_string())
        }
        _ => None,
    }
}

#[test]
fn construct_echo_matches_every_error_block_of_the_clips_suite() {
    let Some(suite) = suite_dir() else {
        note("SKIPPED: the CLIPS 6.41 test suite (shared/clips-6.41/test_suite) is absent");
        return;
    };
    let mut names: Vec<PathBuf> = std::fs::read_dir(suite.join("Expected"))
        .expect("Expected/ readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "out"))
        .collect();
    names.sort();
    let (mut matched, mut unsourced, mut mismatched) = (0, Vec::new(), Vec::new());
    for path in &names {
        let transcript =
            String::from_utf8_lossy(&std::fs::read(path).expect("readable")).replace("\r\n", "\n");
        let name = path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        for block in blocks(&suite, &name, &transcript) {
            let block = match block {
                Ok(block) => block,
                Err(place) => {
                    unsourced.push(place);
                    continue;
                }
            };
            let module = kind_and_name(&block.expected)
                .and_then(|_| block.expected.split_whitespace().nth(1))
                .and_then(|q| q.split_once("::").map(|(m, _)| m))
                .unwrap_or("MAIN");
            let Some(read_to) = read_to(&block.expected, &block.source) else {
                unsourced.push(block.place);
                continue;
            };
            let actual = read_so_far(&block.source, module, read_to);
            if actual == block.expected {
                matched += 1;
            } else {
                mismatched.push(format!(
                    "{}: read_to {read_to} of {:?}\n--- expected\n{}\n--- actual\n{}\n",
                    block.place,
                    block.source.chars().take(200).collect::<String>(),
                    block.expected,
                    actual
                ));
            }
        }
    }
    note(&format!(
        "{matched} blocks match, {} differ, {} without a construct found",
        mismatched.len(),
        unsourced.len()
    ));
    if std::env::var_os("CONSTRUCT_ECHO_VERBOSE").is_some() {
        for m in &mismatched {
            note(m);
        }
        note(&format!("unsourced: {unsourced:?}"));
    }
    assert!(
        matched >= MATCHED_AT_LEAST,
        "{matched} blocks match, fewer than {MATCHED_AT_LEAST}; the first differences:\n{}",
        mismatched.iter().take(10).cloned().collect::<String>()
    );
}
