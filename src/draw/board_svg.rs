//! A board and one logical step as a standalone SVG picture.
