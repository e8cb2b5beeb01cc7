//! The human-style solver, in process: each technique family's finders on a fixed set of
//! positions, and whole explanations.
//!
//! Positions: the puzzles of `../shared/puzzles/` (first [`MAX_PUZZLES`] of each) when present,
//! else the project's `puzzles/hard.txt`, each solved with singles, intersections and subsets
//! until they are stuck: where the harder families are asked, in a real solve. Run e.g.
//! `cargo bench --bench logic -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;
use std::ops::ControlFlow;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku::board::{Board, CELLS};
use sudoku::logic::{self, Family, Grid, Ladder, Technique};

/// At most this many puzzles of each collection.
const MAX_PUZZLES: usize = 300;

fn parse(text: &str) -> Vec<Board> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|line| line.get(..CELLS)?.parse().ok())
        .collect()
}

/// The puzzles the benchmarks start from.
fn puzzles() -> Vec<(String, Vec<Board>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for name in ["unbiased_1000", "magictour_top1465", "forum_hardest_1106"] {
        let path = root.join("../shared/puzzles").join(format!("{name}.txt"));
        if let Ok(text) = std::fs::read_to_string(path) {
            let mut boards = parse(&text);
            boards.truncate(MAX_PUZZLES);
            out.push((name.to_string(), boards));
        }
    }
    if out.is_empty() {
        let text = std::fs::read_to_string(root.join("puzzles/hard.txt")).unwrap_or_default();
        out.push(("hard".to_string(), parse(&text)));
    }
    out
}

/// Each puzzle after the easy families have done all they can.
fn stuck_positions(puzzles: &[Board]) -> Vec<Grid> {
    let easy = Ladder::from_list("singles,intersections,subsets").expect("known families");
    puzzles
        .iter()
        .filter_map(|p| {
            let mut grid = Grid::new(p);
            let end = logic::solve(&mut grid, &easy, None, |_, _| ControlFlow::Continue(()));
            (end == logic::SolveEnd::Stuck).then_some(grid)
        })
        .collect()
}

fn families(c: &mut Criterion) {
    let all: Vec<Board> = puzzles().into_iter().flat_map(|(_, p)| p).collect();
    let positions = stuck_positions(&all);
    let mut group = c.benchmark_group("family");
    group.throughput(Throughput::Elements(positions.len() as u64));
    for family in Family::ALL {
        let techniques: Vec<Technique> = Technique::ALL
            .iter()
            .copied()
            .filter(|t| t.family() == family && t.is_implemented())
            .collect();
        if techniques.is_empty() {
            continue;
        }
        group.bench_function(family.name(), |b| {
            b.iter(|| {
                let mut steps = 0;
                for grid in &positions {
                    for &t in &techniques {
                        let _ = t.find(black_box(grid), &mut |_| {
                            steps += 1;
                            ControlFlow::Continue(())
                        });
                    }
                }
                steps
            })
        });
    }
    group.finish();
}

fn explain(c: &mut Criterion) {
    let ladder = Ladder::default();
    let mut group = c.benchmark_group("explain");
    for (name, puzzles) in puzzles() {
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut steps = 0;
                for p in &puzzles {
                    let mut grid = Grid::new(black_box(p));
                    logic::solve(&mut grid, &ladder, None, |_, _| {
                        steps += 1;
                        ControlFlow::Continue(())
                    });
                }
                steps
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = families, explain
}
criterion_main!(benches);
