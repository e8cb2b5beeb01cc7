//! The live display on stderr: how far through the input the records written are, their rate
//! and the time left; or, for a command that counts something inside its jobs (solutions),
//! that count and its rate. Shown only on a terminal, once the run has been busy for a second,
//! and never while it waits for puzzles typed on the terminal.
//!
//! Everything shown is measured on the records *written*, not on the input read: reading runs
//! ahead of the work by a few chunks, so a bar of bytes read would jump ahead at the start and
//! promise too little time left.
//!
//! The display is one line redrawn in place (`\r`, the line, then erase to its end), cut to
//! the terminal's width so that it never wraps. It is drawn here rather than with a progress
//! bar crate: the text is all ours anyway, and the crate we used needed `libm`, whose loading
//! alone was 7% of the start-up of every run, on a terminal or not.

use std::io::{self, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long the run must be busy before the display appears.
const SHOW_AFTER: Duration = Duration::from_secs(1);
/// How often the display is redrawn.
const REDRAW: Duration = Duration::from_millis(100);
/// The width of the bar, in characters.
const BAR_WIDTH: u64 = 20;
/// The spinner's frames, one per redraw, when there is no bar.
const SPINNER: [char; 8] = ['⠁', '⠂', '⠄', '⡀', '⢀', '⠠', '⠐', '⠈'];
/// Moves to the start of the line and erases it.
const CLEAR: &str = "\r\x1b[K";

/// The line on screen: what was drawn last, to draw again after a suspension.
#[derive(Default)]
struct Shown {
    line: String,
    /// Redraws so far, for the spinner.
    frames: usize,
}

impl Shown {
    /// Draws `text` after a bar filled to `position` (of `total`) or, without a position, a
    /// spinner; cut to `width` characters.
    fn draw(&mut self, text: &str, position: Option<(u64, u64)>, width: usize) {
        self.line = render(text, position, width, self.frames);
        self.frames += 1;
        self.redraw();
    }

    fn redraw(&self) {
        let mut err = io::stderr().lock();
        let _ = write!(err, "{CLEAR}{}", self.line);
        let _ = err.flush();
    }

    fn clear() {
        let mut err = io::stderr().lock();
        let _ = err.write_all(CLEAR.as_bytes());
        let _ = err.flush();
    }
}

/// The display's line: a bar filled to `position` (of `total`) or, without a position, the
/// spinner's frame `frame`; then `text`; cut to fit in `width` columns.
fn render(text: &str, position: Option<(u64, u64)>, width: usize, frame: usize) -> String {
    let mut line = String::new();
    match position {
        Some((position, total)) => {
            // An empty source is all done.
            let full = (position.min(total).saturating_mul(BAR_WIDTH))
                .checked_div(total)
                .unwrap_or(BAR_WIDTH);
            line.extend((0..BAR_WIDTH).map(|i| if i < full { '█' } else { '░' }));
        }
        None => line.push(SPINNER[frame % SPINNER.len()]),
    }
    line.push(' ');
    line.push_str(text);
    // One column short of the width: a line that fills it wraps on some terminals.
    line.chars().take(width.saturating_sub(1)).collect()
}

/// The terminal's width in columns (stderr's), 80 when it cannot be told.
fn terminal_width() -> usize {
    terminal_size::terminal_size_of(io::stderr()).map_or(80, |(w, _)| usize::from(w.0))
}

/// Counters shared by the workers and the display thread.
#[derive(Default)]
pub struct Progress {
    /// Records written.
    records: AtomicU64,
    /// What the command counts inside its jobs (e.g. solutions), see [`Progress::add_found`].
    found: AtomicU64,
    /// How far through the source the records written reach: bytes of input, or jobs.
    position: AtomicU64,
    /// Set while the reader waits for input typed on a terminal.
    waiting: AtomicBool,
    finished: AtomicBool,
    /// The line on screen, if any. Held while anything else writes to the terminal.
    shown: Mutex<Option<Shown>>,
}

/// What the display shows besides the counts.
#[derive(Debug, Clone, Copy)]
pub(super) struct Display<'a> {
    /// The size of the source, in the units of the position, when known.
    pub total: Option<u64>,
    /// What the command's live count counts (e.g. `solution`), if it keeps one.
    pub counter: Option<&'a str>,
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

    /// Counts `records` more written, reaching `position` in the source.
    pub(super) fn wrote(&self, records: u64, position: u64) {
        self.records.fetch_add(records, Ordering::Relaxed);
        self.position.store(position, Ordering::Relaxed);
    }

    /// Says whether the reader is waiting for input typed on a terminal.
    pub fn set_waiting(&self, waiting: bool) {
        self.waiting.store(waiting, Ordering::Relaxed);
    }

    pub(super) fn finish(&self) {
        self.finished.store(true, Ordering::Relaxed);
    }

    /// Runs `f` (which writes to stderr) with the progress display out of the way: the line
    /// is erased, and drawn again after `f`.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        let shown = self.shown.lock().unwrap_or_else(|e| e.into_inner());
        let Some(line) = shown.as_ref() else {
            drop(shown);
            return f();
        };
        Shown::clear();
        let result = f();
        line.redraw();
        result
    }

    fn hide(&self) {
        if self
            .shown
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
            .is_some()
        {
            Shown::clear();
        }
    }

    /// Shows the display on stderr once the run has been busy for a second, and updates it
    /// until the run is finished.
    pub(super) fn run_display(&self, display: Display<'_>) {
        let start = Instant::now();
        // Time spent waiting for typed input, which is not the program's.
        let mut waited = Duration::ZERO;
        let mut waiting_since: Option<Instant> = None;
        let mut busy_since = Some(start);
        let mut drawn: Option<Instant> = None;
        while !self.finished.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(50));
            if self.waiting.load(Ordering::Relaxed) {
                waiting_since.get_or_insert_with(Instant::now);
                busy_since = None;
                self.hide();
                continue;
            }
            if let Some(since) = waiting_since.take() {
                waited += since.elapsed();
            }
            if busy_since.get_or_insert_with(Instant::now).elapsed() < SHOW_AFTER {
                continue;
            }
            if drawn.is_some_and(|at| at.elapsed() < REDRAW) {
                continue;
            }
            drawn = Some(Instant::now());
            let elapsed = start.elapsed().saturating_sub(waited);
            let (line, position) = self.line(display, elapsed);
            let bar = position.zip(display.total.filter(|_| display.counter.is_none()));
            let width = terminal_width();
            let mut shown = self.shown.lock().unwrap_or_else(|e| e.into_inner());
            shown
                .get_or_insert_with(Shown::default)
                .draw(&line, bar, width);
        }
        self.hide();
    }

    /// The display's text, and the bar's position when it has a bar.
    fn line(&self, display: Display<'_>, elapsed: Duration) -> (String, Option<u64>) {
        let records = self.records.load(Ordering::Relaxed);
        let position = self.position.load(Ordering::Relaxed);
        let secs = elapsed.as_secs_f64().max(1e-3);
        let took = format!("{} elapsed", human(elapsed.as_secs_f64(), false));
        if let Some(counter) = display.counter {
            let found = self.found.load(Ordering::Relaxed);
            let mut line = format!(
                "{} so far, {}/s",
                counted(found, counter),
                thousands(found as f64 / secs)
            );
            if records > 0 {
                line.push_str(&format!(", {} done", counted(records, "puzzle")));
            }
            if let Some(total) = display.total.filter(|_| position > 0) {
                line.push_str(&format!(", {}% of the input", percent(position, total)));
            }
            line.push_str(&format!(", {took}"));
            return (line, None);
        }
        let done = format!(
            "{}, {}/s, {took}",
            counted(records, "puzzle"),
            thousands(records as f64 / secs)
        );
        match display.total {
            Some(total) => {
                let left = if position == 0 {
                    "time left unknown yet".to_string()
                } else {
                    // The rate so far, applied to what is left.
                    let rest = total.saturating_sub(position) as f64;
                    format!("{} left", human(secs * rest / position as f64, true))
                };
                let line = format!("{:>3}% {done}, {left}", percent(position, total));
                (line, Some(position))
            }
            None => (done, None),
        }
    }
}

/// `1 puzzle`, `2 puzzles`, `12,345 solutions`.
fn counted(n: u64, noun: &str) -> String {
    let s = if n == 1 { "" } else { "s" };
    format!("{} {noun}{s}", thousands(n as f64))
}

/// `position` of `total`, in whole percent, never 100 before the end.
fn percent(position: u64, total: u64) -> u64 {
    if total == 0 || position >= total {
        return 100;
    }
    (position as f64 * 100.0 / total as f64).min(99.0) as u64
}

/// A number rounded to a whole, with thousands separated: `12,345`.
fn thousands(x: f64) -> String {
    let digits = format!("{:.0}", x.max(0.0));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Seconds for people: `4s`, `2m 05s`, `1h 02m`; rounded up when `up` (time left), else down.
fn human(secs: f64, up: bool) -> String {
    let s = if up { secs.ceil() } else { secs.floor() } as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m {:02}s", s / 60, s % 60),
        _ => format!("{}h {:02}m", s / 3600, s / 60 % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_durations_for_people() {
        assert_eq!(thousands(0.0), "0");
        assert_eq!(thousands(999.4), "999");
        assert_eq!(thousands(1234.0), "1,234");
        assert_eq!(thousands(1234567.0), "1,234,567");
        assert_eq!(counted(1, "puzzle"), "1 puzzle");
        assert_eq!(counted(0, "puzzle"), "0 puzzles");
        assert_eq!(counted(2000, "solution"), "2,000 solutions");
        assert_eq!(human(0.4, true), "1s");
        assert_eq!(human(0.4, false), "0s");
        assert_eq!(human(125.0, false), "2m 05s");
        assert_eq!(human(3720.0, false), "1h 02m");
        assert_eq!(percent(0, 10), 0);
        assert_eq!(percent(999, 1000), 99);
        assert_eq!(percent(1000, 1000), 100);
    }

    #[test]
    fn the_line_has_a_bar_or_a_spinner_and_never_wraps() {
        let half = render("50%", Some((500, 1000)), 80, 0);
        assert_eq!(half, format!("{}{} 50%", "█".repeat(10), "░".repeat(10)));
        assert_eq!(
            render("", Some((0, 0)), 80, 0),
            format!("{} ", "█".repeat(20))
        );
        assert_eq!(
            render("", Some((7, 5)), 80, 0),
            format!("{} ", "█".repeat(20))
        );
        assert_eq!(render("x", None, 80, 1), "⠂ x");
        assert_eq!(render("x", None, 80, 9), "⠂ x");
        let long = "y".repeat(200);
        assert_eq!(render(&long, None, 40, 0).chars().count(), 39);
        assert_eq!(render(&long, Some((1, 2)), 40, 0).chars().count(), 39);
    }

    #[test]
    fn the_time_left_follows_the_rate_of_the_records_written() {
        let progress = Progress::default();
        let display = Display {
            total: Some(1000),
            counter: None,
        };
        progress.wrote(25, 250);
        let (line, position) = progress.line(display, Duration::from_secs(2));
        assert_eq!(position, Some(250));
        assert_eq!(line, " 25% 25 puzzles, 12/s, 2s elapsed, 6s left");
        let counting = Display {
            total: Some(1000),
            counter: Some("solution"),
        };
        let progress = Progress::default();
        progress.add_found(3000);
        let (line, position) = progress.line(counting, Duration::from_secs(3));
        assert_eq!(position, None);
        assert_eq!(line, "3,000 solutions so far, 1,000/s, 3s elapsed");
        progress.wrote(1, 500);
        let (line, _) = progress.line(counting, Duration::from_secs(3));
        assert_eq!(
            line,
            "3,000 solutions so far, 1,000/s, 1 puzzle done, 50% of the input, 3s elapsed"
        );
    }
}
