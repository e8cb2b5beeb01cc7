//! Canonical forms: the minlex representative of a puzzle's class, its automorphism count, and
//! the transformations that turn a puzzle into an equivalent one.
//!
//! Two puzzles are equivalent when one turns into the other by the Sudoku symmetries:
//! transposing, permuting bands, rows within a band, stacks and columns within a stack (the
//! 2 × 6⁸ = 3,359,232 *geometric* transformations), and relabelling the digits (9!). The
//! **minlex** form (the forums' standard) is, among all equivalent puzzles, the
//! lexicographically smallest 81-character string with blanks as `0`; it always has its digits
//! in order of first appearance (the first given is a 1, the next new digit a 2, ...).
//!
//! # How the search prunes
//!
//! The string is compared row by row, so the search builds the canonical grid one row at a
//! time and keeps only the ways of ordering the puzzle (the candidates) whose rows so far
//! equal the smallest prefix found. A candidate fixes the transposition, the source rows of
//! the rows placed, the order of the stacks, and the labels of the digits seen so far; its
//! columns are an ordered list of *groups* of columns that every placed row leaves tied
//! (equal labels, usually blanks), whose order inside the group is still free. Placing the
//! next row tries each source row the band structure allows, sorts each group of that row
//! (blanks first, then known labels, then new digits, which get the next labels in order),
//! and splits the groups where the values differ. A row whose prefix already exceeds the best
//! prefix is abandoned group by group, and once a candidate's row loses, the candidate is
//! gone: on real puzzles a few dozen candidates survive the first row and a handful the
//! second. New digits in one group can be labelled in any order with the same row (a row
//! holds a digit once); the search branches over those orders, since later rows tell them
//! apart. Rows that repeat a digit (puzzles that break the rules) are handled by trying each
//! order and comparing, which is exact for them too.
//!
//! The candidates left after the ninth row are all the ways to reach the minimal string; each
//! stands for the permutations of its remaining tied groups (identical columns), so the
//! number of geometric transformations mapping the puzzle onto its minlex form (with some
//! relabelling), which is the size of its automorphism group, is the sum over the candidates
//! of the product of the groups' factorials.
//!
//! # Example
//!
//! ```
//! use sudoku::board::Board;
//! use sudoku::canon::{Canonicalizer, Transform};
//!
//! let puzzle: Board = "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2...."
//!     .parse()
//!     .unwrap();
//! let mut canon = Canonicalizer::new();
//! let form = canon.minlex(puzzle.cells());
//! // Any equivalent puzzle has the same form.
//! let moved: Transform = "t321456789/123456789/987654321".parse().unwrap();
//! assert_eq!(canon.minlex(&moved.apply(puzzle.cells())).cells, form.cells);
//! // The transformation found takes the puzzle to its form.
//! assert_eq!(form.transform.apply(puzzle.cells()), form.cells);
//! ```

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use thiserror::Error;

use crate::board::CELLS;
use crate::generate::Stream;
use crate::geometry::classic::ORDERS_OF_THREE;

/// The number of geometric transformations: 2 (transposition) × 6⁸ (bands, stacks, and rows
/// and columns within each).
pub const GEOMETRIC: u32 = 3_359_232;

/// A transformation of the grid: transpose (or not), then reorder rows and columns, then
/// relabel the digits. Cell `(r, c)` of the result is
/// `digits[source(rows[r], cols[c])]`, where `source` is the input, transposed first when
/// `transpose` is set.
///
/// Its text form, which `sudoku canon --format json` prints and `sudoku transform --apply`
/// reads, is `[t]ROWS/COLS/DIGITS`: a leading `t` for transposition; ROWS and COLS the input's
/// rows and columns (numbered from 1) in their new order; DIGITS the new digit of each digit 1
/// to 9. The identity is `123456789/123456789/123456789`; `t987654321/123456789/123456789` is
/// a quarter turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Transform {
    /// Transpose first.
    pub transpose: bool,
    /// Row `r` of the result is row `rows[r]` (from 0) of the (transposed) input. A band
    /// stays a band: `rows` permutes the bands and the rows within each.
    pub rows: [u8; 9],
    /// Column `c` of the result is column `cols[c]` (from 0), stacks kept likewise.
    pub cols: [u8; 9],
    /// The new value of each value: `digits[0]` is 0 (a blank stays blank), `digits[1..]` a
    /// permutation of 1 to 9.
    pub digits: [u8; 10],
}

/// Why a transformation's text or parts are not one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TransformError {
    /// Not of the form `[t]ROWS/COLS/DIGITS`.
    #[error(
        "invalid transformation {0:?}: expected [t]ROWS/COLS/DIGITS, e.g. t213456789/123456789/987654321"
    )]
    Syntax(String),
    /// A part that is not a permutation of its digits.
    #[error("{what} {text:?} is not a permutation of {expected}")]
    NotPermutation {
        /// Which part: rows, columns, bands, stacks, digits.
        what: &'static str,
        /// The text given.
        text: String,
        /// The digits it should hold, e.g. `1-9`.
        expected: &'static str,
    },
    /// Rows or columns that break a band or a stack apart.
    #[error("{what} {text:?} splits a {unit}: the {what} of each {unit} must stay together")]
    SplitsBand {
        /// rows or columns.
        what: &'static str,
        /// The text given.
        text: String,
        /// band or stack.
        unit: &'static str,
    },
}

impl Transform {
    /// The transformation that changes nothing.
    pub const IDENTITY: Transform = Transform {
        transpose: false,
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// The transformed grid.
    pub fn apply(&self, cells: &[u8; CELLS]) -> [u8; CELLS] {
        let mut out = [0u8; CELLS];
        for (r, &sr) in self.rows.iter().enumerate() {
            for (c, &sc) in self.cols.iter().enumerate() {
                let (sr, sc) = (sr as usize, sc as usize);
                let v = if self.transpose {
                    cells[sc * 9 + sr]
                } else {
                    cells[sr * 9 + sc]
                };
                // A value above 9 is a blank, as `Canonicalizer::minlex` reads it.
                out[r * 9 + c] = if v > 9 {
                    0
                } else {
                    self.digits[usize::from(v)]
                };
            }
        }
        out
    }

    /// For each cell of the result, the input cell it comes from.
    pub fn cell_map(&self) -> [u8; CELLS] {
        let mut map = [0u8; CELLS];
        for (r, &sr) in self.rows.iter().enumerate() {
            for (c, &sc) in self.cols.iter().enumerate() {
                map[r * 9 + c] = if self.transpose {
                    sc * 9 + sr
                } else {
                    sr * 9 + sc
                };
            }
        }
        map
    }

    /// This transformation followed by `next`.
    pub fn then(&self, next: &Transform) -> Transform {
        let first = self.cell_map();
        let second = next.cell_map();
        // Result cell i comes from cell second[i] of the middle grid, which comes from
        // first[second[i]] of the input.
        let map: [u8; CELLS] = std::array::from_fn(|i| first[second[i] as usize]);
        // Transposed overall when the first row of the result comes from a column.
        let transpose = map[0] / 9 != map[1] / 9;
        let (rows, cols) = if transpose {
            (
                std::array::from_fn(|r| map[r * 9] % 9),
                std::array::from_fn(|c| map[c] / 9),
            )
        } else {
            (
                std::array::from_fn(|r| map[r * 9] / 9),
                std::array::from_fn(|c| map[c] % 9),
            )
        };
        let digits = std::array::from_fn(|d| next.digits[self.digits[d] as usize]);
        Transform {
            transpose,
            rows,
            cols,
            digits,
        }
    }

    /// The transformation that undoes this one.
    pub fn inverse(&self) -> Transform {
        let mut rows = [0u8; 9];
        let mut cols = [0u8; 9];
        for i in 0..9 {
            rows[self.rows[i] as usize] = i as u8;
            cols[self.cols[i] as usize] = i as u8;
        }
        let mut digits = [0u8; 10];
        for d in 0..10 {
            digits[self.digits[d] as usize] = d as u8;
        }
        if self.transpose {
            // out(r, c) = in(cols[c], rows[r]); so in(x, y) = out(rows⁻¹[y], cols⁻¹[x]):
            // transposed again, with the roles of the two permutations swapped.
            std::mem::swap(&mut rows, &mut cols);
        }
        Transform {
            transpose: self.transpose,
            rows,
            cols,
            digits,
        }
    }

    /// A uniformly random transformation (geometry and labels) drawn from stream `stream` of
    /// `seed`: the same pair gives the same transformation on every platform.
    pub fn random(seed: u64, stream: u64) -> Transform {
        let key = ChaCha8Rng::seed_from_u64(seed).get_seed();
        let mut rng = Stream::new(key, stream);
        let transpose = rng.chance(1, 2);
        let lines = |rng: &mut Stream| {
            let mut units = [0u8, 1, 2];
            rng.shuffle(&mut units);
            let mut out = [0u8; 9];
            for (i, &u) in units.iter().enumerate() {
                let mut within = [0u8, 1, 2];
                rng.shuffle(&mut within);
                for (j, &w) in within.iter().enumerate() {
                    out[i * 3 + j] = u * 3 + w;
                }
            }
            out
        };
        let rows = lines(&mut rng);
        let cols = lines(&mut rng);
        let mut perm = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut perm);
        let mut digits = [0u8; 10];
        digits[1..].copy_from_slice(&perm);
        Transform {
            transpose,
            rows,
            cols,
            digits,
        }
    }

    /// The rows (or columns) given as 9 digits 1-9 in their new order, checked to keep the
    /// bands (stacks) together.
    pub fn parse_lines(text: &str, what: &'static str) -> Result<[u8; 9], TransformError> {
        let unit = if what == "rows" { "band" } else { "stack" };
        let lines = parse_perm::<9>(text, what, 1)?;
        let mut out = [0u8; 9];
        for (i, &l) in lines.iter().enumerate() {
            out[i] = l - 1;
        }
        for band in out.chunks(3) {
            if band.iter().any(|&l| l / 3 != band[0] / 3) {
                return Err(TransformError::SplitsBand {
                    what,
                    text: text.to_owned(),
                    unit,
                });
            }
        }
        Ok(out)
    }

    /// Bands (or stacks) given as 3 digits 1-3 in their new order, as rows (columns).
    pub fn parse_units(text: &str, what: &'static str) -> Result<[u8; 9], TransformError> {
        let units = parse_perm::<3>(text, what, 1)?;
        Ok(std::array::from_fn(|i| {
            (units[i / 3] - 1) * 3 + (i % 3) as u8
        }))
    }

    /// A relabelling given as the new digit of each digit 1 to 9.
    pub fn parse_digits(text: &str) -> Result<[u8; 10], TransformError> {
        let perm = parse_perm::<9>(text, "digits", 1)?;
        let mut digits = [0u8; 10];
        digits[1..].copy_from_slice(&perm);
        Ok(digits)
    }
}

/// `N` distinct digits `base..base + N`, as written.
fn parse_perm<const N: usize>(
    text: &str,
    what: &'static str,
    base: u8,
) -> Result<[u8; N], TransformError> {
    let bad = || TransformError::NotPermutation {
        what,
        text: text.to_owned(),
        expected: if N == 9 { "1-9" } else { "1-3" },
    };
    let bytes = text.trim().as_bytes();
    if bytes.len() != N {
        return Err(bad());
    }
    let mut out = [0u8; N];
    let mut seen = 0u16;
    for (o, &b) in out.iter_mut().zip(bytes) {
        let v = b.wrapping_sub(b'0');
        if v < base || v >= base + N as u8 || seen & (1 << v) != 0 {
            return Err(bad());
        }
        seen |= 1 << v;
        *o = v;
    }
    Ok(out)
}

impl fmt::Display for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.transpose {
            f.write_str("t")?;
        }
        let digits = |s: &[u8], plus: u8| -> String {
            s.iter().map(|&v| char::from(b'0' + v + plus)).collect()
        };
        write!(
            f,
            "{}/{}/{}",
            digits(&self.rows, 1),
            digits(&self.cols, 1),
            digits(&self.digits[1..], 0)
        )
    }
}

impl FromStr for Transform {
    type Err = TransformError;

    fn from_str(text: &str) -> Result<Transform, TransformError> {
        let trimmed = text.trim();
        let (transpose, rest) = match trimmed.strip_prefix(['t', 'T']) {
            Some(rest) => (true, rest),
            None => (false, trimmed),
        };
        let parts: Vec<&str> = rest.split('/').collect();
        let [rows, cols, digits] = parts[..] else {
            return Err(TransformError::Syntax(text.to_owned()));
        };
        Ok(Transform {
            transpose,
            rows: Transform::parse_lines(rows, "rows")?,
            cols: Transform::parse_lines(cols, "columns")?,
            digits: Transform::parse_digits(digits)?,
        })
    }
}

/// A puzzle's canonical form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Canonical {
    /// The minlex grid: 0 for blanks, digits in order of first appearance.
    pub cells: [u8; CELLS],
    /// How many of the [`GEOMETRIC`] transformations, each with some relabelling, map the
    /// puzzle onto itself (1 for most puzzles; 3,359,232 for the empty grid).
    pub automorphisms: u32,
    /// A transformation taking the puzzle to [`Canonical::cells`].
    pub transform: Transform,
}

impl Canonical {
    /// The form as one 81-character line, `blank` for blanks.
    pub fn line(&self, blank: u8) -> [u8; CELLS] {
        self.cells
            .map(|v| if v == 0 { blank } else { b'0' + v.min(9) })
    }
}

/// One way of ordering the puzzle that is still tied for the smallest prefix.
///
/// ```text
/// cols:  source column at each target position, stacks in their chosen order
///        [ 4 3 5 | 0 2 1 | 7 6 8 ]
/// ends:  bit p set where a group of tied columns ends (always at 2, 5 and 8)
///           ^   ^       ^ ^     ^     groups: {4} {3 5} {0 2 1} {7} {6 8}
/// ```
///
/// Inside a group the order of the columns is still free: every row placed so far has the
/// same label in each of them.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    /// 0: the puzzle as given; 1: its transpose.
    grid: u8,
    /// Bit r set: source row r is placed.
    used: u16,
    /// Source row of each target row placed.
    rows: [u8; 9],
    /// Source column at each target position (see above).
    cols: [u8; 9],
    /// Bit p: a group of tied columns ends at position p.
    ends: u16,
    /// The label given to each digit, 0 while unseen; `labels[0]` is 0 (blank).
    labels: [u8; 10],
    /// The next label to give.
    next: u8,
}

/// The orders in which up to three new digits of a group can take their labels.
const ORDERS: [&[[u8; 3]]; 4] = [
    &[[0, 0, 0]],
    &[[0, 0, 0]],
    &[[0, 1, 0], [1, 0, 0]],
    &ORDERS_OF_THREE,
];

/// The row being placed: the best row found so far and the candidates that reach it.
///
/// A row is packed into a `u64`, 4 bits a cell, the first cell in the highest bits (bits
/// 32-35), so that comparing rows, or prefixes of rows, is comparing integers.
struct Level<'a> {
    /// The smallest row so far; `u64::MAX` before the first.
    best: u64,
    found: &'a mut Vec<Candidate>,
}

impl Level<'_> {
    /// Keeps `child` if its row `row` is the smallest so far (dropping the others) or ties.
    #[inline]
    fn offer(&mut self, child: &Candidate, row: u64) {
        match row.cmp(&self.best) {
            Ordering::Less => {
                self.best = row;
                self.found.clear();
                self.found.push(*child);
            }
            Ordering::Equal => self.found.push(*child),
            Ordering::Greater => {}
        }
    }

    /// Places the groups from position `start` on of the source row `source` (values by
    /// source column) into `child`'s row `row`, branching over the orders of new digits, and
    /// offers each completed row. Returns false when the row was cut off as larger than the
    /// best (when `repeats` is false, every other order of the earlier groups' new digits
    /// would give the same row and is cut off too).
    ///
    /// This is the hot path: a group is usually a single column or holds at most one new
    /// digit, which needs no branch, so groups are taken in a loop and only a group with two
    /// or three new digits recurses.
    fn place(
        &mut self,
        source: &[u8; 9],
        repeats: bool,
        mut child: Candidate,
        mut row: u64,
        mut start: usize,
    ) -> bool {
        while start < 9 {
            let end = start + (child.ends >> start).trailing_zeros() as usize;
            // The digits of the group not labelled yet (distinct).
            let mut new = [0u8; 3];
            let mut n = 0;
            for &col in &child.cols[start..=end] {
                let d = source[col as usize];
                if d != 0 && child.labels[d as usize] == 0 && !new[..n].contains(&d) {
                    new[n] = d;
                    n += 1;
                }
            }
            if n >= 2 {
                for order in ORDERS[n] {
                    let mut c = child;
                    for &i in &order[..n] {
                        c.labels[new[i as usize] as usize] = c.next;
                        c.next += 1;
                    }
                    let mut r = row;
                    if !self.sort_group(source, &mut c, &mut r, start, end) {
                        if repeats {
                            continue;
                        }
                        return false;
                    }
                    if !self.place(source, repeats, c, r, end + 1) && !repeats {
                        return false;
                    }
                }
                return true;
            }
            if n == 1 {
                child.labels[new[0] as usize] = child.next;
                child.next += 1;
            }
            if !self.sort_group(source, &mut child, &mut row, start, end) {
                return false;
            }
            start = end + 1;
        }
        self.offer(&child, row);
        true
    }

    /// Sorts the group `start..=end` of `c` by the labels of its cells in `source` (every
    /// digit in it labelled), writes them into `row` and splits the group where they differ.
    /// Returns false when the row so far is larger than the best.
    #[inline]
    fn sort_group(
        &self,
        source: &[u8; 9],
        c: &mut Candidate,
        row: &mut u64,
        start: usize,
        end: usize,
    ) -> bool {
        let label = |col: u8| c.labels[source[col as usize] as usize];
        if start == end {
            *row |= u64::from(label(c.cols[start])) << (4 * (8 - start));
        } else {
            // Insertion sort of two or three columns.
            let len = end - start + 1;
            let mut cols = [0u8; 3];
            let mut keys = [0u8; 3];
            for j in 0..len {
                let col = c.cols[start + j];
                let key = label(col);
                let mut k = j;
                while k > 0 && keys[k - 1] > key {
                    keys[k] = keys[k - 1];
                    cols[k] = cols[k - 1];
                    k -= 1;
                }
                keys[k] = key;
                cols[k] = col;
            }
            for j in 0..len {
                c.cols[start + j] = cols[j];
                *row |= u64::from(keys[j]) << (4 * (8 - start - j));
                // Split the group where the labels differ.
                if j + 1 < len && keys[j] != keys[j + 1] {
                    c.ends |= 1 << (start + j);
                }
            }
        }
        // The bits of the cells after this group, cleared for the prefix comparison.
        let after = (1u64 << (4 * (8 - end))) - 1;
        *row <= self.best & !after
    }
}

/// Finds canonical forms, keeping its buffers from one puzzle to the next.
#[derive(Debug, Default)]
pub struct Canonicalizer {
    current: Vec<Candidate>,
    found: Vec<Candidate>,
}

impl Canonicalizer {
    /// A canonicalizer with empty buffers.
    pub fn new() -> Canonicalizer {
        Canonicalizer::default()
    }

    /// The minlex form of `cells` (0 for blanks, 1-9 for givens; any other value counts as
    /// blank), with its automorphism count and a transformation reaching it. Any grid is
    /// accepted: proper puzzles, puzzles with several solutions or none, givens that break the
    /// rules, complete grids, the empty grid.
    pub fn minlex(&mut self, cells: &[u8; CELLS]) -> Canonical {
        // The puzzle and its transpose, row by row.
        let mut grids = [[[0u8; 9]; 9]; 2];
        for r in 0..9 {
            for c in 0..9 {
                let v = cells[r * 9 + c];
                let v = if v > 9 { 0 } else { v };
                grids[0][r][c] = v;
                grids[1][c][r] = v;
            }
        }
        // Rows that hold a digit twice need every labelling order tried (see `place`).
        let mut repeats = [[false; 9]; 2];
        for (g, grid) in grids.iter().enumerate() {
            for (r, row) in grid.iter().enumerate() {
                let mut seen = 0u16;
                for &v in row.iter().filter(|&&v| v != 0) {
                    repeats[g][r] |= seen & (1 << v) != 0;
                    seen |= 1 << v;
                }
            }
        }

        // The first row shortcut: with no digit labelled yet, a row without repeats is
        // smallest with its stacks in increasing order of givens, each stack's blanks first;
        // its value then depends only on those counts. Only the rows whose value is the least
        // such value (and rows with repeats, which may do better) are worth placing first.
        let mut first_rows = [0u16; 2];
        let mut least = u64::MAX;
        let mut shapes = [[u64::MAX; 9]; 2];
        let mut stack_givens = [[[0u8; 3]; 9]; 2];
        for g in 0..2 {
            for r in 0..9 {
                if repeats[g][r] {
                    continue;
                }
                let mut counts: [usize; 3] = std::array::from_fn(|s| {
                    grids[g][r][s * 3..s * 3 + 3]
                        .iter()
                        .filter(|&&v| v != 0)
                        .count()
                });
                stack_givens[g][r] = counts.map(|n| n as u8);
                counts.sort_unstable();
                let (mut shape, mut label, mut p) = (0u64, 1u64, 0);
                for n in counts {
                    p += 3 - n;
                    for _ in 0..n {
                        shape |= label << (4 * (8 - p));
                        label += 1;
                        p += 1;
                    }
                }
                shapes[g][r] = shape;
                least = least.min(shape);
            }
        }
        for g in 0..2 {
            for r in 0..9 {
                if repeats[g][r] || shapes[g][r] == least {
                    first_rows[g] |= 1 << r;
                }
            }
        }

        // The starting candidates: each transposition and stack order, each stack one group.
        self.current.clear();
        for grid in 0..2 {
            for stacks in ORDERS_OF_THREE {
                let cols = std::array::from_fn(|p| stacks[p / 3] * 3 + (p % 3) as u8);
                self.current.push(Candidate {
                    grid,
                    used: 0,
                    rows: [0; 9],
                    cols,
                    ends: 1 << 2 | 1 << 5 | 1 << 8,
                    labels: [0; 10],
                    next: 1,
                });
            }
        }

        let mut out = [0u8; CELLS];
        for level in 0..9 {
            let mut step = Level {
                best: u64::MAX,
                found: &mut self.found,
            };
            step.found.clear();
            for cand in &self.current {
                // The source rows allowed: a row of an unused band starts a band; the other
                // two rows of a band follow its first.
                let allowed: u16 = if level == 0 {
                    first_rows[cand.grid as usize]
                } else if level % 3 == 0 {
                    let mut bands = 0u16;
                    for b in 0..3 {
                        if cand.used & (0b111 << (3 * b)) != 0 {
                            bands |= 0b111 << (3 * b);
                        }
                    }
                    !bands & 0x1FF
                } else {
                    let band = cand.rows[level - 1] / 3;
                    (0b111 << (3 * band)) & !cand.used
                };
                let mut rest = allowed;
                while rest != 0 {
                    let r = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let g = cand.grid as usize;
                    if level == 0 && !repeats[g][r] {
                        // The stacks must come in increasing order of givens (see above).
                        let n = |p: usize| stack_givens[g][r][cand.cols[p] as usize / 3];
                        if n(0) > n(3) || n(3) > n(6) {
                            continue;
                        }
                    }
                    let mut child = *cand;
                    child.used |= 1 << r;
                    child.rows[level] = r as u8;
                    step.place(&grids[g][r], repeats[g][r], child, 0, 0);
                }
            }
            for (c, cell) in out[level * 9..level * 9 + 9].iter_mut().enumerate() {
                *cell = (step.best >> (4 * (8 - c))) as u8 & 0xF;
            }
            std::mem::swap(&mut self.current, &mut self.found);
        }

        // Each candidate left stands for the orders of its tied groups.
        let mut automorphisms = 0u32;
        for cand in &self.current {
            let mut ways = 1u32;
            let mut start = 0;
            let mut ends = cand.ends;
            while ends != 0 {
                let end = ends.trailing_zeros();
                ends &= ends - 1;
                ways *= [1, 1, 2, 6][(end + 1 - start) as usize];
                start = end + 1;
            }
            automorphisms += ways;
        }

        let first = &self.current[0];
        let mut digits = [0u8; 10];
        let mut next = first.next;
        for (digit, &label) in digits.iter_mut().zip(&first.labels).skip(1) {
            // Digits the puzzle lacks take the labels left, in order.
            *digit = if label != 0 {
                label
            } else {
                next += 1;
                next - 1
            };
        }
        Canonical {
            cells: out,
            automorphisms,
            transform: Transform {
                transpose: first.grid == 1,
                rows: first.rows,
                cols: first.cols,
                digits,
            },
        }
    }
}

/// The minlex form of `cells` (see [`Canonicalizer::minlex`]), with fresh buffers.
pub fn minlex(cells: &[u8; CELLS]) -> Canonical {
    Canonicalizer::new().minlex(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> [u8; CELLS] {
        let b: Vec<u8> = text
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        b.try_into().unwrap()
    }

    #[test]
    fn text_form_reads_back() {
        for i in 0..50 {
            let t = Transform::random(3, i);
            let back: Transform = t.to_string().parse().unwrap();
            assert_eq!(back, t);
        }
        assert_eq!(
            Transform::IDENTITY.to_string(),
            "123456789/123456789/123456789"
        );
    }

    #[test]
    fn bad_text_is_refused_with_the_reason() {
        let e = "124356789/123456789/123456789"
            .parse::<Transform>()
            .unwrap_err();
        assert!(e.to_string().contains("splits a band"), "{e}");
        let e = "113456789/123456789/123456789"
            .parse::<Transform>()
            .unwrap_err();
        assert!(e.to_string().contains("not a permutation"), "{e}");
        assert!("123456789/123456789".parse::<Transform>().is_err());
        assert!("x".parse::<Transform>().is_err());
    }

    #[test]
    fn composition_and_inverse_agree_with_applying() {
        let p = grid(
            "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
        );
        for i in 0..100 {
            let a = Transform::random(1, i);
            let b = Transform::random(2, i);
            assert_eq!(a.then(&b).apply(&p), b.apply(&a.apply(&p)));
            assert_eq!(a.inverse().apply(&a.apply(&p)), p);
            assert_eq!(a.then(&a.inverse()), Transform::IDENTITY);
        }
    }

    #[test]
    fn the_empty_grid_is_all_blank_with_every_transformation_an_automorphism() {
        let c = minlex(&[0; CELLS]);
        assert_eq!(c.cells, [0; CELLS]);
        assert_eq!(c.automorphisms, GEOMETRIC);
    }

    #[test]
    fn the_found_transformation_reaches_the_form() {
        let p = grid(
            "12.74.6.94..8......89..3.1....4.2..1..........4.6..9..3...2...62....6.....8...4..",
        );
        let c = minlex(&p);
        assert_eq!(c.transform.apply(&p), c.cells);
        // Digits in order of first appearance.
        let mut next = 1;
        for &v in c.cells.iter().filter(|&&v| v != 0) {
            assert!(v <= next);
            if v == next {
                next += 1;
            }
        }
    }
}
