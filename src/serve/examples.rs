//! The teaching examples of program mode, bundled in the binary: small expert
//! systems written for the project (`examples/teaching/`), each with a comment at its
//! top that says what to try. `tests/conformance/batch/teach_*.bat` checks that each
//! prints what CLIPS 6.41 prints.

use serde::Serialize;

/// One teaching example.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Example {
    /// Its title in the picker.
    pub title: &'static str,
    /// Its file name.
    pub file: &'static str,
    /// Its text.
    pub text: &'static str,
}

/// An example from `examples/teaching/FILE`.
macro_rules! example {
    ($title:expr, $file:literal) => {
        Example {
            title: $title,
            file: $file,
            text: include_str!(concat!("../../examples/teaching/", $file)),
        }
    };
}

/// Every example, in the picker's order.
pub const EXAMPLES: &[Example] = &[
    example!("Animal identifier (asks questions)", "animals.clp"),
    example!("Family relations (recursion)", "family.clp"),
    example!("Car diagnosis (salience, modules)", "diagnosis.clp"),
    example!("CE: not", "ce-not.clp"),
    example!("CE: exists", "ce-exists.clp"),
    example!("CE: forall", "ce-forall.clp"),
    example!("CE: logical", "ce-logical.clp"),
    example!("CE: test", "ce-test.clp"),
    example!("CE: or", "ce-or.clp"),
    example!("Objects: classes, instances, messages", "objects.clp"),
];
