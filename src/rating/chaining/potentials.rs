//! Potentials: a candidate assumed on or off, as the chains record them.
//!
//! A candidate is `cell * 9 + digit - 1` (0..729). A node of the [`Arena`] is a potential,
//! keyed `candidate * 2 + on`, with the indexes of the potentials it follows from (its
//! parents); [`PSet`] and [`Cands`] are sets of candidates reached by one search.

use std::cell::{Cell, RefCell};

/// No node.
pub(super) const NONE: u32 = u32::MAX;

#[inline]
pub(super) fn cand(cell: usize, d: u8) -> u16 {
    (cell * 9 + d as usize - 1) as u16
}
#[inline]
pub(super) fn cell_of(c: u16) -> usize {
    c as usize / 9
}
#[inline]
pub(super) fn digit_of(c: u16) -> u8 {
    (c % 9) as u8 + 1
}

/// The cause of a node that has none recorded (a start, an "off", an advanced rule's
/// "off").
pub(super) const NO_CAUSE: u8 = 254;

pub(super) struct Node {
    /// `cand * 2 + on`.
    key: u16,
    /// What made an "on": [`CELL_RULE`](super::table::CELL_RULE) or a region, else
    /// [`NO_CAUSE`].
    cause: u8,
    first: u32,
    count: u32,
    /// The nested chain that made this "off" (an index in [`Arena::nests`]), or [`NONE`].
    nest: u32,
    /// [`Arena::ancestors`] of this node once counted, else 0. A node's parents are made
    /// before it and never change, so the count holds while the node lives: the multiple
    /// chains rate many hints ending at the same node (its cell's, its regions', the double
    /// ones), and counted it each time.
    ancestors: Cell<u32>,
}

#[derive(Default)]
pub(super) struct Arena {
    pub(super) nodes: Vec<Node>,
    pub(super) parents: Vec<u32>,
    /// The nested chains the nodes refer to: (fingerprint of the chain, its complexity).
    pub(super) nests: Vec<(u64, u32)>,
    /// The two levels of a breadth-first walk ([`Arena::chain_of`]), kept to be reused:
    /// allocating them for each walk showed in profiles of the nested chains.
    walk: RefCell<(Vec<u32>, Vec<u32>)>,
}

impl Arena {
    pub(super) fn add(&mut self, key: u16, parents: &[u32]) -> u32 {
        self.add_with(key, parents, NO_CAUSE, NONE)
    }
    pub(super) fn add_with(&mut self, key: u16, parents: &[u32], cause: u8, nest: u32) -> u32 {
        let first = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.nodes.push(Node {
            key,
            cause,
            first,
            count: parents.len() as u32,
            nest,
            ancestors: Cell::new(0),
        });
        (self.nodes.len() - 1) as u32
    }
    /// The arena's size, to go back to with [`Arena::truncate`].
    pub(super) fn mark(&self) -> (usize, usize, usize) {
        (self.nodes.len(), self.parents.len(), self.nests.len())
    }
    /// Drops the nodes added since `mark` (nothing may refer to them any more).
    pub(super) fn truncate(&mut self, (nodes, parents, nests): (usize, usize, usize)) {
        self.nodes.truncate(nodes);
        self.parents.truncate(parents);
        self.nests.truncate(nests);
    }
    /// Empties the arena.
    pub(super) fn clear(&mut self) {
        self.nodes.clear();
        self.parents.clear();
        self.nests.clear();
    }
    pub(super) fn cause(&self, i: u32) -> u8 {
        self.nodes[i as usize].cause
    }
    pub(super) fn nest(&self, i: u32) -> u32 {
        self.nodes[i as usize].nest
    }
    pub(super) fn parents(&self, i: u32) -> &[u32] {
        let n = &self.nodes[i as usize];
        &self.parents[n.first as usize..(n.first + n.count) as usize]
    }
    pub(super) fn key(&self, i: u32) -> u16 {
        self.nodes[i as usize].key
    }
    /// Whether `key` occurs on the chain of first parents above `i`.
    pub(super) fn is_parent(&self, i: u32, key: u16) -> bool {
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
    /// distinct potential counted (and expanded) once (kept in the node once counted).
    pub(super) fn ancestors(&self, i: u32) -> u32 {
        let kept = self.nodes[i as usize].ancestors.get();
        if kept != 0 {
            return kept;
        }
        let count = self.count_ancestors(i);
        self.nodes[i as usize].ancestors.set(count);
        count
    }

    /// [`Arena::ancestors`], counted.
    fn count_ancestors(&self, i: u32) -> u32 {
        let mut seen = [0u64; 23];
        // A chain of single parents (a cycle's or a forcing chain's) is walked as is: the
        // breadth-first order is then the chain's.
        let mut p = i;
        let mut count = 0;
        loop {
            let k = self.key(p) as usize;
            if seen[k / 64] & (1 << (k % 64)) != 0 {
                // A potential met again: it was counted and expanded already.
                return count;
            }
            match self.parents(p) {
                [] => return count + 1,
                &[q] => {
                    seen[k / 64] |= 1 << (k % 64);
                    count += 1;
                    p = q;
                }
                _ => break,
            }
        }
        // Fall back on the general count from `i`.
        let mut count = 0;
        self.chain_of(i, |_| count += 1);
        count
    }

    /// SE's getChain: the distinct potentials above `i` (itself first), breadth first, each
    /// given to `visit` once.
    pub(super) fn chain_of(&self, i: u32, mut visit: impl FnMut(u32)) {
        // The kept levels, unless a walk is under way (a visit that walks again).
        let mut kept = self.walk.try_borrow_mut().ok();
        let mut own = (Vec::new(), Vec::new());
        let (todo, next) = match kept.as_deref_mut() {
            Some((todo, next)) => (todo, next),
            None => (&mut own.0, &mut own.1),
        };
        todo.clear();
        next.clear();
        todo.push(i);
        let mut seen = [0u64; 23];
        while !todo.is_empty() {
            for &p in todo.iter() {
                let k = self.key(p) as usize;
                if seen[k / 64] & (1 << (k % 64)) == 0 {
                    seen[k / 64] |= 1 << (k % 64);
                    visit(p);
                    next.extend_from_slice(self.parents(p));
                }
            }
            std::mem::swap(todo, next);
            next.clear();
        }
    }

    /// SE's complexity of a hint whose chains end at `targets`: each chain's count of
    /// distinct potentials, plus the complexity of each distinct nested chain met on them.
    pub(super) fn complexity(&self, targets: &[u32]) -> u32 {
        if self.nests.is_empty() {
            return targets.iter().map(|&t| self.ancestors(t)).sum();
        }
        let mut total = 0;
        let mut met: Vec<u64> = Vec::new();
        for &t in targets {
            self.chain_of(t, |p| {
                total += 1;
                let n = self.nest(p);
                if n != NONE {
                    let (print, cx) = self.nests[n as usize];
                    if !met.contains(&print) {
                        met.push(print);
                        total += cx;
                    }
                }
            });
        }
        total
    }
}

/// The consequences of one start: the potentials made "on" and "off", and the pair of
/// nodes (on, off) of a candidate that came out both ways, if any.
pub(super) type Outcome = (PSet, PSet, Option<(u32, u32)>);

/// An insertion-ordered set of potentials of one polarity, by candidate.
///
/// Membership is a bitset (as [`Cands`]): the lookups of the chains hit it far more often
/// than they find a node, and it stays in cache where the 729 nodes may not; the multiple
/// chains also intersect the sets of several starts word by word. The node of each member
/// is beside it (other entries are stale), both on the heap so that moving a set (the
/// multiple chains keep and pass many) stays cheap.
pub(super) struct PSet {
    store: Box<Store>,
    pub(super) order: Vec<u16>,
}

/// A [`PSet`]'s members and their nodes.
struct Store {
    bits: Cands,
    map: [u32; 729],
}

impl PSet {
    pub(super) fn new() -> PSet {
        PSet {
            store: Box::new(Store {
                bits: Cands::default(),
                map: [NONE; 729],
            }),
            order: Vec::new(),
        }
    }
    #[inline]
    pub(super) fn get(&self, c: u16) -> Option<u32> {
        self.store.bits.has(c).then(|| self.store.map[c as usize])
    }
    /// The node of member `c` (its entry is stale if `c` is not a member).
    #[inline]
    pub(super) fn node(&self, c: u16) -> u32 {
        self.store.map[c as usize]
    }
    #[inline]
    pub(super) fn has(&self, c: u16) -> bool {
        self.store.bits.has(c)
    }
    /// The members.
    #[inline]
    pub(super) fn bits(&self) -> &Cands {
        &self.store.bits
    }
    /// Empties the set.
    pub(super) fn reset(&mut self) {
        self.store.bits = Cands::default();
        self.order.clear();
    }

    /// Adds unless present (the first version is kept).
    #[inline]
    pub(super) fn insert(&mut self, c: u16, node: u32) {
        if self.store.bits.insert(c) {
            self.store.map[c as usize] = node;
            self.order.push(c);
        }
    }
}

/// A set of candidates (`cell * 9 + digit - 1`, 0..729) as a bitset: bit `c % 64` of word
/// `c / 64`.
#[derive(Clone, Copy, Default)]
pub(super) struct Cands(pub(super) [u64; 12]);

impl Cands {
    /// Adds `c`; whether it was absent.
    #[inline]
    pub(super) fn insert(&mut self, c: u16) -> bool {
        let (w, b) = (c as usize / 64, 1u64 << (c % 64));
        let new = self.0[w] & b == 0;
        self.0[w] |= b;
        new
    }
    #[inline]
    pub(super) fn has(&self, c: u16) -> bool {
        self.0[c as usize / 64] & (1 << (c % 64)) != 0
    }
    /// The candidates in both sets.
    #[inline]
    pub(super) fn and(mut self, o: &Cands) -> Cands {
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            *a &= b;
        }
        self
    }
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}
