//! Subsets: naked and hidden pairs, triples and quads (and the locked pairs and triples that
//! `intersections` reports).

use std::ops::ControlFlow;

use crate::geometry::{CellSet, digits};

use super::{Evidence, Grid, Sink, Step, Technique};
use crate::geometry::classic::{HOUSE_CELLS, house};

/// Whether this file has a finder for `t`.
pub(super) fn implements(t: Technique) -> bool {
    matches!(
        t,
        Technique::NakedPair
            | Technique::NakedTriple
            | Technique::NakedQuad
            | Technique::HiddenPair
            | Technique::HiddenTriple
            | Technique::HiddenQuad
    )
}

pub(super) fn find(grid: &Grid, t: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match t {
        Technique::NakedPair => naked(grid, 2, sink),
        Technique::NakedTriple => naked(grid, 3, sink),
        Technique::NakedQuad => naked(grid, 4, sink),
        Technique::HiddenPair => hidden(grid, 2, sink),
        Technique::HiddenTriple => hidden(grid, 3, sink),
        Technique::HiddenQuad => hidden(grid, 4, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// Houses in the order they are searched: boxes, rows, columns.
const ORDER: [usize; 27] = [
    18, 19, 20, 21, 22, 23, 24, 25, 26, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
    17,
];

/// Every choice of `n` of the items in `open` (bits 0..9: a house's cells, or digits) whose
/// masks (`masks[i]` for item `i`: a cell's digits, or a digit's places) cover exactly `n`
/// bits between them: `f(choice, cover)`. Choices come in increasing order of `choice`
/// read as a number, so the first one found does not depend on how the search prunes; a
/// partial choice that already covers more than `n` bits is not extended.
fn tight(
    masks: &[u16; 9],
    open: u16,
    n: usize,
    f: &mut dyn FnMut(u16, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    // The highest item is chosen first: increasing numeric order is by the highest bit,
    // then the next highest, and so on.
    fn extend(
        masks: &[u16; 9],
        below: u16,
        left: usize,
        chosen: u16,
        cover: u16,
        n: usize,
        f: &mut dyn FnMut(u16, u16) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut rest = below;
        while rest != 0 {
            let top = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let lower = below & ((1 << top) - 1);
            if digits::count(lower) + 1 < left {
                continue;
            }
            let cover = cover | masks[top];
            if digits::count(cover) > n {
                continue;
            }
            let chosen = chosen | 1 << top;
            if left == 1 {
                if digits::count(cover) == n {
                    f(chosen, cover)?;
                }
            } else {
                extend(masks, lower, left - 1, chosen, cover, n, f)?;
            }
        }
        ControlFlow::Continue(())
    }
    extend(masks, open, n, 0, 0, n, f)
}

/// Every naked subset of `n` cells in a house: `f(house, cells, digits)`.
fn naked_subsets(
    grid: &Grid,
    n: usize,
    f: &mut dyn FnMut(usize, CellSet, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for h in ORDER {
        let cells = &HOUSE_CELLS[h];
        // Positions (0..9) in the house of open cells with 2..=n candidates, and their
        // candidates.
        let mut open = 0u16;
        let mut cands = [0u16; 9];
        for (i, &c) in cells.iter().enumerate() {
            cands[i] = grid.candidates(usize::from(c));
            let k = digits::count(cands[i]);
            if (2..=n).contains(&k) {
                open |= 1 << i;
            }
        }
        if digits::count(open) < n {
            continue;
        }
        tight(&cands, open, n, &mut |sub, mask| {
            let mut set = CellSet::EMPTY;
            let mut bits = sub;
            while bits != 0 {
                set.insert(usize::from(cells[bits.trailing_zeros() as usize]));
                bits &= bits - 1;
            }
            f(h, set, mask)
        })?;
    }
    ControlFlow::Continue(())
}

/// Whether a subset's cells lie in a box and a line at once (a locked subset).
fn is_locked(cells: CellSet) -> bool {
    cells.common_houses().count_ones() == 2
}

/// Naked subsets: `n` cells of a house with `n` digits between them; the digits leave the rest
/// of the house. Subsets of two or three cells that lie in a box and a line are locked pairs
/// and triples, reported by [`locked`] instead.
fn naked(grid: &Grid, n: usize, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let technique = match n {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    naked_subsets(grid, n, &mut |h, cells, mask| {
        if n <= 3 && is_locked(cells) {
            return ControlFlow::Continue(());
        }
        let elims = grid.candidates_in(house(h) - cells, mask);
        if elims.is_empty() {
            return ControlFlow::Continue(());
        }
        sink(Step::elimination(
            technique,
            elims,
            Evidence {
                houses: vec![h as u8],
                cells,
                digits: mask,
                ..Evidence::default()
            },
        ))
    })
}

/// Locked pairs and triples: a naked subset in a box and a line at once; its digits leave the
/// rest of both.
pub(super) fn locked(grid: &Grid, n: usize, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let technique = if n == 2 {
        Technique::LockedPair
    } else {
        Technique::LockedTriple
    };
    naked_subsets(grid, n, &mut |h, cells, mask| {
        // Found once from its box, which comes first in the search order.
        if h < 18 || !is_locked(cells) {
            return ControlFlow::Continue(());
        }
        let line = (cells.common_houses() & !(1 << h)).trailing_zeros() as usize;
        let elims = grid.candidates_in((house(h) | house(line)) - cells, mask);
        if elims.is_empty() {
            return ControlFlow::Continue(());
        }
        sink(Step::elimination(
            technique,
            elims,
            Evidence {
                houses: vec![h as u8, line as u8],
                cells,
                digits: mask,
                ..Evidence::default()
            },
        ))
    })
}

/// Hidden subsets: `n` digits of a house confined to the same `n` cells; those cells lose
/// every other candidate.
fn hidden(grid: &Grid, n: usize, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let technique = match n {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    for h in ORDER {
        let house_cells = &HOUSE_CELLS[h];
        // places[d - 1]: the positions (bit i for the house's i-th cell) where digit d may go.
        // Worked on as 9-bit masks rather than cell sets: a count is then one table look-up.
        let mut places = [0u16; 9];
        for (i, &c) in house_cells.iter().enumerate() {
            for d in digits::iter(grid.candidates(usize::from(c))) {
                places[usize::from(d - 1)] |= 1 << i;
            }
        }
        // Digits (bit d-1) with 2..=n places in the house.
        let mut open = 0u16;
        for (d, &p) in places.iter().enumerate() {
            if (2..=n).contains(&digits::count(p)) {
                open |= 1 << d;
            }
        }
        if digits::count(open) < n {
            continue;
        }
        tight(&places, open, n, &mut |mask, positions| {
            let mut cells = CellSet::EMPTY;
            let mut bits = positions;
            while bits != 0 {
                cells.insert(usize::from(house_cells[bits.trailing_zeros() as usize]));
                bits &= bits - 1;
            }
            let elims = grid.candidates_in(cells, digits::ALL & !mask);
            if elims.is_empty() {
                return ControlFlow::Continue(());
            }
            sink(Step::elimination(
                technique,
                elims,
                Evidence {
                    houses: vec![h as u8],
                    cells,
                    digits: mask,
                    ..Evidence::default()
                },
            ))
        })?;
    }
    ControlFlow::Continue(())
}
