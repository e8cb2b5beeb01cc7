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
}
