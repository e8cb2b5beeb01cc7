//! SE's chaining engine: forcing chains and cycles, Nishio, multiple (cell and region) and
//! dynamic forcing chains, written after SE 1.2.1's rules.
//!
//! A *potential* is a candidate assumed on (true) or off (false). From a start potential SE
//! follows implications breadth first:
//! - on → off: the other candidates of the cell (when Y-links are on) and the same digit in
//!   the cell's box, row and column (in that order);
//! - off → on: the last candidate of a bivalue cell (Y) and the last place of the digit in a
//!   box, row or column with two places (X).
//!
//! Static chains see the position as it is; dynamic chains remove each "off" candidate from
//! a working copy as they go, so more cells and houses become bivalue; a consequence then also
//! depends on the removals that made it (its "hidden parents").
//!
//! A hint's rating is its kind's base plus SE's length bonus, computed from the chain's
//! complexity: the number of distinct potentials among its ancestors. Each producer sorts
//! its hints by rating, then complexity, then kind, and SE takes the first.
//!
//! Potentials live in an arena (`Arena`): a node is a candidate key (`cand * 2 + on`,
//! `cand = cell * 9 + digit - 1`) and a slice of parent indexes.
//!
//! The parts, for a reader new to them:
//! - [`potentials`]: the arena and the sets of potentials a search fills;
//! - [`table`]: the implications of one potential (on → offs, off → ons);
//! - [`reach`]: which potentials can reach which, to skip searches that cannot succeed;
//! - this file: [`Chainer`], which follows implications from a set of potentials
//!   ([`Chainer::chain`]), and [`chains`], the producers in SE's order;
//! - [`unary`]: forcing chains and cycles from one potential (static);
//! - [`multiple`]: Nishio, cell and region forcing chains, static and dynamic;
//! - [`advanced`]: the simple rules that continue a "Dynamic Forcing Chains (+)" chain.

mod advanced;
mod multiple;
mod nested;
mod nishio;
mod potentials;
mod reach;
mod table;
mod unary;

use super::Hint;
use super::grid::Grid;
use crate::geometry::bits::Mask;
use crate::geometry::digits;
use nested::Found;
pub(crate) use nishio::NishioMemo;
use potentials::{Arena, NONE, Outcome, PSet, cand, cell_of, digit_of};
use table::{CELL_RULE, Table, off_to_on, on_to_off};
pub(crate) use unary::{XMemo, YMemo};

/// A first-in first-out queue of nodes that is only filled, emptied, then cleared (a
/// search's pending nodes): a vector and the index of its first pending entry.
#[derive(Default)]
struct Queue {
    items: Vec<u32>,
    head: usize,
}

impl Queue {
    fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }
    #[inline]
    fn is_empty(&self) -> bool {
        self.head == self.items.len()
    }
    #[inline]
    fn push_back(&mut self, node: u32) {
        self.items.push(node);
    }
    #[inline]
    fn pop_front(&mut self) -> Option<u32> {
        let node = self.items.get(self.head).copied();
        self.head += usize::from(node.is_some());
        node
    }
}

/// Each cell's peers in the order SE's getOnToOff visits them ([`SE_PEER_ORDER`](
/// super::grid::SE_PEER_ORDER)), as three sets (bit = cell), each visited in increasing
/// order: the box but the cell, the row outside the box, the column outside the box.
static PEER_PARTS: [[u128; 3]; 81] = {
    use crate::geometry::classic::{CELL_HOUSES, HOUSE_SETS};
    let mut t = [[0u128; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let [row, col, bx] = CELL_HOUSES[cell];
        let the_box = HOUSE_SETS[bx as usize].0;
        t[cell] = [
            the_box & !(1 << cell),
            HOUSE_SETS[row as usize].0 & !the_box,
            HOUSE_SETS[col as usize].0 & !the_box,
        ];
        cell += 1;
    }
    t
};

/// Each cell as a set (`1 << cell`: a shift of a `u128` by a variable is a branchy sequence
/// on x86-64, a load is one instruction).
static CELL_BIT: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        t[cell] = 1 << cell;
        cell += 1;
    }
    t
};

/// Each cell's regions in SE's order (box, row, column): the region's cells as a set, and
/// SE's number of the region.
static REGION_SETS: [[(u128, u8); 3]; 81] = {
    use super::grid::{SE_CELL_REGIONS, SE_REGION_ORDER};
    use crate::geometry::classic::HOUSE_SETS;
    let mut t = [[(0u128, 0u8); 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut i = 0;
        while i < 3 {
            let r = SE_CELL_REGIONS[cell][i].0;
            t[cell][i] = (HOUSE_SETS[SE_REGION_ORDER[r as usize]].0, r);
            i += 1;
        }
        cell += 1;
    }
    t
};

/// The multiple chains clear their arena (and the chains kept in it) past this many parent
/// links.
const ARENA_LIMIT: usize = 1 << 22;

/// Keeps in `pick` the easier of it and `found`, a digit's easiest hint `(rating,
/// complexity, cell it starts from, hint)`: by rating, then complexity, then the lower cell
/// (SE's order of search goes cell by cell, so a tie between digits goes to the lower cell,
/// and between digits of one cell to the one searched first).
fn keep_easier<T>(pick: &mut Option<(f64, u32, usize, T)>, found: (f64, u32, usize, T)) {
    let (diff, cx, cell, _) = found;
    let better = pick.as_ref().is_none_or(|&(pd, pc, pcell, _)| {
        diff < pd || (diff == pd && (cx < pc || (cx == pc && cell < pcell)))
    });
    if better {
        *pick = Some(found);
    }
}

/// The length bonus SE adds to a chain's base rating.
fn length_bonus(complexity: u32) -> f64 {
    let mut added = 0.0;
    let mut ceil = 4i64;
    let length = complexity as i64 - 2;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// Whether a chain of complexity `k` on the base rating `base` is past `cap`, the hardest
/// (rating, complexity) that can still be chosen.
fn past_cap(base: f64, k: u32, cap: (f64, u32)) -> bool {
    let diff = base + length_bonus(k);
    diff > cap.0 || (diff == cap.0 && k > cap.1)
}

/// The easiest hint of a producer so far: SE sorts by rating, complexity, kind; ties keep
/// the order found (its sort is stable).
#[derive(Default)]
struct Best {
    best: Option<(f64, u32, u8, Hint)>,
    /// A nested rule's hints (see [`nested`]): all of them, each set of eliminations once.
    all: Vec<Found>,
    collected: nested::Collected,
}

impl Best {
    /// Whether a hint so rated would be taken.
    fn takes(&self, diff: f64, complexity: u32, key: u8) -> bool {
        match &self.best {
            None => true,
            Some((d, c, k, _)) => {
                diff < *d || (diff == *d && (complexity < *c || (complexity == *c && key < *k)))
            }
        }
    }

    fn offer(&mut self, diff: f64, complexity: u32, key: u8, make: impl FnOnce() -> Hint) {
        if self.takes(diff, complexity, key) {
            let mut h = make();
            h.diff = diff;
            self.best = Some((diff, complexity, key, h));
        }
    }
}

/// A chaining producer's settings (SE's `Chaining(multiple, dynamic, nishio, level)`).
#[derive(Clone, Copy)]
struct Mode {
    multiple: bool,
    dynamic: bool,
    nishio: bool,
    /// SE's nesting level: 1 is "Dynamic Forcing Chains (+)", whose chains also apply
    /// intersections, hidden and naked pairs and X-wings when they run dry; 2 to 5 add
    /// chaining rules to those (see [`nested`]).
    level: u8,
}

impl Mode {
    fn base(self) -> f64 {
        if self.level >= 2 {
            9.5 + 0.5 * f64::from(self.level - 2)
        } else if self.level > 0 {
            8.5 + 0.5 * f64::from(self.level)
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }
    fn contradiction_name(self) -> &'static str {
        if self.nishio {
            "Nishio Forcing Chains"
        } else {
            self.dynamic_name(3)
        }
    }

    /// SE's name of a dynamic chain's hint: `kind` 0 cell, 1 region, 2 double, 3
    /// contradiction, with the level's suffix.
    fn dynamic_name(self, kind: usize) -> &'static str {
        macro_rules! names {
            ($k:literal) => {
                [
                    concat!("Dynamic ", $k, " Forcing Chains"),
                    concat!("Dynamic ", $k, " Forcing Chains (+)"),
                    concat!("Dynamic ", $k, " Forcing Chains (+ Forcing Chains)"),
                    concat!(
                        "Dynamic ",
                        $k,
                        " Forcing Chains (+ Multiple Forcing Chains)"
                    ),
                    concat!("Dynamic ", $k, " Forcing Chains (+ Dynamic Forcing Chains)"),
                    concat!(
                        "Dynamic ",
                        $k,
                        " Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"
                    ),
                ]
            };
        }
        static NAMES: [[&str; 6]; 4] = [
            names!("Cell"),
            names!("Region"),
            names!("Double"),
            names!("Contradiction"),
        ];
        NAMES[kind][self.level.min(5) as usize]
    }
}

/// One chaining producer at work on a grid: its working copy, its arena of potentials and
/// the buffers its searches reuse.
struct Chainer<'a> {
    save: &'a Grid,
    /// A nested rule's chainer: the grid the chain using it started from (its `save` is
    /// that chain's working grid). It then collects all its hints.
    outer: Option<&'a Grid>,
    /// The grid of the step being rated (the outermost chain's start).
    top: &'a Grid,
    g: Grid,
    ar: Arena,
    mode: Mode,
    /// Whether to give up (a timeout): the nested rules ask it too, so a rating stops
    /// within one of their passes.
    stop: &'a dyn Fn() -> bool,
    buf_off: Vec<u16>,
    buf_on: Vec<(u16, u8)>,
    /// [`Chainer::chain`]'s queues of "on" and "off" nodes.
    pending: (Queue, Queue),
    /// [`Chainer::chain`]'s "on" nodes made from one "off" node, and a node's parents.
    buf_made: (Vec<(u16, u32)>, Vec<u32>),
    /// Static chains: every candidate's implications, computed once (the grid does not
    /// change while they run).
    table: Option<Box<Table>>,
    /// Empty sets for the multiple chains (kept to be reused).
    spare: Vec<PSet>,
    /// The multiple chains: the consequences of each candidate assumed on (its "on" and
    /// "off" sets and its contradiction), kept from the region chains that compute them
    /// until the candidate's own cell uses them. Their nodes live in the arena, which is
    /// cleared only with this cache.
    on_cache: Vec<Option<Outcome>>,
    /// The cells holding each digit as a candidate in the grid (`[digit - 1]`, bit = cell),
    /// for the static chains.
    places: [u128; 9],
    /// [`Chainer::places`] of `save` (the dynamic chains remove candidates from `places`
    /// as from `g`, and put both back when done).
    save_places: [u128; 9],
    /// The frontiers of the forcing-chain searches (reused).
    fronts: [Vec<u16>; 2],
    /// The frontiers of the cycle searches: "on" nodes, "off" candidates with their parent.
    cycle_fronts: (Vec<u32>, Vec<(u16, u32)>),
}

/// The memory of a finished chainer, kept for the next one (the nested rules make a
/// chainer each time a chain runs dry: allocating and clearing these showed in profiles).
#[derive(Default)]
struct Parts {
    ar: Arena,
    table: Option<Box<Table>>,
    spare: Vec<PSet>,
    on_cache: Vec<Option<Outcome>>,
    /// The searches' buffers (their contents are stale): growing them anew for each
    /// chainer showed in profiles too.
    bufs: Bufs,
}

/// [`Chainer`]'s reused buffers, as [`Parts`] keeps them.
#[derive(Default)]
struct Bufs {
    buf_off: Vec<u16>,
    buf_on: Vec<(u16, u8)>,
    pending: (Queue, Queue),
    buf_made: (Vec<(u16, u32)>, Vec<u32>),
    fronts: [Vec<u16>; 2],
    cycle_fronts: (Vec<u32>, Vec<(u16, u32)>),
}

thread_local! {
    static PARTS: std::cell::RefCell<Vec<Parts>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Drop for Chainer<'_> {
    fn drop(&mut self) {
        let mut parts = Parts {
            ar: std::mem::take(&mut self.ar),
            table: self.table.take(),
            spare: std::mem::take(&mut self.spare),
            on_cache: std::mem::take(&mut self.on_cache),
            bufs: Bufs {
                buf_off: std::mem::take(&mut self.buf_off),
                buf_on: std::mem::take(&mut self.buf_on),
                pending: std::mem::take(&mut self.pending),
                buf_made: std::mem::take(&mut self.buf_made),
                fronts: std::mem::take(&mut self.fronts),
                cycle_fronts: std::mem::take(&mut self.cycle_fronts),
            },
        };
        parts.ar.clear();
        for (mut a, mut b, _) in parts.on_cache.drain(..).flatten() {
            a.reset();
            b.reset();
            parts.spare.push(a);
            parts.spare.push(b);
        }
        let _ = PARTS.try_with(|p| {
            if let Ok(mut p) = p.try_borrow_mut()
                && p.len() < 8
            {
                p.push(parts);
            }
        });
    }
}

impl<'a> Chainer<'a> {
    fn new(g: &'a Grid, mode: Mode, stop: &'a dyn Fn() -> bool) -> Chainer<'a> {
        let mut parts = PARTS
            .try_with(|p| p.try_borrow_mut().ok().and_then(|mut p| p.pop()))
            .ok()
            .flatten()
            .unwrap_or_default();
        let table = if mode.dynamic {
            None
        } else {
            Some(match parts.table.take() {
                Some(mut t) => {
                    t.refill(g);
                    t
                }
                None => Box::new(Table::new(g)),
            })
        };
        let places = {
            let mut places = [0u128; 9];
            for (cell, &m) in g.c.iter().enumerate() {
                for (i, p) in places.iter_mut().enumerate() {
                    if m & 1 << i != 0 {
                        *p |= 1 << cell;
                    }
                }
            }
            places
        };
        Chainer {
            save: g,
            outer: None,
            top: g,
            g: g.clone(),
            ar: parts.ar,
            mode,
            stop,
            buf_off: parts.bufs.buf_off,
            buf_on: parts.bufs.buf_on,
            pending: parts.bufs.pending,
            buf_made: parts.bufs.buf_made,
            table,
            spare: parts.spare,
            on_cache: parts.on_cache,
            places,
            save_places: places,
            fronts: parts.bufs.fronts,
            cycle_fronts: parts.bufs.cycle_fronts,
        }
    }

    /// An empty set (a kept one when there is one).
    fn pset(&mut self) -> PSet {
        self.spare.pop().unwrap_or_else(PSet::new)
    }

    /// Keeps sets to be reused.
    fn give(&mut self, sets: impl IntoIterator<Item = PSet>) {
        for mut p in sets {
            p.reset();
            self.spare.push(p);
        }
    }

    /// The "offs" implied by an "on", from the table in static mode.
    fn implied_offs(&self, c: u16, y: bool, out: &mut Vec<u16>) {
        match &self.table {
            Some(t) => {
                out.clear();
                out.extend_from_slice(t.offs(c, y));
            }
            None => self.dynamic_offs(c, y, out),
        }
    }

    /// [`on_to_off`] on the working grid, the digit's places among the peers taken from
    /// [`Chainer::places`] in SE's order (see [`PEER_PARTS`]) instead of tested one by one.
    fn dynamic_offs(&self, c: u16, y: bool, out: &mut Vec<u16>) {
        out.clear();
        let (cell, d) = (cell_of(c), digit_of(c));
        if y {
            let mut others = self.g.c[cell] & !digits::bit(d);
            while others != 0 {
                out.push(cand(cell, digits::first(others)));
                others &= others - 1;
            }
        }
        let places = self.places[d as usize - 1];
        for part in PEER_PARTS[cell] {
            let mut p = places & part;
            while p != 0 {
                out.push(cand(p.trailing_zeros() as usize, d));
                p &= p - 1;
            }
        }
        debug_assert!({
            let mut listed = Vec::new();
            on_to_off(&self.g, c, y, |o| listed.push(o));
            listed == *out
        });
    }

    /// The "ons" implied by an "off", from the table in static mode.
    fn implied_ons(&self, c: u16, y: bool, x: bool, out: &mut Vec<(u16, u8)>) {
        match &self.table {
            Some(t) => {
                out.clear();
                out.extend_from_slice(t.ons(c, y, x));
            }
            None => self.dynamic_ons(c, y, x, out),
        }
    }

    /// [`off_to_on`] on the working grid, with the places of the digit in each region
    /// taken from [`Chainer::places`] (kept up to date while a dynamic chain removes
    /// candidates) instead of counted: the regions' cells are in increasing order, so the
    /// other of two places is the lowest cell but this one.
    fn dynamic_ons(&self, c: u16, y: bool, x: bool, out: &mut Vec<(u16, u8)>) {
        out.clear();
        let (cell, d) = (cell_of(c), digit_of(c));
        // The candidate is still in the working grid (it goes once its "off" is expanded):
        // the cell, or a region, is bivalue when it holds exactly one other.
        let others = self.g.c[cell] & !digits::bit(d);
        if y && others.exactly_one() {
            out.push((cand(cell, digits::first(others)), CELL_RULE));
        }
        if x {
            let places = self.places[d as usize - 1] & !CELL_BIT[cell];
            for &(set, r) in &REGION_SETS[cell] {
                let p = places & set;
                if p.exactly_one() {
                    let k = cand(p.trailing_zeros() as usize, d);
                    if !out.iter().any(|&(o, _)| o == k) {
                        out.push((k, r));
                    }
                }
            }
        }
        debug_assert!({
            let mut counted = Vec::new();
            off_to_on(&self.g, c, y, x, &mut counted);
            counted == *out
        });
    }

    /// The parents of an "on" made by `cause`: the "off" that caused it, and in dynamic mode
    /// the earlier removals that made the cell or region bivalue.
    fn on_parents(&self, c: u16, cause: u8, p: u32, to_off: &PSet, out: &mut Vec<u32>) {
        out.clear();
        out.push(p);
        if !self.mode.dynamic {
            return;
        }
        let (cell, d) = (cell_of(c), digit_of(c));
        if cause == CELL_RULE {
            let mut gone = self.save.c[cell] & !self.g.c[cell];
            while gone != 0 {
                if let Some(q) = to_off.get(cand(cell, digits::first(gone))) {
                    out.push(q);
                }
                gone &= gone - 1;
            }
        } else {
            // The region's cells in its order (increasing) where the digit went.
            let i = d as usize - 1;
            let mut gone =
                self.save_places[i] & !self.places[i] & super::grid::region_set(cause as usize).0;
            while gone != 0 {
                if let Some(q) = to_off.get(cand(gone.trailing_zeros() as usize, d)) {
                    out.push(q);
                }
                gone &= gone - 1;
            }
        }
    }

    /// SE's doChaining: all consequences of the sets' potentials; `Some((on, off))` when a
    /// candidate comes out both on and off.
    fn chain(&mut self, to_on: &mut PSet, to_off: &mut PSet) -> Option<(u32, u32)> {
        let y = !self.mode.nishio;
        // The queues and lists are the chainer's, reused from call to call: this runs once
        // per premise, and allocating them each time showed in profiles of hard ratings.
        let (mut pend_on, mut pend_off) = std::mem::take(&mut self.pending);
        pend_on.clear();
        pend_on
            .items
            .extend(to_on.order.iter().map(|&c| to_on.node(c)));
        pend_off.clear();
        pend_off
            .items
            .extend(to_off.order.iter().map(|&c| to_off.node(c)));
        let mut offs = std::mem::take(&mut self.buf_off);
        let mut ons = std::mem::take(&mut self.buf_on);
        let (mut made, mut pars) = std::mem::take(&mut self.buf_made);
        let mut result = None;
        'outer: while !pend_on.is_empty() || !pend_off.is_empty() {
            if let Some(p) = pend_on.pop_front() {
                let c = self.ar.key(p) / 2;
                self.implied_offs(c, y, &mut offs);
                for &o in &offs {
                    if let Some(q) = to_on.get(o) {
                        let off = self.ar.add(o * 2, &[p]);
                        result = Some((q, off));
                        break 'outer;
                    } else if !to_off.has(o) {
                        let off = self.ar.add(o * 2, &[p]);
                        to_off.insert(o, off);
                        pend_off.push_back(off);
                    }
                }
            } else if let Some(p) = pend_off.pop_front() {
                let c = self.ar.key(p) / 2;
                self.implied_ons(c, y, true, &mut ons);
                made.clear();
                for &(o, cause) in &ons {
                    if to_on.has(o) {
                        continue;
                    }
                    self.on_parents(o, cause, p, to_off, &mut pars);
                    let node = self.ar.add_with(o * 2 + 1, &pars, cause, NONE);
                    made.push((o, node));
                }
                if self.mode.dynamic {
                    self.g.c[cell_of(c)] &= !digits::bit(digit_of(c));
                    self.places[digit_of(c) as usize - 1] &= !CELL_BIT[cell_of(c)];
                }
                for &(o, node) in &made {
                    if let Some(q) = to_off.get(o) {
                        result = Some((node, q));
                        break 'outer;
                    } else if !to_on.has(o) {
                        to_on.insert(o, node);
                        pend_on.push_back(node);
                    }
                }
            }
            if pend_on.is_empty() && pend_off.is_empty() && self.mode.level > 0 {
                for (o, parents, nest) in self.advanced(to_off) {
                    if !to_off.has(o) {
                        let nest = match nest {
                            Some(n) => {
                                self.ar.nests.push(n);
                                (self.ar.nests.len() - 1) as u32
                            }
                            None => NONE,
                        };
                        let node = self
                            .ar
                            .add_with(o * 2, &parents, potentials::NO_CAUSE, nest);
                        to_off.insert(o, node);
                        pend_off.push_back(node);
                    }
                }
            }
        }
        if self.mode.dynamic {
            self.g.c = self.save.c;
            self.places = self.save_places;
        }
        self.buf_off = offs;
        self.buf_on = ons;
        self.pending = (pend_on, pend_off);
        self.buf_made = (made, pars);
        result
    }

    /// Hint "target is off": remove it.
    fn off_hint(name: &'static str, target: u16) -> Hint {
        Hint::elim(
            0.0,
            name,
            vec![(cell_of(target) as u8, digits::bit(digit_of(target)))],
        )
    }

    /// Hint "target is on": place it (worth only when the cell has other candidates).
    fn on_hint(g: &Grid, name: &'static str, target: u16) -> Option<Hint> {
        let cell = cell_of(target);
        let rest = g.c[cell] & !digits::bit(digit_of(target));
        (rest != 0).then(|| Hint {
            diff: 0.0,
            name,
            place: Some((cell as u8, digit_of(target))),
            elim: vec![(cell as u8, rest)],
        })
    }
}

/// The chaining producers in SE's order; each gives its easiest hint, the first productive
/// one wins.
pub(crate) fn chains(g: &Grid, stop: &dyn Fn() -> bool, memo: &mut super::Memo) -> Option<Hint> {
    // Forcing chains and cycles: X, then Y, then X and Y links.
    let static_mode = Mode {
        multiple: false,
        dynamic: false,
        nishio: false,
        level: 0,
    };
    // The nested rules' memo is the grid's.
    nested::forget();
    let mut ch = Chainer::new(g, static_mode, stop);
    let mut best = Best::default();
    // The X pass first (the best is empty then), digit by digit with the memo.
    if !ch.x_loops(&mut best, memo, stop) {
        return None;
    }
    if !ch.y_loops(&mut best, &mut memo.y, stop) || !ch.loops(true, true, &mut best, stop) {
        return None;
    }
    if let Some(b) = best.best {
        return Some(b.3);
    }
    if let Some(h) = super::aligned(g, 3, &mut memo.triple) {
        return Some(h);
    }
    for mode in [
        Mode {
            multiple: false,
            dynamic: true,
            nishio: true,
            level: 0,
        },
        Mode {
            multiple: true,
            dynamic: false,
            nishio: false,
            level: 0,
        },
        Mode {
            multiple: true,
            dynamic: true,
            nishio: false,
            level: 0,
        },
        Mode {
            multiple: true,
            dynamic: true,
            nishio: false,
            level: 1,
        },
    ]
    .into_iter()
    .chain((2..=5).map(|level| Mode {
        multiple: true,
        dynamic: true,
        nishio: false,
        level,
    })) {
        let mut ch = Chainer::new(g, mode, stop);
        let hint = if mode.nishio {
            ch.nishio(&mut memo.nishio)
        } else {
            ch.multiple_chains()
        };
        // A search cut short may have missed SE's hint: none then.
        if stop() {
            return None;
        }
        if hint.is_some() {
            return hint;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::grid::SE_PEER_ORDER;

    /// Every position of SE's path through a few puzzles that need chains (a Y-cycle, a
    /// forcing chain, a bidirectional cycle, Nishio).
    fn chain_positions() -> Vec<Grid> {
        let mut all = Vec::new();
        for line in [
            "2.87..5.....5...4..5..8...73...98.1.6.......4.4.26...34...7..6..1...2.....2..38.1",
            ".......14.8...1.........6....1..3..6.....9.43.2...57..51..8..6.8..9..2.17.95.....",
            "634.9..7.7..13.........8..3..5....91.6.....8.21....5..3..5.........29..4.2..6.735",
            "7.......2..9..2.38....7...........6..1..3..9.2...54...846.9..1..3.5.........6....",
        ] {
            let cells: [u8; 81] =
                std::array::from_fn(|i| line.as_bytes()[i].saturating_sub(b'0') % 10);
            let mut g = Grid::new(&cells);
            let mut pos = g.all_pos();
            while !g.solved() {
                all.push(g.clone());
                let hint = crate::rating::next_hint(&g, &pos, &|| false).expect("a hint");
                hint.apply(&mut g, &mut pos);
            }
        }
        all
    }

    /// The caps a test tries: (rating, complexity) for complexities 2 to 13 at the base
    /// 7.0, and one below each.
    fn caps() -> Vec<(f64, u32)> {
        (2..14)
            .flat_map(|k| [(7.0 + length_bonus(k), k), (7.0 + length_bonus(k), k - 1)])
            .collect()
    }

    /// Calls `f` with a static chainer and each candidate (cell, digit) of an open cell, on
    /// every third of [`chain_positions`]: the walk of the capped-search tests.
    fn each_static_candidate(mut f: impl FnMut(&mut Chainer<'_>, &Grid, u16)) {
        let mode = Mode {
            multiple: false,
            dynamic: false,
            nishio: false,
            level: 0,
        };
        for (i, g) in chain_positions().iter().enumerate() {
            if i % 3 != 0 {
                continue;
            }
            let mut ch = Chainer::new(g, mode, &|| false);
            for cell in 0..81 {
                if g.c[cell].count_ones() < 2 {
                    continue;
                }
                for d in digits::iter(g.c[cell]) {
                    f(&mut ch, g, cand(cell, d));
                }
            }
        }
    }

    /// A capped forcing-chain search finds the uncapped one's chain when it is within the
    /// cap, and nothing otherwise.
    #[test]
    fn capped_forcing_chains_are_the_uncapped_ones_within_the_cap() {
        let (mut compared, mut cut) = (0, 0);
        each_static_candidate(|ch, _, c| {
            for key in [c * 2, c * 2 + 1] {
                for y in [false, true] {
                    let free = ch.forcing(key, y, 7.0, (f64::INFINITY, u32::MAX));
                    for cap in caps() {
                        let want = free.filter(|&cx| !past_cap(7.0, cx, cap));
                        assert_eq!(ch.forcing(key, y, 7.0, cap), want);
                        compared += 1;
                        cut += usize::from(free.is_some() && want.is_none());
                    }
                }
            }
        });
        assert!(compared > 10_000 && cut > 100, "{compared} {cut}");
    }

    /// A capped cycle search finds every cycle of the uncapped one within the cap (the same
    /// chain of potentials, in the same order); kept to the component of its start, it
    /// finds the same cycles as without.
    #[test]
    fn capped_cycles_keep_the_uncapped_ones_within_the_cap() {
        // The cycles found within `cap`, each as its potentials (first parents) from the end.
        let within = |ch: &Chainer, found: Vec<u32>, cap: (f64, u32)| {
            found
                .into_iter()
                .filter(|&dst| !past_cap(7.0, ch.ar.ancestors(dst), cap))
                .map(|dst| {
                    let mut keys = vec![ch.ar.key(dst)];
                    let mut p = dst;
                    while let Some(&q) = ch.ar.parents(p).first() {
                        keys.push(ch.ar.key(q));
                        p = q;
                    }
                    keys
                })
                .collect::<Vec<_>>()
        };
        let (mut compared, mut found_some) = (0, 0);
        each_static_candidate(|ch, g, c| {
            for (y, x) in [(false, true), (true, false), (true, true)] {
                let reach = reach::Reach::new(ch.table.as_deref().unwrap(), g, y, x);
                let all = (f64::INFINITY, u32::MAX);
                ch.ar.clear();
                let free = ch.cycles(c, y, x, 7.0, all, None);
                let kept = ch.cycles(c, y, x, 7.0, all, Some(&reach));
                assert_eq!(within(ch, kept, all), within(ch, free.clone(), all));
                for cap in caps() {
                    let want = within(ch, free.clone(), cap);
                    let mark = ch.ar.mark();
                    let plain = ch.cycles(c, y, x, 7.0, cap, None);
                    assert_eq!(within(ch, plain.clone(), cap), want);
                    let kept = ch.cycles(c, y, x, 7.0, cap, Some(&reach));
                    assert_eq!(within(ch, kept, all), within(ch, plain, all));
                    ch.ar.truncate(mark);
                    compared += 1;
                    found_some += usize::from(!want.is_empty());
                }
            }
        });
        assert!(
            compared > 10_000 && found_some > 100,
            "{compared} {found_some}"
        );
    }

    #[test]
    fn peer_parts_list_the_peers_in_se_order() {
        for cell in 0..81 {
            let mut listed = Vec::new();
            for part in PEER_PARTS[cell] {
                let mut p = part;
                while p != 0 {
                    listed.push(p.trailing_zeros() as u8);
                    p &= p - 1;
                }
            }
            assert_eq!(listed, SE_PEER_ORDER[cell], "cell {cell}");
        }
    }

    #[test]
    fn region_sets_are_the_cells_regions() {
        for cell in 0..81 {
            assert_eq!(CELL_BIT[cell], 1u128 << cell);
            let want: Vec<(u128, u8)> = crate::rating::grid::regions_of(cell)
                .into_iter()
                .map(|r| (crate::rating::grid::region_set(r).0, r as u8))
                .collect();
            assert_eq!(REGION_SETS[cell].to_vec(), want, "cell {cell}");
        }
    }
}
