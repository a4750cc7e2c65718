//! The COOL commands: sending messages, the handler functions
//! (`call-next-handler`, `dynamic-get`, ...), instances (`instances`,
//! `unmake-instance`, `instance-name`, ...) and classes (`class-superclasses`,
//! `list-defclasses`, ...). The work is done by [`crate::cool`].

use super::listing::tally;
use super::{construct_name, out, R};
use crate::cool::class::{Access, ClassId, SlotDef};
use crate::cool::{dispatch, make};
use crate::env::Environment;
use crate::eval::{EvalError, Host};
use crate::messages::{self, classfun, msgfun};
use crate::value::{atom, Atom, Value};
use std::rc::Rc;

/// `(send object message arg...)`.
pub(super) fn send(env: &mut Environment, args: &[Value]) -> R {
    let Value::Symbol(message) = args[1] else {
        return Err(
            EvalError::new(messages::args::argacces2("send", 1, "symbol"))
                .returning(Value::false_sym()),
        );
    };
    dispatch::send(env, &args[0], message, &args[2..])
}

/// `(call-next-handler)`.
pub(super) fn call_next_handler(env: &mut Environment, _: &[Value]) -> R {
    dispatch::call_next(env, None)
}

/// `(override-next-handler arg...)`.
pub(super) fn override_next_handler(env: &mut Environment, args: &[Value]) -> R {
    dispatch::call_next(env, Some(args))
}

/// `(next-handlerp)`.
pub(super) fn next_handlerp(env: &mut Environment, _: &[Value]) -> R {
    Ok(Value::boolean(dispatch::next_handler_available(env)))
}

/// The active instance of the running handler, or CLIPS's error for `function`
/// called outside a handler or on a primitive value.
fn active(env: &mut Environment, function: &str) -> Result<crate::value::InstanceId, EvalError> {
    if !dispatch::in_handler(env) {
        return Err(EvalError::new(msgfun::msgfun4(function)));
    }
    dispatch::active_instance(env).ok_or_else(|| EvalError::new(msgfun::msgfun5(function)))
}

/// `(init-slots)`, in an `init` handler.
pub(super) fn init_slots(env: &mut Environment, _: &[Value]) -> R {
    let id = active(env, "init-slots")?;
    make::init_slots(env, id)?;
    Ok(Value::Instance(id))
}

/// `(ppinstance)`, in a handler: prints the active instance.
pub(super) fn ppinstance(env: &mut Environment, _: &[Value]) -> R {
    let id = active(env, "ppinstance")?;
    let text = make::describe(env, id);
    env.write("t", &text);
    Ok(Value::Void)
}

/// `(dynamic-get slot)`, in a handler.
pub(super) fn dynamic_get(env: &mut Environment, args: &[Value]) -> R {
    let id = active(env, "dynamic-get").map_err(|e| e.returning(Value::false_sym()))?;
    let slot = slot_name(args, "dynamic-get")?;
    let (index, def) = dispatch::slot_of(env, id, slot, "dynamic-get")?;
    Ok(env
        .rt
        .objects
        .instances
        .read(id, index, &def)
        .unwrap_or_else(Value::nil))
}

/// `(dynamic-put slot value...)`, in a handler.
pub(super) fn dynamic_put(env: &mut Environment, args: &[Value]) -> R {
    let id = active(env, "dynamic-put").map_err(|e| e.returning(Value::false_sym()))?;
    let slot = slot_name(args, "dynamic-put")?;
    let (index, def) = dispatch::slot_of(env, id, slot, "dynamic-put")?;
    make::check_writable(env, id, &def)?;
    let value = (args.len() > 1).then(|| crate::eval::flatten(args[1..].iter().cloned().collect()));
    let place = dispatch::handler_place(env);
    make::put_slot(env, id, index, &def, value, &place)
}

fn slot_name(args: &[Value], function: &str) -> Result<Atom, EvalError> {
    match args.first() {
        Some(Value::Symbol(s)) => Ok(*s),
        _ => Err(
            EvalError::new(messages::args::argacces2(function, 0, "symbol"))
                .returning(Value::false_sym()),
        ),
    }
}

/// `(unmake-instance instance...)`, or `*` for all: sends each `delete`.
pub(super) fn unmake_instance(env: &mut Environment, args: &[Value]) -> R {
    let mut ids = Vec::new();
    for a in args {
        if matches!(a, Value::Symbol(s) if s.as_str() == "*") {
            ids.extend(env.rt.objects.instances.iter().map(|i| i.id));
        } else {
            ids.push(
                make::instance_of(env, a, "unmake-instance")
                    .map_err(|e| e.returning(Value::false_sym()))?,
            );
        }
    }
    let mut all = true;
    for id in ids {
        if env.rt.objects.instances.get(id).is_none() {
            continue;
        }
        let deleted = dispatch::send(env, &Value::Instance(id), atom("delete"), &[])?;
        all &= deleted.is_truthy();
    }
    Ok(Value::boolean(all))
}

/// `(instance-existp instance)`.
pub(super) fn instance_existp(env: &mut Environment, args: &[Value]) -> R {
    let instances = &env.rt.objects.instances;
    Ok(Value::boolean(match &args[0] {
        Value::Instance(id) => instances.get(*id).is_some(),
        Value::InstanceName(n) | Value::Symbol(n) => instances.named(*n).is_some(),
        _ => false,
    }))
}

/// `(instance-name instance)`.
pub(super) fn instance_name(env: &mut Environment, args: &[Value]) -> R {
    let id = make::instance_of(env, &args[0], "instance-name")
        .map_err(|e| e.returning(Value::false_sym()))?;
    Ok(env
        .rt
        .objects
        .instances
        .get(id)
        .map_or_else(Value::false_sym, |i| Value::InstanceName(i.name)))
}

/// `(instance-address instance)`.
pub(super) fn instance_address(env: &mut Environment, args: &[Value]) -> R {
    let id = make::instance_of(env, &args[args.len() - 1], "instance-address")
        .map_err(|e| e.returning(Value::false_sym()))?;
    Ok(Value::Instance(id))
}

/// `(class object)`: the class of an instance, or of a value's type.
pub(super) fn class(env: &mut Environment, args: &[Value]) -> R {
    class_named(env, &args[0], "class")
}

/// `(type object)`: with COOL, the same as `class` (CLIPS defines both with one
/// function): an instance's class, else the value's type.
pub(super) fn type_of(env: &mut Environment, args: &[Value]) -> R {
    class_named(env, &args[0], "type")
}

/// The class of `value` for `function`: an instance's class, else the class of
/// its type; CLIPS's `[INSCOM1]` for a value of no type (void).
fn class_named(env: &mut Environment, value: &Value, function: &str) -> R {
    let id = match value {
        Value::Instance(_) | Value::InstanceName(_) => {
            let id = make::instance_of(env, value, function)
                .map_err(|e| e.returning(Value::false_sym()))?;
            env.rt.objects.instances.get(id).map(|i| i.class)
        }
        Value::Void => {
            let message = crate::messages::inscom::inscom1(function);
            return Err(EvalError::new(message).returning(Value::false_sym()));
        }
        other => env.rt.program.classes.of_type(other.type_name()),
    };
    Ok(id.map_or_else(Value::false_sym, |c| {
        Value::Symbol(env.rt.program.classes.get(c).name)
    }))
}

/// The class named by argument `index`, or CLIPS's `[CLASSFUN1]` naming `function`.
pub(super) fn class_arg(
    env: &Environment,
    args: &[Value],
    index: usize,
    function: &str,
) -> Result<ClassId, EvalError> {
    let name = match args.get(index) {
        Some(Value::Symbol(s)) => *s,
        _ => {
            return Err(
                EvalError::new(messages::args::argacces2(function, index, "symbol"))
                    .returning(Value::false_sym()),
            )
        }
    };
    env.rt.program.classes.id(name).ok_or_else(|| {
        EvalError::new(classfun::classfun1(name.as_str(), function)).returning(Value::false_sym())
    })
}

/// Whether the optional last argument is `inherit`.
fn inherit(args: &[Value], index: usize) -> bool {
    matches!(args.get(index), Some(Value::Symbol(s)) if s.as_str() == "inherit")
}

/// `(class-existp name)`.
pub(super) fn class_existp(env: &mut Environment, args: &[Value]) -> R {
    Ok(Value::boolean(
        matches!(&args[0], Value::Symbol(s) if env.rt.program.classes.id(*s).is_some()),
    ))
}

/// A multifield of class names.
fn names(env: &Environment, ids: impl IntoIterator<Item = ClassId>) -> Value {
    let classes = &env.rt.program.classes;
    Value::multifield(
        ids.into_iter()
            .map(|c| Value::Symbol(classes.get(c).name))
            .collect(),
    )
}

/// `(class-superclasses class [inherit])`.
pub(super) fn class_superclasses(env: &mut Environment, args: &[Value]) -> R {
    let id = class_arg(env, args, 0, "class-superclasses")?;
    let class = env.rt.program.classes.get(id);
    let list = if inherit(args, 1) {
        class.precedence[1..].to_vec()
    } else {
        class.supers.clone()
    };
    Ok(names(env, list))
}

/// `(class-subclasses class [inherit])`.
pub(super) fn class_subclasses(env: &mut Environment, args: &[Value]) -> R {
    let id = class_arg(env, args, 0, "class-subclasses")?;
    let classes = &env.rt.program.classes;
    let list = if inherit(args, 1) {
        let mut all = Vec::new();
        subclasses_in_order(classes, id, &mut all);
        all
    } else {
        classes.get(id).subclasses.clone()
    };
    Ok(names(env, list))
}

/// The subclasses of `id` at any depth, each after its superclass, once.
fn subclasses_in_order(classes: &crate::cool::Classes, id: ClassId, out: &mut Vec<ClassId>) {
    for &c in &classes.get(id).subclasses {
        if !out.contains(&c) {
            out.push(c);
            subclasses_in_order(classes, c, out);
        }
    }
}

/// `(superclassp class1 class2)`: whether class1 is a superclass of class2.
pub(super) fn superclassp(env: &mut Environment, args: &[Value]) -> R {
    let a = class_arg(env, args, 0, "superclassp")?;
    let b = class_arg(env, args, 1, "superclassp")?;
    Ok(Value::boolean(a != b && env.rt.program.classes.is_a(b, a)))
}

/// `(subclassp class1 class2)`: whether class1 is a subclass of class2.
pub(super) fn subclassp(env: &mut Environment, args: &[Value]) -> R {
    let a = class_arg(env, args, 0, "subclassp")?;
    let b = class_arg(env, args, 1, "subclassp")?;
    Ok(Value::boolean(a != b && env.rt.program.classes.is_a(a, b)))
}

/// `(class-abstractp class)`.
pub(super) fn class_abstractp(env: &mut Environment, args: &[Value]) -> R {
    let id = class_arg(env, args, 0, "class-abstractp")?;
    Ok(Value::boolean(env.rt.program.classes.get(id).abstract_))
}

/// `(class-reactivep class)`.
pub(super) fn class_reactivep(env: &mut Environment, args: &[Value]) -> R {
    let id = class_arg(env, args, 0, "class-reactivep")?;
    Ok(Value::boolean(env.rt.program.classes.get(id).reactive))
}

/// `(class-slots class [inherit])`.
pub(super) fn class_slots(env: &mut Environment, args: &[Value]) -> R {
    let id = class_arg(env, args, 0, "class-slots")?;
    let class = env.rt.program.classes.get(id);
    let slots = if inherit(args, 1) {
        &class.slots
    } else {
        &class.own_slots
    };
    Ok(Value::multifield(
        slots.iter().map(|s| Value::Symbol(s.name)).collect(),
    ))
}

/// `(list-defclasses [module])`.
pub(super) fn list_defclasses(env: &mut Environment, _: &[Value]) -> R {
    let classes = &env.rt.program.classes;
    let mut text = String::new();
    for &c in &classes.listed {
        text.push_str(classes.get(c).name.as_str());
        text.push('\n');
    }
    let n = classes.listed.len();
    let plural = if n == 1 { "" } else { "es" };
    text.push_str(&format!("For a total of {n} defclass{plural}.\n"));
    out(&mut env.rt, "t", &text);
    Ok(Value::Void)
}

/// `(instances [module [class [inherit]]])`, as CLIPS lists them: for one module
/// (the current one by default), every instance of a class visible from it in the
/// order made, or those of `class` (and with `inherit` of its subclasses, each
/// class once); for `*`, module by module, the instances of each class the module
/// defines, indented.
pub(super) fn instances(env: &mut Environment, args: &[Value]) -> R {
    let program = &env.rt.program;
    let module = match args.first() {
        None => Some(program.current_module),
        Some(Value::Symbol(m)) if m.as_str() == "*" => None,
        Some(Value::Symbol(m)) if program.module_id(*m).is_some() => program.module_id(*m),
        Some(_) => {
            let expected = "'defmodule name'";
            return Err(EvalError::new(messages::args::argacces2(
                "instances",
                0,
                expected,
            )));
        }
    };
    let class = match args.get(1) {
        None => None,
        Some(Value::Symbol(c)) if program.classes.id(*c).is_some() => program.classes.id(*c),
        Some(Value::Symbol(c)) if c.as_str() == "*" => None,
        Some(Value::Symbol(c)) => {
            return Err(EvalError::new(classfun::classfun1(c.as_str(), "instances")));
        }
        Some(_) => {
            let message = messages::args::argacces2("instances", 1, "symbol");
            return Err(EvalError::new(message));
        }
    };
    let inherit = match args.get(2) {
        None => false,
        Some(Value::Symbol(s)) if s.as_str() == "inherit" => true,
        Some(_) => {
            let expected = "keyword \"inherit\"";
            let message = messages::args::argacces2("instances", 2, expected);
            return Err(EvalError::new(message));
        }
    };
    let mut listing = Listing {
        env,
        module: module.unwrap_or(env.rt.program.current_module),
        text: String::new(),
        count: 0,
        visited: Vec::new(),
    };
    match module {
        Some(m) => match class {
            Some(c) => listing.class(c, inherit, ""),
            None => listing.in_scope(m),
        },
        None => {
            for m in 0..listing.env.rt.program.modules.len() {
                let m = crate::compile::ModuleId(m as u32);
                let name = listing.env.rt.program.module_name(m);
                listing.module = m;
                listing.text.push_str(&format!("{name}:\n"));
                let classes = &listing.env.rt.program.classes;
                let own: Vec<ClassId> = match class {
                    Some(c) => vec![c],
                    None => (classes.listed.iter().copied())
                        .filter(|&c| classes.get(c).module == m)
                        .collect(),
                };
                for c in own {
                    listing.class(c, inherit && class.is_some(), "   ");
                }
            }
        }
    }
    let Listing {
        mut text, count, ..
    } = listing;
    // As CLIPS's PrintTally, no tally for no instances.
    if count > 0 {
        text.push_str(&tally(count, "instance"));
    }
    out(&mut env.rt, "t", &text);
    Ok(Value::Void)
}

/// The lines of an `instances` listing under way.
struct Listing<'a> {
    env: &'a Environment,
    /// The module listed: a class of another is named with its module.
    module: crate::compile::ModuleId,
    text: String,
    count: usize,
    /// The classes listed so far (each is listed once).
    visited: Vec<ClassId>,
}

impl Listing<'_> {
    /// One line: `[name] of CLASS`, after `indent`.
    fn line(&mut self, indent: &str, name: Atom, class: ClassId) {
        let class = self.env.rt.program.class_name_from(class, self.module);
        self.text
            .push_str(&format!("{indent}[{name}] of {class}\n"));
        self.count += 1;
    }

    /// The instances of every class visible from `module`, in the order made.
    fn in_scope(&mut self, module: crate::compile::ModuleId) {
        let env = self.env;
        for i in env.rt.objects.instances.iter() {
            if env.rt.program.class_visible(i.class, module) {
                self.line("", i.name, i.class);
            }
        }
    }

    /// The instances of `class` unless listed already, then with `inherit`
    /// those of its subclasses.
    fn class(&mut self, class: ClassId, inherit: bool, indent: &str) {
        if self.visited.contains(&class) {
            return;
        }
        self.visited.push(class);
        let env = self.env;
        for i in env.rt.objects.instances.iter().filter(|i| i.class == class) {
            self.line(indent, i.name, i.class);
        }
        if inherit {
            for &sub in &env.rt.program.classes.get(class).subclasses {
                self.class(sub, true, indent);
            }
        }
    }
}

/// `(ppdefclass class [logical-name])`.
pub(super) fn ppdefclass(env: &mut Environment, args: &[Value]) -> R {
    let name = construct_name(args, 0, "ppdefclass")?;
    let found = env.rt.program.classes.id(name).map(|id| {
        let class = env.rt.program.classes.get(id);
        let module = env.rt.program.module_name(class.module);
        (class.source.clone(), module)
    });
    let text = found.map(|(source, module)| {
        source
            .and_then(|s| crate::env::pretty::render(&s, module.as_str()))
            .unwrap_or_default()
    });
    super::print_pretty(&mut env.rt, args, text, "defclass", name.as_str())
}

/// `(browse-classes [class])`: the class tree, two spaces per level, a class
/// with several superclasses marked `*`.
pub(super) fn browse_classes(env: &mut Environment, args: &[Value]) -> R {
    let root = match args.first() {
        Some(_) => class_arg(env, args, 0, "browse-classes")?,
        None => env.rt.program.classes.system("OBJECT"),
    };
    let mut text = String::new();
    browse(&env.rt.program.classes, root, 0, &mut text);
    out(&mut env.rt, "t", &text);
    Ok(Value::Void)
}

fn browse(classes: &crate::cool::Classes, id: ClassId, depth: usize, text: &mut String) {
    let class = classes.get(id);
    text.push_str(&"  ".repeat(depth));
    text.push_str(class.name.as_str());
    if class.supers.len() > 1 {
        text.push_str(" *");
    }
    text.push('\n');
    for &c in &class.subclasses {
        browse(classes, c, depth + 1, text);
    }
}

/// Handler `handler` as CLIPS lists it: `name kind in class C`.
fn handler_line(env: &Environment, handler: &crate::cool::handler::Handler) -> String {
    let class = env.rt.program.classes.get(handler.class).name;
    format!("{} {} in class {class}", handler.name, handler.kind.name())
}

/// The classes whose handlers a listing covers: `class` (and with `inherit` its
/// superclasses, most general first), or every class.
fn handler_classes(
    env: &Environment,
    args: &[Value],
    function: &str,
) -> Result<Vec<ClassId>, EvalError> {
    let classes = &env.rt.program.classes;
    Ok(match args.first() {
        Some(_) => {
            let id = class_arg(env, args, 0, function)?;
            if inherit(args, 1) {
                classes.get(id).precedence.iter().rev().copied().collect()
            } else {
                vec![id]
            }
        }
        None => {
            let mut all = vec![classes.system("USER")];
            all.extend(
                classes
                    .listed
                    .iter()
                    .copied()
                    .filter(|&c| !classes.get(c).system),
            );
            all
        }
    })
}

/// `(list-defmessage-handlers [class [inherit]])`.
pub(super) fn list_defmessage_handlers(env: &mut Environment, args: &[Value]) -> R {
    let classes = handler_classes(env, args, "list-defmessage-handlers")?;
    let mut text = String::new();
    let mut count = 0;
    for c in classes {
        for h in &env.rt.program.classes.get(c).handlers {
            text.push_str(&handler_line(env, h));
            text.push('\n');
            count += 1;
        }
    }
    text.push_str(&tally(count, "message-handler"));
    out(&mut env.rt, "t", &text);
    Ok(Value::Void)
}

/// `(get-defmessage-handler-list [class [inherit]])`: class, name and kind of each.
pub(super) fn get_defmessage_handler_list(env: &mut Environment, args: &[Value]) -> R {
    let classes = handler_classes(env, args, "get-defmessage-handler-list")?;
    let mut items = Vec::new();
    for c in classes {
        let class = env.rt.program.classes.get(c);
        for h in &class.handlers {
            items.push(Value::Symbol(class.name));
            items.push(Value::Symbol(h.name));
            items.push(Value::symbol(h.kind.name()));
        }
    }
    Ok(Value::multifield(items))
}

/// The handler kind of argument `index` (`primary` when absent).
fn kind_arg(args: &[Value], index: usize) -> Option<crate::cool::handler::HandlerKind> {
    match args.get(index) {
        None => Some(crate::cool::handler::HandlerKind::Primary),
        Some(Value::Symbol(s)) => crate::cool::handler::HandlerKind::parse(s.as_str()),
        Some(_) => None,
    }
}

/// The handler of `class` named by arguments 1 and 2 (message and kind).
fn handler_arg(
    env: &Environment,
    args: &[Value],
    function: &str,
) -> Result<Option<std::rc::Rc<crate::cool::handler::Handler>>, EvalError> {
    let id = class_arg(env, args, 0, function)?;
    let name = slot_name(&args[1..], function)?;
    let kind = kind_arg(args, 2);
    Ok(env
        .rt
        .program
        .classes
        .get(id)
        .handlers
        .iter()
        .find(|h| h.name == name && Some(h.kind) == kind)
        .cloned())
}

/// `(message-handler-existp class message [kind])`.
pub(super) fn message_handler_existp(env: &mut Environment, args: &[Value]) -> R {
    Ok(Value::boolean(
        handler_arg(env, args, "message-handler-existp")?.is_some(),
    ))
}

/// `(ppdefmessage-handler class message [kind [logical-name]])`.
pub(super) fn ppdefmessage_handler(env: &mut Environment, args: &[Value]) -> R {
    let function = "ppdefmessage-handler";
    let class = construct_name(args, 0, function)?;
    let name = slot_name(&args[1..], function)
        .map_err(|_| EvalError::new(messages::args::argacces2(function, 1, "symbol")))?;
    let kind = kind_arg(args, 2);
    let classes = &env.rt.program.classes;
    let found = classes.id(class).and_then(|c| {
        (classes.get(c).handlers.iter())
            .find(|h| h.name == name && Some(h.kind) == kind)
            .cloned()
    });
    let Some(handler) = found else {
        let kind = match args.get(2) {
            Some(k) => k.display().to_string(),
            None => "primary".to_string(),
        };
        return Err(EvalError::new(messages::msgcom::msgcom2(
            name.as_str(),
            &kind,
            class.as_str(),
            function,
        )));
    };
    let module = classes.get(handler.class).module;
    let module = env.rt.program.module_name(module);
    let text = (handler.source.as_ref())
        .and_then(|s| crate::env::pretty::render(s, module.as_str()))
        .unwrap_or_default();
    // The logical name is argument #4: `print_pretty` finds it second.
    let rest = args.get(2..).filter(|r| r.len() > 1).unwrap_or_default();
    let shown = format!("{class} {name}");
    super::print_pretty(&mut env.rt, rest, Some(text), "defmessage-handler", &shown)
}

/// `(undefmessage-handler class message [kind])`: `*` for every message (of the
/// kind) or for every class; system handlers stay.
pub(super) fn undefmessage_handler(env: &mut Environment, args: &[Value]) -> R {
    let all_classes = matches!(&args[0], Value::Symbol(s) if s.as_str() == "*");
    let targets = if all_classes {
        env.rt.program.classes.listed.clone()
    } else {
        vec![class_arg(env, args, 0, "undefmessage-handler")?]
    };
    let name = slot_name(&args[1..], "undefmessage-handler")?;
    let every = name.as_str() == "*";
    let kind = kind_arg(args, 2);
    for c in targets {
        let class = env.rt.program.classes.get_mut(c);
        let named = |h: &&std::rc::Rc<crate::cool::handler::Handler>| {
            h.name == name && Some(h.kind) == kind
        };
        if !every && class.handlers.iter().filter(named).any(|h| h.is_system()) {
            return Err(EvalError::new(messages::msgpsr::msgpsr3()));
        }
        class
            .handlers
            .retain(|h| h.is_system() || !((every || h.name == name) && Some(h.kind) == kind));
    }
    Ok(Value::Void)
}

/// `(preview-send class message)`: the handlers a message would run, nested as
/// they run.
pub(super) fn preview_send(env: &mut Environment, args: &[Value]) -> R {
    let id = class_arg(env, args, 0, "preview-send")?;
    let message = slot_name(&args[1..], "preview-send")?;
    let handlers = dispatch::applicable(env, id, message);
    if !handlers
        .iter()
        .any(|h| h.kind == crate::cool::handler::HandlerKind::Primary)
    {
        return Err(EvalError::new(msgfun::msgfun1(message.as_str())));
    }
    let mut text = String::new();
    preview(env, &handlers, 0, &mut text);
    out(&mut env.rt, "t", &text);
    Ok(Value::Void)
}

/// The lines of [`preview_send`] from handler `at` on, as CLIPS's
/// `DisplayCore` nests them (`| ` per level).
fn preview(
    env: &Environment,
    handlers: &[std::rc::Rc<crate::cool::handler::Handler>],
    depth: usize,
    text: &mut String,
) {
    use crate::cool::handler::HandlerKind::*;
    let line = |text: &mut String, depth: usize, dir: &str, h: &crate::cool::handler::Handler| {
        text.push_str(&"| ".repeat(depth));
        text.push_str(&format!("{dir} {}\n", handler_line(env, h)));
    };
    let Some(first) = handlers.first() else {
        return;
    };
    if first.kind == Around {
        line(text, depth, ">>", first);
        preview(env, &handlers[1..], depth + 1, text);
        line(text, depth, "<<", first);
        return;
    }
    for h in handlers.iter().filter(|h| h.kind == Before) {
        line(text, depth, ">>", h);
        line(text, depth, "<<", h);
    }
    let primaries: Vec<_> = handlers.iter().filter(|h| h.kind == Primary).collect();
    for (i, h) in primaries.iter().enumerate() {
        line(text, depth + i, ">>", h);
    }
    for (i, h) in primaries.iter().enumerate().rev() {
        line(text, depth + i, "<<", h);
    }
    for h in handlers.iter().filter(|h| h.kind == After) {
        line(text, depth, ">>", h);
        line(text, depth, "<<", h);
    }
}

/// `(delete-instance)`, in a handler: deletes the active instance.
pub(super) fn delete_instance(env: &mut Environment, _: &[Value]) -> R {
    let id = active(env, "delete-instance")?;
    Ok(Value::boolean(make::remove(env, id)))
}

/// `(undefclass class)`: removes a class with no instances and no subclasses,
/// or `*` every such user class.
pub(super) fn undefclass(env: &mut Environment, args: &[Value]) -> R {
    // A class may be named `*`: CLIPS deletes it rather than every class.
    let all = matches!(&args[0], Value::Symbol(s) if s.as_str() == "*")
        && env.rt.program.classes.id(atom("*")).is_none();
    let targets: Vec<ClassId> = if all {
        let classes = &env.rt.program.classes;
        classes
            .listed
            .iter()
            .rev()
            .copied()
            .filter(|&c| !classes.get(c).system)
            .collect()
    } else {
        vec![class_arg(env, args, 0, "undefclass").map_err(|_| {
            let name = args[0].display().to_string();
            EvalError::new(messages::prntutil::prntutil1("defclass", &name, true))
        })?]
    };
    for c in targets {
        let classes = &env.rt.program.classes;
        if !classes.get(c).defined {
            continue;
        }
        // CLIPS deletes the class with its subclasses, unless one of them has
        // instances or restricts a method.
        let mut doomed = classes.all_subclasses(c);
        doomed.push(c);
        let names: Vec<Atom> = doomed.iter().map(|&d| classes.get(d).name).collect();
        let restricts =
            |r: &crate::generic::Restriction| r.classes.iter().any(|n| names.contains(n));
        let in_use = classes.get(c).system
            || env
                .rt
                .objects
                .instances
                .iter()
                .any(|i| doomed.contains(&i.class))
            || (env.rt.program.generics.defined()).any(|(_, g)| {
                (g.methods.iter()).any(|m| m.parameters.restrictions.iter().any(restricts))
            });
        if in_use {
            let name = classes.get(c).name;
            return Err(EvalError::new(messages::prntutil::prntutil4(
                "defclass",
                name.as_str(),
            )));
        }
        for d in doomed {
            env.rt.program.classes.remove(d);
        }
    }
    Ok(Value::Void)
}

/// How `slot-replace$`, `slot-insert$` and `slot-delete$` change a multislot.
#[derive(Clone, Copy)]
enum SlotEdit {
    Replace,
    Insert,
    Delete,
}

/// `(slot-replace$ instance slot start end value...)`.
pub(super) fn slot_replace(env: &mut Environment, args: &[Value]) -> R {
    edit_multislot(env, args, SlotEdit::Replace, "slot-replace$")
}

/// `(slot-insert$ instance slot index value...)`.
pub(super) fn slot_insert(env: &mut Environment, args: &[Value]) -> R {
    edit_multislot(env, args, SlotEdit::Insert, "slot-insert$")
}

/// `(slot-delete$ instance slot start end)`.
pub(super) fn slot_delete(env: &mut Environment, args: &[Value]) -> R {
    edit_multislot(env, args, SlotEdit::Delete, "slot-delete$")
}

/// A multislot's value changed as `replace$`, `insert$` or `delete$` change a
/// multifield, then put with the slot's override message (CLIPS's insmult.c):
/// the message's value, or `FALSE` after an error.
fn edit_multislot(env: &mut Environment, args: &[Value], edit: SlotEdit, function: &str) -> R {
    use crate::functions::{args as arg, multifield};
    let fail = |e: EvalError| e.returning(Value::false_sym());
    let id = make::instance_of(env, &args[0], function).map_err(fail)?;
    let slot = slot_name(&args[1..], function).map_err(|_| {
        fail(EvalError::new(messages::args::argacces2(
            function, 1, "symbol",
        )))
    })?;
    let Some(instance) = env.rt.objects.instances.get(id) else {
        return Ok(Value::false_sym());
    };
    let (name, class) = (instance.name, instance.class);
    let classes = &env.rt.program.classes;
    let Some(index) = classes.get(class).slot_index(slot) else {
        return Err(fail(EvalError::new(messages::insfun::insfun3(
            slot.as_str(),
            function,
        ))));
    };
    let def = classes.get(class).slots[index].clone();
    if !def.multi {
        return Err(fail(EvalError::new(messages::insmult::insmult1(
            function,
            slot.as_str(),
            name.as_str(),
        ))));
    }
    let old = (env.rt.objects.instances)
        .read(id, index, &def)
        .unwrap_or_else(|| Value::multifield(Vec::new()));
    let items = old.as_slice();
    let halt = |e: crate::functions::FnError| fail(EvalError::new(e.message));
    let start = arg::integer(function, args, 2).map_err(halt)?;
    let new = match edit {
        SlotEdit::Insert => multifield::insert_at(function, items, start, &args[3..]),
        SlotEdit::Replace | SlotEdit::Delete => {
            let end = arg::integer(function, args, 3).map_err(halt)?;
            match edit {
                SlotEdit::Replace => {
                    multifield::replace_range(function, items, start, end, &args[4..])
                }
                _ => multifield::delete_range(function, items, start, end),
            }
        }
    }
    .map_err(halt)?;
    dispatch::send(env, &Value::Instance(id), def.override_message, &[new])
}

/// The slot named by argument #2 in the class named by argument #1, as CLIPS's
/// `CheckSlotExists` finds it for `function`: `None` for no such slot (an error,
/// `[INSFUN3]`, when `must_exist`); a slot inherited from a superclass is an
/// error, `[CLASSEXM1]`, unless `inherited`.
fn class_slot_arg(
    env: &Environment,
    args: &[Value],
    function: &str,
    must_exist: bool,
    inherited: bool,
) -> Result<Option<(ClassId, Rc<SlotDef>)>, EvalError> {
    let class = class_arg(env, args, 0, function)?;
    let fail = |message: String| EvalError::new(message).returning(Value::false_sym());
    let Some(Value::Symbol(name)) = args.get(1) else {
        return Err(fail(messages::args::argacces2(function, 1, "symbol")));
    };
    let classes = &env.rt.program.classes;
    let Some(slot) = classes.get(class).slot(*name).cloned() else {
        if must_exist {
            return Err(fail(messages::insfun::insfun3(name.as_str(), function)));
        }
        return Ok(None);
    };
    if slot.class != class && !inherited {
        let from = classes.get(slot.class).name;
        return Err(fail(messages::classfun::classexm1(
            name.as_str(),
            from.as_str(),
            function,
        )));
    }
    Ok(Some((class, slot)))
}

/// `(slot-existp class slot [inherit])`: whether the class defines the slot
/// (or inherits it, with `inherit`).
pub(super) fn slot_existp(env: &mut Environment, args: &[Value]) -> R {
    let function = "slot-existp";
    let found = class_slot_arg(env, args, function, false, true)?;
    let inherit = match args.get(2) {
        None => false,
        Some(Value::Symbol(s)) if s.as_str() == "inherit" => true,
        Some(_) => {
            let expected = "keyword \"inherit\"";
            return Err(
                EvalError::new(messages::args::argacces2(function, 2, expected))
                    .returning(Value::false_sym()),
            );
        }
    };
    let exists = found.is_some_and(|(class, slot)| slot.class == class || inherit);
    Ok(Value::boolean(exists))
}

/// `(slot-writablep class slot)`: whether the slot is read-write.
pub(super) fn slot_writablep(env: &mut Environment, args: &[Value]) -> R {
    slot_predicate(env, args, "slot-writablep", true, |_, s| {
        s.access == Access::ReadWrite
    })
}

/// `(slot-initablep class slot)`: whether the slot may be given a value when an
/// instance is initialized (not read-only).
pub(super) fn slot_initablep(env: &mut Environment, args: &[Value]) -> R {
    slot_predicate(env, args, "slot-initablep", true, |_, s| {
        s.access != Access::ReadOnly
    })
}

/// `(slot-publicp class slot)`: whether the class's own slot is public.
pub(super) fn slot_publicp(env: &mut Environment, args: &[Value]) -> R {
    slot_predicate(env, args, "slot-publicp", false, |_, s| s.public)
}

/// `(slot-direct-accessp class slot)`: whether the class's handlers may read the
/// slot directly (its own, or a public inherited one).
pub(super) fn slot_direct_accessp(env: &mut Environment, args: &[Value]) -> R {
    slot_predicate(env, args, "slot-direct-accessp", true, |class, s| {
        s.public || s.class == class
    })
}

/// A predicate `test` of the slot named by the arguments (see
/// [`class_slot_arg`]); `FALSE` after an error.
fn slot_predicate(
    env: &mut Environment,
    args: &[Value],
    function: &str,
    inherited: bool,
    test: fn(ClassId, &SlotDef) -> bool,
) -> R {
    let found = class_slot_arg(env, args, function, true, inherited)?;
    Ok(Value::boolean(
        found.is_some_and(|(class, slot)| test(class, &slot)),
    ))
}
