//! The reader's input forms, through the library: line ends, 9-line grids, grids written as
//! code, and positions with pencil marks. Every expected board is built independently of the
//! reader (from `common`'s cell parser) and compared cell by cell.

mod common;

use std::io::{self, Read};

use common::{cells, keeps_rules};
use sudoku::board::Board;
use sudoku::input::{Entry, PuzzleReader};

/// A puzzle with one solution (the README's example).
const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// A second, different puzzle.
const Q: &str = "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";

fn read(text: &[u8]) -> Vec<Entry> {
    PuzzleReader::new(text)
        .collect::<io::Result<Vec<_>>>()
        .expect("reading memory cannot fail")
}

/// The board's 81 cell values, read without the library's own checks.
fn values(entry: &Entry) -> [u8; 81] {
    match &entry.result {
        Ok(board) => *board.cells(),
        Err(e) => panic!("line {}: {} (at {}:{})", entry.line, e, e.line, e.column),
    }
}

/// (entry line, error line, error column, message) of an invalid entry.
fn error(entry: &Entry) -> (u64, u64, u64, String) {
    let e = entry.result.as_ref().expect_err("an invalid entry");
    (entry.line, e.line, e.column, e.to_string())
}

/// The puzzle as nine rows of nine cells, separated the way `sep` says.
fn rows(puzzle: &str) -> Vec<String> {
    (0..9)
        .map(|r| puzzle[r * 9..r * 9 + 9].to_string())
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Line ends and byte-order marks (issue 11, item 8).

#[test]
fn cr_only_line_ends_separate_lines() {
    let text = format!("# old Mac file\r{P}\r\r{Q}\r");
    let entries = read(text.as_bytes());
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert_eq!((entries[0].line, values(&entries[0])), (2, cells(P)));
    assert_eq!((entries[1].line, values(&entries[1])), (4, cells(Q)));
}

#[test]
fn cr_only_grids_and_mixed_line_ends() {
    let grid = rows(P).join("\r");
    // A grid with CR line ends, then a CRLF line, then a LF line, then a last line without an
    // end: line numbers count each line end once.
    let text = format!("{grid}\r{Q}\r\n{P}\n{Q}");
    let entries = read(text.as_bytes());
    let got: Vec<(u64, [u8; 81])> = entries.iter().map(|e| (e.line, values(e))).collect();
    assert_eq!(
        got,
        [
            (1, cells(P)),
            (10, cells(Q)),
            (11, cells(P)),
            (12, cells(Q))
        ]
    );
}

#[test]
fn cr_at_a_buffer_boundary_then_lf_is_one_line_end() {
    // A reader that hands out one byte at a time puts the CR and the LF in different reads.
    struct Trickle<'a>(&'a [u8]);
    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(buf.len()).min(1);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let text = format!("{P}\r\n\r\n{Q}\r\n");
    let reader = io::BufReader::with_capacity(1, Trickle(text.as_bytes()));
    let entries: Vec<Entry> = PuzzleReader::new(reader)
        .collect::<io::Result<_>>()
        .unwrap();
    let got: Vec<(u64, [u8; 81])> = entries.iter().map(|e| (e.line, values(e))).collect();
    assert_eq!(got, [(1, cells(P)), (3, cells(Q))]);
    let mut reader = PuzzleReader::new(text.as_bytes());
    while reader.next().is_some() {}
    assert_eq!(reader.bytes_read(), text.len() as u64);
}

#[test]
fn a_byte_order_mark_at_the_start_of_any_line_is_skipped() {
    const BOM: &str = "\u{feff}";
    // As `cat a.txt b.txt` makes it: the second file's BOM starts a line in the middle.
    let text = format!("{BOM}{P}\n{BOM}{Q}\n{BOM}# comment\n{BOM}\n{}\n", {
        rows(P)
            .iter()
            .map(|r| format!("{BOM}{r}"))
            .collect::<Vec<_>>()
            .join("\n")
    });
    let entries = read(text.as_bytes());
    let got: Vec<(u64, [u8; 81])> = entries.iter().map(|e| (e.line, values(e))).collect();
    assert_eq!(got, [(1, cells(P)), (2, cells(Q)), (5, cells(P))]);
    // Columns do not count the mark.
    let bad = format!("{BOM}{}x{}\n", &P[..4], &P[5..]);
    let e = read(format!("{P}\n{bad}").as_bytes()).remove(1);
    assert_eq!(error(&e), (2, 2, 5, "invalid character 'x'".into()));
}

#[test]
fn every_board_read_keeps_the_rules() {
    // A sanity check on this file's own inputs: the puzzles used here are valid.
    assert!(keeps_rules(&cells(P)) && keeps_rules(&cells(Q)));
    assert_eq!(P.parse::<Board>().unwrap().cells(), &cells(P));
}

// ---------------------------------------------------------------------------------------------
// 9-line grids: one grid, one record (issue 11, item 6).

#[test]
fn comment_lines_inside_a_grid_are_skipped() {
    let r = rows(P);
    let text = format!(
        "# puzzle 1\n{}\n# the middle band\n{}\n------+-------+------\n# last band\n{}\n{Q}\n",
        r[..3].join("\n"),
        r[3..6].join("\n"),
        r[6..].join("\n")
    );
    let entries = read(text.as_bytes());
    let got: Vec<(u64, [u8; 81])> = entries.iter().map(|e| (e.line, values(e))).collect();
    assert_eq!(got, [(2, cells(P)), (14, cells(Q))]);
}

#[test]
fn one_bad_row_gives_one_record_pointing_at_the_row() {
    let mut r = rows(P);
    // Row 5 (line 6 after the comment) gets a letter in its fourth cell.
    r[4].replace_range(3..4, "x");
    let text = format!("{P}\n# grid\n{}\n{Q}\n", r.join("\n"));
    let entries = read(text.as_bytes());
    assert_eq!(entries.len(), 3, "{entries:?}");
    assert_eq!(values(&entries[0]), cells(P));
    assert_eq!(
        error(&entries[1]),
        (3, 7, 4, "invalid character 'x'".into())
    );
    assert_eq!(entries[1].result.as_ref().unwrap_err().text, r[4]);
    assert_eq!((entries[2].line, values(&entries[2])), (12, cells(Q)));
}

#[test]
fn a_bare_row_of_ten_cells_is_a_row_with_too_many_cells() {
    for (k, extra) in [(0, "5"), (4, "12"), (8, "0")] {
        let mut r = rows(P);
        r[k].push_str(extra);
        let text = format!("{}\n{Q}\n", r.join("\n"));
        let entries = read(text.as_bytes());
        assert_eq!(entries.len(), 2, "row {k}: {entries:?}");
        let n = 9 + extra.len();
        assert_eq!(
            error(&entries[0]),
            // The column of the first cell too many.
            (
                1,
                k as u64 + 1,
                10,
                format!("expected 9 cells in a grid row, found {n}")
            ),
            "row {k}"
        );
        assert_eq!((entries[1].line, values(&entries[1])), (10, cells(Q)));
    }
    // Short rows too, with and without separators, anywhere in the grid.
    let mut r = rows(P);
    r[0] = "4 . . | . . . | 8 .".into();
    r[6].pop();
    let entries = read(format!("{}\n", r.join("\n")).as_bytes());
    assert_eq!(entries.len(), 1);
    assert_eq!(
        error(&entries[0]),
        (1, 1, 20, "expected 9 cells in a grid row, found 8".into())
    );
}

#[test]
fn several_bad_rows_still_make_one_record_at_the_first_bad_row() {
    let mut r = rows(P);
    r[2] = "what is this".into();
    r[3].push('7');
    r[7] = "?".into();
    let text = format!("{}\n\n{Q}\n", r.join("\n"));
    let entries = read(text.as_bytes());
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert_eq!(
        error(&entries[0]),
        (1, 3, 1, "invalid character 'w'".into())
    );
    assert_eq!((entries[1].line, values(&entries[1])), (11, cells(Q)));
}

#[test]
fn a_grid_cut_short_is_one_record_and_what_follows_is_kept() {
    let r = rows(P);
    // Cut by a one-line puzzle, with a bad row inside: the bad row is the error.
    let mut bad = r.clone();
    bad[1].push('1');
    let text = format!("{}\n{Q}\n", bad[..4].join("\n"));
    let entries = read(text.as_bytes());
    assert_eq!(entries.len(), 2);
    assert_eq!(
        error(&entries[0]),
        (1, 2, 10, "expected 9 cells in a grid row, found 10".into())
    );
    assert_eq!((entries[1].line, values(&entries[1])), (5, cells(Q)));
    // Cut by a blank line, rows all good: incomplete.
    let text = format!("{}\n\n{}\n", r[..4].join("\n"), r.join("\n"));
    let entries = read(text.as_bytes());
    assert_eq!(entries.len(), 2);
    assert_eq!(
        error(&entries[0]),
        (1, 1, 1, "incomplete grid: expected 9 rows, found 4".into())
    );
    assert_eq!((entries[1].line, values(&entries[1])), (6, cells(P)));
}

#[test]
fn text_between_puzzles_stays_a_record_of_its_own() {
    // A line of prose starts no grid: the grid after it is read whole.
    let text = format!("hello world\n{}\n", rows(P).join("\n"));
    let entries = read(text.as_bytes());
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert_eq!(
        error(&entries[0]),
        (1, 1, 1, "invalid character 'h'".into())
    );
    assert_eq!((entries[1].line, values(&entries[1])), (2, cells(P)));
    // A lone short line of cells reads as a one-line puzzle with too few cells.
    let entries = read(format!("123\n{Q}\n").as_bytes());
    assert_eq!(
        error(&entries[0]),
        (1, 1, 4, "expected 81 cells, found 3".into())
    );
    assert_eq!(values(&entries[1]), cells(Q));
    // A one-line puzzle with a bad character early on is still a one-line puzzle: it does not
    // swallow the grid after it.
    let bad = format!("{}x{}", &Q[..4], &Q[5..]);
    let text = format!("{bad}\n# next\n{}\n", rows(P).join("\n"));
    let entries = read(text.as_bytes());
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert_eq!(
        error(&entries[0]),
        (1, 1, 5, "invalid character 'x'".into())
    );
    assert_eq!((entries[1].line, values(&entries[1])), (3, cells(P)));
}

// ---------------------------------------------------------------------------------------------
// Grids written as code (issue 11, item 7).

/// The puzzle's rows as lists of digits, `0` for blanks: `[4,0,0,...]` with `open`/`close`.
fn code_rows(puzzle: &str, open: &str, close: &str, sep: &str) -> Vec<String> {
    rows(puzzle)
        .iter()
        .map(|r| {
            let digits: Vec<String> = r.replace('.', "0").chars().map(String::from).collect();
            format!("{open}{}{close}", digits.join(sep))
        })
        .collect()
}

/// Reads `text` and returns the one entry it must hold, with its line.
#[track_caller]
fn one(text: &str) -> (u64, [u8; 81]) {
    let entries = read(text.as_bytes());
    assert_eq!(entries.len(), 1, "{text}\n{entries:?}");
    (entries[0].line, values(&entries[0]))
}

#[test]
fn python_list_of_lists_one_row_per_line() {
    let r = code_rows(P, "[", "]", ",");
    // The tutorial's layout: the assignment and the first row on one line.
    let text = format!(
        "grid = [{},\n        {}]\n",
        r[0],
        r[1..].join(",\n        ")
    );
    assert_eq!(one(&text), (1, cells(P)));
    // Brackets on lines of their own, spaces after commas, a comment after a row.
    let spaced = code_rows(P, "    [", "],", ", ");
    let text = format!(
        "# from the tutorial\nsudoku = [\n{}  # last row\n]\n{Q}\n",
        spaced.join("\n")
    );
    let entries = read(text.as_bytes());
    assert_eq!(entries.len(), 2, "{text}");
    assert_eq!((entries[0].line, values(&entries[0])), (2, cells(P)));
    assert_eq!((entries[1].line, values(&entries[1])), (13, cells(Q)));
}

#[test]
fn numpy_c_javascript_and_rust_initialisers() {
    let py = code_rows(P, "[", "]", ", ");
    let numpy = format!(
        "sudoku = np.array([{},\n{}], dtype=int)\n",
        py[0],
        py[1..].join(",\n")
    );
    let c = code_rows(P, "  {", "},", ", ");
    let c = format!("int grid[9][9] = {{\n{}\n}};\n", c.join("\n"));
    let js = format!("const board = [\n{}\n];\n", py.join(",\n"));
    let rust = format!("let grid: [[u8; 9]; 9] = [\n{}\n];\n", py.join(",\n"));
    let call = format!("np.array([\n{}\n])\n", py.join(",\n"));
    for text in [numpy, c, js, rust, call] {
        assert_eq!(one(&text).1, cells(P), "{text}");
    }
}

#[test]
fn quoted_cells_json_and_strings() {
    // LeetCode's board: quoted cells, `.` for blanks.
    let quoted: Vec<String> = rows(P)
        .iter()
        .map(|r| {
            let c: Vec<String> = r.chars().map(|c| format!("\"{c}\"")).collect();
            format!("[{}]", c.join(","))
        })
        .collect();
    let leetcode = format!("board = [{}]\n", quoted.join(","));
    assert_eq!(one(&leetcode), (1, cells(P)));
    // Single quotes, one row per line.
    let single = format!("[{}]\n", quoted.join(",\n").replace('"', "'"));
    assert_eq!(one(&single).1, cells(P));
    // JSON objects: a key before a list of lists, or before a string.
    let json = format!(
        "{{\"grid\": [{}]}}\n",
        code_rows(P, "[", "]", ",").join(",")
    );
    assert_eq!(one(&json).1, cells(P));
    assert_eq!(one(&format!("{{\"puzzle\": \"{Q}\"}}\n")).1, cells(Q));
    // A string assigned in Python, and a list of row strings.
    assert_eq!(
        one(&format!("grid1 = '{}'\n", Q.replace('.', "0"))).1,
        cells(Q)
    );
    let strings: Vec<String> = rows(Q).iter().map(|r| format!("  \"{r}\",")).collect();
    assert_eq!(
        one(&format!("rows = [\n{}\n]\n", strings.join("\n"))).1,
        cells(Q)
    );
}

#[test]
fn a_whole_grid_of_code_on_one_line_and_comma_separated_values() {
    let flat = code_rows(P, "[", "]", ",").join(",");
    assert_eq!(one(&format!("[{flat}]\n")), (1, cells(P)));
    assert_eq!(one(&format!("x = [{flat}];\n")).1, cells(P));
    // A flat list of 81, and CSV rows.
    let csv = code_rows(Q, "", "", ",");
    assert_eq!(one(&format!("[{}]\n", csv.join(","))).1, cells(Q));
    assert_eq!(one(&format!("{}\n", csv.join("\n"))).1, cells(Q));
}

#[test]
fn bad_code_is_located_and_stays_one_record() {
    let mut r = code_rows(P, "[", "],", ",");
    // Row 4 gets a letter: one record, at the grid's first line, pointing at the letter.
    r[3] = r[3].replacen("0", "o", 1);
    let at = r[3].find('o').unwrap() as u64 + 1;
    let text = format!("grid = [\n{}\n]\n{Q}\n", r.join("\n"));
    let entries = read(text.as_bytes());
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert_eq!(
        error(&entries[0]),
        (1, 5, at, "invalid character 'o'".into())
    );
    assert_eq!((entries[1].line, values(&entries[1])), (12, cells(Q)));
    // A row of eight.
    let mut r = code_rows(P, "[", "],", ",");
    r[8] = "[1,2,3,4,5,6,7,8],".into();
    let entries = read(format!("[\n{}\n]\n", r.join("\n")).as_bytes());
    assert_eq!(entries.len(), 1);
    assert_eq!(
        error(&entries[0]),
        (1, 10, 17, "expected 9 cells in a grid row, found 8".into())
    );
    // Givens that break the rules: the column of the clashing cell on a one-line list.
    let mut clash = cells(P);
    clash[1] = 4; // a second 4 in row 1
    let list: Vec<String> = clash.iter().map(|v| v.to_string()).collect();
    let line = format!("grid = [{}]", list.join(", "));
    let e = read(line.as_bytes()).remove(0);
    let (_, _, column, message) = error(&e);
    assert_eq!(message, "digit 4 appears twice in row 1");
    assert_eq!(&line[column as usize - 1..column as usize], "4");
    assert_eq!(column, 12);
}
