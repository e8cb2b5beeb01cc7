//! Each puzzle's random stream, and the few draws the generator makes from it.
//!
//! The generator is ChaCha8 from `rand_chacha`: seedable, the same on every platform, with a
//! 64-bit stream number beside the key. The key comes from the user's seed, the stream is
//! the puzzle's index, so every puzzle has a stream of its own and the output does not depend
//! on which thread makes which puzzle. Draws below `n` and shuffles are written here (a few
//! lines) so that the numbers drawn cannot change with another crate's version.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

/// One puzzle's random stream.
#[derive(Debug, Clone)]
pub struct Stream {
    rng: ChaCha8Rng,
}

/// The ChaCha key made from a user's seed (`rand_core`'s documented `seed_from_u64`
/// expansion).
pub(crate) fn key(seed: u64) -> [u8; 32] {
    ChaCha8Rng::seed_from_u64(seed).get_seed()
}

impl Stream {
    /// The stream of puzzle `index` under `key`.
    pub(crate) fn new(key: [u8; 32], index: u64) -> Stream {
        let mut rng = ChaCha8Rng::from_seed(key);
        rng.set_stream(index);
        Stream { rng }
    }

    /// A uniform 32-bit word.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        self.rng.next_u32()
    }

    /// A uniform number in `0..n` (`n` > 0), without bias: Lemire's multiply-and-reject.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let mut m = u64::from(self.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let floor = n.wrapping_neg() % n;
            while (m as u32) < floor {
                m = u64::from(self.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }

    /// A uniform index into a slice of length `n` (`n` > 0).
    #[inline]
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u32) as usize
    }

    /// True with probability `num / den`.
    #[inline]
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.below(den) < num
    }

    /// Shuffles `items` uniformly (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_differ_by_index_and_repeat() {
        let k = key(7);
        let a: Vec<u32> = (0..8).map(|_| Stream::new(k, 1).next_u32()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        let mut s0 = Stream::new(k, 0);
        let mut s1 = Stream::new(k, 1);
        let x: Vec<u32> = (0..8).map(|_| s0.next_u32()).collect();
        let y: Vec<u32> = (0..8).map(|_| s1.next_u32()).collect();
        assert_ne!(x, y);
        assert_ne!(key(7), key(8));
    }

    #[test]
    fn below_covers_its_range() {
        let mut s = Stream::new(key(1), 0);
        let mut seen = [0u32; 9];
        for _ in 0..9000 {
            seen[s.below(9) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }
}
