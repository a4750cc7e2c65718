//! Type predicates (`numberp integerp floatp symbolp stringp lexemep multifieldp
//! evenp oddp pointerp external-addressp fact-addressp`) and `type`.

use super::args;
use super::{FnError, FnState};
use crate::value::Value;

macro_rules! predicates {
    ($($(#[$doc:meta])* $fn_name:ident => $pattern:pat,)*) => {
        $(
            $(#[$doc])*
            pub fn $fn_name(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
                Ok(Value::boolean(matches!(args.first(), Some($pattern))))
            }
        )*
    };
}

predicates! {
    /// `(numberp <expression>)`: whether the argument is an integer or a float.
    numberp => Value::Integer(_) | Value::Float(_),
    /// `(integerp <expression>)`: whether the argument is an integer.
    integerp => Value::Integer(_),
    /// `(floatp <expression>)`: whether the argument is a float.
    floatp => Value::Float(_),
    /// `(symbolp <expression>)` (6.30's `wordp`): whether the argument is a symbol.
    symbolp => Value::Symbol(_),
    /// `(stringp <expression>)`: whether the argument is a string.
    stringp => Value::String(_),
    /// `(lexemep <expression>)`: whether the argument is a symbol or a string.
    lexemep => Value::Symbol(_) | Value::String(_),
    /// `(multifieldp <expression>)` (6.30's `sequencep`): whether the argument is a
    /// multifield.
    multifieldp => Value::Multifield(_),
    /// `(fact-addressp <expression>)`: whether the argument is a fact address.
    fact_addressp => Value::Fact(_),
}

/// `(pointerp <expression>)` and `(external-addressp <expression>)`: whether the
/// argument is an external address; Salience has none, so always `FALSE`.
pub fn pointerp(_: &mut FnState, _: &[Value]) -> Result<Value, FnError> {
    Ok(Value::false_sym())
}

/// `(evenp <integer>)`: whether the integer is even.
pub fn evenp(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::boolean(args::integer("evenp", args, 0)? % 2 == 0))
}

/// `(oddp <integer>)`: whether the integer is odd.
pub fn oddp(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    Ok(Value::boolean(args::integer("oddp", args, 0)? % 2 != 0))
}

#[cfg(test)]
mod tests {
    use super::super::testing::check;

    /// Each expression with the result CLIPS 6.4 (through clipspy 1.0.6) gave for it,
    /// evaluated in order in one fresh environment.
    #[test]
    fn matches_clips_6_4() {
        check(&[
            (r#"(numberp 1)"#, r#"TRUE"#),
            (r#"(numberp 1.0)"#, r#"TRUE"#),
            (r#"(numberp a)"#, r#"FALSE"#),
            (r#"(numberp (create$ 1))"#, r#"FALSE"#),
            (r#"(integerp 1)"#, r#"TRUE"#),
            (r#"(integerp 1.0)"#, r#"FALSE"#),
            (r#"(floatp 1.0)"#, r#"TRUE"#),
            (r#"(floatp 1)"#, r#"FALSE"#),
            (r#"(symbolp a)"#, r#"TRUE"#),
            (r#"(symbolp "a")"#, r#"FALSE"#),
            (r#"(stringp "a")"#, r#"TRUE"#),
            (r#"(stringp a)"#, r#"FALSE"#),
            (r#"(lexemep a)"#, r#"TRUE"#),
            (r#"(lexemep "a")"#, r#"TRUE"#),
            (r#"(lexemep 1)"#, r#"FALSE"#),
            (r#"(multifieldp (create$))"#, r#"TRUE"#),
            (r#"(multifieldp (create$ a))"#, r#"TRUE"#),
            (r#"(multifieldp a)"#, r#"FALSE"#),
            (r#"(evenp 2)"#, r#"TRUE"#),
            (r#"(evenp 3)"#, r#"FALSE"#),
            (r#"(evenp -2)"#, r#"TRUE"#),
            (
                r#"(evenp 2.0)"#,
                r#"ERR [ARGACCES2] Function 'evenp' expected argument #1 to be of type integer."#,
            ),
            (
                r#"(evenp 3.0)"#,
                r#"ERR [ARGACCES2] Function 'evenp' expected argument #1 to be of type integer."#,
            ),
            (
                r#"(evenp 2.5)"#,
                r#"ERR [ARGACCES2] Function 'evenp' expected argument #1 to be of type integer."#,
            ),
            (
                r#"(evenp a)"#,
                r#"ERR [ARGACCES2] Function 'evenp' expected argument #1 to be of type integer."#,
            ),
            (r#"(oddp 3)"#, r#"TRUE"#),
            (r#"(oddp -3)"#, r#"TRUE"#),
            (
                r#"(oddp 3.0)"#,
                r#"ERR [ARGACCES2] Function 'oddp' expected argument #1 to be of type integer."#,
            ),
            (
                r#"(oddp 3.5)"#,
                r#"ERR [ARGACCES2] Function 'oddp' expected argument #1 to be of type integer."#,
            ),
            (r#"(pointerp a)"#, r#"FALSE"#),
            (r#"(type a)"#, r#"SYMBOL"#),
            (r#"(type "a")"#, r#"STRING"#),
            (r#"(type 1)"#, r#"INTEGER"#),
            (r#"(type 1.5)"#, r#"FLOAT"#),
            (r#"(type TRUE)"#, r#"SYMBOL"#),
            (
                r#"(numberp)"#,
                r#"ERR [ARGACCES1] Function 'numberp' expected exactly 1 argument."#,
            ),
            (
                r#"(numberp 1 2)"#,
                r#"ERR [ARGACCES1] Function 'numberp' expected exactly 1 argument."#,
            ),
            (r#"(external-addressp a)"#, r#"FALSE"#),
            (r#"(fact-addressp a)"#, r#"FALSE"#),
            (r#"(evenp 9223372036854775807)"#, r#"FALSE"#),
            (
                r#"(evenp 1e30)"#,
                r#"ERR [ARGACCES2] Function 'evenp' expected argument #1 to be of type integer."#,
            ),
        ]);
    }
}
