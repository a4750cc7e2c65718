//! The commands: functions that need the environment (printing, reading, facts,
//! the agenda, loading). Each takes its arguments evaluated.
//!
//! `Rt` commands need only the runtime and may be called from LHS tests; `Env`
//! commands change working memory or the network, or read the network (as the
//! agenda's listing and reordering do, for the facts of activations), and may not.

mod build;
mod check_syntax;
mod describe_class;
mod fact_files;
mod facts;
mod files;
pub(super) mod funcall;
mod function_info;
mod generics;
mod image;
mod introspect;
mod join_activity;
mod listing;
mod matches;
mod memory;
mod objects;
#[cfg(test)]
mod reentry_tests;
mod settings;
mod system;
mod teach;
#[cfg(test)]
mod test_support;
mod textpro;
mod time;
mod unavailable;
mod watch_items;

use super::load::LoadOutput;
use super::{
    show, DeffactsDef, DiagnosticStyle, Environment, RunError, Runtime, SalienceEvaluation,
};
use crate::agenda::Strategy;
use crate::compile::expr::{CommandSig, CommandTable};
use crate::compile::program::unqualified;
use crate::compile::TemplateId;
use crate::eval::{self, printout_text, EvalError};
use crate::messages;
use crate::value::{atom, Atom, FactId, Value};
use build::build;
use check_syntax::check_syntax;
use fact_files::{bload_facts, bsave_facts, save_facts};
use facts::{
    fact_existp, fact_index, fact_relation, fact_slot_names, fact_slot_value,
    get_dynamic_constraint_checking, get_fact_duplication, get_fact_list, ppfact,
    set_dynamic_constraint_checking, set_fact_duplication,
};
use files::{
    chdir, close, dribble_off, dribble_on, flush, get_char, open, put_char, remove, rename, rewind,
    seek, tell, unget_char,
};
use funcall::funcall;
use function_info::{apropos, get_function_list, get_function_restrictions};
use generics::{
    call_next_method, call_specific_method, defgeneric_module, get_defmethod_list, list_defmethods,
    next_methodp, override_next_method, ppdefgeneric, ppdefmethod, preview_generic, undefgeneric,
    undefmethod,
};
use image::{bload, bsave, save};
use introspect::{
    deffacts_module, deffunction_module, defglobal_module, defrule_module, deftemplate_module,
    deftemplate_slot_allowed_values, deftemplate_slot_cardinality, deftemplate_slot_default_value,
    deftemplate_slot_defaultp, deftemplate_slot_existp, deftemplate_slot_facet_existp,
    deftemplate_slot_facet_value, deftemplate_slot_multip, deftemplate_slot_names,
    deftemplate_slot_range, deftemplate_slot_singlep, deftemplate_slot_types,
};
use join_activity::{join_activity, join_activity_reset};
use listing::{
    agenda, facts, get_deffacts_list, get_deffunction_list, get_defgeneric_list,
    get_defglobal_list, get_defmodule_list, get_defrule_list, get_deftemplate_list, list_deffacts,
    list_deffunctions, list_defgenerics, list_defglobals, list_defmodules, list_defrules,
    list_deftemplates, rules, show_breaks, show_defglobals,
};
use matches::matches;
pub(crate) use memory::resident_bytes;
use memory::{mem_requests, mem_used, release_mem};
pub use settings::Settings;
use settings::{
    conserve_mem, get_beta_memory_resizing, get_sequence_operator_recognition,
    set_beta_memory_resizing, set_locale, set_sequence_operator_recognition,
};
use std::collections::HashMap;
use std::sync::LazyLock;
use system::{options, system};
use teach::{get_provenance, remove_break, set_break, set_provenance, step, why, why_not};
pub use textpro::TextLookup;
use textpro::{fetch, get_region, print_region, toss};
use time::{gm_time, local_time, timetag};
use unavailable::constructs_to_c;
use watch_items::{get_watch_item, list_watch_items};

/// A command's implementation.
#[derive(Clone, Copy)]
pub enum Command {
    /// Needs only the runtime.
    Rt(fn(&mut Runtime, &[Value]) -> Result<Value, EvalError>),
    /// Needs the whole environment.
    Env(fn(&mut Environment, &[Value]) -> Result<Value, EvalError>),
}

/// A command: name, arity and implementation.
pub struct CommandDef {
    /// The CLIPS name.
    pub name: &'static str,
    /// CLIPS's type codes for the values it returns (see
    /// [`crate::functions::Builtin::returns`]).
    pub returns: &'static str,
    /// The least number of arguments.
    pub min: usize,
    /// The most arguments, or `None`.
    pub max: Option<usize>,
    /// CLIPS's restriction string for the arguments (`get-function-restrictions`;
    /// see [`crate::functions::Builtin::restrictions`]), `*` for none.
    pub restrictions: &'static str,
    /// The implementation.
    pub run: Command,
}

type R = Result<Value, EvalError>;

const fn rt(
    name: &'static str,
    returns: &'static str,
    min: usize,
    max: Option<usize>,
    restrictions: &'static str,
    f: fn(&mut Runtime, &[Value]) -> R,
) -> CommandDef {
    CommandDef {
        name,
        returns,
        min,
        max,
        restrictions,
        run: Command::Rt(f),
    }
}

const fn env(
    name: &'static str,
    returns: &'static str,
    min: usize,
    max: Option<usize>,
    restrictions: &'static str,
    f: fn(&mut Environment, &[Value]) -> R,
) -> CommandDef {
    CommandDef {
        name,
        returns,
        min,
        max,
        restrictions,
        run: Command::Env(f),
    }
}

static DEFS: &[CommandDef] = &[
    rt("printout", "v", 1, None, "*;ldsyn", printout),
    rt("print", "v", 0, None, "*", print),
    rt("println", "v", 0, None, "*", println),
    rt("format", "s", 2, None, "*;ldsyn;s", format),
    rt("read", "synldfie", 0, Some(1), ";ldsyn", read),
    rt("readline", "sy", 0, Some(1), ";ldsyn", readline),
    rt("read-number", "syld", 0, Some(1), ";ldsyn", read_number),
    rt("open", "b", 2, Some(3), "*;sy;ldsyn;s", open),
    rt("close", "b", 0, Some(1), "ldsyn", close),
    rt("dribble-on", "b", 1, Some(1), "sy", dribble_on),
    rt("dribble-off", "b", 0, Some(0), "*", dribble_off),
    rt("flush", "b", 0, Some(1), "ldsyn", flush),
    rt("rewind", "b", 1, Some(1), ";ldsyn", rewind),
    rt("tell", "lb", 1, Some(1), ";ldsyn", tell),
    rt("seek", "b", 3, Some(3), ";ldsyn;l;y", seek),
    rt("get-char", "l", 0, Some(1), ";ldsyn", get_char),
    rt("unget-char", "l", 1, Some(2), ";ldsyn;l", unget_char),
    rt("put-char", "v", 1, Some(2), ";ldsyn;l", put_char),
    rt("remove", "b", 1, Some(1), "sy", remove),
    rt("rename", "b", 2, Some(2), "sy", rename),
    rt("chdir", "b", 0, Some(1), "sy", chdir),
    rt("fact-index", "l", 1, Some(1), "f", fact_index),
    rt("fact-slot-value", "*", 2, Some(2), ";lf;y", fact_slot_value),
    rt("fact-existp", "b", 1, Some(1), "lf", fact_existp),
    rt("fact-relation", "y", 1, Some(1), "lf", fact_relation),
    rt("fact-slot-names", "*", 1, Some(1), "lf", fact_slot_names),
    rt(
        "deftemplate-slot-names",
        "bm",
        1,
        Some(1),
        "y",
        deftemplate_slot_names,
    ),
    rt(
        "deftemplate-slot-existp",
        "b",
        2,
        Some(2),
        "y",
        deftemplate_slot_existp,
    ),
    rt(
        "deftemplate-slot-multip",
        "b",
        2,
        Some(2),
        "y",
        deftemplate_slot_multip,
    ),
    rt(
        "deftemplate-slot-singlep",
        "b",
        2,
        Some(2),
        "y",
        deftemplate_slot_singlep,
    ),
    rt(
        "deftemplate-slot-types",
        "*",
        2,
        Some(2),
        "y",
        deftemplate_slot_types,
    ),
    rt(
        "deftemplate-slot-allowed-values",
        "*",
        2,
        Some(2),
        "y",
        deftemplate_slot_allowed_values,
    ),
    rt(
        "deftemplate-slot-range",
        "*",
        2,
        Some(2),
        "y",
        deftemplate_slot_range,
    ),
    rt(
        "deftemplate-slot-cardinality",
        "*",
        2,
        Some(2),
        "y",
        deftemplate_slot_cardinality,
    ),
    rt(
        "deftemplate-slot-defaultp",
        "y",
        2,
        Some(2),
        "y",
        deftemplate_slot_defaultp,
    ),
    rt(
        "deftemplate-slot-default-value",
        "*",
        2,
        Some(2),
        "y",
        deftemplate_slot_default_value,
    ),
    rt(
        "deftemplate-slot-facet-existp",
        "b",
        3,
        Some(3),
        "y",
        deftemplate_slot_facet_existp,
    ),
    rt(
        "deftemplate-slot-facet-value",
        "*",
        3,
        Some(3),
        "y",
        deftemplate_slot_facet_value,
    ),
    rt(
        "deftemplate-module",
        "y",
        1,
        Some(1),
        "y",
        deftemplate_module,
    ),
    rt("deffacts-module", "y", 1, Some(1), "y", deffacts_module),
    rt("defrule-module", "y", 1, Some(1), "y", defrule_module),
    rt(
        "deffunction-module",
        "y",
        1,
        Some(1),
        "y",
        deffunction_module,
    ),
    rt("defglobal-module", "y", 1, Some(1), "y", defglobal_module),
    rt(
        "get-fact-duplication",
        "b",
        0,
        Some(0),
        "*",
        get_fact_duplication,
    ),
    rt(
        "set-fact-duplication",
        "b",
        1,
        Some(1),
        "*",
        set_fact_duplication,
    ),
    rt(
        "get-dynamic-constraint-checking",
        "b",
        0,
        Some(0),
        "*",
        get_dynamic_constraint_checking,
    ),
    rt(
        "set-dynamic-constraint-checking",
        "b",
        1,
        Some(1),
        "*",
        set_dynamic_constraint_checking,
    ),
    rt("get-fact-list", "m", 0, Some(1), "y", get_fact_list),
    rt("get-strategy", "y", 0, Some(0), "*", get_strategy),
    env("set-strategy", "y", 1, Some(1), "y", set_strategy),
    rt("watch", "v", 1, None, "*;y", watch),
    rt("unwatch", "v", 1, None, "*;y", unwatch),
    rt(
        "set-salience-evaluation",
        "y",
        1,
        Some(1),
        "y",
        set_salience_evaluation,
    ),
    rt(
        "get-salience-evaluation",
        "y",
        0,
        Some(0),
        "*",
        get_salience_evaluation,
    ),
    rt("get-focus", "y", 0, Some(0), "*", get_focus),
    rt("get-focus-stack", "m", 0, Some(0), "*", get_focus_stack),
    rt("list-focus-stack", "v", 0, Some(0), "*", list_focus_stack),
    rt("pop-focus", "y", 0, Some(0), "*", pop_focus),
    rt("clear-focus-stack", "v", 0, Some(0), "*", clear_focus_stack),
    rt("halt", "v", 0, Some(0), "*", halt),
    rt("exit", "v", 0, Some(1), "l", exit),
    rt("facts", "v", 0, Some(4), "l;*", facts),
    rt("rules", "v", 0, Some(1), "y", rules),
    env("agenda", "v", 0, Some(1), "y", agenda),
    rt("list-defrules", "v", 0, Some(1), "y", list_defrules),
    rt("list-deftemplates", "v", 0, Some(1), "y", list_deftemplates),
    rt("list-deffacts", "v", 0, Some(1), "y", list_deffacts),
    rt("list-deffunctions", "v", 0, Some(1), "y", list_deffunctions),
    rt("list-defglobals", "v", 0, Some(1), "y", list_defglobals),
    rt("show-defglobals", "v", 0, Some(1), "y", show_defglobals),
    rt("get-reset-globals", "b", 0, Some(0), "*", get_reset_globals),
    rt("set-reset-globals", "b", 1, Some(1), "*", set_reset_globals),
    rt("list-defmodules", "v", 0, Some(0), "*", list_defmodules),
    rt(
        "get-deftemplate-list",
        "m",
        0,
        Some(1),
        "y",
        get_deftemplate_list,
    ),
    rt("get-defrule-list", "m", 0, Some(1), "y", get_defrule_list),
    rt("get-deffacts-list", "m", 0, Some(1), "y", get_deffacts_list),
    rt(
        "get-deffunction-list",
        "m",
        0,
        Some(1),
        "y",
        get_deffunction_list,
    ),
    rt(
        "get-defglobal-list",
        "m",
        0,
        Some(1),
        "y",
        get_defglobal_list,
    ),
    rt(
        "get-defmodule-list",
        "m",
        0,
        Some(0),
        "*",
        get_defmodule_list,
    ),
    rt("ppdefrule", "vs", 1, Some(2), ";y;ldsyn", ppdefrule),
    rt("ppdeftemplate", "vs", 1, Some(2), ";y;ldsyn", ppdeftemplate),
    rt("ppdeffunction", "vs", 1, Some(2), ";y;ldsyn", ppdeffunction),
    rt("ppdefglobal", "vs", 1, Some(2), ";y;ldsyn", ppdefglobal),
    rt("ppdeffacts", "vs", 1, Some(2), ";y;ldsyn", ppdeffacts),
    rt("ppdefmodule", "vs", 1, Some(2), ";y;ldsyn", ppdefmodule),
    rt(
        "get-current-module",
        "y",
        0,
        Some(0),
        "*",
        get_current_module,
    ),
    rt(
        "set-current-module",
        "y",
        1,
        Some(1),
        "y",
        set_current_module,
    ),
    env("save-facts", "l", 1, None, "y;sy", save_facts),
    env("retract", "v", 1, None, "fly", retract),
    env("assert-string", "bf", 1, Some(1), "s", assert_string),
    env("reset", "v", 0, Some(0), "*", reset),
    env("clear", "v", 0, Some(0), "*", clear),
    env("run", "v", 0, Some(1), "l", run),
    env("load", "b", 1, Some(1), "sy", load),
    env("load*", "b", 1, Some(1), "sy", load_quiet),
    env("batch", "b", 1, Some(1), "sy", batch),
    env("batch*", "b", 1, Some(1), "sy", batch_quiet),
    env("focus", "b", 1, None, "y", focus),
    env("refresh", "v", 1, Some(1), "y", refresh),
    env("refresh-agenda", "v", 0, Some(1), "y", refresh_agenda),
    env("eval", "*", 1, Some(1), "sy", eval_string),
    env("build", "b", 1, Some(1), "sy", build),
    env("dynamic-get", "*", 1, Some(1), "y", objects::dynamic_get),
    env("dynamic-put", "*", 1, None, "*;y", objects::dynamic_put),
    env("load-facts", "l", 1, Some(1), "sy", load_facts),
    env("undefrule", "v", 1, Some(1), "y", undefrule),
    rt("undeffunction", "v", 1, Some(1), "y", undeffunction),
    rt("undefgeneric", "v", 1, Some(1), "y", undefgeneric),
    rt("undefmethod", "v", 2, Some(2), "*;y;ly", undefmethod),
    env("call-next-method", "*", 0, Some(0), "*", call_next_method),
    env(
        "call-specific-method",
        "*",
        2,
        None,
        "*;y;l",
        call_specific_method,
    ),
    env(
        "override-next-method",
        "*",
        0,
        None,
        "*",
        override_next_method,
    ),
    env("next-methodp", "b", 0, Some(0), "*", next_methodp),
    rt("ppdefgeneric", "vs", 1, Some(2), ";y;ldsyn", ppdefgeneric),
    rt("ppdefmethod", "v", 2, Some(3), "*;y;l;ldsyn", ppdefmethod),
    rt("list-defgenerics", "v", 0, Some(1), "y", list_defgenerics),
    rt("list-defmethods", "v", 0, Some(1), "y", list_defmethods),
    env("preview-generic", "v", 1, None, "*;y", preview_generic),
    rt(
        "get-defgeneric-list",
        "m",
        0,
        Some(1),
        "y",
        get_defgeneric_list,
    ),
    rt(
        "get-defmethod-list",
        "m",
        0,
        Some(1),
        "y",
        get_defmethod_list,
    ),
    rt("defgeneric-module", "y", 1, Some(1), "y", defgeneric_module),
    rt("undeftemplate", "v", 1, Some(1), "y", undeftemplate),
    rt("undeffacts", "v", 1, Some(1), "y", undeffacts),
    rt("undefglobal", "v", 1, Some(1), "y", undefglobal),
    rt("ppfact", "vs", 1, Some(3), "*;lf;ldsyn", ppfact),
    env("funcall", "*", 1, None, "*;sy", funcall),
    rt("check-syntax", "ym", 1, Some(1), "s", check_syntax),
    env("dependencies", "v", 1, Some(1), "infly", dependencies),
    env("dependents", "v", 1, Some(1), "infly", dependents),
    env("matches", "bm", 1, Some(2), "y", matches),
    env("join-activity", "bm", 1, Some(2), "y", join_activity),
    env(
        "join-activity-reset",
        "v",
        0,
        Some(0),
        "*",
        join_activity_reset,
    ),
    env("why", "*", 1, Some(2), "*", why),
    env("why-not", "*", 1, Some(1), "*", why_not),
    env("step", "*", 0, Some(0), "*", step),
    rt("set-provenance", "*", 1, Some(1), "*", set_provenance),
    rt("get-provenance", "*", 0, Some(0), "*", get_provenance),
    env("set-break", "v", 1, Some(1), "y", set_break),
    env("remove-break", "v", 0, Some(1), "y", remove_break),
    env("show-breaks", "v", 0, Some(1), "y", show_breaks),
    rt("get-function-list", "m", 0, Some(0), "*", get_function_list),
    rt(
        "get-function-restrictions",
        "s",
        1,
        Some(1),
        "y",
        get_function_restrictions,
    ),
    rt("apropos", "v", 1, Some(1), "y", apropos),
    rt("mem-used", "l", 0, Some(0), "*", mem_used),
    rt("mem-requests", "l", 0, Some(0), "*", mem_requests),
    rt("release-mem", "l", 0, Some(0), "*", release_mem),
    rt("conserve-mem", "v", 1, Some(1), "y", conserve_mem),
    rt(
        "get-sequence-operator-recognition",
        "b",
        0,
        Some(0),
        "*",
        get_sequence_operator_recognition,
    ),
    rt(
        "set-sequence-operator-recognition",
        "b",
        1,
        Some(1),
        "y",
        set_sequence_operator_recognition,
    ),
    rt(
        "get-beta-memory-resizing",
        "b",
        0,
        Some(0),
        "*",
        get_beta_memory_resizing,
    ),
    rt(
        "set-beta-memory-resizing",
        "b",
        1,
        Some(1),
        "*",
        set_beta_memory_resizing,
    ),
    rt("set-locale", "sy", 0, Some(1), ";s", set_locale),
    rt("system", "ly", 0, None, "sy", system),
    rt("options", "v", 0, Some(0), "*", options),
    rt("timetag", "l", 1, Some(1), "infly", timetag),
    rt("local-time", "m", 0, Some(0), "*", local_time),
    rt("gm-time", "m", 0, Some(0), "*", gm_time),
    rt("get-watch-item", "b", 1, Some(1), "y", get_watch_item),
    rt("list-watch-items", "v", 0, None, "*;y", list_watch_items),
    env("str-assert", "bf", 1, Some(1), "s", assert_string),
    env("bsave-facts", "l", 1, None, "y;sy", bsave_facts),
    env("bload-facts", "l", 1, Some(1), "sy", bload_facts),
    env("save", "b", 1, Some(1), "sy", save),
    env("bsave", "b", 1, Some(1), "sy", bsave),
    env("bload", "b", 1, Some(1), "sy", bload),
    rt("fetch", "bl", 1, Some(1), "sy", fetch),
    rt("toss", "b", 1, Some(1), "sy", toss),
    rt("print-region", "b", 2, None, "*;y;sy", print_region),
    rt("get-region", "s", 1, None, "*;sy", get_region),
    env("send", "*", 2, None, "*;*;y", objects::send),
    env(
        "call-next-handler",
        "*",
        0,
        Some(0),
        "*",
        objects::call_next_handler,
    ),
    env(
        "override-next-handler",
        "*",
        0,
        None,
        "*",
        objects::override_next_handler,
    ),
    env(
        "next-handlerp",
        "b",
        0,
        Some(0),
        "*",
        objects::next_handlerp,
    ),
    env("init-slots", "*", 0, Some(0), "*", objects::init_slots),
    env("ppinstance", "v", 0, Some(0), "*", objects::ppinstance),
    env(
        "unmake-instance",
        "b",
        1,
        None,
        "einy",
        objects::unmake_instance,
    ),
    env(
        "instance-existp",
        "b",
        1,
        Some(1),
        "einy",
        objects::instance_existp,
    ),
    env(
        "instance-name",
        "bn",
        1,
        Some(1),
        "ein",
        objects::instance_name,
    ),
    env(
        "instance-address",
        "bx",
        1,
        Some(2),
        "einy",
        objects::instance_address,
    ),
    env("class", "*", 1, Some(1), "*", objects::class),
    env("type", "*", 1, Some(1), "*", objects::type_of),
    env("class-existp", "b", 1, Some(1), "y", objects::class_existp),
    env(
        "class-superclasses",
        "bm",
        1,
        Some(2),
        "y",
        objects::class_superclasses,
    ),
    env(
        "class-subclasses",
        "bm",
        1,
        Some(2),
        "y",
        objects::class_subclasses,
    ),
    env("superclassp", "b", 2, Some(2), "y", objects::superclassp),
    env("subclassp", "b", 2, Some(2), "y", objects::subclassp),
    env(
        "class-abstractp",
        "b",
        1,
        Some(1),
        "y",
        objects::class_abstractp,
    ),
    env(
        "class-reactivep",
        "b",
        1,
        Some(1),
        "y",
        objects::class_reactivep,
    ),
    env("class-slots", "bm", 1, Some(2), "y", objects::class_slots),
    env(
        "list-defclasses",
        "v",
        0,
        Some(1),
        "y",
        objects::list_defclasses,
    ),
    env("instances", "v", 0, Some(4), "y", objects::instances),
    env(
        "ppdefclass",
        "vs",
        1,
        Some(2),
        ";y;ldsyn",
        objects::ppdefclass,
    ),
    env(
        "browse-classes",
        "v",
        0,
        Some(1),
        "y",
        objects::browse_classes,
    ),
    env(
        "list-defmessage-handlers",
        "v",
        0,
        Some(2),
        "y",
        objects::list_defmessage_handlers,
    ),
    env(
        "get-defmessage-handler-list",
        "m",
        0,
        Some(2),
        "y",
        objects::get_defmessage_handler_list,
    ),
    env(
        "message-handler-existp",
        "b",
        2,
        Some(3),
        "y",
        objects::message_handler_existp,
    ),
    env(
        "ppdefmessage-handler",
        "v",
        2,
        Some(4),
        "y",
        objects::ppdefmessage_handler,
    ),
    env(
        "undefmessage-handler",
        "v",
        2,
        Some(3),
        "y",
        objects::undefmessage_handler,
    ),
    env("preview-send", "v", 2, Some(2), "y", objects::preview_send),
    env(
        "delete-instance",
        "b",
        0,
        Some(0),
        "*",
        objects::delete_instance,
    ),
    env("undefclass", "v", 1, Some(1), "y", objects::undefclass),
    env(
        "describe-class",
        "v",
        1,
        Some(1),
        "y",
        describe_class::describe_class,
    ),
    rt(
        "constructs-to-c",
        "v",
        0,
        None,
        "*;sy;l;sy;l",
        constructs_to_c,
    ),
];

static BY_NAME: LazyLock<HashMap<&'static str, u32>> = LazyLock::new(|| {
    DEFS.iter()
        .enumerate()
        .map(|(i, d)| (d.name, i as u32))
        .collect()
});

/// The command with id `id`.
pub fn get(id: u32) -> &'static CommandDef {
    &DEFS[id as usize]
}

/// The command named `name`.
pub fn lookup(name: &str) -> Option<&'static CommandDef> {
    BY_NAME.get(name).map(|i| get(*i))
}

/// The names of all commands (for completion and documentation).
pub fn names() -> impl Iterator<Item = &'static str> {
    DEFS.iter().map(|d| d.name)
}

/// The command table as the compiler sees it.
pub struct Table;

/// The one command table.
pub static TABLE: Table = Table;

impl CommandTable for Table {
    fn command(&self, name: &str) -> Option<CommandSig> {
        BY_NAME.get(name).map(|&id| signature(id))
    }
}

/// What the compiler and the evaluator know of command `id`.
pub fn signature(id: u32) -> CommandSig {
    let d = get(id);
    CommandSig {
        id,
        name: d.name,
        min_args: d.min,
        max_args: d.max,
        restrictions: d.restrictions,
        returns: d.returns,
    }
}

// ---- argument helpers ----

fn lexeme(args: &[Value], i: usize, what: &str) -> Result<String, EvalError> {
    match args.get(i) {
        Some(Value::Symbol(s)) | Some(Value::String(s)) => Ok(s.to_string()),
        Some(other) => Err(EvalError::new(format!(
            "{what}: expected a symbol or string as argument #{}, got {}",
            i + 1,
            other.repr()
        ))),
        None => Err(EvalError::new(format!(
            "{what}: missing argument #{}",
            i + 1
        ))),
    }
}

/// Argument `index` of `function`, a file name: a symbol or a string, or CLIPS's
/// `[ARGACCES2]`.
fn file_name(args: &[Value], index: usize, function: &str) -> Result<String, EvalError> {
    match args.get(index) {
        Some(Value::Symbol(s) | Value::String(s)) => Ok(s.to_string()),
        _ => Err(EvalError::new(messages::args::argacces2(
            function,
            index,
            "symbol or string",
        ))),
    }
}

fn integer(args: &[Value], i: usize, what: &str) -> Result<i64, EvalError> {
    match args.get(i) {
        Some(Value::Integer(n)) => Ok(*n),
        Some(Value::Float(f)) => Ok(*f as i64),
        Some(other) => Err(EvalError::new(format!(
            "{what}: expected an integer as argument #{}, got {}",
            i + 1,
            other.repr()
        ))),
        None => Err(EvalError::new(format!(
            "{what}: missing argument #{}",
            i + 1
        ))),
    }
}

fn logical_name(v: &Value) -> String {
    match v {
        Value::Symbol(s) | Value::String(s) => s.to_string(),
        other => other.display().to_string(),
    }
}

fn fact_arg(
    rt: &Runtime,
    args: &[Value],
    what: &str,
) -> Result<std::rc::Rc<crate::wm::Fact>, EvalError> {
    let id = match args.first() {
        Some(Value::Fact(id)) => *id,
        Some(Value::Integer(i)) if *i >= 0 => FactId(*i as u64),
        other => {
            return Err(EvalError::new(format!(
                "{what}: expected a fact address or index, got {}",
                other.map_or("nothing".into(), |v| v.repr().to_string())
            )))
        }
    };
    rt.wm
        .get(id)
        .cloned()
        .ok_or_else(|| EvalError::new(format!("{what}: fact f-{} does not exist", id.0)))
}

/// Writes `text` to logical name `name` (see [`Routers::check_output`] for a name no
/// router recognizes).
///
/// [`Routers::check_output`]: crate::env::router::Routers::check_output
fn out(rt: &mut Runtime, name: &str, text: &str) {
    if rt.routers.check_output(name) && name != "nil" {
        rt.routers.write(name, text);
    }
}

// ---- output and input ----

fn printout(rt: &mut Runtime, args: &[Value]) -> R {
    let name = logical_name(&args[0]);
    let text: String = args[1..].iter().map(printout_text).collect();
    out(rt, &name, &text);
    Ok(Value::Void)
}

fn print(rt: &mut Runtime, args: &[Value]) -> R {
    let text: String = args.iter().map(printout_text).collect();
    out(rt, "t", &text);
    Ok(Value::Void)
}

fn println(rt: &mut Runtime, args: &[Value]) -> R {
    let mut text: String = args.iter().map(printout_text).collect();
    text.push('\n');
    out(rt, "t", &text);
    Ok(Value::Void)
}

fn format(rt: &mut Runtime, args: &[Value]) -> R {
    let name = logical_name(&args[0]);
    // An unknown name is reported first, and gives "" (CLIPS formats nothing then).
    if !rt.routers.check_output(&name) {
        return Ok(Value::string(""));
    }
    let control = lexeme(args, 1, "format")?;
    let text = crate::functions::format::format_string(&control, &args[2..])
        .map_err(|e| EvalError::new(e.message))?;
    out(rt, &name, &text);
    Ok(Value::string(&text))
}

fn input_name(args: &[Value]) -> String {
    args.first().map_or_else(|| "t".to_string(), logical_name)
}

/// `(read [<logical-name>])`: the next token; `EOF` at the end, which is also the
/// error state (`get-error`) CLIPS leaves, cleared by every read.
fn read(rt: &mut Runtime, args: &[Value]) -> R {
    let name = input_name(args);
    rt.fn_state.error = Value::false_sym();
    match rt.routers.read_token(&name).map_err(EvalError::new)? {
        Some(v) => Ok(v),
        None => {
            rt.fn_state.error = Value::symbol("EOF");
            Ok(Value::symbol("EOF"))
        }
    }
}

fn readline(rt: &mut Runtime, args: &[Value]) -> R {
    let name = input_name(args);
    match rt.routers.read_line(&name).map_err(EvalError::new)? {
        Some(line) => Ok(Value::string(&line)),
        None => Ok(Value::symbol("EOF")),
    }
}

fn read_number(rt: &mut Runtime, args: &[Value]) -> R {
    let value = read(rt, args)?;
    rt.routers.finish_number(&input_name(args));
    match value {
        v @ (Value::Integer(_) | Value::Float(_)) => Ok(v),
        Value::Symbol(s) if s.as_str() == "EOF" => Ok(Value::symbol("EOF")),
        _ => Ok(Value::string("*** READ ERROR ***")),
    }
}

// ---- agenda and focus ----

fn get_strategy(rt: &mut Runtime, _: &[Value]) -> R {
    Ok(Value::symbol(rt.agenda.strategy().name()))
}

fn set_strategy(env: &mut Environment, args: &[Value]) -> R {
    let name = lexeme(args, 0, "set-strategy")?;
    let old = env.rt.agenda.strategy();
    match name.parse::<Strategy>() {
        Ok(strategy) => env.set_strategy(strategy),
        // CLIPS reports the name and keeps (and returns) the strategy.
        Err(_) => {
            let expected =
                "symbol with value depth, breadth, lex, mea, complexity, simplicity, or random";
            report(
                &mut env.rt,
                &messages::args::argacces2("set-strategy", 0, expected),
            );
        }
    }
    Ok(Value::symbol(old.name()))
}

/// The watch items that take no construct names after them.
const WATCHED_WITHOUT_NAMES: [&str; 6] = [
    "all",
    "compilations",
    "statistics",
    "focus",
    "messages",
    "rule-analysis",
];

/// `watch` and `unwatch` (`function`): turns the item in argument #1 on or off.
fn set_watch(rt: &mut Runtime, args: &[Value], on: bool, function: &str) -> R {
    let item = construct_name(args, 0, function)?;
    let mut watch = rt.watch;
    if watch.set(item.as_str(), on).is_err() {
        let message = messages::args::argacces2(function, 0, "watchable symbol");
        return Err(EvalError::new(message));
    }
    if args.len() > 1 && WATCHED_WITHOUT_NAMES.contains(&item.as_str()) {
        let count = messages::args::argacces1(function, 1, Some(1), args.len());
        return Err(EvalError::new(count.unwrap_or_default()));
    }
    rt.watch = watch;
    rt.objects.watch = watch.objects;
    // Construct names after the item: Salience watches every construct of the
    // kind, and refuses names as items of their own.
    for a in &args[1..] {
        rt.watch
            .set(&logical_name(a), on)
            .map_err(|e| EvalError::new(format!("{function}: {e}")))?;
    }
    Ok(Value::Void)
}

fn watch(rt: &mut Runtime, args: &[Value]) -> R {
    set_watch(rt, args, true, "watch")
}

fn unwatch(rt: &mut Runtime, args: &[Value]) -> R {
    set_watch(rt, args, false, "unwatch")
}

fn set_salience_evaluation(rt: &mut Runtime, args: &[Value]) -> R {
    let old = get_salience_evaluation(rt, &[])?;
    rt.salience_evaluation = match lexeme(args, 0, "set-salience-evaluation")?.as_str() {
        "when-defined" => SalienceEvaluation::WhenDefined,
        "when-activated" => SalienceEvaluation::WhenActivated,
        "every-cycle" => SalienceEvaluation::EveryCycle,
        // CLIPS reports the name and keeps (and returns) the setting.
        _ => {
            let expected = "symbol with value when-defined, when-activated, or every-cycle";
            let message = messages::args::argacces2("set-salience-evaluation", 0, expected);
            report(rt, &message);
            return Ok(old);
        }
    };
    Ok(old)
}

fn get_salience_evaluation(rt: &mut Runtime, _: &[Value]) -> R {
    Ok(Value::symbol(match rt.salience_evaluation {
        SalienceEvaluation::WhenDefined => "when-defined",
        SalienceEvaluation::WhenActivated => "when-activated",
        SalienceEvaluation::EveryCycle => "every-cycle",
    }))
}

fn get_focus(rt: &mut Runtime, _: &[Value]) -> R {
    Ok(match rt.focus.last() {
        Some(m) => Value::Symbol(rt.program.module_name(*m)),
        None => Value::false_sym(),
    })
}

fn get_focus_stack(rt: &mut Runtime, _: &[Value]) -> R {
    Ok(Value::multifield(
        rt.focus
            .iter()
            .rev()
            .map(|m| Value::Symbol(rt.program.module_name(*m)))
            .collect(),
    ))
}

fn list_focus_stack(rt: &mut Runtime, _: &[Value]) -> R {
    let text: String = rt
        .focus
        .iter()
        .rev()
        .map(|m| format!("{}\n", rt.program.module_name(*m)))
        .collect();
    out(rt, "t", &text);
    Ok(Value::Void)
}

fn pop_focus(rt: &mut Runtime, _: &[Value]) -> R {
    Ok(match rt.pop_focus() {
        Some(m) => Value::Symbol(rt.program.module_name(m)),
        None => Value::false_sym(),
    })
}

fn clear_focus_stack(rt: &mut Runtime, _: &[Value]) -> R {
    rt.clear_focus();
    Ok(Value::Void)
}

fn halt(rt: &mut Runtime, _: &[Value]) -> R {
    rt.halted = true;
    Ok(Value::Void)
}

fn exit(rt: &mut Runtime, args: &[Value]) -> R {
    let code = match args.first() {
        Some(Value::Integer(i)) => *i as i32,
        _ => 0,
    };
    rt.exit_requested = Some(code);
    rt.halted = true;
    Ok(Value::Void)
}

// ---- pretty-printing and modules ----

/// Prints a construct's pretty form, or CLIPS's message when `kind` `name` is not
/// defined (or its source is not kept).
fn pretty(
    rt: &mut Runtime,
    args: &[Value],
    found: Option<(crate::syntax::SourceText, Atom)>,
    kind: &str,
    name: &str,
) -> R {
    let text = found.and_then(|(source, module)| super::pretty::render(&source, module.as_str()));
    print_pretty(rt, args, text, kind, name)
}

/// Prints `text`, the pretty form of `kind` `name` (`None` when there is no such
/// construct, empty when it has none to print), as the pp commands do: to the logical name in argument #2
/// (`stdout` by default); for `nil`, returned as a string instead.
fn print_pretty(
    rt: &mut Runtime,
    args: &[Value],
    text: Option<String>,
    kind: &str,
    name: &str,
) -> R {
    let logical = args.get(1).map_or_else(|| "t".to_string(), logical_name);
    if text.is_none() {
        not_found(rt, kind, name);
    }
    let text = text.filter(|t| !t.is_empty());
    if logical == "nil" {
        return Ok(Value::string(&text.map_or_else(String::new, |t| t + "\n")));
    }
    if let Some(text) = text {
        out(rt, &logical, &format!("{text}\n"));
    }
    Ok(Value::Void)
}

/// CLIPS's message for a command naming a construct that does not exist.
fn not_found(rt: &mut Runtime, kind: &str, name: &str) {
    report(rt, &messages::prntutil::prntutil1(kind, name, true));
}

/// Writes `message` (one of CLIPS's, without its final newline) on `werror`.
fn report(rt: &mut Runtime, message: &str) {
    rt.routers.write("werror", &format!("{message}\n"));
}

/// Argument `index` of `function`, the name of a construct: a symbol, or CLIPS's
/// `[ARGACCES2]`.
fn construct_name(args: &[Value], index: usize, function: &str) -> Result<Atom, EvalError> {
    match args.get(index) {
        Some(Value::Symbol(s)) => Ok(*s),
        _ => Err(EvalError::new(messages::args::argacces2(
            function, index, "symbol",
        ))),
    }
}

/// `(ppdefrule name)`.
fn ppdefrule(rt: &mut Runtime, args: &[Value]) -> R {
    let name = construct_name(args, 0, "ppdefrule")?;
    let found = rt.rule_named(name).map(|i| {
        let rule = &rt.rules[i];
        (rule.source.clone(), rt.program.module_name(rule.module))
    });
    pretty(rt, args, found, "defrule", name.as_str())
}

/// `(ppdeftemplate name)`.
fn ppdeftemplate(rt: &mut Runtime, args: &[Value]) -> R {
    let name = construct_name(args, 0, "ppdeftemplate")?;
    // A qualified name is looked up from its own module, where it is always visible.
    let from = rt.program.module_of(name);
    let text = rt.program.template_from(from, name).map(|t| {
        let template = rt.program.template(t);
        let module = rt.program.module_name(template.module);
        // An implied template (of an ordered fact) has no pretty form: nothing
        // is printed.
        (template.source.as_ref())
            .and_then(|source| super::pretty::render(source, module.as_str()))
            .unwrap_or_default()
    });
    print_pretty(rt, args, text, "deftemplate", name.as_str())
}

/// `(ppdeffacts name [logical-name])`: a deffacts of the current module, or of
/// the module its name is qualified with (deffacts are not imported).
fn ppdeffacts(rt: &mut Runtime, args: &[Value]) -> R {
    let name = construct_name(args, 0, "ppdeffacts")?;
    let found = rt.program.module_and_name(name).and_then(|(module, base)| {
        (rt.deffacts.iter())
            .find(|d| d.module == module && unqualified(d.name) == base)
            .map(|d| (d.source.clone(), rt.program.module_name(d.module)))
    });
    pretty(rt, args, found, "deffacts", name.as_str())
}

/// `(ppdeffunction name)`; a qualified name is looked up from its own module, where
/// it is always visible.
fn ppdeffunction(rt: &mut Runtime, args: &[Value]) -> R {
    let name = construct_name(args, 0, "ppdeffunction")?;
    let from = rt.program.module_of(name);
    let found = rt.program.function_from(from, name).and_then(|f| {
        let function = &rt.program.functions[f as usize];
        let module = rt.program.module_name(function.module);
        function.source.clone().map(|source| (source, module))
    });
    pretty(rt, args, found, "deffunction", name.as_str())
}

/// `(get-reset-globals)`: whether `(reset)` restores the globals' initial values.
fn get_reset_globals(rt: &mut Runtime, _: &[Value]) -> R {
    Ok(Value::boolean(rt.reset_globals))
}

/// `(set-reset-globals TRUE|FALSE)`: whether `(reset)` restores the globals' initial
/// values; returns the old setting. Any value but `FALSE` turns it on, as in CLIPS.
fn set_reset_globals(rt: &mut Runtime, args: &[Value]) -> R {
    let on = args[0] != Value::false_sym();
    Ok(Value::boolean(std::mem::replace(&mut rt.reset_globals, on)))
}

/// `(ppdefglobal name)`, found as `ppdeffunction` finds a deffunction.
fn ppdefglobal(rt: &mut Runtime, args: &[Value]) -> R {
    let name = construct_name(args, 0, "ppdefglobal")?;
    let from = rt.program.module_of(name);
    let text = rt.program.global_from(from, name).and_then(|g| {
        let global = &rt.program.globals[g as usize];
        let module = rt.program.module_name(global.module);
        super::pretty::render_global(&global.source, module.as_str(), global.name.as_str())
    });
    print_pretty(rt, args, text, "defglobal", name.as_str())
}

/// `(ppdefmodule name [logical-name])`. MAIN, until it is defined, has no pretty
/// form: nothing is printed (`""` for `nil`).
fn ppdefmodule(rt: &mut Runtime, args: &[Value]) -> R {
    let name = construct_name(args, 0, "ppdefmodule")?;
    let definition = (rt.program.module_id(name))
        .map(|id| rt.program.modules[id.0 as usize].definition.as_ref());
    match definition {
        Some(None) if args.get(1).map(logical_name).as_deref() == Some("nil") => {
            Ok(Value::string(""))
        }
        Some(None) => Ok(Value::Void),
        found => {
            let text = found.flatten().map(image::render_module);
            print_pretty(rt, args, text, "defmodule", name.as_str())
        }
    }
}

fn get_current_module(rt: &mut Runtime, _: &[Value]) -> R {
    Ok(Value::Symbol(
        rt.program.module_name(rt.program.current_module),
    ))
}

fn set_current_module(rt: &mut Runtime, args: &[Value]) -> R {
    let name = construct_name(args, 0, "set-current-module")?;
    let old = get_current_module(rt, &[])?;
    match rt.program.module_id(name) {
        Some(m) => rt.program.current_module = m,
        None => not_found(rt, "defmodule", name.as_str()),
    }
    Ok(old)
}

// ---- environment commands ----

fn retract(env: &mut Environment, args: &[Value]) -> R {
    for a in args {
        match a {
            Value::Fact(id) => {
                env.retract(*id);
            }
            Value::Integer(i) if *i >= 0 => {
                // A missing fact is reported, but the actions go on (as in CLIPS).
                if !env.retract(FactId(*i as u64)) {
                    let fact = format!("f-{i}");
                    env.report(&messages::prntutil::prntutil1("fact", &fact, false));
                }
            }
            Value::Symbol(s) if s.as_str() == "*" => {
                let ids: Vec<FactId> = env.rt.wm.iter().map(|f| f.id).collect();
                for id in ids {
                    env.retract(id);
                }
            }
            other => {
                return Err(EvalError::new(format!(
                    "retract: expected a fact address or index, got {}",
                    other.repr()
                )))
            }
        }
    }
    Ok(Value::Void)
}

fn assert_string(env: &mut Environment, args: &[Value]) -> R {
    let text = lexeme(args, 0, "assert-string")?;
    // CLIPS reads one fact, and nothing after it: a text that starts with
    // anything but a `(`, or whose first list never closes, holds no fact.
    let item = match crate::syntax::sexpr::read_next(&text, 0) {
        Ok(crate::syntax::sexpr::Next::Item(item, _)) if item.as_list().is_some() => item,
        _ => {
            let message = messages::prntutil::prntutil2("RHS patterns");
            return Err(EvalError::new(message).returning(Value::false_sym()));
        }
    };
    // CLIPS's message when there is one (`[EXPRNPSR3]` for an unknown relation
    // written as a template fact, ...).
    let message = |d: crate::syntax::Diagnostic| {
        EvalError::new(
            d.clips
                .unwrap_or_else(|| format!("assert-string: {}", d.message)),
        )
    };
    let spec = crate::syntax::parse::parse_fact(&item).map_err(message)?;
    let build = crate::compile::ExprCompiler::new(&mut env.rt.program, &TABLE, Default::default())
        .fact(&spec)
        .map_err(message)?;
    let (template, slots) = eval::build_fact(env, &mut Vec::new(), &build).map_err(unwind_error)?;
    Ok(env
        .assert_values(template, slots)?
        .map_or(Value::false_sym(), Value::Fact))
}

fn unwind_error(u: eval::Unwind) -> EvalError {
    match u {
        eval::Unwind::Error(e) => e,
        _ => EvalError::new("unexpected return or break"),
    }
}

fn reset(env: &mut Environment, _: &[Value]) -> R {
    env.reset();
    Ok(Value::Void)
}

fn clear(env: &mut Environment, _: &[Value]) -> R {
    env.clear();
    Ok(Value::Void)
}

fn run(env: &mut Environment, args: &[Value]) -> R {
    let count = match args.first() {
        Some(_) => match integer(args, 0, "run")? {
            n if n < 0 => None,
            n => Some(n as u64),
        },
        None => None,
    };
    match env.run(count) {
        Ok(fired) => {
            // CLIPS counts the limit down as rules fire and reports the limit reached
            // when what is left of it equals the rules fired: always for `(run 0)`,
            // and also, as a quirk kept for fidelity, when exactly half of it fired.
            if count.is_some_and(|limit| limit - fired == fired) {
                env.rt
                    .routers
                    .write("wdialog", "rule firing limit reached\n");
            }
            Ok(Value::Void)
        }
        Err(e) => {
            match (&e, env.diagnostic_style()) {
                (RunError::Rule { clips, .. }, DiagnosticStyle::Clips) => env.report(clips),
                _ => env.report(&format!("error: {e}")),
            }
            Ok(Value::Void)
        }
    }
}

/// `load` and `load*` (`quiet`): TRUE when every construct of the file loaded,
/// FALSE when some were left out (each reported) or the file cannot be opened.
/// `load` typed as a command also prints a character for each construct.
fn load_with(env: &mut Environment, args: &[Value], quiet: bool) -> R {
    let path = lexeme(args, 0, "load")?;
    let Ok(text) = crate::syntax::encoding::read_file(&path) else {
        return Ok(unable_to_open(env, "load", &path));
    };
    let output = if quiet || !env.rt.top_level_command {
        LoadOutput::Errors
    } else {
        LoadOutput::Progress
    };
    let loaded = env.load_constructs(std::rc::Rc::from(text), &path, output);
    Ok(Value::boolean(loaded.is_ok()))
}

/// Reports, as CLIPS 6.4 does, that `function` could not open `path`; FALSE.
fn unable_to_open(env: &mut Environment, function: &str, path: &str) -> Value {
    env.report(&format!(
        "[ARGACCES3] Function '{function}' was unable to open file '{path}'."
    ));
    Value::false_sym()
}

fn load(env: &mut Environment, args: &[Value]) -> R {
    load_with(env, args, false)
}

fn load_quiet(env: &mut Environment, args: &[Value]) -> R {
    load_with(env, args, true)
}

/// `batch` (`echo`) and `batch*`. `batch*` runs the file's commands at once;
/// `batch` puts the file before the rest of the input when commands are being
/// read (see [`crate::env::BatchQueue`]), and runs it at once otherwise (called
/// through the API).
fn batch_with(env: &mut Environment, args: &[Value], echo: bool) -> R {
    let path = lexeme(args, 0, "batch")?;
    if eval::stack_exhausted() {
        return Err(EvalError::new(format!(
            "batch: {path} not read: batch files nested too deep for the stack"
        )));
    }
    match crate::syntax::encoding::read_file(&path) {
        Ok(text) if echo && env.rt.batch_queue.readers > 0 => {
            env.rt.batch_queue.pending.push((text, path));
            Ok(Value::true_sym())
        }
        Ok(text) => {
            env.batch_str(&text, &path, echo);
            Ok(Value::true_sym())
        }
        // `batch*` is named `batch` in the message too.
        Err(_) => Ok(unable_to_open(env, "batch", &path)),
    }
}

fn batch(env: &mut Environment, args: &[Value]) -> R {
    batch_with(env, args, true)
}

fn batch_quiet(env: &mut Environment, args: &[Value]) -> R {
    batch_with(env, args, false)
}

fn focus(env: &mut Environment, args: &[Value]) -> R {
    let mut modules = Vec::new();
    for i in 0..args.len() {
        let name = construct_name(args, i, "focus")?;
        match env.rt.program.module_id(name) {
            Some(m) => modules.push(m),
            None => {
                not_found(&mut env.rt, "defmodule", name.as_str());
                return Ok(Value::false_sym());
            }
        }
    }
    // (focus A B) leaves A on top.
    for m in modules.into_iter().rev() {
        if env.rt.focus.last() != Some(&m) {
            env.rt.push_focus(m);
        }
    }
    Ok(Value::true_sym())
}

fn refresh(env: &mut Environment, args: &[Value]) -> R {
    let name = lexeme(args, 0, "refresh")?;
    let Some(index) = env.rule_index(&name) else {
        not_found(&mut env.rt, "defrule", &name);
        return Ok(Value::Void);
    };
    for p in env.rt.rules[index].productions.clone() {
        // CLIPS walks the rule's matches newest first, so under the depth strategy
        // the oldest ends up on top of the agenda.
        for token in env.net.production_tokens(p).into_iter().rev() {
            if !env.rt.agenda.contains(p, token) {
                crate::rete::TestHost::activate(&mut env.rt, p, token, &env.net);
            }
        }
    }
    Ok(Value::Void)
}

/// `(refresh-agenda [module])`: evaluates the salience of each activation of the
/// module (the current one by default, every module for `*`) again, whatever the
/// salience evaluation setting (CLIPS evaluates them as when-activated).
fn refresh_agenda(env: &mut Environment, args: &[Value]) -> R {
    let module = match args.first() {
        None => Some(env.rt.program.current_module),
        Some(_) => {
            let name = construct_name(args, 0, "refresh-agenda")?;
            match env.rt.program.module_id(name) {
                Some(module) => Some(module),
                None if name.as_str() == "*" => None,
                None => {
                    let expected = "'defmodule name'";
                    report(
                        &mut env.rt,
                        &messages::args::argacces2("refresh-agenda", 0, expected),
                    );
                    return Ok(Value::Void);
                }
            }
        }
    };
    let setting = std::mem::replace(
        &mut env.rt.salience_evaluation,
        SalienceEvaluation::WhenActivated,
    );
    env.refresh_saliences(module);
    env.rt.salience_evaluation = setting;
    Ok(Value::Void)
}

fn eval_string(env: &mut Environment, args: &[Value]) -> R {
    let text = lexeme(args, 0, "eval")?;
    let items = crate::syntax::sexpr::read_all(&text)
        .map_err(|d| EvalError::new(format!("eval: {}", d.message)))?;
    let [item] = items.as_slice() else {
        return Err(EvalError::new(messages::strngfun::strngfun2("eval")));
    };
    let expr = crate::syntax::parse::parse_expr(item)
        .map_err(|d| EvalError::new(format!("eval: {}", d.message)))?;
    env.eval_command(&expr)
}

fn load_facts(env: &mut Environment, args: &[Value]) -> R {
    let path = file_name(args, 0, "load-facts")?;
    let Ok(text) = crate::syntax::encoding::read_file(&path) else {
        unable_to_open(env, "load-facts", &path);
        return Ok(Value::Integer(-1));
    };
    let items = crate::syntax::sexpr::read_all(&text)
        .map_err(|d| EvalError::new(format!("load-facts: {}", d.message)))?;
    for item in &items {
        let spec = crate::syntax::parse::parse_fact(item)
            .map_err(|d| EvalError::new(format!("load-facts: {}", d.message)))?;
        let build =
            crate::compile::ExprCompiler::new(&mut env.rt.program, &TABLE, Default::default())
                .fact(&spec)
                .map_err(|d| EvalError::new(format!("load-facts: {}", d.message)))?;
        let (template, slots) =
            eval::build_fact(env, &mut Vec::new(), &build).map_err(unwind_error)?;
        env.assert_values(template, slots)?;
    }
    // CLIPS returns the number of facts the file held.
    Ok(Value::Integer(
        i64::try_from(items.len()).unwrap_or(i64::MAX),
    ))
}

/// Whether a binary image is loaded, which no construct may leave: then CLIPS's
/// message that `kind` `name` (or `*`) cannot be deleted is written.
fn held_by_image(rt: &mut Runtime, kind: &str, name: &str) -> bool {
    if rt.bloaded {
        let message = crate::messages::prntutil::prntutil4(kind, name);
        rt.routers.write("werror", &format!("{message}\n"));
    }
    rt.bloaded
}

/// `(undefrule name)`, or `*` for every rule of the current module.
fn undefrule(env: &mut Environment, args: &[Value]) -> R {
    let name = construct_name(args, 0, "undefrule")?.to_string();
    if held_by_image(&mut env.rt, "defrule", &name) {
        return Ok(Value::Void);
    }
    let rt = &env.rt;
    // As CLIPS's DeleteNamedConstruct: a rule named `*` is deleted alone, and `*`
    // deletes every rule of the module only when none is so named.
    let doomed: Vec<(usize, Atom)> = if let Some(index) = rt.rule_named(atom(&name)) {
        vec![(index, atom(&name))]
    } else if name == "*" {
        (rt.rules_of(rt.program.current_module).into_iter())
            .map(|i| (i, rt.rules[i].name))
            .collect()
    } else {
        not_found(&mut env.rt, "defrule", &name);
        return Ok(Value::Void);
    };
    // The rule whose actions are running stays, with CLIPS's message.
    for (index, name) in doomed {
        if env.rt.firing_rule == Some(index) {
            let message = messages::prntutil::prntutil4("defrule", name.as_str());
            report(&mut env.rt, &message);
        } else {
            env.remove_rule(name);
        }
    }
    Ok(Value::Void)
}

/// `(undeftemplate name)`, or `*` for every template of the current module: a
/// template that facts or constructs use stays, with CLIPS's message.
fn undeftemplate(rt: &mut Runtime, args: &[Value]) -> R {
    let name = construct_name(args, 0, "undeftemplate")?.to_string();
    if held_by_image(rt, "deftemplate", &name) {
        return Ok(Value::Void);
    }
    let program = &rt.program;
    // As CLIPS's DeleteNamedConstruct: a template named `*` is deleted alone, and
    // `*` deletes every template of the module only when none is so named.
    let named_star = (name == "*")
        .then(|| program.own_template(program.current_module, atom("*")))
        .flatten();
    let ids: Vec<TemplateId> = if let Some(id) = named_star {
        vec![id]
    } else if name == "*" {
        (program.defined_templates())
            .filter(|(_, t)| t.module == program.current_module)
            .map(|(id, _)| id)
            .collect()
    } else {
        let found = program.module_and_name(atom(&name));
        match found.and_then(|(module, base)| program.own_template(module, base)) {
            Some(id) => vec![id],
            None => {
                not_found(rt, "deftemplate", &name);
                return Ok(Value::Void);
            }
        }
    };
    for id in ids {
        if rt.template_in_use(id).is_some() {
            let name = rt.program.template(id).name;
            let message = crate::messages::prntutil::prntutil4("deftemplate", name.as_str());
            rt.routers.write("werror", &format!("{message}\n"));
        } else {
            rt.program.remove_template(id);
        }
    }
    Ok(Value::Void)
}

/// `(undeffunction name)`, or `*` for every deffunction of the current module.
fn undeffunction(rt: &mut Runtime, args: &[Value]) -> R {
    let name = construct_name(args, 0, "undeffunction")?.to_string();
    if held_by_image(rt, "deffunction", &name) {
        return Ok(Value::Void);
    }
    if name == "*" {
        let program = &rt.program;
        let names: Vec<Atom> = (program.defined_functions())
            .filter(|f| f.module == program.current_module)
            .map(|f| f.name)
            .collect();
        for name in names {
            rt.program.remove_function(name);
        }
    } else if !rt.program.remove_function(atom(&name)) {
        not_found(rt, "deffunction", &name);
    }
    Ok(Value::Void)
}

/// `(undeffacts name)`, or `*` for every deffacts of the current module.
fn undeffacts(rt: &mut Runtime, args: &[Value]) -> R {
    let name = construct_name(args, 0, "undeffacts")?;
    if held_by_image(rt, "deffacts", name.as_str()) {
        return Ok(Value::Void);
    }
    let current = rt.program.current_module;
    // As in CLIPS, `*` deletes every deffacts of the module unless one is named `*`.
    let starred = |d: &DeffactsDef| d.module == current && unqualified(d.name) == name;
    if name.as_str() == "*" && !rt.deffacts.iter().any(starred) {
        rt.deffacts.retain(|d| d.module != current);
        return Ok(Value::Void);
    }
    let found = rt.program.module_and_name(name);
    let before = rt.deffacts.len();
    if let Some((module, base)) = found {
        rt.deffacts
            .retain(|d| d.module != module || unqualified(d.name) != base);
    }
    if rt.deffacts.len() == before {
        not_found(rt, "deffacts", name.as_str());
    }
    Ok(Value::Void)
}

/// `(undefglobal name)` (without `?*` and `*`), or `*` for every defglobal of the
/// current module.
fn undefglobal(rt: &mut Runtime, args: &[Value]) -> R {
    let name = construct_name(args, 0, "undefglobal")?;
    if held_by_image(rt, "defglobal", name.as_str()) {
        return Ok(Value::Void);
    }
    // As CLIPS's DeleteNamedConstruct: a global named `*` is deleted alone, and
    // only without one does `*` stand for all the current module's globals.
    if rt.program.remove_global(name) {
        return Ok(Value::Void);
    }
    if name.as_str() == "*" {
        let program = &rt.program;
        let names: Vec<Atom> = (program.defined_globals())
            .filter(|g| g.module == program.current_module)
            .map(|g| g.name)
            .collect();
        for name in names {
            rt.program.remove_global(name);
        }
    } else {
        not_found(rt, "defglobal", name.as_str());
    }
    Ok(Value::Void)
}

/// The fact argument #1 of `dependencies` and `dependents` names (a fact address
/// or index; a symbol names an instance); `None` after CLIPS's message when there
/// is no such fact.
fn fact_or_instance(rt: &mut Runtime, args: &[Value]) -> Option<std::rc::Rc<crate::wm::Fact>> {
    let message = match args.first() {
        Some(Value::Fact(id)) => match rt.wm.get(*id) {
            Some(fact) => return Some(fact.clone()),
            None => messages::prntutil::prntutil11(id.0),
        },
        Some(Value::Integer(i)) => {
            let found = u64::try_from(*i).ok().and_then(|i| rt.wm.get(FactId(i)));
            match found {
                Some(fact) => return Some(fact.clone()),
                None => messages::prntutil::prntutil1("fact", &format!("f-{i}"), false),
            }
        }
        Some(other) => messages::prntutil::prntutil1("instance", &logical_name(other), false),
        None => return None,
    };
    report(rt, &message);
    None
}

fn dependencies(env: &mut Environment, args: &[Value]) -> R {
    let Some(fact) = fact_or_instance(&mut env.rt, args) else {
        return Ok(Value::Void);
    };
    let mut tokens: Vec<_> = (env.rt.support.by_token.iter())
        .filter_map(|(t, facts)| {
            let (_, given) = facts.iter().find(|(f, _)| *f == fact.id)?;
            Some((std::cmp::Reverse(*given), *t))
        })
        .collect();
    tokens.sort_unstable();
    let lines: Vec<String> = (tokens.iter())
        .map(|(_, t)| show::fact_list(&env.net.token_facts(*t)))
        .collect();
    let text = if lines.is_empty() {
        "None\n".to_string()
    } else {
        lines.join("\n") + "\n"
    };
    env.rt.routers.write("t", &text);
    Ok(Value::Void)
}

fn dependents(env: &mut Environment, args: &[Value]) -> R {
    let Some(fact) = fact_or_instance(&mut env.rt, args) else {
        return Ok(Value::Void);
    };
    let mut deps: Vec<FactId> = Vec::new();
    for (token, facts) in &env.rt.support.by_token {
        if env.net.token_facts(*token).contains(&Some(fact.id)) {
            deps.extend(facts.iter().map(|(f, _)| *f));
        }
    }
    deps.sort();
    deps.dedup();
    let text = if deps.is_empty() {
        "None\n".to_string()
    } else {
        deps.iter()
            .map(|d| format!("f-{}", d.0))
            .collect::<Vec<_>>()
            .join(",")
            + "\n"
    };
    env.rt.routers.write("t", &text);
    Ok(Value::Void)
}

#[cfg(test)]
mod tests {
    use super::test_support::{captured, eval};
    use crate::value::Value;

    /// Output to a name no router recognizes is reported with CLIPS 6.4's message,
    /// and what called goes on: `printout` gives nothing, `format` the empty string.
    #[test]
    fn output_to_an_unknown_name_is_reported_and_goes_on() {
        let (mut env, out, err) = captured();
        assert_eq!(
            eval(&mut env, "(printout bogus \"a\" crlf)"),
            Ok(Value::Void)
        );
        assert_eq!(
            eval(&mut env, "(format bogus \"n=%d\" 3)"),
            Ok(Value::string(""))
        );
        assert_eq!(
            eval(&mut env, "(format nil \"n=%d\" 4)"),
            Ok(Value::string("n=4"))
        );
        let message = "[ROUTER1] Logical name 'bogus' was not recognized by any routers.\n";
        assert_eq!(err.take(), message.repeat(2));
        assert_eq!(out.take(), "");
    }
}
