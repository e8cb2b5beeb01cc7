//! HoDoKu's forcing chains and forcing nets (its `TablingSolver`), searched its way.
//!
//! For every candidate, on and off, HoDoKu builds a table of what follows from it: for chains
//! only the direct links (a placed digit removes its peers and the cell's other candidates; a
//! removed one forces the other end of a conjugate pair or bivalue cell), for nets the same
//! plus four rounds of the singles that appear in a copy of the grid. Group nodes (two or three
//! cells of a digit where a line meets a box) add their links. Each table is then closed over
//! the tables of its entries, breadth first, at most 1,000 entries. The checks run in a fixed
//! order: each table alone (an assumption that leads to a contradiction is false), the two
//! tables of one candidate (what follows either way is true), then all candidates of a cell
//! and all places of a digit in a house. Of all the steps found, HoDoKu keeps one per effect
//! (the one with the shortest chains, the first found among equals) and takes the first
//! placement by cell, else the first elimination by cell and digit.

use crate::geometry::CellSet;
use crate::geometry::bits::Mask;
use crate::geometry::classic::{CELL_HOUSES, HOUSE_CELLS, PEERS};

use super::State;

/// What a forcing chain or net step does and how HoDoKu names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Forcing {
    /// Places the digit (else removes it).
    pub place: bool,
    pub cell: usize,
    pub digit: u8,
    /// A verity (else a contradiction).
    pub verity: bool,
    /// Where the contradiction shows: 0 cell, 1 row, 2 column, 3 box, and its number.
    pub entity: (u8, usize),
}

/// The largest table HoDoKu keeps.
const MAX_ENTRIES: usize = 1000;
/// Normal nodes: `(cell * 9 + digit - 1) * 2 + on`.
const NORMAL: usize = 81 * 9 * 2;

fn node(cell: usize, digit: u8, on: bool) -> u32 {
    ((cell * 9 + usize::from(digit) - 1) * 2 + usize::from(on)) as u32
}

/// The set bits of `mask`, lowest first. (Tests of one or two bits below clear the lowest
/// instead of counting: the baseline x86-64 target has no popcount, and counts 128 bits by
/// arithmetic.)
fn bits(mask: u128) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(i)
    })
}

/// The (at most nine) nodes of a cell's candidates or a digit's places in a house, and how
/// many, listed without allocating (for [`Tabling::check_list`]).
fn nodes(of: impl Iterator<Item = u32>) -> ([u32; 9], usize) {
    let mut list = [0u32; 9];
    let mut n = 0;
    for p in of {
        list[n] = p;
        n += 1;
    }
    (list, n)
}

/// The houses (bit `h` for house `h`: rows, columns, boxes) holding a cell of `cells`, band
/// by band (three rows of nine cells: 27 bits).
fn houses_of(cells: u128) -> u32 {
    let (mut rows, mut cols, mut boxes) = (0u32, 0u32, 0u32);
    for band in 0..3 {
        let b = (cells >> (27 * band)) as u32;
        let (l0, l1, l2) = (b & 0x1ff, b >> 9 & 0x1ff, b >> 18 & 0x1ff);
        rows |=
            (u32::from(l0 != 0) | u32::from(l1 != 0) << 1 | u32::from(l2 != 0) << 2) << (3 * band);
        let any = l0 | l1 | l2;
        cols |= any;
        boxes |= (u32::from(any & 0x7 != 0)
            | u32::from(any & 0x38 != 0) << 1
            | u32::from(any & 0x1c0 != 0) << 2)
            << (3 * band);
    }
    rows | cols << 9 | boxes << 18
}

fn first(mask: u128) -> usize {
    mask.trailing_zeros() as usize
}

#[derive(Clone, Copy)]
struct GroupNode {
    cells: u128,
    digit: u8,
    /// The row or column (house index 0..18).
    line: usize,
    block: usize,
    buddies: u128,
}

/// Direct implications: the node and the links it takes.
type Entries = Vec<(u32, u16)>;
/// A recorded effect: verity, the length of its chains, where its contradiction shows.
type Effect = (bool, u32, (u8, usize));
/// Adds an entry to a net's table unless it is there.
type Add<'x> = &'x mut dyn FnMut(&mut Entries, usize, u8, bool);

/// A closed table: which normal nodes follow (as cell masks per digit). How far away each
/// is lies in [`Tabling::hops`].
struct Table {
    on: [u128; 10],
    off: [u128; 10],
}

/// The room a search needs, kept from one search to the next (per thread): the tables are
/// large and the lists many, and a path builds them at every forcing step.
#[derive(Default)]
struct Room {
    hops: Vec<u16>,
    direct: Vec<Vec<(u32, u16)>>,
    tables: Vec<Option<Table>>,
    effects: Vec<Option<Effect>>,
    stamp: Vec<u32>,
}

std::thread_local! {
    static ROOM: std::cell::Cell<Option<Box<Room>>> = const { std::cell::Cell::new(None) };
}

struct Tabling<'a> {
    s: &'a State,
    house: [u128; 27],
    peers: [u128; 81],
    cands: [u128; 10],
    allowed: [u128; 10],
    /// Per digit, the houses holding a cell of `allowed`.
    placed: [u32; 10],
    set_cells: u128,
    groups: Vec<GroupNode>,
    /// Direct implications of each node, with the hops each takes (1 for chains).
    direct: Vec<Vec<(u32, u16)>>,
    /// The closed table of each normal node (`None`: not a candidate).
    tables: Vec<Option<Table>>,
    /// Marks of the nodes a closure has met (see [`Tabling::expand`]).
    stamp: Vec<u32>,
    /// Links from the premise `p` of a table to the normal node `e` it reaches, at
    /// `p * NORMAL + e`. Only the nodes a table holds are ever read, so the rest is left as
    /// an earlier search wrote it (no clearing).
    hops: Vec<u16>,
    effects: Vec<Option<Effect>>,
    /// Room for the steps a check finds (with or without placing, cell, digit, length).
    hits: Vec<(bool, usize, u8, u32)>,
}

/// HoDoKu's forcing chain (or with `nets`, forcing net) step, if there is one.
pub(super) fn forcing(s: &State, nets: bool) -> Option<Forcing> {
    let mut room = ROOM.take().unwrap_or_default();
    let mut t = Tabling::new(s, &mut room);
    t.fill(nets);
    t.fill_groups();
    t.expand();
    t.check();
    let pick = t.pick();
    room.hops = std::mem::take(&mut t.hops);
    room.direct = std::mem::take(&mut t.direct);
    room.tables = std::mem::take(&mut t.tables);
    room.effects = std::mem::take(&mut t.effects);
    room.stamp = std::mem::take(&mut t.stamp);
    ROOM.set(Some(room));
    pick
}

impl<'a> Tabling<'a> {
    fn new(s: &'a State, room: &mut Room) -> Tabling<'a> {
        let mut house = [0u128; 27];
        for (h, cells) in HOUSE_CELLS.iter().enumerate() {
            for &c in cells {
                house[h] |= 1 << c;
            }
        }
        let peers: [u128; 81] = std::array::from_fn(|c| PEERS[c].0);
        let mut cands = [0u128; 10];
        for (c, p) in cands[1..].iter_mut().zip(&s.places) {
            *c = p.0;
        }
        let mut set_cells = 0u128;
        for c in 0..81 {
            if s.values[c] != 0 {
                set_cells |= 1 << c;
            }
        }
        let empty = ((1u128 << 81) - 1) & !set_cells;
        let mut allowed = [empty; 10];
        for (&v, &p) in s.values.iter().zip(&peers) {
            if v != 0 {
                allowed[usize::from(v)] &= !p;
            }
        }
        let mut groups = Vec::new();
        for line in 0..18 {
            for d in 1..=9u8 {
                let inl = house[line] & cands[usize::from(d)];
                if inl == 0 {
                    continue;
                }
                // The three boxes the line meets, in increasing order.
                let boxes = if line < 9 {
                    [0, 1, 2].map(|i| line / 3 * 3 + i)
                } else {
                    [0, 3, 6].map(|i| (line - 9) / 3 + i)
                };
                for b in boxes {
                    let g = inl & house[18 + b];
                    if g.several() {
                        let buddies = bits(g).fold(!0u128, |m, c| m & peers[c]);
                        groups.push(GroupNode {
                            cells: g,
                            digit: d,
                            line,
                            block: 18 + b,
                            buddies,
                        });
                    }
                }
            }
        }
        let n = NORMAL + 2 * groups.len();
        let mut hops = std::mem::take(&mut room.hops);
        hops.resize(NORMAL * NORMAL, 0);
        let mut direct = std::mem::take(&mut room.direct);
        direct.truncate(n);
        for list in &mut direct {
            list.clear();
        }
        direct.resize_with(n, Vec::new);
        let mut tables = std::mem::take(&mut room.tables);
        tables.clear();
        tables.resize_with(NORMAL, || None);
        let mut effects = std::mem::take(&mut room.effects);
        effects.clear();
        effects.resize(81 * 9 * 2, None);
        let mut stamp = std::mem::take(&mut room.stamp);
        stamp.clear();
        stamp.resize(n, 0);
        let placed = std::array::from_fn(|d| houses_of(allowed[d]));
        Tabling {
            s,
            house,
            peers,
            cands,
            allowed,
            placed,
            set_cells,
            groups,
            direct,
            tables,
            stamp,
            hops,
            effects,
            hits: Vec::new(),
        }
    }

    fn cell_digits(&self, cell: usize) -> impl Iterator<Item = u8> + '_ {
        (1..=9u8).filter(move |&d| self.s.has(cell, d))
    }

    /// The direct implications of every candidate, on and off.
    fn fill(&mut self, nets: bool) {
        let mut singles = Vec::new();
        for (cell, houses) in CELL_HOUSES.iter().enumerate() {
            if self.s.values[cell] != 0 {
                continue;
            }
            let digits: Vec<u8> = self.cell_digits(cell).collect();
            for &d in &digits {
                let (pon, poff) = (node(cell, d, true) as usize, node(cell, d, false) as usize);
                // The lists (empty, with the room of an earlier search) filled in place.
                let mut on = std::mem::take(&mut self.direct[pon]);
                let mut off = std::mem::take(&mut self.direct[poff]);
                if nets {
                    self.net_entries(cell, d, true, &mut on, &mut singles);
                    self.net_entries(cell, d, false, &mut off, &mut singles);
                    self.direct[pon] = on;
                    self.direct[poff] = off;
                    continue;
                }
                for &k in &digits {
                    if k != d {
                        on.push((node(cell, k, false), 1));
                    }
                }
                if digits.len() == 2 {
                    let k = if digits[0] == d { digits[1] } else { digits[0] };
                    off.push((node(cell, k, true), 1));
                }
                let others = self.cands[usize::from(d)] & !(1u128 << cell);
                let (mut seen_on, mut seen_off) = (0u128, 0u128);
                for &h in houses {
                    let h = usize::from(h);
                    let free = self.s.free[h][usize::from(d)];
                    if free < 2 {
                        continue;
                    }
                    let there = others & self.house[h];
                    if there == 0 {
                        continue;
                    }
                    for x in bits(there & !seen_off) {
                        on.push((node(x, d, false), 1));
                    }
                    seen_off |= there;
                    if free == 2 {
                        let x = first(there);
                        if seen_on & (1 << x) == 0 {
                            seen_on |= 1 << x;
                            off.push((node(x, d, true), 1));
                        }
                    }
                }
                self.direct[pon] = on;
                self.direct[poff] = off;
            }
        }
    }

    /// A net's table: the premise applied to a copy of the grid, then four rounds of all its
    /// singles at once.
    /// `singles` is room for the singles of a round.
    fn net_entries(
        &self,
        cell: usize,
        digit: u8,
        on: bool,
        out: &mut Entries,
        singles: &mut Vec<(usize, u8)>,
    ) {
        let mut copy = self.s.clone();
        let (mut on_set, mut off_set) = ([0u128; 10], [0u128; 10]);
        off_set[usize::from(digit)] |= if on { 0 } else { 1 << cell };
        on_set[usize::from(digit)] |= if on { 1 << cell } else { 0 };
        let mut add = |out: &mut Vec<(u32, u16)>, c: usize, d: u8, set: bool| {
            let sets = if set { &mut on_set } else { &mut off_set };
            if sets[usize::from(d)] & (1 << c) != 0 {
                return;
            }
            sets[usize::from(d)] |= 1 << c;
            out.push((node(c, d, set), 1));
        };
        let set_cell = |copy: &mut State, out: &mut Vec<(u32, u16)>, add: Add, c: usize, d: u8| {
            let now = copy.cands[c];
            // The copy has lost candidates only: its peers holding `d` are among the grid's.
            copy.set_cell_among(c, d, CellSet(self.cands[usize::from(d)]));
            add(out, c, d, true);
            for x in bits(self.cands[usize::from(d)] & self.peers[c] & !(1u128 << c)) {
                add(out, x, d, false);
            }
            for k in 1..=9u8 {
                if k != d && now & (1 << (k - 1)) != 0 {
                    add(out, c, k, false);
                }
            }
        };
        if on {
            set_cell(&mut copy, out, &mut add, cell, digit);
        } else {
            copy.del_candidate(cell, digit);
            if copy.cands[cell].count_ones() == 1 {
                let d = copy.cands[cell].trailing_zeros() as u8 + 1;
                set_cell(&mut copy, out, &mut add, cell, d);
            }
        }
        for _ in 0..4 {
            singles.clear();
            for i in copy.ns.get..copy.ns.put {
                let c = usize::from(copy.ns.cells[i]);
                if copy.values[c] == 0 {
                    singles.push((c, copy.ns.digits[i]));
                }
            }
            let mut found = 0u128;
            for i in copy.hs.get..copy.hs.put {
                let c = usize::from(copy.hs.cells[i]);
                let d = copy.hs.digits[i];
                if copy.values[c] == 0
                    && found & (1 << c) == 0
                    && CELL_HOUSES[c]
                        .iter()
                        .any(|&h| copy.free[usize::from(h)][usize::from(d)] == 1)
                {
                    found |= 1 << c;
                    singles.push((c, d));
                }
            }
            for &(c, d) in singles.iter() {
                set_cell(&mut copy, out, &mut add, c, d);
            }
        }
    }

    /// Group nodes: their own tables, and links to them in the tables of single candidates.
    fn fill_groups(&mut self) {
        let mut of_digit: [Vec<u16>; 10] = Default::default();
        for (j, g) in self.groups.iter().enumerate() {
            of_digit[usize::from(g.digit)].push(j as u16);
        }
        for i in 0..self.groups.len() {
            let g = self.groups[i];
            let d = g.digit;
            let gon = (NORMAL + 2 * i + 1) as u32;
            let goff = (NORMAL + 2 * i) as u32;
            let mut on = std::mem::take(&mut self.direct[gon as usize]);
            let mut off = std::mem::take(&mut self.direct[goff as usize]);
            let t = self.cands[usize::from(d)] & g.buddies;
            if t != 0 {
                for x in bits(t) {
                    on.push((node(x, d, false), 1));
                    self.direct[node(x, d, true) as usize].push((goff, 1));
                }
                for h in [g.block, g.line] {
                    let t1 = t & self.house[h];
                    if t1.exactly_one() {
                        let x = first(t1);
                        off.push((node(x, d, true), 1));
                        self.direct[node(x, d, false) as usize].push((gon, 1));
                    }
                }
            }
            let (mut line1, mut block1) = (None, None);
            let (mut nline, mut nblock) = (0, 0);
            // The other group nodes of the digit, in increasing order.
            for &j in &of_digit[usize::from(d)] {
                let j = usize::from(j);
                let g2 = &self.groups[j];
                if j == i || g.cells & g2.cells != 0 {
                    continue;
                }
                let g2off = (NORMAL + 2 * j) as u32;
                if g.line == g2.line {
                    nline += 1;
                    line1.get_or_insert(j);
                    on.push((g2off, 1));
                }
                if g.block == g2.block {
                    nblock += 1;
                    block1.get_or_insert(j);
                    on.push((g2off, 1));
                }
            }
            for (n, j, h) in [(nline, line1, g.line), (nblock, block1, g.block)] {
                let (1, Some(j)) = (n, j) else { continue };
                let rest =
                    self.house[h] & self.cands[usize::from(d)] & !g.cells & !self.groups[j].cells;
                if rest == 0 {
                    off.push(((NORMAL + 2 * j + 1) as u32, 1));
                }
            }
            self.direct[gon as usize] = on;
            self.direct[goff as usize] = off;
        }
    }

    /// Closes every table of a candidate over the tables of its entries.
    fn expand(&mut self) {
        let mut stamp = std::mem::take(&mut self.stamp);
        let mut round = 0u32;
        let mut list: Vec<(u32, u16)> = Vec::with_capacity(MAX_ENTRIES);
        for cell in 0..81 {
            if self.s.values[cell] != 0 {
                continue;
            }
            for d in 1..=9u8 {
                if !self.s.has(cell, d) {
                    continue;
                }
                for on in [true, false] {
                    let p = node(cell, d, on);
                    round += 1;
                    let mut table = Table {
                        on: [0; 10],
                        off: [0; 10],
                    };
                    let hops = &mut self.hops[p as usize * NORMAL..][..NORMAL];
                    // Each entry goes into the table as it is met.
                    let mut enter = |e: u32, h: u16| {
                        let e = e as usize;
                        if e < NORMAL {
                            let c = e / 18;
                            let k = e - 18 * c;
                            if k & 1 == 1 {
                                table.on[k / 2 + 1] |= 1 << c;
                            } else {
                                table.off[k / 2 + 1] |= 1 << c;
                            }
                            hops[e] = h;
                        }
                    };
                    list.clear();
                    list.push((p, 0));
                    stamp[p as usize] = round;
                    enter(p, 0);
                    let mut j = 0;
                    while j < list.len() && list.len() < MAX_ENTRIES {
                        let (src, base) = list[j];
                        for &(e, h) in &self.direct[src as usize] {
                            if stamp[e as usize] != round && list.len() < MAX_ENTRIES {
                                stamp[e as usize] = round;
                                list.push((e, base + h));
                                enter(e, base + h);
                            }
                        }
                        j += 1;
                    }
                    self.tables[p as usize] = Some(table);
                }
            }
        }
        self.stamp = stamp;
    }

    /// The length of HoDoKu's chain from the premise of `table` to a node.
    fn len(&self, table: u32, cell: usize, digit: u8, on: bool) -> u32 {
        self.tables[table as usize].as_ref().map_or(0, |_| {
            u32::from(self.hops[table as usize * NORMAL + node(cell, digit, on) as usize]) + 1
        })
    }

    /// Records a step. HoDoKu keeps one step per effect and name, the one with the shortest
    /// chains (the first among equals); of a contradiction and a verity with the same effect,
    /// its sort puts the shorter elimination first (the contradiction, found first, among
    /// equals), but leaves placements in the order found: the contradiction.
    fn found(
        &mut self,
        place: bool,
        cell: usize,
        digit: u8,
        verity: bool,
        len: u32,
        ent: (u8, usize),
    ) {
        let key = (cell * 9 + usize::from(digit) - 1) * 2 + usize::from(place);
        match &mut self.effects[key] {
            Some(old) => {
                if old.1 > len && !(place && !old.0 && verity) {
                    *old = (verity, len, ent);
                }
            }
            slot @ None => *slot = Some((verity, len, ent)),
        }
    }

    fn check(&mut self) {
        for i in 0..81 * 9 {
            for on in [true, false] {
                self.check_one((i * 2 + usize::from(on)) as u32);
            }
        }
        for i in 0..81 * 9 {
            self.check_two(i);
        }
        for cell in 0..81 {
            if self.s.values[cell] != 0 {
                continue;
            }
            let (list, n) = nodes(self.cell_digits(cell).map(|d| node(cell, d, true)));
            self.check_list(&list[..n]);
        }
        for base in [0, 9, 18] {
            for h in base..base + 9 {
                for d in 1..=9u8 {
                    let there = self.house[h] & self.cands[usize::from(d)];
                    if there != 0 {
                        let (list, n) = nodes(bits(there).map(|c| node(c, d, true)));
                        self.check_list(&list[..n]);
                    }
                }
            }
        }
    }

    /// One table alone: an assumption that leads to a contradiction is false.
    fn check_one(&mut self, p: u32) {
        let Some(t) = self.tables[p as usize].as_ref() else {
            return;
        };
        let pc = p as usize / 18;
        let pd = ((p as usize / 2) % 9 + 1) as u8;
        let strong = p % 2 == 1;
        let mut hits: Vec<(u32, (u8, usize))> = Vec::new();
        let l = |c: usize, d: usize, on: bool| self.len(p, c, d as u8, on);
        // the premise's own opposite
        let inv = if strong {
            t.off[usize::from(pd)]
        } else {
            t.on[usize::from(pd)]
        };
        if inv & (1 << pc) != 0 {
            hits.push((l(pc, usize::from(pd), !strong), (0, pc)));
        }
        for d in 1..10 {
            let both = t.on[d] & t.off[d];
            if both != 0 {
                let x = first(both);
                hits.push((l(x, d, false) + l(x, d, true), (0, x)));
            }
        }
        // Two digits set in one cell: only where some cell is in two "on" sets.
        let (mut once, mut twice) = (0u128, 0u128);
        for d in 1..10 {
            twice |= once & t.on[d];
            once |= t.on[d];
        }
        if twice != 0 {
            for a in 1..10 {
                for b in a + 1..10 {
                    let both = t.on[a] & t.on[b];
                    if both != 0 {
                        let x = first(both);
                        hits.push((l(x, a, true) + l(x, b, true), (0, x)));
                    }
                }
            }
        }
        // Two places of a digit in a house need two in the table, and two of them peers.
        let several: u16 = (1..10).fold(0, |m, d| {
            let on = t.on[d];
            if on.several() && bits(on).any(|x| on & self.peers[x] != 0) {
                m | 1 << d
            } else {
                m
            }
        });
        for (kind, base) in [(1u8, 0usize), (2, 9), (3, 18)] {
            if several == 0 {
                break;
            }
            for d in 1..10 {
                if several >> d & 1 == 0 {
                    continue;
                }
                for h in base..base + 9 {
                    let twice = self.house[h] & t.on[d];
                    if twice.several() {
                        hits.push((bits(twice).map(|x| l(x, d, true)).sum(), (kind, h - base)));
                    }
                }
            }
        }
        let mut empty = (1u128 << 81) - 1;
        for d in 1..10 {
            empty &= t.off[d] | !self.cands[d];
        }
        for d in 0..10 {
            empty &= !t.on[d];
        }
        empty &= !self.set_cells;
        for x in bits(empty) {
            let len = self
                .cell_digits(x)
                .map(|d| l(x, usize::from(d), false))
                .sum();
            hits.push((len, (0, x)));
        }
        // A house where every place of a digit is off: the houses with a place of it that
        // hold no place left.
        let bare: [u32; 10] = std::array::from_fn(|d| {
            if d == 0 || t.off[d] == 0 {
                0
            } else {
                self.placed[d] & !houses_of(self.allowed[d] & !t.off[d])
            }
        });
        for (kind, base) in [(1u8, 0usize), (2, 9), (3, 18)] {
            for (d, &bare) in bare.iter().enumerate() {
                for h in bits(u128::from(bare >> base & 0x1ff)) {
                    let all = self.house[base + h] & self.allowed[d];
                    hits.push((bits(all).map(|x| l(x, d, false)).sum(), (kind, h)));
                }
            }
        }
        for (len, ent) in hits {
            self.found(!strong, pc, pd, false, len, ent);
        }
    }

    /// The two tables of one candidate: what follows from both is true.
    fn check_two(&mut self, i: usize) {
        let (pon, poff) = ((i * 2 + 1) as u32, (i * 2) as u32);
        let (Some(a), Some(b)) = (
            self.tables[pon as usize].as_ref(),
            self.tables[poff as usize].as_ref(),
        ) else {
            return;
        };
        let cell = i / 9;
        let mut hits = std::mem::take(&mut self.hits);
        for set in [true, false] {
            for d in 1..10 {
                let both = if set {
                    a.on[d] & b.on[d]
                } else {
                    a.off[d] & b.off[d]
                } & !(1u128 << cell);
                for x in bits(both) {
                    let len = self.len(pon, x, d as u8, set) + self.len(poff, x, d as u8, set);
                    hits.push((set, x, d as u8, len));
                }
            }
        }
        self.found_all(hits);
    }

    /// Takes each of a check's `hits` (placing or not, cell, digit, length), then keeps the
    /// list's room for the next check.
    fn found_all(&mut self, mut hits: Vec<(bool, usize, u8, u32)>) {
        for &(set, x, d, len) in &hits {
            self.found(set, x, d, true, len, (0, 0));
        }
        hits.clear();
        self.hits = hits;
    }

    /// All candidates of a cell or all places of a digit in a house: what follows from each
    /// is true.
    fn check_list(&mut self, list: &[u32]) {
        let mut on = [!0u128; 10];
        let mut off = [!0u128; 10];
        for &p in list {
            let Some(t) = self.tables[p as usize].as_ref() else {
                return;
            };
            for d in 1..10 {
                on[d] &= t.on[d];
                off[d] &= t.off[d];
            }
        }
        let mut hits = std::mem::take(&mut self.hits);
        for d in 1..10 {
            for set in [true, false] {
                let m = if set { on[d] } else { off[d] };
                for x in bits(m) {
                    let len = list.iter().map(|&p| self.len(p, x, d as u8, set)).sum();
                    hits.push((set, x, d as u8, len));
                }
            }
        }
        self.found_all(hits);
    }

    /// HoDoKu's pick: the first placement by cell, else the first elimination by cell and
    /// digit.
    fn pick(&self) -> Option<Forcing> {
        let make = |key: usize| {
            self.effects[key].map(|(verity, _, entity)| Forcing {
                place: key % 2 == 1,
                cell: key / 18,
                digit: ((key / 2) % 9 + 1) as u8,
                verity,
                entity,
            })
        };
        (0..81 * 9)
            .find_map(|i| make(i * 2 + 1))
            .or_else(|| (0..81 * 9).find_map(|i| make(i * 2)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `houses_of` (band by band) gives the houses a test of every house finds, on random
    /// sets of cells from sparse to dense.
    #[test]
    fn houses_of_matches_a_test_of_every_house() {
        let mut rng = crate::testing::XorShift64(0x2545_f491_4f6c_dd1d);
        let mut next = move || rng.next_u64();
        for round in 0..2000 {
            let mut cells = u128::from(next()) | u128::from(next()) << 64;
            // Thin out: keep a cell with chance 1/2^k.
            for _ in 0..round % 6 {
                cells &= u128::from(next()) | u128::from(next()) << 64;
            }
            cells &= (1u128 << 81) - 1;
            let mut want = 0u32;
            for (h, house) in HOUSE_CELLS.iter().enumerate() {
                if house.iter().any(|&c| cells >> c & 1 != 0) {
                    want |= 1 << h;
                }
            }
            assert_eq!(houses_of(cells), want, "{cells:#x}");
        }
    }
}
