//! The pretty-printer behind `ppdefrule`, `ppdeftemplate`, `ppdeffacts` and
//! `ppdeffunction`: a construct's source text laid out exactly as CLIPS 6.30 prints it;
//! and behind the construct CLIPS shows after `ERROR:` ([`read_so_far`]), for which it
//! also lays out the other constructs (globals, modules, classes, handlers, generic
//! functions, methods, instances) as their parsers do, and records where to cut.
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
//! - A class's slots put each facet on a line of its own; a method's parameters are
//!   each under the first; an object pattern's slots each under the first.
//! - Some quirks of the CLIPS parser are kept: `(loop-for-count (?i 1 3)  do` has two
//!   spaces, a `progn$`/`loop-for-count` range is followed by a space, and `(default `
//!   keeps the space after it.

use crate::syntax::parse::is_query_function;
use crate::syntax::sexpr::{read_one, SExpr, SExprKind, Token};
use crate::value::{escaped, format_float};

mod read_so_far;
pub use read_so_far::read_so_far;

/// Renders the source text of a `defrule`, `deftemplate`, `deffacts`,
/// `deffunction`, `defclass`, `defmessage-handler`, `definstances`, `defgeneric`
/// or `defmethod` as CLIPS's pretty-printer does, naming it in `module`.
///
/// Returns `None` if `source` is not one of those constructs. The result has no
/// trailing newline.
pub fn render(source: &str, module: &str) -> Option<String> {
    let (construct, _) = read_one(source).ok()??;
    let kind = construct.head()?;
    let kinds = [
        "defrule",
        "deftemplate",
        "deffacts",
        "deffunction",
        "defclass",
        "defmessage-handler",
        "definstances",
        "defgeneric",
        "defmethod",
    ];
    if !kinds.contains(&kind.as_str()) {
        return None;
    }
    construct.as_list()?.get(1)?.as_symbol()?;
    let mut p = Printer::new(None);
    p.construct(&construct, module);
    Some(p.out)
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
    let definition = definitions.chunks(3).find(|definition| {
        matches!(definition.first().and_then(SExpr::as_token),
                 Some(Token::Global(g)) if g.as_str() == name)
    })?;
    let mut p = Printer::new(None);
    p.push(&format!("(defglobal {module}"));
    p.global(definition);
    p.push(")");
    Some(p.out)
}

/// How much conditional elements indent their children.
const CE_INDENT: usize = 5;
/// How much control functions indent their bodies.
const BODY_INDENT: usize = 3;
/// How much `assert` indents its second and later facts (the width of `(assert `).
const ASSERT_INDENT: usize = 8;
/// How much an object pattern indents its later slots (the width of `(object `).
const OBJECT_INDENT: usize = 8;
/// How much a construct indents its items.
const ITEM_INDENT: usize = 3;

/// What the pretty-print buffer holds once reading has stopped just past a
/// source offset: the output up to `kept`, then `then` (text CLIPS had saved
/// before it laid the construct out further, such as the line break it starts
/// before reading an action, kept when the `)` or the end of the input came
/// instead).
#[derive(Debug)]
struct Mark {
    /// The source offset just past the token (or parenthesis) read.
    read_to: usize,
    /// How much of the output precedes it.
    kept: usize,
    /// What follows in the buffer at that point.
    then: String,
}

/// The marks a [`Printer`] records for cutting its output where reading stopped.
struct Cuts {
    marks: Vec<Mark>,
    /// The source offset just past the last character read.
    read_to: usize,
    /// The innermost list left open when the source ended, and where it ended.
    open_at_end: Option<(usize, usize)>,
}

/// The output being built, the current indentation depth and, when the output
/// is to be cut where reading stopped, the marks recorded.
struct Printer {
    out: String,
    depth: usize,
    cuts: Option<Cuts>,
}

impl Printer {
    fn new(cuts: Option<Cuts>) -> Printer {
        Printer {
            out: String::new(),
            depth: ITEM_INDENT,
            cuts,
        }
    }

    fn push(&mut self, text: &str) {
        self.out.push_str(text);
    }

    /// Records that reading up to `read_to` leaves the output so far, then `then`.
    fn mark(&mut self, read_to: usize, kept: usize, then: String) {
        if let Some(cuts) = &mut self.cuts {
            cuts.marks.push(Mark {
                read_to,
                kept,
                then,
            });
        }
    }

    /// Starts a new line at the current depth.
    fn newline(&mut self) {
        self.out.push('\n');
        self.out.extend(std::iter::repeat_n(' ', self.depth));
    }

    /// The text [`Printer::newline`] would add.
    fn line_break(&self) -> String {
        format!("\n{}", " ".repeat(self.depth))
    }

    /// Opens `list`: its `(`.
    fn open(&mut self, list: &SExpr) {
        self.push("(");
        self.mark(list.span.start + 1, self.out.len(), String::new());
    }

    /// Closes `list` with its `)`, the buffer being laid out when CLIPS finds
    /// a problem there.
    fn close(&mut self, list: &SExpr) {
        self.close_with(list, ")", "");
    }

    /// Closes `list` with its `)`: CLIPS's buffer then ends with `at_paren` when
    /// it finds a problem on reading the `)`, and with `at_end` when the input
    /// ended there (what it saved before reading the next item).
    fn close_with(&mut self, list: &SExpr, at_paren: &str, at_end: &str) {
        let open_at_end = self.cuts.as_ref().and_then(|c| c.open_at_end);
        match open_at_end {
            Some((start, end)) if start == list.span.start => {
                self.mark(end, self.out.len(), at_end.to_string());
            }
            _ => self.mark(list.span.end, self.out.len(), at_paren.to_string()),
        }
        self.push(")");
    }

    /// Records that CLIPS had saved `then` after the token it read last.
    fn then(&mut self, item: &SExpr, then: &str) {
        let kept = self.out.len();
        self.mark(item.span.end, kept, then.to_string());
    }

    /// Each item on a new line, rendered by `f`.
    fn lines(&mut self, items: &[SExpr], f: fn(&mut Printer, &SExpr)) {
        for item in items {
            self.newline();
            f(self, item);
        }
    }

    /// Each action on a new line indented `indent` more, then `list`'s `)`.
    fn body(&mut self, indent: usize, list: &SExpr, actions: &[SExpr]) {
        self.depth += indent;
        self.lines(actions, Printer::expr);
        self.close(list);
        self.depth -= indent;
    }

    /// A list whose items CLIPS reads after saving a space, which it keeps when
    /// it finds the `)` too soon: a module's port, a defclass's `is-a`, a slot
    /// without its name (`(slot )`), an instance (`(a of )`).
    fn spaced(&mut self, list: &SExpr, always: bool) {
        let items = list.as_list().unwrap_or(&[]);
        self.open(list);
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.push(" ");
            }
            self.expr(item);
        }
        let early = (always && !items.is_empty()) || items.len() == 1;
        let at_paren = if early { " )" } else { ")" };
        self.close_with(list, at_paren, " ");
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

    /// A construct: `(KIND MODULE::name`, then its items as its kind lays them out.
    fn construct(&mut self, list: &SExpr, module: &str) {
        let items = list.as_list().unwrap_or(&[]);
        self.open(list);
        let Some((kind, items)) = items.split_first() else {
            return self.close(list);
        };
        self.token(kind);
        let kind = kind.as_symbol();
        let kind = kind.as_ref().map_or("", |k| k.as_str());
        self.push(" ");
        if kind == "defglobal" {
            return self.defglobal(list, items, module);
        }
        let Some((name, items)) = items.split_first() else {
            return self.close(list);
        };
        self.name(name, module, kind != "defmodule");
        if items.is_empty() {
            // Nothing after the name: CLIPS reads the `)` on the header line.
            return self.close(list);
        }
        match kind {
            "defrule" => self.defrule(list, items),
            "deffacts" => self.items(list, items, true, Printer::fact),
            "deffunction" => self.procedure(list, items),
            "defmethod" => self.defmethod(list, items),
            "defmessage-handler" => self.defmessage_handler(list, items),
            "defclass" => self.items(list, items, true, Printer::class_item),
            "definstances" => self.items(list, items, true, Printer::instance),
            "defmodule" => self.items(list, items, true, Printer::port),
            // deftemplate, defgeneric
            _ => self.items(list, items, true, Printer::slot),
        }
    }

    /// A construct's name: qualified by `module` unless it names its own, or
    /// `qualify` is false.
    fn name(&mut self, name: &SExpr, module: &str, qualify: bool) {
        match name.as_symbol() {
            Some(s) if qualify && !s.as_str().contains("::") => {
                self.push(module);
                self.push("::");
                self.token(name);
            }
            _ => self.token(name),
        }
    }

    /// A construct's items (after an optional comment when `comment`), each on a
    /// line of its own rendered by `f`, then its `)`, CLIPS having saved `pending`
    /// before reading it.
    fn items(&mut self, list: &SExpr, items: &[SExpr], comment: bool, f: fn(&mut Printer, &SExpr)) {
        let items = if comment {
            self.header_comment(items)
        } else {
            items
        };
        self.lines(items, f);
        self.close(list);
    }

    fn defrule(&mut self, list: &SExpr, items: &[SExpr]) {
        let items = self.header_comment(items);
        let arrow = items.iter().position(|i| i.is_symbol("=>"));
        let lhs = &items[..arrow.unwrap_or(items.len())];
        self.ce_group(lhs, false);
        match arrow {
            Some(at) => {
                self.newline();
                self.token(&items[at]);
                let pending = self.line_break();
                self.lines(items.get(at + 1..).unwrap_or(&[]), Printer::expr);
                self.close_with(list, ")", &pending);
            }
            None => {
                let pending = self.line_break();
                self.close_with(list, ")", &pending);
            }
        }
    }

    /// A deffunction: parameters, comment and actions each on a line of their own;
    /// CLIPS starts a line before reading each action and the `)`.
    fn procedure(&mut self, list: &SExpr, items: &[SExpr]) {
        let pending = self.line_break();
        self.lines(items, Printer::expr);
        self.close_with(list, &format!("{pending})"), &pending);
    }

    /// A method: an optional index and comment on the header line, then its
    /// parameters (each under the first), then its actions.
    fn defmethod(&mut self, list: &SExpr, items: &[SExpr]) {
        let items = match items.split_first() {
            Some((index, rest)) if matches!(index.as_token(), Some(Token::Integer(_))) => {
                self.push(" ");
                self.token(index);
                rest
            }
            _ => items,
        };
        let items = self.header_comment(items);
        let Some((parameters, actions)) = items.split_first() else {
            return self.close(list);
        };
        self.newline();
        match parameters.as_list() {
            Some(restrictions) => {
                self.open(parameters);
                self.depth += 1;
                for (i, restriction) in restrictions.iter().enumerate() {
                    if i > 0 {
                        self.newline();
                    }
                    self.expr(restriction);
                }
                self.depth -= 1;
                // CLIPS starts the line of the actions before checking the method.
                let at_paren = format!("){}", self.line_break());
                self.close_with(parameters, &at_paren, "");
            }
            None => self.token(parameters),
        }
        self.procedure(list, actions);
    }

    /// A message-handler: the handler's name, type and comment on the header line
    /// (CLIPS reads the name on a line of its own and moves it up once the class
    /// is known), then its parameters and actions.
    fn defmessage_handler(&mut self, list: &SExpr, items: &[SExpr]) {
        let mut items = items;
        let mut first = true;
        let mut index = 0;
        while let Some((item, rest)) = items.split_first() {
            if item.as_list().is_some() {
                break;
            }
            let kept = self.out.len();
            self.push(" ");
            self.token(item);
            let text = &self.out[kept + 1..];
            let then = if first {
                format!("{}{text}", self.line_break())
            } else {
                format!(" {text} ")
            };
            self.mark(item.span.end, kept, then);
            // A comment right after the name keeps the space CLIPS saved before
            // the type it looked for.
            if index == 1 && matches!(item.as_token(), Some(Token::String(_))) {
                self.push(" ");
            }
            first = false;
            index += 1;
            items = rest;
        }
        self.procedure(list, items);
    }

    /// The globals of a defglobal, after an optional module name.
    fn defglobal(&mut self, list: &SExpr, items: &[SExpr], module: &str) {
        let items = match items.split_first() {
            Some((name, rest)) if name.as_symbol().is_some() => {
                self.token(name);
                rest
            }
            _ => {
                self.push(module);
                items
            }
        };
        // CLIPS starts its buffer again for each global: only the one being read
        // is shown.
        let read_to = self.cuts.as_ref().map(|c| c.read_to);
        let shown = items.chunks(3).rposition(|definition| {
            definition
                .first()
                .is_some_and(|first| read_to.is_none_or(|r| first.span.start < r))
        });
        for (i, definition) in items.chunks(3).enumerate() {
            if read_to.is_none() || Some(i) == shown {
                self.global(definition);
            }
        }
        self.close_with(list, " )", " ");
    }

    /// One `?*name* = value` of a defglobal, after a space. CLIPS saves the space
    /// after the name and after `=` before it reads on.
    fn global(&mut self, definition: &[SExpr]) {
        for (i, item) in definition.iter().enumerate() {
            self.push(" ");
            self.expr(item);
            let expected = match i {
                0 => matches!(item.as_token(), Some(Token::Global(_))),
                _ => i == 1 && item.is_symbol("="),
            };
            if expected {
                self.then(item, " ");
            }
        }
    }

    /// A slot of a deftemplate: on one line.
    fn slot(&mut self, slot: &SExpr) {
        let Some(items) = slot.as_list() else {
            return self.token(slot);
        };
        self.open(slot);
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.push(" ");
            }
            self.attribute(item);
        }
        self.close(slot);
    }

    /// An attribute of a slot (or facet of a class's slot). CLIPS saves a space
    /// after each value of `type` and the `allowed-` attributes before checking it.
    fn attribute(&mut self, attribute: &SExpr) {
        let Some(items) = attribute.as_list() else {
            return self.token(attribute);
        };
        let head = items.first().and_then(SExpr::as_symbol);
        let head = head.as_ref().map_or("", |h| h.as_str());
        if head == "range" || head == "cardinality" {
            // Both bounds are read after a space each.
            let at_paren = if items.len() < 3 { " )" } else { ")" };
            self.open(attribute);
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    self.push(" ");
                }
                self.expr(item);
            }
            return self.close_with(attribute, at_paren, " ");
        }
        if head != "type" && !head.starts_with("allowed-") {
            return self.expr(attribute);
        }
        self.open(attribute);
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.push(" ");
            }
            self.token(item);
            if i > 0 {
                self.then(item, " ");
            }
        }
        let empty = head != "type" && items.len() < 2;
        self.close_with(attribute, if empty { " )" } else { ")" }, " ");
    }

    /// An instance of a definstances: `(name of class overrides...)`.
    fn instance(&mut self, instance: &SExpr) {
        match instance.as_list() {
            Some(_) => self.spaced(instance, true),
            None => self.token(instance),
        }
    }

    /// A port of a defmodule: `(import A ?ALL)`, `(export ?ALL)`.
    fn port(&mut self, port: &SExpr) {
        match port.as_list() {
            Some(_) => self.spaced(port, false),
            None => self.token(port),
        }
    }

    /// An item of a defclass: `(is-a ...)` and `(role ...)` on one line, a slot's
    /// facets each on a line of its own.
    fn class_item(&mut self, item: &SExpr) {
        let Some(items) = item.as_list() else {
            return self.token(item);
        };
        let head = items.first().and_then(SExpr::as_symbol);
        let head = head.as_ref().map_or("", |h| h.as_str());
        match head {
            "slot" | "single-slot" | "multislot" => {
                if items.len() < 2 {
                    return self.spaced(item, false);
                }
                self.open(item);
                self.depth += ITEM_INDENT;
                for (i, part) in items.iter().enumerate() {
                    match i {
                        0 => self.token(part),
                        1 => {
                            self.push(" ");
                            self.token(part);
                        }
                        _ => {
                            self.newline();
                            self.attribute(part);
                        }
                    }
                }
                self.depth -= ITEM_INDENT;
                self.close(item);
            }
            "is-a" => self.spaced(item, false),
            _ => self.call(item),
        }
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
            if matches!(items[i].as_token(), Some(Token::SfVar(_))) {
                // `?f <- (pattern)`; CLIPS reads what follows `?f` on its line.
                self.token(&items[i]);
                i += 1;
                let arrow = items
                    .get(i)
                    .filter(|a| matches!(a.as_token(), Some(Token::Arrow)));
                if let Some(arrow) = arrow {
                    self.push(" ");
                    self.token(arrow);
                    i += 1;
                }
                if let Some(ce) = items.get(i) {
                    self.push(" ");
                    self.ce(ce);
                    i += 1;
                }
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
        let (padding, inline) = match head.as_ref().map(|h| h.as_str()) {
            Some("and") => (" ", true),
            Some("not") => (" ", true),
            Some("or") => ("  ", true),
            Some("exists") => ("", false),
            Some("forall") => ("", false),
            Some("logical") => ("", false),
            Some("test") => return self.call(ce),
            Some("declare") => return self.declare(ce, items),
            _ => return self.pattern(ce),
        };
        self.open(ce);
        self.token(&items[0]);
        if !inline {
            // CLIPS starts the first child's line before it checks the CE.
            let first_line = format!("\n{}", " ".repeat(self.depth + CE_INDENT));
            self.then(&items[0], &first_line);
        }
        if items.len() > 1 {
            self.push(padding);
        }
        self.depth += CE_INDENT;
        self.ce_group(&items[1..], inline);
        self.depth -= CE_INDENT;
        self.close(ce);
    }

    /// `(declare (salience N) (auto-focus B))`: CLIPS reads each property's
    /// value after a space.
    fn declare(&mut self, ce: &SExpr, items: &[SExpr]) {
        self.open(ce);
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.push(" ");
            }
            match item.as_list() {
                Some(_) => self.spaced(item, false),
                None => self.token(item),
            }
        }
        self.close(ce);
    }

    /// A pattern: constraints joined by spaces, connectives without, `:` and `=`
    /// calls attached to their prefix.
    fn pattern(&mut self, list: &SExpr) {
        let items = list.as_list().unwrap_or(&[]);
        self.open(list);
        // An object pattern puts its second and later slots under its first.
        let object = items.first().is_some_and(|h| h.is_symbol("object"));
        let indent = if object { OBJECT_INDENT } else { 0 };
        self.depth += indent;
        let mut glue = true;
        let mut i = 0;
        while i < items.len() {
            let item = &items[i];
            let token = item.as_token();
            if object && i > 1 && item.as_list().is_some() {
                self.newline();
            } else if !glue && (i == 1 || !matches!(token, Some(Token::Amp | Token::Bar))) {
                // CLIPS saves a space after a pattern's first field: a connective
                // there, an error, is shown after it (`(red |`).
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
                    Some(_) => self.pattern(item),
                    None => self.token(item),
                },
            }
            i += 1;
        }
        self.depth -= indent;
        self.close(list);
    }

    // ---- expressions ----

    /// A fact of a deffacts or an `assert`: its slots' values are expressions.
    fn fact(&mut self, fact: &SExpr) {
        match fact.as_list() {
            Some(_) => self.call(fact),
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
        let opening = |p: &mut Printer| {
            p.open(e);
            p.token(&items[0]);
        };
        match name {
            "if" => {
                opening(self);
                self.if_then_else(e, args)
            }
            "while" | "loop-for-count" => {
                opening(self);
                self.looping(e, name, args)
            }
            "progn" => {
                opening(self);
                self.body(BODY_INDENT, e, args);
            }
            "progn$" | "foreach" => {
                opening(self);
                self.foreach(e, name, args)
            }
            "switch" => {
                opening(self);
                self.switch(e, args)
            }
            "assert" => {
                opening(self);
                self.assert(e, args)
            }
            "make-instance" => {
                // Slot overrides each on a line of their own.
                opening(self);
                let overrides = args.iter().position(|a| a.as_list().is_some());
                let (header, overrides) = args.split_at(overrides.unwrap_or(args.len()));
                for item in header {
                    self.push(" ");
                    self.expr(item);
                }
                self.depth += BODY_INDENT;
                self.lines(overrides, Printer::expr);
                self.depth -= BODY_INDENT;
                self.close(e);
            }
            q if is_query_function(q) && args.len() >= 2 => {
                opening(self);
                self.push(" ");
                self.expr(&args[0]);
                self.body(BODY_INDENT, e, &args[1..]);
            }
            _ => self.call(e),
        }
    }

    /// A list on one line: its items separated by spaces. CLIPS saves the space
    /// before reading each argument.
    fn call(&mut self, list: &SExpr) {
        let items = list.as_list().unwrap_or(&[]);
        self.open(list);
        for (i, item) in items.iter().enumerate() {
            let glued = i > 1 && items[i - 1].is_symbol("=") && item.as_list().is_some();
            if i > 0 && !glued {
                self.push(" ");
            }
            if i == 0 {
                self.token_or_call(item);
            } else {
                self.expr(item);
            }
        }
        let at_end = if items.is_empty() { "" } else { " " };
        self.close_with(list, ")", at_end);
    }

    /// A list's head: a function name, or a list (as in a parameter list).
    fn token_or_call(&mut self, item: &SExpr) {
        match item.as_list() {
            Some(_) => self.call(item),
            None => self.token(item),
        }
    }

    /// `(if C then A... [else A...])`, after `(if`.
    fn if_then_else(&mut self, list: &SExpr, args: &[SExpr]) {
        self.push(" ");
        let Some((condition, rest)) = args.split_first() else {
            return self.close(list);
        };
        self.expr(condition);
        self.depth += BODY_INDENT;
        // `then` and `else` on lines of their own, like the actions.
        self.lines(rest, Printer::expr);
        self.close(list);
        self.depth -= BODY_INDENT;
    }

    /// `(while C [do] A...)` and `(loop-for-count RANGE [do] A...)`, after the
    /// function's name.
    fn looping(&mut self, list: &SExpr, name: &str, args: &[SExpr]) {
        self.push(" ");
        let Some((head, rest)) = args.split_first() else {
            return self.close(list);
        };
        self.expr(head);
        if name == "loop-for-count" && is_range(head) {
            // CLIPS keeps the space it saved after a `(?var ...)` range.
            self.push(" ");
        }
        let actions = match rest.split_first() {
            Some((first, actions)) if first.is_symbol("do") => {
                self.push(" ");
                self.token(first);
                actions
            }
            _ => rest,
        };
        self.body(BODY_INDENT, list, actions);
    }

    /// `(progn$ (?v LIST) A...)` or `(foreach ?v LIST A...)` (and `progn$` without
    /// a variable), after the function's name.
    fn foreach(&mut self, list: &SExpr, name: &str, args: &[SExpr]) {
        let header = if name == "foreach" { 2 } else { 1 }.min(args.len());
        for item in &args[..header] {
            self.push(" ");
            self.expr(item);
        }
        if name == "progn$" && args.first().is_some_and(is_range) {
            self.push(" ");
        }
        self.body(BODY_INDENT, list, &args[header..]);
    }

    /// `(switch X (case V then A...)... [(default A...)])`, after `(switch`.
    fn switch(&mut self, list: &SExpr, args: &[SExpr]) {
        self.push(" ");
        let Some((subject, clauses)) = args.split_first() else {
            return self.close(list);
        };
        self.expr(subject);
        self.depth += BODY_INDENT;
        for clause in clauses {
            self.newline();
            match clause.as_list() {
                Some([case, value, then, actions @ ..])
                    if case.is_symbol("case") && then.is_symbol("then") =>
                {
                    self.open(clause);
                    self.token(case);
                    self.push(" ");
                    self.expr(value);
                    self.push(" ");
                    self.token(then);
                    self.body(BODY_INDENT, clause, actions);
                }
                Some([default, actions @ ..]) if default.is_symbol("default") => {
                    self.open(clause);
                    self.token(default);
                    self.push(" ");
                    self.body(BODY_INDENT, clause, actions);
                }
                _ => self.expr(clause),
            }
        }
        self.close(list);
        self.depth -= BODY_INDENT;
    }

    /// `(assert F...)`, after `(assert`: later facts under the first.
    fn assert(&mut self, list: &SExpr, facts: &[SExpr]) {
        self.depth += ASSERT_INDENT;
        for (i, fact) in facts.iter().enumerate() {
            if i == 0 {
                self.push(" ");
            } else {
                self.newline();
            }
            self.fact(fact);
        }
        self.close(list);
        self.depth -= ASSERT_INDENT;
    }

    // ---- tokens ----

    /// A token as CLIPS prints it (a list, should one come here, on one line).
    fn token(&mut self, e: &SExpr) {
        let text = match &e.kind {
            SExprKind::List(_) => return self.call(e),
            SExprKind::Token(t) => token_text(t),
        };
        self.push(&text);
        self.mark(e.span.end, self.out.len(), String::new());
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
