//! `TMPLTDEF`, `TMPLTFUN` and `TMPLTRHS`: deftemplate facts, their slots and the
//! values given for them.

/// What `[PRNTUTIL2]` names for a pattern of a deftemplate that is not written
/// as `(slot constraint...)...` (tmpltlhs.c).
pub const DEFTEMPLATE_PATTERNS: &str = "deftemplate patterns";

/// `[TMPLTDEF1]`: deftemplate `template` has no slot `slot`; `new_line` when CLIPS
/// starts a new line before the id.
pub fn tmpltdef1(slot: &str, template: &str, new_line: bool) -> String {
    let start = if new_line { "\n" } else { "" };
    format!(
        "{start}[TMPLTDEF1] Invalid slot '{slot}' not defined in corresponding deftemplate '{template}'."
    )
}

/// `[TMPLTDEF2]`: single-field slot `slot` was given no value or several.
pub fn tmpltdef2(slot: &str) -> String {
    format!("\n[TMPLTDEF2] The single field slot '{slot}' can only contain a single field value.")
}

/// `[TMPLTFUN1]`: a multifield value was given for single-field slot `slot` of
/// deftemplate `template`.
pub fn tmpltfun1(slot: &str, template: &str) -> String {
    format!(
        "\n[TMPLTFUN1] Attempted to assert a multifield value into the single field slot '{slot}' of deftemplate '{template}'."
    )
}

/// `[TMPLTRHS1]`: slot `slot`, declared `(default ?NONE)`, was given no value.
pub fn tmpltrhs1(slot: &str) -> String {
    format!(
        "\n[TMPLTRHS1] Slot '{slot}' requires a value because of its (default ?NONE) attribute."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_messages() {
        assert_eq!(
            tmpltdef1("z", "foo", false),
            "[TMPLTDEF1] Invalid slot 'z' not defined in corresponding deftemplate 'foo'."
        );
        assert_eq!(
            tmpltfun1("x", "foo"),
            "\n[TMPLTFUN1] Attempted to assert a multifield value into the single field slot \
             'x' of deftemplate 'foo'."
        );
    }
}
