//! The human-style solver against HoDoKu's technique regression library and against the
//! unique solutions of whole puzzle collections.
//!
//! - `reglib`: every case of `../shared/logic/reglib-1.3.txt` whose technique we implement
//!   must find exactly the eliminations or placements the case names (fail cases `-x`: none
//!   of them). Prints the pass table per technique (`cargo test --test logic reglib --
//!   --nocapture`). Skipped when `../shared` is absent.
//! - `sound_*`: every step of a logical solve agrees with the puzzle's unique solution: no
//!   placement differs from it and no elimination removes it.

mod common;

use std::collections::BTreeMap;
use std::ops::ControlFlow;

use sudoku::board::Board;
use sudoku::logic::{self, CellSet, Grid, Ladder, Memo, SolveEnd, Step, Technique};
use sudoku::solver;

// ---------------------------------------------------------------------------------------------
// The regression library.

/// One case of the library.
struct Case {
    line: usize,
    code: String,
    variant: String,
    fail: bool,
    grid: Grid,
    eliminations: Vec<(usize, u8)>,
    placements: Vec<(usize, u8)>,
}

/// `<digit><row><col>` triples, blank-separated.
fn triples(field: &str) -> Vec<(usize, u8)> {
    let mut out: Vec<(usize, u8)> = field
        .split_whitespace()
        .map(|t| {
            let b = t.as_bytes();
            assert_eq!(b.len(), 3, "candidate {t:?}");
            let (d, r, c) = (b[0] - b'0', b[1] - b'1', b[2] - b'1');
            (usize::from(r) * 9 + usize::from(c), d)
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

fn parse_case(line: usize, text: &str) -> Option<Case> {
    let fields: Vec<&str> = text.split(':').collect();
    if fields.len() < 7 || !fields[0].is_empty() {
        return None;
    }
    let (code, variant) = match fields[1].split_once('-') {
        Some((c, v)) => (c, v),
        None => (fields[1], ""),
    };
    // Givens: 81 cells, a '+' before a digit that was placed rather than given.
    let mut values = [0u8; 81];
    let mut givens = CellSet::EMPTY;
    let mut cell = 0;
    let mut placed = false;
    for b in fields[3].bytes() {
        match b {
            b'+' => placed = true,
            b'1'..=b'9' | b'.' | b'0' => {
                if b.is_ascii_digit() && b != b'0' {
                    values[cell] = b - b'0';
                    if !placed {
                        givens.insert(cell);
                    }
                }
                placed = false;
                cell += 1;
            }
            _ => return None,
        }
    }
    assert_eq!(cell, 81, "line {line}: givens");
    let board = Board::from_cells(values).ok()?;
    let mut grid = Grid::from_parts(&board, givens, None);
    for (cell, digit) in triples(fields[4]) {
        grid.eliminate(cell, digit);
    }
    Some(Case {
        line,
        code: code.to_string(),
        variant: variant.to_string(),
        fail: variant == "x",
        grid,
        eliminations: triples(fields[5]),
        placements: triples(fields[6]),
    })
}

/// Candidates as (cell, digit), sorted.
type Cands = Vec<(usize, u8)>;

fn step_sets(step: &Step) -> (Cands, Cands) {
    let mut e: Cands = step
        .eliminations
        .iter()
        .map(|c| (c.cell(), c.digit))
        .collect();
    let mut p: Vec<(usize, u8)> = step
        .placements
        .iter()
        .map(|c| (c.cell(), c.digit))
        .collect();
    e.sort_unstable();
    e.dedup();
    p.sort_unstable();
    p.dedup();
    (e, p)
}

/// Whether our finder passes the case; with ALS nodes in the grouped chains if `als_nodes`.
fn passes(case: &Case, technique: Technique, als_nodes: bool) -> bool {
    let mut memo = if als_nodes {
        Memo::with_als_nodes()
    } else {
        Memo::new()
    };
    let steps = technique.all_with(&case.grid, &mut memo);
    if case.fail {
        // Nothing the case forbids may be found.
        return steps.iter().all(|s| {
            let (e, p) = step_sets(s);
            !case.eliminations.iter().any(|x| e.contains(x))
                && !case.placements.iter().any(|x| p.contains(x))
        });
    }
    steps.iter().any(|s| {
        let (e, p) = step_sets(s);
        e == case.eliminations && p == case.placements
    })
}

/// The technique of a case's code. Siamese fish (`03111`: HoDoKu's code of the fish and a
/// `1`) are two fish on the same base sets reported as one step by that fish's finder.
fn technique_of(code: &str) -> Option<Technique> {
    Technique::from_code(code).or_else(|| match code.strip_suffix('1') {
        Some(fish) if code.len() == 5 && code.starts_with("03") => Technique::from_code(fish),
        _ => None,
    })
}

#[test]
#[ignore = "needs ../shared"]
fn shared_reglib() {
    let text = common::shared_text("logic/reglib-1.3.txt");
    // code -> (name, passed, cases, failing lines)
    let mut table: BTreeMap<String, (String, usize, usize, Vec<usize>)> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let Some(case) = parse_case(i + 1, line.trim()) else {
            continue;
        };
        // The grouped loops' variants with almost locked sets among their nodes: HoDoKu's
        // default solver leaves those nodes out, and so do we; its regression tester turns
        // them on for these variants only, and so does this test.
        let als_nodes = matches!(
            (case.code.as_str(), case.variant.as_str()),
            ("0709", "2") | ("0710" | "0711", "3" | "4")
        );
        let technique = technique_of(&case.code).filter(|t| t.is_implemented());
        let name = technique
            .map_or("not implemented", |t| t.name())
            .to_string();
        let key = if als_nodes {
            format!("{}-{} (ALS nodes)", case.code, case.variant)
        } else {
            case.code.clone()
        };
        let entry = table.entry(key).or_insert((name, 0, 0, Vec::new()));
        entry.2 += 1;
        if let Some(t) = technique {
            if passes(&case, t, als_nodes) {
                entry.1 += 1;
            } else {
                entry.3.push(case.line);
            }
        }
    }
    println!("| code | technique | passed / cases |");
    println!("| --- | --- | ---: |");
    let mut failures = Vec::new();
    let (mut passed, mut cases, mut implemented) = (0, 0, 0);
    for (code, (name, ok, n, failing)) in &table {
        if name == "not implemented" {
            println!("| {code} | not implemented | - / {n} |");
            continue;
        }
        println!("| {code} | {name} | {ok} / {n} |");
        passed += ok;
        cases += n;
        implemented += 1;
        if !failing.is_empty() {
            failures.push(format!("{code} {name}: lines {failing:?}"));
        }
    }
    println!("{implemented} techniques implemented: {passed} / {cases} cases pass");
    assert!(
        failures.is_empty(),
        "failing reglib cases:\n{}",
        failures.join("\n")
    );
    assert!(passed > 0, "no case ran");
}

// ---------------------------------------------------------------------------------------------
// Soundness against the unique solution.

/// Solves `puzzle` logically with the default ladder and checks every step against its unique
/// solution. Returns how the solve ended.
fn check_sound(puzzle: &str) -> SolveEnd {
    let cells = common::cells(puzzle);
    let board = Board::from_cells(cells).unwrap();
    // The library's solver finds the solution; it is checked here against the rules and the
    // givens, and its uniqueness is the solver's count (tested on its own elsewhere).
    assert_eq!(
        solver::count_solutions(&board, 2),
        1,
        "{puzzle} must have one solution"
    );
    let solution = *solver::solve_first(&board).unwrap().cells();
    common::assert_solves(&cells, &solution, puzzle);
    let mut grid = Grid::new(&board);
    let ladder = Ladder::default();
    let end = logic::solve(&mut grid, &ladder, None, |before, step| {
        check_step(puzzle, before, step, &solution);
        ControlFlow::Continue(())
    });
    if end == SolveEnd::Solved {
        assert_eq!(grid.board().cells(), &solution, "{puzzle}");
    }
    end
}

fn check_step(puzzle: &str, before: &Grid, step: &Step, solution: &[u8; 81]) {
    assert!(
        !step.placements.is_empty() || !step.eliminations.is_empty(),
        "{puzzle}: a step that does nothing: {step}"
    );
    for p in &step.placements {
        assert_eq!(
            solution[p.cell()],
            p.digit,
            "{puzzle}: wrong placement by {step}\n{before}"
        );
    }
    for e in &step.eliminations {
        assert_ne!(
            solution[e.cell()],
            e.digit,
            "{puzzle}: removes the solution by {step}\n{before}"
        );
        assert!(
            before.has(e.cell(), e.digit),
            "{puzzle}: removes a candidate that is not there: {step}"
        );
    }
}

fn check_collection(puzzles: &[String]) -> (usize, usize) {
    let mut solved = 0;
    for p in puzzles {
        if check_sound(p) == SolveEnd::Solved {
            solved += 1;
        }
    }
    (solved, puzzles.len())
}

#[test]
fn sound_on_the_projects_puzzles() {
    let mut n = 0;
    for name in ["easy.txt", "hard.txt"] {
        for s in common::samples(name) {
            let board: Board = s.puzzle.parse().unwrap();
            if solver::count_solutions(&board, 2) == 1 {
                check_sound(&s.puzzle);
                n += 1;
            }
        }
    }
    assert!(n > 0);
}

#[test]
#[ignore = "needs ../shared"]
fn shared_sound_on_unbiased_1000() {
    let puzzles = common::shared_puzzles("unbiased_1000.txt", usize::MAX);
    let (solved, n) = check_collection(&puzzles);
    println!("unbiased_1000: {solved} of {n} solved by logic");
}

#[test]
#[ignore = "needs ../shared"]
fn shared_sound_on_magictour_top1465() {
    let puzzles = common::shared_puzzles("magictour_top1465.txt", usize::MAX);
    let (solved, n) = check_collection(&puzzles);
    println!("magictour_top1465: {solved} of {n} solved by logic");
}

/// Solves `puzzle` with the default ladder and, at every position where the ladder needs a
/// chain (a step of the X-Chain's rank or later), checks every grouped loop and AIC with ALS
/// nodes (HoDoKu's option, off by default) against the unique solution. Returns how many steps
/// were checked and how many of them have an ALS node.
fn check_als_nodes_sound(puzzle: &str) -> (usize, usize) {
    let cells = common::cells(puzzle);
    let board = Board::from_cells(cells).unwrap();
    let solution = *solver::solve_first(&board).unwrap().cells();
    common::assert_solves(&cells, &solution, puzzle);
    let mut grid = Grid::new(&board);
    let ladder = Ladder::default();
    let from = ladder.rank(Technique::XChain).unwrap();
    let mut memo = Memo::with_als_nodes();
    let (mut checked, mut with_als) = (0, 0);
    logic::solve(&mut grid, &ladder, None, |before, step| {
        if ladder.rank(step.technique).is_some_and(|r| r >= from) {
            for t in [
                Technique::GroupedContinuousNiceLoop,
                Technique::GroupedDiscontinuousNiceLoop,
                Technique::GroupedAic,
            ] {
                for s in t.all_with(before, &mut memo) {
                    check_step(puzzle, before, &s, &solution);
                    checked += 1;
                    let als = s.evidence.chains.iter().flatten().any(|l| {
                        l.from.kind == logic::NodeKind::Als || l.to.kind == logic::NodeKind::Als
                    });
                    with_als += usize::from(als);
                }
            }
        }
        ControlFlow::Continue(())
    });
    (checked, with_als)
}

#[test]
fn als_nodes_are_sound_on_the_projects_hard_puzzles() {
    let (mut checked, mut with_als) = (0, 0);
    for s in common::samples("hard.txt") {
        let board: Board = s.puzzle.parse().unwrap();
        if solver::count_solutions(&board, 2) == 1 {
            let (c, a) = check_als_nodes_sound(&s.puzzle);
            checked += c;
            with_als += a;
        }
    }
    println!("{checked} grouped steps checked, {with_als} with ALS nodes");
    assert!(with_als > 0, "no step with an ALS node was checked");
}

#[test]
#[ignore = "needs ../shared"]
fn shared_sound_als_nodes_on_magictour_top1465() {
    let (mut checked, mut with_als) = (0, 0);
    // The first 200: all 1,465 take minutes (every chain position searched with ALS nodes).
    let puzzles = common::shared_puzzles("magictour_top1465.txt", 200);
    for p in &puzzles {
        let (c, a) = check_als_nodes_sound(p);
        checked += c;
        with_als += a;
    }
    println!(
        "magictour_top1465, first 200, with ALS nodes: {checked} grouped steps checked, \
         {with_als} with ALS nodes"
    );
    assert!(with_als > 0, "no step with an ALS node was checked");
}

#[test]
fn singles_solve_an_easy_puzzle_and_stop_on_a_hard_one() {
    let easy = &common::samples("easy.txt")[0].puzzle;
    assert_eq!(check_sound(easy), SolveEnd::Solved);
    let board: Board = easy.parse().unwrap();
    let mut grid = Grid::new(&board);
    let singles = Ladder::from_list("singles").unwrap();
    let mut used = Vec::new();
    let end = logic::solve(&mut grid, &singles, None, |_, step| {
        used.push(step.technique);
        ControlFlow::Continue(())
    });
    assert_eq!(end, SolveEnd::Solved);
    assert!(used.iter().all(|t| t.is_single()));
    // An empty grid has no logical first step with singles.
    let mut empty = Grid::new(&Board::empty());
    assert_eq!(
        logic::solve(&mut empty, &singles, None, |_, _| ControlFlow::Continue(())),
        SolveEnd::Stuck
    );
}
