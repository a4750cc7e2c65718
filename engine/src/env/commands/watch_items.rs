//! The watch items as commands read them: `get-watch-item` and `list-watch-items`.

use super::{out, Runtime, R};
use crate::compile::program::unqualified;
use crate::compile::template::ModuleId;
use crate::env::Watch;
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
    let constructs = constructs_of(rt, item);
    let mut named = Vec::new();
    for (i, arg) in args.iter().enumerate().skip(1) {
        match arg {
            Value::Symbol(name) if constructs.iter().any(|(_, c)| c == name) => named.push(*name),
            _ => {
                let message = type_error("list-watch-items", i, kind).message;
                rt.routers.write("werror", &format!("{message}\n"));
                return Ok(Value::Void);
            }
        }
    }
    let mut text = String::new();
    for (id, module) in rt.program.modules.iter().enumerate() {
        let listed = (constructs.iter())
            .filter(|(m, name)| m.0 as usize == id && (named.is_empty() || named.contains(name)));
        if named.is_empty() || listed.clone().next().is_some() {
            text.push_str(&format!("{}:\n", module.name));
        }
        for (_, name) in listed {
            text.push_str(&format!("   {name} = {state}\n"));
        }
    }
    out(rt, "t", &text);
    Ok(Value::Void)
}

/// The constructs watch item `item` can watch one by one, with their modules, in
/// the order they were defined.
fn constructs_of(rt: &Runtime, item: &str) -> Vec<(ModuleId, Atom)> {
    let program = &rt.program;
    let named = |module: ModuleId, name: Atom| (module, unqualified(name));
    match item {
        "facts" => (program.defined_templates())
            .map(|(_, t)| named(t.module, t.name))
            .collect(),
        "rules" | "activations" => (rt.defined_rules())
            .map(|i| named(rt.rules[i].module, rt.rules[i].name))
            .collect(),
        "deffunctions" => (program.defined_functions())
            .map(|f| named(f.module, f.name))
            .collect(),
        "globals" => (program.defined_globals())
            .map(|g| named(g.module, g.name))
            .collect(),
        _ => Vec::new(),
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
