//! The depth-first search every solving, counting and checking task is built on.
//!
//! # Design
//!
//! - **Layout**: per digit and per band of three rows, one 27-bit word of the cells that may
//!   still hold the digit (see `State`), after the JCZSolve family of solvers. Rows and boxes
//!   of a band are handled inside one word with a few table lookups; columns link a digit's
//!   three words.
//! - **Propagation** (`State::propagate`) to a fixed point of: box–row interaction in each
//!   band and box–column interaction in each stack (locked candidates both ways, which
//!   include hidden singles in boxes and columns), hidden singles in rows, and naked singles.
//! - **Branching** (`State::choose`): on a cell with two digits left, the one with the most
//!   unsolved peers (two-digit peers counting extra), so that each branch propagates far;
//!   this halves the guesses on hard puzzles compared to taking the first such cell.
//! - **Leaves** (`Searcher::leaf`): a state with at most 24 unsolved cells is finished by a
//!   plain search over those cells (candidates per cell, which cells see which, naked
//!   singles in a chain), far cheaper per node than the bitboards there. Counting spends
//!   most of its time near the leaves: 40% fewer instructions on a count of a million.
//! - **Backtracking** by copy: the state is 160 bytes of `Copy` data, copied before each guess
//!   but the last of a node, which reuses the node's own state.
//! - A solution is reported as a [`Solution`] borrowing the state: counting does not build
//!   boards.
//! - **Two builds** of the search: a portable one, and one for x86-64 CPUs with fast BMI2
//!   (`pext`/`pdep` in place of some table lookups), picked once at the root: a zero-sized
//!   `Bmi2` token from the CPU check is what the fast functions take, so none runs unchecked. Both
//!   make the same choices; tests run both.
//! - [`split`] cuts a search into sub-puzzles for several threads to share.
//!
//! Files: `state.rs` (the state and its bit layout, propagation, branching choice),
//! `tables.rs` (lookup tables and bit operations on band words), `leaf.rs` (the leaf
//! search), `fast.rs` (which build runs); the search itself and its API here. `simple.rs` is
//! apart: the textbook backtracking solver, for teaching and as an independent check.

use std::ops::ControlFlow;

use crate::board::{Board, CELLS};

/// Called on every placement and every undo of the search (the classic observer), e.g. for
/// `--trace`.
///
/// `depth` is the number of guesses currently on the stack (0 = before any guess), `cell` is
/// 0..81 in row-major order and `digit` is 1..=9. Events come in this order:
///
/// 1. depth 0: the givens and what propagation fixes before the first guess, in cell order,
///    as forced placements; they are never taken back;
/// 2. for each guess: the guess (`guess == true`, `depth` counting it); if propagation after
///    it finds no contradiction, the cells it fixed, in cell order, as forced placements at
///    the same depth; then the branch below; then the undos of those forced placements in
///    reverse order, and last the undo of the guess.
///
/// So every undo matches the latest placement not yet undone, also when the search is
/// stopped or interrupted.
pub trait Observer {
    /// False for the no-op observer: the search then compiles every call away.
    const ENABLED: bool = true;
    /// A digit placed: `guess` is true for a branching guess, false for a forced placement
    /// (a given, a single, or another consequence of propagation).
    fn place(&mut self, depth: usize, cell: usize, digit: u8, guess: bool);
    /// A placement taken back when its branch is done or has failed.
    fn undo(&mut self, depth: usize, cell: usize, digit: u8);
}

/// The observer that does nothing and costs nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoObserver;

impl Observer for NoObserver {
    const ENABLED: bool = false;
    #[inline(always)]
    fn place(&mut self, _depth: usize, _cell: usize, _digit: u8, _guess: bool) {}
    #[inline(always)]
    fn undo(&mut self, _depth: usize, _cell: usize, _digit: u8) {}
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchEnd {
    /// The whole search tree was explored.
    Exhausted,
    /// The on-solution callback returned [`ControlFlow::Break`].
    Stopped,
    /// The stop poll returned true.
    Interrupted,
}

/// The search's inner functions end early with why it stopped.
type Flow = ControlFlow<SearchEnd>;

/// Counters kept by the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchStats {
    /// Branching guesses tried.
    pub guesses: u64,
}

/// How a search ended, and what it cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchReport {
    /// Why the search ended.
    pub end: SearchEnd,
    /// Counters.
    pub stats: SearchStats,
}

/// How often, in guesses, the stop poll is called (a power of two). It is also called before
/// the first guess, so a stop that is already due (`--timeout 0`) leaves only what the
/// propagation of the givens finds. A guess costs well under a microsecond, so a deadline
/// is seen within a fraction of a millisecond; a poll (two atomic loads and, with a
/// deadline, a clock read) every 256 guesses costs nothing measurable.
const POLL_EVERY: u64 = 256;

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// A contradiction found by propagation: the position has no solution.
#[derive(Debug, Clone, Copy)]
struct Unsolvable;

mod fast;
pub mod general;
mod leaf;
mod position;
pub mod simple;
mod state;
mod tables;

use fast::{Bmi2, Build, Portable, per_build};
use leaf::{LEAF_CELLS, Leaf};
use state::State;
#[cfg(test)]
use tables::*;

/// A solution found by the search, handed to the on-solution callback.
///
/// Cheap to create (it borrows the search state); turning it into a [`Board`] costs only when
/// asked.
pub struct Solution<'a> {
    state: &'a State,
    /// The digits of the cells the state leaves unsolved, when the leaf search found them.
    leaf: Option<&'a Leaf>,
}

impl Solution<'_> {
    /// The solved grid.
    pub fn board(&self) -> Board {
        self.state.board(self.leaf)
    }
}

/// The depth-first search with its callbacks and counters.
struct Searcher<'s, O, F> {
    observer: &'s mut O,
    stop: Option<&'s dyn Fn() -> bool>,
    on_solution: F,
    guesses: u64,
}

impl<O: Observer, F: FnMut(&Solution<'_>) -> ControlFlow<()>> Searcher<'_, O, F> {
    /// Reports the cells fixed in `after` but not in `before` (other than `skip`) to the
    /// observer: as placements, or as undos in reverse order.
    fn report(&mut self, before: [u32; 3], after: &State, skip: usize, depth: usize, undo: bool) {
        let mut cells = [0u8; CELLS];
        let mut n = 0;
        for cell in 0..CELLS {
            let (b, p) = (cell / 27, cell % 27);
            if cell != skip && before[b] & (1 << p) != 0 && after.unsolved[b] & (1 << p) == 0 {
                cells[n] = cell as u8;
                n += 1;
            }
        }
        if undo {
            for &cell in cells[..n].iter().rev() {
                let cell = usize::from(cell);
                self.observer.undo(depth, cell, after.digit_at(cell));
            }
        } else {
            for &cell in &cells[..n] {
                let cell = usize::from(cell);
                self.observer
                    .place(depth, cell, after.digit_at(cell), false);
            }
        }
    }

    /// Searches below `st`, a propagated state without contradiction whose two-digit cells
    /// are `pairs`, with `depth` guesses on the stack. `st` may be overwritten.
    ///
    /// In the [`Bmi2`] build it runs as [`Self::dfs_fast`], compiled for `popcnt` (which
    /// [`State::choose`] uses heavily), `bmi1` and `bmi2`, and propagates with
    /// [`State::propagate_fast`].
    #[inline(always)]
    fn dfs<B: Build>(&mut self, st: &mut State, pairs: [u32; 3], depth: usize, build: B) -> Flow {
        if st.is_solved() {
            return match (self.on_solution)(&Solution {
                state: st,
                leaf: None,
            }) {
                ControlFlow::Continue(()) => ControlFlow::Continue(()),
                ControlFlow::Break(()) => ControlFlow::Break(SearchEnd::Stopped),
            };
        }
        if st.unsolved_count() <= LEAF_CELLS as u32 {
            return self.leaf(st, depth, build);
        }
        let (b, p, mut digits) = st.choose(pairs);
        let cell = 27 * b + p;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            self.count_guess()?;
            let flow = if O::ENABLED {
                let mut slot = std::mem::MaybeUninit::uninit();
                let child = st.branch(&mut slot);
                child.assign(d, b, p);
                self.observer.place(depth + 1, cell, d as u8 + 1, true);
                let flow = if let Ok(pairs) = child.propagate_for(build) {
                    let after = *child;
                    self.report(st.unsolved, &after, cell, depth + 1, false);
                    let flow = self.recurse(child, pairs, depth + 1, build);
                    self.report(st.unsolved, &after, cell, depth + 1, true);
                    flow
                } else {
                    ControlFlow::Continue(())
                };
                self.observer.undo(depth + 1, cell, d as u8 + 1);
                flow
            } else if digits == 0 {
                // The last digit reuses this level's state; the others work on a copy.
                st.assign(d, b, p);
                match st.propagate_for(build) {
                    Ok(pairs) => self.recurse(st, pairs, depth + 1, build),
                    Err(Unsolvable) => ControlFlow::Continue(()),
                }
            } else {
                let mut slot = std::mem::MaybeUninit::uninit();
                let child = st.branch(&mut slot);
                child.assign(d, b, p);
                match child.propagate_for(build) {
                    Ok(pairs) => self.recurse(child, pairs, depth + 1, build),
                    Err(Unsolvable) => ControlFlow::Continue(()),
                }
            };
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// Counts a guess; polls the stop first, before the first guess and then every
    /// [`POLL_EVERY`] guesses.
    #[inline(always)]
    fn count_guess(&mut self) -> Flow {
        if self.guesses & (POLL_EVERY - 1) == 0 && self.stop.is_some_and(|stop| stop()) {
            return ControlFlow::Break(SearchEnd::Interrupted);
        }
        self.guesses += 1;
        ControlFlow::Continue(())
    }

    per_build! {
        /// One level deeper: [`Self::dfs`] as a function of its own.
        fn recurse / dfs_plain / dfs_fast => dfs(st: &mut State, pairs: [u32; 3], depth: usize)
    }

    /// The whole search below a propagated root, in the fast build when given its token.
    fn run(&mut self, st: &mut State, pairs: [u32; 3], cpu: Option<Bmi2>) -> Flow {
        match cpu {
            Some(cpu) => self.recurse(st, pairs, 0, cpu),
            None => self.recurse(st, pairs, 0, Portable),
        }
    }
}

/// The one search everything is built on.
///
/// Depth-first: it fills one position at a time and backtracks, calling `on_solution` for each
/// solution. Polarity: [`ControlFlow::Continue`] keeps searching, [`ControlFlow::Break`] stops
/// the search (which then ends with [`SearchEnd::Stopped`]). `stop`, when given, is polled
/// before the first guess and then every 256 guesses; when it returns true the search ends
/// with [`SearchEnd::Interrupted`] (so a stop already due allows propagation only). Givens
/// that break the rules simply yield no solution: this never panics, for any [`Board`].
pub fn search<O: Observer, F: FnMut(&Solution<'_>) -> ControlFlow<()>>(
    board: &Board,
    observer: &mut O,
    stop: Option<&dyn Fn() -> bool>,
    on_solution: F,
) -> SearchReport {
    search_with(board, observer, stop, on_solution, Bmi2::detect())
}

/// [`search`], in the build for CPUs with `popcnt`, `bmi1` and `bmi2` when given its token.
fn search_with<O: Observer, F: FnMut(&Solution<'_>) -> ControlFlow<()>>(
    board: &Board,
    observer: &mut O,
    stop: Option<&dyn Fn() -> bool>,
    on_solution: F,
    cpu: Option<Bmi2>,
) -> SearchReport {
    let mut searcher = Searcher {
        observer,
        stop,
        on_solution,
        guesses: 0,
    };
    let root = State::new(board).and_then(|mut st| st.propagate_root(cpu).map(|pairs| (st, pairs)));
    let end = match root {
        Ok((mut st, pairs)) => {
            if O::ENABLED {
                searcher.report([BAND; 3], &st, CELLS, 0, false);
            }
            match searcher.run(&mut st, pairs, cpu) {
                ControlFlow::Continue(()) => SearchEnd::Exhausted,
                ControlFlow::Break(end) => end,
            }
        }
        Err(Unsolvable) => SearchEnd::Exhausted,
    };
    SearchReport {
        end,
        stats: SearchStats {
            guesses: searcher.guesses,
        },
    }
}

/// Result of [`analyse`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Analysis {
    /// The first solution found, if any.
    pub first: Option<Board>,
    /// Number of solutions found (at most the limit).
    pub count: u64,
    /// True when the whole search tree was explored, so `count` is exact.
    pub complete: bool,
    /// Branching guesses tried.
    pub guesses: u64,
}

/// Counts solutions up to `limit` (`None` = no limit), keeping the first one.
///
/// `complete` is true when the search was exhausted, so `count` is exact. With `Some(n)` the
/// search stops at the `n`-th solution without looking further, so when exactly `n` solutions
/// exist `complete` is usually false: read `count == n && !complete` as "at least `n`".
/// Uniqueness is `analyse(board, Some(2), None)`: count 1 and complete.
pub fn analyse(board: &Board, limit: Option<u64>, stop: Option<&dyn Fn() -> bool>) -> Analysis {
    if limit == Some(0) {
        return Analysis {
            first: None,
            count: 0,
            complete: false,
            guesses: 0,
        };
    }
    let mut first = None;
    let mut count = 0u64;
    let report = search(board, &mut NoObserver, stop, |s| {
        if count == 0 {
            first = Some(s.board());
        }
        count += 1;
        if limit.is_some_and(|l| count >= l) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    Analysis {
        first,
        count,
        complete: report.end == SearchEnd::Exhausted,
        guesses: report.stats.guesses,
    }
}

pub use position::analyse_position;

/// The first solution found, if any.
pub fn solve_first(board: &Board) -> Option<Board> {
    analyse(board, Some(1), None).first
}

/// Number of solutions, counting at most `limit`.
pub fn count_solutions(board: &Board, limit: u64) -> u64 {
    analyse(board, Some(limit), None).count
}

/// Cuts the search below `board` into sub-puzzles for parallel work: their solution sets
/// are disjoint and together are exactly the board's, so counts found for each add up to the
/// board's count.
///
/// Each sub-puzzle is `board` with the cells fixed along one branch of the search: the
/// guesses and what propagation forced. Whole levels of the search tree are expanded, left to
/// right, until there are at least `at_least` sub-puzzles or nothing is left to expand, so
/// they come in the order the search would meet them. Branches that propagate to a
/// contradiction are dropped, so the result is empty when propagation alone shows that the
/// board has no solution.
pub fn split(board: &Board, at_least: usize) -> Vec<Board> {
    let Ok(mut root) = State::new(board) else {
        return Vec::new();
    };
    let Ok(pairs) = root.propagate() else {
        return Vec::new();
    };
    let mut level = vec![(root, pairs)];
    // Each level at least doubles the open branches, so this ends in a few dozen rounds.
    while level.len() < at_least && level.iter().any(|(st, _)| !st.is_solved()) {
        let mut next = Vec::with_capacity(2 * level.len());
        for (st, pairs) in level {
            if st.is_solved() {
                next.push((st, pairs));
                continue;
            }
            let (b, p, mut digits) = st.choose(pairs);
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut child = st;
                child.assign(d, b, p);
                if let Ok(pairs) = child.propagate() {
                    next.push((child, pairs));
                }
            }
        }
        level = next;
    }
    level.iter().map(|(st, _)| st.fixed_cells()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(line: &str) -> Board {
        let mut cells = [0u8; CELLS];
        for (c, ch) in cells.iter_mut().zip(line.bytes()) {
            *c = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        Board::from_cells(cells).unwrap()
    }

    /// An independent, naive solution counter: plain backtracking, checking the rules.
    fn naive_count(cells: &mut [u8; CELLS], limit: u64) -> u64 {
        let Some(cell) = cells.iter().position(|&v| v == 0) else {
            return 1;
        };
        let (r, c) = (cell / 9, cell % 9);
        let mut n = 0;
        for v in 1..=9 {
            let clash = (0..9).any(|i| {
                cells[r * 9 + i] == v
                    || cells[i * 9 + c] == v
                    || cells[(r / 3 * 3 + i / 3) * 9 + c / 3 * 3 + i % 3] == v
            });
            if !clash {
                cells[cell] = v;
                n += naive_count(cells, limit - n);
                cells[cell] = 0;
                if n >= limit {
                    break;
                }
            }
        }
        n
    }

    const HARD: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    /// A full valid grid: the classic shifted pattern.
    fn pattern_grid() -> Board {
        let mut cells = [0u8; CELLS];
        for (i, c) in cells.iter_mut().enumerate() {
            let (r, col) = (i / 9, i % 9);
            *c = ((3 * (r % 3) + r / 3 + col) % 9) as u8 + 1;
        }
        Board::from_cells(cells).unwrap()
    }

    #[test]
    fn tables_are_consistent() {
        assert_eq!(SUPPORT[0x1FF], 0x1FF);
        for &p in &PERMUTATIONS {
            assert_eq!(SUPPORT[p as usize], p);
        }
        // A mini-row alone in its row and its box is kept, the rest of its row and box go.
        assert_eq!(SUPPORT[0b111_111_001] & 0b000_000_111, 0b001);
        assert_eq!(SUPPORT[0b110_110_110], 0);
        assert_eq!(PEERS[0].count_ones(), 8 + 6);
        assert_eq!(fold(columns(0x155)), 0x155);
        // Column 4 (stack 1, column 1 in it) of band 0 is bit 9 * 1 + 1 of the stack layout,
        // and bit 9 * 1 + 3 * 2 + 1 for band 2.
        assert_eq!(STACKED[1 << 4], 1 << 10);
        assert_eq!(STACKED[1 << 4] << 6, 1 << 16);
        for f in [0u32, 1, 0o7, 0o70, 0o700, 0o123, 0o456, 0x1FF] {
            for b in 0..3 {
                assert_eq!(
                    unstack((STACKED[f as usize] << (3 * b)) >> (3 * b)),
                    columns(f)
                );
            }
            assert_eq!(unstack(STACKED[f as usize] << 3), 0);
        }
    }

    #[test]
    fn singles_finds_rows_with_one_cell() {
        // Every row content 1..512 in each row, beside rows of one, two and nine cells.
        for row in 1u32..512 {
            for other in [0o001, 0o210, 0o777] {
                for at in 0..3 {
                    let mut x = other | other << 9 | other << 18;
                    x = x & !(0x1FF << (9 * at)) | row << (9 * at);
                    let mut expected = 0;
                    for r in 0..3 {
                        let bits = x >> (9 * r) & 0x1FF;
                        if bits.count_ones() == 1 {
                            expected |= bits << (9 * r);
                        }
                    }
                    assert_eq!(singles(x), expected, "{x:#o}");
                }
            }
        }
    }

    #[test]
    fn solves_a_hard_puzzle() {
        let puzzle = board(HARD);
        let a = analyse(&puzzle, Some(2), None);
        assert_eq!((a.count, a.complete), (1, true));
        assert!(a.first.unwrap().is_solution_of(&puzzle));
        assert_eq!(solve_first(&puzzle), a.first);
    }

    #[test]
    fn full_grid_has_one_solution() {
        let grid = pattern_grid();
        let a = analyse(&grid, None, None);
        assert_eq!((a.count, a.complete, a.first), (1, true, Some(grid)));
        assert_eq!(a.guesses, 0);
    }

    #[test]
    fn rule_breaking_givens_have_no_solution() {
        let mut cells = [0u8; CELLS];
        cells[0] = 5;
        cells[7] = 5; // same row
        let a = analyse(&Board::from_cells(cells).unwrap(), None, None);
        assert_eq!((a.count, a.complete, a.first), (0, true, None));
        let mut grid = *pattern_grid().cells();
        grid[40] = grid[41]; // a full grid with one clash
        assert_eq!(count_solutions(&Board::from_cells(grid).unwrap(), 10), 0);
    }

    #[test]
    fn unsolvable_valid_puzzle_has_no_solution() {
        // Row 1 holds 1-8, and column 9 already holds a 9: cell r1c9 has no digit left.
        let mut cells = [0u8; CELLS];
        for (c, v) in cells.iter_mut().take(8).zip(1..) {
            *c = v;
        }
        cells[5 * 9 + 8] = 9;
        let puzzle = Board::from_cells(cells).unwrap();
        assert!(puzzle.check_rules().is_ok());
        let a = analyse(&puzzle, None, None);
        assert_eq!((a.count, a.complete), (0, true));
    }

    #[test]
    fn deadly_rectangle_has_two_solutions() {
        // A band with 1 4 / 4 1 at r1c1, r1c4, r2c1, r2c4 (two boxes): swapping them keeps
        // every rule, so with those four cells blank there are exactly two solutions.
        let band = "123456789478129356569378124";
        let grid = solve_first(&board(band)).expect("the band completes");
        let mut cells = *grid.cells();
        assert_eq!([cells[0], cells[3], cells[9], cells[12]], [1, 4, 4, 1]);
        for i in [0, 3, 9, 12] {
            cells[i] = 0;
        }
        let puzzle = Board::from_cells(cells).unwrap();
        let mut seen = Vec::new();
        let report = search(&puzzle, &mut NoObserver, None, |s| {
            seen.push(s.board());
            ControlFlow::Continue(())
        });
        assert_eq!(report.end, SearchEnd::Exhausted);
        assert_eq!(seen.len(), 2);
        assert_ne!(seen[0], seen[1]);
        assert!(seen.iter().all(|s| s.is_solution_of(&puzzle)));
        assert_eq!(analyse(&puzzle, None, None).count, 2);
        let u = analyse(&puzzle, Some(2), None);
        assert_eq!((u.count, u.complete), (2, false));
    }

    #[test]
    fn counts_match_a_naive_counter() {
        // Blank the cells of two digits of a full grid (18 cells), and pseudo-random cells.
        let grid = solve_first(&board(HARD)).unwrap();
        let mut seed = crate::testing::XorShift64(0x2545_f491_4f6c_dd1d);
        for round in 0..40 {
            let mut cells = *grid.cells();
            if round < 9 {
                let (x, y) = (round as u8 + 1, (round as u8 + 4) % 9 + 1);
                cells
                    .iter_mut()
                    .filter(|v| **v == x || **v == y)
                    .for_each(|v| *v = 0);
            } else {
                for _ in 0..(30 + round) {
                    cells[(seed.next_u64() % 81) as usize] = 0;
                }
            }
            let puzzle = Board::from_cells(cells).unwrap();
            let expected = naive_count(&mut cells.clone(), 1000);
            let a = analyse(&puzzle, None, None);
            assert_eq!(a.count, expected, "round {round}: {puzzle}");
            assert!(a.complete);
            assert!(a.first.unwrap().is_solution_of(&puzzle));
        }
    }

    #[test]
    fn broken_and_unsolvable_puzzles_match_a_naive_counter() {
        // Blank half of a solved grid, then write stray digits: often clashing givens, often
        // a rule-valid puzzle without solution, sometimes still solvable.
        let grid = solve_first(&board(HARD)).unwrap();
        let mut rng = crate::testing::XorShift64(0x9e37_79b9_7f4a_7c15);
        let mut next = move || rng.next_u64();
        for round in 0..300 {
            let mut cells = *grid.cells();
            for _ in 0..45 {
                cells[(next() % 81) as usize] = 0;
            }
            for _ in 0..(1 + round % 3) {
                cells[(next() % 81) as usize] = (next() % 10) as u8;
            }
            let puzzle = Board::from_cells(cells).unwrap();
            let expected = if puzzle.check_rules().is_ok() {
                naive_count(&mut cells.clone(), 50)
            } else {
                0
            };
            let a = analyse(&puzzle, Some(50), None);
            assert_eq!(a.count, expected, "round {round}: {puzzle}");
            assert_eq!(a.complete, expected < 50, "round {round}: {puzzle}");
            if let Some(first) = a.first {
                assert!(first.is_solution_of(&puzzle));
            }
        }
    }

    #[test]
    fn every_solution_found_near_the_leaves_is_whole_and_new() {
        // Many solutions, most completed by the leaf search: each board must be a solution,
        // and none may repeat.
        for line in [
            "718639..4...7..1.6........3.....7.2...........8.54.3...2.9..8.55........8.7......",
            "2...5.....76.24.9....1.....981..6...6........5......3...5.1.6.........7.8....24..",
        ] {
            let puzzle = board(line);
            let mut seen = std::collections::HashSet::new();
            let report = search(&puzzle, &mut NoObserver, None, |s| {
                let b = s.board();
                assert!(b.is_solution_of(&puzzle), "{line}: {b}");
                assert!(seen.insert(b), "{line}: {b} twice");
                ControlFlow::Continue(())
            });
            assert_eq!(report.end, SearchEnd::Exhausted);
            assert!(seen.len() > 1000, "{line}: {}", seen.len());
        }
    }

    #[test]
    fn portable_build_finds_the_same() {
        for line in [
            HARD,
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
        ] {
            let puzzle = board(line);
            let run = |fast| {
                let mut found = Vec::new();
                let report = search_with(
                    &puzzle,
                    &mut NoObserver,
                    None,
                    |s| {
                        found.push(s.board());
                        ControlFlow::Continue(())
                    },
                    fast,
                );
                (report, found)
            };
            assert_eq!(run(None), run(Bmi2::detect()));
        }
    }

    #[test]
    fn break_stops_the_search() {
        let mut calls = 0;
        let report = search(&Board::empty(), &mut NoObserver, None, |s| {
            assert!(s.board().is_solution_of(&Board::empty()));
            calls += 1;
            if calls == 5 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!((calls, report.end), (5, SearchEnd::Stopped));
        let a = analyse(&Board::empty(), Some(7), None);
        assert_eq!((a.count, a.complete), (7, false));
        assert_eq!(count_solutions(&Board::empty(), 3), 3);
    }

    #[test]
    fn stop_poll_interrupts() {
        let polls = std::cell::Cell::new(0);
        let stop = || {
            polls.set(polls.get() + 1);
            polls.get() >= 3
        };
        let a = analyse(&Board::empty(), None, Some(&stop));
        assert_eq!(polls.get(), 3);
        assert!(!a.complete);
        assert!(a.count > 0);
        // Polls before guesses 1, 257 and 513.
        assert_eq!(a.guesses, 2 * POLL_EVERY);
        let report = search(&Board::empty(), &mut NoObserver, Some(&|| true), |_| {
            ControlFlow::Continue(())
        });
        assert_eq!(report.end, SearchEnd::Interrupted);
    }

    /// Counts guesses where a stop poll can see them.
    struct GuessCounter<'a>(&'a std::cell::Cell<u64>);

    impl Observer for GuessCounter<'_> {
        fn place(&mut self, _depth: usize, _cell: usize, _digit: u8, guess: bool) {
            self.0.set(self.0.get() + u64::from(guess));
        }
        fn undo(&mut self, _depth: usize, _cell: usize, _digit: u8) {}
    }

    #[test]
    fn a_stop_already_due_allows_propagation_only() {
        // `--timeout 0`: a puzzle that needs guesses is stopped before the first.
        let puzzle = board(HARD);
        let a = analyse(&puzzle, Some(2), Some(&|| true));
        assert!(analyse(&puzzle, Some(2), None).guesses > 0);
        assert_eq!((a.count, a.complete, a.guesses), (0, false, 0));
        // One that propagation alone solves is still solved, and found unique.
        let grid = pattern_grid();
        let mut cells = *grid.cells();
        for i in (0..CELLS).step_by(7) {
            cells[i] = 0;
        }
        let easy = Board::from_cells(cells).unwrap();
        let a = analyse(&easy, Some(2), Some(&|| true));
        assert_eq!((a.count, a.complete, a.first), (1, true, Some(grid)));
    }

    #[test]
    fn the_stop_poll_comes_often() {
        // Between two polls (and before the first) at most `POLL_EVERY` guesses, on a
        // search of a few thousand guesses and on a long count, so that a deadline is seen
        // within a fraction of a millisecond.
        for (line, limit) in [(HARD, Some(2)), (&".".repeat(CELLS)[..], Some(20_000))] {
            let guesses = std::cell::Cell::new(0u64);
            let (last, widest, polls) = (
                std::cell::Cell::new(0u64),
                std::cell::Cell::new(0u64),
                std::cell::Cell::new(0u64),
            );
            let stop = || {
                widest.set(widest.get().max(guesses.get() - last.get()));
                last.set(guesses.get());
                polls.set(polls.get() + 1);
                false
            };
            let mut found = 0u64;
            let report = search(
                &board(line),
                &mut GuessCounter(&guesses),
                Some(&stop),
                |_| {
                    found += 1;
                    if Some(found) == limit {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
            assert_eq!(guesses.get(), report.stats.guesses);
            assert!(guesses.get() > 0 && polls.get() > 0, "{line}");
            assert!(
                widest.get() <= POLL_EVERY,
                "{line}: {} guesses",
                widest.get()
            );
            assert!(polls.get() >= guesses.get() / POLL_EVERY, "{line}");
        }
    }

    #[derive(Default)]
    struct Recorder {
        stack: Vec<(usize, usize, u8)>,
        places: usize,
        guesses: u64,
        errors: Vec<String>,
    }

    impl Observer for Recorder {
        fn place(&mut self, depth: usize, cell: usize, digit: u8, guess: bool) {
            if cell >= CELLS || !(1..=9).contains(&digit) {
                self.errors.push(format!("bad place {cell} {digit}"));
            }
            if guess {
                self.guesses += 1;
                let deepest = self.stack.last().map_or(0, |e| e.0);
                if depth != deepest + 1 {
                    self.errors
                        .push(format!("guess at depth {depth} after {deepest}"));
                }
            }
            self.places += 1;
            self.stack.push((depth, cell, digit));
        }
        fn undo(&mut self, depth: usize, cell: usize, digit: u8) {
            if self.stack.pop() != Some((depth, cell, digit)) {
                self.errors
                    .push(format!("unmatched undo {depth} {cell} {digit}"));
            }
        }
    }

    #[test]
    fn observer_sees_balanced_events() {
        for line in [
            HARD,
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
        ] {
            let puzzle = board(line);
            let mut rec = Recorder::default();
            let mut with = Vec::new();
            let report = search(&puzzle, &mut rec, None, |s| {
                with.push(s.board());
                ControlFlow::Continue(())
            });
            assert!(
                rec.errors.is_empty(),
                "{:?}",
                &rec.errors[..3.min(rec.errors.len())]
            );
            // Only the depth-0 placements (givens and their consequences) stay.
            assert!(rec.stack.iter().all(|e| e.0 == 0));
            assert!(rec.stack.len() >= puzzle.givens());
            assert!(rec.places > rec.stack.len());
            assert_eq!(rec.guesses, report.stats.guesses);
            let mut without = Vec::new();
            let plain = search(&puzzle, &mut NoObserver, None, |s| {
                without.push(s.board());
                ControlFlow::Continue(())
            });
            assert_eq!(plain, report);
            assert_eq!(with, without);
            assert!(with.iter().all(|s| s.is_solution_of(&puzzle)));
        }
    }

    /// Needs `../shared` (run by `.ci/run` with `--ignored shared_`).
    #[test]
    #[ignore = "needs ../shared"]
    fn shared_collections() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles");
        for (name, unique) in [
            ("unbiased_1000.txt", true),
            ("17_clue.txt", true),
            ("serg_benchmark.txt", false),
            ("magictour_top1465.txt", true),
            ("forum_hardest_1106.txt", true),
        ] {
            let text = std::fs::read_to_string(dir.join(name))
                .unwrap_or_else(|e| panic!("needs ../shared/puzzles/{name}: {e}"));
            let lines = text
                .lines()
                .filter(|l| l.len() >= 81 && !l.starts_with('#'));
            for line in lines.take(200) {
                let puzzle = board(&line[..81]);
                let a = analyse(&puzzle, Some(2), None);
                let first = a
                    .first
                    .unwrap_or_else(|| panic!("{name}: no solution for {line}"));
                assert!(first.is_solution_of(&puzzle), "{name}: {line}");
                if unique {
                    assert_eq!((a.count, a.complete), (1, true), "{name}: {line}");
                } else {
                    assert_eq!(a.count, 2, "{name}: {line}");
                }
            }
        }
    }
}
