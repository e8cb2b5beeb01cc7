//! Canonical forms alone, in process: the minlex form (with automorphisms and transformation)
//! of each puzzle of a collection.
//!
//! One group per collection of `../shared/puzzles/` when present (the sparse `17_clue` is the
//! hard case), else a few puzzles embedded here so that it runs on a fresh clone, plus solved
//! grids. Collections are cut to their first [`MAX_PUZZLES`] puzzles; run e.g.
//! `cargo bench --bench canon -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku::board::CELLS;
use sudoku::canon::Canonicalizer;
use sudoku::generate::{Generator, Options};

/// At most this many puzzles of each collection are timed.
const MAX_PUZZLES: usize = 5000;

/// The shared collections timed.
const SHARED: [&str; 3] = ["17_clue", "unbiased_1000", "forum_hardest_1106"];

/// Used when no shared collection is found.
const EMBEDDED: [&str; 3] = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
    ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...",
];

/// The grids of a text: every line starting with 81 cells (digits, `.`, `0` or `_`).
fn parse(text: &str) -> Vec<[u8; CELLS]> {
    text.lines()
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
            Some(cells)
        })
        .collect()
}

fn collections() -> Vec<(String, Vec<[u8; CELLS]>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found: Vec<(String, Vec<[u8; CELLS]>)> = SHARED
        .iter()
        .filter_map(|name| {
            let path = root.join("../shared/puzzles").join(format!("{name}.txt"));
            let text = std::fs::read_to_string(path).ok()?;
            Some((name.to_string(), parse(&text)))
        })
        .collect();
    if found.is_empty() {
        found.push(("embedded".to_string(), parse(&EMBEDDED.join("\n"))));
    }
    let generator = Generator::new(1, Options::default()).expect("default options");
    let solved = (0..200).map(|i| *generator.solved(i).cells()).collect();
    found.push(("solved_grids".to_string(), solved));
    found
}

fn minlex(c: &mut Criterion) {
    for (name, mut puzzles) in collections() {
        puzzles.truncate(MAX_PUZZLES);
        let mut group = c.benchmark_group(format!("canon/{name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        let mut canon = Canonicalizer::new();
        group.bench_function("minlex", |b| {
            b.iter(|| {
                let mut sum = 0u32;
                for p in black_box(&puzzles) {
                    sum = sum.wrapping_add(canon.minlex(p).automorphisms);
                }
                sum
            })
        });
        group.finish();
    }
}

criterion_group!(benches, minlex);
criterion_main!(benches);
