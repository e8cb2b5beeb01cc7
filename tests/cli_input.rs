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
