//! `sudoku canon`: the minlex form of each puzzle ([`sudoku::canon`]); with `--dedup`, the
//! first puzzle of each class only; with `--count-classes`, how many classes there are.
//!
//! Deduplication keeps input order and is the same on every run: it runs on one thread (the
//! form takes a few microseconds, about what reading and writing the line costs), with the set
//! of classes seen in the worker. A class is kept as its whole form packed two cells to a byte
//! (41 bytes), so two puzzles are the same only when their forms are equal, never by a hash
//! alone.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::Result;
use sudoku::board::{Board, CELLS};
use sudoku::canon::{Canonical, Canonicalizer};
use sudoku::format::write_json_string;
use sudoku::input::ErrorKind;

use crate::batch::{self, Ending, Options, Puzzle, Puzzles, Record, Verdict};
use crate::cli::{CanonArgs, CanonFormat};

/// Runs `sudoku canon`.
pub fn run(args: CanonArgs) -> Result<Ending> {
    let b = args.batch;
    let dedup = args.dedup || args.count_classes;
    let command = Canon {
        json: args.format == CanonFormat::Json,
        dedup,
        canonical: args.canonical,
        quiet_records: args.count_classes,
        totals: Totals::default(),
    };
    let options = Options {
        // Deduplication is decided in input order, by the one worker.
        threads: if dedup { 1 } else { super::threads(b.threads) },
        chunk: batch::CHUNK,
        progress: !b.quiet,
        counter: None,
        stats: b.stats,
    };
    let ending = batch::run(&command, Puzzles::new(args.input.files, b.quiet), &options)?;
    if args.count_classes {
        let t = &command.totals;
        let (puzzles, classes) = (
            t.puzzles.load(Ordering::Relaxed),
            t.classes.load(Ordering::Relaxed),
        );
        let plural =
            |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let line = format!(
            "{}, {}, {}\n",
            plural(puzzles, "puzzle", "puzzles"),
            plural(classes, "class", "classes"),
            plural(puzzles - classes, "duplicate", "duplicates")
        );
        crate::commands::man::write_stdout(line.as_bytes())?;
    }
    Ok(ending)
}

/// Counts for `--count-classes`, kept outside the batch's tallies so they can be printed on
/// stdout after the run.
#[derive(Default)]
struct Totals {
    puzzles: AtomicU64,
    classes: AtomicU64,
}

struct Canon {
    json: bool,
    dedup: bool,
    canonical: bool,
    /// `--count-classes`: no record per puzzle.
    quiet_records: bool,
    totals: Totals,
}

/// A worker's buffers, and with `--dedup` the classes seen.
#[derive(Default)]
struct Worker {
    canon: Canonicalizer,
    seen: HashSet<[u8; 41]>,
}

/// Counts for `--stats`.
#[derive(Debug, Default, Clone, Copy)]
struct CanonTally {
    read: u64,
    invalid: u64,
    classes: u64,
    duplicates: u64,
}

impl batch::Tally for CanonTally {
    fn add(&mut self, o: &CanonTally) {
        self.read += o.read;
        self.invalid += o.invalid;
        self.classes += o.classes;
        self.duplicates += o.duplicates;
    }
}

/// The form packed two cells to a byte: a key that keeps all of it.
fn packed(cells: &[u8; CELLS]) -> [u8; 41] {
    let mut key = [0u8; 41];
    for (i, pair) in cells.chunks(2).enumerate() {
        key[i] = pair[0] << 4 | pair.get(1).copied().unwrap_or(0);
    }
    key
}

impl batch::Command for Canon {
    type Job = Puzzle;
    type Worker = Worker;
    type Tally = CanonTally;

    fn worker(&self) -> Worker {
        Worker::default()
    }

    fn run(
        &self,
        worker: &mut Worker,
        job: &Puzzle,
        record: &mut Record<'_>,
        tally: &mut CanonTally,
    ) -> Verdict {
        tally.read += 1;
        let board: &Board = match &job.entry.result {
            Ok(board) => board,
            // Givens that break the rules still have a form: canonicalise them as read.
            Err(e) if matches!(e.kind, ErrorKind::Rule(_)) && e.board.is_some() => {
                e.board.as_deref().expect("checked")
            }
            Err(e) => {
                tally.invalid += 1;
                record.report(super::error_report(&job.input.name, e));
                if !self.quiet_records {
                    let out = record.out();
                    if self.json {
                        out.extend_from_slice(b"{\"file\":");
                        write_json_string(out, &job.input.json_name);
                        let _ = write!(
                            out,
                            ",\"line\":{},\"status\":\"invalid\",\"error\":",
                            job.entry.line
                        );
                        write_json_string(out, &e.to_string());
                        out.extend_from_slice(b"}\n");
                    } else {
                        out.extend_from_slice(b"invalid\n");
                    }
                }
                return Verdict::Invalid;
            }
        };
        let form = worker.canon.minlex(board.cells());
        if self.dedup {
            self.totals.puzzles.fetch_add(1, Ordering::Relaxed);
            if !worker.seen.insert(packed(&form.cells)) {
                tally.duplicates += 1;
                return Verdict::Success;
            }
            tally.classes += 1;
            self.totals.classes.fetch_add(1, Ordering::Relaxed);
            if self.quiet_records {
                return Verdict::Success;
            }
        }
        let out = record.out();
        if self.json {
            write_json(out, job, board, &form);
        } else {
            let line = if self.dedup && !self.canonical {
                let mut line = [0u8; CELLS];
                board.write_line(b'.', &mut line);
                line
            } else {
                form.line(b'.')
            };
            out.extend_from_slice(&line);
            out.push(b'\n');
        }
        Verdict::Success
    }

    fn summary(&self, t: &CanonTally, elapsed: Duration) -> String {
        let secs = elapsed.as_secs_f64();
        let rate = if secs > 0.0 {
            t.read as f64 / secs
        } else {
            0.0
        };
        let mut s = format!("puzzles: {} read, {} invalid", t.read, t.invalid);
        if self.dedup {
            let _ = write!(s, ", {} classes, {} duplicates", t.classes, t.duplicates);
        }
        let _ = write!(s, "\ntime: {secs:.3} s, {rate:.0} puzzles/s\n");
        s
    }
}

/// One JSON record: where the puzzle was read, the puzzle, its form, its automorphism count
/// and a transformation taking it to its form.
fn write_json(out: &mut Vec<u8>, job: &Puzzle, board: &Board, form: &Canonical) {
    out.extend_from_slice(b"{\"file\":");
    write_json_string(out, &job.input.json_name);
    let mut line = [0u8; CELLS];
    board.write_line(b'.', &mut line);
    let _ = write!(out, ",\"line\":{},\"puzzle\":\"", job.entry.line);
    out.extend_from_slice(&line);
    out.extend_from_slice(b"\",\"minlex\":\"");
    out.extend_from_slice(&form.line(b'.'));
    let _ = writeln!(
        out,
        "\",\"automorphisms\":{},\"transform\":\"{}\"}}",
        form.automorphisms, form.transform
    );
}
