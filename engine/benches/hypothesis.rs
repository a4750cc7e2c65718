//! Hypotheses per second on a 9x9 Sudoku-like CSP, and the speed-up of the undo
//! trail over a full copy (a fresh environment loaded and filled per branch).
//!
//! The CSP is written in CLIPS below: candidates, peers (row, column, box), naked
//! singles, and a contradiction when a cell has no candidate left or two peers hold
//! the same value. The puzzle is one naked singles cannot finish, so T&E(1) has
//! about two hundred alternatives to try. assume-false does nothing here, so a pass
//! proves nothing that changes the state and every iteration starts from the same
//! stuck grid.
//!
//! Run with `cargo bench -p salience-engine --bench hypothesis`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use salience_engine::env::Environment;
use salience_engine::value::Value;
use std::hint::black_box;

const CSP: &str = r#"
(deftemplate cand (slot cell) (slot value))
(deftemplate placed (slot cell) (slot value))
(deftemplate peer (slot a) (slot b))
(deftemplate conflict (slot cell))
(deffunction place (?f)
   (assert (placed (cell (fact-slot-value ?f cell)) (value (fact-slot-value ?f value)))))
(deffunction no-op (?f) TRUE)
(defrule clear-cell
   (placed (cell ?c) (value ?v))
   ?f <- (cand (cell ?c) (value ~?v))
   =>
   (retract ?f))
(defrule clear-peers
   (placed (cell ?c) (value ?v))
   (peer (a ?c) (b ?d))
   ?f <- (cand (cell ?d) (value ?v))
   =>
   (retract ?f))
(defrule single
   (cand (cell ?c) (value ?v))
   (not (cand (cell ?c) (value ~?v)))
   (not (placed (cell ?c)))
   =>
   (assert (placed (cell ?c) (value ?v))))
(defrule empty
   (cell ?c)
   (not (cand (cell ?c)))
   (not (placed (cell ?c)))
   =>
   (assert (conflict (cell ?c))))
(defrule clash
   (placed (cell ?c) (value ?v))
   (peer (a ?c) (b ?d))
   (placed (cell ?d) (value ?v))
   =>
   (assert (conflict (cell ?c))))
"#;

const DECLARATION: &str = "(defhypothesis bench (hypothesis cand) (assume-true place)
   (assume-false no-op) (contradiction conflict) (keep cand placed) (levels te1))";

/// A hard puzzle (row by row, `.` for empty): naked singles alone get nowhere.
const PUZZLE: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// Branches per measured run.
const BRANCHES: u64 = 40;

/// The CSP's facts for `PUZZLE`: cells, peers, and every value of an empty cell
/// that no given peer holds as a candidate; givens placed.
fn facts() -> String {
    let givens: Vec<Option<u32>> = PUZZLE.chars().map(|c| c.to_digit(10)).collect();
    let peers = |a: usize, b: usize| {
        a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
    };
    let mut out = String::from("(deffacts grid\n");
    for cell in 0..81 {
        out.push_str(&format!("(cell {cell})\n"));
        match givens[cell] {
            Some(v) => out.push_str(&format!("(placed (cell {cell}) (value {v}))\n")),
            None => {
                for v in 1..=9 {
                    if !(0..81).any(|o| peers(cell, o) && givens[o] == Some(v)) {
                        out.push_str(&format!("(cand (cell {cell}) (value {v}))\n"));
                    }
                }
            }
        }
        for other in (0..81).filter(|o| peers(cell, *o)) {
            out.push_str(&format!("(peer (a {cell}) (b {other}))\n"));
        }
    }
    out.push(')');
    out
}

/// An environment at the stuck grid: loaded, reset, and run without hypotheses.
fn stuck(with_declaration: bool) -> Environment {
    let mut env = Environment::new();
    env.load_str(CSP, "csp.clp").expect("the CSP loads");
    if with_declaration {
        env.load_str(DECLARATION, "decl.clp")
            .expect("the declaration loads");
    }
    env.load_str(&facts(), "grid.clp").expect("the grid loads");
    env.reset();
    env.limits_mut().no_hypotheses = true;
    env.run(None).expect("runs");
    env.limits_mut().no_hypotheses = false;
    env
}

/// One branch by full copy: a fresh environment loaded with the rules, filled with
/// every fact of `from`, the alternative (a candidate) assumed true by placing it,
/// and the rules run to the end. Returns whether it contradicted.
fn copy_branch(from: &Environment, cell: &Value, value: &Value) -> bool {
    let mut env = Environment::new();
    env.load_str(CSP, "csp.clp").expect("the CSP loads");
    // Same program, same load order: the template ids are the same.
    for fact in from.facts() {
        env.assert_values(fact.template, fact.slots.clone())
            .expect("a copied fact asserts");
    }
    env.assert_fact(
        "placed",
        &[("cell", cell.clone()), ("value", value.clone())],
    )
    .expect("the assumption asserts");
    env.run(None).expect("runs");
    let contradicted = env.facts_of("conflict").next().is_some();
    contradicted
}

fn bench(c: &mut Criterion) {
    let mut env = stuck(true);
    let alternatives = env.facts_of("cand").count();
    env.limits_mut().max_hypotheses = Some(BRANCHES);
    let mut group = c.benchmark_group("te1 branches");
    group.sample_size(20);
    group.throughput(Throughput::Elements(BRANCHES));
    group.bench_function(format!("trail ({alternatives} alternatives)"), |b| {
        b.iter(|| black_box(env.run(None).expect("runs")))
    });
    let base = stuck(false);
    let first = base
        .facts_of("cand")
        .next()
        .expect("the grid has candidates");
    let cell = base.slot(first, "cell").expect("a cell");
    let value = base.slot(first, "value").expect("a value");
    group.throughput(Throughput::Elements(1));
    group.bench_function("full copy", |b| {
        b.iter(|| black_box(copy_branch(&base, &cell, &value)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
