//! Plain comparisons in LHS tests, decided without the evaluator.
//!
//! Most predicates in patterns compare two things: `?b&:(> ?b ?base)`,
//! `(test (neq ?a ?b))`. The matcher runs them in its inner loop, once per pair of
//! a token and a fact; going through the evaluator meant filling a frame, a call
//! through the host and the built-in's argument checks, about 600 instructions a
//! test (half of Waltz). A [`Comparison`] reads its two operands where they live and
//! compares them directly. Anything it does not cover (an argument that is not a
//! number for `<`, say, which must be reported as CLIPS reports it) is left to the
//! evaluator, so the outcome is the same either way.

use super::expr::{CExpr, Callee};
use super::lhs::VarSource;
use crate::functions::args::Num;
use crate::functions::compare::{
    identical, num_at_least, num_at_most, num_differ, num_equal, num_greater,
};
use crate::functions::math::num_less;
use crate::value::Value;

/// The comparison a built-in makes: a relation between two numbers (the one the
/// built-in itself applies), or identity as `eq` and `neq` test it.
#[derive(Debug, Clone, Copy)]
enum Op {
    Numbers(fn(Num, Num) -> bool),
    Identical,
    NotIdentical,
}

impl Op {
    fn of_builtin(name: &str) -> Option<Op> {
        Some(match name {
            "<" => Op::Numbers(num_less),
            "<=" => Op::Numbers(num_at_most),
            ">" => Op::Numbers(num_greater),
            ">=" => Op::Numbers(num_at_least),
            "=" => Op::Numbers(num_equal),
            "<>" | "!=" => Op::Numbers(num_differ),
            "eq" => Op::Identical,
            "neq" => Op::NotIdentical,
            _ => return None,
        })
    }

    /// The result for `a` and `b`, or `None` where a numeric comparison meets a
    /// value that is not a number.
    fn decide(self, a: &Value, b: &Value) -> Option<bool> {
        match self {
            Op::Identical => Some(identical(a, b)),
            Op::NotIdentical => Some(!identical(a, b)),
            Op::Numbers(holds) => Some(holds(Num::of(a)?, Num::of(b)?)),
        }
    }
}

/// Where an operand's value comes from.
#[derive(Debug, Clone)]
enum Operand {
    Source(VarSource),
    Const(Value),
}

/// A predicate that compares two operands with a comparison built-in.
#[derive(Debug, Clone)]
pub struct Comparison {
    op: Op,
    operands: [Operand; 2],
}

impl Comparison {
    /// The comparison `expr` makes, if it is a call of a comparison built-in on two
    /// variables or constants; `frame` says where the variables come from.
    pub fn of(expr: &CExpr, frame: &[VarSource]) -> Option<Comparison> {
        let CExpr::Call(call) = expr else {
            return None;
        };
        let Callee::Builtin(builtin) = call.callee else {
            return None;
        };
        let op = Op::of_builtin(builtin.name)?;
        let operand = |e: &CExpr| match e {
            CExpr::Local(slot) => frame.get(*slot as usize).map(|s| Operand::Source(*s)),
            CExpr::Const(v) => Some(Operand::Const(v.clone())),
            _ => None,
        };
        match &*call.args {
            [a, b] => Some(Comparison {
                op,
                operands: [operand(a)?, operand(b)?],
            }),
            _ => None,
        }
    }

    /// The result, reading variables with `read`; `None` when the evaluator must
    /// decide (and report the error).
    pub fn decide(&self, read: impl Fn(VarSource) -> Value) -> Option<bool> {
        let value = |o: &Operand| match o {
            Operand::Source(s) => read(*s),
            Operand::Const(v) => v.clone(),
        };
        let [a, b] = &self.operands;
        self.op.decide(&value(a), &value(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::atom;

    #[test]
    fn numeric_operators_compare_integers_and_floats_as_the_built_ins_do() {
        let int = Value::Integer;
        assert_eq!(
            Op::Numbers(num_less).decide(&int(1), &Value::Float(1.5)),
            Some(true)
        );
        assert_eq!(
            Op::Numbers(num_at_least).decide(&int(2), &Value::Float(2.0)),
            Some(true)
        );
        assert_eq!(
            Op::Numbers(num_differ).decide(&int(2), &Value::Float(2.0)),
            Some(false)
        );
        assert_eq!(
            Op::Numbers(num_at_most).decide(&int(3), &int(2)),
            Some(false)
        );
    }

    #[test]
    fn a_non_number_is_left_to_the_evaluator() {
        let sym = Value::Symbol(atom("a"));
        assert_eq!(
            Op::Numbers(num_greater).decide(&sym, &Value::Integer(1)),
            None
        );
        assert_eq!(Op::Identical.decide(&sym, &sym), Some(true));
        assert_eq!(
            Op::NotIdentical.decide(&Value::Integer(0), &Value::Float(0.0)),
            Some(true)
        );
    }
}
