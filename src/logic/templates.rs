//! Templates: every way to place nine copies of a digit, one in each row, column and box.
//!
//! There are 46,656 such templates. Those of a digit that hold every cell where the digit is
//! placed and no cell where it can no longer go are its possible templates; as in HoDoKu, a
//! template of one digit is dropped when it takes a cell that every possible template of
//! another digit takes, until nothing more goes. Then:
//!
//! - Template Set: a cell that every possible template of the digit takes holds the digit;
//! - Template Delete: a candidate that no possible template takes is false.
//!
//! Both are brute force in all but name (HoDoKu leaves them out of its default solver, and so
//! does our default ladder).

use std::ops::ControlFlow;
use std::sync::OnceLock;

use crate::geometry::CellSet;
use crate::geometry::digits;

use super::{Candidate, Evidence, Grid, Sink, Step, Technique};

/// Whether this file has a finder for `t`.
pub(super) fn implements(t: Technique) -> bool {
    matches!(t, Technique::TemplateSet | Technique::TemplateDelete)
}

/// The 46,656 templates, built once.
fn all_templates() -> &'static [CellSet] {
    static TEMPLATES: OnceLock<Vec<CellSet>> = OnceLock::new();
    TEMPLATES.get_or_init(|| {
        let mut out = Vec::with_capacity(46_656);
        build(0, 0, 0, CellSet::EMPTY, &mut out);
        out
    })
}

/// Places the digit in rows `row..9`, given the columns and boxes already used.
fn build(row: usize, cols: u16, boxes: u16, cells: CellSet, out: &mut Vec<CellSet>) {
    if row == 9 {
        out.push(cells);
        return;
    }
    for col in 0..9 {
        let b = row / 3 * 3 + col / 3;
        if cols >> col & 1 == 0 && boxes >> b & 1 == 0 {
            build(
                row + 1,
                cols | 1 << col,
                boxes | 1 << b,
                cells | CellSet::single(9 * row + col),
                out,
            );
        }
    }
}

/// Per digit (index `d - 1`): the cells every possible template takes, and the cells some
/// possible template takes.
fn refine(grid: &Grid) -> [(CellSet, CellSet); 9] {
    let templates = all_templates();
    let mut lists: [Vec<CellSet>; 9] = Default::default();
    for (i, list) in lists.iter_mut().enumerate() {
        let digit = i as u8 + 1;
        let placed = (0..81)
            .filter(|&c| grid.value(c) == digit)
            .fold(CellSet::EMPTY, |s, c| s | CellSet::single(c));
        let allowed = placed | grid.cells_with(digit);
        list.extend(
            templates
                .iter()
                .copied()
                .filter(|&t| t & placed == placed && t - allowed == CellSet::EMPTY),
        );
    }
    let mut sure = [CellSet::ALL; 9];
    let mut some = [CellSet::EMPTY; 9];
    for (i, list) in lists.iter().enumerate() {
        for &t in list {
            sure[i] &= t;
            some[i] |= t;
        }
    }
    // Drop the templates that take a cell another digit must take, as HoDoKu does (digit by
    // digit, with what the digits before have already become), until none goes.
    loop {
        let mut removed = 0;
        for j in 0..9 {
            sure[j] = CellSet::ALL;
            some[j] = CellSet::EMPTY;
            let others: CellSet = (0..9)
                .filter(|&k| k != j)
                .fold(CellSet::EMPTY, |s, k| s | sure[k]);
            let before = lists[j].len();
            lists[j].retain(|&t| !t.intersects(others));
            removed += before - lists[j].len();
            for &t in &lists[j] {
                sure[j] &= t;
                some[j] |= t;
            }
        }
        if removed == 0 {
            break;
        }
    }
    let mut out = [(CellSet::EMPTY, CellSet::EMPTY); 9];
    for i in 0..9 {
        out[i] = (sure[i], some[i]);
    }
    out
}

pub(super) fn find(grid: &Grid, t: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let found = refine(grid);
    for (i, &(sure, some)) in found.iter().enumerate() {
        let digit = i as u8 + 1;
        let step = if t == Technique::TemplateSet {
            let cells = sure & grid.empty_cells();
            if cells.is_empty() || sure == CellSet::ALL {
                continue;
            }
            Step {
                technique: t,
                placements: cells.iter().map(|c| Candidate::new(c, digit)).collect(),
                eliminations: Vec::new(),
                evidence: Evidence {
                    cells,
                    digits: digits::bit(digit),
                    ..Evidence::default()
                },
            }
        } else {
            let cells = grid.cells_with(digit) - some;
            if cells.is_empty() {
                continue;
            }
            Step::elimination(
                t,
                cells.iter().map(|c| Candidate::new(c, digit)).collect(),
                Evidence {
                    cells,
                    digits: digits::bit(digit),
                    ..Evidence::default()
                },
            )
        };
        sink(step)?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn there_are_46656_templates_each_a_digit_per_house() {
        let all = all_templates();
        assert_eq!(all.len(), 46_656);
        for t in all.iter().take(500) {
            for h in 0..27 {
                assert_eq!((*t & crate::geometry::classic::house(h)).len(), 1);
            }
        }
    }

    #[test]
    fn templates_agree_with_the_solution_of_hard_puzzles() {
        let mut steps = 0;
        for line in include_str!("../../puzzles/hard.txt").lines().take(20) {
            let Ok(board) = line.trim().parse::<Board>() else {
                continue;
            };
            let solution = crate::solver::solve_first(&board).expect("solvable");
            let grid = Grid::new(&board);
            for t in [Technique::TemplateSet, Technique::TemplateDelete] {
                for step in t.all(&grid) {
                    steps += 1;
                    for p in &step.placements {
                        assert_eq!(solution.get(p.cell()), p.digit, "{step}");
                    }
                    for e in &step.eliminations {
                        assert_ne!(solution.get(e.cell()), e.digit, "{step}");
                    }
                }
            }
        }
        assert!(steps > 0);
    }
}
