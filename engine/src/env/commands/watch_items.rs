//! The watch items as commands read them: `get-watch-item` and `list-watch-items`,
//! and the constructs `watch` and `unwatch` name one by one.

use super::{out, Runtime, R};
use crate::compile::program::unqualified;
use crate::compile::template::ModuleId;
use crate::env::{Watch, WatchedKind};
use crate::eval::EvalError;
use crate::functions::args::type_error;
use crate::value::{Atom, Value};

/// CLIPS's watch items in its order, with the kind of construct each can be
/// watched for one by one (as `list-watch-items` lists them).
const ITEMS: [(&str, Option<&str>); 14] = [
    ("facts", Some("deftemplate")),
    ("instances", None),
    ("slots", None),
    ("rules", Some("defrule")),
    ("activations", Some("defrule")),
    ("messages", None),
    ("message-handlers", None),
    ("generic-functions", None),
    ("methods", None),
    ("deffunctions", Some("deffunction")),
    ("compilations", None),
    ("statistics", None),
    ("globals", Some("defglobal")),
    ("focus", None),
];

/// Whether `item` is watched. Salience watches every construct of a kind alike, and
/// does not watch COOL's items (they read as off).
fn watched(watch: &Watch, item: &str) -> bool {
    match item {
        "facts" => watch.facts,
        "rules" => watch.rules,
        "activations" => watch.activations,
        "deffunctions" => watch.deffunctions,
        "generic-functions" => watch.generic_functions,
        "methods" => watch.methods,
        "statistics" => watch.statistics,
        "globals" => watch.globals,
        "focus" => watch.focus,
        "compilations" => watch.compilations,
        _ => false,
    }
}

/// The watch item argument #`index` of `what`: a symbol naming one (`None`, with
/// CLIPS's message, for a symbol that does not).
fn item_arg(
    rt: &mut Runtime,
    args: &[Value],
    index: usize,
    what: &str,
) -> Result<Option<(&'static str, Option<&'static str>)>, EvalError> {
    let Some(Value::Symbol(name)) = args.get(index) else {
        return Err(EvalError::new(type_error(what, index, "symbol").message));
    };
    let found = ITEMS
        .iter()
        .find(|(item, _)| *item == name.as_str())
        .copied();
    if found.is_none() && name.as_str() != "all" {
        let message = type_error(what, index, "'watchable symbol'").message;
        rt.routers.write("werror", &format!("{message}\n"));
    }
    Ok(found)
}

/// `(get-watch-item <item>)`: whether it is watched.
pub(super) fn get_watch_item(rt: &mut Runtime, args: &[Value]) -> R {
    let found = item_arg(rt, args, 0, "get-watch-item")?;
    Ok(Value::boolean(
        found.is_some_and(|(item, _)| watched(&rt.watch, item)),
    ))
}

/// `(list-watch-items [<item> <construct-name>*])`: every item with its state, or
/// one item and, module by module, the constructs it can watch (those named, if
/// any are).
pub(super) fn list_watch_items(rt: &mut Runtime, args: &[Value]) -> R {
    let on_off = |on: bool| if on { "on" } else { "off" };
    if args.is_empty() {
        let text: String = (ITEMS.iter())
            .map(|(item, _)| format!("{item} = {}\n", on_off(watched(&rt.watch, item))))
            .collect();
        out(rt, "t", &text);
        return Ok(Value::Void);
    }
    let Some((item, kind)) = item_arg(rt, args, 0, "list-watch-items")? else {
        return Ok(Value::Void);
    };
    let state = on_off(watched(&rt.watch, item));
    out(rt, "t", &format!("{item} = {state}\n"));
    let Some(kind) = kind else {
        return Ok(Value::Void);
    };
    let Some(watched) = WatchedKind::of_item(item) else {
        return Ok(Value::Void);
    };
    // CLIPS lists a rule's activations flag under `rules` too (both items print
    // with `DefruleGetWatchActivations`).
    let shown = match watched {
        WatchedKind::Rules => WatchedKind::Activations,
        other => other,
    };
    let line = |rt: &Runtime, name: Atom, id: usize| {
        format!("{name} = {}\n", on_off(rt.watches(shown, id)))
    };
    let mut text = String::new();
    if args.len() > 1 {
        // Named constructs: each on its own line, as far as the first unknown one.
        for (i, arg) in args.iter().enumerate().skip(1) {
            let Some(id) = find(rt, watched, arg) else {
                out(rt, "t", &text);
                let message = type_error("list-watch-items", i, kind).message;
                rt.routers.write("werror", &format!("{message}\n"));
                return Ok(Value::Void);
            };
            if let Value::Symbol(name) = arg {
                text.push_str(&line(rt, *name, id));
            }
        }
        out(rt, "t", &text);
        return Ok(Value::Void);
    }
    let constructs = constructs_of(rt, watched);
    for (m, module) in rt.program.modules.iter().enumerate() {
        text.push_str(&format!("{}:\n", module.name));
        for &(_, name, id) in constructs.iter().filter(|(c, ..)| c.0 as usize == m) {
            text.push_str(&format!("   {}", line(rt, name, id)));
        }
    }
    out(rt, "t", &text);
    Ok(Value::Void)
}

/// `(watch <item> <construct-name>+)` and `unwatch`'s: sets the constructs named
/// (`names`, arguments #2 on of `function`) one by one, leaving the item as it is.
/// CLIPS sets them in order and stops at the first name it cannot find.
pub(super) fn set_named(
    rt: &mut Runtime,
    item: &str,
    names: &[Value],
    on: bool,
    function: &str,
) -> R {
    let found = ITEMS.iter().find(|(i, _)| *i == item);
    let (Some(watched), Some((_, Some(kind)))) = (WatchedKind::of_item(item), found) else {
        let message =
            format!("{function}: Salience watches every construct of {item} alike: name none");
        return Err(EvalError::new(message));
    };
    let item_on = rt.watch.of_kind(watched);
    for (i, name) in names.iter().enumerate() {
        let Some(id) = find(rt, watched, name) else {
            return Err(EvalError::new(type_error(function, i + 1, kind).message));
        };
        rt.watched.set_one(item_on, watched, id, on);
    }
    Ok(Value::Void)
}

/// The construct of `kind` that `name` names as the current module sees it, or,
/// as CLIPS's `LookupConstruct` looks further, a rule of another module.
fn find(rt: &Runtime, kind: WatchedKind, name: &Value) -> Option<usize> {
    let Value::Symbol(name) = name else {
        return None;
    };
    let program = &rt.program;
    match kind {
        WatchedKind::Facts => program.template_id(*name).map(|t| t.0 as usize),
        WatchedKind::Rules | WatchedKind::Activations => rt
            .rule_named(*name)
            .or_else(|| (rt.defined_rules()).find(|&i| unqualified(rt.rules[i].name) == *name)),
        WatchedKind::Globals => program.global_id(*name).map(|g| g as usize),
        WatchedKind::Deffunctions => program.function_id(*name).map(|f| f as usize),
    }
}

/// The constructs of `kind`, each with its module, name and id, in the order they
/// were defined.
fn constructs_of(rt: &Runtime, kind: WatchedKind) -> Vec<(ModuleId, Atom, usize)> {
    let program = &rt.program;
    let named = |module: ModuleId, name: Atom, id: usize| (module, unqualified(name), id);
    match kind {
        WatchedKind::Facts => (program.defined_templates())
            .map(|(id, t)| named(t.module, t.name, id.0 as usize))
            .collect(),
        WatchedKind::Rules | WatchedKind::Activations => (rt.defined_rules())
            .map(|i| named(rt.rules[i].module, rt.rules[i].name, i))
            .collect(),
        WatchedKind::Deffunctions => (0..program.functions.len() as u32)
            .filter(|&id| program.function_defined(id))
            .map(|id| {
                let f = &program.functions[id as usize];
                named(f.module, f.name, id as usize)
            })
            .collect(),
        WatchedKind::Globals => (0..program.globals.len() as u32)
            .filter(|&id| program.global_defined(id))
            .map(|id| {
                let g = &program.globals[id as usize];
                named(g.module, g.name, id as usize)
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{captured, eval};
    use crate::value::Value;

    /// As CLIPS 6.41's console prints them.
    #[test]
    fn items_and_their_constructs() {
        let (mut env, out, err) = captured();
        eval(&mut env, "(watch facts)").unwrap();
        assert_eq!(
            eval(&mut env, "(get-watch-item facts)"),
            Ok(Value::true_sym())
        );
        assert_eq!(
            eval(&mut env, "(get-watch-item rules)"),
            Ok(Value::false_sym())
        );
        assert_eq!(
            eval(&mut env, "(get-watch-item bogus)"),
            Ok(Value::false_sym())
        );
        assert_eq!(
            err.take(),
            "[ARGACCES2] Function 'get-watch-item' expected argument #1 to be of type 'watchable symbol'.\n"
        );
        eval(&mut env, "(list-watch-items)").unwrap();
        let listing = out.take();
        assert!(listing.starts_with("facts = on\ninstances = off\n"));
        assert!(listing.ends_with("globals = off\nfocus = off\n"));
        eval(&mut env, "(build \"(defrule r1 =>)\")").unwrap();
        eval(&mut env, "(list-watch-items rules)").unwrap();
        eval(&mut env, "(list-watch-items rules foo)").unwrap();
        assert_eq!(out.take(), "rules = off\nMAIN:\n   r1 = off\nrules = off\n");
        assert_eq!(
            err.take(),
            "[ARGACCES2] Function 'list-watch-items' expected argument #2 to be of type defrule.\n"
        );
    }
}
