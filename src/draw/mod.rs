//! Pictures drawn from the library's values (boards, steps, searches): never from their text.

pub mod board_svg;
pub mod page;
