//! Pictures drawn from the library's values.

pub mod pdf;
pub mod sheet;
pub mod sheet_html;
pub mod sheet_svg;
