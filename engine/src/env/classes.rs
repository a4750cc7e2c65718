//! Defining the COOL constructs: `defclass` (superclasses, precedence list,
//! slots with their facets, the slot accessors), `defmessage-handler` and
//! `definstances`.

use super::Environment;
use crate::compile::template::{SlotConstraint, SlotDefault};
use crate::compile::{CExpr, ExprCompiler, ModuleId, Scope};
use crate::cool::class::{Access, Class, ClassId, SlotDef};
use crate::cool::handler::{Handler, HandlerBody, HandlerKind, SystemAction};
use crate::cool::make::Override;
use crate::cool::precedence::precedence;
use crate::eval;
use crate::messages::{self, classpsr, inherpsr};
use crate::syntax::ast::{self, DefaultSpec, Expr};
use crate::syntax::{Diagnostic, SourceText};
use crate::value::{atom, Atom, Value};
use std::rc::Rc;

/// A definstances: instances made at every `(reset)`.
#[derive(Debug)]
pub struct DefinstancesDef {
    /// Its name.
    pub name: Atom,
    /// Its module.
    pub module: ModuleId,
    /// Each instance: name, class and slot overrides, compiled.
    pub instances: Vec<(CExpr, CExpr, Vec<Override>)>,
    /// The source text.
    pub source: SourceText,
}

impl Environment {
    /// Defines a class: checks its superclasses, forms its precedence list and
    /// instance template, and gives it the accessors of its slots.
    pub(super) fn define_class(
        &mut self,
        c: &ast::Defclass,
        source: SourceText,
    ) -> Result<(), Diagnostic> {
        let name = crate::compile::program::unqualified(c.name.name);
        let module = self.rt.program.module_of(c.name.name);
        let error = |span, clips: String| {
            Err(Diagnostic::new(span, clips.clone())
                .with_clips(clips)
                .read_to(span.end))
        };
        if let Some(old) = self.rt.program.classes.id(name) {
            if self.rt.program.classes.get(old).system {
                return error(c.name.span, classpsr::classpsr2());
            }
        }
        let mut supers: Vec<ClassId> = Vec::new();
        for s in &c.supers {
            if crate::compile::program::unqualified(s.name) == name {
                return error(s.span, inherpsr::inherpsr1());
            }
            let Some(id) = self.rt.program.classes.id(s.name) else {
                return error(s.span, inherpsr::inherpsr3());
            };
            if supers.contains(&id) {
                return error(s.span, inherpsr::inherpsr2());
            }
            let classes = &self.rt.program.classes;
            let primitive = classes.system("PRIMITIVE");
            if classes.get(id).system && classes.is_a(id, primitive) {
                return error(s.span, inherpsr::inherpsr6(s.name.as_str()));
            }
            supers.push(id);
        }
        let list = match precedence(&self.rt.program.classes, &supers) {
            Ok(list) => list,
            Err(e) => {
                let classes = &self.rt.program.classes;
                let names = |ids: &[ClassId]| -> Vec<Atom> {
                    ids.iter().map(|&i| classes.get(i).name).collect()
                };
                let (p, l) = (names(&e.partial), names(&e.cycle));
                let last = c.supers.last().map_or(c.name.span, |s| s.span);
                return Err(Diagnostic::new(last, "no class precedence list exists")
                    .with_clips(inherpsr::inherpsr5(&p, &l))
                    .read_to(last.end + 1));
            }
        };
        let id = ClassId(u32::MAX);
        let first_super = self.rt.program.classes.get(supers[0]).clone();
        let abstract_ = c
            .abstract_
            .unwrap_or(!first_super.system && first_super.abstract_);
        let reactive = c.reactive.unwrap_or(if first_super.system {
            !abstract_
        } else {
            first_super.reactive
        });
        if abstract_ && reactive && c.reactive == Some(true) {
            return error(c.span, classpsr::classpsr1());
        }
        let mut own = Vec::with_capacity(c.slots.len());
        for s in &c.slots {
            let mut slot = self.class_slot(s, id)?;
            if slot.composite {
                self.compose(&mut slot, s, &list);
                if let (SlotDefault::Static(Value::Multifield(items)), false) =
                    (&slot.default, slot.multi)
                {
                    slot.default =
                        SlotDefault::Static(items.first().cloned().unwrap_or_else(Value::nil));
                }
            }
            own.push(Rc::new(slot));
        }
        if self.rt.checking {
            return Ok(());
        }
        if let Some(old) = self.rt.program.classes.id(name) {
            self.rt.program.classes.remove(old);
        }
        let mut class_list = vec![id];
        class_list.extend(list);
        let mut class = Class::new(name, module, supers, class_list);
        class.abstract_ = abstract_;
        class.reactive = reactive && !abstract_;
        class.source = Some(source);
        let id = self.rt.program.classes.insert(class);
        let classes = &mut self.rt.program.classes;
        let own: Vec<Rc<SlotDef>> = own
            .into_iter()
            .map(|s| {
                Rc::new(SlotDef {
                    class: id,
                    ..(*s).clone()
                })
            })
            .collect();
        let cls = classes.get_mut(id);
        for p in cls.precedence.iter_mut() {
            if p.0 == u32::MAX {
                *p = id;
            }
        }
        cls.own_slots = own.clone();
        let precedence = cls.precedence.clone();
        let template = classes.instance_template(&own, &precedence);
        let cls = classes.get_mut(id);
        cls.set_slots(template);
        for slot in &own {
            if slot.read_accessor {
                let get = atom(&format!("get-{}", slot.name));
                cls.handlers.push(Rc::new(Handler::system(
                    get,
                    id,
                    SystemAction::Get(slot.name),
                )));
            }
            if slot.write_accessor {
                let put = atom(&format!("put-{}", slot.name));
                cls.handlers.push(Rc::new(Handler::system(
                    put,
                    id,
                    SystemAction::Put(slot.name),
                )));
            }
        }
        Ok(())
    }

    /// One slot of a defclass, its facets defaulted as CLIPS defaults them.
    fn class_slot(&mut self, s: &ast::ClassSlot, class: ClassId) -> Result<SlotDef, Diagnostic> {
        let d = &s.def;
        let mut constraint = SlotConstraint {
            types: d.types.iter().map(|i| i.name).collect(),
            ..Default::default()
        };
        for a in d.allowed.iter().chain(d.also_allowed.iter()) {
            constraint.allowed.push((a.kind, a.values.clone()));
        }
        constraint.range = d.range.clone();
        constraint.cardinality = d.cardinality;
        let default = match &d.default {
            DefaultSpec::Derive => SlotDefault::Derive,
            DefaultSpec::Required => SlotDefault::Required,
            DefaultSpec::Static(exprs) => {
                let compiled = self.compiler(Scope::default()).compile_all(exprs)?;
                let mut values = eval::Args::new();
                for e in &compiled {
                    values.push(
                        self.rt
                            .eval_plain(e)
                            .map_err(|e| Diagnostic::new(d.span, e.message))?,
                    );
                }
                SlotDefault::Static(if d.multi || s.composite == Some(true) {
                    eval::flatten(values)
                } else {
                    eval::flatten(values)
                        .as_slice()
                        .first()
                        .cloned()
                        .unwrap_or_else(Value::nil)
                })
            }
            DefaultSpec::Dynamic(exprs) => {
                SlotDefault::Dynamic(self.compiler(Scope::default()).compile_all(exprs)?.into())
            }
        };
        let access = match s.access.map(|a| a.to_string()).as_deref() {
            Some("read-only") => Access::ReadOnly,
            Some("initialize-only") => Access::InitializeOnly,
            _ => Access::ReadWrite,
        };
        let (read, write) = s.accessors.unwrap_or((true, access != Access::ReadOnly));
        let dynamic = matches!(default, SlotDefault::Dynamic(_));
        Ok(SlotDef {
            name: d.name.name,
            multi: d.multi,
            default,
            default_given: s.default_given,
            constraint,
            shared: s.shared.unwrap_or(false) || (!dynamic && access == Access::ReadOnly),
            access,
            inherit: s.inherit.unwrap_or(true),
            composite: s.composite.unwrap_or(false),
            public: s.public.unwrap_or(false),
            reactive: s.reactive.unwrap_or(true),
            read_accessor: read,
            write_accessor: write,
            override_message: s
                .override_message
                .unwrap_or_else(|| atom(&format!("put-{}", d.name.name))),
            class,
        })
    }

    /// A composite slot's facets not given, taken from the first superclass in
    /// `precedence` that defines the slot and lets it be inherited (CLIPS's
    /// `BuildCompositeFacets`).
    fn compose(&self, slot: &mut SlotDef, s: &ast::ClassSlot, precedence: &[ClassId]) {
        let classes = &self.rt.program.classes;
        let from = precedence.iter().find_map(|&c| {
            (classes.get(c).own_slots.iter()).find(|o| o.name == slot.name && o.inherit)
        });
        let Some(from) = from else { return };
        if !s.default_given && from.default_given {
            slot.default = from.default.clone();
            slot.default_given = true;
        }
        if !s.def.multi {
            slot.multi = from.multi;
        }
        if s.shared.is_none() {
            slot.shared = from.shared;
        }
        if s.access.is_none() {
            slot.access = from.access;
        }
        if s.reactive.is_none() {
            slot.reactive = from.reactive;
        }
        if s.public.is_none() {
            slot.public = from.public;
        }
        if s.accessors.is_none() {
            slot.read_accessor = from.read_accessor;
            slot.write_accessor = from.write_accessor;
        }
        if s.override_message.is_none() {
            slot.override_message = from.override_message;
        }
        let (c, f) = (&mut slot.constraint, &from.constraint);
        if c.types.is_empty() {
            c.types = f.types.clone();
        }
        if c.allowed.is_empty() {
            c.allowed = f.allowed.clone();
        }
        if c.range.is_none() {
            c.range = f.range.clone();
        }
        if c.cardinality.is_none() {
            c.cardinality = f.cardinality;
        }
        if !matches!(slot.default, SlotDefault::Dynamic(_)) && slot.access == Access::ReadOnly {
            slot.shared = true;
        }
    }

    /// Defines a message-handler: its actions compiled with `?self` in frame slot 0.
    pub(super) fn define_handler(
        &mut self,
        h: &ast::Defhandler,
        source: SourceText,
    ) -> Result<(), Diagnostic> {
        let Some(class) = self.rt.program.classes.id(h.class.name) else {
            let clips = messages::prntutil::prntutil1("class", h.class.name.as_str(), true);
            return Err(Diagnostic::new(h.class.span, clips.clone())
                .with_clips(clips)
                .read_to(h.class.span.end));
        };
        let Some(kind) = HandlerKind::parse(h.kind.name.as_str()) else {
            let clips = messages::msgpsr::msgpsr1(h.kind.name.as_str());
            return Err(Diagnostic::new(h.kind.span, clips.clone())
                .with_clips(clips)
                .read_to(h.kind.span.end));
        };
        if self.rt.objects.handlers_executing(class) {
            let clips = messages::msgpsr::msgpsr2();
            return Err(Diagnostic::new(h.name.span, clips.clone())
                .with_clips(clips)
                .read_to(h.name.span.end));
        }
        let mut scope = Scope::for_body("message-handler");
        scope.handler = true;
        scope.slot(atom("self"));
        for p in h.params.iter().chain(h.rest.iter()) {
            scope.slot(p.name);
        }
        scope.begin_actions(&h.body);
        let mut compiler = ExprCompiler::new(&mut self.rt.program, &super::commands::TABLE, scope);
        let body = compiler.compile_all(&h.body)?;
        let frame_size = compiler.scope.size();
        let handler = Handler {
            name: h.name.name,
            kind,
            class,
            params: h.params.len(),
            rest: h.rest.is_some(),
            body: HandlerBody::Actions(body.into()),
            frame_size,
            source: Some(source),
        };
        let cls = self.rt.program.classes.get_mut(class);
        cls.handlers
            .retain(|old| !(old.name == handler.name && old.kind == kind));
        cls.handlers.push(Rc::new(handler));
        Ok(())
    }

    /// Defines a definstances, whose instances `(reset)` makes.
    pub(super) fn define_instances(
        &mut self,
        d: &ast::Definstances,
        source: SourceText,
    ) -> Result<(), Diagnostic> {
        let mut compiler = self.compiler(Scope::default());
        let mut instances = Vec::new();
        for spec in &d.instances {
            let name = compiler.compile(&spec.name)?;
            let class = compiler.class_reference(&spec.class)?;
            let mut overrides = Vec::new();
            for (slot, values) in &spec.overrides {
                let slot = match slot {
                    Expr::Const(v, _) => CExpr::Const(v.clone()),
                    other => compiler.compile(other)?,
                };
                overrides.push((slot, compiler.compile_all(values)?));
            }
            instances.push((name, class, overrides));
        }
        if self.rt.checking {
            return Ok(());
        }
        let name = d.name.name;
        let module = self.rt.program.module_of(name);
        self.rt.definstances.retain(|old| old.name != name);
        self.rt.definstances.push(DefinstancesDef {
            name,
            module,
            instances,
            source,
        });
        Ok(())
    }

    /// Deletes every instance, then makes those of the definstances (part of
    /// `(reset)`).
    pub(super) fn reset_instances(&mut self) {
        let ids: Vec<_> = self.rt.objects.instances.iter().map(|i| i.id).collect();
        for id in ids {
            if let Err(e) =
                crate::cool::dispatch::send(self, &Value::Instance(id), atom("delete"), &[])
            {
                self.report(&e.message);
            }
            self.settle_objects();
        }
        for i in 0..self.rt.definstances.len() {
            for j in 0..self.rt.definstances[i].instances.len() {
                let (name, class, overrides) = self.rt.definstances[i].instances[j].clone();
                let made = crate::cool::make::make_instance(
                    self,
                    &mut Vec::new(),
                    &name,
                    &class,
                    &overrides,
                );
                self.settle_objects();
                if let Err(eval::Unwind::Error(e)) = made {
                    self.report(&e.message);
                }
            }
        }
    }
}
