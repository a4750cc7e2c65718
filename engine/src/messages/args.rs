//! `ARGACCES`: the checks of a function's arguments, their count and their types.

/// `[ARGACCES1]`: `function` was given a number of arguments outside `min..=max`
/// (`count`); `None` when the count is right.
pub fn argacces1(function: &str, min: usize, max: Option<usize>, count: usize) -> Option<String> {
    let plural = |n: usize| if n == 1 { "argument" } else { "arguments" };
    let expected = if max == Some(min) && count != min {
        format!("exactly {min} {}", plural(min))
    } else if count < min {
        format!("at least {min} {}", plural(min))
    } else {
        match max {
            Some(max) if count > max => format!("no more than {max} {}", plural(max)),
            _ => return None,
        }
    };
    Some(format!(
        "[ARGACCES1] Function '{function}' expected {expected}."
    ))
}

/// `[ARGACCES2]`: argument `index` (from 0) of `function` is not of the type
/// `expected` names (`integer or float`, `symbol`, ...).
pub fn argacces2(function: &str, index: usize, expected: &str) -> String {
    format!(
        "[ARGACCES2] Function '{function}' expected argument #{} to be of type {expected}.",
        index + 1
    )
}
