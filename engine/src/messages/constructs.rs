//! `CSTRCPSR`: reading constructs from a file or the prompt.

/// `[CSTRCPSR1]`: `load` met something that is not a construct where one should
/// start (CLIPS starts a new line first).
pub fn cstrcpsr1() -> String {
    "\n[CSTRCPSR1] Expected the beginning of a construct.".to_string()
}

/// `[CSTRCPSR2]`: a construct of kind `construct` has no name (or a name that is
/// not a symbol).
pub fn cstrcpsr2(construct: &str) -> String {
    format!("\n[CSTRCPSR2] Missing name for {construct} construct.")
}

/// `[CSTRCPSR3]`: defining `kind` `name` (the implied deftemplate of an ordered
/// fact when `implied`) would let some module see two constructs of that kind and
/// name.
pub fn cstrcpsr3(kind: &str, name: &str, implied: bool) -> String {
    let implied = if implied { "implied " } else { "" };
    format!(
        "\n[CSTRCPSR3] Cannot define {implied}{kind} '{name}' because of an import/export conflict."
    )
}

/// `[CSTRCPSR3]` for a defmodule: module `module` would see two constructs of kind
/// `kind` named `name` through its imports.
pub fn cstrcpsr3_defmodule(module: &str, kind: &str, name: &str) -> String {
    format!(
        "\n[CSTRCPSR3] Cannot define defmodule '{module}' because of an import/export conflict caused by the {kind} '{name}'."
    )
}

/// `[CSTRCPSR4]`: `kind` `name` cannot be redefined: facts or constructs use it
/// (a deftemplate), or it is a defmodule (which, but for MAIN while it has no
/// imports or exports, cannot be redefined at all).
pub fn cstrcpsr4(kind: &str, name: &str) -> String {
    format!("\n[CSTRCPSR4] Cannot redefine {kind} '{name}' while it is in use.")
}
