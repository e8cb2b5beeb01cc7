//! Random complete grids.
//!
//! The three boxes on the main diagonal share no row, column or box, so any three
//! permutations of 1–9 there are consistent and (as is well known) always complete to a full
//! grid. The solver completes them; since its search is deterministic, the grid is then moved
//! by a random one of the transformations that keep a grid valid: bands and the rows inside
//! each band, stacks and the columns inside each stack, a transposition, and a relabelling of
//! the digits. About 3·10¹⁰ transformations times (9!)³ diagonals: plenty of variety, though
//! not exactly uniform over all grids.

use crate::board::{Board, CELLS};
use crate::solver;

use super::random::Stream;

/// A random complete grid drawn from `rng`.
pub fn random_grid(rng: &mut Stream) -> Board {
    loop {
        let mut cells = [0u8; CELLS];
        for b in [0, 4, 8] {
            let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            rng.shuffle(&mut digits);
            let (r0, c0) = (b / 3 * 3, b % 3 * 3);
            for (k, &d) in digits.iter().enumerate() {
                cells[(r0 + k / 3) * 9 + c0 + k % 3] = d;
            }
        }
        let start = Board::from_cells(cells).expect("digits are 1-9");
        // Always found; the loop only guards against that belief being wrong.
        if let Some(full) = solver::solve_first(&start) {
            return transform(&full, rng);
        }
    }
}

/// Three positions in a random order, with a random order inside each: a permutation of 0..9
/// that keeps bands (or stacks) together.
fn line_order(rng: &mut Stream) -> [usize; 9] {
    let mut blocks = [0, 1, 2];
    rng.shuffle(&mut blocks);
    let mut out = [0; 9];
    for (i, &b) in blocks.iter().enumerate() {
        let mut inner = [0, 1, 2];
        rng.shuffle(&mut inner);
        for (j, &k) in inner.iter().enumerate() {
            out[3 * i + j] = 3 * b + k;
        }
    }
    out
}

/// `grid` with its rows, columns and digits shuffled in ways that keep it valid.
fn transform(grid: &Board, rng: &mut Stream) -> Board {
    let rows = line_order(rng);
    let cols = line_order(rng);
    let transpose = rng.chance(1, 2);
    let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut digits);
    let src = grid.cells();
    let cells = std::array::from_fn(|cell| {
        let (r, c) = (rows[cell / 9], cols[cell % 9]);
        let from = if transpose { c * 9 + r } else { r * 9 + c };
        digits[usize::from(src[from]) - 1]
    });
    Board::from_cells(cells).expect("digits are 1-9")
}
