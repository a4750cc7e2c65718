//! `CSTRCPSR`: reading constructs from a file or the prompt.

/// `[CSTRCPSR1]`: `load` met something that is not a construct where one should
/// start (CLIPS starts a new line first).
pub fn cstrcpsr1() -> String {
    "\n[CSTRCPSR1] Expected the beginning of a construct.".to_string()
}
