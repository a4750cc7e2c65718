//! The pretty-printer behind `ppdefrule`, `ppdeftemplate`, `ppdeffacts` and
//! `ppdeffunction`: a construct's source text laid out exactly as CLIPS 6.30 prints it.
//!
//! CLIPS builds a construct's pretty form while parsing it, so its layout follows the
//! parser rather than a width limit. The rules this module reproduces:
//!
//! - The header is `(KIND MODULE::name`, followed by ` "comment"` for rules,
//!   templates and deffacts. Every further item (CE, action, slot, fact) starts a new
//!   line indented 3 spaces; the closing `)` ends the last line. A deffunction puts its
//!   parameter list, then its comment, on lines of their own.
//! - A rule's `=>` is on a line of its own (`=>)` when the rule has no actions).
//! - Tokens are joined by single spaces, except that nothing separates a constraint
//!   from the connectives `&`, `|`, `~`, nor `:` or `=` from the call that follows.
//!   Floats are printed in CLIPS's number format (`1.50` is `1.5`), strings re-escaped.
//! - Conditional elements indent their children 5 more: `(and `, `(not ` and `(or  `
//!   (padded to 5 characters) keep the first child on their line, and `(exists`,
//!   `(forall` and `(logical` start every child on a new line.
//! - Control functions indent their bodies 3 more than the line they start on, each
//!   action on its own line: `if` also puts `then` and `else` on lines of their own;
//!   `while`/`loop-for-count` keep an optional `do` on the header line; `switch` puts
//!   each `case`/`default` on its own line; the fact-set queries put their query on
//!   its own line; `assert` puts its second and later facts under its first.
//! - Some quirks of the CLIPS parser are kept: `(loop-for-count (?i 1 3)  do` has two
//!   spaces, a `progn$`/`loop-for-count` range is followed by a space, and `(default `
//!   keeps the space after it.

use crate::syntax::parse::QUERY_FUNCTIONS;
use crate::syntax::sexpr::{read_one, SExpr, SExprKind, Token};
use crate::value::{escaped, format_float};

/// Renders the source text of a `defrule`, `deftemplate`, `deffacts` or
/// `deffunction` as CLIPS's pretty-printer does, naming it in `module`.
///
/// Returns `None` if `source` is not one of those constructs. The result has no
/// trailing newline.
pub fn render(source: &str, module: &str) -> Option<String> {
    let (construct, _) = read_one(source).ok()??;
    let items = construct.as_list()?;
    let kind = items.first()?.as_symbol()?;
    let name = items.get(1)?.as_symbol()?;
    let name =
        crate::compile::program::split_qualified(name.as_str()).map_or(name.as_str(), |(_, n)| n);
    let mut p = Printer::new(kind.as_str(), module, name);
    match kind.as_str() {
        "defrule" => p.defrule(&items[2..]),
        "deftemplate" => p.deftemplate(&items[2..]),
        "deffacts" => p.deffacts(&items[2..]),
        "deffunction" => p.deffunction(&items[2..]),
        _ => return None,
    }
    Some(p.out)
}

/// What CLIPS shows after `ERROR:` for a construct it found a problem in: the
/// construct laid out as far as CLIPS had read it, `read_to` bytes of `construct`.
/// (Interim: the whole construct's layout when it was read to its end, its text
/// up to `read_to` otherwise.)
pub fn read_so_far(construct: &str, module: &str, read_to: usize) -> String {
    match construct.get(..read_to) {
        Some(read) if read_to < construct.len() => read.to_string(),
        _ => render(construct, module).unwrap_or_else(|| construct.to_string()),
    }
}

/// Renders the global `name` of the source text of a `defglobal` as CLIPS's
/// `ppdefglobal` does: `(defglobal MODULE ?*name* = value)`, the value's tokens
/// laid out as in the other constructs. `None` if the text defines no such global.
pub fn render_global(source: &str, module: &str, name: &str) -> Option<String> {
    let (construct, _) = read_one(source).ok()??;
    let items = construct.as_list()?;
    let definitions = items.get(1..)?;
    // An optional module name comes before the first `?*name* = value`.
    let definitions = match definitions.first()?.as_symbol() {
        Some(_) => &definitions[1..],
        None => definitions,
    };
    let value = definitions
        .chunks(3)
        .find_map(|definition| match definition {
            [variable, _, value] => match variable.as_token() {
                Some(Token::Global(g)) if g.as_str() == name => Some(value),
                _ => None,
            },
            _ => None,
        })?;
    let mut p = Printer {
        out: format!("(defglobal {module} ?*{name}* = "),
        depth: 3,
    };
    p.expr(value);
    p.push(")");
    Some(p.out)
}

/// How much conditional elements indent their children.
const CE_INDENT: usize = 5;
/// How much control functions indent their bodies.
const BODY_INDENT: usize = 3;
/// How much `assert` indents its second and later facts (the width of `(assert `).
const ASSERT_INDENT: usize = 8;

/// The output being built and the current indentation depth.
struct Printer {
    out: String,
    depth: usize,
}

impl Printer {
    /// Starts a construct: `(KIND MODULE::name`, with items indented 3.
    fn new(kind: &str, module: &str, name: &str) -> Printer {
        Printer {
            out: format!("({kind} {module}::{name}"),
            depth: 3,
        }
    }

    fn push(&mut self, text: &str) {
        self.out.push_str(text);
    }

    /// Starts a new line at the current depth.
    fn newline(&mut self) {
        self.out.push('\n');
        self.out.extend(std::iter::repeat_n(' ', self.depth));
    }

    /// Each item on a new line, rendered by `f`.
    fn lines(&mut self, items: &[SExpr], f: fn(&mut Printer, &SExpr)) {
        for item in items {
            self.newline();
            f(self, item);
        }
    }

    /// Each action on a new line indented `indent` more, then the closing `)`.
    fn body(&mut self, indent: usize, actions: &[SExpr]) {
        self.depth += indent;
        self.lines(actions, Printer::expr);
        self.push(")");
        self.depth -= indent;
    }

    /// A leading comment string, if `items` starts with one: ` "comment"` is
    /// appended and the rest returned.
    fn header_comment<'a>(&mut self, items: &'a [SExpr]) -> &'a [SExpr] {
        match items.split_first() {
            Some((first, rest)) if matches!(first.as_token(), Some(Token::String(_))) => {
                self.push(" ");
                self.token(first);
                rest
            }
            _ => items,
        }
    }

    // ---- constructs ----

    fn defrule(&mut self, items: &[SExpr]) {
        let items = self.header_comment(items);
        let arrow = items
            .iter()
            .position(|i| i.is_symbol("=>"))
            .unwrap_or(items.len());
        self.ce_group(&items[..arrow], false);
        self.newline();
        self.push("=>");
        self.body(0, items.get(arrow + 1..).unwrap_or(&[]));
    }

    fn deftemplate(&mut self, items: &[SExpr]) {
        let slots = self.header_comment(items);
        self.body(0, slots);
    }

    fn deffacts(&mut self, items: &[SExpr]) {
        let facts = self.header_comment(items);
        self.lines(facts, Printer::fact);
        self.push(")");
    }

    fn deffunction(&mut self, items: &[SExpr]) {
        // Parameters, comment and actions each start a line of their own.
        self.body(0, items);
    }

    // ---- the LHS ----

    /// A sequence of CEs; the first stays on the current line when `inline`.
    /// A `?f <- (pattern)` binding is one CE.
    fn ce_group(&mut self, items: &[SExpr], inline: bool) {
        let mut i = 0;
        while i < items.len() {
            if i > 0 || !inline {
                self.newline();
            }
            let bound = matches!(items[i].as_token(), Some(Token::SfVar(_)))
                && matches!(
                    items.get(i + 1).and_then(SExpr::as_token),
                    Some(Token::Arrow)
                );
            if bound && i + 2 < items.len() {
                self.token(&items[i]);
                self.push(" <- ");
                self.ce(&items[i + 2]);
                i += 3;
            } else {
                self.ce(&items[i]);
                i += 1;
            }
        }
    }

    /// One conditional element.
    fn ce(&mut self, ce: &SExpr) {
        let Some(items) = ce.as_list() else {
            return self.token(ce);
        };
        let head = items.first().and_then(SExpr::as_symbol);
        let (opening, inline) = match head.as_ref().map(|h| h.as_str()) {
            Some("and") => ("(and ", true),
            Some("not") => ("(not ", true),
            Some("or") => ("(or  ", true),
            Some("exists") => ("(exists", false),
            Some("forall") => ("(forall", false),
            Some("logical") => ("(logical", false),
            Some("test") => return self.call(items),
            Some("declare") => return self.call(items),
            _ => return self.pattern(items),
        };
        self.push(opening);
        self.depth += CE_INDENT;
        self.ce_group(&items[1..], inline);
        self.depth -= CE_INDENT;
        self.push(")");
    }

    /// A pattern: constraints joined by spaces, connectives without, `:` and `=`
    /// calls attached to their prefix.
    fn pattern(&mut self, items: &[SExpr]) {
        self.push("(");
        let mut glue = true;
        let mut i = 0;
        while i < items.len() {
            let item = &items[i];
            let token = item.as_token();
            if !glue && !matches!(token, Some(Token::Amp | Token::Bar)) {
                self.push(" ");
            }
            glue = matches!(token, Some(Token::Amp | Token::Bar | Token::Tilde));
            let prefix = item.is_symbol(":") || item.is_symbol("=");
            match items.get(i + 1) {
                Some(call) if prefix && call.as_list().is_some() => {
                    self.token(item);
                    self.expr(call);
                    i += 2;
                    continue;
                }
                _ => match item.as_list() {
                    Some(slot) => self.pattern(slot),
                    None => self.token(item),
                },
            }
            i += 1;
        }
        self.push(")");
    }

    // ---- expressions ----

    /// A fact of a deffacts or an `assert`: its slots' values are expressions.
    fn fact(&mut self, fact: &SExpr) {
        match fact.as_list() {
            Some(items) => self.call(items),
            None => self.token(fact),
        }
    }

    /// An expression: a token, a control function laid out over several lines, or
    /// a call on one line.
    fn expr(&mut self, e: &SExpr) {
        let Some(items) = e.as_list() else {
            return self.token(e);
        };
        let head = items.first().and_then(SExpr::as_symbol);
        let name = head.as_ref().map_or("", |h| h.as_str());
        let args = items.get(1..).unwrap_or(&[]);
        match name {
            "if" => self.if_then_else(args),
            "while" => self.looping("(while ", args),
            "loop-for-count" => self.looping("(loop-for-count ", args),
            "progn" => {
                self.push("(progn");
                self.body(BODY_INDENT, args);
            }
            "progn$" | "foreach" => self.foreach(name, args),
            "switch" => self.switch(args),
            "assert" => self.assert(args),
            q if QUERY_FUNCTIONS.contains(&q) && args.len() >= 2 => {
                self.push("(");
                self.push(q);
                self.push(" ");
                self.expr(&args[0]);
                self.body(BODY_INDENT, &args[1..]);
            }
            _ => self.call(items),
        }
    }

    /// A list on one line: its items separated by spaces.
    fn call(&mut self, items: &[SExpr]) {
        self.push("(");
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.push(" ");
            }
            if i == 0 {
                self.token_or_call(item);
            } else {
                self.expr(item);
            }
        }
        self.push(")");
    }

    /// A list's head: a function name, or a list (as in a parameter list).
    fn token_or_call(&mut self, item: &SExpr) {
        match item.as_list() {
            Some(items) => self.call(items),
            None => self.token(item),
        }
    }

    /// `(if C then A... [else A...])`.
    fn if_then_else(&mut self, args: &[SExpr]) {
        self.push("(if ");
        let Some((condition, rest)) = args.split_first() else {
            return self.push(")");
        };
        self.expr(condition);
        self.depth += BODY_INDENT;
        let rest = match rest.split_first() {
            Some((then, actions)) if then.is_symbol("then") => {
                self.newline();
                self.push("then");
                actions
            }
            _ => rest,
        };
        let split = rest.iter().position(|a| a.is_symbol("else"));
        let (then_actions, else_part) = match split {
            Some(at) => (&rest[..at], Some(&rest[at + 1..])),
            None => (rest, None),
        };
        self.lines(then_actions, Printer::expr);
        if let Some(else_actions) = else_part {
            self.newline();
            self.push("else");
            self.lines(else_actions, Printer::expr);
        }
        self.push(")");
        self.depth -= BODY_INDENT;
    }

    /// `(while C [do] A...)` and `(loop-for-count RANGE [do] A...)`.
    fn looping(&mut self, opening: &str, args: &[SExpr]) {
        self.push(opening);
        let Some((head, rest)) = args.split_first() else {
            return self.push(")");
        };
        self.expr(head);
        if opening.starts_with("(loop") && is_range(head) {
            // CLIPS keeps the space it saved after a `(?var ...)` range.
            self.push(" ");
        }
        let actions = match rest.split_first() {
            Some((first, actions)) if first.is_symbol("do") => {
                self.push(" do");
                actions
            }
            _ => rest,
        };
        self.body(BODY_INDENT, actions);
    }

    /// `(progn$ (?v LIST) A...)` or `(foreach ?v LIST A...)` (and `progn$` without
    /// a variable).
    fn foreach(&mut self, name: &str, args: &[SExpr]) {
        self.push("(");
        self.push(name);
        let header = if name == "foreach" { 2 } else { 1 }.min(args.len());
        for item in &args[..header] {
            self.push(" ");
            self.expr(item);
        }
        if name == "progn$" && args.first().is_some_and(is_range) {
            self.push(" ");
        }
        self.body(BODY_INDENT, &args[header..]);
    }

    /// `(switch X (case V then A...)... [(default A...)])`.
    fn switch(&mut self, args: &[SExpr]) {
        self.push("(switch ");
        let Some((subject, clauses)) = args.split_first() else {
            return self.push(")");
        };
        self.expr(subject);
        self.depth += BODY_INDENT;
        for clause in clauses {
            self.newline();
            match clause.as_list() {
                Some([case, value, then, actions @ ..])
                    if case.is_symbol("case") && then.is_symbol("then") =>
                {
                    self.push("(case ");
                    self.expr(value);
                    self.push(" then");
                    self.body(BODY_INDENT, actions);
                }
                Some([default, actions @ ..]) if default.is_symbol("default") => {
                    self.push("(default ");
                    self.body(BODY_INDENT, actions);
                }
                _ => self.expr(clause),
            }
        }
        self.push(")");
        self.depth -= BODY_INDENT;
    }

    /// `(assert F...)`: later facts under the first.
    fn assert(&mut self, facts: &[SExpr]) {
        self.push("(assert");
        self.depth += ASSERT_INDENT;
        for (i, fact) in facts.iter().enumerate() {
            if i == 0 {
                self.push(" ");
            } else {
                self.newline();
            }
            self.fact(fact);
        }
        self.push(")");
        self.depth -= ASSERT_INDENT;
    }

    // ---- tokens ----

    /// A token as CLIPS prints it (a list, should one come here, on one line).
    fn token(&mut self, e: &SExpr) {
        let text = match &e.kind {
            SExprKind::List(items) => return self.call(items),
            SExprKind::Token(t) => token_text(t),
        };
        self.push(&text);
    }
}

/// Whether `e` is a `(?var ...)` range of `loop-for-count` or `progn$`.
fn is_range(e: &SExpr) -> bool {
    e.as_list()
        .and_then(|items| items.first())
        .is_some_and(|first| matches!(first.as_token(), Some(Token::SfVar(_))))
}

/// The printed form of a token.
fn token_text(token: &Token) -> String {
    match token {
        Token::Symbol(s) => s.as_str().to_string(),
        Token::String(s) => escaped(s.as_str()),
        Token::Integer(i) => i.to_string(),
        Token::Float(x) => format_float(*x),
        Token::SfVar(v) => format!("?{v}"),
        Token::MfVar(v) => format!("$?{v}"),
        Token::SfWildcard => "?".into(),
        Token::MfWildcard => "$?".into(),
        Token::Global(g) => format!("?*{g}*"),
        Token::Amp => "&".into(),
        Token::Bar => "|".into(),
        Token::Tilde => "~".into(),
        Token::Arrow => "<-".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::render;

    /// Renders `source` in MAIN.
    fn pp(source: &str) -> String {
        render(source, "MAIN").expect("a construct")
    }

    #[test]
    fn rule_with_comment_declare_binding_and_not() {
        let source = "(defrule   bye   \"says goodbye\"
           (declare (salience -10))
           ?p <- (person ?name&~admin)
           (not (staying ?name))
           =>
           (retract ?p) (printout t \"Bye \" ?name crlf))";
        assert_eq!(
            pp(source),
            "(defrule MAIN::bye \"says goodbye\"
   (declare (salience -10))
   ?p <- (person ?name&~admin)
   (not (staying ?name))
   =>
   (retract ?p)
   (printout t \"Bye \" ?name crlf))"
        );
    }

    #[test]
    fn rule_without_lhs_or_rhs() {
        assert_eq!(
            pp("(defrule r3 => (assert (foo)))"),
            "(defrule MAIN::r3\n   =>\n   (assert (foo)))"
        );
        assert_eq!(
            pp("(defrule r2 (a) => )"),
            "(defrule MAIN::r2\n   (a)\n   =>)"
        );
    }

    #[test]
    fn connected_ces_indent_their_children_five() {
        let source = "(defrule r (or (d 1) (and (e 2) (f 3))) (not (exists (c) (d)))
            (forall (x ?y) (z ?y)) (not (not (a))) (or (and (d) (e)) (f)) =>)";
        assert_eq!(
            pp(source),
            "(defrule MAIN::r
   (or  (d 1)
        (and (e 2)
             (f 3)))
   (not (exists
             (c)
             (d)))
   (forall
        (x ?y)
        (z ?y))
   (not (not (a)))
   (or  (and (d)
             (e))
        (f))
   =>)"
        );
    }

    #[test]
    fn constraints_and_numbers() {
        let source = "(defrule r (b ?y&:(= ?y ?x)|=(+ ?x 1)) (a ?x & ?y) (b ?x& ~ red) (c ~red)
            (car (make ?m&vw|bmw) (owners $? ann $?)) (a 1.0 -0.5 1e5 1e20 2.5E-3 \"a\\\\b\" \"\")
            (test (and (> 1 0) (< 0 1))) => (printout t \"hi \\\"q\\\" \" 1.50 crlf))";
        assert_eq!(
            pp(source),
            "(defrule MAIN::r
   (b ?y&:(= ?y ?x)|=(+ ?x 1))
   (a ?x&?y)
   (b ?x&~red)
   (c ~red)
   (car (make ?m&vw|bmw) (owners $? ann $?))
   (a 1.0 -0.5 100000.0 1e+20 0.0025 \"a\\\\b\" \"\")
   (test (and (> 1 0) (< 0 1)))
   =>
   (printout t \"hi \\\"q\\\" \" 1.5 crlf))"
        );
    }

    #[test]
    fn control_functions_in_a_rule() {
        let source = "(defrule r1 ?f <- (car) => (assert (x 1) (y 2))
            (loop-for-count 3 do (printout t x)) (loop-for-count (?i 10) (printout t ?i))
            (loop-for-count (?i 1 ?*g*) do) (progn (bind ?x 1) (bind ?y 2))
            (progn$ (?v ?l) (printout t ?v)) (progn$ (?v ?l)) (foreach ?v ?l)
            (switch ?*g* (case 1 then (printout t a)) (case 2 then) (default))
            (do-for-fact ((?c car) (?d car)) (neq ?c ?d) (printout t ?c))
            (while TRUE (break)) (if TRUE then) (printout t (if ?x then 1 else 2) crlf))";
        assert_eq!(
            pp(source),
            "(defrule MAIN::r1
   ?f <- (car)
   =>
   (assert (x 1)
           (y 2))
   (loop-for-count 3 do
      (printout t x))
   (loop-for-count (?i 10) 
      (printout t ?i))
   (loop-for-count (?i 1 ?*g*)  do)
   (progn
      (bind ?x 1)
      (bind ?y 2))
   (progn$ (?v ?l) 
      (printout t ?v))
   (progn$ (?v ?l) )
   (foreach ?v ?l)
   (switch ?*g*
      (case 1 then
         (printout t a))
      (case 2 then)
      (default ))
   (do-for-fact ((?c car) (?d car))
      (neq ?c ?d)
      (printout t ?c))
   (while TRUE
      (break))
   (if TRUE
      then)
   (printout t (if ?x
      then
      1
      else
      2) crlf))"
        );
    }

    #[test]
    fn expressions_in_ces_indent_from_the_ce_depth() {
        let source = "(defrule a3 (not (a ?x&:(if ?x then TRUE))) =>
            (if (progn (printout t x) TRUE) then (printout t y)))";
        assert_eq!(
            pp(source),
            "(defrule MAIN::a3
   (not (a ?x&:(if ?x
           then
           TRUE)))
   =>
   (if (progn
      (printout t x)
      TRUE)
      then
      (printout t y)))"
        );
    }

    #[test]
    fn nested_ces_and_bodies_and_multiline_strings() {
        let source = "(defrule m1 (declare (salience ?*s*)) (a \"two\nlines\")
            (not (and (b) (or (c) (exists (d))))) => (printout t \"x\ny\" crlf)
            (while (> 1 2) do (if TRUE then (loop-for-count (?i 2) do (printout t ?i)))))";
        assert_eq!(
            pp(source),
            "(defrule MAIN::m1
   (declare (salience ?*s*))
   (a \"two
lines\")
   (not (and (b)
             (or  (c)
                  (exists
                       (d)))))
   =>
   (printout t \"x
y\" crlf)
   (while (> 1 2) do
      (if TRUE
         then
         (loop-for-count (?i 2)  do
            (printout t ?i)))))"
        );
    }

    #[test]
    fn deftemplates() {
        let source = "(deftemplate t1 \"tc\" (slot a (default 1.50) (type INTEGER FLOAT)
            (range 0 10)) (multislot b (cardinality 0 5) (allowed-symbols x y z))
            (slot c (default ?NONE)) (slot d (default-dynamic (gensym))) (slot e))";
        assert_eq!(
            pp(source),
            "(deftemplate MAIN::t1 \"tc\"
   (slot a (default 1.5) (type INTEGER FLOAT) (range 0 10))
   (multislot b (cardinality 0 5) (allowed-symbols x y z))
   (slot c (default ?NONE))
   (slot d (default-dynamic (gensym)))
   (slot e))"
        );
        assert_eq!(pp("(deftemplate t2)"), "(deftemplate MAIN::t2)");
        assert_eq!(pp("(deftemplate t1 \"c\")"), "(deftemplate MAIN::t1 \"c\")");
    }

    #[test]
    fn deffacts_empty_and_not() {
        assert_eq!(pp("(deffacts d1)"), "(deffacts MAIN::d1)");
        assert_eq!(
            render("(deffacts M::d2 \"cmt\" (a 1) ; c\n (b \"x\" 1.50))", "M").unwrap(),
            "(deffacts M::d2 \"cmt\"\n   (a 1)\n   (b \"x\" 1.5))"
        );
    }

    #[test]
    fn deffunctions() {
        let source =
            "(deffunction f1 (?a $?rest) \"doc\" (if (> ?a 1) then (printout t \"big\" crlf)
            (bind ?a 2) else (printout t \"small\" crlf)) (while (< ?a 10) do (bind ?a (+ ?a 1)))
            (loop-for-count (?i 1 10) do (printout t ?i crlf))
            (switch ?a (case 1 then (printout t one)) (case 2 then two) (default three)) ?a)";
        assert_eq!(
            pp(source),
            "(deffunction MAIN::f1
   (?a $?rest)
   \"doc\"
   (if (> ?a 1)
      then
      (printout t \"big\" crlf)
      (bind ?a 2)
      else
      (printout t \"small\" crlf))
   (while (< ?a 10) do
      (bind ?a (+ ?a 1)))
   (loop-for-count (?i 1 10)  do
      (printout t ?i crlf))
   (switch ?a
      (case 1 then
         (printout t one))
      (case 2 then
         two)
      (default 
         three))
   ?a)"
        );
        assert_eq!(pp("(deffunction f2 ())"), "(deffunction MAIN::f2\n   ())");
    }

    #[test]
    fn other_text_is_not_a_construct() {
        assert_eq!(render("(defglobal ?*x* = 1)", "MAIN"), None);
        assert_eq!(render("", "MAIN"), None);
    }
}
