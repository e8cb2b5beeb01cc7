//! `sudoku print`: puzzles drawn for paper, as a PDF book, an SVG sheet or a printable HTML
//! page (the drawing is in [`sudoku::draw`]).
//!
//! The batch driver reads the puzzles and, on its worker threads, does what one puzzle needs
//! (its solution for `--solutions`, its rating for `--rating`); each puzzle's record is one
//! line of text. The driver hands the records, in input order, to a [`Sink`] in place of
//! stdout, which numbers the puzzles, fills pages and writes each page as soon as it is full.
//! Solutions wait in an anonymous temporary file until the puzzles are done, then make the
//! answer pages. Memory stays that of one page, however long the book.
//!
//! A file is written to a temporary file beside it and renamed once complete, so an
//! interrupted or failed run leaves no partial file.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use anyhow::{Context as _, Result, bail};
use std::ops::ControlFlow;
use sudoku::board::CELLS;
use sudoku::draw::pdf::PdfBook;

use sudoku::draw::sheet::{
    ANSWERS_PER_PAGE, Entry, Grid, Layout, Page, Paper, ShapeGrid, ShapeMarks,
};
use sudoku::draw::{sheet_html, sheet_svg};
use sudoku::rating;
use sudoku::solver::SearchEnd;
use sudoku::solver::general::Options as SearchOptions;
use sudoku::variant::{Puzzle as VariantPuzzle, Spec, region_label};

use crate::batch::{self, Ending, Puzzle, Puzzles, Record, Verdict, interrupt};
use crate::cli::{PaperArg, PrintArgs, PrintFormat};

/// Runs `sudoku print`.
pub fn run(args: PrintArgs) -> Result<Ending> {
    super::refuse_zero_timeout(args.batch.timeout)?;
    let format = output_format(&args.output, args.format)?;
    if format == PrintFormat::Svg && args.solutions {
        bail!("--solutions needs more than one sheet: use .pdf or .html for a book with answers");
    }
    let per_page: usize = args.per_page.parse().unwrap_or(4);
    let paper = match args.paper {
        Some(PaperArg::A4) => Paper::A4,
        Some(PaperArg::Letter) => Paper::Letter,
        None => Paper::from_locale(&locale()),
    };
    let to_stdout = args.output.as_os_str() == "-";
    let name = if to_stdout {
        "<stdout>".to_string()
    } else {
        args.output.display().to_string()
    };
    // Where the file goes: a link's target (the link stays); and a pipe or a device
    // (`-o /dev/stdout`, a FIFO) is written to as it is, not replaced.
    let target = output_target(&args.output);
    let special =
        !to_stdout && std::fs::metadata(&target).is_ok_and(|m| !m.is_file() && !m.is_dir());
    // Otherwise the file is made beside its path now, so that an unwritable place fails before
    // any puzzle is read, and renamed into place when whole.
    let temp = if to_stdout || special {
        None
    } else {
        Some(temp_beside(&target).with_context(|| format!("cannot write {name}"))?)
    };
    if let Some(t) = &temp {
        interrupt::remove_on_exit(t.path());
    }
    let out: Box<dyn Write + Send> = match &temp {
        None if special => Box::new(BufWriter::new(
            std::fs::OpenOptions::new()
                .write(true)
                .open(&target)
                .with_context(|| format!("cannot write {name}"))?,
        )),
        None => Box::new(BufWriter::new(io::stdout())),
        Some(t) => Box::new(BufWriter::new(
            t.reopen().with_context(|| format!("cannot write {name}"))?,
        )),
    };
    let answers = if args.solutions {
        Some(BufWriter::new(
            tempfile::tempfile().context("cannot make a temporary file for the answers")?,
        ))
    } else {
        None
    };
    let printer = Arc::new(Mutex::new(Printer {
        format,
        paper,
        layout: Layout::new(paper, per_page),
        title: args.title.filter(|t| !t.is_empty()),
        out: Some(out),
        book: None,
        page: Vec::with_capacity(per_page),
        pages: 0,
        count: 0,
        answers,
        line: Vec::new(),
        overflow: false,
    }));

    let b = args.batch;
    let spec = super::shapes::spec(&args.shape)?;
    let puzzles = Puzzles::new(args.input.files, b.quiet).with_spec(&spec);
    let command = Print {
        solutions: args.solutions,
        rating: args.rating,
        timeout: b.timeout,
        spec_set: spec.is_set(),
        spec,
    };
    let options = super::options(&b);
    let sink = Sink(Arc::clone(&printer));
    let result = batch::run_to(&command, puzzles, &options, Box::new(sink));
    let mut printer = printer.lock().unwrap_or_else(PoisonError::into_inner);
    if printer.overflow {
        let larger = if per_page < 6 {
            "a larger --per-page (up to 6), "
        } else {
            ""
        };
        bail!(
            "an SVG sheet holds {per_page} puzzles (--per-page {per_page}) and the input has \
             more: use {larger}.pdf or .html for a book; {name} not written"
        );
    }
    let ending = result.with_context(|| format!("{name} not written"))?;
    if ending == Ending::Interrupted {
        return Ok(ending);
    }
    if printer.count == 0 {
        bail!("no puzzle to print: {name} not written");
    }
    printer
        .finish()
        .with_context(|| format!("cannot write {name}"))?;
    drop(printer);
    if let Some(temp) = temp {
        keep(temp, &target).with_context(|| format!("cannot write {name}"))?;
    }
    Ok(ending)
}

/// The format: `--format`, or else the output's extension.
fn output_format(path: &Path, format: Option<PrintFormat>) -> Result<PrintFormat> {
    if let Some(f) = format {
        return Ok(f);
    }
    if path.as_os_str() == "-" {
        bail!("-o - writes to stdout and needs --format: pdf, svg or html");
    }
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    Ok(match ext.as_deref() {
        Some("pdf") => PrintFormat::Pdf,
        Some("svg") => PrintFormat::Svg,
        Some("html" | "htm") => PrintFormat::Html,
        _ => bail!(
            "cannot tell the format of '{}': use a name ending in .pdf, .svg or .html, or \
             --format pdf|svg|html",
            path.display()
        ),
    })
}

/// The locale that decides the paper: `LC_ALL`, `LC_PAPER`, `LANG`, the first one set.
fn locale() -> String {
    ["LC_ALL", "LC_PAPER", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty())
        .unwrap_or_default()
}

/// A temporary file in the directory of `path`, so that the rename at the end stays on one
/// file system.
fn temp_beside(path: &Path) -> io::Result<tempfile::NamedTempFile> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if path.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a directory",
        ));
    }
    tempfile::Builder::new()
        .prefix(".sudoku-print-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| {
            // The system's own message, without the temporary file's name (`... at path
            // "dir/.sudoku-print-XXXXXX.tmp"`), which the user never asked for.
            let text = e.to_string();
            let text = text.split(" at path \"").next().unwrap_or_default();
            io::Error::new(e.kind(), text.to_string())
        })
}

/// The file `-o` names: the target of a symbolic link (so the link is kept and the file it
/// points to written), else the path itself.
fn output_target(path: &Path) -> std::path::PathBuf {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if is_link && let Ok(target) = std::fs::canonicalize(path) {
        return target;
    }
    path.to_path_buf()
}

/// The permissions a new file gets, as `File::create` would give it: 0o666 less the umask
/// (read from /proc on Linux; 0o022, the usual one, elsewhere).
#[cfg(unix)]
fn new_file_mode() -> u32 {
    let umask = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("Umask:"))
                .and_then(|v| u32::from_str_radix(v.trim(), 8).ok())
        })
        .unwrap_or(0o022);
    0o666 & !umask
}

/// Gives the finished temporary file its name (and the usual permissions: a temporary file
/// is made readable by its owner only).
fn keep(temp: tempfile::NamedTempFile, path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path)
            .map_or_else(|_| new_file_mode(), |m| m.permissions().mode() & 0o777);
        std::fs::set_permissions(temp.path(), std::fs::Permissions::from_mode(mode))?;
    }
    temp.persist(path).map(drop).map_err(|e| e.error)
}

/// What the workers do to one puzzle.
struct Print {
    solutions: bool,
    rating: bool,
    timeout: Option<Duration>,
    /// The shape of puzzles other than the classic 9x9.
    spec: Spec,
    spec_set: bool,
}

impl Print {
    /// The record of a puzzle of another shape: `@N REGIONS DIAGONALS SHADED CELLS SOLUTION
    /// MARKS CAPTION`, with each cell's region label, `x` or `-`, a `1` per shaded cell (or
    /// `-`), the cells and solution in the puzzle's symbols (`.` blank), a position's pencil
    /// marks (`ALPHABET:MASK,MASK,...`, each cell's candidates as a hexadecimal mask, or `-`),
    /// and the rules the picture does not show as the caption.
    fn shape_record(
        &self,
        job: &Puzzle,
        record: &mut Record<'_>,
        tally: &mut PrintTally,
    ) -> Verdict {
        let (puzzle, marks) = match super::shapes::read_position(&self.spec, &job.entry) {
            Ok(p) => p,
            Err(err) => {
                tally.invalid += 1;
                record.report(super::error_report(&job.input.name, &err));
                return Verdict::Invalid;
            }
        };
        let g = puzzle.geometry();
        let n = g.size();
        let outline = ShapeGrid::outline(g);
        let regions: Vec<u8> = outline.regions.iter().map(|&r| region_label(r)).collect();
        let mut verdict = Verdict::Success;
        let mut solution = String::from("-");
        if self.solutions {
            let stop = interrupt::stop_after(self.timeout);
            // A position is solved with its pencil marks, as hint and explain judge it.
            let forbid = super::shapes::forbidden(&puzzle, marks.as_deref());
            let mut first: Option<String> = None;
            let mut count = 0u32;
            let report = puzzle.shape().solver.search(
                puzzle.cells(),
                SearchOptions {
                    stop: Some(&stop),
                    forbid: &forbid,
                    ..SearchOptions::default()
                },
                |s| {
                    count += 1;
                    first.get_or_insert_with(|| {
                        VariantPuzzle::from_values(puzzle.shape().clone(), s).to_line()
                    });
                    if count == 2 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
            let complete = report.end != SearchEnd::Interrupted;
            solution = match (first, count) {
                (Some(first), 1) => first,
                (Some(first), _) => format!("multiple:{first}"),
                (None, _) if complete => "none".to_string(),
                (None, _) => "stopped".to_string(),
            };
            if count == 0 && complete && marks.is_some() {
                // As hint and explain judge it: the position, not the puzzle, is wrong.
                tally.unsolved += 1;
                verdict = Verdict::Invalid;
                let why = super::shapes::position_error(&puzzle, &forbid, &stop);
                record.report(format!("{}:{}: {why}\n", job.input.name, job.entry.line));
            } else if count != 1 || report.end == SearchEnd::Interrupted && count < 2 {
                tally.unsolved += 1;
                verdict = Verdict::Failure;
                let what = match count {
                    0 if complete => "no solution: its answer shows the givens",
                    0 => "stopped before a solution was found: its answer shows the givens",
                    1 => "stopped before the solution was known to be the only one",
                    _ => "several solutions: its answer shows the first one found",
                };
                record.report(format!("{}:{}: {what}\n", job.input.name, job.entry.line));
            }
        }
        let v = g.variants();
        let unseen: Vec<&str> = [(v.anti_knight, "anti-knight"), (v.anti_king, "anti-king")]
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, name)| *name)
            .collect();
        let out = record.out();
        let _ = write!(out, "@{n} ");
        out.extend_from_slice(&regions);
        out.extend_from_slice(if outline.diagonals { b" x " } else { b" - " });
        if outline.shaded.contains(&true) {
            out.extend(outline.shaded.iter().map(|&s| if s { b'1' } else { b'0' }));
        } else {
            out.push(b'-');
        }
        let _ = write!(out, " {} {solution} ", puzzle.to_line());
        // The alphabet, then each cell's candidates as a hexadecimal mask (bit `v - 1` for
        // value `v`).
        match &marks {
            Some(marks) => {
                out.extend_from_slice(puzzle.alphabet().symbols().as_bytes());
                out.push(b':');
                for (i, m) in marks.iter().enumerate() {
                    let _ = write!(out, "{}{m:x}", if i == 0 { "" } else { "," });
                }
            }
            None => out.push(b'-'),
        }
        let _ = writeln!(out, " {}", unseen.join(", "));
        verdict
    }
}

/// Reads the drawing of a grid of another shape from the fields of its record after `@N`:
/// regions, diagonals, shaded cells, cells and solution (see [`Print::shape_record`]). With
/// `answer`, the solution's symbols are drawn, the puzzle's bold.
fn shape_grid<'a>(
    n: &str,
    fields: &mut impl Iterator<Item = &'a str>,
    answer: bool,
) -> io::Result<(ShapeGrid, Option<&'static str>)> {
    let n: usize = n.parse().map_err(|_| bad_record())?;
    let mut next = || fields.next().ok_or_else(bad_record);
    let regions = next()?.bytes().collect::<Vec<u8>>();
    let diagonals = next()? == "x";
    let shaded = match next()? {
        "-" => vec![false; n * n],
        s => s.bytes().map(|b| b == b'1').collect(),
    };
    let cells: Vec<char> = next()?.chars().collect();
    let solution = next()?;
    if regions.len() != n * n || cells.len() != n * n || shaded.len() != n * n {
        return Err(bad_record());
    }
    let givens: Vec<bool> = cells.iter().map(|&c| c != '.').collect();
    let (shown, caption): (Vec<char>, _) = if !answer {
        (cells.clone(), None)
    } else {
        match solution {
            "none" => (cells.clone(), Some("no solution")),
            "stopped" => (cells.clone(), Some("not solved (--timeout)")),
            s => match s.strip_prefix("multiple:") {
                Some(first) => (first.chars().collect(), Some("one of several")),
                None => (s.chars().collect(), None),
            },
        }
    };
    if shown.len() != n * n {
        return Err(bad_record());
    }
    let grid = ShapeGrid {
        size: n,
        regions,
        symbols: shown.iter().map(|&c| (c != '.').then_some(c)).collect(),
        givens,
        diagonals,
        shaded,
        marks: None,
    };
    Ok((grid, caption))
}

/// A grid that draws a [`ShapeGrid`].
fn shape_entry(grid: ShapeGrid) -> Grid {
    let mut g = Grid::puzzle([0; CELLS]);
    g.shape = Some(Box::new(grid));
    g
}

batch::counts! {
    /// Counts for `--stats`.
    struct PrintTally {
        read,
        invalid,
        unsolved,
        rated,
    }
}

impl batch::SimpleCommand for Print {
    type Job = Puzzle;

    /// The record: `CELLS MARKS SOLUTION CAPTION`, with `-` for no marks or no solution asked
    /// for; when asked for and not one, the solution is `none`, `stopped` or
    /// `multiple:FIRST`.
    fn run(&self, job: &Puzzle, record: &mut Record<'_>, tally: &mut PrintTally) -> Verdict {
        tally.read += 1;
        let entry = &job.entry;
        if super::shapes::is_other_shape(entry, self.spec_set) {
            return self.shape_record(job, record, tally);
        }
        let board = match super::board_or_report(job, record) {
            Err(_) => {
                tally.invalid += 1;
                return Verdict::Invalid;
            }
            Ok(board) => board,
        };
        let mut verdict = Verdict::Success;
        let mut solution = String::from("-");
        let mut caption = String::new();
        if self.solutions || self.rating {
            let stop = interrupt::stop_after(self.timeout);
            // A position is solved with its pencil marks, as hint and explain judge it.
            let analysis = super::analyse_entry(board, entry.marks.as_deref(), &stop);
            let unique = analysis.count == 1 && analysis.complete;
            if self.solutions {
                solution = match (analysis.first, analysis.count) {
                    (Some(first), 1) => first.to_line(),
                    (Some(first), _) => format!("multiple:{}", first.to_line()),
                    (None, _) if analysis.complete => "none".to_string(),
                    (None, _) => "stopped".to_string(),
                };
                let marks_wrong = (analysis.count == 0 && analysis.complete)
                    .then(|| super::position_error(board, entry.marks.as_deref(), &stop))
                    .flatten();
                if let Some(why) = marks_wrong {
                    // As hint, explain and rate judge it: the position, not the puzzle, is
                    // wrong.
                    tally.unsolved += 1;
                    verdict = Verdict::Invalid;
                    record.report(format!("{}:{}: {why}\n", job.input.name, entry.line));
                } else if !unique {
                    tally.unsolved += 1;
                    verdict = Verdict::Failure;
                    let what = match analysis.count {
                        0 if analysis.complete => "no solution: its answer shows the givens",
                        0 => "stopped before a solution was found: its answer shows the givens",
                        1 => "stopped before the solution was known to be the only one",
                        _ => "several solutions: its answer shows the first one found",
                    };
                    record.report(format!("{}:{}: {what}\n", job.input.name, entry.line));
                }
            }
            if self.rating && unique {
                let r = rating::rate_position_with(board, entry.marks.as_deref(), &stop);
                if let Some(level) = r.level() {
                    tally.rated += 1;
                    caption = format!("ER {} {level}", rating::Rating::text(r.er));
                }
            }
        }
        let out = record.out();
        let mut cells = [0u8; CELLS];
        board.write_line(b'0', &mut cells);
        out.extend_from_slice(&cells);
        out.push(b' ');
        match &entry.marks {
            Some(marks) => {
                for &m in marks.iter() {
                    for d in 1..=9u8 {
                        out.push(if m >> (d - 1) & 1 == 1 {
                            b'0' + d
                        } else {
                            b'.'
                        });
                    }
                }
            }
            None => out.push(b'-'),
        }
        out.push(b' ');
        out.extend_from_slice(solution.as_bytes());
        out.push(b' ');
        out.extend_from_slice(caption.as_bytes());
        out.push(b'\n');
        verdict
    }
}

impl batch::Frame for Print {
    type Tally = PrintTally;

    fn summary(&self, t: &PrintTally, elapsed: Duration) -> String {
        let mut s = format!(
            "puzzles: {} read, {} drawn, {} invalid",
            t.read,
            t.read - t.invalid,
            t.invalid
        );
        if self.solutions {
            s.push_str(&format!(", {} without one solution", t.unsolved));
        }
        if self.rating {
            s.push_str(&format!(", {} rated", t.rated));
        }
        s.push_str(&format!("\ntime: {:.3} s\n", elapsed.as_secs_f64()));
        s
    }
}

/// Takes the records in order in place of stdout, and hands each line to the [`Printer`].
struct Sink(Arc<Mutex<Printer>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut p = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        p.line.extend_from_slice(buf);
        let mut start = 0;
        let lines = std::mem::take(&mut p.line);
        while let Some(end) = memchr::memchr(b'\n', &lines[start..]) {
            p.record(&lines[start..start + end])?;
            start += end + 1;
        }
        p.line = lines;
        p.line.drain(..start);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The open book in its format.
enum Book {
    Pdf(PdfBook<Box<dyn Write + Send>>),
    Svg(Box<dyn Write + Send>),
    Html(Box<dyn Write + Send>),
}

/// Numbers the puzzles, fills the pages and writes them.
struct Printer {
    format: PrintFormat,
    paper: Paper,
    layout: Layout,
    title: Option<String>,
    /// The output, until the book starts with the first puzzle (so that an input with none
    /// writes nothing, not even to stdout).
    out: Option<Box<dyn Write + Send>>,
    book: Option<Book>,
    /// The puzzles of the page being filled.
    page: Vec<Entry>,
    /// Pages written.
    pages: u64,
    /// Puzzles numbered so far.
    count: u64,
    /// With `--solutions`: `NUMBER CELLS SOLUTION` lines, read back at the end.
    answers: Option<BufWriter<File>>,
    /// A record not yet complete.
    line: Vec<u8>,
    /// Set when an SVG sheet is full and another puzzle comes.
    overflow: bool,
}

fn bad_record() -> io::Error {
    io::Error::other("internal error: a malformed record")
}

/// 81 digits `0`-`9` into cells.
fn cells_of(text: &[u8]) -> io::Result<[u8; CELLS]> {
    let mut cells = [0u8; CELLS];
    if text.len() != CELLS {
        return Err(bad_record());
    }
    for (c, &b) in cells.iter_mut().zip(text) {
        *c = match b {
            b'1'..=b'9' => b - b'0',
            _ => 0,
        };
    }
    Ok(cells)
}

impl Printer {
    /// One puzzle's record (see [`Print::run`]).
    fn record(&mut self, line: &[u8]) -> io::Result<()> {
        if let Some(rest) = line.strip_prefix(b"@") {
            return self.shape_record(rest);
        }
        let mut fields = line.splitn(4, |&b| b == b' ');
        let cells = cells_of(fields.next().ok_or_else(bad_record)?)?;
        let marks = match fields.next().ok_or_else(bad_record)? {
            b"-" => None,
            text if text.len() == 9 * CELLS => {
                let mut marks = Box::new([0u16; CELLS]);
                for (m, cell) in marks.iter_mut().zip(text.chunks(9)) {
                    *m = cell
                        .iter()
                        .enumerate()
                        .filter(|(_, b)| b.is_ascii_digit())
                        .fold(0, |m, (i, _)| m | 1 << i);
                }
                Some(marks)
            }
            _ => return Err(bad_record()),
        };
        let solution = fields.next().ok_or_else(bad_record)?;
        let caption = String::from_utf8_lossy(fields.next().unwrap_or_default()).into_owned();

        if self.format == PrintFormat::Svg && self.count == self.layout.per_page() as u64 {
            self.overflow = true;
            return Err(io::Error::other("the SVG sheet is full"));
        }
        self.count += 1;
        let number = self.count;
        if let Some(answers) = &mut self.answers {
            answers.write_all(format!("{number} ").as_bytes())?;
            answers.write_all(&line[..CELLS])?;
            answers.write_all(b" ")?;
            answers.write_all(solution)?;
            answers.write_all(b"\n")?;
        }
        let mut grid = Grid::puzzle(cells);
        if let Some(marks) = marks {
            // The filled cells of a position are those with one candidate; the others show
            // their candidates.
            grid.marks = Some(marks);
        }
        self.page.push(Entry {
            number,
            grid,
            caption: (!caption.is_empty()).then_some(caption),
        });
        if self.page.len() == self.layout.per_page() {
            self.write_page(false)?;
        }
        Ok(())
    }

    /// One record of a puzzle of another shape (see [`Print::shape_record`]), `@` taken off.
    fn shape_record(&mut self, line: &[u8]) -> io::Result<()> {
        let text = std::str::from_utf8(line).map_err(|_| bad_record())?;
        let mut fields = text.splitn(8, ' ');
        let n = fields.next().ok_or_else(bad_record)?;
        let (mut grid, _) = shape_grid(n, &mut fields, false)?;
        grid.marks = match fields.next().ok_or_else(bad_record)? {
            "-" => None,
            text => {
                let (alphabet, masks) = text.rsplit_once(':').ok_or_else(bad_record)?;
                let cells = masks
                    .split(',')
                    .map(|m| u32::from_str_radix(m, 16).map_err(|_| bad_record()))
                    .collect::<io::Result<Vec<u32>>>()?;
                if cells.len() != grid.size * grid.size {
                    return Err(bad_record());
                }
                Some(ShapeMarks {
                    alphabet: alphabet.chars().collect(),
                    cells,
                })
            }
        };
        let caption = fields.next().unwrap_or_default().to_string();
        if self.format == PrintFormat::Svg && self.count == self.layout.per_page() as u64 {
            self.overflow = true;
            return Err(io::Error::other("the SVG sheet is full"));
        }
        self.count += 1;
        let number = self.count;
        if let Some(answers) = &mut self.answers {
            // The record without its marks and caption.
            let head: Vec<&str> = text.splitn(8, ' ').take(6).collect();
            answers.write_all(format!("{number} @{}\n", head.join(" ")).as_bytes())?;
        }
        self.page.push(Entry {
            number,
            grid: shape_entry(grid),
            caption: (!caption.is_empty()).then_some(caption),
        });
        if self.page.len() == self.layout.per_page() {
            self.write_page(false)?;
        }
        Ok(())
    }

    /// Writes the page being filled.
    fn write_page(&mut self, answers: bool) -> io::Result<()> {
        let entries = std::mem::take(&mut self.page);
        if entries.is_empty() {
            return Ok(());
        }
        self.pages += 1;
        let heading = match (&self.title, answers) {
            (Some(t), false) => Some(t.clone()),
            (Some(t), true) => Some(format!("{t}: solutions")),
            (None, false) => None,
            (None, true) => Some("Solutions".to_string()),
        };
        let page = Page {
            heading: heading.as_deref(),
            number: self.pages,
            entries: &entries,
        };
        let layout = if answers {
            Layout::new(self.paper, ANSWERS_PER_PAGE)
        } else {
            self.layout.clone()
        };
        let result = match self.book()? {
            Book::Pdf(pdf) => pdf.page(&layout, &page),
            Book::Svg(out) => out.write_all(sheet_svg::sheet_file(&layout, &page).as_bytes()),
            Book::Html(out) => out.write_all(sheet_html::page(&layout, &page).as_bytes()),
        };
        self.page = entries;
        self.page.clear();
        result
    }

    /// The book, started at the first page.
    fn book(&mut self) -> io::Result<&mut Book> {
        if self.book.is_none() {
            let Some(mut out) = self.out.take() else {
                return Err(io::Error::other("the book is closed"));
            };
            let title = self.title.as_deref();
            self.book = Some(match self.format {
                PrintFormat::Pdf => {
                    let (w, h) = self.paper.size();
                    Book::Pdf(PdfBook::new(out, w, h, title)?)
                }
                PrintFormat::Svg => Book::Svg(out),
                PrintFormat::Html => {
                    out.write_all(sheet_html::head(title, self.paper).as_bytes())?;
                    Book::Html(out)
                }
            });
        }
        self.book
            .as_mut()
            .ok_or_else(|| io::Error::other("the book is closed"))
    }

    /// Writes the last page of puzzles, the answer pages and the end of the file.
    fn finish(&mut self) -> io::Result<()> {
        self.write_page(false)?;
        if let Some(answers) = self.answers.take() {
            let mut file = answers.into_inner().map_err(|e| e.into_error())?;
            file.rewind()?;
            let per_page = ANSWERS_PER_PAGE;
            for line in BufReader::new(file).lines() {
                let line = line?;
                let mut fields = line.split(' ');
                let number: u64 = fields
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(bad_record)?;
                let first = fields.next().ok_or_else(bad_record)?;
                if let Some(n) = first.strip_prefix('@') {
                    let (grid, caption) = shape_grid(n, &mut fields, true)?;
                    self.page.push(Entry {
                        number,
                        grid: shape_entry(grid),
                        caption: caption.map(str::to_string),
                    });
                    if self.page.len() == per_page {
                        self.write_page(true)?;
                    }
                    continue;
                }
                let puzzle = cells_of(first.as_bytes())?;
                let (solution, caption) = match fields.next().ok_or_else(bad_record)? {
                    "none" => (puzzle, Some("no solution")),
                    "stopped" => (puzzle, Some("not solved (--timeout)")),
                    s => match s.strip_prefix("multiple:") {
                        Some(first) => (cells_of(first.as_bytes())?, Some("one of several")),
                        None => (cells_of(s.as_bytes())?, None),
                    },
                };
                self.page.push(Entry {
                    number,
                    grid: Grid::solution(&puzzle, solution),
                    caption: caption.map(str::to_string),
                });
                if self.page.len() == per_page {
                    self.write_page(true)?;
                }
            }
            self.write_page(true)?;
        }
        let mut out = match self.book.take() {
            Some(Book::Pdf(pdf)) => pdf.finish()?,
            Some(Book::Svg(out)) => out,
            Some(Book::Html(mut out)) => {
                out.write_all(sheet_html::tail().as_bytes())?;
                out
            }
            None => return Ok(()),
        };
        out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_follows_the_extension_unless_given() {
        let f = |p: &str| output_format(Path::new(p), None).map_err(|e| e.to_string());
        assert_eq!(f("a.pdf"), Ok(PrintFormat::Pdf));
        assert_eq!(f("dir/B.PDF"), Ok(PrintFormat::Pdf));
        assert_eq!(f("a.svg"), Ok(PrintFormat::Svg));
        assert_eq!(f("a.htm"), Ok(PrintFormat::Html));
        let err = f("a.png").unwrap_err();
        assert!(err.contains(".pdf, .svg or .html"), "{err}");
        assert!(f("-").unwrap_err().contains("--format"));
        assert!(f("noext").is_err());
        assert_eq!(
            output_format(Path::new("a.png"), Some(PrintFormat::Svg)).ok(),
            Some(PrintFormat::Svg)
        );
    }
}
