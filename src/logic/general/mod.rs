//! Human-style solving on grids of any shape: every size, boxes or jigsaw regions, and the
//! X, hyper, anti-knight and anti-king variants.
//!
//! The classic engine (the rest of [`crate::logic`]) is built for the 9×9 grid: its cell
//! sets are one `u128`, its tables compile-time constants, and several of its techniques
//! (uniqueness patterns, the Franken fish over boxes, the forcing chains' budgets) assume
//! that grid. This engine works on any [`Geometry`] with the techniques whose logic is about
//! houses and cells only:
//!
//! - singles: full house, hidden single, naked single;
//! - intersections: a digit whose candidates in one house all lie where it meets a second
//!   house leaves the rest of the second (box–line, region–line, diagonal–box, window–line);
//!   locked pairs and triples;
//! - naked and hidden pairs, triples and quads (a naked subset's digits also leave cells a
//!   knight's or king's move from all of its cells holding them, on those variants);
//! - basic fish over rows and columns: X-Wing, Swordfish, Jellyfish;
//! - chains: X-Chains, XY-Chains and AICs, whose weak links are "sees", variant moves
//!   included.
//!
//! Steps are [`GeneralStep`]s (the classic [`crate::logic::Step`] holds 9×9 cells only; see
//! its docs), named with the classic [`Technique`]s and written in the classic words. A
//! [`GeneralLadder`] orders them easiest first, [`solve`] takes the first step of the
//! easiest technique at each step, and [`explain`] gathers a whole solve. What the classic
//! ladder has and this engine does not use is [`GeneralLadder::off`], for the output to say.

mod bits;
mod chains;
mod fish;
mod grid;
mod intersections;
mod singles;
mod step;
mod subsets;

use std::ops::ControlFlow;

pub use bits::Cells;
pub use grid::{GeneralGrid, GridError, Shape};
pub use step::{Candidate, GeneralEvidence, GeneralStep, Link, chain_text};

use super::{Family, Ladder, SolveEnd, Technique};
use crate::geometry::Geometry;
use crate::geometry::bits::{Ones, ones};

/// Where a finder sends the steps it finds; `Break` stops the search.
pub type GeneralSink<'a> = dyn FnMut(GeneralStep) -> Flow + 'a;

/// Whether a search goes on (`Continue`) or was told to stop (`Break`).
type Flow = ControlFlow<()>;

/// The symbols of digits 1..=25 by default: `1`–`9`, then `A`–`P`.
pub const DEFAULT_SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOP";

/// The default alphabet of an N×N grid: `symbols(16)` is `1`–`9`, `A`–`G`.
pub fn default_symbols(size: usize) -> Vec<char> {
    DEFAULT_SYMBOLS.chars().take(size).collect()
}

/// Whether this engine has a finder for `t`: every single, intersection and subset, the
/// basic fish, and the chains whose links are about cells and houses only. Its default ladder
/// ([`GeneralLadder::default`]) takes them in the classic ladder's order.
pub fn supports(t: Technique) -> bool {
    use Technique::*;
    matches!(
        t.family(),
        Family::Singles | Family::Intersections | Family::Subsets
    ) || matches!(t, XWing | Swordfish | Jellyfish | XChain | XYChain | Aic)
}

/// Sends every step of technique `t` in `grid` to `sink`, until it says stop. A technique
/// the engine does not have finds nothing.
pub fn find(t: Technique, grid: &GeneralGrid, sink: &mut GeneralSink<'_>) -> Flow {
    if !supports(t) {
        return ControlFlow::Continue(());
    }
    match t.family() {
        Family::Singles if t == Technique::FullHouse => singles::full_house(grid, sink),
        Family::Singles if t == Technique::HiddenSingle => singles::hidden_single(grid, sink),
        Family::Singles => singles::naked_single(grid, sink),
        Family::Intersections if t == Technique::Pointing => {
            intersections::locked(grid, true, sink)
        }
        Family::Intersections if t == Technique::Claiming => {
            intersections::locked(grid, false, sink)
        }
        // Locked pairs and triples are naked subsets in two houses.
        Family::Intersections => subsets::naked(grid, t, sink),
        Family::Subsets => subsets::find(grid, t, sink),
        Family::Fish => fish::find(grid, t, sink),
        Family::Chains => chains::find(grid, t, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The first step of technique `t` in `grid`, if any.
pub fn first(t: Technique, grid: &GeneralGrid) -> Option<GeneralStep> {
    super::first_found(|sink| find(t, grid, sink))
}

/// Every step of technique `t` in `grid`.
pub fn all(t: Technique, grid: &GeneralGrid) -> Vec<GeneralStep> {
    super::all_found(|sink| find(t, grid, sink))
}

/// The techniques a solve on a general grid tries, easiest first, and those of the ladder it
/// was made from that it leaves off (they assume the classic grid, or this engine has no
/// finder for them yet).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneralLadder {
    techniques: Vec<Technique>,
    off: Vec<Technique>,
}

impl Default for GeneralLadder {
    /// Every technique this engine [`supports`]; off: the rest of the classic default ladder.
    fn default() -> GeneralLadder {
        GeneralLadder::from_ladder(&Ladder::default())
    }
}

impl GeneralLadder {
    /// The techniques of a classic ladder (`--techniques`) that this engine has, in the
    /// classic ladder's order; the others are [`GeneralLadder::off`].
    pub fn from_ladder(ladder: &Ladder) -> GeneralLadder {
        let (techniques, off) = ladder.techniques().iter().partition(|&&t| supports(t));
        GeneralLadder { techniques, off }
    }

    /// The techniques, easiest first. Empty when the ladder it was made from named none this
    /// engine has: a solve then takes no step.
    pub fn techniques(&self) -> &[Technique] {
        &self.techniques
    }

    /// The techniques asked for that are switched off on general grids.
    pub fn off(&self) -> &[Technique] {
        &self.off
    }

    /// [`GeneralLadder::off`] in words: a family's name when all of its techniques asked for
    /// are off, else the techniques' names; comma-separated, in ladder order. Empty when
    /// nothing is off.
    pub fn off_text(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        for family in Family::ALL {
            let off: Vec<Technique> = self
                .off
                .iter()
                .copied()
                .filter(|t| t.family() == family)
                .collect();
            if off.is_empty() {
                continue;
            }
            if self.techniques.iter().any(|t| t.family() == family) {
                parts.extend(off.iter().map(|t| t.name().to_string()));
            } else {
                parts.push(family.name().to_string());
            }
        }
        parts.join(", ")
    }

    /// The position of a technique on the ladder (its difficulty rank), if it is on it.
    pub fn rank(&self, technique: Technique) -> Option<usize> {
        self.techniques.iter().position(|&t| t == technique)
    }

    /// The first step of the easiest technique that has one.
    pub fn next_step(&self, grid: &GeneralGrid) -> Option<GeneralStep> {
        self.techniques.iter().find_map(|&t| first(t, grid))
    }
}

/// Solves `grid` step by step with `ladder`: at each step, the first step of the easiest
/// technique that applies. `on_step` sees the grid before each step and the step (which is
/// then applied), and may stop the solve. `stop` is polled before each step.
pub fn solve(
    grid: &mut GeneralGrid,
    ladder: &GeneralLadder,
    stop: Option<&dyn Fn() -> bool>,
    mut on_step: impl FnMut(&GeneralGrid, &GeneralStep) -> ControlFlow<()>,
) -> SolveEnd {
    let next_step = |grid: &GeneralGrid| ladder.next_step(grid);
    let (is_solved, apply) = (GeneralGrid::is_solved, GeneralGrid::apply);
    super::solve_loop(grid, stop, next_step, is_solved, apply, &mut on_step)
}

/// A whole logical solve: the steps, how it ended, where it ended, and what was off.
#[derive(Debug, Clone)]
pub struct Explanation {
    /// Every step, in order.
    pub steps: Vec<GeneralStep>,
    /// Solved, stuck, or stopped.
    pub end: SolveEnd,
    /// The position after the last step (the stuck position when stuck).
    pub grid: GeneralGrid,
    /// The hardest technique used (the highest on the ladder), if any step was taken.
    pub hardest: Option<Technique>,
    /// Techniques of the ladder asked for that are switched off on this shape.
    pub off: Vec<Technique>,
}

/// Solves `grid` with `ladder` to the end or until stuck (or `stop` says so), listing the
/// steps.
pub fn explain(
    mut grid: GeneralGrid,
    ladder: &GeneralLadder,
    stop: Option<&dyn Fn() -> bool>,
) -> Explanation {
    let mut steps = Vec::new();
    let end = solve(&mut grid, ladder, stop, |_, step| {
        steps.push(step.clone());
        ControlFlow::Continue(())
    });
    let hardest = steps
        .iter()
        .map(|s| s.technique)
        .max_by_key(|&t| ladder.rank(t));
    Explanation {
        steps,
        end,
        grid,
        hardest,
        off: ladder.off().to_vec(),
    }
}

/// The solve of a puzzle given by its geometry and values, with the default ladder.
pub fn explain_puzzle(geometry: &Geometry, values: &[u8]) -> Result<Explanation, GridError> {
    let grid = GeneralGrid::new(geometry, values)?;
    Ok(explain(grid, &GeneralLadder::default(), None))
}

/// The digits of a mask, lowest first (bit `d - 1` for digit `d`).
pub(crate) fn digits(mask: u32) -> impl Iterator<Item = u8> {
    bits(mask).map(|i| i as u8 + 1)
}

/// The set bits of a mask, lowest first.
pub(crate) fn bits(mask: u32) -> Ones<u32> {
    ones(mask)
}

#[cfg(test)]
mod tests;
