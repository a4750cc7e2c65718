//! S-expressions to constructs and expressions.
