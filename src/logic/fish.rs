//! Fish: X-Wing, Swordfish and Jellyfish, plain, finned and sashimi.
//!
//! A fish on digit `d` takes `n` base sets (houses) and `n` cover sets such that every
//! candidate `d` of the base sets lies in a cover set. The base sets hold `n` copies of `d`
//! between them, one per cover set, so `d` leaves every other cell of the cover sets.
//!
//! A *finned* fish has base candidates outside the cover sets, its fins. Either the fish holds
//! or a fin is true, so only the cover candidates that also see every fin go. A finned fish is
//! *sashimi* (HoDoKu's definition, which its regression library encodes) when some base set
//! holds at most one candidate once the fins are taken away: without its fins it would not be
//! a fish at all.
//!
//! Basic fish use rows as base sets and columns as cover sets, or the other way round. Their
//! search works on one 9-bit mask per line: bit `p` of line `i` is set when `d` is still a
//! candidate at position `p` of line `i` (cell `9i + p` for a row, `9p + i` for a column).

use std::ops::ControlFlow;

use super::cells::{CellSet, combinations, digits, house, peers};
use super::{Candidate, Evidence, Grid, Sink, Step, Technique};

/// HoDoKu's limit on the number of fins.
const MAX_FINS: usize = 5;

/// Whether this file has a finder for `t`.
pub(super) fn implements(t: Technique) -> bool {
    basic_kind(t).is_some()
}

pub(super) fn find(grid: &Grid, t: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match basic_kind(t) {
        Some((n, kind)) => basic(grid, t, n, kind, sink),
        None => ControlFlow::Continue(()),
    }
}

/// Plain, finned or sashimi.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Plain,
    Finned,
    Sashimi,
}

/// The size and kind of a basic fish technique.
fn basic_kind(t: Technique) -> Option<(usize, Kind)> {
    use Technique::*;
    Some(match t {
        XWing => (2, Kind::Plain),
        Swordfish => (3, Kind::Plain),
        Jellyfish => (4, Kind::Plain),
        FinnedXWing => (2, Kind::Finned),
        FinnedSwordfish => (3, Kind::Finned),
        FinnedJellyfish => (4, Kind::Finned),
        SashimiXWing => (2, Kind::Sashimi),
        SashimiSwordfish => (3, Kind::Sashimi),
        SashimiJellyfish => (4, Kind::Sashimi),
        _ => return None,
    })
}

/// The house of line `i`: row `i`, or column `i` when `rows` is false.
#[inline]
fn line_house(rows: bool, i: usize) -> usize {
    if rows { i } else { 9 + i }
}

/// The cells at the positions of `mask` in line `i`.
fn line_cells(rows: bool, i: usize, mask: u16) -> CellSet {
    let mut set = CellSet::EMPTY;
    for p in digits::iter(mask) {
        let p = usize::from(p - 1);
        set.insert(if rows { 9 * i + p } else { 9 * p + i });
    }
    set
}

/// The lines of a set of line indices, as a mask.
fn lines_mask(lines: &[usize]) -> u16 {
    lines.iter().fold(0, |m, &i| m | 1 << i)
}

/// Whether the set bits of a 9-bit mask all lie in one group of three (a band or a stack).
#[inline]
fn in_one_group(mask: u16) -> bool {
    mask & !0o007 == 0 || mask & !0o070 == 0 || mask & !0o700 == 0
}

/// Basic fish of size `n`: rows as base sets and columns as cover sets, then the other way.
fn basic(grid: &Grid, t: Technique, n: usize, kind: Kind, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for digit in 1..=9u8 {
        let cands = grid.cells_with(digit);
        if cands.len() < 2 * n {
            continue;
        }
        for rows in [true, false] {
            let mut masks = [0u16; 9];
            for (i, mask) in masks.iter_mut().enumerate() {
                for p in 0..9 {
                    let cell = if rows { 9 * i + p } else { 9 * p + i };
                    if cands.contains(cell) {
                        *mask |= 1 << p;
                    }
                }
            }
            // A plain fish's base line has at most n candidates; any non-empty line may be
            // a finned fish's base (HoDoKu takes every line that holds the digit).
            let lines: Vec<usize> = (0..9)
                .filter(|&i| {
                    let k = masks[i].count_ones() as usize;
                    k > 0 && (kind != Kind::Plain || k <= n)
                })
                .collect();
            if lines.len() < n {
                continue;
            }
            combinations(&lines, n, &mut |base| {
                let union = base.iter().fold(0u16, |m, &i| m | masks[i]);
                let size = union.count_ones() as usize;
                if kind == Kind::Plain {
                    if size != n {
                        return ControlFlow::Continue(());
                    }
                    return report(grid, t, digit, rows, base, &masks, union, sink);
                }
                if size <= n {
                    return ControlFlow::Continue(());
                }
                let positions: Vec<usize> = (0..9).filter(|&p| union >> p & 1 != 0).collect();
                combinations(&positions, n, &mut |cover| {
                    let cover = lines_mask(cover);
                    // Fins must share a box, or no cover cell outside the base sees them all.
                    let fin_positions = union & !cover;
                    let fin_lines = base
                        .iter()
                        .filter(|&&i| masks[i] & !cover != 0)
                        .fold(0u16, |m, &i| m | 1 << i);
                    if !in_one_group(fin_positions) || !in_one_group(fin_lines) {
                        return ControlFlow::Continue(());
                    }
                    let sashimi = base.iter().any(|&i| (masks[i] & cover).count_ones() <= 1);
                    if sashimi != (kind == Kind::Sashimi) {
                        return ControlFlow::Continue(());
                    }
                    report(grid, t, digit, rows, base, &masks, cover, sink)
                })
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Reports the fish on `digit` with base lines `base` and cover lines `cover` (a mask of
/// positions), if it eliminates anything. Base candidates outside the cover lines are fins.
#[allow(clippy::too_many_arguments)]
fn report(
    grid: &Grid,
    t: Technique,
    digit: u8,
    rows: bool,
    base: &[usize],
    masks: &[u16; 9],
    cover: u16,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let mut base_cells = CellSet::EMPTY;
    let mut fins = CellSet::EMPTY;
    for &i in base {
        base_cells |= line_cells(rows, i, masks[i]);
        fins |= line_cells(rows, i, masks[i] & !cover);
    }
    if fins.len() > MAX_FINS {
        return ControlFlow::Continue(());
    }
    let mut cover_cells = CellSet::EMPTY;
    let mut cover_houses = Vec::with_capacity(base.len());
    for p in 0..9 {
        if cover >> p & 1 != 0 {
            let h = line_house(!rows, p);
            cover_cells |= house(h);
            cover_houses.push(h as u8);
        }
    }
    let mut targets = (cover_cells & grid.cells_with(digit)) - base_cells;
    for fin in fins {
        targets &= peers(fin);
    }
    if targets.is_empty() {
        return ControlFlow::Continue(());
    }
    sink(Step::elimination(
        t,
        targets.iter().map(|c| Candidate::new(c, digit)).collect(),
        Evidence {
            houses: base.iter().map(|&i| line_house(rows, i) as u8).collect(),
            cover: cover_houses,
            cells: base_cells - fins,
            digits: digits::bit(digit),
            fins,
            ..Evidence::default()
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// An empty grid where `digit` is a candidate only where `keep` says, in the rows (or
    /// columns) listed; every other line keeps all its candidates.
    fn pattern(digit: u8, rows: bool, keep: &[(usize, &[usize])]) -> Grid {
        let mut grid = Grid::new(&Board::empty());
        for &(line, positions) in keep {
            for p in 0..9 {
                if !positions.contains(&p) {
                    let cell = if rows { 9 * line + p } else { 9 * p + line };
                    grid.eliminate(cell, digit);
                }
            }
        }
        grid
    }

    fn cells(list: &[(usize, usize)]) -> CellSet {
        list.iter().map(|&(r, c)| 9 * r + c).collect()
    }

    fn eliminated(step: &Step) -> CellSet {
        step.eliminations.iter().map(|e| e.cell()).collect()
    }

    #[test]
    fn x_wing_in_rows_clears_its_columns() {
        // 5 only in c2 and c7 of r1 and r4.
        let grid = pattern(5, true, &[(0, &[1, 6]), (3, &[1, 6])]);
        let steps = Technique::XWing.all(&grid);
        let step = steps
            .iter()
            .find(|s| s.evidence.houses == [0, 3])
            .expect("the x-wing");
        assert_eq!(step.evidence.cover, vec![10, 15]);
        let expected = (house(10) | house(15)) - house(0) - house(3);
        assert_eq!(eliminated(step), expected);
        assert!(step.eliminations.iter().all(|e| e.digit == 5));
        assert_eq!(
            step.to_string(),
            format!(
                "x-wing 5 in r1,r4 / c2,c7 (r1c2,r1c7,r4c2,r4c7): {}",
                step.actions()
            )
        );
    }

    #[test]
    fn swordfish_in_columns_with_a_missing_corner() {
        // 3 in c1: r2,r5; c5: r5,r8; c9: r2,r8 (each column two of the three rows).
        let grid = pattern(3, false, &[(0, &[1, 4]), (4, &[4, 7]), (8, &[1, 7])]);
        let step = Technique::Swordfish
            .all(&grid)
            .into_iter()
            .find(|s| s.evidence.houses == [9, 13, 17])
            .expect("the swordfish");
        assert_eq!(step.evidence.cover, vec![1, 4, 7]);
        let expected = (house(1) | house(4) | house(7)) - house(9) - house(13) - house(17);
        assert_eq!(eliminated(&step), expected);
        // No X-Wing hides in it.
        assert!(
            Technique::XWing
                .all(&grid)
                .iter()
                .all(|s| s.evidence.houses.len() == 2
                    && !s.evidence.houses.iter().all(|h| [9, 13, 17].contains(h)))
        );
    }

    #[test]
    fn finned_x_wing_removes_only_what_sees_the_fin() {
        // 7 in r1: c2, c8; r5: c2, c8 and a fin in c9 (box 6).
        let grid = pattern(7, true, &[(0, &[1, 7]), (4, &[1, 7, 8])]);
        let finned = Technique::FinnedXWing.all(&grid);
        let step = finned
            .iter()
            .find(|s| s.evidence.houses == [0, 4])
            .expect("the finned x-wing");
        assert_eq!(step.evidence.fins, cells(&[(4, 8)]));
        // c8 cells of box 6 outside r5: r4c8, r6c8.
        assert_eq!(eliminated(step), cells(&[(3, 7), (5, 7)]));
        // Each base row keeps two candidates: finned, not sashimi.
        assert!(
            Technique::SashimiXWing
                .all(&grid)
                .iter()
                .all(|s| s.evidence.houses != [0, 4])
        );
    }

    #[test]
    fn sashimi_x_wing_has_a_base_row_of_one_candidate_besides_the_fins() {
        // 7 in r1: c2, c8; r5: c2 and fins in c7, c9 (box 6), no c8.
        let grid = pattern(7, true, &[(0, &[1, 7]), (4, &[1, 6, 8])]);
        let step = Technique::SashimiXWing
            .all(&grid)
            .into_iter()
            .find(|s| s.evidence.houses == [0, 4] && s.evidence.cover == [10, 16])
            .expect("the sashimi x-wing");
        assert_eq!(step.evidence.fins, cells(&[(4, 6), (4, 8)]));
        assert_eq!(eliminated(&step), cells(&[(3, 7), (5, 7)]));
        assert!(
            Technique::FinnedXWing
                .all(&grid)
                .iter()
                .all(|s| !(s.evidence.houses == [0, 4] && s.evidence.cover == [10, 16]))
        );
    }

    /// A small deterministic generator for the random positions below.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    /// Positions that keep a known solution's candidate in every cell but lose many others:
    /// no fish may ever remove a solution candidate, and every step must remove something.
    #[test]
    fn fish_never_remove_the_solution_of_a_consistent_position() {
        let solution = crate::solver::solve_first(&Board::empty()).expect("an empty grid solves");
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let techniques: Vec<Technique> = Technique::ALL
            .iter()
            .copied()
            .filter(|&t| implements(t))
            .collect();
        let mut found = std::collections::HashMap::new();
        for _ in 0..60 {
            let mut grid = Grid::new(&Board::empty());
            for cell in 0..81 {
                for d in 1..=9u8 {
                    if d != solution.get(cell) && rng.next() % 100 < 70 {
                        grid.eliminate(cell, d);
                    }
                }
            }
            for &t in &techniques {
                for step in t.all(&grid) {
                    assert!(!step.eliminations.is_empty());
                    for e in &step.eliminations {
                        assert!(grid.has(e.cell(), e.digit), "{step}");
                        assert_ne!(solution.get(e.cell()), e.digit, "{step}\n{grid}");
                    }
                    *found.entry(t).or_insert(0) += 1;
                }
            }
        }
        // The positions are loose enough for every kind to show up.
        for &t in &techniques {
            assert!(
                found.get(&t).copied().unwrap_or(0) > 0,
                "no {} found",
                t.name()
            );
        }
    }
}
