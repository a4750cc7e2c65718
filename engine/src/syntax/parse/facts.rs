//! `(deffacts name ["comment"] fact...)`.

use super::common::{header, reject_local_vars, Diags};
use super::expr::parse_fact;
use crate::messages::prntutil::prntutil6;
use crate::syntax::ast::{Deffacts, FactSpec};
use crate::syntax::sexpr::SExpr;
use crate::syntax::{Diagnostic, Span};

/// Parses a deffacts; `items` are the list's items, `deffacts` included.
pub(super) fn parse_deffacts(items: &[SExpr], whole: Span) -> Result<Deffacts, Vec<Diagnostic>> {
    let header = header(items, whole, "deffacts").map_err(|d| vec![d])?;
    let mut diags = Diags::default();
    // CLIPS finds a local variable once it has read the whole deffacts.
    let local = |d: Diagnostic| d.with_clips(prntutil6()).read_to(whole.end);
    let facts = (items.get(header.body..).unwrap_or_default().iter())
        .filter_map(|item| diags.one(fact(item, local)))
        .collect();
    diags.finish(Deffacts {
        name: header.name,
        comment: header.comment,
        facts,
        span: whole,
    })
}

/// One fact of a deffacts, where nothing binds local variables.
/// `local` makes CLIPS's report of a local variable.
fn fact(item: &SExpr, local: impl Fn(Diagnostic) -> Diagnostic) -> Result<FactSpec, Diagnostic> {
    let fact = parse_fact(item)?;
    for expr in &fact.items {
        reject_local_vars(expr, "a deffacts fact").map_err(&local)?;
    }
    Ok(fact)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::test_util::{errs_text, one};

    fn deffacts(text: &str) -> Result<Deffacts, Vec<Diagnostic>> {
        let item = one(text);
        parse_deffacts(item.as_list().unwrap(), item.span)
    }

    #[test]
    fn facts() {
        let d = deffacts("(deffacts start \"c\" (a 1) (car (color red)) (g ?*x* (+ 1 2)) (empty))")
            .unwrap();
        assert_eq!(d.name.name, "start");
        assert_eq!(d.comment.as_deref(), Some("c"));
        assert_eq!(d.facts.len(), 4);
        assert!(deffacts("(deffacts none)").unwrap().facts.is_empty());
    }

    #[test]
    fn deffacts_errors() {
        let text = "(deffacts d (a ?x) b (\"s\") (ok) (c (f $?y)))";
        assert_eq!(
            errs_text(text, deffacts(text)),
            [
                (
                    "a deffacts fact cannot use the variable `?x`: nothing binds it there"
                        .to_string(),
                    "?x".to_string()
                ),
                (
                    "expected a fact, found the symbol `b`".to_string(),
                    "b".to_string()
                ),
                (
                    "a fact must start with its relation name, not the string \"s\"".to_string(),
                    "\"s\"".to_string()
                ),
                (
                    "a deffacts fact cannot use the variable `$?y`: nothing binds it there"
                        .to_string(),
                    "$?y".to_string()
                ),
            ]
        );
        let text = "(deffacts)";
        assert_eq!(
            errs_text(text, deffacts(text)),
            [("missing name for deffacts".to_string(), ")".to_string())]
        );
    }
}
