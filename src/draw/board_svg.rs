//! A position and one logical step as a standalone SVG picture, for a forum post or a
//! document: the candidates of the open cells, the step's houses, cover sets, cells, fins and
//! almost locked sets shaded, removed candidates struck out in red, placed digits in green,
//! and chains as arrows between candidates (strong links solid, weak links dashed).
//!
//! It draws from the grid before the step and the step itself, the values the JSON carries,
//! with the same colours and layout as the explain page (`page.js`): [`step_svg`] a classic
//! [`Grid`] and [`Step`], [`shape_step_svg`] a [`GeneralGrid`] and [`GeneralStep`] of any
//! shape, each turned into one `Picture` that one function draws. A grid of another shape
//! has its regions, X diagonals and hyper windows drawn by the printed sheet's code
//! ([`sheet::draw_lines`] and its neighbours), its values and candidates in its own alphabet.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::geometry::classic::house;
use crate::geometry::{Geometry, digits};
use crate::logic::general::{GeneralGrid, GeneralStep};
use crate::logic::{CellSet, Grid, Node, NodeKind, Step};

use super::sheet::{self, Pens, ShapeGrid, Slot};
use super::sheet_svg::{SvgCanvas, escape_into};

/// Text for XML: its special characters escaped (see [`escape_into`]).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(&mut out, text);
    out
}

/// Cell size in SVG units.
const S: f64 = 60.0;
/// Margin for the row and column labels.
const M: f64 = 22.0;
/// The caption under a 9×9 board: its widest line in characters (wider boards take more in
/// proportion), and its line height.
const CAPTION_WIDTH: usize = 58;
const LINE: f64 = 20.0;

const HOUSE: &str = "#fff1b8";
const COVER: &str = "#e4dafc";
const BOTH: &str = "#f4dcc8";
const CELL: &str = "#cfe3ff";
const FIN: &str = "#ffd6a8";
const CHAIN_CELL: &str = "#eaf2ff";
const ALS: [&str; 5] = ["#cdeec6", "#f9cfe0", "#cbeef3", "#f3e3c0", "#e0d7f7"];
const BLUE: &str = "#1f5fbf";
const RED: &str = "#d01818";
const GREEN: &str = "#0c8a2a";

/// The pens of a grid of another shape: the lines of the 9×9 board (`#999` 1 wide between
/// cells, `#222` 3 wide between regions), the diagonals light grey, the windows pale grey.
const SHAPE_PENS: Pens = Pens {
    thin: (1.0, 0.6),
    thick: (3.0, 34.0 / 255.0),
    diagonal: (2.0, 0.72),
    window: 0.9,
};

/// The classic alphabet.
const DIGITS: [char; 9] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/// How a candidate is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    Pattern,
    Removed,
    Placed,
}

/// Where things go on a board of N×N cells of side [`S`]: each cell's candidates on a
/// sub-grid `k` across (k = ⌈√N⌉) and `rows` down, `sub` apart, centred in the cell, as the
/// explain page lays them out (9×9: 3×3 of 20), but never further apart than on 9×9 (as
/// the printed sheet's marks: a 4×4 grid's two a row would be as large as its values).
#[derive(Debug, Clone, Copy)]
struct Layout {
    n: usize,
    k: usize,
    rows: usize,
    sub: f64,
}

impl Layout {
    fn new(n: usize) -> Layout {
        let k = sheet::marks_across(n).max(1);
        Layout {
            n,
            k,
            rows: n.div_ceil(k),
            sub: S / k.max(3) as f64,
        }
    }

    /// The picture's width: the labels' margin, the board and its thick border.
    fn side(&self) -> f64 {
        M + self.n as f64 * S + 4.0
    }

    /// The centre of candidate `digit` in `cell`.
    fn cand_xy(&self, cell: usize, digit: u8) -> (f64, f64) {
        let (r, c) = ((cell / self.n) as f64, (cell % self.n) as f64);
        let d = usize::from(digit.max(1) - 1);
        let left = (S - self.k as f64 * self.sub) / 2.0;
        let top = (S - self.rows as f64 * self.sub) / 2.0;
        (
            M + c * S + left + self.sub / 2.0 + (d % self.k) as f64 * self.sub,
            M + r * S + top + self.sub / 2.0 + (d / self.k) as f64 * self.sub,
        )
    }
}

/// A chain link to draw: where it starts and ends, and whether it is strong.
type Arrow = ((f64, f64), (f64, f64), bool);

/// What one picture shows, whatever the shape.
struct Picture<'a> {
    lay: Layout,
    /// Value `v` is drawn as `symbols[v - 1]`.
    symbols: &'a [char],
    /// Each cell's value (0: open), whether it is a given, and its candidates (bit `v - 1`).
    values: Vec<u8>,
    givens: Vec<bool>,
    candidates: Vec<u32>,
    /// The shaded cells and their colours, in drawing order.
    shade: Vec<(usize, &'static str)>,
    /// The candidates the step marks.
    marks: HashMap<(usize, u8), Mark>,
    /// The chain links: where each starts and ends, and whether it is strong.
    links: Vec<Arrow>,
    /// The step's text.
    caption: Option<String>,
    /// A line under the caption: the rules the picture does not show (anti-knight, ...).
    note: Option<String>,
    /// The outline of a grid of another shape; `None`: the classic 9×9 boxes.
    outline: Option<ShapeGrid>,
}

/// The SVG document of `grid` with `step` drawn on it (`None`: the position alone), and the
/// step's text as a caption. `title` (e.g. `FILE:LINE`) goes into the picture's `<title>`.
pub fn step_svg(grid: &Grid, step: Option<&Step>, title: &str) -> String {
    let lay = Layout::new(9);
    let picture = Picture {
        lay,
        symbols: &DIGITS,
        values: (0..81).map(|c| grid.value(c)).collect(),
        givens: (0..81).map(|c| grid.givens().contains(c)).collect(),
        candidates: (0..81).map(|c| u32::from(grid.candidates(c))).collect(),
        shade: step.map(shading).unwrap_or_default(),
        marks: step.map(marks).unwrap_or_default(),
        links: step.map_or_else(Vec::new, |st| {
            (st.evidence.chains.iter().flatten())
                .map(|link| {
                    (
                        node_xy(&lay, &link.from),
                        node_xy(&lay, &link.to),
                        link.strong,
                    )
                })
                .collect()
        }),
        caption: step.map(ToString::to_string),
        note: None,
        outline: None,
    };
    picture.svg(title)
}

/// The SVG document of a grid of any shape with `step` drawn on it (`None`: the position
/// alone), values and candidates in the puzzle's alphabet `symbols`, as [`step_svg`] draws
/// a classic one, with the shape's regions, X diagonals and hyper windows; the rules a picture
/// does not show (anti-knight, anti-king) are named under the caption.
pub fn shape_step_svg(
    grid: &GeneralGrid,
    step: Option<&GeneralStep>,
    symbols: &[char],
    title: &str,
) -> String {
    let geometry = grid.geometry();
    let n = grid.size();
    let lay = Layout::new(n);
    let cells = n * n;
    let variants = geometry.variants();
    let unseen: Vec<&str> = [
        (variants.anti_knight, "anti-knight"),
        (variants.anti_king, "anti-king"),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, name)| *name)
    .collect();
    let picture = Picture {
        lay,
        symbols,
        values: grid.values().to_vec(),
        givens: (0..cells).map(|c| grid.givens().contains(c)).collect(),
        candidates: (0..cells).map(|c| grid.candidates(c)).collect(),
        shade: step.map_or_else(Vec::new, |st| shape_shading(geometry, st)),
        marks: step.map(shape_marks).unwrap_or_default(),
        links: step.map_or_else(Vec::new, |st| {
            (st.evidence.chains.iter().flatten())
                .map(|link| {
                    let (a, b) = (link.from, link.to);
                    (
                        lay.cand_xy(a.cell, a.digit),
                        lay.cand_xy(b.cell, b.digit),
                        link.strong,
                    )
                })
                .collect()
        }),
        caption: step.map(|st| st.text(geometry, symbols)),
        note: (!unseen.is_empty()).then(|| unseen.join(", ")),
        outline: Some(ShapeGrid::outline(geometry)),
    };
    picture.svg(title)
}

impl Picture<'_> {
    /// The symbol of value `v`.
    fn symbol(&self, v: u8) -> char {
        (self.symbols.get(usize::from(v).wrapping_sub(1)).copied()).unwrap_or('?')
    }

    /// The whole document.
    fn svg(&self, title: &str) -> String {
        let lay = &self.lay;
        let n = lay.n;
        let side = lay.side();
        let width = (CAPTION_WIDTH as f64 * side / Layout::new(9).side()) as usize;
        let caption = self.caption.as_ref().map(|text| wrap(text, width));
        let lines = caption.as_ref().map_or(0, Vec::len) + usize::from(self.note.is_some());
        let height = side
            + if lines > 0 {
                12.0 + LINE * lines as f64
            } else {
                0.0
            };
        let mut s = String::with_capacity(24 * 1024);
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {height}\" \
             width=\"{side}\" height=\"{height}\" font-family=\"DejaVu Sans, Arial, sans-serif\">"
        );
        let _ = writeln!(s, "<title>{}</title>", escape(title));
        // The type sizes of the 9×9 board (34 and 15) where the cells and candidates are
        // as large; smaller candidates on larger grids.
        let _ = writeln!(
            s,
            "<style>text{{dominant-baseline:central;text-anchor:middle}}\
             .v{{font-size:{}px;fill:#2b59a3}}.g{{font-weight:700;fill:#111}}\
             .c{{font-size:{}px;fill:#555}}.p{{fill:#1f5fbf;font-weight:700}}\
             .x{{fill:#d01818;font-weight:700}}.o{{fill:#0c8a2a;font-weight:700}}\
             .l{{font-size:13px;fill:#888}}</style>",
            (S * 0.57).round(),
            (lay.sub * 0.75).round()
        );
        let _ = writeln!(
            s,
            "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" \
             markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">\
             <path d=\"M0,0 L10,5 L0,10 z\" fill=\"{BLUE}\"/></marker></defs>"
        );
        let _ = writeln!(
            s,
            "<rect x=\"0\" y=\"0\" width=\"{side}\" height=\"{height}\" fill=\"#fff\"/>"
        );
        let slot = Slot {
            x: M as f32,
            y: M as f32,
            size: (n as f64 * S) as f32,
        };
        let mut canvas = SvgCanvas { out: String::new() };
        if let Some(outline) = &self.outline {
            sheet::draw_windows(&mut canvas, &slot, outline, &SHAPE_PENS);
            s.push_str(&canvas.out);
            canvas.out.clear();
        }
        for &(cell, colour) in &self.shade {
            let _ = writeln!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{S}\" height=\"{S}\" fill=\"{colour}\"/>",
                M + (cell % n) as f64 * S,
                M + (cell / n) as f64 * S
            );
        }
        if let Some(outline) = &self.outline {
            // Over the step's shading, so the diagonals stay seen through it.
            sheet::draw_diagonals(&mut canvas, &slot, outline, &SHAPE_PENS);
            s.push_str(&canvas.out);
            canvas.out.clear();
        }
        self.cells(&mut s);
        match &self.outline {
            None => {
                for i in 0..=9 {
                    let (w, colour) = if i % 3 == 0 { (3, "#222") } else { (1, "#999") };
                    let at = M + f64::from(i) * S;
                    let end = M + 9.0 * S;
                    let _ = writeln!(
                        s,
                        "<line x1=\"{at}\" y1=\"{M}\" x2=\"{at}\" y2=\"{end}\" stroke=\"{colour}\" stroke-width=\"{w}\"/>\n\
                         <line x1=\"{M}\" y1=\"{at}\" x2=\"{end}\" y2=\"{at}\" stroke=\"{colour}\" stroke-width=\"{w}\"/>"
                    );
                }
            }
            Some(outline) => {
                sheet::draw_lines(&mut canvas, &slot, outline, &SHAPE_PENS);
                s.push_str(&canvas.out);
            }
        }
        for i in 0..n {
            let at = M + i as f64 * S + S / 2.0;
            let _ = writeln!(
                s,
                "<text x=\"{at}\" y=\"{}\" class=\"l\">c{n}</text><text x=\"{}\" y=\"{at}\" class=\"l\">r{n}</text>",
                M / 2.0,
                M / 2.0,
                n = i + 1
            );
        }
        arrows(&mut s, &self.links);
        for (i, line) in caption.iter().flatten().enumerate() {
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\" font-size=\"15\" font-weight=\"700\">{}</text>",
                side / 2.0,
                side + 4.0 + LINE * (i as f64 + 0.5),
                escape(line)
            );
        }
        if let Some(note) = &self.note {
            let i = lines - 1;
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\" class=\"l\">{}</text>",
                side / 2.0,
                side + 4.0 + LINE * (i as f64 + 0.5),
                escape(note)
            );
        }
        s.push_str("</svg>\n");
        s
    }

    /// The values, and the candidates of the open cells with the step's marks.
    fn cells(&self, s: &mut String) {
        let lay = &self.lay;
        let n = lay.n;
        // A disc behind a marked candidate and the strike through a removed one, in
        // proportion to the candidates' spacing (9 and 7 on the 9×9 board).
        let disc = lay.sub * 9.0 / 20.0;
        let strike = lay.sub * 7.0 / 20.0;
        for cell in 0..n * n {
            let (r, c) = (cell / n, cell % n);
            let value = self.values[cell];
            if value != 0 {
                let class = if self.givens[cell] { "v g" } else { "v" };
                let _ = writeln!(
                    s,
                    "<text x=\"{}\" y=\"{}\" class=\"{class}\">{}</text>",
                    M + c as f64 * S + S / 2.0,
                    M + r as f64 * S + S / 2.0 + 1.0,
                    self.symbol(value)
                );
                continue;
            }
            let candidates = self.candidates[cell];
            for d in (1..=n as u8).filter(|&d| candidates >> (d - 1) & 1 == 1) {
                let (x, y) = lay.cand_xy(cell, d);
                let mark = self.marks.get(&(cell, d)).copied();
                let class = match mark {
                    None => "c",
                    Some(Mark::Pattern) => "c p",
                    Some(Mark::Removed) => "c x",
                    Some(Mark::Placed) => "c o",
                };
                if mark == Some(Mark::Placed) {
                    let _ = writeln!(
                        s,
                        "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{disc}\" fill=\"#c9f0cf\" stroke=\"{GREEN}\"/>"
                    );
                }
                if mark == Some(Mark::Removed) {
                    // A pale disc behind, as the page draws it: the strike alone hid the digit.
                    let _ = writeln!(
                        s,
                        "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{disc}\" fill=\"#fcd9d9\"/>"
                    );
                }
                let _ = writeln!(
                    s,
                    "<text x=\"{x:.1}\" y=\"{:.1}\" class=\"{class}\" data-r=\"{}\" data-c=\"{}\" data-d=\"{d}\">{}</text>",
                    y + 1.0,
                    r + 1,
                    c + 1,
                    self.symbol(d)
                );
                if mark == Some(Mark::Removed) {
                    let _ = writeln!(
                        s,
                        "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{RED}\" stroke-width=\"1.2\"/>",
                        x - strike,
                        y + strike,
                        x + strike,
                        y - strike
                    );
                }
            }
        }
    }
}

/// The centre of a chain node: the mean of its candidates.
fn node_xy(lay: &Layout, node: &Node) -> (f64, f64) {
    let n = node.cells.len().max(1) as f64;
    let (x, y) = node.cells.iter().fold((0.0, 0.0), |(x, y), c| {
        let (cx, cy) = lay.cand_xy(c, node.digit);
        (x + cx, y + cy)
    });
    (x / n, y / n)
}

/// Each shaded cell and its colour, later layers over earlier ones: houses, cover sets,
/// chain cells, pattern cells, fins, almost locked sets.
fn shading(step: &Step) -> Vec<(usize, &'static str)> {
    let e = &step.evidence;
    let mut shade: [Option<&'static str>; 81] = [None; 81];
    for &h in &e.houses {
        for c in house(h.into()).iter() {
            shade[c] = Some(HOUSE);
        }
    }
    for &h in &e.cover {
        for c in house(h.into()).iter() {
            shade[c] = Some(if shade[c].is_some() { BOTH } else { COVER });
        }
    }
    for c in e.cells.iter() {
        shade[c] = Some(CELL);
    }
    for c in e.fins.iter() {
        shade[c] = Some(FIN);
    }
    let mut als: Vec<CellSet> = Vec::new();
    for link in e.chains.iter().flatten() {
        for node in [&link.from, &link.to] {
            if node.kind == NodeKind::Als {
                let k = als
                    .iter()
                    .position(|&a| a == node.cells)
                    .unwrap_or_else(|| {
                        als.push(node.cells);
                        als.len() - 1
                    });
                for c in node.cells.iter() {
                    shade[c] = Some(ALS[k % ALS.len()]);
                }
            } else {
                for c in node.cells.iter() {
                    shade[c].get_or_insert(CHAIN_CELL);
                }
            }
        }
    }
    shaded(&shade)
}

/// The shading of a step on a grid of another shape, in the same layers as [`shading`] (its
/// chains link single candidates: no almost locked sets).
fn shape_shading(geometry: &Geometry, step: &GeneralStep) -> Vec<(usize, &'static str)> {
    let e = &step.evidence;
    let mut shade: Vec<Option<&'static str>> = vec![None; geometry.cells()];
    for &h in &e.houses {
        for &c in &geometry.house(h).cells {
            shade[c] = Some(HOUSE);
        }
    }
    for &h in &e.cover {
        for &c in &geometry.house(h).cells {
            shade[c] = Some(if shade[c].is_some() { BOTH } else { COVER });
        }
    }
    for &c in &e.cells {
        shade[c] = Some(CELL);
    }
    for &c in &e.fins {
        shade[c] = Some(FIN);
    }
    for link in e.chains.iter().flatten() {
        for node in [link.from, link.to] {
            shade[node.cell].get_or_insert(CHAIN_CELL);
        }
    }
    shaded(&shade)
}

/// The shaded cells of a layer map, in reading order.
fn shaded(shade: &[Option<&'static str>]) -> Vec<(usize, &'static str)> {
    shade
        .iter()
        .enumerate()
        .filter_map(|(c, s)| s.map(|s| (c, s)))
        .collect()
}

/// The candidates the step marks: its pattern, what it removes and what it places.
fn marks(step: &Step) -> HashMap<(usize, u8), Mark> {
    let e = &step.evidence;
    let mut marks = HashMap::new();
    for c in (e.cells | e.fins).iter() {
        for d in digits::iter(e.digits) {
            marks.insert((c, d), Mark::Pattern);
        }
    }
    for link in e.chains.iter().flatten() {
        for node in [&link.from, &link.to] {
            for c in node.cells.iter() {
                marks.insert((c, node.digit), Mark::Pattern);
            }
        }
    }
    for x in &step.eliminations {
        marks.insert((x.cell(), x.digit), Mark::Removed);
    }
    for p in &step.placements {
        marks.insert((p.cell(), p.digit), Mark::Placed);
    }
    marks
}

/// The candidates a step on a grid of another shape marks, as [`marks`] finds them.
fn shape_marks(step: &GeneralStep) -> HashMap<(usize, u8), Mark> {
    let e = &step.evidence;
    let mut marks = HashMap::new();
    for &c in e.cells.iter().chain(&e.fins) {
        for d in (1..=32u8).filter(|&d| e.digits >> (d - 1) & 1 == 1) {
            marks.insert((c, d), Mark::Pattern);
        }
    }
    for link in e.chains.iter().flatten() {
        for node in [link.from, link.to] {
            marks.insert((node.cell, node.digit), Mark::Pattern);
        }
    }
    for x in &step.eliminations {
        marks.insert((x.cell, x.digit), Mark::Removed);
    }
    for p in &step.placements {
        marks.insert((p.cell, p.digit), Mark::Placed);
    }
    marks
}

/// One arrow per chain link, bent a little so links along one line stay apart.
fn arrows(s: &mut String, links: &[Arrow]) {
    for &((ax, ay), (bx, by), strong) in links {
        let (dx, dy) = (bx - ax, by - ay);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1.0 {
            continue;
        }
        let (ux, uy) = (dx / len, dy / len);
        let cut = 8.0;
        let (x1, y1, x2, y2) = (ax + ux * cut, ay + uy * cut, bx - ux * cut, by - uy * cut);
        let bend = (len * 0.15).min(30.0);
        let (cx, cy) = ((x1 + x2) / 2.0 - uy * bend, (y1 + y2) / 2.0 + ux * bend);
        let (class, dash) = if strong {
            ("strong", "")
        } else {
            ("weak", " stroke-dasharray=\"6 4\"")
        };
        let _ = writeln!(
            s,
            "<path class=\"link {class}\" d=\"M{x1:.1},{y1:.1} Q{cx:.1},{cy:.1} {x2:.1},{y2:.1}\" \
             fill=\"none\" stroke=\"{BLUE}\" stroke-width=\"2\"{dash} marker-end=\"url(#arrow)\"/>"
        );
    }
}

/// `text` cut into lines of at most `width` characters where it can break: after a blank, a
/// comma or a link of a chain (`=`, `-`); a longer piece stays whole.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    let mut piece = String::new();
    let flush = |piece: &mut String, lines: &mut Vec<String>| {
        let last = lines.last_mut().expect("one line");
        if !last.is_empty() && last.len() + piece.trim_end().len() > width {
            let done = last.trim_end().to_string();
            *last = done;
            lines.push(String::new());
        }
        lines.last_mut().expect("one line").push_str(piece);
        piece.clear();
    };
    for c in text.chars() {
        piece.push(c);
        if matches!(c, ' ' | ',' | '=' | '-') {
            flush(&mut piece, &mut lines);
        }
    }
    flush(&mut piece, &mut lines);
    lines.iter().map(|l| l.trim_end().to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::logic::Ladder;

    #[test]
    fn captions_wrap_at_blanks_and_links_and_lose_nothing() {
        let text = "xy-chain 2/4/5/6/7: 6r1c4=5r1c4-5r3c4=4r3c4-4r5c4=7r5c4-7r5c7=4r5c7-4r7c7=2r7c7-2r2c7=6r2c7: r1c8,r2c4,r2c6<>6";
        let lines = wrap(text, 40);
        assert!(lines.len() > 2);
        assert!(lines.iter().all(|l| l.len() <= 40), "{lines:?}");
        let joined: String = lines.concat().split_whitespace().collect();
        let expected: String = text.split_whitespace().collect();
        assert_eq!(joined, expected);
        assert_eq!(wrap("short", 40), ["short"]);
    }

    #[test]
    fn a_hint_is_drawn_with_its_cells_and_the_caption_escaped() {
        let line =
            ".15...836.2368.7...87.3.1.45...97..31...53647..2..6..8.3.4.89658.451.3....9.62...";
        let cells: Vec<u8> = line
            .bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect();
        let board = Board::from_cells(cells.try_into().unwrap()).unwrap();
        let grid = Grid::new(&board);
        let step = Ladder::default().next_step(&grid).unwrap();
        let svg = step_svg(&grid, Some(&step), "a<b>&\"c\"");
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>\n"));
        assert!(svg.contains("<title>a&lt;b&gt;&amp;&quot;c&quot;</title>"));
        let placed = step.placements[0];
        let (x, y) = Layout::new(9).cand_xy(placed.cell(), placed.digit);
        assert!(svg.contains(&format!(
            "<text x=\"{x:.1}\" y=\"{:.1}\" class=\"c o\" data-r=\"{}\" data-c=\"{}\" data-d=\"{d}\">{d}</text>",
            y + 1.0,
            placed.row(),
            placed.col(),
            d = placed.digit
        )));
    }
}
