//! Forcing chains and cycles (SE's unary chaining): static chains from one potential, on
//! the fixed grid's [`Table`](super::table::Table).

use super::potentials::{Cands, NONE, cand, cell_of, digit_of};
use super::reach::Reach;
use super::{Best, Chainer, length_bonus, past_cap};
use crate::geometry::classic::PEERS;
use crate::geometry::digits;
use crate::rating::Hint;
use crate::rating::grid::n;

/// A hint of the X pass, kept apart from its grid: the eliminations of an X-cycle, or the
/// candidate a forcing X-chain removes (`Off`) or places (`On`; the placement's
/// eliminations are the cell's other candidates, taken from the grid of the step).
#[derive(Clone)]
pub(super) enum XHint {
    Cycle(Vec<(u8, u16)>),
    Off(u16),
    On(u16),
}

/// One digit's easiest X-cycle or forcing X-chain: (rating, complexity, cell, hint).
type XBest = Option<(f64, u32, usize, XHint)>;

/// The X pass's results kept from step to step: per digit, the cells holding it (bit =
/// cell) and its easiest hint there.
///
/// X links join candidates of one digit only (a digit's places in a house, the houses of
/// a cell), so the X pass is nine separate searches, each depending only on its digit's
/// places (and on every cell having two candidates or more, which holds past the naked
/// singles). A digit whose places did not change since the last step that searched it
/// has the same easiest hint.
#[derive(Default)]
pub(crate) struct XMemo([Option<(u128, XBest)>; 9]);

/// The Y pass's result kept from step to step: the candidates of the bivalue cells (the
/// others 0) and the easiest hint before the pass (rating, complexity), at the last step
/// where the pass found nothing.
///
/// With Y links only, an "off" implies something only in a bivalue cell, so the cycle
/// searches meet only the bivalue cells' candidates (the others are dropped as "offs" that
/// imply nothing), and with the same bivalue cells they make the same cycles. A cycle's
/// eliminations are candidates of the grid, which only loses candidates from step to
/// step: a cycle that eliminated nothing still eliminates nothing. So where the bivalue
/// cells are unchanged and the easiest hint so far is no harder than then, every cycle that
/// could win now had nothing to eliminate then, and the pass finds nothing again.
#[derive(Default)]
pub(crate) struct YMemo(Option<([u16; 81], (f64, u32))>);

impl Chainer<'_> {
    /// [`Self::loops`] with Y links only, skipped where `memo` shows it finds nothing.
    pub(super) fn y_loops(
        &mut self,
        best: &mut Best,
        memo: &mut YMemo,
        stop: &dyn Fn() -> bool,
    ) -> bool {
        let mut bivalue = [0u16; 81];
        for (b, &m) in bivalue.iter_mut().zip(&self.g.c) {
            if n(m) == 2 {
                *b = m;
            }
        }
        let rated = |best: &Best| best.best.as_ref().map(|b| (b.0, b.1, b.2));
        let before = rated(best);
        let cap = before.map_or((f64::INFINITY, u32::MAX), |b| (b.0, b.1));
        if let Some((seen, was)) = &memo.0
            && *seen == bivalue
            && (cap.0 < was.0 || (cap.0 == was.0 && cap.1 <= was.1))
        {
            return true;
        }
        if !self.loops(true, false, best, stop) {
            return false;
        }
        memo.0 = (rated(best) == before).then_some((bivalue, cap));
        true
    }

    /// SE's doCycles from `src` (an "on"): the nodes where the search comes back to `src`.
    ///
    /// A node made at the k-th step of the search has at least k distinct ancestors (the
    /// potentials along its first parents are distinct, but for the last one), so once
    /// `base + length_bonus(k)` exceeds `cap` (the easiest hint so far) nothing found later
    /// can be chosen and the search stops.
    ///
    /// The search comes back to `src` only through a candidate that `src` forms a strong
    /// link with (the links are symmetric), so without one there is no search. An "off"
    /// node enters the arena only when it makes an "on" (it is then a parent).
    ///
    /// `cap` is the hardest (rating, complexity) a cycle may have and still be chosen: a node
    /// rated as it can be chosen if its complexity is not above it. (A cycle must beat the
    /// easiest hint so far outright, a tie going to the hint found first, so the callers
    /// pass that hint's complexity less one.)
    ///
    /// With `reach`, the graph's components, the search keeps to the component of `src`:
    /// a potential on a path from `src` back to `src` reaches `src` and is reached from it,
    /// so every node of a cycle, and every parent of one, lies there. The nodes left out
    /// make no node of the component, which are made in the same order, from the same
    /// parents.
    pub(super) fn cycles(
        &mut self,
        src: u16,
        y: bool,
        x: bool,
        base: f64,
        cap: (f64, u32),
        reach: Option<&Reach>,
    ) -> Vec<u32> {
        // Whether potential (`c`, `on`) may lie on a cycle through `src`.
        let home = reach.map(|r| (r, r.component(src, true)));
        let inside = |c: u16, on: bool| home.is_none_or(|(r, comp)| r.component(c, on) == comp);
        // Whether nodes made at step `k` (complexity `k` at least) are past the cap.
        let too_long = |k: u32| past_cap(base, k, cap);
        let mut found = Vec::new();
        let tab = self.table.take().expect("static chains have a table");
        if tab.ons(src, y, x).is_empty() {
            self.table = Some(tab);
            return found;
        }
        let mut to_on = Cands::default();
        // The "offs" met so far (and those that imply nothing: they would make no node),
        // and the candidates whose "off" turns `src` on.
        let mut to_off = *tab.quiet(y, x);
        let mut partners = Cands::default();
        for &(o, _) in tab.ons(src, y, x) {
            partners.insert(o);
        }
        // The candidates whose "on" leads back to `src` in two steps (an "off" then `src`):
        // the conflicts of its strong partners (the links are symmetric).
        let mut near = Cands::default();
        if cap.0.is_finite() {
            for &(o, _) in tab.ons(src, y, x) {
                for &q in tab.offs(o, y) {
                    near.insert(q);
                }
            }
        }
        let start = self.ar.add(src * 2 + 1, &[]);
        to_on.insert(src);
        let (mut pend_on, mut pend_off) = std::mem::take(&mut self.cycle_fronts);
        pend_on.clear();
        pend_off.clear();
        pend_on.push(start);
        let mut length = 0;
        while !pend_on.is_empty() || !pend_off.is_empty() {
            if too_long(length + 1) {
                break;
            }
            length += 1;
            // "Off" nodes as (candidate, parent "on" node), in the order SE makes them.
            // SE skips an "off" already on the chain above its "on"; such an "off" was
            // expanded there, so its "ons" are all known and it could only lead back to
            // `src`: that case alone is tested below (walking the chain). The "off" that
            // made `p` is always among its "offs" (a strong link is also a conflict), so it
            // is skipped here.
            //
            // An "off" met before (in this layer or an earlier one) was expanded then: its
            // "ons" are all in `to_on`, so it can only lead back to `src`, and it is kept
            // only if it is one of `src`'s strong partners. The "offs" kept are in the same
            // order, so the nodes are made in the same order.
            //
            // When the "ons" the next layer makes cannot be expanded within the cap (see
            // below), only the "offs" that may turn `src` on again matter.
            let last = too_long(length + 3);
            for &p in &pend_on {
                let made_by = match self.ar.parents(p).first() {
                    Some(&q) => self.ar.key(q) / 2,
                    None => u16::MAX,
                };
                for &o in tab.offs(self.ar.key(p) / 2, y) {
                    if o != made_by
                        && inside(o, false)
                        && if last {
                            partners.has(o)
                        } else {
                            to_off.insert(o) || partners.has(o)
                        }
                    {
                        pend_off.push((o, p));
                    }
                }
            }
            pend_on.clear();
            if too_long(length + 1) {
                break;
            }
            length += 1;
            // An "on" made now can lead back to `src` at length `length + 2` at the soonest,
            // and only from `near`; past the cap, it is not made. Nothing that leads to a
            // cycle within the cap is left out (its "ons" stay in the same order, with the
            // same parents), and what is left out would not be made later either.
            let (no_new, near_only) = (too_long(length + 2), too_long(length + 4));
            for &(c, p) in &pend_off {
                let mut off = NONE;
                for &(o, cause) in tab.ons(c, y, x) {
                    let back = length >= 4 && o == src && !self.ar.is_parent(p, c * 2);
                    let new =
                        !to_on.has(o) && !no_new && (!near_only || near.has(o)) && inside(o, true);
                    if back || new {
                        if off == NONE {
                            off = self.ar.add(c * 2, &[p]);
                        }
                        let node = self.ar.add_with(o * 2 + 1, &[off], cause, NONE);
                        if back {
                            found.push(node);
                        }
                        if new {
                            pend_on.push(node);
                            to_on.insert(o);
                        }
                    }
                }
            }
            pend_off.clear();
        }
        self.table = Some(tab);
        self.cycle_fronts = (pend_on, pend_off);
        found
    }
    /// The forcing chains of candidate `c` from "on" to "off" (which remove it) and from
    /// "off" to "on" (which place it), as [`Self::forcing`] finds them, each searched only
    /// when the reach sets say its end can be reached at all.
    fn forcing_on_off(
        &mut self,
        reach: &Reach,
        c: u16,
        y: bool,
        base: f64,
        cap: (f64, u32),
    ) -> (Option<u32>, Option<u32>) {
        let from_on = if reach.reaches(c, true, c, false) {
            self.forcing(c * 2 + 1, y, base, cap)
        } else {
            None
        };
        let from_off = if reach.reaches(c, false, c, true) {
            self.forcing(c * 2, y, base, cap)
        } else {
            None
        };
        (from_on, from_off)
    }

    /// SE's doForcingChains from `src` (key with polarity): the complexity of the chain that
    /// reaches the opposite of `src`, if any.
    ///
    /// SE keeps only the first such chain: a breadth-first search reaches it at its least
    /// depth, and every potential on it is distinct (each is reached once), so its complexity
    /// (its count of distinct ancestors) is its depth plus one. So the search needs no nodes,
    /// only sets of candidates, and ends at the first hit. It stops, as [`Self::cycles`]
    /// does, when nothing found later could be chosen: `cap` is the hardest (rating,
    /// complexity) a chain may have and still be chosen (a hit past it is not reported).
    ///
    /// The links are symmetric, so a level of the polarity of `src` leads to its opposite
    /// exactly when it holds a candidate linked to `src` (a conflict when `src` is on, a
    /// strong link when it is off): the test needs no expansion, and the last level allowed
    /// is never expanded.
    pub(super) fn forcing(
        &mut self,
        src_key: u16,
        y: bool,
        base: f64,
        cap: (f64, u32),
    ) -> Option<u32> {
        // Whether a chain of complexity `k` is past the cap.
        let too_long = |k: u32| past_cap(base, k, cap);
        let tab = self.table.as_deref().expect("static chains have a table");
        let src = src_key / 2;
        let src_on = src_key & 1 == 1;
        let mut target = Cands::default();
        if src_on {
            for &o in tab.offs(src, y) {
                target.insert(o);
            }
        } else {
            for &(o, _) in tab.ons(src, y, true) {
                target.insert(o);
            }
        }
        // Candidates reached on and off; the current level and the next. The "offs" that
        // imply nothing are left out from the start: such an "off" is never a target (the
        // targets of an "off" start turn it on) and makes no "on".
        let (mut to_on, mut to_off) = (Cands::default(), *tab.quiet(y, true));
        let [mut level, mut next] = std::mem::take(&mut self.fronts);
        level.clear();
        level.push(src);
        if src_on {
            to_on.insert(src);
        } else {
            to_off.insert(src);
        }
        let mut on = src_on;
        let mut depth = 0;
        let hit = loop {
            // A hit at this level has complexity `depth + 2`, at the next `depth + 3`, and
            // later ones more.
            if level.is_empty() || too_long(depth + 2) {
                break None;
            }
            if on == src_on && level.iter().any(|&p| target.has(p)) {
                break Some(depth + 2);
            }
            if too_long(depth + 3) {
                break None;
            }
            next.clear();
            if on {
                for &p in &level {
                    for &o in tab.offs(p, y) {
                        if to_off.insert(o) {
                            next.push(o);
                        }
                    }
                }
            } else {
                for &p in &level {
                    for &(o, _) in tab.ons(p, y, true) {
                        if to_on.insert(o) {
                            next.push(o);
                        }
                    }
                }
            }
            std::mem::swap(&mut level, &mut next);
            on = !on;
            depth += 1;
        };
        self.fronts = [level, next];
        hit
    }

    /// The eliminations of a cycle ending at `dst` (an "on" equal to its start).
    pub(super) fn cycle_elims(&self, dst: u32) -> Vec<(u8, u16)> {
        let mut cells = 0u128;
        let mut p = dst;
        while let Some(&q) = self.ar.parents(p).first() {
            cells |= 1 << cell_of(self.ar.key(p) / 2);
            p = q;
        }
        // Per digit, the cells off the cycle that see an "on" (forw) and an "off" (back) of
        // that digit on it.
        let mut forw = [0u128; 9];
        let mut back = [0u128; 9];
        let mut p = dst;
        while let Some(&q) = self.ar.parents(p).first() {
            let key = self.ar.key(p);
            let (cell, d) = (cell_of(key / 2), digit_of(key / 2) as usize - 1);
            let seen = PEERS[cell].0 & !cells & self.places[d];
            if key & 1 == 1 {
                forw[d] |= seen;
            } else {
                back[d] |= seen;
            }
            p = q;
        }
        let mut elim = [0u16; 81];
        let mut any = false;
        for d in 0..9 {
            let mut both = forw[d] & back[d];
            any |= both != 0;
            while both != 0 {
                elim[both.trailing_zeros() as usize] |= 1 << d;
                both &= both - 1;
            }
        }
        if !any {
            return Vec::new();
        }
        (0..81)
            .filter(|&c| elim[c] != 0)
            .map(|c| (c as u8, elim[c]))
            .collect()
    }

    /// [`Self::loops`] with X links only, digit by digit, with the results of earlier steps
    /// (`memo`) where a digit's places are unchanged.
    ///
    /// SE takes the easiest hint by rating, then complexity, then its order of search (cell
    /// by cell, the digits of a cell in increasing order), so the pass's hint is the easiest
    /// of the digits' easiest, ties going to the lower cell, then the lower digit.
    pub(super) fn x_loops(
        &mut self,
        best: &mut Best,
        memo: &mut crate::rating::Memo,
        stop: &dyn Fn() -> bool,
    ) -> bool {
        let clean = self.g.c.iter().all(|&m| n(m) != 1);
        let mut pick: Option<(f64, u32, usize, XHint)> = None;
        for d in 1..=9u8 {
            let places = self.places[d as usize - 1];
            let kept = match &memo.x.0[d as usize - 1] {
                Some((p, found)) if clean && *p == places => Some(found.clone()),
                _ => None,
            };
            let found = match kept {
                Some(found) => found,
                None => {
                    if stop() {
                        return false;
                    }
                    let found = self.x_digit(d);
                    if clean {
                        memo.x.0[d as usize - 1] = Some((places, found.clone()));
                    }
                    found
                }
            };
            if let Some(found) = found {
                super::keep_easier(&mut pick, found);
            }
        }
        let (_, _, key, cyc_name, chain_name) = loop_kind(true, false);
        if let Some((diff, cx, _, h)) = pick {
            let hint = match h {
                XHint::Cycle(elim) => Some(Hint::elim(0.0, cyc_name, elim)),
                XHint::Off(c) => Some(Self::off_hint(chain_name, c)),
                XHint::On(c) => Self::on_hint(&self.g, chain_name, c),
            };
            if let Some(hint) = hint {
                best.offer(diff, cx, key, || hint);
            }
        }
        true
    }

    /// The X pass of [`Self::loops`] for digit `d` alone: its easiest hint.
    fn x_digit(&mut self, d: u8) -> XBest {
        let (y, x) = (false, true);
        let (base_cycle, base_chain, _, _, _) = loop_kind(x, y);
        let takes = |best: &XBest, diff: f64, cx: u32| match best {
            None => true,
            Some((bd, bc, _, _)) => diff < *bd || (diff == *bd && cx < *bc),
        };
        let mut best: XBest = None;
        // The digit's own graph: the X links of other digits never meet it.
        let mut reach: Option<Reach> = None;
        let reach_of = |ch: &Self| {
            let tab = ch.table.as_deref().expect("static chains have a table");
            let mut only = ch.g.clone();
            for m in only.c.iter_mut() {
                *m &= digits::bit(d);
            }
            Reach::new(tab, &only, y, x)
        };
        let mut cells = self.places[d as usize - 1];
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            if n(self.g.c[cell]) <= 1 {
                continue;
            }
            self.ar.clear();
            let c = cand(cell, d);
            let (cap, cap_cx) = best
                .as_ref()
                .map_or((f64::INFINITY, u32::MAX), |b| (b.0, b.1));
            if base_cycle > cap && base_chain > cap {
                continue;
            }
            let found = if base_cycle > cap {
                Vec::new()
            } else if reach
                .get_or_insert_with(|| reach_of(self))
                .on_cycle(c, true)
            {
                // A cycle must be easier than the digit's best so far (a tie goes to the
                // hint found first).
                let cap = (cap, cap_cx.saturating_sub(1));
                self.cycles(c, y, x, base_cycle, cap, reach.as_ref())
            } else {
                Vec::new()
            };
            for dst in found {
                let cx = self.ar.ancestors(dst);
                let diff = base_cycle + length_bonus(cx);
                if !takes(&best, diff, cx) {
                    continue;
                }
                let elim = self.cycle_elims(dst);
                if !elim.is_empty() {
                    best = Some((diff, cx, cell, XHint::Cycle(elim)));
                }
            }
            // A chain must be easier than the best so far (a tie goes to the hint found
            // first).
            let cap = best
                .as_ref()
                .map_or((f64::INFINITY, u32::MAX), |b| (b.0, b.1.saturating_sub(1)));
            if base_chain <= cap.0 {
                let reach = reach.get_or_insert_with(|| reach_of(self));
                let (from_on, from_off) = self.forcing_on_off(reach, c, y, base_chain, cap);
                if let Some(cx) = from_on {
                    let diff = base_chain + length_bonus(cx);
                    if takes(&best, diff, cx) {
                        best = Some((diff, cx, cell, XHint::Off(c)));
                    }
                }
                if let Some(cx) = from_off
                    && Self::on_hint(&self.g, "", c).is_some()
                {
                    let diff = base_chain + length_bonus(cx);
                    if takes(&best, diff, cx) {
                        best = Some((diff, cx, cell, XHint::On(c)));
                    }
                }
            }
        }
        best
    }

    /// SE's getLoopHintList for one setting of X and Y links.
    ///
    /// SE searches each candidate's cycles, then its forcing chains (with X links), and
    /// keeps the easiest hint: by rating, complexity, then order of search. The forcing
    /// chains run first here: a chain's search stops at its first hit, and the easiest
    /// chain then caps every cycle search (a cycle rated above it cannot win), where SE's
    /// order caps a candidate's cycles only with what the candidates before it found. The
    /// easiest chain is offered to `best` in its place in SE's order (after the cycles of
    /// its candidate), so ties go as in SE.
    pub(super) fn loops(
        &mut self,
        y: bool,
        x: bool,
        best: &mut Best,
        stop: &dyn Fn() -> bool,
    ) -> bool {
        let (base_cycle, base_chain, key, cyc_name, chain_name) = loop_kind(x, y);
        // Made when first needed (a pass whose hints cannot win needs none).
        let mut reach: Option<Reach> = None;
        let reach_of = |ch: &Self| {
            let tab = ch.table.as_deref().expect("static chains have a table");
            Reach::new(tab, &ch.g, y, x)
        };
        let best_of = |best: &Best| {
            best.best
                .as_ref()
                .map_or((f64::INFINITY, u32::MAX), |b| (b.0, b.1))
        };
        // The easiest forcing chain: (rating, complexity, candidate, hint).
        let mut chain: Option<(f64, u32, u16, Hint)> = None;
        // The hardest (rating, complexity) a cycle may have to be chosen: it must be easier
        // than the easiest hint so far (which wins a tie, having a lower key or coming
        // first), and no harder than the easiest chain not offered yet (which a cycle ties
        // with loses, coming after the cycles of its candidate).
        let cycle_cap = |best: &Best, chain: &Option<(f64, u32, u16, Hint)>| {
            let (diff, cx) = best_of(best);
            let mut cap = (diff, cx.saturating_sub(1));
            if let Some(ch) = chain
                && (ch.0 < cap.0 || (ch.0 == cap.0 && ch.1 < cap.1))
            {
                cap = (ch.0, ch.1);
            }
            cap
        };
        if x {
            for cell in 0..81 {
                if n(self.g.c[cell]) <= 1 {
                    continue;
                }
                if stop() {
                    return false;
                }
                for d in digits::iter(self.g.c[cell]) {
                    let c = cand(cell, d);
                    // A chain must be easier than the easiest chain so far and than the
                    // easiest hint so far (a tie goes to the hint found first, or of a
                    // lower key).
                    let (diff, cx) = best_of(best);
                    let mut cap = (diff, cx.saturating_sub(1));
                    if let Some(ch) = &chain
                        && (ch.0 < cap.0 || (ch.0 == cap.0 && ch.1 <= cap.1))
                    {
                        cap = (ch.0, ch.1.saturating_sub(1));
                    }
                    if base_chain > cap.0 {
                        continue;
                    }
                    // From "on", a chain to "off" removes the candidate; from "off", a
                    // chain to "on" places it.
                    let reach = reach.get_or_insert_with(|| reach_of(self));
                    let (from_on, from_off) = self.forcing_on_off(reach, c, y, base_chain, cap);
                    let mut keep = |cx: u32, hint: Option<Hint>| {
                        let diff = base_chain + length_bonus(cx);
                        let easier = chain
                            .as_ref()
                            .is_none_or(|ch| diff < ch.0 || (diff == ch.0 && cx < ch.1));
                        if let Some(h) = hint
                            && easier
                        {
                            chain = Some((diff, cx, c, h));
                        }
                    };
                    if let Some(cx) = from_on {
                        keep(cx, Some(Self::off_hint(chain_name, c)));
                    }
                    if let Some(cx) = from_off {
                        keep(cx, Self::on_hint(&self.g, chain_name, c));
                    }
                }
            }
        }
        for cell in 0..81 {
            let k = n(self.g.c[cell]);
            if k <= 1 {
                continue;
            }
            if k > 2 && !x {
                continue;
            }
            if stop() {
                return false;
            }
            for d in digits::iter(self.g.c[cell]) {
                let c = cand(cell, d);
                // The easiest chain comes after the cycles of its candidate.
                if chain.as_ref().is_some_and(|ch| ch.2 < c)
                    && let Some((diff, cx, _, h)) = chain.take()
                {
                    best.offer(diff, cx, key, || h);
                }
                let mut cap = cycle_cap(best, &chain);
                if base_cycle > cap.0 {
                    continue;
                }
                self.ar.clear();
                let found = if !x {
                    // Y links only: the searches cost less than the graph's components.
                    self.cycles(c, y, x, base_cycle, cap, None)
                } else if reach
                    .get_or_insert_with(|| reach_of(self))
                    .on_cycle(c, true)
                {
                    self.cycles(c, y, x, base_cycle, cap, reach.as_ref())
                } else {
                    Vec::new()
                };
                for dst in found {
                    // The eliminations only matter for a hint that would be taken.
                    let cx = self.ar.ancestors(dst);
                    let diff = base_cycle + length_bonus(cx);
                    if diff > cap.0 || (diff == cap.0 && cx > cap.1) || !best.takes(diff, cx, key) {
                        continue;
                    }
                    let elim = self.cycle_elims(dst);
                    if !elim.is_empty() {
                        best.offer(diff, cx, key, || Hint::elim(0.0, cyc_name, elim));
                        cap = cycle_cap(best, &chain);
                    }
                }
            }
        }
        if let Some((diff, cx, _, h)) = chain {
            best.offer(diff, cx, key, || h);
        }
        true
    }
}

/// SE's ratings and names of the cycles and chains over X links, Y links or both: the base
/// difficulty of a cycle and of a chain, the tie-break key, and the two names.
pub(super) fn loop_kind(x: bool, y: bool) -> (f64, f64, u8, &'static str, &'static str) {
    if x && y {
        (7.0, 7.0, 4, "Bidirectional Cycle", "Forcing Chain")
    } else if y {
        (6.5, 6.6, 3, "Bidirectional Y-Cycle", "Forcing Y-Chain")
    } else {
        (6.5, 6.6, 2, "Bidirectional X-Cycle", "Forcing X-Chain")
    }
}
