//! The symmetries a puzzle's pattern of givens can keep, and the groups of cells (orbits) they
//! tie together.

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use thiserror::Error;

use crate::board::{Board, CELLS};

/// A symmetry of the pattern of givens: a cell is a given exactly when its images are.
///
/// Cells are mapped on (row, column), 0-based, 9×9.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No symmetry: every cell on its own.
    None,
    /// Half-turn rotation: (r, c) ↔ (8 − r, 8 − c). The usual one in print.
    Rot180,
    /// Quarter-turn rotation: (r, c) → (c, 8 − r), and so also the half and three-quarter turns.
    Rot90,
    /// Mirror in the vertical middle line: (r, c) ↔ (r, 8 − c).
    Mirror,
    /// Mirror in the main diagonal: (r, c) ↔ (c, r).
    Diagonal,
    /// Mirror in the anti-diagonal: (r, c) ↔ (8 − c, 8 − r).
    Antidiagonal,
    /// All eight symmetries of the square: the rotations and the four mirrors.
    Dihedral,
}

/// What the generator is asked for: one symmetry, or a random one for each puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SymmetryChoice {
    /// Always this symmetry.
    Fixed(Symmetry),
    /// For each puzzle, one of the symmetries other than [`Symmetry::None`], drawn from the
    /// puzzle's random stream (so it is reproducible too).
    Random,
}

/// A symmetry name that is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "unknown symmetry {name:?}: expected none, rot180, rot90, mirror, diagonal, antidiagonal, \
     dihedral or random"
)]
pub struct SymmetryNameError {
    /// The name given.
    pub name: String,
}

impl Symmetry {
    /// Every symmetry, [`Symmetry::None`] first.
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::Dihedral,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// What the symmetry does, in a few words (for help text).
    pub fn description(self) -> &'static str {
        match self {
            Symmetry::None => "No symmetry",
            Symmetry::Rot180 => "Half-turn rotation, as most published puzzles",
            Symmetry::Rot90 => "Quarter-turn rotation",
            Symmetry::Mirror => "Mirror in the vertical middle line",
            Symmetry::Diagonal => "Mirror in the main diagonal",
            Symmetry::Antidiagonal => "Mirror in the anti-diagonal",
            Symmetry::Dihedral => "All rotations and mirrors at once",
        }
    }

    /// The images of a cell under every element of the symmetry's group, identity included
    /// (with repeats for cells on an axis).
    fn images(self, cell: usize) -> Vec<usize> {
        let (r, c) = (cell / 9, cell % 9);
        let at = |r: usize, c: usize| r * 9 + c;
        let rot90 = |(r, c): (usize, usize)| (c, 8 - r);
        let mut out = vec![cell];
        match self {
            Symmetry::None => {}
            Symmetry::Rot180 => out.push(at(8 - r, 8 - c)),
            Symmetry::Rot90 | Symmetry::Dihedral => {
                let mut p = (r, c);
                for _ in 0..3 {
                    p = rot90(p);
                    out.push(at(p.0, p.1));
                }
                if self == Symmetry::Dihedral {
                    // The rotations of one mirror image give the other three mirrors.
                    let mut p = (r, 8 - c);
                    for _ in 0..4 {
                        out.push(at(p.0, p.1));
                        p = rot90(p);
                    }
                }
            }
            Symmetry::Mirror => out.push(at(r, 8 - c)),
            Symmetry::Diagonal => out.push(at(c, r)),
            Symmetry::Antidiagonal => out.push(at(8 - c, 8 - r)),
        }
        out
    }

    /// The groups of cells that this symmetry ties together: the generator adds and removes
    /// givens a whole group at a time.
    pub fn orbits(self) -> &'static Orbits {
        static TABLES: LazyLock<[Orbits; 7]> =
            LazyLock::new(|| Symmetry::ALL.map(Orbits::of_symmetry));
        &TABLES[self as usize]
    }

    /// True when `board`'s givens keep this symmetry.
    pub fn holds(self, board: &Board) -> bool {
        let cells = board.cells();
        (0..CELLS).all(|cell| {
            self.images(cell)
                .into_iter()
                .all(|other| (cells[other] != 0) == (cells[cell] != 0))
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = SymmetryNameError;

    fn from_str(s: &str) -> Result<Symmetry, SymmetryNameError> {
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name() == s)
            .ok_or_else(|| SymmetryNameError { name: s.into() })
    }
}

impl FromStr for SymmetryChoice {
    type Err = SymmetryNameError;

    fn from_str(s: &str) -> Result<SymmetryChoice, SymmetryNameError> {
        if s == "random" {
            Ok(SymmetryChoice::Random)
        } else {
            s.parse().map(SymmetryChoice::Fixed)
        }
    }
}

impl fmt::Display for SymmetryChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SymmetryChoice::Fixed(sym) => sym.fmt(f),
            SymmetryChoice::Random => f.write_str("random"),
        }
    }
}

/// The most cells one group can have (the dihedral group's orbits off the axes).
pub const MAX_GROUP: usize = 8;

/// One group of cells tied by a symmetry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Group {
    cells: [u8; MAX_GROUP],
    len: u8,
}

impl Group {
    /// Its cells, in increasing order.
    #[inline]
    pub fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.cells[..usize::from(self.len)]
            .iter()
            .map(|&c| usize::from(c))
    }

    /// Number of cells, 1 to 8.
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Never true: a group has at least one cell (here for clippy's `len` rule).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// The partition of the 81 cells into the groups of one symmetry.
#[derive(Debug, Clone)]
pub struct Orbits {
    groups: Vec<Group>,
    group_of: [u8; CELLS],
}

impl Orbits {
    fn of_symmetry(sym: Symmetry) -> Orbits {
        let mut group_of = [u8::MAX; CELLS];
        let mut groups = Vec::new();
        for cell in 0..CELLS {
            if group_of[cell] != u8::MAX {
                continue;
            }
            let mut cells = sym.images(cell);
            cells.sort_unstable();
            cells.dedup();
            let mut group = Group {
                cells: [0; MAX_GROUP],
                len: cells.len() as u8,
            };
            for (slot, &c) in group.cells.iter_mut().zip(&cells) {
                *slot = c as u8;
                group_of[c] = groups.len() as u8;
            }
            groups.push(group);
        }
        Orbits { groups, group_of }
    }

    /// The groups, in the order of their first cell.
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    /// The index in [`Orbits::groups`] of the group holding `cell`.
    pub fn group_of(&self, cell: usize) -> usize {
        usize::from(self.group_of[cell])
    }

    /// Whether some set of whole groups has exactly `n` cells.
    pub fn can_total(&self, n: usize) -> bool {
        // Subset sums of the group sizes: a bit per total, 0..=81.
        let mut sums: u128 = 1;
        for g in &self.groups {
            sums |= sums << g.len();
        }
        n <= CELLS && sums >> n & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_cells() {
        for sym in Symmetry::ALL {
            let o = sym.orbits();
            let mut seen = [0; CELLS];
            for (i, g) in o.groups().iter().enumerate() {
                for c in g.cells() {
                    seen[c] += 1;
                    assert_eq!(o.group_of(c), i);
                }
            }
            assert!(seen.iter().all(|&n| n == 1), "{sym}");
        }
        let sizes = |s: Symmetry| s.orbits().groups().len();
        assert_eq!(sizes(Symmetry::None), 81);
        assert_eq!(sizes(Symmetry::Rot180), 41);
        assert_eq!(sizes(Symmetry::Rot90), 21);
        assert_eq!(sizes(Symmetry::Mirror), 45);
        assert_eq!(sizes(Symmetry::Diagonal), 45);
        assert_eq!(sizes(Symmetry::Antidiagonal), 45);
        // 1 centre, 4 × 2 on the axes and diagonals (in groups of 4), 8 × 6 elsewhere.
        assert_eq!(sizes(Symmetry::Dihedral), 1 + 8 + 6);
    }

    #[test]
    fn totals() {
        assert!(Symmetry::Rot90.orbits().can_total(21));
        assert!(!Symmetry::Rot90.orbits().can_total(22));
        assert!(Symmetry::None.orbits().can_total(81));
        assert!(!Symmetry::None.orbits().can_total(82));
        assert!(!Symmetry::Dihedral.orbits().can_total(2));
    }

    #[test]
    fn names_round_trip() {
        for sym in Symmetry::ALL {
            assert_eq!(sym.name().parse::<Symmetry>(), Ok(sym));
        }
        assert_eq!("random".parse(), Ok(SymmetryChoice::Random));
        assert!("rot45".parse::<SymmetryChoice>().is_err());
    }
}
