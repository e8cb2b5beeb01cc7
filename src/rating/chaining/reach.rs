//! Reachability in the static implication graph: a search that cannot reach what it looks
//! for need not run.

use super::potentials::{NONE, cand};
use super::table::Table;
use crate::geometry::digits;
use crate::rating::grid::Grid;

/// Which potentials reach which in the static implication graph of one setting of links
/// (fixed grid): the graph's strongly connected components, each with the set of
/// potentials reachable from it. A search that cannot reach what it looks for need not run.
///
/// Nodes number the grid's candidates in order (`idx`): node `2 * i + on`. A component's
/// set is `words` 64-bit words in `sets`, bit = node.
pub(super) struct Reach {
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
    pub(super) fn new(tab: &Table, g: &Grid, y: bool, x: bool) -> Reach {
        let mut idx = vec![u16::MAX; 729];
        let mut cands = Vec::new();
        // Cell by cell, each cell's digits in increasing order: the candidates in order.
        for (cell, &m) in g.c.iter().enumerate() {
            let mut m = m;
            while m != 0 {
                let c = cand(cell, digits::first(m));
                m &= m - 1;
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
            // At most one component per node: reserved at once (growing them showed in
            // profiles of the nested chains, which build a graph per working grid).
            cyclic: Vec::with_capacity(nodes),
            sets: Vec::with_capacity(nodes * words),
        };
        let mut t = Tarjan {
            tab,
            y,
            x,
            cands,
            index: vec![NONE; nodes],
            low: vec![0; nodes],
            on_stack: vec![false; nodes],
            stack: Vec::with_capacity(nodes),
            next: 0,
            succ: Vec::with_capacity(4 * nodes),
        };
        // The "offs" that imply nothing reach only themselves: rather than a component
        // each, with a set of its own, they share the first one, whose set is empty (no
        // search asks whether such an "off" reaches itself). Marked visited, they are
        // skipped as successors.
        r.cyclic.push(false);
        r.sets.resize(words, 0);
        let quiet = tab.quiet(y, x);
        for (i, &c) in t.cands.iter().enumerate() {
            if quiet.has(c) {
                r.comp[2 * i] = 0;
                t.index[2 * i] = 0;
            }
        }
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
                // An "off" that implies nothing reaches only itself.
                if w & 1 == 0 && t.tab.quiet(t.y, t.x).has(t.cands[w as usize / 2]) {
                    self.sets[base + w as usize / 64] |= 1 << (w % 64);
                    continue;
                }
                let cw = self.comp[w as usize] as usize;
                if cw != id as usize {
                    // A finished component's set lies before this one's (`base`): the two
                    // slices are disjoint, and the loop runs without bounds checks.
                    let (done, mine) = self.sets.split_at_mut(base);
                    let from = &done[cw * self.words..][..self.words];
                    for (a, &b) in mine[..self.words].iter_mut().zip(from) {
                        *a |= b;
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
    pub(super) fn reaches(&self, c: u16, on: bool, d: u16, don: bool) -> bool {
        let (a, b) = (self.node(c, on), self.node(d, don));
        let comp = self.comp[a] as usize;
        self.sets[comp * self.words + b / 64] & (1 << (b % 64)) != 0
    }

    /// Whether the searches from `starts`, each a candidate assumed on, can all reach one
    /// potential (the intersection of their reachable sets is not empty).
    pub(super) fn meet(&self, starts: impl IntoIterator<Item = u16>) -> bool {
        // At most 729 candidates, so 1,458 nodes: 23 words.
        let mut all = [u64::MAX; 23];
        let all = &mut all[..self.words];
        for c in starts {
            let comp = self.comp[self.node(c, true)] as usize;
            let set = &self.sets[comp * self.words..][..self.words];
            let mut any = 0;
            for (a, &b) in all.iter_mut().zip(set) {
                *a &= b;
                any |= *a;
            }
            if any == 0 {
                return false;
            }
        }
        true
    }

    /// The strongly connected component of potential (`c`, `on`): two potentials in one
    /// reach each other.
    pub(super) fn component(&self, c: u16, on: bool) -> u32 {
        self.comp[self.node(c, on)]
    }

    /// Whether potential (`c`, `on`) lies on a cycle of the graph.
    pub(super) fn on_cycle(&self, c: u16, on: bool) -> bool {
        self.cyclic[self.comp[self.node(c, on)] as usize]
    }
}
