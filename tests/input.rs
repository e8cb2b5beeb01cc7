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
