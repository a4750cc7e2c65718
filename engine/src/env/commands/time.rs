//! Time stamps and the calendar: `timetag`, `local-time` and `gm-time`.

use super::{Runtime, R};
use crate::eval::EvalError;
use crate::functions::args::type_error;
use crate::messages::prntutil::{prntutil1, prntutil11};
use crate::value::{FactId, Value};
use jiff::tz::TimeZone;
use jiff::{Timestamp, Zoned};

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
    Ok(calendar(&Timestamp::now().to_zoned(TimeZone::UTC)))
}

/// `(local-time)`: the time now in the system's time zone (`TZ`, or
/// `/etc/localtime`; UTC when there is none).
pub(super) fn local_time(_: &mut Runtime, _: &[Value]) -> R {
    Ok(calendar(&Zoned::now()))
}

/// `(year month day hour minute second weekday day-of-year dst)` of `time`: the
/// month from 1, the day of the year from 0, as CLIPS gives them.
fn calendar(time: &Zoned) -> Value {
    let dst = time
        .time_zone()
        .to_offset_info(time.timestamp())
        .dst()
        .is_dst();
    Value::multifield(vec![
        Value::Integer(time.year().into()),
        Value::Integer(time.month().into()),
        Value::Integer(time.day().into()),
        Value::Integer(time.hour().into()),
        Value::Integer(time.minute().into()),
        Value::Integer(time.second().into()),
        Value::symbol(&time.strftime("%A").to_string()),
        Value::Integer(i64::from(time.day_of_year()) - 1),
        Value::boolean(dst),
    ])
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{captured, eval};
    use super::*;

    #[test]
    fn a_calendar_as_c_lists_it() {
        // 2026-11-28 04:20:49 UTC, as CLIPS 6.41's console listed it.
        let at = |seconds, zone| {
            Timestamp::from_second(seconds)
                .expect("in range")
                .to_zoned(zone)
        };
        let text = calendar(&at(1_795_839_649, TimeZone::UTC))
            .display()
            .to_string();
        assert_eq!(text, "(2026 11 28 4 20 49 Saturday 331 FALSE)");
        let west = TimeZone::fixed(jiff::tz::offset(-1));
        assert_eq!(
            calendar(&at(0, west)).display().to_string(),
            "(1969 12 31 23 0 0 Wednesday 364 FALSE)"
        );
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
