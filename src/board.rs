//! The 9×9 board, its text forms, and the rules its givens must keep.
//!
//! Cells are numbered 0..81 in row-major order: cell `i` is in row `i / 9`, column `i % 9` and
//! box `(i / 27) * 3 + (i % 9) / 3`. A cell holds 0 when empty, or a digit 1–9. In messages
//! rows, columns and boxes are numbered from 1, as people count them.

use std::fmt;

use thiserror::Error;

/// Number of cells on a board.
pub use crate::geometry::classic::CELLS;

/// A 9×9 Sudoku board: 81 cells, each empty (0) or holding a digit 1–9.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; CELLS],
}

/// A kind of unit: rows, columns and boxes, the 27 groups of nine cells that must each hold
/// 1–9 once (the geometry's house kinds; a 9×9 board has only these three).
pub use crate::geometry::HouseKind as Unit;

/// Givens that break the rules: the same digit twice in one unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("digit {digit} appears twice in {unit} {number}")]
pub struct RuleError {
    /// The repeated digit, 1–9.
    pub digit: u8,
    /// The kind of unit it repeats in.
    pub unit: Unit,
    /// The unit's number, 1–9.
    pub number: u8,
    /// The cell (0..81) of the second occurrence, in row-major order.
    pub cell: usize,
}

/// A cell value that is not 0–9, given to [`Board::from_cells`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("cell {cell} holds {value}, which is not 0-9")]
pub struct CellValueError {
    /// The cell, 0..81.
    pub cell: usize,
    /// The value found there.
    pub value: u8,
}

use crate::geometry::classic::HOUSE_BITS;
pub use crate::geometry::classic::{box_of, col_of, row_of};

impl Board {
    /// The empty board: every cell blank. It is a valid puzzle with very many solutions.
    pub const fn empty() -> Board {
        Board { cells: [0; CELLS] }
    }

    /// A board from 81 values in row-major order, 0 for empty and 1–9 for digits.
    pub fn from_cells(cells: [u8; CELLS]) -> Result<Board, CellValueError> {
        match cells.iter().position(|&v| v > 9) {
            Some(cell) => Err(CellValueError {
                cell,
                value: cells[cell],
            }),
            None => Ok(Board { cells }),
        }
    }

    /// A board from cells already known to hold 0–9 (the parser's table guarantees it).
    pub(crate) fn from_valid_cells(cells: [u8; CELLS]) -> Board {
        debug_assert!(cells.iter().all(|&v| v <= 9));
        Board { cells }
    }

    /// The 81 cells in row-major order, 0 for empty.
    #[inline]
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The value of one cell (0 when empty). Panics if `cell >= 81`.
    #[inline]
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Number of filled cells.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is empty.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Checks that no digit repeats in a row, column or box. Empty cells are allowed.
    ///
    /// Cells are scanned in row-major order and the first repeat found is reported at the cell
    /// where it repeats, its unit checked in the order row, column, box.
    pub fn check_rules(&self) -> Result<(), RuleError> {
        // `seen[d]`: the units (bits as in `HOUSE_BITS`) that already hold digit `d`.
        let mut seen = [0u32; 10];
        // Visit only the filled cells: puzzles are mostly blank.
        let filled = self.filled_mask();
        for (base, mut bits) in [(0, filled as u64), (64, (filled >> 64) as u64)] {
            while bits != 0 {
                let cell = base + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let digit = self.cells[cell];
                let units = HOUSE_BITS[cell];
                let clash = seen[usize::from(digit)] & units;
                if clash != 0 {
                    // The lowest bit is the first of row, column, box that repeats.
                    let bit = clash.trailing_zeros() as u8;
                    let (unit, index) = match bit {
                        0..9 => (Unit::Row, bit),
                        9..18 => (Unit::Column, bit - 9),
                        _ => (Unit::Box, bit - 18),
                    };
                    return Err(RuleError {
                        digit,
                        unit,
                        number: index + 1,
                        cell,
                    });
                }
                seen[usize::from(digit)] |= units;
            }
        }
        Ok(())
    }

    /// Bit `i` is set when cell `i` holds a digit; found sixteen cells at a time.
    #[cfg(target_arch = "x86_64")]
    pub(crate) fn filled_mask(&self) -> u128 {
        use std::arch::x86_64::*;
        let mut mask = 0u128;
        let cells = self.cells.as_ptr().cast::<__m128i>();
        for i in 0..5 {
            // SAFETY: SSE2 is part of the x86-64 baseline. The five unaligned 16-byte loads
            // read bytes 0..80 of the 81-byte array.
            let empty = unsafe {
                let v = _mm_loadu_si128(cells.add(i));
                _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) as u16
            };
            mask |= u128::from(!empty) << (16 * i);
        }
        mask | u128::from(self.cells[80] != 0) << 80
    }

    /// Bit `i` is set when cell `i` holds a digit.
    #[cfg(not(target_arch = "x86_64"))]
    pub(crate) fn filled_mask(&self) -> u128 {
        self.filled_mask_portable()
    }

    /// [`Board::filled_mask`] for any CPU, found eight cells at a time.
    #[cfg(any(test, not(target_arch = "x86_64")))]
    fn filled_mask_portable(&self) -> u128 {
        let mut mask = 0u128;
        let mut words = self.cells.chunks_exact(8);
        for (i, chunk) in words.by_ref().enumerate() {
            let w = u64::from_le_bytes(chunk.try_into().expect("chunks of eight"));
            // Each byte is 0..=9, so it is non-zero exactly when one of its low four bits is.
            let flags = (w | w >> 1 | w >> 2 | w >> 3) & 0x0101_0101_0101_0101;
            // Gather the flags of bytes 0..8 (bits 0, 8, .., 56) into the top byte, in order.
            let packed = flags.wrapping_mul(0x0102_0408_1020_4080) >> 56;
            mask |= u128::from(packed) << (8 * i);
        }
        // The 81st cell.
        for (i, &v) in words.remainder().iter().enumerate() {
            mask |= u128::from(v != 0) << (80 + i);
        }
        mask
    }

    /// True when `self` is a complete grid that keeps every rule and every given of `puzzle`.
    ///
    /// This is the independent check that tests use on every solution they see.
    pub fn is_solution_of(&self, puzzle: &Board) -> bool {
        self.is_full()
            && self.check_rules().is_ok()
            && puzzle
                .cells
                .iter()
                .zip(self.cells.iter())
                .all(|(&given, &value)| given == 0 || given == value)
    }

    /// Writes the board as 81 ASCII bytes: digits, and `blank` for empty cells.
    pub fn write_line(&self, blank: u8, out: &mut [u8; CELLS]) {
        for (o, &v) in out.iter_mut().zip(self.cells.iter()) {
            *o = if v == 0 { blank } else { b'0' + v };
        }
    }

    /// The board as one 81-character line, `.` for empty cells.
    pub fn to_line(&self) -> String {
        let mut buf = [0u8; CELLS];
        self.write_line(b'.', &mut buf);
        buf.iter().map(|&b| b as char).collect()
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_line())
    }
}

/// One line of 81 characters, `.` for empty cells.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLUTION: &str =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    fn cells(s: &str) -> [u8; CELLS] {
        let mut c = [0u8; CELLS];
        for (o, b) in c.iter_mut().zip(s.bytes()) {
            *o = if b == b'.' { 0 } else { b - b'0' };
        }
        c
    }

    #[test]
    fn units_of_cells() {
        assert_eq!((row_of(0), col_of(0), box_of(0)), (0, 0, 0));
        assert_eq!((row_of(40), col_of(40), box_of(40)), (4, 4, 4));
        assert_eq!((row_of(80), col_of(80), box_of(80)), (8, 8, 8));
        assert_eq!(box_of(29), 3);
        assert_eq!(box_of(8 * 9 + 3), 7);
    }

    /// Both builds of `filled_mask`, so the portable one is tested on x86-64 too.
    fn filled_masks(board: &Board) -> [u128; 2] {
        [board.filled_mask(), board.filled_mask_portable()]
    }

    #[test]
    fn filled_mask_marks_exactly_the_givens() {
        for step in 1..12 {
            let mut c = [0u8; CELLS];
            let mut expect = 0u128;
            for i in (0..CELLS).step_by(step) {
                c[i] = (i % 9) as u8 + 1;
                expect |= 1 << i;
            }
            let board = Board::from_cells(c).unwrap();
            assert_eq!(filled_masks(&board), [expect; 2], "step {step}");
        }
        let full = Board::from_cells(cells(SOLUTION)).unwrap();
        assert_eq!(filled_masks(&full), [(1 << 81) - 1; 2]);
        assert_eq!(filled_masks(&Board::empty()), [0; 2]);
        // Every pattern of one group of eight cells, with the smallest and largest digit, at
        // the start, across the 16-byte boundary and at the end of the board.
        for shift in [0, 12, 73] {
            for pattern in 0..256u32 {
                for v in [1u8, 9] {
                    let mut c = [0u8; CELLS];
                    for k in 0..8 {
                        c[shift + k] = v * (pattern >> k & 1) as u8;
                    }
                    let board = Board::from_cells(c).unwrap();
                    let expect = u128::from(pattern) << shift;
                    assert_eq!(
                        filled_masks(&board),
                        [expect; 2],
                        "{pattern:08b} << {shift}"
                    );
                }
            }
        }
    }

    #[test]
    fn from_cells_rejects_values_over_nine() {
        let mut c = cells(SOLUTION);
        c[17] = 10;
        assert_eq!(
            Board::from_cells(c),
            Err(CellValueError {
                cell: 17,
                value: 10
            })
        );
    }

    #[test]
    fn rule_checks_find_each_kind_of_repeat() {
        let solved = Board::from_cells(cells(SOLUTION)).unwrap();
        assert_eq!(solved.check_rules(), Ok(()));
        assert_eq!(Board::empty().check_rules(), Ok(()));

        let mut row = [0u8; CELLS];
        row[3] = 5;
        row[7] = 5;
        let e = Board::from_cells(row).unwrap().check_rules().unwrap_err();
        assert_eq!((e.digit, e.unit, e.number, e.cell), (5, Unit::Row, 1, 7));
        assert_eq!(e.to_string(), "digit 5 appears twice in row 1");

        let mut col = [0u8; CELLS];
        col[8] = 2;
        col[80] = 2;
        let e = Board::from_cells(col).unwrap().check_rules().unwrap_err();
        assert_eq!(e.to_string(), "digit 2 appears twice in column 9");

        let mut bx = [0u8; CELLS];
        bx[30] = 9;
        bx[50] = 9;
        let e = Board::from_cells(bx).unwrap().check_rules().unwrap_err();
        assert_eq!(e.to_string(), "digit 9 appears twice in box 5");
        assert_eq!(e.cell, 50);
    }

    #[test]
    fn solutions_must_be_full_valid_and_keep_givens() {
        let solved = Board::from_cells(cells(SOLUTION)).unwrap();
        let mut puzzle = cells(SOLUTION);
        for i in (0..CELLS).step_by(2) {
            puzzle[i] = 0;
        }
        let puzzle = Board::from_cells(puzzle).unwrap();
        assert!(solved.is_solution_of(&puzzle));
        assert!(solved.is_solution_of(&Board::empty()));
        // A different given.
        let mut other = *puzzle.cells();
        other[1] = if other[1] == 9 { 8 } else { 9 };
        assert!(!solved.is_solution_of(&Board::from_cells(other).unwrap()));
        // Not full.
        assert!(!puzzle.is_solution_of(&puzzle));
        // Full but breaking a rule: swap two cells of a row.
        let mut broken = *solved.cells();
        broken[0] = broken[9];
        assert!(
            !Board::from_cells(broken)
                .unwrap()
                .is_solution_of(&Board::empty())
        );
    }

    #[test]
    fn text_forms() {
        let b = Board::from_cells(cells(SOLUTION)).unwrap();
        assert_eq!(b.to_line(), SOLUTION);
        assert_eq!(b.to_string(), SOLUTION);
        assert_eq!(Board::empty().to_line(), ".".repeat(81));
        assert_eq!(b.givens(), 81);
        assert!(b.is_full());
    }
}
