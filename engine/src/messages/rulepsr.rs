//! `RULEPSR`: checks CLIPS makes once a rule has been read (rulepsr.c).

/// `[RULEPSR1]`: a `logical` CE follows a CE that is not `logical` (CLIPS
/// writes no final period).
pub fn rulepsr1() -> String {
    "\n[RULEPSR1] Logical CEs must be placed first in a rule".to_string()
}

/// `[RULEPSR2]`: `logical` CEs separated by another CE (no final period).
pub fn rulepsr2() -> String {
    "\n[RULEPSR2] Gaps may not exist between logical CEs".to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn have_no_final_period() {
        assert!(super::rulepsr1().ends_with("in a rule"));
        assert!(super::rulepsr2().ends_with("logical CEs"));
    }
}
