//! Where jobs come from: puzzles read from files and stdin ([`Puzzles`]), or indices counted
//! up ([`Counter`]) for commands that make their records rather than read them.

use std::fs::File;
use std::io::{self, BufReader, IsTerminal, Read, Write};
use std::path::PathBuf;

use sudoku::input::{Entry, ErrorKind, PuzzleReader};

use super::{Progress, interrupt};

/// A source of jobs, read a chunk at a time by one worker at a time.
pub trait Source: Send {
    /// One job.
    type Job: Send;

    /// Appends up to `max` jobs to `chunk` (fewer when more would mean waiting for input, so
    /// that what is here already gets done and shown first). Returns false when the source
    /// is exhausted and `chunk` was left empty.
    ///
    /// A source that may wait for input typed on a terminal says so with
    /// [`Progress::set_waiting`], so that the display keeps out of the way.
    fn fill(&mut self, max: usize, chunk: &mut Chunk<Self::Job>, progress: &Progress) -> bool;

    /// The size of the whole source in the units of [`Chunk::position`], when known.
    fn total(&self) -> Option<u64>;
}

/// A chunk of jobs, with reports about inputs that could not be read, each with the number of
/// jobs that come before it.
pub struct Chunk<J> {
    /// The jobs, in order.
    pub jobs: Vec<J>,
    /// Reports for stderr (`sudoku: FILE: cannot open: ...`), each with its place among the
    /// jobs. Each one makes the run end with [`Verdict::Invalid`](super::Verdict::Invalid).
    pub notes: Vec<(usize, String)>,
    /// How far through the source the chunk ends: bytes of input, or jobs.
    pub position: u64,
}

impl<J> Chunk<J> {
    pub(super) fn with_capacity(n: usize) -> Chunk<J> {
        Chunk {
            jobs: Vec::with_capacity(n),
            notes: Vec::new(),
            position: 0,
        }
    }
}

/// A file to read, stdin, or a puzzle given on the command line.
#[derive(Debug)]
pub struct Input {
    kind: InputKind,
    /// For people: the path, `<stdin>` or `<argument>`.
    pub name: String,
    /// For JSON: the path, `-` or `<argument>`.
    pub json_name: String,
    /// Its place among the inputs named, from 0: tells apart inputs of the same name (every
    /// puzzle given as an argument is `<argument>`).
    pub ordinal: usize,
}

#[derive(Debug)]
enum InputKind {
    File(PathBuf),
    Stdin,
    /// An argument that is not a file but reads as a puzzle.
    Text(String),
    /// An argument that is neither a file nor a puzzle: opening it fails, and the report
    /// says why it is not a puzzle either.
    Missing(PathBuf, String),
}

impl Input {
    /// The input named on the command line: `-` is stdin; an argument that is not an
    /// existing file but reads as one puzzle is that puzzle.
    pub fn new(path: PathBuf) -> Input {
        if path.as_os_str() == "-" {
            return Input {
                kind: InputKind::Stdin,
                name: "<stdin>".into(),
                json_name: "-".into(),
                ordinal: 0,
            };
        }
        let name = path.display().to_string();
        let kind = match std::fs::metadata(&path) {
            // Not a file (not found, or a name too long to be one, as a 729-character
            // position is): maybe a puzzle.
            Err(e) => match path.to_str() {
                Some(text) if looks_like_a_puzzle(text) => match as_puzzle(text) {
                    // Not found: a file name mistyped, or a puzzle; both are said. A name too
                    // long for a file is surely a puzzle: a bad one is reported as any bad
                    // puzzle is, at its column.
                    Err(why) if e.kind() == io::ErrorKind::NotFound => {
                        InputKind::Missing(path, why)
                    }
                    _ => {
                        return Input {
                            kind: InputKind::Text(text.to_owned()),
                            name: "<argument>".into(),
                            json_name: "<argument>".into(),
                            ordinal: 0,
                        };
                    }
                },
                _ => InputKind::File(path),
            },
            _ => InputKind::File(path),
        };
        Input {
            kind,
            json_name: name.clone(),
            name,
            ordinal: 0,
        }
    }

    fn open(&self) -> Result<Box<dyn Read + Send>, String> {
        let cannot_open = |e: io::Error| format!("sudoku: {}: cannot open: {e}\n", self.name);
        Ok(match &self.kind {
            InputKind::Stdin => Box::new(io::stdin()),
            InputKind::File(p) => Box::new(File::open(p).map_err(cannot_open)?),
            InputKind::Text(text) => Box::new(io::Cursor::new(text.clone().into_bytes())),
            InputKind::Missing(p, why) => match File::open(p) {
                Ok(file) => Box::new(file),
                Err(e) => {
                    return Err(format!(
                        "{}  hint: it is not a puzzle either: {why}\n  \
                         hint: to solve a puzzle given as text: echo PUZZLE | sudoku solve\n",
                        cannot_open(e)
                    ));
                }
            },
        })
    }

    /// True for stdin on a terminal.
    fn is_terminal(&self) -> bool {
        matches!(self.kind, InputKind::Stdin) && io::stdin().is_terminal()
    }

    fn size(&self) -> Option<u64> {
        match &self.kind {
            InputKind::File(p) => {
                let meta = std::fs::metadata(p).ok()?;
                meta.is_file().then_some(meta.len())
            }
            InputKind::Text(text) => Some(text.len() as u64),
            InputKind::Stdin | InputKind::Missing(..) => None,
        }
    }
}

/// True when `text` is more like a puzzle than a file name: at least 9 cells (digits, `.`,
/// `_`), making up at least half of it, and no path separator.
pub fn looks_like_a_puzzle(text: &str) -> bool {
    let cells = text
        .bytes()
        .filter(|b| b.is_ascii_digit() || matches!(b, b'.' | b'_'))
        .count();
    cells >= 9 && 2 * cells >= text.len() && !text.contains(['/', '\\'])
        || sudoku::variant::one_line_size(text.as_bytes(), false).is_some()
}

/// Whether `text` reads as exactly one puzzle (whose givens may still break the rules, which
/// is reported as for any puzzle); if not, why not.
fn as_puzzle(text: &str) -> Result<(), String> {
    let mut reader = PuzzleReader::new(text.as_bytes());
    let first = match reader.next() {
        Some(Ok(entry)) => entry,
        _ => return Err("no puzzle found".into()),
    };
    if reader.next().is_some() {
        return Err("more than one puzzle".into());
    }
    match first.result {
        Ok(_) => Ok(()),
        Err(e) if matches!(e.kind, ErrorKind::Rule(_) | ErrorKind::OtherShape { .. }) => Ok(()),
        Err(e) => Err(e.to_string()),
    }
}

/// A job read from the input: a puzzle, or a line or block that is not one.
pub struct Puzzle {
    /// The input it was read from.
    pub input: &'static Input,
    /// What was read.
    pub entry: Entry,
}

/// The puzzles of files and stdin, in order; stdin when no file is named.
pub struct Puzzles {
    inputs: &'static [Input],
    /// The input being read, and its reader.
    current: usize,
    reader: Option<PuzzleReader<BufReader<Box<dyn Read + Send>>>>,
    /// Bytes of the inputs before the current one.
    bytes_before: u64,
    /// Say how to end the input when stdin is a terminal.
    notice: bool,
    /// Leave every one-line puzzle to the command (see [`PuzzleReader::with_all_sizes`]).
    all_sizes: bool,
    /// The size of every grid, when the shape flags tell it.
    grid_size: Option<usize>,
}

/// Said once on stderr when puzzles are read from a terminal.
#[cfg(unix)]
const TERMINAL_NOTICE: &str =
    "reading puzzles from the terminal, one per line or as 9-line grids; Ctrl-D ends the input";
#[cfg(not(unix))]
const TERMINAL_NOTICE: &str = "reading puzzles from the terminal, one per line or as 9-line \
     grids; Ctrl-Z then Enter ends the input";

impl Puzzles {
    /// Reads `files` in order (`-` is stdin); stdin when there are none. Unless `quiet`, when
    /// stdin is a terminal a line on stderr says so and how to end the input.
    pub fn new(files: Vec<PathBuf>, quiet: bool) -> Puzzles {
        let inputs: Vec<Input> = if files.is_empty() {
            vec![Input::new("-".into())]
        } else {
            files
                .into_iter()
                .enumerate()
                .map(|(ordinal, path)| Input {
                    ordinal,
                    ..Input::new(path)
                })
                .collect()
        };
        // The names are needed until the program ends; every record points at its input's.
        Puzzles {
            inputs: Vec::leak(inputs),
            current: 0,
            reader: None,
            bytes_before: 0,
            notice: !quiet,
            all_sizes: false,
            grid_size: None,
        }
    }

    /// Reads puzzles for the shape flags: every puzzle is left to the command when one is
    /// set, and grids have the size `--box` or `--regions` gives (see
    /// [`PuzzleReader::with_grid_size`]).
    pub fn with_spec(mut self, spec: &sudoku::variant::Spec) -> Puzzles {
        self.all_sizes = spec.is_set();
        self.grid_size = spec.grid_size();
        self
    }
}

impl Puzzles {
    /// Opens the next input, or notes why it cannot be read; false when none is left.
    #[inline(never)]
    fn open_next(&mut self, chunk: &mut Chunk<Puzzle>, progress: &Progress) -> bool {
        let Some(input) = self.inputs.get(self.current) else {
            return false;
        };
        if self.notice && input.is_terminal() {
            self.notice = false;
            progress.suspend(|| {
                let mut err = io::stderr().lock();
                let _ = writeln!(err, "sudoku: {TERMINAL_NOTICE}");
            });
        }
        match input.open() {
            Ok(r) => {
                let buffered = BufReader::with_capacity(1 << 16, r);
                let reader = PuzzleReader::new(buffered)
                    .with_all_sizes(self.all_sizes)
                    .with_grid_size(self.grid_size);
                self.reader = Some(reader);
            }
            Err(report) => {
                chunk.notes.push((chunk.jobs.len(), report));
                self.current += 1;
            }
        }
        true
    }
}

impl Source for Puzzles {
    type Job = Puzzle;

    fn fill(&mut self, max: usize, chunk: &mut Chunk<Puzzle>, progress: &Progress) -> bool {
        let inputs = self.inputs;
        while !interrupt::stopping() {
            let Some(reader) = &mut self.reader else {
                if !self.open_next(chunk, progress) {
                    break;
                }
                continue;
            };
            let may_wait = !reader.has_pending() && reader.get_ref().buffer().is_empty();
            let jobs = &mut chunk.jobs;
            if jobs.len() >= max || !jobs.is_empty() && may_wait {
                break;
            }
            let input = &inputs[self.current];
            let typed = may_wait && input.is_terminal();
            if typed {
                progress.set_waiting(true);
            }
            let next = reader.next();
            if typed {
                progress.set_waiting(false);
            }
            match next {
                Some(Ok(entry)) => jobs.push(Puzzle { input, entry }),
                end => {
                    if let Some(Err(e)) = end {
                        chunk.notes.push((
                            jobs.len(),
                            format!("sudoku: {}: read error: {e}\n", input.name),
                        ));
                    }
                    self.bytes_before += reader.bytes_read();
                    self.reader = None;
                    self.current += 1;
                }
            }
        }
        let read = self.reader.as_ref().map_or(0, |r| r.bytes_read());
        chunk.position = self.bytes_before + read;
        !(chunk.jobs.is_empty() && chunk.notes.is_empty())
    }

    fn total(&self) -> Option<u64> {
        self.inputs.iter().map(Input::size).sum()
    }
}

/// The indices `start..end` (or `start..` when `end` is `None`), for commands whose jobs are
/// not read but numbered, such as making puzzles.
pub struct Counter {
    start: u64,
    next: u64,
    end: Option<u64>,
}

impl Counter {
    /// Counts `start..end`, or from `start` without end.
    pub fn range(start: u64, end: Option<u64>) -> Counter {
        Counter {
            start,
            next: start,
            end,
        }
    }
}

impl Source for Counter {
    type Job = u64;

    fn fill(&mut self, max: usize, chunk: &mut Chunk<u64>, _: &Progress) -> bool {
        if interrupt::stopping() {
            return false;
        }
        let end = self.end.unwrap_or(u64::MAX);
        let stop = end.min(self.next.saturating_add(max as u64));
        chunk.jobs.extend(self.next..stop);
        self.next = stop;
        // Progress counts the jobs of this run, not the indices.
        chunk.position = stop - self.start;
        !chunk.jobs.is_empty()
    }

    fn total(&self) -> Option<u64> {
        self.end.map(|e| e - self.start)
    }
}
