//! SE's uniqueness rules (unique loops, BUG) and aligned exclusion.

use super::Hint;
use super::grid::Grid;

/// Unique loops (4.5 and up).
pub(crate) fn unique_loops(_g: &Grid) -> Option<Hint> {
    None
}

/// Bivalue universal grave (5.6 and up).
pub(crate) fn bug(_g: &Grid) -> Option<Hint> {
    None
}

/// Aligned pair (6.2) and triple (7.5) exclusion.
pub(crate) fn aligned_exclusion(_g: &Grid, _deg: usize) -> Option<Hint> {
    None
}
