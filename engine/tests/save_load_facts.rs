//! `save-facts` then `load-facts` gives back every value as CLIPS reads it back, checked
//! against a model of CLIPS 6.41's round trip (recorded with the console, see
//! `tests/conformance/batch/save_load_round_trip.bat`): strings exactly (quotes,
//! backslashes, tabs, newlines, any character), integers exactly, floats to the 15
//! significant digits CLIPS prints, a symbol that reads as a number as that number and
//! any other symbol as itself, multifields item by item.

use proptest::prelude::*;
use salience_engine::env::Environment;
use salience_engine::value::Value;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A value to save, and the value CLIPS reads back from the file.
#[derive(Debug, Clone)]
struct Case {
    saved: Value,
    read_back: Value,
}

/// A float as CLIPS prints it (`%.15g`) and reads it back.
fn fifteen_digits(f: f64) -> f64 {
    format!("{f:.14e}").parse().unwrap_or(f)
}

fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Float(x), Value::Float(y)) => x.to_bits() == y.to_bits(),
        (Value::Multifield(x), Value::Multifield(y)) => {
            let (x, y) = (x.as_slice(), y.as_slice());
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        _ => a == b,
    }
}

fn string_case() -> impl Strategy<Value = Case> {
    // Any printable text, with the characters a string must escape made common.
    prop_oneof![
        "[\"\\\\a-z \t\n;()?$&|~<>]{0,12}",
        any::<String>().prop_map(|s| s.replace(|c: char| c.is_control() && c != '\n', "")),
    ]
    .prop_map(|s| Case {
        saved: Value::string(&s),
        read_back: Value::string(&s),
    })
}

fn number_case() -> impl Strategy<Value = Case> {
    prop_oneof![
        any::<i64>().prop_map(|i| Case {
            saved: Value::Integer(i),
            read_back: Value::Integer(i),
        }),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| Case {
                saved: Value::Float(f),
                read_back: Value::Float(fifteen_digits(f)),
            }),
    ]
}

fn symbol_case() -> impl Strategy<Value = Case> {
    prop_oneof![
        // Plain symbols.
        "[a-zA-Z][a-zA-Z0-9_.*+/=-]{0,8}".prop_map(|s| Case {
            saved: Value::symbol(&s),
            read_back: Value::symbol(&s),
        }),
        // Symbols spelled as an integer: read back as the integer.
        (any::<i32>(), any::<bool>()).prop_map(|(i, plus)| {
            let text = if plus && i >= 0 {
                format!("+{i}")
            } else {
                i.to_string()
            };
            Case {
                saved: Value::symbol(&text),
                read_back: Value::Integer(i64::from(i)),
            }
        }),
        // Symbols spelled as a float (`1.5`, `.5`, `5.`, `2e3`): read back as it.
        (-1000i32..1000, 0u32..100, 0usize..4).prop_map(|(whole, frac, form)| {
            let text = match form {
                0 => format!("{whole}.{frac}"),
                1 => format!(".{frac}"),
                2 => format!("{whole}."),
                _ => format!("{whole}e{}", frac % 20),
            };
            let number: f64 = text.parse().unwrap_or(0.0);
            Case {
                saved: Value::symbol(&text),
                read_back: Value::Float(number),
            }
        }),
        // Almost numbers, which stay symbols.
        prop::sample::select(vec![
            "1.2.3", "12abc", "1e", "-", "+", "inf", "nan", "1-2", "e5"
        ])
        .prop_map(|s| Case {
            saved: Value::symbol(s),
            read_back: Value::symbol(s),
        }),
    ]
}

fn single_case() -> impl Strategy<Value = Case> {
    prop_oneof![string_case(), number_case(), symbol_case()]
}

/// A fact: the ordered fact's fields, and a template fact's single slot and multislot
/// (each fact is numbered too, so that no two are duplicates).
#[derive(Debug, Clone)]
struct FactCase {
    fields: Vec<Case>,
    slot: Case,
    multislot: Vec<Case>,
}

fn fact_case() -> impl Strategy<Value = FactCase> {
    (
        prop::collection::vec(single_case(), 0..6),
        single_case(),
        prop::collection::vec(single_case(), 0..6),
    )
        .prop_map(|(fields, slot, multislot)| FactCase {
            fields,
            slot,
            multislot,
        })
}

/// Evaluates one command typed as text.
fn command(env: &mut Environment, text: &str) -> Result<Value, TestCaseError> {
    let items = salience_engine::syntax::sexpr::read_all(text)
        .map_err(|d| TestCaseError::fail(d.message))?;
    let item = items
        .first()
        .ok_or_else(|| TestCaseError::fail("no command"))?;
    let expr = salience_engine::syntax::parse::parse_expr(item)
        .map_err(|d| TestCaseError::fail(d.message))?;
    env.eval_command(&expr)
        .map_err(|e| TestCaseError::fail(e.message))
}

/// A file of its own for each case.
fn scratch_file() -> std::path::PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("salience-facts-{}-{n}.fct", std::process::id()))
}

fn round_trip(facts: &[FactCase]) -> Result<(), TestCaseError> {
    let mut env = Environment::new();
    env.set_output(std::io::sink());
    env.set_error_output(std::io::sink());
    env.load_str("(deftemplate p (slot n) (slot s) (multislot m))", "t.clp")
        .map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
    for (n, fact) in facts.iter().enumerate() {
        // The first field numbers the fact: no two are duplicates.
        let mut fields = vec![Value::Integer(n as i64)];
        fields.extend(fact.fields.iter().map(|c| c.saved.clone()));
        env.assert_ordered("x", fields)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let items = fact.multislot.iter().map(|c| c.saved.clone()).collect();
        let slots = [
            ("n", Value::Integer(n as i64)),
            ("s", fact.slot.saved.clone()),
            ("m", Value::multifield(items)),
        ];
        env.assert_fact("p", &slots)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
    }
    let file = scratch_file();
    let path = file.display().to_string();
    let saved = command(&mut env, &format!("(save-facts \"{path}\")"))?;
    env.reset();
    let loaded = command(&mut env, &format!("(load-facts \"{path}\")"))?;
    let _ = std::fs::remove_file(&file);
    prop_assert_eq!(saved.clone(), loaded, "facts saved, facts loaded");
    prop_assert_eq!(saved, Value::Integer(2 * facts.len() as i64));

    let ordered: Vec<_> = env.facts_of("x").cloned().collect();
    let templated: Vec<_> = env.facts_of("p").cloned().collect();
    prop_assert_eq!(ordered.len(), facts.len());
    prop_assert_eq!(templated.len(), facts.len());
    for (n, ((fact, x), p)) in facts.iter().zip(&ordered).zip(&templated).enumerate() {
        let fields = env
            .slot(x, "")
            .ok_or_else(|| TestCaseError::fail("no fields"))?;
        let expected: Vec<Value> = std::iter::once(Value::Integer(n as i64))
            .chain(fact.fields.iter().map(|c| c.read_back.clone()))
            .collect();
        prop_assert!(
            same(&fields, &Value::multifield(expected.clone())),
            "ordered fact read back {:?}, expected {:?}",
            fields,
            expected
        );
        let slot = env
            .slot(p, "s")
            .ok_or_else(|| TestCaseError::fail("no s"))?;
        prop_assert!(
            same(&slot, &fact.slot.read_back),
            "slot {:?} vs {:?}",
            slot,
            fact.slot
        );
        let items = env
            .slot(p, "m")
            .ok_or_else(|| TestCaseError::fail("no m"))?;
        let expected =
            Value::multifield(fact.multislot.iter().map(|c| c.read_back.clone()).collect());
        prop_assert!(
            same(&items, &expected),
            "multislot {:?} vs {:?}",
            items,
            expected
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn save_facts_then_load_facts_gives_back_what_clips_reads(
        facts in prop::collection::vec(fact_case(), 1..5)
    ) {
        round_trip(&facts)?;
    }
}
