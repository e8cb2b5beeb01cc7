//! SE's uniqueness rules (unique loops, types 1 to 4), its bivalue universal grave (BUG,
//! types 1 to 4) and aligned pair and triplet exclusion.

use super::Hint;
use super::grid::{
    BOX, COL, Grid, ROW, cells_at, combos, n, region, region_of, region_set, regions_of,
};
use crate::geometry::CellSet;
use crate::geometry::bits::Mask;
use crate::geometry::classic::{PEERS, sees};
use crate::geometry::digits;

const TYPES: [usize; 3] = [BOX, ROW, COL];

/// SE's checkForLoops: loops of cells holding both digits `both`, alternating house types.
struct Loops<'a> {
    g: &'a Grid,
    both: u16,
    /// The cells holding both digits (bit = cell).
    with: u128,
    /// The loop so far.
    lp: Vec<usize>,
    /// The loops found.
    out: Vec<Vec<usize>>,
}

impl Loops<'_> {
    /// Extends the loop with `cell`. `allowed`: cells with more than the two digits it may
    /// still take; `ex` the extra digits met so far; `last` the house type it came through;
    /// `member` the cells of the loop before `cell`. A region's cells are visited in
    /// increasing order, as SE lists them, and only those that can matter: the loop's start
    /// (to close it) and cells holding both digits off the loop.
    fn extend(&mut self, cell: usize, allowed: i32, ex: u16, last: usize, member: u128) {
        self.lp.push(cell);
        let member = member | 1 << cell;
        let start = if self.lp.len() >= 4 {
            1u128 << self.lp[0]
        } else {
            0
        };
        let mut ex = ex;
        for (t, &r) in regions_of(cell).iter().enumerate() {
            if t == last {
                continue;
            }
            let mut m = region_set(r).0 & ((self.with & !member) | start);
            while m != 0 {
                let next = m.trailing_zeros() as usize;
                m &= m - 1;
                if self.lp[0] == next {
                    self.out.push(self.lp.clone());
                } else {
                    let p = self.g.c[next];
                    ex |= p & !self.both;
                    let k = n(p);
                    if k == 2 || n(ex) == 1 || allowed > 0 {
                        let a = if k > 2 { allowed - 1 } else { allowed };
                        self.extend(next, a, ex, t, member);
                    }
                }
            }
        }
        self.lp.pop();
    }
}

/// Whether `cell` is in the 2-core of `set` (bit = cell): what remains when the cells that
/// see fewer than two others of the set are removed until none is left to remove.
fn in_two_core(set: u128, cell: usize) -> bool {
    let mut core = set;
    loop {
        let mut keep = core;
        let mut m = core;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            if (PEERS[c].0 & core).at_most_one() {
                keep &= !(1 << c);
            }
        }
        if keep & 1 << cell == 0 {
            return false;
        }
        if keep == core {
            return true;
        }
        core = keep;
    }
}

fn valid_loop(lp: &[usize]) -> bool {
    let (mut odd, mut even) = (0u32, 0u32);
    for (i, &c) in lp.iter().enumerate() {
        let set = if i % 2 == 1 { &mut odd } else { &mut even };
        for r in regions_of(c) {
            if *set & (1 << r) != 0 {
                return false;
            }
            *set |= 1 << r;
        }
    }
    odd == even
}

fn loop_diff(len: usize) -> f64 {
    let mut d = 4.5;
    if len >= 10 {
        d += 0.3;
    }
    if len >= 8 {
        d += 0.2;
    } else if len >= 6 {
        d += 0.1;
    }
    d
}

/// The loops found from each start cell at earlier steps of a path, to be reused where
/// nothing they depend on changed.
///
/// The search from a start cell (a cell with exactly the two digits `both`) meets only the
/// cells holding both digits (`with`, bit = cell) and reads only their candidates, so with
/// the same `both`, `with` and candidates of those cells it finds the same loops, in the
/// same order. Entry `[cell]`: `(both, with, the candidates of the grid then, the loops)`;
/// only the candidates of the cells of `with` are compared.
#[derive(Default)]
pub(crate) struct LoopMemo(Vec<Option<LoopsFrom>>);

/// The loops found from one start cell, with what they depend on (see [`LoopMemo`]).
type LoopsFrom = (u16, u128, [u16; 81], Vec<Vec<usize>>);

/// Unique loops (SE's "Unique Rectangle/Loop" types 1 to 4): the easiest hint, by rating then
/// type.
#[cfg(test)]
pub(crate) fn unique_loops(g: &Grid) -> Option<Hint> {
    unique_loops_memo(g, &mut LoopMemo::default())
}

/// [`unique_loops`] with the loops of earlier steps (`memo`, kept up to date).
pub(crate) fn unique_loops_memo(g: &Grid, memo: &mut LoopMemo) -> Option<Hint> {
    let mut best: Option<(f64, u8, Hint)> = None;
    let mut offer = |d: f64, t: u8, h: Hint| {
        let better = best
            .as_ref()
            .is_none_or(|(bd, bt, _)| d < *bd || (d == *bd && t < *bt));
        if better && !h.elim.is_empty() {
            best = Some((d, t, h));
        }
    };
    // The cells holding each digit (bit = cell).
    let mut places = [0u128; 9];
    for (cell, &m) in g.c.iter().enumerate() {
        for d in digits::iter(m) {
            places[d as usize - 1] |= 1 << cell;
        }
    }
    for cell in 0..81 {
        if n(g.c[cell]) != 2 {
            continue;
        }
        let both = g.c[cell];
        let (lo, hi) = (both.trailing_zeros(), 15 - both.leading_zeros());
        let with = places[lo as usize] & places[hi as usize];
        if memo.0.is_empty() {
            memo.0.resize(81, None);
        }
        let kept = match &memo.0[cell] {
            Some((b, w, cands, _)) if *b == both && *w == with => {
                let mut m = with;
                let mut same = true;
                while m != 0 {
                    let c = m.trailing_zeros() as usize;
                    m &= m - 1;
                    same &= cands[c] == g.c[c];
                }
                same
            }
            _ => false,
        };
        if !kept {
            // A loop's cells hold both digits and each sees two others of the loop: only
            // the cells left when those that see fewer than two such cells are taken away
            // (again and again) can be on one. Without the start cell there, the search
            // finds nothing.
            let loops = if in_two_core(with, cell) {
                let mut search = Loops {
                    g,
                    both,
                    with,
                    lp: Vec::new(),
                    out: Vec::new(),
                };
                search.extend(cell, 2, 0, usize::MAX, 0);
                search.out
            } else {
                Vec::new()
            };
            memo.0[cell] = Some((both, with, g.c, loops));
        }
        let Some((_, _, _, loops)) = &memo.0[cell] else {
            continue; // never: kept just above
        };
        for lp in loops {
            let lp: &[usize] = lp;
            if !valid_loop(lp) {
                continue;
            }
            let base = loop_diff(lp.len());
            let extra: Vec<usize> = lp.iter().copied().filter(|&c| n(g.c[c]) > 2).collect();
            let name = if lp.len() == 4 {
                "Unique Rectangle"
            } else {
                "Unique Loop"
            };
            if extra.len() == 1 {
                offer(
                    base,
                    1,
                    Hint::elim(base, name, vec![(extra[0] as u8, both)]),
                );
            } else if extra.len() > 2
                || (extra.len() == 2 && n((g.c[extra[0]] | g.c[extra[1]]) & !both) == 1)
            {
                let common = g.c[extra[0]] & !both;
                let v = common & common.wrapping_neg();
                let elim: Vec<(u8, u16)> = (0..81)
                    .filter(|&c| {
                        !extra.contains(&c) && extra.iter().all(|&e| sees(c, e)) && g.c[c] & v != 0
                    })
                    .map(|c| (c as u8, v))
                    .collect();
                offer(base, 2, Hint::elim(base, name, elim));
            } else if extra.len() == 2 {
                type3(g, extra[0], extra[1], both, base, name, &mut offer);
            }
            if extra.len() == 2 {
                let (c1, c2) = (extra[0], extra[1]);
                let (mut r1, mut r2) = (false, false);
                for t in TYPES {
                    let r = region_of(t, c1);
                    if r != region_of(t, c2) {
                        continue;
                    }
                    let mut has = 0u16;
                    for &o in region(r) {
                        let o = o as usize;
                        if o != c1 && o != c2 {
                            has |= g.c[o] & both;
                        }
                    }
                    let lo = both & both.wrapping_neg();
                    let hi = both & !lo;
                    if has & lo == 0 {
                        r1 = true;
                    }
                    if has & hi == 0 {
                        r2 = true;
                    }
                }
                let lo = both & both.wrapping_neg();
                let hi = both & !lo;
                let rem = if r1 {
                    Some(hi)
                } else if r2 {
                    Some(lo)
                } else {
                    None
                };
                if let Some(m) = rem {
                    let elim: Vec<(u8, u16)> = [c1, c2]
                        .iter()
                        .filter(|&&c| g.c[c] & m != 0)
                        .map(|&c| (c as u8, m))
                        .collect();
                    offer(base, 4, Hint::elim(base, name, elim));
                }
            }
        }
    }
    best.map(|b| {
        let mut h = b.2;
        h.diff = b.0;
        h
    })
}

/// Type 3: the extra digits of the two rescue cells form a naked or hidden set with other
/// cells of a house they share.
fn type3(
    g: &Grid,
    c1: usize,
    c2: usize,
    both: u16,
    base: f64,
    name: &'static str,
    offer: &mut impl FnMut(f64, u8, Hint),
) {
    let extra = (g.c[c1] | g.c[c2]) & !both;
    for degree in n(extra)..=7 {
        for t in TYPES {
            let r = region_of(t, c1);
            if r != region_of(t, c2) {
                continue;
            }
            let empty = g.empty(r);
            let i1 = region(r)
                .iter()
                .position(|&c| c as usize == c1)
                .unwrap_or(0);
            let i2 = region(r)
                .iter()
                .position(|&c| c as usize == c2)
                .unwrap_or(0);
            if degree * 2 <= empty {
                for m in combos(degree, 9) {
                    if m & (1 << i1) == 0 || m & (1 << i2) != 0 {
                        continue;
                    }
                    let mut naked = extra & g.c[c1] & g.c[c2];
                    let mut union = 0u16;
                    let mut ok = true;
                    for i in 0..9 {
                        if m & (1 << i) == 0 {
                            continue;
                        }
                        let p = if i == i1 {
                            extra
                        } else {
                            g.c[region(r)[i] as usize]
                        };
                        if i != i1 {
                            naked |= p;
                        }
                        if n(p) <= 1 {
                            ok = false;
                        }
                        union |= p;
                    }
                    if n(naked) != degree || !ok || n(union) != degree {
                        continue;
                    }
                    let elim = g.elims(cells_at(r, !m & !(1 << i2)), union);
                    let d = base + f64::from(n(union) - 1) * 0.1;
                    offer(d, 3, Hint::elim(d, name, elim));
                }
            }
            if degree * 2 < empty {
                let rem: Vec<u8> = (1..=9u8)
                    .filter(|&v| (both | extra) & digits::bit(v) == 0)
                    .collect();
                if degree - 2 <= rem.len() as u32 {
                    for pm in combos(degree - 2, rem.len() as u32) {
                        let mut vals: Vec<u8> = (0..rem.len())
                            .filter(|i| pm & (1 << i) != 0)
                            .map(|i| rem[i])
                            .collect();
                        vals.extend(digits::iter(both));
                        let mut union = 0u16;
                        let mut ok = true;
                        for &v in &vals {
                            let p = g.pos(r, v) & !(1 << i2);
                            if p == 0 {
                                ok = false;
                            }
                            union |= p;
                        }
                        if !ok || n(union) != degree {
                            continue;
                        }
                        let hidden: u16 = vals.iter().map(|&v| digits::bit(v)).sum();
                        let idx = union & !(1 << i1) & !(1 << i2);
                        let elim = g.elims(cells_at(r, idx), !hidden);
                        let d = base + f64::from(n(idx).max(1) - 1) * 0.1;
                        offer(d, 3, Hint::elim(d, name, elim));
                    }
                }
            }
        }
    }
}

/// Bivalue universal grave, SE's types 1 (5.6), 2 and 4 (5.7) and 3 (5.7 + 0.1 per
/// extra digit of the naked set).
pub(crate) fn bug(g: &Grid) -> Option<Hint> {
    let mut temp = g.clone();
    let mut cells: Vec<usize> = Vec::new();
    let mut values = [0u16; 81];
    let mut all = 0u16;
    let mut common: Option<Vec<usize>> = None;
    for t in TYPES {
        for r in t..t + 9 {
            for d in 1..=9u8 {
                let p = g.pos(r, d);
                let k = n(p);
                if k == 0 || k == 2 {
                    continue;
                }
                let news: Vec<usize> = cells_at(r, p).filter(|&c| n(g.c[c]) >= 3).collect();
                if news.is_empty() {
                    return None;
                }
                if news.len() == 1 {
                    let c = news[0];
                    if !cells.contains(&c) {
                        cells.push(c);
                    }
                    values[c] |= digits::bit(d);
                    all |= digits::bit(d);
                    temp.c[c] &= !digits::bit(d);
                    let mut cc: Vec<usize> = match common.take() {
                        None => PEERS[c].iter().collect(),
                        Some(v) => v.into_iter().filter(|&o| sees(o, c)).collect(),
                    };
                    cc.retain(|o| !cells.contains(o));
                    let empty = cc.is_empty();
                    common = Some(cc);
                    if cells.len() > 1 && n(all) > 1 && empty {
                        return None;
                    }
                }
            }
        }
    }
    if (0..81).any(|c| temp.v[c] == 0 && n(temp.c[c]) != 2) {
        return None;
    }
    for r in 0..27 {
        for d in 1..=9u8 {
            let k = n(temp.pos(r, d));
            if k != 0 && k != 2 {
                return None;
            }
        }
    }
    let common = common.unwrap_or_default();
    if cells.len() == 1 {
        let c = cells[0];
        return Some(Hint::elim(
            5.6,
            "BUG type 1",
            vec![(c as u8, g.c[c] & !all)],
        ));
    }
    if n(all) == 1 {
        let elim: Vec<(u8, u16)> = common
            .iter()
            .filter(|&&c| g.c[c] & all != 0)
            .map(|&c| (c as u8, all))
            .collect();
        if !elim.is_empty() {
            return Some(Hint::elim(5.7, "BUG type 2", elim));
        }
        if cells.len() == 2 {
            return bug4(g, &cells, &values, all);
        }
        return None;
    }
    if common.is_empty() {
        return None;
    }
    if cells.len() == 2
        && let Some(h) = bug4(g, &cells, &values, all)
    {
        return Some(h);
    }
    for t in TYPES {
        let r = region_of(t, cells[0]);
        if cells.iter().any(|&c| region_of(t, c) != r) {
            continue;
        }
        let rc: Vec<usize> = common
            .iter()
            .copied()
            .filter(|&c| region_of(t, c) == r)
            .collect();
        for degree in 2..=6u32 {
            if (rc.len() as u32) < degree {
                continue;
            }
            for m in combos(degree - 1, rc.len() as u32) {
                let naked: Vec<usize> = (0..rc.len())
                    .filter(|i| m & (1 << i) != 0)
                    .map(|i| rc[i])
                    .collect();
                let other: u16 = naked.iter().fold(0, |a, &c| a | g.c[c]);
                if n(other) != degree {
                    continue;
                }
                if naked.iter().any(|&c| n(g.c[c]) <= 1) || n(all) <= 1 {
                    continue;
                }
                let set = other | all;
                if n(set) != degree {
                    continue;
                }
                let elim: Vec<(u8, u16)> = rc
                    .iter()
                    .filter(|c| !naked.contains(c) && !cells.contains(c))
                    .filter(|&&c| g.c[c] & set != 0)
                    .map(|&c| (c as u8, g.c[c] & set))
                    .collect();
                if !elim.is_empty() {
                    let d = 5.7 + f64::from(n(set) - 1) * 0.1;
                    return Some(Hint::elim(d, "BUG type 3", elim));
                }
            }
        }
    }
    None
}

fn bug4(g: &Grid, cells: &[usize], values: &[u16; 81], all: u16) -> Option<Hint> {
    let (c1, c2) = (cells[0], cells[1]);
    let common = g.c[c1] & g.c[c2] & !all;
    if n(common) != 1 {
        return None;
    }
    for t in TYPES {
        if region_of(t, c1) != region_of(t, c2) {
            continue;
        }
        let b1 = g.c[c1] & !values[c1] & !common;
        let b2 = g.c[c2] & !values[c2] & !common;
        let elim: Vec<(u8, u16)> = [(c1, b1), (c2, b2)]
            .iter()
            .filter(|x| x.1 != 0)
            .map(|&(c, b)| (c as u8, b))
            .collect();
        if !elim.is_empty() {
            return Some(Hint::elim(5.7, "BUG type 4", elim));
        }
    }
    None
}

/// Aligned pair exclusion (6.2), as SE does it: two cells (aligned or not) with at least two
/// common bivalue peers; a pair of values is excluded when the two cells see each other and
/// the values are equal, or when some common bivalue peer would lose both its candidates; a
/// value of one cell that no remaining pair allows is removed. `deg` 3: aligned triple
/// exclusion (7.5), SE's way (see [`aligned_triple`]).
#[cfg(test)]
pub(crate) fn aligned_exclusion(g: &Grid, deg: usize) -> Option<Hint> {
    aligned_exclusion_since(g, deg, None)
}

/// [`aligned_exclusion`], knowing that it found nothing in an earlier position of the path
/// whose candidates differ from `g`'s only in the cells `changed` (bit = cell), if given.
///
/// A pair's (triple's) test depends only on the candidates of its cells and of their
/// common peers, so a pair (triple) none of whose cells or common peers changed still
/// excludes nothing and is skipped; the others are tested in SE's order. The caller makes
/// sure that neither position has a cell with one candidate (those would change which
/// cells are candidates).
pub(crate) fn aligned_exclusion_since(g: &Grid, deg: usize, changed: Option<u128>) -> Option<Hint> {
    if deg == 3 {
        return aligned_triple(g, changed);
    }
    // Candidate cells with their bivalue peers as a cell bitset (bit = cell number).
    let cands = exclusion_cells(g, 2);
    // SE's pairs in its order: by the larger index, then the smaller.
    for j in 1..cands.len() {
        for i in 0..j {
            let (c0, ex0) = cands[i];
            let (c1, ex1) = cands[j];
            let both_ex = ex0 & ex1;
            if both_ex.at_most_one() {
                continue;
            }
            if let Some(ch) = changed
                && ch & (1u128 << c0 | 1u128 << c1 | (PEERS[c0].0 & PEERS[c1].0)) == 0
            {
                continue;
            }
            let aligned = sees(c0, c1);
            // A combination of values (p0, p1) is excluded when a common bivalue peer holds
            // exactly those two values (a peer holds two, so p0 == p1 is never excluded
            // so): `forb[v - 1]` is the values excluded with v.
            let mut forb = [0u16; 9];
            for e in cells_of(both_ex) {
                let m = g.c[e];
                let (a, b) = (m.trailing_zeros(), (m & (m - 1)).trailing_zeros());
                forb[a as usize] |= 1 << b;
                forb[b as usize] |= 1 << a;
            }
            let (ok0, ok1) = digits::iter(g.c[c0]).fold((0u16, 0u16), |(o0, o1), p0| {
                let same = if aligned { digits::bit(p0) } else { 0 };
                let with = g.c[c1] & !forb[p0 as usize - 1] & !same;
                if with != 0 {
                    (o0 | digits::bit(p0), o1 | with)
                } else {
                    (o0, o1)
                }
            });
            let mut elim = Vec::new();
            if g.c[c0] & !ok0 != 0 {
                elim.push((c0 as u8, g.c[c0] & !ok0));
            }
            if g.c[c1] & !ok1 != 0 {
                elim.push((c1 as u8, g.c[c1] & !ok1));
            }
            if !elim.is_empty() {
                return Some(Hint::elim(6.2, "Aligned Pair Exclusion", elim));
            }
        }
    }
    None
}

/// SE's candidate cells for aligned exclusion, in order: the cells with two candidates or
/// more and no peer with one, each with its peers holding 2 to `most` candidates (a cell
/// bitset, bit = cell number; it is not empty).
fn exclusion_cells(g: &Grid, most: u32) -> Vec<(usize, u128)> {
    // The cells by candidate count (bit = cell): one, and two to `most`.
    let (mut one, mut small) = (0u128, 0u128);
    for (cell, &m) in g.c.iter().enumerate() {
        match n(m) {
            1 => one |= 1 << cell,
            k if k >= 2 && k <= most => small |= 1 << cell,
            _ => {}
        }
    }
    let mut cands = Vec::new();
    for cell in 0..81 {
        if n(g.c[cell]) < 2 {
            continue;
        }
        let peers = PEERS[cell].0;
        let ex = peers & small;
        if peers & one == 0 && ex != 0 {
            cands.push((cell, ex));
        }
    }
    cands
}

/// The cells of a cell bitset (bit = cell number), increasing.
fn cells_of(set: u128) -> impl Iterator<Item = usize> {
    CellSet(set).iter()
}

/// Aligned triple exclusion (7.5) as SE does it: a pair of candidate cells, a third taken
/// from their peers that are candidate cells too, at least two common peers with two or three
/// candidates; a combination of values is excluded when two equal values see each other or a
/// common peer would lose all its candidates.
fn aligned_triple(g: &Grid, changed: Option<u128>) -> Option<Hint> {
    // Candidate cells in order, and for every cell its peers with two or three candidates
    // (a cell bitset, bit = cell number; SE lists them in peer order, which is increasing).
    let mut cands: Vec<usize> = Vec::new();
    let mut is_cand = 0u128;
    let mut excl = [0u128; 81];
    for (cell, ex) in exclusion_cells(g, 3) {
        cands.push(cell);
        is_cand |= 1 << cell;
        excl[cell] = ex;
    }
    for j in 1..cands.len() {
        for i in 0..j {
            let (c0, c1) = (cands[i], cands[j]);
            // The common peers of the three cells are among those of the first two.
            let common01 = excl[c0] & excl[c1];
            if common01.at_most_one() {
                continue;
            }
            // The third cells in SE's order: c0's peers, then c1's peers not already taken.
            let pair = (1u128 << c0) | (1u128 << c1);
            let first = excl[c0] & is_cand & !pair;
            let second = excl[c1] & is_cand & !pair & !first;
            // Where neither cell of the pair nor a common peer of theirs changed, a triple
            // is new only through a changed third cell (the test below): the others are
            // not listed.
            let (first, second) = match changed {
                Some(ch) if ch & (pair | (PEERS[c0].0 & PEERS[c1].0)) == 0 => {
                    (first & ch, second & ch)
                }
                _ => (first, second),
            };
            for t in cells_of(first).chain(cells_of(second)) {
                let common = common01 & excl[t];
                if common.at_most_one() {
                    continue;
                }
                if let Some(ch) = changed
                    && ch & (pair | 1u128 << t | (PEERS[c0].0 & PEERS[c1].0 & PEERS[t].0)) == 0
                {
                    continue;
                }
                let cells = [c0, c1, t];
                let mut masks = [0u16; 20];
                let mut len = 0;
                for e in cells_of(common) {
                    masks[len] = g.c[e];
                    len += 1;
                }
                let ok = allowed(
                    [g.c[c0], g.c[c1], g.c[t]],
                    [sees(c0, c1), sees(c0, t), sees(c1, t)],
                    &masks[..len],
                );
                let elim: Vec<(u8, u16)> = (0..3)
                    .filter(|&k| g.c[cells[k]] & !ok[k] != 0)
                    .map(|k| (cells[k] as u8, g.c[cells[k]] & !ok[k]))
                    .collect();
                if !elim.is_empty() {
                    return Some(Hint::elim(7.5, "Aligned Triplet Exclusion", elim));
                }
            }
        }
    }
    None
}

/// Aligned triple exclusion's test: the values of each of three cells (candidates `full`)
/// that some combination allows. A combination is excluded when two of its cells see each
/// other (`sees`: cells 0-1, 0-2, 1-2) and hold the same value, or when it covers all the
/// candidates of a common peer (`common`: their masks).
///
/// For each pair of values of the first two cells, the values the third may take come in one
/// pass over the common peers: a peer whose candidates the pair covers excludes them all, a
/// peer with one candidate outside the pair excludes that one.
fn allowed(full: [u16; 3], sees: [bool; 3], common: &[u16]) -> [u16; 3] {
    let mut ok = [0u16; 3];
    for v0 in bits(full[0]) {
        for v1 in bits(full[1]) {
            if sees[0] && v0 == v1 {
                continue;
            }
            let pair = v0 | v1;
            let mut third = full[2];
            if sees[1] {
                third &= !v0;
            }
            if sees[2] {
                third &= !v1;
            }
            for &m in common {
                let rest = m & !pair;
                if rest.at_most_one() {
                    // All of the peer's candidates but at most one (`rest`) are in the pair.
                    third &= if rest == 0 { 0 } else { !rest };
                }
            }
            if third != 0 {
                ok[0] |= v0;
                ok[1] |= v1;
                ok[2] |= third;
                // The other values of the second cell can add nothing more.
                if ok[1] == full[1] && ok[2] == full[2] {
                    break;
                }
            }
        }
    }
    ok
}

/// The set bits of a digit mask, each as a mask, lowest first.
fn bits(m: u16) -> impl Iterator<Item = u16> {
    let mut m = m;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m & m.wrapping_neg();
            m &= m - 1;
            b
        })
    })
}

#[cfg(test)]
mod tests {
    use super::allowed;

    /// [`allowed`] against its definition: every combination of values tried.
    fn brute(full: [u16; 3], sees: [bool; 3], common: &[u16]) -> [u16; 3] {
        let mut ok = [0u16; 3];
        for a in 0..9 {
            for b in 0..9 {
                for c in 0..9 {
                    let p = [1u16 << a, 1 << b, 1 << c];
                    if (0..3).any(|k| full[k] & p[k] == 0) {
                        continue;
                    }
                    let clash = (sees[0] && a == b) || (sees[1] && a == c) || (sees[2] && b == c);
                    let all = p[0] | p[1] | p[2];
                    if clash || common.iter().any(|&m| m & !all == 0) {
                        continue;
                    }
                    for k in 0..3 {
                        ok[k] |= p[k];
                    }
                }
            }
        }
        ok
    }

    #[test]
    fn allowed_matches_every_combination() {
        // A fixed pseudo-random sequence (xorshift): masks of 2 to 4 digits for the cells,
        // 2 or 3 for the peers, as aligned triple exclusion meets them; every other case
        // among digits 1 to 5 only, where exclusions are frequent.
        let mut x = crate::testing::XorShift64(0x2545_f491_4f6c_dd1d);
        let mut next = |bits: u32, span: u16| loop {
            let m = x.next_u64() as u16 & span;
            if m.count_ones() >= 2 && m.count_ones() <= bits {
                return m;
            }
        };
        let mut excluded = 0;
        for i in 0..20_000 {
            let span = if i % 2 == 0 { 0x1ff } else { 0x1f };
            let full = [next(4, span), next(4, span), next(4, span)];
            let sees = [i & 2 != 0, i & 4 != 0, i & 8 != 0];
            let common: Vec<u16> = (0..2 + i % 3).map(|_| next(3, span)).collect();
            let want = brute(full, sees, &common);
            assert_eq!(
                allowed(full, sees, &common),
                want,
                "{full:?} {sees:?} {common:?}"
            );
            excluded += usize::from(want != full);
        }
        // The cases exercise exclusions, not only combinations that all pass.
        assert!(excluded > 1000, "{excluded}");
    }
}
