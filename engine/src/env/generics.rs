//! Defining generic functions and methods (CLIPS's `ParseDefgeneric` and
//! `ParseDefmethod`): the name checked against constructs, deffunctions and the
//! built-ins that cannot be overloaded, the restrictions' classes against the
//! class system, then the queries and actions compiled like a deffunction's.

use super::commands::TABLE;
use super::Environment;
use crate::compile::expr::{Callee, CommandTable};
use crate::compile::program::unqualified;
use crate::compile::{special_forms, Scope};
use crate::cool::Classes;
use crate::generic::classes::{class_exists, is_subclass};
use crate::generic::{system, MethodBody, MethodConflict, Parameters, Query, Restriction};
use crate::messages::genrc;
use crate::syntax::ast::{self, Ident, MethodParam};
use crate::syntax::parse::{is_construct_name, QUERY_FUNCTIONS};
use crate::syntax::{Diagnostic, SourceText};
use crate::value::{atom, Atom};
use std::rc::Rc;

/// What CLIPS calls a method's actions in `[PRCCODE3]`.
const METHOD: &str = "method";

/// Built-ins with a parser of their own, or that work on the running method or
/// handler, which CLIPS refuses to overload (`[GENRCPSR16]`); COOL's are refused
/// whether or not COOL is there, as CLIPS always has them.
const NOT_OVERLOADABLE: [&str; 12] = [
    "call-next-method",
    "next-methodp",
    "override-next-method",
    "call-next-handler",
    "next-handlerp",
    "override-next-handler",
    "make-instance",
    "initialize-instance",
    "any-instancep",
    "find-instance",
    "find-all-instances",
    "do-for-instance",
];

/// The instance-set queries CLIPS also refuses to overload.
const INSTANCE_QUERIES: [&str; 2] = ["do-for-all-instances", "delayed-do-for-all-instances"];

/// Whether CLIPS lets a generic function be named `name`.
fn overloadable(name: &str) -> bool {
    !(NOT_OVERLOADABLE.contains(&name)
        || INSTANCE_QUERIES.contains(&name)
        || QUERY_FUNCTIONS.contains(&name)
        || special_forms::lookup(name).is_some_and(|f| f.own_parser))
}

impl Environment {
    /// Defines (or redefines) a generic function from its defgeneric.
    pub(super) fn define_generic(
        &mut self,
        g: &ast::Defgeneric,
        source: SourceText,
    ) -> Result<(), Diagnostic> {
        self.check_generic_name(&g.name, g.span.end)?;
        let (id, _) = self.declare_generic(g.name.name);
        self.rt.program.generics.set_source(id, source);
        Ok(())
    }

    /// Defines a method, and its generic function when it has none.
    pub(super) fn define_method(
        &mut self,
        m: &ast::Defmethod,
        source: SourceText,
    ) -> Result<(), Diagnostic> {
        self.check_generic_name(&m.name, m.params_at.start + 1)?;
        let (id, new) = self.declare_generic(m.name.name);
        let defined = self.compile_method(id, m, source);
        if defined.is_err() && new {
            self.rt.program.generics.remove(id);
        }
        defined
    }

    /// Compiles method `m` of generic `id` and adds it.
    fn compile_method(
        &mut self,
        id: u32,
        m: &ast::Defmethod,
        source: SourceText,
    ) -> Result<(), Diagnostic> {
        let mut restrictions = Vec::with_capacity(m.params.len() + 1);
        for param in m.params.iter().chain(m.rest.iter()) {
            restrictions.push(restriction_classes(&self.rt.program.classes, param)?);
        }
        // The queries see the parameters and `?current-argument`.
        let mut scope = Scope::for_body(METHOD);
        for p in m.params.iter().chain(m.rest.iter()) {
            scope.slot(p.name.name);
        }
        let current_argument = scope.slot(atom("current-argument"));
        let mut compiler = self.compiler_for(scope);
        for (param, classes) in m.params.iter().chain(m.rest.iter()).zip(&mut restrictions) {
            if let Some(query) = &param.query {
                let compiled = compiler.compile(query)?;
                let text = source_text(&source, m.span.start, query.span());
                classes.query = Some(Query::Expr(Rc::new(compiled), text));
            }
        }
        let parameters = Parameters {
            restrictions,
            wildcard: m.rest.is_some(),
            current_argument,
            frame_size: compiler.scope.size(),
        };
        // The actions see the parameters only.
        let mut scope = Scope::for_body(METHOD);
        for p in m.params.iter().chain(m.rest.iter()) {
            scope.slot(p.name.name);
        }
        scope.begin_actions(&m.body);
        let mut compiler = self.compiler_for(scope);
        let body = compiler.compile_all(&m.body)?;
        let frame_size = compiler.scope.size();
        let body = MethodBody::Actions {
            body: body.into(),
            frame_size,
        };
        let program = &mut self.rt.program;
        let added =
            (program.generics).add_method(&program.classes, id, m.index, parameters, body, source);
        match added {
            Ok(_) => Ok(()),
            Err(conflict) => {
                let clips = match conflict {
                    MethodConflict::ReplacesSystem(index) => genrc::genrcpsr17(index),
                    MethodConflict::Indistinguishable { new, old } => genrc::genrcpsr2(new, old),
                };
                Err(Diagnostic::new(m.params_at, clips.clone())
                    .with_label("another method has these restrictions")
                    .with_clips(clips)
                    .read_to(m.params_at.end))
            }
        }
    }

    /// An expression compiler for a method's scope.
    fn compiler_for(&mut self, scope: Scope) -> crate::compile::ExprCompiler<'_> {
        crate::compile::ExprCompiler::new(&mut self.rt.program, &TABLE, scope)
    }

    /// The generic function `name` of the current module (or the module it is
    /// qualified with), created with the implicit methods of the built-in of its
    /// name when it does not exist; whether it was created.
    fn declare_generic(&mut self, name: Atom) -> (u32, bool) {
        let module = self.rt.program.module_of(name);
        let base = unqualified(name);
        let existed = self.rt.program.generics.id(module, base).is_some();
        let implicit = implicit_methods(base);
        let program = &mut self.rt.program;
        let id = (program.generics).declare(&program.classes, module, base, || implicit);
        (id, !existed)
    }

    /// CLIPS's checks of a generic function's name (`ValidGenericName`); an error
    /// stops reading at offset `read_to`.
    fn check_generic_name(&self, name: &Ident, read_to: usize) -> Result<(), Diagnostic> {
        let base = unqualified(name.name);
        let refuse = |message: String, clips: String| {
            Err(Diagnostic::new(name.span, message)
                .with_label("choose another name")
                .with_clips(clips)
                .read_to(read_to))
        };
        if is_construct_name(base.as_str()) {
            return refuse(
                format!("a generic function cannot be named `{base}`, a construct"),
                genrc::genrcpsr3(),
            );
        }
        let program = &self.rt.program;
        if let Some(f) = program.function_id(name.name) {
            let module = program.functions[f as usize].module;
            let clips = if module == program.current_module {
                genrc::genrcpsr5()
            } else {
                genrc::genrcpsr4(base.as_str(), program.module_name(module).as_str())
            };
            return refuse(format!("deffunction `{base}` has this name"), clips);
        }
        let busy = program
            .generic_id(name.name)
            .is_some_and(|id| self.rt.method_calls.iter().any(|call| call.generic == id));
        if busy {
            return refuse(
                format!("generic function `{base}` is running"),
                genrc::genrcfun1(base.as_str()),
            );
        }
        if !overloadable(base.as_str()) {
            return refuse(
                format!("the built-in `{base}` cannot have methods"),
                genrc::genrcpsr16(base.as_str()),
            );
        }
        Ok(())
    }
}

/// The implicit methods of a generic named `name` after a built-in or command
/// (none for another name).
fn implicit_methods(name: Atom) -> Vec<(Parameters, Callee)> {
    let signature = match TABLE.command(name.as_str()) {
        Some(sig) => Some((
            Callee::Command(sig.id),
            sig.restrictions,
            sig.min_args,
            sig.max_args,
        )),
        None => crate::functions::lookup(name.as_str())
            .map(|b| (Callee::Builtin(b), b.restrictions, b.min_args, b.max_args)),
    };
    let Some((callee, restrictions, min, max)) = signature else {
        return Vec::new();
    };
    system::implicit_parameters(restrictions, min, max)
        .into_iter()
        .map(|p| (p, callee))
        .collect()
}

/// The classes of a parameter's restriction, checked as CLIPS reads them: each
/// must exist, and be neither named twice nor a subclass or superclass of another.
fn restriction_classes(table: &Classes, param: &MethodParam) -> Result<Restriction, Diagnostic> {
    let mut classes: Vec<Atom> = Vec::with_capacity(param.classes.len());
    for class in &param.classes {
        let name = class.name.as_str();
        let refuse = |message: String, clips: String| {
            Err(Diagnostic::new(class.span, message)
                .with_label("a restriction names classes such as INTEGER, NUMBER or LEXEME")
                .with_clips(clips)
                .read_to(class.span.end))
        };
        if !class_exists(table, class.name) {
            return refuse(format!("unknown class `{name}`"), genrc::genrcpsr14());
        }
        for earlier in &classes {
            if *earlier == class.name {
                return refuse(
                    format!("class `{name}` is named twice"),
                    genrc::genrcpsr11(),
                );
            }
            let redundant = if is_subclass(table, *earlier, class.name) {
                Some(earlier.as_str())
            } else if is_subclass(table, class.name, *earlier) {
                Some(name)
            } else {
                None
            };
            if let Some(sub) = redundant {
                return refuse(
                    format!("class `{sub}` is redundant here"),
                    genrc::genrcpsr15(sub),
                );
            }
        }
        classes.push(class.name);
    }
    Ok(Restriction {
        classes,
        query: None,
    })
}

/// The text of `span` in a construct's `source`, which starts at offset `start`.
fn source_text(source: &SourceText, start: usize, span: crate::syntax::Span) -> String {
    let from = span.start.saturating_sub(start);
    let to = span.end.saturating_sub(start);
    source.get(from..to).unwrap_or_default().to_string()
}
