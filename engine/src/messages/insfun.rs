//! `INSFUN`: errors of the instance functions and of slot values.

/// `[INSFUN1]`: `function` expected an instance.
pub fn insfun1(function: &str) -> String {
    format!("[INSFUN1] Expected a valid instance in function '{function}'.")
}

/// `[INSFUN2]`: no instance is named `name` (`function` was looking for it).
pub fn insfun2(name: &str, function: &str) -> String {
    format!("[INSFUN2] No such instance [{name}] in function '{function}'.")
}

/// `[INSFUN3]`: slot `slot` does not exist (`function` was looking for it).
pub fn insfun3(slot: &str, function: &str) -> String {
    format!("[INSFUN3] No such slot '{slot}' in function '{function}'.")
}

/// `[INSFUN4]`: an instance address of a deleted instance, given to `function`.
pub fn insfun4(function: &str) -> String {
    format!("[INSFUN4] Invalid instance-address in function '{function}'.")
}

/// `[INSFUN4]` for `?self:slot` in a handler whose instance is gone.
pub fn insfun4_self() -> String {
    "[INSFUN4] Invalid instance-address in ?self slot reference.".into()
}

/// `[INSFUN7]`: a multifield `value` for single-field slot `slot` (see
/// [`slot_place`]).
pub fn insfun7(value: &str, slot: &str) -> String {
    format!("[INSFUN7] The value {value} is illegal for single-field {slot}.")
}

/// `[INSFUN8]`: a void value for slot `slot` (see [`slot_place`]).
pub fn insfun8(slot: &str) -> String {
    format!("[INSFUN8] Void function illegal value for {slot}.")
}

/// How CLIPS names a slot in INSFUN7, INSFUN8 and CSTRNCHK1: `slot 'x' of
/// instance [a] found in <where>`, where is a command or a handler; without an
/// instance (a class's default), `slot 'x' found in <where>`.
pub fn slot_place(slot: &str, instance: Option<&str>, place: &str) -> String {
    match instance {
        Some(instance) => format!("slot '{slot}' of instance [{instance}] found in {place}"),
        None => format!("slot '{slot}' found in {place}"),
    }
}
