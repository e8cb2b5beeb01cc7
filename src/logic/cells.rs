//! Sets of cells and the house tables every technique looks things up in.
//!
//! A [`CellSet`] is one `u128` whose bit `i` (0..81) stands for cell `i`, numbered row-major:
//! cell `9 * row + col`. Bits 81..128 are always zero. Set algebra is then one instruction
//! (`&`, `|`, `& !`), and a count is one `popcnt`, which is what pattern searches spend most of
//! their time on.
//!
//! Houses (rows, columns and boxes) are numbered 0..27: rows 0..9, columns 9..18, boxes 18..27.
//! Digit sets are plain `u16` masks, bit `d - 1` for digit `d` (see [`digits`]).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};

use crate::board::{box_of, col_of, row_of};

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
        CellIter(self.0)
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
#[derive(Clone)]
pub struct CellIter(u128);

impl Iterator for CellIter {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let cell = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(cell)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellIter {}

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

/// A cell's name in the usual notation: `r4c7`.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", row_of(cell) + 1, col_of(cell) + 1)
}

/// The kind of a house.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A 3×3 box.
    Box,
}

/// A house number's kind: rows 0..9, columns 9..18, boxes 18..27.
#[inline]
pub const fn house_kind(house: usize) -> HouseKind {
    match house / 9 {
        0 => HouseKind::Row,
        1 => HouseKind::Column,
        _ => HouseKind::Box,
    }
}

/// A house's short name: `r3`, `c5`, `b9`.
pub fn house_name(house: usize) -> String {
    let letter = match house_kind(house) {
        HouseKind::Row => 'r',
        HouseKind::Column => 'c',
        HouseKind::Box => 'b',
    };
    format!("{letter}{}", house % 9 + 1)
}

/// A house's long name: `row 3`, `column 5`, `box 9`.
pub fn house_long_name(house: usize) -> String {
    let word = match house_kind(house) {
        HouseKind::Row => "row",
        HouseKind::Column => "column",
        HouseKind::Box => "box",
    };
    format!("{word} {}", house % 9 + 1)
}

/// The nine cells of each house, in increasing order.
pub static HOUSE_CELLS: [[u8; 9]; 27] = {
    let mut t = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            t[i][j] = (9 * i + j) as u8;
            t[9 + i][j] = (9 * j + i) as u8;
            t[18 + i][j] = (27 * (i / 3) + 3 * (i % 3) + 9 * (j / 3) + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    t
};

/// Each house as a cell set.
pub static HOUSE_SETS: [CellSet; 27] = {
    let mut t = [CellSet::EMPTY; 27];
    let mut h = 0;
    while h < 27 {
        let mut bits = 0u128;
        let mut j = 0;
        while j < 9 {
            bits |= 1 << HOUSE_CELLS[h][j];
            j += 1;
        }
        t[h] = CellSet(bits);
        h += 1;
    }
    t
};

/// The three houses of each cell: `[row, 9 + column, 18 + box]`.
pub static CELL_HOUSES: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = [
            row_of(c) as u8,
            (9 + col_of(c)) as u8,
            (18 + box_of(c)) as u8,
        ];
        c += 1;
    }
    t
};

/// The houses of each cell as a 27-bit mask (bit `h` for house `h`).
pub static HOUSE_BITS: [u32; 81] = {
    let mut t = [0u32; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = 1 << row_of(c) | 1 << (9 + col_of(c)) | 1 << (18 + box_of(c));
        c += 1;
    }
    t
};

/// The 20 peers of each cell: the cells sharing a house with it, itself excluded.
pub static PEERS: [CellSet; 81] = {
    let mut t = [CellSet::EMPTY; 81];
    let mut c = 0;
    while c < 81 {
        let h = CELL_HOUSES[c];
        let bits =
            HOUSE_SETS[h[0] as usize].0 | HOUSE_SETS[h[1] as usize].0 | HOUSE_SETS[h[2] as usize].0;
        t[c] = CellSet(bits & !(1 << c));
        c += 1;
    }
    t
};

/// The cells of house `h`.
#[inline]
pub fn house(h: usize) -> CellSet {
    HOUSE_SETS[h]
}

/// The peers of `cell`.
#[inline]
pub fn peers(cell: usize) -> CellSet {
    PEERS[cell]
}

/// Whether two different cells share a house.
#[inline]
pub fn sees(a: usize, b: usize) -> bool {
    PEERS[a].contains(b)
}

/// Digit masks: bit `d - 1` stands for digit `d`.
pub mod digits {
    /// All nine digits.
    pub const ALL: u16 = 0x1ff;

    /// The mask of one digit.
    #[inline]
    pub const fn bit(digit: u8) -> u16 {
        1 << (digit - 1)
    }

    /// The digits of a mask, lowest first.
    #[inline]
    pub fn iter(mask: u16) -> impl Iterator<Item = u8> + Clone {
        (1..=9u8).filter(move |&d| mask >> (d - 1) & 1 != 0)
    }

    /// The number of set bits of each 9-bit mask: a table, because the portable build has
    /// no `popcnt` instruction (`count_ones` is then a long sequence), and the subset, fish,
    /// wing and ALS searches count digits and positions in their inner loops.
    static COUNT: [u8; 512] = {
        let mut t = [0u8; 512];
        let mut m = 1;
        while m < 512 {
            t[m] = t[m & (m - 1)] + 1;
            m += 1;
        }
        t
    };

    /// The number of digits in a mask (or of positions in a 9-bit mask of a house's cells).
    #[inline]
    pub fn count(mask: u16) -> usize {
        usize::from(COUNT[usize::from(mask & ALL)])
    }

    /// The lowest digit of a non-empty mask.
    #[inline]
    pub const fn first(mask: u16) -> u8 {
        mask.trailing_zeros() as u8 + 1
    }

    /// A mask written as its digits: `147`.
    pub fn to_string(mask: u16) -> String {
        iter(mask).map(|d| char::from(b'0' + d)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_is_in_exactly_three_houses_with_twenty_peers() {
        let mut seen = [0u8; 81];
        for h in 0..27 {
            assert_eq!(house(h).len(), 9);
            for c in house(h) {
                seen[c] += 1;
                assert!(CELL_HOUSES[c].contains(&(h as u8)));
            }
        }
        assert!(seen.iter().all(|&n| n == 3));
        for c in 0..81 {
            assert_eq!(peers(c).len(), 20);
            assert!(!peers(c).contains(c));
            for p in peers(c) {
                assert!(sees(p, c), "peers are symmetric");
            }
        }
    }

    #[test]
    fn set_algebra_and_names() {
        let a: CellSet = [0, 10, 80].into_iter().collect();
        assert_eq!(a.len(), 3);
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![0, 10, 80]);
        assert_eq!((!a).len(), 78);
        assert_eq!(format!("{a:?}"), "{r1c1 r2c2 r9c9}");
        assert_eq!(house_name(20), "b3");
        assert_eq!(house_long_name(9), "column 1");
        // r1c1 and r2c2 share box 1 only.
        let pair: CellSet = [0, 10].into_iter().collect();
        assert_eq!(pair.common_houses(), 1 << 18);
        assert_eq!(pair.common_peers(), house(18) - pair);
        assert_eq!(digits::to_string(0b1_0000_0101), "139");
    }
}

/// Calls `f` with every `k`-element combination of `items` (in lexicographic order of
/// positions), until it returns `Break`.
///
/// Iterative, over index arrays on the stack (fish searches call this in their inner loop):
/// `idx[i]` is the position of the `i`-th chosen item and `chosen[i]` the item itself.
pub fn combinations<T: Copy, F>(items: &[T], k: usize, f: &mut F) -> std::ops::ControlFlow<()>
where
    F: FnMut(&[T]) -> std::ops::ControlFlow<()> + ?Sized,
{
    const MAX: usize = 16;
    let n = items.len();
    if k == 0 {
        return f(&[]);
    }
    if k > n {
        return std::ops::ControlFlow::Continue(());
    }
    if k > MAX {
        // Never asked for by a technique; kept correct with a heap buffer.
        let mut idx: Vec<usize> = (0..k).collect();
        let mut chosen: Vec<T> = items[..k].to_vec();
        return combinations_from(items, &mut idx, &mut chosen, f);
    }
    let mut idx = [0usize; MAX];
    let mut chosen = [items[0]; MAX];
    for i in 0..k {
        idx[i] = i;
        chosen[i] = items[i];
    }
    combinations_from(items, &mut idx[..k], &mut chosen[..k], f)
}

/// The loop of [`combinations`], from the first combination already in `idx`/`chosen`.
#[inline]
fn combinations_from<T: Copy, F>(
    items: &[T],
    idx: &mut [usize],
    chosen: &mut [T],
    f: &mut F,
) -> std::ops::ControlFlow<()>
where
    F: FnMut(&[T]) -> std::ops::ControlFlow<()> + ?Sized,
{
    let (n, k) = (items.len(), idx.len());
    loop {
        f(chosen)?;
        // The rightmost position that can still move right.
        let mut i = k;
        loop {
            if i == 0 {
                return std::ops::ControlFlow::Continue(());
            }
            i -= 1;
            if idx[i] < n - k + i {
                break;
            }
        }
        idx[i] += 1;
        chosen[i] = items[idx[i]];
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
            chosen[j] = items[idx[j]];
        }
    }
}

#[cfg(test)]
mod combination_tests {
    use super::*;
    use std::ops::ControlFlow;

    #[test]
    fn combinations_are_all_there_once() {
        let mut seen = Vec::new();
        let _ = combinations(&[1, 2, 3, 4, 5], 3, &mut |c| {
            seen.push(c.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(seen.len(), 10);
        assert_eq!(seen[0], vec![1, 2, 3]);
        assert_eq!(seen[9], vec![3, 4, 5]);
        let mut n = 0;
        let flow = combinations(&[1, 2, 3, 4], 2, &mut |_| {
            n += 1;
            if n == 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert!(flow.is_break());
        assert_eq!(n, 2);
    }

    #[test]
    fn combinations_come_in_lexicographic_order_with_the_binomial_count() {
        let items: Vec<usize> = (0..9).collect();
        for k in 0..=10 {
            let mut seen: Vec<Vec<usize>> = Vec::new();
            let _ = combinations(&items, k, &mut |c: &[usize]| {
                seen.push(c.to_vec());
                ControlFlow::Continue(())
            });
            let binomial = (0..k).fold(1usize, |b, i| b * (9 - i.min(9)) / (i + 1));
            assert_eq!(seen.len(), if k > 9 { 0 } else { binomial }, "k = {k}");
            assert!(seen.windows(2).all(|w| w[0] < w[1]), "k = {k}");
            assert!(seen.iter().all(|c| c.windows(2).all(|w| w[0] < w[1])));
        }
    }
}
