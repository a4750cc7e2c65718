//! COOL seen from a host program (the Python package, the playground): the
//! classes, the instances with their class and slot values, and
//! `make-instance` with values given by the host.

use super::Environment;
use crate::compile::CExpr;
use crate::cool::class::Access;
use crate::cool::{dispatch, make};
use crate::eval::{EvalError, Unwind};
use crate::value::{atom, Atom, Value};

/// An instance: its name, class and slot values (the class's instance
/// template, in CLIPS's order, as `(send [x] print)` lists them).
#[derive(Clone, Debug)]
pub struct InstanceView {
    /// The name, without brackets.
    pub name: Atom,
    /// The class's name.
    pub class: Atom,
    /// Each slot and its value.
    pub slots: Vec<(Atom, Value)>,
}

/// What a host program asks of a class beside its slots and handlers.
#[derive(Clone, Debug)]
pub struct ClassView {
    /// The module that defines it.
    pub module: Atom,
    /// One of CLIPS's predefined classes.
    pub system: bool,
}

/// What a host program asks of a slot of a class (the `slot-publicp`,
/// `slot-initablep` and `slot-writablep` facets).
#[derive(Clone, Debug)]
pub struct SlotView {
    /// `(visibility public)`.
    pub public: bool,
    /// Not `read-only`.
    pub initializable: bool,
    /// `read-write`.
    pub writable: bool,
    /// A multislot.
    pub multi: bool,
}

impl Environment {
    /// Class `name`'s module and whether CLIPS predefines it.
    pub fn class_view(&self, name: &str) -> Option<ClassView> {
        let classes = &self.rt.program.classes;
        let class = classes.get(classes.id(atom(name))?);
        Some(ClassView {
            module: self.rt.program.module_name(class.module),
            system: class.system,
        })
    }

    /// Slot `slot` of class `class` (inherited slots included).
    pub fn class_slot_view(&self, class: &str, slot: &str) -> Option<SlotView> {
        let classes = &self.rt.program.classes;
        let slot = classes.get(classes.id(atom(class))?).slot(atom(slot))?;
        Some(SlotView {
            public: slot.public,
            initializable: slot.access != Access::ReadOnly,
            writable: slot.access == Access::ReadWrite,
            multi: slot.multi,
        })
    }

    /// The classes, system classes first, as `(list-defclasses)` lists them.
    pub fn class_names(&self) -> Vec<Atom> {
        let classes = &self.rt.program.classes;
        classes
            .listed
            .iter()
            .map(|&c| classes.get(c).name)
            .collect()
    }

    /// Every instance, in the order they were made.
    pub fn instance_views(&self) -> Vec<InstanceView> {
        let instances = &self.rt.objects.instances;
        instances
            .iter()
            .filter_map(|i| self.instance_view_of(i.name))
            .collect()
    }

    /// The instance named `name` (without brackets).
    pub fn instance_view(&self, name: &str) -> Option<InstanceView> {
        self.instance_view_of(atom(name))
    }

    fn instance_view_of(&self, name: Atom) -> Option<InstanceView> {
        let instance = self.rt.objects.instances.named(name)?;
        let class = self.rt.program.classes.get(instance.class);
        let slots = (class.slots.iter().enumerate())
            .map(|(index, slot)| {
                let value = (self.rt.objects.instances)
                    .read(instance.id, index, slot)
                    .unwrap_or_else(Value::nil);
                (slot.name, value)
            })
            .collect();
        Some(InstanceView {
            name,
            class: class.name,
            slots,
        })
    }

    /// Instance `name` as its `print` handler prints it: `[name] of CLASS`, then
    /// `(slot value...)` a line each.
    pub fn instance_text(&mut self, name: &str) -> Option<String> {
        let id = self.rt.objects.instances.named(atom(name))?.id;
        Some(make::describe(self, id))
    }

    /// `(make-instance name of class (slot value)...)` with the values given
    /// (`name` `None`: `(gensym*)`'s, as CLIPS names an unnamed instance): the new
    /// instance's name, or CLIPS's error.
    pub fn make_instance_with(
        &mut self,
        class: &str,
        name: Option<&str>,
        slots: &[(&str, Value)],
    ) -> Result<Atom, EvalError> {
        self.rt.execution_halted = false;
        let name = match name {
            Some(name) => Value::Symbol(atom(name)),
            None => self.call("gensym*", &[])?,
        };
        let shown = name.clone();
        let overrides: Vec<make::Override> = (slots.iter())
            .map(|(slot, value)| {
                let values = match value {
                    Value::Multifield(_) => value.as_slice().to_vec(),
                    single => vec![single.clone()],
                };
                let values = values.into_iter().map(CExpr::Const).collect();
                (CExpr::Const(Value::symbol(slot)), values)
            })
            .collect();
        let class = CExpr::Const(Value::symbol(class));
        let made = make::make_instance(
            self,
            &mut Vec::new(),
            &CExpr::Const(name),
            &class,
            &overrides,
        );
        match made {
            Ok(Value::InstanceName(name)) => Ok(name),
            Ok(_) => Err(EvalError::new(format!(
                "instance [{}] was not initialized",
                shown.repr()
            ))),
            Err(Unwind::Error(e)) => Err(e),
            Err(_) => Err(EvalError::new("make-instance was interrupted")),
        }
    }

    /// Writes slots of instance `name` directly, without messages (CLIPS's
    /// `direct-modify`, what clipspy's `modify_slots` does): each value is
    /// checked as `put-` checks it. The first error stops the writes.
    pub fn modify_instance_with(
        &mut self,
        name: &str,
        slots: &[(&str, Value)],
    ) -> Result<(), EvalError> {
        let value = Value::InstanceName(atom(name));
        let id = make::instance_of(self, &value, "modify-instance")?;
        for (slot, value) in slots {
            let (index, def) = dispatch::slot_of(self, id, atom(slot), "modify-instance")?;
            make::check_writable(self, id, &def)?;
            make::put_slot(
                self,
                id,
                index,
                &def,
                Some(value.clone()),
                "modify-instance",
            )?;
        }
        Ok(())
    }
}
