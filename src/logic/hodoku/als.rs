//! HoDoKu's own search for ALS-XZ, ALS-XY-Wing and ALS chains, in its order.
//!
//! Which step HoDoKu takes among several depends on how it enumerates them, so this follows
//! its enumeration rather than our general ALS finders:
//!
//! - The ALS are collected house by house (rows, columns, boxes), each house's unsolved cells
//!   as subsets in depth-first order (a cell, then the subsets of the cells after it); an ALS
//!   already found in an earlier house is not added twice. Bivalue cells count as ALS.
//! - Restricted commons (RCs) link ALS `i < j` that do not overlap, in that order; a pair has
//!   one or two RC digits.
//! - ALS-XZ and ALS-XY-Wing take the *first* step found (RCs, then pairs of RCs, in list order).
//! - ALS chains are searched from every ALS along RCs to ALS of larger index only; all chains
//!   with eliminations are kept (one per set of eliminations: the one with the fewest cells,
//!   in the place of the first), and the first of HoDoKu's ALS sort wins: most eliminations,
//!   the smallest weighted index sum, the fewest ALS, the fewest cells.

use crate::geometry::CellSet;
use crate::geometry::bits::{Mask, ones};
use crate::geometry::classic::{HOUSE_CELLS, PEERS};
use crate::logic::als::depth_first;

use super::{Candidate, Found, Kind, State, Technique, compact_cells, digit_list, index_sum_of};

/// HoDoKu stops an ALS chain at this many RCs.
const MAX_RC: usize = 50;

/// An almost locked set with what the searches need of it (`per`, `buddies_per` and
/// `buddies_als_per` indexed by digit).
struct Als {
    cells: CellSet,
    cands: u16,
    /// The ALS's cells holding each digit.
    per: [CellSet; 10],
    /// The cells outside the ALS holding the digit that see all of the ALS's cells with it.
    buddies_per: [CellSet; 10],
    /// `per | buddies_per`.
    buddies_als_per: [CellSet; 10],
    /// The union of `buddies_per`.
    buddies: CellSet,
}

/// A restricted common between ALS `a1 < a2`: one digit, or two (`c2 != 0`). `actual` says
/// which of them a chain uses (1: `c1`, 2: `c2`, 3: both), as HoDoKu's `actualRC`.
#[derive(Clone, Copy)]
struct Rc {
    a1: usize,
    a2: usize,
    c1: u8,
    c2: u8,
    actual: u8,
}

fn bit(d: u8) -> u16 {
    1 << (d - 1)
}

/// The digits of a mask, in increasing order.
fn digits(mask: u16) -> impl Iterator<Item = u8> {
    ones(mask & 0x1ff).map(|i| i as u8 + 1)
}

/// The cells that see every cell of `cells`.
fn common_peers(cells: CellSet) -> CellSet {
    cells
        .iter()
        .fold(CellSet(!0u128 >> 47), |acc, c| acc & PEERS[c])
}

/// Every ALS of the position, in HoDoKu's order.
fn alses(s: &State) -> Vec<Als> {
    let mut with = [CellSet::default(); 10];
    for c in 0..81 {
        for d in digits(s.cands[c]) {
            with[usize::from(d)].insert(c);
        }
    }
    let mut found: Vec<(CellSet, u16)> = Vec::new();
    for h in 0..27 {
        house_alses(s, h, &mut found);
    }
    found
        .into_iter()
        .map(|(cells, cands)| {
            let mut als = Als {
                cells,
                cands,
                per: [CellSet::default(); 10],
                buddies_per: [CellSet::default(); 10],
                buddies_als_per: [CellSet::default(); 10],
                buddies: CellSet::default(),
            };
            for d in digits(cands) {
                let i = usize::from(d);
                als.per[i] = cells & with[i];
                als.buddies_per[i] = (common_peers(als.per[i]) - cells) & with[i];
                als.buddies_als_per[i] = als.buddies_per[i] | als.per[i];
                als.buddies |= als.buddies_per[i];
            }
            als
        })
        .collect()
}

/// The ALS among the subsets (at most 8 cells) of house `h`'s unsolved cells, in HoDoKu's
/// depth-first order (a cell, then the subsets of the cells after it), without those lying in
/// a house before `h` too (rows come first, then columns, then boxes): a set a column shares
/// with a row is one cell, one a box shares with a line lies in that line.
fn house_alses(s: &State, h: usize, out: &mut Vec<(CellSet, u16)>) {
    let house = &HOUSE_CELLS[h];
    // The positions in the house of its unsolved cells.
    let mut open = [0usize; 9];
    let mut k = 0;
    for (p, &cell) in house.iter().enumerate() {
        if s.values[usize::from(cell)] == 0 {
            open[k] = p;
            k += 1;
        }
    }
    if k == 0 {
        return;
    }
    // Whether a set of the house's cells (a 9-bit mask over its positions) lies in an earlier
    // house: in a column, one cell (a row's); in a box, three positions of a row or a column.
    let earlier = |set: u16| match h {
        0..9 => false,
        9..18 => set.at_most_one(),
        _ => [0o7, 0o70, 0o700, 0o111, 0o222, 0o444]
            .iter()
            .any(|&line| set & !line == 0),
    };
    // The positions and the candidates of each prefix of the subset at hand.
    let mut set = [0u16; 8];
    let mut union = [0u16; 8];
    depth_first(k, 8, |depth, at| {
        let p = open[at];
        let (before, digits) = if depth == 0 {
            (0, 0)
        } else {
            (set[depth - 1], union[depth - 1])
        };
        set[depth] = before | 1 << p;
        union[depth] = digits | s.cands[usize::from(house[p])];
        if crate::geometry::digits::count(union[depth]) == depth + 2 && !earlier(set[depth]) {
            let cells = ones(set[depth]).map(|p| usize::from(house[p])).collect();
            out.push((cells, union[depth]));
        }
    });
}

/// The ALS of one position and the RCs between them: what ALS-XZ, ALS-XY-Wing and ALS
/// chains all start from. The ladder asks for the three in a row on the same position, so
/// [`super::next`] builds it once (see [`Table::of`]).
pub(super) struct Table {
    alses: Vec<Als>,
    rcs: Vec<Rc>,
    /// The RCs of ALS `i` as their first ALS are `rcs[start[i]..end[i]]`.
    start: Vec<usize>,
    end: Vec<usize>,
}

impl Table {
    pub(super) fn new(s: &State) -> Table {
        let alses = alses(s);
        let (rcs, start, end) = rcs(&alses, &s.cands);
        Table {
            alses,
            rcs,
            start,
            end,
        }
    }

    /// The table of `s`, built on first use.
    pub(super) fn of<'t>(table: &'t mut Option<Table>, s: &State) -> &'t Table {
        table.get_or_insert_with(|| Table::new(s))
    }
}

/// The RCs between ALS `i < j` (no overlap), with each ALS's first and end index in the list.
///
/// `d` is an RC of `a` and `b` (holding it, not overlapping) when every cell of `a` with `d`
/// sees every cell of `b` with `d`: when `b`'s cells with `d` all lie in `a.buddies_per[d]`
/// (then `a`'s lie in `b.buddies_per[d]` as well). So, for each ALS `a` and digit `d`, the
/// ALS that share the RC `d` with it are those holding `d` in as many cells of
/// `a.buddies_per[d]` as they hold it in at all: both counts are kept as bitsets over the
/// ALS's indices, one per bit of the count (a count is at most 8: four bits), and compared
/// for all the ALS of a word at once.
fn rcs(alses: &[Als], cands: &[u16; 81]) -> (Vec<Rc>, Vec<usize>, Vec<usize>) {
    const PLANES: usize = 4;
    let mut out = Vec::new();
    let mut start = vec![0; alses.len()];
    let mut end = vec![0; alses.len()];
    let cells: Vec<u128> = alses.iter().map(|a| a.cells.0).collect();
    let words = alses.len().div_ceil(64);
    // Per candidate (cell `c`, digit `d`): the ALS holding it, as bits over the ALS's indices,
    // at `holding[(9 * c + d - 1) * words..][..words]`.
    let mut holding = vec![0u64; 81 * 9 * words];
    // Per digit `d` and word `w` of the ALS's indices: for each bit `p` of a count, the ALS
    // holding `d` in a number of cells with bit `p` set, at `count[(d - 1) * words + w][p]`.
    let mut count = vec![[0u64; PLANES]; 9 * words];
    for (i, a) in alses.iter().enumerate() {
        let (w, bit) = (i / 64, 1u64 << (i % 64));
        // How many of the ALS's cells hold each digit, bit by bit (bit `d - 1` of `planes[p]`
        // is bit `p` of digit `d`'s count).
        let mut planes = [0u16; PLANES];
        for c in a.cells {
            let mut carry = cands[c];
            for d in ones(carry) {
                holding[(9 * c + d) * words + w] |= bit;
            }
            for plane in &mut planes {
                let next = *plane & carry;
                *plane ^= carry;
                carry = next;
            }
        }
        for (p, &plane) in planes.iter().enumerate() {
            for k in ones(plane) {
                count[k * words + w][p] |= bit;
            }
        }
    }
    // For the ALS at hand, per digit: the ALS sharing that RC with it (bits over the words from
    // the ALS's own on); and the count being summed, per word.
    let mut shared = vec![0u64; 9 * words];
    let mut sum = vec![[0u64; PLANES]; words];
    for (i, a) in alses.iter().enumerate() {
        start[i] = out.len();
        let low = i / 64;
        let span = words - low;
        let mut any = 0u16;
        for d in digits(a.cands) {
            let k = usize::from(d) - 1;
            let reach = a.buddies_per[usize::from(d)];
            if reach.is_empty() {
                continue;
            }
            // How many cells of `reach` each ALS holds `d` in, bit by bit (a carry chain).
            let sum = &mut sum[..span];
            sum.fill([0; PLANES]);
            for c in reach {
                let row = &holding[(9 * c + k) * words + low..][..span];
                for (planes, &h) in sum.iter_mut().zip(row) {
                    let mut carry = h;
                    for plane in planes {
                        let next = *plane & carry;
                        *plane ^= carry;
                        carry = next;
                    }
                }
            }
            let mut found = 0;
            let totals = &count[k * words + low..][..span];
            let shared = &mut shared[k * words..][..span];
            for ((out, total), planes) in shared.iter_mut().zip(totals).zip(&*sum) {
                let mut held = 0;
                let mut differ = 0;
                for (t, p) in total.iter().zip(planes) {
                    held |= t;
                    differ |= t ^ p;
                }
                *out = held & !differ;
                found |= *out;
            }
            if found != 0 {
                any |= bit(d);
            }
        }
        if any == 0 {
            end[i] = out.len();
            continue;
        }
        // Only ALS after `i`.
        let own = u64::MAX >> (63 - i % 64);
        for w in 0..span {
            let mut bits = 0;
            for d in digits(any) {
                bits |= shared[(usize::from(d) - 1) * words + w];
            }
            if w == 0 {
                bits &= !own;
            }
            while bits != 0 {
                let at = bits.trailing_zeros();
                bits &= bits - 1;
                let j = (low + w) * 64 + at as usize;
                if cells[j] & cells[i] != 0 {
                    continue;
                }
                // The RC digits in increasing order: the first, and the last of the others.
                let mut rc = Rc {
                    a1: i,
                    a2: j,
                    c1: 0,
                    c2: 0,
                    actual: 0,
                };
                for d in digits(any) {
                    if shared[(usize::from(d) - 1) * words + w] >> at & 1 != 0 {
                        if rc.c1 == 0 {
                            rc.c1 = d;
                        } else {
                            rc.c2 = d;
                        }
                    }
                }
                out.push(rc);
            }
        }
        end[i] = out.len();
    }
    (out, start, end)
}

/// The candidates common to `a` and `b` except the RC digits `restr` (0 = none) that see
/// every place of their digit in both, digit by digit.
fn eliminations(a: &Als, b: &Als, restr: &[u8], out: &mut Vec<Candidate>) {
    let mut common = a.cands & b.cands;
    for &r in restr {
        if r != 0 {
            common &= !bit(r);
        }
    }
    if common == 0 || !a.buddies.intersects(b.buddies) {
        return;
    }
    for d in digits(common) {
        let k = usize::from(d);
        for c in a.buddies_per[k] & b.buddies_per[k] {
            out.push(Candidate::new(c, d));
        }
    }
}

/// A doubly linked ALS-XZ: `a` without the two RC digits is a locked set.
fn doubly_linked(a: &Als, b: &Als, rc1: u8, rc2: u8, out: &mut Vec<Candidate>) {
    let rest = a.cands & !bit(rc1) & !bit(rc2);
    for d in digits(rest) {
        for c in a.buddies_per[usize::from(d)] - b.cells {
            out.push(Candidate::new(c, d));
        }
    }
}

fn als_text(a: &Als) -> String {
    let cells: Vec<usize> = a.cells.iter().collect();
    format!("{} {{{}}}", compact_cells(&cells), digit_list(a.cands, ""))
}

fn elim_digits(elims: &[Candidate]) -> u16 {
    elims.iter().fold(0, |m, e| m | bit(e.digit))
}

fn rc_digits(rc: &Rc) -> String {
    if rc.c2 == 0 {
        rc.c1.to_string()
    } else {
        format!("{},{}", rc.c1, rc.c2)
    }
}

/// The digits of an RC.
fn rc_mask(rc: &Rc) -> u16 {
    bit(rc.c1) | if rc.c2 == 0 { 0 } else { bit(rc.c2) }
}

fn found(
    technique: Technique,
    parts: &[&Als],
    text: String,
    elims: Vec<Candidate>,
) -> Option<Found> {
    if elims.is_empty() {
        return None;
    }
    let cells = parts.iter().fold(CellSet::default(), |m, a| m | a.cells);
    Some(Found {
        kind: Kind::Other(technique),
        text: Some(text),
        cells: cells.iter().collect(),
        digits: parts.iter().fold(0, |m, a| m | a.cands),
        house: 0,
        elims,
    })
}

/// HoDoKu's ALS-XZ: the first RC with eliminations.
pub(super) fn als_xz(table: &Table) -> Option<Found> {
    let alses = &table.alses;
    for rc in &table.rcs {
        let (a, b) = (&alses[rc.a1], &alses[rc.a2]);
        let mut elims = Vec::new();
        eliminations(a, b, &[rc.c1], &mut elims);
        // HoDoKu's Z: the digits of these eliminations (not shown when a doubly linked pair
        // removes something of its own).
        let mut z = elim_digits(&elims);
        if rc.c2 != 0 {
            let mut second = Vec::new();
            eliminations(a, b, &[rc.c2], &mut second);
            z |= elim_digits(&second);
            elims.extend(second);
            let before = elims.len();
            doubly_linked(a, b, rc.c1, rc.c2, &mut elims);
            doubly_linked(b, a, rc.c1, rc.c2, &mut elims);
            if elims.len() > before {
                z = 0;
            }
        }
        if elims.is_empty() {
            continue;
        }
        let mut text = format!("A={}, B={}, X={}", als_text(a), als_text(b), rc_digits(rc));
        if z != 0 {
            text.push_str(&format!(", Z={}", digit_list(z, ",")));
        }
        return found(Technique::AlsXz, &[a, b], text, elims);
    }
    None
}

/// HoDoKu's ALS-XY-Wing: the first pair of RCs (in list order) joining three ALS whose outer
/// two eliminate something.
pub(super) fn als_xy_wing(table: &Table) -> Option<Found> {
    let (alses, rcs) = (&table.alses, &table.rcs);
    // Only RCs that share an ALS can make a wing: for each ALS, the RCs it is part of, in
    // list order, so that the pairs below come in the same order as a walk over all of them.
    let mut by_als: Vec<Vec<usize>> = vec![Vec::new(); alses.len()];
    for (i, rc) in rcs.iter().enumerate() {
        by_als[rc.a1].push(i);
        by_als[rc.a2].push(i);
    }
    for (i, r1) in rcs.iter().enumerate() {
        let partners = merged(after(&by_als[r1.a1], i), after(&by_als[r1.a2], i));
        for r2 in partners.map(|k| &rcs[k]) {
            if r1.c2 == 0 && r2.c2 == 0 && r1.c1 == r2.c1 {
                continue;
            }
            let three = (r1.a1 == r2.a1 && r1.a2 != r2.a2)
                || (r1.a2 == r2.a1 && r1.a1 != r2.a2)
                || (r1.a1 == r2.a2 && r1.a2 != r2.a1)
                || (r1.a2 == r2.a2 && r1.a1 != r2.a1);
            if !three {
                continue;
            }
            // HoDoKu's tests in its order, the last that matches wins.
            let (mut a, mut b, mut c) = (0, 0, 0);
            if r1.a1 == r2.a1 {
                (c, a, b) = (r1.a1, r1.a2, r2.a2);
            }
            if r1.a1 == r2.a2 {
                (c, a, b) = (r1.a1, r1.a2, r2.a1);
            }
            if r1.a2 == r2.a1 {
                (c, a, b) = (r1.a2, r1.a1, r2.a2);
            }
            if r1.a2 == r2.a2 {
                (c, a, b) = (r1.a2, r1.a1, r2.a1);
            }
            let (a, b, c) = (&alses[a], &alses[b], &alses[c]);
            if a.cells.intersects(b.cells) {
                continue;
            }
            let union = a.cells | b.cells;
            if union == a.cells || union == b.cells {
                continue;
            }
            let mut elims = Vec::new();
            eliminations(a, b, &[r1.c1, r1.c2, r2.c1, r2.c2], &mut elims);
            if elims.is_empty() {
                continue;
            }
            let text = format!(
                "A={}, B={}, C={}, X,Y={}, Z={}",
                als_text(a),
                als_text(b),
                als_text(c),
                // HoDoKu lists the digits of both RCs in increasing order.
                digit_list(rc_mask(r1) | rc_mask(r2), ","),
                digit_list(elim_digits(&elims), ",")
            );
            return found(Technique::AlsXyWing, &[a, b, c], text, elims);
        }
    }
    None
}

/// The part of an increasing list of indices after `i`.
fn after(list: &[usize], i: usize) -> &[usize] {
    &list[list.partition_point(|&k| k <= i)..]
}

/// The union of two increasing lists of indices, increasing (an index in both comes once).
fn merged<'a>(a: &'a [usize], b: &'a [usize]) -> impl Iterator<Item = usize> + 'a {
    let (mut i, mut j) = (0, 0);
    std::iter::from_fn(move || {
        let next = match (a.get(i), b.get(j)) {
            (Some(&x), Some(&y)) if x == y => {
                (i, j) = (i + 1, j + 1);
                x
            }
            (Some(&x), Some(&y)) if x < y => {
                i += 1;
                x
            }
            (_, Some(&y)) => {
                j += 1;
                y
            }
            (Some(&x), None) => {
                i += 1;
                x
            }
            (None, None) => return None,
        };
        Some(next)
    })
}

/// HoDoKu's `RestrictedCommon.checkRC`: whether `rc` may follow `last` in a chain, setting
/// which of its digits the chain uses. (For a `last` that uses both digits HoDoKu passes its
/// first digit twice; kept so, as it decides which chains it finds.)
fn check_rc(rc: &mut Rc, last: Option<&Rc>, first_try: bool) -> bool {
    rc.actual = if rc.c2 == 0 { 1 } else { 3 };
    let Some(last) = last else {
        if rc.c2 != 0 {
            rc.actual = if first_try { 1 } else { 2 };
        }
        return true;
    };
    rc.actual = match last.actual {
        1 => check_rc_digits(last.c1, 0, rc.c1, rc.c2),
        2 => check_rc_digits(last.c2, 0, rc.c1, rc.c2),
        3 => check_rc_digits(last.c1, last.c1, rc.c1, rc.c2),
        _ => rc.actual,
    };
    rc.actual != 0
}

fn check_rc_digits(c11: u8, c12: u8, c21: u8, c22: u8) -> u8 {
    if c12 == 0 {
        if c22 == 0 {
            if c11 == c21 { 0 } else { 1 }
        } else if c11 == c22 {
            1
        } else if c11 == c21 {
            2
        } else {
            3
        }
    } else if c22 == 0 {
        if c11 == c21 || c12 == c21 { 0 } else { 1 }
    } else if (c11 == c21 && c12 == c22) || (c11 == c22 && c12 == c21) {
        0
    } else if c11 == c22 || c12 == c22 {
        1
    } else if c11 == c21 || c12 == c21 {
        2
    } else {
        3
    }
}

/// A chain found: its ALS, RCs and eliminations.
struct ChainStep {
    alses: Vec<usize>,
    rcs: Vec<Rc>,
    elims: Vec<Candidate>,
    cells: usize,
}

struct ChainSearch<'a> {
    alses: &'a [Als],
    rcs: Vec<Rc>,
    start: &'a [usize],
    end: &'a [usize],
    first: usize,
    /// The prune (see [`Reach`]); `None` walks every chain.
    reach: Option<Reach>,
    /// Where the walk on found nothing (see [`Barren`]); `None` walks every chain.
    barren: Option<Barren>,
    /// How many chains with eliminations [`ChainSearch::check`] saw.
    hits: usize,
    chain: Vec<Rc>,
    in_chain: Vec<bool>,
    steps: Vec<ChainStep>,
    by_elims: std::collections::HashMap<Vec<Candidate>, usize>,
}

/// The walks on that found nothing from the current first ALS.
///
/// What a walk on from ALS `x` finds depends on the first ALS and the digit the first RC
/// uses (which the eliminations leave out: one, as the walk tries a two-digit first RC once
/// with each), on `x`, and on the digit the last RC passes on
/// (what [`check_rc`] reads of it: one digit, or HoDoKu's first digit twice), not on the
/// rest of the chain: the RCs lead to larger indices only, so no ALS of the chain so far can
/// come again. Where the walk on found nothing, the same walk finds nothing again, unless it
/// now starts less deep: the walk stops at [`MAX_RC`] RCs, and a chain is checked only from
/// its third RC on. So a walk on is skipped when one from the same ALS with the same digit
/// found nothing at that depth or less, for the same first ALS and first digit, from the
/// depth of two RCs on (every chain then is checked).
///
/// Per first digit (`digit - 1`), ALS and entry (`(digit - 1) * 2 + twice`, [`entry`]), at
/// `(first * n + als) * 18 + entry` for `n` ALS: the generation of the first ALS and the
/// depth at which the walk on found nothing. The generations run on from one search to the
/// next and `seen` is kept (per thread, see [`BARREN_ROOM`]): an entry of an earlier search
/// or first ALS has an older generation, so nothing needs clearing.
struct Barren {
    generation: u32,
    /// The first RC's digit, less one.
    first: usize,
    n: usize,
    seen: Vec<(u32, u8)>,
}

std::thread_local! {
    /// [`Barren::seen`] and the last generation it holds, from one chain search to the next.
    static BARREN_ROOM: std::cell::Cell<(Vec<(u32, u8)>, u32)> =
        const { std::cell::Cell::new((Vec::new(), 0)) };
}

impl Barren {
    /// The room of the last search, with generations free for `n` first ALS.
    fn new(n: usize) -> Barren {
        let (mut seen, mut last) = BARREN_ROOM.take();
        if last.checked_add(n as u32 + 1).is_none() {
            // Generations run out (after millions of searches): start over, cleared.
            seen.clear();
            last = 0;
        }
        if seen.len() < 9 * n * 18 {
            seen.resize(9 * n * 18, (0, 0));
        }
        Barren {
            generation: last,
            first: 0,
            n,
            seen,
        }
    }

    /// Gives the room back for the next search.
    fn keep(self) {
        BARREN_ROOM.set((self.seen, self.generation));
    }
}

/// The entry of [`Barren`] for the walk on after `last`.
fn entry(last: &Rc) -> usize {
    let (digit, twice) = match last.actual {
        2 => (last.c2, 0),
        3 => (last.c1, 1),
        _ => (last.c1, 0),
    };
    usize::from(digit - 1) * 2 + twice
}

impl ChainSearch<'_> {
    fn walk(&mut self, als: usize, last: Option<Rc>) {
        if self.chain.len() >= MAX_RC {
            return;
        }
        let depth = self.chain.len();
        let key = match (&self.barren, &last) {
            (Some(b), Some(last)) if depth >= 2 => {
                let key = (b.first * b.n + als) * 18 + entry(last);
                let (generation, at) = b.seen[key];
                if generation == b.generation && usize::from(at) <= depth {
                    return;
                }
                Some(key)
            }
            _ => None,
        };
        let hits = self.hits;
        self.walk_on(als, last);
        if let (Some(b), Some(key)) = (&mut self.barren, key)
            && self.hits == hits
        {
            b.seen[key] = (b.generation, depth as u8);
        }
    }

    fn walk_on(&mut self, als: usize, last: Option<Rc>) {
        let mut first_try = true;
        let mut i = self.start[als];
        while i < self.end[als] {
            let mut rc = self.rcs[i];
            let ok = check_rc(&mut rc, last.as_ref(), first_try);
            self.rcs[i] = rc;
            if !ok || self.in_chain[rc.a2] {
                i += 1;
                continue;
            }
            self.chain.push(rc);
            self.in_chain[rc.a2] = true;
            if last.is_none()
                && let Some(b) = &mut self.barren
            {
                b.first = usize::from(if rc.actual == 2 { rc.c2 } else { rc.c1 } - 1);
            }
            let (hit, on) = self
                .reach
                .as_ref()
                .map_or((true, true), |r| (r.target(rc.a2), r.onward(rc.a2)));
            if self.chain.len() >= 3 && hit {
                self.check(rc);
            }
            if on {
                self.walk(rc.a2, Some(rc));
            }
            self.in_chain[rc.a2] = false;
            self.chain.pop();
            if last.is_none() {
                if rc.c2 != 0 && first_try {
                    first_try = false;
                    continue;
                }
                first_try = true;
            }
            i += 1;
        }
    }

    fn check(&mut self, rc: Rc) {
        let first = self.chain[0];
        let (mut c1, mut c2) = (first.c1, first.c2);
        if first.actual == 1 {
            c2 = 0;
        } else if first.actual == 2 {
            c1 = 0;
        }
        let (c3, c4) = match rc.actual {
            1 => (rc.c1, 0),
            2 => (rc.c2, 0),
            3 => (rc.c1, rc.c2),
            _ => (0, 0),
        };
        let mut elims = Vec::new();
        eliminations(
            &self.alses[self.first],
            &self.alses[rc.a2],
            &[c1, c2, c3, c4],
            &mut elims,
        );
        if elims.is_empty() {
            return;
        }
        self.hits += 1;
        let mut alses = vec![self.first];
        alses.extend(self.chain.iter().map(|r| r.a2));
        let cells = alses.iter().map(|&a| self.alses[a].cells.len()).sum();
        let step = ChainStep {
            alses,
            rcs: self.chain.clone(),
            elims,
            cells,
        };
        match self.by_elims.get(&step.elims) {
            Some(&k) => {
                if self.steps[k].cells > step.cells {
                    self.steps[k] = step;
                }
            }
            None => {
                self.by_elims.insert(step.elims.clone(), self.steps.len());
                self.steps.push(step);
            }
        }
    }
}

/// What cuts the chain walk short: a chain from ALS `first` eliminates something only where
/// it ends in an ALS sharing a digit with `first` whose outside cells seeing all of the
/// digit in both meet (the test of [`eliminations`] with no RC digit left out, which only
/// removes more), its *targets*. Chains run to ALS of larger index only, so the RCs make a
/// graph without cycles, and a walk on from ALS `x` can end only in the ALS below it (those
/// reached from it along RCs): where none of them is a target, nothing there is found.
///
/// Bitsets over the ALS indices, `words` 64-bit words each (bit `j % 64` of word `j / 64` for
/// ALS `j`).
struct Reach {
    words: usize,
    /// Per candidate (`cell * 9 + digit - 1`): the ALS with the cell in their `buddies_per`.
    seen_by: Vec<u64>,
    /// Per ALS: the ALS reached from it along one or more RCs.
    below: Vec<u64>,
    /// The targets of the current first ALS.
    targets: Vec<u64>,
}

impl Reach {
    fn new(table: &Table) -> Reach {
        let n = table.alses.len();
        let words = n.div_ceil(64);
        let mut seen_by = vec![0u64; 81 * 9 * words];
        for (j, a) in table.alses.iter().enumerate() {
            for d in digits(a.cands) {
                for c in a.buddies_per[usize::from(d)] {
                    seen_by[(c * 9 + usize::from(d) - 1) * words + j / 64] |= 1 << (j % 64);
                }
            }
        }
        let mut below = vec![0u64; n * words];
        // Larger indices first: an RC leads to a larger one, whose row is then complete.
        for x in (0..n).rev() {
            for rc in &table.rcs[table.start[x]..table.end[x]] {
                let y = rc.a2;
                let (low, high) = below.split_at_mut(y * words);
                let row = &mut low[x * words..][..words];
                for (r, &b) in row.iter_mut().zip(&high[..words]) {
                    *r |= b;
                }
                row[y / 64] |= 1 << (y % 64);
            }
        }
        Reach {
            words,
            seen_by,
            below,
            targets: vec![0; words],
        }
    }

    /// Makes `i` the first ALS of the chains.
    fn start(&mut self, table: &Table, i: usize) {
        let words = self.words;
        self.targets.fill(0);
        let a = &table.alses[i];
        for d in digits(a.cands) {
            for c in a.buddies_per[usize::from(d)] {
                let row = &self.seen_by[(c * 9 + usize::from(d) - 1) * words..][..words];
                for (t, &s) in self.targets.iter_mut().zip(row) {
                    *t |= s;
                }
            }
        }
    }

    /// Whether a chain ending in ALS `j` may eliminate something.
    fn target(&self, j: usize) -> bool {
        self.targets[j / 64] & 1 << (j % 64) != 0
    }

    /// Whether a chain going on from ALS `x` may end in a target.
    fn onward(&self, x: usize) -> bool {
        self.below[x * self.words..][..self.words]
            .iter()
            .zip(&self.targets)
            .any(|(&b, &t)| b & t != 0)
    }
}

/// HoDoKu's ALS sort (`AlsComparator`): is `a` before `b`?
fn before(a: &ChainStep, b: &ChainStep) -> bool {
    use std::cmp::Ordering::*;
    match b.elims.len().cmp(&a.elims.len()) {
        Less => return true,
        Greater => return false,
        Equal => {}
    }
    let same = a.elims.iter().all(|e| b.elims.contains(e));
    if !same {
        return index_sum_of(&a.elims) < index_sum_of(&b.elims);
    }
    (a.alses.len(), a.cells) < (b.alses.len(), b.cells)
}

/// HoDoKu's ALS chain: the first of its sort among all chains of four or more ALS.
pub(super) fn als_chain(table: &Table) -> Option<Found> {
    let alses = &table.alses;
    let steps = chain_steps(table, true, true);
    let mut best: Option<&ChainStep> = None;
    for st in &steps {
        if best.is_none_or(|b| before(st, b)) {
            best = Some(st);
        }
    }
    let best = best?;
    let parts: Vec<&Als> = best.alses.iter().map(|&a| &alses[a]).collect();
    let z = digit_list(elim_digits(&best.elims), "");
    let mut text = format!("{z}- {}", als_text(parts[0]));
    for (rc, als) in best.rcs.iter().zip(&parts[1..]) {
        let d = match rc.actual {
            2 => rc.c2.to_string(),
            3 => format!("{}{}", rc.c1, rc.c2),
            _ => rc.c1.to_string(),
        };
        text.push_str(&format!(" -{d}- {}", als_text(als)));
    }
    text.push_str(&format!(" -{z}"));
    found(Technique::AlsXyChain, &parts, text, best.elims.clone())
}

/// Every chain with eliminations (one per set of eliminations, see [`ChainSearch::check`]),
/// in the order found, with the walk cut short by [`Reach`] (`prune`) and by [`Barren`]
/// (`barren`) or not.
fn chain_steps(table: &Table, prune: bool, barren: bool) -> Vec<ChainStep> {
    let alses = &table.alses;
    let mut search = ChainSearch {
        alses,
        // The walk marks which digits of each RC it uses: its own copy.
        rcs: table.rcs.clone(),
        start: &table.start,
        end: &table.end,
        first: 0,
        reach: prune.then(|| Reach::new(table)),
        barren: barren.then(|| Barren::new(alses.len())),
        hits: 0,
        chain: Vec::new(),
        in_chain: vec![false; alses.len()],
        steps: Vec::new(),
        by_elims: std::collections::HashMap::new(),
    };
    for i in 0..alses.len() {
        if let Some(reach) = &mut search.reach {
            reach.start(table, i);
            if !reach.onward(i) {
                continue;
            }
        }
        search.first = i;
        if let Some(b) = &mut search.barren {
            b.generation += 1;
        }
        // (The walk leaves `in_chain` as it found it.)
        search.in_chain[i] = true;
        search.walk(i, None);
        search.in_chain[i] = false;
    }
    if let Some(b) = search.barren.take() {
        b.keep();
    }
    search.steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// Positions to compare on: hard puzzles' starts, and the same with candidates taken out
    /// at random (so that sets and RCs come and go).
    fn positions() -> Vec<State> {
        const PUZZLES: [&str; 3] = [
            "98.7.....7.....6....6.5.....4...3.2...7..9...5..8...1.3..6...9..1.....4.....2..6.",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ".....7.3.......8....3.98617.....47.8..96.23..4.65.....38472.9....1.......6.4.....",
        ];
        let mut seed = crate::testing::XorShift32(0x2545_f491);
        let mut out = Vec::new();
        for puzzle in PUZZLES {
            let s = State::new(&puzzle.parse::<Board>().expect("a puzzle"));
            out.push(s.clone());
            for _ in 0..6 {
                let mut s = s.clone();
                thin(&mut s, &mut seed, 25);
                out.push(s);
            }
        }
        out
    }

    /// Takes up to `times` random candidates (drawn from `seed`) out of `s`, keeping two at
    /// least in each cell, so that no cell runs dry.
    fn thin(s: &mut State, seed: &mut crate::testing::XorShift32, times: usize) {
        for _ in 0..times {
            let r = seed.next_u32();
            let (cell, digit) = ((r % 81) as usize, (r / 81 % 9) as u8 + 1);
            if s.values[cell] == 0 && s.cands[cell].count_ones() > 2 {
                s.del_candidate(cell, digit);
            }
        }
    }

    /// More positions for the ALS list: the puzzles of [`positions`] with up to 60 random
    /// candidates taken out (two kept per cell), so that small sets in every shape show up.
    fn thinned_positions() -> Vec<State> {
        let mut seed = crate::testing::XorShift32(0x1b87_3593);
        let mut out = Vec::new();
        for s in positions().into_iter().step_by(7) {
            for _ in 0..12 {
                let mut s = s.clone();
                thin(&mut s, &mut seed, 60);
                out.push(s);
            }
        }
        out
    }

    /// HoDoKu's depth-first walk over the subsets (at most 8 cells) of a house's unsolved cells.
    fn subsets(
        s: &State,
        cells: &[usize],
        start: usize,
        set: CellSet,
        mask: u16,
        n: usize,
        out: &mut dyn FnMut(CellSet, u16),
    ) {
        let n = n + 1;
        if n > cells.len() - 1 {
            return;
        }
        for i in start..cells.len() {
            let c = cells[i];
            if s.values[c] != 0 {
                continue;
            }
            let mut set = set;
            set.insert(c);
            let mask = mask | s.cands[c];
            if mask.count_ones() as usize == n + 1 {
                out(set, mask);
            }
            subsets(s, cells, i + 1, set, mask, n, out);
        }
    }

    /// The ALS list keeps each set once, in the order a search over every house that drops
    /// the sets seen before gives; the RCs are those a test of every pair finds, in order.
    #[test]
    fn als_and_rcs_match_a_search_over_every_pair() {
        let mut rcs_seen = 0;
        for s in positions().into_iter().chain(thinned_positions()) {
            let mut want: Vec<(CellSet, u16)> = Vec::new();
            let mut seen = std::collections::HashSet::new();
            for house in HOUSE_CELLS.iter() {
                let cells: Vec<usize> = house.iter().map(|&c| usize::from(c)).collect();
                subsets(&s, &cells, 0, CellSet::default(), 0, 0, &mut |set, mask| {
                    if seen.insert(set) {
                        want.push((set, mask));
                    }
                });
            }
            let alses = alses(&s);
            let got: Vec<(CellSet, u16)> = alses.iter().map(|a| (a.cells, a.cands)).collect();
            assert_eq!(got, want);
            let mut want = Vec::new();
            for (i, a) in alses.iter().enumerate() {
                for (j, b) in alses.iter().enumerate().skip(i + 1) {
                    if a.cells.intersects(b.cells) {
                        continue;
                    }
                    let rc: Vec<u8> = digits(a.cands & b.cands)
                        .filter(|&d| {
                            let k = usize::from(d);
                            let places = a.per[k] | b.per[k];
                            let seen = a.buddies_als_per[k] & b.buddies_als_per[k];
                            places & seen == places
                        })
                        .collect();
                    if let Some(&c1) = rc.first() {
                        want.push((i, j, c1, if rc.len() > 1 { rc[rc.len() - 1] } else { 0 }));
                    }
                }
            }
            let (rcs, start, end) = rcs(&alses, &s.cands);
            let got: Vec<(usize, usize, u8, u8)> =
                rcs.iter().map(|r| (r.a1, r.a2, r.c1, r.c2)).collect();
            assert_eq!(got, want);
            for (i, (&from, &to)) in start.iter().zip(&end).enumerate() {
                assert!(rcs[from..to].iter().all(|r| r.a1 == i));
            }
            rcs_seen += rcs.len();
        }
        assert!(rcs_seen > 0, "no RCs compared");
    }

    /// The chain walk cut short by [`Reach`] or [`Barren`] finds the step the whole walk
    /// finds.
    #[test]
    fn chain_prunes_miss_no_chain() {
        let mut found = 0;
        for s in positions()
            .into_iter()
            .chain(super::super::tests::path_states())
        {
            let table = Table::new(&s);
            let list = |steps: Vec<ChainStep>| -> Vec<_> {
                steps
                    .into_iter()
                    .map(|st| {
                        let rcs: Vec<_> = st.rcs.iter().map(|r| (r.a2, r.actual)).collect();
                        (st.alses, rcs, st.elims, st.cells)
                    })
                    .collect()
            };
            let want = list(chain_steps(&table, false, false));
            for (prune, barren) in [(true, false), (false, true), (true, true)] {
                let got = list(chain_steps(&table, prune, barren));
                assert!(got == want, "prune {prune}, barren {barren}");
            }
            found += want.len();
        }
        assert!(found > 0, "no chain compared");
    }

    /// `merged` and `after` give what a filter over every index gives, for lists drawn from
    /// a small generator (the ALS-XY-Wing relies on that order).
    #[test]
    fn merged_lists_come_in_increasing_order_once_each() {
        let mut rng = crate::testing::XorShift32(0x9e37_79b9);
        let mut next = move || rng.next_u32();
        for _ in 0..500 {
            let pick = |next: &mut dyn FnMut() -> u32| -> Vec<usize> {
                (0..40).filter(|_| next().is_multiple_of(3)).collect()
            };
            let (a, b) = (pick(&mut next), pick(&mut next));
            let i = (next() % 45) as usize;
            let got: Vec<usize> = merged(after(&a, i), after(&b, i)).collect();
            let want: Vec<usize> = (i + 1..40)
                .filter(|k| a.contains(k) || b.contains(k))
                .collect();
            assert_eq!(got, want, "a={a:?} b={b:?} i={i}");
        }
    }
}
