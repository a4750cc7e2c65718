//! The rule set a playground run uses, and the problems of an edited rule file placed at
//! their lines.
//!
//! The student edits one bundled level; the levels before it are loaded unchanged first
//! (they define what the edited level builds on), the levels after it are left out.

use crate::solve::{PuzzleKind, RuleLevel, RuleSet};
use salience_engine::env::capabilities::Capabilities;
use salience_engine::env::Environment;
use salience_engine::syntax::span::line_col;
use serde::Serialize;
use std::borrow::Cow;

/// One problem of an edited rule file, where it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// 1-based line in the edited text.
    pub line: usize,
    /// 1-based column (in characters) in that line.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// What would have been right, when the loader says.
    pub label: Option<String>,
}

/// The bundled levels of `K` before `level`, then `text` standing for level `level`.
/// `Err` names the level when `K` has no such level.
pub fn edited_rule_set<K: PuzzleKind>(level: usize, text: &str) -> Result<RuleSet, String> {
    let bundled = K::levels()
        .get(level)
        .ok_or_else(|| format!("{} has no rule level {level}", K::NAME))?;
    let mut rule_set = RuleSet::bundled::<K>(Some(level));
    rule_set.levels.push(RuleLevel {
        name: bundled.name.to_string(),
        source_name: bundled.file.to_string(),
        text: Cow::Owned(text.to_string()),
    });
    rule_set.name = format!("{} (edited)", bundled.name);
    Ok(rule_set)
}

/// The problems the loader finds in the last level of `rule_set` (the edited one), each
/// at its line and column; empty when it loads. The templates and the levels before it
/// are loaded first, as the solver loads them, so the problems are the ones it meets.
pub fn problems<K: PuzzleKind>(rule_set: &RuleSet) -> Vec<Problem> {
    let mut env = Environment::new();
    env.set_output(std::io::sink());
    env.set_capabilities(Capabilities::CONFINED);
    let templates = K::templates();
    let (edited, before) = match rule_set.levels.split_last() {
        Some(split) => split,
        None => return Vec::new(),
    };
    let earlier = std::iter::once((templates.source, templates.file))
        .chain(before.iter().map(|l| (&*l.text, l.source_name.as_str())));
    for (text, name) in earlier {
        if let Err(e) = env.load_str(text, name) {
            // A bundled file that does not load: nothing in the edited text to point at.
            return vec![Problem {
                line: 1,
                column: 1,
                message: format!("{name} does not load: {}", e.rendered),
                label: None,
            }];
        }
    }
    match env.load_str(&edited.text, &edited.source_name) {
        Ok(_) => Vec::new(),
        Err(e) => e
            .diagnostics
            .into_iter()
            .map(|d| {
                let at = line_col(&edited.text, d.span.start);
                Problem {
                    line: at.line,
                    column: at.column,
                    message: d.message,
                    label: d.label,
                }
            })
            .collect(),
    }
}
