//! The batch driver every command shares: jobs in, records out in job order.
//!
//! A command says what it does to ONE job (a puzzle read from the input, a line that is not
//! one, or an index to make a record for) by implementing [`Command`]: it appends bytes for
//! stdout and reports for stderr to a [`Record`], adds to its own [`Tally`] for `--stats`,
//! and returns a [`Verdict`] for the exit status; its [`Frame`] says what goes around the
//! records (the `--stats` summary, a document's head and foot). The driver does the rest: it takes jobs from
//! a [`Source`] ([`Puzzles`] from files and stdin, or a [`Counter`] of indices), runs them on
//! worker threads a chunk at a time, writes the records in job order, shows progress on a
//! terminal, stops on Ctrl-C or a closed pipe, prints the `--stats` summary and works out how
//! the run ended.
//!
//! Every thread is a worker ([`work`]): it takes the next chunk of jobs from the source, runs
//! them, and writes whatever chunks are next in order. A cap on the chunks in flight keeps
//! memory flat however large the input and however slow one job is. Chunks start at one job
//! and grow (up to [`Options::chunk`]) while they take little time, and shrink when they take
//! long, so quick jobs share the cost of handing out and slow ones (a puzzle that takes a
//! second) come out one by one, with the progress display moving as they do. With one thread, output
//! is flushed whenever the next read might wait, so piped input is answered as it comes.

pub mod interrupt;
pub mod progress;
pub mod source;

use std::collections::{BTreeMap, VecDeque};
use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result};

pub use self::progress::Progress;
pub use self::source::{Chunk, Counter, Puzzle, Puzzles, Source};

/// The most jobs per chunk handed to a worker, unless the command asks otherwise.
pub const CHUNK: usize = 256;
/// A chunk that takes less than this to run is followed by chunks twice as large.
const QUICK_CHUNK: Duration = Duration::from_millis(10);
/// A chunk that takes more than this to run is followed by chunks half as large.
const SLOW_CHUNK: Duration = Duration::from_millis(100);
/// Bytes of output gathered before they are written.
const OUT_BUFFER: usize = 1 << 16;

/// What one record means for the exit status. The run ends with the worst verdict of the
/// records it wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Verdict {
    /// All is well (exit status 0).
    #[default]
    Success,
    /// The command could not do what was asked, e.g. a puzzle has no solution (exit status 1).
    Failure,
    /// The input was invalid or unreadable (exit status 2).
    Invalid,
}

/// How a run ended, for the exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Every record was written; the worst verdict among them.
    Done(Verdict),
    /// Ctrl-C.
    Interrupted,
}

/// A command's counts over the batch, for `--stats`: each chunk keeps its own, and they are
/// added up as the chunks are written.
pub trait Tally: Default + Send {
    /// Adds another chunk's counts to these.
    fn add(&mut self, other: &Self);
}

impl Tally for () {
    fn add(&mut self, _other: &Self) {}
}

/// Declares a command's `--stats` counts: a struct of `u64` fields (private to the command's
/// module unless marked) that chunks add field by field.
///
/// ```ignore
/// batch::counts! {
///     /// Counts for `--stats`.
///     pub struct RateTally { read, rated, invalid }
/// }
/// ```
macro_rules! counts {
    ($(#[$meta:meta])* $vis:vis struct $name:ident {
        $($(#[$doc:meta])* $fvis:vis $field:ident),* $(,)?
    }) => {
        $(#[$meta])*
        #[derive(Debug, Default, Clone, Copy)]
        $vis struct $name {
            $($(#[$doc])* $fvis $field: u64,)*
        }

        impl $crate::batch::Tally for $name {
            fn add(&mut self, other: &Self) {
                $(self.$field += other.$field;)*
            }
        }
    };
}
pub(crate) use counts;

/// What a command writes around its records: the counts and summary of `--stats`, a note when
/// Ctrl-C ends the run, and the head and foot of a document. Every command has one, beside
/// its [`Command`] (or [`SimpleCommand`]) part.
pub trait Frame {
    /// Counts for `--stats`.
    type Tally: Tally;

    /// The `--stats` summary for stderr, given the counts of the records written.
    fn summary(&self, tally: &Self::Tally, elapsed: Duration) -> String;

    /// A note for stderr when Ctrl-C ends the run, given the counts of the records written
    /// (e.g. how many puzzles `generate` made); none by default.
    fn interrupted_note(&self, _tally: &Self::Tally) -> Option<String> {
        None
    }

    /// Bytes written before the first record: the head of a document whose records are its
    /// parts (an HTML page). None by default.
    fn prologue(&self) -> Vec<u8> {
        Vec::new()
    }

    /// Bytes written after the last record (also after Ctrl-C, so the document is whole).
    /// None by default.
    fn epilogue(&self) -> Vec<u8> {
        Vec::new()
    }
}

/// What a command does to one job. See the module documentation.
pub trait Command: Frame + Sync {
    /// The job: a [`Puzzle`] for commands that read their input, a `u64` index for commands
    /// driven by a [`Counter`].
    type Job: Send;
    /// State a worker thread keeps from one job to the next (e.g. a `--trace` writer); each
    /// worker starts with the default.
    type Worker: Default;

    /// Does one job: appends its record to `record`, counts it in `tally`, and says what it
    /// means for the exit status. The search inside should poll [`interrupt::stopping`].
    fn run(
        &self,
        worker: &mut Self::Worker,
        job: &Self::Job,
        record: &mut Record<'_>,
        tally: &mut Self::Tally,
    ) -> Verdict;
}

/// A [`Command`] whose worker threads keep no state from one job to the next, as most do: it
/// says only what it does to one job, and is a `Command` through the impl below.
pub trait SimpleCommand: Frame + Sync {
    /// [`Command::Job`].
    type Job: Send;

    /// [`Command::run`] without the worker's state.
    fn run(&self, job: &Self::Job, record: &mut Record<'_>, tally: &mut Self::Tally) -> Verdict;
}

impl<C: SimpleCommand> Command for C {
    type Job = C::Job;
    type Worker = ();

    fn run(
        &self,
        _: &mut (),
        job: &C::Job,
        record: &mut Record<'_>,
        tally: &mut C::Tally,
    ) -> Verdict {
        SimpleCommand::run(self, job, record, tally)
    }
}

/// The `--stats` line of the time taken and the puzzles read a second (0 when no time was
/// measured): `time: 1.234 s, 5678 puzzles/s`, with its newline.
pub fn time_line(read: u64, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 { read as f64 / secs } else { 0.0 };
    format!("time: {secs:.3} s, {rate:.0} puzzles/s\n")
}

/// How the driver runs a command.
#[derive(Debug, Clone)]
pub struct Options {
    /// Worker threads (at least one).
    pub threads: usize,
    /// The most jobs per chunk: [`CHUNK`], or 1 when a record streams out while it is made.
    pub chunk: usize,
    /// Show the progress display when stderr is a terminal (off for `--quiet`, `--trace`).
    pub progress: bool,
    /// What the command's live count counts, for the display (e.g. `solution`); `None` when
    /// it keeps none.
    pub counter: Option<&'static str>,
    /// Print the command's [`Command::summary`] to stderr at the end.
    pub stats: bool,
}

/// Where a command writes one job's record: bytes for stdout, and reports for stderr that go
/// out at this point of the output.
pub struct Record<'a> {
    out: &'a mut Vec<u8>,
    errs: &'a mut Vec<(usize, String)>,
    stream: &'a mut dyn FnMut(&mut Vec<u8>) -> ControlFlow<()>,
    progress: &'a Progress,
}

impl<'a> Record<'a> {
    /// The bytes for stdout.
    #[inline]
    pub fn out(&mut self) -> &mut Vec<u8> {
        self.out
    }

    /// A report for stderr, written after the stdout bytes appended so far.
    pub fn report(&mut self, text: String) {
        self.errs.push((self.out.len(), text));
    }

    /// Writes out the bytes appended so far when they are next in order (with
    /// [`Options::chunk`] 1, always), so that a long record streams out as it is made; returns
    /// `Break` when output can no longer be written and the job should stop.
    pub fn stream(&mut self) -> ControlFlow<()> {
        if self.out.len() >= OUT_BUFFER {
            (self.stream)(self.out)
        } else {
            ControlFlow::Continue(())
        }
    }

    /// The live counters, for [`Progress::add_found`].
    #[inline]
    pub fn progress(&self) -> &'a Progress {
        self.progress
    }
}

/// A chunk's output: records for stdout, and reports for stderr, each with the offset in `out`
/// where it belongs so both streams keep job order.
struct Done<T> {
    out: Vec<u8>,
    errs: Vec<(usize, String)>,
    /// The verdicts other than success, each with the offset in `out` where its record ends,
    /// so that when the output is cut short only the records written count.
    verdicts: Vec<(usize, Verdict)>,
    tally: T,
    records: u64,
    /// How far through the source the chunk ends.
    position: u64,
}

/// The reading side of a run, shared by the workers: one of them reads at a time.
struct Reading<S> {
    source: S,
    /// Sequence number of the next chunk.
    seq: u64,
    /// Jobs in the next chunk.
    size: usize,
}

/// The writing side of a run: finished chunks go out in sequence order.
struct Writing<'a, T> {
    output: Output<'a>,
    /// Sequence number of the next chunk to write.
    next: u64,
    /// Finished chunks waiting for an earlier one.
    waiting: BTreeMap<u64, Done<T>>,
    tally: T,
    /// Set once Ctrl-C is seen after a chunk is written: the output ends there, with the
    /// records cut short, and no later record follows.
    closed: bool,
}

/// What the workers share.
struct Shared<'a, C: Command, S> {
    command: &'a C,
    options: &'a Options,
    progress: &'a Progress,
    reading: Mutex<Reading<S>>,
    writing: Mutex<Writing<'a, C::Tally>>,
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

/// Runs `command` on every job of `source`, writing the records to stdout in job order.
pub fn run<C, S>(command: &C, source: S, options: &Options) -> Result<Ending>
where
    C: Command,
    S: Source<Job = C::Job>,
{
    run_to(command, source, options, Box::new(io::stdout()))
}

/// [`run`], writing the records to `stdout`: records reach it whole, in job order, so a writer
/// can act on what came before (`print` draws them; `canon --dedup` drops later members of a
/// class there).
pub fn run_to<C, S>(
    command: &C,
    source: S,
    options: &Options,
    stdout: Box<dyn Write + Send>,
) -> Result<Ending>
where
    C: Command,
    S: Source<Job = C::Job>,
{
    let progress = Progress::default();
    let total = source.total();
    let show_progress = options.progress && io::stderr().is_terminal();
    let started = Instant::now();

    let (tally, verdict, output_error) = std::thread::scope(|scope| {
        if show_progress {
            let progress = &progress;
            let display = progress::Display {
                total,
                counter: options.counter,
            };
            scope.spawn(move || progress.run_display(display));
        }
        let result = run_workers(command, source, options, &progress, stdout);
        progress.finish();
        result
    });

    if options.stats {
        let summary = command.summary(&tally, started.elapsed());
        let _ = io::stderr().lock().write_all(summary.as_bytes());
    }
    if let Some(e) = output_error {
        if e.kind() == io::ErrorKind::BrokenPipe {
            // Quiet, and the status of what was written before the pipe closed.
            return Ok(Ending::Done(verdict));
        }
        return Err(e).context("cannot write output");
    }
    if interrupt::interrupted() {
        if let Some(note) = command.interrupted_note(&tally) {
            let _ = io::stderr().lock().write_all(note.as_bytes());
        }
        return Ok(Ending::Interrupted);
    }
    Ok(Ending::Done(verdict))
}

/// Runs the workers: this thread and `options.threads - 1` more.
fn run_workers<C, S>(
    command: &C,
    source: S,
    options: &Options,
    progress: &Progress,
    stdout: Box<dyn Write + Send>,
) -> (C::Tally, Verdict, Option<io::Error>)
where
    C: Command,
    S: Source<Job = C::Job>,
{
    let threads = options.threads.max(1);
    let mut output = Output::new(stdout, progress);
    output.write(&command.prologue());
    let shared = Shared {
        command,
        options,
        progress,
        reading: Mutex::new(Reading {
            source,
            seq: 0,
            size: 1,
        }),
        writing: Mutex::new(Writing {
            output,
            next: 0,
            waiting: BTreeMap::new(),
            tally: C::Tally::default(),
            closed: false,
        }),
        room: Condvar::new(),
        in_flight: 4 * threads as u64,
        handed_out: AtomicU64::new(0),
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(|| work(&shared));
        }
        work(&shared);
    });
    let mut writing = shared
        .writing
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    writing.output.write(&command.epilogue());
    writing.output.flush();
    let verdict = writing.output.verdict();
    (writing.tally, verdict, writing.output.error.take())
}

/// One worker: read a chunk, run its jobs, write what is in order; until the source ends.
///
/// Every thread of a run, the main one included, is such a worker, so a run on N cores keeps
/// exactly N threads busy and none only shuffles data.
fn work<C, S>(shared: &Shared<'_, C, S>)
where
    C: Command,
    S: Source<Job = C::Job>,
{
    let _guard = StopOnPanic(&shared.writing, &shared.room);
    let command = shared.command;
    let mut worker = C::Worker::default();
    let largest = shared.options.chunk.max(1);
    // This worker's last chunk: its size and how long it took.
    let mut last: Option<(usize, Duration)> = None;
    loop {
        let seq;
        let mut chunk;
        {
            let mut reading = lock(&shared.reading);
            match last {
                Some((n, took)) if took < QUICK_CHUNK && n >= reading.size => {
                    reading.size = (2 * n).min(largest);
                }
                Some((_, took)) if took > SLOW_CHUNK => reading.size = (reading.size / 2).max(1),
                _ => {}
            }
            chunk = Chunk::with_capacity(reading.size);
            let mut writing = lock(&shared.writing);
            while reading.seq - writing.next >= shared.in_flight && !interrupt::stopping() {
                writing = shared.room.wait(writing).unwrap_or_else(|e| e.into_inner());
            }
            drop(writing);
            let size = reading.size;
            let more = reading.source.fill(size, &mut chunk, shared.progress);
            if !more {
                shared.handed_out.store(reading.seq, Ordering::Release);
                return;
            }
            seq = reading.seq;
            reading.seq += 1;
            shared.handed_out.store(reading.seq, Ordering::Release);
        }
        let started = Instant::now();
        let mut done = Done {
            out: Vec::new(),
            errs: Vec::new(),
            verdicts: Vec::new(),
            tally: C::Tally::default(),
            records: 0,
            position: chunk.position,
        };
        let mut notes = chunk.notes.into_iter().peekable();
        for (index, job) in chunk.jobs.iter().enumerate() {
            while let Some((_, note)) = notes.next_if(|(before, _)| *before == index) {
                done.errs.push((done.out.len(), note));
                done.verdicts.push((done.out.len(), Verdict::Invalid));
            }
            if interrupt::stopping() {
                break;
            }
            // With chunks of one job, a record can go straight out as it is made.
            let mut stream = |buf: &mut Vec<u8>| {
                let mut writing = lock(&shared.writing);
                if writing.next == seq {
                    writing.output.write(buf);
                    buf.clear();
                }
                if interrupt::stopped() {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            };
            let mut record = Record {
                out: &mut done.out,
                errs: &mut done.errs,
                stream: &mut stream,
                progress: shared.progress,
            };
            let verdict = command.run(&mut worker, job, &mut record, &mut done.tally);
            if verdict != Verdict::Success {
                done.verdicts.push((done.out.len(), verdict));
            }
            done.records += 1;
        }
        for (_, note) in notes {
            done.errs.push((done.out.len(), note));
            done.verdicts.push((done.out.len(), Verdict::Invalid));
        }
        last = Some((chunk.jobs.len(), started.elapsed()));

        let mut writing = lock(&shared.writing);
        writing.waiting.insert(seq, done);
        while !writing.closed {
            let next = writing.next;
            let Some(done) = writing.waiting.remove(&next) else {
                break;
            };
            writing.output.write_done(&done);
            shared.progress.wrote(done.records, done.position);
            writing.tally.add(&done.tally);
            writing.next += 1;
            // After Ctrl-C the chunk next in order, whose jobs stopped where they were, is
            // the last written: chunks after it, done or not, are dropped.
            writing.closed = interrupt::interrupted();
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
struct StopOnPanic<'a, W>(&'a Mutex<W>, &'a Condvar);

impl<W> Drop for StopOnPanic<'_, W> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            // Under the lock the waiters check the flag with, so none can miss the wake-up.
            let _writing = lock(self.0);
            interrupt::stop();
            self.1.notify_all();
        }
    }
}

/// Where output goes: stdout through a buffer, with a closed pipe or write error noted once,
/// and the worst verdict of the records written.
struct Output<'a> {
    out: io::BufWriter<Stdout<'a>>,
    error: Option<io::Error>,
    /// Bytes handed to `out` so far.
    queued: u64,
    /// Verdicts of records not yet known to be written, each with the position in the output
    /// where its record ends, in order.
    pending: VecDeque<(u64, Verdict)>,
    /// The worst verdict of the records written.
    verdict: Verdict,
}

/// stdout, clearing the progress display (if one is shown) while a block is written, so
/// records and the display never mix on a terminal. Blocks are whole buffers, so this costs
/// one uncontended lock per 64 KiB.
struct Stdout<'a> {
    inner: Box<dyn Write + Send>,
    progress: &'a Progress,
    /// Bytes written so far.
    written: u64,
}

impl Write for Stdout<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let inner = &mut self.inner;
        let n = self.progress.suspend(|| inner.write(buf))?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<'a> Output<'a> {
    fn new(inner: Box<dyn Write + Send>, progress: &'a Progress) -> Output<'a> {
        let stdout = Stdout {
            inner,
            progress,
            written: 0,
        };
        Output {
            out: io::BufWriter::with_capacity(OUT_BUFFER, stdout),
            error: None,
            queued: 0,
            pending: VecDeque::new(),
            verdict: Verdict::Success,
        }
    }

    /// Writes a chunk's records, and its stderr reports at their places; records a failure.
    fn write_done<T>(&mut self, done: &Done<T>) {
        let start = self.queued;
        self.pending.extend(
            done.verdicts
                .iter()
                .map(|&(end, verdict)| (start + end as u64, verdict)),
        );
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
        self.settle();
    }

    /// The worst verdict of the records written, once the output is flushed or has failed:
    /// after a closed pipe, only what was written before counts.
    fn verdict(&mut self) -> Verdict {
        self.settle();
        self.verdict
    }

    /// Moves the verdicts of the records now written into `verdict`.
    fn settle(&mut self) {
        let written = self.out.get_ref().written;
        while let Some(&(end, verdict)) = self.pending.front() {
            if end > written {
                break;
            }
            self.verdict = self.verdict.max(verdict);
            self.pending.pop_front();
        }
    }

    fn write(&mut self, bytes: &[u8]) {
        self.queued += bytes.len() as u64;
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
        interrupt::stop();
        self.error = Some(e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// Output gathered in memory.
    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl Write for Buffer {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            lock(&self.0).extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// A command over indices: the record of job `i` is `i` and its square, jobs take longer
    /// the smaller their index (so that later chunks finish first), and the verdict of every
    /// index divisible by `fail_every` is a failure.
    struct Squares {
        fail_every: Option<u64>,
    }

    #[derive(Default)]
    struct Sum(u64);

    impl Tally for Sum {
        fn add(&mut self, other: &Sum) {
            self.0 += other.0;
        }
    }

    impl Command for Squares {
        type Job = u64;
        type Worker = u64;

        fn run(
            &self,
            jobs: &mut u64,
            &i: &u64,
            record: &mut Record<'_>,
            tally: &mut Sum,
        ) -> Verdict {
            *jobs += 1;
            if i < 40 {
                std::thread::sleep(Duration::from_micros(50 * (40 - i)));
            }
            let _ = writeln!(record.out(), "{i} {}", i * i);
            tally.0 += i;
            if self.fail_every.is_some_and(|n| i % n == n - 1) {
                Verdict::Failure
            } else {
                Verdict::Success
            }
        }
    }

    impl Frame for Squares {
        type Tally = Sum;

        fn summary(&self, tally: &Sum, _elapsed: Duration) -> String {
            format!("sum {}\n", tally.0)
        }
    }

    fn options(threads: usize, chunk: usize) -> Options {
        Options {
            threads,
            chunk,
            progress: false,
            counter: None,
            stats: false,
        }
    }

    #[test]
    fn index_jobs_come_out_in_index_order_on_any_number_of_threads() {
        for (threads, chunk, n) in [(1, 256, 1000), (3, 7, 1000), (4, 1, 50), (2, 5, 0)] {
            let out = Buffer::default();
            let command = Squares { fail_every: None };
            let ending = run_to(
                &command,
                Counter::range(0, Some(n)),
                &options(threads, chunk),
                Box::new(out.clone()),
            )
            .unwrap();
            assert_eq!(ending, Ending::Done(Verdict::Success));
            let text = String::from_utf8(lock(&out.0).clone()).unwrap();
            let expected: String = (0..n).map(|i| format!("{i} {}\n", i * i)).collect();
            assert_eq!(text, expected, "{threads} threads, chunks of {chunk}");
        }
    }

    #[test]
    fn the_worst_verdict_of_the_records_ends_the_run() {
        let out = Buffer::default();
        let command = Squares {
            fail_every: Some(97),
        };
        let ending = run_to(
            &command,
            Counter::range(0, Some(300)),
            &options(2, 16),
            Box::new(out),
        )
        .unwrap();
        assert_eq!(ending, Ending::Done(Verdict::Failure));
    }

    /// [`Squares`] as the parts of a document with a head and a foot.
    struct Document(Squares);

    impl Command for Document {
        type Job = u64;
        type Worker = u64;

        fn run(&self, w: &mut u64, i: &u64, record: &mut Record<'_>, tally: &mut Sum) -> Verdict {
            self.0.run(w, i, record, tally)
        }
    }

    impl Frame for Document {
        type Tally = Sum;

        fn summary(&self, tally: &Sum, elapsed: Duration) -> String {
            self.0.summary(tally, elapsed)
        }

        fn prologue(&self) -> Vec<u8> {
            b"<doc>\n".to_vec()
        }

        fn epilogue(&self) -> Vec<u8> {
            b"</doc>\n".to_vec()
        }
    }

    #[test]
    fn the_prologue_and_epilogue_enclose_the_records_even_with_none() {
        for (threads, n) in [(1, 5), (3, 200), (2, 0)] {
            let out = Buffer::default();
            let command = Document(Squares {
                fail_every: Some(7),
            });
            let ending = run_to(
                &command,
                Counter::range(0, Some(n)),
                &options(threads, 4),
                Box::new(out.clone()),
            )
            .unwrap();
            let text = String::from_utf8(lock(&out.0).clone()).unwrap();
            let records: String = (0..n).map(|i| format!("{i} {}\n", i * i)).collect();
            assert_eq!(text, format!("<doc>\n{records}</doc>\n"));
            // The head's bytes do not shift which records count as written.
            let worst = if n >= 7 {
                Verdict::Failure
            } else {
                Verdict::Success
            };
            assert_eq!(ending, Ending::Done(worst));
        }
    }
}
