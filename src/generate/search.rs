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

use crate::board::{Board, CELLS};

use super::random::Stream;
use super::reduce::{Stop, Work, differences, mask_of, other_solution, reduce, small_unavoidables};
use super::symmetry::{Orbits, Symmetry};
use super::{Budget, Options, grid};

/// Most groups put back to repair one move.
const MAX_REPAIRS: usize = 6;

/// Moves without progress before the search starts again from a new grid.
const RESTART: u64 = 3000;

/// The longest cycles [`small_unavoidables`] collects: four columns (sets of 8 cells).
const CYCLE: usize = 4;

type Cells = [u8; CELLS];

/// A puzzle with its unique solution and the unavoidable sets of that solution met so far.
#[derive(Clone)]
pub(super) struct Piece {
    pub puzzle: Cells,
    pub solution: Cells,
    unavoidable: Vec<u128>,
}

/// How removal ends under `options`, and the fewest givens it may leave.
fn stop_of(options: &Options) -> (Stop, usize) {
    match (options.minimal, options.clues) {
        (true, _) => (Stop::Minimal, 0),
        (false, Some(c)) => (Stop::AtMost(c.max), c.min),
        (false, None) => (Stop::FirstFailure, 0),
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

/// A fresh grid and the first removal pass.
pub(super) fn first_pass(
    rng: &mut Stream,
    orbits: &Orbits,
    options: &Options,
    work: &mut Work,
) -> Piece {
    let solution = *grid::random_grid(rng).cells();
    let mut puzzle = solution;
    let order = random_order(rng, orbits);
    let (stop, floor) = stop_of(options);
    let mut unavoidable = small_unavoidables(&solution, CYCLE);
    reduce(
        &mut puzzle,
        &solution,
        &order,
        orbits,
        stop,
        floor,
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
                piece.unavoidable.push(d);
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
    let order = random_order(rng, orbits);
    let (stop, floor) = stop_of(options);
    reduce(
        &mut next,
        &solution,
        &order,
        orbits,
        stop,
        floor,
        &mut piece.unavoidable,
        work,
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
    work: &mut Work,
) -> (Piece, bool) {
    let orbits = symmetry.orbits();
    let mut piece = first_pass(rng, orbits, options, work);
    let Some(range) = options.clues else {
        return (piece, true);
    };
    let distance = |p: &Cells| range.distance(count(p));
    let mut best = piece.clone();
    let mut since = 0;
    while distance(&piece.puzzle) > 0 {
        if !budget.take() {
            return (best, false);
        }
        since += 1;
        if since > RESTART {
            piece = first_pass(rng, orbits, options, work);
            since = 0;
        } else if let Some(next) = neighbour(rng, orbits, options, &mut piece, work)
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

/// Hill climbing from `start` (a puzzle meeting the options) toward `score >= target`: the
/// best puzzle found and its score.
#[allow(clippy::too_many_arguments)]
pub(super) fn climb(
    rng: &mut Stream,
    symmetry: Symmetry,
    options: &Options,
    start: Piece,
    score: &dyn Fn(&Board) -> f64,
    target: f64,
    budget: &mut Budget<'_>,
    work: &mut Work,
) -> (Piece, f64) {
    let orbits = symmetry.orbits();
    let judge = |p: &Cells| score(&Board::from_valid_cells(*p));
    let mut piece = start;
    let mut value = judge(&piece.puzzle);
    let mut best = (piece.puzzle, value);
    while best.1 < target && budget.take() {
        let Some(next) = neighbour(rng, orbits, options, &mut piece, work) else {
            continue;
        };
        if options.clues.is_some_and(|c| !c.contains(count(&next))) {
            continue;
        }
        let v = judge(&next);
        if v >= value {
            (piece.puzzle, value) = (next, v);
            if v > best.1 {
                best = (next, v);
            }
        }
    }
    piece.puzzle = best.0;
    (piece, best.1)
}
