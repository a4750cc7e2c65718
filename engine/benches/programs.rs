//! In-process figures for the benchmark programs of benches/programs (written by
//! benches/programs/generate.py; benches/vs-clips compares them with CLIPS as whole
//! processes):
//!
//! - `programs/*`: `(reset)` and `(run)` of a loaded program — Miss Manners 16 and 32,
//!   Waltz 12, the join program over 10k facts, the churn program (100k facts asserted
//!   and retracted). Loading is not timed.
//! - `load/rules_1000`: loading (parsing and compiling) a file of 1,000 rules.
//! - `fact_cost/{plain,joins}/N`: one assert and one retract through the embedding API
//!   with N facts in working memory, N = 1k, 10k, 100k, 1M; `plain` has no rule
//!   matching the facts, `joins` has two rules holding them in join memories (the
//!   rules of benches/programs/fact_cost/joins_*.clp). The target is a flat curve.
//!
//! Run with `cargo bench -p salience-engine --bench programs` (a few minutes); add a
//! filter to run some, e.g. `-- fact_cost`.

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use salience_engine::{Environment, FactId, Value};
use std::time::Duration;

/// The programs timed by `programs/*`: name and text.
const PROGRAMS: [(&str, &str); 5] = [
    (
        "manners_16",
        include_str!("../../benches/programs/manners_16.clp"),
    ),
    (
        "manners_32",
        include_str!("../../benches/programs/manners_32.clp"),
    ),
    (
        "waltz_12",
        include_str!("../../benches/programs/waltz_12.clp"),
    ),
    (
        "joins_10k",
        include_str!("../../benches/programs/joins_10k.clp"),
    ),
    (
        "churn_100k",
        include_str!("../../benches/programs/churn_100k.clp"),
    ),
];

const RULES_1000: &str = include_str!("../../benches/programs/rules_1000.clp");

/// The fact-cost programs' templates and rules; their `measure` rule is never run here.
const FACT_COST: [(&str, &str); 2] = [
    (
        "plain",
        include_str!("../../benches/programs/fact_cost/plain_1k.clp"),
    ),
    (
        "joins",
        include_str!("../../benches/programs/fact_cost/joins_1k.clp"),
    ),
];

const FACT_COST_SIZES: [i64; 4] = [1_000, 10_000, 100_000, 1_000_000];

/// A fresh environment with `text` loaded and its output discarded.
fn loaded(text: &str, name: &str) -> Environment {
    let mut env = Environment::new();
    env.set_output(std::io::sink());
    env.load_str(text, name)
        .unwrap_or_else(|e| panic!("{name} does not load: {e}"));
    env
}

/// Resets and runs a loaded program; returns the environment so that dropping it is not
/// timed.
fn reset_and_run(mut env: Environment, name: &str) -> Environment {
    env.reset();
    let fired = env
        .run(None)
        .unwrap_or_else(|e| panic!("{name} fails: {e}"));
    assert!(fired > 0, "{name} fired no rule");
    env
}

fn programs(c: &mut Criterion) {
    let mut group = c.benchmark_group("programs");
    group.sample_size(10);
    for (name, text) in PROGRAMS {
        group.bench_function(name, |b| {
            b.iter_batched(
                || loaded(text, name),
                |env| reset_and_run(env, name),
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

fn load(c: &mut Criterion) {
    let mut group = c.benchmark_group("load");
    group.sample_size(20);
    group.bench_function("rules_1000", |b| {
        b.iter_batched(
            Environment::new,
            |mut env| {
                env.load_str(RULES_1000, "rules_1000.clp")
                    .expect("rules_1000 loads");
                env
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

/// Asserts `(item (id ID) (group ID mod 100))`, as the fact-cost programs do.
fn assert_item(env: &mut Environment, id: i64) -> FactId {
    env.assert_fact(
        "item",
        &[
            ("id", Value::Integer(id)),
            ("group", Value::Integer(id % 100)),
        ],
    )
    .expect("item asserts")
}

fn fact_cost(c: &mut Criterion) {
    let mut group = c.benchmark_group("fact_cost");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(3));
    for (variant, text) in FACT_COST {
        for size in FACT_COST_SIZES {
            let mut env = loaded(text, variant);
            env.reset();
            for id in 1..=size {
                assert_item(&mut env, id);
            }
            let mut next = size;
            group.bench_with_input(BenchmarkId::new(variant, size), &size, |b, _| {
                b.iter(|| {
                    next += 1;
                    let fact = assert_item(&mut env, next);
                    env.retract_fact(fact).expect("item retracts");
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, programs, load, fact_cost);
criterion_main!(benches);
