//! `sudoku rate`: the Sudoku Explainer rating (ER/EP/ED) of each puzzle.
//!
//! A puzzle with no solution or several gets a word instead of a rating (SE would print 0.0
//! or 20.0). A rating cut short by `--timeout` or needing a rule we do not reproduce prints
//! its figures as lower bounds (`>=`), never as a final number.

use std::fmt::Write as _;
use std::time::Duration;

use anyhow::Result;
use sudoku::format::write_json_string;
use sudoku::logic::hodoku;
use sudoku::rating::{self, Rating, RatingEnd};

use crate::batch::{self, Ending, Puzzle, Puzzles, Record, Verdict, interrupt};
use crate::cli::{RateArgs, RateFormat, Scale};

/// Runs `sudoku rate`.
pub fn run(args: RateArgs) -> Result<Ending> {
    let b = args.batch;
    super::refuse_zero_timeout(b.timeout)?;
    let command = Rate {
        json: args.format == RateFormat::Json,
        timeout: b.timeout,
        scale: args.scale,
    };
    let options = super::options(&b);
    batch::run(&command, Puzzles::new(args.input.files, b.quiet), &options)
}

struct Rate {
    json: bool,
    timeout: Option<Duration>,
    scale: Scale,
}

batch::counts! {
    /// Counts for `--stats`.
    pub struct RateTally {
        read,
        rated,
        partial,
        none,
        multiple,
        invalid,
        steps,
    }
}

/// How one puzzle ended.
enum Outcome {
    /// SE's rating, HoDoKu's, or both (per `--scale`).
    Rated(Option<Rating>, Option<hodoku::Summary>),
    None,
    Multiple,
    /// Stopped before its solutions were counted.
    Unknown,
    /// Not a puzzle (with the column of the error, when it has one), or pencil marks that
    /// rule out the solution.
    Invalid(String, Option<u64>),
}

impl batch::SimpleCommand for Rate {
    type Job = Puzzle;

    fn run(&self, job: &Puzzle, record: &mut Record<'_>, tally: &mut RateTally) -> Verdict {
        let stop = interrupt::stop_after(self.timeout);
        let entry = &job.entry;
        tally.read += 1;
        let outcome = match super::nine_only_or_report(
            job,
            record,
            "rate",
            "'explain' solves it step by step",
        ) {
            Err(err) => Outcome::Invalid(err.to_string(), Some(err.column)),
            Ok(board) => {
                let marks = entry.marks.as_deref();
                let analysis = super::analyse_entry(board, marks, &stop);
                match analysis.count {
                    0 if analysis.complete => match super::position_error(board, marks, &stop) {
                        Some(why) => {
                            record.report(format!("{}:{}: {why}\n", job.input.name, entry.line));
                            Outcome::Invalid(why, None)
                        }
                        None => Outcome::None,
                    },
                    0 => Outcome::Unknown,
                    1 if analysis.complete => {
                        let se = (self.scale != Scale::Hodoku)
                            .then(|| rating::rate_position_with(board, marks, &stop));
                        let hodoku = match (self.scale, &analysis.first) {
                            (Scale::Se, _) | (_, None) => None,
                            (_, Some(solution)) => {
                                Some(hodoku::summary(board, solution, Some(&stop)))
                            }
                        };
                        Outcome::Rated(se, hodoku)
                    }
                    1 => Outcome::Unknown,
                    _ => Outcome::Multiple,
                }
            }
        };
        let verdict = match &outcome {
            Outcome::Rated(se, ho) => {
                tally.steps += se.as_ref().map_or(0, |r| u64::from(r.steps));
                tally.steps += ho.as_ref().map_or(0, |r| r.steps as u64);
                if complete(se, ho.as_ref()) {
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
            Outcome::Invalid(..) => {
                tally.invalid += 1;
                Verdict::Invalid
            }
        };
        let out = record.out();
        if self.json {
            write_json(out, job, &outcome);
        } else {
            write_line(out, job, &outcome);
        }
        verdict
    }
}

impl batch::Frame for Rate {
    type Tally = RateTally;

    fn summary(&self, t: &RateTally, elapsed: Duration) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "puzzles: {} read, {} rated, {} rated in part, {} no solution, {} multiple, {} invalid",
            t.read, t.rated, t.partial, t.none, t.multiple, t.invalid
        );
        let _ = writeln!(s, "steps: {}", t.steps);
        s.push_str(&batch::time_line(t.read, elapsed));
        s
    }
}

/// Whether every rating asked for ran to the end.
fn complete(se: &Option<Rating>, ho: Option<&hodoku::Summary>) -> bool {
    se.as_ref().is_none_or(|r| r.end == RatingEnd::Complete)
        && ho.as_ref().is_none_or(|r| r.complete)
}

/// The status word of an outcome, in the words every command uses (see the table in docs/guide.md).
fn status(o: &Outcome) -> &'static str {
    match o {
        Outcome::Rated(Some(r), _) if r.end != RatingEnd::Complete => match r.end {
            RatingEnd::Stopped => "unknown",
            _ => "stuck",
        },
        Outcome::Rated(_, Some(h)) if !h.complete => "unknown",
        Outcome::Rated(..) => "rated",
        Outcome::None => "none",
        Outcome::Multiple => "multiple",
        Outcome::Unknown => "unknown",
        Outcome::Invalid(..) => "invalid",
    }
}

/// Why the figures are not final, for the line format: `timeout`, `interrupted`.
fn cut_word() -> &'static str {
    if interrupt::interrupted() {
        "interrupted"
    } else {
        "timeout"
    }
}

/// `PUZZLE ER/EP/ED`, or `PUZZLE WORD` for a puzzle with no rating; a rating cut short is
/// `PUZZLE >=ER/EP/ED unknown (timeout)` or `... stuck`. The puzzle of an invalid line is `-`.
fn write_line(out: &mut Vec<u8>, job: &Puzzle, o: &Outcome) {
    let line = job
        .entry
        .result
        .as_ref()
        .map_or("-".to_string(), |b| b.to_line());
    let text = match o {
        Outcome::Rated(se, Some(h)) => {
            let mut t = match se {
                Some(r) if r.end == RatingEnd::Complete => format!("{r} "),
                Some(r) => format!(">={r} "),
                None => String::new(),
            };
            let _ = write!(t, "{} {}", h.level, h.score);
            if !complete(se, Some(h)) {
                let _ = write!(t, " {}", status(o));
                if status(o) == "unknown" {
                    let _ = write!(t, " ({})", cut_word());
                }
            }
            t
        }
        Outcome::Rated(Some(r), None) if r.end == RatingEnd::Complete => r.to_string(),
        Outcome::Rated(Some(r), None) if r.end == RatingEnd::Stopped => {
            format!(">={r} {} ({})", status(o), cut_word())
        }
        Outcome::Rated(Some(r), None) => format!(">={r} {}", status(o)),
        Outcome::Rated(None, None) => status(o).to_string(),
        Outcome::Unknown => format!("{} ({})", status(o), cut_word()),
        _ => status(o).to_string(),
    };
    out.extend_from_slice(format!("{line} {text}\n").as_bytes());
}

/// One JSON record: `file`, `line` and `puzzle` (when the line is a puzzle) as every command
/// writes them, `status`, then the figures (a level only when they are final) or the error.
fn write_json(out: &mut Vec<u8>, job: &Puzzle, o: &Outcome) {
    out.extend_from_slice(b"{\"file\":");
    write_json_string(out, &job.input.json_name);
    let _ = write!(Sink(out), ",\"line\":{}", job.entry.line);
    if let Ok(board) = &job.entry.result {
        out.extend_from_slice(b",\"puzzle\":");
        write_json_string(out, &board.to_line());
    }
    out.extend_from_slice(b",\"status\":");
    write_json_string(out, status(o));
    match o {
        Outcome::Rated(se, ho) => {
            if let Some(r) = se {
                write_se_json(out, r);
            }
            if let Some(h) = ho {
                let prefix = if se.is_some() { "hodoku_" } else { "" };
                let _ = write!(
                    Sink(out),
                    ",\"{prefix}level\":\"{}\",\"{prefix}score\":{}",
                    h.level,
                    h.score
                );
                if h.guess {
                    out.extend_from_slice(b",\"guess\":true");
                }
                if se.is_none() {
                    let _ = write!(
                        Sink(out),
                        ",\"complete\":{},\"steps\":{}",
                        h.complete,
                        h.steps
                    );
                }
            }
        }
        Outcome::Invalid(why, column) => {
            out.extend_from_slice(b",\"error\":");
            write_json_string(out, why);
            if let Some(column) = column {
                let _ = write!(Sink(out), ",\"column\":{column}");
            }
        }
        _ => {}
    }
    out.extend_from_slice(b"}\n");
}

/// SE's figures of a JSON record.
fn write_se_json(out: &mut Vec<u8>, r: &Rating) {
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
    let _ = write!(Sink(out), ",\"steps\":{}", r.steps);
    if let Some(word) = r.level() {
        out.extend_from_slice(b",\"level\":");
        write_json_string(out, word);
    }
}

/// `fmt::Write` onto a byte buffer.
struct Sink<'a>(&'a mut Vec<u8>);

impl std::fmt::Write for Sink<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}
