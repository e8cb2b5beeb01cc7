//! The search state (per band and digit, the cells that may still hold the digit) and
//! its propagation, branching choice and solved grid.

use super::fast::{Bmi2, Build, Portable};
use super::leaf::Leaf;
use super::tables::*;
use super::{BAND, Unsolvable};
use crate::board::{Board, CELLS};
use crate::geometry::classic::HOUSE_BITS;

/// The search state: for each digit, the cells that may still hold it.
///
/// The grid is cut into three bands of three rows. For band `b` and digit `d` (0-based),
/// `cand[b][d]` has 27 bits, one per cell of the band, row by row:
///
/// ```text
///            column:  0  1  2 | 3  4  5 | 6  7  8
///   row 3b     bits:  0  1  2 | 3  4  5 | 6  7  8     mini-row (row r, box k of the band):
///   row 3b+1   bits:  9 10 11 |12 13 14 |15 16 17       bits 9r+3k .. 9r+3k+2
///   row 3b+2   bits: 18 19 20 |21 22 23 |24 25 26
///                     box 3b  | box 3b+1| box 3b+2
/// ```
///
/// A band's rows fold onto one 9-bit set of columns with `a | a >> 9 | a >> 18`, and a set of
/// columns spreads back with a multiplication by `0x40201`. Rows and boxes of a band are
/// handled inside one word; columns link the three words of a digit.
///
/// The nine digits of a band sit side by side (`cand[b]`, padded to 12 lanes), so that a
/// solved cell leaves all other digits of its band in a few vector operations
/// ([`clear_lanes`]).
///
/// - `unsolved[b]`: the cells of band `b` whose digit is not fixed yet.
/// - `dirty`: bit `d` when digit `d` changed since it was last propagated.
///
/// The whole state is 160 bytes (ten 16-byte vectors, no padding) of `Copy` data, copied on
/// every guess but the last of a node.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
pub(super) struct State {
    pub(super) cand: [[u32; LANES]; 3],
    pub(super) unsolved: [u32; 3],
    pub(super) dirty: u32,
}

/// The size of [`State`] in 16-byte vectors.
const STATE_VECTORS: usize = 10;
const _: () = assert!(size_of::<State>() == 16 * STATE_VECTORS);

impl State {
    /// The state for `board`, givens placed but not yet propagated; `Err` when two givens
    /// clash.
    pub(super) fn new(board: &Board) -> Result<State, Unsolvable> {
        let cells = board.cells();
        // The filled cells (found sixteen at a time), then per band.
        let filled_all = board.filled_mask();
        let filled = [0, 1, 2].map(|b| (filled_all >> (27 * b)) as u32 & BAND);
        // Every digit may go on every empty cell; each given then takes its digit from its
        // peers and keeps its own cell.
        let open = filled.map(|f| BAND & !f);
        let mut cand = open.map(|o| {
            let mut band = [o; LANES];
            band[9..].fill(0);
            band
        });
        // Per digit: the rows, columns and boxes holding it (see `HOUSE_BITS`), to find clashes.
        let mut units = [0u32; 9];
        for (b, &f) in filled.iter().enumerate() {
            let mut rest = f;
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let cell = 27 * b + p;
                let d = usize::from(cells[cell] - 1);
                let bits = HOUSE_BITS[cell];
                if units[d] & bits != 0 {
                    return Err(Unsolvable);
                }
                units[d] |= bits;
                let col = !columns(1 << (p % 9));
                for band in cand.iter_mut() {
                    band[d] &= col;
                }
                cand[b][d] = (cand[b][d] & !PEERS[p]) | 1 << p;
            }
        }
        Ok(State {
            cand,
            unsolved: open,
            dirty: 0x1FF,
        })
    }

    /// A copy of the state in `out`, for a branch of the search; returns it.
    ///
    /// Ten vector loads and stores straight into the child's slot: a plain copy of the whole
    /// 160 bytes compiles to a call to `memcpy`, and returning the copy by value stores it
    /// twice, both measurably slower on the search's hot path.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(super) fn branch<'a>(&self, out: &'a mut std::mem::MaybeUninit<State>) -> &'a mut State {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is always available on x86-64. `State` is 16-byte aligned, 10 vectors
        // long and has no padding (every byte belongs to an initialised `u32` field), so the
        // aligned loads read initialised memory of `self` and the aligned stores fill all of
        // `out`, which is then a valid `State` (any bit pattern is).
        unsafe {
            let src = (self as *const State).cast::<__m128i>();
            let dst = out.as_mut_ptr().cast::<__m128i>();
            for i in 0..STATE_VECTORS {
                // Volatile, or the compiler turns the loop back into a `memcpy` call.
                dst.add(i).write_volatile(_mm_load_si128(src.add(i)));
            }
            out.assume_init_mut()
        }
    }

    /// A copy of the state in `out`, for a branch of the search; returns it.
    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    pub(super) fn branch<'a>(&self, out: &'a mut std::mem::MaybeUninit<State>) -> &'a mut State {
        out.write(*self)
    }

    /// Removes `cells` from band `b` of every digit but `keep`, marking what changed.
    #[inline(always)]
    pub(super) fn clear_others(&mut self, keep: usize, b: usize, cells: u32) {
        let band = &mut self.cand[b];
        let changed = clear_lanes(band, cells);
        band[keep] |= cells;
        self.dirty |= changed & !(1 << keep) & 0x1FF;
    }

    /// Puts digit `d` on cell `p` of band `b`: the cell loses its other digits and its row,
    /// box and column peers lose `d`.
    #[inline(always)]
    pub(super) fn assign(&mut self, d: usize, b: usize, p: usize) {
        let bit = 1u32 << p;
        self.clear_others(d, b, bit);
        let col = !columns(1 << (p % 9));
        for band in self.cand.iter_mut() {
            band[d] &= col;
        }
        self.cand[b][d] = (self.cand[b][d] & !PEERS[p]) | bit;
        self.dirty |= 1 << d;
    }

    /// Digit `d`'s candidates in the three bands.
    #[inline(always)]
    pub(super) fn digit(&self, d: usize) -> [u32; 3] {
        [self.cand[0][d], self.cand[1][d], self.cand[2][d]]
    }

    /// The number of unsolved cells.
    #[inline(always)]
    pub(super) fn unsolved_count(&self) -> u32 {
        self.unsolved[0].count_ones()
            + self.unsolved[1].count_ones()
            + self.unsolved[2].count_ones()
    }

    /// True when every cell is fixed (only meaningful after a successful [`State::propagate`]).
    #[inline(always)]
    pub(super) fn is_solved(&self) -> bool {
        (self.unsolved[0] | self.unsolved[1] | self.unsolved[2]) == 0
    }

    /// Propagates a change to digit `d`. The hottest function of the solver (about 3/4 of
    /// the time on hard puzzles), so it is branch-light:
    ///
    /// 1. box–row interaction in all three bands ([`band_rows`]; redoing an unchanged band
    ///    costs less than a mispredicted branch);
    /// 2. box–column interaction in each stack: each column needs the digit in one band and
    ///    each box once, the same 3×3 permutation shape as in a band, looked up in
    ///    [`SUPPORT`] with the band's columns moved to stacks by [`STACKED`] (and back by
    ///    [`unstack`]); always run, since checking first whether the columns changed is a
    ///    branch mispredicted about a third of the time, and [`SUPPORT`] also finds an empty
    ///    band (a stack without the band has no permutation); repeated with step 1 until
    ///    nothing changes;
    /// 3. a row with one cell left fixes the digit there: the cell leaves the other digits,
    ///    which become dirty if they had it.
    ///
    /// The test that ends the loop of steps 1 and 2 is data-dependent, but most updates end
    /// after one pass: always making a second pass before the first test, to spare a
    /// mispredicted exit, was 13-18% slower on serg, magictour and forum_hardest.
    #[inline(always)]
    pub(super) fn update_digit<const BMI2: bool>(&mut self, d: usize) -> Result<(), Unsolvable> {
        let mut a = self.digit(d);
        loop {
            // All three bands, changed or not: cheaper than a hard-to-predict branch.
            a = [
                band_rows::<BMI2>(a[0]),
                band_rows::<BMI2>(a[1]),
                band_rows::<BMI2>(a[2]),
            ];
            let t = stacked::<BMI2>(a[0], 0) | stacked::<BMI2>(a[1], 1) | stacked::<BMI2>(a[2], 2);
            let k = [
                u32::from(SUPPORT[(t & 0x1FF) as usize]),
                u32::from(SUPPORT[((t >> 9) & 0x1FF) as usize]),
                u32::from(SUPPORT[(t >> 18) as usize]),
            ];
            if (k[0] == 0) | (k[1] == 0) | (k[2] == 0) {
                return Err(Unsolvable);
            }
            let keep = k[0] | k[1] << 9 | k[2] << 18;
            if keep == t {
                break;
            }
            for (i, x) in a.iter_mut().enumerate() {
                *x &= unstack_band::<BMI2>(keep, i);
            }
        }
        // Rows where one cell is left: that cell holds the digit. `singles` needs every row of
        // each band to have a cell, which the loop above ensures (or it returned `Err`).
        // (Written out rather than with `array::map`, which is not always inlined.)
        let cells = [
            singles(a[0]) & self.unsolved[0],
            singles(a[1]) & self.unsolved[1],
            singles(a[2]) & self.unsolved[2],
        ];
        // Every band once some band has such a cell: whether a band has one is a branch
        // mispredicted often, and clearing no cells changes nothing. 3-5% faster on
        // forum_hardest_1106, magictour_top1465 and 17_clue than testing each band; doing
        // all three bands always, even when none has such a cell, was slower.
        if (cells[0] | cells[1] | cells[2]) != 0 {
            for (i, &c) in cells.iter().enumerate() {
                self.unsolved[i] &= !c;
                self.clear_others(d, i, c);
            }
        }
        // Stored last: `clear_others` reads whole vectors of lanes, which a fresh narrow
        // store to one of them would stall (no store-to-load forwarding), and its result for
        // lane `d` is overwritten here anyway (`a` has the cells it fixed).
        for (band, &x) in self.cand.iter_mut().zip(&a) {
            band[d] = x;
        }
        Ok(())
    }

    /// Runs the deductions to a fixed point: changed digits first ([`State::update_digit`]), then
    /// naked singles (cells with one digit left), until nothing changes. Returns the cells
    /// with two digits left, per band, for [`State::choose`].
    ///
    /// What was tried here and dropped (triads, subsets, an SSE2 count), with its figures:
    /// docs/experiments.md.
    pub(super) fn propagate(&mut self) -> Result<[u32; 3], Unsolvable> {
        self.propagate_in::<false>()
    }

    /// [`State::propagate`] compiled for CPUs with `popcnt`, `bmi1` and `bmi2`: the mini-rows
    /// of [`band_rows`] and the stack layout of [`stacked`] and [`unstack_band`] with
    /// `pext`/`pdep` instead of tables. A function of its own like [`State::propagate`]:
    /// inlining it into the search is slower.
    ///
    /// # Safety
    ///
    /// The CPU must support `popcnt`, `bmi1` and `bmi2`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    #[inline(never)]
    pub(super) unsafe fn propagate_fast(&mut self, _cpu: Bmi2) -> Result<[u32; 3], Unsolvable> {
        self.propagate_in::<true>()
    }

    /// True when some unsolved cell has no digit left.
    #[inline(always)]
    pub(super) fn has_empty_cell(&self) -> bool {
        let mut empty = 0;
        for (b, band) in self.cand.iter().enumerate() {
            let mut ones = 0;
            for &c in &band[..9] {
                ones |= c;
            }
            empty |= self.unsolved[b] & !ones;
        }
        empty != 0
    }

    /// [`State::propagate`]; with `BMI2` it may use BMI2 instructions.
    #[inline(always)]
    pub(super) fn propagate_in<const BMI2: bool>(&mut self) -> Result<[u32; 3], Unsolvable> {
        loop {
            // The dirty digits in rounds, in a set fixed at the start of each round: the next
            // digit is then known without waiting for the previous update to finish (which
            // only the cells it fixes can make dirty), so the processor can start it early;
            // 3-5% faster than always taking the lowest dirty digit. A digit made dirty again
            // before its turn in the round is updated once, at its turn.
            while self.dirty != 0 {
                let mut todo = self.dirty;
                self.dirty = 0;
                while todo != 0 {
                    let d = todo.trailing_zeros() as usize;
                    todo &= todo - 1;
                    self.dirty &= !(1 << d);
                    self.update_digit::<BMI2>(d)?;
                }
                // A cell left without a digit ends the branch now rather than after the
                // rounds still to come: most branches of a hard search fail. This check
                // made forum_hardest_1106 about 2% faster (magictour_top1465 1-2%, the
                // others unchanged); running the whole naked-single scan below after each
                // round instead was 7% slower.
                if self.dirty != 0 && self.has_empty_cell() {
                    return Err(Unsolvable);
                }
            }
            // Naked singles, and cells without any digit; two-digit cells for `choose`.
            let mut pairs = [0; 3];
            for (b, pair) in pairs.iter_mut().enumerate() {
                let u = self.unsolved[b];
                if u == 0 {
                    continue;
                }
                let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
                for &c in &self.cand[b][..9] {
                    threes |= twos & c;
                    twos |= ones & c;
                    ones |= c;
                }
                *pair = u & twos & !threes;
                if u & !ones != 0 {
                    return Err(Unsolvable);
                }
                let mut singles = u & !twos;
                while singles != 0 {
                    let p = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let bit = 1 << p;
                    // The cell's one digit, none if an earlier single of the loop took it.
                    let lanes = lanes_with(&self.cand[b], bit);
                    if lanes == 0 {
                        return Err(Unsolvable);
                    }
                    self.assign(lanes.trailing_zeros() as usize, b, p);
                }
            }
            if self.dirty == 0 {
                return Ok(pairs);
            }
        }
    }

    /// [`State::propagate`] for the root of a search: as [`State::propagate_fast`] when given
    /// the fast build's token. On easy puzzles this first propagation is most of the work.
    pub(super) fn propagate_root(&mut self, cpu: Option<Bmi2>) -> Result<[u32; 3], Unsolvable> {
        match cpu {
            Some(cpu) => self.propagate_for(cpu),
            None => self.propagate_for(Portable),
        }
    }

    /// [`State::propagate`], as [`State::propagate_fast`] in the [`Bmi2`] build.
    #[inline(always)]
    pub(super) fn propagate_for<B: Build>(&mut self, build: B) -> Result<[u32; 3], Unsolvable> {
        #[cfg(target_arch = "x86_64")]
        if let Some(cpu) = build.bmi2() {
            // SAFETY: a `Bmi2` token exists only where `Bmi2::detect` found that the CPU has
            // `popcnt`, `bmi1` and `bmi2`.
            return unsafe { self.propagate_fast(cpu) };
        }
        self.propagate()
    }

    /// The cell to branch on, as (band, position, digits).
    ///
    /// A cell with two digits if there is one (then one branch or the other is right, and
    /// both are cheap to try): the one that sees the most unsolved cells, counting twice those
    /// that see it through a row, column or box and once more those that are also two-digit
    /// cells, so that each branch propagates far. Without a two-digit cell, a cell with the
    /// fewest digits.
    ///
    /// Other scores and choices tried and dropped (tdoku's, probing), with their figures:
    /// docs/experiments.md.
    #[inline(always)]
    pub(super) fn choose(&self, pairs: [u32; 3]) -> (usize, usize, u32) {
        let mut best = (0, 0, 0u32);
        let left = self.unsolved[0].count_ones()
            + self.unsolved[1].count_ones()
            + self.unsolved[2].count_ones();
        let mut budget = if left < 25 { 1 } else { 10 };
        for b in 0..3 {
            let (b1, b2) = OTHER_BANDS[b];
            let mut x = pairs[b];
            while x != 0 && budget > 0 {
                budget -= 1;
                let p = x.trailing_zeros() as usize;
                x &= x - 1;
                let col = columns(1 << (p % 9));
                // Peers in the band (bits 0..27) and in the column of the other bands (bits
                // 32.. and 33..: a column's bits are 9 apart), to count them in one go.
                let peers = |m: &[u32; 3]| {
                    u64::from(m[b] & PEERS[p]) | u64::from(m[b1] & col | (m[b2] & col) << 1) << 32
                };
                let score = 2 * peers(&self.unsolved).count_ones() + peers(&pairs).count_ones() + 1;
                if score > best.2 {
                    best = (b, p, score);
                }
            }
        }
        if best.2 == 0 {
            let mut fewest = 10;
            for b in 0..3 {
                let mut rest = self.unsolved[b];
                while rest != 0 {
                    let p = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let n = self.digits(b, p).count_ones();
                    if n < fewest {
                        fewest = n;
                        best = (b, p, n);
                    }
                }
            }
        }
        (best.0, best.1, self.digits(best.0, best.1))
    }

    /// The digits (bit `d` for digit `d + 1`) still possible on cell `p` of band `b`.
    #[inline(always)]
    pub(super) fn digits(&self, b: usize, p: usize) -> u32 {
        lanes_with(&self.cand[b], 1 << p)
    }

    /// The digit (1..=9) fixed on `cell`, 0 if none.
    pub(super) fn digit_at(&self, cell: usize) -> u8 {
        let (b, p) = (cell / 27, cell % 27);
        if self.unsolved[b] & (1 << p) != 0 {
            return 0;
        }
        let m = self.digits(b, p);
        if m.count_ones() == 1 {
            m.trailing_zeros() as u8 + 1
        } else {
            0
        }
    }

    /// The cells fixed so far, the others blank.
    pub(super) fn fixed_cells(&self) -> Board {
        Board::from_valid_cells(std::array::from_fn(|cell| self.digit_at(cell)))
    }

    /// The grid of a solved state, eight cells at a time; with `leaf`, the state's unsolved
    /// cells take the leaf search's digits.
    pub(super) fn board(&self, leaf: Option<&Leaf>) -> Board {
        // Room for the last band's fourth 8-byte store (bytes 78..86).
        let mut cells = [0u8; CELLS + 7];
        for (b, band) in self.cand.iter().enumerate() {
            // Bit planes of the band: `planes[k]` has the cells whose digit (1..=9) has bit
            // `k` set. In a solved state each cell is in exactly one digit's word.
            let mut planes = [0u32; 4];
            for (d, &x) in band[..9].iter().enumerate() {
                let value = d + 1;
                for (k, plane) in planes.iter_mut().enumerate() {
                    if value >> k & 1 != 0 {
                        *plane |= x;
                    }
                }
            }
            // Cells 8i..8i+8 of the band, one byte each; the last group has 3 cells and
            // 5 zero bytes, which the next band overwrites.
            for i in 0..4 {
                let mut bytes = 0u64;
                for (k, &plane) in planes.iter().enumerate() {
                    bytes |= SPREAD[((plane >> (8 * i)) & 0xFF) as usize] << k;
                }
                let at = 27 * b + 8 * i;
                cells[at..at + 8].copy_from_slice(&bytes.to_le_bytes());
            }
        }
        // Cells still unsolved hold a mix of their candidates' bits: the leaf search's
        // digits replace them.
        if let Some(leaf) = leaf {
            for (&cell, &d) in leaf.cell[..leaf.len].iter().zip(&leaf.digit) {
                cells[usize::from(cell)] = d + 1;
            }
        }
        let mut out = [0u8; CELLS];
        out.copy_from_slice(&cells[..CELLS]);
        Board::from_valid_cells(out)
    }
}
