//! `ANALYSIS`: CLIPS's analysis of a rule's variables, made once the whole rule
//! is read (analysis.c).

/// Where in a conditional element a variable was met, as CLIPS names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place<'a> {
    /// A test CE: no field is named.
    Whole,
    /// Field `n` (from 1) of an ordered pattern.
    Field(usize),
    /// A slot of a deftemplate pattern.
    Slot(&'a str),
}

/// `[ANALYSIS1]`: the fact-address variable `?var` of CE `ce` was already bound
/// to an earlier pattern.
pub fn analysis1(var: &str, ce: usize) -> String {
    format!("\n[ANALYSIS1] Duplicate pattern-address ?{var} found in CE #{ce}.")
}

/// `[ANALYSIS2]`: the fact-address variable `?var` of CE `ce` was already bound
/// in a field of an earlier pattern.
pub fn analysis2(var: &str, ce: usize) -> String {
    format!(
        "\n[ANALYSIS2] Pattern-address ?{var} used in CE #{ce} was previously bound within a pattern CE."
    )
}

/// `[ANALYSIS3]`: `?var` is both a single-field and a multifield variable.
pub fn analysis3(var: &str) -> String {
    format!(
        "\n[ANALYSIS3] Variable ?{var} is used as both a single and multifield variable in the LHS."
    )
}

/// `[ANALYSIS4]`: `?var` is read in CE `ce` at `place` before anything binds it;
/// `expression` is the call it is an argument of, as CLIPS prints it, if any.
pub fn analysis4(var: &str, expression: Option<&str>, ce: usize, place: Place) -> String {
    let found = expression.map_or(String::new(), |e| format!("found in the expression {e}\n"));
    let place = match place {
        Place::Whole | Place::Field(0) => String::new(),
        Place::Field(n) => format!(" field #{n}"),
        Place::Slot(slot) => format!(" slot '{slot}'"),
    };
    format!("\n[ANALYSIS4] Variable ?{var} {found}was referenced in CE #{ce}{place} before being defined.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts() {
        assert_eq!(
            analysis4("x", Some("(> ?x ?y)"), 2, Place::Whole),
            "\n[ANALYSIS4] Variable ?x found in the expression (> ?x ?y)\nwas referenced in CE #2 before being defined."
        );
        assert_eq!(
            analysis4("x", None, 4, Place::Field(1)),
            "\n[ANALYSIS4] Variable ?x was referenced in CE #4 field #1 before being defined."
        );
        assert_eq!(
            analysis4("x", None, 1, Place::Slot("y")),
            "\n[ANALYSIS4] Variable ?x was referenced in CE #1 slot 'y' before being defined."
        );
        assert_eq!(
            analysis3("f"),
            "\n[ANALYSIS3] Variable ?f is used as both a single and multifield variable in the LHS."
        );
    }
}
