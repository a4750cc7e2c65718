//! `TEXTPRO`: the text-processing facility (`fetch`, `print-region`, `get-region`).

/// `[TEXTPRO1]`: `fetch` could not open `file`.
pub fn textpro1(file: &str) -> String {
    format!("[TEXTPRO1] Could not open file '{file}'.")
}

/// `[TEXTPRO2]`: `fetch` was given a file fetched already.
pub fn textpro2(file: &str) -> String {
    format!("[TEXTPRO2] File '{file}' already loaded.")
}

/// `[TEXTPRO3]`: the fetched file holds no entries.
pub fn textpro3() -> String {
    "[TEXTPRO3] No entries found.".to_string()
}

/// `[TEXTPRO4]`: an entry starts (or the file ends) at `line` before the
/// previous entry ended.
pub fn textpro4(line: usize) -> String {
    format!("[TEXTPRO4] Line {line} : Previous entry not closed.")
}

/// `[TEXTPRO5]`: the begin marker at `line` is not `<level><type>BEGIN-ENTRY-<name>`.
pub fn textpro5(line: usize) -> String {
    format!("[TEXTPRO5] Line {line} : Invalid delimeter string.")
}

/// `[TEXTPRO6]`: the entry type at `line` is neither `M` nor `I`.
pub fn textpro6(line: usize) -> String {
    format!("[TEXTPRO6] Line {line} : Invalid entry type.")
}

/// `[TEXTPRO7]`: the entry at `line` would be a subtopic of a leaf (`I`) entry.
pub fn textpro7(line: usize) -> String {
    format!("[TEXTPRO7] Line {line} : Non-menu entries cannot have subtopics.")
}

/// `[TEXTPRO8]`: an end marker at `line` ends no entry.
pub fn textpro8(line: usize) -> String {
    format!("[TEXTPRO8] Line {line} : Unmatched end marker.")
}
