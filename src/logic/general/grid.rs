//! The candidate grid of any shape: values and pencil marks over a [`Geometry`].

use std::sync::Arc;

use thiserror::Error;

use super::Cells;
use super::step::GeneralStep;
use crate::geometry::{Geometry, HouseKind};

/// A [`Geometry`] with the tables the finders read: each house and each cell's peers as
/// [`Cells`], the scan order of the houses, and the pairs of houses that meet in two cells
/// or more. Built once per shape and shared (an `Arc`) by every grid of that shape.
#[derive(Debug)]
pub struct Shape {
    geometry: Geometry,
    house_bits: Vec<Cells>,
    peers: Vec<Cells>,
    scan: Vec<usize>,
    crossings: Vec<(usize, usize, Cells)>,
}

impl Shape {
    /// The tables of a geometry.
    pub fn new(geometry: &Geometry) -> Shape {
        let houses = geometry.houses();
        let house_bits: Vec<Cells> = houses
            .iter()
            .map(|h| h.cells.iter().copied().collect())
            .collect();
        let peers = (0..geometry.cells())
            .map(|c| geometry.peers(c).iter().map(|&p| usize::from(p)).collect())
            .collect();
        // Boxes (or regions) first, as people scan, then rows, columns and the extra houses.
        let n = geometry.size();
        let scan: Vec<usize> = (2 * n..3 * n)
            .chain(0..2 * n)
            .chain(3 * n..houses.len())
            .collect();
        let mut crossings = Vec::new();
        for &a in &scan {
            for b in 0..houses.len() {
                if a == b {
                    continue;
                }
                let common = house_bits[a] & house_bits[b];
                if common.len() >= 2 {
                    crossings.push((a, b, common));
                }
            }
        }
        Shape {
            geometry: geometry.clone(),
            house_bits,
            peers,
            scan,
            crossings,
        }
    }

    /// The geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The size N (digits 1..=N).
    #[inline]
    pub fn size(&self) -> usize {
        self.geometry.size()
    }

    /// The cells of house `h`, in increasing order.
    #[inline]
    pub fn house_cells(&self, h: usize) -> &[usize] {
        &self.geometry.house(h).cells
    }

    /// The cells of house `h` as a set.
    #[inline]
    pub fn house(&self, h: usize) -> Cells {
        self.house_bits[h]
    }

    /// The number of houses.
    #[inline]
    pub fn houses(&self) -> usize {
        self.house_bits.len()
    }

    /// The kind of house `h`.
    #[inline]
    pub fn kind(&self, h: usize) -> HouseKind {
        self.geometry.house(h).kind
    }

    /// The cells that may not share a digit with `cell` (houses and variant moves).
    #[inline]
    pub fn peers(&self, cell: usize) -> Cells {
        self.peers[cell]
    }

    /// The houses in the order the finders scan them: boxes or regions, rows, columns, then
    /// the extra houses of the variants.
    pub fn scan(&self) -> &[usize] {
        &self.scan
    }

    /// Every ordered pair of houses `(a, b)` meeting in two cells or more, with the cells
    /// they share; `a` in scan order.
    pub fn crossings(&self) -> &[(usize, usize, Cells)] {
        &self.crossings
    }
}

/// A grid that cannot be built from its values.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GridError {
    /// Not one value per cell.
    #[error("{found} values for {cells} cells")]
    Length {
        /// Values given.
        found: usize,
        /// Cells of the grid.
        cells: usize,
    },
    /// A value above the size.
    #[error("r{row}c{col}: digit {digit} is out of range 1-{size}")]
    Digit {
        /// Row, from 1.
        row: usize,
        /// Column, from 1.
        col: usize,
        /// The value.
        digit: u8,
        /// The grid's size.
        size: usize,
    },
    /// Two equal digits that see each other.
    #[error("r{row}c{col}: digit {digit} is already in a cell it sees")]
    Conflict {
        /// Row, from 1.
        row: usize,
        /// Column, from 1.
        col: usize,
        /// The digit.
        digit: u8,
    },
}

/// A position of any shape: the filled cells and, for every open cell, the digits it may
/// still hold.
///
/// ```text
/// values[cell]   u8     0 = open, else the digit 1..=N
/// cands[cell]    u32    bit d-1 set = digit d still possible; 0 for a filled cell
/// places[d-1]    Cells  the cells where digit d is still possible (the transpose of cands)
/// open           Cells  the open cells
/// ```
///
/// Every change goes through [`GeneralGrid::place`] and [`GeneralGrid::eliminate`], which keep
/// `cands` and `places` in step.
#[derive(Debug, Clone)]
pub struct GeneralGrid {
    shape: Arc<Shape>,
    values: Vec<u8>,
    cands: Vec<u32>,
    places: Vec<Cells>,
    open: Cells,
    givens: Cells,
}

impl PartialEq for GeneralGrid {
    fn eq(&self, other: &GeneralGrid) -> bool {
        self.shape.geometry == other.shape.geometry
            && self.values == other.values
            && self.cands == other.cands
    }
}

impl GeneralGrid {
    /// The grid of a puzzle: `values` (0 for open, else 1..=N, row-major) are givens, and
    /// every open cell may hold each digit none of its peers holds.
    pub fn new(geometry: &Geometry, values: &[u8]) -> Result<GeneralGrid, GridError> {
        GeneralGrid::with_shape(Arc::new(Shape::new(geometry)), values, None)
    }

    /// A position on a shape already built: the values, and for the open cells the pencil
    /// marks `marks` (bit `d - 1` for digit `d`; `None`: every digit the peers allow), less
    /// any digit a peer holds.
    pub fn with_shape(
        shape: Arc<Shape>,
        values: &[u8],
        marks: Option<&[u32]>,
    ) -> Result<GeneralGrid, GridError> {
        let n = shape.size();
        let cells = n * n;
        if values.len() != cells {
            return Err(GridError::Length {
                found: values.len(),
                cells,
            });
        }
        if let Some(marks) = marks
            && marks.len() != cells
        {
            return Err(GridError::Length {
                found: marks.len(),
                cells,
            });
        }
        let all = shape.geometry.all_digits();
        let everywhere = Cells::first(cells);
        let mut grid = GeneralGrid {
            shape,
            values: vec![0; cells],
            cands: vec![all; cells],
            places: vec![everywhere; n],
            open: everywhere,
            givens: Cells::EMPTY,
        };
        for (cell, &digit) in values.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let (row, col) = (cell / n + 1, cell % n + 1);
            if usize::from(digit) > n {
                return Err(GridError::Digit {
                    row,
                    col,
                    digit,
                    size: n,
                });
            }
            if !grid.has(cell, digit) {
                return Err(GridError::Conflict { row, col, digit });
            }
            grid.place(cell, digit);
            grid.givens.insert(cell);
        }
        if let Some(marks) = marks {
            for cell in grid.open.to_vec() {
                let gone = grid.cands[cell] & !marks[cell];
                for d in super::digits(gone) {
                    grid.eliminate(cell, d);
                }
            }
        }
        Ok(grid)
    }

    /// The shape's tables.
    #[inline]
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The shape, shared.
    pub fn shape_arc(&self) -> &Arc<Shape> {
        &self.shape
    }

    /// The geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.shape.geometry
    }

    /// The size N.
    #[inline]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The digit in `cell`, or 0 when it is open.
    #[inline]
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// Every value, row-major (0 = open).
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The candidates of `cell` (bit `d - 1` for digit `d`); 0 for a filled cell.
    #[inline]
    pub fn candidates(&self, cell: usize) -> u32 {
        self.cands[cell]
    }

    /// Whether `digit` is a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.cands[cell] >> (digit - 1) & 1 != 0
    }

    /// The cells where `digit` is still a candidate.
    #[inline]
    pub fn cells_with(&self, digit: u8) -> Cells {
        self.places[usize::from(digit - 1)]
    }

    /// The cells of house `h` where `digit` is still a candidate.
    #[inline]
    pub fn house_cells_with(&self, h: usize, digit: u8) -> Cells {
        self.places[usize::from(digit - 1)] & self.shape.house_bits[h]
    }

    /// The open cells.
    #[inline]
    pub fn open(&self) -> Cells {
        self.open
    }

    /// The cells the puzzle gave.
    pub fn givens(&self) -> Cells {
        self.givens
    }

    /// Whether every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.open.is_empty()
    }

    /// Puts `digit` in `cell` and removes it from the cell's peers.
    pub fn place(&mut self, cell: usize, digit: u8) {
        for d in super::digits(self.cands[cell]) {
            self.places[usize::from(d - 1)].remove(cell);
        }
        self.cands[cell] = 0;
        self.values[cell] = digit;
        self.open.remove(cell);
        let bit = 1u32 << (digit - 1);
        let hit = self.places[usize::from(digit - 1)] & self.shape.peers[cell];
        for p in hit.iter() {
            self.cands[p] &= !bit;
        }
        self.places[usize::from(digit - 1)] -= hit;
    }

    /// Removes candidate `digit` from `cell`.
    pub fn eliminate(&mut self, cell: usize, digit: u8) {
        self.cands[cell] &= !(1u32 << (digit - 1));
        self.places[usize::from(digit - 1)].remove(cell);
    }

    /// Applies a step: its placements, then its eliminations.
    pub fn apply(&mut self, step: &GeneralStep) {
        for p in &step.placements {
            if self.values[p.cell] == 0 {
                self.place(p.cell, p.digit);
            }
        }
        for e in &step.eliminations {
            self.eliminate(e.cell, e.digit);
        }
    }

    /// The position as pencil marks, one cell after another: a filled cell as its symbol,
    /// an open one as `{...}` of its candidates' symbols (`symbols[d - 1]` for digit `d`).
    pub fn to_marks_line(&self, symbols: &[char]) -> String {
        let mut s = String::new();
        for cell in 0..self.values.len() {
            if self.values[cell] != 0 {
                s.push(symbol(symbols, self.values[cell]));
            } else {
                s.push('{');
                for d in super::digits(self.cands[cell]) {
                    s.push(symbol(symbols, d));
                }
                s.push('}');
            }
        }
        s
    }

    /// The pencil-mark picture: one line a row, each cell its value or its candidates,
    /// columns padded to the widest cell, ` | ` between boxes (or every column of a jigsaw
    /// grid: its regions are not rectangles) and a rule between bands of boxes.
    pub fn write_marks(&self, out: &mut String, symbols: &[char]) {
        let n = self.size();
        let text = |cell: usize| -> String {
            if self.values[cell] != 0 {
                symbol(symbols, self.values[cell]).to_string()
            } else {
                super::digits(self.cands[cell])
                    .map(|d| symbol(symbols, d))
                    .collect()
            }
        };
        let mut width = vec![1usize; n];
        for cell in 0..n * n {
            width[cell % n] = width[cell % n].max(text(cell).chars().count());
        }
        let (box_rows, box_cols) = self.geometry().box_shape().unwrap_or((n, 1));
        let rule: String = {
            let mut r = String::new();
            for (col, &w) in width.iter().enumerate() {
                if col > 0 {
                    r.push_str(if col % box_cols == 0 { "-+-" } else { "-" });
                }
                r.push_str(&"-".repeat(w));
            }
            r
        };
        for row in 0..n {
            if row > 0 && row % box_rows == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            for (col, &w) in width.iter().enumerate() {
                if col > 0 {
                    out.push_str(if col % box_cols == 0 { " | " } else { " " });
                }
                let t = text(row * n + col);
                out.push_str(&t);
                if col + 1 < n {
                    out.push_str(&" ".repeat(w - t.chars().count()));
                }
            }
            out.push('\n');
        }
    }
}

/// The symbol of a digit: `symbols[d - 1]`, or `?` past the alphabet's end.
pub(super) fn symbol(symbols: &[char], digit: u8) -> char {
    symbols
        .get(usize::from(digit).wrapping_sub(1))
        .copied()
        .unwrap_or('?')
}
