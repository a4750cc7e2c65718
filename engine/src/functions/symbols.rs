//! Generated symbols: `gensym`, `gensym*` and `setgen`.

use super::args;
use super::{FnError, FnState};
use crate::value::{Atom, Value};

/// `(gensym)`: the symbol `genN` for the current counter, which then advances.
pub fn gensym(state: &mut FnState, _: &[Value]) -> Result<Value, FnError> {
    let n = state.gensym_counter;
    state.gensym_counter = n.saturating_add(1);
    Ok(Value::symbol(&format!("gen{n}")))
}

/// `(gensym*)`: like `gensym`, but skips names that are already symbols. (The
/// interner never forgets a name, so a name once used counts as in use.)
pub fn gensym_star(state: &mut FnState, _: &[Value]) -> Result<Value, FnError> {
    loop {
        let n = state.gensym_counter;
        state.gensym_counter = n.saturating_add(1);
        let name = format!("gen{n}");
        if !Atom::exists(&name) {
            return Ok(Value::symbol(&name));
        }
    }
}

/// `(setgen <integer>)`: sets the counter `gensym` uses next and returns it. A value
/// below 1 makes CLIPS print an error and return the unchanged counter, without
/// halting.
pub fn setgen(state: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let n = args::integer("setgen", args, 0)?;
    match u64::try_from(n) {
        Ok(n) if n >= 1 => {
            state.gensym_counter = n;
            Ok(Value::Integer(n as i64))
        }
        _ => {
            state.diagnostics.push(format!(
                "{} (greater than or equal to 1).",
                args::type_error("setgen", 0, args::INTEGER)
                    .message
                    .trim_end_matches('.')
            ));
            Ok(Value::Integer(
                i64::try_from(state.gensym_counter).unwrap_or(i64::MAX),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::check;

    /// Each expression with the result CLIPS 6.4 (through clipspy 1.0.6) gave for it,
    /// evaluated in order in one fresh environment.
    #[test]
    fn matches_clips_6_4() {
        check(&[
            (r#"(gensym)"#, r#"gen1"#),
            (r#"(gensym)"#, r#"gen2"#),
            (r#"(gensym*)"#, r#"gen3"#),
            (r#"(setgen 10)"#, r#"10"#),
            (r#"(gensym)"#, r#"gen10"#),
            (
                r#"(setgen 0)"#,
                r#"11 ;; [ARGACCES2] Function 'setgen' expected argument #1 to be of type integer (greater than or equal to 1)."#,
            ),
            (
                r#"(setgen -5)"#,
                r#"11 ;; [ARGACCES2] Function 'setgen' expected argument #1 to be of type integer (greater than or equal to 1)."#,
            ),
            (
                r#"(setgen a)"#,
                r#"ERR [ARGACCES2] Function 'setgen' expected argument #1 to be of type integer."#,
            ),
            (r#"(gensym)"#, r#"gen11"#),
        ]);
    }

    /// `gensym*` skips a name that is already a symbol (CLIPS: one in use; here:
    /// one ever interned, as the interner never forgets).
    #[test]
    fn gensym_star_skips_existing_symbols() {
        let _ = crate::value::Value::symbol("gen900001");
        check(&[
            ("(setgen 900001)", "900001"),
            ("(gensym*)", "gen900002"),
            (
                "(gensym 1)",
                "ERR [ARGACCES1] Function 'gensym' expected exactly 0 arguments.",
            ),
        ]);
    }
}
