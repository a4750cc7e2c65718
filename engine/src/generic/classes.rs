//! The classes method restrictions name, as far as generic functions need them:
//! the class of a value's type, and which classes are subclasses of which.
//!
//! This is the one place the generic layer asks about classes. Without COOL it
//! knows CLIPS's system classes of primitive values (OBJECT, PRIMITIVE, NUMBER,
//! INTEGER, ..., INSTANCE-NAME) and USER, the root of user classes, which no
//! primitive value belongs to; when COOL's class table exists, these functions
//! are the ones to route to it (user classes, and the class of an instance).

use crate::value::Value;

/// Each system class with its class precedence list: itself first, OBJECT last.
const SYSTEM_CLASSES: [&[&str]; 17] = [
    &["OBJECT"],
    &["PRIMITIVE", "OBJECT"],
    &["USER", "OBJECT"],
    &["NUMBER", "PRIMITIVE", "OBJECT"],
    &["INTEGER", "NUMBER", "PRIMITIVE", "OBJECT"],
    &["FLOAT", "NUMBER", "PRIMITIVE", "OBJECT"],
    &["LEXEME", "PRIMITIVE", "OBJECT"],
    &["SYMBOL", "LEXEME", "PRIMITIVE", "OBJECT"],
    &["STRING", "LEXEME", "PRIMITIVE", "OBJECT"],
    &["MULTIFIELD", "PRIMITIVE", "OBJECT"],
    &["ADDRESS", "PRIMITIVE", "OBJECT"],
    &["EXTERNAL-ADDRESS", "ADDRESS", "PRIMITIVE", "OBJECT"],
    &["FACT-ADDRESS", "ADDRESS", "PRIMITIVE", "OBJECT"],
    &["INSTANCE", "PRIMITIVE", "OBJECT"],
    &["INSTANCE-ADDRESS", "INSTANCE", "PRIMITIVE", "OBJECT"],
    &["INSTANCE-NAME", "INSTANCE", "PRIMITIVE", "OBJECT"],
    // Kept last: a value of no other type (void) is of no class but OBJECT.
    &["OBJECT"],
];

/// The class precedence list of class `name`, if the class exists.
fn precedence_of(name: &str) -> Option<&'static [&'static str]> {
    SYSTEM_CLASSES.iter().find(|cpl| cpl[0] == name).copied()
}

/// Whether a class named `name` exists.
pub fn class_exists(name: &str) -> bool {
    precedence_of(name).is_some()
}

/// Whether class `class` is `of` or one of its subclasses.
pub fn is_subclass(class: &str, of: &str) -> bool {
    precedence_of(class).is_some_and(|cpl| cpl.contains(&of))
}

/// The class precedence list of the class `value` belongs to, its own class
/// first; `None` when the class cannot be known: an instance name whose instance
/// does not exist (CLIPS's `[GENRCEXE3]`), which, without COOL, is every one.
pub fn class_precedence(value: &Value) -> Option<&'static [&'static str]> {
    let class = match value {
        Value::InstanceName(_) => return None,
        Value::Symbol(_) => "SYMBOL",
        Value::String(_) => "STRING",
        Value::Integer(_) => "INTEGER",
        Value::Float(_) => "FLOAT",
        Value::Multifield(_) => "MULTIFIELD",
        Value::Fact(_) => "FACT-ADDRESS",
        Value::Void => "OBJECT",
    };
    precedence_of(class)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_classes() {
        assert!(is_subclass("INTEGER", "NUMBER"));
        assert!(is_subclass("INTEGER", "INTEGER"));
        assert!(is_subclass("INSTANCE-NAME", "INSTANCE"));
        assert!(!is_subclass("NUMBER", "INTEGER"));
        assert!(!is_subclass("USER", "PRIMITIVE"));
        assert!(class_exists("USER") && !class_exists("INITIAL-OBJECT"));
        assert_eq!(
            class_precedence(&Value::String(crate::value::atom("a"))),
            Some(&["STRING", "LEXEME", "PRIMITIVE", "OBJECT"][..])
        );
        assert_eq!(
            class_precedence(&Value::InstanceName(crate::value::atom("a"))),
            None
        );
    }
}
