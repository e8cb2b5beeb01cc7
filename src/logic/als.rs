//! Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain, Death Blossom, Sue de Coq.
//!
//! An *almost locked set* (ALS) is `n` open cells of one house holding `n + 1` digits between
//! them (a bivalue cell is the smallest). Whatever the solution, at most one of its digits is
//! missing from it; if one digit is ruled out, the rest are locked in it.
//!
//! A *restricted common* (RC) of two ALS is a digit both hold where every cell of one holding
//! it sees every cell of the other holding it (and none lies in both): the digit can be in at
//! most one of the two, so one of them is locked without it.
//!
//! Every finder collects the ALS of the grid once per call (one pass over the subsets of the
//! open cells of each house, 512 at most), then the RCs between pairs, as bitsets: for each ALS
//! and digit, the cells holding it and the cells that see all of those.

use std::ops::ControlFlow;

use crate::geometry::bits::{Mask, ones};
use crate::geometry::{CellSet, digits};

use super::{Candidate, Evidence, Finder, Grid, Link, Node, NodeKind, Sink, Step, Technique};
use crate::geometry::classic::{HOUSE_CELLS, house};

/// Whether this file has a finder for `t`.
pub(super) fn implements(t: Technique) -> bool {
    matches!(
        t,
        Technique::AlsXz
            | Technique::AlsXyWing
            | Technique::AlsXyChain
            | Technique::DeathBlossom
            | Technique::SueDeCoq
    )
}

pub(super) fn find(t: Technique, cx: Finder<'_, '_, Memo>) -> ControlFlow<()> {
    let Finder { grid, memo, sink } = cx;
    if !implements(t) {
        return ControlFlow::Continue(());
    }
    if t == Technique::SueDeCoq {
        let sdc = memo.1.get_or_insert_with(|| {
            Box::new(SueDeCoqMemo {
                barren: [[None; 9]; 18],
                box_digits: [[0; 512]; 9],
            })
        });
        return sue_de_coq(grid, sdc, sink);
    }
    let mut data = cached(grid, memo);
    let flow = if t == Technique::DeathBlossom {
        death_blossom(grid, &data.alses, sink)
    } else {
        if !data.rcs_ready {
            data.rcs.fill(&data.alses);
            data.rcs_ready = true;
        }
        let rcs = &data.rcs;
        match t {
            Technique::AlsXz => xz_all(&data.alses, rcs, sink),
            Technique::AlsXyWing => xy_wing(&data.alses, rcs, sink),
            _ => xy_chain(&data.alses, rcs, sink),
        }
    };
    memo.0 = Some(data);
    flow
}

/// The ALS and RCs of one grid (the RCs once some finder needed them).
struct Data {
    grid: Grid,
    alses: Vec<Als>,
    rcs: Rcs,
    /// Whether `rcs` are this grid's.
    rcs_ready: bool,
}

/// The last grid's ALS and RCs, kept by the caller (see [`super::Memo`]): a solve asks every
/// ALS technique in turn about the same grid, and they all start from the same lists.
///
/// With it, Sue de Coq's memo (made at its first search).
#[derive(Default)]
pub(super) struct Memo(Option<Data>, Option<Box<SueDeCoqMemo>>);

/// What Sue de Coq keeps from one search to the next.
struct SueDeCoqMemo {
    /// For each line and box (index `b - 18`) meeting in two open cells or more, the
    /// candidates of their cells (the line's nine, then the box's nine; bit 15 for a filled
    /// cell) when Sue de Coq last found nothing there: its search on a line and a box sees
    /// nothing else, so it finds nothing again while they stay the same.
    barren: [[Option<[u16; 18]>; 9]; 18],
    /// Room for each box's subset digits (see [`subset_digits`]), filled anew by each search.
    box_digits: [[u16; 512]; 9],
}

/// The ALS and RCs of `grid`, from the memo when it holds this grid. The caller puts them
/// back when done.
fn cached(grid: &Grid, memo: &mut Memo) -> Data {
    let old = memo.0.take();
    if let Some(data) = &old
        && data.grid == *grid
    {
        return old.expect("just seen");
    }
    // The old lists' room is used again.
    let (mut alses, rcs) = old.map(|d| (d.alses, d.rcs)).unwrap_or_default();
    collect(grid, &mut alses);
    Data {
        grid: *grid,
        alses,
        rcs,
        rcs_ready: false,
    }
}

/// One almost locked set (also the ALS nodes of [`super::grouped`]).
pub(super) struct Als {
    pub(super) cells: CellSet,
    pub(super) digits: u16,
    /// For each digit (index `d - 1`), the cells of the set holding it.
    pub(super) holding: [CellSet; 9],
    /// For each digit it holds, the cells outside the set that hold the digit and see every
    /// cell of the set holding it: where the digit goes when the set is locked with it.
    pub(super) seeing: [CellSet; 9],
    /// The digits whose `seeing` is not empty: the only ones an elimination can be about.
    reaching: u16,
}

impl Als {
    /// The ALS of `cells`, which hold `digits`.
    fn new(grid: &Grid, cells: CellSet, digits: u16) -> Als {
        let mut holding = [CellSet::EMPTY; 9];
        let mut seeing = [CellSet::EMPTY; 9];
        let mut reaching = 0;
        for i in ones(digits) {
            let with = grid.cells_with(i as u8 + 1);
            holding[i] = cells & with;
            seeing[i] = holding[i].common_peers() & with;
            if !seeing[i].is_empty() {
                reaching |= 1 << i;
            }
        }
        Als {
            cells,
            digits,
            holding,
            seeing,
            reaching,
        }
    }

    #[cfg(test)]
    fn holding(&self, d: u8) -> CellSet {
        self.holding[usize::from(d - 1)]
    }

    #[inline]
    pub(super) fn seeing(&self, d: u8) -> CellSet {
        self.seeing[usize::from(d - 1)]
    }
}

/// Every ALS of the grid, each once (a set in a box and a line is found from the line).
///
/// The order is HoDoKu's: rows, then columns, then boxes; in each house the subsets of its open
/// cells depth first (`{1}`, `{1,2}`, `{1,2,3}`, ..., `{1,3}`, ...). The chain search only goes
/// forward in this order, so it finds the chains HoDoKu finds.
pub(super) fn collect(grid: &Grid, alses: &mut Vec<Als>) {
    alses.clear();
    for h in 0..27 {
        let mut open = [0usize; 9];
        let mut k = 0;
        for cell in house(h) & grid.empty_cells() {
            open[k] = cell;
            k += 1;
        }
        if k < 2 {
            continue;
        }
        // The cells and digits of each prefix of the subset at hand.
        let mut cells = [CellSet::EMPTY; 9];
        let mut union = [0u16; 9];
        depth_first(k, 9, |depth, at| {
            let cell = open[at];
            let (c, u) = if depth == 0 {
                (CellSet::single(cell), grid.candidates(cell))
            } else {
                (
                    cells[depth - 1] | CellSet::single(cell),
                    union[depth - 1] | grid.candidates(cell),
                )
            };
            cells[depth] = c;
            union[depth] = u;
            let n = depth + 1;
            // All the open cells of the house hold `k` digits: never an ALS.
            if n < k && digits::count(u) == n + 1 && c.common_houses() & ((1 << h) - 1) == 0 {
                alses.push(Als::new(grid, c, u));
            }
        });
    }
}

/// Walks the subsets of `0..k` of at most `max` elements (`max <= 9`) depth first, in
/// lexicographic order (`{0}`, `{0,1}`, `{0,1,2}`, ..., `{0,2}`, ...): `visit(depth, i)` when
/// `i` joins the subset as its element number `depth`, the elements before it being the last
/// ones visited at the depths below. A caller keeps what each prefix holds in arrays indexed by
/// the depth, so a subset costs one step from its prefix.
pub(super) fn depth_first(k: usize, max: usize, mut visit: impl FnMut(usize, usize)) {
    debug_assert!(max <= 9);
    if k == 0 || max == 0 {
        return;
    }
    // The subset at hand: `at[0] < at[1] < ... < at[depth]`.
    let mut at = [0usize; 9];
    let mut depth = 0;
    loop {
        visit(depth, at[depth]);
        if at[depth] + 1 < k && depth + 1 < max {
            // Deeper first.
            at[depth + 1] = at[depth] + 1;
            depth += 1;
            continue;
        }
        // Then the next element at this depth, or back up.
        loop {
            at[depth] += 1;
            if at[depth] < k || depth == 0 {
                break;
            }
            depth -= 1;
        }
        if at[depth] >= k {
            break;
        }
    }
}

/// A restricted common between ALS `a` and `b` (indices, `a < b`): one digit `x`, or two
/// (`y` not 0).
#[derive(Clone, Copy)]
struct Restricted {
    a: u32,
    b: u32,
    x: u8,
    y: u8,
}

impl Restricted {
    fn mask(self) -> u16 {
        let y = if self.y == 0 { 0 } else { digits::bit(self.y) };
        digits::bit(self.x) | y
    }

    /// The other ALS of the pair.
    fn other(self, i: u32) -> u32 {
        if self.a == i { self.b } else { self.a }
    }
}

/// Every RC between two ALS, pairs in order (by `a`, then `b`), and for each ALS its own;
/// with the room the search for them uses, kept from grid to grid.
#[derive(Default)]
struct Rcs {
    list: Vec<Restricted>,
    /// The RCs of ALS `i` are `list[by[k]]` for `k` in `start[i]..start[i + 1]`, in order.
    start: Vec<u32>,
    by: Vec<u32>,
    /// Hash table slots: a group's key (see `fill`) and number; 0 is a free slot.
    table: Vec<(u128, u32)>,
    /// The slots in use, to free them afterwards.
    used: Vec<u16>,
    /// The groups: (cells holding the digit, cells holding it that see them all).
    groups: Vec<(CellSet, CellSet)>,
    /// Group members: the ALS of group `g` are `members[group_start[g]..group_start[g + 1]]`.
    group_start: Vec<u32>,
    members: Vec<u32>,
    /// (group, ALS), in the order met.
    met: Vec<(u32, u32)>,
    /// Groups by the first cell holding the digit: those of cell `c` (of the digit at hand)
    /// are `by_cell[cell_start[c]..cell_start[c + 1]]`.
    cell_start: Vec<u32>,
    by_cell: Vec<u32>,
    /// RC digits found: `a << 36 | b << 4 | digit index`, then sorted.
    keys: Vec<u64>,
    sorted: Vec<u64>,
}

/// Slots of the grouping hash table (at most half of them filled).
const SLOTS: usize = 1 << 11;

impl Rcs {
    /// Digit `d` is an RC of ALS `a` and `b` when every cell of `b` holding it sees every cell
    /// of `a` holding it (then none is in both, and the cells of either holding it are outside
    /// the other): `b.holding[d] ⊆ a.seeing[d]`, a test that is the same both ways.
    ///
    /// ALS holding `d` in the same cells pass or fail the test together, and there are fewer
    /// such groups than ALS: so for each digit the ALS are grouped by the cells holding it (a
    /// hash table), and each group `g1` is tested against the groups whose first cell is one of
    /// `g1`'s seeing cells (the others cannot pass). Each passing pair of groups gives the
    /// digit to every pair of their members; those are then put in order of the pairs.
    fn fill(&mut self, alses: &[Als]) {
        if self.table.len() != SLOTS {
            self.table = vec![(0, 0); SLOTS];
        }
        self.groups.clear();
        self.met.clear();
        self.keys.clear();
        let mut digit_start = [0usize; 10];
        for (d, start) in digit_start.iter_mut().enumerate().take(9) {
            *start = self.groups.len();
            let bit = 1 << d;
            for (i, als) in alses.iter().enumerate() {
                if als.digits & bit == 0 {
                    continue;
                }
                let g = self.group_of(als.holding[d], als.seeing[d], d);
                self.met.push((g, i as u32));
            }
        }
        digit_start[9] = self.groups.len();
        self.clear_table();
        // Members by group (a counting sort keeps each group's ALS in order).
        let n_groups = self.groups.len();
        counting_sort(
            &mut self.group_start,
            &mut self.members,
            n_groups,
            self.met.iter().map(|&(g, i)| (g as usize, i)),
        );
        for d in 0..9 {
            let (from, to) = (digit_start[d], digit_start[d + 1]);
            let groups = &self.groups[from..to];
            counting_sort(
                &mut self.cell_start,
                &mut self.by_cell,
                81,
                groups
                    .iter()
                    .enumerate()
                    .map(|(g, (held, _))| (held.first().expect("a digit of the ALS"), g as u32)),
            );
            for (g1, &(_, seeing)) in groups.iter().enumerate() {
                for f in seeing {
                    let cell_groups =
                        &self.by_cell[self.cell_start[f] as usize..self.cell_start[f + 1] as usize];
                    for &g2 in cell_groups {
                        let g2 = g2 as usize;
                        if g2 <= g1 || !groups[g2].0.is_subset(seeing) {
                            continue;
                        }
                        let of = |g: usize| {
                            &self.members[self.group_start[from + g] as usize
                                ..self.group_start[from + g + 1] as usize]
                        };
                        for &i in of(g1) {
                            for &j in of(g2) {
                                let (a, b) = (i.min(j), i.max(j));
                                self.keys
                                    .push(u64::from(a) << 36 | u64::from(b) << 4 | d as u64);
                            }
                        }
                    }
                }
            }
        }
        // In order of the pairs: by `a` (a counting sort), then within each `a` (few).
        counting_sort(
            &mut self.start,
            &mut self.sorted,
            alses.len(),
            self.keys.iter().map(|&k| ((k >> 36) as usize, k)),
        );
        for a in 0..alses.len() {
            self.sorted[self.start[a] as usize..self.start[a + 1] as usize].sort_unstable();
        }
        self.list.clear();
        let mut last = u64::MAX;
        for &key in &self.sorted {
            let digit = (key & 0xf) as u8 + 1;
            if key >> 4 == last {
                // A second RC digit of the same pair (a third is left out, as it cannot be).
                let rc = self.list.last_mut().expect("a pair seen before");
                if rc.y == 0 {
                    rc.y = digit;
                }
                continue;
            }
            last = key >> 4;
            self.list.push(Restricted {
                a: (key >> 36) as u32,
                b: (key >> 4 & 0xffff_ffff) as u32,
                x: digit,
                y: 0,
            });
        }
        // Each ALS's RCs, in order (a counting sort).
        self.start.clear();
        self.start.resize(alses.len() + 2, 0);
        for rc in &self.list {
            self.start[rc.a as usize + 2] += 1;
            self.start[rc.b as usize + 2] += 1;
        }
        for i in 0..alses.len() {
            self.start[i + 2] += self.start[i + 1];
        }
        self.by.clear();
        self.by.resize(2 * self.list.len(), 0);
        for (k, rc) in self.list.iter().enumerate() {
            for i in [rc.a as usize + 1, rc.b as usize + 1] {
                self.by[self.start[i] as usize] = k as u32;
                self.start[i] += 1;
            }
        }
        self.start.pop();
    }

    /// The number of the group of ALS holding digit index `d` in cells `held` (seeing
    /// `seeing`), a new one if it is the first.
    fn group_of(&mut self, held: CellSet, seeing: CellSet, d: usize) -> u32 {
        // The digit in bits 96..100: a key is never 0, the free slot's mark.
        let key = held.0 | (d as u128 + 1) << 96;
        let folded = (key as u64) ^ ((key >> 64) as u64);
        let mut slot = (folded.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 53) as usize;
        loop {
            let (k, g) = self.table[slot];
            if k == key {
                return g;
            }
            if k == 0 {
                if self.used.len() == SLOTS / 2 {
                    // Too full to stay fast (never on a real grid): start afresh. A group
                    // found twice only costs time (the two never pair).
                    self.clear_table();
                    continue;
                }
                let g = self.groups.len() as u32;
                self.table[slot] = (key, g);
                self.used.push(slot as u16);
                self.groups.push((held, seeing));
                return g;
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
    }

    fn clear_table(&mut self) {
        for &slot in &self.used {
            self.table[usize::from(slot)] = (0, 0);
        }
        self.used.clear();
    }

    /// The indices in `list` of the RCs of ALS `i`, in order.
    #[inline]
    fn of(&self, i: usize) -> &[u32] {
        &self.by[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// Puts `items` (bucket, value) in `out` by bucket (`0..buckets`), keeping their order within
/// each; bucket `b`'s values end up in `out[start[b]..start[b + 1]]`.
fn counting_sort<T: Copy + Default>(
    start: &mut Vec<u32>,
    out: &mut Vec<T>,
    buckets: usize,
    items: impl Iterator<Item = (usize, T)> + Clone,
) {
    start.clear();
    start.resize(buckets + 2, 0);
    let mut n = 0;
    for (b, _) in items.clone() {
        start[b + 2] += 1;
        n += 1;
    }
    for b in 0..buckets {
        start[b + 2] += start[b + 1];
    }
    out.clear();
    out.resize(n, T::default());
    for (b, v) in items {
        out[start[b + 1] as usize] = v;
        start[b + 1] += 1;
    }
    start.pop();
}

/// Removes `d` from `targets` (cells holding it).
fn push_elims(out: &mut Vec<Candidate>, targets: CellSet, d: u8) {
    for cell in targets {
        out.push(Candidate::new(cell, d));
    }
}

/// The digits `a` and `b` share, but `excluded`, with a cell outside both that holds it and
/// sees every cell of both holding it.
#[inline]
fn common_reach(a: &Als, b: &Als, excluded: u16) -> u16 {
    let mut mask = 0;
    for i in ones(a.reaching & b.reaching & !excluded) {
        if a.seeing[i].intersects(b.seeing[i]) {
            mask |= 1 << i;
        }
    }
    mask
}

/// The digits `a` and `b` share, but `excluded`: a cell outside both that sees every cell of
/// both holding such a digit loses it.
fn common_elims(a: &Als, b: &Als, excluded: u16, out: &mut Vec<Candidate>) {
    for i in ones(a.reaching & b.reaching & !excluded) {
        push_elims(out, a.seeing[i] & b.seeing[i], i as u8 + 1);
    }
}

fn finish(mut elims: Vec<Candidate>) -> Vec<Candidate> {
    elims.sort_unstable_by_key(|c| (c.digit, c.cell));
    elims.dedup();
    elims
}

fn als_node(als: &Als, digit: u8) -> Node {
    Node {
        cells: als.cells,
        digit,
        kind: NodeKind::Als,
    }
}

/// The weak links of a restricted common: digit in one ALS, digit in the other.
fn rc_links(from: &Als, to: &Als, mask: u16, chain: &mut Vec<Link>) {
    for d in digits::iter(mask) {
        chain.push(Link {
            from: als_node(from, d),
            to: als_node(to, d),
            strong: false,
        });
    }
}

/// ALS-XZ over every RC, in order.
fn xz_all(alses: &[Als], rcs: &Rcs, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for &rc in &rcs.list {
        xz(alses, rc, sink)?;
    }
    ControlFlow::Continue(())
}

/// ALS-XZ: two ALS with an RC `x`. One of them is locked without `x`, so a digit `z` both hold
/// is in one of them: a cell seeing all their `z` loses it. Doubly linked (two RCs): each ALS
/// is locked without the two RCs (its other digits leave every cell that sees all of theirs),
/// and each RC is in one of the two.
fn xz(alses: &[Als], rc: Restricted, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let (a, b) = (&alses[rc.a as usize], &alses[rc.b as usize]);
    let mut elims = Vec::new();
    if rc.y == 0 {
        if common_reach(a, b, digits::bit(rc.x)) == 0 {
            return ControlFlow::Continue(());
        }
        common_elims(a, b, digits::bit(rc.x), &mut elims);
    } else {
        common_elims(a, b, 0, &mut elims);
        for (locked, other) in [(a, b), (b, a)] {
            for i in ones(locked.reaching & !rc.mask()) {
                push_elims(&mut elims, locked.seeing[i] - other.cells, i as u8 + 1);
            }
        }
    }
    if elims.is_empty() {
        return ControlFlow::Continue(());
    }
    let mut chain = Vec::new();
    rc_links(a, b, rc.mask(), &mut chain);
    sink(Step::elimination(
        Technique::AlsXz,
        finish(elims),
        Evidence {
            cells: a.cells | b.cells,
            digits: rc.mask(),
            chains: vec![chain],
            ..Evidence::default()
        },
    ))
}

/// ALS-XY-Wing: ALS `c` has an RC with `a` and another (a different digit) with `b`. `c`
/// lacks at most one digit, so it holds one of the two RCs, and `a` or `b` is locked: a digit
/// `z` that `a` and `b` share (not an RC) leaves every cell that sees all their `z`.
fn xy_wing(alses: &[Als], rcs: &Rcs, sink: &mut Sink<'_>) -> ControlFlow<()> {
    // For the `c` at hand, its RCs in order: (other ALS, RC digits, digits the other can
    // remove).
    let mut partners: Vec<(u32, u16, u16)> = Vec::new();
    for (ci, c) in alses.iter().enumerate() {
        partners.clear();
        partners.extend(rcs.of(ci).iter().map(|&k| {
            let rc = rcs.list[k as usize];
            let other = rc.other(ci as u32);
            (other, rc.mask(), alses[other as usize].reaching)
        }));
        for (n, &(ai, m1, r1)) in partners.iter().enumerate() {
            let a = &alses[ai as usize];
            for &(bi, m2, r2) in &partners[n + 1..] {
                // Something to remove first: that is rare.
                if r1 & r2 & !(m1 | m2) == 0 || (m1 == m2 && m1.at_most_one()) || ai == bi {
                    continue;
                }
                let b = &alses[bi as usize];
                if common_reach(a, b, m1 | m2) == 0 {
                    continue;
                }
                // Neither may contain the other.
                if a.cells.is_subset(b.cells) || b.cells.is_subset(a.cells) {
                    continue;
                }
                let mut elims = Vec::new();
                common_elims(a, b, m1 | m2, &mut elims);
                let mut chain = Vec::new();
                rc_links(a, c, m1, &mut chain);
                rc_links(c, b, m2, &mut chain);
                sink(Step::elimination(
                    Technique::AlsXyWing,
                    finish(elims),
                    Evidence {
                        cells: a.cells | b.cells | c.cells,
                        digits: a.digits & b.digits & !(m1 | m2),
                        chains: vec![chain],
                        ..Evidence::default()
                    },
                ))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// ALS-XY-Chain: ALS `A1 - A2 - ... - An` joined by RCs (three links or more), where the RC
/// digits a link uses are those of its pair not used by the link before (the first link uses
/// one digit). If `A1` lacks a digit `z`, it holds the first link's digit, so `A2` lacks it and
/// holds the rest, including the next link's digits, so `A3` lacks them... and `An` lacks a
/// digit of the last link and holds `z`. So `z`, held by `A1` and `An` and used by neither end
/// link, is in one of them: a cell outside both that sees all their `z` loses it.
///
/// The search is over *states* (an ALS and the digits of the link that reached it), for every
/// start at once: for each state, a bitset of the starts (an ALS and its first digit) that
/// reach it in one link, in two, and in three or more (a fixpoint over the links). A chain
/// may pass an ALS twice; every link is still a sound inference. Then each reached state is
/// checked against the starts that share an eliminating digit with it, and the chain of each
/// new elimination set is rebuilt by a breadth-first search from its start.
fn xy_chain(alses: &[Als], rcs: &Rcs, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let n = alses.len();
    // Starts: an ALS, and a digit of one of its RCs for the first link; only where the ALS
    // could remove another digit.
    let mut sources: Vec<(u32, u8)> = Vec::new();
    for (a1, als) in alses.iter().enumerate() {
        if als.reaching == 0 {
            continue;
        }
        let firsts = rcs
            .of(a1)
            .iter()
            .fold(0u16, |m, &k| m | rcs.list[k as usize].mask());
        for x in ones(firsts) {
            if als.reaching & !(1 << x) != 0 {
                sources.push((a1 as u32, x as u8 + 1));
            }
        }
    }
    let words = sources.len().div_ceil(64);
    if words == 0 {
        return ControlFlow::Continue(());
    }
    let graph = StateGraph::new(alses, rcs);
    let s_count = graph.states.len();
    // Bit `si` of row `t` (`words` words a row): start `si` reaches state `t`.
    let mut one = vec![0u64; s_count * words];
    for (si, &(a1, x)) in sources.iter().enumerate() {
        for &k in rcs.of(a1 as usize) {
            let rc = rcs.list[k as usize];
            if rc.mask() & digits::bit(x) != 0 {
                let t = graph.id(rc.other(a1), digits::bit(x));
                one[t * words + si / 64] |= 1 << (si % 64);
            }
        }
    }
    let step = |from: &[u64], into: &mut [u64]| {
        for (s, row) in from.chunks_exact(words).enumerate() {
            if row.iter().all(|&w| w == 0) {
                continue;
            }
            for &t in graph.edges(s) {
                let t = t as usize;
                for (to, &r) in into[t * words..(t + 1) * words].iter_mut().zip(row) {
                    *to |= r;
                }
            }
        }
    };
    let mut two = vec![0u64; s_count * words];
    step(&one, &mut two);
    // Three links or more: `one` is not needed any more, its room takes the third.
    let mut three = one;
    three.fill(0);
    step(&two, &mut three);
    drop(two);
    // Spread along the links until nothing changes.
    let mut queued = vec![true; s_count];
    let mut queue: Vec<usize> = (0..s_count).collect();
    while let Some(s) = queue.pop() {
        queued[s] = false;
        for &t in graph.edges(s) {
            let t = t as usize;
            let mut changed = false;
            for w in 0..words {
                let r = three[s * words + w];
                let old = three[t * words + w];
                if r & !old != 0 {
                    three[t * words + w] = old | r;
                    changed = true;
                }
            }
            if changed && !queued[t] {
                queued[t] = true;
                queue.push(t);
            }
        }
    }
    // For each digit index `z` and cell `t`, the starts whose ALS (first digit not `z`) would
    // remove `z` from `t` (row `9 * t + z`): a start and an end ALS share an elimination when
    // some cell the end would remove `z` from is in the start's row.
    let mut removing = vec![0u64; 81 * 9 * words];
    for (si, &(a1, x)) in sources.iter().enumerate() {
        let als = &alses[a1 as usize];
        for z in ones(als.reaching & !digits::bit(x)) {
            for t in als.seeing[z] {
                removing[(9 * t + z) * words + si / 64] |= 1 << (si % 64);
            }
        }
    }
    // For the end ALS at hand, per digit index, the starts it shares a removal of it with.
    let mut sharing = vec![0u64; 9 * words];
    let mut wanted = vec![0u64; words];
    let mut seen: Vec<Vec<Candidate>> = Vec::new();
    for an in 0..n {
        let last = &alses[an];
        if last.reaching == 0 || graph.of_als(an).is_empty() {
            continue;
        }
        sharing.fill(0);
        for z in ones(last.reaching) {
            let into = &mut sharing[z * words..(z + 1) * words];
            for t in last.seeing[z] {
                let row = &removing[(9 * t + z) * words..(9 * t + z + 1) * words];
                for (to, &r) in into.iter_mut().zip(row) {
                    *to |= r;
                }
            }
        }
        for e in graph.of_als(an) {
            let v = graph.states[e].1;
            // The starts reaching this state in three links or more that share a removal of
            // a digit not used by the last link.
            let reached = &three[e * words..(e + 1) * words];
            let mut any = false;
            for (w, (want, &r)) in wanted.iter_mut().zip(reached).enumerate() {
                *want = 0;
                if r != 0 {
                    for z in ones(last.reaching & !v) {
                        *want |= sharing[z * words + w];
                    }
                    *want &= r;
                    any |= *want != 0;
                }
            }
            if !any {
                continue;
            }
            for (w, &want) in wanted.iter().enumerate() {
                let mut bits = want;
                while bits != 0 {
                    let si = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let (a1, x) = sources[si];
                    let excluded = digits::bit(x) | v;
                    let first = &alses[a1 as usize];
                    let mut elims = Vec::new();
                    common_elims(first, last, excluded, &mut elims);
                    let elims = finish(elims);
                    if seen.contains(&elims) {
                        continue;
                    }
                    seen.push(elims.clone());
                    let walk = graph.walk(rcs, a1, x, e);
                    let mut chain = Vec::new();
                    let mut cells = first.cells;
                    let mut prev = first;
                    for &s in &walk {
                        let (j, used) = graph.states[s];
                        let next = &alses[j as usize];
                        rc_links(prev, next, used, &mut chain);
                        cells |= next.cells;
                        prev = next;
                    }
                    sink(Step::elimination(
                        Technique::AlsXyChain,
                        elims,
                        Evidence {
                            cells,
                            digits: first.digits & last.digits & !excluded,
                            chains: vec![chain],
                            ..Evidence::default()
                        },
                    ))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The states of the chain search: an ALS and the RC digits the link into it used.
struct StateGraph {
    /// (ALS, digits); those of ALS `j` are `als_start[j]..als_start[j + 1]`, in the order their
    /// digits first come in its RCs.
    states: Vec<(u32, u16)>,
    als_start: Vec<u32>,
    /// The state of ALS `j` reached with the single digit index `d` at `9 * j + d`, or
    /// `u32::MAX`.
    single: Vec<u32>,
    /// The states one link further than state `s`: `edges[edge_start[s]..edge_start[s + 1]]`.
    edge_start: Vec<u32>,
    edges: Vec<u32>,
}

impl StateGraph {
    fn new(alses: &[Als], rcs: &Rcs) -> StateGraph {
        let mut g = StateGraph {
            states: Vec::new(),
            als_start: Vec::with_capacity(alses.len() + 1),
            single: vec![u32::MAX; 9 * alses.len()],
            edge_start: Vec::new(),
            edges: Vec::new(),
        };
        for j in 0..alses.len() {
            let from = g.states.len();
            g.als_start.push(from as u32);
            for &k in rcs.of(j) {
                let rc = rcs.list[k as usize];
                let m = rc.mask();
                let variants: &[u16] = if rc.y == 0 {
                    &[m]
                } else {
                    &[digits::bit(rc.x), digits::bit(rc.y), m]
                };
                for &v in variants {
                    if !g.states[from..].iter().any(|&(_, u)| u == v) {
                        if v.exactly_one() {
                            g.single[9 * j + v.trailing_zeros() as usize] = g.states.len() as u32;
                        }
                        g.states.push((j as u32, v));
                    }
                }
            }
        }
        g.als_start.push(g.states.len() as u32);
        g.edge_start.reserve(g.states.len() + 1);
        for &(j, u) in &g.states {
            g.edge_start.push(g.edges.len() as u32);
            for &k in rcs.of(j as usize) {
                let rc = rcs.list[k as usize];
                let v = rc.mask() & !u;
                if v != 0 {
                    let id = g.id(rc.other(j), v) as u32;
                    g.edges.push(id);
                }
            }
        }
        g.edge_start.push(g.edges.len() as u32);
        g
    }

    /// The states of ALS `j`.
    fn of_als(&self, j: usize) -> std::ops::Range<usize> {
        self.als_start[j] as usize..self.als_start[j + 1] as usize
    }

    /// The states one link further than state `s`.
    #[inline]
    fn edges(&self, s: usize) -> &[u32] {
        &self.edges[self.edge_start[s] as usize..self.edge_start[s + 1] as usize]
    }

    /// The state of ALS `j` reached with digits `v` (it exists for every RC's digits).
    fn id(&self, j: u32, v: u16) -> usize {
        if v.exactly_one() {
            return self.single[9 * j as usize + v.trailing_zeros() as usize] as usize;
        }
        self.of_als(j as usize)
            .find(|&s| self.states[s].1 == v)
            .unwrap_or(0)
    }

    /// A shortest walk of three links or more from ALS `a1` (first digit `x`) to state `end`,
    /// as the states after `a1`.
    fn walk(&self, rcs: &Rcs, a1: u32, x: u8, end: usize) -> Vec<usize> {
        // Nodes: (state, links so far capped at 3), as 3 * state + phase - 1.
        let mut parent = vec![u32::MAX; 3 * self.states.len()];
        let mut frontier = Vec::new();
        const START: u32 = u32::MAX - 1;
        for &k in rcs.of(a1 as usize) {
            let rc = rcs.list[k as usize];
            if rc.mask() & digits::bit(x) != 0 {
                let node = 3 * self.id(rc.other(a1), digits::bit(x));
                if parent[node] == u32::MAX {
                    parent[node] = START;
                    frontier.push(node);
                }
            }
        }
        let goal = 3 * end + 2;
        while !frontier.is_empty() && parent[goal] == u32::MAX {
            let mut next = Vec::new();
            for &node in &frontier {
                let (s, phase) = (node / 3, node % 3);
                for &t in self.edges(s) {
                    let to = 3 * t as usize + (phase + 1).min(2);
                    if parent[to] == u32::MAX {
                        parent[to] = node as u32;
                        next.push(to);
                    }
                }
            }
            frontier = next;
        }
        let mut walk = Vec::new();
        let mut node = goal;
        while parent[node] != u32::MAX {
            walk.push(node / 3);
            if parent[node] == START {
                break;
            }
            node = parent[node] as usize;
        }
        walk.reverse();
        walk
    }
}

/// Death Blossom: a stem cell, and for each of its digits `d` an ALS whose cells holding `d`
/// all see the stem. Whichever digit the stem holds, its ALS is locked without it; so a digit
/// `z` every chosen ALS holds (and the stem does not) is in each of them: a cell outside them
/// that sees all their `z` loses it.
fn death_blossom(grid: &Grid, alses: &[Als], sink: &mut Sink<'_>) -> ControlFlow<()> {
    // For each cell and digit (at `9 * cell + d - 1`), the ALS (not containing the cell) whose
    // `d` it sees entirely, in order: `petals[start[k]..start[k + 1]]`.
    let mut start: Vec<u32> = Vec::new();
    let mut petals: Vec<u32> = Vec::new();
    counting_sort(
        &mut start,
        &mut petals,
        81 * 9,
        alses.iter().enumerate().flat_map(|(i, als)| {
            ones(als.reaching).flat_map(move |d| {
                als.seeing[d]
                    .iter()
                    .map(move |cell| (9 * cell + d, i as u32))
            })
        }),
    );
    for stem in grid.empty_cells() {
        let cands = grid.candidates(stem);
        if ones(cands).any(|d| start[9 * stem + d] == start[9 * stem + d + 1]) {
            continue;
        }
        let of = |d: usize| &petals[start[9 * stem + d] as usize..start[9 * stem + d + 1] as usize];
        let stem_petals: [&[u32]; 9] = std::array::from_fn(of);
        let stem_digits: Vec<u8> = digits::iter(cands).collect();
        // Where each digit the stem does not hold could still be removed.
        let mut targets = [CellSet::EMPTY; 9];
        for z in digits::iter(digits::ALL & !cands) {
            targets[usize::from(z - 1)] = grid.cells_with(z) - CellSet::single(stem);
        }
        let mut blossom = Blossom {
            alses,
            petals: &stem_petals,
            stem,
            chosen: Vec::with_capacity(stem_digits.len()),
        };
        blossom.choose(&stem_digits, targets, sink)?;
    }
    ControlFlow::Continue(())
}

/// The search for the petals of one stem.
struct Blossom<'a> {
    alses: &'a [Als],
    petals: &'a [&'a [u32]; 9],
    stem: usize,
    /// (stem digit, ALS) chosen so far.
    chosen: Vec<(u8, u32)>,
}

impl Blossom<'_> {
    /// Chooses an ALS for each remaining stem digit. `targets[z - 1]` is where `z` could still
    /// be removed: cells holding it that see every `z` of the ALS chosen so far, outside them;
    /// a choice that leaves no target anywhere is not followed.
    fn choose(
        &mut self,
        rest: &[u8],
        targets: [CellSet; 9],
        sink: &mut Sink<'_>,
    ) -> ControlFlow<()> {
        let Some((&d, rest)) = rest.split_first() else {
            return self.finish(&targets, sink);
        };
        for &i in self.petals[usize::from(d - 1)] {
            let als = &self.alses[i as usize];
            let mut narrowed = [CellSet::EMPTY; 9];
            let mut any = false;
            for z in digits::iter(als.digits) {
                let k = usize::from(z - 1);
                narrowed[k] = targets[k] & als.seeing(z);
                any |= !narrowed[k].is_empty();
            }
            if !any {
                continue;
            }
            self.chosen.push((d, i));
            let flow = self.choose(rest, narrowed, sink);
            self.chosen.pop();
            flow?;
        }
        ControlFlow::Continue(())
    }

    fn finish(&self, targets: &[CellSet; 9], sink: &mut Sink<'_>) -> ControlFlow<()> {
        let mut elims = Vec::new();
        let mut common = 0;
        for z in 1..=9u8 {
            let t = targets[usize::from(z - 1)];
            if !t.is_empty() {
                common |= digits::bit(z);
                elims.extend(t.iter().map(|c| Candidate::new(c, z)));
            }
        }
        let mut cells = CellSet::single(self.stem);
        let mut chain = Vec::new();
        for &(d, i) in &self.chosen {
            let als = &self.alses[i as usize];
            cells |= als.cells;
            chain.push(Link {
                from: Node::candidate(self.stem, d),
                to: als_node(als, d),
                strong: false,
            });
        }
        sink(Step::elimination(
            Technique::DeathBlossom,
            finish(elims),
            Evidence {
                cells,
                digits: common,
                chains: vec![chain],
                ..Evidence::default()
            },
        ))
    }
}

/// The digits of every subset of the open cells `open` of house `h` (a 9-bit mask, bit `p`
/// for the house's `p`-th cell), at the index of the subset's mask; other entries are left
/// as they were.
fn subset_digits(grid: &Grid, h: usize, open: u16, out: &mut [u16; 512]) {
    out[0] = 0;
    let mut mask = 0u16;
    // The non-empty submasks of `open` in increasing order: each comes after its own.
    loop {
        mask = mask.wrapping_sub(open) & open;
        if mask == 0 {
            break;
        }
        let low = mask.trailing_zeros() as usize;
        let cell = usize::from(HOUSE_CELLS[h][low]);
        out[usize::from(mask)] = out[usize::from(mask & (mask - 1))] | grid.candidates(cell);
    }
}

/// The open cells of house `h` as a 9-bit mask over its cells.
fn open_mask(empty: CellSet, h: usize) -> u16 {
    let mut mask = 0;
    for (p, &cell) in HOUSE_CELLS[h].iter().enumerate() {
        if empty.contains(usize::from(cell)) {
            mask |= 1 << p;
        }
    }
    mask
}

/// The cells of house `h` in the 9-bit mask `mask` over its cells.
fn cells_of(h: usize, mask: u16) -> CellSet {
    let mut cells = CellSet::EMPTY;
    for p in ones(mask) {
        cells.insert(usize::from(HOUSE_CELLS[h][p]));
    }
    cells
}

/// The number of digits of a mask (or of cells of a 9-bit mask over a house).
#[inline]
fn count(mask: u16) -> i32 {
    digits::count(mask) as i32
}

/// The non-empty submasks of `mask`, in increasing order.
fn submasks(mask: u16) -> impl Iterator<Item = u16> {
    let mut sub = 0u16;
    std::iter::from_fn(move || {
        sub = sub.wrapping_sub(mask) & mask;
        (sub != 0).then_some(sub)
    })
}

/// Sue de Coq: two or three open cells `C` of a box-line intersection holding `|C| + n`
/// digits `V` (`n` at least 2); cells `CL` of the line and `CB` of the box (outside `C`)
/// whose `V` digits do not overlap, each set holding as many cells as its `V` digits plus its
/// other (extra) digits, together covering `n` of `C`'s excess. The whole is a locked set
/// over two houses: the digits of `C` and `CL` not in `CB` leave the rest of the line, those
/// of `C` and `CB` not in `CL` leave the rest of the box, and an extra digit both sets hold
/// leaves the rest of both.
///
/// Sets of a house's cells are 9-bit masks over its cells (bit `p` for its `p`-th cell, in
/// the order of the cells), and the digits of every subset of a line's and a box's open cells
/// are listed once, at the index of its mask. The sets are visited in increasing order of
/// their masks: `C`, then `CL`, then `CB`. For each `C`, the box subsets that could take part
/// (holding a digit of `V`, covering part of the excess but not all: the line's subset covers
/// the rest) are numbered in order, with bitsets over those numbers (which cover each amount,
/// which hold each digit, which hold the intersection's cell outside `C`): a line subset takes
/// the bitset of those that cover the rest, less those that share its `V` digits or its cell.
fn sue_de_coq(grid: &Grid, memo: &mut SueDeCoqMemo, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let SueDeCoqMemo { barren, box_digits } = memo;
    let empty = grid.empty_cells();
    let mut box_open = [0u16; 9];
    for (b, open) in box_open.iter_mut().enumerate() {
        *open = open_mask(empty, 18 + b);
    }
    // Per box (in `box_digits`, once needed) and for the line at hand: the digits of each
    // subset of the open cells (see `subset_digits`).
    let mut box_ready = [false; 9];
    let mut line_digits = [0u16; 512];
    // For the `C` at hand: the usable box subsets (their masks, numbered in increasing order)
    // and, as bitsets over their numbers, those covering each amount of the excess, those
    // holding each digit (by index), those holding the intersection's cell outside `C`.
    let mut usable = [0u16; 128];
    for line in 0..18 {
        let line_open = open_mask(empty, line);
        if count(line_open) < 3 {
            continue;
        }
        let mut line_ready = false;
        for j in 0..3 {
            // The `j`-th box the line meets (in increasing order), and the positions in the line
            // of their three common cells.
            let b = if line < 9 {
                3 * (line / 3) + j
            } else {
                (line - 9) / 3 + 3 * j
            };
            let inter = line_open & 0b111 << (3 * j);
            if count(inter) < 2 {
                continue;
            }
            // The cells of the line and the box: candidates, and whether filled.
            let mut key = [0u16; 18];
            for (k, &cell) in HOUSE_CELLS[line]
                .iter()
                .chain(&HOUSE_CELLS[18 + b])
                .enumerate()
            {
                let cell = usize::from(cell);
                key[k] = grid.candidates(cell) | u16::from(grid.value(cell) != 0) << 15;
            }
            if barren[line][b] == Some(key) {
                continue;
            }
            let mut found = false;
            let mut sink = |step: Step| {
                found = true;
                sink(step)
            };
            if !line_ready {
                subset_digits(grid, line, line_open, &mut line_digits);
                line_ready = true;
            }
            if !box_ready[b] {
                subset_digits(grid, 18 + b, box_open[b], &mut box_digits[b]);
                box_ready[b] = true;
            }
            let boxes = &box_digits[b];
            // A mask of the line's cells in the box as one of the box's cells.
            let in_box = |mask: u16| {
                let mut out = 0u16;
                for p in ones(mask) {
                    let cell = HOUSE_CELLS[line][p];
                    out |= 1 << (3 * (cell / 9 % 3) + cell % 3);
                }
                out
            };
            for c in submasks(inter) {
                let v = line_digits[usize::from(c)];
                let n = count(c);
                let n_plus = count(v) - n;
                if n < 2 || n_plus < 2 {
                    continue;
                }
                let c_box = in_box(c);
                // The intersection's cell outside `C`, if any, in the line and in the box.
                let free = inter & !c;
                let free_box = in_box(free);
                let mut covering = [0u128; 9];
                let mut holding = [0u128; 9];
                let mut holding_free = 0u128;
                let mut len = 0;
                for i in submasks(box_open[b] & !c_box) {
                    let digits = boxes[usize::from(i)];
                    let k = count(i) - count(digits & !v);
                    if digits & v != 0 && (1..n_plus).contains(&k) {
                        usable[len] = i;
                        let bit = 1u128 << len;
                        covering[k as usize] |= bit;
                        for d in ones(digits & v) {
                            holding[d] |= bit;
                        }
                        if i & free_box != 0 {
                            holding_free |= bit;
                        }
                        len += 1;
                    }
                }
                if len == 0 {
                    continue;
                }
                for l in submasks(line_open & !c) {
                    let vl = line_digits[usize::from(l)];
                    let forbidden = vl & v;
                    let covered_l = count(l) - count(vl & !v);
                    if forbidden == 0 || covered_l <= 0 || covered_l >= n_plus {
                        continue;
                    }
                    let mut left = covering[(n_plus - covered_l) as usize];
                    if left == 0 {
                        continue;
                    }
                    for d in ones(forbidden) {
                        left &= !holding[d];
                    }
                    if l & free != 0 {
                        left &= !holding_free;
                    }
                    while left != 0 {
                        let i = usable[left.trailing_zeros() as usize];
                        left &= left - 1;
                        let cells = [cells_of(line, c), cells_of(line, l), cells_of(18 + b, i)];
                        let digits = [v, vl, boxes[usize::from(i)]];
                        sue_de_coq_step(grid, line, 18 + b, cells, digits, &mut sink)?;
                    }
                }
            }
            if !found {
                barren[line][b] = Some(key);
            }
        }
    }
    ControlFlow::Continue(())
}

/// The step of a Sue de Coq of line `line` and box `b`: `C`, `CL` and `CB` holding `V`, `VL`
/// and `VB`, if it removes something.
fn sue_de_coq_step(
    grid: &Grid,
    line: usize,
    b: usize,
    [c, cl, cb]: [CellSet; 3],
    [v, vl, vb]: [u16; 3],
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let shared = vb & vl;
    let mut elims = Vec::new();
    let box_digits = ((v | vb) & !vl) | shared;
    for cell in (house(b) & grid.empty_cells()) - cb - c {
        for d in digits::iter(grid.candidates(cell) & box_digits) {
            elims.push(Candidate::new(cell, d));
        }
    }
    let line_digits = ((v | vl) & !vb) | shared;
    for cell in (house(line) & grid.empty_cells()) - cl - c {
        for d in digits::iter(grid.candidates(cell) & line_digits) {
            elims.push(Candidate::new(cell, d));
        }
    }
    if elims.is_empty() {
        return ControlFlow::Continue(());
    }
    sink(Step::elimination(
        Technique::SueDeCoq,
        finish(elims),
        Evidence {
            houses: vec![line as u8, b as u8],
            cells: c,
            digits: v,
            fins: cl | cb,
            ..Evidence::default()
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::classic::peers;
    use crate::logic::Ladder;
    use crate::logic::solve;
    use crate::logic::uniqueness::tests::{Rng, check, generated};

    #[test]
    fn every_als_has_one_digit_more_than_cells() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        let (puzzle, _) = generated(&mut rng);
        let grid = Grid::new(&puzzle);
        let mut alses = Vec::new();
        collect(&grid, &mut alses);
        assert!(!alses.is_empty());
        for als in &alses {
            assert_eq!(als.digits.count_ones() as usize, als.cells.len() + 1);
            assert_ne!(als.cells.common_houses(), 0, "one house");
            for d in digits::iter(als.digits) {
                for p in als.seeing(d) {
                    assert!(als.holding(d).iter().all(|c| peers(c).contains(p)));
                }
            }
        }
        let mut keys: Vec<u128> = alses.iter().map(|a| a.cells.0).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), alses.len(), "each ALS once");
    }

    /// At every position of solves of generated puzzles, every step of every ALS technique
    /// agrees with the unique solution.
    #[test]
    fn every_step_on_generated_puzzles_agrees_with_the_solution() {
        let ladder = Ladder::from_list("singles,intersections,subsets").unwrap();
        let techniques = [
            Technique::AlsXz,
            Technique::AlsXyWing,
            Technique::AlsXyChain,
            Technique::DeathBlossom,
            Technique::SueDeCoq,
        ];
        let mut rng = Rng(0xdead_beef_cafe_f00d);
        let mut found = [0usize; 5];
        for _ in 0..60 {
            let (puzzle, solution) = generated(&mut rng);
            let mut grid = Grid::new(&puzzle);
            loop {
                let _ = solve(&mut grid, &ladder, None, |before, step| {
                    check(before, step, &solution);
                    ControlFlow::Continue(())
                });
                if grid.is_solved() {
                    break;
                }
                // Stuck on the easy ladder: try every ALS step here, then make the first.
                let mut next = None;
                for (i, t) in techniques.iter().enumerate() {
                    for s in t.all(&grid) {
                        check(&grid, &s, &solution);
                        found[i] += 1;
                        next.get_or_insert(s);
                    }
                }
                match next {
                    Some(step) => grid.apply(&step),
                    None => break,
                }
            }
        }
        eprintln!("found per technique: {found:?}");
        for (i, t) in techniques.iter().enumerate() {
            assert!(found[i] > 0, "{t:?} never found: {found:?}");
        }
    }

    /// Sue de Coq by the book: every `C`, `CL` and `CB` as cell sets, tested one by one, in
    /// the order of the search (lines, boxes, then each set by the cells it holds, read as a
    /// binary number over the open cells in order).
    fn sue_de_coq_plain(grid: &Grid) -> Vec<Step> {
        let subsets = |cells: CellSet| -> Vec<(CellSet, u16)> {
            let list: Vec<usize> = cells.iter().collect();
            (1usize..1 << list.len())
                .map(|m| {
                    let set: CellSet = (0..list.len())
                        .filter(|i| m & 1 << i != 0)
                        .map(|i| list[i])
                        .collect();
                    let digits = set.iter().fold(0, |d, c| d | grid.candidates(c));
                    (set, digits)
                })
                .collect()
        };
        let mut steps = Vec::new();
        let empty = grid.empty_cells();
        for line in 0..18 {
            for b in 18..27 {
                let (line_open, box_open) = (house(line) & empty, house(b) & empty);
                for (c, v) in subsets(line_open & box_open) {
                    let n_plus = count(v) - c.len() as i32;
                    if c.len() < 2 || n_plus < 2 {
                        continue;
                    }
                    for (cl, vl) in subsets(line_open - c) {
                        for (cb, vb) in subsets(box_open - c) {
                            let cover_l = cl.len() as i32 - count(vl & !v);
                            let cover_b = cb.len() as i32 - count(vb & !v);
                            if (cl & cb).is_empty()
                                && vl & v != 0
                                && vb & v != 0
                                && vl & vb & v == 0
                                && cover_l >= 1
                                && cover_b >= 1
                                && cover_l + cover_b == n_plus
                            {
                                let _ = sue_de_coq_step(
                                    grid,
                                    line,
                                    b,
                                    [c, cl, cb],
                                    [v, vl, vb],
                                    &mut |step| {
                                        steps.push(step);
                                        ControlFlow::Continue(())
                                    },
                                );
                            }
                        }
                    }
                }
            }
        }
        steps
    }

    /// Positions along the easy-ladder solves of generated puzzles (with an ALS step made
    /// where they stick), some with candidates taken out at random (sound or not), each with
    /// the number of its puzzle.
    fn positions(puzzles: usize, seed: u64) -> Vec<(usize, Grid)> {
        let ladder = Ladder::from_list("singles,intersections,subsets").unwrap();
        let mut rng = Rng(seed);
        let mut out = Vec::new();
        for p in 0..puzzles {
            let (puzzle, _) = generated(&mut rng);
            let mut grid = Grid::new(&puzzle);
            loop {
                let _ = solve(&mut grid, &ladder, None, |before, _| {
                    out.push((p, *before));
                    ControlFlow::Continue(())
                });
                out.push((p, grid));
                // Now and then a random candidate out (the position may lose its solution).
                if rng.below(4) == 0 {
                    let open: Vec<usize> = grid.empty_cells().iter().collect();
                    if !open.is_empty() {
                        let cell = open[rng.below(open.len())];
                        let digits: Vec<u8> = digits::iter(grid.candidates(cell)).collect();
                        if digits.len() > 1 {
                            let mut other = grid;
                            other.eliminate(cell, digits[rng.below(digits.len())]);
                            out.push((p, other));
                        }
                    }
                }
                if grid.is_solved() {
                    break;
                }
                let next = [Technique::SueDeCoq, Technique::AlsXz, Technique::AlsXyWing]
                    .iter()
                    .find_map(|t| t.first(&grid));
                match next {
                    Some(step) => grid.apply(&step),
                    None => break,
                }
            }
        }
        out
    }

    /// The search with its lists and bitsets finds the steps the plain search finds, in the
    /// same order.
    #[test]
    fn sue_de_coq_finds_what_the_plain_search_finds() {
        let (mut compared, mut found) = (0, 0);
        for (_, grid) in positions(40, 0x5eed_0f5d_c0c0_0001) {
            let want = sue_de_coq_plain(&grid);
            let got = Technique::SueDeCoq.all(&grid);
            assert_eq!(got, want, "{grid}");
            compared += 1;
            found += want.len();
        }
        eprintln!("compared {compared}, found {found}");
        assert!(
            compared > 1000 && found > 20,
            "compared {compared}, found {found}"
        );
    }

    /// With the memo of the lines and boxes where Sue de Coq found nothing, carried along each
    /// puzzle's positions, it finds what it finds without it.
    #[test]
    fn sue_de_coq_memo_misses_nothing() {
        let (mut compared, mut found, mut skipped) = (0, 0, 0);
        let mut memo = crate::logic::Memo::default();
        let mut puzzle = usize::MAX;
        for (p, grid) in positions(40, 0x5eed_0f5d_c0c0_0002) {
            if p != puzzle {
                memo = crate::logic::Memo::default();
                puzzle = p;
            }
            if let Some(sdc) = &memo.als.1 {
                skipped += sdc.barren.iter().flatten().filter(|k| k.is_some()).count();
            }
            let want = Technique::SueDeCoq.all(&grid);
            let got = Technique::SueDeCoq.all_with(&grid, &mut memo);
            assert_eq!(got, want, "{grid}");
            compared += 1;
            found += want.len();
        }
        eprintln!("compared {compared}, found {found}, skipped {skipped}");
        assert!(
            compared > 1000 && found > 20 && skipped > 10_000,
            "compared {compared}, found {found}, skipped {skipped}"
        );
    }
}
