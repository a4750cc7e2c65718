//! A long run loses nothing: an embedded environment that asserts, modifies and
//! retracts facts over and over, firing rules on them, with a `(reset)` now and then,
//! ends holding as much memory as it held once warmed up.
//!
//! Two figures are sampled: the bytes the program holds on the heap (counted by this
//! test's allocator: every byte allocated and not yet freed, exactly) and the
//! process's resident set (`/proc/self/statm`). The test checks the heap figure,
//! which does not depend on how the allocator keeps freed pages. By default it runs
//! 200,000 cycles and 100 resets; `LONG_RUN_CYCLES=10000000 LONG_RUN_RESETS=1000
//! cargo test --profile ci -p salience-engine --test long_run -- --nocapture` runs the
//! long version and prints the samples.

use salience_engine::env::Environment;
use salience_engine::value::Value;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting the bytes held.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            HELD.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            HELD.fetch_sub(layout.size(), Ordering::Relaxed);
            HELD.fetch_add(new_size, Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The resident set in bytes (Linux), or 0 elsewhere.
fn resident() -> usize {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<usize>().ok())
        .map_or(0, |pages| pages * 4096)
}

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Rules that match the items (a multifield pattern that matches each one three
/// ways, a `not`, a join on the id), a counter modified once per item, and deffacts
/// that `(reset)` asserts again.
const PROGRAM: &str = r#"
(deftemplate item (slot id) (slot state) (multislot tags))
(deftemplate counter (slot n))
(deffacts start (counter (n 0)) (seed 1 2 3) (seed "four" five 6.0))
(defrule done
  ?item <- (item (id ?i) (state done) (tags $? ?t $?))
  ?c <- (counter (n ?n))
  =>
  (modify ?item (state counted))
  (modify ?c (n (+ ?n 1))))
(defrule fresh
  (item (id ?i) (state new))
  (not (item (id ?i) (state done)))
  (seed $?s)
  =>)
"#;

#[test]
fn memory_stays_flat_over_many_cycles_and_resets() {
    let cycles = setting("LONG_RUN_CYCLES", 200_000);
    let resets = setting("LONG_RUN_RESETS", 100).max(1);
    let mut env = Environment::new();
    env.set_output(std::io::sink());
    env.set_error_output(std::io::sink());
    env.load_str(PROGRAM, "long.clp")
        .expect("the program loads");
    env.reset();
    let every_reset = (cycles / resets).max(1);
    let samples = 20;
    let every_sample = (cycles / samples).max(1);
    // Figures after the first tenth of the run (warmed up) and at each sample.
    let mut warm = None;
    let mut figures = Vec::new();
    println!(
        "{:>12} {:>12} {:>12} {:>8}",
        "cycle", "heap bytes", "rss bytes", "facts"
    );
    for cycle in 0..cycles {
        let tags = Value::multifield(vec![
            Value::string("t"),
            Value::Integer(cycle as i64),
            Value::Float(cycle as f64 / 7.0),
        ]);
        let id = env
            .assert_fact(
                "item",
                &[
                    ("id", Value::Integer(cycle as i64)),
                    ("state", Value::symbol("new")),
                    ("tags", tags),
                ],
            )
            .expect("a new item is asserted");
        env.modify_fact(id, &[("state", Value::symbol("done"))])
            .expect("the item is modified");
        env.run(None).expect("the rules fire");
        env.retract_fact(id).expect("the item is retracted");
        if (cycle + 1) % every_reset == 0 {
            env.reset();
        }
        if (cycle + 1) % every_sample == 0 {
            let figure = (
                HELD.load(Ordering::Relaxed),
                resident(),
                env.facts().count(),
            );
            println!(
                "{:>12} {:>12} {:>12} {:>8}",
                cycle + 1,
                figure.0,
                figure.1,
                figure.2
            );
            if warm.is_none() && cycle + 1 >= cycles / 10 {
                warm = Some(figure);
            }
            figures.push(figure);
        }
    }
    let (warm_heap, _, warm_facts) = warm.expect("the run was sampled");
    let (last_heap, _, last_facts) = *figures.last().expect("the run was sampled");
    assert_eq!(last_facts, warm_facts, "the same facts are left");
    let most = figures.iter().map(|f| f.0).max().unwrap_or(0);
    // Flat: the heap never grows past the warmed-up figure by more than a few tables'
    // worth of slack (hash tables double as they fill; a leak grows with the cycles).
    let slack = 256 * 1024;
    assert!(
        most <= warm_heap + slack && last_heap <= warm_heap + slack,
        "the heap grew from {warm_heap} to {last_heap} bytes (at most {most})"
    );
}
