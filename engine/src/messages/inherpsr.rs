//! `INHERPSR`: errors in a class's superclasses.

/// `[INHERPSR5]`: no class precedence list exists: the partial list formed and a
/// loop among the rest, both as class names.
pub fn inherpsr5(partial: &[impl AsRef<str>], cycle: &[impl AsRef<str>]) -> String {
    let mut text = String::from("[INHERPSR5] Partial precedence list formed:");
    for name in partial {
        text.push(' ');
        text.push_str(name.as_ref());
    }
    text.push_str("\nPrecedence loop in superclasses:");
    for name in cycle {
        text.push(' ');
        text.push_str(name.as_ref());
    }
    text
}

/// `[INHERPSR1]`: a class names itself as a superclass.
pub fn inherpsr1() -> String {
    "[INHERPSR1] A class may not have itself as a superclass.".into()
}

/// `[INHERPSR2]`: a superclass is listed twice.
pub fn inherpsr2() -> String {
    "[INHERPSR2] A class may inherit from a superclass only once.".into()
}

/// `[INHERPSR3]`: a superclass is not defined.
pub fn inherpsr3() -> String {
    "[INHERPSR3] A class must be defined after all its superclasses.".into()
}

/// `[INHERPSR6]`: `class` may not be a user class's superclass.
pub fn inherpsr6(class: &str) -> String {
    format!("[INHERPSR6] A user-defined class cannot be a subclass of '{class}'.")
}

/// `[INHERPSR4]`: `(is-a)` names no superclass.
pub fn inherpsr4() -> String {
    "[INHERPSR4] A class must have at least one superclass.".into()
}
