//! Lays out the `salience` binary's code so that a run keeps little of it resident: the
//! functions that training runs executed come first, in the order that
//! `src/symbol-order.txt` lists (written by `benches/symbol-order`, which says why), and
//! the relative relocations are packed.
//!
//! Both are LLD options (`--symbol-ordering-file`, `-z pack-relative-relocs`), so they are
//! passed only where LLD links: Rust's own (`rust-lld`), the default for x86-64 Linux since
//! Rust 1.90, unless the build names another linker. Elsewhere, or with
//! `SALIENCE_NO_SYMBOL_ORDER` set, the binary is linked in the default way, which runs the
//! same and holds more of the binary in memory.

use std::env;
use std::path::PathBuf;
use std::process::Command;

/// The first Rust release whose x86-64 Linux target links with `rust-lld` by default.
const FIRST_LLD_RELEASE: (u32, u32) = (1, 90);

fn main() {
    println!("cargo:rerun-if-changed=src/symbol-order.txt");
    println!("cargo:rerun-if-env-changed=SALIENCE_NO_SYMBOL_ORDER");
    // The crate is compiled with this execution profile too (see engine/build.rs).
    println!("cargo:rerun-if-changed=src/salience.profdata");
    println!("cargo:rerun-if-env-changed=SALIENCE_NO_PGO");
    let Some(manifest_dir) = env::var_os("CARGO_MANIFEST_DIR") else {
        return;
    };
    let order = PathBuf::from(manifest_dir)
        .join("src")
        .join("symbol-order.txt");
    if env::var_os("SALIENCE_NO_SYMBOL_ORDER").is_some() || !order.is_file() || !links_with_lld() {
        return;
    }
    println!(
        "cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}",
        order.display()
    );
    // Names from another build (another toolchain, other dependency versions) are skipped
    // without a warning for each.
    println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
    // Relative relocations (vtables, static pointers) as RELR bitmaps, which glibc 2.36
    // and later apply: 1.5 KB where their 24-byte entries took 122 KB, all read at start-up.
    println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
}

/// Whether the binary will be linked by `rust-lld`: the x86-64 Linux target, a compiler
/// recent enough to use it by default, and no linker chosen in the build's settings.
fn links_with_lld() -> bool {
    if env::var("TARGET").as_deref() != Ok("x86_64-unknown-linux-gnu")
        || env::var_os("RUSTC_LINKER").is_some()
    {
        return false;
    }
    let flags = env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    if flags.contains("linker") || flags.contains("link-self-contained") {
        return false;
    }
    rustc_release().is_some_and(|release| release >= FIRST_LLD_RELEASE)
}

/// The compiler's release as (major, minor), from `rustc -vV`.
fn rustc_release() -> Option<(u32, u32)> {
    let rustc = env::var_os("RUSTC")?;
    let output = Command::new(rustc).arg("-vV").output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    let release = text
        .lines()
        .find_map(|line| line.strip_prefix("release: "))?;
    let mut parts = release.split(['.', '-']);
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    Some((major, minor))
}
