//! `sudoku canon`: the minlex form of each puzzle ([`sudoku::canon`]); with `--dedup`, the
//! first puzzle of each class only; with `--count-classes`, how many classes there are.
//!
//! Deduplication keeps input order and gives the same output on any number of threads: the
//! workers find the forms in parallel and put each record behind its form; the batch driver
//! writes records in input order, through [`FirstOfClass`], which drops a record whose form it
//! has seen. A class is kept as its whole form packed two cells to a byte (41 bytes), so two
//! puzzles are the same only when their forms are equal, never by a hash alone.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::{self, Write as _};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Result;
use sudoku::board::{Board, CELLS};
use sudoku::canon::{Canonical, Canonicalizer};
use sudoku::format::write_json_string;

use crate::batch::{self, Ending, Puzzle, Puzzles, Record, Verdict};
use crate::cli::{CanonArgs, CanonFormat};

/// Runs `sudoku canon`.
pub fn run(args: CanonArgs) -> Result<Ending> {
    let b = args.batch;
    let dedup = args.dedup || args.count_classes;
    let classes = Arc::new(Mutex::new(Classes::default()));
    let command = Canon {
        json: args.format == CanonFormat::Json,
        dedup,
        canonical: args.canonical,
        quiet_records: args.count_classes,
        classes: classes.clone(),
    };
    let options = super::options(&b);
    let source = Puzzles::new(args.input.files, b.quiet);
    let ending = if dedup {
        let filter = FirstOfClass {
            out: Box::new(io::stdout()),
            line: Vec::new(),
            kept: Vec::new(),
            classes: classes.clone(),
        };
        batch::run_to(&command, source, &options, Box::new(filter))?
    } else {
        batch::run(&command, source, &options)?
    };
    if args.count_classes {
        let (puzzles, classes) = {
            let c = lock(&classes);
            (c.puzzles, c.seen.len() as u64)
        };
        let plural =
            |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let line = format!(
            "{}, {}, {}{}\n",
            plural(puzzles, "puzzle", "puzzles"),
            plural(classes, "class", "classes"),
            plural(puzzles - classes, "duplicate", "duplicates"),
            // Ctrl-C: the counts of the puzzles read so far.
            if ending == Ending::Interrupted {
                " (interrupted)"
            } else {
                ""
            }
        );
        super::man::write_stdout(line.as_bytes())?;
    }
    Ok(ending)
}

fn lock(m: &Mutex<Classes>) -> std::sync::MutexGuard<'_, Classes> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The classes seen by [`FirstOfClass`].
#[derive(Default)]
struct Classes {
    /// Each class's form, packed.
    seen: HashSet<[u8; 41]>,
    /// Puzzles seen (not counting lines that are not puzzles).
    puzzles: u64,
}

/// stdout behind a filter that keeps the first record of each class.
///
/// Each record arrives as one line: the puzzle's form (81 characters), a space and the text to
/// print (none with `--count-classes`), or `-`, a space and a text to print as it is (a line that is not a puzzle). The batch
/// driver writes records in input order, in blocks that may cut a line: the cut part waits in
/// `line`.
struct FirstOfClass {
    out: Box<dyn io::Write + Send>,
    /// The start of a record cut by the end of the last block.
    line: Vec<u8>,
    /// The bytes of the block to write on.
    kept: Vec<u8>,
    classes: Arc<Mutex<Classes>>,
}

impl FirstOfClass {
    /// Keeps or drops one whole record (with its line end).
    fn record(&mut self, classes: &mut Classes, record: &[u8]) {
        if let Some(text) = record.strip_prefix(b"- ") {
            self.kept.extend_from_slice(text);
            return;
        }
        let (Some(form), Some(text)) = (record.get(..CELLS), record.get(CELLS + 1..)) else {
            return;
        };
        let cells: [u8; CELLS] = std::array::from_fn(|i| form[i].wrapping_sub(b'0').min(10) % 10);
        classes.puzzles += 1;
        // With --count-classes a record is its form alone.
        if classes.seen.insert(packed(&cells)) && text != b"\n" {
            self.kept.extend_from_slice(text);
        }
    }
}

impl io::Write for FirstOfClass {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let classes = self.classes.clone();
        let mut classes = lock(&classes);
        let mut rest = buf;
        while let Some(i) = memchr::memchr(b'\n', rest) {
            if self.line.is_empty() {
                self.record(&mut classes, &rest[..=i]);
            } else {
                let mut line = std::mem::take(&mut self.line);
                line.extend_from_slice(&rest[..=i]);
                self.record(&mut classes, &line);
                line.clear();
                self.line = line;
            }
            rest = &rest[i + 1..];
        }
        self.line.extend_from_slice(rest);
        // One write for the whole block: stdout would otherwise write line by line.
        let kept = std::mem::take(&mut self.kept);
        let result = self.out.write_all(&kept);
        self.kept = kept;
        self.kept.clear();
        result.map(|()| buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

struct Canon {
    json: bool,
    dedup: bool,
    canonical: bool,
    /// `--count-classes`: no record per puzzle.
    quiet_records: bool,
    classes: Arc<Mutex<Classes>>,
}

/// A worker's buffers.
#[derive(Default)]
struct Worker {
    canon: Canonicalizer,
}

batch::counts! {
    /// Counts for `--stats`.
    struct CanonTally {
        read,
        invalid,
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

    fn run(
        &self,
        worker: &mut Worker,
        job: &Puzzle,
        record: &mut Record<'_>,
        tally: &mut CanonTally,
    ) -> Verdict {
        tally.read += 1;
        let prefix: &[u8] = if self.dedup { b"- " } else { b"" };
        let invalid = (!self.quiet_records).then_some((prefix, self.json));
        let Some(board) = super::board_as_read(job, record, invalid) else {
            tally.invalid += 1;
            return Verdict::Invalid;
        };
        let form = worker.canon.minlex(board.cells());
        let out = record.out();
        if self.dedup {
            // The form first, for FirstOfClass to keep or drop the record by.
            out.extend_from_slice(&form.line(b'0'));
            out.push(b' ');
            if self.quiet_records {
                out.push(b'\n');
                return Verdict::Success;
            }
        }
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
}

impl batch::Frame for Canon {
    type Tally = CanonTally;

    fn summary(&self, t: &CanonTally, elapsed: Duration) -> String {
        let mut s = format!("puzzles: {} read, {} invalid", t.read, t.invalid);
        if self.dedup {
            let c = lock(&self.classes);
            let classes = c.seen.len() as u64;
            let dups = c.puzzles - classes;
            let _ = write!(
                s,
                ", {classes} {}, {dups} {}",
                if classes == 1 { "class" } else { "classes" },
                if dups == 1 { "duplicate" } else { "duplicates" }
            );
        }
        s.push('\n');
        s.push_str(&batch::time_line(t.read, elapsed));
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
