//! The textbook solver (`solver::simple`) as an oracle for the fast search: on random puzzles
//! both must find exactly the same solutions, and `solve --method simple` must print what
//! the default method prints.

mod common;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use common::*;
use sudoku::board::Board;
use sudoku::solver::{self, NoObserver, SearchEnd, simple};

/// Every solution, as lines, when there are at most `limit`; `None` when there are more.
fn fast_solutions(board: &Board, limit: usize) -> Option<BTreeSet<String>> {
    let mut found = BTreeSet::new();
    let report = solver::search(board, &mut NoObserver, None, |s| {
        found.insert(s.board().to_line());
        if found.len() > limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    (report.end == SearchEnd::Exhausted).then_some(found)
}

fn simple_solutions(board: &Board) -> (Vec<String>, u64) {
    let mut found = Vec::new();
    let report = simple::search(board, &mut NoObserver, None, |b| {
        found.push(b.to_line());
        ControlFlow::Continue(())
    });
    assert_eq!(report.end, SearchEnd::Exhausted);
    (found, report.nodes)
}

#[test]
fn textbook_and_fast_search_find_the_same_solutions_on_random_puzzles() {
    let mut rng = Rng(0x5EED_5173_1A91);
    let mut multiple = 0;
    let mut none = 0;
    for round in 0..400 {
        let grid = random_grid(&mut rng);
        // 35 to 55 blanks: unique, several or (with a wrong given) no solutions, all quick
        // for the textbook method.
        let blanks = 35 + rng.below(21);
        let mut cells = blank_cells(&grid, blanks, &mut rng);
        if round % 5 == 0 {
            // Maybe no solution now (or still some): the two must agree either way.
            add_conflicting_given(&mut cells, &grid, &mut rng);
        }
        let board = Board::from_cells(cells).unwrap();
        let Some(fast) = fast_solutions(&board, 200) else {
            continue;
        };
        let (textbook, nodes) = simple_solutions(&board);
        // In reading order, the smallest first, each once.
        assert!(
            textbook.windows(2).all(|w| w[0] < w[1]),
            "{}",
            board.to_line()
        );
        let textbook: BTreeSet<String> = textbook.into_iter().collect();
        assert_eq!(textbook, fast, "{}", board.to_line());
        for line in &textbook {
            let solution = cells_of(line);
            assert_solves(&cells, &solution, "textbook solution");
        }
        assert!(nodes >= (81 - board.givens()) as u64 || textbook.is_empty());
        multiple += usize::from(fast.len() > 1);
        none += usize::from(fast.is_empty());
    }
    // The rounds covered the three kinds of answer.
    assert!(
        multiple > 10 && none > 5,
        "{multiple} multiple, {none} none"
    );
}

fn cells_of(line: &str) -> [u8; 81] {
    cells(line)
}

#[test]
fn the_sample_puzzles_have_the_counts_their_annotations_say() {
    for name in ["easy.txt", "multiple.txt", "none.txt"] {
        for sample in samples(name) {
            let Some(expected) = sample.solutions.or(match name {
                "easy.txt" => Some(1),
                "none.txt" => Some(0),
                _ => None,
            }) else {
                continue;
            };
            let board = Board::from_cells(cells(&sample.puzzle)).unwrap();
            let (found, _) = simple_solutions(&board);
            assert_eq!(found.len() as u64, expected, "{name}:{}", sample.line);
        }
    }
}

#[test]
fn solve_method_simple_prints_what_the_default_method_prints() {
    for args in [
        &["solve", "--format", "line", "-q"][..],
        &["solve", "--count", "-q"],
        &["solve", "--all", "--limit", "3", "--format", "line", "-q"],
        &["solve", "--count", "--limit", "5", "--format", "json", "-q"],
    ] {
        for file in ["easy.txt", "multiple.txt"] {
            let path = puzzle_path(file);
            let path = path.to_str().unwrap();
            let mut fast: Vec<&str> = args.to_vec();
            fast.push(path);
            let mut textbook = fast.clone();
            textbook.insert(1, "--method");
            textbook.insert(2, "simple");
            let a = run(&fast, None);
            let b = run(&textbook, None);
            assert_eq!(a.code, b.code, "{args:?} {file}");
            if file == "multiple.txt" {
                // Which solution comes first depends on the order each method finds them in:
                // the same output once solutions are blotted out.
                assert_eq!(
                    blot_solutions(&a.stdout),
                    blot_solutions(&b.stdout),
                    "{args:?} {file}"
                );
            } else {
                assert_eq!(a.stdout, b.stdout, "{args:?} {file}");
            }
        }
    }
}

/// The text with every run of 81 digits 1-9 (a solved grid) replaced by `S`.
fn blot_solutions(text: &str) -> String {
    let mut out = String::new();
    let mut run = String::new();
    for c in text.chars() {
        if ('1'..='9').contains(&c) {
            run.push(c);
            continue;
        }
        out.push_str(if run.len() == 81 { "S" } else { &run });
        run.clear();
        out.push(c);
    }
    out.push_str(if run.len() == 81 { "S" } else { &run });
    out
}

#[test]
fn solve_method_simple_stats_count_nodes_and_a_timeout_stops_it() {
    let r = run(
        &[
            "solve",
            "--method",
            "simple",
            "--stats",
            "-q",
            puzzle_path("easy.txt").to_str().unwrap(),
        ],
        None,
    );
    r.expect_code(0);
    let line = r
        .stderr
        .lines()
        .find(|l| l.starts_with("search: "))
        .expect("a search line");
    let nodes: u64 = line["search: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(line.contains(" nodes, "), "{line}");
    assert!(nodes > 0);
    // The empty grid has more solutions than any timeout lets it count.
    let r = run(
        &[
            "solve",
            "--method",
            "simple",
            "--count",
            "--timeout",
            "0.2s",
            "-q",
            "-",
        ],
        Some(
            ".................................................................................\n"
                .as_bytes(),
        ),
    );
    r.no_panic();
    assert!(r.stdout.contains("solutions (timeout)"), "{}", r.stdout);
}
