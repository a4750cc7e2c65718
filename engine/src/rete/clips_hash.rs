//! CLIPS's hash of a join's key (`BetaMemoryHashValue`, drive.c) and the bucket
//! count of its beta memories, to walk a memory bucket by bucket as CLIPS does.
//!
//! CLIPS walks a beta memory bucket by bucket when it primes the joins of a rule
//! defined after its facts (`PrimeJoinFromLeftMemory`, incrrset.c): the order of
//! the new rule's activations then follows these buckets. A value's part of the
//! hash is its bucket in CLIPS's symbol, integer or float table (symbol.c); the
//! parts of a key of several values are weighted by powers of 509.

use crate::value::Value;

/// The buckets of CLIPS's symbol table (`SYMBOL_HASH_SIZE`), strings and instance
/// names included.
const SYMBOL_BUCKETS: u64 = 63559;
/// The buckets of CLIPS's integer and float tables.
const NUMBER_BUCKETS: u64 = 8191;
/// The buckets of a new hashed beta memory (`INITIAL_BETA_HASH_SIZE`).
const INITIAL_BUCKETS: u64 = 17;

/// CLIPS's `HashSymbol` over bytes, each read as a signed `char` (as on x86).
fn hash_bytes(bytes: impl Iterator<Item = u8>, range: u64) -> u64 {
    let tally = bytes.fold(0u64, |tally, b| {
        tally.wrapping_mul(127).wrapping_add(b as i8 as i64 as u64)
    });
    tally % range
}

/// The hash CLIPS gives a join key of `values`.
pub fn beta_hash(values: &[Value]) -> u64 {
    let mut hash = 0u64;
    let mut multiplier = 1u64;
    for value in values {
        let bucket = match value {
            Value::Symbol(a) | Value::String(a) | Value::InstanceName(a) => {
                hash_bytes(a.as_str().bytes(), SYMBOL_BUCKETS)
            }
            Value::Integer(n) => n.unsigned_abs() % NUMBER_BUCKETS,
            Value::Float(f) => hash_bytes(f.to_ne_bytes().into_iter(), NUMBER_BUCKETS),
            // An address hashes by where CLIPS put it in memory: no order to follow.
            _ => 0,
        };
        hash = hash.wrapping_add(bucket.wrapping_mul(multiplier));
        multiplier = multiplier.wrapping_mul(509);
    }
    hash
}

/// The buckets of a hashed beta memory holding `entries`: CLIPS makes the table
/// eleven times larger each time it holds more than eleven entries a bucket.
pub fn beta_buckets(entries: usize) -> u64 {
    let mut buckets = INITIAL_BUCKETS;
    while entries as u64 > buckets * 11 {
        buckets *= 11;
    }
    buckets
}
