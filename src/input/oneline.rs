//! One-line puzzles: 81 contiguous cells, then the end of the line or an annotation.
//!
//! Nearly every puzzle of a collection takes [`quick_line`], which looks at the 81 bytes
//! sixteen at a time; lines it refuses come back through [`long_run`] for a located error.

use super::{Bad, ErrorKind, Line, Shape};
use crate::board::CELLS;

/// A run of at least this many contiguous cells is a one-line puzzle, right or wrong, not a
/// grid row (a row has 9; a few more are a typing slip in a row).
pub(super) const LONG_RUN: usize = 27;

/// Marks a byte that is not a cell in [`CELL_VALUE`].
const NOT_CELL: u8 = 0xFF;

/// For each byte, the cell value it stands for (0 for a blank), or [`NOT_CELL`].
static CELL_VALUE: [u8; 256] = {
    let mut t = [NOT_CELL; 256];
    let mut d = 1;
    while d <= 9 {
        t[b'0' as usize + d] = d as u8;
        d += 1;
    }
    t[b'0' as usize] = 0;
    t[b'.' as usize] = 0;
    t[b'_' as usize] = 0;
    t
};

/// Bytes that stand for a cell: its value, or `None` for any other byte.
#[inline]
pub(super) fn cell_value(b: u8) -> Option<u8> {
    match CELL_VALUE[b as usize] {
        NOT_CELL => None,
        v => Some(v),
    }
}

/// The one-line puzzle at the start of `text`, if its first 81 bytes are cells followed by
/// the end of the line or an annotation. This is the path nearly every puzzle takes.
#[inline]
pub(super) fn quick_line(text: &[u8]) -> Option<[u8; CELLS]> {
    let head: &[u8; CELLS] = text.get(..CELLS)?.try_into().ok()?;
    if text
        .get(CELLS)
        .is_some_and(|&b| !is_annotation_separator(b))
    {
        return None;
    }
    cell_values(head)
}

/// The values of 81 cell bytes, or `None` if one of them is not a cell; sixteen at a time.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(super) fn cell_values(head: &[u8; CELLS]) -> Option<[u8; CELLS]> {
    use std::arch::x86_64::*;
    let mut cells = [0u8; CELLS];
    let src = head.as_ptr().cast::<__m128i>();
    let dst = cells.as_mut_ptr().cast::<__m128i>();
    let mut ok = 0xFFFF;
    for i in 0..5 {
        // SAFETY: SSE2 is part of the x86-64 baseline. The five unaligned 16-byte loads and
        // stores cover bytes 0..80 of the two 81-byte arrays.
        unsafe {
            let v = _mm_loadu_si128(src.add(i));
            // '0'..='9' become 0..=9; every other byte becomes 10 or more (unsigned).
            let value = _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8));
            let digit = _mm_cmpeq_epi8(_mm_min_epu8(value, _mm_set1_epi8(9)), value);
            let blank = _mm_or_si128(
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b'.' as i8)),
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b'_' as i8)),
            );
            ok &= _mm_movemask_epi8(_mm_or_si128(digit, blank));
            _mm_storeu_si128(dst.add(i), _mm_and_si128(value, digit));
        }
    }
    cells[80] = CELL_VALUE[usize::from(head[80])];
    (ok == 0xFFFF && cells[80] != NOT_CELL).then_some(cells)
}

/// The values of 81 cell bytes, or `None` if one of them is not a cell.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(super) fn cell_values(head: &[u8; CELLS]) -> Option<[u8; CELLS]> {
    cell_values_portable(head)
}

/// [`cell_values`] for any CPU, one byte at a time.
#[cfg(any(test, not(target_arch = "x86_64")))]
pub(super) fn cell_values_portable(head: &[u8; CELLS]) -> Option<[u8; CELLS]> {
    let mut cells = [0u8; CELLS];
    let mut bad = 0u8;
    for (c, &b) in cells.iter_mut().zip(head) {
        let v = CELL_VALUE[b as usize];
        bad |= v & 0xF0;
        *c = v;
    }
    (bad == 0).then_some(cells)
}

/// Bytes that may end the 81 cells of a one-line puzzle and start an annotation.
#[inline]
pub(super) fn is_annotation_separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b';' | b':' | b',' | b'#')
}

/// The error for a byte that has no place in a puzzle: the character it starts, or the byte.
pub(super) fn bad_byte(rest: &[u8]) -> ErrorKind {
    let head = &rest[..rest.len().min(4)];
    let valid = match std::str::from_utf8(head) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or_default(),
    };
    match valid.chars().next() {
        Some(c) => ErrorKind::InvalidChar(c),
        None => ErrorKind::InvalidByte(rest[0]),
    }
}

/// The line whose `body` (the text after `indent` bytes of indentation) starts with `run` ≥
/// [`LONG_RUN`] contiguous cells: a one-line puzzle, or what is wrong with it.
pub(super) fn long_run(body: &[u8], indent: usize, run: usize, truncated: bool) -> Line {
    let bad = |cells: usize, kind| {
        Line::Bad(Bad {
            column: (indent + cells) as u64 + 1,
            kind,
            shape: Shape::OneLine,
        })
    };
    if run > CELLS {
        let kind = if truncated && run == body.len() {
            ErrorKind::TooLong
        } else {
            ErrorKind::CellCount(run)
        };
        return bad(CELLS, kind);
    }
    match body.get(run) {
        // The byte that would tell is past the limit.
        None if truncated => bad(run, ErrorKind::TooLong),
        Some(&b) if !is_annotation_separator(b) => bad(run, bad_byte(&body[run..])),
        _ if run < CELLS => bad(run, ErrorKind::CellCount(run)),
        _ => quick_line(body).map_or(bad(run, ErrorKind::CellCount(run)), Line::Puzzle),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_cell_value_builds_agree_on_every_byte_in_every_position() {
        let base: [u8; CELLS] =
            *b"123456789.________000000000987654321123456789123456789123456789123456789123456789";
        assert!(cell_values(&base).is_some());
        assert_eq!(cell_values(&base), cell_values_portable(&base));
        for pos in 0..CELLS {
            for byte in 0..=255u8 {
                let mut head = base;
                head[pos] = byte;
                let fast = cell_values(&head);
                assert_eq!(fast, cell_values_portable(&head), "byte {byte} at {pos}");
                assert_eq!(
                    fast.is_some(),
                    cell_value(byte).is_some(),
                    "byte {byte} at {pos}"
                );
                if let Some(cells) = fast {
                    assert_eq!(Some(cells[pos]), cell_value(byte));
                }
            }
        }
    }
}
