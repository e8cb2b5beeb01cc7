//! Grids of other sizes than 9×9 (and 9×9 grids read with the shape flags): N rows of N cells
//! as `solve` prints them, `1 2 | 3 4` with `----+----` rulers, or N rows of N cells'
//! candidates as `hint --grid` prints them.
//!
//! A row is read here as words of symbols (letters, digits, `.`, `_`) between spaces, tabs
//! and the separators `|`, `+`, `-`. The reader does not know the alphabet: which symbols are
//! good is checked by the command, with its `--symbols`, from the [`RawGrid`] the grid
//! becomes. The size comes from `--box`/`--regions` when given, else from the first row: its
//! number of cells (or, when a word holds several symbols, of words: a pencil-mark row),
//! checked against its `|` separators, which must split it into equal boxes (a row one cell
//! short still shows which size was meant, for a located error).

use super::ErrorKind;
use super::grid::Row;
use super::oneline::bad_byte;
use crate::geometry::SIZES;

/// Bytes that separate the words of a row.
#[inline]
fn is_separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'|' | b'+' | b'-')
}

/// Bytes that may be a cell's symbol (or blank) in a grid of any size.
#[inline]
fn is_symbol(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'.' || b == b'_'
}

/// One row of a grid of any size, as words of symbols.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct GenRow {
    /// Each word: its column (from 1, in bytes) and its symbols.
    words: Vec<(u32, String)>,
    /// For each box (the cells between two `|`), how many words and how many symbols it holds.
    boxes: Vec<(usize, usize)>,
}

impl GenRow {
    /// The row of a classic 9-cell row (read as code, say).
    pub fn from_row(row: &Row) -> GenRow {
        let words = (0..9)
            .map(|i| {
                let c = match row.values[i] {
                    0 => '.',
                    v => char::from(b'0' + v),
                };
                (row.columns[i], c.to_string())
            })
            .collect();
        GenRow {
            words,
            boxes: vec![(9, 9)],
        }
    }

    /// The width of the boxes the row's `|` mark, when there are several boxes of one width:
    /// in cells (`pencil`: words).
    pub fn box_width(&self, pencil: bool) -> Option<usize> {
        let widths: Vec<usize> = self
            .boxes
            .iter()
            .map(|b| if pencil { b.0 } else { b.1 })
            .collect();
        (widths.len() > 1 && widths.iter().all(|&w| w == widths[0])).then(|| widths[0])
    }

    /// Symbols in the row (each a cell of a plain grid).
    fn symbols(&self) -> usize {
        self.boxes.iter().map(|b| b.1).sum()
    }

    /// Whether a word holds several symbols: the row of a pencil-mark grid (or a plain row
    /// written without spaces, `12.|4.6|..9`).
    pub fn multi(&self) -> bool {
        self.words.len() != self.symbols()
    }

    /// Whether this is a row of candidates of a size-`n` grid: `n` words, one of several
    /// symbols.
    pub fn pencil(&self, n: usize) -> bool {
        self.multi() && self.words.len() == n
    }

    /// The size this row, as the first of its grid, says the grid has: from its cells or, for
    /// a pencil-mark row, its words, checked against the boxes its `|` mark. With `strict`
    /// (no `--symbols` to say otherwise), its symbols must be those of that size (1-9, then
    /// letters), so that a line of words is not taken for a row.
    pub fn size(&self, strict: bool) -> Option<usize> {
        let n = if self.multi() {
            // A word of candidates per cell; or the cells of a 9x9 row side by side
            // (`123|456|789`), as the classic reader takes them.
            size_of(self.boxes.iter().map(|b| b.0))
                .or_else(|| size_of(self.boxes.iter().map(|b| b.1)).filter(|&n| n == 9))
        } else {
            size_of(self.boxes.iter().map(|b| b.1))
        }?;
        let fits = |c: char| match c.to_ascii_uppercase() {
            '.' | '_' | '0' => true,
            c @ '1'..='9' => (c as usize - '0' as usize) <= n,
            c @ 'A'..='Z' => 9 + (c as usize - 'A' as usize) < n,
            _ => false,
        };
        (!strict || self.words.iter().all(|(_, w)| w.chars().all(fits))).then_some(n)
    }

    /// The row's cells when it holds exactly `n` of them: one symbol each (`pencil` false), or
    /// one word of candidates each. Else the column and the error.
    pub fn cells(
        &self,
        n: usize,
        pencil: bool,
        end: u64,
    ) -> Result<Vec<(u32, String)>, (u64, ErrorKind)> {
        let cells: Vec<(u32, String)> = if pencil {
            self.words.clone()
        } else {
            self.words
                .iter()
                .flat_map(|(col, w)| {
                    w.chars()
                        .enumerate()
                        .map(move |(i, c)| (col + i as u32, c.to_string()))
                })
                .collect()
        };
        match cells.len() {
            k if k == n => Ok(cells),
            k if k > n => Err((
                u64::from(cells[n].0),
                ErrorKind::SizedRowCells { size: n, found: k },
            )),
            k => Err((end, ErrorKind::SizedRowCells { size: n, found: k })),
        }
    }
}

/// The size a row of boxes holding `counts` cells says: their sum when they are equal, else
/// the largest times their number (a box with a cell too few or too many); `None` unless a
/// supported size.
fn size_of(counts: impl Iterator<Item = usize>) -> Option<usize> {
    let counts: Vec<usize> = counts.collect();
    let max = counts.iter().copied().max()?;
    let n = if counts.iter().all(|&c| c == max) {
        counts.iter().sum()
    } else {
        max * counts.len()
    };
    SIZES.contains(&n).then_some(n)
}

/// Reads `text` (a whole line) as a row of words of symbols among separators; else the column
/// and the first byte that is neither.
pub(super) fn row(text: &[u8]) -> Result<GenRow, (u64, ErrorKind)> {
    let mut words = Vec::new();
    let mut boxes = vec![(0usize, 0usize)];
    let mut i = 0;
    while i < text.len() {
        let b = text[i];
        if b == b'|' {
            boxes.push((0, 0));
            i += 1;
        } else if is_separator(b) {
            i += 1;
        } else if is_symbol(b) {
            let start = i;
            while i < text.len() && is_symbol(text[i]) {
                i += 1;
            }
            let word = String::from_utf8_lossy(&text[start..i]).into_owned();
            let last = boxes.last_mut().expect("one box at least");
            last.0 += 1;
            last.1 += i - start;
            words.push((start as u32 + 1, word));
        } else {
            return Err((i as u64 + 1, bad_byte(&text[i..])));
        }
    }
    // Empty boxes come from a `|` at either end (or doubled): not boxes of the grid.
    boxes.retain(|b| b.0 > 0);
    Ok(GenRow { words, boxes })
}

/// The cells of a grid of any size as written, for the command to read with its alphabet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawGrid {
    /// N.
    pub size: usize,
    /// Whether each cell lists its candidates (a position with pencil marks): else each cell
    /// is one symbol or a blank.
    pub pencil: bool,
    /// The N² cells, row-major: what is written there and its column (from 1, in bytes) on
    /// its row's line.
    pub cells: Vec<(u32, String)>,
    /// For each of the N rows: its line number and its text.
    pub rows: Vec<(u64, String)>,
    /// The boxes (rows, columns) its separators draw: `|` between the columns of boxes,
    /// ruler lines between their rows; `None` when it has neither or they do not fit.
    pub boxes: Option<(usize, usize)>,
}

impl RawGrid {
    /// The line, column and text of the line of cell `cell`.
    pub fn place(&self, cell: usize) -> (u64, u64, &str) {
        let row = (cell / self.size).min(self.rows.len().saturating_sub(1));
        let (line, text) = &self.rows[row];
        let column = self.cells.get(cell).map_or(1, |c| u64::from(c.0));
        (*line, column, text)
    }
}

/// The boxes of a grid of size `n` whose first row is `first` (a `pencil` row or not) and
/// whose ruler lines came after the `rulers` rows: a ruler after every R rows, `|` after every
/// C cells, with R·C = N (one of them may be missing).
pub(super) fn boxes(
    n: usize,
    first: &GenRow,
    pencil: bool,
    rulers: &[usize],
) -> Option<(usize, usize)> {
    let cols = first
        .box_width(pencil)
        .filter(|&c| c > 1 && n.is_multiple_of(c));
    let rows = rulers.first().copied().filter(|&r| {
        r > 0
            && n.is_multiple_of(r)
            && rulers.len() == n / r - 1
            && rulers.iter().enumerate().all(|(i, &at)| at == (i + 1) * r)
    });
    match (rows, cols) {
        (Some(r), Some(c)) if r * c == n => Some((r, c)),
        (Some(r), None) if r > 1 && r < n => Some((r, n / r)),
        (None, Some(c)) if rulers.is_empty() && c < n => Some((n / c, c)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(text: &str) -> Option<usize> {
        row(text.as_bytes()).unwrap().size(true)
    }

    #[test]
    fn sizes_from_first_rows() {
        assert_eq!(size("1 2 | 3 4"), Some(4));
        assert_eq!(size("1 2 . | 3 4 5"), Some(6));
        assert_eq!(size("1 2 | 3 4 | 5 6"), Some(6));
        assert_eq!(size("A B C D | 1 2 3 4 | . . . . | E F G 5"), Some(16));
        // One cell short: the boxes tell.
        assert_eq!(size("A B C D | 1 2 3 4 | . . . | E F G 5"), Some(16));
        assert_eq!(size("1 2 3 | 4 5 | 7 8 9"), Some(9));
        // Candidates.
        assert_eq!(size("12 34 | 1234 2"), Some(4));
        assert_eq!(size("1 2 3 4 5 6"), Some(6));
        assert_eq!(size("123|456|789"), Some(9));
        assert_eq!(size("1 2 3 4 5 6 7"), None);
        assert!(row(b"1 2 @ 4").is_err());
        // Words are not rows, unless --symbols makes them symbols.
        assert_eq!(size("hello world"), None);
        assert_eq!(size("the quick brown fox jumps over"), None);
        assert_eq!(size("a b c | d e f"), None);
        assert_eq!(row(b"a b c | d e f").unwrap().size(false), Some(6));
    }
}
