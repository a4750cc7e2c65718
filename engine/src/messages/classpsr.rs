//! `CLASSPSR`: errors in a defclass.

/// `[CLASSPSR2]`: a system class may not be redefined.
pub fn classpsr2() -> String {
    "[CLASSPSR2] Cannot redefine a predefined system class.".into()
}

/// `[CLASSPSR1]`: an abstract class may not be reactive.
pub fn classpsr1() -> String {
    "[CLASSPSR1] An abstract class cannot be reactive.".into()
}
