//! The `solve` and `check` commands: puzzles in from files or stdin, records out in input order.
//!
//! Every thread is a worker ([`work`]): it takes the next chunk of puzzles from the reader,
//! solves it, and writes whatever chunks are next in input order. A cap on the chunks in
//! flight keeps memory flat however large the input and however slow one puzzle is. With one
//! thread, output is flushed whenever the next read might wait, so piped input is answered
//! as it comes. A count that runs long is shared out to every thread
//! ([`count_on_all_threads`]).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufReader, IsTerminal, Read, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudoku::board::Board;
use sudoku::format::{self, Context, Cut, Format, Mode, Outcome, Status};
use sudoku::input::{Entry, PuzzleError, PuzzleReader};
use sudoku::solver::{self, NoObserver, Observer, SearchEnd};

/// Set by the Ctrl-C handler; every search polls it.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Set when the run must end early: output can no longer be written (a closed pipe or a
/// write error), or a worker failed.
static STOP: AtomicBool = AtomicBool::new(false);

/// Puzzles per chunk handed to a worker.
const CHUNK: usize = 256;
/// Bytes of output gathered before they are written.
const OUT_BUFFER: usize = 1 << 16;
/// How often a count in progress is published to the live display (a power of two).
const COUNT_PUBLISH: u64 = 1 << 14;

/// How a run is to be done: the parsed flags, resolved.
#[derive(Debug, Clone)]
pub struct Settings {
    /// What to do with each puzzle.
    pub mode: Mode,
    /// Output format.
    pub format: Format,
    /// Colour grids.
    pub color: bool,
    /// Summary on stderr, search figures in JSON.
    pub stats: bool,
    /// No progress display.
    pub quiet: bool,
    /// Print the search's placements and undos to stderr.
    pub trace: bool,
    /// Solutions per puzzle at most, in [`Mode::All`] and [`Mode::Count`].
    pub limit: Option<u64>,
    /// Time per puzzle at most.
    pub timeout: Option<Duration>,
    /// Worker threads.
    pub threads: usize,
}

/// How the run ended, for the exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Every puzzle solved (or proper, for `check`).
    Success,
    /// Some valid puzzle has no solution (or is not proper).
    Unsolved,
    /// Some input was invalid or unreadable.
    BadInput,
    /// Ctrl-C.
    Interrupted,
}

/// A file to read, or stdin.
struct Input {
    path: Option<PathBuf>,
    /// For people: the path, or `<stdin>`.
    name: String,
    /// For JSON: the path, or `-`.
    json_name: String,
}

impl Input {
    fn new(path: PathBuf) -> Input {
        if path.as_os_str() == "-" {
            Input {
                path: None,
                name: "<stdin>".into(),
                json_name: "-".into(),
            }
        } else {
            let name = path.display().to_string();
            Input {
                path: Some(path),
                json_name: name.clone(),
                name,
            }
        }
    }

    fn open(&self) -> io::Result<Box<dyn Read + Send>> {
        Ok(match &self.path {
            None => Box::new(io::stdin()),
            Some(p) => Box::new(File::open(p)?),
        })
    }

    fn size(&self) -> Option<u64> {
        let meta = std::fs::metadata(self.path.as_ref()?).ok()?;
        meta.is_file().then_some(meta.len())
    }
}

/// Counts over the batch, for `--stats` and the exit status.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    read: u64,
    solved: u64,
    unique: u64,
    multiple: u64,
    none: u64,
    invalid: u64,
    /// Stopped by --timeout before a verdict.
    unknown: u64,
    /// Of those, stopped before any solution was found.
    unknown_unsolved: u64,
    guesses: u64,
    unreadable: u64,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.read += o.read;
        self.solved += o.solved;
        self.unique += o.unique;
        self.multiple += o.multiple;
        self.none += o.none;
        self.invalid += o.invalid;
        self.unknown += o.unknown;
        self.unknown_unsolved += o.unknown_unsolved;
        self.guesses += o.guesses;
        self.unreadable += o.unreadable;
    }
}

/// Output of one chunk: records for stdout, and error reports for stderr, each with the
/// offset in `out` where it belongs so both streams keep input order.
#[derive(Default)]
struct Done {
    out: Vec<u8>,
    errs: Vec<(usize, String)>,
    tally: Tally,
}

/// A puzzle (or bad line) and which input it came from.
struct Job {
    input: usize,
    entry: Entry,
}

/// Shared counters for the live display.
#[derive(Default)]
struct Progress {
    puzzles: AtomicU64,
    solutions: AtomicU64,
    bytes: AtomicU64,
    finished: AtomicBool,
    bar: Mutex<Option<ProgressBar>>,
}

impl Progress {
    /// Runs `f` (which writes to stderr) with the progress display out of the way.
    fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        let bar = self.bar.lock().unwrap_or_else(|e| e.into_inner()).clone();
        match bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Shows a progress display on stderr once the run has taken a second, and updates it
    /// until [`Progress::finished`] is set. `total` is the input size in bytes, when known.
    fn run_display(&self, total: Option<u64>, counting: bool) {
        let start = Instant::now();
        while !self.finished.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(50));
            if start.elapsed() < Duration::from_secs(1) {
                continue;
            }
            let mut slot = self.bar.lock().unwrap_or_else(|e| e.into_inner());
            let bar = slot.get_or_insert_with(|| {
                let bar = match total {
                    Some(len) => ProgressBar::with_draw_target(
                        Some(len),
                        ProgressDrawTarget::stderr_with_hz(10),
                    )
                    .with_style(
                        ProgressStyle::with_template(
                            "{bar:30} {percent:>3}% {msg}, {elapsed} elapsed, {eta} left",
                        )
                        .expect("valid template"),
                    ),
                    None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
                        .with_style(
                            ProgressStyle::with_template("{spinner} {msg}, {elapsed} elapsed")
                                .expect("valid template"),
                        ),
                };
                bar.with_elapsed(start.elapsed())
            });
            let puzzles = self.puzzles.load(Ordering::Relaxed);
            let secs = start.elapsed().as_secs_f64();
            let msg = if counting {
                let n = self.solutions.load(Ordering::Relaxed);
                format!(
                    "{n} solutions counted ({:.0}/s), {puzzles} puzzles done",
                    n as f64 / secs
                )
            } else {
                format!("{puzzles} puzzles, {:.0}/s", puzzles as f64 / secs)
            };
            bar.set_message(msg);
            bar.set_position(self.bytes.load(Ordering::Relaxed));
            if total.is_none() {
                bar.tick();
            }
        }
        if let Some(bar) = self.bar.lock().unwrap_or_else(|e| e.into_inner()).take() {
            bar.finish_and_clear();
        }
    }
}

/// Writes `--trace` events to stderr.
struct Trace {
    err: io::BufWriter<io::Stderr>,
}

impl Observer for Trace {
    fn place(&mut self, depth: usize, cell: usize, digit: u8, guess: bool) {
        let what = if guess { "guess" } else { "place" };
        let (r, c) = (cell / 9 + 1, cell % 9 + 1);
        let _ = writeln!(self.err, "depth {depth}: {what} r{r}c{c} = {digit}");
    }

    fn undo(&mut self, depth: usize, cell: usize, digit: u8) {
        let (r, c) = (cell / 9 + 1, cell % 9 + 1);
        let _ = writeln!(self.err, "depth {depth}: undo r{r}c{c} = {digit}");
    }
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

/// Solves one puzzle (or records one bad line) into `done`. `sink` is called with the output
/// buffer while solutions stream out in [`Mode::All`]; it may write the buffer out and
/// returns `Break` when output is gone.
fn process<O: Observer>(
    settings: &Settings,
    input: &Input,
    entry: &Entry,
    observer: &mut O,
    progress: &Progress,
    done: &mut Done,
    sink: &mut dyn FnMut(&mut Vec<u8>) -> ControlFlow<()>,
) {
    let cx = Context {
        name: &input.name,
        json_name: &input.json_name,
        line: entry.line,
        format: settings.format,
        mode: settings.mode,
        color: settings.color,
        stats: settings.stats,
    };
    let tally = &mut done.tally;
    tally.read += 1;
    let puzzle = match &entry.result {
        Ok(board) => *board,
        Err(err) => {
            tally.invalid += 1;
            done.errs
                .push((done.out.len(), error_report(&input.name, err)));
            format::write_invalid(&mut done.out, &cx, err, err.board.as_deref());
            return;
        }
    };

    // Reading the clock costs about as much as solving an easy puzzle: only when needed.
    let start = (settings.timeout.is_some() || settings.stats).then(Instant::now);
    // A timeout too far off to represent is no timeout.
    let deadline = settings
        .timeout
        .zip(start)
        .and_then(|(t, s)| s.checked_add(t));
    let stop = || {
        INTERRUPTED.load(Ordering::Relaxed)
            || STOP.load(Ordering::Relaxed)
            || deadline.is_some_and(|d| Instant::now() >= d)
    };
    let limit = match settings.mode {
        Mode::Solve | Mode::Check => Some(2),
        Mode::All | Mode::Count => settings.limit,
    };
    if settings.mode == Mode::All {
        format::write_all_start(&mut done.out, &cx, &puzzle);
    }
    let found = if settings.mode == Mode::Count && settings.threads > 1 && !O::ENABLED {
        count_on_all_threads(settings, &puzzle, limit, &stop, progress, SPLIT_AFTER)
    } else {
        let mut first = None;
        let mut count = 0u64;
        let report = solver::search(&puzzle, observer, Some(&stop), |solution| {
            count += 1;
            match settings.mode {
                Mode::All => {
                    let board = solution.board();
                    first.get_or_insert(board);
                    format::write_all_solution(&mut done.out, &cx, &puzzle, count, &board);
                    if done.out.len() >= OUT_BUFFER {
                        sink(&mut done.out)?;
                    }
                }
                _ if count == 1 => first = Some(solution.board()),
                _ => {}
            }
            if count.is_multiple_of(COUNT_PUBLISH) {
                progress
                    .solutions
                    .fetch_add(COUNT_PUBLISH, Ordering::Relaxed);
            }
            if limit == Some(count) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        progress
            .solutions
            .fetch_add(count % COUNT_PUBLISH, Ordering::Relaxed);
        Found {
            first,
            count,
            end: report.end,
            guesses: report.stats.guesses,
        }
    };
    let Found {
        first,
        count,
        end,
        guesses,
    } = found;
    if settings.mode == Mode::All {
        format::write_all_end(&mut done.out, &cx);
    }
    let cut = match end {
        SearchEnd::Exhausted => None,
        // Stopped by the callback: at the limit, which for Solve and Check settles the verdict.
        SearchEnd::Stopped if matches!(settings.mode, Mode::Solve | Mode::Check) => None,
        SearchEnd::Stopped => Some(Cut::Limit),
        SearchEnd::Interrupted if INTERRUPTED.load(Ordering::Relaxed) => Some(Cut::Interrupted),
        SearchEnd::Interrupted => Some(Cut::Timeout),
    };
    let outcome = Outcome {
        first,
        count,
        cut,
        guesses,
        micros: start.map_or(0, |s| s.elapsed().as_micros() as u64),
    };
    tally.guesses += outcome.guesses;
    if count > 0 {
        tally.solved += 1;
    }
    match outcome.status() {
        Status::Unique => tally.unique += 1,
        Status::Multiple => tally.multiple += 1,
        Status::None => tally.none += 1,
        Status::Unknown => {
            tally.unknown += 1;
            if count == 0 {
                tally.unknown_unsolved += 1;
            }
        }
    }
    format::write_outcome(&mut done.out, &cx, &puzzle, &outcome);
}

/// What one puzzle's search found.
struct Found {
    /// The first solution.
    first: Option<Board>,
    /// Solutions counted (at most the limit).
    count: u64,
    /// How the search ended.
    end: SearchEnd,
    /// Guesses made.
    guesses: u64,
}

/// How long a count runs on one thread before it is shared out to all of them: most puzzles
/// are done by then, and starting threads for them would cost more than it saves.
const SPLIT_AFTER: Duration = Duration::from_millis(10);
/// Sub-puzzles per thread when a count is shared out, so that threads that draw small ones
/// find more work.
const PARTS_PER_THREAD: usize = 16;
/// Solutions a thread counts between two looks at the shared total.
const COUNT_BATCH: u64 = 256;
/// Set while one puzzle's count runs on all threads: one such count at a time, so workers
/// busy with long counts of their own do not start threads by the dozen.
static SHARING_OUT: AtomicBool = AtomicBool::new(false);

/// Clears [`SHARING_OUT`] when a shared-out count ends, however it ends.
struct SharedOut;

impl Drop for SharedOut {
    fn drop(&mut self) {
        SHARING_OUT.store(false, Ordering::Release);
    }
}

/// [`Mode::Count`] for one puzzle, on `settings.threads` threads when it takes long.
///
/// It counts on this thread for `split_after` first. If it is not done by then, it starts
/// again: [`solver::split`] cuts the search into sub-puzzles whose solutions together are
/// exactly the puzzle's, and every thread counts sub-puzzles, taken in order, adding to a
/// shared total. The count is as exact as on one thread; with a limit, the threads stop once
/// the total reaches it and the count reported is the limit. The first solution is the one
/// the first try found (the search's first), or else the first of the earliest sub-puzzle
/// that has one.
fn count_on_all_threads<S: Fn() -> bool + Sync>(
    settings: &Settings,
    puzzle: &Board,
    limit: Option<u64>,
    stop: &S,
    progress: &Progress,
    split_after: Duration,
) -> Found {
    let threads = settings.threads;
    let switch_at = Instant::now() + split_after;
    let sharing = std::cell::Cell::new(false);
    let first_stop = || {
        stop()
            || (!sharing.get()
                && Instant::now() >= switch_at
                && SHARING_OUT
                    .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                    .is_ok()
                && {
                    sharing.set(true);
                    true
                })
    };
    let mut first = None;
    let mut count = 0u64;
    let report = solver::search(puzzle, &mut NoObserver, Some(&first_stop), |solution| {
        count += 1;
        if count == 1 {
            first = Some(solution.board());
        }
        if limit == Some(count) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if !sharing.get() {
        progress.solutions.fetch_add(count, Ordering::Relaxed);
        return Found {
            first,
            count,
            end: report.end,
            guesses: report.stats.guesses,
        };
    }
    let _shared_out = SharedOut;

    let parts = solver::split(puzzle, PARTS_PER_THREAD * threads);
    let next = AtomicUsize::new(0);
    let total = AtomicU64::new(0);
    let guesses = AtomicU64::new(report.stats.guesses);
    let full = AtomicBool::new(false);
    let interrupted = AtomicBool::new(false);
    let earliest = Mutex::new(None::<(usize, Board)>);
    // Adds a thread's unpublished solutions to the total; true when the limit is reached.
    let publish = |n: u64| {
        progress.solutions.fetch_add(n, Ordering::Relaxed);
        let now = total.fetch_add(n, Ordering::Relaxed) + n;
        if limit.is_some_and(|l| now >= l) {
            full.store(true, Ordering::Relaxed);
        }
        full.load(Ordering::Relaxed)
    };
    let job = || {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= parts.len() || full.load(Ordering::Relaxed) {
                return;
            }
            let mut unpublished = 0u64;
            let mut seen_one = false;
            let report = solver::search(&parts[i], &mut NoObserver, Some(stop), |solution| {
                if !seen_one {
                    seen_one = true;
                    let mut earliest = earliest.lock().unwrap_or_else(|e| e.into_inner());
                    if earliest.as_ref().is_none_or(|&(j, _)| i < j) {
                        *earliest = Some((i, solution.board()));
                    }
                }
                unpublished += 1;
                if unpublished == COUNT_BATCH {
                    unpublished = 0;
                    if publish(COUNT_BATCH) {
                        return ControlFlow::Break(());
                    }
                }
                ControlFlow::Continue(())
            });
            publish(unpublished);
            guesses.fetch_add(report.stats.guesses, Ordering::Relaxed);
            if report.end == SearchEnd::Interrupted {
                interrupted.store(true, Ordering::Relaxed);
                return;
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(job);
        }
        job();
    });
    let total = total.into_inner();
    let (count, end) = match limit {
        Some(l) if total >= l => (l, SearchEnd::Stopped),
        _ if interrupted.into_inner() => (total, SearchEnd::Interrupted),
        _ => (total, SearchEnd::Exhausted),
    };
    let earliest = earliest.into_inner().unwrap_or_else(|e| e.into_inner());
    Found {
        first: first.or(earliest.map(|(_, board)| board)),
        count,
        end,
        guesses: guesses.into_inner(),
    }
}

/// Where output goes: stdout through a buffer, with a closed pipe or write error noted once.
struct Output<'a> {
    out: io::BufWriter<Stdout<'a>>,
    error: Option<io::Error>,
}

/// stdout, clearing the progress display (if one is shown) while a block is written, so
/// results and the display never mix on a terminal. Blocks are whole buffers, so this costs
/// one uncontended lock per 64 KiB.
struct Stdout<'a> {
    inner: io::Stdout,
    progress: &'a Progress,
}

impl Write for Stdout<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let inner = &mut self.inner;
        self.progress.suspend(|| inner.write(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<'a> Output<'a> {
    fn new(progress: &'a Progress) -> Output<'a> {
        let stdout = Stdout {
            inner: io::stdout(),
            progress,
        };
        Output {
            out: io::BufWriter::with_capacity(OUT_BUFFER, stdout),
            error: None,
        }
    }

    /// Writes `bytes`, and the stderr reports in `errs` at their places; records a failure.
    fn write_done(&mut self, done: &Done) {
        let mut at = 0;
        for (offset, report) in &done.errs {
            self.write(&done.out[at..*offset]);
            self.flush();
            self.out.get_ref().progress.suspend(|| {
                let mut err = io::stderr().lock();
                let _ = err.write_all(report.as_bytes());
            });
            at = *offset;
        }
        self.write(&done.out[at..]);
    }

    fn write(&mut self, bytes: &[u8]) {
        if self.error.is_none()
            && let Err(e) = self.out.write_all(bytes)
        {
            self.fail(e);
        }
    }

    fn flush(&mut self) {
        if self.error.is_none()
            && let Err(e) = self.out.flush()
        {
            self.fail(e);
        }
    }

    fn fail(&mut self, e: io::Error) {
        STOP.store(true, Ordering::Relaxed);
        self.error = Some(e);
    }
}

/// Runs `solve` or `check` over `files` (stdin when empty).
pub fn run(settings: &Settings, files: Vec<PathBuf>) -> Result<Ending> {
    let inputs: Vec<Input> = if files.is_empty() {
        vec![Input::new("-".into())]
    } else {
        files.into_iter().map(Input::new).collect()
    };
    let progress = Progress::default();
    let total = inputs.iter().map(Input::size).sum::<Option<u64>>();
    let show_progress = !settings.quiet && !settings.trace && io::stderr().is_terminal();
    let counting = matches!(settings.mode, Mode::All | Mode::Count);
    let started = Instant::now();

    let (tally, output_error) = std::thread::scope(|scope| {
        if show_progress {
            let progress = &progress;
            scope.spawn(move || progress.run_display(total, counting));
        }
        let result = run_workers(settings, &inputs, &progress);
        progress.finished.store(true, Ordering::Relaxed);
        result
    });

    let elapsed = started.elapsed();
    if settings.stats {
        print_stats(&tally, elapsed);
    }
    if let Some(e) = output_error {
        if e.kind() == io::ErrorKind::BrokenPipe {
            return Ok(Ending::Success);
        }
        return Err(e).context("cannot write output");
    }
    if INTERRUPTED.load(Ordering::Relaxed) {
        return Ok(Ending::Interrupted);
    }
    Ok(if tally.invalid > 0 || tally.unreadable > 0 {
        Ending::BadInput
    } else if tally.none > 0
        || tally.unknown_unsolved > 0
        || settings.mode == Mode::Check && (tally.multiple > 0 || tally.unknown > 0)
    {
        Ending::Unsolved
    } else {
        Ending::Success
    })
}

fn print_stats(t: &Tally, elapsed: Duration) {
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        t.read as f64 / secs
    } else {
        0.0
    };
    let searched = t.read - t.invalid;
    let per = if searched > 0 {
        t.guesses as f64 / searched as f64
    } else {
        0.0
    };
    let mut err = io::stderr().lock();
    let _ = writeln!(
        err,
        "puzzles: {} read, {} solved ({} unique, {} multiple), {} no solution, {} invalid",
        t.read, t.solved, t.unique, t.multiple, t.none, t.invalid
    );
    if t.unknown > 0 {
        let _ = writeln!(err, "stopped: {} before a verdict", t.unknown);
    }
    let _ = writeln!(err, "time: {secs:.3} s, {rate:.0} puzzles/s");
    let _ = writeln!(
        err,
        "search: {} guesses, {per:.2} per valid puzzle",
        t.guesses
    );
}

/// The reading side of a run, shared by the workers: one of them reads at a time.
struct Reading<'a> {
    inputs: &'a [Input],
    /// The input being read, and its reader.
    current: usize,
    reader: Option<PuzzleReader<BufReader<Box<dyn Read + Send>>>>,
    /// Bytes of the inputs before the current one.
    bytes_before: u64,
    /// Sequence number of the next chunk.
    seq: u64,
    /// Entries per chunk.
    chunk: usize,
}

/// A chunk of work: its sequence number, its entries, and reports about unreadable inputs,
/// each with the number of entries that come before it.
struct Chunk {
    seq: u64,
    notes: Vec<(usize, String)>,
    jobs: Vec<Job>,
}

impl Reading<'_> {
    /// Reads the next chunk: up to `chunk` entries, fewer when the next read might wait (so
    /// that what is already here gets solved and shown first). `None` when all is read.
    fn next_chunk(&mut self, progress: &Progress) -> Option<Chunk> {
        let mut notes = Vec::new();
        let mut jobs = Vec::with_capacity(self.chunk);
        while !INTERRUPTED.load(Ordering::Relaxed) && !STOP.load(Ordering::Relaxed) {
            let Some(reader) = &mut self.reader else {
                let Some(input) = self.inputs.get(self.current) else {
                    break;
                };
                match input.open() {
                    Ok(r) => {
                        let buffered = BufReader::with_capacity(1 << 16, r);
                        self.reader = Some(PuzzleReader::new(buffered));
                    }
                    Err(e) => {
                        notes.push((
                            jobs.len(),
                            format!("sudoku: {}: cannot open: {e}\n", input.name),
                        ));
                        self.current += 1;
                    }
                }
                continue;
            };
            let may_wait = !reader.has_pending() && reader.get_ref().buffer().is_empty();
            if jobs.len() >= self.chunk || !jobs.is_empty() && may_wait {
                break;
            }
            let input = &self.inputs[self.current];
            match reader.next() {
                Some(Ok(entry)) => jobs.push(Job {
                    input: self.current,
                    entry,
                }),
                end => {
                    if let Some(Err(e)) = end {
                        notes.push((
                            jobs.len(),
                            format!("sudoku: {}: read error: {e}\n", input.name),
                        ));
                    }
                    self.bytes_before += reader.bytes_read();
                    self.reader = None;
                    self.current += 1;
                }
            }
        }
        let read = self.reader.as_ref().map_or(0, |r| r.bytes_read());
        progress
            .bytes
            .store(self.bytes_before + read, Ordering::Relaxed);
        if jobs.is_empty() && notes.is_empty() {
            return None;
        }
        self.seq += 1;
        Some(Chunk {
            seq: self.seq - 1,
            notes,
            jobs,
        })
    }
}

/// The writing side of a run: finished chunks go out in sequence order.
struct Writing<'a> {
    output: Output<'a>,
    /// Sequence number of the next chunk to write.
    next: u64,
    /// Finished chunks waiting for an earlier one.
    waiting: BTreeMap<u64, Done>,
    tally: Tally,
}

/// What the workers share.
struct Shared<'a> {
    settings: &'a Settings,
    inputs: &'a [Input],
    progress: &'a Progress,
    reading: Mutex<Reading<'a>>,
    writing: Mutex<Writing<'a>>,
    /// Signalled when a chunk has been written, so a worker waiting for room may read.
    room: Condvar,
    /// Chunks read but not yet written, at most: this bounds memory whatever the input.
    in_flight: u64,
    /// Chunks handed out so far (the reading side's `seq`, readable without its lock).
    handed_out: AtomicU64,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A worker that panicked mid-chunk leaves nothing half-written that matters here.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// One worker: read a chunk, solve it, write what is in order; until the input ends.
///
/// Every thread of a run, the main one included, is such a worker, so a run on N cores keeps
/// exactly N threads busy and none only shuffles data.
fn work<O: Observer>(shared: &Shared<'_>, observer: &mut O) {
    let _guard = StopOnPanic(shared);
    let settings = shared.settings;
    loop {
        let chunk = {
            let mut reading = lock(&shared.reading);
            let mut writing = lock(&shared.writing);
            while reading.seq - writing.next >= shared.in_flight && !STOP.load(Ordering::Relaxed) {
                writing = shared.room.wait(writing).unwrap_or_else(|e| e.into_inner());
            }
            drop(writing);
            let chunk = reading.next_chunk(shared.progress);
            shared.handed_out.store(reading.seq, Ordering::Release);
            match chunk {
                Some(chunk) => chunk,
                None => return,
            }
        };
        let seq = chunk.seq;
        let mut done = Done::default();
        done.tally.unreadable = chunk.notes.len() as u64;
        let mut notes = chunk.notes.into_iter().peekable();
        for (index, job) in chunk.jobs.iter().enumerate() {
            while let Some((_, note)) = notes.next_if(|(before, _)| *before == index) {
                done.errs.push((done.out.len(), note));
            }
            if INTERRUPTED.load(Ordering::Relaxed) || STOP.load(Ordering::Relaxed) {
                break;
            }
            // In --all mode a chunk holds one puzzle and runs on one thread, so its
            // solutions can go straight out as they are found.
            let mut sink = |buf: &mut Vec<u8>| {
                let mut writing = lock(&shared.writing);
                if writing.next == seq {
                    writing.output.write(buf);
                    buf.clear();
                }
                if STOP.load(Ordering::Relaxed) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            };
            let input = &shared.inputs[job.input];
            process(
                settings,
                input,
                &job.entry,
                observer,
                shared.progress,
                &mut done,
                &mut sink,
            );
        }
        for (_, note) in notes {
            done.errs.push((done.out.len(), note));
        }
        shared
            .progress
            .puzzles
            .fetch_add(done.tally.read, Ordering::Relaxed);

        let mut writing = lock(&shared.writing);
        writing.waiting.insert(seq, done);
        loop {
            let next = writing.next;
            let Some(done) = writing.waiting.remove(&next) else {
                break;
            };
            writing.output.write_done(&done);
            writing.tally.add(&done.tally);
            writing.next += 1;
        }
        if writing.next == shared.handed_out.load(Ordering::Acquire) {
            // Everything handed out is written: show it before anyone waits for input.
            writing.output.flush();
        }
        drop(writing);
        shared.room.notify_all();
    }
}

/// Stops the run if a worker panics, so the others do not wait forever for its chunk; the
/// panic itself then ends the program.
struct StopOnPanic<'a, 'b>(&'a Shared<'b>);

impl Drop for StopOnPanic<'_, '_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            // Under the lock the waiters check STOP with, so none can miss the wake-up.
            let _writing = lock(&self.0.writing);
            STOP.store(true, Ordering::Relaxed);
            self.0.room.notify_all();
        }
    }
}

/// Runs the workers: this thread and `settings.threads - 1` more.
fn run_workers(
    settings: &Settings,
    inputs: &[Input],
    progress: &Progress,
) -> (Tally, Option<io::Error>) {
    // --trace and --all stream from one search at a time.
    let threads = if settings.trace || settings.mode == Mode::All {
        1
    } else {
        settings.threads.max(1)
    };
    let shared = Shared {
        settings,
        inputs,
        progress,
        reading: Mutex::new(Reading {
            inputs,
            current: 0,
            reader: None,
            bytes_before: 0,
            seq: 0,
            chunk: if settings.mode == Mode::All { 1 } else { CHUNK },
        }),
        writing: Mutex::new(Writing {
            output: Output::new(progress),
            next: 0,
            waiting: BTreeMap::new(),
            tally: Tally::default(),
        }),
        room: Condvar::new(),
        in_flight: 4 * threads as u64,
        handed_out: AtomicU64::new(0),
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(|| work(&shared, &mut NoObserver));
        }
        if settings.trace {
            let mut trace = Trace {
                err: io::BufWriter::new(io::stderr()),
            };
            work(&shared, &mut trace);
            let _ = trace.err.flush();
        } else {
            work(&shared, &mut NoObserver);
        }
    });
    let mut writing = shared
        .writing
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    writing.output.flush();
    (writing.tally, writing.output.error.take())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(threads: usize) -> Settings {
        Settings {
            mode: Mode::Count,
            format: Format::Line,
            color: false,
            stats: false,
            quiet: true,
            trace: false,
            limit: None,
            timeout: None,
            threads,
        }
    }

    fn board(line: &str) -> Board {
        line.parse().expect("a valid puzzle")
    }

    /// Counts shared out from the start, against the one-thread search.
    fn shared_count(puzzle: &Board, limit: Option<u64>, threads: usize) -> Found {
        let progress = Progress::default();
        let found = count_on_all_threads(
            &settings(threads),
            puzzle,
            limit,
            &|| false,
            &progress,
            Duration::ZERO,
        );
        assert!(progress.solutions.load(Ordering::Relaxed) >= found.count);
        found
    }

    #[test]
    fn a_shared_out_count_is_the_one_thread_count() {
        // With no time on one thread, the first try stops at the search's first stop poll
        // (1,024 guesses), so the two puzzles that need more are shared out; the others
        // (2 solutions, unique, none) are done before and check the way around it.
        let puzzles = [
            // 55,901 solutions.
            "718639..4...7..1.6........3.....7.2...........8.54.3...2.9..8.55........8.7......",
            // 1,740 solutions.
            "2...5.....76.24.9....1.....981..6...6........5......3...5.1.6.........7.8....24..",
            "3...8...4489.13..767..24.8.2...458....4..93....82..645..73.6.2.13.4..95.9..1.2.38",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....9",
        ];
        let mut shared = 0;
        for line in puzzles {
            let puzzle = board(line);
            let alone = solver::analyse(&puzzle, None, None);
            shared += usize::from(alone.guesses > 1024);
            for threads in [2, 3] {
                let found = shared_count(&puzzle, None, threads);
                assert_eq!(found.count, alone.count, "{line} on {threads} threads");
                assert_eq!(found.end, SearchEnd::Exhausted, "{line}");
                assert_eq!(found.first.is_some(), alone.count > 0, "{line}");
                if let Some(first) = found.first {
                    assert!(first.is_solution_of(&puzzle), "{line}");
                }
            }
        }
        assert_eq!(shared, 2, "puzzles long enough to be shared out");
    }

    #[test]
    fn a_shared_out_count_stops_at_the_limit() {
        let puzzle = board(
            "718639..4...7..1.6........3.....7.2...........8.54.3...2.9..8.55........8.7......",
        );
        for limit in [1, 100, 10_000, 55_901, 55_902] {
            let found = shared_count(&puzzle, Some(limit), 2);
            let alone = solver::analyse(&puzzle, Some(limit), None);
            assert_eq!(found.count, alone.count, "limit {limit}");
            let complete = found.end == SearchEnd::Exhausted;
            assert_eq!(complete, alone.complete, "limit {limit}");
        }
    }
}
