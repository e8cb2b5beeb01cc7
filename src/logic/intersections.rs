//! Intersections: locked candidates (pointing and claiming), locked pairs and triples.
//!
//! Locked pairs and triples are naked subsets that lie in a box and a line at once; their
//! finder is in `subsets`, which knows subsets, and is dispatched from here.

use std::ops::ControlFlow;

use super::cells::{digits, house};
use super::{Candidate, Evidence, Grid, Sink, Step, Technique, subsets};

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
        Technique::LockedPair => subsets::locked(grid, 2, sink),
        Technique::LockedTriple => subsets::locked(grid, 3, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// Pointing: a digit of a box confined to one line leaves the rest of the line. Claiming: a
/// digit of a line confined to one box leaves the rest of the box.
fn locked(grid: &Grid, pointing: bool, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let bases = if pointing { 18..27 } else { 0..18 };
    for base in bases {
        for digit in 1..=9 {
            let cells = grid.house_cells_with(base, digit);
            if cells.len() < 2 {
                continue;
            }
            let shared = cells.common_houses() & !(1 << base);
            if shared == 0 {
                continue;
            }
            let cover = shared.trailing_zeros() as usize;
            let targets = grid.cells_with(digit) & house(cover);
            let elims = targets - house(base);
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
