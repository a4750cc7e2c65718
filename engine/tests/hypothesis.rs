//! Hypothetical reasoning (`defhypothesis`) on small hand-made CSPs with known
//! outcomes: T&E(1) proves exactly the expected eliminations, BLISS keeps what both
//! branches share, and nothing of a branch leaks into the real working memory.

use salience_engine::env::{Environment, Reason};

/// A generic CSP: cells with candidate values, pairs of peer cells that must
/// differ, singles propagation, a contradiction when a cell has no candidate or two
/// peers hold the same value, and a solution when every cell is placed.
const CSP: &str = r#"
(deftemplate cand (slot cell) (slot value))
(deftemplate placed (slot cell) (slot value))
(deftemplate peer (slot a) (slot b))
(deftemplate conflict (slot cell))
(deftemplate solved)
(deffunction place (?f)
   (assert (placed (cell (fact-slot-value ?f cell)) (value (fact-slot-value ?f value)))))
(deffunction drop (?f) (retract ?f))
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
(defrule done
   (forall (cell ?c) (placed (cell ?c)))
   =>
   (assert (solved)))
"#;

/// The declaration, with the levels to use.
fn declaration(levels: &str) -> String {
    format!(
        "(defhypothesis csp (hypothesis cand) (assume-true place) (assume-false drop)
            (contradiction conflict) (solved solved) (keep cand placed) (levels {levels}))"
    )
}

/// Facts for cells with candidate lists and mutual peer pairs.
fn puzzle(cells: &[(&str, &[i64])], peers: &[(&str, &str)]) -> String {
    let mut out = String::from("(deffacts puzzle\n");
    for (cell, values) in cells {
        out.push_str(&format!("  (cell {cell})\n"));
        for v in *values {
            out.push_str(&format!("  (cand (cell {cell}) (value {v}))\n"));
        }
    }
    for (a, b) in peers {
        out.push_str(&format!(
            "  (peer (a {a}) (b {b})) (peer (a {b}) (b {a}))\n"
        ));
    }
    out.push(')');
    out
}

fn environment(levels: &str, facts: &str) -> Environment {
    let mut env = Environment::new();
    env.load_str(CSP, "csp.clp").expect("the CSP loads");
    env.load_str(&declaration(levels), "decl.clp")
        .expect("the declaration loads");
    env.load_str(facts, "puzzle.clp").expect("the puzzle loads");
    env.reset();
    env
}

/// The conclusions logged, as text.
fn conclusions(env: &Environment) -> Vec<String> {
    env.hypothesis_log()
        .iter()
        .map(|j| j.conclusion.clone())
        .collect()
}

/// The placements, as (cell, value).
fn placed(env: &Environment) -> Vec<(String, i64)> {
    env.facts_of("placed")
        .map(|f| {
            let cell = env
                .slot(f, "cell")
                .map(|v| v.display().to_string())
                .unwrap_or_default();
            let value = env.slot(f, "value").and_then(|v| v.as_f64()).unwrap_or(0.0);
            (cell, value as i64)
        })
        .collect()
}

/// A triangle A, B, C with A, B in {1, 2} and C in {1, 2, 3}: singles do nothing;
/// C = 1 or C = 2 leaves A and B the same value, a contradiction; every other
/// assumption leads to a solution.
fn triangle() -> String {
    puzzle(
        &[("A", &[1, 2]), ("B", &[1, 2]), ("C", &[1, 2, 3])],
        &[("A", "B"), ("A", "C"), ("B", "C")],
    )
}

#[test]
fn te1_proves_exactly_the_expected_eliminations() {
    let mut env = environment("te1", &triangle());
    env.run(None).expect("runs");
    assert_eq!(
        conclusions(&env),
        [
            "not (cand (cell C) (value 1))",
            "not (cand (cell C) (value 2))"
        ]
    );
    for j in env.hypothesis_log() {
        assert!(
            matches!(&j.reason, Reason::Contradiction { fact, nested: 0 } if fact.starts_with("(conflict")),
            "{j}"
        );
    }
    // Then singles place C = 3; A and B stay open (both values lead to solutions).
    assert_eq!(env.facts_of("placed").count(), 1);
    let report = env.hypothesis_report();
    assert_eq!(report.highest.map(|l| l.name()), Some("te1"));
    assert_eq!(report.levels[0].proven, 2);
    assert_eq!(report.backdoors.len(), 4, "{report}");
    assert!(env.facts_of("conflict").next().is_none());
}

#[test]
fn bliss1_keeps_what_both_branches_share() {
    // X and Y in {1, 2}, peers; W in {1, 2, 3} is a peer of both. Whichever of X's
    // values holds, X and Y use 1 and 2, so W = 3: both branches conclude it.
    let facts = puzzle(
        &[("X", &[1, 2]), ("Y", &[1, 2]), ("W", &[1, 2, 3])],
        &[("X", "Y"), ("X", "W"), ("Y", "W")],
    );
    let mut env = environment("bliss1", &facts);
    let mut probe = environment("bliss1", &facts);
    probe.limits_mut().max_hypotheses = Some(2);
    probe.run(None).expect("runs");
    // The first alternative is X = 1: neither branch contradicts, and both place W = 3.
    let log = probe.hypothesis_log();
    assert!(
        log.iter()
            .any(|j| j.conclusion == "assert (placed (cell W) (value 3))"
                && j.reason == Reason::Common { branches: 2 }
                && j.hypotheses == ["(cand (cell X) (value 1))"]),
        "{log:#?}"
    );
    // Nothing that only one branch concludes is proven.
    assert!(
        !log.iter().any(|j| j.conclusion.contains("(cell X)")),
        "{log:#?}"
    );
    env.run(None).expect("runs");
    assert_eq!(
        env.hypothesis_report().highest.map(|l| l.name()),
        Some("bliss1")
    );
    assert!(placed(&env).contains(&("W".to_string(), 3)));
}

/// Everything observable about an environment's state: the facts listing, the
/// agenda of every module, and the next fact index.
fn state(env: &mut Environment) -> String {
    let out = env.capture_output();
    env.execute_str("(facts) (agenda *) (assert (probe))", "state");
    out.take()
}

#[test]
fn a_branch_that_proves_nothing_leaves_no_trace() {
    // Two unrelated cells: every assumption succeeds, nothing is proven. A rule
    // prints on every placement (branches must not print); a module that is never
    // focused holds activations on the candidates the branches retract.
    let facts = puzzle(&[("P", &[1, 2]), ("Q", &[3, 4])], &[]);
    let extra = r#"
        (defrule shout (placed (cell ?c) (value ?v)) => (printout t "placed " ?c crlf))
        (defmodule OTHER (import MAIN deftemplate ?ALL))
        (defrule OTHER::see (cand (cell ?c) (value ?v)) =>)
    "#;
    let build = || {
        let mut env = Environment::new();
        env.load_str(
            &format!(
                "(defmodule MAIN (export ?ALL)) {CSP} {}",
                declaration("te1 bliss1 bliss2 te2")
            ),
            "csp.clp",
        )
        .expect("loads");
        env.load_str(extra, "extra.clp").expect("loads");
        env.load_str(&facts, "puzzle.clp").expect("loads");
        env.reset();
        env
    };
    let mut plain = build();
    plain.limits_mut().no_hypotheses = true;
    let out = plain.capture_output();
    plain.run(None).expect("runs");
    assert_eq!(out.take(), "");
    let expected = state(&mut plain);

    let mut reasoned = build();
    let out = reasoned.capture_output();
    reasoned.run(None).expect("runs");
    assert_eq!(out.take(), "", "branches printed");
    let report = reasoned.hypothesis_report().clone();
    assert!(report.branches > 0, "{report}");
    assert_eq!(report.highest, None, "{report}");
    assert!(reasoned.hypothesis_log().is_empty());
    assert_eq!(state(&mut reasoned), expected);
    assert!(expected.contains("see: f-"), "{expected}");
}

#[test]
fn a_contradiction_inside_a_branch_never_reaches_working_memory() {
    // assume-false does nothing here, so the two refutations T&E(1) finds (C = 1,
    // C = 2) change nothing: the state after reasoning must be the state before.
    let build = |hypotheses: bool| {
        let mut env = Environment::new();
        env.load_str(CSP, "csp.clp").expect("loads");
        env.load_str(
            "(deffunction keep-it (?f) TRUE)
             (defhypothesis csp (hypothesis cand) (assume-true place) (assume-false keep-it)
                (contradiction conflict) (keep cand placed) (levels te1))",
            "decl.clp",
        )
        .expect("loads");
        env.load_str(&triangle(), "puzzle.clp").expect("loads");
        env.reset();
        env.limits_mut().no_hypotheses = !hypotheses;
        env.run(None).expect("runs");
        env
    };
    let mut plain = build(false);
    let mut reasoned = build(true);
    let stats = &reasoned.hypothesis_report().levels[0];
    assert_eq!(
        (stats.hypotheses, stats.contradictions, stats.proven),
        (7, 2, 0)
    );
    assert!(reasoned.hypothesis_log().is_empty());
    assert_eq!(state(&mut reasoned), state(&mut plain));
}

#[test]
fn the_hypothesis_budget_stops_a_pass() {
    let mut env = environment("te1", &triangle());
    // Alternatives in index order: A1 A2 B1 B2 C1 ...; four branches stop before C1.
    env.limits_mut().max_hypotheses = Some(4);
    env.run(None).expect("runs");
    assert_eq!(env.hypothesis_report().limit.as_deref(), Some("hypotheses"));
    assert!(conclusions(&env).is_empty());
}

#[test]
fn limits_switch_reasoning_off_and_cap_it() {
    let mut env = environment("te1", &triangle());
    env.limits_mut().no_hypotheses = true;
    env.run(None).expect("runs");
    assert_eq!(env.hypothesis_report().branches, 0);
    let mut env = environment("bliss2 te2", &triangle());
    env.limits_mut().max_hypothesis_depth = Some(1);
    env.run(None).expect("runs");
    assert_eq!(env.hypothesis_report().branches, 0);
    let mut env = environment("te1", &triangle());
    env.limits_mut().max_time = Some(std::time::Duration::ZERO);
    assert!(env.run(None).is_err());
}

#[test]
fn bliss2_and_te2_each_solve_on_their_own() {
    // A 4-cycle K1-K2-K3-K4 with {1, 2} everywhere is 2-colourable in two ways; a
    // fifth cell Z in {1, 2} is a peer of K1 and K3. Z then forces K1 = K3 != Z, so
    // K2 = K4 = Z: every cell is decided by Z, and both Z values are solutions. Add
    // M in {1, 2, 3}, peer of K1 and K2 (which always differ): M = 3.
    let facts = puzzle(
        &[
            ("K1", &[1, 2]),
            ("K2", &[1, 2]),
            ("K3", &[1, 2]),
            ("K4", &[1, 2]),
            ("M", &[1, 2, 3]),
        ],
        &[
            ("K1", "K2"),
            ("K2", "K3"),
            ("K3", "K4"),
            ("K4", "K1"),
            ("M", "K1"),
            ("M", "K2"),
        ],
    );
    for level in ["bliss2", "te2"] {
        let mut env = environment(level, &facts);
        env.run(None).expect("runs");
        assert!(
            placed(&env).contains(&("M".to_string(), 3)),
            "{level}: {:?}\n{}",
            placed(&env),
            env.hypothesis_report()
        );
        assert_eq!(
            env.hypothesis_report().highest.map(|l| l.name()),
            Some(level)
        );
    }
}

#[test]
fn branches_on_a_propagate_module_reach_the_same_conclusions() {
    // The CSP's rules in a module PROP that the declaration propagates, and a MAIN
    // rule outside it: branches then run on a network of PROP's rules alone, kept in
    // step with working memory between reasoning steps. Every level must prove what
    // it proves with all rules in MAIN, and the MAIN rule must see each real
    // placement once and nothing of the branches.
    // MAIN's rule comes first, so that the ordered facts' templates belong to MAIN.
    let split = CSP.replacen(
        "(defrule",
        "(defrule MAIN::seen (placed (cell ?c) (value ?v)) (cell ?c) => (assert (seen ?c ?v)))
         (defmodule PROP (import MAIN ?ALL))
         (defrule",
        1,
    );
    let split = [
        "clear-cell",
        "clear-peers",
        "single",
        "empty",
        "clash",
        "done",
    ]
    .iter()
    .fold(split, |text, rule| {
        text.replace(
            &format!("(defrule {rule}\n"),
            &format!("(defrule {rule} (declare (auto-focus TRUE))\n"),
        )
    });
    let facts = triangle();
    for levels in ["te1", "bliss1", "bliss2", "te2"] {
        let mut all_in_main = environment(levels, &facts);
        all_in_main.run(None).expect("runs");
        let mut env = Environment::new();
        env.load_str(
            &format!("(defmodule MAIN (export ?ALL)) {split}"),
            "split.clp",
        )
        .expect("the split CSP loads");
        env.load_str(
            &format!(
                "(defhypothesis csp (hypothesis cand) (assume-true place) (assume-false drop)
                    (contradiction conflict) (solved solved) (keep cand placed)
                    (propagate PROP) (levels {levels}))"
            ),
            "decl.clp",
        )
        .expect("the declaration loads");
        env.load_str(&facts, "puzzle.clp")
            .expect("the puzzle loads");
        env.reset();
        env.run(None).expect("runs");
        assert_eq!(conclusions(&env), conclusions(&all_in_main), "{levels}");
        let mut placements = placed(&env);
        placements.sort();
        let mut expected = placed(&all_in_main);
        expected.sort();
        assert_eq!(placements, expected, "{levels}");
        let seen = env.facts_of("seen").count();
        assert_eq!(seen, placements.len(), "{levels}: seen {seen}");
        // Facts asserted after a reasoning step reach the branches of the next: a
        // cell D in {1, 2}, peer of A and B, leaves A, B and D no solution.
        let more = "(assert (cell D) (cand (cell D) (value 1)) (cand (cell D) (value 2))
                    (peer (a D) (b A)) (peer (a A) (b D)) (peer (a D) (b B)) (peer (a B) (b D)))";
        for e in [&mut env, &mut all_in_main] {
            e.execute_str(more, "more");
            e.run(None).expect("runs");
        }
        let report = env.hypothesis_report().clone();
        assert!(
            report.inconsistent.is_some() || env.facts_of("conflict").next().is_some(),
            "{levels}: {report}"
        );
        assert_eq!(conclusions(&env), conclusions(&all_in_main), "{levels}");
        assert_eq!(placed(&env), placed(&all_in_main), "{levels}");
        let conflicts = |e: &Environment| e.facts_of("conflict").count();
        assert_eq!(conflicts(&env), conflicts(&all_in_main), "{levels}");
    }
}
