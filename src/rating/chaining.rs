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

use std::collections::VecDeque;

use super::Hint;
use super::grid::{BOX, COL, Grid, ROW, SE_PEER_ORDER, n, region, region_set, regions_of};
use crate::geometry::classic::PEERS;
use crate::geometry::digits;

const NONE: u32 = u32::MAX;
/// The multiple chains clear their arena (and the chains kept in it) past this many parent
/// links.
const ARENA_LIMIT: usize = 1 << 22;
/// The cause of an "on": the cell rule (Y) or a region (0..27).
const CELL_RULE: u8 = 255;

#[inline]
fn cand(cell: usize, d: u8) -> u16 {
    (cell * 9 + d as usize - 1) as u16
}
#[inline]
fn cell_of(c: u16) -> usize {
    c as usize / 9
}
#[inline]
fn digit_of(c: u16) -> u8 {
    (c % 9) as u8 + 1
}

struct Node {
    /// `cand * 2 + on`.
    key: u16,
    first: u32,
    count: u32,
}

#[derive(Default)]
struct Arena {
    nodes: Vec<Node>,
    parents: Vec<u32>,
}

impl Arena {
    fn add(&mut self, key: u16, parents: &[u32]) -> u32 {
        let first = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.nodes.push(Node {
            key,
            first,
            count: parents.len() as u32,
        });
        (self.nodes.len() - 1) as u32
    }
    fn parents(&self, i: u32) -> &[u32] {
        let n = &self.nodes[i as usize];
        &self.parents[n.first as usize..(n.first + n.count) as usize]
    }
    fn key(&self, i: u32) -> u16 {
        self.nodes[i as usize].key
    }
    /// Whether `key` occurs on the chain of first parents above `i`.
    fn is_parent(&self, i: u32, key: u16) -> bool {
        let mut p = i;
        while let Some(&q) = self.parents(p).first() {
            p = q;
            if self.key(p) == key {
                return true;
            }
        }
        false
    }
    /// SE's ancestor count: potentials reached through parents, breadth first, each
    /// distinct potential counted (and expanded) once.
    fn ancestors(&self, i: u32) -> u32 {
        let mut seen = [0u64; 23];
        let mut todo = vec![i];
        let mut next = Vec::new();
        let mut count = 0;
        while !todo.is_empty() {
            for &p in &todo {
                let k = self.key(p) as usize;
                if seen[k / 64] & (1 << (k % 64)) == 0 {
                    seen[k / 64] |= 1 << (k % 64);
                    count += 1;
                    next.extend_from_slice(self.parents(p));
                }
            }
            std::mem::swap(&mut todo, &mut next);
            next.clear();
        }
        count
    }
}

/// For the unary searches (where "on" and "off" alternate along first parents): the "off"
/// candidates above each "on" node on its chain of first parents, as a 729-bit set, so that
/// SE's `isParent` test is one lookup instead of a walk up the chain.
#[derive(Default)]
struct OffsAbove {
    /// Arena node → index in `sets` (NONE for nodes not tracked).
    local: Vec<u32>,
    sets: Vec<[u64; 12]>,
}

impl OffsAbove {
    fn reset(&mut self) {
        self.local.clear();
        self.sets.clear();
    }
    /// Records "on" node `n`, made by "off" node `q` (or a start node when `q` is None).
    fn on_made(&mut self, ar: &Arena, n: u32, q: Option<u32>) {
        let mut set = [0u64; 12];
        if let Some(q) = q {
            if let Some(&p) = ar.parents(q).first() {
                set = self.sets[self.local[p as usize] as usize];
            }
            let c = (ar.key(q) / 2) as usize;
            set[c / 64] |= 1 << (c % 64);
        }
        if self.local.len() <= n as usize {
            self.local.resize(n as usize + 1, NONE);
        }
        self.local[n as usize] = self.sets.len() as u32;
        self.sets.push(set);
    }
    /// Whether "off" candidate `c` is above "on" node `p`.
    fn has(&self, p: u32, c: u16) -> bool {
        let set = &self.sets[self.local[p as usize] as usize];
        set[c as usize / 64] & (1 << (c % 64)) != 0
    }
}

/// The consequences of one start: the potentials made "on" and "off", and the pair of
/// nodes (on, off) of a candidate that came out both ways, if any.
type Outcome = (PSet, PSet, Option<(u32, u32)>);

/// An insertion-ordered set of potentials of one polarity, by candidate.
#[derive(Clone)]
struct PSet {
    map: Vec<u32>,
    order: Vec<u16>,
}

impl PSet {
    fn new() -> PSet {
        PSet {
            map: vec![NONE; 729],
            order: Vec::new(),
        }
    }
    #[inline]
    fn get(&self, c: u16) -> Option<u32> {
        let v = self.map[c as usize];
        (v != NONE).then_some(v)
    }
    #[inline]
    fn has(&self, c: u16) -> bool {
        self.map[c as usize] != NONE
    }
    /// Empties the set, touching only its entries.
    fn reset(&mut self) {
        for &c in &self.order {
            self.map[c as usize] = NONE;
        }
        self.order.clear();
    }

    /// Adds unless present (the first version is kept).
    fn insert(&mut self, c: u16, node: u32) {
        if self.map[c as usize] == NONE {
            self.map[c as usize] = node;
            self.order.push(c);
        }
    }
}

/// A set of candidates (`cell * 9 + digit - 1`, 0..729) as a bitset: bit `c % 64` of word
/// `c / 64`.
#[derive(Clone, Copy, Default)]
struct Cands([u64; 12]);

impl Cands {
    /// Adds `c`; whether it was absent.
    #[inline]
    fn insert(&mut self, c: u16) -> bool {
        let (w, b) = (c as usize / 64, 1u64 << (c % 64));
        let new = self.0[w] & b == 0;
        self.0[w] |= b;
        new
    }
    #[inline]
    fn has(&self, c: u16) -> bool {
        self.0[c as usize / 64] & (1 << (c % 64)) != 0
    }
}

/// Which potentials reach which in the static implication graph of one setting of links
/// (fixed grid): the graph's strongly connected components, each with the set of
/// potentials reachable from it. A search that cannot reach what it looks for need not run.
///
/// Nodes number the grid's candidates in order (`idx`): node `2 * i + on`. A component's
/// set is `words` 64-bit words in `sets`, bit = node.
struct Reach {
    idx: Vec<u16>,
    words: usize,
    /// Component of each node.
    comp: Vec<u32>,
    /// Whether a component holds a cycle (more than one node: there are no self-links).
    cyclic: Vec<bool>,
    sets: Vec<u64>,
}

/// Tarjan's search state.
struct Tarjan<'t> {
    tab: &'t Table,
    y: bool,
    x: bool,
    cands: Vec<u16>,
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    next: u32,
    succ: Vec<u32>,
}

impl Tarjan<'_> {
    /// The successors of a node, appended to `out`.
    fn successors(&self, idx: &[u16], v: u32, out: &mut Vec<u32>) {
        let c = self.cands[v as usize / 2];
        if v & 1 == 1 {
            out.extend(
                self.tab
                    .offs(c, self.y)
                    .iter()
                    .map(|&o| idx[o as usize] as u32 * 2),
            );
        } else {
            out.extend(
                self.tab
                    .ons(c, self.y, self.x)
                    .iter()
                    .map(|&(o, _)| idx[o as usize] as u32 * 2 + 1),
            );
        }
    }
}

impl Reach {
    fn new(tab: &Table, g: &Grid, y: bool, x: bool) -> Reach {
        let mut idx = vec![u16::MAX; 729];
        let mut cands = Vec::new();
        for c in 0..729u16 {
            if g.has(cell_of(c), digit_of(c)) {
                idx[c as usize] = cands.len() as u16;
                cands.push(c);
            }
        }
        let nodes = cands.len() * 2;
        let words = nodes.div_ceil(64).max(1);
        let mut r = Reach {
            idx,
            words,
            comp: vec![NONE; nodes],
            cyclic: Vec::new(),
            sets: Vec::new(),
        };
        let mut t = Tarjan {
            tab,
            y,
            x,
            cands,
            index: vec![NONE; nodes],
            low: vec![0; nodes],
            on_stack: vec![false; nodes],
            stack: Vec::new(),
            next: 0,
            succ: Vec::new(),
        };
        for v in 0..nodes as u32 {
            if t.index[v as usize] == NONE {
                r.visit(&mut t, v);
            }
        }
        r
    }

    /// Tarjan's depth-first visit of `v`. It recurses at most once per node (at most 1,458
    /// levels, a small fraction of a thread's stack).
    fn visit(&mut self, t: &mut Tarjan<'_>, v: u32) {
        let vi = v as usize;
        t.index[vi] = t.next;
        t.low[vi] = t.next;
        t.next += 1;
        t.stack.push(v);
        t.on_stack[vi] = true;
        let mut succ = std::mem::take(&mut t.succ);
        let from = succ.len();
        t.successors(&self.idx, v, &mut succ);
        t.succ = succ;
        let to = t.succ.len();
        for i in from..to {
            let w = t.succ[i] as usize;
            if t.index[w] == NONE {
                self.visit(t, w as u32);
                t.low[vi] = t.low[vi].min(t.low[w]);
            } else if t.on_stack[w] {
                t.low[vi] = t.low[vi].min(t.index[w]);
            }
        }
        if t.low[vi] != t.index[vi] {
            t.succ.truncate(from);
            return;
        }
        // v roots a component: its members are on the stack down to v; the components
        // they lead to are finished.
        let id = self.cyclic.len() as u32;
        let base = self.sets.len();
        self.sets.resize(base + self.words, 0);
        let top = t
            .stack
            .iter()
            .rposition(|&u| u == v)
            .expect("v is on the stack");
        for &u in &t.stack[top..] {
            self.comp[u as usize] = id;
            t.on_stack[u as usize] = false;
            self.sets[base + u as usize / 64] |= 1 << (u % 64);
        }
        // A lone node's successors are still at the end of `succ` (the visits below it
        // left them there); a larger component's are listed again.
        let lone = t.stack.len() - top == 1;
        let mut succ = std::mem::take(&mut t.succ);
        for k in top..t.stack.len() {
            let u = t.stack[k];
            let from = if lone { from } else { succ.len() };
            if !lone {
                t.successors(&self.idx, u, &mut succ);
            }
            for &w in &succ[from..] {
                // A node already in the set came with everything it reaches (a finished
                // component's set is closed), so its component adds nothing.
                if self.sets[base + w as usize / 64] & (1 << (w % 64)) != 0 {
                    continue;
                }
                let cw = self.comp[w as usize] as usize;
                if cw != id as usize {
                    for j in 0..self.words {
                        self.sets[base + j] |= self.sets[cw * self.words + j];
                    }
                }
            }
            succ.truncate(from);
        }
        succ.truncate(from);
        t.succ = succ;
        self.cyclic.push(t.stack.len() - top > 1);
        t.stack.truncate(top);
    }

    fn node(&self, c: u16, on: bool) -> usize {
        self.idx[c as usize] as usize * 2 + usize::from(on)
    }

    /// Whether a search from potential (`c`, `on`) can reach potential (`d`, `don`).
    fn reaches(&self, c: u16, on: bool, d: u16, don: bool) -> bool {
        let (a, b) = (self.node(c, on), self.node(d, don));
        let comp = self.comp[a] as usize;
        self.sets[comp * self.words + b / 64] & (1 << (b % 64)) != 0
    }

    /// Whether potential (`c`, `on`) lies on a cycle of the graph.
    fn on_cycle(&self, c: u16, on: bool) -> bool {
        self.cyclic[self.comp[self.node(c, on)] as usize]
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

/// The easiest hint of a producer so far: SE sorts by rating, complexity, kind; ties keep
/// the order found (its sort is stable).
#[derive(Default)]
struct Best {
    best: Option<(f64, u32, u8, Hint)>,
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
    /// intersections, hidden and naked pairs and X-wings when they run dry.
    level: u8,
}

impl Mode {
    fn base(self) -> f64 {
        if self.level > 0 {
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
            "Dynamic Contradiction Forcing Chains"
        }
    }
}

struct Chainer<'a> {
    save: &'a Grid,
    g: Grid,
    ar: Arena,
    mode: Mode,
    buf_off: Vec<u16>,
    buf_on: Vec<(u16, u8)>,
    /// [`Chainer::chain`]'s queues of "on" and "off" nodes.
    pending: (VecDeque<u32>, VecDeque<u32>),
    /// [`Chainer::chain`]'s "on" nodes made from one "off" node, and a node's parents.
    buf_made: (Vec<(u16, u32)>, Vec<u32>),
    /// Static chains: every candidate's implications, computed once (the grid does not
    /// change while they run).
    table: Option<Box<Table>>,
    above: OffsAbove,
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
    /// The frontiers of the forcing-chain searches (reused).
    fronts: [Vec<u16>; 2],
    /// The frontiers of the cycle searches: "on" nodes, "off" candidates with their parent.
    cycle_fronts: (Vec<u32>, Vec<(u16, u32)>),
}

/// The two set bits of `m` (which has two), lowest first: what the pair searches of
/// [`Chainer::advanced`] take apart without allocating, since they try every pair of every
/// house at every step of a chain.
fn two_bits(m: u16) -> [usize; 2] {
    debug_assert_eq!(m.count_ones(), 2);
    [m.trailing_zeros() as usize, 15 - m.leading_zeros() as usize]
}

/// The implications of every candidate in a fixed grid: the Y part (same cell) first, then
/// the X part (same digit), so the Y part can be skipped.
struct Table {
    offs: Vec<[u16; 28]>,
    /// (length, length of the Y part).
    noffs: Vec<(u8, u8)>,
    ons: Vec<[(u16, u8); 4]>,
    nons: Vec<(u8, u8)>,
}

impl Table {
    /// The "offs" implied by "on" `c` (with or without the Y part).
    #[inline]
    fn offs(&self, c: u16, y: bool) -> &[u16] {
        let (len, ny) = self.noffs[c as usize];
        let from = if y { 0 } else { ny as usize };
        &self.offs[c as usize][from..len as usize]
    }

    /// The "ons" implied by "off" `c`.
    #[inline]
    fn ons(&self, c: u16, y: bool, x: bool) -> &[(u16, u8)] {
        let (len, ny) = self.nons[c as usize];
        let from = if y { 0 } else { ny as usize };
        let to = if x { len as usize } else { ny as usize };
        &self.ons[c as usize][from..to]
    }

    fn new(g: &Grid) -> Table {
        let mut t = Table {
            offs: vec![[0; 28]; 729],
            noffs: vec![(0, 0); 729],
            ons: vec![[(0, 0); 4]; 729],
            nons: vec![(0, 0); 729],
        };
        let pos = g.all_pos();
        for cell in 0..81 {
            let all = g.c[cell];
            let mut m = all;
            while m != 0 {
                let d = digits::first(m);
                m &= m - 1;
                let c = cand(cell, d);
                // "On": the cell's other candidates (Y part), then the digit's other
                // places in the box, row and column (as SE's getOnToOff lists them).
                let offs = &mut t.offs[c as usize];
                let mut len = 0;
                let mut others = all & !digits::bit(d);
                while others != 0 {
                    offs[len] = cand(cell, digits::first(others));
                    others &= others - 1;
                    len += 1;
                }
                let ny = len;
                for &o in &SE_PEER_ORDER[cell] {
                    if g.has(o as usize, d) {
                        offs[len] = cand(o as usize, d);
                        len += 1;
                    }
                }
                t.noffs[c as usize] = (len as u8, ny as u8);
                // "Off": the other candidate of a bivalue cell, then the other place of
                // the digit in a box, row or column with two places (SE's getOffToOn).
                let ons = &mut t.ons[c as usize];
                let mut len = 0;
                if n(all) == 2 {
                    ons[0] = (cand(cell, digits::first(all & !digits::bit(d))), CELL_RULE);
                    len = 1;
                }
                let ny = len;
                for r in regions_of(cell) {
                    let p = pos[r][d as usize - 1];
                    if n(p) == 2 {
                        let mut i = p.trailing_zeros() as usize;
                        if region(r)[i] as usize == cell {
                            i = (p & !(1 << i)).trailing_zeros() as usize;
                        }
                        let k = cand(region(r)[i] as usize, d);
                        if !ons[..len].iter().any(|&(o, _)| o == k) {
                            ons[len] = (k, r as u8);
                            len += 1;
                        }
                    }
                }
                t.nons[c as usize] = (len as u8, ny as u8);
            }
        }
        t
    }
}

impl<'a> Chainer<'a> {
    fn new(g: &'a Grid, mode: Mode) -> Chainer<'a> {
        Chainer {
            save: g,
            g: g.clone(),
            ar: Arena::default(),
            mode,
            buf_off: Vec::new(),
            buf_on: Vec::new(),
            pending: Default::default(),
            buf_made: Default::default(),
            table: (!mode.dynamic).then(|| Box::new(Table::new(g))),
            above: OffsAbove::default(),
            spare: Vec::new(),
            on_cache: Vec::new(),
            places: {
                let mut places = [0u128; 9];
                for (cell, &m) in g.c.iter().enumerate() {
                    for (i, p) in places.iter_mut().enumerate() {
                        if m & 1 << i != 0 {
                            *p |= 1 << cell;
                        }
                    }
                }
                places
            },
            fronts: Default::default(),
            cycle_fronts: Default::default(),
        }
    }

    /// An empty set (a kept one when there is one).
    fn pset(&mut self) -> PSet {
        self.spare.pop().unwrap_or_else(PSet::new)
    }

    /// The consequences of candidate `o` assumed on: kept ones when there are, else a
    /// new search (SE's chaining from one "on" depends only on the grid and the mode).
    fn on_outcome(&mut self, o: u16) -> Outcome {
        if let Some(x) = self.on_cache[o as usize].take() {
            return x;
        }
        let mut to_on = self.pset();
        let mut to_off = self.pset();
        let node = self.ar.add(o * 2 + 1, &[]);
        to_on.insert(o, node);
        let absurd = self.chain(&mut to_on, &mut to_off);
        (to_on, to_off, absurd)
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
            None => Self::on_to_off(&self.g, c, y, out),
        }
    }

    /// The "ons" implied by an "off", from the table in static mode.
    fn implied_ons(&self, c: u16, y: bool, x: bool, out: &mut Vec<(u16, u8)>) {
        match &self.table {
            Some(t) => {
                out.clear();
                out.extend_from_slice(t.ons(c, y, x));
            }
            None => Self::off_to_on(&self.g, c, y, x, out),
        }
    }

    /// Candidates turned off by an "on" (SE's getOnToOff), without repeats.
    fn on_to_off(g: &Grid, c: u16, y: bool, out: &mut Vec<u16>) {
        out.clear();
        let (cell, d) = (cell_of(c), digit_of(c));
        if y {
            let mut others = g.c[cell] & !digits::bit(d);
            while others != 0 {
                out.push(cand(cell, digits::first(others)));
                others &= others - 1;
            }
        }
        for &o in &SE_PEER_ORDER[cell] {
            if g.has(o as usize, d) {
                out.push(cand(o as usize, d));
            }
        }
    }

    /// Candidates turned on by an "off" (SE's getOffToOn), with their cause, without
    /// repeats.
    fn off_to_on(g: &Grid, c: u16, y: bool, x: bool, out: &mut Vec<(u16, u8)>) {
        out.clear();
        let (cell, d) = (cell_of(c), digit_of(c));
        if y && n(g.c[cell]) == 2 {
            let other = digits::first(g.c[cell] & !digits::bit(d));
            out.push((cand(cell, other), CELL_RULE));
        }
        if x {
            for r in regions_of(cell) {
                // The first two places of the digit in the region, if there are two only.
                let mut places = [0usize; 2];
                let mut count = 0;
                for &o in region(r) {
                    if g.has(o as usize, d) {
                        if count == 2 {
                            count = 3;
                            break;
                        }
                        places[count] = o as usize;
                        count += 1;
                    }
                }
                if count == 2 {
                    let other = if places[0] == cell {
                        places[1]
                    } else {
                        places[0]
                    };
                    let k = cand(other, d);
                    if !out.iter().any(|&(o, _)| o == k) {
                        out.push((k, r as u8));
                    }
                }
            }
        }
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
            for v in 1..=9u8 {
                if self.save.has(cell, v)
                    && !self.g.has(cell, v)
                    && let Some(q) = to_off.get(cand(cell, v))
                {
                    out.push(q);
                }
            }
        } else {
            for &o in region(cause as usize) {
                let o = o as usize;
                if self.save.has(o, d)
                    && !self.g.has(o, d)
                    && let Some(q) = to_off.get(cand(o, d))
                {
                    out.push(q);
                }
            }
        }
    }

    /// SE's getAdvancedPotentials at level 1: the eliminations of the first of intersections,
    /// hidden pairs, naked pairs and X-wings that has some on the working grid, each with the
    /// earlier removals it needs as parents (hints needing none are skipped).
    fn advanced(&self, to_off: &PSet) -> Vec<(u16, Vec<u32>)> {
        let (g, init) = (&self.g, self.save);
        let mut out: Vec<(u16, Vec<u32>)> = Vec::new();
        let off = |c: usize, d: u8| to_off.get(cand(c, d));
        let emit = |elim: &[(usize, u8)], parents: Vec<u32>, out: &mut Vec<(u16, Vec<u32>)>| {
            if parents.is_empty() || elim.is_empty() {
                return;
            }
            for &(c, d) in elim {
                out.push((cand(c, d), parents.clone()));
            }
        };
        let all = g.all_pos();
        let in_r = |r: usize, c: usize| region_set(r).contains(c);
        // Intersections (SE's Locking, not direct).
        for (t1, t2) in [(BOX, COL), (BOX, ROW), (COL, BOX), (ROW, BOX)] {
            for r1 in t1..t1 + 9 {
                for r2 in t2..t2 + 9 {
                    if !region(r1).iter().any(|&c| in_r(r2, c as usize)) {
                        continue;
                    }
                    for d in 1..=9u8 {
                        let p1 = all[r1][d as usize - 1];
                        if n(p1) <= 1
                            || !(0..9)
                                .filter(|i| p1 & (1 << i) != 0)
                                .all(|i| in_r(r2, region(r1)[i] as usize))
                        {
                            continue;
                        }
                        let elim: Vec<(usize, u8)> = region(r2)
                            .iter()
                            .map(|&c| c as usize)
                            .filter(|&c| !in_r(r1, c) && g.has(c, d))
                            .map(|c| (c, d))
                            .collect();
                        let parents: Vec<u32> = region(r1)
                            .iter()
                            .map(|&c| c as usize)
                            .filter(|&c| init.has(c, d) && !g.has(c, d) && !in_r(r2, c))
                            .filter_map(|c| off(c, d))
                            .collect();
                        emit(&elim, parents, &mut out);
                    }
                }
            }
        }
        if !out.is_empty() {
            return out;
        }
        // Hidden pairs.
        for t in [BOX, COL, ROW] {
            for r in t..t + 9 {
                if g.empty(r) <= 4 {
                    continue;
                }
                for m in super::grid::combos(2, 9) {
                    let vals = m;
                    let ds = two_bits(vals).map(|i| i as u8 + 1);
                    let (pa, pb) = (all[r][ds[0] as usize - 1], all[r][ds[1] as usize - 1]);
                    if n(pa) <= 1 || n(pb) <= 1 || n(pa | pb) != 2 {
                        continue;
                    }
                    let elim: Vec<(usize, u8)> = (0..9)
                        .filter(|i| (pa | pb) & (1 << i) != 0)
                        .map(|i| region(r)[i] as usize)
                        .flat_map(|c| digits::iter(g.c[c] & !vals).map(move |d| (c, d)))
                        .collect();
                    let mut parents = Vec::new();
                    for i in 0..9 {
                        if (pa | pb) & (1 << i) == 0 {
                            let c = region(r)[i] as usize;
                            for &d in &ds {
                                if init.has(c, d) {
                                    parents.extend(off(c, d));
                                }
                            }
                        }
                    }
                    emit(&elim, parents, &mut out);
                }
            }
        }
        if !out.is_empty() {
            return out;
        }
        // Naked pairs.
        for t in [BOX, COL, ROW] {
            for r in t..t + 9 {
                if g.empty(r) < 4 {
                    continue;
                }
                for m in super::grid::combos(2, 9) {
                    let idx = two_bits(m);
                    let (ca, cb) = (region(r)[idx[0]] as usize, region(r)[idx[1]] as usize);
                    let u = g.c[ca] | g.c[cb];
                    if n(g.c[ca]) <= 1 || n(g.c[cb]) <= 1 || n(u) != 2 {
                        continue;
                    }
                    let elim: Vec<(usize, u8)> = region(r)
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| c != ca && c != cb)
                        .flat_map(|c| digits::iter(g.c[c] & u).map(move |d| (c, d)))
                        .collect();
                    let parents: Vec<u32> = [ca, cb]
                        .iter()
                        .flat_map(|&c| digits::iter(init.c[c] & !u).map(move |d| (c, d)))
                        .filter_map(|(c, d)| off(c, d))
                        .collect();
                    emit(&elim, parents, &mut out);
                }
            }
        }
        if !out.is_empty() {
            return out;
        }
        // X-wings.
        let mut placed = [0u32; 10];
        for &v in &g.v {
            placed[v as usize] += 1;
        }
        for (base, cover) in [(COL, ROW), (ROW, COL)] {
            for m in super::grid::combos(2, 9) {
                let lines = two_bits(m);
                for d in 1..=9u8 {
                    if placed[d as usize] + 4 > 9 {
                        continue;
                    }
                    let (pa, pb) = (
                        all[base + lines[0]][d as usize - 1],
                        all[base + lines[1]][d as usize - 1],
                    );
                    if n(pa) <= 1 || n(pb) <= 1 || n(pa | pb) != 2 {
                        continue;
                    }
                    let covers: Vec<usize> = (0..9).filter(|j| (pa | pb) & (1 << j) != 0).collect();
                    let mut elim = Vec::new();
                    for &j in &covers {
                        for i in 0..9 {
                            let c = region(cover + j)[i] as usize;
                            if m & (1 << i) == 0 && g.has(c, d) {
                                elim.push((c, d));
                            }
                        }
                    }
                    let mut parents = Vec::new();
                    for &l in &lines {
                        for (pos, &c) in region(base + l).iter().enumerate() {
                            let c = c as usize;
                            if init.has(c, d) && !g.has(c, d) && !covers.contains(&pos) {
                                parents.extend(off(c, d));
                            }
                        }
                    }
                    emit(&elim, parents, &mut out);
                }
            }
        }
        out
    }

    /// SE's doChaining: all consequences of the sets' potentials; `Some((on, off))` when a
    /// candidate comes out both on and off.
    fn chain(&mut self, to_on: &mut PSet, to_off: &mut PSet) -> Option<(u32, u32)> {
        let y = !self.mode.nishio;
        // The queues and lists are the chainer's, reused from call to call: this runs once
        // per premise, and allocating them each time showed in profiles of hard ratings.
        let (mut pend_on, mut pend_off) = std::mem::take(&mut self.pending);
        pend_on.clear();
        pend_on.extend(to_on.order.iter().map(|&c| to_on.map[c as usize]));
        pend_off.clear();
        pend_off.extend(to_off.order.iter().map(|&c| to_off.map[c as usize]));
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
                    let node = self.ar.add(o * 2 + 1, &pars);
                    made.push((o, node));
                }
                if self.mode.dynamic {
                    self.g.c[cell_of(c)] &= !digits::bit(digit_of(c));
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
                for (o, parents) in self.advanced(to_off) {
                    if !to_off.has(o) {
                        let node = self.ar.add(o * 2, &parents);
                        to_off.insert(o, node);
                        pend_off.push_back(node);
                    }
                }
            }
        }
        if self.mode.dynamic {
            self.g.c = self.save.c;
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

    /// SE's doBinaryChaining from one candidate, on and off.
    fn binary(
        &mut self,
        c: u16,
        on_to_on: &mut PSet,
        on_to_off: &mut PSet,
        double: bool,
        contradiction: bool,
        best: &mut Best,
    ) {
        let base = self.mode.base();
        let mut off_to_on = self.pset();
        let mut off_to_off = self.pset();
        let (a, b, absurd) = self.on_outcome(c);
        let old_on = std::mem::replace(on_to_on, a);
        let old_off = std::mem::replace(on_to_off, b);
        self.give([old_on, old_off]);
        if contradiction && let Some((a, b)) = absurd {
            let cx = self.ar.ancestors(a) + self.ar.ancestors(b);
            best.offer(base + length_bonus(cx), cx, 7, || {
                Self::off_hint(self.mode.contradiction_name(), c)
            });
        }
        let p_off = self.ar.add(c * 2, &[]);
        off_to_off.insert(c, p_off);
        let absurd = self.chain(&mut off_to_on, &mut off_to_off);
        if contradiction
            && let Some((a, b)) = absurd
            && let Some(h) = Self::on_hint(self.save, self.mode.contradiction_name(), c)
        {
            let cx = self.ar.ancestors(a) + self.ar.ancestors(b);
            best.offer(base + length_bonus(cx), cx, 7, || h);
        }
        if double {
            for &k in &on_to_on.order {
                if let Some(q) = off_to_on.get(k) {
                    let cx = self.ar.ancestors(on_to_on.map[k as usize]) + self.ar.ancestors(q);
                    if let Some(h) = Self::on_hint(self.save, "Dynamic Double Forcing Chains", k) {
                        best.offer(base + length_bonus(cx), cx, 1, || h);
                    }
                }
            }
            for &k in &on_to_off.order {
                if let Some(q) = off_to_off.get(k) {
                    let cx = self.ar.ancestors(on_to_off.map[k as usize]) + self.ar.ancestors(q);
                    best.offer(base + length_bonus(cx), cx, 1, || {
                        Self::off_hint("Dynamic Double Forcing Chains", k)
                    });
                }
            }
        }
        self.give([off_to_on, off_to_off]);
    }

    /// SE's doRegionChainings for candidate `c` whose consequences are `on`/`off`.
    fn regions(&mut self, c: u16, on: &PSet, off: &PSet, best: &mut Best) {
        let (cell, d) = (cell_of(c), digit_of(c));
        let base = self.mode.base();
        for r in regions_of(cell) {
            let p = self.save.pos(r, d);
            let k = n(p);
            if !(k == 2 || (self.mode.multiple && k > 2)) {
                continue;
            }
            if region(r)[p.trailing_zeros() as usize] as usize != cell {
                continue;
            }
            // The other places' chains, kept for their own cells (which come later).
            let mut others = [0u16; 9];
            let mut count = 0;
            for i in 0..9 {
                if p & (1 << i) == 0 || region(r)[i] as usize == cell {
                    continue;
                }
                let o = cand(region(r)[i] as usize, d);
                let x = self.on_outcome(o);
                self.on_cache[o as usize] = Some(x);
                others[count] = o;
                count += 1;
            }
            let outcomes: Vec<&Outcome> = others[..count]
                .iter()
                .map(|&o| self.on_cache[o as usize].as_ref().expect("just kept"))
                .collect();
            let name = if self.mode.dynamic {
                "Dynamic Region Forcing Chains"
            } else {
                "Region Forcing Chains"
            };
            for polarity in [true, false] {
                let mine = if polarity { on } else { off };
                for &t in &mine.order {
                    let get = |(a, b, _): &&Outcome| if polarity { a.get(t) } else { b.get(t) };
                    if !outcomes.iter().all(|o| get(o).is_some()) {
                        continue;
                    }
                    let cx = self.ar.ancestors(mine.map[t as usize])
                        + outcomes
                            .iter()
                            .filter_map(get)
                            .map(|q| self.ar.ancestors(q))
                            .sum::<u32>();
                    if polarity {
                        if let Some(h) = Self::on_hint(self.save, name, t) {
                            best.offer(base + length_bonus(cx), cx, 6, || h);
                        }
                    } else {
                        best.offer(base + length_bonus(cx), cx, 6, || Self::off_hint(name, t));
                    }
                }
            }
        }
    }

    /// SE's getMultipleChainsHintList (Nishio, multiple and dynamic forcing chains).
    fn multiple_chains(&mut self, stop: &dyn Fn() -> bool) -> Option<Hint> {
        let mode = self.mode;
        let base = mode.base();
        let mut best = Best::default();
        for cell in 0..81 {
            let k = n(self.save.c[cell]);
            if !(k > 2 || (k > 1 && mode.dynamic)) {
                continue;
            }
            if stop() {
                return None;
            }
            // The arena holds the kept chains' nodes: it is cleared with them, when it
            // grows large (and at the start).
            if self.on_cache.is_empty() || self.ar.parents.len() > ARENA_LIMIT {
                self.ar.nodes.clear();
                self.ar.parents.clear();
                let kept: Vec<Outcome> =
                    self.on_cache.iter_mut().filter_map(Option::take).collect();
                self.give(kept.into_iter().flat_map(|(a, b, _)| [a, b]));
                self.on_cache.resize_with(729, || None);
            }
            let mut outcomes: Vec<(PSet, PSet)> = Vec::new();
            for d in 1..=9u8 {
                if !self.save.has(cell, d) {
                    continue;
                }
                let c = cand(cell, d);
                let mut on = self.pset();
                let mut off = self.pset();
                let double = k >= 3 && !mode.nishio && mode.dynamic;
                let contradiction = mode.dynamic || mode.nishio;
                self.binary(c, &mut on, &mut off, double, contradiction, &mut best);
                if !mode.nishio {
                    self.regions(c, &on, &off, &mut best);
                }
                outcomes.push((on, off));
            }
            if !mode.nishio && (k == 2 || (mode.multiple && k > 2)) {
                let name = if mode.dynamic {
                    "Dynamic Cell Forcing Chains"
                } else {
                    "Cell Forcing Chains"
                };
                for polarity in [true, false] {
                    let first = if polarity {
                        &outcomes[0].0
                    } else {
                        &outcomes[0].1
                    };
                    for &t in &first.order {
                        let get =
                            |(a, b): &(PSet, PSet)| if polarity { a.get(t) } else { b.get(t) };
                        if !outcomes.iter().all(|o| get(o).is_some()) {
                            continue;
                        }
                        let cx = outcomes
                            .iter()
                            .filter_map(get)
                            .map(|q| self.ar.ancestors(q))
                            .sum::<u32>();
                        if polarity {
                            if let Some(h) = Self::on_hint(self.save, name, t) {
                                best.offer(base + length_bonus(cx), cx, 5, || h);
                            }
                        } else {
                            best.offer(base + length_bonus(cx), cx, 5, || Self::off_hint(name, t));
                        }
                    }
                }
            }
            self.give(outcomes.into_iter().flat_map(|(a, b)| [a, b]));
        }
        best.best.map(|b| b.3)
    }

    // ---- forcing chains and cycles (unary chaining) ----

    /// SE's doCycles from `src` (an "on"): the nodes where the search comes back to `src`.
    ///
    /// A node made at the k-th step of the search has at least k distinct ancestors (the
    /// potentials along its first parents are distinct, but for the last one), so once
    /// `base + length_bonus(k)` exceeds `cap` (the easiest hint so far) nothing found later
    /// can be chosen and the search stops.
    ///
    /// The search comes back to `src` only through a candidate that `src` forms a strong
    /// link with (the links are symmetric), so without one there is no search. An "off"
    /// node enters the arena only when it makes an "on" (it is then a parent).
    fn cycles(&mut self, src: u16, y: bool, x: bool, base: f64, cap: f64) -> Vec<u32> {
        let mut found = Vec::new();
        let tab = self.table.take().expect("static chains have a table");
        if tab.ons(src, y, x).is_empty() {
            self.table = Some(tab);
            return found;
        }
        let mut to_on = Cands::default();
        let start = self.ar.add(src * 2 + 1, &[]);
        to_on.insert(src);
        self.above.reset();
        self.above.on_made(&self.ar, start, None);
        let (mut pend_on, mut pend_off) = std::mem::take(&mut self.cycle_fronts);
        pend_on.clear();
        pend_off.clear();
        pend_on.push(start);
        let mut length = 0;
        while !pend_on.is_empty() || !pend_off.is_empty() {
            if base + length_bonus(length + 1) > cap {
                break;
            }
            length += 1;
            // "Off" nodes as (candidate, parent "on" node), in the order SE makes them.
            for &p in &pend_on {
                for &o in tab.offs(self.ar.key(p) / 2, y) {
                    if !self.above.has(p, o) {
                        debug_assert!(!self.ar.is_parent(p, o * 2));
                        pend_off.push((o, p));
                    }
                }
            }
            pend_on.clear();
            if base + length_bonus(length + 1) > cap {
                break;
            }
            length += 1;
            for &(c, p) in &pend_off {
                let mut off = NONE;
                for &(o, _) in tab.ons(c, y, x) {
                    let back = length >= 4 && o == src;
                    let new = !to_on.has(o);
                    if back || new {
                        if off == NONE {
                            off = self.ar.add(c * 2, &[p]);
                        }
                        let node = self.ar.add(o * 2 + 1, &[off]);
                        if new {
                            self.above.on_made(&self.ar, node, Some(off));
                        }
                        if back {
                            found.push(node);
                        }
                        if new {
                            pend_on.push(node);
                            to_on.insert(o);
                        }
                    }
                }
            }
            pend_off.clear();
        }
        self.table = Some(tab);
        self.cycle_fronts = (pend_on, pend_off);
        found
    }

    /// SE's doForcingChains from `src` (key with polarity): the complexity of the chain that
    /// reaches the opposite of `src`, if any.
    ///
    /// SE keeps only the first such chain: a breadth-first search reaches it at its least
    /// depth, and every potential on it is distinct (each is reached once), so its complexity
    /// (its count of distinct ancestors) is its depth plus one. So the search needs no nodes,
    /// only sets of candidates, and ends at the first hit. It stops, as [`Self::cycles`]
    /// does, when nothing found later could be chosen.
    ///
    /// The links are symmetric, so a level of the polarity of `src` leads to its opposite
    /// exactly when it holds a candidate linked to `src` (a conflict when `src` is on, a
    /// strong link when it is off): the test needs no expansion, and the last level allowed
    /// is never expanded.
    fn forcing(&mut self, src_key: u16, y: bool, base: f64, cap: f64) -> Option<u32> {
        let tab = self.table.as_deref().expect("static chains have a table");
        let src = src_key / 2;
        let src_on = src_key & 1 == 1;
        let mut target = Cands::default();
        if src_on {
            for &o in tab.offs(src, y) {
                target.insert(o);
            }
        } else {
            for &(o, _) in tab.ons(src, y, true) {
                target.insert(o);
            }
        }
        // Candidates reached on and off; the current level and the next.
        let (mut to_on, mut to_off) = (Cands::default(), Cands::default());
        let [mut level, mut next] = std::mem::take(&mut self.fronts);
        level.clear();
        level.push(src);
        if src_on {
            to_on.insert(src);
        } else {
            to_off.insert(src);
        }
        let mut on = src_on;
        let mut depth = 0;
        let hit = loop {
            if level.is_empty() || base + length_bonus(depth + 1) > cap {
                break None;
            }
            if on == src_on && level.iter().any(|&p| target.has(p)) {
                break Some(depth + 2);
            }
            if base + length_bonus(depth + 2) > cap {
                break None;
            }
            next.clear();
            if on {
                for &p in &level {
                    for &o in tab.offs(p, y) {
                        if to_off.insert(o) {
                            next.push(o);
                        }
                    }
                }
            } else {
                for &p in &level {
                    for &(o, _) in tab.ons(p, y, true) {
                        if to_on.insert(o) {
                            next.push(o);
                        }
                    }
                }
            }
            std::mem::swap(&mut level, &mut next);
            on = !on;
            depth += 1;
        };
        self.fronts = [level, next];
        hit
    }

    /// The eliminations of a cycle ending at `dst` (an "on" equal to its start).
    fn cycle_elims(&self, dst: u32) -> Vec<(u8, u16)> {
        let mut cells = 0u128;
        let mut p = dst;
        while let Some(&q) = self.ar.parents(p).first() {
            cells |= 1 << cell_of(self.ar.key(p) / 2);
            p = q;
        }
        // Per digit, the cells off the cycle that see an "on" (forw) and an "off" (back) of
        // that digit on it.
        let mut forw = [0u128; 9];
        let mut back = [0u128; 9];
        let mut p = dst;
        while let Some(&q) = self.ar.parents(p).first() {
            let key = self.ar.key(p);
            let (cell, d) = (cell_of(key / 2), digit_of(key / 2) as usize - 1);
            let seen = PEERS[cell].0 & !cells & self.places[d];
            if key & 1 == 1 {
                forw[d] |= seen;
            } else {
                back[d] |= seen;
            }
            p = q;
        }
        let mut elim = [0u16; 81];
        let mut any = false;
        for d in 0..9 {
            let mut both = forw[d] & back[d];
            any |= both != 0;
            while both != 0 {
                elim[both.trailing_zeros() as usize] |= 1 << d;
                both &= both - 1;
            }
        }
        if !any {
            return Vec::new();
        }
        (0..81)
            .filter(|&c| elim[c] != 0)
            .map(|c| (c as u8, elim[c]))
            .collect()
    }

    /// SE's getLoopHintList for one setting of X and Y links.
    fn loops(&mut self, y: bool, x: bool, best: &mut Best, stop: &dyn Fn() -> bool) -> bool {
        // Made when first needed (a pass whose hints cannot win needs none).
        let mut reach: Option<Reach> = None;
        for cell in 0..81 {
            let k = n(self.g.c[cell]);
            if k <= 1 {
                continue;
            }
            if k > 2 && !x {
                continue;
            }
            if stop() {
                return false;
            }
            for d in 1..=9u8 {
                if !self.g.has(cell, d) {
                    continue;
                }
                self.ar.nodes.clear();
                self.ar.parents.clear();
                let c = cand(cell, d);
                let (base_cycle, base_chain, key, cyc_name, chain_name) = if x && y {
                    (7.0, 7.0, 4, "Bidirectional Cycle", "Forcing Chain")
                } else if y {
                    (6.5, 6.6, 3, "Bidirectional Y-Cycle", "Forcing Y-Chain")
                } else {
                    (6.5, 6.6, 2, "Bidirectional X-Cycle", "Forcing X-Chain")
                };
                let cap = best.best.as_ref().map_or(f64::INFINITY, |b| b.0);
                if base_cycle > cap && base_chain > cap {
                    continue;
                }
                let reach = reach.get_or_insert_with(|| {
                    let tab = self.table.as_deref().expect("static chains have a table");
                    Reach::new(tab, &self.g, y, x)
                });
                let found = if base_cycle > cap || !reach.on_cycle(c, true) {
                    Vec::new()
                } else {
                    self.cycles(c, y, x, base_cycle, cap)
                };
                for dst in found {
                    // A hint rated above the best so far cannot win (the bonus is never
                    // negative).
                    if base_cycle > cap {
                        break;
                    }
                    // The eliminations only matter for a hint that would be taken.
                    let cx = self.ar.ancestors(dst);
                    let diff = base_cycle + length_bonus(cx);
                    if !best.takes(diff, cx, key) {
                        continue;
                    }
                    let elim = self.cycle_elims(dst);
                    if !elim.is_empty() {
                        best.offer(diff, cx, key, || Hint::elim(0.0, cyc_name, elim));
                    }
                }
                if x && base_chain <= best.best.as_ref().map_or(f64::INFINITY, |b| b.0) {
                    let cap = best.best.as_ref().map_or(f64::INFINITY, |b| b.0);
                    // From "on", a chain to "off" removes the candidate; from "off", a
                    // chain to "on" places it.
                    let from_on = if reach.reaches(c, true, c, false) {
                        self.forcing(c * 2 + 1, y, base_chain, cap)
                    } else {
                        None
                    };
                    let from_off = if reach.reaches(c, false, c, true) {
                        self.forcing(c * 2, y, base_chain, cap)
                    } else {
                        None
                    };
                    if let Some(cx) = from_on {
                        best.offer(base_chain + length_bonus(cx), cx, key, || {
                            Self::off_hint(chain_name, c)
                        });
                    }
                    if let Some(cx) = from_off
                        && let Some(h) = Self::on_hint(&self.g, chain_name, c)
                    {
                        best.offer(base_chain + length_bonus(cx), cx, key, || h);
                    }
                }
            }
        }
        true
    }
}

/// The chaining producers in SE's order; each gives its easiest hint, the first productive
/// one wins.
pub(crate) fn chains(g: &Grid, stop: &dyn Fn() -> bool) -> Option<Hint> {
    // Forcing chains and cycles: X, then Y, then X and Y links.
    let static_mode = Mode {
        multiple: false,
        dynamic: false,
        nishio: false,
        level: 0,
    };
    let mut ch = Chainer::new(g, static_mode);
    let mut best = Best::default();
    for (y, x) in [(false, true), (true, false), (true, true)] {
        if !ch.loops(y, x, &mut best, stop) {
            return None;
        }
    }
    if let Some(b) = best.best {
        return Some(b.3);
    }
    if let Some(h) = super::unique::aligned_exclusion(g, 3) {
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
    ] {
        let mut ch = Chainer::new(g, mode);
        if let Some(h) = ch.multiple_chains(stop) {
            return Some(h);
        }
        if stop() {
            return None;
        }
    }
    None
}
