//! `MODULPSR`: reading a defmodule's import and export specifications.

/// `[MODULPSR1]`: a defmodule imports from `module` what it does not export:
/// anything at all (`kind` `None`), any construct of kind `kind` (`name` `None`),
/// or the construct `kind` `name` (CLIPS starts a new line first).
pub fn modulpsr1(module: &str, kind: Option<&str>, name: Option<&str>) -> String {
    let what = match (kind, name) {
        (None, _) => "any constructs".to_string(),
        (Some(kind), None) => format!("any {kind} constructs"),
        (Some(kind), Some(name)) => format!("the {kind} '{name}'"),
    };
    format!("\n[MODULPSR1] Module '{module}' does not export {what}.")
}

#[cfg(test)]
mod tests {
    use super::modulpsr1;

    #[test]
    fn what_is_not_exported() {
        assert_eq!(
            modulpsr1("A", None, None),
            "\n[MODULPSR1] Module 'A' does not export any constructs."
        );
        assert_eq!(
            modulpsr1("F1", Some("deftemplate"), Some("foo")),
            "\n[MODULPSR1] Module 'F1' does not export the deftemplate 'foo'."
        );
        assert_eq!(
            modulpsr1("B", Some("deffunction"), None),
            "\n[MODULPSR1] Module 'B' does not export any deffunction constructs."
        );
    }
}
