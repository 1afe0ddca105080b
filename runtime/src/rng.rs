//! Seeded, reproducible randomness: xoshiro256** seeded through SplitMix64.
//!
//! The runtime stays dependency-free, so it carries its own small generator. The
//! same seed gives the same sequence on every platform, which makes simulated games
//! reproducible from their seed alone.

/// A xoshiro256** pseudo-random generator (not for cryptography).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    s: [u64; 4],
}

/// One SplitMix64 step: used to spread a 64-bit seed over the 256-bit state.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// A generator whose whole sequence is fixed by `seed`.
    ///
    /// ```
    /// use tilec_runtime::Rng;
    /// let (mut a, mut b) = (Rng::new(7), Rng::new(7));
    /// assert_eq!(a.next_u64(), b.next_u64());
    /// assert!(a.below(6) < 6);
    /// ```
    pub fn new(seed: u64) -> Rng {
        let mut sm = seed;
        let s = [
            splitmix64(&mut sm),
            splitmix64(&mut sm),
            splitmix64(&mut sm),
            splitmix64(&mut sm),
        ];
        Rng { s }
    }

    /// The generator of entry `key` of the stream seeded `seed`: for streams
    /// whose every entry must be reachable without the ones before it (a
    /// game's draws keyed by the tiles left, so that a game restored from its
    /// record draws on as it would have). Different keys give unrelated
    /// generators.
    ///
    /// ```
    /// use tilec_runtime::Rng;
    /// assert_eq!(Rng::keyed(7, 3), Rng::keyed(7, 3));
    /// assert_ne!(Rng::keyed(7, 3).next_u64(), Rng::keyed(7, 4).next_u64());
    /// ```
    pub fn keyed(seed: u64, key: u64) -> Rng {
        let mut sm = seed;
        Rng::new(splitmix64(&mut sm) ^ key)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (Lemire's method, unbiased); `0` when `n == 0`.
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        let n = u64::from(n);
        let mut product = (self.next_u64() >> 32) * n;
        // The rejection threshold is below `n`, so a low part at or above `n` is
        // accepted without computing it: the division is rarely needed, and the
        // draws (and results) are exactly those of the plain loop.
        if (product & 0xFFFF_FFFF) < n {
            let threshold = (u32::MAX as u64 + 1 - n) % n;
            while (product & 0xFFFF_FFFF) < threshold {
                product = (self.next_u64() >> 32) * n;
            }
        }
        (product >> 32) as u32
    }

    /// `true` with probability `p` (clamped to `0.0..=1.0`).
    pub fn chance(&mut self, p: f64) -> bool {
        // 53 random bits give a uniform float in [0, 1).
        let x = (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        x < p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_covers_the_range_roughly_uniformly() {
        let mut rng = Rng::new(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_000..11_000).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn different_seeds_give_different_sequences() {
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    #[test]
    fn chance_respects_the_extremes() {
        let mut rng = Rng::new(3);
        assert!((0..100).all(|_| !rng.chance(0.0)));
        assert!((0..100).all(|_| rng.chance(1.0)));
    }
}
