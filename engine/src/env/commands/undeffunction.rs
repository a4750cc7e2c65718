//! `(undeffunction name)` and `(undeffunction *)`, as CLIPS deletes deffunctions:
//! not one that is running (`[PRNTUTIL4]`), nor one that the actions of another
//! deffunction call (CLIPS's `busy` count); `*` first deletes the actions of every
//! deffunction not running, and keeps, without actions and with a warning
//! (`[DFFNXFUN1]`), those the running ones still call.

use super::{construct_name, held_by_image, not_found, report, R};
use crate::env::Runtime;
use crate::messages;
use crate::value::{atom, Value};

/// `(undeffunction name)`, or `*` for every deffunction of the current module.
pub(super) fn undeffunction(rt: &mut Runtime, args: &[Value]) -> R {
    let name = construct_name(args, 0, "undeffunction")?.to_string();
    if held_by_image(rt, "deffunction", &name) {
        return Ok(Value::Void);
    }
    if name == "*" {
        delete_all(rt);
        return Ok(Value::Void);
    }
    let program = &rt.program;
    let found = program.function_from(program.module_of(atom(&name)), atom(&name));
    match found {
        None => not_found(rt, "deffunction", &name),
        Some(id) if rt.functions_running.contains(&id) || called(rt, id) => {
            report(rt, &messages::prntutil::prntutil4("deffunction", &name));
        }
        Some(_) => {
            rt.program.remove_function(atom(&name));
        }
    }
    Ok(Value::Void)
}

/// Whether the actions of another deffunction call deffunction `id`.
fn called(rt: &Runtime, id: u32) -> bool {
    rt.program
        .defined_functions()
        .any(|f| f.calls.contains(&id))
}

/// `(undeffunction *)`, in CLIPS's two passes (`RemoveAllDeffunctions`).
fn delete_all(rt: &mut Runtime) {
    let current = rt.program.current_module;
    let ids: Vec<u32> = (0..rt.program.functions.len() as u32)
        .filter(|&id| rt.program.function_defined(id))
        .filter(|&id| rt.program.functions[id as usize].module == current)
        .collect();
    let (running, idle): (Vec<u32>, Vec<u32>) = ids
        .into_iter()
        .partition(|id| rt.functions_running.contains(id));
    for &id in &running {
        let name = rt.program.functions[id as usize].name;
        report(
            rt,
            &messages::prntutil::prntutil4("deffunction", name.as_str()),
        );
    }
    for &id in &idle {
        let function = &mut rt.program.functions[id as usize];
        function.body = Some(Vec::new().into());
        function.calls = Box::default();
    }
    for id in idle {
        let name = rt.program.functions[id as usize].name;
        if called(rt, id) {
            report(rt, &messages::dffnxfun::dffnxfun1(name.as_str()));
            rt.program.functions[id as usize].source = None;
        } else {
            rt.program.remove_function(name);
        }
    }
}
