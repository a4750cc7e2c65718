//! `CSTRNPSR` and `CSTRNCHK`: reading a slot's constraint attributes (`type`,
//! `range`, `cardinality`, `allowed-...`) and checking values against them.

use crate::value::Value;

/// `[CSTRNPSR1]`: attribute `first` (always `type`) allows no value that
/// attribute `second` (`range`, `allowed-symbols`, ...) lets through.
pub fn cstrnpsr1(first: &str, second: &str) -> String {
    format!("\n[CSTRNPSR1] The '{first}' attribute conflicts with the '{second}' attribute.")
}

/// `[CSTRNPSR2]`: the minimum of `attribute` (`range` or `cardinality`) is above
/// its maximum.
pub fn cstrnpsr2(attribute: &str) -> String {
    format!(
        "\n[CSTRNPSR2] Minimum '{attribute}' value must be less than or equal to the maximum '{attribute}' value."
    )
}

/// `[CSTRNPSR3]`: attribute `later` cannot be given with `earlier`, given before
/// it (CLIPS names `allowed-numbers` `allowed-number` in one of these).
pub fn cstrnpsr3(later: &str, earlier: &str) -> String {
    format!(
        "\n[CSTRNPSR3] The '{later}' attribute cannot be used in conjunction with the '{earlier}' attribute."
    )
}

/// `[CSTRNPSR4]`: a value of attribute `attribute` (`allowed-symbols`, ...) is
/// not of the type it lists.
pub fn cstrnpsr4(attribute: &str) -> String {
    format!("\n[CSTRNPSR4] Value does not match the expected type for the '{attribute}' attribute.")
}

/// `[CSTRNPSR5]`: `cardinality` was given for a single-field slot.
pub fn cstrnpsr5() -> String {
    "\n[CSTRNPSR5] The 'cardinality' attribute can only be used with multifield slots.".to_string()
}

/// `[CSTRNPSR6]`: the minimum of `cardinality` is negative.
pub fn cstrnpsr6() -> String {
    "\n[CSTRNPSR6] Minimum 'cardinality' value must be greater than or equal to zero.".to_string()
}

/// How a value breaks a slot's constraints, in the order CLIPS checks them.
#[derive(Clone, Debug, PartialEq)]
pub enum Violation {
    /// The value's type is not one the slot allows.
    Type,
    /// The value is not one of the slot's `allowed-...` values.
    AllowedValues,
    /// The number is outside the slot's range: its bounds, `None` for an open end.
    Range(Option<Value>, Option<Value>),
    /// The number of values is outside the slot's cardinality.
    Cardinality,
}

/// What CLIPS says of a violation, after the thing it found: ` does not match the
/// allowed types`, ` does not fall in the allowed range 1 to 3`, ...
fn violated(violation: &Violation) -> String {
    match violation {
        Violation::Type => " does not match the allowed types".to_string(),
        Violation::AllowedValues => " does not match the allowed values".to_string(),
        Violation::Range(min, max) => {
            let bound = |b: &Option<Value>, open: &str| {
                b.as_ref()
                    .map_or(open.to_string(), |v| v.repr().to_string())
            };
            format!(
                " does not fall in the allowed range {} to {}",
                bound(min, "-oo"),
                bound(max, "+oo")
            )
        }
        Violation::Cardinality => " does not satisfy the cardinality restrictions".to_string(),
    }
}

/// `[CSTRNCHK1]`: an expression of slot `slot`'s `default` (or `default-dynamic`
/// when `dynamic`) breaks the slot's constraints.
pub fn cstrnchk1_default(dynamic: bool, slot: &str, violation: &Violation) -> String {
    let attribute = if dynamic {
        "default-dynamic"
    } else {
        "default"
    };
    format!(
        "\n[CSTRNCHK1] An expression found in the {attribute} attribute{} for slot '{slot}'.",
        violated(violation)
    )
}

/// `[CSTRNCHK1]`: the value `value` (as CLIPS prints it) for the slot `place`
/// describes (see [`super::insfun::slot_place`]) breaks the slot's constraints.
pub fn cstrnchk1_slot(value: &str, place: &str, violation: &Violation) -> String {
    format!(
        "[CSTRNCHK1] The value {value} for {place}{}.",
        violated(violation)
    )
}

/// `[CSTRNCHK1]`: an expression of a class slot's `default-dynamic` facet (the
/// slot `place` describes) breaks the slot's constraints.
pub fn cstrnchk1_expression(place: &str, violation: &Violation) -> String {
    format!("[CSTRNCHK1] Expression for {place}{}.", violated(violation))
}

/// `[CSTRNCHK1]`: a constant given for slot `slot` in the command `command`
/// (`assert`, `modify`, `duplicate`) breaks the slot's constraints.
pub fn cstrnchk1_literal(command: &str, slot: &str, violation: &Violation) -> String {
    let what = if *violation == Violation::Cardinality {
        "Literal slot values"
    } else {
        "A literal slot value"
    };
    format!(
        "\n[CSTRNCHK1] {what} found in the '{command}' command{} for slot '{slot}'.",
        violated(violation)
    )
}

/// `[CSTRNCHK1]`: the value `value` (as CLIPS prints it) of slot `slot` of fact
/// `f-index`, just asserted, breaks the slot's constraints (dynamic constraint
/// checking).
pub fn cstrnchk1_fact(value: &str, index: u64, slot: &str, violation: &Violation) -> String {
    format!(
        "\n[CSTRNCHK1] Slot value {value} found in fact f-{index}{} for slot '{slot}'.",
        violated(violation)
    )
}

/// `[CSTRNCHK1]`: restrictions of CE `ce` break the constraints of the slot or
/// field `at`: a literal (`group` false) or, for a cardinality, the group of a
/// multislot's restrictions (`group` true).
pub fn cstrnchk1_pattern(
    group: bool,
    ce: usize,
    at: super::analysis::Place,
    violation: &Violation,
) -> String {
    let what = if group {
        "The group of restrictions"
    } else {
        "A literal restriction value"
    };
    let place = match at {
        super::analysis::Place::Slot(s) => format!(" for slot '{s}'"),
        super::analysis::Place::Field(n) => format!(" for field #{n}"),
        super::analysis::Place::Whole => String::new(),
    };
    format!(
        "\n[CSTRNCHK1] {what} found in CE #{ce}{}{place}.",
        violated(violation)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn violations_say_what_was_broken() {
        assert_eq!(
            cstrnchk1_default(
                false,
                "x",
                &Violation::Range(Some(Value::Float(10.0)), Some(Value::Integer(30)))
            ),
            "\n[CSTRNCHK1] An expression found in the default attribute does not fall in the \
             allowed range 10.0 to 30 for slot 'x'."
        );
        assert_eq!(
            cstrnchk1_literal("assert", "x", &Violation::Type),
            "\n[CSTRNCHK1] A literal slot value found in the 'assert' command does not match \
             the allowed types for slot 'x'."
        );
        assert_eq!(
            cstrnchk1_literal("modify", "q", &Violation::Cardinality),
            "\n[CSTRNCHK1] Literal slot values found in the 'modify' command does not satisfy \
             the cardinality restrictions for slot 'q'."
        );
        assert_eq!(
            cstrnchk1_fact(
                "8",
                2,
                "x",
                &Violation::Range(None, Some(Value::Integer(3)))
            ),
            "\n[CSTRNCHK1] Slot value 8 found in fact f-2 does not fall in the allowed range \
             -oo to 3 for slot 'x'."
        );
    }

    #[test]
    fn pattern_violations() {
        assert_eq!(
            cstrnchk1_pattern(
                true,
                3,
                super::super::analysis::Place::Slot("z"),
                &Violation::Cardinality
            ),
            "\n[CSTRNCHK1] The group of restrictions found in CE #3 does not satisfy the \
             cardinality restrictions for slot 'z'."
        );
    }

    #[test]
    fn attribute_conflicts() {
        assert_eq!(
            cstrnpsr1("type", "range"),
            "\n[CSTRNPSR1] The 'type' attribute conflicts with the 'range' attribute."
        );
        assert_eq!(
            cstrnpsr3("range", "allowed-integers"),
            "\n[CSTRNPSR3] The 'range' attribute cannot be used in conjunction with the \
             'allowed-integers' attribute."
        );
    }
}
