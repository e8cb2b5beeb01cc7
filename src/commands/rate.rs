//! `sudoku rate`: the Sudoku Explainer rating (ER/EP/ED) of each puzzle.
//!
//! A puzzle with no solution or several gets a word instead of a rating (SE would print 0.0
//! or 20.0). A rating cut short by `--timeout` or needing a rule we do not reproduce prints
//! its figures as lower bounds (`>=`), never as a final number.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use anyhow::Result;
use sudoku::format::write_json_string;
use sudoku::rating::{self, Rating, RatingEnd};
use sudoku::solver;

use crate::batch::{self, Ending, Options, Puzzle, Puzzles, Record, Verdict, interrupt};
use crate::cli::{RateArgs, RateFormat};

/// Runs `sudoku rate`.
pub fn run(args: RateArgs) -> Result<Ending> {
    let b = args.batch;
    let command = Rate {
        json: args.format == RateFormat::Json,
        timeout: b.timeout,
    };
    let options = Options {
        threads: super::threads(b.threads),
        chunk: batch::CHUNK,
        progress: !b.quiet,
        counter: None,
        stats: b.stats,
    };
    batch::run(&command, Puzzles::new(args.input.files, b.quiet), &options)
}

struct Rate {
    json: bool,
    timeout: Option<Duration>,
}

/// Counts for `--stats`.
#[derive(Debug, Default, Clone, Copy)]
pub struct RateTally {
    read: u64,
    rated: u64,
    partial: u64,
    none: u64,
    multiple: u64,
    invalid: u64,
    steps: u64,
}

impl batch::Tally for RateTally {
    fn add(&mut self, o: &RateTally) {
        self.read += o.read;
        self.rated += o.rated;
        self.partial += o.partial;
        self.none += o.none;
        self.multiple += o.multiple;
        self.invalid += o.invalid;
        self.steps += o.steps;
    }
}

/// How one puzzle ended.
enum Outcome {
    Rated(Rating),
    None,
    Multiple,
    /// Stopped before its solutions were counted.
    Unknown,
    Invalid(String),
}

impl batch::Command for Rate {
    type Job = Puzzle;
    type Worker = ();
    type Tally = RateTally;

    fn worker(&self) {}

    fn run(
        &self,
        _: &mut (),
        job: &Puzzle,
        record: &mut Record<'_>,
        tally: &mut RateTally,
    ) -> Verdict {
        let deadline = self.timeout.and_then(|t| Instant::now().checked_add(t));
        let stop = || interrupt::stopping() || deadline.is_some_and(|d| Instant::now() >= d);
        let entry = &job.entry;
        tally.read += 1;
        let (line, outcome) = match &entry.result {
            Err(err) => {
                record.report(super::error_report(&job.input.name, err));
                (String::new(), Outcome::Invalid(err.to_string()))
            }
            Ok(board) => {
                let line = board.to_line();
                let analysis = solver::analyse(board, Some(2), Some(&stop));
                let outcome = match analysis.count {
                    0 if analysis.complete => Outcome::None,
                    0 => Outcome::Unknown,
                    1 if analysis.complete => Outcome::Rated(rating::rate_with(board, &stop)),
                    1 => Outcome::Unknown,
                    _ => Outcome::Multiple,
                };
                (line, outcome)
            }
        };
        let verdict = match &outcome {
            Outcome::Rated(r) => {
                tally.steps += u64::from(r.steps);
                if r.end == RatingEnd::Complete {
                    tally.rated += 1;
                    Verdict::Success
                } else {
                    tally.partial += 1;
                    Verdict::Failure
                }
            }
            Outcome::None => {
                tally.none += 1;
                Verdict::Failure
            }
            Outcome::Multiple => {
                tally.multiple += 1;
                Verdict::Failure
            }
            Outcome::Unknown => {
                tally.partial += 1;
                Verdict::Failure
            }
            Outcome::Invalid(_) => {
                tally.invalid += 1;
                Verdict::Invalid
            }
        };
        let out = record.out();
        if self.json {
            write_json(out, &line, &outcome);
        } else {
            write_line(out, &line, &outcome);
        }
        verdict
    }

    fn summary(&self, t: &RateTally, elapsed: Duration) -> String {
        let secs = elapsed.as_secs_f64();
        let rate = if secs > 0.0 {
            t.read as f64 / secs
        } else {
            0.0
        };
        let mut s = String::new();
        let _ = writeln!(
            s,
            "puzzles: {} read, {} rated, {} rated in part, {} no solution, {} multiple, {} invalid",
            t.read, t.rated, t.partial, t.none, t.multiple, t.invalid
        );
        let _ = writeln!(s, "steps: {}", t.steps);
        let _ = writeln!(s, "time: {secs:.3} s, {rate:.0} puzzles/s");
        s
    }
}

/// The status word of an outcome.
fn status(o: &Outcome) -> &'static str {
    match o {
        Outcome::Rated(r) => match r.end {
            RatingEnd::Complete => "rated",
            RatingEnd::Stopped => "stopped",
            RatingEnd::Stuck => "stuck",
        },
        Outcome::None => "none",
        Outcome::Multiple => "multiple",
        Outcome::Unknown => "stopped",
        Outcome::Invalid(_) => "invalid",
    }
}

fn write_line(out: &mut Vec<u8>, line: &str, o: &Outcome) {
    let text = match o {
        Outcome::Rated(r) if r.end == RatingEnd::Complete => r.to_string(),
        Outcome::Rated(r) => format!(">={r} {}", status(o)),
        Outcome::None => "no-solution".to_string(),
        Outcome::Multiple => "multiple-solutions".to_string(),
        Outcome::Unknown => "stopped".to_string(),
        Outcome::Invalid(_) => "invalid".to_string(),
    };
    let line = if line.is_empty() { "-" } else { line };
    out.extend_from_slice(format!("{line} {text}\n").as_bytes());
}

fn write_json(out: &mut Vec<u8>, line: &str, o: &Outcome) {
    out.extend_from_slice(b"{\"puzzle\":");
    if line.is_empty() {
        out.extend_from_slice(b"null");
    } else {
        write_json_string(out, line);
    }
    out.extend_from_slice(b",\"status\":");
    write_json_string(out, status(o));
    match o {
        Outcome::Rated(r) => {
            let f = |t: u16| Rating::text(t);
            let _ = write!(
                Sink(out),
                ",\"er\":{},\"ep\":{},\"ed\":{},\"complete\":{},\"hardest\":",
                f(r.er),
                f(r.ep),
                f(r.ed),
                r.end == RatingEnd::Complete
            );
            write_json_string(out, r.hardest);
            let _ = write!(Sink(out), ",\"steps\":{},\"level\":", r.steps);
            write_json_string(out, r.level());
        }
        Outcome::Invalid(why) => {
            out.extend_from_slice(b",\"error\":");
            write_json_string(out, why);
        }
        _ => {}
    }
    out.extend_from_slice(b"}\n");
}

/// `fmt::Write` onto a byte buffer.
struct Sink<'a>(&'a mut Vec<u8>);

impl std::fmt::Write for Sink<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}
