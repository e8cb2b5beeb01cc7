//! Grids of nine lines: reading one row, and gathering nine rows into one record.
//!
//! A grid is one record however it goes wrong: a bad row does not end it (the rows after it
//! still belong to it, and the record's error points at the first bad row's line and column),
//! and `#` comment lines and separator lines between its rows are skipped. A blank line, a
//! one-line puzzle or the end of the input ends a grid that has fewer than nine rows.

use super::oneline::{LONG_RUN, bad_byte, cell_value};
use super::{Bad, Entry, ErrorKind, Line, PuzzleError, Shape};
use crate::board::{Board, CELLS};

/// Bytes that a row of a 9-line grid may hold besides cells.
#[inline]
fn is_separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'|' | b'+' | b'-')
}

/// The nine cells of a grid row and their columns (from 1, in bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Row {
    pub values: [u8; 9],
    pub columns: [u32; 9],
}

/// Reads `text` (a whole line, indentation included, with no run of [`LONG_RUN`] cells at its
/// start) as a row of a grid: nine cells among separators.
pub(super) fn scan_row(text: &[u8], truncated: bool) -> Line {
    let mut values = [0u8; 9];
    let mut columns = [0u32; 9];
    let mut count = 0usize;
    let mut last_cell_end = 0usize;
    // Column of a tenth cell: where a row with too many cells goes wrong.
    let mut tenth = 0usize;
    for (i, &b) in text.iter().enumerate() {
        if let Some(v) = cell_value(b) {
            if count < 9 {
                values[count] = v;
                columns[count] = i as u32 + 1;
            } else if count == 9 {
                tenth = i + 1;
            }
            count += 1;
            last_cell_end = i + 1;
        } else if !is_separator(b) {
            return Line::Bad(Bad {
                column: i as u64 + 1,
                kind: bad_byte(&text[i..]),
                shape: shape(text),
            });
        }
    }
    if truncated {
        return Line::Bad(Bad {
            column: 1,
            kind: ErrorKind::TooLong,
            shape: Shape::Other,
        });
    }
    let bad = |kind, shape| {
        Line::Bad(Bad {
            column: last_cell_end as u64 + 1,
            kind,
            shape,
        })
    };
    let too_many = |kind, shape| {
        Line::Bad(Bad {
            column: tenth as u64,
            kind,
            shape,
        })
    };
    match count {
        0 => Line::Skip,
        9 => Line::Row(Row { values, columns }),
        CELLS => Line::Bad(Bad {
            column: 1,
            kind: ErrorKind::SpacedCells,
            shape: Shape::OneLine,
        }),
        n => match shape(text) {
            Shape::OneLine => bad(ErrorKind::CellCount(n), Shape::OneLine),
            s if n < 9 => bad(ErrorKind::RowCells(n), s),
            s => too_many(ErrorKind::RowCells(n), s),
        },
    }
}

/// What a line that is not a puzzle nor a good row was meant to be, judged by its first word:
/// a one-line puzzle if that holds [`LONG_RUN`] cells or more; a grid row if it starts like
/// one (a cell or a separator); else text, such as a header, that belongs to no grid.
pub(super) fn shape(text: &[u8]) -> Shape {
    let body = text.trim_ascii_start();
    let word = body
        .iter()
        .take_while(|&&b| !matches!(b, b' ' | b'\t' | b'|'))
        .filter(|&&b| cell_value(b).is_some())
        .count();
    match body.first() {
        _ if word >= LONG_RUN => Shape::OneLine,
        Some(&b) if cell_value(b).is_some() || is_separator(b) => Shape::Row,
        _ => Shape::Other,
    }
}

/// A 9-line grid being read.
pub(super) struct Grid {
    /// Its first line: the first row's, or that of the code opening its list (`grid = [`).
    first_line: u64,
    /// Rows read so far, good or bad.
    rows: usize,
    cells: [u8; CELLS],
    /// For each row its line and text, and for each cell its column, to place rule errors.
    lines: [u64; 9],
    columns: [u32; CELLS],
    texts: Vec<String>,
    /// What is wrong with the first bad row, if any.
    error: Option<PuzzleError>,
}

impl Grid {
    /// A grid starting on `line`.
    pub fn new(line: u64) -> Box<Grid> {
        Box::new(Grid {
            first_line: line,
            rows: 0,
            cells: [0; CELLS],
            lines: [0; 9],
            columns: [0; CELLS],
            texts: Vec::with_capacity(9),
            error: None,
        })
    }

    /// Adds the row on `line` (whose text is `text`), or what is wrong with it.
    pub fn push(&mut self, line: u64, text: String, row: Result<Row, (u64, ErrorKind)>) {
        let r = self.rows;
        self.rows += 1;
        match row {
            Ok(row) => {
                self.cells[r * 9..r * 9 + 9].copy_from_slice(&row.values);
                self.columns[r * 9..r * 9 + 9].copy_from_slice(&row.columns);
            }
            Err((column, kind)) => {
                if self.error.is_none() {
                    self.error = Some(PuzzleError {
                        line,
                        column,
                        kind,
                        text: text.clone(),
                        board: None,
                    });
                }
            }
        }
        self.lines[r] = line;
        self.texts.push(text);
    }

    /// True once nine rows are in.
    pub fn is_full(&self) -> bool {
        self.rows == 9
    }

    /// The record for the grid: its board, or what is wrong with it.
    pub fn finish(self: Box<Self>) -> Entry {
        let result = match self.error {
            Some(mut e) => {
                // A lone line with the wrong number of cells reads better as a one-line
                // puzzle that is too short (or long) than as a grid row.
                if let (1, ErrorKind::RowCells(n)) = (self.rows, &e.kind) {
                    e.kind = ErrorKind::CellCount(*n);
                }
                Err(e)
            }
            None if self.rows < 9 => Err(PuzzleError {
                line: self.lines[0],
                column: 1,
                kind: ErrorKind::IncompleteGrid(self.rows),
                text: self.texts.first().cloned().unwrap_or_default(),
                board: None,
            }),
            None => {
                let board = Board::from_valid_cells(self.cells);
                board.check_rules().map(|()| board).map_err(|rule| {
                    let row = rule.cell / 9;
                    PuzzleError {
                        line: self.lines[row],
                        column: u64::from(self.columns[rule.cell]),
                        kind: ErrorKind::Rule(rule),
                        text: self.texts[row].clone(),
                        board: Some(Box::new(board)),
                    }
                })
            }
        };
        Entry {
            line: self.first_line,
            result,
        }
    }
}
