//! Tab completion of construct keywords, command names and built-in function names
//! after `(`.

use super::input::Balance;
use rustyline::completion::Completer;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};

/// The construct keywords CLIPS accepts at top level.
const CONSTRUCTS: &[&str] = &[
    "defrule",
    "deftemplate",
    "deffacts",
    "deffunction",
    "defglobal",
    "defmodule",
];

/// Completes the word being typed right after a `(`.
#[derive(Debug, Clone)]
pub struct ClipsCompleter {
    words: Vec<&'static str>,
}

impl Default for ClipsCompleter {
    fn default() -> Self {
        let mut words: Vec<&'static str> = CONSTRUCTS
            .iter()
            .copied()
            .chain(salience_engine::env::command_names())
            .chain(salience_engine::functions::names())
            .collect();
        words.sort_unstable();
        words.dedup();
        ClipsCompleter { words }
    }
}

impl ClipsCompleter {
    /// The start of the word before byte `pos` of `line` and the known names that
    /// complete it; nothing unless the word directly follows a `(`.
    pub fn candidates(&self, line: &str, pos: usize) -> (usize, Vec<&'static str>) {
        let before = &line[..pos];
        let start = before
            .rfind(|c: char| c.is_whitespace() || "()\";&|~".contains(c))
            .map_or(0, |i| i + 1);
        let mut balance = Balance::default();
        balance.feed(&before[..start]);
        if !before[..start].ends_with('(') || balance.in_string() {
            return (pos, Vec::new());
        }
        let prefix = &before[start..];
        let matches = self
            .words
            .iter()
            .copied()
            .filter(|w| w.starts_with(prefix))
            .collect();
        (start, matches)
    }
}

impl Completer for ClipsCompleter {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let (start, words) = self.candidates(line, pos);
        Ok((start, words.into_iter().map(String::from).collect()))
    }
}

impl Hinter for ClipsCompleter {
    type Hint = String;
}

impl Highlighter for ClipsCompleter {}

impl Validator for ClipsCompleter {}

impl Helper for ClipsCompleter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_constructs_commands_and_functions_after_a_parenthesis() {
        let c = ClipsCompleter::default();
        let (start, words) = c.candidates("(deft", 5);
        assert_eq!((start, words.first()), (1, Some(&"deftemplate")));
        assert!(words.contains(&"deftemplate-slot-names"), "{words:?}");
        let (_, words) = c.candidates("(defr", 5);
        assert_eq!(words, ["defrule", "defrule-module"]);
        let (_, words) = c.candidates("(age", 4);
        assert!(words.contains(&"agenda"), "{words:?}");
        let (start, words) = c.candidates("(printout t (str-c", 18);
        assert_eq!(start, 13);
        assert!(words.contains(&"str-cat"), "{words:?}");
    }

    #[test]
    fn completes_nothing_outside_a_call_position() {
        let c = ClipsCompleter::default();
        assert!(c.candidates("(printout t", 11).1.is_empty());
        assert!(c.candidates("def", 3).1.is_empty());
        assert!(c.candidates("(printout t \"(def", 17).1.is_empty());
    }

    #[test]
    fn an_empty_word_after_a_parenthesis_offers_every_name() {
        let c = ClipsCompleter::default();
        let (start, words) = c.candidates("(", 1);
        assert_eq!(start, 1);
        assert!(words.contains(&"defrule") && words.contains(&"reset"));
    }
}
