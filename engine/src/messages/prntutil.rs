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

/// `[PRNTUTIL2]`: a syntax error; `location` names what was being read
/// (`deftemplate`, `type attribute`, ...).
pub fn prntutil2(location: &str) -> String {
    format!("\n[PRNTUTIL2] Syntax Error:  Check appropriate syntax for {location}.")
}

/// `[PRNTUTIL5]`: `item` (`slot `, `attribute `, `default attribute`, ...) was
/// given twice; `name`, when given, follows it in quotes.
pub fn prntutil5(item: &str, name: Option<&str>) -> String {
    let name = name.map_or(String::new(), |n| format!("'{n}'"));
    format!("\n[PRNTUTIL5] The {item}{name} has already been parsed.")
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

    #[test]
    fn already_parsed_names_the_item() {
        assert_eq!(
            prntutil5("slot ", Some("x")),
            "\n[PRNTUTIL5] The slot 'x' has already been parsed."
        );
        assert_eq!(
            prntutil5("default attribute", None),
            "\n[PRNTUTIL5] The default attribute has already been parsed."
        );
    }
}
