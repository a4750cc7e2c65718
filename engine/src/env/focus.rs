//! The focus stack: pushing and popping modules, with the `(watch focus)` trace
//! CLIPS prints (`==> Focus B from A`, `<== Focus B to A`, `<== Focus A`).

use super::Runtime;
use crate::compile::ModuleId;

impl Runtime {
    /// Pushes `module` on the focus stack; it becomes the current module, as in CLIPS.
    pub(crate) fn push_focus(&mut self, module: ModuleId) {
        if self.watch.focus {
            let line = match self.focus.last() {
                Some(&from) => format!(
                    "==> Focus {} from {}\n",
                    self.program.module_name(module),
                    self.program.module_name(from)
                ),
                None => format!("==> Focus {}\n", self.program.module_name(module)),
            };
            self.routers.write("t", &line);
        }
        self.focus.push(module);
        self.program.current_module = module;
    }

    /// Pops the module on top of the focus stack; `None` if the stack is empty. The
    /// module below becomes the current module (the last one popped stays current).
    pub(crate) fn pop_focus(&mut self) -> Option<ModuleId> {
        let module = self.focus.pop()?;
        if let Some(&below) = self.focus.last() {
            self.program.current_module = below;
        }
        if self.watch.focus {
            let line = match self.focus.last() {
                Some(&to) => format!(
                    "<== Focus {} to {}\n",
                    self.program.module_name(module),
                    self.program.module_name(to)
                ),
                None => format!("<== Focus {}\n", self.program.module_name(module)),
            };
            self.routers.write("t", &line);
        }
        Some(module)
    }

    /// Pops the modules on top of the focus stack whose agendas are empty, as CLIPS
    /// does after each rule firing.
    pub(crate) fn pop_empty_focus(&mut self) {
        while self
            .focus
            .last()
            .is_some_and(|m| self.agenda.module_is_empty(*m))
        {
            self.pop_focus();
        }
    }

    /// Pops every module off the focus stack, top first.
    pub(crate) fn clear_focus(&mut self) {
        while self.pop_focus().is_some() {}
    }
}

#[cfg(test)]
mod tests {
    use crate::env::{Captured, Environment};

    fn watched() -> (Environment, Captured) {
        let mut env = Environment::new();
        let out = env.capture_output();
        env.load_str(
            "(defmodule MAIN (export ?ALL)) (defmodule A) (defmodule B)",
            "m.clp",
        )
        .unwrap();
        env.rt.watch.focus = true;
        (env, out)
    }

    #[test]
    fn pushes_and_pops_name_the_neighbouring_module() {
        let (mut env, out) = watched();
        env.rt.focus = vec![crate::compile::ModuleId(0)];
        let a = env.rt.program.module_id(crate::value::atom("A")).unwrap();
        env.rt.push_focus(a);
        env.rt.pop_focus();
        env.rt.pop_focus();
        assert_eq!(
            out.take(),
            "==> Focus A from MAIN\n<== Focus A to MAIN\n<== Focus MAIN\n"
        );
    }

    #[test]
    fn clearing_pops_every_module_top_first() {
        let (mut env, out) = watched();
        env.rt.focus.clear();
        let b = env.rt.program.module_id(crate::value::atom("B")).unwrap();
        env.rt.push_focus(b);
        env.rt.clear_focus();
        assert_eq!(out.take(), "==> Focus B\n<== Focus B\n");
    }
}
