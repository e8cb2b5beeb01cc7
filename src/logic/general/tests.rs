//! Each finder on a position where it must fire and one where it must not, on shapes other
//! than the classic grid; the written forms.

use super::*;
use crate::geometry::Variants;

fn shape(n: usize, variants: &str) -> Geometry {
    Geometry::new(n)
        .unwrap()
        .with_variants(Variants::parse(variants).unwrap())
        .unwrap()
}

/// An empty grid: every digit possible everywhere.
fn open(geometry: &Geometry) -> GeneralGrid {
    GeneralGrid::new(geometry, &vec![0; geometry.cells()]).unwrap()
}

/// Removes `digit` from every cell of `cells`.
fn remove(grid: &mut GeneralGrid, cells: impl IntoIterator<Item = usize>, digit: u8) {
    for c in cells {
        grid.eliminate(c, digit);
    }
}

/// Leaves `cell` only the digits of `keep`.
fn keep_only(grid: &mut GeneralGrid, cell: usize, keep: &[u8]) {
    for d in 1..=grid.size() as u8 {
        if !keep.contains(&d) {
            grid.eliminate(cell, d);
        }
    }
}

fn cell(n: usize, r: usize, c: usize) -> usize {
    (r - 1) * n + c - 1
}

fn elims(step: &GeneralStep) -> Vec<(usize, u8)> {
    step.eliminations
        .iter()
        .map(|e| (e.cell, e.digit))
        .collect()
}

fn texts(t: Technique, grid: &GeneralGrid) -> Vec<String> {
    let symbols = default_symbols(grid.size());
    all(t, grid)
        .iter()
        .map(|s| s.text(grid.geometry(), &symbols))
        .collect()
}

#[test]
fn nothing_fires_on_an_empty_grid() {
    for (n, v) in [(4, ""), (9, "x,anti-knight"), (12, ""), (16, "x")] {
        let grid = open(&shape(n, v));
        for &t in GeneralLadder::default().techniques() {
            assert!(first(t, &grid).is_none(), "{t:?} on an empty {n}x{n}");
        }
    }
}

#[test]
fn full_house_fills_the_last_cell_of_a_house() {
    let g = shape(4, "");
    let grid = GeneralGrid::new(&g, &[1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    assert_eq!(
        texts(Technique::FullHouse, &grid),
        ["full house in row 1: r1c4=4"]
    );
    let grid = GeneralGrid::new(&g, &[1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    assert!(first(Technique::FullHouse, &grid).is_none());
}

#[test]
fn hidden_single_with_a_letter_on_16x16() {
    let g = shape(16, "");
    let mut grid = open(&g);
    let target = cell(16, 2, 3);
    remove(
        &mut grid,
        g.house(32).cells.iter().copied().filter(|&c| c != target),
        16,
    );
    assert_eq!(
        texts(Technique::HiddenSingle, &grid),
        ["hidden single in box 1: r2c3=G"]
    );
    // Another alphabet: the printer takes it as a parameter.
    let step = first(Technique::HiddenSingle, &grid).unwrap();
    let hex: Vec<char> = "0123456789ABCDEF".chars().collect();
    assert_eq!(step.text(&g, &hex), "hidden single in box 1: r2c3=F");
    // One more place for G in the box: no single.
    grid = open(&g);
    remove(
        &mut grid,
        g.house(32)
            .cells
            .iter()
            .copied()
            .filter(|&c| c != target && c != 0),
        16,
    );
    assert!(first(Technique::HiddenSingle, &grid).is_none());
}

#[test]
fn naked_single_on_6x6() {
    let g = shape(6, "");
    let mut grid = open(&g);
    keep_only(&mut grid, cell(6, 2, 2), &[5]);
    assert_eq!(
        texts(Technique::NakedSingle, &grid),
        ["naked single: r2c2=5"]
    );
    keep_only(&mut grid, cell(6, 3, 3), &[1, 2]);
    assert_eq!(all(Technique::NakedSingle, &grid).len(), 1);
}

#[test]
fn diagonal_and_box_intersections_on_x() {
    let g = shape(9, "x");
    let d1 = 27; // the first diagonal, after 27 rows, columns and boxes
    assert_eq!(g.house(d1).name(), "d1");
    // 3 on diagonal 1 only in box 1: claiming, 3 leaves the rest of box 1.
    let mut grid = open(&g);
    remove(
        &mut grid,
        g.house(d1).cells.iter().copied().filter(|&c| c > 20),
        3,
    );
    let steps = all(Technique::Claiming, &grid);
    let step = steps
        .iter()
        .find(|s| s.evidence.houses == [d1])
        .expect("a diagonal-box claiming step");
    assert_eq!(step.evidence.cover, [18]);
    let expected: Vec<(usize, u8)> = [1, 2, 9, 11, 18, 19].iter().map(|&c| (c, 3)).collect();
    assert_eq!(elims(step), expected);
    assert!(
        step.text(&g, &default_symbols(9))
            .starts_with("locked candidates (claiming) 3 in d1 / b1 (r1c1,r2c2,r3c3):")
    );
    // 3 in box 5 only on the diagonal: pointing, 3 leaves the rest of the diagonal.
    let mut grid = open(&g);
    remove(
        &mut grid,
        g.house(22)
            .cells
            .iter()
            .copied()
            .filter(|&c| ![30, 40, 50].contains(&c)),
        3,
    );
    let step = all(Technique::Pointing, &grid)
        .into_iter()
        .find(|s| s.evidence.cover == [d1])
        .expect("a box-diagonal pointing step");
    let expected: Vec<(usize, u8)> = [0, 10, 20, 60, 70, 80].iter().map(|&c| (c, 3)).collect();
    assert_eq!(elims(&step), expected);
    // Without the x rule the diagonal is no house: no step acts on it.
    let plain = shape(9, "");
    let mut grid = open(&plain);
    remove(
        &mut grid,
        plain
            .house(22)
            .cells
            .iter()
            .copied()
            .filter(|&c| ![30, 40, 50].contains(&c)),
        3,
    );
    assert!(all(Technique::Pointing, &grid).is_empty());
}

#[test]
fn region_line_intersection_on_a_jigsaw() {
    // 4x4: regions a = r1c1-3 + r4c4? Use rows shifted: region of cell i is (i + 1) / 4 % 4.
    let labels: Vec<char> = (0..16)
        .map(|i| char::from(b'a' + ((i + 1) / 4 % 4) as u8))
        .collect();
    let g = Geometry::new(4).unwrap().with_regions(&labels).unwrap();
    // Region b = r1c4, r2c1, r2c2, r2c3. Digit 2 in row 2 only in region b (r2c1..r2c3):
    // claiming; nothing to remove: r1c4 is a candidate, so it goes.
    let mut grid = open(&g);
    grid.eliminate(cell(4, 2, 4), 2);
    let steps = all(Technique::Claiming, &grid);
    assert!(
        steps.iter().any(|s| elims(s) == [(cell(4, 1, 4), 2)]),
        "{:?}",
        steps
    );
}

#[test]
fn locked_and_naked_pairs() {
    let g = shape(9, "");
    let mut grid = open(&g);
    keep_only(&mut grid, 0, &[1, 2]);
    keep_only(&mut grid, 1, &[1, 2]);
    let locked = all(Technique::LockedPair, &grid);
    assert_eq!(locked.len(), 1);
    assert_eq!(locked[0].evidence.houses, [18, 0]);
    assert_eq!(locked[0].eliminations.len(), 2 * (7 + 6));
    assert!(all(Technique::NakedPair, &grid).is_empty());
    // Cells in one row and different boxes: a naked pair; on an anti-knight grid the
    // knight's-move cell both see (r2c3) loses the digits too.
    for (variant, extra) in [("", false), ("anti-knight", true)] {
        let g = shape(9, variant);
        let mut grid = open(&g);
        keep_only(&mut grid, 0, &[1, 2]);
        keep_only(&mut grid, 4, &[1, 2]);
        let steps = all(Technique::NakedPair, &grid);
        assert_eq!(steps.len(), 1, "{variant}");
        let e = elims(&steps[0]);
        assert_eq!(e.contains(&(11, 1)), extra, "{variant}");
        assert!(e.contains(&(8, 2)) && !e.contains(&(9, 1)));
        assert!(all(Technique::LockedPair, &grid).is_empty());
    }
}

#[test]
fn naked_triples_and_quads() {
    let g = shape(12, "");
    let mut grid = open(&g);
    for (c, ds) in [(0, &[1, 2][..]), (4, &[2, 3]), (8, &[1, 3])] {
        keep_only(&mut grid, c, ds);
    }
    let steps = all(Technique::NakedTriple, &grid);
    assert_eq!(steps.len(), 1);
    assert_eq!(steps[0].evidence.cells, [0, 4, 8]);
    assert_eq!(steps[0].eliminations.len(), 3 * 9);
    assert!(all(Technique::NakedQuad, &grid).is_empty());
    keep_only(&mut grid, 11, &[1, 4]);
    let steps = all(Technique::NakedQuad, &grid);
    assert!(steps.iter().any(|s| s.evidence.cells == [0, 4, 8, 11]));
}

#[test]
fn hidden_pairs_triples_and_quads_on_12x12() {
    let g = shape(12, "");
    for (t, places) in [
        (Technique::HiddenPair, &[3, 7][..]),
        (Technique::HiddenTriple, &[1, 5, 10]),
        (Technique::HiddenQuad, &[0, 2, 6, 11]),
    ] {
        let k = places.len() as u8;
        let mut grid = open(&g);
        for d in 1..=k {
            remove(&mut grid, (0..12).filter(|c| !places.contains(c)), d);
        }
        let steps = all(t, &grid);
        let step = steps
            .iter()
            .find(|s| s.evidence.houses == [0])
            .unwrap_or_else(|| panic!("{t:?}: {steps:?}"));
        assert_eq!(step.evidence.cells, places);
        assert_eq!(step.eliminations.len(), places.len() * (12 - places.len()));
        assert!(step.eliminations.iter().all(|e| e.digit > k));
        // One digit with a place outside: no subset of this size in row 1.
        let mut grid = open(&g);
        for d in 1..=k {
            remove(
                &mut grid,
                (0..12).filter(|c| !places.contains(c) && *c != 4 && *c != 8),
                d,
            );
        }
        assert!(
            all(t, &grid).iter().all(|s| s.evidence.houses != [0]),
            "{t:?}"
        );
    }
}

#[test]
fn basic_fish_on_10x10_and_16x16() {
    // X-Wing on 7 in rows 1 and 6, columns 3 and 9.
    let g = shape(10, "");
    let mut grid = open(&g);
    for r in [0, 5] {
        remove(
            &mut grid,
            (0..10).filter(|&c| c != 2 && c != 8).map(|c| r * 10 + c),
            7,
        );
    }
    let steps = all(Technique::XWing, &grid);
    let step = steps.iter().find(|s| s.evidence.houses == [0, 5]).unwrap();
    assert_eq!(step.evidence.cover, [12, 18]);
    assert_eq!(step.eliminations.len(), 16);
    assert!(
        step.text(&g, &default_symbols(10))
            .starts_with("x-wing 7 in r1,r6 / c3,c9")
    );
    // A third column in one of the rows: no X-Wing on those rows.
    grid = open(&g);
    for r in [0, 5] {
        remove(
            &mut grid,
            (0..10)
                .filter(|&c| c != 2 && c != 8 && (r == 0 || c != 4))
                .map(|c| r * 10 + c),
            7,
        );
    }
    assert!(
        all(Technique::XWing, &grid)
            .iter()
            .all(|s| s.evidence.houses != [0, 5])
    );
    // Swordfish and Jellyfish on 16x16, in columns.
    let g = shape(16, "");
    for (t, cols, rows) in [
        (Technique::Swordfish, &[1, 6, 11][..], &[0, 7, 14][..]),
        (Technique::Jellyfish, &[2, 5, 9, 15], &[1, 4, 8, 13]),
    ] {
        let mut grid = open(&g);
        for &c in cols {
            remove(
                &mut grid,
                (0..16).filter(|r| !rows.contains(r)).map(|r| r * 16 + c),
                11,
            );
        }
        // A missing corner keeps it a fish of the same size.
        grid.eliminate(rows[0] * 16 + cols[0], 11);
        let steps = all(t, &grid);
        let step = steps
            .iter()
            .find(|s| s.evidence.houses == cols.iter().map(|c| 16 + c).collect::<Vec<_>>())
            .unwrap_or_else(|| panic!("{t:?}"));
        assert_eq!(step.eliminations.len(), rows.len() * (16 - cols.len()));
        assert!(
            step.eliminations
                .iter()
                .all(|e| e.digit == 11 && rows.contains(&(e.cell / 16)))
        );
        assert!(step.text(&g, &default_symbols(16)).contains(" B in c"));
        assert!(first(t, &open(&g)).is_none());
    }
}

#[test]
fn x_chain_on_6x6() {
    let g = shape(6, "");
    let mut grid = open(&g);
    // 1 in row 1 only at c1, c4; in row 3 only at c1, c5: a chain r1c4=r1c1-r3c1=r3c5.
    remove(&mut grid, [1, 2, 4, 5], 1);
    remove(&mut grid, [13, 14, 15, 17], 1);
    let steps = all(Technique::XChain, &grid);
    let step = steps
        .iter()
        .find(|s| s.eliminations.contains(&Candidate::new(cell(6, 2, 5), 1)))
        .expect("an x-chain removing 1 from r2c5");
    assert!(step.evidence.chains[0].len() >= 3);
    // The chain's ends both see every victim.
    let chain = &step.evidence.chains[0];
    let (s, e) = (chain[0].from.cell, chain[chain.len() - 1].to.cell);
    assert!(
        step.eliminations
            .iter()
            .all(|v| g.sees(v.cell, s) && g.sees(v.cell, e))
    );
    // One link broken (a third place in row 3): no chain.
    grid.eliminate(cell(6, 3, 4), 1);
    let mut broken = open(&g);
    remove(&mut broken, [1, 2, 4, 5], 1);
    remove(&mut broken, [13, 14, 17], 1);
    assert!(all(Technique::XChain, &broken).is_empty());
}

#[test]
fn xy_chain_and_aic_on_8x8() {
    let g = shape(8, "");
    let mut grid = open(&g);
    // r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,1}: 1 leaves r5c1.
    keep_only(&mut grid, cell(8, 1, 1), &[1, 2]);
    keep_only(&mut grid, cell(8, 1, 5), &[2, 3]);
    keep_only(&mut grid, cell(8, 5, 5), &[3, 1]);
    let steps = all(Technique::XYChain, &grid);
    assert_eq!(steps.len(), 1, "{steps:?}");
    assert_eq!(elims(&steps[0]), [(cell(8, 5, 1), 1)]);
    assert_eq!(
        steps[0].text(&g, &default_symbols(8)),
        "xy-chain 1/2/3: 1r1c1=2r1c1-2r1c5=3r1c5-3r5c5=1r5c5: r5c1<>1"
    );
    let aic = all(Technique::Aic, &grid);
    assert!(aic.iter().any(|s| elims(s) == [(cell(8, 5, 1), 1)]));
    // The middle cell with a third digit: no XY-chain.
    let mut grid = open(&g);
    keep_only(&mut grid, cell(8, 1, 1), &[1, 2]);
    keep_only(&mut grid, cell(8, 1, 5), &[2, 3, 4]);
    keep_only(&mut grid, cell(8, 5, 5), &[3, 1]);
    assert!(all(Technique::XYChain, &grid).is_empty());
}

#[test]
fn aic_uses_house_and_cell_links_together() {
    let g = shape(6, "");
    let mut grid = open(&g);
    // 4 in row 1 only at c1 and c6 (strong), r1c6 {4,5} (strong), 5 in column 6 only at
    // r1c6 and r4c6 (strong): 4r1c1 or 5r4c6, so r4c1 loses 4 and 5? No: different digits,
    // and r1c1 and r4c6 do not see each other; r4c1 sees both, no elimination by digit.
    // Chain 4r1c1=4r1c6-... Make r4c6 see r1c1 instead: 5 in column 1: r1c1 {4,5}.
    remove(&mut grid, [1, 2, 3, 4], 4);
    keep_only(&mut grid, 5, &[4, 5]);
    remove(&mut grid, [11, 17, 29, 35], 5);
    // Now 4r1c1 = 4r1c6 - 5... : off 4r1c1 => on 4r1c6 => off 5r1c6 => on 5r4c6 (column 6
    // has 5 only at r1c6, r4c6). 4r1c1 or 5r4c6: r1c1 and r4c6 do not see each other,
    // so no elimination from that chain; the finder must stay sound and report only what
    // follows.
    for step in all(Technique::Aic, &grid) {
        let chain = &step.evidence.chains[0];
        assert!(chain.len() >= 3);
        assert!(chain.windows(2).all(|w| w[0].to == w[1].from));
        let s = chain[0].from;
        let e = chain[chain.len() - 1].to;
        for v in &step.eliminations {
            let ok = if s.digit == e.digit {
                v.digit == s.digit && g.sees(v.cell, s.cell) && g.sees(v.cell, e.cell)
            } else if s.cell == e.cell {
                v.cell == s.cell
            } else {
                g.sees(s.cell, e.cell)
                    && (*v == Candidate::new(e.cell, s.digit)
                        || *v == Candidate::new(s.cell, e.digit))
            };
            assert!(ok, "{}", step.text(&g, &default_symbols(6)));
        }
    }
}

#[test]
fn a_hint_and_an_explanation_with_what_is_off() {
    // A 4x4 puzzle: singles solve it.
    let g = shape(4, "");
    let puzzle = [1, 0, 3, 0, 0, 4, 0, 2, 2, 0, 4, 0, 0, 3, 0, 1];
    let grid = GeneralGrid::new(&g, &puzzle).unwrap();
    let ladder = GeneralLadder::default();
    assert!(ladder.next_step(&grid).is_some());
    let x = explain(grid, &ladder, None);
    assert!(x.steps.iter().all(|s| s.technique.is_single()));
    assert_eq!(x.end, SolveEnd::Solved);
    assert_eq!(
        x.grid.values(),
        [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    );
    assert_eq!(x.steps.len(), 8);
    let off = ladder.off_text();
    for family in ["uniqueness", "wings", "forcing", "als"] {
        assert!(off.contains(family), "{off}");
    }
    let named = |name: &str| off.split(", ").any(|t| t == name);
    assert!(named("finned x-wing") && !named("aic") && !off.contains("singles"));
    // A ladder of singles only has nothing off.
    let singles = GeneralLadder::from_ladder(&Ladder::from_list("singles").unwrap());
    assert_eq!(singles.off_text(), "");
    // Givens that break a rule are refused with their place.
    let bad = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!(
        GeneralGrid::new(&g, &bad).unwrap_err().to_string(),
        "r1c2: digit 1 is already in a cell it sees"
    );
    assert!(GeneralGrid::new(&g, &[5; 16]).is_err());
    assert!(GeneralGrid::new(&g, &[0; 15]).is_err());
}

#[test]
fn json_of_a_16x16_step() {
    let g = shape(16, "");
    let mut grid = open(&g);
    let target = cell(16, 10, 12);
    remove(
        &mut grid,
        (0..16).map(|c| 9 * 16 + c).filter(|&c| c != target),
        7,
    );
    let step = first(Technique::HiddenSingle, &grid).unwrap();
    let mut out = Vec::new();
    step.write_json(&mut out, &g, &default_symbols(16));
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("{\"technique\":\"0002\",\"name\":\"hidden single\",\"text\":\"hidden single in row 10: r10c12=7\""), "{text}");
    assert!(text.contains("\"placements\":[[10,12,7]]"));
    assert!(text.contains("\"houses\":[\"r10\"]"));
}

#[test]
fn marks_picture_and_line() {
    let g = shape(4, "");
    let grid = GeneralGrid::new(&g, &[1, 2, 3, 4, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    let mut s = String::new();
    grid.write_marks(&mut s, &default_symbols(4));
    let first_lines: Vec<&str> = s.lines().take(3).collect();
    // Columns as wide as their widest cell (24, 13, 124, 123 in the last rows).
    assert_eq!(first_lines[0], "1  2  | 3   4");
    assert_eq!(first_lines[1], "3  4  | 12  12");
    assert_eq!(first_lines[2], "------+--------");
    assert!(
        grid.to_marks_line(&default_symbols(4))
            .starts_with("123434{12}{12}{24}{13}")
    );
}
