//! The table of built-ins, with [`lookup`] by CLIPS name and [`names`].

use super::{
    compare, errors, format, instance_names, math, misc, multifield, predicates, random, strings,
    symbols, Builtin, BuiltinFn,
};
use std::collections::HashMap;
use std::sync::LazyLock;

const fn entry(
    name: &'static str,
    returns: &'static str,
    min: usize,
    max: Option<usize>,
    restrictions: &'static str,
    run: BuiltinFn,
) -> Builtin {
    Builtin {
        name,
        returns,
        min_args: min,
        max_args: max,
        restrictions,
        run,
    }
}

/// No upper limit on the argument count.
const ANY: Option<usize> = None;

const fn exactly(n: usize) -> Option<usize> {
    Some(n)
}

/// Every built-in, with the types of value it returns, the arities and argument
/// restrictions CLIPS 6.4 registers (and reports through
/// `get-function-restrictions`); 6.30's arities for the 6.30-only names, which
/// have no restrictions and may return anything: `*`.
static BUILTINS: &[Builtin] = &[
    // Arithmetic.
    entry("+", "ld", 2, ANY, "ld", math::add),
    entry("-", "ld", 2, ANY, "ld", math::subtract),
    entry("*", "ld", 2, ANY, "ld", math::multiply),
    entry("/", "d", 2, ANY, "ld", math::divide),
    entry("div", "l", 2, ANY, "ld", math::div),
    entry("mod", "ld", 2, exactly(2), "ld", math::modulo),
    entry("abs", "ld", 1, exactly(1), "ld", math::abs),
    entry("min", "ld", 1, ANY, "ld", math::min),
    entry("max", "ld", 1, ANY, "ld", math::max),
    entry("integer", "l", 1, exactly(1), "ld", math::integer),
    entry("float", "d", 1, exactly(1), "ld", math::float),
    entry("round", "l", 1, exactly(1), "ld", math::round),
    entry("sqrt", "d", 1, exactly(1), "ld", math::sqrt),
    entry("**", "d", 2, exactly(2), "ld", math::power),
    entry("exp", "d", 1, exactly(1), "ld", math::exp),
    entry("log", "d", 1, exactly(1), "ld", math::log),
    entry("log10", "d", 1, exactly(1), "ld", math::log10),
    entry("pi", "d", 0, exactly(0), "*", math::pi),
    entry("sin", "d", 1, exactly(1), "ld", math::sin),
    entry("cos", "d", 1, exactly(1), "ld", math::cos),
    entry("tan", "d", 1, exactly(1), "ld", math::tan),
    entry("sec", "d", 1, exactly(1), "ld", math::sec),
    entry("csc", "d", 1, exactly(1), "ld", math::csc),
    entry("cot", "d", 1, exactly(1), "ld", math::cot),
    entry("asin", "d", 1, exactly(1), "ld", math::asin),
    entry("acos", "d", 1, exactly(1), "ld", math::acos),
    entry("atan", "d", 1, exactly(1), "ld", math::atan),
    entry("atan2", "d", 2, exactly(2), "ld", math::atan2),
    entry("acot", "d", 1, exactly(1), "ld", math::acot),
    entry("asec", "d", 1, exactly(1), "ld", math::asec),
    entry("acsc", "d", 1, exactly(1), "ld", math::acsc),
    entry("sinh", "d", 1, exactly(1), "ld", math::sinh),
    entry("cosh", "d", 1, exactly(1), "ld", math::cosh),
    entry("tanh", "d", 1, exactly(1), "ld", math::tanh),
    entry("sech", "d", 1, exactly(1), "ld", math::sech),
    entry("csch", "d", 1, exactly(1), "ld", math::csch),
    entry("coth", "d", 1, exactly(1), "ld", math::coth),
    entry("asinh", "d", 1, exactly(1), "ld", math::asinh),
    entry("acosh", "d", 1, exactly(1), "ld", math::acosh),
    entry("atanh", "d", 1, exactly(1), "ld", math::atanh),
    entry("asech", "d", 1, exactly(1), "ld", math::asech),
    entry("acsch", "d", 1, exactly(1), "ld", math::acsch),
    entry("acoth", "d", 1, exactly(1), "ld", math::acoth),
    entry("deg-rad", "d", 1, exactly(1), "ld", math::deg_rad),
    entry("rad-deg", "d", 1, exactly(1), "ld", math::rad_deg),
    entry("deg-grad", "d", 1, exactly(1), "ld", math::deg_grad),
    entry("grad-deg", "d", 1, exactly(1), "ld", math::grad_deg),
    // Comparison and logic.
    entry("=", "b", 2, ANY, "ld", compare::num_eq),
    entry("<>", "b", 2, ANY, "ld", compare::num_ne),
    entry("!=", "b", 2, ANY, "ld", compare::num_ne_alt),
    entry(">", "b", 2, ANY, "ld", compare::gt),
    entry(">=", "b", 2, ANY, "ld", compare::ge),
    entry("<", "b", 2, ANY, "ld", compare::lt),
    entry("<=", "b", 2, ANY, "ld", compare::le),
    entry("eq", "b", 2, ANY, "*", compare::eq),
    entry("neq", "b", 2, ANY, "*", compare::neq),
    entry("and", "b", 2, ANY, "*", compare::and),
    entry("or", "b", 2, ANY, "*", compare::or),
    entry("not", "b", 1, exactly(1), "*", compare::not),
    // Type predicates.
    entry("numberp", "b", 1, exactly(1), "*", predicates::numberp),
    entry("integerp", "b", 1, exactly(1), "*", predicates::integerp),
    entry("floatp", "b", 1, exactly(1), "*", predicates::floatp),
    entry("symbolp", "b", 1, exactly(1), "*", predicates::symbolp),
    entry("wordp", "*", 1, exactly(1), "*", predicates::symbolp),
    entry("stringp", "b", 1, exactly(1), "*", predicates::stringp),
    entry("lexemep", "b", 1, exactly(1), "*", predicates::lexemep),
    entry(
        "multifieldp",
        "b",
        1,
        exactly(1),
        "*",
        predicates::multifieldp,
    ),
    entry(
        "sequencep",
        "*",
        1,
        exactly(1),
        "*",
        predicates::multifieldp,
    ),
    entry("evenp", "b", 1, exactly(1), "l", predicates::evenp),
    entry("oddp", "b", 1, exactly(1), "l", predicates::oddp),
    entry("pointerp", "b", 1, exactly(1), "*", predicates::pointerp),
    entry(
        "external-addressp",
        "b",
        1,
        exactly(1),
        "*",
        predicates::pointerp,
    ),
    entry(
        "fact-addressp",
        "b",
        1,
        exactly(1),
        "*",
        predicates::fact_addressp,
    ),
    // Strings.
    entry("str-cat", "sy", 1, ANY, "synld", strings::str_cat),
    entry("sym-cat", "sy", 1, ANY, "synld", strings::sym_cat),
    entry("str-length", "l", 1, exactly(1), "syn", strings::str_length),
    entry(
        "str-byte-length",
        "*",
        1,
        exactly(1),
        "*",
        strings::str_byte_length,
    ),
    entry(
        "sub-string",
        "s",
        3,
        exactly(3),
        "*;l;l;syn",
        strings::sub_string,
    ),
    entry("str-index", "bl", 2, exactly(2), "syn", strings::str_index),
    entry("upcase", "syn", 1, exactly(1), "syn", strings::upcase),
    entry("lowcase", "syn", 1, exactly(1), "syn", strings::lowcase),
    entry(
        "str-compare",
        "l",
        2,
        exactly(3),
        "*;syn;syn;l",
        strings::str_compare,
    ),
    entry(
        "string-to-field",
        "*",
        1,
        exactly(1),
        "syn",
        strings::string_to_field,
    ),
    entry(
        "str-replace",
        "syn",
        3,
        exactly(3),
        "syn",
        strings::str_replace,
    ),
    // Multifields.
    entry("create$", "m", 0, ANY, "*", multifield::create),
    entry("mv-append", "*", 0, ANY, "*", multifield::create),
    entry("nth$", "synldife", 2, exactly(2), ";l;m", multifield::nth),
    entry("nth", "*", 2, exactly(2), "*", multifield::nth_old),
    entry("member$", "blm", 2, exactly(2), ";*;m", multifield::member),
    entry("member", "*", 2, exactly(2), "*", multifield::member_old),
    entry("length$", "l", 1, exactly(1), "m", multifield::length),
    entry("length", "*", 1, exactly(1), "*", multifield::length_old),
    entry("subseq$", "m", 3, exactly(3), "l;m", multifield::subseq),
    entry("mv-subseq", "*", 3, exactly(3), "*", multifield::mv_subseq),
    entry("first$", "m", 1, exactly(1), "m", multifield::first),
    entry("rest$", "m", 1, exactly(1), "m", multifield::rest),
    entry("delete$", "m", 3, exactly(3), "l;m", multifield::delete),
    entry("mv-delete", "*", 2, exactly(2), "*", multifield::mv_delete),
    entry("insert$", "m", 3, ANY, "*;m;l", multifield::insert),
    entry("replace$", "m", 4, ANY, "*;m;l;l", multifield::replace),
    entry(
        "mv-replace",
        "*",
        3,
        exactly(3),
        "*",
        multifield::mv_replace,
    ),
    entry("explode$", "m", 1, exactly(1), "s", multifield::explode),
    entry(
        "str-explode",
        "*",
        1,
        exactly(1),
        "*",
        multifield::str_explode,
    ),
    entry("implode$", "s", 1, exactly(1), "m", multifield::implode),
    entry(
        "str-implode",
        "*",
        1,
        exactly(1),
        "*",
        multifield::str_implode,
    ),
    entry("subsetp", "b", 2, exactly(2), ";m;m", multifield::subsetp),
    entry("subset", "*", 2, exactly(2), "*", multifield::subset),
    entry(
        "delete-member$",
        "m",
        2,
        ANY,
        "*;m",
        multifield::delete_member,
    ),
    entry(
        "replace-member$",
        "m",
        3,
        ANY,
        "*;m",
        multifield::replace_member,
    ),
    entry("union$", "*", 0, ANY, "*", multifield::union),
    entry("intersection$", "*", 0, ANY, "*", multifield::intersection),
    entry("difference$", "*", 1, ANY, "*", multifield::difference),
    // Formatting, symbols, random numbers, time.
    entry("format", "s", 2, ANY, "*;ldsyn;s", format::format),
    entry("gensym", "y", 0, exactly(0), "*", symbols::gensym),
    entry("gensym*", "y", 0, exactly(0), "*", symbols::gensym_star),
    entry("setgen", "l", 1, exactly(1), "l", symbols::setgen),
    // Instance names.
    entry(
        "instance-namep",
        "b",
        1,
        exactly(1),
        "*",
        instance_names::instance_namep,
    ),
    entry(
        "instance-addressp",
        "b",
        1,
        exactly(1),
        "*",
        instance_names::instance_addressp,
    ),
    entry(
        "instancep",
        "b",
        1,
        exactly(1),
        "*",
        instance_names::instancep,
    ),
    entry(
        "symbol-to-instance-name",
        "n",
        1,
        exactly(1),
        "y",
        instance_names::symbol_to_instance_name,
    ),
    entry(
        "instance-name-to-symbol",
        "y",
        1,
        exactly(1),
        "ny",
        instance_names::instance_name_to_symbol,
    ),
    entry("seed", "v", 1, exactly(1), "l", random::seed),
    entry("random", "l", 0, exactly(2), "l", random::random),
    entry("time", "d", 0, exactly(0), "*", misc::time),
    entry("void", "v", 0, exactly(0), "*", misc::void),
    // The error state.
    entry("get-error", "*", 0, exactly(0), "*", errors::get_error),
    entry("clear-error", "*", 0, exactly(0), "*", errors::clear_error),
    entry("set-error", "v", 1, exactly(1), "*", errors::set_error),
    entry(
        "operating-system",
        "y",
        0,
        exactly(0),
        "*",
        misc::operating_system,
    ),
];

static BY_NAME: LazyLock<HashMap<&'static str, &'static Builtin>> =
    LazyLock::new(|| BUILTINS.iter().map(|b| (b.name, b)).collect());

/// The built-in called `name`, if there is one.
pub fn lookup(name: &str) -> Option<&'static Builtin> {
    BY_NAME.get(name).copied()
}

/// The names of every built-in.
pub fn names() -> impl Iterator<Item = &'static str> {
    BUILTINS.iter().map(|b| b.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        assert_eq!(BY_NAME.len(), BUILTINS.len(), "a name appears twice");
        for name in names() {
            assert_eq!(lookup(name).map(|b| b.name), Some(name));
        }
        assert!(lookup("no-such-function").is_none());
    }

    #[test]
    fn arities_are_consistent() {
        for b in BUILTINS {
            assert!(b.max_args.is_none_or(|max| max >= b.min_args), "{}", b.name);
        }
    }

    /// Every built-in, called with every combination of up to three awkward
    /// arguments (ignoring arity, as a buggy caller might), returns without panicking.
    #[test]
    fn no_input_panics() {
        use crate::value::{FactId, Value};
        let pool = [
            Value::Integer(0),
            Value::Integer(-1),
            Value::Integer(3),
            Value::Integer(i64::MIN),
            Value::Integer(i64::MAX),
            Value::Float(f64::NAN),
            Value::Float(f64::INFINITY),
            Value::Float(-0.0),
            Value::Float(2.5),
            Value::symbol("a"),
            Value::string(""),
            Value::string("é \"x"),
            Value::string("%-+ #08.3d %5.2s %c %g %x %o %u %e %%"),
            Value::empty_multifield(),
            Value::multifield(vec![
                Value::symbol("a"),
                Value::Integer(1),
                Value::string("s"),
            ]),
            Value::Fact(FactId(1)),
            Value::Void,
        ];
        let mut state = super::super::FnState::default();
        for b in BUILTINS {
            let _ = (b.run)(&mut state, &[]);
            for x in &pool {
                let _ = (b.run)(&mut state, std::slice::from_ref(x));
                for y in &pool {
                    let _ = (b.run)(&mut state, &[x.clone(), y.clone()]);
                    for z in &pool {
                        let _ = (b.run)(&mut state, &[x.clone(), y.clone(), z.clone()]);
                    }
                }
            }
            state.diagnostics.clear();
        }
    }
}
