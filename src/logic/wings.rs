//! Wings: XY-Wing, XYZ-Wing, W-Wing and WXYZ-Wing.
//!
//! Each wing is a few cells whose candidates force a digit `z` into one of its "pincer" cells;
//! `z` then leaves every cell that sees all of them.
//!
//! - XY-Wing: a bivalue pivot `xy` sees two bivalue pincers `xz` and `yz`.
//! - XYZ-Wing: a trivalue pivot `xyz` sees two bivalue pincers `xz` and `yz`; the pivot holds
//!   `z` too, so the targets must see it as well.
//! - W-Wing: two cells with the same two digits `xz`, joined by a conjugate pair on `x` (one end
//!   sees each cell): one of the two cells is `z`.
//! - WXYZ-Wing: four cells holding four digits between them, where every digit but `z` is
//!   restricted (all its cells see each other, so it fills at most one of the four): then `z`
//!   must fill one of them.

use std::ops::ControlFlow;

use crate::geometry::bits::Mask;
use crate::geometry::{CellSet, digits};

use super::{Candidate, Evidence, Grid, Link, Node, Sink, Step, Technique};
use crate::geometry::classic::{HOUSE_BITS, peers, sees};

/// Whether this file has a finder for `t`.
pub(super) fn implements(t: Technique) -> bool {
    matches!(
        t,
        Technique::XYWing | Technique::XYZWing | Technique::WWing | Technique::WXYZWing
    )
}

pub(super) fn find(grid: &Grid, t: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match t {
        Technique::XYWing => xy_wing(grid, sink),
        Technique::XYZWing => xyz_wing(grid, sink),
        Technique::WWing => w_wing(grid, sink),
        Technique::WXYZWing => wxyz_wing(grid, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// `digit` removed from every cell of `cells`.
fn removals(cells: CellSet, digit: u8) -> Vec<Candidate> {
    cells.iter().map(|c| Candidate::new(c, digit)).collect()
}

/// A chain from nodes, links alternating strong/weak starting with `first_strong`.
fn chain(nodes: &[Node], first_strong: bool) -> Vec<Link> {
    nodes
        .windows(2)
        .enumerate()
        .map(|(i, w)| Link {
            from: w[0],
            to: w[1],
            strong: (i % 2 == 0) == first_strong,
        })
        .collect()
}

/// The one digit of a mask other than `d` (the mask has two digits, one of them `d`).
fn other(mask: u16, d: u8) -> u8 {
    digits::first(mask & !digits::bit(d))
}

/// XY-Wing: pivot `xy`, pincers `xz` and `yz` both seeing the pivot; `z` leaves the cells that
/// see both pincers.
fn xy_wing(grid: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let bivalue = grid.cells_with_count(2);
    for pivot in bivalue {
        let pm = grid.candidates(pivot);
        let x = digits::first(pm);
        let y = other(pm, x);
        let wings = bivalue & peers(pivot);
        for a in wings {
            let am = grid.candidates(a);
            // Pincer a holds x and z (z not y).
            if am & pm != digits::bit(x) {
                continue;
            }
            let z = other(am, x);
            let want = digits::bit(y) | digits::bit(z);
            for b in wings {
                if grid.candidates(b) != want {
                    continue;
                }
                let targets = grid.cells_with(z) & peers(a) & peers(b);
                if targets.is_empty() {
                    continue;
                }
                let nodes = [
                    Node::candidate(a, z),
                    Node::candidate(a, x),
                    Node::candidate(pivot, x),
                    Node::candidate(pivot, y),
                    Node::candidate(b, y),
                    Node::candidate(b, z),
                ];
                sink(Step::elimination(
                    Technique::XYWing,
                    removals(targets, z),
                    Evidence {
                        cells: CellSet::single(pivot) | CellSet::single(a) | CellSet::single(b),
                        digits: pm | digits::bit(z),
                        fins: CellSet::single(a) | CellSet::single(b),
                        chains: vec![chain(&nodes, true)],
                        ..Evidence::default()
                    },
                ))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// XYZ-Wing: pivot `xyz`, pincers `xz` and `yz` both seeing the pivot; `z` leaves the cells
/// that see all three.
fn xyz_wing(grid: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let bivalue = grid.cells_with_count(2);
    for pivot in grid.cells_with_count(3) {
        let pm = grid.candidates(pivot);
        let wings: CellSet = (bivalue & peers(pivot))
            .iter()
            .filter(|&c| grid.candidates(c) & !pm == 0)
            .collect();
        for a in wings {
            let am = grid.candidates(a);
            for b in wings {
                let bm = grid.candidates(b);
                // Each pair once; the pincers hold different pairs, sharing only z.
                if b <= a || bm == am {
                    continue;
                }
                let z = digits::first(am & bm);
                let targets = grid.cells_with(z) & peers(pivot) & peers(a) & peers(b);
                if targets.is_empty() {
                    continue;
                }
                let cells = CellSet::single(pivot) | CellSet::single(a) | CellSet::single(b);
                sink(Step::elimination(
                    Technique::XYZWing,
                    removals(targets, z),
                    Evidence {
                        cells,
                        digits: pm,
                        fins: cells,
                        ..Evidence::default()
                    },
                ))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// W-Wing: two cells `xz` (not necessarily in one house) and a conjugate pair on `x` whose
/// ends see one cell each. If neither cell were `z` both would be `x`, leaving no place for
/// `x` in the conjugate pair's house; so `z` leaves every cell seeing both.
fn w_wing(grid: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let bivalue = grid.cells_with_count(2);
    for i in bivalue {
        let mask = grid.candidates(i);
        for j in bivalue {
            if j <= i || grid.candidates(j) != mask {
                continue;
            }
            let pair = CellSet::single(i) | CellSet::single(j);
            for x in digits::iter(mask) {
                let z = other(mask, x);
                let targets = grid.cells_with(z) & peers(i) & peers(j);
                if targets.is_empty() {
                    continue;
                }
                let Some((h, u, v)) = strong_link_between(grid, x, i, j) else {
                    continue;
                };
                let nodes = [
                    Node::candidate(i, z),
                    Node::candidate(i, x),
                    Node::candidate(u, x),
                    Node::candidate(v, x),
                    Node::candidate(j, x),
                    Node::candidate(j, z),
                ];
                sink(Step::elimination(
                    Technique::WWing,
                    removals(targets, z),
                    Evidence {
                        houses: vec![h as u8],
                        cells: pair,
                        digits: mask,
                        fins: CellSet::single(u) | CellSet::single(v),
                        chains: vec![chain(&nodes, true)],
                        ..Evidence::default()
                    },
                ))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// A house where `x` has exactly two cells `u`, `v` (neither `i` nor `j`) with `u` seeing `i`
/// and `v` seeing `j`: `(house, u, v)`.
fn strong_link_between(grid: &Grid, x: u8, i: usize, j: usize) -> Option<(usize, usize, usize)> {
    let ends = CellSet::single(i) | CellSet::single(j);
    for h in 0..27 {
        let cells = grid.house_cells_with(h, x);
        if cells.len() != 2 || cells.intersects(ends) {
            continue;
        }
        let mut it = cells.iter();
        let (p, q) = (it.next()?, it.next()?);
        if sees(p, i) && sees(q, j) {
            return Some((h, p, q));
        }
        if sees(q, i) && sees(p, j) {
            return Some((h, q, p));
        }
    }
    None
}

/// The four-digit masks, in increasing order; [`QUAD_INDEX`] numbers them.
static QUADS: [u16; 126] = {
    let mut t = [0u16; 126];
    let (mut m, mut i) = (0, 0);
    while m < 512 {
        if (m as u16).count_ones() == 4 {
            t[i] = m as u16;
            i += 1;
        }
        m += 1;
    }
    t
};

/// The index of each four-digit mask among the 126 of them.
static QUAD_INDEX: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 126 {
        t[QUADS[i] as usize] = i as u8;
        i += 1;
    }
    t
};

/// A cell of a WXYZ-Wing search: its candidates and its houses (a 27-bit mask; two cells
/// see each other when their masks meet).
#[derive(Clone, Copy)]
struct Cell {
    digits: u16,
    houses: u32,
}

impl Cell {
    /// The digits this cell shares with `other` when they do not see each other: digits that
    /// are then not restricted.
    #[inline]
    fn loose(self, other: Cell) -> u16 {
        if self.houses & other.houses != 0 {
            0
        } else {
            self.digits & other.digits
        }
    }
}

/// The cells of `holding` (cells by digit) that hold at least two, and at least three, digits
/// outside `digits`.
fn outside_counts(holding: &[CellSet; 9], digits: u16) -> (CellSet, CellSet) {
    let (mut ones, mut twos, mut threes) = (CellSet::EMPTY, CellSet::EMPTY, CellSet::EMPTY);
    let mut rest = !digits & digits::ALL;
    while rest != 0 {
        let set = holding[rest.trailing_zeros() as usize];
        threes |= twos & set;
        twos |= ones & set;
        ones |= set;
        rest &= rest - 1;
    }
    (twos, threes)
}

/// The cells of `holding` with at least three digits outside `digits`.
fn at_least_three_outside(holding: &[CellSet; 9], digits: u16) -> CellSet {
    outside_counts(holding, digits).1
}

/// WXYZ-Wing: four cells, four digits between them, exactly one digit `z` not restricted (its
/// cells do not all see each other). The restricted digits fill at most three of the cells, so
/// `z` fills one; it leaves every cell that sees all the pattern's `z` cells.
///
/// Four cells of which three hold only three digits are left out: those three make a smaller
/// pattern that removes at least as much. The cells are combined in increasing order, each
/// drawn from a bitset of the cells that can still fit (at most four digits with the first,
/// exactly four with the first three, and then every digit that one of the first three
/// holds alone; never a cell sharing two digits with a chosen cell it does not see); a
/// combination stops growing as soon as two of its digits are loose, or
/// once its loose digit is known, when no candidate sees every cell holding it.
fn wxyz_wing(grid: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    // Cells with two to four candidates: the only ones a four-digit pattern can hold.
    let mut pool = CellSet::EMPTY;
    let mut cells = [Cell {
        digits: 0,
        houses: 0,
    }; 81];
    for cell in grid.empty_cells() {
        let digits = grid.candidates(cell);
        if (2..=4).contains(&digits::count(digits)) {
            pool.insert(cell);
            cells[cell] = Cell {
                digits,
                houses: HOUSE_BITS[cell],
            };
        }
    }
    let mut holding = [CellSet::EMPTY; 9];
    for (d, set) in holding.iter_mut().enumerate() {
        *set = grid.cells_with(d as u8 + 1) & pool;
    }
    // The pool cells whose candidates lie within each set of four digits.
    let mut within = [CellSet::EMPTY; 126];
    for (set, &quad) in within.iter_mut().zip(QUADS.iter()) {
        let mut others = CellSet::EMPTY;
        let mut rest = !quad & digits::ALL;
        while rest != 0 {
            others |= holding[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        *set = pool - others;
    }
    let within_of = |quad: u16| within[usize::from(QUAD_INDEX[usize::from(quad)])];
    // For each pool cell, the pool cells that do not see it and share two of its digits: two
    // loose digits at once, so they never join it in a pattern.
    let mut apart = [CellSet::EMPTY; 81];
    for cell in pool {
        let (mut once, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
        let mut rest = cells[cell].digits;
        while rest != 0 {
            let set = holding[rest.trailing_zeros() as usize];
            twice |= once & set;
            once |= set;
            rest &= rest - 1;
        }
        apart[cell] = twice - peers(cell) - CellSet::single(cell);
    }
    // The pool cells that bring a set of two or three digits to exactly four.
    let completing = |digits: u16, count: usize| {
        if count == 3 {
            let (mut any, mut all) = (CellSet::EMPTY, CellSet::ALL);
            let mut rest = !digits & digits::ALL;
            while rest != 0 {
                let cells = within_of(digits | 1 << rest.trailing_zeros());
                any |= cells;
                all &= cells;
                rest &= rest - 1;
            }
            any - all
        } else {
            // Two digits: the pool cells with exactly two others.
            let (twos, threes) = outside_counts(&holding, digits);
            twos - threes
        }
    };
    // The cells numbered above `cell`.
    let after = |cell: usize| CellSet(CellSet::ALL.0 & (u128::MAX << (cell + 1)));
    // The candidates of the one-digit mask `z` that see every cell of `pattern` holding it.
    let reach = |z: u16, pattern: &[usize]| {
        let z = digits::first(z);
        let mut seen = grid.cells_with(z);
        for &cell in pattern {
            if grid.has(cell, z) {
                seen &= peers(cell);
            }
        }
        seen
    };
    for a in pool {
        let ca = cells[a];
        // The pool cells with at most four digits together with `a`.
        let partners = match digits::count(ca.digits) {
            4 => within_of(ca.digits),
            3 => {
                let mut any = CellSet::EMPTY;
                let mut rest = !ca.digits & digits::ALL;
                while rest != 0 {
                    any |= within_of(ca.digits | 1 << rest.trailing_zeros());
                    rest &= rest - 1;
                }
                any
            }
            _ => pool - at_least_three_outside(&holding, ca.digits),
        };
        for b in (partners & after(a)) - apart[a] {
            let cb = cells[b];
            let ab = ca.digits | cb.digits;
            let count = digits::count(ab);
            let loose_b = ca.loose(cb);
            if loose_b.several() {
                continue;
            }
            // Once the loose digit is known, what goes must see every cell holding it: two
            // cells that do not see each other have few peers in common.
            if loose_b != 0 && reach(loose_b, &[a, b]).is_empty() {
                continue;
            }
            // Three of the cells with three digits would make a smaller pattern (see above);
            // with two they would be three cells on one pair, loose or broken. So the first
            // three already hold all four digits.
            let third = if count == 4 {
                within_of(ab)
            } else {
                completing(ab, count)
            };
            for c in (third & after(b)) - apart[a] - apart[b] {
                let cc = cells[c];
                let abc = ab | cc.digits;
                let loose_c = loose_b | ca.loose(cc) | cb.loose(cc);
                if loose_c.several() {
                    continue;
                }
                let reach_c = if loose_c != 0 {
                    let r = reach(loose_c, &[a, b, c]);
                    if r.is_empty() {
                        continue;
                    }
                    r
                } else {
                    CellSet::ALL
                };
                // Three of the four cells must hold all four digits, so the fourth holds every
                // digit that only one of the first three holds; unless two of them are the same
                // pair (then three cells on that pair pass the test below).
                let (am, bm, cm) = (ca.digits, cb.digits, cc.digits);
                let twice = (am & bm) | (am & cm) | (bm & cm);
                let same_pair = (am == bm && digits::count(am) == 2)
                    || (am == cm && digits::count(am) == 2)
                    || (bm == cm && digits::count(bm) == 2);
                let mut fourth = (within_of(abc) & after(c)) - apart[a] - apart[b] - apart[c];
                if !same_pair {
                    let mut once = abc & !twice;
                    while once != 0 {
                        fourth &= holding[once.trailing_zeros() as usize];
                        once &= once - 1;
                    }
                }
                for d in fourth {
                    let cd = cells[d];
                    let loose = loose_c | ca.loose(cd) | cb.loose(cd) | cc.loose(cd);
                    if loose == 0 || loose.several() {
                        continue;
                    }
                    if cd.digits & loose != 0 && !reach_c.intersects(peers(d)) {
                        continue;
                    }
                    let dm = cd.digits;
                    let three = |x: u16, y: u16, z: u16| digits::count(x | y | z) == 3;
                    if three(am, bm, dm) || three(am, cm, dm) || three(bm, cm, dm) {
                        continue;
                    }
                    let pattern: CellSet = [a, b, c, d].into_iter().collect();
                    wxyz_step(grid, pattern, abc, digits::first(loose), sink)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn wxyz_step(
    grid: &Grid,
    pattern: CellSet,
    quad: u16,
    z: u8,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let holders = pattern & grid.cells_with(z);
    let targets = grid.cells_with(z) & (holders.common_peers() - pattern);
    if targets.is_empty() {
        return ControlFlow::Continue(());
    }
    sink(Step::elimination(
        Technique::WXYZWing,
        removals(targets, z),
        Evidence {
            cells: pattern,
            digits: quad,
            fins: holders,
            ..Evidence::default()
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, box_of, col_of, row_of};
    use crate::solver;

    /// A grid of `puzzle` with only the candidates `keep` left in the listed cells.
    fn position(puzzle: &str, keep: &[(usize, &[u8])]) -> (Grid, [u8; 81]) {
        let board: Board = puzzle.parse().unwrap();
        let solution = *solver::solve_first(&board).unwrap().cells();
        let mut grid = Grid::new(&board);
        for &(cell, ds) in keep {
            for d in 1..=9 {
                if !ds.contains(&d) {
                    grid.eliminate(cell, d);
                }
            }
        }
        (grid, solution)
    }

    fn check(grid: &Grid, t: Technique, solution: &[u8; 81]) -> Vec<Step> {
        let steps = t.all(grid);
        for s in &steps {
            assert!(!s.eliminations.is_empty(), "{s}");
            for e in &s.eliminations {
                assert!(grid.has(e.cell(), e.digit), "{s}: not a candidate");
                assert_ne!(solution[e.cell()], e.digit, "{s}: removes the solution");
            }
        }
        steps
    }

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// The first (pivot, a, b) of open cells with `a` placed by `pick_a` and `b` by `pick_b`
    /// relative to the pivot, the solution digits of `a` and `b` different, and some cell
    /// `target` holding `z` (as `z_of` says) seeing what `sees_all` says.
    fn hand_built(
        t: Technique,
        pincers: impl Fn(usize, usize, usize) -> bool,
        masks: impl Fn(&[u8; 81], usize, usize, usize) -> (Vec<u8>, Vec<u8>, Vec<u8>, u8),
        see: impl Fn(usize, usize, usize) -> CellSet,
    ) -> usize {
        let board: Board = PUZZLE.parse().unwrap();
        let solution = *solver::solve_first(&board).unwrap().cells();
        let open: Vec<usize> = (0..81).filter(|&c| board.get(c) == 0).collect();
        let mut tested = 0;
        for &p in &open {
            for &a in &open {
                for &b in &open {
                    if a >= b || !pincers(p, a, b) || solution[a] == solution[b] {
                        continue;
                    }
                    let (pm, am, bm, z) = masks(&solution, p, a, b);
                    let (grid, solution) = position(PUZZLE, &[(p, &pm), (a, &am), (b, &bm)]);
                    let mask = |ds: &[u8]| ds.iter().fold(0, |m, &d| m | digits::bit(d));
                    if grid.candidates(p) != mask(&pm)
                        || grid.candidates(a) != mask(&am)
                        || grid.candidates(b) != mask(&bm)
                    {
                        // A peer's given rules out a digit the wing needs.
                        continue;
                    }
                    let expected = grid.cells_with(z) & see(p, a, b);
                    if expected.is_empty() {
                        continue;
                    }
                    let steps = check(&grid, t, &solution);
                    let want: Vec<Candidate> = removals(expected, z);
                    assert!(
                        steps.iter().any(|s| s.eliminations == want),
                        "{t:?} at {p} {a} {b} not found:\n{grid}"
                    );
                    tested += 1;
                }
            }
        }
        tested
    }

    #[test]
    fn xy_wings_built_by_hand() {
        // Pivot xy = {S(p), S(b)}, pincers xz = {S(p), S(a)} in its row and yz = {S(b), S(a)}
        // in its column: the wing removes z = S(a) from cells seeing both pincers.
        let n = hand_built(
            Technique::XYWing,
            |p, a, b| {
                a != p && b != p && row_of(p) == row_of(a) && col_of(p) == col_of(b) && !sees(a, b)
            },
            |s, p, a, b| (vec![s[p], s[b]], vec![s[p], s[a]], vec![s[b], s[a]], s[a]),
            |_, a, b| peers(a) & peers(b),
        );
        assert!(n > 10, "{n}");
    }

    #[test]
    fn xyz_wings_built_by_hand() {
        // Pivot xyz = {S(p), S(a), S(b)}, pincer {S(a), S(p)} in its box and {S(b), S(p)} in its
        // row: the wing removes z = S(p) from cells seeing all three.
        let n = hand_built(
            Technique::XYZWing,
            |p, a, b| {
                box_of(p) == box_of(a)
                    && row_of(p) != row_of(a)
                    && row_of(p) == row_of(b)
                    && box_of(b) != box_of(p)
            },
            |s, p, a, b| {
                (
                    vec![s[p], s[a], s[b]],
                    vec![s[a], s[p]],
                    vec![s[b], s[p]],
                    s[p],
                )
            },
            |p, a, b| peers(p) & peers(a) & peers(b),
        );
        assert!(n > 10, "{n}");
    }

    #[test]
    fn every_wing_agrees_with_the_solution_along_solves() {
        // Solve hard puzzles with singles and the wings only; every wing step found on the way
        // (all of them, not only the first) must keep the solution.
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
            "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
        ];
        let mut found = [0usize; 4];
        for p in puzzles {
            let board: Board = p.parse().unwrap();
            let solution = *solver::solve_first(&board).unwrap().cells();
            let mut grid = Grid::new(&board);
            let ladder = super::super::Ladder::from_list("singles,intersections,subsets").unwrap();
            for _ in 0..200 {
                for (k, t) in [
                    Technique::XYWing,
                    Technique::XYZWing,
                    Technique::WWing,
                    Technique::WXYZWing,
                ]
                .into_iter()
                .enumerate()
                {
                    found[k] += check(&grid, t, &solution).len();
                }
                let step = ladder.next_step(&grid).or_else(|| {
                    [
                        Technique::XYWing,
                        Technique::XYZWing,
                        Technique::WWing,
                        Technique::WXYZWing,
                    ]
                    .into_iter()
                    .find_map(|t| t.first(&grid))
                });
                match step {
                    Some(s) => grid.apply(&s),
                    None => break,
                }
            }
        }
        eprintln!("wings found: {found:?}");
        assert!(
            found.iter().all(|&n| n > 0),
            "a wing never found: {found:?}"
        );
    }
}
