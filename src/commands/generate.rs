//! `sudoku generate`: makes puzzles with [`sudoku::generate`]. The jobs are the indices
//! 0, 1, 2, ... ([`Counter`]); puzzle `i` depends only on the seed, `i` and the options, and
//! the driver writes records in index order, so the output is the same bytes whatever the
//! number of threads.

use std::fmt::Write as _;
use std::hash::{BuildHasher, Hasher};
use std::io::Write as _;
use std::time::Duration;

use anyhow::{Context as _, Result, anyhow, bail};
use sudoku::board::Board;
use sudoku::format;
use sudoku::generate::{
    GenerateError, Generated, Generator, Limits, Options as GenOptions, Symmetry, SymmetryChoice,
};
use sudoku::logic::hodoku::{self, Level};
use sudoku::logic::{self, Grid, Ladder, SolveEnd};
use sudoku::rating::{self, Rating, RatingEnd};

use crate::batch::{self, Counter, Ending, Record, Tally, Verdict, interrupt};
use crate::cli::{GenerateArgs, GenerateFormat, LevelArg, Scale, parse_rating, parse_score};

/// Runs `sudoku generate`.
pub fn run(args: GenerateArgs) -> Result<Ending> {
    if super::generate_shapes::wants(&args) {
        return super::generate_shapes::run(args);
    }
    super::refuse_zero_timeout(args.batch.timeout)?;
    // The parser takes counts up to 625 for the other sizes; 9x9 puzzles have 17 to 81.
    if let Some(c) = args.clues
        && (c.min < 17 || c.max > 81)
    {
        bail!(GenerateError::ClueRange {
            text: c.to_string()
        });
    }
    let seed = args.seed.unwrap_or_else(random_seed);
    let options = GenOptions {
        symmetry: args
            .symmetry
            .unwrap_or(SymmetryChoice::Fixed(Symmetry::Rot180)),
        minimal: !args.no_minimal,
        clues: args.clues,
    };
    let generator = Generator::new(seed, options).map_err(|e| match e {
        GenerateError::MinimalClues { .. } => {
            anyhow!("{e}\n  hint: --no-minimal allows extra givens, up to 81")
        }
        e => e.into(),
    })?;
    let (rating, hodoku) = targets(&args)?;
    if let Some((_, max)) = rating
        && max < MINIMAL_LOWEST_ER
        && !args.no_minimal
    {
        bail!(
            "no minimal puzzle rated below {} is known (1.0 means full houses alone, which \
             takes more givens than a minimal puzzle has), so the search would not end\n  \
             hint: --no-minimal allows extra givens",
            Rating::text(MINIMAL_LOWEST_ER)
        );
    }
    let ladder = match &args.techniques {
        Some(list) => Some(Ladder::from_list(list).context("--techniques")?),
        None => None,
    };
    if let (Some(list), Some(ladder)) = (&args.techniques, &ladder) {
        if !ladder.can_place() {
            bail!(
                "--techniques {list}: none of these places a digit, so they solve no puzzle\n  \
                 hint: add singles"
            );
        }
        // Singles alone solve only puzzles Sudoku Explainer also solves with singles: its
        // path takes a single whenever one is there, and placements never take one away.
        if let Some((min, _)) = rating
            && ladder.singles_only()
            && min > SINGLES_HIGHEST_ER
        {
            bail!(
                "--techniques {list} solves only puzzles rated {} or less, below the rating \
                 asked for",
                Rating::text(SINGLES_HIGHEST_ER)
            );
        }
    }
    let end = end_index(&args)?;
    let batch = args.batch;
    let command = Generate {
        generator,
        format: args.format,
        solution: args.solution,
        solved: args.solved,
        ladder,
        rating,
        hodoku,
        stats: batch.stats,
        timeout: batch.timeout,
        color: super::color(batch.color),
        from: args.from,
        end,
    };
    let options = super::options(&batch);
    batch::run(&command, Counter::range(args.from, end), &options)
}

/// An ER range in tenths (both ends included).
type ErRange = (u16, u16);

/// The targets of `--level` and `--rating` on the scale asked for: an ER range (in tenths)
/// or a HoDoKu target.
fn targets(args: &GenerateArgs) -> Result<(Option<ErRange>, Option<HodokuTarget>)> {
    let level_name = |l: LevelArg| {
        clap::ValueEnum::to_possible_value(&l).map_or(String::new(), |v| v.get_name().to_string())
    };
    match args.scale {
        Scale::Both => bail!(
            "--scale both is for rate and explain: generate aims at one scale\n  \
             hint: --scale se or --scale hodoku"
        ),
        Scale::Se => {
            let rating = match (&args.rating, args.level) {
                (Some(text), _) => Some(parse_rating(text).map_err(|e| anyhow!("--rating: {e}"))?),
                (None, Some(level)) => Some(level.range().ok_or_else(|| {
                    anyhow!(
                        "--level {} is a level of HoDoKu's scale\n  hint: --scale hodoku --level {}",
                        level_name(level),
                        level_name(level)
                    )
                })?),
                (None, None) => None,
            };
            Ok((rating, None))
        }
        Scale::Hodoku => {
            let target = match (&args.rating, args.level) {
                (Some(text), _) => {
                    let (min, max) = parse_score(text).map_err(|e| anyhow!("--rating: {e}"))?;
                    HodokuTarget {
                        level: None,
                        min,
                        max,
                    }
                }
                (None, Some(level)) => HodokuTarget {
                    level: Some(level.hodoku().ok_or_else(|| {
                        anyhow!(
                            "--level {} is not one of HoDoKu's levels (easy, medium, hard, \
                             unfair, extreme)",
                            level_name(level)
                        )
                    })?),
                    min: 0,
                    max: u32::MAX,
                },
                (None, None) => bail!(
                    "--scale hodoku says which scale --level or --rating use, and neither is \
                     given\n  hint: --scale hodoku --level unfair"
                ),
            };
            Ok((None, Some(target)))
        }
    }
}

/// A target on HoDoKu's scale: a level, or a score range (both ends included).
#[derive(Clone, Copy)]
struct HodokuTarget {
    level: Option<Level>,
    min: u32,
    max: u32,
}

impl HodokuTarget {
    fn accepts(self, r: &hodoku::Summary) -> bool {
        r.complete
            && self.level.is_none_or(|l| l == r.level)
            && (self.min..=self.max).contains(&r.score)
    }

    /// For people: `HoDoKu level unfair`, `HoDoKu score 1000-1600`.
    fn text(self) -> String {
        match self.level {
            Some(l) => format!("HoDoKu level {l}"),
            None if self.max == u32::MAX => format!("HoDoKu score {}-", self.min),
            None if self.max == self.min => format!("HoDoKu score {}", self.min),
            None => format!("HoDoKu score {}-{}", self.min, self.max),
        }
    }
}

/// HoDoKu scores from this one up are searched for by climbing (extreme puzzles' scores;
/// random minimal puzzles above it are rare).
const HODOKU_CLIMB_FROM: u32 = 2000;

/// A seed nobody chose: the standard library's per-process random hashing keys, mixed with
/// the time. Printed with `--stats` and in JSON, so the puzzles can be made again.
pub(super) fn random_seed() -> u64 {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    if let Ok(t) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        h.write_u128(t.as_nanos());
    }
    h.write_u32(std::process::id());
    h.finish()
}

/// The `generate` command.
struct Generate {
    generator: Generator,
    format: GenerateFormat,
    solution: bool,
    solved: bool,
    /// `--techniques`: only puzzles these solve without guessing.
    ladder: Option<Ladder>,
    /// `--rating` or `--level`: the ER range, in tenths.
    rating: Option<(u16, u16)>,
    /// `--scale hodoku` with `--rating` or `--level`.
    hodoku: Option<HodokuTarget>,
    stats: bool,
    timeout: Option<Duration>,
    /// Givens in bold in grids.
    color: bool,
    /// The first index.
    from: u64,
    /// The index after the last, unless forever.
    end: Option<u64>,
}

/// Whether `ladder` solves `puzzle` by logic alone.
fn solved_by(ladder: &Ladder, puzzle: &Board) -> bool {
    let mut grid = Grid::new(puzzle);
    let stop = || interrupt::stopping();
    logic::solve(&mut grid, ladder, Some(&stop), |_, _| {
        std::ops::ControlFlow::Continue(())
    }) == SolveEnd::Solved
}

/// Counts for `--stats`.
#[derive(Default)]
struct GenerateTally {
    /// Puzzles (or grids) made and printed.
    made: u64,
    clues: u64,
    /// Puzzles by number of givens.
    histogram: Vec<u64>,
    /// Puzzles that missed the clue target when the limits ran out.
    missed: u64,
    moves: u64,
    checks: u64,
}

impl Tally for GenerateTally {
    fn add(&mut self, other: &Self) {
        self.made += other.made;
        self.clues += other.clues;
        if self.histogram.len() < other.histogram.len() {
            self.histogram.resize(other.histogram.len(), 0);
        }
        for (a, b) in self.histogram.iter_mut().zip(&other.histogram) {
            *a += b;
        }
        self.missed += other.missed;
        self.moves += other.moves;
        self.checks += other.checks;
    }
}

impl batch::SimpleCommand for Generate {
    type Job = u64;

    fn run(&self, &index: &u64, record: &mut Record<'_>, tally: &mut GenerateTally) -> Verdict {
        if self.solved {
            tally.made += 1;
            self.write_solved(record.out(), index, &self.generator.solved(index));
            return Verdict::Success;
        }
        let limits = Limits {
            moves: None,
            time: self.timeout,
            stop: Some(&interrupt::stopping),
        };
        let rated = Rated::default();
        let made = self.make(index, &limits, &rated);
        if !made.met && interrupt::stopping() {
            // Cut short by Ctrl-C (or a closed pipe): the puzzle may miss the target, and its
            // rating, if one was being made, is unfinished. It is not printed; the note at
            // the end says how many were.
            return Verdict::Success;
        }
        tally.made += 1;
        let clues = made.clues();
        tally.clues += clues as u64;
        if tally.histogram.len() <= clues {
            tally.histogram.resize(clues + 1, 0);
        }
        tally.histogram[clues] += 1;
        tally.moves += made.moves;
        tally.checks += made.checks;
        self.write(record.out(), index, &made, &rated);
        if made.met {
            Verdict::Success
        } else {
            tally.missed += 1;
            {
                let mut missed = Vec::new();
                if let Some(c) = self.generator.options().clues {
                    missed.push(format!("{c} clues (reached {clues})"));
                }
                if let Some((min, max)) = self.rating {
                    missed.push(format!("the rating {}", range_text(min, max)));
                }
                if let Some(t) = self.hodoku {
                    missed.push(t.text());
                }
                if self.ladder.is_some() {
                    missed.push("the --techniques target".to_string());
                }
                record.report(format!(
                    "sudoku: puzzle {index}: missed {} (out of time)\n",
                    missed.join(" or ")
                ));
            }
            Verdict::Failure
        }
    }
}

impl batch::Frame for Generate {
    type Tally = GenerateTally;

    fn interrupted_note(&self, tally: &GenerateTally) -> Option<String> {
        let made = tally.made;
        Some(resume_note(
            made,
            self.solved,
            self.generator.seed(),
            self.from,
            self.end,
        ))
    }

    fn summary(&self, tally: &GenerateTally, elapsed: Duration) -> String {
        let secs = elapsed.as_secs_f64();
        // Slow targets make under one puzzle a second: show that as 0.54/s, not 1/s.
        let rate = tally.made as f64 / secs.max(1e-9);
        let places = if rate < 10.0 { 2 } else { 0 };
        let mut s = format!(
            "generated {} {} in {secs:.3} s ({rate:.places$}/s), seed {}\n",
            tally.made,
            match (self.solved, tally.made == 1) {
                (true, true) => "grid",
                (true, false) => "grids",
                (false, true) => "puzzle",
                (false, false) => "puzzles",
            },
            self.generator.seed()
        );
        if !self.solved && tally.made > 0 {
            let _ = writeln!(
                s,
                "clues: mean {:.2}; {}",
                tally.clues as f64 / tally.made as f64,
                tally
                    .histogram
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| **n > 0)
                    .map(|(c, n)| format!("{c}: {n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            let _ = writeln!(
                s,
                "uniqueness checks: {:.1} a puzzle; search moves: {}; missed target: {}",
                tally.checks as f64 / tally.made as f64,
                tally.moves,
                tally.missed
            );
        }
        s
    }
}

/// An ER range for people: `8.0-`, `2.0-3.9`, `7.2`.
fn range_text(min: u16, max: u16) -> String {
    let show = Rating::text;
    match max {
        u16::MAX => format!("{}-", show(min)),
        _ if max == min => show(min),
        _ => format!("{}-{}", show(min), show(max)),
    }
}

/// Ratings made while a puzzle is searched for, so that the one printed with it is not made
/// twice: the last puzzle rated and its rating.
#[derive(Default)]
struct Rated(
    std::cell::RefCell<Option<(Board, Rating)>>,
    std::cell::RefCell<Option<(Board, hodoku::Summary)>>,
);

impl Rated {
    /// The rating of `puzzle`, made now unless it was the last one made.
    fn rating(&self, puzzle: &Board) -> Rating {
        let mut last = self.0.borrow_mut();
        match &*last {
            Some((p, r)) if p == puzzle => r.clone(),
            _ => {
                let r = rating::rate_with(puzzle, &interrupt::stopping);
                *last = Some((*puzzle, r.clone()));
                r
            }
        }
    }

    /// HoDoKu's rating of `puzzle` (which has one solution), made now unless it was the last
    /// one made. Only the level, score and flags are used, so the path is not kept.
    fn hodoku(&self, puzzle: &Board) -> Option<hodoku::Summary> {
        let mut last = self.1.borrow_mut();
        match &*last {
            Some((p, r)) if p == puzzle => Some(*r),
            _ => {
                let solution = sudoku::solver::solve_first(puzzle)?;
                let stop = || interrupt::stopping();
                let r = hodoku::summary(puzzle, &solution, Some(&stop));
                *last = Some((*puzzle, r));
                Some(r)
            }
        }
    }

    /// The ER of `puzzle` in tenths, when SE's path reaches the solution.
    fn er(&self, puzzle: &Board) -> Option<u16> {
        let r = self.rating(puzzle);
        (r.end == RatingEnd::Complete).then_some(r.er)
    }
}

/// The highest ER of a puzzle singles solve: a naked single (2.3).
const SINGLES_HIGHEST_ER: u16 = 23;

/// The lowest ER of a minimal puzzle known: hidden singles in boxes (1.2). A puzzle rated
/// 1.0 is solved by full houses alone; no minimal one is known.
const MINIMAL_LOWEST_ER: u16 = 12;

/// Ratings from this ER up are searched for by climbing, not by making puzzles until one
/// fits: about 2% of minimal puzzles rate 8.x and far fewer 9.x.
const CLIMB_FROM: u16 = 60;

impl Generate {
    /// Puzzle `index`, meeting the filters asked for.
    fn make(&self, index: u64, limits: &Limits<'_>, rated: &Rated) -> Generated {
        let techniques_ok = |p: &Board| self.ladder.as_ref().is_none_or(|l| solved_by(l, p));
        if let Some(target) = self.hodoku {
            return self.make_hodoku(index, limits, rated, target, &techniques_ok);
        }
        let Some((min, max)) = self.rating else {
            return self.generator.puzzle_where(index, limits, &techniques_ok);
        };
        let in_range =
            |p: &Board| rated.er(p).is_some_and(|e| (min..=max).contains(&e)) && techniques_ok(p);
        if min < CLIMB_FROM {
            return self.generator.puzzle_where(index, limits, &in_range);
        }
        // Climb toward the minimum. A puzzle above the maximum, or one the techniques asked
        // for cannot solve, scores as low as an unrated one, so the climb never keeps a move
        // that overshoots or leaves the techniques: it goes on from where it was, rather
        // than ending on a puzzle that misses the target.
        let score = |p: &Board| {
            rated
                .er(p)
                .filter(|&e| e <= max && techniques_ok(p))
                .map_or(0.0, f64::from)
        };
        let mut made = self.generator.climb(index, limits, &score, f64::from(min));
        if made.met && !in_range(&made.puzzle) {
            made.met = false;
        }
        made
    }

    /// Puzzle `index` on HoDoKu's scale: made until one fits, or for high scores climbed to.
    fn make_hodoku(
        &self,
        index: u64,
        limits: &Limits<'_>,
        rated: &Rated,
        target: HodokuTarget,
        techniques_ok: &dyn Fn(&Board) -> bool,
    ) -> Generated {
        let in_range =
            |p: &Board| rated.hodoku(p).is_some_and(|r| target.accepts(&r)) && techniques_ok(p);
        if target.level.is_some() || target.min < HODOKU_CLIMB_FROM {
            return self.generator.puzzle_where(index, limits, &in_range);
        }
        // As for high ERs: a puzzle above the maximum scores as low as an unrated one.
        let score = |p: &Board| {
            rated
                .hodoku(p)
                .filter(|r| r.complete && r.score <= target.max && techniques_ok(p))
                .map_or(0.0, |r| f64::from(r.score))
        };
        let mut made = self
            .generator
            .climb(index, limits, &score, f64::from(target.min));
        if made.met && !in_range(&made.puzzle) {
            made.met = false;
        }
        made
    }

    fn write(&self, out: &mut Vec<u8>, index: u64, made: &Generated, rated: &Rated) {
        match self.format {
            GenerateFormat::Line => {
                out.extend_from_slice(made.puzzle.to_line().as_bytes());
                if self.solution {
                    out.push(b' ');
                    out.extend_from_slice(made.solution.to_line().as_bytes());
                }
                out.push(b'\n');
            }
            GenerateFormat::Grid => {
                let _ = writeln!(
                    out,
                    "# puzzle {index}: {} clues, {}",
                    made.clues(),
                    made.symmetry
                );
                format::write_grid(out, &made.puzzle, Some(&made.puzzle), self.color);
                if self.solution {
                    // The solution as comment lines, so that the output reads back as the
                    // puzzles alone (`generate --format grid --solution | sudoku check`).
                    out.extend_from_slice(b"# solution\n");
                    let mut grid = Vec::new();
                    format::write_grid(&mut grid, &made.solution, None, false);
                    for row in grid.split_inclusive(|&b| b == b'\n') {
                        out.extend_from_slice(b"# ");
                        out.extend_from_slice(row);
                    }
                }
                out.push(b'\n');
            }
            GenerateFormat::Json => {
                let _ = write!(
                    out,
                    "{{\"index\":{index},\"seed\":{},\"puzzle\":\"{}\",\"solution\":\"{}\",\
                     \"clues\":{},\"symmetry\":\"{}\",\"minimal\":{}",
                    self.generator.seed(),
                    made.puzzle.to_line(),
                    made.solution.to_line(),
                    made.clues(),
                    made.symmetry,
                    self.generator.options().minimal,
                );
                if self.rating.is_some() {
                    let r = rated.rating(&made.puzzle);
                    // As `rate` writes it: a rating that is not final is a lower bound, with
                    // no level.
                    let bound = if r.end == RatingEnd::Complete {
                        ""
                    } else {
                        ">="
                    };
                    let _ = write!(
                        out,
                        ",\"rating\":\"{bound}{r}\",\"er\":{}",
                        Rating::text(r.er)
                    );
                    if r.end != RatingEnd::Complete {
                        out.extend_from_slice(b",\"complete\":false");
                    }
                    if let Some(level) = r.level() {
                        let _ = write!(out, ",\"level\":\"{level}\"");
                    }
                }
                if self.hodoku.is_some()
                    && let Some(r) = rated.hodoku(&made.puzzle)
                {
                    let _ = write!(out, ",\"level\":\"{}\",\"score\":{}", r.level, r.score);
                    if r.guess {
                        out.extend_from_slice(b",\"guess\":true");
                    }
                    if !r.complete {
                        out.extend_from_slice(b",\"complete\":false");
                    }
                }
                if !made.met {
                    out.extend_from_slice(b",\"met\":false");
                }
                if self.stats {
                    let _ = write!(out, ",\"moves\":{},\"checks\":{}", made.moves, made.checks);
                }
                out.extend_from_slice(b"}\n");
            }
        }
    }

    fn write_solved(&self, out: &mut Vec<u8>, index: u64, grid: &Board) {
        match self.format {
            GenerateFormat::Line => {
                out.extend_from_slice(grid.to_line().as_bytes());
                out.push(b'\n');
            }
            GenerateFormat::Grid => {
                let _ = writeln!(out, "# grid {index}");
                format::write_grid(out, grid, None, false);
                out.push(b'\n');
            }
            GenerateFormat::Json => {
                let _ = writeln!(
                    out,
                    "{{\"index\":{index},\"seed\":{},\"solution\":\"{}\"}}",
                    self.generator.seed(),
                    grid.to_line()
                );
            }
        }
    }
}

/// The index after the last puzzle to make (`--from` + `-n`), or `None` for no end
/// (`--forever`, `-n 0`); an error when that runs past the last index.
pub(super) fn end_index(args: &GenerateArgs) -> Result<Option<u64>> {
    if args.from == u64::MAX {
        bail!("--from is at most {}", u64::MAX - 1);
    }
    if args.forever || args.number == 0 {
        return Ok(None);
    }
    let end = args.from.checked_add(args.number).ok_or_else(|| {
        anyhow!(
            "--from {} -n {} runs past the last index",
            args.from,
            args.number
        )
    })?;
    Ok(Some(end))
}

/// What `generate` says when Ctrl-C stops it: how many it wrote, and the flags that make the
/// rest (the same seed, from the next index, the count left).
pub(super) fn resume_note(
    made: u64,
    solved: bool,
    seed: u64,
    from: u64,
    end: Option<u64>,
) -> String {
    let what = match (solved, made == 1) {
        (true, true) => "grid",
        (true, false) => "grids",
        (false, true) => "puzzle",
        (false, false) => "puzzles",
    };
    let left = end
        .map(|end| format!(" -n {}", end.saturating_sub(from + made)))
        .unwrap_or_default();
    format!(
        "sudoku: interrupted: {made} {what} written; to go on: --seed {seed} --from {}{left}\n",
        from + made
    )
}
