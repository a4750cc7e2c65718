//! Making, initializing and deleting instances (CLIPS's insmngr.c): `make-instance`
//! builds the instance with empty slots, sends `create`, puts each slot override
//! with the slot's override message (`put-<slot>`), then sends `init`, whose
//! system handler gives every other slot its default (`init-slots`). Writing a
//! slot value checks it as CLIPS's `PutSlotValue` does.

use super::class::{Access, ClassId, SlotDef};
use super::dispatch;
use crate::compile::template::SlotDefault;
use crate::compile::CExpr;
use crate::eval::{self, EvalError, Host, Unwind};
use crate::messages::{self, classfun, constraints, insfun, insmngr};
use crate::value::{atom, Atom, InstanceId, Value};
use std::rc::Rc;

/// A slot override of `make-instance` or `initialize-instance`: the slot's name
/// and its value expressions, both evaluated when the override is put.
pub type Override = (CExpr, Vec<CExpr>);

/// `(make-instance name of class override...)`: the new instance's name, or
/// `FALSE` when it could not be made or initialized.
pub fn make_instance(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    name: &CExpr,
    class: &CExpr,
    overrides: &[Override],
) -> eval::Eval {
    let name = match eval::eval(host, frame, name)? {
        Value::InstanceName(n) | Value::Symbol(n) => n,
        _ => return Err(failed(insmngr::insmngr1())),
    };
    let class = match eval::eval(host, frame, class)? {
        Value::Symbol(c) => match host.program().classes.id(c) {
            Some(id) => id,
            None => return Err(failed(classfun::classfun1(c.as_str(), "make-instance"))),
        },
        _ => return Err(failed(insmngr::insmngr2())),
    };
    delayed(host, |host| {
        let id = build(host, name, class)?;
        match initialize(host, frame, id, overrides) {
            Ok(true) => Ok(Value::InstanceName(name)),
            Ok(false) => {
                remove(host, id);
                Ok(Value::false_sym())
            }
            Err(e) => {
                remove(host, id);
                Err(e)
            }
        }
    })
}

/// Runs `work` with object pattern matching delayed, as CLIPS's `make-instance`
/// and `initialize-instance` delay it: the network sees the instance once it is
/// initialized.
fn delayed(host: &mut dyn Host, work: impl FnOnce(&mut dyn Host) -> eval::Eval) -> eval::Eval {
    host.objects().instances.delay += 1;
    let result = work(host);
    host.objects().instances.delay -= 1;
    result
}

/// `(initialize-instance instance override...)`: the instance's name, or `FALSE`.
pub fn initialize_instance(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    instance: &CExpr,
    overrides: &[Override],
) -> eval::Eval {
    let value = eval::eval(host, frame, instance)?;
    let id = instance_of(host, &value, "initialize-instance").map_err(|e| failed(e.message))?;
    let name = host.objects().instances.get(id).map(|i| i.name);
    delayed(host, |host| match initialize(host, frame, id, overrides)? {
        true => Ok(name.map_or_else(Value::false_sym, Value::InstanceName)),
        false => Ok(Value::false_sym()),
    })
}

/// An error of an instance function, the function returning `FALSE`.
fn failed(message: String) -> Unwind {
    Unwind::Error(refused(message))
}

/// The error `message`, the function returning `FALSE`.
fn refused(message: String) -> EvalError {
    EvalError::new(message).returning(Value::false_sym())
}

/// The instance `value` designates (an address, an instance name or a symbol),
/// or CLIPS's error for `function`.
pub fn instance_of(
    host: &mut dyn Host,
    value: &Value,
    function: &str,
) -> Result<InstanceId, EvalError> {
    let instances = &host.objects().instances;
    match value {
        Value::Instance(id) => instances
            .get(*id)
            .map(|i| i.id)
            .ok_or_else(|| EvalError::new(insfun::insfun4(function))),
        Value::InstanceName(name) | Value::Symbol(name) => instances
            .named(*name)
            .map(|i| i.id)
            .ok_or_else(|| EvalError::new(insfun::insfun2(name.as_str(), function))),
        _ => Err(EvalError::new(insfun::insfun1(function))),
    }
}

/// Makes an uninitialized instance of `class` named `name` (CLIPS's
/// `BuildInstance`): an old instance of the name is deleted first. Without
/// messages (see [`super::Objects::without_messages`]) the old instance is
/// removed and the new one made with no `delete` or `create` sent.
pub fn build(host: &mut dyn Host, name: Atom, class: ClassId) -> Result<InstanceId, EvalError> {
    let (abstract_, class_name) = {
        let c = host.program().classes.get(class);
        (c.abstract_, c.name)
    };
    if abstract_ {
        return Err(refused(insmngr::insmngr3(class_name.as_str())));
    }
    let messages = !host.objects().without_messages;
    if let Some(old) = host
        .objects()
        .instances
        .named(name)
        .map(|i| (i.id, i.class))
    {
        if old.1 != class {
            let other = host.program().classes.get(old.1).name;
            return Err(refused(insmngr::insmngr16(name.as_str(), other.as_str())));
        }
        if messages {
            dispatch::send(host, &Value::Instance(old.0), atom("delete"), &[])?;
        } else {
            remove(host, old.0);
        }
        if host.objects().instances.get(old.0).is_some() {
            return Err(refused(insmngr::insmngr5(name.as_str())));
        }
    }
    let template = host.program().classes.get(class).slots.clone();
    let id = host.objects().instances.add(name, class, &template);
    if host.objects().watch.instances {
        host.write("t", &format!("==> instance [{name}] of {class_name}\n"));
    }
    if messages {
        dispatch::send(host, &Value::Instance(id), atom("create"), &[])?;
    }
    Ok(id)
}

/// Puts the overrides and sends `init` (CLIPS's `CoreInitializeInstance`):
/// whether the instance was initialized (`init-slots` ran without error).
fn initialize(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    id: InstanceId,
    overrides: &[Override],
) -> Result<bool, Unwind> {
    let name = host
        .objects()
        .instances
        .get(id)
        .map_or_else(|| atom(""), |i| i.name);
    let Some(instance) = host.objects().instances.get_mut(id) else {
        return Ok(false);
    };
    if instance.initializing {
        return Err(failed(insmngr::insmngr7(name.as_str())));
    }
    instance.initializing = true;
    instance.slots_initialized = false;
    let messages = !host.objects().without_messages;
    let result = put_overrides(host, frame, id, name, overrides).and_then(|()| {
        let init = if messages {
            dispatch::send(host, &Value::Instance(id), atom("init"), &[]).map(|_| ())
        } else {
            init_slots(host, id)
        };
        init.map_err(|mut e| {
            e.message.push('\n');
            e.message.push_str(&insmngr::insmngr8(name.as_str()));
            Unwind::Error(e.returning(Value::false_sym()))
        })
    });
    let Some(instance) = host.objects().instances.get_mut(id) else {
        return result.map(|_| false);
    };
    instance.initializing = false;
    instance.overridden.iter_mut().for_each(|o| *o = false);
    let initialized = instance.slots_initialized;
    result.map(|_| initialized)
}

/// Puts each slot override with its slot's override message (directly without
/// messages).
fn put_overrides(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    id: InstanceId,
    name: Atom,
    overrides: &[Override],
) -> Result<(), Unwind> {
    for (slot, values) in overrides {
        let Value::Symbol(slot) = eval::eval(host, frame, slot)? else {
            return Err(failed(insmngr::insmngr9()));
        };
        let Ok((index, def)) = dispatch::slot_of(host, id, slot, "make-instance") else {
            return Err(failed(insmngr::insmngr13(slot.as_str(), name.as_str())));
        };
        let mut args = eval::Args::new();
        for v in values {
            match eval::eval(host, frame, v) {
                Ok(value) => args.push(value),
                Err(Unwind::Error(mut e)) => {
                    e.message.push('\n');
                    e.message.push_str(&messages::procedures::prccode6(
                        "message",
                        def.override_message.as_str(),
                    ));
                    return Err(Unwind::Error(e.returning(Value::false_sym())));
                }
                Err(other) => return Err(other),
            }
        }
        if host.objects().without_messages {
            let value = (!args.is_empty()).then(|| eval::flatten(args));
            put_slot(host, id, index, &def, value, "function make-instance")?;
        } else {
            dispatch::send(host, &Value::Instance(id), def.override_message, &args)?;
        }
        if let Some(instance) = host.objects().instances.get_mut(id) {
            instance.overridden[index] = true;
        }
    }
    Ok(())
}

/// `init-slots` (the `init` handler's work; CLIPS's `EvaluateClassDefaults`):
/// every slot not given by an override gets its default.
pub fn init_slots(host: &mut dyn Host, id: InstanceId) -> Result<(), EvalError> {
    let Some(instance) = host.objects().instances.get(id) else {
        return Ok(());
    };
    if !instance.initializing {
        return Err(EvalError::new(insmngr::insmngr15()));
    }
    let (class, overridden, name) = (instance.class, instance.overridden.clone(), instance.name);
    let slots = host.program().classes.get(class).slots.clone();
    for (index, slot) in slots.iter().enumerate() {
        if overridden.get(index).copied().unwrap_or(false) {
            continue;
        }
        match &slot.default {
            SlotDefault::Dynamic(_) => {
                let value = default_value(host, slot, name)?;
                put_slot(host, id, index, slot, Some(value), "function init-slots")?;
            }
            // A shared slot a first instance has given a value needs none.
            SlotDefault::Required if slot.shared && sharing(host, slot) > 1 => {}
            // CLIPS's `valueRequired`: a slot with no default is never
            // defaulted, so every initialization without an override fails.
            SlotDefault::Required => {
                return Err(EvalError::new(insmngr::insmngr14(
                    slot.name.as_str(),
                    name.as_str(),
                )));
            }
            // A shared slot's static default is put by its first instance only.
            SlotDefault::Static(_) | SlotDefault::Derive
                if slot.shared && sharing(host, slot) > 1 => {}
            SlotDefault::Static(_) | SlotDefault::Derive => {
                let value = default_value(host, slot, name)?;
                write(host, id, index, slot, value);
            }
        }
    }
    if let Some(instance) = host.objects().instances.get_mut(id) {
        instance.slots_initialized = true;
    }
    Ok(())
}

/// How many instances share the shared slot `slot` (those of its class and
/// its subclasses).
fn sharing(host: &mut dyn Host, slot: &SlotDef) -> usize {
    let users: Vec<ClassId> = (host.objects().instances.iter()).map(|i| i.class).collect();
    let classes = &host.program().classes;
    users
        .into_iter()
        .filter(|&c| classes.is_a(c, slot.class))
        .count()
}

/// The default value of `slot` now (a dynamic default evaluated).
fn default_value(host: &mut dyn Host, slot: &SlotDef, instance: Atom) -> Result<Value, EvalError> {
    match &slot.default {
        SlotDefault::Derive => Ok(slot.constraint.derived_default(slot.multi)),
        SlotDefault::Static(v) => Ok(v.clone()),
        SlotDefault::Required => Err(EvalError::new(insmngr::insmngr14(
            slot.name.as_str(),
            instance.as_str(),
        ))),
        SlotDefault::Dynamic(exprs) => {
            let mut frame = Vec::new();
            let mut values = eval::Args::new();
            for e in exprs.iter() {
                match eval::eval(host, &mut frame, e) {
                    Ok(v) => values.push(v),
                    Err(Unwind::Error(e)) => return Err(e),
                    Err(Unwind::Return(v)) => values.push(v),
                    Err(Unwind::Break) => {}
                }
            }
            Ok(if slot.multi {
                eval::flatten(values)
            } else {
                values.into_iter().next().unwrap_or_else(Value::nil)
            })
        }
    }
}

/// Writes `value` to slot `index` of instance `id`, checked as CLIPS's
/// `PutSlotValue` checks it (`None`: the slot's default); `place` names the
/// command or handler for the error messages. Returns the value written.
pub fn put_slot(
    host: &mut dyn Host,
    id: InstanceId,
    index: usize,
    slot: &SlotDef,
    value: Option<Value>,
    place: &str,
) -> Result<Value, EvalError> {
    let name = host
        .objects()
        .instances
        .get(id)
        .map_or_else(|| atom(""), |i| i.name);
    let value = match value {
        Some(v) => v,
        None => default_value(host, slot, name)?,
    };
    let place = insfun::slot_place(slot.name.as_str(), Some(name.as_str()), place);
    let value = valid_slot_value(value, slot, &place, host.dynamic_constraint_checking())?;
    write(host, id, index, slot, value.clone());
    Ok(value)
}

/// `value` as slot `slot` holds it, checked as CLIPS's `ValidSlotValue` checks a
/// value for a slot: one value for a single-field slot (`[INSFUN7]`), not void
/// (`[INSFUN8]`), and, when `check_constraints`, the slot's constraints (`[CSTRNCHK1]`);
/// `place` names the slot in the messages (see [`insfun::slot_place`]).
pub fn valid_slot_value(
    value: Value,
    slot: &SlotDef,
    place: &str,
    check_constraints: bool,
) -> Result<Value, EvalError> {
    let value = match value {
        Value::Void => return Err(EvalError::new(insfun::insfun8(place))),
        Value::Multifield(items) if !slot.multi => match &items[..] {
            [one] => one.clone(),
            _ => {
                let shown = Value::Multifield(items.clone());
                return Err(EvalError::new(insfun::insfun7(
                    &shown.repr().to_string(),
                    place,
                )));
            }
        },
        single if slot.multi && !single.is_multifield() => Value::multifield(vec![single]),
        other => other,
    };
    if check_constraints {
        if let Err(violation) = slot.constraint.check_slot_value(&value, slot.multi) {
            return Err(EvalError::new(constraints::cstrnchk1_slot(
                &value.repr().to_string(),
                place,
                &violation,
            )));
        }
    }
    Ok(value)
}

/// Writes a slot with no checks, showing the change when slots are watched.
fn write(host: &mut dyn Host, id: InstanceId, index: usize, slot: &SlotDef, value: Value) {
    if host.objects().watch.slots {
        let name = host
            .objects()
            .instances
            .get(id)
            .map_or_else(|| atom(""), |i| i.name);
        let storage = if slot.shared { "shared" } else { "local" };
        let shown = match &value {
            Value::Multifield(items) => {
                let mut text = String::new();
                let _ = crate::value::write_fields(&mut text, items);
                format!("({text})")
            }
            other => other.repr().to_string(),
        };
        let text = format!(
            "::= {storage} slot {} in instance {name} <- {shown}\n",
            slot.name
        );
        host.write("t", &text);
    }
    host.objects().instances.write(id, index, slot, value);
}

/// Checks that a handler may write slot `slot` of instance `id` now: `read-only`
/// slots never, `initialize-only` slots only during initialization (CLIPS's
/// `[MSGFUN3]` otherwise).
pub fn check_writable(
    host: &mut dyn Host,
    id: InstanceId,
    slot: &SlotDef,
) -> Result<(), EvalError> {
    let Some(instance) = host.objects().instances.get(id) else {
        return Ok(());
    };
    let allowed = match slot.access {
        Access::ReadWrite => true,
        Access::ReadOnly => false,
        Access::InitializeOnly => instance.initializing,
    };
    if allowed {
        return Ok(());
    }
    let (name, class) = (instance.name, instance.class);
    let class = host.program().classes.get(class).name;
    Err(EvalError::new(messages::msgfun::msgfun3(
        slot.name.as_str(),
        name.as_str(),
        class.as_str(),
    )))
}

/// Deletes instance `id` (the `delete` handler's work); whether it existed.
pub fn remove(host: &mut dyn Host, id: InstanceId) -> bool {
    let Some(instance) = host.objects().instances.get(id) else {
        return false;
    };
    let (name, class) = (instance.name, instance.class);
    if host.objects().watch.instances {
        let class = host.program().classes.get(class).name;
        host.write("t", &format!("<== instance [{name}] of {class}\n"));
    }
    host.objects().instances.remove(id).is_some()
}

/// The text the `print` handler prints: `[name] of CLASS`, then each slot as
/// `(slot value...)`.
pub fn describe(host: &mut dyn Host, id: InstanceId) -> String {
    let Some(instance) = host.objects().instances.get(id) else {
        return String::new();
    };
    let (name, class) = (instance.name, instance.class);
    let class = host.program().classes.get(class);
    let slots: Vec<Rc<SlotDef>> = class.slots.clone();
    let mut text = format!("[{name}] of {}\n", class.name);
    for (index, slot) in slots.iter().enumerate() {
        let value = host
            .objects()
            .instances
            .read(id, index, slot)
            .unwrap_or_else(Value::nil);
        text.push('(');
        text.push_str(slot.name.as_str());
        match &value {
            Value::Multifield(items) => {
                if !items.is_empty() {
                    text.push(' ');
                    let _ = crate::value::write_fields(&mut text, items);
                }
            }
            other => {
                text.push(' ');
                text.push_str(&other.repr().to_string());
            }
        }
        text.push_str(")\n");
    }
    text
}

/// `?self:slot` (`value` `None`) or `(bind ?self:slot value...)` in a handler
/// whose frame is `frame` (`?self` in slot 0).
pub fn self_slot(
    host: &mut dyn Host,
    frame: &[Value],
    slot: Atom,
    value: Option<Value>,
) -> Result<Value, EvalError> {
    let id = match frame.first() {
        Some(Value::Instance(id)) if host.objects().instances.get(*id).is_some() => *id,
        _ => return Err(EvalError::new(insfun::insfun4_self()).returning(Value::false_sym())),
    };
    let (index, def) = dispatch::slot_of(host, id, slot, "?self")?;
    match value {
        None => Ok(host
            .objects()
            .instances
            .read(id, index, &def)
            .unwrap_or_else(Value::nil)),
        Some(value) => {
            check_writable(host, id, &def)?;
            let place = dispatch::handler_place(host);
            put_slot(host, id, index, &def, Some(value), &place)
        }
    }
}
