//! Modules' views of each other's constructs: what a module sees through its
//! imports (and the imports its sources export again), and CLIPS's import/export
//! conflict (`[CSTRCPSR3]`), which forbids a definition that would let some module
//! see two constructs of one kind and name.

use super::{split_qualified, Program};
use crate::compile::template::{ModuleId, TemplateId};
use crate::messages::constructs::{cstrcpsr3, cstrcpsr3_defmodule};
use crate::syntax::ast::{Defmodule, PortItems, PortSpec};
use crate::syntax::{Diagnostic, Span};
use crate::value::{atom, Atom};
use rustc_hash::FxHashMap;

/// A construct that cannot be defined because some module would then see two
/// constructs of its kind and name (CLIPS's `[CSTRCPSR3]`).
#[derive(Debug, Clone, PartialEq)]
pub struct ImportExportConflict {
    /// The construct's kind.
    pub kind: Exported,
    /// Its name.
    pub name: Atom,
    /// Whether it is the implied template of an ordered fact.
    pub implied: bool,
    /// A module that would see two constructs of that name.
    pub module: Atom,
}

impl ImportExportConflict {
    /// CLIPS's message for the conflict (starting with a line break).
    fn clips(&self) -> String {
        cstrcpsr3(self.kind.keyword(), self.name.as_str(), self.implied)
    }

    /// The error as a diagnostic pointing at `span`, where the construct is named
    /// (CLIPS stops reading there).
    pub fn at(&self, span: Span) -> Diagnostic {
        Diagnostic::new(span, self.to_string())
            .with_label(format!(
                "module {} would see two {}s named {}",
                self.module,
                self.kind.keyword(),
                self.name
            ))
            .with_clips(self.clips())
            .read_to(span.end)
    }
}

impl std::fmt::Display for ImportExportConflict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.clips().trim_start())
    }
}

impl std::error::Error for ImportExportConflict {}

/// A defmodule that cannot be defined because it would see two constructs of one
/// kind and name through its imports (CLIPS's `[CSTRCPSR3]`).
#[derive(Debug, Clone, PartialEq)]
pub struct ModuleConflict {
    /// The module.
    pub module: Atom,
    /// The kind of the construct it would see twice.
    pub kind: Exported,
    /// The construct's name.
    pub name: Atom,
}

impl ModuleConflict {
    /// CLIPS's message for the conflict (starting with a line break).
    fn clips(&self) -> String {
        cstrcpsr3_defmodule(
            self.module.as_str(),
            self.kind.keyword(),
            self.name.as_str(),
        )
    }

    /// The error as a diagnostic pointing at `span`, where the module is named;
    /// CLIPS finds it once it has read the whole construct, which ends at `end`.
    pub fn at(&self, span: Span, end: usize) -> Diagnostic {
        Diagnostic::new(span, self.to_string())
            .with_label(format!(
                "it would see two {}s named {} through its imports",
                self.kind.keyword(),
                self.name
            ))
            .with_clips(self.clips())
            .read_to(end)
    }
}

impl std::fmt::Display for ModuleConflict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.clips().trim_start())
    }
}

impl std::error::Error for ModuleConflict {}

/// Whether an import or export specification covers the construct of kind `kind`
/// named `name`.
fn covers(items: &PortItems, kind: Exported, name: Atom) -> bool {
    match items {
        PortItems::All => true,
        PortItems::None => false,
        PortItems::Kind { construct, names } => {
            construct.name.as_str() == kind.keyword()
                && names
                    .as_ref()
                    .is_none_or(|n| n.iter().any(|i| i.name == name))
        }
    }
}

/// The kinds of construct a module exports and imports by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exported {
    /// Deftemplates.
    Template,
    /// Deffunctions.
    Function,
    /// Defglobals.
    Global,
    /// Defclasses.
    Class,
}

impl Exported {
    /// Every kind, in the order CLIPS checks a new module's imports.
    const IN_CHECK_ORDER: [Exported; 3] =
        [Exported::Template, Exported::Global, Exported::Function];

    /// The construct keyword naming the kind in `export` and `import` specifications.
    fn keyword(self) -> &'static str {
        match self {
            Exported::Template => "deftemplate",
            Exported::Function => "deffunction",
            Exported::Global => "defglobal",
            Exported::Class => "defclass",
        }
    }
}

impl Program {
    /// The template `name` as seen from module `from`.
    pub fn template_from(&self, from: ModuleId, name: Atom) -> Option<TemplateId> {
        self.seen_from(&self.template_ids, Exported::Template, from, name)
    }

    /// The construct of kind `kind` named `name` (`MODULE::name` or a bare name) as
    /// module `from` sees it, in `ids` (by defining module and name): its own, or one
    /// it imports, directly or through modules that export what they import.
    pub(super) fn seen_from<Id: Copy>(
        &self,
        ids: &FxHashMap<(ModuleId, Atom), Id>,
        kind: Exported,
        from: ModuleId,
        name: Atom,
    ) -> Option<Id> {
        if let Some((module, base)) = split_qualified(name.as_str()) {
            let (module, base) = (self.module_id(atom(module))?, atom(base));
            let id = *ids.get(&(module, base))?;
            let visible = module == from || self.sources(from, kind, base).contains(&module);
            return visible.then_some(id);
        }
        // The module's own construct comes first; looking it up directly spares the
        // search (by-name asserts come this way).
        if let Some(&id) = ids.get(&(from, name)) {
            return Some(id);
        }
        self.sources(from, kind, name)
            .into_iter()
            .find_map(|m| ids.get(&(m, name)).copied())
    }

    /// The modules where module `from` looks for a construct of kind `kind` named
    /// `name`, each once, as CLIPS searches them: `from` itself, then, depth first,
    /// every module it imports `name` from that exports it (so a module passes on
    /// what it imports when it exports it too).
    fn sources(&self, from: ModuleId, kind: Exported, name: Atom) -> Vec<ModuleId> {
        self.sources_where(from, |items| covers(items, kind, name))
    }

    /// The modules where module `from` looks for a rule or a deffacts, in the order
    /// `sources` gives: no export or import names these constructs, so only modules
    /// imported with `?ALL` that export `?ALL` count (where CLIPS's `defrule-module`
    /// and `deffacts-module` look for a bare name).
    pub fn sources_of_unexported(&self, from: ModuleId) -> Vec<ModuleId> {
        self.sources_where(from, |items| matches!(items, PortItems::All))
    }

    /// `from`, then, depth first, every module it imports from with a specification
    /// `covered` accepts that exports with one too.
    fn sources_where(&self, from: ModuleId, covered: impl Fn(&PortItems) -> bool) -> Vec<ModuleId> {
        let mut found = Vec::new();
        let mut pending = vec![from];
        while let Some(module) = pending.pop() {
            if found.contains(&module) {
                continue;
            }
            found.push(module);
            let imported = self
                .ports(module)
                .filter(|p| p.import && covered(&p.items))
                .filter_map(|p| p.module.and_then(|m| self.module_id(m.name)))
                .filter(|&m| self.ports(m).any(|p| !p.import && covered(&p.items)));
            // Reversed onto the stack, so the first import is searched first.
            let next: Vec<ModuleId> = imported.collect();
            pending.extend(next.into_iter().rev());
        }
        found
    }

    /// The import and export specifications of `module`.
    fn ports(&self, module: ModuleId) -> impl Iterator<Item = &PortSpec> + '_ {
        self.modules[module.0 as usize]
            .definition
            .iter()
            .flat_map(|d| d.ports.iter())
    }

    /// Whether template `id` can be used from module `from`: it is defined there, or
    /// `from` imports it, directly or through modules that export it.
    pub fn is_visible(&self, id: TemplateId, from: ModuleId) -> bool {
        let t = self.template(id);
        t.module == from || (self.sources(from, Exported::Template, t.name)).contains(&t.module)
    }

    /// Whether class `id` can be used from module `from`: a system class, one
    /// defined there, or one `from` imports, directly or through modules that
    /// export it.
    pub fn class_visible(&self, id: crate::cool::ClassId, from: ModuleId) -> bool {
        let class = self.classes.get(id);
        class.system
            || class.module == from
            || (self.sources(from, Exported::Class, class.name)).contains(&class.module)
    }

    /// The name of class `id` as CLIPS prints it in module `from`: qualified
    /// with its module when that is another and the class is not a system one.
    pub fn class_name_from(&self, id: crate::cool::ClassId, from: ModuleId) -> String {
        let class = self.classes.get(id);
        if class.system || class.module == from {
            class.name.to_string()
        } else {
            format!("{}::{}", self.module_name(class.module), class.name)
        }
    }

    /// Whether `module` itself defines a construct of kind `kind` named `name`.
    fn defines(&self, kind: Exported, module: ModuleId, name: Atom) -> bool {
        let key = (module, name);
        match kind {
            Exported::Template => self.template_ids.contains_key(&key),
            Exported::Function => self.function_ids.contains_key(&key),
            Exported::Global => self.global_ids.contains_key(&key),
            Exported::Class => (self.classes.id(name)).is_some_and(|c| {
                let class = self.classes.get(c);
                class.module == module && !class.system
            }),
        }
    }

    /// Whether module `from` sees constructs of kind `kind` named `name` in more than
    /// one module (`defining` counted as defining one).
    fn sees_two(&self, from: ModuleId, kind: Exported, name: Atom, defining: ModuleId) -> bool {
        let defines = |m: ModuleId| m == defining || self.defines(kind, m, name);
        let sources = self.sources(from, kind, name);
        sources.into_iter().filter(|&s| defines(s)).count() > 1
    }

    /// The module that would see two constructs of kind `kind` named `name` if module
    /// `defining` defined one: CLIPS's import/export conflict, which forbids the
    /// definition.
    fn import_export_conflict(
        &self,
        kind: Exported,
        name: Atom,
        defining: ModuleId,
    ) -> Option<ModuleId> {
        (0..self.modules.len() as u32)
            .map(ModuleId)
            .find(|&m| self.sees_two(m, kind, name, defining))
    }

    /// Defines (or redefines) module `name`; refused, changing nothing, when the
    /// module would see two constructs of one kind and name through its imports.
    pub fn define_module(
        &mut self,
        name: Atom,
        definition: Defmodule,
    ) -> Result<ModuleId, ModuleConflict> {
        let earlier = self
            .module_id(name)
            .map(|id| (id, self.modules[id.0 as usize].definition.clone()));
        let id = self.add_module(name, Some(definition));
        let Some(conflict) = self.module_conflict(id) else {
            return Ok(id);
        };
        match earlier {
            Some((id, definition)) => self.modules[id.0 as usize].definition = definition,
            None => {
                self.modules.pop();
            }
        }
        Err(conflict)
    }

    /// The first construct (by kind in CLIPS's order, then definition order) that
    /// module `module` sees in two modules through its imports.
    pub fn module_conflict(&self, module: ModuleId) -> Option<ModuleConflict> {
        for kind in Exported::IN_CHECK_ORDER {
            let names: Vec<(ModuleId, Atom)> = match kind {
                Exported::Template => (self.defined_templates())
                    .map(|(_, t)| (t.module, t.name))
                    .collect(),
                Exported::Function => (self.defined_functions())
                    .map(|f| (f.module, f.name))
                    .collect(),
                Exported::Global => (self.defined_globals())
                    .map(|g| (g.module, g.name))
                    .collect(),
                Exported::Class => (self.classes.listed.iter())
                    .map(|&c| (self.classes.get(c).module, self.classes.get(c).name))
                    .collect(),
            };
            let conflict = names
                .into_iter()
                .find(|&(owner, name)| self.sees_two(module, kind, name, owner));
            if let Some((_, name)) = conflict {
                return Some(ModuleConflict {
                    module: self.module_name(module),
                    kind,
                    name,
                });
            }
        }
        None
    }

    /// An error if defining a construct of kind `kind` named `name` (an implied
    /// template or not) in `module` would cause an import/export conflict.
    pub fn check_conflict(
        &self,
        kind: Exported,
        name: Atom,
        module: ModuleId,
        implied: bool,
    ) -> Result<(), ImportExportConflict> {
        match self.import_export_conflict(kind, name, module) {
            Some(sees_two) => Err(ImportExportConflict {
                kind,
                name,
                implied,
                module: self.module_name(sees_two),
            }),
            None => Ok(()),
        }
    }
}
