//! Embedding Salience from Rust: define templates and rules, assert Rust structs,
//! run the rules and read the results back as structs.
//!
//! Run with `cargo run -p salience-engine --example embed`.

use salience_engine::{Environment, FactError, Value};
use serde::{Deserialize, Serialize};

/// A customer order, asserted as an `order` fact.
#[derive(Serialize, Deserialize, Debug)]
struct Order {
    id: i64,
    customer: String,
    total: f64,
    items: Vec<String>,
}

/// A discount the rules grant, read back from `discount` facts.
#[derive(Serialize, Deserialize, Debug)]
struct Discount {
    order: i64,
    percent: i64,
    reason: Reason,
}

/// Why a discount was granted (a CLIPS symbol).
#[derive(Serialize, Deserialize, Debug)]
#[serde(rename_all = "kebab-case")]
enum Reason {
    BigOrder,
    Loyal,
}

const RULES: &str = r#"
(deftemplate order (slot id (type INTEGER)) (slot customer (type STRING))
  (slot total (type FLOAT)) (multislot items))
(deftemplate discount (slot order (type INTEGER)) (slot percent (type INTEGER))
  (slot reason (allowed-symbols big-order loyal)))

(defrule big-order
  (order (id ?id) (total ?t&:(> ?t 100.0)))
  =>
  (assert (discount (order ?id) (percent 10) (reason big-order))))

(defrule loyal-customer
  (loyal ?who)
  (order (id ?id) (customer ?who))
  =>
  (printout t ?who " is loyal; order " ?id " gets 5%" crlf)
  (assert (discount (order ?id) (percent 5) (reason loyal))))
"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut env = Environment::new();
    env.load_str(RULES, "discounts.clp")?;
    env.reset();

    let orders = [
        Order {
            id: 1,
            customer: "ada".into(),
            total: 250.0,
            items: vec!["laptop".into()],
        },
        Order {
            id: 2,
            customer: "bob".into(),
            total: 20.0,
            items: vec!["pen".into(), "ink".into()],
        },
    ];
    for order in &orders {
        env.assert_struct(order)?;
    }
    env.assert_ordered("loyal", vec![Value::string("bob")])?;

    // Mistakes come back as errors that name the template and slot.
    let wrong = env.assert_fact("order", &[("total", "lots".into())]);
    if let Err(err @ FactError::Constraint { .. }) = wrong {
        println!("rejected: {err}");
    }

    let fired = env.run(None)?;
    println!("{fired} rules fired");
    for discount in env.facts_as::<Discount>("discount")? {
        println!("{discount:?}");
    }
    Ok(())
}
