//! Lookup tables generated at compile time, and the bit operations on a band's 27-bit words
//! and a band's 12 digit lanes that the search state is built from.

use crate::board::{CELLS, box_of, col_of, row_of};
use crate::geometry::classic::ORDERS_OF_THREE;

/// `const_table!(ZERO; N, |i| VALUE)`: an array of `N` entries, entry `i` being `VALUE`,
/// computed at compile time (a `while` loop, as `for` is not allowed in `const`).
macro_rules! const_table {
    ($zero:expr; $n:expr, |$i:ident| $value:expr) => {{
        let mut table = [$zero; $n];
        let mut $i = 0;
        while $i < $n {
            table[$i] = $value;
            $i += 1;
        }
        table
    }};
}

/// The six ways to place a digit once in each row and once in each box of a band, as 9-bit
/// masks over its mini-rows (bit `3 * row + box`, see [`State`](super::state::State)). The same shapes describe a
/// stack: bit `3 * band + column`.
pub(super) const PERMUTATIONS: [u16; 6] = const_table!(0; 6, |i| {
    let p = ORDERS_OF_THREE[i];
    (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]))
});

/// `SUPPORT[m]`: the mini-rows of `m` that lie on some permutation contained in `m`, i.e. what
/// survives of a digit's mini-rows once every row and every box of the band needs it exactly
/// once. 0 means the digit cannot be placed: a contradiction.
pub(super) static SUPPORT: [u16; 512] = const_table!(0; 512, |m| {
    let mut support = 0;
    let mut i = 0;
    while i < 6 {
        let p = PERMUTATIONS[i];
        if m as u16 & p == p {
            support |= p;
        }
        i += 1;
    }
    support
});

/// `MINI_ROWS[row]`: for the 9 bits of one row, which of its three mini-rows (3 bits each) are
/// not empty.
pub(super) static MINI_ROWS: [u8; 512] = const_table!(0; 512, |x| {
    ((x & 7 != 0) as u8) | (((x & 0o70 != 0) as u8) << 1) | (((x & 0o700 != 0) as u8) << 2)
});

/// `EXPAND[m]`: the 27 cells of the mini-rows set in `m`.
pub(super) static EXPAND: [u32; 512] = const_table!(0; 512, |m| {
    let mut cells = 0;
    let mut k = 0;
    while k < 9 {
        if m & (1 << k) != 0 {
            cells |= 7 << (9 * (k / 3) + 3 * (k % 3));
        }
        k += 1;
    }
    cells
});

/// `SHRINK[m]`: the 27 cells of the mini-rows in `SUPPORT[m]`, i.e. [`SUPPORT`] then
/// [`EXPAND`] in one lookup, for [`band_rows`].
pub(super) static SHRINK: [u32; 512] = const_table!(0; 512, |m| EXPAND[SUPPORT[m] as usize]);

/// `PEERS[p]`: the cells of a band that share a row or a box with cell `p`, `p` excluded.
pub(super) static PEERS: [u32; 27] = const_table!(0; 27, |p| {
    let mut peers = 0;
    let mut q = 0;
    while q < 27 {
        if q != p && (q / 9 == p / 9 || (q % 9) / 3 == (p % 9) / 3) {
            peers |= 1 << q;
        }
        q += 1;
    }
    peers
});

/// `CELL_UNITS[cell]`: the row, column and box of a cell (0..9 each).
pub(super) static CELL_UNITS: [[u8; 3]; CELLS] = const_table!([0; 3]; CELLS, |cell| [
    row_of(cell) as u8,
    col_of(cell) as u8,
    box_of(cell) as u8
]);

/// `SPREAD[x]`: the 8 bits of `x` moved to the low bits of 8 bytes (bit `i` to bit `8 * i`),
/// to write eight cells of a solved grid at once ([`State::board`](super::state::State::board)).
pub(super) static SPREAD: [u64; 256] = const_table!(0; 256, |x| {
    let mut spread = 0;
    let mut i = 0;
    while i < 8 {
        spread |= ((x as u64 >> i) & 1) << (8 * i);
        i += 1;
    }
    spread
});

/// Removes `cells` from every lane of `band`; returns the lanes that had some of them.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn clear_lanes(band: &mut [u32; LANES], cells: u32) -> u32 {
    use std::arch::x86_64::*;
    let v = load_lanes(band);
    // SAFETY: SSE2 is part of the x86-64 baseline (no runtime detection needed), and the
    // three unaligned 16-byte stores cover exactly the 12 lanes (48 bytes) of `band`, which
    // we borrow mutably.
    unsafe {
        let c = _mm_set1_epi32(cells as i32);
        let p = band.as_mut_ptr().cast::<__m128i>();
        for (i, &v) in v.iter().enumerate() {
            _mm_storeu_si128(p.add(i), _mm_andnot_si128(c, v));
        }
        lanes_hit(v, c)
    }
}

/// The lanes of `band` that have some of `cells`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn lanes_with(band: &[u32; LANES], cells: u32) -> u32 {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is part of the x86-64 baseline; a register-only operation.
    lanes_hit(load_lanes(band), unsafe { _mm_set1_epi32(cells as i32) })
}

/// The 12 lanes of `band` as three vectors of four.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn load_lanes(band: &[u32; LANES]) -> [std::arch::x86_64::__m128i; 3] {
    use std::arch::x86_64::*;
    let p = band.as_ptr().cast::<__m128i>();
    // SAFETY: SSE2 is part of the x86-64 baseline, and the three unaligned 16-byte loads
    // cover exactly the 12 lanes (48 bytes) of `band`.
    unsafe { [0, 1, 2].map(|i| _mm_loadu_si128(p.add(i))) }
}

/// The lanes of `v` (see [`load_lanes`]) that have some of the bits of `c` (in every lane),
/// as bits `0..12`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn lanes_hit(v: [std::arch::x86_64::__m128i; 3], c: std::arch::x86_64::__m128i) -> u32 {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is part of the x86-64 baseline; register-only operations.
    let miss = unsafe { v.map(|v| _mm_cmpeq_epi32(_mm_and_si128(v, c), _mm_setzero_si128())) };
    lane_bits(miss) ^ 0xFFF
}

/// The 12 lanes of three comparison results (each lane all ones or all zeros), as bits
/// `0..12`: packed to bytes (saturating packs keep 0 and -1) for one `movemask`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn lane_bits(m: [std::arch::x86_64::__m128i; 3]) -> u32 {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is always available on x86-64; these are register-only operations.
    unsafe {
        let lo = _mm_packs_epi32(m[0], m[1]); // lanes 0..8 as 16-bit
        let hi = _mm_packs_epi32(m[2], _mm_setzero_si128()); // lanes 8..12, then 0
        _mm_movemask_epi8(_mm_packs_epi16(lo, hi)) as u32
    }
}

/// The lanes of `band` that have some of `cells`.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn lanes_with(band: &[u32; LANES], cells: u32) -> u32 {
    let mut hit = 0;
    for (e, &c) in band.iter().enumerate() {
        hit |= u32::from(c & cells != 0) << e;
    }
    hit
}

/// Removes `cells` from every lane of `band`; returns the lanes that had some of them.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn clear_lanes(band: &mut [u32; LANES], cells: u32) -> u32 {
    let mut hit = 0;
    for (e, c) in band.iter_mut().enumerate() {
        hit |= u32::from(*c & cells != 0) << e;
        *c &= !cells;
    }
    hit
}

/// Digits per band in [`State::cand`](super::state::State::cand): 9, padded with empty entries for whole vectors.
pub(super) const LANES: usize = 12;

/// The two other bands of each band.
pub(super) static OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// Spreads a 9-bit set of columns over the three rows of a band.
#[inline(always)]
pub(super) const fn columns(cols: u32) -> u32 {
    cols * 0x40201
}

/// Folds a band's three rows onto one: the columns where a bit is set.
#[inline(always)]
pub(super) const fn fold(a: u32) -> u32 {
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
pub(super) fn band_rows<const BMI2: bool>(a: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: `BMI2` is true only in `State::propagate_fast`, which takes the `Bmi2`
        // token that only `Bmi2::detect` makes, after finding that the CPU has `bmi2`.
        let m = unsafe { std::arch::x86_64::_pext_u32(a | a >> 1 | a >> 2, 0o111_111_111) };
        return a & SHRINK[(m & 0x1FF) as usize];
    }
    let m = MINI_ROWS[(a & 0x1FF) as usize] as usize
        | (MINI_ROWS[((a >> 9) & 0x1FF) as usize] as usize) << 3
        | (MINI_ROWS[((a >> 18) & 0x1FF) as usize] as usize) << 6;
    a & SHRINK[m & 0x1FF]
}

/// The cells of a band alone in their row, for a band word whose three rows each have at
/// least one cell. In [`State::update_digit`](super::state::State::update_digit) the box–row
/// step leaves every row of a band a cell or empties the whole band, and an empty band fails
/// the box–column check before this runs.
///
/// The three 9-bit rows are handled side by side in one word: with no row empty, subtracting
/// one from each row borrows nothing from the row above, so `x & (x - ONES)` drops the lowest
/// cell of every row, and the rows where something is left have two cells or more. 1.2-1.9%
/// fewer instructions on the hard collections and serg_benchmark than three lookups in a
/// table of single-bit rows, and 4-5% faster on serg_benchmark and magictour_top1465.
#[inline(always)]
pub(super) fn singles(x: u32) -> u32 {
    // Bit 0, bits 0..8 and bit 8 of each row.
    const ONES: u32 = 1 | 1 << 9 | 1 << 18;
    const LOW8: u32 = 0xFF * ONES;
    const HIGH: u32 = 0x100 * ONES;
    debug_assert!(
        (0..3).all(|r| x >> (9 * r) & 0x1FF != 0),
        "a row is empty: {x:#o}"
    );
    let less = x.wrapping_sub(ONES);
    let lowest = x & !less;
    let rest = x & less;
    // Bit 8 of a row set when its `rest` is not empty: the sum of its low eight bits and
    // 0xFF reaches bit 8 without carrying out of the row.
    let more = (rest | ((rest & LOW8) + LOW8)) & HIGH;
    lowest & !((more >> 8) * 0x1FF)
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
pub(super) static STACKED: [u32; 512] = const_table!(0; 512, |f| {
    let f = f as u32;
    (f & 0o7) | (f & 0o70) << 6 | (f & 0o700) << 12
});

/// The cells of a band whose columns are set in `s >> (3 * band)`, `s` in the stack layout of
/// [`STACKED`]: the reverse of [`STACKED`], spread over the band's three rows.
#[inline(always)]
pub(super) const fn unstack(s: u32) -> u32 {
    let y = s & 0o007_007_007;
    columns((y | y >> 6 | y >> 12) & 0x1FF)
}

/// The first three bits of each 9-bit group: a band's columns in one stack of the stack
/// layout of [`STACKED`] (for band 0; shifted left by `3 * band` for the others).
pub(super) const STACK_COLUMNS: u32 = 0o007_007_007;

/// The columns of band `band` (cells `a`) in the stack layout of [`STACKED`], shifted into
/// place.
///
/// With `BMI2`, one `pdep` to [`STACK_COLUMNS`] `<< 3 * band` does the lookup (and the final
/// mask of [`fold`]: `pdep` reads only as many low bits as its mask has).
#[inline(always)]
pub(super) fn stacked<const BMI2: bool>(a: u32, band: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: `BMI2` is true only in `State::propagate_fast`, which takes the `Bmi2`
        // token that only `Bmi2::detect` makes, after finding that the CPU has `bmi2`.
        return unsafe {
            std::arch::x86_64::_pdep_u32(a | a >> 9 | a >> 18, STACK_COLUMNS << (3 * band))
        };
    }
    STACKED[fold(a) as usize] << (3 * band)
}

/// The cells of band `band` whose columns are set in `keep` (stack layout): [`unstack`] of
/// `keep >> 3 * band`, with `BMI2` one `pext` from [`STACK_COLUMNS`] `<< 3 * band`.
#[inline(always)]
pub(super) fn unstack_band<const BMI2: bool>(keep: u32, band: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: as in `stacked`.
        return columns(unsafe { std::arch::x86_64::_pext_u32(keep, STACK_COLUMNS << (3 * band)) });
    }
    unstack(keep >> (3 * band))
}
