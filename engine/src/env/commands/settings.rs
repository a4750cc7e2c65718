//! The environment's settings that only CLIPS's commands read or change:
//! sequence operator recognition, beta memory resizing, memory conservation and
//! the locale. They outlast `(clear)`, as CLIPS's do.

use super::{Runtime, R};
use crate::functions::args::type_error;
use crate::value::Value;

/// The settings.
#[derive(Debug, Clone)]
pub struct Settings {
    /// `set-beta-memory-resizing`: CLIPS's switch for growing its beta memories'
    /// hash tables. Salience's join memories always grow as needed; the setting is
    /// kept for programs that read it back.
    pub beta_memory_resizing: bool,
    /// `conserve-mem`: CLIPS's switch for dropping the pretty-print forms of the
    /// constructs defined while it is on. Salience keeps them either way.
    pub conserve_memory: bool,
    /// `set-locale`: the locale CLIPS formats numbers in. Salience formats them as
    /// the `C` locale does whatever it holds.
    pub locale: Value,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            beta_memory_resizing: true,
            conserve_memory: false,
            locale: Value::symbol("C"),
        }
    }
}

/// The symbol argument of a command that wants one.
fn symbol_arg(args: &[Value], what: &str) -> Result<Value, crate::eval::EvalError> {
    match args.first() {
        Some(v @ Value::Symbol(_)) => Ok(v.clone()),
        _ => Err(crate::eval::EvalError::new(
            type_error(what, 0, "symbol").message,
        )),
    }
}

/// Sets a switch from its argument (anything but `FALSE` is on) and gives its
/// old value.
fn switch(setting: &mut bool, value: &Value) -> Value {
    let old = *setting;
    *setting = value != &Value::false_sym();
    Value::boolean(old)
}

/// `(get-sequence-operator-recognition)`.
pub(super) fn get_sequence_operator_recognition(rt: &mut Runtime, _: &[Value]) -> R {
    Ok(Value::boolean(rt.program.sequence_operators))
}

/// `(set-sequence-operator-recognition <symbol>)`: the old value.
pub(super) fn set_sequence_operator_recognition(rt: &mut Runtime, args: &[Value]) -> R {
    let value = symbol_arg(args, "set-sequence-operator-recognition")?;
    Ok(switch(&mut rt.program.sequence_operators, &value))
}

/// `(get-beta-memory-resizing)`.
pub(super) fn get_beta_memory_resizing(rt: &mut Runtime, _: &[Value]) -> R {
    Ok(Value::boolean(rt.settings.beta_memory_resizing))
}

/// `(set-beta-memory-resizing <value>)`: the old value.
pub(super) fn set_beta_memory_resizing(rt: &mut Runtime, args: &[Value]) -> R {
    let value = args.first().cloned().unwrap_or_else(Value::false_sym);
    Ok(switch(&mut rt.settings.beta_memory_resizing, &value))
}

/// `(conserve-mem on|off)`.
pub(super) fn conserve_mem(rt: &mut Runtime, args: &[Value]) -> R {
    let value = symbol_arg(args, "conserve-mem")?;
    rt.settings.conserve_memory = match value.display().to_string().as_str() {
        "on" => true,
        "off" => false,
        _ => {
            return Err(crate::eval::EvalError::new(
                type_error("conserve-mem", 0, "symbol with value on or off").message,
            ))
        }
    };
    Ok(Value::Void)
}

/// `(set-locale [<string>])`: the locale held, which a string argument replaces.
pub(super) fn set_locale(rt: &mut Runtime, args: &[Value]) -> R {
    match args.first() {
        None => Ok(rt.settings.locale.clone()),
        Some(v @ Value::String(_)) => Ok(std::mem::replace(&mut rt.settings.locale, v.clone())),
        Some(_) => Err(crate::eval::EvalError::new(
            type_error("set-locale", 0, "string").message,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{captured, error_of, eval};
    use crate::value::Value;

    /// As CLIPS 6.41's console answers.
    #[test]
    fn switches_give_their_old_values() {
        let (mut env, _, _) = captured();
        let t = Value::true_sym();
        let f = Value::false_sym();
        assert_eq!(
            eval(&mut env, "(get-sequence-operator-recognition)"),
            Ok(f.clone())
        );
        assert_eq!(
            eval(&mut env, "(set-sequence-operator-recognition TRUE)"),
            Ok(f.clone())
        );
        assert_eq!(
            eval(&mut env, "(set-sequence-operator-recognition abc)"),
            Ok(t.clone())
        );
        assert_eq!(eval(&mut env, "(get-beta-memory-resizing)"), Ok(t.clone()));
        assert_eq!(
            eval(&mut env, "(set-beta-memory-resizing FALSE)"),
            Ok(t.clone())
        );
        assert_eq!(
            eval(&mut env, "(set-beta-memory-resizing 3)"),
            Ok(f.clone())
        );
        assert_eq!(eval(&mut env, "(get-beta-memory-resizing)"), Ok(t));
        eval(&mut env, "(clear)").unwrap();
        assert_eq!(
            eval(&mut env, "(get-sequence-operator-recognition)"),
            Ok(Value::true_sym())
        );
        assert_eq!(eval(&mut env, "(conserve-mem off)"), Ok(Value::Void));
        assert_eq!(eval(&mut env, "(set-locale)"), Ok(Value::symbol("C")));
        assert_eq!(
            eval(&mut env, "(set-locale \"xx_YY\")"),
            Ok(Value::symbol("C"))
        );
        assert_eq!(eval(&mut env, "(set-locale)"), Ok(Value::string("xx_YY")));
    }

    #[test]
    fn wrong_arguments_are_refused() {
        assert_eq!(
            error_of("(conserve-mem foo)"),
            "[ARGACCES2] Function 'conserve-mem' expected argument #1 to be of type symbol with value on or off."
        );
        assert_eq!(
            error_of("(conserve-mem \"on\")"),
            "[ARGACCES2] Function 'conserve-mem' expected argument #1 to be of type symbol."
        );
        assert_eq!(
            error_of("(set-sequence-operator-recognition 3)"),
            "[ARGACCES2] Function 'set-sequence-operator-recognition' expected argument #1 to be of type symbol."
        );
        assert_eq!(
            error_of("(set-locale 3)"),
            "[ARGACCES2] Function 'set-locale' expected argument #1 to be of type string."
        );
    }
}
