//! Helpers for the commands' unit tests: an environment whose output and error
//! messages are captured, and evaluation of one command given as text.

use crate::env::{Captured, Environment};
use crate::value::Value;

/// A fresh environment, its captured standard output and its captured error output.
pub(super) fn captured() -> (Environment, Captured, Captured) {
    let mut env = Environment::new();
    let out = env.capture_output();
    let err = Captured::default();
    env.set_error_output(err.clone());
    (env, out, err)
}

/// Evaluates one command; its value, or its error's message.
pub(super) fn eval(env: &mut Environment, text: &str) -> Result<Value, String> {
    let items = crate::syntax::sexpr::read_all(text).map_err(|d| d.message)?;
    let item = items.first().ok_or("no command")?;
    let expr = crate::syntax::parse::parse_expr(item).map_err(|d| d.message)?;
    env.eval_command(&expr).map_err(|e| e.message)
}

/// The error message of a command that must fail, in a fresh environment.
pub(super) fn error_of(text: &str) -> String {
    let (mut env, _, _) = captured();
    match eval(&mut env, text) {
        Ok(value) => panic!("{text} gave {value:?}, not an error"),
        Err(message) => message,
    }
}

/// A path in the temporary directory for a test's file `name`, prefixed with
/// `kind` so that tests of different commands do not share files.
pub(super) fn temp_path(kind: &str, name: &str) -> String {
    let path = std::env::temp_dir().join(format!("salience-{kind}-{name}"));
    path.display().to_string()
}
