//! Making puzzles: random complete grids, givens taken away under a symmetry down to a
//! minimal puzzle with one solution, clue-count targets, a filter hook and a search toward a
//! higher score.
//!
//! # Reproducibility
//!
//! A [`Generator`] is made from a seed. Puzzle `index` is drawn from its own random stream
//! (ChaCha8 keyed by the seed, stream number `index`, see [`Stream`]), so the same seed and
//! index give the same puzzle whichever thread makes it and whatever was made before. Limits
//! on moves are reproducible too; a time limit or a stop flag is not (where the search is
//! when the clock runs out depends on the machine).
//!
//! # How a puzzle is made
//!
//! 1. A random complete grid (`grid.rs`): its cells are the puzzle's unique solution.
//! 2. The groups of cells tied by the symmetry, in a random order, are taken out one by one
//!    when the puzzle keeps one solution without them (`reduce.rs`, which checks whole runs
//!    of them at once). After one pass no group can go: the puzzle is minimal, since a group
//!    that could not go then cannot go later either (fewer givens never make a puzzle
//!    unique again).
//! 3. For clue counts that pass rarely reaches, and for a score to climb, a local search
//!    (`search.rs`) moves from puzzle to puzzle with the same solution: it takes out a group
//!    or two, puts back groups where another solution differs from the grid until the
//!    solution is unique again, and removes what has become removable.
//!
//! # Example
//!
//! ```
//! use sudoku::generate::{Generator, Options, Symmetry, SymmetryChoice};
//! use sudoku::solver::count_solutions;
//!
//! let options = Options {
//!     symmetry: SymmetryChoice::Fixed(Symmetry::Rot180),
//!     ..Options::default()
//! };
//! let generator = Generator::new(42, options).unwrap();
//! let made = generator.puzzle(0);
//! assert_eq!(count_solutions(&made.puzzle, 2), 1);
//! assert!(Symmetry::Rot180.holds(&made.puzzle));
//! assert_eq!(made, generator.puzzle(0)); // same seed and index, same puzzle
//! ```

mod grid;
mod hitting;
mod random;
mod reduce;
mod search;
mod symmetry;

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::board::{Board, CELLS};

pub use random::Stream;
pub use reduce::Work;
pub use symmetry::{Group, MAX_GROUP, Orbits, Symmetry, SymmetryChoice, SymmetryNameError};

/// A number of givens: `N` or `MIN-MAX`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClueRange {
    /// The fewest givens wanted.
    pub min: usize,
    /// The most givens wanted.
    pub max: usize,
}

impl ClueRange {
    /// True when `n` is in the range.
    pub fn contains(&self, n: usize) -> bool {
        (self.min..=self.max).contains(&n)
    }

    /// How far `n` is from the range (0 inside).
    pub fn distance(&self, n: usize) -> usize {
        if n < self.min {
            self.min - n
        } else {
            n.saturating_sub(self.max)
        }
    }
}

impl fmt::Display for ClueRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}-{}", self.min, self.max)
        }
    }
}

/// Why a clue range or a set of options cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The text is not `N` or `MIN-MAX`.
    #[error("invalid clue count {text:?}: expected N or MIN-MAX, e.g. 24 or 20-23")]
    ClueSyntax {
        /// The text given.
        text: String,
    },
    /// The range is outside 17–81 (no puzzle with one solution has fewer than 17).
    #[error("clue count {text} is out of range: puzzles have 17 to 81 givens")]
    ClueRange {
        /// The count or range as given.
        text: String,
    },
    /// `MIN-MAX` with `MIN > MAX`.
    #[error("clue range {min}-{max} is reversed: did you mean {max}-{min}?")]
    ClueReversed {
        /// The first number given.
        min: usize,
        /// The second number given.
        max: usize,
    },
    /// No number of givens in the range can keep the symmetry (its groups have fixed sizes).
    #[error("no puzzle with {clues} givens can have {symmetry} symmetry")]
    ClueSymmetry {
        /// The range asked.
        clues: ClueRange,
        /// The symmetry asked.
        symmetry: Symmetry,
    },
    /// Minimal puzzles asked for with more givens than any known minimal puzzle has.
    #[error(
        "no minimal puzzle with {clues} givens is known: the most found is {MOST_MINIMAL_CLUES}"
    )]
    MinimalClues {
        /// The range asked.
        clues: ClueRange,
    },
}

/// The most givens of any minimal puzzle known (no given can go without losing the single
/// solution): a few with 40 have been found, none with more.
pub const MOST_MINIMAL_CLUES: usize = 40;

impl FromStr for ClueRange {
    type Err = GenerateError;

    /// `N` or `MIN-MAX`; checks only the syntax and that `MIN <= MAX` within 17–81.
    fn from_str(s: &str) -> Result<ClueRange, GenerateError> {
        let syntax = || GenerateError::ClueSyntax { text: s.into() };
        let num = |t: &str| t.trim().parse::<usize>().map_err(|_| syntax());
        let (min, max) = match s.split_once('-') {
            Some((a, b)) => (num(a)?, num(b)?),
            None => {
                let n = num(s)?;
                (n, n)
            }
        };
        if min > max {
            return Err(GenerateError::ClueReversed { min, max });
        }
        if min < 17 || max > CELLS {
            return Err(GenerateError::ClueRange {
                text: s.trim().to_string(),
            });
        }
        Ok(ClueRange { min, max })
    }
}

/// What to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The symmetry of the givens' pattern.
    pub symmetry: SymmetryChoice,
    /// Minimal puzzles (no given, or group of givens, can be removed); with `false`, extra
    /// givens are allowed: without `clues` the removal stops at the first group that cannot
    /// go, with `clues` as soon as the count is in range.
    pub minimal: bool,
    /// The number of givens wanted; `None` takes what removal gives.
    pub clues: Option<ClueRange>,
}

impl Default for Options {
    /// Minimal puzzles with 180° symmetry and any number of givens.
    fn default() -> Options {
        Options {
            symmetry: SymmetryChoice::Fixed(Symmetry::Rot180),
            minimal: true,
            clues: None,
        }
    }
}

/// How long one puzzle's search may go on when its target is hard to reach. With no limit at
/// all, a search for an unreachable target never ends.
#[derive(Clone, Copy, Default)]
pub struct Limits<'a> {
    /// Most search moves (a move: take out a group or two, repair, reduce, judge; in the
    /// grid-by-grid search, a grid drawn or a uniqueness check). Counting moves keeps the
    /// outcome reproducible.
    pub moves: Option<u64>,
    /// Most time for the puzzle (not reproducible: where the search is when it runs out
    /// depends on the machine).
    pub time: Option<Duration>,
    /// Polled between moves: true stops the search (e.g. Ctrl-C).
    pub stop: Option<&'a (dyn Fn() -> bool + Sync)>,
}

impl fmt::Debug for Limits<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Limits")
            .field("moves", &self.moves)
            .field("time", &self.time)
            .field("stop", &self.stop.is_some())
            .finish()
    }
}

/// A running budget made from [`Limits`].
struct Budget<'a> {
    moves_left: Option<u64>,
    deadline: Option<Instant>,
    stop: Option<&'a (dyn Fn() -> bool + Sync)>,
    moves: u64,
    /// What was spent on checks, for `--stats`.
    work: Work,
}

impl Budget<'_> {
    fn new<'a>(limits: &Limits<'a>) -> Budget<'a> {
        Budget {
            moves_left: limits.moves,
            deadline: limits.time.map(|t| Instant::now() + t),
            stop: limits.stop,
            moves: 0,
            work: Work::default(),
        }
    }

    /// Whether the budget is spent (a `take` said so).
    fn spent(&self) -> bool {
        self.moves_left == Some(0)
    }

    /// Counts one move; false when the budget is spent.
    fn take(&mut self) -> bool {
        if let Some(left) = &mut self.moves_left {
            if *left == 0 {
                return false;
            }
            *left -= 1;
        }
        self.moves += 1;
        // The clock is read every 16 moves: a move costs microseconds.
        if self.moves.is_multiple_of(16)
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.stop.is_some_and(|s| s()))
        {
            self.moves_left = Some(0);
            return false;
        }
        true
    }
}

/// A puzzle made, with what it took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: exactly one solution, the givens keeping `symmetry`.
    pub puzzle: Board,
    /// Its solution.
    pub solution: Board,
    /// The symmetry of its givens (the one drawn, for [`SymmetryChoice::Random`]).
    pub symmetry: Symmetry,
    /// True when it meets every target asked (clue count, filter, score); false when the
    /// limits ran out first, and this is the closest puzzle found.
    pub met: bool,
    /// Search moves made (0 when plain removal met the targets), plus one per puzzle
    /// rejected by a filter.
    pub moves: u64,
    /// Uniqueness checks run.
    pub checks: u64,
}

impl Generated {
    /// Number of givens.
    pub fn clues(&self) -> usize {
        self.puzzle.givens()
    }
}

/// Makes puzzles from a seed: puzzle `index` depends only on the seed, the index and the
/// options. Cheap to share between threads (`Sync`).
#[derive(Debug, Clone)]
pub struct Generator {
    key: [u8; 32],
    seed: u64,
    options: Options,
}

impl Generator {
    /// A generator for `seed`; fails when the clue range cannot keep the symmetry.
    ///
    /// Also refused, since the search would only run until its time limit: minimal puzzles
    /// with more givens than any known ([`MOST_MINIMAL_CLUES`]).
    pub fn new(seed: u64, options: Options) -> Result<Generator, GenerateError> {
        if let Some(clues) = options.clues {
            if options.minimal && clues.min > MOST_MINIMAL_CLUES {
                return Err(GenerateError::MinimalClues { clues });
            }
            if let SymmetryChoice::Fixed(symmetry) = options.symmetry {
                let orbits = symmetry.orbits();
                if !(clues.min..=clues.max).any(|n| orbits.can_total(n)) {
                    return Err(GenerateError::ClueSymmetry { clues, symmetry });
                }
            }
        }
        Ok(Generator {
            key: random::key(seed),
            seed,
            options,
        })
    }

    /// The seed it was made from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Its options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The random stream of puzzle `index`.
    pub fn stream(&self, index: u64) -> Stream {
        Stream::new(self.key, index)
    }

    /// A random complete grid: what `--solved` prints.
    pub fn solved(&self, index: u64) -> Board {
        grid::random_grid(&mut self.stream(index))
    }

    /// Puzzle `index`, with no limit: meets the clue target whenever it is reachable. Use
    /// [`Generator::puzzle_within`] for targets that may take long.
    pub fn puzzle(&self, index: u64) -> Generated {
        self.puzzle_within(index, &Limits::default())
    }

    /// Puzzle `index`; the search for a clue target stops at `limits` (then `met` is false
    /// and the puzzle is the closest found).
    pub fn puzzle_within(&self, index: u64, limits: &Limits<'_>) -> Generated {
        self.puzzle_where(index, limits, &|_| true)
    }

    /// Puzzle `index` among those `accept` takes (e.g. a difficulty range): puzzles are made
    /// one after another from the index's stream until one is accepted, each costing a move
    /// of `limits`. When the limits run out, `met` is false and the last puzzle is returned.
    pub fn puzzle_where(
        &self,
        index: u64,
        limits: &Limits<'_>,
        accept: &dyn Fn(&Board) -> bool,
    ) -> Generated {
        let mut rng = self.stream(index);
        let mut budget = Budget::new(limits);
        let symmetry = self.draw_symmetry(&mut rng);
        let mut rejected = 0;
        loop {
            let (piece, met) = search::make(&mut rng, symmetry, &self.options, &mut budget);
            let puzzle = Board::from_valid_cells(piece.puzzle);
            let accepted = met && accept(&puzzle);
            if accepted || !budget.take() {
                return Generated {
                    puzzle,
                    solution: Board::from_valid_cells(piece.solution),
                    symmetry,
                    met: accepted,
                    moves: budget.moves + rejected,
                    checks: budget.work.checks,
                };
            }
            rejected += 1;
        }
    }

    /// Puzzle `index`, searched toward `score(puzzle) >= target` by hill climbing: from a
    /// puzzle made as usual, moves to neighbouring puzzles with the same solution (a group
    /// or two taken out, the puzzle repaired to one solution and reduced), keeping a move
    /// when the score does not drop. The symmetry, minimality and clue range of the options
    /// hold for every puzzle visited. `met` says whether the target was reached within
    /// `limits`; else the best puzzle found is returned.
    pub fn climb(
        &self,
        index: u64,
        limits: &Limits<'_>,
        score: &dyn Fn(&Board) -> f64,
        target: f64,
    ) -> Generated {
        let mut rng = self.stream(index);
        let mut budget = Budget::new(limits);
        let symmetry = self.draw_symmetry(&mut rng);
        let (start, met) = search::make(&mut rng, symmetry, &self.options, &mut budget);
        let (best, met) = if met {
            let (best, value) = search::climb(
                &mut rng,
                symmetry,
                &self.options,
                start,
                score,
                target,
                &mut budget,
            );
            (best, value >= target)
        } else {
            (start, false)
        };
        Generated {
            puzzle: Board::from_valid_cells(best.puzzle),
            solution: Board::from_valid_cells(best.solution),
            symmetry,
            met,
            moves: budget.moves,
            checks: budget.work.checks,
        }
    }

    fn draw_symmetry(&self, rng: &mut Stream) -> Symmetry {
        match self.options.symmetry {
            SymmetryChoice::Fixed(s) => s,
            SymmetryChoice::Random => {
                let clues = self.options.clues;
                let fits = |s: &Symmetry| {
                    clues.is_none_or(|c| (c.min..=c.max).any(|n| s.orbits().can_total(n)))
                };
                let choices: Vec<Symmetry> =
                    Symmetry::ALL[1..].iter().copied().filter(fits).collect();
                if choices.is_empty() {
                    Symmetry::None
                } else {
                    choices[rng.index(choices.len())]
                }
            }
        }
    }
}
