//! Parsing and formatting alone, without solving: how much of a batch's time is I/O work.
//!
//! Reads `../shared/puzzles/17_clue.txt` when present, else the project's own `puzzles/`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku::board::Board;
use sudoku::format::{self, Context, Cut, Format, Mode, Outcome};
use sudoku::input::PuzzleReader;
use sudoku::solver;

fn input_text() -> Vec<u8> {
    let shared = Path::new("../shared/puzzles/17_clue.txt");
    if let Ok(text) = std::fs::read(shared) {
        return text;
    }
    let mut text = Vec::new();
    for entry in std::fs::read_dir("puzzles").expect("puzzles/ exists") {
        let path = entry.expect("readable dir").path();
        if path.extension().is_some_and(|e| e == "txt") {
            text.extend(std::fs::read(path).expect("readable file"));
            text.push(b'\n');
        }
    }
    text
}

fn parse(c: &mut Criterion) {
    let text = input_text();
    let count = PuzzleReader::new(text.as_slice()).count() as u64;
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Elements(count));
    group.bench_function("read all puzzles", |b| {
        b.iter(|| {
            let mut ok = 0u64;
            for entry in PuzzleReader::new(black_box(text.as_slice())) {
                ok += entry.expect("in memory").result.is_ok() as u64;
            }
            ok
        })
    });
    group.finish();
}

fn format(c: &mut Criterion) {
    let text = input_text();
    let boards: Vec<Board> = PuzzleReader::new(text.as_slice())
        .filter_map(|e| e.ok()?.result.ok())
        .take(10_000)
        .collect();
    let mut group = c.benchmark_group("format");
    group.throughput(Throughput::Elements(boards.len() as u64));
    for (name, fmt) in [
        ("line", Format::Line),
        ("grid", Format::Grid),
        ("json", Format::Json),
    ] {
        let cx = Context {
            name: "bench.txt",
            json_name: "bench.txt",
            line: 1,
            format: fmt,
            mode: Mode::Solve,
            color: false,
            stats: false,
        };
        let mut out = Vec::with_capacity(1 << 20);
        group.bench_function(name, |b| {
            b.iter(|| {
                out.clear();
                for board in &boards {
                    // The puzzle stands in for its solution: formatting does not care.
                    let outcome = Outcome {
                        first: Some(*board),
                        count: 1,
                        cut: None::<Cut>,
                        guesses: 0,
                        micros: 0,
                    };
                    format::write_outcome(&mut out, &cx, black_box(board), &outcome);
                }
                out.len()
            })
        });
    }
    group.finish();
}

/// The whole per-puzzle path in memory (parse, solve with a uniqueness check, format a line)
/// against the solver alone on the same puzzles: the difference is what reading and writing
/// add, which should stay within about 10% of the solving time.
fn pipeline(c: &mut Criterion) {
    let text = input_text();
    let boards: Vec<Board> = PuzzleReader::new(text.as_slice())
        .filter_map(|e| e.ok()?.result.ok())
        .collect();
    let cx = Context {
        name: "bench.txt",
        json_name: "bench.txt",
        line: 1,
        format: Format::Line,
        mode: Mode::Solve,
        color: false,
        stats: false,
    };
    let mut group = c.benchmark_group("pipeline");
    group.sample_size(10);
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("solve only", |b| {
        b.iter(|| {
            let mut unique = 0u64;
            for board in &boards {
                let a = solver::analyse(black_box(board), Some(2), None);
                unique += (a.count == 1) as u64;
            }
            unique
        })
    });
    let mut out = Vec::with_capacity(1 << 20);
    group.bench_function("parse, solve, format", |b| {
        b.iter(|| {
            out.clear();
            for entry in PuzzleReader::new(black_box(text.as_slice())) {
                let Ok(board) = entry.expect("in memory").result else {
                    continue;
                };
                let a = solver::analyse(&board, Some(2), None);
                let outcome = Outcome {
                    first: a.first,
                    count: a.count,
                    cut: None,
                    guesses: a.guesses,
                    micros: 0,
                };
                format::write_outcome(&mut out, &cx, &board, &outcome);
                if out.len() > 1 << 19 {
                    out.clear();
                }
            }
            out.len()
        })
    });
    group.finish();
}

criterion_group!(benches, parse, format, pipeline);
criterion_main!(benches);
