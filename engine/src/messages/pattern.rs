//! `PATTERN`: the patterns of rules and the names they reserve.

/// `[PATTERN1]`: `symbol` (`test`, `and`, ...) has a meaning in patterns and
/// cannot be used as `used_for` (`a deftemplate name`, ...).
pub fn pattern1(symbol: &str, used_for: &str) -> String {
    format!(
        "\n[PATTERN1] The symbol '{symbol}' has special meaning and may not be used as {used_for}."
    )
}
