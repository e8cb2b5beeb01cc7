//! A PDF book written as it goes: each page goes out when it is drawn, and only the page
//! objects' numbers stay in memory, so a book of any length takes the same memory.
//!
//! `pdf-writer` serialises every object (dictionaries, content streams, escaping of text); this
//! module writes the file's frame around them (header, cross-reference table, trailer), which
//! needs each object's offset in the file: every object is written through its own
//! [`Chunk`], so its offset is the file position before the chunk.
//!
//! The fonts are the standard Helvetica and Helvetica-Bold (no font file embedded); text is
//! real text in WinAnsiEncoding, so a reader can search and copy the digits. The grid's lines
//! are one form XObject drawn by every puzzle, so a puzzle costs its digits and little more.

use std::io::{self, Write};

use pdf_writer::{Chunk, Content, Name, Rect, Ref, Settings, Str, TextStr};

use super::sheet::{self, Anchor, Canvas, Font, GRID_UNITS, Layout, Page};

const CATALOG: Ref = Ref::new(1);
const PAGES: Ref = Ref::new(2);
const REGULAR: Ref = Ref::new(3);
const BOLD: Ref = Ref::new(4);
const GRID: Ref = Ref::new(5);
const INFO: Ref = Ref::new(6);
/// The first number free for pages.
const FIRST_FREE: i32 = 7;

/// A PDF book being written to `W`.
pub struct PdfBook<W: Write> {
    out: W,
    /// Bytes written so far.
    position: u64,
    /// Each object's offset, by object number (0 is the free list's head).
    offsets: Vec<u64>,
    /// The page objects, in order.
    pages: Vec<Ref>,
    width: f32,
    height: f32,
    settings: Settings,
}

impl<W: Write> PdfBook<W> {
    /// Starts a book of pages `width` × `height` points: writes the header, the fonts, the
    /// grid and the document information (with `title`, if any).
    pub fn new(out: W, width: f32, height: f32, title: Option<&str>) -> io::Result<Self> {
        let mut book = PdfBook {
            out,
            position: 0,
            offsets: vec![0; FIRST_FREE as usize],
            pages: Vec::new(),
            width,
            height,
            settings: Settings { pretty: false },
        };
        book.raw(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")?;
        for (id, name) in [(REGULAR, &b"Helvetica"[..]), (BOLD, &b"Helvetica-Bold"[..])] {
            book.object(id, |chunk| {
                chunk
                    .type1_font(id)
                    .base_font(Name(name))
                    .pair(Name(b"Encoding"), Name(b"WinAnsiEncoding"));
            })?;
        }
        let grid = grid_content();
        book.object(GRID, |chunk| {
            chunk.form_xobject(GRID, &grid).bbox(Rect::new(
                -10.0,
                -10.0,
                GRID_UNITS + 10.0,
                GRID_UNITS + 10.0,
            ));
        })?;
        book.object(INFO, |chunk| {
            let mut info = chunk.indirect(INFO).dict();
            info.pair(Name(b"Producer"), TextStr("sudoku print"));
            if let Some(title) = title {
                info.pair(Name(b"Title"), TextStr(title));
            }
        })?;
        Ok(book)
    }

    /// Draws one page and writes it out.
    pub fn page(&mut self, layout: &Layout, page: &Page<'_>) -> io::Result<()> {
        let mut canvas = PdfCanvas {
            content: Content::with_settings(self.settings),
            height: self.height,
            text: None,
            at: (0.0, 0.0),
        };
        sheet::draw_page(&mut canvas, layout, page);
        let content = canvas.finish();
        let content_id = self.next_ref();
        self.object(content_id, |chunk| {
            chunk.stream(content_id, &content);
        })?;
        let page_id = self.next_ref();
        self.object(page_id, |chunk| {
            chunk.page(page_id).parent(PAGES).contents(content_id);
        })?;
        self.pages.push(page_id);
        Ok(())
    }

    /// Pages written so far.
    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// Writes the page tree, the catalog, the cross-reference table and the trailer, and
    /// returns the writer.
    pub fn finish(mut self) -> io::Result<W> {
        let (pages, width, height) = (std::mem::take(&mut self.pages), self.width, self.height);
        self.object(PAGES, |chunk| {
            let mut tree = chunk.pages(PAGES);
            tree.media_box(Rect::new(0.0, 0.0, width, height))
                .count(pages.len() as i32)
                .kids(pages.iter().copied());
            let mut resources = tree.resources();
            resources
                .fonts()
                .pair(Name(b"R"), REGULAR)
                .pair(Name(b"B"), BOLD);
            resources.x_objects().pair(Name(b"G"), GRID);
        })?;
        self.object(CATALOG, |chunk| {
            chunk
                .indirect(CATALOG)
                .dict()
                .pair(Name(b"Type"), Name(b"Catalog"))
                .pair(Name(b"Pages"), PAGES);
        })?;
        let xref = self.position;
        let mut table = format!("xref\n0 {}\n0000000000 65535 f \n", self.offsets.len());
        for offset in &self.offsets[1..] {
            table.push_str(&format!("{offset:010} 00000 n \n"));
        }
        table.push_str(&format!(
            "trailer\n<</Size {} /Root {} 0 R /Info {} 0 R>>\nstartxref\n{xref}\n%%EOF\n",
            self.offsets.len(),
            CATALOG.get(),
            INFO.get()
        ));
        self.raw(table.as_bytes())?;
        Ok(self.out)
    }

    fn next_ref(&mut self) -> Ref {
        self.offsets.push(0);
        Ref::new(self.offsets.len() as i32 - 1)
    }

    /// Writes the object `id`, made by `make` in a chunk of its own, and notes its offset.
    fn object(&mut self, id: Ref, make: impl FnOnce(&mut Chunk)) -> io::Result<()> {
        let mut chunk = Chunk::with_settings(self.settings);
        make(&mut chunk);
        self.offsets[id.get() as usize] = self.position;
        self.raw(chunk.as_bytes())
    }

    fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)?;
        self.position += bytes.len() as u64;
        Ok(())
    }
}

/// The grid's lines in grid units (y upward: the grid is the same either way up).
fn grid_content() -> Vec<u8> {
    let mut c = Content::with_settings(Settings { pretty: false });
    // Projecting caps close the corners where lines meet.
    c.set_line_cap(pdf_writer::types::LineCapStyle::ProjectingSquareCap);
    let mut width = None;
    for line in sheet::grid_lines() {
        let w = if line.thick {
            sheet::THICK
        } else {
            sheet::THIN
        };
        if width != Some(w) {
            if width.is_some() {
                c.stroke();
            }
            c.set_line_width(w);
            width = Some(w);
        }
        c.move_to(line.from.0, line.from.1);
        c.line_to(line.to.0, line.to.1);
    }
    c.stroke();
    c.finish().into_vec()
}

/// Draws into a page's content stream, turning the sheet's top-down coordinates into PDF's
/// bottom-up ones, and keeping one text object open across consecutive texts.
struct PdfCanvas {
    content: Content,
    height: f32,
    /// The font and size set in the open text object, if one is open.
    text: Option<(Font, f32)>,
    /// Where the last text started, in the open text object: the next one moves from there
    /// (`Td`), which takes fewer bytes than placing each anew.
    at: (f32, f32),
}

/// Rounds to hundredths of a point, which keeps the numbers short.
fn r(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

impl PdfCanvas {
    fn end_text(&mut self) {
        if self.text.take().is_some() {
            self.content.end_text();
        }
    }

    fn finish(mut self) -> Vec<u8> {
        self.end_text();
        self.content.finish().into_vec()
    }
}

impl Canvas for PdfCanvas {
    fn grid(&mut self, x: f32, y: f32, size: f32) {
        self.end_text();
        let s = size / GRID_UNITS;
        self.content
            .save_state()
            .transform([s, 0.0, 0.0, s, r(x), r(self.height - y - size)])
            .x_object(Name(b"G"))
            .restore_state();
    }

    fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, gray: f32) {
        self.end_text();
        let h = self.height;
        self.content
            .save_state()
            .set_line_cap(pdf_writer::types::LineCapStyle::ProjectingSquareCap)
            .set_line_width(r(width))
            .set_stroke_gray(gray)
            .move_to(r(from.0), r(h - from.1))
            .line_to(r(to.0), r(h - to.1))
            .stroke()
            .restore_state();
    }

    fn fill(&mut self, x: f32, y: f32, w: f32, h: f32, gray: f32) {
        self.end_text();
        let top = self.height;
        self.content
            .save_state()
            .set_fill_gray(gray)
            .rect(r(x), r(top - y - h), r(w), r(h))
            .fill_nonzero()
            .restore_state();
    }

    fn text(&mut self, x: f32, y: f32, size: f32, font: Font, anchor: Anchor, text: &str) {
        let bytes = win_ansi(text);
        let x = match anchor {
            Anchor::Start => x,
            Anchor::Middle => x - sheet::text_width(text, size, font) / 2.0,
            Anchor::End => x - sheet::text_width(text, size, font),
        };
        let size = r(size);
        if self.text != Some((font, size)) {
            if self.text.is_none() {
                self.content.begin_text();
                self.at = (0.0, 0.0);
            }
            let name = match font {
                Font::Regular => Name(b"R"),
                Font::Bold => Name(b"B"),
            };
            self.content.set_font(name, size);
            self.text = Some((font, size));
        }
        let (dx, dy) = (r(r(x) - self.at.0), r(r(self.height - y) - self.at.1));
        self.at = (self.at.0 + dx, self.at.1 + dy);
        self.content.next_line(dx, dy).show(Str(&bytes));
    }
}

/// Text in WinAnsiEncoding: ASCII and Latin-1 letters as they are, anything else as `?`.
fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c as u32 {
            0x20..=0x7e | 0xa0..=0xff => c as u32 as u8,
            _ => b'?',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::sheet::{Entry, Grid, Paper};

    fn book(pages: usize) -> Vec<u8> {
        let layout = Layout::new(Paper::A4, 4);
        let (w, h) = Paper::A4.size();
        let mut book = PdfBook::new(Vec::new(), w, h, Some("Test (1)")).unwrap();
        let mut cells = [0u8; 81];
        cells[0] = 5;
        cells[80] = 9;
        let entries = vec![Entry {
            number: 1,
            grid: Grid::puzzle(cells),
            caption: Some("ER 1.2 easy".into()),
        }];
        for n in 1..=pages {
            let page = Page {
                heading: Some("Test (1)"),
                number: n as u64,
                entries: &entries,
            };
            book.page(&layout, &page).unwrap();
        }
        book.finish().unwrap()
    }

    #[test]
    fn the_cross_reference_table_points_at_each_object() {
        let pdf = book(3);
        // Offsets count bytes: the header's binary marker (4 bytes) is not UTF-8.
        let text = String::from_utf8_lossy(&pdf[15..]);
        assert_eq!(&pdf[..15], b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n");
        let xref = 15 + text.rfind("\nxref\n").unwrap() + 1;
        let table = &text[xref - 15..];
        let offsets: Vec<usize> = table
            .lines()
            .skip(3)
            .take_while(|l| l.ends_with(" n "))
            .map(|l| l[..10].parse().unwrap())
            .collect();
        // Fonts, grid, info, catalog, page tree, and a content stream and a page per page.
        assert_eq!(offsets.len(), 6 + 2 * 3);
        for (i, &at) in offsets.iter().enumerate() {
            let head = format!("{} 0 obj", i + 1);
            assert!(pdf[at..].starts_with(head.as_bytes()), "object {}", i + 1);
        }
        let start: usize = text[text.rfind("startxref\n").unwrap() + 10..]
            .lines()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(start, xref);
        assert!(text.contains("/Count 3"));
    }

    #[test]
    fn text_is_latin_1_and_escaped() {
        assert_eq!(win_ansi("Café №1"), b"Caf\xe9 ?1");
        let pdf = book(1);
        // Balanced parentheses need no escape in a PDF string.
        assert!(pdf.windows(10).any(|w| w == b"(Test (1))"));
    }
}
