//! Puzzles of any [`Geometry`]: sizes 4×4 to 25×25, other box shapes, jigsaw regions and the
//! `x`, `hyper`, `anti-knight` and `anti-king` rules.
//!
//! The classic 9×9 puzzle keeps its own types ([`Board`](crate::board::Board) and the band
//! solver); this module is the path every other shape takes, chosen once per puzzle by the
//! reader (a line of N² cells for N ≠ 9) or by the command line (`--variant`, `--regions`,
//! `--box`, `--symbols`), never per cell.
//!
//! - [`Spec`]: what the command line says about the shape, and the [`Geometry`] it gives for
//!   each size (built once per size and shared).
//! - [`Alphabet`]: the symbols of a size (1–9 then A–Z by default, letters in either case).
//! - [`Puzzle`]: an N×N grid of values (0 blank, 1..=N), with its geometry and alphabet;
//!   [`Puzzle::parse_line`] reads one line with located errors.
//! - [`generate`]: seeded, symmetric, minimal puzzles of any shape.
//!
//! The search is [`crate::solver::general`].

pub mod generate;

use std::fmt;
use std::io::Write as _;
use std::sync::{Arc, Mutex, OnceLock};

use thiserror::Error;

use crate::geometry::{Geometry, GeometryError, SIZES, Variants};
use crate::solver::general::Solver;

/// The default symbols, in order: a size-N grid uses the first N.
pub const DEFAULT_SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// What is wrong with a line that was meant as a puzzle of another shape.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum VariantError {
    /// A character that is not a symbol of the grid's alphabet nor a blank.
    #[error("{} is not a symbol of a {size}x{size} grid (symbols: {symbols})", show(*.found))]
    Symbol {
        /// What was written.
        found: char,
        /// The grid's size.
        size: usize,
        /// The symbols, in order.
        symbols: String,
    },
    /// A number of cells that is no supported N².
    #[error("expected N*N cells for N in 4, 6, 8, 9, 10, 12, 15, 16, 20, 25, found {0}")]
    CellCount(usize),
    /// The grid cannot be built with the options given (box, variant, regions).
    #[error(transparent)]
    Geometry(#[from] GeometryError),
    /// `--regions` was given for another size.
    #[error("the regions are for a {regions}x{regions} grid, not {size}x{size}")]
    RegionsSize {
        /// The size the regions fit.
        regions: usize,
        /// The puzzle's size.
        size: usize,
    },
    /// `--symbols` is shorter than the grid's size.
    #[error("--symbols has {found} symbols, a {size}x{size} grid needs {size}")]
    FewSymbols {
        /// Symbols given.
        found: usize,
        /// The grid's size.
        size: usize,
    },
    /// An alphabet that cannot tell its values apart: a symbol twice, or a blank as a symbol.
    #[error("--symbols: {0:?} {1}")]
    BadSymbol(char, &'static str),
    /// A cell of a position with pencil marks with no candidate.
    #[error("cell has no candidate")]
    NoCandidate,
    /// A symbol written twice among a cell's candidates.
    #[error("candidate {} written twice in one cell", show(*.0))]
    RepeatedCandidate(char),
    /// In the one-line form of pencil marks (N characters per cell), a character that is
    /// neither the candidate of its place nor a blank.
    #[error("expected candidate {} or '.', found {}", show(*.expected), show(*.found))]
    MisplacedCandidate {
        /// The symbol this place stands for.
        expected: char,
        /// What was written there.
        found: char,
    },
    /// Two givens that may not hold the same symbol.
    #[error("symbol {symbol} appears twice in {house}")]
    Clash {
        /// The symbol, as written.
        symbol: char,
        /// Where: `row 3`, `region 2`, `a knight's move of r1c2`, ...
        house: String,
        /// The second of the two cells (row-major), to locate it.
        cell: usize,
    },
}

fn show(c: char) -> String {
    if c.is_control() || c.is_whitespace() {
        format!("'{}'", c.escape_unicode())
    } else {
        format!("'{c}'")
    }
}

/// The symbols of one grid size, in value order, with the blanks it reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alphabet {
    symbols: Vec<char>,
    /// Whether `0` is a blank (it is unless it is a symbol).
    zero_blank: bool,
}

impl Alphabet {
    /// The first `size` symbols of `symbols` (uppercased), or an error if there are fewer.
    pub fn new(symbols: &str, size: usize) -> Result<Alphabet, VariantError> {
        let all: Vec<char> = symbols
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| c.to_ascii_uppercase())
            .collect();
        if all.len() < size {
            return Err(VariantError::FewSymbols {
                found: all.len(),
                size,
            });
        }
        let symbols = all[..size].to_vec();
        for (i, &c) in symbols.iter().enumerate() {
            if c == '.' || c == '_' {
                return Err(VariantError::BadSymbol(c, "is a blank, not a symbol"));
            }
            if symbols[..i].contains(&c) {
                return Err(VariantError::BadSymbol(
                    c,
                    "appears twice (letters in either case are one symbol)",
                ));
            }
        }
        let zero_blank = !symbols.contains(&'0');
        Ok(Alphabet {
            symbols,
            zero_blank,
        })
    }

    /// The default alphabet of a size: 1–9, then A–Z.
    pub fn default_for(size: usize) -> Alphabet {
        Alphabet::new(DEFAULT_SYMBOLS, size.min(DEFAULT_SYMBOLS.len()))
            .expect("the default alphabet is long enough")
    }

    /// The value (1..=N) of a character, `Some(0)` for a blank, `None` for anything else.
    pub fn value(&self, c: char) -> Option<u8> {
        if c == '.' || c == '_' || c == '0' && self.zero_blank {
            return Some(0);
        }
        let up = c.to_ascii_uppercase();
        self.symbols
            .iter()
            .position(|&s| s == up)
            .map(|i| i as u8 + 1)
    }

    /// The symbol of a value (1..=N); `.` for 0.
    pub fn symbol(&self, value: u8) -> char {
        match value {
            0 => '.',
            v => self.symbols[usize::from(v) - 1],
        }
    }

    /// The symbols, in order, as one string.
    pub fn symbols(&self) -> String {
        self.symbols.iter().collect()
    }
}

/// What the command line says about the shape of non-classic puzzles: `--box`, `--variant`,
/// `--regions`, `--symbols`. Each size's [`Geometry`] is built the first time it is needed
/// and shared after.
#[derive(Debug, Default)]
pub struct Spec {
    /// `--box RxC`, for the sizes it divides.
    pub box_shape: Option<(usize, usize)>,
    /// `--variant`.
    pub variants: Variants,
    /// `--regions`: one label per cell, row-major.
    pub regions: Option<Vec<char>>,
    /// `--symbols`.
    pub symbols: Option<String>,
    cache: [OnceLock<Result<Shape, VariantError>>; SIZES.len()],
    /// Shapes with the boxes a grid's separators draw, other than the size's default.
    drawn: Mutex<Vec<((usize, usize), Shape)>>,
}

/// The geometry and alphabet of one size under a [`Spec`].
#[derive(Debug, Clone)]
pub struct Shape {
    /// The grid.
    pub geometry: Arc<Geometry>,
    /// Its symbols.
    pub alphabet: Arc<Alphabet>,
    /// The search's tables for the geometry.
    pub solver: Arc<Solver>,
}

impl Shape {
    /// The shape of a geometry with an alphabet.
    pub fn new(geometry: Geometry, alphabet: Alphabet) -> Shape {
        Shape {
            solver: Arc::new(Solver::new(&geometry)),
            geometry: Arc::new(geometry),
            alphabet: Arc::new(alphabet),
        }
    }
}

impl Spec {
    /// A spec from the command line's values.
    pub fn new(
        box_shape: Option<(usize, usize)>,
        variants: Variants,
        regions: Option<Vec<char>>,
        symbols: Option<String>,
    ) -> Spec {
        Spec {
            box_shape,
            variants,
            regions,
            symbols,
            cache: Default::default(),
            drawn: Mutex::default(),
        }
    }

    /// Whether any option is set: then every puzzle, 9×9 ones too, takes this path.
    pub fn is_set(&self) -> bool {
        self.box_shape.is_some()
            || !self.variants.is_empty()
            || self.regions.is_some()
            || self.symbols.is_some()
    }

    /// The size of every grid, when the options tell it: `--box RxC` (R·C) or `--regions`.
    pub fn grid_size(&self) -> Option<usize> {
        self.box_shape
            .map(|(r, c)| r * c)
            .or_else(|| self.regions_size())
    }

    /// The size the regions fit, if `--regions` was given.
    pub fn regions_size(&self) -> Option<usize> {
        self.regions.as_ref().map(|r| r.len().isqrt())
    }

    /// The geometry and alphabet of size `n` (built once).
    pub fn shape(&self, n: usize) -> Result<Shape, VariantError> {
        let Some(slot) = SIZES.iter().position(|&s| s == n) else {
            return Err(GeometryError::Size(n).into());
        };
        self.cache[slot].get_or_init(|| self.build(n)).clone()
    }

    /// The shape of a grid of size `n` whose separators draw boxes of `drawn` rows and
    /// columns: those boxes when `--box` and `--regions` are not given, else as
    /// [`Spec::shape`].
    pub fn shape_drawn(
        &self,
        n: usize,
        drawn: Option<(usize, usize)>,
    ) -> Result<Shape, VariantError> {
        let Some(drawn) = drawn.filter(|_| self.box_shape.is_none() && self.regions.is_none())
        else {
            return self.shape(n);
        };
        let shape = self.shape(n)?;
        if shape.geometry.box_shape() == Some(drawn) {
            return Ok(shape);
        }
        let mut cache = self.drawn.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, shape)) = cache
            .iter()
            .find(|(b, s)| *b == drawn && s.geometry.size() == n)
        {
            return Ok(shape.clone());
        }
        let shape = self.build_with(n, Some(drawn), None)?;
        cache.push((drawn, shape.clone()));
        Ok(shape)
    }

    fn build(&self, n: usize) -> Result<Shape, VariantError> {
        self.build_with(n, self.box_shape, self.regions.as_deref())
    }

    /// The shape of size `n` with these boxes and regions in place of `--box` and
    /// `--regions` (not cached: a grid's separators may draw its own boxes, and a jigsaw
    /// line may carry its own regions).
    fn build_with(
        &self,
        n: usize,
        box_shape: Option<(usize, usize)>,
        regions: Option<&[char]>,
    ) -> Result<Shape, VariantError> {
        let mut g = match box_shape {
            Some((r, c)) => Geometry::with_box(n, r, c)?,
            None => Geometry::new(n)?,
        };
        if let Some(labels) = regions {
            let size = labels.len().isqrt();
            if size * size != labels.len() || size != n {
                return Err(VariantError::RegionsSize {
                    regions: size,
                    size: n,
                });
            }
            g = g.with_regions(labels)?;
        }
        let g = g.with_variants(self.variants)?;
        let alphabet = match &self.symbols {
            Some(s) => Alphabet::new(s, n)?,
            None => Alphabet::default_for(n),
        };
        Ok(Shape::new(g, alphabet))
    }
}

/// Checks `--symbols` before any puzzle is read: at least 4 symbols (the smallest size), none
/// a blank (`.`, `_`), none twice (letters in either case are one symbol), and `size` of them
/// when the size is known.
pub fn check_symbols(symbols: &str, size: Option<usize>) -> Result<(), VariantError> {
    let count = symbols.chars().filter(|c| !c.is_whitespace()).count();
    Alphabet::new(symbols, count)?;
    Alphabet::new(symbols, size.unwrap_or(SIZES[0])).map(|_| ())
}

/// Reads `--regions`: N² labels (any characters but white space, which is skipped), as
/// text; the caller reads a file first when the argument names one.
pub fn parse_regions(text: &str) -> Result<Vec<char>, VariantError> {
    let labels: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let n = labels.len().isqrt();
    if n * n != labels.len() || !SIZES.contains(&n) {
        return Err(VariantError::CellCount(labels.len()));
    }
    // Checked now, so a bad partition is refused before any puzzle is read.
    Geometry::new(n)?.with_regions(&labels)?;
    Ok(labels)
}

/// A puzzle (or solution) of any shape: N² values, 0 for a blank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    shape: Shape,
    cells: Vec<u8>,
}

/// A line that is not a puzzle of its shape: what is wrong and at which character (from 0)
/// of the text given to [`Puzzle::parse_line`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// Index of the offending character in the text (in characters).
    pub at: usize,
    /// What is wrong.
    pub kind: VariantError,
    /// The puzzle as read, when its givens break the rules.
    pub puzzle: Option<Box<Puzzle>>,
}

/// A cell of a grid (given to [`Puzzle::parse_cells`]) that is not good: which cell, at which
/// character of its text, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellError {
    /// The cell, row-major.
    pub cell: usize,
    /// Index of the offending character in the cell's text (in characters).
    pub at: usize,
    /// What is wrong.
    pub kind: VariantError,
}

/// The pencil marks of a position: for each cell, bit `v - 1` set when value `v` may go there
/// (a filled cell holds just its value's bit).
pub type Marks = Vec<u32>;

impl PartialEq for Shape {
    fn eq(&self, other: &Shape) -> bool {
        self.geometry == other.geometry && self.alphabet == other.alphabet
    }
}

impl Eq for Shape {}

/// Characters that end the cells of a one-line puzzle and start its annotation.
fn ends_cells(c: char) -> bool {
    c.is_whitespace() || matches!(c, ';' | ',' | '#' | ':')
}

impl Puzzle {
    /// An empty grid of a shape.
    pub fn empty(shape: Shape) -> Puzzle {
        let cells = vec![0; shape.geometry.cells()];
        Puzzle { shape, cells }
    }

    /// A grid of a shape with these values (0 blank, 1..=N; others are clamped to blank).
    pub fn from_values(shape: Shape, values: &[u8]) -> Puzzle {
        let n = shape.geometry.size() as u8;
        let mut cells: Vec<u8> = values.iter().map(|&v| if v > n { 0 } else { v }).collect();
        cells.resize(shape.geometry.cells(), 0);
        Puzzle { shape, cells }
    }

    /// Reads a one-line puzzle: leading blanks, N² cells, then the end of the text or an
    /// annotation after white space, `;`, `,`, `#` or `:`. The size comes from the number of
    /// cells; the shape of that size from `spec`. The givens are checked against the rules.
    pub fn parse_line(text: &str, spec: &Spec) -> Result<Puzzle, LineError> {
        Puzzle::parse_position_line(text, spec).map(|(p, _)| p)
    }

    /// [`Puzzle::parse_line`], which also reads a position with pencil marks written as N³
    /// characters (N per cell, the `v`-th the symbol of value `v` where it is a candidate and
    /// a blank where not): then the puzzle holds the cells with one candidate, and the marks
    /// come with it.
    pub fn parse_position_line(
        text: &str,
        spec: &Spec,
    ) -> Result<(Puzzle, Option<Marks>), LineError> {
        let chars: Vec<char> = text.chars().collect();
        let start = chars
            .iter()
            .take_while(|c| **c == ' ' || **c == '\t')
            .count();
        let len = chars[start..]
            .iter()
            .take_while(|&&c| !ends_cells(c))
            .count();
        if let Some(n) = marks_line_size(len, spec.grid_size()) {
            let shape = spec.shape(n).map_err(|kind| LineError {
                at: start,
                kind,
                puzzle: None,
            })?;
            return Puzzle::marks_line(shape, &chars[start..start + len]).map_err(|e| LineError {
                at: start + e.cell * n + e.at,
                kind: e.kind,
                puzzle: None,
            });
        }
        let n = len.isqrt();
        if n * n != len || !SIZES.contains(&n) {
            return Err(LineError {
                at: start + len,
                kind: VariantError::CellCount(len),
                puzzle: None,
            });
        }
        // Regions printed after the cells (`generate --jigsaw`) make a jigsaw, unless
        // `--regions` says otherwise.
        let annotated = match spec.regions {
            Some(_) => None,
            None => {
                let after = text
                    .char_indices()
                    .nth(start + len)
                    .map_or(text.len(), |(i, _)| i);
                annotated_regions(&text.as_bytes()[after..], len)
            }
        };
        let shape = match annotated {
            Some(labels) => spec.build_with(n, spec.box_shape, Some(&labels)),
            None => spec.shape(n),
        }
        .map_err(|kind| LineError {
            at: start,
            kind,
            puzzle: None,
        })?;
        let mut cells = Vec::with_capacity(len);
        for (i, &c) in chars[start..start + len].iter().enumerate() {
            match shape.alphabet.value(c) {
                Some(v) => cells.push(v),
                None => {
                    return Err(LineError {
                        at: start + i,
                        kind: VariantError::Symbol {
                            found: c,
                            size: n,
                            symbols: shape.alphabet.symbols(),
                        },
                        puzzle: None,
                    });
                }
            }
        }
        let puzzle = Puzzle { shape, cells };
        match puzzle.clash() {
            Some(kind) => {
                let at = match &kind {
                    VariantError::Clash { cell, .. } => start + cell,
                    _ => start,
                };
                Err(LineError {
                    at,
                    kind,
                    puzzle: Some(Box::new(puzzle)),
                })
            }
            None => Ok((puzzle, None)),
        }
    }

    /// The position of the N³-character form of pencil marks.
    fn marks_line(shape: Shape, chars: &[char]) -> Result<(Puzzle, Option<Marks>), CellError> {
        let n = shape.geometry.size();
        let alphabet = Arc::clone(&shape.alphabet);
        let mut marks = vec![0u32; n * n];
        for (cell, group) in chars.chunks_exact(n).enumerate() {
            for (i, &c) in group.iter().enumerate() {
                match alphabet.value(c) {
                    Some(0) => {}
                    Some(v) if usize::from(v) == i + 1 => marks[cell] |= 1 << i,
                    _ => {
                        return Err(CellError {
                            cell,
                            at: i,
                            kind: VariantError::MisplacedCandidate {
                                expected: alphabet.symbol(i as u8 + 1),
                                found: c,
                            },
                        });
                    }
                }
            }
            if marks[cell] == 0 {
                return Err(CellError {
                    cell,
                    at: 0,
                    kind: VariantError::NoCandidate,
                });
            }
        }
        Puzzle::position(shape, marks)
    }

    /// The position of pencil marks `marks`: its cells with one candidate filled, checked
    /// against the rules.
    fn position(shape: Shape, marks: Marks) -> Result<(Puzzle, Option<Marks>), CellError> {
        let cells = marks
            .iter()
            .map(|&m| {
                if m.count_ones() == 1 {
                    m.trailing_zeros() as u8 + 1
                } else {
                    0
                }
            })
            .collect();
        let puzzle = Puzzle { shape, cells };
        puzzle.checked(0).map(|p| (p, Some(marks)))
    }

    /// The puzzle, or the clash of its givens (at character `at` of the cell).
    fn checked(self, at: usize) -> Result<Puzzle, CellError> {
        match self.clash() {
            Some(kind) => Err(CellError {
                cell: match &kind {
                    VariantError::Clash { cell, .. } => *cell,
                    _ => 0,
                },
                at,
                kind,
            }),
            None => Ok(self),
        }
    }

    /// Reads a grid of size `n` from its cells as written, row-major: one symbol or blank
    /// each, or with `pencil` each cell's candidates (a position with pencil marks, whose
    /// cells with one candidate are filled; the marks come with it). The shape of that size
    /// comes from `spec`, with the `boxes` (rows, columns) its separators draw unless `spec`
    /// sets boxes or regions; the givens are checked against the rules.
    pub fn parse_cells(
        n: usize,
        cells: &[&str],
        pencil: bool,
        boxes: Option<(usize, usize)>,
        spec: &Spec,
    ) -> Result<(Puzzle, Option<Marks>), CellError> {
        let shape = spec.shape_drawn(n, boxes).map_err(|kind| CellError {
            cell: 0,
            at: 0,
            kind,
        })?;
        let symbol_error = |cell, at, c| CellError {
            cell,
            at,
            kind: VariantError::Symbol {
                found: c,
                size: n,
                symbols: shape.alphabet.symbols(),
            },
        };
        if !pencil {
            let mut values = Vec::with_capacity(n * n);
            for (cell, text) in cells.iter().enumerate() {
                let mut chars = text.chars();
                let c = chars.next().unwrap_or('.');
                match shape.alphabet.value(c) {
                    Some(v) => values.push(v),
                    None => return Err(symbol_error(cell, 0, c)),
                }
                if let Some(extra) = chars.next() {
                    return Err(symbol_error(cell, 1, extra));
                }
            }
            return Puzzle {
                shape: shape.clone(),
                cells: values,
            }
            .checked(0)
            .map(|p| (p, None));
        }
        let mut marks = vec![0u32; n * n];
        for (cell, text) in cells.iter().enumerate() {
            let chars: Vec<char> = text.chars().collect();
            for (at, &c) in chars.iter().enumerate() {
                match shape.alphabet.value(c) {
                    Some(0) if chars.len() == 1 => {
                        return Err(CellError {
                            cell,
                            at,
                            kind: VariantError::NoCandidate,
                        });
                    }
                    Some(v) if v > 0 => {
                        let bit = 1 << (v - 1);
                        if marks[cell] & bit != 0 {
                            return Err(CellError {
                                cell,
                                at,
                                kind: VariantError::RepeatedCandidate(c.to_ascii_uppercase()),
                            });
                        }
                        marks[cell] |= bit;
                    }
                    _ => return Err(symbol_error(cell, at, c)),
                }
            }
        }
        Puzzle::position(shape, marks)
    }

    /// The shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.shape.geometry
    }

    /// The alphabet.
    pub fn alphabet(&self) -> &Alphabet {
        &self.shape.alphabet
    }

    /// The values, row-major, 0 for a blank.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The values, to change.
    pub fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The number of givens.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// The first two givens (in row-major order of the second) that may not hold the same
    /// value, as a [`VariantError::Clash`].
    pub fn clash(&self) -> Option<VariantError> {
        let g = self.geometry();
        for cell in 0..g.cells() {
            let v = self.cells[cell];
            if v == 0 {
                continue;
            }
            if let Some(&other) = g
                .peers(cell)
                .iter()
                .find(|&&p| usize::from(p) < cell && self.cells[usize::from(p)] == v)
            {
                let other = usize::from(other);
                let house = g
                    .cell_houses(cell)
                    .iter()
                    .map(|&h| g.house(usize::from(h)))
                    .find(|h| h.cells.contains(&other))
                    .map_or_else(
                        || {
                            format!(
                                "{} and {} (a forbidden move)",
                                g.cell_name(other),
                                g.cell_name(cell)
                            )
                        },
                        |h| format!("{} {}", h.kind.word(), h.number + 1),
                    );
                return Some(VariantError::Clash {
                    symbol: self.alphabet().symbol(v),
                    house,
                    cell,
                });
            }
        }
        None
    }

    /// Whether this is a complete grid that keeps every rule and `puzzle`'s givens.
    pub fn is_solution_of(&self, puzzle: &Puzzle) -> bool {
        self.cells.len() == puzzle.cells.len()
            && self.cells.iter().all(|&v| v != 0)
            && self
                .cells
                .iter()
                .zip(&puzzle.cells)
                .all(|(&s, &p)| p == 0 || s == p)
            && self.clash().is_none()
    }

    /// The grid as one line in its alphabet, `blank` for empty cells.
    pub fn to_line_with(&self, blank: char) -> String {
        self.cells
            .iter()
            .map(|&v| match v {
                0 => blank,
                v => self.alphabet().symbol(v),
            })
            .collect()
    }

    /// The grid as one line in its alphabet, `.` for empty cells.
    pub fn to_line(&self) -> String {
        self.to_line_with('.')
    }

    /// Appends the grid as N rows with box separators (none for jigsaw regions). With
    /// `givens` and `color`, the cells given in the puzzle are bold.
    pub fn write_grid(&self, out: &mut Vec<u8>, givens: Option<&Puzzle>, color: bool) {
        let g = self.geometry();
        let n = g.size();
        let (br, bc) = g.box_shape().unwrap_or((n, n));
        let mut ruler = String::new();
        for row in 0..n {
            let mut text = String::new();
            let mut plain = String::new();
            for col in 0..n {
                if col > 0 {
                    let sep = if col % bc == 0 { " | " } else { " " };
                    text.push_str(sep);
                    plain.push_str(sep);
                }
                let cell = row * n + col;
                let ch = match self.cells[cell] {
                    0 => '.',
                    v => self.alphabet().symbol(v),
                };
                let bold = color && givens.is_some_and(|p| p.cells[cell] != 0);
                if bold {
                    text.push_str("\x1b[1m");
                }
                text.push(ch);
                if bold {
                    text.push_str("\x1b[0m");
                }
                plain.push(ch);
            }
            if row > 0 && row % br == 0 {
                if ruler.is_empty() {
                    ruler = plain
                        .chars()
                        .map(|c| if c == '|' { '+' } else { '-' })
                        .collect();
                }
                let _ = writeln!(out, "{ruler}");
            }
            let _ = writeln!(out, "{text}");
        }
    }

    /// The shape's JSON fields (`"size":16,"box":"4x4","variants":[..]` and `"regions"` for
    /// a jigsaw), each after a comma.
    pub fn write_json_shape(&self, out: &mut Vec<u8>) {
        let g = self.geometry();
        let _ = write!(out, ",\"size\":{}", g.size());
        match g.box_shape() {
            Some((r, c)) => {
                let _ = write!(out, ",\"box\":\"{r}x{c}\"");
            }
            None => out.extend_from_slice(b",\"box\":null"),
        }
        out.extend_from_slice(b",\"variants\":[");
        for (i, name) in g.variants().names().iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            let _ = write!(out, "\"{name}\"");
        }
        out.push(b']');
        if let Some(regions) = g.regions() {
            out.extend_from_slice(b",\"regions\":\"");
            out.extend(regions.iter().map(|&r| region_label(r)));
            out.push(b'"');
        }
        if self.alphabet() != &Alphabet::default_for(g.size()) {
            out.extend_from_slice(b",\"symbols\":");
            crate::format::write_json_string(out, &self.alphabet().symbols());
        }
    }
}

/// The label written for region number `r` (from 0): `a`, `b`, ... then `A`, ... (25 at most).
pub fn region_label(r: u8) -> u8 {
    match r {
        0..26 => b'a' + r,
        _ => b'A' + (r - 26),
    }
}

/// The regions of a jigsaw geometry as labels, one line of N² (`None` for boxes).
pub fn regions_line(g: &Geometry) -> Option<String> {
    g.regions()
        .map(|r| r.iter().map(|&x| char::from(region_label(x))).collect())
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

/// The jigsaw regions a one-line puzzle of `cells` cells carries in `rest`, the text after
/// its cells, as `generate --jigsaw` prints them (`PUZZLE REGIONS`): the first word after
/// white space, when it has N² labels that split the grid into N orthogonally connected
/// regions of N cells. Connectedness is what tells a region map from a solution written after
/// its puzzle (the cells of one value never touch), so that is never read as regions.
pub fn annotated_regions(rest: &[u8], cells: usize) -> Option<Vec<char>> {
    if !rest.first()?.is_ascii_whitespace() {
        return None;
    }
    let word = rest
        .trim_ascii_start()
        .split(u8::is_ascii_whitespace)
        .next()?;
    let labels: Vec<char> = std::str::from_utf8(word).ok()?.chars().collect();
    if labels.len() != cells {
        return None;
    }
    let n = cells.isqrt();
    (n * n == cells && SIZES.contains(&n) && connected_regions(&labels, n)).then_some(labels)
}

/// Whether `labels` (N² of them, row-major) name N regions of N cells, each orthogonally
/// connected.
fn connected_regions(labels: &[char], n: usize) -> bool {
    if labels.len() != n * n {
        return false;
    }
    let mut seen = vec![false; n * n];
    let mut regions = 0;
    for first in 0..n * n {
        if seen[first] {
            continue;
        }
        regions += 1;
        let label = labels[first];
        let mut stack = vec![first];
        seen[first] = true;
        let mut size = 0;
        while let Some(cell) = stack.pop() {
            size += 1;
            let (r, c) = (cell / n, cell % n);
            let near = [
                (r > 0).then(|| cell - n),
                (r + 1 < n).then(|| cell + n),
                (c > 0).then(|| cell - 1),
                (c + 1 < n).then(|| cell + 1),
            ];
            for next in near.into_iter().flatten() {
                if !seen[next] && labels[next] == label {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        // A label whose cells fall apart is counted twice, and fails the count below.
        if size != n {
            return false;
        }
    }
    regions == n
}

/// The size N of a position with pencil marks written on one line of `len` = N³ characters,
/// where `size` is the size the options fix ([`Spec::grid_size`]), if any. 64 characters
/// are an 8×8 puzzle unless the options say 4×4 (`--box 2x2`, or 16 region labels).
pub fn marks_line_size(len: usize, size: Option<usize>) -> Option<usize> {
    if size == Some(4) && len == 64 {
        return Some(4);
    }
    SIZES.iter().copied().find(|&n| n != 4 && n * n * n == len)
}

/// Whether a line's first cells make a one-line puzzle of another size than 9×9: leading
/// blanks, then N² (N in [`SIZES`], N ≠ 9) letters, digits, `.` or `_`, or N³ for a position
/// with pencil marks (see [`marks_line_size`]), then the end or an annotation separator.
/// With `nine`, 81 cells (and 729) count too. Returns N.
pub fn one_line_size(text: &[u8], nine: bool) -> Option<usize> {
    let start = text
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    let body = &text[start..];
    let len = body
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_')
        .count();
    if let Some(&b) = body.get(len)
        && !(b.is_ascii_whitespace() || matches!(b, b';' | b',' | b'#' | b':'))
    {
        return None;
    }
    let n = len.isqrt();
    let n = if n * n == len && SIZES.contains(&n) {
        n
    } else {
        marks_line_size(len, None)?
    };
    (n != 9 || nine).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_after_the_cells_are_read_only_when_connected() {
        let regions = "aabbaabbccddccdd";
        let p = Puzzle::parse_line(&format!("1...............  {regions} x"), &Spec::default());
        let p = p.unwrap();
        assert_eq!(
            regions_line(p.geometry()).as_deref(),
            Some("aabbaabbccddccdd")
        );
        // The values of a solution never touch: not a region map, the boxes stay.
        let rest = b" 1234341221434321";
        assert_eq!(annotated_regions(rest, 16), None);
        // Right counts, but one region in two pieces.
        assert_eq!(annotated_regions(b" abbaabbaccddccdd", 16), None);
        // Not after white space, or of another length.
        assert_eq!(annotated_regions(b";aabbaabbccddccdd", 16), None);
        assert_eq!(annotated_regions(b" aabbaabbccddccd", 16), None);
        assert!(annotated_regions(b"\taabbaabbccddccdd\n", 16).is_some());
    }

    #[test]
    fn an_alphabet_must_tell_its_values_apart() {
        assert!(Alphabet::new("0123456789ABCDEF", 16).is_ok());
        for bad in ["AAAA", "12a A", "1.34", "12_4"] {
            assert!(
                matches!(Alphabet::new(bad, 4), Err(VariantError::BadSymbol(..))),
                "{bad}"
            );
        }
        // Only the symbols the size uses count.
        assert!(Alphabet::new("1234 1", 4).is_ok());
    }

    #[test]
    fn lines_of_every_size_read_with_their_alphabet() {
        let spec = Spec::default();
        let p = Puzzle::parse_line("  1.3.4.2......... rated 1", &spec).unwrap();
        assert_eq!(p.geometry().size(), 4);
        let p = Puzzle::parse_line("12..34..........", &spec).unwrap();
        assert_eq!(p.to_line(), "12..34..........");
        let sixteen = format!("g{}", ".".repeat(255));
        let p = Puzzle::parse_line(&sixteen, &spec).unwrap();
        assert_eq!(p.cells()[0], 16);
        assert_eq!(p.to_line().chars().next(), Some('G'));
        let bad = format!("{}H{}", ".".repeat(10), ".".repeat(245));
        let e = Puzzle::parse_line(&bad, &spec).unwrap_err();
        assert_eq!(e.at, 10);
        assert!(
            e.kind.to_string().contains("'H' is not a symbol"),
            "{}",
            e.kind
        );
        let e = Puzzle::parse_line(&".".repeat(17), &spec).unwrap_err();
        assert_eq!((e.at, e.kind), (17, VariantError::CellCount(17)));
    }

    #[test]
    fn other_symbols_and_zero() {
        let spec = Spec::new(None, Variants::NONE, None, Some("0123".into()));
        let p = Puzzle::parse_line("0123............", &spec).unwrap();
        assert_eq!(p.cells()[..4], [1, 2, 3, 4]);
        assert_eq!(p.to_line(), "0123............");
        let p = Puzzle::parse_line("1234000000000000", &Spec::default()).unwrap();
        assert_eq!(p.givens(), 4);
    }

    #[test]
    fn clashes_are_located_in_their_house() {
        let spec = Spec::default();
        let e = Puzzle::parse_line("1..1............", &spec).unwrap_err();
        assert_eq!(e.at, 3);
        assert_eq!(e.kind.to_string(), "symbol 1 appears twice in row 1");
        let knight = Spec::new(None, Variants::parse("anti-knight").unwrap(), None, None);
        let line = format!("1{}1{}", ".".repeat(12), ".".repeat(22));
        let e = Puzzle::parse_line(&line, &knight).unwrap_err();
        assert!(e.kind.to_string().contains("forbidden move"), "{}", e.kind);
        assert!(Puzzle::parse_line(&line, &Spec::default()).is_ok());
    }

    #[test]
    fn spec_refusals() {
        let hyper = Spec::new(None, Variants::parse("hyper").unwrap(), None, None);
        assert!(Puzzle::parse_line(&".".repeat(256), &hyper).is_err());
        assert!(Puzzle::parse_line(&".".repeat(81), &hyper).is_ok());
        let boxed = Spec::new(Some((3, 2)), Variants::NONE, None, None);
        assert!(Puzzle::parse_line(&".".repeat(36), &boxed).is_ok());
        assert!(Puzzle::parse_line(&".".repeat(16), &boxed).is_err());
        assert!(parse_regions("aabbaabbccddccdd").is_ok());
        assert!(parse_regions("aabbaabbccddccde").is_err());
        assert!(parse_regions("aab").is_err());
    }

    #[test]
    fn grids_have_box_rulers() {
        let p = Puzzle::parse_line("1234341221434321", &Spec::default()).unwrap();
        let mut out = Vec::new();
        p.write_grid(&mut out, None, false);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"
        );
    }

    #[test]
    fn one_line_sizes() {
        assert_eq!(one_line_size(b"  1234341221434321 # x", false), Some(4));
        assert_eq!(one_line_size(&[b'.'; 81], false), None);
        assert_eq!(one_line_size(&[b'.'; 81], true), Some(9));
        assert_eq!(one_line_size(b"1234341221434321|", false), None);
        assert_eq!(one_line_size(&[b'A'; 625], false), Some(25));
        assert_eq!(one_line_size(&[b'.'; 15625], false), Some(25));
    }

    #[test]
    fn marks_line_sizes() {
        assert_eq!(marks_line_size(216, None), Some(6));
        assert_eq!(marks_line_size(15625, None), Some(25));
        // 64 characters: an 8×8 puzzle, unless the options fix the size at 4.
        assert_eq!(marks_line_size(64, None), None);
        assert_eq!(marks_line_size(64, Some(4)), Some(4));
        assert_eq!(marks_line_size(64, Some(8)), None);
        assert_eq!(marks_line_size(100, Some(10)), None);
    }
}
