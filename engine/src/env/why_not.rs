//! `(why-not RULE)`: why a rule is not activated — the first pattern of its chain
//! that lets no partial match through, what reaches it, and the partial matches that
//! came closest. Built on the same join-by-join report as `(matches RULE)`.

use super::{show, Environment};
use crate::rete::report::{JoinInput, MatchReport};
use crate::syntax::ast::{Ce, Construct, TopLevel};
use crate::value::FactId;
use std::fmt::Write;

/// At most this many closest partial matches are shown.
const CLOSEST: usize = 3;

impl Environment {
    /// Explains why rule `name` has no activation (or says that it has some). `Err`
    /// for an unknown rule.
    pub fn why_not(&self, name: &str) -> Result<String, String> {
        let index = self
            .rule_index(name)
            .ok_or_else(|| format!("no rule named {name}"))?;
        let rule = &self.rt.rules[index];
        let patterns = pattern_texts(&rule.source);
        let mut text = String::new();
        let disjuncts = rule.productions.len();
        for (d, &production) in rule.productions.iter().enumerate() {
            if disjuncts > 1 {
                let _ = writeln!(text, "Disjunct {} of {disjuncts}:", d + 1);
            }
            let report = self.net.production_matches(production);
            // Pattern texts are only meaningful for a rule without `or`.
            let texts = (disjuncts == 1).then_some(patterns.as_slice());
            self.explain_chain(&report, texts, &mut text);
            let activations = self
                .rt
                .agenda
                .all()
                .filter(|a| a.production == production)
                .count();
            if activations > 0 {
                let _ = writeln!(
                    text,
                    "{name} is activated: {activations} activation(s) on the agenda."
                );
            }
        }
        Ok(text)
    }

    /// Follows the rule's main chain of joins to the first that passes nothing.
    fn explain_chain(&self, report: &MatchReport, patterns: Option<&[String]>, text: &mut String) {
        let Some(last) = report.joins.len().checked_sub(1) else {
            let _ = writeln!(text, "The rule has no patterns.");
            return;
        };
        let mut chain = vec![last];
        while let Some(left) = report.joins[*chain.last().unwrap_or(&last)].last_level {
            chain.push(left);
        }
        chain.reverse();
        let describe = |n: usize| match patterns.and_then(|p| p.get(n - 1)) {
            Some(t) => format!("pattern {n} {t}"),
            None => format!("pattern {n}"),
        };
        let mut previous: Option<usize> = None;
        for &j in &chain {
            let join = &report.joins[j];
            let (first, last) = report.pattern_range(j);
            if !join.matches.is_empty() {
                previous = Some(j);
                continue;
            }
            let what = if first == last {
                describe(first)
            } else {
                format!("patterns {first}-{last} (a not/exists group)")
            };
            match (&join.input, previous) {
                (JoinInput::Pattern(facts), _) if facts.is_empty() => {
                    let _ = writeln!(text, "No fact matches {what}.");
                }
                (_, None) => {
                    let _ = writeln!(text, "Nothing gets through {what}.");
                }
                (input, Some(p)) => {
                    let reaching = report.joins[p].matches.len();
                    let facts = match input {
                        JoinInput::Pattern(f) => format!("{} fact(s) match it alone", f.len()),
                        _ => "its group has matches".to_string(),
                    };
                    let _ = writeln!(
                        text,
                        "{reaching} partial match(es) of the patterns before reach {what} and {facts}, \
                         but none combines: a shared variable or a test disagrees \
                         (for a not pattern: a fact it forbids exists)."
                    );
                    let _ = writeln!(text, "Closest partial matches:");
                    for m in report.joins[p].matches.iter().take(CLOSEST) {
                        let _ = writeln!(text, "  {}", self.partial_match_text(m));
                    }
                }
            }
            return;
        }
        let _ = writeln!(
            text,
            "Every pattern matches ({} complete match(es)).",
            report.joins[last].matches.len()
        );
    }

    /// `f-3 (cell ...), f-7 (cell ...)` for a partial match.
    fn partial_match_text(&self, facts: &[Option<FactId>]) -> String {
        facts
            .iter()
            .map(|f| match f.and_then(|id| self.rt.wm.get(id)) {
                Some(fact) => show::fact_line(&self.rt.program, fact)
                    .trim_end()
                    .to_string(),
                None => "(no fact)".to_string(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The source text of each pattern of a rule, in CLIPS's pattern numbering
/// (depth first, `test` CEs not counted).
fn pattern_texts(source: &str) -> Vec<String> {
    let (items, _) = crate::syntax::parse::parse_source(source);
    let mut texts = Vec::new();
    for item in items {
        if let TopLevel::Construct(c) = item {
            let Construct::Rule(rule) = *c else {
                continue;
            };
            for ce in &rule.lhs {
                collect_patterns(ce, source, &mut texts);
            }
        }
    }
    texts
}

fn collect_patterns(ce: &Ce, source: &str, texts: &mut Vec<String>) {
    match ce {
        Ce::Pattern(p) => texts.push(
            source
                .get(p.span.start..p.span.end)
                .unwrap_or("")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
        ),
        Ce::Test(..) => {}
        Ce::Not(inner, _) => collect_patterns(inner, source, texts),
        Ce::And(ces, _)
        | Ce::Or(ces, _)
        | Ce::Exists(ces, _)
        | Ce::Forall(ces, _)
        | Ce::Logical(ces, _) => {
            for c in ces {
                collect_patterns(c, source, texts);
            }
        }
    }
}
