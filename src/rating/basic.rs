//! SE's techniques below the chains: singles, its "direct" variants (which count only when
//! they lead to a placement), intersections, naked and hidden sets, fish, XY- and XYZ-wings.
//! Each producer returns the first hint in SE's search order; the intersections, sets and
//! fish also report every hint, with the pattern behind it, through a callback (`*_each`),
//! which the dynamic chains use to continue a chain with them.

use std::ops::ControlFlow;

use super::Hint;
use super::grid::{BOX, COL, Grid, INTER, Pos, ROW, SE_CELL_REGIONS, cells_at, combos, n, region};
use crate::geometry::CellSet;
use crate::geometry::bits::Mask;
use crate::geometry::classic::{PEERS, sees};
use crate::geometry::digits;

/// Region types in the order SE's set finders visit them: boxes, columns, rows.
const BCR: [usize; 3] = [BOX, COL, ROW];

/// The pattern behind a hint of [`locking_each`], [`hidden_set_each`], [`naked_set_each`] or
/// [`fish_each`]. Regions are SE's numbers; positions are bits of indexes in a region.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pattern {
    /// Digit `d`'s places in region `r1` all lie in its intersection with region `r2`.
    Locking { r1: usize, r2: usize, d: u8 },
    /// The digits `digits` of region `r` have their places at `places` only.
    HiddenSet { r: usize, digits: u16, places: u16 },
    /// The cells at `places` of region `r` hold only the digits `digits`.
    NakedSet { r: usize, places: u16, digits: u16 },
    /// Digit `d`'s places in the lines `lines` (bit = line index) of type `base` (`COL` or
    /// `ROW`) lie in the lines `covers` of the other type.
    Fish {
        base: usize,
        lines: u16,
        covers: u16,
        d: u8,
    },
}

/// The callback a finder reports its hints to: `Break` stops the search.
pub(crate) type Found<'f> = dyn FnMut(Hint, Pattern) -> ControlFlow<()> + 'f;

/// Where the `*_each` finders look: per region, the digits whose places count
/// (`digits[r]`, a digit mask) and the positions of the cells that count (`cells[r]`). A
/// lock, hidden set or fish is visited only if one of its regions (lines for a fish) has a
/// digit of it that counts, a naked set only if one of its cells counts. [`Focus::ALL`]
/// visits everything.
///
/// The dynamic chains (+) want only patterns that need candidates the chain removed: with
/// the places and cells the chain changed as the focus, the others are not even visited.
#[derive(Clone, Copy)]
pub(crate) struct Focus {
    pub digits: [u16; 27],
    pub cells: [u16; 27],
}

impl Focus {
    /// Every pattern.
    pub const ALL: Focus = Focus {
        digits: [digits::ALL; 27],
        cells: [0x1ff; 27],
    };
}

/// SE's ratings and names of the sets and fish of sizes 2, 3 and 4.
const HIDDEN_SETS: [(f64, &str); 3] = [
    (3.4, "Hidden Pair"),
    (4.0, "Hidden Triplet"),
    (5.4, "Hidden Quad"),
];
const NAKED_SETS: [(f64, &str); 3] = [
    (3.0, "Naked Pair"),
    (3.6, "Naked Triplet"),
    (5.0, "Naked Quad"),
];
const FISH: [(f64, &str); 3] = [(3.2, "X-Wing"), (3.8, "Swordfish"), (5.2, "Jellyfish")];

/// The rating and name of size `deg` (2 to 4) in one of those tables.
fn by_size(table: [(f64, &'static str); 3], deg: u32) -> (f64, &'static str) {
    table[(deg as usize).clamp(2, 4) - 2]
}

/// The union of `of(i)` over the set bits `i` of `m`.
#[inline]
fn union(m: u16, of: impl Fn(usize) -> u16) -> u16 {
    let mut union = 0;
    let mut b = m;
    while b != 0 {
        union |= of(b.trailing_zeros() as usize);
        b &= b - 1;
    }
    union
}

/// The indexes of the set bits of `m`, in increasing order.
#[inline]
fn ones(m: u16) -> impl Iterator<Item = usize> {
    std::iter::successors((m != 0).then_some(m), |&b| {
        let b = b & (b - 1);
        (b != 0).then_some(b)
    })
    .map(|b| b.trailing_zeros() as usize)
}

/// The first hint a finder reports (SE takes that one).
pub(crate) fn first(each: impl FnOnce(&mut Found<'_>) -> ControlFlow<()>) -> Option<Hint> {
    let mut hint = None;
    let _ = each(&mut |h, _| {
        hint = Some(h);
        ControlFlow::Break(())
    });
    hint
}

/// Hidden singles: first the last empty cell of a region (1.0), then hidden singles in
/// boxes (1.2), columns and rows (1.5).
pub(crate) fn hidden_single(g: &Grid, pos: &Pos) -> Option<Hint> {
    // Empty cells per region.
    let mut empty = [0u8; 27];
    for (cell, houses) in SE_CELL_REGIONS.iter().enumerate() {
        if g.v[cell] == 0 {
            for &(r, _) in houses {
                empty[r as usize] += 1;
            }
        }
    }
    for alone in [true, false] {
        for base in BCR {
            for r in base..base + 9 {
                if (empty[r] == 1) != alone {
                    continue;
                }
                for d in 1..=9u8 {
                    let p = pos[r][d as usize - 1];
                    if n(p) == 1 {
                        let cell = region(r)[p.trailing_zeros() as usize] as usize;
                        let (diff, name) = if alone {
                            (1.0, "Full House")
                        } else if base == BOX {
                            (1.2, "Hidden Single (box)")
                        } else {
                            (1.5, "Hidden Single")
                        };
                        return Some(Hint::place(diff, name, cell, d));
                    }
                }
            }
        }
    }
    None
}

/// Naked single (2.3), cells row by row.
pub(crate) fn naked_single(g: &Grid) -> Option<Hint> {
    (0..81)
        .find(|&c| n(g.c[c]) == 1)
        .map(|c| Hint::place(2.3, "Naked Single", c, digits::first(g.c[c])))
}

/// Pointing and claiming. `direct`: only when the eliminations leave a hidden single in
/// another region of the first kind (1.7 pointing, 1.9 claiming; the hint places that
/// single and removes nothing); else 2.6 pointing, 2.8 claiming.
#[cfg(test)]
pub(crate) fn locking(pos: &Pos, direct: bool) -> Option<Hint> {
    first(|found| locking_each(pos, direct, &Focus::ALL, found))
}

/// [`locking`]'s hints, each reported to `found` in SE's order.
pub(crate) fn locking_each(
    pos: &Pos,
    direct: bool,
    focus: &Focus,
    found: &mut Found<'_>,
) -> ControlFlow<()> {
    for (t1, t2) in [(BOX, COL), (BOX, ROW), (COL, BOX), (ROW, BOX)] {
        for r1 in t1..t1 + 9 {
            // The digits of r1 that may lock: two places or more, in focus.
            let many = (0..9)
                .filter(|&i| pos[r1][i].several())
                .fold(0u16, |m, i| m | 1 << i)
                & focus.digits[r1];
            if many == 0 {
                continue;
            }
            for r2 in t2..t2 + 9 {
                // Positions in r1 of the cells r1 shares with r2.
                let shared = INTER[r1][r2];
                if shared == 0 {
                    continue;
                }
                for i in ones(many) {
                    let (d, p1) = (i as u8 + 1, pos[r1][i]);
                    if p1 & !shared != 0 {
                        continue;
                    }
                    if direct {
                        for r3 in t1..t1 + 9 {
                            let shared3 = INTER[r3][r2];
                            if r3 == r1 || shared3 == 0 {
                                continue;
                            }
                            let p3 = pos[r3][i];
                            if !p3.several() {
                                continue;
                            }
                            let rest = p3 & !shared3;
                            if n(rest) == 1 {
                                let (diff, name) = if t1 == BOX {
                                    (1.7, "Direct Pointing")
                                } else {
                                    (1.9, "Direct Claiming")
                                };
                                let cell = region(r3)[rest.trailing_zeros() as usize] as usize;
                                found(
                                    Hint::place(diff, name, cell, d),
                                    Pattern::Locking { r1, r2, d },
                                )?;
                            }
                        }
                    } else {
                        let out = pos[r2][i] & !INTER[r2][r1];
                        if out != 0 {
                            let elim: Vec<(u8, u16)> = cells_at(r2, out)
                                .map(|c| (c as u8, digits::bit(d)))
                                .collect();
                            let (diff, name) = if t1 == BOX {
                                (2.6, "Pointing")
                            } else {
                                (2.8, "Claiming")
                            };
                            found(Hint::elim(diff, name, elim), Pattern::Locking { r1, r2, d })?;
                        }
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Hidden sets of `deg` digits. `direct`: only when removing the other digits of the set's
/// cells leaves a hidden single in the region (2.0 pair, 2.5 triple; it places that single).
#[cfg(test)]
pub(crate) fn hidden_set(g: &Grid, all: &Pos, deg: u32, direct: bool) -> Option<Hint> {
    first(|found| hidden_set_each(g, all, deg, direct, &Focus::ALL, found))
}

/// [`hidden_set`]'s hints, each reported to `found` in SE's order.
pub(crate) fn hidden_set_each(
    g: &Grid,
    all: &Pos,
    deg: u32,
    direct: bool,
    focus: &Focus,
    found: &mut Found<'_>,
) -> ControlFlow<()> {
    for base in BCR {
        for r in base..base + 9 {
            let wanted = focus.digits[r];
            if wanted == 0 {
                continue;
            }
            let empty = g.empty(r);
            if !(empty > deg * 2 || (direct && empty > deg)) {
                continue;
            }
            let pos = &all[r];
            // Digits with two places or more: the others are in no set.
            let many = (0..9)
                .filter(|&i| n(pos[i]) > 1)
                .fold(0u16, |m, i| m | 1 << i);
            for vals in combos(deg, 9) {
                if vals & !many != 0 || vals & wanted == 0 {
                    continue;
                }
                let union = union(vals, |i| pos[i]);
                if n(union) != deg {
                    continue;
                }
                if direct {
                    for d in 1..=9u8 {
                        if vals & digits::bit(d) != 0 || n(pos[d as usize - 1]) <= 1 {
                            continue;
                        }
                        let rest = pos[d as usize - 1] & !union;
                        if n(rest) == 1 {
                            let cell = region(r)[rest.trailing_zeros() as usize] as usize;
                            let (diff, name) = if deg == 2 {
                                (2.0, "Direct Hidden Pair")
                            } else {
                                (2.5, "Direct Hidden Triplet")
                            };
                            let pattern = Pattern::HiddenSet {
                                r,
                                digits: vals,
                                places: union,
                            };
                            found(Hint::place(diff, name, cell, d), pattern)?;
                        }
                    }
                } else {
                    let elim = g.elims(cells_at(r, union), !vals);
                    if !elim.is_empty() {
                        let (diff, name) = by_size(HIDDEN_SETS, deg);
                        let (digits, places) = (vals, union);
                        let pattern = Pattern::HiddenSet { r, digits, places };
                        found(Hint::elim(diff, name, elim), pattern)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Naked sets of `deg` cells (3.0 pair, 3.6 triple, 5.0 quad).
#[cfg(test)]
pub(crate) fn naked_set(g: &Grid, deg: u32) -> Option<Hint> {
    first(|found| naked_set_each(g, deg, &Focus::ALL, found))
}

/// [`naked_set`]'s hints, each reported to `found` in SE's order.
pub(crate) fn naked_set_each(
    g: &Grid,
    deg: u32,
    focus: &Focus,
    found: &mut Found<'_>,
) -> ControlFlow<()> {
    for base in BCR {
        for r in base..base + 9 {
            let wanted = focus.cells[r];
            if wanted == 0 || g.empty(r) < deg * 2 {
                continue;
            }
            let cands: [u16; 9] = std::array::from_fn(|i| g.c[region(r)[i] as usize]);
            // Cells with two candidates or more: the others are in no set.
            let many = (0..9)
                .filter(|&i| n(cands[i]) > 1)
                .fold(0u16, |m, i| m | 1 << i);
            for m in combos(deg, 9) {
                if m & !many != 0 || m & wanted == 0 {
                    continue;
                }
                let union = union(m, |i| cands[i]);
                if n(union) != deg {
                    continue;
                }
                let elim = g.elims(cells_at(r, !m), union);
                if !elim.is_empty() {
                    let (diff, name) = by_size(NAKED_SETS, deg);
                    let (places, digits) = (m, union);
                    let pattern = Pattern::NakedSet { r, places, digits };
                    found(Hint::elim(diff, name, elim), pattern)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Fish of `deg` lines: columns as base first, then rows (3.2 X-Wing, 3.8 Swordfish, 5.2
/// Jellyfish).
#[cfg(test)]
pub(crate) fn fish(g: &Grid, all: &Pos, deg: u32) -> Option<Hint> {
    first(|found| fish_each(g, all, deg, &Focus::ALL, found))
}

/// [`fish`]'s hints, each reported to `found` in SE's order.
pub(crate) fn fish_each(
    g: &Grid,
    all: &Pos,
    deg: u32,
    focus: &Focus,
    found: &mut Found<'_>,
) -> ControlFlow<()> {
    let mut placed = [0u32; 10];
    for &v in &g.v {
        placed[v as usize] += 1;
    }
    for (base, cover) in [(COL, ROW), (ROW, COL)] {
        let pos = &all[base..base + 9];
        // Per digit, the lines where it has two places or more: the others are in no fish.
        let many: [u16; 9] = std::array::from_fn(|d| {
            (0..9)
                .filter(|&i| n(pos[i][d]) > 1)
                .fold(0u16, |m, i| m | 1 << i)
        });
        // Per digit, the lines in focus.
        let wanted: [u16; 9] = std::array::from_fn(|d| {
            (0..9)
                .filter(|&i| focus.digits[base + i] & (1 << d) != 0)
                .fold(0u16, |m, i| m | 1 << i)
        });
        // The digits that may make a fish.
        let fishy = (0..9)
            .filter(|&di| wanted[di] != 0 && placed[di + 1] + deg * 2 <= 9)
            .fold(0u16, |m, di| m | 1 << di);
        if fishy == 0 {
            continue;
        }
        for m in combos(deg, 9) {
            for di in ones(fishy) {
                let (d, lines) = (di + 1, many[di]);
                if m & !lines != 0 || m & wanted[di] == 0 {
                    continue;
                }
                let union = union(m, |l| pos[l][di]);
                if n(union) != deg {
                    continue;
                }
                let mut elim = Vec::new();
                for j in 0..9 {
                    if union & (1 << j) != 0 {
                        for i in 0..9 {
                            let c = region(cover + j)[i];
                            if m & (1 << i) == 0 && g.has(c as usize, d as u8) {
                                elim.push((c, digits::bit(d as u8)));
                            }
                        }
                    }
                }
                if !elim.is_empty() {
                    let (diff, name) = by_size(FISH, deg);
                    let pattern = Pattern::Fish {
                        base,
                        lines: m,
                        covers: union,
                        d: d as u8,
                    };
                    found(Hint::elim(diff, name, elim), pattern)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// XY-Wing (4.2) and XYZ-Wing (4.4).
#[cfg(test)]
pub(crate) fn xy_wing(g: &Grid, xyz: bool) -> Option<Hint> {
    xy_wing_since(g, xyz, None)
}

/// [`xy_wing`], knowing that it found nothing in an earlier position of the path whose
/// candidates differ from `g`'s only in the cells `changed` (bit = cell), if given: a wing
/// depends only on the candidates of its three cells and of the cells its pincers both
/// see, so a wing none of whose cells changed is skipped.
pub(crate) fn xy_wing_since(g: &Grid, xyz: bool, changed: Option<u128>) -> Option<Hint> {
    let target = if xyz { 3 } else { 2 };
    // The pincers are bivalue cells: the others need not be visited.
    let bivalue: CellSet = (0..81).filter(|&c| n(g.c[c]) == 2).collect();
    for xy in 0..81 {
        let vxy = g.c[xy];
        if n(vxy) != target {
            continue;
        }
        let pincers = PEERS[xy] & bivalue;
        for xz in pincers {
            let vxz = g.c[xz];
            if n(vxy & !vxz) != 1 {
                continue;
            }
            for yz in pincers {
                let vyz = g.c[yz];
                let union = vxy | vxz | vyz;
                let inter = vxy & vxz & vyz;
                if n(union) != 3 || n(inter) != if xyz { 1 } else { 0 } {
                    continue;
                }
                if let Some(ch) = changed
                    && ch & (1u128 << xy | 1u128 << xz | 1u128 << yz | (PEERS[xz].0 & PEERS[yz].0))
                        == 0
                {
                    continue;
                }
                let z = vxz & vyz;
                let elim: Vec<(u8, u16)> = PEERS[xz]
                    .iter()
                    .filter(|&c| {
                        c != xy
                            && c != yz
                            && sees(c, yz)
                            && (!xyz || sees(c, xy))
                            && g.c[c] & z != 0
                    })
                    .map(|c| (c as u8, z))
                    .collect();
                if !elim.is_empty() {
                    let (diff, name) = if xyz {
                        (4.4, "XYZ-Wing")
                    } else {
                        (4.2, "XY-Wing")
                    };
                    return Some(Hint::elim(diff, name, elim));
                }
            }
        }
    }
    None
}
