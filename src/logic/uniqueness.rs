//! Uniqueness: unique rectangles (types 1 to 6 and hidden), avoidable rectangles and BUG+1.
//!
//! All of them rest on one fact: a puzzle with a single solution cannot end in a *deadly
//! pattern*, four open (not given) cells at the corners of a rectangle that spans exactly two
//! rows, two columns and two boxes, holding `x` `y` / `y` `x`: the two digits could be swapped
//! and the puzzle would have a second solution. The commands check that a puzzle has one
//! solution before any logic; these finders assume it.
//!
//! A rectangle may have "missing candidates" (a corner where `x` or `y` was removed by an
//! earlier step): it still counts, as long as no placed digit rules `x` or `y` out of a corner
//! (the digit is *allowed* there). That is what makes the strong links the types rely on real.

use std::ops::ControlFlow;

use crate::geometry::{CellSet, digits};

use super::{Candidate, Evidence, Finder, Grid, Sink, Step, Technique};
use crate::board::{Board, CELLS, box_of, col_of, row_of};
use crate::geometry::classic::{house, peers};
use crate::solver;

/// Whether this file has a finder for `t`.
pub(super) fn implements(t: Technique) -> bool {
    matches!(
        t,
        Technique::UniqueRectangle1
            | Technique::UniqueRectangle2
            | Technique::UniqueRectangle3
            | Technique::UniqueRectangle4
            | Technique::UniqueRectangle5
            | Technique::UniqueRectangle6
            | Technique::HiddenRectangle
            | Technique::AvoidableRectangle1
            | Technique::AvoidableRectangle2
            | Technique::Bug1
    )
}

pub(super) fn find(t: Technique, cx: Finder<'_, '_, Memo>) -> ControlFlow<()> {
    let Finder { grid, memo, sink } = cx;
    match t {
        Technique::Bug1 => bug_plus_one(grid, sink),
        Technique::AvoidableRectangle1 | Technique::AvoidableRectangle2 => {
            avoidable(grid, t, memo, sink)
        }
        t if implements(t) => unique_rectangles(grid, t, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// For each digit, the open cells where no placed digit of a peer rules it out (whatever
/// earlier steps removed).
fn allowed(grid: &Grid) -> [CellSet; 9] {
    let mut allowed = [grid.empty_cells(); 9];
    for cell in grid.filled() {
        allowed[usize::from(grid.value(cell) - 1)] -= peers(cell);
    }
    allowed
}

fn same_row_or_col(a: usize, b: usize) -> bool {
    row_of(a) == row_of(b) || col_of(a) == col_of(b)
}

/// Whether every cell of a set lies in one row or in one column.
fn in_one_line(cells: CellSet) -> bool {
    cells.common_houses() & ((1 << 18) - 1) != 0
}

/// The two cells of a set of two, lowest first.
fn two_of(cells: CellSet) -> (usize, usize) {
    let mut it = cells.iter();
    let a = it.next().unwrap_or(0);
    (a, it.next().unwrap_or(a))
}

/// The other corners of rectangles: for corner `a` and a cell `b` of its box in the same row
/// (or column), every pair `c`, `d` in another row (column) and another box, `c` in line with
/// `a` and `d` with `b`.
fn far_sides(a: usize, b: usize) -> impl Iterator<Item = (usize, usize)> {
    let by_rows = row_of(a) == row_of(b);
    (0..9usize).filter_map(move |k| {
        let (c, d) = if by_rows {
            (9 * k + col_of(a), 9 * k + col_of(b))
        } else {
            (9 * row_of(a) + k, 9 * row_of(b) + k)
        };
        (box_of(c) != box_of(a)).then_some((c, d))
    })
}

/// A candidate rectangle for a unique rectangle: four open cells in two boxes where `x` and
/// `y` are allowed, one of them (the start) holding exactly `x` and `y`.
struct Rect {
    cells: CellSet,
    mask: u16,
    x: u8,
    y: u8,
    /// Corners holding no digit but `x` and `y`.
    two: CellSet,
    /// Corners with other digits too.
    extra: CellSet,
}

/// Calls `f` with every rectangle once per pair of digits.
fn for_each_rectangle(grid: &Grid, f: &mut dyn FnMut(&Rect) -> ControlFlow<()>) -> ControlFlow<()> {
    let allowed = allowed(grid);
    let mut seen: Vec<(CellSet, u16)> = Vec::new();
    for a in grid.empty_cells() {
        let mask = grid.candidates(a);
        if mask.count_ones() != 2 {
            continue;
        }
        let x = digits::first(mask);
        let y = digits::first(mask & (mask - 1));
        let both = allowed[usize::from(x - 1)] & allowed[usize::from(y - 1)];
        let partners = house(18 + box_of(a)) & both & (house(row_of(a)) | house(9 + col_of(a)));
        for b in partners - CellSet::single(a) {
            for (c, d) in far_sides(a, b) {
                if !both.contains(c) || !both.contains(d) {
                    continue;
                }
                let cells: CellSet = [a, b, c, d].into_iter().collect();
                if seen.contains(&(cells, mask)) {
                    continue;
                }
                seen.push((cells, mask));
                let two: CellSet = cells
                    .iter()
                    .filter(|&cell| grid.candidates(cell) & !mask == 0)
                    .collect();
                f(&Rect {
                    cells,
                    mask,
                    x,
                    y,
                    two,
                    extra: cells - two,
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn ur_evidence(r: &Rect, houses: Vec<u8>, fins: CellSet) -> Evidence {
    Evidence {
        houses,
        cells: r.cells,
        digits: r.mask,
        fins,
        ..Evidence::default()
    }
}

fn unique_rectangles(grid: &Grid, t: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for_each_rectangle(grid, &mut |r| rectangle_type(grid, r, t, sink))
}

/// The steps of unique rectangle type `t` (one of [`RECTANGLES`]) on rectangle `r`.
fn rectangle_type(grid: &Grid, r: &Rect, t: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match t {
        Technique::UniqueRectangle1 => type1(grid, r, sink),
        Technique::UniqueRectangle2 | Technique::UniqueRectangle5 => type2or5(grid, r, t, sink),
        Technique::UniqueRectangle3 => type3(grid, r, sink),
        Technique::UniqueRectangle4 => type4_or_6(grid, r, true, sink),
        Technique::UniqueRectangle6 => type4_or_6(grid, r, false, sink),
        Technique::HiddenRectangle => hidden(grid, r, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The unique rectangle types [`unique_rectangles`] knows, in the order [`all_rectangles`]
/// tries them on each rectangle.
pub(super) const RECTANGLES: [Technique; 7] = [
    Technique::UniqueRectangle1,
    Technique::UniqueRectangle2,
    Technique::UniqueRectangle3,
    Technique::UniqueRectangle4,
    Technique::UniqueRectangle5,
    Technique::UniqueRectangle6,
    Technique::HiddenRectangle,
];

/// The steps of all seven types of [`RECTANGLES`] in one walk over the rectangles: each
/// rectangle is tried with every type in turn. The steps of each type come in the order
/// [`unique_rectangles`] finds them for that type alone (a type's steps depend only on the
/// rectangle), interleaved with the other types'.
pub(super) fn all_rectangles(grid: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for_each_rectangle(grid, &mut |r| {
        for t in RECTANGLES {
            rectangle_type(grid, r, t, sink)?;
        }
        ControlFlow::Continue(())
    })
}

/// Type 1: three corners hold only `x` and `y`; the fourth cannot be either.
fn type1(grid: &Grid, r: &Rect, sink: &mut Sink<'_>) -> ControlFlow<()> {
    if r.two.len() != 3 {
        return ControlFlow::Continue(());
    }
    let elims = grid.candidates_in(r.extra, r.mask);
    if elims.is_empty() {
        return ControlFlow::Continue(());
    }
    sink(Step::elimination(
        Technique::UniqueRectangle1,
        elims,
        ur_evidence(r, Vec::new(), r.extra),
    ))
}

/// Types 2 and 5: the corners with extra digits all have the same single extra digit `z`,
/// so one of them is `z`: every cell that sees them all loses `z`. Type 2 when there are two
/// such corners on one side, type 5 when they are diagonal or three.
fn type2or5(grid: &Grid, r: &Rect, t: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    if !(1..=2).contains(&r.two.len()) {
        return ControlFlow::Continue(());
    }
    let add = r
        .extra
        .iter()
        .fold(0u16, |m, c| m | (grid.candidates(c) & !r.mask));
    if add.count_ones() != 1 {
        return ControlFlow::Continue(());
    }
    let (e1, e2) = two_of(r.extra);
    let five = r.extra.len() == 3 || !same_row_or_col(e1, e2);
    let found = if five {
        Technique::UniqueRectangle5
    } else {
        Technique::UniqueRectangle2
    };
    if found != t {
        return ControlFlow::Continue(());
    }
    let z = digits::first(add);
    let targets = r.extra.common_peers() & grid.cells_with(z);
    if targets.is_empty() {
        return ControlFlow::Continue(());
    }
    sink(Step::elimination(
        t,
        targets.iter().map(|c| Candidate::new(c, z)).collect(),
        ur_evidence(r, Vec::new(), r.extra),
    ))
}

/// Type 3: the two corners with extra digits act as one cell holding their extra digits; with
/// other cells of a house they share it forms a naked subset (`k` cells, `k` digits, none of
/// them `x` or `y`), whose digits leave the rest of the house.
fn type3(grid: &Grid, r: &Rect, sink: &mut Sink<'_>) -> ControlFlow<()> {
    if r.two.len() != 2 {
        return ControlFlow::Continue(());
    }
    let extras = r
        .extra
        .iter()
        .fold(0u16, |m, c| m | (grid.candidates(c) & !r.mask));
    let shared = r.extra.common_houses();
    // Rows, then columns, then the box.
    for h in (0..27).filter(|&h| shared >> h & 1 != 0) {
        let is_box = h >= 18;
        let others: Vec<usize> = (house(h) & (grid.empty_cells() - r.cells))
            .iter()
            .filter(|&c| grid.candidates(c) & r.mask == 0)
            .collect();
        let n = others.len();
        for subset in 1u32..(1 << n) {
            let mut cells = r.extra;
            let mut cands = extras;
            for (i, &c) in others.iter().enumerate() {
                if subset >> i & 1 != 0 {
                    cells.insert(c);
                    cands |= grid.candidates(c);
                }
            }
            // A subset in the box that lies in one line was found from the line.
            if is_box && in_one_line(cells) {
                continue;
            }
            if cands.count_ones() as usize + 1 != cells.len() {
                continue;
            }
            let mut targets = house(h) - cells;
            let mut houses = vec![h as u8];
            if !is_box {
                let boxes = cells.common_houses() >> 18;
                if boxes != 0 {
                    let b = 18 + boxes.trailing_zeros() as usize;
                    targets |= house(b) - cells;
                    houses.push(b as u8);
                }
            }
            let elims = grid.candidates_in(targets, cands);
            if elims.is_empty() {
                continue;
            }
            sink(Step::elimination(
                Technique::UniqueRectangle3,
                elims,
                ur_evidence(r, houses, cells),
            ))?;
        }
    }
    ControlFlow::Continue(())
}

/// Types 4 and 6: two corners with extra digits.
///
/// Type 4, the two in one row or column: if one of `x`, `y` has no other place in a house they
/// share, it is in one of them, and so the other digit is in neither. Type 6, the two
/// diagonal: if a digit of the rectangle has no place in their two rows and two columns
/// outside the rectangle, it cannot be in those two corners (it would then fill all four).
fn type4_or_6(grid: &Grid, r: &Rect, type4: bool, sink: &mut Sink<'_>) -> ControlFlow<()> {
    if r.two.len() != 2 {
        return ControlFlow::Continue(());
    }
    let (e1, e2) = two_of(r.extra);
    if same_row_or_col(e1, e2) != type4 {
        return ControlFlow::Continue(());
    }
    let (technique, region) = if type4 {
        (Technique::UniqueRectangle4, r.extra.common_peers())
    } else {
        let lines =
            house(row_of(e1)) | house(row_of(e2)) | house(9 + col_of(e1)) | house(9 + col_of(e2));
        (Technique::UniqueRectangle6, lines - r.cells)
    };
    // The digit with no place in the region (x first), and the one it deletes.
    let (delete_if_x, delete_if_y) = if type4 { (r.y, r.x) } else { (r.x, r.y) };
    let delete = if (region & grid.cells_with(r.x)).is_empty() {
        delete_if_x
    } else if (region & grid.cells_with(r.y)).is_empty() {
        delete_if_y
    } else {
        return ControlFlow::Continue(());
    };
    let elims = grid.candidates_in(r.extra, digits::bit(delete));
    if elims.is_empty() {
        return ControlFlow::Continue(());
    }
    sink(Step::elimination(
        technique,
        elims,
        ur_evidence(r, Vec::new(), r.extra),
    ))
}

/// Hidden rectangle: a corner holding only `x` and `y` (two such corners must be diagonal);
/// if a digit `p` of the rectangle lies, in the opposite corner's row and column, only in the
/// rectangle, the opposite corner cannot hold the other digit `q` (then `p` would fill the two
/// corners beside it, and the corner `q`: deadly).
fn hidden(grid: &Grid, r: &Rect, sink: &mut Sink<'_>) -> ControlFlow<()> {
    if !(1..=2).contains(&r.two.len()) {
        return ControlFlow::Continue(());
    }
    let (t1, t2) = two_of(r.two);
    if r.two.len() == 2 && same_row_or_col(t1, t2) {
        return ControlFlow::Continue(());
    }
    for corner in r.two {
        let Some(opposite) = (r.cells - peers(corner) - CellSet::single(corner)).first() else {
            continue;
        };
        let line = house(row_of(opposite));
        let col = house(9 + col_of(opposite));
        for (p, q) in [(r.x, r.y), (r.y, r.x)] {
            let places = grid.cells_with(p);
            if !(places & line).is_subset(r.cells) || !(places & col).is_subset(r.cells) {
                continue;
            }
            if !grid.has(opposite, q) {
                continue;
            }
            sink(Step::elimination(
                Technique::HiddenRectangle,
                vec![Candidate::new(opposite, q)],
                ur_evidence(
                    r,
                    vec![row_of(opposite) as u8, (9 + col_of(opposite)) as u8],
                    r.extra,
                ),
            ))?;
        }
    }
    ControlFlow::Continue(())
}

/// Avoidable rectangles: the deadly pattern made of placed (not given) digits. Two placed
/// cells `a` = `v1` and `b` = `v2` of one box; in another box, `c` in line with `a` and `d`
/// with `b`. Type 1: one of `c`, `d` is placed with the digit that completes the pattern
/// (`c` = `v2` or `d` = `v1`); the other cannot take its digit. Type 2: both are open, `c`
/// holds `v2` and `z` only, `d` holds `v1` and `z` only: one of them is `z`, so every cell
/// that sees both loses `z`.
fn avoidable(grid: &Grid, t: Technique, memo: &mut Memo, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let placed = grid.filled() - grid.givens();
    if placed.len() < 3 || !givens_have_one_solution(grid, memo) {
        return ControlFlow::Continue(());
    }
    let mut seen: Vec<CellSet> = Vec::new();
    for a in placed {
        let v1 = grid.value(a);
        let partners = house(18 + box_of(a)) & placed & (house(row_of(a)) | house(9 + col_of(a)));
        for b in partners - CellSet::single(a) {
            let v2 = grid.value(b);
            for (c, d) in far_sides(a, b) {
                let cells: CellSet = [a, b, c, d].into_iter().collect();
                let (cv, dv) = (grid.value(c), grid.value(d));
                let step = if (cv == v2 && placed.contains(c) && dv == 0 && grid.has(d, v1))
                    || (dv == v1 && placed.contains(d) && cv == 0 && grid.has(c, v2))
                {
                    if t != Technique::AvoidableRectangle1 {
                        continue;
                    }
                    let (cell, digit) = if cv != 0 { (d, v1) } else { (c, v2) };
                    Step::elimination(
                        t,
                        vec![Candidate::new(cell, digit)],
                        Evidence {
                            cells,
                            digits: digits::bit(v1) | digits::bit(v2),
                            ..Evidence::default()
                        },
                    )
                } else if cv == 0 && dv == 0 {
                    let (cc, dc) = (grid.candidates(c), grid.candidates(d));
                    if t != Technique::AvoidableRectangle2
                        || cc.count_ones() != 2
                        || dc.count_ones() != 2
                        || cc & digits::bit(v2) == 0
                        || dc & digits::bit(v1) == 0
                    {
                        continue;
                    }
                    let z = cc & !digits::bit(v2);
                    if dc & z == 0 || z == digits::bit(v1) {
                        continue;
                    }
                    let z = digits::first(z);
                    let pair: CellSet = [c, d].into_iter().collect();
                    let targets = pair.common_peers() & grid.cells_with(z);
                    if targets.is_empty() {
                        continue;
                    }
                    Step::elimination(
                        t,
                        targets.iter().map(|cell| Candidate::new(cell, z)).collect(),
                        Evidence {
                            cells,
                            digits: digits::bit(v1) | digits::bit(v2),
                            fins: pair,
                            ..Evidence::default()
                        },
                    )
                } else {
                    continue;
                };
                if seen.contains(&cells) {
                    continue;
                }
                seen.push(cells);
                sink(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The givens last asked about (their digits, 0 elsewhere) and whether they have one
/// solution; kept by the caller (see [`super::Memo`]), keyed on the givens themselves.
#[derive(Default)]
pub(super) struct Memo(Option<([u8; CELLS], bool)>);

/// Whether the givens alone (placed digits left out) have exactly one solution. Avoidable
/// rectangles swap placed digits, so they rest on this, not on the position's own
/// uniqueness (which the commands check): a position whose filled cells are all "placed"
/// has no givens and many solutions. Asked once per puzzle (the memo keeps the answer).
fn givens_have_one_solution(grid: &Grid, memo: &mut Memo) -> bool {
    let mut cells = [0u8; CELLS];
    for cell in grid.givens() {
        cells[cell] = grid.value(cell);
    }
    if let Some((seen, unique)) = memo.0
        && seen == cells
    {
        return unique;
    }
    let unique = Board::from_cells(cells).is_ok_and(|b| solver::count_solutions(&b, 2) == 1);
    memo.0 = Some((cells, unique));
    unique
}

/// BUG+1: every open cell holds two digits but one, which holds three, and every digit is
/// a candidate twice or not at all in each house but one digit, three times in the row, the
/// column and the box of that cell (so no single is left to find). Without that digit there, the grid would be a bivalue universal
/// grave (a position with zero or at least two solutions): the cell holds it.
fn bug_plus_one(grid: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut three = None;
    for cell in grid.empty_cells() {
        match grid.candidates(cell).count_ones() {
            2 => {}
            3 if three.is_none() => three = Some(cell),
            _ => return ControlFlow::Continue(()),
        }
    }
    let Some(cell) = three else {
        return ControlFlow::Continue(());
    };
    let mut digit = 0u8;
    // The house of each kind (row, column, box) where `digit` appears three times.
    let mut houses = [usize::MAX; 3];
    for h in 0..27 {
        for d in 1..=9 {
            match grid.house_cells_with(h, d).len() {
                0 | 2 => {}
                3 => {
                    if houses[h / 9] != usize::MAX || (digit != 0 && digit != d) {
                        return ControlFlow::Continue(());
                    }
                    digit = d;
                    houses[h / 9] = h;
                }
                _ => return ControlFlow::Continue(()),
            }
        }
    }
    let own = [row_of(cell), 9 + col_of(cell), 18 + box_of(cell)];
    if digit == 0 || !grid.has(cell, digit) || houses != own {
        return ControlFlow::Continue(());
    }
    let elims = grid.candidates_in(CellSet::single(cell), !digits::bit(digit) & digits::ALL);
    sink(Step::elimination(
        Technique::Bug1,
        elims,
        Evidence {
            cells: CellSet::single(cell),
            digits: digits::bit(digit),
            ..Evidence::default()
        },
    ))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::logic::{Ladder, solve};

    /// The logic tests' deterministic generator.
    pub(in crate::logic) use crate::testing::XorShift64 as Rng;

    /// A puzzle with one solution made here: a shuffled pattern grid, then clues removed in a
    /// random order while the solution stays unique. Returns the puzzle and its solution.
    pub(in crate::logic) fn generated(rng: &mut Rng) -> (Board, [u8; 81]) {
        let mut perm: Vec<u8> = (1..=9).collect();
        for i in (1..9).rev() {
            perm.swap(i, rng.below(i + 1));
        }
        // Rows: shuffle the bands and the rows in each band; the same for columns.
        let shuffle_lines = |rng: &mut Rng| {
            let mut bands = [0usize, 1, 2];
            for i in (1..3).rev() {
                bands.swap(i, rng.below(i + 1));
            }
            let mut out = Vec::new();
            for b in bands {
                let mut rows = [0usize, 1, 2];
                for i in (1..3).rev() {
                    rows.swap(i, rng.below(i + 1));
                }
                out.extend(rows.iter().map(|r| 3 * b + r));
            }
            out
        };
        let rows = shuffle_lines(rng);
        let cols = shuffle_lines(rng);
        let mut solution = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let (rr, cc) = (rows[r], cols[c]);
                solution[9 * r + c] = perm[(3 * rr + rr / 3 + cc) % 9];
            }
        }
        let mut cells = solution;
        let mut order: Vec<usize> = (0..81).collect();
        for i in (1..81).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for cell in order {
            let keep = cells[cell];
            cells[cell] = 0;
            let board = Board::from_cells(cells).expect("digits");
            if solver::count_solutions(&board, 2) != 1 {
                cells[cell] = keep;
            }
        }
        (Board::from_cells(cells).expect("digits"), solution)
    }

    /// Checks a step against the solution: it does something, removes only candidates that
    /// are there and none that the solution needs.
    pub(in crate::logic) fn check(grid: &Grid, step: &Step, solution: &[u8; 81]) {
        assert!(!step.eliminations.is_empty() || !step.placements.is_empty());
        for e in &step.eliminations {
            assert!(grid.has(e.cell(), e.digit), "{step}\n{grid}");
            assert_ne!(solution[e.cell()], e.digit, "{step}\n{grid}");
        }
        for p in &step.placements {
            assert_eq!(solution[p.cell()], p.digit, "{step}\n{grid}");
        }
    }

    /// The seven rectangle types, then the avoidable rectangles and BUG+1.
    fn all() -> impl Iterator<Item = Technique> {
        RECTANGLES.into_iter().chain([
            Technique::AvoidableRectangle1,
            Technique::AvoidableRectangle2,
            Technique::Bug1,
        ])
    }

    /// Avoidable rectangles need the givens alone to have one solution: a position whose
    /// filled cells are all placed (no givens) must not use them.
    #[test]
    fn avoidable_rectangles_need_unique_givens() {
        let mut rng = Rng(0x0123_4567_89ab_cdef);
        let (puzzle, _) = generated(&mut rng);
        let mut grid = Grid::new(&puzzle);
        assert!(givens_have_one_solution(&grid, &mut Memo::default()));
        let ladder = Ladder::from_list("singles").unwrap();
        for _ in 0..10 {
            if let Some(step) = ladder.next_step(&grid) {
                grid.apply(&step);
            }
        }
        let loose = Grid::from_parts(&grid.board(), CellSet::EMPTY, None);
        assert!(!givens_have_one_solution(&loose, &mut Memo::default()));
        for t in [
            Technique::AvoidableRectangle1,
            Technique::AvoidableRectangle2,
        ] {
            assert!(t.all(&loose).is_empty());
        }
        // The answer kept for the last givens does not leak to other givens.
        assert!(givens_have_one_solution(&grid, &mut Memo::default()));
    }

    /// Solves generated puzzles with the easy families and this one; at every position, every
    /// step of every uniqueness technique must agree with the unique solution.
    #[test]
    fn every_step_on_generated_puzzles_agrees_with_the_solution() {
        let ladder = Ladder::from_list("singles,intersections,subsets,uniqueness").unwrap();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut found = [0usize; 10];
        for _ in 0..60 {
            let (puzzle, solution) = generated(&mut rng);
            let mut grid = Grid::new(&puzzle);
            let _ = solve(&mut grid, &ladder, None, |before, step| {
                check(before, step, &solution);
                for (i, t) in all().enumerate() {
                    for s in t.all(before) {
                        check(before, &s, &solution);
                        found[i] += 1;
                    }
                }
                ControlFlow::Continue(())
            });
        }
        eprintln!("found per technique: {found:?}");
        // Types 1 to 4 and hidden rectangles are common enough to be seen here.
        for i in [0, 1, 2, 3, 6] {
            let t = all().nth(i).expect("ten techniques");
            assert!(found[i] > 0, "{t:?} never found: {found:?}");
        }
    }
}
