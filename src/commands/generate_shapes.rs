//! `sudoku generate --size N` (and `--box`, `--variant`, `--regions`, `--jigsaw`,
//! `--symbols`): puzzles of other shapes with [`sudoku::variant::generate`]. Puzzle `i`
//! depends only on the seed, `i` and the options, as with the classic generator, so the
//! output is the same whatever `--threads` is.

use std::fmt::Write as _;
use std::io::Write as _;
use std::time::Duration;

use anyhow::{Result, anyhow, bail};
use sudoku::generate::{Stream, Symmetry, SymmetryChoice};
use sudoku::geometry::Geometry;
use sudoku::variant::generate::{
    self, AROUND_FROM, Made, dig, jigsaw_symmetry_refusal, make, random_grid, regions_around,
    symmetry_fits,
};
use sudoku::variant::{Alphabet, Puzzle, Shape, Spec, regions_line};

use crate::batch::{self, Counter, Ending, Options, Record, Verdict, interrupt};
use crate::cli::{GenerateArgs, GenerateFormat};

/// Guesses per uniqueness check for the largest grids and for jigsaw grids from 15x15 up
/// (see `variant::generate`; a 16x16 jigsaw took minutes without one): with 1,000
/// a 25x25 puzzle takes about 2.7 s of CPU and keeps about 280 givens (100: 0.5 s, 290;
/// 100,000: 30 s to minutes, 277).
const BIG_BUDGET: u64 = 1_000;
/// Region draws tried for a jigsaw puzzle before giving up (a draw can have no solution).
const REGION_TRIES: usize = 20;

/// Whether the command line asks for another shape than the classic 9×9.
pub fn wants(args: &GenerateArgs) -> bool {
    let s = &args.shape;
    args.size.is_some_and(|n| n != 9)
        || args.jigsaw
        || s.box_shape.is_some()
        || s.variant.is_some()
        || s.regions.is_some()
        || s.symbols.is_some()
}

/// Runs `generate` for another shape.
pub fn run(args: GenerateArgs) -> Result<Ending> {
    super::refuse_zero_timeout(args.batch.timeout)?;
    if args.techniques.is_some() || args.rating.is_some() || args.level.is_some() {
        bail!("--techniques, --rating and --level are for classic 9x9 puzzles");
    }
    let spec = super::shapes::spec(&args.shape)?;
    let n = match (args.size, spec.regions_size()) {
        (Some(n), Some(r)) if usize::from(n) != r => {
            bail!("--regions are for a {r}x{r} grid, not --size {n}")
        }
        (Some(n), _) => usize::from(n),
        (None, Some(r)) => r,
        (None, None) => 9,
    };
    let jigsaw = args.jigsaw || spec.regions.is_some();
    // The shape once, or for --jigsaw one without regions, to check the options.
    let base = spec.shape(n).map_err(|e| anyhow!("{e}"))?;
    let symmetries: Vec<Symmetry> = match args.symmetry {
        None if jigsaw => vec![Symmetry::None],
        None => vec![Symmetry::Rot180],
        Some(SymmetryChoice::Random) => Symmetry::ALL[1..]
            .iter()
            .copied()
            .filter(|&s| {
                if args.jigsaw {
                    jigsaw_symmetry_refusal(n, s).is_none()
                } else {
                    symmetry_fits(&base.geometry, s)
                }
            })
            .collect(),
        Some(SymmetryChoice::Fixed(s)) => vec![s],
    };
    if symmetries.is_empty() {
        bail!("no symmetry keeps this shape: use --symmetry none");
    }
    for &s in &symmetries {
        if args.jigsaw {
            if let Some(why) = jigsaw_symmetry_refusal(n, s) {
                let hint = if n >= AROUND_FROM {
                    "--symmetry none"
                } else {
                    "--symmetry none, or rot180 or mirror"
                };
                bail!("--symmetry {s} --jigsaw: {why}\n  hint: {hint}");
            }
        } else if s != Symmetry::None && !symmetry_fits(&base.geometry, s) {
            let what = describe(&base.geometry);
            bail!(
                "--symmetry {s}: {what} do not keep that symmetry (a house would map onto cells \
                 that are not one)\n  hint: --symmetry none, or one that keeps the shape"
            );
        }
    }
    if let Some(c) = args.clues
        && c.max > n * n
    {
        bail!(
            "clue count {c} is out of range: {n}x{n} puzzles have at most {} givens",
            n * n
        );
    }
    let end = super::generate::end_index(&args)?;
    let seed = args.seed.unwrap_or_else(super::generate::random_seed);
    let batch = args.batch;
    // The boxed grid (default boxes, the variants) that jigsaw solutions start from.
    let start = if args.jigsaw && n >= AROUND_FROM {
        let g = Geometry::new(n)
            .and_then(|g| g.with_variants(spec.variants))
            .map_err(|e| anyhow!("{e}"))?;
        Some(Shape::new(g, (*base.alphabet).clone()))
    } else {
        None
    };
    let command = GenerateShapes {
        start,
        n,
        spec,
        base,
        jigsaw: args.jigsaw,
        symmetries,
        seed,
        minimal: !args.no_minimal,
        clues: args.clues.map(|c| (c.min, c.max)),
        solved: args.solved,
        solution: args.solution,
        format: args.format,
        color: super::color(batch.color),
        timeout: batch.timeout,
        from: args.from,
        end,
    };
    // One puzzle a chunk: a 25x25 puzzle can take seconds.
    let options = Options {
        chunk: 1,
        ..super::options(&batch)
    };
    batch::run(&command, Counter::range(args.from, end), &options)
}

fn describe(g: &Geometry) -> String {
    match g.box_shape() {
        Some((r, c)) => format!("{r}x{c} boxes"),
        None => "these regions".into(),
    }
}

struct GenerateShapes {
    /// For a jigsaw drawn around its solution: the boxed shape that solution comes from.
    start: Option<Shape>,
    n: usize,
    spec: Spec,
    base: Shape,
    jigsaw: bool,
    symmetries: Vec<Symmetry>,
    seed: u64,
    minimal: bool,
    clues: Option<(usize, usize)>,
    solved: bool,
    solution: bool,
    format: GenerateFormat,
    color: bool,
    timeout: Option<Duration>,
    from: u64,
    end: Option<u64>,
}

batch::counts! {
    /// Counts for `--stats`.
    struct ShapesTally {
        made,
        clues,
        minimal,
        missed,
    }
}

impl GenerateShapes {
    /// The shape of one puzzle: the fixed one, or fresh jigsaw regions from the stream that
    /// keep the symmetry.
    fn shape(&self, rng: &mut Stream, symmetry: Symmetry) -> Shape {
        if !self.jigsaw {
            return self.base.clone();
        }
        let labels = generate::symmetric_regions(self.n, symmetry, rng)
            .expect("the symmetries were checked for jigsaw regions");
        self.jigsaw_shape(&labels)
    }

    /// The jigsaw shape of these region labels.
    fn jigsaw_shape(&self, labels: &[char]) -> Shape {
        let g = Geometry::new(self.n)
            .and_then(|g| g.with_regions(labels))
            .and_then(|g| g.with_variants(self.spec.variants))
            .expect("drawn regions partition the grid");
        let alphabet: Alphabet = (*self.base.alphabet).clone();
        Shape::new(g, alphabet)
    }

    /// Makes puzzle `index`: `None` when stopped or out of time or no grid was found.
    fn make(&self, index: u64, stop: &dyn Fn() -> bool) -> Option<Made> {
        let mut rng = generate::stream(self.seed, index);
        let symmetry = self.symmetries[rng.index(self.symmetries.len())];
        let options = generate::Options {
            symmetry,
            minimal: self.minimal,
            max_clues: self.clues.map(|c| c.1),
            // Jigsaw regions from 15x15 up make some checks as long as 25x25 ones.
            budget: (self.n >= 20 || self.jigsaw && self.n >= 15).then_some(BIG_BUDGET),
        };
        if let Some(start) = &self.start {
            return self.make_around(start, &mut rng, symmetry, &options, stop);
        }
        let tries = if self.jigsaw { REGION_TRIES } else { 1 };
        for _ in 0..tries {
            let shape = self.shape(&mut rng, symmetry);
            if self.solved {
                let grid = random_grid(&shape.solver, &mut rng, stop)?;
                let solution = Puzzle::from_values(shape.clone(), &grid);
                return Some(Made {
                    puzzle: solution.clone(),
                    solution,
                    minimal: false,
                });
            }
            let made = make(&shape, &shape.solver, &mut rng, &options, stop);
            if made.is_some() || stop() {
                return made;
            }
        }
        None
    }

    /// Makes a jigsaw puzzle whose solution comes first: a random grid of the boxed `start`
    /// shape, regions drawn around it, then givens taken out for those regions.
    fn make_around(
        &self,
        start: &Shape,
        rng: &mut Stream,
        symmetry: Symmetry,
        options: &generate::Options,
        stop: &dyn Fn() -> bool,
    ) -> Option<Made> {
        let grid = random_grid(&start.solver, rng, stop)?;
        let labels = regions_around(&grid, self.n, symmetry, rng)
            .expect("the symmetries were checked for jigsaw regions");
        let shape = self.jigsaw_shape(&labels);
        if self.solved {
            let solution = Puzzle::from_values(shape, &grid);
            return Some(Made {
                puzzle: solution.clone(),
                solution,
                minimal: false,
            });
        }
        dig(&shape, &shape.solver, grid, rng, options, stop)
    }

    fn write(&self, out: &mut Vec<u8>, index: u64, made: &Made, symmetry: &str) {
        let regions = regions_line(made.puzzle.geometry());
        let clues = made.puzzle.givens();
        match self.format {
            GenerateFormat::Line => {
                out.extend_from_slice(made.puzzle.to_line().as_bytes());
                if self.solution && !self.solved {
                    out.push(b' ');
                    out.extend_from_slice(made.solution.to_line().as_bytes());
                }
                if let Some(r) = &regions {
                    let _ = write!(out, " {r}");
                }
                out.push(b'\n');
            }
            GenerateFormat::Grid => {
                if self.solved {
                    let _ = writeln!(out, "# grid {index}");
                } else {
                    let _ = writeln!(out, "# puzzle {index}: {clues} clues, {symmetry}");
                }
                if let Some(r) = &regions {
                    let _ = writeln!(out, "# regions {r}");
                }
                made.puzzle
                    .write_grid(out, Some(&made.puzzle), self.color && !self.solved);
                if self.solution && !self.solved {
                    out.extend_from_slice(b"# solution\n");
                    let mut grid = Vec::new();
                    made.solution.write_grid(&mut grid, None, false);
                    for row in grid.split_inclusive(|&b| b == b'\n') {
                        out.extend_from_slice(b"# ");
                        out.extend_from_slice(row);
                    }
                }
                out.push(b'\n');
            }
            GenerateFormat::Json => {
                let _ = write!(out, "{{\"index\":{index},\"seed\":{}", self.seed);
                if !self.solved {
                    let _ = write!(out, ",\"puzzle\":\"{}\"", made.puzzle.to_line());
                }
                made.puzzle.write_json_shape(out);
                let _ = write!(out, ",\"solution\":\"{}\"", made.solution.to_line());
                if !self.solved {
                    let _ = write!(
                        out,
                        ",\"clues\":{clues},\"symmetry\":\"{symmetry}\",\"minimal\":{}",
                        made.minimal
                    );
                }
                out.extend_from_slice(b"}\n");
            }
        }
    }
}

impl batch::SimpleCommand for GenerateShapes {
    type Job = u64;

    fn run(&self, &index: &u64, record: &mut Record<'_>, tally: &mut ShapesTally) -> Verdict {
        let stop = interrupt::stop_after(self.timeout);
        // The symmetry drawn is the stream's first draw, as `make` draws it.
        let symmetry = {
            let mut rng = generate::stream(self.seed, index);
            self.symmetries[rng.index(self.symmetries.len())]
        };
        let made = match self.make(index, &stop) {
            Some(made) => {
                let clues = made.puzzle.givens();
                match self.clues {
                    // Minimal puzzles of this grid miss the range: say so.
                    Some((min, max)) if !self.solved && !(min..=max).contains(&clues) => {
                        Err(format!("{clues} clues, not {min}-{max}"))
                    }
                    _ => Ok(made),
                }
            }
            None if interrupt::stopping() => return Verdict::Success,
            None if stop() => Err("out of time".to_string()),
            None => Err("no grid of this shape was found".to_string()),
        };
        match made {
            Ok(made) => {
                tally.made += 1;
                tally.clues += made.puzzle.givens() as u64;
                tally.minimal += u64::from(made.minimal);
                self.write(record.out(), index, &made, symmetry.name());
                Verdict::Success
            }
            Err(why) => {
                tally.missed += 1;
                record.report(format!("sudoku: puzzle {index}: missed: {why}\n"));
                Verdict::Failure
            }
        }
    }
}

impl batch::Frame for GenerateShapes {
    type Tally = ShapesTally;

    fn interrupted_note(&self, tally: &ShapesTally) -> Option<String> {
        let made = tally.made;
        let note = super::generate::resume_note(made, self.solved, self.seed, self.from, self.end);
        Some(note)
    }

    fn summary(&self, tally: &ShapesTally, elapsed: Duration) -> String {
        let secs = elapsed.as_secs_f64();
        let rate = tally.made as f64 / secs.max(1e-9);
        let n = self.n;
        let mut s = format!(
            "generated {} {n}x{n} {} in {secs:.3} s ({rate:.2}/s), seed {}\n",
            tally.made,
            if self.solved { "grids" } else { "puzzles" },
            self.seed
        );
        if !self.solved && tally.made > 0 {
            let _ = writeln!(
                s,
                "clues: mean {:.2}; minimal: {} of {}; missed: {}",
                tally.clues as f64 / tally.made as f64,
                tally.minimal,
                tally.made,
                tally.missed
            );
        }
        s
    }
}
