//! Where conditional elements may appear in a rule: `logical` never inside
//! `not`/`exists`/`forall`, and no pattern inside those bound. (That `logical` CEs
//! come first is checked once `or` is expanded: `(or (logical (a)) (logical (b)))`
//! puts them first in each disjunct.)

use crate::messages;
use crate::syntax::ast::Ce;
use crate::syntax::Diagnostic;

/// Checks the placement rules over a rule's whole left-hand side.
pub(super) fn check_lhs(lhs: &[Ce]) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for ce in lhs {
        check_nested(ce, None, &mut errors);
    }
    errors
}

/// Checks `ce`, which lies inside the `not`/`exists`/`forall` named by `within`, if any.
fn check_nested(ce: &Ce, within: Option<&str>, errors: &mut Vec<Diagnostic>) {
    let (children, inner) = match ce {
        Ce::Pattern(p) => {
            if let (Some(binding), Some(within)) = (p.binding, within) {
                errors.push(
                    Diagnostic::new(
                        binding.span,
                        format!(
                            "a pattern inside `{within}` cannot be bound to `?{}`",
                            binding.name
                        ),
                    )
                    .with_label(format!(
                        "no single fact is kept inside `{within}`: remove `?{} <-`",
                        binding.name
                    ))
                    .with_clips(messages::rulelhs::rulelhs2())
                    .read_to(binding.span.end),
                );
            }
            return;
        }
        Ce::Test(..) => return,
        Ce::Not(inner, _) => (std::slice::from_ref(&**inner), Some("not")),
        Ce::Exists(ces, _) => (ces.as_slice(), Some("exists")),
        Ce::Forall(ces, _) => (ces.as_slice(), Some("forall")),
        Ce::Logical(ces, _) => {
            if let Some(within) = within {
                errors.push(
                    Diagnostic::new(
                        ce.span(),
                        format!("`logical` cannot be used inside `{within}`"),
                    )
                    .with_label("put `logical` at the start of the rule, outside `not`, `exists` and `forall`")
                    .with_clips(messages::rulelhs::rulelhs1())
                    // CLIPS stops right after the word `logical`.
                    .read_to(ces.first().map_or(ce.span().end, |c| c.span().start)),
                );
            }
            (ces.as_slice(), None)
        }
        Ce::And(ces, _) | Ce::Or(ces, _) => (ces.as_slice(), None),
    };
    let within = inner.or(within);
    for child in children {
        check_nested(child, within, errors);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::{parse_ce, test_util::one};

    fn check(text: &str) -> Vec<(String, String)> {
        let source = format!("(lhs {text})");
        let list = one(&source);
        let items = &list.as_list().unwrap()[1..];
        let mut pos = 0;
        let mut lhs = Vec::new();
        while pos < items.len() {
            lhs.push(parse_ce(items, &mut pos).unwrap());
        }
        check_lhs(&lhs)
            .into_iter()
            .map(|d| (d.message, source[d.span.start..d.span.end].to_string()))
            .collect()
    }

    #[test]
    fn allowed_placements() {
        assert!(check("(logical (a)) (logical (b)) (c)").is_empty());
        assert!(check("(and (logical (b))) (or ?f <- (a) (b)) ?g <- (c)").is_empty());
        assert!(check("(logical (b) (logical (c)) ?f <- (d))").is_empty());
        // Order is checked once `or` is expanded.
        assert!(check("(or (logical (a)) (logical (b))) (logical (c))").is_empty());
    }

    #[test]
    fn placement_errors() {
        let m = |s: &str, at: &str| (s.to_string(), at.to_string());
        assert_eq!(
            check("(not (logical (b)))"),
            [m("`logical` cannot be used inside `not`", "(logical (b))")]
        );
        assert_eq!(
            check("(not ?f <- (a))"),
            [m("a pattern inside `not` cannot be bound to `?f`", "?f")]
        );
        assert_eq!(
            check("(exists (and ?f <- (a)))"),
            [m("a pattern inside `exists` cannot be bound to `?f`", "?f")]
        );
        assert_eq!(
            check("(forall (a) (logical ?f <- (b)))"),
            [
                m(
                    "`logical` cannot be used inside `forall`",
                    "(logical ?f <- (b))"
                ),
                m("a pattern inside `forall` cannot be bound to `?f`", "?f")
            ]
        );
    }
}
