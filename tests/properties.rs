//! Property tests (proptest):
//!
//! - a random solved grid with random cells blanked: the solver's answer is a valid grid that
//!   keeps the givens;
//! - the count with limit 2 agrees with a deliberately simple row-major backtracking reference
//!   solver (tests/common), on random puzzles with one, several and no solutions;
//! - the parser never panics and never accepts a line that is not a puzzle, for arbitrary bytes
//!   and for near-puzzles; every well-formed one-line puzzle is found;
//! - parse -> format -> parse is the identity for the grid and line formats.
//!
//! Case counts: `SUDOKU_PROPTEST_CASES` overrides the default of each property. The fuzz test
//! at the end is ignored by default; run it with
//! `SUDOKU_FUZZ_CASES=200000 cargo test --release --test properties -- --ignored fuzz`.

mod common;

use std::ops::ControlFlow;
use std::str::FromStr;

use common::*;
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};
use sudoku::board::Board;
use sudoku::input::{Entry, PuzzleReader};
use sudoku::{format, solver};

/// Shrunk failures are kept here (relative to the package root, where cargo runs tests) and
/// replayed first on every run; commit the file when it appears.
const REGRESSIONS: &str = "tests/proptest-regressions/properties.txt";

fn env_cases(var: &str, default: u32) -> u32 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn config(default_cases: u32) -> Config {
    Config {
        cases: env_cases("SUDOKU_PROPTEST_CASES", default_cases),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(REGRESSIONS))),
        ..Config::default()
    }
}

fn board(cells: [u8; 81]) -> Board {
    Board::from_cells(cells).expect("cells 0-9")
}

/// A random puzzle: a solved grid with `blanks` cells emptied, and that grid.
fn random_puzzle(seed: u64, blanks: usize) -> ([u8; 81], [u8; 81]) {
    let mut rng = Rng(seed);
    let grid = random_grid(&mut rng);
    assert!(
        check_solution(&grid, &grid).is_ok(),
        "generator makes valid grids"
    );
    (blank_cells(&grid, blanks, &mut rng), grid)
}

/// Compares the library's count (limit 2) with the reference solver's; returns the count, or
/// None when the reference ran out of budget.
fn compare_with_reference(puzzle: &[u8; 81]) -> Option<u64> {
    let expected = reference_count(puzzle, 2, 300_000)?;
    let b = board(*puzzle);
    let got = solver::count_solutions(&b, 2);
    assert_eq!(
        got,
        expected,
        "count with limit 2 for {} (reference {expected})",
        line_of(puzzle)
    );
    let a = solver::analyse(&b, Some(2), None);
    assert_eq!(a.count, expected);
    match a.first {
        Some(s) => assert_solves(puzzle, s.cells(), "analyse"),
        None => assert_eq!(expected, 0),
    }
    if expected < 2 {
        assert!(
            a.complete,
            "count {expected} below the limit must be complete"
        );
    }
    Some(expected)
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn solution_is_valid_and_keeps_givens(seed in any::<u64>(), blanks in 0usize..=64) {
        let (puzzle, grid) = random_puzzle(seed, blanks);
        let b = board(puzzle);
        let a = solver::analyse(&b, Some(2), None);
        let first = a.first.expect("a puzzle cut from a grid has a solution");
        prop_assert!(check_solution(&puzzle, first.cells()).is_ok(),
            "{}", check_solution(&puzzle, first.cells()).unwrap_err());
        prop_assert!(a.count >= 1);
        if a.count == 1 {
            prop_assert!(a.complete);
            prop_assert_eq!(first.cells(), &grid, "a unique solution is the grid it came from");
        }
        let s = solver::solve_first(&b).expect("solve_first");
        prop_assert!(check_solution(&puzzle, s.cells()).is_ok());
    }

    #[test]
    fn limit_2_count_agrees_with_reference(
        seed in any::<u64>(),
        blanks in 20usize..=58,
        conflicting in any::<bool>(),
    ) {
        let (mut puzzle, grid) = random_puzzle(seed, blanks);
        if conflicting {
            add_conflicting_given(&mut puzzle, &grid, &mut Rng(seed ^ 0xABCD));
        }
        let n = compare_with_reference(&puzzle);
        prop_assume!(n.is_some(), "reference out of budget");
    }

    #[test]
    fn any_board_is_searched_without_panic(
        cells in proptest::collection::vec(prop_oneof![3 => Just(0u8), 1 => 1u8..=9], 81)
    ) {
        let all: [u8; 81] = cells.try_into().unwrap();
        let b = board(all);
        let an = solver::analyse(&b, Some(2), None);
        if keeps_rules(&all) {
            if let Some(s) = an.first {
                prop_assert!(check_solution(&all, s.cells()).is_ok());
            }
        } else {
            prop_assert_eq!(an.count, 0, "givens breaking the rules have no solution");
            prop_assert!(b.check_rules().is_err());
        }
    }

    #[test]
    fn rule_check_agrees_with_an_independent_one(
        givens in proptest::collection::vec((0usize..81, 1u8..=9), 0..24)
    ) {
        let mut cells = [0u8; 81];
        for (i, d) in givens {
            cells[i] = d;
        }
        let b = board(cells);
        let ok = keeps_rules(&cells);
        prop_assert_eq!(b.check_rules().is_ok(), ok, "{}", line_of(&cells));
        let parsed = Board::from_str(&line_of(&cells));
        prop_assert_eq!(parsed.is_ok(), ok, "{}", line_of(&cells));
        if !ok {
            let msg = parsed.unwrap_err().to_string();
            prop_assert!(msg.starts_with("digit ") && msg.contains(" appears twice in "), "{}", msg);
        }
        prop_assert_eq!(Board::from_str(&grid_text(&cells)).is_ok(), ok);
    }

    #[test]
    fn parser_never_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        check_parser(&bytes)?;
    }

    #[test]
    fn parser_on_near_puzzles(input in near_puzzle_text()) {
        check_parser(&input)?;
    }

    #[test]
    fn line_format_round_trip(seed in any::<u64>(), blanks in 0usize..=81) {
        let (puzzle, _) = random_puzzle(seed, blanks);
        let b = board(puzzle);
        let text = format::line(&b);
        prop_assert_eq!(&text, &line_of(&puzzle));
        prop_assert_eq!(Board::from_str(&text), Ok(b));
        prop_assert_eq!(Board::from_str(&b.to_line()), Ok(b));
        // With an annotation and CRLF, through the reader.
        let entries = read_all(format!("{text} 1.0\r\n").as_bytes());
        prop_assert_eq!(entries.len(), 1);
        prop_assert_eq!(entries[0].result.as_ref().ok(), Some(&b));
    }

    #[test]
    fn grid_format_round_trip(seed in any::<u64>(), blanks in 0usize..=81) {
        let (puzzle, _) = random_puzzle(seed, blanks);
        let b = board(puzzle);
        let text = format::grid(&b);
        prop_assert_eq!(&text, &grid_text(&puzzle));
        prop_assert_eq!(Board::from_str(&text), Ok(b));
        let crlf = format!("\u{feff}{}", text.replace('\n', "\r\n"));
        prop_assert_eq!(Board::from_str(&crlf), Ok(b));
        // Solutions too: format the solution, read it back, it is still a solution.
        if let Some(s) = solver::solve_first(&b) {
            prop_assert_eq!(Board::from_str(&format::grid(&s)), Ok(s));
            prop_assert_eq!(Board::from_str(&format::line(&s)), Ok(s));
        }
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn code_forms_round_trip(seed in any::<u64>(), blanks in 0usize..=81, form in 0usize..5) {
        let (puzzle, _) = random_puzzle(seed, blanks);
        let text = code_text(&puzzle, form);
        let entries = read_all(text.as_bytes());
        prop_assert_eq!(entries.len(), 1, "{}", text);
        prop_assert_eq!(entries[0].result.as_ref().map(|b| *b.cells()), Ok(puzzle), "{}", text);
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn pencil_mark_forms_round_trip(seed in any::<u64>(), blanks in 0usize..=81, drop in any::<u64>()) {
        let (puzzle, _) = random_puzzle(seed, blanks);
        let marks = position_marks(&puzzle, drop);
        let multi = marks.iter().any(|m| m.count_ones() > 1);
        for text in [pencil_grid(&marks), marks_line(&marks) + "\n"] {
            let entries = read_all(text.as_bytes());
            prop_assert_eq!(entries.len(), 1, "{}", text);
            let e = &entries[0];
            let filled = filled(&marks);
            match &e.result {
                Ok(b) => {
                    prop_assert!(keeps_rules(&filled));
                    prop_assert_eq!(*b.cells(), filled);
                    // A grid of single digits is a plain grid; the line always has marks.
                    if multi || text.len() == 730 {
                        prop_assert_eq!(e.marks.as_deref(), Some(&marks));
                    }
                }
                Err(err) => prop_assert!(!keeps_rules(&filled), "{}", err),
            }
        }
    }
}

/// A position from `puzzle`: its candidates after removing peers' digits, then some more
/// candidates dropped at random (never the last of a cell).
fn position_marks(puzzle: &[u8; 81], mut drop: u64) -> [u16; 81] {
    let units = units();
    let mut marks: [u16; 81] = std::array::from_fn(|k| {
        if puzzle[k] != 0 {
            return 1 << (puzzle[k] - 1);
        }
        let mut m = 0x1ff;
        for u in units.iter().filter(|u| u.contains(&k)) {
            for &p in u {
                if puzzle[p] != 0 {
                    m &= !(1 << (puzzle[p] - 1));
                }
            }
        }
        m.max(1)
    });
    for m in marks.iter_mut() {
        drop = drop.rotate_left(7) ^ 0x9e37_79b9_7f4a_7c15;
        if m.count_ones() > 2 && drop & 3 == 0 {
            *m &= !(1 << m.trailing_zeros());
        }
    }
    marks
}

fn filled(marks: &[u16; 81]) -> [u8; 81] {
    std::array::from_fn(|k| {
        if marks[k].count_ones() == 1 {
            marks[k].trailing_zeros() as u8 + 1
        } else {
            0
        }
    })
}

fn candidate_digits(m: u16) -> String {
    (0..9u8)
        .filter(|d| m & (1 << d) != 0)
        .map(|d| (b'1' + d) as char)
        .collect()
}

/// The position as a 9-line pencil-mark grid, HoDoKu's layout.
fn pencil_grid(marks: &[u16; 81]) -> String {
    let w = marks
        .iter()
        .map(|m| m.count_ones() as usize)
        .max()
        .unwrap_or(1)
        + 1;
    let ruler = |a: char, b: char| {
        format!(
            "{a}{}{b}{}{b}{}{a}\n",
            "-".repeat(3 * w + 1),
            "-".repeat(3 * w + 1),
            "-".repeat(3 * w + 1)
        )
    };
    let mut s = ruler('.', '.');
    for r in 0..9 {
        if r == 3 || r == 6 {
            s += &ruler(':', '+');
        }
        for c in 0..9 {
            s += if c % 3 == 0 { "| " } else { " " };
            s += &format!("{:<w$}", candidate_digits(marks[r * 9 + c]), w = w - 1);
        }
        s += "|\n";
    }
    s + &ruler('\'', '\'')
}

/// The position as one line of 729 characters.
fn marks_line(marks: &[u16; 81]) -> String {
    marks
        .iter()
        .flat_map(|&m| {
            (0..9u8).map(move |d| {
                if m & (1 << d) != 0 {
                    (b'1' + d) as char
                } else {
                    '.'
                }
            })
        })
        .collect()
}

/// The puzzle written as code in one of five ways (Python, C, LeetCode's quoted cells, a flat
/// list on one line, comma-separated values).
fn code_text(puzzle: &[u8; 81], form: usize) -> String {
    let row = |r: usize, quote: &str, blank: &str| -> Vec<String> {
        puzzle[r * 9..r * 9 + 9]
            .iter()
            .map(|&v| {
                let c = if v == 0 {
                    blank.to_string()
                } else {
                    v.to_string()
                };
                format!("{quote}{c}{quote}")
            })
            .collect()
    };
    let rows = |quote: &str, blank: &str, open: &str, close: &str| -> Vec<String> {
        (0..9)
            .map(|r| format!("{open}{}{close}", row(r, quote, blank).join(", ")))
            .collect()
    };
    match form {
        0 => format!("grid = [{}]\n", rows("", "0", "[", "]").join(",\n        ")),
        1 => format!(
            "int g[9][9] = {{\n{}\n}};\n",
            rows("", "0", "  {", "},").join("\n")
        ),
        2 => format!("board = [{}]\n", rows("\"", ".", "[", "]").join(",")),
        3 => format!("[{}]\n", rows("", "0", "", "").join(", ")),
        _ => rows("", "0", "", "").join("\n") + "\n",
    }
}

/// Reference agreement on a fixed, seeded set of many puzzles, with a check that all three
/// kinds (no, one, several solutions) occur often.
#[test]
fn reference_agreement_covers_none_unique_and_multiple() {
    let n = env_cases("SUDOKU_REFERENCE_CASES", 1500) as u64;
    let mut seen = [0usize; 3];
    let mut skipped = 0;
    for k in 0..n {
        let mut rng = Rng(0x5EED_0000 + k);
        let grid = random_grid(&mut rng);
        let blanks = 25 + rng.below(34);
        let mut puzzle = blank_cells(&grid, blanks, &mut rng);
        if k % 3 == 0 {
            add_conflicting_given(&mut puzzle, &grid, &mut rng);
        }
        match compare_with_reference(&puzzle) {
            Some(c) => seen[c as usize] += 1,
            None => skipped += 1,
        }
    }
    eprintln!("none, unique, multiple: {seen:?}; reference out of budget: {skipped}");
    assert!(
        seen.iter().all(|&s| s as u64 >= n / 20),
        "too few of some kind (none, unique, multiple): {seen:?}, skipped {skipped}"
    );
    assert!(
        (skipped as u64) < n / 10,
        "reference skipped {skipped} of {n}"
    );
}

/// Exhaustive counts agree with the reference on puzzles with a handful of solutions.
#[test]
fn exhaustive_counts_agree_with_reference() {
    let mut checked = 0;
    for k in 0..400u64 {
        let (puzzle, _) = random_puzzle(0xC0_0000 + k, 40 + (k % 12) as usize);
        let Some(expected) = reference_count(&puzzle, 1000, 2_000_000) else {
            continue;
        };
        if expected >= 1000 {
            continue;
        }
        let b = board(puzzle);
        let a = solver::analyse(&b, None, None);
        assert_eq!(a.count, expected, "{}", line_of(&puzzle));
        assert!(a.complete);
        let mut n = 0;
        solver::search(&b, &mut solver::NoObserver, None, |s| {
            assert_solves(&puzzle, s.board().cells(), "search");
            n += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(n, expected);
        checked += 1;
    }
    assert!(
        checked > 200,
        "only {checked} puzzles in reach of the reference"
    );
}

// ---------------------------------------------------------------------------------------------
// The parser, checked against an independent reading of the input.

fn read_all(bytes: &[u8]) -> Vec<Entry> {
    PuzzleReader::new(bytes)
        .map(|e| e.expect("reading memory cannot fail"))
        .collect()
}

fn is_cell(b: u8) -> bool {
    matches!(b, b'0'..=b'9' | b'.' | b'_')
}

fn cell_value(b: u8) -> u8 {
    if b.is_ascii_digit() { b - b'0' } else { 0 }
}

/// The input's lines as the spec defines them: ended by LF, CRLF or a lone CR, each with a
/// byte-order mark at its start removed.
fn spec_lines(input: &[u8]) -> Vec<&[u8]> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < input.len() {
        match input[i] {
            b'\n' => {
                lines.push(&input[start..i]);
                start = i + 1;
            }
            b'\r' => {
                lines.push(&input[start..i]);
                if input.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < input.len() {
        lines.push(&input[start..]);
    }
    for l in lines.iter_mut() {
        if l.starts_with(b"\xEF\xBB\xBF") {
            *l = &l[3..];
        }
    }
    lines
}

/// The cells of a one-line puzzle: 81 cells from the first byte, then the end of the line or
/// an annotation separator.
fn one_line(l: &[u8]) -> Option<[u8; 81]> {
    // Indentation before the 81 cells is allowed, but on a line longer than the reader keeps
    // (`MAX_LINE` bytes) the cells and the byte after them must lie within the limit.
    let indent = l.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
    if l.len() > sudoku::input::MAX_LINE && indent + 82 > sudoku::input::MAX_LINE {
        return None;
    }
    let l = &l[indent..];
    if l.len() < 81 || !l[..81].iter().all(|&b| is_cell(b)) {
        return None;
    }
    if l.len() > 81 && !matches!(l[81], b' ' | b'\t' | b';' | b':' | b',' | b'#') {
        return None;
    }
    Some(std::array::from_fn(|i| cell_value(l[i])))
}

fn grid_sep(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'|' | b'+' | b'-')
}

/// The nine cells of a grid row: cells among separators only.
fn grid_row(l: &[u8]) -> Option<Vec<u8>> {
    if !l.iter().all(|&b| is_cell(b) || grid_sep(b)) {
        return None;
    }
    let cells: Vec<u8> = l
        .iter()
        .filter(|&&b| is_cell(b))
        .map(|&b| cell_value(b))
        .collect();
    (cells.len() == 9).then_some(cells)
}

/// A ruler line such as `------+-------+------` or HoDoKu's `.-------.-------.-------.`:
/// separators only, not all blank; `.`, `:`, `'`, `*` and `=` count as separators when the
/// line has a `-` or `=` (then it is no row of blanks).
fn ruler(l: &[u8]) -> bool {
    let plain = l.iter().all(|&b| grid_sep(b)) && l.iter().any(|&b| !b.is_ascii_whitespace());
    let drawn = l
        .iter()
        .all(|&b| grid_sep(b) || matches!(b, b'.' | b':' | b'\'' | b'*' | b'='))
        && l.iter().any(|&b| b == b'-' || b == b'=');
    plain || drawn
}

/// A line of code (a list, a string, comma-separated values or an assignment).
fn code(l: &[u8]) -> bool {
    l.iter().any(|&b| {
        matches!(
            b,
            b'[' | b'{' | b'(' | b']' | b'}' | b')' | b'"' | b'\'' | b',' | b'='
        )
    })
}

/// A comment line: `#` after any indentation. Skipped, also between the rows of a grid.
fn comment(l: &[u8]) -> bool {
    l.iter().find(|&&b| b != b' ' && b != b'\t') == Some(&b'#')
}

/// Checks the reader on `input`: no panic; entries in increasing line order; errors located on
/// or after their entry's line; every accepted board is, by an independent reading, a one-line
/// puzzle or a 9-line block at its line, keeping the rules; every one-line puzzle is found.
fn check_parser(input: &[u8]) -> Result<(), TestCaseError> {
    let entries = read_all(input);
    let lines = spec_lines(input);
    let mut last = 0;
    for e in &entries {
        prop_assert!(e.line > last, "entries out of order at line {}", e.line);
        last = e.line;
        prop_assert!(
            e.line as usize <= lines.len().max(1),
            "line {} past the end",
            e.line
        );
        match &e.result {
            Ok(b) => {
                let at = e.line as usize - 1;
                let cells = *b.cells();
                prop_assert!(keeps_rules(&cells), "accepted a board breaking the rules");
                if let Some(marks) = &e.marks {
                    // A position: its board is its cells with one candidate, none is empty.
                    // The forms themselves are checked by `pencil_mark_forms_round_trip`.
                    prop_assert!(marks.iter().all(|&m| m != 0 && m < 0x200));
                    prop_assert_eq!(filled(marks), cells);
                } else if let Some(c) = one_line(lines[at]) {
                    prop_assert_eq!(c, cells, "one-line puzzle at line {}", e.line);
                } else if code(lines[at]) {
                    // Code forms are checked by `code_forms_round_trip`.
                } else {
                    // A 9-line block from this line, rulers and comments between rows allowed.
                    let mut got = Vec::new();
                    let mut k = at;
                    while got.len() < 81 {
                        prop_assert!(k < lines.len(), "block at line {} runs out", e.line);
                        if code(lines[k]) {
                            // Code rows: checked by `code_forms_round_trip`.
                            got = cells.to_vec();
                            break;
                        }
                        // Rulers may also come before the first row (the grid is then
                        // located at the ruler), and comments after them.
                        if ruler(lines[k]) {
                        } else if let Some(row) = grid_row(lines[k]) {
                            got.extend(row);
                        } else {
                            prop_assert!(
                                k > at && comment(lines[k]),
                                "line {} accepted but line {} is no grid row: {:?}",
                                e.line,
                                k + 1,
                                String::from_utf8_lossy(lines[k])
                            );
                        }
                        k += 1;
                    }
                    prop_assert_eq!(&got[..], &cells[..], "block at line {}", e.line);
                }
            }
            Err(err) => {
                prop_assert!(e.marks.is_none(), "marks with an error");
                prop_assert!(err.line >= e.line, "error before its entry");
                prop_assert!(err.column >= 1);
                prop_assert!(!err.to_string().is_empty());
            }
        }
    }
    // Nothing lost: each one-line puzzle gives an entry at its line, Ok iff it keeps the rules.
    for (k, l) in lines.iter().enumerate() {
        if let Some(c) = one_line(l) {
            let e = entries.iter().find(|e| e.line == k as u64 + 1);
            prop_assert!(e.is_some(), "one-line puzzle at line {} lost", k + 1);
            let e = e.unwrap();
            match &e.result {
                Ok(b) => prop_assert_eq!(*b.cells(), c),
                Err(err) => prop_assert!(!keeps_rules(&c), "line {}: {}", k + 1, err),
            }
        }
    }
    Ok(())
}

/// Text made of pieces of puzzles: good lines, lines with one byte changed, grid rows, rulers,
/// comments, blank lines, CRLF, BOMs, random bytes.
fn near_puzzle_text() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        (any::<u64>(), 0usize..60).prop_map(|(s, b)| {
            let (p, _) = random_puzzle(s, b);
            format!("{}\n", line_of(&p)).into_bytes()
        }),
        (any::<u64>(), 0usize..60, 0usize..83, any::<u8>()).prop_map(|(s, b, i, x)| {
            let (p, _) = random_puzzle(s, b);
            let mut v = line_of(&p).into_bytes();
            if i < v.len() {
                v[i] = x;
            } else {
                v.push(x);
            }
            v.push(b'\n');
            v
        }),
        (any::<u64>(), 0usize..60).prop_map(|(s, b)| {
            let (p, _) = random_puzzle(s, b);
            grid_text(&p).into_bytes()
        }),
        (any::<u64>(), 0usize..9, any::<u8>()).prop_map(|(s, r, x)| {
            let (p, _) = random_puzzle(s, 40);
            let mut lines: Vec<String> = grid_text(&p).lines().map(String::from).collect();
            let k = r % lines.len();
            let mut bytes = lines[k].clone().into_bytes();
            let j = (x as usize) % bytes.len();
            bytes[j] = x;
            lines[k] = String::from_utf8_lossy(&bytes).into_owned();
            (lines.join("\n") + "\n").into_bytes()
        }),
        (any::<u64>(), 0usize..60, any::<u64>()).prop_map(|(s, b, d)| {
            let (p, _) = random_puzzle(s, b);
            pencil_grid(&position_marks(&p, d)).into_bytes()
        }),
        (
            any::<u64>(),
            0usize..60,
            any::<u64>(),
            0usize..729,
            any::<u8>()
        )
            .prop_map(|(s, b, d, i, x)| {
                let (p, _) = random_puzzle(s, b);
                let mut v = marks_line(&position_marks(&p, d)).into_bytes();
                if x & 1 == 0 {
                    v[i] = x;
                }
                v.push(b'\n');
                v
            }),
        (any::<u64>(), 0usize..60, 0usize..5).prop_map(|(s, b, f)| {
            let (p, _) = random_puzzle(s, b);
            code_text(&p, f).into_bytes()
        }),
        Just(b"------+-------+------\n".to_vec()),
        Just(b"1 2 3 | 4 5 6 | 7 8 9\n".to_vec()),
        Just(b"# comment\n".to_vec()),
        Just(b"\n".to_vec()),
        Just(b"\r\n".to_vec()),
        Just(b"\r".to_vec()),
        Just(b"\xEF\xBB\xBF".to_vec()),
        Just(b" ; rating 3.2\n".to_vec()),
        proptest::collection::vec(any::<u8>(), 0..100),
        (1usize..6000, any::<u8>()).prop_map(|(n, b)| vec![b; n]),
    ];
    proptest::collection::vec(piece, 0..12).prop_map(|v| v.concat())
}

// ---------------------------------------------------------------------------------------------
// Fuzz: many cases over the parser and the whole solve path. Ignored by default; run with
//   SUDOKU_FUZZ_CASES=200000 cargo test --release --test properties -- --ignored fuzz

fn fuzz_config() -> Config {
    Config {
        cases: env_cases("SUDOKU_FUZZ_CASES", 200_000),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(REGRESSIONS))),
        max_global_rejects: 1_000_000,
        ..Config::default()
    }
}

/// Parses, then solves every accepted puzzle with limit 2 and checks any solution.
fn fuzz_one(input: &[u8]) -> Result<(), TestCaseError> {
    check_parser(input)?;
    for e in read_all(input) {
        if let Ok(b) = e.result {
            let a = solver::analyse(&b, Some(2), None);
            if let Some(s) = a.first {
                prop_assert!(check_solution(b.cells(), s.cells()).is_ok());
                prop_assert_eq!(Board::from_str(&format::grid(&s)), Ok(s));
            } else {
                prop_assert_eq!(a.count, 0);
            }
            prop_assert_eq!(Board::from_str(&format::line(&b)), Ok(b));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(fuzz_config())]

    #[test]
    #[ignore = "fuzz: many cases; run with --ignored (see the file's header)"]
    fn fuzz_parser_and_solver(
        input in prop_oneof![
            near_puzzle_text(),
            proptest::collection::vec(any::<u8>(), 0..3000),
        ]
    ) {
        fuzz_one(&input)?;
    }

    #[test]
    #[ignore = "fuzz: many cases; run with --ignored (see the file's header)"]
    fn fuzz_reference_agreement(
        seed in any::<u64>(),
        blanks in 15usize..=60,
        conflicting in any::<bool>(),
    ) {
        let (mut puzzle, grid) = random_puzzle(seed, blanks);
        if conflicting {
            add_conflicting_given(&mut puzzle, &grid, &mut Rng(!seed));
        }
        let n = compare_with_reference(&puzzle);
        prop_assume!(n.is_some());
    }
}

proptest! {
    #![proptest_config(config(128))]

    /// Every step of a logical solve agrees with the unique solution: a placement is the
    /// solution's digit and an elimination never removes it (the puzzles are random grids
    /// with cells blanked, and givens put back where two solutions differ until one is left).
    #[test]
    fn logic_steps_agree_with_the_unique_solution(seed in any::<u64>(), blanks in 35usize..=58) {
        use sudoku::logic::{self, Grid, Ladder};
        let (mut puzzle, grid) = random_puzzle(seed, blanks);
        // While there are several solutions, put back a given where two of them differ (so
        // the puzzle stays near minimal, and so not easy).
        loop {
            let mut two = Vec::new();
            solver::search(&board(puzzle), &mut solver::NoObserver, None, |s| {
                two.push(s.board());
                if two.len() == 2 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            });
            if two.len() < 2 {
                break;
            }
            let differ: Vec<usize> =
                (0..81).filter(|&c| two[0].get(c) != two[1].get(c)).collect();
            let cell = differ[(seed as usize) % differ.len()];
            puzzle[cell] = grid[cell];
        }
        let b = board(puzzle);
        let mut position = Grid::new(&b);
        let mut bad = None;
        logic::solve(&mut position, &Ladder::default(), None, |_, step| {
            let wrong = step.placements.iter().any(|p| grid[p.cell()] != p.digit)
                || step.eliminations.iter().any(|e| grid[e.cell()] == e.digit);
            if wrong {
                bad = Some(step.to_string());
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        prop_assert!(bad.is_none(), "{}: {}", line_of(&puzzle), bad.unwrap_or_default());
        let reached = position.board();
        for (cell, &digit) in grid.iter().enumerate() {
            let v = reached.get(cell);
            prop_assert!(v == 0 || v == digit);
        }
    }
}
