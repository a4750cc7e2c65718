//! `GENRCPSR`, `GENRCEXE`, `GENRCFUN`, `GENRCCOM`: generic functions and their
//! methods, as CLIPS's parser (`genrcpsr.c`), dispatcher (`genrcexe.c`) and
//! commands (`genrcfun.c`, `genrccom.c`) report them.

/// `[GENRCPSR1]`: something follows a defgeneric's name and comment.
pub fn genrcpsr1() -> String {
    "[GENRCPSR1] Expected ')' to complete defgeneric.".to_string()
}

/// `[GENRCPSR2]`: a defmethod given index `new` has the restrictions of method `old`.
pub fn genrcpsr2(new: u32, old: u32) -> String {
    format!("[GENRCPSR2] New method #{new} would be indistinguishable from method #{old}.")
}

/// `[GENRCPSR3]`: the generic function is named after a construct.
pub fn genrcpsr3() -> String {
    "[GENRCPSR3] Defgenerics are not allowed to replace constructs.".to_string()
}

/// `[GENRCPSR4]`: a deffunction imported from `module` has the generic's name.
pub fn genrcpsr4(name: &str, module: &str) -> String {
    format!("[GENRCPSR4] Deffunction '{name}' imported from module '{module}' conflicts with this defgeneric.")
}

/// `[GENRCPSR5]`: a deffunction of the current module has the generic's name.
pub fn genrcpsr5() -> String {
    "[GENRCPSR5] Defgenerics are not allowed to replace deffunctions.".to_string()
}

/// `[GENRCPSR6]`: a method index below 1 (or beyond CLIPS's range).
pub fn genrcpsr6() -> String {
    "[GENRCPSR6] Method index out of range.".to_string()
}

/// `[GENRCPSR7]`: no parameter list after a defmethod's name.
pub fn genrcpsr7() -> String {
    "[GENRCPSR7] Expected a '(' to begin method parameter restrictions.".to_string()
}

/// `[GENRCPSR8]`: a restricted parameter `( ... )` does not start with a variable.
pub fn genrcpsr8() -> String {
    "[GENRCPSR8] Expected a variable for parameter specification.".to_string()
}

/// `[GENRCPSR9]`: a parameter is neither a variable nor a restricted parameter.
pub fn genrcpsr9() -> String {
    "[GENRCPSR9] Expected a variable or '(' for parameter specification.".to_string()
}

/// `[GENRCPSR10]`: something follows a parameter's query.
pub fn genrcpsr10() -> String {
    "[GENRCPSR10] Query must be last in parameter restriction.".to_string()
}

/// `[GENRCPSR11]`: a class named twice in one parameter restriction.
pub fn genrcpsr11() -> String {
    "[GENRCPSR11] Duplicate classes not allowed in parameter restriction.".to_string()
}

/// `[GENRCPSR12]`: a parameter's query binds a variable.
pub fn genrcpsr12() -> String {
    "[GENRCPSR12] Binds are not allowed in query expressions.".to_string()
}

/// `[GENRCPSR13]`: a restriction item that is neither a class nor a query, or a
/// restriction with neither.
pub fn genrcpsr13() -> String {
    "[GENRCPSR13] Expected a valid class name or query.".to_string()
}

/// `[GENRCPSR14]`: a restriction names a class that does not exist.
pub fn genrcpsr14() -> String {
    "[GENRCPSR14] Unknown class in method.".to_string()
}

/// `[GENRCPSR15]`: a restriction names `class` and a superclass or subclass of it.
pub fn genrcpsr15(class: &str) -> String {
    format!("[GENRCPSR15] Class '{class}' is redundant.")
}

/// `[GENRCPSR16]`: the built-in `name` (a special form) cannot have methods.
pub fn genrcpsr16(name: &str) -> String {
    format!("[GENRCPSR16] The system function '{name}' cannot be overloaded.")
}

/// `[GENRCPSR17]`: a defmethod would replace the implicit method of a built-in.
pub fn genrcpsr17(index: u32) -> String {
    format!("[GENRCPSR17] Cannot replace the implicit system method #{index}.")
}

/// `[GENRCEXE1]`: no method of generic `name` applies to the arguments.
pub fn genrcexe1(name: &str) -> String {
    format!("[GENRCEXE1] No applicable methods for '{name}'.")
}

/// `[GENRCEXE2]`: `call-next-method` or `override-next-method` with no next method.
pub fn genrcexe2() -> String {
    "[GENRCEXE2] Shadowed methods not applicable in current context.".to_string()
}

/// `[GENRCEXE3]`: an instance name whose instance does not exist, given to a
/// method restricted to classes.
pub fn genrcexe3(value: &str, name: &str) -> String {
    format!("[GENRCEXE3] Unable to determine class of {value} in generic function '{name}'.")
}

/// `[GENRCEXE4]`: `call-specific-method` names a method that does not apply.
pub fn genrcexe4(name: &str, index: u32) -> String {
    format!(
        "[GENRCEXE4] Generic function '{name}' method #{index} is not applicable to the given arguments."
    )
}

/// `[GENRCFUN1]`: a generic's methods changed while one of them runs.
pub fn genrcfun1(name: &str) -> String {
    format!(
        "[GENRCFUN1] Defgeneric '{name}' cannot be modified while one of its methods is executing."
    )
}

/// `[GENRCFUN2]`: command `function` names method `#index` of `name`, which does not exist.
pub fn genrcfun2(name: &str, index: i64, function: &str) -> String {
    format!("[GENRCFUN2] Unable to find method '{name}' #{index} in function '{function}'.")
}

/// `[GENRCFUN3]`: command `function` names generic `name`, which does not exist.
pub fn genrcfun3(name: &str, function: &str) -> String {
    format!("[GENRCFUN3] Unable to find generic function '{name}' in function '{function}'.")
}

/// `[GENRCFUN3]` as `preview-generic` words it (no quotes around the function).
pub fn genrcfun3_preview(name: &str) -> String {
    format!("[GENRCFUN3] Unable to find generic function '{name}' in function preview-generic.")
}

/// `[GENRCCOM1]`: `undefmethod` names a generic that does not exist.
pub fn genrccom1(name: &str) -> String {
    format!("[GENRCCOM1] No such generic function '{name}' in function undefmethod.")
}

/// `[GENRCCOM2]`: `undefmethod`'s index is neither a positive integer nor `*`.
pub fn genrccom2() -> String {
    "[GENRCCOM2] Expected a valid method index in function undefmethod.".to_string()
}

/// `[GENRCCOM3]`: `(undefmethod * N)`: every generic, but one method index.
pub fn genrccom3() -> String {
    "[GENRCCOM3] Incomplete method specification for deletion.".to_string()
}
