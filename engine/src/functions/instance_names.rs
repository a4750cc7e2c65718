//! Instance names as values (`[pump-1]`), which Salience reads and prints without
//! COOL: `instance-namep`, `symbol-to-instance-name` and `instance-name-to-symbol`.

use super::args::type_error;
use super::{FnError, FnState};
use crate::value::Value;

/// `(instance-namep <expression>)`: whether the argument is an instance name.
pub fn instance_namep(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::boolean(matches!(
        args.first(),
        Some(Value::InstanceName(_))
    )))
}

/// `(instance-addressp <expression>)`: whether the argument is an instance address.
pub fn instance_addressp(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::boolean(matches!(
        args.first(),
        Some(Value::Instance(_))
    )))
}

/// `(instancep <expression>)`: whether the argument is an instance name or address.
pub fn instancep(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::boolean(matches!(
        args.first(),
        Some(Value::Instance(_) | Value::InstanceName(_))
    )))
}

/// `(symbol-to-instance-name <symbol>)`: the instance name of the same text.
pub fn symbol_to_instance_name(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    match args.first() {
        Some(Value::Symbol(s)) => Ok(Value::InstanceName(*s)),
        _ => Err(type_error("symbol-to-instance-name", 0, "symbol")),
    }
}

/// `(instance-name-to-symbol <instance-name or symbol>)`: the symbol of the same
/// text.
pub fn instance_name_to_symbol(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    match args.first() {
        Some(Value::InstanceName(s) | Value::Symbol(s)) => Ok(Value::Symbol(*s)),
        _ => Err(type_error(
            "instance-name-to-symbol",
            0,
            "symbol or instance name",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::check;

    /// As CLIPS 6.41's console answers.
    #[test]
    fn instance_names_are_values_of_their_own_type() {
        check(&[
            ("(instance-namep [a])", "TRUE"),
            ("(instance-namep a)", "FALSE"),
            ("(symbol-to-instance-name abc)", "[abc]"),
            ("(instance-name-to-symbol [abc])", "abc"),
            ("(instance-name-to-symbol abc)", "abc"),
            ("(eq [a] a)", "FALSE"),
            ("(lexemep [a])", "FALSE"),
            ("(symbolp [a])", "FALSE"),
            ("(upcase [a])", "[A]"),
            ("(str-cat [a] [b])", r#""ab""#),
            ("(sym-cat [abc] d)", "abcd"),
            ("(str-cat [])", r#""[]""#),
            ("(sub-string 1 2 [abc])", r#""ab""#),
            ("(str-length [abc])", "3"),
            ("(string-to-field \"[abc]\")", "[abc]"),
            ("(create$ [a] \"[b]\" [])", r#"([a] "[b]" [])"#),
            ("(explode$ \"[a] b [c\")", "([a] b [c)"),
            ("(str-replace [abcdefbcdgh] [bcd] [xy])", "[axyefxygh]"),
        ]);
    }
}
