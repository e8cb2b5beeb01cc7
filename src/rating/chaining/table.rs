//! The implications of one potential (SE's getOnToOff and getOffToOn), computed on the fly
//! for dynamic chains and once per grid, as a [`Table`], for static ones.

use super::potentials::{Cands, cand, cell_of, digit_of};
use crate::geometry::classic::PEERS;
use crate::geometry::digits;
use crate::rating::grid::{Grid, SE_PEER_ORDER, n, region, regions_of};

/// The cause of an "on": the cell rule (Y) or a region (0..27).
pub(super) const CELL_RULE: u8 = 255;

/// Candidates turned off by an "on" (SE's getOnToOff), without repeats, each given to
/// `out` in SE's order.
#[inline]
pub(super) fn on_to_off(g: &Grid, c: u16, y: bool, mut out: impl FnMut(u16)) {
    let (cell, d) = (cell_of(c), digit_of(c));
    if y {
        let mut others = g.c[cell] & !digits::bit(d);
        while others != 0 {
            out(cand(cell, digits::first(others)));
            others &= others - 1;
        }
    }
    for &o in &SE_PEER_ORDER[cell] {
        if g.has(o as usize, d) {
            out(cand(o as usize, d));
        }
    }
}

/// Candidates turned on by an "off" (SE's getOffToOn), with their cause, without
/// repeats.
pub(super) fn off_to_on(g: &Grid, c: u16, y: bool, x: bool, out: &mut Vec<(u16, u8)>) {
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

/// The implications of every candidate in a fixed grid: the Y part (same cell) first, then
/// the X part (same digit), so the Y part can be skipped.
pub(super) struct Table {
    offs: Vec<[u16; 28]>,
    /// (length, length of the Y part).
    noffs: Vec<(u8, u8)>,
    ons: Vec<[(u16, u8); 4]>,
    nons: Vec<(u8, u8)>,
    /// The candidates of the grid the table is for (the entries of the others are empty).
    grid: [u16; 81],
    /// Per setting of links (see [`Table::quiet`]): the candidates whose "off" implies
    /// nothing (bit = candidate; those not in the grid too).
    quiet: [Cands; 3],
}

impl Table {
    /// The "offs" implied by "on" `c` (with or without the Y part).
    #[inline]
    pub(super) fn offs(&self, c: u16, y: bool) -> &[u16] {
        let (len, ny) = self.noffs[c as usize];
        let from = if y { 0 } else { ny as usize };
        &self.offs[c as usize][from..len as usize]
    }

    /// The "ons" implied by "off" `c`.
    #[inline]
    pub(super) fn ons(&self, c: u16, y: bool, x: bool) -> &[(u16, u8)] {
        let (len, ny) = self.nons[c as usize];
        let from = if y { 0 } else { ny as usize };
        let to = if x { len as usize } else { ny as usize };
        &self.ons[c as usize][from..to]
    }

    /// The candidates whose "off" implies nothing with these links (X links alone, Y links
    /// alone, or both): a search can drop them, they lead nowhere.
    #[inline]
    pub(super) fn quiet(&self, y: bool, x: bool) -> &Cands {
        debug_assert!(y || x);
        &self.quiet[usize::from(y) * 2 + usize::from(x) - 1]
    }

    pub(super) fn new(g: &Grid) -> Table {
        let all = Cands([u64::MAX; 12]);
        let mut t = Table {
            offs: vec![[0; 28]; 729],
            noffs: vec![(0, 0); 729],
            ons: vec![[(0, 0); 4]; 729],
            nons: vec![(0, 0); 729],
            grid: [0; 81],
            quiet: [all, all, all],
        };
        t.refill(g);
        t
    }

    /// Makes the table `g`'s (the entries of candidates `g` lacks are left empty).
    ///
    /// An entry depends only on the candidates of its cell and of the digit in the cell's
    /// peers, so only those of cells whose candidates changed, or whose digit changed places
    /// among their peers, are made again: the nested rules make a table for each working
    /// grid of their chains, and those differ from the last one in a few candidates.
    pub(super) fn refill(&mut self, g: &Grid) {
        let t = self;
        // Per digit, the cells where it came or went.
        let mut moved = [0u128; 9];
        let mut changed = 0u128;
        for (cell, (&old, &now)) in t.grid.iter().zip(&g.c).enumerate() {
            let x = old ^ now;
            if x != 0 {
                changed |= 1 << cell;
                for d in digits::iter(x) {
                    moved[d as usize - 1] |= 1 << cell;
                }
                for d in digits::iter(old & !now) {
                    let c = cand(cell, d) as usize;
                    t.noffs[c] = (0, 0);
                    t.nons[c] = (0, 0);
                    for q in &mut t.quiet {
                        q.insert(c as u16);
                    }
                }
            }
        }
        if changed == 0 {
            return;
        }
        t.grid = g.c;
        let pos = g.all_pos();
        for cell in 0..81 {
            let all = g.c[cell];
            let near = PEERS[cell].0 | 1 << cell;
            for d in digits::iter(all) {
                if changed & (1 << cell) == 0 && moved[d as usize - 1] & near == 0 {
                    continue;
                }
                let c = cand(cell, d) as usize;
                // "On": the rule of the dynamic chains, the Y part first.
                let (offs, mut len) = (&mut t.offs[c], 0);
                on_to_off(g, c as u16, true, |o| {
                    offs[len] = o;
                    len += 1;
                });
                t.noffs[c] = (len as u8, n(all) as u8 - 1);
                // "Off": [`off_to_on`]'s rule, with the places of the digit looked up in
                // the grid's table instead of counted (this runs for every candidate).
                let ons = &mut t.ons[c];
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
                t.nons[c] = (len as u8, ny as u8);
                // X alone: the region part; Y alone: the cell part; both.
                let (w, b) = (c / 64, 1u64 << (c % 64));
                for (q, quiet) in t.quiet.iter_mut().zip([len == ny, ny == 0, len == 0]) {
                    if quiet {
                        q.0[w] |= b;
                    } else {
                        q.0[w] &= !b;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// The table's quiet candidates are those whose "off" implies nothing, for each setting
    /// of links, on every position of SE's path through a few puzzles: with the table made
    /// afresh and refilled from the position before (as the chainers reuse it).
    #[test]
    fn quiet_candidates_imply_nothing() {
        let puzzles = [
            "2.87..5.....5...4..5..8...73...98.1.6.......4.4.26...34...7..6..1...2.....2..38.1",
            ".......14.8...1.........6....1..3..6.....9.43.2...57..51..8..6.8..9..2.17.95.....",
            "7.......2..9..2.38....7...........6..1..3..9.2...54...846.9..1..3.5.........6....",
        ];
        let mut checked = 0;
        for line in puzzles {
            let board: Board = line.parse().expect("a puzzle");
            let mut g = Grid::new(board.cells());
            let mut pos = g.all_pos();
            let mut kept = Table::new(&g);
            while !g.solved() {
                kept.refill(&g);
                let fresh = Table::new(&g);
                for t in [&kept, &fresh] {
                    for (y, x) in [(false, true), (true, false), (true, true)] {
                        for c in 0..729u16 {
                            let quiet = if g.has(cell_of(c), digit_of(c)) {
                                t.ons(c, y, x).is_empty()
                            } else {
                                true
                            };
                            assert_eq!(t.quiet(y, x).has(c), quiet, "{line} {c} {y} {x}");
                            checked += 1;
                        }
                    }
                }
                let hint = crate::rating::next_hint(&g, &pos, &|| false).expect("a hint");
                hint.apply(&mut g, &mut pos);
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}
