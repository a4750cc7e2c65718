//! `(sort <function-name> <expression>*)`: the values of the expressions, multifields
//! spliced in, in the order [`merge_sort`] gives when the named function (a
//! deffunction or a built-in taking two arguments) is asked, for two neighbours,
//! whether they must be swapped: `(sort > 4 3 5)` gives `(3 4 5)`.
//!
//! As in CLIPS, a first argument that is not a symbol is an error that stops
//! evaluation; a symbol that names no usable function prints an error and `sort`
//! returns FALSE; an error inside the function stops the sort and evaluation.

use super::{call_builtin, call_function, Args, Eval, EvalError, Host, Unwind};
use crate::functions::multifield::merge_sort;
use crate::functions::{args, lookup, Builtin, FnError};
use crate::syntax::Span;
use crate::value::{Atom, Value};

/// The function `sort` compares with.
#[derive(Clone, Copy)]
enum Comparator {
    /// A deffunction, by id.
    Function(u32),
    /// A built-in.
    Builtin(&'static Builtin),
}

impl Comparator {
    /// The function named `name`, if it can be called with two arguments; otherwise
    /// the type CLIPS says `sort`'s first argument should have had.
    fn resolve(host: &dyn Host, name: Atom) -> Result<Comparator, &'static str> {
        let program = host.program();
        if let Some(id) = program.function_id(name) {
            let f = &program.functions[id as usize];
            return if f.params == 2 || (f.rest && f.params < 2) {
                Ok(Comparator::Function(id))
            } else {
                Err("deffunction name expecting two arguments")
            };
        }
        match lookup(name.as_str()) {
            Some(b) if b.check_arity(2).is_ok() => Ok(Comparator::Builtin(b)),
            Some(_) => Err("function name expecting two arguments"),
            None => Err("function name, deffunction name, or defgeneric name"),
        }
    }

    /// Whether `later` must come before `earlier`: the function's value is not FALSE.
    fn swap(
        self,
        host: &mut dyn Host,
        earlier: &Value,
        later: &Value,
        span: Span,
    ) -> Result<bool, Unwind> {
        let args: Args = [earlier.clone(), later.clone()].into_iter().collect();
        let value = match self {
            Comparator::Function(id) => call_function(host, id, args, span)?,
            Comparator::Builtin(b) => call_builtin(host, b, &args, span)?,
        };
        Ok(value.is_truthy())
    }
}

/// Runs `sort` on its evaluated arguments.
pub fn run(host: &mut dyn Host, values: &[Value], span: Span) -> Eval {
    let halt = |e: FnError| Unwind::Error(EvalError::new(e.message).at(span));
    args::check_arity("sort", 1, None, values.len()).map_err(halt)?;
    let Value::Symbol(name) = values[0] else {
        return Err(halt(args::type_error("sort", 0, "symbol")));
    };
    let comparator = match Comparator::resolve(host, name) {
        Ok(comparator) => comparator,
        Err(expected) => {
            host.warn(&args::type_error("sort", 0, expected).message);
            return Ok(Value::false_sym());
        }
    };
    let mut items: Vec<Value> = values[1..]
        .iter()
        .flat_map(|v| v.as_slice().iter().cloned())
        .collect();
    merge_sort(&mut items, &mut |a, b| comparator.swap(host, a, b, span))?;
    Ok(Value::multifield(items))
}
