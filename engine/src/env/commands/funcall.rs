//! `funcall`: calls a built-in, deffunction or command by a name computed at run
//! time, with the remaining arguments as they are (a multifield stays one argument).

use super::{Environment, R, TABLE};
use crate::compile::expr::{resolve, Callee};
use crate::compile::special_forms;
use crate::eval::{self, EvalError, Unwind};
use crate::functions::args::{check_arity, type_error};
use crate::syntax::Span;
use crate::value::{atom, Value};

/// `(funcall name arg...)`.
pub(crate) fn funcall(env: &mut Environment, args: &[Value]) -> R {
    let name = match args.first() {
        Some(Value::Symbol(s)) | Some(Value::String(s)) => *s,
        _ => return Err(funcall_type_error("symbol or string")),
    };
    let rest = &args[1..];
    match name.as_str() {
        "and" => return Ok(Value::boolean(rest.iter().all(Value::is_truthy))),
        "or" => return Ok(Value::boolean(rest.iter().any(Value::is_truthy))),
        // Its arguments are evaluated before the call: nothing is left to time.
        "timer" => return Ok(Value::Float(0.0)),
        n if special_forms::lookup(n).is_some_and(|f| f.own_parser) => {
            return Err(funcall_type_error("function without specialized parser"))
        }
        _ => {}
    }
    let Some((callee, min, max)) = resolve(&env.rt.program, &TABLE, atom(name.as_str())) else {
        return Err(funcall_type_error(
            "function, deffunction, or generic function name",
        ));
    };
    if let Err(e) = check_arity(name.as_str(), min, max, rest.len()) {
        let mut message = e.message;
        if matches!(callee, Callee::Function(_)) {
            message.push_str(&format!("\n[MISCFUN4] Function 'funcall' called with the wrong number of arguments for deffunction '{name}'."));
        }
        return Err(EvalError::new(message));
    }
    match eval::call_callee(env, callee, rest.iter().cloned().collect(), Span::default()) {
        Ok(v) | Err(Unwind::Return(v)) => Ok(v),
        Err(Unwind::Break) => Ok(Value::false_sym()),
        // The call has no place of its own in the source: the error is placed at
        // the funcall.
        Err(Unwind::Error(e)) if e.span == Some(Span::default()) => Err(EvalError::new(e.message)),
        Err(Unwind::Error(e)) => Err(e),
    }
}

/// CLIPS's message for a first argument of the wrong kind.
fn funcall_type_error(expected: &str) -> EvalError {
    EvalError::new(type_error("funcall", 0, expected).message)
}

#[cfg(test)]
mod tests {
    //! funcall's error messages (the corpus compares standard output only), as
    //! CLIPS 6.4.2 prints them through clipspy.

    use super::super::test_support::{captured, error_of, eval};
    use crate::value::Value;

    #[test]
    fn errors_are_clips_messages() {
        let expected = |message: &str| {
            format!("[ARGACCES2] Function 'funcall' expected argument #1 to be of type {message}.")
        };
        let cases = [
            (
                "(funcall foo 1)",
                expected("function, deffunction, or generic function name"),
            ),
            (
                "(funcall if TRUE 1)",
                expected("function without specialized parser"),
            ),
            ("(funcall 3 a)", expected("symbol or string")),
            (
                "(funcall str-cat)",
                "[ARGACCES1] Function 'str-cat' expected at least 1 argument.".into(),
            ),
            (
                "(funcall sub-string 1)",
                "[ARGACCES1] Function 'sub-string' expected exactly 3 arguments.".into(),
            ),
            (
                "(funcall + (create$ 1 2) 3)",
                "[ARGACCES2] Function '+' expected argument #1 to be of type integer or float."
                    .into(),
            ),
        ];
        for (command, message) in cases {
            assert_eq!(error_of(command), message, "{command}");
        }
    }

    #[test]
    fn a_deffunction_called_with_too_few_arguments() {
        let (mut env, _, _) = captured();
        let defined = eval(&mut env, r#"(build "(deffunction f (?a $?b) ?a)")"#);
        assert_eq!(defined, Ok(Value::true_sym()));
        assert_eq!(
            eval(&mut env, "(funcall f)"),
            Err("[ARGACCES1] Function 'f' expected at least 1 argument.\n[MISCFUN4] Function 'funcall' called with the wrong number of arguments for deffunction 'f'.".into())
        );
        assert_eq!(eval(&mut env, "(funcall f 7 8)"), Ok(Value::Integer(7)));
    }
}
