//! Potentials: a candidate assumed on or off, as the chains record them.
//!
//! A candidate is `cell * 9 + digit - 1` (0..729). A node of the [`Arena`] is a potential,
//! keyed `candidate * 2 + on`, with the indexes of the potentials it follows from (its
//! parents); [`PSet`] and [`Cands`] are sets of candidates reached by one search.

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
}

#[derive(Default)]
pub(super) struct Arena {
    pub(super) nodes: Vec<Node>,
    pub(super) parents: Vec<u32>,
    /// The nested chains the nodes refer to: (fingerprint of the chain, its complexity).
    pub(super) nests: Vec<(u64, u32)>,
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
        });
        (self.nodes.len() - 1) as u32
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
    /// distinct potential counted (and expanded) once.
    pub(super) fn ancestors(&self, i: u32) -> u32 {
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

    /// SE's getChain: the distinct potentials above `i` (itself first), breadth first, each
    /// given to `visit` once.
    pub(super) fn chain_of(&self, i: u32, mut visit: impl FnMut(u32)) {
        let mut seen = [0u64; 23];
        let mut todo = vec![i];
        let mut next = Vec::new();
        while !todo.is_empty() {
            for &p in &todo {
                let k = self.key(p) as usize;
                if seen[k / 64] & (1 << (k % 64)) == 0 {
                    seen[k / 64] |= 1 << (k % 64);
                    visit(p);
                    next.extend_from_slice(self.parents(p));
                }
            }
            std::mem::swap(&mut todo, &mut next);
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
#[derive(Clone)]
pub(super) struct PSet {
    pub(super) map: Vec<u32>,
    pub(super) order: Vec<u16>,
}

impl PSet {
    pub(super) fn new() -> PSet {
        PSet {
            map: vec![NONE; 729],
            order: Vec::new(),
        }
    }
    #[inline]
    pub(super) fn get(&self, c: u16) -> Option<u32> {
        let v = self.map[c as usize];
        (v != NONE).then_some(v)
    }
    #[inline]
    pub(super) fn has(&self, c: u16) -> bool {
        self.map[c as usize] != NONE
    }
    /// Empties the set, touching only its entries.
    pub(super) fn reset(&mut self) {
        for &c in &self.order {
            self.map[c as usize] = NONE;
        }
        self.order.clear();
    }

    /// Adds unless present (the first version is kept).
    pub(super) fn insert(&mut self, c: u16, node: u32) {
        if self.map[c as usize] == NONE {
            self.map[c as usize] = node;
            self.order.push(c);
        }
    }
}

/// A set of candidates (`cell * 9 + digit - 1`, 0..729) as a bitset: bit `c % 64` of word
/// `c / 64`.
#[derive(Clone, Copy, Default)]
pub(super) struct Cands([u64; 12]);

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
}
