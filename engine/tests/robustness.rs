//! Robustness: random and mutated programs never make the engine panic or hang.
//!
//! Inputs are (a) token soups drawn from CLIPS's vocabulary, (b) the conformance
//! programs with random edits (deleted, duplicated or swapped characters and
//! tokens). Each is loaded, and if it loads, reset and run under firing, fact and
//! time limits. `PROPTEST_CASES=N` sets how many inputs each property tries.

use proptest::prelude::*;
use salience_engine::env::Environment;
use std::time::Duration;

const WORDS: &[&str] = &[
    "(",
    ")",
    "(",
    ")",
    "(",
    ")",
    "deftemplate",
    "defrule",
    "deffacts",
    "deffunction",
    "defglobal",
    "defmodule",
    "slot",
    "multislot",
    "default",
    "type",
    "INTEGER",
    "=>",
    "declare",
    "salience",
    "not",
    "exists",
    "forall",
    "or",
    "and",
    "test",
    "logical",
    "assert",
    "retract",
    "modify",
    "duplicate",
    "bind",
    "if",
    "then",
    "else",
    "while",
    "do",
    "loop-for-count",
    "foreach",
    "progn$",
    "switch",
    "case",
    "printout",
    "t",
    "crlf",
    "+",
    "-",
    "*",
    "/",
    "=",
    "<",
    ">",
    "eq",
    "neq",
    "create$",
    "nth$",
    "str-cat",
    "?x",
    "?y",
    "$?z",
    "?",
    "$?",
    "?*g*",
    "&",
    "|",
    "~",
    ":",
    "<-",
    "?f",
    "1",
    "2.5",
    "-7",
    "\"s\"",
    "a",
    "b",
    "c",
    "nil",
    "TRUE",
    "FALSE",
    "halt",
    "focus",
    "MAIN::",
    "return",
    "break",
    "find-all-facts",
    "do-for-all-facts",
    "length$",
    "expand$",
];

/// Loads `source`; if it loads, runs it under tight limits. Must not panic.
fn exercise(source: &str) {
    let mut env = Environment::new();
    env.set_output(std::io::sink());
    env.set_error_output(std::io::sink());
    let limits = env.limits_mut();
    limits.max_firings = Some(2_000);
    limits.max_facts = Some(2_000);
    limits.max_time = Some(Duration::from_millis(500));
    if env.load_str(source, "fuzz.clp").is_ok() {
        env.reset();
        let _ = env.run(None);
    }
    let mut batch = Environment::new();
    batch.set_output(std::io::sink());
    batch.set_error_output(std::io::sink());
    batch.limits_mut().max_firings = Some(2_000);
    batch.limits_mut().max_time = Some(Duration::from_millis(500));
    batch.execute_str(source, "fuzz.bat");
}

fn corpus() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/conformance/run");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "clp"));
    files.sort();
    files
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        // Programs that read standard input or write files are left out.
        .filter(|t| !t.contains("(read") && !t.contains("(open"))
        .collect()
}

/// A random edit of `text`: `kind` picks deletion, duplication or swap of a span.
fn mutate(text: &str, edits: &[(u8, usize, usize)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(kind, at, len) in edits {
        if chars.is_empty() {
            break;
        }
        let at = at % chars.len();
        let end = (at + 1 + len % 16).min(chars.len());
        match kind % 3 {
            0 => {
                chars.drain(at..end);
            }
            1 => {
                let piece: Vec<char> = chars[at..end].to_vec();
                let to = (at * 7 + len) % chars.len();
                chars.splice(to..to, piece);
            }
            _ => {
                let other = (at * 13 + len) % chars.len();
                chars.swap(at, other);
            }
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn token_soup_never_panics(words in prop::collection::vec(0..WORDS.len(), 0..200)) {
        let source: Vec<&str> = words.iter().map(|i| WORDS[*i]).collect();
        exercise(&source.join(" "));
    }

    #[test]
    fn mutated_programs_never_panic(
        pick in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<u8>(), any::<usize>(), any::<usize>()), 1..8),
    ) {
        let programs = corpus();
        prop_assume!(!programs.is_empty());
        let source = &programs[pick.index(programs.len())];
        exercise(&mutate(source, &edits));
    }
}
