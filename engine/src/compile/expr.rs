//! Expressions compiled for evaluation: names resolved to functions, variables to
//! frame slots, special forms (`if`, `while`, `bind`, ...) to their own nodes.

use super::program::Program;
use super::query::{QueryKind, QuerySlotRef, SetQuery};
use super::special_forms;
use super::template::{SlotDefault, TemplateId};
use crate::cool::moddup::ModDup;
use crate::exact::collect_exact;
use crate::functions::types::Types;
use crate::functions::Builtin;
use crate::messages::{self, constraints, prntutil, templates};
use crate::syntax::ast::{Call, Expr, FactSpec};
use crate::syntax::{Diagnostic, Span};
use crate::value::{atom, Atom, Value};
use indexmap::IndexMap;
use rustc_hash::FxBuildHasher;

mod field_loops;

/// A compiled expression.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CExpr {
    /// A constant.
    Const(Value),
    /// A variable in the current frame.
    Local(u16),
    /// A defglobal.
    Global(u32),
    /// A function call with strictly evaluated arguments.
    Call(Box<CallExpr>),
    /// A special form, whose arguments are evaluated as the form decides.
    Special(Box<Special>, Span),
}

/// A call of a built-in, a deffunction or an environment command.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CallExpr {
    /// What is called.
    pub callee: Callee,
    /// The function's name, for error messages.
    pub name: Atom,
    /// The argument expressions.
    pub args: Box<[CExpr]>,
    /// The call in the source.
    pub span: Span,
}

/// What a call calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Callee {
    /// A built-in that needs no environment.
    Builtin(&'static Builtin),
    /// A deffunction, by id.
    Function(u32),
    /// A generic function, by id (its methods decide the arguments it takes).
    Generic(u32),
    /// An environment command (assert, printout, facts, ...), by id in the command table.
    Command(u32),
    /// A function the embedding program defined, by id (see `program::udf`).
    Udf(u32),
}

/// Special forms: the constructs whose arguments are not simply evaluated in order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Special {
    /// `(if c then a... else b...)`
    If(CExpr, Vec<CExpr>, Vec<CExpr>),
    /// `(while c do a...)`
    While(CExpr, Vec<CExpr>),
    /// `(loop-for-count (?i start end) do a...)`, or `(loop-for-count n ...)`.
    LoopForCount {
        /// The loop variable's slot.
        var: Option<u16>,
        /// The first value.
        start: CExpr,
        /// The last value.
        end: CExpr,
        /// The body.
        body: Vec<CExpr>,
    },
    /// `(foreach ?x list a...)` and `(progn$ (?x list) a...)`.
    Foreach {
        /// The element variable's slot.
        var: u16,
        /// The `?x-index` variable's slot.
        index: u16,
        /// The list.
        list: CExpr,
        /// The body.
        body: Vec<CExpr>,
    },
    /// `(switch x (case v then a...) ... (default a...))`
    Switch(CExpr, Vec<(CExpr, Vec<CExpr>)>, Option<Vec<CExpr>>),
    /// `(bind ?x v...)`: several values make a multifield; none make the empty one... for
    /// locals, and reset a global to its initial value.
    Bind(BindTarget, Vec<CExpr>),
    /// `(and ...)`, short-circuit.
    And(Vec<CExpr>),
    /// `(or ...)`, short-circuit.
    Or(Vec<CExpr>),
    /// `(progn a...)`
    Progn(Vec<CExpr>),
    /// `(timer a...)`: evaluates the actions, and is the seconds they took.
    Timer(Vec<CExpr>),
    /// `(return [v])`
    Return(Option<CExpr>),
    /// `(break)`
    Break,
    /// `(assert fact...)`
    Assert(Vec<FactBuild>),
    /// `(modify f (slot v...)...)` or `(duplicate f ...)`.
    Modify {
        /// The fact (address or index).
        fact: CExpr,
        /// Slot names and their new values.
        slots: Vec<(Atom, Span, Vec<CExpr>)>,
        /// `true` for duplicate.
        duplicate: bool,
    },
    /// A fact-set query (any-factp, find-fact, find-all-facts, do-for-fact,
    /// do-for-all-facts, delayed-do-for-all-facts) or an instance-set one
    /// (any-instancep, ..., delayed-do-for-all-instances).
    Query(SetQuery),
    /// `?f:slot` inside a query.
    QuerySlot(QuerySlotRef),
    /// A member variable of an instance-set query, read: the name of the
    /// instance whose address its frame slot holds.
    QueryInstance(u16),
    /// A variable read in a command typed at the top level, where it may not be
    /// bound yet: reading it then is an error (CLIPS's `[EVALUATN1]`), not nil. The
    /// name is shown as written: `?x`, or `$?x` for a multifield variable.
    TopLevelVar(u16, Atom, bool),
    /// A variable that only the actions bind (`bind`, a loop): read before it has
    /// a value, it is CLIPS's `[PRCCODE5]`, naming the deffunction whose body it is in.
    ActionVar(u16, Atom, Option<Atom>),
    /// `(printout channel item...)`: each item is printed as soon as it is
    /// evaluated, so output made by a nested call comes out in between.
    Printout(CExpr, Vec<CExpr>),
    /// `(expand$ list)` as an argument: its fields become separate arguments.
    Expand(CExpr),
    /// `(sort function value...)`: the arguments, evaluated as a call's are; a special
    /// form because sorting calls the named function, which may be a deffunction.
    Sort(Vec<CExpr>),
    /// `(make-instance name of class (slot value...)...)`, `(initialize-instance
    /// instance (slot value...)...)` (no class then): the overrides are evaluated
    /// one by one as they are put (see [`crate::cool::make`]).
    MakeInstance {
        /// The instance's name, or the instance to initialize.
        name: CExpr,
        /// The class; `None` for `initialize-instance`.
        class: Option<CExpr>,
        /// The slot overrides.
        overrides: Vec<crate::cool::make::Override>,
    },
    /// `(modify-instance instance (slot value...)...)`, `(duplicate-instance
    /// instance [to name] (slot value...)...)` and their `message-` and
    /// `active-` variants (see [`crate::cool::moddup`]).
    ModifyInstance {
        /// The function called.
        function: Atom,
        /// Which of them it is.
        kind: crate::cool::moddup::ModDup,
        /// The instance.
        instance: CExpr,
        /// The copy's name, for a duplicate.
        name: Option<CExpr>,
        /// The slot overrides.
        overrides: Vec<crate::cool::make::Override>,
    },
    /// `?self:slot` in a message-handler: the slot of the active instance.
    SelfSlot(Atom),
    /// `(bind ?self:slot value...)` in a message-handler.
    SelfSlotPut(Atom, Vec<CExpr>),
    /// A global not defined when the expression was compiled (see
    /// [`Scope::late_globals`]): read by name when evaluated, `[GLOBLDEF1]` if
    /// still undefined.
    LateGlobal(Atom),
    /// A rule's assert or modify whose next action retracts a fact: evaluated as the
    /// action is, telling the network which fact goes next (see
    /// [`super::retraction`]).
    BeforeRetraction(Box<(CExpr, super::retraction::RetractionAhead)>),
}

impl Special {
    /// The special form of CLIPS this is, for the forms that return a value of
    /// their own (not `bind`, `return` or `break`, which pass a value on; not
    /// `printout`, a command).
    pub fn clips_name(&self) -> Option<&'static str> {
        Some(match self {
            Special::If(..) => "if",
            Special::While(..) => "while",
            Special::LoopForCount { .. } => "loop-for-count",
            Special::Foreach { .. } => "foreach",
            Special::Switch(..) => "switch",
            Special::And(_) => "and",
            Special::Or(_) => "or",
            Special::Progn(_) => "progn",
            Special::Timer(_) => "timer",
            Special::Assert(_) => "assert",
            Special::Modify { duplicate, .. } => {
                if *duplicate {
                    "duplicate"
                } else {
                    "modify"
                }
            }
            Special::Query(q) => q.name(),
            Special::Sort(_) => "sort",
            Special::MakeInstance { class: Some(_), .. } => "make-instance",
            Special::MakeInstance { class: None, .. } => "initialize-instance",
            Special::ModifyInstance { function, .. } => function.as_str(),
            Special::SelfSlot(_) | Special::SelfSlotPut(..) | Special::LateGlobal(_) => {
                return None
            }
            Special::Bind(..)
            | Special::Return(_)
            | Special::Break
            | Special::QuerySlot(..)
            | Special::QueryInstance(_)
            | Special::TopLevelVar(..)
            | Special::ActionVar(..)
            | Special::Printout(..)
            | Special::Expand(_)
            | Special::BeforeRetraction(_) => return None,
        })
    }
}

/// Where `bind` stores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BindTarget {
    /// A local variable's slot.
    Local(u16),
    /// A defglobal.
    Global(u32),
    /// A variable typed at the top level, given no value: `(bind ?x)` unbinds it.
    Unbind(u16),
}

/// A fact to build at run time.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FactBuild {
    /// Its template.
    pub template: TemplateId,
    /// Ordered facts: the field expressions (multifields are spliced).
    /// Template facts: `(slot index, values)` for the slots given.
    pub fields: FactFields,
    /// The fact in the source.
    pub span: Span,
}

/// The field expressions of a [`FactBuild`]. Boxed slices, not vectors: a deffacts
/// keeps one of these per fact (Waltz's 3,872 lines took 1.5 MB in vectors with room
/// to grow, 0.5 MB in slices).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FactFields {
    /// The fields of an ordered fact.
    Ordered(Box<[CExpr]>),
    /// The slots given for a template fact.
    Slots(Box<[(usize, Box<[CExpr]>)]>),
}

/// The signature of an environment command, as the compiler needs it.
#[derive(Debug, Clone, Copy)]
pub struct CommandSig {
    /// Its id in the command table.
    pub id: u32,
    /// Its CLIPS name.
    pub name: &'static str,
    /// The least number of arguments.
    pub min_args: usize,
    /// The most, or `None`.
    pub max_args: Option<usize>,
    /// CLIPS's restriction string for its arguments (see
    /// [`crate::functions::Builtin::restrictions`]).
    pub restrictions: &'static str,
    /// CLIPS's type codes for the values it returns (see
    /// [`crate::functions::Builtin::returns`]).
    pub returns: &'static str,
}

/// Looks up environment commands by name (implemented by the evaluator's table).
pub trait CommandTable {
    /// The command named `name`.
    fn command(&self, name: &str) -> Option<CommandSig>;
}

/// The variables visible while compiling: names to frame slots.
#[derive(Debug, Default, Clone)]
pub struct Scope {
    /// Hashed with Fx: atoms hash as addresses, and SipHash (the default) was half
    /// of the cost of binding a variable.
    slots: IndexMap<Atom, u16, FxBuildHasher>,
    /// Whether unknown variables may be created by reference (top-level commands).
    pub lenient: bool,
    /// What CLIPS calls the code compiled in this scope when it names an undefined
    /// variable in it (`[PRCCODE3]`): `RHS of defrule`, `deffunction`.
    pub body: Option<&'static str>,
    /// The deffunction whose body this is, which `[PRCCODE5]` names.
    pub function: Option<Atom>,
    /// The first slot the actions bind (those before it hold parameters or pattern
    /// variables, always bound): a read of a later one is checked.
    actions_from: Option<u16>,
    /// The variables the actions bind somewhere: CLIPS accepts a read of one that
    /// comes before its `bind` (and fails at run time if it has no value yet).
    bound_by_actions: Vec<Atom>,
    /// Set for a message-handler's actions: `?self:slot` names a slot of the
    /// active instance.
    pub handler: bool,
    /// Set for a class slot's `default-dynamic`: a global not yet defined is
    /// looked up when the default is evaluated, as CLIPS does.
    pub late_globals: bool,
}

/// The variables `exprs` bind with `bind`, at any depth.
pub fn bind_targets(exprs: &[Expr]) -> Vec<Atom> {
    let mut names = Vec::new();
    for expr in exprs {
        collect_bind_targets(expr, &mut names);
    }
    names
}

/// Adds to `names` the variables `expr` binds with `bind`, at any depth.
fn collect_bind_targets(expr: &Expr, names: &mut Vec<Atom>) {
    let args = match expr {
        Expr::Call(call) => {
            if let (true, Some(Expr::Var(id) | Expr::MfVar(id))) =
                (call.name.name.as_str() == "bind", call.args.first())
            {
                names.push(id.name);
            }
            &call.args
        }
        Expr::List(items, _) => items,
        Expr::Const(..) | Expr::Var(_) | Expr::MfVar(_) | Expr::Global(_) => return,
    };
    for arg in args {
        collect_bind_targets(arg, names);
    }
}

/// What `[PRCCODE3]` calls a rule's actions.
pub const RHS_OF_DEFRULE: &str = "RHS of defrule";

/// What `[PRCCODE3]` calls a deffunction's body.
pub const DEFFUNCTION: &str = "deffunction";

impl Scope {
    /// An empty scope for the code of `body` (see [`Scope::body`]).
    pub fn for_body(body: &'static str) -> Scope {
        Scope {
            body: Some(body),
            ..Scope::default()
        }
    }

    /// Starts the actions `body`: the slots allocated from now on are bound by
    /// them, and a variable `body` binds anywhere may be read before its `bind`.
    pub fn begin_actions(&mut self, body: &[Expr]) {
        self.actions_from = Some(self.slots.len() as u16);
        self.bound_by_actions = bind_targets(body);
    }

    /// Whether slot `slot` is bound by the actions, so may have no value yet.
    fn bound_by_actions(&self, slot: u16) -> bool {
        self.actions_from.is_some_and(|first| slot >= first)
    }

    /// The slot of `name`, if bound.
    pub fn get(&self, name: Atom) -> Option<u16> {
        self.slots.get(&name).copied()
    }

    /// The slot of `name`, allocating one if needed.
    pub fn slot(&mut self, name: Atom) -> u16 {
        let next = self.slots.len() as u16;
        *self.slots.entry(name).or_insert(next)
    }

    /// The number of slots a frame needs.
    pub fn size(&self) -> usize {
        self.slots.len()
    }

    /// The variable names in slot order.
    pub fn names(&self) -> impl Iterator<Item = Atom> + '_ {
        self.slots.keys().copied()
    }
}

/// Compiles expressions against a program and a command table.
pub struct ExprCompiler<'a> {
    /// The symbol tables (mutable: asserting an unknown relation creates its implied template).
    pub program: &'a mut Program,
    /// The environment's commands.
    pub commands: &'a dyn CommandTable,
    /// The variables in scope.
    pub scope: Scope,
    /// Query member variables in scope (for `?f:slot`), each with the end of its
    /// query in the source and what the query ranges over.
    pub(super) query_vars: Vec<(Atom, usize, super::query::QuerySet)>,
    /// In a rule's actions, the fact-address variables known to hold a fact of a
    /// deftemplate, with the template: their `modify` and `duplicate` are checked
    /// as CLIPS checks them (see [`super::lhs::Disjunct::fact_templates`]).
    pub fact_templates: Vec<(Atom, TemplateId)>,
    /// Whether what was compiled names a template, a deffunction or a defglobal: a
    /// top-level command that does holds them while it runs, and `(clear)` is
    /// then refused, as CLIPS counts such commands' constructs as in use.
    pub names_constructs: bool,
    /// The deffunctions the calls compiled so far call, each once.
    pub functions_called: Vec<u32>,
}

type Res<T> = Result<T, Diagnostic>;

fn sym(e: &Expr) -> Option<Atom> {
    match e {
        Expr::Const(Value::Symbol(s), _) => Some(*s),
        _ => None,
    }
}

fn is_sym(e: &Expr, name: &str) -> bool {
    sym(e).is_some_and(|s| s.as_str() == name)
}

impl<'a> ExprCompiler<'a> {
    /// A compiler with the given scope.
    pub fn new(program: &'a mut Program, commands: &'a dyn CommandTable, scope: Scope) -> Self {
        ExprCompiler {
            program,
            commands,
            scope,
            query_vars: Vec::new(),
            fact_templates: Vec::new(),
            names_constructs: false,
            functions_called: Vec::new(),
        }
    }

    /// Compiles a sequence of actions.
    pub fn compile_all(&mut self, exprs: &[Expr]) -> Res<Vec<CExpr>> {
        collect_exact(exprs.iter().map(|e| self.compile(e)))
    }

    /// Compiles one expression.
    pub fn compile(&mut self, expr: &Expr) -> Res<CExpr> {
        match expr {
            Expr::Const(v, _) => Ok(CExpr::Const(v.clone())),
            Expr::Var(id) => self.variable(id.name, id.span, false),
            Expr::MfVar(id) => self.variable(id.name, id.span, true),
            Expr::Global(id) => match self.program.global_id(id.name) {
                Some(g) => {
                    self.names_constructs = true;
                    Ok(CExpr::Global(g))
                }
                None if self.scope.late_globals => Ok(CExpr::Special(
                    Box::new(Special::LateGlobal(id.name)),
                    id.span,
                )),
                None => Err(Diagnostic::new(
                    id.span,
                    format!("undefined global variable `?*{}*`", id.name),
                )
                .with_label("define it with (defglobal ?*name* = value) first")),
            },
            Expr::Call(call) => self.call(call),
            Expr::List(_, span) => Err(Diagnostic::new(*span, "expected a function call")
                .with_label("a list must start with a function name")),
        }
    }

    fn variable(&mut self, name: Atom, span: Span, multifield: bool) -> Res<CExpr> {
        if let Some(slot) = self.self_slot(name) {
            return Ok(CExpr::Special(Box::new(Special::SelfSlot(slot)), span));
        }
        if let Some(slot) = self.instance_member(name) {
            return Ok(CExpr::Special(Box::new(Special::QueryInstance(slot)), span));
        }
        if let Some(slot) = self.scope.get(name) {
            if self.scope.lenient {
                return Ok(CExpr::Special(
                    Box::new(Special::TopLevelVar(slot, name, multifield)),
                    span,
                ));
            }
            if self.scope.bound_by_actions(slot) {
                return Ok(self.action_var(slot, name, span));
            }
            return Ok(CExpr::Local(slot));
        }
        if let Some(slot) = self.query_slot(name, span) {
            return slot;
        }
        if self.scope.lenient {
            let slot = self.scope.slot(name);
            return Ok(CExpr::Special(
                Box::new(Special::TopLevelVar(slot, name, multifield)),
                span,
            ));
        }
        if self.scope.bound_by_actions.contains(&name) {
            let slot = self.scope.slot(name);
            return Ok(self.action_var(slot, name, span));
        }
        let undefined = Diagnostic::new(span, format!("undefined variable `?{name}`"))
            .with_label("this variable is not bound on the LHS or by an earlier bind");
        Err(match self.scope.body {
            Some(body) => undefined.with_clips(messages::procedures::prccode3(name.as_str(), body)),
            None => undefined,
        })
    }

    /// The slot `?self:slot` names, in a message-handler.
    fn self_slot(&self, name: Atom) -> Option<Atom> {
        let slot = name.as_str().strip_prefix("self:")?;
        (self.scope.handler && !slot.is_empty()).then(|| atom(slot))
    }

    /// `(make-instance ...)` and `(initialize-instance ...)`: the instance (name
    /// `of` class, or the instance to initialize) and the slot overrides, each a
    /// list `(slot value...)` that reads as a call.
    fn make_instance(&mut self, call: &Call, initialize: bool) -> Res<CExpr> {
        // The parser has put the arguments in order (see `instance_args`): the
        // name and the class, or the instance; then the overrides as lists.
        let args = &call.args;
        let fixed = if initialize { 1 } else { 2 };
        let name = self.compile(&args[0])?;
        let class = match args.get(1).filter(|_| !initialize) {
            Some(class) => Some(self.class_reference(class)?),
            None if initialize => None,
            None => {
                return Err(Diagnostic::new(call.span, "expected `name of class`")
                    .with_clips(messages::prntutil::prntutil2("make-instance"))
                    .read_to(call.span.end))
            }
        };
        let overrides = self.slot_overrides(args.get(fixed..).unwrap_or_default())?;
        Ok(CExpr::Special(
            Box::new(Special::MakeInstance {
                name,
                class,
                overrides,
            }),
            call.span,
        ))
    }

    /// The slot overrides `(slot value...)` of an instance-making or -changing call,
    /// as the parser has put them.
    fn slot_overrides(&mut self, args: &[Expr]) -> Res<Vec<crate::cool::make::Override>> {
        let mut overrides = Vec::with_capacity(args.len());
        for o in args {
            let Expr::List(items, _) = o else { continue };
            let Some((slot, values)) = items.split_first() else {
                continue;
            };
            overrides.push((self.compile(slot)?, self.compile_all(values)?));
        }
        Ok(overrides)
    }

    /// `(modify-instance ...)`, `(duplicate-instance ...)` and their variants:
    /// the instance, the copy's name for a duplicate, then the overrides.
    fn modify_instance(&mut self, call: &Call) -> Res<CExpr> {
        // The parser has put the arguments in order (see `instance_args`).
        let function = call.name.name;
        let Some(kind) = ModDup::of(function.as_str()) else {
            return self.plain_call(call);
        };
        let args = &call.args;
        let instance = self.compile(&args[0])?;
        let fixed = if kind.duplicate { 2 } else { 1 };
        let name = match args.get(1).filter(|_| kind.duplicate) {
            Some(name) => Some(self.compile(name)?),
            None => None,
        };
        let overrides = self.slot_overrides(args.get(fixed..).unwrap_or_default())?;
        Ok(CExpr::Special(
            Box::new(Special::ModifyInstance {
                function,
                kind,
                instance,
                name,
                overrides,
            }),
            call.span,
        ))
    }

    /// The class of a `make-instance`: a constant class name is looked up now,
    /// as CLIPS does (`ReplaceClassNameWithReference`).
    pub fn class_reference(&mut self, class: &Expr) -> Res<CExpr> {
        if let Expr::Const(Value::Symbol(name), span) = class {
            let classes = &self.program.classes;
            let clips = match classes.id(*name) {
                None => Some(messages::prntutil::prntutil1("class", name.as_str(), true)),
                Some(id) if classes.get(id).abstract_ => {
                    Some(messages::insmngr::insmngr3(name.as_str()))
                }
                Some(_) => None,
            };
            if let Some(clips) = clips {
                return Err(Diagnostic::new(*span, clips.clone())
                    .with_clips(clips)
                    .read_to(span.end));
            }
        }
        self.compile(class)
    }

    /// A read of `name`, in slot `slot` bound by the actions: checked when run.
    fn action_var(&self, slot: u16, name: Atom, span: Span) -> CExpr {
        CExpr::Special(
            Box::new(Special::ActionVar(slot, name, self.scope.function)),
            span,
        )
    }

    fn call(&mut self, call: &Call) -> Res<CExpr> {
        let name = call.name.name;
        let args = &call.args;
        let span = call.span;
        let special = |s: Special| Ok(CExpr::Special(Box::new(s), span));
        match name.as_str() {
            "if" => self.if_form(call),
            "while" => {
                let (cond, rest) = args.split_first().ok_or_else(|| {
                    Diagnostic::new(span, "while needs a condition")
                        .with_label("expected (while condition do action...)")
                })?;
                let body = if rest.first().is_some_and(|e| is_sym(e, "do")) {
                    &rest[1..]
                } else {
                    rest
                };
                let cond = self.compile(cond)?;
                let body = self.compile_all(body)?;
                special(Special::While(cond, body))
            }
            "loop-for-count" => self.loop_for_count(call),
            "foreach" => self.foreach_form(call),
            "progn$" => self.progn_dollar(call),
            "printout" => {
                let (channel, items) = args.split_first().ok_or_else(|| {
                    Diagnostic::new(span, "printout needs a logical name")
                        .with_label("expected (printout t item...)")
                })?;
                let channel = self.compile(channel)?;
                let items = self.compile_all(items)?;
                special(Special::Printout(channel, items))
            }
            "expand$" => {
                let [list] = args.as_slice() else {
                    return Err(Diagnostic::new(span, "expand$ takes one multifield")
                        .with_label("expected (expand$ list)"));
                };
                special(Special::Expand(self.compile(list)?))
            }
            "sort" => {
                check_arity(name, call, 1, None)?;
                special(Special::Sort(self.compile_all(args)?))
            }
            "switch" => self.switch(call),
            "bind" => self.bind(call),
            "and" | "or" => {
                let args = self.compile_all(args)?;
                check_arity(name, call, 2, None)?;
                special(if name.as_str() == "and" {
                    Special::And(args)
                } else {
                    Special::Or(args)
                })
            }
            "progn" => special(Special::Progn(self.compile_all(args)?)),
            "timer" => special(Special::Timer(self.compile_all(args)?)),
            "return" => {
                let value = args.first().map(|e| self.compile(e)).transpose()?;
                special(Special::Return(value))
            }
            "break" => special(Special::Break),
            "assert" => {
                // The parser has made sure of at least one fact, each a list.
                let facts = collect_exact(args.iter().map(|a| {
                    match a {
                        Expr::Call(c) => self.fact_from_call(c),
                        other => Err(Diagnostic::new(other.span(), "expected a fact to assert")
                            .with_label("expected (relation field...)")),
                    }
                }))?;
                special(Special::Assert(facts))
            }
            "modify" | "duplicate" => self.modify(call, name.as_str() == "duplicate"),
            "make-instance" => self.make_instance(call, false),
            "initialize-instance" => self.make_instance(call, true),
            function if ModDup::of(function).is_some() => self.modify_instance(call),
            _ => match QueryKind::of(name.as_str()) {
                Some((set, kind)) => self.query(call, set, kind),
                None => self.plain_call(call),
            },
        }
    }

    fn plain_call(&mut self, call: &Call) -> Res<CExpr> {
        let name = call.name.name;
        let Some((callee, min, max)) = resolve(self.program, self.commands, name) else {
            return Err(
                Diagnostic::new(call.name.span, format!("unknown function `{name}`"))
                    .with_label("no built-in, deffunction or command has this name")
                    .with_clips(messages::exprnpsr::exprnpsr3(name.as_str()))
                    .read_to(call.name.span.end),
            );
        };
        self.names_constructs |= matches!(callee, Callee::Function(_) | Callee::Generic(_));
        if let Callee::Function(id) = callee {
            if !self.functions_called.contains(&id) {
                self.functions_called.push(id);
            }
        }
        // As CLIPS, the arguments first, then their count and the types of those
        // whose type is known: constants and calls.
        let mut args = self.compile_all(&call.args)?;
        if self.program.sequence_operators {
            // `$?x` spreads its fields into separate arguments.
            for (arg, source) in args.iter_mut().zip(&call.args) {
                if let Expr::MfVar(id) = source {
                    let list = std::mem::replace(arg, CExpr::Const(Value::Void));
                    *arg = CExpr::Special(Box::new(Special::Expand(list)), id.span);
                }
            }
        }
        let args = args.into_boxed_slice();
        if args
            .iter()
            .any(|a| matches!(a, CExpr::Special(s, _) if matches!(**s, Special::Expand(_))))
        {
            // `(expand$ ...)` makes the count known only at run time.
        } else {
            check_arity(name, call, min, max)?;
            self.check_argument_types(callee, call, &args)?;
        }
        Ok(CExpr::Call(Box::new(CallExpr {
            callee,
            name,
            args,
            span: call.span,
        })))
    }

    /// Checks the arguments of a call of `callee` whose types are known before it
    /// runs against the types the function takes (CLIPS's
    /// `CheckExpressionAgainstRestrictions`).
    fn check_argument_types(&self, callee: Callee, call: &Call, args: &[CExpr]) -> Res<()> {
        let restrictions = match callee {
            Callee::Builtin(b) => b.restrictions,
            Callee::Command(_) => match self.commands.command(call.name.name.as_str()) {
                Some(sig) => sig.restrictions,
                None => return Ok(()),
            },
            Callee::Function(_) | Callee::Generic(_) | Callee::Udf(_) => return Ok(()),
        };
        for (index, (arg, source)) in args.iter().zip(&call.args).enumerate() {
            let expected = Types::of_argument(restrictions, index);
            if !expected.meets(self.value_types(arg)) {
                let name = call.name.name;
                return Err(Diagnostic::new(
                    source.span(),
                    format!("argument #{} of `{name}` has the wrong type", index + 1),
                )
                .with_label(format!("`{name}` expects {} here", expected.describe()))
                .with_clips(messages::args::argacces2(
                    name.as_str(),
                    index,
                    &expected.describe(),
                ))
                .read_to(call.span.end));
            }
        }
        Ok(())
    }

    /// The types of value `arg` may have: a constant's own, those a call returns,
    /// any for a variable.
    fn value_types(&self, arg: &CExpr) -> Types {
        let codes = match arg {
            CExpr::Const(value) => return Types::of_value(value),
            CExpr::Call(call) => match call.callee {
                Callee::Builtin(b) => b.returns,
                Callee::Command(_) => self
                    .commands
                    .command(call.name.as_str())
                    .map_or("*", |sig| sig.returns),
                Callee::Function(_) | Callee::Generic(_) | Callee::Udf(_) => "*",
            },
            CExpr::Special(special, _) => match **special {
                Special::Printout(..) => "v",
                _ => special
                    .clips_name()
                    .and_then(special_forms::lookup)
                    .map_or("*", |form| form.returns),
            },
            CExpr::Local(_) | CExpr::Global(_) => "*",
        };
        Types::of_codes(codes)
    }

    fn if_form(&mut self, call: &Call) -> Res<CExpr> {
        let args = &call.args;
        let cond = args.first().ok_or_else(|| {
            Diagnostic::new(call.span, "if needs a condition")
                .with_label("expected (if condition then action... [else action...])")
        })?;
        if !args.get(1).is_some_and(|e| is_sym(e, "then")) {
            let at = args.get(1).map_or(call.span, |e| e.span());
            return Err(Diagnostic::new(at, "missing `then` in if")
                .with_label("expected `then` after the condition")
                .with_clips(prntutil::prntutil2("if function"))
                // CLIPS stops at the token after the condition: a call's `(`.
                .read_to(match args.get(1) {
                    Some(Expr::Call(_) | Expr::List(..)) => at.start + 1,
                    _ => at.end,
                }));
        }
        let rest = &args[2..];
        let else_at = rest.iter().position(|e| is_sym(e, "else"));
        let (then_part, else_part) = match else_at {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &rest[rest.len()..]),
        };
        let cond = self.compile(cond)?;
        let then_part = self.compile_all(then_part)?;
        let else_part = self.compile_all(else_part)?;
        Ok(CExpr::Special(
            Box::new(Special::If(cond, then_part, else_part)),
            call.span,
        ))
    }

    fn loop_for_count(&mut self, call: &Call) -> Res<CExpr> {
        let args = &call.args;
        let spec = args.first().ok_or_else(|| {
            Diagnostic::new(call.span, "loop-for-count needs a range")
                .with_label("expected (loop-for-count (?var start end) do action...)")
        })?;
        let (var, start, end) = match spec {
            Expr::List(items, list_span) => match items.as_slice() {
                [Expr::Var(v), end] => (
                    Some(v.name),
                    CExpr::Const(Value::Integer(1)),
                    self.compile(end)?,
                ),
                [Expr::Var(v), start, end] => {
                    (Some(v.name), self.compile(start)?, self.compile(end)?)
                }
                _ => {
                    return Err(
                        Diagnostic::new(*list_span, "malformed loop-for-count range")
                            .with_label("expected (?var start end) or (?var end)"),
                    )
                }
            },
            other => (None, CExpr::Const(Value::Integer(1)), self.compile(other)?),
        };
        let var = var.map(|v| self.scope.slot(v));
        let body = if args.get(1).is_some_and(|e| is_sym(e, "do")) {
            &args[2..]
        } else {
            &args[1..]
        };
        let body = self.compile_all(body)?;
        Ok(CExpr::Special(
            Box::new(Special::LoopForCount {
                var,
                start,
                end,
                body,
            }),
            call.span,
        ))
    }

    fn foreach(&mut self, var: Atom, list: CExpr, body: &[Expr], span: Span) -> Res<CExpr> {
        let var_slot = self.scope.slot(var);
        let index = self.scope.slot(atom(&format!("{var}-index")));
        let body = self.compile_all(body)?;
        Ok(CExpr::Special(
            Box::new(Special::Foreach {
                var: var_slot,
                index,
                list,
                body,
            }),
            span,
        ))
    }

    fn switch(&mut self, call: &Call) -> Res<CExpr> {
        let subject = call.args.first().ok_or_else(|| {
            Diagnostic::new(call.span, "switch needs a value")
                .with_label("expected (switch value (case v then action...) ...)")
        })?;
        let subject = self.compile(subject)?;
        let mut cases = Vec::new();
        let mut default = None;
        for clause in &call.args[1..] {
            let c = match clause {
                Expr::Call(c) => c,
                other => {
                    return Err(
                        Diagnostic::new(other.span(), "expected a case or default clause")
                            .with_label(
                                "expected (case value then action...) or (default action...)",
                            ),
                    )
                }
            };
            match c.name.name.as_str() {
                "case" => {
                    let value = c.args.first().ok_or_else(|| {
                        Diagnostic::new(c.span, "case needs a value")
                            .with_label("expected (case value then action...)")
                    })?;
                    if !c.args.get(1).is_some_and(|e| is_sym(e, "then")) {
                        return Err(Diagnostic::new(c.span, "missing `then` in case")
                            .with_label("expected (case value then action...)"));
                    }
                    let value = self.compile(value)?;
                    cases.push((value, self.compile_all(&c.args[2..])?));
                }
                "default" => default = Some(self.compile_all(&c.args)?),
                other => {
                    return Err(Diagnostic::new(
                        c.name.span,
                        format!("unexpected `{other}` in switch"),
                    )
                    .with_label("expected `case` or `default`"))
                }
            }
        }
        Ok(CExpr::Special(
            Box::new(Special::Switch(subject, cases, default)),
            call.span,
        ))
    }

    fn bind(&mut self, call: &Call) -> Res<CExpr> {
        let values = self.compile_all(call.args.get(1..).unwrap_or(&[]))?;
        if let Some(Expr::Var(id) | Expr::MfVar(id)) = call.args.first() {
            if let Some(slot) = self.self_slot(id.name) {
                return Ok(CExpr::Special(
                    Box::new(Special::SelfSlotPut(slot, values)),
                    call.span,
                ));
            }
        }
        let target = match call.args.first() {
            Some(Expr::Var(id)) if self.scope.handler && id.name.as_str() == "self" => {
                let clips = messages::msgpsr::msgpsr5();
                return Err(
                    Diagnostic::new(id.span, "a handler cannot bind ?self").with_clips(clips)
                );
            }
            Some(Expr::Var(id)) | Some(Expr::MfVar(id)) => {
                let slot = self.scope.slot(id.name);
                let unbinds = self.scope.lenient || self.scope.bound_by_actions(slot);
                if unbinds && values.is_empty() {
                    BindTarget::Unbind(slot)
                } else {
                    BindTarget::Local(slot)
                }
            }
            Some(Expr::Global(id)) => match self.program.global_id(id.name) {
                Some(g) => {
                    self.names_constructs = true;
                    BindTarget::Global(g)
                }
                None => {
                    return Err(Diagnostic::new(
                        id.span,
                        format!("undefined global variable `?*{}*`", id.name),
                    )
                    .with_label("define it with (defglobal ?*name* = value) first"))
                }
            },
            other => {
                // CLIPS stops at the token where the variable should be.
                let read_to = match other {
                    Some(list @ (Expr::Call(_) | Expr::List(..))) => list.span().start + 1,
                    Some(token) => token.span().end,
                    None => call.span.end,
                };
                return Err(Diagnostic::new(call.span, "bind needs a variable")
                    .with_label("expected (bind ?var value...)")
                    .with_clips(prntutil::prntutil2("bind function"))
                    .read_to(read_to));
            }
        };
        Ok(CExpr::Special(
            Box::new(Special::Bind(target, values)),
            call.span,
        ))
    }

    /// Compiles a fact written as a call, as in `(assert (point (x 1) (y 2)))`.
    pub fn fact_from_call(&mut self, call: &Call) -> Res<FactBuild> {
        let spec = FactSpec {
            relation: call.name,
            items: call.args.clone(),
            span: call.span,
        };
        self.fact(&spec)
    }

    /// Compiles a fact specification against its template.
    pub fn fact(&mut self, spec: &FactSpec) -> Res<FactBuild> {
        let relation = spec.relation.name;
        let template = self
            .program
            .template_named(relation)
            .map_err(|e| e.at(spec.relation.span))?;
        self.names_constructs = true;
        let implied = self.program.template(template).implied;
        let fields = if implied {
            FactFields::Ordered(
                (self.compile_all(&strip_eq_markers(&spec.items))?).into_boxed_slice(),
            )
        } else {
            let mut slots: Vec<(usize, Box<[CExpr]>)> = Vec::new();
            for item in &spec.items {
                let Expr::Call(c) = item else {
                    let read_to = match item {
                        Expr::List(_, span) => span.start + 1,
                        other => other.span().end,
                    };
                    return Err(Diagnostic::new(
                        item.span(),
                        format!("expected a slot of template `{relation}`"),
                    )
                    .with_label(format!(
                        "expected (slot value) with a slot of: {}",
                        self.program.template(template).slot_names()
                    ))
                    .with_clips(prntutil::prntutil2("deftemplate pattern"))
                    .read_to(read_to));
                };
                let t = self.program.template(template);
                let Some(index) = t.slot_index(c.name.name) else {
                    return Err(Diagnostic::new(
                        c.name.span,
                        format!("unknown slot `{}` in template `{relation}`", c.name.name),
                    )
                    .with_label(format!("expected one of: {}", t.slot_names()))
                    .with_clips(templates::tmpltdef1(
                        c.name.name.as_str(),
                        relation.as_str(),
                        true,
                    ))
                    .read_to(c.name.span.end));
                };
                if slots.iter().any(|(i, _)| *i == index) {
                    return Err(Diagnostic::new(
                        c.name.span,
                        format!("slot `{}` given twice", c.name.name),
                    )
                    .with_label("each slot may appear once")
                    .with_clips(prntutil::prntutil5("slot ", Some(c.name.name.as_str())))
                    .read_to(c.name.span.end));
                }
                let values = strip_eq_markers(&c.args);
                let slot = &t.slots[index];
                if !slot.multi && values.len() != 1 {
                    let read_to = match values.get(1) {
                        Some(Expr::Call(extra)) => extra.span.start + 1,
                        Some(extra) => extra.span().end,
                        None => c.span.end,
                    };
                    return Err(Diagnostic::new(
                        c.span,
                        format!(
                            "single-field slot `{}` needs exactly one value",
                            c.name.name
                        ),
                    )
                    .with_label("use a multislot to hold several values")
                    .with_clips(templates::tmpltdef2(c.name.name.as_str()))
                    .read_to(read_to));
                }
                if let Some((value, violation)) = literal_violation(slot, &values) {
                    return Err(Diagnostic::new(
                        c.span,
                        format!(
                            "slot `{}` of template `{relation}` cannot hold {}",
                            c.name.name,
                            value.repr()
                        ),
                    )
                    .with_label(slot.constraint.explain(&value, &violation))
                    .with_clips(constraints::cstrnchk1_literal(
                        "assert",
                        c.name.name.as_str(),
                        &violation,
                    ))
                    .read_to(c.span.end));
                }
                let multi = slot.multi;
                let compiled = self.compile_all(&values)?;
                // A call that can only return a multifield, as CLIPS knows from the
                // function's return type.
                let multifield_only = |one: &CExpr| {
                    matches!(one, CExpr::Call(_)) && self.value_types(one) == Types::of_codes("m")
                };
                if !multi && compiled.first().is_some_and(multifield_only) {
                    return Err(Diagnostic::new(
                        c.span,
                        format!(
                            "single-field slot `{}` is given a call that returns a multifield",
                            c.name.name
                        ),
                    )
                    .with_label("use a multislot to hold several values")
                    .with_clips(templates::tmpltdef2(c.name.name.as_str()))
                    // What CLIPS has read: the call, up to its own `)`.
                    .read_to(values.first().map_or(c.span.end, |v| v.span().end - 1)));
                }
                slots.push((index, compiled.into_boxed_slice()));
            }
            let t = self.program.template(template);
            let missing = t.slots.iter().enumerate().find(|(index, slot)| {
                matches!(slot.default, SlotDefault::Required)
                    && !slots.iter().any(|(given, _)| given == index)
            });
            if let Some((_, slot)) = missing {
                return Err(Diagnostic::new(
                    spec.span,
                    format!(
                        "slot `{}` of template `{relation}` needs a value: it has no default",
                        slot.name
                    ),
                )
                .with_label(format!("give it a value, e.g. `({} ...)`", slot.name))
                .with_clips(templates::tmpltrhs1(slot.name.as_str()))
                .read_to(spec.span.end));
            }
            FactFields::Slots(slots.into_boxed_slice())
        };
        Ok(FactBuild {
            template,
            fields,
            span: spec.span,
        })
    }

    fn modify(&mut self, call: &Call, duplicate: bool) -> Res<CExpr> {
        let fact = call.args.first().ok_or_else(|| {
            Diagnostic::new(call.span, format!("{} needs a fact", call.name.name))
                .with_label("expected a fact-address variable or a fact index")
        })?;
        let known = match fact {
            Expr::Var(v) => {
                (self.fact_templates.iter()).find_map(|(name, t)| (*name == v.name).then_some(*t))
            }
            _ => None,
        };
        let fact = self.compile(fact)?;
        let mut slots = Vec::with_capacity(call.args.len() - 1);
        for item in &call.args[1..] {
            let Expr::Call(c) = item else {
                return Err(Diagnostic::new(item.span(), "expected a slot modification")
                    .with_label("expected (slot value...)"));
            };
            let values = strip_eq_markers(&c.args);
            let compiled = self.compile_all(&values)?;
            if let Some(template) = known {
                let multifield_only = matches!(compiled.as_slice(), [one @ CExpr::Call(_)]
                    if self.value_types(one) == Types::of_codes("m"));
                let what = call.name.name.as_str();
                let t = self.program.template(template);
                super::modify_check::check_slot_change(t, what, c, &values, multifield_only)?;
            }
            slots.push((c.name.name, c.name.span, compiled));
        }
        Ok(CExpr::Special(
            Box::new(Special::Modify {
                fact,
                slots,
                duplicate,
            }),
            call.span,
        ))
    }
}

/// The constraint of `slot` the constants among `values` (the expressions given
/// for it) break, as CLIPS checks them when it reads them: their number against
/// the cardinality when all are constants, then each constant. The value found
/// at fault comes with the violation.
pub(super) fn literal_violation(
    slot: &super::template::Slot,
    values: &[Expr],
) -> Option<(Value, super::template::Violation)> {
    let constants = Expr::constant_values(values);
    let counted = slot.multi && constants.len() == values.len();
    let all = Value::multifield(constants);
    let violation = slot.constraint.check_slot_value(&all, counted).err()?;
    let at = all
        .as_slice()
        .iter()
        .find(|v| slot.constraint.check(v).is_err())
        .cloned()
        .unwrap_or(all);
    Some((at, violation))
}

/// Slot values and the fields of an ordered fact in actions and deffacts may be
/// written `=(expr)`, an old CLIPS form meaning just `(expr)`: drops the `=` markers.
fn strip_eq_markers(args: &[Expr]) -> Vec<Expr> {
    let mut out = Vec::with_capacity(args.len());
    for (i, a) in args.iter().enumerate() {
        let marker = matches!(a, Expr::Const(Value::Symbol(s), _) if s.as_str() == "=");
        if marker && matches!(args.get(i + 1), Some(Expr::Call(_))) {
            continue;
        }
        out.push(a.clone());
    }
    out
}

/// What a call of `name` calls, with its least and most argument counts: a
/// deffunction the current module sees, else a generic function, else a function the
/// embedding program defined, else a command, else a built-in (the order in which a
/// compiled call and `funcall` look names up).
pub fn resolve(
    program: &Program,
    commands: &dyn CommandTable,
    name: Atom,
) -> Option<(Callee, usize, Option<usize>)> {
    if let Some(id) = program.function_id(name) {
        let f = &program.functions[id as usize];
        Some((
            Callee::Function(id),
            f.params,
            if f.rest { None } else { Some(f.params) },
        ))
    } else if let Some(id) = program.generic_id(name) {
        Some((Callee::Generic(id), 0, None))
    } else if let Some(id) = program.udfs.id(name) {
        let udf = program.udfs.get(id);
        Some((Callee::Udf(id), udf.min_args, udf.max_args))
    } else if let Some(sig) = commands.command(name.as_str()) {
        Some((Callee::Command(sig.id), sig.min_args, sig.max_args))
    } else {
        crate::functions::lookup(name.as_str())
            .map(|b| (Callee::Builtin(b), b.min_args, b.max_args))
    }
}

/// Checks the number of arguments of a call of `name`, which takes from `min` to
/// `max`: CLIPS's `[ARGACCES1]` when it is wrong, found once the whole call is read.
fn check_arity(name: Atom, call: &Call, min: usize, max: Option<usize>) -> Res<()> {
    let n = call.args.len();
    let Some(clips) = messages::args::argacces1(name.as_str(), min, max, n) else {
        return Ok(());
    };
    let expected = match max {
        Some(max) if max == min => format!("exactly {min}"),
        Some(max) => format!("from {min} to {max}"),
        None => format!("at least {min}"),
    };
    let plural = if max == Some(1) || (max.is_none() && min == 1) || (max == Some(min) && min == 1)
    {
        ""
    } else {
        "s"
    };
    Err(Diagnostic::new(
        call.span,
        format!("wrong number of arguments to `{name}`: {n} given"),
    )
    .with_label(format!("`{name}` expects {expected} argument{plural}"))
    .with_clips(clips)
    .read_to(call.span.end))
}
