//! Basic fish on any shape: X-Wing, Swordfish, Jellyfish over rows and columns.
//!
//! On digit d, n base lines (rows, or columns) whose candidates lie in n cross lines between
//! them: the n copies of d in the base lines fill the cross lines, so d leaves the rest of
//! the cross lines.

use std::ops::ControlFlow;

use super::subsets::tight;
use super::{Candidate, Cells, Flow, GeneralEvidence, GeneralGrid, GeneralSink, GeneralStep};
use crate::logic::Technique;

pub(super) fn find(g: &GeneralGrid, t: Technique, sink: &mut GeneralSink<'_>) -> Flow {
    let n = match t {
        Technique::XWing => 2,
        Technique::Swordfish => 3,
        Technique::Jellyfish => 4,
        _ => return ControlFlow::Continue(()),
    };
    basic(g, t, n, sink)
}

fn basic(grid: &GeneralGrid, t: Technique, n: usize, sink: &mut GeneralSink<'_>) -> Flow {
    let shape = grid.shape();
    let size = shape.size();
    let mut masks = vec![0u32; size];
    for digit in 1..=size as u8 {
        let places = grid.cells_with(digit);
        for rows in [true, false] {
            // Line i is house i (rows) or size + i (columns); its candidates as positions
            // across it.
            let base_house = |i: usize| if rows { i } else { size + i };
            let cover_house = |i: usize| if rows { size + i } else { i };
            let mut open = 0u32;
            for (i, mask) in masks.iter_mut().enumerate() {
                *mask = 0;
                for (p, &c) in shape.house_cells(base_house(i)).iter().enumerate() {
                    if places.contains(c) {
                        *mask |= 1 << p;
                    }
                }
                if (2..=n).contains(&(mask.count_ones() as usize)) {
                    open |= 1 << i;
                }
            }
            if (open.count_ones() as usize) < n {
                continue;
            }
            tight(&masks, open, n, &mut |base, cover| {
                let mut base_cells = Cells::EMPTY;
                for i in super::bits(base) {
                    base_cells |= shape.house(base_house(i));
                }
                let mut cover_cells = Cells::EMPTY;
                for i in super::bits(cover) {
                    cover_cells |= shape.house(cover_house(i));
                }
                let elims = (cover_cells & places) - base_cells;
                if elims.is_empty() {
                    return ControlFlow::Continue(());
                }
                sink(GeneralStep::elimination(
                    t,
                    elims.iter().map(|c| Candidate::new(c, digit)).collect(),
                    GeneralEvidence {
                        houses: super::bits(base).map(base_house).collect(),
                        cover: super::bits(cover).map(cover_house).collect(),
                        cells: (base_cells & places).to_vec(),
                        digits: 1 << (digit - 1),
                        ..GeneralEvidence::default()
                    },
                ))
            })?;
        }
    }
    ControlFlow::Continue(())
}
