//! A `defhypothesis` with its names resolved: the templates, deffunctions and
//! modules that hypothetical reasoning works with, and the levels it tries.

use super::program::Program;
use super::template::{ModuleId, TemplateId};
use crate::syntax::ast::{Defhypothesis, Ident};
use crate::syntax::Diagnostic;
use crate::value::Atom;

/// A level of hypothetical reasoning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Trial and error: an alternative whose assumption leads to a contradiction is false.
    Te1,
    /// Assume an alternative true, then false; keep what both branches conclude.
    Bliss1,
    /// Two alternatives, four combinations; keep what every consistent branch concludes.
    Bliss2,
    /// Trial and error with trial and error (depth 1) inside each branch.
    Te2,
}

impl Level {
    /// The name written in `(levels ...)`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Te1 => "te1",
            Level::Bliss1 => "bliss1",
            Level::Bliss2 => "bliss2",
            Level::Te2 => "te2",
        }
    }

    /// How many assumptions a branch of this level nests.
    pub fn depth(self) -> u32 {
        match self {
            Level::Te1 | Level::Bliss1 => 1,
            Level::Bliss2 | Level::Te2 => 2,
        }
    }

    fn from_name(name: &str) -> Option<Level> {
        [Level::Te1, Level::Bliss1, Level::Bliss2, Level::Te2]
            .into_iter()
            .find(|l| l.name() == name)
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A compiled defhypothesis.
#[derive(Debug, Clone)]
pub struct Hypothesis {
    /// Its name.
    pub name: Atom,
    /// The template whose facts are the alternatives.
    pub hypothesis: TemplateId,
    /// The deffunction (id) that assumes an alternative true.
    pub assume_true: u32,
    /// The deffunction (id) that assumes an alternative false.
    pub assume_false: u32,
    /// The template of contradiction facts.
    pub contradiction: TemplateId,
    /// The template of solution facts, if declared.
    pub solved: Option<TemplateId>,
    /// The templates whose net changes are conclusions.
    pub keep: Vec<TemplateId>,
    /// The modules focused in a branch, the first on top.
    pub propagate: Vec<ModuleId>,
    /// The levels, in the order they are tried.
    pub levels: Vec<Level>,
}

/// Resolves the names of a defhypothesis against the program. Templates that are not
/// defined are taken as ordered facts' relations (as patterns do); deffunctions must
/// exist and take one argument; modules must exist.
pub fn compile(program: &mut Program, h: &Defhypothesis) -> Result<Hypothesis, Diagnostic> {
    let mut template = |id: &Ident| {
        program
            .template_or_implied(id.name)
            .map_err(|e| e.at(id.span))
    };
    let hypothesis = template(&h.hypothesis)?;
    let contradiction = template(&h.contradiction)?;
    let solved = h.solved.as_ref().map(&mut template).transpose()?;
    let keep = h.keep.iter().map(&mut template).collect::<Result<_, _>>()?;
    let assume_true = function(program, &h.assume_true)?;
    let assume_false = function(program, &h.assume_false)?;
    let propagate = if h.propagate.is_empty() {
        vec![ModuleId(0)]
    } else {
        h.propagate
            .iter()
            .map(|m| {
                program.module_id(m.name).ok_or_else(|| {
                    Diagnostic::new(m.span, format!("unknown module `{}`", m.name))
                        .with_label("define it with (defmodule ...) before the defhypothesis")
                })
            })
            .collect::<Result<_, _>>()?
    };
    let levels = h
        .levels
        .iter()
        .filter_map(|l| Level::from_name(&l.name))
        .collect();
    Ok(Hypothesis {
        name: crate::compile::program::unqualified(h.name.name),
        hypothesis,
        assume_true,
        assume_false,
        contradiction,
        solved,
        keep,
        propagate,
        levels,
    })
}

/// The id of the deffunction `name`, which must take exactly one argument.
fn function(program: &Program, name: &Ident) -> Result<u32, Diagnostic> {
    let id = program.function_id(name.name).ok_or_else(|| {
        Diagnostic::new(name.span, format!("unknown deffunction `{}`", name.name))
            .with_label("define it with (deffunction NAME (?fact) ...) before the defhypothesis")
    })?;
    let f = &program.functions[id as usize];
    if f.params == 1 || (f.params == 0 && f.rest) {
        Ok(id)
    } else {
        Err(Diagnostic::new(
            name.span,
            format!(
                "deffunction `{}` must take one argument (the fact)",
                name.name
            ),
        )
        .with_label(format!("it takes {}", f.params)))
    }
}
