//! Listing commands: `facts`, `rules`, `agenda` and `list-def*`, in CLIPS's format,
//! and the `get-def*-list` functions that return the same names.
//!
//! A listing prints one item per line followed by a `For a total of N items.` tally;
//! a listing with nothing to list prints nothing at all. Listings of module-level
//! constructs take an optional module name (the current module by default) or `*`
//! for every module, which groups the items under `MODULE:` headers.

use super::{construct_name, out, report, R};
use crate::compile::program::unqualified;
use crate::compile::ModuleId;
use crate::env::{show, Environment, Runtime};
use crate::eval::EvalError;
use crate::messages;
use crate::value::{Atom, Value};

/// The tally line ending a listing: `For a total of 2 facts.`
pub(super) fn tally(n: usize, word: &str) -> String {
    let plural = if n == 1 || word.ends_with('s') {
        ""
    } else {
        "s"
    };
    format!("For a total of {n} {word}{plural}.\n")
}

/// Which modules a listing covers.
enum Scope {
    /// One module: items printed without a header.
    One(ModuleId),
    /// Every module, each under a header.
    All,
}

/// The module scope given by argument `i` (`*`, a module name, or the current
/// module); `None` after CLIPS's message for a module that does not exist (the
/// function then returns as if it had listed nothing).
fn scope(
    rt: &mut Runtime,
    args: &[Value],
    i: usize,
    what: &str,
) -> Result<Option<Scope>, EvalError> {
    if args.len() <= i {
        return Ok(Some(Scope::One(rt.program.current_module)));
    }
    let name = construct_name(args, i, what)?;
    if name.as_str() == "*" {
        return Ok(Some(Scope::All));
    }
    let found = rt.program.module_id(name).map(Scope::One);
    if found.is_none() {
        report(rt, &messages::args::argacces2(what, i, "'defmodule name'"));
    }
    Ok(found)
}

/// Prints the lines each module gives (`lines_of(module)`) for `scope`, with the tally.
fn print_listing(
    rt: &mut Runtime,
    scope: Scope,
    word: &str,
    lines_of: impl Fn(&Runtime, ModuleId) -> Vec<String>,
) -> R {
    let (mut text, count) = listing(rt, scope, lines_of);
    if count > 0 {
        text.push_str(&tally(count, word));
    }
    out(rt, "t", &text);
    Ok(Value::Void)
}

/// The lines each module gives for `scope` (under `MODULE:` headers for every
/// module), and how many there are.
fn listing(
    rt: &Runtime,
    scope: Scope,
    lines_of: impl Fn(&Runtime, ModuleId) -> Vec<String>,
) -> (String, usize) {
    let mut text = String::new();
    let mut count = 0;
    match scope {
        Scope::One(module) => {
            for line in lines_of(rt, module) {
                text.push_str(&line);
                text.push('\n');
                count += 1;
            }
        }
        Scope::All => {
            for index in 0..rt.program.modules.len() {
                let module = ModuleId(index as _);
                text.push_str(&format!("{}:\n", rt.program.module_name(module)));
                for line in lines_of(rt, module) {
                    text.push_str(&format!("   {line}\n"));
                    count += 1;
                }
            }
        }
    }
    (text, count)
}

/// `(show-defglobals [module])`: each defglobal of the module (or of every module,
/// `*`) with its value, `?*name* = value`, and no tally.
pub(super) fn show_defglobals(rt: &mut Runtime, args: &[Value]) -> R {
    let Some(scope) = scope(rt, args, 0, "show-defglobals")? else {
        return Ok(Value::Void);
    };
    let (text, _) = listing(rt, scope, |rt, module| {
        let globals = rt.program.defined_globals().filter(|g| g.module == module);
        globals
            .map(|g| format!("?*{}* = {}", g.name, g.value.repr()))
            .collect()
    });
    out(rt, "t", &text);
    Ok(Value::Void)
}

/// `(facts [module] [start [end [max]]])`: the facts with indices from `start` to
/// `end`, at most `max`, that `module` sees (every fact for `*`), in one list.
pub(super) fn facts(rt: &mut Runtime, args: &[Value]) -> R {
    // An optional module first: only facts whose templates it can see are listed.
    let mut module = Some(rt.program.current_module);
    let numbers_from = match args.first() {
        Some(Value::Symbol(name)) if name.as_str() == "*" => {
            module = None;
            1
        }
        Some(Value::Symbol(name)) => {
            module = rt.program.module_id(*name);
            if module.is_none() {
                let message = messages::prntutil::prntutil1("defmodule", name.as_str(), true);
                return Err(EvalError::new(message));
            }
            1
        }
        Some(Value::Integer(i)) if *i < 0 => {
            let expected = "symbol or 'positive number'";
            return Err(EvalError::new(messages::args::argacces2(
                "facts", 0, expected,
            )));
        }
        Some(Value::Integer(_)) | None => 0,
        Some(_) => {
            let expected = "integer or symbol";
            return Err(EvalError::new(messages::args::argacces2(
                "facts", 0, expected,
            )));
        }
    };
    let mut numbers = [0, i64::MAX, i64::MAX];
    for (i, number) in numbers.iter_mut().enumerate() {
        let index = numbers_from + i;
        match args.get(index) {
            None => break,
            Some(Value::Integer(n)) if *n >= 0 => *number = *n,
            Some(Value::Integer(_)) => {
                let message = messages::args::argacces2("facts", index, "positive number");
                return Err(EvalError::new(message));
            }
            Some(_) => {
                let message = messages::args::argacces2("facts", index, "integer");
                return Err(EvalError::new(message));
            }
        }
    }
    let [start, end, max] = numbers;
    let listed: Vec<String> = (rt.wm.iter())
        .filter(|f| module.is_none_or(|m| rt.program.is_visible(f.template, m)))
        .filter(|f| (start..=end).contains(&(f.id.0 as i64)))
        .take(usize::try_from(max).unwrap_or(usize::MAX))
        .map(|f| show::fact_line(&rt.program, f))
        .collect();
    let mut text: String = listed.iter().map(|line| format!("{line}\n")).collect();
    if !listed.is_empty() {
        text.push_str(&tally(listed.len(), "fact"));
    }
    out(rt, "t", &text);
    Ok(Value::Void)
}

/// `(rules [module])`: the rule names, in definition order.
pub(super) fn rules(rt: &mut Runtime, args: &[Value]) -> R {
    rule_listing(rt, args, "rules")
}

/// `(list-defrules [module])`: the same as `rules`.
pub(super) fn list_defrules(rt: &mut Runtime, args: &[Value]) -> R {
    rule_listing(rt, args, "list-defrules")
}

/// The rule names of the module argument of `function`, in definition order.
fn rule_listing(rt: &mut Runtime, args: &[Value], function: &str) -> R {
    let Some(scope) = scope(rt, args, 0, function)? else {
        return Ok(Value::Void);
    };
    print_listing(rt, scope, "defrule", rule_names)
}

/// `(show-breaks [module])`: the rules of the module (the current one, or every
/// module for `*`) that have a breakpoint, with no tally.
pub(super) fn show_breaks(env: &mut Environment, args: &[Value]) -> R {
    let Some(scope) = scope(&mut env.rt, args, 0, "show-breaks")? else {
        return Ok(Value::Void);
    };
    let (text, _) = listing(&env.rt, scope, |rt, module| {
        (rt.rules_of(module).into_iter())
            .filter(|&i| rt.rules[i].breakpoint)
            .map(|i| rt.rules[i].name.to_string())
            .collect()
    });
    out(&mut env.rt, "t", &text);
    Ok(Value::Void)
}

/// The rules of `module`, in definition order.
fn rule_names(rt: &Runtime, module: ModuleId) -> Vec<String> {
    (rt.rules_of(module).into_iter())
        .map(|i| rt.rules[i].name.to_string())
        .collect()
}

/// `(agenda [module])`: the activations in the order they would fire.
pub(super) fn agenda(env: &mut Environment, args: &[Value]) -> R {
    let Some(scope) = scope(&mut env.rt, args, 0, "agenda")? else {
        return Ok(Value::Void);
    };
    let net = &env.net;
    print_listing(&mut env.rt, scope, "activation", |rt, module| {
        rt.agenda
            .list(module)
            .iter()
            .map(|a| {
                show::activation_line(
                    a,
                    &net.token_facts(a.token),
                    &rt.rules[rt.productions[a.production.0 as usize].rule].name,
                )
            })
            .collect()
    })
}

/// Names grouped by module: the listing of constructs that record their module.
fn names_in(module: ModuleId, items: impl Iterator<Item = (ModuleId, Atom)>) -> Vec<String> {
    items
        .filter(|(m, _)| *m == module)
        .map(|(_, n)| n.to_string())
        .collect()
}

/// The deftemplates of `module`, implied ones (of ordered facts) too, as CLIPS
/// lists them.
fn template_names(rt: &Runtime, module: ModuleId) -> Vec<String> {
    let defined = rt.program.defined_templates();
    names_in(module, defined.map(|(_, t)| (t.module, t.name)))
}

/// The deffacts of `module` (a deffacts keeps the name it was given, `B::f` or `f`).
fn deffacts_names(rt: &Runtime, module: ModuleId) -> Vec<String> {
    let named = rt.deffacts.iter().map(|d| (d.module, unqualified(d.name)));
    names_in(module, named)
}

/// The deffunctions of `module` still defined.
fn function_names(rt: &Runtime, module: ModuleId) -> Vec<String> {
    let defined = rt.program.defined_functions();
    names_in(module, defined.map(|f| (f.module, f.name)))
}

/// The generic functions of `module`.
fn generic_names(rt: &Runtime, module: ModuleId) -> Vec<String> {
    let defined = rt.program.generics.defined();
    names_in(module, defined.map(|(_, g)| (g.module, g.name)))
}

/// The defglobals of `module`.
fn global_names(rt: &Runtime, module: ModuleId) -> Vec<String> {
    names_in(
        module,
        rt.program.defined_globals().map(|g| (g.module, g.name)),
    )
}

/// The defmodules, in definition order (the same in every module).
fn module_names(rt: &Runtime, _: ModuleId) -> Vec<String> {
    rt.program
        .modules
        .iter()
        .map(|m| m.name.to_string())
        .collect()
}

/// `(list-defmodules)`.
pub(super) fn list_defmodules(rt: &mut Runtime, _: &[Value]) -> R {
    print_listing(rt, Scope::One(ModuleId(0)), "defmodule", module_names)
}

/// The names `names_of` gives for `scope`, as the multifield of symbols the
/// `get-def*-list` functions return: one module's names as they are, every
/// module's (`*`) qualified with its module, `MODULE::name`.
fn name_list(
    rt: &Runtime,
    scope: Scope,
    names_of: impl Fn(&Runtime, ModuleId) -> Vec<String>,
) -> Value {
    let names: Vec<String> = match scope {
        Scope::One(module) => names_of(rt, module),
        Scope::All => (0..rt.program.modules.len())
            .flat_map(|index| {
                let module = ModuleId(index as _);
                let prefix = rt.program.module_name(module);
                (names_of(rt, module).into_iter()).map(move |n| format!("{prefix}::{n}"))
            })
            .collect(),
    };
    Value::multifield(names.iter().map(|n| Value::symbol(n)).collect())
}

/// Defines a `get-def*-list` function over the names `$names` gives, and with
/// `$list` the `list-def*` command that prints them.
macro_rules! construct_names {
    ($get:ident, $get_name:literal, $names:ident) => {
        #[doc = concat!("`(", $get_name, " [module])`.")]
        pub(super) fn $get(rt: &mut Runtime, args: &[Value]) -> R {
            Ok(match scope(rt, args, 0, $get_name)? {
                Some(scope) => name_list(rt, scope, $names),
                None => Value::multifield(Vec::new()),
            })
        }
    };
    ($get:ident, $get_name:literal, $list:ident, $list_name:literal, $word:literal, $names:ident) => {
        construct_names!($get, $get_name, $names);

        #[doc = concat!("`(", $list_name, " [module])`.")]
        pub(super) fn $list(rt: &mut Runtime, args: &[Value]) -> R {
            match scope(rt, args, 0, $list_name)? {
                Some(scope) => print_listing(rt, scope, $word, $names),
                None => Ok(Value::Void),
            }
        }
    };
}

construct_names!(get_defrule_list, "get-defrule-list", rule_names);
construct_names!(
    get_deftemplate_list,
    "get-deftemplate-list",
    list_deftemplates,
    "list-deftemplates",
    "deftemplate",
    template_names
);
construct_names!(
    get_deffacts_list,
    "get-deffacts-list",
    list_deffacts,
    "list-deffacts",
    "deffacts",
    deffacts_names
);
construct_names!(
    get_deffunction_list,
    "get-deffunction-list",
    list_deffunctions,
    "list-deffunctions",
    "deffunction",
    function_names
);
construct_names!(
    get_defgeneric_list,
    "get-defgeneric-list",
    list_defgenerics,
    "list-defgenerics",
    "defgeneric",
    generic_names
);
construct_names!(
    get_defglobal_list,
    "get-defglobal-list",
    list_defglobals,
    "list-defglobals",
    "defglobal",
    global_names
);

/// `(get-defmodule-list)`.
pub(super) fn get_defmodule_list(rt: &mut Runtime, _: &[Value]) -> R {
    Ok(name_list(rt, Scope::One(ModuleId(0)), module_names))
}

#[cfg(test)]
mod tests {
    use super::tally;

    #[test]
    fn tally_pluralises_as_clips_does() {
        assert_eq!(tally(1, "fact"), "For a total of 1 fact.\n");
        assert_eq!(tally(2, "fact"), "For a total of 2 facts.\n");
        assert_eq!(tally(2, "deffacts"), "For a total of 2 deffacts.\n");
        assert_eq!(tally(0, "activation"), "For a total of 0 activations.\n");
    }
}
