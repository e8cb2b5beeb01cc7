//! Making one puzzle to the options, and the local search for targets that plain removal
//! rarely meets (clue counts far from the usual, a higher score).
//!
//! # The move
//!
//! Every puzzle visited has the same solution `S` (the grid the puzzle was made from) and
//! one solution only. A move from puzzle `P`:
//!
//! 1. takes out one or two random groups of givens: the puzzle usually has other solutions
//!    now;
//! 2. repairs it: while there is another solution `T`, puts back (with `S`'s digits) a
//!    group holding a cell where `T` differs from `S`, which rules `T` out: of those, the
//!    group that also fills the most known unavoidable sets left without a given (ties at
//!    random); a move needing more than [`MAX_REPAIRS`] groups is dropped;
//! 3. removes, in a random order, the groups that can now go (as in the first pass), so a
//!    minimal puzzle stays minimal.
//!
//! The unavoidable sets of `S` found on the way (cells where some other grid differs) are
//! kept with the puzzle: a set with no given left answers a check with no search, and
//! points straight at the cells that repair it.
//!
//! The search keeps a move when it is no worse (nearer the clue range, or a score no
//! lower), so it also walks across plateaus; after [`RESTART`] moves without progress it
//! starts again from a new grid, since some grids have no puzzle near the target.
//!
//! # Fewer givens: the exchange
//!
//! Random moves rarely go below the usual 22-26 givens of a minimal puzzle. When the
//! puzzle has more givens than wanted, the search first tries every *exchange*
//! ([`exchange`]): two groups of givens out and one smaller group in, fewer givens in all.
//! Most exchanges are ruled out with no search, because the cells where the puzzle's known
//! other solutions differ ([`Piece`]'s unavoidable sets) must each keep a given, and every
//! check that fails adds such a set. An exchange that keeps one solution is reduced again
//! and kept; a puzzle with none left is walked away from by random moves.
//!
//! # Far fewer: grid by grid
//!
//! When the moves stall ([`RESTART`] of them without progress, which with too many givens
//! means no exchange is left) and fewer givens are still wanted, for a minimal puzzle with
//! a symmetry (at most 64 groups), the search changes method: it takes grids
//! one by one and enumerates, for each, the sets of givens of the wanted size that meet
//! every unavoidable set ([`hitting`]), which settles whether the grid has such a puzzle at
//! all. That is how 20 givens with 180° symmetry are reached.

use std::ops::ControlFlow;

use crate::board::{Board, CELLS};
use crate::geometry::combinations;

use super::hitting;
use super::random::Stream;
use super::reduce::{
    Stop, Work, add_unavoidable, differences, mask_of, other_solution, reduce, small_unavoidables,
};
use super::symmetry::{Orbits, Symmetry};
use super::{Budget, Options, grid};

/// Most groups put back to repair one move.
const MAX_REPAIRS: usize = 6;

/// Moves without progress before the search starts again from a new grid.
const RESTART: u64 = 100;

/// The longest cycles [`small_unavoidables`] collects: four columns (sets of 8 cells).
pub(super) const CYCLE: usize = 4;

type Cells = [u8; CELLS];

/// A puzzle with its unique solution and the unavoidable sets of that solution met so far.
#[derive(Clone)]
pub(super) struct Piece {
    pub puzzle: Cells,
    pub solution: Cells,
    unavoidable: Vec<u128>,
}

/// How removal ends under `options`, and the fewest givens it may leave.
fn stop_of(options: &Options) -> Stop {
    match (options.minimal, options.clues) {
        (true, _) => Stop::Minimal,
        (false, Some(c)) => Stop::Clues {
            min: c.min,
            max: c.max,
        },
        (false, None) => Stop::FirstFailure,
    }
}

fn count(cells: &Cells) -> usize {
    cells.iter().filter(|&&v| v != 0).count()
}

/// All groups in a random order.
fn random_order(rng: &mut Stream, orbits: &Orbits) -> Vec<usize> {
    let mut order: Vec<usize> = (0..orbits.groups().len()).collect();
    rng.shuffle(&mut order);
    order
}

/// Takes givens out of `cells` (one solution, `solution`) in a random order of the groups,
/// until [`stop_of`] says so for `options`.
fn reduce_as_asked(
    rng: &mut Stream,
    orbits: &Orbits,
    options: &Options,
    cells: &mut Cells,
    solution: &Cells,
    unavoidable: &mut Vec<u128>,
    work: &mut Work,
) {
    let order = random_order(rng, orbits);
    reduce(
        cells,
        solution,
        &order,
        orbits,
        stop_of(options),
        unavoidable,
        work,
    );
}

/// A fresh grid and the first removal pass.
pub(super) fn first_pass(
    rng: &mut Stream,
    orbits: &Orbits,
    options: &Options,
    work: &mut Work,
) -> Piece {
    let solution = *grid::random_grid(rng).cells();
    let mut puzzle = solution;
    let mut unavoidable = small_unavoidables(&solution, CYCLE);
    reduce_as_asked(
        rng,
        orbits,
        options,
        &mut puzzle,
        &solution,
        &mut unavoidable,
        work,
    );
    Piece {
        puzzle,
        solution,
        unavoidable,
    }
}

/// One move of the search from `piece` (see the module notes): the new puzzle, or `None`
/// when the repair took too many groups. New unavoidable sets are added to `piece`.
fn neighbour(
    rng: &mut Stream,
    orbits: &Orbits,
    options: &Options,
    piece: &mut Piece,
    work: &mut Work,
) -> Option<Cells> {
    let groups = orbits.groups();
    let solution = piece.solution;
    let given: Vec<usize> = (0..groups.len())
        .filter(|&g| groups[g].cells().all(|c| piece.puzzle[c] != 0))
        .collect();
    if given.is_empty() {
        return None;
    }
    let mut next = piece.puzzle;
    let mut out = [usize::MAX; 2];
    let takes = if given.len() > 2 && rng.chance(1, 2) {
        2
    } else {
        1
    };
    for k in 0..takes {
        let mut at = rng.index(given.len());
        if k == 1 && given[at] == out[0] {
            at = (at + 1) % given.len();
        }
        out[k] = given[at];
        for c in groups[out[k]].cells() {
            next[c] = 0;
        }
    }
    for repairs in 0..=MAX_REPAIRS {
        // Another solution, as the cells where it differs: from a known unavoidable set
        // with no given left, or from a search.
        let givens = mask_of(&next);
        let differ = match piece.unavoidable.iter().find(|&&d| d & givens == 0) {
            Some(&d) => d,
            None => {
                work.checks += 1;
                let Some(other) = other_solution(&next, &solution) else {
                    break;
                };
                let d = differences(&other, &solution);
                add_unavoidable(&mut piece.unavoidable, d);
                d
            }
        };
        if repairs == MAX_REPAIRS {
            return None;
        }
        // A group with a cell in the set comes back: the one that fills the most known
        // unavoidable sets still without a given (ties drawn at random), preferring groups
        // other than those just taken out.
        let mut candidates: Vec<usize> = Vec::new();
        for c in 0..CELLS {
            let g = orbits.group_of(c);
            if differ >> c & 1 == 1 && !candidates.contains(&g) {
                candidates.push(g);
            }
        }
        if candidates.iter().any(|g| !out.contains(g)) {
            candidates.retain(|g| !out.contains(g));
        }
        let open: Vec<u128> = piece
            .unavoidable
            .iter()
            .copied()
            .filter(|&d| d & givens == 0)
            .collect();
        let hits = |g: usize| {
            let cells = groups[g].cells().fold(0u128, |m, c| m | 1 << c);
            open.iter().filter(|&&d| d & cells != 0).count()
        };
        let most = candidates.iter().map(|&g| hits(g)).max().unwrap_or(0);
        candidates.retain(|&g| hits(g) == most);
        let g = candidates[rng.index(candidates.len())];
        for c in groups[g].cells() {
            next[c] = solution[c];
        }
    }
    reduce_as_asked(
        rng,
        orbits,
        options,
        &mut next,
        &solution,
        &mut piece.unavoidable,
        work,
    );
    Some(next)
}

/// Most groups an exchange takes out (it puts back one fewer).
const MAX_OUT: usize = 3;

/// The first exchange (see the module notes) that leaves `piece` with fewer givens and one
/// solution, reduced as `options` say: `k` groups of givens out and `k - 1` groups with
/// fewer cells in all put back, for `k` = 2 then up to [`MAX_OUT`], each in a random order.
/// `None` when there is none, or when `budget` runs out on the way.
fn exchange(
    rng: &mut Stream,
    orbits: &Orbits,
    options: &Options,
    piece: &mut Piece,
    budget: &mut Budget<'_>,
) -> Option<Cells> {
    let groups = orbits.groups();
    let mask = |g: usize| groups[g].cells().fold(0u128, |m, c| m | 1 << c);
    let size = |gs: &[usize]| gs.iter().map(|&g| groups[g].len()).sum::<usize>();
    let givens = mask_of(&piece.puzzle);
    let (given, mut open): (Vec<usize>, Vec<usize>) =
        (0..groups.len()).partition(|&g| mask(g) & givens == mask(g));
    // The known unavoidable sets that an exchange can leave without a given: those whose
    // givens lie in at most `MAX_OUT` groups (bit `i` for `given[i]`). A group that is
    // the only one in some set's givens cannot go at all.
    let mut near: Vec<(u128, u128)> = Vec::new();
    let mut fixed = 0u128;
    for &d in &piece.unavoidable {
        let mut touch = 0u128;
        for (i, &g) in given.iter().enumerate() {
            if d & mask(g) != 0 {
                touch |= 1 << i;
            }
        }
        match touch.count_ones() as usize {
            1 => fixed |= touch,
            n if n <= MAX_OUT => near.push((touch, d)),
            _ => {}
        }
    }
    let mut movable: Vec<usize> = (0..given.len()).filter(|&i| fixed >> i & 1 == 0).collect();
    rng.shuffle(&mut movable);
    rng.shuffle(&mut open);
    let mut found = None;
    for k in 2..=MAX_OUT {
        let _ = combinations(&movable, k, &mut |out: &[usize]| {
            let out_bits = out.iter().fold(0u128, |m, &i| m | 1 << i);
            let out: Vec<usize> = out.iter().map(|&i| given[i]).collect();
            let out = &out[..];
            // The sets left without a given: the groups put back must fill every one (no
            // search needed to rule out the others, almost all).
            let empty: Vec<u128> = near
                .iter()
                .filter(|&&(touch, _)| touch & !out_bits == 0)
                .map(|&(_, d)| d)
                .collect();
            let fill = |gs: &[usize]| {
                let cells = gs.iter().fold(0u128, |m, &g| m | mask(g));
                empty.iter().all(|&d| d & cells != 0)
            };
            combinations(&open, k - 1, &mut |back: &[usize]| {
                if size(back) >= size(out) || !fill(back) {
                    return ControlFlow::Continue(());
                }
                if !budget.take() {
                    return ControlFlow::Break(());
                }
                let mut next = piece.puzzle;
                for cell in out.iter().flat_map(|&g| groups[g].cells()) {
                    next[cell] = 0;
                }
                for cell in back.iter().flat_map(|&g| groups[g].cells()) {
                    next[cell] = piece.solution[cell];
                }
                budget.work.checks += 1;
                match other_solution(&next, &piece.solution) {
                    Some(other) => {
                        let d = differences(&other, &piece.solution);
                        add_unavoidable(&mut piece.unavoidable, d);
                        ControlFlow::Continue(())
                    }
                    None => {
                        found = Some(next);
                        ControlFlow::Break(())
                    }
                }
            })
        });
        if found.is_some() || budget.spent() {
            break;
        }
    }
    let mut next = found?;
    reduce_as_asked(
        rng,
        orbits,
        options,
        &mut next,
        &piece.solution,
        &mut piece.unavoidable,
        &mut budget.work,
    );
    Some(next)
}

/// One puzzle to `options` from `rng`, and whether it meets the clue range. Plain removal
/// first; when the count is out of range, the search moves toward it until `budget` runs
/// out, then the closest puzzle found is returned.
pub(super) fn make(
    rng: &mut Stream,
    symmetry: Symmetry,
    options: &Options,
    budget: &mut Budget<'_>,
) -> (Piece, bool) {
    let orbits = symmetry.orbits();
    let mut piece = first_pass(rng, orbits, options, &mut budget.work);
    let Some(range) = options.clues else {
        return (piece, true);
    };
    let distance = |p: &Cells| range.distance(count(p));
    let mut best = piece.clone();
    let mut since = 0;
    // The last puzzle shown to have no exchange left, so it is not searched twice.
    let mut exhausted = None;
    while distance(&piece.puzzle) > 0 {
        if !budget.take() {
            return (best, false);
        }
        since += 1;
        if count(&piece.puzzle) > range.max && exhausted != Some(piece.puzzle) {
            match exchange(rng, orbits, options, &mut piece, budget) {
                Some(next) => {
                    since = 0;
                    piece.puzzle = next;
                }
                None => exhausted = Some(piece.puzzle),
            }
        } else if since > RESTART {
            if options.minimal
                && count(&piece.puzzle) > range.max
                && orbits.groups().len() <= hitting::MAX_SLOTS
            {
                // Local moves stall this far below the usual count: search grid by grid.
                return match hitting::sparse_puzzle(rng, orbits, range.min, range.max, budget) {
                    Some((puzzle, solution)) => (
                        Piece {
                            puzzle,
                            solution,
                            unavoidable: Vec::new(),
                        },
                        true,
                    ),
                    None => (best, false),
                };
            }
            piece = first_pass(rng, orbits, options, &mut budget.work);
            since = 0;
        } else if let Some(next) = neighbour(rng, orbits, options, &mut piece, &mut budget.work)
            && distance(&next) <= distance(&piece.puzzle)
        {
            if distance(&next) < distance(&piece.puzzle) {
                since = 0;
            }
            piece.puzzle = next;
        }
        if distance(&piece.puzzle) < distance(&best.puzzle) {
            best = piece.clone();
        }
    }
    (piece, true)
}

/// Moves of a climb without a better score before it starts again from a new puzzle: some
/// puzzles have no neighbourhood that leads to the target, and a climb kept there would run
/// for ever (or until `--timeout`).
const CLIMB_RESTART: u64 = 2000;

/// Hill climbing from `start` (a puzzle meeting the options) toward `score >= target`: the
/// best puzzle found and its score. After [`CLIMB_RESTART`] moves with no better score the
/// climb starts again from a new puzzle made to the options.
pub(super) fn climb(
    rng: &mut Stream,
    symmetry: Symmetry,
    options: &Options,
    start: Piece,
    score: &dyn Fn(&Board) -> f64,
    target: f64,
    budget: &mut Budget<'_>,
) -> (Piece, f64) {
    let orbits = symmetry.orbits();
    let judge = |p: &Cells| score(&Board::from_valid_cells(*p));
    let mut piece = start;
    let mut value = judge(&piece.puzzle);
    // The best of this climb, and the best of every climb so far.
    let mut top = value;
    let mut since = 0;
    let mut best = (piece.clone(), value);
    while best.1 < target && budget.take() {
        since += 1;
        if since > CLIMB_RESTART {
            let (fresh, met) = make(rng, symmetry, options, budget);
            if !met {
                break;
            }
            piece = fresh;
            value = judge(&piece.puzzle);
            top = value;
            since = 0;
            if value > best.1 {
                best = (piece.clone(), value);
            }
            continue;
        }
        let Some(next) = neighbour(rng, orbits, options, &mut piece, &mut budget.work) else {
            continue;
        };
        if options.clues.is_some_and(|c| !c.contains(count(&next))) {
            continue;
        }
        let v = judge(&next);
        if v >= value {
            (piece.puzzle, value) = (next, v);
            if v > top {
                top = v;
                since = 0;
            }
            if v > best.1 {
                best = (piece.clone(), v);
            }
        }
    }
    best
}
