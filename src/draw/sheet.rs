//! The layout of a printed sheet of puzzles, independent of the file format: where each grid,
//! its number, its caption, the heading and the page number go on a page, and what is drawn in
//! each cell. A backend (PDF, SVG) implements [`Canvas`]; [`draw_page`] drives it, so every
//! format shows the same page.
//!
//! Coordinates are in points (1/72 inch) from the page's top-left corner, y downward.

use crate::board::CELLS;
use crate::geometry::{Geometry, HouseKind};

/// A paper size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl Paper {
    /// Width and height in points.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// The paper of a locale name such as `en_US.UTF-8`: Letter in the countries that use it
    /// (the Americas' letter users and the Philippines), A4 elsewhere and when unknown.
    pub fn from_locale(locale: &str) -> Paper {
        let territory = locale
            .split(['.', '@'])
            .next()
            .and_then(|l| l.split_once('_'))
            .map_or("", |(_, t)| t);
        match territory {
            "US" | "CA" | "MX" | "CL" | "CO" | "CR" | "GT" | "PA" | "PH" | "PR" | "SV" | "VE"
            | "DO" | "NI" | "HN" => Paper::Letter,
            _ => Paper::A4,
        }
    }
}

/// Puzzles a page may hold, as `--per-page` accepts them.
pub const PER_PAGE: [usize; 4] = [1, 2, 4, 6];

/// Solutions on an answer page: small grids, 3 across and 4 down.
pub const ANSWERS_PER_PAGE: usize = 12;

/// The grids' own units: a grid is [`GRID_UNITS`] across (100 a cell), whatever its size on
/// the page; backends draw [`grid_lines`] once in these units and scale it.
pub const GRID_UNITS: f32 = 900.0;

/// One line of the grid, in grid units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Line {
    /// Start.
    pub from: (f32, f32),
    /// End.
    pub to: (f32, f32),
    /// A box line (thick) rather than a cell line (thin).
    pub thick: bool,
}

/// Width of a cell line, in grid units.
pub const THIN: f32 = 3.0;
/// Width of a box line and of the border, in grid units.
pub const THICK: f32 = 9.0;

/// The grid's lines in grid units: the thin cell lines first, then the thick box lines and the
/// border (drawn last, over the thin ones).
pub fn grid_lines() -> Vec<Line> {
    let mut lines = Vec::with_capacity(20);
    for thick in [false, true] {
        for i in 0..=9 {
            if (i % 3 == 0) != thick {
                continue;
            }
            let at = 100.0 * i as f32;
            lines.push(Line {
                from: (at, 0.0),
                to: (at, GRID_UNITS),
                thick,
            });
            lines.push(Line {
                from: (0.0, at),
                to: (GRID_UNITS, at),
                thick,
            });
        }
    }
    lines
}

/// Where one puzzle goes on a page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slot {
    /// The grid's top-left corner.
    pub x: f32,
    /// The grid's top-left corner.
    pub y: f32,
    /// The grid's side.
    pub size: f32,
}

impl Slot {
    /// The side of a cell.
    pub fn cell(&self) -> f32 {
        self.size / 9.0
    }

    /// The cell (0 to 80, in reading order) holding the point, if any.
    pub fn cell_at(&self, x: f32, y: f32) -> Option<usize> {
        let (c, r) = ((x - self.x) / self.cell(), (y - self.y) / self.cell());
        ((0.0..9.0).contains(&c) && (0.0..9.0).contains(&r)).then(|| 9 * r as usize + c as usize)
    }
}

/// A page's layout: its size and the slots of its puzzles, in reading order.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// Page width.
    pub width: f32,
    /// Page height.
    pub height: f32,
    /// The puzzles' places, left to right, then top to bottom.
    pub slots: Vec<Slot>,
    /// Size of the puzzle numbers and captions.
    pub label_size: f32,
}

/// The page's margin.
const MARGIN: f32 = 40.0;
/// Room for the heading at the top and the page number at the bottom.
const BAND: f32 = 30.0;

impl Layout {
    /// The layout of a page of `per_page` puzzles (1, 2, 4 or 6, or [`ANSWERS_PER_PAGE`]; any
    /// other count gets a grid of columns and rows that holds it).
    pub fn new(paper: Paper, per_page: usize) -> Layout {
        let (width, height) = paper.size();
        let per_page = per_page.max(1);
        let (cols, rows) = match per_page {
            1 => (1, 1),
            2 => (1, 2),
            4 => (2, 2),
            6 => (2, 3),
            ANSWERS_PER_PAGE => (3, 4),
            n => {
                let cols = (n as f32).sqrt().ceil() as usize;
                (cols, n.div_ceil(cols))
            }
        };
        let label_size = if per_page <= 2 {
            13.0
        } else if per_page <= 6 {
            11.0
        } else {
            8.0
        };
        let top = MARGIN + BAND;
        let (area_w, area_h) = (width - 2.0 * MARGIN, height - 2.0 * (MARGIN + BAND));
        let (slot_w, slot_h) = (area_w / cols as f32, area_h / rows as f32);
        // Above each grid its number, below it its caption, and a gap between slots.
        let gap = 1.2 * label_size;
        let size = (slot_w - gap).min(slot_h - 2.0 * (label_size + 6.0) - gap);
        let size = (size / 9.0).floor() * 9.0;
        let mut slots = Vec::with_capacity(cols * rows);
        for i in 0..per_page {
            let (c, r) = (i % cols, i / cols);
            let x = MARGIN + c as f32 * slot_w + (slot_w - size) / 2.0;
            let y = top + r as f32 * slot_h + (slot_h - size) / 2.0;
            slots.push(Slot { x, y, size });
        }
        Layout {
            width,
            height,
            slots,
            label_size,
        }
    }

    /// Puzzles a page holds.
    pub fn per_page(&self) -> usize {
        self.slots.len()
    }
}

/// A grid to draw: its digits, which of them are givens, and candidates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// Each cell's digit, 0 for a blank.
    pub cells: [u8; CELLS],
    /// Bit `i` set when cell `i` is a given (drawn bold); other digits are answers.
    pub givens: u128,
    /// For a position with pencil marks: each blank cell's candidates (bit `d - 1` for digit
    /// `d`), drawn small in the cell.
    pub marks: Option<Box<[u16; CELLS]>>,
    /// A grid of another shape (size, boxes, jigsaw regions, variants): drawn from this in
    /// place of `cells`, `givens` and `marks`.
    pub shape: Option<Box<ShapeGrid>>,
}

/// A grid of any shape to draw: N×N cells in regions (the boxes, or jigsaw regions), with the
/// marks of its extra rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeGrid {
    /// N.
    pub size: usize,
    /// The region (box or jigsaw piece) of each cell, row-major: thick lines part regions.
    pub regions: Vec<u8>,
    /// Each cell's symbol, `None` for a blank.
    pub symbols: Vec<Option<char>>,
    /// Which symbols are givens (bold); the others are answers.
    pub givens: Vec<bool>,
    /// The X rule: both main diagonals drawn as light lines.
    pub diagonals: bool,
    /// Cells shaded grey (the hyper rule's extra windows).
    pub shaded: Vec<bool>,
    /// For a position with pencil marks: its candidates, drawn small in the blank cells.
    pub marks: Option<ShapeMarks>,
}

impl ShapeGrid {
    /// The empty grid of a geometry: its regions (each cell's box or jigsaw region, numbered
    /// as the geometry numbers them), the X diagonals, the hyper windows' cells shaded.
    pub fn outline(geometry: &Geometry) -> ShapeGrid {
        let n = geometry.size();
        let mut regions = vec![0u8; n * n];
        let mut shaded = vec![false; n * n];
        for house in geometry.houses() {
            match house.kind {
                HouseKind::Box | HouseKind::Region => {
                    for &c in &house.cells {
                        regions[c] = house.number as u8;
                    }
                }
                HouseKind::Window => {
                    for &c in &house.cells {
                        shaded[c] = true;
                    }
                }
                _ => {}
            }
        }
        ShapeGrid {
            size: n,
            regions,
            symbols: vec![None; n * n],
            givens: vec![false; n * n],
            diagonals: geometry.variants().x,
            shaded,
            marks: None,
        }
    }
}

/// The pencil marks of a position of another shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeMarks {
    /// The puzzle's symbols in order: value `v` is `alphabet[v - 1]`.
    pub alphabet: Vec<char>,
    /// Each cell's candidates, bit `v - 1` for value `v` (25 values at most).
    pub cells: Vec<u32>,
}

impl Grid {
    /// A puzzle: every digit a given.
    pub fn puzzle(cells: [u8; CELLS]) -> Grid {
        let givens = (0..CELLS)
            .filter(|&i| cells[i] != 0)
            .fold(0u128, |m, i| m | 1 << i);
        Grid {
            cells,
            givens,
            marks: None,
            shape: None,
        }
    }

    /// A solution: the puzzle's givens bold, the digits found in regular type.
    pub fn solution(puzzle: &[u8; CELLS], solution: [u8; CELLS]) -> Grid {
        Grid {
            givens: Grid::puzzle(*puzzle).givens,
            cells: solution,
            marks: None,
            shape: None,
        }
    }
}

/// One puzzle on a page: its number in the book, its grid and an optional caption (its
/// rating).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The puzzle's number, from 1.
    pub number: u64,
    /// What to draw.
    pub grid: Grid,
    /// A line under the grid, e.g. `ER 7.2 diabolical`.
    pub caption: Option<String>,
}

/// A page to draw.
#[derive(Debug, Clone, Copy)]
pub struct Page<'a> {
    /// The heading at the top (the book's title; on answer pages, "Solutions").
    pub heading: Option<&'a str>,
    /// The page number at the bottom.
    pub number: u64,
    /// The puzzles, at most one per slot.
    pub entries: &'a [Entry],
}

/// A typeface: the standard Helvetica, regular or bold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Font {
    /// Helvetica.
    Regular,
    /// Helvetica-Bold.
    Bold,
}

/// Which point of the text is at the given x.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// Its left end.
    Start,
    /// Its middle.
    Middle,
    /// Its right end.
    End,
}

/// What a backend draws.
pub trait Canvas {
    /// The lines of a grid (see [`grid_lines`]) whose top-left corner is at `(x, y)`, `size`
    /// across.
    fn grid(&mut self, x: f32, y: f32, size: f32);
    /// One line of text; `y` is its baseline.
    fn text(&mut self, x: f32, y: f32, size: f32, font: Font, anchor: Anchor, text: &str);
    /// A straight line `width` wide in grey level `gray` (0 black, 1 white), square caps.
    fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, gray: f32);
    /// A rectangle filled in grey level `gray`.
    fn fill(&mut self, x: f32, y: f32, w: f32, h: f32, gray: f32);
}

/// Where a digit's baseline sits below the middle of its cell, as a share of the type size:
/// half the height of Helvetica's digits.
const DIGIT_DROP: f32 = 0.355;

/// Draws a page: heading, each entry's number, grid, digits and caption, and the page number.
pub fn draw_page(canvas: &mut impl Canvas, layout: &Layout, page: &Page<'_>) {
    let mid = layout.width / 2.0;
    if let Some(heading) = page.heading.filter(|h| !h.is_empty()) {
        canvas.text(
            mid,
            MARGIN + 14.0,
            16.0,
            Font::Bold,
            Anchor::Middle,
            heading,
        );
    }
    let number = page.number.to_string();
    canvas.text(
        mid,
        layout.height - MARGIN,
        10.0,
        Font::Regular,
        Anchor::Middle,
        &number,
    );
    for (slot, entry) in layout.slots.iter().zip(page.entries) {
        draw_entry(canvas, slot, layout.label_size, entry);
    }
}

/// Grey of the shaded cells of a hyper grid.
const SHADE: f32 = 0.85;
/// Grey of the diagonals of an X grid.
const DIAGONAL: f32 = 0.6;

/// How the lines and shading of a grid of another shape are drawn: each pen a width and a
/// grey level (0 black, 1 white).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pens {
    /// The lines between cells.
    pub thin: (f32, f32),
    /// The lines between regions (boxes or jigsaw pieces) and the border.
    pub thick: (f32, f32),
    /// The X diagonals.
    pub diagonal: (f32, f32),
    /// The grey of the hyper windows' cells.
    pub window: f32,
}

impl Pens {
    /// The printed sheet's pens for a grid `side` across: black lines [`THIN`] and [`THICK`]
    /// grid units wide, the diagonals as wide as the thick lines in mid grey.
    pub fn print(side: f32) -> Pens {
        let scale = side / GRID_UNITS;
        Pens {
            thin: (THIN * scale, 0.0),
            thick: (THICK * scale, 0.0),
            diagonal: (THICK * scale, DIAGONAL),
            window: SHADE,
        }
    }
}

/// Shades the cells of the hyper windows of a grid of another shape in its slot.
pub fn draw_windows(canvas: &mut impl Canvas, slot: &Slot, grid: &ShapeGrid, pens: &Pens) {
    let n = grid.size;
    let cell = slot.size / n as f32;
    for (i, _) in grid.shaded.iter().enumerate().filter(|(_, s)| **s) {
        let (r, c) = ((i / n) as f32, (i % n) as f32);
        canvas.fill(
            slot.x + c * cell,
            slot.y + r * cell,
            cell,
            cell,
            pens.window,
        );
    }
}

/// Draws the X diagonals of a grid of another shape, if it has them.
pub fn draw_diagonals(canvas: &mut impl Canvas, slot: &Slot, grid: &ShapeGrid, pens: &Pens) {
    if grid.diagonals {
        let (x0, y0, side) = (slot.x, slot.y, slot.size);
        let (w, grey) = pens.diagonal;
        canvas.line((x0, y0), (x0 + side, y0 + side), w, grey);
        canvas.line((x0 + side, y0), (x0, y0 + side), w, grey);
    }
}

/// Draws the lines of a grid of another shape: the cell lines, then the region lines (thick
/// where two cells of different regions meet) and the border over them.
pub fn draw_lines(canvas: &mut impl Canvas, slot: &Slot, grid: &ShapeGrid, pens: &Pens) {
    let n = grid.size;
    let cell = slot.size / n as f32;
    let (x0, y0, side) = (slot.x, slot.y, slot.size);
    let (thin, thin_grey) = pens.thin;
    for i in 1..n {
        let at = i as f32 * cell;
        canvas.line((x0 + at, y0), (x0 + at, y0 + side), thin, thin_grey);
        canvas.line((x0, y0 + at), (x0 + side, y0 + at), thin, thin_grey);
    }
    let (thick, grey) = pens.thick;
    let region = |r: usize, c: usize| grid.regions.get(r * n + c).copied();
    for r in 0..n {
        for c in 0..n {
            let (x, y) = (x0 + c as f32 * cell, y0 + r as f32 * cell);
            if c + 1 < n && region(r, c) != region(r, c + 1) {
                canvas.line((x + cell, y), (x + cell, y + cell), thick, grey);
            }
            if r + 1 < n && region(r, c) != region(r + 1, c) {
                canvas.line((x, y + cell), (x + cell, y + cell), thick, grey);
            }
        }
    }
    for (from, to) in [
        ((x0, y0), (x0 + side, y0)),
        ((x0 + side, y0), (x0 + side, y0 + side)),
        ((x0 + side, y0 + side), (x0, y0 + side)),
        ((x0, y0 + side), (x0, y0)),
    ] {
        canvas.line(from, to, thick, grey);
    }
}

/// Draws a grid of another shape in its slot: shading, diagonals, cell lines, region lines
/// (thick where two cells of different regions meet, and the border), then the symbols.
fn draw_shape(canvas: &mut impl Canvas, slot: &Slot, grid: &ShapeGrid) {
    let n = grid.size;
    let cell = slot.size / n as f32;
    let (x0, y0) = (slot.x, slot.y);
    let pens = Pens::print(slot.size);
    draw_windows(canvas, slot, grid, &pens);
    draw_diagonals(canvas, slot, grid, &pens);
    draw_lines(canvas, slot, grid, &pens);
    let big = 0.6 * cell;
    let mut buf = [0u8; 4];
    if let Some(marks) = &grid.marks {
        draw_shape_marks(canvas, slot, grid, marks);
    }
    for (i, symbol) in grid.symbols.iter().enumerate() {
        let Some(symbol) = symbol else { continue };
        let (cx, cy) = (
            x0 + cell * ((i % n) as f32 + 0.5),
            y0 + cell * ((i / n) as f32 + 0.5),
        );
        let font = if grid.givens.get(i).copied().unwrap_or(false) {
            Font::Bold
        } else {
            Font::Regular
        };
        let text = symbol.encode_utf8(&mut buf);
        canvas.text(cx, cy + DIGIT_DROP * big, big, font, Anchor::Middle, text);
    }
}

/// How many candidates a row of a cell's square of candidates holds on a grid of `n`
/// symbols: k = ⌈√n⌉ (3 for 9 symbols, 4 for 16, 5 for 25).
pub(super) fn marks_across(n: usize) -> usize {
    (1..=n).find(|k| k * k >= n).unwrap_or(n)
}

/// Draws the candidates of a grid of another shape's blank cells, small, the `v`-th symbol at
/// place `v - 1` of a k×k square in the cell (k = ⌈√N⌉: 3×3 for 9 symbols, 4×4 for 16, 5×5 for
/// 25), as 9×9 pencil marks are drawn.
fn draw_shape_marks(canvas: &mut impl Canvas, slot: &Slot, grid: &ShapeGrid, marks: &ShapeMarks) {
    let n = grid.size;
    let k = marks_across(n);
    let cell = slot.size / n as f32;
    // Spread over 0.9 of the cell, but no larger than a 9×9 grid's marks (a 4×4 grid's two
    // a row would be half the cell high).
    let pitch = cell * (0.9 / k as f32).min(0.3);
    let small = 0.9 * pitch;
    let mut buf = [0u8; 4];
    for (i, &m) in marks.cells.iter().enumerate() {
        if grid.symbols.get(i).is_some_and(Option::is_some) {
            continue;
        }
        let (cx, cy) = (
            slot.x + cell * ((i % n) as f32 + 0.5),
            slot.y + cell * ((i / n) as f32 + 0.5),
        );
        for v in 0..n {
            if m >> v & 1 == 0 {
                continue;
            }
            let Some(symbol) = marks.alphabet.get(v) else {
                continue;
            };
            let (col, row) = ((v % k) as f32, (v / k) as f32);
            let middle = (k - 1) as f32 / 2.0;
            let (sx, sy) = (cx + (col - middle) * pitch, cy + (row - middle) * pitch);
            draw_mark(canvas, (sx, sy), small, symbol.encode_utf8(&mut buf));
        }
    }
}

/// Draws a candidate centred on `at`, small.
fn draw_mark(canvas: &mut impl Canvas, at: (f32, f32), size: f32, text: &str) {
    let (x, y) = at;
    canvas.text(
        x,
        y + DIGIT_DROP * size,
        size,
        Font::Regular,
        Anchor::Middle,
        text,
    );
}

/// Draws one puzzle in its slot.
fn draw_entry(canvas: &mut impl Canvas, slot: &Slot, label: f32, entry: &Entry) {
    canvas.text(
        slot.x,
        slot.y - 0.45 * label,
        label,
        Font::Bold,
        Anchor::Start,
        &entry.number.to_string(),
    );
    if let Some(shape) = &entry.grid.shape {
        draw_shape(canvas, slot, shape);
        draw_caption(canvas, slot, label, entry);
        return;
    }
    canvas.grid(slot.x, slot.y, slot.size);
    let cell = slot.cell();
    let big = 0.6 * cell;
    let small = 0.27 * cell;
    let mut digit = [0u8; 1];
    for (i, &d) in entry.grid.cells.iter().enumerate() {
        let (cx, cy) = (
            slot.x + cell * ((i % 9) as f32 + 0.5),
            slot.y + cell * ((i / 9) as f32 + 0.5),
        );
        if (1..=9).contains(&d) {
            let font = if entry.grid.givens >> i & 1 == 1 {
                Font::Bold
            } else {
                Font::Regular
            };
            digit[0] = b'0' + d;
            let text = std::str::from_utf8(&digit).unwrap_or("?");
            canvas.text(cx, cy + DIGIT_DROP * big, big, font, Anchor::Middle, text);
        } else if let Some(marks) = &entry.grid.marks {
            for d in 1..=9u8 {
                if marks[i] >> (d - 1) & 1 == 0 {
                    continue;
                }
                let k = (d - 1) as f32;
                let (sx, sy) = (
                    cx + cell * ((k % 3.0) - 1.0) * 0.3,
                    cy + cell * ((k / 3.0).floor() - 1.0) * 0.3,
                );
                digit[0] = b'0' + d;
                draw_mark(
                    canvas,
                    (sx, sy),
                    small,
                    std::str::from_utf8(&digit).unwrap_or("?"),
                );
            }
        }
    }
    draw_caption(canvas, slot, label, entry);
}

/// The caption under a grid, if it has one.
fn draw_caption(canvas: &mut impl Canvas, slot: &Slot, label: f32, entry: &Entry) {
    if let Some(caption) = &entry.caption {
        canvas.text(
            slot.x,
            slot.y + slot.size + 1.25 * label,
            0.9 * label,
            Font::Regular,
            Anchor::Start,
            caption,
        );
    }
}

/// Advance widths of Helvetica's printable ASCII characters (space to tilde), in thousandths
/// of the type size, from the font's published metrics.
#[rustfmt::skip]
static HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/// The width of `text` set in `font` at `size`, for placing it by its middle or end. Digits
/// are exact (every digit is 0.556 em in both weights); letters of the bold face are taken a
/// little wider than the regular ones, which is close enough for centring a heading.
pub fn text_width(text: &str, size: f32, font: Font) -> f32 {
    let units: u32 = text
        .chars()
        .map(|c| match c {
            ' '..='~' => u32::from(HELVETICA[c as usize - 32]),
            _ => 556,
        })
        .sum();
    let scale = match font {
        Font::Bold if !text.bytes().all(|b| b.is_ascii_digit()) => 1.06,
        _ => 1.0,
    };
    units as f32 / 1000.0 * size * scale
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Variants;

    #[test]
    fn an_outline_has_the_regions_diagonals_and_windows_of_its_geometry() {
        let boxes = Geometry::with_box(6, 3, 2).unwrap();
        let o = ShapeGrid::outline(&boxes);
        assert_eq!((o.size, o.diagonals), (6, false));
        // 3x2 boxes: two across, three down.
        assert_eq!(&o.regions[..12], [0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2]);
        assert_eq!(o.regions[18], 3);
        assert!(o.shaded.iter().all(|s| !s) && o.symbols.iter().all(Option::is_none));
        let labels: Vec<char> =
            "aabbbbbbbaabacbcddaaaacccddeeeccccdfeeeeddddfgeehhhhhfggghihhhfggiiiiiifgggiiffff"
                .chars()
                .collect();
        let jigsaw = Geometry::new(9).unwrap().with_regions(&labels).unwrap();
        let o = ShapeGrid::outline(&jigsaw);
        for a in 0..81 {
            for b in 0..81 {
                assert_eq!(o.regions[a] == o.regions[b], labels[a] == labels[b]);
            }
        }
        let hyper = Variants::parse("hyper,x").unwrap();
        let o = ShapeGrid::outline(&Geometry::new(9).unwrap().with_variants(hyper).unwrap());
        assert!(o.diagonals);
        let shaded: Vec<usize> = (0..81).filter(|&c| o.shaded[c]).collect();
        assert_eq!(shaded.len(), 36);
        assert!(shaded.contains(&10) && shaded.contains(&70) && !shaded.contains(&40));
    }

    #[test]
    fn every_layout_fits_its_page_and_its_slots_do_not_overlap() {
        for paper in [Paper::A4, Paper::Letter] {
            for n in PER_PAGE.into_iter().chain([ANSWERS_PER_PAGE]) {
                let l = Layout::new(paper, n);
                assert_eq!(l.per_page(), n);
                for (i, a) in l.slots.iter().enumerate() {
                    assert!(
                        a.x >= MARGIN && a.x + a.size <= l.width - MARGIN,
                        "{n} {a:?}"
                    );
                    assert!(
                        a.y >= MARGIN && a.y + a.size <= l.height - MARGIN,
                        "{n} {a:?}"
                    );
                    assert!(a.size > 100.0);
                    for b in &l.slots[i + 1..] {
                        let apart = a.x + a.size < b.x
                            || b.x + b.size < a.x
                            || a.y + a.size < b.y
                            || b.y + b.size < a.y;
                        assert!(apart, "{n}: {a:?} {b:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn cell_at_finds_the_cell_under_a_point() {
        let s = Slot {
            x: 10.0,
            y: 20.0,
            size: 180.0,
        };
        assert_eq!(s.cell_at(15.0, 25.0), Some(0));
        assert_eq!(s.cell_at(185.0, 195.0), Some(80));
        assert_eq!(s.cell_at(10.0 + 20.0 * 4.5, 20.0 + 20.0 * 2.5), Some(22));
        assert_eq!(s.cell_at(5.0, 25.0), None);
        assert_eq!(s.cell_at(15.0, 201.0), None);
    }

    #[test]
    fn grid_lines_are_ten_each_way_with_four_thick() {
        let lines = grid_lines();
        assert_eq!(lines.len(), 20);
        assert_eq!(lines.iter().filter(|l| l.thick).count(), 8);
        // The thick ones come last, so they are drawn over the thin ones.
        assert!(lines[..12].iter().all(|l| !l.thick));
    }

    #[test]
    fn paper_follows_the_locale_territory() {
        assert_eq!(Paper::from_locale("en_US.UTF-8"), Paper::Letter);
        assert_eq!(Paper::from_locale("fr_CA"), Paper::Letter);
        assert_eq!(Paper::from_locale("en_GB.UTF-8"), Paper::A4);
        assert_eq!(Paper::from_locale("de_DE@euro"), Paper::A4);
        assert_eq!(Paper::from_locale("C"), Paper::A4);
        assert_eq!(Paper::from_locale(""), Paper::A4);
    }

    /// Records what is drawn.
    #[derive(Default)]
    struct Record {
        grids: Vec<(f32, f32, f32)>,
        texts: Vec<(f32, f32, f32, Font, String)>,
    }

    impl Canvas for Record {
        fn grid(&mut self, x: f32, y: f32, size: f32) {
            self.grids.push((x, y, size));
        }
        fn line(&mut self, _: (f32, f32), _: (f32, f32), _: f32, _: f32) {}
        fn fill(&mut self, _: f32, _: f32, _: f32, _: f32, _: f32) {}
        fn text(&mut self, x: f32, y: f32, size: f32, font: Font, _: Anchor, text: &str) {
            self.texts.push((x, y, size, font, text.to_string()));
        }
    }

    #[test]
    fn givens_are_bold_answers_regular_and_candidates_small_in_their_cells() {
        let layout = Layout::new(Paper::A4, 2);
        let mut puzzle = [0u8; CELLS];
        puzzle[0] = 7;
        let mut solution = [0u8; CELLS];
        solution[0] = 7;
        solution[1] = 3;
        let mut marks = Box::new([0u16; CELLS]);
        marks[40] = 0b1_0000_0101; // 1, 3 and 9 in r5c5
        let mut position = Grid::puzzle(puzzle);
        position.marks = Some(marks);
        let entries = [
            Entry {
                number: 8,
                grid: Grid::solution(&puzzle, solution),
                caption: None,
            },
            Entry {
                number: 9,
                grid: position,
                caption: Some("ER 1.2 easy".into()),
            },
        ];
        let mut canvas = Record::default();
        let page = Page {
            heading: None,
            number: 3,
            entries: &entries,
        };
        draw_page(&mut canvas, &layout, &page);
        assert_eq!(canvas.grids.len(), 2);
        let (a, b) = (layout.slots[0], layout.slots[1]);
        let find = |t: &str, slot: &Slot| {
            canvas
                .texts
                .iter()
                .filter(|(x, y, size, _, text)| {
                    text == t && slot.cell_at(*x, *y - 0.3 * size).is_some()
                })
                .map(|(x, y, size, font, _)| (slot.cell_at(*x, *y - 0.3 * size), *size, *font))
                .collect::<Vec<_>>()
        };
        let big = 0.6 * a.cell();
        assert_eq!(find("7", &a), [(Some(0), big, Font::Bold)]);
        assert_eq!(find("3", &a), [(Some(1), big, Font::Regular)]);
        assert_eq!(find("7", &b), [(Some(0), big, Font::Bold)]);
        for d in ["1", "3", "9"] {
            let found = find(d, &b);
            assert_eq!(found.len(), 1, "{d}");
            assert_eq!(found[0].0, Some(40));
            assert!(found[0].1 < big / 2.0);
        }
        assert!(find("2", &b).is_empty());
        let texts: Vec<&str> = canvas.texts.iter().map(|t| t.4.as_str()).collect();
        for t in ["8", "9", "ER 1.2 easy", "3"] {
            assert!(texts.contains(&t), "{t}");
        }
    }

    #[test]
    fn digits_are_half_an_em_wide() {
        assert!((text_width("12", 10.0, Font::Bold) - 11.12).abs() < 1e-3);
        assert!(text_width("Wim", 10.0, Font::Regular) > text_width("iii", 10.0, Font::Regular));
    }
}
