//! Solutions of a position with pencil marks: a puzzle whose empty cells may hold only the
//! digits their marks allow.
//!
//! The fast search takes a board alone, so this is a small depth-first search of its own over
//! candidate masks: place a digit, remove it from the cell's 20 peers, fill every cell left
//! with one candidate and every digit left with one place in a house, and branch on a cell
//! with the fewest candidates. Positions come from solving
//! (`explain --grid`, HoDoKu, Sudoku Explainer), mostly with many cells settled, so the search
//! is short; it is used once per position, to tell `hint`, `explain` and `rate` whether the
//! position has one solution.

use std::ops::ControlFlow;

use super::Analysis;
use crate::board::{Board, CELLS};
// The houses and peers of the logic grid's geometry: one definition of the 9x9 shape.
use crate::geometry::classic::{HOUSE_CELLS as HOUSES, peers};

/// Candidates of every cell: bit `d - 1` for digit `d`; a filled cell keeps its digit's bit
/// alone and is marked in `filled`.
#[derive(Clone, Copy)]
struct State {
    cand: [u16; CELLS],
    filled: [bool; CELLS],
}

impl State {
    /// Places `bit` in `cell` and removes it from the peers, placing every peer left with one
    /// candidate in turn; `false` when some cell is left with none.
    fn place(&mut self, cell: usize, bit: u16) -> bool {
        // Each cell goes on the stack at most once more (when it is left with one candidate),
        // so 81 places and the first are enough.
        let mut todo = [(0u8, 0u16); CELLS + 1];
        todo[0] = (cell as u8, bit);
        let mut n = 1;
        while n > 0 {
            n -= 1;
            let (c, b) = (usize::from(todo[n].0), todo[n].1);
            if self.filled[c] {
                if self.cand[c] != b {
                    return false;
                }
                continue;
            }
            if self.cand[c] & b == 0 {
                return false;
            }
            self.cand[c] = b;
            self.filled[c] = true;
            for p in peers(c) {
                if self.filled[p] {
                    if self.cand[p] == b {
                        return false;
                    }
                    continue;
                }
                if self.cand[p] & b != 0 {
                    self.cand[p] &= !b;
                    match self.cand[p].count_ones() {
                        0 => return false,
                        1 => {
                            todo[n] = (p as u8, self.cand[p]);
                            n += 1;
                        }
                        _ => {}
                    }
                }
            }
        }
        true
    }

    /// Places every digit left with one place in a house, to a fixed point; `false` when a
    /// digit has no place left in some house (or a placement fails).
    fn hidden_singles(&mut self) -> bool {
        loop {
            let mut progress = false;
            for house in &HOUSES {
                // Digits placed in the house, possible once, possible twice or more.
                let (mut placed, mut once, mut twice) = (0u16, 0u16, 0u16);
                for &c in house {
                    let m = self.cand[usize::from(c)];
                    if self.filled[usize::from(c)] {
                        placed |= m;
                    } else {
                        twice |= once & m;
                        once |= m;
                    }
                }
                if placed | once != 0x1ff {
                    return false;
                }
                let mut singles = once & !twice & !placed;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles &= !bit;
                    let home = house
                        .iter()
                        .map(|&c| usize::from(c))
                        .find(|&c| !self.filled[c] && self.cand[c] & bit != 0);
                    if let Some(c) = home {
                        if !self.place(c, bit) {
                            return false;
                        }
                        progress = true;
                    }
                }
            }
            if !progress {
                return true;
            }
        }
    }

    fn board(&self) -> Board {
        let cells = std::array::from_fn(|c| self.cand[c].trailing_zeros() as u8 + 1);
        Board::from_cells(cells).expect("digits 1 to 9")
    }
}

/// Counts the solutions of the position (`board`'s digits, and in its empty cells only the
/// digits `marks` allows: bit `d - 1` for `d`), up to `limit`, keeping the first; as
/// [`analyse`](super::analyse) does for a plain puzzle. `stop` is polled every few hundred
/// guesses.
pub fn analyse_position(
    board: &Board,
    marks: &[u16; CELLS],
    limit: u64,
    stop: Option<&dyn Fn() -> bool>,
) -> Analysis {
    let mut state = State {
        cand: std::array::from_fn(|c| marks[c] & 0x1ff),
        filled: [false; CELLS],
    };
    let mut result = Analysis {
        first: None,
        count: 0,
        complete: false,
        guesses: 0,
    };
    if limit == 0 {
        return result;
    }
    let mut ok = true;
    for c in 0..CELLS {
        let d = board.get(c);
        if d != 0 {
            ok &= state.place(c, 1 << (d - 1));
        } else if state.cand[c] == 0 {
            ok = false;
        }
    }
    if !ok {
        result.complete = true;
        return result;
    }
    let end = search(&mut state.clone(), limit, stop, &mut result);
    result.complete = end.is_continue();
    result
}

fn search(
    state: &mut State,
    limit: u64,
    stop: Option<&dyn Fn() -> bool>,
    result: &mut Analysis,
) -> ControlFlow<()> {
    if !state.hidden_singles() {
        return ControlFlow::Continue(());
    }
    // The empty cell with the fewest candidates.
    let best = (0..CELLS)
        .filter(|&c| !state.filled[c])
        .min_by_key(|&c| state.cand[c].count_ones());
    let Some(cell) = best else {
        if result.count == 0 {
            result.first = Some(state.board());
        }
        result.count += 1;
        return if result.count >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        };
    };
    let mut mask = state.cand[cell];
    while mask != 0 {
        let bit = mask & mask.wrapping_neg();
        mask &= !bit;
        result.guesses += 1;
        if result.guesses.is_multiple_of(256) && stop.is_some_and(|s| s()) {
            return ControlFlow::Break(());
        }
        let mut next = *state;
        if next.place(cell, bit) {
            search(&mut next, limit, stop, result)?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn all_marks() -> [u16; CELLS] {
        [0x1ff; CELLS]
    }

    #[test]
    fn full_marks_agree_with_the_plain_search() {
        let board: Board = PUZZLE.parse().unwrap();
        let plain = super::super::analyse(&board, Some(2), None);
        let marked = analyse_position(&board, &all_marks(), 2, None);
        assert_eq!(
            (marked.count, marked.complete),
            (plain.count, plain.complete)
        );
        assert_eq!(marked.first, plain.first);
        let solution = marked.first.unwrap();
        assert!(solution.is_solution_of(&board));
    }

    #[test]
    fn marks_that_rule_out_the_solution_leave_none() {
        let board: Board = PUZZLE.parse().unwrap();
        let solution = super::super::solve_first(&board).unwrap();
        let mut marks = all_marks();
        let cell = (0..CELLS).find(|&c| board.get(c) == 0).unwrap();
        marks[cell] &= !(1 << (solution.get(cell) - 1));
        let a = analyse_position(&board, &marks, 2, None);
        assert_eq!((a.count, a.complete), (0, true));
    }

    #[test]
    fn marks_can_pick_one_solution_of_several() {
        // Two givens fewer than a proper puzzle: several solutions; marks that keep only the
        // digits of one of them leave exactly that one.
        let board: Board = PUZZLE.parse().unwrap();
        let mut cells = *board.cells();
        let givens: Vec<usize> = (0..CELLS).filter(|&c| cells[c] != 0).collect();
        cells[givens[0]] = 0;
        cells[givens[1]] = 0;
        let loose = Board::from_cells(cells).unwrap();
        assert!(super::super::count_solutions(&loose, 2) == 2);
        let one = super::super::solve_first(&loose).unwrap();
        let plain = analyse_position(&loose, &all_marks(), 2, None);
        assert_eq!(plain.count, 2);
        let only: [u16; CELLS] = std::array::from_fn(|c| 1 << (one.get(c) - 1));
        let a = analyse_position(&loose, &only, 2, None);
        assert_eq!((a.count, a.complete, a.first), (1, true, Some(one)));
    }
}
