//! `OBJRTMCH`: errors while instances are matched by object patterns.

/// `[OBJRTMCH1]`: an expression failed while instance `instance` was matched, at
/// field `field` (from 1) of slot `slot`; `uses` are the rule lines.
pub fn objrtmch1(instance: &str, slot: &str, field: usize, uses: &[String]) -> String {
    format!(
        "\n[OBJRTMCH1] This error occurred in the object pattern network\n   \
         Currently active instance: [{instance}]\n   Problem resides in slot '{slot}' field #{field}\n{}\n",
        uses.concat()
    )
}
