//! `RULECSTR`: constraint conflicts found in a rule's patterns, tests and actions
//! (rulecstr.c).

use super::analysis::Place;

/// Where a conflict is, after `CE #n` or `Pattern #n`: ` slot 'x'`, ` field #2`.
fn place(place: Place) -> String {
    match place {
        Place::Whole => String::new(),
        Place::Field(n) => format!(" field #{n}"),
        Place::Slot(s) => format!(" slot '{s}'"),
    }
}

/// `[RULECSTR1]`: the constraints on field `at` of CE `ce` (on variable `?var`
/// there, if the field starts with one) allow no value.
pub fn rulecstr1(var: Option<&str>, ce: usize, at: Place) -> String {
    let what = match var {
        Some(var) => format!("Variable ?{var} in CE #{ce}"),
        None => format!("Pattern #{ce}"),
    };
    format!(
        "\n[RULECSTR1] {what}{} has constraint conflicts which make the pattern unmatchable.",
        place(at)
    )
}

/// `[RULECSTR2]`: what earlier patterns bind `?var` to cannot be argument
/// `arg` of the call `call` (as CLIPS prints it), found in CE `ce` at `at`.
pub fn rulecstr2(var: &str, arg: usize, call: &str, ce: usize, at: Place) -> String {
    format!(
        "\n[RULECSTR2] Previous variable bindings of ?{var} caused the type restrictions\n\
         for argument #{arg} of the expression {call}\nfound in CE #{ce}{} to be violated.",
        place(at)
    )
}

/// `[RULECSTR3]`: what the rule binds `?var` to cannot be argument `arg` of the
/// call `call` of its actions.
pub fn rulecstr3(var: &str, arg: usize, call: &str) -> String {
    format!(
        "\n[RULECSTR3] Previous variable bindings of ?{var} caused the type restrictions\n\
         for argument #{arg} of the expression {call} found in the rule's RHS to be violated."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflicts_name_the_variable_or_the_pattern() {
        assert_eq!(
            rulecstr1(Some("x"), 1, Place::Slot("y")),
            "\n[RULECSTR1] Variable ?x in CE #1 slot 'y' has constraint conflicts which make \
             the pattern unmatchable."
        );
        assert_eq!(
            rulecstr1(None, 1, Place::Field(1)),
            "\n[RULECSTR1] Pattern #1 field #1 has constraint conflicts which make the pattern \
             unmatchable."
        );
        assert_eq!(
            rulecstr2("x", 2, "(> ?y ?x)", 2, Place::Whole),
            "\n[RULECSTR2] Previous variable bindings of ?x caused the type restrictions\n\
             for argument #2 of the expression (> ?y ?x)\nfound in CE #2 to be violated."
        );
    }
}
