//! `CLASSPSR`: errors in a defclass.

/// `[CLASSPSR2]`: a system class may not be redefined.
pub fn classpsr2() -> String {
    "[CLASSPSR2] Cannot redefine a predefined system class.".into()
}

/// `[CLASSPSR1]`: an abstract class may not be reactive.
pub fn classpsr1() -> String {
    "[CLASSPSR1] An abstract class cannot be reactive.".into()
}

/// `[CLASSPSR3]`: class `class` has instances (or other users) and may not be
/// redefined.
pub fn classpsr3(class: &str) -> String {
    format!("[CLASSPSR3] Class '{class}' cannot be redefined while outstanding references to it still exist.")
}

/// `[CLASSPSR4]`: class attribute `attribute` (`role`, `pattern-match`) is given
/// twice.
pub fn classpsr4(attribute: &str) -> String {
    format!("[CLASSPSR4] The '{attribute}' class attribute is already specified.")
}
