//! The hitori adapter: glue between the `salience-hitori` crate and the generic solve driver.
