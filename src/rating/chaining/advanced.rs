//! SE's "Dynamic Forcing Chains (+)": when a chain runs dry, the eliminations of the simple
//! rules (intersections, hidden and naked pairs, X-wings) on its working grid continue it.
//!
//! The rules are [`basic`]'s finders; what this adds is the parents of their eliminations:
//! the removals made by the chain that the pattern needs (a pattern that needs none was there
//! from the start and adds nothing to the chain).

use std::ops::ControlFlow;

use super::Chainer;
use super::potentials::{PSet, cand};
use crate::geometry::digits;
use crate::rating::basic::{self, Focus, Found, Pattern};
use crate::rating::grid::{INTER, SE_CELL_REGIONS, cells_at as at};

/// An "off" that a rule adds to a chain: the candidate, its parents (nodes of the chain),
/// and for a nested chain its fingerprint and complexity.
pub(super) type Advanced = (u16, Vec<u32>, Option<(u64, u32)>);

/// One of the rules, reporting its hints to the callback it is given.
type Rule<'r> = &'r dyn Fn(&mut Found<'_>) -> ControlFlow<()>;

impl Chainer<'_> {
    /// SE's getAdvancedPotentials at level 1: the eliminations of the first of intersections,
    /// hidden pairs, naked pairs and X-wings that has some on the working grid, each with the
    /// earlier removals it needs as parents (hints needing none are skipped).
    ///
    /// From level 2 on, when those rules have none, the nested chaining rules follow (see
    /// [`nested`](super::nested)); their "offs" also carry the nested chain's fingerprint and
    /// complexity.
    pub(super) fn advanced(&self, to_off: &PSet) -> Vec<Advanced> {
        let g = &self.g;
        // Only patterns that need a removal of the chain add to it (see `removals`): the
        // finders look only where the chain removed candidates.
        let mut focus = Focus {
            digits: [0; 27],
            cells: [0; 27],
        };
        for (cell, (&was, &now)) in self.save.c.iter().zip(&g.c).enumerate() {
            let lost = was & !now;
            if lost != 0 {
                for &(r, at) in &SE_CELL_REGIONS[cell] {
                    focus.digits[r as usize] |= lost;
                    focus.cells[r as usize] |= 1 << at;
                }
            }
        }
        let all = g.all_pos();
        let rules: [Rule<'_>; 4] = [
            &|found| basic::locking_each(&all, false, &focus, found),
            &|found| basic::hidden_set_each(g, &all, 2, false, &focus, found),
            &|found| basic::naked_set_each(g, 2, &focus, found),
            &|found| basic::fish_each(g, &all, 2, &focus, found),
        ];
        for rule in rules {
            let mut out: Vec<Advanced> = Vec::new();
            let _ = rule(&mut |hint, pattern| {
                let parents = self.removals(pattern, to_off);
                if !parents.is_empty() {
                    for &(cell, mask) in &hint.elim {
                        for d in digits::iter(mask) {
                            out.push((cand(cell as usize, d), parents.clone(), None));
                        }
                    }
                }
                ControlFlow::Continue(())
            });
            if !out.is_empty() {
                return out;
            }
        }
        if self.mode.level >= 2 {
            return self.nested_rules(to_off);
        }
        Vec::new()
    }

    /// The "off" nodes of the chain that a pattern on the working grid needs: the candidates
    /// it lacks that the chain removed.
    fn removals(&self, pattern: Pattern, to_off: &PSet) -> Vec<u32> {
        let (g, init) = (&self.g, self.save);
        let off = |c: usize, d: u8| to_off.get(cand(c, d));
        let lost = |c: usize, d: u8| init.has(c, d) && !g.has(c, d);
        match pattern {
            // The digit's places in r1 outside r2.
            Pattern::Locking { r1, r2, d } => at(r1, !INTER[r1][r2])
                .filter(|&c| lost(c, d))
                .filter_map(|c| off(c, d))
                .collect(),
            // The set's digits in the region's other cells.
            Pattern::HiddenSet { r, digits, places } => at(r, !places)
                .flat_map(|c| digits::iter(digits).map(move |d| (c, d)))
                .filter(|&(c, d)| init.has(c, d))
                .filter_map(|(c, d)| off(c, d))
                .collect(),
            // The set's cells' other digits.
            Pattern::NakedSet { r, places, digits } => at(r, places)
                .flat_map(|c| digits::iter(init.c[c] & !digits).map(move |d| (c, d)))
                .filter_map(|(c, d)| off(c, d))
                .collect(),
            // The digit's places in the base lines outside the cover lines.
            Pattern::Fish {
                base,
                lines,
                covers,
                d,
            } => (0..9)
                .filter(|l| lines & (1 << l) != 0)
                .flat_map(|l| at(base + l, !covers))
                .filter(|&c| lost(c, d))
                .filter_map(|c| off(c, d))
                .collect(),
        }
    }
}
