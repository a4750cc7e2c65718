//! Calling a generic function (CLIPS's `GenericDispatch` in `genrcexe.c`): the
//! first method, in precedence order, whose restrictions the arguments meet
//! runs; `call-next-method` runs the next applicable one after it with the same
//! arguments, `override-next-method` with others. Whether a method applies is
//! decided when it is reached, so a query runs only for the methods tried.

use super::{classes, describe, Generic, MethodBody, Parameters, Query};
use crate::eval::{self, check_call_depth, Args, Eval, EvalError, Host, Procedure, Unwind};
use crate::messages::{genrc, procedures};
use crate::syntax::Span;
use crate::value::{Atom, Value};
use std::rc::Rc;

/// A method running: what `call-next-method` continues from.
#[derive(Debug, Clone)]
pub struct MethodCall {
    /// The generic function's id.
    pub generic: u32,
    /// The method's index.
    pub method: u32,
    /// The arguments it was called with.
    pub args: Rc<[Value]>,
}

/// Calls generic function `id` with evaluated arguments: its most specific
/// applicable method, or CLIPS's `[GENRCEXE1]` when none applies.
pub fn call(host: &mut dyn Host, id: u32, args: Args, span: Span) -> Eval {
    let args: Rc<[Value]> = args.into_iter().collect();
    let name = host.program().generics.get(id).name;
    check_call_depth(host, name, span)?;
    *host.depth() += 1;
    let result = match next_applicable(host, id, &args, 0) {
        Ok(Some(at)) => traced_generic(host, id, &args, |host| {
            run_method(host, id, at, args.clone(), span)
        }),
        Ok(None) => Err(no_method(name)),
        Err(e) => Err(e),
    };
    *host.depth() -= 1;
    result
}

/// Calls method `#index` of generic function `id` (`call-specific-method`):
/// CLIPS's `[GENRCEXE4]` when it does not apply to `args`.
pub fn call_specific(host: &mut dyn Host, id: u32, index: u32, args: Args, span: Span) -> Eval {
    let args: Rc<[Value]> = args.into_iter().collect();
    let name = host.program().generics.get(id).name;
    let Some(at) = host.program().generics.get(id).position(index) else {
        return Err(EvalError::new(genrc::genrcfun2(
            name.as_str(),
            i64::from(index),
            "call-specific-method",
        ))
        .returning(Value::false_sym())
        .into());
    };
    check_call_depth(host, name, span)?;
    *host.depth() += 1;
    let result = match applies(host, id, at, &args) {
        Ok(true) => traced_generic(host, id, &args, |host| {
            run_method(host, id, at, args.clone(), span)
        }),
        Ok(false) => Err(EvalError::new(genrc::genrcexe4(name.as_str(), index))
            .returning(Value::false_sym())
            .into()),
        Err(e) => Err(e),
    };
    *host.depth() -= 1;
    result
}

/// Runs the next applicable method after the one running, with `args`, or the
/// running method's own arguments when `None` (`override-next-method`,
/// `call-next-method`): CLIPS's `[GENRCEXE2]` when there is none.
pub fn call_next(host: &mut dyn Host, args: Option<Args>, span: Span) -> Eval {
    let shadowed = || -> Unwind {
        EvalError::new(genrc::genrcexe2())
            .returning(Value::false_sym())
            .into()
    };
    let Some(current) = host.method_calls().last().cloned() else {
        return Err(shadowed());
    };
    let args: Rc<[Value]> = match args {
        Some(args) => args.into_iter().collect(),
        None => current.args.clone(),
    };
    let generic = host.program().generics.get(current.generic);
    let Some(at) = generic.position(current.method) else {
        return Err(shadowed());
    };
    match next_applicable(host, current.generic, &args, at + 1)? {
        Some(next) => run_method(host, current.generic, next, args, span),
        None => Err(shadowed()),
    }
}

/// Whether a method after the one running applies to its arguments (`next-methodp`).
pub fn has_next(host: &mut dyn Host) -> Result<bool, Unwind> {
    let Some(current) = host.method_calls().last().cloned() else {
        return Ok(false);
    };
    let Some(at) = host
        .program()
        .generics
        .get(current.generic)
        .position(current.method)
    else {
        return Ok(false);
    };
    Ok(next_applicable(host, current.generic, &current.args, at + 1)?.is_some())
}

/// The positions of the methods of generic `id` that apply to `args`, most
/// specific first (`preview-generic`).
pub fn applicable(host: &mut dyn Host, id: u32, args: &[Value]) -> Result<Vec<usize>, Unwind> {
    let count = host.program().generics.get(id).methods.len();
    let mut found = Vec::new();
    for at in 0..count {
        if applies(host, id, at, args)? {
            found.push(at);
        }
    }
    Ok(found)
}

/// The first method of generic `id` from position `from` on that applies to `args`.
fn next_applicable(
    host: &mut dyn Host,
    id: u32,
    args: &[Value],
    from: usize,
) -> Result<Option<usize>, Unwind> {
    let count = host.program().generics.get(id).methods.len();
    for at in from..count {
        if applies(host, id, at, args)? {
            return Ok(Some(at));
        }
    }
    Ok(None)
}

/// Whether the method at position `at` of generic `id` applies to `args`
/// (`IsMethodApplicable`): their number, each one's class, then its query.
fn applies(host: &mut dyn Host, id: u32, at: usize, args: &[Value]) -> Result<bool, Unwind> {
    let generic = host.program().generics.get(id);
    let name = generic.name;
    let Some(parameters) = generic.methods.get(at).map(|m| m.parameters.clone()) else {
        return Ok(false);
    };
    let count = parameters.restrictions.len();
    let fits = if parameters.wildcard {
        args.len() + 1 >= count
    } else {
        args.len() == count
    };
    if !fits {
        return Ok(false);
    }
    let mut frame: Option<Vec<Value>> = None;
    for (i, arg) in args.iter().enumerate() {
        let r = &parameters.restrictions[i.min(count - 1)];
        if !r.classes.is_empty() && !in_classes(host, arg, &r.classes, name)? {
            return Ok(false);
        }
        let passed = match &r.query {
            None => true,
            Some(Query::AtMost(most)) => args.len() + 1 - count <= *most,
            Some(Query::Expr(query, _)) => {
                let frame = frame.get_or_insert_with(|| query_frame(&parameters, args));
                frame[parameters.current_argument as usize] = arg.clone();
                eval::eval(host, frame, query)? != Value::false_sym()
            }
        };
        if !passed {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether `arg` belongs to one of `classes`; CLIPS's `[GENRCEXE3]` when its
/// class cannot be known.
fn in_classes(
    host: &mut dyn Host,
    arg: &Value,
    classes: &[Atom],
    generic: Atom,
) -> Result<bool, Unwind> {
    match classes::class_of(host, arg) {
        Some(class) => Ok(classes::admits(
            &host.program().classes,
            class,
            arg,
            classes,
        )),
        None => Err(
            EvalError::new(genrc::genrcexe3(&arg.repr().to_string(), generic.as_str()))
                .returning(Value::false_sym())
                .into(),
        ),
    }
}

/// The frame a method's queries run in: its parameters bound to `args`.
fn query_frame(parameters: &Parameters, args: &[Value]) -> Vec<Value> {
    let mut frame = Vec::new();
    eval::bind_parameters(
        &mut frame,
        parameters.single(),
        parameters.wildcard,
        parameters.frame_size,
        args.iter().cloned(),
    );
    frame
}

/// Runs the method at position `at` of generic `id` with `args`, known to apply.
fn run_method(host: &mut dyn Host, id: u32, at: usize, args: Rc<[Value]>, span: Span) -> Eval {
    let generic = host.program().generics.get(id);
    let name = generic.name;
    // A query run to find the method may have removed methods.
    let Some(method) = generic.methods.get(at).cloned() else {
        return Err(no_method(name));
    };
    host.method_calls().push(MethodCall {
        generic: id,
        method: method.index,
        args: args.clone(),
    });
    trace(host, TraceKind::Method, id, at, &args, ">>");
    let result = match &method.body {
        MethodBody::System(callee) => {
            eval::call_callee(host, *callee, args.iter().cloned().collect(), span)
        }
        MethodBody::Actions { body, frame_size } => {
            let procedure = Procedure {
                body,
                params: method.parameters.single(),
                rest: method.parameters.wildcard,
                frame_size: *frame_size,
            };
            eval::run_procedure(host, procedure, args.iter().cloned()).map_err(|mut e| {
                e.message.push('\n');
                e.message
                    .push_str(&procedures::prccode4_method(name.as_str(), method.index));
                e.returns = Some(Value::false_sym());
                Unwind::Error(e)
            })
        }
    };
    trace(host, TraceKind::Method, id, at, &args, "<<");
    host.method_calls().pop();
    result
}

/// Runs `call`, traced as a call of generic `id` when generic functions are watched.
fn traced_generic(
    host: &mut dyn Host,
    id: u32,
    args: &[Value],
    call: impl FnOnce(&mut dyn Host) -> Eval,
) -> Eval {
    trace(host, TraceKind::Generic, id, 0, args, ">>");
    let result = call(host);
    trace(host, TraceKind::Generic, id, 0, args, "<<");
    result
}

/// What a trace line is about.
#[derive(Clone, Copy, PartialEq, Eq)]
enum TraceKind {
    /// A generic function's call (`GNC`).
    Generic,
    /// A method's (`MTH`).
    Method,
}

/// Writes CLIPS's trace line for a generic function or method entered (`>>`)
/// or left (`<<`), when that is watched: `MTH >> m:#1  ED:1 (3)`.
fn trace(host: &mut dyn Host, kind: TraceKind, id: u32, at: usize, args: &[Value], arrow: &str) {
    let (generics, methods) = host.traced_generics();
    let watched = match kind {
        TraceKind::Generic => generics,
        TraceKind::Method => methods,
    };
    if !watched {
        return;
    }
    let generic: &Generic = host.program().generics.get(id);
    let name = qualified_name(host, generic);
    let head = match kind {
        TraceKind::Generic => format!("GNC {arrow} {name} "),
        TraceKind::Method => {
            let Some(method) = generic.methods.get(at) else {
                return;
            };
            let system = if method.is_system() { "SYS" } else { "" };
            format!("MTH {arrow} {name}:#{system}{} ", method.index)
        }
    };
    let values: Vec<String> = args.iter().map(|v| v.repr().to_string()).collect();
    let depth = *host.depth();
    let line = format!("{head} ED:{depth} ({})\n", values.join(" "));
    host.write("stdout", &line);
}

/// The generic's name, qualified with its module when that is not the current one.
fn qualified_name(host: &dyn Host, generic: &Generic) -> String {
    let program = host.program();
    if generic.module == program.current_module {
        generic.name.to_string()
    } else {
        format!("{}::{}", program.module_name(generic.module), generic.name)
    }
}

/// CLIPS's `[GENRCEXE1]` for generic `name`.
fn no_method(name: Atom) -> Unwind {
    EvalError::new(genrc::genrcexe1(name.as_str()))
        .returning(Value::false_sym())
        .into()
}

/// A method's synopsis with its generic's name, as `list-defmethods` and
/// `preview-generic` print it: `describe #1  (INTEGER)`.
pub fn method_line(generic: &Generic, at: usize) -> String {
    format!(
        "{} #{}",
        generic.name,
        describe::synopsis(&generic.methods[at])
    )
}
