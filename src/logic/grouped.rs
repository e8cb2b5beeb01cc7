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
//! With HoDoKu's option "allow ALS in chains" (off in its default settings, and so here: see
//! [`super::Memo::with_als_nodes`]), *ALS nodes* join them: an almost locked set that loses a
//! digit `j` (every cell of it holding `j` sees a candidate `j` that is on, or a group `j` that
//! is on) is a locked set of its other digits, which turns off every candidate and group of
//! those digits that sees all the set's cells holding it, sets off other sets that lose a
//! digit that way, and turns on the last candidate of a cell those eliminations leave with
//! one (the cell is then "forced": a strong link that stands for a weak one left out). An ALS
//! node exists only where it eliminates something, and only for sets of two cells or more.
//! Links out of a set count longer by HoDoKu's "chain penalty" (more for bigger sets), so a
//! chain takes a set only where plain links do no better.
//!
//! The search is the same breadth-first implication search as the plain loops, from every
//! candidate on and off, over candidates, groups and ALS nodes; a loop or AIC begins and ends
//! on candidates, and counts here only when a group or ALS node is on it (the loops without
//! one are the plain techniques'). The eliminations are HoDoKu's, with a group's "sees" meaning
//! "sees every cell of the group", and an ALS node's "sees every cell of the set that holds the
//! digit"; a continuous loop through an ALS node also removes the set's other digits (not the
//! ones it is entered or left by) from the cells that see all of the set's cells holding them.

use std::collections::HashMap;

use crate::geometry::classic::{CELL_HOUSES, box_of, col_of, house, peers, row_of};
use crate::geometry::{CellSet, digits};

use super::als::{self, Als};
use super::chains::{LoopClose, loop_close};
use super::{Candidate, Evidence, Grid, Link, Node, NodeKind, Step, Technique};

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

/// A digit taken out of an almost locked set: the rest of the set is locked.
struct AlsNode {
    /// The set (index into [`Net::alses`]).
    als: usize,
    digit: u8,
    /// The cell HoDoKu names the node by: the set's first cell holding the digit.
    cell: usize,
}

/// What a node is.
enum Kind {
    Candidate(usize, u8),
    Group(usize),
    Als(usize),
}

/// A literal: bit 0 "on", the rest the node (`9 * cell + digit - 1` for a candidate, `729 + g`
/// for group `g`, `729 + groups + a` for ALS node `a`, which is only ever "off": the set loses
/// its digit).
type Lit = u32;

const CANDS: usize = 729;
/// Where an edge of the implication graph keeps how much longer than one link it counts
/// (ALS nodes only; literals take 20 bits).
const WEIGHT_SHIFT: u32 = 24;
const LIT_MASK: u32 = (1 << WEIGHT_SHIFT) - 1;
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
            // The three boxes the line meets, in increasing order.
            let boxes = if line < 9 {
                [0, 1, 2].map(|i| 18 + line / 3 * 3 + i)
            } else {
                [0, 3, 6].map(|i| 18 + (line - 9) / 3 + i)
            };
            for boxh in boxes {
                let cells = places & house(boxh);
                if cells.several() {
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

/// Every ALS node of `grid`: for each almost locked set of two cells or more (in
/// [`als::collect`]'s order, HoDoKu's), each digit whose removal eliminates something.
fn als_nodes(grid: &Grid) -> (Vec<Als>, Vec<AlsNode>) {
    let mut alses = Vec::new();
    als::collect(grid, &mut alses);
    alses.retain(|a| a.cells.len() >= 2);
    let mut nodes = Vec::new();
    for (i, set) in alses.iter().enumerate() {
        for digit in digits::iter(set.digits) {
            let eliminates =
                digits::iter(set.digits & !digits::bit(digit)).any(|d| !set.seeing(d).is_empty());
            if eliminates {
                let cell = set.holding[usize::from(digit - 1)].first().unwrap_or(0);
                nodes.push(AlsNode {
                    als: i,
                    digit,
                    cell,
                });
            }
        }
    }
    (alses, nodes)
}

/// The implication graph of one grid over candidates, groups and ALS nodes, and a
/// breadth-first search.
struct Net<'g> {
    grid: &'g Grid,
    groups: Vec<Group>,
    /// The groups of each digit (index `digit - 1`), in the order of `groups`.
    by_digit: [Vec<usize>; 9],
    /// Per digit (index `digit - 1`) and house, the groups of the digit in the house (their
    /// line or their box): bit `i` stands for `by_digit[digit - 1][i]` (a digit has at most
    /// 18 lines times 3 boxes of groups, so 64 bits hold them). The links between a group and
    /// a candidate or another group all run inside one house of both, so the lists are built
    /// from these few groups rather than from every group of the digit.
    in_house: [[u64; 27]; 9],
    alses: Vec<Als>,
    als_nodes: Vec<AlsNode>,
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
    fn new(grid: &'g Grid, with_als: bool) -> Net<'g> {
        Net::with_index(grid, with_als, true)
    }

    /// [`Net::new`]; without `index`, [`Net::in_house`] lists every group of the digit for
    /// every house (for the test that checks the index leaves out no link).
    fn with_index(grid: &'g Grid, with_als: bool, index: bool) -> Net<'g> {
        let groups = group_nodes(grid);
        let (alses, als_nodes) = if with_als {
            als_nodes(grid)
        } else {
            (Vec::new(), Vec::new())
        };
        let lits = (CANDS + groups.len() + als_nodes.len()) * 2;
        let mut by_digit: [Vec<usize>; 9] = Default::default();
        let mut in_house = [[0u64; 27]; 9];
        for (g, group) in groups.iter().enumerate() {
            let d = usize::from(group.digit - 1);
            let bit = 1u64 << by_digit[d].len();
            in_house[d][group.line] |= bit;
            in_house[d][group.boxh] |= bit;
            by_digit[d].push(g);
        }
        if !index {
            for (all, of_digit) in in_house.iter_mut().zip(&by_digit) {
                *all = [(1u64 << of_digit.len()) - 1; 27];
            }
        }
        let mut net = Net {
            grid,
            groups,
            by_digit,
            in_house,
            alses,
            als_nodes,
            adjacent: Vec::with_capacity(8192),
            start: Vec::with_capacity(lits + 1),
            reach: vec![UNSEEN; lits],
            order: Vec::with_capacity(lits),
        };
        let mut out = Vec::with_capacity(64);
        // Only the candidates' literals and the groups' and sets' have links: the candidates
        // are walked in increasing order, the literals between two of them get empty lists
        // (`start` filled with the length so far up to the next one).
        net.start.resize(lits + 1, 0);
        let mut next = 0;
        let mut add = |net: &mut Net<'_>, l: Lit, out: &mut Vec<Lit>| {
            let l = l as usize;
            let len = net.adjacent.len() as u32;
            net.start[next..=l].fill(len);
            out.clear();
            net.implications(l as Lit, out);
            net.adjacent.extend_from_slice(out);
            next = l + 1;
        };
        for cell in grid.empty_cells() {
            for digit in digits::iter(grid.candidates(cell)) {
                for on in [false, true] {
                    add(&mut net, cand_lit(cell, digit, on), &mut out);
                }
            }
        }
        for l in (CANDS * 2) as Lit..lits as Lit {
            add(&mut net, l, &mut out);
        }
        let len = net.adjacent.len() as u32;
        net.start[next..].fill(len);
        net
    }

    /// The groups of `digit` among `mask` (bits as in [`Net::in_house`]), in the order of
    /// `groups`.
    fn groups_among(&self, digit: u8, mut mask: u64) -> impl Iterator<Item = usize> + '_ {
        let of_digit = &self.by_digit[usize::from(digit - 1)];
        std::iter::from_fn(move || {
            if mask == 0 {
                return None;
            }
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(of_digit[i])
        })
    }

    /// The groups of `digit` in any of the houses `hs` (bits as in [`Net::in_house`]).
    fn in_houses(&self, digit: u8, hs: &[usize]) -> u64 {
        let of_digit = &self.in_house[usize::from(digit - 1)];
        hs.iter().fold(0, |m, &h| m | of_digit[h])
    }

    fn kind(&self, l: Lit) -> Kind {
        let n = node_of(l);
        if n < CANDS {
            Kind::Candidate(n / 9, (n % 9) as u8 + 1)
        } else if n < CANDS + self.groups.len() {
            Kind::Group(n - CANDS)
        } else {
            Kind::Als(n - CANDS - self.groups.len())
        }
    }

    fn als_lit(&self, a: usize) -> Lit {
        ((CANDS + self.groups.len() + a) * 2) as Lit
    }

    fn digit(&self, l: Lit) -> u8 {
        match self.kind(l) {
            Kind::Candidate(_, d) => d,
            Kind::Group(g) => self.groups[g].digit,
            Kind::Als(a) => self.als_nodes[a].digit,
        }
    }

    /// The cells of a literal's node (all the cells of an ALS).
    fn cells(&self, l: Lit) -> CellSet {
        match self.kind(l) {
            Kind::Candidate(c, _) => CellSet::single(c),
            Kind::Group(g) => self.groups[g].cells,
            Kind::Als(a) => self.alses[self.als_nodes[a].als].cells,
        }
    }

    /// The cell HoDoKu names a node by: its cell, a group's first cell, or an ALS node's first
    /// cell holding its digit.
    fn cell(&self, l: Lit) -> usize {
        match self.kind(l) {
            Kind::Candidate(c, _) => c,
            Kind::Group(g) => self.groups[g].cells.first().unwrap_or(0),
            Kind::Als(a) => self.als_nodes[a].cell,
        }
    }

    /// Whether a literal's node is a group or an ALS node.
    fn is_group(l: Lit) -> bool {
        node_of(l) >= CANDS
    }

    /// The set of a literal's ALS node, if it is one.
    fn als_of(&self, l: Lit) -> Option<&Als> {
        match self.kind(l) {
            Kind::Als(a) => Some(&self.alses[self.als_nodes[a].als]),
            _ => None,
        }
    }

    /// The cells that see every cell of a literal's node holding `digit` (for a candidate or a
    /// group, every cell of it).
    fn buddies(&self, l: Lit, digit: u8) -> CellSet {
        match self.kind(l) {
            Kind::Candidate(c, _) => peers(c),
            Kind::Group(g) => self.groups[g].buddies,
            Kind::Als(a) => {
                let holding = self.alses[self.als_nodes[a].als].holding[usize::from(digit - 1)];
                if holding.is_empty() {
                    CellSet::EMPTY
                } else {
                    holding.common_peers()
                }
            }
        }
    }

    fn node(&self, l: Lit) -> Node {
        match self.kind(l) {
            Kind::Als(_) => Node {
                cells: self.cells(l),
                digit: self.digit(l),
                kind: NodeKind::Als,
            },
            _ => Node::group(self.cells(l), self.digit(l)),
        }
    }

    /// The ALS nodes a candidate (`cell` given) or a group (`group` given) of `digit` that is
    /// on sets off: the sets whose cells holding the digit all see it.
    fn als_entries(
        &self,
        digit: u8,
        cell: Option<usize>,
        group: Option<&Group>,
        out: &mut Vec<Lit>,
    ) {
        for (a, node) in self.als_nodes.iter().enumerate() {
            if node.digit != digit {
                continue;
            }
            let set = &self.alses[node.als];
            let enters = match (cell, group) {
                (Some(c), _) => set.seeing(digit).contains(c),
                (None, Some(g)) => {
                    !set.cells.intersects(g.cells)
                        && set.holding[usize::from(digit - 1)].is_subset(g.buddies)
                }
                (None, None) => false,
            };
            if enters {
                out.push(self.als_lit(a));
            }
        }
    }

    /// What ALS node `a` (its set without its digit) implies: the locked set's eliminations
    /// (candidates, then groups inside them, digit by digit), the other sets that lose a digit
    /// by them, and the cells left with one candidate (of those that see all the set's cells
    /// holding one of their digits).
    fn als_implications(&self, a: usize, out: &mut Vec<Lit>) {
        let grid = self.grid;
        let node = &self.als_nodes[a];
        let set = &self.alses[node.als];
        // HoDoKu counts the links out of a set as longer by its "chain penalty", so that its
        // chains take a set only where no plain link does as well; the weight rides in the
        // literal's top bits (see `Net::explore_weighted`).
        let n = digits::count(set.digits) as u32;
        let penalty = match n {
            0 | 1 => 0,
            2 => 1,
            _ => (n - 1) * 2,
        };
        let weight = penalty << WEIGHT_SHIFT;
        let mut elims = [CellSet::EMPTY; 9];
        for d in digits::iter(set.digits & !digits::bit(node.digit)) {
            elims[usize::from(d - 1)] = set.seeing(d);
        }
        for d in 1..=9u8 {
            let victims = elims[usize::from(d - 1)];
            if victims.is_empty() {
                continue;
            }
            for c in victims {
                out.push(cand_lit(c, d, false) | weight);
            }
            for &g in &self.by_digit[usize::from(d - 1)] {
                if self.groups[g].cells.is_subset(victims) {
                    out.push(group_lit(g, false) | weight);
                }
            }
        }
        for (b, other) in self.als_nodes.iter().enumerate() {
            let o = &self.alses[other.als];
            let victims = elims[usize::from(other.digit - 1)];
            if other.als != node.als
                && !victims.is_empty()
                && !o.cells.intersects(set.cells)
                && o.holding[usize::from(other.digit - 1)].is_subset(victims)
            {
                out.push(self.als_lit(b) | weight);
            }
        }
        // HoDoKu's "buddies" of a set: the cells that see all its cells holding a digit of
        // theirs.
        let buddies = digits::iter(set.digits).fold(CellSet::EMPTY, |b, d| b | set.seeing(d));
        for c in buddies & grid.empty_cells() {
            let cands = grid.candidates(c);
            if cands.count_ones() == 2 {
                continue;
            }
            let left = digits::iter(cands)
                .filter(|&d| !elims[usize::from(d - 1)].contains(c))
                .fold(0u16, |m, d| m | digits::bit(d));
            if left.count_ones() == 1 {
                out.push(cand_lit(c, digits::first(left), true) | (weight + (1 << WEIGHT_SHIFT)));
            }
        }
    }

    /// The direct implications of `l`: a candidate's as in the plain loops, then its links to
    /// groups, then to ALS nodes; a group's to candidates, then to other groups, then to ALS
    /// nodes; an ALS node's as in [`Net::als_implications`].
    fn implications(&self, l: Lit, out: &mut Vec<Lit>) {
        let grid = self.grid;
        let n = node_of(l);
        let on = is_on(l);
        if let Kind::Als(a) = self.kind(l) {
            if !on {
                self.als_implications(a, out);
            }
            return;
        }
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
                // A group's buddies are the other cells of its line and its box: the groups
                // whose buddies hold the cell are among those of the cell's houses.
                let near =
                    self.in_houses(digit, &[row_of(cell), 9 + col_of(cell), 18 + box_of(cell)]);
                for g in self.groups_among(digit, near) {
                    if self.groups[g].buddies.contains(cell) {
                        out.push(group_lit(g, false));
                    }
                }
                self.als_entries(digit, Some(cell), None, out);
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
                    if here.exactly_two() {
                        let other = (here - CellSet::single(cell)).first().unwrap_or(cell);
                        out.push(cand_lit(other, digit, true));
                    }
                }
                // The groups this turns on: group `g` when what is left of the digit in its box
                // or its line, once `cell` is off, is `g` (in the order of a walk over the
                // groups, box before line). That house is one of the cell's and its places
                // but the cell are the group's cells: at most one group per house of the cell,
                // looked up only where those places are two or three cells of one line in
                // one box.
                let mut hits = [(0usize, false); 3];
                let mut n = 0;
                for &h in &CELL_HOUSES[cell] {
                    let h = usize::from(h);
                    let rest = (places & house(h)) - CellSet::single(cell);
                    let Some(f) = rest.first() else { continue };
                    let one_line =
                        rest.is_subset(house(row_of(f))) || rest.is_subset(house(9 + col_of(f)));
                    if !rest.several() || !one_line || !rest.is_subset(house(18 + box_of(f))) {
                        continue;
                    }
                    let mut same = self
                        .groups_among(digit, self.in_houses(digit, &[h]))
                        .filter(|&g| {
                            let group = &self.groups[g];
                            group.cells == rest && (group.boxh == h || group.line == h)
                        });
                    if let Some(g) = same.next() {
                        hits[n] = (g, self.groups[g].line == h);
                        n += 1;
                    }
                }
                hits[..n].sort_unstable();
                for &(g, _) in &hits[..n] {
                    out.push(group_lit(g, true));
                }
            }
            return;
        }
        let g = n - CANDS;
        let group = &self.groups[g];
        let places = grid.cells_with(group.digit);
        let others = |h: usize| {
            self.groups_among(group.digit, self.in_houses(group.digit, &[h]))
                .map(|j| (j, &self.groups[j]))
                .filter(move |&(j, o)| {
                    j != g && !o.cells.intersects(group.cells) && (o.line == h || o.boxh == h)
                })
        };
        if on {
            for c in places & group.buddies {
                out.push(cand_lit(c, group.digit, false));
            }
            let near = self.in_houses(group.digit, &[group.line, group.boxh]);
            for j in self.groups_among(group.digit, near) {
                let o = &self.groups[j];
                if j != g
                    && !o.cells.intersects(group.cells)
                    && (o.line == group.line || o.boxh == group.boxh)
                {
                    out.push(group_lit(j, false));
                }
            }
            self.als_entries(group.digit, None, Some(group), out);
        } else {
            for h in [group.boxh, group.line] {
                let rest = (places & house(h)) - group.cells;
                if rest.exactly_one() {
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

    /// [`Net::explore`] with ALS nodes: edges out of them count as more than one link, so
    /// the shortest chains are found by increasing distance (buckets of literals, each taken
    /// at its least distance, first found first among equals).
    fn explore_weighted(&mut self, premise: Lit, buckets: &mut Vec<Vec<Lit>>) {
        for &l in &self.order {
            self.reach[l as usize] = UNSEEN;
        }
        self.order.clear();
        self.reach[premise as usize] = premise;
        for b in buckets.iter_mut() {
            b.clear();
        }
        if buckets.is_empty() {
            buckets.push(Vec::new());
        }
        buckets[0].push(premise);
        let mut d = 0;
        while d < buckets.len() {
            let mut k = 0;
            while k < buckets[d].len() {
                let from = buckets[d][k];
                k += 1;
                if self.reach[from as usize] >> 20 != d as u32 {
                    continue;
                }
                self.order.push(from);
                let (a, b) = (
                    self.start[from as usize] as usize,
                    self.start[from as usize + 1] as usize,
                );
                for i in a..b {
                    let edge = self.adjacent[i];
                    let to = edge & LIT_MASK;
                    let nd = (d as u32 + 1 + (edge >> WEIGHT_SHIFT)).min(0xfff);
                    let old = self.reach[to as usize];
                    if old == UNSEEN || (old >> 20) > nd {
                        self.reach[to as usize] = nd << 20 | from;
                        let nd = nd as usize;
                        if buckets.len() <= nd {
                            buckets.resize_with(nd + 1, Vec::new);
                        }
                        buckets[nd].push(to);
                    }
                }
            }
            d += 1;
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
    let technique = match loop_close(grid, start, first_strong, last_strong, sc, ec) {
        LoopClose::Discontinuous(removed) => {
            elims = removed;
            Technique::GroupedDiscontinuousNiceLoop
        }
        LoopClose::Open => return None,
        LoopClose::Continuous => {
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
                    let victims = (net.buddies(path[i - 1], digit)
                        & net.buddies(path[i], digit)
                        & grid.cells_with(digit))
                        - chain_cells
                        - CellSet::single(start);
                    elims.extend(victims.iter().map(|c| Candidate::new(c, digit)));
                    if let Some(set) = net.als_of(path[i]) {
                        als_loop_elims(net, set, &path, i, &mut elims);
                    }
                }
            }
            Technique::GroupedContinuousNiceLoop
        }
    };
    if elims.is_empty() {
        None
    } else {
        Some((technique, elims, path))
    }
}

/// The eliminations of a continuous loop's ALS node `path[i]` (entered by its digit): every
/// digit of the set but the ones it is entered and left by is locked in it, and leaves the
/// cells that see all of its cells holding it. Left by a forced cell (the cells seeing the
/// whole set lose all candidates but one), the digits the cell loses are the exits: each
/// leaves the cells that see the cell and the set's cells holding it.
fn als_loop_elims(net: &Net<'_>, set: &Als, path: &[Lit], i: usize, elims: &mut Vec<Candidate>) {
    let grid = net.grid;
    let Some(&next) = path.get(i + 1) else {
        return;
    };
    let forced = is_on(next);
    let next_cell = net.cell(next);
    let exits = if forced {
        grid.candidates(next_cell) & !digits::bit(net.digit(next))
    } else {
        digits::bit(net.digit(next))
    };
    for d in digits::iter(set.digits & !digits::bit(net.digit(path[i])) & !exits) {
        elims.extend(set.seeing(d).iter().map(|c| Candidate::new(c, d)));
    }
    if forced {
        for d in digits::iter(exits & set.digits) {
            let victims = set.seeing(d) & peers(next_cell);
            elims.extend(victims.iter().map(|c| Candidate::new(c, d)));
        }
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
        if !victims.several() {
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

/// What each literal of a net without ALS nodes can reach through the implications, per
/// strongly connected component (see [`super::chains::summarise`]): per digit, the cells
/// whose "on" candidate it reaches, and the cells that lose the digit from outside them by
/// what it reaches (the peers of a cell whose candidate is on, the cells seeing a group that
/// is on). As for the plain loops, a premise that cannot come back into its cell that way
/// closes no loop, and one that reaches no fitting "on" candidate ends no AIC.
struct Reach {
    comp: Vec<u16>,
    sets: Vec<Reached>,
}

#[derive(Default)]
struct Reached {
    on: [CellSet; 9],
    near: [CellSet; 9],
}

impl Reach {
    fn of(net: &Net<'_>, candidates: &[(usize, u8)]) -> Reach {
        let roots = [true, false].into_iter().flat_map(|on| {
            candidates
                .iter()
                .map(move |&(c, d)| cand_lit(c, d, on) as usize)
        });
        let (comp, sets) = super::chains::summarise(
            2 * (candidates.len() + net.groups.len()),
            &net.start,
            &net.adjacent,
            |l: Lit| (l & LIT_MASK) as usize,
            roots,
            |x| !is_on(x as Lit) || matches!(net.kind(x as Lit), Kind::Als(_)),
            |x, r: &mut Reached| {
                let l = x as Lit;
                if !is_on(l) {
                    return;
                }
                match net.kind(l) {
                    Kind::Candidate(cell, d) => {
                        r.on[usize::from(d - 1)].insert(cell);
                        r.near[usize::from(d - 1)] |= peers(cell);
                    }
                    Kind::Group(g) => {
                        let group = &net.groups[g];
                        r.near[usize::from(group.digit - 1)] |= group.buddies;
                    }
                    Kind::Als(_) => {}
                }
            },
            |r: &mut Reached, other: &Reached| {
                for d in 0..9 {
                    r.on[d] |= other.on[d];
                    r.near[d] |= other.near[d];
                }
            },
        );
        Reach { comp, sets }
    }

    /// Whether the search from "`digit` in `cell` is on" (or off) may find a grouped nice loop
    /// or AIC (`false` only when it finds neither). As for the plain loops, the literals of
    /// the cell one link from the premise (every other digit's "off" from "on"; the other
    /// digit's "on" from "off" in a bivalue cell) close no loop and are left out.
    fn may_find(&self, grid: &Grid, cell: usize, digit: u8, on: bool) -> bool {
        let c = self.comp[cand_lit(cell, digit, on) as usize];
        let Some(r) = self.sets.get(usize::from(c)) else {
            return true;
        };
        let i = |e: u8| usize::from(e - 1);
        let cands = grid.candidates(cell);
        let others = cands & !digits::bit(digit);
        if on {
            // Back by a weak link into "digit off", or into another digit's "on".
            r.near[i(digit)].contains(cell)
                || digits::iter(others).any(|e| r.on[i(e)].contains(cell))
        } else {
            // Back into "digit on", into another digit's "on" (not in a bivalue cell) or
            // "off"; or an AIC's end.
            if r.on[i(digit)].contains(cell) {
                return true;
            }
            let bivalue = cands.count_ones() == 2;
            if digits::iter(others)
                .any(|e| (!bivalue && r.on[i(e)].contains(cell)) || r.near[i(e)].contains(cell))
            {
                return true;
            }
            let (near, with) = (peers(cell), grid.cells_with(digit));
            (r.on[i(digit)] - CellSet::single(cell))
                .iter()
                .any(|y| (near & peers(y) & with).several())
        }
    }
}

/// Every grouped continuous nice loop, grouped discontinuous nice loop and grouped AIC of
/// `grid`, in that order, shortest first within each; with ALS nodes if `with_als`.
pub(super) fn search(grid: &Grid, with_als: bool) -> Vec<Step> {
    search_with(grid, with_als, true)
}

/// [`search`], with the premises whose reach finds nothing skipped if `skip` (see [`Reach`]).
fn search_with(grid: &Grid, with_als: bool, skip: bool) -> Vec<Step> {
    let mut continuous = Found::default();
    let mut discontinuous = Found::default();
    let mut aics = Found::default();
    let mut net = Net::new(grid, with_als);
    if net.groups.is_empty() && net.als_nodes.is_empty() {
        return Vec::new();
    }
    let candidates: Vec<(usize, u8)> = grid
        .empty_cells()
        .iter()
        .flat_map(|c| digits::iter(grid.candidates(c)).map(move |d| (c, d)))
        .collect();
    let weighted = !net.als_nodes.is_empty();
    // Without ALS nodes, premises that can close no loop and end no AIC are skipped.
    let reach = (!weighted && skip).then(|| Reach::of(&net, &candidates));
    let mut buckets = Vec::new();
    for on in [true, false] {
        for &(cell, digit) in &candidates {
            if reach
                .as_ref()
                .is_some_and(|r| !r.may_find(grid, cell, digit, on))
            {
                continue;
            }
            if weighted {
                net.explore_weighted(cand_lit(cell, digit, on), &mut buckets);
            } else {
                net.explore(cand_lit(cell, digit, on));
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_turned_on_by_a_candidate_off_are_those_of_a_walk_over_every_group() {
        // The strong links from "digit off in cell" into groups, as the net lists them, are
        // those a walk over every group of the digit finds (box, then line, for each group
        // whose house holds nothing else of the digit but the cell), in the same order.
        let mut links = 0;
        for grid in &crate::logic::chains::tests::positions_for_the_engine() {
            let net = Net::new(grid, false);
            for cell in grid.empty_cells() {
                for digit in digits::iter(grid.candidates(cell)) {
                    let places = grid.cells_with(digit);
                    let mut want = Vec::new();
                    for &g in &net.by_digit[usize::from(digit - 1)] {
                        let group = &net.groups[g];
                        if group.cells.contains(cell) {
                            continue;
                        }
                        for h in [group.boxh, group.line] {
                            if (places & house(h)) - group.cells == CellSet::single(cell) {
                                want.push(group_lit(g, true));
                            }
                        }
                    }
                    let l = cand_lit(cell, digit, false) as usize;
                    let got: Vec<Lit> = net.adjacent
                        [net.start[l] as usize..net.start[l + 1] as usize]
                        .iter()
                        .copied()
                        .filter(|&t| Net::is_group(t))
                        .collect();
                    assert_eq!(got, want, "{grid}");
                    links += want.len();
                }
            }
        }
        assert!(links > 0);
    }

    #[test]
    fn the_house_index_leaves_out_no_link() {
        // The lists built from the groups of a literal's houses are those built from every
        // group of its digit (with and without ALS nodes, which also read the groups).
        let mut group_links = 0;
        for grid in &crate::logic::chains::tests::positions_for_the_engine() {
            for with_als in [false, true] {
                let fast = Net::new(grid, with_als);
                let full = Net::with_index(grid, with_als, false);
                assert_eq!(fast.start, full.start, "{grid}");
                assert_eq!(fast.adjacent, full.adjacent, "{grid}");
                group_links += fast
                    .adjacent
                    .iter()
                    .filter(|&&l| Net::is_group(l & LIT_MASK))
                    .count();
            }
        }
        assert!(group_links > 1000, "{group_links}");
    }

    #[test]
    fn premises_skipped_by_their_reach_find_nothing() {
        // Every premise the reach summary rules out finds no grouped nice loop and no grouped
        // AIC when searched all the same, and the search finds the same steps in the same
        // order with the skips as without.
        let positions = crate::logic::chains::tests::positions_for_the_engine();
        assert!(positions.len() > 20);
        let (mut skipped, mut kept, mut found) = (0, 0, 0);
        for grid in &positions {
            let mut net = Net::new(grid, false);
            let candidates: Vec<(usize, u8)> = grid
                .empty_cells()
                .iter()
                .flat_map(|c| digits::iter(grid.candidates(c)).map(move |d| (c, d)))
                .collect();
            let reach = Reach::of(&net, &candidates);
            for &(cell, digit) in &candidates {
                for on in [true, false] {
                    if reach.may_find(grid, cell, digit, on) {
                        kept += 1;
                        continue;
                    }
                    skipped += 1;
                    net.explore(cand_lit(cell, digit, on));
                    for i in 1..net.order.len() {
                        let end = net.order[i];
                        if Net::is_group(end) {
                            continue;
                        }
                        if net.cell(end) == cell {
                            assert!(nice_loop(&net, end).is_none(), "{grid}");
                        } else if !on && is_on(end) {
                            assert!(aic(&net, end).is_none(), "{grid}");
                        }
                    }
                }
            }
            let steps = search_with(grid, false, false);
            assert_eq!(search_with(grid, false, true), steps, "{grid}");
            found += steps.len();
        }
        assert!(skipped > 0 && kept > 0, "{skipped} skipped, {kept} kept");
        assert!(found > 0);
    }
}
