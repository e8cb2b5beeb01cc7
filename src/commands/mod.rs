//! The commands, one file each. A batch command turns its flags into a value implementing
//! [`batch::Command`](crate::batch::Command) (what it does to one job) and hands it to
//! [`batch::run`](crate::batch::run) with a source of jobs; `main` maps the
//! [`Ending`](crate::batch::Ending) to the exit status.
//!
//! A new command over puzzles is, in outline:
//!
//! ```text
//! struct Hint { format: Format, .. }
//! batch::counts! { struct HintTally { read, solved, invalid } }   // counts for --stats
//! impl batch::SimpleCommand for Hint {
//!     type Job = Puzzle;
//!     fn run(&self, job: &Puzzle, record: &mut Record<'_>, tally: &mut HintTally) -> Verdict {
//!         // a bad line: record.report(error_report(..)); write its record; Verdict::Invalid
//!         // a puzzle: append the record to record.out(); poll interrupt::stopping() in long
//!         // work; Verdict::Failure when it could not do what was asked
//!     }
//! }
//! impl batch::Frame for Hint {        // what goes around the records
//!     type Tally = HintTally;
//!     fn summary(&self, tally: &HintTally, elapsed: Duration) -> String { .. }
//! }
//! pub fn run(args: HintArgs) -> Result<Ending> {
//!     let options = super::options(&args.batch);
//!     batch::run(&Hint { .. }, Puzzles::new(args.input.files, quiet), &options)
//! }
//! ```
//!
//! Numbered jobs (generate) are `u64` indices from a [`batch::Counter`](crate::batch::Counter);
//! a command with per-thread state (solve's `--trace` writer, canon's form finder)
//! implements [`batch::Command`](crate::batch::Command) itself.

pub mod canon;
pub mod check;
pub mod completions;
pub mod explain;
pub mod explain_hodoku;
pub mod generate;
pub mod generate_shapes;
pub mod man;
pub mod print;
pub mod rate;
pub mod shapes;
pub mod solve;
pub mod transform;

use std::io::{self, IsTerminal};

use sudoku::board::Board;
use sudoku::format::{Format, write_json_string};
use sudoku::input::{ErrorKind, PuzzleError};
use sudoku::solver;

use crate::batch::{self, Options, Puzzle, Record};
use crate::cli::{BatchArgs, CheckFormat, ColorArg, SolveFormat};

/// The board a line gives, also when its givens break the rules (canon and transform treat
/// it like any other). For a line that gives no board: `None`, after reporting its located
/// error on stderr and, when `invalid` is `Some((prefix, json))`, writing its `invalid`
/// record after `prefix`.
pub fn board_as_read<'a>(
    job: &'a Puzzle,
    record: &mut Record<'_>,
    invalid: Option<(&[u8], bool)>,
) -> Option<&'a Board> {
    let err = match &job.entry.result {
        Ok(board) => return Some(board),
        Err(e) => match (&e.kind, e.board.as_deref()) {
            (ErrorKind::Rule(_), Some(board)) => return Some(board),
            _ => e,
        },
    };
    record.report(error_report(&job.input.name, err));
    if let Some((prefix, json)) = invalid {
        let out = record.out();
        out.extend_from_slice(prefix);
        write_invalid_line(out, job, err, json);
    }
    None
}

/// The board a line gives, or its error after reporting it on stderr (located, see
/// [`error_report`]).
pub fn board_or_report<'a>(
    job: &'a Puzzle,
    record: &mut Record<'_>,
) -> Result<&'a Board, &'a PuzzleError> {
    job.entry.result.as_ref().inspect_err(|err| {
        record.report(error_report(&job.input.name, err));
    })
}

/// [`board_or_report`] for a command (or option) that takes 9×9 puzzles only: a puzzle of
/// another shape is reported as such, saying what takes it (`instead`).
pub fn nine_only_or_report<'a>(
    job: &'a Puzzle,
    record: &mut Record<'_>,
    command: &'static str,
    instead: &'static str,
) -> Result<&'a Board, PuzzleError> {
    job.entry.result.as_ref().map_err(|err| {
        let mut err = err.clone();
        if let sudoku::input::ErrorKind::OtherShape { size, .. } = err.kind {
            err.kind = sudoku::input::ErrorKind::NineOnly {
                size,
                command,
                instead,
            };
        }
        record.report(error_report(&job.input.name, &err));
        err
    })
}

/// The driver's options for the flags every command shares: `--threads`, full chunks, the
/// progress display unless `--quiet`, no live count, and `--stats`.
pub fn options(b: &BatchArgs) -> Options {
    Options {
        threads: threads(b.threads),
        chunk: batch::CHUNK,
        progress: !b.quiet,
        counter: None,
        stats: b.stats,
    }
}

/// Worker threads: the number asked for, or one per core.
pub fn threads(arg: Option<u32>) -> usize {
    arg.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    )
}

/// Whether to colour: `auto` colours only when stdout is a terminal and `NO_COLOR` is unset.
pub fn color(arg: ColorArg) -> bool {
    match arg {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

impl From<SolveFormat> for Format {
    fn from(arg: SolveFormat) -> Format {
        match arg {
            SolveFormat::Grid => Format::Grid,
            SolveFormat::Line => Format::Line,
            SolveFormat::Json => Format::Json,
            // The result shown under the replay of `--trace --format html`.
            SolveFormat::Html => Format::Grid,
        }
    }
}

impl From<CheckFormat> for Format {
    fn from(arg: CheckFormat) -> Format {
        match arg {
            CheckFormat::Text => Format::Grid,
            CheckFormat::Line => Format::Line,
            CheckFormat::Json => Format::Json,
        }
    }
}

/// Refuses `--timeout 0` where it would leave no time at all (every command but `solve` and
/// `check`, where 0 means propagation only).
pub fn refuse_zero_timeout(timeout: Option<std::time::Duration>) -> anyhow::Result<()> {
    if timeout.is_some_and(|t| t.is_zero()) {
        anyhow::bail!("--timeout 0 leaves no time: give a duration such as 500ms or 10s");
    }
    Ok(())
}

/// Counts the solutions of a puzzle, or of a position with its pencil marks, up to two.
pub fn analyse_entry(
    board: &Board,
    marks: Option<&[u16; 81]>,
    stop: &dyn Fn() -> bool,
) -> solver::Analysis {
    match marks {
        None => solver::analyse(board, Some(2), Some(stop)),
        Some(marks) => solver::analyse_position(board, marks, 2, Some(stop)),
    }
}

/// Why a position with pencil marks has no solution although its digits may: the first cell
/// (in reading order) whose marks lack the digit of the board's only solution, or the placed
/// digits themselves. `None` for a plain puzzle, which simply has no solution.
pub fn position_error(
    board: &Board,
    marks: Option<&[u16; 81]>,
    stop: &dyn Fn() -> bool,
) -> Option<String> {
    let marks = marks?;
    let plain = solver::analyse(board, Some(2), Some(stop));
    let ruled_out = |solution: &Board| {
        (0..81).find(|&c| board.get(c) == 0 && marks[c] & (1 << (solution.get(c) - 1)) == 0)
    };
    Some(match (plain.count, plain.first) {
        (1, Some(solution)) if plain.complete && ruled_out(&solution).is_some() => {
            let cell = ruled_out(&solution).expect("just seen");
            format!(
                "the pencil marks rule out {} in r{}c{}, which the only solution needs",
                solution.get(cell),
                cell / 9 + 1,
                cell % 9 + 1
            )
        }
        (0, _) if plain.complete => {
            "the pencil marks rule out every solution: a digit placed (a cell with one \
             candidate) is wrong"
                .to_string()
        }
        _ => "the pencil marks rule out every solution of the position".to_string(),
    })
}

/// The record of a line that is not a puzzle, for `canon` and `transform`: `invalid`, or in
/// JSON its `file`, `line`, `status` and `error`.
pub fn write_invalid_line(out: &mut Vec<u8>, job: &Puzzle, err: &PuzzleError, json: bool) {
    if !json {
        out.extend_from_slice(b"invalid\n");
        return;
    }
    out.extend_from_slice(b"{\"file\":");
    write_json_string(out, &job.input.json_name);
    out.extend_from_slice(
        format!(
            ",\"line\":{},\"status\":\"invalid\",\"error\":",
            job.entry.line
        )
        .as_bytes(),
    );
    write_json_string(out, &err.to_string());
    out.extend_from_slice(b"}\n");
}

/// The error report for a bad puzzle: `FILE:LINE:COLUMN: message`, then the line with a caret
/// under the column.
pub fn error_report(name: &str, err: &PuzzleError) -> String {
    let mut s = format!("{name}:{}:{}: {err}\n", err.line, err.column);
    if err.text.is_empty() {
        return s;
    }
    // Show the whole line when it is short, else a window of WIDTH characters around the
    // column, with control characters made visible.
    const WIDTH: usize = 100;
    let chars: Vec<char> = err.text.chars().collect();
    let col = (err.column as usize).saturating_sub(1).min(chars.len());
    let start = if chars.len() <= WIDTH {
        0
    } else {
        col.saturating_sub(WIDTH / 2).min(chars.len() - WIDTH)
    };
    let end = chars.len().min(start + WIDTH);
    let mut shown = String::new();
    if start > 0 {
        shown.push_str("...");
    }
    for &c in &chars[start..end] {
        shown.push(if c.is_control() { '?' } else { c });
    }
    if end < chars.len() {
        shown.push_str("...");
    }
    let pad = col - start + if start > 0 { 3 } else { 0 };
    let gutter = err.line.to_string();
    let blank = " ".repeat(gutter.len());
    s.push_str(&format!(
        "{blank} |\n{gutter} | {shown}\n{blank} | {}^\n",
        " ".repeat(pad)
    ));
    s
}
