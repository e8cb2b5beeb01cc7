//! The live display on stderr: a progress bar (or a spinner when the input size is unknown)
//! and, for commands that count something inside a job, that count. Shown only on a terminal,
//! and only once a run has taken a second.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Counters shared by the workers and the display thread.
#[derive(Default)]
pub struct Progress {
    /// Records done.
    records: AtomicU64,
    /// What the command counts inside its jobs (e.g. solutions), see [`Progress::add_found`].
    found: AtomicU64,
    /// How far through the source: bytes of input, or jobs.
    position: AtomicU64,
    finished: AtomicBool,
    bar: Mutex<Option<ProgressBar>>,
}

impl Progress {
    /// Adds `n` to the command's own live count (e.g. solutions found so far).
    #[inline]
    pub fn add_found(&self, n: u64) {
        self.found.fetch_add(n, Ordering::Relaxed);
    }

    /// The command's live count so far.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn found(&self) -> u64 {
        self.found.load(Ordering::Relaxed)
    }

    pub(super) fn add_records(&self, n: u64) {
        self.records.fetch_add(n, Ordering::Relaxed);
    }

    pub(super) fn set_position(&self, position: u64) {
        self.position.store(position, Ordering::Relaxed);
    }

    pub(super) fn finish(&self) {
        self.finished.store(true, Ordering::Relaxed);
    }

    /// Runs `f` (which writes to stderr) with the progress display out of the way.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        let bar = self.bar.lock().unwrap_or_else(|e| e.into_inner()).clone();
        match bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Shows a progress display on stderr once the run has taken a second, and updates it
    /// until the run is finished. `total` is the size of the source (in the units of the
    /// position), when known; `counter` names the command's live count, if it keeps one.
    pub(super) fn run_display(&self, total: Option<u64>, counter: Option<&str>) {
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
            let records = self.records.load(Ordering::Relaxed);
            let secs = start.elapsed().as_secs_f64();
            let msg = match counter {
                Some(counter) => {
                    let n = self.found.load(Ordering::Relaxed);
                    format!(
                        "{n} {counter} ({:.0}/s), {records} puzzles done",
                        n as f64 / secs
                    )
                }
                None => format!("{records} puzzles, {:.0}/s", records as f64 / secs),
            };
            bar.set_message(msg);
            bar.set_position(self.position.load(Ordering::Relaxed));
            if total.is_none() {
                bar.tick();
            }
        }
        if let Some(bar) = self.bar.lock().unwrap_or_else(|e| e.into_inner()).take() {
            bar.finish_and_clear();
        }
    }
}
