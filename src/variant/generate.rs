//! Puzzles of any shape: a random complete grid from a seeded search, then givens taken out
//! a symmetric group at a time while the solution stays the only one.
//!
//! A group of givens can go when no solution differs from the grid at one of its cells:
//! for each cell, one search for a solution with that cell's value forbidden. A search
//! that finds nothing proves the cell is still forced, which is much quicker than counting
//! to two. Every group is tried once, in a random order, so the result is minimal (no group
//! can go) unless a per-check guess budget was set (for 20×20 and 25×25, where a rare check
//! can take long): a check over budget keeps its group, and the puzzle is then proper but
//! perhaps not minimal, which [`Made::minimal`] says.
//!
//! Everything is drawn from one [`Stream`] per puzzle, so the same seed and index give the
//! same puzzle whatever the threads.

use std::collections::HashSet;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use super::{Puzzle, Shape};
use crate::generate::{Stream, Symmetry};
use crate::geometry::Geometry;
use crate::solver::SearchEnd;
use crate::solver::general::{Options as SearchOptions, Solver};

/// Guesses a random grid may take before the search starts again from another draw.
const GRID_BUDGET: u64 = 2_000;
/// Draws of a random grid before giving up (a shape may have no solution at all).
const GRID_TRIES: usize = 200;
/// From this size up, `generate --jigsaw` draws a jigsaw's solution grid first (with the
/// default boxes) and its regions around it ([`regions_around`]): drawing the regions first
/// and then searching for a grid that fills them found no 25×25 grid in minutes.
pub const AROUND_FROM: usize = 25;
/// Trades of cells between regions that [`regions_around`] makes, per cell of the grid.
const TRADES: usize = 4;
/// Trades it tries, per cell, before it stops with fewer (a symmetry can leave few).
const TRADE_TRIES: usize = 200;

/// The random stream of puzzle `index` under `seed`.
pub fn stream(seed: u64, index: u64) -> Stream {
    Stream::new(ChaCha8Rng::seed_from_u64(seed).get_seed(), index)
}

/// What to make.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// The symmetry of the givens' pattern.
    pub symmetry: Symmetry,
    /// Take out givens until none (no group) can go; otherwise stop as soon as the count of
    /// givens is at most `max_clues`, or without `max_clues` at the first group that cannot
    /// go.
    pub minimal: bool,
    /// Stop taking out givens at this count (with `minimal` false).
    pub max_clues: Option<usize>,
    /// At most this many guesses per uniqueness check (see the module docs).
    pub budget: Option<u64>,
}

/// A puzzle made.
#[derive(Debug, Clone)]
pub struct Made {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its only solution.
    pub solution: Puzzle,
    /// Whether no group of givens can be taken out (false when a check ran over budget, or
    /// removal stopped at a clue count).
    pub minimal: bool,
}

/// A random complete grid of the shape, or `None` if the draws found none (the shape may
/// have no solution, or the stop poll said so).
pub fn random_grid(solver: &Solver, rng: &mut Stream, stop: &dyn Fn() -> bool) -> Option<Vec<u8>> {
    let n = solver.size();
    let empty = vec![0u8; n * n];
    for _ in 0..GRID_TRIES {
        let mut grid = None;
        let report = solver.search(
            &empty,
            SearchOptions {
                stop: Some(stop),
                random: Some(rng),
                budget: Some(GRID_BUDGET),
                forbid: &[],
                watch: None,
                plain: true,
            },
            |s| {
                grid = Some(s.to_vec());
                std::ops::ControlFlow::Break(())
            },
        );
        if grid.is_some() {
            return grid;
        }
        if report.end == SearchEnd::Exhausted || stop() {
            return None;
        }
    }
    None
}

/// The images of a cell of an N×N grid under every element of a symmetry's group, identity
/// first (with repeats on an axis).
pub fn images(symmetry: Symmetry, n: usize, cell: usize) -> Vec<usize> {
    let (r, c) = (cell / n, cell % n);
    let m = n - 1;
    let at = |(r, c): (usize, usize)| r * n + c;
    let rot = |(r, c): (usize, usize)| (c, m - r);
    let mut out = vec![cell];
    match symmetry {
        Symmetry::None => {}
        Symmetry::Rot180 => out.push(at((m - r, m - c))),
        Symmetry::Mirror => out.push(at((r, m - c))),
        Symmetry::Diagonal => out.push(at((c, r))),
        Symmetry::Antidiagonal => out.push(at((m - c, m - r))),
        Symmetry::Rot90 | Symmetry::Dihedral => {
            let mut p = (r, c);
            for _ in 0..3 {
                p = rot(p);
                out.push(at(p));
            }
            if symmetry == Symmetry::Dihedral {
                let mut p = (r, m - c);
                for _ in 0..4 {
                    out.push(at(p));
                    p = rot(p);
                }
            }
        }
    }
    out
}

/// The groups of cells a symmetry ties together, each sorted, in order of their first cell.
pub fn orbits(symmetry: Symmetry, n: usize) -> Vec<Vec<usize>> {
    let mut seen = vec![false; n * n];
    let mut out = Vec::new();
    for cell in 0..n * n {
        if seen[cell] {
            continue;
        }
        let mut group = images(symmetry, n, cell);
        group.sort_unstable();
        group.dedup();
        for &c in &group {
            seen[c] = true;
        }
        out.push(group);
    }
    out
}

/// Whether the symmetry maps every house of the geometry onto a house (boxes that are not
/// square do not turn a quarter; jigsaw regions rarely keep any symmetry). Knight and king
/// moves and the diagonals and windows keep every symmetry of the square.
pub fn symmetry_fits(g: &Geometry, symmetry: Symmetry) -> bool {
    let n = g.size();
    let houses: HashSet<Vec<usize>> = g.houses().iter().map(|h| h.cells.clone()).collect();
    let maps = images(symmetry, n, 0).len();
    (1..maps).all(|k| {
        g.houses().iter().all(|h| {
            let mut image: Vec<usize> =
                h.cells.iter().map(|&c| images(symmetry, n, c)[k]).collect();
            image.sort_unstable();
            houses.contains(&image)
        })
    })
}

/// Makes one puzzle of `shape` from `rng`; `None` if no grid was found or `stop` said so.
pub fn make(
    shape: &Shape,
    solver: &Solver,
    rng: &mut Stream,
    options: &Options,
    stop: &dyn Fn() -> bool,
) -> Option<Made> {
    let grid = random_grid(solver, rng, stop)?;
    dig(shape, solver, grid, rng, options, stop)
}

/// Makes one puzzle of `shape` whose solution is `grid` (a complete grid of the shape), by
/// taking out givens as [`make`] does; `None` if `stop` said so.
pub fn dig(
    shape: &Shape,
    solver: &Solver,
    grid: Vec<u8>,
    rng: &mut Stream,
    options: &Options,
    stop: &dyn Fn() -> bool,
) -> Option<Made> {
    let n = shape.geometry.size();
    let mut groups = orbits(options.symmetry, n);
    rng.shuffle(&mut groups);
    let mut cells = grid.clone();
    let mut minimal = true;
    let mut clues = n * n;
    for group in &groups {
        if options.max_clues.is_some_and(|m| clues <= m) && !options.minimal {
            minimal = false;
            break;
        }
        if stop() {
            return None;
        }
        for &c in group {
            cells[c] = 0;
        }
        let mut forced = true;
        for &c in group {
            let mut other = false;
            let forbid = [(c, grid[c])];
            let report = solver.search(
                &cells,
                SearchOptions {
                    stop: Some(stop),
                    random: None,
                    budget: options.budget,
                    forbid: &forbid,
                    watch: None,
                    plain: true,
                },
                |_| {
                    other = true;
                    std::ops::ControlFlow::Break(())
                },
            );
            if report.end == SearchEnd::Interrupted {
                if stop() {
                    return None;
                }
                minimal = false;
                forced = false;
                break;
            }
            if other {
                forced = false;
                break;
            }
        }
        if forced {
            clues -= group.len();
        } else {
            for &c in group {
                cells[c] = grid[c];
            }
            if !options.minimal && options.max_clues.is_none() {
                minimal = false;
                break;
            }
        }
    }
    Some(Made {
        puzzle: Puzzle::from_values(shape.clone(), &cells),
        solution: Puzzle::from_values(shape.clone(), &grid),
        minimal,
    })
}

/// Random jigsaw regions for an N×N grid: N connected regions of N cells each, as labels
/// (`a`, `b`, ...), drawn from `rng` by trading cells between neighbouring regions of the
/// default boxes while both stay connected.
pub fn random_regions(n: usize, rng: &mut Stream) -> Vec<char> {
    symmetric_regions(n, Symmetry::None, rng).expect("every grid can have regions without symmetry")
}

/// Why random jigsaw regions cannot keep a symmetry on an N×N grid, if they cannot.
///
/// A quarter turn needs N to leave 0 or 1 when divided by 4: with N odd the middle cell's
/// region turns onto itself, so it is the middle cell and whole 4-cell orbits (N = 4k + 1);
/// with N = 4k + 2 some region would be a half-turn image of itself without being a
/// quarter-turn one, and that region and its quarter-turned copy would have to be two
/// disjoint rings around the centre of the same area, one inside the other. The other
/// refusals are this drawing's own: it starts from the default boxes, so a symmetry they do
/// not keep (a diagonal or a quarter turn with boxes that are not square) is not drawn.
/// From [`AROUND_FROM`] up, where the regions are drawn around a grid, no symmetry is kept.
pub fn jigsaw_symmetry_refusal(n: usize, symmetry: Symmetry) -> Option<String> {
    if n >= AROUND_FROM && symmetry != Symmetry::None {
        return Some(format!(
            "{n}x{n} jigsaw regions are drawn around a random grid (see regions_around), and \
             a trade of cells that keeps a symmetry needs equal values at the images too, \
             which a random grid almost never has"
        ));
    }
    let quarter = matches!(symmetry, Symmetry::Rot90 | Symmetry::Dihedral);
    if quarter && n % 4 >= 2 {
        return Some(format!(
            "no {n}x{n} jigsaw keeps a quarter turn (N must be 4k or 4k+1: an odd N's middle \
             region is the middle cell and groups of 4 cells, and with N = 4k+2 two regions \
             would be nested rings of the same area)"
        ));
    }
    let boxes = Geometry::new(n).ok()?;
    if symmetry_fits(&boxes, symmetry) {
        return None;
    }
    let (r, c) = boxes.box_shape().unwrap_or((n, 1));
    Some(format!(
        "--jigsaw draws {n}x{n} regions from the {r}x{c} boxes, which {symmetry} does not keep"
    ))
}

/// Random jigsaw regions for an N×N grid that the symmetry maps onto themselves (each image
/// of a region is a region): N connected regions of N cells each, as labels (`a`, `b`, ...).
/// `None` when [`jigsaw_symmetry_refusal`] gives a reason.
///
/// The drawing starts from the default boxes (which keep the symmetry) and trades cells
/// between neighbouring regions: a cell next to another region goes to it and a cell of that
/// region next to the first comes back, and the same trade is made at every image of the two
/// cells under the symmetry's group, between the image regions. A trade is kept when no cell
/// is given two regions, every region still has N cells and the regions it touched are
/// still connected; the map is then symmetric again, as the trade is.
pub fn symmetric_regions(n: usize, symmetry: Symmetry, rng: &mut Stream) -> Option<Vec<char>> {
    if jigsaw_symmetry_refusal(n, symmetry).is_some() {
        return None;
    }
    let (br, bc) = Geometry::default_box(n).unwrap_or((1, n));
    let cells = n * n;
    let mut region: Vec<usize> = (0..cells)
        .map(|c| (c / n / br) * br + (c % n) / bc)
        .collect();
    // maps[k][c]: the image of cell c under the group's k-th element (identity first).
    let group = images(symmetry, n, 0).len();
    let all: Vec<Vec<usize>> = (0..cells).map(|c| images(symmetry, n, c)).collect();
    let maps: Vec<Vec<usize>> = (0..group)
        .map(|k| all.iter().map(|i| i[k]).collect())
        .collect();
    let neighbours = |c: usize| {
        let (r, col) = (c / n, c % n);
        let mut v = Vec::with_capacity(4);
        if r > 0 {
            v.push(c - n);
        }
        if r + 1 < n {
            v.push(c + n);
        }
        if col > 0 {
            v.push(c - 1);
        }
        if col + 1 < n {
            v.push(c + 1);
        }
        v
    };
    let connected = |region: &[usize], id: usize| {
        let members: Vec<usize> = (0..cells).filter(|&c| region[c] == id).collect();
        let Some(&first) = members.first() else {
            return false;
        };
        let mut seen = vec![false; cells];
        let mut todo = vec![first];
        seen[first] = true;
        let mut reached = 1;
        while let Some(c) = todo.pop() {
            for m in neighbours(c) {
                if region[m] == id && !seen[m] {
                    seen[m] = true;
                    reached += 1;
                    todo.push(m);
                }
            }
        }
        reached == members.len()
    };
    let mut done = 0;
    let mut tries = 0;
    // The trade's cells and their new regions, and the regions it touches.
    let mut moves: Vec<(usize, usize)> = Vec::with_capacity(2 * group);
    let mut touched: Vec<usize> = Vec::with_capacity(2 * group);
    while done < 4 * cells && tries < 200 * cells {
        tries += 1;
        let a = rng.index(cells);
        let nb = neighbours(a);
        let b = nb[rng.index(nb.len())];
        let (ra, rb) = (region[a], region[b]);
        if ra == rb {
            continue;
        }
        // a goes to b's region; some cell of b's region next to a's region comes back.
        let back: Vec<usize> = (0..cells)
            .filter(|&c| {
                c != a
                    && region[c] == rb
                    && neighbours(c).iter().any(|&m| m != a && region[m] == ra)
            })
            .collect();
        if back.is_empty() {
            continue;
        }
        let c = back[rng.index(back.len())];
        // At each image: the image of a joins the image of b's region, the image of c the
        // image of a's region (the regions map as the cells do, the map being symmetric).
        moves.clear();
        touched.clear();
        let mut clash = false;
        for map in &maps {
            for (cell, to) in [(map[a], region[map[b]]), (map[c], region[map[a]])] {
                clash |= plan_move(&mut moves, &mut touched, &region, cell, to);
            }
        }
        if clash {
            continue;
        }
        let old: Vec<(usize, usize)> = moves
            .iter()
            .map(|&(cell, _)| (cell, region[cell]))
            .collect();
        for &(cell, to) in &moves {
            region[cell] = to;
        }
        let sizes_kept = touched
            .iter()
            .all(|&id| region.iter().filter(|&&r| r == id).count() == n);
        if sizes_kept && touched.iter().all(|&id| connected(&region, id)) {
            done += 1;
        } else {
            for &(cell, was) in &old {
                region[cell] = was;
            }
        }
    }
    Some(
        region
            .iter()
            .map(|&r| char::from(super::region_label(r as u8)))
            .collect(),
    )
}

/// The cells next to `cell` (up, down, left, right) on an N×N grid.
fn neighbours(n: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / n, cell % n);
    [
        (r > 0).then(|| cell - n),
        (r + 1 < n).then(|| cell + n),
        (c > 0).then(|| cell - 1),
        (c + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// Random jigsaw regions drawn around a complete grid, so that the grid is a solution for
/// them: N connected regions of N cells each, as labels (`a`, `b`, ...), that the symmetry
/// maps onto themselves. `grid` must be a solution of the N×N grid with the default boxes
/// (any extra rules: the rows, columns and values stay as they are). `None` when
/// [`jigsaw_symmetry_refusal`] gives a reason or the grid does not fit.
///
/// This is how `generate --jigsaw` makes its largest grids, where drawing the regions first
/// and then searching for a grid that fills them fails (a 25×25 grid was not found in
/// minutes): the regions start as the boxes, and a trade takes one value and a cycle of
/// regions A → B → ... → A in which each region's cell of that value lies next to the
/// following region, and moves each of those cells to the following region (with two
/// regions: `a` in A next to B and `b` in B next to A, both holding the value, swap).
/// Every region still holds each value once, so the grid stays a solution. Under a symmetry
/// the same trade is made at every image of the cells, which needs the images to hold equal
/// values too (a random grid almost never does: hence the refusal from [`AROUND_FROM`] up).
/// A trade stands when each region it touched still has N cells, each value once, and is
/// connected. Single swaps alone left the regions still nearer the boxes.
pub fn regions_around(
    grid: &[u8],
    n: usize,
    symmetry: Symmetry,
    rng: &mut Stream,
) -> Option<Vec<char>> {
    if jigsaw_symmetry_refusal(n, symmetry).is_some() {
        return None;
    }
    let (br, bc) = Geometry::default_box(n).ok()?;
    let mut region: Vec<usize> = (0..n * n)
        .map(|c| (c / n / br) * br + (c % n) / bc)
        .collect();
    trade(grid, &mut region, n, symmetry, rng, TRADES, TRADE_TRIES).then(|| labels(&region))
}

fn labels(region: &[usize]) -> Vec<char> {
    region
        .iter()
        .map(|&r| char::from(super::region_label(r as u8)))
        .collect()
}

/// Trades cells between the regions (ids 0..N, N cells each holding every value of `grid`
/// once) as [`regions_around`] says, `trades` per cell at most in `trade_tries` tries per
/// cell; false (and nothing done) when the regions or the grid do not fit.
fn trade(
    grid: &[u8],
    region: &mut [usize],
    n: usize,
    symmetry: Symmetry,
    rng: &mut Stream,
    trades: usize,
    trade_tries: usize,
) -> bool {
    let cells = n * n;
    if grid.len() != cells
        || region.len() != cells
        || grid.iter().any(|&v| v == 0 || usize::from(v) > n)
        || region.iter().any(|&r| r >= n)
    {
        return false;
    }
    // at[r * (n + 1) + v]: the cell of region r that holds value v.
    let mut at = vec![usize::MAX; n * (n + 1)];
    for c in 0..cells {
        let slot = &mut at[region[c] * (n + 1) + usize::from(grid[c])];
        if *slot != usize::MAX {
            return false;
        }
        *slot = c;
    }
    let group = images(symmetry, n, 0).len();
    let all: Vec<Vec<usize>> = (0..cells).map(|c| images(symmetry, n, c)).collect();
    let maps: Vec<Vec<usize>> = (0..group)
        .map(|k| all.iter().map(|i| i[k]).collect())
        .collect();
    let mut sizes = vec![n; n];
    let mut walk = Walk {
        n,
        seen: vec![0; cells],
        mark: 0,
        todo: Vec::with_capacity(cells),
    };
    let mut path: Vec<usize> = Vec::with_capacity(n);
    let mut moves: Vec<(usize, usize)> = Vec::new();
    let mut old: Vec<(usize, usize)> = Vec::new();
    let mut touched: Vec<usize> = Vec::new();
    let mut done = 0;
    let mut tries = 0;
    while done < trades * cells && tries < trade_tries * cells {
        tries += 1;
        // A cycle of regions for one value: each region's cell of that value lies next to
        // the following region, and goes to it.
        let v = 1 + rng.index(n);
        path.clear();
        path.push(rng.index(n));
        let start = loop {
            let r = path[path.len() - 1];
            let mut next = [0usize; 4];
            let mut k = 0;
            for m in neighbours(n, at[r * (n + 1) + v]) {
                if region[m] != r && !next[..k].contains(&region[m]) {
                    next[k] = region[m];
                    k += 1;
                }
            }
            if k == 0 {
                break None;
            }
            let to = next[rng.index(k)];
            if let Some(p) = path.iter().position(|&x| x == to) {
                break Some(p);
            }
            path.push(to);
        };
        let Some(start) = start else {
            continue;
        };
        let cycle = &path[start..];
        // The same moves at every image (the regions map as their cells do).
        moves.clear();
        touched.clear();
        let mut clash = false;
        for map in &maps {
            for (i, &r) in cycle.iter().enumerate() {
                let cell = map[at[r * (n + 1) + v]];
                let to = region[map[at[cycle[(i + 1) % cycle.len()] * (n + 1) + v]]];
                clash |= plan_move(&mut moves, &mut touched, region, cell, to);
            }
        }
        if clash {
            continue;
        }
        old.clear();
        for &(cell, to) in &moves {
            old.push((cell, region[cell]));
            sizes[region[cell]] -= 1;
            sizes[to] += 1;
            region[cell] = to;
        }
        let whole = touched.iter().all(|&id| {
            sizes[id] == n
                && moves
                    .iter()
                    .find(|m| m.1 == id)
                    .is_some_and(|&(cell, _)| walk.whole(grid, region, cell))
        });
        if whole {
            done += 1;
            for &(cell, to) in &moves {
                at[to * (n + 1) + usize::from(grid[cell])] = cell;
            }
        } else {
            for &(cell, was) in &old {
                sizes[region[cell]] -= 1;
                sizes[was] += 1;
                region[cell] = was;
            }
        }
    }
    true
}

/// A reusable walk over a region's cells.
struct Walk {
    n: usize,
    /// The walk that last reached each cell.
    seen: Vec<u32>,
    mark: u32,
    todo: Vec<usize>,
}

impl Walk {
    /// Whether the region of `from` reaches N cells holding N different values from `from`
    /// (with a region of N cells: it is connected and holds every value once).
    fn whole(&mut self, grid: &[u8], region: &[usize], from: usize) -> bool {
        self.mark += 1;
        let id = region[from];
        self.todo.clear();
        self.todo.push(from);
        self.seen[from] = self.mark;
        let mut values = 0u32;
        let mut reached = 0;
        while let Some(c) = self.todo.pop() {
            reached += 1;
            values |= 1 << grid[c];
            for m in neighbours(self.n, c) {
                if region[m] == id && self.seen[m] != self.mark {
                    self.seen[m] = self.mark;
                    self.todo.push(m);
                }
            }
        }
        reached == self.n && values.count_ones() as usize == self.n
    }
}

/// Adds the move of `cell` to region `to` to a trade's `moves`, and the regions it changes to
/// `touched`; true when `cell` already moves elsewhere (the trade clashes with itself).
fn plan_move(
    moves: &mut Vec<(usize, usize)>,
    touched: &mut Vec<usize>,
    region: &[usize],
    cell: usize,
    to: usize,
) -> bool {
    let clash = match moves.iter().find(|m| m.0 == cell) {
        Some(&(_, other)) => other != to,
        None => {
            moves.push((cell, to));
            false
        }
    };
    for id in [region[cell], to] {
        if !touched.contains(&id) {
            touched.push(id);
        }
    }
    clash
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Spec;

    #[test]
    fn orbits_partition_the_grid() {
        for n in [4, 6, 9, 16, 25] {
            for sym in Symmetry::ALL {
                let groups = orbits(sym, n);
                let mut all: Vec<usize> = groups.concat();
                all.sort_unstable();
                assert_eq!(all, (0..n * n).collect::<Vec<_>>(), "{sym} {n}");
            }
        }
    }

    #[test]
    fn symmetries_that_break_the_boxes_are_told() {
        let six = Geometry::new(6).unwrap();
        assert!(symmetry_fits(&six, Symmetry::Rot180));
        assert!(symmetry_fits(&six, Symmetry::Mirror));
        assert!(!symmetry_fits(&six, Symmetry::Rot90));
        assert!(!symmetry_fits(&six, Symmetry::Diagonal));
        let nine = Geometry::new(9).unwrap();
        assert!(symmetry_fits(&nine, Symmetry::Dihedral));
    }

    #[test]
    fn random_regions_are_a_partition_into_connected_regions() {
        for n in [4, 6, 9] {
            let labels = random_regions(n, &mut stream(7, n as u64));
            let g = Geometry::new(n).unwrap().with_regions(&labels).unwrap();
            assert!(g.is_jigsaw());
        }
    }

    /// Whether the labels cut the N×N grid into N connected regions of N cells each, and
    /// `grid` holds every value once in each row, column and region (checked here).
    fn fits(n: usize, labels: &[char], grid: &[u8]) -> Result<(), String> {
        let mut names: Vec<char> = labels.to_vec();
        names.sort_unstable();
        names.dedup();
        if labels.len() != n * n || names.len() != n {
            return Err(format!("{} labels, {} regions", labels.len(), names.len()));
        }
        let mut houses: Vec<Vec<usize>> = Vec::new();
        for i in 0..n {
            houses.push((0..n).map(|c| i * n + c).collect());
            houses.push((0..n).map(|r| r * n + i).collect());
        }
        for &name in &names {
            let cells: Vec<usize> = (0..n * n).filter(|&c| labels[c] == name).collect();
            // Connected: a flood from the first cell over side neighbours reaches them all.
            let mut reached = vec![cells[0]];
            let mut i = 0;
            while i < reached.len() {
                let c = reached[i];
                i += 1;
                for &m in &cells {
                    let (dr, dc) = ((c / n).abs_diff(m / n), (c % n).abs_diff(m % n));
                    if dr + dc == 1 && !reached.contains(&m) {
                        reached.push(m);
                    }
                }
            }
            if reached.len() != cells.len() {
                return Err(format!("region {name} is not connected"));
            }
            houses.push(cells);
        }
        for h in &houses {
            let mut values: Vec<u8> = h.iter().map(|&c| grid[c]).collect();
            values.sort_unstable();
            if values != (1..=n as u8).collect::<Vec<_>>() {
                return Err(format!("house {h:?} holds {values:?}"));
            }
        }
        Ok(())
    }

    #[test]
    fn regions_drawn_around_a_grid_keep_it_a_solution() {
        for n in [4, 6, 8, 9, 12, 16] {
            let boxed = Solver::new(&Geometry::new(n).unwrap());
            let mut moved = 0;
            for i in 0..3 {
                let mut rng = stream(5, i);
                let grid = random_grid(&boxed, &mut rng, &|| false).unwrap();
                let labels = regions_around(&grid, n, Symmetry::None, &mut rng).unwrap();
                fits(n, &labels, &grid).unwrap_or_else(|e| panic!("{n}x{n} draw {i}: {e}"));
                let (br, bc) = Geometry::default_box(n).unwrap();
                let boxes: Vec<char> = (0..n * n)
                    .map(|c| {
                        char::from(super::super::region_label(
                            ((c / n / br) * br + (c % n) / bc) as u8,
                        ))
                    })
                    .collect();
                moved += (0..n * n).filter(|&c| labels[c] != boxes[c]).count();
                // The same stream draws the same regions.
                let mut again = stream(5, i);
                let grid2 = random_grid(&boxed, &mut again, &|| false).unwrap();
                assert_eq!(
                    Some(labels),
                    regions_around(&grid2, n, Symmetry::None, &mut again)
                );
            }
            // 4x4 boxes of 2x2 cells have no trade that keeps both regions connected.
            assert!(n == 4 || moved > 0, "{n}x{n}: the regions stayed the boxes");
        }
        // A grid that is not a solution with the boxes is refused.
        assert_eq!(
            regions_around(&[1; 16], 4, Symmetry::None, &mut stream(1, 1)),
            None
        );
    }

    #[test]
    fn puzzles_dug_from_a_grid_with_regions_drawn_around_it_are_unique() {
        let boxed = Solver::new(&Geometry::new(9).unwrap());
        let options = Options {
            symmetry: Symmetry::None,
            minimal: true,
            max_clues: None,
            budget: None,
        };
        let mut rng = stream(9, 0);
        let grid = random_grid(&boxed, &mut rng, &|| false).unwrap();
        let labels = regions_around(&grid, 9, Symmetry::None, &mut rng).unwrap();
        let g = Geometry::new(9).unwrap().with_regions(&labels).unwrap();
        let shape = Shape::new(g, crate::variant::Alphabet::default_for(9));
        let made = dig(
            &shape,
            &shape.solver,
            grid.clone(),
            &mut rng,
            &options,
            &|| false,
        )
        .unwrap();
        assert_eq!(made.solution.cells(), &grid[..]);
        assert!(made.solution.is_solution_of(&made.puzzle));
        assert!(made.puzzle.givens() < 81);
        assert_eq!(shape.solver.count(made.puzzle.cells(), Some(2)), (1, true));
    }

    #[test]
    fn symmetric_regions_are_kept_by_their_symmetry() {
        for (n, sym) in [
            (16, Symmetry::Rot90),
            (16, Symmetry::Diagonal),
            (12, Symmetry::Rot180),
            (15, Symmetry::Mirror),
            (9, Symmetry::Dihedral),
        ] {
            let labels = symmetric_regions(n, sym, &mut stream(3, n as u64)).unwrap();
            let g = Geometry::new(n).unwrap().with_regions(&labels).unwrap();
            assert!(symmetry_fits(&g, sym), "{n} {sym}");
        }
        assert!(jigsaw_symmetry_refusal(15, Symmetry::Rot90).is_some());
        assert!(jigsaw_symmetry_refusal(10, Symmetry::Dihedral).is_some());
        assert!(jigsaw_symmetry_refusal(12, Symmetry::Diagonal).is_some());
        assert!(jigsaw_symmetry_refusal(16, Symmetry::Rot90).is_none());
        assert!(jigsaw_symmetry_refusal(25, Symmetry::Rot180).is_some());
        assert!(jigsaw_symmetry_refusal(25, Symmetry::None).is_none());
        assert!(symmetric_regions(6, Symmetry::Rot90, &mut stream(1, 1)).is_none());
        // No symmetry: the draw is the plain one.
        assert_eq!(
            symmetric_regions(9, Symmetry::None, &mut stream(2, 2)),
            Some(random_regions(9, &mut stream(2, 2)))
        );
    }

    #[test]
    fn made_puzzles_are_unique_and_keep_their_solution() {
        let spec = Spec::default();
        let shape = spec.shape(6).unwrap();
        let solver = Solver::new(&shape.geometry);
        let options = Options {
            symmetry: Symmetry::Rot180,
            minimal: true,
            max_clues: None,
            budget: None,
        };
        for i in 0..5 {
            let made = make(&shape, &solver, &mut stream(1, i), &options, &|| false).unwrap();
            assert!(made.solution.is_solution_of(&made.puzzle));
            assert_eq!(solver.count(made.puzzle.cells(), None), (1, true));
            // Minimal: every symmetric pair taken out gives a second solution.
            for group in orbits(Symmetry::Rot180, 6) {
                if made.puzzle.cells()[group[0]] == 0 {
                    continue;
                }
                let mut less = made.puzzle.cells().to_vec();
                for &c in &group {
                    less[c] = 0;
                }
                assert!(solver.count(&less, Some(2)).0 == 2);
            }
        }
    }
}
