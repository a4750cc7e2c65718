//! The example programs that ship with CLIPS (Debian's `clips-common`), run on real
//! CLIPS and on Salience: the outputs must be identical.
//!
//! Needs `/usr/bin/clips` and the examples (`apt-get install clips clips-common`);
//! without them the test says so and checks nothing. CI installs both.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const EXAMPLES: &str = "/usr/share/doc/clips-common/examples";

/// Copies an example file (decompressing `.gz`) into `dir`; returns its new path.
fn fetch(dir: &Path, relative: &str) -> PathBuf {
    let target = dir.join(relative.trim_end_matches(".gz"));
    std::fs::create_dir_all(target.parent().expect("a parent")).expect("example dir");
    let source = Path::new(EXAMPLES).join(relative);
    let text = if relative.ends_with(".gz") {
        let out = Command::new("gzip")
            .arg("-dc")
            .arg(&source)
            .output()
            .expect("gzip runs");
        assert!(out.status.success(), "gzip -dc {}", source.display());
        out.stdout
    } else {
        std::fs::read(&source).expect("example readable")
    };
    std::fs::write(&target, text).expect("example written");
    target
}

/// The file under EXAMPLES, compressed or not.
fn find(relative: &str) -> Option<String> {
    [relative.to_string(), format!("{relative}.gz")]
        .into_iter()
        .find(|r| Path::new(EXAMPLES).join(r).exists())
}

/// Stdout of CLIPS loading `files`, then (reset) and (run), silently.
fn clips_output(dir: &Path, files: &[PathBuf]) -> String {
    let mut batch = String::new();
    for f in files {
        batch.push_str(&format!("(load* \"{}\")\n", f.display()));
    }
    batch.push_str("(reset)\n(run)\n(exit)\n");
    let bat = dir.join("run.bat");
    std::fs::write(&bat, batch).expect("batch file");
    let out = Command::new("clips")
        .arg("-f2")
        .arg(&bat)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("clips runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn salience_output(dir: &Path, files: &[PathBuf]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_salience"))
        .arg("run")
        .args(files)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("salience runs");
    assert!(
        out.status.success(),
        "salience failed on {files:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Writes a line straight to standard error, past the test harness's capture, so
/// that a skip shows in the CI log.
fn note(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "clips_examples: {text}");
}

#[test]
fn clips_examples_print_what_clips_prints() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("clips-examples");
    std::fs::create_dir_all(&dir).expect("example dir");
    let probe = dir.join("probe.bat");
    std::fs::write(&probe, "(exit)\n").expect("probe batch");
    let have_clips = Command::new("clips")
        .arg("-f2")
        .arg(&probe)
        .stdin(Stdio::null())
        .output()
        .is_ok();
    if !have_clips || !Path::new(EXAMPLES).exists() {
        note(
            "SKIPPED: CLIPS or its examples are not installed (apt-get install clips clips-common)",
        );
        return;
    }
    let mut programs: Vec<Vec<String>> = ["mab.clp", "dilemma1.clp", "cam.clp"]
        .iter()
        .map(|p| vec![p.to_string()])
        .collect();
    for i in 1..=18 {
        programs.push(vec![
            "sudoku/sudoku.clp".into(),
            "sudoku/solve.clp".into(),
            "sudoku/output-frills.clp".into(),
            format!("sudoku/puzzles/grid3x3-p{i}.clp"),
        ]);
    }
    let mut checked = 0;
    let mut failures = Vec::new();
    for program in &programs {
        let Some(found) = program.iter().map(|p| find(p)).collect::<Option<Vec<_>>>() else {
            note(&format!("not installed, skipped: {program:?}"));
            continue;
        };
        let files: Vec<PathBuf> = found.iter().map(|r| fetch(&dir, r)).collect();
        let expected = clips_output(&dir, &files);
        let actual = salience_output(&dir, &files);
        assert!(
            !expected.is_empty(),
            "CLIPS printed nothing for {program:?}"
        );
        if expected != actual {
            failures.push(program.last().cloned().unwrap_or_default());
        }
        checked += 1;
    }
    assert!(
        failures.is_empty(),
        "outputs differ from CLIPS for: {failures:?}"
    );
    note(&format!(
        "{checked} CLIPS example programs print the same output on Salience"
    ));
}
