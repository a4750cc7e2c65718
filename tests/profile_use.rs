//! `.cargo/profile-use`, the rustc wrapper that gives optimised compilations the execution
//! profile `src/salience.profdata`: which compilations get it, run with a stand-in
//! compiler that prints the arguments it was given.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The LLVM major version that wrote the profile, as `src/salience.profdata.llvm` records it.
fn profile_llvm() -> String {
    let recorded = std::fs::read_to_string(Path::new(ROOT).join("src/salience.profdata.llvm"))
        .expect("the profile's LLVM version is recorded");
    let version = recorded.trim().to_string();
    assert!(
        !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit()),
        "src/salience.profdata.llvm holds a major version, not {recorded:?}"
    );
    version
}

/// A stand-in for rustc: `-vV` reports LLVM `$FAKE_LLVM`, anything else prints its
/// arguments one per line. Written once: the tests run in parallel, and rewriting a
/// program while another thread runs it fails (`ETXTBSY`).
fn fake_rustc() -> &'static Path {
    static FAKE: OnceLock<PathBuf> = OnceLock::new();
    FAKE.get_or_init(write_fake_rustc)
}

fn write_fake_rustc() -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fake-rustc");
    std::fs::write(
        &path,
        "#!/bin/sh\n\
         if [ \"$1\" = -vV ]; then echo 'rustc 0.0.0'; echo \"LLVM version: $FAKE_LLVM.1.0\"; exit 0; fi\n\
         printf '%s\\n' \"$@\"\n",
    )
    .expect("write the stand-in compiler");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
        .expect("make it executable");
    path
}

/// The arguments the compiler gets when cargo runs the wrapper with `args`.
fn compiled_with(args: &[&str], llvm: &str, no_pgo: bool) -> Vec<String> {
    let mut command = Command::new(Path::new(ROOT).join(".cargo/profile-use"));
    command
        .arg(fake_rustc())
        .args(args)
        .env("FAKE_LLVM", llvm)
        .env_remove("SALIENCE_NO_PGO");
    if no_pgo {
        command.env("SALIENCE_NO_PGO", "1");
    }
    let out = command.output().expect("the wrapper runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

const OPTIMISED: [&str; 4] = ["--crate-name", "engine", "-C", "opt-level=3"];

#[test]
fn an_optimised_compilation_gets_the_profile() {
    let args = compiled_with(&OPTIMISED, &profile_llvm(), false);
    assert_eq!(args[..OPTIMISED.len()], OPTIMISED);
    let profile = args[OPTIMISED.len()]
        .strip_prefix("-Cprofile-use=")
        .unwrap_or_else(|| panic!("no -Cprofile-use in {args:?}"));
    let profile = Path::new(profile)
        .canonicalize()
        .expect("the profile exists");
    assert_eq!(
        profile,
        Path::new(ROOT)
            .join("src/salience.profdata")
            .canonicalize()
            .unwrap()
    );
    assert_eq!(
        args[OPTIMISED.len() + 1..],
        ["-Cllvm-args=-no-pgo-warn-mismatch"]
    );
}

#[test]
fn other_compilations_are_left_as_they_are() {
    let llvm = profile_llvm();
    let unoptimised = ["--crate-name", "engine", "-C", "opt-level=0"];
    assert_eq!(compiled_with(&unoptimised, &llvm, false), unoptimised);
    let instrumented = ["-C", "opt-level=3", "-Cprofile-generate=/tmp/counts"];
    assert_eq!(compiled_with(&instrumented, &llvm, false), instrumented);
    assert_eq!(
        compiled_with(&OPTIMISED, &llvm, true),
        OPTIMISED,
        "SALIENCE_NO_PGO"
    );
    let other_llvm = format!("1{llvm}");
    assert_eq!(compiled_with(&OPTIMISED, &other_llvm, false), OPTIMISED);
}
