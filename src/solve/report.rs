//! Printing results: one JSON object per puzzle, a text block per puzzle, and the
//! per-file summary (solved / stuck / wrong, time, the rules that fired most).

use super::kind::{Numbered, PuzzleError, PuzzleKind};
use super::solver::{Outcome, Status};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::time::Duration;

/// One puzzle's result as a JSON object, keys in a stable order.
pub fn json_result<K: PuzzleKind>(
    file: &str,
    puzzle: &Numbered<K::Puzzle>,
    outcome: &Outcome<K::Answer>,
) -> Value {
    let mut object = Map::new();
    object.insert("file".into(), json!(file));
    object.insert("index".into(), json!(puzzle.index));
    object.insert("name".into(), json!(puzzle.name));
    object.insert("status".into(), json!(outcome.status.name()));
    if let Some(detail) = outcome.status.detail() {
        object.insert("detail".into(), json!(detail));
    }
    object.insert(
        K::ANSWER_KEY.into(),
        outcome.answer.as_ref().map_or(Value::Null, K::answer_json),
    );
    object.insert("level".into(), json!(outcome.level));
    object.insert("firings".into(), json!(outcome.firings));
    object.insert("rules".into(), json!(outcome.rules));
    object.insert("branches".into(), json!(outcome.branches));
    object.insert(
        "elapsed_us".into(),
        json!(u64::try_from(outcome.elapsed.as_micros()).unwrap_or(u64::MAX)),
    );
    if !outcome.path.is_empty() {
        object.insert("path".into(), json!(outcome.path));
    }
    Value::Object(object)
}

/// A puzzle that could not be read, as a JSON object with status `error`.
pub fn json_unreadable(file: &str, error: &PuzzleError) -> Value {
    json!({
        "file": file,
        "index": error.index,
        "name": error.name,
        "status": "error",
        "detail": describe_unreadable(file, error),
    })
}

/// `file: puzzle 3 (name), line 7, column 2: message`.
pub fn describe_unreadable(file: &str, error: &PuzzleError) -> String {
    let name = if error.name.is_empty() {
        String::new()
    } else {
        format!(" ({})", error.name)
    };
    let column = error
        .column
        .map_or(String::new(), |c| format!(", column {c}"));
    format!(
        "{file}: puzzle {}{name}, line {}{column}: {}",
        error.index, error.line, error.message
    )
}

/// One puzzle's result as text: a header line, the grid, and the resolution path.
pub fn text_result<K: PuzzleKind>(
    file: &str,
    puzzle: &Numbered<K::Puzzle>,
    outcome: &Outcome<K::Answer>,
) -> String {
    let mut text = format!("{file} #{}", puzzle.index);
    if puzzle.name != format!("#{}", puzzle.index) {
        text.push_str(&format!(" {}", puzzle.name));
    }
    text.push_str(&format!(": {}", outcome.status.name()));
    if let Some(detail) = outcome.status.detail() {
        text.push_str(&format!(" ({detail})"));
    }
    text.push_str(&format!(
        " — level {}, {} firings, {}\n",
        if outcome.level.is_empty() {
            "none"
        } else {
            &outcome.level
        },
        outcome.firings,
        format_duration(outcome.elapsed)
    ));
    text.push_str(&K::render_text(&puzzle.puzzle, outcome.answer.as_ref()));
    if !text.ends_with('\n') {
        text.push('\n');
    }
    for (step, line) in outcome.path.iter().enumerate() {
        text.push_str(&format!("{:>5}. {line}\n", step + 1));
    }
    text.push('\n');
    text
}

/// The tally of one file's results, for its summary.
#[derive(Debug, Default)]
pub struct Tally {
    /// Results per status name.
    pub by_status: BTreeMap<&'static str, usize>,
    /// Puzzles that could not be read.
    pub unreadable: usize,
    /// Total solving time.
    pub elapsed: Duration,
    /// Firings per rule, summed over the file.
    pub rules: BTreeMap<String, u64>,
}

impl Tally {
    /// Counts one solved (or not) puzzle.
    pub fn add<A>(&mut self, outcome: &Outcome<A>) {
        *self.by_status.entry(outcome.status.name()).or_default() += 1;
        self.elapsed += outcome.elapsed;
        for (rule, n) in &outcome.rules {
            *self.rules.entry(rule.clone()).or_default() += n;
        }
    }

    /// Whether every puzzle was read and none was answered wrongly or failed.
    pub fn all_sound(&self) -> bool {
        self.unreadable == 0
            && [Status::Wrong(String::new()), Status::Error(String::new())]
                .iter()
                .all(|s| !self.by_status.contains_key(s.name()))
    }

    /// `file: 50 puzzles — 48 solved, 2 stuck, 0 wrong; 1.234 s` and the rules that fired most.
    pub fn summary(&self, file: &str) -> String {
        let count = |s: &str| self.by_status.get(s).copied().unwrap_or(0);
        let total: usize = self.by_status.values().sum::<usize>() + self.unreadable;
        let mut text = format!(
            "{file}: {total} puzzles — {} solved, {} stuck, {} wrong",
            count("solved"),
            count("stuck"),
            count("wrong")
        );
        for other in ["contradiction", "multiple", "limit", "error"] {
            if count(other) > 0 {
                text.push_str(&format!(", {} {other}", count(other)));
            }
        }
        if self.unreadable > 0 {
            text.push_str(&format!(", {} unreadable", self.unreadable));
        }
        text.push_str(&format!("; {}\n", format_duration(self.elapsed)));
        let mut most: Vec<(&String, &u64)> = self.rules.iter().collect();
        most.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        if !most.is_empty() {
            let top: Vec<String> = most
                .iter()
                .take(8)
                .map(|(rule, n)| format!("{rule} {n}"))
                .collect();
            text.push_str(&format!("  rules fired most: {}\n", top.join(", ")));
        }
        text
    }
}

/// `850 µs`, `12.3 ms`, `1.234 s`.
pub fn format_duration(d: Duration) -> String {
    let micros = d.as_micros();
    if micros < 1_000 {
        format!("{micros} µs")
    } else if micros < 1_000_000 {
        format!("{:.1} ms", micros as f64 / 1e3)
    } else {
        format!("{:.3} s", d.as_secs_f64())
    }
}
