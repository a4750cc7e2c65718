//! `FACTMCH`: matching facts against the pattern network (CLIPS's factmch.c).

/// `[FACTMCH1]`: an expression of a pattern's own tests failed with an error while
/// `fact` (as CLIPS prints it) was matched; `place` is `field #N` (an ordered
/// fact) or `slot NAME`; `uses` are the rules' lines
/// ([`super::drive::trace_line`]). Ends with a blank line.
pub fn factmch1(fact: &str, place: &str, uses: &[String]) -> String {
    format!(
        "\n[FACTMCH1] This error occurred in the fact pattern network.\n   \
         Currently active fact: {fact}\n   Problem resides in {place}\n{}\n",
        uses.concat()
    )
}
