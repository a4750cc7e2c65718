//! CLIPS's own regression suite (`../shared/clips-6.41/test_suite`, 104 drivers written
//! by CLIPS's authors, with the transcripts CLIPS 6.41 wrote) run on Salience.
//!
//! Each driver runs as CLIPS's README says, `salience batch DRIVER.tst` in a fresh copy
//! of the suite, and passes when every "differences are as follows" section of its
//! `Results/DRIVER.rsl` says "No differences detected". The test asserts that the
//! drivers of [`PASSING`] pass, and that no driver of the 104 crashes or runs past
//! [`LIMIT`]; it prints the whole table. Where `../shared` is absent it says so and
//! checks nothing (CI always has it).
//!
//! With `CLIPS_641` naming the CLIPS 6.41 console (`.ci/run` builds it from
//! `../shared/clips-6.41`), the suite also runs on CLIPS in the same way, and the
//! figure printed beside Salience's is measured, not quoted: each driver of
//! [`PASSING`] must pass there too.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::Duration;
use wait_timeout::ChildExt;

/// The drivers that pass on Salience: each must keep passing.
const PASSING: &[&str] = &[
    "attchtst",
    "attchtst2",
    "attchtst3",
    "attchtst4",
    "attchtst5",
    "basicfnx",
    "ceerr",
    "class",
    "classerr",
    "conres",
    "dffctcmd",
    "dfgblcmd",
    "dfnxcmd",
    "dfnxerr",
    "dfnxexe",
    "dfrulcmd",
    "dftmpcmd",
    "dftmpfun",
    "drtest01",
    "drtest02",
    "drtest03",
    "drtest04",
    "drtest05",
    "drtest11",
    "dynsal",
    "dyobjcst",
    "exists",
    "factscmd",
    "factsfun",
    "fctpcstr",
    "fctquery",
    "firstjoin",
    "fldval50",
    "focuscmd",
    "focusexe",
    "globlerr",
    "globltst",
    "gnrccmd",
    "gnrcexe",
    "gnrcovl",
    "gnrcprc",
    "incrrset",
    "inserr",
    "insquery",
    "inssav",
    "jnftrght",
    "joinshre",
    "joinview",
    "lgclexe",
    "mathfnx",
    "mfvmatch",
    "misclns3",
    "modlmisc",
    "modulcmd",
    "msgdisp",
    "msghand",
    "multifnx",
    "multinh",
    "pataddtn",
    "predcfnx",
    "rfrshagn",
    "sfmfmix",
    "strngfnx",
    "tceplace",
    "templerr",
    "textpro",
    "tmplmslt",
    "utf8",
    "v640fun",
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

/// The engine a driver runs on.
#[derive(Clone, Copy)]
enum Engine<'a> {
    Salience,
    /// The CLIPS console at this path.
    Clips(&'a Path),
}

impl Engine<'_> {
    /// The command that runs `driver` in `dir`, as CLIPS's README says.
    fn command(self, dir: &Path, driver: &str) -> Command {
        match self {
            Engine::Salience => {
                let mut command = Command::new(env!("CARGO_BIN_EXE_salience"));
                command.arg("batch").arg(format!("{driver}.tst"));
                command
            }
            Engine::Clips(console) => {
                // CLIPS reads its terminal after the batch file unless told to exit.
                std::fs::write(dir.join("exit.bat"), "(exit)\n").expect("exit file");
                let mut command = Command::new(console);
                command.args(["-f", &format!("{driver}.tst"), "-f", "exit.bat"]);
                command
            }
        }
    }
}

/// Runs `driver` on `engine` in a fresh copy of the suite.
fn run(suite: &Path, driver: &str, engine: Engine) -> Outcome {
    let work = tempfile::tempdir().expect("temporary directory");
    let dir = work.path().join("test_suite");
    copy_tree(suite, &dir);
    for sub in ["Actual", "Results", "Temp"] {
        std::fs::create_dir_all(dir.join(sub)).expect("work dirs");
    }
    let mut child = engine
        .command(&dir, driver)
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

/// Writes a line straight to standard error, past the test harness's capture, so
/// that the table and the figures show in the CI log.
fn note(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "clips_suite: {text}");
}

/// Runs every driver on `engine`, as many at a time as there are cores; the
/// outcomes in the drivers' order.
fn run_all(suite: &Path, drivers: &[String], engine: Engine) -> Vec<(String, Outcome)> {
    let queue = Mutex::new(drivers.to_vec());
    let results = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let next = queue.lock().expect("queue").pop();
                let Some(driver) = next else { break };
                let outcome = run(suite, &driver, engine);
                results.lock().expect("results").push((driver, outcome));
            });
        }
    });
    let mut results = results.into_inner().expect("results");
    results.sort_by(|a, b| a.0.cmp(&b.0));
    results
}

/// The drivers of `results` that passed.
fn passed(results: &[(String, Outcome)]) -> Vec<&str> {
    (results.iter())
        .filter(|(_, o)| *o == Outcome::Passed)
        .map(|(d, _)| d.as_str())
        .collect()
}

#[test]
fn clips_regression_suite() {
    let Some(suite) = suite() else {
        note("skipped: ../shared/clips-6.41/test_suite is absent");
        return;
    };
    let mut drivers: Vec<String> = std::fs::read_dir(&suite)
        .expect("suite readable")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|name| name.strip_suffix(".tst").map(str::to_string))
        .collect();
    drivers.sort();
    let results = run_all(&suite, &drivers, Engine::Salience);
    let on_salience = passed(&results);
    for (driver, outcome) in &results {
        note(&format!("{driver:<10} {outcome:?}"));
    }
    let console = std::env::var_os("CLIPS_641").map(PathBuf::from);
    let reference = match console.as_deref().filter(|c| c.is_file()) {
        Some(console) => {
            let on_clips = run_all(&suite, &drivers, Engine::Clips(console));
            let count = passed(&on_clips).len();
            let missing: Vec<_> = (on_salience.iter())
                .filter(|d| !passed(&on_clips).contains(d))
                .collect();
            assert!(
                missing.is_empty(),
                "pass on Salience, not on CLIPS: {missing:?}"
            );
            format!("CLIPS 6.41 passes {count}, measured in this run")
        }
        None => "CLIPS 6.41 not run: set CLIPS_641 to its console".to_string(),
    };
    note(&format!(
        "{} of {} drivers pass on Salience ({reference})",
        on_salience.len(),
        results.len()
    ));
    let broken: Vec<_> = (results.iter())
        .filter(|(_, o)| matches!(o, Outcome::Crashed(_) | Outcome::TimedOut))
        .collect();
    assert!(
        broken.is_empty(),
        "drivers that crashed or timed out: {broken:?}"
    );
    let lost: Vec<_> = PASSING
        .iter()
        .filter(|d| !on_salience.contains(d))
        .collect();
    assert!(lost.is_empty(), "drivers that no longer pass: {lost:?}");
}
