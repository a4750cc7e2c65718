//! Defining the COOL constructs: `defclass` (superclasses, precedence list,
//! slots with their facets, the slot accessors), `defmessage-handler` and
//! `definstances`.

use super::Environment;
use crate::compile::cstr::Record;
use crate::compile::rulecstr::value_record;
use crate::compile::template::Violation;
use crate::compile::template::{SlotConstraint, SlotDefault};
use crate::compile::{CExpr, ExprCompiler, ModuleId, Scope};
use crate::cool::class::{Access, Class, ClassId, SlotDef};
use crate::cool::handler::{Handler, HandlerBody, HandlerKind, SystemAction};
use crate::cool::make::valid_slot_value;
use crate::cool::make::Override;
use crate::cool::precedence::precedence;
use crate::eval;
use crate::messages::{self, classpsr, clsltpsr, constraints, inherpsr, insfun};
use crate::syntax::ast::{self, DefaultSpec, Expr};
use crate::syntax::{Diagnostic, SourceText, Span};
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
        let at_name = Span::new(c.name.span.start, c.name_read_to);
        if let Some(old) = self.rt.program.classes.id(name) {
            let classes = &self.rt.program.classes;
            if classes.get(old).system {
                return Err(fault(at_name, classpsr::classpsr2()));
            }
            let users = self.rt.objects.instances.iter();
            if !self.rt.checking && users.map(|i| i.class).any(|i| classes.is_a(i, old)) {
                return Err(fault(at_name, classpsr::classpsr3(name.as_str())));
            }
        }
        let mut supers: Vec<ClassId> = Vec::new();
        for s in &c.supers {
            let classes = &self.rt.program.classes;
            if crate::compile::program::unqualified(s.name) == name {
                return Err(fault(s.span, inherpsr::inherpsr1()));
            }
            if supers.iter().any(|&id| classes.get(id).name == s.name) {
                return Err(fault(s.span, inherpsr::inherpsr2()));
            }
            let Some(id) = classes.id(s.name) else {
                return Err(fault(s.span, inherpsr::inherpsr3()));
            };
            // CLIPS keeps user classes from INSTANCE and its two subclasses.
            let system = classes.get(id).system;
            if system
                && matches!(
                    s.name.as_str(),
                    "INSTANCE" | "INSTANCE-NAME" | "INSTANCE-ADDRESS"
                )
            {
                return Err(fault(s.span, inherpsr::inherpsr6(s.name.as_str())));
            }
            supers.push(id);
        }
        if let Some(error) = &c.supers_fault {
            return Err((**error).clone());
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
        let mut own = Vec::with_capacity(c.slots.len());
        for s in &c.slots {
            let mut slot = self.class_slot(s, ClassId(u32::MAX))?;
            if slot.composite {
                self.compose(&mut slot, s, &list);
            }
            check_facets(&slot, s).map_err(|clips| fault(s.def.span, clips))?;
            self.check_default(&mut slot, s)?;
            own.push(Rc::new(slot));
        }
        if let Some(error) = &c.fault {
            return Err((**error).clone());
        }
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
            return Err(fault(c.span, classpsr::classpsr1()));
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
                // CLIPS evaluates a static default once the slot is read.
                let unbound = exprs.iter().find_map(|e| self.undefined_global_in(e));
                if let Some(clips) = unbound.and_then(|u| u.clips) {
                    return Err(fault(d.span, clips));
                }
                let compiled = self.compiler(Scope::default()).compile_all(exprs)?;
                let mut values = eval::Args::new();
                for e in &compiled {
                    let value = super::host::plain_result(eval::eval(self, &mut Vec::new(), e));
                    values.push(value.map_err(|e| fault(d.span, e.message))?);
                }
                // Checked, and made one value for a single-field slot, once
                // the facets are known (`check_default`).
                SlotDefault::Static(eval::flatten(values))
            }
            DefaultSpec::Dynamic(exprs) => {
                let mut scope = Scope::default();
                scope.late_globals = true;
                SlotDefault::Dynamic(self.compiler(scope).compile_all(exprs)?.into())
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

    /// Checks the default of `slot` (read as `s`) against the slot, as CLIPS's
    /// `EvaluateSlotDefaultValue` does once the slot is read: a static default as a
    /// value put in the slot, a dynamic one's constants and number of values.
    fn check_default(&self, slot: &mut SlotDef, s: &ast::ClassSlot) -> Result<(), Diagnostic> {
        let name = slot.name.as_str();
        match &slot.default {
            SlotDefault::Static(value) if s.default_given => {
                let place = insfun::slot_place(name, None, "the 'default' facet");
                let value = valid_slot_value(value.clone(), slot, &place, true)
                    .map_err(|e| fault(s.def.span, e.message))?;
                slot.default = SlotDefault::Static(value);
            }
            SlotDefault::Dynamic(_) => {
                let DefaultSpec::Dynamic(exprs) = &s.def.default else {
                    return Ok(());
                };
                if let Some(violation) = self.dynamic_default_violation(slot, exprs) {
                    let place = insfun::slot_place(name, None, "dynamic default value");
                    let clips = constraints::cstrnchk1_expression(&place, &violation);
                    return Err(fault(s.def.span, clips));
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// How the expressions of a `default-dynamic` facet break the constraints of
    /// `slot`, as CLIPS's `ConstraintCheckExpressionChain` sees them before they
    /// run: the fewest and most values they can give against the slot's
    /// cardinality (a call that may give a multifield, or a variable, any number),
    /// then each constant's value and each call's return type.
    fn dynamic_default_violation(&self, slot: &SlotDef, exprs: &[Expr]) -> Option<Violation> {
        let program = &self.rt.program;
        let records: Vec<Record> = (exprs.iter())
            .map(|e| value_record(e, program, &super::commands::TABLE))
            .collect();
        let fewest = records.iter().filter(|r| !r.may_be_multifield()).count() as i64;
        let most = records
            .iter()
            .all(|r| !r.may_be_multifield())
            .then_some(fewest);
        let (min, max) = match (slot.multi, slot.constraint.cardinality) {
            (false, _) => (Some(1), Some(1)),
            (true, Some(bounds)) => bounds,
            (true, None) => (None, None),
        };
        let fits = max.is_none_or(|max| fewest <= max)
            && min.is_none_or(|min| most.is_none_or(|most| most >= min));
        if !fits {
            return Some(Violation::Cardinality);
        }
        let allowed = Record::of_slot(&slot.constraint, false);
        exprs.iter().zip(&records).find_map(|(e, r)| match e {
            Expr::Const(v, _) => slot.constraint.check(v).err(),
            Expr::Call(_) if !allowed.shares_a_type(r) => Some(Violation::Type),
            _ => None,
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
        let at_class = Span::new(h.class.span.start, h.class_read_to);
        let classes = &self.rt.program.classes;
        let Some(class) = classes.id(h.class.name) else {
            return Err(fault(at_class, messages::msgpsr::msgpsr1()));
        };
        let cls = classes.get(class);
        if cls.system
            && matches!(
                cls.name.as_str(),
                "INSTANCE" | "INSTANCE-NAME" | "INSTANCE-ADDRESS"
            )
        {
            return Err(fault(
                at_class,
                messages::msgpsr::msgpsr8(cls.name.as_str()),
            ));
        }
        if self.rt.objects.handlers_executing(class) {
            return Err(fault(at_class, messages::msgpsr::msgpsr2()));
        }
        if let Some(error) = &h.fault {
            return Err((**error).clone());
        }
        let Some(kind) = HandlerKind::parse(h.kind.name.as_str()) else {
            return Err(fault(h.kind.span, messages::msgfun::msgfun7()));
        };
        let system = (cls.handlers.iter())
            .any(|old| old.name == h.name.name && old.kind == kind && old.is_system());
        if system {
            let at = Span::new(h.name.span.start, h.kind_read_to);
            return Err(fault(at, messages::msgpsr::msgpsr3()));
        }
        if let Some(error) = &h.body_fault {
            return Err((**error).clone());
        }
        let mut scope = Scope::for_body("message-handler");
        scope.handler = true;
        scope.slot(atom("self"));
        for p in h.params.iter().chain(h.rest.iter()) {
            scope.slot(p.name);
        }
        scope.begin_actions(&h.body);
        let mut compiler = ExprCompiler::new(&mut self.rt.program, &super::commands::TABLE, scope);
        // CLIPS checks the actions' variables once it has read them all.
        let body = compiler.compile_all(&h.body).map_err(|d| match d.read_to {
            Some(_) => d,
            None => d.read_to(h.span.end),
        })?;
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

/// A CLIPS error `clips` (its text also the message), found once CLIPS had read to
/// the end of `span`.
fn fault(span: Span, clips: String) -> Diagnostic {
    Diagnostic::new(span, clips.clone())
        .with_clips(clips)
        .read_to(span.end)
}

/// Checks that the facets of `slot` (read as `s`, merged with a composite slot's
/// superclass) agree, as CLIPS's `CheckForFacetConflicts` does.
fn check_facets(slot: &SlotDef, s: &ast::ClassSlot) -> Result<(), String> {
    let read_only = slot.access == Access::ReadOnly;
    if !slot.multi && s.def.cardinality.is_some() {
        return Err(clsltpsr::clsltpsr3());
    }
    if read_only && matches!(slot.default, SlotDefault::Required) {
        return Err(clsltpsr::clsltpsr4());
    }
    if read_only && (slot.write_accessor || s.override_message.is_some()) {
        return Err(clsltpsr::clsltpsr5());
    }
    if !slot.inherit && slot.public {
        return Err(clsltpsr::clsltpsr6());
    }
    Ok(())
}
