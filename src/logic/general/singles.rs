//! Singles on any shape: full house, hidden single, naked single.

use std::ops::ControlFlow;

use super::{Flow, GeneralEvidence, GeneralGrid, GeneralSink, GeneralStep};
use crate::geometry::bits::Mask;
use crate::logic::Technique;

/// The single `digit` in `cell`, found in house `h` (none for a naked single).
fn single(technique: Technique, h: Option<usize>, cell: usize, digit: u8) -> GeneralStep {
    let evidence = GeneralEvidence {
        houses: h.into_iter().collect(),
        cells: vec![cell],
        digits: 1 << (digit - 1),
        ..GeneralEvidence::default()
    };
    GeneralStep::placement(technique, cell, digit, evidence)
}

/// A house with one open cell: the digit it lacks goes there.
pub(super) fn full_house(grid: &GeneralGrid, sink: &mut GeneralSink<'_>) -> Flow {
    let shape = grid.shape();
    for &h in shape.scan() {
        let open = shape.house(h) & grid.open();
        if !open.is_single() {
            continue;
        }
        let Some(cell) = open.first_cell() else {
            continue;
        };
        let placed = shape
            .house_cells(h)
            .iter()
            .filter(|&&c| grid.value(c) != 0)
            .fold(0u32, |m, &c| m | 1 << (grid.value(c) - 1));
        let missing = grid.geometry().all_digits() & !placed;
        if missing.count_ones() == 1 && grid.candidates(cell) & missing != 0 {
            let digit = missing.trailing_zeros() as u8 + 1;
            sink(single(Technique::FullHouse, Some(h), cell, digit))?;
        }
    }
    ControlFlow::Continue(())
}

/// A digit with one place left in a house.
pub(super) fn hidden_single(grid: &GeneralGrid, sink: &mut GeneralSink<'_>) -> Flow {
    let shape = grid.shape();
    for &h in shape.scan() {
        for digit in 1..=shape.size() as u8 {
            let places = grid.house_cells_with(h, digit);
            if !places.is_single() {
                continue;
            }
            if let Some(cell) = places.first_cell() {
                sink(single(Technique::HiddenSingle, Some(h), cell, digit))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// A cell with one candidate left.
pub(super) fn naked_single(grid: &GeneralGrid, sink: &mut GeneralSink<'_>) -> Flow {
    for cell in grid.open().iter() {
        let cands = grid.candidates(cell);
        if cands.exactly_one() {
            let digit = cands.trailing_zeros() as u8 + 1;
            sink(single(Technique::NakedSingle, None, cell, digit))?;
        }
    }
    ControlFlow::Continue(())
}
