//! Helpers shared by the integration tests: an independent solution checker, a deliberately
//! simple reference solver, a seeded random grid generator, readers for the files in
//! `puzzles/`, and a runner for the built binary.
//!
//! Nothing here uses the library's own checks: a test must not trust the code it tests.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// The 27 units (rows, columns, boxes) as lists of cell indices, row-major.
pub fn units() -> Vec<[usize; 9]> {
    let mut units = Vec::with_capacity(27);
    for r in 0..9 {
        units.push(std::array::from_fn(|c| r * 9 + c));
    }
    for c in 0..9 {
        units.push(std::array::from_fn(|r| r * 9 + c));
    }
    for b in 0..9 {
        let (r0, c0) = ((b / 3) * 3, (b % 3) * 3);
        units.push(std::array::from_fn(|k| (r0 + k / 3) * 9 + c0 + k % 3));
    }
    units
}

/// Cells of a puzzle line: `1`-`9` givens, `.` `0` `_` blanks. Panics on anything else.
pub fn cells(text: &str) -> [u8; 81] {
    let bytes = text.as_bytes();
    assert!(bytes.len() >= 81, "not 81 cells: {text:?}");
    std::array::from_fn(|i| match bytes[i] {
        b @ b'1'..=b'9' => b - b'0',
        b'.' | b'0' | b'_' => 0,
        b => panic!("not a cell: {:?} in {text:?}", b as char),
    })
}

/// 81 cells as a line, `.` for blanks.
pub fn line_of(cells: &[u8; 81]) -> String {
    cells
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect()
}

/// Checks, without the library, that `solution` is a complete grid in which every row, column
/// and box holds 1-9 exactly once, and that it keeps every given of `puzzle`.
pub fn check_solution(puzzle: &[u8; 81], solution: &[u8; 81]) -> Result<(), String> {
    if let Some(i) = solution.iter().position(|&v| !(1..=9).contains(&v)) {
        return Err(format!(
            "cell r{}c{} is {} in {}",
            i / 9 + 1,
            i % 9 + 1,
            solution[i],
            line_of(solution)
        ));
    }
    for (k, unit) in units().iter().enumerate() {
        let mut seen = 0u16;
        for &i in unit {
            seen |= 1 << solution[i];
        }
        if seen != 0x3FE {
            let kind = ["row", "column", "box"][k / 9];
            return Err(format!(
                "{kind} {} does not hold 1-9 in {}",
                k % 9 + 1,
                line_of(solution)
            ));
        }
    }
    for i in 0..81 {
        if puzzle[i] != 0 && puzzle[i] != solution[i] {
            return Err(format!(
                "given {} at r{}c{} changed to {}: puzzle {} solution {}",
                puzzle[i],
                i / 9 + 1,
                i % 9 + 1,
                solution[i],
                line_of(puzzle),
                line_of(solution)
            ));
        }
    }
    Ok(())
}

/// Panics with a readable message unless `solution` solves `puzzle` (see [`check_solution`]).
#[track_caller]
pub fn assert_solves(puzzle: &[u8; 81], solution: &[u8; 81], what: &str) {
    if let Err(e) = check_solution(puzzle, solution) {
        panic!("{what}: not a solution: {e}");
    }
}

/// Same as [`assert_solves`] for 81-character texts.
#[track_caller]
pub fn assert_solves_text(puzzle: &str, solution: &str, what: &str) {
    assert_eq!(
        solution.len(),
        81,
        "{what}: solution is not 81 chars: {solution:?}"
    );
    assert!(
        solution.bytes().all(|b| (b'1'..=b'9').contains(&b)),
        "{what}: solution has non-digits: {solution:?}"
    );
    assert_solves(&cells(puzzle), &cells(solution), what);
}

/// True when no digit repeats in a unit (blanks allowed).
pub fn keeps_rules(cells: &[u8; 81]) -> bool {
    units().iter().all(|unit| {
        let mut seen = 0u16;
        unit.iter().all(|&i| {
            let v = cells[i];
            if v == 0 {
                return true;
            }
            let fresh = seen & (1 << v) == 0;
            seen |= 1 << v;
            fresh
        })
    })
}

/// The reference solver: a deliberately simple row-major backtracker trying 1..9 in each empty
/// cell, checking the row, column and box by scanning them. Counts solutions up to `limit`.
/// Returns `None` when it visits more than `budget` nodes (the caller then skips the case).
/// Givens that break the rules give 0 solutions.
pub fn reference_count(puzzle: &[u8; 81], limit: u64, budget: u64) -> Option<u64> {
    if !keeps_rules(puzzle) {
        return Some(0);
    }
    fn allowed(g: &[u8; 81], i: usize, d: u8) -> bool {
        let (r, c) = (i / 9, i % 9);
        let (br, bc) = (r / 3 * 3, c / 3 * 3);
        for k in 0..9 {
            if g[r * 9 + k] == d || g[k * 9 + c] == d || g[(br + k / 3) * 9 + bc + k % 3] == d {
                return false;
            }
        }
        true
    }
    fn rec(g: &mut [u8; 81], from: usize, limit: u64, found: &mut u64, nodes: &mut u64) -> bool {
        if *nodes == 0 {
            return false;
        }
        *nodes -= 1;
        let Some(i) = (from..81).find(|&i| g[i] == 0) else {
            *found += 1;
            return *found < limit;
        };
        for d in 1..=9 {
            if allowed(g, i, d) {
                g[i] = d;
                let go_on = rec(g, i + 1, limit, found, nodes);
                g[i] = 0;
                if !go_on {
                    return false;
                }
            }
        }
        true
    }
    let mut g = *puzzle;
    let mut found = 0;
    let mut nodes = budget;
    rec(&mut g, 0, limit, &mut found, &mut nodes);
    if nodes == 0 { None } else { Some(found) }
}

/// A small seeded generator (SplitMix64), so tests need no extra crates and are repeatable.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// A random solved grid: the base pattern `(3r + r/3 + c) mod 9`, with its digits relabelled,
/// rows shuffled within bands, bands shuffled, the same for columns, and maybe transposed.
pub fn random_grid(rng: &mut Rng) -> [u8; 81] {
    let mut digits: [u8; 9] = std::array::from_fn(|i| i as u8 + 1);
    rng.shuffle(&mut digits);
    let order = |rng: &mut Rng| {
        let mut bands = [0usize, 1, 2];
        rng.shuffle(&mut bands);
        let mut out = [0usize; 9];
        for (k, &b) in bands.iter().enumerate() {
            let mut inner = [0usize, 1, 2];
            rng.shuffle(&mut inner);
            for (j, &x) in inner.iter().enumerate() {
                out[k * 3 + j] = b * 3 + x;
            }
        }
        out
    };
    let rows = order(rng);
    let cols = order(rng);
    let transpose = rng.below(2) == 1;
    std::array::from_fn(|i| {
        let (mut r, mut c) = (rows[i / 9], cols[i % 9]);
        if transpose {
            std::mem::swap(&mut r, &mut c);
        }
        digits[(r * 3 + r / 3 + c) % 9]
    })
}

/// `grid` with `blanks` cells chosen at random set to 0.
pub fn blank_cells(grid: &[u8; 81], blanks: usize, rng: &mut Rng) -> [u8; 81] {
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    let mut out = *grid;
    for &i in order.iter().take(blanks) {
        out[i] = 0;
    }
    out
}

/// Puts into an empty cell of `puzzle` a digit that keeps the rules but differs from that cell
/// in `solution`: the usual way to get a rule-valid puzzle with no solution (it may still have
/// another). Returns false if no such cell and digit exist.
pub fn add_conflicting_given(puzzle: &mut [u8; 81], solution: &[u8; 81], rng: &mut Rng) -> bool {
    let mut empties: Vec<usize> = (0..81).filter(|&i| puzzle[i] == 0).collect();
    rng.shuffle(&mut empties);
    for i in empties {
        let mut digits: Vec<u8> = (1..=9).filter(|&d| d != solution[i]).collect();
        rng.shuffle(&mut digits);
        for d in digits {
            puzzle[i] = d;
            if keeps_rules(puzzle) {
                return true;
            }
            puzzle[i] = 0;
        }
    }
    false
}

// ---------------------------------------------------------------------------------------------
// The sample files in puzzles/.

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn puzzle_path(name: &str) -> PathBuf {
    root().join("puzzles").join(name)
}

pub fn read_puzzles(name: &str) -> String {
    std::fs::read_to_string(puzzle_path(name)).unwrap_or_else(|e| panic!("puzzles/{name}: {e}"))
}

/// A one-line puzzle from a sample file: its line number, its 81 cells as written, and the
/// exact number of solutions when the annotation says `solutions=N`.
#[derive(Clone, Debug)]
pub struct Sample {
    pub line: u64,
    pub puzzle: String,
    pub solutions: Option<u64>,
}

/// The one-line puzzles of a text (lines whose first 81 bytes are cells), with line numbers.
pub fn one_line_puzzles(text: &str) -> Vec<Sample> {
    let mut out = Vec::new();
    for (k, l) in text.lines().enumerate() {
        let b = l.as_bytes();
        if b.len() >= 81
            && b[..81]
                .iter()
                .all(|c| c.is_ascii_digit() || *c == b'.' || *c == b'_')
        {
            let solutions = l
                .split("solutions=")
                .nth(1)
                .map(|n| n.trim().parse().expect("solutions=N annotation"));
            out.push(Sample {
                line: k as u64 + 1,
                puzzle: l[..81].to_string(),
                solutions,
            });
        }
    }
    out
}

pub fn samples(name: &str) -> Vec<Sample> {
    let s = one_line_puzzles(&read_puzzles(name));
    assert!(!s.is_empty(), "puzzles/{name} holds no one-line puzzle");
    s
}

/// The first `n` puzzles of a file in ../shared/puzzles, or nothing when it is not there.
///
/// The tests that read `../shared` are `#[ignore = "needs ../shared"]` and named `shared_...`:
/// `cargo test` lists them as ignored, and `.ci/run` runs them with `-- --ignored shared_`,
/// so a clone without the data fails there instead of passing on nothing.
pub fn shared_puzzles(name: &str, n: usize) -> Vec<String> {
    let text = shared_text(&format!("puzzles/{name}"));
    one_line_puzzles(&text)
        .into_iter()
        .take(n)
        .map(|s| s.puzzle)
        .collect()
}

/// The text of `../shared/PATH`; panics when it is missing (only tests that need it read it).
pub fn shared_text(path: &str) -> String {
    let full = root().join("../shared").join(path);
    std::fs::read_to_string(&full)
        .unwrap_or_else(|e| panic!("needs ../shared: {}: {e}", full.display()))
}

/// Whether the command-line tool `tool` can be run here. Without it, a test that needs it is
/// skipped and says so on stderr; but with `CI` set it fails, since `.ci/run` installs every
/// tool the tests use.
pub fn have_tool(tool: &str) -> bool {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        skip_or_fail(&format!("needs `{tool}`, which is not installed"));
    }
    found
}

/// A check that cannot run here: a failure under CI, a note on stderr elsewhere.
pub fn skip_or_fail(why: &str) {
    if std::env::var_os("CI").is_some() {
        panic!("CI: {why}");
    }
    // Straight to stderr: the test harness keeps what `eprintln!` prints from a passing test.
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "skipped: {why}");
}

// ---------------------------------------------------------------------------------------------
// Running the binary.

pub const BIN: &str = env!("CARGO_BIN_EXE_sudoku");

/// How long any one run may take before the test kills it and fails.
pub const WATCHDOG: Duration = Duration::from_secs(90);

/// A command for the binary with an environment that does not depend on the caller's.
pub fn sudoku() -> Command {
    let mut cmd = Command::new(BIN);
    cmd.env_remove("NO_COLOR")
        .env_remove("CLICOLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("COLUMNS")
        .env_remove("TERM")
        .env_remove("RUST_BACKTRACE");
    cmd
}

#[derive(Debug)]
pub struct Run {
    pub code: Option<i32>,
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
    pub raw_stdout: Vec<u8>,
}

impl Run {
    /// Panics unless the exit status is `code`, showing stderr.
    #[track_caller]
    pub fn expect_code(&self, code: i32) -> &Self {
        assert_eq!(
            self.code,
            Some(code),
            "exit status {:?}, expected {code}\n--- stderr:\n{}\n--- stdout (first 2000 chars):\n{}",
            self.status,
            self.stderr,
            self.stdout.chars().take(2000).collect::<String>()
        );
        self.no_panic();
        self
    }

    /// Panics if the program panicked.
    #[track_caller]
    pub fn no_panic(&self) -> &Self {
        assert_ne!(self.code, Some(101), "exit 101 (panic):\n{}", self.stderr);
        assert!(
            !self.stderr.contains("panicked"),
            "panic message on stderr:\n{}",
            self.stderr
        );
        self
    }
}

/// Kills the child if it is still running after [`WATCHDOG`]; drop the guard when done.
pub struct Watchdog {
    done: Arc<AtomicBool>,
}

impl Watchdog {
    pub fn new(child: &Child) -> Watchdog {
        let done = Arc::new(AtomicBool::new(false));
        let flag = done.clone();
        let pid = child.id();
        thread::spawn(move || {
            let start = Instant::now();
            while !flag.load(Ordering::SeqCst) {
                if start.elapsed() > WATCHDOG {
                    let _ = Command::new("kill")
                        .args(["-KILL", &pid.to_string()])
                        .status();
                    return;
                }
                thread::sleep(Duration::from_millis(20));
            }
        });
        Watchdog { done }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.done.store(true, Ordering::SeqCst);
    }
}

/// Runs a prepared command, feeding `stdin` (closed at once when `None`), and collects output.
pub fn run_cmd(mut cmd: Command, stdin: Option<&[u8]>) -> Run {
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn sudoku");
    let _dog = Watchdog::new(&child);
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.map(|s| s.to_vec());
    let writer = thread::spawn(move || {
        if let Some(input) = input {
            // The program may legitimately stop reading (e.g. a usage error): ignore EPIPE.
            let _ = pipe.write_all(&input);
        }
        drop(pipe);
    });
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let err_reader = thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let mut raw_stdout = Vec::new();
    out.read_to_end(&mut raw_stdout).expect("read stdout");
    let stderr = err_reader.join().expect("stderr reader");
    let status = child.wait().expect("wait");
    writer.join().expect("stdin writer");
    assert!(
        status.code().is_some(),
        "sudoku was killed by a signal ({status:?}), or ran longer than {WATCHDOG:?}\n{}",
        String::from_utf8_lossy(&stderr)
    );
    Run {
        code: status.code(),
        status,
        stdout: String::from_utf8_lossy(&raw_stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        raw_stdout,
    }
}

/// Runs `sudoku ARGS` with `stdin`.
pub fn run(args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut cmd = sudoku();
    cmd.args(args);
    run_cmd(cmd, stdin)
}

/// Runs `sudoku ARGS` in `dir` (so file names in messages are short and known).
pub fn run_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut cmd = sudoku();
    cmd.args(args).current_dir(dir);
    run_cmd(cmd, stdin)
}

/// Asserts two texts are equal, showing a line-by-line diff when they are not.
#[track_caller]
pub fn assert_text_eq(actual: &str, expected: &str) {
    if actual == expected {
        return;
    }
    let a: Vec<&str> = actual.split('\n').collect();
    let e: Vec<&str> = expected.split('\n').collect();
    let mut diff = String::new();
    for i in 0..a.len().max(e.len()) {
        match (e.get(i), a.get(i)) {
            (Some(x), Some(y)) if x == y => diff.push_str(&format!("   {x}\n")),
            (x, y) => {
                if let Some(x) = x {
                    diff.push_str(&format!(" - {x:?}\n"));
                }
                if let Some(y) = y {
                    diff.push_str(&format!(" + {y:?}\n"));
                }
            }
        }
    }
    panic!("output differs (- expected, + actual):\n{diff}");
}

/// Reads a grid printed in the grid format (9 digit rows with separators) starting at
/// `lines[0]`; returns its cells. Blanks `.` are allowed (for puzzles).
pub fn parse_grid(lines: &[&str]) -> [u8; 81] {
    let rows: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.starts_with("---"))
        .take(9)
        .collect();
    assert_eq!(rows.len(), 9, "grid rows: {lines:?}");
    let mut out = [0u8; 81];
    for (r, row) in rows.iter().enumerate() {
        let cells: Vec<u8> = row
            .bytes()
            .filter(|b| !matches!(b, b' ' | b'|'))
            .map(|b| match b {
                b'1'..=b'9' => b - b'0',
                b'.' => 0,
                _ => panic!("bad grid row {row:?}"),
            })
            .collect();
        assert_eq!(cells.len(), 9, "grid row {row:?}");
        out[r * 9..r * 9 + 9].copy_from_slice(&cells);
    }
    out
}

/// The grid format of a full or partial board, written independently of the library.
pub fn grid_text(cells: &[u8; 81]) -> String {
    let mut s = String::new();
    for r in 0..9 {
        if r == 3 || r == 6 {
            s.push_str("------+-------+------\n");
        }
        for c in 0..9 {
            if c == 3 || c == 6 {
                s.push_str(" |");
            }
            if c > 0 {
                s.push(' ');
            }
            let v = cells[r * 9 + c];
            s.push(if v == 0 { '.' } else { (b'0' + v) as char });
        }
        s.push('\n');
    }
    s
}

/// Parses JSON Lines output into values, with a clear panic on a bad line.
pub fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not a JSON line ({e}): {l:?}")))
        .collect()
}

/// A temporary directory holding the given files.
pub fn temp_files(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, content) in files {
        std::fs::write(dir.path().join(name), content).expect("write temp file");
    }
    dir
}

/// Every solution of `puzzle` (at most `max`), by the reference backtracker, in its order.
pub fn reference_solutions(puzzle: &[u8; 81], max: usize) -> Vec<[u8; 81]> {
    fn rec(g: &mut [u8; 81], out: &mut Vec<[u8; 81]>, max: usize) {
        if out.len() >= max {
            return;
        }
        let Some(i) = (0..81).find(|&i| g[i] == 0) else {
            out.push(*g);
            return;
        };
        for d in 1..=9 {
            g[i] = d;
            if keeps_rules(g) {
                rec(g, out, max);
            }
            g[i] = 0;
        }
    }
    let mut out = Vec::new();
    if keeps_rules(puzzle) {
        rec(&mut puzzle.clone(), &mut out, max);
    }
    out
}

/// Runs `sudoku ARGS` (in `dir`, if given), feeding it `stdin` from a thread (or none), reads
/// `lines` lines of its output and then closes the pipe, as `| head -n LINES` does. Returns
/// the lines read, the exit status and stderr.
pub fn read_lines_then_close(
    dir: Option<&Path>,
    args: &[&str],
    stdin: Option<Vec<u8>>,
    lines: usize,
) -> (Vec<String>, Option<i32>, String) {
    use std::io::BufRead;
    let mut cmd = sudoku();
    cmd.args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = dir {
        cmd.current_dir(dir);
    }
    let mut child = cmd.spawn().unwrap();
    let _dog = Watchdog::new(&child);
    // The writer may meet a closed pipe once the program is gone: that is expected.
    let writer = child.stdin.take().zip(stdin).map(|(mut pipe, bytes)| {
        thread::spawn(move || {
            let _ = pipe.write_all(&bytes);
        })
    });
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut read = Vec::new();
    for _ in 0..lines {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        read.push(line);
    }
    drop(out);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    if let Some(writer) = writer {
        let _ = writer.join();
    }
    (read, status.code(), err)
}
