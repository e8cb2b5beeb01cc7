//! `solve` and `check` on puzzles of other shapes (sizes 4×4 to 25×25, jigsaw, variants),
//! with [`sudoku::variant`] and the general search.
//!
//! The reader hands such a puzzle over as an `OtherShape` entry (a line of N² cells for
//! N ≠ 9, or any line when `--box`, `--variant`, `--regions` or `--symbols` is given): the
//! commands test for it once per entry, on entries that are not classic puzzles, so the
//! classic path is unchanged. The records follow the classic ones word for word, with the
//! grid in the puzzle's shape and alphabet and the shape's fields in JSON.

use std::io::Write as _;
use std::ops::ControlFlow;
use std::time::Instant;

use anyhow::{Context as _, Result};
use sudoku::format::{self, Context, Cut, Format, Mode, Outcome, Status};
use sudoku::geometry::Variants;
use sudoku::input::{Entry, ErrorKind, PuzzleError};
use sudoku::solver::SearchEnd;
use sudoku::solver::general::{Options as SearchOptions, Watch};
use sudoku::variant::{Marks, Puzzle, Spec, parse_regions};

use super::solve::{Search, SearchTally};
use crate::batch::{Puzzle as Job, Record, interrupt};
use crate::cli::ShapeArgs;

/// The [`Spec`] of the command line's shape flags; a bad `--variant` or `--regions` is an
/// error before any puzzle is read.
pub fn spec(args: &ShapeArgs) -> Result<Spec> {
    let variants = match &args.variant {
        Some(list) => Variants::parse(list).context("--variant")?,
        None => Variants::NONE,
    };
    let regions = match &args.regions {
        Some(text) => Some(regions_arg(text)?),
        None => None,
    };
    if let Some(symbols) = &args.symbols {
        let size = args
            .box_shape
            .map(|(r, c)| r * c)
            .or_else(|| regions.as_ref().map(|r| r.len().isqrt()));
        sudoku::variant::check_symbols(symbols, size).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    Ok(Spec::new(
        args.box_shape,
        variants,
        regions,
        args.symbols.clone(),
    ))
}

/// `--regions`: the labels, or a file holding them.
pub fn regions_arg(text: &str) -> Result<Vec<char>> {
    let path = std::path::Path::new(text);
    if path.is_file() {
        let content = std::fs::read_to_string(path)
            .with_context(|| format!("--regions: cannot read {text}"))?;
        // Lines starting with '#' are comments.
        let labels: String = content
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .collect();
        return parse_regions(&labels).with_context(|| format!("--regions {text}"));
    }
    parse_regions(text).context("--regions")
}

/// Whether an entry is a puzzle for this path: an `OtherShape` line, or, when the shape
/// flags are set, any puzzle.
#[inline]
pub fn is_other_shape(entry: &Entry, spec_set: bool) -> bool {
    match &entry.result {
        Err(e) => matches!(e.kind, ErrorKind::OtherShape { .. }),
        Ok(_) => spec_set,
    }
}

/// Reads the puzzle of an entry that [`is_other_shape`] (for a position with pencil marks, its
/// cells with one candidate).
pub fn read(spec: &Spec, entry: &Entry) -> Result<Puzzle, PuzzleError> {
    read_position(spec, entry).map(|(puzzle, _)| puzzle)
}

/// Reads the puzzle of an entry that [`is_other_shape`], and its pencil marks when the input
/// gave them (a grid of candidates, or N³ characters on one line).
pub fn read_position(spec: &Spec, entry: &Entry) -> Result<(Puzzle, Option<Marks>), PuzzleError> {
    match &entry.result {
        Ok(board) => {
            // A 9-line grid read by the classic reader, with shape flags.
            let located = |kind| PuzzleError {
                line: entry.line,
                column: 1,
                kind: ErrorKind::Variant(kind),
                text: String::new(),
                board: None,
            };
            let shape = spec.shape(9).map_err(located)?;
            let puzzle = Puzzle::from_values(shape, board.cells());
            match puzzle.clash() {
                Some(kind) => Err(located(kind)),
                None => Ok((puzzle, None)),
            }
        }
        Err(PuzzleError {
            kind: ErrorKind::OtherShape {
                grid: Some(raw), ..
            },
            ..
        }) => {
            let cells: Vec<&str> = raw.cells.iter().map(|(_, text)| text.as_str()).collect();
            Puzzle::parse_cells(raw.size, &cells, raw.pencil, raw.boxes, spec).map_err(|err| {
                let (line, column, text) = raw.place(err.cell);
                PuzzleError {
                    line,
                    column: column + err.at as u64,
                    kind: ErrorKind::Variant(err.kind),
                    text: text.to_string(),
                    board: None,
                }
            })
        }
        Err(e) if matches!(e.kind, ErrorKind::OtherShape { .. }) => {
            Puzzle::parse_position_line(&e.text, spec).map_err(|err| {
                let byte = e
                    .text
                    .char_indices()
                    .nth(err.at)
                    .map_or(e.text.len(), |(i, _)| i);
                PuzzleError {
                    line: e.line,
                    column: byte as u64 + 1,
                    kind: ErrorKind::Variant(err.kind),
                    text: e.text.clone(),
                    board: None,
                }
            })
        }
        Err(e) => Err(e.clone()),
    }
}

/// The values a position's pencil marks leave out of its blank cells, as `(cell, value)`: the
/// position's own rules, on top of the puzzle's (none without marks).
pub fn forbidden(puzzle: &Puzzle, marks: Option<&[u32]>) -> Vec<(usize, u8)> {
    let Some(marks) = marks else {
        return Vec::new();
    };
    let n = puzzle.geometry().size() as u8;
    (0..marks.len())
        .filter(|&c| puzzle.cells()[c] == 0)
        .flat_map(|c| {
            (1..=n)
                .filter(move |v| marks[c] & 1 << (v - 1) == 0)
                .map(move |v| (c, v))
        })
        .collect()
}

/// Why a position whose pencil marks (`forbid`: the values they leave out) leave it no
/// solution is wrong: the first cell whose marks lack the value of the only solution of its
/// filled cells, or its filled cells themselves.
pub fn position_error(puzzle: &Puzzle, forbid: &[(usize, u8)], stop: &dyn Fn() -> bool) -> String {
    let mut first: Option<Vec<u8>> = None;
    let mut count = 0u32;
    let report = puzzle.shape().solver.search(
        puzzle.cells(),
        SearchOptions {
            stop: Some(stop),
            ..SearchOptions::default()
        },
        |s| {
            count += 1;
            first.get_or_insert_with(|| s.to_vec());
            if count == 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    let complete = report.end == SearchEnd::Exhausted;
    match (count, first) {
        (1, Some(solution)) if complete => {
            let g = puzzle.geometry();
            match forbid.iter().find(|&&(c, v)| solution[c] == v) {
                Some(&(cell, v)) => format!(
                    "the pencil marks rule out {} in {}, which the only solution needs",
                    puzzle.alphabet().symbol(v),
                    g.cell_name(cell)
                ),
                None => "the pencil marks rule out every solution of the position".to_string(),
            }
        }
        (0, _) if complete => "the pencil marks rule out every solution: a symbol placed (a \
                               cell with one candidate) is wrong"
            .to_string(),
        _ => "the pencil marks rule out every solution of the position".to_string(),
    }
}

/// A [`Watch`] on the search of a puzzle of another shape (`solve --trace`), told the puzzle
/// first: its events name cells and values by the puzzle's size and alphabet.
pub trait ShapeWatch: Watch {
    /// The puzzle about to be searched.
    fn puzzle(&mut self, puzzle: &Puzzle);
}

/// Does one entry of another shape, as [`Search::entry`] does a classic one; `watch` sees the
/// search (`--trace`).
pub fn entry(
    search: &Search,
    spec: &Spec,
    job: &Job,
    record: &mut Record<'_>,
    tally: &mut SearchTally,
    watch: Option<&mut dyn ShapeWatch>,
) -> Option<Outcome> {
    let cx = search.context(job);
    tally.read += 1;
    let puzzle = match read(spec, &job.entry) {
        Ok(p) => p,
        Err(err) => {
            tally.invalid += 1;
            record.report(super::error_report(&job.input.name, &err));
            format::write_invalid(record.out(), &cx, &err, None);
            return None;
        }
    };
    let watch = watch.map(|w| {
        w.puzzle(&puzzle);
        w as &mut dyn Watch
    });
    let (outcome, first) = run_search(search, &puzzle, &cx, record, watch);
    tally.count(&outcome);
    write_outcome(record.out(), &cx, &puzzle, first.as_ref(), &outcome);
    Some(outcome)
}

fn run_search(
    search: &Search,
    puzzle: &Puzzle,
    cx: &Context<'_>,
    record: &mut Record<'_>,
    watch: Option<&mut dyn Watch>,
) -> (Outcome, Option<Puzzle>) {
    let start = (search.timeout.is_some() || search.stats).then(Instant::now);
    let deadline = search
        .timeout
        .zip(start)
        .and_then(|(t, s)| s.checked_add(t));
    let stop = || interrupt::stopping() || deadline.is_some_and(|d| Instant::now() >= d);
    let limit = match search.mode {
        Mode::Solve | Mode::Check => Some(2),
        Mode::All | Mode::Count => search.limit,
    };
    if search.mode == Mode::All && cx.format == Format::Json {
        json_start(record.out(), cx, puzzle);
        record.out().extend_from_slice(b",\"all\":[");
    }
    let shape = puzzle.shape();
    let mut first: Option<Puzzle> = None;
    let mut count = 0u64;
    let report = shape.solver.search(
        puzzle.cells(),
        SearchOptions {
            stop: Some(&stop),
            // A shorter borrow, as long as the search's.
            watch: watch.map(|w| w as &mut dyn Watch),
            ..SearchOptions::default()
        },
        |s| {
            count += 1;
            if count == 1 || search.mode == Mode::All {
                let solution = Puzzle::from_values(shape.clone(), s);
                if search.mode == Mode::All {
                    write_all_solution(record.out(), cx, puzzle, count, &solution);
                    record.stream()?;
                }
                first.get_or_insert(solution);
            }
            super::solve::after_solution(record, count, limit)
        },
    );
    record
        .progress()
        .add_found(count % super::solve::COUNT_PUBLISH);
    if search.mode == Mode::All && cx.format == Format::Json {
        record.out().push(b']');
    }
    let cut = match report.end {
        SearchEnd::Exhausted => None,
        SearchEnd::Stopped if matches!(search.mode, Mode::Solve | Mode::Check) => None,
        SearchEnd::Stopped => Some(Cut::Limit),
        SearchEnd::Interrupted if interrupt::stopping() => Some(Cut::Interrupted),
        SearchEnd::Interrupted => Some(Cut::Timeout),
    };
    let outcome = Outcome {
        first: None,
        count,
        cut,
        guesses: report.guesses,
        micros: start.map_or(0, |s| s.elapsed().as_micros() as u64),
    };
    (outcome, first)
}

fn cut_word(cut: Cut) -> &'static str {
    match cut {
        Cut::Limit => "limit reached",
        Cut::Timeout => "timeout",
        Cut::Interrupted => "interrupted",
    }
}

fn count_words(out: &mut Vec<u8>, outcome: &Outcome) {
    let n = outcome.count;
    match outcome.cut {
        Some(cut) => {
            let s = if n == 1 { "" } else { "s" };
            let _ = write!(out, "at least {n} solution{s} ({})", cut_word(cut));
        }
        None if n == 0 => out.extend_from_slice(b"no solution"),
        None if n == 1 => out.extend_from_slice(b"1 solution"),
        None => {
            let _ = write!(out, "{n} solutions");
        }
    }
}

fn json_start(out: &mut Vec<u8>, cx: &Context<'_>, puzzle: &Puzzle) {
    out.extend_from_slice(b"{\"file\":");
    format::write_json_string(out, cx.json_name);
    let _ = write!(out, ",\"line\":{}", cx.line);
    out.extend_from_slice(b",\"puzzle\":");
    format::write_json_string(out, &puzzle.to_line());
    puzzle.write_json_shape(out);
}

/// Writes solution number `index` of a puzzle in [`Mode::All`].
fn write_all_solution(
    out: &mut Vec<u8>,
    cx: &Context<'_>,
    puzzle: &Puzzle,
    index: u64,
    solution: &Puzzle,
) {
    match cx.format {
        Format::Grid => {
            let _ = writeln!(out, "{}:{}: solution {index}", cx.name, cx.line);
            solution.write_grid(out, Some(puzzle), cx.color);
            out.push(b'\n');
        }
        Format::Line => {
            let _ = writeln!(out, "{solution}");
        }
        Format::Json => {
            if index > 1 {
                out.push(b',');
            }
            format::write_json_string(out, &solution.to_line());
        }
    }
}

/// Writes the record of a searched puzzle (in [`Mode::All`], the summary after the
/// solutions).
fn write_outcome(
    out: &mut Vec<u8>,
    cx: &Context<'_>,
    puzzle: &Puzzle,
    first: Option<&Puzzle>,
    outcome: &Outcome,
) {
    let status = outcome.status();
    match cx.format {
        Format::Grid => {
            let _ = write!(out, "{}:{}: ", cx.name, cx.line);
            let mut show = first;
            match cx.mode {
                Mode::All | Mode::Count => {
                    count_words(out, outcome);
                    show = None;
                }
                Mode::Check => {
                    out.extend_from_slice(match status {
                        Status::Unique => b"proper".as_slice(),
                        Status::Multiple => b"multiple solutions",
                        Status::None => b"no solution",
                        Status::Unknown => b"stopped before a verdict",
                    });
                    if let Some(cut) = outcome.cut.filter(|_| status == Status::Unknown) {
                        let _ = write!(out, " ({})", cut_word(cut));
                    }
                    show = None;
                }
                Mode::Solve => match status {
                    Status::Unique => out.extend_from_slice(b"unique solution"),
                    Status::Multiple => out.extend_from_slice(b"multiple solutions, showing one"),
                    Status::None => out.extend_from_slice(b"no solution"),
                    Status::Unknown => {
                        let why = outcome.cut.map_or("", cut_word);
                        let _ = write!(out, "stopped before a verdict ({why})");
                    }
                },
            }
            out.push(b'\n');
            if let Some(solution) = show {
                solution.write_grid(out, Some(puzzle), cx.color);
            }
            out.push(b'\n');
        }
        Format::Line => {
            match cx.mode {
                Mode::Count => {
                    let plus = if outcome.complete() { "" } else { "+" };
                    let _ = write!(out, "{}{plus}", outcome.count);
                }
                Mode::All => {
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
                Mode::Solve => match (first, status) {
                    (Some(solution), Status::Unique) => {
                        let _ = write!(out, "{solution}");
                    }
                    (Some(solution), other) => {
                        let _ = write!(out, "{solution} {}", other.word());
                    }
                    (None, other) => out.extend_from_slice(other.word().as_bytes()),
                },
            }
            out.push(b'\n');
        }
        Format::Json => {
            if cx.mode != Mode::All {
                json_start(out, cx, puzzle);
            }
            let _ = write!(out, ",\"status\":\"{}\"", status.word());
            if let Some(solution) = first {
                out.extend_from_slice(b",\"solution\":");
                format::write_json_string(out, &solution.to_line());
            }
            if matches!(cx.mode, Mode::All | Mode::Count) {
                let _ = write!(out, ",\"solutions\":{}", outcome.count);
            }
            let _ = write!(out, ",\"complete\":{}", outcome.complete());
            if cx.mode == Mode::Check {
                let _ = write!(out, ",\"proper\":{}", status == Status::Unique);
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
    }
}
