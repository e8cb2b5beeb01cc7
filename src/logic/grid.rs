//! The candidate grid: what a person solving on paper sees, values and pencil marks.

use std::fmt;

use crate::geometry::{CellSet, digits};

use super::step::{Candidate, Step};
use crate::board::{Board, CELLS};
use crate::geometry::classic::{house, peers};

/// A position: the filled cells (givens and placed digits) and, for every open cell, the digits
/// it may still hold.
///
/// Layout (about 420 bytes, `Copy`, so a trial can copy it and throw the copy away):
///
/// ```text
/// values[cell]   u8    0 = open, else the digit 1-9
/// cands[cell]    u16   bit d-1 set = digit d still possible; always 0 for a filled cell
/// places[d-1]    u128  bit cell set = digit d still possible in that cell (the transpose of
///                      `cands`, kept in step so "where can 5 go in box 3" is one AND)
/// filled         u128  bit cell set = cell holds a digit
/// givens         u128  bit cell set = the digit was given by the puzzle, not placed
/// ```
///
/// Every mutation goes through [`Grid::place`] and [`Grid::eliminate`], which keep `cands` and
/// `places` in step.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    values: [u8; CELLS],
    cands: [u16; CELLS],
    places: [CellSet; 9],
    filled: CellSet,
    givens: CellSet,
}

impl Grid {
    /// The grid of a puzzle: its filled cells are givens, and every open cell may hold each
    /// digit that none of its peers holds.
    pub fn new(puzzle: &Board) -> Grid {
        let filled: CellSet = (0..CELLS).filter(|&c| puzzle.get(c) != 0).collect();
        Grid::from_parts(puzzle, filled, None)
    }

    /// A position: `board`'s filled cells, of which `givens` were given (the others placed),
    /// and for each open cell the candidates of `marks` (bit `d - 1` for digit `d`), less any
    /// digit a peer already holds. `None` marks means every digit the peers allow.
    pub fn from_parts(board: &Board, givens: CellSet, marks: Option<&[u16; CELLS]>) -> Grid {
        let mut grid = Grid {
            values: [0; CELLS],
            cands: [digits::ALL; CELLS],
            places: [CellSet::ALL; 9],
            filled: CellSet::EMPTY,
            givens: CellSet::EMPTY,
        };
        for cell in 0..CELLS {
            let digit = board.get(cell);
            if digit != 0 {
                grid.place(cell, digit);
            }
        }
        grid.givens = givens & grid.filled;
        if let Some(marks) = marks {
            for cell in grid.empty_cells() {
                for digit in digits::iter(grid.cands[cell] & !marks[cell]) {
                    grid.eliminate(cell, digit);
                }
            }
        }
        grid
    }

    /// A position given whole, for a caller that keeps the same parts up to date itself:
    /// the values, the candidates (none in a filled cell, and in an open cell none that a
    /// peer holds) and each digit's places (the candidates by digit, index `d - 1`). The grid
    /// [`Grid::from_parts`] makes of those values and candidates as marks, without working
    /// it out again.
    pub(crate) fn from_position(
        values: [u8; CELLS],
        cands: [u16; CELLS],
        places: [CellSet; 9],
        givens: CellSet,
    ) -> Grid {
        let filled: CellSet = (0..CELLS).filter(|&c| values[c] != 0).collect();
        Grid {
            values,
            cands,
            places,
            filled,
            givens: givens & filled,
        }
    }

    /// The digit in `cell`, or 0 when it is open.
    #[inline]
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidates of `cell` (bit `d - 1` for digit `d`); 0 for a filled cell.
    #[inline]
    pub fn candidates(&self, cell: usize) -> u16 {
        self.cands[cell]
    }

    /// The candidates among `digits` (a mask) of the cells of `cells`, as eliminations: by
    /// digit, then cell.
    pub fn candidates_in(&self, cells: CellSet, digits: u16) -> Vec<Candidate> {
        let mut out = Vec::new();
        for cell in cells {
            for d in digits::iter(self.candidates(cell) & digits) {
                out.push(Candidate::new(cell, d));
            }
        }
        out.sort_unstable_by_key(|c| (c.digit, c.cell));
        out
    }

    /// Whether `digit` is a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.cands[cell] & digits::bit(digit) != 0
    }

    /// The cells where `digit` is still a candidate.
    #[inline]
    pub fn cells_with(&self, digit: u8) -> CellSet {
        self.places[usize::from(digit - 1)]
    }

    /// The cells of house `h` where `digit` is still a candidate.
    #[inline]
    pub fn house_cells_with(&self, h: usize, digit: u8) -> CellSet {
        self.places[usize::from(digit - 1)] & house(h)
    }

    /// The open cells.
    #[inline]
    pub fn empty_cells(&self) -> CellSet {
        !self.filled
    }

    /// The filled cells (givens and placed).
    #[inline]
    pub fn filled(&self) -> CellSet {
        self.filled
    }

    /// The cells given by the puzzle.
    #[inline]
    pub fn givens(&self) -> CellSet {
        self.givens
    }

    /// The open cells with exactly `n` candidates.
    pub fn cells_with_count(&self, n: u32) -> CellSet {
        self.empty_cells()
            .iter()
            .filter(|&c| self.cands[c].count_ones() == n)
            .collect()
    }

    /// Whether `digit` is placed somewhere in house `h`.
    pub fn house_has_value(&self, h: usize, digit: u8) -> bool {
        (house(h) & self.filled)
            .iter()
            .any(|c| self.values[c] == digit)
    }

    /// Puts `digit` in `cell` and removes it from the candidates of every peer.
    pub fn place(&mut self, cell: usize, digit: u8) {
        for d in digits::iter(self.cands[cell]) {
            self.places[usize::from(d - 1)].remove(cell);
        }
        self.cands[cell] = 0;
        self.values[cell] = digit;
        self.filled.insert(cell);
        let mask = digits::bit(digit);
        let d = usize::from(digit - 1);
        for peer in peers(cell) & self.places[d] {
            self.cands[peer] &= !mask;
        }
        self.places[d] -= peers(cell);
    }

    /// Removes `digit` from the candidates of `cell`; false if it was not there.
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        let mask = digits::bit(digit);
        if self.cands[cell] & mask == 0 {
            return false;
        }
        self.cands[cell] &= !mask;
        self.places[usize::from(digit - 1)].remove(cell);
        true
    }

    /// Makes the step's placements and eliminations.
    pub fn apply(&mut self, step: &Step) {
        for p in &step.placements {
            if self.values[p.cell()] == 0 {
                self.place(p.cell(), p.digit);
            }
        }
        for e in &step.eliminations {
            self.eliminate(e.cell(), e.digit);
        }
    }

    /// Whether every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.filled == CellSet::ALL
    }

    /// The filled cells as a board (open cells 0).
    pub fn board(&self) -> Board {
        Board::from_cells(self.values).expect("values are 0-9")
    }

    /// The candidates left in open cells, over the whole grid.
    pub fn candidate_count(&self) -> usize {
        self.places.iter().map(|p| p.len()).sum()
    }

    /// Whether the position is broken on its face: an open cell with no candidate, or a house
    /// where a digit is neither placed nor possible anywhere.
    pub fn is_broken(&self) -> bool {
        if self.empty_cells().iter().any(|c| self.cands[c] == 0) {
            return true;
        }
        (0..27).any(|h| {
            (1..=9).any(|d| self.house_cells_with(h, d).is_empty() && !self.house_has_value(h, d))
        })
    }

    /// The 729-character form: for each cell, nine characters, digit `d` at place `d` where
    /// it is a candidate (or the cell's value), `.` elsewhere.
    pub fn to_marks_line(&self) -> String {
        let mut s = String::with_capacity(729);
        for cell in 0..CELLS {
            let mask = if self.values[cell] != 0 {
                digits::bit(self.values[cell])
            } else {
                self.cands[cell]
            };
            for d in 1..=9u8 {
                s.push(if mask & digits::bit(d) != 0 {
                    char::from(b'0' + d)
                } else {
                    '.'
                });
            }
        }
        s
    }
}

const BOLD: &str = "\x1b[1m";
const CYAN: &str = "\x1b[36m";
const GREEN: &str = "\x1b[1;32m";
const RED: &str = "\x1b[9;31m";
const RESET: &str = "\x1b[0m";

impl Grid {
    /// Appends the pencil-mark grid (the layout of [`Display`](fmt::Display)). With `color`,
    /// givens are bold, and for `step` the candidates of its pattern cells are cyan, a digit
    /// it places green, and the candidates it removes red and struck through.
    pub fn write_marks(&self, out: &mut String, step: Option<&Step>, color: bool) {
        use std::fmt::Write as _;
        let pattern = step.map_or(CellSet::EMPTY, Step::pattern_cells);
        let text = |cell: usize| {
            if self.values[cell] != 0 {
                self.values[cell].to_string()
            } else {
                digits::to_string(self.cands[cell])
            }
        };
        let styled = |cell: usize| -> String {
            if !color {
                return text(cell);
            }
            if self.values[cell] != 0 {
                return if self.givens.contains(cell) {
                    format!("{BOLD}{}{RESET}", self.values[cell])
                } else {
                    self.values[cell].to_string()
                };
            }
            let mut s = String::new();
            for d in digits::iter(self.cands[cell]) {
                let removed = step.is_some_and(|st| {
                    st.eliminations
                        .iter()
                        .any(|e| e.cell() == cell && e.digit == d)
                });
                let placed = step.is_some_and(|st| {
                    st.placements
                        .iter()
                        .any(|p| p.cell() == cell && p.digit == d)
                });
                let style = if placed {
                    Some(GREEN)
                } else if removed {
                    Some(RED)
                } else if pattern.contains(cell) && step.is_some_and(|st| st.pattern_has(cell, d)) {
                    Some(CYAN)
                } else {
                    None
                };
                match style {
                    Some(st) => {
                        let _ = write!(s, "{st}{d}{RESET}");
                    }
                    None => s.push(char::from(b'0' + d)),
                }
            }
            s
        };
        let mut width = [1usize; 9];
        for cell in 0..CELLS {
            width[cell % 9] = width[cell % 9].max(text(cell).len());
        }
        for row in 0..9 {
            if row % 3 == 0 && row > 0 {
                for stack in 0..3 {
                    if stack > 0 {
                        out.push('+');
                    }
                    let w: usize = width[3 * stack..3 * stack + 3].iter().sum::<usize>() + 4;
                    out.push_str(&"-".repeat(w));
                }
                out.push('\n');
            }
            for (col, w) in width.iter().enumerate() {
                if col % 3 == 0 && col > 0 {
                    out.push_str(" |");
                }
                let cell = 9 * row + col;
                let pad = w - text(cell).len();
                let _ = write!(out, " {}{}", styled(cell), " ".repeat(pad));
            }
            // No trailing blanks.
            let trimmed = out.trim_end_matches(' ').len();
            out.truncate(trimmed);
            out.push('\n');
        }
    }
}

/// The pencil-mark grid as HoDoKu and Sudoku Explainer print it: each cell its candidates (or
/// its value), columns padded, `|` between boxes and a `+` rule between bands.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write_marks(&mut s, None, false);
        f.write_str(&s)
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn candidates_and_places_agree() {
        let board: Board = PUZZLE.parse().unwrap();
        let mut grid = Grid::new(&board);
        let check = |grid: &Grid| {
            for cell in 0..81 {
                for d in 1..=9 {
                    assert_eq!(grid.has(cell, d), grid.cells_with(d).contains(cell));
                }
                if grid.value(cell) != 0 {
                    assert_eq!(grid.candidates(cell), 0);
                }
            }
        };
        check(&grid);
        assert_eq!(grid.givens().len(), 17);
        // r1c2 sees the 4 in r1c1 and the 3 in r2c2.
        assert!(!grid.has(1, 4) && !grid.has(1, 3) && grid.has(1, 1));
        grid.place(1, 1);
        check(&grid);
        assert!(!grid.has(2, 1) && !grid.has(10, 1) && !grid.has(37, 1));
        assert!(grid.eliminate(2, 2));
        assert!(!grid.eliminate(2, 2));
        check(&grid);
        assert!(!grid.is_broken());
        assert_eq!(grid.board().givens(), 18);
        assert!(!grid.givens().contains(1));
    }

    #[test]
    fn marks_restrict_candidates() {
        let board: Board = PUZZLE.parse().unwrap();
        let mut marks = [digits::ALL; 81];
        marks[1] = digits::bit(1) | digits::bit(4);
        let grid = Grid::from_parts(&board, CellSet::EMPTY, Some(&marks));
        // 4 is ruled out by r1c1 whatever the marks say.
        assert_eq!(grid.candidates(1), digits::bit(1));
        assert_eq!(grid.givens(), CellSet::EMPTY);
        let line = grid.to_marks_line();
        assert_eq!(line.len(), 729);
        assert_eq!(&line[..18], "...4.....1........");
    }
}

#[cfg(test)]
mod display_tests {
    use super::*;

    #[test]
    fn pencil_marks_line_up_and_colour_the_step() {
        let board: Board =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let grid = Grid::new(&board);
        let text = grid.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert!(lines[0].starts_with(" 4 "), "{}", lines[0]);
        assert!(lines[3].chars().all(|c| c == '-' || c == '+'));
        // The '|' separators line up on every row.
        let bars: Vec<usize> = lines[0].match_indices('|').map(|(i, _)| i).collect();
        for l in lines.iter().filter(|l| l.contains('|')) {
            let here: Vec<usize> = l.match_indices('|').map(|(i, _)| i).collect();
            assert_eq!(here, bars, "{l}");
        }
        let step = Step::elimination(
            super::super::Technique::Pointing,
            vec![super::super::Candidate::new(1, 1)],
            super::super::Evidence {
                cells: CellSet::single(2),
                ..Default::default()
            },
        );
        let mut coloured = String::new();
        grid.write_marks(&mut coloured, Some(&step), true);
        assert!(coloured.contains("\x1b[9;31m1\x1b[0m"), "{coloured}");
        assert!(coloured.contains("\x1b[1m4\x1b[0m"));
        assert!(coloured.contains(CYAN));
    }
}
