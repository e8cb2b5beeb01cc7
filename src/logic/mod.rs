//! Human-style solving: one logical step at a time, as a person solves on paper.
//!
//! - [`Grid`]: the position, values and pencil marks.
//! - [`Step`]: one step, with its [`Technique`], placements, eliminations and evidence.
//! - [`Technique`]: every technique we know, with its finder ([`Technique::find`]); the
//!   finders live one file per family (`singles`, `intersections`, `subsets`, `fish`,
//!   `patterns`, `wings`, `uniqueness`, `chains`, `als`, `forcing`).
//! - [`Ladder`]: techniques from easiest to hardest; [`solve`] takes, at each step, the first
//!   step of the easiest technique that applies, and stops (never guesses) when none does.
//!
//! - [`general`]: the same on grids of any size, jigsaw regions and variants, with the
//!   techniques that hold for every shape.
//!
//! Every finder reports only steps that make progress (place a digit or remove a candidate)
//! and passes them to a callback that can stop the search, so "the first step" and "every
//! step" are the same code.

mod als;
mod chains;
mod fish;
mod forcing;
pub mod general;
mod grid;
mod grouped;
pub mod hodoku;
mod intersections;
mod ladder;
mod patterns;
mod singles;
mod step;
mod subsets;
mod templates;
mod uniqueness;
mod wings;

use std::ops::ControlFlow;

pub use crate::geometry::CellSet;
pub use grid::Grid;
pub use ladder::{Ladder, LadderError};
pub use step::{Candidate, Evidence, Link, Node, NodeKind, Step, chain_text};

/// Where a finder sends the steps it finds; `Break` stops the search.
pub type Sink<'a> = dyn FnMut(Step) -> ControlFlow<()> + 'a;

/// The families of techniques, one source file each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Family {
    /// Full house, hidden and naked singles.
    Singles,
    /// Locked candidates (pointing and claiming), locked pairs and triples.
    Intersections,
    /// Naked and hidden pairs, triples and quads.
    Subsets,
    /// Basic, finned, sashimi, Franken and mutant fish.
    Fish,
    /// Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle,
    /// colouring.
    Patterns,
    /// XY-Wing, XYZ-Wing, WXYZ-Wing, W-Wing.
    Wings,
    /// Uniqueness rectangles, hidden and avoidable rectangles, BUG+1.
    Uniqueness,
    /// X-Chains, XY-Chains, remote pairs, nice loops and alternating inference chains.
    Chains,
    /// Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS chains, Death Blossom, Sue de Coq.
    Als,
    /// Forcing chains from a cell or a house: the last logical resort.
    Forcing,
    /// Templates of a digit: brute force on one digit at a time.
    Templates,
}

impl Family {
    /// Every family, easiest first.
    pub const ALL: [Family; 11] = [
        Family::Singles,
        Family::Intersections,
        Family::Subsets,
        Family::Fish,
        Family::Patterns,
        Family::Wings,
        Family::Uniqueness,
        Family::Chains,
        Family::Als,
        Family::Forcing,
        Family::Templates,
    ];

    /// The family's name, as `--techniques` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Family::Singles => "singles",
            Family::Intersections => "intersections",
            Family::Subsets => "subsets",
            Family::Fish => "fish",
            Family::Patterns => "patterns",
            Family::Wings => "wings",
            Family::Uniqueness => "uniqueness",
            Family::Chains => "chains",
            Family::Als => "als",
            Family::Forcing => "forcing",
            Family::Templates => "templates",
        }
    }
}

macro_rules! techniques {
    ($( $(#[$doc:meta])* $variant:ident = $code:literal, $name:literal, $family:ident; )*) => {
        /// Every technique, with HoDoKu's code for it (as its regression library uses them).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Technique {
            $( $(#[$doc])* $variant, )*
        }

        impl Technique {
            /// Every technique, in declaration order.
            pub const ALL: &'static [Technique] = &[ $( Technique::$variant, )* ];

            /// HoDoKu's code, e.g. `0300` for X-Wing.
            pub fn code(self) -> &'static str {
                match self { $( Technique::$variant => $code, )* }
            }

            /// The name people use, lowercase: `x-wing`, `hidden single`.
            pub fn name(self) -> &'static str {
                match self { $( Technique::$variant => $name, )* }
            }

            /// The family (and so the source file) it belongs to.
            pub fn family(self) -> Family {
                match self { $( Technique::$variant => Family::$family, )* }
            }
        }
    };
}

techniques! {
    /// The last open cell of a house.
    FullHouse = "0000", "full house", Singles;
    /// The only place for a digit in a house.
    HiddenSingle = "0002", "hidden single", Singles;
    /// The only digit left in a cell.
    NakedSingle = "0003", "naked single", Singles;
    /// A digit of a box confined to one line: gone from the rest of the line.
    Pointing = "0100", "locked candidates (pointing)", Intersections;
    /// A digit of a line confined to one box: gone from the rest of the box.
    Claiming = "0101", "locked candidates (claiming)", Intersections;
    /// A naked pair in the intersection of a box and a line.
    LockedPair = "0110", "locked pair", Intersections;
    /// A naked triple in the intersection of a box and a line.
    LockedTriple = "0111", "locked triple", Intersections;
    /// Two cells of a house with the same two candidates.
    NakedPair = "0200", "naked pair", Subsets;
    /// Three cells of a house holding three digits between them.
    NakedTriple = "0201", "naked triple", Subsets;
    /// Four cells of a house holding four digits between them.
    NakedQuad = "0202", "naked quad", Subsets;
    /// Two digits confined to the same two cells of a house.
    HiddenPair = "0210", "hidden pair", Subsets;
    /// Three digits confined to three cells of a house.
    HiddenTriple = "0211", "hidden triple", Subsets;
    /// Four digits confined to four cells of a house.
    HiddenQuad = "0212", "hidden quad", Subsets;
    /// Basic fish of size 2.
    XWing = "0300", "x-wing", Fish;
    /// Basic fish of size 3.
    Swordfish = "0301", "swordfish", Fish;
    /// Basic fish of size 4.
    Jellyfish = "0302", "jellyfish", Fish;
    /// X-Wing with fins.
    FinnedXWing = "0310", "finned x-wing", Fish;
    /// Swordfish with fins.
    FinnedSwordfish = "0311", "finned swordfish", Fish;
    /// Jellyfish with fins.
    FinnedJellyfish = "0312", "finned jellyfish", Fish;
    /// Finned X-Wing missing a base candidate.
    SashimiXWing = "0320", "sashimi x-wing", Fish;
    /// Finned Swordfish missing a base candidate.
    SashimiSwordfish = "0321", "sashimi swordfish", Fish;
    /// Finned Jellyfish missing a base candidate.
    SashimiJellyfish = "0322", "sashimi jellyfish", Fish;
    /// Fish of size 3 with boxes among its base or cover sets.
    FrankenSwordfish = "0331", "franken swordfish", Fish;
    /// Fish of size 4 with boxes among its base or cover sets.
    FrankenJellyfish = "0332", "franken jellyfish", Fish;
    /// Finned Franken fish of size 2.
    FinnedFrankenXWing = "0340", "finned franken x-wing", Fish;
    /// Finned Franken fish of size 3.
    FinnedFrankenSwordfish = "0341", "finned franken swordfish", Fish;
    /// Finned Franken fish of size 4.
    FinnedFrankenJellyfish = "0342", "finned franken jellyfish", Fish;
    /// Finned mutant fish of size 4.
    FinnedMutantJellyfish = "0362", "finned mutant jellyfish", Fish;
    /// Finned mutant fish of size 5.
    FinnedMutantSquirmbag = "0363", "finned mutant squirmbag", Fish;
    /// Finned mutant fish of size 6.
    FinnedMutantWhale = "0364", "finned mutant whale", Fish;
    /// Two conjugate pairs in parallel lines, joined at one end.
    Skyscraper = "0400", "skyscraper", Patterns;
    /// A conjugate pair in a row and one in a column, joined in a box.
    TwoStringKite = "0401", "2-string kite", Patterns;
    /// A box whose candidates lie on one row and one column, with a conjugate pair.
    EmptyRectangle = "0402", "empty rectangle", Patterns;
    /// A chain of three links on one digit, strong at both ends.
    TurbotFish = "0403", "turbot fish", Patterns;
    /// Two 2-String Kites sharing a box.
    DualTwoStringKite = "0404", "dual 2-string kite", Patterns;
    /// Two empty rectangles sharing a box.
    DualEmptyRectangle = "0405", "dual empty rectangle", Patterns;
    /// Simple colours: a candidate seeing both colours is false.
    SimpleColorsTrap = "0500", "simple colors trap", Patterns;
    /// Simple colours: a colour seeing itself is false.
    SimpleColorsWrap = "0501", "simple colors wrap", Patterns;
    /// Multi-colours, type 1.
    MultiColors1 = "0502", "multi-colors 1", Patterns;
    /// Multi-colours, type 2.
    MultiColors2 = "0503", "multi-colors 2", Patterns;
    /// Unique rectangle, type 1.
    UniqueRectangle1 = "0600", "uniqueness test 1", Uniqueness;
    /// Unique rectangle, type 2.
    UniqueRectangle2 = "0601", "uniqueness test 2", Uniqueness;
    /// Unique rectangle, type 3.
    UniqueRectangle3 = "0602", "uniqueness test 3", Uniqueness;
    /// Unique rectangle, type 4.
    UniqueRectangle4 = "0603", "uniqueness test 4", Uniqueness;
    /// Unique rectangle, type 5.
    UniqueRectangle5 = "0604", "uniqueness test 5", Uniqueness;
    /// Unique rectangle, type 6.
    UniqueRectangle6 = "0605", "uniqueness test 6", Uniqueness;
    /// Hidden rectangle.
    HiddenRectangle = "0606", "hidden rectangle", Uniqueness;
    /// Avoidable rectangle, type 1.
    AvoidableRectangle1 = "0607", "avoidable rectangle 1", Uniqueness;
    /// Avoidable rectangle, type 2.
    AvoidableRectangle2 = "0608", "avoidable rectangle 2", Uniqueness;
    /// Bivalue universal grave plus one.
    Bug1 = "0610", "bug+1", Uniqueness;
    /// A chain on one digit.
    XChain = "0701", "x-chain", Chains;
    /// A chain through bivalue cells.
    XYChain = "0702", "xy-chain", Chains;
    /// An XY-chain of cells with the same two digits.
    RemotePair = "0703", "remote pair", Chains;
    /// A nice loop closed on itself.
    ContinuousNiceLoop = "0706", "continuous nice loop", Chains;
    /// A nice loop with one discontinuity.
    DiscontinuousNiceLoop = "0707", "discontinuous nice loop", Chains;
    /// An alternating inference chain.
    Aic = "0708", "aic", Chains;
    /// A continuous nice loop with group nodes.
    GroupedContinuousNiceLoop = "0709", "grouped continuous nice loop", Chains;
    /// A discontinuous nice loop with group nodes.
    GroupedDiscontinuousNiceLoop = "0710", "grouped discontinuous nice loop", Chains;
    /// An alternating inference chain with group nodes.
    GroupedAic = "0711", "grouped aic", Chains;
    /// Pivot XY with pincers XZ and YZ.
    XYWing = "0800", "xy-wing", Wings;
    /// Pivot XYZ with pincers XZ and YZ.
    XYZWing = "0801", "xyz-wing", Wings;
    /// Four cells holding four digits, one of them not restricted.
    WXYZWing = "0802", "wxyz-wing", Wings;
    /// Two equal bivalue cells joined by a strong link.
    WWing = "0803", "w-wing", Wings;
    /// Two almost locked sets with a restricted common digit.
    AlsXz = "0901", "als-xz", Als;
    /// Three almost locked sets in a wing.
    AlsXyWing = "0902", "als-xy-wing", Als;
    /// A chain of almost locked sets.
    AlsXyChain = "0903", "als-xy-chain", Als;
    /// A stem cell whose candidates each see an almost locked set.
    DeathBlossom = "0904", "death blossom", Als;
    /// Sue de Coq.
    SueDeCoq = "1101", "sue de coq", Als;
    /// Every branch from a cell or a house leads to a contradiction but one.
    ForcingChainContradiction = "1301", "forcing chain contradiction", Forcing;
    /// Every branch from a cell or a house agrees on a candidate.
    ForcingChainVerity = "1302", "forcing chain verity", Forcing;
    /// The cells every possible template of a digit takes hold it.
    TemplateSet = "1201", "template set", Templates;
    /// The candidates no possible template of their digit takes are false.
    TemplateDelete = "1202", "template delete", Templates;
}

impl Technique {
    /// Whether it is one of the singles (which place a digit and need no pattern).
    pub fn is_single(self) -> bool {
        self.family() == Family::Singles
    }

    /// The technique of a HoDoKu code (`0300`), if we know it.
    pub fn from_code(code: &str) -> Option<Technique> {
        Technique::ALL.iter().copied().find(|t| t.code() == code)
    }

    /// The technique of a name, ignoring case, spaces, dashes and punctuation
    /// (`X-Wing`, `xwing`, `hidden single`), or of a code.
    pub fn from_name(name: &str) -> Option<Technique> {
        let key = normalize(name);
        Technique::ALL
            .iter()
            .copied()
            .find(|t| normalize(t.name()) == key || t.code() == name)
    }

    /// Whether a finder for it exists.
    pub fn is_implemented(self) -> bool {
        match self.family() {
            Family::Singles => singles::implements(self),
            Family::Intersections => intersections::implements(self),
            Family::Subsets => subsets::implements(self),
            Family::Fish => fish::implements(self),
            Family::Patterns => patterns::implements(self),
            Family::Wings => wings::implements(self),
            Family::Uniqueness => uniqueness::implements(self),
            Family::Als => als::implements(self),
            Family::Chains => chains::implements(self),
            Family::Forcing => forcing::implements(self),
            Family::Templates => templates::implements(self),
        }
    }

    /// Sends every step of this technique in `grid` to `sink`, until it says stop. A call on
    /// its own: see [`Technique::find_with`] to share the work of a family's search between
    /// calls on the same grid.
    pub fn find(self, grid: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
        self.find_with(grid, &mut Memo::default(), sink)
    }

    /// [`Technique::find`], with what earlier calls on the same grid found kept in `memo`.
    pub fn find_with(self, grid: &Grid, memo: &mut Memo, sink: &mut Sink<'_>) -> ControlFlow<()> {
        match self.family() {
            Family::Singles => singles::find(grid, self, sink),
            Family::Intersections => intersections::find(grid, self, sink),
            Family::Subsets => subsets::find(grid, self, sink),
            Family::Fish => fish::find(self, Finder::new(grid, &mut memo.fish, sink)),
            Family::Patterns => patterns::find(grid, self, sink),
            Family::Wings => wings::find(grid, self, sink),
            Family::Uniqueness => {
                uniqueness::find(self, Finder::new(grid, &mut memo.uniqueness, sink))
            }
            Family::Als => als::find(self, Finder::new(grid, &mut memo.als, sink)),
            Family::Chains => chains::find(self, Finder::new(grid, &mut memo.chains, sink)),
            Family::Forcing => forcing::find(self, Finder::new(grid, &mut memo.forcing, sink)),
            Family::Templates => templates::find(grid, self, sink),
        }
    }

    /// The first step of this technique in `grid`, if any.
    pub fn first(self, grid: &Grid) -> Option<Step> {
        self.first_with(grid, &mut Memo::default())
    }

    /// [`Technique::first`], sharing `memo` (see [`Technique::find_with`]).
    pub fn first_with(self, grid: &Grid, memo: &mut Memo) -> Option<Step> {
        first_found(|sink| self.find_with(grid, memo, sink))
    }

    /// Every step of this technique in `grid`.
    pub fn all(self, grid: &Grid) -> Vec<Step> {
        all_found(|sink| self.find(grid, sink))
    }

    /// [`Technique::all`], sharing `memo` (and its options, see [`Memo::with_als_nodes`]).
    pub fn all_with(self, grid: &Grid, memo: &mut Memo) -> Vec<Step> {
        all_found(|sink| self.find_with(grid, memo, sink))
    }
}

/// The first item a callback search sends, which stops it there.
pub(crate) fn first_found<T>(
    search: impl FnOnce(&mut dyn FnMut(T) -> ControlFlow<()>) -> ControlFlow<()>,
) -> Option<T> {
    let mut found = None;
    let _ = search(&mut |item| {
        found = Some(item);
        ControlFlow::Break(())
    });
    found
}

/// Every item a callback search sends.
pub(crate) fn all_found<T>(
    search: impl FnOnce(&mut dyn FnMut(T) -> ControlFlow<()>) -> ControlFlow<()>,
) -> Vec<T> {
    let mut found = Vec::new();
    let _ = search(&mut |item| {
        found.push(item);
        ControlFlow::Continue(())
    });
    found
}

impl Technique {
    /// How many cells (or digits) a subset technique is about: 2 for the pairs, 3 for the
    /// triples, 4 for the quads.
    pub(crate) fn subset_size(self) -> usize {
        use Technique::*;
        match self {
            NakedPair | HiddenPair | LockedPair => 2,
            NakedTriple | HiddenTriple | LockedTriple => 3,
            _ => 4,
        }
    }
}

fn normalize(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '+')
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// What a family's search with a memo is handed: the grid, its part of the [`Memo`], and
/// where its steps go.
struct Finder<'a, 's, M> {
    grid: &'a Grid,
    memo: &'a mut M,
    sink: &'a mut Sink<'s>,
}

impl<'a, 's, M> Finder<'a, 's, M> {
    fn new(grid: &'a Grid, memo: &'a mut M, sink: &'a mut Sink<'s>) -> Self {
        Finder { grid, memo, sink }
    }
}

/// What the finders keep between calls on the same grid, owned by the caller and passed in:
/// a family whose techniques are asked one after another on one grid (the fish, the nice loops
/// and AICs, the ALS techniques) searches once for all of them; the forcing chains keep the
/// contradictions not yet handed out for the next grid of the same solve; the avoidable
/// rectangles keep whether the givens have one solution. Each entry is keyed on the grid (or
/// the givens) it was made for, so a memo never answers for another position; [`solve`] keeps
/// one for its puzzle, and [`Memo::clear`] empties it.
#[derive(Default)]
pub struct Memo {
    fish: fish::Memo,
    chains: chains::Memo,
    als: als::Memo,
    forcing: forcing::Memo,
    uniqueness: uniqueness::Memo,
}

impl Memo {
    /// An empty memo.
    pub fn new() -> Memo {
        Memo::default()
    }

    /// An empty memo for finders with HoDoKu's option "allow ALS in chains": the grouped nice
    /// loops and AICs take *ALS nodes* too (a digit taken out of an almost locked set, which
    /// locks the rest). Off by default, as in HoDoKu (whose path never takes them): the search
    /// costs far more. HoDoKu's regression library checks them (variants 0709-2, 0710-3/4,
    /// 0711-3/4).
    pub fn with_als_nodes() -> Memo {
        let mut memo = Memo::default();
        memo.chains.2 = true;
        memo
    }

    /// Whether every candidate of `digit` lies in a *template* of its candidates (one in each
    /// row, column and box holding some): then no technique reasoning on that digit alone
    /// finds anything (see `fish::no_fish`). Kept per digit while its candidates stay.
    pub(crate) fn templates_cover(&mut self, grid: &Grid, digit: u8) -> bool {
        self.fish.templates_cover(grid, digit)
    }

    /// Forgets everything (e.g. before a solve of another puzzle), but not the options.
    pub fn clear(&mut self) {
        let als_nodes = self.chains.2;
        *self = Memo::default();
        self.chains.2 = als_nodes;
    }
}

/// How a logical solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolveEnd {
    /// Every cell is filled.
    Solved,
    /// No technique of the ladder applies: logic stops here.
    Stuck,
    /// The caller stopped it (a callback's `Break`, or the stop poll).
    Stopped,
}

/// Solves `grid` step by step with `ladder`: at each step, the first step of the easiest
/// technique that applies. `on_step` sees the grid before each step and the step (which is
/// then applied), and may stop the solve. `stop` is polled before each step.
pub fn solve(
    grid: &mut Grid,
    ladder: &Ladder,
    stop: Option<&dyn Fn() -> bool>,
    mut on_step: impl FnMut(&Grid, &Step) -> ControlFlow<()>,
) -> SolveEnd {
    // What the finders keep from one step to the next of this solve, and no longer.
    let mut memo = Memo::default();
    let next_step = |grid: &Grid| ladder.next_step_with(grid, &mut memo);
    solve_loop(
        grid,
        stop,
        next_step,
        Grid::is_solved,
        Grid::apply,
        &mut on_step,
    )
}

/// The loop of a logical solve, for either engine: until the grid is solved, `stop` says so,
/// `on_step` stops it or `next_step` finds nothing, `on_step` sees the next step (with the
/// grid before it), which is then applied.
pub(crate) fn solve_loop<G, S>(
    grid: &mut G,
    stop: Option<&dyn Fn() -> bool>,
    mut next_step: impl FnMut(&G) -> Option<S>,
    is_solved: impl Fn(&G) -> bool,
    apply: impl Fn(&mut G, &S),
    on_step: &mut dyn FnMut(&G, &S) -> ControlFlow<()>,
) -> SolveEnd {
    loop {
        if is_solved(grid) {
            return SolveEnd::Solved;
        }
        if stop.is_some_and(|s| s()) {
            return SolveEnd::Stopped;
        }
        let Some(step) = next_step(grid) else {
            return SolveEnd::Stuck;
        };
        if on_step(grid, &step).is_break() {
            return SolveEnd::Stopped;
        }
        apply(grid, &step);
    }
}
