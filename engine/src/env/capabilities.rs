//! What a program may reach outside the engine: files and processes. An environment
//! given untrusted rules (the playground's) switches these off, and every command
//! that would open, write, remove or rename a file, change the directory, start a
//! process or end this one is refused with a message that says why, whichever way it
//! is called (a rule's action, `eval`, `build`, `funcall`, a deffunction).

use crate::eval::EvalError;

/// The kinds of outside access a command may need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Reading, writing, removing or renaming files, or changing the directory.
    Files,
    /// Starting a process (`system`) or ending this one (`exit`).
    Processes,
}

/// Which outside access an environment allows; all of it by default, as in CLIPS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capabilities {
    /// File access.
    pub files: bool,
    /// Process access.
    pub processes: bool,
}

impl Default for Capabilities {
    fn default() -> Self {
        Capabilities::ALL
    }
}

impl Capabilities {
    /// Everything allowed: CLIPS's behaviour.
    pub const ALL: Capabilities = Capabilities {
        files: true,
        processes: true,
    };

    /// No file or process access: for rules from someone not trusted.
    pub const CONFINED: Capabilities = Capabilities {
        files: false,
        processes: false,
    };

    /// Whether `access` is allowed.
    pub fn allows(self, access: Access) -> bool {
        match access {
            Access::Files => self.files,
            Access::Processes => self.processes,
        }
    }

    /// `Err` with the refusal when command `name` needs access these capabilities
    /// do not give.
    pub fn check(self, name: &str) -> Result<(), EvalError> {
        if self == Capabilities::ALL {
            return Ok(());
        }
        match needs(name) {
            Some(access) if !self.allows(access) => Err(EvalError::new(refusal(name, access))),
            _ => Ok(()),
        }
    }
}

/// The commands that reach files.
const FILE_COMMANDS: &[&str] = &[
    "batch",
    "batch*",
    "bload",
    "bload-facts",
    "bsave",
    "bsave-facts",
    "chdir",
    "dribble-on",
    "fetch",
    "load",
    "load*",
    "load-facts",
    "open",
    "remove",
    "rename",
    "save",
    "save-facts",
];

/// The commands that start or end processes.
const PROCESS_COMMANDS: &[&str] = &["exit", "system"];

/// The outside access command `name` needs, if any.
pub fn needs(name: &str) -> Option<Access> {
    if FILE_COMMANDS.contains(&name) {
        Some(Access::Files)
    } else if PROCESS_COMMANDS.contains(&name) {
        Some(Access::Processes)
    } else {
        None
    }
}

/// The commands that need `access`, for documentation and tests.
pub fn commands_needing(access: Access) -> &'static [&'static str] {
    match access {
        Access::Files => FILE_COMMANDS,
        Access::Processes => PROCESS_COMMANDS,
    }
}

/// Salience's message (CLIPS has no such refusal) for a command refused `access`.
fn refusal(name: &str, access: Access) -> String {
    let what = match access {
        Access::Files => "file access",
        Access::Processes => "process access",
    };
    format!("Function '{name}' is not available here: this environment has no {what} (it runs rules from someone it does not trust).")
}
