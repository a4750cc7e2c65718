//! `PRNTUTIL`: CLIPS's generic messages for an item that cannot be found and for
//! a construct whose syntax is wrong.

/// `[PRNTUTIL1]`: no `kind` (`deffacts`, `defmodule`, `fact`, ...) is named
/// `name`. CLIPS quotes the names of constructs (`quoted`), not those of facts
/// and instances.
pub fn prntutil1(kind: &str, name: &str, quoted: bool) -> String {
    let quote = if quoted { "'" } else { "" };
    format!("[PRNTUTIL1] Unable to find {kind} {quote}{name}{quote}.")
}

/// `[PRNTUTIL2]`: a construct of kind `construct` (or a part of one, `slot
/// attributes`) is not written as its syntax requires (CLIPS starts a new line
/// first).
pub fn prntutil2(construct: &str) -> String {
    format!("\n[PRNTUTIL2] Syntax Error:  Check appropriate syntax for {construct}.")
}

/// `[PRNTUTIL1]`, as a function names what it could not find: `kind` `name`
/// (quoted) was not found by `function`.
pub fn prntutil1_in(kind: &str, name: &str, function: &str) -> String {
    format!("[PRNTUTIL1] Unable to find {kind} '{name}' in function '{function}'.")
}

/// `[PRNTUTIL4]`: `kind` `name` cannot be deleted (while a binary image is loaded,
/// every construct is held).
pub fn prntutil4(kind: &str, name: &str) -> String {
    format!("[PRNTUTIL4] Unable to delete {kind} '{name}'.")
}

/// `[PRNTUTIL11]`: a function was given the address of fact `f-index`, which
/// has been retracted since.
pub fn prntutil11(index: u64) -> String {
    format!("[PRNTUTIL11] The fact f-{index} has been retracted.")
}

/// `[PRNTUTIL5]`: `item` (`slot `, `attribute `, `default attribute`, ...) was
/// given twice; `name`, when given, follows it in quotes.
pub fn prntutil5(item: &str, name: Option<&str>) -> String {
    let name = name.map_or(String::new(), |n| format!("'{n}'"));
    format!("\n[PRNTUTIL5] The {item}{name} has already been parsed.")
}

/// `[PRNTUTIL6]`: a deffacts fact reads a local variable, which nothing binds.
pub fn prntutil6() -> String {
    "\n[PRNTUTIL6] Local variables can not be accessed by a deffacts construct.".to_string()
}

/// `[PRNTUTIL9]`: a rule's salience is outside -10000..10000.
pub fn prntutil9() -> String {
    "\n[PRNTUTIL9] Salience value out of range -10000 to 10000.".to_string()
}

/// `[PRNTUTIL10]`: a rule's salience is a constant that is not an integer.
pub fn prntutil10() -> String {
    "\n[PRNTUTIL10] Salience value must be an integer value.".to_string()
}

/// `[PRNTUTIL7]`: `function` was asked to divide by zero.
pub fn prntutil7(function: &str) -> String {
    format!("[PRNTUTIL7] Attempt to divide by zero in '{function}' function.")
}

/// `[PRNTUTIL12]`: the slot reference `?{reference}` (`f:x`) of a fact-set query
/// names a slot of fact `f-index`, which has been retracted.
pub fn prntutil12(reference: &str, index: u64) -> String {
    format!("[PRNTUTIL12] The variable/slot reference ?{reference} cannot be resolved because the referenced fact f-{index} has been retracted.")
}

/// `[PRNTUTIL13]`: the slot reference `?{reference}` (`f:z`) of a fact-set query
/// names a slot fact `f-index` does not have.
pub fn prntutil13(reference: &str, index: u64) -> String {
    format!("[PRNTUTIL13] The variable/slot reference ?{reference} is invalid because the referenced fact f-{index} does not contain the specified slot.")
}

/// `[PRNTUTIL14]`: in the slot reference `?{reference}` (`f:78`) of a fact-set
/// query, what follows the member variable is not a symbol.
pub fn prntutil14(reference: &str) -> String {
    format!("[PRNTUTIL14] The variable/slot reference ?{reference} is invalid because slot names must be symbols.")
}

/// `[PRNTUTIL15]`: the slot reference `?{reference}` (`i:x`) of an instance-set
/// query names a slot of instance `[name]`, which has been deleted.
pub fn prntutil15(reference: &str, name: &str) -> String {
    format!("[PRNTUTIL15] The variable/slot reference ?{reference} cannot be resolved because the referenced instance [{name}] has been deleted.")
}

/// `[PRNTUTIL16]`: the slot reference `?{reference}` (`i:z`) of an instance-set
/// query names a slot instance `[name]` does not have.
pub fn prntutil16(reference: &str, name: &str) -> String {
    format!("[PRNTUTIL16] The variable/slot reference ?{reference} is invalid because the referenced instance [{name}] does not contain the specified slot.")
}

/// `[PRNTUTIL17]`: integer arithmetic in `function` went out of the 64-bit range.
pub fn prntutil17(function: &str) -> String {
    format!("[PRNTUTIL17] Over or underflow of long long integer in '{function}' function.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn construct_names_are_quoted_fact_names_are_not() {
        assert_eq!(
            prntutil1("deffacts", "d1", true),
            "[PRNTUTIL1] Unable to find deffacts 'd1'."
        );
        assert_eq!(
            prntutil1("fact", "f-10", false),
            "[PRNTUTIL1] Unable to find fact f-10."
        );
    }

    #[test]
    fn a_syntax_error_starts_a_new_line() {
        assert_eq!(
            prntutil2("defglobal"),
            "\n[PRNTUTIL2] Syntax Error:  Check appropriate syntax for defglobal."
        );
    }
}
