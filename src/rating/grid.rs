//! The position as Sudoku Explainer sees it: values and candidates, with SE's orders of
//! regions and cells (its search order decides which step it takes, so we keep it).
//!
//! Candidates are `u16` masks with bit `d` (1..=9) set when digit `d` is still possible;
//! bit 0 is never used. A filled cell has no candidates.

/// Region numbers: 0..9 boxes (row-major), 9..18 rows, 18..27 columns.
pub(crate) const BOX: usize = 0;
/// First row region.
pub(crate) const ROW: usize = 9;
/// First column region.
pub(crate) const COL: usize = 18;

/// The cells of each region, in SE's order (boxes row-major inside).
pub(crate) static REGION: [[u8; 9]; 27] = build_regions();

/// `INTER[a][b]`: the positions (bit = index in region `a`) of the cells regions `a` and
/// `b` share.
pub(crate) static INTER: [[u16; 27]; 27] = build_inter();

/// The places of every digit in every region: `[region][digit]`, bit = index in the region.
pub(crate) type Pos = [[u16; 10]; 27];

const fn build_inter() -> [[u16; 27]; 27] {
    let regions = build_regions();
    let mut t = [[0u16; 27]; 27];
    let mut a = 0;
    while a < 27 {
        let mut b = 0;
        while b < 27 {
            let mut i = 0;
            while i < 9 {
                let mut j = 0;
                while j < 9 {
                    if regions[a][i] == regions[b][j] {
                        t[a][b] |= 1 << i;
                    }
                    j += 1;
                }
                i += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
}

/// Each cell's box, row and column, with its index in each: `[(region, index); 3]`.
pub(crate) static HOUSES: [[(u8, u8); 3]; 81] = build_houses();

const fn build_houses() -> [[(u8, u8); 3]; 81] {
    let mut t = [[(0u8, 0u8); 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (row, col) = (c / 9, c % 9);
        t[c] = [
            ((BOX + box_of(c)) as u8, ((row % 3) * 3 + col % 3) as u8),
            ((ROW + row) as u8, col as u8),
            ((COL + col) as u8, row as u8),
        ];
        c += 1;
    }
    t
}

/// The 20 peers of each cell, in increasing order.
pub(crate) static PEERS: [[u8; 20]; 81] = build_peers();

const fn build_regions() -> [[u8; 9]; 27] {
    let mut r = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            r[BOX + i][j] = (((i / 3) * 3 + j / 3) * 9 + (i % 3) * 3 + j % 3) as u8;
            r[ROW + i][j] = (i * 9 + j) as u8;
            r[COL + i][j] = (j * 9 + i) as u8;
            j += 1;
        }
        i += 1;
    }
    r
}

const fn build_peers() -> [[u8; 20]; 81] {
    let mut p = [[0u8; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let mut n = 0;
        let mut o = 0;
        while o < 81 {
            if o != c && (o / 9 == c / 9 || o % 9 == c % 9 || box_of(o) == box_of(c)) {
                p[c][n] = o as u8;
                n += 1;
            }
            o += 1;
        }
        c += 1;
    }
    p
}

/// The box of a cell.
pub(crate) const fn box_of(c: usize) -> usize {
    (c / 27) * 3 + (c % 9) / 3
}

/// The region of type `base` (BOX, ROW or COL) holding cell `c`.
pub(crate) const fn region_of(base: usize, c: usize) -> usize {
    match base {
        BOX => BOX + box_of(c),
        ROW => ROW + c / 9,
        _ => COL + c % 9,
    }
}

/// Whether two cells share a house.
pub(crate) fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || box_of(a) == box_of(b))
}

/// Whether a cell lies in a region.
pub(crate) fn in_region(r: usize, c: usize) -> bool {
    match r {
        0..9 => box_of(c) == r,
        9..18 => c / 9 == r - ROW,
        _ => c % 9 == r - COL,
    }
}

/// Values and candidates.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Grid {
    /// 0 for an empty cell.
    pub v: [u8; 81],
    /// Candidates of empty cells (bit d for digit d).
    pub c: [u16; 81],
}

impl Grid {
    /// The position of a puzzle: candidates are the digits no peer holds.
    pub fn new(cells: &[u8; 81]) -> Grid {
        let mut g = Grid {
            v: [0; 81],
            c: [0x3fe; 81],
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
        for &p in &PEERS[cell] {
            self.c[p as usize] &= !(1 << d);
        }
    }

    /// Removes candidates `mask` of `cell`, keeping `pos` (the grid's places) up to date.
    pub fn remove(&mut self, pos: &mut Pos, cell: usize, mask: u16) {
        let mut m = self.c[cell] & mask;
        self.c[cell] &= !mask;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            for &(r, i) in &HOUSES[cell] {
                pos[r as usize][d] &= !(1 << i);
            }
        }
    }

    /// [`Grid::place`], keeping `pos` (the grid's places) up to date.
    pub fn place_tracked(&mut self, pos: &mut Pos, cell: usize, d: u8) {
        self.remove(pos, cell, 0x3fe);
        for &p in &PEERS[cell] {
            self.remove(pos, p as usize, 1 << d);
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
        for (i, &c) in REGION[r].iter().enumerate() {
            if self.c[c as usize] & (1 << d) != 0 {
                m |= 1 << i;
            }
        }
        m
    }

    /// Positions of every digit in every region: `[region][digit]`.
    pub fn all_pos(&self) -> Pos {
        let mut t = [[0u16; 10]; 27];
        for (r, cells) in REGION.iter().enumerate() {
            for (i, &c) in cells.iter().enumerate() {
                let mut m = self.c[c as usize];
                while m != 0 {
                    let d = m.trailing_zeros() as usize;
                    m &= m - 1;
                    t[r][d] |= 1 << i;
                }
            }
        }
        t
    }

    /// Number of empty cells of a region.
    pub fn empty(&self, r: usize) -> u32 {
        REGION[r]
            .iter()
            .filter(|&&c| self.v[c as usize] == 0)
            .count() as u32
    }

    /// Whether a cell has candidate `d`.
    #[inline]
    pub fn has(&self, c: usize, d: u8) -> bool {
        self.c[c] & (1 << d) != 0
    }
}

/// Number of candidates in a mask.
#[inline]
pub(crate) fn n(m: u16) -> u32 {
    m.count_ones()
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

/// Digits of a mask, increasing.
pub(crate) fn digits(m: u16) -> impl Iterator<Item = u8> {
    (1u8..=9).filter(move |&d| m & (1 << d) != 0)
}
