//! Positions with pencil marks: each cell lists the digits it may still hold.
//!
//! Two forms are read:
//!
//! - **A 9-line grid** as HoDoKu and Sudoku Explainer print it: each cell its candidates
//!   written together (`49`, a placed or given cell its one digit), cells separated by spaces,
//!   `|` between boxes, and ruler lines of `-` with `+`, `.`, `:`, `'` or `*` corners:
//!
//!   ```text
//!   .----------------.----------------.----------------.
//!   | 6    2    49   | 19   3    5    | 14   8    7    |
//!   ...
//!   :----------------+----------------+----------------:
//!   ```
//!
//!   A grid is read this way when one of its rows has a cell with two candidates or more; its
//!   rows must then all be rows of candidates.
//! - **One line of 729 characters**: nine per cell, the `d`-th of them the digit `d` when `d`
//!   is a candidate and `.` (or `0`) when it is not.
//!
//! A cell with exactly one candidate is a filled cell of the position's board.

use super::oneline::{bad_byte, is_annotation_separator};
use super::{Bad, ErrorKind, Line, Shape};
use crate::board::CELLS;

/// Characters of the one-line form: nine per cell.
pub(super) const LINE_LEN: usize = 9 * CELLS;

/// The candidates of one row of a pencil-mark grid, as bits (bit `d - 1` for digit `d`), with
/// each cell's column; `multi` when a cell has more than one candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct MarksRow {
    pub marks: [u16; 9],
    pub columns: [u32; 9],
    pub multi: bool,
}

/// Reads `text` as a row of a pencil-mark grid: nine groups of candidates separated by spaces,
/// tabs or `|`. On error, the column and what is wrong.
pub(super) fn row(text: &[u8]) -> Result<MarksRow, (u64, ErrorKind)> {
    let mut row = MarksRow {
        marks: [0; 9],
        columns: [0; 9],
        multi: false,
    };
    let mut count = 0usize;
    let mut after_last = 0usize;
    let mut tenth = 0usize;
    let mut i = 0;
    while i < text.len() {
        if matches!(text[i], b' ' | b'\t' | b'|') {
            i += 1;
            continue;
        }
        let start = i;
        let end = text[i..]
            .iter()
            .position(|&b| matches!(b, b' ' | b'\t' | b'|'))
            .map_or(text.len(), |k| i + k);
        let mut mask = 0u16;
        for (k, &b) in text[start..end].iter().enumerate() {
            let at = start + k;
            match b {
                b'1'..=b'9' => {
                    let bit = 1 << (b - b'1');
                    if mask & bit != 0 {
                        return Err((at as u64 + 1, ErrorKind::RepeatedCandidate(b - b'0')));
                    }
                    mask |= bit;
                }
                b'.' | b'0' if end - start == 1 => {
                    return Err((at as u64 + 1, ErrorKind::NoCandidate));
                }
                _ => return Err((at as u64 + 1, bad_byte(&text[at..]))),
            }
        }
        if count < 9 {
            row.marks[count] = mask;
            row.columns[count] = start as u32 + 1;
            row.multi |= mask.count_ones() > 1;
        } else if count == 9 {
            tenth = start + 1;
        }
        count += 1;
        after_last = end + 1;
        i = end;
    }
    match count {
        9 => Ok(row),
        n if n < 9 => Err((after_last as u64, ErrorKind::RowCells(n))),
        n => Err((tenth as u64, ErrorKind::RowCells(n))),
    }
}

/// A line of separators only that rules a grid, such as HoDoKu's
/// `:----------------+----------------+----------------:` or `*-----------*`: no digit, and
/// at least one `-` or `=`.
pub(super) fn is_ruler(text: &[u8]) -> bool {
    let mut dash = false;
    for &b in text {
        match b {
            b'-' | b'=' => dash = true,
            b' ' | b'\t' | b'|' | b'+' | b'.' | b':' | b'\'' | b'*' => {}
            _ => return false,
        }
    }
    dash
}

/// The one-line form in `body` (whose first [`LINE_LEN`] bytes are cells, `indent` bytes into
/// the line): the candidates of each cell, or what is wrong.
pub(super) fn one_line(body: &[u8], indent: usize, truncated: bool) -> Line {
    let bad = |at: usize, kind| {
        Line::Bad(Bad {
            column: (indent + at) as u64 + 1,
            kind,
            shape: Shape::OneLine,
        })
    };
    match body.get(LINE_LEN) {
        None if truncated => return bad(LINE_LEN, ErrorKind::TooLong),
        Some(&b) if !is_annotation_separator(b) => {
            return bad(LINE_LEN, bad_byte(&body[LINE_LEN..]));
        }
        _ => {}
    }
    let mut marks = Box::new([0u16; CELLS]);
    for (cell, chunk) in body[..LINE_LEN].chunks_exact(9).enumerate() {
        let mut mask = 0u16;
        for (d, &b) in chunk.iter().enumerate() {
            if b == b'1' + d as u8 {
                mask |= 1 << d;
            } else if b != b'.' && b != b'0' {
                return bad(
                    cell * 9 + d,
                    ErrorKind::MisplacedCandidate {
                        digit: d as u8 + 1,
                        found: b as char,
                    },
                );
            }
        }
        if mask == 0 {
            // Point at a `0` if the cell has one: most likely a digit written as 0.
            let at = chunk.iter().position(|&b| b == b'0').unwrap_or(0);
            return bad(cell * 9 + at, ErrorKind::NoCandidate);
        }
        marks[cell] = mask;
    }
    Line::Marks(marks)
}

/// The board of a position: the digit of each cell with exactly one candidate, 0 elsewhere.
pub(super) fn filled(marks: &[u16; CELLS]) -> [u8; CELLS] {
    std::array::from_fn(|k| {
        let m = marks[k];
        if m.count_ones() == 1 {
            m.trailing_zeros() as u8 + 1
        } else {
            0
        }
    })
}
