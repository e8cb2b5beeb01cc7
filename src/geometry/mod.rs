//! The shape of a grid: its cells, houses and peers, and the digit masks, cell sets and
//! combinations every part of the library shares.
//!
//! One type, [`Geometry`], describes any grid the library knows: N×N cells for N in
//! [`SIZES`], cut into R×C boxes or into irregular (jigsaw) regions, with extra rules on top:
//! the two main diagonals (`x`), the four 9×9 hyper windows (`hyper`), and no two equal digits
//! a knight's or a king's move apart (`anti-knight`, `anti-king`). A grid of another size or
//! with extra houses is a different value of the same type.
//!
//! The classic 9×9 grid is [`Geometry::classic`]. The parts of the library that are specialised
//! for it and measured (the band solver, the logic grid's bit layout, the rating engine) look
//! things up in [`classic`]'s compile-time tables instead, whose numbering is the same; a test
//! checks that the two agree cell for cell and house for house.
//!
//! Conventions, everywhere:
//! - cells are numbered row-major from 0: cell `i` is in row `i / N`, column `i % N`;
//! - houses are numbered rows first (0..N), then columns (N..2N), then boxes or regions
//!   (2N..3N), then the extra houses of the variants (diagonals, then windows);
//! - a digit set is a mask with bit `d - 1` for digit `d` ([`digits`] for the 9×9 `u16` form);
//! - in messages rows, columns, boxes and digits are numbered from 1, as people count them.

pub mod bits;
pub mod cellset;
pub mod classic;
mod combinations;
pub mod digits;

use std::fmt;
use std::sync::LazyLock;

use thiserror::Error;

pub use cellset::{CellIter, CellSet};
pub use combinations::combinations;

/// The grid sizes (digits a house holds) the library supports.
pub const SIZES: [usize; 10] = [4, 6, 8, 9, 10, 12, 15, 16, 20, 25];

/// The kind of a house.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box of the regular R×C tiling.
    Box,
    /// An irregular (jigsaw) region, replacing the boxes.
    Region,
    /// A main diagonal (the `x` variant): number 0 runs from the top left, 1 from the top right.
    Diagonal,
    /// One of the four extra 3×3 windows of the `hyper` variant.
    Window,
}

impl HouseKind {
    /// The one-letter prefix of a house's short name (`r3`, `c5`, `b9`, `g2`, `d1`, `w4`).
    pub const fn letter(self) -> char {
        match self {
            HouseKind::Row => 'r',
            HouseKind::Column => 'c',
            HouseKind::Box => 'b',
            HouseKind::Region => 'g',
            HouseKind::Diagonal => 'd',
            HouseKind::Window => 'w',
        }
    }

    /// The word for the kind: `row`, `column`, `box`, `region`, `diagonal`, `window`.
    pub const fn word(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Region => "region",
            HouseKind::Diagonal => "diagonal",
            HouseKind::Window => "window",
        }
    }
}

impl fmt::Display for HouseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A house: cells that must hold every digit once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct House {
    /// What kind of house it is.
    pub kind: HouseKind,
    /// Its number among the houses of its kind, from 0.
    pub number: usize,
    /// Its cells, in increasing order.
    pub cells: Vec<usize>,
}

impl House {
    /// The short name, numbered from 1: `r3`, `b9`, `d2`.
    pub fn name(&self) -> String {
        format!("{}{}", self.kind.letter(), self.number + 1)
    }
}

/// The extra rules a grid may carry on top of its rows, columns and boxes (or regions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Variants {
    /// Both main diagonals hold every digit once.
    pub x: bool,
    /// 9×9 only: the four windows at rows and columns 2–4 and 6–8 hold every digit once.
    pub hyper: bool,
    /// No two equal digits a knight's move apart.
    pub anti_knight: bool,
    /// No two equal digits a king's move apart (diagonally adjacent: the other king's moves
    /// are inside a row, column or box already).
    pub anti_king: bool,
}

impl Variants {
    /// The names the command line uses, in this order.
    pub const NAMES: [&'static str; 4] = ["x", "hyper", "anti-knight", "anti-king"];

    /// No extra rule.
    pub const NONE: Variants = Variants {
        x: false,
        hyper: false,
        anti_knight: false,
        anti_king: false,
    };

    /// Whether no extra rule is set.
    pub fn is_empty(self) -> bool {
        self == Variants::NONE
    }

    /// A comma-separated list of names (`x,anti-knight`); an empty list is no rule.
    pub fn parse(list: &str) -> Result<Variants, GeometryError> {
        let mut v = Variants::NONE;
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match name.to_ascii_lowercase().as_str() {
                "x" | "diagonal" => v.x = true,
                "hyper" | "windoku" => v.hyper = true,
                "anti-knight" | "antiknight" => v.anti_knight = true,
                "anti-king" | "antiking" => v.anti_king = true,
                _ => return Err(GeometryError::UnknownVariant(name.to_string())),
            }
        }
        Ok(v)
    }

    /// The names of the rules set, in [`Self::NAMES`] order.
    pub fn names(self) -> Vec<&'static str> {
        let on = [self.x, self.hyper, self.anti_knight, self.anti_king];
        Self::NAMES
            .iter()
            .zip(on)
            .filter(|(_, on)| *on)
            .map(|(name, _)| *name)
            .collect()
    }
}

impl fmt::Display for Variants {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.names().join(","))
    }
}

/// A grid that cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GeometryError {
    /// A size outside [`SIZES`].
    #[error("a {0}x{0} grid is not supported (sizes: 4, 6, 8, 9, 10, 12, 15, 16, 20, 25)")]
    Size(usize),
    /// Boxes that do not tile the grid.
    #[error("{rows}x{cols} boxes do not tile a {size}x{size} grid")]
    Box {
        /// The grid's size.
        size: usize,
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        cols: usize,
    },
    /// A variant name that is not known.
    #[error("unknown variant `{0}` (known: x, hyper, anti-knight, anti-king)")]
    UnknownVariant(String),
    /// A variant the grid cannot hold.
    #[error("the {variant} variant needs {needs}, not a {size}x{size} grid")]
    VariantSize {
        /// The variant's name.
        variant: &'static str,
        /// What it needs, in words.
        needs: &'static str,
        /// The grid's size.
        size: usize,
    },
    /// Region labels whose count is not the number of cells.
    #[error("{found} region labels for {cells} cells")]
    RegionCount {
        /// Labels given.
        found: usize,
        /// Cells of the grid.
        cells: usize,
    },
    /// Regions that do not cut the grid into N regions of N cells.
    #[error("region {label:?} has {len} cells, but each region needs {size}")]
    RegionSize {
        /// The region's label.
        label: char,
        /// Its number of cells.
        len: usize,
        /// The cells every region needs.
        size: usize,
        /// The region's first cell (row-major), to locate it.
        cell: usize,
    },
}

/// The shape of a grid: its size, houses and peers. See the [module docs](self).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    size: usize,
    box_shape: Option<(usize, usize)>,
    variants: Variants,
    /// The region of each cell when the regions are irregular (jigsaw); empty otherwise.
    regions: Vec<u8>,
    houses: Vec<House>,
    cell_houses: Vec<Vec<u16>>,
    peers: Vec<Vec<u16>>,
}

static CLASSIC: LazyLock<Geometry> =
    LazyLock::new(|| Geometry::with_box(9, 3, 3).expect("3x3 boxes tile a 9x9 grid"));

impl Geometry {
    /// The classic 9×9 grid with 3×3 boxes and no extra rule.
    pub fn classic() -> &'static Geometry {
        &CLASSIC
    }

    /// An N×N grid with the default boxes: R×C where R is the largest divisor of N not above
    /// √N (6 → 2×3, 12 → 3×4, 16 → 4×4).
    pub fn new(size: usize) -> Result<Geometry, GeometryError> {
        let (rows, cols) = Self::default_box(size)?;
        Self::with_box(size, rows, cols)
    }

    /// The default box shape of a size (see [`Self::new`]).
    pub fn default_box(size: usize) -> Result<(usize, usize), GeometryError> {
        if !SIZES.contains(&size) {
            return Err(GeometryError::Size(size));
        }
        let rows = (1..=size)
            .filter(|&r| size.is_multiple_of(r) && r * r <= size)
            .max()
            .unwrap_or(1);
        Ok((rows, size / rows))
    }

    /// An N×N grid with `rows`×`cols` boxes.
    pub fn with_box(size: usize, rows: usize, cols: usize) -> Result<Geometry, GeometryError> {
        if !SIZES.contains(&size) {
            return Err(GeometryError::Size(size));
        }
        if rows == 0 || cols == 0 || rows * cols != size {
            return Err(GeometryError::Box { size, rows, cols });
        }
        let regions = (0..size * size)
            .map(|c| ((c / size / rows) * rows + (c % size) / cols) as u8)
            .collect::<Vec<_>>();
        let mut g = Geometry {
            size,
            box_shape: Some((rows, cols)),
            variants: Variants::NONE,
            regions: Vec::new(),
            houses: Vec::new(),
            cell_houses: Vec::new(),
            peers: Vec::new(),
        };
        g.build(&regions, HouseKind::Box);
        Ok(g)
    }

    /// The same size with irregular regions instead of boxes: `labels` gives each cell's
    /// region (any characters, one per cell, row-major). There must be N regions of N cells
    /// each. Variants already set are kept (check them again with [`Self::with_variants`]).
    pub fn with_regions(&self, labels: &[char]) -> Result<Geometry, GeometryError> {
        let (size, cells) = (self.size, self.cells());
        if labels.len() != cells {
            return Err(GeometryError::RegionCount {
                found: labels.len(),
                cells,
            });
        }
        // Number the labels in order of first appearance.
        let mut seen: Vec<(char, usize, usize)> = Vec::new(); // label, cells, first cell
        let mut regions = Vec::with_capacity(cells);
        for (cell, &label) in labels.iter().enumerate() {
            let index = match seen.iter().position(|s| s.0 == label) {
                Some(i) => i,
                None => {
                    seen.push((label, 0, cell));
                    seen.len() - 1
                }
            };
            seen[index].1 += 1;
            regions.push(index.min(u8::MAX as usize) as u8);
        }
        if let Some(&(label, len, cell)) = seen.iter().find(|s| s.1 != size) {
            return Err(GeometryError::RegionSize {
                label,
                len,
                size,
                cell,
            });
        }
        let mut g = Geometry {
            size,
            box_shape: None,
            variants: Variants::NONE,
            regions: regions.clone(),
            houses: Vec::new(),
            cell_houses: Vec::new(),
            peers: Vec::new(),
        };
        g.build(&regions, HouseKind::Region);
        g.with_variants(self.variants)
    }

    /// The same grid with these extra rules (replacing any it had).
    pub fn with_variants(&self, variants: Variants) -> Result<Geometry, GeometryError> {
        if variants.hyper && self.size != 9 {
            return Err(GeometryError::VariantSize {
                variant: "hyper",
                needs: "a 9x9 grid",
                size: self.size,
            });
        }
        if variants == self.variants {
            // The build below would make the same grid again (1.7 M instructions at 25×25).
            return Ok(self.clone());
        }
        let mut g = self.clone();
        g.variants = variants;
        let regions = if self.regions.is_empty() {
            (0..self.cells())
                .map(|c| self.box_of(c).unwrap_or(0) as u8)
                .collect()
        } else {
            self.regions.clone()
        };
        let kind = if self.box_shape.is_some() {
            HouseKind::Box
        } else {
            HouseKind::Region
        };
        g.build(&regions, kind);
        Ok(g)
    }

    /// Builds the houses, each cell's houses and the peers from the regions and variants.
    fn build(&mut self, regions: &[u8], region_kind: HouseKind) {
        let n = self.size;
        let cells = n * n;
        let mut houses = Vec::new();
        for r in 0..n {
            houses.push((HouseKind::Row, r, (0..n).map(|c| r * n + c).collect()));
        }
        for c in 0..n {
            houses.push((HouseKind::Column, c, (0..n).map(|r| r * n + c).collect()));
        }
        for b in 0..n {
            let members = (0..cells)
                .filter(|&c| usize::from(regions[c]) == b)
                .collect();
            houses.push((region_kind, b, members));
        }
        if self.variants.x {
            houses.push((HouseKind::Diagonal, 0, (0..n).map(|i| i * n + i).collect()));
            houses.push((
                HouseKind::Diagonal,
                1,
                (0..n).map(|i| i * n + (n - 1 - i)).collect(),
            ));
        }
        if self.variants.hyper {
            for (w, (top, left)) in [(1, 1), (1, 5), (5, 1), (5, 5)].into_iter().enumerate() {
                let members = (0..9).map(|i| (top + i / 3) * n + left + i % 3).collect();
                houses.push((HouseKind::Window, w, members));
            }
        }
        self.houses = houses
            .into_iter()
            .map(|(kind, number, cells)| House {
                kind,
                number,
                cells,
            })
            .collect();
        self.cell_houses = vec![Vec::new(); cells];
        for (h, house) in self.houses.iter().enumerate() {
            for &c in &house.cells {
                self.cell_houses[c].push(h as u16);
            }
        }
        let mut moves: Vec<(isize, isize)> = Vec::new();
        if self.variants.anti_knight {
            moves.extend([
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
                (1, -2),
                (2, -1),
                (-1, -2),
                (-2, -1),
            ]);
        }
        if self.variants.anti_king {
            moves.extend([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
        }
        // The cells each cell sees, marked in a bit set (bit `o % 64` of word `o / 64` for
        // cell `o`) and read back in increasing order: a walk over all the cells for each
        // cell cost 4.3 M instructions a 25×25 geometry (a third of a short `solve` run).
        let mut seen = vec![0u64; cells.div_ceil(64)];
        self.peers = (0..cells)
            .map(|c| {
                seen.fill(0);
                let mut mark = |o: usize| seen[o / 64] |= 1 << (o % 64);
                for &h in &self.cell_houses[c] {
                    for &o in &self.houses[usize::from(h)].cells {
                        mark(o);
                    }
                }
                let (r, col) = ((c / n) as isize, (c % n) as isize);
                for &(dr, dc) in &moves {
                    let (r2, c2) = (r + dr, col + dc);
                    if (0..n as isize).contains(&r2) && (0..n as isize).contains(&c2) {
                        mark((r2 as usize) * n + c2 as usize);
                    }
                }
                seen[c / 64] &= !(1 << (c % 64));
                let mut list =
                    Vec::with_capacity(seen.iter().map(|w| w.count_ones() as usize).sum());
                for (w, &word) in seen.iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        list.push((w * 64 + bits.trailing_zeros() as usize) as u16);
                        bits &= bits - 1;
                    }
                }
                list
            })
            .collect();
    }

    /// The digits a house holds, and the number of rows and of columns.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of cells, N².
    pub fn cells(&self) -> usize {
        self.size * self.size
    }

    /// The box shape (rows, columns), or `None` when the regions are irregular.
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        self.box_shape
    }

    /// The extra rules.
    pub fn variants(&self) -> Variants {
        self.variants
    }

    /// Whether the regions are irregular (a jigsaw).
    pub fn is_jigsaw(&self) -> bool {
        self.box_shape.is_none()
    }

    /// The region of each cell (row-major) when irregular; `None` for boxes.
    pub fn regions(&self) -> Option<&[u8]> {
        (!self.regions.is_empty()).then_some(&self.regions[..])
    }

    /// Whether this is the classic 9×9 grid: 3×3 boxes and no extra rule.
    pub fn is_classic(&self) -> bool {
        self.size == 9 && self.box_shape == Some((3, 3)) && self.variants.is_empty()
    }

    /// Every house, numbered as the [module docs](self) say.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// House `h`.
    pub fn house(&self, h: usize) -> &House {
        &self.houses[h]
    }

    /// The houses of a cell, in increasing order.
    pub fn cell_houses(&self, cell: usize) -> &[u16] {
        &self.cell_houses[cell]
    }

    /// The cells that may not hold a cell's digit (a shared house, or a variant's move),
    /// itself excluded, in increasing order.
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell]
    }

    /// Whether two different cells may not hold the same digit.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.peers[a].binary_search(&(b as u16)).is_ok()
    }

    /// Row of a cell, from 0.
    pub fn row_of(&self, cell: usize) -> usize {
        cell / self.size
    }

    /// Column of a cell, from 0.
    pub fn col_of(&self, cell: usize) -> usize {
        cell % self.size
    }

    /// Box (or region) of a cell, from 0.
    pub fn box_of(&self, cell: usize) -> Option<usize> {
        self.cell_houses
            .get(cell)?
            .iter()
            .map(|&h| &self.houses[usize::from(h)])
            .find(|h| matches!(h.kind, HouseKind::Box | HouseKind::Region))
            .map(|h| h.number)
    }

    /// A cell's name: `r4c7`.
    pub fn cell_name(&self, cell: usize) -> String {
        format!("r{}c{}", self.row_of(cell) + 1, self.col_of(cell) + 1)
    }

    /// The mask of every digit, bit `d - 1` for digit `d`.
    pub fn all_digits(&self) -> u32 {
        (1u32 << self.size) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_value_matches_the_compile_time_tables() {
        let g = Geometry::classic();
        assert!(g.is_classic());
        assert_eq!(g.cells(), classic::CELLS);
        assert_eq!(g.houses().len(), classic::HOUSES);
        for (h, house) in g.houses().iter().enumerate() {
            let table: Vec<usize> = classic::HOUSE_CELLS[h].iter().map(|&c| c.into()).collect();
            assert_eq!(house.cells, table, "house {h}");
            assert_eq!(house.kind, classic::house_kind(h));
            assert_eq!(house.name(), classic::house_name(h));
        }
        for c in 0..81 {
            let houses: Vec<u8> = g.cell_houses(c).iter().map(|&h| h as u8).collect();
            assert_eq!(houses, classic::CELL_HOUSES[c]);
            let peers: CellSet = g.peers(c).iter().map(|&p| usize::from(p)).collect();
            assert_eq!(peers, classic::peers(c), "cell {c}");
            assert_eq!(g.box_of(c), Some(classic::box_of(c)));
            assert_eq!(g.cell_name(c), classic::cell_name(c));
        }
    }

    #[test]
    fn default_boxes_and_refusals() {
        let shapes: Vec<(usize, usize)> = SIZES
            .iter()
            .map(|&n| Geometry::default_box(n).unwrap())
            .collect();
        assert_eq!(
            shapes,
            [
                (2, 2),
                (2, 3),
                (2, 4),
                (3, 3),
                (2, 5),
                (3, 4),
                (3, 5),
                (4, 4),
                (4, 5),
                (5, 5)
            ]
        );
        assert_eq!(Geometry::new(7), Err(GeometryError::Size(7)));
        assert!(matches!(
            Geometry::with_box(6, 4, 2),
            Err(GeometryError::Box { .. })
        ));
        let sixteen = Geometry::new(16).unwrap();
        assert!(matches!(
            sixteen.with_variants(Variants::parse("hyper").unwrap()),
            Err(GeometryError::VariantSize { .. })
        ));
        assert!(matches!(
            Variants::parse("x,knight"),
            Err(GeometryError::UnknownVariant(_))
        ));
    }

    #[test]
    fn every_house_holds_n_cells_and_peers_are_symmetric() {
        for &n in &SIZES {
            let g = Geometry::new(n)
                .unwrap()
                .with_variants(Variants::parse("x,anti-knight,anti-king").unwrap())
                .unwrap();
            assert_eq!(g.houses().len(), 3 * n + 2);
            for house in g.houses() {
                assert_eq!(house.cells.len(), n, "{}", house.name());
            }
            for c in 0..g.cells() {
                for &p in g.peers(c) {
                    assert!(g.sees(usize::from(p), c));
                }
                assert!(!g.sees(c, c));
            }
        }
    }

    #[test]
    fn peers_are_the_cells_sharing_a_house_or_a_move_in_increasing_order() {
        for &n in &SIZES {
            for variants in [
                "",
                "x",
                "anti-knight",
                "anti-king",
                "x,anti-knight,anti-king",
            ] {
                let g = Geometry::new(n)
                    .unwrap()
                    .with_variants(Variants::parse(variants).unwrap())
                    .unwrap();
                let v = g.variants();
                for c in 0..g.cells() {
                    let (r, col) = ((c / n) as isize, (c % n) as isize);
                    let expected: Vec<u16> = (0..g.cells())
                        .filter(|&o| {
                            let (dr, dc) =
                                (((o / n) as isize - r).abs(), ((o % n) as isize - col).abs());
                            o != c
                                && (g
                                    .houses()
                                    .iter()
                                    .any(|h| h.cells.contains(&c) && h.cells.contains(&o))
                                    || v.anti_knight && (dr, dc) == (1, 2)
                                    || v.anti_knight && (dr, dc) == (2, 1)
                                    || v.anti_king && (dr, dc) == (1, 1))
                        })
                        .map(|o| o as u16)
                        .collect();
                    assert_eq!(g.peers(c), &expected[..], "size {n}, {variants}, cell {c}");
                }
                // Built from a grid with other variants, the grid is the same: the build
                // `with_variants` skips when the variants do not change would make it again.
                let other = if variants.is_empty() { "x" } else { "" };
                let again = Geometry::new(n)
                    .unwrap()
                    .with_variants(Variants::parse(other).unwrap())
                    .unwrap()
                    .with_variants(g.variants())
                    .unwrap();
                assert_eq!(again, g, "size {n}, {variants}");
            }
        }
    }

    #[test]
    fn variants_add_the_houses_and_moves_they_name() {
        let g = Geometry::classic()
            .with_variants(Variants::parse("x, hyper").unwrap())
            .unwrap();
        assert_eq!(g.houses().len(), 27 + 2 + 4);
        assert_eq!(g.variants().to_string(), "x,hyper");
        // r1c1 sees r9c9 along the diagonal; r2c2 and r4c4 share the first window.
        assert!(g.sees(0, 80));
        assert!(g.sees(10, 30));
        assert!(!Geometry::classic().sees(10, 30));
        let knight = Geometry::classic()
            .with_variants(Variants::parse("anti-knight").unwrap())
            .unwrap();
        // r1c3: r2c5 and r3c4 are a knight's move away outside its box and lines; r2c4 is not.
        assert!(knight.sees(2, 13) && knight.sees(2, 21) && !knight.sees(2, 12));
        assert!(!Geometry::classic().sees(2, 13));
        assert_eq!(knight.peers(2).len(), 20 + 2);
        let king = Geometry::classic()
            .with_variants(Variants::parse("anti-king").unwrap())
            .unwrap();
        // r1c3's diagonal neighbours: r2c2 (its box) and r2c4 (new).
        assert!(king.sees(2, 12) && !king.sees(2, 22));
        assert_eq!(king.peers(2).len(), 20 + 1);
    }

    #[test]
    fn jigsaw_regions_replace_the_boxes() {
        // 4x4: regions are the four rows shifted by one column (a valid partition).
        let labels: Vec<char> = "aaabbbbcccc dddda"
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let g = Geometry::new(4).unwrap().with_regions(&labels).unwrap();
        assert!(g.is_jigsaw());
        assert_eq!(g.house(8).kind, HouseKind::Region);
        assert_eq!(g.house(8).cells, [0, 1, 2, 15]);
        assert_eq!(g.box_of(15), Some(0));
        let bad: Vec<char> = "aaaabbbbccccddde".chars().collect();
        assert_eq!(
            Geometry::new(4).unwrap().with_regions(&bad),
            Err(GeometryError::RegionSize {
                label: 'd',
                len: 3,
                size: 4,
                cell: 12
            })
        );
        assert!(matches!(
            Geometry::new(4).unwrap().with_regions(&bad[1..]),
            Err(GeometryError::RegionCount { .. })
        ));
    }
}
