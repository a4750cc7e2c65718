//! Message-handlers: the kinds (around, before, primary, after), the system
//! handlers every instance of USER answers, and the `get-`/`put-` accessors a
//! class makes for its slots.

use super::class::ClassId;
use crate::compile::CExpr;
use crate::syntax::SourceText;
use crate::value::Atom;
use std::rc::Rc;

/// When a handler runs in a message's dispatch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HandlerKind {
    /// Around the rest: it calls the rest with `call-next-handler`.
    Around,
    /// Before the primaries.
    Before,
    /// The handler whose value the message returns.
    Primary,
    /// After the primaries.
    After,
}

impl HandlerKind {
    /// The kind named `name` as CLIPS writes it.
    pub fn parse(name: &str) -> Option<HandlerKind> {
        Some(match name {
            "around" => HandlerKind::Around,
            "before" => HandlerKind::Before,
            "primary" => HandlerKind::Primary,
            "after" => HandlerKind::After,
            _ => return None,
        })
    }

    /// CLIPS's name of the kind.
    pub fn name(self) -> &'static str {
        match self {
            HandlerKind::Around => "around",
            HandlerKind::Before => "before",
            HandlerKind::Primary => "primary",
            HandlerKind::After => "after",
        }
    }
}

/// What a system handler does; see the `dispatch` module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SystemAction {
    /// `init`: gives the slots not overridden their defaults.
    Init,
    /// `delete`: removes the instance.
    Delete,
    /// `create`: called when an instance is made, does nothing.
    Create,
    /// `print`: prints the instance and its slots.
    Print,
    /// `direct-modify`: writes slots directly.
    DirectModify,
    /// `message-modify`: writes slots with `put-` messages.
    MessageModify,
    /// `direct-duplicate`: copies the instance, writing slots directly.
    DirectDuplicate,
    /// `message-duplicate`: copies the instance, writing slots with messages.
    MessageDuplicate,
    /// `get-<slot>`: the slot's value.
    Get(Atom),
    /// `put-<slot>`: writes the slot.
    Put(Atom),
}

impl SystemAction {
    /// The system handlers of USER, in the order CLIPS defines them.
    pub const OF_USER: [(&'static str, SystemAction); 8] = [
        ("init", SystemAction::Init),
        ("delete", SystemAction::Delete),
        ("create", SystemAction::Create),
        ("print", SystemAction::Print),
        ("direct-modify", SystemAction::DirectModify),
        ("message-modify", SystemAction::MessageModify),
        ("direct-duplicate", SystemAction::DirectDuplicate),
        ("message-duplicate", SystemAction::MessageDuplicate),
    ];
}

impl SystemAction {
    /// How many arguments the handler takes besides `?self`: the modify
    /// handlers the overrides, the duplicate handlers the copy's name too.
    fn arguments(self) -> usize {
        match self {
            SystemAction::DirectModify | SystemAction::MessageModify => 1,
            SystemAction::DirectDuplicate | SystemAction::MessageDuplicate => 2,
            _ => 0,
        }
    }
}

/// What a handler runs.
#[derive(Debug, Clone)]
pub enum HandlerBody {
    /// A `defmessage-handler`'s actions: `?self` is frame slot 0, the parameters follow.
    Actions(Rc<[CExpr]>),
    /// A handler CLIPS defines itself.
    System(SystemAction),
}

/// A message-handler.
#[derive(Debug, Clone)]
pub struct Handler {
    /// The message it answers.
    pub name: Atom,
    /// When it runs.
    pub kind: HandlerKind,
    /// The class it is attached to.
    pub class: ClassId,
    /// The number of single-field parameters (not counting `?self`).
    pub params: usize,
    /// Whether a `$?rest` parameter collects further arguments.
    pub rest: bool,
    /// What it runs.
    pub body: HandlerBody,
    /// The frame slots its actions need (`?self` and parameters included).
    pub frame_size: usize,
    /// The source text, for `ppdefmessage-handler` (none for system handlers).
    pub source: Option<SourceText>,
}

impl Handler {
    /// A system handler of class `class`.
    pub fn system(name: Atom, class: ClassId, action: SystemAction) -> Handler {
        Handler {
            name,
            kind: HandlerKind::Primary,
            class,
            params: action.arguments(),
            rest: matches!(action, SystemAction::Put(_)),
            body: HandlerBody::System(action),
            frame_size: 1,
            source: None,
        }
    }

    /// Whether CLIPS defines it (system handlers and slot accessors).
    pub fn is_system(&self) -> bool {
        matches!(self.body, HandlerBody::System(_))
    }
}
