//! `(matches RULE [verbose | succinct | terse])`: what a rule matches, printed as
//! CLIPS 6.30 prints it.
//!
//! For each disjunct of the rule: the facts matching each pattern alone
//! (`Matches for Pattern N`), then the partial matches of each join from the
//! second on (`Partial matches for CEs 1 - N`); then, once, the rule's activations
//! in agenda order. An empty list prints ` None`. The value is the multifield
//! `(pattern-matches partial-matches activations)`, counted over all disjuncts.
//! `succinct` prints only the counts, `terse` nothing.

use super::{lexeme, Environment, R};
use crate::env::show;
use crate::eval::EvalError;
use crate::messages;
use crate::rete::report::{JoinInput, MatchReport};
use crate::value::Value;

/// How much `matches` (or `join-activity`) prints.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Output {
    /// Everything.
    Verbose,
    /// A line per join.
    Succinct,
    /// Nothing but the value.
    Terse,
}

/// The rule named by `function`'s first argument and how much to print of it (the
/// optional second), as `matches` and `join-activity` read them; `None` (said as
/// CLIPS says it) when there is no such rule.
pub(super) fn rule_and_output(
    env: &mut Environment,
    args: &[Value],
    function: &str,
) -> Result<Option<(usize, Output)>, EvalError> {
    let name = lexeme(args, 0, function)?;
    let output = match args.get(1) {
        None => Output::Verbose,
        Some(Value::Symbol(s)) if s.as_str() == "verbose" => Output::Verbose,
        Some(Value::Symbol(s)) if s.as_str() == "succinct" => Output::Succinct,
        Some(Value::Symbol(s)) if s.as_str() == "terse" => Output::Terse,
        Some(_) => {
            return Err(EvalError::new(messages::args::argacces2(
                function,
                1,
                "symbol with value verbose, succinct, or terse",
            )))
        }
    };
    let Some(index) = env.rule_index(&name) else {
        env.report(&messages::prntutil::prntutil1("defrule", &name, true));
        return Ok(None);
    };
    Ok(Some((index, output)))
}

/// `(matches RULE [verbose | succinct | terse])`.
pub(super) fn matches(env: &mut Environment, args: &[Value]) -> R {
    let Some((index, output)) = rule_and_output(env, args, "matches")? else {
        return Ok(Value::false_sym());
    };
    let productions = env.rt.rules[index].productions.clone();
    let mut text = String::new();
    let (mut alpha_count, mut beta_count) = (0usize, 0usize);
    for &p in &productions {
        let report = env.net.production_matches(p);
        let (a, b) = list_disjunct(&report, output, &mut text);
        alpha_count += a;
        beta_count += b;
    }

    // The activations of the rule in the current module's agenda, in firing order.
    let module = env.rt.program.current_module;
    let lines: Vec<String> = env
        .rt
        .agenda
        .list(module)
        .iter()
        .filter(|a| productions.contains(&a.production))
        .map(|a| show::fact_list(&env.net.token_facts(a.token)))
        .collect();
    match output {
        Output::Verbose => {
            text.push_str("Activations\n");
            push_lines(&mut text, &lines);
        }
        Output::Succinct => text.push_str(&format!("Activations: {}\n", lines.len())),
        Output::Terse => {}
    }
    env.rt.routers.write("t", &text);
    Ok(Value::multifield(vec![
        Value::Integer(alpha_count as i64),
        Value::Integer(beta_count as i64),
        Value::Integer(lines.len() as i64),
    ]))
}

/// Lists one disjunct's pattern and join matches; returns how many of each.
fn list_disjunct(report: &MatchReport, output: Output, text: &mut String) -> (usize, usize) {
    let mut alpha_count = 0;
    let mut pattern = 0;
    for join in &report.joins {
        let lines: Vec<String> = match &join.input {
            JoinInput::FromRight(_) => continue,
            JoinInput::Pattern(facts) => facts.iter().map(|f| f.to_string()).collect(),
            JoinInput::Empty if join.matches.is_empty() => Vec::new(),
            JoinInput::Empty => vec!["*".to_string()],
        };
        pattern += 1;
        alpha_count += lines.len();
        match output {
            Output::Verbose => {
                text.push_str(&format!("Matches for Pattern {pattern}\n"));
                push_lines(text, &lines);
            }
            Output::Succinct => text.push_str(&format!("Pattern {pattern}: {}\n", lines.len())),
            Output::Terse => {}
        }
    }
    let mut beta_count = 0;
    for (i, join) in report.joins.iter().enumerate().skip(1) {
        let lines: Vec<String> = join.matches.iter().map(|m| show::fact_list(m)).collect();
        beta_count += lines.len();
        match output {
            Output::Verbose => {
                text.push_str(&format!("Partial matches for CEs {}\n", header(report, i)));
                push_lines(text, &lines);
            }
            Output::Succinct => {
                text.push_str(&format!("CEs {}: {}\n", header(report, i), lines.len()))
            }
            Output::Terse => {}
        }
    }
    (alpha_count, beta_count)
}

/// The lines, or ` None`.
fn push_lines(text: &mut String, lines: &[String]) {
    if lines.is_empty() {
        text.push_str(" None\n");
    }
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
}

/// The CEs a join's partial matches cover, as CLIPS's `BetaHeaderString` writes
/// them: `1 - 3`, or with a `not`/`exists` over several CEs, each CE with its
/// patterns: `1 (P1) , 2 (P2 - P3)`.
fn header(report: &MatchReport, index: usize) -> String {
    // The joins on the path from the first join to this one.
    let mut marked = vec![false; index + 1];
    let mut at = Some(index);
    while let Some(i) = at {
        marked[i] = true;
        at = report.joins[i].last_level;
    }
    let ranges: Vec<(usize, usize)> = (0..=index).map(|i| report.pattern_range(i)).collect();
    let nested = (0..=index).any(|i| marked[i] && ranges[i].0 != ranges[i].1);
    let describe = |i: usize| {
        let mut s = report.which_ce(i).to_string();
        if nested {
            let (begin, end) = ranges[i];
            if begin == end {
                s.push_str(&format!(" (P{begin})"));
            } else {
                s.push_str(&format!(" (P{begin} - P{end})"));
            }
        }
        s
    };
    let mut parts = Vec::new();
    let mut i = 0;
    while i <= index {
        if !marked[i] {
            i += 1;
            continue;
        }
        let start = i;
        let mut end = i;
        if ranges[i].0 == ranges[i].1 {
            // Runs of plain pattern joins print as one range.
            let mut j = i + 1;
            while j <= index {
                if marked[j] {
                    if ranges[j].0 != ranges[j].1 {
                        break;
                    }
                    end = j;
                }
                j += 1;
            }
        }
        let mut part = describe(start);
        if start != end {
            part.push_str(" - ");
            part.push_str(&describe(end));
        }
        parts.push(part);
        i = end + 1;
    }
    parts.join(" , ")
}

#[cfg(test)]
mod tests {
    use crate::env::Environment;

    /// Loads `src`, resets, runs `command` as a batch command and returns what it
    /// printed, its value included.
    fn run(src: &str, command: &str) -> String {
        let mut env = Environment::new();
        let out = env.capture_output();
        env.load_str(src, "t.clp").unwrap();
        env.reset();
        env.batch_str(command, "t.bat", true);
        let text = out.take();
        let text = text.strip_prefix(&format!("CLIPS> {command}\n")).unwrap();
        text.trim_end_matches("CLIPS> ").trim_end().to_string()
    }

    #[test]
    fn lists_patterns_joins_and_activations() {
        let text = run(
            "(defrule pair (a ?x) (b ?x) (c ?y) =>)
             (deffacts d (a 1) (a 2) (b 1) (c 9) (b 2))",
            "(matches pair)",
        );
        assert_eq!(
            text,
            "Matches for Pattern 1\nf-1\nf-2\nMatches for Pattern 2\nf-3\nf-5\n\
             Matches for Pattern 3\nf-4\nPartial matches for CEs 1 - 2\nf-2,f-5\nf-1,f-3\n\
             Partial matches for CEs 1 - 3\nf-2,f-5,f-4\nf-1,f-3,f-4\n\
             Activations\nf-2,f-5,f-4\nf-1,f-3,f-4\n(5 4 2)"
        );
    }

    #[test]
    fn empty_lists_print_none() {
        let text = run("(defrule r (zz ?x) (a ?x) =>)", "(matches r)");
        assert_eq!(
            text,
            "Matches for Pattern 1\n None\nMatches for Pattern 2\n None\n\
             Partial matches for CEs 1 - 2\n None\nActivations\n None\n(0 0 0)"
        );
    }

    #[test]
    fn sub_chain_headers_name_patterns() {
        let text = run(
            "(defrule ex (c ?) (exists (a ?x) (b ?x)) =>)
             (deffacts d (c 1) (a 2) (b 2))",
            "(matches ex succinct)",
        );
        assert_eq!(
            text,
            "Pattern 1: 1\nPattern 2: 1\nPattern 3: 1\nCEs 1 - 2: 1\nCEs 1 - 3: 1\n\
             CEs 1 (P1) , 2 (P2 - P3): 1\nActivations: 1\n(3 3 1)"
        );
    }
}
