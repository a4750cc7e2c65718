//! Modifying and duplicating instances (CLIPS's insmoddp.c): `modify-instance`,
//! `duplicate-instance`, their `message-` variants (slots put with the slots'
//! override messages rather than directly) and their `active-` twins.
//!
//! Each function evaluates its slot overrides first, then sends the instance a
//! system message (`direct-modify`, `message-modify`, `direct-duplicate`,
//! `message-duplicate`) whose USER handler does the work with the overrides
//! handed over here ([`Pending`]); sent any other way, those handlers refuse.

use super::dispatch;
use super::make::{self, Override};
use crate::compile::CExpr;
use crate::eval::{self, EvalError, Host, Unwind};
use crate::messages::{self, insmoddp};
use crate::value::{atom, Atom, InstanceId, Value};

/// Which of the modify and duplicate functions runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ModDup {
    /// Whether it makes a copy (`duplicate-instance`) rather than changing the
    /// instance (`modify-instance`).
    pub duplicate: bool,
    /// Whether slots are put with their override messages (the `message-`
    /// variants) rather than directly.
    pub messages: bool,
}

impl ModDup {
    /// The function named `name`, with or without its `active-` prefix.
    pub fn of(name: &str) -> Option<ModDup> {
        let name = name.strip_prefix("active-").unwrap_or(name);
        Some(match name {
            "modify-instance" => ModDup {
                duplicate: false,
                messages: false,
            },
            "message-modify-instance" => ModDup {
                duplicate: false,
                messages: true,
            },
            "duplicate-instance" => ModDup {
                duplicate: true,
                messages: false,
            },
            "message-duplicate-instance" => ModDup {
                duplicate: true,
                messages: true,
            },
            _ => return None,
        })
    }

    /// The system message whose handler does the work.
    fn message(self) -> &'static str {
        match (self.duplicate, self.messages) {
            (false, false) => "direct-modify",
            (false, true) => "message-modify",
            (true, false) => "direct-duplicate",
            (true, true) => "message-duplicate",
        }
    }

    /// The name CLIPS's errors of the handlers give the function.
    fn function(self) -> &'static str {
        if self.duplicate {
            "duplicate-instance"
        } else {
            "modify-instance"
        }
    }
}

/// Slot overrides evaluated: each slot's name and its value (`None`: the
/// override gave no value, so the slot gets its default).
pub type Evaluated = Vec<(Atom, Option<Value>)>;

/// The work a modify or duplicate function hands its system handler.
#[derive(Debug, Default)]
pub struct Pending {
    /// Whether a modify or duplicate function has just sent its message: its
    /// handler may then run, once (CLIPS's `ObjectModDupMsgValid`).
    pub(crate) valid: bool,
    /// The slot overrides of the calls under way, innermost last.
    pub(crate) overrides: Vec<Evaluated>,
}

/// `(modify-instance instance override...)` and the other three (`function`
/// is the name called, for CLIPS's errors): `TRUE` for a modify, the copy's name
/// for a duplicate, `FALSE` on an error.
pub fn call(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    function: Atom,
    kind: ModDup,
    instance: &CExpr,
    name: Option<&CExpr>,
    overrides: &[Override],
) -> eval::Eval {
    let evaluated = evaluate(host, frame, function, overrides)?;
    let target = eval::eval(host, frame, instance)?;
    let id = make::instance_of(host, &target, function.as_str())
        .map_err(|e| Unwind::Error(e.returning(Value::false_sym())))?;
    let mut args = Vec::with_capacity(2);
    if let Some(name) = name {
        match eval::eval(host, frame, name)? {
            copy @ (Value::InstanceName(_) | Value::Symbol(_)) => args.push(copy),
            _ => {
                let message =
                    messages::args::argacces2(function.as_str(), 1, "symbol or instance name");
                return Err(Unwind::Error(
                    EvalError::new(message).returning(Value::false_sym()),
                ));
            }
        }
    }
    // The overrides travel beside the message; the argument stands for them.
    args.push(Value::Void);
    let objects = host.objects();
    let saved = std::mem::replace(&mut objects.pending.valid, true);
    objects.pending.overrides.push(evaluated);
    let result = dispatch::send(host, &Value::Instance(id), atom(kind.message()), &args);
    let objects = host.objects();
    objects.pending.valid = saved;
    objects.pending.overrides.pop();
    result.map_err(|e| Unwind::Error(e.returning(Value::false_sym())))
}

/// Evaluates the slot overrides before any handler runs (they may use the
/// caller's variables), as CLIPS's `EvaluateSlotOverrides` does.
fn evaluate(
    host: &mut dyn Host,
    frame: &mut Vec<Value>,
    function: Atom,
    overrides: &[Override],
) -> Result<Evaluated, Unwind> {
    let mut evaluated = Vec::with_capacity(overrides.len());
    for (i, (slot, values)) in overrides.iter().enumerate() {
        let Value::Symbol(slot) = eval::eval(host, frame, slot)? else {
            let message = messages::args::argacces2(function.as_str(), i, "slot name");
            return Err(Unwind::Error(
                EvalError::new(message).returning(Value::false_sym()),
            ));
        };
        let value = if values.is_empty() {
            None
        } else {
            let mut args = eval::Args::new();
            for v in values {
                args.push(eval::eval(host, frame, v)?);
            }
            Some(match args.len() {
                1 => args.pop().unwrap_or_else(Value::nil),
                _ => eval::flatten(args),
            })
        };
        evaluated.push((slot, value));
    }
    Ok(evaluated)
}

/// Takes the overrides handed to a modify or duplicate handler, or CLIPS's
/// error when the message was not sent by its function.
fn take(host: &mut dyn Host, kind: ModDup) -> Result<Evaluated, EvalError> {
    let pending = &mut host.objects().pending;
    if !pending.valid {
        let message = if kind.duplicate {
            insmoddp::insmoddp2()
        } else {
            insmoddp::insmoddp1()
        };
        return Err(EvalError::new(message));
    }
    pending.valid = false;
    Ok(pending.overrides.last().cloned().unwrap_or_default())
}

/// The arguments of the put message copying `value` to a duplicate: each field
/// of a multifield, an empty one as itself.
fn copy_args(value: Value) -> Vec<Value> {
    match value {
        Value::Multifield(items) if !items.is_empty() => items.to_vec(),
        other => vec![other],
    }
}

/// Puts an override's `value` in slot `slot` of instance `id`, directly or with
/// the slot's override message, which gets the value as one argument (an
/// override with no value: the slot's default directly, `()` by message).
fn put(
    host: &mut dyn Host,
    id: InstanceId,
    slot: Atom,
    value: &Option<Value>,
    kind: ModDup,
) -> Result<usize, EvalError> {
    let (index, def) = dispatch::slot_of(host, id, slot, kind.function())?;
    if kind.messages {
        dispatch::send(
            host,
            &Value::Instance(id),
            def.override_message,
            &[value.clone().unwrap_or_else(Value::empty_multifield)],
        )?;
    } else {
        make::put_slot(host, id, index, &def, value.clone(), kind.function())?;
    }
    Ok(index)
}

/// The `direct-modify` and `message-modify` handlers: puts the overrides in the
/// instance; `TRUE`.
pub fn modify(host: &mut dyn Host, id: InstanceId, kind: ModDup) -> Result<Value, EvalError> {
    let overrides = take(host, kind)?;
    for (slot, value) in &overrides {
        put(host, id, *slot, value, kind)?;
    }
    Ok(Value::true_sym())
}

/// The `direct-duplicate` and `message-duplicate` handlers: makes `name` a copy
/// of instance `id` with the overrides; the copy's name.
pub fn duplicate(
    host: &mut dyn Host,
    id: InstanceId,
    name: &Value,
    kind: ModDup,
) -> Result<Value, EvalError> {
    let overrides = take(host, kind)?;
    let Some(source) = host.objects().instances.get(id) else {
        return Err(EvalError::new(messages::insfun::insfun4(kind.function())));
    };
    let (source_name, class) = (source.name, source.class);
    let name = match name {
        Value::InstanceName(n) | Value::Symbol(n) => *n,
        _ => source_name,
    };
    if name == source_name {
        return Err(EvalError::new(insmoddp::insmoddp3()));
    }
    let saved = std::mem::replace(&mut host.objects().without_messages, !kind.messages);
    let copy = make::build(host, name, class);
    host.objects().without_messages = saved;
    let copy = copy?;
    let result = fill_copy(host, id, copy, &overrides, kind);
    if let Err(e) = result {
        make::remove(host, copy);
        return Err(e);
    }
    match host.objects().instances.get(copy) {
        Some(instance) => Ok(Value::InstanceName(instance.name)),
        None => Ok(Value::false_sym()),
    }
}

/// Puts the overrides in the copy, then the source's other local slots, and for
/// `message-duplicate` sends the copy `init`.
fn fill_copy(
    host: &mut dyn Host,
    source: InstanceId,
    copy: InstanceId,
    overrides: &Evaluated,
    kind: ModDup,
) -> Result<(), EvalError> {
    let mut overridden = Vec::new();
    for (slot, value) in overrides {
        overridden.push(put(host, copy, *slot, value, kind)?);
    }
    let class = host.objects().instances.get(copy).map(|i| i.class);
    let Some(class) = class else { return Ok(()) };
    let template = host.program().classes.get(class).slots.clone();
    for (index, def) in template.iter().enumerate() {
        if def.shared || overridden.contains(&index) {
            continue;
        }
        let value = host.objects().instances.read(source, index, def);
        let Some(value) = value else { continue };
        if kind.messages {
            dispatch::send(
                host,
                &Value::Instance(copy),
                def.override_message,
                &copy_args(value),
            )?;
        } else {
            make::put_slot(host, copy, index, def, Some(value), kind.function())?;
        }
    }
    if kind.messages {
        if let Some(instance) = host.objects().instances.get_mut(copy) {
            instance.overridden.iter_mut().for_each(|o| *o = true);
            instance.initializing = true;
        }
        let sent = dispatch::send(host, &Value::Instance(copy), atom("init"), &[]);
        if let Some(instance) = host.objects().instances.get_mut(copy) {
            instance.initializing = false;
            instance.overridden.iter_mut().for_each(|o| *o = false);
        }
        sent?;
    }
    Ok(())
}
