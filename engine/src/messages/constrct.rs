//! `CONSTRCT`: the commands that change every construct at once (`clear`).

/// `[CONSTRCT1]`: `(clear)` was called while constructs are in use (a rule firing,
/// a deffunction running, a fact being built, patterns being matched, a command
/// that names constructs); nothing is cleared.
pub fn constrct1() -> String {
    "[CONSTRCT1] Some constructs are still in use. Clear cannot continue.".to_string()
}
