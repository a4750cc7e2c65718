//! `(describe-class class)`: CLIPS's report of a class (classexm.c's
//! `DescribeClass`): its role, superclasses and subclasses, a table of its
//! slots' facets, a table of their constraints, and the handlers it answers.

use super::{out, R};
use crate::compile::template::{SlotConstraint, SlotDefault};
use crate::cool::class::{Access, Class, SlotDef};
use crate::cool::Classes;
use crate::env::Environment;
use crate::value::Value;

/// `(describe-class class)`.
pub(super) fn describe_class(env: &mut Environment, args: &[Value]) -> R {
    let id = super::objects::class_arg(env, args, 0, "describe-class")?;
    let text = describe(&env.rt.program.classes, env.rt.program.classes.get(id));
    out(&mut env.rt, "t", &text);
    Ok(Value::Void)
}

/// A separator line of 80 `c`s.
fn separator(text: &mut String, c: char) {
    text.extend(std::iter::repeat_n(c, 80));
    text.push('\n');
}

/// The report.
fn describe(classes: &Classes, class: &Class) -> String {
    let mut text = String::new();
    separator(&mut text, '=');
    separator(&mut text, '*');
    if class.abstract_ {
        text.push_str("Abstract: direct instances of this class cannot be created.\n\n");
    } else {
        text.push_str("Concrete: direct instances of this class can be created.\n");
        text.push_str(if class.reactive {
            "Reactive: direct instances of this class can match defrule patterns.\n\n"
        } else {
            "Non-reactive: direct instances of this class cannot match defrule patterns.\n\n"
        });
    }
    let links = |text: &mut String, title: &str, ids: &[crate::cool::ClassId]| {
        text.push_str(title);
        for &c in ids {
            text.push(' ');
            text.push_str(classes.get(c).name.as_str());
        }
        text.push('\n');
    };
    links(&mut text, "Direct Superclasses:", &class.supers);
    links(&mut text, "Inheritance Precedence:", &class.precedence);
    links(&mut text, "Direct Subclasses:", &class.subclasses);
    if !class.slots.is_empty() {
        separator(&mut text, '-');
        let name_width = class
            .slots
            .iter()
            .map(|s| s.name.as_str().len())
            .max()
            .unwrap_or(0)
            .clamp(5, 16);
        let message_width = (class.slots.iter())
            .filter(|s| s.access != Access::ReadOnly)
            .map(|s| s.override_message.as_str().len())
            .max()
            .unwrap_or(0)
            .clamp(8, 12);
        let name = |n: &str| format!("{:<name_width$.name_width$} : ", n);
        text.push_str(&name("SLOTS"));
        text.push_str("FLD DEF PRP ACC STO MCH SRC VIS CRT ");
        text.push_str(&format!("{:<message_width$.message_width$} ", "OVRD-MSG"));
        text.push_str("SOURCE(S)\n");
        for slot in &class.slots {
            text.push_str(&name(slot.name.as_str()));
            text.push_str(&facets(slot));
            let message = if slot.access == Access::ReadOnly {
                "NIL"
            } else {
                slot.override_message.as_str()
            };
            text.push_str(&format!("{message:<message_width$.message_width$} "));
            text.push_str(&sources(classes, slot));
            text.push('\n');
        }
        text.push_str("\nConstraint information for slots:\n\n");
        text.push_str(&name("SLOTS"));
        text.push_str("SYM STR INN INA EXA FTA INT FLT\n");
        for slot in &class.slots {
            text.push_str(&name(slot.name.as_str()));
            text.push_str(&constraints(&slot.constraint, slot.multi));
            text.push('\n');
        }
    }
    let handlers = class
        .precedence
        .iter()
        .any(|&c| !classes.get(c).handlers.is_empty());
    if handlers {
        separator(&mut text, '-');
        text.push_str("Recognized message-handlers:\n");
        for &c in class.precedence.iter().rev() {
            let owner = classes.get(c);
            for h in &owner.handlers {
                text.push_str(&format!(
                    "{} {} in class {}\n",
                    h.name,
                    h.kind.name(),
                    owner.name
                ));
            }
        }
    }
    separator(&mut text, '*');
    separator(&mut text, '=');
    text
}

/// A slot's row of facet codes, `FLD` to `CRT`.
fn facets(slot: &SlotDef) -> String {
    let mut row = String::new();
    row.push_str(if slot.multi { "MLT " } else { "SGL " });
    row.push_str(match slot.default {
        SlotDefault::Required => "NIL ",
        SlotDefault::Dynamic(_) => "DYN ",
        SlotDefault::Static(_) | SlotDefault::Derive => "STC ",
    });
    row.push_str(if slot.inherit { "INH " } else { "NIL " });
    row.push_str(match slot.access {
        Access::InitializeOnly => "INT ",
        Access::ReadOnly => " R  ",
        Access::ReadWrite => "RW  ",
    });
    row.push_str(if slot.shared { "SHR " } else { "LCL " });
    row.push_str(if slot.reactive { "RCT " } else { "NIL " });
    row.push_str(if slot.composite { "CMP " } else { "EXC " });
    row.push_str(if slot.public { "PUB " } else { "PRV " });
    let create = match (slot.read_accessor, slot.write_accessor) {
        (true, true) => "RW",
        (true, false) => "R",
        (false, true) => "W",
        (false, false) => "NIL",
    };
    if create.len() == 1 {
        row.push(' ');
    }
    row.push_str(create);
    if create.len() <= 2 {
        row.push(' ');
    }
    row.push(' ');
    row
}

/// The classes a slot's facets come from: its defining class, and for a
/// composite slot the classes it takes facets from, most general first.
fn sources(classes: &Classes, slot: &SlotDef) -> String {
    let mut names = Vec::new();
    let mut composite = true;
    for (i, &c) in classes.get(slot.class).precedence.iter().enumerate() {
        if !composite {
            break;
        }
        let own = classes
            .get(c)
            .own_slots
            .iter()
            .find(|s| s.name == slot.name && (i == 0 || s.inherit));
        if let Some(own) = own {
            names.push(classes.get(c).name.to_string());
            composite = own.composite;
        }
    }
    names.reverse();
    names.join(" ")
}

/// A slot's row of constraint codes: `+` a type allowed, `#` allowed with
/// restricted values; then the range and (for a multislot) the cardinality.
fn constraints(c: &SlotConstraint, multi: bool) -> String {
    let any = c.types.is_empty();
    let has = |names: &[&str]| any || c.types.iter().any(|t| names.contains(&t.as_str()));
    let restricted = |kinds: &[&str]| c.allowed.iter().any(|(k, _)| kinds.contains(&k.as_str()));
    let any_restriction = restricted(&["allowed-values"]);
    let code = |allowed: bool, restriction: bool| {
        if !allowed {
            "    "
        } else if restriction || any_restriction {
            " #  "
        } else {
            " +  "
        }
    };
    let mut row = String::new();
    row.push_str(code(
        has(&["SYMBOL", "LEXEME"]),
        restricted(&["allowed-symbols", "allowed-lexemes"]),
    ));
    row.push_str(code(
        has(&["STRING", "LEXEME"]),
        restricted(&["allowed-strings", "allowed-lexemes"]),
    ));
    let class_restriction = restricted(&["allowed-classes"]);
    row.push_str(code(
        has(&["INSTANCE-NAME", "INSTANCE"]),
        restricted(&["allowed-instance-names"]) || class_restriction,
    ));
    row.push_str(code(
        has(&["INSTANCE-ADDRESS", "INSTANCE"]),
        class_restriction,
    ));
    row.push_str(code(has(&["EXTERNAL-ADDRESS"]), false));
    row.push_str(code(has(&["FACT-ADDRESS"]), false));
    row.push_str(code(
        has(&["INTEGER", "NUMBER"]),
        restricted(&["allowed-integers", "allowed-numbers"]),
    ));
    row.push_str(code(
        has(&["FLOAT", "NUMBER"]),
        restricted(&["allowed-floats", "allowed-numbers"]),
    ));
    if has(&["INTEGER", "FLOAT", "NUMBER"]) {
        let bound = |b: Option<&Value>, none: &str| {
            b.map_or_else(|| none.to_string(), |v| v.repr().to_string())
        };
        let (low, high) = match &c.range {
            Some((low, high)) => (bound(low.as_ref(), "-oo"), bound(high.as_ref(), "+oo")),
            None => ("-oo".to_string(), "+oo".to_string()),
        };
        row.push_str(&format!("RNG:[{low}..{high}] "));
    }
    if multi {
        let (low, high) = match c.cardinality {
            Some((low, high)) => (
                low.map_or_else(|| "0".to_string(), |n| n.to_string()),
                high.map_or_else(|| "+oo".to_string(), |n| n.to_string()),
            ),
            None => ("0".to_string(), "+oo".to_string()),
        };
        row.push_str(&format!("CRD:[{low}..{high}]"));
    }
    row
}
