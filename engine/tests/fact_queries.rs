//! Fact-set queries (`any-factp`, `find-fact`, `find-all-facts`, `do-for-fact`,
//! `do-for-all-facts`, `delayed-do-for-all-facts`) against CLIPS 6.41: their
//! parse errors (`[FACTQPSR1..3]`, `[PRNTUTIL1]`, `[PRNTUTIL2]`, `[PRNTUTIL14]`,
//! with the construct echo when a deffunction holds them), their run-time errors
//! (templates computed by the query, `?f:slot` of a retracted fact or a missing
//! slot), and how they walk the facts (facts asserted meanwhile are reached,
//! member variables hold their facts only while the query runs, `break`).
//!
//! `fact_queries/queries.out` is the transcript the CLIPS 6.41 console printed
//! for `fact_queries/queries.bat` (banner and final `(exit)` left out).

use salience_engine::env::Environment;

#[test]
fn transcript_is_the_one_clips_prints() {
    let mut env = Environment::new();
    let out = env.capture_output();
    env.set_error_output(out.clone());
    env.batch_str(
        include_str!("fact_queries/queries.bat"),
        "queries.bat",
        true,
    );
    let expected = include_str!("fact_queries/queries.out");
    let actual = out.take();
    let actual = actual.strip_suffix("CLIPS> ").unwrap_or(&actual);
    assert_eq!(actual, expected);
}
