//! `sudoku solve`: one solution per puzzle and whether it is the only one; with `--all` every
//! solution, streamed as it is found; with `--count` their number, a long count shared out to
//! every thread; with `--trace` every placement and undo of the search on stderr.
//!
//! The search of one puzzle ([`Search`]) is shared with `check`, which asks the same question
//! and only judges the answer differently.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result};
use sudoku::board::Board;
use sudoku::draw::page;
use sudoku::format::{self, Context, Cut, Format, Mode, Outcome, Status};
use sudoku::solver::general::Watch;
use sudoku::solver::{self, NoObserver, Observer, SearchEnd, simple};
use sudoku::variant::{Puzzle as ShapePuzzle, Spec};

use crate::batch::{self, Ending, Options, Puzzle, Puzzles, Record, Verdict, interrupt};
use crate::cli::{SolveArgs, SolveFormat, SolveMethod};

/// How often a count in progress is published to the live display (a power of two).
pub(super) const COUNT_PUBLISH: u64 = 1 << 14;

/// Runs `sudoku solve`.
pub fn run(args: SolveArgs) -> Result<Ending> {
    let mode = if args.count {
        Mode::Count
    } else if args.all {
        Mode::All
    } else {
        Mode::Solve
    };
    let page = args.format == SolveFormat::Html;
    if page && !args.trace {
        anyhow::bail!("--format html is the page of --trace: add --trace");
    }
    if page && mode == Mode::All {
        anyhow::bail!(
            "--trace --format html shows the search, not a list: use --count (or no --all)"
        );
    }
    let spec = super::shapes::spec(&args.shape)?;
    let batch = args.batch;
    let search = Search {
        mode,
        format: args.format.into(),
        color: !page && super::color(batch.color),
        stats: batch.stats,
        limit: args.limit,
        timeout: batch.timeout,
        threads: super::threads(batch.threads),
        method: args.method,
    };
    // --trace and --all stream from one search at a time, a chunk of one puzzle each, so
    // that the trace and the error reports on stderr keep input order too.
    let one_at_a_time = args.trace || mode == Mode::All;
    let options = Options {
        threads: if one_at_a_time { 1 } else { search.threads },
        chunk: if one_at_a_time { 1 } else { batch::CHUNK },
        progress: !batch.quiet && !args.trace,
        counter: matches!(mode, Mode::All | Mode::Count).then_some("solution"),
        stats: batch.stats,
    };
    let command = Solve {
        search,
        trace: args.trace,
        page: page.then_some(args.trace_limit),
        trace_error: Arc::default(),
        spec_set: spec.is_set(),
        spec,
    };
    let ending = batch::run(
        &command,
        Puzzles::new(args.input.files, batch.quiet).with_spec(&command.spec),
        &options,
    )?;
    let trace_error = command
        .trace_error
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take();
    match trace_error {
        // Like a closed stdout: quiet (`--trace 2>&1 >/dev/null | head`).
        Some(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(e).context("cannot write the trace")
        }
        _ => Ok(ending),
    }
}

/// The `solve` command.
struct Solve {
    /// `--trace --format html`: the page, and the most events recorded per puzzle.
    page: Option<u64>,
    search: Search,
    trace: bool,
    /// Why the trace could not be written, once it could not.
    trace_error: Arc<Mutex<Option<io::Error>>>,
    /// The shape of puzzles other than the classic 9x9.
    spec: Spec,
    /// Whether a shape flag was given: every puzzle takes the other shapes' path.
    spec_set: bool,
}

impl batch::Command for Solve {
    type Job = Puzzle;
    type Worker = Option<Trace>;

    fn run(
        &self,
        trace: &mut Option<Trace>,
        job: &Puzzle,
        record: &mut Record<'_>,
        tally: &mut SearchTally,
    ) -> Verdict {
        // A worker's trace writer is made at its first job.
        if self.trace && self.page.is_none() && trace.is_none() {
            *trace = Some(Trace {
                err: io::BufWriter::new(io::stderr()),
                error: Arc::clone(&self.trace_error),
                failed: false,
            });
        }
        if super::shapes::is_other_shape(&job.entry, self.spec_set) {
            if self.search.method == SolveMethod::Simple {
                // The textbook search is written for the classic grid.
                tally.read += 1;
                tally.invalid += 1;
                record.report(format!(
                    "{}:{}: the textbook search (--method simple) takes classic 9x9 puzzles only\n",
                    job.input.name, job.entry.line
                ));
                return Verdict::Invalid;
            }
            let outcome = match (trace, self.page) {
                (_, Some(limit)) => self.replay_shape(job, limit, record, tally),
                (Some(trace), None) => {
                    let mut watch = ShapeTrace {
                        trace,
                        name: &job.input.name,
                        line: job.entry.line,
                        size: 0,
                        symbols: Vec::new(),
                    };
                    let outcome = super::shapes::entry(
                        &self.search,
                        &self.spec,
                        job,
                        record,
                        tally,
                        Some(&mut watch),
                    );
                    watch.trace.flush();
                    outcome
                }
                (None, None) => {
                    super::shapes::entry(&self.search, &self.spec, job, record, tally, None)
                }
            };
            return match outcome {
                None => Verdict::Invalid,
                Some(outcome) if outcome.count == 0 => Verdict::Failure,
                Some(_) => Verdict::Success,
            };
        }
        let outcome = match trace {
            Some(trace) => {
                if job.entry.result.is_ok() {
                    trace.header(&job.input.name, job.entry.line);
                }
                let outcome = self.search.entry(job, trace, record, tally);
                // Before the error reports that follow on stderr.
                trace.flush();
                outcome
            }
            None => match self.page {
                Some(limit) => self.replay(job, limit, record, tally),
                None => self.search.entry(job, &mut NoObserver, record, tally),
            },
        };
        match outcome {
            None => Verdict::Invalid,
            // No solution, or none found before --timeout stopped the search.
            Some(outcome) if outcome.count == 0 => Verdict::Failure,
            Some(_) => Verdict::Success,
        }
    }
}

impl batch::Frame for Solve {
    type Tally = SearchTally;

    fn prologue(&self) -> Vec<u8> {
        match self.page {
            Some(_) => page::TRACE_HEAD.as_bytes().to_vec(),
            None => Vec::new(),
        }
    }

    fn epilogue(&self) -> Vec<u8> {
        match self.page {
            Some(_) => page::TRACE_FOOT.as_bytes().to_vec(),
            None => Vec::new(),
        }
    }

    fn summary(&self, tally: &SearchTally, elapsed: Duration) -> String {
        let unit = match self.search.method {
            SolveMethod::Fast => "guesses",
            SolveMethod::Simple => "nodes",
        };
        tally.summary(elapsed, unit)
    }
}

impl Solve {
    /// `--trace --format html`: searches with a [`Recorder`] and writes the page's section,
    /// the usual record (in grid form) going into it as the result.
    fn replay(
        &self,
        job: &Puzzle,
        limit: u64,
        record: &mut Record<'_>,
        tally: &mut SearchTally,
    ) -> Option<Outcome> {
        let mut recorder = Recorder::new(limit);
        let start = record.out().len();
        let outcome = self.search.entry(job, &mut recorder, record, tally);
        let result = record.out().split_off(start);
        let mut json = page_record_start(job, &recorder);
        if let Ok(board) = &job.entry.result {
            json.extend_from_slice(b",\"puzzle\":");
            format::write_json_string(&mut json, &board.to_line());
        }
        let method = match self.search.method {
            SolveMethod::Fast => "fast",
            SolveMethod::Simple => "simple",
        };
        self.finish_page(record, json, &recorder, &result, method);
        outcome
    }

    /// `--trace --format html` on a puzzle of another shape: as [`Solve::replay`], with the
    /// shape in the record (`size`, `box` or `regions`, `variants`, `symbols`, as in JSON
    /// records) and each event `kind * 100000 + cell * 100 + value`.
    fn replay_shape(
        &self,
        job: &Puzzle,
        limit: u64,
        record: &mut Record<'_>,
        tally: &mut SearchTally,
    ) -> Option<Outcome> {
        let mut watch = ShapeRecorder {
            recorder: Recorder::new(limit),
            puzzle: None,
        };
        let start = record.out().len();
        let outcome = super::shapes::entry(
            &self.search,
            &self.spec,
            job,
            record,
            tally,
            Some(&mut watch),
        );
        let result = record.out().split_off(start);
        let recorder = &watch.recorder;
        let mut json = page_record_start(job, recorder);
        if let Some(puzzle) = &watch.puzzle {
            json.extend_from_slice(b",\"puzzle\":");
            format::write_json_string(&mut json, &puzzle.to_line());
            puzzle.write_json_shape(&mut json);
        }
        // Other shapes have the general search only.
        self.finish_page(record, json, recorder, &result, "fast");
        outcome
    }

    /// Ends a search page record begun in `json` (file, line, puzzle and shape written) with
    /// the method, the events and the result (the usual record), and writes the page's
    /// section.
    fn finish_page(
        &self,
        record: &mut Record<'_>,
        mut json: Vec<u8>,
        recorder: &Recorder,
        result: &[u8],
        method: &str,
    ) {
        let limit = recorder.limit;
        let _ = write!(
            json,
            ",\"method\":\"{method}\",\"limit\":{limit},\"cut\":{},\"events\":[",
            recorder.cut
        );
        for (i, e) in recorder.events.iter().enumerate() {
            if i > 0 {
                json.push(b',');
            }
            let _ = write!(json, "{e}");
        }
        json.extend_from_slice(b"],\"result\":");
        format::write_json_string(&mut json, &String::from_utf8_lossy(result));
        json.push(b'}');
        page::trace_section(record.out(), &json);
    }
}

/// `--trace` on a puzzle of another shape: the events on stderr as [`Trace`] writes them, with
/// the puzzle's cell names and symbols, under the puzzle's header.
struct ShapeTrace<'a> {
    trace: &'a mut Trace,
    name: &'a str,
    line: u64,
    size: usize,
    symbols: Vec<char>,
}

impl super::shapes::ShapeWatch for ShapeTrace<'_> {
    fn puzzle(&mut self, puzzle: &ShapePuzzle) {
        self.size = puzzle.geometry().size();
        self.symbols = puzzle.alphabet().symbols().chars().collect();
        self.trace.header(self.name, self.line);
    }
}

impl Watch for ShapeTrace<'_> {
    fn place(&mut self, depth: usize, cell: usize, value: u8, guess: bool) {
        let what = if guess { "guess" } else { "place" };
        self.write(depth, what, cell, value);
    }

    fn undo(&mut self, depth: usize, cell: usize, value: u8) {
        self.write(depth, "undo", cell, value);
    }
}

impl ShapeTrace<'_> {
    fn write(&mut self, depth: usize, what: &str, cell: usize, value: u8) {
        if self.trace.failed {
            return;
        }
        let n = self.size.max(1);
        let (r, c) = (cell / n + 1, cell % n + 1);
        let symbol = self
            .symbols
            .get(usize::from(value).wrapping_sub(1))
            .copied()
            .unwrap_or('?');
        let result = writeln!(self.trace.err, "depth {depth}: {what} r{r}c{c} = {symbol}");
        self.trace.check(result);
    }
}

/// The search page's [`Recorder`] for a puzzle of another shape, which keeps the puzzle.
struct ShapeRecorder {
    recorder: Recorder,
    puzzle: Option<ShapePuzzle>,
}

impl super::shapes::ShapeWatch for ShapeRecorder {
    fn puzzle(&mut self, puzzle: &ShapePuzzle) {
        self.puzzle = Some(puzzle.clone());
    }
}

impl Watch for ShapeRecorder {
    fn place(&mut self, _depth: usize, cell: usize, value: u8, guess: bool) {
        self.recorder.push_wide(u32::from(guess), cell, value);
    }

    fn undo(&mut self, _depth: usize, cell: usize, value: u8) {
        self.recorder.push_wide(2, cell, value);
    }
}

/// Records the search's events for the search page, up to a limit: each one number,
/// `kind * 1000 + cell * 10 + digit` with kind 0 for a forced placement, 1 a guess, 2 a
/// placement taken back.
struct Recorder {
    events: Vec<u32>,
    limit: usize,
    /// Events were left out.
    cut: bool,
}

/// The start of a search page record: `{"file":...,"line":...`.
fn page_record_start(job: &Puzzle, recorder: &Recorder) -> Vec<u8> {
    let mut json = Vec::with_capacity(256 + 8 * recorder.events.len());
    json.extend_from_slice(b"{\"file\":");
    format::write_json_string(&mut json, &job.input.json_name);
    let _ = write!(json, ",\"line\":{}", job.entry.line);
    json
}

impl Recorder {
    /// A recorder of at most `limit` events.
    fn new(limit: u64) -> Recorder {
        Recorder {
            events: Vec::new(),
            limit: usize::try_from(limit).unwrap_or(usize::MAX),
            cut: false,
        }
    }

    fn push(&mut self, kind: u32, cell: usize, digit: u8) {
        self.push_event(kind * 1000 + cell as u32 * 10 + u32::from(digit));
    }

    /// An event of a grid of another size (up to 625 cells, values up to 25):
    /// `kind * 100000 + cell * 100 + value`.
    fn push_wide(&mut self, kind: u32, cell: usize, value: u8) {
        self.push_event(kind * 100_000 + cell as u32 * 100 + u32::from(value));
    }

    fn push_event(&mut self, event: u32) {
        if self.events.len() < self.limit {
            self.events.push(event);
        } else {
            self.cut = true;
        }
    }
}

impl Observer for Recorder {
    fn place(&mut self, _depth: usize, cell: usize, digit: u8, guess: bool) {
        self.push(u32::from(guess), cell, digit);
    }

    fn undo(&mut self, _depth: usize, cell: usize, digit: u8) {
        self.push(2, cell, digit);
    }
}

/// One puzzle's search, as `solve` and `check` ask for it: the flags, resolved.
#[derive(Debug, Clone)]
pub struct Search {
    /// What to do with each puzzle.
    pub mode: Mode,
    /// Output format.
    pub format: Format,
    /// Colour grids.
    pub color: bool,
    /// Search figures in JSON.
    pub stats: bool,
    /// Solutions per puzzle at most, in [`Mode::All`] and [`Mode::Count`].
    pub limit: Option<u64>,
    /// Time per puzzle at most.
    pub timeout: Option<Duration>,
    /// Threads a long count may be shared out to.
    pub threads: usize,
    /// Which search.
    pub method: SolveMethod,
}

batch::counts! {
    /// Counts over the batch, for `--stats`.
    pub struct SearchTally {
        pub(super) read,
        pub(super) solved,
        pub(super) unique,
        pub(super) multiple,
        pub(super) none,
        pub(super) invalid,
        /// Stopped by --timeout before a verdict.
        pub(super) unknown,
        pub(super) guesses,
    }
}

/// After solution number `count` of a search: the progress display hears of them now and
/// then, and `--limit` stops the search.
pub(super) fn after_solution(
    record: &mut Record<'_>,
    count: u64,
    limit: Option<u64>,
) -> ControlFlow<()> {
    if count.is_multiple_of(COUNT_PUBLISH) {
        record.progress().add_found(COUNT_PUBLISH);
    }
    if limit == Some(count) {
        ControlFlow::Break(())
    } else {
        ControlFlow::Continue(())
    }
}

impl SearchTally {
    /// Counts the outcome of a search of a valid puzzle.
    pub fn count(&mut self, outcome: &Outcome) {
        self.guesses += outcome.guesses;
        if outcome.count > 0 {
            self.solved += 1;
        }
        match outcome.status() {
            Status::Unique => self.unique += 1,
            Status::Multiple => self.multiple += 1,
            Status::None => self.none += 1,
            Status::Unknown => self.unknown += 1,
        }
    }

    /// The `--stats` summary; `unit` names what the search counted (`guesses`, `nodes`).
    pub fn summary(&self, elapsed: Duration, unit: &str) -> String {
        use std::fmt::Write as _;
        let t = self;
        let searched = t.read - t.invalid;
        let per = if searched > 0 {
            t.guesses as f64 / searched as f64
        } else {
            0.0
        };
        let mut s = String::new();
        let _ = writeln!(
            s,
            "puzzles: {} read, {} solved ({} unique, {} multiple), {} no solution, {} invalid",
            t.read, t.solved, t.unique, t.multiple, t.none, t.invalid
        );
        if t.unknown > 0 {
            let _ = writeln!(s, "stopped: {} before a verdict", t.unknown);
        }
        s.push_str(&batch::time_line(t.read, elapsed));
        let _ = writeln!(s, "search: {} {unit}, {per:.2} per valid puzzle", t.guesses);
        s
    }
}

impl Search {
    /// What the record writers need to know of a job and of this search.
    pub(super) fn context<'a>(&self, job: &'a Puzzle) -> Context<'a> {
        Context {
            name: &job.input.name,
            json_name: &job.input.json_name,
            line: job.entry.line,
            format: self.format,
            mode: self.mode,
            color: self.color,
            stats: self.stats,
        }
    }

    /// Does one entry: a bad line gets its report and `invalid` record (and `None`); a puzzle
    /// is searched and its record written, and the outcome returned.
    pub fn entry<O: Observer>(
        &self,
        job: &Puzzle,
        observer: &mut O,
        record: &mut Record<'_>,
        tally: &mut SearchTally,
    ) -> Option<Outcome> {
        let cx = self.context(job);
        tally.read += 1;
        let puzzle = match super::board_or_report(job, record) {
            Ok(board) => *board,
            Err(err) => {
                tally.invalid += 1;
                format::write_invalid(record.out(), &cx, err, err.board.as_deref());
                return None;
            }
        };
        let outcome = self.search(&puzzle, &cx, observer, record);
        tally.count(&outcome);
        format::write_outcome(record.out(), &cx, &puzzle, &outcome);
        Some(outcome)
    }

    /// Searches one valid puzzle. In [`Mode::All`] the solutions are written (and streamed
    /// out) as they are found; the caller writes the record's summary.
    fn search<O: Observer>(
        &self,
        puzzle: &Board,
        cx: &Context<'_>,
        observer: &mut O,
        record: &mut Record<'_>,
    ) -> Outcome {
        // Reading the clock costs about as much as solving an easy puzzle: only when needed.
        let start = (self.timeout.is_some() || self.stats).then(Instant::now);
        // A timeout too far off to represent is no timeout.
        let deadline = self.timeout.zip(start).and_then(|(t, s)| s.checked_add(t));
        let stop = || interrupt::stopping() || deadline.is_some_and(|d| Instant::now() >= d);
        let limit = match self.mode {
            Mode::Solve | Mode::Check => Some(2),
            Mode::All | Mode::Count => self.limit,
        };
        if self.mode == Mode::All {
            format::write_all_start(record.out(), cx, puzzle);
        }
        let progress = record.progress();
        let found = if self.mode == Mode::Count
            && self.threads > 1
            && !O::ENABLED
            && self.method == SolveMethod::Fast
        {
            count_on_all_threads(self.threads, puzzle, limit, &stop, progress, SPLIT_AFTER)
        } else {
            let mut first = None;
            let mut count = 0u64;
            // A solution, given as how to get its board: counting builds none.
            let mut on_solution = |solution: &dyn Fn() -> Board| {
                count += 1;
                match self.mode {
                    Mode::All => {
                        let board = solution();
                        first.get_or_insert(board);
                        format::write_all_solution(record.out(), cx, puzzle, count, &board);
                        record.stream()?;
                    }
                    _ if count == 1 => first = Some(solution()),
                    _ => {}
                }
                after_solution(record, count, limit)
            };
            let (end, guesses) = match self.method {
                SolveMethod::Fast => {
                    let report = solver::search(puzzle, observer, Some(&stop), |s| {
                        on_solution(&|| s.board())
                    });
                    (report.end, report.stats.guesses)
                }
                SolveMethod::Simple => {
                    let report = simple::search(puzzle, observer, Some(&stop), |board| {
                        on_solution(&|| *board)
                    });
                    (report.end, report.nodes)
                }
            };
            record.progress().add_found(count % COUNT_PUBLISH);
            Found {
                first,
                count,
                end,
                guesses,
            }
        };
        let Found {
            first,
            count,
            end,
            guesses,
        } = found;
        if self.mode == Mode::All {
            format::write_all_end(record.out(), cx);
        }
        let cut = match end {
            SearchEnd::Exhausted => None,
            // Stopped by the callback: at the limit, which for Solve and Check settles the
            // verdict.
            SearchEnd::Stopped if matches!(self.mode, Mode::Solve | Mode::Check) => None,
            SearchEnd::Stopped => Some(Cut::Limit),
            // Ctrl-C, or the run ends because its output can no longer be written.
            SearchEnd::Interrupted if interrupt::stopping() => Some(Cut::Interrupted),
            SearchEnd::Interrupted => Some(Cut::Timeout),
        };
        Outcome {
            first,
            count,
            cut,
            guesses,
            micros: start.map_or(0, |s| s.elapsed().as_micros() as u64),
        }
    }
}

/// Writes `--trace` events to stderr. When stderr cannot be written (a closed pipe), the run
/// stops: no one is left to read the trace.
pub struct Trace {
    err: io::BufWriter<io::Stderr>,
    /// Where the first write error goes.
    error: Arc<Mutex<Option<io::Error>>>,
    failed: bool,
}

impl Trace {
    /// The line before a puzzle's events: `FILE:LINE: trace`.
    fn header(&mut self, name: &str, line: u64) {
        let result = writeln!(self.err, "{name}:{line}: trace");
        self.check(result);
    }

    fn flush(&mut self) {
        let result = self.err.flush();
        self.check(result);
    }

    fn check(&mut self, result: io::Result<()>) {
        if let Err(e) = result
            && !self.failed
        {
            self.failed = true;
            *self.error.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
            interrupt::stop();
        }
    }
}

impl Observer for Trace {
    fn place(&mut self, depth: usize, cell: usize, digit: u8, guess: bool) {
        if self.failed {
            return;
        }
        let what = if guess { "guess" } else { "place" };
        let (r, c) = (cell / 9 + 1, cell % 9 + 1);
        let result = writeln!(self.err, "depth {depth}: {what} r{r}c{c} = {digit}");
        self.check(result);
    }

    fn undo(&mut self, depth: usize, cell: usize, digit: u8) {
        if self.failed {
            return;
        }
        let (r, c) = (cell / 9 + 1, cell % 9 + 1);
        let result = writeln!(self.err, "depth {depth}: undo r{r}c{c} = {digit}");
        self.check(result);
    }
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

/// [`Mode::Count`] for one puzzle, on `threads` threads when it takes long.
///
/// It counts on this thread for `split_after` first. If it is not done by then, it starts
/// again: [`solver::split`] cuts the search into sub-puzzles whose solutions together are
/// exactly the puzzle's, and every thread counts sub-puzzles, taken in order, adding to a
/// shared total. The count is as exact as on one thread; with a limit, the threads stop once
/// the total reaches it and the count reported is the limit. The first solution is the one
/// the first try found (the search's first), or else the first of the earliest sub-puzzle
/// that has one.
fn count_on_all_threads<S: Fn() -> bool + Sync>(
    threads: usize,
    puzzle: &Board,
    limit: Option<u64>,
    stop: &S,
    progress: &batch::Progress,
    split_after: Duration,
) -> Found {
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
        progress.add_found(count);
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
        progress.add_found(n);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn board(line: &str) -> Board {
        line.parse().expect("a valid puzzle")
    }

    /// Counts shared out from the start, against the one-thread search.
    fn shared_count(puzzle: &Board, limit: Option<u64>, threads: usize) -> Found {
        let progress = batch::Progress::default();
        let found =
            count_on_all_threads(threads, puzzle, limit, &|| false, &progress, Duration::ZERO);
        assert!(progress.found() >= found.count);
        found
    }

    #[test]
    fn a_shared_out_count_is_the_one_thread_count() {
        // With no time on one thread, the first try stops at the search's first stop poll
        // (256 guesses), so the two puzzles that need more are shared out; the others
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
