//! Time stamps and the calendar: `timetag`, `local-time` and `gm-time`.

use super::{Runtime, R};
use crate::eval::EvalError;
use crate::functions::args::type_error;
use crate::messages::prntutil::{prntutil1, prntutil11};
use crate::value::{FactId, Value};

/// `(timetag <fact-or-index>)`: when the fact was asserted, as a count of changes
/// to working memory: Salience numbers facts in that order, so a fact's time tag is
/// its index (CLIPS's counter is shared with instances, which Salience has none
/// of). -1, with CLIPS's message, for a fact that is not there.
pub(super) fn timetag(rt: &mut Runtime, args: &[Value]) -> R {
    let message = match args.first() {
        Some(Value::Fact(id)) if rt.wm.get(*id).is_some() => return Ok(tag(*id)),
        Some(Value::Fact(id)) => prntutil11(id.0),
        Some(Value::Integer(i)) => match u64::try_from(*i).ok().map(FactId) {
            Some(id) if rt.wm.get(id).is_some() => return Ok(tag(id)),
            _ => prntutil1("fact", &format!("f-{i}"), false),
        },
        Some(Value::Symbol(name)) => prntutil1("instance", name.as_str(), false),
        _ => {
            let expected = "integer, symbol, instance name, instance address, or fact address";
            return Err(EvalError::new(type_error("timetag", 0, expected).message));
        }
    };
    rt.routers.write("werror", &format!("{message}\n"));
    Ok(Value::Integer(-1))
}

/// The time tag of fact `id`.
fn tag(id: FactId) -> Value {
    Value::Integer(i64::try_from(id.0).unwrap_or(i64::MAX))
}

/// `(gm-time)`: the time now in UTC, as CLIPS lists a C `struct tm`.
pub(super) fn gm_time(_: &mut Runtime, _: &[Value]) -> R {
    Ok(calendar(now(), 0, false))
}

/// `(local-time)`: the time now in the local time zone (`/etc/localtime`, or UTC
/// when it cannot be read).
pub(super) fn local_time(_: &mut Runtime, _: &[Value]) -> R {
    let now = now();
    let (offset, dst) = local_offset(now).unwrap_or((0, false));
    Ok(calendar(now, offset, dst))
}

/// Seconds since the Unix epoch.
fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

const WEEKDAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// `(year month day hour minute second weekday day-of-year dst)` for `seconds` since
/// the epoch moved by `offset` seconds: the month from 1, the day of the year from
/// 0, as CLIPS gives them.
fn calendar(seconds: i64, offset: i64, dst: bool) -> Value {
    let local = seconds.saturating_add(offset);
    let days = local.div_euclid(86_400);
    let of_day = local.rem_euclid(86_400);
    let (year, month, day) = civil_date(days);
    let january_first = days_from_civil(year, 1, 1);
    let weekday = (days + 4).rem_euclid(7) as usize; // 1970-01-01 was a Thursday.
    Value::multifield(vec![
        Value::Integer(year),
        Value::Integer(month),
        Value::Integer(day),
        Value::Integer(of_day / 3600),
        Value::Integer(of_day / 60 % 60),
        Value::Integer(of_day % 60),
        Value::symbol(WEEKDAYS[weekday]),
        Value::Integer(days - january_first),
        Value::boolean(dst),
    ])
}

/// The (year, month, day) of a count of days since 1970-01-01 (proleptic Gregorian).
fn civil_date(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The count of days since 1970-01-01 of a date (the inverse of [`civil_date`]).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year.rem_euclid(400);
    let shifted_month = if month > 2 { month - 3 } else { month + 9 };
    let day_of_year = (153 * shifted_month + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The local zone's offset from UTC in seconds, and whether it is daylight saving
/// time, at `seconds`: from the time zone file `/etc/localtime` (TZif), by its last
/// transition at or before then.
fn local_offset(seconds: i64) -> Option<(i64, bool)> {
    let data = std::fs::read("/etc/localtime").ok()?;
    tzif_offset(&data, seconds)
}

/// [`local_offset`] from the bytes of a TZif file (its first, 32-bit, section).
fn tzif_offset(data: &[u8], seconds: i64) -> Option<(i64, bool)> {
    let word = |at: usize| -> Option<i64> {
        let bytes: [u8; 4] = data.get(at..at + 4)?.try_into().ok()?;
        Some(i64::from(i32::from_be_bytes(bytes)))
    };
    if data.get(..4)? != b"TZif" {
        return None;
    }
    let count = |i: usize| word(20 + 4 * i).and_then(|n| usize::try_from(n).ok());
    let (transitions, types) = (count(3)?, count(4)?);
    let times = 44;
    let indices = times + 4 * transitions;
    let infos = indices + transitions;
    let passed = (0..transitions)
        .take_while(|&i| word(times + 4 * i).is_some_and(|t| t <= seconds))
        .count();
    let kind = match passed {
        0 => 0,
        n => usize::from(*data.get(indices + n - 1)?),
    };
    if kind >= types {
        return None;
    }
    let info = infos + 6 * kind;
    Some((word(info)?, *data.get(info + 4)? != 0))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{captured, eval};
    use super::*;

    #[test]
    fn a_calendar_as_c_lists_it() {
        // 2026-11-28 04:20:49 UTC, as CLIPS 6.41's console listed it.
        let text = calendar(1_795_839_649, 0, false).display().to_string();
        assert_eq!(text, "(2026 11 28 4 20 49 Saturday 331 FALSE)");
        assert_eq!(
            calendar(0, -3600, false).display().to_string(),
            "(1969 12 31 23 0 0 Wednesday 364 FALSE)"
        );
        for days in [-800_000, -1, 0, 59, 10_957, 2_000_000] {
            let (y, m, d) = civil_date(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
    }

    #[test]
    fn a_time_zone_file_gives_the_offset_in_force() {
        // A TZif file with one transition, at t=100, from type 0 (+0) to type 1 (+3600, DST).
        let mut file = b"TZif2".to_vec();
        file.resize(20, 0);
        for count in [0u32, 0, 0, 1, 2, 0] {
            file.extend(count.to_be_bytes());
        }
        file.extend(100i32.to_be_bytes());
        file.push(1);
        file.extend(0i32.to_be_bytes());
        file.extend([0, 0]);
        file.extend(3600i32.to_be_bytes());
        file.extend([1, 0]);
        assert_eq!(tzif_offset(&file, 50), Some((0, false)));
        assert_eq!(tzif_offset(&file, 100), Some((3600, true)));
        assert_eq!(tzif_offset(b"nonsense", 0), None);
    }

    #[test]
    fn time_tags_of_facts_and_of_what_is_not_there() {
        let (mut env, _, err) = captured();
        eval(&mut env, "(assert (a))").unwrap();
        assert_eq!(eval(&mut env, "(timetag 1)"), Ok(Value::Integer(1)));
        assert_eq!(eval(&mut env, "(timetag 3)"), Ok(Value::Integer(-1)));
        assert_eq!(eval(&mut env, "(timetag abc)"), Ok(Value::Integer(-1)));
        assert_eq!(
            err.take(),
            "[PRNTUTIL1] Unable to find fact f-3.\n[PRNTUTIL1] Unable to find instance abc.\n"
        );
    }
}
