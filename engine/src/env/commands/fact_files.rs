//! Facts written to a file and read back: `save-facts` writes them as text,
//! `bsave-facts` as a binary file `bload-facts` reads.
//!
//! Both savers take CLIPS's arguments: `(save-facts file [local|visible
//! [template...]])` saves the facts of the templates visible from the current
//! module, `local` (the default) only those of its own templates, and with template
//! names only the facts of those templates (each local, or visible, by the scope
//! given). Both return the number of facts saved, or -1.
//!
//! CLIPS's binary facts file holds the facts' templates by name and their slot
//! values; Salience's holds the same as JSON after a magic line. `bload-facts`
//! finds each template from the current module, makes an implied one if an
//! ordered fact's template is not found (not while a binary image is loaded), and
//! stops at a fact that does not fit its template, as CLIPS does.

use super::{show, unable_to_open, R};
use crate::compile::TemplateId;
use crate::env::{Environment, Runtime};
use crate::eval::EvalError;
use crate::messages;
use crate::value::{atom, FactId, Value};
use crate::wm::{Fact, Slots};
use serde::{Deserialize, Serialize};

/// What starts a binary facts file.
const MAGIC: &str = "\u{2}SALIENCE-BINARY-FACTS\n";

/// The binary facts format's version.
const VERSION: u32 = 1;

/// What the file name argument must be.
const FILE_NAME: &str = "symbol or string";

/// Which facts a saver writes.
struct Selection {
    /// Only the facts of the current module's own templates.
    local: bool,
    /// Only the facts of these templates, if given.
    templates: Option<Vec<TemplateId>>,
}

/// The file name and scope (`local`) of a saver's arguments; `Ok(Err(value))`
/// when CLIPS reports an argument and returns -1 without halting.
fn scope(
    rt: &mut Runtime,
    function: &str,
    args: &[Value],
) -> Result<Result<(String, bool), Value>, EvalError> {
    let path = match args.first() {
        Some(Value::Symbol(s) | Value::String(s)) => s.to_string(),
        _ => {
            let message = messages::args::argacces2(function, 0, FILE_NAME);
            return Err(EvalError::new(message));
        }
    };
    match args.get(1) {
        None => Ok(Ok((path, true))),
        Some(Value::Symbol(s)) if s.as_str() == "local" => Ok(Ok((path, true))),
        Some(Value::Symbol(s)) if s.as_str() == "visible" => Ok(Ok((path, false))),
        Some(Value::Symbol(_)) => {
            let message = messages::args::argacces2(function, 1, messages::facts::SCOPE);
            Ok(Err(refuse(rt, &message)))
        }
        Some(_) => Err(EvalError::new(messages::args::argacces2(
            function, 1, "symbol",
        ))),
    }
}

/// The selection of a saver's arguments, its template names looked up (CLIPS
/// does so once the file is open); the message of a name not found.
fn selection(
    rt: &Runtime,
    function: &str,
    args: &[Value],
    local: bool,
) -> Result<Selection, String> {
    let mut templates = None;
    for (i, arg) in args.iter().enumerate().skip(2) {
        let Value::Symbol(name) = arg else {
            return Err(messages::args::argacces2(function, i, "symbol"));
        };
        let program = &rt.program;
        let current = program.current_module;
        let found = if local {
            program.own_template(current, *name)
        } else {
            program.template_from(current, *name)
        };
        let Some(id) = found else {
            let expected = messages::facts::template_name(local);
            return Err(messages::args::argacces2(function, i, expected));
        };
        templates.get_or_insert_with(Vec::new).push(id);
    }
    Ok(Selection { local, templates })
}

/// Opens a saver's file (CLIPS opens it, emptying it, before it looks the template
/// names up) and gives the facts chosen, each as `write` writes it; `Err` with
/// what the saver returns when the file or a name is refused.
fn chosen<T>(
    env: &mut Environment,
    function: &str,
    args: &[Value],
    write: impl Fn(&Runtime, &Fact) -> T,
) -> Result<Result<(String, Vec<T>), Value>, EvalError> {
    let (path, local) = match scope(&mut env.rt, function, args)? {
        Ok(scope) => scope,
        Err(refused) => return Ok(Err(refused)),
    };
    if std::fs::write(&path, "").is_err() {
        unable_to_open(env, function, &path);
        return Ok(Err(Value::Integer(-1)));
    }
    let selection = match selection(&env.rt, function, args, local) {
        Ok(selection) => selection,
        Err(message) => return Ok(Err(refuse(&mut env.rt, &message))),
    };
    let facts = selected(&env.rt, &selection)
        .map(|f| write(&env.rt, f))
        .collect();
    Ok(Ok((path, facts)))
}

/// Reports `message` as an error line; -1.
pub(super) fn refuse(rt: &mut Runtime, message: &str) -> Value {
    rt.routers.write("werror", &format!("{message}\n"));
    Value::Integer(-1)
}

/// The facts `selection` takes, in fact-index order.
fn selected<'a>(rt: &'a Runtime, selection: &'a Selection) -> impl Iterator<Item = &'a Fact> {
    let program = &rt.program;
    let current = program.current_module;
    rt.wm.iter().map(|f| &**f).filter(move |f| {
        let template = program.template(f.template);
        let visible = program.template_from(current, template.name) == Some(f.template);
        visible
            && (!selection.local || template.module == current)
            && (selection.templates.as_ref()).is_none_or(|ids| ids.contains(&f.template))
    })
}

/// The number of facts saved, as CLIPS returns it.
fn count(n: usize) -> Value {
    Value::Integer(i64::try_from(n).unwrap_or(i64::MAX))
}

/// `(save-facts file [local|visible [template...]])`: writes the facts as text,
/// one a line; their number, or -1.
pub fn save_facts(env: &mut Environment, args: &[Value]) -> R {
    let write = |rt: &Runtime, f: &Fact| format!("{}\n", show::fact_source(&rt.program, f));
    let (path, facts) = match chosen(env, "save-facts", args, write)? {
        Ok(chosen) => chosen,
        Err(refused) => return Ok(refused),
    };
    if std::fs::write(&path, facts.concat()).is_err() {
        unable_to_open(env, "save-facts", &path);
        return Ok(Value::Integer(-1));
    }
    Ok(count(facts.len()))
}

/// One value of a binary facts file (and of a binary instances file).
#[derive(Serialize, Deserialize)]
pub(super) enum Field {
    Symbol(String),
    String(String),
    Integer(i64),
    Float(f64),
    /// A fact address: CLIPS reads it back as its dummy fact, which no fact is.
    Fact,
    /// An instance name, without its brackets.
    InstanceName(String),
}

/// One fact of a binary facts file: its template's name, whether that template is
/// implied, and its slots by name (an implied fact's one slot has none).
#[derive(Serialize, Deserialize)]
struct SavedFact {
    template: String,
    implied: bool,
    slots: Vec<(Option<String>, Vec<Field>)>,
}

/// A binary facts file: what `bsave-facts` writes after [`MAGIC`].
#[derive(Serialize, Deserialize)]
struct FactsFile {
    version: u32,
    facts: Vec<SavedFact>,
}

/// A value as a binary facts file holds it.
pub(super) fn field(value: &Value) -> Field {
    match value {
        Value::Symbol(s) => Field::Symbol(s.to_string()),
        Value::String(s) => Field::String(s.to_string()),
        Value::Integer(i) => Field::Integer(*i),
        Value::Float(f) => Field::Float(*f),
        Value::InstanceName(s) => Field::InstanceName(s.to_string()),
        // A field of a fact is never a multifield or void.
        Value::Fact(_) | Value::Instance(_) | Value::Multifield(_) | Value::Void => Field::Fact,
    }
}

/// The value a binary facts file's field stands for.
pub(super) fn value(field: &Field) -> Value {
    match field {
        Field::Symbol(s) => Value::symbol(s),
        Field::String(s) => Value::string(s),
        Field::Integer(i) => Value::Integer(*i),
        Field::Float(f) => Value::Float(*f),
        Field::Fact => Value::Fact(FactId(0)),
        Field::InstanceName(s) => Value::InstanceName(atom(s)),
    }
}

/// A fact as a binary facts file holds it.
fn saved_fact(rt: &Runtime, fact: &Fact) -> SavedFact {
    let template = rt.program.template(fact.template);
    let slots = (template.slots.iter().zip(fact.slots.iter()))
        .map(|(slot, v)| {
            let name = (!template.implied).then(|| slot.name.to_string());
            (name, v.as_slice().iter().map(field).collect())
        })
        .collect();
    SavedFact {
        template: template.name.to_string(),
        implied: template.implied,
        slots,
    }
}

/// `(bsave-facts file [local|visible [template...]])`: writes the facts as a
/// binary facts file; their number, or -1.
pub fn bsave_facts(env: &mut Environment, args: &[Value]) -> R {
    let (path, facts) = match chosen(env, "bsave-facts", args, saved_fact)? {
        Ok(chosen) => chosen,
        Err(refused) => return Ok(refused),
    };
    let saved = facts.len();
    let file = FactsFile {
        version: VERSION,
        facts,
    };
    let written = serde_json::to_string(&file)
        .ok()
        .is_some_and(|json| std::fs::write(&path, format!("{MAGIC}{json}")).is_ok());
    if !written {
        unable_to_open(env, "bsave-facts", &path);
        return Ok(Value::Integer(-1));
    }
    Ok(count(saved))
}

/// `(bload-facts file)`: asserts the facts of a binary facts file; their number,
/// or -1 (with CLIPS's message) if the file cannot be read or a fact does not fit.
pub fn bload_facts(env: &mut Environment, args: &[Value]) -> R {
    let path = match args.first() {
        Some(Value::Symbol(s) | Value::String(s)) => s.to_string(),
        _ => {
            let message = messages::args::argacces2("bload-facts", 0, FILE_NAME);
            return Err(EvalError::new(message));
        }
    };
    let Ok(bytes) = std::fs::read(&path) else {
        unable_to_open(env, "bload-facts", &path);
        return Ok(Value::Integer(-1));
    };
    let Some(json) = bytes.strip_prefix(MAGIC.as_bytes()) else {
        return Ok(refuse(&mut env.rt, &messages::facts::factfile1(&path)));
    };
    let file = match serde_json::from_slice::<FactsFile>(json) {
        Ok(file) if file.version == VERSION => file,
        _ => return Ok(refuse(&mut env.rt, &messages::facts::factfile2(&path))),
    };
    for fact in &file.facts {
        let (template, slots) = match fitted(&mut env.rt, fact) {
            Ok(fitted) => fitted,
            Err(message) => return Ok(refuse(&mut env.rt, &message)),
        };
        env.assert_values(template, slots)?;
    }
    Ok(count(file.facts.len()))
}

/// The template and slot values of a saved fact, found from the current module;
/// CLIPS's message when there is no such template or the fact does not fit it.
fn fitted(rt: &mut Runtime, fact: &SavedFact) -> Result<(TemplateId, Slots), String> {
    let name = atom(&fact.template);
    let program = &mut rt.program;
    let template = match program.template_from(program.current_module, name) {
        Some(id) => id,
        None if fact.implied && !rt.bloaded => program.template_or_implied(name).map_err(|_| {
            messages::prntutil::prntutil1_in("deftemplate", &fact.template, "bload-facts")
        })?,
        None => {
            return Err(messages::prntutil::prntutil1_in(
                "deftemplate",
                &fact.template,
                "bload-facts",
            ))
        }
    };
    let found = program.template(template);
    let misfit = || messages::facts::factfile3(found.name.as_str());
    let names_fit = if fact.implied {
        fact.slots.len() == 1 && fact.slots.iter().all(|(n, _)| n.is_none())
    } else {
        found.slots.len() == fact.slots.len()
            && (found.slots.iter().zip(&fact.slots))
                .all(|(slot, (n, _))| n.as_deref() == Some(slot.name.as_str()))
    };
    if !names_fit || (fact.implied && !found.implied) {
        return Err(misfit());
    }
    let slots = (found.slots.iter().zip(&fact.slots))
        .map(|(slot, (_, fields))| match fields.as_slice() {
            [single] if !slot.multi => value(single),
            many => Value::multifield(many.iter().map(value).collect()),
        })
        .collect();
    Ok((template, slots))
}

#[cfg(test)]
mod tests {
    use crate::env::commands::test_support::temp_path as shared_temp_path;
    use crate::env::commands::test_support::{captured, eval};

    fn temp_path(name: &str) -> String {
        shared_temp_path("facts", name)
    }
    use crate::value::Value;

    const MODULES: &str = "(defmodule MAIN (export ?ALL))
        (deftemplate MAIN::A (slot x))
        (defmodule BAR (import MAIN ?ALL))
        (deftemplate BAR::C (slot x))
        (deftemplate BAR::K (multislot x) (slot y))";

    /// The probe recorded from CLIPS 6.41: BAR saves its own facts (C, the implied
    /// foo made in BAR, K), not MAIN's A; MAIN cannot load C's fact, BAR loads all.
    #[test]
    fn local_facts_round_trip_and_refuse_a_template_not_found() {
        let (mut env, _, err) = captured();
        env.load_str(MODULES, "modules").expect("loads");
        let assert = "(assert (C (x 1)) (A (x 2)) (foo 1 \"a\" 2.5 b) (K (x) (y z)) (A (x 3)))";
        assert!(eval(&mut env, assert).is_ok());
        let path = temp_path("local.bin");
        let save = format!("(bsave-facts \"{path}\" local)");
        assert_eq!(eval(&mut env, &save), Ok(Value::Integer(3)));
        assert!(eval(&mut env, "(set-current-module MAIN)").is_ok());
        assert_eq!(eval(&mut env, "(reset)"), Ok(Value::Void));
        let load = format!("(bload-facts \"{path}\")");
        assert_eq!(eval(&mut env, &load), Ok(Value::Integer(-1)));
        assert_eq!(
            err.take(),
            "[PRNTUTIL1] Unable to find deftemplate 'C' in function 'bload-facts'.\n"
        );
        assert!(eval(&mut env, "(set-current-module BAR)").is_ok());
        assert_eq!(eval(&mut env, &load), Ok(Value::Integer(3)));
        let facts = "(fact-slot-value 3 y)";
        assert_eq!(eval(&mut env, facts), Ok(Value::symbol("z")));
        let _ = std::fs::remove_file(path);
    }

    #[test]
    fn bad_arguments_are_reported_as_clips_reports_them() {
        let (mut env, _, err) = captured();
        for (command, message) in [
            (
                "(bsave-facts blah.tmp hello)",
                "[ARGACCES2] Function 'bsave-facts' expected argument #2 to be of type \
                 symbol with value local or visible.\n",
            ),
            (
                "(bsave-facts blah.tmp local bogus)",
                "[ARGACCES2] Function 'bsave-facts' expected argument #3 to be of type \
                 'local deftemplate name'.\n",
            ),
            (
                "(save-facts blah.tmp visible bogus)",
                "[ARGACCES2] Function 'save-facts' expected argument #3 to be of type \
                 'visible deftemplate name'.\n",
            ),
        ] {
            assert_eq!(eval(&mut env, command), Ok(Value::Integer(-1)), "{command}");
            assert_eq!(err.take(), message, "{command}");
        }
        assert_eq!(
            eval(&mut env, "(bsave-facts blah.tmp 7)"),
            Err(
                "[ARGACCES2] Function 'bsave-facts' expected argument #2 to be of type symbol."
                    .to_string()
            )
        );
    }

    #[test]
    fn a_text_file_is_no_binary_facts_file() {
        let (mut env, _, err) = captured();
        let path = temp_path("text.fct");
        std::fs::write(&path, "(a b)\n").expect("temp file");
        let load = format!("(bload-facts \"{path}\")");
        assert_eq!(eval(&mut env, &load), Ok(Value::Integer(-1)));
        assert_eq!(
            err.take(),
            format!("[FACTFILE1] File '{path}' is not a binary facts file.\n")
        );
        let _ = std::fs::remove_file(path);
    }
}
