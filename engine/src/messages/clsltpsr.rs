//! `CLSLTPSR`: errors in a defclass's slots.

/// `[CLSLTPSR1]`: slot `slot` of class `class` is defined twice.
pub fn clsltpsr1(slot: &str, class: &str) -> String {
    format!("[CLSLTPSR1] The '{slot}' slot for class '{class}' is already specified.")
}

/// `[CLSLTPSR2]`: facet `facet` of slot `slot` is given twice.
pub fn clsltpsr2(facet: &str, slot: &str) -> String {
    format!("[CLSLTPSR2] The '{facet}' facet for slot '{slot}' is already specified.")
}

/// `[CLSLTPSR3]`: a single-field slot has a cardinality.
pub fn clsltpsr3() -> String {
    "\n[CLSLTPSR3] The 'cardinality' facet can only be used with multifield slots.".into()
}

/// `[CLSLTPSR4]`: a read-only slot has no default value.
pub fn clsltpsr4() -> String {
    "\n[CLSLTPSR4] Slots with an 'access' facet value of 'read-only' must have a default value."
        .into()
}

/// `[CLSLTPSR5]`: a read-only slot has a write accessor or an override message.
pub fn clsltpsr5() -> String {
    "\n[CLSLTPSR5] Slots with an 'access' facet value of 'read-only' cannot have a write accessor."
        .into()
}

/// `[CLSLTPSR6]`: a no-inherit slot is public.
pub fn clsltpsr6() -> String {
    "\n[CLSLTPSR6] Slots with a 'propagation' facet value of 'no-inherit' cannot have a 'visibility' facet value of 'public'.".into()
}
