//! Compile: constructs from the syntax tree to what the network and evaluator run.
//!
//! Names are resolved here (templates, slots, functions, globals, variables), so that
//! nothing downstream looks anything up by string.

pub mod analysis;
pub mod comparison;
pub mod cstr;
pub mod expr;
pub mod hypothesis;
pub mod lhs;
mod modify_check;
pub mod program;
pub mod query;
pub mod retraction;
pub mod rulecstr;
pub mod special_forms;
pub mod template;
pub mod template_users;

pub use expr::{CExpr, CommandTable, ExprCompiler, Scope, DEFFUNCTION, RHS_OF_DEFRULE};
pub use modify_check::binds;
pub use program::Program;
pub use template::{ModuleId, Template, TemplateId};
