//! Stepping through a run: fire one activation and tell what it did (the activation,
//! the facts it asserted and retracted, the agenda after it); and CLIPS's breakpoints
//! (`set-break`, `remove-break`, `show-breaks`): a run stops before firing a rule that
//! has one, unless that rule is the first the run fires.

use super::journal::Journal;
use super::{show, Environment, RunError};
use std::fmt::Write;

impl Environment {
    /// Fires one activation and describes it: `FIRE n rule: facts`, the changes
    /// (`==>`/`<==` lines), and the agenda after it. `None` when nothing was left to fire.
    pub fn step(&mut self) -> Result<Option<String>, RunError> {
        // The journal tells what the firing changed; switch it on for this step only
        // if provenance is off.
        let was_on = self.rt.journal.is_some();
        let before = self
            .rt
            .journal
            .get_or_insert_with(Journal::default)
            .firings
            .len();
        let result = self.run(Some(1));
        let firings = self
            .rt
            .journal
            .as_ref()
            .map(|j| j.firings[before.min(j.firings.len())..].to_vec())
            .unwrap_or_default();
        if !was_on {
            self.rt.journal = None;
        }
        if result? == 0 {
            return Ok(None);
        }
        let mut text = String::new();
        for firing in &firings {
            match firing.cause {
                super::journal::Cause::Rule(rule) => {
                    let name = self.rule_label(rule).map_or("?", |(n, _)| n);
                    let _ = writeln!(
                        text,
                        "FIRE {:>4} {name}: {}",
                        firing.number,
                        show::fact_list(&firing.basis)
                    );
                }
                super::journal::Cause::Hypothesis(index) => {
                    if let Some(j) = self.hypothesis_log().get(index) {
                        let _ = writeln!(text, "PROVEN {j}");
                    }
                }
            }
            for fact in &firing.retracted {
                let _ = writeln!(
                    text,
                    "  <== {}",
                    show::fact_line(&self.rt.program, fact).trim_end()
                );
            }
            for fact in &firing.asserted {
                let _ = writeln!(
                    text,
                    "  ==> {}",
                    show::fact_line(&self.rt.program, fact).trim_end()
                );
            }
        }
        text.push_str("Agenda:\n");
        let module = self
            .rt
            .focus
            .last()
            .copied()
            .unwrap_or(crate::compile::ModuleId(0));
        let lines: Vec<String> = self
            .rt
            .agenda
            .list(module)
            .iter()
            .map(|a| {
                let rule = &self.rt.rules[self.rt.productions[a.production.0 as usize].rule];
                show::activation_line(a, &rule.name)
            })
            .collect();
        if lines.is_empty() {
            text.push_str("  (empty)\n");
        }
        for line in lines {
            let _ = writeln!(text, "  {}", line.trim_end());
        }
        Ok(Some(text))
    }

    /// Sets or clears the breakpoint of rule `name`; `false` for an unknown rule.
    pub fn set_break(&mut self, name: &str, on: bool) -> bool {
        match self.rule_index(name) {
            Some(index) => {
                self.rt.rules[index].breakpoint = on;
                true
            }
            None => false,
        }
    }

    /// The rules with a breakpoint, in definition order.
    pub fn breaks(&self) -> Vec<&str> {
        self.rule_indices()
            .into_iter()
            .filter(|&i| self.rt.rules[i].breakpoint)
            .map(|i| self.rt.rules[i].name.as_str())
            .collect()
    }
}
