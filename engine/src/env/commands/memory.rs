//! CLIPS's memory commands: `mem-used`, `mem-requests`, `release-mem`. CLIPS
//! reports the figures of its own allocator, which Salience does not have; the
//! figures here are Salience's own (CLIPS's test drivers accept any number).

use super::{Runtime, R};
use crate::value::Value;

/// `(mem-used)`: the bytes the process holds in memory (its resident set, as the
/// operating system reports it; 0 where it does not).
pub(super) fn mem_used(_: &mut Runtime, _: &[Value]) -> R {
    Ok(Value::Integer(resident_bytes().unwrap_or(0)))
}

/// `(mem-requests)`: Salience's count of what it holds for the program: the facts
/// in working memory and the activations on the agenda.
pub(super) fn mem_requests(rt: &mut Runtime, _: &[Value]) -> R {
    let held = rt.wm.len() + rt.agenda.len();
    Ok(Value::Integer(i64::try_from(held).unwrap_or(i64::MAX)))
}

/// `(release-mem)`: the bytes given back. CLIPS keeps freed memory in pools of its
/// own until asked; Salience gives memory back as soon as it is dropped, so there
/// is never anything to release: 0.
pub(super) fn release_mem(_: &mut Runtime, _: &[Value]) -> R {
    Ok(Value::Integer(0))
}

/// The resident set size from `/proc/self/status` (Linux), in bytes.
pub(crate) fn resident_bytes() -> Option<i64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kilobytes: i64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kilobytes.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{captured, eval};
    use crate::value::Value;

    #[test]
    fn figures_are_counts() {
        let (mut env, _, _) = captured();
        assert!(matches!(eval(&mut env, "(mem-used)"), Ok(Value::Integer(n)) if n >= 0));
        eval(&mut env, "(assert (a))").unwrap();
        assert_eq!(eval(&mut env, "(mem-requests)"), Ok(Value::Integer(1)));
        assert_eq!(eval(&mut env, "(release-mem)"), Ok(Value::Integer(0)));
    }
}
