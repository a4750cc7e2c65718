//! Expressions and facts: constants, variables and function calls.

use super::common::{check_relation_name, constant, describe, first_token_end, symbol};
use crate::exact::collect_exact;
use crate::messages::{self, factrhs, prntutil::prntutil2};
use crate::syntax::ast::{Call, Expr, FactSpec, Ident};
use crate::syntax::sexpr::{SExpr, SExprKind, Token};
use crate::syntax::{Diagnostic, Span};

/// What an expression may be, for labels.
const EXPECTED_EXPR: &str = "expected a constant, a variable or a function call like `(+ 1 2)`";

/// Functions whose first argument may be a parenthesised group rather than a call:
/// `(loop-for-count (?i 1 10) ...)`, `(progn$ (?x $?list) ...)` and the fact-set
/// and instance-set queries `(do-for-fact ((?f person)) ...)`.
const GROUP_FIRST_ARG: [&str; 2] = ["loop-for-count", "progn$"];

/// The fact-set query functions: `(any-factp ((?f template)...) query ...)`.
pub const QUERY_FUNCTIONS: [&str; 6] = [
    "any-factp",
    "find-fact",
    "find-all-facts",
    "do-for-fact",
    "do-for-all-facts",
    "delayed-do-for-all-facts",
];

/// The instance-set query functions, in the order of [`QUERY_FUNCTIONS`]:
/// `(any-instancep ((?i class)...) query ...)`.
pub const INSTANCE_QUERY_FUNCTIONS: [&str; 6] = [
    "any-instancep",
    "find-instance",
    "find-all-instances",
    "do-for-instance",
    "do-for-all-instances",
    "delayed-do-for-all-instances",
];

/// Whether `name` is a fact-set or an instance-set query function.
pub fn is_query_function(name: &str) -> bool {
    QUERY_FUNCTIONS.contains(&name) || INSTANCE_QUERY_FUNCTIONS.contains(&name)
}

/// Parses an expression: a constant, `?x`, `$?x`, `?*x*` or a call `(name arg...)`.
pub fn parse_expr(item: &SExpr) -> Result<Expr, Diagnostic> {
    match &item.kind {
        SExprKind::List(items) => parse_call(items, item.span).map(Expr::Call),
        SExprKind::Token(token) => token_expr(token, item.span),
    }
}

/// Parses a fact as written in `(assert ...)` or a deffacts: `(relation item...)`.
/// Nested lists are calls; `compile` decides which are slot assignments. The
/// errors are CLIPS's (`GetRHSPattern`), found where CLIPS finds them.
pub fn parse_fact(item: &SExpr) -> Result<FactSpec, Diagnostic> {
    let rhs_error =
        |d: Diagnostic, part: &str, at: usize| d.with_clips(prntutil2(part)).read_to(at);
    let Some(items) = item.as_list() else {
        let d = Diagnostic::new(
            item.span,
            format!("expected a fact, found {}", describe(item)),
        )
        .with_label("expected a fact such as `(color red)`");
        return Err(rhs_error(d, factrhs::RHS_PATTERNS, item.span.end));
    };
    let Some(head) = items.first() else {
        let d = Diagnostic::new(item.span, "a fact cannot be empty")
            .with_label("expected a relation name, e.g. `(color red)`");
        return Err(rhs_error(d, factrhs::FIRST_FIELD, item.span.end));
    };
    let relation = symbol(head).filter(|s| !matches!(s.name.as_str(), "=" | ":"));
    let Some(relation) = relation else {
        let d = Diagnostic::new(
            head.span,
            format!(
                "a fact must start with its relation name, not {}",
                describe(head)
            ),
        )
        .with_label("expected a symbol such as `color` in `(color red)`");
        return Err(rhs_error(d, factrhs::FIRST_FIELD, first_token_end(head)));
    };
    check_relation_name(&relation, "a fact's relation name").map_err(|d| {
        d.with_clips(messages::pattern::pattern1(
            relation.name.as_str(),
            "a relation name",
        ))
        .read_to(head.span.end)
    })?;
    let fields = items.get(1..).unwrap_or_default();
    let items = collect_exact(fields.iter().map(|field| {
        parse_expr(field).map_err(|d| match field.as_token() {
            // A field that is no value: CLIPS stops at its token.
            Some(_) => rhs_error(d, factrhs::RHS_PATTERNS, field.span.end),
            None => d,
        })
    }))?;
    Ok(FactSpec {
        relation,
        items,
        span: item.span,
    })
}

/// Parses the facts of `(assert fact...)`, `items` the call's items: each fact
/// becomes a call of its relation name (see [`FactSpec`]). CLIPS wants one fact
/// at least.
fn parse_assert(items: &[SExpr], span: Span) -> Result<Vec<Expr>, Diagnostic> {
    let facts = items.get(1..).unwrap_or_default();
    if facts.is_empty() {
        return Err(Diagnostic::new(span, "assert needs at least one fact")
            .with_label("expected (assert (relation field...))")
            .with_clips(prntutil2(factrhs::ASSERT_COMMAND))
            .read_to(span.end));
    }
    collect_exact(facts.iter().map(|fact| {
        let fact = parse_fact(fact)?;
        Ok(Expr::Call(Call {
            name: fact.relation,
            args: fact.items,
            span: fact.span,
        }))
    }))
}

fn token_expr(token: &Token, span: Span) -> Result<Expr, Diagnostic> {
    if let Some(value) = constant(token) {
        return Ok(Expr::Const(value, span));
    }
    let ident = |name| Ident { name, span };
    let (message, label) = match token {
        Token::Symbol(_) | Token::String(_) | Token::Integer(_) | Token::Float(_) => {
            ("this token is not an expression", EXPECTED_EXPR)
        }
        Token::SfVar(name) => return Ok(Expr::Var(ident(*name))),
        Token::MfVar(name) => return Ok(Expr::MfVar(ident(*name))),
        Token::Global(name) => return Ok(Expr::Global(ident(*name))),
        Token::SfWildcard | Token::MfWildcard => (
            "a wildcard can only be used in a pattern on a rule's left-hand side",
            "expected a constant, a named variable such as `?x`, or a function call",
        ),
        Token::Amp | Token::Bar | Token::Tilde => (
            "the connectives `&`, `|` and `~` can only join constraints in a pattern",
            "to combine conditions here, use `(and ...)`, `(or ...)` or `(not ...)`",
        ),
        Token::Arrow => (
            "`<-` can only bind a pattern on a rule's left-hand side: `?f <- (relation ...)`",
            EXPECTED_EXPR,
        ),
    };
    let error = Diagnostic::new(span, message).with_label(label);
    Err(match token {
        Token::Amp | Token::Bar | Token::Tilde => error
            .with_clips(crate::messages::exprnpsr::exprnpsr2())
            .read_to(span.end),
        _ => error,
    })
}

fn parse_call(items: &[SExpr], span: Span) -> Result<Call, Diagnostic> {
    let Some(head) = items.first() else {
        return Err(
            Diagnostic::new(span, "an empty list `()` is not an expression")
                .with_label(EXPECTED_EXPR)
                .with_clips(messages::exprnpsr::exprnpsr1())
                .read_to(span.end),
        );
    };
    // An instance name such as `[a]` reads as a symbol token but names no function.
    let name =
        symbol(head).filter(|n| crate::value::Value::instance_name(n.name.as_str()).is_none());
    let Some(name) = name else {
        return Err(Diagnostic::new(
            head.span,
            format!(
                "a function call must start with the function's name, not {}",
                describe(head)
            ),
        )
        .with_label("expected a function name, as in `(+ 1 2)`")
        .with_clips(messages::exprnpsr::exprnpsr1())
        .read_to(head.span.end));
    };
    if let Some(kind) = super::class::InstanceCall::of(name.name.as_str()) {
        let args = super::class::instance_args(&items[1..], span, kind)?;
        return Ok(Call { name, args, span });
    }
    if name.name.as_str() == "assert" {
        let args = parse_assert(items, span)?;
        return Ok(Call { name, args, span });
    }
    let query = is_query_function(name.name.as_str());
    let groups = query || GROUP_FIRST_ARG.contains(&name.name.as_str());
    let args = collect_exact(items.iter().enumerate().skip(1).map(|(i, arg)| {
        if groups && i == 1 {
            parse_group_or_expr(arg, query)
        } else {
            parse_expr(arg)
        }
    }))?;
    Ok(Call { name, args, span })
}

/// A list that does not start with a symbol, in a place that allows groups, is an
/// [`Expr::List`] of its items (which may be groups themselves). A fact-set
/// query's templates may hold empty lists too (`empty_ok`): the query reports
/// them in CLIPS's words.
fn parse_group_or_expr(item: &SExpr, empty_ok: bool) -> Result<Expr, Diagnostic> {
    match item.as_list() {
        Some(items)
            if items
                .first()
                .map_or(empty_ok, |head| head.as_symbol().is_none()) =>
        {
            let items = collect_exact(items.iter().map(|i| parse_group_or_expr(i, empty_ok)))?;
            Ok(Expr::List(items, item.span))
        }
        _ => parse_expr(item),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::test_util::{err_text, one};
    use crate::value::Value;

    fn expr(text: &str) -> Result<Expr, Diagnostic> {
        parse_expr(&one(text))
    }

    #[test]
    fn constants_and_variables() {
        assert!(matches!(expr("red"), Ok(Expr::Const(Value::Symbol(s), _)) if s == "red"));
        assert!(matches!(expr("\"hi\""), Ok(Expr::Const(Value::String(s), _)) if s == "hi"));
        assert!(matches!(expr("-3"), Ok(Expr::Const(Value::Integer(-3), _))));
        assert!(matches!(expr("2.5"), Ok(Expr::Const(Value::Float(f), _)) if f == 2.5));
        assert!(matches!(expr("?x"), Ok(Expr::Var(id)) if id.name == "x"));
        assert!(matches!(expr("$?x"), Ok(Expr::MfVar(id)) if id.name == "x"));
        assert!(matches!(expr("?*g*"), Ok(Expr::Global(id)) if id.name == "g"));
    }

    #[test]
    fn calls_nest() {
        let Ok(Expr::Call(call)) = expr("(+ 1 (* ?x 2))") else {
            panic!("not a call")
        };
        assert_eq!(call.name.name, "+");
        assert_eq!(call.args.len(), 2);
        assert!(matches!(&call.args[1], Expr::Call(inner) if inner.name.name == "*"));
        assert_eq!(call.span, Span::new(0, 14));
    }

    #[test]
    fn special_forms_are_calls() {
        let Ok(Expr::Call(call)) = expr("(if (> ?x 1) then (bind ?y 2) else 3)") else {
            panic!("not a call")
        };
        assert_eq!(call.name.name, "if");
        assert!(matches!(&call.args[1], Expr::Const(Value::Symbol(s), _) if s == "then"));
    }

    #[test]
    fn loop_and_query_groups() {
        let Ok(Expr::Call(call)) = expr("(loop-for-count (?i 1 (+ 2 3)) do (f ?i))") else {
            panic!("not a call")
        };
        let Expr::List(group, span) = &call.args[0] else {
            panic!("no group")
        };
        assert_eq!(*span, Span::new(16, 30));
        assert!(matches!(&group[0], Expr::Var(v) if v.name == "i"));
        assert!(matches!(&group[2], Expr::Call(c) if c.name.name == "+"));

        let Ok(Expr::Call(call)) = expr("(do-for-fact ((?f a b)) TRUE)") else {
            panic!("not a call")
        };
        let Expr::List(outer, _) = &call.args[0] else {
            panic!("no group")
        };
        assert!(matches!(&outer[0], Expr::List(inner, _) if inner.len() == 3));
        // Only the first argument may be a group.
        assert!(expr("(loop-for-count 3 (?i))").is_err());
        assert!(
            matches!(expr("(loop-for-count (length$ ?l))"), Ok(Expr::Call(c))
            if matches!(&c.args[0], Expr::Call(f) if f.name.name == "length$"))
        );
    }

    #[test]
    fn facts() {
        let fact = parse_fact(&one("(car (color red) 3 ?x)")).unwrap();
        assert_eq!(fact.relation.name, "car");
        assert_eq!(fact.items.len(), 3);
        assert!(matches!(&fact.items[0], Expr::Call(c) if c.name.name == "color"));
        let empty = parse_fact(&one("(done)")).unwrap();
        assert!(empty.items.is_empty());
    }

    #[test]
    fn expression_errors() {
        let cases = [
            (
                "(1 2)",
                "a function call must start with the function's name, not the number 1",
                "1",
            ),
            (
                "(?x a)",
                "a function call must start with the function's name, not the variable `?x`",
                "?x",
            ),
            ("()", "an empty list `()` is not an expression", "()"),
            (
                "(f ? 1)",
                "a wildcard can only be used in a pattern on a rule's left-hand side",
                "?",
            ),
            (
                "(f a & b)",
                "the connectives `&`, `|` and `~` can only join constraints in a pattern",
                "&",
            ),
            (
                "(f (g (\"s\")))",
                "a function call must start with the function's name, not the string \"s\"",
                "\"s\"",
            ),
        ];
        for (text, message, at) in cases {
            assert_eq!(
                err_text(text, expr(text)),
                (message.to_string(), at.to_string()),
                "{text}"
            );
        }
    }

    /// CLIPS's message for each fact it cannot read, and the text it had read
    /// (from the CLIPS 6.41 console: `(assert ())`, `(deffacts d (a ~b))`, ...).
    #[test]
    fn facts_clips_cannot_read() {
        let cases = [
            ("(assert)", factrhs::ASSERT_COMMAND, "(assert)"),
            ("(assert ())", factrhs::FIRST_FIELD, "(assert ()"),
            ("(assert (a) ())", factrhs::FIRST_FIELD, "(assert (a) ()"),
            ("(assert (1 2))", factrhs::FIRST_FIELD, "(assert (1"),
            ("(assert (= 5 7))", factrhs::FIRST_FIELD, "(assert (="),
            ("(assert ((a)))", factrhs::FIRST_FIELD, "(assert (("),
            ("(assert fact 2)", factrhs::RHS_PATTERNS, "(assert fact"),
            ("(assert (a ~b))", factrhs::RHS_PATTERNS, "(assert (a ~"),
            ("(assert (c |d))", factrhs::RHS_PATTERNS, "(assert (c |"),
            ("(assert (a ?))", factrhs::RHS_PATTERNS, "(assert (a ?"),
            (
                "(f (first =(assert let's see)))",
                factrhs::RHS_PATTERNS,
                "(f (first =(assert let's",
            ),
        ];
        for (text, part, read) in cases {
            let error = expr(text).expect_err(text);
            assert_eq!(error.clips, Some(prntutil2(part)), "{text}");
            assert_eq!(error.read_to.map(|r| &text[..r]), Some(read), "{text}");
        }
        let error = expr("(assert (not x))").expect_err("reserved");
        assert_eq!(
            error.clips.as_deref(),
            Some("\n[PATTERN1] The symbol 'not' has special meaning and may not be used as a relation name.")
        );
        let Ok(Expr::Call(call)) = expr("(assert (a 1) (b =(+ 1 2)))") else {
            panic!("not a call")
        };
        assert!(matches!(&call.args[..], [Expr::Call(a), Expr::Call(b)]
            if a.name.name == "a" && b.args.len() == 2));
    }

    #[test]
    fn fact_errors() {
        let fact = |text: &str| parse_fact(&one(text));
        let cases = [
            (
                "(\"a\" 1)",
                "a fact must start with its relation name, not the string \"a\"",
                "\"a\"",
            ),
            ("()", "a fact cannot be empty", "()"),
            ("red", "expected a fact, found the symbol `red`", "red"),
            (
                "(not 1)",
                "`not` has a special meaning in rules and cannot be used as a fact's relation name",
                "not",
            ),
            (
                "(a $?)",
                "a wildcard can only be used in a pattern on a rule's left-hand side",
                "$?",
            ),
        ];
        for (text, message, at) in cases {
            assert_eq!(
                err_text(text, fact(text)),
                (message.to_string(), at.to_string()),
                "{text}"
            );
        }
    }
}
