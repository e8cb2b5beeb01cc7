//! The leaf search: the last few unsolved cells of a propagated state, finished by a plain
//! search over those cells instead of more guesses on the bitboards.

use std::ops::ControlFlow;

use super::fast::{Bmi2, Build, Portable, per_build};
use super::state::State;
use super::tables::CELL_UNITS;
use super::{Flow, Observer, SearchEnd, Searcher, Solution};

/// The unsolved cells of a state the leaf search completes ([`Searcher::leaf`]), at most
/// [`LEAF_CELLS`], each with its candidates, the other leaf cells it sees, and the digit
/// it has on the current path.
pub(super) struct Leaf {
    pub(super) len: usize,
    /// Cell `i` of the leaf is grid cell `cell[i]` (0..81).
    pub(super) cell: [u8; LEAF_CELLS],
    /// Bit `j` set when leaf cells `i` and `j` share a row, column or box (`i` itself not).
    pub(super) sees: [u32; LEAF_CELLS],
    /// The digit (0-based) of each assigned cell on the current path.
    pub(super) digit: [u8; LEAF_CELLS],
}

impl Leaf {
    /// Takes digit `bit` (one bit) from the open cells that see leaf cell `i`; returns those
    /// left with one digit or none (which [`Searcher::leaf_below`] tells apart when it
    /// places them).
    #[inline(always)]
    fn take(&self, digits: &mut [u16; LEAF_CELLS], i: usize, open: u32, bit: u16) -> u32 {
        let mut singles = 0;
        let mut peers = self.sees[i] & open;
        while peers != 0 {
            let j = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            let x = digits[j] & !bit;
            digits[j] = x;
            singles |= u32::from(x & x.wrapping_sub(1) == 0) << j;
        }
        singles
    }
}

/// A state with at most this many unsolved cells after propagation is finished by the leaf
/// search ([`Searcher::leaf`]) instead of more guesses and propagation. Other thresholds
/// tried, with their figures: docs/experiments.md.
pub(super) const LEAF_CELLS: usize = 24;

impl<O: Observer, F: FnMut(&Solution<'_>) -> ControlFlow<()>> Searcher<'_, O, F> {
    /// Finishes `st`, a propagated state with at most [`LEAF_CELLS`] unsolved cells, by a
    /// plain search over those cells: each takes one of its candidates, different from those
    /// of the unsolved cells it sees. Propagation has already removed from every unsolved
    /// cell the digits of the solved cells it sees, so a unit's unsolved cells have as
    /// candidates only the digits the unit still lacks, as many as there are cells: all
    /// different is then all that is left to satisfy. With so few cells left this costs a
    /// fraction of another round of guesses and propagation on the bitboards, which matters
    /// when counting (most of the search tree is near its leaves) and when a puzzle with
    /// several solutions needs a second one.
    ///
    /// The cell with the fewest digits left goes first: one digit is a forced placement,
    /// several make each a guess (counted, and seen by the observer, as on the bitboards).
    #[inline(never)]
    pub(super) fn leaf<B: Build>(&mut self, st: &State, depth: usize, build: B) -> Flow {
        let mut leaf = Leaf {
            len: 0,
            cell: [0; LEAF_CELLS],
            sees: [0; LEAF_CELLS],
            digit: [0; LEAF_CELLS],
        };
        let mut digits = [0u16; LEAF_CELLS];
        // The leaf cells of each row, column and box.
        let (mut rows, mut cols, mut boxes) = ([0u32; 9], [0u32; 9], [0u32; 9]);
        for b in 0..3 {
            let mut rest = st.unsolved[b];
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let (i, cell) = (leaf.len, 27 * b + p);
                leaf.cell[i] = cell as u8;
                digits[i] = st.digits(b, p) as u16;
                let [r, c, x] = CELL_UNITS[cell];
                rows[usize::from(r)] |= 1 << i;
                cols[usize::from(c)] |= 1 << i;
                boxes[usize::from(x)] |= 1 << i;
                leaf.len += 1;
            }
        }
        for i in 0..leaf.len {
            let [r, c, x] = CELL_UNITS[usize::from(leaf.cell[i])].map(usize::from);
            leaf.sees[i] = (rows[r] | cols[c] | boxes[x]) & !(1 << i);
        }
        let open = u32::MAX >> (32 - leaf.len);
        // Propagation left no cell with one digit.
        self.leaf_branch(st, &mut leaf, digits, open, depth, build)
    }

    /// The leaf search below a path: `open` has the leaf cells still without a digit,
    /// `digits[i]` the digits still possible on open cell `i`, and `singles` the open cells
    /// left with one digit (or none: the branch then fails) by the last placement.
    ///
    /// The singles are placed first, in a chain (each may make more), without a new level;
    /// then the first cell with two digits left (else one with the fewest) is branched on.
    #[inline(always)]
    fn leaf_below<B: Build>(
        &mut self,
        st: &State,
        leaf: &mut Leaf,
        mut digits: [u16; LEAF_CELLS],
        (mut open, mut singles): (u32, u32),
        depth: usize,
        build: B,
    ) -> Flow {
        // The cells placed here, for the observer to take back.
        let mut placed = [0u8; LEAF_CELLS];
        let mut n_placed = 0;
        let mut dead = false;
        while singles != 0 {
            let i = singles.trailing_zeros() as usize;
            singles &= singles - 1;
            let bit = digits[i];
            if bit == 0 {
                dead = true;
                break;
            }
            open &= !(1 << i);
            leaf.digit[i] = bit.trailing_zeros() as u8;
            if O::ENABLED {
                placed[n_placed] = i as u8;
                n_placed += 1;
                let (cell, d) = (usize::from(leaf.cell[i]), leaf.digit[i] + 1);
                self.observer.place(depth, cell, d, false);
            }
            singles |= leaf.take(&mut digits, i, open, bit);
        }
        let flow = if dead {
            ControlFlow::Continue(())
        } else if open == 0 {
            let solution = Solution {
                state: st,
                leaf: Some(leaf),
            };
            match (self.on_solution)(&solution) {
                ControlFlow::Continue(()) => ControlFlow::Continue(()),
                ControlFlow::Break(()) => ControlFlow::Break(SearchEnd::Stopped),
            }
        } else {
            self.leaf_branch(st, leaf, digits, open, depth, build)
        };
        // A forced placement before any guess is never taken back (see `Observer`).
        if O::ENABLED && depth > 0 {
            for &i in placed[..n_placed].iter().rev() {
                let i = usize::from(i);
                let (cell, d) = (usize::from(leaf.cell[i]), leaf.digit[i] + 1);
                self.observer.undo(depth, cell, d);
            }
        }
        flow
    }

    per_build! {
        /// [`Self::leaf_branch_in`], as a function of its own (the leaf search recurses
        /// through it), compiled for `popcnt`, `bmi1` and `bmi2` in the [`Bmi2`] build (1-3%
        /// faster when counting, where the leaf search is most of the time).
        fn leaf_branch / leaf_branch_plain / leaf_branch_fast => leaf_branch_in(
            st: &State,
            leaf: &mut Leaf,
            digits: [u16; LEAF_CELLS],
            open: u32,
            depth: usize
        )
    }

    /// Each digit of an open leaf cell in turn, as a guess: the first cell with two digits,
    /// else one with the fewest (every open cell has at least two here).
    #[inline(always)]
    fn leaf_branch_in<B: Build>(
        &mut self,
        st: &State,
        leaf: &mut Leaf,
        digits: [u16; LEAF_CELLS],
        open: u32,
        depth: usize,
        build: B,
    ) -> Flow {
        let (mut i, mut fewest) = (0, u32::MAX);
        let mut rest = open;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let x = digits[j];
            let y = x & (x - 1);
            if y & y.wrapping_sub(1) == 0 {
                i = j;
                break;
            }
            if x.count_ones() < fewest {
                (i, fewest) = (j, x.count_ones());
            }
        }
        let depth = depth + 1;
        let cell = usize::from(leaf.cell[i]);
        let open = open & !(1 << i);
        let mut todo = digits[i];
        while todo != 0 {
            let bit = todo & todo.wrapping_neg();
            todo &= todo - 1;
            self.count_guess()?;
            leaf.digit[i] = bit.trailing_zeros() as u8;
            let d = leaf.digit[i] + 1;
            if O::ENABLED {
                self.observer.place(depth, cell, d, true);
            }
            let mut next = digits;
            let singles = leaf.take(&mut next, i, open, bit);
            let flow = self.leaf_below(st, leaf, next, (open, singles), depth, build);
            if O::ENABLED {
                self.observer.undo(depth, cell, d);
            }
            flow?;
        }
        ControlFlow::Continue(())
    }
}
