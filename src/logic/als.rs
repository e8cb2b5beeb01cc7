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

use std::cell::RefCell;
use std::ops::ControlFlow;

use super::cells::{CellSet, digits, house};
use super::{Candidate, Evidence, Grid, Link, Node, NodeKind, Sink, Step, Technique};

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

pub(super) fn find(grid: &Grid, t: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    if !implements(t) {
        return ControlFlow::Continue(());
    }
    if t == Technique::SueDeCoq {
        return sue_de_coq(grid, sink);
    }
    let mut data = cached(grid);
    let flow = match (t, &data.rcs) {
        (Technique::DeathBlossom, _) => death_blossom(grid, &data.alses, sink),
        (Technique::AlsXz, Some(rcs)) => {
            let mut flow = ControlFlow::Continue(());
            for &rc in rcs {
                flow = xz(grid, &data.alses, rc, sink);
                if flow.is_break() {
                    break;
                }
            }
            flow
        }
        (Technique::AlsXz, None) => {
            // The RCs are found as ALS-XZ goes; kept only if it saw them all.
            let mut rcs = Vec::new();
            let flow = for_each_rc(&data.alses, &mut |rc| {
                rcs.push(rc);
                xz(grid, &data.alses, rc, sink)
            });
            if flow.is_continue() {
                data.rcs = Some(rcs);
            }
            flow
        }
        _ => {
            let rcs = data
                .rcs
                .get_or_insert_with(|| restricted_commons(&data.alses));
            if t == Technique::AlsXyWing {
                xy_wing(grid, &data.alses, rcs, sink)
            } else {
                xy_chain(grid, &data.alses, rcs, sink)
            }
        }
    };
    CACHE.with(|c| *c.borrow_mut() = Some(data));
    flow
}

/// The ALS and RCs of one grid (the RCs once some finder needed them all).
struct Data {
    grid: Grid,
    alses: Vec<Als>,
    rcs: Option<Vec<Restricted>>,
}

thread_local! {
    /// The last grid's ALS and RCs: a solve asks every ALS technique in turn about the same
    /// grid, and they all start from the same lists.
    static CACHE: RefCell<Option<Data>> = const { RefCell::new(None) };
}

/// The ALS and RCs of `grid`, from the cache when it holds this grid. The caller puts them
/// back when done (taking them out keeps a finder called from a sink safe).
fn cached(grid: &Grid) -> Data {
    if let Some(data) = CACHE.with(|c| c.borrow_mut().take())
        && data.grid == *grid
    {
        return data;
    }
    Data {
        grid: *grid,
        alses: collect(grid),
        rcs: None,
    }
}

/// One almost locked set.
struct Als {
    cells: CellSet,
    digits: u16,
    /// For each digit (index `d - 1`), the cells of the set holding it.
    holding: [CellSet; 9],
    /// For each digit it holds, the cells that see every cell of the set holding it (the set's
    /// own cells holding it excluded; others of its cells may be in).
    seeing: [CellSet; 9],
    /// The union of `seeing`: an ALS with no cell here has no RC with this one.
    reach: CellSet,
}

impl Als {
    #[cfg(test)]
    fn holding(&self, d: u8) -> CellSet {
        self.holding[usize::from(d - 1)]
    }

    fn seeing(&self, d: u8) -> CellSet {
        self.seeing[usize::from(d - 1)]
    }
}

/// Every ALS of the grid, each once (a set in a box and a line is found from the line).
///
/// The order is HoDoKu's: rows, then columns, then boxes; in each house the subsets of its open
/// cells depth first (`{1}`, `{1,2}`, `{1,2,3}`, ..., `{1,3}`, ...). The chain search only goes
/// forward in this order, so it finds the chains HoDoKu finds.
fn collect(grid: &Grid) -> Vec<Als> {
    let mut alses = Vec::new();
    for h in 0..27 {
        let open: Vec<usize> = (house(h) & grid.empty_cells()).iter().collect();
        subsets(grid, h, &open, 0, CellSet::EMPTY, 0, &mut alses);
    }
    alses
}

/// Adds the ALS among the subsets of `open` that extend `cells` (holding `union`) with cells
/// from `start` on, depth first.
fn subsets(
    grid: &Grid,
    h: usize,
    open: &[usize],
    start: usize,
    cells: CellSet,
    union: u16,
    alses: &mut Vec<Als>,
) {
    for (i, &cell) in open.iter().enumerate().skip(start) {
        let mut cells = cells;
        cells.insert(cell);
        let union = union | grid.candidates(cell);
        let n = cells.len();
        if n == open.len() {
            return;
        }
        if union.count_ones() as usize == n + 1 && cells.common_houses() & ((1 << h) - 1) == 0 {
            let mut holding = [CellSet::EMPTY; 9];
            let mut seeing = [CellSet::EMPTY; 9];
            let mut reach = CellSet::EMPTY;
            for d in digits::iter(union) {
                let i = usize::from(d - 1);
                holding[i] = cells & grid.cells_with(d);
                seeing[i] = holding[i].common_peers();
                reach |= seeing[i];
            }
            alses.push(Als {
                cells,
                digits: union,
                holding,
                seeing,
                reach,
            });
        }
        subsets(grid, h, open, i + 1, cells, union, alses);
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

/// The restricted commons of two ALS, as a digit mask (0, one or two digits).
fn rc_digits(a: &Als, b: &Als) -> u16 {
    let common = a.digits & b.digits;
    if common == 0 || !a.reach.intersects(b.cells) {
        return 0;
    }
    let overlap = a.cells & b.cells;
    let mut mask = 0;
    let mut rest = common;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let (ha, hb) = (a.holding[i], b.holding[i]);
        if !(ha | hb).intersects(overlap) && hb.is_subset(a.seeing[i]) {
            mask |= 1 << i;
        }
    }
    mask
}

/// Every RC between two ALS. Overlapping ALS are allowed as long as no cell of the overlap
/// holds the RC digit.
fn restricted_commons(alses: &[Als]) -> Vec<Restricted> {
    let mut rcs = Vec::new();
    let _ = for_each_rc(alses, &mut |rc| {
        rcs.push(rc);
        ControlFlow::Continue(())
    });
    rcs
}

/// Calls `f` with every RC, pairs in order, until it says stop.
fn for_each_rc(alses: &[Als], f: &mut dyn FnMut(Restricted) -> ControlFlow<()>) -> ControlFlow<()> {
    // The quick test first, over a compact copy (cells, digits) that stays in cache.
    let brief: Vec<(CellSet, u16)> = alses.iter().map(|a| (a.cells, a.digits)).collect();
    for (i, a) in alses.iter().enumerate() {
        for (j, &(cells, digits)) in brief.iter().enumerate().skip(i + 1) {
            if a.digits & digits == 0 || !a.reach.intersects(cells) {
                continue;
            }
            let mask = rc_digits(a, &alses[j]);
            if mask == 0 {
                continue;
            }
            let x = digits::first(mask);
            let rest = mask & (mask - 1);
            let y = if rest == 0 { 0 } else { digits::first(rest) };
            f(Restricted {
                a: i as u32,
                b: j as u32,
                x,
                y,
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Removes `d` from `targets` where it is a candidate.
fn push_elims(grid: &Grid, out: &mut Vec<Candidate>, targets: CellSet, d: u8) {
    for cell in targets & grid.cells_with(d) {
        out.push(Candidate::new(cell, d));
    }
}

/// The digits `a` and `b` share, but `excluded`: a cell outside both that sees every cell of
/// both holding such a digit loses it.
fn common_elims(grid: &Grid, a: &Als, b: &Als, excluded: u16, out: &mut Vec<Candidate>) {
    for z in digits::iter(a.digits & b.digits & !excluded) {
        let targets = (a.seeing(z) & b.seeing(z)) - a.cells - b.cells;
        push_elims(grid, out, targets, z);
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

/// ALS-XZ: two ALS with an RC `x`. One of them is locked without `x`, so a digit `z` both hold
/// is in one of them: a cell seeing all their `z` loses it. Doubly linked (two RCs): each ALS
/// is locked without the two RCs (its other digits leave every cell that sees all of theirs),
/// and each RC is in one of the two.
fn xz(grid: &Grid, alses: &[Als], rc: Restricted, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let (a, b) = (&alses[rc.a as usize], &alses[rc.b as usize]);
    let mut elims = Vec::new();
    if rc.y == 0 {
        common_elims(grid, a, b, digits::bit(rc.x), &mut elims);
    } else {
        common_elims(grid, a, b, 0, &mut elims);
        for (locked, other) in [(a, b), (b, a)] {
            for d in digits::iter(locked.digits & !rc.mask()) {
                let targets = locked.seeing(d) - locked.cells - other.cells;
                push_elims(grid, &mut elims, targets, d);
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

/// For each ALS, the indices of its RCs in `rcs`.
fn rcs_by_als(alses: &[Als], rcs: &[Restricted]) -> Vec<Vec<u32>> {
    let mut by = vec![Vec::new(); alses.len()];
    for (k, rc) in rcs.iter().enumerate() {
        by[rc.a as usize].push(k as u32);
        by[rc.b as usize].push(k as u32);
    }
    by
}

/// ALS-XY-Wing: ALS `c` has an RC with `a` and another (a different digit) with `b`. `c`
/// lacks at most one digit, so it holds one of the two RCs, and `a` or `b` is locked: a digit
/// `z` that `a` and `b` share (not an RC) leaves every cell that sees all their `z`.
fn xy_wing(grid: &Grid, alses: &[Als], rcs: &[Restricted], sink: &mut Sink<'_>) -> ControlFlow<()> {
    let by = rcs_by_als(alses, rcs);
    for (ci, list) in by.iter().enumerate() {
        let c = &alses[ci];
        for (n, &k1) in list.iter().enumerate() {
            let rc1 = rcs[k1 as usize];
            for &k2 in &list[n + 1..] {
                let rc2 = rcs[k2 as usize];
                let (m1, m2) = (rc1.mask(), rc2.mask());
                if m1 == m2 && m1.count_ones() == 1 {
                    continue;
                }
                let (ai, bi) = (rc1.other(ci as u32), rc2.other(ci as u32));
                if ai == bi {
                    continue;
                }
                let (a, b) = (&alses[ai as usize], &alses[bi as usize]);
                // Neither may contain the other.
                if a.cells.is_subset(b.cells) || b.cells.is_subset(a.cells) {
                    continue;
                }
                let mut elims = Vec::new();
                common_elims(grid, a, b, m1 | m2, &mut elims);
                if elims.is_empty() {
                    continue;
                }
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
fn xy_chain(
    grid: &Grid,
    alses: &[Als],
    rcs: &[Restricted],
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let n = alses.len();
    let by = rcs_by_als(alses, rcs);
    let graph = StateGraph::new(alses, rcs, &by);
    let s_count = graph.states.len();
    if s_count == 0 {
        return ControlFlow::Continue(());
    }
    // The digits each ALS could eliminate with some partner: `z` with a cell outside it that
    // holds `z` and sees all its `z`.
    let potential: Vec<u16> = alses
        .iter()
        .map(|a| {
            digits::iter(a.digits)
                .filter(|&z| !((a.seeing(z) & grid.cells_with(z)) - a.cells).is_empty())
                .fold(0, |m, z| m | digits::bit(z))
        })
        .collect();
    // Starts: an ALS, and a digit of one of its RCs for the first link.
    let mut sources: Vec<(u32, u8)> = Vec::new();
    for (a1, list) in by.iter().enumerate() {
        let firsts = list.iter().fold(0u16, |m, &k| m | rcs[k as usize].mask());
        for x in digits::iter(firsts) {
            if potential[a1] & !digits::bit(x) != 0 {
                sources.push((a1 as u32, x));
            }
        }
    }
    let words = sources.len().div_ceil(64);
    if words == 0 {
        return ControlFlow::Continue(());
    }
    let mut one = vec![0u64; s_count * words];
    for (si, &(a1, x)) in sources.iter().enumerate() {
        for &k in &by[a1 as usize] {
            let rc = rcs[k as usize];
            if rc.mask() & digits::bit(x) != 0 {
                let t = graph.id(rc.other(a1), digits::bit(x));
                one[t * words + si / 64] |= 1 << (si % 64);
            }
        }
    }
    let step = |from: &[u64], into: &mut [u64]| {
        for s in 0..s_count {
            let row = &from[s * words..(s + 1) * words];
            if row.iter().all(|&w| w == 0) {
                continue;
            }
            for &t in &graph.edges[s] {
                let t = t as usize;
                for (w, &r) in row.iter().enumerate() {
                    into[t * words + w] |= r;
                }
            }
        }
    };
    let mut two = vec![0u64; s_count * words];
    step(&one, &mut two);
    let mut three = vec![0u64; s_count * words];
    step(&two, &mut three);
    // Three links or more: spread along the links until nothing changes.
    let mut queued = vec![true; s_count];
    let mut queue: Vec<usize> = (0..s_count).collect();
    while let Some(s) = queue.pop() {
        queued[s] = false;
        for &t in &graph.edges[s] {
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
    // For each ALS that ends a chain, the starts it shares an eliminating digit with.
    // For the end ALS at hand, the digits it shares with each start ALS that have a target
    // outside both (computed when first asked, one row at a time: memory stays linear).
    let mut row = vec![u16::MAX; n];
    let pairmask = |row: &mut [u16], a1: usize, an: usize| -> u16 {
        if row[a1] == u16::MAX {
            let (a, b) = (&alses[a1], &alses[an]);
            row[a1] = digits::iter(potential[a1] & b.digits)
                .filter(|&z| {
                    let t = (a.seeing(z) & b.seeing(z) & grid.cells_with(z)) - a.cells - b.cells;
                    !t.is_empty()
                })
                .fold(0, |m, z| m | digits::bit(z));
        }
        row[a1]
    };
    let mut seen: Vec<Vec<Candidate>> = Vec::new();
    for (an, ends) in graph.of_als.iter().enumerate() {
        if ends.is_empty() {
            continue;
        }
        row.fill(u16::MAX);
        for &(v, e) in ends {
            let e = e as usize;
            for w in 0..words {
                let mut bits = three[e * words + w];
                while bits != 0 {
                    let si = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let (a1, x) = sources[si];
                    let excluded = digits::bit(x) | v;
                    if pairmask(&mut row, a1 as usize, an) & !excluded == 0 {
                        continue;
                    }
                    let (first, last) = (&alses[a1 as usize], &alses[an]);
                    let mut elims = Vec::new();
                    common_elims(grid, first, last, excluded, &mut elims);
                    let elims = finish(elims);
                    if elims.is_empty() || seen.contains(&elims) {
                        continue;
                    }
                    seen.push(elims.clone());
                    let walk = graph.walk(rcs, &by, a1, x, e);
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
    states: Vec<(u32, u16)>,
    /// For each ALS, its states as (digits, state id).
    of_als: Vec<Vec<(u16, u32)>>,
    /// For each state, the states one link further.
    edges: Vec<Vec<u32>>,
}

impl StateGraph {
    fn new(alses: &[Als], rcs: &[Restricted], by: &[Vec<u32>]) -> StateGraph {
        let mut g = StateGraph {
            states: Vec::new(),
            of_als: vec![Vec::new(); alses.len()],
            edges: Vec::new(),
        };
        for rc in rcs {
            let m = rc.mask();
            let variants: &[u16] = if rc.y == 0 {
                &[m]
            } else {
                &[digits::bit(rc.x), digits::bit(rc.y), m]
            };
            for j in [rc.a, rc.b] {
                for &v in variants {
                    if !g.of_als[j as usize].iter().any(|&(u, _)| u == v) {
                        let id = g.states.len() as u32;
                        g.states.push((j, v));
                        g.of_als[j as usize].push((v, id));
                    }
                }
            }
        }
        for &(j, u) in &g.states {
            let mut out = Vec::new();
            for &k in &by[j as usize] {
                let rc = rcs[k as usize];
                let v = rc.mask() & !u;
                if v != 0 {
                    out.push(g.id(rc.other(j), v) as u32);
                }
            }
            g.edges.push(out);
        }
        g
    }

    /// The state of ALS `j` reached with digits `v` (it exists for every RC's digits).
    fn id(&self, j: u32, v: u16) -> usize {
        self.of_als[j as usize]
            .iter()
            .find(|&&(u, _)| u == v)
            .map_or(0, |&(_, id)| id as usize)
    }

    /// A shortest walk of three links or more from ALS `a1` (first digit `x`) to state `end`,
    /// as the states after `a1`.
    fn walk(&self, rcs: &[Restricted], by: &[Vec<u32>], a1: u32, x: u8, end: usize) -> Vec<usize> {
        // Nodes: (state, links so far capped at 3), as 3 * state + phase - 1.
        let mut parent = vec![u32::MAX; 3 * self.states.len()];
        let mut frontier = Vec::new();
        const START: u32 = u32::MAX - 1;
        for &k in &by[a1 as usize] {
            let rc = rcs[k as usize];
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
                for &t in &self.edges[s] {
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
    // For each cell and digit, the ALS (not containing the cell) whose `d` it sees entirely.
    let mut petals: Vec<[Vec<u32>; 9]> = (0..81).map(|_| Default::default()).collect();
    for (i, als) in alses.iter().enumerate() {
        for d in digits::iter(als.digits) {
            for cell in (als.seeing(d) & grid.cells_with(d)) - als.cells {
                petals[cell][usize::from(d - 1)].push(i as u32);
            }
        }
    }
    for stem in grid.empty_cells() {
        let cands = grid.candidates(stem);
        if digits::iter(cands).any(|d| petals[stem][usize::from(d - 1)].is_empty()) {
            continue;
        }
        let stem_digits: Vec<u8> = digits::iter(cands).collect();
        // Where each digit the stem does not hold could still be removed.
        let mut targets = [CellSet::EMPTY; 9];
        for z in digits::iter(digits::ALL & !cands) {
            targets[usize::from(z - 1)] = grid.cells_with(z) - CellSet::single(stem);
        }
        let mut blossom = Blossom {
            alses,
            petals: &petals[stem],
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
    petals: &'a [Vec<u32>; 9],
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
        for &i in &self.petals[usize::from(d - 1)] {
            let als = &self.alses[i as usize];
            let mut narrowed = [CellSet::EMPTY; 9];
            let mut any = false;
            for z in digits::iter(als.digits) {
                let k = usize::from(z - 1);
                narrowed[k] = (targets[k] & als.seeing(z)) - als.cells;
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

/// The subsets of `cells` (at most 9), as cell sets with their digits, in increasing order of
/// their bit masks (so each subset comes after its own subsets).
fn subsets_of(grid: &Grid, cells: CellSet) -> Vec<(CellSet, u16)> {
    let list: Vec<usize> = cells.iter().collect();
    let mut out: Vec<(CellSet, u16)> = vec![(CellSet::EMPTY, 0)];
    for mask in 1usize..(1 << list.len()) {
        let low = mask.trailing_zeros() as usize;
        let (rest_cells, rest_digits) = out[mask & (mask - 1)];
        let mut c = rest_cells;
        c.insert(list[low]);
        out.push((c, rest_digits | grid.candidates(list[low])));
    }
    out
}

/// Sue de Coq: two or three open cells `C` of a box-line intersection holding `|C| + n`
/// digits `V` (`n` at least 2); cells `CL` of the line and `CB` of the box (outside `C`)
/// whose `V` digits do not overlap, each set holding as many cells as its `V` digits plus its
/// other (extra) digits, together covering `n` of `C`'s excess. The whole is a locked set
/// over two houses: the digits of `C` and `CL` not in `CB` leave the rest of the line, those
/// of `C` and `CB` not in `CL` leave the rest of the box, and an extra digit both sets hold
/// leaves the rest of both.
fn sue_de_coq(grid: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for line in 0..18 {
        let line_open = house(line) & grid.empty_cells();
        for b in 18..27 {
            let box_open = house(b) & grid.empty_cells();
            let inter = line_open & box_open;
            if inter.len() < 2 {
                continue;
            }
            for (c, v) in subsets_of(grid, inter) {
                let n_plus = v.count_ones() as i32 - c.len() as i32;
                if c.len() < 2 || n_plus < 2 {
                    continue;
                }
                // Box subsets that could take part, once for every `CL`.
                let box_sets: Vec<(CellSet, u16)> = subsets_of(grid, box_open - c)
                    .into_iter()
                    .filter(|&(cb, vb)| !cb.is_empty() && vb & v != 0)
                    .collect();
                for (cl, vl) in subsets_of(grid, line_open - c) {
                    let contained = (vl & v).count_ones() as i32;
                    let extra_l = vl & !v;
                    let covered_l = cl.len() as i32 - extra_l.count_ones() as i32;
                    if cl.is_empty() || contained == 0 || covered_l <= 0 || covered_l >= n_plus {
                        continue;
                    }
                    let forbidden = vl & v;
                    for &(cb, vb) in &box_sets {
                        if cb.intersects(cl) || vb & forbidden != 0 {
                            continue;
                        }
                        let extra_b = vb & !v;
                        if cb.len() as i32 - extra_b.count_ones() as i32 != n_plus - covered_l {
                            continue;
                        }
                        let shared = vb & vl;
                        let mut elims = Vec::new();
                        let box_digits = ((v | vb) & !vl) | shared;
                        for cell in box_open - cb - c {
                            for d in digits::iter(grid.candidates(cell) & box_digits) {
                                elims.push(Candidate::new(cell, d));
                            }
                        }
                        let line_digits = ((v | vl) & !vb) | shared;
                        for cell in line_open - cl - c {
                            for d in digits::iter(grid.candidates(cell) & line_digits) {
                                elims.push(Candidate::new(cell, d));
                            }
                        }
                        if elims.is_empty() {
                            continue;
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
                        ))?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Ladder;
    use crate::logic::cells::peers;
    use crate::logic::solve;
    use crate::logic::uniqueness::tests::{Rng, check, generated};

    #[test]
    fn every_als_has_one_digit_more_than_cells() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        let (puzzle, _) = generated(&mut rng);
        let grid = Grid::new(&puzzle);
        let alses = collect(&grid);
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
}
