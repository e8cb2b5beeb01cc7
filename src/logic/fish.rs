//! Fish: X-Wing, Swordfish and Jellyfish, plain, finned, sashimi and Siamese; Franken and
//! mutant fish.
//!
//! A fish on digit `d` takes `n` base sets (houses) and `n` cover sets such that every
//! candidate `d` of the base sets lies in a cover set. The base sets hold `n` copies of `d`
//! between them, one per cover set, so `d` leaves every other cell of the cover sets.
//!
//! A *finned* fish has base candidates outside the cover sets, its fins. Either the fish holds
//! or a fin is true, so only the cover candidates that also see every fin go. A finned fish is
//! *sashimi* (HoDoKu's definition, which its regression library encodes) when some base set
//! holds at most one candidate once the fins are taken away: without its fins it would not be
//! a fish at all.
//!
//! Basic fish use rows as base sets and columns as cover sets, or the other way round. Their
//! search works on one 9-bit mask per line: bit `p` of line `i` is set when `d` is still a
//! candidate at position `p` of line `i` (cell `9i + p` for a row, `9p + i` for a column).
//! Two finned fish on the same base lines are reported together as a *Siamese* fish too.
//!
//! Franken fish have boxes among their base or cover sets (rows and boxes against columns and
//! boxes, or the other way round); mutant fish mix houses freely. Their search works on cell
//! sets, with HoDoKu's endo fins and cannibalistic eliminations.

use std::ops::ControlFlow;

use crate::geometry::{CellSet, combinations, digits};

use super::{Candidate, Evidence, Finder, Grid, Sink, Step, Technique};
use crate::geometry::classic::{house, peers};

/// HoDoKu's limit on the number of fins.
const MAX_FINS: usize = 5;

/// Whether this file has a finder for `t`: every basic, Franken and mutant fish we name.
pub(super) fn implements(t: Technique) -> bool {
    basic_kind(t).is_some() || general_kind(t).is_some()
}

pub(super) fn find(t: Technique, cx: Finder<'_, '_, Memo>) -> ControlFlow<()> {
    let Finder { grid, memo, sink } = cx;
    if let Some((n, kind)) = basic_kind(t) {
        return basic(grid, n, kind, memo, sink);
    }
    if general_kind(t).is_some() {
        return general(grid, t, &mut memo.general, sink);
    }
    ControlFlow::Continue(())
}

/// Plain, finned or sashimi.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Plain,
    Finned,
    Sashimi,
}

/// The size and kind of a basic fish technique (from [`BASIC`]).
fn basic_kind(t: Technique) -> Option<(usize, Kind)> {
    BASIC
        .iter()
        .find(|b| b.0 == t)
        .map(|&(_, n, kind)| (n, kind))
}

/// The house of line `i`: row `i`, or column `i` when `rows` is false.
#[inline]
fn line_house(rows: bool, i: usize) -> usize {
    if rows { i } else { 9 + i }
}

/// The cells at the positions of `mask` in line `i`.
fn line_cells(rows: bool, i: usize, mask: u16) -> CellSet {
    let mut set = CellSet::EMPTY;
    for p in digits::iter(mask) {
        let p = usize::from(p - 1);
        set.insert(if rows { 9 * i + p } else { 9 * p + i });
    }
    set
}

/// The groups of three positions (bands of rows or stacks of columns) as 9-bit masks.
const GROUPS: [u16; 3] = [0o007, 0o070, 0o700];

/// The fewest set bits of each 9-bit mask outside one group. A finned fish's fins lie in one
/// group of positions, so its base lines need at least this many cover lines.
static OUTSIDE: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut best = 9;
        let mut g = 0;
        while g < 3 {
            let k = (m as u16 & !(0o7 << (3 * g))).count_ones() as u8;
            if k < best {
                best = k;
            }
            g += 1;
        }
        t[m] = best;
        m += 1;
    }
    t
};

/// The fewest set bits of a 9-bit mask outside one group.
#[inline]
fn outside_one_group(mask: u16) -> usize {
    usize::from(OUTSIDE[usize::from(mask & 0x1ff)])
}

/// Whether `digit` can have no fish in `grid`, of any size or kind: every candidate of it
/// lies in a *template* of its candidates, one candidate in each row holding some, in as
/// many columns and boxes, one in each (the rows, columns and boxes holding candidates are
/// as many). Every house holding a candidate then holds exactly one cell of the template:
/// each base set of a fish one, each cover set at most one, so the template meets the fish's
/// rule (its base cells, or a fin, hold the digit) and keeps nothing a fish removes. So a
/// candidate a fish removes lies in no template. `false` says only that a fish may exist
/// (and always so when the digit has no template).
///
/// One template is looked for per candidate that no template found so far holds: a few
/// small searches where the fish search would try hundreds of choices of base sets.
pub(super) fn no_fish(grid: &Grid, digit: u8) -> bool {
    let cands = grid.cells_with(digit).0;
    // Bit `c` of `rows[r]`: the digit is a candidate at row `r`, column `c`.
    let mut rows = [0u16; 9];
    let (mut cols, mut boxes) = (0u16, 0u16);
    for (r, row) in rows.iter_mut().enumerate() {
        *row = (cands >> (9 * r)) as u16 & 0x1ff;
        cols |= *row;
        for (s, group) in GROUPS.iter().enumerate() {
            if *row & group != 0 {
                boxes |= 1 << (r / 3 * 3 + s);
            }
        }
    }
    // The rows holding candidates.
    let mut order = [0u8; 9];
    let mut len = 0;
    for (r, &row) in rows.iter().enumerate() {
        if row != 0 {
            order[len] = r as u8;
            len += 1;
        }
    }
    if cols.count_ones() as usize != len || boxes.count_ones() as usize != len {
        return false;
    }
    let order = &order[..len];
    // The candidates no template found so far holds.
    let mut left = rows;
    for &r in order {
        let r = usize::from(r);
        while left[r] != 0 {
            let c = left[r].trailing_zeros() as usize;
            let mut fixed = rows;
            fixed[r] = 1 << c;
            let mut at = [0u8; 9];
            if !template(&fixed, order, 0, 0, &mut at) {
                return false;
            }
            for &r in order.iter() {
                left[usize::from(r)] &= !(1 << at[usize::from(r)]);
            }
        }
    }
    true
}

/// Places the digit in the rows of `order` (bit `c` of `rows[r]`: it may go at row `r`,
/// column `c`), given the columns used and, for each band `b` of rows, the columns of the
/// stacks of the boxes used there (bits `9b..9b + 9` of `bands`); `at` gets the column of
/// each row. Whether it can.
fn template(rows: &[u16; 9], order: &[u8], used: u16, bands: u32, at: &mut [u8; 9]) -> bool {
    let Some((&r, rest)) = order.split_first() else {
        return true;
    };
    let r = usize::from(r);
    let shift = 9 * (r / 3);
    let mut choices = rows[r] & !used & !((bands >> shift) as u16 & 0x1ff);
    while choices != 0 {
        let c = choices.trailing_zeros() as usize;
        choices &= choices - 1;
        at[r] = c as u8;
        let bands = bands | u32::from(GROUPS[c / 3]) << shift;
        if template(rows, rest, used | 1 << c, bands, at) {
            return true;
        }
    }
    false
}

/// Every step of the nine basic fish techniques in one grid, one list per technique in the
/// order of [`BASIC`]. Each list is in the order of the search: digit, then rows before
/// columns as base sets, then the base lines in lexicographic order, then the covers in
/// lexicographic order of their positions, then the Siamese pairs of those base lines.
type Found = [Vec<Step>; 9];

/// The basic fish techniques with their size and kind, by their index in [`Found`].
const BASIC: [(Technique, usize, Kind); 9] = {
    use Technique::*;
    [
        (XWing, 2, Kind::Plain),
        (Swordfish, 3, Kind::Plain),
        (Jellyfish, 4, Kind::Plain),
        (FinnedXWing, 2, Kind::Finned),
        (SashimiXWing, 2, Kind::Sashimi),
        (FinnedSwordfish, 3, Kind::Finned),
        (SashimiSwordfish, 3, Kind::Sashimi),
        (FinnedJellyfish, 4, Kind::Finned),
        (SashimiJellyfish, 4, Kind::Sashimi),
    ]
};

/// The index of the technique of size `n` and kind `kind` in [`BASIC`] (a test checks the
/// two agree).
#[inline]
fn slot(n: usize, kind: Kind) -> usize {
    match kind {
        Kind::Plain => n - 2,
        Kind::Finned => 3 + 2 * (n - 2),
        Kind::Sashimi => 4 + 2 * (n - 2),
    }
}

/// The basic fish technique of size `n` and kind `kind`.
#[inline]
fn basic_technique(n: usize, kind: Kind) -> Technique {
    BASIC[slot(n, kind)].0
}

/// The basic fish of the last grid searched, kept by the caller (see [`super::Memo`]): the
/// ladder asks for X-Wing, Swordfish and Jellyfish on the same grid (every technique between
/// them failed), and one search finds all three; the same for the six finned and sashimi
/// fish.
#[derive(Default)]
pub(super) struct Memo {
    plain: PerDigit,
    finned: PerDigit,
    general: Barren,
}

impl Memo {
    /// [`no_fish`] through this memo: whether every candidate of `digit` lies in a template.
    /// Then no technique that reasons on the digit alone (a fish, a kite, a turbot fish, an
    /// empty rectangle, colouring) removes anything: what such a step removes lies in no
    /// template, as a template keeps every rule of the digit's houses.
    pub(super) fn templates_cover(&mut self, grid: &Grid, digit: u8) -> bool {
        no_fish_with(&mut self.general.templates, grid, digit)
    }
}

/// For each digit, its candidates when [`no_fish`] last looked at them, and its answer (a
/// function of the candidates alone): the basic, Franken and mutant fish ask it in turn on
/// the same grid.
type Templates = [Option<(CellSet, bool)>; 9];

/// [`no_fish`], through the memo.
fn no_fish_with(templates: &mut Templates, grid: &Grid, digit: u8) -> bool {
    let cands = grid.cells_with(digit);
    let slot = &mut templates[usize::from(digit - 1)];
    match *slot {
        Some((before, answer)) if before == cands => answer,
        _ => {
            let answer = no_fish(grid, digit);
            *slot = Some((cands, answer));
            answer
        }
    }
}

/// For each digit, its candidates when its basic fish were last searched, and those fish.
/// A digit's fish see nothing but its candidates, so while they stay the same the search
/// would find the same: a step changes only a few digits.
type PerDigit = [Option<(CellSet, Found)>; 9];

/// For each Franken and mutant fish technique and each digit, the candidates of the digit
/// when its search last found nothing. The search on a digit sees nothing but that digit's
/// candidates, so while they stay the same it would find nothing again: a solve asks for
/// these fish at every step the easier techniques miss, and a step changes only a few digits.
///
/// It also keeps the answers of [`no_fish`], which these searches ask first, and so do the
/// basic fish and [`Memo::templates_cover`]: one answer per digit's candidates for them all.
#[derive(Default, Clone)]
struct Barren {
    digits: [[Option<CellSet>; 9]; GENERAL.len()],
    templates: Templates,
    /// Search every digit, without asking [`no_fish`] (what tests compare with).
    no_templates: bool,
}

impl Barren {
    fn slot(&mut self, t: Technique, digit: u8) -> &mut Option<CellSet> {
        let i = GENERAL
            .iter()
            .position(|g| g.0 == t)
            .expect("a franken or mutant fish");
        &mut self.digits[i][usize::from(digit - 1)]
    }
}

/// Brings the plain (or the finned and sashimi) fish of each digit of `grid` up to date:
/// searched again only for the digits whose candidates changed.
fn cached(memo: &mut PerDigit, templates: &mut Templates, grid: &Grid, finned: bool) {
    for (i, slot) in memo.iter_mut().enumerate() {
        let digit = i as u8 + 1;
        let cands = grid.cells_with(digit);
        if slot.as_ref().is_none_or(|(c, _)| *c != cands) {
            let mut found = Found::default();
            if !no_fish_with(templates, grid, digit) {
                search_digit(grid, digit, finned, &mut found);
            }
            *slot = Some((cands, found));
        }
    }
}

/// Basic fish of size `n`: rows as base sets and columns as cover sets, then the other way.
fn basic(
    grid: &Grid,
    n: usize,
    kind: Kind,
    memo: &mut Memo,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let per_digit = if kind == Kind::Plain {
        &mut memo.plain
    } else {
        &mut memo.finned
    };
    cached(
        per_digit,
        &mut memo.general.templates,
        grid,
        kind != Kind::Plain,
    );
    for (_, found) in per_digit.iter().flatten() {
        for step in &found[slot(n, kind)] {
            sink(step.clone())?;
        }
    }
    ControlFlow::Continue(())
}

/// Every plain fish of sizes 2 to 4, or every finned and sashimi fish of those sizes, in
/// one search over the digits (what [`cached`] keeps digit by digit, skipping the digits
/// [`no_fish`] rules out: the tests compare the two).
#[cfg(test)]
fn search_basic(grid: &Grid, finned: bool) -> Found {
    let mut found = Found::default();
    for digit in 1..=9u8 {
        search_digit(grid, digit, finned, &mut found);
    }
    found
}

/// The plain (or finned and sashimi) fish of `digit`, added to `found`.
fn search_digit(grid: &Grid, digit: u8, finned: bool, found: &mut Found) {
    let cands = grid.cells_with(digit);
    // A fish of size n holds at least 2n candidates: none below 4.
    if cands.len() < 4 {
        return;
    }
    // Row masks (bit = column) and column masks (bit = row).
    let mut row_masks = [0u16; 9];
    let mut col_masks = [0u16; 9];
    for cell in cands {
        let (r, c) = (cell / 9, cell % 9);
        row_masks[r] |= 1 << c;
        col_masks[c] |= 1 << r;
    }
    for rows in [true, false] {
        let (masks, across) = if rows {
            (row_masks, col_masks)
        } else {
            (col_masks, row_masks)
        };
        // The lines a fish may take as base sets, in increasing order: a plain fish's
        // lines hold at most four candidates; a finned fish's at most three outside one
        // group of positions (below).
        let mut lines = [0u8; 9];
        let mut len = 0;
        for (i, &mask) in masks.iter().enumerate() {
            let usable = if finned {
                mask != 0 && outside_one_group(mask) <= 3
            } else {
                mask != 0 && digits::count(mask) <= 4
            };
            if usable {
                lines[len] = i as u8;
                len += 1;
            }
        }
        let mut search = Lines {
            grid,
            digit,
            rows,
            count: cands.len(),
            masks,
            across,
            lines: &lines[..len],
            found,
        };
        let mut base = [0usize; 4];
        if finned {
            search.finned(0, &mut base, 0, 0);
        } else {
            search.plain(0, &mut base, 0, 0);
        }
    }
}

/// The search over one digit's lines of one orientation (rows, or columns).
struct Lines<'a> {
    grid: &'a Grid,
    digit: u8,
    rows: bool,
    /// The number of candidates of `digit` in the grid.
    count: usize,
    /// Bit `p` of `masks[i]`: `digit` is a candidate at position `p` of line `i`.
    masks: [u16; 9],
    /// The same candidates the other way: bit `i` of `across[p]` is bit `p` of `masks[i]`.
    across: [u16; 9],
    /// The lines that may be base lines, in increasing order.
    lines: &'a [u8],
    found: &'a mut Found,
}

impl Lines<'_> {
    /// The lines of `base` as a 9-bit mask.
    fn base_bits(base: &[usize]) -> u16 {
        base.iter().fold(0, |m, &i| m | 1 << i)
    }

    /// The lines holding a candidate at some position of `positions`.
    #[inline]
    fn lines_at(&self, positions: u16) -> u16 {
        let mut lines = 0;
        let mut rest = positions;
        while rest != 0 {
            lines |= self.across[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        lines
    }

    /// Adds base lines from `self.lines[from]` on to the `k` of `base`, whose candidates lie
    /// at the positions `union`, and records the plain fish. A plain fish of n lines has its
    /// candidates at exactly n positions, so no branch goes past four positions. Within each
    /// size, base lines come in lexicographic order.
    fn plain(&mut self, from: usize, base: &mut [usize; 4], k: usize, union: u16) {
        for next in from..self.lines.len() {
            let i = usize::from(self.lines[next]);
            let union = union | self.masks[i];
            let size = digits::count(union);
            if size > 4 {
                continue;
            }
            base[k] = i;
            let n = k + 1;
            if n >= 2 && size == n && 2 * n <= self.count {
                // Something to remove: a candidate of a cover line outside the base lines.
                let in_base = Self::base_bits(&base[..n]);
                if self.lines_at(union) & !in_base != 0 {
                    let t = basic_technique(n, Kind::Plain);
                    let step = fish_step(
                        self.grid,
                        t,
                        self.digit,
                        self.rows,
                        &base[..n],
                        &self.masks,
                        union,
                    );
                    self.found[slot(n, Kind::Plain)].extend(step);
                }
            }
            if n < 4 {
                self.plain(next + 1, base, n, union);
            }
        }
    }

    /// Adds base lines as [`Lines::plain`] does, and records the finned and sashimi fish.
    /// Every line holding the digit may be a base line (HoDoKu takes them all). The fins lie
    /// in one box, so every position of the union outside one group is a cover, and one
    /// cover at least lies in that group (what the fish removes lies there): no branch goes
    /// past three positions outside one group.
    fn finned(&mut self, from: usize, base: &mut [usize; 4], k: usize, union: u16) {
        for next in from..self.lines.len() {
            let i = usize::from(self.lines[next]);
            let union = union | self.masks[i];
            let outside = outside_one_group(union);
            if outside > 3 {
                continue;
            }
            base[k] = i;
            let n = k + 1;
            if n >= 2 && 2 * n <= self.count && outside < n && digits::count(union) > n {
                self.finned_base(&base[..n], union);
            }
            if n < 4 {
                self.finned(next + 1, base, n, union);
            }
        }
    }

    /// The finned and sashimi fish on the base lines `base`, whose candidates lie at the
    /// positions `union`, and their Siamese pairs.
    ///
    /// The fins lie in one box: a group `g` of positions and a group of lines (a band or a
    /// stack) `band`. So the covers hold every position of the union outside `g`, and every
    /// position of `g` that a base line outside `band` holds; the rest of the covers are
    /// chosen from the union in `g`. What goes is a candidate of the box at a cover position,
    /// in a line of `band` outside the base lines: the covers must reach one.
    fn finned_base(&mut self, base: &[usize], union: u16) {
        let n = base.len();
        let in_base = Self::base_bits(base);
        let mut covers = [0u16; 9];
        let mut len = 0;
        for g in GROUPS {
            let outside = union & !g;
            if digits::count(outside) >= n {
                continue;
            }
            let inside = union & g;
            let holding = self.lines_at(inside);
            // Base lines holding the digit in `g` (the fins are among them), and lines outside
            // the base holding it at a position of the union in `g` (the targets).
            let (fin_lines, target_lines) = (holding & in_base, holding & !in_base);
            for band in GROUPS {
                if fin_lines & band == 0 || target_lines & band == 0 {
                    continue;
                }
                let mut required = outside;
                let mut rest = fin_lines & !band;
                while rest != 0 {
                    required |= self.masks[rest.trailing_zeros() as usize] & g;
                    rest &= rest - 1;
                }
                let k = digits::count(required);
                if k > n {
                    continue;
                }
                let mut targets = 0;
                let mut rest = target_lines & band;
                while rest != 0 {
                    targets |= self.masks[rest.trailing_zeros() as usize] & inside;
                    rest &= rest - 1;
                }
                let free = inside & !required;
                let mut sub = free;
                loop {
                    if digits::count(sub) == n - k && (required | sub) & targets != 0 {
                        covers[len] = required | sub;
                        len += 1;
                    }
                    if sub == 0 {
                        break;
                    }
                    sub = (sub - 1) & free;
                }
            }
        }
        if len == 0 {
            return;
        }
        // Covers in lexicographic order of their positions (lowest first). Of two covers of
        // n positions, the one holding the lowest position where they differ comes first:
        // with the bits reversed, it is the larger number.
        let covers = &mut covers[..len];
        covers.sort_unstable_by_key(|&m| std::cmp::Reverse(m.reverse_bits()));
        // The finned and sashimi fish on these base lines, for the Siamese pairs below.
        let mut found: Vec<(bool, Step)> = Vec::new();
        let mut last = None;
        for &cover in covers.iter() {
            if last == Some(cover) {
                continue;
            }
            last = Some(cover);
            let sashimi = base
                .iter()
                .any(|&i| digits::count(self.masks[i] & cover) <= 1);
            let kind = if sashimi { Kind::Sashimi } else { Kind::Finned };
            let t = basic_technique(n, kind);
            let Some(step) = fish_step(
                self.grid,
                t,
                self.digit,
                self.rows,
                base,
                &self.masks,
                cover,
            ) else {
                continue;
            };
            self.found[slot(n, kind)].push(step.clone());
            found.push((sashimi, step));
        }
        if found.len() >= 2 {
            for kind in [Kind::Finned, Kind::Sashimi] {
                let list = &mut self.found[slot(n, kind)];
                let _ = siamese(basic_technique(n, kind), kind, &found, &mut |step| {
                    list.push(step);
                    ControlFlow::Continue(())
                });
            }
        }
    }
}

/// Siamese fish (HoDoKu): two finned fish on the same base lines whose first eliminations
/// differ, reported together as one step with both cover sets, both fins and both
/// eliminations. The pair takes the kind of its first fish (in the order covers are tried),
/// so a finned search reports pairs led by a finned fish, a sashimi search pairs led by a
/// sashimi fish.
fn siamese(
    t: Technique,
    kind: Kind,
    found: &[(bool, Step)],
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    for (i, (sashimi, first)) in found.iter().enumerate() {
        if *sashimi != (kind == Kind::Sashimi) {
            continue;
        }
        for (_, second) in &found[i + 1..] {
            if first.eliminations[0] == second.eliminations[0] {
                continue;
            }
            let mut step = first.clone();
            step.technique = t;
            let e = &mut step.evidence;
            e.cover.extend(&second.evidence.cover);
            e.cover.sort_unstable();
            e.cover.dedup();
            e.fins |= second.evidence.fins;
            e.cells = (e.cells | second.evidence.cells) - e.fins;
            step.eliminations.extend(&second.eliminations);
            step.eliminations
                .sort_unstable_by_key(|c| (c.digit, c.cell));
            step.eliminations.dedup();
            sink(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// The fish on `digit` with base lines `base` and cover lines `cover` (a mask of positions),
/// if it eliminates anything. Base candidates outside the cover lines are fins.
fn fish_step(
    grid: &Grid,
    t: Technique,
    digit: u8,
    rows: bool,
    base: &[usize],
    masks: &[u16; 9],
    cover: u16,
) -> Option<Step> {
    let mut base_cells = CellSet::EMPTY;
    let mut fins = CellSet::EMPTY;
    for &i in base {
        base_cells |= line_cells(rows, i, masks[i]);
        fins |= line_cells(rows, i, masks[i] & !cover);
    }
    if fins.len() > MAX_FINS {
        return None;
    }
    let mut cover_cells = CellSet::EMPTY;
    let mut cover_houses = Vec::with_capacity(base.len());
    for p in 0..9 {
        if cover >> p & 1 != 0 {
            let h = line_house(!rows, p);
            cover_cells |= house(h);
            cover_houses.push(h as u8);
        }
    }
    let mut targets = (cover_cells & grid.cells_with(digit)) - base_cells;
    for fin in fins {
        targets &= peers(fin);
    }
    if targets.is_empty() {
        return None;
    }
    Some(Step::elimination(
        t,
        targets.iter().map(|c| Candidate::new(c, digit)).collect(),
        Evidence {
            houses: base.iter().map(|&i| line_house(rows, i) as u8).collect(),
            cover: cover_houses,
            cells: base_cells - fins,
            digits: digits::bit(digit),
            fins,
            ..Evidence::default()
        },
    ))
}

// ---------------------------------------------------------------------------------------------
// Franken and mutant fish: boxes among the base or cover sets.
//
// Base and cover sets are any houses (0..27) here, held as 27-bit masks. A base candidate in
// two base sets is an *endo fin* (HoDoKu allows two); a base candidate in two cover sets is
// *cannibalistic*: if the fish holds, it is false (both of its cover sets would hold it), so it
// goes like any other elimination.

/// The kinds of house among a fish's base or cover sets: bit 0 rows, bit 1 columns, bit 2
/// boxes.
fn kinds(houses: u32) -> u8 {
    let mut k = 0;
    if houses & 0x1ff != 0 {
        k |= 1;
    }
    if houses & 0x1ff << 9 != 0 {
        k |= 2;
    }
    if houses & 0x1ff << 18 != 0 {
        k |= 4;
    }
    k
}

/// HoDoKu's classes of fish, by the kinds of its base and cover sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Rows and columns only: a basic fish.
    Basic,
    /// Rows (and boxes) against columns (and boxes), or the other way round.
    Franken,
    /// Anything else.
    Mutant,
}

fn shape(base: u32, cover: u32) -> Shape {
    let (b, c) = (kinds(base), kinds(cover));
    if (b, c) == (1, 2) || (b, c) == (2, 1) {
        Shape::Basic
    } else if (matches!(b, 1 | 5) && matches!(c, 2 | 6))
        || (matches!(b, 2 | 6) && matches!(c, 1 | 5))
    {
        Shape::Franken
    } else {
        Shape::Mutant
    }
}

/// The Franken and mutant fish techniques with their size, whether they have fins, and their
/// shape.
const GENERAL: [(Technique, usize, bool, Shape); 8] = {
    use Technique::*;
    [
        (FrankenSwordfish, 3, false, Shape::Franken),
        (FrankenJellyfish, 4, false, Shape::Franken),
        (FinnedFrankenXWing, 2, true, Shape::Franken),
        (FinnedFrankenSwordfish, 3, true, Shape::Franken),
        (FinnedFrankenJellyfish, 4, true, Shape::Franken),
        (FinnedMutantJellyfish, 4, true, Shape::Mutant),
        (FinnedMutantSquirmbag, 5, true, Shape::Mutant),
        (FinnedMutantWhale, 6, true, Shape::Mutant),
    ]
};

/// The size, finnedness and shape of a Franken or mutant fish technique (from [`GENERAL`]).
fn general_kind(t: Technique) -> Option<(usize, bool, Shape)> {
    GENERAL
        .iter()
        .find(|g| g.0 == t)
        .map(|&(_, n, finned, shape)| (n, finned, shape))
}

/// Whether `t` is a Franken or mutant fish.
pub(super) fn franken_or_mutant(t: Technique) -> bool {
    general_kind(t).is_some()
}

/// The number of cells of a set of a few cells (cheaper than a population count where the
/// processor has no instruction for it, as in a build for the baseline x86-64).
fn sparse_len(set: CellSet) -> usize {
    ones(set.0)
}

/// The number of bits set in `bits`, one step per bit.
fn ones(mut bits: u128) -> usize {
    let mut k = 0;
    while bits != 0 {
        bits &= bits - 1;
        k += 1;
    }
    k
}

/// Whether `set` has at most `k` cells.
fn at_most(set: CellSet, k: usize) -> bool {
    let mut bits = set.0;
    for _ in 0..k {
        bits &= bits.wrapping_sub(1);
    }
    bits == 0
}

/// How the cover search counts bits: [`Portable`] for any CPU, [`Popcnt`] in the copy
/// compiled for the `popcnt` instruction. Each copy knows its build at compile time.
trait Count: Copy {
    /// The token, in the `popcnt` build.
    fn fast(self) -> Option<Popcnt>;

    /// The number of cells of a set of a few cells.
    fn ones_in(self, set: CellSet) -> usize;

    /// The number of houses in `mask`.
    fn ones32(self, mask: u32) -> usize;

    /// Whether `set` has at most `k` cells.
    fn at_most(self, set: CellSet, k: usize) -> bool;

    /// How many of the three houses of `cell` are in `allowed`.
    fn houses_open(self, cell: usize, allowed: u32) -> usize;
}

/// The build for any CPU.
#[derive(Clone, Copy)]
struct Portable;

impl Count for Portable {
    #[inline(always)]
    fn fast(self) -> Option<Popcnt> {
        None
    }

    #[inline(always)]
    fn ones_in(self, set: CellSet) -> usize {
        sparse_len(set)
    }

    #[inline(always)]
    fn ones32(self, mask: u32) -> usize {
        ones(mask.into())
    }

    #[inline(always)]
    fn at_most(self, set: CellSet, k: usize) -> bool {
        at_most(set, k)
    }

    #[inline(always)]
    fn houses_open(self, cell: usize, allowed: u32) -> usize {
        // (Its three houses, tested one by one: cheaper than counting bits.)
        crate::geometry::classic::CELL_HOUSES[cell]
            .iter()
            .map(|&h| (allowed >> h & 1) as usize)
            .sum()
    }
}

/// Proof that this CPU has `popcnt`: only [`Popcnt::detect`] makes one. It has no size.
#[derive(Clone, Copy)]
struct Popcnt(());

impl Popcnt {
    /// The token, on x86-64 CPUs with `popcnt` (leaf 1 of `cpuid`, read once).
    fn detect() -> Option<Popcnt> {
        #[cfg(target_arch = "x86_64")]
        {
            static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
            let has = *HAS.get_or_init(|| {
                // Leaf 1 always exists on x86-64; popcnt is its ecx bit 23.
                std::arch::x86_64::__cpuid(1).ecx & 1 << 23 != 0
            });
            has.then_some(Popcnt(()))
        }
        #[cfg(not(target_arch = "x86_64"))]
        None
    }
}

/// The three houses of each cell, as a mask of houses.
static CELL_HOUSE_MASK: [u32; 81] = {
    let mut m = [0u32; 81];
    let mut c = 0;
    while c < 81 {
        let h = &crate::geometry::classic::CELL_HOUSES[c];
        m[c] = 1 << h[0] | 1 << h[1] | 1 << h[2];
        c += 1;
    }
    m
};

impl Count for Popcnt {
    #[inline(always)]
    fn fast(self) -> Option<Popcnt> {
        Some(self)
    }

    #[inline(always)]
    fn ones_in(self, set: CellSet) -> usize {
        set.0.count_ones() as usize
    }

    #[inline(always)]
    fn ones32(self, mask: u32) -> usize {
        mask.count_ones() as usize
    }

    #[inline(always)]
    fn at_most(self, set: CellSet, k: usize) -> bool {
        set.0.count_ones() as usize <= k
    }

    #[inline(always)]
    fn houses_open(self, cell: usize, allowed: u32) -> usize {
        (allowed & CELL_HOUSE_MASK[cell]).count_ones() as usize
    }
}

/// HoDoKu's limit on endo fins.
const MAX_ENDO_FINS: usize = 2;

const ROWS: u32 = 0x1ff;
const COLS: u32 = 0x1ff << 9;
const BOXES: u32 = 0x1ff << 18;

/// The search for one digit, one technique and one choice of allowed base and cover houses.
struct General<'a, 'b> {
    grid: &'a Grid,
    technique: Technique,
    digit: u8,
    n: usize,
    finned: bool,
    shape: Shape,
    /// The candidates of `digit` in each house.
    unit: [CellSet; 27],
    /// For each house, the houses that share a candidate with it.
    touch: [u32; 27],
    /// Houses allowed as cover sets.
    cover_allowed: u32,
    /// The base sets must take one of these houses (see [`general`]).
    need: u32,
    /// The candidates lost since the digit last gave nothing (see [`General::covers`]).
    gone: CellSet,
    sink: &'a mut Sink<'b>,
}

/// One choice of base sets.
#[derive(Clone, Copy)]
struct Base {
    houses: u32,
    cells: CellSet,
    endo: CellSet,
    /// The houses that share a candidate with the base sets.
    touch: u32,
}

/// The Franken (or mutant) fish of technique `t` on every digit.
fn general(grid: &Grid, t: Technique, barren: &mut Barren, sink: &mut Sink<'_>) -> ControlFlow<()> {
    general_in(grid, t, Popcnt::detect(), barren, sink)
}

/// [`general`] with the cover search's build chosen by the caller (`None`: the portable one).
fn general_in(
    grid: &Grid,
    t: Technique,
    popcnt: Option<Popcnt>,
    barren: &mut Barren,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let (n, finned, shape) = general_kind(t).expect("a franken or mutant fish");
    let sides: &[(u32, u32)] = match shape {
        Shape::Franken => &[(ROWS | BOXES, COLS | BOXES), (COLS | BOXES, ROWS | BOXES)],
        _ => &[(ROWS | COLS | BOXES, ROWS | COLS | BOXES)],
    };
    for digit in 1..=9u8 {
        let cands = grid.cells_with(digit);
        // A fish found now and not when the digit last gave nothing (with more candidates)
        // has a base set that lost a candidate since: with the same base candidates, the
        // same covers and fins would have removed at least what they remove now. So the
        // search needs only the base sets that take one of those houses.
        let (need, gone) = match *barren.slot(t, digit) {
            Some(before) if (cands - before).is_empty() => {
                let gone = before - cands;
                if gone.is_empty() {
                    continue;
                }
                let need = (0..27).fold(0u32, |m, h| {
                    if house(h).intersects(gone) {
                        m | 1 << h
                    } else {
                        m
                    }
                });
                (need, gone)
            }
            _ => (u32::MAX, CellSet::EMPTY),
        };
        if !barren.no_templates && no_fish_with(&mut barren.templates, grid, digit) {
            *barren.slot(t, digit) = Some(cands);
            continue;
        }
        let mut found = false;
        let mut sink = |step: Step| {
            found = true;
            sink(step)
        };
        let mut unit = [CellSet::EMPTY; 27];
        for (h, u) in unit.iter_mut().enumerate() {
            *u = house(h) & cands;
        }
        let mut touch = [0u32; 27];
        for (h, t) in touch.iter_mut().enumerate() {
            for (g, u) in unit.iter().enumerate() {
                if u.intersects(unit[h]) {
                    *t |= 1 << g;
                }
            }
        }
        for &(base_allowed, cover_allowed) in sides {
            let mut search = General {
                grid,
                technique: t,
                digit,
                n,
                finned,
                shape,
                unit,
                touch,
                cover_allowed,
                need,
                gone,
                sink: &mut sink,
            };
            let empty = Base {
                houses: 0,
                cells: CellSet::EMPTY,
                endo: CellSet::EMPTY,
                touch: 0,
            };
            match popcnt {
                Some(fast) => search.bases(fast, base_allowed, 0, 0, empty, 0)?,
                None => search.bases(Portable, base_allowed, 0, 0, empty, 0)?,
            }
        }
        if !found {
            *barren.slot(t, digit) = Some(cands);
        }
    }
    ControlFlow::Continue(())
}

impl General<'_, '_> {
    /// Adds base sets from house `from` on; `endo_count` counts endo fins as HoDoKu does.
    #[inline(always)]
    fn bases_in<C: Count>(
        &mut self,
        count: C,
        allowed: u32,
        from: usize,
        size: usize,
        base: Base,
        endo_count: usize,
    ) -> ControlFlow<()> {
        // A Franken fish's base sets hold a line (boxes alone make a mutant fish), and the
        // houses come rows, columns, boxes: from the boxes on, none can be added.
        if self.shape == Shape::Franken && base.houses & (ROWS | COLS) == 0 && from >= 18 {
            return ControlFlow::Continue(());
        }
        if size == self.n {
            if base.houses & self.need == 0 {
                return ControlFlow::Continue(());
            }
            return self.covers(count, &base);
        }
        if base.houses & self.need == 0 && (allowed & self.need) >> from == 0 {
            return ControlFlow::Continue(());
        }
        for h in from..27 {
            if allowed >> h & 1 == 0 || self.unit[h].is_empty() {
                continue;
            }
            let overlap = base.cells & self.unit[h];
            let endo_count = endo_count + count.ones_in(overlap);
            if !overlap.is_empty() && (!self.finned || endo_count > MAX_ENDO_FINS) {
                continue;
            }
            let next = Base {
                houses: base.houses | 1 << h,
                cells: base.cells | self.unit[h],
                endo: base.endo | overlap,
                touch: base.touch | self.touch[h],
            };
            self.bases(count, allowed, h + 1, size + 1, next, endo_count)?;
        }
        ControlFlow::Continue(())
    }

    /// Every choice of `n` cover sets for `base`, each met once: the lowest base candidate
    /// not yet covered is either a fin or covered by the first of its houses (in house order)
    /// that the choice holds; houses passed over are barred from the rest of the branch.
    #[inline(always)]
    fn covers<C: Count>(&mut self, count: C, base: &Base) -> ControlFlow<()> {
        // Cover sets must hold a base candidate and differ from the base sets.
        let possible = self.cover_allowed & !base.houses & base.touch;
        if (possible.count_ones() as usize) < self.n {
            return ControlFlow::Continue(());
        }
        let fins = base.endo;
        if fins.len() > MAX_FINS {
            return ControlFlow::Continue(());
        }
        let mut seen = self.grid.cells_with(self.digit);
        for fin in fins {
            seen &= peers(fin);
        }
        // When the digit last gave nothing (see [`general`]), a fish must leave out of its
        // cover sets a base cell that lost the digit since: with all of them covered, the
        // same fish, with the same fins, would have been there before. Not so when a lost
        // cell lies in two base sets: it was an endo fin then, a fin wherever the covers lie,
        // and losing a fin can make a fish (more eliminations, or within the fin limits), so
        // such a base keeps its whole cover search.
        let open_gone = if self.need == u32::MAX {
            CellSet::ALL
        } else {
            let (mut once, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
            let mut rest = base.houses;
            while rest != 0 {
                let h = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                twice |= once & house(h);
                once |= house(h);
            }
            if (twice & self.gone).is_empty() {
                once & self.gone
            } else {
                CellSet::ALL
            }
        };
        let none = CellSet::EMPTY;
        self.cover_step(count, base, possible, 0, none, none, fins, seen, open_gone)
    }

    /// [`Self::bases_in`] in the build `count` stands for (see [`Self::cover_step`]).
    #[inline(always)]
    fn bases<C: Count>(
        &mut self,
        count: C,
        allowed: u32,
        from: usize,
        size: usize,
        base: Base,
        endo_count: usize,
    ) -> ControlFlow<()> {
        #[cfg(target_arch = "x86_64")]
        if let Some(fast) = count.fast() {
            // SAFETY: a `Popcnt` token exists only where `Popcnt::detect` found the
            // instruction on this CPU.
            return unsafe { self.bases_fast(fast, allowed, from, size, base, endo_count) };
        }
        self.bases_plain(allowed, from, size, base, endo_count)
    }

    /// [`Self::bases_in`] for any CPU.
    #[inline(never)]
    fn bases_plain(
        &mut self,
        allowed: u32,
        from: usize,
        size: usize,
        base: Base,
        endo_count: usize,
    ) -> ControlFlow<()> {
        self.bases_in(Portable, allowed, from, size, base, endo_count)
    }

    /// [`Self::bases_in`] compiled for CPUs with `popcnt`.
    ///
    /// # Safety
    ///
    /// The CPU must have `popcnt` (the token says so).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    #[inline(never)]
    unsafe fn bases_fast(
        &mut self,
        fast: Popcnt,
        allowed: u32,
        from: usize,
        size: usize,
        base: Base,
        endo_count: usize,
    ) -> ControlFlow<()> {
        self.bases_in(fast, allowed, from, size, base, endo_count)
    }

    /// [`Self::cover_step_in`] in the build `count` stands for: the search runs in one of
    /// two copies, chosen once per search, one for any CPU and one compiled for `popcnt`
    /// (the cover search counts bits at every node: one instruction there instead of a loop).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn cover_step<C: Count>(
        &mut self,
        count: C,
        base: &Base,
        allowed: u32,
        chosen: u32,
        covered: CellSet,
        twice: CellSet,
        fins: CellSet,
        seen: CellSet,
        open_gone: CellSet,
    ) -> ControlFlow<()> {
        #[cfg(target_arch = "x86_64")]
        if let Some(fast) = count.fast() {
            // SAFETY: a `Popcnt` token exists only where `Popcnt::detect` found the
            // instruction on this CPU.
            return unsafe {
                self.cover_step_fast(
                    fast, base, allowed, chosen, covered, twice, fins, seen, open_gone,
                )
            };
        }
        self.cover_step_plain(base, allowed, chosen, covered, twice, fins, seen, open_gone)
    }

    /// [`Self::cover_step_in`] for any CPU.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn cover_step_plain(
        &mut self,
        base: &Base,
        allowed: u32,
        chosen: u32,
        covered: CellSet,
        twice: CellSet,
        fins: CellSet,
        seen: CellSet,
        open_gone: CellSet,
    ) -> ControlFlow<()> {
        self.cover_step_in(
            Portable, base, allowed, chosen, covered, twice, fins, seen, open_gone,
        )
    }

    /// [`Self::cover_step_in`] compiled for CPUs with `popcnt`.
    ///
    /// # Safety
    ///
    /// The CPU must have `popcnt` (the token says so).
    #[cfg(target_arch = "x86_64")]
    #[allow(clippy::too_many_arguments)]
    #[target_feature(enable = "popcnt")]
    #[inline(never)]
    unsafe fn cover_step_fast(
        &mut self,
        fast: Popcnt,
        base: &Base,
        allowed: u32,
        chosen: u32,
        covered: CellSet,
        twice: CellSet,
        fins: CellSet,
        seen: CellSet,
        open_gone: CellSet,
    ) -> ControlFlow<()> {
        self.cover_step_in(
            fast, base, allowed, chosen, covered, twice, fins, seen, open_gone,
        )
    }

    /// One node of the cover search: `chosen` are the cover sets so far, `covered` the
    /// candidates they hold and `twice` those they hold twice, `allowed` the houses still
    /// open, `fins` the fins so far and `seen` the candidates that see every one of them.
    /// A branch is cut as soon as no candidate can go at its end: an elimination lies in a
    /// cover set (and outside the base sets, or in two cover sets) and sees every fin.
    /// `open_gone` are the cells that lost the digit since it last gave nothing and that no
    /// cover set chosen holds: a branch where none is left finds nothing new.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn cover_step_in<C: Count>(
        &mut self,
        count: C,
        base: &Base,
        allowed: u32,
        chosen: u32,
        covered: CellSet,
        twice: CellSet,
        fins: CellSet,
        seen: CellSet,
        open_gone: CellSet,
    ) -> ControlFlow<()> {
        if open_gone.is_empty() {
            return ControlFlow::Continue(());
        }
        // Lines against lines make a basic fish: a Franken fish on base lines alone needs a
        // box among its cover sets.
        if self.shape == Shape::Franken
            && (base.houses | chosen) & BOXES == 0
            && allowed & BOXES == 0
        {
            return ControlFlow::Continue(());
        }
        let (mut fins, mut seen) = (fins, seen);
        let mut left = base.cells - covered - fins;
        if left.is_empty() {
            return self.fill(base, allowed, chosen, fins, open_gone);
        }
        let covers_left = self.n - count.ones32(chosen);
        // What the houses still allowed can reach; the rest must be fins.
        let mut reach = CellSet::EMPTY;
        let mut reach_all = covered;
        let mut twice_all = twice;
        // The largest parts of `left` single houses can take, largest first.
        let mut top = [0usize; 6];
        if covers_left > 0 {
            let mut rest = allowed;
            while rest != 0 {
                let h = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let unit = self.unit[h];
                let part = unit & left;
                twice_all |= reach_all & unit;
                reach_all |= unit;
                if part.is_empty() {
                    continue;
                }
                reach |= part;
                let mut k = count.ones_in(part);
                for slot in top[..covers_left].iter_mut() {
                    if k > *slot {
                        std::mem::swap(slot, &mut k);
                    }
                }
            }
        }
        // Where an elimination can still be.
        let mut targets = seen & ((reach_all - base.cells) | (twice_all & base.cells));
        let forced = left - reach;
        if !forced.is_empty() {
            if !self.finned || count.ones_in(fins) + count.ones_in(forced) > MAX_FINS {
                return ControlFlow::Continue(());
            }
            fins |= forced;
            for fin in forced {
                seen &= peers(fin);
            }
            targets &= seen;
        }
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        if !forced.is_empty() {
            left -= forced;
            if left.is_empty() {
                return self.fill(base, allowed, chosen, fins, open_gone);
            }
        }
        // Each cover left takes at most `top` of them; fins take the rest, and only a cell
        // that sees a possible elimination can be a fin.
        let fins_left = if self.finned {
            let finable = if count.at_most(targets, 4) {
                targets.iter().fold(CellSet::EMPTY, |m, t| m | peers(t)) & left
            } else {
                left
            };
            (MAX_FINS - count.ones_in(fins)).min(count.ones_in(finable))
        } else {
            0
        };
        if left.len() > top[..covers_left].iter().sum::<usize>() + fins_left {
            return ControlFlow::Continue(());
        }
        // Branch on the cell with the fewest houses left to cover it.
        let mut cell = left.first().expect("left is not empty");
        let mut options = 4;
        for c in left {
            let k = count.houses_open(c, allowed);
            if k < options {
                (cell, options) = (c, k);
                if k == 1 {
                    break;
                }
            }
        }
        let mut allowed = allowed;
        for h in crate::geometry::classic::CELL_HOUSES[cell] {
            let h = usize::from(h);
            if allowed >> h & 1 == 0 {
                continue;
            }
            allowed &= !(1 << h);
            let unit = self.unit[h];
            self.cover_step(
                count,
                base,
                allowed,
                chosen | 1 << h,
                covered | unit,
                twice | (covered & unit),
                fins,
                seen,
                open_gone - house(h),
            )?;
        }
        // The cell as a fin: no house holding it may cover it later (`allowed` has lost them).
        if fins_left > 0 && targets.intersects(peers(cell)) {
            let fins = fins | CellSet::single(cell);
            return self.cover_step(
                count,
                base,
                allowed,
                chosen,
                covered,
                twice,
                fins,
                seen & peers(cell),
                open_gone,
            );
        }
        ControlFlow::Continue(())
    }

    /// Completes a cover with houses that add nothing to cover (every base candidate is
    /// already covered or a fin), then checks each.
    fn fill(
        &mut self,
        base: &Base,
        allowed: u32,
        chosen: u32,
        fins: CellSet,
        open_gone: CellSet,
    ) -> ControlFlow<()> {
        let count = chosen.count_ones() as usize;
        if count == self.n {
            return self.check(base, chosen, fins);
        }
        // (On the stack: this runs at every cover that is complete but for its count.)
        let mut extra = [0usize; 27];
        let mut len = 0;
        for h in 0..27 {
            if allowed >> h & 1 != 0 && !self.unit[h].intersects(fins - base.endo) {
                extra[len] = h;
                len += 1;
            }
        }
        combinations(&extra[..len], self.n - count, &mut |more| {
            let cover = more.iter().fold(chosen, |m, &h| m | 1 << h);
            if more
                .iter()
                .fold(open_gone, |left, &h| left - house(h))
                .is_empty()
            {
                return ControlFlow::Continue(());
            }
            self.check(base, cover, fins)
        })
    }

    fn check(&mut self, base: &Base, cover: u32, fins: CellSet) -> ControlFlow<()> {
        if self.finned == fins.is_empty() || shape(base.houses, cover) != self.shape {
            return ControlFlow::Continue(());
        }
        let mut cover_cells = CellSet::EMPTY;
        let mut twice = CellSet::EMPTY;
        for h in 0..27 {
            if cover >> h & 1 != 0 {
                twice |= cover_cells & self.unit[h];
                cover_cells |= self.unit[h];
            }
        }
        let mut targets = (cover_cells - base.cells) | (twice & base.cells);
        for fin in fins {
            targets &= peers(fin);
        }
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let houses = |mask: u32| -> Vec<u8> { (0..27u8).filter(|&h| mask >> h & 1 != 0).collect() };
        (self.sink)(Step::elimination(
            self.technique,
            targets
                .iter()
                .map(|c| Candidate::new(c, self.digit))
                .collect(),
            Evidence {
                houses: houses(base.houses),
                cover: houses(cover),
                cells: base.cells - fins,
                digits: digits::bit(self.digit),
                fins,
                ..Evidence::default()
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// An empty grid where `digit` is a candidate only where `keep` says, in the rows (or
    /// columns) listed; every other line keeps all its candidates.
    fn pattern(digit: u8, rows: bool, keep: &[(usize, &[usize])]) -> Grid {
        let mut grid = Grid::new(&Board::empty());
        for &(line, positions) in keep {
            for p in 0..9 {
                if !positions.contains(&p) {
                    let cell = if rows { 9 * line + p } else { 9 * p + line };
                    grid.eliminate(cell, digit);
                }
            }
        }
        grid
    }

    fn cells(list: &[(usize, usize)]) -> CellSet {
        list.iter().map(|&(r, c)| 9 * r + c).collect()
    }

    fn eliminated(step: &Step) -> CellSet {
        step.eliminations.iter().map(|e| e.cell()).collect()
    }

    #[test]
    fn each_basic_fish_has_its_slot() {
        for (i, &(t, n, kind)) in BASIC.iter().enumerate() {
            assert_eq!(slot(n, kind), i, "{t:?}");
            assert_eq!(basic_kind(t), Some((n, kind)));
        }
    }

    #[test]
    fn x_wing_in_rows_clears_its_columns() {
        // 5 only in c2 and c7 of r1 and r4.
        let grid = pattern(5, true, &[(0, &[1, 6]), (3, &[1, 6])]);
        let steps = Technique::XWing.all(&grid);
        let step = steps
            .iter()
            .find(|s| s.evidence.houses == [0, 3])
            .expect("the x-wing");
        assert_eq!(step.evidence.cover, vec![10, 15]);
        let expected = (house(10) | house(15)) - house(0) - house(3);
        assert_eq!(eliminated(step), expected);
        assert!(step.eliminations.iter().all(|e| e.digit == 5));
        assert_eq!(
            step.to_string(),
            format!(
                "x-wing 5 in r1,r4 / c2,c7 (r1c2,r1c7,r4c2,r4c7): {}",
                step.actions()
            )
        );
    }

    #[test]
    fn swordfish_in_columns_with_a_missing_corner() {
        // 3 in c1: r2,r5; c5: r5,r8; c9: r2,r8 (each column two of the three rows).
        let grid = pattern(3, false, &[(0, &[1, 4]), (4, &[4, 7]), (8, &[1, 7])]);
        let step = Technique::Swordfish
            .all(&grid)
            .into_iter()
            .find(|s| s.evidence.houses == [9, 13, 17])
            .expect("the swordfish");
        assert_eq!(step.evidence.cover, vec![1, 4, 7]);
        let expected = (house(1) | house(4) | house(7)) - house(9) - house(13) - house(17);
        assert_eq!(eliminated(&step), expected);
        // No X-Wing hides in it.
        assert!(
            Technique::XWing
                .all(&grid)
                .iter()
                .all(|s| s.evidence.houses.len() == 2
                    && !s.evidence.houses.iter().all(|h| [9, 13, 17].contains(h)))
        );
    }

    #[test]
    fn finned_x_wing_removes_only_what_sees_the_fin() {
        // 7 in r1: c2, c8; r5: c2, c8 and a fin in c9 (box 6).
        let grid = pattern(7, true, &[(0, &[1, 7]), (4, &[1, 7, 8])]);
        let finned = Technique::FinnedXWing.all(&grid);
        let step = finned
            .iter()
            .find(|s| s.evidence.houses == [0, 4])
            .expect("the finned x-wing");
        assert_eq!(step.evidence.fins, cells(&[(4, 8)]));
        // c8 cells of box 6 outside r5: r4c8, r6c8.
        assert_eq!(eliminated(step), cells(&[(3, 7), (5, 7)]));
        // Each base row keeps two candidates: finned, not sashimi.
        assert!(
            Technique::SashimiXWing
                .all(&grid)
                .iter()
                .all(|s| s.evidence.houses != [0, 4])
        );
    }

    #[test]
    fn sashimi_x_wing_has_a_base_row_of_one_candidate_besides_the_fins() {
        // 7 in r1: c2, c8; r5: c2 and fins in c7, c9 (box 6), no c8.
        let grid = pattern(7, true, &[(0, &[1, 7]), (4, &[1, 6, 8])]);
        let step = Technique::SashimiXWing
            .all(&grid)
            .into_iter()
            .find(|s| s.evidence.houses == [0, 4] && s.evidence.cover == [10, 16])
            .expect("the sashimi x-wing");
        assert_eq!(step.evidence.fins, cells(&[(4, 6), (4, 8)]));
        assert_eq!(eliminated(&step), cells(&[(3, 7), (5, 7)]));
        assert!(
            Technique::FinnedXWing
                .all(&grid)
                .iter()
                .all(|s| !(s.evidence.houses == [0, 4] && s.evidence.cover == [10, 16]))
        );
    }

    #[test]
    fn siamese_finned_x_wing_joins_two_fish_on_the_same_rows() {
        // 2 in r1: c1, c7; r2: c1, c7, c8. Covers c1, c7 leave the fin r2c8 (finned, removes
        // r3c7); covers c1, c8 leave the fins r1c7, r2c7 (sashimi: r1 keeps only c1; removes
        // r3c8). Together: one Siamese step led by the finned fish.
        let grid = pattern(2, true, &[(0, &[0, 6]), (1, &[0, 6, 7])]);
        let on_rows = |t: Technique| -> Vec<Step> {
            t.all(&grid)
                .into_iter()
                .filter(|s| s.evidence.houses == [0, 1])
                .collect()
        };
        let finned = on_rows(Technique::FinnedXWing);
        let sashimi = on_rows(Technique::SashimiXWing);
        assert!(finned.iter().any(|s| eliminated(s) == cells(&[(2, 6)])));
        assert!(sashimi.iter().any(|s| eliminated(s) == cells(&[(2, 7)])));
        let pair = finned
            .iter()
            .find(|s| eliminated(s) == cells(&[(2, 6), (2, 7)]))
            .expect("the siamese pair");
        assert_eq!(pair.evidence.cover, vec![9, 15, 16]);
        assert_eq!(pair.evidence.fins, cells(&[(0, 6), (1, 6), (1, 7)]));
        // A sashimi search reports pairs led by a sashimi fish only: none here.
        assert!(sashimi.iter().all(|s| s.eliminations.len() == 1));
    }

    /// The deterministic generator of the random positions below.
    use crate::testing::XorShift64 as Rng;

    /// Positions that keep a known solution's candidate in every cell and each other
    /// candidate with chance `keep` percent: no fish may ever remove a solution candidate,
    /// and every step must remove something. Returns how many steps each technique found.
    fn random_positions(
        techniques: &[Technique],
        count: usize,
        keep: u64,
        seed: u64,
    ) -> std::collections::HashMap<Technique, usize> {
        let solution = crate::solver::solve_first(&Board::empty()).expect("an empty grid solves");
        let mut rng = Rng(seed);
        let mut found = std::collections::HashMap::new();
        for _ in 0..count {
            let mut grid = Grid::new(&Board::empty());
            for cell in 0..81 {
                for d in 1..=9u8 {
                    if d != solution.get(cell) && rng.next_u64() % 100 >= keep {
                        grid.eliminate(cell, d);
                    }
                }
            }
            for &t in techniques {
                for step in t.all(&grid) {
                    assert!(!step.eliminations.is_empty());
                    for e in &step.eliminations {
                        assert!(grid.has(e.cell(), e.digit), "{step}");
                        assert_ne!(solution.get(e.cell()), e.digit, "{step}\n{grid}");
                    }
                    *found.entry(t).or_insert(0) += 1;
                }
            }
        }
        found
    }

    #[test]
    fn basic_fish_never_remove_the_solution_of_a_consistent_position() {
        let techniques: Vec<Technique> = Technique::ALL
            .iter()
            .copied()
            .filter(|&t| basic_kind(t).is_some())
            .collect();
        let found = random_positions(&techniques, 60, 30, 0x9e37_79b9_7f4a_7c15);
        // The positions are loose enough for every kind to show up.
        for &t in &techniques {
            assert!(
                found.get(&t).copied().unwrap_or(0) > 0,
                "no {} found",
                t.name()
            );
        }
    }

    /// A fish as the tests compare them: technique, base sets, cover sets, eliminations.
    type Fish = (Technique, Vec<u8>, Vec<u8>, Vec<Candidate>);

    /// Every finned and sashimi fish (not the Siamese pairs) by brute force: every `n` lines
    /// holding the digit as base sets, every `n` positions of their candidates as covers.
    fn brute_force_finned(grid: &Grid) -> Vec<Fish> {
        let mut found = Vec::new();
        for digit in 1..=9u8 {
            let cands = grid.cells_with(digit);
            for rows in [true, false] {
                let mut masks = [0u16; 9];
                for cell in cands {
                    let (line, p) = if rows {
                        (cell / 9, cell % 9)
                    } else {
                        (cell % 9, cell / 9)
                    };
                    masks[line] |= 1 << p;
                }
                let lines: Vec<usize> = (0..9).filter(|&i| masks[i] != 0).collect();
                for n in 2..=4 {
                    if cands.len() < 2 * n {
                        continue;
                    }
                    let _ = combinations(&lines, n, &mut |base| {
                        let union = base.iter().fold(0u16, |m, &i| m | masks[i]);
                        let positions: Vec<u16> = (0..9).filter(|&p| union >> p & 1 != 0).collect();
                        if positions.len() <= n {
                            return ControlFlow::Continue(());
                        }
                        combinations(&positions, n, &mut |cover| {
                            let cover = cover.iter().fold(0u16, |m, &p| m | 1 << p);
                            let sashimi =
                                base.iter().any(|&i| (masks[i] & cover).count_ones() <= 1);
                            let kind = if sashimi { Kind::Sashimi } else { Kind::Finned };
                            let t = basic_technique(n, kind);
                            if let Some(s) = fish_step(grid, t, digit, rows, base, &masks, cover) {
                                let e = s.evidence;
                                found.push((t, e.houses, e.cover, s.eliminations));
                            }
                            ControlFlow::Continue(())
                        })
                    });
                }
            }
        }
        found.sort();
        found
    }

    #[test]
    fn finned_fish_agree_with_a_brute_force_search() {
        let solution = crate::solver::solve_first(&Board::empty()).expect("an empty grid solves");
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut total = 0;
        for _ in 0..40 {
            let mut grid = Grid::new(&Board::empty());
            for cell in 0..81 {
                for d in 1..=9u8 {
                    if d != solution.get(cell) && rng.next_u64() % 100 >= 35 {
                        grid.eliminate(cell, d);
                    }
                }
            }
            let mut searched = Vec::new();
            for &(t, ..) in &BASIC[3..] {
                for s in t.all(&grid) {
                    // Siamese pairs have more covers than base sets.
                    if s.evidence.cover.len() == s.evidence.houses.len() {
                        let e = s.evidence;
                        searched.push((t, e.houses, e.cover, s.eliminations));
                    }
                }
            }
            searched.sort();
            let expected = brute_force_finned(&grid);
            total += expected.len();
            assert_eq!(searched, expected, "\n{grid}");
        }
        assert!(total > 20, "the positions hold finned fish: {total}");
    }

    #[test]
    fn the_fish_of_one_grid_are_not_reported_for_another() {
        // Two grids, each with an X-Wing on its own digit; asked for alternately.
        let a = pattern(5, true, &[(0, &[1, 6]), (3, &[1, 6])]);
        let b = pattern(3, false, &[(0, &[1, 4]), (4, &[1, 4])]);
        let first_a = Technique::XWing.all(&a);
        let first_b = Technique::XWing.all(&b);
        assert!(first_a.iter().any(|s| s.evidence.digits == digits::bit(5)));
        assert!(first_b.iter().any(|s| s.evidence.digits == digits::bit(3)));
        assert!(first_a.iter().all(|s| s.evidence.digits == digits::bit(5)));
        assert!(first_b.iter().all(|s| s.evidence.digits == digits::bit(3)));
        assert_eq!(Technique::XWing.all(&a), first_a);
        for (grid, steps) in [(&a, &first_a), (&b, &first_b)] {
            for e in steps.iter().flat_map(|s| &s.eliminations) {
                assert!(grid.has(e.cell(), e.digit));
            }
        }
    }

    #[test]
    fn franken_swordfish_with_a_box_among_its_base_sets() {
        // 4 only in r1: c1, c2; r2: c2, c3; and in box 7 at r7c1, r8c3. Base r1, r2, b7;
        // cover c1, c2, c3: the 4s of c1-c3 in r3-r6 go.
        let mut grid = pattern(4, true, &[(0, &[0, 1]), (1, &[1, 2])]);
        for cell in house(24) {
            if cell != 54 && cell != 65 {
                grid.eliminate(cell, 4);
            }
        }
        let step = Technique::FrankenSwordfish
            .all(&grid)
            .into_iter()
            .find(|s| s.evidence.houses == [0, 1, 24])
            .expect("the franken swordfish");
        assert_eq!(step.evidence.cover, vec![9, 10, 11]);
        assert!(step.evidence.fins.is_empty());
        let expected: CellSet = (2..6)
            .flat_map(|r| (0..3).map(move |c| 9 * r + c))
            .collect();
        assert_eq!(eliminated(&step), expected);
        assert!(
            step.to_string()
                .starts_with("franken swordfish 4 in r1,r2,b7 / c1,c2,c3")
        );
    }

    /// The project's hard puzzles, solved with the easier techniques until they stick: every
    /// Franken or mutant fish found where they stick agrees with the unique solution.
    #[test]
    fn franken_and_mutant_fish_agree_with_the_solution_of_hard_puzzles() {
        // The easier techniques only: singles, intersections, subsets and basic fish.
        let easier = "singles,intersections,subsets,0300,0301,0302,0310,0311,0312,0320,0321,0322";
        let ladder = super::super::Ladder::from_list(easier).expect("known techniques");
        let general: Vec<Technique> = Technique::ALL
            .iter()
            .copied()
            .filter(|&t| general_kind(t).is_some())
            .collect();
        let mut steps = 0;
        for line in include_str!("../../puzzles/hard.txt").lines() {
            let Ok(board) = line.trim().parse::<Board>() else {
                continue;
            };
            let solution = crate::solver::solve_first(&board).expect("solvable");
            let mut check = |grid: &Grid| {
                for &t in &general {
                    for step in t.all(grid) {
                        steps += 1;
                        for e in &step.eliminations {
                            assert!(grid.has(e.cell(), e.digit), "{step}");
                            assert_ne!(solution.get(e.cell()), e.digit, "{step}\n{grid}");
                        }
                    }
                }
            };
            let mut grid = Grid::new(&board);
            let _ = super::super::solve(&mut grid, &ladder, None, |_, _| ControlFlow::Continue(()));
            check(&grid);
        }
        eprintln!("{steps} franken or mutant steps checked");
        assert!(steps > 0, "the hard puzzles hold franken or mutant fish");
    }

    /// The cover search's two builds (for any CPU, and for `popcnt` where this one has it)
    /// find the same steps, in the same order, on hard puzzles stuck after the easier
    /// techniques.
    #[test]
    fn franken_builds_find_the_same_steps() {
        let easier = "singles,intersections,subsets,0300,0301,0302,0310,0311,0312,0320,0321,0322";
        let ladder = super::super::Ladder::from_list(easier).expect("known techniques");
        let mut found = 0;
        for line in include_str!("../../puzzles/hard.txt").lines().take(40) {
            let Ok(board) = line.trim().parse::<Board>() else {
                continue;
            };
            let mut grid = Grid::new(&board);
            let _ = super::super::solve(&mut grid, &ladder, None, |_, _| ControlFlow::Continue(()));
            for &(t, ..) in &GENERAL {
                let run = |popcnt: Option<Popcnt>, barren: &mut Barren| -> Vec<String> {
                    crate::logic::all_found(|sink| general_in(&grid, t, popcnt, barren, sink))
                        .iter()
                        .map(Step::to_string)
                        .collect()
                };
                let portable = run(None, &mut Barren::default());
                assert_eq!(
                    run(Popcnt::detect(), &mut Barren::default()),
                    portable,
                    "{t:?}"
                );
                found += portable.len();
            }
        }
        assert!(found > 0, "the hard puzzles hold franken or mutant fish");
    }

    /// The template test (`no_fish`) against the searches without it, on hard puzzles
    /// stuck after the easier techniques and a few steps short of that: every Franken and
    /// mutant fish found without it is found with it, in the same order, and the test rules
    /// digits out along the way.
    #[test]
    fn template_test_misses_no_fish() {
        let easier = "singles,intersections,subsets,0300,0301,0302,0310,0311,0312,0320,0321,0322";
        let ladder = super::super::Ladder::from_list(easier).expect("known techniques");
        let (mut found, mut ruled_out) = (0, 0);
        for line in include_str!("../../puzzles/hard.txt").lines().take(30) {
            let Ok(board) = line.trim().parse::<Board>() else {
                continue;
            };
            let mut grid = Grid::new(&board);
            let mut before = Vec::new();
            let _ = super::super::solve(&mut grid, &ladder, None, |g, _| {
                before.push(*g);
                ControlFlow::Continue(())
            });
            let earlier = before.len().saturating_sub(3);
            for grid in [grid].into_iter().chain(before.get(earlier).copied()) {
                ruled_out += (1..=9u8).filter(|&d| no_fish(&grid, d)).count();
                for &(t, ..) in &GENERAL[..5] {
                    let run = |barren: &mut Barren| -> Vec<String> {
                        crate::logic::all_found(|sink| general(&grid, t, barren, sink))
                            .iter()
                            .map(Step::to_string)
                            .collect()
                    };
                    let with = run(&mut Barren::default());
                    let without = run(&mut Barren {
                        no_templates: true,
                        ..Barren::default()
                    });
                    assert_eq!(with, without, "{t:?}");
                    found += with.len();
                }
            }
        }
        assert!(
            found > 0 && ruled_out > 0,
            "found {found}, ruled out {ruled_out}"
        );
    }

    /// The Franken-fish memo against a fresh search: for a digit a technique finds nothing
    /// for, take out one candidate of that digit at a time; the search that
    /// remembers the first grid must find on the second exactly what a fresh search finds.
    /// This covers every kind of lost cell: a plain base candidate, a fin and an endo fin.
    #[test]
    fn franken_memo_misses_nothing_a_fresh_search_finds() {
        const PUZZLES: [&str; 2] = [
            "98.7.....7.....6....6.5.....4...3.2...7..9...5..8...1.3..6...9..1.....4.....2..6.",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ];
        let steps = |grid: &Grid, t: Technique, barren: &mut Barren| -> Vec<String> {
            crate::logic::all_found(|sink| general(grid, t, barren, sink))
                .iter()
                .map(Step::to_string)
                .collect()
        };
        let (mut compared, mut found) = (0, 0);
        for puzzle in PUZZLES {
            let grid = Grid::new(&puzzle.parse::<Board>().expect("a puzzle"));
            for t in [
                Technique::FinnedFrankenXWing,
                Technique::FrankenSwordfish,
                Technique::FinnedFrankenSwordfish,
            ] {
                let mut warm = Barren::default();
                steps(&grid, t, &mut warm);
                // The digits the search found nothing for (the memo keeps only those).
                let barren: Vec<u8> = (1..=9).filter(|&d| warm.slot(t, d).is_some()).collect();
                for digit in barren {
                    for cell in grid.cells_with(digit) {
                        let mut next = grid;
                        next.eliminate(cell, digit);
                        let fresh = steps(&next, t, &mut Barren::default());
                        let kept = steps(&next, t, &mut warm.clone());
                        assert_eq!(
                            kept,
                            fresh,
                            "{t:?} after r{}c{}<>{digit}",
                            cell / 9 + 1,
                            cell % 9 + 1
                        );
                        compared += 1;
                        found += usize::from(!fresh.is_empty());
                    }
                }
            }
        }
        // The comparison saw grids where the fish appear, not only empty searches.
        assert!(
            compared > 0 && found > 0,
            "compared {compared}, found {found}"
        );
    }

    #[test]
    fn per_digit_memo_gives_what_a_search_of_the_whole_grid_finds() {
        const PUZZLES: [&str; 2] = [
            "98.7.....7.....6....6.5.....4...3.2...7..9...5..8...1.3..6...9..1.....4.....2..6.",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ];
        let mut seed = crate::testing::XorShift32(0x2545_f491);
        let (mut compared, mut found) = (0, 0);
        for puzzle in PUZZLES {
            let mut grid = Grid::new(&puzzle.parse::<Board>().expect("a puzzle"));
            // One memo along the way, as a solve keeps it: a few candidates go at each
            // step, so most digits keep theirs and their fish come from the memo.
            let mut memo = Memo::default();
            for _ in 0..40 {
                for (kind, finned) in [
                    (Kind::Plain, false),
                    (Kind::Finned, true),
                    (Kind::Sashimi, true),
                ] {
                    let fresh = search_basic(&grid, finned);
                    for n in 2..=4 {
                        let kept: Vec<Step> =
                            crate::logic::all_found(|sink| basic(&grid, n, kind, &mut memo, sink));
                        assert_eq!(kept, fresh[slot(n, kind)]);
                        compared += 1;
                        found += kept.len();
                    }
                }
                for _ in 0..3 {
                    let r = seed.next_u32();
                    let (cell, digit) = ((r % 81) as usize, (r / 81 % 9) as u8 + 1);
                    if grid.candidates(cell).count_ones() > 2 {
                        grid.eliminate(cell, digit);
                    }
                }
            }
        }
        assert!(
            compared > 0 && found > 20,
            "compared {compared}, found {found}"
        );
    }
}
