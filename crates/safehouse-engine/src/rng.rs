//! The one source of randomness in a game: a seeded, portable, serialisable generator.
//!
//! Stability promise: for a given seed, `GameRng` yields the same numbers, shuffles and
//! choices on every platform and across dependency upgrades. The generator is ChaCha8
//! (a fixed, published algorithm); seed expansion, bounded sampling and shuffling are
//! written here rather than borrowed from `rand`, whose algorithms may change in minor
//! versions. Golden tests at the bottom of this file pin the outputs; changing them is a
//! breaking change for every stored match record.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use wide::u32x4;

/// A seeded generator owned by a game state (or a bot, or the simulator).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRng(ChaCha8Rng);

/// SplitMix64: expands a 64-bit seed into well-mixed 64-bit words.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl GameRng {
    /// A generator for one seed.
    pub fn from_seed(seed: u64) -> Self {
        let mut state = seed;
        let mut key = [0u8; 32];
        for chunk in key.chunks_exact_mut(8) {
            chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
        }
        GameRng(ChaCha8Rng::from_seed(key))
    }

    /// The generator of game number `index` in a series started from `master_seed`.
    ///
    /// Each index gets its own ChaCha stream, so a simulation's results do not depend on
    /// which thread plays which game.
    pub fn for_game(master_seed: u64, index: u64) -> Self {
        let mut rng = Self::from_seed(master_seed);
        rng.0.set_stream(index);
        rng
    }

    /// The seed for game number `index` of a series, as a plain number that can be stored
    /// in a match record and replayed on its own.
    pub fn derive_seed(master_seed: u64, index: u64) -> u64 {
        Self::for_game(master_seed, index).next_u64()
    }

    /// A new independent generator drawn from this one.
    pub fn fork(&mut self) -> GameRng {
        GameRng::from_seed(self.next_u64())
    }

    /// A uniformly random 32-bit word.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }

    /// A uniformly random 64-bit word.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniformly random number in `0..bound` (Lemire's unbiased multiply-and-reject).
    ///
    /// # Panics
    /// If `bound` is zero: asking for a number below zero is a bug in the caller.
    #[inline]
    pub fn below(&mut self, bound: u32) -> u32 {
        below(bound, || self.next_u32())
    }

    /// A uniformly random index into a collection of `len` items.
    ///
    /// # Panics
    /// If `len` is zero or does not fit in 32 bits.
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        self.below(index_bound(len)) as usize
    }

    /// A uniformly random element, or `None` for an empty slice.
    #[inline]
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() { None } else { Some(&items[self.index(items.len())]) }
    }

    /// `true` with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: u32, denominator: u32) -> bool {
        self.below(denominator) < numerator
    }

    /// A uniformly random float in `[0, 1)` with 53 bits of precision.
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Shuffles in place (Fisher–Yates, from the back), every order equally likely.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

/// A number in `0..bound` from 32-bit words (Lemire's unbiased multiply-and-reject).
///
/// # Panics
/// If `bound` is zero: asking for a number below zero is a bug in the caller.
#[inline]
fn below(bound: u32, mut next_u32: impl FnMut() -> u32) -> u32 {
    assert!(bound > 0, "below(0): no number is below zero");
    let mut product = u64::from(next_u32()) * u64::from(bound);
    let mut low = product as u32;
    if low < bound {
        let threshold = bound.wrapping_neg() % bound;
        while low < threshold {
            product = u64::from(next_u32()) * u64::from(bound);
            low = product as u32;
        }
    }
    (product >> 32) as u32
}

/// The bound for an index into `len` items.
#[inline]
fn index_bound(len: usize) -> u32 {
    u32::try_from(len).expect("index: length over u32::MAX")
}

/// A small, fast generator for choices that are no game's randomness: a bot's own draws, where
/// [`GameRng`]'s ChaCha costs more to set up than a short game's decisions (a random bot seeded
/// for each game draws a few words and threw away the rest of a 256-byte ChaCha buffer).
///
/// It is xoshiro256++ (Blackman and Vigna, a fixed, published algorithm), its 256-bit state
/// expanded from the seed by SplitMix64: not for dealing cards, whose order must not be
/// guessable from earlier draws, only for choosing among moves. The same stability promise as
/// `GameRng`: the golden test below pins its outputs, and a test compares it with `rand_xoshiro`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SmallRng {
    state: [u64; 4],
}

impl SmallRng {
    /// A generator for one seed.
    pub fn from_seed(seed: u64) -> Self {
        let mut splitmix = seed;
        SmallRng { state: std::array::from_fn(|_| splitmix64(&mut splitmix)) }
    }

    /// A uniformly random 64-bit word.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.state;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniformly random 32-bit word (the high half of a 64-bit one, xoshiro's better bits).
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    /// A uniformly random number in `0..bound`, as [`GameRng::below`] draws it.
    ///
    /// # Panics
    /// If `bound` is zero.
    #[inline]
    pub fn below(&mut self, bound: u32) -> u32 {
        below(bound, || self.next_u32())
    }

    /// A uniformly random index into a collection of `len` items.
    ///
    /// # Panics
    /// If `len` is zero or does not fit in 32 bits.
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        self.below(index_bound(len)) as usize
    }
}

/// ChaCha8's rounds: four double rounds.
const CHACHA8_DOUBLE_ROUNDS: usize = 4;

/// One ChaCha double round, `$quarter` over the state `$x`: the four columns, then the four
/// diagonals. Written out, not looped over a table of indices: with the indices constant where
/// they are used, the lanes of `words_of_lanes` stay in registers (a loop over a table doubled
/// its instructions).
macro_rules! double_round {
    ($quarter:ident, $x:expr) => {
        $quarter($x, 0, 4, 8, 12);
        $quarter($x, 1, 5, 9, 13);
        $quarter($x, 2, 6, 10, 14);
        $quarter($x, 3, 7, 11, 15);
        $quarter($x, 0, 5, 10, 15);
        $quarter($x, 1, 6, 11, 12);
        $quarter($x, 2, 7, 8, 13);
        $quarter($x, 3, 4, 9, 14);
    };
}

/// The seeds of one series ([`GameRng::derive_seed`] for a fixed master seed), derived without
/// a generator: the master seed's ChaCha key is expanded once, and each index's seeds are the
/// 64-bit words of block 0 of its stream, computed as that one block alone. `derive_seed` builds
/// a full generator and refills its four-block (256-byte) buffer to keep 8 bytes, which costs a
/// simulator several times more per game than this; the numbers are the same (tested).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedSeries {
    /// The ChaCha key of the master seed, as little-endian words.
    key: [u32; 8],
}

impl SeedSeries {
    /// The series of seeds started from `master_seed`.
    pub fn new(master_seed: u64) -> Self {
        let mut state = master_seed;
        let mut key = [0u32; 8];
        for pair in key.chunks_exact_mut(2) {
            let word = splitmix64(&mut state);
            pair[0] = word as u32;
            pair[1] = (word >> 32) as u32;
        }
        SeedSeries { key }
    }

    /// `GameRng::derive_seed(master_seed, index)`.
    #[inline]
    pub fn seed(&self, index: u64) -> u64 {
        self.words(index)[0]
    }

    /// The first eight 64-bit words of `GameRng::for_game(master_seed, index)`, the whole of
    /// its block 0 (the first is [`SeedSeries::seed`]): a game's seed and seven more, for the
    /// cost of one block.
    #[inline]
    pub fn words(&self, index: u64) -> [u64; 8] {
        /// ChaCha's quarter round on four words of the state.
        #[inline(always)]
        fn quarter(x: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
            x[a] = x[a].wrapping_add(x[b]);
            x[d] = (x[d] ^ x[a]).rotate_left(16);
            x[c] = x[c].wrapping_add(x[d]);
            x[b] = (x[b] ^ x[c]).rotate_left(12);
            x[a] = x[a].wrapping_add(x[b]);
            x[d] = (x[d] ^ x[a]).rotate_left(8);
            x[c] = x[c].wrapping_add(x[d]);
            x[b] = (x[b] ^ x[c]).rotate_left(7);
        }
        let k = &self.key;
        // "expand 32-byte k", the key, the block counter (0) and the stream (the index).
        let input: [u32; 16] = [
            0x6170_7865,
            0x3320_646e,
            0x7962_2d32,
            0x6b20_6574,
            k[0],
            k[1],
            k[2],
            k[3],
            k[4],
            k[5],
            k[6],
            k[7],
            0,
            0,
            index as u32,
            (index >> 32) as u32,
        ];
        let mut x = input;
        for _ in 0..CHACHA8_DOUBLE_ROUNDS {
            double_round!(quarter, &mut x);
        }
        // The block's output words in pairs, low word first (as `next_u64` reads them).
        std::array::from_fn(|i| {
            let (lo, hi) = (2 * i, 2 * i + 1);
            u64::from(x[lo].wrapping_add(input[lo])) | (u64::from(x[hi].wrapping_add(input[hi])) << 32)
        })
    }

    /// [`SeedSeries::words`] of the [`SEED_LANES`] indices `first`, `first + 1`, ... (wrapping),
    /// computed together: the same numbers for about 60% of the instructions of one index after
    /// another (312 a game against 514 in a random Safe Breaker run, docs/simulator.md).
    ///
    /// The blocks are laid out lane by lane (word `w` of every block in one vector), so every
    /// step of the rounds is one vector operation of the baseline target (SSE2 on x86-64,
    /// through `wide`'s safe vectors), with no shuffles; `words`, one block alone, has to move
    /// words between its diagonals and stays scalar (and the compiler did not vectorise the
    /// lanes written out as arrays either).
    pub fn words_of_lanes(&self, first: u64) -> [[u64; 8]; SEED_LANES] {
        /// ChaCha's quarter round on four words of every lane's state.
        #[inline(always)]
        fn quarter(x: &mut [u32x4; 16], a: usize, b: usize, c: usize, d: usize) {
            #[inline(always)]
            fn xor_rotate<const N: u32>(word: u32x4, with: u32x4) -> u32x4 {
                let w = word ^ with;
                (w << N) | (w >> (32 - N))
            }
            let (mut xa, mut xb, mut xc, mut xd) = (x[a], x[b], x[c], x[d]);
            xa += xb;
            xd = xor_rotate::<16>(xd, xa);
            xc += xd;
            xb = xor_rotate::<12>(xb, xc);
            xa += xb;
            xd = xor_rotate::<8>(xd, xa);
            xc += xd;
            xb = xor_rotate::<7>(xb, xc);
            (x[a], x[b], x[c], x[d]) = (xa, xb, xc, xd);
        }
        let k = &self.key;
        let index: [u64; SEED_LANES] = std::array::from_fn(|l| first.wrapping_add(l as u64));
        let constant = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];
        // The same input as `words`, for each lane's index.
        let input: [u32x4; 16] = std::array::from_fn(|w| match w {
            0..4 => u32x4::splat(constant[w]),
            4..12 => u32x4::splat(k[w - 4]),
            12 | 13 => u32x4::ZERO,
            14 => u32x4::new(index.map(|i| i as u32)),
            _ => u32x4::new(index.map(|i| (i >> 32) as u32)),
        });
        let mut x = input;
        for _ in 0..CHACHA8_DOUBLE_ROUNDS {
            double_round!(quarter, &mut x);
        }
        let out: [[u32; SEED_LANES]; 16] = std::array::from_fn(|w| (x[w] + input[w]).to_array());
        std::array::from_fn(|l| {
            std::array::from_fn(|i| u64::from(out[2 * i][l]) | (u64::from(out[2 * i + 1][l]) << 32))
        })
    }
}

/// How many indices [`SeedSeries::words_of_lanes`] computes at once: four 32-bit lanes, one
/// SSE2 register a word.
pub const SEED_LANES: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_are_pinned() {
        let mut rng = GameRng::from_seed(42);
        let words: Vec<u64> = (0..4).map(|_| rng.next_u64()).collect();
        insta::assert_debug_snapshot!("seed_42_words", words);
        let mut deck: Vec<u8> = (0..20).collect();
        GameRng::from_seed(42).shuffle(&mut deck);
        insta::assert_debug_snapshot!("seed_42_shuffle_20", deck);
        let mut rng = GameRng::from_seed(7);
        let draws: Vec<u32> = (0..10).map(|_| rng.below(6)).collect();
        insta::assert_debug_snapshot!("seed_7_below_6", draws);
        let derived: Vec<u64> = (0..3).map(|i| GameRng::derive_seed(1, i)).collect();
        insta::assert_debug_snapshot!("derived_seeds", derived);
    }

    #[test]
    fn a_seed_series_gives_the_derived_seeds() {
        // Masters and indices that touch every word of the key and of the stream.
        let masters = [0, 1, 42, 0xb075_5a17, u64::MAX, 0x0123_4567_89ab_cdef];
        let indices = [0, 1, 2, 15, 16, 1_000_003, 1 << 32, (1 << 32) + 7, u64::MAX - 1, u64::MAX];
        for master in masters {
            let series = SeedSeries::new(master);
            for index in indices.into_iter().chain((0..200).map(|i| i * 0x9e37_79b9)) {
                assert_eq!(series.seed(index), GameRng::derive_seed(master, index), "master {master} index {index}");
                let mut rng = GameRng::for_game(master, index);
                let drawn: [u64; 8] = std::array::from_fn(|_| rng.next_u64());
                assert_eq!(series.words(index), drawn, "master {master} index {index}");
                let lanes = series.words_of_lanes(index);
                for (l, words) in lanes.iter().enumerate() {
                    let at = index.wrapping_add(l as u64);
                    assert_eq!(*words, series.words(at), "master {master} lane {l} of {index}");
                }
            }
        }
    }

    #[test]
    fn the_small_generator_is_xoshiro256plusplus_and_pinned() {
        use rand_xoshiro::rand_core::{RngCore, SeedableRng};
        for seed in [0, 1, 42, 0xb07_5eed, u64::MAX] {
            let mut ours = SmallRng::from_seed(seed);
            let mut reference = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
            for _ in 0..100 {
                assert_eq!(ours.next_u64(), reference.next_u64(), "seed {seed}");
            }
            assert_eq!(ours.next_u32(), reference.next_u32(), "seed {seed}");
        }
        let mut rng = SmallRng::from_seed(42);
        let words: Vec<u64> = (0..4).map(|_| rng.next_u64()).collect();
        let draws: Vec<u32> = (0..10).map(|_| rng.below(6)).collect();
        insta::assert_debug_snapshot!("small_seed_42", (words, draws));
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = GameRng::from_seed(1);
        let mut seen = [0u32; 7];
        for _ in 0..7_000 {
            let x = rng.below(7) as usize;
            seen[x] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }

    #[test]
    fn streams_differ_and_repeat() {
        let a: Vec<u32> = (0..3).map(|_| GameRng::for_game(9, 0).next_u32()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(GameRng::for_game(9, 0).next_u64(), GameRng::for_game(9, 1).next_u64());
    }

    #[test]
    fn serde_round_trip_keeps_position() {
        let mut rng = GameRng::from_seed(3);
        rng.next_u64();
        let json = serde_json::to_string(&rng).expect("serialise");
        let mut back: GameRng = serde_json::from_str(&json).expect("deserialise");
        assert_eq!(rng.next_u64(), back.next_u64());
    }
}
