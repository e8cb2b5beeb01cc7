//! The Sudoku Explainer (SE 1.2.1) difficulty rating: ER, EP and ED, as `serate` prints them.
//!
//! SE solves a puzzle step by step. At each step it asks its producers of hints in a fixed
//! order (roughly easiest first) and applies the first hint the first productive producer
//! gives (the chaining producers sort their hints by difficulty, then chain complexity). The
//! rating (ER) is the hardest step of the whole path, the pearl (EP) the hardest step up to
//! and including the first step that places a digit, the diamond (ED) the first step's.
//!
//! The rules are SE's, rewritten here: its order of techniques, their ratings, its "direct"
//! variants (which count only when they lead to a placement), its chaining engine and its
//! formula raising a chain's rating with its length. [`rate`] rates a puzzle;
//! [`rate_with`] takes a function that can stop a long rating (then the result is a lower
//! bound).
//!
//! ```
//! use sudoku::board::Board;
//! let line = ".15...836.2368.7...87.3.1.45...97..31...53647..2..6..8.3.4.89658.451.3....9.62...";
//! let cells: [u8; 81] = std::array::from_fn(|i| line.as_bytes()[i].saturating_sub(b'0') % 10);
//! let r = sudoku::rating::rate(&Board::from_cells(cells).unwrap());
//! assert_eq!(r.to_string(), "1.2/1.2/1.2"); // as Sudoku Explainer 1.2.1 rates it
//! ```

// Loops over region and position numbers mirror SE's own loops, which decide its search order.
#![allow(clippy::needless_range_loop)]

mod basic;
mod chaining;
mod grid;
mod unique;

use std::fmt;

use crate::board::Board;
use grid::{Grid, Pos, n};

/// One step as SE applies it: a rating, a name, candidates removed, then maybe a value
/// placed.
#[derive(Debug, Clone)]
pub(crate) struct Hint {
    /// SE's difficulty, computed as SE computes it (same floating-point sums).
    diff: f64,
    name: &'static str,
    place: Option<(u8, u8)>,
    elim: Vec<(u8, u16)>,
}

impl Hint {
    fn place(diff: f64, name: &'static str, cell: usize, d: u8) -> Hint {
        Hint {
            diff,
            name,
            place: Some((cell as u8, d)),
            elim: Vec::new(),
        }
    }

    fn elim(diff: f64, name: &'static str, elim: Vec<(u8, u16)>) -> Hint {
        Hint {
            diff,
            name,
            place: None,
            elim,
        }
    }

    /// Applies the step to the grid and its table of places.
    fn apply(&self, g: &mut Grid, pos: &mut Pos) {
        for &(c, m) in &self.elim {
            g.remove(pos, c as usize, m);
        }
        if let Some((c, d)) = self.place {
            g.place_tracked(pos, c as usize, d);
        }
    }
}

/// How a rating ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RatingEnd {
    /// SE's path reaches the solution: the figures are SE's.
    Complete,
    /// Stopped before the end (timeout or interruption): the figures are lower bounds.
    Stopped,
    /// No technique applies (SE reports 20.0): a rule we do not reproduce is needed.
    Stuck,
}

/// A puzzle's SE rating. Figures are in tenths (`er == 72` is 7.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    /// The hardest step of the path (ER), in tenths.
    pub er: u16,
    /// The hardest step up to the first placement (EP), in tenths.
    pub ep: u16,
    /// The first step's rating (ED), in tenths.
    pub ed: u16,
    /// The name of the hardest technique of the path (SE's name).
    pub hardest: &'static str,
    /// Steps taken.
    pub steps: u32,
    /// Whether the figures are final.
    pub end: RatingEnd,
}

/// SE's rounding of a difficulty to tenths, as `serate` prints it.
fn tenths(d: f64) -> u16 {
    if d <= 0.0 {
        0
    } else {
        ((d + 0.05) * 10.0) as u16
    }
}

fn show(t: u16) -> String {
    format!("{}.{}", t / 10, t % 10)
}

impl fmt::Display for Rating {
    /// `ER/EP/ED`, as serate prints it: `7.2/1.5/1.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", show(self.er), show(self.ep), show(self.ed))
    }
}

impl Rating {
    /// A figure in tenths as text: `72` gives `"7.2"`.
    pub fn text(tenths: u16) -> String {
        show(tenths)
    }

    /// A plain word for the ER: easy (< 2.0), medium (< 4.0), hard (< 6.0), fiendish
    /// (< 7.0), diabolical (< 9.0), extreme (9.0 and up); `None` when the rating is not
    /// final (its figures are only lower bounds, so the level is not known).
    pub fn level(&self) -> Option<&'static str> {
        (self.end == RatingEnd::Complete).then(|| Rating::level_of(self.er))
    }

    /// The level word of an ER in tenths (see [`Rating::level`]).
    pub fn level_of(er: u16) -> &'static str {
        match er {
            0..20 => "easy",
            20..40 => "medium",
            40..60 => "hard",
            60..70 => "fiendish",
            70..90 => "diabolical",
            _ => "extreme",
        }
    }
}

/// Rates a puzzle (which should have exactly one solution; SE's path on other puzzles is
/// meaningless).
pub fn rate(board: &Board) -> Rating {
    rate_with(board, &|| false)
}

/// Rates a puzzle, asking `stop` now and then whether to give up; a rating cut short has
/// `end == Stopped` and its figures are the lower bounds reached.
pub fn rate_with(board: &Board, stop: &dyn Fn() -> bool) -> Rating {
    rate_inner(board, stop, None)
}

/// Rates a position: a puzzle whose cells keep only the candidates `marks` allows (bit `d - 1`
/// for digit `d`, as [`Entry::marks`](crate::input::Entry::marks) holds them), or the puzzle
/// itself when `marks` is `None`. The marks should keep the puzzle's solution.
pub fn rate_position_with(
    board: &Board,
    marks: Option<&[u16; 81]>,
    stop: &dyn Fn() -> bool,
) -> Rating {
    let mut g = Grid::new(board.cells());
    if let Some(marks) = marks {
        for (c, &m) in g.c.iter_mut().zip(marks.iter()) {
            *c &= m;
        }
    }
    rate_grid(g, stop, None)
}

/// SE's solution path: each step's technique and rating (tenths), with the rating.
///
/// A debugging aid when a rating differs from Sudoku Explainer's: print the path's harder
/// steps and compare them with SE's log.
///
/// ```
/// use sudoku::board::Board;
/// use sudoku::rating::{rate_path, RatingEnd};
///
/// let p = ".....86..3...2...7..76....197....4...3....1..24.....5...539..8........1.....74..5";
/// let board: Board = p.parse().unwrap();
/// let (rating, path) = rate_path(&board);
/// for (i, (name, tenths)) in path.iter().enumerate() {
///     if *tenths > 25 {
///         println!("{} {}.{} {name}", i + 1, tenths / 10, tenths % 10);
///     }
/// }
/// assert_eq!(rating.end, RatingEnd::Complete);
/// // The hardest step of the path is the rating's ER.
/// assert_eq!(path.iter().map(|&(_, t)| t).max(), Some(rating.er));
/// assert_eq!(rating.to_string(), "7.1/1.2/1.2");
/// ```
pub fn rate_path(board: &Board) -> (Rating, Vec<(&'static str, u16)>) {
    let mut path = Vec::new();
    let r = rate_inner(board, &|| false, Some(&mut path));
    (r, path)
}

fn rate_inner(
    board: &Board,
    stop: &dyn Fn() -> bool,
    trace: Option<&mut Vec<(&'static str, u16)>>,
) -> Rating {
    rate_grid(Grid::new(board.cells()), stop, trace)
}

fn rate_grid(
    mut g: Grid,
    stop: &dyn Fn() -> bool,
    mut trace: Option<&mut Vec<(&'static str, u16)>>,
) -> Rating {
    // The places of every digit in every region, kept up to date step by step.
    let mut pos = g.all_pos();
    let mut diff = f64::NEG_INFINITY;
    let (mut pearl, mut diamond) = (0.0f64, 0.0f64);
    let mut hardest = "";
    let mut steps = 0;
    let mut end = RatingEnd::Complete;
    let mut memo = Memo::default();
    while !g.solved() {
        if stop() {
            end = RatingEnd::Stopped;
            break;
        }
        debug_assert!(pos == g.all_pos());
        let hint = match next_hint_memo(&g, &pos, stop, &mut memo) {
            Some(h) => h,
            None => {
                end = if stop() {
                    RatingEnd::Stopped
                } else {
                    RatingEnd::Stuck
                };
                break;
            }
        };
        if hint.diff > diff {
            diff = hint.diff;
            hardest = hint.name;
        }
        if let Some(t) = trace.as_deref_mut() {
            t.push((hint.name, tenths(hint.diff)));
        }
        hint.apply(&mut g, &mut pos);
        steps += 1;
        if pearl == 0.0 {
            if diamond == 0.0 {
                diamond = diff;
            }
            if hint.place.is_some() {
                pearl = diff;
            }
        }
    }
    if end != RatingEnd::Complete && pearl == 0.0 {
        // No placement yet: every step so far comes before the first one, so EP is at least
        // the hardest of them. Left at 0, the lower bounds would break ER >= EP >= ED.
        pearl = diff.max(0.0);
    }
    Rating {
        er: tenths(diff),
        ep: tenths(pearl),
        ed: tenths(diamond),
        hardest,
        steps,
        end,
    }
}

/// What some producers found at earlier steps of one path, to skip work that cannot give a
/// hint at this one. Each entry is keyed by the candidates it was found for, so a step
/// uses it only where those are unchanged: the hints are the same with or without it.
#[derive(Default)]
pub(crate) struct Memo {
    /// The candidates at the last step where aligned pair exclusion found nothing.
    pair: Option<[u16; 81]>,
    /// The same for aligned triple exclusion.
    triple: Option<[u16; 81]>,
    /// The forcing X-chains and X-cycles of each digit (see [`chaining::XMemo`]).
    x: chaining::XMemo,
    /// The Y-cycles, where they found nothing (see [`chaining::YMemo`]).
    y: chaining::YMemo,
    /// The Nishio forcing chains of each digit (see [`chaining::NishioMemo`]).
    nishio: chaining::NishioMemo,
    /// For each of the intersections, sets and fish (in the order of [`next_hint_memo`]),
    /// the candidates at the last step where it found nothing.
    basic: [Option<[u16; 81]>; 13],
    /// The same for XY-wings and XYZ-wings.
    wings: [Option<[u16; 81]>; 2],
    /// The unique loops found from each start cell (see [`unique::LoopMemo`]).
    loops: unique::LoopMemo,
}

/// What a producer of [`basic`] depends on: the candidates of one region (hidden and naked
/// sets), or the places of one digit (intersections and fish).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    Region,
    Digit,
}

/// Runs a producer of [`basic`] (`run`, given where to look) only where the position
/// changed since the memo's `seen`, the candidates where it last found nothing.
///
/// A hidden or naked set's hint depends only on the candidates of its region, an
/// intersection's or a fish's only on the places of its digit (and how many cells hold it,
/// which changes its places): where those did not change, there is still nothing, and the
/// finder, told so by its [`basic::Focus`], skips them. The others it visits in SE's order,
/// so the first hint is the same.
fn basic_since(
    g: &Grid,
    seen: &mut Option<[u16; 81]>,
    scope: Scope,
    run: impl FnOnce(&basic::Focus) -> Option<Hint>,
) -> Option<Hint> {
    let focus = match seen {
        None => basic::Focus::ALL,
        Some(old) => {
            let mut focus = basic::Focus {
                digits: [0; 27],
                cells: [0; 27],
            };
            if scope == Scope::Region {
                let moved = changed(old, &g.c);
                for r in 0..27 {
                    if grid::region_set(r).0 & moved != 0 {
                        focus.digits[r] = crate::geometry::digits::ALL;
                        focus.cells[r] = 0x1ff;
                    }
                }
            } else {
                let moved = old.iter().zip(&g.c).fold(0, |m, (a, b)| m | (a ^ b));
                focus.digits = [moved; 27];
                focus.cells = [0x1ff; 27];
            }
            focus
        }
    };
    let hint = run(&focus);
    if hint.is_none() {
        *seen = Some(g.c);
    }
    hint
}

/// The cells whose candidates differ in two positions (bit = cell).
fn changed(old: &[u16; 81], new: &[u16; 81]) -> u128 {
    old.iter()
        .zip(new)
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .fold(0, |m, (c, _)| m | 1 << c)
}

/// Whether no cell has exactly one candidate (a naked single). The producers past naked
/// singles always see such a position in SE's order; the memo is used only there.
fn no_single(g: &Grid) -> bool {
    g.c.iter().all(|&m| n(m) != 1)
}

/// Aligned exclusion of `deg` cells, skipping what the memo `seen` (the candidates where it
/// last found nothing) shows cannot exclude anything.
fn aligned(g: &Grid, deg: usize, seen: &mut Option<[u16; 81]>) -> Option<Hint> {
    let clean = no_single(g);
    let since = if clean {
        seen.as_ref().map(|old| changed(old, &g.c))
    } else {
        None
    };
    let hint = unique::aligned_exclusion_since(g, deg, since);
    if hint.is_none() && clean {
        *seen = Some(g.c);
    }
    hint
}

/// XY-wings (XYZ-wings if `xyz`), skipping the wings that the memo `seen` (the
/// candidates where they last found nothing) shows cannot remove anything.
fn wing(g: &Grid, xyz: bool, seen: &mut Option<[u16; 81]>) -> Option<Hint> {
    let since = seen.as_ref().map(|old| changed(old, &g.c));
    let hint = basic::xy_wing_since(g, xyz, since);
    if hint.is_none() {
        *seen = Some(g.c);
    }
    hint
}

/// SE's next step: the first hint of the first producer that has one.
#[cfg(test)]
fn next_hint(g: &Grid, pos: &Pos, stop: &dyn Fn() -> bool) -> Option<Hint> {
    next_hint_memo(g, pos, stop, &mut Memo::default())
}

/// [`next_hint`] with what earlier steps of the path found (`memo`, kept up to date).
fn next_hint_memo(g: &Grid, pos: &Pos, stop: &dyn Fn() -> bool, memo: &mut Memo) -> Option<Hint> {
    use Scope::{Digit, Region};
    let [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12] = &mut memo.basic;
    let locking = |seen, direct| {
        basic_since(g, seen, Digit, |f| {
            basic::first(|found| basic::locking_each(pos, direct, f, found))
        })
    };
    let hidden = |seen, deg, direct| {
        basic_since(g, seen, Region, |f| {
            basic::first(|found| basic::hidden_set_each(g, pos, deg, direct, f, found))
        })
    };
    let naked = |seen, deg| {
        basic_since(g, seen, Region, |f| {
            basic::first(|found| basic::naked_set_each(g, deg, f, found))
        })
    };
    let fish = |seen, deg| {
        basic_since(g, seen, Digit, |f| {
            basic::first(|found| basic::fish_each(g, pos, deg, f, found))
        })
    };
    basic::hidden_single(g, pos)
        .or_else(|| locking(m0, true))
        .or_else(|| hidden(m1, 2, true))
        .or_else(|| basic::naked_single(g))
        .or_else(|| hidden(m2, 3, true))
        .or_else(|| locking(m3, false))
        .or_else(|| naked(m4, 2))
        .or_else(|| fish(m5, 2))
        .or_else(|| hidden(m6, 2, false))
        .or_else(|| naked(m7, 3))
        .or_else(|| fish(m8, 3))
        .or_else(|| hidden(m9, 3, false))
        .or_else(|| wing(g, false, &mut memo.wings[0]))
        .or_else(|| wing(g, true, &mut memo.wings[1]))
        .or_else(|| unique::unique_loops_memo(g, &mut memo.loops))
        .or_else(|| naked(m10, 4))
        .or_else(|| fish(m11, 4))
        .or_else(|| hidden(m12, 4, false))
        .or_else(|| unique::bug(g))
        .or_else(|| aligned(g, 2, &mut memo.pair))
        .or_else(|| chaining::chains(g, stop, memo))
}

#[cfg(test)]
mod tests;
