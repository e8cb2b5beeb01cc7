//! HoDoKu's XY-chain search (`ChainSolver`), in its order: every bivalue start cell and
//! candidate, links in its order (the other candidate of the cell, then the bivalue cells of
//! the row, the column and the box), chains up to 20 links; for each set of eliminations a
//! later chain is kept only when shorter, and the first of HoDoKu's sort wins.

use crate::geometry::CellSet;
use crate::geometry::classic::{CELL_HOUSES, HOUSE_CELLS, PEERS, col_of, row_of};

use super::{Candidate, Found, Kind, State, Technique, compact_cells, index_sum_of};

/// HoDoKu's limit on X- and XY-chains (`RESTRICT_CHAIN_LENGTH`).
const MAX_LENGTH: usize = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Link {
    cell: usize,
    digit: u8,
    strong: bool,
}

/// A chain kept: the cells whose candidate `digit` it removes, the digit, its length and
/// its links.
type Kept = (CellSet, u8, usize, Vec<Link>);

/// The search, in the order of HoDoKu's: from a bivalue cell's candidate, a strong link to
/// its other candidate, then in turn a weak link to a bivalue cell of the same house holding
/// that digit and a strong link to its other candidate. A weak link back into the chain (or
/// to its start) goes nowhere and finds nothing, so it is not followed.
struct Search {
    /// Where each digit is a candidate.
    with: [CellSet; 10],
    /// The candidates of each bivalue cell (0 elsewhere).
    pairs: [u16; 81],
    /// The weak links from candidate `cell * 10 + digit`: the bivalue cells holding `digit`
    /// in the cell's row, column and box (the box without those two), in HoDoKu's order:
    /// `next[ranges[..].0..ranges[..].1]`.
    next: Vec<u8>,
    ranges: Vec<(u16, u16)>,
    start: usize,
    digit: u8,
    /// The cells of the chain so far.
    set: CellSet,
    /// The chain so far: `chain[..=level]` for the walk at `level`.
    chain: [Link; MAX_LENGTH + 2],
    found: Vec<Kept>,
    /// The shortest chain kept for each set of eliminations (cells and digit).
    best_len: std::collections::HashMap<(u128, u8), usize>,
    /// The bivalue cells holding each digit.
    bivalue_with: [CellSet; 10],
    /// For the start and digit at hand, the nodes from which the walk can still reach a chain
    /// that removes something (see [`Search::fill_good`]): node (`c`, `x`), the chain at
    /// bivalue cell `c` with its last strong link ending on `x`, is there when `good[x]`
    /// holds `c`. The walk skips every other node: from them, each `check` would see nothing.
    good: [CellSet; 10],
    /// The most eliminations of a chain kept so far, once [`Search::prune`] is set: chains
    /// removing fewer can no longer be the one [`xy_chain`] takes, which removes the most, so
    /// [`Search::fill_good`] leaves out the ends that remove fewer (again in the middle of a
    /// walk when the most grows: `good` only loses nodes from which no end is left).
    most: usize,
    /// Whether the walk leaves out what can no longer be taken (see [`Search::most`]); the
    /// chains kept are then fewer, and the one taken is the same.
    prune: bool,
}

fn bivalue(s: &State, c: usize) -> bool {
    s.values[c] == 0 && s.cands[c].count_ones() == 2
}

impl Search {
    /// Fills [`Search::good`] for `start` and `digit`. A chain removes something only when it
    /// ends at a node (`e`, `digit`) whose cell `e` sees, with the start, a candidate `digit`:
    /// those nodes, and every node with a link to a node already taken, backwards until none
    /// is added. Which cells the chain already holds and its length limit are left out, so
    /// the nodes kept are all those the walk can end well from, and more.
    ///
    /// With [`Search::prune`], the ends that remove fewer candidates than a chain kept already
    /// are left out too.
    fn fill_good(&mut self) {
        let d = usize::from(self.digit);
        let victims = self.with[d] & PEERS[self.start];
        let mut targets = CellSet::EMPTY;
        let at_least = if self.prune { self.most.max(1) } else { 1 };
        for e in self.bivalue_with[d] {
            let seen = victims & PEERS[e];
            // Without a popcount for the usual thresholds (one, two).
            let enough = match at_least {
                1 => !seen.is_empty(),
                2 => seen.several(),
                n => seen.len() >= n,
            };
            if enough {
                targets.insert(e);
            }
        }
        self.good = [CellSet::EMPTY; 10];
        self.good[d] = targets;
        // The nodes taken whose predecessors are still to add: (cell, digit).
        let mut todo = [(0u8, 0u8); 162];
        let mut len = 0;
        for e in targets {
            todo[len] = (e as u8, d as u8);
            len += 1;
        }
        while len > 0 {
            len -= 1;
            let (n, y) = (usize::from(todo[len].0), todo[len].1);
            // Node (c, x) links to (n, y) when the bivalue cell c holds x, sees n, and x is
            // the other digit of n: the weak link on x into n, then the strong one to y.
            let x = (self.pairs[n] & !(1 << (y - 1))).trailing_zeros() as usize + 1;
            let new = (PEERS[n] & self.bivalue_with[x]) - self.good[x];
            self.good[x] |= new;
            for c in new {
                todo[len] = (c as u8, x as u8);
                len += 1;
            }
        }
    }

    /// Goes on from the chain's last node, candidate `digit` of `cell` (reached by a strong
    /// link at `chain[level]`), by a weak link and the strong link after it.
    fn walk(&mut self, cell: usize, digit: u8, level: usize) {
        // The weak link would be the last HoDoKu takes: a chain ends on a strong one.
        if level + 1 >= MAX_LENGTH {
            return;
        }
        let (from, to) = self.ranges[cell * 10 + usize::from(digit)];
        for i in usize::from(from)..usize::from(to) {
            let next = usize::from(self.next[i]);
            if self.set.contains(next) {
                continue;
            }
            let other_bits = self.pairs[next] & !(1 << (digit - 1));
            let other = other_bits.trailing_zeros() as u8 + 1;
            if !self.good[usize::from(other)].contains(next) {
                continue;
            }
            self.chain[level + 1] = Link {
                cell: next,
                digit,
                strong: false,
            };
            let level = level + 2;
            self.chain[level] = Link {
                cell: next,
                digit: other,
                strong: true,
            };
            if other == self.digit {
                self.check(next, level);
            }
            if level < MAX_LENGTH {
                self.set.insert(next);
                self.walk(next, other, level);
                self.set -= CellSet::single(next);
            }
        }
    }

    /// Keeps the chain `chain[..=level]`, which ends at `end`, if it removes something and
    /// is shorter than those kept with the same eliminations.
    fn check(&mut self, end: usize, level: usize) {
        let d = self.digit;
        let seen = self.with[usize::from(d)] & PEERS[self.start] & PEERS[end];
        if seen.is_empty() {
            return;
        }
        let key = (seen.0, d);
        if self.best_len.get(&key).is_some_and(|&l| l <= level) {
            return;
        }
        self.best_len.insert(key, level);
        let count = seen.len();
        if count > self.most {
            self.most = count;
            // The rest of this walk may leave out the ends that now remove too few.
            if self.prune && count >= 2 {
                self.fill_good();
            }
        }
        self.found
            .push((seen, d, level, self.chain[..=level].to_vec()));
    }
}

/// Every chain HoDoKu's search keeps, in its order; with `prune`, only those that may still
/// be the one [`xy_chain`] takes (see [`Search::most`]).
fn search(s: &State, prune: bool) -> Vec<Kept> {
    let mut with = [CellSet::default(); 10];
    with[1..].copy_from_slice(&s.places);
    let mut pairs = [0u16; 81];
    for (c, p) in pairs.iter_mut().enumerate() {
        if bivalue(s, c) {
            *p = s.cands[c];
        }
    }
    let mut next: Vec<u8> = Vec::new();
    let mut ranges = vec![(0, 0); 810];
    for c in (0..81).filter(|&c| pairs[c] != 0) {
        for d in (1..=9u8).filter(|&d| s.has(c, d)) {
            let from = next.len() as u16;
            for (k, &h) in CELL_HOUSES[c].iter().enumerate() {
                for &c2 in &HOUSE_CELLS[usize::from(h)] {
                    let c2 = usize::from(c2);
                    if c2 == c || !s.has(c2, d) || pairs[c2] == 0 {
                        continue;
                    }
                    if k == 2 && (row_of(c) == row_of(c2) || col_of(c) == col_of(c2)) {
                        continue;
                    }
                    next.push(c2 as u8);
                }
            }
            ranges[c * 10 + usize::from(d)] = (from, next.len() as u16);
        }
    }
    let blank = Link {
        cell: 0,
        digit: 1,
        strong: false,
    };
    let mut bivalue_with = [CellSet::EMPTY; 10];
    for (c, &p) in pairs.iter().enumerate() {
        for d in (1..=9u8).filter(|&d| p & 1 << (d - 1) != 0) {
            bivalue_with[usize::from(d)].insert(c);
        }
    }
    let mut search = Search {
        with,
        pairs,
        next,
        ranges,
        start: 0,
        digit: 0,
        set: CellSet::default(),
        chain: [blank; MAX_LENGTH + 2],
        found: Vec::new(),
        best_len: std::collections::HashMap::new(),
        bivalue_with,
        good: [CellSet::EMPTY; 10],
        most: 0,
        prune,
    };
    for start in (0..81).filter(|&c| pairs[c] != 0) {
        for d in (1..=9u8).filter(|&d| s.has(start, d)) {
            let other = (pairs[start] & !(1 << (d - 1))).trailing_zeros() as u8 + 1;
            search.start = start;
            search.digit = d;
            search.fill_good();
            // The start's node (no end itself): what its links reach.
            if !search.good[usize::from(other)].contains(start) {
                continue;
            }
            search.set = CellSet::single(start);
            search.chain[0] = Link {
                cell: start,
                digit: d,
                strong: false,
            };
            search.chain[1] = Link {
                cell: start,
                digit: other,
                strong: true,
            };
            search.walk(start, other, 1);
        }
    }
    search.found
}

/// HoDoKu's XY-chain: the first of its sort among the chains its search finds.
pub(super) fn xy_chain(s: &State) -> Option<Found> {
    let found = search(s, true);
    let (cells, d, chain) = choose(&found)?;
    let elims: Vec<Candidate> = cells.iter().map(|c| Candidate::new(c, d)).collect();
    let cells: Vec<usize> = chain.iter().map(|l| l.cell).collect();
    let digits = chain.iter().fold(0u16, |m, l| m | 1 << (l.digit - 1));
    // HoDoKu's text: `8 8- r2c4 -1- r7c4 ... -1- r3c2 -8`.
    let a = chain[0].digit;
    let mut text = format!("{a} {a}- {}", compact_cells(&[chain[1].cell]));
    for pair in chain[2..].chunks(2) {
        if let [weak, strong] = pair {
            text.push_str(&format!(
                " -{}- {}",
                weak.digit,
                compact_cells(&[strong.cell])
            ));
        }
    }
    text.push_str(&format!(" -{a}"));
    Some(Found {
        kind: Kind::Other(Technique::XYChain),
        text: Some(text),
        cells,
        digits,
        house: 0,
        elims,
    })
}

/// The chain HoDoKu's sort puts first: the most eliminations, then the least index sum of
/// them, then the shortest, then the first found; its eliminations (cells and digit) and its
/// links.
fn choose(found: &[Kept]) -> Option<(CellSet, u8, &[Link])> {
    let elims_of = |cells: CellSet, d: u8| -> Vec<Candidate> {
        cells.iter().map(|c| Candidate::new(c, d)).collect()
    };
    // (cells, digit, index sum of the eliminations, length, links)
    let mut best: Option<(CellSet, u8, i64, usize, &Vec<Link>)> = None;
    for &(cells, d, level, ref links) in found {
        let better = best.is_none_or(|b| {
            if cells.len() != b.0.len() {
                return cells.len() > b.0.len();
            }
            if (cells, d) != (b.0, b.1) {
                return index_sum_of(&elims_of(cells, d)) < b.2;
            }
            level < b.3
        });
        if better {
            best = Some((cells, d, index_sum_of(&elims_of(cells, d)), level, links));
        }
    }
    best.map(|(cells, d, _, _, chain)| (cells, d, &chain[..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search as it was first written, link by link (a weak link into the chain tried
    /// and dropped, a `Vec` for the chain): the one above must keep the same chains.
    mod reference {
        use super::super::*;

        struct Search {
            /// Where each digit is a candidate.
            with: [CellSet; 10],
            /// The links from candidate `cell * 10 + digit` are `links[ranges[..].0..ranges[..].1]`,
            /// in HoDoKu's order.
            links: Vec<Link>,
            ranges: Vec<(usize, usize)>,
            start: usize,
            digit: u8,
            set: CellSet,
            chain: Vec<Link>,
            /// The chains kept: the cells whose candidate `digit` they remove, the digit, the
            /// chain's length and its links.
            found: Vec<Kept>,
            /// The shortest chain kept for each set of eliminations (cells and digit).
            best_len: std::collections::HashMap<(u128, u8), usize>,
        }

        impl Search {
            fn walk(&mut self, cell: usize, digit: u8, strong_only: bool, level: usize) {
                let (from, to) = self.ranges[cell * 10 + usize::from(digit)];
                // Only the first link of a range (the cell's other candidate) is strong.
                let to = if strong_only { to.min(from + 1) } else { to };
                for i in from..to {
                    let link = self.links[i];
                    if strong_only && !link.strong {
                        continue;
                    }
                    if link.cell == cell && link.digit == digit {
                        continue;
                    }
                    if strong_only && link.cell != cell {
                        continue;
                    }
                    let mut is_loop = false;
                    if self.set.contains(link.cell) {
                        if link.cell != self.start {
                            continue;
                        }
                        is_loop = true;
                    }
                    self.set.insert(cell);
                    let strong = link.strong && strong_only;
                    let level = level + 1;
                    self.chain.truncate(level);
                    self.chain.push(Link { strong, ..link });
                    if level > 1 && strong && link.digit == self.digit {
                        self.check(link.cell);
                    }
                    if level < MAX_LENGTH && !is_loop {
                        self.walk(link.cell, link.digit, !strong_only, level);
                    }
                    self.set -= CellSet::single(cell);
                }
            }

            fn check(&mut self, end: usize) {
                let d = self.digit;
                let seen = self.with[usize::from(d)] & PEERS[self.start] & PEERS[end];
                if seen.is_empty() {
                    return;
                }
                let level = self.chain.len() - 1;
                let key = (seen.0, d);
                if self.best_len.get(&key).is_some_and(|&l| l <= level) {
                    return;
                }
                self.best_len.insert(key, level);
                self.found.push((seen, d, level, self.chain.clone()));
            }
        }

        /// The chains the search kept before it skipped weak links into the chain.
        pub(super) fn search(s: &State) -> Vec<Kept> {
            let mut with = [CellSet::default(); 10];
            for c in (0..81).filter(|&c| s.values[c] == 0) {
                for d in (1..=9u8).filter(|&d| s.has(c, d)) {
                    with[usize::from(d)].insert(c);
                }
            }
            let mut list: Vec<Link> = Vec::new();
            let mut ranges = vec![(0, 0); 810];
            for c in (0..81).filter(|&c| bivalue(s, c)) {
                for d in (1..=9u8).filter(|&d| s.has(c, d)) {
                    let from = list.len();
                    let other = (1..=9u8).find(|&o| o != d && s.has(c, o)).unwrap_or(d);
                    list.push(Link {
                        cell: c,
                        digit: other,
                        strong: true,
                    });
                    for (k, &h) in CELL_HOUSES[c].iter().enumerate() {
                        for &c2 in &HOUSE_CELLS[usize::from(h)] {
                            let c2 = usize::from(c2);
                            if c2 == c || !s.has(c2, d) || !bivalue(s, c2) {
                                continue;
                            }
                            if k == 2 && (row_of(c) == row_of(c2) || col_of(c) == col_of(c2)) {
                                continue;
                            }
                            list.push(Link {
                                cell: c2,
                                digit: d,
                                strong: false,
                            });
                        }
                    }
                    ranges[c * 10 + usize::from(d)] = (from, list.len());
                }
            }
            let mut search = Search {
                with,
                links: list,
                ranges,
                start: 0,
                digit: 0,
                set: CellSet::default(),
                chain: Vec::new(),
                found: Vec::new(),
                best_len: std::collections::HashMap::new(),
            };
            for start in (0..81).filter(|&c| bivalue(s, c)) {
                for d in (1..=9u8).filter(|&d| s.has(start, d)) {
                    let (from, to) = search.ranges[start * 10 + usize::from(d)];
                    let firsts: Vec<Link> = search.links[from..to]
                        .iter()
                        .copied()
                        .filter(|l| l.strong && l.cell == start)
                        .collect();
                    for first in firsts {
                        search.start = start;
                        search.digit = d;
                        search.set = CellSet::single(start);
                        search.chain = vec![
                            Link {
                                cell: start,
                                digit: d,
                                strong: false,
                            },
                            first,
                        ];
                        search.walk(first.cell, first.digit, !first.strong, 1);
                    }
                }
            }
            search.found
        }
    }

    /// Positions along HoDoKu's paths of a few puzzles, with bivalue cells to chain.
    fn positions() -> Vec<State> {
        crate::logic::hodoku::tests::path_states()
    }

    #[test]
    fn search_keeps_the_chains_of_the_link_by_link_search() {
        let mut kept = 0;
        for s in positions() {
            let want = reference::search(&s);
            let got = search(&s, false);
            assert_eq!(got, want);
            kept += got.len();
        }
        assert!(kept > 100, "too few chains to compare: {kept}");
    }

    #[test]
    fn pruning_the_ends_that_remove_fewer_takes_the_same_chain() {
        // Along the paths and on thinned copies of their positions (more bivalue cells, more
        // chains), the chain taken is the same with the ends that remove fewer than a chain
        // kept left out as with every chain kept, and some searches keep fewer chains.
        let (mut taken, mut left_out) = (0, 0);
        let mut seed = crate::testing::XorShift32(0x9e37_79b9);
        for s in positions() {
            let mut s = s;
            for _ in 0..4 {
                let all = search(&s, false);
                let pruned = search(&s, true);
                assert_eq!(choose(&pruned), choose(&all));
                taken += usize::from(choose(&all).is_some());
                // (Not a count of chains: a set of eliminations that removes fewer can be
                // kept later from another start when its first chain was left out.)
                left_out += usize::from(pruned != all);
                // Take out a random candidate of a cell with three or more.
                let r = seed.next_u32();
                let cells: Vec<usize> = (0..81)
                    .filter(|&c| s.values[c] == 0 && s.cands[c].count_ones() > 2)
                    .collect();
                let Some(&c) = cells.get(r as usize % cells.len().max(1)) else {
                    break;
                };
                let d = (0..9)
                    .filter(|&d| s.cands[c] & 1 << d != 0)
                    .nth((r >> 8) as usize % 3);
                if let Some(d) = d {
                    s.cands[c] &= !(1 << d);
                    s.places[d].remove(c);
                }
            }
        }
        assert!(
            taken > 20 && left_out > 0,
            "{taken} taken, {left_out} left out"
        );
    }
}
