//! The textbook backtracking solver, for teaching and as an independent check of the fast
//! search.
//!
//! It is the algorithm most people first meet: take the empty cells in reading order; in the
//! first one try the digits 1 to 9, keeping the first that no cell of its row, column or box
//! already holds, and go on to the next empty cell; when a cell has no digit left, back up to
//! the previous one and try its next digit. There is no propagation and no clever choice of
//! cell, so it shares nothing with [`search`](super::search) but the rules of the game: when
//! both agree on the solutions of many puzzles, both are very likely right.
//!
//! It is slow on hard, sparse puzzles (millions of nodes where the fast search needs a few
//! guesses): use it to learn, to check, or to watch (`sudoku solve --method simple --trace`).

use std::ops::ControlFlow;

use super::{Observer, SearchEnd};
use crate::board::{Board, CELLS};

/// How often, in nodes, the stop poll is called (a power of two); also before the first.
const POLL_EVERY: u64 = 1 << 12;

/// How a textbook search ended, and what it cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    /// Why the search ended.
    pub end: SearchEnd,
    /// Nodes: digits written into a cell (every one is a choice the search may take back).
    pub nodes: u64,
}

/// Searches `board` with the textbook method, calling `on_solution` for each solution in the
/// order the method finds them (the smallest first, reading the grid as an 81-digit number).
///
/// The same contract as [`search`](super::search): [`ControlFlow::Break`] from `on_solution`
/// stops the search ([`SearchEnd::Stopped`]); `stop` is polled before the first node and then
/// every 4096 nodes ([`SearchEnd::Interrupted`]); givens that break the rules give no
/// solution. The observer sees the givens as forced placements at depth 0, then every digit
/// written as a guess at depth `k` (the `k`-th empty cell) and every digit taken back.
pub fn search<O: Observer, F: FnMut(&Board) -> ControlFlow<()>>(
    board: &Board,
    observer: &mut O,
    stop: Option<&dyn Fn() -> bool>,
    on_solution: F,
) -> Report {
    let mut textbook = Textbook {
        grid: *board.cells(),
        empty: (0..CELLS).filter(|&c| board.get(c) == 0).collect(),
        observer,
        stop,
        on_solution,
        nodes: 0,
    };
    let givens_keep_the_rules = (0..CELLS).all(|c| {
        let digit = textbook.grid[c];
        digit == 0 || {
            textbook.grid[c] = 0;
            let ok = textbook.allowed(c, digit);
            textbook.grid[c] = digit;
            ok
        }
    });
    if !givens_keep_the_rules {
        return Report {
            end: SearchEnd::Exhausted,
            nodes: 0,
        };
    }
    if O::ENABLED {
        for cell in (0..CELLS).filter(|&c| board.get(c) != 0) {
            textbook.observer.place(0, cell, board.get(cell), false);
        }
    }
    if stop.is_some_and(|s| s()) {
        return Report {
            end: SearchEnd::Interrupted,
            nodes: 0,
        };
    }
    let end = match textbook.fill(0) {
        ControlFlow::Continue(()) => SearchEnd::Exhausted,
        ControlFlow::Break(end) => end,
    };
    Report {
        end,
        nodes: textbook.nodes,
    }
}

/// The search in progress.
struct Textbook<'a, O, F> {
    /// The grid: givens and the digits written so far, 0 for empty.
    grid: [u8; CELLS],
    /// The cells that were empty at the start, in reading order.
    empty: Vec<usize>,
    observer: &'a mut O,
    stop: Option<&'a dyn Fn() -> bool>,
    on_solution: F,
    nodes: u64,
}

impl<O: Observer, F: FnMut(&Board) -> ControlFlow<()>> Textbook<'_, O, F> {
    /// Whether `digit` may go in `cell`: no cell of its row, column or box holds it.
    fn allowed(&self, cell: usize, digit: u8) -> bool {
        let (row, col) = (cell / 9, cell % 9);
        let (box_row, box_col) = (row / 3 * 3, col / 3 * 3);
        (0..9).all(|i| {
            self.grid[row * 9 + i] != digit
                && self.grid[i * 9 + col] != digit
                && self.grid[(box_row + i / 3) * 9 + box_col + i % 3] != digit
        })
    }

    /// Fills the `k`-th empty cell and, for each digit that fits, everything after it.
    fn fill(&mut self, k: usize) -> ControlFlow<SearchEnd> {
        let Some(&cell) = self.empty.get(k) else {
            let board = Board::from_cells(self.grid).expect("digits 0-9");
            return match (self.on_solution)(&board) {
                ControlFlow::Continue(()) => ControlFlow::Continue(()),
                ControlFlow::Break(()) => ControlFlow::Break(SearchEnd::Stopped),
            };
        };
        for digit in 1..=9 {
            if !self.allowed(cell, digit) {
                continue;
            }
            self.nodes += 1;
            if self.nodes.is_multiple_of(POLL_EVERY) && self.stop.is_some_and(|s| s()) {
                return ControlFlow::Break(SearchEnd::Interrupted);
            }
            self.grid[cell] = digit;
            self.observer.place(k + 1, cell, digit, true);
            let below = self.fill(k + 1);
            self.observer.undo(k + 1, cell, digit);
            self.grid[cell] = 0;
            below?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::NoObserver;

    fn board(line: &str) -> Board {
        let cells: Vec<u8> = line
            .bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect();
        Board::from_cells(cells.try_into().unwrap()).unwrap()
    }

    fn all(b: &Board) -> (Vec<Board>, Report) {
        let mut found = Vec::new();
        let report = search(b, &mut NoObserver, None, |s| {
            found.push(*s);
            ControlFlow::Continue(())
        });
        (found, report)
    }

    const PROPER: &str =
        ".15...836.2368.7...87.3.1.45...97..31...53647..2..6..8.3.4.89658.451.3....9.62...";

    /// Two solutions (the sample puzzles/multiple.txt kind).
    const TWO_SOLUTIONS: &str =
        "3...8...4489.13..767..24.8.2...458....4..93....82..645..73.6.2.13.4..95.9..1.2.38";

    #[test]
    fn solves_a_proper_puzzle_and_the_answer_keeps_the_rules() {
        let p = board(PROPER);
        let (found, report) = all(&p);
        assert_eq!(found.len(), 1);
        assert_eq!(report.end, SearchEnd::Exhausted);
        assert!(found[0].is_solution_of(&p));
        assert!(found[0].check_rules().is_ok() && found[0].is_full());
        assert!(report.nodes >= 81 - p.givens() as u64);
    }

    #[test]
    fn finds_every_solution_smallest_first_and_stops_when_asked() {
        let p = board(TWO_SOLUTIONS);
        let (found, _) = all(&p);
        assert_eq!(found.len(), 2);
        assert!(found[0].to_line() < found[1].to_line());
        let mut n = 0;
        let report = search(&p, &mut NoObserver, None, |_| {
            n += 1;
            ControlFlow::Break(())
        });
        assert_eq!((n, report.end), (1, SearchEnd::Stopped));
    }

    #[test]
    fn givens_that_break_the_rules_have_no_solution() {
        let p = board(&format!("11{}", ".".repeat(79)));
        let (found, report) = all(&p);
        assert!(found.is_empty());
        assert_eq!((report.end, report.nodes), (SearchEnd::Exhausted, 0));
    }

    #[test]
    fn a_stop_already_due_stops_before_any_node() {
        let p = board(&".".repeat(81));
        let report = search(&p, &mut NoObserver, Some(&|| true), |_| {
            ControlFlow::Continue(())
        });
        assert_eq!((report.end, report.nodes), (SearchEnd::Interrupted, 0));
    }

    /// Every undo matches the latest placement not undone.
    #[test]
    fn the_observer_sees_placements_and_their_undos_nested() {
        struct Stack(Vec<(usize, u8)>, u64);
        impl Observer for Stack {
            fn place(&mut self, _depth: usize, cell: usize, digit: u8, _guess: bool) {
                self.0.push((cell, digit));
                self.1 += 1;
            }
            fn undo(&mut self, _depth: usize, cell: usize, digit: u8) {
                assert_eq!(self.0.pop(), Some((cell, digit)));
            }
        }
        let p = board(
            "3...8...4489.13..767..24.8.2...458....4..93....82..645..73.6.2.13.4..95.9..1.2.38",
        );
        let mut stack = Stack(Vec::new(), 0);
        let report = search(&p, &mut stack, None, |_| ControlFlow::Continue(()));
        assert_eq!(stack.0.len(), p.givens());
        assert_eq!(stack.1, p.givens() as u64 + report.nodes);
    }
}
