//! Reading puzzles from text: a streaming reader over any [`BufRead`].
//!
//! These forms are accepted, and may be mixed in one input:
//!
//! - **One line**: 81 contiguous cells, digits `1`–`9` for givens and `0`, `.` or `_` for
//!   blanks. Whatever follows the 81st cell after whitespace, `;`, `:`, `,` or `#` is an
//!   annotation (collections append ratings there) and is ignored.
//! - **A grid of nine lines** of nine cells each. Spaces, tabs and the separators `|`, `+`, `-`
//!   are ignored, so a grid copied from a terminal reads as typed; ruler lines
//!   (`------+-------+------`, `.-----.-----.`) and `#` comment lines between its rows are
//!   skipped (see `grid.rs`).
//! - **Code**: a list of lists in Python, JSON, C and the like, one row per line or all on one
//!   line, with an assignment in front (`grid = [[0,7,2,...],`; see `literal.rs`).
//! - **Positions with pencil marks**: a 9-line grid listing each cell's candidates as HoDoKu
//!   and Sudoku Explainer print it, or one line of 729 characters; the entry then carries
//!   [`Entry::marks`] (see `pencilmarks.rs`).
//!
//! Blank lines and lines starting with `#` are skipped. A line ends at LF, CRLF or a lone CR
//! (old Mac files), and a UTF-8 byte-order mark at the start of any line is skipped (files
//! joined with `cat` may carry one in the middle). Lines are read into a buffer of at most
//! [`MAX_LINE`] bytes: the rest of a longer line is skipped without being stored, so memory
//! does not grow with the input.
//!
//! Each puzzle, good or bad, gives one [`Entry`] at its first line, and a bad one holds a
//! [`PuzzleError`] with the line and column of the problem; reading goes on, so a bad line
//! never hides the puzzles after it. A grid is one entry however it goes wrong: a bad row
//! does not end it, and the error points at the first bad row. A blank line, a one-line
//! puzzle or the end of the input ends a grid that is missing rows.

use std::fmt;
use std::io::{self, BufRead};

use thiserror::Error;

use crate::board::{Board, CELLS, RuleError};

pub use general::RawGrid;
use grid::Grid;

mod general;
mod grid;
mod literal;
mod oneline;
mod pencilmarks;

/// The longest line kept, in bytes: room for the longest puzzle line, a 25×25 position with
/// pencil marks (15,625 characters), and its annotations. Past it a line is a puzzle only if
/// its cells and an annotation separator lie within the limit.
pub const MAX_LINE: usize = 1 << 15;

/// The message of [`ErrorKind::OtherShape`]: a 9×9 one is a jigsaw (its regions follow its
/// cells on the line).
fn other_shape_message(size: usize) -> String {
    format!(
        "{}: this command takes {} only",
        shape_words(size),
        nine_words(size)
    )
}

/// A puzzle of another shape, in words: `a 16x16 puzzle`, or for 9×9, `a 9x9 jigsaw puzzle`.
fn shape_words(size: usize) -> String {
    match size {
        9 => "a 9x9 jigsaw puzzle".to_string(),
        _ => format!("a {size}x{size} puzzle"),
    }
}

/// What the 9×9-only commands take, said against a puzzle of `size`.
fn nine_words(size: usize) -> &'static str {
    match size {
        9 => "classic 9x9 puzzles",
        _ => "9x9 puzzles",
    }
}

/// What is wrong with a line or block that is not a valid puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A line that is neither 81 cells nor a row of a 9-line grid (nor, when longer, the 729
    /// characters of a position with pencil marks).
    #[error("{}", cell_count_message(*.0))]
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
    /// A row of a grid of another size with the wrong number of cells.
    #[error("expected {size} cells in a grid row, found {found}")]
    SizedRowCells {
        /// The grid's size.
        size: usize,
        /// Cells on the row.
        found: usize,
    },
    /// A grid of another size that stopped before its last row.
    #[error("incomplete grid: expected {size} rows, found {found}")]
    SizedIncompleteGrid {
        /// The grid's size.
        size: usize,
        /// Rows read.
        found: usize,
    },
    /// 81 cells with separators between them: neither a one-line puzzle nor a grid row.
    #[error("the 81 cells of a one-line puzzle must not be separated")]
    SpacedCells,
    /// A line longer than [`MAX_LINE`] that cannot be a puzzle.
    #[error("line too long (more than {MAX_LINE} bytes)")]
    TooLong,
    /// A cell of a pencil-mark position with no candidate left.
    #[error("cell has no candidate")]
    NoCandidate,
    /// A digit written twice among a cell's candidates.
    #[error("candidate {0} written twice in one cell")]
    RepeatedCandidate(u8),
    /// In the 729-character form, a character that is neither the candidate of its place nor
    /// `.`.
    #[error("expected candidate {digit} or '.', found {}", ShowChar(*.found))]
    MisplacedCandidate {
        /// The candidate that this place stands for.
        digit: u8,
        /// What was written there.
        found: char,
    },
    /// Givens that break the rules.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// A puzzle of another size than 9×9 (or, when the reader was asked for every size, of
    /// any size; or a 9×9 jigsaw, its regions after its cells): read by the commands that
    /// take other shapes, from the error's text (a one-line puzzle, with
    /// [`crate::variant::Puzzle::parse_line`]) or from `grid`.
    #[error("{}", other_shape_message(*size))]
    OtherShape {
        /// Its size, N.
        size: usize,
        /// For a grid of N lines, its cells as written; `None` for a one-line puzzle.
        grid: Option<Box<RawGrid>>,
    },
    /// A puzzle of another shape given to a command (or option) that takes 9×9 puzzles
    /// only, with what does take it.
    #[error("{}: {command} takes {} only; {instead}", shape_words(*size), nine_words(*size))]
    NineOnly {
        /// Its size, N.
        size: usize,
        /// The command or option, e.g. `explain --scale hodoku`.
        command: &'static str,
        /// What takes the puzzle, e.g. `plain 'explain' (without --scale hodoku) takes it`.
        instead: &'static str,
    },
    /// A puzzle of another shape that is not valid.
    #[error(transparent)]
    Variant(#[from] crate::variant::VariantError),
    /// Text given to [`Board::from_str`](std::str::FromStr) held no puzzle.
    #[error("no puzzle found")]
    NoPuzzle,
    /// Text given to [`Board::from_str`](std::str::FromStr) held more than one puzzle.
    #[error("more than one puzzle")]
    ExtraPuzzle,
}

/// The message of [`ErrorKind::CellCount`]: a line longer than a puzzle may have been meant
/// as a position with pencil marks, so that form is named too.
fn cell_count_message(found: usize) -> String {
    if found > CELLS {
        format!("expected 81 cells (or 729 for a position with pencil marks), found {found}")
    } else {
        format!("expected 81 cells, found {found}")
    }
}

/// Whether `body` is a record's header as the commands write it, `FILE:LINE:` alone or
/// followed by a space and a verdict (`puzzles/easy.txt:2: unique solution`): skipped, so that
/// the grid output of `solve` (and any command's text) reads back as input. The file name
/// holds no white space and something that is not a cell, so no puzzle is taken for one.
fn is_record_header(body: &[u8]) -> bool {
    let name_end = body
        .iter()
        .position(|&b| b == b':' || b == b' ' || b == b'\t')
        .unwrap_or(body.len());
    if name_end == 0 || body.get(name_end) != Some(&b':') {
        return false;
    }
    if body[..name_end]
        .iter()
        .all(|&b| oneline::cell_value(b).is_some())
    {
        return false;
    }
    let rest = &body[name_end + 1..];
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    digits > 0
        && rest.get(digits) == Some(&b':')
        && matches!(rest.get(digits + 1), None | Some(b' '))
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
    /// Line number, from 1, of the problem itself: for a 9-line grid, the line of the bad
    /// row, which may lie after the entry's own [`Entry::line`].
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
    /// The puzzle's first line, from 1 (a grid's first row, even when the error is on a later
    /// row: see [`PuzzleError::line`]).
    pub line: u64,
    /// The puzzle, or what is wrong with it. For a position with pencil marks, the board
    /// holds its filled cells: those with exactly one candidate.
    pub result: Result<Board, PuzzleError>,
    /// The pencil marks of a position read with them (a pencil-mark grid or the 729-character
    /// line): for each cell, bit `d - 1` set when digit `d` may still go there; a filled cell
    /// holds just its digit's bit. `None` for a plain puzzle, whose candidates follow from its
    /// board alone, and for an error.
    pub marks: Option<Box<[u16; CELLS]>>,
}

impl Entry {
    /// The entry with no pencil marks if its board is an error, as [`Entry::marks`] promises.
    fn checked(mut self) -> Entry {
        if self.result.is_err() {
            self.marks = None;
        }
        self
    }
}

/// What one line of input turned out to be.
enum Line {
    /// Blank: skipped, and it ends a 9-line grid in progress.
    Blank,
    /// A comment, a ruler (`------+-------+------`, `.-------.-------.`) or other line of
    /// separators only, or code closing a list (`]]`): skipped, also between the rows of a
    /// grid.
    Skip,
    /// A line of code that opens a list but holds no cell (`grid = [`): skipped, and a grid
    /// starting right after it (comments and separators between allowed) is located here.
    Open,
    /// A whole one-line puzzle.
    Puzzle([u8; CELLS]),
    /// A one-line puzzle of N² cells for another N (or any N when the reader takes every
    /// size), and its indentation.
    OtherShape(usize, usize),
    /// A whole puzzle written as code on one line, and the column of each cell.
    CodePuzzle([u8; CELLS], Box<[u32; CELLS]>),
    /// A position in the 729-character pencil-mark form.
    Marks(Box<[u16; CELLS]>),
    /// A row of a 9-line grid, read as cells and as pencil marks.
    Row(Box<grid::RowRead>),
    /// Not a puzzle nor a good row.
    Bad(Bad),
}

/// How the next line starts, seen from the input's buffer.
enum Peek {
    /// The end of the input.
    End,
    /// A one-line puzzle alone on its line, already read.
    Puzzle([u8; CELLS]),
    /// Anything else: read the line the general way.
    Line,
}

/// A line that is not a puzzle nor a good row.
struct Bad {
    /// Column, from 1, of what is wrong.
    column: u64,
    kind: ErrorKind,
    shape: Shape,
}

/// What a bad line was meant to be, which decides how it joins the grid around it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// A one-line puzzle: a record of its own, ending a grid in progress.
    OneLine,
    /// A grid row: part of the grid in progress, or the first row of a new one.
    Row,
    /// Text or an overlong line: a record of its own outside a grid, a bad row inside one.
    Other,
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
    /// The 9-line grid being read, if any.
    grid: Option<Box<Grid>>,
    /// The last line of code opening a list (`grid = [`) read outside a grid, if nothing but
    /// skipped lines came after it: a grid that starts next starts there.
    opened: Option<u64>,
    /// Whether the part of the current line past [`MAX_LINE`] (if any) was all white space.
    tail_blank: bool,
    /// Whether the last line ended with CR, so that a LF right after it is skipped.
    after_cr: bool,
    /// Whether the input has said it is at its end (not to be asked again).
    at_end: bool,
    /// An entry waiting behind the one just returned.
    pending: Option<Entry>,
    done: bool,
    /// One-line puzzles of 81 cells are left to the commands that read other shapes too
    /// (see [`PuzzleReader::with_all_sizes`]).
    all_sizes: bool,
    /// The size of every grid, when known (see [`PuzzleReader::with_grid_size`]).
    grid_size: Option<usize>,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Self {
        PuzzleReader {
            input,
            buf: Vec::with_capacity(128),
            line: 0,
            bytes: 0,
            grid: None,
            opened: None,
            tail_blank: true,
            after_cr: false,
            at_end: false,
            pending: None,
            done: false,
            all_sizes: false,
            grid_size: None,
        }
    }

    /// With `all`, every one-line puzzle and grid, of 81 cells too, is an
    /// [`ErrorKind::OtherShape`] entry: the commands given `--variant`, `--regions`, `--box`
    /// or `--symbols` read every puzzle as one of those shapes.
    pub fn with_all_sizes(mut self, all: bool) -> Self {
        self.all_sizes = all;
        self
    }

    /// With `Some(n)`, every grid has `n` rows (`--box` or `--regions` gave the size); else
    /// each grid's first row tells its size.
    pub fn with_grid_size(mut self, size: Option<usize>) -> Self {
        self.grid_size = size;
        self
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

    /// How many bytes the input has buffered, reading more if there are none (0 at the end
    /// of input, which is then asked only once: a terminal would wait for a second Ctrl-D).
    fn buffered(&mut self) -> io::Result<usize> {
        loop {
            match self.input.fill_buf() {
                Ok(chunk) => return Ok(chunk.len()),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// Starts the next line: skips the LF of a CRLF whose CR ended the line before, then takes
    /// the path nearly every line of a collection takes, 81 cells then the line end, read in
    /// place from the input's buffer with no search for the line end.
    #[inline]
    fn quick_read(&mut self) -> io::Result<Peek> {
        if self.at_end || self.buffered()? == 0 {
            return Ok(Peek::End);
        }
        if self.after_cr {
            self.after_cr = false;
            if self.input.fill_buf()?.first() == Some(&b'\n') {
                self.input.consume(1);
                self.bytes += 1;
                if self.buffered()? == 0 {
                    return Ok(Peek::End);
                }
            }
        }
        if self.all_sizes {
            return Ok(Peek::Line);
        }
        // Buffered: this returns the bytes without reading.
        let chunk = self.input.fill_buf()?;
        let Some(head) = chunk.get(..=CELLS) else {
            return Ok(Peek::Line);
        };
        let end = head[CELLS];
        if end != b'\n' && end != b'\r' {
            return Ok(Peek::Line);
        }
        let Some(cells) = oneline::quick_line(&head[..CELLS]) else {
            return Ok(Peek::Line);
        };
        // Kept for error reports (a rule break), as `read_line` would.
        self.buf.clear();
        self.buf.extend_from_slice(&head[..CELLS]);
        self.tail_blank = true;
        self.after_cr = end == b'\r';
        self.input.consume(CELLS + 1);
        self.bytes += CELLS as u64 + 1;
        Ok(Peek::Puzzle(cells))
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
                self.at_end = true;
                return Ok(if any { Some(truncated) } else { None });
            }
            any = true;
            // A line ends at LF, CRLF or a lone CR (old Mac files).
            let (take, end) = match memchr::memchr2(b'\n', b'\r', chunk) {
                Some(i) => {
                    self.after_cr = chunk[i] == b'\r';
                    (i, Some(i + 1))
                }
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
        let text = self.text();
        if !self.all_sizes
            && let Some(cells) = oneline::quick_line(text)
        {
            // A jigsaw as `generate --jigsaw` prints it: the cells, then the regions.
            if text.len() > 2 * CELLS
                && crate::variant::annotated_regions(&text[CELLS..], CELLS).is_some()
            {
                return Line::OtherShape(9, 0);
            }
            return Line::Puzzle(cells);
        }
        let indent = text
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        let body = &text[indent..];
        match body.first() {
            // Nothing but indentation within the limit: blank only if the rest was too.
            None if truncated && !self.tail_blank => {
                return Line::Bad(Bad {
                    column: 1,
                    kind: ErrorKind::TooLong,
                    shape: Shape::Other,
                });
            }
            None => return Line::Blank,
            Some(b'#') => return Line::Skip,
            Some(_) => {}
        }
        if let Some(n) = crate::variant::one_line_size(text, self.all_sizes) {
            // Past the limit, the cells must end (an annotation starts) within it.
            let run = body
                .iter()
                .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_')
                .count();
            if !truncated || run < body.len() {
                return Line::OtherShape(n, indent);
            }
        }
        let run = body
            .iter()
            .take_while(|&&b| oneline::cell_value(b).is_some())
            .count();
        if run == pencilmarks::LINE_LEN {
            return pencilmarks::one_line(body, indent, truncated);
        }
        if run >= oneline::LONG_RUN {
            return oneline::long_run(body, indent, run, truncated);
        }
        if !truncated && (pencilmarks::is_ruler(body) || is_record_header(body)) {
            return Line::Skip;
        }
        if let Some(start) = literal::code_start(text, indent) {
            return literal::parse(text, start, truncated);
        }
        grid::scan_row(text, truncated, !self.all_sizes)
    }

    /// The current line without a byte-order mark at its start (files joined with `cat` may
    /// have one at the start of any line).
    fn text(&self) -> &[u8] {
        let text: &[u8] = &self.buf;
        text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text)
    }

    /// Column (from 1) of the `k`-th cell (from 0) of the one-line puzzle on the current line.
    fn cell_column(&self, k: usize) -> u64 {
        let text = self.text();
        text.iter()
            .enumerate()
            .filter(|&(_, &b)| oneline::cell_value(b).is_some())
            .nth(k)
            .map_or(1, |(i, _)| i as u64 + 1)
    }

    /// The text of the current line, for error displays.
    fn line_text(&self) -> String {
        String::from_utf8_lossy(self.text()).into_owned()
    }

    /// Ends the grid in progress, if any, and returns its record.
    fn end_grid(&mut self) -> Option<Entry> {
        self.grid.take().map(|grid| grid.finish())
    }

    /// Returns `entry`, behind the record of the grid it ends if there was one.
    #[inline]
    fn after_grid(&mut self, entry: Entry) -> Entry {
        if self.grid.is_none() {
            return entry;
        }
        match self.end_grid() {
            Some(grid) => {
                self.pending = Some(entry);
                grid
            }
            None => entry,
        }
    }

    /// Adds the current line to the grid in progress (starting one if needed) as a row or a
    /// bad row; returns the grid's record once it has nine rows.
    fn grid_row(&mut self, row: grid::RowRead) -> Option<Entry> {
        let line = self.line;
        let text = self.line_text();
        let opened = self.opened.take();
        let (size, all) = (self.grid_size, self.all_sizes);
        let grid = self
            .grid
            .get_or_insert_with(|| Grid::new(opened.unwrap_or(line), size, all));
        grid.push(line, text, row);
        if grid.is_full() {
            return self.end_grid();
        }
        None
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
            let line = match self.quick_read()? {
                Peek::Puzzle(cells) => Line::Puzzle(cells),
                Peek::Line => {
                    let Some(truncated) = self.read_line()? else {
                        self.done = true;
                        return Ok(self.end_grid());
                    };
                    self.classify(truncated)
                }
                Peek::End => {
                    self.done = true;
                    return Ok(self.end_grid());
                }
            };
            self.line += 1;
            if !matches!(line, Line::Skip | Line::Row(_) | Line::Bad(_)) {
                self.opened = None;
            }
            match line {
                Line::Skip => {
                    if let Some(grid) = &mut self.grid
                        && pencilmarks::is_ruler(self.buf.trim_ascii())
                    {
                        grid.ruler();
                    }
                }
                Line::Open => {
                    if self.grid.is_none() {
                        self.opened = Some(self.line);
                    }
                }
                Line::Blank => {
                    if let Some(e) = self.end_grid() {
                        return Ok(Some(e));
                    }
                }
                Line::Puzzle(cells) => {
                    let entry = Entry {
                        line: self.line,
                        result: self.finish(cells, |k| self.cell_column(k)),
                        marks: None,
                    };
                    return Ok(Some(self.after_grid(entry)));
                }
                Line::OtherShape(size, indent) => {
                    let entry = Entry {
                        line: self.line,
                        result: Err(PuzzleError {
                            line: self.line,
                            column: indent as u64 + 1,
                            kind: ErrorKind::OtherShape { size, grid: None },
                            text: self.line_text(),
                            board: None,
                        }),
                        marks: None,
                    };
                    return Ok(Some(self.after_grid(entry)));
                }
                Line::CodePuzzle(cells, columns) => {
                    let entry = Entry {
                        line: self.line,
                        result: self.finish(cells, |k| u64::from(columns[k])),
                        marks: None,
                    };
                    return Ok(Some(self.after_grid(entry)));
                }
                Line::Marks(marks) => {
                    let board = pencilmarks::filled(&marks);
                    let indent = self.text().iter().take_while(|&&b| b == b' ' || b == b'\t');
                    let indent = indent.count() as u64;
                    let entry = Entry {
                        line: self.line,
                        result: self.finish(board, |k| indent + 9 * k as u64 + 1),
                        marks: Some(marks),
                    };
                    return Ok(Some(self.after_grid(entry.checked())));
                }
                Line::Row(row) => {
                    if let Some(e) = self.grid_row(*row) {
                        return Ok(Some(e));
                    }
                }
                Line::Bad(bad)
                    if bad.shape == Shape::Row
                        || bad.shape == Shape::Other && self.grid.is_some() =>
                {
                    let error = (bad.column, bad.kind);
                    let row = grid::RowRead::bad(error, self.text());
                    if let Some(e) = self.grid_row(row) {
                        return Ok(Some(e));
                    }
                }
                Line::Bad(bad) => {
                    self.opened = None;
                    let entry = Entry {
                        line: self.line,
                        result: Err(PuzzleError {
                            line: self.line,
                            column: bad.column,
                            kind: bad.kind,
                            text: self.line_text(),
                            board: None,
                        }),
                        marks: None,
                    };
                    return Ok(Some(self.after_grid(entry)));
                }
            }
        }
    }

    /// Checks the rules on a one-line puzzle's cells; `column` gives the column of a cell.
    fn finish(
        &self,
        cells: [u8; CELLS],
        column: impl Fn(usize) -> u64,
    ) -> Result<Board, PuzzleError> {
        let board = Board::from_valid_cells(cells);
        board
            .check_rules()
            .map(|()| board)
            .map_err(|rule| PuzzleError {
                line: self.line,
                column: column(rule.cell),
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

    /// Parses text holding exactly one puzzle, in any form the reader accepts (for a
    /// position with pencil marks, its filled cells).
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

    /// Asserts that `entry` is the error `message` at `line` and `column`.
    #[track_caller]
    fn assert_entry_err(entry: &Entry, line: u64, column: u64, message: &str) {
        assert_eq!(err(entry), (line, column, message.to_string()));
    }

    /// [`assert_entry_err`] for the first entry read from `text`.
    #[track_caller]
    fn assert_err(text: impl AsRef<[u8]>, line: u64, column: u64, message: &str) {
        assert_entry_err(&read(text.as_ref())[0], line, column, message);
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
        assert_err(short, 1, 81, "expected 81 cells, found 80");
        let long = format!("{P}1");
        assert_err(
            &long,
            1,
            82,
            "expected 81 cells (or 729 for a position with pencil marks), found 82",
        );
    }

    #[test]
    fn invalid_characters_and_bytes() {
        let bad = format!("{}x{}", &P[..10], &P[11..]);
        assert_err(&bad, 1, 11, "invalid character 'x'");
        let nul = format!("{}\0{}", &P[..3], &P[4..]);
        assert_err(&nul, 1, 4, "invalid character NUL (byte 0x00)");
        let mut bytes = P.as_bytes().to_vec();
        bytes[5] = 0xff;
        assert_err(&bytes, 1, 6, "invalid byte 0xff");
        let after = format!("{P}é");
        assert_err(&after, 1, 82, "invalid character 'é'");
    }

    #[test]
    fn rule_breaks_name_digit_unit_and_place() {
        // Row 1 gets a second 4 in column 2.
        let row = format!("44{}", &P[2..]);
        assert_err(&row, 1, 2, "digit 4 appears twice in row 1");
        // Column 1 gets a second 4 in row 9.
        let col = format!("{}4{}", &P[..72], &P[73..]);
        assert_err(&col, 1, 73, "digit 4 appears twice in column 1");
        // Box 1 gets a second 4 at row 2, column 2.
        let bx = format!("{}4{}", &P[..10], &P[11..]);
        assert_err(&bx, 1, 11, "digit 4 appears twice in box 1");
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
        assert_entry_err(
            &entries[0],
            1,
            1,
            "incomplete grid: expected 9 rows, found 4",
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
        assert_err(&short, 3, 6, "expected 9 cells in a grid row, found 3");
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
        assert_entry_err(
            &entries[0],
            1,
            82,
            &format!("line too long (more than {MAX_LINE} bytes)"),
        );
        assert!(entries[0].result.as_ref().unwrap_err().text.len() <= MAX_LINE);
        assert_eq!(entries[1].line, 2);
        assert!(entries[1].result.is_ok());
        // Nor is a huge line of spaces and separators.
        let seps = format!("{}\n", "- ".repeat(MAX_LINE));
        assert_eq!(
            err(&read(seps.as_bytes())[0]).2,
            format!("line too long (more than {MAX_LINE} bytes)")
        );
    }

    #[test]
    fn indented_one_line_puzzles() {
        let text = format!("  {P}\n\t44{}\n", &P[2..]);
        let entries = read(text.as_bytes());
        assert_eq!(entries[0].result.as_ref().unwrap().to_line(), P);
        assert_entry_err(&entries[1], 2, 3, "digit 4 appears twice in row 1");
        let long = format!("   {P}9\n");
        assert_err(
            &long,
            1,
            85,
            "expected 81 cells (or 729 for a position with pencil marks), found 82",
        );
    }

    #[test]
    fn near_puzzles_get_the_message_that_fits() {
        let p80 = &P[..80];
        for line in [format!("{p80} 5"), format!("{p80}  # rating 1.2")] {
            assert_err(&line, 1, 81, "expected 81 cells, found 80");
        }
        let glued = format!("{p80}x");
        assert_err(&glued, 1, 81, "invalid character 'x'");
    }

    #[test]
    fn spaced_out_cells_are_not_a_puzzle_and_say_why() {
        let spaced: String = P.chars().map(|c| format!("{c} ")).collect();
        let message = "the 81 cells of a one-line puzzle must not be separated";
        assert_err(&spaced, 1, 1, message);
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
            format!("line too long (more than {MAX_LINE} bytes)")
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
        assert_entry_err(
            &entries[0],
            1,
            1,
            &format!("line too long (more than {MAX_LINE} bytes)"),
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
