//! The set bits of an integer used as a set: what walking a cell set or a digit mask comes
//! down to, for every width the library uses.

/// An unsigned integer used as a set of bit positions.
pub trait Mask: Copy {
    /// Whether no bit is set.
    fn is_empty(self) -> bool;
    /// The position of the lowest set bit (the set must not be empty).
    fn lowest(self) -> usize;
    /// The set without its lowest bit.
    fn without_lowest(self) -> Self;
    /// How many bits are set.
    fn len(self) -> usize;

    // The tests below take out the lowest bit instead of counting: the baseline x86-64 target
    // has no popcount instruction, so `len` counts by arithmetic (some thirty instructions on
    // a 128-bit set) where a test of one or two bits needs two or four.

    /// Whether two bits or more are set.
    #[inline]
    fn several(self) -> bool {
        !self.without_lowest().is_empty()
    }

    /// Whether at most one bit is set.
    #[inline]
    fn at_most_one(self) -> bool {
        self.without_lowest().is_empty()
    }

    /// Whether exactly one bit is set.
    #[inline]
    fn exactly_one(self) -> bool {
        !self.is_empty() && self.at_most_one()
    }

    /// Whether exactly two bits are set.
    #[inline]
    fn exactly_two(self) -> bool {
        self.several() && self.without_lowest().at_most_one()
    }
}

macro_rules! mask {
    ($($t:ty),*) => {$(
        impl Mask for $t {
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn len(self) -> usize {
                self.count_ones() as usize
            }
        }
    )*};
}

mask!(u16, u32, u64, u128);

/// The positions of the set bits of a mask, lowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ones<M>(M);

/// The positions of the set bits of `mask`, lowest first.
#[inline]
pub fn ones<M: Mask>(mask: M) -> Ones<M> {
    Ones(mask)
}

impl<M: Mask> Iterator for Ones<M> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            return None;
        }
        let i = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.len();
        (n, Some(n))
    }
}

impl<M: Mask> ExactSizeIterator for Ones<M> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_width_gives_the_set_bits_lowest_first() {
        assert_eq!(ones(0u16).count(), 0);
        assert_eq!(ones(0b1010_0001u16).collect::<Vec<_>>(), [0, 5, 7]);
        assert_eq!(ones(1u32 << 31 | 2).collect::<Vec<_>>(), [1, 31]);
        assert_eq!(ones(u64::MAX).count(), 64);
        let wide = 1u128 << 127 | 1 << 80 | 1;
        assert_eq!(ones(wide).collect::<Vec<_>>(), [0, 80, 127]);
        assert_eq!(ones(wide).len(), 3);
    }

    #[test]
    fn the_tests_of_one_or_two_bits_agree_with_the_count() {
        fn check<M: Mask + std::fmt::Debug>(m: M) {
            let n = m.len();
            assert_eq!(m.several(), n >= 2, "{m:?}");
            assert_eq!(m.at_most_one(), n <= 1, "{m:?}");
            assert_eq!(m.exactly_one(), n == 1, "{m:?}");
            assert_eq!(m.exactly_two(), n == 2, "{m:?}");
        }
        for m in 0..=u16::MAX {
            check(m);
            check(u32::from(m) << 16 | u32::from(m.rotate_left(5)));
        }
        for a in 0..128 {
            for b in [0u128, 1 << a, 1 << ((a * 5 + 7) % 128), u128::MAX] {
                let s = 1u128 << a | b;
                check(s);
                check(s.wrapping_sub(1));
                check(s as u64);
            }
        }
        check(0u128);
    }
}
