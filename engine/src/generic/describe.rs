//! A method as CLIPS lists it (`PrintMethod` in `genrcfun.c`): its index, then
//! each parameter's classes in parentheses (`<qry>` for a query), the wildcard
//! as `($? ...)`, or `$?` when it has no restriction: `#1  (INTEGER <qry>) $?`.

use super::{Method, Parameters};

/// The method's index and restrictions as `list-defmethods` shows them after
/// the `#`: `1  (INTEGER)`, `SYS1  (NUMBER) (NUMBER) ($? NUMBER)`.
pub fn synopsis(method: &Method) -> String {
    let system = if method.is_system() { "SYS" } else { "" };
    let rest = restrictions(&method.parameters);
    format!("{system}{:<2} {rest}", method.index)
}

/// The restrictions of `parameters`, as in [`synopsis`].
pub fn restrictions(parameters: &Parameters) -> String {
    let count = parameters.restrictions.len();
    let mut parts = Vec::with_capacity(count);
    for (i, r) in parameters.restrictions.iter().enumerate() {
        let wildcard = parameters.wildcard && i + 1 == count;
        if wildcard && r.classes.is_empty() && r.query.is_none() {
            parts.push("$?".to_string());
            break;
        }
        let mut items: Vec<&str> = r.classes.iter().map(|c| c.as_str()).collect();
        if r.query.is_some() {
            items.push("<qry>");
        }
        let open = if wildcard { "($? " } else { "(" };
        parts.push(format!("{open}{})", items.join(" ")));
    }
    parts.join(" ")
}
