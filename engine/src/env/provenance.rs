//! Provenance: why a fact holds. From the firing journal, a fact's derivation tree
//! down to the facts that came from outside the rules (deffacts, the API, the REPL):
//! which rule asserted (or modified) it, on which facts, and why those hold.
//!
//! Provenance is the journal: off by default (one branch per firing and change),
//! switched on with `(set-provenance TRUE)` or [`Environment::set_journal`].

use super::journal::{Cause, Firing};
use super::{show, Environment};
use crate::value::FactId;
use crate::wm::Fact;
use std::fmt::Write;
use std::rc::Rc;

/// How deep a derivation is followed before it is cut short.
pub const DEFAULT_DEPTH: usize = 12;

impl Environment {
    /// The derivation of fact `id`, as indented text a student can read, following the
    /// facts it rests on `depth` levels deep. `Err` when provenance is off or the fact
    /// does not exist.
    pub fn why(&self, id: FactId, depth: usize) -> Result<String, String> {
        let journal = self.journal();
        if self.rt.journal.is_none() {
            return Err(
                "provenance is off: (set-provenance TRUE) before running records it".into(),
            );
        }
        let Some(current) = self.rt.wm.get(id) else {
            return Err(format!("fact f-{} does not exist", id.0));
        };
        let mut text = String::new();
        let mut told = Vec::new();
        self.tell(
            &mut text,
            id,
            Some(current.clone()),
            journal.len(),
            0,
            depth,
            &mut told,
        );
        Ok(text)
    }

    /// Writes why fact `id` (as it was before journal entry `before`) holds.
    #[allow(clippy::too_many_arguments)]
    fn tell(
        &self,
        text: &mut String,
        id: FactId,
        known: Option<Rc<Fact>>,
        before: usize,
        indent: usize,
        depth: usize,
        told: &mut Vec<(FactId, usize)>,
    ) {
        let pad = "  ".repeat(indent);
        let origin = self.journal()[..before]
            .iter()
            .enumerate()
            .rev()
            .find_map(|(at, f)| f.asserted.iter().find(|a| a.id == id).map(|a| (at, a)));
        // A given fact modified later: its version at this point is the one the
        // first later change retracted.
        let fact = origin.map(|(_, f)| f.clone()).or_else(|| {
            self.journal()[before..]
                .iter()
                .find_map(|f| f.retracted.iter().find(|r| r.id == id).cloned())
                .or(known)
        });
        let shown = match &fact {
            Some(f) => show::fact_line(&self.rt.program, f).trim_end().to_string(),
            None => format!("f-{}", id.0),
        };
        let Some((at, _)) = origin else {
            let _ = writeln!(text, "{pad}{shown}: given (asserted outside the rules)");
            return;
        };
        if told.contains(&(id, at)) {
            let _ = writeln!(text, "{pad}{shown}: (explained above)");
            return;
        }
        told.push((id, at));
        let firing = &self.journal()[at];
        let _ = writeln!(text, "{pad}{shown}: {}", self.cause_text(firing));
        if indent >= depth {
            let _ = writeln!(text, "{pad}  ...");
            return;
        }
        for basis in firing.basis.iter().flatten() {
            self.tell(
                text,
                *basis,
                self.rt.wm.get(*basis).cloned(),
                at,
                indent + 1,
                depth,
                told,
            );
        }
    }

    /// "asserted by rule r (comment), firing 7, because it matched:".
    fn cause_text(&self, firing: &Firing) -> String {
        match firing.cause {
            Cause::Rule(rule) => {
                let (name, comment) = self.rule_label(rule).unwrap_or(("?", None));
                let comment = comment.map_or(String::new(), |c| format!(" \"{c}\""));
                let on = if firing.basis.iter().flatten().next().is_some() {
                    ", because it matched:"
                } else {
                    " (its patterns need no fact)"
                };
                format!(
                    "asserted by rule {name}{comment}, firing {}{on}",
                    firing.number
                )
            }
            Cause::Hypothesis(index) => match self.hypothesis_log().get(index) {
                Some(justification) => format!("proven by hypothetical reasoning: {justification}"),
                None => "proven by hypothetical reasoning".into(),
            },
        }
    }
}
