//! Loading: parsing source text, compiling each construct and adding it to the
//! environment; executing top-level commands; running batch files.

use super::commands::TABLE;
use super::report::ConstructSource;
use super::{DeffactsDef, Environment, Production, Rule, Salience};
use crate::compile::expr::CExpr;
use crate::compile::lhs::{Disjunct, LhsCompiler};
use crate::compile::program::{split_qualified, Exported, Function, Global};
use crate::compile::template::{Slot, SlotConstraint, SlotDefault, Template};
use crate::compile::template_users::TemplateUser;
use crate::compile::{ExprCompiler, Scope, TemplateId, DEFFUNCTION};
use crate::eval::{self, Unwind};
use crate::exact::collect_exact;
use crate::messages;
use crate::rete::ProductionId;
use crate::syntax::ast::{self, Construct, DefaultSpec, Expr, TopLevel};
use crate::syntax::parse::{is_construct_name, parse_each, parse_top_level};
use crate::syntax::sexpr::{find_construct_start, line_end, read_next, read_prefix, Next, SExpr};
use crate::syntax::{Diagnostic, SourceText};
use crate::value::{atom, Value};
use std::rc::Rc;

/// A load that found errors: every diagnostic, rendered against the source.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{rendered}")]
pub struct LoadError {
    /// The problems found.
    pub diagnostics: Vec<Diagnostic>,
    /// The diagnostics rendered with file, line, column and caret.
    pub rendered: String,
}

impl LoadError {
    fn new(diagnostics: Vec<Diagnostic>, name: &str, text: &str) -> Self {
        let rendered = Environment::render_diagnostics(&diagnostics, name, text);
        LoadError {
            diagnostics,
            rendered,
        }
    }

    /// An error that is not tied to a source position (e.g. an unreadable file).
    pub fn message(text: String) -> Self {
        LoadError {
            diagnostics: Vec::new(),
            rendered: text,
        }
    }
}

/// The construct starting at or after `pos` (after blanks) that is never closed,
/// read to the end of `text` with its open lists closed there; `None` if what
/// starts there is no construct. Its spans are offsets in `text`.
pub(super) fn unclosed_construct(text: &str, pos: usize) -> Option<SExpr> {
    let at = pos + crate::syntax::sexpr::skip_blanks(text.get(pos..)?);
    if find_construct_start(text, at, is_construct_name) != Some(at) {
        return None;
    }
    // Blanks in place of what comes before keep the offsets those of `text`.
    let padded = format!("{}{}", " ".repeat(at), text.get(at..)?);
    match read_prefix(&padded)? {
        (item, Some(_still_open)) => Some(item),
        // Closed after all: the reading failed for another reason.
        (_, None) => None,
    }
}

/// The error for a command in a file to load.
fn not_a_construct(span: crate::syntax::Span) -> Diagnostic {
    Diagnostic::new(span, "expected a construct")
        .with_label(
            "a file to load holds only constructs (deftemplate, defrule, ...); use batch for commands",
        )
        .with_clips(messages::constructs::cstrcpsr1())
}

/// The error for a `)` where a construct should start in a file to load.
fn stray_close(at: usize) -> Diagnostic {
    Diagnostic::new(crate::syntax::Span::new(at, at + 1), "unexpected `)`")
        .with_label("no `(` is open here")
        .with_clips(messages::constructs::cstrcpsr1())
}

/// A construct of a load that its check passed, and its rule if kept.
type CheckedConstruct = (CheckedSyntax, Option<KeptRule>);

/// What defining a checked construct reads of its syntax.
enum CheckedSyntax {
    /// The construct's syntax tree.
    Tree(Box<Construct>),
    /// A kept rule's name, comment, auto-focus and extent: all that defining it
    /// reads. Its tree is dropped at the check: held until each rule was defined,
    /// the trees' 256-byte blocks, freed one by one among blocks that stay, left
    /// rules_1000's load holding five mostly empty pages of them.
    KeptRule(RuleHeader),
}

/// See [`CheckedSyntax::KeptRule`].
struct RuleHeader {
    name: ast::Ident,
    comment: Option<String>,
    auto_focus: Option<bool>,
    span: crate::syntax::Span,
}

impl RuleHeader {
    /// The header of `construct`, if it is a rule (its comment taken out: the
    /// tree is dropped after).
    fn take(construct: &mut Construct) -> Option<RuleHeader> {
        let Construct::Rule(r) = construct else {
            return None;
        };
        Some(RuleHeader {
            name: r.name,
            comment: r.comment.take(),
            auto_focus: r.auto_focus,
            span: r.span,
        })
    }

    /// The rule as a construct with no conditions, actions or salience (its kept
    /// compiled form has them).
    fn into_construct(self) -> Construct {
        Construct::Rule(ast::Defrule {
            name: self.name,
            comment: self.comment,
            salience: None,
            auto_focus: self.auto_focus,
            lhs: Vec::new(),
            rhs: Vec::new(),
            span: self.span,
        })
    }
}

/// A rule compiled by the check of a load, kept for defining it: its salience and,
/// for each disjunct, the chain, the actions and the size of the actions' frame.
///
/// The check defines the load's templates, functions and globals in the same order
/// into a copy of the same tables, and compiled code refers to them by number, so
/// a rule whose compiling only read the tables compiles to the same thing when it
/// is defined. A rule is kept only then (see `define_rule`): compiling 2,000 rules
/// for `rules_1000` where 1,000 do was 15% of its instructions.
struct KeptRule {
    salience: Salience,
    productions: Vec<(Disjunct, Vec<CExpr>, usize)>,
    /// The templates compiling the rule named (see [`TemplateUsers`]), noted
    /// again when it is defined.
    ///
    /// [`TemplateUsers`]: crate::compile::template_users::TemplateUsers
    templates: Box<[TemplateId]>,
}

/// The character CLIPS's `load` prints for each construct of a kind it defines
/// (while compilations are not watched).
fn progress_mark(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "defrule" => "*",
        "deftemplate" => "%",
        "deffacts" => "$",
        "deffunction" => "!",
        "defglobal" => ":",
        "defmodule" => "+",
        "defclass" => "#",
        "definstances" => "@",
        "defgeneric" => "^",
        "defmethod" => "&",
        "defmessage-handler" => "~",
        _ => return None,
    })
}

/// How a load shows its progress and its errors.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum LoadOutput {
    /// Nothing is printed: the errors are returned.
    Silent,
    /// Errors are reported as they are found, as `load*` does.
    Errors,
    /// Errors are reported, and a character for each construct defined, as
    /// `load` typed as a command does.
    Progress,
}

impl Environment {
    /// Loads the constructs in `text` (named `name` in messages) as CLIPS does: each
    /// construct is defined in turn, and one with an error is left out while the
    /// rest load. The error lists the constructs left out (and anything in the text
    /// that is not a construct); nothing is printed. See
    /// [`Environment::load_str_atomic`] for a load that defines all or nothing.
    pub fn load_str(&mut self, text: &str, name: &str) -> Result<(), LoadError> {
        self.load_constructs(Rc::from(text), name, LoadOutput::Silent)
    }

    /// Loads the constructs in `text` (named `name` in messages), all or nothing:
    /// every error in the text is reported, and a load with any error defines
    /// nothing: the environment stays as it was.
    pub fn load_str_atomic(&mut self, text: &str, name: &str) -> Result<(), LoadError> {
        self.load_text(Rc::from(text), name)
    }

    /// Loads the constructs of `shared` (named `name` in messages) one by one, as
    /// CLIPS's `load` does: a construct with an error is reported and left out, the
    /// search for the next construct skips what is not one (reporting the first
    /// such item after a construct that loaded, `[CSTRCPSR1]`), and the rest load.
    pub(crate) fn load_constructs(
        &mut self,
        shared: Rc<str>,
        name: &str,
        output: LoadOutput,
    ) -> Result<(), LoadError> {
        let text = &*shared;
        let origin = self.add_source(name, shared.clone());
        let mut diagnostics = Vec::new();
        let mut pos = 0;
        let mut after_error = false;
        // With compilations watched, CLIPS names each rule and shows its joins in
        // place of the progress characters.
        let watching = output == LoadOutput::Progress && self.rt.watch.compilations;
        let marks = output == LoadOutput::Progress && !watching;
        loop {
            let found = self.next_construct(name, text, pos, after_error, output, &mut diagnostics);
            let Some((item, end, unclosed)) = found else {
                break;
            };
            pos = end;
            let kind = item
                .head()
                .map(|h| h.as_str().to_string())
                .unwrap_or_default();
            let named = item.as_list().is_some_and(|l| l.len() > 1);
            // CLIPS prints the mark once it has read the construct's name: not for
            // a name in a module that does not exist.
            let module = (item.as_list().and_then(|l| l.get(1)?.as_symbol()))
                .and_then(|name| name.as_str().split_once("::").map(|(m, _)| m.to_string()));
            let known_module = module.is_none_or(|m| {
                (self.rt.program)
                    .module_id(crate::value::atom(&m))
                    .is_some()
            });
            if marks && named && known_module && kind != "defglobal" {
                if let Some(mark) = progress_mark(&kind) {
                    self.rt.routers.write("t", mark);
                }
            }
            let rule_name = item.as_list().and_then(|l| l.get(1)?.as_symbol());
            if let Some(rule) = rule_name.filter(|_| watching && kind == "defrule") {
                self.rt
                    .routers
                    .write("t", &format!("Defining defrule: {} ", rule.as_str()));
            }
            let defined = match self.parse_construct(&item, unclosed) {
                Ok(Some(c)) => {
                    let outer = std::mem::replace(&mut self.rt.load_marks, marks);
                    let outer_joins = std::mem::replace(&mut self.rt.load_joins, watching);
                    let defined = self.define(&c, text, origin);
                    self.rt.load_marks = outer;
                    self.rt.load_joins = outer_joins;
                    defined
                }
                Ok(None) => Ok(()),
                Err(d) => Err(d),
            };
            after_error = defined.is_err();
            if let Err(d) = defined {
                if output != LoadOutput::Silent {
                    let source = ConstructSource {
                        name,
                        text,
                        span: item.span,
                        loading: true,
                    };
                    self.report_construct_error(&d, &source);
                }
                // CLIPS goes on from where it stopped reading, to the next construct.
                let stopped = d.read_to.filter(|&r| r > item.span.start && r < end);
                let resume = stopped.and_then(|r| find_construct_start(text, r, is_construct_name));
                pos = resume.filter(|&r| r < end).unwrap_or(end);
                diagnostics.push(d);
            }
        }
        if marks {
            self.rt.routers.write("t", "\n");
        }
        if diagnostics.is_empty() {
            Ok(())
        } else {
            Err(LoadError::new(diagnostics, name, text))
        }
    }

    /// Finds the next construct of `text` at or after byte `pos`: returns it and the
    /// offset after it, or `None` at the end of the text (or at a read error, which
    /// is reported). Items that are not constructs are skipped; the first is
    /// reported unless the search follows a construct with an error, as CLIPS's
    /// error correction goes. A construct left open to the end of the text is
    /// returned as read so far (its lists closed there), with the reading error:
    /// CLIPS reports the error it finds inside it, and resumes after that.
    fn next_construct(
        &mut self,
        name: &str,
        text: &str,
        mut pos: usize,
        after_error: bool,
        output: LoadOutput,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Option<(crate::syntax::sexpr::SExpr, usize, Option<Diagnostic>)> {
        let mut reported = after_error;
        loop {
            // The problem, where CLIPS saw it (the token after a list's `(`), and
            // where reading goes on.
            let (problem, at, next) = match read_next(text, pos) {
                Ok(Next::End) => return None,
                Ok(Next::Item(item, end)) => {
                    if item.head().is_some_and(|h| is_construct_name(h.as_str())) {
                        return Some((item, end, None));
                    }
                    let first = item.as_list().and_then(|items| items.first());
                    let at = first.map_or(item.span.start, |token| token.span.start);
                    (not_a_construct(item.span), at, end)
                }
                Ok(Next::StrayClose(at)) => (stray_close(at), at, at + 1),
                Err(d) => {
                    // A construct left open (not other reading errors, such as too
                    // deep a nesting) is read as far as it goes.
                    let open = crate::syntax::sexpr::is_unclosed(&d);
                    if let Some(item) = unclosed_construct(text, pos).filter(|_| open) {
                        return Some((item, text.len(), Some(d)));
                    }
                    if output != LoadOutput::Silent {
                        self.report_diagnostic(&d, name, text);
                    }
                    diagnostics.push(d);
                    return None;
                }
            };
            if !reported {
                reported = true;
                let line = crate::syntax::span::line_col(text, at).line;
                let problem = match problem.clips.as_deref() {
                    Some(clips) => {
                        let located = messages::at_line(clips, name, line);
                        problem.with_clips(located)
                    }
                    None => problem,
                };
                if output != LoadOutput::Silent {
                    self.report_diagnostic(&problem, name, text);
                }
                diagnostics.push(problem);
            }
            pos = next;
        }
    }

    /// [`Environment::load_str_atomic`] for a text the environment may keep (as the
    /// constructs' source texts) without copying it.
    pub(crate) fn load_text(&mut self, shared: Rc<str>, name: &str) -> Result<(), LoadError> {
        let text = &*shared;
        let (items, mut diagnostics) = self.check_source(text);
        if !diagnostics.is_empty() {
            diagnostics.sort_by_key(|d| d.span.start);
            return Err(LoadError::new(diagnostics, name, text));
        }
        self.reserve_for(&items);
        let origin = self.add_source(name, shared.clone());
        for (syntax, mut kept) in items {
            let construct = match syntax {
                CheckedSyntax::Tree(construct) => *construct,
                CheckedSyntax::KeptRule(header) => header.into_construct(),
            };
            if let Err(d) = self.define_kept(&construct, text, origin, &mut kept) {
                diagnostics.push(d);
            }
        }
        if diagnostics.is_empty() {
            Ok(())
        } else {
            diagnostics.sort_by_key(|d| d.span.start);
            Err(LoadError::new(diagnostics, name, text))
        }
    }

    /// Makes room in the network and the tables of rules for the kept rules of
    /// `items`, before defining them (see [`Network::reserve`]).
    ///
    /// [`Network::reserve`]: crate::rete::Network::reserve
    fn reserve_for(&mut self, items: &[CheckedConstruct]) {
        let kept = || items.iter().filter_map(|(_, kept)| kept.as_ref());
        let rules = kept().count();
        let chains = kept().flat_map(|k| k.productions.iter().map(|(d, ..)| &*d.nodes));
        self.net.reserve(chains);
        self.rt.rules.reserve(rules);
        self.rt.rule_ids.reserve(rules);
        self.rt.program.template_users.reserve(rules);
        (self.rt.productions).reserve(kept().map(|k| k.productions.len()).sum());
    }

    /// Reads, parses and compiles each construct of `text` in turn against a copy of
    /// the symbol tables, defining nothing. Returns the constructs, each rule with
    /// the compiled form defining it may use (see [`KeptRule`]), and every problem
    /// found: syntax errors, commands, and semantic errors in the constructs that
    /// parsed. A kept rule's conditions and actions are dropped from its syntax
    /// tree at once, so the load never holds the trees of all its rules.
    fn check_source(&mut self, text: &str) -> (Vec<CheckedConstruct>, Vec<Diagnostic>) {
        let saved = self.rt.program.clone();
        self.rt.checking = true;
        let mut checked = Vec::new();
        let mut diagnostics = Vec::new();
        parse_each(text, |item| match item {
            Ok(TopLevel::Construct(mut construct)) => {
                let mut kept = None;
                if let Err(d) = self.define_kept(&construct, text, 0, &mut kept) {
                    diagnostics.push(d);
                }
                let header = kept.as_ref().and_then(|_| RuleHeader::take(&mut construct));
                let syntax = match header {
                    Some(header) => CheckedSyntax::KeptRule(header),
                    None => CheckedSyntax::Tree(construct),
                };
                checked.push((syntax, kept));
            }
            Ok(TopLevel::Command(expr)) => diagnostics.push(not_a_construct(expr.span())),
            Err(mut errors) => diagnostics.append(&mut errors),
        });
        self.rt.checking = false;
        self.rt.program = saved;
        (checked, diagnostics)
    }

    /// Loads the constructs of a file as [`Environment::load_str`] does.
    pub fn load_file(&mut self, path: impl AsRef<std::path::Path>) -> Result<(), LoadError> {
        self.load_file_with(path.as_ref(), LoadOutput::Silent)
    }

    /// Loads the constructs of a file as `load*` does: each construct with an
    /// error is reported on the error router, in the chosen style (see
    /// [`Environment::set_diagnostic_style`]), as it is found, and left out; the
    /// rest load. The error lists what was left out.
    pub fn load_file_reporting(
        &mut self,
        path: impl AsRef<std::path::Path>,
    ) -> Result<(), LoadError> {
        self.load_file_with(path.as_ref(), LoadOutput::Errors)
    }

    /// Reads and loads the file at `path`, showing `output`.
    pub(crate) fn load_file_with(
        &mut self,
        path: &std::path::Path,
        output: LoadOutput,
    ) -> Result<(), LoadError> {
        let text = crate::syntax::encoding::read_file(path).map_err(|e| {
            LoadError::message(format!("error: cannot read {}: {e}", path.display()))
        })?;
        // One copy of the text, kept as the constructs' source.
        self.load_constructs(Rc::from(text), &path.display().to_string(), output)
    }

    /// Keeps `text` (named `name`) as a source that spans point into, and gives its
    /// number. A text kept among the last few is not kept again: a program that
    /// reads the same batch file or builds the same construct over and over would
    /// otherwise hold one more copy each time, without bound.
    pub(crate) fn add_source(&mut self, name: &str, text: Rc<str>) -> usize {
        const RECENT: usize = 8;
        let recent = self.rt.sources.len().saturating_sub(RECENT);
        let again = self.rt.sources[recent..]
            .iter()
            .rposition(|(n, t)| n == name && **t == *text);
        if let Some(at) = again {
            return recent + at;
        }
        self.rt.sources.push((name.to_string(), text));
        self.rt.sources.len() - 1
    }

    /// Defines one construct.
    pub(crate) fn define(
        &mut self,
        construct: &Construct,
        text: &str,
        origin: usize,
    ) -> Result<(), Diagnostic> {
        self.define_kept(construct, text, origin, &mut None)
    }

    /// [`Environment::define`], with a slot for a rule compiled once for both passes
    /// of a load: a check leaves the rule it compiled in `kept` (when it may be
    /// kept), and defining takes the rule from there instead of compiling it again.
    fn define_kept(
        &mut self,
        construct: &Construct,
        text: &str,
        origin: usize,
        kept: &mut Option<KeptRule>,
    ) -> Result<(), Diagnostic> {
        let span = construct.span();
        if self.rt.bloaded {
            return Err(bloaded(construct, span));
        }
        self.rt.program.template_users.start();
        // The text of the source `origin`, shared; a check (which keeps nothing) and
        // an unknown origin copy the construct's text instead.
        let source = match self.rt.sources.get(origin) {
            Some((_, file)) if !self.rt.checking => SourceText::new(file.clone(), span),
            _ => SourceText::from(text.get(span.start..span.end).unwrap_or("")),
        };
        // A construct named `MODULE::name` makes MODULE the current module, as in CLIPS.
        let name = match construct {
            Construct::Template(t) => Some(&t.name),
            Construct::Facts(f) => Some(&f.name),
            Construct::Rule(r) => Some(&r.name),
            Construct::Function(f) => Some(&f.name),
            Construct::Global(g) => g.module.as_ref(),
            Construct::Class(c) => Some(&c.name),
            Construct::Instances(d) => Some(&d.name),
            Construct::Generic(g) => Some(&g.name),
            Construct::Method(m) => Some(&m.name),
            Construct::Module(_) | Construct::Hypothesis(_) | Construct::Handler(_) => None,
        };
        if let Some(name) = name {
            let qualifier = match construct {
                Construct::Global(_) => Some(name.name.as_str()),
                _ => split_qualified(name.name.as_str()).map(|(m, _)| m),
            };
            if let Some(module) = qualifier {
                match self.rt.program.module_id(crate::value::atom(module)) {
                    Some(id) => self.rt.program.current_module = id,
                    None => {
                        // CLIPS stops reading at the name.
                        return Err(Diagnostic::new(
                            name.span,
                            format!("unknown module `{module}`"),
                        )
                        .with_label("define it with (defmodule ...) first")
                        .with_clips(messages::prntutil::prntutil1("defmodule", module, true))
                        .read_to(name.span.end));
                    }
                }
            }
        }
        match construct {
            Construct::Template(t) => self.define_template(t, source),
            Construct::Facts(f) => self.define_deffacts(f, source),
            Construct::Rule(r) => self.define_rule(r, source, origin, kept),
            Construct::Function(f) => self.define_function(f, source),
            Construct::Global(g) => self.define_globals(g, source),
            Construct::Module(m) => {
                self.rt.program.check_defmodule(m)?;
                let id = (self.rt.program)
                    .define_module(m.name.name, m.clone())
                    .map_err(|e| e.at(m.name.span, m.span.end))?;
                self.rt.program.current_module = id;
                Ok(())
            }
            Construct::Hypothesis(h) => self.define_hypothesis(h),
            Construct::Class(c) => self.define_class(c, source),
            Construct::Handler(h) => self.define_handler(h, source),
            Construct::Instances(d) => self.define_instances(d, source),
            Construct::Generic(g) => self.define_generic(g, source),
            Construct::Method(m) => self.define_method(m, source),
        }
    }

    pub(super) fn compiler(&mut self, scope: Scope) -> ExprCompiler<'_> {
        ExprCompiler::new(&mut self.rt.program, &TABLE, scope)
    }

    fn const_value(&mut self, expr: &Expr) -> Result<Value, Diagnostic> {
        let compiled = self.compiler(Scope::default()).compile(expr)?;
        self.rt
            .eval_plain(&compiled)
            .map_err(|e| Diagnostic::new(expr.span(), e.message))
    }

    fn define_template(
        &mut self,
        t: &ast::Deftemplate,
        source: SourceText,
    ) -> Result<(), Diagnostic> {
        let name = crate::compile::program::unqualified(t.name.name);
        let module = self.rt.program.module_of(t.name.name);
        self.rt
            .program
            .check_conflict(Exported::Template, name, module, false)
            .map_err(|e| e.at(t.name.span))?;
        self.refuse_redefining_in_use(t, name, module)?;
        let mut slots = Vec::with_capacity(t.slots.len());
        for s in &t.slots {
            let mut constraint = SlotConstraint {
                types: s.types.iter().map(|i| i.name).collect(),
                ..Default::default()
            };
            for a in s.allowed.iter().chain(s.also_allowed.iter()) {
                constraint.allowed.push((a.kind, a.values.clone()));
            }
            constraint.range = s.range.clone();
            constraint.cardinality = s.cardinality;
            let default = match &s.default {
                DefaultSpec::Derive => SlotDefault::Derive,
                DefaultSpec::Required => SlotDefault::Required,
                DefaultSpec::Static(exprs) => {
                    let mut values = eval::Args::with_capacity(exprs.len());
                    for e in exprs {
                        values.push(self.const_value(e)?);
                    }
                    let value = match eval::flatten(values) {
                        value if s.multi => value,
                        Value::Multifield(items) if items.len() == 1 => items[0].clone(),
                        value => {
                            return Err(Diagnostic::new(
                                s.span,
                                format!(
                                    "the default of single-field slot `{}` is the multifield {}",
                                    s.name.name,
                                    value.repr()
                                ),
                            )
                            .with_label("declare the slot with `multislot` to hold several values")
                            .with_clips(messages::default::default1())
                            .read_to(s.span.end))
                        }
                    };
                    check_default(s, &constraint, &value, false)?;
                    SlotDefault::Static(value)
                }
                DefaultSpec::Dynamic(exprs) => {
                    let constants = Expr::constant_values(exprs);
                    // CLIPS counts the values only when it knows them all.
                    let multi = s.multi && constants.len() == exprs.len();
                    check_default(s, &constraint, &Value::multifield(constants), multi)?;
                    let compiled = self.compiler(Scope::default()).compile_all(exprs)?;
                    SlotDefault::Dynamic(compiled.into())
                }
            };
            slots.push(Slot {
                name: s.name.name,
                multi: s.multi,
                default,
                constraint,
                facets: s.facets.iter().map(|(n, v)| (n.name, v.clone())).collect(),
            });
        }
        self.rt.program.add_template(Template {
            name,
            module,
            implied: false,
            slots,
            source: Some(source),
        });
        Ok(())
    }

    /// CLIPS's `[CSTRCPSR4]`: a template that facts or constructs use keeps its
    /// definition (they were made or compiled against its slots).
    fn refuse_redefining_in_use(
        &self,
        t: &ast::Deftemplate,
        name: crate::value::Atom,
        module: crate::compile::ModuleId,
    ) -> Result<(), Diagnostic> {
        let own = self.rt.program.own_template(module, name);
        let Some(why) = own.and_then(|id| self.rt.template_in_use(id)) else {
            return Ok(());
        };
        let clips = messages::constructs::cstrcpsr4("deftemplate", name.as_str());
        Err(Diagnostic::new(t.name.span, clips.trim_start())
            .with_label(format!("{why}; (clear) removes every construct and fact"))
            .with_clips(clips)
            .read_to(t.name.span.end))
    }

    fn define_deffacts(&mut self, f: &ast::Deffacts, source: SourceText) -> Result<(), Diagnostic> {
        let mut compiler = self.compiler(Scope::default());
        let facts = collect_exact(f.facts.iter().map(|spec| compiler.fact(spec)))?;
        let name = f.name.name;
        let module = self.rt.program.module_of(name);
        self.rt
            .program
            .template_users
            .record(TemplateUser::Deffacts(name));
        if self.rt.checking {
            return Ok(());
        }
        self.rt.deffacts.retain(|d| d.name != name);
        self.rt.deffacts.push(DeffactsDef {
            name,
            facts,
            module,
            source,
        });
        Ok(())
    }

    fn define_function(
        &mut self,
        f: &ast::Deffunction,
        source: SourceText,
    ) -> Result<(), Diagnostic> {
        let plain = f.name.name.as_str();
        if is_construct_name(plain) {
            return Err(Diagnostic::new(
                f.name.span,
                format!("a deffunction cannot be named `{plain}`, a construct"),
            )
            .with_label("choose another name")
            .with_clips(messages::dffnxpsr::dffnxpsr1())
            .read_to(parameters_open(f, &source)));
        }
        if self.rt.program.generic_id(f.name.name).is_some() {
            return Err(Diagnostic::new(
                f.name.span,
                format!("deffunction `{plain}` would replace a generic function"),
            )
            .with_label("choose another name, or define methods with (defmethod ...)")
            .with_clips(messages::dffnxpsr::dffnxpsr3())
            .read_to(parameters_open(f, &source)));
        }
        if crate::functions::lookup(plain).is_some() || super::commands::lookup(plain).is_some() {
            if !crate::functions::newer::replaceable_by_deffunction(plain) {
                return Err(Diagnostic::new(
                    f.name.span,
                    format!("deffunction `{plain}` would hide a built-in function"),
                )
                .with_label("choose another name")
                .with_clips(messages::dffnxpsr::dffnxpsr2())
                .read_to(parameters_open(f, &source)));
            }
            let warning = format!(
                "Warning: deffunction '{plain}' replaces the built-in function of that name, which CLIPS 6.30 did not have."
            );
            self.rt.routers.write("werror", &format!("{warning}\n"));
        }
        let module = self.rt.program.module_of(f.name.name);
        let name = crate::compile::program::unqualified(f.name.name);
        if let Some(id) = self.rt.program.function_from(module, name) {
            if self.rt.functions_running.contains(&id) {
                let clips = messages::dffnxpsr::dffnxpsr4(name.as_str());
                return Err(Diagnostic::new(f.name.span, clips.clone())
                    .with_clips(clips)
                    .read_to(parameters_open(f, &source)));
            }
        }
        (self.rt.program)
            .check_conflict(Exported::Function, name, module, false)
            .map_err(|e| e.at(f.name.span))?;
        let id = self.rt.program.declare_function(Function {
            name,
            module,
            params: f.params.len(),
            rest: f.rest.is_some(),
            body: None,
            calls: Box::default(),
            frame_size: 0,
            source: Some(source),
        });
        let mut scope = Scope::for_body(DEFFUNCTION);
        scope.function = Some(name);
        for p in f.params.iter().chain(f.rest.iter()) {
            scope.slot(p.name);
        }
        scope.begin_actions(&f.body);
        let mut compiler = self.compiler(scope);
        let body = match compiler.compile_all(&f.body) {
            Ok(body) => body,
            Err(error) => {
                // As in CLIPS, a deffunction whose body has an error is not
                // defined, and one it was to replace is gone.
                self.rt.program.remove_function(f.name.name);
                return Err(error);
            }
        };
        let frame_size = compiler.scope.size();
        let calls = std::mem::take(&mut compiler.functions_called);
        let program = &mut self.rt.program;
        let function = &mut program.functions[id as usize];
        function.body = Some(body.into());
        function.calls = calls.into_iter().filter(|&c| c != id).collect();
        function.frame_size = frame_size;
        let user = program.function_user(id);
        program.template_users.record(user);
        Ok(())
    }

    /// Defines the globals of `g` one by one, as CLIPS reads them: each value is
    /// evaluated once, and the globals before an error (`g.error`, or a value that
    /// fails) stay defined.
    fn define_globals(&mut self, g: &ast::Defglobal, source: SourceText) -> Result<(), Diagnostic> {
        for (name, expr) in &g.globals {
            if self.rt.load_marks {
                self.rt.routers.write("t", ":");
            }
            let module = self.rt.program.current_module;
            (self.rt.program)
                .check_conflict(Exported::Global, name.name, module, false)
                .map_err(|e| e.at(name.span))?;
            if let Some(unbound) = self.undefined_global_in(expr) {
                return Err(unbound);
            }
            let init = self.compile_top_level(expr).0?;
            let value = match super::top_level::eval(self, &init, false) {
                Ok(v) | Err(Unwind::Return(v)) => v,
                Err(Unwind::Break) => Value::Void,
                Err(Unwind::Error(e)) => {
                    return Err(Diagnostic::new(expr.span(), e.message.trim_start())
                        .with_clips(e.message)
                        .read_to(expr.span().end));
                }
            };
            self.rt.program.add_global(Global {
                name: name.name,
                module,
                value,
                init: Rc::new(init),
                source: source.clone(),
            });
        }
        match &g.error {
            Some(error) => {
                if self.rt.load_marks && error.name_read {
                    self.rt.routers.write("t", ":");
                }
                Err(error.diagnostic.clone())
            }
            None => Ok(()),
        }
    }

    /// The first global a global's initial value `expr` reads that is not defined,
    /// as CLIPS finds it when it parses the value (`[GLOBLDEF1]`). Local variables
    /// are the prompt's: one unbound when read is an error of the evaluation.
    pub(super) fn undefined_global_in(&self, expr: &Expr) -> Option<Diagnostic> {
        match expr {
            Expr::Global(id) if self.rt.program.global_id(id.name).is_none() => Some(
                Diagnostic::new(
                    id.span,
                    format!("undefined global variable `?*{}*`", id.name),
                )
                .with_label("a global's initial value reads only defined globals")
                .with_clips(messages::globldef::globldef1(&id.name))
                .read_to(id.span.end),
            ),
            Expr::Call(call) => call
                .args
                .iter()
                .find_map(|arg| self.undefined_global_in(arg)),
            Expr::List(items, _) => items.iter().find_map(|item| self.undefined_global_in(item)),
            Expr::Const(..) | Expr::Global(_) | Expr::Var(_) | Expr::MfVar(_) => None,
        }
    }

    fn define_rule(
        &mut self,
        r: &ast::Defrule,
        source: SourceText,
        origin: usize,
        kept: &mut Option<KeptRule>,
    ) -> Result<(), Diagnostic> {
        let name = crate::compile::program::unqualified(r.name.name);
        let module = self.rt.program.module_of(r.name.name);
        if let Some(firing) = self.rt.firing_rule.and_then(|i| self.rt.rules.get(i)) {
            if firing.name == name && firing.module == module {
                let clips = messages::constructs::cstrcpsr4("defrule", name.as_str());
                return Err(Diagnostic::new(r.name.span, clips.trim_start())
                    .with_label("its actions are running")
                    .with_clips(clips)
                    .read_to(r.name.span.end));
            }
        }
        let templates_before = self.rt.program.templates.len();
        let KeptRule {
            salience,
            productions: compiled,
            templates,
        } = match kept.take() {
            Some(rule) => rule,
            None => self.compile_rule(r)?,
        };
        for &id in &templates {
            self.rt.program.template_users.note(id);
        }
        let user = TemplateUser::Rule(self.rt.program.module_name(module), name);
        // In a check, the rule is kept unless compiling it did more than read the
        // tables: a salience computed now may come out otherwise once the load's
        // globals are set, and a pattern on a new ordered relation made an implied
        // template. Its templates are read before `record` takes them.
        let keep = self.rt.checking
            && matches!(salience, Salience::Fixed(_))
            && self.rt.program.templates.len() == templates_before;
        let noted = keep.then(|| self.rt.program.template_users.noted().into());
        self.rt.program.template_users.record(user);
        if self.rt.checking {
            if let Some(templates) = noted {
                *kept = Some(KeptRule {
                    salience,
                    productions: compiled,
                    templates,
                });
            }
            return Ok(());
        }
        self.unlink_rule((module, name));
        let rule_index = self.rt.rules.len();
        let mut productions = Vec::new();
        let mut chains = Vec::with_capacity(compiled.len());
        for (d, rhs, frame_size) in compiled {
            let id = ProductionId(self.rt.productions.len() as u32);
            self.rt.productions.push(Production {
                rule: rule_index,
                rhs: rhs.into(),
                rhs_frame: d.rhs_frame,
                frame_size,
                logical_level: d.logical_level,
                specificity: d.specificity,
                removed: false,
            });
            productions.push(id);
            chains.push(d.nodes);
        }
        self.rt.rules.push(Rule {
            name,
            module,
            salience,
            auto_focus: r.auto_focus.unwrap_or(false),
            productions: productions.clone(),
            source,
            origin,
            comment: r.comment.as_deref().map(Rc::from),
            fired: 0,
            breakpoint: false,
        });
        self.rt.rule_ids.insert((module, name), rule_index);
        self.branch_net = None;
        let mut facts: Vec<Rc<crate::wm::Fact>> = self.rt.wm.iter().cloned().collect();
        facts.extend(self.object_elements());
        for (chain, id) in chains.into_iter().zip(productions) {
            let joins = self
                .net
                .add_production(chain, id, facts.iter(), &mut self.rt);
            if self.rt.load_joins {
                self.rt.routers.write("t", &format!("{joins}\n"));
            }
        }
        Ok(())
    }

    /// Compiles rule `r`: its salience, and each disjunct's chain and actions.
    fn compile_rule(&mut self, r: &ast::Defrule) -> Result<KeptRule, Diagnostic> {
        let salience = match &r.salience {
            None => Salience::Fixed(0),
            Some(Expr::Const(Value::Integer(i), _)) => Salience::Fixed(*i as i32),
            Some(expr) => {
                let compiled = self.compiler(Scope::default()).compile(expr)?;
                let now = match self.rt.eval_plain(&compiled) {
                    Ok(Value::Integer(i)) if (-10000..=10000).contains(&i) => i as i32,
                    Ok(other) => {
                        return Err(Diagnostic::new(
                            expr.span(),
                            "salience must be an integer from -10000 to 10000",
                        )
                        .with_label(format!("this evaluates to {}", other.repr())))
                    }
                    Err(e) => return Err(Diagnostic::new(expr.span(), e.message)),
                };
                Salience::Dynamic(Rc::new(compiled), now)
            }
        };
        // CLIPS analyses the variables once it has read the whole rule: an error
        // it finds while reading (one with `read_to`) comes first.
        let program = &self.rt.program;
        let analysed = crate::compile::analysis::analyse(&r.lhs, |nodes| {
            crate::compile::rulecstr::check(nodes, &r.rhs, program, &TABLE)
        });
        let disjuncts = match (
            LhsCompiler::new(&mut self.rt.program, &TABLE).compile(&r.lhs),
            analysed,
        ) {
            (Err(read), _) if read.clips.is_some() && read.read_to.is_some() => return Err(read),
            (_, Err(analysis)) => return Err(analysis),
            (compiled, Ok(())) => compiled?,
        };
        let mut compiled = Vec::with_capacity(disjuncts.len());
        for mut d in disjuncts {
            // The actions' scope is read only to compile them: taken, not copied.
            let mut scope = std::mem::take(&mut d.rhs_scope);
            scope.begin_actions(&r.rhs);
            let mut compiler = self.compiler(scope);
            compiler.fact_templates = (d.fact_templates.iter())
                .filter(|(name, _)| !crate::compile::binds(&r.rhs, *name))
                .copied()
                .collect();
            let rhs = crate::compile::retraction::mark(compiler.compile_all(&r.rhs)?);
            let frame_size = compiler.scope.size();
            compiled.push((d, rhs, frame_size));
        }
        Ok(KeptRule {
            salience,
            productions: compiled,
            templates: Box::default(),
        })
    }

    /// Removes rule `name` (`MODULE::name`, or a rule of the current module) and its
    /// activations; `false` if there is none.
    pub(crate) fn remove_rule(&mut self, name: crate::value::Atom) -> bool {
        let Some((module, name)) = self.rt.program.module_and_name(name) else {
            return false;
        };
        let user = TemplateUser::Rule(self.rt.program.module_name(module), name);
        self.rt.program.template_users.forget(user);
        self.unlink_rule((module, name))
    }

    /// Takes the rule of `module` named `name` out of the network and the table of
    /// names (its record of the templates it names is left to the caller).
    fn unlink_rule(
        &mut self,
        (module, name): (crate::compile::ModuleId, crate::value::Atom),
    ) -> bool {
        let Some(index) = self.rt.rule_ids.remove(&(module, name)) else {
            return false;
        };
        self.branch_net = None;
        for p in self.rt.rules[index].productions.clone() {
            self.rt.productions[p.0 as usize].removed = true;
            self.net.remove_production(p, &mut self.rt);
        }
        true
    }

    /// The rule named `name` (`MODULE::name`, or a rule of the current module).
    pub fn rule_index(&self, name: &str) -> Option<usize> {
        self.rt.rule_named(atom(name))
    }

    /// Rule indices of the defined rules, in definition order.
    pub fn rule_indices(&self) -> Vec<usize> {
        self.rt.defined_rules().collect()
    }

    /// Compiles `expr` in the top-level scope (see [`super::top_level`]),
    /// and says whether it names constructs (a `(clear)` under it is refused).
    fn compile_top_level(&mut self, expr: &Expr) -> (Result<CExpr, Diagnostic>, bool) {
        let scope = std::mem::take(&mut self.rt.top_scope);
        let mut compiler = ExprCompiler::new(&mut self.rt.program, &TABLE, scope);
        let compiled = compiler.compile(expr);
        let names_constructs = compiler.names_constructs;
        self.rt.top_scope = compiler.scope;
        (compiled, names_constructs)
    }

    /// Executes a top-level command expression, returning its value.
    pub fn eval_command(&mut self, expr: &Expr) -> Result<Value, eval::EvalError> {
        self.rt.execution_halted = false;
        let (compiled, locks_clear) = self.compile_top_level(expr);
        let style = self.rt.diagnostic_style;
        let compiled = compiled.map_err(|d| eval::EvalError {
            message: match (style, d.clips) {
                (super::DiagnosticStyle::Clips, Some(clips)) => clips,
                _ => (d.label).map_or(d.message.clone(), |l| format!("{}: {l}", d.message)),
            },
            span: Some(d.span),
            returns: None,
        })?;
        // The time limit also stops a runaway loop typed as a command (a `(run)`
        // inside sets its own deadline and clears it when done).
        let outer = self.rt.deadline;
        if outer.is_none() {
            self.rt.deadline = self
                .rt
                .limits
                .max_time
                .map(|t| std::time::Instant::now() + t);
        }
        let result = super::top_level::eval(self, &compiled, locks_clear);
        self.rt.deadline = outer;
        match result {
            Ok(v) | Err(Unwind::Return(v)) => Ok(v),
            Err(Unwind::Break) => Ok(Value::Void),
            Err(Unwind::Error(e)) => Err(e),
        }
    }

    /// Reads and executes every item of `text` as CLIPS's batch does: constructs are
    /// defined, commands run. With `echo`, the lines each item was read from are
    /// echoed after a `CLIPS> ` prompt and each command's value printed, as
    /// `clips -f` shows them. Input read with `(read)`/`(readline)` on `t` comes
    /// from the same text. A `)` where a command should start is reported as CLIPS
    /// reports it, and the batch goes on at the next line. A `(batch FILE)` among
    /// the commands has FILE read right after it (see [`super::BatchQueue`]).
    pub fn batch_str(&mut self, text: &str, name: &str, echo: bool) {
        self.read_batch(text, name, echo);
        if echo && self.rt.exit_requested.is_none() {
            self.rt.routers.write("t", "CLIPS> ");
        }
        self.rt.routers.flush();
    }

    /// [`Environment::batch_str`] without the last prompt (a batch file asked for
    /// by a command is read on, and the prompt that follows it is the outer input's).
    fn read_batch(&mut self, text: &str, name: &str, echo: bool) {
        let input = Rc::new(std::cell::RefCell::new(super::TextInput {
            text: text.to_string(),
            pos: 0,
            echo,
        }));
        let saved = self.rt.routers.stdin.replace(input.clone());
        let origin = self.add_source(name, Rc::from(text));
        self.rt.batch_queue.readers += 1;
        while self.rt.exit_requested.is_none() {
            let pos = input.borrow().pos;
            let (end, item) = match self.next_command(text, pos, name) {
                Some(Next::Item(item, end)) => (end, Some(item)),
                Some(Next::StrayClose(at)) => (at + 1, None),
                Some(Next::End) | None => break,
            };
            // The rest of the command's line is thrown away, as CLIPS does.
            let line_end = after_line(text, end);
            input.borrow_mut().pos = line_end;
            if echo {
                // CLIPS echoes every raw line the command used, comments included.
                let raw = text[pos..line_end].trim_end_matches(['\n', '\r']);
                self.rt.routers.write("t", &format!("CLIPS> {raw}\n"));
            }
            match item {
                Some(item) => self.execute_item(&item, text, name, origin, echo),
                None => self.report(STRAY_CLOSE),
            }
            self.read_pending_batches();
        }
        self.rt.batch_queue.readers -= 1;
        self.rt.routers.stdin = saved;
    }

    /// Reads the batch files the last command asked for, the last asked first.
    fn read_pending_batches(&mut self) {
        while self.rt.exit_requested.is_none() {
            let Some((text, name)) = self.rt.batch_queue.pending.pop() else {
                return;
            };
            self.read_batch(&text, &name, true);
        }
    }

    /// Reads and executes every item of `text` (named `name` in messages) as batch
    /// does, for an interactive prompt: constructs are defined, commands run and each
    /// command's non-void value printed on `t` with [`Value::repr`]; errors are
    /// reported on `werror` with the same rendered diagnostics. Nothing is echoed and
    /// `(read)` keeps its usual input. Stops after an `(exit)`. A `)` where a command
    /// should start is reported as CLIPS reports it, and the rest of its line
    /// thrown away.
    pub fn execute_str(&mut self, text: &str, name: &str) {
        let origin = self.add_source(name, Rc::from(text));
        let mut pos = 0;
        self.rt.batch_queue.readers += 1;
        while self.rt.exit_requested.is_none() {
            match self.next_command(text, pos, name) {
                Some(Next::Item(item, end)) => {
                    pos = end;
                    self.execute_item(&item, text, name, origin, true);
                }
                Some(Next::StrayClose(at)) => {
                    self.report(STRAY_CLOSE);
                    pos = after_line(text, at);
                }
                Some(Next::End) | None => break,
            }
            self.read_pending_batches();
        }
        self.rt.batch_queue.readers -= 1;
        self.rt.routers.flush();
    }

    /// Reads the command at byte `pos` of `text` (named `name` in messages). `None`
    /// after a read error, which is reported: nothing after it can be read.
    fn next_command(&mut self, text: &str, pos: usize, name: &str) -> Option<Next> {
        read_next(text, pos)
            .map_err(|d| self.report(&d.render(name, text)))
            .ok()
    }

    /// Executes one item read from `text` (its spans relative to `text`, registered
    /// as source `origin`): defines a construct or evaluates a command, printing a
    /// non-void value when `print_value`, and reports errors.
    fn execute_item(
        &mut self,
        item: &crate::syntax::sexpr::SExpr,
        text: &str,
        name: &str,
        origin: usize,
        print_value: bool,
    ) {
        match parse_top_level(item) {
            Ok(TopLevel::Construct(c)) => {
                if let Err(d) = self.define(&c, text, origin) {
                    let source = ConstructSource {
                        name,
                        text,
                        span: item.span,
                        loading: false,
                    };
                    self.report_construct_error(&d, &source);
                }
            }
            Ok(TopLevel::Command(expr)) => {
                let outer = std::mem::replace(&mut self.rt.top_level_command, true);
                let result = self.eval_command(&expr);
                self.rt.top_level_command = outer;
                // CLIPS prints the value of a command that failed yet returned one.
                let value = match result {
                    Ok(v) => Some(v),
                    Err(e) => {
                        self.report_command_error(origin, &e);
                        e.returns
                    }
                };
                match value {
                    Some(v) if print_value && v != Value::Void => {
                        self.rt.routers.write("t", &format!("{}\n", v.repr()));
                    }
                    _ => {}
                }
            }
            Err(ds) => {
                let source = ConstructSource {
                    name,
                    text,
                    span: item.span,
                    loading: false,
                };
                let construct = item.head().is_some_and(|h| is_construct_name(h.as_str()));
                match ds.as_slice() {
                    [_, ..] if construct => {
                        let d = self.first_reading_error(item, ds);
                        self.report_construct_error(&d, &source)
                    }
                    // A command CLIPS could not read: its message alone.
                    [d] => self.report_diagnostic(d, name, text),
                    _ => self.report(&Environment::render_diagnostics(&ds, name, text)),
                }
            }
        }
    }
}

/// Checks the default `value` of slot `s` (the constants of its expressions for
/// `default-dynamic`) against the slot's constraints, as CLIPS does once it has
/// read the slot; `multi` counts the values against the cardinality.
fn check_default(
    s: &ast::SlotDef,
    constraint: &SlotConstraint,
    value: &Value,
    multi: bool,
) -> Result<(), Diagnostic> {
    let dynamic = matches!(s.default, DefaultSpec::Dynamic(_));
    let violation = match constraint.check_slot_value(value, multi) {
        Ok(()) => return Ok(()),
        Err(violation) => violation,
    };
    let bad = value
        .as_slice()
        .iter()
        .find(|v| constraint.check(v).is_err())
        .unwrap_or(value);
    Err(Diagnostic::new(
        s.span,
        format!(
            "default value of slot `{}` violates its constraints",
            s.name.name
        ),
    )
    .with_label(constraint.explain(bad, &violation))
    .with_clips(messages::constraints::cstrnchk1_default(
        dynamic,
        s.name.name.as_str(),
        &violation,
    ))
    .read_to(s.span.end))
}

/// CLIPS's message for a `)` where a command should start.
const STRAY_CLOSE: &str = "[COMMLINE1] Expected a '(', constant, or variable";

/// The offset just after the newline that ends the line byte `at` of `text` is
/// on, or the length of `text` on its last line.
fn after_line(text: &str, at: usize) -> usize {
    (line_end(text.as_bytes(), at) + 1).min(text.len())
}

/// The error for a construct defined while a binary image is loaded: CLIPS refuses
/// it as soon as it has read the construct's keyword.
fn bloaded(construct: &Construct, span: crate::syntax::Span) -> Diagnostic {
    let kind = match construct {
        Construct::Template(_) => "deftemplate",
        Construct::Facts(_) => "deffacts",
        Construct::Rule(_) => "defrule",
        Construct::Function(_) => "deffunction",
        Construct::Global(_) => "defglobal",
        Construct::Module(_) => "defmodule",
        Construct::Hypothesis(_) => "defhypothesis",
        Construct::Class(_) => "defclass",
        Construct::Handler(_) => "defmessage-handler",
        Construct::Instances(_) => "definstances",
        Construct::Generic(_) => "defgeneric",
        Construct::Method(_) => "defmethod",
    };
    // CLIPS names deffunctions in the plural here.
    let named = if kind == "deffunction" {
        "deffunctions"
    } else {
        kind
    };
    Diagnostic::new(
        span,
        "no construct can be defined while a binary image is loaded",
    )
    .with_label("(clear) first")
    .with_clips(crate::messages::bload::bload1(named))
    .read_to(span.start + 1 + kind.len())
}

/// Where the `(` that opens deffunction `f`'s parameters ends, in its file: how far
/// CLIPS reads before it refuses the deffunction's name (its comment, a string,
/// may come between).
fn parameters_open(f: &ast::Deffunction, source: &SourceText) -> usize {
    let after_name = f.name.span.end.saturating_sub(f.span.start);
    let rest = source.get(after_name..).unwrap_or_default();
    let mut in_string = false;
    let mut escaped = false;
    for (at, c) in rest.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '(' if !in_string => return f.name.span.end + at + 1,
            _ => {}
        }
    }
    f.name.span.end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_load_leaves_out_only_the_constructs_with_errors() {
        let mut env = Environment::new();
        let out = env.capture_output();
        let text = "(deftemplate b (slot y))\n(printout t 1)\n(defrule r3 (b (z 1)) =>)\n(deffacts f (b (y 1)))\n(defrule r2 (b (y ?y)) => (printout t ?y crlf))";
        let err = env
            .load_str(text, "bad.clp")
            .expect_err("two items are not loaded");
        // The command is reported (`[CSTRCPSR1]`), and so is the rule with an unknown slot.
        assert_eq!(err.diagnostics.len(), 2);
        assert!(env.template_id("b").is_some());
        assert!(env.rule_index("r3").is_none());
        env.reset();
        env.run(None).expect("runs");
        assert_eq!(out.take(), "1\n");
    }

    #[test]
    fn a_failed_atomic_load_changes_nothing() {
        let mut env = Environment::new();
        let out = env.capture_output();
        env.load_str_atomic(
            "(deftemplate a (slot x)) (defrule keep (a (x ?x)) => (printout t \"kept \" ?x crlf))",
            "good.clp",
        )
        .expect("the first file loads");
        let bad = "(deftemplate b (slot y))\n(defrule r2 (b (y ?y)) => (printout t ?y crlf))\n(defrule r3 (a (z 1)) =>)\n(deffacts f (a (x 1)))";
        let err = env
            .load_str_atomic(bad, "bad.clp")
            .expect_err("the second file has an error");
        assert_eq!(err.diagnostics.len(), 1);
        assert!(err.rendered.contains("bad.clp:3:17"), "{}", err.rendered);
        // Nothing of the failed file was defined: no template b, no rule r2, no deffacts.
        assert!(env.template_id("b").is_none());
        assert!(env.rule_index("r2").is_none());
        env.reset();
        assert_eq!(env.facts().count(), 0);
        // The environment is still usable.
        env.load_str("(deffacts f (a (x 2)))", "more.clp")
            .expect("a good file loads");
        env.reset();
        env.run(None).expect("runs");
        assert_eq!(out.take(), "kept 2\n");
    }

    /// A file loaded whole, whose rules the check compiles once for both passes,
    /// runs as the same constructs loaded one at a time: ordered relations first
    /// named by a rule (an implied template made while compiling), a deffunction
    /// and a template defined between the rules that use them, a rule redefined.
    #[test]
    fn rules_compiled_once_for_a_whole_file_run_as_those_loaded_one_by_one() {
        let constructs = [
            "(deftemplate item (slot n) (slot doubled))",
            "(defrule start (go ?n) => (assert (count ?n)) (assert (item (n ?n))))",
            "(deffunction twice (?x) (* 2 ?x))",
            "(defrule double ?i <- (item (n ?n) (doubled nil)) => (modify ?i (doubled (twice ?n))))",
            "(defrule report (item (n ?n) (doubled ?d&~nil)) (count ?n) => (printout t ?n \" doubles to \" ?d crlf))",
            "(defrule report (item (n ?n) (doubled ?d&~nil)) => (printout t ?n \" -> \" ?d crlf))",
            "(deffacts go (go 3) (go 5))",
        ];
        let run = |loads: &[String]| {
            let mut env = Environment::new();
            let out = env.capture_output();
            for (i, text) in loads.iter().enumerate() {
                env.load_str(text, &format!("{i}.clp")).expect("loads");
            }
            env.reset();
            env.run(None).expect("runs");
            env.execute_str("(facts) (undefrule start) (reset)", "facts");
            // `double` and `report`, kept from the check, name `item` too.
            let refused = env.load_str("(deftemplate item (slot m))", "again.clp");
            (out.take(), refused.is_err())
        };
        let whole = run(&[constructs.join("\n")]);
        let one_by_one = run(&constructs.map(String::from));
        assert!(whole.0.contains("5 -> 10"), "{}", whole.0);
        assert_eq!(whole, one_by_one);
        assert!(whole.1, "the rules' use of `item` is recorded");
    }

    const IMPLIED_CONFLICT: &str =
        "[CSTRCPSR3] Cannot define implied deftemplate 'cell' because of an import/export conflict.";

    /// The messages of a load that must fail.
    fn refused(env: &mut Environment, text: &str) -> String {
        let err = env.load_str(text, "more.clp").expect_err(text);
        let messages: Vec<&str> = err.diagnostics.iter().map(|d| d.message.as_str()).collect();
        messages.join("\n")
    }

    /// The cases CLIPS 6.30 and 6.4 refuse: module A imports everything MAIN exports
    /// and has its own `cell`, so a `cell` template in MAIN would make A see two.
    #[test]
    fn a_template_that_would_be_seen_twice_is_refused_and_changes_nothing() {
        let mut env = Environment::new();
        env.load_str(
            "(defmodule MAIN (export ?ALL)) (defmodule A (import MAIN ?ALL)) (deffacts A::start (cell a))",
            "a.clp",
        )
        .expect("loads");
        for construct in [
            "(deffacts MAIN::more (cell m))",
            "(defrule MAIN::r (cell ?x) =>)",
            "(deffunction MAIN::f () (assert (cell m)))",
        ] {
            assert_eq!(refused(&mut env, construct), IMPLIED_CONFLICT);
        }
        assert_eq!(
            refused(&mut env, "(deftemplate MAIN::cell (slot x))"),
            "[CSTRCPSR3] Cannot define deftemplate 'cell' because of an import/export conflict."
        );
        assert!(env.template_id("MAIN::cell").is_none());
        assert!(env.rule_index("r").is_none());
        env.reset();
        assert_eq!(env.facts().count(), 1, "only A's deffacts");
    }

    /// A module exporting what it imports passes it on, as in CLIPS; exporting only
    /// deffunctions passes on no template.
    #[test]
    fn templates_are_seen_through_modules_that_export_their_imports() {
        let mut env = Environment::new();
        env.load_str(
            "(defmodule A (export ?ALL)) (defmodule B (import A ?ALL) (export ?ALL))
             (defmodule C (import B ?ALL)) (deffacts C::c (cell c)) (deffacts A::a (other a))",
            "abc.clp",
        )
        .expect("loads");
        assert_eq!(
            refused(&mut env, "(deffacts A::a2 (cell a))"),
            IMPLIED_CONFLICT
        );
        assert_eq!(
            refused(&mut env, "(deffacts B::b (cell b))"),
            IMPLIED_CONFLICT
        );
        env.load_str("(deffacts C::c2 (other c))", "c.clp")
            .expect("C uses A's template");
        assert_eq!(env.template_id("other"), env.template_id("A::other"));
        env.load_str(
            "(defmodule D (export deffunction ?ALL)) (defmodule E (import D deffunction ?ALL))
             (deffacts D::d (cell d)) (deffacts E::e (cell e))",
            "de.clp",
        )
        .expect("D and E each have their own cell");
        assert!(env.template_id("E::cell").is_some());
    }

    /// An environment whose output and error output are captured.
    fn captured() -> (Environment, crate::env::Captured, crate::env::Captured) {
        let mut env = Environment::new();
        let out = env.capture_output();
        let err = crate::env::Captured::default();
        env.set_error_output(err.clone());
        (env, out, err)
    }

    #[test]
    fn a_stray_close_paren_in_a_batch_is_reported_and_its_line_skipped() {
        let (mut env, out, err) = captured();
        let text =
            "(printout t \"a\" crlf) )\n) (printout t \"x\" crlf)\n(printout t \"b\" crlf)\n";
        env.batch_str(text, "t.bat", true);
        assert_eq!(
            out.take(),
            "CLIPS> (printout t \"a\" crlf) )\na\nCLIPS> ) (printout t \"x\" crlf)\n\
             CLIPS> (printout t \"b\" crlf)\nb\nCLIPS> "
        );
        assert_eq!(err.take(), format!("{STRAY_CLOSE}\n"));
    }

    #[test]
    fn an_unclosed_paren_ends_a_batch_after_the_commands_before_it() {
        let (mut env, out, err) = captured();
        env.batch_str(
            "(printout t \"a\" crlf)\n(printout t \"b\" crlf\n",
            "t.bat",
            false,
        );
        assert_eq!(out.take(), "a\n");
        let err = err.take();
        assert!(
            err.contains("unclosed `(`") && err.contains("t.bat:2:1"),
            "{err}"
        );
    }

    #[test]
    fn a_clear_in_a_batch_keeps_the_count_of_command_readers() {
        let (mut env, out, _err) = captured();
        env.batch_str("(clear)\n", "clear.bat", false);
        // Outside any command reader, a rule's `(batch ...)` runs the file at once;
        // the count of readers wrapped below zero when `(clear)` reset it inside one,
        // and the file was queued for a reader that never came.
        let file = std::env::temp_dir().join(format!("salience-clear-{}.bat", std::process::id()));
        std::fs::write(&file, "(printout t \"from the batch file\" crlf)\n").unwrap();
        let rule = format!("(defrule r => (batch {:?}))", file.display().to_string());
        env.load_str(&rule, "r.clp").unwrap();
        env.reset();
        env.run(None).unwrap();
        std::fs::remove_file(&file).unwrap();
        assert!(out.take().contains("from the batch file\n"));
    }

    #[test]
    fn a_text_built_or_batched_over_and_over_is_kept_once() {
        let (mut env, out, _err) = captured();
        let file = std::env::temp_dir().join(format!("salience-again-{}.bat", std::process::id()));
        std::fs::write(&file, "(bind ?*n* (+ ?*n* 1))\n").unwrap();
        let path = file.display().to_string();
        let program = format!(
            "(defglobal ?*n* = 0)\n(loop-for-count 200 (build \"(deffunction f () 1)\") (batch* {path:?}))\n?*n*\n"
        );
        env.execute_str(&program, "loop");
        let kept = env.rt.sources.len();
        env.execute_str(&program, "loop");
        std::fs::remove_file(&file).unwrap();
        assert_eq!(out.take().matches("200\n").count(), 2);
        assert_eq!(env.rt.sources.len(), kept);
        assert!(kept < 10, "{kept} sources kept");
    }

    #[test]
    fn a_stray_close_paren_at_the_prompt_throws_away_the_rest_of_its_line() {
        let (mut env, out, err) = captured();
        env.execute_str("(+ 1 2) ) (+ 3 4)\n(+ 5 6)", "prompt");
        assert_eq!(out.take(), "3\n11\n");
        assert_eq!(err.take(), format!("{STRAY_CLOSE}\n"));
    }
}
