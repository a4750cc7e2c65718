//! `DEFAULT`: a slot's `default` and `default-dynamic` attributes.

/// `[DEFAULT1]`: the default of a single-field slot is not one value.
pub fn default1() -> String {
    "\n[DEFAULT1] The default value for a single field slot must be a single field value."
        .to_string()
}
