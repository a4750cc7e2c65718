//! The small benchmark programs of benches/programs, run on real CLIPS and on Salience:
//! the outputs must be identical (benches/vs-clips checks the large ones too, and times
//! them). A few seconds in all.
//!
//! Needs `clips` (CLIPS 6.30, `apt-get install clips`); without it the test says so and
//! checks nothing. CI installs it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The programs checked: the cheap sizes of each kind.
const PROGRAMS: [&str; 6] = [
    "manners_16.clp",
    "manners_32.clp",
    "waltz_12.clp",
    "joins_10k.clp",
    "churn_100k.clp",
    "rules_1000.clp",
];

fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("benches/programs")
        .join(name)
}

/// Stdout of CLIPS loading `file` silently, then (reset) and (run); None without CLIPS.
fn clips_output(dir: &Path, file: &Path) -> Option<String> {
    let batch = dir.join("run.bat");
    std::fs::write(
        &batch,
        format!("(load* \"{}\")\n(reset)\n(run)\n(exit)\n", file.display()),
    )
    .expect("batch file");
    let out = Command::new("clips")
        .arg("-f2")
        .arg(&batch)
        .stdin(Stdio::null())
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn salience_output(file: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_salience"))
        .arg("run")
        .arg(file)
        .stdin(Stdio::null())
        .output()
        .expect("salience runs");
    assert!(
        out.status.success(),
        "salience failed on {}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Writes a line straight to standard error, past the test harness's capture, so that a
/// skip shows in the CI log.
fn note(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "bench_programs: {text}");
}

#[test]
fn benchmark_programs_print_what_clips_prints() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-programs");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let mut failures = Vec::new();
    for name in PROGRAMS {
        let file = program(name);
        let Some(expected) = clips_output(&dir, &file) else {
            note("SKIPPED: CLIPS is not installed (apt-get install clips)");
            return;
        };
        assert!(
            !expected.trim().is_empty(),
            "CLIPS printed nothing for {name}"
        );
        let actual = salience_output(&file);
        if expected != actual {
            failures.push(format!(
                "{name}:\n--- CLIPS\n{expected}--- Salience\n{actual}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "outputs differ from CLIPS:\n{}",
        failures.join("\n")
    );
    note(&format!(
        "{} benchmark programs print the same output on Salience",
        PROGRAMS.len()
    ));
}
