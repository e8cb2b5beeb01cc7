//! The classic 9×9 grid's tables, built at compile time: the fast path every 9×9 part of the
//! library looks things up in. [`Geometry::classic`](super::Geometry::classic) is the same
//! grid as a value of the general type; a test checks the two agree.
//!
//! Cells are numbered 0..81 in row-major order: cell `i` is in row `i / 9`, column `i % 9` and
//! box `(i / 27) * 3 + (i % 9) / 3`. Houses are numbered 0..27: rows 0..9, columns 9..18,
//! boxes 18..27 (boxes numbered left to right, top to bottom). In messages rows, columns and
//! boxes are numbered from 1, as people count them.

use super::HouseKind;
use super::cellset::CellSet;

/// Number of cells.
pub const CELLS: usize = 81;

/// Number of houses.
pub const HOUSES: usize = 27;

/// The six orders of three things (the bands, the stacks, the rows of a band, the columns of
/// a stack), in lexicographic order.
pub const ORDERS_OF_THREE: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// Row (0..9) of a cell.
#[inline]
pub const fn row_of(cell: usize) -> usize {
    cell / 9
}

/// Column (0..9) of a cell.
#[inline]
pub const fn col_of(cell: usize) -> usize {
    cell % 9
}

/// Box (0..9) of a cell.
#[inline]
pub const fn box_of(cell: usize) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}

/// A cell's name in the usual notation: `r4c7`.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", row_of(cell) + 1, col_of(cell) + 1)
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
    format!("{}{}", house_kind(house).letter(), house % 9 + 1)
}

/// A house's long name: `row 3`, `column 5`, `box 9`.
pub fn house_long_name(house: usize) -> String {
    format!("{} {}", house_kind(house), house % 9 + 1)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::digits;

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
