//! `seed` and `random`, reproducing CLIPS 6.4 on glibc exactly: CLIPS calls the C
//! library's `srand` and `rand`, so the generator here is glibc's default one
//! (`random_r` with a TYPE_3 state: an additive feedback generator over 31 words,
//! `r[i] = r[i-31] + r[i-3]`, seeded by a Park–Miller LCG, first 310 outputs
//! discarded, each output `r[i] >> 1`).
//!
//! Before any `seed`, the generator is in glibc's initial state (seed 1), which is
//! what an unseeded CLIPS uses: its first `(random)` is 1804289383.

use super::args;
use super::{FnError, FnState};
use crate::value::Value;

/// The number of state words of glibc's TYPE_3 generator.
const DEGREE: usize = 31;
/// The distance between the two taps.
const SEPARATION: usize = 3;

/// glibc's `rand()` generator.
#[derive(Clone, Debug)]
pub struct GlibcRand {
    state: [u32; DEGREE],
    front: usize,
    rear: usize,
}

impl GlibcRand {
    /// The generator after `srand(seed)` (a seed of 0 acts as 1, as in glibc).
    pub fn new(seed: u32) -> GlibcRand {
        let mut state = [0u32; DEGREE];
        state[0] = if seed == 0 { 1 } else { seed };
        // Park–Miller "minimal standard" LCG, 16807 * x mod (2^31 - 1), computed with
        // Schrage's method on the signed 32-bit word as glibc does.
        let mut word = state[0] as i32 as i64;
        for slot in state.iter_mut().skip(1) {
            let hi = word / 127_773;
            let lo = word % 127_773;
            word = 16_807 * lo - 2_836 * hi;
            if word < 0 {
                word += 2_147_483_647;
            }
            *slot = word as u32;
        }
        let mut rng = GlibcRand {
            state,
            front: SEPARATION,
            rear: 0,
        };
        for _ in 0..10 * DEGREE {
            rng.next_u31();
        }
        rng
    }

    /// Re-seeds, as `srand(seed)`.
    pub fn reseed(&mut self, seed: u32) {
        *self = GlibcRand::new(seed);
    }

    /// The next `rand()` value, in `0..2^31`.
    pub fn next_u31(&mut self) -> u32 {
        let sum = self.state[self.front].wrapping_add(self.state[self.rear]);
        self.state[self.front] = sum;
        self.front = (self.front + 1) % DEGREE;
        self.rear = (self.rear + 1) % DEGREE;
        sum >> 1
    }
}

/// `(seed <integer>)`: re-seeds the generator with the integer's low 32 bits, as
/// C's `srand((unsigned) n)` does. Returns nothing.
pub fn seed(state: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let n = args::integer("seed", args, 0)?;
    state.rng.reseed(n as u32);
    Ok(Value::Void)
}

/// `(random [<start> <end>])`: the next `rand()` value, or with bounds
/// `start + rand() % (end - start + 1)` in CLIPS's wrapping 64-bit arithmetic.
/// With one argument, or with `start > end`, CLIPS prints an error and returns the
/// unbounded value without halting.
pub fn random(state: &mut FnState, args: &[Value]) -> Result<Value, FnError> {
    let bounds = match args.len() {
        0 => None,
        1 => {
            args::integer("random", args, 0)?;
            let raw = state.rng.next_u31();
            state
                .diagnostics
                .push("[MISCFUN2] Function random expected either 0 or 2 arguments".into());
            return Ok(Value::Integer(i64::from(raw)));
        }
        _ => Some((
            args::integer("random", args, 0)?,
            args::integer("random", args, 1)?,
        )),
    };
    let raw = i64::from(state.rng.next_u31());
    let Some((start, end)) = bounds else {
        return Ok(Value::Integer(raw));
    };
    if end < start {
        state.diagnostics.push(
            "[MISCFUN3] Function random expected argument #1 to be less than argument #2".into(),
        );
        return Ok(Value::Integer(raw));
    }
    let span = end.wrapping_sub(start).wrapping_add(1);
    // A span of 2^64 wraps to 0 (CLIPS divides by zero there): every value fits.
    let offset = if span == 0 { raw } else { raw.wrapping_rem(span) };
    Ok(Value::Integer(start.wrapping_add(offset)))
}
