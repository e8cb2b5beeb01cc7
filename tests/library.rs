//! Library tests: the sample files in puzzles/ (and, when present, the first puzzles of the
//! collections in ../shared/puzzles) read with `input::PuzzleReader`, solved with
//! `solver::analyse`, and every solution checked independently of the library.

mod common;

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::str::FromStr;

use common::*;
use sudoku::board::Board;
use sudoku::input::{Entry, PuzzleReader};
use sudoku::{format, solver};

fn board(line: &str) -> Board {
    Board::from_cells(cells(line)).expect("cells 0-9")
}

/// Every entry of a text, panicking on I/O errors (there are none with byte slices).
fn read_all(text: &[u8]) -> Vec<Entry> {
    PuzzleReader::new(text)
        .map(|e| e.expect("reading from memory cannot fail"))
        .collect()
}

fn read_file(name: &str) -> Vec<Entry> {
    read_all(read_puzzles(name).as_bytes())
}

/// The single entry of `text`, which must be an error: (line, column, message).
fn only_error(text: &[u8]) -> (u64, u64, String) {
    let entries = read_all(text);
    assert_eq!(
        entries.len(),
        1,
        "entries for {:?}: {entries:?}",
        lossy(text)
    );
    match &entries[0].result {
        Ok(b) => panic!("accepted {:?} as {b:?}", lossy(text)),
        Err(e) => (e.line, e.column, e.to_string()),
    }
}

fn lossy(b: &[u8]) -> String {
    let s = String::from_utf8_lossy(b);
    if s.len() > 200 {
        format!("{}... ({} bytes)", &s[..200], b.len())
    } else {
        s.into_owned()
    }
}

/// Analyses with limit 2 and checks the verdict and the solution independently.
/// Returns (count, complete).
fn analyse_checked(puzzle: &Board, what: &str) -> (u64, bool) {
    let a = solver::analyse(puzzle, Some(2), None);
    match a.first {
        Some(sol) => {
            assert!(a.count >= 1, "{what}: a solution but count {}", a.count);
            assert_solves(puzzle.cells(), sol.cells(), what);
        }
        None => assert_eq!(a.count, 0, "{what}: count without a solution"),
    }
    assert!(a.count <= 2, "{what}: count {} beyond limit 2", a.count);
    if a.count < 2 {
        assert!(
            a.complete,
            "{what}: count {} below the limit but incomplete",
            a.count
        );
    }
    (a.count, a.complete)
}

const EASY_FIRST: &str =
    ".15...836.2368.7...87.3.1.45...97..31...53647..2..6..8.3.4.89658.451.3....9.62...";
const EASY_FIRST_SOLUTION: &str =
    "915724836423681759687935124546897213198253647372146598231478965864519372759362481";

#[test]
fn easy_puzzles_have_exactly_one_solution() {
    let entries = read_file("easy.txt");
    let samples = samples("easy.txt");
    assert_eq!(entries.len(), samples.len());
    assert!(entries.len() >= 20);
    for (entry, sample) in entries.iter().zip(&samples) {
        assert_eq!(entry.line, sample.line);
        let b = entry.result.as_ref().expect("easy puzzle parses");
        assert_eq!(b.cells(), &cells(&sample.puzzle), "line {}", sample.line);
        let what = format!("easy.txt:{}", sample.line);
        assert_eq!(analyse_checked(b, &what), (1, true), "{what}");
    }
}

#[test]
fn known_solution_of_first_easy_puzzle() {
    let b = board(EASY_FIRST);
    assert_eq!(samples("easy.txt")[0].puzzle, EASY_FIRST);
    let sol = solver::solve_first(&b).expect("a solution");
    assert_solves(b.cells(), sol.cells(), "first easy");
    assert_eq!(line_of(sol.cells()), EASY_FIRST_SOLUTION);
    assert_eq!(solver::count_solutions(&b, 10), 1);
}

#[test]
fn hard_puzzles_have_exactly_one_solution_and_need_guesses() {
    let entries = read_file("hard.txt");
    let samples = samples("hard.txt");
    assert_eq!(entries.len(), samples.len());
    assert!(entries.len() >= 20);
    let mut guesses = 0;
    for (entry, sample) in entries.iter().zip(&samples) {
        assert_eq!(entry.line, sample.line);
        let b = entry.result.as_ref().expect("hard puzzle parses");
        assert!((22..=24).contains(&b.givens()), "hard.txt:{}", sample.line);
        let what = format!("hard.txt:{}", sample.line);
        assert_eq!(analyse_checked(b, &what), (1, true), "{what}");
        guesses += solver::analyse(b, Some(2), None).guesses;
    }
    assert!(guesses > 0, "hard puzzles solved without a single guess");
}

#[test]
fn multiple_puzzles_have_their_exact_counts_and_every_solution_is_valid() {
    let entries = read_file("multiple.txt");
    let samples = samples("multiple.txt");
    assert_eq!(entries.len(), samples.len());
    let mut twos = 0;
    for (entry, sample) in entries.iter().zip(&samples) {
        let expected = sample.solutions.expect("count annotation");
        assert!(expected >= 2);
        twos += usize::from(expected == 2);
        let b = entry.result.as_ref().expect("multiple puzzle parses");
        let what = format!("multiple.txt:{}", sample.line);
        assert_eq!(analyse_checked(b, &what), (2, false), "{what}");

        let all = solver::analyse(b, None, None);
        assert_eq!(all.count, expected, "{what}: exhaustive count");
        assert!(all.complete, "{what}");

        let limited = solver::analyse(b, Some(expected - 1), None);
        assert_eq!(limited.count, expected - 1, "{what}: limited count");
        assert!(!limited.complete, "{what}: a cut search is not complete");

        // Every solution the search reports is valid and different.
        let mut seen = HashSet::new();
        solver::search(b, &mut solver::NoObserver, None, |s| {
            let sol = s.board();
            assert_solves(b.cells(), sol.cells(), &what);
            assert!(
                seen.insert(line_of(sol.cells())),
                "{what}: repeated solution"
            );
            ControlFlow::Continue(())
        });
        assert_eq!(seen.len() as u64, expected, "{what}: solutions reported");
    }
    assert!(
        twos >= 4,
        "the deadly-rectangle puzzles with exactly 2 solutions"
    );
}

#[test]
fn puzzles_without_solution() {
    let entries = read_file("none.txt");
    assert!(entries.len() >= 10);
    for entry in &entries {
        let b = entry.result.as_ref().expect("rule-valid givens");
        let what = format!("none.txt:{}", entry.line);
        assert!(keeps_rules(b.cells()), "{what}: sample must keep the rules");
        assert_eq!(analyse_checked(b, &what), (0, true), "{what}");
        let a = solver::analyse(b, None, None);
        assert_eq!((a.count, a.first, a.complete), (0, None, true), "{what}");
        assert_eq!(solver::solve_first(b), None);
        assert_eq!(
            reference_count(b.cells(), 1, 50_000_000),
            Some(0),
            "{what}: reference"
        );
    }
}

#[test]
fn invalid_lines_are_reported_with_line_column_and_message() {
    let entries = read_file("invalid.txt");
    let got: Vec<(u64, u64, u64, String)> = entries
        .iter()
        .map(|e| match &e.result {
            Ok(b) => panic!("invalid.txt:{} accepted as {b:?}", e.line),
            Err(err) => (e.line, err.line, err.column, err.to_string()),
        })
        .collect();
    let expected: Vec<(u64, u64, u64, String)> = [
        (3, 81, "expected 81 cells, found 80"),
        (
            5,
            82,
            "expected 81 cells (or 729 for a position with pencil marks), found 82",
        ),
        (7, 5, "invalid character 'x'"),
        (9, 81, "invalid character 'a'"),
        (11, 26, "digit 5 appears twice in row 3"),
        (13, 79, "digit 8 appears twice in column 7"),
        (15, 51, "digit 4 appears twice in box 5"),
        (17, 1, "invalid character 'h'"),
        (19, 82, "invalid character 'x'"),
    ]
    .iter()
    .map(|&(l, c, m)| (l, l, c, m.to_string()))
    .collect();
    assert_eq!(got, expected);
}

#[test]
fn rule_errors_keep_the_puzzle_as_read() {
    let text =
        "...................5.....5..............7........................................\n";
    let entries = read_all(text.as_bytes());
    let err = entries[0].result.as_ref().unwrap_err();
    let b = err.board.as_ref().expect("the board as read");
    assert_eq!(line_of(b.cells()), text.trim_end());
}

#[test]
fn the_empty_grid_is_a_valid_puzzle_with_many_solutions() {
    let entries = read_file("empty.txt");
    assert_eq!(entries.len(), 1);
    let b = entries[0].result.as_ref().expect("empty grid parses");
    assert_eq!(*b, Board::empty());
    assert_eq!(analyse_checked(b, "empty grid"), (2, false));
    let a = solver::analyse(b, Some(1000), None);
    assert_eq!((a.count, a.complete), (1000, false));
    let mut n = 0;
    solver::search(b, &mut solver::NoObserver, None, |s| {
        assert_solves(&[0; 81], s.board().cells(), "empty grid");
        n += 1;
        if n == 100 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(n, 100);
}

/// Every solution of `b` (which must have at most `cap`), each checked against `b`, sorted.
fn all_solutions(b: &Board, cap: u64, what: &str) -> Vec<String> {
    let mut out = Vec::new();
    let report = solver::search(b, &mut solver::NoObserver, None, |s| {
        let sol = s.board();
        assert_solves(b.cells(), sol.cells(), what);
        out.push(line_of(sol.cells()));
        assert!(out.len() as u64 <= cap, "{what}: more than {cap} solutions");
        ControlFlow::Continue(())
    });
    assert_eq!(report.end, solver::SearchEnd::Exhausted, "{what}");
    out.sort();
    out
}

#[test]
fn split_shares_out_the_solutions_exactly() {
    // Puzzles with a few, some hundreds and some thousands of solutions, one with none.
    let mut puzzles: Vec<Board> = read_file("multiple.txt")
        .into_iter()
        .map(|e| e.result.expect("multiple puzzle parses"))
        .collect();
    let mut rng = Rng(0x5EED);
    for blanks in [50, 52, 54, 55, 56, 57] {
        let grid = random_grid(&mut rng);
        let b = Board::from_cells(blank_cells(&grid, blanks, &mut rng)).unwrap();
        if solver::analyse(&b, Some(20_000), None).complete {
            puzzles.push(b);
        }
    }
    let mut none = cells(&samples("hard.txt")[0].puzzle);
    let solution = solver::solve_first(&Board::from_cells(none).unwrap()).unwrap();
    assert!(add_conflicting_given(&mut none, solution.cells(), &mut rng));
    puzzles.push(Board::from_cells(none).unwrap());
    assert!(puzzles.len() >= 8, "too few test puzzles");

    let mut split_some = false;
    for (k, b) in puzzles.iter().enumerate() {
        let what = format!("puzzle {k}");
        let whole = all_solutions(b, 20_000, &what);
        for at_least in [1, 2, 5, 16, 100] {
            let parts = solver::split(b, at_least);
            split_some |= parts.len() > 1;
            let mut union = Vec::new();
            for (i, part) in parts.iter().enumerate() {
                let what = format!("{what}, part {i} of {at_least}");
                for cell in 0..81 {
                    if b.get(cell) != 0 {
                        assert_eq!(part.get(cell), b.get(cell), "{what}: given {cell} changed");
                    }
                }
                union.extend(all_solutions(part, 20_000, &what));
            }
            union.sort();
            // Sorted and equal: every solution in exactly one part, and nothing else.
            assert_eq!(union, whole, "{what}: split into {}", parts.len());
            if whole.len() > 1 && parts.len() < at_least {
                // Fewer parts than asked only when every branch is solved.
                assert!(parts.iter().all(Board::is_full), "{what}: stopped early");
            }
        }
    }
    assert!(split_some, "no puzzle was split at all");
    assert!(solver::split(&board(&format!("11{}", ".".repeat(79))), 4).is_empty());
}

#[test]
fn a_stop_poll_ends_a_long_search() {
    let stop = || true;
    let a = solver::analyse(&Board::empty(), None, Some(&stop));
    assert!(!a.complete, "stopped search must not claim to be complete");
    if let Some(sol) = a.first {
        assert_solves(&[0; 81], sol.cells(), "stopped search");
    }
}

#[test]
fn nine_line_grids_in_every_typing() {
    let entries = read_file("grids.txt");
    let easy = samples("easy.txt");
    let hard = samples("hard.txt");
    let expected = [
        (3, &easy[1].puzzle),
        (16, &easy[2].puzzle),
        (27, &hard[0].puzzle),
        (41, &hard[0].puzzle),
    ];
    assert_eq!(entries.len(), expected.len(), "{entries:?}");
    for (entry, (line, puzzle)) in entries.iter().zip(expected) {
        assert_eq!(entry.line, line);
        let b = entry.result.as_ref().expect("grid parses");
        assert_eq!(line_of(b.cells()), **puzzle, "grids.txt:{line}");
        assert_eq!(analyse_checked(b, "grid"), (1, true));
    }
}

/// The entries of mixed.txt: `LINE status` for puzzles, `LINE:COLUMN message` for bad lines.
const MIXED_EXPECTED: [&str; 10] = [
    "5 unique",
    "6 unique",
    "7 multiple",
    "9 none",
    "10:81 expected 81 cells, found 80",
    "12 unique",
    "23:26 digit 5 appears twice in row 3",
    "24 unique",
    "25:11 invalid character '?'",
    "26 unique",
];

#[test]
fn mixed_batch_gives_every_entry_in_order() {
    let entries = read_file("mixed.txt");
    let got: Vec<String> = entries
        .iter()
        .map(|e| match &e.result {
            Ok(b) => {
                let status = match analyse_checked(b, &format!("mixed.txt:{}", e.line)) {
                    (0, _) => "none",
                    (1, _) => "unique",
                    _ => "multiple",
                };
                format!("{} {status}", e.line)
            }
            Err(err) => {
                assert_eq!(err.line, e.line);
                format!("{}:{} {err}", e.line, err.column)
            }
        })
        .collect();
    assert_eq!(got, MIXED_EXPECTED);
}

fn check_shared(name: &str, n: usize, expect_unique: bool) {
    for (k, p) in shared_puzzles(name, n).iter().enumerate() {
        let what = format!("{name} #{}", k + 1);
        let b = Board::from_str(p).unwrap_or_else(|e| panic!("{what}: {e}"));
        let (count, _) = analyse_checked(&b, &what);
        if expect_unique {
            assert_eq!(count, 1, "{what}: {p}");
        } else {
            assert_eq!(count, 2, "{what}: {p}");
        }
    }
}

#[test]
#[ignore = "needs ../shared"]
fn shared_unbiased() {
    check_shared("unbiased_1000.txt", 300, true);
}

#[test]
#[ignore = "needs ../shared"]
fn shared_17_clue() {
    check_shared("17_clue.txt", 200, true);
}

#[test]
#[ignore = "needs ../shared"]
fn shared_magictour() {
    check_shared("magictour_top1465.txt", 150, true);
}

#[test]
#[ignore = "needs ../shared"]
fn shared_forum_hardest() {
    check_shared("forum_hardest_1106.txt", 60, true);
}

#[test]
#[ignore = "needs ../shared"]
fn shared_serg_have_several_solutions() {
    check_shared("serg_benchmark.txt", 200, false);
}

// ---------------------------------------------------------------------------------------------
// Parser errors, one at a time.

#[test]
fn cell_counts() {
    let p = EASY_FIRST;
    assert_eq!(
        only_error(format!("{}\n", &p[..80]).as_bytes()),
        (1, 81, "expected 81 cells, found 80".into())
    );
    assert_eq!(
        only_error(format!("{p}5\n").as_bytes()),
        (
            1,
            82,
            "expected 81 cells (or 729 for a position with pencil marks), found 82".into()
        )
    );
    assert_eq!(
        only_error(format!("{p}123456789\n").as_bytes()),
        (
            1,
            82,
            "expected 81 cells (or 729 for a position with pencil marks), found 90".into()
        )
    );
    assert_eq!(
        only_error(b"12345678901234567890\n"),
        (1, 21, "expected 81 cells, found 20".into())
    );
}

#[test]
fn bad_characters_and_bytes() {
    let p = EASY_FIRST;
    let with = |i: usize, bad: &[u8]| {
        let mut v = p.as_bytes()[..i].to_vec();
        v.extend_from_slice(bad);
        v.extend_from_slice(&p.as_bytes()[i + 1..]);
        v.push(b'\n');
        v
    };
    assert_eq!(
        only_error(&with(4, b"x")),
        (1, 5, "invalid character 'x'".into())
    );
    assert_eq!(
        only_error(&with(0, b"\0")),
        (1, 1, "invalid character NUL (byte 0x00)".into())
    );
    assert_eq!(
        only_error(&with(9, b"\xff")),
        (1, 10, "invalid byte 0xff".into())
    );
    // A multi-byte character is shown whole.
    assert_eq!(
        only_error(&with(2, "é".as_bytes())),
        (1, 3, "invalid character 'é'".into())
    );
}

#[test]
fn annotations_after_the_cells_are_ignored() {
    let p = EASY_FIRST;
    for sep in [" ", "\t", ";", ":", ",", "#", "  "] {
        let text = format!("{p}{sep}rating 9.5, by us\n");
        let entries = read_all(text.as_bytes());
        assert_eq!(entries.len(), 1, "{text:?}");
        assert_eq!(entries[0].result.as_ref().ok(), Some(&board(p)), "{text:?}");
    }
    // A long annotation past the line cap still leaves a puzzle.
    let text = format!("{p} {}\n{p}\n", "r".repeat(3 * sudoku::input::MAX_LINE));
    let entries = read_all(text.as_bytes());
    assert_eq!(entries.len(), 2);
    assert!(entries.iter().all(|e| e.result.is_ok()), "{entries:?}");
    assert_eq!(entries[1].line, 2);
}

#[test]
fn comments_blank_lines_crlf_and_bom() {
    let p = EASY_FIRST;
    let q = samples("easy.txt")[1].puzzle.clone();
    let text = format!("\u{feff}# comment\r\n\r\n{p}\r\n   \r\n# more\n{q} 1.5\r\n");
    let entries = read_all(text.as_bytes());
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert_eq!((entries[0].line, entries[1].line), (3, 6));
    assert_eq!(entries[0].result.as_ref().ok(), Some(&board(p)));
    assert_eq!(entries[1].result.as_ref().ok(), Some(&board(&q)));
    // A BOM right before a puzzle on line 1.
    let entries = read_all(format!("\u{feff}{p}\r\n").as_bytes());
    assert_eq!(entries[0].result.as_ref().ok(), Some(&board(p)));
}

#[test]
fn nine_line_block_with_crlf_bom_and_separators() {
    let b = board(EASY_FIRST);
    let grid = format::grid(&b);
    let text = format!("\u{feff}{}", grid.replace('\n', "\r\n"));
    let entries = read_all(text.as_bytes());
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(entries[0].line, 1);
    assert_eq!(entries[0].result.as_ref().ok(), Some(&b));
}

#[test]
fn incomplete_grids() {
    let rows: Vec<String> = (0..9)
        .map(|r| EASY_FIRST[r * 9..r * 9 + 9].to_string())
        .collect();
    // Cut by a blank line: the puzzle after it is still read.
    let text = format!("# c\n{}\n\n{EASY_FIRST}\n", rows[..4].join("\n"));
    let entries = read_all(text.as_bytes());
    assert_eq!(entries.len(), 2, "{entries:?}");
    let err = entries[0].result.as_ref().unwrap_err();
    assert_eq!(
        (entries[0].line, err.line, err.column, err.to_string()),
        (
            2,
            2,
            1,
            "incomplete grid: expected 9 rows, found 4".to_string()
        )
    );
    assert_eq!(entries[1].line, 7);
    assert_eq!(entries[1].result.as_ref().ok(), Some(&board(EASY_FIRST)));
    // Cut by the end of input.
    let text = format!("{}\n", rows[..7].join("\n"));
    assert_eq!(
        only_error(text.as_bytes()),
        (1, 1, "incomplete grid: expected 9 rows, found 7".into())
    );
    // Cut by a one-line puzzle: both are reported, in order.
    let text = format!("{}\n{EASY_FIRST}\n", rows[..3].join("\n"));
    let entries = read_all(text.as_bytes());
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert_eq!(
        entries[0].result.as_ref().unwrap_err().to_string(),
        "incomplete grid: expected 9 rows, found 3"
    );
    assert_eq!(entries[1].line, 4);
    assert!(entries[1].result.is_ok());
}

#[test]
fn grid_row_with_wrong_cell_count() {
    let mut rows: Vec<String> = (0..9)
        .map(|r| EASY_FIRST[r * 9..r * 9 + 9].to_string())
        .collect();
    rows[4].pop();
    let text = format!("{}\n\n{EASY_FIRST}\n", rows.join("\n"));
    let entries = read_all(text.as_bytes());
    let errors: Vec<String> = entries
        .iter()
        .filter_map(|e| e.result.as_ref().err().map(|x| x.to_string()))
        .collect();
    assert!(
        errors.contains(&"expected 9 cells in a grid row, found 8".to_string()),
        "{errors:?}"
    );
    let bad = entries
        .iter()
        .find_map(|e| {
            e.result
                .as_ref()
                .err()
                .filter(|x| x.to_string().starts_with("expected 9 cells"))
        })
        .unwrap();
    assert_eq!((bad.line, bad.column), (5, 9));
    let last = entries.last().unwrap();
    assert_eq!(last.line, 11);
    assert_eq!(last.result.as_ref().ok(), Some(&board(EASY_FIRST)));
}

#[test]
fn rule_error_in_a_grid_is_placed_at_the_second_digit() {
    let mut cells = [0u8; 81];
    cells[3 * 9 + 1] = 6; // r4c2
    cells[7 * 9 + 1] = 6; // r8c2
    let text = grid_text(&cells);
    let entries = read_all(text.as_bytes());
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].line, 1);
    let err = entries[0].result.as_ref().unwrap_err();
    assert_eq!(err.to_string(), "digit 6 appears twice in column 2");
    // Row 8 of the grid is line 10 of the text (two separator lines above it), column 3.
    assert_eq!((err.line, err.column), (10, 3));
}

#[test]
fn long_lines_are_rejected_without_panic() {
    let text = "7".repeat(sudoku::input::MAX_LINE + 1000);
    let entries = read_all(format!("{text}\n{EASY_FIRST}\n").as_bytes());
    assert_eq!(entries.len(), 2, "{entries:?}");
    let err = entries[0].result.as_ref().unwrap_err();
    let msg = err.to_string();
    assert!(
        msg == format!(
            "line too long (more than {} bytes)",
            sudoku::input::MAX_LINE
        ) || msg.starts_with("expected 81 cells"),
        "{msg}"
    );
    assert_eq!(entries[1].line, 2);
    assert!(entries[1].result.is_ok());
    // Garbage without any newline at all.
    let text = "x".repeat(100_000);
    let entries = read_all(text.as_bytes());
    assert_eq!(entries.len(), 1);
    assert!(entries[0].result.is_err());
}

#[test]
fn leading_whitespace_before_81_cells_is_not_a_confusing_count() {
    let entries = read_all(format!("  {EASY_FIRST}\n").as_bytes());
    assert_eq!(entries.len(), 1);
    if let Err(e) = &entries[0].result {
        assert_ne!(
            e.to_string(),
            "expected 81 cells, found 81",
            "an 81-cell line must not be rejected for having 81 cells"
        );
    }
}

#[test]
fn empty_and_blank_inputs_have_no_entries() {
    assert!(read_all(b"").is_empty());
    assert!(read_all(b"\n\n  \n# only a comment\n").is_empty());
    assert!(read_all(b"\xef\xbb\xbf").is_empty());
}

// ---------------------------------------------------------------------------------------------
// FromStr and formatting.

#[test]
fn from_str_reads_one_puzzle_in_either_form() {
    let b = board(EASY_FIRST);
    assert_eq!(Board::from_str(EASY_FIRST), Ok(b));
    assert_eq!(format!("{EASY_FIRST}\n").parse::<Board>(), Ok(b));
    assert_eq!(grid_text(b.cells()).parse::<Board>(), Ok(b));
    assert_eq!(format::grid(&b).parse::<Board>(), Ok(b));
    assert_eq!(
        format!("# a comment\n\n{EASY_FIRST} rated 2\n").parse::<Board>(),
        Ok(b)
    );
}

#[test]
fn from_str_rejects_everything_else() {
    let p = EASY_FIRST;
    for bad in [
        String::new(),
        "\n\n".to_string(),
        "# nothing\n".to_string(),
        p[..80].to_string(),
        format!("{p}\n{p}\n"),
        p.replace('8', "x"),
        "...................5.....5..............7........................................"
            .to_string(),
    ] {
        assert!(bad.parse::<Board>().is_err(), "accepted {bad:?}");
    }
    let e = p[..80].parse::<Board>().unwrap_err();
    assert_eq!(e.to_string(), "expected 81 cells, found 80");
    assert_eq!((e.line, e.column), (1, 81));
}

#[test]
fn format_grid_and_line() {
    let sol = board(EASY_FIRST_SOLUTION);
    assert_text_eq(
        &format::grid(&sol),
        "9 1 5 | 7 2 4 | 8 3 6\n\
         4 2 3 | 6 8 1 | 7 5 9\n\
         6 8 7 | 9 3 5 | 1 2 4\n\
         ------+-------+------\n\
         5 4 6 | 8 9 7 | 2 1 3\n\
         1 9 8 | 2 5 3 | 6 4 7\n\
         3 7 2 | 1 4 6 | 5 9 8\n\
         ------+-------+------\n\
         2 3 1 | 4 7 8 | 9 6 5\n\
         8 6 4 | 5 1 9 | 3 7 2\n\
         7 5 9 | 3 6 2 | 4 8 1\n",
    );
    assert_eq!(format::line(&sol), EASY_FIRST_SOLUTION);
    let b = board(EASY_FIRST);
    assert_eq!(format::line(&b), EASY_FIRST);
    assert_eq!(b.to_line(), EASY_FIRST);
    assert_text_eq(&format::grid(&b), &grid_text(b.cells()));
}

// ---------------------------------------------------------------------------------------------
// The change observer.

#[derive(Default)]
struct Recorder {
    events: Vec<(char, usize, usize, u8)>,
}

impl solver::Observer for Recorder {
    fn place(&mut self, depth: usize, cell: usize, digit: u8, guess: bool) {
        self.events
            .push((if guess { 'g' } else { 'p' }, depth, cell, digit));
    }
    fn undo(&mut self, depth: usize, cell: usize, digit: u8) {
        self.events.push(('u', depth, cell, digit));
    }
}

/// Replays observer events on the puzzle: every placement fills an empty cell without breaking
/// a rule, every undo empties a cell holding that digit. Returns the full grids seen.
/// The replay starts from the empty grid: givens are reported as forced placements too, and
/// a placement on a given's cell must be that given.
fn replay(puzzle: &[u8; 81], events: &[(char, usize, usize, u8)]) -> Vec<[u8; 81]> {
    let mut g = [0u8; 81];
    let mut full = Vec::new();
    for (k, &(kind, _depth, cell, digit)) in events.iter().enumerate() {
        assert!(
            cell < 81 && (1..=9).contains(&digit),
            "event {k}: {kind} {cell} {digit}"
        );
        match kind {
            'u' => {
                assert_eq!(g[cell], digit, "event {k}: undo of a digit not there");
                g[cell] = 0;
            }
            _ => {
                assert_eq!(g[cell], 0, "event {k}: placement on a filled cell");
                assert!(
                    puzzle[cell] == 0 || puzzle[cell] == digit,
                    "event {k}: placement over a given"
                );
                g[cell] = digit;
                assert!(keeps_rules(&g), "event {k}: placement breaks a rule");
                if g.iter().all(|&v| v != 0) {
                    full.push(g);
                }
            }
        }
    }
    full
}

#[test]
fn observer_sees_every_placement_and_undo() {
    let hard = samples("hard.txt");
    let p = board(&hard[0].puzzle);
    let mut rec = Recorder::default();
    let mut solutions = Vec::new();
    solver::search(&p, &mut rec, None, |s| {
        solutions.push(s.board());
        ControlFlow::Continue(())
    });
    assert_eq!(solutions.len(), 1);
    assert!(
        rec.events.iter().any(|e| e.0 == 'g'),
        "no guess on a hard puzzle"
    );
    assert!(
        rec.events.iter().any(|e| e.0 == 'u'),
        "no undo on a hard puzzle"
    );
    let full = replay(p.cells(), &rec.events);
    assert!(
        full.iter().any(|g| g == solutions[0].cells()),
        "the solution never appears in the replayed placements"
    );
    for g in &full {
        assert_solves(p.cells(), g, "a full grid in the replay");
    }
    // A search goes one level deeper at a time.
    let depths: Vec<usize> = rec
        .events
        .iter()
        .filter(|e| e.0 == 'g')
        .map(|e| e.1)
        .collect();
    for w in depths.windows(2) {
        assert!(w[1] <= w[0] + 1, "guess depth jumps: {w:?}");
    }
}
