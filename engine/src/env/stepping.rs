//! Stepping through a run: fire one activation and tell what it did (the activation,
//! the facts it asserted and retracted, the agenda after it); and CLIPS's breakpoints
//! (`set-break`, `remove-break`, `show-breaks`): a run stops before firing a rule that
//! has one, unless that rule is the first the run fires.

use super::journal::{Cause, Journal};
use super::{show, Environment, RunError};
use crate::compile::ModuleId;
use std::fmt::Write;

impl Environment {
    /// Fires one activation and tells, on the `t` router, what it did: the activation
    /// (`FIRE n rule: facts`, numbered across steps), the rule's own output, the changes
    /// (`<==`/`==>` lines) and the agenda after it. `false` when nothing was left to fire.
    pub fn step(&mut self) -> Result<bool, RunError> {
        if let Some(next) = self.next_activation() {
            let rule = &self.rt.rules[self.rt.productions[next.production.0 as usize].rule];
            let line = format!(
                "FIRE {:>4} {}: {}\n",
                self.rt.fired + 1,
                rule.name,
                show::fact_list(&self.net.token_facts(next.token))
            );
            self.rt.agenda.put_back(next, &|t| self.net.token_facts(t));
            self.rt.routers.write("t", &line);
        }
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
        if result? == 0 && firings.is_empty() {
            return Ok(false);
        }
        let mut text = String::new();
        for firing in &firings {
            if let Cause::Hypothesis(index) = firing.cause {
                if let Some(j) = self.hypothesis_log().get(index) {
                    let _ = writeln!(text, "PROVEN {j}");
                }
            }
            for fact in &firing.retracted {
                let shown = show::fact_line(&self.rt.program, fact);
                let _ = writeln!(text, "  <== {}", shown.trim_end());
            }
            for fact in &firing.asserted {
                let shown = show::fact_line(&self.rt.program, fact);
                let _ = writeln!(text, "  ==> {}", shown.trim_end());
            }
        }
        text.push_str("Agenda:\n");
        let module = self.rt.focus.last().copied().unwrap_or(ModuleId(0));
        let lines: Vec<String> = self
            .rt
            .agenda
            .list(module)
            .iter()
            .map(|a| {
                let rule = &self.rt.rules[self.rt.productions[a.production.0 as usize].rule];
                show::activation_line(a, &self.net.token_facts(a.token), &rule.name)
            })
            .collect();
        if lines.is_empty() {
            text.push_str("  (empty)\n");
        }
        for line in lines {
            let _ = writeln!(text, "  {}", line.trim_end());
        }
        self.rt.routers.write("t", &text);
        self.rt.routers.flush();
        Ok(true)
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
