//! Fact-set queries (`any-factp`, `find-fact`, `find-all-facts`, `do-for-fact`,
//! `do-for-all-facts`, `delayed-do-for-all-facts`) and instance-set queries
//! (`any-instancep`, ..., `delayed-do-for-all-instances`) compiled with CLIPS's
//! checks (its `factqpsr.c` and `insqypsr.c`, one parser twice): the member lists
//! `((?f template...)...)` or `((?i class...)...)`, the query, the actions, and
//! the `?f:slot` references in them.

use super::expr::{CExpr, ExprCompiler, Special};
use super::program::Program;
use super::template::TemplateId;
use crate::cool::ClassId;
use crate::messages::{classfun, factqpsr, insqypsr, prntutil};
use crate::syntax::ast::{Call, Expr, Ident};
use crate::syntax::parse::{INSTANCE_QUERY_FUNCTIONS, QUERY_FUNCTIONS};
use crate::syntax::sexpr::{classify, Token};
use crate::syntax::{Diagnostic, Span};
use crate::value::{atom, Atom, Value};

/// What the member variables of a query range over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QuerySet {
    /// Facts of deftemplates (`any-factp`, ...).
    Facts,
    /// Instances of classes and their subclasses (`any-instancep`, ...).
    Instances,
}

impl QuerySet {
    /// The set's six functions, in [`QueryKind`]'s order.
    fn functions(self) -> &'static [&'static str; 6] {
        match self {
            QuerySet::Facts => &QUERY_FUNCTIONS,
            QuerySet::Instances => &INSTANCE_QUERY_FUNCTIONS,
        }
    }

    /// What `[PRNTUTIL2]` names for a query not written as its syntax requires.
    fn syntax(self) -> &'static str {
        match self {
            QuerySet::Facts => factqpsr::QUERY_FUNCTION,
            QuerySet::Instances => insqypsr::QUERY_FUNCTION,
        }
    }

    /// What `[PRNTUTIL2]` names for computed templates or classes that name none.
    pub fn restrictions(self) -> &'static str {
        match self {
            QuerySet::Facts => factqpsr::QUERY_RESTRICTIONS,
            QuerySet::Instances => insqypsr::QUERY_RESTRICTIONS,
        }
    }

    /// The construct its members are restricted to, for messages.
    fn construct(self) -> &'static str {
        match self {
            QuerySet::Facts => "deftemplate",
            QuerySet::Instances => "class",
        }
    }

    /// CLIPS's message for a member variable declared twice in `function`.
    fn duplicate(self, function: &str) -> String {
        match self {
            QuerySet::Facts => factqpsr::factqpsr1(function),
            QuerySet::Instances => insqypsr::insqypsr1(function),
        }
    }

    /// CLIPS's message for a bind in the query of `function`.
    fn binds(self, function: &str) -> String {
        match self {
            QuerySet::Facts => factqpsr::factqpsr2(function),
            QuerySet::Instances => insqypsr::insqypsr2(function),
        }
    }

    /// CLIPS's message for actions of `function` that bind member `variable`.
    fn rebind(self, variable: &str, function: &str) -> String {
        match self {
            QuerySet::Facts => factqpsr::factqpsr3(variable, function),
            QuerySet::Instances => insqypsr::insqypsr3(variable, function),
        }
    }

    /// CLIPS's message when `function`, running, finds no template or class
    /// `name`.
    pub fn missing(self, name: &str, function: &str) -> String {
        match self {
            QuerySet::Facts => prntutil::prntutil1_in("deftemplate", name, function),
            QuerySet::Instances => classfun::classfun1(name, function),
        }
    }
}

/// Which query function, of either set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QueryKind {
    /// any-factp, any-instancep
    Any,
    /// find-fact, find-instance
    FindFirst,
    /// find-all-facts, find-all-instances
    FindAll,
    /// do-for-fact, do-for-instance
    DoFirst,
    /// do-for-all-facts, do-for-all-instances
    DoAll,
    /// delayed-do-for-all-facts, delayed-do-for-all-instances: every set is found
    /// before the actions run.
    DelayedAll,
}

impl QueryKind {
    /// Every kind, in the order of the sets' function lists (the order declared).
    const ALL: [QueryKind; 6] = [
        QueryKind::Any,
        QueryKind::FindFirst,
        QueryKind::FindAll,
        QueryKind::DoFirst,
        QueryKind::DoAll,
        QueryKind::DelayedAll,
    ];

    /// The query function named `name`: its set and kind.
    pub fn of(name: &str) -> Option<(QuerySet, QueryKind)> {
        [QuerySet::Facts, QuerySet::Instances]
            .into_iter()
            .find_map(|set| {
                let i = set.functions().iter().position(|f| *f == name)?;
                Some((set, QueryKind::ALL[i]))
            })
    }

    /// The CLIPS name of the function of this kind for `set`.
    pub fn name(self, set: QuerySet) -> &'static str {
        set.functions()[self as usize]
    }

    /// Whether the function has actions (the `do-for-*` ones).
    fn has_actions(self) -> bool {
        matches!(
            self,
            QueryKind::DoFirst | QueryKind::DoAll | QueryKind::DelayedAll
        )
    }
}

/// One of the templates or classes a member variable ranges over.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum QuerySource {
    /// A deftemplate named in a fact-set query, found when it was compiled.
    Template(TemplateId),
    /// A class named in an instance-set query, found when it was compiled: its
    /// instances and those of its subclasses.
    Class(ClassId),
    /// An expression (a variable, a global, a call, ...) whose value, a name or a
    /// multifield of names, gives the templates or classes when the query runs.
    Computed(CExpr),
}

/// A member variable of a query.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct QueryMember {
    /// The variable's frame slot (holding a fact address or an instance address
    /// while the query runs).
    pub slot: u16,
    /// The templates or classes it ranges over, in order.
    pub sources: Vec<QuerySource>,
}

/// A compiled fact-set or instance-set query.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SetQuery {
    /// What its members range over.
    pub set: QuerySet,
    /// Which function.
    pub kind: QueryKind,
    /// The member variables, the first varying slowest.
    pub members: Vec<QueryMember>,
    /// The query condition.
    pub condition: CExpr,
    /// The actions (do-for-* only).
    pub actions: Vec<CExpr>,
}

impl SetQuery {
    /// The query function's CLIPS name.
    pub fn name(&self) -> &'static str {
        self.kind.name(self.set)
    }
}

/// `?f:slot` inside a query: a slot of the fact or instance member `?f` holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct QuerySlotRef {
    /// The member variable's frame slot.
    pub member: u16,
    /// The slot's name (`implied` for an ordered fact's fields).
    pub slot: Atom,
    /// The reference as written, without its `?` (`f:x`), for messages.
    pub reference: Atom,
}

/// The deftemplate a fact-set query names `name`, as CLIPS finds it: one the
/// current module sees, named without a module (`MAIN::point` is not found).
pub fn visible_template(program: &Program, name: Atom) -> Option<TemplateId> {
    if name.as_str().contains("::") {
        return None;
    }
    program.template_id(name)
}

/// The class an instance-set query names `name` (CLIPS's
/// `LookupDefclassByMdlOrScope`: a `MODULE::` qualifier is allowed).
pub fn visible_class(program: &Program, name: Atom) -> Option<ClassId> {
    program.classes.id(name)
}

/// The template or class `name` of a query of `set`, when the program has one.
pub fn named_source(program: &Program, set: QuerySet, name: Atom) -> Option<QuerySource> {
    match set {
        QuerySet::Facts => visible_template(program, name).map(QuerySource::Template),
        QuerySet::Instances => visible_class(program, name).map(QuerySource::Class),
    }
}

type Res<T> = Result<T, Diagnostic>;

/// What a query looks like, for Salience's own messages.
const USAGE: &str = "expected (query-function ((?f template-or-class...)...) condition action...)";

/// CLIPS's `[PRNTUTIL2]` for a query of `set` not written as its syntax
/// requires, at `at`.
fn syntax_error(set: QuerySet, at: Span) -> Diagnostic {
    Diagnostic::new(at, "malformed query")
        .with_label(USAGE)
        .with_clips(prntutil::prntutil2(set.syntax()))
        .read_to(at.end)
}

/// The local variables `(bind ?x ...)` binds anywhere in `expr`, in order (what
/// CLIPS's parser records as it reads binds; globals are not among them).
fn bound_locals(expr: &Expr, out: &mut Vec<Atom>) {
    match expr {
        Expr::Call(call) => {
            if call.name.name.as_str() == "bind" {
                if let Some(Expr::Var(var) | Expr::MfVar(var)) = call.args.first() {
                    out.push(var.name);
                }
            }
            call.args.iter().for_each(|arg| bound_locals(arg, out));
        }
        Expr::List(items, _) => items.iter().for_each(|item| bound_locals(item, out)),
        Expr::Const(..) | Expr::Var(_) | Expr::MfVar(_) | Expr::Global(_) => {}
    }
}

impl ExprCompiler<'_> {
    /// Compiles a query `call` of set `set` and kind `kind`.
    pub(super) fn query(&mut self, call: &Call, set: QuerySet, kind: QueryKind) -> Res<CExpr> {
        let (vars, members) = self.query_members(call, set, kind.name(set))?;
        let outer_vars = self.query_vars.len();
        let end = call.span.end;
        self.query_vars
            .extend(vars.iter().map(|v| (v.name, end, set)));
        let result = self.query_body(call, set, kind, &vars);
        self.query_vars.truncate(outer_vars);
        let (condition, actions) = result?;
        Ok(CExpr::Special(
            Box::new(Special::Query(SetQuery {
                set,
                kind,
                members,
                condition,
                actions,
            })),
            call.span,
        ))
    }

    /// The member variables of `call` and what each ranges over.
    fn query_members(
        &mut self,
        call: &Call,
        set: QuerySet,
        function: &str,
    ) -> Res<(Vec<Ident>, Vec<QueryMember>)> {
        let syntax_error = |at| syntax_error(set, at);
        let lists = match call.args.first() {
            Some(Expr::List(lists, _)) if !lists.is_empty() => lists,
            Some(other) => return Err(syntax_error(other.span())),
            None => return Err(syntax_error(call.span)),
        };
        let mut vars: Vec<Ident> = Vec::with_capacity(lists.len());
        let mut members = Vec::with_capacity(lists.len());
        for list in lists {
            let Expr::List(items, span) = list else {
                return Err(syntax_error(list.span()));
            };
            let Some((Expr::Var(var), templates)) = items.split_first() else {
                return Err(syntax_error(items.first().map_or(*span, Expr::span)));
            };
            if vars.iter().any(|v| v.name == var.name) {
                return Err(Diagnostic::new(
                    var.span,
                    format!("member variable `?{}` is declared twice", var.name),
                )
                .with_label("each member variable of a query needs its own name")
                .with_clips(set.duplicate(function))
                .read_to(var.span.end));
            }
            if templates.is_empty() {
                return Err(syntax_error(*span));
            }
            let sources = templates
                .iter()
                .map(|t| self.query_source(set, t))
                .collect::<Res<Vec<_>>>()?;
            vars.push(*var);
            members.push(QueryMember {
                slot: self.scope.slot(var.name),
                sources,
            });
        }
        Ok((vars, members))
    }

    /// One template or class of a member variable: a deftemplate's or a class's
    /// name, found now, or an expression computed when the query runs.
    fn query_source(&mut self, set: QuerySet, source: &Expr) -> Res<QuerySource> {
        match source {
            Expr::Const(Value::Symbol(name), span) => {
                match named_source(self.program, set, *name) {
                    Some(found) => {
                        if let QuerySource::Template(id) = found {
                            self.program.template_users.note(id);
                        }
                        self.names_constructs = true;
                        Ok(found)
                    }
                    None => {
                        let construct = set.construct();
                        Err(Diagnostic::new(
                            *span,
                            format!("unknown {construct} `{name}` in query"),
                        )
                        .with_label(format!("expected the name of a {construct}"))
                        .with_clips(prntutil::prntutil1(construct, name.as_str(), true))
                        .read_to(span.end))
                    }
                }
            }
            Expr::List(_, span) => Err(syntax_error(set, *span)),
            other => Ok(QuerySource::Computed(self.compile(other)?)),
        }
    }

    /// The condition and the actions of `call`, whose member variables are `vars`.
    fn query_body(
        &mut self,
        call: &Call,
        set: QuerySet,
        kind: QueryKind,
        vars: &[Ident],
    ) -> Res<(CExpr, Vec<CExpr>)> {
        let function = kind.name(set);
        let syntax_error = |at| syntax_error(set, at);
        let Some(condition) = call.args.get(1) else {
            return Err(syntax_error(call.span));
        };
        let compiled = self.compile(condition)?;
        let mut binds = Vec::new();
        bound_locals(condition, &mut binds);
        if !binds.is_empty() {
            return Err(Diagnostic::new(
                condition.span(),
                "a query's condition cannot bind variables",
            )
            .with_label("bind them in the actions instead")
            .with_clips(set.binds(function))
            .read_to(condition.span().end));
        }
        let actions = call.args.get(2..).unwrap_or_default();
        if !kind.has_actions() {
            return match actions.first() {
                Some(extra) => Err(syntax_error(extra.span())),
                None => Ok((compiled, Vec::new())),
            };
        }
        let compiled_actions = self.compile_all(actions)?;
        actions.iter().for_each(|a| bound_locals(a, &mut binds));
        if let Some(var) = binds
            .iter()
            .find_map(|b| vars.iter().find(|v| v.name == *b))
        {
            return Err(Diagnostic::new(
                call.span,
                format!("the actions bind the member variable `?{}`", var.name),
            )
            .with_label("a member variable holds the facts or instances of the query")
            .with_clips(set.rebind(var.name.as_str(), function))
            .read_to(call.span.end));
        }
        Ok((compiled, compiled_actions))
    }

    /// The frame slot of `?name` when it is the member variable of an instance-set
    /// query (the innermost enclosing query with a member of that name): read,
    /// it gives the name of the instance it holds, as CLIPS's
    /// `(query-instance)` does.
    pub(super) fn instance_member(&self, name: Atom) -> Option<u16> {
        let (_, _, set) = self.query_vars.iter().rev().find(|(v, ..)| *v == name)?;
        if *set != QuerySet::Instances {
            return None;
        }
        self.scope.get(name)
    }

    /// `?f:slot` (the variable named `name`, at `span`) as a slot of the fact or
    /// instance a member variable of an enclosing query holds, if it is one: as CLIPS, the
    /// last `:` after which the name splits into a member variable and a slot.
    /// CLIPS finds a slot name that is no symbol once it has read the query.
    pub(super) fn query_slot(&self, name: Atom, span: Span) -> Option<Res<CExpr>> {
        let text = name.as_str();
        let colons = text
            .char_indices()
            .rev()
            .filter(|&(i, c)| c == ':' && i >= 1 && i + 1 < text.len());
        for (i, _) in colons {
            let member = atom(&text[..i]);
            let Some(&(_, query_end, _)) =
                self.query_vars.iter().rev().find(|(v, ..)| *v == member)
            else {
                continue;
            };
            let member = self.scope.get(member)?;
            let slot = &text[i + 1..];
            if !matches!(classify(slot), Token::Symbol(_)) {
                return Some(Err(Diagnostic::new(
                    span,
                    format!("`{slot}` is not a slot name"),
                )
                .with_label("a slot name is a symbol")
                .with_clips(prntutil::prntutil14(text))
                .read_to(query_end)));
            }
            let reference = QuerySlotRef {
                member,
                slot: atom(slot),
                reference: name,
            };
            return Some(Ok(CExpr::Special(
                Box::new(Special::QuerySlot(reference)),
                span,
            )));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_know_their_names() {
        for set in [QuerySet::Facts, QuerySet::Instances] {
            for name in set.functions() {
                let found = QueryKind::of(name).map(|(s, kind)| (s, kind.name(set)));
                assert_eq!(found, Some((set, *name)));
            }
        }
        assert_eq!(
            QueryKind::of("delayed-do-for-all-instances"),
            Some((QuerySet::Instances, QueryKind::DelayedAll))
        );
        assert_eq!(QueryKind::of("facts"), None);
        assert_eq!(QueryKind::of("instances"), None);
    }

    #[test]
    fn binds_are_found_at_any_depth_globals_aside() {
        let text = "(progn (bind ?a 1) (if TRUE then (bind $?b)) (bind ?*g* 2))";
        let sexprs = crate::syntax::sexpr::read_all(text).unwrap();
        let expr = crate::syntax::parse::parse_expr(&sexprs[0]).unwrap();
        let mut found = Vec::new();
        bound_locals(&expr, &mut found);
        assert_eq!(found, vec![atom("a"), atom("b")]);
    }
}
