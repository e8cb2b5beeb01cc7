//! Singles: full house, hidden single, naked single.

use std::ops::ControlFlow;

use crate::geometry::bits::Mask;
use crate::geometry::digits;

use super::{Evidence, Grid, Sink, Step, Technique};
use crate::geometry::classic::house;

/// Whether this file has a finder for `t`.
pub(super) fn implements(t: Technique) -> bool {
    matches!(
        t,
        Technique::FullHouse | Technique::HiddenSingle | Technique::NakedSingle
    )
}

/// Houses in the order people scan them for hidden singles: boxes, then rows, then columns.
const SCAN: [usize; 27] = [
    18, 19, 20, 21, 22, 23, 24, 25, 26, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
    17,
];

pub(super) fn find(grid: &Grid, t: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match t {
        Technique::FullHouse => full_house(grid, sink),
        Technique::HiddenSingle => hidden_single(grid, sink),
        Technique::NakedSingle => naked_single(grid, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The single `digit` in `cell`, found in house `h` (none for a naked single).
fn single(technique: Technique, h: Option<usize>, cell: usize, digit: u8) -> Step {
    let evidence = Evidence {
        houses: h.map(|h| vec![h as u8]).unwrap_or_default(),
        cells: super::CellSet::single(cell),
        digits: digits::bit(digit),
        ..Evidence::default()
    };
    Step::placement(technique, cell, digit, evidence)
}

/// A house with one open cell: the digit it lacks goes there.
fn full_house(grid: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for h in SCAN {
        let open = house(h) & grid.empty_cells();
        let Some(cell) = open.first() else { continue };
        if !open.exactly_one() {
            continue;
        }
        let placed = (house(h) & grid.filled())
            .iter()
            .fold(0u16, |m, c| m | digits::bit(grid.value(c)));
        let missing = digits::ALL & !placed;
        if missing.count_ones() == 1 && grid.candidates(cell) & missing != 0 {
            let digit = digits::first(missing);
            sink(single(Technique::FullHouse, Some(h), cell, digit))?;
        }
    }
    ControlFlow::Continue(())
}

/// A digit with one place left in a house.
fn hidden_single(grid: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for h in SCAN {
        for digit in 1..=9 {
            let places = grid.house_cells_with(h, digit);
            if places.exactly_one() {
                let cell = places.0.trailing_zeros() as usize;
                sink(single(Technique::HiddenSingle, Some(h), cell, digit))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// A cell with one candidate left.
fn naked_single(grid: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for cell in grid.empty_cells() {
        let cands = grid.candidates(cell);
        if cands.exactly_one() {
            let digit = digits::first(cands);
            sink(single(Technique::NakedSingle, None, cell, digit))?;
        }
    }
    ControlFlow::Continue(())
}
