//! Patterns: `(relation constraint...)` for ordered facts and
//! `(relation (slot constraint...)...)` for deftemplate facts.

use super::common::{describe, first_token_end, symbol};
use super::constraint::{glued_call, parse_constraint};
use crate::messages::{prntutil::prntutil2, prntutil::prntutil5, rulelhs};
use crate::syntax::ast::{Constraint, Ident, Pattern, PatternBody, SlotConstraint};
use crate::syntax::sexpr::{SExpr, Token};
use crate::syntax::Diagnostic;

/// Parses the pattern `item`, bound to `binding` if written `?f <- (...)`.
pub(super) fn parse_pattern(item: &SExpr, binding: Option<Ident>) -> Result<Pattern, Diagnostic> {
    let items = item.as_list().unwrap_or_default();
    let Some(head) = items.first() else {
        return Err(Diagnostic::new(item.span, "a pattern cannot be empty")
            .with_label("expected a relation name, e.g. `(color red)`")
            .with_clips(prntutil2(rulelhs::FIRST_FIELD))
            .read_to(item.span.end));
    };
    let Some(relation) = symbol(head) else {
        return Err(Diagnostic::new(
            head.span,
            format!(
                "a pattern must start with a relation name (a symbol), not {}",
                describe(head)
            ),
        )
        .with_label("expected e.g. `(color ?c)` or `(person (name ?n))`")
        .with_clips(prntutil2(rulelhs::FIRST_FIELD))
        .read_to(first_token_end(head)));
    };
    if relation.name.as_str() == "=" || relation.name.as_str() == ":" {
        return Err(Diagnostic::new(
            head.span,
            format!("a pattern cannot start with `{}`", relation.name),
        )
        .with_label("`=` and `:` start a field's call; a pattern starts with a relation name")
        .with_clips(prntutil2(rulelhs::FIELD_FIELD))
        .read_to(head.span.end));
    }
    let body = items.get(1..).unwrap_or_default();
    let slot_mode = body.first().is_some_and(|_| is_slot_list(body, 0));
    let stray = (body.iter().enumerate()).find(|&(i, _)| is_slot_list(body, i) != slot_mode);
    if let Some((i, stray)) = stray {
        let before = i.checked_sub(1).and_then(|b| body.get(b));
        return Err(glued_call(before, stray).unwrap_or_else(|| mixed(stray, slot_mode)));
    }
    let body = if slot_mode {
        PatternBody::Slots(slot_constraints(body)?)
    } else {
        PatternBody::Ordered(field_constraints(body, item.span.end)?)
    };
    Ok(Pattern {
        binding,
        relation,
        body,
        span: item.span,
    })
}

/// Whether `body[i]` is a slot constraint `(slot ...)`: a list that is not the
/// call of a `:`/`=` term or the operand of a connective.
fn is_slot_list(body: &[SExpr], i: usize) -> bool {
    let joined = i
        .checked_sub(1)
        .and_then(|prev| body.get(prev))
        .is_some_and(|prev| {
            prev.is_symbol(":")
                || prev.is_symbol("=")
                || matches!(
                    prev.as_token(),
                    Some(Token::Amp | Token::Bar | Token::Tilde)
                )
        });
    body.get(i).is_some_and(|item| item.as_list().is_some()) && !joined
}

/// The error for an item that does not fit the pattern's kind.
fn mixed(stray: &SExpr, slot_mode: bool) -> Diagnostic {
    if slot_mode {
        Diagnostic::new(
            stray.span,
            format!(
                "a pattern with slot constraints such as `(color red)` cannot also hold {}",
                describe(stray)
            ),
        )
        .with_label("expected a slot constraint `(slot-name constraint...)`")
    } else {
        // CLIPS reads an ordered pattern field by field and stops at the list's `(`.
        Diagnostic::new(
            stray.span,
            "a pattern cannot mix plain fields with slot constraints such as `(color red)`",
        )
        .with_clips(prntutil2("defrule"))
        .read_to(first_token_end(stray))
        .with_label(
            "to match a function's value write `=(...)`; to test a condition write `:(...)`",
        )
    }
}

/// The constraints of an ordered pattern, one per field; `close` is the offset
/// just past the `)` that closes `items`.
fn field_constraints(items: &[SExpr], close: usize) -> Result<Vec<Constraint>, Diagnostic> {
    let mut pos = 0;
    // A field per item at most (fewer when `&`, `|` or `~` join items).
    let mut out = Vec::with_capacity(items.len());
    // `(red | blue)`: CLIPS reads the connective as constraining the relation name.
    let joined_to_relation = items
        .first()
        .filter(|i| matches!(i.as_token(), Some(Token::Amp | Token::Bar)));
    while pos < items.len() {
        let constraint = parse_constraint(items, &mut pos, close);
        out.push(constraint.map_err(|d| {
            match joined_to_relation {
                Some(connective) if out.is_empty() => d
                    .with_clips(prntutil2(rulelhs::FIRST_FIELD))
                    .read_to(connective.span.end),
                _ => d,
            }
        })?);
    }
    Ok(out)
}

/// The slot constraints of a deftemplate pattern.
fn slot_constraints(lists: &[SExpr]) -> Result<Vec<SlotConstraint>, Diagnostic> {
    let mut out: Vec<SlotConstraint> = Vec::with_capacity(lists.len());
    for list in lists {
        let slot = slot_constraint(list)?;
        if out.iter().any(|s| s.slot.name == slot.slot.name) {
            return Err(Diagnostic::new(
                slot.slot.span,
                format!(
                    "slot `{}` is constrained twice in this pattern",
                    slot.slot.name
                ),
            )
            .with_label(format!(
                "join the constraints with `&` in one `({} ...)`",
                slot.slot.name
            ))
            .with_clips(prntutil5("slot ", Some(slot.slot.name.as_str())))
            .read_to(slot.slot.span.end));
        }
        out.push(slot);
    }
    Ok(out)
}

fn slot_constraint(list: &SExpr) -> Result<SlotConstraint, Diagnostic> {
    let items = list.as_list().unwrap_or_default();
    let Some(head) = items.first() else {
        return Err(
            Diagnostic::new(list.span, "a slot constraint cannot be empty")
                .with_label("expected a slot name and its constraints, e.g. `(color red)`"),
        );
    };
    let Some(slot) = symbol(head) else {
        return Err(Diagnostic::new(
            head.span,
            format!(
                "a slot constraint must start with the slot's name, not {}",
                describe(head)
            ),
        )
        .with_label("expected a slot name, e.g. `(color red)`"));
    };
    let fields = field_constraints(items.get(1..).unwrap_or_default(), list.span.end)?;
    Ok(SlotConstraint {
        slot,
        fields,
        span: list.span,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::TermKind;
    use crate::syntax::parse::test_util::{err_text, one};

    fn pattern(text: &str) -> Result<Pattern, Diagnostic> {
        parse_pattern(&one(text), None)
    }

    #[test]
    fn ordered_patterns() {
        let p = pattern("(point ?x 3 $?rest)").unwrap();
        assert_eq!(p.relation.name, "point");
        let PatternBody::Ordered(fields) = &p.body else {
            panic!("not ordered")
        };
        assert_eq!(fields.len(), 3);
        assert!(matches!(pattern("(done)").unwrap().body, PatternBody::Ordered(f) if f.is_empty()));
        // A predicate's call is not a slot.
        let p = pattern("(n :(> 1 0) =(f))").unwrap();
        assert!(matches!(&p.body, PatternBody::Ordered(f) if f.len() == 2));
        let p = pattern("(n ?x&(f))");
        assert!(p.is_err());
    }

    #[test]
    fn slot_patterns() {
        let p = pattern("(car (color red|blue) (size ?s&:(> ?s 2)) (tags $?t a) (none))").unwrap();
        let PatternBody::Slots(slots) = &p.body else {
            panic!("not slots")
        };
        let names: Vec<_> = slots.iter().map(|s| s.slot.name.as_str()).collect();
        assert_eq!(names, ["color", "size", "tags", "none"]);
        assert_eq!(slots[0].fields[0].any.len(), 2);
        assert_eq!(slots[2].fields.len(), 2);
        assert!(slots[3].fields.is_empty());
        assert!(matches!(
            slots[2].fields[0].any[0][0].kind,
            TermKind::MfVar(_)
        ));
    }

    #[test]
    fn pattern_errors() {
        let cases = [
            ("()", "a pattern cannot be empty", "()"),
            ("(?x a)", "a pattern must start with a relation name (a symbol), not the variable `?x`", "?x"),
            ("(\"a\" b)", "a pattern must start with a relation name (a symbol), not the string \"a\"", "\"a\""),
            ("(a b (c))", "a pattern cannot mix plain fields with slot constraints such as `(color red)`", "(c)"),
            ("(a (b) c)", "a pattern with slot constraints such as `(color red)` cannot also hold the symbol `c`", "c"),
            ("(a (b 1) (b 2))", "slot `b` is constrained twice in this pattern", "b"),
            ("(a (b 1) ())", "a slot constraint cannot be empty", "()"),
            ("(a (1 2))", "a slot constraint must start with the slot's name, not the number 1", "1"),
            ("(a (b ?x&))", "the connective `&` must be followed by a term", "&"),
            ("(a ?x:(> ?x 1))", "this call is not joined to `?x`: `?x:` reads as one name", "(> ?x 1)"),
            ("(a red=(f))", "this call is not joined to `red`: `red=` reads as one name", "(f)"),
        ];
        for (text, message, at) in cases {
            assert_eq!(
                err_text(text, pattern(text)),
                (message.to_string(), at.to_string()),
                "{text}"
            );
        }
    }
}
