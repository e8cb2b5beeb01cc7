//! Sets of cells of the 9×9 grid: one `u128` a set.
//!
//! A [`CellSet`] is one `u128` whose bit `i` (0..81) stands for cell `i`, numbered row-major:
//! cell `9 * row + col`. Bits 81..128 are always zero. Set algebra is then one instruction
//! (`&`, `|`, `& !`), and a count is one `popcnt`, which is what pattern searches spend most of
//! their time on.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};

use super::bits::Mask;
use super::classic::{HOUSE_BITS, cell_name, peers};

/// A set of cells: bit `i` is cell `i` (row-major, 0..81).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CellSet(pub u128);

const ALL_BITS: u128 = (1u128 << 81) - 1;

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet(0);
    /// All 81 cells.
    pub const ALL: CellSet = CellSet(ALL_BITS);

    /// The set holding only `cell`.
    #[inline]
    pub const fn single(cell: usize) -> CellSet {
        CellSet(1 << cell)
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub const fn contains(self, cell: usize) -> bool {
        self.0 >> cell & 1 != 0
    }

    /// Adds `cell`.
    #[inline]
    pub fn insert(&mut self, cell: usize) {
        self.0 |= 1 << cell;
    }

    /// Removes `cell`.
    #[inline]
    pub fn remove(&mut self, cell: usize) {
        self.0 &= !(1 << cell);
    }

    /// The number of cells.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds two cells or more (see [`Mask::several`]: no bit count).
    #[inline]
    pub fn several(self) -> bool {
        self.0.several()
    }

    /// Whether the set holds exactly one cell.
    #[inline]
    pub fn exactly_one(self) -> bool {
        self.0.exactly_one()
    }

    /// Whether the set holds exactly two cells.
    #[inline]
    pub fn exactly_two(self) -> bool {
        self.0.exactly_two()
    }

    /// The lowest-numbered cell, if any.
    #[inline]
    pub const fn first(self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as usize)
        }
    }

    /// Whether the two sets share a cell.
    #[inline]
    pub const fn intersects(self, other: CellSet) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether every cell of `self` is in `other`.
    #[inline]
    pub const fn is_subset(self, other: CellSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The cells in increasing order.
    #[inline]
    pub fn iter(self) -> CellIter {
        super::bits::ones(self.0)
    }

    /// The cells that see every cell of the set (are in a house with each), the set's own
    /// cells excluded. For an empty set: every cell.
    pub fn common_peers(self) -> CellSet {
        let mut seen = CellSet::ALL;
        for cell in self {
            seen &= peers(cell);
        }
        seen - self
    }

    /// The houses (0..27) that contain every cell of the set, as a 27-bit mask.
    pub fn common_houses(self) -> u32 {
        let mut mask = (1u32 << 27) - 1;
        for cell in self {
            mask &= HOUSE_BITS[cell];
        }
        if self.is_empty() { 0 } else { mask }
    }
}

/// Iterator over the cells of a [`CellSet`], lowest first.
pub type CellIter = super::bits::Ones<u128>;

impl IntoIterator for CellSet {
    type Item = usize;
    type IntoIter = CellIter;

    fn into_iter(self) -> CellIter {
        self.iter()
    }
}

impl FromIterator<usize> for CellSet {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> CellSet {
        let mut set = CellSet::EMPTY;
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}

impl BitAnd for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitand(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 & rhs.0)
    }
}

impl BitOr for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitor(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 | rhs.0)
    }
}

impl BitXor for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitxor(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 ^ rhs.0)
    }
}

/// Set difference: the cells of `self` not in `rhs`.
impl Sub for CellSet {
    type Output = CellSet;
    #[inline]
    fn sub(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 & !rhs.0)
    }
}

/// The complement within the 81 cells.
impl Not for CellSet {
    type Output = CellSet;
    #[inline]
    fn not(self) -> CellSet {
        CellSet(!self.0 & ALL_BITS)
    }
}

impl BitAndAssign for CellSet {
    #[inline]
    fn bitand_assign(&mut self, rhs: CellSet) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for CellSet {
    #[inline]
    fn bitor_assign(&mut self, rhs: CellSet) {
        self.0 |= rhs.0;
    }
}

impl SubAssign for CellSet {
    #[inline]
    fn sub_assign(&mut self, rhs: CellSet) {
        self.0 &= !rhs.0;
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, cell) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", cell_name(cell))?;
        }
        f.write_str("}")
    }
}
