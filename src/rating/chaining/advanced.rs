//! SE's "Dynamic Forcing Chains (+)": when a chain runs dry, the eliminations of the simple
//! rules (intersections, hidden and naked pairs, X-wings) on its working grid continue it.

use super::Chainer;
use super::potentials::{PSet, cand};
use crate::geometry::digits;
use crate::rating::grid::{BOX, COL, ROW, combos, n, region, region_set};

/// The two set bits of `m` (which has two), lowest first: what the pair searches of
/// [`Chainer::advanced`] take apart without allocating, since they try every pair of every
/// house at every step of a chain.
fn two_bits(m: u16) -> [usize; 2] {
    debug_assert_eq!(m.count_ones(), 2);
    [m.trailing_zeros() as usize, 15 - m.leading_zeros() as usize]
}

impl Chainer<'_> {
    /// SE's getAdvancedPotentials at level 1: the eliminations of the first of intersections,
    /// hidden pairs, naked pairs and X-wings that has some on the working grid, each with the
    /// earlier removals it needs as parents (hints needing none are skipped).
    pub(super) fn advanced(&self, to_off: &PSet) -> Vec<(u16, Vec<u32>)> {
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
                for m in combos(2, 9) {
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
                for m in combos(2, 9) {
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
            for m in combos(2, 9) {
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
}
