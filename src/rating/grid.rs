//! The position as Sudoku Explainer sees it: values and candidates, with SE's orders of
//! regions and cells (its search order decides which step it takes, so we keep it).
//!
//! Candidates are digit masks as everywhere in the library ([`digits`]: bit `d - 1` for
//! digit `d`). A filled cell has no candidates.
//!
//! The cells, houses and peers are the shared [`classic`](crate::geometry::classic) tables. SE numbers its regions
//! differently (boxes, then rows, then columns); [`SE_REGION_ORDER`] maps its numbers onto the
//! geometry's houses, whose cells are in SE's order already (rows and columns left to right
//! and top to bottom, boxes row-major). [`SE_CELL_REGIONS`], [`INTER`] and [`SE_PEER_ORDER`]
//! are built from the shared tables through that permutation.

use crate::geometry::classic::{CELL_HOUSES, HOUSE_CELLS, HOUSE_SETS, PEERS};
use crate::geometry::{CellSet, digits};

/// First box region in SE's numbering: 0..9 boxes (row-major), 9..18 rows, 18..27 columns.
pub(crate) const BOX: usize = 0;
/// First row region.
pub(crate) const ROW: usize = 9;
/// First column region.
pub(crate) const COL: usize = 18;

/// SE's region number → the geometry's house number (rows 0..9, columns 9..18, boxes
/// 18..27): SE's boxes 0..9 are houses 18..27, its rows 9..18 houses 0..9, its columns
/// 18..27 houses 9..18.
pub(crate) static SE_REGION_ORDER: [usize; 27] = {
    let mut t = [0usize; 27];
    let mut r = 0;
    while r < 27 {
        t[r] = (r + 18) % 27;
        r += 1;
    }
    t
};

/// The geometry's house number → SE's region number (the inverse of [`SE_REGION_ORDER`]).
const fn se_region(house: usize) -> usize {
    (house + 9) % 27
}

/// The cells of SE's region `r`, in SE's order.
#[inline]
pub(crate) fn region(r: usize) -> &'static [u8; 9] {
    &HOUSE_CELLS[SE_REGION_ORDER[r]]
}

/// The cells of SE's region `r` as a set.
#[inline]
pub(crate) fn region_set(r: usize) -> CellSet {
    HOUSE_SETS[SE_REGION_ORDER[r]]
}

/// `INTER[a][b]`: the positions (bit = index in region `a`) of the cells SE's regions `a`
/// and `b` share.
pub(crate) static INTER: [[u16; 27]; 27] = {
    let mut t = [[0u16; 27]; 27];
    let mut a = 0;
    while a < 27 {
        let cells = HOUSE_CELLS[SE_REGION_ORDER[a]];
        let mut b = 0;
        while b < 27 {
            let other = HOUSE_SETS[SE_REGION_ORDER[b]];
            let mut i = 0;
            while i < 9 {
                if other.contains(cells[i] as usize) {
                    t[a][b] |= 1 << i;
                }
                i += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// Each cell's box, row and column (in that order, SE's) as `(region, index of the cell in
/// the region)`.
pub(crate) static SE_CELL_REGIONS: [[(u8, u8); 3]; 81] = {
    let mut t = [[(0u8, 0u8); 3]; 81];
    let mut h = 0;
    while h < 27 {
        let r = se_region(h);
        let mut i = 0;
        while i < 9 {
            let cell = HOUSE_CELLS[h][i] as usize;
            t[cell][r / 9] = (r as u8, i as u8);
            i += 1;
        }
        h += 1;
    }
    t
};

/// The 20 peers of each cell in the order SE's getOnToOff visits them: the box (row-major),
/// then the rest of the row, then the rest of the column.
pub(crate) static SE_PEER_ORDER: [[u8; 20]; 81] = {
    let mut t = [[0u8; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let [row, col, bx] = CELL_HOUSES[cell];
        let the_box = HOUSE_SETS[bx as usize];
        let mut k = 0;
        let mut part = 0;
        while part < 3 {
            let house = [bx, row, col][part] as usize;
            let mut i = 0;
            while i < 9 {
                let o = HOUSE_CELLS[house][i] as usize;
                if o != cell && (part == 0 || !the_box.contains(o)) {
                    t[cell][k] = o as u8;
                    k += 1;
                }
                i += 1;
            }
            part += 1;
        }
        cell += 1;
    }
    t
};

/// The cells of SE's region `r` at the positions `places` (bit = index in the region), in
/// the region's order.
#[inline]
pub(crate) fn cells_at(r: usize, places: u16) -> impl Iterator<Item = usize> {
    (0..9)
        .filter(move |i| places & (1 << i) != 0)
        .map(move |i| region(r)[i] as usize)
}

/// SE's region of type `base` (BOX, ROW or COL) holding cell `c`.
#[inline]
pub(crate) fn region_of(base: usize, c: usize) -> usize {
    SE_CELL_REGIONS[c][base / 9].0 as usize
}

/// SE's regions of a cell: its box, row and column.
#[inline]
pub(crate) fn regions_of(c: usize) -> [usize; 3] {
    SE_CELL_REGIONS[c].map(|(r, _)| r as usize)
}

/// The places of every digit in every region: `[region][digit - 1]`, bit = index in the
/// region.
pub(crate) type Pos = [[u16; 9]; 27];

/// Values and candidates.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Grid {
    /// 0 for an empty cell.
    pub v: [u8; 81],
    /// Candidates of empty cells (a digit mask).
    pub c: [u16; 81],
}

impl Grid {
    /// The position of a puzzle: candidates are the digits no peer holds.
    pub fn new(cells: &[u8; 81]) -> Grid {
        let mut g = Grid {
            v: [0; 81],
            c: [digits::ALL; 81],
        };
        for (i, &d) in cells.iter().enumerate() {
            if d != 0 {
                g.place(i, d);
            }
        }
        g
    }

    /// Sets a value and removes it from the candidates of its peers (SE's
    /// `setValueAndCancel`).
    pub fn place(&mut self, cell: usize, d: u8) {
        self.v[cell] = d;
        self.c[cell] = 0;
        for p in PEERS[cell] {
            self.c[p] &= !digits::bit(d);
        }
    }

    /// Removes candidates `mask` of `cell`, keeping `pos` (the grid's places) up to date.
    pub fn remove(&mut self, pos: &mut Pos, cell: usize, mask: u16) {
        let mut m = self.c[cell] & mask;
        self.c[cell] &= !mask;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            for &(r, at) in &SE_CELL_REGIONS[cell] {
                pos[r as usize][i] &= !(1 << at);
            }
        }
    }

    /// [`Grid::place`], keeping `pos` (the grid's places) up to date.
    pub fn place_tracked(&mut self, pos: &mut Pos, cell: usize, d: u8) {
        self.remove(pos, cell, digits::ALL);
        for p in PEERS[cell] {
            self.remove(pos, p, digits::bit(d));
        }
        self.v[cell] = d;
    }

    /// Whether every cell has a value.
    pub fn solved(&self) -> bool {
        self.v.iter().all(|&v| v != 0)
    }

    /// Positions (bits 0..9, index in the region) of digit `d` in region `r`.
    #[inline]
    pub fn pos(&self, r: usize, d: u8) -> u16 {
        let mut m = 0;
        for (i, &c) in region(r).iter().enumerate() {
            if self.has(c as usize, d) {
                m |= 1 << i;
            }
        }
        m
    }

    /// Positions of every digit in every region: `[region][digit - 1]`.
    pub fn all_pos(&self) -> Pos {
        let mut t = [[0u16; 9]; 27];
        for (r, row) in t.iter_mut().enumerate() {
            for (i, &c) in region(r).iter().enumerate() {
                let mut m = self.c[c as usize];
                while m != 0 {
                    row[m.trailing_zeros() as usize] |= 1 << i;
                    m &= m - 1;
                }
            }
        }
        t
    }

    /// Number of empty cells of a region.
    pub fn empty(&self, r: usize) -> u32 {
        region(r)
            .iter()
            .filter(|&&c| self.v[c as usize] == 0)
            .count() as u32
    }

    /// The candidates `mask` of `cells` that the grid has, as eliminations: `(cell, digits)`
    /// for each cell with some, in the order given.
    pub fn elims(&self, cells: impl Iterator<Item = usize>, mask: u16) -> Vec<(u8, u16)> {
        cells
            .filter(|&c| self.c[c] & mask != 0)
            .map(|c| (c as u8, self.c[c] & mask))
            .collect()
    }

    /// Whether a cell has candidate `d`.
    #[inline]
    pub fn has(&self, c: usize, d: u8) -> bool {
        self.c[c] & digits::bit(d) != 0
    }
}

/// Number of digits in a mask, or of places in a 9-bit mask of positions: looked up in
/// [`digits::count`]'s table (`count_ones` is a long sequence on the baseline x86-64,
/// which has no population count instruction, and the producers count in their inner
/// loops); a wider mask is counted.
#[inline]
pub(crate) fn n(m: u16) -> u32 {
    if m <= digits::ALL {
        digits::count(m) as u32
    } else {
        m.count_ones()
    }
}

/// The masks of `k` bits among the low `bits` bits, in increasing numeric order (SE's
/// `Permutations`).
pub(crate) fn combos(k: u32, bits: u32) -> impl Iterator<Item = u16> {
    static NINE: std::sync::OnceLock<Vec<Vec<u16>>> = std::sync::OnceLock::new();
    let nine = NINE.get_or_init(|| {
        (0..=9)
            .map(|k| (0u16..512).filter(|m| m.count_ones() == k).collect())
            .collect()
    });
    let (fast, slow): (&[u16], Option<std::ops::Range<u16>>) = if bits == 9 && k <= 9 {
        (&nine[k as usize], None)
    } else {
        (&[], Some(0..(1u16 << bits)))
    };
    fast.iter().copied().chain(
        slow.into_iter()
            .flatten()
            .filter(move |m| m.count_ones() == k),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::classic::{box_of, col_of, row_of, sees};

    #[test]
    fn counts_match_count_ones() {
        for m in 0..=u16::MAX {
            assert_eq!(n(m), m.count_ones(), "{m:#x}");
        }
    }

    #[test]
    fn se_regions_are_boxes_rows_columns_with_cells_in_se_order() {
        for i in 0..9 {
            for j in 0..9 {
                let in_box = (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3;
                assert_eq!(region(BOX + i)[j] as usize, in_box);
                assert_eq!(region(ROW + i)[j] as usize, 9 * i + j);
                assert_eq!(region(COL + i)[j] as usize, 9 * j + i);
            }
        }
        for c in 0..81 {
            assert_eq!(regions_of(c), [BOX + box_of(c), ROW + c / 9, COL + c % 9]);
            for (r, i) in SE_CELL_REGIONS[c] {
                assert_eq!(region(r as usize)[i as usize] as usize, c);
            }
        }
    }

    #[test]
    fn intersections_are_the_shared_cells() {
        for a in 0..27 {
            for b in 0..27 {
                let shared = region_set(a) & region_set(b);
                let from_inter: CellSet = (0..9)
                    .filter(|i| INTER[a][b] & 1 << i != 0)
                    .map(|i| region(a)[i] as usize)
                    .collect();
                assert_eq!(from_inter, shared, "regions {a} and {b}");
            }
        }
    }

    #[test]
    fn se_peer_order_is_box_then_row_then_column() {
        for c in 0..81 {
            let order = SE_PEER_ORDER[c];
            let set: CellSet = order.iter().map(|&o| o as usize).collect();
            assert_eq!(set, PEERS[c]);
            // The box first, row-major; then the row; then the column.
            assert!(order[..8].iter().all(|&o| box_of(o as usize) == box_of(c)));
            assert!(order[..8].windows(2).all(|w| w[0] < w[1]));
            assert!(
                order[8..14]
                    .iter()
                    .all(|&o| row_of(o as usize) == row_of(c))
            );
            assert!(order[14..].iter().all(|&o| col_of(o as usize) == col_of(c)));
            assert!(order.iter().all(|&o| sees(o as usize, c)));
        }
    }

    #[test]
    fn places_follow_placements_and_removals() {
        let mut cells = [0u8; 81];
        cells[0] = 5;
        cells[40] = 1;
        let mut g = Grid::new(&cells);
        assert!(!g.has(8, 5) && !g.has(72, 5) && !g.has(10, 5) && g.has(31, 5));
        let mut pos = g.all_pos();
        g.remove(&mut pos, 80, digits::bit(9));
        g.place_tracked(&mut pos, 30, 7);
        assert!(pos == g.all_pos());
        assert_eq!(g.pos(ROW + 8, 9), 0b0_1111_1111);
        assert_eq!(g.empty(BOX + 4), 7);
    }
}
