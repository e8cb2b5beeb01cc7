//! CLI tests: run the built binary and check stdout, stderr and the exit status of every
//! behaviour in /work/spec/FORMATS.md (issues 2, 4 and 5). Every solution printed is checked
//! independently (rows, columns, boxes, givens).

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use common::*;
use serde_json::json;
use sudoku::input::MAX_LINE;

const P: &str = ".15...836.2368.7...87.3.1.45...97..31...53647..2..6..8.3.4.89658.451.3....9.62...";
const P_SOLUTION: &str =
    "915724836423681759687935124546897213198253647372146598231478965864519372759362481";
const P_GRID: &str = "\
9 1 5 | 7 2 4 | 8 3 6
4 2 3 | 6 8 1 | 7 5 9
6 8 7 | 9 3 5 | 1 2 4
------+-------+------
5 4 6 | 8 9 7 | 2 1 3
1 9 8 | 2 5 3 | 6 4 7
3 7 2 | 1 4 6 | 5 9 8
------+-------+------
2 3 1 | 4 7 8 | 9 6 5
8 6 4 | 5 1 9 | 3 7 2
7 5 9 | 3 6 2 | 4 8 1
";
/// Exactly two solutions (a deadly rectangle): multiple.txt line 3.
const TWO: &str =
    "3...8...4489.13..767..24.8.2...458....4..93....82..645..73.6.2.13.4..95.9..1.2.38";
/// Exactly three solutions: multiple.txt line 11.
const THREE: &str =
    "..2...96..7..3..2.6..1...8.72.8.....8.97.1......9......54.........4...7.....5...2";
/// Rule-valid givens, no solution: none.txt line 3.
const NONE: &str =
    "12345678....................................9....................................";
const EMPTY: &str =
    ".................................................................................";

fn puzzles_arg(name: &str) -> String {
    puzzle_path(name).to_string_lossy().into_owned()
}

fn lines_of(puzzles: &[&str]) -> Vec<u8> {
    let mut s = String::new();
    for p in puzzles {
        s.push_str(p);
        s.push('\n');
    }
    s.into_bytes()
}

/// One record of the grid format: the header's file, line and text, and the grid if any.
#[derive(Debug)]
struct Record {
    file: String,
    line: u64,
    text: String,
    grid: Option<[u8; 81]>,
}

/// Splits grid-format output into records, checking the shape: a `FILE:LINE: text` header, an
/// optional 11-line grid, then exactly one blank line.
fn grid_records(stdout: &str) -> Vec<Record> {
    let lines: Vec<&str> = stdout.split('\n').collect();
    assert_eq!(lines.last(), Some(&""), "output must end with a newline");
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < lines.len() {
        let header = lines[i];
        let (loc, text) = header
            .split_once(": ")
            .unwrap_or_else(|| panic!("not a header: {header:?}"));
        let (file, line) = loc
            .rsplit_once(':')
            .unwrap_or_else(|| panic!("not FILE:LINE: {header:?}"));
        let line: u64 = line
            .parse()
            .unwrap_or_else(|_| panic!("line in {header:?}"));
        i += 1;
        let grid = if lines[i].is_empty() {
            None
        } else {
            assert!(i + 11 <= lines.len(), "cut grid after {header:?}");
            let g = parse_grid(&lines[i..i + 11]);
            assert_eq!(
                format!("{}\n", lines[i..i + 11].join("\n")),
                grid_text(&g),
                "grid layout after {header:?}"
            );
            i += 11;
            Some(g)
        };
        assert_eq!(lines[i], "", "a blank line must end the record {header:?}");
        i += 1;
        out.push(Record {
            file: file.to_string(),
            line,
            text: text.to_string(),
            grid,
        });
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Output formats, exact.

#[test]
fn grid_unique_exact() {
    let dir = temp_files(&[("p.txt", &lines_of(&[P]))]);
    let r = run_in(dir.path(), &["solve", "p.txt"], None);
    r.expect_code(0);
    assert_text_eq(&r.stdout, &format!("p.txt:1: unique solution\n{P_GRID}\n"));
    assert_eq!(r.stderr, "");
    assert_solves_text(P, P_SOLUTION, "P");
    // Explicit --format grid is the same.
    let r2 = run_in(dir.path(), &["solve", "--format", "grid", "p.txt"], None);
    assert_text_eq(&r2.stdout, &r.stdout);
}

#[test]
fn grid_from_stdin_is_named_stdin() {
    let r = run(&["solve"], Some(&lines_of(&[P])));
    r.expect_code(0);
    assert_text_eq(
        &r.stdout,
        &format!("<stdin>:1: unique solution\n{P_GRID}\n"),
    );
    let r = run(&["solve", "-"], Some(&lines_of(&[P])));
    r.expect_code(0);
    assert_text_eq(
        &r.stdout,
        &format!("<stdin>:1: unique solution\n{P_GRID}\n"),
    );
}

#[test]
fn grid_multiple_none_invalid_exact() {
    let dir = temp_files(&[("p.txt", &lines_of(&[TWO, NONE, &P[..80]]))]);
    let r = run_in(dir.path(), &["solve", "p.txt"], None);
    r.expect_code(2);
    let recs = grid_records(&r.stdout);
    assert_eq!(recs.len(), 3, "{}", r.stdout);
    let sol = recs[0].grid.expect("a grid for a multiple puzzle");
    assert_solves(&cells(TWO), &sol, "TWO");
    assert_text_eq(
        &r.stdout,
        &format!(
            "p.txt:1: multiple solutions, showing one\n{}\n\
             p.txt:2: no solution\n\n\
             p.txt:3: invalid: expected 81 cells, found 80\n\n",
            grid_text(&sol)
        ),
    );
    assert!(
        r.stderr
            .starts_with("p.txt:3:81: expected 81 cells, found 80\n"),
        "{}",
        r.stderr
    );
}

#[test]
fn line_format_exact() {
    let r = run(
        &["solve", "--format", "line"],
        Some(&lines_of(&[P, TWO, NONE, &P[..80], P])),
    );
    r.expect_code(2);
    let out: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(out.len(), 5, "{}", r.stdout);
    assert_eq!(out[0], P_SOLUTION);
    let (sol, word) = out[1].split_once(' ').expect("SOLUTION multiple");
    assert_eq!(word, "multiple");
    assert_solves_text(TWO, sol, "TWO");
    assert_eq!(&out[2..], &["none", "invalid", P_SOLUTION]);
    assert!(r.stdout.ends_with('\n'));
}

#[test]
fn json_format_exact() {
    let dir = temp_files(&[("p.txt", &lines_of(&[P, TWO, NONE, &P[..80], "hello"]))]);
    let r = run_in(dir.path(), &["solve", "--format", "json", "p.txt"], None);
    r.expect_code(2);
    let recs = json_lines(&r.stdout);
    assert_eq!(recs.len(), 5, "{}", r.stdout);
    assert_eq!(
        recs[0],
        json!({"file": "p.txt", "line": 1, "puzzle": P, "status": "unique",
               "solution": P_SOLUTION, "complete": true})
    );
    let sol = recs[1]["solution"].as_str().expect("solution");
    assert_solves_text(TWO, sol, "TWO");
    assert_eq!(recs[1]["status"], "multiple");
    assert_eq!(recs[1]["puzzle"], TWO);
    assert_eq!(recs[1]["line"], 2);
    assert!(recs[1]["complete"].is_boolean());
    assert_eq!(
        recs[2],
        json!({"file": "p.txt", "line": 3, "puzzle": NONE, "status": "none", "complete": true})
    );
    assert_eq!(
        recs[3],
        json!({"file": "p.txt", "line": 4, "status": "invalid",
               "error": "expected 81 cells, found 80", "column": 81})
    );
    assert_eq!(
        recs[4],
        json!({"file": "p.txt", "line": 5, "status": "invalid",
               "error": "invalid character 'h'", "column": 1})
    );
    // The exact text of the first record, as in the spec's example (key order included).
    assert_eq!(
        r.stdout.lines().next().unwrap(),
        format!(
            "{{\"file\":\"p.txt\",\"line\":1,\"puzzle\":\"{P}\",\"status\":\"unique\",\
             \"solution\":\"{P_SOLUTION}\",\"complete\":true}}"
        )
    );
}

#[test]
fn json_rule_error_keeps_the_puzzle() {
    let bad = "...................5.....5..............7........................................";
    let r = run(&["solve", "--format", "json"], Some(&lines_of(&[bad])));
    r.expect_code(2);
    let recs = json_lines(&r.stdout);
    assert_eq!(
        recs,
        vec![
            json!({"file": "-", "line": 1, "puzzle": bad, "status": "invalid",
                    "error": "digit 5 appears twice in row 3", "column": 26})
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// --all, --count, --limit.

#[test]
fn all_grid_prints_every_solution_then_the_count() {
    let expected = reference_solutions(&cells(TWO), 10);
    assert_eq!(expected.len(), 2);
    let dir = temp_files(&[("p.txt", &lines_of(&[TWO, P, NONE]))]);
    let r = run_in(dir.path(), &["solve", "--all", "p.txt"], None);
    r.expect_code(1);
    let recs = grid_records(&r.stdout);
    let printed: Vec<[u8; 81]> = recs.iter().filter_map(|r| r.grid).collect();
    assert_eq!(printed.len(), 3, "{}", r.stdout);
    for g in &printed[..2] {
        assert_solves(&cells(TWO), g, "TWO --all");
        assert!(expected.contains(g));
    }
    assert_ne!(printed[0], printed[1]);
    assert_text_eq(
        &r.stdout,
        &format!(
            "p.txt:1: solution 1\n{}\n\
             p.txt:1: solution 2\n{}\n\
             p.txt:1: 2 solutions\n\n\
             p.txt:2: solution 1\n{P_GRID}\n\
             p.txt:2: 1 solution\n\n\
             p.txt:3: no solution\n\n",
            grid_text(&printed[0]),
            grid_text(&printed[1])
        ),
    );
}

#[test]
fn all_line_and_json() {
    let r = run(
        &["solve", "--all", "--format", "line"],
        Some(&lines_of(&[THREE])),
    );
    r.expect_code(0);
    let out: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(out.len(), 4, "{}", r.stdout);
    let expected = reference_solutions(&cells(THREE), 10);
    assert_eq!(expected.len(), 3);
    for s in &out[..3] {
        assert_solves_text(THREE, s, "THREE --all");
        assert!(expected.contains(&cells(s)));
    }
    assert_eq!(out[3], "# 3 solutions");

    let r = run(
        &["solve", "--all", "--format", "json"],
        Some(&lines_of(&[THREE, P])),
    );
    r.expect_code(0);
    let recs = json_lines(&r.stdout);
    assert_eq!(recs.len(), 2);
    assert_eq!(recs[0]["status"], "multiple");
    assert_eq!(recs[0]["solutions"], 3);
    assert_eq!(recs[0]["complete"], true);
    let all: Vec<&str> = recs[0]["all"]
        .as_array()
        .expect("all")
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(all.len(), 3);
    for s in &all {
        assert_solves_text(THREE, s, "THREE json all");
    }
    assert_eq!(recs[0]["solution"], all[0]);
    assert_eq!(
        recs[1],
        json!({"file": "-", "line": 2, "puzzle": P, "status": "unique", "solution": P_SOLUTION,
               "solutions": 1, "complete": true, "all": [P_SOLUTION]})
    );
}

#[test]
fn count_gives_exact_numbers() {
    let samples = samples("multiple.txt");
    let file = puzzles_arg("multiple.txt");
    let r = run(&["solve", "--count", &file], None);
    r.expect_code(0);
    let mut expected = String::new();
    for s in &samples {
        expected.push_str(&format!(
            "{file}:{}: {} solutions\n\n",
            s.line,
            s.solutions.unwrap()
        ));
    }
    assert_text_eq(&r.stdout, &expected);

    let r = run(&["solve", "--count", "--format", "line", &file], None);
    r.expect_code(0);
    let expected: String = samples
        .iter()
        .map(|s| format!("{}\n", s.solutions.unwrap()))
        .collect();
    assert_text_eq(&r.stdout, &expected);

    let r = run(&["solve", "--count", "--format", "json", &file], None);
    r.expect_code(0);
    let recs = json_lines(&r.stdout);
    assert_eq!(recs.len(), samples.len());
    for (rec, s) in recs.iter().zip(&samples) {
        assert_eq!(rec["line"], s.line);
        assert_eq!(rec["solutions"], s.solutions.unwrap());
        assert_eq!(rec["complete"], true);
        assert_eq!(rec["status"], "multiple");
        assert_solves_text(&s.puzzle, rec["solution"].as_str().unwrap(), "count json");
    }
}

#[test]
fn count_wording_for_one_and_none() {
    let r = run(&["solve", "--count"], Some(&lines_of(&[P, NONE])));
    r.expect_code(1);
    assert_text_eq(
        &r.stdout,
        "<stdin>:1: 1 solution\n\n<stdin>:2: no solution\n\n",
    );
    let r = run(
        &["solve", "--count", "--format", "line"],
        Some(&lines_of(&[P, NONE, "x"])),
    );
    r.expect_code(2);
    assert_text_eq(&r.stdout, "1\n0\ninvalid\n");
}

#[test]
fn limit_makes_a_lower_bound() {
    let samples = samples("multiple.txt");
    let file = puzzles_arg("multiple.txt");
    let r = run(&["solve", "--count", "--limit", "100", &file], None);
    r.expect_code(0);
    let mut expected = String::new();
    for s in &samples {
        let n = s.solutions.unwrap();
        if n > 100 {
            expected.push_str(&format!(
                "{file}:{}: at least 100 solutions (limit reached)\n\n",
                s.line
            ));
        } else {
            expected.push_str(&format!("{file}:{}: {n} solutions\n\n", s.line));
        }
    }
    assert_text_eq(&r.stdout, &expected);

    let r = run(
        &[
            "solve", "--count", "--limit", "100", "--format", "line", &file,
        ],
        None,
    );
    let expected: String = samples
        .iter()
        .map(|s| match s.solutions.unwrap() {
            n if n > 100 => "100+\n".to_string(),
            n => format!("{n}\n"),
        })
        .collect();
    assert_text_eq(&r.stdout, &expected);

    let r = run(
        &[
            "solve", "--count", "--limit", "100", "--format", "json", &file,
        ],
        None,
    );
    for (rec, s) in json_lines(&r.stdout).iter().zip(&samples) {
        let n = s.solutions.unwrap();
        assert_eq!(rec["solutions"], n.min(100));
        assert_eq!(rec["complete"], n < 100, "{rec}");
    }
}

#[test]
fn all_with_limit_prints_that_many() {
    let dir = temp_files(&[("p.txt", &lines_of(&[THREE]))]);
    let r = run_in(
        dir.path(),
        &["solve", "--all", "--limit", "2", "p.txt"],
        None,
    );
    r.expect_code(0);
    let recs = grid_records(&r.stdout);
    assert_eq!(recs.len(), 3, "{}", r.stdout);
    assert_eq!(recs[0].text, "solution 1");
    assert_eq!(recs[1].text, "solution 2");
    assert_eq!(recs[2].text, "at least 2 solutions (limit reached)");
    assert!(recs[2].grid.is_none());
    for rec in &recs[..2] {
        assert_solves(&cells(THREE), &rec.grid.unwrap(), "--all --limit 2");
    }
    let r = run_in(
        dir.path(),
        &[
            "solve", "--all", "--limit", "2", "--format", "line", "p.txt",
        ],
        None,
    );
    let out: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(out.len(), 3, "{}", r.stdout);
    assert_eq!(out[2], "# at least 2 solutions (limit reached)");
    let r = run_in(
        dir.path(),
        &[
            "solve", "--all", "--limit", "2", "--format", "json", "p.txt",
        ],
        None,
    );
    let rec = &json_lines(&r.stdout)[0];
    assert_eq!(rec["solutions"], 2);
    assert_eq!(rec["complete"], false);
    assert_eq!(rec["all"].as_array().unwrap().len(), 2);
}

#[test]
fn limit_without_all_or_count_is_a_usage_error() {
    let r = run(&["solve", "--limit", "5"], Some(&lines_of(&[P])));
    r.expect_code(2);
    assert_eq!(r.stdout, "");
    assert!(!r.stderr.is_empty());
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["solve", "--format", "xml"][..],
        &["solve", "--no-such-flag"],
        &["solve", "--timeout", "soon"],
        &["solve", "--color", "sometimes"],
        &["frobnicate"],
        &["completions", "tcsh"],
    ] {
        let r = run(args, Some(&lines_of(&[P])));
        r.expect_code(2);
        assert_eq!(r.stdout, "", "{args:?}");
        assert!(!r.stderr.is_empty(), "{args:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// The empty grid.

#[test]
fn empty_grid_is_solved_at_once() {
    let r = run(&["solve", "--format", "json"], Some(&lines_of(&[EMPTY])));
    r.expect_code(0);
    let rec = &json_lines(&r.stdout)[0];
    assert_eq!(rec["status"], "multiple");
    assert_eq!(rec["puzzle"], EMPTY);
    assert_solves_text(EMPTY, rec["solution"].as_str().unwrap(), "empty grid");

    let r = run(&["solve", &puzzles_arg("empty.txt")], None);
    r.expect_code(0);
    let recs = grid_records(&r.stdout);
    assert_eq!(recs.len(), 1);
    assert_eq!(recs[0].text, "multiple solutions, showing one");
    assert_eq!(recs[0].line, 2);
    assert_solves(&[0; 81], &recs[0].grid.unwrap(), "empty grid");
}

#[test]
fn empty_grid_counts_a_million() {
    let r = run(
        &["solve", "--count", "--limit", "1000000"],
        Some(&lines_of(&[EMPTY])),
    );
    r.expect_code(0);
    assert_text_eq(
        &r.stdout,
        "<stdin>:1: at least 1000000 solutions (limit reached)\n\n",
    );
}

// ---------------------------------------------------------------------------------------------
// Inputs.

#[test]
fn stdin_files_and_dash_in_order() {
    let q = samples("easy.txt")[1].puzzle.clone();
    let dir = temp_files(&[("a.txt", &lines_of(&[P])), ("b.txt", &lines_of(&[&q, P]))]);
    let r = run_in(
        dir.path(),
        &["solve", "--format", "json", "a.txt", "-", "b.txt"],
        Some(&lines_of(&[TWO])),
    );
    r.expect_code(0);
    let got: Vec<(String, u64, String)> = json_lines(&r.stdout)
        .iter()
        .map(|v| {
            (
                v["file"].as_str().unwrap().to_string(),
                v["line"].as_u64().unwrap(),
                v["puzzle"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("a.txt".to_string(), 1, P.to_string()),
            ("-".to_string(), 1, TWO.to_string()),
            ("b.txt".to_string(), 1, q.clone()),
            ("b.txt".to_string(), 2, P.to_string()),
        ]
    );
    // Grid headers name stdin <stdin>.
    let r = run_in(
        dir.path(),
        &["solve", "b.txt", "-", "a.txt"],
        Some(&lines_of(&[P])),
    );
    let heads: Vec<String> = grid_records(&r.stdout)
        .iter()
        .map(|x| format!("{}:{}", x.file, x.line))
        .collect();
    assert_eq!(heads, ["b.txt:1", "b.txt:2", "<stdin>:1", "a.txt:1"]);
    // Same results from a file and from stdin.
    let from_file = run_in(dir.path(), &["solve", "--format", "line", "b.txt"], None);
    let from_stdin = run(&["solve", "--format", "line"], Some(&lines_of(&[&q, P])));
    assert_eq!(from_file.stdout, from_stdin.stdout);
}

#[test]
fn nine_line_grids() {
    let file = puzzles_arg("grids.txt");
    let r = run(&["solve", "--format", "json", &file], None);
    r.expect_code(0);
    let recs = json_lines(&r.stdout);
    let lines: Vec<u64> = recs.iter().map(|v| v["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [3, 16, 27, 41]);
    let easy = samples("easy.txt");
    let hard = samples("hard.txt");
    let puzzles = [
        &easy[1].puzzle,
        &easy[2].puzzle,
        &hard[0].puzzle,
        &hard[0].puzzle,
    ];
    for (rec, p) in recs.iter().zip(puzzles) {
        assert_eq!(rec["status"], "unique");
        assert_eq!(rec["puzzle"], p.as_str());
        assert_solves_text(p, rec["solution"].as_str().unwrap(), "grids.txt");
    }
}

#[test]
fn crlf_and_bom_read_like_plain_text() {
    let text = read_puzzles("mixed.txt") + &read_puzzles("grids.txt");
    let crlf = format!("\u{feff}{}", text.replace('\n', "\r\n"));
    let dir = temp_files(&[("p.txt", text.as_bytes()), ("q.txt", crlf.as_bytes())]);
    for format in ["json", "line", "grid"] {
        let plain = run_in(dir.path(), &["solve", "--format", format, "p.txt"], None);
        let dos = run_in(dir.path(), &["solve", "--format", format, "q.txt"], None);
        plain.expect_code(2);
        dos.expect_code(2);
        assert_text_eq(&dos.stdout.replace("q.txt", "p.txt"), &plain.stdout);
    }
}

#[test]
fn annotations_comments_and_blank_lines() {
    let mut text = String::from("# a comment\n\n   \n");
    for sep in [" ", "\t", ";", ":", ",", "#", "   "] {
        text.push_str(&format!("{P}{sep}rated 4.5; by us\n"));
    }
    let r = run(&["solve", "--format", "line"], Some(text.as_bytes()));
    r.expect_code(0);
    assert_text_eq(&r.stdout, &format!("{P_SOLUTION}\n").repeat(7));
}

// ---------------------------------------------------------------------------------------------
// Errors: messages, positions, exit status.

/// The `FILE:LINE:COLUMN: message` lines of stderr, in order.
fn error_lines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with(' ') && !l.starts_with(char::is_numeric))
        .collect()
}

#[test]
fn every_invalid_line_is_reported_with_file_line_column() {
    let dir = temp_files(&[("bad.txt", read_puzzles("invalid.txt").as_bytes())]);
    let r = run_in(dir.path(), &["solve", "bad.txt"], None);
    r.expect_code(2);
    assert_eq!(
        error_lines(&r.stderr),
        [
            "bad.txt:3:81: expected 81 cells, found 80",
            "bad.txt:5:82: expected 81 cells (or 729 for a position with pencil marks), found 82",
            "bad.txt:7:5: invalid character 'x'",
            "bad.txt:9:81: invalid character 'a'",
            "bad.txt:11:26: digit 5 appears twice in row 3",
            "bad.txt:13:79: digit 8 appears twice in column 7",
            "bad.txt:15:51: digit 4 appears twice in box 5",
            "bad.txt:17:1: invalid character 'h'",
            "bad.txt:19:82: invalid character 'x'",
        ]
    );
    let heads: Vec<String> = grid_records(&r.stdout)
        .iter()
        .map(|x| format!("{}:{}: {}", x.file, x.line, x.text))
        .collect();
    assert_eq!(
        heads,
        [
            "bad.txt:3: invalid: expected 81 cells, found 80",
            "bad.txt:5: invalid: expected 81 cells (or 729 for a position with pencil marks), found 82",
            "bad.txt:7: invalid: invalid character 'x'",
            "bad.txt:9: invalid: invalid character 'a'",
            "bad.txt:11: invalid: digit 5 appears twice in row 3",
            "bad.txt:13: invalid: digit 8 appears twice in column 7",
            "bad.txt:15: invalid: digit 4 appears twice in box 5",
            "bad.txt:17: invalid: invalid character 'h'",
            "bad.txt:19: invalid: invalid character 'x'",
        ]
    );
}

#[test]
fn caret_points_at_the_column() {
    let bad = format!("{}x{}", &P[..4], &P[5..]);
    let dir = temp_files(&[("bad.txt", format!("# one\n# two\n{bad}\n").as_bytes())]);
    let r = run_in(dir.path(), &["solve", "bad.txt"], None);
    r.expect_code(2);
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(
        lines[0], "bad.txt:3:5: invalid character 'x'",
        "{}",
        r.stderr
    );
    assert_eq!(lines[1].trim_end(), "  |");
    let src = lines[2];
    assert!(src.starts_with("3 | "), "{src:?}");
    let caret = lines[3];
    assert!(caret.starts_with("  | "), "{caret:?}");
    let at = caret.find('^').expect("a caret");
    assert_eq!(caret.trim_end().len(), at + 1, "one caret: {caret:?}");
    assert_eq!(
        src.as_bytes()[at],
        b'x',
        "caret under the bad character:\n{src}\n{caret}"
    );
}

#[test]
fn other_messages_and_positions() {
    let rows: Vec<&str> = (0..9).map(|r| &P[r * 9..r * 9 + 9]).collect();
    let mut nul = P.as_bytes().to_vec();
    nul[0] = 0;
    let mut ff = P.as_bytes().to_vec();
    ff[9] = 0xff;
    let too_long = format!("line too long (more than {MAX_LINE} bytes)");
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (
            format!("{}\n\n", rows[..4].join("\n")).into_bytes(),
            "p.txt:1:1: incomplete grid: expected 9 rows, found 4",
        ),
        (
            format!(
                "{}\n{}\n{}\n",
                rows[..4].join("\n"),
                &rows[4][..8],
                rows[5..].join("\n")
            )
            .into_bytes(),
            "p.txt:5:9: expected 9 cells in a grid row, found 8",
        ),
        (
            [nul, b"\n".to_vec()].concat(),
            "p.txt:1:1: invalid character NUL (byte 0x00)",
        ),
        (
            [ff, b"\n".to_vec()].concat(),
            "p.txt:1:10: invalid byte 0xff",
        ),
        (
            format!("{P}\n{}\n", "5".repeat(MAX_LINE + 1000)).into_bytes(),
            &too_long,
        ),
    ];
    for (input, expected) in cases {
        let dir = temp_files(&[("p.txt", &input)]);
        let r = run_in(dir.path(), &["solve", "p.txt"], None);
        r.expect_code(2);
        let errs = error_lines(&r.stderr);
        assert!(
            errs.iter().any(|l| if expected.starts_with("p.txt") {
                *l == expected
            } else {
                l.starts_with("p.txt:2:") && l.ends_with(expected)
            }),
            "expected {expected:?} in\n{}",
            r.stderr
        );
    }
}

#[test]
fn exit_status_follows_the_worst_puzzle() {
    let cases: [(&[&str], i32); 6] = [
        (&[P, TWO, EMPTY], 0),
        (&[P, NONE, TWO], 1),
        (&[P, "x", TWO], 2),
        (&[NONE, "x"], 2),
        (&["x", NONE], 2),
        (&[NONE], 1),
    ];
    for (input, code) in cases {
        for format in ["grid", "line", "json"] {
            let r = run(&["solve", "--format", format], Some(&lines_of(input)));
            r.expect_code(code);
        }
    }
}

#[test]
fn missing_file_and_directory_do_not_stop_the_others() {
    let dir = temp_files(&[("a.txt", &lines_of(&[P])), ("b.txt", &lines_of(&[TWO]))]);
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let r = run_in(
        dir.path(),
        &[
            "solve", "--format", "json", "a.txt", "nope.txt", "sub", "b.txt",
        ],
        None,
    );
    r.expect_code(2);
    let recs = json_lines(&r.stdout);
    let files: Vec<&str> = recs.iter().map(|v| v["file"].as_str().unwrap()).collect();
    assert_eq!(files, ["a.txt", "b.txt"]);
    assert_eq!(
        r.stderr,
        "sudoku: nope.txt: cannot open: No such file or directory (os error 2)\n\
         sudoku: sub: read error: Is a directory (os error 21)\n"
    );
}

#[test]
fn unreadable_file_is_reported() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_files(&[("secret.txt", &lines_of(&[P])), ("b.txt", &lines_of(&[P]))]);
    let path = dir.path().join("secret.txt");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::read(&path).is_ok() {
        return; // running as root: permissions do not stop reading
    }
    let r = run_in(
        dir.path(),
        &["solve", "--format", "line", "secret.txt", "b.txt"],
        None,
    );
    r.expect_code(2);
    assert_eq!(r.stdout, format!("{P_SOLUTION}\n"));
    assert!(
        r.stderr
            .starts_with("sudoku: secret.txt: cannot open: Permission denied"),
        "{}",
        r.stderr
    );
}

// ---------------------------------------------------------------------------------------------
// Nothing lost: one record per puzzle-or-bad-line, in order, whatever the format and threads.

/// (line, expected status) for each entry of mixed.txt.
fn mixed_expected() -> Vec<(u64, &'static str)> {
    vec![
        (5, "unique"),
        (6, "unique"),
        (7, "multiple"),
        (9, "none"),
        (10, "invalid"),
        (12, "unique"),
        (23, "invalid"),
        (24, "unique"),
        (25, "invalid"),
        (26, "unique"),
    ]
}

fn big_batch(copies: usize) -> (String, Vec<(u64, &'static str)>) {
    let mixed = read_puzzles("mixed.txt");
    let n = mixed.lines().count() as u64;
    let mut text = String::new();
    let mut expected = Vec::new();
    for k in 0..copies as u64 {
        text.push_str(&mixed);
        expected.extend(mixed_expected().iter().map(|&(l, s)| (l + k * n, s)));
    }
    (text, expected)
}

fn grid_word(status: &str) -> &'static str {
    match status {
        "unique" => "unique solution",
        "multiple" => "multiple solutions, showing one",
        "none" => "no solution",
        _ => "invalid: ",
    }
}

#[test]
fn one_record_per_entry_in_order_any_format_any_threads() {
    let (text, expected) = big_batch(8);
    let dir = temp_files(&[("m.txt", text.as_bytes())]);
    let puzzles: Vec<String> = text.lines().map(String::from).collect();
    for threads in ["1", "2", "3"] {
        let r = run_in(
            dir.path(),
            &["solve", "--format", "json", "--threads", threads, "m.txt"],
            None,
        );
        r.expect_code(2);
        let recs = json_lines(&r.stdout);
        let got: Vec<(u64, &str)> = recs
            .iter()
            .map(|v| (v["line"].as_u64().unwrap(), v["status"].as_str().unwrap()))
            .collect();
        assert_eq!(got, expected, "--threads {threads}");
        for v in &recs {
            if let Some(sol) = v["solution"].as_str() {
                assert_solves_text(v["puzzle"].as_str().unwrap(), sol, "json batch");
            }
        }

        let r = run_in(
            dir.path(),
            &["solve", "--format", "line", "--threads", threads, "m.txt"],
            None,
        );
        r.expect_code(2);
        let out: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(out.len(), expected.len(), "--threads {threads}");
        for (l, &(line, status)) in out.iter().zip(&expected) {
            let p = &puzzles[line as usize - 1];
            match status {
                "unique" if p.len() >= 81 => assert_solves_text(p, l, "line batch"),
                "unique" => assert_eq!(l.len(), 81), // the 9-line grid
                "multiple" => {
                    let (s, w) = l.split_once(' ').unwrap();
                    assert_eq!(w, "multiple");
                    assert_solves_text(p, s, "line batch");
                }
                other => assert_eq!(*l, other),
            }
        }

        let r = run_in(dir.path(), &["solve", "--threads", threads, "m.txt"], None);
        r.expect_code(2);
        let recs = grid_records(&r.stdout);
        assert_eq!(recs.len(), expected.len(), "--threads {threads}");
        for (rec, &(line, status)) in recs.iter().zip(&expected) {
            assert_eq!((rec.file.as_str(), rec.line), ("m.txt", line));
            assert!(rec.text.starts_with(grid_word(status)), "{rec:?}");
            if let Some(g) = rec.grid {
                let p = &puzzles[line as usize - 1];
                if p.len() >= 81 {
                    assert_solves(&cells(p), &g, "grid batch");
                }
            }
        }

        let r = run_in(
            dir.path(),
            &["check", "--format", "line", "--threads", threads, "m.txt"],
            None,
        );
        r.expect_code(2);
        let words: Vec<&str> = expected
            .iter()
            .map(|&(_, s)| if s == "unique" { "proper" } else { s })
            .collect();
        assert_eq!(r.stdout.lines().collect::<Vec<_>>(), words);
    }
}

#[test]
fn count_mode_keeps_one_line_per_entry() {
    let (text, expected) = big_batch(3);
    for threads in ["1", "2"] {
        let r = run(
            &["solve", "--count", "--format", "line", "--threads", threads],
            Some(text.as_bytes()),
        );
        r.expect_code(2);
        let words: Vec<&str> = expected
            .iter()
            .map(|&(_, s)| match s {
                "unique" => "1",
                "multiple" => "2",
                "none" => "0",
                _ => "invalid",
            })
            .collect();
        assert_eq!(r.stdout.lines().collect::<Vec<_>>(), words);
    }
}

// ---------------------------------------------------------------------------------------------
// Hostile input never panics.

#[test]
fn garbage_never_panics_and_the_rest_is_processed() {
    let mut rng = Rng(7);
    let random: Vec<u8> = (0..200_000).map(|_| rng.next_u64() as u8).collect();
    let nuls = vec![0u8; 10_000];
    let mut bad_utf8 = b"\xc3\x28\xa0\xa1\xe2\x28\xa1\xf0\x28\x8c\xbc\n\xff\xfe\n".to_vec();
    bad_utf8.extend_from_slice(P.as_bytes());
    bad_utf8.extend_from_slice(b"\xff\n");
    let inputs: Vec<(&str, Vec<u8>)> = vec![
        ("random", random),
        ("nuls", nuls),
        ("utf8", bad_utf8),
        ("xline", vec![b'x'; 10_000_000]),
        ("digits", vec![b'7'; 10_000_000]),
        ("seps", vec![b'|'; 1_000_000]),
        ("empty", Vec::new()),
    ];
    for (name, input) in &inputs {
        let dir = temp_files(&[(name, input), ("good.txt", &lines_of(&[P]))]);
        let r = run_in(
            dir.path(),
            &["solve", "--format", "json", name, "good.txt"],
            None,
        );
        r.no_panic();
        let recs = json_lines(&r.stdout);
        let last = recs.last().expect("the good puzzle's record");
        assert_eq!(last["file"], "good.txt", "{name}");
        assert_eq!(last["solution"], P_SOLUTION, "{name}");
        for rec in &recs[..recs.len() - 1] {
            assert_eq!(rec["file"], *name);
        }
        if *name == "empty" {
            r.expect_code(0);
            assert_eq!(r.stderr, "");
            assert_eq!(recs.len(), 1);
        } else {
            r.expect_code(2);
            for l in error_lines(&r.stderr) {
                assert!(l.starts_with(&format!("{name}:")), "{name}: {l:?}");
            }
        }
        // From stdin too.
        let r = run(&["solve", "--format", "line"], Some(input));
        r.no_panic();
    }
}

#[test]
fn a_ten_million_char_line_is_one_error() {
    let dir = temp_files(&[("long.txt", &vec![b'1'; 10_000_000])]);
    let r = run_in(dir.path(), &["solve", "--format", "json", "long.txt"], None);
    r.expect_code(2);
    let recs = json_lines(&r.stdout);
    assert_eq!(recs.len(), 1);
    assert_eq!(
        recs[0]["error"],
        format!("line too long (more than {MAX_LINE} bytes)")
    );
    assert_eq!(error_lines(&r.stderr).len(), 1, "{}", r.stderr);
}

// ---------------------------------------------------------------------------------------------
// Output errors.

fn many_puzzles(n: usize) -> Vec<u8> {
    let mut rng = Rng(99);
    let mut text = String::new();
    for _ in 0..n {
        let g = random_grid(&mut rng);
        let p = blank_cells(&g, 30, &mut rng);
        text.push_str(&line_of(&p));
        text.push('\n');
    }
    text.into_bytes()
}

#[test]
fn closed_pipe_ends_quietly() {
    // About 2000 grids of output, far more than a pipe buffer holds.
    let dir = temp_files(&[("big.txt", &many_puzzles(2000))]);
    for args in [
        &["solve", "big.txt"][..],
        &["solve", "--format", "line", "--threads", "1", "big.txt"],
        &["solve", "--all", "--format", "line", "-"],
    ] {
        let stdin = args.contains(&"-").then(|| lines_of(&[EMPTY]));
        let (first, code, err) = read_lines_then_close(Some(dir.path()), args, stdin, 1);
        assert!(!first[0].is_empty());
        assert_eq!(code, Some(0), "{args:?}\n{err}");
        assert_eq!(err, "", "{args:?}");
    }
}

#[test]
fn write_error_is_reported_once() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
    let Ok(full) = full else { return };
    let mut cmd = sudoku();
    cmd.args(["solve", &puzzles_arg("easy.txt")])
        .stdin(Stdio::null())
        .stdout(full)
        .stderr(Stdio::piped());
    let child = cmd.spawn().unwrap();
    let _dog = Watchdog::new(&child);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "one error line:\n{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.starts_with("sudoku: "), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Counting on several threads.

#[test]
fn a_long_count_gives_the_same_answer_on_one_thread_and_on_two() {
    // 55,901 solutions: long enough to be shared out across threads in a debug build.
    let puzzle =
        "718639..4...7..1.6........3.....7.2...........8.54.3...2.9..8.55........8.7......";
    let input = lines_of(&[puzzle, P]);
    let one = run(
        &["solve", "--count", "--format", "json", "-j1"],
        Some(&input),
    );
    one.expect_code(0);
    let two = run(
        &["solve", "--count", "--format", "json", "-j2"],
        Some(&input),
    );
    two.expect_code(0);
    assert_eq!(two.stdout, one.stdout);
    let recs = json_lines(&two.stdout);
    assert_eq!(recs[0]["solutions"], 55_901);
    assert_eq!(recs[0]["complete"], true);
    assert_solves_text(puzzle, recs[0]["solution"].as_str().unwrap(), "count -j2");
    assert_eq!(recs[1]["solutions"], 1);

    let r = run(
        &[
            "solve", "--count", "--limit", "30000", "--format", "line", "-j2",
        ],
        Some(&input),
    );
    r.expect_code(0);
    assert_eq!(r.stdout, "30000+\n1\n");
}

// ---------------------------------------------------------------------------------------------
// Long searches: --timeout and Ctrl-C.

#[test]
fn timeout_stops_all_on_the_empty_grid() {
    let r = run(
        &["solve", "--all", "--timeout", "300ms", "--format", "json"],
        Some(&lines_of(&[EMPTY, P])),
    );
    r.expect_code(0);
    let recs = json_lines(&r.stdout);
    assert_eq!(recs.len(), 2);
    assert_eq!(recs[0]["complete"], false);
    let n = recs[0]["solutions"].as_u64().expect("solutions");
    assert!(n >= 1);
    let all = recs[0]["all"].as_array().expect("all");
    assert_eq!(all.len() as u64, n);
    for s in all.iter().take(200) {
        assert_solves_text(EMPTY, s.as_str().unwrap(), "timeout all");
    }
    assert_eq!(recs[1]["status"], "unique");
    assert_eq!(recs[1]["solution"], P_SOLUTION);

    let r = run(
        &["solve", "--count", "--timeout", "200ms"],
        Some(&lines_of(&[EMPTY, P])),
    );
    r.expect_code(0);
    let recs = grid_records(&r.stdout);
    assert_eq!(recs.len(), 2);
    let t = &recs[0].text;
    assert!(
        t.starts_with("at least ") && t.ends_with(" solutions (timeout)"),
        "{t:?}"
    );
    assert_eq!(recs[1].text, "1 solution");

    let r = run(
        &["solve", "--count", "--timeout", "200ms", "--format", "line"],
        Some(&lines_of(&[EMPTY])),
    );
    let l = r.stdout.trim_end();
    assert!(
        l.ends_with('+') && l[..l.len() - 1].parse::<u64>().is_ok(),
        "{l:?}"
    );
}

#[test]
fn sigint_flushes_output_and_exits_130() {
    let mut child = sudoku()
        .args(["solve", "--all", "--threads", "1", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _dog = Watchdog::new(&child);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(&lines_of(&[EMPTY, P])).unwrap();
    drop(stdin);
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut text = String::new();
    out.read_line(&mut text).unwrap();
    assert_eq!(text, "<stdin>:1: solution 1\n");
    std::thread::sleep(Duration::from_millis(100));
    interrupt(&child);
    out.read_to_string(&mut text).unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{status:?}\n{err}");
    assert!(!err.contains("panicked"), "{err}");
    let recs = grid_records(&text);
    let (last, sols) = recs.split_last().unwrap();
    for (k, rec) in sols.iter().enumerate() {
        assert_eq!(rec.text, format!("solution {}", k + 1));
        assert_solves(&[0; 81], &rec.grid.unwrap(), "interrupted --all");
    }
    assert_eq!(
        last.text,
        format!("at least {} solutions (interrupted)", sols.len())
    );
    assert!(!sols.is_empty());
}

/// Starts `sudoku solve --format line -` with one puzzle on stdin, which stays open, and waits
/// for its answer: from then on the program is waiting for more input, its Ctrl-C handler in
/// place.
fn waiting_for_input() -> (std::process::Child, std::process::ChildStdin) {
    let mut child = sudoku()
        .args(["solve", "--format", "line", "--threads", "1", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(&lines_of(&[P])).unwrap();
    stdin.flush().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    assert_eq!(line.trim_end(), P_SOLUTION);
    (child, stdin)
}

fn interrupt(child: &std::process::Child) {
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
}

#[test]
fn sigint_while_waiting_for_input_exits_130_after_a_grace_period() {
    let (mut child, _stdin) = waiting_for_input();
    let _dog = Watchdog::new(&child);
    interrupt(&child);
    // Input never comes and stdin stays open: only the two-second alarm can end the program.
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{status:?}");
}

#[test]
fn a_second_sigint_exits_at_once() {
    let (mut child, _stdin) = waiting_for_input();
    let _dog = Watchdog::new(&child);
    interrupt(&child);
    std::thread::sleep(Duration::from_millis(50));
    interrupt(&child);
    let start = std::time::Instant::now();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{status:?}");
    // Not the grace period's two seconds (a wide margin for a loaded machine).
    assert!(
        start.elapsed() < Duration::from_millis(1500),
        "{:?}",
        start.elapsed()
    );
}

// ---------------------------------------------------------------------------------------------
// --trace and --stats.

#[test]
fn trace_shows_every_placement_and_undo() {
    let hard = samples("hard.txt")[0].puzzle.clone();
    let r = run(
        &["solve", "--trace", "--format", "line"],
        Some(&lines_of(&[&hard])),
    );
    r.expect_code(0);
    let solution = cells(r.stdout.trim_end());
    assert_solves(&cells(&hard), &solution, "trace");
    let puzzle = cells(&hard);
    let mut g = [0u8; 81];
    let (mut guesses, mut undos, mut solved) = (0, 0, false);
    let mut lines = r.stderr.lines();
    assert_eq!(lines.next(), Some("<stdin>:1: trace"));
    for l in lines {
        // depth D: (place|guess|undo) rRcC = V
        let rest = l.strip_prefix("depth ").unwrap_or_else(|| panic!("{l:?}"));
        let (depth, rest) = rest.split_once(": ").unwrap_or_else(|| panic!("{l:?}"));
        depth.parse::<usize>().unwrap_or_else(|_| panic!("{l:?}"));
        let parts: Vec<&str> = rest.split(' ').collect();
        assert_eq!(parts.len(), 4, "{l:?}");
        assert_eq!(parts[2], "=", "{l:?}");
        let rc = parts[1].as_bytes();
        assert!(
            rc.len() == 4
                && rc[0] == b'r'
                && rc[2] == b'c'
                && (b'1'..=b'9').contains(&rc[1])
                && (b'1'..=b'9').contains(&rc[3]),
            "{l:?}"
        );
        let cell = (rc[1] - b'1') as usize * 9 + (rc[3] - b'1') as usize;
        let v: u8 = parts[3].parse().unwrap_or_else(|_| panic!("{l:?}"));
        assert!((1..=9).contains(&v), "{l:?}");
        match parts[0] {
            "place" | "guess" => {
                assert_eq!(g[cell], 0, "{l:?}: cell already filled");
                assert!(
                    puzzle[cell] == 0 || puzzle[cell] == v,
                    "{l:?}: over a given"
                );
                g[cell] = v;
                assert!(keeps_rules(&g), "{l:?}: breaks a rule");
                guesses += usize::from(parts[0] == "guess");
                solved |= g == solution;
            }
            "undo" => {
                assert_eq!(g[cell], v, "{l:?}: undo of a digit not there");
                g[cell] = 0;
                undos += 1;
            }
            other => panic!("unknown event {other:?} in {l:?}"),
        }
    }
    assert!(
        guesses > 0 && undos > 0,
        "a hard puzzle needs guesses and undos"
    );
    assert!(solved, "the solution never appears in the trace");
}

#[test]
fn stats_summary_matches_the_batch() {
    let file = puzzles_arg("mixed.txt");
    let r = run(
        &[
            "solve",
            "--stats",
            "--threads",
            "1",
            "--format",
            "json",
            &file,
        ],
        None,
    );
    r.expect_code(2);
    let lines: Vec<&str> = r.stderr.lines().collect();
    let n = lines.len();
    assert!(n >= 3, "{}", r.stderr);
    assert_eq!(
        lines[n - 3],
        "puzzles: 10 read, 6 solved (5 unique, 1 multiple), 1 no solution, 3 invalid"
    );
    let time = lines[n - 2]
        .strip_prefix("time: ")
        .and_then(|t| t.strip_suffix(" puzzles/s"))
        .unwrap_or_else(|| panic!("{:?}", lines[n - 2]));
    let (secs, rate) = time.split_once(" s, ").unwrap();
    secs.parse::<f64>().unwrap();
    rate.parse::<f64>().unwrap();
    let search = lines[n - 1]
        .strip_prefix("search: ")
        .and_then(|t| t.strip_suffix(" per valid puzzle"))
        .unwrap_or_else(|| panic!("{:?}", lines[n - 1]));
    let (total, per) = search.split_once(" guesses, ").unwrap();
    let total: u64 = total.parse().unwrap();
    let per: f64 = per.parse().unwrap();
    // Invalid lines are not searched: the average is over the 7 valid puzzles.
    assert!(
        (per - total as f64 / 7.0).abs() < 0.006,
        "per puzzle {per} is not {total} / 7 valid puzzles"
    );
    let recs = json_lines(&r.stdout);
    let mut sum = 0;
    for rec in &recs {
        if rec["status"] != "invalid" {
            sum += rec["guesses"].as_u64().expect("guesses with --stats");
            rec["micros"].as_u64().expect("micros with --stats");
        }
    }
    assert_eq!(sum, total, "sum of per-record guesses");
    // Without --stats: no figures and nothing on stderr but errors.
    let r = run(&["solve", "--format", "json", &file], None);
    for rec in json_lines(&r.stdout) {
        assert!(rec.get("guesses").is_none() && rec.get("micros").is_none());
    }
    assert!(!r.stderr.contains("puzzles:"));
}

#[test]
fn quiet_changes_no_result() {
    let file = puzzles_arg("mixed.txt");
    let a = run(&["solve", &file], None);
    let b = run(&["solve", "-q", &file], None);
    let c = run(&["solve", "--quiet", &file], None);
    b.expect_code(2);
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(a.stdout, c.stdout);
    assert_eq!(error_lines(&a.stderr), error_lines(&b.stderr));
}

// ---------------------------------------------------------------------------------------------
// check.

#[test]
fn check_verdicts_and_exit_status() {
    let file = puzzles_arg("mixed.txt");
    let r = run(&["check", &file], None);
    r.expect_code(2);
    let words: Vec<String> = grid_records(&r.stdout)
        .iter()
        .map(|x| {
            assert!(x.grid.is_none());
            format!("{}:{}", x.line, x.text)
        })
        .collect();
    assert_eq!(
        words,
        [
            "5:proper",
            "6:proper",
            "7:multiple solutions",
            "9:no solution",
            "10:invalid: expected 81 cells, found 80",
            "12:proper",
            "23:invalid: digit 5 appears twice in row 3",
            "24:proper",
            "25:invalid: invalid character '?'",
            "26:proper",
        ]
    );
    for (name, code) in [
        ("easy.txt", 0),
        ("hard.txt", 0),
        ("grids.txt", 0),
        ("multiple.txt", 1),
        ("none.txt", 1),
        ("empty.txt", 1),
        ("invalid.txt", 2),
    ] {
        run(&["check", "--format", "line", &puzzles_arg(name)], None).expect_code(code);
    }
    let r = run(
        &["check", "--format", "json"],
        Some(&lines_of(&[P, TWO, NONE])),
    );
    r.expect_code(1);
    let recs = json_lines(&r.stdout);
    assert_eq!(
        recs[0],
        json!({"file": "-", "line": 1, "puzzle": P, "status": "unique", "solution": P_SOLUTION,
               "complete": true, "proper": true})
    );
    assert_eq!(recs[1]["proper"], false);
    assert_eq!(recs[1]["status"], "multiple");
    assert_eq!(recs[2]["proper"], false);
    assert_eq!(recs[2]["status"], "none");
}

// ---------------------------------------------------------------------------------------------
// Colour.

/// For each digit in coloured grid text: whether it is bold. Also returns the text without
/// escape codes.
fn bold_digits(text: &str) -> (Vec<(u8, bool)>, String) {
    let mut plain = String::new();
    let mut out = Vec::new();
    let mut bold = false;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(r) = rest.strip_prefix("\x1b[1m") {
            bold = true;
            rest = r;
        } else if let Some(r) = rest.strip_prefix("\x1b[0m") {
            bold = false;
            rest = r;
        } else {
            assert_ne!(c, '\x1b', "unexpected escape in {rest:?}");
            if c.is_ascii_digit() {
                out.push((c as u8 - b'0', bold));
            }
            plain.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    (out, plain)
}

#[test]
fn color_always_makes_givens_bold() {
    let dir = temp_files(&[("p.txt", &lines_of(&[P]))]);
    let r = run_in(dir.path(), &["solve", "--color", "always", "p.txt"], None);
    r.expect_code(0);
    let (digits, plain) = bold_digits(&r.stdout);
    assert_text_eq(&plain, &format!("p.txt:1: unique solution\n{P_GRID}\n"));
    // Skip the header's line number digit.
    let grid: Vec<(u8, bool)> = digits[1..].to_vec();
    assert_eq!(grid.len(), 81);
    let puzzle = cells(P);
    for (i, &(d, bold)) in grid.iter().enumerate() {
        assert_eq!(d, cells(P_SOLUTION)[i]);
        assert_eq!(bold, puzzle[i] != 0, "cell {i}: bold iff a given");
    }
    // Machine formats never carry escapes.
    let r = run_in(
        dir.path(),
        &["solve", "--color", "always", "--format", "json", "p.txt"],
        None,
    );
    assert!(!r.stdout.contains('\x1b'));
    json_lines(&r.stdout);
}

#[test]
fn no_colour_in_pipes_with_never_or_no_color() {
    let input = read_puzzles("mixed.txt");
    let plain = run(&["solve", "--color", "never"], Some(input.as_bytes()));
    assert!(!plain.stdout.contains('\x1b'));
    assert!(!plain.stderr.contains('\x1b'));
    let auto = run(&["solve"], Some(input.as_bytes()));
    assert_eq!(auto.stdout, plain.stdout);
    assert!(!auto.stderr.contains('\x1b'));
    let auto = run(&["solve", "--color", "auto"], Some(input.as_bytes()));
    assert_eq!(auto.stdout, plain.stdout);
    let mut cmd = sudoku();
    cmd.env("NO_COLOR", "1")
        .env("TERM", "xterm-256color")
        .args(["solve", "--color", "auto"]);
    let r = run_cmd(cmd, Some(input.as_bytes()));
    assert_eq!(r.stdout, plain.stdout);
    assert!(!r.stderr.contains('\x1b'));
}

/// Runs `sudoku ARGS` with stdout on a pseudo terminal (util-linux `script`); None when
/// `script` is not available.
fn on_terminal(args: &[&str], no_color: bool) -> Option<String> {
    if !have_tool("script") {
        return None;
    }
    let quote = |s: &str| format!("'{}'", s.replace('\'', "'\\''"));
    let mut line = quote(BIN);
    for a in args {
        line.push(' ');
        line.push_str(&quote(a));
    }
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &line, "/dev/null"])
        .env_remove("NO_COLOR")
        .env("TERM", "xterm")
        .stdin(Stdio::null());
    if no_color {
        cmd.env("NO_COLOR", "1");
    }
    let out = cmd.output().ok()?;
    if !out.status.success() {
        skip_or_fail(&format!("`script` failed: {out:?}"));
        return None;
    }
    Some(String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n"))
}

#[test]
fn color_auto_on_a_terminal_and_no_color() {
    let dir = temp_files(&[("p.txt", &lines_of(&[P]))]);
    let file = dir.path().join("p.txt");
    let file = file.to_str().unwrap();
    let Some(auto) = on_terminal(&["solve", file], false) else {
        return; // no `script` here
    };
    assert!(
        auto.contains("\x1b[1m"),
        "auto colours on a terminal: {auto:?}"
    );
    let (_, plain) = bold_digits(&auto);
    assert!(plain.contains(P_GRID), "{plain}");
    let no_color = on_terminal(&["solve", file], true).unwrap();
    assert!(
        !no_color.contains('\x1b'),
        "NO_COLOR is respected: {no_color:?}"
    );
    let never = on_terminal(&["solve", "--color", "never", file], false).unwrap();
    assert!(!never.contains('\x1b'), "--color never: {never:?}");
    let json = on_terminal(&["solve", "--format", "json", file], false).unwrap();
    assert!(!json.contains('\x1b'), "no escapes in JSON: {json:?}");
}

// ---------------------------------------------------------------------------------------------
// Shell integration, help, version.

#[test]
fn bash_completions_parse() {
    let r = run(&["completions", "bash"], None);
    r.expect_code(0);
    assert!(r.stdout.contains("sudoku"));
    let dir = temp_files(&[("sudoku.bash", r.stdout.as_bytes())]);
    let status = Command::new("bash")
        .arg("-n")
        .arg(dir.path().join("sudoku.bash"))
        .status();
    if let Ok(status) = status {
        assert!(status.success(), "bash -n rejects the completion script");
    }
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let r = run(&["completions", shell], None);
        r.expect_code(0);
        assert!(r.stdout.contains("sudoku"), "{shell}");
    }
}

const FLAGS: [&str; 13] = [
    "--all",
    "--count",
    "--limit",
    "--format",
    "--trace",
    "--threads",
    "--timeout",
    "--stats",
    "--quiet",
    "--color",
    "--help",
    "--version",
    "-q",
];

#[test]
fn man_page_has_every_flag_and_renders() {
    let r = run(&["man"], None);
    r.expect_code(0);
    assert!(
        r.stdout.starts_with(".") || r.stdout.starts_with("'"),
        "roff"
    );
    let text = r.stdout.replace("\\-", "-");
    for flag in FLAGS {
        assert!(text.contains(flag), "man page lacks {flag}");
    }
    for word in ["solve", "check", "completions"] {
        assert!(text.contains(word), "man page lacks {word}");
    }
    if !have_tool("man") {
        return;
    }
    let dir = temp_files(&[("sudoku.1", r.stdout.as_bytes())]);
    let rendered = Command::new("man")
        .arg("-l")
        .arg(dir.path().join("sudoku.1"))
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .env("MANWIDTH", "80")
        .output();
    let out = rendered.expect("man runs");
    assert!(out.status.success(), "man -l: {out:?}");
    {
        let s = String::from_utf8_lossy(&out.stdout);
        assert!(s.contains("sudoku"), "man -l output: {s}");
    }
}

#[test]
fn help_fits_80_columns_and_has_examples() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["solve", "--help"],
        &["solve", "-h"],
        &["check", "--help"],
        &["completions", "--help"],
        &["man", "--help"],
        &["help", "solve"],
    ] {
        let r = run(args, None);
        r.expect_code(0);
        assert!(r.stdout.contains("Usage"), "{args:?}");
        for l in r.stdout.lines() {
            assert!(
                l.chars().count() <= 80,
                "{args:?}: line over 80 columns: {l:?}"
            );
        }
    }
    let r = run(&["solve", "--help"], None);
    assert!(r.stdout.contains("Examples"), "solve --help has examples");
    assert!(r.stdout.contains("sudoku solve "));
    for flag in FLAGS.iter().filter(|f| **f != "--version") {
        assert!(r.stdout.contains(flag), "solve --help lacks {flag}");
    }
}

#[test]
fn version() {
    let r = run(&["--version"], None);
    r.expect_code(0);
    assert_eq!(r.stdout, format!("sudoku {}\n", env!("CARGO_PKG_VERSION")));
    let r = run(&["-V"], None);
    assert_eq!(r.stdout, format!("sudoku {}\n", env!("CARGO_PKG_VERSION")));
}

// ---------------------------------------------------------------------------------------------
// parse -> format -> parse through the command line.

#[test]
fn json_and_grid_output_read_back() {
    let mut puzzles: Vec<String> = Vec::new();
    for f in ["easy.txt", "hard.txt", "multiple.txt", "none.txt"] {
        puzzles.extend(samples(f).into_iter().map(|s| s.puzzle));
    }
    let text: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    let first = run(&["solve", "--format", "json"], Some(text.as_bytes()));
    first.expect_code(1);
    let recs = json_lines(&first.stdout);
    assert_eq!(recs.len(), puzzles.len());
    // The `puzzle` fields are the puzzles, and read back to the same records.
    let again: String = recs
        .iter()
        .map(|v| format!("{}\n", v["puzzle"].as_str().unwrap()))
        .collect();
    let p: Vec<String> = puzzles.iter().map(|p| line_of(&cells(p))).collect();
    assert_eq!(
        again,
        p.iter().map(|x| format!("{x}\n")).collect::<String>()
    );
    let second = run(&["solve", "--format", "json"], Some(again.as_bytes()));
    assert_eq!(second.stdout, first.stdout);
    // Grids printed by the grid format read back as 9-line puzzles: each is its own solution.
    let grids = run(&["solve"], Some(text.as_bytes()));
    let solutions: Vec<[u8; 81]> = grid_records(&grids.stdout)
        .iter()
        .filter_map(|r| r.grid)
        .collect();
    let back = run(
        &["solve", "--format", "line"],
        Some(grids.stdout.as_bytes()),
    );
    // Headers are not puzzles: they are reported as bad lines, the grids are solved.
    let solved: Vec<&str> = back.stdout.lines().filter(|l| *l != "invalid").collect();
    assert_eq!(solved.len(), solutions.len());
    for (s, g) in solved.iter().zip(&solutions) {
        assert_eq!(cells(s), *g);
    }
}

// ---------------------------------------------------------------------------------------------
// Regressions found in review.

#[test]
fn regression_huge_timeout_is_no_timeout_not_a_panic() {
    let r = run(
        &[
            "solve",
            "--timeout",
            "10000000000000000000",
            "--format",
            "line",
        ],
        Some(&lines_of(&[P])),
    );
    r.expect_code(0);
    assert_eq!(r.stdout.lines().count(), 1, "{}", r.stdout);
}

#[test]
fn regression_stdout_and_stderr_both_full_is_no_panic() {
    let (Ok(out), Ok(err)) = (
        std::fs::OpenOptions::new().write(true).open("/dev/full"),
        std::fs::OpenOptions::new().write(true).open("/dev/full"),
    ) else {
        skip_or_fail("needs /dev/full");
        return;
    };
    let status = sudoku()
        .args(["solve", &puzzles_arg("easy.txt")])
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
}

#[test]
fn regression_unreadable_file_report_keeps_its_place() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.txt"),
        format!("{P}\n# trailing comment\n"),
    )
    .unwrap();
    for threads in ["1", "2"] {
        let r = run_in(
            dir.path(),
            &[
                "solve",
                "--format",
                "json",
                "--threads",
                threads,
                "a.txt",
                "missing.txt",
            ],
            None,
        );
        r.expect_code(2);
        // Both streams into one pipe would race; instead check the report comes after a.txt's
        // record by looking at what the record and the report each say.
        assert_eq!(r.stdout.lines().count(), 1, "{}", r.stdout);
        assert!(
            r.stderr.starts_with("sudoku: missing.txt: cannot open: "),
            "{}",
            r.stderr
        );
    }
    // With stdout and stderr on the same file, the order is visible.
    let log = dir.path().join("log.txt");
    let file = std::fs::File::create(&log).unwrap();
    let status = sudoku()
        .current_dir(dir.path())
        .args(["solve", "--format", "line", "a.txt", "missing.txt"])
        .stdin(Stdio::null())
        .stdout(file.try_clone().unwrap())
        .stderr(file)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[0].len(), 81, "{text}");
    assert!(
        lines[1].starts_with("sudoku: missing.txt: cannot open"),
        "{text}"
    );
}

#[test]
fn live_count_shows_on_a_terminal_only_and_not_with_quiet() {
    let empty = puzzles_arg("empty.txt");
    let args = ["solve", "--count", "--timeout", "2s", &empty];
    let Some(shown) = on_terminal(&args, false) else {
        return; // no `script` here
    };
    assert!(shown.contains("solutions so far"), "{shown}");
    assert!(shown.contains("at least"), "{shown}");
    let quiet = on_terminal(
        &["solve", "--count", "--quiet", "--timeout", "2s", &empty],
        false,
    )
    .expect("script worked a moment ago");
    assert!(!quiet.contains("solutions so far"), "{quiet}");
    // Not a terminal: nothing but the result.
    let r = run(&args, None);
    r.expect_code(0);
    assert!(!r.stderr.contains("solutions so far"), "{}", r.stderr);
}

// ---------------------------------------------------------------------------------------------
// Rough edges a new user meets (issue 11).

/// Runs `sudoku ARGS` in `dir`, reads the first line of its stdout and closes the pipe, as
/// `| head -1` does; returns that line, the exit status and stderr.
fn first_line_then_close(dir: &std::path::Path, args: &[&str]) -> (String, Option<i32>, String) {
    let (mut lines, code, err) = read_lines_then_close(Some(dir), args, None, 1);
    (lines.remove(0), code, err)
}

#[test]
fn regression_a_closed_pipe_keeps_the_status_of_what_was_written() {
    // The first record is written before the pipe closes; far more output follows, so the
    // program meets the closed pipe.
    let rest = many_puzzles(3000);
    for (first, status) in [(NONE, 1), (TWO, 0), ("123", 2)] {
        let mut text = lines_of(&[first]);
        text.extend_from_slice(&rest);
        let dir = temp_files(&[("p.txt", &text)]);
        for args in [
            &["solve", "p.txt"][..],
            &["solve", "--format", "line", "-j1", "p.txt"],
            &["solve", "--format", "line", "-j2", "p.txt"],
        ] {
            let (line, code, err) = first_line_then_close(dir.path(), args);
            assert!(!line.is_empty(), "{args:?}");
            assert_eq!(code, Some(status), "{args:?} after {line:?}\n{err}");
        }
        let (line, code, _) =
            first_line_then_close(dir.path(), &["check", "--format", "line", "p.txt"]);
        let expected = match status {
            0 => 1, // multiple: not proper
            s => s,
        };
        assert_eq!(code, Some(expected), "check after {line:?}");
    }
    // A closed pipe alone is still quiet and no error.
    let mut rng = Rng(7);
    let mut proper = String::new();
    while proper.len() < 3000 * 82 {
        let p = blank_cells(&random_grid(&mut rng), 30, &mut rng);
        if reference_count(&p, 2, 1_000_000) == Some(1) {
            proper.push_str(&line_of(&p));
            proper.push('\n');
        }
    }
    let dir = temp_files(&[("p.txt", proper.as_bytes())]);
    let (_, code, err) = first_line_then_close(dir.path(), &["check", "--format", "line", "p.txt"]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
}

#[test]
fn regression_a_closed_stdout_is_a_write_error() {
    // `>&-`: the shell starts the program with no stdout at all.
    let script = format!("exec '{BIN}' solve \"$1\" >&-");
    let mut cmd = Command::new("sh");
    cmd.args(["-c", &script, "sh", &puzzles_arg("easy.txt")]);
    let Ok(out) = cmd.stdin(Stdio::null()).output() else {
        return; // no sh here
    };
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("sudoku: cannot write output"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // The same program with a stdout is fine.
    let script = format!("exec '{BIN}' solve \"$1\" >/dev/null");
    let out = Command::new("sh")
        .args(["-c", &script, "sh", &puzzles_arg("easy.txt")])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn regression_ctrl_c_prints_nothing_after_the_record_it_cut_short() {
    // A count that runs until stopped, then many quick puzzles: on two threads the second
    // one solves those while the first counts.
    let mut text = lines_of(&[EMPTY]);
    text.extend_from_slice(&many_puzzles(2000));
    let dir = temp_files(&[("p.txt", &text)]);
    let mut child = sudoku()
        .args(["solve", "--count", "--format", "line", "-j2", "p.txt"])
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _dog = Watchdog::new(&child);
    std::thread::sleep(Duration::from_millis(1500));
    interrupt(&child);
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.len(),
        1,
        "only the count Ctrl-C stopped: {:?}",
        &lines[..lines.len().min(5)]
    );
    let n = lines[0].strip_suffix('+').expect("a lower bound");
    assert!(n.parse::<u64>().unwrap() > 0);
}

#[test]
fn regression_trace_names_each_puzzle_and_stops_when_stderr_closes() {
    let hard = samples("hard.txt")[0].puzzle.clone();
    let dir = temp_files(&[("p.txt", &lines_of(&[P, "bad", &hard]))]);
    let r = run_in(
        dir.path(),
        &["solve", "--trace", "--format", "line", "p.txt"],
        None,
    );
    r.expect_code(2);
    let headers: Vec<&str> = r
        .stderr
        .lines()
        .filter(|l| l.starts_with("p.txt:"))
        .collect();
    assert_eq!(
        headers,
        [
            "p.txt:1: trace",
            "p.txt:2:1: invalid character 'b'",
            "p.txt:3: trace"
        ],
        "{}",
        r.stderr
    );

    // `--trace 2>&1 >/dev/null | head -2` on a search that would run for hours.
    let mut child = sudoku()
        .args(["solve", "--trace", "--count", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _dog = Watchdog::new(&child);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(&lines_of(&[EMPTY])).unwrap();
    drop(stdin);
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut two = String::new();
    err.read_line(&mut two).unwrap();
    err.read_line(&mut two).unwrap();
    assert_eq!(two.lines().next(), Some("<stdin>:1: trace"));
    drop(err);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "a closed pipe is quiet");
}

#[test]
fn regression_a_puzzle_given_as_an_argument_is_solved() {
    let dir = temp_files(&[("p.txt", &lines_of(&[TWO]))]);
    let r = run_in(
        dir.path(),
        &["solve", "--format", "line", "p.txt", P, "-"],
        Some(&lines_of(&[THREE])),
    );
    r.expect_code(0);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", r.stdout);
    assert!(lines[0].ends_with(" multiple"));
    assert_eq!(lines[1], P_SOLUTION);
    assert!(lines[2].ends_with(" multiple"));
    let r = run(&["solve", P], None);
    r.expect_code(0);
    assert!(
        r.stdout.starts_with("<argument>:1: unique solution\n"),
        "{}",
        r.stdout
    );
    let r = run(&["check", "--format", "json", P], None);
    r.expect_code(0);
    assert_eq!(json_lines(&r.stdout)[0]["file"], "<argument>");
    // A puzzle whose givens break the rules is still a puzzle: invalid, located.
    let bad = format!("55{}", &P[2..]);
    let r = run(&["solve", &bad], None);
    r.expect_code(2);
    assert!(
        r.stderr
            .starts_with("<argument>:1:2: digit 5 appears twice"),
        "{}",
        r.stderr
    );
    // A file of that name wins over the text.
    let dir = temp_files(&[(P, &lines_of(&[TWO]))]);
    let r = run_in(dir.path(), &["solve", "--format", "line", P], None);
    r.expect_code(0);
    assert!(r.stdout.ends_with(" multiple\n"), "{}", r.stdout);
}

#[test]
fn regression_an_argument_that_is_neither_file_nor_puzzle_gets_a_hint() {
    let short = &P[..80];
    let r = run(&["solve", short], None);
    r.expect_code(2);
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{}", r.stderr);
    assert!(
        lines[0].starts_with(&format!("sudoku: {short}: cannot open: ")),
        "{}",
        r.stderr
    );
    assert!(
        lines[1].contains("expected 81 cells, found 80"),
        "{}",
        r.stderr
    );
    assert!(
        lines[2].contains("echo PUZZLE | sudoku solve"),
        "{}",
        r.stderr
    );
    let r = run(&["solve", "4.....8.5.3"], None);
    r.expect_code(2);
    assert!(
        r.stderr.contains("expected 81 cells, found 11"),
        "{}",
        r.stderr
    );
    // A file name is not taken for a puzzle: no hint.
    let r = run(&["solve", "missing.txt"], None);
    r.expect_code(2);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    // No subcommand: the tip says which one.
    let easy = puzzles_arg("easy.txt");
    let r = run(&[&easy], None);
    r.expect_code(2);
    assert!(
        r.stderr.contains(&format!(
            "tip: to solve the puzzles in it: 'sudoku solve {easy}'"
        )),
        "{}",
        r.stderr
    );
    let r = run(&[P], None);
    r.expect_code(2);
    assert!(
        r.stderr
            .contains(&format!("tip: to solve it: 'sudoku solve {P}'")),
        "{}",
        r.stderr
    );
    let r = run(&["sovle"], None);
    r.expect_code(2);
    assert!(!r.stderr.contains("sudoku solve sovle"), "{}", r.stderr);
    // And --help says so.
    let r = run(&["solve", "--help"], None);
    let words = r.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("not a file but a puzzle"), "{}", r.stdout);
}

/// The lines a terminal would have shown, in order: output split at line ends and carriage
/// returns, escape sequences and the bar's blocks removed, blank lines dropped.
fn terminal_frames(shown: &str) -> Vec<String> {
    let mut plain = String::new();
    let mut chars = shown.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // CSI: ESC [ parameters, then a final letter.
            if chars.next_if_eq(&'[').is_some() {
                for c in chars.by_ref() {
                    if c.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
            continue;
        }
        plain.push(match c {
            '\r' => '\n',
            '█' | '░' => ' ',
            c => c,
        });
    }
    plain
        .split('\n')
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Runs `sudoku ARGS` under `script` (stdout and stderr a terminal), returning what was shown
/// and how long it took; None when `script` is not available.
fn on_terminal_timed(args: &[&str]) -> Option<(String, f64)> {
    let start = std::time::Instant::now();
    let shown = on_terminal(args, false)?;
    Some((shown, start.elapsed().as_secs_f64()))
}

/// A frame of the bar: `P% N puzzles, R/s, E elapsed, L left`.
#[derive(Debug, Clone, Copy)]
struct Frame {
    pct: f64,
    done: f64,
    /// Puzzles a second (rounded).
    rate: f64,
    /// Seconds, rounded down.
    elapsed: f64,
    /// Seconds, rounded up.
    left: f64,
}

/// `P% N puzzles, R/s, E elapsed, L left` → its [`Frame`].
fn bar_frame(line: &str) -> Option<Frame> {
    let secs = |t: &str| -> Option<f64> {
        let mut total = 0.0;
        for part in t.split(' ') {
            let (n, unit) = part.split_at(part.find(|c: char| !c.is_ascii_digit())?);
            let n: f64 = n.parse().ok()?;
            total += n * match unit {
                "s" => 1.0,
                "m" => 60.0,
                "h" => 3600.0,
                _ => return None,
            };
        }
        Some(total)
    };
    let (pct, rest) = line.split_once("% ")?;
    let parts: Vec<&str> = rest.split(", ").collect();
    let [puzzles, rate, elapsed, left] = parts[..] else {
        return None;
    };
    let n = puzzles
        .strip_suffix(" puzzles")
        .or(puzzles.strip_suffix(" puzzle"))?;
    Some(Frame {
        pct: pct.trim().parse().ok()?,
        done: n.replace(',', "").parse().ok()?,
        rate: rate.strip_suffix("/s")?.replace(',', "").parse().ok()?,
        elapsed: secs(elapsed.strip_suffix(" elapsed")?)?,
        left: secs(left.strip_suffix(" left")?)?,
    })
}

#[test]
fn regression_the_progress_bar_follows_the_records_written() {
    // Hard puzzles, every line the same length, enough for a few seconds of the test build
    // (which is optimised: see [profile.test] in Cargo.toml); three times as many when the
    // first run is over too soon for the display to show a few frames, one of them between
    // 20% and 80% with a few seconds left (the time left is shown in whole seconds, rounded
    // up: too coarse under that to tell a wrong estimate).
    let hard = samples("hard.txt");
    let mut n = 400_000;
    let (frames, took) = loop {
        let text: Vec<&str> = hard
            .iter()
            .map(|s| s.puzzle.as_str())
            .cycle()
            .take(n)
            .collect();
        let dir = temp_files(&[("p.txt", &lines_of(&text))]);
        let file = dir.path().join("p.txt");
        let args = ["solve", "--format", "line", "-j1", file.to_str().unwrap()];
        let Some((shown, took)) = on_terminal_timed(&args) else {
            return; // no `script` here
        };
        let frames: Vec<Frame> = terminal_frames(&shown)
            .iter()
            .filter_map(|l| bar_frame(l))
            .collect();
        let middle = frames
            .iter()
            .any(|f| (20.0..=80.0).contains(&f.pct) && f.left >= 3.0);
        if (frames.len() >= 3 && middle) || n > 400_000 {
            break (frames, took);
        }
        n *= 3;
    };
    assert!(
        frames.len() >= 3,
        "a run of {took:.1} s shows its bar: {frames:?}"
    );
    let mut checked = 0;
    let mut last_elapsed = 0.0;
    for &frame in &frames {
        let Frame {
            pct,
            done,
            rate,
            elapsed,
            left,
        } = frame;
        // The bar is how far the records written reach, not the input read.
        let share = 100.0 * done / n as f64;
        assert!(
            (pct - share).abs() <= 1.5,
            "{pct}% shown with {done} of {n} puzzles done"
        );
        // The display's clock: shown after a second of work, never back, never ahead of
        // the run's.
        assert!(
            elapsed >= 1.0 && elapsed >= last_elapsed && elapsed <= took,
            "{elapsed} s elapsed after {last_elapsed} s, in a run of {took:.1} s"
        );
        last_elapsed = elapsed;
        if (20.0..=80.0).contains(&pct) && rate > 0.0 {
            checked += 1;
            // The time the frame was drawn at, t, to a few digits: the puzzles done over
            // their rate (rounded to a whole), in the second the elapsed time shows.
            let (t_low, t_high) = (done / (rate + 0.5), done / (rate - 0.5));
            assert!(
                t_high >= elapsed && t_low < elapsed + 1.0,
                "{frame:?}: {done} puzzles at {rate}/s in {elapsed} s"
            );
            // The time left is the rate so far applied to the records left: t (1 - f) / f,
            // rounded up, for the share f of the records written (give or take the chunks
            // written between the display's reading the count and the position). Not the
            // actual rest of the run: the machine's load can change the rate at any time.
            let rest = |f: f64| (1.0 - f) / f;
            let f = share / 100.0;
            let (low, high) = (t_low * rest(f + 0.005), t_high * rest(f - 0.005));
            assert!(
                left >= low.ceil() && left <= high.ceil(),
                "{frame:?}: {left} s left, not the rate so far ({low:.2} s to {high:.2} s)"
            );
        }
    }
    assert!(checked > 0, "no frame between 20% and 80%: {frames:?}");
}

#[test]
fn regression_a_long_count_shows_solutions_not_a_full_bar() {
    let empty = puzzles_arg("empty.txt");
    let args = ["solve", "--count", "--timeout", "2500ms", &empty];
    let Some((shown, _)) = on_terminal_timed(&args) else {
        return; // no `script` here
    };
    let frames: Vec<String> = terminal_frames(&shown)
        .into_iter()
        .filter(|l| l.contains("elapsed"))
        .collect();
    assert!(!frames.is_empty(), "{shown:?}");
    for f in &frames {
        assert!(
            f.contains(" solutions so far, ") && f.contains("/s"),
            "{f:?}"
        );
        assert!(!f.contains('%') && !f.contains("puzzles"), "{f:?}");
    }
    // Two such counts: after the first, one puzzle is done, in the singular.
    let dir = temp_files(&[("two.txt", &lines_of(&[EMPTY, EMPTY]))]);
    let two = dir.path().join("two.txt");
    let args = [
        "solve",
        "--count",
        "-j1",
        "--timeout",
        "1500ms",
        two.to_str().unwrap(),
    ];
    let (shown, _) = on_terminal_timed(&args).unwrap();
    let frames = terminal_frames(&shown);
    assert!(
        frames.iter().any(|f| f.contains(", 1 puzzle done, ")),
        "{frames:?}"
    );
    assert!(
        !frames.iter().any(|f| f.contains("1 puzzles")),
        "{frames:?}"
    );
}

#[test]
fn regression_reading_from_a_terminal_says_so_and_draws_no_progress() {
    if !have_tool("script") {
        return;
    }
    let mut child = match Command::new("script")
        .args(["-qec", &format!("'{BIN}' solve --format line"), "/dev/null"])
        .env("TERM", "xterm")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    {
        Ok(child) => child,
        Err(_) => return, // no `script` here
    };
    let _dog = Watchdog::new(&child);
    let mut typed = child.stdin.take().unwrap();
    typed.write_all(&lines_of(&[P])).unwrap();
    typed.flush().unwrap();
    // Well past the second after which a busy run shows its progress.
    std::thread::sleep(Duration::from_millis(2500));
    typed.write_all(b"\x04").unwrap();
    typed.flush().unwrap();
    let mut shown = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut shown)
        .unwrap();
    let status = child.wait().unwrap();
    drop(typed);
    assert_eq!(status.code(), Some(0), "{shown:?}");
    let notice = "sudoku: reading puzzles from the terminal";
    assert_eq!(shown.matches(notice).count(), 1, "{shown:?}");
    assert!(shown.contains("Ctrl-D"), "{shown:?}");
    assert!(shown.contains(P_SOLUTION), "{shown:?}");
    assert!(
        !shown.contains("elapsed"),
        "no progress while waiting: {shown:?}"
    );
    // --quiet: no notice.
    let quiet = on_terminal(&["solve", "--quiet", "--format", "line"], false).unwrap();
    assert!(!quiet.contains(notice), "{quiet:?}");
}

#[test]
fn regression_each_command_help_describes_that_command() {
    let check = run(&["check", "--help"], None);
    check.expect_code(0);
    let words = check
        .stdout
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for solve_only in [
        "--all",
        "--count",
        "--limit",
        "--trace",
        "81 digits",
        "Nine rows",
    ] {
        assert!(
            !words.contains(solve_only),
            "check --help mentions {solve_only:?}:\n{}",
            check.stdout
        );
    }
    for about_check in ["proper", "multiple", "none", "\"proper\""] {
        assert!(
            words.contains(about_check),
            "check --help lacks {about_check:?}:\n{}",
            check.stdout
        );
    }
    let solve = run(&["solve", "--help"], None);
    let words = solve
        .stdout
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        words.contains("the solution's 81 digits"),
        "{}",
        solve.stdout
    );
    assert!(!words.contains("\"proper\""), "{}", solve.stdout);
}

/// The manual page as `man -l` shows it, 80 columns wide; None when `man` is not available.
fn rendered_man_page() -> Option<String> {
    if !have_tool("man") {
        return None;
    }
    let r = run(&["man"], None);
    r.expect_code(0);
    let dir = temp_files(&[("sudoku.1", r.stdout.as_bytes())]);
    let out = Command::new("man")
        .arg("-l")
        .arg(dir.path().join("sudoku.1"))
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .env("MANWIDTH", "80")
        .env("MAN_KEEP_FORMATTING", "0")
        .output()
        .ok()?;
    if !out.status.success() {
        skip_or_fail(&format!("`man -l` failed: {out:?}"));
        return None;
    }
    // Bold and underline by overstriking, if any: keep the letters.
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut plain = String::new();
    for c in text.chars() {
        if c == '\u{8}' {
            plain.pop();
        } else {
            plain.push(c);
        }
    }
    Some(plain)
}

#[test]
fn regression_the_man_page_shows_clean_examples_and_sections() {
    let Some(page) = rendered_man_page() else {
        return; // no `man` here
    };
    let lines: Vec<&str> = page.lines().map(str::trim).collect();
    for heading in [
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "COMMANDS",
        "INPUT",
        "EXIT STATUS",
    ] {
        let n = lines.iter().filter(|l| **l == heading).count();
        assert_eq!(n, 1, "{heading} appears {n} times:\n{page}");
    }
    assert!(!lines.contains(&"EXTRA"), "{page}");
    // Every example whole on a line of its own, and what it does on one line.
    let help = run(&["solve", "--help"], None).stdout + &run(&["check", "--help"], None).stdout;
    // In the help, what an example does starts at column 42, on the command's line when it
    // fits.
    let mut pieces = Vec::new();
    for block in help.split("Examples:\n").skip(1) {
        for l in block.lines().take_while(|l| !l.is_empty()) {
            let at = if l.len() > 42 && l.as_bytes()[41] == b' ' {
                42
            } else {
                l.len()
            };
            let (command, what) = l.split_at(at);
            for piece in [command.trim(), what.trim()] {
                if !piece.is_empty() {
                    pieces.push(piece.to_string());
                }
            }
        }
    }
    assert!(pieces.len() >= 18, "{pieces:?}");
    for piece in &pieces {
        assert!(
            lines.contains(&piece.as_str()),
            "{piece:?} not whole on a line:\n{page}"
        );
    }
    for l in page.lines() {
        assert!(l.chars().count() <= 80, "over 80 columns: {l:?}");
    }
    // No word split by hyphenation at a line end.
    assert!(
        !page.contains("\u{2010}\n") && !page.contains("-\n "),
        "{page}"
    );
}

#[test]
fn regression_the_readme_first_example_prints_what_it_shows() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let block = readme
        .split("```console\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a console block");
    let mut lines = block.lines();
    let command = lines.next().unwrap().strip_prefix("$ ").expect("a command");
    let shown: Vec<&str> = lines.collect();
    let (run_args, head) = command.split_once(" | head -").expect("| head -N");
    let head: usize = head.trim().parse().unwrap();
    let args: Vec<&str> = run_args.split(' ').skip(1).collect();
    let r = run_in(&root(), &args, None);
    r.expect_code(0);
    let printed: Vec<&str> = r.stdout.lines().take(head).collect();
    assert_eq!(printed, shown, "README: {command}");
    // Installing uses the lock file.
    for l in readme.lines().filter(|l| l.contains("cargo install")) {
        assert!(l.contains("--locked"), "{l}");
    }
}

#[test]
fn regression_small_wordings() {
    // --all in lines: '# 0 solutions', the pattern of '# 2 solutions'.
    let r = run(
        &["solve", "--all", "--format", "line"],
        Some(&lines_of(&[NONE, TWO])),
    );
    r.expect_code(1);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "# 0 solutions", "{}", r.stdout);
    assert_eq!(lines[3], "# 2 solutions", "{}", r.stdout);
    // A NUL byte is named, not escaped.
    let r = run(&["solve"], Some(b"12\0\n"));
    r.expect_code(2);
    assert!(
        r.stderr
            .starts_with("<stdin>:1:3: invalid character NUL (byte 0x00)\n"),
        "{}",
        r.stderr
    );
    // --limit says plainly that a count reaching it is a lower bound, even in the summary.
    let r = run(&["solve", "-h"], None);
    let words = r.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("a count that reaches N is a lower bound"),
        "{}",
        r.stdout
    );
    let r = run(&["solve", "--help"], None);
    let words = r.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("--limit 1 prints 1+"), "{}", r.stdout);
}

#[test]
fn regression_timeout_0_means_propagation_only() {
    // Item 5 of the rough edges: the clock was read first at guess 1,024, so --timeout 0
    // and 1ms barely acted. A puzzle that needs a guess is now stopped before it; one that
    // propagation solves is still solved.
    let easy = &samples("easy.txt")[0].puzzle;
    let hard = &samples("hard.txt")[0].puzzle;
    let input = format!("{easy}\n{hard}\n");
    let run = run(
        &["solve", "--timeout", "0", "--format", "line", "-j1", "-"],
        Some(input.as_bytes()),
    );
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert_solves_text(easy, lines[0], "propagation alone solves the easy one");
    assert_eq!(lines[1], "unknown", "the hard one needs a guess");
    run.expect_code(1);
}

/// Each command's own help opens with the description `sudoku --help` lists for it. The
/// commands' options are built lazily (clap's `defer`), and a doc comment on a flag struct
/// would then silently replace a command's description with the struct's.
#[test]
fn each_command_help_opens_with_its_listed_description() {
    let top = run(&["--help"], None);
    top.expect_code(0);
    // The "Commands:" list: a name and the start of its description, continuation lines
    // indented further.
    let mut listed: Vec<(String, String)> = Vec::new();
    for line in top.stdout.lines().skip_while(|l| *l != "Commands:").skip(1) {
        if line.trim().is_empty() {
            break;
        }
        let text = line.trim_start();
        if line.len() - text.len() == 2 {
            let (name, about) = text.split_once(' ').unwrap_or((text, ""));
            listed.push((name.to_string(), about.trim().to_string()));
        } else if let Some(last) = listed.last_mut() {
            last.1 = format!("{} {}", last.1, text);
        }
    }
    let names: Vec<&str> = listed.iter().map(|(n, _)| n.as_str()).collect();
    for expected in ["solve", "check", "hint", "explain", "generate", "rate"] {
        assert!(
            names.contains(&expected),
            "{expected} not listed:\n{}",
            top.stdout
        );
    }
    for (name, about) in listed.iter().filter(|(n, _)| n != "help") {
        let own = run(&[name.as_str(), "-h"], None);
        own.expect_code(0);
        let opening = own
            .stdout
            .split("\n\n")
            .next()
            .unwrap_or_default()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            opening
                .trim_end_matches('.')
                .starts_with(about.trim_end_matches('.')),
            "`sudoku {name} -h` opens with {opening:?}, `sudoku --help` lists {about:?}"
        );
    }
}
