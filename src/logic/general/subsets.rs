//! Subsets on any shape: naked and hidden pairs, triples and quads, and the locked pairs and
//! triples that `intersections` reports.
//!
//! A naked subset's n cells share a house, so they hold its n digits, one each: a digit of
//! the subset leaves every other cell that sees all the subset's cells holding it. That is
//! the rest of the house, of a second house the cells share (a locked subset), and on
//! anti-knight or anti-king grids the cells a move away from all of them.

use std::ops::ControlFlow;

use super::{Candidate, Cells, Flow, GeneralEvidence, GeneralGrid, GeneralSink, GeneralStep};
use crate::logic::Technique;

pub(super) fn find(g: &GeneralGrid, t: Technique, sink: &mut GeneralSink<'_>) -> Flow {
    match t {
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => naked(g, t, sink),
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => {
            hidden(g, t, sink)
        }
        _ => ControlFlow::Continue(()),
    }
}

/// Every choice of `n` of the items in `open` (bit `i`: item `i`) whose masks (`masks[i]`)
/// cover exactly `n` bits between them: `f(choice, cover)`, in increasing order of the
/// lowest items. A partial choice covering more than `n` bits is not extended.
pub(super) fn tight(
    masks: &[u32],
    open: u32,
    n: usize,
    f: &mut dyn FnMut(u32, u32) -> Flow,
) -> Flow {
    fn extend(
        masks: &[u32],
        rest: u32,
        left: usize,
        chosen: u32,
        cover: u32,
        n: usize,
        f: &mut dyn FnMut(u32, u32) -> Flow,
    ) -> Flow {
        let mut rest = rest;
        while rest != 0 {
            if (rest.count_ones() as usize) < left {
                break;
            }
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let cover = cover | masks[i];
            if cover.count_ones() as usize > n {
                continue;
            }
            let chosen = chosen | 1 << i;
            if left == 1 {
                if cover.count_ones() as usize == n {
                    f(chosen, cover)?;
                }
            } else {
                extend(masks, rest, left - 1, chosen, cover, n, f)?;
            }
        }
        ControlFlow::Continue(())
    }
    extend(masks, open, n, 0, 0, n, f)
}

/// What [`naked_subsets`] calls with each subset: `f(house, cells, digits)`.
type SubsetFn<'a> = dyn FnMut(usize, &[usize], u32) -> Flow + 'a;

/// Every naked subset of `n` cells in a house: `f(house, cells, digits)`.
fn naked_subsets(grid: &GeneralGrid, n: usize, f: &mut SubsetFn<'_>) -> Flow {
    let shape = grid.shape();
    let mut masks = vec![0u32; shape.size()];
    let mut chosen_cells = Vec::with_capacity(n);
    for &h in shape.scan() {
        let cells = shape.house_cells(h);
        let mut open = 0u32;
        for (i, &c) in cells.iter().enumerate() {
            masks[i] = grid.candidates(c);
            if (2..=n).contains(&(masks[i].count_ones() as usize)) {
                open |= 1 << i;
            }
        }
        if (open.count_ones() as usize) < n {
            continue;
        }
        tight(&masks, open, n, &mut |sub, mask| {
            chosen_cells.clear();
            chosen_cells.extend(super::bits(sub).map(|i| cells[i]));
            f(h, &chosen_cells, mask)
        })?;
    }
    ControlFlow::Continue(())
}

/// The houses holding every one of `cells`, in scan order.
fn common_houses(grid: &GeneralGrid, cells: &[usize]) -> Vec<usize> {
    let shape = grid.shape();
    let set: Cells = cells.iter().copied().collect();
    shape
        .scan()
        .iter()
        .copied()
        .filter(|&h| set.is_subset(&shape.house(h)))
        .collect()
}

/// What a person needs to see a subset: its houses, cells and digits.
fn subset(houses: Vec<usize>, cells: Vec<usize>, digits: u32) -> GeneralEvidence {
    GeneralEvidence {
        houses,
        cells,
        digits,
        ..GeneralEvidence::default()
    }
}

/// What a naked subset removes: each of its digits from every other cell that sees all of
/// the subset's cells holding that digit.
fn naked_eliminations(grid: &GeneralGrid, cells: &[usize], mask: u32) -> Vec<Candidate> {
    let set: Cells = cells.iter().copied().collect();
    let mut out = Vec::new();
    for d in super::digits(mask) {
        let mut targets = grid.cells_with(d) - set;
        for &c in cells {
            if grid.has(c, d) {
                targets &= grid.shape().peers(c);
            }
        }
        out.extend(targets.iter().map(|c| Candidate::new(c, d)));
    }
    out
}

/// Naked subsets: `n` cells of a house with `n` digits between them. Pairs and triples whose
/// cells share two houses or more are the locked pairs and triples (`technique` says which
/// kind is wanted), found once, from the first shared house scanned; their digits leave the
/// rest of all of them.
pub(super) fn naked(grid: &GeneralGrid, technique: Technique, sink: &mut GeneralSink<'_>) -> Flow {
    let n = technique.subset_size();
    let locked = matches!(technique, Technique::LockedPair | Technique::LockedTriple);
    naked_subsets(grid, n, &mut |h, cells, mask| {
        let common = common_houses(grid, cells);
        let in_two = n <= 3 && common.len() >= 2;
        if in_two != locked || (locked && common[0] != h) {
            return ControlFlow::Continue(());
        }
        let elims = naked_eliminations(grid, cells, mask);
        if elims.is_empty() {
            return ControlFlow::Continue(());
        }
        let houses = if locked { common } else { vec![h] };
        sink(GeneralStep::elimination(
            technique,
            elims,
            subset(houses, cells.to_vec(), mask),
        ))
    })
}

/// Hidden subsets: `n` digits of a house confined to `n` of its cells; the cells lose every
/// other digit.
fn hidden(grid: &GeneralGrid, technique: Technique, sink: &mut GeneralSink<'_>) -> Flow {
    let n = technique.subset_size();
    let shape = grid.shape();
    let size = shape.size();
    let mut positions = vec![0u32; size];
    for &h in shape.scan() {
        let cells = shape.house_cells(h);
        positions.iter_mut().for_each(|p| *p = 0);
        for (i, &c) in cells.iter().enumerate() {
            for d in super::digits(grid.candidates(c)) {
                positions[usize::from(d - 1)] |= 1 << i;
            }
        }
        let mut open = 0u32;
        for (d, p) in positions.iter().enumerate() {
            if (2..=n).contains(&(p.count_ones() as usize)) {
                open |= 1 << d;
            }
        }
        if (open.count_ones() as usize) < n {
            continue;
        }
        tight(&positions, open, n, &mut |digit_bits, cover| {
            let mut elims = Vec::new();
            let chosen: Vec<usize> = super::bits(cover).map(|i| cells[i]).collect();
            for &c in &chosen {
                for d in super::digits(grid.candidates(c) & !digit_bits) {
                    elims.push(Candidate::new(c, d));
                }
            }
            if elims.is_empty() {
                return ControlFlow::Continue(());
            }
            sink(GeneralStep::elimination(
                technique,
                elims,
                subset(vec![h], chosen, digit_bits),
            ))
        })?;
    }
    ControlFlow::Continue(())
}
