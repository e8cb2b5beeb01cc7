//! Uniqueness checks and the greedy removal of givens.
//!
//! # Cost
//!
//! Making a minimal puzzle means trying to remove each group of givens in turn and keeping
//! the removal when the puzzle still has one solution: one check per group (81 without
//! symmetry), almost all of the generator's time. What makes it cheap:
//!
//! - **Runs of removals checked at once** ([`reduce`]). Uniqueness only gets harder as
//!   givens go: if the puzzle minus groups `g1..gk` is unique, so is the puzzle minus any of
//!   them, so the one-by-one greedy pass would have removed all `k`. So a run of the removal
//!   order is tried in one check, the run doubling after each success. The result is
//!   exactly the one-by-one pass's; the first ~45 groups (which almost always go) cost a
//!   handful of checks instead of 45.
//! - **A failed check says where it failed.** A check that fails finds another solution
//!   `T`; the last group of the run where `T` differs from the solution `S` is where the
//!   one-by-one pass fails at the latest, so the run is cut there (or halved, when that is
//!   late) and that group is marked to stay.
//! - **Unavoidable sets.** The cells where `T` differs from `S` need a given in every puzzle
//!   with solution `S`; so do small sets read off the grid itself
//!   ([`small_unavoidables`]). A removal that leaves such a set empty fails with no search
//!   at all; about a fifth of the failures are answered that way.
//! - **Cheap single checks.** Once the puzzle is sparse, removals mostly fail and are tried
//!   one group at a time; for a group of one cell, the check tries the cell's other digits
//!   with a search for a first solution each, which is cheaper than counting to two.
//!
//! Together: about 44 checks for a puzzle without symmetry, 26 with 180° symmetry.

use std::ops::ControlFlow;

use crate::board::{Board, CELLS};
use crate::geometry::classic::PEERS;
use crate::solver::{self, NoObserver};

use super::symmetry::Orbits;

type Cells = [u8; CELLS];

/// A solution of `cells` other than `solution`, if there is one.
pub fn other_solution(cells: &[u8; CELLS], solution: &[u8; CELLS]) -> Option<[u8; CELLS]> {
    let board = Board::from_valid_cells(*cells);
    let mut other = None;
    solver::search(&board, &mut NoObserver, None, |s| {
        let b = s.board();
        if b.cells() != solution {
            other = Some(*b.cells());
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    other
}

/// A solution of `trial` other than `solution`, where `trial` is a unique puzzle with solution
/// `solution` less the cells of `group`. Another solution differs from `solution` on some
/// cell of the group: for each cell in turn (the ones before it set back to the solution),
/// each other digit its peers allow is tried, stopping at the first solution found.
pub fn other_without(
    trial: &Cells,
    solution: &Cells,
    group: &super::symmetry::Group,
) -> Option<Cells> {
    let mut board = *trial;
    for c in group.cells() {
        let (r, col) = (c / 9, c % 9);
        let (r0, c0) = (r / 3 * 3, col / 3 * 3);
        let mut used = 0u32;
        for k in 0..9 {
            used |= 1 << board[r * 9 + k];
            used |= 1 << board[k * 9 + col];
            used |= 1 << board[(r0 + k / 3) * 9 + c0 + k % 3];
        }
        used |= 1 << solution[c];
        for w in 1..=9u8 {
            if used >> w & 1 == 0 {
                board[c] = w;
                if let Some(other) = solver::solve_first(&Board::from_valid_cells(board)) {
                    return Some(*other.cells());
                }
            }
        }
        board[c] = solution[c];
    }
    None
}

/// Adds the unavoidable set `set` to `sets`, keeping no set that holds another: a puzzle
/// that leaves a set without a given leaves every smaller set inside it without one too,
/// so the smaller set answers every check the larger one would. The list stays short
/// (every failed check adds a set, and the search runs thousands), and a scan of it cheap.
pub fn add_unavoidable(sets: &mut Vec<u128>, set: u128) {
    if sets.iter().any(|&s| s & !set == 0) {
        return;
    }
    sets.retain(|&s| set & !s != 0);
    sets.push(set);
}

/// The filled cells of `cells`, bit `c` for cell `c`.
pub fn mask_of(cells: &Cells) -> u128 {
    Board::from_valid_cells(*cells).filled_mask()
}

/// The cells where two grids differ, bit `c` for cell `c`.
pub fn differences(a: &Cells, b: &Cells) -> u128 {
    // Sixteen cells at a time, a shape the compiler turns into vector compares.
    let mut m = 0u128;
    for (i, (x, y)) in a.chunks(16).zip(b.chunks(16)).enumerate() {
        let mut bits = 0u16;
        for (j, (p, q)) in x.iter().zip(y).enumerate() {
            bits |= u16::from(p != q) << j;
        }
        m |= u128::from(bits) << (16 * i);
    }
    m
}

/// Small unavoidable sets of a complete grid, found from pairs of rows (and of columns).
///
/// Two rows hold the same nine digits, so following "the digit below this one, found in the
/// top row" from column to column splits the columns into cycles; on the columns of one
/// cycle the two rows hold the same digits, so swapping them between the rows keeps both
/// rows and every column valid. Boxes stay valid too when the rows share a band, or when the
/// cycle stays in one stack. Another grid then differs only on those cells: a puzzle with
/// this solution must keep one of them. Cycles of two columns are the `a b / b a`
/// rectangles. Only cycles of up to `max_len` columns are kept (small sets are the useful
/// ones).
pub fn small_unavoidables(grid: &Cells, max_len: usize) -> Vec<u128> {
    let mut out = Vec::new();
    for transpose in [false, true] {
        let at = |r: usize, c: usize| {
            if transpose {
                usize::from(grid[c * 9 + r])
            } else {
                usize::from(grid[r * 9 + c])
            }
        };
        let bit = |r: usize, c: usize| {
            if transpose {
                1u128 << (c * 9 + r)
            } else {
                1u128 << (r * 9 + c)
            }
        };
        // pos[r][d]: the column of digit d in row r.
        let mut pos = [[0usize; 10]; 9];
        for r in 0..9 {
            for c in 0..9 {
                pos[r][at(r, c)] = c;
            }
        }
        for (r1, top) in pos.iter().enumerate() {
            for r2 in r1 + 1..9 {
                let same_band = r1 / 3 == r2 / 3;
                let mut seen = 0u16;
                for start in 0..9 {
                    if seen >> start & 1 == 1 {
                        continue;
                    }
                    let (mut c, mut len, mut set, mut stacks) = (start, 0, 0u128, 0u8);
                    loop {
                        seen |= 1 << c;
                        len += 1;
                        set |= bit(r1, c) | bit(r2, c);
                        stacks |= 1 << (c / 3);
                        c = top[at(r2, c)];
                        if c == start {
                            break;
                        }
                    }
                    if len >= 2 && len <= max_len && (same_band || stacks.count_ones() == 1) {
                        out.push(set);
                    }
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The smallest unavoidable sets made of two digits: swapping digits `a` and `b` on a set
/// of their cells gives another valid grid when every row, column and box holds both of
/// the set's cells there or neither. Linking each cell of the two digits to the other
/// digit's cell in its row, column and box, the smallest such sets are the connected parts.
pub fn digit_pair_unavoidables(grid: &Cells) -> Vec<u128> {
    // cells[d]: the cells holding digit d, bit c for cell c.
    let mut cells = [0u128; 10];
    for (c, &v) in grid.iter().enumerate() {
        cells[usize::from(v)] |= 1 << c;
    }
    let mut out = Vec::new();
    for a in 1..=9usize {
        for b in a + 1..=9 {
            let both = cells[a] | cells[b];
            let mut left = both;
            while left != 0 {
                // Grow the part of the first cell left: each cell brings the cells of the
                // two digits in its houses (its own digit's cell there is itself).
                let mut part = left & left.wrapping_neg();
                let mut edge = part;
                while edge != 0 {
                    let c = edge.trailing_zeros() as usize;
                    edge &= edge - 1;
                    // `c` is in `part` already, so its peers are all it can add.
                    let new = PEERS[c].0 & both & !part;
                    part |= new;
                    edge |= new;
                }
                left &= !part;
                out.push(part);
            }
        }
    }
    out
}

/// Every minimal unavoidable set of `grid` made of `k` digits: those inside the cells of
/// each `k` digits ([`minimal_inside`]), keeping only the sets holding no other.
pub fn digit_unavoidables(grid: &Cells, k: usize) -> Vec<u128> {
    let mut out = Vec::new();
    let digits: Vec<u8> = (1..=9).collect();
    let _ = crate::geometry::combinations(&digits, k, &mut |chosen: &[u8]| {
        let cells = (0..CELLS).fold(0u128, |m, c| m | u128::from(chosen.contains(&grid[c])) << c);
        for set in minimal_inside(grid, cells, usize::MAX)
            .into_iter()
            .flatten()
        {
            add_unavoidable(&mut out, set);
        }
        ControlFlow::<()>::Continue(())
    });
    out
}

/// Every minimal unavoidable set of `grid` inside `set` (bit `c` for cell `c`); `None`
/// when the grid with `set` emptied has more than `cap` solutions.
///
/// An unavoidable set inside `set` lets another solution through when its cells are
/// emptied, and that solution is one of the grid with all of `set` emptied, differing from
/// `grid` on a part of it; so the minimal ones are exactly the minimal differences of
/// those solutions, and one listing of the solutions finds them all.
pub fn minimal_inside(grid: &Cells, set: u128, cap: usize) -> Option<Vec<u128>> {
    let mut inside = Vec::new();
    let mut solutions = 0;
    let board = Board::from_valid_cells(emptied(grid, set));
    solver::search(&board, &mut NoObserver, None, |s| {
        solutions += 1;
        if solutions > cap {
            return ControlFlow::Break(());
        }
        let d = differences(s.board().cells(), grid);
        if d != 0 {
            add_unavoidable(&mut inside, d);
        }
        ControlFlow::Continue(())
    });
    (solutions <= cap).then_some(inside)
}

/// `grid` with the cells of `set` (bit `c` for cell `c`) emptied.
pub fn emptied(grid: &Cells, set: u128) -> Cells {
    let mut out = *grid;
    for (c, v) in out.iter_mut().enumerate() {
        if set >> c & 1 == 1 {
            *v = 0;
        }
    }
    out
}

/// How [`reduce`] ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// Try every group: the result is minimal over the groups of `order`.
    Minimal,
    /// Stop at the first group that cannot be removed.
    FirstFailure,
    /// Stop as soon as at most `max` givens are left, and never go under `min`.
    Clues {
        /// The fewest givens a removal may leave.
        min: usize,
        /// Enough: stop once at most this many are left.
        max: usize,
    },
}

/// Counters of the work done, for tuning and for `--stats`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Work {
    /// Uniqueness checks run.
    pub checks: u64,
}

/// The first run of removals tried at once, doubled after each run that goes.
const FIRST_RUN: usize = 8;

/// The longest run once some removal has failed: the puzzle is sparse then, most removals
/// fail, and a failed run costs more than single checks (finding two solutions of a puzzle
/// with many holes takes guessing).
const SPARSE_RUN: usize = 3;

/// Takes givens out of `cells` (a puzzle with the unique solution `solution`): the groups
/// `order` names, in that order, each one if the puzzle stays unique without it. Groups not
/// all given are skipped. The result is what removing them one at a time would give (see the
/// module notes), and keeps the unique solution.
///
/// `unavoidable`: sets of cells known
/// to need a given (see [`small_unavoidables`]); the sets found on the way are added.
pub fn reduce(
    cells: &mut Cells,
    solution: &Cells,
    order: &[usize],
    orbits: &Orbits,
    stop: Stop,
    unavoidable: &mut Vec<u128>,
    work: &mut Work,
) {
    // No removal may leave fewer givens than this.
    let floor = match stop {
        Stop::Clues { min, .. } => min,
        _ => 0,
    };
    let groups = orbits.groups();
    let order: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&g| groups[g].cells().all(|c| cells[c] != 0))
        .collect();
    let mut count = cells.iter().filter(|&&v| v != 0).count();
    // Where each group is in `order` (valid for the groups of the current window).
    let mut position = [usize::MAX; CELLS];
    let mut i = 0;
    let mut step = FIRST_RUN;
    let mut sparse = false;
    while i < order.len() {
        if let Stop::Clues { max: n, .. } = stop
            && count <= n
        {
            return;
        }
        // The window order[i..j]: at most `step` groups, not under the floor, and ending
        // once the target of `Stop::Clues` is reached.
        let (mut j, mut removed) = (i, 0);
        while j - i < step && j < order.len() {
            let size = groups[order[j]].len();
            if count - removed < size + floor {
                break;
            }
            removed += size;
            position[order[j]] = j;
            j += 1;
            if matches!(stop, Stop::Clues { max, .. } if count - removed <= max) {
                break;
            }
        }
        if j == i {
            // This group would take the puzzle under the floor: it stays.
            i += 1;
            continue;
        }
        // Groups of the window shown to stay (bit p - i): each by another solution of the
        // puzzle without it and without the groups before it in the window not marked.
        let mut kept: u128 = 0;
        let mut failed = false;
        while kept.count_ones() as usize != j - i {
            let mut trial = *cells;
            let mut removed = 0;
            for (p, &g) in order.iter().enumerate().take(j).skip(i) {
                if kept >> (p - i) & 1 == 0 {
                    for c in groups[g].cells() {
                        trial[c] = 0;
                    }
                    removed += groups[g].len();
                }
            }
            // The last group of the window, not marked, where another solution differs (on
            // cells `d`): with the unmarked groups before it removed, that solution still
            // solves the puzzle without it, so one-by-one removal fails there or earlier.
            let last = |d: u128| {
                let mut m = i;
                let mut rest = d;
                while rest != 0 {
                    let c = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let p = position[orbits.group_of(c)];
                    if (i..j).contains(&p) && kept >> (p - i) & 1 == 0 {
                        m = m.max(p);
                    }
                }
                m
            };
            // A known unavoidable set with no given left: not unique, with no search. (The
            // current puzzle has a given in it, so that given is in the window.) Of those,
            // the one that points earliest.
            let givens = mask_of(&trial);
            let known = unavoidable
                .iter()
                .filter(|&&d| d & givens == 0)
                .map(|&d| last(d))
                .min();
            let m = match known {
                Some(m) => m,
                None => {
                    work.checks += 1;
                    let other = if j - i == 1 && groups[order[i]].len() == 1 {
                        // One cell: try its other digits (cheaper than a count to two).
                        other_without(&trial, solution, &groups[order[i]])
                    } else {
                        other_solution(&trial, solution)
                    };
                    let Some(other) = other else {
                        *cells = trial;
                        count -= removed;
                        break;
                    };
                    let d = differences(&other, solution);
                    add_unavoidable(unavoidable, d);
                    last(d)
                }
            };
            failed = true;
            if stop == Stop::FirstFailure {
                // Remove what comes before the first group that cannot go, then stop.
                if m == i {
                    return;
                }
                kept = 0;
                for p in m..j {
                    kept |= 1 << (p - i);
                }
            } else if m + 1 > i + (j - i) / 2 && j - i > 1 {
                // It points late: halve the window instead (marks after the cut go).
                j = i + (j - i) / 2;
                kept &= (1u128 << (j - i)) - 1;
            } else {
                // Mark it, and end the window there. Marks after it were shown with it
                // removed: they go, to be tested again.
                kept &= (1u128 << (m - i)) - 1;
                kept |= 1 << (m - i);
                j = m + 1;
            }
        }
        if stop == Stop::FirstFailure && failed {
            return;
        }
        sparse |= failed;
        step = if failed { (j - i).max(1) } else { 2 * step };
        if sparse {
            step = step.min(SPARSE_RUN);
        }
        i = j;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unavoidable_lists_keep_no_set_inside_another() {
        // Small sets over 12 cells, so containment is common.
        let mut rng = crate::testing::XorShift64(0x9e37_79b9_7f4a_7c15);
        let mut next = move || u128::from(rng.next_u64() & 0xfff);
        let mut sets = Vec::new();
        let mut added = Vec::new();
        for _ in 0..500 {
            let set = next() | 1;
            add_unavoidable(&mut sets, set);
            added.push(set);
            for (i, &a) in sets.iter().enumerate() {
                for (j, &b) in sets.iter().enumerate() {
                    assert!(i == j || a & !b != 0, "{a:b} inside {b:b}");
                }
            }
            // Every set ever added still has a set of the list inside it.
            assert!(added.iter().all(|&d| sets.iter().any(|&s| s & !d == 0)));
        }
    }

    #[test]
    fn rectangles_match_brute_force() {
        let maker = crate::generate::Generator::new(3, Default::default()).unwrap();
        for i in 0..50 {
            let g = *maker.solved(i).cells();
            let mut brute = Vec::new();
            for r1 in 0..9 {
                for r2 in r1 + 1..9 {
                    for c1 in 0..9 {
                        for c2 in c1 + 1..9 {
                            let (a, b) = (g[r1 * 9 + c1], g[r1 * 9 + c2]);
                            if g[r2 * 9 + c1] == b
                                && g[r2 * 9 + c2] == a
                                && (r1 / 3 == r2 / 3 || c1 / 3 == c2 / 3)
                            {
                                brute.push(
                                    1u128 << (r1 * 9 + c1)
                                        | 1u128 << (r1 * 9 + c2)
                                        | 1u128 << (r2 * 9 + c1)
                                        | 1u128 << (r2 * 9 + c2),
                                );
                            }
                        }
                    }
                }
            }
            brute.sort_unstable();
            let mut ours = small_unavoidables(&g, 2);
            ours.sort_unstable();
            assert_eq!(ours, brute, "grid {i}");
        }
    }
}
