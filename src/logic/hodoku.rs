//! HoDoKu's scale: the solving path HoDoKu 2.2.0 takes with its default settings, each step's
//! score, the sum and the level (easy, medium, hard, unfair, extreme).
//!
//! HoDoKu asks its techniques in a fixed order (`Options.java`: every enabled step sorted by
//! its index) and takes the first technique that finds something; each technique picks one step
//! by its own rule. The score is the sum of the steps' base scores; the level is the larger of
//! the hardest step's level and the first level whose maximum score is at least the sum.
//!
//! The singles depend on the order in which cells *became* singles: HoDoKu keeps a queue of
//! naked singles and one of hidden singles, fed as candidates disappear. The private `State`
//! keeps the same queues, fed in the same order (givens set one by one in cell order,
//! eliminations in the order each technique lists them), so the path's singles come in HoDoKu's
//! order. The other techniques use our finders (see [`super::Technique`]), with HoDoKu's choice
//! among several steps where we know it. Forcing chains and nets are HoDoKu's own tables (module
//! `tabling`); when nothing applies, HoDoKu places the solution's digit in the middle unsolved
//! cell ("brute force") and goes on.

use std::fmt::{self, Write as _};
use std::ops::ControlFlow;

use crate::board::Board;
use crate::geometry::bits::Mask;
use crate::geometry::classic::{
    CELL_HOUSES, HOUSE_CELLS, HOUSE_SETS, PEERS, box_of, col_of, house, row_of,
};
use crate::geometry::{CellSet, digits};

use super::{Candidate, Grid, Memo, Step, Technique, uniqueness};

mod als;
mod chains;
mod tabling;
#[cfg(test)]
mod text_tests;

/// HoDoKu's difficulty levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Singles only, score at most 800.
    Easy,
    /// Intersections and subsets, score at most 1000.
    Medium,
    /// Basic fish, wings, uniqueness, score at most 1600.
    Hard,
    /// Chains and ALS, score at most 1800.
    Unfair,
    /// Forcing chains, brute force, or a larger score.
    Extreme,
}

impl Level {
    /// Lowercase name: `easy` ... `extreme`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }

    /// HoDoKu's own spelling: `Easy` ... `Extreme`.
    pub fn title(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        }
    }

    /// The largest score of the level (HoDoKu's defaults).
    fn max_score(self) -> u32 {
        match self {
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => u32::MAX,
        }
    }

    fn next(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            _ => Level::Extreme,
        }
    }

    /// The level of a name, any case.
    pub fn from_name(name: &str) -> Option<Level> {
        [
            Level::Easy,
            Level::Medium,
            Level::Hard,
            Level::Unfair,
            Level::Extreme,
        ]
        .into_iter()
        .find(|l| l.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The steps HoDoKu's default solver tries, in its order (each with its base score and level).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Full house.
    FullHouse,
    /// Naked single.
    NakedSingle,
    /// Hidden single.
    HiddenSingle,
    /// Locked pair.
    LockedPair,
    /// Locked triple.
    LockedTriple,
    /// Locked candidates type 1 (pointing).
    Pointing,
    /// Locked candidates type 2 (claiming).
    Claiming,
    /// Naked pair.
    NakedPair,
    /// Naked triple.
    NakedTriple,
    /// Hidden pair.
    HiddenPair,
    /// Hidden triple.
    HiddenTriple,
    /// Naked quadruple.
    NakedQuad,
    /// Hidden quadruple.
    HiddenQuad,
    /// Skyscraper.
    Skyscraper,
    /// W-Wing.
    WWing,
    /// XY-Wing.
    XYWing,
    /// XYZ-Wing.
    XYZWing,
    /// Any other technique, found by our finders.
    Other(Technique),
    /// HoDoKu's forcing chain (its tables of direct links).
    ForcingChain,
    /// HoDoKu's forcing net (its tables with four rounds of singles).
    ForcingNet,
    /// No logic applies: the solution's digit in the middle unsolved cell.
    BruteForce,
}

/// One entry of HoDoKu's default solver order: the technique(s) behind it, score and level.
struct Entry {
    kinds: &'static [Kind],
    score: u32,
    level: Level,
    /// Pick the step HoDoKu's sort puts first (most eliminations, then the smallest index sum)
    /// rather than the first found.
    sorted: bool,
}

macro_rules! entry {
    ($score:expr, $level:ident, $sorted:expr, [$($k:expr),*]) => {
        Entry { kinds: &[$($k),*], score: $score, level: Level::$level, sorted: $sorted }
    };
}

/// HoDoKu 2.2.0's enabled steps, sorted by their index in `Options.java`.
static ORDER: &[Entry] = {
    use Kind::*;
    use Technique as T;
    &[
        entry!(4, Easy, false, [FullHouse]),
        entry!(4, Easy, false, [NakedSingle]),
        entry!(14, Easy, false, [HiddenSingle]),
        entry!(40, Medium, false, [LockedPair]),
        entry!(60, Medium, false, [LockedTriple]),
        entry!(50, Medium, false, [Pointing]),
        entry!(50, Medium, false, [Claiming]),
        entry!(60, Medium, false, [NakedPair]),
        entry!(80, Medium, false, [NakedTriple]),
        entry!(70, Medium, false, [HiddenPair]),
        entry!(100, Medium, false, [HiddenTriple]),
        entry!(120, Hard, false, [NakedQuad]),
        entry!(150, Hard, false, [HiddenQuad]),
        entry!(140, Hard, false, [Other(T::XWing)]),
        entry!(150, Hard, false, [Other(T::Swordfish)]),
        entry!(160, Hard, false, [Other(T::Jellyfish)]),
        entry!(110, Hard, true, [Other(T::RemotePair)]),
        entry!(100, Hard, false, [Other(T::Bug1)]),
        entry!(130, Hard, false, [Skyscraper]),
        entry!(150, Hard, false, [Other(T::TwoStringKite)]),
        entry!(120, Hard, true, [Other(T::TurbotFish)]),
        entry!(120, Hard, false, [Other(T::EmptyRectangle)]),
        entry!(150, Hard, false, [WWing]),
        entry!(160, Hard, false, [XYWing]),
        entry!(180, Hard, false, [XYZWing]),
        entry!(100, Hard, false, [Other(T::UniqueRectangle1)]),
        entry!(100, Hard, false, [Other(T::UniqueRectangle2)]),
        entry!(100, Hard, false, [Other(T::UniqueRectangle3)]),
        entry!(100, Hard, false, [Other(T::UniqueRectangle4)]),
        entry!(100, Hard, false, [Other(T::UniqueRectangle5)]),
        entry!(100, Hard, false, [Other(T::UniqueRectangle6)]),
        entry!(100, Hard, false, [Other(T::HiddenRectangle)]),
        entry!(100, Hard, false, [Other(T::AvoidableRectangle1)]),
        entry!(100, Hard, false, [Other(T::AvoidableRectangle2)]),
        entry!(130, Hard, false, [Other(T::FinnedXWing)]),
        entry!(150, Hard, false, [Other(T::SashimiXWing)]),
        entry!(200, Unfair, false, [Other(T::FinnedSwordfish)]),
        entry!(240, Unfair, false, [Other(T::SashimiSwordfish)]),
        entry!(250, Unfair, false, [Other(T::FinnedJellyfish)]),
        entry!(260, Unfair, false, [Other(T::SashimiJellyfish)]),
        entry!(250, Unfair, false, [Other(T::SueDeCoq)]),
        entry!(
            150,
            Hard,
            false,
            [Other(T::SimpleColorsTrap), Other(T::SimpleColorsWrap)]
        ),
        entry!(
            200,
            Hard,
            false,
            [Other(T::MultiColors1), Other(T::MultiColors2)]
        ),
        entry!(260, Unfair, true, [Other(T::XChain)]),
        entry!(260, Unfair, false, [Other(T::XYChain)]),
        entry!(
            280,
            Unfair,
            true,
            [
                Other(T::ContinuousNiceLoop),
                Other(T::DiscontinuousNiceLoop),
                Other(T::Aic)
            ]
        ),
        entry!(
            300,
            Unfair,
            true,
            [
                Other(T::GroupedContinuousNiceLoop),
                Other(T::GroupedDiscontinuousNiceLoop),
                Other(T::GroupedAic)
            ]
        ),
        // HoDoKu's own ALS search (module `als`): its order decides which step comes first.
        entry!(300, Unfair, false, [Other(T::AlsXz)]),
        entry!(320, Unfair, false, [Other(T::AlsXyWing)]),
        entry!(340, Unfair, false, [Other(T::AlsXyChain)]),
        entry!(350, Unfair, false, [Other(T::FrankenSwordfish)]),
        entry!(390, Unfair, false, [Other(T::FinnedFrankenXWing)]),
        entry!(410, Unfair, false, [Other(T::FinnedFrankenSwordfish)]),
        // HoDoKu's own forcing chains and nets (module `tabling`).
        entry!(500, Extreme, false, [ForcingChain]),
        entry!(700, Extreme, false, [ForcingNet]),
        entry!(10000, Extreme, false, [BruteForce]),
    ]
};

/// One step of HoDoKu's path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathStep {
    /// What HoDoKu calls it.
    pub kind: Kind,
    /// The step (technique, placements, eliminations in HoDoKu's order, evidence).
    pub step: Step,
    /// Its base score.
    pub score: u32,
    /// Its level.
    pub level: Level,
    /// HoDoKu's text of the pattern, when we have it.
    pattern: Option<String>,
}

/// HoDoKu's rating of a puzzle without its path ([`summary`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// The level.
    pub level: Level,
    /// The sum of the steps' scores.
    pub score: u32,
    /// Whether HoDoKu needs brute force (it prints ` bf`).
    pub guess: bool,
    /// Whether the path ran to the end (false when stopped).
    pub complete: bool,
    /// The number of steps of the path.
    pub steps: usize,
}

/// HoDoKu's rating of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    /// The level.
    pub level: Level,
    /// The sum of the steps' scores.
    pub score: u32,
    /// Whether HoDoKu needs brute force (it prints ` bf`).
    pub guess: bool,
    /// Whether the path ran to the end (false when stopped).
    pub complete: bool,
    /// The path.
    pub steps: Vec<PathStep>,
}

/// A queue of singles as HoDoKu keeps them: entries are appended, taken from the front, and
/// deleted in place when a single stops being one.
#[derive(Clone)]
struct Queue {
    cells: [u8; 243],
    digits: [u8; 243],
    put: usize,
    get: usize,
}

impl Queue {
    fn new() -> Queue {
        Queue {
            cells: [0; 243],
            digits: [0; 243],
            put: 0,
            get: 0,
        }
    }

    fn add(&mut self, cell: usize, digit: u8) {
        if self.put < self.cells.len() {
            self.cells[self.put] = cell as u8;
            self.digits[self.put] = digit;
            self.put += 1;
        }
    }

    /// Takes the front entry.
    fn take(&mut self) -> Option<(usize, u8)> {
        if self.get >= self.put {
            return None;
        }
        let e = (usize::from(self.cells[self.get]), self.digits[self.get]);
        self.get += 1;
        if self.get >= self.put {
            self.get = 0;
            self.put = 0;
        }
        Some(e)
    }

    fn remove_at(&mut self, i: usize) {
        self.cells.copy_within(i + 1..self.put, i);
        self.digits.copy_within(i + 1..self.put, i);
        self.put -= 1;
    }

    fn delete_hidden(&mut self, house: usize, digit: u8) {
        if let Some(i) = (self.get..self.put).find(|&i| {
            self.digits[i] == digit
                && CELL_HOUSES[usize::from(self.cells[i])].contains(&(house as u8))
        }) {
            self.remove_at(i);
        }
    }
}

/// HoDoKu's position: values, candidates (bit `d - 1`), the number of places of each digit in
/// each house, and the two queues of singles.
#[derive(Clone)]
struct State {
    values: [u8; 81],
    cands: [u16; 81],
    free: [[u8; 10]; 27],
    ns: Queue,
    hs: Queue,
    unsolved: usize,
    /// How many times a candidate of each house changed: what a search in a house sees is
    /// unchanged while these counts are (see [`Barren`]).
    version: [u32; 27],
    /// Per digit (index `d - 1`), the cells where it is a candidate: `cands` by digit.
    places: [CellSet; 9],
}

/// For each subset technique (and the two locked candidates) and house, the version of the
/// house (or of the houses meeting it too, see [`Seen`]) when its search there last found
/// nothing: it finds nothing again while they stay the same. Kept for one puzzle's path.
///
/// With it, the XY-chain search's position when it last found nothing: the candidates of
/// the bivalue cells (0 elsewhere) and where each digit was a candidate. Its chains run over
/// the bivalue cells only, and what they remove are candidates: while the bivalue cells stay
/// the same or fewer (none new, none with other digits) and no candidate comes back, its
/// chains are among the old ones and remove less: it finds nothing again.
struct Barren {
    /// Per subset and locked-candidates technique (at its [`house_slot`]) and house: the
    /// house versions its search there saw when it last found nothing.
    houses: [[Seen; 27]; 10],
    /// The XY-chain's bivalue cells and each digit's candidates.
    xy_chain: Option<Box<([u16; 81], [CellSet; 10])>>,
    /// Per single-digit technique of [`SINGLE_DIGIT`] and digit: the digit's candidates when
    /// the technique last found nothing on it. Its search on a digit sees nothing but those,
    /// so while they stay the same it finds nothing there again.
    digits: [[Option<CellSet>; 9]; SINGLE_DIGIT.len()],
}

/// The techniques of HoDoKu's order that work on one digit at a time and that our finders
/// search digit by digit (see [`super::patterns::find_digit`]).
const SINGLE_DIGIT: [Technique; 7] = [
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::SimpleColorsTrap,
    Technique::SimpleColorsWrap,
    Technique::MultiColors1,
    Technique::MultiColors2,
];

impl Default for Barren {
    fn default() -> Barren {
        Barren {
            houses: [[Seen::Never; 27]; 10],
            xy_chain: None,
            digits: [[None; 9]; SINGLE_DIGIT.len()],
        }
    }
}

/// What a subset or locked-candidates search in a house saw when it last found nothing there.
///
/// Candidates only go, and what such a search finds in a house is made of the house's own
/// candidates: a step found now and not then needs a change in the house, except that what
/// it removes outside the house (a naked subset's or a locked candidate's other house, which
/// meets this one in three cells) can only shrink, which can make a locked subset an
/// unlocked one, the one thing a search taking unlocked subsets only must then look for
/// again. So the house alone is enough, unless such a search passed over a locked subset
/// (then the houses meeting it count too).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seen {
    /// No search there found nothing yet.
    Never,
    /// The house's version.
    House(u32),
    /// The sum of the versions of the house and the houses meeting it in three cells
    /// ([`State::zone`]).
    Zone(u32),
}

impl Seen {
    /// Whether the search in `house` would find nothing again.
    fn unchanged(self, s: &State, house: usize) -> bool {
        match self {
            Seen::Never => false,
            Seen::House(v) => s.version[house] == v,
            Seen::Zone(v) => s.zone(house) == v,
        }
    }
}

impl Barren {
    /// The steps of `t` in `grid`, in the order of [`Technique::find_with`]; a technique of
    /// [`SINGLE_DIGIT`] skips the digits where it found nothing on the same candidates.
    fn find_with(
        &mut self,
        t: Technique,
        grid: &Grid,
        memo: &mut Memo,
        sink: &mut super::Sink<'_>,
    ) -> ControlFlow<()> {
        let Some(i) = SINGLE_DIGIT.iter().position(|&x| x == t) else {
            return t.find_with(grid, memo, sink);
        };
        for digit in 1..=9u8 {
            let cands = grid.cells_with(digit);
            let slot = &mut self.digits[i][usize::from(digit - 1)];
            if *slot == Some(cands) {
                continue;
            }
            // Each of these techniques reasons on the digit alone: none finds anything where
            // every candidate lies in a template (on unbiased_1000, most of their searches).
            if memo.templates_cover(grid, digit) {
                *slot = Some(cands);
                continue;
            }
            let mut found = false;
            super::patterns::find_digit(grid, t, digit, &mut |step| {
                found = true;
                sink(step)
            })?;
            if !found {
                *slot = Some(cands);
            }
        }
        ControlFlow::Continue(())
    }

    /// The XY-chain step, or `None` at once when the memo says there is none.
    fn xy_chain(&mut self, s: &State) -> Option<Found> {
        let mut bivalue = [0u16; 81];
        for (b, &m) in bivalue.iter_mut().zip(&s.cands) {
            // (A placed cell has no candidates.)
            if m.count_ones() == 2 {
                *b = m;
            }
        }
        let mut with = [CellSet::EMPTY; 10];
        with[1..].copy_from_slice(&s.places);
        if let Some(old) = &self.xy_chain
            && bivalue
                .iter()
                .zip(&old.0)
                .all(|(&now, &then)| now == 0 || now == then)
            && with
                .iter()
                .zip(&old.1)
                .all(|(now, then)| (*now - *then).is_empty())
        {
            return None;
        }
        let found = chains::xy_chain(s);
        if found.is_none() {
            self.xy_chain = Some(Box::new((bivalue, with)));
        }
        found
    }
}

impl State {
    /// The puzzle as HoDoKu loads an 81-character line: every given set in cell order.
    fn new(board: &Board) -> State {
        let mut s = State {
            values: [0; 81],
            cands: [0x1ff; 81],
            free: [[9; 10]; 27],
            ns: Queue::new(),
            hs: Queue::new(),
            unsolved: 81,
            version: [0; 27],
            places: [CellSet::ALL; 9],
        };
        for cell in 0..81 {
            let d = board.get(cell);
            if d != 0 {
                s.set_cell(cell, d);
            }
        }
        s
    }

    fn has(&self, cell: usize, digit: u8) -> bool {
        self.cands[cell] & (1 << (digit - 1)) != 0
    }

    fn add_hidden(&mut self, house: usize, digit: u8) {
        // The first of the house's cells (in increasing order) holding the digit.
        if let Some(c) = (self.places[usize::from(digit - 1)] & HOUSE_SETS[house]).first() {
            self.hs.add(c, digit);
        }
    }

    /// Removes a candidate, feeding the queues as HoDoKu does.
    fn del_candidate(&mut self, cell: usize, digit: u8) {
        if self.cands[cell] & (1 << (digit - 1)) != 0 {
            self.del_present(cell, digit);
        }
    }

    /// [`State::del_candidate`] of a candidate known to be there.
    #[inline(always)]
    fn del_present(&mut self, cell: usize, digit: u8) {
        let left = self.cands[cell] & !(1 << (digit - 1));
        self.cands[cell] = left;
        self.places[usize::from(digit - 1)].remove(cell);
        let houses = CELL_HOUSES[cell];
        for &h in &houses {
            self.version[usize::from(h)] += 1;
        }
        if left == 0 {
            return;
        }
        if left.exactly_one() {
            self.ns.add(cell, left.trailing_zeros() as u8 + 1);
        }
        for &h in &houses {
            let h = usize::from(h);
            let f = &mut self.free[h][usize::from(digit)];
            *f = f.saturating_sub(1);
            match *f {
                1 => self.add_hidden(h, digit),
                0 => self.hs.delete_hidden(h, digit),
                _ => {}
            }
        }
    }

    /// Places a digit, as HoDoKu's `setCell`.
    fn set_cell(&mut self, cell: usize, digit: u8) {
        self.set_cell_among(cell, digit, CellSet::ALL);
    }

    /// [`State::set_cell`] told that the peers holding `digit` are among `holding`: only
    /// those are visited (the others have nothing to lose), in the same order.
    fn set_cell_among(&mut self, cell: usize, digit: u8, holding: CellSet) {
        if self.values[cell] == digit {
            return;
        }
        self.values[cell] = digit;
        let old = self.cands[cell];
        self.cands[cell] = 0;
        for d in digits::iter(old) {
            self.places[usize::from(d - 1)].remove(cell);
        }
        let houses = CELL_HOUSES[cell];
        for &h in &houses {
            self.version[usize::from(h)] += 1;
        }
        self.unsolved = self.unsolved.saturating_sub(1);
        // The peers without the candidate have nothing to lose.
        for p in (PEERS[cell] & holding & self.places[usize::from(digit - 1)]).iter() {
            self.del_present(p, digit);
        }
        for d in digits::iter(old) {
            for &h in &houses {
                let h = usize::from(h);
                let f = &mut self.free[h][usize::from(d)];
                *f = f.saturating_sub(1);
                if *f == 1 && d != digit {
                    self.add_hidden(h, d);
                }
            }
        }
    }

    /// The sum of the versions of `house` and of every house meeting it in three cells
    /// (where a naked subset of its cells may also remove candidates, see [`Seen`]). The
    /// versions only grow, so the sum is the same only when each is.
    fn zone(&self, house: usize) -> u32 {
        let v = &self.version;
        let (kind, i) = (house / 9, house % 9);
        let sum3 = |a: usize, step: usize| v[a] + v[a + step] + v[a + 2 * step];
        v[house]
            + match kind {
                // A row meets the boxes of its band; a column those of its stack.
                0 => sum3(18 + i / 3 * 3, 1),
                1 => sum3(18 + i / 3, 3),
                // A box meets the rows of its band and the columns of its stack.
                _ => sum3(i / 3 * 3, 1) + sum3(9 + i % 3 * 3, 1),
            }
    }

    fn is_solved(&self) -> bool {
        self.unsolved == 0
    }

    /// The position as our finders take it. A placement removes its digit from every peer,
    /// so the parts agree as [`Grid::from_position`] needs.
    fn grid(&self, givens: CellSet) -> Grid {
        Grid::from_position(self.values, self.cands, self.places, givens)
    }

    // ----- singles -----

    fn full_house(&self) -> Option<(usize, u8)> {
        (self.ns.get..self.ns.put).find_map(|i| {
            let cell = usize::from(self.ns.cells[i]);
            let d = self.ns.digits[i];
            if self.values[cell] != 0 {
                return None;
            }
            CELL_HOUSES[cell]
                .iter()
                .any(|&h| {
                    (1..=9u8).all(|j| j == d || self.free[usize::from(h)][usize::from(j)] == 0)
                })
                .then_some((cell, d))
        })
    }

    fn naked_single(&mut self) -> Option<(usize, u8)> {
        while let Some((cell, d)) = self.ns.take() {
            if self.values[cell] == 0 {
                return Some((cell, d));
            }
        }
        None
    }

    fn hidden_single(&mut self) -> Option<(usize, u8)> {
        while let Some((cell, d)) = self.hs.take() {
            if self.values[cell] == 0 {
                let ok = CELL_HOUSES[cell]
                    .iter()
                    .any(|&h| self.free[usize::from(h)][usize::from(d)] == 1);
                return ok.then_some((cell, d));
            }
        }
        None
    }
}

/// A step found by our own code (singles, intersections, subsets): the cells, digits, and
/// eliminations in HoDoKu's order.
struct Found {
    kind: Kind,
    /// HoDoKu's text of the pattern (between the name and `=>`), when not the default one.
    text: Option<String>,
    cells: Vec<usize>,
    digits: u16,
    house: usize,
    elims: Vec<Candidate>,
}

/// Locked candidates: boxes first (pointing), then rows and columns (claiming).
/// `barren` is the technique's part of [`Barren`].
fn locked_candidates(s: &State, pointing: bool, barren: &mut [Seen; 27]) -> Option<Found> {
    let bases: &[usize] = if pointing { &[18] } else { &[0, 9] };
    for &base in bases {
        for unit in 0..9 {
            let house = base + unit;
            // What goes lies in a house meeting this one in three cells, where the digit can
            // only get fewer places: nothing new without a change in this house.
            if barren[house].unchanged(s, house) {
                continue;
            }
            for d in 1..=9u8 {
                let n = s.free[house][usize::from(d)];
                if n != 2 && n != 3 {
                    continue;
                }
                // Its two or three places.
                let mut places = [0usize; 3];
                let mut len = 0;
                for c in (s.places[usize::from(d - 1)] & HOUSE_SETS[house]).iter() {
                    if len < places.len() {
                        places[len] = c;
                        len += 1;
                    }
                }
                let cells = &places[..len];
                let same = |k: usize| {
                    cells
                        .iter()
                        .all(|&c| CELL_HOUSES[c][k] == CELL_HOUSES[cells[0]][k])
                };
                let target = if base == 18 {
                    let r = usize::from(CELL_HOUSES[cells[0]][0]);
                    let c = usize::from(CELL_HOUSES[cells[0]][1]);
                    if same(0) && s.free[r][usize::from(d)] > n {
                        r
                    } else if same(1) && s.free[c][usize::from(d)] > n {
                        c
                    } else {
                        continue;
                    }
                } else {
                    let b = usize::from(CELL_HOUSES[cells[0]][2]);
                    if same(2) && s.free[b][usize::from(d)] > n {
                        b
                    } else {
                        continue;
                    }
                };
                let elims = HOUSE_CELLS[target]
                    .iter()
                    .map(|&c| usize::from(c))
                    .filter(|&c| s.has(c, d) && !CELL_HOUSES[c].contains(&(house as u8)))
                    .map(|c| Candidate::new(c, d))
                    .collect();
                return Some(Found {
                    text: None,
                    kind: if pointing {
                        Kind::Pointing
                    } else {
                        Kind::Claiming
                    },
                    cells: cells.to_vec(),
                    digits: 1 << (d - 1),
                    house,
                    elims,
                });
            }
            barren[house] = Seen::House(s.version[house]);
        }
    }
    None
}

/// HoDoKu's subset step for `cells` (in the order found) holding `digits`: its eliminations
/// and whether it is locked. `None` when it eliminates nothing.
fn subset_step(
    s: &State,
    cells: &[usize],
    digits: u16,
    hidden: bool,
) -> Option<(Vec<Candidate>, bool)> {
    let same: [bool; 3] = std::array::from_fn(|k| {
        cells
            .iter()
            .all(|&c| CELL_HOUSES[c][k] == CELL_HOUSES[cells[0]][k])
    });
    // Most subsets found remove nothing (they did already): that is known without a list.
    let removes = if hidden {
        cells.iter().any(|&c| s.cands[c] & !digits != 0)
    } else {
        (0..3).any(|k| {
            same[k]
                && HOUSE_CELLS[usize::from(CELL_HOUSES[cells[0]][k])]
                    .iter()
                    .any(|&c| {
                        !cells.contains(&usize::from(c)) && s.cands[usize::from(c)] & digits != 0
                    })
        })
    };
    if !removes {
        return None;
    }
    let mut elims = Vec::new();
    let mut found_houses = 0;
    if hidden {
        for &c in cells {
            let del = s.cands[c] & !digits;
            for d in digits::iter(del) {
                elims.push(Candidate::new(c, d));
            }
        }
    } else {
        let bx = CELL_HOUSES[cells[0]][2];
        for k in 0..3 {
            if !same[k] {
                continue;
            }
            let house = usize::from(CELL_HOUSES[cells[0]][k]);
            let mut found = false;
            for &c in &HOUSE_CELLS[house] {
                let c = usize::from(c);
                if cells.contains(&c) {
                    continue;
                }
                let del = s.cands[c] & digits;
                for d in digits::iter(del) {
                    elims.push(Candidate::new(c, d));
                    if !found && (k == 2 || CELL_HOUSES[c][2] != bx) {
                        found = true;
                        found_houses += 1;
                    }
                }
            }
        }
    }
    if elims.is_empty() {
        return None;
    }
    let locked = cells.len() < 4 && found_houses > 1 && !hidden && same[2] && (same[0] || same[1]);
    Some((elims, locked))
}

/// Whether a subset of `n` in a house of `m` open cells can be passed over because its
/// complement is known to remove nothing.
///
/// A house's open cells hold its missing digits, as many. Take `n` of its cells holding
/// only `n` digits (a naked subset): the other `m - n` digits have their places among the
/// other `m - n` cells (a hidden subset), and the other way round. Within the house both
/// remove the same candidates: the first digits from the other cells. So a hidden subset
/// removes something only where a naked subset of `m - n` cells does, and a naked quad
/// (four cells never share two houses: it removes within the house only) only where a
/// hidden subset of `m - n` digits does. HoDoKu's order searches pairs and triples of
/// each kind before the quads: when those found nothing in the position (every size from
/// 2 to `done` of the other kind), a complement of such a size removes nothing, nor does
/// one of none (`m == n`: the subset fills the house). A complement of one is a single;
/// `single` says whether the house has one (only then is it searched).
fn complement_done(m: usize, n: usize, done: usize, single: impl Fn() -> bool) -> bool {
    match m.checked_sub(n) {
        None => false,
        Some(0) => true,
        Some(1) => !single(),
        Some(k) => k <= done,
    }
}

/// Naked subsets of `n` cells: boxes, then rows, then columns (boxes only for locked ones).
/// `barren` is the technique's part of [`Barren`]; `done` as for [`complement_done`] (the
/// hidden subsets of those sizes are known to remove nothing; 0 when not known).
/// `unlocked`, for a locked search, is the part of the unlocked search of the same size: a
/// box where no subset removes anything (none passed over for being unlocked) is one where
/// that search finds nothing either, while the box stays the same (see [`Seen`]).
fn naked_subset(
    s: &State,
    n: usize,
    locked: bool,
    done: usize,
    barren: &mut [Seen; 27],
    mut unlocked: Option<&mut [Seen; 27]>,
) -> Option<Found> {
    let bases: &[usize] = if locked { &[18] } else { &[18, 0, 9] };
    for &base in bases {
        for unit in 0..9 {
            let house = base + unit;
            if barren[house].unchanged(s, house) {
                continue;
            }
            let mut open = [0usize; 9];
            let mut len = 0;
            // The house's open cells.
            let mut m = 0;
            for &c in &HOUSE_CELLS[house] {
                let c = usize::from(c);
                let k = s.cands[c].count_ones() as usize;
                m += usize::from(k != 0);
                if k != 0 && k <= n {
                    open[len] = c;
                    len += 1;
                }
            }
            // (Only a quad: smaller subsets may remove outside the house, see
            // `complement_done`.)
            if n == 4 && complement_done(m, n, done, || (1..=9).any(|d| s.free[house][d] == 1)) {
                barren[house] = Seen::House(s.version[house]);
                continue;
            }
            let mut pick = [0usize; 4];
            // Whether an unlocked search passed over a locked subset (see [`Seen`]).
            let mut passed_locked = false;
            if len >= n {
                let search = Naked {
                    s,
                    n,
                    locked,
                    house,
                };
                if let Some(found) = search.from(&open[..len], &mut pick, 0, 0, &mut passed_locked)
                {
                    return Some(found);
                }
            }
            barren[house] = if passed_locked {
                Seen::Zone(s.zone(house))
            } else {
                if let Some(u) = unlocked.as_deref_mut() {
                    u[house] = Seen::House(s.version[house]);
                }
                Seen::House(s.version[house])
            };
        }
    }
    None
}

/// The search of [`naked_subset`] in one house.
struct Naked<'a> {
    s: &'a State,
    n: usize,
    locked: bool,
    house: usize,
}

impl Naked<'_> {
    /// The naked subsets that take `pick[..k]` (whose candidates are `mask`) and cells of
    /// `open` after them, in lexicographic order of the cells' positions in `open`.
    /// `passed_locked` is set when a subset that removes something is passed over for being
    /// locked (or not) when the search wants the other kind.
    fn from(
        &self,
        open: &[usize],
        pick: &mut [usize; 4],
        k: usize,
        mask: u16,
        passed_locked: &mut bool,
    ) -> Option<Found> {
        let (s, n, locked) = (self.s, self.n, self.locked);
        for (i, &c) in open.iter().enumerate() {
            // Too few cells left to make `n`: nor will there be further on.
            if open.len() - i < n - k {
                break;
            }
            let mask = mask | s.cands[c];
            // Candidates only add up: more than `n` digits never come back to `n`.
            if mask.count_ones() as usize > n {
                continue;
            }
            pick[k] = c;
            if k + 1 < n {
                if let Some(found) = self.from(&open[i + 1..], pick, k + 1, mask, passed_locked) {
                    return Some(found);
                }
                continue;
            }
            if mask.count_ones() as usize != n {
                continue;
            }
            let Some((elims, is_locked)) = subset_step(s, &pick[..n], mask, false) else {
                continue;
            };
            if is_locked != locked {
                *passed_locked = true;
                continue;
            }
            let kind = match (n, locked) {
                (2, true) => Kind::LockedPair,
                (3, true) => Kind::LockedTriple,
                (2, false) => Kind::NakedPair,
                (3, false) => Kind::NakedTriple,
                _ => Kind::NakedQuad,
            };
            return Some(Found {
                text: None,
                kind,
                cells: pick[..n].to_vec(),
                digits: mask,
                house: self.house,
                elims,
            });
        }
        None
    }
}

/// Hidden subsets of `n` digits: boxes, then rows, then columns.
/// `barren` is the technique's part of [`Barren`]; `done` as for [`complement_done`] (the
/// naked subsets of those sizes are known to remove nothing; 0 when not known).
fn hidden_subset(s: &State, n: usize, done: usize, barren: &mut [Seen; 27]) -> Option<Found> {
    for base in [18, 0, 9] {
        for unit in 0..9 {
            let house = base + unit;
            // What a hidden subset removes lies in its own cells.
            if barren[house].unchanged(s, house) {
                continue;
            }
            let seen = Seen::House(s.version[house]);
            let cells = &HOUSE_CELLS[house];
            let open = cells
                .iter()
                .filter(|&&c| s.cands[usize::from(c)] != 0)
                .count();
            if open <= n
                || complement_done(open, n, done, || {
                    cells
                        .iter()
                        .any(|&c| s.cands[usize::from(c)].count_ones() == 1)
                })
            {
                barren[house] = seen;
                continue;
            }
            let mut digits = [0u8; 9];
            let mut len = 0;
            let mut places = [0u16; 10];
            for d in 1..=9u8 {
                let f = usize::from(s.free[house][usize::from(d)]);
                if f != 0 && f <= n {
                    digits[len] = d;
                    len += 1;
                    for (j, &c) in cells.iter().enumerate() {
                        if s.has(usize::from(c), d) {
                            places[usize::from(d)] |= 1 << j;
                        }
                    }
                }
            }
            if len < n {
                barren[house] = seen;
                continue;
            }
            let search = Hidden {
                s,
                n,
                house,
                digits: &digits[..len],
                places: &places,
            };
            if let Some(found) = search.from(0, 0, 0, 0) {
                return Some(found);
            }
            barren[house] = seen;
        }
    }
    None
}

/// The search of [`hidden_subset`] in one house.
struct Hidden<'a> {
    s: &'a State,
    n: usize,
    house: usize,
    /// The digits with 1 to `n` places in the house, in increasing order.
    digits: &'a [u8],
    /// The places (bit `j`: the `j`-th cell of the house) of each digit.
    places: &'a [u16; 10],
}

impl Hidden<'_> {
    /// The subsets taking `k` digits (`mask`, at the places `pos`) and digits from
    /// `self.digits[from]` on, in lexicographic order.
    fn from(&self, from: usize, k: usize, mask: u16, pos: u16) -> Option<Found> {
        for i in from..self.digits.len() {
            // Too few digits left to make `n`: nor will there be further on.
            if self.digits.len() - i < self.n - k {
                break;
            }
            let d = self.digits[i];
            let pos = pos | self.places[usize::from(d)];
            // Places only add up: more than `n` never come back to `n`.
            if pos.count_ones() as usize > self.n {
                continue;
            }
            let mask = mask | 1 << (d - 1);
            if k + 1 < self.n {
                if let Some(found) = self.from(i + 1, k + 1, mask, pos) {
                    return Some(found);
                }
                continue;
            }
            if pos.count_ones() as usize != self.n {
                continue;
            }
            let mut sub = [0usize; 9];
            let mut len = 0;
            for (j, &c) in HOUSE_CELLS[self.house].iter().enumerate() {
                if pos & (1 << j) != 0 {
                    sub[len] = usize::from(c);
                    len += 1;
                }
            }
            if let Some((elims, _)) = subset_step(self.s, &sub[..len], mask, true) {
                let kind = match self.n {
                    2 => Kind::HiddenPair,
                    3 => Kind::HiddenTriple,
                    _ => Kind::HiddenQuad,
                };
                return Some(Found {
                    text: None,
                    kind,
                    cells: sub[..len].to_vec(),
                    digits: mask,
                    house: self.house,
                    elims,
                });
            }
        }
        None
    }
}

/// HoDoKu's order of steps found together (`SolutionStep.compareTo`): more eliminations first;
/// different eliminations by the smaller weighted sum of their cells and digits; the same
/// ones by the shorter chain.
fn compare(a: &Step, b: &Step) -> std::cmp::Ordering {
    let n = b.eliminations.len().cmp(&a.eliminations.len());
    if n.is_ne() {
        return n;
    }
    let set = |s: &Step| {
        let mut v: Vec<Candidate> = s.eliminations.clone();
        v.sort_unstable();
        v
    };
    if set(a) != set(b) {
        return index_sum(a).cmp(&index_sum(b));
    }
    chain_length(a).cmp(&chain_length(b))
}

fn index_sum(step: &Step) -> i64 {
    index_sum_of(&step.eliminations)
}

/// HoDoKu's `getIndexSumme`: the cells and digits of a list of candidates, weighted by place.
fn index_sum_of(elims: &[Candidate]) -> i64 {
    let mut sum = 0i64;
    let mut offset = 1i64;
    for e in elims {
        sum += e.cell() as i64 * offset + i64::from(e.digit);
        offset += 80;
    }
    sum
}

fn chain_length(step: &Step) -> usize {
    step.evidence.chains.iter().map(Vec::len).sum()
}

/// Skyscrapers in HoDoKu's order: rows then columns, digit by digit, pairs of conjugate
/// lines in order.
fn skyscraper(s: &State) -> Option<Found> {
    for lines in [true, false] {
        let base = if lines { 0 } else { 9 };
        let across = |c: usize| if lines { col_of(c) } else { row_of(c) };
        for d in 1..=9u8 {
            // The lines where the digit has two places, and those places (a line at most
            // once: nine at most).
            let mut pairs = [[0usize; 2]; 9];
            let mut len = 0;
            for h in (base..base + 9).filter(|&h| s.free[h][usize::from(d)] == 2) {
                let mut it = (s.places[usize::from(d - 1)] & HOUSE_SETS[h]).iter();
                pairs[len] = [it.next().unwrap_or(0), it.next().unwrap_or(0)];
                len += 1;
            }
            let pairs = &pairs[..len];
            for i in 0..pairs.len() {
                for j in i + 1..pairs.len() {
                    let (a, b) = (pairs[i], pairs[j]);
                    let other = if across(a[0]) == across(b[0]) {
                        1
                    } else if across(a[1]) == across(b[1]) {
                        0
                    } else {
                        continue;
                    };
                    if across(a[other]) == across(b[other]) {
                        continue;
                    }
                    let seen = s.places[usize::from(d - 1)] & PEERS[a[other]] & PEERS[b[other]];
                    let elims: Vec<Candidate> = seen.iter().map(|c| Candidate::new(c, d)).collect();
                    if elims.is_empty() {
                        continue;
                    }
                    let base = 1 - other;
                    let text = format!(
                        "{d} in {} (connected by {})",
                        compact_cells(&[a[other], b[other]]),
                        compact_cells(&[a[base], b[base]])
                    );
                    return Some(Found {
                        text: Some(text),
                        kind: Kind::Skyscraper,
                        cells: vec![a[0], a[1], b[0], b[1]],
                        digits: 1 << (d - 1),
                        house: 0,
                        elims,
                    });
                }
            }
        }
    }
    None
}

/// W-Wings in HoDoKu's order: pairs of equal bivalue cells in cell order, the smaller digit
/// eliminated first, the strong link in the first house that has one.
fn w_wing(s: &State) -> Option<Found> {
    let sees = |a: usize, b: usize| PEERS[a].contains(b);
    let bivalue: CellSet = (0..81)
        .filter(|&c| digits::count(s.cands[c]) == 2)
        .collect();
    for i in bivalue.iter() {
        let x = s.cands[i].trailing_zeros() as u8 + 1;
        let y = 16 - s.cands[i].leading_zeros() as u8;
        // The bivalue cells after it holding both its digits: the same two.
        let same = bivalue
            & s.places[usize::from(x - 1)]
            & s.places[usize::from(y - 1)]
            & CellSet(!0u128 << i << 1);
        for j in same.iter() {
            for (del, link) in [(x, y), (y, x)] {
                // (A cell is not its own peer: `i` and `j` are not among them.)
                let seen = s.places[usize::from(del - 1)] & PEERS[i] & PEERS[j];
                let elims: Vec<Candidate> = seen.iter().map(|c| Candidate::new(c, del)).collect();
                if elims.is_empty() {
                    continue;
                }
                let linked = (0..27).find_map(|h| {
                    if s.free[h][usize::from(link)] != 2 {
                        return None;
                    }
                    let (mut s1, mut s2) = (None, None);
                    // The house's other places of `link`, in cell order.
                    let mut others = s.places[usize::from(link - 1)] & HOUSE_SETS[h];
                    others.remove(i);
                    others.remove(j);
                    for c in others.iter() {
                        if sees(c, i) {
                            s1 = Some(c);
                        } else if sees(c, j) {
                            s2 = Some(c);
                        }
                    }
                    Some([s1?, s2?])
                });
                if let Some(w) = linked {
                    let text = format!(
                        "{del}/{link} in {} connected by {link} in {}",
                        compact_cells(&[i, j]),
                        compact_cells(&w)
                    );
                    return Some(Found {
                        text: Some(text),
                        kind: Kind::WWing,
                        cells: vec![i, j],
                        digits: s.cands[i],
                        house: 0,
                        elims,
                    });
                }
            }
        }
    }
    None
}

/// XY-Wings and XYZ-Wings in HoDoKu's order: pivot and pincers taken from the bivalue (and
/// for XYZ, trivalue) cells in cell order.
fn wing(s: &State, xyz: bool) -> Option<Found> {
    // The bivalue (and for XYZ, trivalue) cells (a placed cell has no candidates).
    let (mut bivalue, mut trivalue) = (CellSet::EMPTY, CellSet::EMPTY);
    for c in 0..81 {
        match digits::count(s.cands[c]) {
            2 => bivalue.insert(c),
            3 if xyz => trivalue.insert(c),
            _ => {}
        }
    }
    let first = if xyz { trivalue } else { bivalue };
    // The bivalue cells by their two digits (index `9 * lo + hi`, digits from 0).
    let pair = |m: u16| 9 * m.trailing_zeros() as usize + (15 - m.leading_zeros() as usize);
    let mut by_pair = [CellSet::EMPTY; 81];
    for c in bivalue.iter() {
        by_pair[pair(s.cands[c])].insert(c);
    }
    let sees = |a: usize, b: usize| PEERS[a].contains(b);
    // The first cell, then the second and third in cell order: for XY, the second a bivalue
    // cell after the first, the third after the second; for XYZ, the first the pivot, the
    // second and third any bivalue cells it sees.
    for p in first.iter() {
        // Three digits between the three cells, each cell's different: for a pivot of three
        // digits, pincers of two of them each (two different pairs); for three pairs, a
        // second sharing one digit with the first and a third holding the two they do not
        // share. Tested on the masks (no bit counts: the portable build has no `popcnt`).
        let c1 = s.cands[p];
        // The second cells: for XY, those sharing one digit with the first (holding one of
        // its two digits and not both); for XYZ, those holding two of its three (one of the
        // three pairs), which the pivot must see.
        let seconds = if xyz {
            let mut m = CellSet::EMPTY;
            for d in digits::iter(c1) {
                m |= by_pair[pair(c1 & !(1 << (d - 1)))];
            }
            m & PEERS[p]
        } else {
            let lo = c1.trailing_zeros() as usize;
            let hi = 15 - c1.leading_zeros() as usize;
            (s.places[lo] ^ s.places[hi]) & bivalue & CellSet(!0u128 << p << 1)
        };
        for q in seconds.iter() {
            let c2 = s.cands[q];
            let third = if xyz { 0 } else { c1 ^ c2 };
            // The third cells, after the second in cell order: bivalue cells holding
            // `third` (XY), or two of the pivot's digits other than the second's (XYZ).
            let mut thirds = CellSet::EMPTY;
            if xyz {
                for d in digits::iter(c1) {
                    let m = c1 & !(1 << (d - 1));
                    if m != c2 {
                        thirds |= by_pair[pair(m)];
                    }
                }
            } else {
                thirds = by_pair[pair(third)];
            }
            thirds &= CellSet(!0u128 << q << 1);
            for k in thirds.iter() {
                let (mut i1, mut i2, mut i3) = (p, q, k);
                for tries in 0..if xyz { 1 } else { 3 } {
                    if tries == 1 {
                        i1 = q;
                        i2 = p;
                    } else if tries == 2 {
                        i1 = k;
                        i2 = q;
                        i3 = p;
                    }
                    if !sees(i1, i2) || !sees(i1, i3) {
                        continue;
                    }
                    let z = s.cands[i2] & s.cands[i3];
                    if z.count_ones() != 1 {
                        continue;
                    }
                    let digit = z.trailing_zeros() as u8 + 1;
                    let mut seen = s.places[usize::from(digit - 1)] & PEERS[i2] & PEERS[i3];
                    if xyz {
                        seen &= PEERS[i1];
                    }
                    let elims: Vec<Candidate> =
                        seen.iter().map(|c| Candidate::new(c, digit)).collect();
                    if elims.is_empty() {
                        continue;
                    }
                    let c1 = s.cands[i1];
                    let lo = c1.trailing_zeros() as u8 + 1;
                    let hi = 16 - c1.leading_zeros() as u8;
                    let third = if xyz {
                        (1..=9u8).find(|&d| d != lo && d != hi && c1 & 1 << (d - 1) != 0)
                    } else {
                        Some(digit)
                    };
                    let text = format!(
                        "{lo}/{}/{} in {}",
                        if xyz {
                            (lo + 1..hi).find(|&d| c1 & 1 << (d - 1) != 0).unwrap_or(hi)
                        } else {
                            hi
                        },
                        if xyz { hi } else { third.unwrap_or(digit) },
                        compact_cells(&[i1, i2, i3])
                    );
                    return Some(Found {
                        text: Some(text),
                        kind: if xyz { Kind::XYZWing } else { Kind::XYWing },
                        cells: vec![i1, i2, i3],
                        digits: s.cands[i1] | z,
                        house: 0,
                        elims,
                    });
                }
            }
        }
    }
    None
}

fn technique_of(kind: Kind) -> Technique {
    match kind {
        Kind::FullHouse => Technique::FullHouse,
        Kind::NakedSingle => Technique::NakedSingle,
        Kind::HiddenSingle => Technique::HiddenSingle,
        Kind::LockedPair => Technique::LockedPair,
        Kind::LockedTriple => Technique::LockedTriple,
        Kind::Pointing => Technique::Pointing,
        Kind::Claiming => Technique::Claiming,
        Kind::NakedPair => Technique::NakedPair,
        Kind::NakedTriple => Technique::NakedTriple,
        Kind::HiddenPair => Technique::HiddenPair,
        Kind::HiddenTriple => Technique::HiddenTriple,
        Kind::NakedQuad => Technique::NakedQuad,
        Kind::HiddenQuad => Technique::HiddenQuad,
        Kind::Skyscraper => Technique::Skyscraper,
        Kind::WWing => Technique::WWing,
        Kind::XYWing => Technique::XYWing,
        Kind::XYZWing => Technique::XYZWing,
        Kind::Other(t) => t,
        // Shown as a placement; the nearest technique of ours is the last resort's.
        Kind::BruteForce | Kind::ForcingChain | Kind::ForcingNet => Technique::ForcingChainVerity,
    }
}

/// A forcing chain or net step: a verity or a contradiction, with the cell or house where the
/// contradiction shows as its evidence.
fn forcing_step(f: tabling::Forcing) -> Step {
    let technique = if f.verity {
        Technique::ForcingChainVerity
    } else {
        Technique::ForcingChainContradiction
    };
    let (kind, number) = f.entity;
    let evidence = super::Evidence {
        cells: CellSet::single(f.cell),
        houses: if kind == 0 {
            Vec::new()
        } else {
            vec![(usize::from(kind - 1) * 9 + number) as u8]
        },
        cover: if kind == 0 && !f.verity {
            vec![number as u8]
        } else {
            Vec::new()
        },
        ..Default::default()
    };
    if f.place {
        Step::placement(technique, f.cell, f.digit, evidence)
    } else {
        Step::elimination(technique, vec![Candidate::new(f.cell, f.digit)], evidence)
    }
}

fn single_step(kind: Kind, cell: usize, digit: u8) -> Step {
    let evidence = super::Evidence {
        cells: CellSet::single(cell),
        ..Default::default()
    };
    Step::placement(technique_of(kind), cell, digit, evidence)
}

fn found_step(f: Found) -> (Step, Option<String>) {
    let text = f.text.clone();
    (found_step_only(f), text)
}

fn found_step_only(f: Found) -> Step {
    let mut evidence = super::Evidence {
        houses: vec![f.house as u8],
        cells: f.cells.iter().copied().collect(),
        digits: f.digits,
        ..Default::default()
    };
    if matches!(f.kind, Kind::Pointing | Kind::Claiming) {
        evidence.digits = f.digits;
    }
    let mut elims = Vec::with_capacity(f.elims.len());
    for e in f.elims {
        if !elims.contains(&e) {
            elims.push(e);
        }
    }
    Step::elimination(technique_of(f.kind), elims, evidence)
}

/// Our step in HoDoKu's form: eliminations ordered as HoDoKu lists them (cell by cell), and
/// a BUG+1 as the removal of the cell's other candidates.
fn hodoku_form(mut step: Step, s: &State) -> Step {
    if step.technique == Technique::Bug1 && step.places() {
        let p = step.placements[0];
        step.eliminations = (1..=9u8)
            .filter(|&d| d != p.digit && s.has(p.cell(), d))
            .map(|d| Candidate::new(p.cell(), d))
            .collect();
        step.placements.clear();
    }
    step.eliminations.sort_by_key(|e| (e.digit, e.cell));
    step
}

/// HoDoKu's path, score and level for `puzzle` (which must have exactly one solution, whose
/// board is `solution`). `stop` is polled before each step.
pub fn rate(puzzle: &Board, solution: &Board, stop: Option<&dyn Fn() -> bool>) -> Rating {
    // One step per open cell and a few eliminations cover most paths: the list is not grown
    // (and copied) step by step.
    let mut steps = Vec::with_capacity(81 + 32);
    let sum = walk(puzzle, solution, stop, &mut |kind, taken, entry| {
        let (step, pattern) = match taken {
            Taken::Single(cell, digit) => (single_step(kind, cell, digit), None),
            Taken::Step(step) => *step,
        };
        steps.push(PathStep {
            kind,
            step,
            score: entry.score,
            level: entry.level,
            pattern,
        });
    });
    Rating {
        level: sum.level,
        score: sum.score,
        guess: sum.guess,
        complete: sum.complete,
        steps,
    }
}

/// [`rate`] without the path, only its length: the same level, score and ends, without a
/// step built for each single (most of a path) nor a list kept.
pub fn summary(puzzle: &Board, solution: &Board, stop: Option<&dyn Fn() -> bool>) -> Summary {
    walk(puzzle, solution, stop, &mut |_, _, _| {})
}

/// HoDoKu's path for `puzzle` (see [`rate`]): each step, once taken, goes to `taken`.
fn walk(
    puzzle: &Board,
    solution: &Board,
    stop: Option<&dyn Fn() -> bool>,
    taken: &mut dyn FnMut(Kind, Taken, &'static Entry),
) -> Summary {
    let mut s = State::new(puzzle);
    let givens: CellSet = (0..81).filter(|&c| puzzle.get(c) != 0).collect();
    let mut memo = Memo::default();
    let mut barren = Barren::default();
    let mut sum = Summary {
        level: Level::Easy,
        score: 0,
        guess: false,
        complete: true,
        steps: 0,
    };
    while !s.is_solved() {
        if stop.is_some_and(|f| f()) {
            sum.complete = false;
            break;
        }
        let Some((kind, pick, entry)) = next(&mut s, solution, givens, &mut memo, &mut barren)
        else {
            sum.complete = false;
            break;
        };
        sum.score += entry.score;
        sum.level = sum.level.max(entry.level);
        sum.guess |= kind == Kind::BruteForce;
        sum.steps += 1;
        match &pick {
            Taken::Single(cell, digit) => s.set_cell(*cell, *digit),
            Taken::Step(step) => {
                let step = &step.0;
                for p in &step.placements {
                    s.set_cell(p.cell(), p.digit);
                }
                for e in &step.eliminations {
                    s.del_candidate(e.cell(), e.digit);
                }
            }
        }
        taken(kind, pick, entry);
    }
    while sum.score > sum.level.max_score() {
        sum.level = sum.level.next();
    }
    sum
}

/// The rectangles (cells, digits) HoDoKu's uniqueness search looks at, in its order: from each
/// bivalue cell in cell order, with its two digits, a second corner in its box along its row
/// or column, then the far side across the other box; where the digits may still go (a cell
/// seeing neither placed), and each set of four cells only the first time (HoDoKu numbers
/// them `((a * 10 + b) * 10 + c) * 10 + d`, so a few different rectangles share a number, and
/// keeps 400). All its types are checked on each rectangle at once, and the first step of
/// each type is kept, so a rectangle first met with other digits is never checked again.
fn rectangles(s: &State) -> Vec<(u128, u16)> {
    let mut allowed = [((1u128 << 81) - 1)
        & !s.values.iter().enumerate().fold(
            0u128,
            |m, (c, &v)| {
                if v != 0 { m | 1 << c } else { m }
            },
        ); 10];
    for (c, &v) in s.values.iter().enumerate() {
        if v != 0 {
            allowed[usize::from(v)] &= !PEERS[c].0;
        }
    }
    let has = |d: u8, c: usize| allowed[usize::from(d)] & (1 << c) != 0;
    // (Room for the usual count at once: grown step by step, the lists cost more than the
    // walk.)
    let mut numbers: Vec<usize> = Vec::with_capacity(128);
    let mut out = Vec::with_capacity(128);
    for i in 0..81 {
        if s.values[i] != 0 || s.cands[i].count_ones() != 2 {
            continue;
        }
        let c1 = s.cands[i].trailing_zeros() as u8 + 1;
        let c2 = 16 - s.cands[i].leading_zeros() as u8;
        for &b in &HOUSE_CELLS[18 + box_of(i)] {
            let b = usize::from(b);
            if b == i || (row_of(b) != row_of(i) && col_of(b) != col_of(i)) {
                continue;
            }
            if s.values[b] != 0 || !has(c1, b) || !has(c2, b) {
                continue;
            }
            let lines = row_of(b) == row_of(i);
            let (u1, u2) = if lines {
                (9 + col_of(i), 9 + col_of(b))
            } else {
                (row_of(i), row_of(b))
            };
            for (&c, &d) in HOUSE_CELLS[u1].iter().zip(&HOUSE_CELLS[u2]) {
                let (c, d) = (usize::from(c), usize::from(d));
                if box_of(c) == box_of(i) {
                    continue;
                }
                // (HoDoKu checks the fourth corner twice and the third once.)
                if !has(c1, c) || !has(c1, d) || !has(c2, d) {
                    continue;
                }
                let mut v = [i, b, c, d];
                v.sort_unstable();
                let number = ((v[0] * 10 + v[1]) * 10 + v[2]) * 10 + v[3];
                if numbers.contains(&number) {
                    continue;
                }
                if numbers.len() < 400 {
                    numbers.push(number);
                }
                out.push((v.iter().fold(0u128, |m, &x| m | 1 << x), s.cands[i]));
            }
        }
    }
    out
}

/// The step HoDoKu takes for each unique rectangle type of [`uniqueness::RECTANGLES`] in
/// this position: of the type's steps, the one on the rectangle that comes first in its
/// order (see [`rectangles`]), the first found of those. One walk over the rectangles finds
/// the steps of every type, each type's in the order of its own search.
fn rectangle_steps(s: &State, grid: &Grid) -> [Option<Step>; 7] {
    // (HoDoKu's order, worked out at the first step: most positions have none.)
    let mut order: Option<Vec<(u128, u16)>> = None;
    let mut best: [Option<(usize, Step)>; 7] = Default::default();
    let _ = uniqueness::all_rectangles(grid, &mut |step| {
        let key = (step.evidence.cells.0, step.evidence.digits);
        let i = uniqueness::RECTANGLES
            .iter()
            .position(|&r| r == step.technique)
            .expect("a unique rectangle type");
        let order = order.get_or_insert_with(|| rectangles(s));
        if let Some(r) = order.iter().position(|&k| k == key)
            && best[i].as_ref().is_none_or(|(rank, _)| r < *rank)
        {
            best[i] = Some((r, step));
        }
        ControlFlow::Continue(())
    });
    best.map(|b| b.map(|(_, step)| hodoku_form(step, s)))
}

/// The search of a subset or locked-candidates `kind` in HoDoKu's order, with its part of
/// [`Barren::houses`]. With `complement`, in the position [`next`] reaches it in (every
/// search before it in the order found nothing): the houses where a subset's complement of
/// an earlier size would remove what it removes are passed over ([`complement_done`]).
fn house_search(
    kind: Kind,
    s: &State,
    complement: bool,
    barren: &mut [[Seen; 27]; 10],
) -> Option<Found> {
    // Every naked and hidden pair and triple comes before the quads; the hidden pairs and
    // triples after the naked ones, the hidden quads after the naked quads.
    let done = |k: usize| if complement { k } else { 0 };
    let i = house_slot(kind)?;
    // A locked subset's search keeps the naked subset's part of its size too.
    let naked = match kind {
        Kind::LockedPair => house_slot(Kind::NakedPair),
        Kind::LockedTriple => house_slot(Kind::NakedTriple),
        _ => None,
    };
    let (part, naked) = match naked {
        Some(j) => {
            let [part, naked] = barren.get_disjoint_mut([i, j]).expect("two parts");
            (part, Some(naked))
        }
        None => (&mut barren[i], None),
    };
    match kind {
        Kind::LockedPair => naked_subset(s, 2, true, 0, part, naked),
        Kind::LockedTriple => naked_subset(s, 3, true, 0, part, naked),
        Kind::NakedPair => naked_subset(s, 2, false, 0, part, None),
        Kind::NakedTriple => naked_subset(s, 3, false, 0, part, None),
        Kind::NakedQuad => naked_subset(s, 4, false, done(3), part, None),
        Kind::HiddenPair => hidden_subset(s, 2, done(3), part),
        Kind::HiddenTriple => hidden_subset(s, 3, done(3), part),
        Kind::HiddenQuad => hidden_subset(s, 4, done(4), part),
        Kind::Pointing => locked_candidates(s, true, part),
        Kind::Claiming => locked_candidates(s, false, part),
        _ => unreachable!("house_slot knows only these"),
    }
}

/// The index of a subset or locked-candidates search's part of [`Barren::houses`] (none for
/// the other kinds).
fn house_slot(kind: Kind) -> Option<usize> {
    Some(match kind {
        Kind::LockedPair => 0,
        Kind::LockedTriple => 1,
        Kind::NakedPair => 2,
        Kind::NakedTriple => 3,
        Kind::NakedQuad => 4,
        Kind::HiddenPair => 5,
        Kind::HiddenTriple => 6,
        Kind::HiddenQuad => 7,
        Kind::Pointing => 8,
        Kind::Claiming => 9,
        _ => return None,
    })
}

/// What [`next`] takes: a single, as its cell and digit (most of a path: no step is built
/// for it unless the path is kept), or a step and HoDoKu's text of its pattern (when we
/// have it), boxed: a single is handed on without copying a step's room.
enum Taken {
    Single(usize, u8),
    Step(Box<(Step, Option<String>)>),
}

/// The step HoDoKu takes next.
fn next(
    s: &mut State,
    solution: &Board,
    givens: CellSet,
    memo: &mut Memo,
    barren: &mut Barren,
) -> Option<(Kind, Taken, &'static Entry)> {
    let mut grid: Option<Grid> = None;
    // The ALS and their RCs, built for the first ALS technique tried on this position.
    let mut als_table: Option<als::Table> = None;
    // The step of each unique rectangle type HoDoKu takes here (see `rectangle_steps`), for
    // the first of them tried on this position.
    let mut rect_steps: Option<[Option<Step>; 7]> = None;
    for entry in ORDER {
        for &kind in entry.kinds {
            let found = match kind {
                Kind::FullHouse | Kind::NakedSingle | Kind::HiddenSingle => {
                    let single = match kind {
                        Kind::FullHouse => s.full_house(),
                        Kind::NakedSingle => s.naked_single(),
                        _ => s.hidden_single(),
                    };
                    if let Some((cell, digit)) = single {
                        return Some((kind, Taken::Single(cell, digit), entry));
                    }
                    None
                }
                Kind::LockedPair
                | Kind::LockedTriple
                | Kind::Pointing
                | Kind::Claiming
                | Kind::NakedPair
                | Kind::NakedTriple
                | Kind::NakedQuad
                | Kind::HiddenPair
                | Kind::HiddenTriple
                | Kind::HiddenQuad => {
                    house_search(kind, s, true, &mut barren.houses).map(found_step)
                }
                Kind::Skyscraper => skyscraper(s).map(found_step),
                Kind::WWing => w_wing(s).map(found_step),
                Kind::XYWing => wing(s, false).map(found_step),
                Kind::XYZWing => wing(s, true).map(found_step),
                Kind::Other(Technique::XYChain) => barren.xy_chain(s).map(found_step),
                Kind::Other(Technique::AlsXz) => {
                    als::als_xz(als::Table::of(&mut als_table, s)).map(found_step)
                }
                Kind::Other(Technique::AlsXyWing) => {
                    als::als_xy_wing(als::Table::of(&mut als_table, s)).map(found_step)
                }
                Kind::Other(Technique::AlsXyChain) => {
                    als::als_chain(als::Table::of(&mut als_table, s)).map(found_step)
                }
                Kind::Other(t) => {
                    if !t.is_implemented() {
                        continue;
                    }
                    let g = grid.get_or_insert_with(|| s.grid(givens));
                    if entry.sorted {
                        // HoDoKu sorts every step of the entry's techniques together.
                        let mut best: Option<(Kind, Step)> = None;
                        for &k in entry.kinds {
                            let Kind::Other(t) = k else { continue };
                            if !t.is_implemented() {
                                continue;
                            }
                            let _ = barren.find_with(t, g, memo, &mut |step| {
                                // HoDoKu's X- and XY-chains stop at 20 links.
                                if matches!(t, Technique::XChain | Technique::XYChain)
                                    && chain_length(&step) > 20
                                {
                                    return ControlFlow::Continue(());
                                }
                                let step = hodoku_form(step, s);
                                if best.as_ref().is_none_or(|(_, b)| {
                                    compare(&step, b) == std::cmp::Ordering::Less
                                }) {
                                    best = Some((k, step));
                                }
                                ControlFlow::Continue(())
                            });
                        }
                        if let Some((k, step)) = best {
                            return Some((k, Taken::Step(Box::new((step, None))), entry));
                        }
                        break;
                    }
                    let mut best: Option<Step> = None;
                    if let Some(i) = uniqueness::RECTANGLES.iter().position(|&r| r == t) {
                        best = rect_steps.get_or_insert_with(|| rectangle_steps(s, g))[i].take();
                    } else {
                        let _ = barren.find_with(t, g, memo, &mut |step| {
                            best = Some(hodoku_form(step, s));
                            ControlFlow::Break(())
                        });
                    }
                    best.map(|b| {
                        let text = sue_de_coq_text(&b, s);
                        (b, text)
                    })
                }
                Kind::ForcingChain | Kind::ForcingNet => {
                    tabling::forcing(s, kind == Kind::ForcingNet).map(|f| (forcing_step(f), None))
                }
                Kind::BruteForce => {
                    // The middle one of the open cells.
                    let open = (0..81).filter(|&c| s.values[c] == 0);
                    let cell = open.clone().nth(open.count() / 2)?;
                    return Some((kind, Taken::Single(cell, solution.get(cell)), entry));
                }
            };
            if let Some(found) = found {
                return Some((kind, Taken::Step(Box::new(found)), entry));
            }
        }
    }
    None
}

impl Kind {
    /// HoDoKu's name for the step (as `/vp` prints it).
    pub fn hodoku_name(self, step: &Step) -> &'static str {
        match self {
            Kind::FullHouse => "Full House",
            Kind::NakedSingle => "Naked Single",
            Kind::HiddenSingle => "Hidden Single",
            Kind::LockedPair => "Locked Pair",
            Kind::LockedTriple => "Locked Triple",
            Kind::Pointing => "Locked Candidates Type 1 (Pointing)",
            Kind::Claiming => "Locked Candidates Type 2 (Claiming)",
            Kind::NakedPair => "Naked Pair",
            Kind::NakedTriple => "Naked Triple",
            Kind::HiddenPair => "Hidden Pair",
            Kind::HiddenTriple => "Hidden Triple",
            Kind::NakedQuad => "Naked Quadruple",
            Kind::HiddenQuad => "Hidden Quadruple",
            Kind::BruteForce => "Brute Force",
            Kind::ForcingChain if step.technique == Technique::ForcingChainVerity => {
                "Forcing Chain Verity"
            }
            Kind::ForcingChain => "Forcing Chain Contradiction",
            Kind::ForcingNet if step.technique == Technique::ForcingChainVerity => {
                "Forcing Net Verity"
            }
            Kind::ForcingNet => "Forcing Net Contradiction",
            Kind::Skyscraper => "Skyscraper",
            Kind::WWing => "W-Wing",
            Kind::XYWing => "XY-Wing",
            Kind::XYZWing => "XYZ-Wing",
            Kind::Other(t) => technique_name(t, step),
        }
    }
}

fn technique_name(t: Technique, _step: &Step) -> &'static str {
    use Technique::*;
    match t {
        XWing => "X-Wing",
        Swordfish => "Swordfish",
        Jellyfish => "Jellyfish",
        RemotePair => "Remote Pair",
        Bug1 => "Bivalue Universal Grave + 1",
        Skyscraper => "Skyscraper",
        TwoStringKite => "2-String Kite",
        TurbotFish => "Turbot Fish",
        EmptyRectangle => "Empty Rectangle",
        WWing => "W-Wing",
        XYWing => "XY-Wing",
        XYZWing => "XYZ-Wing",
        UniqueRectangle1 => "Uniqueness Test 1",
        UniqueRectangle2 => "Uniqueness Test 2",
        UniqueRectangle3 => "Uniqueness Test 3",
        UniqueRectangle4 => "Uniqueness Test 4",
        UniqueRectangle5 => "Uniqueness Test 5",
        UniqueRectangle6 => "Uniqueness Test 6",
        HiddenRectangle => "Hidden Rectangle",
        AvoidableRectangle1 => "Avoidable Rectangle Type 1",
        AvoidableRectangle2 => "Avoidable Rectangle Type 2",
        FinnedXWing => "Finned X-Wing",
        SashimiXWing => "Sashimi X-Wing",
        FinnedSwordfish => "Finned Swordfish",
        SashimiSwordfish => "Sashimi Swordfish",
        FinnedJellyfish => "Finned Jellyfish",
        SashimiJellyfish => "Sashimi Jellyfish",
        SueDeCoq => "Sue de Coq",
        SimpleColorsTrap => "Simple Colors Trap",
        SimpleColorsWrap => "Simple Colors Wrap",
        MultiColors1 => "Multi Colors 1",
        MultiColors2 => "Multi Colors 2",
        XChain => "X-Chain",
        XYChain => "XY-Chain",
        ContinuousNiceLoop => "Continuous Nice Loop",
        DiscontinuousNiceLoop => "Discontinuous Nice Loop",
        Aic => "AIC",
        GroupedContinuousNiceLoop => "Grouped Continuous Nice Loop",
        GroupedDiscontinuousNiceLoop => "Grouped Discontinuous Nice Loop",
        GroupedAic => "Grouped AIC",
        AlsXz => "Almost Locked Set XZ-Rule",
        AlsXyWing => "Almost Locked Set XY-Wing",
        AlsXyChain => "Almost Locked Set Chain",
        FrankenSwordfish => "Franken Swordfish",
        FinnedFrankenXWing => "Finned Franken X-Wing",
        FinnedFrankenSwordfish => "Finned Franken Swordfish",
        ForcingChainContradiction => "Forcing Chain Contradiction",
        ForcingChainVerity => "Forcing Chain Verity",
        _ => "Unknown",
    }
}

/// HoDoKu's compact print of a set of cells: `r1c13,r2c1`, `r456c3`.
pub fn compact_cells(cells: &[usize]) -> String {
    let mut rest: Vec<usize> = cells.to_vec();
    rest.sort_unstable();
    rest.dedup();
    let mut out = String::new();
    while !rest.is_empty() {
        let first = rest.remove(0);
        let (r, c) = (row_of(first), col_of(first));
        let mut rows = vec![r];
        let mut cols = vec![c];
        rest.retain(|&x| {
            if row_of(x) == r && rows.len() == 1 {
                cols.push(col_of(x));
                false
            } else if col_of(x) == c && cols.len() == 1 {
                rows.push(row_of(x));
                false
            } else {
                true
            }
        });
        if !out.is_empty() {
            out.push(',');
        }
        out.push('r');
        for r in rows {
            out.push(char::from(b'1' + r as u8));
        }
        out.push('c');
        for c in cols {
            out.push(char::from(b'1' + c as u8));
        }
    }
    out
}

/// The eliminations as HoDoKu prints them: grouped by digit in order of first appearance,
/// `r4c12<>5, r4c1<>7`.
pub fn eliminations_text(elims: &[Candidate]) -> String {
    let mut out = String::new();
    let mut done = [false; 10];
    for e in elims {
        if done[usize::from(e.digit)] {
            continue;
        }
        done[usize::from(e.digit)] = true;
        let cells: Vec<usize> = elims
            .iter()
            .filter(|x| x.digit == e.digit)
            .map(|x| x.cell())
            .collect();
        if !out.is_empty() {
            out.push_str(", ");
        }
        let _ = write!(out, "{}<>{}", compact_cells(&cells), e.digit);
    }
    out
}

fn digit_list(mask: u16, sep: &str) -> String {
    (1..=9u8)
        .filter(|d| mask & (1 << (d - 1)) != 0)
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

impl PathStep {
    /// The step as HoDoKu's `/vp` prints it (without the indent): `Naked Single: r3c4=2`,
    /// `Locked Candidates Type 1 (Pointing): 5 in b6 => r4c12<>5`. Techniques whose pattern we
    /// do not spell HoDoKu's way print their name and their effect.
    pub fn hodoku_text(&self) -> String {
        let name = self.kind.hodoku_name(&self.step);
        let st = &self.step;
        if let Some(p) = &self.pattern {
            if st.technique == Technique::SueDeCoq {
                // With its eliminations in HoDoKu's order (see `sue_de_coq_text`).
                return format!("{name}: {p}");
            }
            return format!("{name}: {p} => {}", eliminations_text(&st.eliminations));
        }
        if matches!(
            st.technique,
            Technique::XWing
                | Technique::Swordfish
                | Technique::Jellyfish
                | Technique::FinnedXWing
                | Technique::FinnedSwordfish
                | Technique::FinnedJellyfish
                | Technique::SashimiXWing
                | Technique::SashimiSwordfish
                | Technique::SashimiJellyfish
        ) && !st.evidence.houses.is_empty()
        {
            let houses = |hs: &[u8]| {
                let mut v: Vec<u8> = hs.to_vec();
                v.sort_unstable();
                let mut t = String::new();
                t.push(['r', 'c', 'b'][usize::from(v[0]) / 9]);
                for h in v {
                    t.push(char::from(b'1' + h % 9));
                }
                t
            };
            let mut t = format!(
                "{name}: {} {} {}",
                digit_list(st.evidence.digits, "/"),
                houses(&st.evidence.houses),
                houses(&st.evidence.cover)
            );
            for f in st.evidence.fins.iter() {
                let _ = write!(t, " fr{}c{}", row_of(f) + 1, col_of(f) + 1);
            }
            let _ = write!(t, " => {}", eliminations_text(&st.eliminations));
            return t;
        }
        if st.technique == Technique::Bug1 {
            return format!("{name} => {}", eliminations_text(&st.eliminations));
        }
        match self.kind {
            Kind::ForcingChain | Kind::ForcingNet => {
                let effect = if let Some(p) = st.placements.first() {
                    format!("r{}c{}={}", p.row(), p.col(), p.digit)
                } else {
                    eliminations_text(&st.eliminations)
                };
                if st.technique == Technique::ForcingChainVerity {
                    return format!("{name} => {effect}");
                }
                let place = if let Some(&h) = st.evidence.houses.first() {
                    format!("{}{}", ['r', 'c', 'b'][usize::from(h) / 9], h % 9 + 1)
                } else {
                    let c = usize::from(st.evidence.cover.first().copied().unwrap_or(0));
                    format!("r{}c{}", row_of(c) + 1, col_of(c) + 1)
                };
                format!("{name} in {place} => {effect}")
            }
            Kind::FullHouse | Kind::NakedSingle | Kind::HiddenSingle | Kind::BruteForce => {
                let p = st.placements[0];
                format!("{name}: r{}c{}={}", p.row(), p.col(), p.digit)
            }
            Kind::Pointing | Kind::Claiming => {
                let h = usize::from(st.evidence.houses[0]);
                let letter = ['r', 'c', 'b'][h / 9];
                format!(
                    "{name}: {} in {letter}{} => {}",
                    digit_list(st.evidence.digits, ","),
                    h % 9 + 1,
                    eliminations_text(&st.eliminations)
                )
            }
            Kind::LockedPair
            | Kind::LockedTriple
            | Kind::NakedPair
            | Kind::NakedTriple
            | Kind::NakedQuad
            | Kind::HiddenPair
            | Kind::HiddenTriple
            | Kind::HiddenQuad => {
                let cells: Vec<usize> = st.evidence.cells.iter().collect();
                format!(
                    "{name}: {} in {} => {}",
                    digit_list(st.evidence.digits, ","),
                    compact_cells(&cells),
                    eliminations_text(&st.eliminations)
                )
            }
            Kind::XYWing | Kind::XYZWing | Kind::Skyscraper | Kind::WWing => {
                let cells: Vec<usize> = st.evidence.cells.iter().collect();
                format!(
                    "{name}: {} in {} => {}",
                    digit_list(st.evidence.digits, "/"),
                    compact_cells(&cells),
                    eliminations_text(&st.eliminations)
                )
            }
            Kind::Other(_) => {
                let mut effect = String::new();
                for p in &st.placements {
                    if !effect.is_empty() {
                        effect.push_str(", ");
                    }
                    let _ = write!(effect, "r{}c{}={}", p.row(), p.col(), p.digit);
                }
                if !st.eliminations.is_empty() {
                    if !effect.is_empty() {
                        effect.push_str(", ");
                    }
                    effect.push_str(&eliminations_text(&st.eliminations));
                }
                let pattern = hodoku_pattern(st).unwrap_or_else(|| pattern_text(st));
                format!("{name}: {pattern} => {effect}")
            }
        }
    }
}

/// HoDoKu's text of the pattern of a step found by our finders (between the name and `=>`),
/// read off the step's evidence, for the techniques whose evidence holds what HoDoKu prints.
fn hodoku_pattern(st: &Step) -> Option<String> {
    use Technique as T;
    let ev = &st.evidence;
    let elim_digits = st
        .eliminations
        .iter()
        .fold(0u16, |m, e| m | 1 << (e.digit - 1));
    let chain = ev.chains.first();
    match st.technique {
        T::TwoStringKite => {
            // The chain runs row end = box cell - box cell = column end.
            let nodes = chain_nodes(chain?);
            let cells = |a: usize, b: usize| compact_cells(&[nodes[a].0, nodes[b].0]);
            Some(format!(
                "{} in {} (connected by {})",
                nodes[0].1,
                cells(0, 3),
                cells(1, 2)
            ))
        }
        T::EmptyRectangle => {
            // The box's candidates are the fins; the other cells are the conjugate pair.
            let pair: Vec<usize> = (ev.cells - ev.fins).iter().collect();
            let b = usize::from(*ev.houses.first()?) % 9 + 1;
            Some(format!(
                "{} in b{b} ({})",
                digit_list(ev.digits, ""),
                compact_cells(&pair)
            ))
        }
        T::SimpleColorsTrap | T::SimpleColorsWrap | T::MultiColors1 | T::MultiColors2 => {
            // Each cluster's links run from its first colour to its second.
            let mut t = digit_list(ev.digits, "");
            for (i, links) in ev.chains.iter().enumerate() {
                let colour = |to: bool| {
                    let set: CellSet = links
                        .iter()
                        .map(|l| if to { l.to } else { l.from })
                        .filter_map(|n| n.cells.first())
                        .collect();
                    let names: Vec<String> = set
                        .iter()
                        .map(|c| format!("r{}c{}", row_of(c) + 1, col_of(c) + 1))
                        .collect();
                    names.join(",")
                };
                let sep = if i == 0 { " " } else { ", " };
                let _ = write!(t, "{sep}({}) / ({})", colour(false), colour(true));
            }
            Some(t)
        }
        T::TurbotFish | T::XChain | T::DiscontinuousNiceLoop | T::GroupedDiscontinuousNiceLoop => {
            Some(format!(
                "{} {}",
                digit_list(elim_digits, "/"),
                chain_string(chain?)
            ))
        }
        T::RemotePair => {
            // HoDoKu starts from the first cell's smaller digit that some cell seeing both
            // ends can lose (it only follows a start digit with such a cell), and the
            // digits alternate from cell to cell.
            let links = chain?;
            let nodes = chain_nodes(links);
            let mut cells: Vec<usize> = nodes.iter().map(|n| n.0).collect();
            cells.dedup();
            let (&first, &last) = (cells.first()?, cells.last()?);
            let (a, b) = (links.first()?.from.digit, links.first()?.to.digit);
            let (lo, hi) = (a.min(b), a.max(b));
            let ends = PEERS[first] & PEERS[last];
            let start = if st
                .eliminations
                .iter()
                .any(|e| e.digit == lo && ends.contains(e.cell()))
            {
                lo
            } else {
                hi
            };
            let other = lo + hi - start;
            let mut t = format!("{start}/{other}");
            for (k, &c) in cells.iter().enumerate() {
                if k > 0 {
                    let d = if k % 2 == 1 { other } else { start };
                    let _ = write!(t, " -{d}-");
                }
                let _ = write!(t, " r{}c{}", row_of(c) + 1, col_of(c) + 1);
            }
            Some(t)
        }
        T::Aic | T::GroupedAic => {
            let links = chain?;
            Some(format!(
                "{} {}- {} -{}",
                digit_list(elim_digits, "/"),
                links.first()?.from.digit,
                chain_string(links),
                links.last()?.to.digit
            ))
        }
        T::ContinuousNiceLoop | T::GroupedContinuousNiceLoop => {
            // Around the loop: the digit it comes back into its first cell with, and the
            // digit of the first node outside that cell.
            let links = chain?;
            let nodes = chain_nodes(links);
            let first_cell = nodes[0].0;
            let out = nodes.iter().find(|n| n.0 != first_cell)?.1;
            let last_cell = nodes[nodes.len() - 1].0;
            let back = nodes
                .iter()
                .rev()
                .take_while(|n| n.0 == last_cell)
                .last()?
                .1;
            Some(format!(
                "{} {back}= {} ={out}",
                digit_list(elim_digits, "/"),
                chain_string(links)
            ))
        }
        _ => None,
    }
}

/// A chain's nodes as (first cell, digit, cells, whether the link into it is strong).
fn chain_nodes(links: &[super::Link]) -> Vec<(usize, u8, CellSet, bool)> {
    let mut out = Vec::with_capacity(links.len() + 1);
    if let Some(l) = links.first() {
        out.push((
            l.from.cells.first().unwrap_or(0),
            l.from.digit,
            l.from.cells,
            false,
        ));
    }
    for l in links {
        out.push((
            l.to.cells.first().unwrap_or(0),
            l.to.digit,
            l.to.cells,
            l.strong,
        ));
    }
    out
}

/// A chain as HoDoKu prints it: cells (a group as its compact cells) joined by `=d=` for a
/// strong link and `-d-` for a weak one, `d` the digit of the node entered; a node in the
/// same cell as the one before is not printed (the link inside a cell shows as the change of
/// digit).
fn chain_string(links: &[super::Link]) -> String {
    let mut out = String::new();
    let mut last = usize::MAX;
    for (i, (cell, digit, cells, strong)) in chain_nodes(links).into_iter().enumerate() {
        if cell == last {
            continue;
        }
        last = cell;
        if i > 0 {
            let c = if strong { '=' } else { '-' };
            let _ = write!(out, " {c}{digit}{c} ");
        }
        let list: Vec<usize> = cells.iter().collect();
        out.push_str(&compact_cells(&list));
    }
    out
}

/// A short description of a pattern found by our finders: its digits and cells.
fn pattern_text(st: &Step) -> String {
    let cells: Vec<usize> = st.evidence.cells.iter().collect();
    let digits = if st.evidence.digits != 0 {
        digit_list(st.evidence.digits, "/")
    } else {
        let mask = st
            .eliminations
            .iter()
            .chain(&st.placements)
            .fold(0u16, |m, c| m | 1 << (c.digit - 1));
        digit_list(mask, "/")
    };
    if cells.is_empty() {
        digits
    } else {
        format!("{digits} in {}", compact_cells(&cells))
    }
}

/// HoDoKu's text of a Sue de Coq (`r4c12 - {1789} (r4c5 - {89}, r5c3 - {17})`: the cells of
/// the intersection, those of the line, those of the box, each with its candidates), read
/// with the position's candidates; `None` for another step.
fn sue_de_coq_text(st: &Step, s: &State) -> Option<String> {
    if st.technique != Technique::SueDeCoq {
        return None;
    }
    let ev = &st.evidence;
    let (&line, &b) = (ev.houses.first()?, ev.houses.get(1)?);
    // The candidates of a set of cells.
    let digits_of = |cells: CellSet| cells.iter().fold(0u16, |m, c| m | s.cands[c]);
    let part = |cells: CellSet| {
        let list: Vec<usize> = cells.iter().collect();
        format!(
            "{} - {{{}}}",
            compact_cells(&list),
            digit_list(digits_of(cells), "")
        )
    };
    // The evidence keeps the line's and the box's cells together: a cell in both (of the
    // intersection, outside the pattern's own cells) goes to the side where both stay almost
    // locked sets (one digit more than cells).
    let (line_cells, box_cells) = (house(usize::from(line)), house(usize::from(b)));
    let both: Vec<usize> = (ev.fins & line_cells & box_cells).iter().collect();
    let als = |cells: CellSet| digits_of(cells).count_ones() as usize == cells.len() + 1;
    let split = |pick: usize| {
        let mut to_line = ev.fins & (line_cells - box_cells);
        let mut to_box = ev.fins & (box_cells - line_cells);
        for (i, &c) in both.iter().enumerate() {
            if pick & 1 << i != 0 {
                to_line.insert(c);
            } else {
                to_box.insert(c);
            }
        }
        (to_line, to_box)
    };
    let (in_line, in_box) = (0..1usize << both.len())
        .map(split)
        .find(|&(l, b)| als(l) && als(b))
        .unwrap_or_else(|| split(0));
    // HoDoKu removes in the box first (outside the box's set: the digits of the pattern and
    // the box's set that are not the line set's, and those of both sets), then in the line,
    // cell by cell.
    let (vl, vb) = (digits_of(in_line), digits_of(in_box));
    let box_digits = ((ev.digits | vb) & !vl) | (vb & vl);
    let mut elims = st.eliminations.clone();
    elims.sort_by_key(|e| {
        let in_box_phase =
            (box_cells - in_box).contains(e.cell()) && box_digits & 1 << (e.digit - 1) != 0;
        (!in_box_phase, e.cell(), e.digit)
    });
    Some(format!(
        "{} ({}, {}) => {}",
        part(ev.cells),
        part(in_line),
        part(in_box),
        eliminations_text(&elims)
    ))
}

/// Which box a cell is in (for callers that print HoDoKu's box names).
pub fn box_number(cell: usize) -> usize {
    box_of(cell) + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The states along HoDoKu's paths of a few puzzles that need more than singles (the
    /// chain walk's tests use them too).
    pub(super) fn path_states() -> Vec<State> {
        const PUZZLES: [&str; 4] = [
            "98.7.....7.....6....6.5.....4...3.2...7..9...5..8...1.3..6...9..1.....4.....2..6.",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ".....7.3.......8....3.98617.....47.8..96.23..4.65.....38472.9....1.......6.4.....",
            "12.74.6.94..8......89..3.1....4.2..1..........4.6..9..3...2...62....6.....8...4..",
        ];
        states_along(PUZZLES.iter().map(|p| p.parse().expect("a puzzle")))
    }

    /// The positions along HoDoKu's paths of `boards`, before each step.
    fn states_along(boards: impl Iterator<Item = Board>) -> Vec<State> {
        let mut out = Vec::new();
        for board in boards {
            let solution = crate::solver::solve_first(&board).expect("a solution");
            let mut s = State::new(&board);
            for step in &rate(&board, &solution, None).steps {
                out.push(s.clone());
                for p in &step.step.placements {
                    s.set_cell(p.cell(), p.digit);
                }
                for e in &step.step.eliminations {
                    s.del_candidate(e.cell(), e.digit);
                }
            }
        }
        out
    }

    /// The summary (no path kept) is the rating's level, score and ends, with as many steps,
    /// and stops where the rating stops.
    #[test]
    fn summary_is_the_rating_without_its_path() {
        let puzzles = [
            "98.7.....7.....6....6.5.....4...3.2...7..9...5..8...1.3..6...9..1.....4.....2..6.",
            "12.74.6.94..8......89..3.1....4.2..1..........4.6..9..3...2...62....6.....8...4..",
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        ];
        for puzzle in puzzles {
            let board: Board = puzzle.parse().expect("a puzzle");
            let solution = crate::solver::solve_first(&board).expect("a solution");
            // Whole, and stopped after a few polls.
            for polls in [usize::MAX, 7] {
                let left = std::cell::Cell::new(polls);
                let stop = || {
                    left.set(left.get().saturating_sub(1));
                    left.get() == 0
                };
                let rating = rate(&board, &solution, Some(&stop));
                left.set(polls);
                let sum = summary(&board, &solution, Some(&stop));
                let want = Summary {
                    level: rating.level,
                    score: rating.score,
                    guess: rating.guess,
                    complete: rating.complete,
                    steps: rating.steps.len(),
                };
                assert_eq!(sum, want, "{puzzle} after {polls} polls");
                assert!(rating.steps.len() > 5);
            }
        }
    }

    /// The per-digit places, kept up to date step by step (and by the forcing nets' trial
    /// placements, which skip the peers without the digit), are the candidates by digit.
    #[test]
    fn places_follow_the_candidates() {
        let mut checked = 0;
        for s in path_states() {
            let mut states = vec![s.clone()];
            // A trial placement of each candidate of the first open cell, as the nets make.
            if let Some(c) = (0..81).find(|&c| s.values[c] == 0) {
                for d in digits::iter(s.cands[c]) {
                    let mut t = s.clone();
                    t.set_cell_among(c, d, t.places[usize::from(d - 1)]);
                    states.push(t);
                }
            }
            for t in states {
                for d in 1..=9u8 {
                    let want: CellSet = (0..81).filter(|&c| t.has(c, d)).collect();
                    assert_eq!(t.places[usize::from(d - 1)], want);
                }
                checked += 1;
            }
        }
        assert!(checked > 100, "checked {checked}");
    }

    /// The grid made from the state's parts is the one worked out from its values and
    /// candidates.
    #[test]
    fn grid_from_the_state_is_the_worked_out_one() {
        let givens: CellSet = (0..81).filter(|&c| c % 7 == 0).collect();
        let states = path_states();
        assert!(states.len() > 100);
        for s in states {
            let board = Board::from_cells(s.values).expect("a board");
            let want = Grid::from_parts(&board, givens, Some(&s.cands));
            assert!(s.grid(givens) == want);
        }
    }

    /// With the memo of the houses where a subset or locked-candidates search found nothing,
    /// carried along each puzzle's path, every one of them finds what it finds without it.
    #[test]
    fn house_memo_misses_nothing() {
        // The searches with a part of the memo, in HoDoKu's order as `next` takes them (the
        // locked searches' memo serves the unlocked ones after them too).
        let kinds: Vec<Kind> = ORDER
            .iter()
            .flat_map(|entry| entry.kinds)
            .copied()
            .filter(|&k| house_slot(k).is_some())
            .collect();
        // Each its own part.
        let mut slots: Vec<usize> = kinds.iter().filter_map(|&k| house_slot(k)).collect();
        slots.sort_unstable();
        assert_eq!(slots, (0..10).collect::<Vec<_>>());
        let (mut compared, mut found, mut skipped) = (0, 0, 0);
        let mut barren = Barren::default();
        let mut unsolved = 0;
        for s in path_states() {
            // A new puzzle: the versions start again.
            if s.unsolved > unsolved {
                barren = Barren::default();
            }
            unsolved = s.unsolved;
            for &kind in &kinds {
                let memo = &barren.houses[house_slot(kind).expect("a house search")];
                skipped += (0..27).filter(|&h| memo[h].unchanged(&s, h)).count();
                let want = house_search(kind, &s, false, &mut [[Seen::Never; 27]; 10])
                    .map(found_step_only);
                let got = house_search(kind, &s, false, &mut barren.houses).map(found_step_only);
                assert_eq!(got, want, "{kind:?}");
                compared += 1;
                found += usize::from(want.is_some());
            }
        }
        assert!(
            compared > 1000 && found > 20 && skipped > 10_000,
            "compared {compared}, found {found}, skipped {skipped}"
        );
    }

    /// Along each puzzle's path, the subset and locked-candidates searches in HoDoKu's order
    /// (as [`next`] makes them, up to the first that finds something) find with the
    /// complements passed over what they find without.
    #[test]
    fn complement_skip_misses_nothing() {
        let (mut compared, mut found) = (0, 0);
        let mut states = path_states();
        let hard = include_str!("../../puzzles/hard.txt").lines();
        states.extend(states_along(hard.filter_map(|line| line.parse().ok())));
        for s in states {
            for entry in ORDER {
                let kind = entry.kinds[0];
                if matches!(
                    kind,
                    Kind::FullHouse | Kind::NakedSingle | Kind::HiddenSingle
                ) {
                    continue;
                }
                let none = || [[Seen::Never; 27]; 10];
                let want = house_search(kind, &s, false, &mut none()).map(found_step_only);
                let got = house_search(kind, &s, true, &mut none()).map(found_step_only);
                assert_eq!(got, want, "{kind:?}");
                if matches!(
                    kind,
                    Kind::NakedQuad | Kind::HiddenPair | Kind::HiddenTriple | Kind::HiddenQuad
                ) {
                    compared += 1;
                    found += usize::from(want.is_some());
                }
                if want.is_some() || kind == Kind::HiddenQuad {
                    break;
                }
            }
        }
        assert!(
            compared > 500 && found > 5,
            "compared {compared}, found {found}"
        );
    }

    /// The step of each unique rectangle type from the one walk over the rectangles is the
    /// one HoDoKu's order picks among the steps of that type's own search.
    #[test]
    fn one_walk_gives_each_rectangle_types_step() {
        let (mut compared, mut found) = (0, 0);
        for s in path_states() {
            let grid = s.grid(CellSet::EMPTY);
            let got = rectangle_steps(&s, &grid);
            let order = rectangles(&s);
            for (i, t) in uniqueness::RECTANGLES.into_iter().enumerate() {
                let rank = |st: &Step| {
                    order
                        .iter()
                        .position(|&k| k == (st.evidence.cells.0, st.evidence.digits))
                };
                let mut want: Option<(usize, Step)> = None;
                for st in t.all(&grid) {
                    if let Some(r) = rank(&st)
                        && want.as_ref().is_none_or(|(w, _)| r < *w)
                    {
                        want = Some((r, st));
                    }
                }
                let want = want.map(|(_, st)| hodoku_form(st, &s));
                found += usize::from(want.is_some());
                assert_eq!(got[i], want, "{t:?}");
                compared += 1;
            }
        }
        assert!(
            compared > 500 && found > 0,
            "compared {compared}, found {found}"
        );
    }

    /// With the memo of the digits where a single-digit technique found nothing, carried
    /// along each path, and the template test, every technique gives the steps a search of
    /// every digit gives.
    #[test]
    fn single_digit_memo_misses_nothing() {
        let givens = CellSet::EMPTY;
        let (mut compared, mut found, mut covered) = (0, 0, 0);
        let mut barren = Barren::default();
        for s in path_states() {
            let grid = s.grid(givens);
            // The digits the template test passes over (`Memo::templates_cover`).
            covered += (1..=9)
                .filter(|&d| Memo::default().templates_cover(&grid, d))
                .count();
            for t in SINGLE_DIGIT {
                let want = t.all(&grid);
                let got = crate::logic::all_found(|sink| {
                    barren.find_with(t, &grid, &mut Memo::default(), sink)
                });
                assert_eq!(got, want, "{t:?}");
                compared += 1;
                found += want.len();
            }
        }
        assert!(
            compared > 100 && found > 10 && covered > 100,
            "compared {compared}, found {found}, covered {covered}"
        );
    }
}
