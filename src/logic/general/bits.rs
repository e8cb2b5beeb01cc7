//! Sets of cells of any grid the library knows (up to 25×25 = 625 cells): ten `u64` words.
//!
//! The classic engine's `CellSet` is one `u128` because 81 cells fit; here the largest grid
//! needs 625 bits, so a set is a fixed array (`Copy`, 80 bytes) and set algebra is a loop of
//! ten word operations, which the compiler unrolls.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Sub, SubAssign};

use crate::geometry::bits::{Mask, ones};

/// Words of a set: 640 bits, enough for 625 cells.
const WORDS: usize = 10;

/// A set of cells: bit `i` is cell `i` (row-major).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Cells([u64; WORDS]);

impl Cells {
    /// No cell.
    pub const EMPTY: Cells = Cells([0; WORDS]);

    /// The set holding only `cell`.
    #[inline]
    pub fn single(cell: usize) -> Cells {
        let mut s = Cells::EMPTY;
        s.insert(cell);
        s
    }

    /// The cells `0..n`.
    pub fn first(n: usize) -> Cells {
        (0..n).collect()
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 != 0
    }

    /// Adds `cell`.
    #[inline]
    pub fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    /// Removes `cell`.
    #[inline]
    pub fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set holds exactly one cell.
    #[inline]
    pub fn is_single(&self) -> bool {
        let mut seen = false;
        for &w in &self.0 {
            if w != 0 {
                if seen || w.several() {
                    return false;
                }
                seen = true;
            }
        }
        seen
    }

    /// The lowest cell, if any.
    #[inline]
    pub fn first_cell(&self) -> Option<usize> {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map(|i| i * 64 + self.0[i].trailing_zeros() as usize)
    }

    /// Whether every cell of `self` is in `other`.
    #[inline]
    pub fn is_subset(&self, other: &Cells) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }

    /// Whether the sets share a cell.
    #[inline]
    pub fn intersects(&self, other: &Cells) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// The cells, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (self.0.iter().enumerate()).flat_map(|(i, &w)| ones(w).map(move |bit| i * 64 + bit))
    }

    /// The cells as a sorted list.
    pub fn to_vec(&self) -> Vec<usize> {
        self.iter().collect()
    }
}

impl FromIterator<usize> for Cells {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Cells {
        let mut s = Cells::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl BitAnd for Cells {
    type Output = Cells;
    #[inline]
    fn bitand(mut self, rhs: Cells) -> Cells {
        self &= rhs;
        self
    }
}

impl BitOr for Cells {
    type Output = Cells;
    #[inline]
    fn bitor(mut self, rhs: Cells) -> Cells {
        self |= rhs;
        self
    }
}

impl Sub for Cells {
    type Output = Cells;
    #[inline]
    fn sub(mut self, rhs: Cells) -> Cells {
        self -= rhs;
        self
    }
}

impl BitAndAssign for Cells {
    #[inline]
    fn bitand_assign(&mut self, rhs: Cells) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a &= b;
        }
    }
}

impl BitOrAssign for Cells {
    #[inline]
    fn bitor_assign(&mut self, rhs: Cells) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a |= b;
        }
    }
}

impl SubAssign for Cells {
    #[inline]
    fn sub_assign(&mut self, rhs: Cells) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a &= !b;
        }
    }
}

impl std::fmt::Debug for Cells {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_algebra_over_the_whole_range() {
        let a: Cells = [0, 63, 64, 200, 624].into_iter().collect();
        let b: Cells = [63, 300, 624].into_iter().collect();
        assert_eq!(a.len(), 5);
        assert_eq!((a & b).to_vec(), [63, 624]);
        assert_eq!((a - b).to_vec(), [0, 64, 200]);
        assert_eq!((a | b).len(), 6);
        assert!(Cells::single(624).is_single() && !a.is_single() && !Cells::EMPTY.is_single());
        assert_eq!(b.first_cell(), Some(63));
        assert!((a & b).is_subset(&b) && !a.is_subset(&b));
        assert!(a.intersects(&b) && !Cells::single(1).intersects(&a));
        assert_eq!(Cells::first(625).len(), 625);
    }
}
