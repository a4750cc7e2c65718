//! Batch files run on Salience against the transcripts CLIPS 6.41 wrote for them
//! (`clips_transcripts/NAME.bat` and `NAME.out`, the console's banner and final
//! `(exit)` left out): rule commands and their messages, fact functions on
//! retracted facts, lex/mea ties, `matches` over a sub-chain led by a `test`,
//! and what reset and a new `not` pattern activate.

use salience_engine::env::Environment;
use std::path::Path;

/// Runs `NAME.bat` as a batch file and compares what it printed (its messages
/// among the rest, as on a console) with `NAME.out`.
fn check(name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clips_transcripts");
    let read = |ext: &str| {
        std::fs::read_to_string(dir.join(format!("{name}.{ext}")))
            .unwrap_or_else(|e| panic!("{name}.{ext}: {e}"))
    };
    let mut env = Environment::new();
    let out = env.capture_output();
    env.set_error_output(out.clone());
    env.batch_str(&read("bat"), &format!("{name}.bat"), true);
    assert_eq!(out.take(), read("out"), "{name}");
}

#[test]
fn rule_commands() {
    check("rule_commands");
}

#[test]
fn facts_and_agenda() {
    check("facts_and_agenda");
}
