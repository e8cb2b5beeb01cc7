//! `hint` and `explain` on puzzles of other shapes (sizes 4×4 to 25×25, jigsaw, variants),
//! with [`sudoku::logic::general`].
//!
//! The reader hands such a puzzle over as an `OtherShape` entry (as for `solve`); the
//! commands test for it once per entry that is not a classic puzzle, so the classic path is
//! unchanged. The records follow the classic ones word for word, with the puzzle in its own
//! alphabet, the shape's fields in JSON, and what the engine leaves off for other shapes
//! (`off for this shape: ...`, JSON `"off"`).

use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};

use sudoku::draw::{board_svg, page};
use sudoku::format::write_json_string;
use sudoku::geometry::SIZES;
use sudoku::input::{Entry, ErrorKind, PuzzleError};
use sudoku::logic::general::{self, GeneralGrid, GeneralLadder, GeneralStep, Shape};
use sudoku::solver::SearchEnd;
use sudoku::solver::general::Options as SearchOptions;
use sudoku::variant::{Puzzle, Spec};

use super::{LogicTally, Mode, Status, cut_word};
use crate::batch::{Puzzle as Job, Record, Verdict};

/// What `hint` and `explain` keep for other shapes: the shape flags, the general ladder
/// made from `--techniques`, and the logic tables of each size (built once, shared).
pub(super) struct Shapes {
    spec: Spec,
    spec_set: bool,
    ladder: GeneralLadder,
    tables: [OnceLock<Arc<Shape>>; SIZES.len()],
}

impl Shapes {
    pub(super) fn new(spec: Spec, ladder: &sudoku::logic::Ladder) -> Shapes {
        Shapes {
            spec_set: spec.is_set(),
            spec,
            ladder: GeneralLadder::from_ladder(ladder),
            tables: Default::default(),
        }
    }

    /// The shape flags.
    pub(super) fn spec(&self) -> &Spec {
        &self.spec
    }

    /// Whether an entry is a puzzle for this path.
    pub(super) fn takes(&self, entry: &Entry) -> bool {
        match &entry.result {
            Err(e) => matches!(e.kind, ErrorKind::OtherShape { .. }),
            Ok(_) => self.spec_set,
        }
    }

    fn tables(&self, puzzle: &Puzzle) -> Arc<Shape> {
        let n = puzzle.geometry().size();
        let slot = SIZES.iter().position(|&s| s == n).unwrap_or(0);
        let make = || Arc::new(Shape::new(puzzle.geometry()));
        let shared = self.tables[slot].get_or_init(make);
        if shared.geometry() == puzzle.geometry() {
            Arc::clone(shared)
        } else {
            make()
        }
    }
}

/// One puzzle's record, as the steps come.
struct Out<'a> {
    logic: &'a super::Logic,
    puzzle: Option<&'a Puzzle>,
    symbols: Vec<char>,
    text: String,
    json_steps: Vec<u8>,
    count: u64,
    hardest: Option<sudoku::logic::Technique>,
    stuck_at: Option<GeneralGrid>,
    /// `--format svg`: the step to draw and the grid before it.
    drawn: Option<(GeneralGrid, GeneralStep)>,
}

impl Out<'_> {
    fn step(&mut self, before: &GeneralGrid, step: &GeneralStep) {
        let ladder = &self.logic.shapes.ladder;
        self.count += 1;
        let rank = |t| ladder.rank(t).unwrap_or(usize::MAX);
        let harder = self.hardest.is_none_or(|h| rank(step.technique) > rank(h));
        if harder {
            self.hardest = Some(step.technique);
        }
        if self.logic.svg {
            if self.logic.mode.draws(self.count, harder) {
                self.drawn = Some((before.clone(), step.clone()));
            }
            return;
        }
        let geometry = before.geometry();
        if self.logic.json {
            if self.count > 1 {
                self.json_steps.push(b',');
            }
            step.write_json(&mut self.json_steps, geometry, &self.symbols);
            return;
        }
        let (grid, hint) = match self.logic.mode {
            Mode::Hint { grid } => (grid, true),
            Mode::Explain { grid, .. } => (grid && !step.technique.is_single(), false),
        };
        if grid {
            before.write_marks(&mut self.text, &self.symbols);
        }
        if hint {
            self.text.push_str(&step.text(geometry, &self.symbols));
        } else {
            let _ = writeln!(
                self.text,
                "{:>3}. {}",
                self.count,
                step.text(geometry, &self.symbols)
            );
        }
    }
}

/// Does one entry of another shape: `hint` or `explain` as for a classic puzzle.
pub(super) fn entry(
    logic: &super::Logic,
    job: &Job,
    record: &mut Record<'_>,
    tally: &mut LogicTally,
    stop: &dyn Fn() -> bool,
) -> Verdict {
    let shapes = &logic.shapes;
    let name = &job.input.name;
    let line = job.entry.line;
    let (puzzle, marks) = match crate::commands::shapes::read_position(&shapes.spec, &job.entry) {
        Ok(p) => p,
        Err(err) => {
            tally.count(Status::Invalid);
            record.report(super::super::error_report(name, &err));
            if logic.svg {
                // The error on stderr is all: no picture.
            } else if logic.html {
                let mut json = Vec::new();
                write_invalid(logic, job, &err, &mut json);
                page::explain_section(record.out(), json.strip_suffix(b"\n").unwrap_or(&json));
            } else {
                write_invalid(logic, job, &err, record.out());
            }
            return Verdict::Invalid;
        }
    };
    let mut out = Out {
        logic,
        puzzle: Some(&puzzle),
        symbols: puzzle.alphabet().symbols().chars().collect(),
        text: String::new(),
        json_steps: Vec::new(),
        count: 0,
        hardest: None,
        stuck_at: None,
        drawn: None,
    };
    // A position's pencil marks are rules of its own: the values they leave out.
    let forbid = crate::commands::shapes::forbidden(&puzzle, marks.as_deref());
    let status = 'status: {
        let mut count = 0u32;
        let report = puzzle.shape().solver.search(
            puzzle.cells(),
            SearchOptions {
                stop: Some(stop),
                forbid: &forbid,
                ..SearchOptions::default()
            },
            |_| {
                count += 1;
                if count == 2 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        if report.end == SearchEnd::Interrupted && count < 2 {
            break 'status Status::Unknown;
        }
        match count {
            0 if marks.is_some() => {
                let why = crate::commands::shapes::position_error(&puzzle, &forbid, stop);
                tally.count(Status::Invalid);
                record.report(format!("{name}:{line}: {why}\n"));
                if !logic.svg {
                    write_invalid_message(logic, job, &why, None, record.out());
                }
                return Verdict::Invalid;
            }
            0 => break 'status Status::None,
            1 => {}
            _ => break 'status Status::Multiple,
        }
        let Ok(mut grid) =
            GeneralGrid::with_shape(shapes.tables(&puzzle), puzzle.cells(), marks.as_deref())
        else {
            // The reader checked the givens against the rules: not reached.
            break 'status Status::None;
        };
        let status = super::solve_status(logic.mode, |next| {
            general::solve(&mut grid, &shapes.ladder, Some(stop), |before, step| {
                out.step(before, step);
                next()
            })
        });
        if status == Status::Stuck {
            out.stuck_at = Some(grid);
        }
        status
    };
    tally.count(status);
    tally.steps += out.count;
    if logic.svg {
        if let Some(note) = finish_svg(&out, job, status, record.out()) {
            record.report(note);
            return Verdict::Failure;
        }
    } else if logic.html {
        // The page wraps the JSON record (its script draws the shape from the record).
        let mut json = Vec::new();
        finish_json(&out, job, status, &mut json);
        page::explain_section(record.out(), json.strip_suffix(b"\n").unwrap_or(&json));
    } else if logic.json {
        finish_json(&out, job, status, record.out());
    } else {
        finish_text(out, job, status, record.out());
    }
    match status {
        Status::Step | Status::Solved => Verdict::Success,
        _ => Verdict::Failure,
    }
}

/// The picture of the chosen step, or of the position where logic stopped before any step
/// (as for a classic puzzle); the note for stderr when there is nothing to draw.
fn finish_svg(out: &Out<'_>, job: &Job, status: Status, w: &mut Vec<u8>) -> Option<String> {
    let title = format!("{}:{}", job.input.name, job.entry.line);
    let picture = match (&out.drawn, &out.stuck_at) {
        (Some((grid, step)), _) => {
            board_svg::shape_step_svg(grid, Some(step), &out.symbols, &title)
        }
        (None, Some(grid)) if out.count == 0 => {
            board_svg::shape_step_svg(grid, None, &out.symbols, &title)
        }
        _ => return Some(out.logic.mode.nothing_drawn(&title, status, out.count)),
    };
    w.extend_from_slice(picture.as_bytes());
    None
}

fn write_invalid(logic: &super::Logic, job: &Job, err: &PuzzleError, out: &mut Vec<u8>) {
    write_invalid_message(logic, job, &err.kind.to_string(), Some(err.column), out);
}

fn write_invalid_message(
    logic: &super::Logic,
    job: &Job,
    message: &str,
    column: Option<u64>,
    out: &mut Vec<u8>,
) {
    if logic.json {
        out.extend_from_slice(b"{\"file\":");
        write_json_string(out, &job.input.json_name);
        let _ = std::io::Write::write_fmt(
            out,
            format_args!(
                ",\"line\":{},\"status\":\"invalid\",\"error\":",
                job.entry.line
            ),
        );
        write_json_string(out, message);
        match column {
            Some(column) => {
                let _ = std::io::Write::write_fmt(out, format_args!(",\"column\":{column}}}\n"));
            }
            None => out.extend_from_slice(b"}\n"),
        }
        return;
    }
    let text = match logic.mode {
        Mode::Hint { .. } => format!("invalid: {message}\n"),
        Mode::Explain { .. } => format!(
            "{}:{}: invalid: {message}\n\n",
            job.input.name, job.entry.line
        ),
    };
    out.extend_from_slice(text.as_bytes());
}

/// `off for this shape: ...`, or nothing when the ladder leaves nothing off.
fn off_line(ladder: &GeneralLadder) -> Option<String> {
    let off = ladder.off_text();
    (!off.is_empty()).then(|| format!("off for this shape: {off}"))
}

fn finish_text(out: Out<'_>, job: &Job, status: Status, w: &mut Vec<u8>) {
    let ladder = &out.logic.shapes.ladder;
    let plain = match status {
        Status::None => Some("no solution"),
        Status::Multiple => Some("multiple solutions"),
        _ => None,
    };
    let mut s = String::new();
    match out.logic.mode {
        Mode::Hint { .. } => {
            match status {
                Status::Step => s.push_str(&out.text),
                Status::Solved => s.push_str("solved"),
                Status::Stuck => {
                    s.push_str("stuck: no technique applies");
                    if let Some(off) = off_line(ladder) {
                        let _ = write!(s, " ({off})");
                    }
                }
                Status::Unknown => {
                    let _ = write!(s, "stopped before a step ({})", cut_word());
                }
                _ => s.push_str(plain.unwrap_or_default()),
            }
            s.push('\n');
        }
        Mode::Explain { .. } => {
            let _ = write!(s, "{}:{}:", job.input.name, job.entry.line);
            if let Some(p) = out.puzzle {
                let _ = write!(s, " {}", p.to_line());
            }
            s.push('\n');
            if let Some(text) = plain {
                let _ = writeln!(s, "{text}");
            } else {
                s.push_str(&out.text);
                let hardest = out.hardest.map_or("none", |t| t.name());
                super::end_line(&mut s, status, out.count, hardest);
                if status == Status::Stuck
                    && let Some(grid) = &out.stuck_at
                {
                    grid.write_marks(&mut s, &out.symbols);
                }
                if let Some(off) = off_line(ladder) {
                    let _ = writeln!(s, "{off}");
                }
            }
            s.push('\n');
        }
    }
    w.extend_from_slice(s.as_bytes());
}

fn finish_json(out: &Out<'_>, job: &Job, status: Status, w: &mut Vec<u8>) {
    w.extend_from_slice(b"{\"file\":");
    write_json_string(w, &job.input.json_name);
    let _ = std::io::Write::write_fmt(w, format_args!(",\"line\":{}", job.entry.line));
    if let Some(p) = out.puzzle {
        w.extend_from_slice(b",\"puzzle\":");
        write_json_string(w, &p.to_line());
        p.write_json_shape(w);
    }
    w.extend_from_slice(b",\"status\":");
    write_json_string(w, status.word());
    if !matches!(status, Status::Invalid | Status::None | Status::Multiple) {
        let position = (out.stuck_at.as_ref()).map(|grid| grid.to_marks_line(&out.symbols));
        let solved = status == Status::Solved;
        super::write_json_path(w, &out.json_steps, out.hardest, solved, position.as_deref());
    }
    w.extend_from_slice(b",\"off\":[");
    for (i, t) in out.logic.shapes.ladder.off().iter().enumerate() {
        if i > 0 {
            w.push(b',');
        }
        let _ = std::io::Write::write_fmt(w, format_args!("\"{}\"", t.name()));
    }
    w.extend_from_slice(b"]}\n");
}
