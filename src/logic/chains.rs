//! Chains: X-Chains, XY-Chains, remote pairs, nice loops and alternating inference chains.
//!
//! All of them are read off one implication engine ([`Engine`]). Its nodes are literals: a
//! candidate that is true ("on") or false ("off"). Its edges are the two inferences of
//! alternating inference chains:
//!
//! - weak: a true candidate makes false every other candidate of its cell and every other
//!   place of its digit in its houses (`on -> off`);
//! - strong: a false candidate makes true the other candidate of a bivalue cell and the other
//!   place of a digit that has only two places in a house (`off -> on`).
//!
//! A breadth-first search from one premise (a candidate assumed on or off) reaches every
//! literal it implies by a shortest chain, and its parent pointers give that chain back link
//! by link. The techniques differ only in which links the engine may use and in what they read
//! from the searches:
//!
//! - X-Chain: links of one digit; from "s is off" to "e is on", both ends see the victims.
//! - XY-Chain: bivalue cells only, strong inside a cell and weak between cells.
//! - Remote pair: an XY-Chain whose cells all hold the same two digits; its eliminations
//!   depend on every cell of the chain, so it walks the chains itself (cells are few).
//! - Nice loops: a search that comes back to its start cell; continuous loops remove along
//!   the loop, discontinuous ones at the start cell.
//! - AIC: from "s is off" to "e is on" with any links; same digit at both ends (cells seeing
//!   both lose it) or two digits in cells that see each other.
//!
//! The rules of what each chain removes and how a chain is classified follow HoDoKu's
//! definitions (its regression library checks them); one step is one chain, and of several
//! chains with the same eliminations the shortest is kept.

use std::collections::HashMap;
use std::ops::ControlFlow;

use crate::geometry::bits::Mask;
use crate::geometry::{CellSet, digits};

use super::{Candidate, Evidence, Finder, Grid, Link, Node, Sink, Step, Technique};
use crate::geometry::classic::{CELL_HOUSES, peers};

/// Whether this file has a finder for `t`.
pub(super) fn implements(t: Technique) -> bool {
    matches!(
        t,
        Technique::XChain
            | Technique::XYChain
            | Technique::RemotePair
            | Technique::ContinuousNiceLoop
            | Technique::DiscontinuousNiceLoop
            | Technique::Aic
            | Technique::GroupedContinuousNiceLoop
            | Technique::GroupedDiscontinuousNiceLoop
            | Technique::GroupedAic
    )
}

pub(super) fn find(t: Technique, cx: Finder<'_, '_, Memo>) -> ControlFlow<()> {
    let Finder { grid, memo, sink } = cx;
    match t {
        Technique::XChain => emit(x_chains(grid, Some(&mut memo.3)), sink),
        Technique::XYChain => emit(xy_chains(grid), sink),
        Technique::RemotePair => emit(remote_pairs(grid), sink),
        Technique::ContinuousNiceLoop | Technique::DiscontinuousNiceLoop | Technique::Aic => {
            let all = loops(grid, memo);
            emit_ref(all.iter().filter(|s| s.technique == t), sink)
        }
        Technique::GroupedContinuousNiceLoop
        | Technique::GroupedDiscontinuousNiceLoop
        | Technique::GroupedAic => {
            if memo.1.as_ref().is_none_or(|(g, _)| g != grid) {
                memo.1 = Some((*grid, super::grouped::search(grid, memo.2)));
            }
            let all = &memo.1.as_ref().expect("just filled").1;
            emit_ref(all.iter().filter(|s| s.technique == t), sink)
        }
        _ => ControlFlow::Continue(()),
    }
}

// ---------------------------------------------------------------------------------------------
// Literals.

/// A literal: bit 0 is "on" (the candidate is true), the rest the candidate `9 * cell + d - 1`.
/// 1,458 of them, so a `u16` holds one and tables indexed by literal are small.
pub(super) type Lit = u16;

/// The number of literals.
pub(super) const LITS: usize = 81 * 9 * 2;

/// The literal "digit in cell is on/off".
#[inline]
pub(super) fn lit(cell: usize, digit: u8, on: bool) -> Lit {
    ((cell * 9 + usize::from(digit - 1)) * 2 + usize::from(on)) as Lit
}

/// The cell of a literal.
#[inline]
pub(super) fn lit_cell(l: Lit) -> usize {
    usize::from(l) / 18
}

/// The digit of a literal.
#[inline]
pub(super) fn lit_digit(l: Lit) -> u8 {
    (usize::from(l) / 2 % 9) as u8 + 1
}

/// Whether a literal says "on".
#[inline]
pub(super) fn lit_on(l: Lit) -> bool {
    l & 1 != 0
}

/// The chain node of a literal's candidate.
pub(super) fn lit_node(l: Lit) -> Node {
    Node::candidate(lit_cell(l), lit_digit(l))
}

/// A path of literals as links: a link into an "on" literal is strong, into an "off" weak.
pub(super) fn path_links(path: &[Lit]) -> Vec<Link> {
    path.windows(2)
        .map(|w| Link {
            from: lit_node(w[0]),
            to: lit_node(w[1]),
            strong: lit_on(w[1]),
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The engine.

/// Which links a search may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Links {
    /// One digit, house links only (X-Chains).
    Digit(u8),
    /// Bivalue cells only: strong inside a cell, weak between cells (XY-Chains).
    Bivalue,
    /// Every link (nice loops and AICs).
    All,
}

const UNSEEN: u32 = u32::MAX;

/// The length of the engine's tables indexed by literal or by position in the search order:
/// a power of two above `LITS + 1`, so that an index masked with `SLOTS - 1` (which changes
/// no literal and no position, all below `LITS + 1`) needs no bounds check in the search's
/// inner loop (the checks were about a quarter of its instructions).
const SLOTS: usize = 2048;
const _: () = assert!(SLOTS.is_power_of_two() && SLOTS > LITS);

/// A literal or a position of the search order, as an index into a table of `SLOTS`.
#[inline]
fn slot(i: usize) -> usize {
    i & (SLOTS - 1)
}

/// Breadth-first implication search from one premise at a time. The tables are reused from
/// search to search (only the literals reached are reset), so a search allocates nothing.
struct Engine<'g> {
    grid: &'g Grid,
    links: Links,
    /// Bivalue cells of the grid.
    bivalue: CellSet,
    /// For each literal reached: bits 0..16 the literal it was implied by (the premise points
    /// at itself), bits 16..24 the links from the premise (saturating at 255); `UNSEEN` if not
    /// reached. One table, so the search reads and writes one word per literal.
    /// (`SLOTS` long: see [`slot`].)
    reach: Box<[u32; SLOTS]>,
    /// The literals reached, in the order reached (the premise first): `order[..reached]`.
    /// Longer than the literals, since the search writes each literal it meets at
    /// `order[reached]` whether or not it is new.
    order: Box<[Lit; SLOTS]>,
    /// How many literals of `order` the last search reached.
    reached: usize,
    /// The direct implications of every literal, worked out once per grid: those of literal
    /// `l` are `adjacent[start[l]..start[l + 1]]`. Dead ends are left out: "off" literals
    /// that imply nothing (about two in five of those a search reaches). No chain goes through
    /// one, and none of the searches reads one as the end of a chain, but for the nice loops'
    /// "off" literals of the start cell, which [`Engine::explore`] adds itself.
    adjacent: Vec<Lit>,
    start: Vec<u32>,
    /// Per digit, the cells whose "off" literal is such a dead end.
    dead_places: [CellSet; 9],
    /// The same per cell: the digits whose "off" literal is a dead end there.
    dead_digits: [u16; 81],
}

impl<'g> Engine<'g> {
    fn new(grid: &'g Grid, links: Links) -> Engine<'g> {
        Engine::with_pruning(grid, links, true)
    }

    /// [`Engine::new`]; without `prune`, dead ends stay in the lists (for the tests that
    /// check leaving them out changes nothing).
    fn with_pruning(grid: &'g Grid, links: Links, prune: bool) -> Engine<'g> {
        Engine {
            grid,
            links,
            bivalue: grid.cells_with_count(2),
            reach: Box::new([UNSEEN; SLOTS]),
            order: Box::new([0; SLOTS]),
            reached: 0,
            adjacent: Vec::new(),
            start: Vec::new(),
            dead_places: [CellSet::EMPTY; 9],
            dead_digits: [0; 81],
        }
        .with_adjacency(prune)
    }

    /// Works out every literal's direct implications, without the dead ends if `prune`.
    fn with_adjacency(mut self, prune: bool) -> Engine<'g> {
        if prune {
            self.find_dead_ends();
        }
        let mut adjacent = Vec::with_capacity(4096);
        let mut start = vec![0; LITS + 1];
        // Only the candidates' literals have links (a few hundred of the 1,458): they are
        // walked in increasing order, and the literals between two of them get empty lists
        // (`start` filled with the length so far up to the next one).
        let cells = match self.links {
            Links::Bivalue => self.bivalue,
            Links::Digit(d) => self.grid.cells_with(d),
            Links::All => self.grid.empty_cells(),
        };
        let only = match self.links {
            Links::Digit(d) => digits::bit(d),
            Links::Bivalue | Links::All => digits::ALL,
        };
        let mut next = 0;
        for cell in cells {
            for digit in digits::iter(self.grid.candidates(cell) & only) {
                let off = usize::from(lit(cell, digit, false));
                start[next..=off].fill(adjacent.len() as u32);
                for l in [off as Lit, off as Lit + 1] {
                    start[usize::from(l)] = adjacent.len() as u32;
                    self.implications(l, &mut adjacent);
                }
                next = off + 2;
            }
        }
        start[next..].fill(adjacent.len() as u32);
        self.adjacent = adjacent;
        self.start = start;
        self
    }

    /// Finds the dead ends: "off" literals without a strong link, neither a bivalue cell (for
    /// the links that take those) nor a house where the digit has two places.
    fn find_dead_ends(&mut self) {
        for digit in 1..=9 {
            let places = self.grid.cells_with(digit);
            let mut live = CellSet::EMPTY;
            if self.links != Links::Digit(digit) {
                live |= self.bivalue;
            }
            if self.links != Links::Bivalue {
                for h in 0..27 {
                    let two = self.grid.house_cells_with(h, digit);
                    if two.exactly_two() {
                        live |= two;
                    }
                }
            }
            self.dead_places[usize::from(digit - 1)] = places - live;
            for cell in places - live {
                self.dead_digits[cell] |= digits::bit(digit);
            }
        }
    }

    /// The digits of `cell` whose "off" literal is a dead end.
    fn dead_digits(&self, cell: usize) -> u16 {
        self.dead_digits[cell]
    }

    /// The literals `l` implies directly, in a fixed order: the cell first, then its row,
    /// column and box, lowest cell first; dead ends left out. Appended to `out`.
    fn implications(&self, l: Lit, out: &mut Vec<Lit>) {
        let grid = self.grid;
        let cell = lit_cell(l);
        let digit = lit_digit(l);
        if lit_on(l) {
            if self.links == Links::All {
                let others = grid.candidates(cell) & !digits::bit(digit) & !self.dead_digits(cell);
                for d in digits::iter(others) {
                    out.push(lit(cell, d, false));
                }
            }
            let mut seen = CellSet::single(cell) | self.dead_places[usize::from(digit - 1)];
            for &h in &CELL_HOUSES[cell] {
                let mut others = grid.house_cells_with(usize::from(h), digit) - seen;
                if self.links == Links::Bivalue {
                    others &= self.bivalue;
                }
                seen |= others;
                for other in others {
                    out.push(lit(other, digit, false));
                }
            }
        } else {
            if self.links != Links::Digit(digit) && self.bivalue.contains(cell) {
                let other = grid.candidates(cell) & !digits::bit(digit);
                out.push(lit(cell, digits::first(other), true));
            }
            if self.links != Links::Bivalue {
                for &h in &CELL_HOUSES[cell] {
                    let places = grid.house_cells_with(usize::from(h), digit);
                    if places.exactly_two() {
                        let other = (places - CellSet::single(cell)).first().unwrap_or(cell);
                        out.push(lit(other, digit, true));
                    }
                }
            }
        }
    }

    /// The literals the last search reached, in the order reached (the premise first).
    fn order(&self) -> &[Lit] {
        &self.order[..self.reached]
    }

    /// Everything `premise` implies, each by a shortest chain.
    ///
    /// Without a branch on whether a literal is new: whether it is follows no pattern the
    /// processor can predict, and the mispredictions were a good part of the search's time.
    /// Every literal met is written at the end of the queue and kept only when new; its
    /// entry is rewritten with itself when it is not.
    fn explore(&mut self, premise: Lit) {
        // The tables as locals: the loop below then keeps their addresses in registers.
        let reach = &mut *self.reach;
        let order = &mut *self.order;
        let (start, adjacent) = (&self.start[..], &self.adjacent[..]);
        for &l in &order[..self.reached] {
            reach[slot(usize::from(l))] = UNSEEN;
        }
        reach[slot(usize::from(premise))] = u32::from(premise);
        order[0] = premise;
        let mut reached = 1;
        let mut head = 0;
        // The start cell's dead "off" literals, which only a nice loop reads, are reached here
        // from the literals that imply them, as the full lists would: an "on" literal of the
        // start cell implies those of its other digits (the loop search then rejects them:
        // a loop must leave the cell), an "on" literal of a peer those of its own digit. Each
        // keeps the first literal that reaches it as its parent, so that a literal of the
        // start cell reached first from the cell itself stays rejected, as in a full search. Where
        // such a literal goes among its parent's other implications changes no step: from a
        // peer, none of those is in the start cell; from the start cell, all of those that
        // are in it are rejected alike.
        let home = lit_cell(premise);
        let home_dead = if self.links == Links::All {
            self.dead_digits[home]
        } else {
            0
        };
        let home_peers = peers(home);
        while head < reached {
            let from = usize::from(order[slot(head)]);
            head += 1;
            let d = (reach[slot(from)] >> 16).saturating_add(1).min(255);
            let entry = d << 16 | from as u32;
            let from_lit = from as Lit;
            if home_dead != 0 && lit_on(from_lit) {
                let (cell, bit) = (lit_cell(from_lit), digits::bit(lit_digit(from_lit)));
                let implied = if cell == home {
                    home_dead & !bit
                } else if home_peers.contains(cell) {
                    home_dead & bit
                } else {
                    0
                };
                for digit in digits::iter(implied) {
                    let to = lit(home, digit, false);
                    if reach[slot(usize::from(to))] == UNSEEN {
                        reach[slot(usize::from(to))] = entry;
                        order[slot(reached)] = to;
                        reached += 1;
                    }
                }
            }
            let (a, b) = (start[from] as usize, start[from + 1] as usize);
            for &to in &adjacent[a..b] {
                let seen = &mut reach[slot(usize::from(to))];
                let new = *seen == UNSEEN;
                *seen = if new { entry } else { *seen };
                // A literal is kept at most once, so `reached` is at most `LITS` and the
                // mask changes nothing.
                order[slot(reached)] = to;
                reached += usize::from(new);
            }
        }
        self.reached = reached;
    }

    /// Links from the premise to `l` (which must have been reached).
    fn dist(&self, l: Lit) -> usize {
        (self.reach[usize::from(l)] >> 16) as usize
    }

    /// The chain from the premise to `l`, premise first.
    fn path(&self, l: Lit) -> Vec<Lit> {
        let mut path = vec![l];
        let mut at = l;
        while self.reach[usize::from(at)] as Lit != at {
            at = self.reach[usize::from(at)] as Lit;
            path.push(at);
        }
        path.reverse();
        path
    }
}

// ---------------------------------------------------------------------------------------------
// Collecting steps: one per set of eliminations, the shortest chain kept, shortest first.

/// Steps found so far, keyed by their eliminations.
#[derive(Default)]
struct Found {
    steps: Vec<(usize, Step)>,
    index: HashMap<Vec<Candidate>, usize>,
}

impl Found {
    /// Adds a step made by a chain of `len` nodes, unless a chain no longer with the same
    /// eliminations is already there.
    fn add(&mut self, technique: Technique, mut elims: Vec<Candidate>, path: &[Lit]) {
        elims.sort_unstable_by_key(|c| (c.digit, c.cell));
        elims.dedup();
        let len = path.len();
        if let Some(&i) = self.index.get(&elims) {
            if self.steps[i].0 <= len {
                return;
            }
            self.steps[i] = (len, chain_step(technique, elims, path));
            return;
        }
        self.index.insert(elims.clone(), self.steps.len());
        self.steps.push((len, chain_step(technique, elims, path)));
    }

    /// The steps, shortest chain first.
    fn into_steps(mut self) -> Vec<Step> {
        self.steps.sort_by_key(|(len, _)| *len);
        self.steps.into_iter().map(|(_, s)| s).collect()
    }
}

fn chain_step(technique: Technique, elims: Vec<Candidate>, path: &[Lit]) -> Step {
    let cells: CellSet = path.iter().map(|&l| lit_cell(l)).collect();
    let digits = path
        .iter()
        .fold(0u16, |m, &l| m | digits::bit(lit_digit(l)));
    Step::elimination(
        technique,
        elims,
        Evidence {
            cells,
            digits,
            chains: vec![path_links(path)],
            ..Evidence::default()
        },
    )
}

fn emit(steps: Vec<Step>, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for step in steps {
        sink(step)?;
    }
    ControlFlow::Continue(())
}

fn emit_ref<'a>(steps: impl Iterator<Item = &'a Step>, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for step in steps {
        sink(step.clone())?;
    }
    ControlFlow::Continue(())
}

fn candidates_of(cells: CellSet, digit: u8) -> Vec<Candidate> {
    cells.iter().map(|c| Candidate::new(c, digit)).collect()
}

// ---------------------------------------------------------------------------------------------
// X-Chains and XY-Chains.

/// X-Chains: on one digit, "s is off" implies "e is on" through at least three links; every
/// other place of the digit that sees both s and e is then false. (With e = s the chain shows
/// that s is true.)
///
/// The search on a digit reads nothing but the digit's candidates (its links are those of its
/// houses): with `barren`, a digit whose candidates are those it last found nothing on is
/// skipped, and `barren` keeps those of each digit it finds nothing on now.
fn x_chains(grid: &Grid, mut barren: Option<&mut [Option<CellSet>; 9]>) -> Vec<Step> {
    let mut found = Found::default();
    for digit in 1..=9 {
        let places = grid.cells_with(digit);
        if places.len() < 4 {
            continue;
        }
        let slot = usize::from(digit - 1);
        if barren.as_ref().is_some_and(|b| b[slot] == Some(places)) {
            continue;
        }
        let before = found.steps.len();
        // The other place of the digit in each house with two: the strong links.
        let mut partners = [CellSet::EMPTY; 81];
        for h in 0..27 {
            let pair = grid.house_cells_with(h, digit);
            if pair.exactly_two() {
                for c in pair {
                    partners[c] |= pair - CellSet::single(c);
                }
            }
        }
        let mut engine = None;
        for start in places {
            // Which ends the chains from `start` reach, set-wise; the engine (which keeps the
            // chains) runs only for a start with an end that removes something.
            let ends = x_chain_ends(places, &partners, start);
            if !ends
                .iter()
                .any(|e| peers(start).intersects(peers(e) & places))
            {
                continue;
            }
            let engine = engine.get_or_insert_with(|| Engine::new(grid, Links::Digit(digit)));
            engine.explore(lit(start, digit, false));
            for &end in engine.order() {
                if !lit_on(end) || engine.dist(end) < 3 {
                    continue;
                }
                let victims = peers(start) & peers(lit_cell(end)) & places;
                if !victims.is_empty() {
                    found.add(
                        Technique::XChain,
                        candidates_of(victims, digit),
                        &engine.path(end),
                    );
                }
            }
        }
        if let Some(b) = barren.as_mut() {
            b[slot] = (found.steps.len() == before).then_some(places);
        }
    }
    found.into_steps()
}

/// The cells where a chain on one digit from "`start` is off" ends with "on" after three links
/// or more (breadth first, with cell sets: `partners` are the strong links).
fn x_chain_ends(places: CellSet, partners: &[CellSet; 81], start: usize) -> CellSet {
    let mut off_seen = CellSet::single(start);
    let mut on_seen = CellSet::EMPTY;
    let mut frontier = off_seen;
    let mut ends = CellSet::EMPTY;
    let mut links = 0;
    loop {
        let mut on = CellSet::EMPTY;
        for c in frontier {
            on |= partners[c];
        }
        on -= on_seen;
        links += 1;
        if on.is_empty() {
            return ends;
        }
        if links >= 3 {
            ends |= on;
        }
        on_seen |= on;
        let mut off = CellSet::EMPTY;
        for c in on {
            off |= peers(c) & places;
        }
        off -= off_seen;
        links += 1;
        if off.is_empty() {
            return ends;
        }
        off_seen |= off;
        frontier = off;
    }
}

/// XY-Chains: through bivalue cells, "d in s is off" implies "d in e is on"; d leaves every
/// cell that sees both s and e.
fn xy_chains(grid: &Grid) -> Vec<Step> {
    let mut found = Found::default();
    let mut engine = Engine::new(grid, Links::Bivalue);
    for start in engine.bivalue {
        for digit in digits::iter(grid.candidates(start)) {
            engine.explore(lit(start, digit, false));
            for &end in engine.order() {
                if !lit_on(end) || lit_digit(end) != digit || lit_cell(end) == start {
                    continue;
                }
                let victims = peers(start) & peers(lit_cell(end)) & grid.cells_with(digit);
                if !victims.is_empty() {
                    found.add(
                        Technique::XYChain,
                        candidates_of(victims, digit),
                        &engine.path(end),
                    );
                }
            }
        }
    }
    found.into_steps()
}

// ---------------------------------------------------------------------------------------------
// Remote pairs.

/// The most cells a remote pair may have (HoDoKu's 20-link limit on chains).
const REMOTE_PAIR_CELLS: usize = 10;
/// A bound on the cells a remote-pair walk visits, against pathological positions.
const REMOTE_PAIR_BUDGET: usize = 200_000;

/// Remote pairs: a chain of at least four bivalue cells with the same two digits, each seeing
/// the next. Cells an odd number of steps apart (at least three) hold different digits, so a
/// cell seeing two of them holds neither digit. Chains of an even number of cells whose ends
/// share a peer with one of the digits are reported.
fn remote_pairs(grid: &Grid) -> Vec<Step> {
    let mut found = Found::default();
    // The bivalue cells of each pair of digits (36 pairs at most), found in one pass.
    let mut bivalue = CellSet::EMPTY;
    let mut by_pair = [(0u16, CellSet::EMPTY); 36];
    let mut pairs = 0;
    for c in grid.empty_cells() {
        let mask = grid.candidates(c);
        if !mask.exactly_two() {
            continue;
        }
        bivalue.insert(c);
        match by_pair[..pairs].iter_mut().find(|(m, _)| *m == mask) {
            Some((_, cells)) => cells.insert(c),
            None => {
                by_pair[pairs] = (mask, CellSet::single(c));
                pairs += 1;
            }
        }
    }
    let by_pair = &by_pair[..pairs];
    // Most positions have no pair of digits in four bivalue cells (the lowest three bits
    // cleared leave none).
    let four = |cells: CellSet| {
        let x = cells.0 & cells.0.wrapping_sub(1);
        let x = x & x.wrapping_sub(1);
        x & x.wrapping_sub(1) != 0
    };
    if !by_pair.iter().any(|&(_, cells)| four(cells)) {
        return Vec::new();
    }
    let mut budget = REMOTE_PAIR_BUDGET;
    for start in bivalue {
        let mask = grid.candidates(start);
        let pair_cells = by_pair
            .iter()
            .find(|(m, _)| *m == mask)
            .map_or(CellSet::EMPTY, |&(_, cells)| cells);
        if !four(pair_cells) {
            continue;
        }
        let mut path = vec![start];
        walk_pairs(grid, mask, pair_cells, &mut path, &mut found, &mut budget);
    }
    found.into_steps()
}

fn walk_pairs(
    grid: &Grid,
    mask: u16,
    pair_cells: CellSet,
    path: &mut Vec<usize>,
    found: &mut Found,
    budget: &mut usize,
) {
    let last = *path.last().expect("a walk starts somewhere");
    if path.len() >= 4 && path.len().is_multiple_of(2) {
        check_remote_pair(grid, mask, path, found);
    }
    if path.len() >= REMOTE_PAIR_CELLS {
        return;
    }
    let used: CellSet = path.iter().copied().collect();
    for next in (peers(last) & pair_cells) - used {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        path.push(next);
        walk_pairs(grid, mask, pair_cells, path, found, budget);
        path.pop();
    }
}

fn check_remote_pair(grid: &Grid, mask: u16, cells: &[usize], found: &mut Found) {
    let (a, b) = (digits::first(mask), digits::first(mask & (mask - 1)));
    let start = cells[0];
    let end = cells[cells.len() - 1];
    let ends_seen = peers(start) & peers(end);
    if !ends_seen.intersects(grid.cells_with(a) | grid.cells_with(b)) {
        return;
    }
    let mut seen = CellSet::EMPTY;
    if cells.len() == 4 {
        seen = ends_seen;
    } else {
        for i in 0..cells.len() {
            for j in (i + 3..cells.len()).step_by(2) {
                seen |= peers(cells[i]) & peers(cells[j]);
            }
        }
    }
    let mut elims = candidates_of(seen & grid.cells_with(a), a);
    elims.extend(candidates_of(seen & grid.cells_with(b), b));
    if elims.is_empty() {
        return;
    }
    // The chain as literals: a off, b on in the first cell, then b off, a on in the next...
    let mut path = Vec::with_capacity(2 * cells.len());
    let (mut x, mut y) = (a, b);
    for &c in cells {
        path.push(lit(c, x, false));
        path.push(lit(c, y, true));
        std::mem::swap(&mut x, &mut y);
    }
    found.add(Technique::RemotePair, elims, &path);
}

// ---------------------------------------------------------------------------------------------
// Nice loops and AICs.

/// The nice loops and AICs of the last grid searched, kept by the caller (see
/// [`super::Memo`]): the ladder asks for the three techniques one after the other on the same
/// grid, and one search finds all three.
#[derive(Default)]
pub(super) struct Memo(
    Option<(Grid, Vec<Step>)>,
    /// The grouped loops and AICs of the last grid searched for them.
    Option<(Grid, Vec<Step>)>,
    /// Whether the grouped loops and AICs take ALS nodes (see [`super::Memo::with_als_nodes`]).
    pub(super) bool,
    /// Per digit, its candidates when the X-Chain search last found nothing on it (see
    /// [`x_chains`]).
    [Option<CellSet>; 9],
);

/// Every nice loop and AIC of `grid` (continuous, discontinuous, AIC), shortest first within
/// each technique.
fn loops<'m>(grid: &Grid, memo: &'m mut Memo) -> &'m [Step] {
    if memo.0.as_ref().is_none_or(|(g, _)| g != grid) {
        memo.0 = Some((*grid, search_loops(grid)));
    }
    &memo.0.as_ref().expect("just filled").1
}

fn search_loops(grid: &Grid) -> Vec<Step> {
    search_loops_with(grid, true, true)
}

/// [`search_loops`], with dead ends left out of the implication lists if `prune`, and the
/// premises whose reach ([`Reach`]) finds nothing skipped if `skip`.
fn search_loops_with(grid: &Grid, prune: bool, skip: bool) -> Vec<Step> {
    let mut continuous = Found::default();
    let mut discontinuous = Found::default();
    let mut aics = Found::default();
    let mut engine = Engine::with_pruning(grid, Links::All, prune);
    let reach = skip.then(|| Reach::of(&engine));
    let candidates: Vec<(usize, u8)> = grid
        .empty_cells()
        .iter()
        .flat_map(|c| digits::iter(grid.candidates(c)).map(move |d| (c, d)))
        .collect();
    for on in [true, false] {
        for &(cell, digit) in &candidates {
            if reach
                .as_ref()
                .is_some_and(|r| !r.may_find(grid, cell, digit, on))
            {
                continue;
            }
            engine.explore(lit(cell, digit, on));
            // The literals of `cell` are `first..first + 18`.
            let first = usize::from(lit(cell, 1, false));
            let ends = AicEnds::of(grid, cell, digit);
            for &end in &engine.order()[1..] {
                if usize::from(end).wrapping_sub(first) < 18 {
                    if let Some((t, elims, path)) = nice_loop(&engine, end) {
                        let found = if t == Technique::ContinuousNiceLoop {
                            &mut continuous
                        } else {
                            &mut discontinuous
                        };
                        found.add(t, elims, &path);
                    }
                } else if !on
                    && lit_on(end)
                    && ends.may_end(grid, end)
                    && let Some((elims, path)) = aic(&engine, end)
                {
                    aics.add(Technique::Aic, elims, &path);
                }
            }
        }
    }
    let mut steps = continuous.into_steps();
    steps.extend(discontinuous.into_steps());
    steps.extend(aics.into_steps());
    steps
}

/// The strongly connected components of a graph and a summary of what each reaches. The graph
/// is given as lists: node `v` leads to the nodes `node(adjacent[i])` for `i` in
/// `start[v]..start[v + 1]`. The walk starts from `roots` in turn (iterative Tarjan); `own`
/// adds a node's own part to its component's summary, `add` the summary of a component it
/// leads to. Tarjan's algorithm completes a component only after every component it leads
/// to, so each summary is whole when read. `bare` tells the nodes to which `own` adds nothing:
/// a component of such nodes leading to one component (or none) shares that one's summary.
/// Returns the summary of each node's component (`u16::MAX` where the walk did not go) and
/// the summaries. `capacity` is the number of nodes the walk
/// is expected to visit (the lists are sized once; a wrong guess costs only copies).
#[allow(clippy::too_many_arguments)]
pub(super) fn summarise<T: Copy, S: Default>(
    capacity: usize,
    start: &[u32],
    adjacent: &[T],
    node: impl Fn(T) -> usize,
    roots: impl Iterator<Item = usize>,
    bare: impl Fn(usize) -> bool,
    own: impl Fn(usize, &mut S),
    add: impl Fn(&mut S, &S),
) -> (Vec<u16>, Vec<S>) {
    const NONE: u16 = u16::MAX;
    let nodes = start.len() - 1;
    assert!(nodes < usize::from(NONE), "too many nodes for u16 indices");
    let mut index = vec![NONE; nodes];
    let mut low = vec![0u16; nodes];
    let mut comp = vec![NONE; nodes];
    let mut sets: Vec<S> = Vec::with_capacity(capacity);
    // Per summary, the last component whose summary took it in: a component's links lead to
    // the same few components again and again, and each is added once (an `add` is some
    // fifty instructions, this test two).
    let mut added: Vec<u16> = Vec::with_capacity(capacity);
    // Nodes are kept as `u16` on the stacks (the graphs have fewer than 65,535 nodes).
    let mut stack: Vec<u16> = Vec::with_capacity(capacity);
    // The depth-first walk: a node and the position of its next link.
    let mut walk: Vec<(u16, u32)> = Vec::with_capacity(capacity);
    let mut counter = 0u16;
    // Summary 0 is the empty one, shared by the components that reach nothing.
    const EMPTY: u16 = 0;
    sets.push(S::default());
    added.push(EMPTY);
    for root in roots {
        if index[root] != NONE {
            continue;
        }
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root as u16);
        walk.push((root as u16, start[root]));
        while let Some(&mut (v, ref mut pos)) = walk.last_mut() {
            let v = usize::from(v);
            if *pos < start[v + 1] {
                let w = node(adjacent[*pos as usize]);
                *pos += 1;
                if index[w] == NONE {
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w as u16);
                    walk.push((w as u16, start[w]));
                } else if comp[w] == NONE {
                    // Still on the stack: in the component being built.
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            walk.pop();
            if let Some(&(u, _)) = walk.last() {
                let u = usize::from(u);
                low[u] = low[u].min(low[v]);
            }
            if low[v] != index[v] {
                continue;
            }
            // `v` roots a component: the stack from `v` up.
            let c = sets.len() as u16;
            let from = stack
                .iter()
                .rposition(|&x| usize::from(x) == v)
                .unwrap_or(0);
            // A component whose nodes add nothing themselves and whose links all lead to one
            // component (or none) reaches what that one reaches: it takes that one's summary
            // (or the shared empty one) instead of a copy.
            if stack[from..].iter().all(|&x| bare(usize::from(x))) {
                let mut only = NONE;
                let mut one = true;
                'edges: for &x in &stack[from..] {
                    let x = usize::from(x);
                    for &y in &adjacent[start[x] as usize..start[x + 1] as usize] {
                        let cy = comp[node(y)];
                        // `NONE` for a node of this component (not yet numbered).
                        if cy != NONE && cy != only {
                            if only != NONE {
                                one = false;
                                break 'edges;
                            }
                            only = cy;
                        }
                    }
                }
                if one {
                    let alias = if only == NONE { EMPTY } else { only };
                    for &x in &stack[from..] {
                        comp[usize::from(x)] = alias;
                    }
                    stack.truncate(from);
                    continue;
                }
            }
            sets.push(S::default());
            added.push(c);
            let (done, this) = sets.split_at_mut(usize::from(c));
            let summary = &mut this[0];
            for &x in &stack[from..] {
                let x = usize::from(x);
                comp[x] = c;
                own(x, summary);
            }
            for &x in &stack[from..] {
                let x = usize::from(x);
                for &y in &adjacent[start[x] as usize..start[x + 1] as usize] {
                    let cy = usize::from(comp[node(y)]);
                    // `added[c]` is `c` itself (its own summary is not added); the empty one
                    // adds nothing.
                    if added[cy] != c && cy != usize::from(EMPTY) {
                        // Completed before: Tarjan's order.
                        add(summary, &done[cy]);
                        added[cy] = c;
                    }
                }
            }
            stack.truncate(from);
        }
    }
    (comp, sets)
}

/// What each literal can reach at all through the implications (however long the chain),
/// summarised per digit as the cells whose "on" literal it reaches: enough to tell, before a
/// search, that a premise can find neither a nice loop nor an AIC (most cannot: a search from
/// one reaches some twenty literals, and none of the right ones).
///
/// Literals that reach each other reach the same, so the summary is kept per strongly
/// connected component of the implication graph (Tarjan's algorithm, which completes a
/// component only after every component it reaches: its summary is its own literals and
/// those of the components its links lead to).
struct Reach {
    /// The component of each literal (`u16::MAX` for literals without a candidate).
    comp: Vec<u16>,
    /// Per component, what its literals reach.
    sets: Vec<Reached>,
    /// The engine's dead ends (see `Engine::dead_digits`): from one, a search finds nothing.
    dead_digits: [u16; 81],
}

/// The "on" literals reached: per digit (index `d - 1`), the cells whose "on" literal is
/// among them.
#[derive(Clone, Copy, Default)]
struct Reached([CellSet; 9]);

impl Reached {
    fn add(&mut self, other: &Reached) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= *b;
        }
    }
}

impl Reach {
    /// The summary of `engine`'s implication lists.
    fn of(engine: &Engine<'_>) -> Reach {
        let grid = engine.grid;
        // At most one component per literal with a candidate (a bound: the dead ends are left
        // out below).
        let literals = 2 * grid
            .empty_cells()
            .iter()
            .map(|c| digits::count(grid.candidates(c)))
            .sum::<usize>();
        // The dead ends ("off" literals with no link out, see `Engine::dead_digits`) are left
        // out: each would be a component of its own, reaching nothing.
        let roots = grid.empty_cells().iter().flat_map(|cell| {
            let live_off = grid.candidates(cell) & !engine.dead_digits(cell);
            digits::iter(grid.candidates(cell))
                .map(move |d| usize::from(lit(cell, d, true)))
                .chain(digits::iter(live_off).map(move |d| usize::from(lit(cell, d, false))))
        });
        let (comp, sets) = summarise(
            literals,
            &engine.start,
            &engine.adjacent,
            usize::from,
            roots,
            |x| !lit_on(x as Lit),
            |x, reached: &mut Reached| {
                let x = x as Lit;
                if lit_on(x) {
                    reached.0[usize::from(lit_digit(x) - 1)].insert(lit_cell(x));
                }
            },
            Reached::add,
        );
        Reach {
            comp,
            sets,
            dead_digits: engine.dead_digits,
        }
    }

    /// Whether the search from "`digit` in `cell` is on" (or off) may find a nice loop or
    /// an AIC: it must reach a literal that leads back into `cell` from outside it, in a
    /// way [`nice_loop`] can close (or, from "off", an AIC's end). `false` only when the
    /// search finds neither.
    ///
    /// The literals of the cell that follow from the premise by one link never close a loop
    /// ([`nice_loop`] wants more than two links): from "on", every other digit's "off" (the
    /// search adds those that are dead ends itself); from "off" in a bivalue cell, the other
    /// digit's "on". Leaving them out here skips most premises the summary alone lets through.
    fn may_find(&self, grid: &Grid, cell: usize, digit: u8, on: bool) -> bool {
        if !on && self.dead_digits[cell] & digits::bit(digit) != 0 {
            return false;
        }
        let c = self.comp[usize::from(lit(cell, digit, on))];
        let Some(r) = self.sets.get(usize::from(c)) else {
            return true;
        };
        let near = peers(cell);
        let cands = grid.candidates(cell);
        let others = cands & !digits::bit(digit);
        let on_cells = |e: u8| r.0[usize::from(e - 1)];
        if on {
            // The loop leaves by a weak link; it comes back to "digit off" from a peer's
            // "digit on", or to another digit's "on" (from a conjugate's "off", taken as that
            // "on" reached at all, a wider test).
            on_cells(digit).intersects(near)
                || digits::iter(others).any(|e| on_cells(e).contains(cell))
        } else {
            // The loop leaves by a strong link; it comes back to "digit on", to another
            // digit's "on" unless the cell is bivalue, or to another digit's "off" from a
            // peer's "on" (which also takes an AIC of two digits: its end is another digit's
            // "on" in a peer). An AIC of one digit ends at "digit on" in a cell from which
            // two cells seeing both ends hold the digit.
            if on_cells(digit).contains(cell) {
                return true;
            }
            let bivalue = cands.count_ones() == 2;
            if digits::iter(others).any(|e| {
                let at = on_cells(e);
                (!bivalue && at.contains(cell)) || at.intersects(near)
            }) {
                return true;
            }
            let with = grid.cells_with(digit);
            (on_cells(digit) - CellSet::single(cell))
                .iter()
                .any(|y| (near & peers(y) & with).several())
        }
    }
}

/// Whether a chain runs back into a cell it left earlier (a lasso): a cell may hold two
/// consecutive nodes, and a nice loop may come back to its start cell.
fn is_lasso(path: &[Lit], loop_start: Option<usize>) -> bool {
    let mut visited = CellSet::EMPTY;
    for i in 0..path.len() {
        let cell = lit_cell(path[i]);
        if visited.contains(cell) {
            return true;
        }
        if i > 0 {
            let prev = lit_cell(path[i - 1]);
            if Some(prev) != loop_start {
                visited.insert(prev);
            }
        }
    }
    false
}

type Found1 = (Technique, Vec<Candidate>, Vec<Lit>);

/// A nice loop: the search from a premise in cell X reached `end`, another literal of X.
fn nice_loop(engine: &Engine<'_>, end: Lit) -> Option<Found1> {
    if engine.dist(end) <= 2 {
        return None;
    }
    let grid = engine.grid;
    // The checks on the loop's second and last-but-one nodes first, on the parent links,
    // before the chain is built: most ends fail them.
    let start = lit_cell(engine.order[0]);
    let parent = |l: Lit| engine.reach[usize::from(l)] as Lit;
    if lit_cell(parent(end)) == start {
        return None;
    }
    let mut second = end;
    while parent(parent(second)) != parent(second) {
        second = parent(second);
    }
    if lit_cell(second) == start {
        return None;
    }
    let path = engine.path(end);
    let k = path.len() - 1;
    // The loop must leave the start cell at once and come back to it from outside.
    if lit_cell(path[1]) == start || lit_cell(path[k - 1]) == start || is_lasso(&path, Some(start))
    {
        return None;
    }
    let first_strong = lit_on(path[1]);
    let last_strong = lit_on(path[k]);
    let sc = lit_digit(path[0]);
    let ec = lit_digit(path[k]);
    let mut elims = Vec::new();
    let technique = match loop_close(grid, start, first_strong, last_strong, sc, ec) {
        LoopClose::Discontinuous(removed) => {
            elims = removed;
            Technique::DiscontinuousNiceLoop
        }
        LoopClose::Open => return None,
        LoopClose::Continuous => {
            let chain_cells: CellSet = path.iter().map(|&l| lit_cell(l)).collect();
            for i in 0..=k {
                let cell_i = lit_cell(path[i]);
                // A cell entered and left by strong links between cells keeps only those digits.
                let both_strong = if i == 0 {
                    first_strong && last_strong
                } else {
                    lit_on(path[i])
                        && i + 2 <= k
                        && lit_cell(path[i - 1]) != cell_i
                        && !lit_on(path[i + 1])
                        && lit_cell(path[i + 1]) == cell_i
                        && lit_on(path[i + 2])
                        && lit_cell(path[i + 2]) != cell_i
                };
                if both_strong {
                    let (c1, c2) = if i == 0 {
                        (sc, ec)
                    } else {
                        (lit_digit(path[i]), lit_digit(path[i + 2]))
                    };
                    let keep = digits::bit(c1) | digits::bit(c2);
                    for d in digits::iter(grid.candidates(cell_i) & !keep) {
                        elims.push(Candidate::new(cell_i, d));
                    }
                }
                // A weak link between two cells becomes strong: the digit leaves the cells that
                // see both.
                if i > 0 && !lit_on(path[i]) && lit_cell(path[i - 1]) != cell_i {
                    let digit = lit_digit(path[i]);
                    let victims =
                        (peers(lit_cell(path[i - 1])) & peers(cell_i) & grid.cells_with(digit))
                            - chain_cells
                            - CellSet::single(start);
                    elims.extend(candidates_of(victims, digit));
                }
            }
            Technique::ContinuousNiceLoop
        }
    };
    if elims.is_empty() {
        None
    } else {
        Some((technique, elims, path))
    }
}

/// How a nice loop closes at its start cell `start`, read from its ends: whether its first
/// and last links are strong, and the start's digit at each end (`sc`, `ec`). The plain and
/// the grouped loops share these rules.
pub(super) enum LoopClose {
    /// A discontinuous loop: the candidates of `start` it removes.
    Discontinuous(Vec<Candidate>),
    /// A continuous loop: every weak link of it becomes strong (the caller finds what that
    /// removes).
    Continuous,
    /// The ends prove nothing.
    Open,
}

/// See [`LoopClose`].
pub(super) fn loop_close(
    grid: &Grid,
    start: usize,
    first_strong: bool,
    last_strong: bool,
    sc: u8,
    ec: u8,
) -> LoopClose {
    if !first_strong && !last_strong && sc == ec {
        // "sc on" implies "sc off": sc is false.
        LoopClose::Discontinuous(vec![Candidate::new(start, sc)])
    } else if first_strong && last_strong && sc == ec {
        // "sc off" implies "sc on": sc is true, every other candidate goes.
        let others = digits::iter(grid.candidates(start) & !digits::bit(sc));
        LoopClose::Discontinuous(others.map(|d| Candidate::new(start, d)).collect())
    } else if first_strong != last_strong && sc != ec {
        // The digit of the weak end goes.
        LoopClose::Discontinuous(vec![Candidate::new(
            start,
            if first_strong { ec } else { sc },
        )])
    } else if (!first_strong && !last_strong && grid.candidates(start).count_ones() == 2)
        || (first_strong && last_strong)
        || (first_strong != last_strong && sc == ec)
    {
        LoopClose::Continuous
    } else {
        LoopClose::Open
    }
}

/// The first tests of [`aic`] on an AIC's end, made cheap for the loop over every literal a
/// search from "`digit` in `cell` is off" reaches: most ends fail them.
struct AicEnds {
    digit: u8,
    /// The peers of the premise's cell, those of them holding `digit`, and its candidates.
    near: CellSet,
    near_with: CellSet,
    cands: u16,
}

impl AicEnds {
    fn of(grid: &Grid, cell: usize, digit: u8) -> AicEnds {
        let near = peers(cell);
        AicEnds {
            digit,
            near,
            near_with: near & grid.cells_with(digit),
            cands: grid.candidates(cell),
        }
    }

    /// Whether `end` ("on", in another cell) passes [`aic`]'s tests of what it removes:
    /// `false` only when [`aic`] finds nothing there.
    #[inline]
    fn may_end(&self, grid: &Grid, end: Lit) -> bool {
        let (y, ec) = (lit_cell(end), lit_digit(end));
        if ec == self.digit {
            (self.near_with & peers(y)).several()
        } else {
            self.near.contains(y) && grid.has(y, self.digit) && self.cands & digits::bit(ec) != 0
        }
    }
}

/// An AIC: from "sc in X is off" the search reached "ec in Y is on", Y another cell.
fn aic(engine: &Engine<'_>, end: Lit) -> Option<(Vec<Candidate>, Vec<Lit>)> {
    let grid = engine.grid;
    let premise = engine.order[0];
    let (x, sc) = (lit_cell(premise), lit_digit(premise));
    let (y, ec) = (lit_cell(end), lit_digit(end));
    let elims = if sc == ec {
        // Type 1: the digit leaves every cell that sees both ends. A single victim is left to
        // the discontinuous nice loop it also makes.
        let victims = peers(x) & peers(y) & grid.cells_with(sc);
        if !victims.several() {
            return None;
        }
        candidates_of(victims, sc)
    } else {
        // Type 2: the ends see each other; each loses the other's digit.
        if !peers(x).contains(y) || !grid.has(y, sc) || !grid.has(x, ec) {
            return None;
        }
        vec![Candidate::new(x, ec), Candidate::new(y, sc)]
    };
    if engine.dist(end) <= 2 {
        return None;
    }
    let path = engine.path(end);
    if is_lasso(&path, None) {
        return None;
    }
    Some((elims, path))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::board::Board;
    use crate::logic::{Ladder, SolveEnd, solve};
    use crate::solver;

    /// Positions where singles, intersections and subsets are stuck, from the project's hard
    /// puzzles, with the puzzle's solution.
    fn stuck_positions() -> Vec<(Grid, [u8; 81])> {
        let basic = Ladder::from_list("singles,intersections,subsets").unwrap();
        let mut out = Vec::new();
        for line in include_str!("../../puzzles/hard.txt").lines() {
            let Ok(board) = line.trim().parse::<Board>() else {
                continue;
            };
            if solver::count_solutions(&board, 2) != 1 {
                continue;
            }
            let solution = *solver::solve_first(&board).unwrap().cells();
            let mut grid = Grid::new(&board);
            if solve(&mut grid, &basic, None, |_, _| ControlFlow::Continue(())) == SolveEnd::Stuck {
                out.push((grid, solution));
            }
        }
        out
    }

    /// Whether a link holds in `grid`: a weak link joins two candidates of one cell or one
    /// digit in a house; a strong link a bivalue cell or a digit with two places in a house.
    fn link_holds(grid: &Grid, link: &Link) -> bool {
        let (a, b) = (
            link.from.cells.first().unwrap(),
            link.to.cells.first().unwrap(),
        );
        let (da, db) = (link.from.digit, link.to.digit);
        if !grid.has(a, da) || !grid.has(b, db) || (a, da) == (b, db) {
            return false;
        }
        if a == b {
            return !link.strong || grid.candidates(a).count_ones() == 2;
        }
        if da != db || !peers(a).contains(b) {
            return false;
        }
        let pair = CellSet::single(a) | CellSet::single(b);
        !link.strong
            || (0..27).any(|h| {
                pair.is_subset(crate::geometry::classic::house(h))
                    && grid.house_cells_with(h, da) == pair
            })
    }

    /// The chain alternates strong and weak links that hold in the grid.
    fn check_chain(grid: &Grid, step: &Step) {
        assert_eq!(step.evidence.chains.len(), 1, "{step}");
        let chain = &step.evidence.chains[0];
        assert!(chain.len() >= 3, "{step}");
        for (i, link) in chain.iter().enumerate() {
            assert!(link_holds(grid, link), "link {i} of {step}\n{grid}");
            if i > 0 {
                assert_eq!(chain[i - 1].to, link.from, "{step}");
                assert_ne!(chain[i - 1].strong, link.strong, "{step}");
            }
        }
    }

    /// Positions with many candidates left (after singles only) and with few (after the
    /// basic families), from the project's hard puzzles; the grouped loops' tests use them
    /// too.
    pub(in crate::logic) fn positions_for_the_engine() -> Vec<Grid> {
        let singles = Ladder::from_list("singles").unwrap();
        let mut out: Vec<Grid> = stuck_positions().into_iter().map(|(g, _)| g).collect();
        for line in include_str!("../../puzzles/hard.txt").lines() {
            if let Ok(board) = line.trim().parse::<Board>() {
                let mut grid = Grid::new(&board);
                solve(&mut grid, &singles, None, |_, _| ControlFlow::Continue(()));
                out.push(grid);
            }
        }
        out
    }

    #[test]
    fn leaving_dead_ends_out_changes_no_search() {
        // Every literal a search reads as the end of a chain ("on" literals, and with every
        // link the premise's cell, for the loops) is reached with the same parent and
        // distance with the dead ends left out as with them in, for every kind of links; and
        // the loop search finds the same steps in the same order.
        let positions = positions_for_the_engine();
        assert!(positions.len() > 20);
        let mut dead_seen = 0;
        for grid in &positions {
            let kinds = [Links::All, Links::Bivalue]
                .into_iter()
                .chain((1..=9).map(Links::Digit));
            for links in kinds {
                let mut pruned = Engine::with_pruning(grid, links, true);
                let mut full = Engine::with_pruning(grid, links, false);
                dead_seen += pruned.dead_places.iter().map(|p| p.len()).sum::<usize>();
                for cell in grid.empty_cells() {
                    for digit in digits::iter(grid.candidates(cell)) {
                        for on in [true, false] {
                            let premise = lit(cell, digit, on);
                            let ends = |e: &mut Engine<'_>| {
                                e.explore(premise);
                                let mut ends: Vec<(Lit, u32)> = e
                                    .order()
                                    .iter()
                                    .filter(|&&l| {
                                        lit_on(l) || (links == Links::All && lit_cell(l) == cell)
                                    })
                                    .map(|&l| (l, e.reach[usize::from(l)]))
                                    .collect();
                                ends.sort_unstable();
                                ends
                            };
                            assert_eq!(ends(&mut pruned), ends(&mut full), "{links:?}\n{grid}");
                        }
                    }
                }
            }
            assert_eq!(
                search_loops_with(grid, true, false),
                search_loops_with(grid, false, false),
                "{grid}"
            );
        }
        assert!(dead_seen > 0);
    }

    #[test]
    fn premises_skipped_by_their_reach_find_nothing() {
        // Every premise the reach summary rules out finds no nice loop and no AIC when
        // searched all the same, and the loop search finds the same steps in the same order
        // with the skips as without.
        let positions = positions_for_the_engine();
        let (mut skipped, mut kept) = (0, 0);
        for grid in &positions {
            let mut engine = Engine::new(grid, Links::All);
            let reach = Reach::of(&engine);
            for cell in grid.empty_cells() {
                for digit in digits::iter(grid.candidates(cell)) {
                    for on in [true, false] {
                        if reach.may_find(grid, cell, digit, on) {
                            kept += 1;
                            continue;
                        }
                        skipped += 1;
                        engine.explore(lit(cell, digit, on));
                        for &end in &engine.order()[1..] {
                            if lit_cell(end) == cell {
                                assert!(nice_loop(&engine, end).is_none(), "{grid}");
                            } else if !on && lit_on(end) {
                                assert!(aic(&engine, end).is_none(), "{grid}");
                            }
                        }
                    }
                }
            }
            assert_eq!(
                search_loops_with(grid, true, true),
                search_loops_with(grid, true, false),
                "{grid}"
            );
        }
        assert!(skipped > 0 && kept > 0, "{skipped} skipped, {kept} kept");
    }

    #[test]
    fn x_chains_skipping_digits_that_found_nothing_find_the_same() {
        // Positions one after the other, each the last with candidates of one digit taken
        // out: the X-Chain search with the memo of digits that found nothing carried along
        // finds what a search without it finds, and the memo skips some digits.
        let mut barren: [Option<CellSet>; 9] = Default::default();
        let mut skipped = 0;
        let mut seed = crate::testing::XorShift32(0x2545_f491);
        for grid in &positions_for_the_engine() {
            let mut grid = *grid;
            for _ in 0..6 {
                let known = barren;
                assert_eq!(x_chains(&grid, Some(&mut barren)), x_chains(&grid, None));
                skipped += (1..=9)
                    .filter(|&d| known[usize::from(d - 1)] == Some(grid.cells_with(d)))
                    .count();
                let r = seed.next_u32();
                let digit = (r % 9) as u8 + 1;
                let cells: Vec<usize> = grid.cells_with(digit).iter().collect();
                if let Some(&cell) = cells.get((r >> 8) as usize % cells.len().max(1))
                    && grid.candidates(cell).count_ones() > 1
                {
                    let _ = grid.eliminate(cell, digit);
                }
            }
        }
        assert!(skipped > 0);
    }

    #[test]
    fn aic_ends_ruled_out_early_make_no_aic() {
        // Every end the cheap test rules out is one `aic` finds nothing at, and some ends
        // pass it and some fail it.
        let (mut passed, mut failed) = (0, 0);
        for grid in &positions_for_the_engine() {
            let mut engine = Engine::new(grid, Links::All);
            for cell in grid.empty_cells() {
                for digit in digits::iter(grid.candidates(cell)) {
                    let ends = AicEnds::of(grid, cell, digit);
                    engine.explore(lit(cell, digit, false));
                    for &end in &engine.order()[1..] {
                        if lit_cell(end) == cell || !lit_on(end) {
                            continue;
                        }
                        if ends.may_end(grid, end) {
                            passed += 1;
                        } else {
                            failed += 1;
                            assert!(aic(&engine, end).is_none(), "{grid}");
                        }
                    }
                }
            }
        }
        assert!(passed > 0 && failed > 0, "{passed} passed, {failed} failed");
    }

    #[test]
    fn chains_on_stuck_positions_are_sound_and_well_formed() {
        let positions = stuck_positions();
        assert!(!positions.is_empty());
        let techniques = [
            Technique::XChain,
            Technique::XYChain,
            Technique::RemotePair,
            Technique::ContinuousNiceLoop,
            Technique::DiscontinuousNiceLoop,
            Technique::Aic,
        ];
        let mut counts = [0usize; 6];
        for (grid, solution) in &positions {
            for (i, &t) in techniques.iter().enumerate() {
                for step in t.all(grid) {
                    counts[i] += 1;
                    assert!(!step.eliminations.is_empty());
                    for e in &step.eliminations {
                        assert!(grid.has(e.cell(), e.digit), "{step}");
                        assert_ne!(solution[e.cell()], e.digit, "{step}\n{grid}");
                    }
                    check_chain(grid, &step);
                    let chain = &step.evidence.chains[0];
                    match t {
                        Technique::XChain => {
                            assert!(chain.iter().all(|l| l.from.digit == l.to.digit));
                            assert!(chain[0].strong && chain[chain.len() - 1].strong);
                        }
                        Technique::XYChain => {
                            for l in chain {
                                assert_eq!(
                                    grid.candidates(l.from.cells.first().unwrap()).count_ones(),
                                    2
                                );
                            }
                            assert_eq!(chain[0].from.digit, chain[chain.len() - 1].to.digit);
                        }
                        Technique::Aic | Technique::RemotePair => {
                            assert!(chain[0].strong && chain[chain.len() - 1].strong);
                        }
                        _ => {
                            // A nice loop ends in the cell it starts from.
                            assert_eq!(chain[0].from.cells, chain[chain.len() - 1].to.cells);
                        }
                    }
                }
            }
        }
        // The hard puzzles need X-Chains, XY-Chains, loops and AICs somewhere.
        for (i, t) in techniques.iter().enumerate() {
            if *t != Technique::RemotePair {
                assert!(counts[i] > 0, "no {t:?} found");
            }
        }
    }

    #[test]
    fn a_remote_pair_built_by_hand() {
        // On an empty grid, four cells left with 1 and 2 only, each seeing the next:
        // r1c1 - r1c5 (row 1) - r5c5 (column 5) - r5c9 (row 5). The ends hold different digits,
        // so r1c9 and r5c1, which see both ends, hold neither.
        let mut marks = [digits::ALL; 81];
        for cell in [0, 4, 40, 44] {
            marks[cell] = digits::bit(1) | digits::bit(2);
        }
        let grid = Grid::from_parts(&Board::empty(), CellSet::EMPTY, Some(&marks));
        let steps = Technique::RemotePair.all(&grid);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let mut elims: Vec<(usize, u8)> = steps[0]
            .eliminations
            .iter()
            .map(|c| (c.cell(), c.digit))
            .collect();
        elims.sort_unstable();
        assert_eq!(elims, vec![(8, 1), (8, 2), (36, 1), (36, 2)]);
        assert_eq!(steps[0].evidence.chains[0].len(), 7);
        // The same pattern is an XY-Chain: 1 (and 2) leave the cells that see both ends.
        let xy = Technique::XYChain.all(&grid);
        assert!(
            xy.iter()
                .any(|s| s.eliminations.iter().all(|e| [8, 36].contains(&e.cell())))
        );
    }

    #[test]
    fn literals_round_trip() {
        for cell in [0, 40, 80] {
            for digit in 1..=9 {
                for on in [false, true] {
                    let l = lit(cell, digit, on);
                    assert!(usize::from(l) < LITS);
                    assert_eq!((lit_cell(l), lit_digit(l), lit_on(l)), (cell, digit, on));
                }
            }
        }
    }
}
