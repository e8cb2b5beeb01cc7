//! The general logic engine (`sudoku::logic::general`) on grids of every shape: every step it
//! takes, and every step each of its finders reports along the way, checked against the
//! puzzle's one solution; each finder on a position where it must fire and one where it must
//! not; the written forms.
//!
//! The puzzles are made here: a solved grid (a pattern for boxed grids, a random fill by the
//! test's own solver for the variants and jigsaws), holes dug while the test's own solver
//! finds one solution. That solver and the rules it checks are written from the rules'
//! definitions (rows, columns, regions, diagonals, windows, knight and king moves), not from
//! the library's geometry or solvers.

use std::ops::ControlFlow;

use sudoku::geometry::{Geometry, Variants};
use sudoku::logic::general::{self, GeneralGrid, GeneralLadder, GeneralStep, default_symbols};
use sudoku::logic::{SolveEnd, Technique};

// ---------------------------------------------------------------------------------------------
// The test's own rules and solver.

/// The rules of a grid, from their definitions.
struct Rules {
    n: usize,
    /// The region (box or jigsaw piece) of each cell.
    region: Vec<usize>,
    x: bool,
    hyper: bool,
    knight: bool,
    king: bool,
    /// Each cell's peers, from `conflict`.
    peers: Vec<Vec<usize>>,
}

impl Rules {
    fn new(n: usize, region: Vec<usize>, variants: &str) -> Rules {
        let mut r = Rules {
            n,
            region,
            x: variants.contains("x"),
            hyper: variants.contains("hyper"),
            knight: variants.contains("knight"),
            king: variants.contains("king"),
            peers: Vec::new(),
        };
        r.peers = (0..n * n)
            .map(|a| (0..n * n).filter(|&b| r.conflict(a, b)).collect())
            .collect();
        r
    }

    fn boxed(n: usize, rows: usize, cols: usize, variants: &str) -> Rules {
        let region = (0..n * n)
            .map(|c| (c / n / rows) * rows + (c % n) / cols)
            .collect();
        Rules::new(n, region, variants)
    }

    fn window(&self, r: usize, c: usize) -> Option<usize> {
        let w = |x: usize| match x {
            1..=3 => Some(0),
            5..=7 => Some(1),
            _ => None,
        };
        Some(w(r)? * 2 + w(c)?)
    }

    /// Whether two different cells may not hold the same digit.
    fn conflict(&self, a: usize, b: usize) -> bool {
        if a == b {
            return false;
        }
        let n = self.n;
        let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
        let (dr, dc) = (ra.abs_diff(rb), ca.abs_diff(cb));
        ra == rb
            || ca == cb
            || self.region[a] == self.region[b]
            || (self.x && ra == ca && rb == cb)
            || (self.x && ra + ca == n - 1 && rb + cb == n - 1)
            || (self.hyper
                && self.window(ra, ca).is_some()
                && self.window(ra, ca) == self.window(rb, cb))
            || (self.knight && ((dr == 1 && dc == 2) || (dr == 2 && dc == 1)))
            || (self.king && dr == 1 && dc == 1)
    }

    /// Whether `grid` is full and breaks no rule.
    fn is_solution(&self, grid: &[u8]) -> bool {
        grid.iter().all(|&v| v >= 1 && usize::from(v) <= self.n)
            && (0..grid.len()).all(|a| self.peers[a].iter().all(|&b| grid[a] != grid[b]))
    }

    /// The digits `cell` may hold.
    fn allowed(&self, grid: &[u8], cell: usize) -> u32 {
        let mut m = (1u32 << self.n) - 1;
        for &p in &self.peers[cell] {
            if grid[p] != 0 {
                m &= !(1 << (grid[p] - 1));
            }
        }
        m
    }

    /// Counts solutions up to `limit`, keeping the first in `first`. With `rng`, digits are
    /// tried in a random order (to fill an empty grid at random).
    fn count(
        &self,
        grid: &mut Vec<u8>,
        limit: usize,
        first: &mut Option<Vec<u8>>,
        rng: &mut Option<Rng>,
    ) -> usize {
        // The open cell with the fewest digits allowed.
        let mut best: Option<(usize, u32)> = None;
        for cell in 0..grid.len() {
            if grid[cell] != 0 {
                continue;
            }
            let m = self.allowed(grid, cell);
            if best.is_none_or(|(_, b)| m.count_ones() < b.count_ones()) {
                best = Some((cell, m));
                if m.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, mask)) = best else {
            if first.is_none() {
                *first = Some(grid.clone());
            }
            return 1;
        };
        let mut digits: Vec<u8> = (1..=self.n as u8)
            .filter(|d| mask >> (d - 1) & 1 != 0)
            .collect();
        if let Some(rng) = rng {
            rng.shuffle(&mut digits);
        }
        let mut found = 0;
        for d in digits {
            grid[cell] = d;
            found += self.count(grid, limit - found, first, rng);
            grid[cell] = 0;
            if found >= limit {
                break;
            }
        }
        found
    }

    fn solutions(&self, puzzle: &[u8], limit: usize) -> (usize, Option<Vec<u8>>) {
        let mut first = None;
        let mut grid = puzzle.to_vec();
        let n = self.count(&mut grid, limit, &mut first, &mut None);
        (n, first)
    }

    fn random_solution(&self, rng: Rng) -> Vec<u8> {
        let mut first = None;
        let mut grid = vec![0; self.n * self.n];
        self.count(&mut grid, 1, &mut first, &mut Some(rng));
        let solution = first.expect("the rules admit a solution");
        assert!(self.is_solution(&solution));
        solution
    }

    /// A puzzle of `solution` with one solution: holes dug in a random order while the
    /// puzzle stays unique, at most `holes` of them.
    fn dig(&self, solution: &[u8], holes: usize, rng: &mut Rng) -> Vec<u8> {
        let mut puzzle = solution.to_vec();
        let mut order: Vec<usize> = (0..puzzle.len()).collect();
        rng.shuffle(&mut order);
        let mut dug = 0;
        for cell in order {
            if dug == holes {
                break;
            }
            let keep = puzzle[cell];
            puzzle[cell] = 0;
            if self.solutions(&puzzle, 2).0 == 1 {
                dug += 1;
            } else {
                puzzle[cell] = keep;
            }
        }
        puzzle
    }
}

/// xorshift64: a small seeded generator for the tests.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// A solved boxed grid from the shifting pattern, its digits, bands, stacks and the rows
/// and columns inside them shuffled (each keeps the grid valid).
fn pattern_solution(n: usize, rows: usize, cols: usize, rng: &mut Rng) -> Vec<u8> {
    let base = |r: usize, c: usize| (cols * (r % rows) + r / rows + c) % n;
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    // Rows: bands of `rows` rows; columns: stacks of `cols` columns.
    let shuffled = |count: usize, size: usize, rng: &mut Rng| -> Vec<usize> {
        let mut groups: Vec<usize> = (0..count / size).collect();
        rng.shuffle(&mut groups);
        let mut out = Vec::new();
        for g in groups {
            let mut inner: Vec<usize> = (0..size).collect();
            rng.shuffle(&mut inner);
            out.extend(inner.into_iter().map(|i| g * size + i));
        }
        out
    };
    let row_order = shuffled(n, rows, rng);
    let col_order = shuffled(n, cols, rng);
    (0..n * n)
        .map(|cell| digits[base(row_order[cell / n], col_order[cell % n])])
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Soundness.

/// What a run of the engine did over a set of puzzles.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    solved: usize,
    steps: usize,
    /// Steps reported by any finder at positions where no single applied, all checked.
    checked: usize,
    used: Vec<Technique>,
}

/// Whether a step agrees with the solution: no placement differs, no elimination removes
/// the solution's digit.
fn agrees(step: &GeneralStep, solution: &[u8]) -> bool {
    step.placements.iter().all(|p| solution[p.cell] == p.digit)
        && step
            .eliminations
            .iter()
            .all(|e| solution[e.cell] != e.digit)
}

/// Solves `puzzle` with the engine, checking every step and, where no single applies, every
/// step of every technique (`deep`: the chains too) against `solution`.
fn check_puzzle(
    geometry: &Geometry,
    puzzle: &[u8],
    solution: &[u8],
    deep: bool,
    tally: &mut Tally,
) {
    let mut grid = GeneralGrid::new(geometry, puzzle).expect("a valid puzzle");
    let ladder = GeneralLadder::default();
    let symbols = default_symbols(geometry.size());
    let end = general::solve(&mut grid, &ladder, None, |before, step| {
        // The grid never loses the solution.
        for cell in before.open().iter() {
            assert!(
                before.has(cell, solution[cell]),
                "cell {cell} lost its solution digit before {}",
                step.text(geometry, &symbols)
            );
        }
        assert!(
            agrees(step, solution),
            "unsound step: {}",
            step.text(geometry, &symbols)
        );
        assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
        if !step.technique.is_single() {
            for &t in ladder.techniques() {
                if !deep && t.family() == sudoku::logic::Family::Chains {
                    continue;
                }
                let _ = general::find(t, before, &mut |s| {
                    assert_eq!(s.technique, t);
                    assert!(
                        agrees(&s, solution),
                        "unsound: {}",
                        s.text(geometry, &symbols)
                    );
                    tally.checked += 1;
                    ControlFlow::Continue(())
                });
            }
        }
        if !tally.used.contains(&step.technique) {
            tally.used.push(step.technique);
        }
        tally.steps += 1;
        ControlFlow::Continue(())
    });
    tally.puzzles += 1;
    if end == SolveEnd::Solved {
        assert_eq!(grid.values(), solution);
        tally.solved += 1;
    } else {
        assert_eq!(end, SolveEnd::Stuck);
        // Stuck: the position still holds the solution.
        for (cell, &digit) in solution.iter().enumerate() {
            let v = grid.value(cell);
            assert!(v == digit || (v == 0 && grid.has(cell, digit)));
        }
    }
}

/// Puzzles of a boxed shape, checked.
fn boxed_suite(
    n: usize,
    rows: usize,
    cols: usize,
    count: usize,
    holes: usize,
    deep: bool,
) -> Tally {
    let geometry = Geometry::with_box(n, rows, cols).unwrap();
    let rules = Rules::boxed(n, rows, cols, "");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (n as u64 * 1000 + rows as u64));
    let mut tally = Tally::default();
    for _ in 0..count {
        let solution = pattern_solution(n, rows, cols, &mut rng);
        assert!(rules.is_solution(&solution));
        let puzzle = rules.dig(&solution, holes, &mut rng);
        check_puzzle(&geometry, &puzzle, &solution, deep, &mut tally);
    }
    tally
}

/// Puzzles of a 9×9 variant or jigsaw, checked.
fn variant_suite(
    geometry: &Geometry,
    rules: &Rules,
    count: usize,
    holes: usize,
    seed: u64,
) -> Tally {
    let mut rng = Rng(seed);
    let mut tally = Tally::default();
    for _ in 0..count {
        let solution = rules.random_solution(Rng(rng.next() | 1));
        let puzzle = rules.dig(&solution, holes, &mut rng);
        check_puzzle(geometry, &puzzle, &solution, true, &mut tally);
    }
    tally
}

fn summary(name: &str, t: &Tally) {
    let used: Vec<&str> = t.used.iter().map(|t| t.name()).collect();
    eprintln!(
        "{name}: {} puzzles, {} solved, {} steps, {} finder steps checked; used: {}",
        t.puzzles,
        t.solved,
        t.steps,
        t.checked,
        used.join(", ")
    );
}

#[test]
fn every_step_agrees_with_the_solution_on_small_boxed_grids() {
    for (n, rows, cols) in [(4, 2, 2), (6, 2, 3), (6, 3, 2), (8, 2, 4), (10, 2, 5)] {
        let t = boxed_suite(n, rows, cols, 12, usize::MAX, true);
        summary(&format!("{n}x{n} {rows}x{cols}"), &t);
        assert_eq!(t.puzzles, 12);
        assert!(t.steps > 0);
    }
}

#[test]
fn every_step_agrees_with_the_solution_on_classic_shaped_9x9() {
    let t = boxed_suite(9, 3, 3, 25, usize::MAX, true);
    summary("9x9", &t);
    // Minimal 9×9 puzzles need more than singles now and then: the finders are exercised.
    assert!(t.checked > 0, "no position needed more than singles");
    assert!(t.used.len() > 3);
}

#[test]
fn every_step_agrees_with_the_solution_on_large_boxed_grids() {
    let t = boxed_suite(12, 3, 4, 3, 85, false);
    summary("12x12", &t);
    let t = boxed_suite(16, 4, 4, 2, 150, false);
    summary("16x16", &t);
    assert_eq!(t.puzzles, 2);
}

#[test]
fn every_step_agrees_with_the_solution_on_9x9_variants() {
    for (i, list) in ["x", "hyper", "anti-knight", "anti-king", "x,anti-knight"]
        .into_iter()
        .enumerate()
    {
        let geometry = Geometry::classic()
            .with_variants(Variants::parse(list).unwrap())
            .unwrap();
        let rules = Rules::boxed(9, 3, 3, list);
        // Minimal anti-knight puzzles have few clues and stump logic at once: fewer holes.
        let holes = if list.contains("knight") {
            50
        } else {
            usize::MAX
        };
        let t = variant_suite(&geometry, &rules, 3, holes, 0x1234_5678 + i as u64);
        summary(list, &t);
        assert_eq!(t.puzzles, 3);
    }
}

/// Jigsaw regions that `solution` fits: the 3×3 boxes, with cells of equal digits swapped
/// between pairs of boxes (each region keeps nine cells and nine different digits).
fn jigsaw_regions(solution: &[u8], rng: &mut Rng) -> Vec<usize> {
    let mut region: Vec<usize> = (0..81).map(|c| (c / 9 / 3) * 3 + (c % 9) / 3).collect();
    let mut moved = [false; 81];
    for (a, b) in [
        (0, 1),
        (1, 2),
        (3, 4),
        (4, 5),
        (6, 7),
        (7, 8),
        (0, 3),
        (4, 7),
        (2, 5),
    ] {
        let pairs: Vec<(usize, usize)> = (0..81)
            .filter(|&x| region[x] == a && !moved[x])
            .flat_map(|x| (0..81).map(move |y| (x, y)))
            .filter(|&(x, y)| region[y] == b && !moved[y] && solution[x] == solution[y])
            .collect();
        let (x, y) = pairs[rng.below(pairs.len())];
        region.swap(x, y);
        moved[x] = true;
        moved[y] = true;
    }
    region
}

fn jigsaw_suite(variants: &str, count: usize, holes: usize, seed: u64) -> Tally {
    let mut rng = Rng(seed);
    let mut tally = Tally::default();
    let boxed = Rules::boxed(9, 3, 3, variants);
    for _ in 0..count {
        let solution = boxed.random_solution(Rng(rng.next() | 1));
        let region = jigsaw_regions(&solution, &mut rng);
        let rules = Rules::new(9, region.clone(), variants);
        assert!(rules.is_solution(&solution));
        let labels: Vec<char> = region.iter().map(|&r| char::from(b'a' + r as u8)).collect();
        let geometry = Geometry::new(9)
            .unwrap()
            .with_regions(&labels)
            .unwrap()
            .with_variants(Variants::parse(variants).unwrap())
            .unwrap();
        assert!(geometry.is_jigsaw());
        let puzzle = rules.dig(&solution, holes, &mut rng);
        check_puzzle(&geometry, &puzzle, &solution, true, &mut tally);
    }
    tally
}

#[test]
fn every_step_agrees_with_the_solution_on_jigsaw_9x9() {
    let t = jigsaw_suite("", 6, 52, 0xfeed);
    summary("jigsaw", &t);
    assert_eq!(t.puzzles, 6);
    let t = jigsaw_suite("x", 3, 50, 0xbeef);
    summary("jigsaw x", &t);
}

/// Prints the 16×16 puzzles `cli_general_logic.rs` embeds (and the timing in the README
/// used): `cargo test --test general_logic print_16x16 -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_16x16_puzzles() {
    let rules = Rules::boxed(16, 4, 4, "");
    let mut rng = Rng(0x5eed_1616);
    let symbols = default_symbols(16);
    for _ in 0..6 {
        let solution = pattern_solution(16, 4, 4, &mut rng);
        let puzzle = rules.dig(&solution, 150, &mut rng);
        let line: String = puzzle
            .iter()
            .map(|&v| {
                if v == 0 {
                    '.'
                } else {
                    symbols[usize::from(v) - 1]
                }
            })
            .collect();
        println!("{line}");
    }
}
