//! The abstract syntax of CLIPS constructs and expressions.
//!
//! The parser builds these from s-expressions without consulting the environment;
//! questions that need it (is `car` a deftemplate? is `(colour red)` a slot or a
//! function call?) are answered by `compile`, which has the templates at hand.
//! Every node keeps its [`Span`] so that later errors can point at the source.

use super::span::Span;
use super::Diagnostic;
use crate::value::{Atom, Value};

/// A name and where it was written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ident {
    /// The name (module-qualified names such as `MAIN::foo` are kept whole).
    pub name: Atom,
    /// Where it was written.
    pub span: Span,
}

/// An expression: a constant, a variable or a function call.
///
/// Special forms (`if`, `while`, `bind`, `switch`, `foreach`, ...) are ordinary
/// [`Expr::Call`]s here, their keywords (`then`, `else`, `do`, `case`, ...) plain
/// symbol constants among the arguments; `compile` gives them their meaning.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A literal value.
    Const(Value, Span),
    /// A single-field variable `?x`.
    Var(Ident),
    /// A multifield variable `$?x`.
    MfVar(Ident),
    /// A global variable `?*x*`.
    Global(Ident),
    /// A function call `(name args...)`.
    Call(Call),
    /// A parenthesised list whose head is not a symbol, such as `(?i 1 10)` in
    /// `loop-for-count` or `((?f point))` in a fact-set query: special forms give it
    /// meaning; anywhere else it is an error reported by `compile`.
    List(Vec<Expr>, Span),
}

impl Expr {
    /// The values of the constants among `exprs`, in order (CLIPS checks the
    /// constants of a slot's values when it reads them).
    pub fn constant_values(exprs: &[Expr]) -> Vec<Value> {
        (exprs.iter())
            .filter_map(|e| match e {
                Expr::Const(value, _) => Some(value.clone()),
                _ => None,
            })
            .collect()
    }

    /// Where the expression is in the source.
    pub fn span(&self) -> Span {
        match self {
            Expr::Const(_, span) => *span,
            Expr::Var(id) | Expr::MfVar(id) | Expr::Global(id) => id.span,
            Expr::Call(call) => call.span,
            Expr::List(_, span) => *span,
        }
    }
}

/// A function call `(name args...)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    /// The function's name.
    pub name: Ident,
    /// The arguments, unevaluated.
    pub args: Vec<Expr>,
    /// The whole call, parentheses included.
    pub span: Span,
}

/// A top-level form: a construct to define, or a command to execute.
#[derive(Clone, Debug, PartialEq)]
pub enum TopLevel {
    /// `(deftemplate ...)`, `(defrule ...)`, ... Boxed: a construct is 256 bytes and
    /// a command 64, and a file's constructs wait in one list while they are defined
    /// one by one (each freed once defined; the list only at the end).
    Construct(Box<Construct>),
    /// Anything else, e.g. `(reset)` or `(printout t "hi" crlf)`, or a lone token.
    Command(Expr),
}

/// A construct definition.
#[derive(Clone, Debug, PartialEq)]
pub enum Construct {
    /// `(deftemplate ...)`
    Template(Deftemplate),
    /// `(deffacts ...)`
    Facts(Deffacts),
    /// `(defrule ...)`
    Rule(Defrule),
    /// `(deffunction ...)`
    Function(Deffunction),
    /// `(defglobal ...)`
    Global(Defglobal),
    /// `(defmodule ...)`
    Module(Defmodule),
    /// `(defhypothesis ...)`, a Salience extension (see `docs/hypothetical-reasoning.md`)
    Hypothesis(Defhypothesis),
    /// `(defclass ...)`
    Class(Defclass),
    /// `(defmessage-handler ...)`
    Handler(Defhandler),
    /// `(definstances ...)`
    Instances(Definstances),
    /// `(defgeneric ...)`
    Generic(Defgeneric),
    /// `(defmethod ...)`
    Method(Defmethod),
}

impl Construct {
    /// Where the construct is in the source.
    pub fn span(&self) -> Span {
        match self {
            Construct::Template(c) => c.span,
            Construct::Facts(c) => c.span,
            Construct::Rule(c) => c.span,
            Construct::Function(c) => c.span,
            Construct::Global(c) => c.span,
            Construct::Module(c) => c.span,
            Construct::Hypothesis(c) => c.span,
            Construct::Class(c) => c.span,
            Construct::Handler(c) => c.span,
            Construct::Instances(c) => c.span,
            Construct::Generic(c) => c.span,
            Construct::Method(c) => c.span,
        }
    }
}

/// `(deftemplate name ["comment"] (slot ...) (multislot ...) ...)`
#[derive(Clone, Debug, PartialEq)]
pub struct Deftemplate {
    /// The template's name.
    pub name: Ident,
    /// The optional comment string.
    pub comment: Option<String>,
    /// The slots in order.
    pub slots: Vec<SlotDef>,
    /// The whole construct.
    pub span: Span,
}

/// One `(slot ...)` or `(multislot ...)` of a deftemplate.
#[derive(Clone, Debug, PartialEq)]
pub struct SlotDef {
    /// The slot's name.
    pub name: Ident,
    /// `true` for `multislot`.
    pub multi: bool,
    /// How the slot gets a value when an assert gives none.
    pub default: DefaultSpec,
    /// `(type ...)`: the allowed type names (SYMBOL, STRING, LEXEME, INTEGER, FLOAT,
    /// NUMBER, FACT-ADDRESS, ...); empty means any type (`?VARIABLE`).
    pub types: Vec<Ident>,
    /// `(allowed-symbols ...)`, `(allowed-values ...)`, ...: the allowed values, if restricted.
    pub allowed: Option<AllowedValues>,
    /// Further `allowed-...` attributes of other kinds: CLIPS accepts several on one
    /// slot (e.g. `allowed-symbols` with `allowed-integers`), each restricting only
    /// values of its own type. Empty unless `allowed` holds the first of several.
    pub also_allowed: Vec<AllowedValues>,
    /// `(range min max)`; `None` bounds are `?VARIABLE`.
    pub range: Option<(Option<Value>, Option<Value>)>,
    /// `(cardinality min max)` of a multislot; `None` bounds are `?VARIABLE`.
    pub cardinality: Option<(Option<i64>, Option<i64>)>,
    /// The user's facets, in order: `(facet name value)` gives the value,
    /// `(multifacet name value...)` a multifield of them.
    pub facets: Vec<(Ident, Value)>,
    /// The whole slot definition.
    pub span: Span,
}

/// An `allowed-...` attribute of a slot.
#[derive(Clone, Debug, PartialEq)]
pub struct AllowedValues {
    /// Which attribute: `allowed-symbols`, `allowed-strings`, `allowed-lexemes`,
    /// `allowed-integers`, `allowed-floats`, `allowed-numbers` or `allowed-values`.
    pub kind: Atom,
    /// The listed values.
    pub values: Vec<Value>,
    /// The attribute's span.
    pub span: Span,
}

/// The `(default ...)` or `(default-dynamic ...)` of a slot.
#[derive(Clone, Debug, PartialEq)]
pub enum DefaultSpec {
    /// No default attribute, or `(default ?DERIVE)`: derived from the constraints
    /// (`nil`, `0`, the first allowed value, the empty multifield, ...).
    Derive,
    /// `(default ?NONE)`: an assert must give the slot.
    Required,
    /// `(default expr...)`: evaluated once, when the template is defined.
    Static(Vec<Expr>),
    /// `(default-dynamic expr...)`: evaluated at every assert that omits the slot.
    Dynamic(Vec<Expr>),
}

/// `(deffacts name ["comment"] fact...)`
#[derive(Clone, Debug, PartialEq)]
pub struct Deffacts {
    /// The name.
    pub name: Ident,
    /// The optional comment.
    pub comment: Option<String>,
    /// The facts asserted at each `(reset)`.
    pub facts: Vec<FactSpec>,
    /// The whole construct.
    pub span: Span,
}

/// A fact to assert, as written in `deffacts` or `(assert ...)`:
/// `(relation item...)`.
///
/// Whether `relation` is a deftemplate (and the items slot assignments) or an
/// ordered fact (and the items fields) is decided by `compile`: each item that is
/// an `Expr::Call` is a slot assignment `(slot value...)` when `relation` names a
/// deftemplate, and a function call producing a field otherwise.
#[derive(Clone, Debug, PartialEq)]
pub struct FactSpec {
    /// The first symbol.
    pub relation: Ident,
    /// The items after it.
    pub items: Vec<Expr>,
    /// The whole fact.
    pub span: Span,
}

/// `(defrule name ["comment"] [(declare ...)] ce... => action...)`
#[derive(Clone, Debug, PartialEq)]
pub struct Defrule {
    /// The rule's name.
    pub name: Ident,
    /// The optional comment.
    pub comment: Option<String>,
    /// `(declare (salience expr))`: a constant or, for dynamic salience, an expression.
    pub salience: Option<Expr>,
    /// `(declare (auto-focus TRUE|FALSE))`.
    pub auto_focus: Option<bool>,
    /// The conditional elements, in order.
    pub lhs: Vec<Ce>,
    /// The actions after `=>`.
    pub rhs: Vec<Expr>,
    /// The whole construct.
    pub span: Span,
}

/// A conditional element of a rule's left-hand side.
#[derive(Clone, Debug, PartialEq)]
pub enum Ce {
    /// A pattern, optionally bound: `?f <- (relation ...)`.
    Pattern(Pattern),
    /// `(test expr)`
    Test(Expr, Span),
    /// `(not ce)`
    Not(Box<Ce>, Span),
    /// `(and ce...)`
    And(Vec<Ce>, Span),
    /// `(or ce...)`
    Or(Vec<Ce>, Span),
    /// `(exists ce...)`
    Exists(Vec<Ce>, Span),
    /// `(forall first-ce ce...)`
    Forall(Vec<Ce>, Span),
    /// `(logical ce...)`
    Logical(Vec<Ce>, Span),
}

impl Ce {
    /// Where the CE is in the source.
    pub fn span(&self) -> Span {
        match self {
            Ce::Pattern(p) => p.span,
            Ce::Test(_, s)
            | Ce::Not(_, s)
            | Ce::And(_, s)
            | Ce::Or(_, s)
            | Ce::Exists(_, s)
            | Ce::Forall(_, s)
            | Ce::Logical(_, s) => *s,
        }
    }
}

/// A pattern `(relation ...)`, possibly bound to a fact-address variable.
#[derive(Clone, Debug, PartialEq)]
pub struct Pattern {
    /// `?f` of `?f <- (...)`.
    pub binding: Option<Ident>,
    /// The first symbol: a deftemplate name or an ordered fact's relation.
    pub relation: Ident,
    /// What follows the relation.
    pub body: PatternBody,
    /// The pattern itself (without the binding).
    pub span: Span,
}

/// The constraints of a pattern.
#[derive(Clone, Debug, PartialEq)]
pub enum PatternBody {
    /// Field constraints of an ordered fact, e.g. `(point ?x 3)`; also an empty pattern.
    Ordered(Vec<Constraint>),
    /// Slot constraints of a deftemplate fact, e.g. `(car (color red) (size ?s))`.
    Slots(Vec<SlotConstraint>),
}

/// `(slot constraint...)` in a deftemplate pattern; a multislot may hold several.
#[derive(Clone, Debug, PartialEq)]
pub struct SlotConstraint {
    /// The slot named.
    pub slot: Ident,
    /// One constraint per field (exactly one for a single-field slot).
    pub fields: Vec<Constraint>,
    /// The whole `(slot ...)` list.
    pub span: Span,
}

/// A constraint on one field: `|`-separated alternatives, each a group of
/// `&`-connected terms.
///
/// CLIPS precedence: `~` binds tightest, then `&`, then `|`; so
/// `?x&red|blue&~green` is `[[?x, red], [blue, ~green]]`. A variable leading the
/// first group names the field whichever alternative matches (and, bound earlier,
/// is required besides them), unless `|` follows it at once.
#[derive(Clone, Debug, PartialEq)]
pub struct Constraint {
    /// The alternatives, each a conjunction of terms.
    pub any: Vec<Vec<Term>>,
    /// The whole constraint.
    pub span: Span,
}

/// One term of a constraint, possibly negated with `~`.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// `true` when written `~term`.
    pub negated: bool,
    /// What the term tests.
    pub kind: TermKind,
    /// The term, `~` included.
    pub span: Span,
}

/// What a constraint term tests or binds.
#[derive(Clone, Debug, PartialEq)]
pub enum TermKind {
    /// A literal: the field must equal it.
    Literal(Value),
    /// `?x`: binds, or tests against an earlier binding.
    Var(Atom),
    /// `$?x`: binds zero or more fields, or tests against an earlier binding.
    MfVar(Atom),
    /// `?`: any one field.
    Wildcard,
    /// `$?`: any number of fields.
    MfWildcard,
    /// `:(expr)`: the expression must not be FALSE (boxed: most terms are
    /// literals and variables, and an inline call made every term 96 bytes).
    Predicate(Box<Expr>),
    /// `=(expr)`: the field must equal the expression's value.
    ReturnValue(Box<Expr>),
}

/// `(deffunction name ["comment"] (?param... [$?rest]) action...)`
#[derive(Clone, Debug, PartialEq)]
pub struct Deffunction {
    /// The name.
    pub name: Ident,
    /// The optional comment.
    pub comment: Option<String>,
    /// The single-field parameters.
    pub params: Vec<Ident>,
    /// The wildcard parameter `$?rest` that collects the remaining arguments.
    pub rest: Option<Ident>,
    /// The actions; the value of the last is returned.
    pub body: Vec<Expr>,
    /// The whole construct.
    pub span: Span,
}

/// `(defgeneric name ["comment"])`
#[derive(Clone, Debug, PartialEq)]
pub struct Defgeneric {
    /// The name.
    pub name: Ident,
    /// The optional comment.
    pub comment: Option<String>,
    /// The whole construct.
    pub span: Span,
}

/// `(defmethod name [index] ["comment"] (parameter... [wildcard]) action...)`
#[derive(Clone, Debug, PartialEq)]
pub struct Defmethod {
    /// The generic function's name.
    pub name: Ident,
    /// The method index asked for, if any (from 1).
    pub index: Option<u32>,
    /// The single-field parameters, with their restrictions.
    pub params: Vec<MethodParam>,
    /// The wildcard parameter `$?rest`, with the restriction each remaining
    /// argument must meet.
    pub rest: Option<MethodParam>,
    /// Where the parameter list is (errors found before CLIPS reads it stop at its `(`).
    pub params_at: Span,
    /// The actions; the value of the last is returned.
    pub body: Vec<Expr>,
    /// The whole construct.
    pub span: Span,
}

/// A method parameter: `?x`, or `(?x CLASS... [query])`.
#[derive(Clone, Debug, PartialEq)]
pub struct MethodParam {
    /// The variable.
    pub name: Ident,
    /// The classes an argument must belong to (one of them), none for any.
    pub classes: Vec<Ident>,
    /// The query an argument must make true, if any (`?current-argument` names
    /// the argument tested).
    pub query: Option<Expr>,
}

/// `(defglobal [module] ?*name* = expr ...)`
#[derive(Clone, Debug, PartialEq)]
pub struct Defglobal {
    /// The module named after `defglobal`, if any.
    pub module: Option<Ident>,
    /// The globals and their initial-value expressions.
    pub globals: Vec<(Ident, Expr)>,
    /// The error that ended the construct after `globals`, if any: CLIPS defines
    /// the globals before it, then reports it.
    pub error: Option<Box<DefglobalError>>,
    /// The whole construct.
    pub span: Span,
}

/// The error that ended a defglobal.
#[derive(Clone, Debug, PartialEq)]
pub struct DefglobalError {
    /// Whether the global the error is in was named (CLIPS had read its
    /// `?*name*`, and counted it while loading).
    pub name_read: bool,
    /// The error.
    pub diagnostic: Diagnostic,
}

/// `(defmodule name ["comment"] (export ...) (import ...) ...)`
#[derive(Clone, Debug, PartialEq)]
pub struct Defmodule {
    /// The module's name.
    pub name: Ident,
    /// The optional comment.
    pub comment: Option<String>,
    /// The export and import specifications, in order.
    pub ports: Vec<PortSpec>,
    /// The syntax error that ended the specifications after `ports`, if any.
    pub error: Option<Box<DefmoduleError>>,
    /// The whole construct.
    pub span: Span,
}

/// The syntax error that ended a defmodule's specifications. CLIPS checks what it
/// read before the error first: the modules imported from, among them the one of
/// the specification in error.
#[derive(Clone, Debug, PartialEq)]
pub struct DefmoduleError {
    /// The module the specification in error imports from, when its name was read.
    pub import_from: Option<Ident>,
    /// The error.
    pub diagnostic: Diagnostic,
}

/// One `(export ...)` or `(import module ...)` of a defmodule.
#[derive(Clone, Debug, PartialEq)]
pub struct PortSpec {
    /// `true` for import, `false` for export.
    pub import: bool,
    /// The module imported from (imports only).
    pub module: Option<Ident>,
    /// What is exported or imported.
    pub items: PortItems,
    /// The whole specification.
    pub span: Span,
}

/// The items of an export or import specification.
#[derive(Clone, Debug, PartialEq)]
pub enum PortItems {
    /// `?ALL`
    All,
    /// `?NONE`
    None,
    /// `deftemplate ?ALL`, `deffunction ?NONE`, or `deftemplate a b c`: the construct
    /// kind and, unless all/none, the names.
    Kind {
        /// `deftemplate`, `deffunction`, `defglobal`, ...
        construct: Ident,
        /// `None` for `?ALL`; `Some(empty)` for `?NONE`; else the names.
        names: Option<Vec<Ident>>,
    },
}

/// `(defhypothesis name ["comment"] (hypothesis T) (assume-true F) (assume-false F)
/// (contradiction T) [(solved T)] (keep T...) [(propagate M...)] (levels L...))`: how
/// the engine reasons by trial and error once no rule is activated (a Salience
/// extension to CLIPS; names are resolved by `compile`).
#[derive(Clone, Debug, PartialEq)]
pub struct Defhypothesis {
    /// The construct's name.
    pub name: Ident,
    /// The optional comment.
    pub comment: Option<String>,
    /// The template whose facts are the alternatives that may be assumed.
    pub hypothesis: Ident,
    /// The deffunction of one argument (the fact) that makes an alternative hold.
    pub assume_true: Ident,
    /// The deffunction of one argument that makes an alternative not hold.
    pub assume_false: Ident,
    /// The template whose facts mean a contradiction.
    pub contradiction: Ident,
    /// The template whose facts mean a complete solution, if any.
    pub solved: Option<Ident>,
    /// The templates whose net changes in a branch are conclusions worth keeping.
    pub keep: Vec<Ident>,
    /// The modules focused inside a branch (empty: MAIN).
    pub propagate: Vec<Ident>,
    /// The levels to try, cheapest first (`te1`, `bliss1`, `bliss2`, `te2`).
    pub levels: Vec<Ident>,
    /// The whole construct.
    pub span: Span,
}

/// `(defclass name ["comment"] (is-a super...) [(role ...)] [(pattern-match ...)]
/// slot... handler-declaration...)`
#[derive(Clone, Debug, PartialEq)]
pub struct Defclass {
    /// The class's name.
    pub name: Ident,
    /// The optional comment string.
    pub comment: Option<String>,
    /// The direct superclasses, in order.
    pub supers: Vec<Ident>,
    /// `(role abstract)` (`Some(true)`) or `(role concrete)`; `None` inherits it.
    pub abstract_: Option<bool>,
    /// `(pattern-match reactive)` or `non-reactive`; `None` inherits it.
    pub reactive: Option<bool>,
    /// The slots, in order.
    pub slots: Vec<ClassSlot>,
    /// How far CLIPS had read when it checked the name: past the token after the
    /// name and comment.
    pub name_read_to: usize,
    /// The error CLIPS meets in the superclass list (`supers` holds the names read
    /// before it): reported after those names are checked.
    pub supers_fault: Option<Box<Diagnostic>>,
    /// The first error CLIPS meets after the superclasses (`slots` holds the slots
    /// read before it): reported after the checks of what was read, as CLIPS checks
    /// each slot once it has read it.
    pub fault: Option<Box<Diagnostic>>,
    /// The whole construct.
    pub span: Span,
}

/// One `(slot ...)` or `(multislot ...)` of a defclass.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassSlot {
    /// The name, default and constraint facets (as a deftemplate's slot has them).
    pub def: SlotDef,
    /// `(default ...)` or `(default-dynamic ...)` was written.
    pub default_given: bool,
    /// `(storage shared)`.
    pub shared: Option<bool>,
    /// `(access read-write|read-only|initialize-only)`.
    pub access: Option<Atom>,
    /// `(propagation inherit|no-inherit)`: `Some(true)` for inherit.
    pub inherit: Option<bool>,
    /// `(source exclusive|composite)`: `Some(true)` for composite.
    pub composite: Option<bool>,
    /// `(visibility private|public)`: `Some(true)` for public.
    pub public: Option<bool>,
    /// `(pattern-match reactive|non-reactive)`.
    pub reactive: Option<bool>,
    /// `(create-accessor ?NONE|read|write|read-write)`: (read, write).
    pub accessors: Option<(bool, bool)>,
    /// `(override-message name)`; `?DEFAULT` names `put-<slot>`, the default.
    pub override_message: Option<Atom>,
}

/// `(defmessage-handler class name [kind] ["comment"] (?param... [$?rest]) action...)`
#[derive(Clone, Debug, PartialEq)]
pub struct Defhandler {
    /// The class it is attached to.
    pub class: Ident,
    /// The message it answers.
    pub name: Ident,
    /// `around`, `before`, `primary` (the default) or `after`.
    pub kind: Ident,
    /// The optional comment string.
    pub comment: Option<String>,
    /// The single-field parameters.
    pub params: Vec<Ident>,
    /// The wildcard parameter, if any.
    pub rest: Option<Ident>,
    /// The actions.
    pub body: Vec<Expr>,
    /// How far CLIPS had read when it looked the class up: past the token after
    /// the class name.
    pub class_read_to: usize,
    /// How far CLIPS had read when it looked for a system handler of the same
    /// name and type: past the token after the name, type and comment.
    pub kind_read_to: usize,
    /// The first error CLIPS meets in the name, type or comment: reported after the
    /// class is looked up.
    pub fault: Option<Box<Diagnostic>>,
    /// The first error CLIPS meets in the parameters or the actions: reported after
    /// the handler's name and type are checked.
    pub body_fault: Option<Box<Diagnostic>>,
    /// The whole construct.
    pub span: Span,
}

/// `(definstances name [active] ["comment"] (instance-name of class override...)...)`
#[derive(Clone, Debug, PartialEq)]
pub struct Definstances {
    /// Its name.
    pub name: Ident,
    /// The instances made at every `(reset)`.
    pub instances: Vec<InstanceSpec>,
    /// The whole construct.
    pub span: Span,
}

/// One instance of a definstances, or the arguments of `make-instance`.
#[derive(Clone, Debug, PartialEq)]
pub struct InstanceSpec {
    /// The instance's name (an expression; `(gensym*)` when omitted).
    pub name: Expr,
    /// The class (an expression).
    pub class: Expr,
    /// The slot overrides: each slot's name and values.
    pub overrides: Vec<(Expr, Vec<Expr>)>,
    /// Where it was written.
    pub span: Span,
}
