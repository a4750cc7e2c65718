//! The classes method restrictions name, as generic functions need them: the
//! classes of a value, and which classes are subclasses of which. This is the one
//! place the generic layer asks about classes; the answers come from COOL's class
//! table ([`Classes`]: the system classes and the user's), and an instance's class
//! from the instances.

use crate::cool::{ClassId, Classes};
use crate::eval::Host;
use crate::value::{atom, Atom, Value};

/// Whether a class named `name` exists.
pub fn class_exists(classes: &Classes, name: Atom) -> bool {
    classes.id(name).is_some()
}

/// Whether class `class` is `of` or one of its subclasses.
pub fn is_subclass(classes: &Classes, class: Atom, of: Atom) -> bool {
    match (classes.id(class), classes.id(of)) {
        (Some(class), Some(of)) => classes.is_a(class, of),
        _ => false,
    }
}

/// The class `value` belongs to: an instance's class, or the system class of the
/// value's type; `None` for an instance (by address or name) that does not exist
/// (CLIPS's `[GENRCEXE3]`).
pub fn class_of(host: &mut dyn Host, value: &Value) -> Option<ClassId> {
    let instances = &host.objects().instances;
    match value {
        Value::Instance(id) => instances.get(*id).map(|i| i.class),
        Value::InstanceName(name) => instances.named(*name).map(|i| i.class),
        // A value of no other type (void) is of no class but OBJECT.
        other => {
            let classes = &host.program().classes;
            (classes.of_type(other.type_name())).or_else(|| classes.id(atom("OBJECT")))
        }
    }
}

/// Whether class `class` is one of `names` or a subclass of one.
pub fn in_any(classes: &Classes, class: ClassId, names: &[Atom]) -> bool {
    (classes.get(class).precedence.iter()).any(|c| names.contains(&classes.get(*c).name))
}

/// Whether a restriction to `names` admits `value`, whose class is `class`: the
/// class or one of its superclasses is named, or (as CLIPS's
/// `IsMethodApplicable` adds) an instance's address is given where
/// INSTANCE-ADDRESS or INSTANCE is named, its name where INSTANCE-NAME or
/// INSTANCE is.
pub fn admits(classes: &Classes, class: ClassId, value: &Value, names: &[Atom]) -> bool {
    let named = |name: &str| names.contains(&atom(name));
    in_any(classes, class, names)
        || match value {
            Value::Instance(_) => named("INSTANCE-ADDRESS") || named("INSTANCE"),
            Value::InstanceName(_) => named("INSTANCE-NAME") || named("INSTANCE"),
            _ => false,
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_classes() {
        let classes = Classes::default();
        let sub = |a: &str, b: &str| is_subclass(&classes, atom(a), atom(b));
        assert!(sub("INTEGER", "NUMBER"));
        assert!(sub("INTEGER", "INTEGER"));
        assert!(sub("INSTANCE-NAME", "INSTANCE"));
        assert!(!sub("NUMBER", "INTEGER"));
        assert!(!sub("USER", "PRIMITIVE"));
        assert!(class_exists(&classes, atom("USER")));
        assert!(!class_exists(&classes, atom("INITIAL-OBJECT")));
        let string = classes.of_type("STRING");
        assert!(string.is_some_and(|c| in_any(&classes, c, &[atom("LEXEME")])));
        assert!(!string.is_some_and(|c| in_any(&classes, c, &[atom("NUMBER")])));
    }
}
