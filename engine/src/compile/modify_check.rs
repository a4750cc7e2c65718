//! The checks CLIPS makes, once it has read a rule, of each `modify` and
//! `duplicate` among its actions whose fact is a variable bound to a pattern of
//! a deftemplate (`UpdateModifyDuplicate`): the slots named exist, a single-field
//! slot gets one value, and the constants given suit the slot.

use super::expr::literal_violation;
use super::template::Template;
use crate::messages::{constraints, templates};
use crate::syntax::ast::{Call, Expr};
use crate::syntax::Diagnostic;
use crate::value::Atom;

/// Checks one slot change `slot` (`(name value...)`, the `=` markers dropped from
/// `values`) of a `what` (`modify` or `duplicate`) of a fact of template `t`.
/// `multifield_only` tells that the one value is a call that returns only a
/// multifield. The error is found once the whole rule is read.
pub(super) fn check_slot_change(
    t: &Template,
    what: &str,
    slot: &Call,
    values: &[Expr],
    multifield_only: bool,
) -> Result<(), Diagnostic> {
    let name = slot.name.name;
    let Some(index) = t.slot_index(name) else {
        return Err(Diagnostic::new(
            slot.name.span,
            format!("unknown slot `{name}` in template `{}`", t.name),
        )
        .with_label(format!("expected one of: {}", t.slot_names()))
        .with_clips(templates::tmpltdef1(name.as_str(), t.name.as_str(), true)));
    };
    let s = &t.slots[index];
    let one_field =
        matches!(values, [value] if !matches!(value, Expr::MfVar(_)) && !multifield_only);
    if !s.multi && !one_field {
        return Err(Diagnostic::new(
            slot.span,
            format!("single-field slot `{name}` needs exactly one value"),
        )
        .with_label("use a multislot to hold several values")
        .with_clips(templates::tmpltdef2(name.as_str())));
    }
    if let Some((value, violation)) = literal_violation(s, values) {
        return Err(Diagnostic::new(
            slot.span,
            format!(
                "slot `{name}` of template `{}` cannot hold {}",
                t.name,
                value.repr()
            ),
        )
        .with_label(s.constraint.explain(&value, &violation))
        .with_clips(constraints::cstrnchk1_literal(
            what,
            name.as_str(),
            &violation,
        )));
    }
    Ok(())
}

/// Whether the actions `exprs` bind variable `?name` with `bind` anywhere: CLIPS
/// then no longer knows which fact it holds, and checks none of its changes.
pub fn binds(exprs: &[Expr], name: Atom) -> bool {
    super::expr::bind_targets(exprs).contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::parse_expr;
    use crate::syntax::sexpr::read_all;
    use crate::value::atom;

    fn actions(text: &str) -> Vec<Expr> {
        let items = read_all(text).expect("reads");
        items
            .iter()
            .map(|i| parse_expr(i).expect("parses"))
            .collect()
    }

    #[test]
    fn a_bind_anywhere_among_the_actions_counts() {
        let rhs = actions("(printout t ?f) (if TRUE then (bind ?f 1))");
        assert!(binds(&rhs, atom("f")));
        assert!(!binds(&rhs, atom("g")));
        assert!(!binds(&actions("(modify ?f (x (bind ?g ?f)))"), atom("f")));
    }
}
