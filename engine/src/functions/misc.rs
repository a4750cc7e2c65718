//! Small functions with no better home: `time`, `void` and `operating-system`.

use super::{FnError, FnState};
use crate::value::Value;

/// `(time)`: seconds since the Unix epoch, as a float.
pub fn time(_: &mut FnState, _: &[Value]) -> Result<Value, FnError> {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64());
    Ok(Value::Float(now))
}

/// `(void)`: returns nothing.
pub fn void(_: &mut FnState, _: &[Value]) -> Result<Value, FnError> {
    Ok(Value::Void)
}

/// `(operating-system)`: the platform as CLIPS names it (`LINUX`, `MAC_OS_X`,
/// `WIN_MVC`, or `UNKNOWN`).
pub fn operating_system(_: &mut FnState, _: &[Value]) -> Result<Value, FnError> {
    let name = if cfg!(target_os = "linux") {
        "LINUX"
    } else if cfg!(target_os = "macos") {
        "MAC_OS_X"
    } else if cfg!(target_os = "windows") {
        "WIN_MVC"
    } else {
        "UNKNOWN"
    };
    Ok(Value::symbol(name))
}

#[cfg(test)]
mod tests {
    use super::super::testing::check;

    /// Each expression with the result CLIPS 6.4 (through clipspy 1.0.6) gave for it,
    /// evaluated in order in one fresh environment.
    #[test]
    fn matches_clips_6_4() {
        check(&[
            (r#"(void)"#, r#"<void>"#),
            (r#"(operating-system)"#, r#"LINUX"#),
        ]);
    }

    use super::super::{lookup, FnState};
    use crate::value::Value;

    #[test]
    fn time_is_epoch_seconds() {
        let t = lookup("time")
            .unwrap()
            .call(&mut FnState::default(), &[])
            .unwrap();
        // CLIPS 6.4 printed 1795274507.35715 for (time) while these tests were written.
        assert!(matches!(t, Value::Float(x) if x > 1.7e9));
    }
}
