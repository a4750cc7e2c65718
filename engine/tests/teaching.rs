//! Teaching features: provenance trees (`why`), `why-not`, stepping, and CLIPS's
//! breakpoints (checked against CLIPS 6.30's output for the same commands).

use salience_engine::env::Environment;

/// Runs top-level commands and returns what they printed.
fn run(env: &mut Environment, commands: &str) -> String {
    let out = env.capture_output();
    env.set_error_output(out.clone());
    env.execute_str(commands, "test");
    out.take()
}

/// Family facts and two levels of derived facts.
const FAMILY: &str = r#"
(deftemplate parent (slot of) (slot is))
(deftemplate grandparent (slot of) (slot is))
(deftemplate ancestor (slot of) (slot is))
(deffacts family
   (parent (of ann) (is bob))
   (parent (of bob) (is cid))
   (parent (of eve) (is fay)))
(defrule grandparent "A parent's parent is a grandparent"
   (parent (of ?x) (is ?y))
   (parent (of ?y) (is ?z))
   =>
   (assert (grandparent (of ?x) (is ?z))))
(defrule ancestor "A grandparent is an ancestor"
   (grandparent (of ?x) (is ?z))
   =>
   (assert (ancestor (of ?x) (is ?z))))
(defrule great "Needs a great-grandparent"
   (grandparent (of ?x) (is ?y))
   (parent (of ?y) (is ?z))
   =>
   (printout t ?x " has a great-grandparent" crlf))
"#;

fn family() -> Environment {
    let mut env = Environment::new();
    env.load_str(FAMILY, "family.clp").expect("loads");
    env
}

#[test]
fn why_tells_the_derivation_down_to_the_given_facts() {
    let mut env = family();
    let text = run(&mut env, "(set-provenance TRUE) (reset) (run) (why 5)");
    assert_eq!(
        text,
        "FALSE\nf-5     (ancestor (of ann) (is cid)): asserted by rule ancestor \"A grandparent is an ancestor\", firing 2, because it matched:\n\
         \x20 f-4     (grandparent (of ann) (is cid)): asserted by rule grandparent \"A parent's parent is a grandparent\", firing 1, because it matched:\n\
         \x20   f-1     (parent (of ann) (is bob)): given (asserted outside the rules)\n\
         \x20   f-2     (parent (of bob) (is cid)): given (asserted outside the rules)\n"
    );
    // A given fact, and the depth limit.
    assert_eq!(
        run(&mut env, "(why 1)"),
        "f-1     (parent (of ann) (is bob)): given (asserted outside the rules)\n"
    );
    assert!(run(&mut env, "(why 5 0)").ends_with("because it matched:\n  ...\n"));
}

#[test]
fn why_needs_provenance_and_an_existing_fact() {
    let mut env = family();
    let text = run(&mut env, "(reset) (run) (why 5)");
    assert!(text.contains("provenance is off"), "{text}");
    let text = run(&mut env, "(set-provenance TRUE) (why 99)");
    assert!(text.starts_with("FALSE\n"), "the previous setting: {text}");
    assert!(text.contains("f-99 does not exist"), "{text}");
}

#[test]
fn why_not_names_the_pattern_that_blocks_and_the_closest_matches() {
    let mut env = family();
    let text = run(&mut env, "(reset) (run) (why-not great)");
    assert_eq!(
        text,
        "1 partial match(es) of the patterns before reach pattern 2 (parent (of ?y) (is ?z)) and 3 fact(s) match it alone, \
         but none combines: a shared variable or a test disagrees (for a not pattern: a fact it forbids exists).\n\
         Closest partial matches:\n\
         \x20 f-4     (grandparent (of ann) (is cid))\n"
    );
    // Before (reset) no fact matches the first pattern.
    let mut env = family();
    assert_eq!(
        run(&mut env, "(why-not grandparent)"),
        "No fact matches pattern 1 (parent (of ?x) (is ?y)).\n"
    );
    let text = run(&mut env, "(reset) (why-not grandparent)");
    assert!(
        text.contains("grandparent is activated: 1 activation(s)"),
        "{text}"
    );
    assert!(run(&mut env, "(why-not nosuch)").contains("no rule named nosuch"));
}

#[test]
fn step_fires_one_rule_and_shows_changes_and_agenda() {
    let mut env = family();
    let text = run(&mut env, "(reset) (step)");
    assert_eq!(
        text,
        "FIRE    1 grandparent: f-1,f-2\n\
         \x20 ==> f-4     (grandparent (of ann) (is cid))\n\
         Agenda:\n\
         \x20 0      ancestor: f-4\n"
    );
    let text = run(&mut env, "(step) (step)");
    assert!(text.starts_with("FIRE    2 ancestor: f-4\n  ==> f-5     (ancestor (of ann) (is cid))\nAgenda:\n  (empty)\n"), "{text}");
    assert!(
        text.ends_with("Nothing to fire: the agenda is empty.\n"),
        "{text}"
    );
}

/// The same commands as CLIPS 6.30 `clips -f` on this program print (recorded):
/// `a 2`, `Breaking on rule b.`, then `b 2`, `a 1`, `Breaking on rule b.`, then `b 1`.
#[test]
fn breakpoints_stop_before_the_rule_as_clips_does() {
    let mut env = Environment::new();
    env.load_str(
        "(defrule a (x ?n) => (printout t \"a \" ?n crlf))\n\
         (defrule b (x ?n) => (printout t \"b \" ?n crlf))\n\
         (deffacts d (x 1) (x 2))",
        "breaks.clp",
    )
    .expect("loads");
    let text = run(&mut env, "(reset) (set-break b) (show-breaks) (run)");
    assert_eq!(text, "b\na 2\nBreaking on rule b.\n");
    assert_eq!(run(&mut env, "(run)"), "b 2\na 1\nBreaking on rule b.\n");
    assert_eq!(run(&mut env, "(run)"), "b 1\n");
    assert_eq!(run(&mut env, "(remove-break b) (show-breaks)"), "");
}

/// A variable typed at the prompt before anything binds it is an error naming it,
/// as CLIPS's `[EVALUATN1]` (6.4's wording), not a silent nil; `(bind ?x)` with no
/// value unbinds it again and returns FALSE, and a variable bound to the void value
/// of `printout` stays bound (CLIPS 6.30 and 6.4 for each case).
#[test]
fn an_unbound_variable_at_the_prompt_is_an_error() {
    let mut env = Environment::new();
    let seen = run(
        &mut env,
        "?typo\n(printout t ?typo crlf)\n(bind ?x 3)\n?x\n(bind ?x)\n?x\n\
         (bind ?v (printout t \"printed\" crlf))\n(printout t [ ?v ] crlf)",
    );
    // The command `?typo` itself returns FALSE after the error, as in CLIPS;
    // printout returns nothing.
    let lines: Vec<&str> = seen.lines().collect();
    assert!(
        lines[0].contains("[EVALUATN1] Variable ?typo is unbound."),
        "{seen}"
    );
    assert_eq!(lines[1], "FALSE", "{seen}");
    assert!(
        lines[2].contains("[EVALUATN1] Variable ?typo is unbound."),
        "{seen}"
    );
    assert_eq!(lines[3..6], ["3", "3", "FALSE"], "{seen}");
    assert!(
        lines[6].contains("[EVALUATN1] Variable ?x is unbound."),
        "{seen}"
    );
    assert_eq!(lines[7..], ["FALSE", "printed", "[]"], "{seen}");
}
