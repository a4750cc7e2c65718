//! The host: `system` runs a shell command, `options` lists what is compiled in.

use super::{out, Runtime, R};
use crate::eval::EvalError;
use crate::functions::args::type_error;
use crate::value::Value;

/// `(system <lexeme>*)`: runs the arguments, joined without spaces, as a shell
/// command (`sh -c`, as C's `system` does), its output going straight to the
/// terminal; its exit status, or -1 when no shell could be started. With no
/// arguments, as C's `system(NULL)` that CLIPS then calls: 1 when there is a
/// shell, 0 when there is none.
pub(super) fn system(rt: &mut Runtime, args: &[Value]) -> R {
    if args.is_empty() {
        let shell = std::process::Command::new("sh")
            .arg("-c")
            .arg("exit 0")
            .status();
        return Ok(Value::Integer(i64::from(shell.is_ok_and(|s| s.success()))));
    }
    let mut command = String::new();
    for (i, arg) in args.iter().enumerate() {
        match arg {
            Value::Symbol(s) | Value::String(s) => command.push_str(s.as_str()),
            _ => {
                let expected = "symbol or string";
                return Err(EvalError::new(type_error("system", i, expected).message));
            }
        }
    }
    // What was written before must come out before what the command writes.
    rt.routers.flush();
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(&command)
        .status();
    Ok(Value::Integer(
        status.map_or(-1, |s| i64::from(s.code().unwrap_or(-1))),
    ))
}

/// The features CLIPS's `options` lists, with whether Salience has them.
const FEATURES: &[(&str, bool)] = &[
    ("Defrule construct is", true),
    ("Defmodule construct is", true),
    ("Deftemplate construct is", true),
    ("  Fact-set queries are", true),
    ("  Deffacts construct is", true),
    ("Defglobal construct is", true),
    ("Deffunction construct is", true),
    ("Defgeneric/Defmethod constructs are", false),
    ("Object System is", false),
    ("Extended math function package is", true),
    ("Text processing function package is", false),
    ("I/O function package is", true),
    ("String function package is", true),
    ("Multifield function package is", true),
    ("Debugging function package is", true),
];

/// `(options)`: the machine and which of CLIPS's features Salience has, in
/// CLIPS's words (binary load and the construct compiler are not among them).
pub(super) fn options(rt: &mut Runtime, _: &[Value]) -> R {
    let machine = if cfg!(target_os = "linux") {
        "Linux"
    } else if cfg!(target_os = "macos") {
        "Mac OS X"
    } else if cfg!(target_os = "windows") {
        "Windows"
    } else {
        "Generic"
    };
    let mut text = format!("Machine type: {machine} \n");
    for (feature, on) in FEATURES {
        text.push_str(&format!("{feature} {}\n", if *on { "ON" } else { "OFF" }));
    }
    text.push_str("Bload capability is OFF\nConstruct compiler is OFF\n");
    text.push_str("Developer flag is OFF\nRun time module is OFF\n");
    out(rt, "t", &text);
    Ok(Value::Void)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{captured, error_of, eval};
    use crate::value::Value;

    #[test]
    fn a_command_runs_and_gives_its_status() {
        let (mut env, _, _) = captured();
        assert_eq!(eval(&mut env, "(system \"exit 3\")"), Ok(Value::Integer(3)));
        assert_eq!(eval(&mut env, "(system true)"), Ok(Value::Integer(0)));
        assert_eq!(
            error_of("(system 3)"),
            "[ARGACCES2] Function 'system' expected argument #1 to be of type symbol or string."
        );
    }

    #[test]
    fn options_list_the_features() {
        let (mut env, out, _) = captured();
        assert_eq!(eval(&mut env, "(options)"), Ok(Value::Void));
        let text = out.take();
        assert!(text.starts_with("Machine type: "));
        assert!(text.contains("Defrule construct is ON\n"));
        assert!(text.ends_with("Run time module is OFF\n"));
    }
}
