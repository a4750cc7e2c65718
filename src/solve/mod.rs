//! `salience solve`: the generic driver that runs a rulebase on puzzle collections.

pub mod kind;
