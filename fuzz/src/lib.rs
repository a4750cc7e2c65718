//! What the fuzz targets share: an environment under limits that writes nowhere, a
//! scratch folder for the files programs write, and the generator of well-formed
//! programs ([`program`]).

pub mod program;

use salience_engine::env::{Environment, TextInput};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Once;
use std::time::Duration;

/// The most rules one `run` may fire in a fuzzed program.
pub const MAX_FIRINGS: u64 = 2_000;
/// The most facts working memory may hold.
pub const MAX_FACTS: usize = 2_000;
/// The longest one `run` may take.
pub const MAX_TIME: Duration = Duration::from_millis(300);

/// Makes a folder of its own the working directory, once per process, so that the
/// files a program saves, loads, opens or removes are the fuzzer's own.
pub fn enter_scratch() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let dir = std::env::temp_dir().join(format!("salience-fuzz-{}", std::process::id()));
        if std::fs::create_dir_all(&dir).is_ok() {
            let _ = std::env::set_current_dir(&dir);
        }
    });
}

/// Whether a fuzzed text may be run: `system` runs a shell, which a fuzzer must not
/// drive (the text could name any command).
pub fn runnable(text: &str) -> bool {
    !text.contains("system")
}

/// A new environment under the limits above, its output thrown away and its
/// standard input empty.
pub fn environment() -> Environment {
    let mut env = Environment::new();
    env.set_output(std::io::sink());
    env.set_error_output(std::io::sink());
    env.set_input(Rc::new(RefCell::new(TextInput {
        text: String::new(),
        pos: 0,
        echo: false,
    })));
    let limits = env.limits_mut();
    limits.max_firings = Some(MAX_FIRINGS);
    limits.max_facts = Some(MAX_FACTS);
    limits.max_time = Some(MAX_TIME);
    limits.max_hypotheses = Some(100);
    env
}

/// Loads `source` as a program file (constructs; a broken one is left out as CLIPS
/// leaves it out), then `(reset)` and `(run)`.
pub fn load_and_run(source: &str) {
    let mut env = environment();
    let _ = env.load_str(source, "fuzz.clp");
    env.reset();
    let _ = env.run(None);
}

/// Executes `commands` as a batch file (`clips -f`), echo included.
pub fn batch(commands: &str) {
    let mut env = environment();
    env.batch_str(commands, "fuzz.bat", true);
}

/// The text of the fuzzer's bytes, as Salience reads a file of any encoding.
pub fn text(data: &[u8]) -> String {
    salience_engine::syntax::encoding::decode(data.to_vec())
}

/// Runs a generated program: its files written to the working folder, its
/// constructs loaded, `(reset)` and `(run)`, then its commands as a batch file.
pub fn run_generated(program: &program::Program) {
    let texts = program
        .files
        .iter()
        .map(|(_, text)| text.as_str())
        .chain([program.constructs.as_str(), program.commands.as_str()]);
    if !texts.clone().all(runnable) {
        return;
    }
    for (name, text) in &program.files {
        if std::fs::write(name, text).is_err() {
            return;
        }
    }
    let mut env = environment();
    let _ = env.load_str(&program.constructs, "fuzz.clp");
    env.reset();
    let _ = env.run(None);
    env.batch_str(&program.commands, "fuzz.bat", true);
}

/// A reader target's choice of format: a first byte below 8 is the choice and the
/// rest the file; any other first byte starts the file (so that puzzle files are
/// seeds as they are).
pub fn choice(data: &[u8]) -> (Option<u8>, &[u8]) {
    match data.split_first() {
        Some((&c, rest)) if c < 8 => (Some(c), rest),
        _ => (None, data),
    }
}
