//! Nishio, multiple (cell and region) and dynamic forcing chains: SE's
//! getMultipleChainsHintList and what it calls.

use super::nested::Shape;
use super::potentials::{Outcome, PSet, cand, cell_of, digit_of};
use super::reach::Reach;
use super::{ARENA_LIMIT, Best, Chainer, length_bonus};
use crate::geometry::digits;
use crate::rating::Hint;
use crate::rating::grid::{cells_at, n, region, regions_of};

/// The set of "on" potentials or the set of "off" ones.
fn pick<'p>(on: &'p PSet, off: &'p PSet, polarity: bool) -> &'p PSet {
    if polarity { on } else { off }
}

impl Chainer<'_> {
    /// The nodes of one potential in every start's outcome (`nodes`), when every start
    /// reaches it.
    fn all_reach(nodes: impl Iterator<Item = Option<u32>>) -> Option<([u32; 9], usize)> {
        let mut out = [0u32; 9];
        let mut count = 0;
        for q in nodes {
            out[count] = q?;
            count += 1;
        }
        Some((out, count))
    }

    /// Offers the hint that potential `t` is on (place it, when its cell has other
    /// candidates) or off (remove it), its chains ending at `targets`.
    fn offer_potential(
        &self,
        best: &mut Best,
        name: &'static str,
        (t, on): (u16, bool),
        (targets, shape): (&[u32], Shape),
        key: u8,
    ) {
        let cx = self.ar.complexity(targets);
        let diff = self.mode.base() + length_bonus(cx);
        if on {
            self.offer(best, (diff, cx, key), (targets, shape), || {
                Self::on_hint(self.save, name, t)
            });
        } else {
            self.offer(best, (diff, cx, key), (targets, shape), || {
                Some(Self::off_hint(name, t))
            });
        }
    }

    /// The consequences of candidate `o` assumed on: kept ones when there are, else a
    /// new search (SE's chaining from one "on" depends only on the grid and the mode).
    fn on_outcome(&mut self, o: u16) -> Outcome {
        if let Some(x) = self.on_cache[o as usize].take() {
            return x;
        }
        let mut to_on = self.pset();
        let mut to_off = self.pset();
        let node = self.ar.add(o * 2 + 1, &[]);
        to_on.insert(o, node);
        let absurd = self.chain(&mut to_on, &mut to_off);
        (to_on, to_off, absurd)
    }

    /// Whether candidate `c` assumed off implies nothing on the grid.
    fn implies_nothing(&mut self, c: u16) -> bool {
        let mut ons = std::mem::take(&mut self.buf_on);
        self.implied_ons(c, !self.mode.nishio, true, &mut ons);
        let nothing = ons.is_empty();
        self.buf_on = ons;
        nothing
    }

    /// SE's doBinaryChaining from one candidate, on and off.
    pub(super) fn binary(
        &mut self,
        c: u16,
        on_to_on: &mut PSet,
        on_to_off: &mut PSet,
        double: bool,
        contradiction: bool,
        best: &mut Best,
    ) {
        let base = self.mode.base();
        let mut off_to_on = self.pset();
        let mut off_to_off = self.pset();
        let (a, b, absurd) = self.on_outcome(c);
        let old_on = std::mem::replace(on_to_on, a);
        let old_off = std::mem::replace(on_to_off, b);
        self.give([old_on, old_off]);
        if contradiction && let Some((a, b)) = absurd {
            let cx = self.ar.complexity(&[a, b]);
            self.offer(
                best,
                (base + length_bonus(cx), cx, 7),
                (&[a, b], Shape::Plain),
                || Some(Self::off_hint(self.mode.contradiction_name(), c)),
            );
        }
        if !double && !contradiction {
            // The static multiple chains use only the "on" side (SE computes the other
            // and drops it).
            self.give([off_to_on, off_to_off]);
            return;
        }
        // The "off" side's nodes serve only the hints offered below (which keep what they
        // need): they are dropped at the end, so the arena (which keeps the "on" sides of
        // the cell's and regions' chains) grows half as fast and stays warmer in cache.
        let mark = self.ar.mark();
        let p_off = self.ar.add(c * 2, &[]);
        off_to_off.insert(c, p_off);
        // Most "offs" imply nothing (their cell and regions have other places): the chain
        // would end at its start, unless a rule of level 1 or more continues it.
        let absurd = if self.mode.level == 0 && self.implies_nothing(c) {
            None
        } else {
            self.chain(&mut off_to_on, &mut off_to_off)
        };
        if contradiction && let Some((a, b)) = absurd {
            let cx = self.ar.complexity(&[a, b]);
            self.offer(
                best,
                (base + length_bonus(cx), cx, 7),
                (&[a, b], Shape::Plain),
                || Self::on_hint(self.save, self.mode.contradiction_name(), c),
            );
        }
        if double {
            // What both "on" and "off" imply: first the potentials made on, then those off.
            for (on, from_on, from_off) in [
                (true, &on_to_on, &off_to_on),
                (false, &on_to_off, &off_to_off),
            ] {
                let both = from_on.bits().and(from_off.bits());
                if both.is_empty() {
                    continue;
                }
                for &k in &from_on.order {
                    if !both.has(k) {
                        continue;
                    }
                    if let Some(q) = from_off.get(k) {
                        let t = [from_on.node(k), q];
                        let cx = self.ar.complexity(&t);
                        let name = self.mode.dynamic_name(2);
                        self.offer(
                            best,
                            (base + length_bonus(cx), cx, 1),
                            (&t, Shape::Plain),
                            || match on {
                                true => Self::on_hint(self.save, name, k),
                                false => Some(Self::off_hint(name, k)),
                            },
                        );
                    }
                }
            }
        }
        self.give([off_to_on, off_to_off]);
        self.ar.truncate(mark);
    }

    /// Static multiple chains: whether the chains from `cell`'s candidates (a cell forcing
    /// chain), or from a digit's places in a region whose first place is `cell` (a region
    /// forcing chain), may have a potential in common. A static search from an "on" finds
    /// what it reaches in the implication graph, or less (it stops at a contradiction): so
    /// starts that reach no potential in common give no hint, and the cell's searches (which
    /// give nothing else in static mode) need not run.
    fn may_meet(&self, reach: &Reach, cell: usize) -> bool {
        let here = self.save.c[cell];
        reach.meet(digits::iter(here).map(|d| cand(cell, d)))
            || digits::iter(here).any(|d| {
                regions_of(cell).into_iter().any(|r| {
                    let p = self.save.pos(r, d);
                    n(p) >= 2
                        && region(r)[p.trailing_zeros() as usize] as usize == cell
                        && reach.meet(cells_at(r, p).map(|o| cand(o, d)))
                })
            })
    }

    /// SE's doRegionChainings for candidate `c` whose consequences are `on`/`off`.
    fn regions(&mut self, c: u16, on: &PSet, off: &PSet, best: &mut Best) {
        let (cell, d) = (cell_of(c), digit_of(c));
        for r in regions_of(cell) {
            let p = self.save.pos(r, d);
            let k = n(p);
            if !(k == 2 || (self.mode.multiple && k > 2)) {
                continue;
            }
            if region(r)[p.trailing_zeros() as usize] as usize != cell {
                continue;
            }
            // The other places' chains, kept for their own cells (which come later).
            let mut others = [0u16; 9];
            let mut count = 0;
            for i in 0..9 {
                if p & (1 << i) == 0 || region(r)[i] as usize == cell {
                    continue;
                }
                let o = cand(region(r)[i] as usize, d);
                let x = self.on_outcome(o);
                self.on_cache[o as usize] = Some(x);
                others[count] = o;
                count += 1;
            }
            let outcomes: Vec<&Outcome> = others[..count]
                .iter()
                .map(|&o| self.on_cache[o as usize].as_ref().expect("just kept"))
                .collect();
            let name = if self.mode.dynamic {
                self.mode.dynamic_name(1)
            } else {
                "Region Forcing Chains"
            };
            for polarity in [true, false] {
                let mine = if polarity { on } else { off };
                let all = outcomes.iter().fold(*mine.bits(), |all, (a, b, _)| {
                    all.and(pick(a, b, polarity).bits())
                });
                if all.is_empty() {
                    continue;
                }
                for &t in &mine.order {
                    if !all.has(t) {
                        continue;
                    }
                    let nodes = std::iter::once(mine.get(t))
                        .chain(outcomes.iter().map(|(a, b, _)| pick(a, b, polarity).get(t)));
                    if let Some((targets, count)) = Self::all_reach(nodes) {
                        let shape = (&targets[..count], Shape::Region(r as u8));
                        self.offer_potential(best, name, (t, polarity), shape, 6);
                    }
                }
            }
        }
    }

    /// SE's getMultipleChainsHintList (Nishio, multiple and dynamic forcing chains): its
    /// easiest hint.
    pub(super) fn multiple_chains(&mut self) -> Option<Hint> {
        let mut best = Best::default();
        if !self.multiple_into(&mut best) {
            return None;
        }
        best.best.map(|b| b.3)
    }

    /// SE's getMultipleChainsHintList, its hints offered to `best`; false when stopped.
    pub(super) fn multiple_into(&mut self, best: &mut Best) -> bool {
        let mode = self.mode;
        // A nested rule's static chains: only those reaching a link the step's grid lacks
        // can give a hint (see `Chainer::live`).
        let live = (self.outer.is_some() && !mode.dynamic).then(|| self.live(true, true));
        // Static chains: which starts can meet (see `Chainer::may_meet`), from the graph of
        // implications, made when a cell first needs it.
        let meet = mode.multiple && !mode.dynamic && !mode.nishio;
        let mut reach: Option<Reach> = None;
        for cell in 0..81 {
            let k = n(self.save.c[cell]);
            if !(k > 2 || (k > 1 && mode.dynamic)) {
                continue;
            }
            if let Some(live) = &live
                && !self.may_start(live, cell)
            {
                continue;
            }
            if meet {
                let reach = reach.get_or_insert_with(|| {
                    let tab = self.table.as_deref().expect("static chains have a table");
                    Reach::new(tab, self.save, true, true)
                });
                if !self.may_meet(reach, cell) {
                    continue;
                }
            }
            if (self.stop)() {
                return false;
            }
            // The arena holds the kept chains' nodes: it is cleared with them, when it
            // grows large (and at the start).
            if self.on_cache.is_empty() || self.ar.parents.len() > ARENA_LIMIT {
                self.ar.clear();
                let kept: Vec<Outcome> =
                    self.on_cache.iter_mut().filter_map(Option::take).collect();
                self.give(kept.into_iter().flat_map(|(a, b, _)| [a, b]));
                self.on_cache.resize_with(729, || None);
            }
            let mut outcomes: Vec<(PSet, PSet)> = Vec::new();
            for d in 1..=9u8 {
                if !self.save.has(cell, d) {
                    continue;
                }
                let c = cand(cell, d);
                let mut on = self.pset();
                let mut off = self.pset();
                let double = k >= 3 && !mode.nishio && mode.dynamic;
                let contradiction = mode.dynamic || mode.nishio;
                self.binary(c, &mut on, &mut off, double, contradiction, best);
                if !mode.nishio {
                    self.regions(c, &on, &off, best);
                }
                outcomes.push((on, off));
            }
            if !mode.nishio && (k == 2 || (mode.multiple && k > 2)) {
                let name = if mode.dynamic {
                    mode.dynamic_name(0)
                } else {
                    "Cell Forcing Chains"
                };
                for polarity in [true, false] {
                    let (on, off) = &outcomes[0];
                    let all = outcomes[1..]
                        .iter()
                        .fold(*pick(on, off, polarity).bits(), |all, (a, b)| {
                            all.and(pick(a, b, polarity).bits())
                        });
                    if all.is_empty() {
                        continue;
                    }
                    for &t in &pick(on, off, polarity).order {
                        if !all.has(t) {
                            continue;
                        }
                        let nodes = outcomes.iter().map(|(a, b)| pick(a, b, polarity).get(t));
                        if let Some((targets, count)) = Self::all_reach(nodes) {
                            let shape = (&targets[..count], Shape::Cell);
                            self.offer_potential(best, name, (t, polarity), shape, 5);
                        }
                    }
                }
            }
            self.give(outcomes.into_iter().flat_map(|(a, b)| [a, b]));
        }
        true
    }
}
