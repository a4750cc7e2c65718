//! The built-ins that CLIPS 6.30 did not have: CLIPS 6.4 added most of them
//! (`atan2`, `flush`, `print`, ...), Salience the rest (`union$`, `why`, ...).
//! A program written for 6.30 may define a deffunction of one of these names:
//! its own function wins, with a warning, where CLIPS 6.41 refuses the
//! deffunction and the program quietly gets the built-in. The functions 6.30 had
//! stay protected (`[DFFNXPSR2]`).
//!
//! The list is the difference between `(get-function-list)` on Salience and on
//! CLIPS 6.30 (Debian's `clips`).

/// The names of the built-in functions and commands that CLIPS 6.30 did not have.
const NOT_IN_CLIPS_630: &[&str] = &[
    "atan2",
    "bload-facts",
    "bsave-facts",
    "chdir",
    "clear-error",
    "difference$",
    "external-addressp",
    "fact-addressp",
    "flush",
    "get-error",
    "get-provenance",
    "gm-time",
    "intersection$",
    "local-time",
    "print",
    "println",
    "rewind",
    "seek",
    "set-error",
    "set-provenance",
    "step",
    "str-byte-length",
    "str-replace",
    "tell",
    "unget-char",
    "union$",
    "void",
    "why",
    "why-not",
];

/// Whether a deffunction named `name` may replace the built-in of that name: one
/// that CLIPS 6.30 did not have.
pub fn replaceable_by_deffunction(name: &str) -> bool {
    NOT_IN_CLIPS_630.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::replaceable_by_deffunction;

    #[test]
    fn only_functions_clips_630_lacked_are_replaceable() {
        assert!(replaceable_by_deffunction("atan2"));
        assert!(replaceable_by_deffunction("union$"));
        assert!(!replaceable_by_deffunction("+"));
        assert!(!replaceable_by_deffunction("length$"));
        let sorted = super::NOT_IN_CLIPS_630.windows(2).all(|w| w[0] < w[1]);
        assert!(sorted, "keep the list sorted");
    }
}
