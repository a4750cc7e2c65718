//! Instances written to a file and read back (CLIPS's insfile.c):
//! `save-instances` writes them as text, which `load-instances` (with messages,
//! as `make-instance` makes them) and `restore-instances` (without) read;
//! `bsave-instances` writes a binary file `bload-instances` reads.
//!
//! The savers take CLIPS's arguments, `(save-instances file [local|visible
//! [[inherit] class...]])`: the instances of the classes of the current module
//! (`local`, the default) or of those visible from it, or only those of the
//! classes named (with `inherit`, of their subclasses too), each class once. They
//! return the number of instances saved, or -1.
//!
//! CLIPS's binary instances file holds its own symbol table and the slot values;
//! Salience's holds each instance's name, class and slots as JSON after a magic
//! line. Either loader returns the number of instances made, or -1 for a file it
//! cannot read.

use super::fact_files::{field, refuse, value, Field};
use super::{file_name, unable_to_open, R};
use crate::compile::CExpr;
use crate::cool::{make, ClassId};
use crate::env::show::write_slot;
use crate::env::{Environment, Runtime};
use crate::eval::{EvalError, Unwind};
use crate::messages::{self, insfile};
use crate::syntax::sexpr::{SExpr, SExprKind, Token};
use crate::value::{atom, Atom, InstanceId, Value};
use serde::{Deserialize, Serialize};

/// What starts a binary instances file.
const MAGIC: &str = "\u{5}\u{6}\u{7}SALIENCE-BINARY-INSTANCES\n";

/// The binary instances format's version.
const VERSION: u32 = 1;

/// Which instances a saver writes.
struct Selection {
    /// Those of the current module's own classes, rather than of every class
    /// visible from it.
    local: bool,
    /// Only those of these classes, if given.
    classes: Option<Vec<ClassId>>,
    /// With the classes given, those of their subclasses too.
    inherit: bool,
}

/// The file name and selection of a saver's arguments; `Ok(Err(value))` when the
/// saver refuses them and returns `value`.
fn selection(
    env: &mut Environment,
    function: &str,
    args: &[Value],
) -> Result<Result<(String, Selection), Value>, EvalError> {
    let path = file_name(args, 0, function)?;
    let local = match args.get(1) {
        None => true,
        Some(Value::Symbol(s)) if s.as_str() == "local" => true,
        Some(Value::Symbol(s)) if s.as_str() == "visible" => false,
        Some(Value::Symbol(_)) => {
            let message = messages::args::argacces2(function, 1, insfile::SCOPE);
            return Ok(Err(refuse_with(&mut env.rt, &message, 0)));
        }
        Some(_) => {
            let message = messages::args::argacces2(function, 1, "symbol");
            return Err(EvalError::new(message).returning(Value::Integer(0)));
        }
    };
    let mut names = args.get(2..).unwrap_or_default();
    let inherit =
        names.len() > 1 && matches!(&names[0], Value::Symbol(s) if s.as_str() == "inherit");
    if inherit {
        names = &names[1..];
    }
    let mut classes: Vec<ClassId> = Vec::new();
    let first = if inherit { 3 } else { 2 };
    for (i, name) in names.iter().enumerate() {
        let program = &env.rt.program;
        let found = match name {
            Value::Symbol(n) => program.classes.id(*n).filter(|&c| {
                let current = program.current_module;
                if local {
                    program.classes.get(c).module == current
                } else {
                    program.class_visible(c, current)
                }
            }),
            _ => None,
        };
        let all = &program.classes;
        // With `inherit`, no class may be another's superclass or subclass.
        let related =
            |c: ClassId| inherit && (classes.iter()).any(|&o| all.is_a(o, c) || all.is_a(c, o));
        let acceptable = found.filter(|&c| {
            (inherit || !all.get(c).abstract_) && !classes.contains(&c) && !related(c)
        });
        let Some(class) = acceptable else {
            let expected = insfile::class_name(inherit);
            let message = messages::args::argacces2(function, first + i, expected);
            return Ok(Err(refuse(&mut env.rt, &message)));
        };
        classes.push(class);
    }
    let classes = (!names.is_empty()).then_some(classes);
    Ok(Ok((
        path,
        Selection {
            local,
            classes,
            inherit,
        },
    )))
}

/// Reports `message` as an error line; `returns`.
fn refuse_with(rt: &mut Runtime, message: &str, returns: i64) -> Value {
    refuse(rt, message);
    Value::Integer(returns)
}

/// The instances `selection` takes, in CLIPS's order: without classes, every
/// instance in the order made; with classes, class by class (each class once,
/// its subclasses after it with `inherit`), each class's in the order made.
fn selected(rt: &Runtime, selection: &Selection) -> Vec<InstanceId> {
    let program = &rt.program;
    let current = program.current_module;
    let in_scope = |class: ClassId| {
        if selection.local {
            program.classes.get(class).module == current
        } else {
            program.class_visible(class, current)
        }
    };
    let instances = &rt.objects.instances;
    let Some(classes) = &selection.classes else {
        return (instances.iter())
            .filter(|i| in_scope(i.class))
            .map(|i| i.id)
            .collect();
    };
    let mut visited = Vec::new();
    let mut order = Vec::new();
    for &class in classes {
        visit(rt, class, selection.inherit, &mut visited, &mut order);
    }
    order
        .into_iter()
        .filter(|&c| in_scope(c))
        .flat_map(|c| instances.iter().filter(move |i| i.class == c).map(|i| i.id))
        .collect()
}

/// Puts `class` in `order` unless visited, then, with `inherit`, its subclasses
/// depth first.
fn visit(
    rt: &Runtime,
    class: ClassId,
    inherit: bool,
    visited: &mut Vec<ClassId>,
    order: &mut Vec<ClassId>,
) {
    if visited.contains(&class) {
        return;
    }
    visited.push(class);
    order.push(class);
    if inherit {
        for &sub in &rt.program.classes.get(class).subclasses {
            visit(rt, sub, true, visited, order);
        }
    }
}

/// A slot value as an instances file holds it: an instance address as the
/// instance's name, a fact address as a string (CLIPS's `AddressesToStrings`).
fn saveable(rt: &Runtime, value: Value) -> Value {
    let one = |v: &Value| match v {
        Value::Instance(id) => match rt.objects.instances.get(*id) {
            Some(i) => Value::InstanceName(i.name),
            None => Value::InstanceName(atom("")),
        },
        Value::Fact(_) => Value::String(atom(&v.repr().to_string())),
        other => other.clone(),
    };
    match &value {
        Value::Multifield(items) => Value::multifield(items.iter().map(one).collect()),
        other => one(other),
    }
}

/// The slots of instance `id`, by name, as an instances file holds them.
fn slots_of(rt: &Runtime, id: InstanceId) -> (Atom, Atom, Vec<(Atom, Value)>) {
    let Some(instance) = rt.objects.instances.get(id) else {
        return (atom(""), atom(""), Vec::new());
    };
    let class = rt.program.classes.get(instance.class);
    let slots = (class.slots.iter().enumerate())
        .map(|(index, def)| {
            let v = (rt.objects.instances.read(id, index, def)).unwrap_or_else(Value::nil);
            (def.name, saveable(rt, v))
        })
        .collect();
    (instance.name, class.name, slots)
}

/// An instance as `save-instances` writes it: `([name] of CLASS`, each slot on
/// a line of its own, `)` and an empty line.
fn instance_text(rt: &Runtime, id: InstanceId) -> String {
    let (name, class, slots) = slots_of(rt, id);
    let mut text = format!("([{name}] of {class}");
    for (slot, v) in &slots {
        text.push_str("\n   ");
        write_slot(&mut text, slot.as_str(), v, true);
    }
    text.push_str(")\n\n");
    text
}

/// The number of instances, as CLIPS returns it.
fn count(n: usize) -> Value {
    Value::Integer(i64::try_from(n).unwrap_or(i64::MAX))
}

/// `(save-instances file [local|visible [[inherit] class...]])`.
pub fn save_instances(env: &mut Environment, args: &[Value]) -> R {
    let (path, selection) = match selection(env, "save-instances", args)? {
        Ok(chosen) => chosen,
        Err(refused) => return Ok(refused),
    };
    let ids = selected(&env.rt, &selection);
    let text: String = ids.iter().map(|&id| instance_text(&env.rt, id)).collect();
    if std::fs::write(&path, text).is_err() {
        unable_to_open(env, "save-instances", &path);
        return Ok(Value::Integer(-1));
    }
    Ok(count(ids.len()))
}

/// One instance of a binary instances file: its name, its class and its slots
/// by name, each a list of fields.
#[derive(Serialize, Deserialize)]
struct SavedInstance {
    name: String,
    class: String,
    slots: Vec<(String, Vec<Field>)>,
}

/// A binary instances file: what `bsave-instances` writes after [`MAGIC`].
#[derive(Serialize, Deserialize)]
struct InstancesFile {
    version: u32,
    instances: Vec<SavedInstance>,
}

/// `(bsave-instances file [local|visible [[inherit] class...]])`.
pub fn bsave_instances(env: &mut Environment, args: &[Value]) -> R {
    let (path, selection) = match selection(env, "bsave-instances", args)? {
        Ok(chosen) => chosen,
        Err(refused) => return Ok(refused),
    };
    let ids = selected(&env.rt, &selection);
    let instances = (ids.iter())
        .map(|&id| {
            let (name, class, slots) = slots_of(&env.rt, id);
            SavedInstance {
                name: name.to_string(),
                class: class.to_string(),
                slots: (slots.iter())
                    .map(|(s, v)| (s.to_string(), v.as_slice().iter().map(field).collect()))
                    .collect(),
            }
        })
        .collect();
    let file = InstancesFile {
        version: VERSION,
        instances,
    };
    let written = serde_json::to_string(&file)
        .ok()
        .is_some_and(|json| std::fs::write(&path, format!("{MAGIC}{json}")).is_ok());
    if !written {
        unable_to_open(env, "bsave-instances", &path);
        return Ok(Value::Integer(-1));
    }
    Ok(count(ids.len()))
}

/// `(bload-instances file)`: makes the instances of a binary instances file
/// without messages; their number, or -1 for a file that is none.
pub fn bload_instances(env: &mut Environment, args: &[Value]) -> R {
    let path = file_name(args, 0, "bload-instances")?;
    let incomplete = |env: &mut Environment, made: i64| {
        refuse(&mut env.rt, &insfile::insfile1("bload-instances", &path));
        Ok(Value::Integer(made))
    };
    let Ok(bytes) = std::fs::read(&path) else {
        unable_to_open(env, "bload-instances", &path);
        return incomplete(env, -1);
    };
    let Some(json) = bytes.strip_prefix(MAGIC.as_bytes()) else {
        refuse(&mut env.rt, &insfile::insfile2(&path));
        return incomplete(env, -1);
    };
    let file = match serde_json::from_slice::<InstancesFile>(json) {
        Ok(file) if file.version == VERSION => file,
        _ => {
            refuse(&mut env.rt, &insfile::insfile3(&path));
            return incomplete(env, -1);
        }
    };
    for (made, saved) in file.instances.iter().enumerate() {
        if let Err(message) = bload_one(env, saved) {
            refuse(&mut env.rt, &message);
            let made = i64::try_from(made).unwrap_or(i64::MAX);
            return incomplete(env, made);
        }
    }
    Ok(count(file.instances.len()))
}

/// Makes one instance of a binary instances file, its slots put directly; the
/// message when its class is not found or its slots do not fit.
fn bload_one(env: &mut Environment, saved: &SavedInstance) -> Result<(), String> {
    let program = &env.rt.program;
    let class = program
        .classes
        .id(atom(&saved.class))
        .filter(|&c| program.class_visible(c, program.current_module))
        .ok_or_else(|| messages::classfun::classfun1(&saved.class, "bload-instances"))?;
    let class_def = program.classes.get(class);
    let shown = format!(
        "'{}'",
        program.class_name_from(class, program.current_module)
    );
    let misfit = || insfile::insfile4(&saved.name, &shown);
    let template = class_def.slots.clone();
    let fits = template.len() == saved.slots.len()
        && (template.iter().zip(&saved.slots)).all(|(def, (name, _))| def.name.as_str() == name);
    if !fits {
        return Err(misfit());
    }
    let misfit = misfit();
    let name = atom(&saved.name);
    let saved_flag = std::mem::replace(&mut env.rt.objects.without_messages, true);
    let built = make::build(env, name, class);
    env.rt.objects.without_messages = saved_flag;
    let id = built.map_err(|e| e.message)?;
    for (index, (def, (_, fields))) in template.iter().zip(&saved.slots).enumerate() {
        let v = match fields.as_slice() {
            [single] if !def.multi => value(single),
            many => Value::multifield(many.iter().map(value).collect()),
        };
        if make::put_slot(env, id, index, def, Some(v), "bload-instances").is_err() {
            make::remove(env, id);
            return Err(misfit);
        }
    }
    Ok(())
}

/// `(load-instances file)`: makes the instances of a text file as
/// `make-instance` does; their number.
pub fn load_instances(env: &mut Environment, args: &[Value]) -> R {
    load_or_restore(env, args, "load-instances", true)
}

/// `(restore-instances file)`: makes the instances of a text file without
/// messages; their number.
pub fn restore_instances(env: &mut Environment, args: &[Value]) -> R {
    load_or_restore(env, args, "restore-instances", false)
}

/// Reads the instances of a text file one by one, each made as `make-instance`
/// makes it (without messages unless `messages`), stopping at the first that
/// fails; the number made, or -1 when the file cannot be opened.
fn load_or_restore(env: &mut Environment, args: &[Value], function: &str, messages: bool) -> R {
    let path = file_name(args, 0, function)?;
    let incomplete = |env: &mut Environment, made: i64| {
        refuse(&mut env.rt, &insfile::insfile1(function, &path));
        Ok(Value::Integer(made))
    };
    let Ok(text) = crate::syntax::encoding::read_file(&path) else {
        return incomplete(env, -1);
    };
    let items = match crate::syntax::sexpr::read_all(&text) {
        Ok(items) => items,
        Err(_) => {
            refuse(
                &mut env.rt,
                &messages::prntutil::prntutil2("instance definition"),
            );
            return incomplete(env, 0);
        }
    };
    let mut made = 0;
    for item in &items {
        let Some((name, class, overrides)) = instance_of(env, item) else {
            return incomplete(env, made);
        };
        let saved = std::mem::replace(&mut env.rt.objects.without_messages, !messages);
        let result = make::make_instance(env, &mut Vec::new(), &name, &class, &overrides);
        env.rt.objects.without_messages = saved;
        match result {
            Ok(Value::InstanceName(_)) => made += 1,
            Ok(_) => return incomplete(env, made),
            Err(Unwind::Error(e)) => {
                refuse(&mut env.rt, &e.message);
                return incomplete(env, made);
            }
            Err(_) => return incomplete(env, made),
        }
    }
    Ok(Value::Integer(made))
}

/// One instance of an instances file, `([name] of class (slot value...)...)`,
/// as the constant arguments of `make-instance` (CLIPS's `ParseSimpleInstance`);
/// `None` after reporting CLIPS's error for anything else.
fn instance_of(env: &mut Environment, item: &SExpr) -> Option<(CExpr, CExpr, Vec<make::Override>)> {
    let parsed = parse_instance(env, item);
    if let Err(message) = &parsed {
        refuse(&mut env.rt, message);
    }
    parsed.ok()
}

/// The parts of one instance of an instances file, or CLIPS's message.
fn parse_instance(
    env: &mut Environment,
    item: &SExpr,
) -> Result<(CExpr, CExpr, Vec<make::Override>), String> {
    let syntax = |what: &str| messages::prntutil::prntutil2(what);
    let Some(parts) = item.as_list() else {
        return Err(syntax("instance definition"));
    };
    let constant = |e: &SExpr| match &e.kind {
        SExprKind::Token(t) => crate::syntax::parse::constant(t),
        SExprKind::List(_) => None,
    };
    let mut rest = parts.iter();
    let first = rest.next().and_then(constant);
    let name = match first {
        Some(Value::Symbol(s)) if s.as_str() == "of" => {
            let gensym = crate::functions::symbols::gensym_star(&mut env.rt.fn_state, &[]);
            CExpr::Const(gensym.unwrap_or_else(|_| Value::nil()))
        }
        Some(v @ (Value::Symbol(_) | Value::InstanceName(_))) => {
            if !rest.next().is_some_and(|e| e.is_symbol("of")) {
                return Err(syntax("make-instance"));
            }
            CExpr::Const(v)
        }
        _ => return Err(syntax("make-instance")),
    };
    let Some(Value::Symbol(class)) = rest.next().and_then(constant) else {
        return Err(syntax("make-instance"));
    };
    if env.rt.program.classes.id(class).is_none() {
        let missing = messages::prntutil::prntutil1("class", class.as_str(), true);
        return Err(format!("{missing}\n{}", syntax("make-instance")));
    }
    let mut overrides = Vec::new();
    for o in rest {
        let Some([slot, values @ ..]) = o.as_list() else {
            return Err(syntax("slot-override"));
        };
        let Some(slot) = slot.as_symbol() else {
            return Err(syntax("slot-override"));
        };
        let mut exprs = Vec::with_capacity(values.len());
        for v in values {
            let value = match &v.kind {
                SExprKind::List(l) if l.len() == 1 && l[0].is_symbol("create$") => {
                    Value::empty_multifield()
                }
                SExprKind::Token(
                    Token::Symbol(_) | Token::String(_) | Token::Integer(_) | Token::Float(_),
                ) => constant(v).ok_or_else(|| syntax("slot-override"))?,
                _ => return Err(syntax("slot-override")),
            };
            exprs.push(CExpr::Const(value));
        }
        overrides.push((CExpr::Const(Value::Symbol(slot)), exprs));
    }
    Ok((name, CExpr::Const(Value::Symbol(class)), overrides))
}
