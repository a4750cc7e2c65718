//! `PRNTUTIL`: CLIPS's general messages about items that cannot be found or used.

/// `[PRNTUTIL1]`: no `item` (`function`, `fact`, `defmodule`, ...) is named `name`;
/// `quoted` puts the name in quotes, as most of CLIPS's callers do.
pub fn prntutil1(item: &str, name: &str, quoted: bool) -> String {
    let name = if quoted {
        format!("'{name}'")
    } else {
        name.to_string()
    };
    format!("[PRNTUTIL1] Unable to find {item} {name}.")
}

/// `[PRNTUTIL11]`: fact `index` was used after it was retracted.
pub fn prntutil11(index: u64) -> String {
    format!("[PRNTUTIL11] The fact f-{index} has been retracted.")
}

/// `[PRNTUTIL7]`: `function` was asked to divide by zero.
pub fn prntutil7(function: &str) -> String {
    format!("[PRNTUTIL7] Attempt to divide by zero in '{function}' function.")
}

/// `[PRNTUTIL17]`: integer arithmetic in `function` went out of the 64-bit range.
pub fn prntutil17(function: &str) -> String {
    format!("[PRNTUTIL17] Over or underflow of long long integer in '{function}' function.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_quoted_when_asked() {
        assert_eq!(
            prntutil1("function", "bogus", true),
            "[PRNTUTIL1] Unable to find function 'bogus'."
        );
        assert_eq!(
            prntutil1("fact", "f-3", false),
            "[PRNTUTIL1] Unable to find fact f-3."
        );
    }
}
