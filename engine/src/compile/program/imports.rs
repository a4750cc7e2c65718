//! The checks CLIPS makes of a defmodule as it reads it: that it is not a
//! redefinition (`[CSTRCPSR4]`: only MAIN, while it has no imports or exports,
//! can be defined again), and that each module it imports from exists and exports
//! what is imported (`[PRNTUTIL1]`, `[MODULPSR1]`), in the order CLIPS reads them.

use super::{ModuleId, Program};
use crate::messages::constructs::cstrcpsr4;
use crate::messages::modulpsr::modulpsr1;
use crate::messages::prntutil::prntutil1;
use crate::syntax::ast::{Defmodule, Ident, PortItems, PortSpec};
use crate::syntax::Diagnostic;
use crate::value::Atom;

/// Whether a specification lists anything (CLIPS keeps no entry for `?NONE`).
fn lists_something(items: &PortItems) -> bool {
    match items {
        PortItems::All => true,
        PortItems::None => false,
        PortItems::Kind { names, .. } => names.as_ref().is_none_or(|n| !n.is_empty()),
    }
}

/// Whether an export specification of a module covers importing `kind` (one
/// construct of it, `name`, when given).
fn exports(export: &PortItems, kind: Atom, name: Option<Atom>) -> bool {
    match export {
        PortItems::All => true,
        PortItems::None => false,
        PortItems::Kind { construct, names } => {
            construct.name == kind
                && match (names, name) {
                    (None, _) | (_, None) => true,
                    (Some(names), Some(name)) => names.iter().any(|n| n.name == name),
                }
        }
    }
}

impl Program {
    /// Checks defmodule `m` as CLIPS does while reading it, before its import and
    /// export conflicts: its name (see [`Program::check_imports`] for the rest).
    pub fn check_defmodule(&self, m: &Defmodule) -> Result<(), Diagnostic> {
        self.check_redefinition(&m.name)?;
        self.check_imports(m)
    }

    /// Checks each import of defmodule `m` in turn, then the syntax error that
    /// ended it, if any (after the module its specification imports from): all
    /// that CLIPS's `check-syntax` checks, which does not mind a module defined
    /// already.
    pub fn check_imports(&self, m: &Defmodule) -> Result<(), Diagnostic> {
        for port in m.ports.iter().filter(|p| p.import) {
            if let Some(from) = &port.module {
                let source = self.exporting_module(from)?;
                self.check_imported(source, port)?;
            }
        }
        match &m.error {
            Some(error) => {
                if let Some(from) = &error.import_from {
                    self.exporting_module(from)?;
                }
                Err(error.diagnostic.clone())
            }
            None => Ok(()),
        }
    }

    /// CLIPS's `[CSTRCPSR4]` for a defmodule named `name` that exists: modules
    /// cannot be redefined, but for MAIN while it imports and exports nothing.
    fn check_redefinition(&self, name: &Ident) -> Result<(), Diagnostic> {
        let Some(id) = self.module_id(name.name) else {
            return Ok(());
        };
        let module = &self.modules[id.0 as usize];
        let redefinable = id == ModuleId(0)
            && (module.definition.iter())
                .flat_map(|d| d.ports.iter())
                .all(|p| !lists_something(&p.items));
        if redefinable {
            return Ok(());
        }
        Err(Diagnostic::new(
            name.span,
            format!("module `{}` is already defined", name.name),
        )
        .with_label("a defmodule cannot be redefined; (clear) removes every module")
        .with_clips(cstrcpsr4("defmodule", name.name.as_str()))
        .read_to(name.span.end))
    }

    /// The module `from` a defmodule imports from: `[PRNTUTIL1]` if there is none,
    /// `[MODULPSR1]` if it exports nothing.
    fn exporting_module(&self, from: &Ident) -> Result<ModuleId, Diagnostic> {
        let Some(id) = self.module_id(from.name) else {
            return Err(
                Diagnostic::new(from.span, format!("unknown module `{}`", from.name))
                    .with_label("define it with (defmodule ...) first")
                    .with_clips(prntutil1("defmodule", from.name.as_str(), true))
                    .read_to(from.span.end),
            );
        };
        if !self.exported(id).any(lists_something) {
            return Err(not_exported(from, None, None, from.span.end));
        }
        Ok(id)
    }

    /// The export specifications of module `id`.
    fn exported(&self, id: ModuleId) -> impl Iterator<Item = &PortItems> + '_ {
        (self.modules[id.0 as usize].definition.iter())
            .flat_map(|d| d.ports.iter())
            .filter(|p| !p.import)
            .map(|p| &p.items)
    }

    /// `[MODULPSR1]` unless module `source` exports what `port` imports: the kind
    /// (checked for the last name listed, as CLIPS does), then each construct
    /// named, last first, which must be visible in `source`.
    fn check_imported(&self, source: ModuleId, port: &PortSpec) -> Result<(), Diagnostic> {
        let PortItems::Kind { construct, names } = &port.items else {
            return Ok(());
        };
        let Some(from) = &port.module else {
            return Ok(());
        };
        let names: &[Ident] = names.as_deref().unwrap_or_default();
        if names.is_empty() && !lists_something(&port.items) {
            return Ok(());
        }
        let last = names.last().map(|n| n.name);
        let kind = construct.name;
        if !self.exported(source).any(|e| exports(e, kind, last)) {
            return Err(not_exported(from, Some(kind), last, port.span.end));
        }
        match names
            .iter()
            .rev()
            .find(|n| !self.visible_in(source, kind, n.name))
        {
            Some(missing) => Err(not_exported(
                from,
                Some(kind),
                Some(missing.name),
                port.span.end,
            )),
            None => Ok(()),
        }
    }

    /// Whether module `module` sees a construct of kind `kind` named `name`: its own
    /// or one it imports.
    fn visible_in(&self, module: ModuleId, kind: Atom, name: Atom) -> bool {
        match kind.as_str() {
            "deftemplate" => self.template_from(module, name).is_some(),
            "deffunction" => self.function_from(module, name).is_some(),
            "defglobal" => self.global_from(module, name).is_some(),
            // Kinds Salience does not support: their constructs are refused where
            // they are defined.
            _ => true,
        }
    }
}

/// CLIPS's `[MODULPSR1]`: module `from` does not export what is imported (see
/// [`modulpsr1`]), found when CLIPS had read to `read_to`.
fn not_exported(
    from: &Ident,
    kind: Option<Atom>,
    name: Option<Atom>,
    read_to: usize,
) -> Diagnostic {
    let what = match (kind, name) {
        (None, _) => "anything".to_string(),
        (Some(kind), None) => format!("any {kind}"),
        (Some(kind), Some(name)) => format!("the {kind} `{name}`"),
    };
    Diagnostic::new(
        from.span,
        format!("module `{}` does not export {what}", from.name),
    )
    .with_label("add it to the module's (export ...) specifications")
    .with_clips(modulpsr1(
        from.name.as_str(),
        kind.as_ref().map(|k| k.as_str()),
        name.as_ref().map(|n| n.as_str()),
    ))
    .read_to(read_to)
}
