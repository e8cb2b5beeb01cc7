//! Nishio forcing chains digit by digit, with what earlier steps of the path found.
//!
//! A Nishio chain has X links only (SE turns the Y links off for it), so a chain from a
//! candidate of digit `d`, on or off, meets only candidates of `d`: what the search finds
//! for `d` depends only on the cells holding `d` (and on every cell having two candidates
//! or more, which holds past the naked singles). [`NishioMemo`] keeps each digit's
//! easiest hint while its places are unchanged.

use super::{Best, Chainer};
use crate::rating::Hint;
use crate::rating::grid::n;

/// A digit's easiest Nishio hint: (rating, complexity, cell it starts from, hint).
type Found = Option<(f64, u32, usize, Hint)>;

/// Per digit: its places (bit = cell) when searched, and its easiest hint.
#[derive(Default)]
pub(crate) struct NishioMemo([Option<(u128, Found)>; 9]);

impl Chainer<'_> {
    /// SE's Nishio forcing chains (the chainer's mode must be Nishio's): the easiest hint,
    /// by rating, then complexity, then SE's order of search (cell by cell, the digits of a
    /// cell in increasing order), so the easiest of the digits' easiest, ties going to the
    /// lower cell, then the lower digit. `None` also when stopped.
    pub(super) fn nishio(&mut self, memo: &mut NishioMemo) -> Option<Hint> {
        debug_assert!(self.mode.nishio);
        let clean = self.save.c.iter().all(|&m| n(m) != 1);
        let mut pick: Found = None;
        for d in 1..=9u8 {
            let places = self.save_places[d as usize - 1];
            let kept = match &memo.0[d as usize - 1] {
                Some((p, found)) if clean && *p == places => Some(found.clone()),
                _ => None,
            };
            let found = match kept {
                Some(found) => found,
                None => {
                    let found = self.nishio_digit(d)?;
                    if clean {
                        memo.0[d as usize - 1] = Some((places, found.clone()));
                    }
                    found
                }
            };
            if let Some(found) = found {
                super::keep_easier(&mut pick, found);
            }
        }
        let (diff, _, _, h) = pick?;
        // A placement's eliminations are the cell's other candidates in this step's grid.
        let mut hint = match h.place {
            Some((cell, d)) => {
                Self::on_hint(self.save, h.name, super::potentials::cand(cell as usize, d))?
            }
            None => h,
        };
        hint.diff = diff;
        Some(hint)
    }

    /// The Nishio chains from the candidates of digit `d`: their easiest hint (`None` when
    /// stopped).
    fn nishio_digit(&mut self, d: u8) -> Option<Found> {
        let mut best = Best::default();
        let mut found_at = 0;
        if self.on_cache.len() != 729 {
            self.on_cache.clear();
            self.on_cache.resize_with(729, || None);
        }
        let mut cells = self.save_places[d as usize - 1];
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            if n(self.save.c[cell]) <= 1 {
                continue;
            }
            if (self.stop)() {
                return None;
            }
            // Nothing refers to the nodes of the chains once their hints are offered.
            self.ar.clear();
            let c = super::potentials::cand(cell, d);
            let mut on = self.pset();
            let mut off = self.pset();
            let before = best.best.as_ref().map(|b| (b.0, b.1));
            self.binary(c, &mut on, &mut off, false, true, &mut best);
            self.give([on, off]);
            if best.best.as_ref().map(|b| (b.0, b.1)) != before {
                found_at = cell;
            }
        }
        Some(best.best.map(|(diff, cx, _, h)| (diff, cx, found_at, h)))
    }
}
