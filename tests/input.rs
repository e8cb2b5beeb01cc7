//! The reader's input forms, through the library: line ends, 9-line grids, grids written as
//! code, and positions with pencil marks. Every expected board is built independently of the
//! reader (from `common`'s cell parser) and compared cell by cell.

mod common;

use std::io::{self, Read};

use common::{cells, keeps_rules};
use sudoku::board::Board;
use sudoku::input::{Entry, PuzzleReader};

/// A puzzle with one solution (the library example of docs/guide.md).
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
fn record_headers_are_skipped_but_not_lines_that_only_look_alike() {
    // `solve` writes `FILE:LINE: verdict` above each grid: skipped, also between rows.
    let r = rows(P);
    let text = format!(
        "puzzles/easy.txt:2: unique solution\n{}\n<stdin>:7:\n{}\n",
        r.join("\n"),
        Q
    );
    let got: Vec<(u64, [u8; 81])> = read(text.as_bytes())
        .iter()
        .map(|e| (e.line, values(e)))
        .collect();
    assert_eq!(got, [(2, cells(P)), (12, cells(Q))]);
    // Not headers: a puzzle with an annotation, a name with a space, no line number, a
    // number not followed by a colon.
    for line in [
        format!("{P}:12: rated"),
        "my puzzles.txt:3: unique".to_string(),
        "a.txt:: unique".to_string(),
        "a.txt:3x: unique".to_string(),
        "1.2:3: x".to_string(),
    ] {
        let entries = read(format!("{line}\n").as_bytes());
        assert_eq!(entries.len(), 1, "{line:?} read as a header");
    }
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

// ---------------------------------------------------------------------------------------------
// Positions with pencil marks (issue 9).

/// The candidates of each cell of `puzzle` after removing the digits of its peers, computed
/// here without the library: bit d-1 for digit d, a given holds just its own digit.
fn candidates(puzzle: &[u8; 81]) -> [u16; 81] {
    let units = common::units();
    std::array::from_fn(|k| {
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
        m
    })
}

fn digits(mask: u16) -> String {
    (1..=9u8)
        .filter(|d| mask & (1 << (d - 1)) != 0)
        .map(|d| (b'0' + d) as char)
        .collect()
}

/// The cells with exactly one candidate: the board of a position.
fn singles(marks: &[u16; 81]) -> [u8; 81] {
    std::array::from_fn(|k| {
        if marks[k].count_ones() == 1 {
            marks[k].trailing_zeros() as u8 + 1
        } else {
            0
        }
    })
}

/// The position as HoDoKu's "copy PM grid" lays it out: a width per column, `.` `:` `'`
/// corners on the rulers.
fn hodoku_grid(marks: &[u16; 81]) -> String {
    let cell: Vec<String> = marks.iter().map(|&m| digits(m)).collect();
    let width: Vec<usize> = (0..9)
        .map(|c| (0..9).map(|r| cell[r * 9 + c].len()).max().unwrap() + 2)
        .collect();
    let ruler = |edge: char, middle: char| {
        let part = |b: usize| "-".repeat(width[b * 3] + width[b * 3 + 1] + width[b * 3 + 2]);
        format!(
            "{edge}{}{middle}{}{middle}{}{edge}\n",
            part(0),
            part(1),
            part(2)
        )
    };
    let mut s = String::new();
    for r in 0..9 {
        match r {
            0 => s.push_str(&ruler('.', '.')),
            3 | 6 => s.push_str(&ruler(':', '+')),
            _ => {}
        }
        for c in 0..9 {
            s.push_str(if c % 3 == 0 { "| " } else { " " });
            let t = &cell[r * 9 + c];
            s.push_str(t);
            s.push_str(&" ".repeat(width[c] - t.len() - 1));
        }
        s.push_str("|\n");
    }
    s.push_str(&ruler('\'', '\''));
    s
}

/// The position as Sudoku Explainer saves pencil marks: one width for all cells, `+` rulers,
/// CRLF line ends.
fn explainer_grid(marks: &[u16; 81]) -> String {
    let crd = marks.iter().map(|m| m.count_ones() as usize).max().unwrap();
    let ruler = format!(
        "+{}\r\n",
        format!("{}-+", "-".repeat(3 * (crd + 1))).repeat(3)
    );
    let mut s = String::new();
    for r in 0..9 {
        if r % 3 == 0 {
            s.push_str(&ruler);
        }
        s.push('|');
        for c in 0..9 {
            let t = digits(marks[r * 9 + c]);
            s.push_str(&format!(" {t:<crd$}"));
            if c % 3 == 2 {
                s.push_str(" |");
            }
        }
        s.push_str("\r\n");
    }
    s + &ruler
}

fn marks_line(marks: &[u16; 81]) -> String {
    marks
        .iter()
        .flat_map(|&m| {
            (0..9).map(move |d| {
                if m & (1 << d) != 0 {
                    (b'1' + d) as char
                } else {
                    '.'
                }
            })
        })
        .collect()
}

/// A position part way: the candidates of P with a few more removed by hand (as a solver
/// would), so that the marks are not those of the board alone.
fn position() -> [u16; 81] {
    let mut m = candidates(&cells(P));
    let mut removed = 0;
    for cell in m.iter_mut() {
        if cell.count_ones() >= 3 && removed < 6 {
            *cell &= !(1 << cell.trailing_zeros());
            removed += 1;
        }
    }
    assert_eq!(removed, 6);
    m
}

#[track_caller]
fn assert_position(entry: &Entry, marks: &[u16; 81]) {
    assert_eq!(values(entry), singles(marks));
    let got = entry.marks.as_deref().expect("pencil marks");
    for k in 0..81 {
        assert_eq!(got[k], marks[k], "cell r{}c{}", k / 9 + 1, k % 9 + 1);
    }
}

#[test]
fn pencil_mark_grids_as_hodoku_and_sudoku_explainer_print_them() {
    let m = position();
    for text in [hodoku_grid(&m), explainer_grid(&m)] {
        let entries = read(format!("{text}{Q}\n").as_bytes());
        assert_eq!(entries.len(), 2, "{text}\n{entries:?}");
        // Located at its first row, under the top ruler.
        assert_eq!(entries[0].line, 2);
        assert_position(&entries[0], &m);
        // A plain puzzle after it has no marks: its candidates follow from its board.
        assert_eq!((entries[1].line, values(&entries[1])), (14, cells(Q)));
        assert_eq!(entries[1].marks, None);
    }
    // Every cell open (no digit placed yet) and compact spacing, with comments inside.
    let all = [0x1ffu16; 81];
    let rows: Vec<String> = (0..9).map(|_| ["123456789"; 9].join(" ")).collect();
    let text = format!(
        "{}\n# half way\n{}\n",
        rows[..5].join("\n"),
        rows[5..].join("\n")
    );
    assert_position(&read(text.as_bytes())[0], &all);
}

#[test]
fn the_729_character_form() {
    let m = position();
    let line = marks_line(&m);
    assert_eq!(line.len(), 729);
    let entries = read(format!("{Q}\n{line}\n  {line} # annotated\n").as_bytes());
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[0].marks, None);
    assert_position(&entries[1], &m);
    assert_position(&entries[2], &m);
    assert_eq!(entries[2].line, 3);
    // `0` for a closed candidate too.
    assert_position(&read(line.replace('.', "0").as_bytes())[0], &m);
}

#[test]
fn pencil_mark_errors_are_located() {
    let m = position();
    let grid = hodoku_grid(&m);
    let lines: Vec<&str> = grid.lines().collect();
    // The first open cell of row 2 (line 3) loses all its candidates, written `.`.
    let k = (9..18).find(|&k| m[k].count_ones() > 1).unwrap();
    let marks = digits(m[k]);
    let row2 = lines[2];
    let at = row2.find(&format!(" {marks} ")).unwrap() + 1;
    // (cell written, message, column from the cell's start)
    let cases = [
        (".".to_string(), "cell has no candidate".to_string(), 0),
        ("0".to_string(), "cell has no candidate".to_string(), 0),
        (
            format!("{marks}{}", &marks[..1]),
            format!("candidate {} written twice in one cell", &marks[..1]),
            marks.len() as u64,
        ),
        ("4x".to_string(), "invalid character 'x'".to_string(), 1),
    ];
    for (cell, message, offset) in cases {
        let bad_row = format!("{}{cell}{}", &row2[..at], &row2[at + marks.len()..]);
        let mut l: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        l[2] = bad_row;
        let entries = read(format!("{}\n{Q}\n", l.join("\n")).as_bytes());
        assert_eq!(entries.len(), 2, "{cell}: {entries:?}");
        let (line, err_line, column, got) = error(&entries[0]);
        assert_eq!(
            (line, err_line, got.as_str()),
            (2, 3, message.as_str()),
            "{cell}"
        );
        assert_eq!(column, at as u64 + 1 + offset, "{cell}");
        assert_eq!(entries[0].marks, None);
        assert_eq!(values(&entries[1]), cells(Q));
    }
    // A row of eight cells.
    let mut l: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
    let cut = l[5].rfind("| ").unwrap();
    l[5].truncate(cut + 2);
    l[5] += &digits(m[4 * 9 + 6]);
    l[5] += " |";
    let e = read(l.join("\n").as_bytes()).remove(0);
    let (_, err_line, _, got) = error(&e);
    assert_eq!(
        (err_line, got.as_str()),
        (6, "expected 9 cells in a grid row, found 7")
    );

    // Two cells of row 1 left with the same single candidate: a rule break, at the second.
    let mut bad = m;
    let open: Vec<usize> = (0..9).filter(|&k| bad[k].count_ones() > 1).collect();
    bad[open[0]] = 1 << 8;
    bad[open[1]] = 1 << 8;
    let e = read(hodoku_grid(&bad).as_bytes()).remove(0);
    let (_, err_line, column, got) = error(&e);
    assert_eq!(got, "digit 9 appears twice in row 1");
    assert_eq!(err_line, 2);
    let text = &e.result.as_ref().unwrap_err().text;
    assert_eq!(&text[column as usize - 1..column as usize], "9");
    assert_eq!(e.marks, None);

    // The 729 form: a digit out of its place, and a cell with nothing open.
    let line = marks_line(&m);
    let k = line.find('.').unwrap();
    let d = k % 9 + 1;
    let wrong = if d == 9 { '1' } else { '9' };
    let moved = format!("{}{wrong}{}", &line[..k], &line[k + 1..]);
    let e = read(moved.as_bytes()).remove(0);
    assert_eq!(
        error(&e),
        (
            1,
            1,
            k as u64 + 1,
            format!("expected candidate {d} or '.', found '{wrong}'")
        )
    );
    let empty_cell = (0..81).find(|&c| m[c].count_ones() > 1).unwrap();
    let emptied = format!(
        "{}.........{}",
        &line[..empty_cell * 9],
        &line[empty_cell * 9 + 9..]
    );
    let e = read(emptied.as_bytes()).remove(0);
    assert_eq!(
        error(&e),
        (
            1,
            1,
            empty_cell as u64 * 9 + 1,
            "cell has no candidate".into()
        )
    );
}

#[test]
fn a_grid_of_single_digits_is_still_a_plain_puzzle() {
    // A pencil-mark grid in which every cell has one candidate is a solved grid: no marks.
    let solved =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    let m = candidates(&cells(solved));
    let entries = read(hodoku_grid(&m).as_bytes());
    assert_eq!(values(&entries[0]), cells(solved));
    assert_eq!(entries[0].marks, None);
}

#[test]
fn the_end_of_input_is_asked_for_once() {
    // A terminal answers each read after Ctrl-D with 0 only once: asking again would wait
    // for a second Ctrl-D. Count the reads that found nothing.
    struct Counted<'a> {
        data: &'a [u8],
        empty_reads: usize,
    }
    impl Read for Counted<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.data.len().min(buf.len());
            if n == 0 {
                self.empty_reads += 1;
            }
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }
    for text in [
        format!("{P}\n"),
        format!("{P}\r"),
        format!("{P}\r\n"),
        P.to_string(),
        String::new(),
    ] {
        let mut input = Counted {
            data: text.as_bytes(),
            empty_reads: 0,
        };
        let mut reader = PuzzleReader::new(io::BufReader::new(&mut input));
        let n = reader.by_ref().count();
        assert_eq!(n, usize::from(!text.is_empty()), "{text:?}");
        assert!(reader.next().is_none());
        drop(reader);
        assert_eq!(input.empty_reads, 1, "{text:?}");
    }
}

#[test]
fn a_stray_comma_in_a_one_line_puzzle_is_no_list() {
    let stray = format!("{},{}", &P[..6], &P[6..]);
    let e = read(stray.as_bytes()).remove(0);
    assert_eq!(error(&e), (1, 1, 7, "invalid character ','".into()));
}
