//! Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain, Death Blossom.
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

use super::cells::{CellSet, digits, house};
use super::{Candidate, Evidence, Grid, Link, Node, NodeKind, Sink, Step, Technique};

/// Whether this file has a finder for `t`.
pub(super) fn implements(t: Technique) -> bool {
    matches!(
        t,
        Technique::AlsXz | Technique::AlsXyWing | Technique::DeathBlossom
    )
}

pub(super) fn find(grid: &Grid, t: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let alses = collect(grid);
    match t {
        Technique::AlsXz => xz(grid, &alses, &restricted_commons(&alses), sink),
        Technique::AlsXyWing => xy_wing(grid, &alses, &restricted_commons(&alses), sink),
        Technique::AlsXyChain => xy_chain(grid, &alses, &restricted_commons(&alses), sink),
        Technique::DeathBlossom => death_blossom(grid, &alses, sink),
        _ => ControlFlow::Continue(()),
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
}

impl Als {
    fn holding(&self, d: u8) -> CellSet {
        self.holding[usize::from(d - 1)]
    }

    fn seeing(&self, d: u8) -> CellSet {
        self.seeing[usize::from(d - 1)]
    }
}

/// Every ALS of the grid, each once (a set in a box and a line is found from the first).
fn collect(grid: &Grid) -> Vec<Als> {
    let mut alses = Vec::new();
    let mut unions = [0u16; 512];
    for h in 0..27 {
        let open: Vec<usize> = (house(h) & grid.empty_cells()).iter().collect();
        let k = open.len();
        for mask in 1usize..(1 << k) {
            let low = mask.trailing_zeros() as usize;
            unions[mask] = unions[mask & (mask - 1)] | grid.candidates(open[low]);
            let n = mask.count_ones();
            if n as usize == k || unions[mask].count_ones() != n + 1 {
                continue;
            }
            let cells: CellSet = (0..k)
                .filter(|i| mask >> i & 1 != 0)
                .map(|i| open[i])
                .collect();
            if cells.common_houses() & ((1 << h) - 1) != 0 {
                continue;
            }
            let digits = unions[mask];
            let mut holding = [CellSet::EMPTY; 9];
            let mut seeing = [CellSet::EMPTY; 9];
            for d in digits::iter(digits) {
                let i = usize::from(d - 1);
                holding[i] = cells & grid.cells_with(d);
                seeing[i] = holding[i].common_peers();
            }
            alses.push(Als {
                cells,
                digits,
                holding,
                seeing,
            });
        }
    }
    alses
}

/// A restricted common between ALS `a` and `b` (indices, `a < b`): one digit `x`, or two
/// (`y` not 0).
#[derive(Clone, Copy)]
struct Rc {
    a: u32,
    b: u32,
    x: u8,
    y: u8,
}

impl Rc {
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
    if common == 0 {
        return 0;
    }
    let overlap = a.cells & b.cells;
    let mut mask = 0;
    for d in digits::iter(common) {
        let (ha, hb) = (a.holding(d), b.holding(d));
        if (ha | hb).intersects(overlap) {
            continue;
        }
        if hb.is_subset(a.seeing(d)) {
            mask |= digits::bit(d);
        }
    }
    mask
}

/// Every RC between two ALS. Overlapping ALS are allowed as long as no cell of the overlap
/// holds the RC digit.
fn restricted_commons(alses: &[Als]) -> Vec<Rc> {
    let mut rcs = Vec::new();
    for (i, a) in alses.iter().enumerate() {
        for (j, b) in alses.iter().enumerate().skip(i + 1) {
            let mask = rc_digits(a, b);
            if mask == 0 {
                continue;
            }
            let x = digits::first(mask);
            let rest = mask & (mask - 1);
            let y = if rest == 0 { 0 } else { digits::first(rest) };
            rcs.push(Rc {
                a: i as u32,
                b: j as u32,
                x,
                y,
            });
        }
    }
    rcs
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
fn xz(grid: &Grid, alses: &[Als], rcs: &[Rc], sink: &mut Sink<'_>) -> ControlFlow<()> {
    for rc in rcs {
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
            continue;
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
        ))?;
    }
    ControlFlow::Continue(())
}

/// For each ALS, the indices of its RCs in `rcs`.
fn rcs_by_als(alses: &[Als], rcs: &[Rc]) -> Vec<Vec<u32>> {
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
fn xy_wing(grid: &Grid, alses: &[Als], rcs: &[Rc], sink: &mut Sink<'_>) -> ControlFlow<()> {
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

/// The longest ALS-XY-Chain searched, in ALS.
const MAX_CHAIN: usize = 6;

/// ALS-XY-Chain: ALS `A1 - A2 - ... - An` (four or more), each joined to the next by an RC,
/// where the RC used between `Ai` and `Ai+1` differs from the one used before it. If `A1` is
/// not locked the first RC is in `A2`, so `A2` is locked without the next RC, which is in
/// `A3`... and `An` is locked. So `A1` or `An` is locked: a digit `z` both hold (not an RC used
/// at either end) leaves every cell outside both that sees all their `z`.
fn xy_chain(grid: &Grid, alses: &[Als], rcs: &[Rc], sink: &mut Sink<'_>) -> ControlFlow<()> {
    let by = rcs_by_als(alses, rcs);
    let mut search = ChainSearch {
        grid,
        alses,
        rcs,
        by: &by,
        path: Vec::with_capacity(MAX_CHAIN),
        used: Vec::with_capacity(MAX_CHAIN),
        in_chain: vec![false; alses.len()],
        seen: Vec::new(),
    };
    for start in 0..alses.len() {
        search.path.push(start as u32);
        search.in_chain[start] = true;
        let flow = search.extend(sink);
        search.in_chain[start] = false;
        search.path.pop();
        flow?;
    }
    ControlFlow::Continue(())
}

struct ChainSearch<'a> {
    grid: &'a Grid,
    alses: &'a [Als],
    rcs: &'a [Rc],
    by: &'a [Vec<u32>],
    /// The ALS of the chain so far.
    path: Vec<u32>,
    /// The RC digits used on each link so far.
    used: Vec<u16>,
    in_chain: Vec<bool>,
    /// Elimination sets already sent (a chain and its reverse find the same).
    seen: Vec<Vec<Candidate>>,
}

impl ChainSearch<'_> {
    fn extend(&mut self, sink: &mut Sink<'_>) -> ControlFlow<()> {
        if self.path.len() >= MAX_CHAIN {
            return ControlFlow::Continue(());
        }
        let last = *self.path.last().expect("a start");
        for &k in &self.by[last as usize] {
            let rc = self.rcs[k as usize];
            let next = rc.other(last);
            if self.in_chain[next as usize] {
                continue;
            }
            // The RC digits this link may use: not the ones the previous link used. At the
            // start a doubly linked pair may use either digit (each tried on its own).
            let choices: [u16; 2] = match self.used.last() {
                None if rc.y != 0 => [digits::bit(rc.x), digits::bit(rc.y)],
                None => [rc.mask(), 0],
                Some(&prev) => [rc.mask() & !prev, 0],
            };
            for actual in choices {
                if actual == 0 {
                    continue;
                }
                self.path.push(next);
                self.used.push(actual);
                self.in_chain[next as usize] = true;
                let mut flow = match self.check() {
                    Some(step) => sink(step),
                    None => ControlFlow::Continue(()),
                };
                if flow.is_continue() {
                    flow = self.extend(sink);
                }
                self.in_chain[next as usize] = false;
                self.used.pop();
                self.path.pop();
                flow?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The step of the chain as it stands, if it has four ALS or more and eliminates.
    fn check(&mut self) -> Option<Step> {
        if self.path.len() < 4 {
            return None;
        }
        let first = &self.alses[self.path[0] as usize];
        let last = &self.alses[*self.path.last().expect("four") as usize];
        let excluded = self.used[0] | self.used.last().expect("three links");
        let mut elims = Vec::new();
        common_elims(self.grid, first, last, excluded, &mut elims);
        if elims.is_empty() {
            return None;
        }
        let elims = finish(elims);
        if self.seen.contains(&elims) {
            return None;
        }
        self.seen.push(elims.clone());
        let mut chain = Vec::new();
        let mut cells = CellSet::EMPTY;
        for (i, pair) in self.path.windows(2).enumerate() {
            let (a, b) = (&self.alses[pair[0] as usize], &self.alses[pair[1] as usize]);
            rc_links(a, b, self.used[i], &mut chain);
            cells |= a.cells | b.cells;
        }
        Some(Step::elimination(
            Technique::AlsXyChain,
            elims,
            Evidence {
                cells,
                digits: first.digits & last.digits & !excluded,
                chains: vec![chain],
                ..Evidence::default()
            },
        ))
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
        let mut chosen = Vec::with_capacity(stem_digits.len());
        blossom(
            grid,
            alses,
            &petals[stem],
            stem,
            &stem_digits,
            digits::ALL & !cands,
            &mut chosen,
            sink,
        )?;
    }
    ControlFlow::Continue(())
}

/// Chooses an ALS for each remaining stem digit, keeping only choices whose shared digits
/// (`common`, stem digits excluded) are not empty; at the end, checks the eliminations.
#[allow(clippy::too_many_arguments)]
fn blossom(
    grid: &Grid,
    alses: &[Als],
    petals: &[Vec<u32>; 9],
    stem: usize,
    rest: &[u8],
    common: u16,
    chosen: &mut Vec<(u8, u32)>,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let Some((&d, rest)) = rest.split_first() else {
        let mut cells = CellSet::EMPTY;
        for &(_, i) in chosen.iter() {
            cells |= alses[i as usize].cells;
        }
        let mut elims = Vec::new();
        for z in digits::iter(common) {
            let mut targets = !cells - CellSet::single(stem);
            for &(_, i) in chosen.iter() {
                targets &= alses[i as usize].seeing(z);
            }
            push_elims(grid, &mut elims, targets, z);
        }
        if elims.is_empty() {
            return ControlFlow::Continue(());
        }
        let mut chain = Vec::new();
        for &(d, i) in chosen.iter() {
            chain.push(Link {
                from: Node::candidate(stem, d),
                to: als_node(&alses[i as usize], d),
                strong: false,
            });
        }
        return sink(Step::elimination(
            Technique::DeathBlossom,
            finish(elims),
            Evidence {
                cells: cells | CellSet::single(stem),
                digits: common,
                chains: vec![chain],
                ..Evidence::default()
            },
        ));
    };
    for &i in &petals[usize::from(d - 1)] {
        let narrowed = common & alses[i as usize].digits;
        if narrowed == 0 {
            continue;
        }
        chosen.push((d, i));
        let flow = blossom(grid, alses, petals, stem, rest, narrowed, chosen, sink);
        chosen.pop();
        flow?;
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
            Technique::DeathBlossom,
        ];
        let mut rng = Rng(0xdead_beef_cafe_f00d);
        let mut found = [0usize; 3];
        for _ in 0..25 {
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
