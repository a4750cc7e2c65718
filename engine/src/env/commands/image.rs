//! The environment's constructs written out and read back: `save` writes their
//! pretty forms as CLIPS does; `bsave` writes a binary image and `bload` puts it in
//! place of the environment's constructs.
//!
//! CLIPS's image is its data structures; Salience's is the constructs' source
//! texts, in the order `save` writes them (each module after the modules it
//! imports from, and in a module: the module, deffunction headers, defglobals,
//! deftemplates, deffacts, deffunctions, defrules), so that defining them one after
//! the other restores the environment. After a `bload`, as in CLIPS, until a
//! `(clear)` no construct may be defined (`[BLOAD1]`) or removed (`[PRNTUTIL4]`),
//! and no image saved (`[BSAVE1]`).

use super::{lexeme, unable_to_open, R};
use crate::compile::ModuleId;
use crate::env::{Environment, Runtime};
use crate::syntax::ast::{Defmodule, PortItems, PortSpec, TopLevel};
use crate::value::{escaped, Value};
use serde::{Deserialize, Serialize};

/// What starts an image file: not text CLIPS or Salience would read as constructs.
const MAGIC: &str = "\u{1}SALIENCE-BINARY-IMAGE\n";

/// The image format's version: an image of another version is refused.
const VERSION: u32 = 1;

/// How a construct is written.
#[derive(Clone, Copy, PartialEq)]
enum Form {
    /// Its pretty form, as `save` writes it.
    Pretty,
    /// Its source text, as an image keeps it.
    Source,
}

/// One construct of an image, in the module it is defined in.
#[derive(Serialize, Deserialize)]
enum ImageConstruct {
    /// A construct's source text.
    Source { module: String, text: String },
    /// An implied deftemplate (made by an ordered fact or pattern), which has no
    /// text.
    Implied { module: String, name: String },
}

/// A module's construct as [`module_constructs`] gives it.
enum Item {
    /// Its text, in the form asked for.
    Text(String),
    /// An implied deftemplate, by name: `save` writes nothing for it.
    Implied(crate::value::Atom),
}

/// A binary image: what `bsave` writes after [`MAGIC`].
#[derive(Serialize, Deserialize)]
struct Image {
    version: u32,
    constructs: Vec<ImageConstruct>,
}

/// The modules in the order CLIPS saves them: each after those it imports from
/// (modules importing from each other, which CLIPS refuses, in definition order).
fn save_order(rt: &Runtime) -> Vec<ModuleId> {
    let modules = &rt.program.modules;
    let imports = |m: &crate::compile::program::Module| -> Vec<String> {
        let ports = m.definition.as_ref().map_or(&[][..], |d| &d.ports[..]);
        (ports.iter())
            .filter_map(|p| p.module.as_ref().map(|i| i.name.to_string()))
            .collect()
    };
    let mut order: Vec<ModuleId> = Vec::new();
    let mut saved = vec![false; modules.len()];
    while order.len() < modules.len() {
        let before = order.len();
        for (i, module) in modules.iter().enumerate() {
            let ready = imports(module).iter().all(|from| {
                modules
                    .iter()
                    .position(|m| m.name.as_str() == from)
                    .is_none_or(|j| saved[j])
            });
            if !saved[i] && ready {
                saved[i] = true;
                order.push(ModuleId(i as u32));
            }
        }
        if order.len() == before {
            for (i, done) in saved.iter_mut().enumerate() {
                if !*done {
                    *done = true;
                    order.push(ModuleId(i as u32));
                }
            }
        }
    }
    order
}

/// A defmodule's pretty form: `(defmodule NAME "comment"`, then each export and
/// import on a line of its own.
pub(super) fn render_module(module: &Defmodule) -> String {
    let mut text = format!("(defmodule {}", module.name.name);
    if let Some(comment) = &module.comment {
        text.push_str(&format!(" {}", escaped(comment)));
    }
    for port in &module.ports {
        text.push_str("\n   ");
        text.push_str(&render_port(port));
    }
    text.push(')');
    text
}

/// One `(export ...)` or `(import MODULE ...)`.
fn render_port(port: &PortSpec) -> String {
    let head = match (&port.module, port.import) {
        (Some(from), true) => format!("(import {}", from.name),
        _ => "(export".to_string(),
    };
    let items = match &port.items {
        PortItems::All => "?ALL".to_string(),
        PortItems::None => "?NONE".to_string(),
        PortItems::Kind { construct, names } => match names {
            None => format!("{} ?ALL", construct.name),
            Some(names) if names.is_empty() => format!("{} ?NONE", construct.name),
            Some(names) => {
                let names: Vec<&str> = names.iter().map(|n| n.name.as_str()).collect();
                format!("{} {}", construct.name, names.join(" "))
            }
        },
    };
    format!("{head} {items})")
}

/// The header CLIPS saves for a deffunction before the deffunctions, so that
/// deffunctions may call each other: its parameters as `?p0 ?p1 ...`.
fn function_header(module: &str, name: &str, params: usize, rest: bool) -> String {
    let mut parts: Vec<String> = (0..params).map(|i| format!("?p{i}")).collect();
    if rest {
        parts.push("$?wildargs".to_string());
    }
    format!("(deffunction {module}::{name} ({}))", parts.join(" "))
}

/// The constructs of module `module` in the order CLIPS saves them, each with
/// its text in `form` (those without a pretty form left out), the implied
/// deftemplates among the deftemplates.
fn module_constructs(rt: &Runtime, module: ModuleId, form: Form) -> Vec<Item> {
    let program = &rt.program;
    let name = program.module_name(module);
    let name = name.as_str();
    let text = |source: &str| {
        match form {
            Form::Pretty => super::super::pretty::render(source, name),
            Form::Source => Some(source.to_string()),
        }
        .map(Item::Text)
    };
    let mut texts = Vec::new();
    if let Some(definition) = &program.modules[module.0 as usize].definition {
        texts.push(Item::Text(render_module(definition)));
    }
    let functions: Vec<_> = (program.defined_functions())
        .filter(|f| f.module == module && f.source.is_some())
        .collect();
    for f in &functions {
        let base = crate::compile::program::unqualified(f.name);
        let header = function_header(name, base.as_str(), f.params, f.rest);
        texts.push(Item::Text(header));
    }
    for g in program.defined_globals().filter(|g| g.module == module) {
        let global = super::super::pretty::render_global(&g.source, name, g.name.as_str());
        texts.extend(global.map(Item::Text));
    }
    for (_, t) in program.defined_templates() {
        if t.module != module {
            continue;
        }
        if t.implied {
            texts.push(Item::Implied(t.name));
        } else {
            texts.extend(t.source.as_deref().and_then(text));
        }
    }
    for d in rt.deffacts.iter().filter(|d| d.module == module) {
        texts.extend(text(&d.source));
    }
    for f in &functions {
        texts.extend(f.source.as_deref().and_then(text));
    }
    for r in rt.rules_of(module) {
        texts.extend(text(&rt.rules[r].source));
    }
    texts
}

/// `(save file)`: writes every construct's pretty form, each followed by a blank
/// line; TRUE, or FALSE (with CLIPS's message) if the file cannot be written.
pub fn save(env: &mut Environment, args: &[Value]) -> R {
    let path = lexeme(args, 0, "save")?;
    let text: String = (save_order(&env.rt).into_iter())
        .flat_map(|m| module_constructs(&env.rt, m, Form::Pretty))
        .filter_map(|item| match item {
            Item::Text(text) => Some(format!("{text}\n\n")),
            Item::Implied(_) => None,
        })
        .collect();
    match std::fs::write(&path, text) {
        Ok(()) => Ok(Value::true_sym()),
        Err(_) => Ok(unable_to_open(env, "save", &path)),
    }
}

/// Whether saving an image loses constraints: CLIPS saves none when dynamic
/// constraint checking is off, and warns if there were some (a deftemplate's
/// slots have them).
fn loses_constraints(rt: &Runtime) -> bool {
    !rt.dynamic_constraint_checking
        && (rt.program.defined_templates()).any(|(_, t)| !t.implied && !t.slots.is_empty())
}

/// `(bsave file)`: writes a binary image of the constructs; TRUE, or FALSE (with
/// CLIPS's message) while an image is loaded or if the file cannot be written.
pub fn bsave(env: &mut Environment, args: &[Value]) -> R {
    let path = lexeme(args, 0, "bsave")?;
    if env.rt.bloaded {
        env.report(&crate::messages::bload::bsave1());
        return Ok(Value::false_sym());
    }
    let constructs = (save_order(&env.rt).into_iter())
        .flat_map(|m| {
            let module = env.rt.program.module_name(m).to_string();
            module_constructs(&env.rt, m, Form::Source)
                .into_iter()
                .map(move |item| match item {
                    Item::Text(text) => ImageConstruct::Source {
                        module: module.clone(),
                        text,
                    },
                    Item::Implied(name) => ImageConstruct::Implied {
                        module: module.clone(),
                        name: name.to_string(),
                    },
                })
        })
        .collect();
    let image = Image {
        version: VERSION,
        constructs,
    };
    let Ok(json) = serde_json::to_string(&image) else {
        return Ok(unable_to_open(env, "bsave", &path));
    };
    if std::fs::write(&path, format!("{MAGIC}{json}")).is_err() {
        return Ok(unable_to_open(env, "bsave", &path));
    }
    if loses_constraints(&env.rt) {
        let warning = crate::messages::bload::cstrnbin1();
        env.rt.routers.write("wwarning", &format!("{warning}\n"));
    }
    Ok(Value::true_sym())
}

/// `(bload file)`: clears the environment and defines the constructs of a binary
/// image; TRUE, or FALSE (with CLIPS's message) if the file cannot be read, is no
/// image, or the environment cannot be cleared (a rule is firing).
pub fn bload(env: &mut Environment, args: &[Value]) -> R {
    let path = lexeme(args, 0, "bload")?;
    let Ok(bytes) = std::fs::read(&path) else {
        return Ok(unable_to_open(env, "bload", &path));
    };
    let Some(json) = bytes.strip_prefix(MAGIC.as_bytes()) else {
        env.report(&crate::messages::bload::bload2(&path));
        return Ok(Value::false_sym());
    };
    let image = match serde_json::from_slice::<Image>(json) {
        Ok(image) if image.version == VERSION => image,
        _ => {
            env.report(&crate::messages::bload::bload3(&path));
            return Ok(Value::false_sym());
        }
    };
    if env.rt.running {
        env.report(&crate::messages::bload::bload4());
        return Ok(Value::false_sym());
    }
    env.clear();
    for construct in &image.constructs {
        define_image_construct(env, construct);
    }
    env.rt.program.current_module = ModuleId(0);
    env.rt.bloaded = true;
    Ok(Value::true_sym())
}

/// Defines one construct of an image in its module. The texts were constructs
/// the environment had defined, so none should fail; one that does is reported.
fn define_image_construct(env: &mut Environment, construct: &ImageConstruct) {
    let (ImageConstruct::Source { module, .. } | ImageConstruct::Implied { module, .. }) =
        construct;
    if let Some(id) = env.rt.program.module_id(crate::value::atom(module)) {
        env.rt.program.current_module = id;
    }
    let text = match construct {
        ImageConstruct::Source { text, .. } => text.as_str(),
        ImageConstruct::Implied { name, .. } => {
            // Made in the current module, which is the template's.
            let made = env.rt.program.template_or_implied(crate::value::atom(name));
            if let Err(conflict) = made {
                let text = format!("(deftemplate {name})");
                let span = crate::syntax::Span::new(0, text.len());
                env.report(&conflict.at(span).render("bload", &text));
            }
            return;
        }
    };
    // No source is added for the image: each construct keeps a copy of its text
    // (an origin past the sources), and the sources of the commands being read
    // keep their places.
    let origin = usize::MAX;
    let (items, diagnostics) = crate::syntax::parse::parse_source(text);
    for d in &diagnostics {
        env.report(&d.render("bload", text));
    }
    for item in &items {
        if let TopLevel::Construct(c) = item {
            if let Err(d) = env.define(c, text, origin) {
                env.report(&d.render("bload", text));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::env::commands::test_support::temp_path as shared_temp_path;
    use crate::env::commands::test_support::{captured, eval};

    fn temp_path(name: &str) -> String {
        shared_temp_path("image", name)
    }
    use crate::value::Value;

    const PROGRAM: &str = "(defmodule A (export ?ALL))
        (defrule r1 (a ?x) => (printout t ?x crlf))
        (deffunction f (?x) (* 2 ?x))
        (deffacts d (a 1))
        (defglobal ?*g* = 5 ?*h* = (+ 1 2))
        (deftemplate t (slot a (type INTEGER)))
        (defmodule MAIN (import A ?ALL))
        (deftemplate u \"doc\" (slot b))
        (deffacts e (u (b 1)))
        (defrule r2 (u) =>)
        (deffunction g ())
        (defglobal ?*z* = 1)";

    /// What CLIPS 6.41 saves for [`PROGRAM`].
    const SAVED: &str = "(defmodule A\n   (export ?ALL))\n\n\
        (deffunction A::f (?p0))\n\n\
        (defglobal A ?*g* = 5)\n\n(defglobal A ?*h* = (+ 1 2))\n\n\
        (deftemplate A::t\n   (slot a (type INTEGER)))\n\n\
        (deffacts A::d\n   (a 1))\n\n\
        (deffunction A::f\n   (?x)\n   (* 2 ?x))\n\n\
        (defrule A::r1\n   (a ?x)\n   =>\n   (printout t ?x crlf))\n\n\
        (defmodule MAIN\n   (import A ?ALL))\n\n\
        (deffunction MAIN::g ())\n\n\
        (defglobal MAIN ?*z* = 1)\n\n\
        (deftemplate MAIN::u \"doc\"\n   (slot b))\n\n\
        (deffacts MAIN::e\n   (u (b 1)))\n\n\
        (deffunction MAIN::g\n   ())\n\n\
        (defrule MAIN::r2\n   (u)\n   =>)\n\n";

    #[test]
    fn save_writes_the_pretty_forms_in_clips_order() {
        let (mut env, _, _) = captured();
        env.load_str(PROGRAM, "program").expect("loads");
        let path = temp_path("save.clp");
        let command = format!("(save \"{path}\")");
        assert_eq!(eval(&mut env, &command), Ok(Value::true_sym()));
        assert_eq!(std::fs::read_to_string(&path).expect("saved"), SAVED);
        let _ = std::fs::remove_file(path);
    }

    #[test]
    fn bload_restores_the_constructs_and_then_holds_them() {
        let (mut env, out, err) = captured();
        env.load_str(PROGRAM, "program").expect("loads");
        let path = temp_path("round.bin");
        assert_eq!(eval(&mut env, "(bind ?*z* 7)"), Ok(Value::Integer(7)));
        let command = format!("(bsave \"{path}\")");
        assert_eq!(eval(&mut env, &command), Ok(Value::true_sym()));
        assert_eq!(
            err.take(),
            "[CSTRNBIN1] WARNING: Constraints are not saved with a binary image\n  \
             when dynamic constraint checking is disabled.\n"
        );
        assert_eq!(eval(&mut env, "(clear)"), Ok(Value::Void));
        let command = format!("(bload \"{path}\")");
        assert_eq!(eval(&mut env, &command), Ok(Value::true_sym()));
        // The globals have their initial values; the facts come from the deffacts.
        assert_eq!(eval(&mut env, "?*z*"), Ok(Value::Integer(1)));
        assert_eq!(eval(&mut env, "(reset)"), Ok(Value::Void));
        assert_eq!(eval(&mut env, "(focus A)"), Ok(Value::true_sym()));
        assert_eq!(eval(&mut env, "(run)"), Ok(Value::Void));
        assert_eq!(out.take(), "1\n");
        assert_eq!(
            eval(&mut env, "(get-current-module)"),
            Ok(Value::symbol("MAIN"))
        );
        // No image may be saved while one is loaded.
        let again = format!("(bsave \"{path}\")");
        assert_eq!(eval(&mut env, &again), Ok(Value::false_sym()));
        assert_eq!(
            err.take(),
            "[BSAVE1] Cannot perform a binary save while a binary load is in effect.\n"
        );
        // Nor may a construct be removed (CLIPS 6.41's messages).
        for (command, kind, name) in [
            ("(undefrule *)", "defrule", "*"),
            ("(undeftemplate t)", "deftemplate", "t"),
            ("(undeffunction g)", "deffunction", "g"),
            ("(undeffacts d)", "deffacts", "d"),
            ("(undefglobal z)", "defglobal", "z"),
        ] {
            assert_eq!(eval(&mut env, command), Ok(Value::Void));
            let message = format!("[PRNTUTIL4] Unable to delete {kind} '{name}'.\n");
            assert_eq!(err.take(), message, "{command}");
        }
        assert_eq!(eval(&mut env, "?*z*"), Ok(Value::Integer(1)));
        assert_eq!(eval(&mut env, "(clear)"), Ok(Value::Void));
        assert_eq!(eval(&mut env, &again), Ok(Value::true_sym()));
        let _ = std::fs::remove_file(path);
    }

    #[test]
    fn bload_refuses_a_file_that_is_no_image() {
        let (mut env, _, err) = captured();
        let path = temp_path("text.clp");
        std::fs::write(&path, "(defrule foo =>)").expect("temp file");
        let command = format!("(bload \"{path}\")");
        assert_eq!(eval(&mut env, &command), Ok(Value::false_sym()));
        assert_eq!(
            err.take(),
            format!("[BLOAD2] File '{path}' is not a binary construct file.\n")
        );
        let _ = std::fs::remove_file(&path);
        assert_eq!(eval(&mut env, &command), Ok(Value::false_sym()));
        assert_eq!(
            err.take(),
            format!("[ARGACCES3] Function 'bload' was unable to open file '{path}'.\n")
        );
    }
}
