//! Which error of a defrule CLIPS reports first when Salience's reading of the
//! rule found one among its actions: CLIPS reads the patterns against the
//! templates they name before it reads the actions, so an error it finds in a
//! pattern while reading (an unknown slot, a slot given too many constraints)
//! comes first, though Salience finds it only when it compiles the rule.

use super::commands::TABLE;
use super::Environment;
use crate::compile::lhs::LhsCompiler;
use crate::syntax::ast::{Construct, TopLevel};
use crate::syntax::parse::parse_top_level;
use crate::syntax::sexpr::{SExpr, SExprKind};
use crate::syntax::Diagnostic;

impl Environment {
    /// The construct `item` holds, `None` if it holds a command, or the first problem
    /// CLIPS finds in it (see [`Environment::first_reading_error`]); `unclosed` is the
    /// reading error of a construct never closed, an error even when what was read
    /// parses.
    pub(super) fn parse_construct(
        &mut self,
        item: &SExpr,
        unclosed: Option<Diagnostic>,
    ) -> Result<Option<Box<Construct>>, Diagnostic> {
        match (parse_top_level(item), unclosed) {
            (Ok(_), Some(unclosed)) => Err(unclosed),
            (Ok(TopLevel::Construct(c)), None) => Ok(Some(c)),
            (Ok(TopLevel::Command(_)), None) => Ok(None),
            (Err(ds), _) => Err(self.first_reading_error(item, ds)),
        }
    }

    /// The error CLIPS reports for construct `item`, whose reading found
    /// `errors` (at least one): the one reached first, unless `item` is a defrule
    /// whose patterns read well and hold an error found while reading them.
    pub(super) fn first_reading_error(
        &mut self,
        item: &SExpr,
        errors: Vec<Diagnostic>,
    ) -> Diagnostic {
        let first = errors.into_iter().min_by_key(Diagnostic::reached);
        let first = first.unwrap_or_else(|| Diagnostic::new(item.span, "malformed construct"));
        match self.pattern_reading_error(item, first.reached()) {
            Some(earlier) => earlier,
            None => first,
        }
    }

    /// For a defrule `item`: an error CLIPS finds reading its patterns, before
    /// offset `before`, when everything before its `=>` reads well.
    fn pattern_reading_error(&mut self, item: &SExpr, before: usize) -> Option<Diagnostic> {
        let items = item.as_list()?;
        if !items.first().is_some_and(|h| h.is_symbol("defrule")) {
            return None;
        }
        let arrow = items.iter().position(|i| i.is_symbol("=>"))?;
        if before < items[arrow].span.end {
            return None;
        }
        let patterns = SExpr {
            kind: SExprKind::List(items[..=arrow].to_vec()),
            span: item.span,
        };
        let Ok(TopLevel::Construct(construct)) = parse_top_level(&patterns) else {
            return None;
        };
        let Construct::Rule(rule) = *construct else {
            return None;
        };
        let compiled = LhsCompiler::new(&mut self.rt.program, &TABLE).compile(&rule.lhs);
        compiled
            .err()
            .filter(|d| d.clips.is_some() && d.read_to.is_some_and(|r| r < before))
    }
}
