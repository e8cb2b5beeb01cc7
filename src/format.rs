//! Rendering results: a readable grid, one line per record, or JSON Lines.
//!
//! Every function appends to a byte buffer, so a batch can be rendered by worker threads and
//! written in input order by one writer. What each format prints is described in docs/guide.md;
//! in short:
//!
//! - [`Format::Grid`]: a header `FILE:LINE: verdict`, the solution as nine rows with box
//!   separators, and a blank line after each record.
//! - [`Format::Line`]: one line per puzzle: the 81 digits of the solution (with ` multiple`
//!   when it is not the only one), `none` or `invalid`.
//! - [`Format::Json`]: one JSON object per puzzle per line.

use std::io::Write;

use crate::board::{Board, CELLS};
use crate::input::PuzzleError;

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// Nine rows with box separators, under a `FILE:LINE: verdict` header.
    #[default]
    Grid,
    /// One line per puzzle.
    Line,
    /// One JSON object per puzzle, one per line.
    Json,
}

/// What was asked of each puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// One solution, and whether it is the only one.
    Solve,
    /// Every solution, then their number.
    All,
    /// Only the number of solutions.
    Count,
    /// Whether the puzzle is proper: exactly one solution.
    Check,
}

/// Why a search ended before it was exhausted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// The solution limit was reached.
    Limit,
    /// The per-puzzle time limit ran out.
    Timeout,
    /// The user interrupted the run.
    Interrupted,
}

impl Cut {
    fn word(self) -> &'static str {
        match self {
            Cut::Limit => "limit reached",
            Cut::Timeout => "timeout",
            Cut::Interrupted => "interrupted",
        }
    }
}

/// What the search found for one valid puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The first solution found, if any.
    pub first: Option<Board>,
    /// Solutions found.
    pub count: u64,
    /// Why the search stopped early, or `None` when it searched the whole tree or stopped at
    /// the second solution in [`Mode::Solve`] and [`Mode::Check`] (which settles uniqueness).
    pub cut: Option<Cut>,
    /// Branching guesses made.
    pub guesses: u64,
    /// Time spent, in microseconds.
    pub micros: u64,
}

/// The verdict on a valid puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Exactly one solution.
    Unique,
    /// Two or more.
    Multiple,
    /// None at all.
    None,
    /// The search was stopped before the verdict was known.
    Unknown,
}

impl Status {
    /// The word used in line and JSON output.
    pub fn word(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::None => "none",
            Status::Unknown => "unknown",
        }
    }
}

impl Outcome {
    /// The verdict this outcome supports.
    pub fn status(&self) -> Status {
        match (self.count, self.cut) {
            (2.., _) => Status::Multiple,
            (1, None) => Status::Unique,
            (0, None) => Status::None,
            // A limit of 1 cannot tell one solution from several.
            (_, Some(_)) => Status::Unknown,
        }
    }

    /// True when the count is exact.
    pub fn complete(&self) -> bool {
        self.cut.is_none()
    }
}

/// Where a record comes from, and how to show it.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    /// File name for people: the path as given, or `<stdin>`.
    pub name: &'a str,
    /// File name for JSON: the path as given, or `-`.
    pub json_name: &'a str,
    /// The puzzle's first line.
    pub line: u64,
    /// Output format.
    pub format: Format,
    /// What was asked.
    pub mode: Mode,
    /// Show givens in bold in grids.
    pub color: bool,
    /// Add search figures (`guesses`, `micros`) to JSON records.
    pub stats: bool,
}

const BOLD: &[u8] = b"\x1b[1m";
const RESET: &[u8] = b"\x1b[0m";

/// Appends a solution as nine rows with box separators. With `givens` and `color`, the cells
/// given in the puzzle are bold.
pub fn write_grid(out: &mut Vec<u8>, board: &Board, givens: Option<&Board>, color: bool) {
    for row in 0..9 {
        if row == 3 || row == 6 {
            out.extend_from_slice(b"------+-------+------\n");
        }
        for col in 0..9 {
            if col > 0 {
                out.extend_from_slice(if col == 3 || col == 6 { b" | " } else { b" " });
            }
            let cell = row * 9 + col;
            let v = board.get(cell);
            let ch = if v == 0 { b'.' } else { b'0' + v };
            let bold = color && givens.is_some_and(|g| g.get(cell) != 0);
            if bold {
                out.extend_from_slice(BOLD);
            }
            out.push(ch);
            if bold {
                out.extend_from_slice(RESET);
            }
        }
        out.push(b'\n');
    }
}

/// The board as a 9-row grid, without colour.
pub fn grid(board: &Board) -> String {
    let mut out = Vec::with_capacity(220);
    write_grid(&mut out, board, None, false);
    String::from_utf8(out).expect("grid is ASCII")
}

/// The board as one line of 81 characters, `.` for empty cells.
pub fn line(board: &Board) -> String {
    board.to_line()
}

fn push_line(out: &mut Vec<u8>, board: &Board, blank: u8) {
    let mut buf = [0u8; CELLS];
    board.write_line(blank, &mut buf);
    out.extend_from_slice(&buf);
}

/// Appends `s` as a JSON string, quoted and escaped.
pub fn write_json_string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    // Runs of bytes that need no escape are copied whole: a copy per character showed in
    // profiles of `explain --format json` (a stuck position's pencil marks are 729
    // characters). Bytes of multi-byte characters (0x80 and up) never need one.
    let bytes = s.as_bytes();
    let mut run = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0..0x20 => b"",
            _ => continue,
        };
        out.extend_from_slice(&bytes[run..i]);
        if escape.is_empty() {
            let _ = write!(out, "\\u{:04x}", b);
        } else {
            out.extend_from_slice(escape);
        }
        run = i + 1;
    }
    out.extend_from_slice(&bytes[run..]);
    out.push(b'"');
}

fn header(out: &mut Vec<u8>, cx: &Context<'_>) {
    let _ = write!(out, "{}:{}: ", cx.name, cx.line);
}

fn json_start(out: &mut Vec<u8>, cx: &Context<'_>) {
    out.extend_from_slice(b"{\"file\":");
    write_json_string(out, cx.json_name);
    let _ = write!(out, ",\"line\":{}", cx.line);
}

fn json_puzzle(out: &mut Vec<u8>, puzzle: &Board) {
    out.extend_from_slice(b",\"puzzle\":\"");
    push_line(out, puzzle, b'.');
    out.push(b'"');
}

/// The count in words: `no solution`, `1 solution`, `N solutions`, or `at least N solutions
/// (why)` when it is a lower bound.
fn count_words(out: &mut Vec<u8>, outcome: &Outcome) {
    let n = outcome.count;
    match outcome.cut {
        Some(cut) => {
            let s = if n == 1 { "" } else { "s" };
            let _ = write!(out, "at least {n} solution{s} ({})", cut.word());
        }
        None if n == 0 => out.extend_from_slice(b"no solution"),
        None if n == 1 => out.extend_from_slice(b"1 solution"),
        None => {
            let _ = write!(out, "{n} solutions");
        }
    }
}

/// Appends the record for one valid puzzle whose search is over. In [`Mode::All`], the
/// solutions themselves were already written by [`write_all_solution`] and this is the summary.
pub fn write_outcome(out: &mut Vec<u8>, cx: &Context<'_>, puzzle: &Board, outcome: &Outcome) {
    match cx.format {
        Format::Grid => grid_outcome(out, cx, puzzle, outcome),
        Format::Line => line_outcome(out, cx, outcome),
        Format::Json => json_outcome(out, cx, puzzle, outcome),
    }
}

fn grid_outcome(out: &mut Vec<u8>, cx: &Context<'_>, puzzle: &Board, outcome: &Outcome) {
    header(out, cx);
    let mut show = outcome.first;
    match cx.mode {
        Mode::All | Mode::Count => {
            count_words(out, outcome);
            show = None;
        }
        Mode::Check => {
            out.extend_from_slice(match outcome.status() {
                Status::Unique => b"proper".as_slice(),
                Status::Multiple => b"multiple solutions",
                Status::None => b"no solution",
                Status::Unknown => b"stopped before a verdict",
            });
            if let Some(cut) = outcome.cut.filter(|_| outcome.status() == Status::Unknown) {
                let _ = write!(out, " ({})", cut.word());
            }
            show = None;
        }
        Mode::Solve => match outcome.status() {
            Status::Unique => out.extend_from_slice(b"unique solution"),
            Status::Multiple => out.extend_from_slice(b"multiple solutions, showing one"),
            Status::None => out.extend_from_slice(b"no solution"),
            Status::Unknown => {
                let why = outcome.cut.map_or("", Cut::word);
                let _ = write!(out, "stopped before a verdict ({why})");
            }
        },
    }
    out.push(b'\n');
    if let Some(solution) = show {
        write_grid(out, &solution, Some(puzzle), cx.color);
    }
    out.push(b'\n');
}

fn line_outcome(out: &mut Vec<u8>, cx: &Context<'_>, outcome: &Outcome) {
    let status = outcome.status();
    match cx.mode {
        Mode::Count => {
            let plus = if outcome.complete() { "" } else { "+" };
            let _ = write!(out, "{}{plus}", outcome.count);
        }
        Mode::All => {
            // `# 0 solutions`, `# 1 solution`, `# N solutions`, `# at least N solutions (why)`.
            out.extend_from_slice(b"# ");
            if outcome.count == 0 && outcome.complete() {
                out.extend_from_slice(b"0 solutions");
            } else {
                count_words(out, outcome);
            }
        }
        Mode::Check => out.extend_from_slice(match status {
            Status::Unique => b"proper".as_slice(),
            other => other.word().as_bytes(),
        }),
        Mode::Solve => match (outcome.first, status) {
            (Some(solution), Status::Unique) => push_line(out, &solution, b'0'),
            (Some(solution), other) => {
                push_line(out, &solution, b'0');
                out.push(b' ');
                out.extend_from_slice(other.word().as_bytes());
            }
            (None, other) => out.extend_from_slice(other.word().as_bytes()),
        },
    }
    out.push(b'\n');
}

fn json_outcome(out: &mut Vec<u8>, cx: &Context<'_>, puzzle: &Board, outcome: &Outcome) {
    if cx.mode != Mode::All {
        json_start(out, cx);
        json_puzzle(out, puzzle);
    }
    json_tail(out, cx, outcome);
}

/// The fields after `puzzle` (and after `all` in [`Mode::All`]), and the closing brace.
fn json_tail(out: &mut Vec<u8>, cx: &Context<'_>, outcome: &Outcome) {
    let _ = write!(out, ",\"status\":\"{}\"", outcome.status().word());
    if let Some(solution) = outcome.first {
        out.extend_from_slice(b",\"solution\":\"");
        push_line(out, &solution, b'0');
        out.push(b'"');
    }
    if matches!(cx.mode, Mode::All | Mode::Count) {
        let _ = write!(out, ",\"solutions\":{}", outcome.count);
    }
    let _ = write!(out, ",\"complete\":{}", outcome.complete());
    if cx.mode == Mode::Check {
        let _ = write!(out, ",\"proper\":{}", outcome.status() == Status::Unique);
    }
    if cx.stats {
        let _ = write!(
            out,
            ",\"guesses\":{},\"micros\":{}",
            outcome.guesses, outcome.micros
        );
    }
    out.extend_from_slice(b"}\n");
}

/// In [`Mode::All`], appends what comes before the first solution of a puzzle.
pub fn write_all_start(out: &mut Vec<u8>, cx: &Context<'_>, puzzle: &Board) {
    if cx.format == Format::Json {
        json_start(out, cx);
        json_puzzle(out, puzzle);
        out.extend_from_slice(b",\"all\":[");
    }
}

/// In [`Mode::All`], appends solution number `index` (from 1) of a puzzle.
pub fn write_all_solution(
    out: &mut Vec<u8>,
    cx: &Context<'_>,
    puzzle: &Board,
    index: u64,
    solution: &Board,
) {
    match cx.format {
        Format::Grid => {
            header(out, cx);
            let _ = writeln!(out, "solution {index}");
            write_grid(out, solution, Some(puzzle), cx.color);
            out.push(b'\n');
        }
        Format::Line => {
            push_line(out, solution, b'0');
            out.push(b'\n');
        }
        Format::Json => {
            if index > 1 {
                out.push(b',');
            }
            out.push(b'"');
            push_line(out, solution, b'0');
            out.push(b'"');
        }
    }
}

/// In [`Mode::All`], closes the list of solutions; [`write_outcome`] follows with the summary.
pub fn write_all_end(out: &mut Vec<u8>, cx: &Context<'_>) {
    if cx.format == Format::Json {
        out.push(b']');
    }
}

/// Appends the record for a line or block that is not a valid puzzle. `puzzle` is the board
/// when the text was a well-formed puzzle whose givens break the rules.
pub fn write_invalid(
    out: &mut Vec<u8>,
    cx: &Context<'_>,
    error: &PuzzleError,
    puzzle: Option<&Board>,
) {
    match cx.format {
        Format::Grid => {
            header(out, cx);
            let _ = write!(out, "invalid: {error}\n\n");
        }
        Format::Line => out.extend_from_slice(b"invalid\n"),
        Format::Json => {
            json_start(out, cx);
            if let Some(p) = puzzle {
                json_puzzle(out, p);
            }
            out.extend_from_slice(b",\"status\":\"invalid\",\"error\":");
            write_json_string(out, &error.to_string());
            // `line` is the record's first line; the error of a 9-line grid may lie on a
            // later row, named then by `error_line` (`column` is on the error's line).
            if error.line != cx.line {
                let _ = write!(out, ",\"error_line\":{}", error.line);
            }
            let _ = write!(out, ",\"column\":{}", error.column);
            if cx.mode == Mode::Check {
                out.extend_from_slice(b",\"proper\":false");
            }
            out.extend_from_slice(b"}\n");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const SOLUTION: &str =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    fn board(s: &str) -> Board {
        s.parse().unwrap()
    }

    fn cx(format: Format, mode: Mode) -> Context<'static> {
        Context {
            name: "p.txt",
            json_name: "p.txt",
            line: 3,
            format,
            mode,
            color: false,
            stats: false,
        }
    }

    fn outcome(count: u64, cut: Option<Cut>) -> Outcome {
        Outcome {
            first: (count > 0).then(|| board(SOLUTION)),
            count,
            cut,
            guesses: 7,
            micros: 11,
        }
    }

    fn render(cx: &Context<'_>, o: &Outcome) -> String {
        let mut out = Vec::new();
        write_outcome(&mut out, cx, &board(PUZZLE), o);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn grid_has_box_separators_and_reads_back() {
        let g = grid(&board(SOLUTION));
        assert_eq!(
            g,
            "4 1 7 | 3 6 9 | 8 2 5\n6 3 2 | 1 5 8 | 9 4 7\n9 5 8 | 7 2 4 | 3 1 6\n\
             ------+-------+------\n8 2 5 | 4 3 7 | 1 6 9\n7 9 1 | 5 8 6 | 4 3 2\n\
             3 4 6 | 9 1 2 | 7 5 8\n------+-------+------\n2 8 9 | 6 4 3 | 5 7 1\n\
             5 7 3 | 2 9 1 | 6 8 4\n1 6 4 | 8 7 5 | 2 9 3\n"
        );
        assert_eq!(board(&g), board(SOLUTION));
        assert_eq!(board(&grid(&board(PUZZLE))), board(PUZZLE));
    }

    #[test]
    fn colour_marks_only_givens() {
        let mut out = Vec::new();
        write_grid(&mut out, &board(SOLUTION), Some(&board(PUZZLE)), true);
        let text = String::from_utf8(out).unwrap();
        let givens = board(PUZZLE).givens();
        assert_eq!(text.matches("\x1b[1m").count(), givens);
        assert_eq!(text.matches("\x1b[0m").count(), givens);
        assert!(text.starts_with("\x1b[1m4\x1b[0m 1 7"));
    }

    #[test]
    fn line_format_says_status() {
        let l = cx(Format::Line, Mode::Solve);
        assert_eq!(render(&l, &outcome(1, None)), format!("{SOLUTION}\n"));
        assert_eq!(
            render(&l, &outcome(2, None)),
            format!("{SOLUTION} multiple\n")
        );
        assert_eq!(render(&l, &outcome(0, None)), "none\n");
        assert_eq!(render(&l, &outcome(0, Some(Cut::Timeout))), "unknown\n");
        let c = cx(Format::Line, Mode::Count);
        assert_eq!(render(&c, &outcome(5, None)), "5\n");
        assert_eq!(render(&c, &outcome(5, Some(Cut::Limit))), "5+\n");
    }

    #[test]
    fn grid_headers() {
        let g = cx(Format::Grid, Mode::Solve);
        let text = render(&g, &outcome(1, None));
        assert!(text.starts_with("p.txt:3: unique solution\n4 1 7 | 3 6 9 | 8 2 5\n"));
        assert!(text.ends_with("1 6 4 | 8 7 5 | 2 9 3\n\n"));
        assert_eq!(render(&g, &outcome(0, None)), "p.txt:3: no solution\n\n");
        let c = cx(Format::Grid, Mode::Count);
        assert_eq!(render(&c, &outcome(1, None)), "p.txt:3: 1 solution\n\n");
        assert_eq!(render(&c, &outcome(40, None)), "p.txt:3: 40 solutions\n\n");
        assert_eq!(
            render(&c, &outcome(40, Some(Cut::Limit))),
            "p.txt:3: at least 40 solutions (limit reached)\n\n"
        );
    }

    #[test]
    fn json_record_fields() {
        let j = cx(Format::Json, Mode::Solve);
        assert_eq!(
            render(&j, &outcome(1, None)),
            format!(
                "{{\"file\":\"p.txt\",\"line\":3,\"puzzle\":\"{PUZZLE}\",\"status\":\"unique\",\
                 \"solution\":\"{SOLUTION}\",\"complete\":true}}\n"
            )
        );
        let mut stats = cx(Format::Json, Mode::Count);
        stats.stats = true;
        let text = render(&stats, &outcome(3, Some(Cut::Timeout)));
        assert!(text.contains("\"status\":\"multiple\""), "{text}");
        assert!(
            text.contains("\"solutions\":3,\"complete\":false"),
            "{text}"
        );
        assert!(text.ends_with(",\"guesses\":7,\"micros\":11}\n"), "{text}");
    }

    #[test]
    fn json_strings_are_escaped() {
        let mut out = Vec::new();
        write_json_string(&mut out, "a\"b\\c\n\u{1}é");
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "\"a\\\"b\\\\c\\n\\u0001é\""
        );
    }

    proptest::proptest! {
        /// Any string, escapes and multi-byte characters included, reads back as itself.
        #[test]
        fn json_strings_read_back(s in "(?s).{0,40}") {
            let mut out = Vec::new();
            write_json_string(&mut out, &s);
            let back: String = serde_json::from_slice(&out).unwrap();
            proptest::prop_assert_eq!(back, s);
        }
    }
}
