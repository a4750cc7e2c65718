//! Fact-set queries (`any-factp`, `find-fact`, `find-all-facts`, `do-for-fact`,
//! `do-for-all-facts`, `delayed-do-for-all-facts`) compiled with CLIPS's checks
//! (its `factqpsr.c`): the member lists `((?f template...)...)`, the query, the
//! actions, and the `?f:slot` references in them.

use super::expr::{CExpr, ExprCompiler, Special};
use super::program::Program;
use super::template::TemplateId;
use crate::messages::{factqpsr, prntutil};
use crate::syntax::ast::{Call, Expr, Ident};
use crate::syntax::sexpr::{classify, Token};
use crate::syntax::{Diagnostic, Span};
use crate::value::{atom, Atom, Value};

/// Which fact-set query function.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QueryKind {
    /// any-factp
    Any,
    /// find-fact
    FindFirst,
    /// find-all-facts
    FindAll,
    /// do-for-fact
    DoFirst,
    /// do-for-all-facts
    DoAll,
    /// delayed-do-for-all-facts: every fact set is found before the actions run.
    DelayedAll,
}

impl QueryKind {
    /// The query function named `name`.
    pub fn of(name: &str) -> Option<QueryKind> {
        Some(match name {
            "any-factp" => QueryKind::Any,
            "find-fact" => QueryKind::FindFirst,
            "find-all-facts" => QueryKind::FindAll,
            "do-for-fact" => QueryKind::DoFirst,
            "do-for-all-facts" => QueryKind::DoAll,
            "delayed-do-for-all-facts" => QueryKind::DelayedAll,
            _ => return None,
        })
    }

    /// The function's CLIPS name.
    pub fn name(self) -> &'static str {
        match self {
            QueryKind::Any => "any-factp",
            QueryKind::FindFirst => "find-fact",
            QueryKind::FindAll => "find-all-facts",
            QueryKind::DoFirst => "do-for-fact",
            QueryKind::DoAll => "do-for-all-facts",
            QueryKind::DelayedAll => "delayed-do-for-all-facts",
        }
    }

    /// Whether the function has actions (the `do-for-*` ones).
    fn has_actions(self) -> bool {
        matches!(
            self,
            QueryKind::DoFirst | QueryKind::DoAll | QueryKind::DelayedAll
        )
    }
}

/// One of the templates a member variable ranges over.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum QueryTemplate {
    /// A deftemplate named in the query, found when it was compiled.
    Named(TemplateId),
    /// An expression (a variable, a global, a call, ...) whose value, a name or a
    /// multifield of names, gives the templates when the query runs.
    Computed(CExpr),
}

/// A member variable of a fact-set query.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct QueryMember {
    /// The variable's frame slot.
    pub slot: u16,
    /// The templates whose facts it ranges over, in order.
    pub templates: Vec<QueryTemplate>,
}

/// A compiled fact-set query.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FactQuery {
    /// Which function.
    pub kind: QueryKind,
    /// The member variables, the first varying slowest.
    pub members: Vec<QueryMember>,
    /// The query condition.
    pub condition: CExpr,
    /// The actions (do-for-* only).
    pub actions: Vec<CExpr>,
}

/// `?f:slot` inside a fact-set query: a slot of the fact member `?f` holds.
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

type Res<T> = Result<T, Diagnostic>;

/// What a fact-set query looks like, for Salience's own messages.
const USAGE: &str = "expected (query-function ((?f template...)...) condition action...)";

/// CLIPS's `[PRNTUTIL2]` for a query not written as its syntax requires, at `at`.
fn syntax_error(at: Span) -> Diagnostic {
    Diagnostic::new(at, "malformed fact-set query")
        .with_label(USAGE)
        .with_clips(prntutil::prntutil2(factqpsr::QUERY_FUNCTION))
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
    /// Compiles a fact-set query `call` of kind `kind`.
    pub(super) fn query(&mut self, call: &Call, kind: QueryKind) -> Res<CExpr> {
        let function = kind.name();
        let (vars, members) = self.query_members(call, function)?;
        let outer_vars = self.query_vars.len();
        let end = call.span.end;
        self.query_vars.extend(vars.iter().map(|v| (v.name, end)));
        let result = self.query_body(call, kind, &vars);
        self.query_vars.truncate(outer_vars);
        let (condition, actions) = result?;
        Ok(CExpr::Special(
            Box::new(Special::Query(FactQuery {
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
        function: &str,
    ) -> Res<(Vec<Ident>, Vec<QueryMember>)> {
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
                .with_clips(factqpsr::factqpsr1(function))
                .read_to(var.span.end));
            }
            if templates.is_empty() {
                return Err(syntax_error(*span));
            }
            let templates = templates
                .iter()
                .map(|t| self.query_template(t))
                .collect::<Res<Vec<_>>>()?;
            vars.push(*var);
            members.push(QueryMember {
                slot: self.scope.slot(var.name),
                templates,
            });
        }
        Ok((vars, members))
    }

    /// One template of a member variable: a deftemplate's name, found now, or an
    /// expression computed when the query runs.
    fn query_template(&mut self, template: &Expr) -> Res<QueryTemplate> {
        match template {
            Expr::Const(Value::Symbol(name), span) => match visible_template(self.program, *name) {
                Some(id) => {
                    self.program.template_users.note(id);
                    self.names_constructs = true;
                    Ok(QueryTemplate::Named(id))
                }
                None => Err(Diagnostic::new(
                    *span,
                    format!("unknown template `{name}` in fact-set query"),
                )
                .with_label("expected the name of a deftemplate or of asserted ordered facts")
                .with_clips(prntutil::prntutil1("deftemplate", name.as_str(), true))
                .read_to(span.end)),
            },
            Expr::List(_, span) => Err(syntax_error(*span)),
            other => Ok(QueryTemplate::Computed(self.compile(other)?)),
        }
    }

    /// The condition and the actions of `call`, whose member variables are `vars`.
    fn query_body(
        &mut self,
        call: &Call,
        kind: QueryKind,
        vars: &[Ident],
    ) -> Res<(CExpr, Vec<CExpr>)> {
        let function = kind.name();
        let Some(condition) = call.args.get(1) else {
            return Err(syntax_error(call.span));
        };
        let compiled = self.compile(condition)?;
        let mut binds = Vec::new();
        bound_locals(condition, &mut binds);
        if !binds.is_empty() {
            return Err(Diagnostic::new(
                condition.span(),
                "a fact-set query's condition cannot bind variables",
            )
            .with_label("bind them in the actions instead")
            .with_clips(factqpsr::factqpsr2(function))
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
            .with_label("a member variable holds the facts of the query")
            .with_clips(factqpsr::factqpsr3(var.name.as_str(), function))
            .read_to(call.span.end));
        }
        Ok((compiled, compiled_actions))
    }

    /// `?f:slot` (the variable named `name`, at `span`) as a slot of the fact a
    /// member variable of an enclosing query holds, if it is one: as CLIPS, the
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
            let Some(&(_, query_end)) = self.query_vars.iter().rev().find(|(v, _)| *v == member)
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
        for name in crate::syntax::parse::QUERY_FUNCTIONS {
            assert_eq!(QueryKind::of(name).map(QueryKind::name), Some(name));
        }
        assert_eq!(QueryKind::of("facts"), None);
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
