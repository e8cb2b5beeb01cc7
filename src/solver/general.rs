//! A depth-first search for any [`Geometry`]: every size from 4×4 to 25×25, boxes or jigsaw
//! regions, and the variants' extra houses and moves.
//!
//! The state keeps two views of the candidates, both as `u32` masks: per cell, the values it
//! may take (bit `d - 1` for value `d`), and per house and value, the places left for it
//! (bit `i` for the house's `i`-th cell). Taking a candidate out updates both, so a cell left
//! with one value (naked single) and a value left with one place in a house (hidden single)
//! are seen at once and placed in turn. When no single is left:
//!
//! - locked candidates: a value whose places in one house all lie where it meets another
//!   house is taken from the rest of the other (box–line, region–line, diagonal–box, ...);
//! - then each house whose candidates changed is checked as a whole: its free cells and
//!   values are matched one to one (a contradiction when no such matching exists), and a
//!   value is taken from a cell when no matching gives it to that cell (the edge lies on no
//!   alternating cycle). This is the all-different rule's full propagation; it covers every
//!   naked and hidden subset of the house at once.
//!
//! When nothing more follows, each value of each cell with two candidates is tried (placing
//! the singles that follow): a value that fails is taken out (failed literals), and the search
//! branches on the cell whose two tries took out most. With no such cell left (or under a
//! watch, or in a plain search: [`Options::plain`]), it branches on the tightest choice: the
//! cell with the fewest candidates (among those, the one whose values have the fewest places,
//! for the contradictions seen so far in its houses), or a value with fewer places left in
//! some house, copying the state for each try.
//!
//! The API follows the classic solver's: each solution goes to a callback that can stop the
//! search, a stop poll ends it early (Ctrl-C, `--timeout`), and the report says how it ended.

use std::ops::ControlFlow;

use crate::generate::Stream;
use crate::geometry::Geometry;

use super::fast::{Bmi2, Build, Portable};

pub use super::SearchEnd;

/// How often (in guesses) the stop poll is asked.
const POLL_EVERY: u64 = 256;

/// After this many guesses in one search, a probe also tries the two places of a value left
/// with two places in a house ([`Run::probe`]). On the fresh 25×25 sets g25 and held25, from
/// the start: guesses 3,028 → 1,698 and 792 → 632, but 20% fewer and 3% more instructions
/// (the pass costs more on easy puzzles; +14% on the 16×16 sets); after 200 guesses, 10% and
/// 6% fewer (2,346 and 702 guesses), and no puzzle of the 16×16 sets gets that far; after
/// 100 or 150, fewer gains.
const HOUSE_TRIES_AFTER: u64 = 200;

/// The starting weight of a house for the branching choice ([`Run::weights`]); each
/// contradiction found in it adds one. A start above one lets the first contradictions
/// steer less (1: 11,746 guesses on three sets of 16×16 puzzles, 4: 11,428, 16: 12,108).
const WEIGHT: u32 = 4;

/// A set of houses: bit `h % 64` of word `h / 64` (at most 128 houses).
type Houses = [u64; 2];

/// The houses of a set, in increasing order.
#[inline]
fn houses(set: Houses) -> impl Iterator<Item = usize> {
    set.into_iter().enumerate().flat_map(|(w, mut bits)| {
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let h = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                h
            })
        })
    })
}

/// The placements to make, `(cell, value - 1)`, last in first out: a stack that can also
/// take an entry or not without a branch (written at `buf[len]` after [`Queue::room`], then
/// `len` moved on or not: [`Run::remove`]), as the singles' tests are hard to predict.
#[derive(Debug, Default)]
struct Queue {
    /// The entries, at `buf[..len]`; the rest is room for entries written before they are
    /// known to be kept.
    buf: Vec<(u16, u8)>,
    len: usize,
}

impl Queue {
    /// Makes room for `k` more entries.
    #[inline(always)]
    fn room(&mut self, k: usize) {
        if self.buf.len() < self.len + k {
            self.buf.resize(2 * (self.len + k), (0, 0));
        }
    }

    #[inline(always)]
    fn push(&mut self, entry: (u16, u8)) {
        self.room(1);
        self.buf[self.len] = entry;
        self.len += 1;
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<(u16, u8)> {
        self.len = self.len.checked_sub(1)?;
        Some(self.buf[self.len])
    }

    #[inline(always)]
    fn clear(&mut self) {
        self.len = 0;
    }

    #[inline(always)]
    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// No value or no cell, in the matching's tables.
const NONE: u8 = u8::MAX;

/// The tables of one geometry, flattened for the search; build once, search many times.
#[derive(Debug, Clone)]
pub struct Solver {
    n: usize,
    cells: usize,
    all: u32,
    /// Number of houses (at most 128: see [`Houses`]).
    nh: usize,
    /// Cells of house `h`: `houses[h * n..(h + 1) * n]`.
    houses: Vec<u16>,
    /// The houses of cell `c` (as the index of the house's first value in the per-house
    /// tables, `h * n`) and its place in each (as a one-bit mask):
    /// `member[member_start[c]..member_start[c + 1]]`.
    member: Vec<(u32, u32)>,
    member_start: Vec<u32>,
    /// The same as [`Solver::member`] when every cell lies in exactly three houses (a row, a
    /// column and a box or region: every plain grid and jigsaw), at `three[c]`; else empty.
    /// A loop over a fixed three is unrolled, with no bounds to read: on ten fresh 25×25
    /// puzzles, 9% fewer instructions (1,186 M to 1,081 M).
    three: Vec<[(u32, u32); 3]>,
    /// With [`Solver::three`]: each house lies at the same place of the three of each of
    /// its cells (its first, second or third: rows, columns, boxes or regions), so two cells
    /// share the house at place `k` of their three iff they have the same house there.
    slotted: bool,
    /// Whether a probe passes over a try whose bound shows it cannot fail nor make the
    /// cell score best ([`Run::implied`]); off only in tests, to compare.
    bounds: bool,
    /// The guesses after which a probe tries places in houses too ([`HOUSE_TRIES_AFTER`];
    /// other values in tests, to compare).
    house_tries_after: u64,
    /// For each house `h`, the houses sharing two of its cells or more but not all (a box
    /// and a line, a region and a line, a diagonal and a box): the other house, and the
    /// shared places in `h` and in the other, at `partners[partner_start[h]..partner_start[h + 1]]`.
    partners: Vec<(u16, u32, u32)>,
    partner_start: Vec<u32>,
    /// For each house, the most places it shares with one partner: a value with more places
    /// left in it cannot be locked.
    most_shared: Vec<u32>,
    /// The houses of each cell, as a set.
    cell_set: Vec<Houses>,
    /// Peers of cell `c` that share no house with it (knight and king moves):
    /// `extra[extra_start[c]..extra_start[c + 1]]`.
    extra: Vec<u16>,
    extra_start: Vec<u32>,
    /// The most entries one [`Run::place`] can queue: each candidate it takes out (the
    /// cell's other values, the value's other places in the cell's houses, the peers by
    /// knight or king moves) queues at most one single for the cell and one for each of
    /// its houses.
    place_room: usize,
}

/// How a search ended, and how much it guessed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    /// Why it ended.
    pub end: SearchEnd,
    /// Branching guesses tried.
    pub guesses: u64,
}

/// Sees the search's placements and take-backs, as [`super::Observer`] does the classic
/// search's (`--trace`): a value placed in a cell (`guess` for a branching guess, else forced:
/// a given or a consequence of propagation), and later taken back when its branch is done.
/// `depth` is the number of guesses the placement lies under.
pub trait Watch {
    /// Value `value` (1..=N) placed in `cell`.
    fn place(&mut self, depth: usize, cell: usize, value: u8, guess: bool);
    /// The placement of `value` in `cell` taken back.
    fn undo(&mut self, depth: usize, cell: usize, value: u8);
}

/// What else a search may be asked: a stop poll, a random branching order, a budget, a watch.
#[derive(Default)]
pub struct Options<'a> {
    /// Asked every few hundred guesses; true ends the search ([`SearchEnd::Interrupted`]).
    pub stop: Option<&'a dyn Fn() -> bool>,
    /// Try the values of a branching cell in a random order drawn from this stream (to make
    /// random grids); in increasing order without it.
    pub random: Option<&'a mut Stream>,
    /// At most this many guesses, then the search ends as [`SearchEnd::Interrupted`].
    pub budget: Option<u64>,
    /// Values a cell may not take, beyond the rules: `(cell, value)`.
    pub forbid: &'a [(usize, u8)],
    /// Told every placement and take-back (none when `None`: one test a placement). No
    /// probing under a watch (it would place values off the path).
    pub watch: Option<&'a mut dyn Watch>,
    /// No probing (trying the values of two-candidate cells before branching): branch on
    /// the tightest choice at once. For many short searches (the generator's removal checks:
    /// a 16×16 puzzle's take 1.8 times as long with probing), and where a guess must cost
    /// what it did (a budget set in guesses, a random grid's draws).
    pub plain: bool,
}

#[derive(Debug, Default)]
struct State {
    /// Candidates of each cell (bit `d` for value `d + 1`).
    cand: Vec<u32>,
    /// Places of value `d` in house `h`, at `h * n + d` (bit `i` for the house's `i`-th cell).
    pos: Vec<u32>,
    /// The value placed in each cell, 0 for none.
    val: Vec<u8>,
    /// Cells without a value.
    left: usize,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            cand: self.cand.clone(),
            pos: self.pos.clone(),
            val: self.val.clone(),
            left: self.left,
        }
    }

    /// Copies into the buffers already there: the derived `clone_from` would allocate three
    /// new ones for each copy (each probe's and each branch's), which cost 5% of the
    /// instructions of a 25×25 search.
    fn clone_from(&mut self, source: &State) {
        self.cand.clone_from(&source.cand);
        self.pos.clone_from(&source.pos);
        self.val.clone_from(&source.val);
        self.left = source.left;
    }
}

struct Run<'a, 'o, F> {
    solver: &'a Solver,
    options: Options<'o>,
    on_solution: F,
    guesses: u64,
    end: Option<SearchEnd>,
    /// Placements to make: `(cell, value - 1)`.
    queue: Queue,
    pool: Vec<State>,
    /// The values whose places changed since the last locked-candidates pass (bit `d`), and
    /// for each the houses where they changed (bit `h`).
    dirty_values: u32,
    dirty_locked: [Houses; 32],
    /// Houses whose candidates changed since the last matching pass (bit `h`).
    dirty_match: Houses,
    /// The last matching found in each house (value of its `i`-th cell at `h * n + i`): a
    /// start for the next one, not part of the state.
    matching: Vec<u8>,
    /// With a watch: the placements on the current path, `(cell, value - 1)`, to take back
    /// in turn when a branch is left; the guess about to be placed; the guesses on the path.
    placed: Vec<(u16, u8)>,
    guess: Option<(u16, u8)>,
    depth: usize,
    /// The weight of each house, at `h * n` (as [`Solver::member`] names houses): how often
    /// a contradiction showed there so far in this search, plus [`WEIGHT`]. Not part of the
    /// state: it grows over the whole search and steers the branching choice toward the
    /// houses where the search keeps failing.
    weights: Vec<u32>,
    /// Room for the branching choice's list of cells with fewest candidates.
    tied: Vec<u16>,
    /// Candidates taken out so far in this search: how far a probe reached.
    removed: u64,
    /// Values tried by probes: the stop poll is asked every [`POLL_EVERY`] of them too.
    probes: u64,
    /// The placements of the current probe, `(cell, value - 1)`.
    trail: Vec<(u16, u8)>,
    /// Per cell, `(stamp, d)`: the first try of the cell probed with [`Run::stamp`] `stamp`
    /// placed value `d + 1` there.
    first_try: Vec<(u64, u8)>,
    /// Per cell: the [`Run::epoch`] in which the two tries of a cell placed both of its
    /// values, so that its own tries need not be made ([`Run::probe`]).
    covered: Vec<u64>,
    /// One more for each cell probed.
    stamp: u64,
    /// Per two-candidate cell, at `2 * c + k` for its lower (`k = 0`) and higher value:
    /// `(epoch, gain)` when a try in [`Run::epoch`] `epoch` placed that value, `gain` the
    /// fewest candidates such a try took out. Placing singles is monotone, so the value's own
    /// try in the same state places a subset of what that try placed: it cannot fail, and
    /// takes out at most `gain` ([`Run::probe`]).
    implied: Vec<(u64, u64)>,
    /// One more for each probing pass, and each time a failed try changes the state.
    epoch: u64,
    /// With the tries of places in houses ([`Solver::house_tries_after`]), per cell and value
    /// at `c * n + d`: `(epoch, gain)` when a try of value `d + 1` in cell `c` in
    /// [`Run::epoch`] `epoch` took out `gain` candidates without failing (tried), and when a
    /// try in that epoch placed that value there, `gain` the fewest candidates such a try
    /// took out (implied, as [`Run::implied`] for every cell). Empty until then.
    tried: Vec<(u64, u64)>,
    implied_all: Vec<(u64, u64)>,
}

/// What a probe chose to branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Branch {
    /// The values of a cell with two candidates.
    Cell(usize),
    /// The two places of a value in a house: `h * n + d` for value `d + 1` in house `h`.
    Places(usize),
}

/// How one try of a probe ended ([`Run::try_value`]).
enum Try {
    /// It placed its singles without a contradiction, taking out this many candidates.
    Gain(u64),
    /// It failed: its value is taken out of the state, whose propagation held.
    Failed,
    /// It failed, and taking its value out made the state itself fail.
    Dead,
    /// The search was told to stop.
    Stopped,
}

impl Solver {
    /// The tables of `g`.
    pub fn new(g: &Geometry) -> Solver {
        let n = g.size();
        let cells = g.cells();
        let list = g.houses();
        let nh = list.len();
        assert!(nh <= 128, "at most 128 houses");
        let houses = list
            .iter()
            .flat_map(|h| h.cells.iter().map(|&c| c as u16))
            .collect();
        // place[h * cells + c]: the place of cell c in house h, if it is in it.
        let mut place = vec![u8::MAX; nh * cells];
        for (h, house) in list.iter().enumerate() {
            for (i, &c) in house.cells.iter().enumerate() {
                place[h * cells + c] = i as u8;
            }
        }
        let mut member = Vec::new();
        let mut member_start = Vec::with_capacity(cells + 1);
        for c in 0..cells {
            member_start.push(member.len() as u32);
            for &h in g.cell_houses(c) {
                let i = place[usize::from(h) * cells + c];
                member.push((u32::from(h) * n as u32, 1u32 << i));
            }
        }
        member_start.push(member.len() as u32);
        let three = if (0..cells).all(|c| member_start[c + 1] - member_start[c] == 3) {
            member.chunks_exact(3).map(|m| [m[0], m[1], m[2]]).collect()
        } else {
            Vec::new()
        };
        let slotted = !three.is_empty() && {
            // The place each house takes among its cells' three, if always the same.
            let mut slot = vec![None; nh];
            three.iter().all(|t: &[(u32, u32); 3]| {
                t.iter()
                    .enumerate()
                    .all(|(k, &(base, _))| *slot[base as usize / n].get_or_insert(k) == k)
            })
        };
        let mut partners = Vec::new();
        let mut partner_start = Vec::with_capacity(nh + 1);
        for (a, house) in list.iter().enumerate() {
            partner_start.push(partners.len() as u32);
            // The places shared with each other house, in this house and in the other.
            let mut shared = vec![(0u32, 0u32); nh];
            for (i, &c) in house.cells.iter().enumerate() {
                for &b in g.cell_houses(c) {
                    let b = usize::from(b);
                    if b != a {
                        shared[b].0 |= 1 << i;
                        shared[b].1 |= 1 << place[b * cells + c];
                    }
                }
            }
            for (b, &(sa, sb)) in shared.iter().enumerate() {
                let count = sa.count_ones() as usize;
                if count >= 2 && count < n {
                    partners.push((b as u16, sa, sb));
                }
            }
        }
        partner_start.push(partners.len() as u32);
        let most_shared = (0..nh)
            .map(|h| {
                partners[partner_start[h] as usize..partner_start[h + 1] as usize]
                    .iter()
                    .map(|p| p.1.count_ones())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut cell_set = vec![[0u64; 2]; cells];
        for (c, set) in cell_set.iter_mut().enumerate() {
            for &h in g.cell_houses(c) {
                set[usize::from(h) >> 6] |= 1 << (h & 63);
            }
        }
        let mut extra = Vec::new();
        let mut extra_start = Vec::with_capacity(cells + 1);
        for (c, set) in cell_set.iter().enumerate() {
            extra_start.push(extra.len() as u32);
            // The peers sharing no house, by their sets of houses (comparing the lists of
            // houses cost 2.2 M instructions for a 25×25 grid, a sixth of a short run).
            extra.extend(g.peers(c).iter().filter(|&&p| {
                let other = cell_set[usize::from(p)];
                set[0] & other[0] == 0 && set[1] & other[1] == 0
            }));
        }
        extra_start.push(extra.len() as u32);
        let most_members = (0..cells)
            .map(|c| member_start[c + 1] - member_start[c])
            .max()
            .unwrap_or(0) as usize;
        let most_extra = (0..cells)
            .map(|c| extra_start[c + 1] - extra_start[c])
            .max()
            .unwrap_or(0) as usize;
        let place_room = (n + most_members * n + most_extra) * (1 + most_members);
        Solver {
            n,
            cells,
            all: g.all_digits(),
            nh,
            houses,
            member,
            member_start,
            three,
            slotted,
            bounds: true,
            house_tries_after: HOUSE_TRIES_AFTER,
            partners,
            partner_start,
            most_shared,
            cell_set,
            extra,
            extra_start,
            place_room,
        }
    }

    /// The grid's size.
    pub fn size(&self) -> usize {
        self.n
    }

    /// Searches the puzzle `givens` (N² values, 0 blank), giving each solution (N² values) to
    /// `on_solution`, which returns `Break` to stop.
    pub fn search<F>(&self, givens: &[u8], options: Options<'_>, on_solution: F) -> Report
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        let mut all_houses = [0u64; 2];
        for h in 0..self.nh {
            all_houses[h >> 6] |= 1 << (h & 63);
        }
        let mut run = Run {
            solver: self,
            options,
            on_solution,
            guesses: 0,
            end: None,
            queue: Queue::default(),
            pool: Vec::new(),
            dirty_values: self.all,
            dirty_locked: [all_houses; 32],
            dirty_match: all_houses,
            matching: vec![NONE; self.nh * self.n],
            placed: Vec::new(),
            guess: None,
            depth: 0,
            weights: vec![WEIGHT; self.nh * self.n],
            tied: vec![0; self.cells],
            removed: 0,
            probes: 0,
            trail: Vec::new(),
            first_try: vec![(0, 0); self.cells],
            covered: vec![0; self.cells],
            stamp: 0,
            implied: vec![(0, 0); 2 * self.cells],
            epoch: 0,
            tried: Vec::new(),
            implied_all: Vec::new(),
        };
        let full = if self.n == 32 {
            u32::MAX
        } else {
            (1u32 << self.n) - 1
        };
        let mut st = State {
            cand: vec![self.all; self.cells],
            pos: vec![full; self.nh * self.n],
            val: vec![0; self.cells],
            left: self.cells,
        };
        let mut ok = givens.len() == self.cells;
        if run.options.watch.is_none() {
            // Without a watch, the givens are set down at once rather than placed in turn;
            // propagation then reaches the same state.
            ok = ok && self.start(&mut st, givens, &mut run.queue, run.options.forbid);
        } else {
            for &(cell, v) in run.options.forbid {
                if ok && cell < self.cells && (1..=self.n as u8).contains(&v) {
                    let d = v - 1;
                    if st.cand[cell] >> d & 1 != 0 {
                        ok = run.remove(&mut st, cell, d);
                    }
                }
            }
            for (c, &v) in givens.iter().enumerate().take(self.cells) {
                if v == 0 {
                    continue;
                }
                if usize::from(v) > self.n {
                    ok = false;
                    break;
                }
                run.queue.push((c as u16, v - 1));
            }
        }
        if ok {
            run.root(&mut st, Bmi2::detect());
        }
        Report {
            end: run.end.unwrap_or(SearchEnd::Exhausted),
            guesses: run.guesses,
        }
    }

    /// Sets down the givens (N² values, 0 blank) and the forbidden values in the fresh state
    /// `st` at once: each cell's candidates are the values no given peer holds, each value's
    /// places follow from them, and the singles they leave go to `queue`. The state is the
    /// one placing each given in turn would make, before the singles that follow are placed.
    /// False on a contradiction (two equal givens that see each other, a value out of range,
    /// a cell or a house left without a candidate for a value).
    fn start(
        &self,
        st: &mut State,
        givens: &[u8],
        queue: &mut Queue,
        forbid: &[(usize, u8)],
    ) -> bool {
        let n = self.n;
        // The values given in each house.
        let mut used = vec![0u32; self.nh];
        for (c, &v) in givens.iter().enumerate() {
            if v == 0 {
                continue;
            }
            if usize::from(v) > n {
                return false;
            }
            let bit = 1u32 << (v - 1);
            for &(base, _) in
                &self.member[self.member_start[c] as usize..self.member_start[c + 1] as usize]
            {
                let h = base as usize / n;
                if used[h] & bit != 0 {
                    return false;
                }
                used[h] |= bit;
            }
            st.val[c] = v;
            st.left -= 1;
        }
        for c in 0..self.cells {
            let v = givens[c];
            let mut m = if v != 0 {
                1u32 << (v - 1)
            } else {
                let mut m = self.all;
                for &(base, _) in
                    &self.member[self.member_start[c] as usize..self.member_start[c + 1] as usize]
                {
                    m &= !used[base as usize / n];
                }
                m
            };
            for &p in &self.extra[self.extra_start[c] as usize..self.extra_start[c + 1] as usize] {
                let w = givens[usize::from(p)];
                if w != 0 {
                    m &= !(1u32 << (w - 1));
                }
            }
            st.cand[c] = m;
        }
        for &(cell, v) in forbid {
            if cell < self.cells && (1..=n as u8).contains(&v) {
                st.cand[cell] &= !(1u32 << (v - 1));
            }
        }
        for (c, &m) in st.cand.iter().enumerate() {
            if m == 0 {
                return false;
            }
            if st.val[c] == 0 && m & (m - 1) == 0 {
                queue.push((c as u16, m.trailing_zeros() as u8));
            }
        }
        st.pos.fill(0);
        for h in 0..self.nh {
            let base = h * n;
            for (i, &c) in self.houses[base..base + n].iter().enumerate() {
                let mut m = st.cand[usize::from(c)];
                while m != 0 {
                    let d = m.trailing_zeros() as usize;
                    m &= m - 1;
                    st.pos[base + d] |= 1 << i;
                }
            }
            for d in 0..n {
                let p = st.pos[base + d];
                if p == 0 {
                    return false;
                }
                if p & (p - 1) == 0 {
                    let t = self.houses[base + p.trailing_zeros() as usize];
                    if st.val[usize::from(t)] == 0 {
                        queue.push((t, d as u8));
                    }
                }
            }
        }
        true
    }

    /// Counts solutions up to `limit` (all with `None`); true when the count is exact.
    pub fn count(&self, givens: &[u8], limit: Option<u64>) -> (u64, bool) {
        let mut count = 0;
        let report = self.search(givens, Options::default(), |_| {
            count += 1;
            if limit == Some(count) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        (count, report.end == SearchEnd::Exhausted)
    }

    /// The first solution, if any.
    pub fn first(&self, givens: &[u8]) -> Option<Vec<u8>> {
        let mut first = None;
        self.search(givens, Options::default(), |s| {
            first = Some(s.to_vec());
            ControlFlow::Break(())
        });
        first
    }
}

/// Finds a value for the free cell `i` by an augmenting path (Kuhn's method): `cand[i]` are
/// its values, `owner[d]` the cell matched to `d` (`taken`: the values matched), `value[i]`
/// the value matched to `i`. A free value of `i` is taken at once; else each of its values in
/// turn is freed by finding another for its owner.
fn augment(
    i: usize,
    cand: &[u32; 32],
    owner: &mut [u8; 32],
    value: &mut [u8; 32],
    taken: &mut u32,
    seen: &mut u32,
) -> bool {
    let direct = cand[i] & !*taken;
    if direct != 0 {
        let d = direct.trailing_zeros() as usize;
        *taken |= 1 << d;
        owner[d] = i as u8;
        value[i] = d as u8;
        return true;
    }
    let mut m = cand[i] & !*seen;
    while m != 0 {
        let d = m.trailing_zeros() as usize;
        m &= m - 1;
        *seen |= 1 << d;
        if augment(usize::from(owner[d]), cand, owner, value, taken, seen) {
            owner[d] = i as u8;
            value[i] = d as u8;
            return true;
        }
        m &= !*seen;
    }
    false
}

/// The free items that can reach item `start` in the matching's graph (`start` included):
/// item `u` leads to the items that may take `u`'s matched value `value[u]`.
#[inline(always)]
fn reaching(start: usize, back: &[u32; 32], value: &[u8; 32], free: u32) -> u32 {
    let mut reached = 1u32 << start;
    let mut todo = reached;
    while todo != 0 {
        let u = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let new = back[usize::from(value[u])] & free & !reached;
        reached |= new;
        todo |= new;
    }
    reached
}

/// The all-different rule on a bipartite graph of at most 32 + 32 nodes: `cand[i]` are the
/// values left to the free item `i` (bit `i` of `free`), `back[d]` the items that may take
/// value `d` (for the free values), `cache` the last matching found (updated). `None` when
/// no matching gives every free item a value; otherwise whether `prune` (the values each item
/// must lose: those no such matching gives it) holds any.
#[inline(always)]
fn all_different(
    cand: &[u32; 32],
    back: &[u32; 32],
    free: u32,
    cache: &mut [u8],
    prune: &mut [u32; 32],
) -> Option<bool> {
    let mut owner = [NONE; 32];
    let mut value = [NONE; 32];
    // The values matched, and every value of a free item.
    let mut taken = 0u32;
    let mut union = 0u32;
    let mut unmatched = 0u32;
    let mut f = free;
    while f != 0 {
        let i = f.trailing_zeros() as usize;
        f &= f - 1;
        union |= cand[i];
        let d = u32::from(cache[i]);
        if d < 32 && (cand[i] & !taken) >> d & 1 != 0 {
            owner[d as usize] = i as u8;
            value[i] = d as u8;
            taken |= 1 << d;
        } else {
            unmatched |= 1 << i;
        }
    }
    while unmatched != 0 {
        let i = unmatched.trailing_zeros() as usize;
        unmatched &= unmatched - 1;
        let mut seen = 0u32;
        if !augment(i, cand, &mut owner, &mut value, &mut taken, &mut seen) {
            return None;
        }
    }
    if union != taken {
        // More values free than items: a value was given twice.
        return None;
    }
    cache.copy_from_slice(&value[..cache.len()]);
    // The graph: item i leads to item j when j's matched value is a value of i. An edge i–d
    // outside the matching lies on an alternating cycle (and some matching gives d to i) iff
    // i and d's item are in one strongly connected component. Each component is the items
    // both reachable from one of them and reaching it: forward through the values, backward
    // through the items that may take the matched values.
    //
    // Most often the whole graph is one component, which one pass each way shows: forward
    // over the values (the values of the item matched to each value reached), backward
    // over the items.
    {
        let first = free.trailing_zeros() as usize;
        let mut by_value = [0u32; 32];
        let mut f = free;
        while f != 0 {
            let i = f.trailing_zeros() as usize;
            f &= f - 1;
            by_value[usize::from(value[i])] = cand[i];
        }
        let mut reach = 1u32 << value[first];
        let mut todo = reach;
        while todo != 0 {
            let d = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let new = by_value[d] & !reach;
            reach |= new;
            todo |= new;
        }
        if reach == taken && reaching(first, back, &value, free) == free {
            return Some(false);
        }
    }
    let mut remaining = free;
    let mut pruned = false;
    while remaining != 0 {
        let v = remaining.trailing_zeros() as usize;
        let mut forward = 1u32 << v;
        let mut values = 1u32 << value[v];
        let mut todo = forward;
        while todo != 0 {
            let u = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let mut new = cand[u] & !values;
            values |= new;
            while new != 0 {
                let d = new.trailing_zeros() as usize;
                new &= new - 1;
                let o = owner[d];
                forward |= 1 << o;
                todo |= 1 << o;
            }
        }
        let backward = reaching(v, back, &value, free);
        let component = forward & backward;
        if component == free {
            // One component: every edge lies on a cycle.
            return Some(pruned);
        }
        remaining &= !component;
        let mut keep = 0u32;
        let mut m = component;
        while m != 0 {
            keep |= 1 << value[m.trailing_zeros() as usize];
            m &= m - 1;
        }
        let mut m = component;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let out = cand[i] & !keep;
            prune[i] = out;
            pruned |= out != 0;
        }
    }
    Some(pruned)
}

impl<F> Run<'_, '_, F>
where
    F: FnMut(&[u8]) -> ControlFlow<()>,
{
    /// Takes value `d + 1` (a candidate) from cell `c`, queueing the singles that follow;
    /// false on a contradiction.
    #[inline(always)]
    fn remove(&mut self, st: &mut State, c: usize, d: u8) -> bool {
        self.queue.room(self.solver.place_room);
        self.remove_in(st, c, d)
    }

    /// [`Self::remove`], with room made in the queue beforehand: at least one entry more
    /// than the cell has houses (as [`Self::place`] makes for all its removals at once).
    #[inline(always)]
    fn remove_in(&mut self, st: &mut State, c: usize, d: u8) -> bool {
        self.remove_at::<false, false, false>(st, c, d, [0; 3])
    }

    /// [`Self::remove_in`]; with `PEER`, on a grid whose cells lie in three houses each
    /// ([`Solver::slotted`]), the places of the value in the houses at `skip` (those of the
    /// cell it was just placed in, [`Self::place`]) are left for the placement to set; with
    /// `OWN` (a value taken from the cell being placed), the naked single it may leave (the
    /// placement itself) is not queued. With `PROBE` (in a probe's try: [`Self::singles`]),
    /// no rule but the singles follows, so the houses and values it changed are not marked.
    #[inline(always)]
    fn remove_at<const PEER: bool, const OWN: bool, const PROBE: bool>(
        &mut self,
        st: &mut State,
        c: usize,
        d: u8,
        skip: [u32; 3],
    ) -> bool {
        let s = self.solver;
        let m = st.cand[c] & !(1u32 << d);
        st.cand[c] = m;
        self.removed += 1;
        if m == 0 {
            for &(base, _) in &s.member[s.member_start[c] as usize..s.member_start[c + 1] as usize]
            {
                self.weights[base as usize] = self.weights[base as usize].saturating_add(1);
            }
            return false;
        }
        // The tables as slices held in locals: a store through one (a place, the queue)
        // cannot change them, so their addresses and lengths are read once here instead of
        // after every store (4% fewer instructions on ten fresh 25×25 puzzles).
        let (houses, pos) = (&s.houses[..], &mut st.pos[..]);
        // A naked single, and a hidden single in each house: pushed or not without a branch.
        // Whether the cell is placed already is not asked (one load and test less a house):
        // a placed cell's single, or a placed value's one place, is its own placement, and
        // [`Run::place`] passes over it when it comes out of the queue (on ten fresh 25×25
        // puzzles, 5% fewer instructions).
        let buf = &mut self.queue.buf[..];
        let mut len = self.queue.len;
        buf[len] = (c as u16, m.trailing_zeros() as u8);
        len += usize::from(!OWN && m & (m - 1) == 0);
        if !PROBE {
            // A probe places singles only: the other rules need not know where it went.
            self.dirty_values |= 1 << d;
            let set = s.cell_set[c];
            let dirty = &mut self.dirty_locked[usize::from(d & 31)];
            dirty[0] |= set[0];
            dirty[1] |= set[1];
            self.dirty_match[0] |= set[0];
            self.dirty_match[1] |= set[1];
        }
        // Every state has `nh * n` places and `cells` values (a state from the pool is
        // copied from one before use), and the tables `nh * n` house cells.
        debug_assert!(pos.len() == s.nh * s.n && houses.len() == s.nh * s.n);
        debug_assert!(usize::from(d) < s.n);
        // Takes the cell's place out of the value's places in the house at `base`, queueing
        // the hidden single it leaves; false when it leaves none.
        let mut out = |base: usize, bit: u32| {
            let k = base + usize::from(d);
            // SAFETY: `base` is `h * n` for a house `h < nh`, and `d < n` (a candidate), so
            // `k < nh * n`, the length of `pos` (above). Unchecked, with the two below, and
            // with the queue's room made once a placement: 11% fewer instructions on ten
            // fresh 25×25 puzzles (1,512 M to 1,340 M, `solve --count --limit 2`).
            let slot = unsafe { pos.get_unchecked_mut(k) };
            let p = *slot & !bit;
            *slot = p;
            if p == 0 {
                return false;
            }
            // SAFETY: `p` is a nonzero set of the house's places (bits below `n`), so the
            // index is below `base + n <= nh * n`, the length of `houses`.
            let t = unsafe { *houses.get_unchecked(base + p.trailing_zeros() as usize) };
            buf[len] = (t, d);
            len += usize::from(p & (p - 1) == 0);
            true
        };
        let failed = match s.three.get(c) {
            Some(three) => three
                .iter()
                .zip(skip)
                .find(|&(&(base, bit), own)| !(PEER && base == own || out(base as usize, bit)))
                .map(|(m, _)| m),
            None => s.member[s.member_start[c] as usize..s.member_start[c + 1] as usize]
                .iter()
                .find(|&&(base, bit)| !out(base as usize, bit)),
        };
        self.queue.len = len;
        if let Some(&(base, _)) = failed {
            let base = base as usize;
            self.weights[base] = self.weights[base].saturating_add(1);
            return false;
        }
        true
    }

    /// Places value `d + 1` in cell `c` and takes it from the peers; false on a contradiction.
    /// With `PROBE` (in a probe's try, never under a watch: [`Self::singles`]), the placement
    /// goes to [`Run::trail`] and nothing is marked for the other rules.
    #[inline(always)]
    fn place<const PROBE: bool>(&mut self, st: &mut State, c: usize, d: u8) -> bool {
        if st.val[c] != 0 {
            return st.val[c] == d + 1;
        }
        let bit = 1u32 << d;
        if st.cand[c] & bit == 0 {
            return false;
        }
        st.val[c] = d + 1;
        st.left -= 1;
        if PROBE {
            self.trail.push((c as u16, d));
        } else if let Some(watch) = self.options.watch.as_deref_mut() {
            let guess = self.guess.take() == Some((c as u16, d));
            watch.place(self.depth, c, d + 1, guess);
            self.placed.push((c as u16, d));
        }
        // Room for every single the removals below can queue.
        self.queue.room(self.solver.place_room);
        let mut others = st.cand[c] & !bit;
        while others != 0 {
            let o = others.trailing_zeros() as u8;
            others &= others - 1;
            if !self.remove_at::<false, true, PROBE>(st, c, o, [0; 3]) {
                return false;
            }
        }
        // The peers holding the value: its places in the cell's houses, then the peers
        // by knight or king moves.
        let s = self.solver;
        // On a slotted grid, the value's places in the cell's own houses are not taken out
        // one peer at a time: once every peer has lost the value they are the cell's place
        // alone, set below. (A removal there would only queue the cell's own placement
        // again: on ten fresh 25×25 puzzles, 3% fewer instructions, the same guesses.)
        let skip = match s.three.get(c) {
            Some(three) if s.slotted => three.map(|(base, _)| base),
            _ => [u32::MAX; 3],
        };
        let range = s.member_start[c] as usize..s.member_start[c + 1] as usize;
        for &(base, own) in &s.member[range.clone()] {
            let base = base as usize;
            let mut places = st.pos[base + usize::from(d)] & !own;
            while places != 0 {
                let i = places.trailing_zeros() as usize;
                places &= places - 1;
                // SAFETY: `i` is one of the house's places (below `n`), so the index is below
                // `nh * n`, the length of `houses`; a house's cells are below `cells`, the
                // length of every state's `cand` ([`Run::remove_in`]).
                let (p, m) = unsafe {
                    let p = usize::from(*s.houses.get_unchecked(base + i));
                    (p, *st.cand.get_unchecked(p))
                };
                if m & bit != 0 && !self.remove_at::<true, false, PROBE>(st, p, d, skip) {
                    return false;
                }
            }
        }
        if skip[0] != u32::MAX {
            for &(base, own) in &s.member[range.clone()] {
                st.pos[base as usize + usize::from(d)] = own;
            }
        }
        let range = s.extra_start[c] as usize..s.extra_start[c + 1] as usize;
        for &p in &s.extra[range] {
            let p = usize::from(p);
            if st.cand[p] & bit != 0 && !self.remove_at::<false, false, PROBE>(st, p, d, [0; 3]) {
                return false;
            }
        }
        true
    }

    /// Places singles, applies locked candidates and the houses' matchings, until nothing
    /// follows; false on a contradiction.
    #[inline(always)]
    fn propagate(&mut self, st: &mut State) -> bool {
        let ok = self.fixpoint(st);
        self.queue.clear();
        while self.dirty_values != 0 {
            let d = self.dirty_values.trailing_zeros() as usize;
            self.dirty_values &= self.dirty_values - 1;
            self.dirty_locked[d] = [0; 2];
        }
        self.dirty_match = [0; 2];
        ok
    }

    /// A probe's try: places the queued singles and those that follow, and nothing else (no
    /// other rule runs, so none is told where the candidates went); the placements go to
    /// [`Run::trail`]. False on a contradiction. A loop of its own, with the probe's
    /// placements and removals compiled apart from the search's: on ten fresh 25×25 puzzles,
    /// 0.5% fewer instructions than one propagation asking a flag at each removal (996 M to
    /// 991 M).
    #[inline(always)]
    fn singles(&mut self, st: &mut State) -> bool {
        let mut ok = true;
        while let Some((c, d)) = self.queue.pop() {
            if !self.place::<true>(st, usize::from(c), d) {
                ok = false;
                break;
            }
        }
        self.queue.clear();
        ok
    }

    #[inline(always)]
    fn fixpoint(&mut self, st: &mut State) -> bool {
        loop {
            while let Some((c, d)) = self.queue.pop() {
                if !self.place::<false>(st, usize::from(c), d) {
                    return false;
                }
            }
            if st.left == 0 {
                return true;
            }
            if self.dirty_values != 0 {
                if !self.locked(st) {
                    return false;
                }
                if !self.queue.is_empty() || self.dirty_values != 0 {
                    continue;
                }
            }
            if self.dirty_match != [0; 2] {
                let sets = self.dirty_match;
                self.dirty_match = [0; 2];
                for (w, mut set) in sets.into_iter().enumerate() {
                    while set != 0 {
                        let h = w * 64 + set.trailing_zeros() as usize;
                        set &= set - 1;
                        if !self.matching(st, h) {
                            return false;
                        }
                    }
                }
            }
            if self.queue.is_empty() && self.dirty_values == 0 {
                return true;
            }
        }
    }

    /// Locked candidates: for each value and house where its places changed, if they all lie
    /// where the house meets another, the value goes from the rest of the other. False on a
    /// contradiction.
    #[inline(always)]
    fn locked(&mut self, st: &mut State) -> bool {
        let s = self.solver;
        let n = s.n;
        let mut values = self.dirty_values;
        self.dirty_values = 0;
        while values != 0 {
            let d = values.trailing_zeros() as usize;
            values &= values - 1;
            let sets = self.dirty_locked[d];
            self.dirty_locked[d] = [0; 2];
            for h in houses(sets) {
                let here = st.pos[h * n + d];
                if here & here.wrapping_sub(1) == 0 || here.count_ones() > s.most_shared[h] {
                    continue;
                }
                let range = s.partner_start[h] as usize..s.partner_start[h + 1] as usize;
                for &(o, sh, so) in &s.partners[range] {
                    let o = usize::from(o);
                    if here & !sh != 0 {
                        continue;
                    }
                    let mut out = st.pos[o * n + d] & !so;
                    while out != 0 {
                        let i = out.trailing_zeros() as usize;
                        out &= out - 1;
                        let c = usize::from(s.houses[o * n + i]);
                        if st.cand[c] >> d & 1 != 0 && !self.remove(st, c, d as u8) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// The all-different rule on house `h`: its free cells and values must be matched one to
    /// one; a value no matching gives to a cell is taken from it. False on a contradiction.
    #[inline(always)]
    fn matching(&mut self, st: &mut State, h: usize) -> bool {
        let s = self.solver;
        let n = s.n;
        let base = h * n;
        let mut cand = [0u32; 32];
        let mut back = [0u32; 32];
        let mut free = 0u32;
        let (vals, cands) = (&st.val[..], &st.cand[..]);
        debug_assert!(vals.len() == s.cells && cands.len() == s.cells);
        for (i, (&c, slot)) in s.houses[base..base + n].iter().zip(&mut cand).enumerate() {
            let c = usize::from(c);
            // SAFETY: a house's cells are below `cells`, the length of every state's `val`
            // and `cand` ([`Run::remove_in`]). Unchecked, with the peers' loop in
            // [`Run::place`]: 7% fewer instructions on ten fresh 25×25 puzzles (1,340 M to
            // 1,251 M).
            let (v, m) = unsafe { (*vals.get_unchecked(c), *cands.get_unchecked(c)) };
            // All ones for a free cell, else zero: no branch on it.
            let open = u32::from(v == 0).wrapping_neg();
            *slot = m & open;
            free |= open & 1 << i;
        }
        // With three free cells or fewer, once no single is left (every cell has two values
        // and every value two places), every value of a cell lies in some matching; a single
        // still to place does what the matching would.
        if free.count_ones() < 4 {
            return true;
        }
        back[..n].copy_from_slice(&st.pos[base..base + n]);
        let mut prune = [0u32; 32];
        match all_different(
            &cand,
            &back,
            free,
            &mut self.matching[base..base + n],
            &mut prune,
        ) {
            None => {
                self.weights[base] = self.weights[base].saturating_add(1);
                return false;
            }
            Some(false) => return true,
            Some(true) => {}
        }
        let mut f = free;
        while f != 0 {
            let i = f.trailing_zeros() as usize;
            f &= f - 1;
            let c = usize::from(s.houses[base + i]);
            let mut out = prune[i] & st.cand[c];
            while out != 0 {
                let d = out.trailing_zeros() as u8;
                out &= out - 1;
                if !self.remove(st, c, d) {
                    return false;
                }
            }
        }
        true
    }

    /// Failed literals and a look-ahead choice: each value of each free cell with two
    /// candidates is tried in a copy of the state, placing the singles that follow (only
    /// those: the locked candidates and matchings would cost the probe more than they find).
    /// A value that leads to a contradiction is taken out of `st`, and what follows is
    /// propagated in full. `None` when `st` then has a contradiction; else the cell to branch
    /// on: the one whose two values, tried, took out most candidates (the product of the two
    /// counts, times the weight of the cell's houses: how often the search failed in them,
    /// as in [`Run::choose`]), if any cell with two candidates is left (none either when the
    /// stop poll ends the search: then [`Run::end`] is set). The weight, on 10 + 5 fresh
    /// 25×25 puzzles and 20 + 20 + 20 16×16 ones (g25, held25, g16, held16, sixteen.txt),
    /// takes the guesses from 3,334, 1,006, 280, 230, 272 to 3,282, 836, 306, 178, 242.
    ///
    /// A cell is not tried when both its values were placed by the two tries of a cell tried
    /// before it in the same state (no failed try between): placing singles is monotone, so
    /// each of its tries would take out a subset of what the matching try took out (it
    /// cannot fail, nor score above that cell but through the weight of its houses). The
    /// values taken out are the same; without the weight, so is the choice (the earlier
    /// cell wins ties); on ten fresh 25×25 puzzles, 16% fewer tries and 6% fewer
    /// instructions.
    ///
    /// A value that a try of another cell placed (in the same state) is tried last, if at
    /// all: by the same monotony its try cannot fail and takes out at most what that try
    /// did ([`Run::implied`]), so when that bound times the cell's other count and weight
    /// cannot beat the best score so far, the try is not made. The choice is the one all
    /// the tries would make, and so are the values taken out; but a value not tried marks
    /// no cell as placed by both tries (above), so the search may branch otherwise. On g25
    /// and held25 (below), 12% fewer tries, guesses 3,282 → 3,028 and 836 → 792, 3.8% and
    /// 3.1% fewer instructions (on 16×16, the same guesses and 1% more: few tries pass).
    ///
    /// One pass: a cell tried before a later value was taken out is not tried again. On ten
    /// fresh 25×25 puzzles, searching for two solutions, the guesses fall from 39,446 to
    /// 3,334 (with full propagation in each probe, to 804; again after each value taken
    /// out, to 706), and the time by a third (the full probes cost more than they save).
    ///
    /// After [`HOUSE_TRIES_AFTER`] guesses in the search (a hard one), the pass goes on to
    /// the values left with two places in a house: the two places are tried in turn (a
    /// try already made in this state is not made again, and the bound above passes over
    /// the second when it cannot win), and such a pair scores as a cell does, with three
    /// times its house's weight; the search may then branch on the two places (either one
    /// holds the value). A pair neither of whose places a try in this state tried or placed
    /// is passed over: it would cost two fresh tries (from the start on g25, 4,930 more
    /// tries a puzzle for 1,698 guesses, against 1,336 guesses and 20% more instructions
    /// with every pair). Most of the gain is on the hard uniqueness proof of g25's sixth
    /// puzzle (1,484 guesses, 290 with the pairs from the start).
    ///
    /// Tried and dropped (g25 and held25: ten and five fresh 25×25 puzzles, `solve --count
    /// --limit 2`, callgrind instructions against this pass; 3,282 and 836 guesses). About
    /// four in five candidates taken out are taken out in probes, and one try in twenty fails.
    /// - Placing what both tries of a cell place (the cell's dilemma): it fires in one pass
    ///   in six; guesses 3,282 to 3,164 on g25, but as many candidates taken out.
    /// - Full propagation in the probes of the first levels only: above two guesses, g25
    ///   +1.5% (3,152 guesses), held25 -9% (638); three, +11% and -9%; eight, +19% and +19%
    ///   (2,174 and 236 guesses: the hard proofs lie deep).
    /// - The pass again while it takes values out, in the first two or five levels: g25
    ///   +2% and +3%, held25 0 and -4%.
    /// - No probes below some depth (the tightest choice there): below 16 guesses, g25 +7%
    ///   (8,560 guesses), below 12, +38%.
    /// - Skipping a try that a try of an earlier cell placed (it cannot fail, and takes out
    ///   less): fewer tries, but a poorer choice: 4,602 guesses with that try's count
    ///   as the gain, 4,314 with such cells never chosen; g25 +37% and +31%, held25 +84% and
    ///   +52%.
    /// - Copying back into the try's state only what the last try changed (the cells it
    ///   placed, the candidates it took out, logged in each removal) instead of the whole
    ///   state (10 KB for 25×25, 9% of the instructions in `memcpy`): g25 +9% (1,251 M to
    ///   1,368 M), held25 +10%.
    /// - More rules inside the probes (before the bound above; against 1,081 M and 317 M,
    ///   3,282 and 836 guesses): locked candidates, g25 +13% (2,148 guesses), held25 +8%
    ///   (520); the matching alone, +62% and +56% (1,204 and 298); locked candidates and the
    ///   matching on houses with at most 8 free cells, +51% and +37% (1,568 and 364), at most
    ///   12, +40% and +27% (934 and 206); all of it, +32% and +47% (706 and 202). Each try
    ///   then costs four to six times as much, more than the smaller tree saves.
    /// - Restarts steered by the weights learned (dom/wdeg): the search of g25's puzzles
    ///   again with the weights its first search left takes 152, 168, 2,536 and 228
    ///   guesses on its first, third, sixth and eighth puzzles, against 172, 280, 1,484 and
    ///   254 (the hard proof gets harder).
    /// - The bound above with no cell passed over as covered by both tries of one cell:
    ///   3,172 and 858 guesses, g25 4% and held25 7% more instructions than with both.
    /// - The last 16 values whose tries failed tried first (any number of candidates), with
    ///   2,346 and 702 guesses against: 2,164 and 708, but 12% more tries, g25 +9% and
    ///   held25 +14% instructions. Branching on the cell whose try failed last (last
    ///   conflict): 2,470 to 2,830 and 770 to 999 guesses. Backjumping over the guesses a
    ///   failure did not depend on: one jump on g25 (docs/performance.md).
    #[inline(always)]
    fn probe(&mut self, st: &mut State) -> Option<Option<Branch>> {
        let s = self.solver;
        let n = s.n;
        let pairs = self.guesses >= s.house_tries_after;
        if pairs && self.tried.is_empty() {
            self.tried = vec![(0, 0); s.cells * n];
            self.implied_all = vec![(0, 0); s.cells * n];
        }
        let mut trial = self.pool.pop().unwrap_or_default();
        let mut best = None;
        let mut best_score = 0u64;
        let mut result = None;
        self.epoch += 1;
        'cells: {
            for c in 0..s.cells {
                let m = st.cand[c];
                if st.val[c] != 0 || m.count_ones() != 2 || self.covered[c] == self.epoch {
                    continue;
                }
                self.stamp += 1;
                // The weight of the cell's houses, as in [`Run::choose`] (a try that does not
                // fail leaves the weights as they are).
                let weight: u64 = s.member
                    [s.member_start[c] as usize..s.member_start[c + 1] as usize]
                    .iter()
                    .map(|&(base, _)| u64::from(self.weights[base as usize]))
                    .sum();
                let values = [m.trailing_zeros(), 31 - m.leading_zeros()];
                // The values an earlier try in this state placed, with the fewest candidates
                // such a try took out: a bound on this value's own try ([`Run::implied`]).
                let mut gain = [0u64; 2];
                let mut known = [false; 2];
                for k in 0..2 {
                    let (epoch, g) = self.implied[2 * c + k];
                    if epoch == self.epoch && s.bounds {
                        known[k] = true;
                        gain[k] = g;
                    }
                }
                let mut failed = false;
                // First the values no earlier try placed, in increasing order; then the
                // others, unless the bound shows that the cell cannot score best.
                'tries: for pass in [false, true] {
                    if pass
                        && (known == [false; 2]
                            || (gain[0] + 1) * (gain[1] + 1) * weight <= best_score)
                    {
                        break;
                    }
                    for k in 0..2 {
                        if known[k] != pass {
                            continue;
                        }
                        let d = values[k] as u8;
                        let g = match self.try_value(st, &mut trial, c, d) {
                            Try::Stopped => {
                                result = Some(None);
                                break 'cells;
                            }
                            Try::Dead => break 'cells,
                            Try::Failed => {
                                debug_assert!(!known[k], "a bound failed");
                                failed = true;
                                break 'tries;
                            }
                            Try::Gain(g) => g,
                        };
                        debug_assert!(!known[k] || g <= gain[k], "a bound failed");
                        gain[k] = g;
                        if pairs {
                            self.note_try(c, d, g);
                        }
                        for &(t, v) in &self.trail {
                            let t = usize::from(t);
                            let tm = st.cand[t];
                            if st.val[t] == 0 && tm.count_ones() == 2 {
                                let slot = 2 * t + usize::from(u32::from(v) != tm.trailing_zeros());
                                let (epoch, old) = self.implied[slot];
                                if epoch != self.epoch || g < old {
                                    self.implied[slot] = (self.epoch, g);
                                }
                            }
                            if k == 0 && !pass {
                                self.first_try[t] = (self.stamp, v);
                            } else if k == 1
                                && self.first_try[t].0 == self.stamp
                                && self.first_try[t].1 != v
                            {
                                self.covered[t] = self.epoch;
                            }
                        }
                    }
                }
                if st.left == 0 {
                    best = None;
                    break;
                }
                let score = (gain[0] + 1) * (gain[1] + 1) * weight;
                if !failed && score > best_score {
                    best_score = score;
                    best = Some(Branch::Cell(c));
                }
            }
            let mut k = 0;
            while pairs && st.left != 0 && k < s.nh * n {
                let p = st.pos[k];
                if p.count_ones() != 2 {
                    k += 1;
                    continue;
                }
                let (h, d) = (k / n, (k % n) as u8);
                let places = [
                    usize::from(s.houses[h * n + p.trailing_zeros() as usize]),
                    usize::from(s.houses[h * n + 31 - p.leading_zeros() as usize]),
                ];
                // Per place: whether its try was made in this state (its gain known), or
                // another try placed the value there (a bound on its gain).
                let mut gain = [0u64; 2];
                let mut made = [false; 2];
                let mut known = [false; 2];
                for j in 0..2 {
                    let slot = places[j] * n + usize::from(d);
                    let (epoch, g) = self.tried[slot];
                    let (bound_epoch, bound) = self.implied_all[slot];
                    if epoch == self.epoch {
                        (gain[j], made[j], known[j]) = (g, true, true);
                    } else if bound_epoch == self.epoch {
                        (gain[j], known[j]) = (bound, true);
                    }
                }
                if known == [false; 2] {
                    k += 1;
                    continue;
                }
                let weight = 3 * u64::from(self.weights[h * n]);
                let mut failed = false;
                let mut passed = false;
                // The place not known first, then the other unless the bound rules it out.
                for j in [usize::from(known[0]), usize::from(!known[0])] {
                    if made[j] {
                        continue;
                    }
                    if known[j] && (gain[0] + 1) * (gain[1] + 1) * weight <= best_score {
                        passed = true;
                        break;
                    }
                    let c = places[j];
                    let g = match self.try_value(st, &mut trial, c, d) {
                        Try::Stopped => {
                            result = Some(None);
                            break 'cells;
                        }
                        Try::Dead => break 'cells,
                        Try::Failed => {
                            debug_assert!(!known[j], "a bound failed");
                            failed = true;
                            break;
                        }
                        Try::Gain(g) => g,
                    };
                    debug_assert!(!known[j] || g <= gain[j], "a bound failed");
                    gain[j] = g;
                    self.note_try(c, d, g);
                }
                if failed {
                    // The same pair again, in the new state.
                    continue;
                }
                let score = (gain[0] + 1) * (gain[1] + 1) * weight;
                if !passed && score > best_score {
                    best_score = score;
                    best = Some(Branch::Places(k));
                }
                k += 1;
            }
            if st.left == 0 {
                best = None;
            }
            // A value taken out after the best choice was tried may have settled it.
            result = Some(best.filter(|&b| match b {
                Branch::Cell(c) => st.val[c] == 0 && st.cand[c].count_ones() == 2,
                Branch::Places(k) => st.pos[k].count_ones() == 2,
            }));
        }
        self.pool.push(trial);
        result
    }

    /// One try of a probe: value `d + 1` placed in cell `c` of a copy of `st` (in `trial`),
    /// with only the singles that follow. A value that fails is taken out of `st`, whose
    /// propagation may then fail in turn.
    #[inline(always)]
    fn try_value(&mut self, st: &mut State, trial: &mut State, c: usize, d: u8) -> Try {
        self.probes += 1;
        if self.probes.is_multiple_of(POLL_EVERY) && self.options.stop.is_some_and(|stop| stop()) {
            // Stopped, not a contradiction.
            self.end = Some(SearchEnd::Interrupted);
            return Try::Stopped;
        }
        trial.clone_from(st);
        self.queue.clear();
        self.queue.push((c as u16, d));
        let before = self.removed;
        self.trail.clear();
        if self.singles(trial) {
            return Try::Gain(self.removed - before);
        }
        // `st` is at a fixpoint: nothing is queued or marked dirty.
        if !(self.remove(st, c, d) && self.propagate(st)) {
            return Try::Dead;
        }
        self.epoch += 1;
        Try::Failed
    }

    /// Notes a try of value `d + 1` in cell `c` that took out `gain` candidates without
    /// failing, and the placements on its trail, for the tries of places in houses
    /// ([`Run::tried`], [`Run::implied_all`]).
    #[inline(always)]
    fn note_try(&mut self, c: usize, d: u8, gain: u64) {
        let n = self.solver.n;
        self.tried[c * n + usize::from(d)] = (self.epoch, gain);
        for &(t, v) in &self.trail {
            let slot = &mut self.implied_all[usize::from(t) * n + usize::from(v)];
            if slot.0 != self.epoch || gain < slot.1 {
                *slot = (self.epoch, gain);
            }
        }
    }

    /// The tightest choice: a cell with the fewest candidates, among those the one whose
    /// values have the fewest places left (the sum over its values of the places in the
    /// house where each has fewest) for the weight of its houses (how often the search
    /// failed in them: constraint weighting, "dom/wdeg"), or a value with fewer places left
    /// in some house. Each try is a cell and the one value it gets.
    #[inline(always)]
    fn choose(&mut self, st: &State, order: &mut [(usize, u8); 32]) -> usize {
        let s = self.solver;
        let n = s.n;
        let mut best = usize::MAX;
        let best_count = st
            .cand
            .iter()
            .zip(&st.val)
            // A placed cell counts 256 more: no branch on it.
            .map(|(&m, &v)| m.count_ones() | u32::from(v != 0) << 8)
            .min()
            .unwrap_or(u32::MAX);
        // The score of a cell: the sum over its values of the places left to each in the
        // house where it has fewest, divided by the weight of the cell's houses (the
        // contradictions found in them). The lowest wins: `score / weight` below
        // `best_score / best_weight`.
        let mut best_score = u64::MAX;
        let mut best_weight = 1u64;
        // The free cells with fewest candidates, listed without a branch on each cell.
        let mut tied = std::mem::take(&mut self.tied);
        let mut len = 0;
        for (c, (&m, &v)) in st.cand.iter().zip(&st.val).enumerate() {
            tied[len] = c as u16;
            len += usize::from((v == 0) & (m.count_ones() == best_count));
        }
        for &c in &tied[..len] {
            let c = usize::from(c);
            let m = st.cand[c];
            let members = &s.member[s.member_start[c] as usize..s.member_start[c + 1] as usize];
            let weight: u64 = members
                .iter()
                .map(|&(base, _)| u64::from(self.weights[base as usize]))
                .sum();
            let bound = best_score.saturating_mul(weight);
            let mut score = 0u64;
            let mut values = m;
            // Stops once the score cannot beat the best so far.
            while values != 0 && score * best_weight < bound {
                let d = values.trailing_zeros() as usize;
                values &= values - 1;
                score += u64::from(
                    members
                        .iter()
                        .map(|&(base, _)| st.pos[base as usize + d].count_ones())
                        .min()
                        .unwrap_or(0),
                );
            }
            if score * best_weight < bound {
                best = c;
                best_score = score;
                best_weight = weight;
            }
        }
        self.tied = tied;
        if best_count > 2 {
            let mut place = None;
            let mut place_count = best_count;
            for (k, &p) in st.pos.iter().enumerate() {
                if p & (p.wrapping_sub(1)) == 0 {
                    continue;
                }
                let count = p.count_ones();
                if count < place_count {
                    place_count = count;
                    place = Some(k);
                    if count == 2 {
                        break;
                    }
                }
            }
            if let Some(k) = place {
                let (h, d) = (k / n, (k % n) as u8);
                let mut p = st.pos[k];
                let mut len = 0;
                while p != 0 {
                    let i = p.trailing_zeros() as usize;
                    p &= p - 1;
                    order[len] = (usize::from(s.houses[h * n + i]), d);
                    len += 1;
                }
                return len;
            }
        }
        let mut m = st.cand[best];
        let mut len = 0;
        while m != 0 {
            order[len] = (best, m.trailing_zeros() as u8);
            m &= m - 1;
            len += 1;
        }
        len
    }

    /// Propagates the givens in `st`, then searches; in a copy of its own for each build, as
    /// [`Self::dfs`].
    fn root(&mut self, st: &mut State, cpu: Option<Bmi2>) {
        #[cfg(target_arch = "x86_64")]
        if let Some(cpu) = cpu {
            // SAFETY: a `Bmi2` token exists only where `Bmi2::detect` found that the CPU
            // has `popcnt`, `bmi1` and `bmi2`.
            unsafe { self.root_fast(st, cpu) };
            return;
        }
        let _ = cpu;
        self.root_plain(st);
    }

    /// [`Self::root_in`] for any CPU.
    #[inline(never)]
    fn root_plain(&mut self, st: &mut State) {
        self.root_in(st, Portable);
    }

    /// [`Self::root_in`] compiled for CPUs with `popcnt`, `bmi1` and `bmi2`.
    ///
    /// # Safety
    ///
    /// The CPU must support `popcnt`, `bmi1` and `bmi2`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    #[inline(never)]
    unsafe fn root_fast(&mut self, st: &mut State, cpu: Bmi2) {
        self.root_in(st, cpu);
    }

    #[inline(always)]
    fn root_in<B: Build>(&mut self, st: &mut State, build: B) {
        if self.propagate(st) {
            let _ = self.dfs(st, build);
        }
    }

    /// Searches below `st`. The search runs in one of two builds, chosen once at the root:
    /// one for any CPU, and one compiled for `popcnt`, `bmi1` and `bmi2` (counting a mask's
    /// bits, as the branching choice does for every cell, is one instruction there instead
    /// of a dozen). Each is a function of its own with the whole propagation inlined in it.
    #[inline(always)]
    fn dfs<B: Build>(&mut self, st: &mut State, build: B) -> ControlFlow<()> {
        #[cfg(target_arch = "x86_64")]
        if let Some(cpu) = build.bmi2() {
            // SAFETY: a `Bmi2` token exists only where `Bmi2::detect` found that the CPU
            // has `popcnt`, `bmi1` and `bmi2`.
            return unsafe { self.dfs_fast(st, cpu) };
        }
        let _ = build;
        self.dfs_plain(st)
    }

    /// [`Self::dfs_in`] for any CPU.
    #[inline(never)]
    fn dfs_plain(&mut self, st: &mut State) -> ControlFlow<()> {
        self.dfs_in(st, Portable)
    }

    /// [`Self::dfs_in`] compiled for CPUs with `popcnt`, `bmi1` and `bmi2`.
    ///
    /// # Safety
    ///
    /// The CPU must support `popcnt`, `bmi1` and `bmi2`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    #[inline(never)]
    unsafe fn dfs_fast(&mut self, st: &mut State, cpu: Bmi2) -> ControlFlow<()> {
        self.dfs_in(st, cpu)
    }

    #[inline(always)]
    fn dfs_in<B: Build>(&mut self, st: &mut State, build: B) -> ControlFlow<()> {
        let mut order = [(0usize, 0u8); 32];
        let mut len = 0;
        // Probing places values outside the path a watch follows.
        if st.left != 0 && self.options.watch.is_none() && !self.options.plain {
            match self.probe(st) {
                None => return ControlFlow::Continue(()),
                Some(Some(Branch::Places(k))) => {
                    let n = self.solver.n;
                    let (h, d) = (k / n, (k % n) as u8);
                    let mut p = st.pos[k];
                    while p != 0 {
                        let i = p.trailing_zeros() as usize;
                        p &= p - 1;
                        order[len] = (usize::from(self.solver.houses[h * n + i]), d);
                        len += 1;
                    }
                }
                Some(Some(Branch::Cell(c))) => {
                    let mut m = st.cand[c];
                    while m != 0 {
                        order[len] = (c, m.trailing_zeros() as u8);
                        m &= m - 1;
                        len += 1;
                    }
                }
                Some(None) => {}
            }
            if self.end.is_some() {
                return ControlFlow::Break(());
            }
        }
        if st.left == 0 {
            if (self.on_solution)(&st.val).is_break() {
                self.end = Some(SearchEnd::Stopped);
                return ControlFlow::Break(());
            }
            return ControlFlow::Continue(());
        }
        if len == 0 {
            len = self.choose(st, &mut order);
        }
        if let Some(rng) = self.options.random.as_deref_mut() {
            rng.shuffle(&mut order[..len]);
        }
        let mut child = self.pool.pop().unwrap_or_default();
        for &(cell, d) in &order[..len] {
            self.guesses += 1;
            if self.guesses.is_multiple_of(POLL_EVERY)
                && self.options.stop.is_some_and(|stop| stop())
                || self.options.budget.is_some_and(|b| self.guesses > b)
            {
                self.end = Some(SearchEnd::Interrupted);
                self.pool.push(child);
                return ControlFlow::Break(());
            }
            child.clone_from(st);
            self.queue.clear();
            self.queue.push((cell as u16, d));
            let mark = self.placed.len();
            if self.options.watch.is_some() {
                self.guess = Some((cell as u16, d));
                self.depth += 1;
            }
            if self.propagate(&mut child) && self.dfs(&mut child, build).is_break() {
                self.pool.push(child);
                return ControlFlow::Break(());
            }
            if let Some(watch) = self.options.watch.as_deref_mut() {
                for &(c, v) in self.placed[mark..].iter().rev() {
                    watch.undo(self.depth, usize::from(c), v + 1);
                }
                self.placed.truncate(mark);
                self.guess = None;
                self.depth -= 1;
            }
        }
        self.pool.push(child);
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Variants;
    use crate::variant::generate::{random_grid, stream};

    /// Whether `s` fills the grid and holds each value once in each house of `g`.
    fn follows_rules(g: &Geometry, s: &[u8]) -> bool {
        s.iter().all(|&v| (1..=g.size() as u8).contains(&v))
            && g.houses().iter().all(|h| {
                let seen = h.cells.iter().fold(0u32, |m, &c| m | 1 << s[c]);
                seen.count_ones() as usize == g.size()
            })
    }

    /// Puzzles of size `n` drawn from a random grid of `solver`'s geometry: four with many
    /// clues taken out (several solutions), four with a few (one, mostly), four with a wrong
    /// clue put in too (none, mostly).
    fn puzzles(solver: &Solver, n: usize, seed: u64) -> Vec<Vec<u8>> {
        let never = || false;
        let mut rng = stream(seed, 0);
        let grid = random_grid(solver, &mut rng, &never).unwrap();
        let mut list = Vec::new();
        for (k, blanks) in [n * n * 3 / 5, n * n / 3, n * n / 2]
            .into_iter()
            .enumerate()
        {
            for _ in 0..4 {
                let mut puzzle = grid.clone();
                for _ in 0..blanks {
                    puzzle[rng.below((n * n) as u32) as usize] = 0;
                }
                if k == 2 {
                    // A wrong value in a blank cell that no given peer holds.
                    let c = (0..n * n).find(|&c| puzzle[c] == 0).unwrap();
                    puzzle[c] = grid[c] % n as u8 + 1;
                }
                list.push(puzzle);
            }
        }
        list
    }

    /// Up to `most` solutions of `puzzle`, in the order found, and the report.
    /// A 9×9 jigsaw with random regions drawn from `seed`.
    fn jigsaw(seed: u64) -> Geometry {
        Geometry::new(9)
            .unwrap()
            .with_regions(&crate::variant::generate::random_regions(
                9,
                &mut stream(seed, 0),
            ))
            .unwrap()
    }

    /// Up to `most` solutions of `puzzle` by two searches of `g` that must agree: the same
    /// number and the same end, and, when not cut off at `most`, the same solutions in any
    /// order; each follows the rules and the givens. The number, and whether the two made a
    /// different number of guesses.
    fn same_solutions(
        g: &Geometry,
        one: &Solver,
        other: &Solver,
        puzzle: &[u8],
        most: usize,
    ) -> (usize, bool) {
        let (mut a, ra) = solutions(one, puzzle, most);
        let (mut b, rb) = solutions(other, puzzle, most);
        assert!(a.iter().all(|s| follows_rules(g, s)));
        assert!(a.iter().all(|s| {
            s.iter()
                .zip(puzzle)
                .all(|(&v, &given)| given == 0 || v == given)
        }));
        assert_eq!((a.len(), ra.end), (b.len(), rb.end));
        if a.len() < most {
            a.sort();
            b.sort();
            assert_eq!(a, b);
        }
        (a.len(), ra.guesses != rb.guesses)
    }

    fn solutions(solver: &Solver, puzzle: &[u8], most: usize) -> (Vec<Vec<u8>>, Report) {
        let mut found = Vec::new();
        let report = solver.search(puzzle, Options::default(), |s| {
            found.push(s.to_vec());
            if found.len() == most {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        (found, report)
    }

    /// On plain grids and jigsaws each house lies at one place of its cells' three houses
    /// ([`Solver::slotted`]); a placement that leaves its own houses' places to set at the
    /// end searches as one that takes them out peer by peer, guess for guess, on puzzles
    /// with several solutions, one and none.
    #[test]
    fn slotted_placements_search_as_peer_by_peer() {
        let jigsaw = jigsaw(5);
        for (g, seed) in [
            (Geometry::new(9).unwrap(), 1),
            (Geometry::new(16).unwrap(), 2),
            (Geometry::new(25).unwrap(), 3),
            (jigsaw, 4),
        ] {
            let fast = Solver::new(&g);
            assert!(fast.slotted);
            let plain = Solver {
                slotted: false,
                ..fast.clone()
            };
            let mut found = 0;
            for puzzle in puzzles(&fast, g.size(), seed) {
                let a = solutions(&fast, &puzzle, 20);
                assert_eq!(a, solutions(&plain, &puzzle, 20));
                found += a.0.len();
            }
            // Some puzzles with several solutions among them.
            assert!(found > 4, "{found}");
        }
    }

    /// A probe that passes over tries whose bound shows they cannot fail nor score best
    /// ([`Run::implied`]) finds the same solutions as one that makes every try (the search
    /// may branch otherwise, so in another order), on puzzles with several solutions, one
    /// and none; every solution follows the rules.
    #[test]
    fn probe_bounds_find_the_same_solutions() {
        let x = Geometry::new(16)
            .unwrap()
            .with_variants(Variants::parse("x").unwrap())
            .unwrap();
        for (g, seed) in [
            (Geometry::new(16).unwrap(), 6),
            (Geometry::new(25).unwrap(), 7),
            (x, 8),
        ] {
            let fast = Solver::new(&g);
            let plain = Solver {
                bounds: false,
                ..fast.clone()
            };
            let mut counts = Vec::new();
            for puzzle in puzzles(&fast, g.size(), seed) {
                counts.push(same_solutions(&g, &fast, &plain, &puzzle, 200).0);
            }
            // Many solutions, some, and none.
            assert!(counts.iter().any(|&k| k > 1), "{counts:?}");
            assert!(counts.contains(&0), "{counts:?}");
        }
    }

    /// A probe that also tries the places of values left with two places in a house, and
    /// may branch on them ([`Solver::house_tries_after`]), from the first guess on, finds the
    /// same solutions as one that never does (in another order: the tree changes), on
    /// puzzles with several solutions, one and none; the search with them does branch on
    /// such places on some of these puzzles (fewer guesses or more).
    #[test]
    fn house_pair_tries_find_the_same_solutions() {
        let x = Geometry::new(16)
            .unwrap()
            .with_variants(Variants::parse("x").unwrap())
            .unwrap();
        let jigsaw = jigsaw(9);
        for (g, seed) in [
            (Geometry::new(16).unwrap(), 10),
            (Geometry::new(25).unwrap(), 11),
            (Geometry::new(25).unwrap(), 12),
            (x, 13),
            (jigsaw, 14),
        ] {
            let never = Solver::new(&g);
            let always = Solver {
                house_tries_after: 0,
                ..never.clone()
            };
            let never = Solver {
                house_tries_after: u64::MAX,
                ..never
            };
            // Harder puzzles than [`puzzles`] draws, which the probes settle with few
            // guesses: more blanks (one solution or several), and a wrong clue (none).
            let n = g.size();
            let mut rng = stream(seed, 1);
            let grid = random_grid(&never, &mut rng, &|| false).unwrap();
            let mut list = Vec::new();
            for blanks in [n * n * 2 / 5, n * n * 3 / 5, n * n * 4 / 5, n * n] {
                for wrong in [false, true] {
                    let mut puzzle = grid.clone();
                    for _ in 0..blanks {
                        puzzle[rng.below((n * n) as u32) as usize] = 0;
                    }
                    if wrong {
                        let c = (0..n * n).find(|&c| puzzle[c] == 0).unwrap();
                        puzzle[c] = grid[c] % n as u8 + 1;
                    }
                    list.push(puzzle);
                }
            }
            let mut counts = Vec::new();
            let mut differ = false;
            for puzzle in list {
                let (count, guesses_differ) = same_solutions(&g, &always, &never, &puzzle, 200);
                differ |= guesses_differ;
                counts.push(count);
            }
            // A 9×9 jigsaw's puzzles are settled before 200 guesses either way.
            assert!(
                differ || n == 9,
                "size {n}: the pairs never changed the search"
            );
            assert!(counts.iter().any(|&k| k > 1), "{counts:?}");
            assert!(counts.contains(&0), "{counts:?}");
        }
    }

    /// The search with the three-house tables ([`Solver::three`]) and without them (the
    /// general loop over [`Solver::member`]) counts and finds the same, guess for guess, on
    /// puzzles drawn from random grids with many clues taken out (several solutions), a few
    /// (one, mostly), and with a wrong clue put in (none, mostly); each solution follows the
    /// rules. A geometry whose cells lie in other numbers of houses has no such tables.
    #[test]
    fn three_house_tables_search_as_the_general_loop() {
        let x = Geometry::new(16)
            .unwrap()
            .with_variants(Variants::parse("x").unwrap());
        assert!(Solver::new(&x.unwrap()).three.is_empty());
        for (n, seed) in [(9, 1), (16, 2), (16, 3), (25, 4)] {
            let g = Geometry::new(n).unwrap();
            let fast = Solver::new(&g);
            assert_eq!(fast.three.len(), n * n);
            let plain = Solver {
                three: Vec::new(),
                ..fast.clone()
            };
            let mut counts = [0u64; 3];
            // Four puzzles of each kind, in the order of [`puzzles`].
            for (i, puzzle) in puzzles(&fast, n, seed).iter().enumerate() {
                let a = solutions(&fast, puzzle, 20);
                assert!(a.0.iter().all(|s| follows_rules(&g, s)));
                assert_eq!(a, solutions(&plain, puzzle, 20), "size {n}, puzzle {i}");
                counts[i / 4] += a.0.len() as u64;
            }
            // Many solutions, some, and fewer with a wrong clue.
            assert!(counts[0] > counts[2], "{counts:?}");
        }
    }
}
