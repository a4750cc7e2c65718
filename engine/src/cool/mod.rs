//! COOL, CLIPS's object language: classes with multiple inheritance, instances,
//! message-handlers and message dispatch.
//!
//! Classes and handlers are constructs: they live in the program's symbol tables
//! ([`crate::compile::Program::classes`]). Instances and the messages under way
//! are run-time state ([`Objects`]), which the evaluator reaches through
//! [`crate::eval::Host::objects`]. One module per concept:
//!
//! - [`class`]: the system classes, user classes, slots and their facets;
//! - [`precedence`]: CLIPS's class precedence list;
//! - [`handler`]: message-handlers and the system handlers;
//! - [`instance`]: the instance store, the one place slot values change;
//! - [`dispatch`]: `send`, the handler chain, `call-next-handler`, the system
//!   handlers' actions;
//! - [`make`]: making, initializing and deleting instances;
//! - [`moddup`]: modifying and duplicating instances.

pub mod class;
pub mod dispatch;
pub mod handler;
pub mod instance;
pub mod make;
pub mod moddup;
pub mod precedence;

pub use class::{ClassId, Classes};
pub use instance::Instances;

/// What `watch` shows of objects.
#[derive(Debug, Default, Clone, Copy)]
pub struct ObjectWatch {
    /// Instances made and deleted.
    pub instances: bool,
    /// Slot changes.
    pub slots: bool,
    /// Messages sent.
    pub messages: bool,
    /// Handlers run.
    pub handlers: bool,
}

/// The run-time state of COOL: the instances and the messages being dispatched.
#[derive(Debug, Default)]
pub struct Objects {
    /// Every instance.
    pub instances: Instances,
    /// The messages under way, innermost last.
    pub(crate) cores: Vec<dispatch::Core>,
    /// What is watched.
    pub watch: ObjectWatch,
    /// The class hierarchy traversals under way: one for each member of a
    /// running instance-set query walking a class (CLIPS allows 256).
    pub traversals: usize,
    /// Set while instances are made with no messages sent (CLIPS's
    /// `MkInsMsgPass` off): `restore-instances`, `bload-instances` and
    /// `duplicate-instance` make them so.
    pub without_messages: bool,
    /// The slot overrides a modify or duplicate function hands its handler.
    pub(crate) pending: moddup::Pending,
}

impl Objects {
    /// Whether a handler of `class` is running (CLIPS's `HandlersExecuting`): in
    /// a message under way, the current handler, and the ones waiting in
    /// `call-next-handler` (arounds, and the primaries before a current primary).
    pub fn handlers_executing(&self, class: ClassId) -> bool {
        self.cores
            .iter()
            .any(|core| core.running().any(|h| h.class == class))
    }
}
