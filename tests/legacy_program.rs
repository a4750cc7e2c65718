//! A large program written for CLIPS 6.30, generated: the shape of the rule-based
//! applications of that time, loaded by a configuration file through `(batch)` and
//! hundreds of `(load)`s (half typed in the batch file, half by a deffunction's
//! loop), with defglobals, deffunctions, modules, salience (fixed and from a
//! global) and many rules of equal salience whose tie order decides the output. It
//! must run unchanged on Salience with CLIPS's transcript, the fact index made at
//! the end included.
//!
//! Truth: the consoles themselves, run on the same generated files: the CLIPS 6.41
//! console named by `CLIPS_641` (`.ci/run` builds it), and CLIPS 6.30 (`clips`)
//! when installed, which must print the same transcript (banner line dropped). No
//! transcript is recorded, so none can go stale as the generator changes; without
//! `CLIPS_641` the test says so and compares nothing.
//!
//! Ignored for now: 2 of the transcript's 450 lines differ with 40 files, 42 of
//! 1,330 with 160 (two rules of equal salience fire in the other order after a
//! retraction; see the README's "Not yet"). Run it with
//! `CLIPS_641=... cargo test --profile ci --test legacy_program -- --ignored`.

use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

/// Rule files generated.
const FILES: usize = 160;
/// Cells in the deffacts.
const CELLS: usize = 10;
/// Modules the rules are spread over, focused in turn.
const STAGES: usize = 4;

/// A fixed xorshift generator: the same program on every run and machine.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x % n
    }
}

/// The text of one rule of kind `kind` (0-4), named `name`, in module `module`.
fn rule(name: &str, module: usize, salience: &str, kind: u64, t: u64, m: u64) -> String {
    let guard = format!("(not (mark (rule {name}) (id ?i)))");
    let mut act = format!("(assert (mark (rule {name}) (id ?i))) (note {name} ?i)");
    let lhs = match kind {
        0 => format!("(cell (id ?i) (v ?v&:(> ?v {t}))) {guard}"),
        1 => format!(
            "(cell (id ?i) (g ?g) (v ?v)) (cell (id ?j&:(> ?j ?i)) (g ?g) \
             (v ?w&:(= (mod (+ ?v ?w) {m}) 0))) {guard}"
        ),
        2 => format!("(cell (id ?i) (g ?g)) (exists (cell (g ?g) (v ?x&:(< ?x {t})))) {guard}"),
        3 => {
            act = format!(
                "(assert (mark (rule {name}) (id ?i))) (retract ?c) \
                 (assert (cell (id ?i) (g ?g) (v (+ ?v {m})))) (note {name} ?i)"
            );
            format!("?c <- (cell (id ?i) (g ?g) (v ?v&:(< ?v {t}))) {guard}")
        }
        _ => format!(
            "(cell (id ?i) (v ?v)) (test (< ?v ?*limit*)) {guard} \
             (not (cell (id ?j&:(< ?j ?i)) (v ?v)))"
        ),
    };
    format!("(defrule S{module}::{name}\n  {salience}{lhs}\n  =>\n  {act})\n")
}

/// Writes the program into `dir`: `main.bat` is what a user runs.
fn generate(dir: &Path) {
    let write = |path: &str, text: &str| {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("directory");
        std::fs::write(path, text).expect("file written");
    };
    write(
        "lib/globals.clp",
        ";; globals\n(defmodule MAIN (export ?ALL))\n\
         (defglobal MAIN ?*count* = 0 ?*high* = 7)\n\
         (defglobal MAIN ?*limit* = (+ ?*high* 3))\n",
    );
    let mut templates = String::from(
        "(deftemplate MAIN::cell (slot id) (slot g) (slot v (type INTEGER)))\n\
         (deftemplate MAIN::mark (slot rule) (slot id))\n(deffacts MAIN::grid\n",
    );
    for i in 1..=CELLS {
        let _ = writeln!(
            templates,
            "  (cell (id {i}) (g {}) (v {}))",
            i % 3,
            (i * 7) % 11
        );
    }
    templates.push_str(")\n");
    write("lib/templates.clp", &templates);
    write(
        "lib/functions.clp",
        "(deffunction MAIN::note (?rule ?x)\n  (bind ?*count* (+ ?*count* 1))\n  \
         (printout t ?*count* \" \" ?rule \" \" ?x crlf))\n\
         (deffunction MAIN::pad (?i)\n  (if (< ?i 10) then (str-cat \"00\" ?i)\n   \
         else (if (< ?i 100) then (str-cat \"0\" ?i) else (str-cat \"\" ?i))))\n\
         (deffunction MAIN::load-range (?from ?to)\n  (loop-for-count (?i ?from ?to) do\n    \
         (load (str-cat \"rules/r\" (pad ?i) \".clp\"))))\n",
    );
    let modules: String = (1..=STAGES)
        .map(|s| format!("(defmodule S{s} (import MAIN ?ALL))\n"))
        .collect();
    write("lib/modules.clp", &modules);
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let saliences = [
        "",
        "",
        "",
        "(declare (salience 5)) ",
        "(declare (salience -5)) ",
        "(declare (salience ?*high*)) ",
    ];
    for k in 1..=FILES {
        let module = k % STAGES + 1;
        let mut text = format!(";; rule file {k}\n");
        for j in 0..1 + rng.below(3) {
            let salience = saliences[rng.below(saliences.len() as u64) as usize];
            let kind = rng.below(5);
            let (t, m) = (rng.below(11), 2 + rng.below(5));
            text.push_str(&rule(&format!("r{k}-{j}"), module, salience, kind, t, m));
        }
        write(&format!("rules/r{k:03}.clp"), &text);
    }
    let half = FILES / 2;
    let mut config = String::from(
        "(unwatch compilations)\n(load \"lib/globals.clp\")\n(load \"lib/templates.clp\")\n\
         (load \"lib/functions.clp\")\n(load \"lib/modules.clp\")\n",
    );
    for k in 1..=half {
        let _ = writeln!(config, "(load \"rules/r{k:03}.clp\")");
    }
    let _ = writeln!(config, "(load-range {} {FILES})", half + 1);
    write("config.bat", &config);
    write(
        "main.bat",
        "(batch \"config.bat\")\n(reset)\n(focus S1 S2 S3 S4)\n(run)\n\
         (printout t \"count \" ?*count* crlf)\n(assert (end))\n(exit)\n",
    );
}

/// The transcript of `program -f main.bat` (a CLIPS console) in `dir`, without
/// its banner line.
fn console_transcript(program: &Path, dir: &Path) -> Option<String> {
    let out = Command::new(program)
        .args(["-f", "main.bat"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    Some(
        text.split_once('\n')
            .map_or("", |(_, rest)| rest)
            .to_string(),
    )
}

#[test]
#[ignore = "two rules of equal salience still fire in the other order after some retractions"]
fn generated_legacy_program_runs_as_on_clips() {
    let Some(console) = std::env::var_os("CLIPS_641").map(std::path::PathBuf::from) else {
        eprintln!("legacy_program: skipped: set CLIPS_641 to the CLIPS 6.41 console");
        return;
    };
    let work = tempfile::tempdir().expect("temporary directory");
    generate(work.path());
    let expected = console_transcript(&console, work.path()).expect("the 6.41 console runs");
    match console_transcript(Path::new("clips"), work.path()) {
        Some(old) => assert_eq!(
            old, expected,
            "CLIPS 6.30 and 6.41 print different transcripts"
        ),
        None => eprintln!("legacy_program: CLIPS 6.30 (clips) not run: not installed"),
    }
    let out = Command::new(env!("CARGO_BIN_EXE_salience"))
        .args(["batch", "main.bat"])
        .current_dir(work.path())
        .stdin(Stdio::null())
        .output()
        .expect("salience runs");
    let actual = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty(), "salience reported errors:\n{stderr}");
    let differing = (actual.lines().zip(expected.lines()))
        .filter(|(a, e)| a != e)
        .count()
        + actual.lines().count().abs_diff(expected.lines().count());
    if differing > 0 {
        let first = (actual.lines().zip(expected.lines()))
            .position(|(a, e)| a != e)
            .unwrap_or(0);
        panic!(
            "{differing} lines differ, the first at line {}: salience `{}`, CLIPS `{}`",
            first + 1,
            actual.lines().nth(first).unwrap_or(""),
            expected.lines().nth(first).unwrap_or("")
        );
    }
}
