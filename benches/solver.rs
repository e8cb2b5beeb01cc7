//! The solver alone, in process: first solution, uniqueness (count to 2) and counting.
//!
//! One group per collection of `../shared/puzzles/` when present, else the project's own
//! `puzzles/*.txt`, else a few puzzles embedded here, so that it runs on a fresh clone. Large
//! collections are cut to their first [`MAX_PUZZLES`] puzzles to keep runs short; run e.g.
//! `cargo bench --bench solver -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku::board::{Board, CELLS};
use sudoku::solver::{self, NoObserver, SearchEnd};

/// At most this many puzzles of each collection are timed.
const MAX_PUZZLES: usize = 2000;

/// The shared benchmark collections, easy to hard.
const SHARED: [&str; 5] = [
    "unbiased_1000",
    "17_clue",
    "serg_benchmark",
    "magictour_top1465",
    "forum_hardest_1106",
];

/// Used when no puzzle file can be found.
const EMBEDDED: [&str; 4] = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
    ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...",
];

/// The puzzles of a text: every line starting with 81 cells (digits, `.`, `0` or `_`).
fn parse(text: &str) -> Vec<Board> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|line| {
            let bytes = line.as_bytes().get(..CELLS)?;
            let mut cells = [0u8; CELLS];
            for (c, &ch) in cells.iter_mut().zip(bytes) {
                *c = match ch {
                    b'1'..=b'9' => ch - b'0',
                    b'.' | b'0' | b'_' => 0,
                    _ => return None,
                };
            }
            Board::from_cells(cells).ok()
        })
        .collect()
}

/// (name, puzzles) for each collection found.
fn collections() -> Vec<(String, Vec<Board>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared: Vec<_> = SHARED
        .iter()
        .filter_map(|name| {
            let path = root.join("../shared/puzzles").join(format!("{name}.txt"));
            let text = std::fs::read_to_string(path).ok()?;
            Some((name.to_string(), parse(&text)))
        })
        .collect();
    if !shared.is_empty() {
        return shared;
    }
    let mut own: Vec<(String, Vec<Board>)> = std::fs::read_dir(root.join("puzzles"))
        .into_iter()
        .flatten()
        .filter_map(|entry| {
            let path: PathBuf = entry.ok()?.path();
            if path.extension()? != "txt" {
                return None;
            }
            let text = std::fs::read_to_string(&path).ok()?;
            let puzzles = parse(&text);
            let name = path.file_stem()?.to_string_lossy().into_owned();
            (!puzzles.is_empty()).then_some((name, puzzles))
        })
        .collect();
    own.sort_by(|a, b| a.0.cmp(&b.0));
    if own.is_empty() {
        own.push(("embedded".to_string(), parse(&EMBEDDED.join("\n"))));
    }
    own
}

/// Prints the search effort behind a benchmark: guesses per puzzle, so that a time per
/// puzzle can be read as guesses times a time per guess (node).
fn print_guesses(name: &str, puzzles: &[Board]) {
    let guesses: u64 = puzzles
        .iter()
        .map(|p| solver::analyse(p, Some(2), None).guesses)
        .sum();
    eprintln!(
        "{name}: {} puzzles, {:.2} guesses per puzzle (solve and check uniqueness)",
        puzzles.len(),
        guesses as f64 / puzzles.len().max(1) as f64
    );
}

fn solve(c: &mut Criterion) {
    for (name, mut puzzles) in collections() {
        puzzles.truncate(MAX_PUZZLES);
        print_guesses(&name, &puzzles);
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function("first", |b| {
            b.iter(|| {
                let mut solved = 0u32;
                for p in black_box(&puzzles) {
                    solved += u32::from(solver::solve_first(p).is_some());
                }
                solved
            })
        });
        group.bench_function("unique", |b| {
            b.iter(|| {
                let mut unique = 0u32;
                for p in black_box(&puzzles) {
                    let a = solver::analyse(p, Some(2), None);
                    unique += u32::from(a.count == 1 && a.complete);
                }
                unique
            })
        });
        group.finish();
    }
}

/// Counting solutions of puzzles with very many, up to a limit.
fn counting(c: &mut Criterion) {
    // A hard puzzle with its last five givens removed, and the empty grid.
    let mut cells = *parse(EMBEDDED[0])[0].cells();
    let mut removed = 0;
    for v in cells.iter_mut().rev() {
        if *v != 0 && removed < 5 {
            *v = 0;
            removed += 1;
        }
    }
    let loose = Board::from_cells(cells).expect("digits");
    // The 20-clue puzzle of docs/performance.md, whose count is compared with the peer's.
    let c20 =
        parse("7..6....4...7..1.6........3.....7.2...........8.54.3...2.9..8.55........8.7......")
            [0];
    let cases = [
        ("loose_100k", loose, Some(100_000)),
        ("c20_100k", c20, Some(100_000)),
        ("empty_100k", Board::empty(), Some(100_000)),
    ];
    let mut group = c.benchmark_group("count");
    group.sample_size(10);
    for (name, board, limit) in cases {
        let a = solver::analyse(&board, limit, None);
        eprintln!(
            "count/{name}: {} solutions, {:.2} guesses per solution",
            a.count,
            a.guesses as f64 / a.count.max(1) as f64
        );
        let n = a.count;
        group.throughput(Throughput::Elements(n));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut count = 0u64;
                let report = solver::search(black_box(&board), &mut NoObserver, None, |_| {
                    count += 1;
                    if Some(count) == limit {
                        std::ops::ControlFlow::Break(())
                    } else {
                        std::ops::ControlFlow::Continue(())
                    }
                });
                assert!(report.end != SearchEnd::Interrupted);
                count
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solve, counting);
criterion_main!(benches);
