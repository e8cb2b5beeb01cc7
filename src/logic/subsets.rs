//! Subsets: naked and hidden pairs, triples and quads (and the locked pairs and triples that
//! `intersections` reports).

use std::ops::ControlFlow;

use crate::geometry::bits::ones;
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
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => {
            naked(grid, t, sink)
        }
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => {
            hidden(grid, t, sink)
        }
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
            f(h, at_positions(h, sub), mask)
        })?;
    }
    ControlFlow::Continue(())
}

/// The cells of house `h` at `positions` (bit `i`: the house's cell `i`).
#[inline]
fn at_positions(h: usize, positions: u16) -> CellSet {
    ones(positions)
        .map(|i| usize::from(HOUSE_CELLS[h][i]))
        .collect()
}

/// Whether a subset's cells lie in a box and a line at once (a locked subset).
fn is_locked(cells: CellSet) -> bool {
    cells.common_houses().count_ones() == 2
}

/// What a person needs to see a subset: its houses, cells and digits.
fn subset(houses: Vec<u8>, cells: CellSet, digits: u16) -> Evidence {
    Evidence {
        houses,
        cells,
        digits,
        ..Evidence::default()
    }
}

/// Naked subsets: `n` cells of a house with `n` digits between them; the digits leave the rest
/// of the house. Subsets of two or three cells that lie in a box and a line at once are the
/// locked pairs and triples (`technique` says which kind is wanted); their digits leave the
/// rest of both houses.
pub(super) fn naked(grid: &Grid, technique: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let n = technique.subset_size();
    let locked = matches!(technique, Technique::LockedPair | Technique::LockedTriple);
    naked_subsets(grid, n, &mut |h, cells, mask| {
        // A locked subset is found once, from its box (first in the search order).
        if (n <= 3 && is_locked(cells)) != locked || (locked && h < 18) {
            return ControlFlow::Continue(());
        }
        let mut houses = vec![h as u8];
        let mut region = house(h);
        if locked {
            let line = (cells.common_houses() & !(1 << h)).trailing_zeros() as usize;
            houses.push(line as u8);
            region |= house(line);
        }
        let elims = grid.candidates_in(region - cells, mask);
        if elims.is_empty() {
            return ControlFlow::Continue(());
        }
        sink(Step::elimination(
            technique,
            elims,
            subset(houses, cells, mask),
        ))
    })
}

/// Hidden subsets: `n` digits of a house confined to the same `n` cells; those cells lose
/// every other candidate.
fn hidden(grid: &Grid, technique: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let n = technique.subset_size();
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
            let cells = at_positions(h, positions);
            let elims = grid.candidates_in(cells, digits::ALL & !mask);
            if elims.is_empty() {
                return ControlFlow::Continue(());
            }
            sink(Step::elimination(
                technique,
                elims,
                subset(vec![h as u8], cells, mask),
            ))
        })?;
    }
    ControlFlow::Continue(())
}
