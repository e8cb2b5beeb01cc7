//! The input forms through the command line: one record per puzzle or grid whatever its line
//! ends, comments or bad rows, so that output line N of `--format line` belongs to puzzle N.

mod common;

use common::{cells, check_solution, json_lines, run, run_in, temp_files};

/// Puzzles with one solution each.
const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const Q: &str = ".15...836.2368.7...87.3.1.45...97..31...53647..2..6..8.3.4.89658.451.3....9.62...";

/// Checks `solve --format line` output against the puzzles (None: the record must be `invalid`).
#[track_caller]
fn assert_line_records(stdout: &str, puzzles: &[Option<&str>]) {
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines.len(),
        puzzles.len(),
        "one record per puzzle:\n{stdout}"
    );
    for (k, (line, puzzle)) in lines.iter().zip(puzzles).enumerate() {
        match puzzle {
            Some(p) => {
                let solution = line
                    .get(..81)
                    .unwrap_or_else(|| panic!("record {k}: {line}"));
                check_solution(&cells(p), &cells(solution))
                    .unwrap_or_else(|e| panic!("record {k}: {e}"));
            }
            None => assert_eq!(*line, "invalid", "record {k}"),
        }
    }
}

fn grid(puzzle: &str, end: &str) -> String {
    (0..9)
        .map(|r| format!("{}{end}", &puzzle[r * 9..r * 9 + 9]))
        .collect()
}

#[test]
fn cr_only_files_and_byte_order_marks_inside_stdin() {
    // An old Mac file: lone CR line ends, a grid among one-line puzzles.
    let mac = format!("# saved on a Mac\r{P}\r{}{Q}\r", grid(Q, "\r"));
    let r = run(&["solve", "--format", "line"], Some(mac.as_bytes()));
    r.expect_code(0);
    assert_line_records(&r.stdout, &[Some(P), Some(Q), Some(Q)]);

    // `cat a.txt b.txt | sudoku solve`, both files starting with a byte-order mark.
    let dir = temp_files(&[
        ("a.txt", format!("\u{feff}{P}\n").as_bytes()),
        ("b.txt", format!("\u{feff}{Q}\r\n").as_bytes()),
    ]);
    let joined = [
        std::fs::read(dir.path().join("a.txt")).unwrap(),
        std::fs::read(dir.path().join("b.txt")).unwrap(),
    ]
    .concat();
    let r = run_in(dir.path(), &["solve", "--format", "line"], Some(&joined));
    r.expect_code(0);
    assert_line_records(&r.stdout, &[Some(P), Some(Q)]);
    let r = run_in(dir.path(), &["solve", "--format", "json"], Some(&joined));
    let lines: Vec<u64> = json_lines(&r.stdout)
        .iter()
        .map(|v| v["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [1, 2]);
}

#[test]
fn a_grid_with_a_comment_or_a_bad_row_is_one_record() {
    let rows: Vec<&str> = (0..9).map(|r| &Q[r * 9..r * 9 + 9]).collect();
    let commented = format!(
        "{}\n# the middle band\n{}\n",
        rows[..3].join("\n"),
        rows[3..].join("\n")
    );
    let mut bad_rows = rows.iter().map(|r| r.to_string()).collect::<Vec<_>>();
    bad_rows[4].push('5'); // a bare row of ten cells, on line 5 of the grid
    let bad = bad_rows.join("\n");
    let text = format!("{P}\n{commented}{bad}\n{P}\n");
    let dir = temp_files(&[("p.txt", text.as_bytes())]);

    // Line output: line N belongs to puzzle N.
    let r = run_in(dir.path(), &["solve", "--format", "line", "p.txt"], None);
    r.expect_code(2);
    assert_line_records(&r.stdout, &[Some(P), Some(Q), None, Some(P)]);
    // The error names the bad row's own line and column.
    assert!(
        r.stderr
            .starts_with("p.txt:16:10: expected 9 cells in a grid row, found 10\n"),
        "{}",
        r.stderr
    );

    // JSON: the record sits at the grid's first line; the error at the row's line and column.
    let r = run_in(dir.path(), &["solve", "--format", "json", "p.txt"], None);
    let recs = json_lines(&r.stdout);
    let lines: Vec<u64> = recs.iter().map(|v| v["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [1, 2, 12, 21]);
    assert_eq!(recs[2]["status"], "invalid");
    assert_eq!(recs[2]["error"], "expected 9 cells in a grid row, found 10");
    assert_eq!(recs[2]["error_line"], 16);
    assert_eq!(recs[2]["column"], 10);
    // One-line records need no `error_line`: the error is on the record's line.
    let r = run(&["solve", "--format", "json"], Some(b"12345x\n"));
    let recs = json_lines(&r.stdout);
    assert_eq!(recs[0]["line"], 1);
    assert!(recs[0].get("error_line").is_none(), "{}", r.stdout);
}

#[test]
fn a_grid_written_as_a_python_literal_is_solved() {
    let rows: Vec<String> = (0..9)
        .map(|r| {
            let digits: Vec<String> = Q[r * 9..r * 9 + 9]
                .replace('.', "0")
                .chars()
                .map(String::from)
                .collect();
            format!("[{}]", digits.join(","))
        })
        .collect();
    let text = format!(
        "grid = [{},\n        {}]\nint g[9][9] = {{{}}};\n",
        rows[0],
        rows[1..].join(",\n        "),
        rows.join(",").replace('[', "{").replace(']', "}")
    );
    let r = run(&["solve", "--format", "line"], Some(text.as_bytes()));
    r.expect_code(0);
    assert_line_records(&r.stdout, &[Some(Q), Some(Q)]);
    let r = run(&["solve", "--format", "json"], Some(text.as_bytes()));
    let lines: Vec<u64> = json_lines(&r.stdout)
        .iter()
        .map(|v| v["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [1, 10]);
}

/// The candidates of each cell after removing its peers' digits, as digit strings.
fn candidate_strings(puzzle: &[u8; 81]) -> Vec<String> {
    let units = common::units();
    (0..81)
        .map(|k| {
            if puzzle[k] != 0 {
                return puzzle[k].to_string();
            }
            (1..=9u8)
                .filter(|&d| {
                    !units
                        .iter()
                        .filter(|u| u.contains(&k))
                        .any(|u| u.iter().any(|&p| puzzle[p] == d))
                })
                .map(|d| d.to_string())
                .collect()
        })
        .collect()
}

/// A pencil-mark grid in Sudoku Explainer's layout.
fn pencil_grid(marks: &[String]) -> String {
    let w = marks.iter().map(String::len).max().unwrap();
    let ruler = format!("+{}\n", format!("{}-+", "-".repeat(3 * (w + 1))).repeat(3));
    let mut s = String::new();
    for r in 0..9 {
        if r % 3 == 0 {
            s.push_str(&ruler);
        }
        s.push('|');
        for c in 0..9 {
            s.push_str(&format!(" {:<w$}", marks[r * 9 + c]));
            if c % 3 == 2 {
                s.push_str(" |");
            }
        }
        s.push('\n');
    }
    s + &ruler
}

#[test]
fn positions_with_pencil_marks_are_solved_from_their_filled_cells() {
    let marks = candidate_strings(&cells(P));
    let line: String = marks
        .iter()
        .flat_map(|m| {
            (1..=9u8).map(move |d| {
                if m.contains((b'0' + d) as char) {
                    (b'0' + d) as char
                } else {
                    '.'
                }
            })
        })
        .collect();
    let text = format!("{}{line}\n", pencil_grid(&marks));
    let r = run(&["solve", "--format", "line"], Some(text.as_bytes()));
    r.expect_code(0);
    assert_line_records(&r.stdout, &[Some(P), Some(P)]);
    let r = run(&["check", "--format", "json"], Some(text.as_bytes()));
    let lines: Vec<u64> = json_lines(&r.stdout)
        .iter()
        .map(|v| v["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [2, 14]);

    // A cell with no candidate: one invalid record, located at the cell.
    let mut broken = marks.clone();
    // A cell in row 4 or below, so that the error lies below the record's first line.
    let k = (27..81).find(|&k| marks[k].len() > 1).unwrap();
    broken[k] = ".".into();
    let text = pencil_grid(&broken);
    let r = run(&["solve", "--format", "json"], Some(text.as_bytes()));
    r.expect_code(2);
    let recs = json_lines(&r.stdout);
    assert_eq!(recs.len(), 1, "{}", r.stdout);
    assert_eq!(recs[0]["error"], "cell has no candidate");
    let row_line = 2 + k / 9 + k / 27;
    assert_eq!(recs[0]["error_line"], row_line as u64);
    let row_text = text.lines().nth(row_line - 1).unwrap();
    let column = recs[0]["column"].as_u64().unwrap() as usize;
    assert_eq!(&row_text[column - 1..column], ".");
}
