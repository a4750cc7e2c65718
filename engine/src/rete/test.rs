//! Evaluating the field tests of a pattern: against captures alone (alpha) or
//! against captures and a token (join).

use super::TestHost;
use crate::compile::lhs::{AltKind, BoundExpr, FieldTest, VarSource};
use crate::value::Value;

/// Reads a variable's value from the token being joined.
pub type TokenValues<'a> = &'a dyn Fn(VarSource) -> Value;

/// The value of `source`, given the current captures and, for join tests, the token.
pub fn source_value(
    source: VarSource,
    captures: &[Value],
    token: Option<TokenValues<'_>>,
) -> Value {
    match source {
        VarSource::Capture(c) => captures[c as usize].clone(),
        other => token.map_or(Value::Void, |read| read(other)),
    }
}

/// Evaluates a bound expression with its frame filled from captures and token.
pub fn eval_bound(
    bound: &BoundExpr,
    captures: &[Value],
    token: Option<TokenValues<'_>>,
    host: &mut dyn TestHost,
) -> Value {
    if let Some(decided) = bound
        .comparison
        .as_ref()
        .and_then(|c| c.decide(|s| source_value(s, captures, token)))
    {
        return Value::boolean(decided);
    }
    // Join tests evaluate expressions in the inner loop of matching: the frame's
    // buffer is reused rather than allocated each time (a nested evaluation, should
    // one happen, finds the slot empty and makes its own).
    let mut frame = FRAME.take();
    frame.extend(
        bound
            .frame
            .iter()
            .map(|s| source_value(*s, captures, token)),
    );
    let value = host.eval(&bound.expr, &mut frame);
    frame.clear();
    FRAME.set(frame);
    value
}

thread_local! {
    /// The reusable frame buffer of [`eval_bound`].
    static FRAME: std::cell::Cell<Vec<Value>> = const { std::cell::Cell::new(Vec::new()) };
}

/// Whether the field passes the test: in some alternative, every term holds.
pub fn field_test(
    test: &FieldTest,
    captures: &[Value],
    token: Option<TokenValues<'_>>,
    host: &mut dyn TestHost,
) -> bool {
    let field = &captures[test.capture as usize];
    let mut holds = |kind: &AltKind| match kind {
        AltKind::Const(v) => field == v,
        AltKind::Var(source) => *field == source_value(*source, captures, token),
        AltKind::Pred(bound) => eval_bound(bound, captures, token, host).is_truthy(),
        AltKind::RetVal(bound) => *field == eval_bound(bound, captures, token, host),
    };
    // Most tests are one term (`~?s`, `:(> ?x 3)`): decided without walking the
    // alternatives' iterators (Manners 128: 143 instructions a join's tests; with the
    // fault check skipped, 6,645 -> 6,590 M in all, river 1,750 -> 1,733 M).
    match test.only_term() {
        Some(alt) => holds(&alt.kind) != alt.negated,
        None => passes(test, holds),
    }
}

/// Whether `test` compares its field with literals alone: then its outcome follows
/// from the field's value, and deciding it has no other effect.
pub fn compares_to_literals(test: &FieldTest) -> bool {
    test.terms()
        .all(|alt| matches!(alt.kind, AltKind::Const(_)))
}

/// Whether `value` passes `test`, a test that [compares to literals](compares_to_literals).
pub fn literal_test(test: &FieldTest, value: &Value) -> bool {
    passes(test, |kind| matches!(kind, AltKind::Const(v) if v == value))
}

/// Whether some alternative of `test` has every term hold, `holds` telling whether
/// a term's comparison holds (before its `~`).
fn passes(test: &FieldTest, mut holds: impl FnMut(&AltKind) -> bool) -> bool {
    (test.alternatives()).any(|group| group.iter().all(|alt| holds(&alt.kind) != alt.negated))
}
