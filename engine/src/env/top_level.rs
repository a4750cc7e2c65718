//! The variables of the prompt: what a command typed at the top level binds with
//! `bind` stays bound for the next commands, and a defglobal's value reads and binds
//! the same variables, as in CLIPS (`(defglobal ?*x* = (progn (bind ?a 1) ?a))`
//! leaves `?a` bound at the prompt).

use super::Runtime;
use crate::compile::CExpr;
use crate::eval::{self, Eval, Host};

/// Gives the runtime inside a host that evaluates at the top level.
pub(crate) trait TopLevelHost: Host {
    /// The runtime, which holds the prompt's variables.
    fn runtime(&mut self) -> &mut Runtime;
}

/// Evaluates `expr`, compiled in the top-level scope, with the prompt's variables.
/// With `lock_clear`, a `(clear)` in it is refused (see [`eval::with_clear_locked`]).
///
/// It works on a copy: what is evaluated inside it at the top level too (a
/// `(load)` defining globals, `(bind ?*x*)` evaluating a global's value) reads the
/// prompt's variables as they were when it began and may bind some of its own;
/// each variable ends with the value last given to it by this evaluation, or else
/// by those inside it.
pub(crate) fn eval<H: TopLevelHost>(host: &mut H, expr: &CExpr, lock_clear: bool) -> Eval {
    let rt = host.runtime();
    let size = rt.top_scope.size().max(rt.top_frame.len());
    rt.top_frame.resize(size, eval::unbound());
    let before = rt.top_frame.clone();
    let mut frame = before.clone();
    let result = if lock_clear {
        eval::with_clear_locked(host, |host| eval::eval(host, &mut frame, expr))
    } else {
        eval::eval(host, &mut frame, expr)
    };
    let shared = &mut host.runtime().top_frame;
    if frame.len() > shared.len() {
        shared.resize(frame.len(), eval::unbound());
    }
    for (slot, value) in frame.into_iter().enumerate() {
        if before.get(slot) != Some(&value) {
            shared[slot] = value;
        }
    }
    result
}
