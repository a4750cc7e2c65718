//! What provenance (the firing journal behind `why` and resolution paths) costs: Miss
//! Manners with 32 guests (benches/programs/manners_32.clp) run with provenance off and
//! on. Off, the journal is one branch per firing and per change.
//!
//! Run with `cargo bench -p salience-engine --bench provenance`.

use criterion::{criterion_group, criterion_main, Criterion};
use salience_engine::env::Environment;

const MANNERS: &str = include_str!("../../benches/programs/manners_32.clp");

/// Loads Manners once per measurement, then resets and runs it.
fn run_manners(provenance: bool) -> u64 {
    let mut env = Environment::new();
    env.set_output(std::io::sink());
    env.load_str(MANNERS, "manners_32.clp")
        .expect("manners loads");
    env.set_journal(provenance);
    env.reset();
    env.run(None).expect("manners runs")
}

fn provenance(c: &mut Criterion) {
    let fired = run_manners(false);
    assert_eq!(fired, run_manners(true), "provenance changes nothing");
    let mut group = c.benchmark_group("manners_32");
    group.sample_size(20);
    group.bench_function("provenance off", |b| b.iter(|| run_manners(false)));
    group.bench_function("provenance on", |b| b.iter(|| run_manners(true)));
    group.finish();
}

criterion_group!(benches, provenance);
criterion_main!(benches);
