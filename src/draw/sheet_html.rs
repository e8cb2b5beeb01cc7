//! A printable HTML page of puzzle sheets: self-contained (inline SVG and CSS, nothing from
//! the network), one `<svg>` sheet per printed page, the same sheets as the PDF book's. It is
//! written as it goes: [`head`], then [`page`] for each sheet, then [`tail`].

use super::sheet::{Layout, Page, Paper};
use super::sheet_svg;

/// The start of the document, up to the first sheet: the style (a sheet per printed page,
/// no margins of the browser's own) and the grid's definition, shared by every sheet.
pub fn head(title: Option<&str>, paper: Paper) -> String {
    let mut name = String::new();
    sheet_svg::escape_into(&mut name, title.unwrap_or("Sudoku"));
    let size = match paper {
        Paper::A4 => "A4",
        Paper::Letter => "letter",
    };
    let (w, h) = paper.size();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{name}</title>\n<style>\n\
         @page {{ size: {size}; margin: 0; }}\n\
         html {{ background: #ddd; }}\n\
         body {{ margin: 0; padding: 1em 0; }}\n\
         svg.sheet {{ display: block; margin: 0 auto 1em; width: min(100%, {w}pt); height: auto; \
         background: #fff; box-shadow: 0 1px 4px rgba(0,0,0,.3); }}\n\
         @media print {{\n  html {{ background: none; }}\n  body {{ padding: 0; }}\n  \
         svg.sheet {{ width: {w}pt; height: {h}pt; margin: 0; box-shadow: none; \
         break-after: page; page-break-after: always; }}\n  \
         svg.sheet:last-of-type {{ break-after: auto; page-break-after: auto; }}\n}}\n\
         </style>\n</head>\n<body>\n\
         <svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">\
         <defs>{}</defs></svg>\n",
        sheet_svg::grid_definition()
    )
}

/// One sheet.
pub fn page(layout: &Layout, page: &Page<'_>) -> String {
    sheet_svg::page_svg(layout, page, false)
}

/// The end of the document.
pub fn tail() -> &'static str {
    "</body>\n</html>\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::sheet::{Entry, Grid};

    #[test]
    fn the_page_is_self_contained_and_defines_the_grid_once() {
        let layout = Layout::new(Paper::Letter, 1);
        let entries = [Entry {
            number: 1,
            grid: Grid::puzzle([1; 81]),
            caption: None,
        }];
        let p = Page {
            heading: None,
            number: 1,
            entries: &entries,
        };
        let doc = format!(
            "{}{}{}{}",
            head(Some("A <b>"), Paper::Letter),
            page(&layout, &p),
            page(&layout, &p),
            tail()
        );
        assert_eq!(doc.matches("id=\"sudoku-grid\"").count(), 1);
        assert_eq!(doc.matches("<svg xmlns").count(), 2);
        assert!(doc.contains("<title>A &lt;b&gt;</title>"));
        assert!(doc.contains("size: letter"));
        assert!(!doc.contains("http:") || !doc.contains("<link"));
        assert!(!doc.contains("<script"));
    }
}
