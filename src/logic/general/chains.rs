//! Chains on any shape: X-Chains, XY-Chains and alternating inference chains (AICs).
//!
//! Their logic needs only candidates, cells and what sees what: a strong link ("if A is
//! false, B is true") joins the two places of a digit in a house, or the two candidates of a
//! bivalue cell; a weak link ("if A is true, B is false") joins a candidate to the same digit
//! in every cell it sees (a shared house, or a knight's or king's move on those variants) and
//! to the other candidates of its cell. A chain from "A is false" to "B is true" shows that A
//! or B is true.
//!
//! The search is breadth first from one premise at a time over the literals ("candidate is
//! on" / "is off") of the position, with the direct implications of every literal worked
//! out once per search; the shortest chain to each end is reported, shortest chains first.

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::{Candidate, Cells, Flow, GeneralEvidence, GeneralGrid, GeneralSink, GeneralStep, Link};
use crate::logic::Technique;

pub(super) fn find(g: &GeneralGrid, t: Technique, sink: &mut GeneralSink<'_>) -> Flow {
    let steps = match t {
        Technique::XChain => x_chains(g),
        Technique::XYChain => xy_chains(g),
        Technique::Aic => aics(g),
        _ => return ControlFlow::Continue(()),
    };
    for step in steps {
        sink(step)?;
    }
    ControlFlow::Continue(())
}

/// A literal: candidate `(cell, digit)` on or off, as `(cell * N + digit - 1) * 2 + on`.
type Lit = u32;

/// Which links a search may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Links {
    /// One digit, house links (strong) and sight (weak): X-Chains.
    Digit(u8),
    /// Bivalue cells only: strong inside a cell, weak between cells: XY-Chains.
    Bivalue,
    /// Every link: AICs.
    All,
}

const UNSEEN: u32 = u32::MAX;

struct Engine {
    n: usize,
    /// The direct implications of literal `l`: `adjacent[start[l]..start[l + 1]]`.
    adjacent: Vec<Lit>,
    start: Vec<u32>,
    /// For each literal reached by the last search, the literal it came from (the premise
    /// points at itself); `UNSEEN` otherwise.
    parent: Vec<u32>,
    dist: Vec<u32>,
    /// The literals reached by the last search, in the order reached.
    order: Vec<Lit>,
}

impl Engine {
    fn new(grid: &GeneralGrid, links: Links) -> Engine {
        let n = grid.size();
        let cells = n * n;
        let lits = cells * n * 2;
        let shape = grid.shape();
        let bivalue: Cells = grid
            .open()
            .iter()
            .filter(|&c| grid.candidates(c).count_ones() == 2)
            .collect();
        let mut adjacent = Vec::new();
        let mut start = Vec::with_capacity(lits + 1);
        let mut strong = Vec::new();
        for l in 0..lits as u32 {
            start.push(adjacent.len() as u32);
            let (cell, digit, on) = decode(l, n);
            if !grid.has(cell, digit) {
                continue;
            }
            let digit_ok = match links {
                Links::Digit(d) => d == digit,
                Links::Bivalue => bivalue.contains(cell),
                Links::All => true,
            };
            if !digit_ok {
                continue;
            }
            if on {
                // Weak links: the same digit where this cell sees, the cell's other digits.
                let mut seen = grid.cells_with(digit) & shape.peers(cell);
                if links == Links::Bivalue {
                    seen &= bivalue;
                }
                adjacent.extend(seen.iter().map(|p| encode(p, digit, false, n)));
                if links == Links::All {
                    for d in super::digits(grid.candidates(cell) & !(1 << (digit - 1))) {
                        adjacent.push(encode(cell, d, false, n));
                    }
                }
            } else {
                strong.clear();
                if links != Links::Bivalue {
                    for &h in grid.geometry().cell_houses(cell) {
                        let pair = grid.house_cells_with(usize::from(h), digit);
                        if pair.len() == 2 {
                            strong.extend(pair.iter().filter(|&p| p != cell));
                        }
                    }
                    strong.sort_unstable();
                    strong.dedup();
                    adjacent.extend(strong.iter().map(|&p| encode(p, digit, true, n)));
                }
                let cands = grid.candidates(cell);
                if !matches!(links, Links::Digit(_)) && cands.count_ones() == 2 {
                    let other = (cands & !(1 << (digit - 1))).trailing_zeros() as u8 + 1;
                    adjacent.push(encode(cell, other, true, n));
                }
            }
        }
        start.push(adjacent.len() as u32);
        Engine {
            n,
            adjacent,
            start,
            parent: vec![UNSEEN; lits],
            dist: vec![0; lits],
            order: Vec::new(),
        }
    }

    /// Whether a literal implies anything.
    fn leads(&self, l: Lit) -> bool {
        self.start[l as usize] < self.start[l as usize + 1]
    }

    /// Breadth-first search from `premise`: afterwards `order` holds every literal it implies
    /// (itself first), with `parent` and `dist` set for each.
    fn explore(&mut self, premise: Lit) {
        for &l in &self.order {
            self.parent[l as usize] = UNSEEN;
        }
        self.order.clear();
        self.parent[premise as usize] = premise;
        self.dist[premise as usize] = 0;
        self.order.push(premise);
        let mut next = 0;
        while next < self.order.len() {
            let l = self.order[next];
            next += 1;
            let (a, b) = (self.start[l as usize], self.start[l as usize + 1]);
            for i in a..b {
                let m = self.adjacent[i as usize];
                if self.parent[m as usize] == UNSEEN {
                    self.parent[m as usize] = l;
                    self.dist[m as usize] = self.dist[l as usize] + 1;
                    self.order.push(m);
                }
            }
        }
    }

    /// The chain from the premise to `end`, premise first.
    fn path(&self, end: Lit) -> Vec<Lit> {
        let mut path = vec![end];
        let mut l = end;
        while self.parent[l as usize] != l {
            l = self.parent[l as usize];
            path.push(l);
        }
        path.reverse();
        path
    }

    fn candidate(&self, l: Lit) -> Candidate {
        let (cell, digit, _) = decode(l, self.n);
        Candidate::new(cell, digit)
    }
}

fn encode(cell: usize, digit: u8, on: bool, n: usize) -> Lit {
    ((cell * n + usize::from(digit - 1)) * 2 + usize::from(on)) as Lit
}

fn decode(l: Lit, n: usize) -> (usize, u8, bool) {
    let l = l as usize;
    let cand = l / 2;
    (cand / n, (cand % n) as u8 + 1, l % 2 == 1)
}

/// The steps found, the shortest chain kept for each set of eliminations.
#[derive(Default)]
struct Found {
    steps: HashMap<Vec<Candidate>, (usize, GeneralStep)>,
}

impl Found {
    /// A chain ending at `end` whose `digit` leaves `victims` (when there are any).
    fn add_victims(&mut self, engine: &Engine, t: Technique, digit: u8, victims: Cells, end: Lit) {
        if !victims.is_empty() {
            let elims = victims.iter().map(|c| Candidate::new(c, digit)).collect();
            self.add(engine, t, elims, end);
        }
    }

    fn add(&mut self, engine: &Engine, technique: Technique, elims: Vec<Candidate>, end: Lit) {
        let mut elims = elims;
        elims.sort_unstable_by_key(|c| (c.digit, c.cell));
        elims.dedup();
        if let Some((len, _)) = self.steps.get(&elims)
            && *len <= engine.dist[end as usize] as usize
        {
            return;
        }
        let path = engine.path(end);
        let links: Vec<Link> = path
            .windows(2)
            .map(|w| Link {
                from: engine.candidate(w[0]),
                to: engine.candidate(w[1]),
                strong: w[1] % 2 == 1,
            })
            .collect();
        let mut cells: Vec<usize> = path.iter().map(|&l| engine.candidate(l).cell).collect();
        cells.sort_unstable();
        cells.dedup();
        let digits = path
            .iter()
            .fold(0u32, |m, &l| m | 1 << (engine.candidate(l).digit - 1));
        let step = GeneralStep::elimination(
            technique,
            elims.clone(),
            GeneralEvidence {
                cells,
                digits,
                chains: vec![links],
                ..GeneralEvidence::default()
            },
        );
        self.steps.insert(elims, (path.len() - 1, step));
    }

    /// The steps, shortest chains first (then by their eliminations, for a fixed order).
    fn into_steps(self) -> Vec<GeneralStep> {
        let mut steps: Vec<(usize, GeneralStep)> = self.steps.into_values().collect();
        steps.sort_by(|a, b| {
            a.0.cmp(&b.0)
                .then_with(|| a.1.eliminations.cmp(&b.1.eliminations))
        });
        steps.into_iter().map(|(_, s)| s).collect()
    }
}

/// X-Chains: on one digit, "s is off" implies "e is on" through three links or more; the
/// digit leaves every cell that sees both s and e.
fn x_chains(grid: &GeneralGrid) -> Vec<GeneralStep> {
    let mut found = Found::default();
    let n = grid.size();
    let shape = grid.shape();
    for digit in 1..=n as u8 {
        let places = grid.cells_with(digit);
        if places.len() < 4 {
            continue;
        }
        let mut engine = Engine::new(grid, Links::Digit(digit));
        for s in places.iter() {
            let premise = encode(s, digit, false, n);
            if !engine.leads(premise) {
                continue;
            }
            engine.explore(premise);
            for i in 0..engine.order.len() {
                let end = engine.order[i];
                let (e, _, on) = decode(end, n);
                if !on || e == s || engine.dist[end as usize] < 3 {
                    continue;
                }
                let victims = places & shape.peers(s) & shape.peers(e);
                found.add_victims(&engine, Technique::XChain, digit, victims, end);
            }
        }
    }
    found.into_steps()
}

/// XY-Chains: through bivalue cells, "d in s is off" implies "d in e is on"; d leaves every
/// cell that sees both s and e.
fn xy_chains(grid: &GeneralGrid) -> Vec<GeneralStep> {
    let mut found = Found::default();
    let n = grid.size();
    let shape = grid.shape();
    let mut engine = Engine::new(grid, Links::Bivalue);
    for s in grid.open().iter() {
        if grid.candidates(s).count_ones() != 2 {
            continue;
        }
        for digit in super::digits(grid.candidates(s)) {
            engine.explore(encode(s, digit, false, n));
            for i in 0..engine.order.len() {
                let end = engine.order[i];
                let (e, d, on) = decode(end, n);
                if !on || d != digit || e == s {
                    continue;
                }
                let victims = grid.cells_with(digit) & shape.peers(s) & shape.peers(e);
                found.add_victims(&engine, Technique::XYChain, digit, victims, end);
            }
        }
    }
    found.into_steps()
}

/// AICs: "d in s is off" implies "d' in e is on", over every link. Then d in s or d' in e is
/// true: with d = d', d leaves every cell seeing both; in one cell (e = s), the cell's other
/// digits go; otherwise, when s and e see each other, d leaves e and d' leaves s.
fn aics(grid: &GeneralGrid) -> Vec<GeneralStep> {
    let mut found = Found::default();
    let n = grid.size();
    let shape = grid.shape();
    let mut engine = Engine::new(grid, Links::All);
    for s in grid.open().iter() {
        for digit in super::digits(grid.candidates(s)) {
            let premise = encode(s, digit, false, n);
            if !engine.leads(premise) {
                continue;
            }
            engine.explore(premise);
            for i in 0..engine.order.len() {
                let end = engine.order[i];
                let (e, d, on) = decode(end, n);
                if !on || engine.dist[end as usize] < 3 {
                    continue;
                }
                let mut elims = Vec::new();
                if d == digit {
                    if e == s {
                        continue;
                    }
                    let victims = grid.cells_with(digit) & shape.peers(s) & shape.peers(e);
                    elims.extend(victims.iter().map(|c| Candidate::new(c, digit)));
                } else if e == s {
                    let others = grid.candidates(s) & !(1 << (digit - 1)) & !(1 << (d - 1));
                    elims.extend(super::digits(others).map(|x| Candidate::new(s, x)));
                } else if grid.geometry().sees(s, e) {
                    if grid.has(e, digit) {
                        elims.push(Candidate::new(e, digit));
                    }
                    if grid.has(s, d) {
                        elims.push(Candidate::new(s, d));
                    }
                }
                if !elims.is_empty() {
                    found.add(&engine, Technique::Aic, elims, end);
                }
            }
        }
    }
    found.into_steps()
}
