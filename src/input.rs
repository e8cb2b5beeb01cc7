//! Reading puzzles from text: a streaming reader over any [`BufRead`].
//!
//! Two forms are accepted, and may be mixed in one input:
//!
//! - **One line**: 81 contiguous cells, digits `1`–`9` for givens and `0`, `.` or `_` for
//!   blanks. Whatever follows the 81st cell after whitespace, `;`, `:`, `,` or `#` is an
//!   annotation (collections append ratings there) and is ignored.
//! - **A block of nine lines** of nine cells each. Spaces, tabs and the separators `|`, `+`, `-`
//!   are ignored, so a grid copied from a terminal reads as typed; lines made only of separators
//!   (`------+-------+------`) are skipped.
//!
//! Blank lines and lines starting with `#` are skipped; CRLF line ends and a UTF-8 byte-order
//! mark are accepted. Lines are read into a buffer of at most [`MAX_LINE`] bytes: the rest of a
//! longer line is skipped without being stored, so memory does not grow with the input.
//!
//! A line that is not a puzzle yields an [`Entry`] holding a [`PuzzleError`] with its line and
//! column, and reading goes on: a bad line never hides the puzzles after it.

use std::fmt;
use std::io::{self, BufRead};

use thiserror::Error;

use crate::board::{Board, CELLS, RuleError};

/// The longest line kept, in bytes. Past it a line is a puzzle only if its first 81 cells and an
/// annotation separator lie within the limit.
pub const MAX_LINE: usize = 4096;

/// What is wrong with a line or block that is not a valid puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ErrorKind {
    /// A line that is neither 81 cells nor a row of a 9-line grid.
    #[error("expected 81 cells, found {0}")]
    CellCount(usize),
    /// A character that is neither a cell nor a separator.
    #[error("invalid character {}", ShowChar(*.0))]
    InvalidChar(char),
    /// A byte that does not start a UTF-8 character.
    #[error("invalid byte 0x{0:02x}")]
    InvalidByte(u8),
    /// A row of a 9-line grid with the wrong number of cells.
    #[error("expected 9 cells in a grid row, found {0}")]
    RowCells(usize),
    /// A 9-line grid that stopped before its ninth row.
    #[error("incomplete grid: expected 9 rows, found {0}")]
    IncompleteGrid(usize),
    /// 81 cells with separators between them: neither a one-line puzzle nor a grid row.
    #[error("the 81 cells of a one-line puzzle must not be separated")]
    SpacedCells,
    /// A line longer than [`MAX_LINE`] that cannot be a puzzle.
    #[error("line too long (more than {MAX_LINE} bytes)")]
    TooLong,
    /// Givens that break the rules.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// Text given to [`Board::from_str`](std::str::FromStr) held no puzzle.
    #[error("no puzzle found")]
    NoPuzzle,
    /// Text given to [`Board::from_str`](std::str::FromStr) held more than one puzzle.
    #[error("more than one puzzle")]
    ExtraPuzzle,
}

/// Shows a character in quotes, escaping any that would not print plainly.
struct ShowChar(char);

impl fmt::Display for ShowChar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.0;
        if c == '\0' {
            return f.write_str("NUL (byte 0x00)");
        }
        if c.is_control() || c.is_whitespace() && c != ' ' {
            write!(f, "'{}'", c.escape_unicode())
        } else {
            write!(f, "'{}'", c.escape_debug())
        }
    }
}

/// A line or block that is not a valid puzzle, with where the problem lies.
///
/// It displays as the message alone; the caller adds the file name and position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{kind}")]
pub struct PuzzleError {
    /// Line number, from 1.
    pub line: u64,
    /// Column, from 1, in bytes (the byte-order mark not counted).
    pub column: u64,
    /// What is wrong.
    pub kind: ErrorKind,
    /// The text of the offending line (lossily decoded, at most [`MAX_LINE`] bytes), for showing
    /// it with a caret under the column.
    pub text: String,
    /// The puzzle as read, when it was well formed but its givens break the rules.
    pub board: Option<Box<Board>>,
}

/// One puzzle read from the input, or one line or block that is not a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The puzzle's first line, from 1.
    pub line: u64,
    /// The puzzle, or what is wrong with it.
    pub result: Result<Board, PuzzleError>,
}

/// Marks a byte that is not a cell in [`CELL_VALUE`].
const NOT_CELL: u8 = 0xFF;

/// For each byte, the cell value it stands for (0 for a blank), or [`NOT_CELL`].
static CELL_VALUE: [u8; 256] = {
    let mut t = [NOT_CELL; 256];
    let mut d = 1;
    while d <= 9 {
        t[b'0' as usize + d] = d as u8;
        d += 1;
    }
    t[b'0' as usize] = 0;
    t[b'.' as usize] = 0;
    t[b'_' as usize] = 0;
    t
};

/// Bytes that stand for a cell: its value, or `None` for any other byte.
#[inline]
fn cell_value(b: u8) -> Option<u8> {
    match CELL_VALUE[b as usize] {
        NOT_CELL => None,
        v => Some(v),
    }
}

/// The one-line puzzle at the start of `text`, if its first 81 bytes are cells followed by
/// the end of the line or an annotation. This is the path nearly every puzzle takes.
#[inline]
fn quick_line(text: &[u8]) -> Option<[u8; CELLS]> {
    let head: &[u8; CELLS] = text.get(..CELLS)?.try_into().ok()?;
    if text
        .get(CELLS)
        .is_some_and(|&b| !is_annotation_separator(b))
    {
        return None;
    }
    cell_values(head)
}

/// The values of 81 cell bytes, or `None` if one of them is not a cell; sixteen at a time.
#[cfg(target_arch = "x86_64")]
#[inline]
fn cell_values(head: &[u8; CELLS]) -> Option<[u8; CELLS]> {
    use std::arch::x86_64::*;
    let mut cells = [0u8; CELLS];
    let src = head.as_ptr().cast::<__m128i>();
    let dst = cells.as_mut_ptr().cast::<__m128i>();
    let mut ok = 0xFFFF;
    for i in 0..5 {
        // SAFETY: SSE2 is part of the x86-64 baseline. The five unaligned 16-byte loads and
        // stores cover bytes 0..80 of the two 81-byte arrays.
        unsafe {
            let v = _mm_loadu_si128(src.add(i));
            // '0'..='9' become 0..=9; every other byte becomes 10 or more (unsigned).
            let value = _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8));
            let digit = _mm_cmpeq_epi8(_mm_min_epu8(value, _mm_set1_epi8(9)), value);
            let blank = _mm_or_si128(
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b'.' as i8)),
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b'_' as i8)),
            );
            ok &= _mm_movemask_epi8(_mm_or_si128(digit, blank));
            _mm_storeu_si128(dst.add(i), _mm_and_si128(value, digit));
        }
    }
    cells[80] = CELL_VALUE[usize::from(head[80])];
    (ok == 0xFFFF && cells[80] != NOT_CELL).then_some(cells)
}

/// The values of 81 cell bytes, or `None` if one of them is not a cell.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn cell_values(head: &[u8; CELLS]) -> Option<[u8; CELLS]> {
    cell_values_portable(head)
}

/// [`cell_values`] for any CPU, one byte at a time.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn cell_values_portable(head: &[u8; CELLS]) -> Option<[u8; CELLS]> {
    let mut cells = [0u8; CELLS];
    let mut bad = 0u8;
    for (c, &b) in cells.iter_mut().zip(head) {
        let v = CELL_VALUE[b as usize];
        bad |= v & 0xF0;
        *c = v;
    }
    (bad == 0).then_some(cells)
}

/// Bytes that may end the 81 cells of a one-line puzzle and start an annotation.
#[inline]
fn is_annotation_separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b';' | b':' | b',' | b'#')
}

/// Bytes that a row of a 9-line grid may hold besides cells.
#[inline]
fn is_grid_separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'|' | b'+' | b'-')
}

/// The error for a byte that has no place in a puzzle: the character it starts, or the byte.
fn bad_byte(rest: &[u8]) -> ErrorKind {
    let head = &rest[..rest.len().min(4)];
    let valid = match std::str::from_utf8(head) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or_default(),
    };
    match valid.chars().next() {
        Some(c) => ErrorKind::InvalidChar(c),
        None => ErrorKind::InvalidByte(rest[0]),
    }
}

/// A 9-line grid being read.
struct Block {
    /// Line of its first row.
    first_line: u64,
    rows: usize,
    cells: [u8; CELLS],
    /// For each cell, its line and column, to place rule errors.
    lines: [u64; 9],
    columns: [u32; CELLS],
    texts: Vec<String>,
}

/// What one line of input turned out to be.
enum Line {
    /// Blank or a comment: skipped, and it ends a 9-line grid in progress.
    Blank,
    /// A line of grid separators only, such as `------+-------+------`: skipped.
    Skip,
    /// A whole one-line puzzle.
    Puzzle([u8; CELLS]),
    /// A row of a 9-line grid: its nine cells and their columns.
    Row([u8; 9], [u32; 9]),
    /// Not a puzzle.
    Bad(u64, ErrorKind),
}

/// Reads puzzles one at a time from a [`BufRead`], never holding more than one line (or one
/// 9-line block) in memory.
///
/// Yields `Err` only for I/O errors, after which the input should be abandoned.
pub struct PuzzleReader<R> {
    input: R,
    /// The current line, without its line end (at most [`MAX_LINE`] bytes).
    buf: Vec<u8>,
    line: u64,
    bytes: u64,
    block: Option<Box<Block>>,
    /// Whether the part of the current line past [`MAX_LINE`] (if any) was all white space.
    tail_blank: bool,
    /// An entry waiting behind the one just returned.
    pending: Option<Entry>,
    done: bool,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Self {
        PuzzleReader {
            input,
            buf: Vec::with_capacity(128),
            line: 0,
            bytes: 0,
            block: None,
            tail_blank: true,
            pending: None,
            done: false,
        }
    }

    /// Bytes consumed from the input so far.
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// Line number of the last line read.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// The input being read, e.g. to ask a `BufReader` whether the next read may wait.
    pub fn get_ref(&self) -> &R {
        &self.input
    }

    /// True when an entry is already waiting, so the next call returns without reading.
    pub fn has_pending(&self) -> bool {
        self.pending.is_some()
    }

    /// Reads the next line into `buf`. Returns `Ok(None)` at the end of input, else whether the
    /// line was longer than [`MAX_LINE`] (its tail was skipped).
    fn read_line(&mut self) -> io::Result<Option<bool>> {
        self.buf.clear();
        self.tail_blank = true;
        let mut truncated = false;
        let mut any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(if any { Some(truncated) } else { None });
            }
            any = true;
            let (take, end) = match memchr::memchr(b'\n', chunk) {
                Some(i) => (i, Some(i + 1)),
                None => (chunk.len(), None),
            };
            let room = MAX_LINE - self.buf.len();
            if take > room {
                truncated = true;
                self.tail_blank &= chunk[room..take].iter().all(u8::is_ascii_whitespace);
            }
            self.buf.extend_from_slice(&chunk[..take.min(room)]);
            let used = end.unwrap_or(take);
            self.input.consume(used);
            self.bytes += used as u64;
            if end.is_some() {
                return Ok(Some(truncated));
            }
        }
    }

    /// Sorts the line in `buf` into a puzzle, a grid row, something to skip, or an error.
    fn classify(&self, truncated: bool) -> Line {
        let text = self.text(truncated);
        if let Some(cells) = quick_line(text) {
            return Line::Puzzle(cells);
        }
        let indent = text
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        let body = &text[indent..];
        match body.first() {
            // Nothing but indentation within the limit: blank only if the rest was too.
            None if truncated && !self.tail_blank => return Line::Bad(1, ErrorKind::TooLong),
            None | Some(b'#') => return Line::Blank,
            Some(_) => {}
        }

        // A run of more cells than a grid row has is a one-line puzzle, right or wrong.
        let run = body
            .iter()
            .take_while(|&&b| cell_value(b).is_some())
            .count();
        if run > 9 {
            let after = |cells: usize| (indent + cells) as u64 + 1;
            if run > CELLS {
                let kind = if truncated && run == body.len() {
                    ErrorKind::TooLong
                } else {
                    ErrorKind::CellCount(run)
                };
                return Line::Bad(after(CELLS), kind);
            }
            return match body.get(run) {
                // The byte that would tell is past the limit.
                None if truncated => Line::Bad(after(run), ErrorKind::TooLong),
                Some(&b) if !is_annotation_separator(b) => {
                    Line::Bad(after(run), bad_byte(&body[run..]))
                }
                _ if run < CELLS => Line::Bad(after(run), ErrorKind::CellCount(run)),
                _ => quick_line(body).map_or(
                    Line::Bad(after(run), ErrorKind::CellCount(run)),
                    Line::Puzzle,
                ),
            };
        }

        // Cells among separators: a row of a 9-line grid.
        let mut cells = [0u8; CELLS];
        let mut columns = [0u32; 9];
        let mut count = 0usize;
        let mut last_cell_end = 0usize;
        for (i, &b) in text.iter().enumerate() {
            if let Some(v) = cell_value(b) {
                if count < CELLS {
                    cells[count] = v;
                }
                if count < 9 {
                    columns[count] = i as u32 + 1;
                }
                count += 1;
                last_cell_end = i + 1;
            } else if !is_grid_separator(b) {
                return Line::Bad(i as u64 + 1, bad_byte(&text[i..]));
            }
        }
        if truncated {
            return Line::Bad(1, ErrorKind::TooLong);
        }
        match count {
            0 => Line::Skip,
            9 => {
                let mut row = [0u8; 9];
                row.copy_from_slice(&cells[..9]);
                Line::Row(row, columns)
            }
            CELLS if self.block.is_none() => Line::Bad(1, ErrorKind::SpacedCells),
            n if self.block.is_some() => {
                Line::Bad(last_cell_end as u64 + 1, ErrorKind::RowCells(n))
            }
            n => Line::Bad(last_cell_end as u64 + 1, ErrorKind::CellCount(n)),
        }
    }

    /// The current line without its CR and (on line 1) byte-order mark.
    fn text(&self, truncated: bool) -> &[u8] {
        let mut text: &[u8] = &self.buf;
        if !truncated && text.last() == Some(&b'\r') {
            text = &text[..text.len() - 1];
        }
        if self.line == 1 && text.starts_with(b"\xEF\xBB\xBF") {
            text = &text[3..];
        }
        text
    }

    /// Column (from 1) of the `k`-th cell (from 0) of the one-line puzzle on the current line.
    fn cell_column(&self, k: usize) -> u64 {
        let text = self.text(false);
        text.iter()
            .enumerate()
            .filter(|&(_, &b)| cell_value(b).is_some())
            .nth(k)
            .map_or(1, |(i, _)| i as u64 + 1)
    }

    /// The text of the current line, for error displays.
    fn line_text(&self) -> String {
        String::from_utf8_lossy(self.text(false)).into_owned()
    }

    /// Ends the block in progress, as an error: it stopped before its ninth row.
    fn abandon_block(&mut self) -> Option<Entry> {
        let block = self.block.take()?;
        Some(Entry {
            line: block.first_line,
            result: Err(PuzzleError {
                line: block.first_line,
                column: 1,
                kind: ErrorKind::IncompleteGrid(block.rows),
                text: block.texts.first().cloned().unwrap_or_default(),
                board: None,
            }),
        })
    }

    fn error_here(&self, column: u64, kind: ErrorKind) -> Entry {
        Entry {
            line: self.line,
            result: Err(PuzzleError {
                line: self.line,
                column,
                kind,
                text: self.line_text(),
                board: None,
            }),
        }
    }

    /// The next entry, or `None` at the end of input.
    fn next_entry(&mut self) -> io::Result<Option<Entry>> {
        if let Some(e) = self.pending.take() {
            return Ok(Some(e));
        }
        if self.done {
            return Ok(None);
        }
        loop {
            let Some(truncated) = self.read_line()? else {
                self.done = true;
                return Ok(self.abandon_block());
            };
            self.line += 1;
            match self.classify(truncated) {
                Line::Skip => {}
                Line::Blank => {
                    if let Some(e) = self.abandon_block() {
                        return Ok(Some(e));
                    }
                }
                Line::Puzzle(cells) => {
                    let entry = Entry {
                        line: self.line,
                        result: self.finish(cells),
                    };
                    if let Some(e) = self.abandon_block() {
                        self.pending = Some(entry);
                        return Ok(Some(e));
                    }
                    return Ok(Some(entry));
                }
                Line::Bad(column, kind) => {
                    // A bad line inside a block stands for the whole block.
                    self.block = None;
                    return Ok(Some(self.error_here(column, kind)));
                }
                Line::Row(row, cols) => {
                    let line = self.line;
                    let text = self.line_text();
                    let block = self.block.get_or_insert_with(|| {
                        Box::new(Block {
                            first_line: line,
                            rows: 0,
                            cells: [0; CELLS],
                            lines: [0; 9],
                            columns: [0; CELLS],
                            texts: Vec::with_capacity(9),
                        })
                    });
                    let r = block.rows;
                    block.cells[r * 9..r * 9 + 9].copy_from_slice(&row);
                    block.columns[r * 9..r * 9 + 9].copy_from_slice(&cols);
                    block.lines[r] = line;
                    block.texts.push(text);
                    block.rows += 1;
                    if block.rows == 9 {
                        let block = self.block.take().expect("block in progress");
                        let board = Board::from_valid_cells(block.cells);
                        let result = board.check_rules().map(|()| board).map_err(|rule| {
                            let row = rule.cell / 9;
                            PuzzleError {
                                line: block.lines[row],
                                column: block.columns[rule.cell] as u64,
                                kind: ErrorKind::Rule(rule),
                                text: block.texts[row].clone(),
                                board: Some(Box::new(board)),
                            }
                        });
                        return Ok(Some(Entry {
                            line: block.first_line,
                            result,
                        }));
                    }
                }
            }
        }
    }

    /// Checks the rules on a one-line puzzle's cells.
    fn finish(&self, cells: [u8; CELLS]) -> Result<Board, PuzzleError> {
        let board = Board::from_valid_cells(cells);
        board
            .check_rules()
            .map(|()| board)
            .map_err(|rule| PuzzleError {
                line: self.line,
                column: self.cell_column(rule.cell),
                kind: ErrorKind::Rule(rule),
                text: self.line_text(),
                board: Some(Box::new(board)),
            })
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = io::Result<Entry>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.next_entry() {
            Ok(Some(e)) => Some(Ok(e)),
            Ok(None) => None,
            Err(e) => {
                self.done = true;
                self.pending = None;
                Some(Err(e))
            }
        }
    }
}

impl std::str::FromStr for Board {
    type Err = PuzzleError;

    /// Parses text holding exactly one puzzle, in one-line or 9-line form.
    fn from_str(s: &str) -> Result<Board, PuzzleError> {
        let mut reader = PuzzleReader::new(s.as_bytes());
        let first = match reader.next() {
            Some(Ok(entry)) => entry.result?,
            _ => {
                return Err(PuzzleError {
                    line: 1,
                    column: 1,
                    kind: ErrorKind::NoPuzzle,
                    text: String::new(),
                    board: None,
                });
            }
        };
        match reader.next() {
            None => Ok(first),
            Some(Ok(entry)) => Err(PuzzleError {
                line: entry.line,
                column: 1,
                kind: ErrorKind::ExtraPuzzle,
                text: String::new(),
                board: None,
            }),
            Some(Err(_)) => unreachable!("reading from a string cannot fail"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_cell_value_builds_agree_on_every_byte_in_every_position() {
        let base: [u8; CELLS] =
            *b"123456789.________000000000987654321123456789123456789123456789123456789123456789";
        assert!(cell_values(&base).is_some());
        assert_eq!(cell_values(&base), cell_values_portable(&base));
        for pos in 0..CELLS {
            for byte in 0..=255u8 {
                let mut head = base;
                head[pos] = byte;
                let fast = cell_values(&head);
                assert_eq!(fast, cell_values_portable(&head), "byte {byte} at {pos}");
                assert_eq!(
                    fast.is_some(),
                    cell_value(byte).is_some(),
                    "byte {byte} at {pos}"
                );
                if let Some(cells) = fast {
                    assert_eq!(Some(cells[pos]), cell_value(byte));
                }
            }
        }
    }

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn read(text: &[u8]) -> Vec<Entry> {
        PuzzleReader::new(text)
            .collect::<io::Result<Vec<_>>>()
            .unwrap()
    }

    fn err(entry: &Entry) -> (u64, u64, String) {
        let e = entry.result.as_ref().unwrap_err();
        (e.line, e.column, e.to_string())
    }

    #[test]
    fn one_line_puzzles_with_annotations_comments_and_blanks() {
        let text = format!("# a comment\n\n{P}\n{P} 1.2 rating\n{P};x\n{P}#y\n{P}\t9\n");
        let entries = read(text.as_bytes());
        assert_eq!(entries.len(), 5);
        let lines: Vec<u64> = entries.iter().map(|e| e.line).collect();
        assert_eq!(lines, [3, 4, 5, 6, 7]);
        for e in &entries {
            assert_eq!(e.result.as_ref().unwrap().to_line(), P);
        }
    }

    #[test]
    fn blanks_may_be_zero_dot_or_underscore() {
        let zeros = P.replace('.', "0");
        let unders = P.replace('.', "_");
        for text in [zeros, unders] {
            assert_eq!(text.parse::<Board>().unwrap().to_line(), P);
        }
    }

    #[test]
    fn crlf_and_byte_order_mark() {
        let text = format!("\u{feff}{P}\r\n{P}\r\n");
        let entries = read(text.as_bytes());
        assert_eq!(entries.len(), 2);
        assert!(entries.iter().all(|e| e.result.is_ok()));
    }

    #[test]
    fn nine_line_blocks_with_separators() {
        let board: Board = P.parse().unwrap();
        let grid = crate::format::grid(&board);
        let boxed = format!("+-------+\n{}", grid.replace('\n', " |\n"));
        for text in [
            grid.clone(),
            boxed,
            grid.replace('.', "0").replace('\n', "\r\n"),
        ] {
            let entries = read(text.as_bytes());
            assert_eq!(entries.len(), 1, "{text}");
            assert_eq!(entries[0].result.as_ref().unwrap(), &board);
        }
        // Two blocks in a row, then a one-line puzzle.
        let text = format!("{grid}\n{grid}{P}\n");
        let entries = read(text.as_bytes());
        let lines: Vec<u64> = entries.iter().map(|e| e.line).collect();
        assert_eq!(lines, [1, 13, 24]);
    }

    #[test]
    fn wrong_lengths_are_located() {
        let short = &P[..80];
        assert_eq!(
            err(&read(short.as_bytes())[0]),
            (1, 81, "expected 81 cells, found 80".into())
        );
        let long = format!("{P}1");
        assert_eq!(
            err(&read(long.as_bytes())[0]),
            (1, 82, "expected 81 cells, found 82".into())
        );
    }

    #[test]
    fn invalid_characters_and_bytes() {
        let bad = format!("{}x{}", &P[..10], &P[11..]);
        assert_eq!(
            err(&read(bad.as_bytes())[0]),
            (1, 11, "invalid character 'x'".into())
        );
        let nul = format!("{}\0{}", &P[..3], &P[4..]);
        assert_eq!(
            err(&read(nul.as_bytes())[0]),
            (1, 4, "invalid character NUL (byte 0x00)".into())
        );
        let mut bytes = P.as_bytes().to_vec();
        bytes[5] = 0xff;
        assert_eq!(err(&read(&bytes)[0]), (1, 6, "invalid byte 0xff".into()));
        let after = format!("{P}é");
        assert_eq!(
            err(&read(after.as_bytes())[0]),
            (1, 82, "invalid character 'é'".into())
        );
    }

    #[test]
    fn rule_breaks_name_digit_unit_and_place() {
        // Row 1 gets a second 4 in column 2.
        let row = format!("44{}", &P[2..]);
        assert_eq!(
            err(&read(row.as_bytes())[0]),
            (1, 2, "digit 4 appears twice in row 1".into())
        );
        // Column 1 gets a second 4 in row 9.
        let col = format!("{}4{}", &P[..72], &P[73..]);
        assert_eq!(
            err(&read(col.as_bytes())[0]),
            (1, 73, "digit 4 appears twice in column 1".into())
        );
        // Box 1 gets a second 4 at row 2, column 2.
        let bx = format!("{}4{}", &P[..10], &P[11..]);
        assert_eq!(
            err(&read(bx.as_bytes())[0]),
            (1, 11, "digit 4 appears twice in box 1".into())
        );
        let e = read(bx.as_bytes()).remove(0).result.unwrap_err();
        assert_eq!(e.board.unwrap().get(10), 4);
    }

    #[test]
    fn rule_breaks_in_blocks_point_at_the_row_line() {
        let grid = crate::format::grid(&P.parse().unwrap());
        // Row 5 (". . . | . 8 . | 4 . .", on line 6 after a separator line) gets a 4 in its
        // first cell, which column 1 already has in row 1.
        let clashing = grid.replacen(". . . | . 8 .", "4 . . | . 8 .", 1);
        let entries = read(clashing.as_bytes());
        let (line, column, msg) = err(&entries[0]);
        assert_eq!(msg, "digit 4 appears twice in column 1");
        assert_eq!((line, column), (6, 1));
        assert_eq!(entries[0].line, 1);
    }

    #[test]
    fn broken_blocks() {
        let grid = crate::format::grid(&P.parse().unwrap());
        let rows: Vec<&str> = grid.lines().collect();
        let four = format!("{}\n\n{P}\n", rows[..5].join("\n"));
        let entries = read(four.as_bytes());
        assert_eq!(entries.len(), 2);
        assert_eq!(
            err(&entries[0]),
            (1, 1, "incomplete grid: expected 9 rows, found 4".into())
        );
        assert!(entries[1].result.is_ok());
        // A one-line puzzle right after an unfinished block: both reported, in order.
        let cut = format!("{}\n{P}\n", rows[..2].join("\n"));
        let entries = read(cut.as_bytes());
        assert_eq!(entries.len(), 2);
        assert_eq!(
            err(&entries[0]).2,
            "incomplete grid: expected 9 rows, found 2"
        );
        assert_eq!(entries[1].line, 3);
        // At the end of input.
        assert_eq!(
            err(&read(rows[0].as_bytes())[0]).2,
            "incomplete grid: expected 9 rows, found 1"
        );
        // A short row inside a block.
        let short = format!("{}\n1 2 3\n", rows[..2].join("\n"));
        assert_eq!(
            err(&read(short.as_bytes())[0]),
            (3, 6, "expected 9 cells in a grid row, found 3".into())
        );
    }

    #[test]
    fn long_lines_are_capped() {
        // A puzzle with a huge annotation is still a puzzle.
        let annotated = format!("{P} {}\n{P}\n", "z".repeat(3 * MAX_LINE));
        let entries = read(annotated.as_bytes());
        assert_eq!(entries.len(), 2);
        assert!(entries.iter().all(|e| e.result.is_ok()));
        // A huge line of cells is not.
        let digits = format!("{}\n{P}\n", "1".repeat(3 * MAX_LINE));
        let entries = read(digits.as_bytes());
        assert_eq!(
            err(&entries[0]),
            (1, 82, "line too long (more than 4096 bytes)".into())
        );
        assert!(entries[0].result.as_ref().unwrap_err().text.len() <= MAX_LINE);
        assert_eq!(entries[1].line, 2);
        assert!(entries[1].result.is_ok());
        // Nor is a huge line of spaces and separators.
        let seps = format!("{}\n", "- ".repeat(MAX_LINE));
        assert_eq!(
            err(&read(seps.as_bytes())[0]).2,
            "line too long (more than 4096 bytes)"
        );
    }

    #[test]
    fn indented_one_line_puzzles() {
        let text = format!("  {P}\n\t44{}\n", &P[2..]);
        let entries = read(text.as_bytes());
        assert_eq!(entries[0].result.as_ref().unwrap().to_line(), P);
        assert_eq!(
            err(&entries[1]),
            (2, 3, "digit 4 appears twice in row 1".into())
        );
        let long = format!("   {P}9\n");
        assert_eq!(
            err(&read(long.as_bytes())[0]),
            (1, 85, "expected 81 cells, found 82".into())
        );
    }

    #[test]
    fn near_puzzles_get_the_message_that_fits() {
        let p80 = &P[..80];
        for line in [format!("{p80} 5"), format!("{p80}  # rating 1.2")] {
            assert_eq!(
                err(&read(line.as_bytes())[0]),
                (1, 81, "expected 81 cells, found 80".into())
            );
        }
        let glued = format!("{p80}x");
        assert_eq!(
            err(&read(glued.as_bytes())[0]),
            (1, 81, "invalid character 'x'".into())
        );
    }

    #[test]
    fn spaced_out_cells_are_not_a_puzzle_and_say_why() {
        let spaced: String = P.chars().map(|c| format!("{c} ")).collect();
        let message = "the 81 cells of a one-line puzzle must not be separated";
        assert_eq!(err(&read(spaced.as_bytes())[0]), (1, 1, message.into()));
        // The fuzz regression: a separator before 81 contiguous cells.
        let plus = format!("+{}", P.replace('.', "1"));
        assert_eq!(err(&read(plus.as_bytes())[0]).2, message);
    }

    #[test]
    fn regression_decisive_byte_past_the_line_limit() {
        // 81 cells ending exactly at the limit, then a 1 that would make 82.
        let line = format!("{}{P}1\n", " ".repeat(MAX_LINE - CELLS));
        assert_eq!(
            err(&read(line.as_bytes())[0]).2,
            "line too long (more than 4096 bytes)"
        );
        // A very long blank line is still blank.
        let blank = format!("{}\n{P}\n", " ".repeat(MAX_LINE + 10));
        let entries = read(blank.as_bytes());
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].line, 2);
        // Indentation alone fills the limit, then a puzzle: not a blank line.
        let line = format!("{}{P}\n{P}\n", " ".repeat(MAX_LINE + 10));
        let entries = read(line.as_bytes());
        assert_eq!(entries.len(), 2);
        assert_eq!(
            err(&entries[0]),
            (1, 1, "line too long (more than 4096 bytes)".into())
        );
        assert!(entries[1].result.is_ok());
    }

    #[test]
    fn from_str_wants_exactly_one_puzzle() {
        assert_eq!("".parse::<Board>().unwrap_err().kind, ErrorKind::NoPuzzle);
        let two = format!("{P}\n{P}\n");
        assert_eq!(
            two.parse::<Board>().unwrap_err().kind,
            ErrorKind::ExtraPuzzle
        );
    }

    #[test]
    fn bytes_read_counts_everything() {
        let text = format!("{P}\n# c\n");
        let mut reader = PuzzleReader::new(text.as_bytes());
        while reader.next().is_some() {}
        assert_eq!(reader.bytes_read(), text.len() as u64);
    }
}
