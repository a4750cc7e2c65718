//! `DRIVE`: the join network (CLIPS's drive.c), and its trace of an error to the
//! rules (`TraceErrorToRule`, reteutil.c).

/// `[DRIVE1]`: a join's test (or a `test` CE) failed with an error; `uses` are
/// the rules' lines ([`trace_line`]). Ends with a blank line.
pub fn drive1(uses: &[String]) -> String {
    format!(
        "\n[DRIVE1] This error occurred in the join network.\n   \
         Problem resides in associated join\n{}\n",
        uses.concat()
    )
}

/// One line of CLIPS's trace of a pattern-matching error: the number of the
/// pattern in rule `rule`.
pub fn trace_line(pattern: usize, rule: &str) -> String {
    format!("      Of pattern #{pattern} in rule {rule}\n")
}
