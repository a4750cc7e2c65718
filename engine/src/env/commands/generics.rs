//! The commands of generic functions: the pretty forms and listings
//! (`ppdefgeneric`, `ppdefmethod`, `list-defgenerics`, `list-defmethods`,
//! `get-defmethod-list`, `preview-generic`), their removal (`undefgeneric`,
//! `undefmethod`), and the calls a method makes (`call-next-method`,
//! `next-methodp`, `override-next-method`, `call-specific-method`).

use super::{construct_name, not_found, out, print_pretty, report, Environment, Runtime, R};
use crate::eval::{Args, EvalError, Unwind};
use crate::generic::dispatch;
use crate::messages::genrc;
use crate::syntax::{SourceText, Span};
use crate::value::{Atom, Value};

/// The generic function `name` as the current module sees it (a qualified name
/// from its own module).
fn generic_named(rt: &Runtime, name: Atom) -> Option<u32> {
    rt.program.generic_id(name)
}

/// Generic `name`, or CLIPS's `[GENRCFUN3]` naming command `function`.
fn generic_or_report(rt: &mut Runtime, name: Atom, function: &str) -> Option<u32> {
    let found = generic_named(rt, name);
    if found.is_none() {
        report(rt, &genrc::genrcfun3(name.as_str(), function));
    }
    found
}

/// The method index in argument `index` of `function`: an integer, else
/// CLIPS's `[ARGACCES2]`.
fn method_index(args: &[Value], index: usize, function: &str) -> Result<i64, EvalError> {
    match args.get(index) {
        Some(Value::Integer(i)) => Ok(*i),
        _ => Err(EvalError::new(crate::messages::args::argacces2(
            function, index, "integer",
        ))),
    }
}

/// The position of method `#index` of generic `id`, or CLIPS's `[GENRCFUN2]`.
fn method_or_report(rt: &mut Runtime, id: u32, index: i64, function: &str) -> Option<usize> {
    let generic = rt.program.generics.get(id);
    let found = u32::try_from(index).ok().and_then(|i| generic.position(i));
    if found.is_none() {
        let message = genrc::genrcfun2(generic.name.as_str(), index, function);
        report(rt, &message);
    }
    found
}

/// `(ppdefgeneric name [logical-name])`.
pub(super) fn ppdefgeneric(rt: &mut Runtime, args: &[Value]) -> R {
    let name = construct_name(args, 0, "ppdefgeneric")?;
    let text = generic_named(rt, name).map(|id| {
        let generic = rt.program.generics.get(id);
        let module = rt.program.module_name(generic.module);
        let source = (generic.source.clone())
            .unwrap_or_else(|| SourceText::from(format!("(defgeneric {})", generic.name).as_str()));
        super::super::pretty::render(&source, module.as_str()).unwrap_or_default()
    });
    print_pretty(rt, args, text, "defgeneric", name.as_str())
}

/// `(ppdefmethod name index [logical-name])`.
pub(super) fn ppdefmethod(rt: &mut Runtime, args: &[Value]) -> R {
    let name = construct_name(args, 0, "ppdefmethod")?;
    let index = method_index(args, 1, "ppdefmethod")?;
    let Some(id) = generic_or_report(rt, name, "ppdefmethod") else {
        return Ok(Value::Void);
    };
    let Some(at) = method_or_report(rt, id, index, "ppdefmethod") else {
        return Ok(Value::Void);
    };
    let generic = rt.program.generics.get(id);
    let module = rt.program.module_name(generic.module);
    let text = (generic.methods[at].source.as_ref())
        .and_then(|source| super::super::pretty::render(source, module.as_str()))
        .unwrap_or_default();
    // The logical name is argument #3: the pp commands read it as their #2.
    print_pretty(rt, &args[1..], Some(text), "defmethod", name.as_str())
}

/// The generics a command lists: the one named by its argument (`None`, reported,
/// when there is none of that name), or every generic of the current module.
fn generics_asked(
    rt: &mut Runtime,
    args: &[Value],
    function: &str,
) -> Result<Option<Vec<u32>>, EvalError> {
    if args.is_empty() {
        let current = rt.program.current_module;
        let ids = (rt.program.generics.defined())
            .filter(|(_, g)| g.module == current)
            .map(|(id, _)| id)
            .collect();
        return Ok(Some(ids));
    }
    let name = construct_name(args, 0, function)?;
    Ok(generic_or_report(rt, name, function).map(|id| vec![id]))
}

/// `(list-defmethods [name])`: the methods of one generic, or of every generic
/// of the current module (a blank line between generics).
pub(super) fn list_defmethods(rt: &mut Runtime, args: &[Value]) -> R {
    let Some(ids) = generics_asked(rt, args, "list-defmethods")? else {
        return Ok(Value::Void);
    };
    let mut text = String::new();
    let mut count = 0;
    for (n, &id) in ids.iter().enumerate() {
        let generic = rt.program.generics.get(id);
        for at in 0..generic.methods.len() {
            text.push_str(&dispatch::method_line(generic, at));
            text.push('\n');
        }
        count += generic.methods.len();
        if n + 1 < ids.len() {
            text.push('\n');
        }
    }
    if count > 0 {
        text.push_str(&super::listing::tally(count, "method"));
    }
    out(rt, "t", &text);
    Ok(Value::Void)
}

/// `(get-defmethod-list [name])`: the name and index of each method, in turn.
pub(super) fn get_defmethod_list(rt: &mut Runtime, args: &[Value]) -> R {
    let Some(ids) = generics_asked(rt, args, "get-defmethod-list")? else {
        return Ok(Value::multifield(Vec::new()));
    };
    let mut items = Vec::new();
    for id in ids {
        let generic = rt.program.generics.get(id);
        for method in &generic.methods {
            items.push(Value::Symbol(generic.name));
            items.push(Value::Integer(i64::from(method.index)));
        }
    }
    Ok(Value::multifield(items))
}

/// `(defgeneric-module name)`.
pub(super) fn defgeneric_module(rt: &mut Runtime, args: &[Value]) -> R {
    super::introspect::module_of(rt, args, "defgeneric", |rt, name| {
        let id = rt.program.generic_id(name)?;
        Some(rt.program.generics.get(id).module)
    })
}

/// `(undefgeneric name)`, or `*` for every generic of the current module.
pub(super) fn undefgeneric(rt: &mut Runtime, args: &[Value]) -> R {
    let name = construct_name(args, 0, "undefgeneric")?;
    let ids: Vec<u32> = if name.as_str() == "*" {
        let current = rt.program.current_module;
        (rt.program.generics.defined())
            .filter(|(_, g)| g.module == current)
            .map(|(id, _)| id)
            .collect()
    } else {
        match generic_named(rt, name) {
            Some(id) => vec![id],
            None => {
                not_found(rt, "defgeneric", name.as_str());
                return Ok(Value::Void);
            }
        }
    };
    for id in ids {
        if busy(rt, id) {
            let generic = rt.program.generics.get(id).name;
            report(rt, &genrc::genrcfun1(generic.as_str()));
            continue;
        }
        rt.program.generics.remove(id);
    }
    Ok(Value::Void)
}

/// `(undefmethod name index)`, or `*` for the name (every generic) or the index
/// (every method defined).
pub(super) fn undefmethod(rt: &mut Runtime, args: &[Value]) -> R {
    let name = construct_name(args, 0, "undefmethod")?;
    let every_generic = name.as_str() == "*";
    let id = generic_named(rt, name);
    if id.is_none() && !every_generic {
        report(rt, &genrc::genrccom1(name.as_str()));
        return Ok(Value::Void);
    }
    let index = match args.get(1) {
        Some(Value::Symbol(s)) if s.as_str() == "*" => None,
        Some(Value::Integer(i)) if *i > 0 => Some(*i),
        _ => {
            report(rt, &genrc::genrccom2());
            return Ok(Value::Void);
        }
    };
    let Some(id) = id.filter(|_| !every_generic) else {
        if index.is_some() {
            report(rt, &genrc::genrccom3());
            return Ok(Value::Void);
        }
        let current = rt.program.current_module;
        let all: Vec<u32> = (rt.program.generics.defined())
            .filter(|(_, g)| g.module == current)
            .map(|(id, _)| id)
            .collect();
        for id in all {
            rt.program.generics.remove_explicit_methods(id);
        }
        return Ok(Value::Void);
    };
    if busy(rt, id) {
        let generic = rt.program.generics.get(id).name;
        report(rt, &genrc::genrcfun1(generic.as_str()));
        return Ok(Value::Void);
    }
    match index {
        None => rt.program.generics.remove_explicit_methods(id),
        Some(index) => {
            if let Some(at) = method_or_report(rt, id, index, "undefmethod") {
                let index = rt.program.generics.get(id).methods[at].index;
                rt.program.generics.remove_method(id, index);
            }
        }
    }
    Ok(Value::Void)
}

/// Whether a method of generic `id` is running.
fn busy(rt: &Runtime, id: u32) -> bool {
    rt.method_calls.iter().any(|call| call.generic == id)
}

/// `(preview-generic name arg...)`: the methods that apply to the arguments,
/// most specific first.
pub(super) fn preview_generic(env: &mut Environment, args: &[Value]) -> R {
    let name = construct_name(args, 0, "preview-generic")?;
    let Some(id) = generic_named(&env.rt, name) else {
        report(&mut env.rt, &genrc::genrcfun3_preview(name.as_str()));
        return Ok(Value::Void);
    };
    let found = match dispatch::applicable(env, id, &args[1..]) {
        Ok(found) => found,
        Err(Unwind::Error(e)) => {
            report(&mut env.rt, &e.message);
            Vec::new()
        }
        Err(_) => Vec::new(),
    };
    let generic = env.rt.program.generics.get(id);
    let text = if found.is_empty() {
        format!("No applicable methods for {}.\n", generic.name)
    } else {
        // A query may have removed methods since it was run.
        let lines: Vec<String> = (found.iter())
            .filter(|&&at| at < generic.methods.len())
            .map(|&at| dispatch::method_line(generic, at) + "\n")
            .collect();
        lines.concat()
    };
    out(&mut env.rt, "t", &text);
    Ok(Value::Void)
}

/// The value of a method call, or its error as a command's.
fn method_result(result: crate::eval::Eval) -> R {
    match result {
        Ok(v) | Err(Unwind::Return(v)) => Ok(v),
        Err(Unwind::Break) => Ok(Value::false_sym()),
        Err(Unwind::Error(e)) => Err(e),
    }
}

/// `(call-next-method)`.
pub(super) fn call_next_method(env: &mut Environment, _: &[Value]) -> R {
    method_result(dispatch::call_next(env, None, Span::default()))
}

/// `(override-next-method arg...)`.
pub(super) fn override_next_method(env: &mut Environment, args: &[Value]) -> R {
    let args: Args = args.iter().cloned().collect();
    method_result(dispatch::call_next(env, Some(args), Span::default()))
}

/// `(next-methodp)`.
pub(super) fn next_methodp(env: &mut Environment, _: &[Value]) -> R {
    match dispatch::has_next(env) {
        Ok(found) => Ok(Value::boolean(found)),
        Err(Unwind::Error(e)) => Err(e),
        Err(_) => Ok(Value::false_sym()),
    }
}

/// `(call-specific-method name index arg...)`.
pub(super) fn call_specific_method(env: &mut Environment, args: &[Value]) -> R {
    let name = construct_name(args, 0, "call-specific-method")?;
    let index = method_index(args, 1, "call-specific-method")?;
    let Some(id) = generic_or_report(&mut env.rt, name, "call-specific-method") else {
        return Ok(Value::false_sym());
    };
    let Some(at) = method_or_report(&mut env.rt, id, index, "call-specific-method") else {
        return Ok(Value::false_sym());
    };
    let index = env.rt.program.generics.get(id).methods[at].index;
    let rest: Args = args[2..].iter().cloned().collect();
    method_result(dispatch::call_specific(
        env,
        id,
        index,
        rest,
        Span::default(),
    ))
}
