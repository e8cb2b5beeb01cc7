//! The depth-first search every solving, counting and checking task is built on.
//!
//! # Design
//!
//! - **Layout**: per digit and per band of three rows, one 27-bit word of the cells that may
//!   still hold the digit (see `State`), after the JCZSolve family of solvers. Rows and boxes
//!   of a band are handled inside one word with a few table lookups; columns link a digit's
//!   three words.
//! - **Propagation** (`State::propagate`) to a fixed point of: box–row interaction in each
//!   band and box–column interaction in each stack (locked candidates both ways, which
//!   include hidden singles in boxes and columns), hidden singles in rows, and naked singles.
//! - **Branching** (`State::choose`): on a cell with two digits left, the one with the most
//!   unsolved peers (two-digit peers counting extra), so that each branch propagates far;
//!   this halves the guesses on hard puzzles compared to taking the first such cell.
//! - **Leaves** (`Searcher::leaf`): a state with at most 24 unsolved cells is finished by a
//!   plain search over those cells (candidates per cell, which cells see which, naked
//!   singles in a chain), far cheaper per node than the bitboards there. Counting spends
//!   most of its time near the leaves: 40% fewer instructions on a count of a million.
//! - **Backtracking** by copy: the state is 160 bytes of `Copy` data, copied before each guess
//!   but the last of a node, which reuses the node's own state.
//! - A solution is reported as a [`Solution`] borrowing the state: counting does not build
//!   boards.
//! - **Two builds** of the search: a portable one, and one for x86-64 CPUs with fast BMI2
//!   (`pext`/`pdep` in place of some table lookups), picked at run time (`fast_cpu`). Both
//!   make the same choices; tests run both.
//! - [`split`] cuts a search into sub-puzzles for several threads to share.

use std::ops::ControlFlow;

use crate::board::{Board, CELLS, UNIT_BITS, box_of, col_of, row_of};

/// Called on every placement and every undo of the search (the classic observer), e.g. for
/// `--trace`.
///
/// `depth` is the number of guesses currently on the stack (0 = before any guess), `cell` is
/// 0..81 in row-major order and `digit` is 1..=9. Events come in this order:
///
/// 1. depth 0: the givens and what propagation fixes before the first guess, in cell order,
///    as forced placements; they are never taken back;
/// 2. for each guess: the guess (`guess == true`, `depth` counting it); if propagation after
///    it finds no contradiction, the cells it fixed, in cell order, as forced placements at
///    the same depth; then the branch below; then the undos of those forced placements in
///    reverse order, and last the undo of the guess.
///
/// So every undo matches the latest placement not yet undone, also when the search is
/// stopped or interrupted.
pub trait Observer {
    /// False for the no-op observer: the search then compiles every call away.
    const ENABLED: bool = true;
    /// A digit placed: `guess` is true for a branching guess, false for a forced placement
    /// (a given, a single, or another consequence of propagation).
    fn place(&mut self, depth: usize, cell: usize, digit: u8, guess: bool);
    /// A placement taken back when its branch is done or has failed.
    fn undo(&mut self, depth: usize, cell: usize, digit: u8);
}

/// The observer that does nothing and costs nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoObserver;

impl Observer for NoObserver {
    const ENABLED: bool = false;
    #[inline(always)]
    fn place(&mut self, _depth: usize, _cell: usize, _digit: u8, _guess: bool) {}
    #[inline(always)]
    fn undo(&mut self, _depth: usize, _cell: usize, _digit: u8) {}
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchEnd {
    /// The whole search tree was explored.
    Exhausted,
    /// The on-solution callback returned [`ControlFlow::Break`].
    Stopped,
    /// The stop poll returned true.
    Interrupted,
}

/// Counters kept by the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchStats {
    /// Branching guesses tried.
    pub guesses: u64,
}

/// How a search ended, and what it cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchReport {
    /// Why the search ended.
    pub end: SearchEnd,
    /// Counters.
    pub stats: SearchStats,
}

/// How often, in guesses, the stop poll is called (a power of two). It is also called before
/// the first guess, so a stop that is already due (`--timeout 0`) leaves only what the
/// propagation of the givens finds. A guess costs well under a microsecond, so a deadline
/// is seen within a fraction of a millisecond; a poll (two atomic loads and, with a
/// deadline, a clock read) every 256 guesses costs nothing measurable.
const POLL_EVERY: u64 = 256;

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// A contradiction found by propagation: the position has no solution.
#[derive(Debug, Clone, Copy)]
struct Unsolvable;

// ---------------------------------------------------------------------------------------------
// Lookup tables, generated at compile time.
// ---------------------------------------------------------------------------------------------

/// The six ways to place a digit once in each row and once in each box of a band, as 9-bit
/// masks over its mini-rows (bit `3 * row + box`, see [`State`]). The same shapes describe a
/// stack: bit `3 * band + column`.
const PERMUTATIONS: [u16; 6] = {
    let p = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = [0u16; 6];
    let mut i = 0;
    while i < 6 {
        out[i] = (1 << p[i][0]) | (1 << (3 + p[i][1])) | (1 << (6 + p[i][2]));
        i += 1;
    }
    out
};

/// `SUPPORT[m]`: the mini-rows of `m` that lie on some permutation contained in `m`, i.e. what
/// survives of a digit's mini-rows once every row and every box of the band needs it exactly
/// once. 0 means the digit cannot be placed: a contradiction.
static SUPPORT: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut i = 0;
        while i < 6 {
            let p = PERMUTATIONS[i];
            if m as u16 & p == p {
                t[m] |= p;
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// `MINI_ROWS[row]`: for the 9 bits of one row, which of its three mini-rows (3 bits each) are
/// not empty.
static MINI_ROWS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] =
            ((x & 7 != 0) as u8) | (((x & 0o70 != 0) as u8) << 1) | (((x & 0o700 != 0) as u8) << 2);
        x += 1;
    }
    t
};

/// `EXPAND[m]`: the 27 cells of the mini-rows set in `m`.
static EXPAND: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        while k < 9 {
            if m & (1 << k) != 0 {
                t[m] |= 7 << (9 * (k / 3) + 3 * (k % 3));
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// `SHRINK[m]`: the 27 cells of the mini-rows in `SUPPORT[m]`, i.e. [`SUPPORT`] then
/// [`EXPAND`] in one lookup, for [`band_rows`].
static SHRINK: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = EXPAND[SUPPORT[m] as usize];
        m += 1;
    }
    t
};

/// `PEERS[p]`: the cells of a band that share a row or a box with cell `p`, `p` excluded.
static PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let mut q = 0;
        while q < 27 {
            if q != p && (q / 9 == p / 9 || (q % 9) / 3 == (p % 9) / 3) {
                t[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    t
};

/// `SINGLE[row]`: the 9 bits of a row when exactly one is set, else 0.
static SINGLE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut k = 0;
    while k < 9 {
        t[1 << k] = 1 << k;
        k += 1;
    }
    t
};

/// `CELL_UNITS[cell]`: the row, column and box of a cell (0..9 each).
static CELL_UNITS: [[u8; 3]; CELLS] = {
    let mut t = [[0u8; 3]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        t[cell] = [row_of(cell) as u8, col_of(cell) as u8, box_of(cell) as u8];
        cell += 1;
    }
    t
};

/// `SPREAD[x]`: the 8 bits of `x` moved to the low bits of 8 bytes (bit `i` to bit `8 * i`),
/// to write eight cells of a solved grid at once ([`State::board`]).
static SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut x = 0;
    while x < 256 {
        let mut i = 0;
        while i < 8 {
            t[x] |= ((x as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        x += 1;
    }
    t
};

/// Removes `cells` from every lane of `band`; returns the lanes that had some of them.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn clear_lanes(band: &mut [u32; LANES], cells: u32) -> u32 {
    use std::arch::x86_64::*;
    // SSE2 is part of the x86-64 baseline, so this needs no runtime detection.
    // SAFETY: SSE2 is always available on x86-64, and the three unaligned 16-byte loads and
    // stores cover exactly the 12 lanes (48 bytes) of `band`, which we borrow mutably.
    unsafe {
        let c = _mm_set1_epi32(cells as i32);
        let p = band.as_mut_ptr().cast::<__m128i>();
        let mut miss = [_mm_setzero_si128(); 3];
        for (i, m) in miss.iter_mut().enumerate() {
            let v = _mm_loadu_si128(p.add(i));
            *m = _mm_cmpeq_epi32(_mm_and_si128(v, c), _mm_setzero_si128());
            _mm_storeu_si128(p.add(i), _mm_andnot_si128(c, v));
        }
        lane_bits(miss) ^ 0xFFF
    }
}

/// The 12 lanes of three comparison results (each lane all ones or all zeros), as bits
/// `0..12`: packed to bytes (saturating packs keep 0 and -1) for one `movemask`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn lane_bits(m: [std::arch::x86_64::__m128i; 3]) -> u32 {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is always available on x86-64; these are register-only operations.
    unsafe {
        let lo = _mm_packs_epi32(m[0], m[1]); // lanes 0..8 as 16-bit
        let hi = _mm_packs_epi32(m[2], _mm_setzero_si128()); // lanes 8..12, then 0
        _mm_movemask_epi8(_mm_packs_epi16(lo, hi)) as u32
    }
}

/// The lanes of `band` that have some of `cells`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn lanes_with(band: &[u32; LANES], cells: u32) -> u32 {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is always available on x86-64, and the three unaligned 16-byte loads
    // cover exactly the 12 lanes (48 bytes) of `band`.
    unsafe {
        let c = _mm_set1_epi32(cells as i32);
        let p = band.as_ptr().cast::<__m128i>();
        let mut miss = [_mm_setzero_si128(); 3];
        for (i, m) in miss.iter_mut().enumerate() {
            let v = _mm_loadu_si128(p.add(i));
            *m = _mm_cmpeq_epi32(_mm_and_si128(v, c), _mm_setzero_si128());
        }
        lane_bits(miss) ^ 0xFFF
    }
}

/// The lanes of `band` that have some of `cells`.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn lanes_with(band: &[u32; LANES], cells: u32) -> u32 {
    let mut hit = 0;
    for (e, &c) in band.iter().enumerate() {
        hit |= u32::from(c & cells != 0) << e;
    }
    hit
}

/// Removes `cells` from every lane of `band`; returns the lanes that had some of them.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn clear_lanes(band: &mut [u32; LANES], cells: u32) -> u32 {
    let mut hit = 0;
    for (e, c) in band.iter_mut().enumerate() {
        hit |= u32::from(*c & cells != 0) << e;
        *c &= !cells;
    }
    hit
}

/// Digits per band in [`State::cand`]: 9, padded with empty entries for whole vectors.
const LANES: usize = 12;

/// The two other bands of each band.
static OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// Spreads a 9-bit set of columns over the three rows of a band.
#[inline(always)]
const fn columns(cols: u32) -> u32 {
    cols * 0x40201
}

/// Folds a band's three rows onto one: the columns where a bit is set.
#[inline(always)]
const fn fold(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 0x1FF
}

/// Box–row interaction inside one band for one digit: keeps only the cells on mini-rows that
/// can still be part of a placement with the digit once per row and once per box. Returns 0 on
/// a contradiction.
///
/// With `BMI2` (only in code compiled for CPUs with it) the mini-rows are found with one
/// `pext`: `a | a >> 1 | a >> 2` has, at the first bit `3k` of mini-row `k`, whether the
/// mini-row has a cell, and `pext` with the mask of those first bits packs them to bit `k`.
#[inline(always)]
fn band_rows<const BMI2: bool>(a: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: `BMI2` is true only in `State::propagate_fast`, which runs only after
        // `search_with` checked with `fast_cpu` that the CPU has `bmi2`.
        let m = unsafe { std::arch::x86_64::_pext_u32(a | a >> 1 | a >> 2, 0o111_111_111) };
        return a & SHRINK[(m & 0x1FF) as usize];
    }
    let m = MINI_ROWS[(a & 0x1FF) as usize] as usize
        | (MINI_ROWS[((a >> 9) & 0x1FF) as usize] as usize) << 3
        | (MINI_ROWS[((a >> 18) & 0x1FF) as usize] as usize) << 6;
    a & SHRINK[m & 0x1FF]
}

/// The cells of a band alone in their row.
#[inline(always)]
fn singles(x: u32) -> u32 {
    u32::from(SINGLE[(x & 0x1FF) as usize])
        | u32::from(SINGLE[((x >> 9) & 0x1FF) as usize]) << 9
        | u32::from(SINGLE[((x >> 18) & 0x1FF) as usize]) << 18
}

/// `STACKED[cols]`: a band's 9 columns (bit `3 * stack + j` for column `3 * stack + j`) moved
/// to the *stack layout*, shifted left by `3 * band` for bands 1 and 2:
///
/// ```text
///   bit 9 * stack + 3 * band + j:   column 3 * stack + j of the band holds the digit
/// ```
///
/// so that the three bands' columns of one stack form 9 bits with the permutation shape of
/// [`SUPPORT`] (band in place of row, column in place of box).
static STACKED: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut f = 0;
    while f < 512 {
        let f32 = f as u32;
        t[f] = (f32 & 0o7) | (f32 & 0o70) << 6 | (f32 & 0o700) << 12;
        f += 1;
    }
    t
};

/// The cells of a band whose columns are set in `s >> (3 * band)`, `s` in the stack layout of
/// [`STACKED`]: the reverse of [`STACKED`], spread over the band's three rows.
#[inline(always)]
const fn unstack(s: u32) -> u32 {
    let y = s & 0o007_007_007;
    columns((y | y >> 6 | y >> 12) & 0x1FF)
}

/// The first three bits of each 9-bit group: a band's columns in one stack of the stack
/// layout of [`STACKED`] (for band 0; shifted left by `3 * band` for the others).
const STACK_COLUMNS: u32 = 0o007_007_007;

/// The columns of band `band` (cells `a`) in the stack layout of [`STACKED`], shifted into
/// place.
///
/// With `BMI2`, one `pdep` to [`STACK_COLUMNS`] `<< 3 * band` does the lookup (and the final
/// mask of [`fold`]: `pdep` reads only as many low bits as its mask has).
#[inline(always)]
fn stacked<const BMI2: bool>(a: u32, band: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: `BMI2` is true only in `State::propagate_fast`, which runs only after
        // `search_with` checked with `fast_cpu` that the CPU has `bmi2`.
        return unsafe {
            std::arch::x86_64::_pdep_u32(a | a >> 9 | a >> 18, STACK_COLUMNS << (3 * band))
        };
    }
    STACKED[fold(a) as usize] << (3 * band)
}

/// The cells of band `band` whose columns are set in `keep` (stack layout): [`unstack`] of
/// `keep >> 3 * band`, with `BMI2` one `pext` from [`STACK_COLUMNS`] `<< 3 * band`.
#[inline(always)]
fn unstack_band<const BMI2: bool>(keep: u32, band: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: as in `stacked`.
        return columns(unsafe { std::arch::x86_64::_pext_u32(keep, STACK_COLUMNS << (3 * band)) });
    }
    unstack(keep >> (3 * band))
}

// ---------------------------------------------------------------------------------------------
// The search state.
// ---------------------------------------------------------------------------------------------

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
struct State {
    cand: [[u32; LANES]; 3],
    unsolved: [u32; 3],
    dirty: u32,
}

/// The size of [`State`] in 16-byte vectors.
const STATE_VECTORS: usize = 10;
const _: () = assert!(size_of::<State>() == 16 * STATE_VECTORS);

impl State {
    /// The state for `board`, givens placed but not yet propagated; `Err` when two givens
    /// clash.
    fn new(board: &Board) -> Result<State, Unsolvable> {
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
        // Per digit: the rows, columns and boxes holding it (see `UNIT_BITS`), to find clashes.
        let mut units = [0u32; 9];
        for (b, &f) in filled.iter().enumerate() {
            let mut rest = f;
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let cell = 27 * b + p;
                let d = usize::from(cells[cell] - 1);
                let bits = UNIT_BITS[cell];
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
    fn branch<'a>(&self, out: &'a mut std::mem::MaybeUninit<State>) -> &'a mut State {
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
    fn branch<'a>(&self, out: &'a mut std::mem::MaybeUninit<State>) -> &'a mut State {
        out.write(*self)
    }

    /// Removes `cells` from band `b` of every digit but `keep`, marking what changed.
    #[inline(always)]
    fn clear_others(&mut self, keep: usize, b: usize, cells: u32) {
        let band = &mut self.cand[b];
        let changed = clear_lanes(band, cells);
        band[keep] |= cells;
        self.dirty |= changed & !(1 << keep) & 0x1FF;
    }

    /// Puts digit `d` on cell `p` of band `b`: the cell loses its other digits and its row,
    /// box and column peers lose `d`.
    #[inline(always)]
    fn assign(&mut self, d: usize, b: usize, p: usize) {
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
    fn digit(&self, d: usize) -> [u32; 3] {
        [self.cand[0][d], self.cand[1][d], self.cand[2][d]]
    }

    /// The number of unsolved cells.
    #[inline(always)]
    fn unsolved_count(&self) -> u32 {
        self.unsolved[0].count_ones()
            + self.unsolved[1].count_ones()
            + self.unsolved[2].count_ones()
    }

    /// True when every cell is fixed (only meaningful after a successful [`State::propagate`]).
    #[inline(always)]
    fn is_solved(&self) -> bool {
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
    #[inline(always)]
    fn update_digit<const BMI2: bool>(&mut self, d: usize) -> Result<(), Unsolvable> {
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
        // Rows where one cell is left: that cell holds the digit.
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
    fn propagate(&mut self) -> Result<[u32; 3], Unsolvable> {
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
    unsafe fn propagate_fast(&mut self) -> Result<[u32; 3], Unsolvable> {
        self.propagate_in::<true>()
    }

    /// True when some unsolved cell has no digit left.
    #[inline(always)]
    fn has_empty_cell(&self) -> bool {
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
    fn propagate_in<const BMI2: bool>(&mut self) -> Result<[u32; 3], Unsolvable> {
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

    /// [`State::propagate`] for the root of a search: as [`State::propagate_fast`] when
    /// `fast` (which must come from [`fast_build_available`]). On easy puzzles this first
    /// propagation is most of the work.
    fn propagate_root(&mut self, fast: bool) -> Result<[u32; 3], Unsolvable> {
        if fast {
            self.propagate_for::<true>()
        } else {
            self.propagate_for::<false>()
        }
    }

    /// [`State::propagate`], as [`State::propagate_fast`] when `FAST`.
    #[inline(always)]
    fn propagate_for<const FAST: bool>(&mut self) -> Result<[u32; 3], Unsolvable> {
        #[cfg(target_arch = "x86_64")]
        if FAST {
            // SAFETY: `FAST` is true only below `search_with`'s `fast_cpu` check that the CPU
            // has `popcnt`, `bmi1` and `bmi2`.
            return unsafe { self.propagate_fast() };
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
    #[inline(always)]
    fn choose(&self, pairs: [u32; 3]) -> (usize, usize, u32) {
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
    fn digits(&self, b: usize, p: usize) -> u32 {
        lanes_with(&self.cand[b], 1 << p)
    }

    /// The digit (1..=9) fixed on `cell`, 0 if none.
    fn digit_at(&self, cell: usize) -> u8 {
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
    fn fixed_cells(&self) -> Board {
        Board::from_valid_cells(std::array::from_fn(|cell| self.digit_at(cell)))
    }

    /// The grid of a solved state, eight cells at a time; with `leaf`, the state's unsolved
    /// cells take the leaf search's digits.
    fn board(&self, leaf: Option<&Leaf>) -> Board {
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

/// A solution found by the search, handed to the on-solution callback.
///
/// Cheap to create (it borrows the search state); turning it into a [`Board`] costs only when
/// asked.
pub struct Solution<'a> {
    state: &'a State,
    /// The digits of the cells the state leaves unsolved, when the leaf search found them.
    leaf: Option<&'a Leaf>,
}

impl Solution<'_> {
    /// The solved grid.
    pub fn board(&self) -> Board {
        self.state.board(self.leaf)
    }
}

/// The unsolved cells of a state the leaf search completes ([`Searcher::leaf`]), at most
/// [`LEAF_CELLS`], each with its candidates, the other leaf cells it sees, and the digit
/// it has on the current path.
struct Leaf {
    len: usize,
    /// Cell `i` of the leaf is grid cell `cell[i]` (0..81).
    cell: [u8; LEAF_CELLS],
    /// Bit `j` set when leaf cells `i` and `j` share a row, column or box (`i` itself not).
    sees: [u32; LEAF_CELLS],
    /// The digit (0-based) of each assigned cell on the current path.
    digit: [u8; LEAF_CELLS],
}

impl Leaf {
    /// Takes digit `bit` (one bit) from the open cells that see leaf cell `i`; returns those
    /// left with one digit, and whether one was left with none.
    #[inline(always)]
    fn take(&self, digits: &mut [u16; LEAF_CELLS], i: usize, open: u32, bit: u16) -> (u32, bool) {
        let (mut singles, mut empty) = (0, false);
        let mut peers = self.sees[i] & open;
        while peers != 0 {
            let j = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            let x = digits[j] & !bit;
            digits[j] = x;
            empty |= x == 0;
            singles |= u32::from(x & x.wrapping_sub(1) == 0) << j;
        }
        (singles, empty)
    }
}

/// A state with at most this many unsolved cells after propagation is finished by the leaf
/// search ([`Searcher::leaf`]) instead of more guesses and propagation.
const LEAF_CELLS: usize = 24;

/// The depth-first search with its callbacks and counters.
struct Searcher<'s, O, F> {
    observer: &'s mut O,
    stop: Option<&'s dyn Fn() -> bool>,
    on_solution: F,
    guesses: u64,
}

impl<O: Observer, F: FnMut(&Solution<'_>) -> ControlFlow<()>> Searcher<'_, O, F> {
    /// Reports the cells fixed in `after` but not in `before` (other than `skip`) to the
    /// observer: as placements, or as undos in reverse order.
    fn report(&mut self, before: [u32; 3], after: &State, skip: usize, depth: usize, undo: bool) {
        let mut cells = [0u8; CELLS];
        let mut n = 0;
        for cell in 0..CELLS {
            let (b, p) = (cell / 27, cell % 27);
            if cell != skip && before[b] & (1 << p) != 0 && after.unsolved[b] & (1 << p) == 0 {
                cells[n] = cell as u8;
                n += 1;
            }
        }
        if undo {
            for &cell in cells[..n].iter().rev() {
                let cell = usize::from(cell);
                self.observer.undo(depth, cell, after.digit_at(cell));
            }
        } else {
            for &cell in &cells[..n] {
                let cell = usize::from(cell);
                self.observer
                    .place(depth, cell, after.digit_at(cell), false);
            }
        }
    }

    /// Searches below `st`, a propagated state without contradiction whose two-digit cells
    /// are `pairs`, with `depth` guesses on the stack. `st` may be overwritten.
    ///
    /// With `FAST` it runs as [`Self::dfs_fast`], compiled for `popcnt` (which
    /// [`State::choose`] uses heavily), `bmi1` and `bmi2`, and propagates with
    /// [`State::propagate_fast`].
    #[inline(always)]
    fn dfs<const FAST: bool>(
        &mut self,
        st: &mut State,
        pairs: [u32; 3],
        depth: usize,
    ) -> ControlFlow<SearchEnd> {
        if st.is_solved() {
            return match (self.on_solution)(&Solution {
                state: st,
                leaf: None,
            }) {
                ControlFlow::Continue(()) => ControlFlow::Continue(()),
                ControlFlow::Break(()) => ControlFlow::Break(SearchEnd::Stopped),
            };
        }
        if st.unsolved_count() <= LEAF_CELLS as u32 {
            return self.leaf(st, depth);
        }
        let (b, p, mut digits) = st.choose(pairs);
        let cell = 27 * b + p;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            self.count_guess()?;
            let flow = if O::ENABLED {
                let mut slot = std::mem::MaybeUninit::uninit();
                let child = st.branch(&mut slot);
                child.assign(d, b, p);
                self.observer.place(depth + 1, cell, d as u8 + 1, true);
                let flow = if let Ok(pairs) = child.propagate_for::<FAST>() {
                    let after = *child;
                    self.report(st.unsolved, &after, cell, depth + 1, false);
                    let flow = self.recurse::<FAST>(child, pairs, depth + 1);
                    self.report(st.unsolved, &after, cell, depth + 1, true);
                    flow
                } else {
                    ControlFlow::Continue(())
                };
                self.observer.undo(depth + 1, cell, d as u8 + 1);
                flow
            } else if digits == 0 {
                // The last digit reuses this level's state; the others work on a copy.
                st.assign(d, b, p);
                match st.propagate_for::<FAST>() {
                    Ok(pairs) => self.recurse::<FAST>(st, pairs, depth + 1),
                    Err(Unsolvable) => ControlFlow::Continue(()),
                }
            } else {
                let mut slot = std::mem::MaybeUninit::uninit();
                let child = st.branch(&mut slot);
                child.assign(d, b, p);
                match child.propagate_for::<FAST>() {
                    Ok(pairs) => self.recurse::<FAST>(child, pairs, depth + 1),
                    Err(Unsolvable) => ControlFlow::Continue(()),
                }
            };
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// Counts a guess; polls the stop first, before the first guess and then every
    /// [`POLL_EVERY`] guesses.
    #[inline(always)]
    fn count_guess(&mut self) -> ControlFlow<SearchEnd> {
        if self.guesses & (POLL_EVERY - 1) == 0 && self.stop.is_some_and(|stop| stop()) {
            return ControlFlow::Break(SearchEnd::Interrupted);
        }
        self.guesses += 1;
        ControlFlow::Continue(())
    }

    /// Finishes `st`, a propagated state with at most [`LEAF_CELLS`] unsolved cells, by a
    /// plain search over those cells: each takes one of its candidates, different from those
    /// of the unsolved cells it sees. Propagation has already removed from every unsolved
    /// cell the digits of the solved cells it sees, so a unit's unsolved cells have as
    /// candidates only the digits the unit still lacks, as many as there are cells: all
    /// different is then all that is left to satisfy. With so few cells left this costs a
    /// fraction of another round of guesses and propagation on the bitboards, which matters
    /// when counting (most of the search tree is near its leaves) and when a puzzle with
    /// several solutions needs a second one.
    ///
    /// The cell with the fewest digits left goes first: one digit is a forced placement,
    /// several make each a guess (counted, and seen by the observer, as on the bitboards).
    #[inline(never)]
    fn leaf(&mut self, st: &State, depth: usize) -> ControlFlow<SearchEnd> {
        let mut leaf = Leaf {
            len: 0,
            cell: [0; LEAF_CELLS],
            sees: [0; LEAF_CELLS],
            digit: [0; LEAF_CELLS],
        };
        let mut digits = [0u16; LEAF_CELLS];
        // The leaf cells of each row, column and box.
        let (mut rows, mut cols, mut boxes) = ([0u32; 9], [0u32; 9], [0u32; 9]);
        for b in 0..3 {
            let mut rest = st.unsolved[b];
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let (i, cell) = (leaf.len, 27 * b + p);
                leaf.cell[i] = cell as u8;
                digits[i] = st.digits(b, p) as u16;
                let [r, c, x] = CELL_UNITS[cell];
                rows[usize::from(r)] |= 1 << i;
                cols[usize::from(c)] |= 1 << i;
                boxes[usize::from(x)] |= 1 << i;
                leaf.len += 1;
            }
        }
        for i in 0..leaf.len {
            let [r, c, x] = CELL_UNITS[usize::from(leaf.cell[i])].map(usize::from);
            leaf.sees[i] = (rows[r] | cols[c] | boxes[x]) & !(1 << i);
        }
        let open = u32::MAX >> (32 - leaf.len);
        // Propagation left no cell with one digit.
        self.leaf_branch(st, &mut leaf, digits, open, depth)
    }

    /// The leaf search below a path: `open` has the leaf cells still without a digit,
    /// `digits[i]` the digits still possible on open cell `i`, and `singles` the open cells
    /// left with one digit by the last placement.
    ///
    /// The singles are placed first, in a chain (each may make more), without a new level;
    /// then the first cell with two digits left (else one with the fewest) is branched on.
    fn leaf_below(
        &mut self,
        st: &State,
        leaf: &mut Leaf,
        mut digits: [u16; LEAF_CELLS],
        mut open: u32,
        mut singles: u32,
        depth: usize,
    ) -> ControlFlow<SearchEnd> {
        // The cells placed here, for the observer to take back.
        let mut placed = [0u8; LEAF_CELLS];
        let mut n_placed = 0;
        let mut dead = false;
        while singles != 0 {
            let i = singles.trailing_zeros() as usize;
            singles &= singles - 1;
            let bit = digits[i];
            open &= !(1 << i);
            leaf.digit[i] = bit.trailing_zeros() as u8;
            if O::ENABLED {
                placed[n_placed] = i as u8;
                n_placed += 1;
                let (cell, d) = (usize::from(leaf.cell[i]), leaf.digit[i] + 1);
                self.observer.place(depth, cell, d, false);
            }
            let (more, empty) = leaf.take(&mut digits, i, open, bit);
            singles |= more;
            if empty {
                dead = true;
                break;
            }
        }
        let flow = if dead {
            ControlFlow::Continue(())
        } else if open == 0 {
            let solution = Solution {
                state: st,
                leaf: Some(leaf),
            };
            match (self.on_solution)(&solution) {
                ControlFlow::Continue(()) => ControlFlow::Continue(()),
                ControlFlow::Break(()) => ControlFlow::Break(SearchEnd::Stopped),
            }
        } else {
            self.leaf_branch(st, leaf, digits, open, depth)
        };
        // A forced placement before any guess is never taken back (see `Observer`).
        if O::ENABLED && depth > 0 {
            for &i in placed[..n_placed].iter().rev() {
                let i = usize::from(i);
                let (cell, d) = (usize::from(leaf.cell[i]), leaf.digit[i] + 1);
                self.observer.undo(depth, cell, d);
            }
        }
        flow
    }

    /// Each digit of an open leaf cell in turn, as a guess: the first cell with two digits,
    /// else one with the fewest (every open cell has at least two here).
    fn leaf_branch(
        &mut self,
        st: &State,
        leaf: &mut Leaf,
        digits: [u16; LEAF_CELLS],
        open: u32,
        depth: usize,
    ) -> ControlFlow<SearchEnd> {
        let (mut i, mut fewest) = (0, u32::MAX);
        let mut rest = open;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let x = digits[j];
            let y = x & (x - 1);
            if y & y.wrapping_sub(1) == 0 {
                i = j;
                break;
            }
            if x.count_ones() < fewest {
                (i, fewest) = (j, x.count_ones());
            }
        }
        let depth = depth + 1;
        let cell = usize::from(leaf.cell[i]);
        let open = open & !(1 << i);
        let mut todo = digits[i];
        while todo != 0 {
            let bit = todo & todo.wrapping_neg();
            todo &= todo - 1;
            self.count_guess()?;
            leaf.digit[i] = bit.trailing_zeros() as u8;
            let d = leaf.digit[i] + 1;
            if O::ENABLED {
                self.observer.place(depth, cell, d, true);
            }
            let mut next = digits;
            let (singles, empty) = leaf.take(&mut next, i, open, bit);
            let flow = if empty {
                ControlFlow::Continue(())
            } else {
                self.leaf_below(st, leaf, next, open, singles, depth)
            };
            if O::ENABLED {
                self.observer.undo(depth, cell, d);
            }
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// One level deeper: [`Self::dfs`] as a function of its own.
    #[inline(always)]
    fn recurse<const FAST: bool>(
        &mut self,
        st: &mut State,
        pairs: [u32; 3],
        depth: usize,
    ) -> ControlFlow<SearchEnd> {
        #[cfg(target_arch = "x86_64")]
        if FAST {
            // SAFETY: `FAST` is true only below `search_with`'s `fast_cpu` check that the CPU
            // has `popcnt`, `bmi1` and `bmi2`.
            return unsafe { self.dfs_fast(st, pairs, depth) };
        }
        self.dfs_plain(st, pairs, depth)
    }

    /// [`Self::dfs`] for any CPU.
    #[inline(never)]
    fn dfs_plain(
        &mut self,
        st: &mut State,
        pairs: [u32; 3],
        depth: usize,
    ) -> ControlFlow<SearchEnd> {
        self.dfs::<false>(st, pairs, depth)
    }

    /// [`Self::dfs`] compiled for CPUs with `popcnt`, `bmi1` and `bmi2`.
    ///
    /// # Safety
    ///
    /// The CPU must support `popcnt`, `bmi1` and `bmi2`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    #[inline(never)]
    unsafe fn dfs_fast(
        &mut self,
        st: &mut State,
        pairs: [u32; 3],
        depth: usize,
    ) -> ControlFlow<SearchEnd> {
        self.dfs::<true>(st, pairs, depth)
    }

    /// The whole search below a propagated root, in the fast build when `fast` (which must
    /// come from [`fast_build_available`]).
    fn run(&mut self, st: &mut State, pairs: [u32; 3], fast: bool) -> ControlFlow<SearchEnd> {
        if fast {
            return self.recurse::<true>(st, pairs, 0);
        }
        self.recurse::<false>(st, pairs, 0)
    }
}

/// True when the search's fast build may run: on x86-64 CPUs that [`fast_cpu`] accepts.
fn fast_build_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    return fast_cpu();
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

/// True when this CPU has `popcnt`, `bmi1` and `bmi2`, with a fast `pext`/`pdep`, for the
/// search's fast build ([`Searcher::dfs_fast`]). AMD before Zen 3 (family 0x17 and older)
/// and Hygon (Zen-based, family 0x18) run `pext`/`pdep` in microcode, many times slower
/// than the tables, so they take the portable build. Found once, then cached (`cpuid` can
/// be slow in a virtual machine).
#[cfg(target_arch = "x86_64")]
fn fast_cpu() -> bool {
    static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FAST.get_or_init(|| {
        use std::arch::x86_64::__cpuid;
        if !(std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2"))
        {
            return false;
        }
        // Leaves 0 (vendor) and 1 (family) always exist.
        let (vendor, signature) = (__cpuid(0), __cpuid(1).eax);
        // "AuthenticAMD" and "HygonGenuine", as cpuid spells them in ebx, edx, ecx.
        let id = (vendor.ebx, vendor.edx, vendor.ecx);
        let amd = id == (0x6874_7541, 0x6974_6E65, 0x444D_4163)
            || id == (0x6F67_7948, 0x6E65_476E, 0x656E_6975);
        // The family: base family, plus the extended family when the base is 0xF.
        let base = (signature >> 8) & 0xF;
        let family = if base == 0xF {
            base + ((signature >> 20) & 0xFF)
        } else {
            base
        };
        !(amd && family < 0x19)
    })
}

/// The one search everything is built on.
///
/// Depth-first: it fills one position at a time and backtracks, calling `on_solution` for each
/// solution. Polarity: [`ControlFlow::Continue`] keeps searching, [`ControlFlow::Break`] stops
/// the search (which then ends with [`SearchEnd::Stopped`]). `stop`, when given, is polled
/// before the first guess and then every 256 guesses; when it returns true the search ends
/// with [`SearchEnd::Interrupted`] (so a stop already due allows propagation only). Givens
/// that break the rules simply yield no solution: this never panics, for any [`Board`].
pub fn search<O: Observer, F: FnMut(&Solution<'_>) -> ControlFlow<()>>(
    board: &Board,
    observer: &mut O,
    stop: Option<&dyn Fn() -> bool>,
    on_solution: F,
) -> SearchReport {
    search_with(board, observer, stop, on_solution, true)
}

/// [`search`], with `fast` choosing whether the build for CPUs with `popcnt`, `bmi1` and
/// `bmi2` may be used.
fn search_with<O: Observer, F: FnMut(&Solution<'_>) -> ControlFlow<()>>(
    board: &Board,
    observer: &mut O,
    stop: Option<&dyn Fn() -> bool>,
    on_solution: F,
    fast: bool,
) -> SearchReport {
    let mut searcher = Searcher {
        observer,
        stop,
        on_solution,
        guesses: 0,
    };
    let fast = fast && fast_build_available();
    let root =
        State::new(board).and_then(|mut st| st.propagate_root(fast).map(|pairs| (st, pairs)));
    let end = match root {
        Ok((mut st, pairs)) => {
            if O::ENABLED {
                searcher.report([BAND; 3], &st, CELLS, 0, false);
            }
            match searcher.run(&mut st, pairs, fast) {
                ControlFlow::Continue(()) => SearchEnd::Exhausted,
                ControlFlow::Break(end) => end,
            }
        }
        Err(Unsolvable) => SearchEnd::Exhausted,
    };
    SearchReport {
        end,
        stats: SearchStats {
            guesses: searcher.guesses,
        },
    }
}

/// Result of [`analyse`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Analysis {
    /// The first solution found, if any.
    pub first: Option<Board>,
    /// Number of solutions found (at most the limit).
    pub count: u64,
    /// True when the whole search tree was explored, so `count` is exact.
    pub complete: bool,
    /// Branching guesses tried.
    pub guesses: u64,
}

/// Counts solutions up to `limit` (`None` = no limit), keeping the first one.
///
/// `complete` is true when the search was exhausted, so `count` is exact. With `Some(n)` the
/// search stops at the `n`-th solution without looking further, so when exactly `n` solutions
/// exist `complete` is usually false: read `count == n && !complete` as "at least `n`".
/// Uniqueness is `analyse(board, Some(2), None)`: count 1 and complete.
pub fn analyse(board: &Board, limit: Option<u64>, stop: Option<&dyn Fn() -> bool>) -> Analysis {
    if limit == Some(0) {
        return Analysis {
            first: None,
            count: 0,
            complete: false,
            guesses: 0,
        };
    }
    let mut first = None;
    let mut count = 0u64;
    let report = search(board, &mut NoObserver, stop, |s| {
        if count == 0 {
            first = Some(s.board());
        }
        count += 1;
        if limit.is_some_and(|l| count >= l) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    Analysis {
        first,
        count,
        complete: report.end == SearchEnd::Exhausted,
        guesses: report.stats.guesses,
    }
}

/// The first solution found, if any.
pub fn solve_first(board: &Board) -> Option<Board> {
    analyse(board, Some(1), None).first
}

/// Number of solutions, counting at most `limit`.
pub fn count_solutions(board: &Board, limit: u64) -> u64 {
    analyse(board, Some(limit), None).count
}

/// Cuts the search below `board` into sub-puzzles for parallel work: their solution sets
/// are disjoint and together are exactly the board's, so counts found for each add up to the
/// board's count.
///
/// Each sub-puzzle is `board` with the cells fixed along one branch of the search: the
/// guesses and what propagation forced. Whole levels of the search tree are expanded, left to
/// right, until there are at least `at_least` sub-puzzles or nothing is left to expand, so
/// they come in the order the search would meet them. Branches that propagate to a
/// contradiction are dropped, so the result is empty when propagation alone shows that the
/// board has no solution.
pub fn split(board: &Board, at_least: usize) -> Vec<Board> {
    let Ok(mut root) = State::new(board) else {
        return Vec::new();
    };
    let Ok(pairs) = root.propagate() else {
        return Vec::new();
    };
    let mut level = vec![(root, pairs)];
    // Each level at least doubles the open branches, so this ends in a few dozen rounds.
    while level.len() < at_least && level.iter().any(|(st, _)| !st.is_solved()) {
        let mut next = Vec::with_capacity(2 * level.len());
        for (st, pairs) in level {
            if st.is_solved() {
                next.push((st, pairs));
                continue;
            }
            let (b, p, mut digits) = st.choose(pairs);
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut child = st;
                child.assign(d, b, p);
                if let Ok(pairs) = child.propagate() {
                    next.push((child, pairs));
                }
            }
        }
        level = next;
    }
    level.iter().map(|(st, _)| st.fixed_cells()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(line: &str) -> Board {
        let mut cells = [0u8; CELLS];
        for (c, ch) in cells.iter_mut().zip(line.bytes()) {
            *c = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        Board::from_cells(cells).unwrap()
    }

    /// An independent, naive solution counter: plain backtracking, checking the rules.
    fn naive_count(cells: &mut [u8; CELLS], limit: u64) -> u64 {
        let Some(cell) = cells.iter().position(|&v| v == 0) else {
            return 1;
        };
        let (r, c) = (cell / 9, cell % 9);
        let mut n = 0;
        for v in 1..=9 {
            let clash = (0..9).any(|i| {
                cells[r * 9 + i] == v
                    || cells[i * 9 + c] == v
                    || cells[(r / 3 * 3 + i / 3) * 9 + c / 3 * 3 + i % 3] == v
            });
            if !clash {
                cells[cell] = v;
                n += naive_count(cells, limit - n);
                cells[cell] = 0;
                if n >= limit {
                    break;
                }
            }
        }
        n
    }

    const HARD: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    /// A full valid grid: the classic shifted pattern.
    fn pattern_grid() -> Board {
        let mut cells = [0u8; CELLS];
        for (i, c) in cells.iter_mut().enumerate() {
            let (r, col) = (i / 9, i % 9);
            *c = ((3 * (r % 3) + r / 3 + col) % 9) as u8 + 1;
        }
        Board::from_cells(cells).unwrap()
    }

    #[test]
    fn tables_are_consistent() {
        assert_eq!(SUPPORT[0x1FF], 0x1FF);
        for &p in &PERMUTATIONS {
            assert_eq!(SUPPORT[p as usize], p);
        }
        // A mini-row alone in its row and its box is kept, the rest of its row and box go.
        assert_eq!(SUPPORT[0b111_111_001] & 0b000_000_111, 0b001);
        assert_eq!(SUPPORT[0b110_110_110], 0);
        assert_eq!(PEERS[0].count_ones(), 8 + 6);
        assert_eq!(fold(columns(0x155)), 0x155);
        // Column 4 (stack 1, column 1 in it) of band 0 is bit 9 * 1 + 1 of the stack layout,
        // and bit 9 * 1 + 3 * 2 + 1 for band 2.
        assert_eq!(STACKED[1 << 4], 1 << 10);
        assert_eq!(STACKED[1 << 4] << 6, 1 << 16);
        for f in [0u32, 1, 0o7, 0o70, 0o700, 0o123, 0o456, 0x1FF] {
            for b in 0..3 {
                assert_eq!(
                    unstack((STACKED[f as usize] << (3 * b)) >> (3 * b)),
                    columns(f)
                );
            }
            assert_eq!(unstack(STACKED[f as usize] << 3), 0);
        }
    }

    #[test]
    fn solves_a_hard_puzzle() {
        let puzzle = board(HARD);
        let a = analyse(&puzzle, Some(2), None);
        assert_eq!((a.count, a.complete), (1, true));
        assert!(a.first.unwrap().is_solution_of(&puzzle));
        assert_eq!(solve_first(&puzzle), a.first);
    }

    #[test]
    fn full_grid_has_one_solution() {
        let grid = pattern_grid();
        let a = analyse(&grid, None, None);
        assert_eq!((a.count, a.complete, a.first), (1, true, Some(grid)));
        assert_eq!(a.guesses, 0);
    }

    #[test]
    fn rule_breaking_givens_have_no_solution() {
        let mut cells = [0u8; CELLS];
        cells[0] = 5;
        cells[7] = 5; // same row
        let a = analyse(&Board::from_cells(cells).unwrap(), None, None);
        assert_eq!((a.count, a.complete, a.first), (0, true, None));
        let mut grid = *pattern_grid().cells();
        grid[40] = grid[41]; // a full grid with one clash
        assert_eq!(count_solutions(&Board::from_cells(grid).unwrap(), 10), 0);
    }

    #[test]
    fn unsolvable_valid_puzzle_has_no_solution() {
        // Row 1 holds 1-8, and column 9 already holds a 9: cell r1c9 has no digit left.
        let mut cells = [0u8; CELLS];
        for (c, v) in cells.iter_mut().take(8).zip(1..) {
            *c = v;
        }
        cells[5 * 9 + 8] = 9;
        let puzzle = Board::from_cells(cells).unwrap();
        assert!(puzzle.check_rules().is_ok());
        let a = analyse(&puzzle, None, None);
        assert_eq!((a.count, a.complete), (0, true));
    }

    #[test]
    fn deadly_rectangle_has_two_solutions() {
        // A band with 1 4 / 4 1 at r1c1, r1c4, r2c1, r2c4 (two boxes): swapping them keeps
        // every rule, so with those four cells blank there are exactly two solutions.
        let band = "123456789478129356569378124";
        let grid = solve_first(&board(band)).expect("the band completes");
        let mut cells = *grid.cells();
        assert_eq!([cells[0], cells[3], cells[9], cells[12]], [1, 4, 4, 1]);
        for i in [0, 3, 9, 12] {
            cells[i] = 0;
        }
        let puzzle = Board::from_cells(cells).unwrap();
        let mut seen = Vec::new();
        let report = search(&puzzle, &mut NoObserver, None, |s| {
            seen.push(s.board());
            ControlFlow::Continue(())
        });
        assert_eq!(report.end, SearchEnd::Exhausted);
        assert_eq!(seen.len(), 2);
        assert_ne!(seen[0], seen[1]);
        assert!(seen.iter().all(|s| s.is_solution_of(&puzzle)));
        assert_eq!(analyse(&puzzle, None, None).count, 2);
        let u = analyse(&puzzle, Some(2), None);
        assert_eq!((u.count, u.complete), (2, false));
    }

    #[test]
    fn counts_match_a_naive_counter() {
        // Blank the cells of two digits of a full grid (18 cells), and pseudo-random cells.
        let grid = solve_first(&board(HARD)).unwrap();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for round in 0..40 {
            let mut cells = *grid.cells();
            if round < 9 {
                let (x, y) = (round as u8 + 1, (round as u8 + 4) % 9 + 1);
                cells
                    .iter_mut()
                    .filter(|v| **v == x || **v == y)
                    .for_each(|v| *v = 0);
            } else {
                for _ in 0..(30 + round) {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    cells[(seed % 81) as usize] = 0;
                }
            }
            let puzzle = Board::from_cells(cells).unwrap();
            let expected = naive_count(&mut cells.clone(), 1000);
            let a = analyse(&puzzle, None, None);
            assert_eq!(a.count, expected, "round {round}: {puzzle}");
            assert!(a.complete);
            assert!(a.first.unwrap().is_solution_of(&puzzle));
        }
    }

    #[test]
    fn broken_and_unsolvable_puzzles_match_a_naive_counter() {
        // Blank half of a solved grid, then write stray digits: often clashing givens, often
        // a rule-valid puzzle without solution, sometimes still solvable.
        let grid = solve_first(&board(HARD)).unwrap();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..300 {
            let mut cells = *grid.cells();
            for _ in 0..45 {
                cells[(next() % 81) as usize] = 0;
            }
            for _ in 0..(1 + round % 3) {
                cells[(next() % 81) as usize] = (next() % 10) as u8;
            }
            let puzzle = Board::from_cells(cells).unwrap();
            let expected = if puzzle.check_rules().is_ok() {
                naive_count(&mut cells.clone(), 50)
            } else {
                0
            };
            let a = analyse(&puzzle, Some(50), None);
            assert_eq!(a.count, expected, "round {round}: {puzzle}");
            assert_eq!(a.complete, expected < 50, "round {round}: {puzzle}");
            if let Some(first) = a.first {
                assert!(first.is_solution_of(&puzzle));
            }
        }
    }

    #[test]
    fn every_solution_found_near_the_leaves_is_whole_and_new() {
        // Many solutions, most completed by the leaf search: each board must be a solution,
        // and none may repeat.
        for line in [
            "718639..4...7..1.6........3.....7.2...........8.54.3...2.9..8.55........8.7......",
            "2...5.....76.24.9....1.....981..6...6........5......3...5.1.6.........7.8....24..",
        ] {
            let puzzle = board(line);
            let mut seen = std::collections::HashSet::new();
            let report = search(&puzzle, &mut NoObserver, None, |s| {
                let b = s.board();
                assert!(b.is_solution_of(&puzzle), "{line}: {b}");
                assert!(seen.insert(b), "{line}: {b} twice");
                ControlFlow::Continue(())
            });
            assert_eq!(report.end, SearchEnd::Exhausted);
            assert!(seen.len() > 1000, "{line}: {}", seen.len());
        }
    }

    #[test]
    fn portable_build_finds_the_same() {
        for line in [
            HARD,
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
        ] {
            let puzzle = board(line);
            let run = |fast| {
                let mut found = Vec::new();
                let report = search_with(
                    &puzzle,
                    &mut NoObserver,
                    None,
                    |s| {
                        found.push(s.board());
                        ControlFlow::Continue(())
                    },
                    fast,
                );
                (report, found)
            };
            assert_eq!(run(false), run(true));
        }
    }

    #[test]
    fn break_stops_the_search() {
        let mut calls = 0;
        let report = search(&Board::empty(), &mut NoObserver, None, |s| {
            assert!(s.board().is_solution_of(&Board::empty()));
            calls += 1;
            if calls == 5 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!((calls, report.end), (5, SearchEnd::Stopped));
        let a = analyse(&Board::empty(), Some(7), None);
        assert_eq!((a.count, a.complete), (7, false));
        assert_eq!(count_solutions(&Board::empty(), 3), 3);
    }

    #[test]
    fn stop_poll_interrupts() {
        let polls = std::cell::Cell::new(0);
        let stop = || {
            polls.set(polls.get() + 1);
            polls.get() >= 3
        };
        let a = analyse(&Board::empty(), None, Some(&stop));
        assert_eq!(polls.get(), 3);
        assert!(!a.complete);
        assert!(a.count > 0);
        // Polls before guesses 1, 257 and 513.
        assert_eq!(a.guesses, 2 * POLL_EVERY);
        let report = search(&Board::empty(), &mut NoObserver, Some(&|| true), |_| {
            ControlFlow::Continue(())
        });
        assert_eq!(report.end, SearchEnd::Interrupted);
    }

    /// Counts guesses where a stop poll can see them.
    struct GuessCounter<'a>(&'a std::cell::Cell<u64>);

    impl Observer for GuessCounter<'_> {
        fn place(&mut self, _depth: usize, _cell: usize, _digit: u8, guess: bool) {
            self.0.set(self.0.get() + u64::from(guess));
        }
        fn undo(&mut self, _depth: usize, _cell: usize, _digit: u8) {}
    }

    #[test]
    fn a_stop_already_due_allows_propagation_only() {
        // `--timeout 0`: a puzzle that needs guesses is stopped before the first.
        let puzzle = board(HARD);
        let a = analyse(&puzzle, Some(2), Some(&|| true));
        assert!(analyse(&puzzle, Some(2), None).guesses > 0);
        assert_eq!((a.count, a.complete, a.guesses), (0, false, 0));
        // One that propagation alone solves is still solved, and found unique.
        let grid = pattern_grid();
        let mut cells = *grid.cells();
        for i in (0..CELLS).step_by(7) {
            cells[i] = 0;
        }
        let easy = Board::from_cells(cells).unwrap();
        let a = analyse(&easy, Some(2), Some(&|| true));
        assert_eq!((a.count, a.complete, a.first), (1, true, Some(grid)));
    }

    #[test]
    fn the_stop_poll_comes_often() {
        // Between two polls (and before the first) at most `POLL_EVERY` guesses, on a
        // search of a few thousand guesses and on a long count, so that a deadline is seen
        // within a fraction of a millisecond.
        for (line, limit) in [(HARD, Some(2)), (&".".repeat(CELLS)[..], Some(20_000))] {
            let guesses = std::cell::Cell::new(0u64);
            let (last, widest, polls) = (
                std::cell::Cell::new(0u64),
                std::cell::Cell::new(0u64),
                std::cell::Cell::new(0u64),
            );
            let stop = || {
                widest.set(widest.get().max(guesses.get() - last.get()));
                last.set(guesses.get());
                polls.set(polls.get() + 1);
                false
            };
            let mut found = 0u64;
            let report = search(
                &board(line),
                &mut GuessCounter(&guesses),
                Some(&stop),
                |_| {
                    found += 1;
                    if Some(found) == limit {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
            assert_eq!(guesses.get(), report.stats.guesses);
            assert!(guesses.get() > 0 && polls.get() > 0, "{line}");
            assert!(
                widest.get() <= POLL_EVERY,
                "{line}: {} guesses",
                widest.get()
            );
            assert!(polls.get() >= guesses.get() / POLL_EVERY, "{line}");
        }
    }

    #[derive(Default)]
    struct Recorder {
        stack: Vec<(usize, usize, u8)>,
        places: usize,
        guesses: u64,
        errors: Vec<String>,
    }

    impl Observer for Recorder {
        fn place(&mut self, depth: usize, cell: usize, digit: u8, guess: bool) {
            if cell >= CELLS || !(1..=9).contains(&digit) {
                self.errors.push(format!("bad place {cell} {digit}"));
            }
            if guess {
                self.guesses += 1;
                let deepest = self.stack.last().map_or(0, |e| e.0);
                if depth != deepest + 1 {
                    self.errors
                        .push(format!("guess at depth {depth} after {deepest}"));
                }
            }
            self.places += 1;
            self.stack.push((depth, cell, digit));
        }
        fn undo(&mut self, depth: usize, cell: usize, digit: u8) {
            if self.stack.pop() != Some((depth, cell, digit)) {
                self.errors
                    .push(format!("unmatched undo {depth} {cell} {digit}"));
            }
        }
    }

    #[test]
    fn observer_sees_balanced_events() {
        for line in [
            HARD,
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
        ] {
            let puzzle = board(line);
            let mut rec = Recorder::default();
            let mut with = Vec::new();
            let report = search(&puzzle, &mut rec, None, |s| {
                with.push(s.board());
                ControlFlow::Continue(())
            });
            assert!(
                rec.errors.is_empty(),
                "{:?}",
                &rec.errors[..3.min(rec.errors.len())]
            );
            // Only the depth-0 placements (givens and their consequences) stay.
            assert!(rec.stack.iter().all(|e| e.0 == 0));
            assert!(rec.stack.len() >= puzzle.givens());
            assert!(rec.places > rec.stack.len());
            assert_eq!(rec.guesses, report.stats.guesses);
            let mut without = Vec::new();
            let plain = search(&puzzle, &mut NoObserver, None, |s| {
                without.push(s.board());
                ControlFlow::Continue(())
            });
            assert_eq!(plain, report);
            assert_eq!(with, without);
            assert!(with.iter().all(|s| s.is_solution_of(&puzzle)));
        }
    }

    #[test]
    fn shared_collections() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles");
        for (name, unique) in [
            ("unbiased_1000.txt", true),
            ("17_clue.txt", true),
            ("serg_benchmark.txt", false),
            ("magictour_top1465.txt", true),
            ("forum_hardest_1106.txt", true),
        ] {
            let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
                continue;
            };
            let lines = text
                .lines()
                .filter(|l| l.len() >= 81 && !l.starts_with('#'));
            for line in lines.take(200) {
                let puzzle = board(&line[..81]);
                let a = analyse(&puzzle, Some(2), None);
                let first = a
                    .first
                    .unwrap_or_else(|| panic!("{name}: no solution for {line}"));
                assert!(first.is_solution_of(&puzzle), "{name}: {line}");
                if unique {
                    assert_eq!((a.count, a.complete), (1, true), "{name}: {line}");
                } else {
                    assert_eq!(a.count, 2, "{name}: {line}");
                }
            }
        }
    }
}
