//! `sudoku`: a fast Sudoku solver library and command-line tool.
//!
//! - [`board`]: the 9×9 board, parsing of its text forms, and rule checks.
//! - [`geometry`]: the shape of a grid (cells, houses, peers, digit masks) for every size
//!   and variant, with the classic 9×9 grid's compile-time tables.
//! - [`canon`]: canonical (minlex) forms, automorphisms and transformations of puzzles.
//! - [`solver`]: a depth-first search that reports each solution through a callback that can
//!   stop it.
//! - [`format`](mod@format): renders results as grids, lines or JSON.
//! - [`input`]: reads puzzles from text, one at a time, with located errors.
//! - [`generate`]: makes puzzles: reproducible from a seed, symmetric, minimal, to a clue count
//!   or a score.
//! - [`logic`]: human-style solving: techniques found one step at a time, with their
//!   evidence, and the ladder that orders them (what `hint` and `explain` show).
//! - [`rating`]: the Sudoku Explainer difficulty rating (ER/EP/ED).
//! - [`variant`]: puzzles of every other size and shape (4×4 to 25×25, jigsaw, X, hyper,
//!   anti-knight, anti-king): reading, the general search and the generator.
//! - [`draw`]: pictures from the same values: printable sheets and books (PDF, SVG, HTML), a
//!   step on the board as SVG, and the self-contained explain and search pages.
#![deny(missing_docs)]

pub mod board;
pub mod canon;
pub mod draw;
pub mod format;
pub mod generate;
pub mod geometry;
pub mod input;
pub mod logic;
pub mod rating;
pub mod solver;
#[cfg(test)]
mod testing;
pub mod variant;

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The guide's Rust examples (its library section), compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/guide.md")]
pub struct GuideDoctests;
