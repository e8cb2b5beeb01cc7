//! HoDoKu's XY-chain search (`ChainSolver`), in its order: every bivalue start cell and
//! candidate, links in its order (the other candidate of the cell, then the bivalue cells of
//! the row, the column and the box), chains up to 20 links; for each set of eliminations a
//! later chain is kept only when shorter, and the first of HoDoKu's sort wins.

use crate::geometry::CellSet;
use crate::geometry::classic::{CELL_HOUSES, HOUSE_CELLS, PEERS, col_of, row_of};

use super::{Candidate, Found, Kind, State, Technique, compact_cells, index_sum_of};

/// HoDoKu's limit on X- and XY-chains (`RESTRICT_CHAIN_LENGTH`).
const MAX_LENGTH: usize = 20;

#[derive(Clone, Copy)]
struct Link {
    cell: usize,
    digit: u8,
    strong: bool,
}

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
    found: Vec<(CellSet, u8, usize, Vec<Link>)>,
    /// The shortest chain kept for each set of eliminations (cells and digit).
    best_len: std::collections::HashMap<(u128, u8), usize>,
}

fn bivalue(s: &State, c: usize) -> bool {
    s.values[c] == 0 && s.cands[c].count_ones() == 2
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

/// HoDoKu's XY-chain: the first of its sort among the chains its search finds.
pub(super) fn xy_chain(s: &State) -> Option<Found> {
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
    let elims_of = |cells: CellSet, d: u8| -> Vec<Candidate> {
        cells.iter().map(|c| Candidate::new(c, d)).collect()
    };
    // (cells, digit, index sum of the eliminations, length, links)
    let mut best: Option<(CellSet, u8, i64, usize, &Vec<Link>)> = None;
    for &(cells, d, level, ref links) in &search.found {
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
    let (cells, d, _, _, chain) = best?;
    let elims = elims_of(cells, d);
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
