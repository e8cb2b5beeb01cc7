//! SE's nested forcing chains (levels 2 to 5): dynamic forcing chains that, when they run dry
//! and the simple rules of level 1 add nothing, apply whole chaining rules to their working
//! grid, and go on with what those remove.
//!
//! The rule used inside depends on the level (SE's getAdvancedPotentials):
//! - 2 (9.5): forcing chains and cycles (static, X, Y and both);
//! - 3 (10.0): those, then multiple (cell and region) forcing chains;
//! - 4 (10.5): dynamic forcing chains;
//! - 5 (11.0): those, then dynamic forcing chains nested at level 2.
//!
//! The rule runs on the chain's working grid and gives all its hints, sorted as SE sorts
//! them, one per set of eliminations (the easiest). Each hint that needs some of the
//! chain's removals (its "rule parents": the candidates that made its cells and regions
//! bivalue) adds its eliminations to the chain, each with those removals as parents.
//!
//! A hint of the outer chain then counts, besides its own potentials, the complexity of each
//! distinct nested chain it uses: distinct as SE's FullChain tells them apart (same targets,
//! same potentials in the same breadth-first order), here by a fingerprint.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use super::advanced::Advanced;
use super::potentials::{Cands, NO_CAUSE, NONE, PSet, cand, cell_of, digit_of};
use super::table::CELL_RULE;
use super::{Best, Chainer, Mode, length_bonus};
use crate::geometry::digits;
use crate::rating::Hint;
use crate::rating::grid::{Grid, n, region, regions_of};

/// How a hint's chains start, for its rule parents and fingerprint.
#[derive(Clone, Copy)]
pub(super) enum Shape {
    /// Chains from one potential (forcing chains, binary chains).
    Plain,
    /// A cell forcing chain: its starts are the cell's candidates (a naked single).
    Cell,
    /// A region forcing chain: its starts are a digit's places in the region.
    Region(u8),
    /// A cycle (SE also reads it backwards).
    Cycle,
}

/// A hint of a nested rule, as the chain using it needs it.
pub(super) struct Found {
    diff: f64,
    cx: u32,
    key: u8,
    seq: u32,
    elim: Vec<(u8, u16)>,
    /// The candidates removed by the outer chain that the hint needs, in SE's order.
    parents: Vec<u16>,
    print: u64,
}

/// The collection of a nested rule's hints: the easiest of each set of eliminations.
#[derive(Default)]
pub(super) struct Collected {
    index: HashMap<Vec<(u8, u16)>, usize, Quick>,
    seq: u32,
}

impl Best {
    /// Keeps a nested rule's hint unless an easier one (or an equal one found earlier)
    /// has the same eliminations; `info` gives its rule parents and fingerprint.
    fn collect(
        &mut self,
        (diff, cx, key): (f64, u32, u8),
        elim: Vec<(u8, u16)>,
        info: impl FnOnce() -> (Vec<u16>, u64),
    ) {
        let seq = self.collected.seq;
        self.collected.seq += 1;
        let slot = self.collected.index.get(&elim).copied();
        if let Some(i) = slot {
            let f = &self.all[i];
            let better = diff < f.diff || (diff == f.diff && (cx, key) < (f.cx, f.key));
            if !better {
                return;
            }
        }
        let (parents, print) = info();
        let found = Found {
            diff,
            cx,
            key,
            seq,
            elim: elim.clone(),
            parents,
            print,
        };
        match slot {
            Some(i) => self.all[i] = found,
            None => {
                self.collected.index.insert(elim, self.all.len());
                self.all.push(found);
            }
        }
    }
}

/// A quick hasher for the nested rules' maps, whose keys (grids, lists of eliminations) come
/// from the search, not from an adversary: each word is mixed in by a rotation and a
/// multiplication (std's default, SipHash, showed in profiles of the nested chains).
#[derive(Default)]
pub(super) struct QuickHasher(u64);

impl QuickHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(26) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

impl Hasher for QuickHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.add(u64::from_le_bytes(w.try_into().expect("eight bytes")));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w) ^ (rest.len() as u64) << 59);
        }
    }
    fn write_u8(&mut self, v: u8) {
        self.add(u64::from(v));
    }
    fn write_u16(&mut self, v: u16) {
        self.add(u64::from(v));
    }
    fn write_u32(&mut self, v: u32) {
        self.add(u64::from(v));
    }
    fn write_u64(&mut self, v: u64) {
        self.add(v);
    }
    fn write_usize(&mut self, v: usize) {
        self.add(v as u64);
    }
    fn finish(&self) -> u64 {
        // The table takes its buckets from the low bits and its tags from the high ones:
        // fold the well-mixed high half onto the low one.
        self.0 ^ self.0 >> 32
    }
}

/// [`QuickHasher`] for std's maps.
type Quick = BuildHasherDefault<QuickHasher>;

/// A set of potentials (`cand * 2 + on`).
#[derive(Default)]
pub(super) struct Live([u64; 23]);

impl Live {
    /// Adds `k`; whether it was absent.
    fn insert(&mut self, k: u16) -> bool {
        let (w, b) = (k as usize / 64, 1u64 << (k % 64));
        let new = self.0[w] & b == 0;
        self.0[w] |= b;
        new
    }
    fn has(&self, k: u16) -> bool {
        self.0[k as usize / 64] & (1 << (k % 64)) != 0
    }
}

/// Mixes a value into a fingerprint.
fn mix(h: u64, v: u64) -> u64 {
    (h ^ v).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(23) ^ 0x9e37_79b9_7f4a_7c15
}

/// The first region of SE's order (block, row, column) holding both cells.
fn shared_region(a: usize, b: usize) -> u8 {
    let rb = regions_of(b);
    regions_of(a)
        .into_iter()
        .find(|r| rb.contains(r))
        .map_or(NO_CAUSE, |r| r as u8)
}

impl Chainer<'_> {
    /// Offers a hint rated `(diff, cx, key)` whose chains end at `targets`: to the best so
    /// far, or, for a nested rule, to the collection of all hints.
    pub(super) fn offer(
        &self,
        best: &mut Best,
        (diff, cx, key): (f64, u32, u8),
        (targets, shape): (&[u32], Shape),
        make: impl FnOnce() -> Option<Hint>,
    ) {
        match self.outer {
            None => {
                if best.takes(diff, cx, key)
                    && let Some(h) = make()
                {
                    best.offer(diff, cx, key, || h);
                }
            }
            Some(init) => {
                if let Some(h) = make() {
                    best.collect((diff, cx, key), h.elim, || {
                        (
                            self.rule_parents(init, targets, shape),
                            self.print(targets, shape),
                        )
                    });
                }
            }
        }
    }

    /// The nodes of a cycle ending at `dst`, from `dst` back to its start.
    fn cycle_nodes(&self, dst: u32) -> Vec<u32> {
        let mut nodes = vec![dst];
        let mut p = dst;
        while let Some(&q) = self.ar.parents(p).first() {
            nodes.push(q);
            p = q;
        }
        nodes
    }

    /// The cause SE gives an "off" node of a cycle (made by its first parent, an "on").
    fn off_cause(&self, node: u32) -> u8 {
        match self.ar.parents(node).first() {
            Some(&p) => {
                let (a, b) = (cell_of(self.ar.key(node) / 2), cell_of(self.ar.key(p) / 2));
                if a == b {
                    CELL_RULE
                } else {
                    shared_region(a, b)
                }
            }
            None => NO_CAUSE,
        }
    }

    /// SE's getRuleParents: the candidates of `init` gone from the working grid (`save`)
    /// that the "on" potentials of the hint's chains needed (in their cell for a naked
    /// single, in their region for a hidden one), in SE's order.
    fn rule_parents(&self, init: &Grid, targets: &[u32], shape: Shape) -> Vec<u16> {
        let cur = self.save;
        let mut seen = Cands::default();
        let mut out = Vec::new();
        let mut add = |key: u16, cause: u8| {
            let (cell, d) = (cell_of(key / 2), digit_of(key / 2));
            if cause == CELL_RULE {
                for v in digits::iter(init.c[cell] & !cur.c[cell]) {
                    let c = cand(cell, v);
                    if seen.insert(c) {
                        out.push(c);
                    }
                }
            } else if cause != NO_CAUSE {
                for &o in region(cause as usize) {
                    let o = o as usize;
                    if init.has(o, d) && !cur.has(o, d) {
                        let c = cand(o, d);
                        if seen.insert(c) {
                            out.push(c);
                        }
                    }
                }
            }
        };
        match shape {
            Shape::Cycle => {
                let nodes = self.cycle_nodes(targets[0]);
                // Forwards: the "on" nodes but the start (the same potential as the end).
                for &p in &nodes[..nodes.len() - 1] {
                    let key = self.ar.key(p);
                    if key & 1 == 1 {
                        add(key, self.ar.cause(p));
                    }
                }
                // Backwards: the "offs", turned "on", with their causes, from the start.
                for &p in nodes.iter().rev() {
                    let key = self.ar.key(p);
                    if key & 1 == 0 {
                        add(key | 1, self.off_cause(p));
                    }
                }
            }
            _ => {
                for &t in targets {
                    self.ar.chain_of(t, |p| {
                        let key = self.ar.key(p);
                        if key & 1 == 0 {
                            return;
                        }
                        let mut cause = self.ar.cause(p);
                        if cause == NO_CAUSE {
                            cause = match shape {
                                Shape::Cell => CELL_RULE,
                                Shape::Region(r) => r,
                                _ => NO_CAUSE,
                            };
                        }
                        add(key, cause);
                    });
                }
            }
        }
        out
    }

    /// A fingerprint of the hint's chains, equal for chains SE's FullChain deems equal: the
    /// targets, and for each the potentials above it, breadth first.
    fn print(&self, targets: &[u32], shape: Shape) -> u64 {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        match shape {
            Shape::Cycle => {
                let nodes = self.cycle_nodes(targets[0]);
                let start = self.ar.key(nodes[nodes.len() - 1]);
                h = mix(h, 1 << 20 | u64::from(self.ar.key(targets[0])));
                for &p in &nodes[..nodes.len() - 1] {
                    h = mix(h, u64::from(self.ar.key(p)));
                }
                h = mix(h, 1 << 20 | u64::from(start ^ 1));
                for &p in nodes[1..].iter().rev() {
                    h = mix(h, u64::from(self.ar.key(p) ^ 1));
                }
            }
            _ => {
                for &t in targets {
                    h = mix(h, 1 << 20 | u64::from(self.ar.key(t)));
                    self.ar
                        .chain_of(t, |p| h = mix(h, u64::from(self.ar.key(p))));
                }
            }
        }
        h
    }

    /// SE's doForcingChains from `src_key` (a candidate with polarity) on the static
    /// table: the node of the first chain reaching its opposite, with the chain's nodes in
    /// the arena.
    fn forcing_path(&mut self, src_key: u16, y: bool) -> Option<u32> {
        let tab = self.table.take().expect("static chains have a table");
        let src = src_key / 2;
        let src_on = src_key & 1 == 1;
        let (mut to_on, mut to_off) = (Cands::default(), Cands::default());
        let start = self.ar.add(src_key, &[]);
        if src_on {
            to_on.insert(src);
        } else {
            to_off.insert(src);
        }
        let (mut level, mut next) = (vec![start], Vec::new());
        let mut on = src_on;
        let mut hit = None;
        'search: while !level.is_empty() {
            next.clear();
            for &p in &level {
                let pc = self.ar.key(p) / 2;
                if on {
                    for &o in tab.offs(pc, y) {
                        if src_on && o == src {
                            hit = Some(self.ar.add(o * 2, &[p]));
                            break 'search;
                        }
                        if to_off.insert(o) {
                            next.push(self.ar.add(o * 2, &[p]));
                        }
                    }
                } else {
                    for &(o, cause) in tab.ons(pc, y, true) {
                        if !src_on && o == src {
                            hit = Some(self.ar.add_with(o * 2 + 1, &[p], cause, NONE));
                            break 'search;
                        }
                        if to_on.insert(o) {
                            next.push(self.ar.add_with(o * 2 + 1, &[p], cause, NONE));
                        }
                    }
                }
            }
            std::mem::swap(&mut level, &mut next);
            on = !on;
        }
        self.table = Some(tab);
        hit
    }

    /// The potentials (`cand * 2 + on`) from which a static chain can reach a strong link
    /// that the step's grid (`top`) lacks: a cell or region made bivalue by removals.
    ///
    /// A forcing chain or cycle of a nested rule that uses none of those links is one of
    /// the step's grid, where the static chains (and all rules before the nested ones)
    /// found nothing: so it has no eliminations there, nor here, and the searches from the
    /// other potentials need not run. The implication links are symmetric, so this is a
    /// search from those links backwards over the same table.
    pub(super) fn live(&self, y: bool, x: bool) -> Live {
        let tab = self.table.as_deref().expect("static chains have a table");
        let (top, g) = (self.top, &self.g);
        let mut live = Live::default();
        let mut todo: Vec<u16> = Vec::new();
        for cell in 0..81 {
            for d in digits::iter(g.c[cell]) {
                let c = cand(cell, d);
                let new = tab.ons(c, y, x).iter().any(|&(_, cause)| {
                    if cause == CELL_RULE {
                        top.c[cell] != g.c[cell]
                    } else {
                        region(cause as usize)
                            .iter()
                            .any(|&q| top.has(q as usize, d) != g.has(q as usize, d))
                    }
                });
                if new && live.insert(c * 2) {
                    todo.push(c * 2);
                }
            }
        }
        while let Some(k) = todo.pop() {
            let c = k / 2;
            if k & 1 == 0 {
                // "On"s that turn this off.
                for &o in tab.offs(c, y) {
                    if live.insert(o * 2 + 1) {
                        todo.push(o * 2 + 1);
                    }
                }
            } else {
                for &(o, _) in tab.ons(c, y, x) {
                    if live.insert(o * 2) {
                        todo.push(o * 2);
                    }
                }
            }
        }
        live
    }

    /// Whether a nested rule's static multiple chains from `cell` may give a hint: a hint
    /// that needs no removal the step's grid lacks would be one of that grid. So the cell
    /// chains need a live candidate of the cell or the cell to have lost candidates, a
    /// region chain (of a region whose first place is `cell`) a live place or the region
    /// to have lost places of the digit.
    pub(super) fn may_start(&self, live: &Live, cell: usize) -> bool {
        let (g, top) = (self.save, self.top);
        top.c[cell] != g.c[cell]
            || digits::iter(g.c[cell]).any(|d| {
                live.has(cand(cell, d) * 2 + 1)
                    || regions_of(cell).into_iter().any(|r| {
                        let p = g.pos(r, d);
                        n(p) >= 2
                            && region(r)[p.trailing_zeros() as usize] as usize == cell
                            && (p != top.pos(r, d)
                                || crate::rating::grid::cells_at(r, p)
                                    .any(|o| live.has(cand(o, d) * 2 + 1)))
                    })
            })
    }

    /// SE's getLoopHintList for X, Y, then both links, every hint collected (a nested
    /// rule's chainer).
    fn loops_all(&mut self, best: &mut Best) {
        // Whether a forcing chain over X and Y links leads from each potential to its
        // opposite (0 not known yet, 1 no, 2 yes). The X links alone are a part of those
        // links, so a potential that has no such chain has none over X links either: the
        // X-chain searches run only from those that have one (most have none).
        let mut both = [0u8; 1458];
        for (y, x) in [(false, true), (true, false), (true, true)] {
            if (self.stop)() {
                return;
            }
            let (base_cycle, base_chain, key, cyc_name, chain_name) = super::unary::loop_kind(x, y);
            let live = self.live(y, x);
            for cell in 0..81 {
                let k = n(self.g.c[cell]);
                if k <= 1 || (k > 2 && !x) {
                    continue;
                }
                for d in digits::iter(self.g.c[cell]) {
                    self.ar.clear();
                    let c = cand(cell, d);
                    if live.has(c * 2 + 1) {
                        for dst in self.cycles(c, y, x, base_cycle, (f64::INFINITY, u32::MAX), None)
                        {
                            let elim = self.cycle_elims(dst);
                            if elim.is_empty() {
                                continue;
                            }
                            let cx = self.ar.ancestors(dst);
                            let rated = (base_cycle + length_bonus(cx), cx, key);
                            self.offer(best, rated, (&[dst], Shape::Cycle), || {
                                Some(Hint::elim(0.0, cyc_name, elim))
                            });
                        }
                    }
                    if !x {
                        continue;
                    }
                    let mut from = |key: u16| {
                        if !live.has(key) {
                            return None;
                        }
                        let k = key as usize;
                        if both[k] == 0 {
                            let hit = self
                                .forcing(key, true, 0.0, (f64::INFINITY, u32::MAX))
                                .is_some();
                            both[k] = 1 + u8::from(hit);
                        }
                        let hit = both[k] == 2
                            && (y
                                || self
                                    .forcing(key, y, 0.0, (f64::INFINITY, u32::MAX))
                                    .is_some());
                        if hit { self.forcing_path(key, y) } else { None }
                    };
                    let from_on = from(c * 2 + 1);
                    let from_off = from(c * 2);
                    if let Some(t) = from_on {
                        let cx = self.ar.ancestors(t);
                        let rated = (base_chain + length_bonus(cx), cx, key);
                        self.offer(best, rated, (&[t], Shape::Plain), || {
                            Some(Self::off_hint(chain_name, c))
                        });
                    }
                    if let Some(t) = from_off {
                        let cx = self.ar.ancestors(t);
                        let rated = (base_chain + length_bonus(cx), cx, key);
                        self.offer(best, rated, (&[t], Shape::Plain), || {
                            Self::on_hint(&self.g, chain_name, c)
                        });
                    }
                }
            }
        }
    }

    /// SE's getAdvancedPotentials past the simple rules (levels 2 to 5): the eliminations
    /// of the first nested chaining rule that has some needing the chain's removals.
    pub(super) fn nested_rules(&self, to_off: &PSet) -> Vec<Advanced> {
        let mode = |multiple, dynamic, level| Mode {
            multiple,
            dynamic,
            nishio: false,
            level,
        };
        let rules: Vec<Mode> = match self.mode.level {
            2 => vec![mode(false, false, 0)],
            3 => vec![mode(false, false, 0), mode(true, false, 0)],
            4 => vec![mode(true, true, 0)],
            l => vec![mode(true, true, 0), mode(true, true, l - 3)],
        };
        for rule in rules {
            if (self.stop)() {
                break;
            }
            let found = self.rule_hints(rule);
            let mut out = Vec::new();
            for f in found.iter() {
                let parents: Vec<u32> = f.1.iter().filter_map(|&c| to_off.get(c)).collect();
                for &(cell, mask) in &f.0 {
                    for d in digits::iter(mask) {
                        out.push((cand(cell as usize, d), parents.clone(), Some((f.2, f.3))));
                    }
                }
            }
            if !out.is_empty() {
                return out;
            }
        }
        Vec::new()
    }

    /// A nested rule's hints on the working grid that need some of the chain's removals,
    /// sorted as SE sorts them: (eliminations, rule parents, fingerprint, complexity).
    ///
    /// They depend only on the rule, the chain's start grid, its working grid and the step's
    /// grid, and many chains meet the same working grid (the "on" and "off" chains of the two
    /// candidates of a bivalue cell, and the chains of a level repeating those of the level
    /// below up to where these ran dry): so they are kept for the step (see [`Memo`]).
    fn rule_hints(&self, rule: Mode) -> Rc<Vec<RuleHint>> {
        let key = MemoKey {
            rule: (rule.level, rule.multiple, rule.dynamic),
            save: self.save.c,
            g: self.g.c,
        };
        if let Some(v) = MEMO.with(|m| m.borrow().map.get(&key).cloned()) {
            return v;
        }
        let mut inner = Chainer::new(&self.g, rule, self.stop);
        inner.outer = Some(self.save);
        inner.top = self.top;
        let mut best = Best::default();
        if rule.multiple {
            inner.multiple_into(&mut best);
        } else {
            inner.loops_all(&mut best);
        }
        drop(inner);
        let mut found = best.all;
        found.sort_by(|a, b| {
            a.diff
                .total_cmp(&b.diff)
                .then(a.cx.cmp(&b.cx))
                .then(a.key.cmp(&b.key))
                .then(a.seq.cmp(&b.seq))
        });
        let hints: Rc<Vec<RuleHint>> = Rc::new(
            found
                .into_iter()
                .filter(|f| !f.parents.is_empty())
                .map(|f| (f.elim, f.parents, f.print, f.cx))
                .collect(),
        );
        // A search cut short is not kept.
        if !(self.stop)() {
            MEMO.with(|m| {
                let mut m = m.borrow_mut();
                if m.map.len() >= MEMO_LIMIT {
                    m.map.clear();
                }
                m.map.insert(key, Rc::clone(&hints));
            });
        }
        hints
    }
}

/// A nested rule's hint as a chain uses it: eliminations, the candidates removed by the
/// chain that it needs (in SE's order), fingerprint and complexity.
type RuleHint = (Vec<(u8, u16)>, Vec<u16>, u64, u32);

/// What a nested rule's hints depend on: the rule (level, multiple, dynamic), the start
/// grid of the chain using it and the chain's working grid (the step's grid is the same for
/// all, see [`forget`]).
#[derive(PartialEq, Eq, Hash)]
struct MemoKey {
    rule: (u8, bool, bool),
    save: [u16; 81],
    g: [u16; 81],
}

/// The nested rules' hints found during the rating of one step, by working grid.
#[derive(Default)]
struct Memo {
    map: HashMap<MemoKey, Rc<Vec<RuleHint>>, Quick>,
}

/// The memo is emptied past this many entries (about 350 bytes each and their hints).
const MEMO_LIMIT: usize = 100_000;

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// Empties the memo of nested rules' hints: a new step (a new grid) begins.
pub(super) fn forget() {
    let _ = MEMO.try_with(|m| {
        if let Ok(mut m) = m.try_borrow_mut() {
            m.map.clear();
        }
    });
}
