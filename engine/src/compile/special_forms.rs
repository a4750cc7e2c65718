//! The forms the compiler builds itself rather than calling a function (`if`,
//! `bind`, `assert`, ...), with what CLIPS 6.41 registers for each: they are
//! functions to `get-function-list` and `get-function-restrictions`, and most have
//! a parser of their own, which `funcall` refuses to call through.

use crate::syntax::parse::{INSTANCE_QUERY_FUNCTIONS, QUERY_FUNCTIONS};

/// A special form.
pub struct SpecialForm {
    /// The CLIPS name.
    pub name: &'static str,
    /// CLIPS's type codes for the values it returns (see
    /// [`crate::functions::Builtin::returns`]).
    pub returns: &'static str,
    /// The least number of arguments CLIPS registers.
    pub min: usize,
    /// The most arguments CLIPS registers, or `None`.
    pub max: Option<usize>,
    /// CLIPS's restriction string (see [`crate::functions::Builtin::restrictions`]).
    pub restrictions: &'static str,
    /// Whether CLIPS parses it with a parser of its own (`timer` it parses as a
    /// function call).
    pub own_parser: bool,
}

const fn form(
    name: &'static str,
    returns: &'static str,
    min: usize,
    max: Option<usize>,
    restrictions: &'static str,
) -> SpecialForm {
    SpecialForm {
        name,
        returns,
        min,
        max,
        restrictions,
        own_parser: true,
    }
}

/// Every special form but the fact-set and instance-set queries
/// ([`QUERY_FUNCTIONS`], [`INSTANCE_QUERY_FUNCTIONS`]).
pub static SPECIAL_FORMS: &[SpecialForm] = &[
    form("if", "*", 0, None, "*"),
    form("while", "*", 0, None, "*"),
    form("loop-for-count", "*", 0, None, "*"),
    form("foreach", "*", 0, None, "*"),
    form("progn$", "*", 0, None, "*"),
    form("progn", "*", 0, None, "*"),
    form("switch", "*", 0, None, "*"),
    form("bind", "*", 0, None, "*"),
    form("return", "*", 0, None, "*"),
    form("break", "v", 0, Some(0), "*"),
    form("assert", "bf", 0, None, "*"),
    form("modify", "bf", 0, None, "*;lf"),
    form("duplicate", "bf", 0, None, "*;lf"),
    form("expand$", "*", 1, Some(1), "m"),
    form("sort", "bm", 1, None, "*;y"),
    SpecialForm {
        own_parser: false,
        ..form("timer", "d", 0, None, "*")
    },
];

/// The types of value each fact-set query returns, in [`QUERY_FUNCTIONS`]'s
/// order: `any-factp` a boolean, `find-fact` and `find-all-facts` a multifield,
/// the `do-for-*` queries anything.
const QUERY_RETURNS: [&str; QUERY_FUNCTIONS.len()] = ["b", "m", "m", "*", "*", "*"];

/// The fact-set queries, then the instance-set ones, as special forms: CLIPS
/// registers each with any number of arguments and no restrictions.
static QUERIES: [SpecialForm; 2 * QUERY_FUNCTIONS.len()] = {
    let n = QUERY_FUNCTIONS.len();
    let mut forms = [const { form("", "*", 0, None, "*") }; 2 * QUERY_FUNCTIONS.len()];
    let mut i = 0;
    while i < n {
        forms[i].name = QUERY_FUNCTIONS[i];
        forms[i].returns = QUERY_RETURNS[i];
        forms[n + i].name = INSTANCE_QUERY_FUNCTIONS[i];
        forms[n + i].returns = QUERY_RETURNS[i];
        i += 1;
    }
    forms
};

/// Every special form, the queries included.
pub fn all() -> impl Iterator<Item = &'static SpecialForm> {
    SPECIAL_FORMS.iter().chain(QUERIES.iter())
}

/// The special form named `name`.
pub fn lookup(name: &str) -> Option<&'static SpecialForm> {
    all().find(|f| f.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_and_queries_are_found() {
        assert_eq!(lookup("modify").map(|f| f.restrictions), Some("*;lf"));
        assert!(lookup("do-for-fact").is_some_and(|f| f.own_parser));
        assert_eq!(lookup("find-instance").map(|f| f.returns), Some("m"));
        assert!(lookup("timer").is_some_and(|f| !f.own_parser));
        assert!(lookup("str-cat").is_none());
    }
}
