//! `INSMODDP`: errors of `modify-instance`, `duplicate-instance` and their
//! system handlers.

/// `[INSMODDP1]`: `direct-modify` or `message-modify` sent other than by
/// `modify-instance`.
pub fn insmoddp1() -> String {
    "[INSMODDP1] Direct/message-modify message valid only in modify-instance.".into()
}

/// `[INSMODDP2]`: `direct-duplicate` or `message-duplicate` sent other than by
/// `duplicate-instance`.
pub fn insmoddp2() -> String {
    "[INSMODDP2] Direct/message-duplicate message valid only in duplicate-instance.".into()
}

/// `[INSMODDP3]`: `duplicate-instance` asked to copy an instance to its own name.
pub fn insmoddp3() -> String {
    "[INSMODDP3] Instance copy must have a different name in duplicate-instance.".into()
}
