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
    let offset = if span == 0 {
        raw
    } else {
        raw.wrapping_rem(span)
    };
    Ok(Value::Integer(start.wrapping_add(offset)))
}

#[cfg(test)]
mod tests {
    use super::super::testing::check;

    /// Each expression with the result CLIPS 6.4 (through clipspy 1.0.6) gave for it,
    /// evaluated in order in one fresh environment.
    #[test]
    fn matches_clips_6_4() {
        check(&[
            (r#"(random)"#, r#"1804289383"#),
            (r#"(random)"#, r#"846930886"#),
            (r#"(seed 42)"#, r#"<void>"#),
            (r#"(random)"#, r#"71876166"#),
            (r#"(random 1 10)"#, r#"1"#),
            (r#"(random 1 10)"#, r#"2"#),
            (
                r#"(random 10 1)"#,
                r#"907283241 ;; [MISCFUN3] Function random expected argument #1 to be less than argument #2"#,
            ),
            (
                r#"(random 1)"#,
                r#"442951012 ;; [MISCFUN2] Function random expected either 0 or 2 arguments"#,
            ),
            (
                r#"(random 1.5 3)"#,
                r#"ERR [ARGACCES2] Function 'random' expected argument #1 to be of type integer."#,
            ),
            (
                r#"(random a b)"#,
                r#"ERR [ARGACCES2] Function 'random' expected argument #1 to be of type integer."#,
            ),
            (
                r#"(seed a)"#,
                r#"ERR [ARGACCES2] Function 'seed' expected argument #1 to be of type integer."#,
            ),
            (
                r#"(seed 1.5)"#,
                r#"ERR [ARGACCES2] Function 'seed' expected argument #1 to be of type integer."#,
            ),
            (r#"(seed -1)"#, r#"<void>"#),
            (r#"(random)"#, r#"254925627"#),
            (r#"(seed 4294967338)"#, r#"<void>"#),
            (r#"(random)"#, r#"71876166"#),
            (r#"(seed 0)"#, r#"<void>"#),
            (r#"(random)"#, r#"1804289383"#),
            (r#"(seed 7)"#, r#"<void>"#),
            (r#"(random 0 99)"#, r#"77"#),
            (r#"(random -5 5)"#, r#"2"#),
            (r#"(random 5 5)"#, r#"5"#),
            (r#"(random 0 3000000000)"#, r#"461085871"#),
            (
                r#"(random 9223372036854775806 9223372036854775807)"#,
                r#"9223372036854775807"#,
            ),
            (
                r#"(random -9223372036854775808 -9223372036854775807)"#,
                r#"-9223372036854775807"#,
            ),
            (r#"(random 0 9223372036854775807)"#, r#"2138782586"#),
            (r#"(random -1 9223372036854775807)"#, r#"68574096"#),
            (
                r#"(random -9223372036854775808 0)"#,
                r#"-9223372035562924208"#,
            ),
            (
                r#"(random -9223372036854775807 9223372036854775807)"#,
                r#"-9223372036854775807"#,
            ),
            (
                r#"(random 10 1)"#,
                r#"1131251315 ;; [MISCFUN3] Function random expected argument #1 to be less than argument #2"#,
            ),
            (r#"(random)"#, r#"191929321"#),
            (
                r#"(random 1)"#,
                r#"1641615331 ;; [MISCFUN2] Function random expected either 0 or 2 arguments"#,
            ),
            (r#"(random)"#, r#"1751255526"#),
            (
                r#"(random a)"#,
                r#"ERR [ARGACCES2] Function 'random' expected argument #1 to be of type integer."#,
            ),
            (
                r#"(random 1 a)"#,
                r#"ERR [ARGACCES2] Function 'random' expected argument #2 to be of type integer."#,
            ),
            (r#"(seed 123456)"#, r#"<void>"#),
            (r#"(random 1 6)"#, r#"6"#),
            (r#"(random 1 6)"#, r#"4"#),
            (r#"(random 1 6)"#, r#"1"#),
            (r#"(random 1 6)"#, r#"3"#),
            (r#"(random 1 6)"#, r#"5"#),
            (r#"(random 1 100)"#, r#"97"#),
            (r#"(random 1 100)"#, r#"5"#),
            (r#"(random -1000 1000)"#, r#"-664"#),
            (r#"(random)"#, r#"702947945"#),
            (r#"(random)"#, r#"68626883"#),
            (r#"(random)"#, r#"1156189029"#),
            (r#"(seed 1)"#, r#"<void>"#),
            (r#"(random -48 130)"#, r#"123"#),
            (r#"(random 28 73)"#, r#"28"#),
            (r#"(random 20 89)"#, r#"57"#),
            (r#"(random -45 125)"#, r#"34"#),
            (r#"(random)"#, r#"1957747793"#),
            (r#"(seed 2)"#, r#"<void>"#),
            (r#"(random -31 147)"#, r#"33"#),
            (r#"(random 36 118)"#, r#"87"#),
            (r#"(random -44 75)"#, r#"24"#),
            (r#"(random 49 122)"#, r#"56"#),
            (r#"(random)"#, r#"747983061"#),
            (r#"(seed 3)"#, r#"<void>"#),
            (r#"(random -22 121)"#, r#"116"#),
            (r#"(random -48 43)"#, r#"1"#),
            (r#"(random -19 73)"#, r#"32"#),
            (r#"(random -50 13)"#, r#"-10"#),
            (r#"(random)"#, r#"612121425"#),
            (r#"(seed 99)"#, r#"<void>"#),
            (r#"(random -13 63)"#, r#"45"#),
            (r#"(random -17 -14)"#, r#"-17"#),
            (r#"(random -48 45)"#, r#"33"#),
            (r#"(random -11 95)"#, r#"25"#),
            (r#"(random)"#, r#"955675569"#),
            (r#"(seed 1000)"#, r#"<void>"#),
            (r#"(random 25 69)"#, r#"35"#),
            (r#"(random -16 28)"#, r#"-12"#),
            (r#"(random -36 5)"#, r#"-21"#),
            (r#"(random -38 82)"#, r#"-23"#),
            (r#"(random)"#, r#"1071903604"#),
            (r#"(seed 65535)"#, r#"<void>"#),
            (r#"(random 36 167)"#, r#"113"#),
            (r#"(random -26 53)"#, r#"32"#),
            (r#"(random 19 212)"#, r#"23"#),
            (r#"(random 29 197)"#, r#"176"#),
            (r#"(random)"#, r#"1183757514"#),
            (r#"(seed 2147483647)"#, r#"<void>"#),
            (r#"(random 6 183)"#, r#"46"#),
            (r#"(random 41 169)"#, r#"41"#),
            (r#"(random -19 86)"#, r#"80"#),
            (r#"(random -1 91)"#, r#"48"#),
            (r#"(random)"#, r#"2141034222"#),
            (r#"(seed 2147483648)"#, r#"<void>"#),
            (r#"(random 14 81)"#, r#"15"#),
            (r#"(random 9 122)"#, r#"117"#),
            (r#"(random 17 164)"#, r#"73"#),
            (r#"(random 18 75)"#, r#"21"#),
            (r#"(random)"#, r#"82502902"#),
            (r#"(seed -7)"#, r#"<void>"#),
            (r#"(random -14 -9)"#, r#"-12"#),
            (r#"(random -13 64)"#, r#"40"#),
            (r#"(random 0 8)"#, r#"5"#),
            (r#"(random 32 42)"#, r#"33"#),
            (r#"(random)"#, r#"2011839943"#),
            (r#"(seed 31337)"#, r#"<void>"#),
            (r#"(random 29 145)"#, r#"50"#),
            (r#"(random -14 119)"#, r#"82"#),
            (r#"(random -26 68)"#, r#"-14"#),
            (r#"(random 21 196)"#, r#"85"#),
            (r#"(random)"#, r#"1362495916"#),
        ]);
    }

    use super::GlibcRand;

    /// `srand(s)` then `rand()` six times, as glibc gives them
    /// (`python3 -c "import ctypes; libc=ctypes.CDLL('libc.so.6'); libc.srand(42);
    /// print([libc.rand() for _ in range(6)])"`).
    #[test]
    fn matches_glibc_rand() {
        let cases: &[(u32, [u32; 6])] = &[
            (
                42,
                [
                    71876166, 708592740, 1483128881, 907283241, 442951012, 537146758,
                ],
            ),
            (
                1,
                [
                    1804289383, 846930886, 1681692777, 1714636915, 1957747793, 424238335,
                ],
            ),
            (
                0,
                [
                    1804289383, 846930886, 1681692777, 1714636915, 1957747793, 424238335,
                ],
            ),
            (
                u32::MAX,
                [
                    254925627, 1205188300, 366127624, 1401405153, 76053476, 1604170158,
                ],
            ),
            (
                2147483648,
                [
                    1336741213, 1210407648, 1447044896, 337392383, 82502902, 538660432,
                ],
            ),
            (
                123456789,
                [
                    1965102536, 1639725855, 706684578, 1926601937, 71238646, 1147998030,
                ],
            ),
        ];
        for (seed, expected) in cases {
            let mut rng = GlibcRand::new(*seed);
            let got: Vec<u32> = (0..6).map(|_| rng.next_u31()).collect();
            assert_eq!(&got, expected, "seed {seed}");
        }
        let mut rng = GlibcRand::new(1);
        let thousandth = (0..1000).map(|_| rng.next_u31()).last();
        assert_eq!(thousandth, Some(1143565421));
    }

    /// An unseeded CLIPS (6.30 and 6.4 alike) starts where glibc does: seed 1.
    #[test]
    fn unseeded_state_is_seed_one() {
        check(&[("(random)", "1804289383"), ("(random)", "846930886")]);
    }
}
