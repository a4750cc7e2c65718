//! `(defhypothesis name ["comment"] (clause ...) ...)`, the Salience extension that
//! declares hypothetical reasoning (see `docs/hypothetical-reasoning.md`).
//!
//! Each clause is a list headed by its keyword; clauses may come in any order, each
//! at most once. Only the shape is checked here (names are symbols, counts are
//! right, levels are known); `compile` resolves the names.

use super::common::{closing, describe, header, symbol};
use crate::syntax::ast::{Defhypothesis, Ident};
use crate::syntax::sexpr::SExpr;
use crate::syntax::{Diagnostic, Span};

/// The clauses of a defhypothesis: keyword, whether required, how many names it takes.
const CLAUSES: [(&str, bool, Arity); 8] = [
    ("hypothesis", true, Arity::One),
    ("assume-true", true, Arity::One),
    ("assume-false", true, Arity::One),
    ("contradiction", true, Arity::One),
    ("solved", false, Arity::One),
    ("keep", true, Arity::Many),
    ("propagate", false, Arity::Many),
    ("levels", true, Arity::Many),
];

/// The levels of hypothetical reasoning, as written in `(levels ...)`.
pub const LEVEL_NAMES: [&str; 4] = ["te1", "bliss1", "bliss2", "te2"];

/// How many names a clause takes.
#[derive(Clone, Copy)]
enum Arity {
    One,
    Many,
}

/// What the clauses look like, for labels.
const EXPECTED_CLAUSE: &str = "expected one of: (hypothesis TEMPLATE), (assume-true FUNCTION), (assume-false FUNCTION), (contradiction TEMPLATE), (solved TEMPLATE), (keep TEMPLATE...), (propagate MODULE...), (levels te1 bliss1 bliss2 te2)";

/// Parses a defhypothesis; `items` are the list's items, `defhypothesis` included.
pub(super) fn parse_defhypothesis(
    items: &[SExpr],
    whole: Span,
) -> Result<Defhypothesis, Vec<Diagnostic>> {
    let header = header(items, whole, "defhypothesis").map_err(|d| vec![d])?;
    let mut errors = Vec::new();
    let mut seen = [false; CLAUSES.len()];
    let mut found: [Vec<Ident>; CLAUSES.len()] = Default::default();
    for item in items.get(header.body..).unwrap_or_default() {
        let index = match clause_index(item) {
            Ok(index) => index,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        if seen[index] {
            errors.push(
                Diagnostic::new(
                    item.span,
                    format!("duplicate `{}` clause", CLAUSES[index].0),
                )
                .with_label("each clause may be given once"),
            );
            continue;
        }
        seen[index] = true;
        match clause_names(item, index) {
            Ok(names) => found[index] = names,
            Err(e) => errors.push(e),
        }
    }
    for (index, (keyword, required, _)) in CLAUSES.iter().enumerate() {
        if *required && !seen[index] {
            errors.push(
                Diagnostic::new(
                    closing(whole),
                    format!(
                        "missing `{keyword}` clause in defhypothesis `{}`",
                        header.name.name
                    ),
                )
                .with_label(format!("add ({keyword} ...)")),
            );
        }
    }
    check_levels(&found[7], &mut errors);
    let [hypothesis, assume_true, assume_false, contradiction, solved, keep, propagate, levels] =
        found;
    let first = |names: Vec<Ident>| names.into_iter().next();
    match (
        first(hypothesis),
        first(assume_true),
        first(assume_false),
        first(contradiction),
    ) {
        (Some(hypothesis), Some(assume_true), Some(assume_false), Some(contradiction))
            if errors.is_empty() =>
        {
            Ok(Defhypothesis {
                name: header.name,
                comment: header.comment,
                hypothesis,
                assume_true,
                assume_false,
                contradiction,
                solved: first(solved),
                keep,
                propagate,
                levels,
                span: whole,
            })
        }
        // A required clause is absent or malformed: it has been reported.
        _ => Err(errors),
    }
}

/// The index in [`CLAUSES`] of the clause `item`.
fn clause_index(item: &SExpr) -> Result<usize, Diagnostic> {
    let keyword = item.head().map(|h| h.as_str());
    CLAUSES
        .iter()
        .position(|c| Some(c.0) == keyword)
        .ok_or_else(|| {
            let list = item.as_list().unwrap_or_default();
            let at = list
                .first()
                .filter(|h| h.as_symbol().is_some())
                .unwrap_or(item);
            Diagnostic::new(
                at.span,
                format!("expected a defhypothesis clause, found {}", describe(at)),
            )
            .with_label(EXPECTED_CLAUSE)
        })
}

/// The names of clause `item`, whose keyword is `CLAUSES[index]`.
fn clause_names(item: &SExpr, index: usize) -> Result<Vec<Ident>, Diagnostic> {
    let (name, _, arity) = CLAUSES[index];
    let args = item.as_list().and_then(|l| l.get(1..)).unwrap_or_default();
    let what = match name {
        "assume-true" | "assume-false" => "a deffunction name",
        "propagate" => "a module name",
        "levels" => "a level (te1, bliss1, bliss2 or te2)",
        _ => "a template name",
    };
    let mut names = Vec::with_capacity(args.len());
    for arg in args {
        let Some(ident) = symbol(arg) else {
            return Err(Diagnostic::new(
                arg.span,
                format!("expected {what} in `{name}`, found {}", describe(arg)),
            )
            .with_label(format!("expected {what}")));
        };
        names.push(ident);
    }
    match (arity, names.len()) {
        (_, 0) => Err(
            Diagnostic::new(closing(item.span), format!("`{name}` needs {what}"))
                .with_label(format!("expected {what}")),
        ),
        (Arity::One, n) if n > 1 => Err(Diagnostic::new(
            names[1].span,
            format!("`{name}` takes one name, found {n}"),
        )
        .with_label("remove the extra names")),
        _ => Ok(names),
    }
}

/// Checks that every level is known and named once.
fn check_levels(levels: &[Ident], errors: &mut Vec<Diagnostic>) {
    for (i, level) in levels.iter().enumerate() {
        if !LEVEL_NAMES.contains(&level.name.as_str()) {
            errors.push(
                Diagnostic::new(level.span, format!("unknown level `{}`", level.name))
                    .with_label("expected te1, bliss1, bliss2 or te2"),
            );
        } else if levels[..i].iter().any(|l| l.name == level.name) {
            errors.push(
                Diagnostic::new(
                    level.span,
                    format!("level `{}` is listed twice", level.name),
                )
                .with_label("name each level once"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{errs_text, one};
    use super::*;

    fn parse(text: &str) -> Result<Defhypothesis, Vec<Diagnostic>> {
        let item = one(text);
        parse_defhypothesis(item.as_list().unwrap(), item.span)
    }

    const FULL: &str = "(defhypothesis h \"c\" (hypothesis cand) (assume-true place) (assume-false drop) (contradiction conflict) (solved done) (keep cand value) (propagate SOLVE) (levels te1 bliss1))";

    #[test]
    fn a_full_declaration() {
        let h = parse(FULL).expect("parses");
        assert_eq!(h.name.name, "h");
        assert_eq!(h.comment.as_deref(), Some("c"));
        assert_eq!(h.hypothesis.name, "cand");
        assert_eq!(h.assume_false.name, "drop");
        assert_eq!(
            h.solved.map(|s| s.name.to_string()).as_deref(),
            Some("done")
        );
        assert_eq!(h.keep.len(), 2);
        assert_eq!(h.propagate[0].name, "SOLVE");
        assert_eq!(h.levels.len(), 2);
    }

    #[test]
    fn malformed_declarations() {
        let text = "(defhypothesis h (hypothesis a b) (assume-true) (keep 1) (levels te3 te1 te1) (frob x) (keep k))";
        let expected = [
            ("`hypothesis` takes one name, found 2", "b"),
            ("`assume-true` needs a deffunction name", ")"),
            (
                "expected a template name in `keep`, found the number 1",
                "1",
            ),
            (
                "expected a defhypothesis clause, found the symbol `frob`",
                "frob",
            ),
            ("duplicate `keep` clause", "(keep k)"),
            ("missing `assume-false` clause in defhypothesis `h`", ")"),
            ("missing `contradiction` clause in defhypothesis `h`", ")"),
            ("unknown level `te3`", "te3"),
            ("level `te1` is listed twice", "te1"),
        ];
        let expected: Vec<(String, String)> = expected
            .iter()
            .map(|(m, at)| (m.to_string(), at.to_string()))
            .collect();
        assert_eq!(errs_text(text, parse(text)), expected);
    }
}
