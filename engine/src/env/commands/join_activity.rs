//! `(join-activity RULE [verbose | succinct | terse])` and `(join-activity-reset)`:
//! how much work each join of a rule did, as CLIPS counts it (see
//! [`crate::rete::activity`]).
//!
//! For each disjunct, each join in CLIPS's order (a sub-chain's joins before the
//! join counting them) prints `Activity for CE N` with its compares, adds and
//! deletes; `succinct` prints `CE N: TOTAL`, `terse` nothing. The value is the
//! multifield `(compares adds deletes)` summed over the joins.

use super::matches::{rule_and_output, Output};
use super::{Environment, R};
use crate::rete::report::MatchReport;
use crate::value::Value;

/// `(join-activity RULE [verbose | succinct | terse])`.
pub(super) fn join_activity(env: &mut Environment, args: &[Value]) -> R {
    let Some((index, output)) = rule_and_output(env, args, "join-activity")? else {
        return Ok(Value::false_sym());
    };
    let mut text = String::new();
    let mut totals = [0u64; 3];
    for p in env.rt.rules[index].productions.clone() {
        let report = env.net.production_matches(p);
        for (i, join) in report.joins.iter().enumerate() {
            let a = join.activity;
            let header = header(&report, i);
            match output {
                Output::Verbose => text.push_str(&format!(
                    "Activity for CE {header}\n   Compares: {:>10}\n   Adds:     {:>10}\n   Deletes:  {:>10}\n",
                    a.compares, a.adds, a.deletes
                )),
                Output::Succinct => text.push_str(&format!(
                    "CE {header}: {}\n",
                    a.compares + a.adds + a.deletes
                )),
                Output::Terse => {}
            }
            totals[0] += a.compares;
            totals[1] += a.adds;
            totals[2] += a.deletes;
        }
    }
    env.rt.routers.write("t", &text);
    Ok(Value::multifield(
        totals.iter().map(|n| Value::Integer(*n as i64)).collect(),
    ))
}

/// `(join-activity-reset)`: every join's counts back to 0.
pub(super) fn join_activity_reset(env: &mut Environment, _args: &[Value]) -> R {
    env.net.reset_activity();
    Ok(Value::Void)
}

/// A join as CLIPS's `ActivityHeaderString` names it: its CE number, with its
/// patterns (`2 (P2 - P3)`) when a join on its path counts a sub-chain.
fn header(report: &MatchReport, index: usize) -> String {
    let mut nested = false;
    let mut at = Some(index);
    while let Some(i) = at {
        let (begin, end) = report.pattern_range(i);
        nested |= begin != end;
        at = report.joins[i].last_level;
    }
    let mut s = report.which_ce(index).to_string();
    if nested {
        match report.pattern_range(index) {
            (begin, end) if begin == end => s.push_str(&format!(" (P{begin})")),
            (begin, end) => s.push_str(&format!(" (P{begin} - P{end})")),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use crate::env::Environment;

    /// Runs `commands` as a batch and returns the transcript.
    fn run(commands: &str) -> String {
        let mut env = Environment::new();
        let out = env.capture_output();
        env.batch_str(commands, "t.bat", true);
        out.take()
    }

    /// From CLIPS 6.41's joinview.out.
    #[test]
    fn counts_a_not_over_a_sub_chain() {
        let text = run("(defrule joins (a ?x) (not (and (b ?x) (c ?x))) =>)
(assert (c 1))
(assert (a 1))
(assert (b 1))
(assert (a 2))
(assert (b 2))
(assert (c 2))
(retract 2)
(retract 5)
(assert (a 3))
(join-activity joins succinct)
");
        assert!(
            text.ends_with(
                "CLIPS> (join-activity joins succinct)\nCE 1: 4\nCE 2: 6\nCE 3: 6\nCE 2 (P2 - P3): 8\n(6 11 7)\nCLIPS> "
            ),
            "{text}"
        );
    }

    /// From CLIPS 6.41's joinview.out.
    #[test]
    fn counts_a_not_of_one_pattern() {
        let text = run("(defrule joins (a) (not (b ?)) =>)
(assert (a))
(assert (b 1))
(assert (b 2) (b 3))
(retract 4)
(retract 2)
(retract 3)
(join-activity joins)
");
        assert!(
            text.ends_with(
                "Activity for CE 1\n   Compares:          0\n   Adds:              1\n   Deletes:           0\n\
                 Activity for CE 2\n   Compares:          4\n   Adds:              2\n   Deletes:           1\n\
                 (4 3 1)\nCLIPS> "
            ),
            "{text}"
        );
    }
}
