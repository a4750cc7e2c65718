//! The environment as the evaluator's host (rule actions and commands), and the
//! runtime as the network's host (LHS tests and activations).

use super::commands::{self, Command};
use super::top_level::{self, TopLevelHost};
use super::{Environment, Runtime, Salience, SalienceEvaluation};
use crate::compile::expr::CommandSig;
use crate::compile::{CExpr, Program, TemplateId};
use crate::eval::{self, EvalError, Host, Unwind};
use crate::functions::FnState;
use crate::messages;
use crate::rete::fault::{FaultPlace, MatchFault};
use crate::rete::{Network, ProductionId, TestHost, TokenId};
use crate::syntax::Span;
use crate::value::{FactId, Value};
use crate::wm::{Fact, Slots};
use std::rc::Rc;

impl Runtime {
    pub(super) fn set_global_value(&mut self, id: u32, value: Value) {
        let watched = self.watches(super::WatchedKind::Globals, id as usize);
        let g = &mut self.program.globals[id as usize];
        if watched {
            let line = format!(
                ":== ?*{}* ==> {} <== {}\n",
                g.name,
                value.display(),
                g.value.display()
            );
            g.value = value;
            self.routers.write("t", &line);
        } else {
            g.value = value;
        }
    }

    fn facts_of_template(&self, template: TemplateId) -> Vec<Rc<Fact>> {
        self.wm
            .iter()
            .filter(|f| f.template == template)
            .cloned()
            .collect()
    }

    /// An error once the run's time limit has passed or the process holds more
    /// memory than the limit allows (checked by loops).
    pub(crate) fn check_deadline(&mut self) -> Result<(), EvalError> {
        if self.memory_exceeded() {
            self.halted = true;
            return Err(EvalError::new(
                "memory limit reached inside a loop (the process holds too much memory)",
            ));
        }
        match self.deadline {
            Some(deadline) if std::time::Instant::now() > deadline => {
                self.halted = true;
                Err(EvalError::new(
                    "time limit reached inside a loop (raise it with --max-seconds)",
                ))
            }
            _ => Ok(()),
        }
    }

    /// Whether the process holds more resident memory than `limits.max_memory`;
    /// looked up at most once a millisecond, `false` in between.
    pub(crate) fn memory_exceeded(&mut self) -> bool {
        let Some(max) = self.limits.max_memory else {
            return false;
        };
        let now = std::time::Instant::now();
        if self
            .last_memory_probe
            .is_some_and(|at| now.duration_since(at) < std::time::Duration::from_millis(1))
        {
            return false;
        }
        self.last_memory_probe = Some(now);
        commands::resident_bytes().is_some_and(|held| u64::try_from(held).unwrap_or(0) > max)
    }

    /// Evaluates an expression with no LHS variables (salience, defaults, globals).
    pub(crate) fn eval_plain(&mut self, expr: &CExpr) -> Result<Value, EvalError> {
        plain_result(eval::eval(&mut LhsHost(self), &mut Vec::new(), expr))
    }

    /// The value slot `index` of `template` gets when an assert omits it, a dynamic
    /// default evaluated now (an error for a `?NONE` slot).
    pub(crate) fn default_of(
        &mut self,
        template: TemplateId,
        index: usize,
    ) -> Result<Value, EvalError> {
        let default = eval::default_value(&mut LhsHost(self), &mut Vec::new(), template, index);
        plain_result(default)
    }

    /// The salience of a rule now.
    pub(crate) fn salience_of(&mut self, rule: usize) -> i32 {
        match self.rules[rule].salience.clone() {
            Salience::Fixed(s) => s,
            Salience::Dynamic(expr, defined) => {
                if self.salience_evaluation == SalienceEvaluation::WhenDefined {
                    return defined;
                }
                match self.eval_plain(&expr) {
                    Ok(Value::Integer(i)) => i.clamp(-10000, 10000) as i32,
                    Ok(Value::Float(f)) => (f as i64).clamp(-10000, 10000) as i32,
                    Ok(_) | Err(_) => defined,
                }
            }
        }
    }
}

/// The outcome of an evaluation outside any rule or function: `return` gives its
/// value, `break` gives `FALSE`.
pub(super) fn plain_result(result: eval::Eval) -> Result<Value, EvalError> {
    match result {
        Ok(v) | Err(Unwind::Return(v)) => Ok(v),
        Err(Unwind::Break) => Ok(Value::false_sym()),
        Err(Unwind::Error(e)) => Err(e),
    }
}

/// The runtime as evaluator host while the network matches: it can read facts and
/// call most functions, but cannot change working memory.
pub(crate) struct LhsHost<'a>(pub &'a mut Runtime);

fn refused(what: &str) -> EvalError {
    EvalError::new(format!(
        "{what} cannot be used while patterns are being matched (in a test or constraint)"
    ))
}

impl TopLevelHost for LhsHost<'_> {
    fn runtime(&mut self) -> &mut Runtime {
        self.0
    }
}

impl TopLevelHost for Environment {
    fn runtime(&mut self) -> &mut Runtime {
        &mut self.rt
    }
}

impl Host for LhsHost<'_> {
    fn program(&self) -> &Program {
        &self.0.program
    }
    fn set_current_module(&mut self, module: crate::compile::ModuleId) {
        self.0.program.current_module = module;
    }
    fn objects(&mut self) -> &mut crate::cool::Objects {
        &mut self.0.objects
    }
    fn set_global(&mut self, id: u32, value: Value) {
        self.0.set_global_value(id, value);
    }
    fn initial_global_value(&mut self, id: u32) -> eval::Eval {
        let init = self.0.program.globals[id as usize].init.clone();
        top_level::eval(self, &init, false)
    }
    fn fn_state(&mut self) -> &mut FnState {
        &mut self.0.fn_state
    }
    fn command_signature(&self, id: u32) -> CommandSig {
        commands::signature(id)
    }
    fn call_command(&mut self, id: u32, args: &[Value], _span: Span) -> Result<Value, EvalError> {
        self.0.capabilities.check(commands::get(id).name)?;
        match commands::get(id).run {
            Command::Rt(f) => f(self.0, args),
            // Constructs are in use while patterns are matched: CLIPS refuses to
            // clear, says so, and the test goes on.
            Command::Env(_) if commands::get(id).name == "clear" => {
                let refusal = crate::messages::constrct::constrct1();
                self.0.routers.write("werror", &format!("{refusal}\n"));
                Ok(Value::Void)
            }
            Command::Env(_) if commands::get(id).name == "undefrule" => {
                commands::undefrule_while_matching(self.0, args)
            }
            Command::Env(_) => Err(refused(commands::get(id).name)),
        }
    }
    fn clear_locks(&mut self) -> &mut u32 {
        &mut self.0.clear_locks
    }
    fn templates_building(&mut self) -> &mut Vec<TemplateId> {
        &mut self.0.building
    }
    fn assert_fact(&mut self, _t: TemplateId, _s: Slots) -> Result<Option<FactId>, EvalError> {
        Err(refused("assert"))
    }
    fn modify_fact(
        &mut self,
        _id: FactId,
        _c: Vec<(usize, Value)>,
        _d: bool,
    ) -> Result<Option<FactId>, EvalError> {
        Err(refused("modify"))
    }
    fn fact(&self, id: FactId) -> Option<Rc<Fact>> {
        self.0.wm.get(id).cloned()
    }
    fn facts_of(&self, template: TemplateId) -> Vec<Rc<Fact>> {
        self.0.facts_of_template(template)
    }
    fn depth(&mut self) -> &mut usize {
        &mut self.0.depth
    }
    fn spare_frames(&mut self) -> &mut Vec<Vec<Value>> {
        &mut self.0.spare_frames
    }
    fn method_calls(&mut self) -> &mut Vec<crate::generic::MethodCall> {
        &mut self.0.method_calls
    }
    fn functions_running(&mut self) -> &mut Vec<u32> {
        &mut self.0.functions_running
    }
    fn traced_generics(&self) -> (bool, bool) {
        (self.0.watch.generic_functions, self.0.watch.methods)
    }
    fn traced_deffunction(&self, id: u32) -> bool {
        self.0
            .watches(super::WatchedKind::Deffunctions, id as usize)
    }
    fn warn(&mut self, text: &str) {
        self.0.routers.write("werror", &format!("{text}\n"));
    }
    fn check_output(&mut self, name: &str) -> bool {
        self.0.routers.check_output(name)
    }
    fn write(&mut self, name: &str, text: &str) {
        self.0.routers.write(name, text);
    }
    fn dynamic_constraint_checking(&self) -> bool {
        self.0.dynamic_constraint_checking
    }
    fn execution_halted(&self) -> bool {
        self.0.execution_halted
    }
    fn check_deadline(&mut self) -> Result<(), EvalError> {
        self.0.check_deadline()
    }
}

impl TestHost for Runtime {
    fn eval(&mut self, expr: &CExpr, frame: &mut Vec<Value>) -> Value {
        match eval::eval(&mut LhsHost(self), frame, expr) {
            Ok(v) | Err(Unwind::Return(v)) => v,
            Err(Unwind::Break) => Value::false_sym(),
            Err(Unwind::Error(e)) => {
                // As in CLIPS: the error is printed at once, then where it happened
                // (`report_fault`), and it halts execution: the actions under way,
                // the run, the facts of an `assert` not made yet.
                self.routers.write("werror", &e.message);
                if !e.message.ends_with('\n') {
                    self.routers.write("werror", "\n");
                }
                crate::rete::fault::note_eval_error();
                self.match_fault = true;
                self.halted = true;
                self.execution_halted = true;
                Value::false_sym()
            }
        }
    }

    fn report_fault(&mut self, fault: &MatchFault) {
        let uses: Vec<String> = (fault.uses.iter())
            .map(|&(p, pattern)| {
                let rule = &self.rules[self.productions[p.0 as usize].rule];
                messages::drive::trace_line(pattern, rule.name.as_str())
            })
            .collect();
        let text = match &fault.place {
            FaultPlace::Pattern { fact, slot, field } if fact.id.instance().is_some() => {
                let slot = match slot.checked_sub(2) {
                    Some(n) => (self.program.object_layout.slots().nth(n))
                        .map_or_else(String::new, |(name, _)| name.to_string()),
                    None if *slot == 0 => "is-a".to_string(),
                    None => "name".to_string(),
                };
                let name = fact
                    .id
                    .instance()
                    .map(|i| i.name().to_string())
                    .unwrap_or_default();
                messages::objrtmch::objrtmch1(&name, &slot, field + 1, &uses)
            }
            FaultPlace::Pattern { fact, slot, field } => {
                let template = self.program.template(fact.template);
                let place = if template.implied {
                    format!("field #{}", field + 1)
                } else {
                    let name = template.slots.get(*slot).map(|s| s.name.as_str());
                    format!("slot {}", name.unwrap_or_default())
                };
                let shown = super::show::fact_text(&self.program, fact);
                messages::factmch::factmch1(&shown, &place, &uses)
            }
            FaultPlace::Join => messages::drive::drive1(&uses),
        };
        self.routers.write("werror", &text);
    }

    fn activate(&mut self, production: ProductionId, token: TokenId, net: &Network) {
        let p = &self.productions[production.0 as usize];
        let rule = p.rule;
        let specificity = p.specificity;
        let salience = self.salience_of(rule);
        let r = &self.rules[rule];
        let module = r.module;
        if self.watches(super::WatchedKind::Activations, rule) {
            let line = format!(
                "==> Activation {:<6} {}: {}\n",
                salience,
                r.name,
                super::show::fact_list(&net.token_facts(token))
            );
            self.routers.write("t", &line);
        }
        if r.auto_focus && self.focus.last() != Some(&module) {
            self.push_focus(module);
        }
        let facts = |t| net.token_facts(t);
        self.agenda
            .add(production, token, salience, module, specificity, &facts);
    }

    fn deactivate(&mut self, production: ProductionId, token: TokenId, net: &Network) {
        if let Some(a) = self.agenda.remove(production, token) {
            let index = self.productions[production.0 as usize].rule;
            if self.watches(super::WatchedKind::Activations, index) {
                let rule = &self.rules[index];
                let line = format!(
                    "<== Activation {:<6} {}: {}\n",
                    a.salience,
                    rule.name,
                    super::show::fact_list(&net.token_facts(token))
                );
                self.routers.write("t", &line);
            }
        }
    }

    fn activation_is_quiet(&self, production: ProductionId) -> bool {
        // A salience expression is taken for code run at activation, whatever
        // the salience evaluation setting (the network keeps the answer).
        let rule = &self.rules[self.productions[production.0 as usize].rule];
        matches!(rule.salience, Salience::Fixed(_)) && !rule.auto_focus
    }

    fn lost_support(&mut self, token: TokenId) {
        let Some(facts) = self.support.by_token.remove(&token) else {
            return;
        };
        for (f, _) in facts {
            if let Some(entry) = self.support.by_fact.get_mut(&f) {
                entry.0 = entry.0.saturating_sub(1);
                if entry.0 == 0 && !entry.1 {
                    self.support.pending.push(f);
                }
            }
        }
    }
}

impl Host for Environment {
    fn program(&self) -> &Program {
        &self.rt.program
    }
    fn set_current_module(&mut self, module: crate::compile::ModuleId) {
        self.rt.program.current_module = module;
    }
    fn set_global(&mut self, id: u32, value: Value) {
        self.rt.set_global_value(id, value);
    }
    fn initial_global_value(&mut self, id: u32) -> eval::Eval {
        let init = self.rt.program.globals[id as usize].init.clone();
        top_level::eval(self, &init, false)
    }
    fn fn_state(&mut self) -> &mut FnState {
        &mut self.rt.fn_state
    }
    fn command_signature(&self, id: u32) -> CommandSig {
        commands::signature(id)
    }
    fn call_command(&mut self, id: u32, args: &[Value], _span: Span) -> Result<Value, EvalError> {
        self.rt.capabilities.check(commands::get(id).name)?;
        let result = match commands::get(id).run {
            Command::Rt(f) => f(&mut self.rt, args),
            Command::Env(f) => f(self, args),
        };
        self.settle_objects();
        result
    }
    fn assert_fact(
        &mut self,
        template: TemplateId,
        slots: Slots,
    ) -> Result<Option<FactId>, EvalError> {
        self.assert_values(template, slots)
    }
    fn modify_fact(
        &mut self,
        id: FactId,
        changes: Vec<(usize, Value)>,
        duplicate: bool,
    ) -> Result<Option<FactId>, EvalError> {
        self.modify(id, changes, duplicate)
    }
    fn fact(&self, id: FactId) -> Option<Rc<Fact>> {
        self.rt.wm.get(id).cloned()
    }
    fn facts_of(&self, template: TemplateId) -> Vec<Rc<Fact>> {
        self.rt.facts_of_template(template)
    }
    fn depth(&mut self) -> &mut usize {
        &mut self.rt.depth
    }
    fn clear_locks(&mut self) -> &mut u32 {
        &mut self.rt.clear_locks
    }
    fn templates_building(&mut self) -> &mut Vec<TemplateId> {
        &mut self.rt.building
    }
    fn spare_frames(&mut self) -> &mut Vec<Vec<Value>> {
        &mut self.rt.spare_frames
    }
    fn method_calls(&mut self) -> &mut Vec<crate::generic::MethodCall> {
        &mut self.rt.method_calls
    }
    fn functions_running(&mut self) -> &mut Vec<u32> {
        &mut self.rt.functions_running
    }
    fn traced_generics(&self) -> (bool, bool) {
        (self.rt.watch.generic_functions, self.rt.watch.methods)
    }
    fn traced_deffunction(&self, id: u32) -> bool {
        self.rt
            .watches(super::WatchedKind::Deffunctions, id as usize)
    }
    fn warn(&mut self, text: &str) {
        self.report(text);
    }
    fn check_output(&mut self, name: &str) -> bool {
        self.rt.routers.check_output(name)
    }
    fn write(&mut self, name: &str, text: &str) {
        self.rt.routers.write(name, text);
    }
    fn dynamic_constraint_checking(&self) -> bool {
        self.rt.dynamic_constraint_checking
    }
    fn execution_halted(&self) -> bool {
        self.rt.execution_halted
    }
    fn check_deadline(&mut self) -> Result<(), EvalError> {
        self.rt.check_deadline()
    }
    fn objects(&mut self) -> &mut crate::cool::Objects {
        &mut self.rt.objects
    }
    fn objects_changed(&mut self) {
        self.settle_objects();
    }
    fn expect_retraction(&mut self, fact: Option<FactId>) {
        // Watched activations would show the matches skipped, and the random
        // strategy draws a number for each activation made. Watched statistics do
        // not: CLIPS samples the agenda's size between firings, when the skipped
        // activations would be gone already. CLIPS's Manners .bat files watch
        // statistics, and they ran without the skipping (manners64.bat, with the
        // printouts of `retraction`: 1.27 G → 0.78 G instructions).
        let shown =
            self.rt.watch.activations || (self.rt.watched).any_on(super::WatchedKind::Activations);
        let random = self.rt.agenda.strategy() == crate::agenda::Strategy::Random;
        self.net
            .expect_retraction(fact.filter(|_| !shown && !random));
    }
}
