//! CLIPS 6.41's own example programs that use COOL objects and object patterns
//! (`../shared/clips-6.41/examples`): `salience run` on each must print what the
//! CLIPS 6.41 console prints for `(reset)` and `(run)` after loading it, recorded
//! in `tests/clips641_examples/NAME.out`. Where `../shared` is absent the test says
//! so and checks nothing.

use std::path::Path;
use std::process::{Command, Stdio};

/// Each program: its name (the recorded output's) and its files, in load order.
const PROGRAMS: &[(&str, &[&str])] = &[
    (
        "circuit1",
        &["circuit/electrnc.clp", "circuit/circuit1.clp"],
    ),
    (
        "circuit2",
        &["circuit/electrnc.clp", "circuit/circuit2.clp"],
    ),
    (
        "circuit3",
        &["circuit/electrnc.clp", "circuit/circuit3.clp"],
    ),
    ("dilemma2", &["dilemma2.clp"]),
    ("dilemma3", &["dilemma3.clp"]),
];

#[test]
fn clips_object_examples_print_what_clips_641_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let examples = root.join("../shared/clips-6.41/examples");
    if !examples.exists() {
        eprintln!("clips641_examples: skipped: ../shared/clips-6.41/examples is absent");
        return;
    }
    let mut failures = Vec::new();
    for (name, files) in PROGRAMS {
        let expected =
            std::fs::read_to_string(root.join(format!("tests/clips641_examples/{name}.out")))
                .expect("recorded output");
        let out = Command::new(env!("CARGO_BIN_EXE_salience"))
            .arg("run")
            .args(files.iter().map(|f| examples.join(f)))
            .stdin(Stdio::null())
            .output()
            .expect("salience runs");
        let actual = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() || actual != expected {
            failures.push(format!(
                "{name}: status {}\n--- expected\n{expected}--- actual\n{actual}--- stderr\n{}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
