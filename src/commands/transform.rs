//! `sudoku transform`: an equivalent of each puzzle, by the transformations named on the
//! command line or at random ([`sudoku::canon::Transform`]).

use std::io::Write as _;
use std::time::Duration;

use anyhow::Result;
use sudoku::board::CELLS;
use sudoku::canon::Transform;
use sudoku::format::write_json_string;

use crate::batch::{self, Ending, Puzzle, Puzzles, Record, Verdict};
use crate::cli::{TransformArgs, TransformFormat};

/// Runs `sudoku transform`.
pub fn run(args: TransformArgs) -> Result<Ending> {
    let b = args.batch;
    let how = if args.random || args.seed.is_some() {
        How::Random(args.seed.unwrap_or_else(random_seed))
    } else {
        // In the documented order: --apply, --transpose, --bands, --rows, --stacks, --cols,
        // --relabel.
        let id = Transform::IDENTITY;
        let steps = [
            args.apply,
            args.transpose.then_some(Transform {
                transpose: true,
                ..id
            }),
            args.bands.map(|rows| Transform { rows, ..id }),
            args.rows.map(|rows| Transform { rows, ..id }),
            args.stacks.map(|cols| Transform { cols, ..id }),
            args.cols.map(|cols| Transform { cols, ..id }),
            args.relabel.map(|digits| Transform { digits, ..id }),
        ];
        How::Fixed(steps.iter().flatten().fold(id, |all, t| all.then(t)))
    };
    let command = TransformCommand {
        how,
        json: args.format == TransformFormat::Json,
    };
    let options = super::options(&b);
    batch::run(&command, Puzzles::new(args.input.files, b.quiet), &options)
}

/// A seed for `--random` without `--seed`: the clock and the process id.
fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}

enum How {
    /// The same transformation for every puzzle.
    Fixed(Transform),
    /// A random one for each puzzle, from this seed.
    Random(u64),
}

struct TransformCommand {
    how: How,
    json: bool,
}

/// The random stream of a puzzle: its input's name and its line (FNV-1a over both), so the
/// same seed and input give the same transformations whatever the threads.
fn stream(name: &str, ordinal: usize, line: u64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    // The input's place counts from the second input on, so that puzzles given as arguments
    // (all named `<argument>`, on line 1) each get their own move.
    let place = (ordinal > 0).then(|| (ordinal as u64).to_le_bytes());
    for b in name
        .bytes()
        .chain(line.to_le_bytes())
        .chain(place.into_iter().flatten())
    {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

batch::counts! {
    /// Counts for `--stats`.
    struct TransformTally {
        read,
        invalid,
    }
}

impl batch::SimpleCommand for TransformCommand {
    type Job = Puzzle;

    fn run(&self, job: &Puzzle, record: &mut Record<'_>, tally: &mut TransformTally) -> Verdict {
        tally.read += 1;
        let Some(board) = super::board_as_read(job, record, Some((b"", self.json))) else {
            tally.invalid += 1;
            return Verdict::Invalid;
        };
        let transform = match self.how {
            How::Fixed(t) => t,
            How::Random(seed) => Transform::random(
                seed,
                stream(&job.input.name, job.input.ordinal, job.entry.line),
            ),
        };
        let moved = transform.apply(board.cells());
        let line = moved.map(|v| if v == 0 { b'.' } else { b'0' + v });
        let out = record.out();
        if self.json {
            let mut given = [0u8; CELLS];
            board.write_line(b'.', &mut given);
            out.extend_from_slice(b"{\"file\":");
            write_json_string(out, &job.input.json_name);
            let _ = write!(out, ",\"line\":{},\"puzzle\":\"", job.entry.line);
            out.extend_from_slice(&given);
            out.extend_from_slice(b"\",\"transformed\":\"");
            out.extend_from_slice(&line);
            let _ = writeln!(out, "\",\"transform\":\"{transform}\"}}");
        } else {
            out.extend_from_slice(&line);
            out.push(b'\n');
        }
        Verdict::Success
    }
}

impl batch::Frame for TransformCommand {
    type Tally = TransformTally;

    fn summary(&self, t: &TransformTally, elapsed: Duration) -> String {
        let secs = elapsed.as_secs_f64();
        let mut s = format!("puzzles: {} read, {} invalid\n", t.read, t.invalid);
        if let How::Random(seed) = self.how {
            s.push_str(&format!("seed: {seed}\n"));
        }
        s.push_str(&format!("time: {secs:.3} s\n"));
        s
    }
}
