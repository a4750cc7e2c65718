//! Rebuilds the engine when the execution profile it is optimised with changes. Cargo
//! compiles through `.cargo/profile-use`, which hands the compiler the workspace's
//! `src/salience.profdata` (see `benches/pgo-profile`): a file cargo does not otherwise
//! know the engine's code depends on.

fn main() {
    for input in ["salience.profdata", "salience.profdata.llvm"] {
        println!("cargo:rerun-if-changed=../src/{input}");
    }
    println!("cargo:rerun-if-env-changed=SALIENCE_NO_PGO");
}
