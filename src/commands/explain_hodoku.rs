//! `sudoku explain --scale hodoku` and `--format hodoku`: HoDoKu's solving path, its steps,
//! scores and level (see [`sudoku::logic::hodoku`]).
//!
//! A part of `explain` kept in its own file: its records are HoDoKu's, not the ladder's.
//! `--format hodoku` prints them as HoDoKu's batch mode (`/bs FILE /vp`) does, a header
//! `PUZZLE #N Level (SCORE)` (` bf` when it needs brute force; N is the puzzle's line) and
//! one indented line a step, so scripts written for HoDoKu's output read ours.

use std::fmt::Write as _;
use std::time::Duration;

use sudoku::format::write_json_string;
use sudoku::logic::hodoku;

use crate::batch::{self, Puzzle, Record, Verdict, interrupt};

/// How to print the path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// Numbered steps with their scores, then the level and score.
    Text,
    /// One JSON record per puzzle.
    Json,
    /// HoDoKu's `/vp` text.
    Hodoku,
}

/// The command.
pub struct Explain {
    /// How to print.
    pub form: Form,
    /// `--timeout`.
    pub timeout: Option<Duration>,
}

batch::counts! {
    /// Counts for `--stats`.
    pub struct Tally {
        read,
        rated,
        guessed,
        failed,
        invalid,
        steps,
    }
}

enum Outcome {
    Path(hodoku::Rating),
    /// none, multiple, unknown.
    Word(&'static str),
    Invalid(String),
}

impl batch::SimpleCommand for Explain {
    type Job = Puzzle;

    fn run(&self, job: &Puzzle, record: &mut Record<'_>, tally: &mut Tally) -> Verdict {
        let stop = interrupt::stop_after(self.timeout);
        let entry = &job.entry;
        tally.read += 1;
        let outcome = match super::nine_only_or_report(
            job,
            record,
            "explain --scale hodoku",
            "plain 'explain' (without --scale hodoku) takes it",
        ) {
            Err(err) => Outcome::Invalid(err.to_string()),
            Ok(board) => {
                // HoDoKu reads givens only: pencil marks of a position are not its input.
                let analysis = sudoku::solver::analyse(board, Some(2), Some(&stop));
                match (analysis.count, analysis.complete, &analysis.first) {
                    (1, true, Some(solution)) => {
                        Outcome::Path(hodoku::rate(board, solution, Some(&stop)))
                    }
                    (0, true, _) => Outcome::Word("none"),
                    (n, _, _) if n > 1 => Outcome::Word("multiple"),
                    _ => Outcome::Word("unknown"),
                }
            }
        };
        let verdict = match &outcome {
            Outcome::Path(r) => {
                tally.steps += r.steps.len() as u64;
                if r.complete {
                    tally.rated += 1;
                    tally.guessed += u64::from(r.guess);
                    Verdict::Success
                } else {
                    tally.failed += 1;
                    Verdict::Failure
                }
            }
            Outcome::Word(_) => {
                tally.failed += 1;
                Verdict::Failure
            }
            Outcome::Invalid(_) => {
                tally.invalid += 1;
                Verdict::Invalid
            }
        };
        let puzzle = entry
            .result
            .as_ref()
            .map_or("-".to_string(), |b| b.to_line());
        let out = record.out();
        match self.form {
            Form::Hodoku => write_hodoku(out, &puzzle, entry.line, &outcome),
            Form::Text => write_text(out, &puzzle, &outcome),
            Form::Json => write_json(out, job, &outcome),
        }
        verdict
    }
}

impl batch::Frame for Explain {
    type Tally = Tally;

    fn summary(&self, t: &Tally, elapsed: Duration) -> String {
        format!(
            "puzzles: {} read, {} rated ({} with brute force), {} not rated, {} invalid\n\
             steps: {}\n{}",
            t.read,
            t.rated,
            t.guessed,
            t.failed,
            t.invalid,
            t.steps,
            batch::time_line(t.read, elapsed)
        )
    }
}

/// Why a path is not whole: stopped by `--timeout` or Ctrl-C.
fn cut_word() -> &'static str {
    if interrupt::interrupted() {
        "interrupted"
    } else {
        "timeout"
    }
}

fn write_hodoku(out: &mut Vec<u8>, puzzle: &str, line: u64, o: &Outcome) {
    let mut s = String::new();
    match o {
        Outcome::Path(r) => {
            let _ = write!(s, "{puzzle} #{line} {} ({})", r.level.title(), r.score);
            if r.guess {
                s.push_str(" bf");
            }
            if !r.complete {
                let _ = write!(s, " unknown ({})", cut_word());
            }
            s.push('\n');
            for step in &r.steps {
                let _ = writeln!(s, "   {}", step.hodoku_text());
            }
        }
        Outcome::Word(w) => {
            let _ = writeln!(s, "{puzzle} #{line} {w}");
        }
        Outcome::Invalid(_) => {
            let _ = writeln!(s, "{puzzle} #{line} invalid");
        }
    }
    out.extend_from_slice(s.as_bytes());
}

fn write_text(out: &mut Vec<u8>, puzzle: &str, o: &Outcome) {
    let mut s = String::new();
    let _ = writeln!(s, "{puzzle}");
    match o {
        Outcome::Path(r) => {
            for (i, step) in r.steps.iter().enumerate() {
                let _ = writeln!(s, "{:4}. {} ({})", i + 1, step.hodoku_text(), step.score);
            }
            let _ = write!(
                s,
                "{}: {} {}, {} steps",
                if r.complete { "rated" } else { "unknown" },
                r.level,
                r.score,
                r.steps.len()
            );
            if r.guess {
                s.push_str(", with brute force");
            }
            if !r.complete {
                let _ = write!(s, " ({})", cut_word());
            }
            s.push('\n');
        }
        Outcome::Word(w) => {
            let _ = writeln!(s, "{w}");
        }
        Outcome::Invalid(why) => {
            let _ = writeln!(s, "invalid: {why}");
        }
    }
    s.push('\n');
    out.extend_from_slice(s.as_bytes());
}

fn write_json(out: &mut Vec<u8>, job: &Puzzle, o: &Outcome) {
    out.extend_from_slice(b"{\"file\":");
    write_json_string(out, &job.input.json_name);
    out.extend_from_slice(format!(",\"line\":{}", job.entry.line).as_bytes());
    if let Ok(board) = &job.entry.result {
        out.extend_from_slice(b",\"puzzle\":");
        write_json_string(out, &board.to_line());
    }
    out.extend_from_slice(b",\"status\":");
    match o {
        Outcome::Path(r) => {
            write_json_string(out, if r.complete { "rated" } else { "unknown" });
            let mut s = format!(",\"level\":\"{}\",\"score\":{}", r.level, r.score);
            if r.guess {
                s.push_str(",\"guess\":true");
            }
            s.push_str(",\"steps\":[");
            out.extend_from_slice(s.as_bytes());
            for (i, step) in r.steps.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(b"{\"technique\":");
                write_json_string(out, step.kind.hodoku_name(&step.step));
                out.extend_from_slice(b",\"text\":");
                write_json_string(out, &step.hodoku_text());
                out.extend_from_slice(format!(",\"score\":{}}}", step.score).as_bytes());
            }
            out.push(b']');
        }
        Outcome::Word(w) => write_json_string(out, w),
        Outcome::Invalid(why) => {
            write_json_string(out, "invalid");
            out.extend_from_slice(b",\"error\":");
            write_json_string(out, why);
        }
    }
    out.extend_from_slice(b"}\n");
}
