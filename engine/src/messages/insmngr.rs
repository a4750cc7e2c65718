//! `INSMNGR`: errors of making and initializing instances.

/// `[INSMNGR1]`: the name given to `make-instance` is not a symbol or instance name.
pub fn insmngr1() -> String {
    "[INSMNGR1] Expected a valid name for new instance.".into()
}

/// `[INSMNGR2]`: the class given to `make-instance` is not a symbol.
pub fn insmngr2() -> String {
    "[INSMNGR2] Expected a valid class name for new instance.".into()
}

/// `[INSMNGR3]`: `class` is abstract.
pub fn insmngr3(class: &str) -> String {
    format!("[INSMNGR3] Cannot create instances of abstract class '{class}'.")
}

/// `[INSMNGR5]`: the old instance of the name could not be deleted.
pub fn insmngr5(name: &str) -> String {
    format!("[INSMNGR5] Unable to delete old instance [{name}].")
}

/// `[INSMNGR7]`: the instance is already being initialized.
pub fn insmngr7(name: &str) -> String {
    format!("[INSMNGR7] Instance [{name}] is already being initialized.")
}

/// `[INSMNGR8]`: an error in the initialization of instance `name`.
pub fn insmngr8(name: &str) -> String {
    format!("[INSMNGR8] An error occurred during the initialization of instance [{name}].")
}

/// `[INSMNGR9]`: a slot override's name is not a symbol.
pub fn insmngr9() -> String {
    "[INSMNGR9] Expected a valid slot name for slot-override.".into()
}

/// `[INSMNGR13]`: a slot override names a slot the instance does not have.
pub fn insmngr13(slot: &str, instance: &str) -> String {
    format!("[INSMNGR13] Slot '{slot}' does not exist in instance [{instance}].")
}

/// `[INSMNGR14]`: slot `slot` has `(default ?NONE)` and was given no value.
pub fn insmngr14(slot: &str, instance: &str) -> String {
    format!("[INSMNGR14] Override required for slot '{slot}' in instance [{instance}].")
}

/// `[INSMNGR15]`: `init-slots` outside an instance's initialization.
pub fn insmngr15() -> String {
    "[INSMNGR15] init-slots not valid in this context.".into()
}

/// `[INSMNGR16]`: the name is taken by an instance of another class.
pub fn insmngr16(name: &str, class: &str) -> String {
    format!("[INSMNGR16] The instance name [{name}] is in use by an instance of class '{class}'.")
}
