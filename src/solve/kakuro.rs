//! The kakuro adapter: glue between the `salience-kakuro` crate and the generic solve driver.
