//! What the environment knows of its functions: `get-function-list`,
//! `get-function-restrictions` and `apropos`.

use super::{Runtime, DEFS, R};
use crate::compile::program::unqualified;
use crate::compile::special_forms;
use crate::eval::EvalError;
use crate::functions::args::type_error;
use crate::messages::prntutil::prntutil1;
use crate::value::{Atom, Value};

/// A function's name, arity and restriction string, wherever it is defined.
struct Signature {
    name: &'static str,
    min: usize,
    max: Option<usize>,
    restrictions: &'static str,
}

/// Every function CLIPS would list: the special forms, the built-ins and the
/// commands (deffunctions are constructs, not functions, to these commands).
fn signatures() -> impl Iterator<Item = Signature> {
    let forms = special_forms::all().map(|f| Signature {
        name: f.name,
        min: f.min,
        max: f.max,
        restrictions: f.restrictions,
    });
    let builtins = crate::functions::names()
        .filter_map(crate::functions::lookup)
        .map(|b| Signature {
            name: b.name,
            min: b.min_args,
            max: b.max_args,
            restrictions: b.restrictions,
        });
    let commands = DEFS.iter().map(|d| Signature {
        name: d.name,
        min: d.min,
        max: d.max,
        restrictions: d.restrictions,
    });
    forms.chain(builtins).chain(commands)
}

/// The symbol argument of `what`.
fn symbol(args: &[Value], what: &str) -> Result<Atom, EvalError> {
    match args.first() {
        Some(Value::Symbol(s)) => Ok(*s),
        _ => Err(EvalError::new(type_error(what, 0, "symbol").message)),
    }
}

/// `(get-function-list)`: the names of every function.
pub(super) fn get_function_list(_: &mut Runtime, _: &[Value]) -> R {
    Ok(Value::multifield(
        signatures().map(|s| Value::symbol(s.name)).collect(),
    ))
}

/// `(get-function-restrictions <name>)`: `"min;max;restrictions"` as CLIPS
/// registers the function (`*` for no maximum or no restrictions); `""`, with
/// CLIPS's message, for a name that is no function.
pub(super) fn get_function_restrictions(rt: &mut Runtime, args: &[Value]) -> R {
    let name = symbol(args, "get-function-restrictions")?;
    match signatures().find(|s| s.name == name.as_str()) {
        Some(s) => {
            let max = s.max.map_or_else(|| "*".to_string(), |m| m.to_string());
            Ok(Value::string(&format!(
                "{};{max};{}",
                s.min, s.restrictions
            )))
        }
        None => {
            let message = prntutil1("function", name.as_str(), true);
            rt.routers.write("werror", &format!("{message}\n"));
            Ok(Value::string(""))
        }
    }
}

/// CLIPS's hash of a symbol into its symbol table of 63,559 buckets: `apropos`
/// lists in bucket order.
fn clips_bucket(name: &str) -> u64 {
    let tally = name.bytes().fold(0u64, |tally, byte| {
        // C's `char` is signed: bytes above 127 count as negative.
        tally
            .wrapping_mul(127)
            .wrapping_add(byte as i8 as i64 as u64)
    });
    tally % 63_559
}

/// `(apropos <symbol>)`: prints each name Salience knows (its functions, and the
/// constructs and modules defined) that contains the argument, in the order CLIPS
/// walks its symbol table (CLIPS searches every symbol it holds, so it may list
/// names Salience does not keep, and constants too).
pub(super) fn apropos(rt: &mut Runtime, args: &[Value]) -> R {
    let part = symbol(args, "apropos")?;
    let program = &rt.program;
    let constructs = (program.defined_templates().map(|(_, t)| t.name))
        .chain(program.defined_functions().map(|f| f.name))
        .chain(program.defined_globals().map(|g| g.name))
        .chain(program.modules.iter().map(|m| m.name))
        .chain(rt.defined_rules().map(|i| rt.rules[i].name))
        .chain(rt.deffacts.iter().map(|d| d.name))
        .map(|name| unqualified(name).as_str());
    let mut names: Vec<&str> = signatures().map(|s| s.name).chain(constructs).collect();
    names.retain(|name| name.contains(part.as_str()));
    names.sort_by_key(|name| clips_bucket(name));
    names.dedup();
    let text: String = names.iter().map(|name| format!("{name}\n")).collect();
    super::out(rt, "t", &text);
    Ok(Value::Void)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{captured, eval};
    use crate::value::Value;

    /// As CLIPS 6.41's console answers.
    #[test]
    fn restrictions_as_clips_registers_them() {
        let (mut env, _, err) = captured();
        for (name, expected) in [
            ("+", "2;*;ld"),
            ("str-cat", "1;*;synld"),
            ("if", "0;*;*"),
            ("printout", "1;*;*;ldsyn"),
            ("do-for-fact", "0;*;*"),
            ("get-error", "0;0;*"),
        ] {
            let call = format!("(get-function-restrictions {name})");
            assert_eq!(eval(&mut env, &call), Ok(Value::string(expected)), "{name}");
        }
        let bogus = eval(&mut env, "(get-function-restrictions bogus)");
        assert_eq!(bogus, Ok(Value::string("")));
        assert_eq!(err.take(), "[PRNTUTIL1] Unable to find function 'bogus'.\n");
    }

    #[test]
    fn apropos_lists_in_clips_order() {
        let (mut env, out, _) = captured();
        eval(&mut env, "(apropos str-)").unwrap();
        // As CLIPS 6.41 lists them, with Salience's str-implode, str-byte-length and
        // str-explode (CLIPS 6.30's) in their buckets.
        assert_eq!(
            out.take(),
            concat!(
                "str-index\nstr-assert\nstr-replace\nstr-implode\nstr-compare\nstr-length\n",
                "str-cat\nstr-byte-length\nstr-explode\n"
            )
        );
    }

    #[test]
    fn the_function_list_holds_every_kind() {
        let (mut env, _, _) = captured();
        let Ok(Value::Multifield(names)) = eval(&mut env, "(get-function-list)") else {
            panic!("not a multifield")
        };
        for name in ["if", "str-cat", "printout", "get-function-list"] {
            assert!(names.iter().any(|n| n == &Value::symbol(name)), "{name}");
        }
    }
}
