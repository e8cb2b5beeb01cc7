//! Canonical forms against a brute force written here, independently of the library: every
//! one of the 3,359,232 geometric transformations, each relabelled by first appearance, the
//! smallest string kept and the transformations reaching it counted. And invariance: the form
//! of a random equivalent of a puzzle (made here too) is the puzzle's form.

mod common;

use common::{Rng, blank_cells, cells, random_grid, shared_puzzles};
use sudoku::canon::{Canonicalizer, GEOMETRIC, Transform};
use sudoku::generate::{Generator, Options, Symmetry, SymmetryChoice};

/// The 1,296 orders of 9 lines that keep bands together.
fn line_orders() -> Vec<[usize; 9]> {
    let perms3: Vec<[usize; 3]> = vec![
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = Vec::new();
    for b in &perms3 {
        for x in &perms3 {
            for y in &perms3 {
                for z in &perms3 {
                    let within = [x, y, z];
                    out.push(std::array::from_fn(|i| b[i / 3] * 3 + within[i / 3][i % 3]));
                }
            }
        }
    }
    out
}

fn transposed(g: &[u8; 81]) -> [u8; 81] {
    std::array::from_fn(|i| g[(i % 9) * 9 + i / 9])
}

/// The minlex string and the number of geometric transformations reaching it, by trying them
/// all. A string is abandoned as soon as it is larger than the best (that cannot change the
/// answer).
fn brute_force(puzzle: &[u8; 81]) -> ([u8; 81], u32) {
    let orders = line_orders();
    let mut best = [u8::MAX; 81];
    let mut count = 0;
    for source in [*puzzle, transposed(puzzle)] {
        for rows in &orders {
            for cols in &orders {
                let mut labels = [0u8; 10];
                let mut next = 1;
                let mut candidate = [0u8; 81];
                let mut order = std::cmp::Ordering::Equal;
                for i in 0..81 {
                    let v = source[rows[i / 9] * 9 + cols[i % 9]] as usize;
                    let label = if v == 0 {
                        0
                    } else {
                        if labels[v] == 0 {
                            labels[v] = next;
                            next += 1;
                        }
                        labels[v]
                    };
                    candidate[i] = label;
                    if order == std::cmp::Ordering::Equal {
                        order = label.cmp(&best[i]);
                        if order == std::cmp::Ordering::Greater {
                            break;
                        }
                    }
                }
                match order {
                    std::cmp::Ordering::Less => {
                        best = candidate;
                        count = 1;
                    }
                    std::cmp::Ordering::Equal => count += 1,
                    std::cmp::Ordering::Greater => {}
                }
            }
        }
    }
    (best, count)
}

/// A random equivalent: random transposition, band, row, stack and column orders, digits.
fn random_equivalent(puzzle: &[u8; 81], rng: &mut Rng) -> [u8; 81] {
    let orders = line_orders();
    let rows = orders[rng.below(orders.len())];
    let cols = orders[rng.below(orders.len())];
    let mut digits: [u8; 10] = std::array::from_fn(|i| i as u8);
    rng.shuffle(&mut digits[1..]);
    let source = if rng.below(2) == 1 {
        transposed(puzzle)
    } else {
        *puzzle
    };
    std::array::from_fn(|i| digits[source[rows[i / 9] * 9 + cols[i % 9]] as usize])
}

fn show(g: &[u8; 81]) -> String {
    g.iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect()
}

/// Checks the library's form, count and transformation against the brute force.
fn agrees_with_brute_force(canon: &mut Canonicalizer, puzzle: &[u8; 81]) {
    let found = canon.minlex(puzzle);
    let (best, count) = brute_force(puzzle);
    assert_eq!(show(&found.cells), show(&best), "form of {}", show(puzzle));
    assert_eq!(
        found.automorphisms,
        count,
        "automorphisms of {}",
        show(puzzle)
    );
    assert_eq!(
        found.transform.apply(puzzle),
        found.cells,
        "{}",
        show(puzzle)
    );
}

#[test]
fn random_puzzles_agree_with_the_brute_force() {
    let mut canon = Canonicalizer::new();
    let mut rng = Rng(28);
    for _ in 0..4 {
        let grid = random_grid(&mut rng);
        let blanks = 50 + rng.below(12);
        agrees_with_brute_force(&mut canon, &blank_cells(&grid, blanks, &mut rng));
    }
}

#[test]
#[ignore = "needs ../shared"]
fn shared_17_clue_puzzles_agree_with_the_brute_force() {
    let mut canon = Canonicalizer::new();
    for p in shared_puzzles("17_clue.txt", 2) {
        agrees_with_brute_force(&mut canon, &cells(&p));
    }
}

#[test]
fn very_sparse_puzzles_agree_with_the_brute_force() {
    let mut canon = Canonicalizer::new();
    let mut rng = Rng(5);
    for givens in [1, 2, 3, 5, 8] {
        let grid = random_grid(&mut rng);
        agrees_with_brute_force(&mut canon, &blank_cells(&grid, 81 - givens, &mut rng));
    }
    // Digits placed anywhere, repeats in a row included: puzzles that break the rules.
    for _ in 0..3 {
        let mut p = [0u8; 81];
        for _ in 0..6 {
            p[rng.below(81)] = 1 + rng.below(3) as u8;
        }
        agrees_with_brute_force(&mut canon, &p);
    }
}

#[test]
fn symmetric_puzzles_solved_and_empty_grids_agree_with_the_brute_force() {
    let mut canon = Canonicalizer::new();
    let options = Options {
        symmetry: SymmetryChoice::Fixed(Symmetry::Dihedral),
        ..Options::default()
    };
    let generator = Generator::new(11, options).unwrap();
    let mut large = 0;
    for i in 0..3 {
        let made = generator.puzzle(i);
        let puzzle = *made.puzzle.cells();
        agrees_with_brute_force(&mut canon, &puzzle);
        // A symmetric pattern alone is not an automorphism (the digits must follow): the
        // same pattern with one digit everywhere has at least the eight rotations and mirrors.
        let pattern = puzzle.map(|v| u8::from(v != 0));
        let found = canon.minlex(&pattern);
        assert!(found.automorphisms >= 8, "{}", show(&pattern));
        large = large.max(found.automorphisms);
        agrees_with_brute_force(&mut canon, &pattern);
    }
    assert!(
        large > 8,
        "some pattern should have more than the rotations"
    );
    // A grid that is the same after a transformation: rows of the base pattern.
    let pattern: [u8; 81] = std::array::from_fn(|i| ((i / 9 * 3 + i / 27 + i % 9) % 9) as u8 + 1);
    agrees_with_brute_force(&mut canon, &pattern);
    agrees_with_brute_force(&mut canon, &random_grid(&mut Rng(3)));
    let empty = canon.minlex(&[0; 81]);
    assert_eq!(empty.automorphisms, GEOMETRIC);
    assert_eq!(brute_force(&[0; 81]).1, GEOMETRIC);
    // One given: every transformation that keeps its cell fixed.
    let mut one = [0u8; 81];
    one[40] = 7;
    agrees_with_brute_force(&mut canon, &one);
}

/// The form of a random equivalent is the same, and the transformation found reaches it.
fn invariant(canon: &mut Canonicalizer, puzzle: &[u8; 81], rng: &mut Rng) {
    let form = canon.minlex(puzzle);
    assert_eq!(form.transform.apply(puzzle), form.cells);
    let moved = random_equivalent(puzzle, rng);
    let again = canon.minlex(&moved);
    assert_eq!(show(&again.cells), show(&form.cells), "{}", show(puzzle));
    assert_eq!(again.automorphisms, form.automorphisms, "{}", show(puzzle));
    assert_eq!(again.transform.apply(&moved), again.cells);
}

#[test]
#[ignore = "needs ../shared"]
fn shared_the_form_of_every_unbiased_puzzle_survives_a_random_transformation() {
    let puzzles = shared_puzzles("unbiased_1000.txt", 1000);
    let mut canon = Canonicalizer::new();
    let mut rng = Rng(1000);
    for p in &puzzles {
        invariant(&mut canon, &cells(p), &mut rng);
    }
}

#[test]
fn the_form_of_ten_thousand_more_puzzles_survives_a_random_transformation() {
    let mut canon = Canonicalizer::new();
    let mut rng = Rng(10_000);
    for i in 0..10_000 {
        let grid = random_grid(&mut rng);
        // From sparse to full, a few of them solved grids.
        let blanks = if i % 50 == 0 { 0 } else { 40 + rng.below(41) };
        invariant(&mut canon, &blank_cells(&grid, blanks, &mut rng), &mut rng);
    }
}

#[test]
fn the_library_transformations_keep_the_class() {
    let mut canon = Canonicalizer::new();
    let p =
        cells("..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....");
    let form = canon.minlex(&p);
    for i in 0..200 {
        let t = Transform::random(9, i);
        assert_eq!(canon.minlex(&t.apply(&p)).cells, form.cells);
    }
}
