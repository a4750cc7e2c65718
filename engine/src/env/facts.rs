//! Changing working memory: assert, retract, modify and duplicate, with watch
//! output, duplicate suppression, limits and logical support.

use super::{show, Environment};
use crate::compile::TemplateId;
use crate::eval::EvalError;
use crate::messages;
use crate::value::{FactId, Value};
use crate::wm::{copy_slots, ContentHash, Slots};

impl Environment {
    /// Asserts a fact given its slot values and returns its index. If an identical
    /// fact exists (and fact duplication is off), nothing is asserted and the
    /// existing fact's index is returned, as CLIPS 6.4 does.
    pub fn assert_values(
        &mut self,
        template: TemplateId,
        slots: Slots,
    ) -> Result<Option<FactId>, EvalError> {
        let hash = ContentHash::of(template, &slots);
        if !self.rt.fact_duplication {
            if let Some(existing) = self.rt.wm.find_hashed(hash, template, &slots) {
                self.note_support(existing, false);
                return Ok(Some(existing));
            }
        }
        if let Some(max) = self.rt.limits.max_facts {
            if self.rt.wm.len() >= max {
                self.rt.halted = true;
                return Err(EvalError::new(format!(
                    "working-memory limit reached: {max} facts (raise it with --max-facts)"
                )));
            }
        }
        let fact = self.rt.wm.insert_hashed(hash, template, slots);
        self.after_insert(&fact, true, None);
        Ok(Some(fact.id))
    }

    /// Propagates an inserted fact; `changed` (the slots a modify changed) makes
    /// the watch line show only those slots, as CLIPS does.
    fn after_insert(
        &mut self,
        fact: &std::rc::Rc<crate::wm::Fact>,
        fresh: bool,
        changed: Option<&[bool]>,
    ) {
        if (self.rt).watches(super::WatchedKind::Facts, fact.template.0 as usize) {
            self.watch_fact_line("==>", fact, changed);
        }
        self.check_template_fact(fact);
        if let Some(journal) = &mut self.rt.journal {
            journal.asserted(fact);
        }
        self.note_support(fact.id, fresh);
        self.rt.hypothesis.trail.asserted(fact);
        self.net.assert_fact(fact, &mut self.rt);
        self.branch_matcher_assert(fact);
        self.settle();
    }

    /// With dynamic constraint checking on, checks the slots of `fact`, just
    /// asserted, against its deftemplate as CLIPS does: the first value that breaks
    /// its slot's constraints is reported and execution halts, the fact staying.
    fn check_template_fact(&mut self, fact: &crate::wm::Fact) {
        if !self.rt.dynamic_constraint_checking {
            return;
        }
        let template = self.rt.program.template(fact.template);
        if template.implied {
            return;
        }
        let broken = template
            .slots
            .iter()
            .zip(fact.slots.iter())
            .find_map(|(slot, value)| {
                let violation = slot.constraint.check_slot_value(value, slot.multi).err()?;
                Some(messages::constraints::cstrnchk1_fact(
                    &value.repr().to_string(),
                    fact.id.0,
                    slot.name.as_str(),
                    &violation,
                ))
            });
        if let Some(message) = broken {
            self.report(&message);
            self.rt.halted = true;
            self.rt.execution_halted = true;
        }
    }

    /// Records the logical support of the firing rule (or unconditional support).
    fn note_support(&mut self, fact: FactId, fresh: bool) {
        let support = &mut self.rt.support;
        match self.rt.current_support {
            Some(token) => {
                if fresh || support.by_fact.contains_key(&fact) {
                    let entry = support.by_fact.entry(fact).or_insert((0, false));
                    entry.0 += 1;
                    support.given += 1;
                    (support.by_token.entry(token).or_default()).push((fact, support.given));
                    self.net.set_supports(token);
                }
            }
            // Most programs use no logical support: then there is nothing to look up.
            None if support.by_fact.is_empty() => {}
            None => {
                if let Some(entry) = support.by_fact.get_mut(&fact) {
                    entry.1 = true;
                }
            }
        }
    }

    /// Writes a fact's watch line: `==> f-1     (a)` (only the `changed` slots
    /// of a modified template fact).
    fn watch_fact_line(&mut self, arrow: &str, fact: &crate::wm::Fact, changed: Option<&[bool]>) {
        let shown = match changed {
            Some(changed) => show::fact_change_line(&self.rt.program, fact, changed),
            None => show::fact_line(&self.rt.program, fact),
        };
        self.rt.routers.write("t", &format!("{arrow} {shown}\n"));
    }

    /// Retracts fact `id`; `false` if it does not exist.
    pub fn retract(&mut self, id: FactId) -> bool {
        self.retract_changed(id, None)
    }

    /// Retracts fact `id`, its watch line showing only the `changed` slots when given.
    fn retract_changed(&mut self, id: FactId, changed: Option<&[bool]>) -> bool {
        let Some(fact) = self.rt.wm.remove(id) else {
            return false;
        };
        if (self.rt).watches(super::WatchedKind::Facts, fact.template.0 as usize) {
            self.watch_fact_line("<==", &fact, changed);
        }
        if let Some(journal) = &mut self.rt.journal {
            journal.retracted(&fact);
        }
        if !self.rt.support.by_fact.is_empty() {
            self.rt.support.by_fact.remove(&id);
        }
        self.rt.hypothesis.trail.retracted(&fact);
        self.net.retract_fact(&fact, &mut self.rt);
        self.branch_matcher_retract(&fact);
        self.settle();
        true
    }

    /// Retracts the facts that lost their logical support, until none remain.
    pub(super) fn settle(&mut self) {
        while let Some(f) = self.rt.support.pending.pop() {
            if self
                .rt
                .support
                .by_fact
                .get(&f)
                .is_some_and(|e| e.0 == 0 && !e.1)
            {
                self.retract(f);
            }
        }
    }

    /// Modifies (or duplicates) fact `id`, replacing the given slots. Modify keeps
    /// the fact index, as CLIPS 6.4 does; duplicate asserts a new fact.
    pub fn modify(
        &mut self,
        id: FactId,
        changes: Vec<(usize, Value)>,
        duplicate: bool,
    ) -> Result<Option<FactId>, EvalError> {
        let Some(old) = self.rt.wm.get(id).cloned() else {
            return Err(EvalError::new(format!("fact f-{} does not exist", id.0)));
        };
        let mut slots = copy_slots(&old.slots);
        for (index, value) in changes {
            slots[index] = value;
        }
        let template = old.template;
        if duplicate {
            return self.assert_values(template, slots);
        }
        if *slots == *old.slots {
            return Ok(Some(id));
        }
        let changed: Vec<bool> = slots
            .iter()
            .zip(old.slots.iter())
            .map(|(new, old)| new != old)
            .collect();
        let hash = ContentHash::of(template, &slots);
        let duplicate_of = self.rt.wm.find_hashed(hash, template, &slots);
        self.retract_changed(id, Some(&changed));
        if duplicate_of.is_some() {
            // The fact goes; as in CLIPS, the value is the fact it now duplicates.
            return Ok(duplicate_of);
        }
        let fact = self.rt.wm.insert_with_id(id, hash, template, slots);
        // Logical support does not carry over: CLIPS makes the modified fact unconditional.
        self.after_insert(&fact, false, Some(&changed));
        Ok(Some(id))
    }

    /// Removes every fact (with watch output, as CLIPS gives) and restarts numbering.
    pub(crate) fn clear_facts(&mut self) {
        let ids: Vec<FactId> = self.rt.wm.iter().map(|f| f.id).collect();
        for id in ids {
            self.retract(id);
        }
        self.rt.wm.clear();
        self.rt.support = Default::default();
    }
}
