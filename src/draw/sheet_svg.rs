//! A sheet of puzzles as SVG: the same page as the PDF book's, with the grid defined once
//! (`<g id="sudoku-grid">`) and placed by `<use>` for each puzzle; the digits are `<text>`.

use std::fmt::Write as _;

use super::sheet::{self, Anchor, Canvas, Font, GRID_UNITS, Layout, Page};

/// The id of the grid's definition.
pub const GRID_ID: &str = "sudoku-grid";

/// The grid's definition, in grid units: `<g id="sudoku-grid">` with its lines.
pub fn grid_definition() -> String {
    let mut s =
        format!("<g id=\"{GRID_ID}\" stroke=\"#000\" stroke-linecap=\"square\" fill=\"none\">");
    for line in sheet::grid_lines() {
        let w = if line.thick {
            sheet::THICK
        } else {
            sheet::THIN
        };
        let _ = write!(
            s,
            "<path d=\"M{} {}L{} {}\" stroke-width=\"{w}\"/>",
            line.from.0, line.from.1, line.to.0, line.to.1
        );
    }
    s.push_str("</g>");
    s
}

/// One page as an `<svg>` element, sized in points. With `defs`, the grid's definition is
/// inside it (a file of its own); without, the page refers to one defined elsewhere in the same
/// document (an HTML page of many sheets defines it once).
pub fn page_svg(layout: &Layout, page: &Page<'_>, defs: bool) -> String {
    let (w, h) = (layout.width, layout.height);
    let mut canvas = SvgCanvas {
        out: String::with_capacity(8 * 1024),
    };
    let _ = writeln!(
        canvas.out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"sheet\" width=\"{w}pt\" \
         height=\"{h}pt\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"Helvetica, Arial, sans-serif\">"
    );
    if defs {
        let _ = writeln!(canvas.out, "<defs>{}</defs>", grid_definition());
    }
    let _ = writeln!(
        canvas.out,
        "<rect width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>"
    );
    sheet::draw_page(&mut canvas, layout, page);
    canvas.out.push_str("</svg>\n");
    canvas.out
}

/// A whole SVG file holding one page.
pub fn sheet_file(layout: &Layout, page: &Page<'_>) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}",
        page_svg(layout, page, true)
    )
}

/// A [`Canvas`] that writes SVG elements into `out`, numbers rounded to hundredths.
pub(crate) struct SvgCanvas {
    pub(crate) out: String,
}

/// Rounds to hundredths, which keeps the numbers short.
fn r(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

impl Canvas for SvgCanvas {
    fn grid(&mut self, x: f32, y: f32, size: f32) {
        let _ = writeln!(
            self.out,
            "<use href=\"#{GRID_ID}\" transform=\"translate({} {}) scale({})\"/>",
            r(x),
            r(y),
            size / GRID_UNITS
        );
    }

    fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, gray: f32) {
        let _ = writeln!(
            self.out,
            "<path d=\"M{} {}L{} {}\" stroke=\"{}\" stroke-width=\"{}\" \
             stroke-linecap=\"square\"/>",
            r(from.0),
            r(from.1),
            r(to.0),
            r(to.1),
            grey(gray),
            r(width)
        );
    }

    fn fill(&mut self, x: f32, y: f32, w: f32, h: f32, gray: f32) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            r(x),
            r(y),
            r(w),
            r(h),
            grey(gray)
        );
    }

    fn text(&mut self, x: f32, y: f32, size: f32, font: Font, anchor: Anchor, text: &str) {
        let _ = write!(
            self.out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\"",
            r(x),
            r(y),
            r(size)
        );
        if font == Font::Bold {
            self.out.push_str(" font-weight=\"bold\"");
        }
        match anchor {
            Anchor::Start => {}
            Anchor::Middle => self.out.push_str(" text-anchor=\"middle\""),
            Anchor::End => self.out.push_str(" text-anchor=\"end\""),
        }
        self.out.push('>');
        escape_into(&mut self.out, text);
        self.out.push_str("</text>\n");
    }
}

/// A grey level (0 black, 1 white) as an SVG colour.
fn grey(level: f32) -> String {
    let v = (level.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!("#{v:02x}{v:02x}{v:02x}")
}

/// Appends `text` with XML's special characters escaped.
pub fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => out.push('?'),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::sheet::{Entry, Grid, Paper};

    #[test]
    fn a_sheet_has_one_grid_use_per_puzzle_and_a_text_per_digit() {
        let layout = Layout::new(Paper::A4, 2);
        let mut cells = [0u8; 81];
        cells[10] = 3;
        cells[70] = 8;
        let entries: Vec<Entry> = (1..=2)
            .map(|n| Entry {
                number: n,
                grid: Grid::puzzle(cells),
                caption: None,
            })
            .collect();
        let page = Page {
            heading: Some("Fish & <chips>"),
            number: 1,
            entries: &entries,
        };
        let svg = sheet_file(&layout, &page);
        assert_eq!(svg.matches("<use ").count(), 2);
        assert_eq!(svg.matches(">3</text>").count(), 2);
        assert_eq!(svg.matches(">8</text>").count(), 2);
        assert!(svg.contains("Fish &amp; &lt;chips&gt;"));
        assert!(svg.contains(&format!("<g id=\"{GRID_ID}\"")));
    }
}
