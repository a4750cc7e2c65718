//! The implicit methods of a generic named after a built-in: the built-in itself,
//! restricted as its restriction string says (CLIPS's
//! `FormMethodsFromRestrictions` in `immthpsr.c`): a method for the required
//! arguments, one for each optional argument that has a restriction of its own,
//! and one with a wildcard for the rest (with a query limiting their number when
//! the built-in takes at most so many).

use super::{Parameters, Query, Restriction};
use crate::functions::types::Types;
use crate::value::{atom, Atom};

/// The parameters of the implicit methods of a built-in taking from `min` to
/// `max` arguments restricted by `restrictions` (CLIPS's restriction string:
/// the default type codes, then one list per argument position), in the order
/// CLIPS adds them.
pub fn implicit_parameters(restrictions: &str, min: usize, max: Option<usize>) -> Vec<Parameters> {
    let lists: Vec<&str> = restrictions.split(';').collect();
    // Position 0 is the default; position n the n-th argument.
    let listed = |position: usize| position < lists.len();
    let types_at = |position: usize, default: Types| match lists.get(position) {
        Some(codes) if !codes.is_empty() => Types::of_codes(codes),
        _ => default,
    };
    let mut default = types_at(0, Types::ANY);
    let mut plist: Vec<Restriction> = (1..=min)
        .map(|p| restriction(types_at(p, default)))
        .collect();
    let mut methods = Vec::new();
    let mut need_minimum = true;
    let mut i = 0;
    while listed(min + i + 1) {
        if Some(min + i + 1) == max && !listed(min + i + 2) {
            default = types_at(min + i + 1, Types::ANY);
            break;
        }
        plist.push(restriction(types_at(min + i + 1, default)));
        i += 1;
        if listed(min + i + 1) || Some(min + i) == max {
            methods.push(parameters(plist.clone(), false));
        }
    }
    if Some(min + i) != max {
        if i == 0 {
            need_minimum = false;
        }
        let mut wildcard = restriction(default);
        wildcard.query = max.map(|max| Query::AtMost(max - min - i));
        let mut with_rest = plist.clone();
        with_rest.push(wildcard);
        methods.push(parameters(with_rest, true));
    }
    if need_minimum {
        plist.truncate(min);
        methods.push(parameters(plist, false));
    }
    methods
}

fn parameters(restrictions: Vec<Restriction>, wildcard: bool) -> Parameters {
    Parameters {
        restrictions,
        wildcard,
        current_argument: 0,
        frame_size: 0,
    }
}

/// The classes of a restriction on `types` (`ParseRestrictionCreateTypes`): the
/// most general class covering each group of types, in CLIPS's order.
fn restriction(types: Types) -> Restriction {
    let has = |codes: &str| types.includes(Types::of_codes(codes));
    let mut classes: Vec<&str> = Vec::new();
    if !has("ldysnmfie") {
        match (has("y"), has("s")) {
            (true, true) => classes.push("LEXEME"),
            (true, false) => classes.push("SYMBOL"),
            (false, true) => classes.push("STRING"),
            _ => {}
        }
        match (has("l"), has("d")) {
            (true, true) => classes.push("NUMBER"),
            (true, false) => classes.push("INTEGER"),
            (false, true) => classes.push("FLOAT"),
            _ => {}
        }
        match (has("n"), has("i")) {
            (true, true) => classes.push("INSTANCE"),
            (true, false) => classes.push("INSTANCE-NAME"),
            (false, true) => classes.push("INSTANCE-ADDRESS"),
            _ => {}
        }
        if has("e") && has("i") && has("f") {
            classes.push("ADDRESS");
        } else {
            if has("e") {
                classes.push("EXTERNAL-ADDRESS");
            }
            if has("i") && !has("n") {
                classes.push("INSTANCE-ADDRESS");
            }
            if has("f") {
                classes.push("FACT-ADDRESS");
            }
        }
        if has("m") {
            classes.push("MULTIFIELD");
        }
    }
    // CLIPS puts each class before those found earlier.
    let classes: Vec<Atom> = classes.iter().rev().map(|c| atom(c)).collect();
    Restriction {
        classes,
        query: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generic::describe::restrictions;

    fn shapes(restrictions_string: &str, min: usize, max: Option<usize>) -> Vec<String> {
        implicit_parameters(restrictions_string, min, max)
            .iter()
            .map(restrictions)
            .collect()
    }

    #[test]
    fn as_clips_forms_them() {
        assert_eq!(shapes("ld", 2, None), ["(NUMBER) (NUMBER) ($? NUMBER)"]);
        // class-slots: a class, then an optional symbol.
        assert_eq!(shapes("y", 1, Some(2)), ["(SYMBOL) ($? SYMBOL <qry>)"]);
        // slot-replace$: five restricted positions, then any number of values.
        assert_eq!(
            shapes("*;iny;y;l;l", 5, None),
            ["(INSTANCE SYMBOL) (SYMBOL) (INTEGER) (INTEGER) () $?"]
        );
        assert_eq!(shapes("l", 1, Some(1)), ["(INTEGER)"]);
    }
}
