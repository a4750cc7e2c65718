//! The evaluator: runs compiled expressions and actions against a [`Host`] that
//! provides working memory, globals, deffunctions and commands.
//!
//! The same evaluator serves rule actions (the host is the whole environment) and
//! LHS tests (the host is the matcher's restricted view, where asserting is refused).

mod change;
mod query;
mod sort;

use crate::compile::expr::{
    BindTarget, CallExpr, Callee, CommandSig, FactBuild, FactFields, Special,
};
use crate::compile::special_forms;
use crate::compile::{CExpr, Program, TemplateId};
use crate::functions::types::Types;
use crate::functions::{Builtin, FnState};
use crate::messages;
use crate::syntax::Span;
use crate::value::{atom, Atom, FactId, Multi, Value};
use crate::wm::{Fact, Slots};
use smallvec::SmallVec;
use std::rc::Rc;

/// The deepest nesting of deffunction calls before evaluation stops with an error.
pub const MAX_CALL_DEPTH: usize = 2_000;

/// The room a deffunction call (or a nested batch file) must find left on the
/// thread's stack: one body nests at most `MAX_NESTING` (400) expressions deep, a
/// few hundred bytes each in an optimized build, so a call that starts with this
/// much left cannot overflow; with less, it stops with an error before it starts.
const STACK_RESERVE: usize = 512 << 10;

/// Whether the thread's stack is too nearly full to start another deffunction
/// call or batch file (calls nest evaluation frames: 2,000 calls of a deeply
/// nested body need more than most threads have).
pub fn stack_exhausted() -> bool {
    stacker::remaining_stack().is_some_and(|left| left < STACK_RESERVE)
}

/// An error raised while evaluating, reported the way CLIPS reports it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct EvalError {
    /// What went wrong.
    pub message: String,
    /// Where, if known.
    pub span: Option<Span>,
    /// The value the failed call still returns in CLIPS, which the command loop
    /// prints after the message when the call is the command itself: a
    /// deffunction halted by an error returns `FALSE`.
    pub returns: Option<Value>,
}

impl EvalError {
    /// An error with a message.
    pub fn new(message: impl Into<String>) -> Self {
        EvalError {
            message: message.into(),
            span: None,
            returns: None,
        }
    }

    /// The error, the call returning `value` all the same.
    pub fn returning(mut self, value: Value) -> Self {
        self.returns = Some(value);
        self
    }

    /// Attaches a span if the error has none.
    pub fn at(mut self, span: Span) -> Self {
        self.span.get_or_insert(span);
        self
    }
}

/// Why evaluation stopped early: an error, or `return`/`break` unwinding.
#[derive(Debug)]
pub enum Unwind {
    /// An error.
    Error(EvalError),
    /// `(return value)`.
    Return(Value),
    /// `(break)`.
    Break,
}

impl From<EvalError> for Unwind {
    fn from(e: EvalError) -> Self {
        Unwind::Error(e)
    }
}

/// The result of evaluating an expression.
pub type Eval = Result<Value, Unwind>;

/// What the evaluator needs from its environment.
pub trait Host {
    /// The program's symbol tables.
    fn program(&self) -> &Program;
    /// Makes `module` the current module (a procedure runs in its own module).
    fn set_current_module(&mut self, module: crate::compile::ModuleId);
    /// Sets a global's value.
    fn set_global(&mut self, id: u32, value: Value);
    /// Evaluates global `id`'s initial value again, with the prompt's variables
    /// (it was compiled in the top-level scope), for `(bind ?*x*)`.
    fn initial_global_value(&mut self, id: u32) -> Eval;
    /// State kept by built-ins (gensym counter, random generator).
    fn fn_state(&mut self) -> &mut FnState;
    /// What the compiler knew of environment command `id`.
    fn command_signature(&self, id: u32) -> CommandSig;
    /// Calls an environment command with evaluated arguments.
    fn call_command(&mut self, id: u32, args: &[Value], span: Span) -> Result<Value, EvalError>;
    /// Asserts a fact; `None` if it was a duplicate (or the assert was refused silently).
    fn assert_fact(
        &mut self,
        template: TemplateId,
        slots: Slots,
    ) -> Result<Option<FactId>, EvalError>;
    /// Replaces slots of a fact (modify) or asserts a changed copy (duplicate).
    fn modify_fact(
        &mut self,
        id: FactId,
        changes: Vec<(usize, Value)>,
        duplicate: bool,
    ) -> Result<Option<FactId>, EvalError>;
    /// The fact with index `id`, if it exists.
    fn fact(&self, id: FactId) -> Option<Rc<Fact>>;
    /// The facts of a template, in index order.
    fn facts_of(&self, template: TemplateId) -> Vec<Rc<Fact>>;
    /// The current deffunction call depth, for the recursion limit.
    fn depth(&mut self) -> &mut usize;
    /// The clear-ready locks: held while a fact's slot values are evaluated, so
    /// that a `(clear)` among them is refused (see [`with_clear_locked`]).
    fn clear_locks(&mut self) -> &mut u32;
    /// The templates whose facts are being built: in use while their slot values
    /// are evaluated (see [`build_fact`]).
    fn templates_building(&mut self) -> &mut Vec<TemplateId>;
    /// Emptied frames kept for reuse (see [`give_back_frame`]).
    fn spare_frames(&mut self) -> &mut Vec<Vec<Value>>;
    /// Prints a warning or error message that does not stop evaluation.
    fn warn(&mut self, text: &str);
    /// Whether output to logical name `name` goes somewhere (`nil` takes it and
    /// shows nothing); when no router recognizes the name, prints CLIPS's `[ROUTER1]`
    /// message first.
    fn check_output(&mut self, name: &str) -> bool;
    /// Writes text to a logical name (nothing, if no router knows the name).
    fn write(&mut self, name: &str, text: &str);
    /// Whether slot values are checked against their constraints at run time.
    fn dynamic_constraint_checking(&self) -> bool;
    /// Whether execution was halted (a fact broke its slot's constraints): the
    /// actions and calls under way stop, as in CLIPS, until the command ends.
    fn execution_halted(&self) -> bool;
    /// Called on every iteration of a loop: an error stops a runaway loop when the
    /// run's time limit has passed.
    fn check_deadline(&mut self) -> Result<(), EvalError>;
    /// The COOL instances and the messages being dispatched.
    fn objects(&mut self) -> &mut crate::cool::Objects;
    /// Tells the host, around the assertion made by a rule's action, that the next
    /// action retracts fact `fact` before anything else happens (see
    /// [`crate::compile::retraction`]); `None` ends it. Ignored by default.
    fn expect_retraction(&mut self, _fact: Option<FactId>) {}
    /// Tells the host that instances may have changed, so that object patterns see
    /// the changes (unless something delays them). Ignored by default.
    fn objects_changed(&mut self) {}
    /// The methods of generic functions running, innermost last: what
    /// `call-next-method` continues from.
    fn method_calls(&mut self) -> &mut Vec<crate::generic::MethodCall>;
    /// The deffunctions running, innermost last: one is neither redefined
    /// (`[DFFNXPSR4]`) nor deleted (`[PRNTUTIL4]`) then.
    fn functions_running(&mut self) -> &mut Vec<u32>;
    /// Whether generic function calls and method calls are traced (`(watch
    /// generic-functions)`, `(watch methods)`).
    fn traced_generics(&self) -> (bool, bool);
    /// Whether the calls of deffunction `id` are traced (`(watch deffunctions)`).
    fn traced_deffunction(&self, id: u32) -> bool;
}

/// Evaluates `expr` in `frame`.
pub fn eval(host: &mut dyn Host, frame: &mut Vec<Value>, expr: &CExpr) -> Eval {
    match expr {
        CExpr::Call(call) => eval_call(host, frame, call),
        CExpr::Special(special, span) => eval_special(host, frame, special, *span),
        leaf => Ok(leaf_value(host, frame, leaf)),
    }
}

/// The value of a constant, local or global; call only with one of those. Arguments
/// are read with this directly rather than through [`eval`], whose frame (the special
/// forms are inlined into it) costs a dozen register saves and restores per call.
#[inline(always)]
fn leaf_value(host: &dyn Host, frame: &[Value], expr: &CExpr) -> Value {
    match expr {
        CExpr::Const(v) => v.clone(),
        CExpr::Local(slot) => frame
            .get(*slot as usize)
            .cloned()
            .unwrap_or_else(Value::nil),
        CExpr::Global(id) => {
            (host.program().globals.get(*id as usize)).map_or_else(Value::nil, |g| g.value.clone())
        }
        CExpr::Call(_) | CExpr::Special(..) => Value::nil(),
    }
}

/// Evaluates a sequence of actions, returning the last value (or FALSE... nil when empty).
pub fn eval_body(host: &mut dyn Host, frame: &mut Vec<Value>, body: &[CExpr]) -> Eval {
    let mut last = Value::false_sym();
    for e in body {
        if host.execution_halted() {
            break;
        }
        last = eval(host, frame, e)?;
    }
    Ok(last)
}

/// Evaluated arguments: most calls have few, kept inline (no allocation per call).
pub type Args = SmallVec<[Value; 4]>;

fn eval_args(host: &mut dyn Host, frame: &mut Vec<Value>, args: &[CExpr]) -> Result<Args, Unwind> {
    eval_args_at(host, frame, args).map_err(|(u, _)| u)
}

/// Evaluates `args`; when one fails, its error and its position (from 0).
#[inline(always)]
fn eval_args_at(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    args: &[CExpr],
) -> Result<Args, (Unwind, usize)> {
    let mut out = Args::with_capacity(args.len());
    for a in args {
        match expansion(a) {
            Some(list) => {
                let value = eval(host, frame, list).map_err(|u| (u, out.len()))?;
                out.extend(value.as_slice().iter().cloned());
            }
            None => out.push(match a {
                CExpr::Call(_) | CExpr::Special(..) => {
                    eval(host, frame, a).map_err(|u| (u, out.len()))?
                }
                leaf => leaf_value(host, frame, leaf),
            }),
        }
    }
    Ok(out)
}

/// The error of a call of `callee` whose argument at `position` (from 0) failed
/// with `u`. As CLIPS, a function checks the value the argument still returned
/// against the types it takes there (`[ARGACCES2]` when it is not one of them),
/// then returns its own value after an error; a deffunction returns none of its
/// own.
#[cold]
fn failed_argument(host: &dyn Host, callee: Callee, position: usize, u: Unwind) -> Unwind {
    let Unwind::Error(mut e) = u else { return u };
    let (name, restrictions, returns) = match callee {
        Callee::Builtin(b) => (b.name, b.restrictions, b.returns),
        Callee::Command(id) => {
            let sig = host.command_signature(id);
            (sig.name, sig.restrictions, sig.returns)
        }
        Callee::Udf(_) => return Unwind::Error(EvalError { returns: None, ..e }),
        Callee::Function(id) => {
            let name = host.program().functions[id as usize].name;
            return procedure_argument_failed(e, "deffunction", name);
        }
        Callee::Generic(id) => {
            let name = host.program().generics.get(id).name;
            return procedure_argument_failed(e, "generic function", name);
        }
    };
    let types = Types::of_argument(restrictions, position);
    if e.returns.as_ref().is_some_and(|value| !types.admits(value)) {
        e.message.push('\n');
        e.message.push_str(&messages::args::argacces2(
            name,
            position,
            &types.describe(),
        ));
    }
    e.returns = Some(Types::of_codes(returns).error_value());
    Unwind::Error(e)
}

/// The error `e` of an argument of a call of the procedure `kind` `name`
/// (`deffunction`, `generic function`): CLIPS's `[PRCCODE6]` after it, and the
/// call returns `FALSE`.
fn procedure_argument_failed(mut e: EvalError, kind: &str, name: Atom) -> Unwind {
    e.message.push('\n');
    e.message
        .push_str(&messages::procedures::prccode6(kind, name.as_str()));
    e.returns = Some(Value::false_sym());
    Unwind::Error(e)
}

/// CLIPS's `[PRCCODE5]` for variable `name` read unbound, naming deffunction
/// `function`, else the method running (a method's actions name no function),
/// else nothing (a rule's actions).
fn unbound_action_var(host: &mut dyn Host, name: Atom, function: Option<Atom>) -> String {
    if let Some(f) = function {
        return messages::procedures::prccode5(name.as_str(), Some(f.as_str()));
    }
    match host.method_calls().last().cloned() {
        Some(call) => {
            let generic = host.program().generics.get(call.generic).name;
            messages::procedures::prccode5_method(name.as_str(), generic.as_str(), call.method)
        }
        None => messages::procedures::prccode5(name.as_str(), None),
    }
}

/// The list a `$?x` expansion spreads into separate arguments, if `expr` is one.
fn expansion(expr: &CExpr) -> Option<&CExpr> {
    match expr {
        CExpr::Special(special, _) => match &**special {
            Special::Expand(list) => Some(list),
            _ => None,
        },
        _ => None,
    }
}

fn eval_call(host: &mut dyn Host, frame: &mut Vec<Value>, call: &CallExpr) -> Eval {
    let args = match procedure_kind(host, call.callee) {
        Some((kind, name)) => eval_procedure_args(host, frame, call, kind, name)?,
        None => eval_args_at(host, frame, &call.args)
            .map_err(|(u, at)| failed_argument(host, call.callee, at, u))?,
    };
    call_callee(host, call.callee, args, call.span)
}

/// What CLIPS calls a procedure `callee` is (`deffunction`, `generic
/// function`), with its name; `None` for other functions.
fn procedure_kind(host: &dyn Host, callee: Callee) -> Option<(&'static str, Atom)> {
    match callee {
        Callee::Function(id) => Some(("deffunction", host.program().functions[id as usize].name)),
        Callee::Generic(id) => Some(("generic function", host.program().generics.get(id).name)),
        _ => None,
    }
}

/// Evaluates the arguments of a call of the procedure `kind` `name` one by one,
/// as CLIPS's `EvaluateProcParameters`: an argument without a value (a call of
/// `printout`, `instances`, ...) stops them with `[PRCCODE2]`.
fn eval_procedure_args(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    call: &CallExpr,
    kind: &str,
    name: Atom,
) -> Result<Args, Unwind> {
    let mut out = Args::with_capacity(call.args.len());
    for arg in &call.args {
        let value = match arg {
            CExpr::Call(_) | CExpr::Special(..) => eval(host, frame, expansion(arg).unwrap_or(arg))
                .map_err(|u| failed_argument(host, call.callee, out.len(), u))?,
            leaf => leaf_value(host, frame, leaf),
        };
        match (expansion(arg), value) {
            (Some(_), list) => out.extend(list.as_slice().iter().cloned()),
            (None, Value::Void) => {
                let error = EvalError::new(messages::procedures::prccode2(kind)).at(call.span);
                return Err(procedure_argument_failed(error, kind, name));
            }
            (None, value) => out.push(value),
        }
    }
    Ok(out)
}

/// Calls `callee` with evaluated arguments (their count already checked), as a
/// compiled call does; `funcall` calls through it too.
pub fn call_callee(host: &mut dyn Host, callee: Callee, args: Args, span: Span) -> Eval {
    match callee {
        Callee::Builtin(b) => call_builtin(host, b, &args, span),
        Callee::Command(id) => host.call_command(id, &args, span).map_err(|mut e| {
            let returns = host.command_signature(id).returns;
            e.returns
                .get_or_insert_with(|| Types::of_codes(returns).error_value());
            Unwind::Error(e.at(span))
        }),
        Callee::Function(id) => call_function(host, id, args, span),
        Callee::Udf(id) => {
            let body = host.program().udfs.get(id).body.clone();
            body(&args).map_err(|message| {
                Unwind::Error(EvalError {
                    message,
                    span: Some(span),
                    returns: Some(Value::false_sym()),
                })
            })
        }
        Callee::Generic(id) => crate::generic::dispatch::call(host, id, args, span),
    }
}

/// Calls built-in `b` with evaluated arguments (their count already checked).
fn call_builtin(host: &mut dyn Host, b: &Builtin, args: &[Value], span: Span) -> Eval {
    let state = host.fn_state();
    let result = (b.run)(state, args);
    // Some built-ins report a problem yet return a value, as CLIPS does.
    if !state.diagnostics.is_empty() {
        for note in std::mem::take(&mut state.diagnostics) {
            host.warn(&note);
        }
    }
    result.map_err(|e| {
        Unwind::Error(EvalError {
            message: e.message,
            span: Some(span),
            returns: Some(e.returns.unwrap_or_else(|| b.error_value())),
        })
    })
}

/// The values a loop's own variables had before it, put back when it ends: as in
/// CLIPS, `(loop-for-count (?i 1 3) ...)`, `foreach` and `progn$` bind their
/// variables for the loop only, and `?i` after it is what it was before.
struct OuterValues(SmallVec<[(u16, Value); 2]>);

impl OuterValues {
    /// Runs `looped`, which binds the variables in `slots`, and puts back the values
    /// they had before, whether it finished or stopped with an error.
    fn around<T>(
        frame: &mut Vec<Value>,
        slots: impl IntoIterator<Item = u16>,
        looped: impl FnOnce(&mut Vec<Value>) -> T,
    ) -> T {
        let saved = slots.into_iter().filter_map(|slot| {
            let value = frame.get(slot as usize)?;
            Some((slot, value.clone()))
        });
        let outer = OuterValues(saved.collect());
        let result = looped(frame);
        for (slot, value) in outer.0 {
            set_local(frame, slot, value);
        }
        result
    }
}

/// What a top-level variable holds until a command binds it: a symbol no reader
/// can make (its name holds a NUL), so that every value a command can bind, the
/// void value of `(printout ...)` too, differs from it.
pub fn unbound() -> Value {
    static UNBOUND: std::sync::LazyLock<crate::value::Atom> =
        std::sync::LazyLock::new(|| crate::value::atom("\0unbound"));
    Value::Symbol(*UNBOUND)
}

/// Runs `evaluate` holding a clear-ready lock: the values it computes go into
/// constructs' facts, so a `(clear)` among them is refused, as CLIPS refuses it.
pub fn with_clear_locked<T>(host: &mut dyn Host, evaluate: impl FnOnce(&mut dyn Host) -> T) -> T {
    *host.clear_locks() += 1;
    let result = evaluate(host);
    *host.clear_locks() -= 1;
    result
}

/// Empties `frame` and keeps it for the next rule firing or deffunction call (a
/// frame per call was an allocation per call: 39,000 of them in Waltz).
pub fn give_back_frame(host: &mut dyn Host, mut frame: Vec<Value>) {
    frame.clear();
    host.spare_frames().push(frame);
}

/// Calls deffunction `id` with evaluated arguments.
pub fn call_function(host: &mut dyn Host, id: u32, args: impl Into<Args>, span: Span) -> Eval {
    let args: Args = args.into();
    let (body, params, rest, frame_size, name, module) = {
        let f = &host.program().functions[id as usize];
        (
            f.body.clone(),
            f.params,
            f.rest,
            f.frame_size,
            f.name,
            f.module,
        )
    };
    let Some(body) = body else {
        return Err(
            EvalError::new(format!("deffunction {name} is not yet defined"))
                .at(span)
                .into(),
        );
    };
    let most = (!rest).then_some(params);
    if let Some(message) = messages::args::argacces1(name.as_str(), params, most, args.len()) {
        return Err(EvalError::new(message).at(span).into());
    }
    check_call_depth(host, name, span)?;
    *host.depth() += 1;
    host.functions_running().push(id);
    let traced = (host.traced_deffunction(id)).then(|| {
        let values: Vec<String> = args.iter().map(|v| v.repr().to_string()).collect();
        values.join(" ")
    });
    if let Some(values) = &traced {
        trace_deffunction(host, id, ">>", values);
    }
    let procedure = Procedure {
        body: &body,
        params,
        rest,
        frame_size,
    };
    // The body runs in the deffunction's module, which is current again after
    // it, whatever the body set (CLIPS's `EvaluateProcActions`).
    let caller = host.program().current_module;
    host.set_current_module(module);
    let result = run_procedure(host, procedure, args);
    host.set_current_module(caller);
    host.functions_running().pop();
    if let Some(values) = &traced {
        trace_deffunction(host, id, "<<", values);
    }
    *host.depth() -= 1;
    result.map_err(|mut e| {
        e.message.push('\n');
        e.message.push_str(&messages::procedures::prccode4(
            "deffunction",
            name.as_str(),
        ));
        e.returns = Some(Value::false_sym());
        Unwind::Error(e)
    })
}

/// Writes CLIPS's trace line for deffunction `id` entered (`>>`) or left (`<<`)
/// with its arguments `values`: `DFN >> f ED:1 (3 abc)`, the name qualified with
/// its module when that is not the current one.
fn trace_deffunction(host: &mut dyn Host, id: u32, arrow: &str, values: &str) {
    let program = host.program();
    let f = &program.functions[id as usize];
    let name = if f.module == program.current_module {
        f.name.to_string()
    } else {
        format!("{}::{}", program.module_name(f.module), f.name)
    };
    let line = format!("DFN {arrow} {name} ED:{} ({values})\n", *host.depth());
    host.write("stdout", &line);
}

/// An error when another procedure call (deffunction or generic function named
/// `name`) would nest deeper than the call limit or the stack allow.
pub fn check_call_depth(host: &mut dyn Host, name: Atom, span: Span) -> Result<(), Unwind> {
    if *host.depth() >= MAX_CALL_DEPTH || stack_exhausted() {
        let depth = *host.depth();
        return Err(EvalError::new(format!("deffunction calls nested {depth} deep: the most the call limit ({MAX_CALL_DEPTH}) and the stack allow (runaway recursion in {name}?)")).at(span).into());
    }
    Ok(())
}

/// The body of a procedure (a deffunction or a method) and its frame's layout.
#[derive(Clone, Copy)]
pub struct Procedure<'a> {
    /// The actions.
    pub body: &'a [CExpr],
    /// The number of single-field parameters, in the first slots.
    pub params: usize,
    /// Whether a wildcard parameter, in the slot after them, takes the rest.
    pub rest: bool,
    /// How many slots the actions need.
    pub frame_size: usize,
}

/// Fills `frame` with the parameters of a procedure taking `params` single-field
/// arguments (and the rest in a wildcard parameter when `rest`), in a frame of at
/// least `frame_size` slots.
pub fn bind_parameters(
    frame: &mut Vec<Value>,
    params: usize,
    rest: bool,
    frame_size: usize,
    args: impl IntoIterator<Item = Value>,
) {
    frame.clear();
    frame.resize(frame_size.max(params + 1), unbound());
    let mut args = args.into_iter();
    for slot in frame.iter_mut().take(params) {
        *slot = args.next().unwrap_or_else(Value::nil);
    }
    if rest {
        // Multifield arguments are spliced into the wildcard parameter.
        frame[params] = flatten(args.collect());
    }
}

/// Runs a procedure's actions with `args` bound to its parameters (their number
/// already checked), in a frame taken from the host's spare ones: the value of
/// `return`, or of the last action; an error as it came.
pub fn run_procedure(
    host: &mut dyn Host,
    procedure: Procedure<'_>,
    args: impl IntoIterator<Item = Value>,
) -> Result<Value, EvalError> {
    let mut frame = host.spare_frames().pop().unwrap_or_default();
    bind_parameters(
        &mut frame,
        procedure.params,
        procedure.rest,
        procedure.frame_size,
        args,
    );
    let result = eval_body(host, &mut frame, procedure.body);
    give_back_frame(host, frame);
    match result {
        Ok(v) | Err(Unwind::Return(v)) => Ok(v),
        Err(Unwind::Break) => Ok(Value::false_sym()),
        Err(Unwind::Error(e)) => Err(e),
    }
}

pub(crate) fn set_local(frame: &mut Vec<Value>, slot: u16, value: Value) {
    let slot = slot as usize;
    if frame.len() <= slot {
        frame.resize(slot + 1, Value::nil());
    }
    frame[slot] = value;
}

// Kept out of `eval`: inlined, the special forms' locals gave every evaluation of a
// constant, a variable or a call a frame of 616 bytes to set up (now 272; churn_100k
// -0.55%, joins_10k -0.7% instructions).
#[inline(never)]
fn eval_special(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    special: &Special,
    span: Span,
) -> Eval {
    run_special(host, frame, special, span).map_err(|u| match u {
        Unwind::Error(mut e) => {
            let form = special.clips_name().and_then(special_forms::lookup);
            if let Some(form) = form {
                e.returns = Some(Types::of_codes(form.returns).error_value());
            } else if let Special::Printout(..) = special {
                e.returns = None;
            }
            Unwind::Error(e)
        }
        other => other,
    })
}

/// Evaluates a special form; see [`eval_special`].
fn run_special(host: &mut dyn Host, frame: &mut Vec<Value>, special: &Special, span: Span) -> Eval {
    match special {
        Special::If(cond, then_part, else_part) => {
            if eval(host, frame, cond)?.is_truthy() {
                eval_body(host, frame, then_part)
            } else {
                eval_body(host, frame, else_part)
            }
        }
        Special::While(cond, body) => {
            while eval(host, frame, cond)?.is_truthy() {
                host.check_deadline()?;
                match eval_body(host, frame, body) {
                    Ok(_) => {}
                    Err(Unwind::Break) => break,
                    Err(e) => return Err(e),
                }
            }
            Ok(Value::false_sym())
        }
        Special::LoopForCount {
            var,
            start,
            end,
            body,
        } => {
            let start = expect_integer(eval(host, frame, start)?, "loop-for-count", span)?;
            let end = expect_integer(eval(host, frame, end)?, "loop-for-count", span)?;
            OuterValues::around(frame, var.iter().copied(), |frame| {
                let mut i = start;
                while i <= end {
                    host.check_deadline()?;
                    if let Some(slot) = var {
                        set_local(frame, *slot, Value::Integer(i));
                    }
                    match eval_body(host, frame, body) {
                        Ok(_) => {}
                        Err(Unwind::Break) => break,
                        Err(e) => return Err(e),
                    }
                    i += 1;
                }
                Ok(Value::false_sym())
            })
        }
        Special::Foreach {
            var,
            index,
            list,
            body,
        } => {
            let list = eval(host, frame, list)?;
            let items: Vec<Value> = list.as_slice().to_vec();
            OuterValues::around(frame, [*var, *index], |frame| {
                let mut last = Value::false_sym();
                for (i, item) in items.into_iter().enumerate() {
                    set_local(frame, *var, item);
                    set_local(frame, *index, Value::Integer(i as i64 + 1));
                    match eval_body(host, frame, body) {
                        Ok(v) => last = v,
                        Err(Unwind::Break) => break,
                        Err(e) => return Err(e),
                    }
                }
                Ok(last)
            })
        }
        Special::Switch(subject, cases, default) => {
            let value = eval(host, frame, subject)?;
            for (case, body) in cases {
                if eval(host, frame, case)? == value {
                    return eval_body(host, frame, body);
                }
            }
            match default {
                Some(body) => eval_body(host, frame, body),
                None => Ok(Value::false_sym()),
            }
        }
        Special::Bind(BindTarget::Unbind(slot), _) => {
            set_local(frame, *slot, unbound());
            Ok(Value::false_sym())
        }
        Special::Bind(target, values) => {
            let mut evaluated = eval_args(host, frame, values)?;
            let value = match (target, evaluated.len()) {
                (BindTarget::Global(id), 0) => host.initial_global_value(*id)?,
                (_, 1) => evaluated.pop().unwrap_or_else(Value::nil),
                _ => flatten(evaluated),
            };
            match target {
                BindTarget::Local(slot) | BindTarget::Unbind(slot) => {
                    set_local(frame, *slot, value.clone())
                }
                BindTarget::Global(id) => host.set_global(*id, value.clone()),
            }
            Ok(value)
        }
        Special::And(items) => {
            for item in items {
                if !eval(host, frame, item)?.is_truthy() {
                    return Ok(Value::false_sym());
                }
            }
            Ok(Value::true_sym())
        }
        Special::Or(items) => {
            for item in items {
                if eval(host, frame, item)?.is_truthy() {
                    return Ok(Value::true_sym());
                }
            }
            Ok(Value::false_sym())
        }
        Special::Progn(body) => eval_body(host, frame, body),
        Special::Timer(body) => {
            let start = std::time::Instant::now();
            eval_body(host, frame, body)?;
            Ok(Value::Float(start.elapsed().as_secs_f64()))
        }
        Special::Return(value) => {
            let v = match value {
                Some(e) => eval(host, frame, e)?,
                None => Value::Void,
            };
            Err(Unwind::Return(v))
        }
        Special::Break => Err(Unwind::Break),
        Special::Assert(facts) => change::assert(host, frame, facts, None),
        Special::Modify {
            fact,
            slots,
            duplicate,
        } => change::modify(host, frame, (fact, slots, *duplicate), span, None),
        Special::BeforeRetraction(marked) => {
            let (action, ahead) = &**marked;
            change::before_retraction(host, frame, action, ahead)
        }
        Special::Query(q) => query::run(host, frame, q),
        Special::Printout(channel, items) => {
            let channel = eval(host, frame, channel)?;
            let name = match &channel {
                Value::Symbol(s) | Value::String(s) => s.to_string(),
                other => other.display().to_string(),
            };
            // As in CLIPS, an unknown name is reported before the items are
            // evaluated, and the action goes on.
            if !host.check_output(&name) {
                return Ok(Value::Void);
            }
            for item in items {
                let value = eval(host, frame, item)?;
                if name != "nil" {
                    host.write(&name, &printout_text(&value));
                }
            }
            Ok(Value::Void)
        }
        Special::Expand(list) => eval(host, frame, list),
        Special::Sort(args) => {
            let args = eval_args(host, frame, args)?;
            sort::run(host, &args, span)
        }
        Special::TopLevelVar(slot, name, multifield) => match frame.get(*slot as usize) {
            Some(value) if *value != unbound() => Ok(value.clone()),
            _ => Err(
                EvalError::new(messages::evaluatn::evaluatn1(name.as_str(), *multifield))
                    .returning(Value::false_sym())
                    .at(span)
                    .into(),
            ),
        },
        Special::ActionVar(slot, name, function) => match frame.get(*slot as usize) {
            Some(value) if *value != unbound() => Ok(value.clone()),
            _ => Err(EvalError::new(unbound_action_var(host, *name, *function))
                .returning(Value::false_sym())
                .at(span)
                .into()),
        },
        Special::MakeInstance {
            name,
            class,
            overrides,
        } => {
            let made = match class {
                Some(class) => {
                    crate::cool::make::make_instance(host, frame, name, class, overrides)
                }
                None => crate::cool::make::initialize_instance(host, frame, name, overrides),
            };
            host.objects_changed();
            made
        }
        Special::ModifyInstance {
            function,
            kind,
            instance,
            name,
            overrides,
        } => {
            let done = crate::cool::moddup::call(
                host,
                frame,
                *function,
                *kind,
                instance,
                name.as_ref(),
                overrides,
            );
            host.objects_changed();
            done
        }
        Special::SelfSlot(slot) => {
            crate::cool::make::self_slot(host, frame, *slot, None).map_err(|e| e.at(span).into())
        }
        Special::SelfSlotPut(slot, values) => {
            let values = eval_args(host, frame, values)?;
            let put = crate::cool::make::self_slot(host, frame, *slot, Some(flatten(values)));
            host.objects_changed();
            put.map_err(|e| e.at(span).into())
        }
        Special::QueryInstance(slot) => Ok(query::member_name(frame, *slot)),
        Special::QuerySlot(reference) => {
            query::slot(host, frame, reference).map_err(|e| e.at(span).into())
        }
        Special::LateGlobal(name) => match host.program().global_id(*name) {
            Some(id) => eval(host, frame, &CExpr::Global(id)),
            None => Err(
                EvalError::new(crate::messages::globldef::globldef1(name.as_str()))
                    .at(span)
                    .into(),
            ),
        },
    }
}

/// The fact index designated by a fact address or an integer.
pub fn fact_id_of(
    host: &dyn Host,
    value: &Value,
    what: &str,
    span: Span,
) -> Result<FactId, Unwind> {
    match value {
        Value::Fact(id) => Ok(*id),
        Value::Integer(i) if *i >= 0 => Ok(FactId(*i as u64)),
        other => {
            let _ = host;
            Err(EvalError::new(format!(
                "{what}: expected a fact address or index, got {}",
                other.repr()
            ))
            .at(span)
            .into())
        }
    }
}

fn expect_integer(value: Value, what: &str, span: Span) -> Result<i64, Unwind> {
    match value {
        Value::Integer(i) => Ok(i),
        Value::Float(f) => Ok(f as i64),
        other => Err(
            EvalError::new(format!("{what}: expected an integer, got {}", other.repr()))
                .at(span)
                .into(),
        ),
    }
}

/// Joins values into one multifield, splicing multifield values. Without any to
/// splice (an ordered fact's fields, nearly always) the values go straight into the
/// multifield's block.
pub fn flatten(values: Args) -> Value {
    if !values
        .iter()
        .any(|v| matches!(v, Value::Multifield(_) | Value::Void))
    {
        return Value::Multifield(Multi::from_items(values.into_iter()));
    }
    let mut out = Vec::with_capacity(values.len());
    for v in values {
        match v {
            Value::Multifield(items) => out.extend(items.iter().cloned()),
            Value::Void => {}
            other => out.push(other),
        }
    }
    Value::multifield(out)
}

/// Evaluates a fact specification into a template and slot values (defaults filled in).
pub fn build_fact(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    build: &FactBuild,
) -> Result<(TemplateId, Slots), Unwind> {
    host.templates_building().push(build.template);
    let built = with_clear_locked(host, |host| build_fact_locked(host, frame, build));
    host.templates_building().pop();
    built
}

/// [`build_fact`]'s work, done holding a clear-ready lock.
fn build_fact_locked(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    build: &FactBuild,
) -> Result<(TemplateId, Slots), Unwind> {
    match &build.fields {
        FactFields::Ordered(exprs) => {
            let fields = match eval_args(host, frame, exprs) {
                Ok(values) => flatten(values),
                // As CLIPS gathers an ordered fact's fields: an error in one is
                // reported at once and leaves the fact with no fields, asserted all
                // the same.
                Err(Unwind::Error(e)) => {
                    host.warn(&e.message);
                    Value::empty_multifield()
                }
                Err(other) => return Err(other),
            };
            Ok((build.template, smallvec::smallvec![fields]))
        }
        FactFields::Slots(given) => {
            let slot_count = host.program().template(build.template).slots.len();
            let mut slots: SmallVec<[Option<Value>; 8]> = smallvec::smallvec![None; slot_count];
            for (index, exprs) in given {
                let multi = host.program().template(build.template).slots[*index].multi;
                slots[*index] = Some(match &**exprs {
                    // A single-field slot's one expression (most slots): its value,
                    // without gathering the values in a list first.
                    [one] if !multi && expansion(one).is_none() => match eval(host, frame, one)? {
                        // A function that returns nothing gives a single-field slot
                        // no value: CLIPS refuses the fact.
                        Value::Void => {
                            let slot = host.program().template(build.template).slots[*index].name;
                            let message = crate::messages::templates::tmpltdef2(slot.as_str());
                            return Err(EvalError::new(message).into());
                        }
                        // A multifield (a global's value, ...): CLIPS refuses the fact.
                        Value::Multifield(_) => {
                            let template = host.program().template(build.template);
                            let slot = template.slots[*index].name;
                            let message = crate::messages::templates::tmpltfun1(
                                slot.as_str(),
                                template.name.as_str(),
                            );
                            return Err(EvalError {
                                returns: Some(Value::false_sym()),
                                ..EvalError::new(message)
                            }
                            .into());
                        }
                        value => value,
                    },
                    _ => {
                        let values = eval_args(host, frame, exprs)?;
                        if multi {
                            flatten(values)
                        } else {
                            values.into_iter().next().unwrap_or_else(Value::nil)
                        }
                    }
                });
            }
            let mut out = Slots::with_capacity(slot_count);
            for (i, given) in slots.into_iter().enumerate() {
                let value = match given {
                    Some(v) => v,
                    None => default_value(host, frame, build.template, i)?,
                };
                out.push(value);
            }
            Ok((build.template, out))
        }
    }
}

/// The value an omitted slot gets.
pub fn default_value(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    template: TemplateId,
    index: usize,
) -> Eval {
    use crate::compile::template::SlotDefault;
    let (default, multi, derived) = {
        let t = host.program().template(template);
        let slot = &t.slots[index];
        let default = match &slot.default {
            SlotDefault::Derive => None,
            SlotDefault::Required => {
                return Err(EvalError::new(format!(
                    "slot {} of template {} requires a value (default ?NONE)",
                    slot.name, t.name
                ))
                .into())
            }
            SlotDefault::Static(v) => return Ok(v.clone()),
            SlotDefault::Dynamic(exprs) => Some(exprs.clone()),
        };
        (
            default,
            slot.multi,
            slot.constraint.derived_default(slot.multi),
        )
    };
    match default {
        None => Ok(derived),
        Some(exprs) => {
            let values = eval_args(host, frame, &exprs)?;
            Ok(if multi {
                flatten(values)
            } else {
                // A function that returns nothing leaves the slot `nil`, as in CLIPS.
                (values.into_iter().find(|v| !matches!(v, Value::Void))).unwrap_or_else(Value::nil)
            })
        }
    }
}

/// The symbol `crlf`, `tab`, ... as printout interprets it.
pub fn printout_text(value: &Value) -> String {
    match value {
        Value::Symbol(s) => match s.as_str() {
            "crlf" => "\n".into(),
            "tab" => "\t".into(),
            "vtab" => "\x0B".into(),
            "ff" => "\x0C".into(),
            _ => s.to_string(),
        },
        other => other.display().to_string(),
    }
}

/// The name `nil` as an atom (the "no router" logical name of format).
pub fn nil_atom() -> Atom {
    atom("nil")
}
