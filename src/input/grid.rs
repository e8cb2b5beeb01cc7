//! Grids of nine lines: reading one row, and gathering nine rows into one record.
//!
//! A grid is one record however it goes wrong: a bad row does not end it (the rows after it
//! still belong to it, and the record's error points at the first bad row's line and column),
//! and `#` comment lines and separator lines between its rows are skipped. A blank line, a
//! one-line puzzle or the end of the input ends a grid that has fewer than nine rows.

use super::general::{self, GenRow, RawGrid};
use super::oneline::{LONG_RUN, bad_byte, cell_value};
use super::pencilmarks::{self, MarksRow};
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

/// A line read as a row of a grid three ways: as nine cells, as the candidates of nine cells
/// (a pencil-mark grid), and as the words of a grid of any size (see `general.rs`). Which
/// reading counts is decided once the grid is whole (the last one, by its first row).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct RowRead {
    pub plain: Result<Row, (u64, ErrorKind)>,
    pub marks: Result<MarksRow, (u64, ErrorKind)>,
    pub general: Result<GenRow, (u64, ErrorKind)>,
}

impl RowRead {
    /// A row of cells read from `text` (code, say), and its reading as pencil marks.
    pub fn cells(row: Row, text: &[u8]) -> Line {
        Line::Row(Box::new(RowRead {
            plain: Ok(row),
            marks: pencilmarks::row(text),
            general: Ok(GenRow::from_row(&row)),
        }))
    }

    /// A line that is a bad row whichever way it is read; `text` is read as a row of any
    /// size for the error that fits grids of other sizes.
    pub fn bad(error: (u64, ErrorKind), text: &[u8]) -> RowRead {
        let general = match general::row(text) {
            Ok(_) => Err(error.clone()),
            Err(e) => Err(e),
        };
        RowRead {
            plain: Err(error.clone()),
            marks: Err(error),
            general,
        }
    }
}

/// Reads `text` (a whole line, indentation included, with no run of [`LONG_RUN`] cells at its
/// start) as a row of a grid: nine cells among separators, nine cells' candidates, or the
/// cells of a grid of another size.
///
/// With `strict`, a line that is no row of nine starts a grid of another size only if its
/// symbols are those of that size (see [`GenRow::size`]).
pub(super) fn scan_row(text: &[u8], truncated: bool, strict: bool) -> Line {
    let line = scan_row9(text, truncated);
    if truncated {
        return line;
    }
    match line {
        Line::Row(mut read) => {
            read.general = general::row(text);
            Line::Row(read)
        }
        // Not a row of nine, but maybe the first row of a grid of another size.
        Line::Bad(bad) => match general::row(text) {
            Ok(g) if g.size(strict).is_some() => {
                let error = (bad.column, bad.kind);
                Line::Row(Box::new(RowRead {
                    plain: Err(error.clone()),
                    marks: Err(error),
                    general: Ok(g),
                }))
            }
            _ => Line::Bad(bad),
        },
        line => line,
    }
}

/// [`scan_row`] for grids of nine.
fn scan_row9(text: &[u8], truncated: bool) -> Line {
    match scan_cells(text, truncated) {
        // Not nine cells, but maybe nine cells' candidates (81 of them, even, in a grid where
        // no digit is placed yet).
        Line::Bad(bad) if bad.shape == Shape::Row || bad.kind == ErrorKind::SpacedCells => {
            match (pencilmarks::row(text), bad.shape) {
                (Ok(marks), _) => Line::Row(Box::new(RowRead {
                    plain: Err((bad.column, bad.kind)),
                    marks: Ok(marks),
                    general: Err((1, ErrorKind::NoPuzzle)),
                })),
                (Err(e), Shape::Row) => Line::Row(Box::new(RowRead {
                    plain: Err((bad.column, bad.kind)),
                    marks: Err(e),
                    general: Err((1, ErrorKind::NoPuzzle)),
                })),
                (Err(_), _) => Line::Bad(bad),
            }
        }
        line => line,
    }
}

/// Reads `text` as nine cells among separators.
fn scan_cells(text: &[u8], truncated: bool) -> Line {
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
        9 => RowRead::cells(Row { values, columns }, text),
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

/// A grid being read: nine lines, or N for another size.
pub(super) struct Grid {
    /// Its first line: the first row's, or that of the code opening its list (`grid = [`).
    first_line: u64,
    /// For each row read so far (good or bad): its line, its text and how it read.
    lines: Vec<u64>,
    texts: Vec<String>,
    rows: Vec<RowRead>,
    /// Its size N, when the command line gives it (`--box`, `--regions`); else the first row
    /// tells (9 until it is read).
    size: usize,
    forced: Option<usize>,
    /// Whether it is read for the commands of other shapes ([`Entry`] with a [`RawGrid`]):
    /// a size other than 9, or any size when the reader takes every size.
    general: bool,
    /// After how many rows each ruler line came (the boxes' height).
    rulers: Vec<usize>,
}

impl Grid {
    /// A grid starting on `line`; `size`: its size if known; `all_sizes`: a grid of nine is
    /// read for the commands of other shapes too.
    pub fn new(line: u64, size: Option<usize>, all_sizes: bool) -> Box<Grid> {
        Box::new(Grid {
            first_line: line,
            lines: Vec::with_capacity(9),
            texts: Vec::with_capacity(9),
            rows: Vec::with_capacity(9),
            size: size.unwrap_or(9),
            forced: size,
            general: all_sizes,
            rulers: Vec::new(),
        })
    }

    /// Adds the row on `line`, whose text is `text`. The first row sets the size.
    pub fn push(&mut self, line: u64, text: String, row: RowRead) {
        if self.rows.is_empty() {
            let strict = !self.general;
            let first = row.general.as_ref().ok().and_then(|g| g.size(strict));
            self.size = self.forced.or(first).unwrap_or(9);
            self.general |= self.size != 9;
        }
        self.lines.push(line);
        self.texts.push(text);
        self.rows.push(row);
    }

    /// Notes a ruler line (`----+----`) after the rows so far.
    pub fn ruler(&mut self) {
        if !self.rows.is_empty() {
            self.rulers.push(self.rows.len());
        }
    }

    /// True once all rows are in.
    pub fn is_full(&self) -> bool {
        self.rows.len() == self.size
    }

    /// The error on row `r`.
    fn error(&self, r: usize, (column, kind): (u64, ErrorKind)) -> PuzzleError {
        PuzzleError {
            line: self.lines[r],
            column,
            kind,
            text: self.texts[r].clone(),
            board: None,
        }
    }

    /// The record for the grid: its board (and pencil marks, for a pencil-mark grid), or what
    /// is wrong with it: the first bad row, else missing rows, else givens breaking the rules.
    pub fn finish(&self) -> Entry {
        if self.general {
            return self.finish_general();
        }
        // A pencil-mark grid if a row lists two candidates or more in a cell.
        let pencil = self
            .rows
            .iter()
            .any(|r| r.marks.as_ref().is_ok_and(|m| m.multi));
        let bad = self.rows.iter().enumerate().find_map(|(r, read)| {
            let error = if pencil {
                read.marks.as_ref().err()
            } else {
                read.plain.as_ref().err()
            };
            error.map(|e| (r, e.clone()))
        });
        let result = match bad {
            Some((r, mut error)) => {
                // A lone line with the wrong number of cells reads better as a one-line
                // puzzle that is too short (or long) than as a grid row.
                if let (1, ErrorKind::RowCells(n)) = (self.rows.len(), &error.1) {
                    // Placed as for a one-line puzzle: just after its last cell.
                    let text = self.texts[0].as_bytes();
                    let last = text.iter().rposition(|&b| cell_value(b).is_some());
                    error = (last.map_or(1, |i| i as u64 + 2), ErrorKind::CellCount(*n));
                }
                Err(self.error(r, error))
            }
            None if self.rows.len() < 9 => {
                Err(self.error(0, (1, ErrorKind::IncompleteGrid(self.rows.len()))))
            }
            None => return self.board(pencil),
        };
        Entry {
            line: self.first_line,
            result,
            marks: None,
        }
    }

    /// [`Grid::finish`] for a grid read for the commands of other shapes: an
    /// [`ErrorKind::OtherShape`] entry holding the [`RawGrid`], or the first bad row, or
    /// missing rows.
    fn finish_general(&self) -> Entry {
        let n = self.size;
        let pencil = self
            .rows
            .iter()
            .any(|r| r.general.as_ref().is_ok_and(|g| g.pencil(n)));
        let mut cells = Vec::with_capacity(n * n);
        let mut bad = None;
        for (r, read) in self.rows.iter().enumerate() {
            let end = self.texts[r].trim_end().len() as u64 + 1;
            let row = match &read.general {
                Ok(g) => g.cells(n, pencil, end),
                Err(e) => Err(e.clone()),
            };
            match row {
                Ok(row) => cells.extend(row),
                Err(e) => {
                    bad = Some((r, e));
                    break;
                }
            }
        }
        let result = match bad {
            Some((r, error)) => Err(self.error(r, error)),
            None if self.rows.len() < n => Err(self.error(
                0,
                (
                    1,
                    ErrorKind::SizedIncompleteGrid {
                        size: n,
                        found: self.rows.len(),
                    },
                ),
            )),
            None => {
                let rows = self.lines.iter().copied().zip(self.texts.clone());
                let boxes = match &self.rows[0].general {
                    Ok(first) => general::boxes(n, first, pencil, &self.rulers),
                    Err(_) => None,
                };
                let raw = RawGrid {
                    size: n,
                    pencil,
                    cells,
                    rows: rows.collect(),
                    boxes,
                };
                Err(PuzzleError {
                    line: self.lines[0],
                    column: raw.cells.first().map_or(1, |c| u64::from(c.0)),
                    kind: ErrorKind::OtherShape {
                        size: n,
                        grid: Some(Box::new(raw)),
                    },
                    text: self.texts[0].clone(),
                    board: None,
                })
            }
        };
        Entry {
            line: self.first_line,
            result,
            marks: None,
        }
    }

    /// The record for nine good rows.
    fn board(&self, pencil: bool) -> Entry {
        let mut cells = [0u8; CELLS];
        let mut columns = [0u32; CELLS];
        let mut marks = pencil.then(|| Box::new([0u16; CELLS]));
        for (r, read) in self.rows.iter().enumerate() {
            let span = r * 9..r * 9 + 9;
            match (&read.plain, &read.marks, marks.as_mut()) {
                (_, Ok(m), Some(marks)) => {
                    marks[span.clone()].copy_from_slice(&m.marks);
                    columns[span].copy_from_slice(&m.columns);
                }
                (Ok(row), _, None) => {
                    cells[span.clone()].copy_from_slice(&row.values);
                    columns[span].copy_from_slice(&row.columns);
                }
                _ => unreachable!("finish checked every row"),
            }
        }
        if let Some(marks) = &marks {
            cells = pencilmarks::filled(marks);
        }
        let board = Board::from_valid_cells(cells);
        let result = board.check_rules().map(|()| board).map_err(|rule| {
            let row = rule.cell / 9;
            PuzzleError {
                line: self.lines[row],
                column: u64::from(columns[rule.cell]),
                kind: ErrorKind::Rule(rule),
                text: self.texts[row].clone(),
                board: Some(Box::new(board)),
            }
        });
        Entry {
            line: self.first_line,
            marks: marks.filter(|_| result.is_ok()),
            result,
        }
    }
}
