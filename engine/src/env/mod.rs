//! The environment: everything a CLIPS session holds, and its public API.
//!
//! An [`Environment`] owns the program (templates, rules, functions, globals,
//! modules), working memory, the Rete network and the agenda. Load constructs with
//! [`Environment::load_str`] or [`Environment::load_file`], then
//! [`Environment::reset`] and [`Environment::run`].
//!
//! ```
//! use salience_engine::env::Environment;
//!
//! let mut env = Environment::new();
//! let out = env.capture_output();
//! env.load_str("(defrule hello (greet ?who) => (printout t \"Hello, \" ?who crlf))
//!               (deffacts people (greet world))", "hello.clp").unwrap();
//! env.reset();
//! assert_eq!(env.run(None).unwrap(), 1);
//! assert_eq!(out.take(), "Hello, world\n");
//! ```

pub mod api;
pub mod capabilities;
mod classes;
mod commands;
mod facts;
mod focus;
mod generics;
mod host;
mod hypothesis;
pub mod instance_api;
pub mod journal;
mod load;
mod object_match;
pub mod pretty;
mod provenance;
mod report;
mod router;
mod rule_reading;
mod run;
mod run_statistics;
pub mod show;
mod stepping;
mod top_level;
mod watched;
mod why_not;

use crate::agenda::Agenda;
use crate::compile::lhs::VarSource;
use crate::compile::{CExpr, ModuleId, Program, Scope, TemplateId};
use crate::functions::FnState;
use crate::rete::{Network, ProductionId, TokenId};
use crate::syntax::Diagnostic;
use crate::value::{Atom, FactId, Value};
use crate::wm::WorkingMemory;
pub use commands::names as command_names;
pub use hypothesis::{HypothesisReport, Justification, LevelStats, Reason};
pub use load::LoadError;
pub use provenance::DEFAULT_DEPTH as WHY_DEPTH;
pub use report::DiagnosticStyle;
pub use router::{Routers, TextInput};
pub use run::{Limits, RunError, StopReason};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;
pub use watched::{WatchedConstructs, WatchedKind};

/// How salience expressions are evaluated (`set-salience-evaluation`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SalienceEvaluation {
    /// When the rule is defined (the default).
    #[default]
    WhenDefined,
    /// When each activation is created.
    WhenActivated,
    /// Before every rule firing.
    EveryCycle,
}

/// A rule's salience: a constant or an expression.
#[derive(Debug, Clone)]
pub enum Salience {
    /// A number.
    Fixed(i32),
    /// An expression (evaluated as [`SalienceEvaluation`] says), and its value when defined.
    Dynamic(Rc<CExpr>, i32),
}

/// A defined rule.
#[derive(Debug)]
pub struct Rule {
    /// Its name.
    pub name: Atom,
    /// Its module.
    pub module: ModuleId,
    /// Its salience.
    pub salience: Salience,
    /// Whether activating it pushes its module on the focus stack.
    pub auto_focus: bool,
    /// Its productions (one per `or` disjunct).
    pub productions: Vec<ProductionId>,
    /// The source text, for `ppdefrule`.
    pub source: crate::syntax::SourceText,
    /// The loaded source it came from (index into the runtime's sources).
    pub origin: usize,
    /// Its comment string, if it has one.
    pub comment: Option<Rc<str>>,
    /// How many times it fired since the last `(reset)`.
    pub fired: u64,
    /// `(set-break)`: a run stops before firing it (unless it is the run's first firing).
    pub breakpoint: bool,
}

/// One disjunct of a rule, as the network and the agenda see it.
#[derive(Debug)]
pub struct Production {
    /// The rule (index into the rule list).
    pub rule: usize,
    /// The actions.
    pub rhs: Rc<[CExpr]>,
    /// Where the actions' LHS variables come from.
    pub rhs_frame: Vec<VarSource>,
    /// The size of the actions' frame.
    pub frame_size: usize,
    /// The level up to which the LHS is inside `logical`.
    pub logical_level: Option<u16>,
    /// The number of tests in the LHS.
    pub specificity: u32,
    /// Whether the rule has been removed (its id is not reused).
    pub removed: bool,
}

/// A deffacts: facts asserted at every reset.
#[derive(Debug)]
pub struct DeffactsDef {
    /// Its name.
    pub name: Atom,
    /// The facts.
    pub facts: Vec<crate::compile::expr::FactBuild>,
    /// The module that defines it, for `ppdeffacts`.
    pub module: ModuleId,
    /// The source text, for `ppdeffacts`.
    pub source: crate::syntax::SourceText,
}

/// What `watch` shows.
#[derive(Debug, Default, Clone, Copy)]
pub struct Watch {
    /// Facts asserted and retracted.
    pub facts: bool,
    /// Rules fired.
    pub rules: bool,
    /// Activations added and removed.
    pub activations: bool,
    /// Statistics after each run.
    pub statistics: bool,
    /// Focus changes.
    pub focus: bool,
    /// Global variable changes.
    pub globals: bool,
    /// Deffunction calls.
    pub deffunctions: bool,
    /// Constructs defined by `load` (with the joins of each rule).
    pub compilations: bool,
    /// Instances, slots, messages and message-handlers (kept in
    /// [`crate::cool::Objects::watch`] too, where message dispatch reads it).
    pub objects: crate::cool::ObjectWatch,
    /// Generic function calls.
    pub generic_functions: bool,
    /// Method calls.
    pub methods: bool,
}

impl Watch {
    /// Turns one watch item on or off by its CLIPS name (`facts`, `rules`,
    /// `activations`, `statistics`, `focus`, `globals`, `deffunctions`, `all`).
    /// Items that concern COOL are accepted and ignored; others are an error.
    pub fn set(&mut self, item: &str, on: bool) -> Result<(), String> {
        match item {
            "facts" => self.facts = on,
            "rules" => self.rules = on,
            "activations" => self.activations = on,
            "statistics" => self.statistics = on,
            "focus" => self.focus = on,
            "globals" => self.globals = on,
            "deffunctions" => self.deffunctions = on,
            "compilations" => self.compilations = on,
            "instances" => self.objects.instances = on,
            "slots" => self.objects.slots = on,
            "messages" => self.objects.messages = on,
            "message-handlers" => self.objects.handlers = on,
            "generic-functions" => self.generic_functions = on,
            "methods" => self.methods = on,
            "all" => {
                *self = Watch {
                    facts: on,
                    rules: on,
                    activations: on,
                    statistics: on,
                    focus: on,
                    globals: on,
                    deffunctions: on,
                    compilations: on,
                    objects: crate::cool::ObjectWatch {
                        instances: on,
                        slots: on,
                        messages: on,
                        handlers: on,
                    },
                    generic_functions: on,
                    methods: on,
                }
            }
            other => {
                return Err(format!(
                    "unknown watch item {other}; expected facts, rules, activations, statistics, focus, globals, deffunctions or all"
                ))
            }
        }
        Ok(())
    }

    /// The state of the item that watches constructs of `kind`.
    pub fn of_kind(&self, kind: WatchedKind) -> bool {
        match kind {
            WatchedKind::Facts => self.facts,
            WatchedKind::Rules => self.rules,
            WatchedKind::Activations => self.activations,
            WatchedKind::Globals => self.globals,
            WatchedKind::Deffunctions => self.deffunctions,
        }
    }
}

/// Logical support: which facts each token supports.
#[derive(Debug, Default)]
pub struct Support {
    /// Token to the facts it supports, each with the number of the support among
    /// all given (`dependencies` lists a fact's supports newest first, as CLIPS).
    by_token: FxHashMap<TokenId, Vec<(FactId, u64)>>,
    /// How many supports have been given: the number of the next.
    given: u64,
    /// Fact to (number of supporting tokens, unconditionally supported).
    by_fact: FxHashMap<FactId, (u32, bool)>,
    /// Facts that lost their last support, to be retracted.
    pending: Vec<FactId>,
}

/// Everything but the network: what the network's tests and activations reach.
pub struct Runtime {
    /// The symbol tables.
    pub program: Program,
    /// The facts.
    pub wm: WorkingMemory,
    /// The activations.
    pub agenda: Agenda,
    /// All rules ever defined, by index.
    pub rules: Vec<Rule>,
    /// The defined rules by module and name (two modules may each have a rule `r`).
    rule_ids: FxHashMap<(ModuleId, Atom), usize>,
    /// All productions, by id.
    pub productions: Vec<Production>,
    /// All deffacts.
    pub deffacts: Vec<DeffactsDef>,
    /// All definstances.
    pub definstances: Vec<classes::DefinstancesDef>,
    /// Output and input.
    pub routers: Routers,
    /// Built-in function state.
    pub fn_state: FnState,
    /// What is watched.
    pub watch: Watch,
    /// The constructs watched, or not, unlike their item (`(watch rules foo)`).
    pub watched: WatchedConstructs,
    /// Logical support.
    pub support: Support,
    /// The focus stack, top last.
    pub focus: Vec<ModuleId>,
    /// Set by `halt`: the run stops after the current rule.
    pub halted: bool,
    /// Deffunction call depth.
    pub depth: usize,
    /// Set when an LHS expression failed with an error during matching (reported
    /// when it happened): the rule whose actions were under way stops with CLIPS's
    /// `[PRCCODE4]` warning.
    pub match_fault: bool,
    /// The token giving logical support to facts asserted by the firing rule.
    pub current_support: Option<TokenId>,
    /// Salience evaluation mode.
    pub salience_evaluation: SalienceEvaluation,
    /// Resource limits for runs.
    pub limits: Limits,
    /// The outside access (files, processes) commands may have.
    pub capabilities: capabilities::Capabilities,
    /// Rules fired by the current run.
    pub fired: u64,
    /// Whether `(exit)` was called.
    pub exit_requested: Option<i32>,
    /// Variables bound by top-level commands.
    pub top_scope: Scope,
    /// Their values.
    pub top_frame: Vec<Value>,
    /// The index of the rule whose actions are running (a rule cannot be removed
    /// then, as in CLIPS).
    pub firing_rule: Option<usize>,
    /// Emptied frames of finished rule firings and deffunction calls, for the next
    /// ones: a firing or a call does not allocate a frame of its own.
    pub spare_frames: Vec<Vec<Value>>,
    /// The methods of generic functions running, innermost last.
    pub method_calls: Vec<crate::generic::MethodCall>,
    /// The deffunctions running, innermost last (CLIPS's `executing` counts): one
    /// is neither redefined nor deleted then.
    pub functions_running: Vec<u32>,
    /// Every source text loaded, with its name, for locating errors.
    pub sources: Vec<(String, Rc<str>)>,
    /// When the current run must stop (from `Limits::max_time`).
    pub deadline: Option<std::time::Instant>,
    /// When resident memory was last compared with `limits.max_memory`.
    pub last_memory_probe: Option<std::time::Instant>,
    /// Set while a load checks its constructs before defining any: compiling goes
    /// on as usual, against a copy of the symbol tables, but nothing is added.
    pub checking: bool,
    /// Set while `load` prints a character for each construct it defines: a
    /// defglobal prints one for each of its globals.
    pub load_marks: bool,
    /// Set while `load` shows, compilations being watched, the joins of each rule
    /// it defines (CLIPS's `+j` and `=j`).
    pub load_joins: bool,
    /// `set-fact-duplication`: whether identical facts may be asserted.
    pub fact_duplication: bool,
    /// `set-reset-globals`: whether `(reset)` gives the globals their initial values
    /// again (it does unless set to FALSE).
    pub reset_globals: bool,
    /// The files `fetch` read, for `print-region` and `get-region`.
    pub textpro: commands::TextLookup,
    /// Whether the constructs came from `bload`: until a `(clear)`, none may be
    /// added or removed, and no image saved.
    pub bloaded: bool,
    /// `set-dynamic-constraint-checking`: whether slot values are checked against
    /// their constraints when facts are made at run time.
    pub dynamic_constraint_checking: bool,
    /// The settings only commands read (`set-locale`, `conserve-mem`, ...).
    pub settings: commands::Settings,
    /// Set when a fact breaks its slot's constraints (dynamic constraint
    /// checking): the actions under way stop and the run halts; cleared when the
    /// next top-level command starts.
    pub execution_halted: bool,
    /// The firing journal, when switched on.
    pub journal: Option<journal::Journal>,
    /// Hypothetical reasoning: the trail of open branches, the report and the log.
    pub hypothesis: hypothesis::State,
    /// Set while `run` fires rules: a nested `(run)` does nothing.
    pub running: bool,
    /// Set while `(reset)` runs: a `(reset)` called meanwhile (by a deffacts value,
    /// a global's initial value) does nothing, as in CLIPS.
    pub resetting: bool,
    /// How many evaluations under way use constructs that `(clear)` would remove: a
    /// fact's slot values being evaluated, a top-level command naming constructs.
    /// While any is, `(clear)` is refused, as CLIPS's clear-ready locks refuse it.
    pub clear_locks: u32,
    /// The templates whose facts are being built (their slot values evaluated): such
    /// a template is in use, and can be neither removed nor redefined, as in CLIPS
    /// (a value that did would leave the fact built for slots that are gone).
    pub building: Vec<TemplateId>,
    /// Batch files a command asked for while commands were being read from a batch
    /// file or a prompt, waiting to be read next (see [`Environment::batch_str`]).
    pub batch_queue: BatchQueue,
    /// How errors are shown: in CLIPS's words or Salience's.
    pub diagnostic_style: DiagnosticStyle,
    /// The COOL instances and the messages being dispatched.
    pub objects: crate::cool::Objects,
    /// The instances as the network sees them (see [`object_match`]).
    pub(crate) object_elements: object_match::Elements,
    /// Set while a command typed at the prompt or read from a batch file is
    /// evaluated (CLIPS's `EvaluatingTopLevelCommand`): `load` then shows its
    /// progress.
    pub top_level_command: bool,
}

impl Runtime {
    /// The rule named `name`: `MODULE::name`, or a rule of the current module (rules
    /// are not imported), as CLIPS finds them.
    pub fn rule_named(&self, name: Atom) -> Option<usize> {
        let key = self.program.module_and_name(name)?;
        self.rule_ids.get(&key).copied()
    }

    /// Whether rule `index` is still defined (not removed, nor replaced by a rule
    /// of the same module and name).
    pub fn rule_defined(&self, index: usize) -> bool {
        let rule = &self.rules[index];
        self.rule_ids.get(&(rule.module, rule.name)) == Some(&index)
    }

    /// Why template `id` is in use, if it is: a construct names it, or a fact of it
    /// exists (such a template is neither redefined nor removed, as in CLIPS).
    pub(crate) fn template_in_use(&self, id: TemplateId) -> Option<String> {
        if self.building.contains(&id) {
            return Some("one of its facts is being built".into());
        }
        if let Some(user) = self.program.template_users.user_of(id) {
            return Some(format!("{user} uses it"));
        }
        let fact = self.wm.iter().find(|f| f.template == id)?;
        Some(format!("fact f-{} is one of its facts", fact.id.0))
    }

    /// Whether `(clear)` may remove every construct now: no rule is firing, no
    /// deffunction running, no reset under way and no clear lock held (see
    /// [`Runtime::clear_locks`]). Matching patterns refuses it on its own.
    pub fn clear_ready(&self) -> bool {
        self.firing_rule.is_none()
            && !self.running
            && self.depth == 0
            && !self.resetting
            && self.clear_locks == 0
    }

    /// Whether construct `id` of `kind` is watched.
    pub fn watches(&self, kind: WatchedKind, id: usize) -> bool {
        self.watched.is_on(self.watch.of_kind(kind), kind, id)
    }

    /// The indices of the defined rules of `module`, in definition order.
    pub fn rules_of(&self, module: ModuleId) -> Vec<usize> {
        (self.defined_rules())
            .filter(|&i| self.rules[i].module == module)
            .collect()
    }

    /// The indices of the defined rules, in definition order (a redefined rule
    /// counts as defined when it was last defined, as CLIPS lists it). Not the
    /// order of `rule_ids`: that hashes interned addresses, which differ from run
    /// to run.
    pub fn defined_rules(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.rules.len()).filter(|&i| self.rule_defined(i))
    }
}

/// The batch files waiting for the command reader.
///
/// CLIPS's `(batch FILE)` does not run the file: it puts it on top of the input
/// the command loop reads, and returns TRUE. When commands come from a batch file
/// or a prompt, the file's commands are read next, after the value of the command
/// that asked for it is printed, then the rest of the outer input.
#[derive(Debug, Default)]
pub struct BatchQueue {
    /// How many command readers are running (batch files and prompts, nested).
    pub readers: u32,
    /// The files asked for and not read yet, each with its text; the last one is
    /// read first, as CLIPS stacks its inputs.
    pub pending: Vec<(String, String)>,
}

/// A CLIPS environment.
pub struct Environment {
    /// Everything but the network.
    pub rt: Runtime,
    /// The Rete network.
    pub net: Network,
    /// The network hypothesis branches run on, when it differs from `net` (see
    /// `hypothesis::matcher`); dropped whenever the rules or the reset change.
    branch_net: Option<Network>,
}

impl Default for Environment {
    fn default() -> Self {
        Self::new()
    }
}

/// Output captured by [`Environment::capture_output`].
#[derive(Clone, Default)]
pub struct Captured(Rc<RefCell<Vec<u8>>>);

impl Captured {
    /// Takes the text captured so far.
    pub fn take(&self) -> String {
        String::from_utf8_lossy(&std::mem::take(&mut *self.0.borrow_mut())).into_owned()
    }
}

impl std::io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Environment {
    /// A fresh environment: module MAIN, no constructs, no facts.
    pub fn new() -> Self {
        let mut top_scope = Scope::default();
        top_scope.lenient = true;
        Environment {
            rt: Runtime {
                program: Program::default(),
                wm: WorkingMemory::new(),
                agenda: Agenda::default(),
                rules: Vec::new(),
                rule_ids: FxHashMap::default(),
                watched: WatchedConstructs::default(),
                productions: Vec::new(),
                deffacts: Vec::new(),
                definstances: Vec::new(),
                routers: Routers::default(),
                fn_state: FnState::default(),
                watch: Watch::default(),
                support: Support::default(),
                focus: vec![ModuleId(0)],
                halted: false,
                depth: 0,
                match_fault: false,
                current_support: None,
                salience_evaluation: SalienceEvaluation::default(),
                limits: Limits::default(),
                capabilities: capabilities::Capabilities::ALL,
                fired: 0,
                exit_requested: None,
                top_scope,
                top_frame: Vec::new(),
                firing_rule: None,
                spare_frames: Vec::new(),
                method_calls: Vec::new(),
                functions_running: Vec::new(),
                sources: Vec::new(),
                deadline: None,
                last_memory_probe: None,
                checking: false,
                load_marks: false,
                load_joins: false,
                fact_duplication: false,
                reset_globals: true,
                textpro: commands::TextLookup::default(),
                bloaded: false,
                dynamic_constraint_checking: false,
                settings: Default::default(),
                execution_halted: false,
                journal: None,
                running: false,
                resetting: false,
                clear_locks: 0,
                building: Vec::new(),
                hypothesis: hypothesis::State::default(),
                batch_queue: BatchQueue::default(),
                diagnostic_style: DiagnosticStyle::default(),
                objects: crate::cool::Objects::default(),
                object_elements: Default::default(),
                top_level_command: false,
            },
            net: Network::default(),
            branch_net: None,
        }
    }

    /// Sends `t`/`stdout` output to `writer`.
    pub fn set_output(&mut self, writer: impl std::io::Write + 'static) {
        self.rt.routers.stdout = Box::new(writer);
    }

    /// Sends error and warning output to `writer`.
    pub fn set_error_output(&mut self, writer: impl std::io::Write + 'static) {
        self.rt.routers.stderr = Box::new(writer);
    }

    /// Writes out everything the program has written: flushes the standard streams
    /// and closes the files it left open, as dropping the environment would. A process
    /// that ends next can then skip the drop (see `salience run`).
    pub fn close_outputs(&mut self) {
        self.rt.routers.close(None);
        self.rt.routers.flush();
    }

    /// Captures `t`/`stdout` output in memory; returns the handle to read it.
    pub fn capture_output(&mut self) -> Captured {
        let captured = Captured::default();
        self.set_output(captured.clone());
        captured
    }

    /// Makes `read` and `readline` on `t` consume `input` (shared with a batch reader).
    pub fn set_input(&mut self, input: Rc<RefCell<TextInput>>) {
        self.rt.routers.stdin = Some(input);
    }

    /// Allows or refuses commands outside access (files, processes); see
    /// [`capabilities`].
    pub fn set_capabilities(&mut self, allowed: capabilities::Capabilities) {
        self.rt.capabilities = allowed;
    }

    /// The run limits.
    pub fn limits_mut(&mut self) -> &mut Limits {
        &mut self.rt.limits
    }

    /// What is watched.
    pub fn watch_mut(&mut self) -> &mut Watch {
        &mut self.rt.watch
    }

    /// Sets the conflict-resolution strategy.
    pub fn set_strategy(&mut self, strategy: crate::agenda::Strategy) {
        self.rt
            .agenda
            .set_strategy(strategy, &|t| self.net.token_facts(t));
    }

    /// The template named `name`.
    pub fn template_id(&self, name: &str) -> Option<TemplateId> {
        self.rt.program.template_id(crate::value::atom(name))
    }

    /// The facts currently in working memory, in index order.
    pub fn facts(&self) -> impl Iterator<Item = &Rc<crate::wm::Fact>> {
        self.rt.wm.iter()
    }

    /// The facts of template `name`, in index order.
    pub fn facts_of<'a>(
        &'a self,
        name: &str,
    ) -> impl Iterator<Item = &'a Rc<crate::wm::Fact>> + 'a {
        let id = self.template_id(name);
        self.rt.wm.iter().filter(move |f| Some(f.template) == id)
    }

    /// The value of slot `slot` of `fact`.
    pub fn slot(&self, fact: &crate::wm::Fact, slot: &str) -> Option<Value> {
        let t = self.rt.program.template(fact.template);
        if t.implied {
            return Some(fact.slots[0].clone());
        }
        t.slot_index(crate::value::atom(slot))
            .map(|i| fact.slots[i].clone())
    }

    /// `(reset)`: retracts every fact, restores globals (unless `set-reset-globals`
    /// turned that off), focuses MAIN and asserts the deffacts.
    pub fn reset(&mut self) {
        if self.rt.resetting {
            return;
        }
        self.rt.resetting = true;
        self.reset_now();
        self.rt.resetting = false;
    }

    /// Asserts `(initial-fact)` as f-0, as CLIPS 6.30's reset did, for a program
    /// whose rules match it (see [`Program::initial_fact`]).
    fn assert_initial_fact(&mut self) {
        let relation = crate::value::atom("initial-fact");
        let Ok(template) = self.rt.program.template_or_implied(relation) else {
            return;
        };
        self.rt.wm.set_next_id(FactId(0));
        let slots = smallvec::smallvec![Value::empty_multifield()];
        if let Err(e) = self.assert_values(template, slots) {
            self.report(&format!("error: {e}"));
        }
    }

    /// [`Environment::reset`]'s work, done once no other reset is under way.
    fn reset_now(&mut self) {
        self.rt.execution_halted = false;
        self.branch_net = None;
        self.rt.fn_state.error = Value::false_sym();
        // CLIPS takes back the rules' priming before the facts go (ResetDefrules).
        self.net.unseed(&mut self.rt);
        self.clear_facts();
        self.rt.agenda.clear();
        if self.rt.reset_globals {
            // Each defined global, watched ones shown (`:== ?*a* ==> 1 <== 2`); a
            // value that fails to evaluate is FALSE, as in CLIPS.
            for id in 0..self.rt.program.globals.len() as u32 {
                if !self.rt.program.global_defined(id) {
                    continue;
                }
                let init = self.rt.program.globals[id as usize].init.clone();
                // Constructs are in use: a `(clear)` in a value is refused.
                let value =
                    top_level::eval(self, &init, true).unwrap_or_else(|_| Value::false_sym());
                self.rt.set_global_value(id, value);
            }
        }
        // The focus is MAIN again before anything is activated: a rule with no
        // pattern is activated by the reseed, and with auto-focus it pushes its module.
        self.rt.clear_focus();
        self.rt.push_focus(ModuleId(0));
        self.net.reseed(&mut self.rt);
        self.rt.halted = false;
        self.rt.hypothesis.clear();
        self.rt.fired = 0;
        for rule in &mut self.rt.rules {
            rule.fired = 0;
        }
        if self.rt.program.initial_fact {
            self.assert_initial_fact();
        }
        self.reset_instances();
        // An error while a fact is matched halts execution: CLIPS asserts no more.
        'deffacts: for i in 0..self.rt.deffacts.len() {
            for j in 0..self.rt.deffacts[i].facts.len() {
                if self.rt.execution_halted {
                    break 'deffacts;
                }
                let build = self.rt.deffacts[i].facts[j].clone();
                match crate::eval::build_fact(self, &mut Vec::new(), &build) {
                    Ok((template, slots)) => {
                        if let Err(e) = self.assert_values(template, slots) {
                            self.report(&format!("error: {e}"));
                        }
                    }
                    Err(crate::eval::Unwind::Error(e)) => self.report(&format!("error: {e}")),
                    Err(_) => {}
                }
            }
        }
    }

    /// `(clear)`: removes every construct and fact (and a binary image's hold on
    /// them), keeping routers, watches, limits, the command input (the batch files
    /// being read and those waiting), the files `fetch` read and the settings CLIPS
    /// keeps (fact duplication, dynamic constraint checking, reset globals, the
    /// conflict-resolution strategy). While constructs are in use (see
    /// [`Runtime::clear_ready`]) it clears nothing, prints CLIPS's `[CONSTRCT1]` and
    /// returns `false`.
    pub fn clear(&mut self) -> bool {
        if !self.rt.clear_ready() {
            self.report(&crate::messages::constrct::constrct1());
            return false;
        }
        let routers = std::mem::take(&mut self.rt.routers);
        let batch_queue = std::mem::take(&mut self.rt.batch_queue);
        let watch = self.rt.watch;
        let object_watch = self.rt.objects.watch;
        let limits = self.rt.limits;
        let duplication = self.rt.fact_duplication;
        let reset_globals = self.rt.reset_globals;
        let checking = self.rt.dynamic_constraint_checking;
        let style = self.rt.diagnostic_style;
        let settings = std::mem::take(&mut self.rt.settings);
        let sequence_operators = self.rt.program.sequence_operators;
        let textpro = std::mem::take(&mut self.rt.textpro);
        let strategy = self.rt.agenda.strategy();
        let udfs = std::mem::take(&mut self.rt.program.udfs);
        *self = Environment::new();
        self.rt.program.udfs = udfs;
        self.set_strategy(strategy);
        self.rt.diagnostic_style = style;
        self.rt.settings = settings;
        self.rt.program.sequence_operators = sequence_operators;
        self.rt.textpro = textpro;
        self.rt.fact_duplication = duplication;
        self.rt.reset_globals = reset_globals;
        self.rt.dynamic_constraint_checking = checking;
        self.rt.routers = routers;
        self.rt.batch_queue = batch_queue;
        self.rt.watch = watch;
        self.rt.objects.watch = object_watch;
        self.rt.limits = limits;
        // CLIPS's clear ends with a reset of the focus, which `(watch focus)` shows:
        // the new MAIN is popped and pushed again.
        self.rt.clear_focus();
        self.rt.push_focus(ModuleId(0));
        true
    }

    /// Prints an error message on the error router.
    pub(crate) fn report(&mut self, text: &str) {
        self.rt.routers.write("werror", text);
        if !text.ends_with('\n') {
            self.rt.routers.write("werror", "\n");
        }
    }

    /// Renders diagnostics against their source.
    pub fn render_diagnostics(diagnostics: &[Diagnostic], name: &str, source: &str) -> String {
        diagnostics
            .iter()
            .map(|d| d.render(name, source))
            .collect::<Vec<_>>()
            .join("\n")
    }
}
