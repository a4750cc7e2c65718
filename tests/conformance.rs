//! CLIPS conformance corpus.
//!
//! Every `tests/conformance/run/NAME.clp` is run as `salience run NAME.clp`
//! (current directory `tests/conformance/run`) and its stdout must equal
//! `NAME.out` byte for byte.  Every `tests/conformance/batch/NAME.bat` is run
//! as `salience batch NAME.bat` (current directory `tests/conformance/batch`,
//! so relative paths inside the batch file work) and its stdout and stderr,
//! written to one file in the order they come, must equal `NAME.out` (CLIPS
//! 6.30 prints its error messages in the transcript; salience prints them on
//! stderr).  The expected outputs were recorded from real CLIPS by
//! `tests/conformance/record.py` (see `tests/conformance/INDEX.md`).
//!
//! All programs are run; each gets a timeout, so a hang fails that program
//! only.  Set `CONFORMANCE_FILTER=substring` to run only the programs whose
//! name contains the substring.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(20);
const CONTEXT_LINES: usize = 2;
const MAX_DIFF_LINES: usize = 8;

#[derive(Clone)]
struct Program {
    /// "run/NAME" or "batch/NAME"
    name: String,
    /// "run" or "batch"
    mode: &'static str,
    dir: PathBuf,
    file: String,
    expected: PathBuf,
}

enum Outcome {
    Pass,
    Fail(String),
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("conformance")
}

fn collect(sub: &str, ext: &str, mode: &'static str) -> Vec<Program> {
    let dir = corpus_dir().join(sub);
    let mut programs = Vec::new();
    let entries = match fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(_) => return programs,
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let file = match path.file_name().and_then(|f| f.to_str()) {
            Some(f) => f.to_string(),
            None => continue,
        };
        if let Some(stem) = file.strip_suffix(ext) {
            programs.push(Program {
                name: format!("{}/{}", sub, stem),
                mode,
                dir: dir.clone(),
                expected: dir.join(format!("{}.out", stem)),
                file: file.clone(),
            });
        }
    }
    programs.sort_by(|a, b| a.name.cmp(&b.name));
    programs
}

/// Runs the program with a timeout; returns its output or a failure text. A
/// `run` program's stdout is returned (its stderr, error messages, is not
/// compared: CLIPS 6.4 recorded its stdout router only). A `batch` program's
/// stdout and stderr go to one file, in the order they were written, as CLIPS
/// 6.30 prints its transcript and its error messages on one terminal.
fn run_program(p: &Program) -> Result<Vec<u8>, String> {
    let merged = (p.mode == "batch").then(|| merged_output_path(p));
    let mut command = Command::new(env!("CARGO_BIN_EXE_salience"));
    command
        .arg(p.mode)
        .arg(&p.file)
        .current_dir(&p.dir)
        .stdin(Stdio::null());
    match &merged {
        Some(path) => {
            let file = fs::File::create(path)
                .map_err(|e| format!("cannot create {}: {}", path.display(), e))?;
            let copy = file
                .try_clone()
                .map_err(|e| format!("cannot share {}: {}", path.display(), e))?;
            command.stdout(file).stderr(copy);
        }
        None => {
            command.stdout(Stdio::piped()).stderr(Stdio::piped());
        }
    }
    let mut child = command
        .spawn()
        .map_err(|e| format!("cannot start salience: {}", e))?;

    // Drain the pipes in threads so a chatty child never blocks on a full pipe.
    let out_reader = child.stdout.take().map(drain);
    let err_reader = child.stderr.take().map(drain);

    let start = Instant::now();
    let mut timed_out = false;
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) => {
                if start.elapsed() >= TIMEOUT {
                    let _ = child.kill();
                    let _ = child.wait();
                    timed_out = true;
                    break;
                }
                thread::sleep(Duration::from_millis(10));
            }
            Err(e) => return Err(format!("waiting for salience failed: {}", e)),
        }
    }
    let stdout = match (&merged, out_reader) {
        (Some(path), _) => {
            let bytes = fs::read(path).unwrap_or_default();
            let _ = fs::remove_file(path);
            bytes
        }
        (None, Some(reader)) => reader.join().unwrap_or_default(),
        (None, None) => Vec::new(),
    };
    if let Some(reader) = err_reader {
        let _ = reader.join(); // stderr (error messages) of run programs is not compared
    }
    if timed_out {
        let mut msg = format!(
            "    timed out after {} s (killed); stdout so far: {} bytes",
            TIMEOUT.as_secs(),
            stdout.len()
        );
        let tail = tail_lines(&String::from_utf8_lossy(&stdout), 3);
        for line in tail {
            msg.push_str(&format!("\n    | {}", line));
        }
        return Err(msg);
    }
    Ok(stdout)
}

/// Reads a child's pipe to its end in a thread.
fn drain(mut pipe: impl Read + Send + 'static) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = pipe.read_to_end(&mut buf);
        buf
    })
}

/// A file of its own for the merged output of batch program `p`.
fn merged_output_path(p: &Program) -> PathBuf {
    std::env::temp_dir().join(format!(
        "salience-conformance-{}-{}.out",
        std::process::id(),
        p.name.replace('/', "_")
    ))
}

fn tail_lines(text: &str, n: usize) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let from = lines.len().saturating_sub(n);
    lines[from..].iter().map(|s| s.to_string()).collect()
}

/// A short unified-style diff of the first differing lines: the first hunk
/// of a line diff (LCS over a window starting at the first difference).
fn short_diff(expected: &[u8], actual: &[u8]) -> String {
    let exp = String::from_utf8_lossy(expected);
    let act = String::from_utf8_lossy(actual);
    let e: Vec<&str> = exp.split_inclusive('\n').collect();
    let a: Vec<&str> = act.split_inclusive('\n').collect();
    let mut i = 0;
    while i < e.len() && i < a.len() && e[i] == a[i] {
        i += 1;
    }
    let show = |s: &str| -> String {
        match s.strip_suffix('\n') {
            Some(body) => body.to_string(),
            None => format!("{}\\ (no newline at end)", s),
        }
    };

    // LCS over a bounded window after the common prefix.
    const WINDOW: usize = 80;
    let we = &e[i..(i + WINDOW).min(e.len())];
    let wa = &a[i..(i + WINDOW).min(a.len())];
    let (n, m) = (we.len(), wa.len());
    let mut lcs = vec![vec![0u16; m + 1]; n + 1];
    for x in (0..n).rev() {
        for y in (0..m).rev() {
            lcs[x][y] = if we[x] == wa[y] {
                lcs[x + 1][y + 1] + 1
            } else {
                lcs[x + 1][y].max(lcs[x][y + 1])
            };
        }
    }
    // Walk the table: ' ' equal, '-' expected only, '+' actual only.
    let mut ops: Vec<(char, &str)> = Vec::new();
    let (mut x, mut y) = (0, 0);
    while x < n || y < m {
        if x < n && y < m && we[x] == wa[y] {
            ops.push((' ', we[x]));
            x += 1;
            y += 1;
        } else if x < n && (y == m || lcs[x + 1][y] >= lcs[x][y + 1]) {
            ops.push(('-', we[x]));
            x += 1;
        } else {
            ops.push(('+', wa[y]));
            y += 1;
        }
    }

    let mut body = Vec::new();
    for line in &e[i.saturating_sub(CONTEXT_LINES)..i] {
        body.push(format!("     {}", show(line)));
    }
    let (mut changes, mut trailing_equal, mut seen_change) = (0, 0, false);
    let (mut exp_count, mut act_count) = (i - i.saturating_sub(CONTEXT_LINES), 0);
    act_count += exp_count;
    for (op, line) in &ops {
        if *op == ' ' {
            if seen_change {
                trailing_equal += 1;
                if trailing_equal > CONTEXT_LINES {
                    break;
                }
            }
            exp_count += 1;
            act_count += 1;
        } else {
            if changes >= MAX_DIFF_LINES {
                body.push("    ... (more differences)".to_string());
                break;
            }
            seen_change = true;
            trailing_equal = 0;
            changes += 1;
            if *op == '-' {
                exp_count += 1;
            } else {
                act_count += 1;
            }
        }
        body.push(format!("    {}{}", op, show(line)));
    }
    let first = i.saturating_sub(CONTEXT_LINES) + 1;
    let mut out = vec![
        "    --- expected (CLIPS)".to_string(),
        "    +++ actual (salience)".to_string(),
        format!(
            "    @@ -{},{} +{},{} @@",
            first, exp_count, first, act_count
        ),
    ];
    out.extend(body);
    out.push(format!(
        "    ({} lines expected, {} lines produced)",
        e.len(),
        a.len()
    ));
    out.join("\n")
}

fn check(p: &Program) -> Outcome {
    let expected = match fs::read(&p.expected) {
        Ok(bytes) => bytes,
        Err(e) => return Outcome::Fail(format!("    cannot read {}: {}", p.expected.display(), e)),
    };
    match run_program(p) {
        Err(msg) => Outcome::Fail(msg),
        Ok(actual) => {
            if actual == expected {
                Outcome::Pass
            } else {
                Outcome::Fail(short_diff(&expected, &actual))
            }
        }
    }
}

#[test]
fn conformance() {
    let mut programs = collect("run", ".clp", "run");
    programs.extend(collect("batch", ".bat", "batch"));
    if let Ok(filter) = std::env::var("CONFORMANCE_FILTER") {
        programs.retain(|p| p.name.contains(&filter));
    }
    assert!(
        !programs.is_empty(),
        "no conformance programs found under {}",
        corpus_dir().display()
    );
    let total = programs.len();

    let workers = thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(2)
        .clamp(1, 8);
    let queue = Arc::new(Mutex::new(programs.clone().into_iter().enumerate()));
    let results: Arc<Mutex<Vec<(usize, String, Outcome)>>> = Arc::new(Mutex::new(Vec::new()));
    let mut handles = Vec::new();
    for _ in 0..workers {
        let queue = Arc::clone(&queue);
        let results = Arc::clone(&results);
        handles.push(thread::spawn(move || loop {
            let next = queue.lock().unwrap().next();
            let (index, program) = match next {
                Some(item) => item,
                None => break,
            };
            let outcome = check(&program);
            results
                .lock()
                .unwrap()
                .push((index, program.name.clone(), outcome));
        }));
    }
    for h in handles {
        h.join().expect("conformance worker panicked");
    }

    let mut results = Arc::try_unwrap(results)
        .ok()
        .expect("workers finished")
        .into_inner()
        .unwrap();
    results.sort_by_key(|(index, _, _)| *index);
    let mut failed = 0;
    let mut report = String::new();
    for (_, name, outcome) in &results {
        if let Outcome::Fail(diff) = outcome {
            failed += 1;
            report.push_str(&format!("FAIL {}\n{}\n", name, diff));
        }
    }
    let passed = total - failed;
    if failed > 0 {
        eprintln!("{}", report);
        eprintln!("conformance: {} passed, {} failed", passed, failed);
        panic!("{} of {} conformance programs differ", failed, total);
    }
    eprintln!("conformance: {} passed, 0 failed", passed);
}
