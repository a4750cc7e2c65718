//! Program mode: any CLIPS program, run, stepped and questioned in the playground.
//!
//! Like puzzle mode, program mode is stateless: every request carries the program's
//! files, the firing count to show, the breakpoints and the answers given so far to
//! `(read)`/`(readline)`, and the server replays the program from `(reset)` in a fresh
//! environment. The engine is deterministic, so the replay is the run the student is
//! looking at; ◀ Back is a replay one firing shorter. A read past the answers given
//! stops the run (the engine's `stop_at_input_end`) and the page asks the question.
//! A construct in error is left out and the rest of its file loads and runs, as
//! CLIPS's `load` does; the state carries the problems beside the panes.
//!
//! The environment is confined: no file or process access
//! ([`Capabilities::CONFINED`]), and every run is bounded in firings, time, facts,
//! memory and output ([`LIMITS`]).

use salience_engine::compile::ModuleId;
use salience_engine::env::capabilities::Capabilities;
use salience_engine::env::show;
use salience_engine::env::{Environment, Limits, RunError, StopReason, TextInput, WHY_DEPTH};
use salience_engine::syntax::span::line_col;
use salience_engine::value::{FactId, Value};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;
use std::time::Duration;

/// The bounds of every program-mode run.
pub const LIMITS: Bounds = Bounds {
    firings: 100_000,
    seconds: 5,
    facts: 100_000,
    memory: 512 << 20,
    output: 1 << 20,
    files: 16,
};

/// What one program-mode request may use.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Rule firings.
    pub firings: u64,
    /// Seconds of run time (each of the run's phases).
    pub seconds: u64,
    /// Facts in working memory.
    pub facts: usize,
    /// Resident memory of the whole server, in bytes: a run that finds more stops.
    pub memory: u64,
    /// Bytes of output kept (the rest is dropped, and the page says so).
    pub output: usize,
    /// Source files in one request.
    pub files: usize,
}

/// One source file of the program.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct SourceFile {
    /// Its name, e.g. `animals.clp` (shown in messages).
    pub name: String,
    /// Its text.
    pub text: String,
}

/// What the page asks for.
#[derive(Clone, Debug, Deserialize)]
pub struct ProgramRequest {
    /// The program, loaded in this order.
    pub files: Vec<SourceFile>,
    /// Fire at most this many rules after `(reset)`; `None`: run to the end.
    #[serde(default)]
    pub firings: Option<u64>,
    /// After `firings` (or from the start), run on to the next breakpoint.
    #[serde(default)]
    pub to_break: bool,
    /// The rules with a breakpoint.
    #[serde(default)]
    pub breaks: Vec<String>,
    /// The answers given so far to `(read)` and `(readline)`, in order.
    #[serde(default)]
    pub input: Vec<String>,
    /// Also explain why this fact (by index) holds.
    #[serde(default)]
    pub why: Option<u64>,
    /// Also explain why this rule has no activation.
    #[serde(default)]
    pub why_not: Option<String>,
}

/// One problem of a file: a construct left out.
#[derive(Clone, Debug, Serialize)]
pub struct FileProblem {
    /// The file.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// Salience's message.
    pub message: String,
    /// CLIPS's message, when CLIPS has one.
    pub clips: Option<String>,
}

/// A template's facts, as a table.
#[derive(Clone, Debug, Serialize)]
pub struct TemplateFacts {
    /// The template.
    pub template: String,
    /// Its slots: the table's columns.
    pub slots: Vec<String>,
    /// Its facts: index and slot values as CLIPS prints them.
    pub facts: Vec<(u64, Vec<String>)>,
}

/// The instances of a class, as a table.
#[derive(Clone, Debug, Serialize)]
pub struct ClassInstances {
    /// The class.
    pub class: String,
    /// Its slots: the table's columns.
    pub slots: Vec<String>,
    /// Its instances: name and slot values as CLIPS prints them.
    pub instances: Vec<(String, Vec<String>)>,
}

/// An ordered fact.
#[derive(Clone, Debug, Serialize)]
pub struct OrderedFact {
    /// Its index.
    pub id: u64,
    /// Its text, e.g. `(parent ann bob)`.
    pub text: String,
}

/// One activation on the agenda.
#[derive(Clone, Debug, Serialize)]
pub struct AgendaEntry {
    /// The rule's module.
    pub module: String,
    /// The activation's salience.
    pub salience: i32,
    /// The rule.
    pub rule: String,
    /// The facts it matched: `f-1,f-2`.
    pub facts: String,
}

/// The state the page shows after a run.
#[derive(Clone, Debug, Serialize)]
pub struct ProgramState {
    /// Rules fired since `(reset)`.
    pub firings: u64,
    /// Why the run stopped: `end` (nothing left to fire), `count` (the firings
    /// asked for), `breakpoint`, `input` (a read waits for an answer), `halt`,
    /// `error` (a rule's actions failed) or `limit`.
    pub stop: &'static str,
    /// The error or the limit, in CLIPS's words where CLIPS has them.
    pub message: Option<String>,
    /// What the program printed (`t`, and errors and warnings as the console shows them).
    pub output: String,
    /// Whether output was dropped past the bound.
    pub output_cut: bool,
    /// Template facts, one table per template with facts.
    pub templates: Vec<TemplateFacts>,
    /// Ordered facts.
    pub ordered: Vec<OrderedFact>,
    /// The `(facts)` listing, line by line.
    pub facts: Vec<String>,
    /// The instances, one table per class with instances, in the order the
    /// classes' first instances were made.
    pub instances: Vec<ClassInstances>,
    /// The agenda: the module on top of the focus first, each in firing order.
    pub agenda: Vec<AgendaEntry>,
    /// The conflict-resolution strategy.
    pub strategy: String,
    /// The focus stack, top first.
    pub focus: Vec<String>,
    /// The rules, in definition order.
    pub rules: Vec<String>,
    /// The derivation of the fact asked about.
    pub why: Option<String>,
    /// Why the rule asked about has no activation.
    pub why_not: Option<String>,
    /// The constructs left out, each at its file and line (the rest loaded).
    pub problems: Vec<FileProblem>,
    /// The loader's messages with file, line, column and a caret.
    pub rendered: String,
}

/// Why a program could not be run: the request is not one the page makes.
#[derive(Clone, Debug)]
pub struct BadRequest(pub String);

/// Output kept up to a bound.
#[derive(Clone, Default)]
struct Capped(Rc<RefCell<(Vec<u8>, bool)>>);

impl Write for Capped {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let mut held = self.0.borrow_mut();
        let room = LIMITS.output.saturating_sub(held.0.len());
        held.0.extend_from_slice(&bytes[..bytes.len().min(room)]);
        held.1 |= bytes.len() > room;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// An environment for untrusted rules: confined, bounded, output captured.
fn confined_environment(output: &Capped, input: &[String]) -> Environment {
    let mut env = Environment::new();
    env.set_capabilities(Capabilities::CONFINED);
    env.set_output(output.clone());
    env.set_error_output(output.clone());
    let mut text = input.join("\n");
    text.push('\n');
    env.set_input(Rc::new(RefCell::new(TextInput {
        text: if input.is_empty() {
            String::new()
        } else {
            text
        },
        pos: 0,
        // The answers appear in the output where they were given, as on the console.
        echo: true,
    })));
    env.rt.routers.stop_at_input_end = true;
    *env.limits_mut() = Limits {
        max_firings: Some(LIMITS.firings),
        max_facts: Some(LIMITS.facts),
        max_time: Some(Duration::from_secs(LIMITS.seconds)),
        max_memory: Some(LIMITS.memory),
        ..Limits::default()
    };
    env.set_journal(true);
    env
}

/// Loads the program of `request`, resets, runs as asked and describes the result.
pub fn run_program(request: &ProgramRequest) -> Result<ProgramState, BadRequest> {
    if request.files.is_empty() || request.files.len() > LIMITS.files {
        return Err(BadRequest(format!(
            "a program is 1 to {} files",
            LIMITS.files
        )));
    }
    let output = Capped::default();
    let mut env = confined_environment(&output, &request.input);
    let (problems, rendered) = load(&mut env, &request.files);
    env.reset();
    let (stop, message) = match advance(&mut env, request) {
        Ok(StopReason::AgendaEmpty) => ("end", None),
        // The last firing asked for was the last there was.
        Ok(StopReason::CountReached) if env.rt.agenda.all().next().is_none() => ("end", None),
        Ok(StopReason::CountReached) => ("count", None),
        Ok(StopReason::Breakpoint) => ("breakpoint", None),
        Ok(StopReason::Halted) => ("halt", None),
        Err(_) if env.rt.routers.input_wanted => ("input", None),
        Err(RunError::Rule { clips, .. }) => ("error", Some(clips)),
        Err(e @ RunError::Limit { .. }) => ("limit", Some(e.to_string())),
    };
    let why = request
        .why
        .map(|id| env.why(FactId(id), WHY_DEPTH).unwrap_or_else(|e| e));
    let why_not = request
        .why_not
        .as_ref()
        .map(|rule| env.why_not(rule).unwrap_or_else(|e| e));
    let (text, cut) = output.0.borrow().clone();
    Ok(ProgramState {
        // The journal counts every firing, those of a run that ended in an error too.
        firings: env.journal().len() as u64,
        stop,
        message,
        output: String::from_utf8_lossy(&text).into_owned(),
        output_cut: cut,
        why,
        why_not,
        problems,
        rendered,
        ..describe(&env)
    })
}

/// Loads every file, a construct in error left out as CLIPS leaves it out; the
/// problems and the loader's messages.
fn load(env: &mut Environment, files: &[SourceFile]) -> (Vec<FileProblem>, String) {
    let mut problems = Vec::new();
    let mut rendered = String::new();
    for file in files {
        if let Err(e) = env.load_str(&file.text, &file.name) {
            rendered.push_str(&e.rendered);
            problems.extend(e.diagnostics.into_iter().map(|d| {
                let at = line_col(&file.text, d.span.start);
                FileProblem {
                    file: file.name.clone(),
                    line: at.line,
                    column: at.column,
                    message: d.message,
                    clips: d.clips,
                }
            }));
        }
    }
    (problems, rendered)
}

/// Fires the rules the request asks for: `firings` of them (breakpoints off), then,
/// with `to_break`, on to the next breakpoint.
fn advance(env: &mut Environment, request: &ProgramRequest) -> Result<StopReason, RunError> {
    let mut reason = StopReason::AgendaEmpty;
    if request.firings.is_some() || !request.to_break {
        reason = env.run_with_reason(request.firings)?.1;
    }
    if request.to_break && reason != StopReason::AgendaEmpty {
        for index in env.rule_indices() {
            let rule = &env.rt.rules[index];
            let qualified = qualified_name(env, index);
            if request
                .breaks
                .iter()
                .any(|b| *b == qualified || *b == rule.name.as_str())
            {
                env.rt.rules[index].breakpoint = true;
            }
        }
        reason = env.run_with_reason(None)?.1;
    }
    Ok(reason)
}

/// Rule `index`'s name, `MODULE::name` outside MAIN.
fn qualified_name(env: &Environment, index: usize) -> String {
    let rule = &env.rt.rules[index];
    if rule.module == ModuleId(0) {
        rule.name.to_string()
    } else {
        format!("{}::{}", env.rt.program.module_name(rule.module), rule.name)
    }
}

/// The panes: facts, agenda, strategy, focus and rules.
fn describe(env: &Environment) -> ProgramState {
    let program = &env.rt.program;
    let mut templates: Vec<TemplateFacts> = Vec::new();
    let mut ordered = Vec::new();
    let mut facts = Vec::new();
    for fact in env.facts() {
        facts.push(show::fact_line(program, fact).trim_end().to_string());
        let template = program.template(fact.template);
        if template.implied {
            ordered.push(OrderedFact {
                id: fact.id.0,
                text: show::fact_text(program, fact),
            });
            continue;
        }
        let values = fact.slots.iter().map(field_text).collect();
        let name = template.name.to_string();
        match templates.iter_mut().find(|t| t.template == name) {
            Some(table) => table.facts.push((fact.id.0, values)),
            None => templates.push(TemplateFacts {
                template: name,
                slots: template.slots.iter().map(|s| s.name.to_string()).collect(),
                facts: vec![(fact.id.0, values)],
            }),
        }
    }
    let mut instances: Vec<ClassInstances> = Vec::new();
    for instance in env.instance_views() {
        let (names, values): (Vec<String>, Vec<String>) = (instance.slots.iter())
            .map(|(slot, value)| (slot.to_string(), field_text(value)))
            .unzip();
        let row = (instance.name.to_string(), values);
        let class = instance.class.to_string();
        match instances.iter_mut().find(|t| t.class == class) {
            Some(table) => table.instances.push(row),
            None => instances.push(ClassInstances {
                class,
                slots: names,
                instances: vec![row],
            }),
        }
    }
    let focus: Vec<_> = env.rt.focus.iter().rev().copied().collect();
    let mut modules = focus.clone();
    for id in 0..program.modules.len() {
        let id = ModuleId(u32::try_from(id).unwrap_or(u32::MAX));
        if !modules.contains(&id) {
            modules.push(id);
        }
    }
    let agenda = modules
        .iter()
        .flat_map(|&module| {
            env.rt.agenda.list(module).into_iter().map(move |a| {
                let rule = &env.rt.rules[env.rt.productions[a.production.0 as usize].rule];
                AgendaEntry {
                    module: program.module_name(module).to_string(),
                    salience: a.salience,
                    rule: rule.name.to_string(),
                    facts: show::fact_list(&env.net.token_facts(a.token)),
                }
            })
        })
        .collect();
    ProgramState {
        firings: 0,
        stop: "end",
        message: None,
        output: String::new(),
        output_cut: false,
        templates,
        ordered,
        facts,
        instances,
        agenda,
        strategy: env.rt.agenda.strategy().name().to_string(),
        focus: focus
            .iter()
            .map(|&m| program.module_name(m).to_string())
            .collect(),
        rules: env
            .rule_indices()
            .into_iter()
            .map(|i| qualified_name(env, i))
            .collect(),
        why: None,
        why_not: None,
        problems: Vec::new(),
        rendered: String::new(),
    }
}

/// A slot's value as CLIPS prints it in a fact or an instance: a multifield's
/// fields separated by spaces, without parentheses.
fn field_text(value: &Value) -> String {
    (value.as_slice().iter())
        .map(|item| item.repr().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
