//! The generator in process: minimal puzzles for each symmetry, random complete grids, and
//! a clue-count search. Run e.g. `cargo bench --bench generate -- --warm-up-time 1
//! --measurement-time 3`; compare with the peer with whole processes (see docs/performance.md).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku::generate::{Generator, Limits, Options, Symmetry, SymmetryChoice};

/// Puzzles made per iteration: enough to average over their varied costs.
const BATCH: u64 = 100;

fn options(sym: Symmetry) -> Options {
    Options {
        symmetry: SymmetryChoice::Fixed(sym),
        ..Options::default()
    }
}

fn minimal(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.throughput(Throughput::Elements(BATCH));
    for sym in Symmetry::ALL {
        let maker = Generator::new(1, options(sym)).unwrap();
        let mut next = 0u64;
        group.bench_function(sym.name(), |b| {
            b.iter(|| {
                for _ in 0..BATCH {
                    black_box(maker.puzzle(next));
                    next += 1;
                }
            })
        });
    }
    let maker = Generator::new(1, Options::default()).unwrap();
    let mut next = 0u64;
    group.bench_function("solved", |b| {
        b.iter(|| {
            for _ in 0..BATCH {
                black_box(maker.solved(next));
                next += 1;
            }
        })
    });
    group.finish();
}

fn targets(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate_clues");
    group.sample_size(10);
    for (sym, clues) in [(Symmetry::None, "21"), (Symmetry::None, "20")] {
        let maker = Generator::new(
            1,
            Options {
                clues: Some(clues.parse().unwrap()),
                ..options(sym)
            },
        )
        .unwrap();
        let limits = Limits {
            moves: Some(1_000_000),
            ..Limits::default()
        };
        let mut next = 0u64;
        group.bench_function(format!("{sym}_{clues}"), |b| {
            b.iter(|| {
                next += 1;
                black_box(maker.puzzle_within(next, &limits))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, minimal, targets);
criterion_main!(benches);
