//! Grids written as code: a list of lists in Python, JSON, C, JavaScript or Rust, with one row
//! per line or the whole grid on one line, or a grid in a string.
//!
//! ```text
//! grid = [[0,7,2,4,8,5,0,0,0],             sudoku = np.array([
//!         [4,0,8,2,0,0,0,0,0],                 [5, 3, 0, 0, 7, 0, 0, 0, 0],
//!         ...                                  ...
//!         [0,0,0,0,0,0,0,0,0]]                 [0, 0, 0, 0, 8, 0, 0, 7, 9]], dtype=int)
//! int grid[9][9] = {                       board = [["5","3",".",".","7",".",".",".","."],
//!     {3, 0, 6, 5, 0, 8, 4, 0, 0},             ["6",".",".","1","9","5",".",".","."], ...]
//!     ...                                  {"puzzle": "4.....8.5.3..........7......2..."}
//! };                                       5,3,0,0,7,0,0,0,0
//! ```
//!
//! On such a line brackets, braces, parentheses, commas, semicolons and quotes separate cells;
//! an assignment or a call in front (`grid = `, `sudoku = np.array(`, `int g[9][9] = `) is
//! skipped, and so are a key before a colon (`"grid":`), trailing arguments after a closing
//! bracket (`], dtype=int)`) and a `#` or `//` comment at the end. Each cell is one character,
//! as in the other forms. A line holds a row (9 cells), a whole puzzle (81) or only brackets
//! (skipped, so `grid = [` and `]]` lines sit around the rows of a grid).

use super::oneline::{LONG_RUN, bad_byte, cell_value};
use super::{Bad, ErrorKind, Line, Shape};
use crate::board::CELLS;

use super::grid::{Row, RowRead};

/// Where the code on `text` starts (after an assignment or call in front), if `text` (whose
/// first `indent` bytes are indentation) reads as a line of code.
pub(super) fn code_start(text: &[u8], indent: usize) -> Option<usize> {
    let body = &text[indent..];
    let first = *body.first()?;
    if is_open(first) || is_close(first) || is_quote(first) {
        return Some(indent);
    }
    if cell_value(first).is_some() {
        // Comma-separated values: `5,3,0,0,7,0,0,0,0`. Not cells run together with a comma
        // somewhere, which is a one-line puzzle with a stray comma.
        let single = body.get(1).is_none_or(|&b| cell_value(b).is_none());
        return (single && memchr::memchr(b',', body).is_some()).then_some(indent);
    }
    if !first.is_ascii_alphabetic() {
        return None;
    }
    // `NAME = VALUE`: the value must open a list or a string, maybe through a call.
    let after = match memchr::memchr(b'=', body) {
        Some(eq) if body.get(eq + 1) != Some(&b'=') => eq + 1,
        _ => 0,
    };
    let rest = &body[after..];
    let skip = rest.len() - rest.trim_ascii_start().len();
    let at = after + skip;
    match body.get(at) {
        Some(&b) if after > 0 && (is_open(b) || is_quote(b)) => Some(indent + at),
        Some(&b) if b.is_ascii_alphabetic() => {
            // A call or macro: `np.array(`, `vec![`, `grid: [`.
            let name = body[at..]
                .iter()
                .take_while(|&&b| {
                    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b':' | b'!')
                })
                .count();
            let gap = body[at + name..]
                .iter()
                .take_while(|&&b| b == b' ' || b == b'\t')
                .count();
            let open = at + name + gap;
            body.get(open)
                .is_some_and(|&b| is_open(b))
                .then_some(indent + open)
        }
        _ => None,
    }
}

fn is_open(b: u8) -> bool {
    matches!(b, b'[' | b'{' | b'(')
}

fn is_close(b: u8) -> bool {
    matches!(b, b']' | b'}' | b')')
}

fn is_quote(b: u8) -> bool {
    matches!(b, b'"' | b'\'')
}

/// Cells read from a line of code, with their columns.
struct Cells {
    values: [u8; CELLS],
    columns: [u32; CELLS],
    count: usize,
    /// Column just after the last cell, of the tenth cell and of the 82nd: where a row or a
    /// puzzle with too many cells goes wrong.
    after_last: u64,
    tenth: u64,
    past_full: u64,
}

impl Cells {
    fn push(&mut self, value: u8, i: usize) {
        if self.count < CELLS {
            self.values[self.count] = value;
            self.columns[self.count] = i as u32 + 1;
        }
        if self.count == 9 {
            self.tenth = i as u64 + 1;
        } else if self.count == CELLS {
            self.past_full = i as u64 + 1;
        }
        self.count += 1;
        self.after_last = i as u64 + 2;
    }
}

/// Reads the line of code in `text` from byte `start` (see [`code_start`]).
pub(super) fn parse(text: &[u8], start: usize, truncated: bool) -> Line {
    let mut cells = Cells {
        values: [0; CELLS],
        columns: [0; CELLS],
        count: 0,
        after_last: 0,
        tenth: 0,
        past_full: 0,
    };
    let bad = |i: usize, kind| {
        let cells = text.iter().filter(|&&b| cell_value(b).is_some()).count();
        let shape = match cells {
            0 => Shape::Other,
            n if n >= LONG_RUN => Shape::OneLine,
            _ => Shape::Row,
        };
        Line::Bad(Bad {
            column: i as u64 + 1,
            kind,
            shape,
        })
    };
    // Whether a closing bracket came after the last cell: what follows may be trailing
    // arguments (`], dtype=int)`), not cells.
    let mut closed = false;
    let mut opened = false;
    let mut i = start;
    while i < text.len() {
        let b = text[i];
        if let Some(v) = cell_value(b) {
            cells.push(v, i);
            closed = false;
        } else if is_close(b) {
            closed = true;
        } else if is_open(b) {
            opened = true;
        } else if matches!(b, b' ' | b'\t' | b',' | b';' | b'|') {
        } else if b == b'#' || text[i..].starts_with(b"//") {
            break;
        } else if is_quote(b) {
            let end = memchr::memchr(b, &text[i + 1..]).map_or(text.len(), |k| i + 1 + k);
            let after = text.get(end + 1..).unwrap_or_default();
            let gap = after.len() - after.trim_ascii_start().len();
            if after.get(gap) == Some(&b':') {
                // A key: `"grid": [[...`.
                i = end + 1 + gap + 1;
                continue;
            }
            for k in i + 1..end {
                if let Some(v) = cell_value(text[k]) {
                    cells.push(v, k);
                } else if !matches!(text[k], b' ' | b'\t' | b',' | b'|' | b'+' | b'-') {
                    return bad(k, bad_byte(&text[k..]));
                }
            }
            i = end + 1;
            continue;
        } else if (b.is_ascii_alphabetic() || b == b'=') && closed {
            break;
        } else {
            return bad(i, bad_byte(&text[i..]));
        }
        i += 1;
    }
    if truncated {
        return Line::Bad(Bad {
            column: 1,
            kind: ErrorKind::TooLong,
            shape: Shape::Other,
        });
    }
    let at = |column: u64, kind, shape| {
        Line::Bad(Bad {
            column,
            kind,
            shape,
        })
    };
    match cells.count {
        0 if opened => Line::Open,
        0 => Line::Skip,
        9 => {
            let mut row = Row {
                values: [0; 9],
                columns: [0; 9],
            };
            row.values.copy_from_slice(&cells.values[..9]);
            row.columns.copy_from_slice(&cells.columns[..9]);
            RowRead::cells(row, text)
        }
        CELLS => Line::CodePuzzle(cells.values, Box::new(cells.columns)),
        n if n >= LONG_RUN => {
            let column = if n > CELLS {
                cells.past_full
            } else {
                cells.after_last
            };
            at(column, ErrorKind::CellCount(n), Shape::OneLine)
        }
        n if n < 9 => at(cells.after_last, ErrorKind::RowCells(n), Shape::Row),
        n => at(cells.tenth, ErrorKind::RowCells(n), Shape::Row),
    }
}
