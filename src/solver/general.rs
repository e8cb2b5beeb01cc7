//! A depth-first search for any [`Geometry`]: every size from 4×4 to 25×25, boxes or jigsaw
//! regions, and the variants' extra houses and moves.
//!
//! Each cell keeps its candidates as a `u32` mask (bit `d - 1` for value `d`). Placing a value
//! takes it from the cell's peers (houses and the variants' knight and king moves); a cell
//! left with one candidate is placed in turn (naked singles), and after each round every
//! house is scanned for a value that has one place left (hidden singles) or none (a
//! contradiction). When nothing more follows, the search branches on the cell with the
//! fewest candidates, copying the state for each try.
//!
//! The API follows the classic solver's: each solution goes to a callback that can stop the
//! search, a stop poll ends it early (Ctrl-C, `--timeout`), and the report says how it ended.

use std::ops::ControlFlow;

use crate::generate::Stream;
use crate::geometry::Geometry;

pub use super::SearchEnd;

/// How often (in guesses) the stop poll is asked.
const POLL_EVERY: u64 = 256;

/// The tables of one geometry, flattened for the search; build once, search many times.
#[derive(Debug, Clone)]
pub struct Solver {
    n: usize,
    cells: usize,
    all: u32,
    /// Peers of cell `c`: `peers[peer_start[c]..peer_start[c + 1]]`.
    peers: Vec<u16>,
    peer_start: Vec<u32>,
    /// Cells of house `h`: `houses[h * n..(h + 1) * n]`.
    houses: Vec<u16>,
}

/// How a search ended, and how much it guessed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    /// Why it ended.
    pub end: SearchEnd,
    /// Branching guesses tried.
    pub guesses: u64,
}

/// What else a search may be asked: a stop poll, a random branching order, a budget.
#[derive(Default)]
pub struct Options<'a> {
    /// Asked every few hundred guesses; true ends the search ([`SearchEnd::Interrupted`]).
    pub stop: Option<&'a dyn Fn() -> bool>,
    /// Try the values of a branching cell in a random order drawn from this stream (to make
    /// random grids); in increasing order without it.
    pub random: Option<&'a mut Stream>,
    /// At most this many guesses, then the search ends as [`SearchEnd::Interrupted`].
    pub budget: Option<u64>,
    /// Values a cell may not take, beyond the rules: `(cell, value)`.
    pub forbid: &'a [(usize, u8)],
}

#[derive(Debug, Clone, Default)]
struct State {
    cand: Vec<u32>,
    val: Vec<u8>,
    left: usize,
}

struct Run<'a, 'o, F> {
    solver: &'a Solver,
    options: Options<'o>,
    on_solution: F,
    guesses: u64,
    end: Option<SearchEnd>,
    queue: Vec<u16>,
    pool: Vec<State>,
}

impl Solver {
    /// The tables of `g`.
    pub fn new(g: &Geometry) -> Solver {
        let n = g.size();
        let cells = g.cells();
        let mut peers = Vec::new();
        let mut peer_start = Vec::with_capacity(cells + 1);
        for c in 0..cells {
            peer_start.push(peers.len() as u32);
            peers.extend_from_slice(g.peers(c));
        }
        peer_start.push(peers.len() as u32);
        let houses = g
            .houses()
            .iter()
            .flat_map(|h| h.cells.iter().map(|&c| c as u16))
            .collect();
        Solver {
            n,
            cells,
            all: g.all_digits(),
            peers,
            peer_start,
            houses,
        }
    }

    /// The grid's size.
    pub fn size(&self) -> usize {
        self.n
    }

    /// Searches the puzzle `givens` (N² values, 0 blank), giving each solution (N² values) to
    /// `on_solution`, which returns `Break` to stop.
    pub fn search<F>(&self, givens: &[u8], options: Options<'_>, on_solution: F) -> Report
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        let mut run = Run {
            solver: self,
            options,
            on_solution,
            guesses: 0,
            end: None,
            queue: Vec::with_capacity(self.cells),
            pool: Vec::new(),
        };
        let mut st = State {
            cand: vec![self.all; self.cells],
            val: vec![0; self.cells],
            left: self.cells,
        };
        let mut ok = givens.len() == self.cells;
        for &(cell, v) in run.options.forbid {
            if cell < self.cells && (1..=self.n as u8).contains(&v) {
                st.cand[cell] &= !(1 << (v - 1));
            }
        }
        for (c, &v) in givens.iter().enumerate().take(self.cells) {
            if v == 0 {
                continue;
            }
            let bit = 1u32.checked_shl(u32::from(v) - 1).unwrap_or(0) & self.all;
            if st.cand[c] & bit == 0 {
                ok = false;
                break;
            }
            st.cand[c] = bit;
            run.queue.push(c as u16);
        }
        if ok && run.propagate(&mut st) {
            let _ = run.dfs(&st);
        }
        Report {
            end: run.end.unwrap_or(SearchEnd::Exhausted),
            guesses: run.guesses,
        }
    }

    /// Counts solutions up to `limit` (all with `None`); true when the count is exact.
    pub fn count(&self, givens: &[u8], limit: Option<u64>) -> (u64, bool) {
        let mut count = 0;
        let report = self.search(givens, Options::default(), |_| {
            count += 1;
            if limit == Some(count) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        (count, report.end == SearchEnd::Exhausted)
    }

    /// The first solution, if any.
    pub fn first(&self, givens: &[u8]) -> Option<Vec<u8>> {
        let mut first = None;
        self.search(givens, Options::default(), |s| {
            first = Some(s.to_vec());
            ControlFlow::Break(())
        });
        first
    }
}

impl<F> Run<'_, '_, F>
where
    F: FnMut(&[u8]) -> ControlFlow<()>,
{
    /// Places the value of a cell whose candidates are one bit; false on a contradiction.
    #[inline]
    fn assign(&mut self, st: &mut State, c: usize) -> bool {
        let bit = st.cand[c];
        if bit == 0 {
            return false;
        }
        st.val[c] = bit.trailing_zeros() as u8 + 1;
        st.left -= 1;
        let s = self.solver;
        let range = s.peer_start[c] as usize..s.peer_start[c + 1] as usize;
        for &p in &s.peers[range] {
            let p = usize::from(p);
            let m = st.cand[p];
            if m & bit != 0 {
                let m = m & !bit;
                st.cand[p] = m;
                if m == 0 {
                    return false;
                }
                if m & (m - 1) == 0 && st.val[p] == 0 {
                    self.queue.push(p as u16);
                }
            }
        }
        true
    }

    /// Places singles, naked and hidden, until none is left; false on a contradiction.
    fn propagate(&mut self, st: &mut State) -> bool {
        let s = self.solver;
        let n = s.n;
        loop {
            while let Some(c) = self.queue.pop() {
                let c = usize::from(c);
                if st.val[c] == 0 && !self.assign(st, c) {
                    self.queue.clear();
                    return false;
                }
            }
            if st.left == 0 {
                return true;
            }
            for house in s.houses.chunks_exact(n) {
                let (mut once, mut twice, mut fixed) = (0u32, 0u32, 0u32);
                for &c in house {
                    let m = st.cand[usize::from(c)];
                    twice |= once & m;
                    once |= m;
                    if st.val[usize::from(c)] != 0 {
                        fixed |= m;
                    }
                }
                if once != s.all {
                    self.queue.clear();
                    return false;
                }
                let mut hidden = once & !twice & !fixed;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    for &c in house {
                        let c = usize::from(c);
                        if st.cand[c] & bit != 0 {
                            st.cand[c] = bit;
                            self.queue.push(c as u16);
                            break;
                        }
                    }
                }
            }
            if self.queue.is_empty() {
                return true;
            }
        }
    }

    fn dfs(&mut self, st: &State) -> ControlFlow<()> {
        if st.left == 0 {
            if (self.on_solution)(&st.val).is_break() {
                self.end = Some(SearchEnd::Stopped);
                return ControlFlow::Break(());
            }
            return ControlFlow::Continue(());
        }
        // The cell with the fewest candidates.
        let mut best = usize::MAX;
        let mut best_count = u32::MAX;
        for (c, (&m, &v)) in st.cand.iter().zip(&st.val).enumerate() {
            if v == 0 {
                let k = m.count_ones();
                if k < best_count {
                    best_count = k;
                    best = c;
                    if k == 2 {
                        break;
                    }
                }
            }
        }
        let mut order = [0u32; 32];
        let mut len = 0;
        let mut m = st.cand[best];
        while m != 0 {
            order[len] = m & m.wrapping_neg();
            m &= m - 1;
            len += 1;
        }
        if let Some(rng) = self.options.random.as_deref_mut() {
            rng.shuffle(&mut order[..len]);
        }
        let mut child = self.pool.pop().unwrap_or_default();
        for &bit in &order[..len] {
            self.guesses += 1;
            if self.guesses.is_multiple_of(POLL_EVERY)
                && self.options.stop.is_some_and(|stop| stop())
                || self.options.budget.is_some_and(|b| self.guesses > b)
            {
                self.end = Some(SearchEnd::Interrupted);
                self.pool.push(child);
                return ControlFlow::Break(());
            }
            child.clone_from(st);
            child.cand[best] = bit;
            self.queue.clear();
            self.queue.push(best as u16);
            if self.propagate(&mut child) && self.dfs(&child).is_break() {
                self.pool.push(child);
                return ControlFlow::Break(());
            }
        }
        self.pool.push(child);
        ControlFlow::Continue(())
    }
}
