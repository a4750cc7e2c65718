//! The program's symbol tables: templates, functions, globals and modules by name.
//!
//! Compiling a construct resolves every name it uses against these tables, so that
//! the network and the evaluator work with indices, never with strings.

mod imports;
pub mod udf;
mod visibility;

pub use visibility::{Exported, ImportExportConflict, ModuleConflict};

use super::expr::CExpr;
use super::template::{ModuleId, Template, TemplateId};
use super::template_users::TemplateUsers;
use crate::syntax::ast::Defmodule;
use crate::value::{atom, Atom, Value};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// A compiled deffunction.
#[derive(Debug, Clone)]
pub struct Function {
    /// The function's name (without a module qualifier).
    pub name: Atom,
    /// The module defining it.
    pub module: ModuleId,
    /// The number of single-field parameters.
    pub params: usize,
    /// Whether a `$?rest` parameter collects further arguments.
    pub rest: bool,
    /// The body; `None` while the body is being compiled (so it may call itself).
    pub body: Option<Rc<[CExpr]>>,
    /// How many frame slots the body needs (parameters included).
    pub frame_size: usize,
    /// The source text, for `ppdeffunction`.
    pub source: Option<crate::syntax::SourceText>,
    /// The other deffunctions its actions call: CLIPS's `busy` references, which
    /// keep a called deffunction from being deleted.
    pub calls: Box<[u32]>,
}

/// A defglobal variable.
#[derive(Debug, Clone)]
pub struct Global {
    /// The name without `?*` and `*`.
    pub name: Atom,
    /// The module defining it.
    pub module: ModuleId,
    /// The current value.
    pub value: Value,
    /// The initial-value expression, re-evaluated at `(reset)`.
    pub init: Rc<CExpr>,
    /// The source text of the defglobal construct defining it, for `ppdefglobal`.
    pub source: crate::syntax::SourceText,
}

/// A defmodule.
#[derive(Debug, Clone)]
pub struct Module {
    /// The module's name.
    pub name: Atom,
    /// Its definition (`None` for MAIN).
    pub definition: Option<Defmodule>,
}

/// The symbol tables of an environment.
#[derive(Debug, Clone)]
pub struct Program {
    /// Whether a rule matches `(initial-fact)`: CLIPS 6.30's `(reset)` asserted it
    /// (as f-0) and older programs match it; 6.4 dropped it. Salience's reset
    /// asserts it when a rule mentions it.
    pub initial_fact: bool,
    /// All templates, by id.
    pub templates: Vec<Template>,
    /// Templates by defining module and name.
    template_ids: FxHashMap<(ModuleId, Atom), TemplateId>,
    /// All deffunctions, by id.
    pub functions: Vec<Function>,
    /// Deffunctions by defining module and name.
    function_ids: FxHashMap<(ModuleId, Atom), u32>,
    /// All defglobals, by id.
    pub globals: Vec<Global>,
    /// Defglobals by defining module and name.
    global_ids: FxHashMap<(ModuleId, Atom), u32>,
    /// All modules, by id; MAIN is module 0.
    pub modules: Vec<Module>,
    /// The module new constructs are added to.
    pub current_module: ModuleId,
    /// The defhypothesis, if one is defined (at most one per environment).
    pub hypothesis: Option<Rc<super::hypothesis::Hypothesis>>,
    /// Which constructs name which templates (a template in use cannot be redefined).
    pub template_users: TemplateUsers,
    /// The functions the embedding program defined (kept by `(clear)`, as CLIPS keeps
    /// its user-defined functions).
    pub udfs: udf::Udfs,
    /// The COOL classes and their message-handlers.
    pub classes: crate::cool::Classes,
    /// The generic functions and their methods.
    pub generics: crate::generic::Generics,
    /// `set-sequence-operator-recognition`: whether `$?x` among a call's arguments
    /// spreads the multifield into separate arguments, decided when the call is
    /// compiled (off, as in CLIPS).
    pub sequence_operators: bool,
    /// The fields of instances' working-memory elements, as object patterns read them.
    pub object_layout: crate::compile::lhs::object::ObjectLayout,
}

impl Default for Program {
    fn default() -> Self {
        Program {
            initial_fact: false,
            templates: Vec::new(),
            template_ids: FxHashMap::default(),
            functions: Vec::new(),
            function_ids: FxHashMap::default(),
            globals: Vec::new(),
            global_ids: FxHashMap::default(),
            modules: vec![Module {
                name: atom("MAIN"),
                definition: None,
            }],
            current_module: ModuleId(0),
            hypothesis: None,
            template_users: TemplateUsers::default(),
            udfs: udf::Udfs::default(),
            classes: crate::cool::Classes::default(),
            generics: crate::generic::Generics::default(),
            sequence_operators: false,
            object_layout: Default::default(),
        }
    }
}

/// A construct name's `MODULE::` qualifier and base name, if it has a qualifier.
///
/// Most names have none: a check for `:` (a byte search) comes first, where
/// `rsplit_once("::")` set up a substring searcher for every name looked up.
pub fn split_qualified(name: &str) -> Option<(&str, &str)> {
    if name.contains(':') {
        name.rsplit_once("::")
    } else {
        None
    }
}

/// Puts `item` under `key`: in the place of the item of that module and name if
/// there is one (its id kept), else at the end of `items`. Returns its id.
fn put<T>(
    ids: &mut FxHashMap<(ModuleId, Atom), u32>,
    items: &mut Vec<T>,
    key: (ModuleId, Atom),
    item: T,
) -> u32 {
    if let Some(&id) = ids.get(&key) {
        items[id as usize] = item;
        return id;
    }
    let id = items.len() as u32;
    ids.insert(key, id);
    items.push(item);
    id
}

/// Strips a `MODULE::` qualifier from a construct name.
pub fn unqualified(name: Atom) -> Atom {
    match split_qualified(name.as_str()) {
        Some((_, base)) => atom(base),
        None => name,
    }
}

impl Program {
    /// The template `name` as seen from the current module: `MODULE::name`, the
    /// current module's own template, or one imported from another module.
    pub fn template_id(&self, name: Atom) -> Option<TemplateId> {
        self.template_from(self.current_module, name)
    }

    /// The template with id `id`.
    pub fn template(&self, id: TemplateId) -> &Template {
        &self.templates[id.0 as usize]
    }

    /// The template named `name`, creating the implied template of an ordered fact
    /// (in the current module) if none is visible, unless that would cause an
    /// import/export conflict.
    pub fn template_or_implied(&mut self, name: Atom) -> Result<TemplateId, ImportExportConflict> {
        if let Some(id) = self.template_id(name) {
            return Ok(id);
        }
        let (name, module) = (unqualified(name), self.current_module);
        self.check_conflict(Exported::Template, name, module, true)?;
        Ok(self.add_template(Template::implied(name, module)))
    }

    /// [`Program::template_or_implied`] for a construct being compiled, which then
    /// names the template (see [`TemplateUsers`]).
    pub fn template_named(&mut self, name: Atom) -> Result<TemplateId, ImportExportConflict> {
        let id = self.template_or_implied(name)?;
        self.template_users.note(id);
        Ok(id)
    }

    /// The template `name` defined in `module` itself (not one it imports).
    pub fn own_template(&self, module: ModuleId, name: Atom) -> Option<TemplateId> {
        self.template_ids.get(&(module, name)).copied()
    }

    /// Adds (or, for an existing name in the same module, replaces) a template.
    pub fn add_template(&mut self, template: Template) -> TemplateId {
        let key = (template.module, template.name);
        if let Some(&id) = self.template_ids.get(&key) {
            self.templates[id.0 as usize] = template;
            return id;
        }
        let id = TemplateId(self.templates.len() as u32);
        self.template_ids.insert(key, id);
        self.templates.push(template);
        id
    }

    /// Removes template `id` from the names in use; its place in `templates` stays,
    /// so that ids keep their meaning.
    pub fn remove_template(&mut self, id: TemplateId) {
        let t = &self.templates[id.0 as usize];
        if self.template_ids.get(&(t.module, t.name)) == Some(&id) {
            self.template_ids.remove(&(t.module, t.name));
        }
    }

    /// Whether template `id` is still defined (not removed by `undeftemplate`).
    pub fn template_defined(&self, id: TemplateId) -> bool {
        let t = &self.templates[id.0 as usize];
        self.template_ids.get(&(t.module, t.name)) == Some(&id)
    }

    /// The templates still defined, in definition order.
    pub fn defined_templates(&self) -> impl Iterator<Item = (TemplateId, &Template)> + '_ {
        (0..self.templates.len() as u32)
            .map(TemplateId)
            .filter(|&id| self.template_defined(id))
            .map(|id| (id, self.template(id)))
    }

    /// The deffunction named `name` (`MODULE::name` or a bare name) as the current
    /// module sees it.
    pub fn function_id(&self, name: Atom) -> Option<u32> {
        self.function_from(self.current_module, name)
    }

    /// The deffunction named `name` as module `from` sees it.
    pub fn function_from(&self, from: ModuleId, name: Atom) -> Option<u32> {
        self.seen_from(&self.function_ids, Exported::Function, from, name)
    }

    /// Removes deffunction `name`, as the current module (or the module `name` is
    /// qualified with) sees it, from the names in
    /// use (calls compiled earlier keep its id); `false` if there is none.
    pub fn remove_function(&mut self, name: Atom) -> bool {
        let Some(id) = self.function_from(self.module_of(name), name) else {
            return false;
        };
        let f = &self.functions[id as usize];
        let key = (f.module, f.name);
        let user = self.function_user(id);
        self.template_users.forget(user);
        self.function_ids.remove(&key).is_some()
    }

    /// Deffunction `id` as a user of templates.
    pub fn function_user(&self, id: u32) -> super::template_users::TemplateUser {
        let f = &self.functions[id as usize];
        super::template_users::TemplateUser::Function(self.module_name(f.module), f.name)
    }

    /// Whether deffunction `id` is still defined (not removed by `undeffunction`).
    pub fn function_defined(&self, id: u32) -> bool {
        self.functions
            .get(id as usize)
            .is_some_and(|f| self.function_ids.get(&(f.module, f.name)) == Some(&id))
    }

    /// The deffunctions still defined, in definition order.
    pub fn defined_functions(&self) -> impl Iterator<Item = &Function> + '_ {
        (0..self.functions.len() as u32)
            .filter(|&id| self.function_defined(id))
            .map(|id| &self.functions[id as usize])
    }

    /// Declares a deffunction (its body is set once compiled); returns its id.
    pub fn declare_function(&mut self, function: Function) -> u32 {
        let key = (function.module, function.name);
        put(&mut self.function_ids, &mut self.functions, key, function)
    }

    /// The generic function named `name` (`MODULE::name` or a bare name) as the
    /// current module sees it: its own, else one of another module.
    pub fn generic_id(&self, name: Atom) -> Option<u32> {
        match split_qualified(name.as_str()) {
            Some((module, base)) => (self.generics).id(self.module_id(atom(module))?, atom(base)),
            None => (self.generics.id(self.current_module, name))
                .or_else(|| self.generics.any_module(name)),
        }
    }

    /// The defglobal named `name` (`MODULE::name` or a bare name) as the current
    /// module sees it.
    pub fn global_id(&self, name: Atom) -> Option<u32> {
        self.global_from(self.current_module, name)
    }

    /// The defglobal named `name` as module `from` sees it.
    pub fn global_from(&self, from: ModuleId, name: Atom) -> Option<u32> {
        self.seen_from(&self.global_ids, Exported::Global, from, name)
    }

    /// Adds or redefines a global; returns its id.
    pub fn add_global(&mut self, global: Global) -> u32 {
        let key = (global.module, global.name);
        put(&mut self.global_ids, &mut self.globals, key, global)
    }

    /// Removes defglobal `name`, as the current module (or the module `name` is
    /// qualified with) sees it, from the names in
    /// use (expressions compiled earlier keep its id); `false` if there is none.
    pub fn remove_global(&mut self, name: Atom) -> bool {
        let Some(id) = self.global_from(self.module_of(name), name) else {
            return false;
        };
        let g = &self.globals[id as usize];
        let key = (g.module, g.name);
        self.global_ids.remove(&key).is_some()
    }

    /// The defglobals still defined (not removed by `undefglobal`), in definition order.
    pub fn defined_globals(&self) -> impl Iterator<Item = &Global> + '_ {
        (0..self.globals.len() as u32)
            .filter(|&id| self.global_defined(id))
            .map(|id| &self.globals[id as usize])
    }

    /// Whether defglobal `id` is still defined (not removed by `undefglobal`).
    pub fn global_defined(&self, id: u32) -> bool {
        let g = &self.globals[id as usize];
        self.global_ids.get(&(g.module, g.name)) == Some(&id)
    }

    /// The module and base name a construct name (`MODULE::name` or a bare name,
    /// of the current module) designates; `None` for an unknown module.
    pub fn module_and_name(&self, name: Atom) -> Option<(ModuleId, Atom)> {
        match split_qualified(name.as_str()) {
            Some((module, base)) => Some((self.module_id(atom(module))?, atom(base))),
            None => Some((self.current_module, name)),
        }
    }

    /// The module named `name`.
    pub fn module_id(&self, name: Atom) -> Option<ModuleId> {
        self.modules
            .iter()
            .position(|m| m.name == name)
            .map(|i| ModuleId(i as u32))
    }

    /// Adds a module, or replaces the definition of an existing one.
    pub fn add_module(&mut self, name: Atom, definition: Option<Defmodule>) -> ModuleId {
        if let Some(id) = self.module_id(name) {
            self.modules[id.0 as usize].definition = definition;
            return id;
        }
        self.modules.push(Module { name, definition });
        ModuleId(self.modules.len() as u32 - 1)
    }

    /// The module a construct named `name` belongs to: its `MODULE::` qualifier if
    /// it has one, else the current module.
    pub fn module_of(&self, name: Atom) -> ModuleId {
        split_qualified(name.as_str())
            .and_then(|(module, _)| self.module_id(atom(module)))
            .unwrap_or(self.current_module)
    }

    /// The name of module `id`.
    pub fn module_name(&self, id: ModuleId) -> Atom {
        self.modules[id.0 as usize].name
    }
}
