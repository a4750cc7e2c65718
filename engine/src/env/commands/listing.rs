//! Listing commands: `facts`, `rules`, `agenda` and `list-def*`, in CLIPS's format.
//!
//! A listing prints one item per line followed by a `For a total of N items.` tally;
//! a listing with nothing to list prints nothing at all. Listings of module-level
//! constructs take an optional module name (the current module by default) or `*`
//! for every module, which groups the items under `MODULE:` headers.

use super::{lexeme, out, R};
use crate::compile::ModuleId;
use crate::env::{show, Environment, Runtime};
use crate::eval::EvalError;
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

/// The module scope given by argument `i` (`*`, a module name, or the current module).
fn scope(rt: &Runtime, args: &[Value], i: usize, what: &str) -> Result<Scope, EvalError> {
    if args.len() <= i {
        return Ok(Scope::One(rt.program.current_module));
    }
    let name = lexeme(args, i, what)?;
    if name == "*" {
        return Ok(Scope::All);
    }
    rt.program
        .module_id(crate::value::atom(&name))
        .map(Scope::One)
        .ok_or_else(|| EvalError::new(format!("{what}: unable to find defmodule {name}")))
}

/// Prints the lines each module gives (`lines_of(module)`) for `scope`, with the tally.
fn print_listing(
    rt: &mut Runtime,
    scope: Scope,
    word: &str,
    lines_of: impl Fn(&Runtime, ModuleId) -> Vec<String>,
) -> R {
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
    if count > 0 {
        text.push_str(&tally(count, word));
    }
    out(rt, "t", &text)?;
    Ok(Value::Void)
}

/// `(facts [start [end [max]]])`: the facts with indices from `start` to `end`, at most `max`.
pub(super) fn facts(rt: &mut Runtime, args: &[Value]) -> R {
    // An optional module first: only facts whose templates it can see are listed.
    let (scope, numbers_from) = match args.first() {
        Some(Value::Symbol(_)) => (scope(rt, args, 0, "facts")?, 1),
        _ => (Scope::One(rt.program.current_module), 0),
    };
    let numbers: Vec<i64> = args[numbers_from..]
        .iter()
        .filter_map(|a| match a {
            Value::Integer(i) => Some(*i),
            _ => None,
        })
        .collect();
    let start = numbers.first().copied().unwrap_or(0);
    let end = numbers.get(1).copied().unwrap_or(i64::MAX);
    let max = numbers.get(2).map_or(usize::MAX, |m| (*m).max(0) as usize);
    print_listing(rt, scope, "fact", |rt, module| {
        rt.wm
            .iter()
            .filter(|f| (start..=end).contains(&(f.id.0 as i64)))
            .filter(|f| rt.program.is_visible(f.template, module))
            .take(max)
            .map(|f| show::fact_line(&rt.program, f))
            .collect()
    })
}

/// `(rules [module])` and `(list-defrules [module])`: the rule names, in definition order.
pub(super) fn rules(rt: &mut Runtime, args: &[Value]) -> R {
    let scope = scope(rt, args, 0, "rules")?;
    print_listing(rt, scope, "defrule", |rt, module| {
        let mut live: Vec<usize> = rt
            .rule_ids
            .values()
            .copied()
            .filter(|i| rt.rules[*i].module == module)
            .collect();
        live.sort_unstable();
        live.iter().map(|i| rt.rules[*i].name.to_string()).collect()
    })
}

/// `(agenda [module])`: the activations in the order they would fire.
pub(super) fn agenda(env: &mut Environment, args: &[Value]) -> R {
    let scope = scope(&env.rt, args, 0, "agenda")?;
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

/// `(list-deftemplates [module])`.
pub(super) fn list_deftemplates(rt: &mut Runtime, args: &[Value]) -> R {
    let scope = scope(rt, args, 0, "list-deftemplates")?;
    print_listing(rt, scope, "deftemplate", |rt, module| {
        names_in(
            module,
            // Implied templates (of ordered facts) too, as CLIPS lists them.
            rt.program.templates.iter().map(|t| (t.module, t.name)),
        )
    })
}

/// `(list-deffacts [module])` (deffacts are listed under MAIN).
pub(super) fn list_deffacts(rt: &mut Runtime, args: &[Value]) -> R {
    let scope = scope(rt, args, 0, "list-deffacts")?;
    print_listing(rt, scope, "deffacts", |rt, module| {
        names_in(module, rt.deffacts.iter().map(|d| (ModuleId(0), d.name)))
    })
}

/// `(list-deffunctions [module])` (deffunctions are listed under MAIN).
pub(super) fn list_deffunctions(rt: &mut Runtime, args: &[Value]) -> R {
    let scope = scope(rt, args, 0, "list-deffunctions")?;
    print_listing(rt, scope, "deffunction", |rt, module| {
        let defined =
            (0..rt.program.functions.len() as u32).filter(|id| rt.program.function_defined(*id));
        names_in(
            module,
            defined.map(|id| (ModuleId(0), rt.program.functions[id as usize].name)),
        )
    })
}

/// `(list-defglobals [module])` (defglobals are listed under MAIN).
pub(super) fn list_defglobals(rt: &mut Runtime, args: &[Value]) -> R {
    let scope = scope(rt, args, 0, "list-defglobals")?;
    print_listing(rt, scope, "defglobal", |rt, module| {
        names_in(
            module,
            rt.program.globals.iter().map(|g| (ModuleId(0), g.name)),
        )
    })
}

/// `(list-defmodules)`.
pub(super) fn list_defmodules(rt: &mut Runtime, _: &[Value]) -> R {
    let names: Vec<String> = rt
        .program
        .modules
        .iter()
        .map(|m| m.name.to_string())
        .collect();
    print_listing(rt, Scope::One(ModuleId(0)), "defmodule", |_, _| {
        names.clone()
    })
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
