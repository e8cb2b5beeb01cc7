//! The general search and generator, checked by code that does not share theirs: a rules
//! checker written here from the geometry's houses and moves (not its peer lists), and a
//! plain backtracking counter for small grids.

use std::ops::ControlFlow;

use sudoku::generate::Symmetry;
use sudoku::geometry::{Geometry, Variants};
use sudoku::solver::general::{Options, Solver};
use sudoku::variant::generate::{self, orbits, stream};
use sudoku::variant::{Puzzle, Spec, parse_regions};

/// Whether `grid` is complete, keeps `givens`, and breaks no rule: every house holds every
/// value once, and no two equal values are a forbidden knight or king move apart.
fn obeys(g: &Geometry, givens: &[u8], grid: &[u8]) -> bool {
    let n = g.size();
    if grid.len() != n * n || grid.iter().any(|&v| v == 0 || usize::from(v) > n) {
        return false;
    }
    if givens.iter().zip(grid).any(|(&a, &b)| a != 0 && a != b) {
        return false;
    }
    for h in g.houses() {
        let mut seen = vec![false; n + 1];
        for &c in &h.cells {
            if std::mem::replace(&mut seen[usize::from(grid[c])], true) {
                return false;
            }
        }
    }
    let v = g.variants();
    let mut moves: Vec<(i64, i64)> = Vec::new();
    if v.anti_knight {
        for (a, b) in [(1, 2), (2, 1)] {
            for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                moves.push((a * sa, b * sb));
            }
        }
    }
    if v.anti_king {
        moves.extend([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
    }
    let n = n as i64;
    for r in 0..n {
        for c in 0..n {
            for &(dr, dc) in &moves {
                let (r2, c2) = (r + dr, c + dc);
                if (0..n).contains(&r2)
                    && (0..n).contains(&c2)
                    && grid[(r * n + c) as usize] == grid[(r2 * n + c2) as usize]
                {
                    return false;
                }
            }
        }
    }
    true
}

/// Counts solutions by filling cells in order, trying every value and checking the whole
/// grid's rules on the cells filled so far (slow, simple, small grids only).
fn brute_count(g: &Geometry, givens: &[u8], limit: u64) -> u64 {
    fn ok_so_far(g: &Geometry, grid: &[u8], cell: usize) -> bool {
        let v = grid[cell];
        (0..g.cells()).all(|o| o == cell || grid[o] != v || !conflict(g, cell, o))
    }
    fn conflict(g: &Geometry, a: usize, b: usize) -> bool {
        if g.houses()
            .iter()
            .any(|h| h.cells.contains(&a) && h.cells.contains(&b))
        {
            return true;
        }
        let n = g.size() as i64;
        let (dr, dc) = (
            (a as i64 / n - b as i64 / n).abs(),
            (a as i64 % n - b as i64 % n).abs(),
        );
        let v = g.variants();
        v.anti_knight && matches!((dr, dc), (1, 2) | (2, 1)) || v.anti_king && (dr, dc) == (1, 1)
    }
    fn go(
        g: &Geometry,
        grid: &mut Vec<u8>,
        givens: &[u8],
        cell: usize,
        count: &mut u64,
        limit: u64,
    ) {
        if *count >= limit {
            return;
        }
        if cell == grid.len() {
            *count += 1;
            return;
        }
        if givens[cell] != 0 {
            go(g, grid, givens, cell + 1, count, limit);
            return;
        }
        for v in 1..=g.size() as u8 {
            grid[cell] = v;
            if ok_so_far(g, grid, cell) {
                go(g, grid, givens, cell + 1, count, limit);
            }
        }
        grid[cell] = 0;
    }
    let mut grid = givens.to_vec();
    // Givens that clash have no solution.
    for c in 0..grid.len() {
        if grid[c] != 0 && !ok_so_far(g, &grid, c) {
            return 0;
        }
    }
    let mut count = 0;
    go(g, &mut grid, givens, 0, &mut count, limit);
    count
}

fn geometries() -> Vec<Geometry> {
    let v = |s: &str| Variants::parse(s).unwrap();
    let four = Geometry::new(4).unwrap();
    let six = Geometry::new(6).unwrap();
    vec![
        four.clone(),
        four.with_variants(v("x")).unwrap(),
        four.with_regions(&"aabbaabbcdddccdc".chars().collect::<Vec<_>>())
            .unwrap(),
        six.clone(),
        Geometry::with_box(6, 3, 2).unwrap(),
        six.with_variants(v("x")).unwrap(),
        six.with_variants(v("anti-king")).unwrap(),
    ]
}

/// Random sparse puzzles from the pattern of a stream: a few givens from a random grid.
fn sparse(g: &Geometry, solver: &Solver, seed: u64, keep: usize) -> Vec<u8> {
    let mut rng = stream(seed, 0);
    let grid = generate::random_grid(solver, &mut rng, &|| false).expect("a grid");
    let mut cells = vec![0; g.cells()];
    for _ in 0..keep {
        let c = rng.index(g.cells());
        cells[c] = grid[c];
    }
    cells
}

#[test]
fn counts_agree_with_plain_backtracking_on_small_grids() {
    for g in geometries() {
        let solver = Solver::new(&g);
        // The empty grid (limited) and sparse puzzles, some with many solutions.
        let empty = vec![0; g.cells()];
        let limit = 500;
        assert_eq!(
            solver.count(&empty, Some(limit)).0,
            brute_count(&g, &empty, limit),
            "empty {}x{}",
            g.size(),
            g.size()
        );
        for seed in 0..12 {
            let keep = if g.size() == 4 {
                2 + seed as usize % 4
            } else {
                8 + seed as usize
            };
            let cells = sparse(&g, &solver, seed, keep);
            let (count, complete) = solver.count(&cells, Some(limit));
            assert_eq!(count, brute_count(&g, &cells, limit), "{cells:?}");
            assert_eq!(complete, count < limit);
        }
        // A clash: no solution for either.
        let mut clash = vec![0; g.cells()];
        clash[0] = 1;
        clash[1] = 1;
        assert_eq!(solver.count(&clash, None), (0, true));
        assert_eq!(brute_count(&g, &clash, 10), 0);
    }
}

#[test]
fn every_solution_obeys_the_rules() {
    for g in geometries() {
        let solver = Solver::new(&g);
        let cells = sparse(&g, &solver, 99, g.size());
        let mut seen = 0;
        solver.search(&cells, Options::default(), |s| {
            assert!(obeys(&g, &cells, s));
            seen += 1;
            if seen == 200 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert!(seen > 0);
    }
}

#[test]
fn big_and_variant_grids_solve_to_valid_grids() {
    let v = |s: &str| Variants::parse(s).unwrap();
    let shapes = [
        Geometry::new(8).unwrap(),
        Geometry::new(9)
            .unwrap()
            .with_variants(v("x,hyper"))
            .unwrap(),
        Geometry::new(9)
            .unwrap()
            .with_variants(v("anti-knight"))
            .unwrap(),
        Geometry::new(10).unwrap(),
        Geometry::new(12).unwrap(),
        Geometry::new(15).unwrap(),
        Geometry::new(16).unwrap().with_variants(v("x")).unwrap(),
        Geometry::new(20).unwrap(),
        Geometry::new(25).unwrap(),
    ];
    for g in shapes {
        let solver = Solver::new(&g);
        let grid = generate::random_grid(&solver, &mut stream(3, 0), &|| false)
            .unwrap_or_else(|| panic!("a {}x{} grid", g.size(), g.size()));
        assert!(obeys(&g, &vec![0; g.cells()], &grid));
    }
}

#[test]
fn generated_puzzles_are_unique_by_plain_backtracking() {
    let spec = Spec::new(None, Variants::NONE, None, None);
    for (n, sym) in [
        (4, Symmetry::Rot180),
        (6, Symmetry::Mirror),
        (4, Symmetry::None),
    ] {
        let shape = spec.shape(n).unwrap();
        let solver = Solver::new(&shape.geometry);
        let options = generate::Options {
            symmetry: sym,
            minimal: true,
            max_clues: None,
            budget: None,
        };
        for i in 0..4 {
            let made =
                generate::make(&shape, &solver, &mut stream(5, i), &options, &|| false).unwrap();
            let g = &shape.geometry;
            assert_eq!(brute_count(g, made.puzzle.cells(), 2), 1);
            assert!(obeys(g, made.puzzle.cells(), made.solution.cells()));
            // The pattern keeps the symmetry.
            for group in orbits(sym, n) {
                let given = group
                    .iter()
                    .filter(|&&c| made.puzzle.cells()[c] != 0)
                    .count();
                assert!(given == 0 || given == group.len());
            }
        }
    }
}

#[test]
fn jigsaw_puzzles_read_and_solve() {
    let labels = parse_regions("aabbaabbcdddccdc").unwrap();
    let spec = Spec::new(None, Variants::NONE, Some(labels), None);
    let p = Puzzle::parse_line("1...............", &spec).unwrap();
    assert!(p.geometry().is_jigsaw());
    let solver = Solver::new(p.geometry());
    let (count, _) = solver.count(p.cells(), None);
    assert_eq!(count, brute_count(p.geometry(), p.cells(), u64::MAX));
}
