//! Helpers shared by the parsers: error collection, item descriptions, names,
//! constants and the checks several constructs make.

use crate::messages::constructs::cstrcpsr2;
use crate::syntax::ast::{Expr, Ident};
use crate::syntax::sexpr::{SExpr, SExprKind, Token};
use crate::syntax::{Diagnostic, Span};
use crate::value::Value;

/// Collects the diagnostics of one construct, so that one bad part does not hide the others.
#[derive(Default)]
pub(super) struct Diags(Vec<Diagnostic>);

impl Diags {
    /// Records a diagnostic.
    pub(super) fn push(&mut self, diagnostic: Diagnostic) {
        self.0.push(diagnostic);
    }

    /// The value of `result`, or `None` after recording its error.
    pub(super) fn one<T>(&mut self, result: Result<T, Diagnostic>) -> Option<T> {
        result.map_err(|d| self.0.push(d)).ok()
    }

    /// The value of `result`, or `None` after recording its errors.
    pub(super) fn many<T>(&mut self, result: Result<T, Vec<Diagnostic>>) -> Option<T> {
        result.map_err(|mut d| self.0.append(&mut d)).ok()
    }

    /// The first diagnostic recorded, if any.
    pub(super) fn first(&self) -> Option<&Diagnostic> {
        self.0.first()
    }

    /// `value` if nothing was recorded, else every recorded diagnostic.
    pub(super) fn finish<T>(self, value: T) -> Result<T, Vec<Diagnostic>> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(self.0)
        }
    }
}

/// The span of the last character of `span`: the `)` of a list, where "missing ..."
/// errors point.
pub(super) fn closing(span: Span) -> Span {
    Span::new(span.end.saturating_sub(1).max(span.start), span.end)
}

/// The offset just past the token CLIPS reads at `item`, the next item of the list
/// spanning `list`: a token's end, just past the `(` of a list, or past the list's
/// closing `)` when there is no next item. Where CLIPS stops reading when `item`
/// is not what it expects (see [`Diagnostic::read_to`]).
pub(super) fn read_past(item: Option<&SExpr>, list: Span) -> usize {
    match item {
        Some(SExpr {
            kind: SExprKind::List(_),
            span,
        }) => span.start + 1,
        Some(token) => token.span.end,
        None => list.end,
    }
}

/// The offset just past the first token of `item`: its `(` if it is a list. CLIPS
/// reads an item token by token, so this is where it stops when the item's first
/// token is already wrong.
pub(super) fn first_token_end(item: &SExpr) -> usize {
    read_past(Some(item), item.span)
}

/// How an item reads in a message: "the symbol `red`", "a list", "the variable `?x`".
pub(super) fn describe(item: &SExpr) -> String {
    let token = match &item.kind {
        SExprKind::List(items) if items.is_empty() => return "the empty list `()`".into(),
        SExprKind::List(_) => return "a list".into(),
        SExprKind::Token(token) => token,
    };
    match token {
        Token::Symbol(s) => format!("the symbol `{s}`"),
        Token::String(s) => format!("the string \"{s}\""),
        Token::Integer(i) => format!("the number {i}"),
        Token::Float(_) => "a float".into(),
        Token::SfVar(v) => format!("the variable `?{v}`"),
        Token::MfVar(v) => format!("the multifield variable `$?{v}`"),
        Token::Global(g) => format!("the global variable `?*{g}*`"),
        Token::SfWildcard => "the wildcard `?`".into(),
        Token::MfWildcard => "the wildcard `$?`".into(),
        Token::Amp => "the connective `&`".into(),
        Token::Bar => "the connective `|`".into(),
        Token::Tilde => "the connective `~`".into(),
        Token::Arrow => "`<-`".into(),
    }
}

/// The value of a constant token (symbol, string, integer or float); a symbol
/// in brackets, `[x]`, is an instance name.
pub fn constant(token: &Token) -> Option<Value> {
    match token {
        Token::Symbol(s) => Some(Value::instance_name(s).unwrap_or(Value::Symbol(*s))),
        Token::String(s) => Some(Value::String(*s)),
        Token::Integer(i) => Some(Value::Integer(*i)),
        Token::Float(f) => Some(Value::Float(*f)),
        _ => None,
    }
}

/// The item as a name, if it is a symbol.
pub(super) fn symbol(item: &SExpr) -> Option<Ident> {
    item.as_symbol().map(|name| Ident {
        name,
        span: item.span,
    })
}

/// The name of a `?x` variable token.
pub(super) fn sf_var(item: &SExpr) -> Option<Ident> {
    match item.as_token() {
        Some(Token::SfVar(name)) => Some(Ident {
            name: *name,
            span: item.span,
        }),
        _ => None,
    }
}

/// Whether the item is the variable-like keyword `?name` (`?ALL`, `?NONE`, `?VARIABLE`, ...).
pub(super) fn is_keyword(item: &SExpr, name: &str) -> bool {
    matches!(item.as_token(), Some(Token::SfVar(v)) if v.as_str() == name)
}

/// The name, comment and first body item of a construct `(keyword name ["comment"] ...)`.
pub(super) struct Header {
    /// The construct's name.
    pub(super) name: Ident,
    /// The comment string, if given.
    pub(super) comment: Option<String>,
    /// The index of the first item after the name and comment.
    pub(super) body: usize,
}

/// Reads the name and optional comment after a construct's keyword (`items[0]`).
pub(super) fn header(items: &[SExpr], whole: Span, keyword: &str) -> Result<Header, Diagnostic> {
    let Some(item) = items.get(1) else {
        return Err(
            Diagnostic::new(closing(whole), format!("missing name for {keyword}"))
                .with_label(format!("expected a name (a symbol) after `{keyword}`"))
                .with_clips(cstrcpsr2(keyword))
                .read_to(whole.end),
        );
    };
    let Some(name) = symbol(item) else {
        return Err(Diagnostic::new(
            item.span,
            format!(
                "the name of a {keyword} must be a symbol, not {}",
                describe(item)
            ),
        )
        .with_label("expected a name such as `my-name`")
        .with_clips(cstrcpsr2(keyword))
        .read_to(read_past(Some(item), whole)));
    };
    match items.get(2).and_then(|c| c.as_token()) {
        Some(Token::String(comment)) => Ok(Header {
            name,
            comment: Some(comment.to_string()),
            body: 3,
        }),
        _ => Ok(Header {
            name,
            comment: None,
            body: 2,
        }),
    }
}

/// The words that name conditional elements and so cannot be relation names.
const RESERVED_RELATIONS: [&str; 8] = [
    "and", "or", "not", "test", "logical", "exists", "forall", "object",
];

/// Rejects a reserved word used as a template name or a fact's relation.
pub(super) fn check_relation_name(name: &Ident, as_what: &str) -> Result<(), Diagnostic> {
    if RESERVED_RELATIONS.contains(&name.name.as_str()) {
        return Err(Diagnostic::new(
            name.span,
            format!(
                "`{}` has a special meaning in rules and cannot be used as {as_what}",
                name.name
            ),
        )
        .with_label("choose another name"));
    }
    Ok(())
}

/// Rejects local variables (`?x`, `$?x`) anywhere in `expr`: in `place` (e.g. "a
/// deffacts fact") nothing binds them. Global variables are fine.
pub(super) fn reject_local_vars(expr: &Expr, place: &str) -> Result<(), Diagnostic> {
    let (prefix, id) = match expr {
        Expr::Var(id) => ("?", id),
        Expr::MfVar(id) => ("$?", id),
        Expr::Call(call) => {
            return (call.args.iter()).try_for_each(|arg| reject_local_vars(arg, place))
        }
        Expr::List(items, _) => {
            return items
                .iter()
                .try_for_each(|item| reject_local_vars(item, place))
        }
        Expr::Const(..) | Expr::Global(_) => return Ok(()),
    };
    Err(Diagnostic::new(
        id.span,
        format!(
            "{place} cannot use the variable `{prefix}{}`: nothing binds it there",
            id.name
        ),
    )
    .with_label("expected a constant, a global variable `?*name*` or a function call"))
}
