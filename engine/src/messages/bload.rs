//! `BLOAD`, `BSAVE`, `CSTRNBIN`: binary images of the constructs (`bsave`, `bload`).

/// `[BLOAD1]`: a construct of kind `kind` (CLIPS's word: `deffunctions` is
/// plural) cannot be defined while a binary image is loaded (CLIPS starts a new
/// line first).
pub fn bload1(kind: &str) -> String {
    format!("\n[BLOAD1] Cannot load {kind} construct with binary load in effect.")
}

/// `[BLOAD2]`: `file` is not a binary image.
pub fn bload2(file: &str) -> String {
    format!("[BLOAD2] File '{file}' is not a binary construct file.")
}

/// `[BLOAD3]`: `file` is an image of another format.
pub fn bload3(file: &str) -> String {
    format!("[BLOAD3] File '{file}' is an incompatible binary construct file.")
}

/// `[BLOAD4]`: the environment cannot be cleared for a `bload` (a rule is firing).
pub fn bload4() -> String {
    "[BLOAD4] The CLIPS environment could not be cleared.\nBinary load cannot continue.".to_string()
}

/// `[BSAVE1]`: no image may be saved while one is loaded.
pub fn bsave1() -> String {
    "[BSAVE1] Cannot perform a binary save while a binary load is in effect.".to_string()
}

/// `[CSTRNBIN1]`: an image saved with dynamic constraint checking off keeps no
/// constraints.
pub fn cstrnbin1() -> String {
    "[CSTRNBIN1] WARNING: Constraints are not saved with a binary image\n  \
     when dynamic constraint checking is disabled."
        .to_string()
}
