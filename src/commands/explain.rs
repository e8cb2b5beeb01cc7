//! `sudoku explain` and `sudoku hint`: human-style solving, one logical step at a time.
//!
//! Both take each puzzle (or position with pencil marks) through the same preparation: a
//! puzzle with no solution or several is reported as such before any logic, and a position
//! whose pencil marks rule out its own solution is invalid. Then `hint` prints the easiest
//! next step, and `explain` every step to the solution or to where the ladder of techniques
//! runs out (it never guesses).

use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::time::Duration;

use anyhow::{Context as _, Result};
use sudoku::draw::{board_svg, page};
use sudoku::format::write_json_string;
use sudoku::input::Entry;
use sudoku::logic::{self, CellSet, Grid, Ladder, SolveEnd, Step, Technique};

use crate::batch::{self, Ending, Puzzle, Puzzles, Record, Verdict, interrupt};
use crate::cli::{ExplainArgs, HintArgs, LogicArgs, LogicFormat, Scale};

mod general;

/// Runs `sudoku explain`.
pub fn run(args: ExplainArgs) -> Result<Ending> {
    if args.step.is_some() && args.logic.format != LogicFormat::Svg {
        anyhow::bail!("--step chooses the step to draw: it goes with --format svg");
    }
    if args.scale != Scale::Se || args.logic.format == LogicFormat::Hodoku {
        return run_hodoku(args);
    }
    run_logic(
        args.logic,
        Mode::Explain {
            grid: args.grid,
            step: args.step,
        },
    )
}

/// `explain --scale hodoku` or `--format hodoku`: HoDoKu's path.
fn run_hodoku(args: ExplainArgs) -> Result<Ending> {
    use super::explain_hodoku::{Explain, Form};
    let logic = args.logic;
    if args.scale == Scale::Both {
        anyhow::bail!("explain shows one path: --scale se or --scale hodoku");
    }
    if logic.techniques.is_some() || logic.list_techniques {
        anyhow::bail!("HoDoKu's path uses HoDoKu's techniques: --techniques goes with --scale se");
    }
    let form = match logic.format {
        LogicFormat::Text => Form::Text,
        LogicFormat::Json => Form::Json,
        LogicFormat::Hodoku => Form::Hodoku,
        LogicFormat::Html | LogicFormat::Svg => {
            anyhow::bail!("--scale hodoku prints text, json or hodoku (--format)")
        }
    };
    super::refuse_zero_timeout(logic.batch.timeout)?;
    let b = logic.batch;
    let command = Explain {
        form,
        timeout: b.timeout,
    };
    let options = super::options(&b);
    batch::run(&command, Puzzles::new(logic.input.files, b.quiet), &options)
}

/// Runs `sudoku hint`.
pub fn run_hint(args: HintArgs) -> Result<Ending> {
    if args.logic.format == LogicFormat::Hodoku {
        anyhow::bail!("--format hodoku prints a whole path: it goes with explain");
    }
    run_logic(args.logic, Mode::Hint { grid: args.grid })
}

fn run_logic(args: LogicArgs, mode: Mode) -> Result<Ending> {
    if args.list_techniques {
        super::man::write_stdout(technique_list().as_bytes())?;
        return Ok(Ending::Done(Verdict::Success));
    }
    super::refuse_zero_timeout(args.batch.timeout)?;
    let ladder = match &args.techniques {
        Some(list) => Ladder::from_list(list).context("--techniques")?,
        None => Ladder::default(),
    };
    let shapes = general::Shapes::new(super::shapes::spec(&args.shape)?, &ladder);
    let batch_args = args.batch;
    let puzzles = Puzzles::new(args.input.files, batch_args.quiet).with_spec(shapes.spec());
    let command = Logic {
        mode,
        shapes,
        ladder,
        json: matches!(args.format, LogicFormat::Json | LogicFormat::Html),
        html: args.format == LogicFormat::Html,
        svg: args.format == LogicFormat::Svg,
        color: super::color(batch_args.color),
        timeout: batch_args.timeout,
    };
    let options = super::options(&batch_args);
    batch::run(&command, puzzles, &options)
}

/// Which command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The next step only; `grid`: the pencil marks before it.
    Hint { grid: bool },
    /// Every step; `grid`: the pencil marks before each step that is not a single; `step`:
    /// the step to draw with `--format svg`.
    Explain { grid: bool, step: Option<u64> },
}

impl Mode {
    /// Whether `--format svg` draws step `count` (the step just taken), `harder` when it is
    /// harder than every step before it: hint's step, or explain's `--step N`, or else the
    /// first step of the hardest technique (the last step that was harder than all before).
    fn draws(self, count: u64, harder: bool) -> bool {
        match self {
            Mode::Hint { .. } => true,
            Mode::Explain { step: Some(n), .. } => n == count,
            Mode::Explain { step: None, .. } => harder,
        }
    }

    /// The note on stderr when `--format svg` has nothing to draw for the puzzle `title`,
    /// which ended with `status` after `count` steps.
    fn nothing_drawn(self, title: &str, status: Status, count: u64) -> String {
        let why = match (status, self) {
            (_, Mode::Explain { step: Some(n), .. }) if n > count => {
                format!("no step {n}: {count} steps")
            }
            (Status::Solved, _) => "already solved".to_string(),
            (Status::None, _) => "no solution".to_string(),
            (Status::Multiple, _) => "multiple solutions".to_string(),
            (Status::Unknown, _) => format!("stopped before a step ({})", cut_word()),
            _ => "nothing to draw".to_string(),
        };
        format!("{title}: {why}, nothing drawn\n")
    }
}

/// The `hint` and `explain` commands.
struct Logic {
    mode: Mode,
    ladder: Ladder,
    /// Puzzles of other shapes: the shape flags and the general engine's ladder.
    shapes: general::Shapes,
    /// JSON records (also for HTML, which wraps them).
    json: bool,
    /// The HTML page: a head, then each JSON record in a section, then the script.
    html: bool,
    /// One SVG picture per puzzle: one step drawn on the board.
    svg: bool,
    color: bool,
    timeout: Option<Duration>,
}

/// How one puzzle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    /// `hint`: a step was found.
    Step,
    /// Solved by logic (for `hint`: the position was already solved).
    Solved,
    /// No technique of the ladder applies.
    Stuck,
    /// No solution.
    None,
    /// Several solutions.
    Multiple,
    /// Stopped by `--timeout` or Ctrl-C.
    Unknown,
    /// Not a valid puzzle or position.
    Invalid,
}

impl Status {
    fn word(self) -> &'static str {
        match self {
            Status::Step => "step",
            Status::Solved => "solved",
            Status::Stuck => "stuck",
            Status::None => "none",
            Status::Multiple => "multiple",
            Status::Unknown => "unknown",
            Status::Invalid => "invalid",
        }
    }
}

batch::counts! {
    /// Counts for `--stats`.
    pub struct LogicTally {
        read,
        step,
        solved,
        stuck,
        none,
        multiple,
        unknown,
        invalid,
        steps,
    }
}

impl LogicTally {
    fn count(&mut self, status: Status) {
        self.read += 1;
        *match status {
            Status::Step => &mut self.step,
            Status::Solved => &mut self.solved,
            Status::Stuck => &mut self.stuck,
            Status::None => &mut self.none,
            Status::Multiple => &mut self.multiple,
            Status::Unknown => &mut self.unknown,
            Status::Invalid => &mut self.invalid,
        } += 1;
    }
}

/// A puzzle made ready for logic, or why it is not.
enum Prepared {
    Ready(Box<Grid>),
    Not(Status, Option<String>),
}

/// Checks the puzzle and builds its grid: `None`/`Multiple` before any logic. A position with
/// pencil marks is judged with them: marks that leave it no solution make it `Invalid` (they,
/// or a digit placed, are wrong), and marks may leave one solution of a board that has several.
fn prepare(entry: &Entry, stop: &dyn Fn() -> bool) -> Prepared {
    let board = match &entry.result {
        Ok(board) => *board,
        Err(err) => return Prepared::Not(Status::Invalid, Some(err.to_string())),
    };
    let analysis = super::analyse_entry(&board, marks(entry), stop);
    if !analysis.complete && analysis.count < 2 {
        return Prepared::Not(Status::Unknown, None);
    }
    match analysis.count {
        0 => {
            return match super::position_error(&board, marks(entry), stop) {
                Some(why) => Prepared::Not(Status::Invalid, Some(why)),
                None => Prepared::Not(Status::None, None),
            };
        }
        1 => {}
        _ => return Prepared::Not(Status::Multiple, None),
    }
    let filled: CellSet = (0..81).filter(|&c| board.get(c) != 0).collect();
    Prepared::Ready(Box::new(Grid::from_parts(&board, filled, marks(entry))))
}

/// The pencil marks of a position, when the input gave them.
fn marks(entry: &Entry) -> Option<&[u16; 81]> {
    entry.marks.as_deref()
}

impl batch::SimpleCommand for Logic {
    type Job = Puzzle;

    fn run(&self, job: &Puzzle, record: &mut Record<'_>, tally: &mut LogicTally) -> Verdict {
        let stop = interrupt::stop_after(self.timeout);
        let entry = &job.entry;
        if self.shapes.takes(entry) {
            return general::entry(self, job, record, tally, &stop);
        }
        let mut out = Output::new(self, job);
        let status = match prepare(entry, &stop) {
            Prepared::Not(status, why) => {
                if status == Status::Invalid {
                    if let Err(err) = &entry.result {
                        record.report(super::error_report(&job.input.name, err));
                        out.error = Some((why.unwrap_or_default(), Some(err.column)));
                    } else {
                        let why = why.unwrap_or_default();
                        record.report(format!("{}:{}: {why}\n", job.input.name, entry.line));
                        out.error = Some((why, None));
                    }
                }
                status
            }
            Prepared::Ready(mut grid) => {
                if entry.marks.is_some() {
                    out.start_marks = Some(grid.to_marks_line());
                }
                let status = solve_status(self.mode, |next| {
                    logic::solve(&mut grid, &self.ladder, Some(&stop), |before, step| {
                        out.step(before, step);
                        next()
                    })
                });
                if status == Status::Stuck {
                    out.stuck_at = Some(*grid);
                }
                status
            }
        };
        tally.count(status);
        tally.steps += out.count;
        let mut drew_nothing = false;
        if self.svg {
            // An invalid puzzle's error is reported already.
            if let Some(note) = out.finish_svg(status, record.out())
                && status != Status::Invalid
            {
                record.report(note);
                drew_nothing = true;
            }
        } else {
            out.finish(status, record.out());
        }
        match status {
            Status::Invalid => Verdict::Invalid,
            _ if drew_nothing => Verdict::Failure,
            Status::Step | Status::Solved => Verdict::Success,
            _ => Verdict::Failure,
        }
    }
}

impl batch::Frame for Logic {
    type Tally = LogicTally;

    fn prologue(&self) -> Vec<u8> {
        if self.html {
            page::EXPLAIN_HEAD.as_bytes().to_vec()
        } else {
            Vec::new()
        }
    }

    fn epilogue(&self) -> Vec<u8> {
        if self.html {
            page::EXPLAIN_FOOT.as_bytes().to_vec()
        } else {
            Vec::new()
        }
    }

    fn summary(&self, t: &LogicTally, elapsed: Duration) -> String {
        let mut s = String::new();
        let first = match self.mode {
            Mode::Hint { .. } => format!("{} with a step, {} already solved", t.step, t.solved),
            Mode::Explain { .. } => format!("{} solved by logic, {} stuck", t.solved, t.stuck),
        };
        let _ = writeln!(
            s,
            "puzzles: {} read, {first}, {} no solution, {} multiple, {} invalid",
            t.read, t.none, t.multiple, t.invalid
        );
        if t.unknown > 0 {
            let _ = writeln!(s, "stopped: {} before the end", t.unknown);
        }
        let _ = writeln!(s, "steps: {}", t.steps);
        s.push_str(&batch::time_line(t.read, elapsed));
        s
    }
}

/// `--list-techniques`: every technique of the default ladder, easiest first, as `CODE
/// FAMILY NAME`; the names, codes and families are what `--techniques` takes.
fn technique_list() -> String {
    let mut s = String::new();
    for &t in Ladder::default().techniques() {
        let _ = writeln!(s, "{}  {:<13} {}", t.code(), t.family().name(), t.name());
    }
    s
}

/// Why a puzzle stopped before its end: Ctrl-C, or else `--timeout`.
fn cut_word() -> &'static str {
    if interrupt::interrupted() {
        "interrupted"
    } else {
        "timeout"
    }
}

/// One puzzle's record, gathered as the steps come.
struct Output<'a> {
    logic: &'a Logic,
    job: &'a Puzzle,
    /// Text: the numbered step lines; JSON: the step objects, comma-separated.
    body: String,
    json_steps: Vec<u8>,
    /// Steps so far.
    count: u64,
    /// The hardest technique so far (the highest on the ladder).
    hardest: Option<Technique>,
    /// Where logic stopped, for a stuck puzzle.
    stuck_at: Option<Grid>,
    /// The message (and column) of an invalid puzzle.
    error: Option<(String, Option<u64>)>,
    /// The pencil marks at the start, when the input gave them (729 characters).
    start_marks: Option<String>,
    /// `--format svg`: the step to draw and the grid before it.
    drawn: Option<(Grid, Step)>,
}

impl<'a> Output<'a> {
    fn new(logic: &'a Logic, job: &'a Puzzle) -> Output<'a> {
        Output {
            logic,
            job,
            body: String::new(),
            json_steps: Vec::new(),
            count: 0,
            hardest: None,
            stuck_at: None,
            error: None,
            start_marks: None,
            drawn: None,
        }
    }

    fn step(&mut self, before: &Grid, step: &Step) {
        self.count += 1;
        let rank = |t: Technique| self.logic.ladder.rank(t).unwrap_or(usize::MAX);
        let harder = self.hardest.is_none_or(|h| rank(step.technique) > rank(h));
        if harder {
            self.hardest = Some(step.technique);
        }
        if self.logic.svg {
            if self.logic.mode.draws(self.count, harder) {
                self.drawn = Some((*before, step.clone()));
            }
            return;
        }
        if self.logic.json {
            if self.count > 1 {
                self.json_steps.push(b',');
            }
            step.write_json(&mut self.json_steps);
            return;
        }
        match self.logic.mode {
            Mode::Hint { grid } => {
                if grid {
                    before.write_marks(&mut self.body, Some(step), self.logic.color);
                }
                self.body.push_str(&self.styled(step));
            }
            Mode::Explain { grid, .. } => {
                if grid && !step.technique.is_single() {
                    before.write_marks(&mut self.body, Some(step), self.logic.color);
                }
                let _ = writeln!(self.body, "{:>3}. {}", self.count, self.styled(step));
            }
        }
    }

    /// The step's line, its technique in bold on a terminal.
    fn styled(&self, step: &Step) -> String {
        if self.logic.color {
            format!(
                "\x1b[1m{}\x1b[0m{}: {}",
                step.technique.name(),
                step.pattern(),
                step.actions()
            )
        } else {
            step.to_string()
        }
    }

    fn finish(self, status: Status, out: &mut Vec<u8>) {
        if self.logic.html {
            let mut json = Vec::new();
            self.finish_json(status, &mut json);
            page::explain_section(out, json.strip_suffix(b"\n").unwrap_or(&json));
            return;
        }
        if self.logic.json {
            self.finish_json(status, out);
            return;
        }
        let name = &self.job.input.name;
        let line = self.job.entry.line;
        let plain = match status {
            Status::None => Some("no solution".to_string()),
            Status::Multiple => Some("multiple solutions".to_string()),
            Status::Invalid => Some(format!(
                "invalid: {}",
                self.error.as_ref().map_or("", |e| e.0.as_str())
            )),
            _ => None,
        };
        match self.logic.mode {
            Mode::Hint { .. } => {
                let text = match status {
                    Status::Step => self.body,
                    Status::Solved => "solved".to_string(),
                    Status::Stuck => "stuck: no technique applies".to_string(),
                    Status::Unknown => format!("stopped before a step ({})", cut_word()),
                    _ => plain.unwrap_or_default(),
                };
                out.extend_from_slice(text.as_bytes());
                out.push(b'\n');
            }
            Mode::Explain { .. } => {
                let mut s = format!("{name}:{line}:");
                if let Some(text) = plain.as_deref().filter(|_| status == Status::Invalid) {
                    // As `solve` writes it: `FILE:LINE: invalid: ...` on one line.
                    let _ = writeln!(s, " {text}");
                } else if let Ok(board) = &self.job.entry.result {
                    let _ = writeln!(s, " {}", board.to_line());
                } else {
                    s.push('\n');
                }
                if let Some(text) = plain {
                    if status != Status::Invalid {
                        let _ = writeln!(s, "{text}");
                    }
                } else {
                    s.push_str(&self.body);
                    let hardest = self
                        .hardest
                        .map_or(String::from("none"), |t| t.name().to_string());
                    end_line(&mut s, status, self.count, &hardest);
                    if status == Status::Stuck
                        && let Some(grid) = &self.stuck_at
                    {
                        grid.write_marks(&mut s, None, self.logic.color);
                    }
                }
                s.push('\n');
                out.extend_from_slice(s.as_bytes());
            }
        }
    }

    /// The picture of the chosen step, or of the position where logic stopped; a note on
    /// stderr when there is nothing to draw.
    fn finish_svg(self, status: Status, out: &mut Vec<u8>) -> Option<String> {
        let title = format!("{}:{}", self.job.input.name, self.job.entry.line);
        let picture = match (&self.drawn, &self.stuck_at) {
            (Some((grid, step)), _) => board_svg::step_svg(grid, Some(step), &title),
            (None, Some(grid)) if self.count == 0 => board_svg::step_svg(grid, None, &title),
            _ => return Some(self.logic.mode.nothing_drawn(&title, status, self.count)),
        };
        out.extend_from_slice(picture.as_bytes());
        None
    }

    fn finish_json(self, status: Status, out: &mut Vec<u8>) {
        let job = self.job;
        out.extend_from_slice(b"{\"file\":");
        write_json_string(out, &job.input.json_name);
        let _ = std::io::Write::write_fmt(out, format_args!(",\"line\":{}", job.entry.line));
        if let Ok(board) = &job.entry.result {
            out.extend_from_slice(b",\"puzzle\":");
            write_json_string(out, &board.to_line());
        }
        if let Some(marks) = &self.start_marks {
            out.extend_from_slice(b",\"marks\":");
            write_json_string(out, marks);
        }
        out.extend_from_slice(b",\"status\":");
        write_json_string(out, status.word());
        if let Some((message, column)) = &self.error {
            out.extend_from_slice(b",\"error\":");
            write_json_string(out, message);
            if let Some(column) = column {
                let _ = std::io::Write::write_fmt(out, format_args!(",\"column\":{column}"));
            }
        }
        if !matches!(status, Status::Invalid | Status::None | Status::Multiple) {
            let position = self.stuck_at.as_ref().map(|grid| grid.to_marks_line());
            let solved = status == Status::Solved;
            write_json_path(
                out,
                &self.json_steps,
                self.hardest,
                solved,
                position.as_deref(),
            );
        }
        out.extend_from_slice(b"}\n");
    }
}

/// How a hint (the first step only) or an explanation (every step) ended. `solve` runs one of
/// the engines' solve loops, calling `next` after each step it takes to hear whether to go on.
fn solve_status(
    mode: Mode,
    solve: impl FnOnce(&mut dyn FnMut() -> ControlFlow<()>) -> SolveEnd,
) -> Status {
    let hint = matches!(mode, Mode::Hint { .. });
    let mut took = false;
    let end = solve(&mut || {
        took = true;
        if hint {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    match end {
        SolveEnd::Solved => Status::Solved,
        SolveEnd::Stuck => Status::Stuck,
        SolveEnd::Stopped if hint && took => Status::Step,
        SolveEnd::Stopped => Status::Unknown,
    }
}

/// The JSON fields of a solve that got somewhere: `steps` (written already as JSON objects),
/// `hardest`, `solved`, and the `position` it is stuck at, in pencil-mark form.
pub(super) fn write_json_path(
    out: &mut Vec<u8>,
    steps: &[u8],
    hardest: Option<Technique>,
    solved: bool,
    position: Option<&str>,
) {
    out.extend_from_slice(b",\"steps\":[");
    out.extend_from_slice(steps);
    out.extend_from_slice(b"],\"hardest\":");
    match hardest {
        Some(t) => {
            let fields = format!(
                "{{\"technique\":\"{}\",\"name\":\"{}\"}}",
                t.code(),
                t.name()
            );
            out.extend_from_slice(fields.as_bytes());
        }
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(format!(",\"solved\":{solved}").as_bytes());
    if let Some(position) = position {
        out.extend_from_slice(b",\"position\":");
        write_json_string(out, position);
    }
}

/// The line that ends an explanation: solved, stuck (the grid follows) or stopped, after `n`
/// steps, with the hardest technique used.
fn end_line(s: &mut String, status: Status, n: u64, hardest: &str) {
    let steps = if n == 1 { "step" } else { "steps" };
    let _ = match status {
        Status::Solved => writeln!(s, "solved in {n} {steps}; hardest: {hardest}"),
        Status::Stuck => writeln!(
            s,
            "stuck after {n} {steps}; hardest: {hardest}; no technique applies to:"
        ),
        _ => writeln!(
            s,
            "stopped after {n} {steps} ({}); hardest: {hardest}",
            cut_word()
        ),
    };
}
