//! Intersections: locked candidates (pointing and claiming), locked pairs and triples.
//!
//! Locked pairs and triples are naked subsets that lie in a box and a line at once; their
//! finder is in `subsets`, which knows subsets, and is dispatched from here.

use std::ops::ControlFlow;

use crate::geometry::digits;

use super::{Candidate, Evidence, Grid, Sink, Step, Technique, subsets};
use crate::geometry::classic::{HOUSE_CELLS, house};

/// Whether this file has a finder for `t`.
pub(super) fn implements(t: Technique) -> bool {
    matches!(
        t,
        Technique::Pointing | Technique::Claiming | Technique::LockedPair | Technique::LockedTriple
    )
}

pub(super) fn find(grid: &Grid, t: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match t {
        Technique::Pointing => locked(grid, true, sink),
        Technique::Claiming => locked(grid, false, sink),
        Technique::LockedPair | Technique::LockedTriple => subsets::naked(grid, t, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The houses that meet house `h` in three cells: for a box, its three rows then its three
/// columns; for a row or column, the three boxes it passes through.
/// Returned on the stack (an array and its length): this runs for every house on every step.
fn crossing(h: usize) -> ([usize; 6], usize) {
    let first = usize::from(HOUSE_CELLS[h][0]);
    match h {
        18..=26 => {
            let (r, c) = (first / 9, first % 9);
            ([r, r + 1, r + 2, 9 + c, 10 + c, 11 + c], 6)
        }
        0..=8 => {
            let b = 18 + (h / 3) * 3;
            ([b, b + 1, b + 2, 0, 0, 0], 3)
        }
        _ => {
            let b = 18 + (h - 9) / 3;
            ([b, b + 3, b + 6, 0, 0, 0], 3)
        }
    }
}

/// Pointing: a digit of a box confined to one line leaves the rest of the line. Claiming: a
/// digit of a line confined to one box leaves the rest of the box.
fn locked(grid: &Grid, pointing: bool, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let bases = if pointing { 18..27 } else { 0..18 };
    for base in bases {
        let base_cells = house(base);
        // The three houses that cross the base in three cells each: for a box its rows and
        // columns, for a line the boxes it passes through.
        let (crossing, n) = crossing(base);
        let crossing = &crossing[..n];
        for digit in 1..=9 {
            let cells = grid.cells_with(digit) & base_cells;
            if !cells.several() {
                continue;
            }
            let Some(&cover) = crossing.iter().find(|&&h| cells.is_subset(house(h))) else {
                continue;
            };
            let elims = (grid.cells_with(digit) & house(cover)) - base_cells;
            if elims.is_empty() {
                continue;
            }
            let technique = if pointing {
                Technique::Pointing
            } else {
                Technique::Claiming
            };
            sink(Step::elimination(
                technique,
                elims.iter().map(|c| Candidate::new(c, digit)).collect(),
                Evidence {
                    houses: vec![base as u8],
                    cover: vec![cover as u8],
                    cells,
                    digits: digits::bit(digit),
                    ..Evidence::default()
                },
            ))?;
        }
    }
    ControlFlow::Continue(())
}
