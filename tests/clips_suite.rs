//! CLIPS's own regression suite (`../shared/clips-6.41/test_suite`, 104 drivers written
//! by CLIPS's authors, with the transcripts CLIPS 6.41 wrote) run on Salience.
//!
//! Each driver runs as CLIPS's README says, `salience batch DRIVER.tst` in a fresh copy
//! of the suite, and passes when every "differences are as follows" section of its
//! `Results/DRIVER.rsl` says "No differences detected". The test asserts that the
//! drivers of [`PASSING`] pass, and that no driver of the 104 crashes or runs past
//! [`LIMIT`]; it prints the whole table. Where `../shared` is absent it says so and
//! checks nothing (CI always has it).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::Duration;
use wait_timeout::ChildExt;

/// The drivers that pass on Salience: each must keep passing.
const PASSING: &[&str] = &[
    "attchtst", "attchtst2", "attchtst4", "conres", "dffctcmd", "dfnxcmd", "dfnxexe", "drtest02",
    "dynsal", "exists", "fldval50", "focuscmd", "globltst", "incrrset", "lgclexe", "mathfnx",
    "mfvmatch", "pataddtn", "rfrshagn", "tceplace", "textpro", "v640fun",
];

/// How long one driver may run.
const LIMIT: Duration = Duration::from_secs(60);

/// How a driver ended.
#[derive(Clone, Debug, PartialEq)]
enum Outcome {
    Passed,
    /// It ran, and some transcript differs from CLIPS's.
    Differs,
    /// It was killed by a signal, or exited with a panic's status.
    Crashed(String),
    TimedOut,
}

fn suite() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/clips-6.41/test_suite");
    dir.is_dir().then_some(dir)
}

/// Copies the directory `from` into `to`, with its subdirectories.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("copy dir");
    for entry in std::fs::read_dir(from).expect("suite readable") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("file copied");
        }
    }
}

/// Whether `rsl` (a Results file) reports no difference in any of its sections.
fn no_differences(rsl: &str) -> bool {
    let sections = rsl.matches("differences are as follows").count();
    sections > 0 && rsl.matches("No differences detected").count() == sections
}

/// Runs `driver` in a fresh copy of the suite.
fn run(suite: &Path, driver: &str) -> Outcome {
    let work = tempfile::tempdir().expect("temporary directory");
    let dir = work.path().join("test_suite");
    copy_tree(suite, &dir);
    for sub in ["Actual", "Results", "Temp"] {
        std::fs::create_dir_all(dir.join(sub)).expect("work dirs");
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_salience"))
        .arg("batch")
        .arg(format!("{driver}.tst"))
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("salience runs");
    let status = match child.wait_timeout(LIMIT).expect("wait") {
        Some(status) => status,
        None => {
            let _ = child.kill();
            let _ = child.wait();
            return Outcome::TimedOut;
        }
    };
    if !status.success() {
        return Outcome::Crashed(format!("{status}"));
    }
    let rsl = std::fs::read_to_string(dir.join("Results").join(format!("{driver}.rsl")));
    match rsl {
        Ok(rsl) if no_differences(&rsl) => Outcome::Passed,
        _ => Outcome::Differs,
    }
}

#[test]
fn clips_regression_suite() {
    let Some(suite) = suite() else {
        eprintln!("clips_suite: skipped: ../shared/clips-6.41/test_suite is absent");
        return;
    };
    let mut drivers: Vec<String> = std::fs::read_dir(&suite)
        .expect("suite readable")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|name| name.strip_suffix(".tst").map(str::to_string))
        .collect();
    drivers.sort();
    let queue = Mutex::new(drivers.clone());
    let results = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let next = queue.lock().expect("queue").pop();
                let Some(driver) = next else { break };
                let outcome = run(&suite, &driver);
                results.lock().expect("results").push((driver, outcome));
            });
        }
    });
    let mut results = results.into_inner().expect("results");
    results.sort_by(|a, b| a.0.cmp(&b.0));
    let passed: Vec<&str> = (results.iter())
        .filter(|(_, o)| *o == Outcome::Passed)
        .map(|(d, _)| d.as_str())
        .collect();
    for (driver, outcome) in &results {
        eprintln!("clips_suite: {driver:<10} {outcome:?}");
    }
    eprintln!(
        "clips_suite: {} of {} drivers pass (CLIPS 6.41 passes 89)",
        passed.len(),
        results.len()
    );
    let broken: Vec<_> = (results.iter())
        .filter(|(_, o)| matches!(o, Outcome::Crashed(_) | Outcome::TimedOut))
        .collect();
    assert!(
        broken.is_empty(),
        "drivers that crashed or timed out: {broken:?}"
    );
    let lost: Vec<_> = PASSING.iter().filter(|d| !passed.contains(d)).collect();
    assert!(lost.is_empty(), "drivers that no longer pass: {lost:?}");
}
