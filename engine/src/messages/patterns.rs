//! `PATTERN`: reading the patterns of a rule (pattern.c).

/// `[PATTERN2]`: a field constraint holds both single-field terms (a `?x`, a
/// constant, a call returning one field) and multifield ones (a `$?x`, a call
/// returning a multifield).
pub fn pattern2() -> String {
    "\n[PATTERN2] Single and multifield constraints cannot be mixed in a field constraint."
        .to_string()
}
