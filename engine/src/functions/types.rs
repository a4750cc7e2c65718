//! CLIPS's type codes: the letters of a function's restriction string (the types
//! each argument may have) and of its return types (`l` integer, `d` float, `y`
//! symbol, `s` string, `n` instance name, `m` multifield, `f` fact address, `i`
//! instance address, `e` external address, `v` void, `b` boolean, `*` anything).
//!
//! A restriction string is a default, then one code list per argument position,
//! `;`-separated: `*;l;l;syn` lets argument 1 and 2 be integers and argument 3 a
//! lexeme; positions not listed take the default (`ld` for every argument of `+`).

use crate::value::{FactId, Value};

/// A set of CLIPS types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Types(u16);

const INTEGER: u16 = 1;
const FLOAT: u16 = 1 << 1;
const SYMBOL: u16 = 1 << 2;
const STRING: u16 = 1 << 3;
const INSTANCE_NAME: u16 = 1 << 4;
const MULTIFIELD: u16 = 1 << 5;
const FACT_ADDRESS: u16 = 1 << 6;
const INSTANCE_ADDRESS: u16 = 1 << 7;
const EXTERNAL_ADDRESS: u16 = 1 << 8;
const VOID: u16 = 1 << 9;
const BOOLEAN: u16 = 1 << 10;
const ANY: u16 = (1 << 11) - 1;

/// The names CLIPS prints for the types an argument may have, in its order.
const NAMES: [(u16, &str); 9] = [
    (INTEGER, "integer"),
    (FLOAT, "float"),
    (SYMBOL | BOOLEAN, "symbol"),
    (STRING, "string"),
    (INSTANCE_NAME, "instance name"),
    (INSTANCE_ADDRESS, "instance address"),
    (FACT_ADDRESS, "fact address"),
    (EXTERNAL_ADDRESS, "external address"),
    (MULTIFIELD, "multifield"),
];

impl Types {
    /// Every type.
    pub const ANY: Types = Types(ANY);

    /// The types of one code list (`ld`, `syn`, `*`); unknown letters add nothing.
    pub fn of_codes(codes: &str) -> Types {
        Types(codes.chars().fold(0, |bits, c| {
            bits | match c {
                'l' => INTEGER,
                'd' => FLOAT,
                's' => STRING,
                'y' => SYMBOL,
                'n' => INSTANCE_NAME,
                'm' => MULTIFIELD,
                'f' => FACT_ADDRESS,
                'i' => INSTANCE_ADDRESS,
                'e' => EXTERNAL_ADDRESS,
                'v' => VOID,
                'b' => BOOLEAN,
                '*' => ANY,
                _ => 0,
            }
        }))
    }

    /// The types argument `index` (from 0) may have under `restrictions`: its own
    /// codes, else the default (the first list), else any type.
    pub fn of_argument(restrictions: &str, index: usize) -> Types {
        let mut lists = restrictions.split(';');
        let default = match lists.next() {
            Some(codes) if !codes.is_empty() => Types::of_codes(codes),
            _ => Types::ANY,
        };
        match lists.nth(index) {
            Some(codes) if !codes.is_empty() => Types::of_codes(codes),
            _ => default,
        }
    }

    /// The type of `value`.
    pub fn of_value(value: &Value) -> Types {
        Types(match value {
            Value::Integer(_) => INTEGER,
            Value::Float(_) => FLOAT,
            Value::Symbol(_) => SYMBOL,
            Value::String(_) => STRING,
            Value::InstanceName(_) => INSTANCE_NAME,
            Value::Multifield(_) => MULTIFIELD,
            Value::Fact(_) => FACT_ADDRESS,
            Value::Instance(_) => INSTANCE_ADDRESS,
            Value::Void => VOID,
        })
    }

    /// Whether every type of `other` is one of these.
    pub fn includes(self, other: Types) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether a value of one of `other`'s types may be one of these (a boolean is
    /// a symbol).
    pub fn meets(self, other: Types) -> bool {
        let widen = |t: Types| {
            if t.0 & BOOLEAN != 0 {
                t.0 | SYMBOL
            } else {
                t.0
            }
        };
        widen(self) & widen(other) != 0
    }

    /// Whether `value` is of one of these types (`TRUE` and `FALSE` are booleans).
    pub fn admits(self, value: &Value) -> bool {
        let booleans = matches!(value, Value::Symbol(s) if matches!(s.as_str(), "TRUE" | "FALSE"));
        self.0 & Types::of_value(value).0 != 0 || (booleans && self.0 & BOOLEAN != 0)
    }

    /// The types as CLIPS lists them in `[ARGACCES2]`: `integer or float`,
    /// `integer, float, symbol, or string`.
    pub fn describe(self) -> String {
        let names: Vec<&str> = NAMES
            .iter()
            .filter(|(bits, _)| self.0 & bits != 0)
            .map(|(_, name)| *name)
            .collect();
        match names.as_slice() {
            [] => String::new(),
            [one] => one.to_string(),
            [a, b] => format!("{a} or {b}"),
            [init @ .., last] => format!("{}, or {last}", init.join(", ")),
        }
    }

    /// What a function returning these types returns after an error (CLIPS's
    /// `AssignErrorValue`): `FALSE` for a boolean, `""` for a string, `nil` for a
    /// symbol, `0`, `0.0`, `()`, and nothing (void) for none of these.
    pub fn error_value(self) -> Value {
        let has = |bits: u16| self.0 & bits != 0;
        if has(BOOLEAN) {
            Value::false_sym()
        } else if has(STRING) {
            Value::string("")
        } else if has(SYMBOL) {
            Value::symbol("nil")
        } else if has(INTEGER) {
            Value::Integer(0)
        } else if has(FLOAT) {
            Value::Float(0.0)
        } else if has(MULTIFIELD) {
            Value::empty_multifield()
        } else if has(FACT_ADDRESS) {
            Value::Fact(FactId(0))
        } else {
            Value::Void
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_take_their_codes_or_the_default() {
        assert_eq!(Types::of_argument("ld", 5), Types::of_codes("ld"));
        assert_eq!(Types::of_argument("*;l;l;syn", 0), Types::of_codes("l"));
        assert_eq!(Types::of_argument("*;l;l;syn", 2), Types::of_codes("syn"));
        assert_eq!(Types::of_argument("*;l;l;syn", 3), Types::ANY);
        assert_eq!(Types::of_argument(";l;m", 1), Types::of_codes("m"));
    }

    #[test]
    fn types_are_listed_as_clips_lists_them() {
        assert_eq!(Types::of_codes("ld").describe(), "integer or float");
        assert_eq!(
            Types::of_codes("syn").describe(),
            "symbol, string, or instance name"
        );
        assert_eq!(
            Types::of_codes("synld").describe(),
            "integer, float, symbol, string, or instance name"
        );
        assert_eq!(Types::of_codes("m").describe(), "multifield");
    }

    #[test]
    fn values_after_an_error() {
        assert_eq!(Types::of_codes("ld").error_value(), Value::Integer(0));
        assert_eq!(Types::of_codes("d").error_value(), Value::Float(0.0));
        assert_eq!(Types::of_codes("synldife").error_value(), Value::string(""));
        assert_eq!(Types::of_codes("*").error_value(), Value::false_sym());
        assert_eq!(Types::of_codes("v").error_value(), Value::Void);
    }

    #[test]
    fn booleans_are_symbols() {
        assert!(Types::of_codes("b").admits(&Value::false_sym()));
        assert!(!Types::of_codes("b").admits(&Value::symbol("x")));
        assert!(Types::of_codes("b").meets(Types::of_codes("y")));
        assert!(!Types::of_codes("ld").meets(Types::of_codes("s")));
    }
}
