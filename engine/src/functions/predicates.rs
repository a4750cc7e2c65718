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

/// `(type <expression>)`: the argument's type as a symbol (`INTEGER`, `SYMBOL`, ...).
pub fn type_of(_: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    match args.first() {
        Some(Value::Void) | None => Err(FnError::new(
            "[INSCOM1] Undefined type in function 'type'.",
        )),
        Some(v) => Ok(Value::symbol(v.type_name())),
    }
}
