//! Pictures drawn from the library's values (boards, steps, searches, sheets), never from
//! their text: the printable sheets and books of `print` (PDF, SVG, HTML), a step on the
//! board as SVG, and the self-contained explain and search pages.

pub mod board_svg;
pub mod page;
pub mod pdf;
pub mod sheet;
pub mod sheet_html;
pub mod sheet_svg;
