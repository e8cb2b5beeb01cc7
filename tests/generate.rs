//! The generator, checked from outside: every puzzle has exactly one solution, keeps its
//! symmetry and is minimal (each given, or symmetric group of givens, taken out in turn
//! leaves several solutions); the same seed and index give the same puzzle; clue targets,
//! the filter hook and hill climbing do what they say.
//!
//! Solutions are counted here by an independent solver (below), not by the library's.

mod common;

use sudoku::board::Board;
use sudoku::generate::{
    ClueRange, GenerateError, Generator, Limits, Options, Symmetry, SymmetryChoice,
};

/// Puzzles checked per symmetry (more in release builds, where they are cheap).
const PER_SYMMETRY: u64 = if cfg!(debug_assertions) { 1000 } else { 4000 };

/// An independent solution counter: bit sets of the digits each row, column and box still
/// needs; branches on the empty cell with the fewest digits left; stops at `limit`.
fn count(cells: &[u8; 81], limit: u32) -> u32 {
    let mut rows = [0x3FEu16; 9];
    let mut cols = [0x3FEu16; 9];
    let mut boxes = [0x3FEu16; 9];
    let mut grid = *cells;
    for (i, &v) in cells.iter().enumerate() {
        if v != 0 {
            let bit = 1 << v;
            let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
            if rows[r] & cols[c] & boxes[b] & bit == 0 {
                return 0; // a repeated digit
            }
            rows[r] &= !bit;
            cols[c] &= !bit;
            boxes[b] &= !bit;
        }
    }
    fn go(
        grid: &mut [u8; 81],
        rows: &mut [u16; 9],
        cols: &mut [u16; 9],
        boxes: &mut [u16; 9],
        limit: u32,
    ) -> u32 {
        let mut best = None;
        let mut fewest = 10;
        for (i, &v) in grid.iter().enumerate() {
            if v == 0 {
                let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
                let n = (rows[r] & cols[c] & boxes[b]).count_ones();
                if n < fewest {
                    fewest = n;
                    best = Some(i);
                    if n <= 1 {
                        break;
                    }
                }
            }
        }
        let Some(i) = best else {
            return 1;
        };
        let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
        let mut free = rows[r] & cols[c] & boxes[b];
        let mut found = 0;
        while free != 0 && found < limit {
            let d = free.trailing_zeros() as u8;
            free &= free - 1;
            let bit = 1 << d;
            grid[i] = d;
            rows[r] &= !bit;
            cols[c] &= !bit;
            boxes[b] &= !bit;
            found += go(grid, rows, cols, boxes, limit - found);
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
        grid[i] = 0;
        found
    }
    go(&mut grid, &mut rows, &mut cols, &mut boxes, limit)
}

/// The images of a cell under a symmetry's generating maps, written out independently of
/// the library's tables.
fn images(sym: Symmetry, cell: usize) -> Vec<usize> {
    let (r, c) = (cell / 9, cell % 9);
    let maps: Vec<(usize, usize)> = match sym {
        Symmetry::None => vec![],
        Symmetry::Rot180 => vec![(8 - r, 8 - c)],
        Symmetry::Rot90 => vec![(c, 8 - r), (8 - r, 8 - c), (8 - c, r)],
        Symmetry::Mirror => vec![(r, 8 - c)],
        Symmetry::Diagonal => vec![(c, r)],
        Symmetry::Antidiagonal => vec![(8 - c, 8 - r)],
        Symmetry::Dihedral => vec![
            (c, 8 - r),
            (8 - r, 8 - c),
            (8 - c, r),
            (r, 8 - c),
            (8 - r, c),
            (c, r),
            (8 - c, 8 - r),
        ],
    };
    maps.into_iter().map(|(r, c)| r * 9 + c).collect()
}

/// Checks one generated puzzle from scratch; returns what is wrong.
fn check(puzzle: &Board, solution: &Board, sym: Symmetry, minimal: bool) -> Result<(), String> {
    let cells = *puzzle.cells();
    let line = puzzle.to_line();
    if count(&cells, 2) != 1 {
        return Err(format!("{line}: not exactly one solution"));
    }
    common::check_solution(&cells, solution.cells()).map_err(|e| format!("{line}: {e}"))?;
    for cell in 0..81 {
        for other in images(sym, cell) {
            if (cells[cell] == 0) != (cells[other] == 0) {
                return Err(format!(
                    "{line}: cells {cell} and {other} break {sym} symmetry"
                ));
            }
        }
    }
    if minimal {
        for cell in 0..81 {
            if cells[cell] == 0 || images(sym, cell).iter().any(|&o| o < cell) {
                continue; // blank, or its group was tried from a smaller cell
            }
            let mut fewer = cells;
            fewer[cell] = 0;
            for o in images(sym, cell) {
                fewer[o] = 0;
            }
            if count(&fewer, 2) < 2 {
                return Err(format!("{line}: the givens at cell {cell} can go"));
            }
        }
    }
    Ok(())
}

fn options(sym: Symmetry) -> Options {
    Options {
        symmetry: SymmetryChoice::Fixed(sym),
        ..Options::default()
    }
}

#[test]
fn every_symmetry_gives_unique_symmetric_minimal_puzzles() {
    for sym in Symmetry::ALL {
        let maker = Generator::new(2026, options(sym)).unwrap();
        for index in 0..PER_SYMMETRY {
            let made = maker.puzzle(index);
            assert!(made.met);
            assert_eq!(made.symmetry, sym);
            if let Err(e) = check(&made.puzzle, &made.solution, sym, true) {
                panic!("{sym}, index {index}: {e}");
            }
        }
    }
}

#[test]
fn the_checks_here_can_fail() {
    // A minimal puzzle with two more givens from its solution is not minimal; one with a
    // group of givens taken out is not unique; one given added alone breaks the symmetry.
    let made = Generator::new(5, options(Symmetry::Rot180))
        .unwrap()
        .puzzle(0);
    let cells = *made.puzzle.cells();
    let blank = (0..81).find(|&c| cells[c] == 0 && c != 40).unwrap();
    let mut more = cells;
    more[blank] = made.solution.get(blank);
    more[80 - blank] = made.solution.get(80 - blank);
    let more = Board::from_cells(more).unwrap();
    assert!(check(&more, &made.solution, Symmetry::Rot180, false).is_ok());
    assert!(check(&more, &made.solution, Symmetry::Rot180, true).is_err());
    let given = (0..81).find(|&c| cells[c] != 0).unwrap();
    let mut less = cells;
    less[given] = 0;
    less[80 - given] = 0;
    let less = Board::from_cells(less).unwrap();
    assert!(check(&less, &made.solution, Symmetry::None, false).is_err());
    let mut lopsided = cells;
    lopsided[blank] = made.solution.get(blank);
    let lopsided = Board::from_cells(lopsided).unwrap();
    assert!(check(&lopsided, &made.solution, Symmetry::Rot180, false).is_err());
    check(&lopsided, &made.solution, Symmetry::None, false).unwrap();
}

#[test]
fn same_seed_and_index_same_puzzle_whatever_the_order() {
    let a = Generator::new(7, Options::default()).unwrap();
    let b = Generator::new(7, Options::default()).unwrap();
    let forward: Vec<_> = (0..50).map(|i| a.puzzle(i)).collect();
    let backward: Vec<_> = (0..50).rev().map(|i| b.puzzle(i)).collect();
    for (i, made) in forward.iter().enumerate() {
        assert_eq!(*made, backward[49 - i], "index {i}");
    }
    // Made on other threads, in another order: the same.
    let threaded: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..50)
            .map(|i| s.spawn(move || Generator::new(7, Options::default()).unwrap().puzzle(i)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(forward, threaded);
}

#[test]
fn different_indices_and_seeds_differ() {
    let a = Generator::new(7, Options::default()).unwrap();
    let mut seen = std::collections::HashSet::new();
    for i in 0..500 {
        assert!(
            seen.insert(a.puzzle(i).puzzle),
            "index {i} repeats a puzzle"
        );
    }
    let b = Generator::new(8, Options::default()).unwrap();
    assert!((0..20).all(|i| !seen.contains(&b.puzzle(i).puzzle)));
    let solved: std::collections::HashSet<_> = (0..200).map(|i| a.solved(i)).collect();
    assert_eq!(solved.len(), 200);
}

#[test]
fn solved_grids_are_complete_and_valid() {
    let maker = Generator::new(1, Options::default()).unwrap();
    for i in 0..500 {
        let grid = maker.solved(i);
        common::check_solution(&[0; 81], grid.cells()).unwrap();
    }
}

#[test]
fn random_symmetry_is_recorded_and_kept() {
    let maker = Generator::new(
        3,
        Options {
            symmetry: SymmetryChoice::Random,
            ..Options::default()
        },
    )
    .unwrap();
    let mut kinds = std::collections::HashSet::new();
    for i in 0..300 {
        let made = maker.puzzle(i);
        assert_ne!(made.symmetry, Symmetry::None);
        kinds.insert(made.symmetry);
        check(&made.puzzle, &made.solution, made.symmetry, true).unwrap();
    }
    assert_eq!(kinds.len(), 6, "{kinds:?}");
}

#[test]
fn non_minimal_puzzles_are_unique_and_symmetric() {
    for sym in [Symmetry::None, Symmetry::Rot180, Symmetry::Dihedral] {
        let maker = Generator::new(
            4,
            Options {
                minimal: false,
                ..options(sym)
            },
        )
        .unwrap();
        let mut extra = 0;
        for i in 0..300 {
            let made = maker.puzzle(i);
            check(&made.puzzle, &made.solution, sym, false).unwrap();
            extra += usize::from(check(&made.puzzle, &made.solution, sym, true).is_err());
        }
        // Stopping at the first removal that fails leaves removable givens most of the time.
        assert!(extra > 150, "{sym}: only {extra} of 300 not minimal");
    }
}

#[test]
fn clue_targets_are_met() {
    let cases = [
        (Symmetry::None, "21", true),
        (Symmetry::None, "27-28", true),
        (Symmetry::Rot180, "24", true),
        (Symmetry::Rot180, "34-36", false),
        (Symmetry::None, "40", false),
    ];
    for (sym, clues, minimal) in cases {
        let range: ClueRange = clues.parse().unwrap();
        let maker = Generator::new(
            11,
            Options {
                clues: Some(range),
                minimal,
                ..options(sym)
            },
        )
        .unwrap();
        let limits = Limits {
            moves: Some(200_000),
            ..Limits::default()
        };
        for i in 0..5 {
            let made = maker.puzzle_within(i, &limits);
            assert!(made.met, "{sym} {clues}: reached {}", made.clues());
            assert!(
                range.contains(made.clues()),
                "{sym} {clues}: {}",
                made.clues()
            );
            check(&made.puzzle, &made.solution, sym, minimal).unwrap();
        }
    }
}

#[test]
fn counts_far_below_the_usual_are_met_with_symmetry() {
    // 20 givens with 180° symmetry and 21 with diagonal symmetry: local moves rarely get
    // there; the grid-by-grid search of sets of givens does.
    for (sym, clues, count) in [(Symmetry::Rot180, 20, 2), (Symmetry::Diagonal, 21, 2)] {
        let maker = Generator::new(
            3,
            Options {
                clues: Some(ClueRange {
                    min: clues,
                    max: clues,
                }),
                ..options(sym)
            },
        )
        .unwrap();
        let limits = Limits {
            moves: Some(2_000_000),
            ..Limits::default()
        };
        for i in 0..count {
            let made = maker.puzzle_within(i, &limits);
            assert!(made.met, "{sym} {clues}: reached {}", made.clues());
            assert_eq!(made.clues(), clues, "{sym}");
            check(&made.puzzle, &made.solution, sym, true).unwrap();
        }
    }
}

#[test]
fn a_spent_budget_says_so_and_returns_the_closest() {
    let maker = Generator::new(
        1,
        Options {
            clues: Some("17".parse().unwrap()),
            ..options(Symmetry::Dihedral)
        },
    )
    .unwrap();
    let made = maker.puzzle_within(
        0,
        &Limits {
            moves: Some(50),
            ..Limits::default()
        },
    );
    assert!(!made.met);
    assert!(made.clues() > 17);
    check(&made.puzzle, &made.solution, Symmetry::Dihedral, true).unwrap();
}

#[test]
fn impossible_clue_counts_are_refused() {
    let err = "16".parse::<ClueRange>().unwrap_err();
    assert!(matches!(err, GenerateError::ClueRange { .. }));
    // Said as given: "16", not "16-16".
    assert!(err.to_string().contains("clue count 16 is"), "{err}");
    // A reversed range is named as such, not as out of range.
    let err = "30-20".parse::<ClueRange>().unwrap_err();
    assert_eq!(err, GenerateError::ClueReversed { min: 30, max: 20 });
    assert!(err.to_string().contains("did you mean 20-30"), "{err}");
    assert!(matches!(
        "x".parse::<ClueRange>(),
        Err(GenerateError::ClueSyntax { .. })
    ));
    // Rot90 groups have 4 cells, plus the centre: 22 and 23 cannot be made.
    let err = Generator::new(
        0,
        Options {
            clues: Some("22-23".parse().unwrap()),
            ..options(Symmetry::Rot90)
        },
    )
    .unwrap_err();
    assert!(matches!(err, GenerateError::ClueSymmetry { .. }));
}

#[test]
fn minimal_targets_above_any_known_are_refused_before_any_work() {
    let with = |clues: &str, minimal: bool, symmetry: Symmetry| {
        Generator::new(
            0,
            Options {
                clues: Some(clues.parse().unwrap()),
                minimal,
                ..options(symmetry)
            },
        )
    };
    // Minimal puzzles: 40 givens at most are known.
    let most = sudoku::generate::MOST_MINIMAL_CLUES;
    for clues in [format!("{}", most + 1), format!("{}-81", most + 1)] {
        let err = with(&clues, true, Symmetry::None).unwrap_err();
        assert!(matches!(err, GenerateError::MinimalClues { .. }), "{clues}");
        assert!(err.to_string().contains(&clues), "{err}");
        assert!(with(&clues, false, Symmetry::None).is_ok(), "{clues}");
    }
    assert!(with(&format!("30-{}", most + 5), true, Symmetry::None).is_ok());
    assert!(with(&format!("{most}"), true, Symmetry::None).is_ok());
    // Few givens are left to the search and its time limit, symmetric or not.
    assert!(with("17", true, Symmetry::Rot180).is_ok());
}

#[test]
fn the_filter_hook_sees_only_accepted_puzzles() {
    // Accept only puzzles whose first row has at least three givens.
    let accept = |b: &Board| (0..9).filter(|&c| b.get(c) != 0).count() >= 3;
    let maker = Generator::new(9, Options::default()).unwrap();
    let limits = Limits {
        moves: Some(10_000),
        ..Limits::default()
    };
    let mut tries = 0;
    for i in 0..30 {
        let made = maker.puzzle_where(i, &limits, &accept);
        assert!(made.met && accept(&made.puzzle));
        check(&made.puzzle, &made.solution, Symmetry::Rot180, true).unwrap();
        tries += made.moves;
    }
    assert!(
        tries > 0,
        "the filter never rejected anything: a useless test"
    );
    // A filter nothing passes spends the budget and says so.
    let made = maker.puzzle_where(
        0,
        &Limits {
            moves: Some(5),
            ..Limits::default()
        },
        &|_| false,
    );
    assert!(!made.met);
}

/// The solver's guesses on a puzzle: a stand-in for difficulty.
fn guesses(b: &Board) -> f64 {
    sudoku::solver::analyse(b, Some(2), None).guesses as f64
}

#[test]
fn hill_climbing_raises_the_score() {
    let maker = Generator::new(21, options(Symmetry::None)).unwrap();
    let limits = Limits {
        moves: Some(3000),
        ..Limits::default()
    };
    let (mut plain, mut climbed) = (0.0, 0.0);
    for i in 0..10 {
        plain += guesses(&maker.puzzle(i).puzzle);
        let made = maker.climb(i, &limits, &guesses, 30.0);
        check(&made.puzzle, &made.solution, Symmetry::None, true).unwrap();
        climbed += guesses(&made.puzzle);
        if made.met {
            assert!(guesses(&made.puzzle) >= 30.0);
        }
    }
    assert!(
        climbed > 3.0 * plain.max(1.0),
        "plain {plain}, climbed {climbed}"
    );
}

#[test]
fn a_climb_that_cannot_rise_starts_again_from_another_grid() {
    // A score that only a new solution grid can raise: every move of a climb keeps the
    // grid, so without a fresh start the climb would stay below the target for ever.
    let top_left = |b: &Board| {
        let solution = sudoku::solver::solve_first(b).expect("a made puzzle solves");
        f64::from(u8::from(solution.get(0) >= 5))
    };
    let maker = Generator::new(4, options(Symmetry::Rot180)).unwrap();
    let index = (0..)
        .find(|&i| maker.puzzle(i).solution.get(0) < 5)
        .unwrap();
    let made = maker.climb(
        index,
        &Limits {
            moves: Some(40_000),
            ..Limits::default()
        },
        &top_left,
        1.0,
    );
    assert!(
        made.met,
        "no grid with 5 or more in r1c1 after {} moves",
        made.moves
    );
    assert!(made.solution.get(0) >= 5);
    check(&made.puzzle, &made.solution, Symmetry::Rot180, true).unwrap();
}
