//! Intersections on any shape: a digit whose candidates in house A all lie where A meets
//! house B is in A∩B, so it leaves the rest of B.
//!
//! Box–line on boxed grids, region–line on jigsaws, diagonal–box on X grids, window–line and
//! window–box on hyper grids: every pair of houses meeting in two cells or more. The step is
//! "pointing" when A is a block (a box, region or window) and "claiming" when A is a line (a
//! row, column or diagonal), the classic names for the two directions. Locked pairs and
//! triples are naked subsets; their finder is in `subsets`.

use std::ops::ControlFlow;

use super::{Candidate, Flow, GeneralEvidence, GeneralGrid, GeneralSink, GeneralStep};
use crate::geometry::HouseKind;
use crate::logic::Technique;

/// Whether a house is a block (the base of a pointing step) rather than a line.
fn is_block(kind: HouseKind) -> bool {
    matches!(kind, HouseKind::Box | HouseKind::Region | HouseKind::Window)
}

/// Pointing (`pointing`: the base house is a block) or claiming (a line).
pub(super) fn locked(grid: &GeneralGrid, pointing: bool, sink: &mut GeneralSink<'_>) -> Flow {
    let shape = grid.shape();
    let technique = if pointing {
        Technique::Pointing
    } else {
        Technique::Claiming
    };
    for &(base, cover, common) in shape.crossings() {
        if is_block(shape.kind(base)) != pointing {
            continue;
        }
        for digit in 1..=shape.size() as u8 {
            let cells = grid.house_cells_with(base, digit);
            if cells.len() < 2 || !cells.is_subset(&common) {
                continue;
            }
            let elims = grid.house_cells_with(cover, digit) - shape.house(base);
            if elims.is_empty() {
                continue;
            }
            sink(GeneralStep::elimination(
                technique,
                elims.iter().map(|c| Candidate::new(c, digit)).collect(),
                GeneralEvidence {
                    houses: vec![base],
                    cover: vec![cover],
                    cells: cells.to_vec(),
                    digits: 1 << (digit - 1),
                    ..GeneralEvidence::default()
                },
            ))?;
        }
    }
    ControlFlow::Continue(())
}
