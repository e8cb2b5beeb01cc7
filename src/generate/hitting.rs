//! An exact search, on one grid, for a minimal puzzle with few givens: the sets of groups
//! that meet every unavoidable set.
//!
//! A puzzle with solution `S` is unique exactly when its givens meet every unavoidable set
//! of `S` (a set of cells where some other grid differs from `S`). So the puzzles with at
//! most `max` givens are among the sets of at most `max` givens that meet the unavoidable
//! sets known so far, and those are enumerated as the classic hitting-set search does:
//!
//! - take the known set not yet met with the fewest groups still allowed (near the
//!   leaves, just the first one), and branch on each of its groups in turn; a group tried
//!   and left is not allowed in the branches after it, so no set of givens is visited
//!   twice;
//! - stop a branch when some set not yet met has no allowed group, or (away from the
//!   leaves) when sets not met that share no group already need more givens than the
//!   count allows (each needs one of its own);
//! - when every known set is met, check the puzzle: another solution gives a new
//!   unavoidable set (the cells where it differs), which the search then has to meet too;
//!   one solution is a puzzle found.
//!
//! The search is complete for the grid (within the [`WORDS`] limit on known sets): when it
//! ends without a puzzle, the grid has none with that many givens (for the symmetry), and
//! the caller moves on to another grid. Groups are searched in a random order, so the
//! puzzle found is not biased toward the top rows. This reaches counts that removal and
//! local moves rarely do (20 givens with 180° symmetry, where fewer than one grid in a
//! hundred has a puzzle), at about 13 ms a grid.
//!
//! Two things keep a grid cheap. A failed check's difference is reduced to the minimal
//! unavoidable sets inside it by listing the solutions of the grid with it emptied
//! ([`minimal_inside`]), rather than by one check per cell. And near the leaves, where
//! most nodes are, the search does as little as it can: it branches on the first set not
//! met, and the last group is the intersection of the sets not met.

use std::ops::ControlFlow;

use crate::board::CELLS;

use super::Budget;
use super::grid::random_grid;
use super::random::Stream;
use super::reduce::{
    Work, add_unavoidable, differences, digit_pair_unavoidables, digit_unavoidables, emptied,
    minimal_inside, other_solution, small_unavoidables,
};
use super::search::CYCLE;
use super::symmetry::Orbits;

type Cells = [u8; CELLS];

/// A set of slots (groups in the search's order), bit `i` for slot `i`.
type Slots = u64;

/// The most groups a symmetry may have for this search (bits of [`Slots`]): every symmetry
/// but none, which is left to the local search.
pub(super) const MAX_SLOTS: usize = Slots::BITS as usize;

/// A known unavoidable set: its slots and how many.
type Set = (Slots, u32);

/// Words of a set of known sets (bit `i` for the `i`th): at most 8,192 sets are kept for
/// a grid. A grid that needs more is given up (the caller draws another), so the search is
/// complete for a grid only within that limit; searches for 20 givens with 180° symmetry
/// were measured at up to about 2,300 sets, and one for 21 with diagonal symmetry, started
/// from fewer sets than the generator gives it, passed 4,096.
const WORDS: usize = 128;

/// A set of known sets, bit `i` for the `i`th.
type Bits = [u64; WORDS];

/// What a node's scan of the sets not met finds.
enum Scan {
    /// No puzzle below: a set has no allowed group left, or the sets need more givens
    /// than the count allows.
    Prune,
    /// Every known set is met: the puzzle is to be checked.
    Met,
    /// The allowed groups of the set not met to branch on: the one with fewest of them
    /// when the sets are scanned, the first one near the leaves.
    Branch(Slots),
}

/// The search on one grid. Groups are renumbered in a random order: slot `i` is one group
/// of the symmetry.
struct Search<'a> {
    solution: &'a Cells,
    /// The cells of the group in each slot, bit `c` for cell `c`.
    cells: Vec<u128>,
    /// The number of cells of the group in each slot.
    len: Vec<usize>,
    /// The slot of each cell's group.
    slot_of: [u8; CELLS],
    /// The group sizes that occur, smallest first, each with its slots.
    sizes: Vec<(usize, Slots)>,
    /// `room[n]`: the most groups that fit in `n` more cells.
    room: [u8; CELLS + 1],
    /// The known unavoidable sets, in the order found.
    sets: Vec<Set>,
    /// For each slot, the sets holding it (bit `i` for `sets[i]`).
    contains: Vec<Bits>,
    /// The fewest and most givens wanted.
    min: usize,
    max: usize,
    /// The room (in groups) at or below which a node branches on the first set not met
    /// ([`NEAR_LEAVES`]).
    near_leaves: u8,
    found: Option<Cells>,
}

impl Search<'_> {
    /// The slots of the groups holding the cells of `cells`.
    fn slots(&self, cells: u128) -> Slots {
        let mut out = 0;
        let mut rest = cells;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out |= 1 << self.slot_of[c];
        }
        out
    }

    /// Adds an unavoidable set (of slots), unless it holds a known one; false when the list
    /// is full. The list only grows: nodes of the search keep positions in it.
    fn add(&mut self, set: Slots) -> bool {
        if self.sets.iter().any(|&(s, _)| s & !set == 0) {
            return true;
        }
        let i = self.sets.len();
        if i == WORDS * 64 {
            return false;
        }
        self.sets.push((set, set.count_ones()));
        let mut rest = set;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.contains[s][i / 64] |= 1 << (i % 64);
        }
        true
    }

    /// The fewest cells of a group among `slots` (not empty).
    fn fewest_cells(&self, slots: Slots) -> usize {
        self.sizes
            .iter()
            .find(|&&(_, of)| of & slots != 0)
            .map_or(1, |&(n, _)| n)
    }

    /// The puzzle holding the groups of `chosen`.
    fn puzzle(&self, chosen: Slots) -> Cells {
        let mut p = [0u8; CELLS];
        let mut rest = chosen;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut cells = self.cells[s];
            while cells != 0 {
                let c = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                p[c] = self.solution[c];
            }
        }
        p
    }

    /// Scans the sets marked in `unhit` (see [`Scan`]). The lower bound on the givens still
    /// needed: sets not met with no allowed group in common (taken in list order) each need
    /// a group of their own.
    fn scan(&self, unhit: &Bits, count: usize, banned: Slots) -> Scan {
        let mut branch = None;
        let mut fewest = u32::MAX;
        let mut used: Slots = 0;
        let mut need = count;
        for (w, &word) in unhit.iter().enumerate().take(self.words()) {
            let mut bits = word;
            while bits != 0 {
                let (set, size) = self.sets[64 * w + bits.trailing_zeros() as usize];
                bits &= bits - 1;
                let open = set & !banned;
                let n = if open == set { size } else { open.count_ones() };
                if n == 0 {
                    return Scan::Prune;
                }
                if open & used == 0 {
                    used |= open;
                    need += self.fewest_cells(open);
                    if need > self.max {
                        return Scan::Prune;
                    }
                }
                if n < fewest {
                    fewest = n;
                    branch = Some(open);
                }
            }
        }
        match branch {
            None => Scan::Met,
            Some(open) => Scan::Branch(open),
        }
    }

    /// Whether no group of `chosen` can go with the puzzle staying unique (each removal is
    /// answered by a known set left empty, or by a check that adds one).
    fn is_minimal(&mut self, chosen: Slots, budget: &mut Budget<'_>) -> bool {
        let mut rest = chosen;
        while rest != 0 {
            let s = rest.trailing_zeros();
            rest &= rest - 1;
            let without = chosen & !(1 << s);
            if self.sets.iter().any(|&(set, _)| set & without == 0) {
                continue;
            }
            if !budget.take() {
                return false;
            }
            budget.work.checks += 1;
            match other_solution(&self.puzzle(without), self.solution) {
                Some(other) => {
                    let set = self.slots(differences(&other, self.solution));
                    // Not needed for progress: a full list only loses this set's pruning.
                    let _ = self.add(set);
                }
                None => return false,
            }
        }
        true
    }

    /// Checks the puzzle of the groups `chosen` (`count` cells), which meets every known
    /// set: `Break` when it is a puzzle as wanted (then in `found`), when the budget runs
    /// out, or when the set list is full (the grid is given up); else the new unavoidable
    /// set its other solution gives, if it has one.
    fn check(
        &mut self,
        chosen: Slots,
        count: usize,
        budget: &mut Budget<'_>,
    ) -> ControlFlow<(), Option<Slots>> {
        if !budget.take() {
            return ControlFlow::Break(());
        }
        budget.work.checks += 1;
        let puzzle = self.puzzle(chosen);
        match other_solution(&puzzle, self.solution) {
            Some(other) => {
                let d = differences(&other, self.solution);
                budget.work.checks += 1;
                let set = match minimal_inside(self.solution, d, MAX_INSIDE) {
                    // The one over fewest groups prunes most.
                    Some(inside) => inside
                        .iter()
                        .map(|&c| self.slots(c))
                        .min_by_key(|s| s.count_ones()),
                    None => None,
                }
                .unwrap_or_else(|| self.slots(shrink(self.solution, d, &mut budget.work)));
                if !self.add(set) {
                    // No room for more sets: this grid is given up.
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(Some(set))
            }
            None => {
                if count >= self.min && self.is_minimal(chosen, budget) {
                    self.found = Some(puzzle);
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(None)
            }
        }
    }

    /// The puzzles `chosen` plus one group of `every` (each meeting every known set not
    /// met by `chosen`), each checked; a set found by a check rules out the groups of
    /// `every` not in it.
    fn last_group(
        &mut self,
        chosen: Slots,
        count: usize,
        every: Slots,
        budget: &mut Budget<'_>,
    ) -> ControlFlow<()> {
        let mut rest = every;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            // Too many givens, or too few to be taken (its check could only teach a set).
            if !(self.min..=self.max).contains(&(count + self.len[s])) {
                continue;
            }
            if let Some(set) = self.check(chosen | 1 << s, count + self.len[s], budget)? {
                rest &= set;
            }
        }
        ControlFlow::Continue(())
    }

    /// Marks in `unhit` the sets found since `seen` that `chosen` does not meet.
    fn refresh(&self, unhit: &mut Bits, seen: &mut usize, chosen: Slots) {
        for (i, &(set, _)) in self.sets.iter().enumerate().skip(*seen) {
            if set & chosen == 0 {
                unhit[i / 64] |= 1 << (i % 64);
            }
        }
        *seen = self.sets.len();
    }

    /// Words of a [`Bits`] in use.
    fn words(&self) -> usize {
        self.sets.len().div_ceil(64)
    }

    /// Searches the sets of givens holding `chosen` (`count` cells) and no group of
    /// `banned`, with room for several more groups. `unhit` marks the known sets `chosen`
    /// does not meet among the first `seen`. `Break` when a puzzle is found, the budget
    /// runs out or the set list is full.
    fn search(
        &mut self,
        node: Node,
        unhit: &mut Bits,
        mut seen: usize,
        budget: &mut Budget<'_>,
    ) -> ControlFlow<()> {
        let (chosen, count, banned) = (node.chosen, node.count, node.banned);
        loop {
            self.refresh(unhit, &mut seen, chosen);
            // Near the leaves the first set not met is branched on as it is.
            let scan = if self.room[self.max - count] <= self.near_leaves {
                match unhit[..self.words()].iter().position(|&w| w != 0) {
                    None => Scan::Met,
                    Some(w) => {
                        let open =
                            self.sets[64 * w + unhit[w].trailing_zeros() as usize].0 & !banned;
                        if open == 0 {
                            Scan::Prune
                        } else {
                            Scan::Branch(open)
                        }
                    }
                }
            } else {
                self.scan(unhit, count, banned)
            };
            let open = match scan {
                Scan::Prune => return ControlFlow::Continue(()),
                Scan::Met => match self.check(chosen, count, budget)? {
                    Some(_) => continue,
                    None => return ControlFlow::Continue(()),
                },
                Scan::Branch(open) => open,
            };
            let mut banned = banned;
            let mut rest = open;
            while rest != 0 {
                let s = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let more = count + self.len[s];
                if more <= self.max {
                    self.refresh(unhit, &mut seen, chosen);
                    let child = chosen | 1 << s;
                    if self.room[self.max - more] <= 1 {
                        let node = Node {
                            chosen: child,
                            count: more,
                            banned,
                        };
                        self.last(node, unhit, s, seen, budget)?;
                    } else {
                        // The child's sets not met: ours without those holding `s`.
                        let mut theirs = [0; WORDS];
                        for (w, word) in theirs.iter_mut().enumerate().take(self.words()) {
                            *word = unhit[w] & !self.contains[s][w];
                        }
                        let node = Node {
                            chosen: child,
                            count: more,
                            banned,
                        };
                        self.search(node, &mut theirs, seen, budget)?;
                    }
                }
                banned |= 1 << s;
            }
            return ControlFlow::Continue(());
        }
    }

    /// [`Search::search`] with room for one more group only: it must be in every set not
    /// met, so the groups tried are those of their intersection. The sets not met among
    /// the first `seen` are those of `unhit` without those holding slot `added` (the
    /// parent's sets not met, and the group it added), which saves writing them out: most
    /// nodes of the search are here.
    fn last(
        &mut self,
        node: Node,
        unhit: &Bits,
        added: usize,
        seen: usize,
        budget: &mut Budget<'_>,
    ) -> ControlFlow<()> {
        let (chosen, count, banned) = (node.chosen, node.count, node.banned);
        loop {
            // `seen` is the whole list here (the parent refreshed `unhit` just before).
            let words = seen.div_ceil(64);
            let minus = &self.contains[added];
            // The allowed groups in every set not met (the intersection, given up once
            // empty, which is most often after two or three sets).
            let mut every = !banned;
            let mut none_unmet = true;
            'sets: for (w, (&word, &holding)) in unhit[..words].iter().zip(minus).enumerate() {
                let mut bits = word & !holding;
                while bits != 0 {
                    none_unmet = false;
                    every &= self.sets[64 * w + bits.trailing_zeros() as usize].0;
                    if every == 0 {
                        break 'sets;
                    }
                    bits &= bits - 1;
                }
            }
            // The sets found since `seen`, which `unhit` does not cover.
            for &(set, _) in &self.sets[seen..] {
                if set & chosen == 0 {
                    none_unmet = false;
                    every &= set;
                    if every == 0 {
                        break;
                    }
                }
            }
            if none_unmet {
                // Every known set is met: check the puzzle.
                match self.check(chosen, count, budget)? {
                    Some(_) => continue,
                    None => return ControlFlow::Continue(()),
                }
            }
            return self.last_group(chosen, count, every, budget);
        }
    }
}

/// A node of [`Search::search`]: the groups chosen (`count` cells in all), and the groups
/// banned below it (tried by an earlier sibling).
#[derive(Debug, Clone, Copy)]
struct Node {
    chosen: Slots,
    count: usize,
    banned: Slots,
}

/// Solutions [`minimal_inside`] lists before the search leaves a set to [`shrink`]. Measured
/// on the sets failed checks give (20 givens, 180° symmetry): a median of 7 solutions,
/// 92% at most 64, the most a few tens of thousands. One listing replaces [`shrink`]'s
/// check per cell, and finds every minimal set rather than one: the search takes the one
/// over fewest groups.
const MAX_INSIDE: usize = 64;

/// A minimal unavoidable set of `solution` inside `set` (one): each cell in turn is given
/// back, and while the grid with the set's other cells empty still has another solution,
/// the set becomes the cells where that solution differs.
fn shrink(solution: &Cells, mut set: u128, work: &mut Work) -> u128 {
    let mut tried = 0u128;
    loop {
        let rest = set & !tried;
        if rest == 0 {
            return set;
        }
        let c = rest.trailing_zeros();
        tried |= 1 << c;
        work.checks += 1;
        if let Some(other) = other_solution(&emptied(solution, set & !(1 << c)), solution) {
            set = differences(&other, solution);
        }
    }
}

/// A puzzle with solution `solution`, its givens whole groups of `orbits` (at most
/// [`MAX_SLOTS`] groups), minimal, with between `min` and `max` givens;
/// `None` when the grid has none or `budget` runs out. `unavoidable` holds known unavoidable
/// sets of `solution` (cells).
pub(super) fn puzzle_of_size(
    rng: &mut Stream,
    solution: &Cells,
    orbits: &Orbits,
    unavoidable: &[u128],
    min: usize,
    max: usize,
    budget: &mut Budget<'_>,
) -> Option<Cells> {
    let sizes = min..=max;
    search_grid(
        rng,
        solution,
        orbits,
        unavoidable,
        sizes,
        NEAR_LEAVES,
        budget,
    )
}

/// Room (in groups) at or below which a node branches on the first set not met rather
/// than scanning for the smallest with the packing bound: those scans cost more than they
/// save there (measured at 20 givens with 180° symmetry, where most nodes have room for
/// two or three groups).
const NEAR_LEAVES: u8 = 3;

/// [`puzzle_of_size`] for the clue counts `sizes`, with nodes that have room for at most
/// `near_leaves` groups branching on the first set not met (tests compare it with 0).
fn search_grid(
    rng: &mut Stream,
    solution: &Cells,
    orbits: &Orbits,
    unavoidable: &[u128],
    sizes: std::ops::RangeInclusive<usize>,
    near_leaves: u8,
    budget: &mut Budget<'_>,
) -> Option<Cells> {
    let (min, max) = sizes.into_inner();
    let groups = orbits.groups();
    assert!(
        groups.len() <= MAX_SLOTS,
        "too many groups for the hitting-set search"
    );
    let mut order: Vec<usize> = (0..groups.len()).collect();
    rng.shuffle(&mut order);
    let mut search = Search {
        solution,
        cells: Vec::with_capacity(order.len()),
        len: Vec::with_capacity(order.len()),
        slot_of: [0; CELLS],
        sizes: Vec::new(),
        room: [0; CELLS + 1],
        sets: Vec::new(),
        contains: vec![[0; WORDS]; order.len()],
        min,
        max: max.min(CELLS),
        near_leaves,
        found: None,
    };
    for (slot, &g) in order.iter().enumerate() {
        let group = &groups[g];
        search
            .cells
            .push(group.cells().fold(0u128, |m, c| m | 1 << c));
        search.len.push(group.len());
        for c in group.cells() {
            search.slot_of[c] = slot as u8;
        }
        match search.sizes.iter_mut().find(|(n, _)| *n == group.len()) {
            Some((_, of)) => *of |= 1 << slot,
            None => search.sizes.push((group.len(), 1 << slot)),
        }
    }
    search.sizes.sort_unstable();
    let banned = unusable(&search.len, min, search.max);
    let mut lens: Vec<usize> = (0..order.len())
        .filter(|&s| banned >> s & 1 == 0)
        .map(|s| search.len[s])
        .collect();
    lens.sort_unstable();
    for (n, room) in search.room.iter_mut().enumerate() {
        let mut total = 0;
        for &len in &lens {
            total += len;
            if total > n {
                break;
            }
            *room += 1;
        }
    }
    let mut slots: Vec<Slots> = unavoidable.iter().map(|&set| search.slots(set)).collect();
    slots.sort_by_key(|s| s.count_ones());
    for set in slots {
        // The starting sets only prune; a full list (never seen) would do without some.
        let _ = search.add(set);
    }
    let mut unhit = [0; WORDS];
    let root = Node {
        chosen: 0,
        count: 0,
        banned,
    };
    let _ = search.search(root, &mut unhit, 0, budget);
    search.found
}

/// The slots (groups with `len` cells each) that no set of groups with `min..=max` cells
/// in all can hold, such as the centre with 180° symmetry and an even count.
fn unusable(len: &[usize], min: usize, max: usize) -> Slots {
    let mut out = 0;
    for (s, &own) in len.iter().enumerate() {
        // Totals of the other groups, bit `t` for `t` cells.
        let mut sums: u128 = 1;
        for (o, &l) in len.iter().enumerate() {
            if o != s {
                sums |= sums << l;
            }
        }
        if !(min..=max).any(|n| n >= own && sums >> (n - own) & 1 == 1) {
            out |= 1 << s;
        }
    }
    out
}

/// How crowded a grid is with small unavoidable sets, for `orbits`: each set spanning one
/// or two groups scores 1000, three groups 2, four groups 1. Measured on 8,000 random grids
/// for 20 givens with 180° symmetry, no grid with a set over two groups had such a puzzle,
/// and the least crowded twentieth of the grids held a quarter of those that did.
fn crowding(orbits: &Orbits, sets: &[u128]) -> usize {
    let mut spans: Vec<u128> = sets
        .iter()
        .map(|&set| {
            let mut groups = 0u128;
            let mut rest = set;
            while rest != 0 {
                groups |= 1 << orbits.group_of(rest.trailing_zeros() as usize);
                rest &= rest - 1;
            }
            groups
        })
        .collect();
    spans.sort_unstable();
    spans.dedup();
    spans
        .iter()
        .map(|g| match g.count_ones() {
            1 | 2 => 1000,
            3 => 2,
            4 => 1,
            _ => 0,
        })
        .sum()
}

/// Random grids drawn for each one searched (the least crowded of them).
const DRAWN: usize = 20;

/// A minimal puzzle of `orbits` with `min..=max` givens, and its solution;
/// `None` when `budget` runs out. Of every [`DRAWN`] random grids, the least crowded with
/// small unavoidable sets ([`crowding`]) is searched, as the likeliest to have a puzzle with
/// few givens; drawing a grid and reading its small sets takes microseconds, the search
/// tens of milliseconds.
pub(super) fn sparse_puzzle(
    rng: &mut Stream,
    orbits: &Orbits,
    min: usize,
    max: usize,
    budget: &mut Budget<'_>,
) -> Option<(Cells, Cells)> {
    loop {
        // The least crowded of DRAWN grids (the first of equals).
        let mut best = (usize::MAX, [0; CELLS], Vec::new());
        for _ in 0..DRAWN {
            if !budget.take() {
                return None;
            }
            let grid = *random_grid(rng).cells();
            let mut sets = small_unavoidables(&grid, CYCLE);
            sets.extend(digit_pair_unavoidables(&grid));
            let score = crowding(orbits, &sets);
            if score < best.0 {
                best = (score, grid, sets);
            }
        }
        let (_, grid, mut sets) = best;
        for set in digit_unavoidables(&grid, 3) {
            add_unavoidable(&mut sets, set);
        }
        if let Some(puzzle) = puzzle_of_size(rng, &grid, orbits, &sets, min, max, budget) {
            return Some((puzzle, grid));
        }
        if budget.spent() {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::generate::{Generator, Limits, Options, Symmetry, SymmetryChoice};
    use crate::solver::count_solutions;

    fn solutions(cells: &Cells) -> u64 {
        count_solutions(&Board::from_valid_cells(*cells), 2)
    }

    /// The first `n` solved grids of the generator seeded with `seed`, numbered.
    fn solved_grids(seed: u64, n: usize) -> impl Iterator<Item = (usize, Cells)> {
        let maker = Generator::new(seed, Options::default()).unwrap();
        (0..n).map(move |i| (i, *maker.solved(i as u64).cells()))
    }

    /// The cells of `grid` holding digits 1 to `up_to`.
    fn cells_of_digits(grid: &Cells, up_to: u8) -> u128 {
        (0..CELLS).fold(0u128, |m, c| m | u128::from(grid[c] <= up_to) << c)
    }

    /// Asserts that `set` is an unavoidable set of `grid` (emptied, the grid has another
    /// solution) and minimal (any one cell given back leaves one solution).
    fn assert_minimal_unavoidable(grid: &Cells, set: u128, what: &str) {
        assert_eq!(
            solutions(&emptied(grid, set)),
            2,
            "{what}: {set:b} avoidable"
        );
        let mut rest = set;
        while rest != 0 {
            let c = rest.trailing_zeros();
            rest &= rest - 1;
            assert_eq!(
                solutions(&emptied(grid, set & !(1 << c))),
                1,
                "{what}: not minimal"
            );
        }
    }

    #[test]
    fn sets_read_off_the_grid_are_unavoidable_and_shrink_to_minimal() {
        for (i, grid) in solved_grids(5, 20) {
            let pairs = digit_pair_unavoidables(&grid);
            let triples = digit_unavoidables(&grid, 3);
            assert!(!pairs.is_empty() && !triples.is_empty());
            // Two digits' parts and the sets from all solutions of three digits' cells are
            // unavoidable and minimal.
            for &set in pairs.iter().chain(&triples) {
                assert_minimal_unavoidable(&grid, set, &format!("grid {i}"));
            }
            // The whole of two digits' cells is unavoidable (swap them); shrunk, minimal.
            let mut work = Work::default();
            let two = cells_of_digits(&grid, 2);
            let small = shrink(&grid, two, &mut work);
            assert_eq!(small & !two, 0);
            assert_minimal_unavoidable(&grid, small, &format!("grid {i}, shrunk"));
        }
    }

    #[test]
    fn minimal_inside_lists_every_minimal_set_inside() {
        let mut work = Work::default();
        let mut listed = 0;
        for (i, grid) in solved_grids(8, 20) {
            let (two, three) = (cells_of_digits(&grid, 2), cells_of_digits(&grid, 3));
            // Against the sets read off the digits: two digits' parts come from another
            // method (connected cells); three digits' from the same listing, per digit
            // triple, so that comparison checks the filtering to `set` and the dedup.
            let pairs: Vec<u128> = digit_pair_unavoidables(&grid)
                .into_iter()
                .filter(|&s| s & !two == 0)
                .collect();
            let triples: Vec<u128> = digit_unavoidables(&grid, 3)
                .into_iter()
                .filter(|&s| s & !three == 0)
                .collect();
            for (set, expected) in [(two, pairs), (three, triples)] {
                // Two digits' cells have at most 2^4 solutions (parts of 4 cells or more).
                let Some(mut inside) = minimal_inside(&grid, set, MAX_INSIDE) else {
                    assert_ne!(set, two, "grid {i}");
                    continue;
                };
                listed += 1;
                for &small in &inside {
                    assert_eq!(small & !set, 0, "grid {i}: not inside");
                    assert_minimal_unavoidable(&grid, small, &format!("grid {i}"));
                }
                // The one shrinking finds is among them.
                assert!(inside.contains(&shrink(&grid, set, &mut work)), "grid {i}");
                let mut expected = expected;
                inside.sort_unstable();
                expected.sort_unstable();
                assert_eq!(inside, expected, "grid {i}");
            }
        }
        assert!(
            listed > 30,
            "three digits' cells listed {} times",
            listed - 20
        );
    }

    /// What the search finds on `grid` for `min..=max` givens, slots in `seed`'s order.
    fn search_once(
        sym: Symmetry,
        grid: &Cells,
        min: usize,
        max: usize,
        seed: u64,
    ) -> Option<Cells> {
        let maker = Generator::new(seed, Options::default()).unwrap();
        let mut budget = Budget::new(&Limits::default());
        let sets = small_unavoidables(grid, CYCLE);
        let orbits = sym.orbits();
        let mut rng = maker.stream(0);
        puzzle_of_size(&mut rng, grid, orbits, &sets, min, max, &mut budget)
    }

    #[test]
    fn whether_a_grid_has_a_puzzle_does_not_depend_on_the_search_order() {
        // The search is complete for a grid: two orders of the groups agree on whether a
        // puzzle of the count exists (21 givens with 180° symmetry: some grids do, some not).
        let (mut some, mut none) = (0, 0);
        for (i, grid) in solved_grids(4, 24) {
            let a = search_once(Symmetry::Rot180, &grid, 21, 21, 1);
            let b = search_once(Symmetry::Rot180, &grid, 21, 21, 2);
            assert_eq!(a.is_some(), b.is_some(), "grid {i}");
            if a.is_some() {
                some += 1;
            } else {
                none += 1;
            }
        }
        assert!(some > 0 && none > 0, "{some} grids with, {none} without");
    }

    #[test]
    fn branching_near_the_leaves_finds_what_the_full_scan_does() {
        // The cheap branching near the leaves against the scan at every node, on the same
        // grids and group order, for symmetries and counts where some grids have a
        // puzzle and some not.
        let maker = Generator::new(9, Options::default()).unwrap();
        for (sym, count) in [(Symmetry::Rot180, 21), (Symmetry::Mirror, 21)] {
            let (mut some, mut none) = (0, 0);
            for (i, grid) in solved_grids(9, 16) {
                let sets = small_unavoidables(&grid, CYCLE);
                let found = [NEAR_LEAVES, 0].map(|near| {
                    let mut budget = Budget::new(&Limits::default());
                    let mut rng = maker.stream(i as u64);
                    search_grid(
                        &mut rng,
                        &grid,
                        sym.orbits(),
                        &sets,
                        count..=count,
                        near,
                        &mut budget,
                    )
                });
                assert_eq!(found[0].is_some(), found[1].is_some(), "{sym:?} grid {i}");
                if found[0].is_some() {
                    some += 1;
                } else {
                    none += 1;
                }
            }
            assert!(
                some > 0 && none > 0,
                "{sym:?}: {some} grids with, {none} without"
            );
        }
    }

    #[test]
    fn sets_with_many_solutions_inside_are_left_to_shrinking() {
        // Four digits' cells mostly hold more solutions than are listed: then `None`, and
        // shrinking still finds a minimal set inside.
        let mut work = Work::default();
        let mut left = 0;
        for (i, grid) in solved_grids(10, 10) {
            let four = cells_of_digits(&grid, 4);
            if minimal_inside(&grid, four, MAX_INSIDE).is_none() {
                left += 1;
                let small = shrink(&grid, four, &mut work);
                assert_eq!(small & !four, 0);
                assert_minimal_unavoidable(&grid, small, &format!("grid {i}"));
            }
        }
        assert!(
            left > 0,
            "no four digits' cells had more than {MAX_INSIDE} solutions"
        );
    }

    #[test]
    fn no_grid_has_a_sixteen_given_puzzle() {
        // There is no Sudoku with 16 givens: the search must prove it, and end.
        for (_, grid) in solved_grids(6, 3) {
            assert_eq!(search_once(Symmetry::Rot180, &grid, 16, 16, 1), None);
            assert_eq!(search_once(Symmetry::Mirror, &grid, 16, 16, 1), None);
        }
    }

    #[test]
    fn groups_no_count_in_range_can_hold_are_banned() {
        let lens = |sym: Symmetry| -> Vec<usize> {
            sym.orbits().groups().iter().map(|g| g.len()).collect()
        };
        let centre = |sym: Symmetry| -> Slots {
            let groups = sym.orbits().groups();
            1 << groups.iter().position(|g| g.len() == 1).unwrap()
        };
        let rot180 = lens(Symmetry::Rot180);
        assert_eq!(unusable(&rot180, 20, 20), centre(Symmetry::Rot180));
        assert_eq!(unusable(&rot180, 21, 21), 0);
        assert_eq!(unusable(&rot180, 19, 20), 0);
        let rot90 = lens(Symmetry::Rot90);
        assert_eq!(unusable(&rot90, 20, 20), centre(Symmetry::Rot90));
        assert_eq!(unusable(&rot90, 21, 21), 0);
        // No total of 2 with groups of 1, 4 and 8 cells: every group is out.
        let dihedral = lens(Symmetry::Dihedral);
        assert_eq!(
            unusable(&dihedral, 2, 2).count_ones() as usize,
            dihedral.len()
        );
    }

    #[test]
    fn a_size_the_grid_has_is_found_unique_symmetric_and_minimal() {
        for sym in [
            Symmetry::Rot180,
            Symmetry::Rot90,
            Symmetry::Mirror,
            Symmetry::Diagonal,
            Symmetry::Dihedral,
        ] {
            let options = Options {
                symmetry: SymmetryChoice::Fixed(sym),
                ..Options::default()
            };
            let maker = Generator::new(9, options).unwrap();
            let orbits = sym.orbits();
            for i in 0..4 {
                // A minimal puzzle of this grid exists with `n` givens: the search, told
                // to find that many, must find one (not necessarily the same).
                let made = maker.puzzle(i);
                let solution = *made.solution.cells();
                let n = made.clues();
                let mut rng = maker.stream(1000 + i);
                let mut budget = Budget::new(&Limits::default());
                let sets = small_unavoidables(&solution, 4);
                let found = puzzle_of_size(&mut rng, &solution, orbits, &sets, n, n, &mut budget)
                    .unwrap_or_else(|| panic!("{sym} {i}: none with {n} givens"));
                let givens = found.iter().filter(|&&v| v != 0).count();
                assert_eq!(givens, n, "{sym} {i}");
                assert!(sym.holds(&Board::from_valid_cells(found)), "{sym} {i}");
                for c in 0..CELLS {
                    assert!(found[c] == 0 || found[c] == solution[c]);
                }
                assert_eq!(solutions(&found), 1, "{sym} {i}");
                for group in orbits.groups() {
                    if group.cells().all(|c| found[c] != 0) {
                        let mut less = found;
                        for c in group.cells() {
                            less[c] = 0;
                        }
                        assert_eq!(solutions(&less), 2, "{sym} {i}: not minimal");
                    }
                }
            }
        }
    }
}
