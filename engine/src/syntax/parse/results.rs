//! What kind of value a function returns, as CLIPS declares it: CLIPS reads it
//! to tell a return-value constraint `=(call)` that gives one field from one
//! that gives a multifield (`[PATTERN2]`).

/// The kind of value a call returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Returns {
    /// One field.
    Single,
    /// A multifield.
    Multi,
    /// Anything: a function CLIPS declares with every type, or one it does not
    /// know while reading (a deffunction, a generic function).
    Any,
}

/// The built-ins whose declared result includes a multifield (CLIPS's `m` type).
const MULTIFIELD: [&str; 21] = [
    "create$",
    "first$",
    "rest$",
    "subseq$",
    "delete-member$",
    "replace-member$",
    "delete$",
    "replace$",
    "insert$",
    "explode$",
    "member$",
    "get-fact-list",
    "find-fact",
    "find-all-facts",
    "get-function-list",
    "get-defrule-list",
    "get-deftemplate-list",
    "get-focus-stack",
    "deftemplate-slot-names",
    "sort",
    "local-time",
];

/// The built-ins CLIPS declares as returning any type (`*`).
const ANY: [&str; 20] = [
    "fact-slot-value",
    "fact-slot-names",
    "do-for-fact",
    "do-for-all-facts",
    "delayed-do-for-all-facts",
    "type",
    "expand$",
    "funcall",
    "progn$",
    "foreach",
    "if",
    "while",
    "loop-for-count",
    "bind",
    "progn",
    "return",
    "switch",
    "eval",
    "string-to-field",
    "deftemplate-slot-default-value",
];

/// What a call of `name` returns. A name CLIPS has no declaration for returns
/// anything.
pub(super) fn returns(name: &str) -> Returns {
    if MULTIFIELD.contains(&name) {
        Returns::Multi
    } else if ANY.contains(&name) || crate::functions::lookup(name).is_none() {
        Returns::Any
    } else {
        Returns::Single
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds() {
        assert_eq!(returns("create$"), Returns::Multi);
        assert_eq!(returns("+"), Returns::Single);
        assert_eq!(returns("my-deffunction"), Returns::Any);
        assert_eq!(returns("string-to-field"), Returns::Any);
    }
}
