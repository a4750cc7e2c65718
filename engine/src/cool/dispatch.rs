//! Message dispatch (CLIPS's msgpass.c): `send` finds the handlers of the
//! receiver's class and superclasses that answer the message, and runs them as
//! CLIPS does — the around handlers, most specific first, each calling the rest
//! with `call-next-handler`; then the before handlers, most specific first; the
//! most specific primary, which may call the next with `call-next-handler`; the
//! after handlers, least specific first. The message returns the value of the
//! outermost around handler or of the primary.
//!
//! Each message under way is a [`Core`]: its handler list, the handler running
//! and the next one to call. The system handlers (`init`, `delete`, `print`, the
//! slot accessors, ...) run here too.

use super::class::{ClassId, SlotDef};
use super::handler::{Handler, HandlerBody, HandlerKind, SystemAction};
use super::{make, moddup};
use crate::compile::CExpr;
use crate::eval::{self, EvalError, Host, Unwind};
use crate::messages::{self, insfun, msgfun, msgpass};
use crate::value::{Atom, InstanceId, Value};
use std::rc::Rc;

/// A message being dispatched.
#[derive(Debug)]
pub(crate) struct Core {
    /// The message.
    message: Atom,
    /// Its applicable handlers: arounds, befores, primaries, afters.
    handlers: Rc<[Rc<Handler>]>,
    /// The handler running, if any.
    current: Option<usize>,
    /// The next handler to call (`handlers.len()` when none is left).
    next: usize,
    /// The arguments, `?self` first; `override-next-handler` pushes new ones.
    args: Vec<Rc<[Value]>>,
}

impl Core {
    /// The handlers of this message that are running: the current one and the
    /// ones that called it through `call-next-handler`.
    pub(crate) fn running(&self) -> impl Iterator<Item = &Rc<Handler>> + '_ {
        let current = self.current.map(|at| &self.handlers[at]);
        let waiting = self.current.map_or(0, |at| at);
        (self.handlers[..waiting].iter())
            .filter(move |h| {
                h.kind == HandlerKind::Around
                    || (h.kind == HandlerKind::Primary
                        && current.is_some_and(|c| c.kind == HandlerKind::Primary))
            })
            .chain(current)
    }
}

/// Sends `message` with `args` to `receiver` (an instance, an instance name or
/// any other value, which the handlers of its type's class answer).
pub fn send(
    host: &mut dyn Host,
    receiver: &Value,
    message: Atom,
    args: &[Value],
) -> Result<Value, EvalError> {
    let (class, receiver) = receiver_class(host, receiver)?;
    let handlers = applicable(host, class, message);
    if !handlers.iter().any(|h| h.kind == HandlerKind::Primary) {
        return Err(EvalError::new(msgfun::msgfun1(message.as_str())).returning(Value::false_sym()));
    }
    let mut all = Vec::with_capacity(args.len() + 1);
    all.push(receiver);
    all.extend(args.iter().cloned());
    let starts_around = handlers[0].kind == HandlerKind::Around;
    let core = Core {
        message,
        handlers: handlers.into(),
        current: None,
        next: 0,
        args: vec![all.into()],
    };
    host.objects().cores.push(core);
    *host.depth() += 1;
    watch_message(host, ">>");
    let result = if starts_around {
        run_next(host)
    } else {
        call_handlers(host)
    };
    watch_message(host, "<<");
    *host.depth() -= 1;
    host.objects().cores.pop();
    result.map_err(|e| e.returning(Value::false_sym()))
}

/// The class whose handlers answer a message sent to `receiver`, and the value
/// `?self` holds (an instance's address for an instance or its name).
fn receiver_class(host: &mut dyn Host, receiver: &Value) -> Result<(ClassId, Value), EvalError> {
    match receiver {
        Value::Instance(id) => match host.objects().instances.get(*id) {
            Some(instance) => Ok((instance.class, receiver.clone())),
            None => Err(EvalError::new(insfun::insfun4("send"))),
        },
        Value::InstanceName(name) => match host.objects().instances.named(*name) {
            Some(instance) => Ok((instance.class, Value::Instance(instance.id))),
            None => Err(EvalError::new(msgpass::msgpass2(name.as_str()))),
        },
        other => {
            let classes = &host.program().classes;
            let class = classes
                .of_type(other.type_name())
                .unwrap_or(classes.system("OBJECT"));
            Ok((class, other.clone()))
        }
    }
}

/// The handlers of `class` and its superclasses answering `message`, in the order
/// they run: arounds, befores and primaries most specific first, afters least
/// specific first.
pub fn applicable(host: &mut dyn Host, class: ClassId, message: Atom) -> Vec<Rc<Handler>> {
    let classes = &host.program().classes;
    let mut by_kind: [Vec<Rc<Handler>>; 4] = Default::default();
    for &c in &classes.get(class).precedence {
        for h in classes.get(c).handlers.iter().filter(|h| h.name == message) {
            by_kind[h.kind as usize].push(h.clone());
        }
    }
    by_kind[HandlerKind::After as usize].reverse();
    by_kind.into_iter().flatten().collect()
}

/// The top message's state.
fn core(host: &mut dyn Host) -> Option<&mut Core> {
    host.objects().cores.last_mut()
}

/// Runs the handler at the top message's `next` position and moves on.
fn run_next(host: &mut dyn Host) -> Result<Value, EvalError> {
    let Some(core) = core(host) else {
        return Ok(Value::false_sym());
    };
    let index = core.next;
    let handler = core.handlers[index].clone();
    core.current = Some(index);
    core.next = index + 1;
    run_handler(host, &handler)
}

/// Runs the befores, the first primary and the afters from the top message's
/// `next` position (CLIPS's `CallHandlers`), and returns the primary's value.
fn call_handlers(host: &mut dyn Host) -> Result<Value, EvalError> {
    let Some(saved) = core(host).map(|c| (c.current, c.next)) else {
        return Ok(Value::false_sym());
    };
    let result = call_handlers_from(host);
    if let Some(core) = core(host) {
        (core.current, core.next) = saved;
    }
    result
}

fn call_handlers_from(host: &mut dyn Host) -> Result<Value, EvalError> {
    let kind_at =
        |host: &mut dyn Host| core(host).and_then(|c| c.handlers.get(c.next).map(|h| h.kind));
    while kind_at(host) == Some(HandlerKind::Before) {
        run_next(host)?;
    }
    let mut value = Value::false_sym();
    if kind_at(host) == Some(HandlerKind::Primary) {
        value = run_next(host)?;
        while kind_at(host) == Some(HandlerKind::Primary) {
            if let Some(core) = core(host) {
                core.next += 1;
            }
        }
    }
    while kind_at(host) == Some(HandlerKind::After) {
        run_next(host)?;
    }
    Ok(value)
}

/// Whether the running handler can call a shadowed one (`next-handlerp`).
pub fn next_handler_available(host: &mut dyn Host) -> bool {
    let Some(core) = core(host) else { return false };
    let Some(current) = core.current else {
        return false;
    };
    let next = core.handlers.get(core.next).map(|h| h.kind);
    match core.handlers[current].kind {
        HandlerKind::Around => next.is_some(),
        HandlerKind::Primary => next == Some(HandlerKind::Primary),
        _ => false,
    }
}

/// `call-next-handler`, or `override-next-handler` with new arguments: runs the
/// next around handler, or the rest of the message from an around handler, or
/// the next primary from a primary; the message's position is then restored.
pub fn call_next(host: &mut dyn Host, new_args: Option<&[Value]>) -> Result<Value, EvalError> {
    if !next_handler_available(host) {
        return Err(EvalError::new(msgpass::msgpass1()).returning(Value::false_sym()));
    }
    let Some(top) = core(host) else {
        return Ok(Value::false_sym());
    };
    if let Some(args) = new_args {
        let receiver = top
            .args
            .last()
            .and_then(|a| a.first().cloned())
            .unwrap_or_else(Value::nil);
        let mut all = vec![receiver];
        all.extend(args.iter().cloned());
        top.args.push(all.into());
    }
    let saved = (top.current, top.next);
    let from_around = top.current.map(|c| top.handlers[c].kind) == Some(HandlerKind::Around);
    let next_is_around = top.handlers[top.next].kind == HandlerKind::Around;
    let result = if from_around && !next_is_around {
        call_handlers(host)
    } else {
        run_next(host)
    };
    if let Some(top) = core(host) {
        (top.current, top.next) = saved;
        if new_args.is_some() {
            top.args.pop();
        }
    }
    result
}

/// The arguments of the top message, `?self` first.
fn current_args(host: &mut dyn Host) -> Rc<[Value]> {
    core(host)
        .and_then(|c| c.args.last().cloned())
        .unwrap_or_else(|| Rc::from(Vec::new()))
}

/// The instance receiving the top message, if it is an instance (CLIPS's
/// `?self` of the active message).
pub fn active_instance(host: &mut dyn Host) -> Option<InstanceId> {
    match current_args(host).first() {
        Some(Value::Instance(id)) => Some(*id),
        _ => None,
    }
}

/// Whether a message is being dispatched.
pub fn in_handler(host: &mut dyn Host) -> bool {
    host.objects()
        .cores
        .last()
        .is_some_and(|c| c.current.is_some())
}

/// Runs `handler` with the top message's arguments.
fn run_handler(host: &mut dyn Host, handler: &Handler) -> Result<Value, EvalError> {
    let args = current_args(host);
    watch_handler(host, handler, ">>", &args);
    let given = args.len() - 1;
    if given < handler.params || (!handler.rest && given > handler.params) {
        let expected = handler.params;
        let mut text = format!(
            "[MSGFUN2] Message-handler '{}' {} in class '{}' expected {} {expected} argument",
            handler.name,
            handler.kind.name(),
            class_name(host, handler.class),
            if handler.rest { "at least" } else { "exactly" }
        );
        text.push_str(if expected == 1 { "." } else { "s." });
        return Err(EvalError::new(text));
    }
    let result = match &handler.body {
        HandlerBody::System(action) => run_system(host, *action, &args),
        HandlerBody::Actions(body) => run_actions(host, handler, body, &args),
    };
    watch_handler(host, handler, "<<", &args);
    result.map_err(|mut e| {
        let class = class_name(host, handler.class);
        e.message.push('\n');
        e.message.push_str(&messages::procedures::prccode4_handler(
            handler.name.as_str(),
            handler.kind.name(),
            &class,
        ));
        e
    })
}

/// Runs a handler's actions in a frame holding `?self`, its parameters and the
/// `$?rest` list.
fn run_actions(
    host: &mut dyn Host,
    handler: &Handler,
    body: &Rc<[CExpr]>,
    args: &[Value],
) -> Result<Value, EvalError> {
    let mut frame = host.spare_frames().pop().unwrap_or_default();
    frame.resize(handler.frame_size.max(handler.params + 2), eval::unbound());
    frame[..=handler.params].clone_from_slice(&args[..=handler.params]);
    if handler.rest {
        // Multifield arguments are spliced into the wildcard parameter.
        frame[handler.params + 1] =
            eval::flatten(args[handler.params + 1..].iter().cloned().collect());
    }
    let result = eval::eval_body(host, &mut frame, body);
    eval::give_back_frame(host, frame);
    match result {
        Ok(v) | Err(Unwind::Return(v)) => Ok(v),
        Err(Unwind::Break) => Ok(Value::false_sym()),
        Err(Unwind::Error(e)) => Err(e),
    }
}

/// The name of class `class`.
fn class_name(host: &mut dyn Host, class: ClassId) -> String {
    host.program().classes.get(class).name.to_string()
}

/// Runs a system handler for the message whose arguments are `args`.
fn run_system(
    host: &mut dyn Host,
    action: SystemAction,
    args: &[Value],
) -> Result<Value, EvalError> {
    let Some(Value::Instance(id)) = args.first().cloned() else {
        return Ok(Value::false_sym());
    };
    match action {
        SystemAction::Init => make::init_slots(host, id).map(|_| Value::Instance(id)),
        SystemAction::Delete => Ok(Value::boolean(make::remove(host, id))),
        SystemAction::Create => Ok(Value::false_sym()),
        SystemAction::Print => {
            let text = make::describe(host, id);
            host.write("t", &text);
            Ok(Value::Void)
        }
        SystemAction::Get(slot) => {
            let (index, def) = slot_of(host, id, slot, "get")?;
            Ok(host
                .objects()
                .instances
                .read(id, index, &def)
                .unwrap_or_else(Value::nil))
        }
        SystemAction::Put(slot) => {
            let (index, def) = slot_of(host, id, slot, "put")?;
            make::check_writable(host, id, &def)?;
            // With no value, a single-field slot gets its default, a multislot
            // no values (CLIPS's accessor puts its empty `$?value`).
            let value = (args.len() > 1 || def.multi)
                .then(|| eval::flatten(args[1..].iter().cloned().collect()));
            let place = handler_place(host);
            make::put_slot(host, id, index, &def, value, &place)
        }
        SystemAction::DirectModify | SystemAction::MessageModify => {
            let messages = action == SystemAction::MessageModify;
            let kind = moddup::ModDup {
                duplicate: false,
                messages,
            };
            moddup::modify(host, id, kind)
        }
        SystemAction::DirectDuplicate | SystemAction::MessageDuplicate => {
            let messages = action == SystemAction::MessageDuplicate;
            let kind = moddup::ModDup {
                duplicate: true,
                messages,
            };
            let name = args.get(1).cloned().unwrap_or_else(Value::nil);
            moddup::duplicate(host, id, &name, kind)
        }
    }
}

/// How CLIPS names the running handler where an error happened in it:
/// `handler 'put-x' primary in class 'A'`... as its `PrintHandler` with quotes.
pub fn handler_place(host: &mut dyn Host) -> String {
    let Some((handler, _)) = core(host).and_then(|c| c.current.map(|i| (c.handlers[i].clone(), i)))
    else {
        return String::new();
    };
    let class = class_name(host, handler.class);
    format!(
        "'{}' {} in class '{class}'",
        handler.name,
        handler.kind.name()
    )
}

/// Slot `slot` of instance `id`: its index and definition.
pub fn slot_of(
    host: &mut dyn Host,
    id: InstanceId,
    slot: Atom,
    function: &str,
) -> Result<(usize, Rc<SlotDef>), EvalError> {
    let class = host.objects().instances.get(id).map(|i| i.class);
    let found = class.and_then(|c| {
        let class = host.program().classes.get(c);
        class.slot_index(slot).map(|i| (i, class.slots[i].clone()))
    });
    found.ok_or_else(|| EvalError::new(insfun::insfun3(slot.as_str(), function)))
}

/// `MSG >> message ED:n (args)`, for `(watch messages)`.
fn watch_message(host: &mut dyn Host, direction: &str) {
    if !host.objects().watch.messages {
        return;
    }
    let Some(core) = host.objects().cores.last() else {
        return;
    };
    let message = core.message;
    let args = core
        .args
        .first()
        .cloned()
        .unwrap_or_else(|| Rc::from(Vec::new()));
    let depth = *host.depth();
    let text = format!("MSG {direction} {message} ED:{depth} {}\n", arg_list(&args));
    host.write("t", &text);
}

/// `HND >> name kind in class C       ED:n (args)`, for `(watch message-handlers)`.
fn watch_handler(host: &mut dyn Host, handler: &Handler, direction: &str, args: &[Value]) {
    if !host.objects().watch.handlers {
        return;
    }
    let class = class_name(host, handler.class);
    let depth = *host.depth();
    let text = format!(
        "HND {direction} {} {} in class {class}\n       ED:{depth} {}\n",
        handler.name,
        handler.kind.name(),
        arg_list(args)
    );
    host.write("t", &text);
}

/// Arguments as CLIPS's watch lists them: `(a b c)`.
fn arg_list(args: &[Value]) -> String {
    let items: Vec<String> = args.iter().map(|v| v.repr().to_string()).collect();
    format!("({})", items.join(" "))
}
