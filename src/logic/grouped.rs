//! Grouped nice loops and grouped AICs: the nice loops and AICs of [`super::chains`], with
//! *group nodes* among their links.
//!
//! A group node is a digit in the two or three cells where a line (row or column) meets a box,
//! read as one node: "on" when the digit is in one of those cells, "off" when in none. Its links
//! follow HoDoKu's definitions (its regression library checks them):
//!
//! - weak: a group (or candidate) that is on turns off every candidate of its digit that sees
//!   all of its cells, and every group of that digit in one of its houses that does not share a
//!   cell with it;
//! - strong: a group (or candidate) that is off turns on what is left of its digit in its box
//!   or its line when that is one candidate or one group.
//!
//! The search is the same breadth-first implication search as the plain loops, from every
//! candidate on and off, over candidates and groups; a loop or AIC begins and ends on
//! candidates, and counts here only when a group node is on it (the loops without one are the
//! plain techniques'). The eliminations are HoDoKu's, with a group's "sees" meaning "sees every
//! cell of the group".

use std::collections::HashMap;

use crate::geometry::classic::{CELL_HOUSES, house, peers};
use crate::geometry::{CellSet, digits};

use super::{Candidate, Evidence, Grid, Link, Node, Step, Technique};

/// A digit in the cells of one line inside one box.
struct Group {
    cells: CellSet,
    digit: u8,
    /// The line: a row (0..9) or a column (9..18).
    line: usize,
    /// The box (18..27).
    boxh: usize,
    /// The cells that see every cell of the group.
    buddies: CellSet,
}

/// A literal: bit 0 "on", the rest the node (`9 * cell + digit - 1` for a candidate, `729 + g`
/// for group `g`).
type Lit = u32;

const CANDS: usize = 729;
const UNSEEN: u32 = u32::MAX;

/// Every group node of `grid`, in HoDoKu's order: rows, then columns; in each line, digit by
/// digit, box by box.
fn group_nodes(grid: &Grid) -> Vec<Group> {
    let mut out = Vec::new();
    for line in 0..18 {
        for digit in 1..=9u8 {
            let places = grid.house_cells_with(line, digit);
            if places.is_empty() {
                continue;
            }
            for boxh in 18..27 {
                let cells = places & house(boxh);
                if cells.len() >= 2 {
                    let buddies = cells.iter().fold(CellSet::ALL, |b, c| b & peers(c));
                    out.push(Group {
                        cells,
                        digit,
                        line,
                        boxh,
                        buddies,
                    });
                }
            }
        }
    }
    out
}

/// The implication graph of one grid over candidates and groups, and a breadth-first search.
struct Net<'g> {
    grid: &'g Grid,
    groups: Vec<Group>,
    adjacent: Vec<Lit>,
    start: Vec<u32>,
    /// Per literal reached: bits 0..20 the parent literal, 20..32 the distance.
    reach: Vec<u32>,
    order: Vec<Lit>,
}

#[inline]
fn cand_lit(cell: usize, digit: u8, on: bool) -> Lit {
    ((cell * 9 + usize::from(digit - 1)) * 2 + usize::from(on)) as Lit
}

#[inline]
fn group_lit(g: usize, on: bool) -> Lit {
    ((CANDS + g) * 2 + usize::from(on)) as Lit
}

#[inline]
fn is_on(l: Lit) -> bool {
    l & 1 != 0
}

#[inline]
fn node_of(l: Lit) -> usize {
    (l >> 1) as usize
}

impl<'g> Net<'g> {
    fn new(grid: &'g Grid) -> Net<'g> {
        let groups = group_nodes(grid);
        let lits = (CANDS + groups.len()) * 2;
        let mut net = Net {
            grid,
            groups,
            adjacent: Vec::with_capacity(8192),
            start: Vec::with_capacity(lits + 1),
            reach: vec![UNSEEN; lits],
            order: Vec::with_capacity(lits),
        };
        let mut out = Vec::with_capacity(64);
        for l in 0..lits as Lit {
            net.start.push(net.adjacent.len() as u32);
            out.clear();
            net.implications(l, &mut out);
            net.adjacent.extend_from_slice(&out);
        }
        net.start.push(net.adjacent.len() as u32);
        net
    }

    fn digit(&self, l: Lit) -> u8 {
        let n = node_of(l);
        if n < CANDS {
            (n % 9) as u8 + 1
        } else {
            self.groups[n - CANDS].digit
        }
    }

    /// The cells of a literal's node.
    fn cells(&self, l: Lit) -> CellSet {
        let n = node_of(l);
        if n < CANDS {
            CellSet::single(n / 9)
        } else {
            self.groups[n - CANDS].cells
        }
    }

    /// The cell HoDoKu names a node by: its cell, or a group's first cell.
    fn cell(&self, l: Lit) -> usize {
        let n = node_of(l);
        if n < CANDS {
            n / 9
        } else {
            self.groups[n - CANDS].cells.first().unwrap_or(0)
        }
    }

    fn is_group(l: Lit) -> bool {
        node_of(l) >= CANDS
    }

    /// The cells that see every cell of a literal's node.
    fn buddies(&self, l: Lit) -> CellSet {
        let n = node_of(l);
        if n < CANDS {
            peers(n / 9)
        } else {
            self.groups[n - CANDS].buddies
        }
    }

    fn node(&self, l: Lit) -> Node {
        Node::group(self.cells(l), self.digit(l))
    }

    /// The direct implications of `l`: a candidate's as in the plain loops, then its links to
    /// groups; a group's to candidates, then to other groups.
    fn implications(&self, l: Lit, out: &mut Vec<Lit>) {
        let grid = self.grid;
        let n = node_of(l);
        let on = is_on(l);
        if n < CANDS {
            let (cell, digit) = (n / 9, (n % 9) as u8 + 1);
            if !grid.has(cell, digit) {
                return;
            }
            let places = grid.cells_with(digit);
            if on {
                for d in digits::iter(grid.candidates(cell) & !digits::bit(digit)) {
                    out.push(cand_lit(cell, d, false));
                }
                let mut seen = CellSet::single(cell);
                for &h in &CELL_HOUSES[cell] {
                    let others = grid.house_cells_with(usize::from(h), digit) - seen;
                    seen |= others;
                    for other in others {
                        out.push(cand_lit(other, digit, false));
                    }
                }
                for (g, group) in self.groups.iter().enumerate() {
                    if group.digit == digit && group.buddies.contains(cell) {
                        out.push(group_lit(g, false));
                    }
                }
            } else {
                let cands = grid.candidates(cell);
                if cands.count_ones() == 2 {
                    out.push(cand_lit(
                        cell,
                        digits::first(cands & !digits::bit(digit)),
                        true,
                    ));
                }
                for &h in &CELL_HOUSES[cell] {
                    let here = grid.house_cells_with(usize::from(h), digit);
                    if here.len() == 2 {
                        let other = (here - CellSet::single(cell)).first().unwrap_or(cell);
                        out.push(cand_lit(other, digit, true));
                    }
                }
                for (g, group) in self.groups.iter().enumerate() {
                    if group.digit != digit || group.cells.contains(cell) {
                        continue;
                    }
                    for h in [group.boxh, group.line] {
                        if (places & house(h)) - group.cells == CellSet::single(cell) {
                            out.push(group_lit(g, true));
                        }
                    }
                }
            }
            return;
        }
        let g = n - CANDS;
        let group = &self.groups[g];
        let places = grid.cells_with(group.digit);
        let others = |h: usize| {
            self.groups.iter().enumerate().filter(move |&(j, o)| {
                j != g
                    && o.digit == group.digit
                    && !o.cells.intersects(group.cells)
                    && (o.line == h || o.boxh == h)
            })
        };
        if on {
            for c in places & group.buddies {
                out.push(cand_lit(c, group.digit, false));
            }
            for (j, o) in self.groups.iter().enumerate() {
                if j != g
                    && o.digit == group.digit
                    && !o.cells.intersects(group.cells)
                    && (o.line == group.line || o.boxh == group.boxh)
                {
                    out.push(group_lit(j, false));
                }
            }
        } else {
            for h in [group.boxh, group.line] {
                let rest = (places & house(h)) - group.cells;
                if rest.len() == 1 {
                    out.push(cand_lit(rest.first().unwrap_or(0), group.digit, true));
                }
            }
            for h in [group.line, group.boxh] {
                let mut it = others(h);
                if let (Some((j, o)), None) = (it.next(), it.next())
                    && ((places & house(h)) - group.cells - o.cells).is_empty()
                {
                    out.push(group_lit(j, true));
                }
            }
        }
    }

    /// Everything `premise` implies, each by a shortest chain.
    fn explore(&mut self, premise: Lit) {
        for &l in &self.order {
            self.reach[l as usize] = UNSEEN;
        }
        self.order.clear();
        self.reach[premise as usize] = premise;
        self.order.push(premise);
        let mut head = 0;
        while head < self.order.len() {
            let from = self.order[head];
            head += 1;
            let d = (self.reach[from as usize] >> 20) + 1;
            let (a, b) = (
                self.start[from as usize] as usize,
                self.start[from as usize + 1] as usize,
            );
            for i in a..b {
                let to = self.adjacent[i];
                if self.reach[to as usize] == UNSEEN {
                    self.reach[to as usize] = d.min(0xfff) << 20 | from;
                    self.order.push(to);
                }
            }
        }
    }

    fn dist(&self, l: Lit) -> usize {
        (self.reach[l as usize] >> 20) as usize
    }

    fn parent(&self, l: Lit) -> Lit {
        self.reach[l as usize] & 0xfffff
    }

    fn path(&self, l: Lit) -> Vec<Lit> {
        let mut path = vec![l];
        let mut at = l;
        while self.parent(at) != at {
            at = self.parent(at);
            path.push(at);
        }
        path.reverse();
        path
    }

    /// Whether a chain runs back into a cell it left (HoDoKu's check: a node's first cell
    /// against every cell of the nodes before the last one).
    fn is_lasso(&self, path: &[Lit], loop_start: Option<usize>) -> bool {
        let mut visited = CellSet::EMPTY;
        for i in 0..path.len() {
            if visited.contains(self.cell(path[i])) {
                return true;
            }
            if i > 0 && Some(self.cell(path[i - 1])) != loop_start {
                visited |= self.cells(path[i - 1]);
            }
        }
        false
    }

    fn links(&self, path: &[Lit]) -> Vec<Link> {
        path.windows(2)
            .map(|w| Link {
                from: self.node(w[0]),
                to: self.node(w[1]),
                strong: is_on(w[1]),
            })
            .collect()
    }
}

/// A nice loop from the premise back to `end`, a candidate of the start cell.
fn nice_loop(net: &Net<'_>, end: Lit) -> Option<(Technique, Vec<Candidate>, Vec<Lit>)> {
    if net.dist(end) <= 2 {
        return None;
    }
    let grid = net.grid;
    let path = net.path(end);
    if !path.iter().any(|&l| Net::is_group(l)) {
        return None;
    }
    let k = path.len() - 1;
    let start = net.cell(path[0]);
    if net.cell(path[1]) == start || net.cell(path[k - 1]) == start {
        return None;
    }
    if net.is_lasso(&path, Some(start)) {
        return None;
    }
    let first_strong = is_on(path[1]);
    let last_strong = is_on(path[k]);
    let sc = net.digit(path[0]);
    let ec = net.digit(path[k]);
    let mut elims = Vec::new();
    let mut technique = Technique::GroupedDiscontinuousNiceLoop;
    if !first_strong && !last_strong && sc == ec {
        elims.push(Candidate::new(start, sc));
    } else if first_strong && last_strong && sc == ec {
        for d in digits::iter(grid.candidates(start) & !digits::bit(sc)) {
            elims.push(Candidate::new(start, d));
        }
    } else if first_strong != last_strong && sc != ec {
        elims.push(Candidate::new(start, if first_strong { ec } else { sc }));
    } else if (!first_strong && !last_strong && grid.candidates(start).count_ones() == 2)
        || (first_strong && last_strong)
        || (first_strong != last_strong && sc == ec)
    {
        technique = Technique::GroupedContinuousNiceLoop;
        let chain_cells = path.iter().fold(CellSet::EMPTY, |s, &l| s | net.cells(l));
        for i in 0..=k {
            let cell_i = net.cell(path[i]);
            let both_strong = if i == 0 {
                first_strong && last_strong
            } else {
                is_on(path[i])
                    && i + 2 <= k
                    && net.cell(path[i - 1]) != cell_i
                    && !is_on(path[i + 1])
                    && net.cell(path[i + 1]) == cell_i
                    && is_on(path[i + 2])
                    && net.cell(path[i + 2]) != cell_i
            };
            if both_strong {
                let (c1, c2) = if i == 0 {
                    (sc, ec)
                } else {
                    (net.digit(path[i]), net.digit(path[i + 2]))
                };
                let keep = digits::bit(c1) | digits::bit(c2);
                for d in digits::iter(grid.candidates(cell_i) & !keep) {
                    elims.push(Candidate::new(cell_i, d));
                }
            }
            if i > 0 && !is_on(path[i]) && net.cell(path[i - 1]) != cell_i {
                let digit = net.digit(path[i]);
                let victims =
                    (net.buddies(path[i - 1]) & net.buddies(path[i]) & grid.cells_with(digit))
                        - chain_cells
                        - CellSet::single(start);
                elims.extend(victims.iter().map(|c| Candidate::new(c, digit)));
            }
        }
    }
    if elims.is_empty() {
        None
    } else {
        Some((technique, elims, path))
    }
}

/// An AIC from "start is off" to `end` (a candidate of another cell) on.
fn aic(net: &Net<'_>, end: Lit) -> Option<(Vec<Candidate>, Vec<Lit>)> {
    let grid = net.grid;
    let premise = net.order[0];
    let (x, sc) = (net.cell(premise), net.digit(premise));
    let (y, ec) = (net.cell(end), net.digit(end));
    let elims = if sc == ec {
        let victims = peers(x) & peers(y) & grid.cells_with(sc);
        if victims.len() < 2 {
            return None;
        }
        victims.iter().map(|c| Candidate::new(c, sc)).collect()
    } else {
        if !peers(x).contains(y) || !grid.has(y, sc) || !grid.has(x, ec) {
            return None;
        }
        vec![Candidate::new(x, ec), Candidate::new(y, sc)]
    };
    if net.dist(end) <= 2 {
        return None;
    }
    let path = net.path(end);
    if !path.iter().any(|&l| Net::is_group(l)) || net.is_lasso(&path, None) {
        return None;
    }
    Some((elims, path))
}

/// Steps kept one per set of eliminations, the shortest chain.
#[derive(Default)]
struct Found {
    steps: Vec<(usize, Step)>,
    index: HashMap<Vec<Candidate>, usize>,
}

impl Found {
    fn add(
        &mut self,
        net: &Net<'_>,
        technique: Technique,
        mut elims: Vec<Candidate>,
        path: &[Lit],
    ) {
        elims.sort_unstable_by_key(|c| (c.digit, c.cell));
        elims.dedup();
        let len = path.len();
        let step = || {
            let cells = path.iter().fold(CellSet::EMPTY, |s, &l| s | net.cells(l));
            let digits = path
                .iter()
                .fold(0u16, |m, &l| m | digits::bit(net.digit(l)));
            Step::elimination(
                technique,
                elims.clone(),
                Evidence {
                    cells,
                    digits,
                    chains: vec![net.links(path)],
                    ..Evidence::default()
                },
            )
        };
        if let Some(&i) = self.index.get(&elims) {
            if self.steps[i].0 > len {
                self.steps[i] = (len, step());
            }
            return;
        }
        self.index.insert(elims.clone(), self.steps.len());
        self.steps.push((len, step()));
    }

    fn into_steps(mut self) -> Vec<Step> {
        self.steps.sort_by_key(|(len, _)| *len);
        self.steps.into_iter().map(|(_, s)| s).collect()
    }
}

/// Every grouped continuous nice loop, grouped discontinuous nice loop and grouped AIC of
/// `grid`, in that order, shortest first within each.
pub(super) fn search(grid: &Grid) -> Vec<Step> {
    let mut continuous = Found::default();
    let mut discontinuous = Found::default();
    let mut aics = Found::default();
    let mut net = Net::new(grid);
    if net.groups.is_empty() {
        return Vec::new();
    }
    let candidates: Vec<(usize, u8)> = grid
        .empty_cells()
        .iter()
        .flat_map(|c| digits::iter(grid.candidates(c)).map(move |d| (c, d)))
        .collect();
    for on in [true, false] {
        for &(cell, digit) in &candidates {
            net.explore(cand_lit(cell, digit, on));
            for i in 1..net.order.len() {
                let end = net.order[i];
                if Net::is_group(end) {
                    continue;
                }
                if net.cell(end) == cell {
                    if let Some((t, elims, path)) = nice_loop(&net, end) {
                        let found = if t == Technique::GroupedContinuousNiceLoop {
                            &mut continuous
                        } else {
                            &mut discontinuous
                        };
                        found.add(&net, t, elims, &path);
                    }
                } else if !on
                    && is_on(end)
                    && let Some((elims, path)) = aic(&net, end)
                {
                    aics.add(&net, Technique::GroupedAic, elims, &path);
                }
            }
        }
    }
    let mut steps = continuous.into_steps();
    steps.extend(discontinuous.into_steps());
    steps.extend(aics.into_steps());
    steps
}
