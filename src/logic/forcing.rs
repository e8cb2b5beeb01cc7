//! Forcing chains: the last logical resort.
//!
//! A *trial* assumes one candidate true (or false) and follows what it forces, the way a
//! person follows a chain on paper: a true candidate makes its cell's other candidates and its
//! digit's other places in its houses false; a false candidate makes a candidate true when it
//! leaves a cell with one candidate (naked single) or a digit with one place in a house (hidden
//! single). Each consequence records the one that forced it, so the chain from the assumption
//! to any consequence can be shown link by link. (Where a single needs several removals, the
//! chain shows the last one; the others come from the same assumption.)
//!
//! - Contradiction: the trial breaks the rules (a candidate forced both true and false, a cell
//!   left without candidates, a digit left without a place in a house); the assumption is
//!   false. One chain per branch of the contradiction: both chains to the candidate, or the
//!   chains removing every candidate of the cell or every place of the digit.
//! - Verity: every candidate of a cell, or every place of a digit in a house, forces the same
//!   placement or removal; one of them is true, so it holds. One chain per branch.
//!
//! Both are sound whatever the position, as long as it has a solution: every link is a rule of
//! the game. Steps are listed shortest first (fewest links over all chains).

use std::collections::HashMap;
use std::ops::ControlFlow;

use crate::geometry::{CellSet, digits};

use super::chains::{LITS, Lit, lit, lit_cell, lit_digit, lit_on, path_links};
use super::{Candidate, Evidence, Finder, Grid, Link, Sink, Step, Technique};
use crate::geometry::classic::{CELL_HOUSES, house};

/// Whether this file has a finder for `t`.
pub(super) fn implements(t: Technique) -> bool {
    matches!(
        t,
        Technique::ForcingChainContradiction | Technique::ForcingChainVerity
    )
}

pub(super) fn find(t: Technique, cx: Finder<'_, '_, Memo>) -> ControlFlow<()> {
    let Finder { grid, memo, sink } = cx;
    match t {
        Technique::ForcingChainContradiction => contradictions(grid, memo, sink),
        Technique::ForcingChainVerity => verities(grid, sink),
        _ => ControlFlow::Continue(()),
    }
}

const UNSEEN: u16 = u16::MAX;

/// How a trial broke the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Broken {
    /// This candidate was forced both true and false.
    Both(Lit),
    /// This cell lost every candidate.
    EmptyCell(usize),
    /// This digit lost every place in this house.
    NoPlace(usize, u8),
}

/// One assumption and everything it forces.
struct Trial {
    /// The position with the forced removals made (placements are kept as literals only).
    grid: Grid,
    /// For each literal forced: the literal that forced it (the premise points at itself).
    parent: Vec<u16>,
    /// Links from the premise.
    dist: Vec<u8>,
    /// The literals forced, in order, the premise first.
    order: Vec<Lit>,
    /// The next literal of `order` to follow.
    head: usize,
    /// Where the rules broke, if they did.
    broken: Option<Broken>,
}

impl Trial {
    fn new(grid: &Grid) -> Trial {
        Trial {
            grid: *grid,
            parent: vec![UNSEEN; LITS],
            dist: vec![0; LITS],
            order: Vec::with_capacity(256),
            head: 0,
            broken: None,
        }
    }

    /// Links from the premise to forced literal `l`.
    #[inline]
    fn dist(&self, l: Lit) -> usize {
        usize::from(self.dist[usize::from(l)])
    }

    /// Whether literal `l` was forced.
    #[inline]
    fn has(&self, l: Lit) -> bool {
        self.parent[usize::from(l)] != UNSEEN
    }

    /// Records `l` as forced by `from`; a candidate forced both ways breaks the trial.
    #[inline]
    fn force(&mut self, l: Lit, from: Lit) {
        if self.has(l) || self.broken.is_some() {
            return;
        }
        self.parent[usize::from(l)] = from;
        self.dist[usize::from(l)] = self.dist[usize::from(from)].saturating_add(1);
        self.order.push(l);
        if self.has(l ^ 1) {
            self.broken = Some(Broken::Both(l | 1));
        }
    }

    /// Assumes `premise` in `grid` and follows it until nothing more is forced or the rules
    /// break. `placed[h]` are the digits already placed in house `h`.
    fn run(&mut self, grid: &Grid, placed: &[u16; 27], premise: Lit) {
        for &l in &self.order {
            self.parent[usize::from(l)] = UNSEEN;
        }
        self.order.clear();
        self.head = 0;
        self.grid = *grid;
        self.broken = None;
        self.parent[usize::from(premise)] = premise;
        self.dist[usize::from(premise)] = 0;
        self.order.push(premise);
        self.propagate(placed);
    }

    /// Follows the literals forced but not yet followed.
    fn propagate(&mut self, placed: &[u16; 27]) {
        while self.head < self.order.len() && self.broken.is_none() {
            let l = self.order[self.head];
            self.head += 1;
            let cell = lit_cell(l);
            let digit = lit_digit(l);
            if lit_on(l) {
                for d in digits::iter(self.grid.candidates(cell) & !digits::bit(digit)) {
                    self.force(lit(cell, d, false), l);
                }
                let mut seen = CellSet::single(cell);
                for &h in &CELL_HOUSES[cell] {
                    let others = self.grid.house_cells_with(usize::from(h), digit) - seen;
                    seen |= others;
                    for other in others {
                        self.force(lit(other, digit, false), l);
                    }
                }
            } else {
                if !self.grid.eliminate(cell, digit) {
                    continue;
                }
                let left = self.grid.candidates(cell);
                if left == 0 {
                    self.broken = Some(Broken::EmptyCell(cell));
                    break;
                }
                if left.count_ones() == 1 {
                    self.force(lit(cell, digits::first(left), true), l);
                }
                for &h in &CELL_HOUSES[cell] {
                    let h = usize::from(h);
                    let places = self.grid.house_cells_with(h, digit);
                    match places.len() {
                        0 if placed[h] & digits::bit(digit) == 0 => {
                            self.broken = Some(Broken::NoPlace(h, digit));
                            break;
                        }
                        1 => {
                            let at = places.first().unwrap_or(cell);
                            self.force(lit(at, digit, true), l);
                        }
                        2 | 3 => {
                            // Locked candidates: the places left share a second house.
                            let shared = places.common_houses() & !(1 << h);
                            if shared != 0 {
                                let other = shared.trailing_zeros() as usize;
                                for c in self.grid.house_cells_with(other, digit) - places {
                                    self.force(lit(c, digit, false), l);
                                }
                            }
                        }
                        _ => {}
                    }
                }
                if left.count_ones() == 2 {
                    // Naked pair: another cell of a house with the same two candidates.
                    for &h in &CELL_HOUSES[cell] {
                        let cells = house(usize::from(h));
                        for twin in cells - CellSet::single(cell) {
                            if self.grid.candidates(twin) != left {
                                continue;
                            }
                            for d in digits::iter(left) {
                                let pair = CellSet::single(cell) | CellSet::single(twin);
                                for c in (cells & self.grid.cells_with(d)) - pair {
                                    self.force(lit(c, d, false), l);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The chain from the premise to forced literal `l`.
    fn path(&self, l: Lit) -> Vec<Lit> {
        let mut path = vec![l];
        let mut at = l;
        while self.parent[usize::from(at)] != at {
            at = self.parent[usize::from(at)];
            path.push(at);
        }
        path.reverse();
        path
    }

    /// The chains that show the contradiction, one per branch.
    fn contradiction_chains(&self, original: &Grid) -> Vec<Vec<Link>> {
        self.contradiction_ends(original)
            .into_iter()
            .map(|l| path_links(&self.path(l)))
            .collect()
    }

    /// The forced literals that make the contradiction: the candidate forced both ways, or
    /// the removals of every candidate of the cell (every place of the digit in the house)
    /// that `original`, where the trial started, had.
    fn contradiction_ends(&self, original: &Grid) -> Vec<Lit> {
        let ends: Vec<Lit> = match self.broken {
            Some(Broken::Both(on)) => vec![on, on ^ 1],
            Some(Broken::EmptyCell(cell)) => digits::iter(original.candidates(cell))
                .map(|d| lit(cell, d, false))
                .collect(),
            Some(Broken::NoPlace(h, digit)) => original
                .house_cells_with(h, digit)
                .iter()
                .map(|c| lit(c, digit, false))
                .collect(),
            None => Vec::new(),
        };
        ends.into_iter().filter(|&l| self.has(l)).collect()
    }
}

/// The digits placed in each house.
fn placed_digits(grid: &Grid) -> [u16; 27] {
    let mut placed = [0u16; 27];
    for (h, p) in placed.iter_mut().enumerate() {
        for cell in house(h) & grid.filled() {
            *p |= digits::bit(grid.value(cell));
        }
    }
    placed
}

/// Every candidate of the grid as (cell, digit), cell by cell.
fn all_candidates(grid: &Grid) -> Vec<(usize, u8)> {
    grid.empty_cells()
        .iter()
        .flat_map(|c| digits::iter(grid.candidates(c)).map(move |d| (c, d)))
        .collect()
}

fn links_len(chains: &[Vec<Link>]) -> usize {
    chains.iter().map(Vec::len).sum()
}

// ---------------------------------------------------------------------------------------------
// Contradictions.

/// The plain contradictions of the last search not yet handed out, shortest first, with the
/// grid they were last handed out from; kept by the caller (see [`super::Memo`]). A solve
/// asks again after every step, on a grid with fewer candidates, where a trial that broke the
/// rules still does (it can only force more): these are tried first, each checked again,
/// before a new search.
#[derive(Default)]
pub(super) struct Memo(Option<(Grid, Vec<Lit>)>);

/// Whether every candidate (or value) of `grid` is one of `base`: `grid` can come from `base`
/// by steps.
fn is_within(grid: &Grid, base: &Grid) -> bool {
    let mask = |g: &Grid, c: usize| match g.value(c) {
        0 => g.candidates(c),
        v => digits::bit(v),
    };
    (0..81).all(|c| mask(grid, c) & !mask(base, c) == 0)
}

/// The step of a premise whose trial (just run) broke the rules.
fn contradiction_step(trial: &Trial, grid: &Grid, premise: Lit) -> Step {
    let (cell, digit) = (lit_cell(premise), lit_digit(premise));
    let evidence = Evidence {
        cells: CellSet::single(cell),
        digits: digits::bit(digit),
        chains: trial.contradiction_chains(grid),
        ..Evidence::default()
    };
    if lit_on(premise) {
        Step::elimination(
            Technique::ForcingChainContradiction,
            vec![Candidate::new(cell, digit)],
            evidence,
        )
    } else {
        Step::placement(Technique::ForcingChainContradiction, cell, digit, evidence)
    }
}

/// Every candidate whose assumption (true, or false) breaks the rules: it is false (or true).
/// When there is none and no verity either, the nested search.
fn contradictions(grid: &Grid, memo: &mut Memo, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let placed = placed_digits(grid);
    let mut trial = Trial::new(grid);
    let mut emitted: Vec<Lit> = Vec::new();
    // First the contradictions left over from the last search, if this grid comes from that
    // one: each is checked again here.
    let cached = memo.0.take().filter(|(base, _)| is_within(grid, base));
    if let Some((_, list)) = cached {
        for (i, &premise) in list.iter().enumerate() {
            if !grid.has(lit_cell(premise), lit_digit(premise)) {
                continue;
            }
            trial.run(grid, &placed, premise);
            if trial.broken.is_none() {
                continue;
            }
            emitted.push(premise);
            if sink(contradiction_step(&trial, grid, premise)).is_break() {
                memo.0 = Some((*grid, list[i + 1..].to_vec()));
                return ControlFlow::Break(());
            }
        }
    }
    // The premises that break the rules, with the links their chains will have; the steps are
    // built in order of length, as the sink takes them.
    let mut broken: Vec<(usize, Lit)> = Vec::new();
    for (cell, digit) in all_candidates(grid) {
        // A candidate of a bivalue cell, or with one other place in a house, is false exactly
        // when its partner is true: that trial is run from the partner.
        let paired = grid.candidates(cell).count_ones() == 2
            || CELL_HOUSES[cell]
                .iter()
                .any(|&h| grid.house_cells_with(usize::from(h), digit).len() == 2);
        for on in [true, false] {
            if !on && paired {
                continue;
            }
            let premise = lit(cell, digit, on);
            if emitted.contains(&premise) {
                continue;
            }
            trial.run(grid, &placed, premise);
            if trial.broken.is_some() {
                let len = trial
                    .contradiction_ends(grid)
                    .iter()
                    .map(|&l| trial.dist(l))
                    .sum();
                broken.push((len, premise));
            }
        }
    }
    broken.sort_by_key(|&(len, _)| len);
    for (i, &(_, premise)) in broken.iter().enumerate() {
        trial.run(grid, &placed, premise);
        emitted.push(premise);
        if sink(contradiction_step(&trial, grid, premise)).is_break() {
            let rest = broken[i + 1..].iter().map(|&(_, l)| l).collect();
            memo.0 = Some((*grid, rest));
            return ControlFlow::Break(());
        }
    }
    if !emitted.is_empty() {
        return ControlFlow::Continue(());
    }
    // Nothing plain: if a plain verity applies, it comes first; else nest.
    let outcomes = outcomes(grid, &placed);
    if sources(grid)
        .iter()
        .any(|(_, b)| common_outcome(&outcomes, b).is_some())
    {
        return ControlFlow::Continue(());
    }
    nested_contradictions(grid, &placed, sink)
}

/// Nested contradictions, when no plain forcing chain applies: assume a candidate true, and
/// inside that assumption remove every candidate whose own trial breaks the rules (each such
/// removal is a plain contradiction chain, nested); if the assumption then breaks the rules, it
/// is false. The chains: the outer contradiction's, then the nested chains behind the removals
/// they go through.
fn nested_contradictions(grid: &Grid, placed: &[u16; 27], sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut outer = Trial::new(grid);
    let mut inner = Trial::new(grid);
    for (cell, digit) in all_candidates(grid) {
        let premise = lit(cell, digit, true);
        outer.run(grid, placed, premise);
        // The nested removals made so far, with the chains that show them.
        let mut nested: HashMap<Lit, Vec<Vec<Link>>> = HashMap::new();
        while outer.broken.is_none() {
            let mut progress = false;
            for (q_cell, q_digit) in all_candidates(&outer.grid) {
                if outer.grid.candidates(q_cell).count_ones() < 2 {
                    continue;
                }
                let q = lit(q_cell, q_digit, true);
                if outer.has(q) || outer.has(q ^ 1) {
                    continue;
                }
                inner.run(&outer.grid, placed, q);
                if inner.broken.is_none() {
                    continue;
                }
                nested.insert(q ^ 1, inner.contradiction_chains(&outer.grid));
                outer.force(q ^ 1, premise);
                outer.propagate(placed);
                progress = true;
                if outer.broken.is_some() {
                    break;
                }
            }
            if !progress {
                break;
            }
        }
        if outer.broken.is_none() {
            continue;
        }
        let mut chains = Vec::new();
        let mut shown = Vec::new();
        for end in outer.contradiction_ends(grid) {
            let path = outer.path(end);
            chains.push(path_links(&path));
            for l in &path {
                if let Some(inner_chains) = nested.get(l)
                    && !shown.contains(l)
                {
                    shown.push(*l);
                    chains.extend(inner_chains.iter().cloned());
                }
            }
        }
        let evidence = Evidence {
            cells: CellSet::single(cell),
            digits: digits::bit(digit),
            chains,
            ..Evidence::default()
        };
        sink(Step::elimination(
            Technique::ForcingChainContradiction,
            vec![Candidate::new(cell, digit)],
            evidence,
        ))?;
    }
    ControlFlow::Continue(())
}

// ---------------------------------------------------------------------------------------------
// Verities.

/// What one assumption forces, as sets: per digit the cells forced true and forced false.
#[derive(Clone, Copy)]
struct Outcome {
    on: [CellSet; 9],
    off: [CellSet; 9],
}

impl Outcome {
    const ALL: Outcome = Outcome {
        on: [CellSet::ALL; 9],
        off: [CellSet::ALL; 9],
    };

    fn of(trial: &Trial) -> Outcome {
        let mut out = Outcome {
            on: [CellSet::EMPTY; 9],
            off: [CellSet::EMPTY; 9],
        };
        for &l in &trial.order {
            let d = usize::from(lit_digit(l) - 1);
            if lit_on(l) {
                out.on[d].insert(lit_cell(l));
            } else {
                out.off[d].insert(lit_cell(l));
            }
        }
        out
    }

    fn and(&mut self, other: &Outcome) {
        for d in 0..9 {
            self.on[d] &= other.on[d];
            self.off[d] &= other.off[d];
        }
    }

    fn is_empty(&self) -> bool {
        self.on.iter().chain(&self.off).all(|s| s.is_empty())
    }
}

/// What each candidate forces when true, by candidate index `9 * cell + d - 1`; None when it
/// breaks the rules (a contradiction, the other technique's business) or is not there.
fn outcomes(grid: &Grid, placed: &[u16; 27]) -> Vec<Option<Outcome>> {
    let mut trial = Trial::new(grid);
    let mut outcomes: Vec<Option<Outcome>> = vec![None; 81 * 9];
    for (cell, digit) in all_candidates(grid) {
        trial.run(grid, placed, lit(cell, digit, true));
        if trial.broken.is_none() {
            outcomes[cell * 9 + usize::from(digit - 1)] = Some(Outcome::of(&trial));
        }
    }
    outcomes
}

/// The sources of verities: each cell's candidates, each house's places of a digit (with the
/// house), as "on" literals; at least two branches each.
fn sources(grid: &Grid) -> Vec<(Option<u8>, Vec<Lit>)> {
    let mut sources: Vec<(Option<u8>, Vec<Lit>)> = Vec::new();
    for cell in grid.empty_cells() {
        if grid.candidates(cell).count_ones() >= 2 {
            let branches = digits::iter(grid.candidates(cell))
                .map(|d| lit(cell, d, true))
                .collect();
            sources.push((None, branches));
        }
    }
    for h in 0..27 {
        for digit in 1..=9 {
            let places = grid.house_cells_with(h, digit);
            if places.len() >= 2 {
                sources.push((
                    Some(h as u8),
                    places.iter().map(|c| lit(c, digit, true)).collect(),
                ));
            }
        }
    }
    sources
}

/// What every branch forces, if that is something and no branch breaks the rules.
fn common_outcome(outcomes: &[Option<Outcome>], branches: &[Lit]) -> Option<Outcome> {
    let mut common = Outcome::ALL;
    for &b in branches {
        common.and(outcomes[usize::from(b) / 2].as_ref()?);
    }
    (!common.is_empty()).then_some(common)
}

/// Every placement or removal forced by all candidates of a cell, or by all places of a digit
/// in a house.
fn verities(grid: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let placed = placed_digits(grid);
    let outcomes = outcomes(grid, &placed);
    let mut best: HashMap<Lit, (usize, Step)> = HashMap::new();
    let mut branch_trials: Vec<Trial> = Vec::new();
    for (house_of, branches) in sources(grid) {
        let Some(common) = common_outcome(&outcomes, &branches) else {
            continue;
        };
        // Follow each branch again to show its chains.
        while branch_trials.len() < branches.len() {
            branch_trials.push(Trial::new(grid));
        }
        for (t, &b) in branch_trials.iter_mut().zip(&branches) {
            t.run(grid, &placed, b);
        }
        let trials = &branch_trials[..branches.len()];
        let premise_cells: CellSet = branches.iter().map(|&b| lit_cell(b)).collect();
        for d in 1..=9u8 {
            for on in [true, false] {
                let set = if on {
                    common.on[usize::from(d - 1)]
                } else {
                    common.off[usize::from(d - 1)]
                };
                for cell in set {
                    let end = lit(cell, d, on);
                    let chains: Vec<Vec<Link>> =
                        trials.iter().map(|t| path_links(&t.path(end))).collect();
                    let len = links_len(&chains);
                    if best.get(&end).is_some_and(|(l, _)| *l <= len) {
                        continue;
                    }
                    let evidence = Evidence {
                        houses: house_of.into_iter().collect(),
                        cells: premise_cells,
                        digits: branches
                            .iter()
                            .fold(0, |m, &b| m | digits::bit(lit_digit(b))),
                        chains,
                        ..Evidence::default()
                    };
                    let step = if on {
                        Step::placement(Technique::ForcingChainVerity, cell, d, evidence)
                    } else {
                        Step::elimination(
                            Technique::ForcingChainVerity,
                            vec![Candidate::new(cell, d)],
                            evidence,
                        )
                    };
                    best.insert(end, (len, step));
                }
            }
        }
    }
    let mut steps: Vec<(usize, Step)> = best.into_values().collect();
    // Placements first among equals, then the grid order, so the order does not depend on the
    // map's.
    steps.sort_by_key(|(len, s)| {
        let c = s.placements.first().or(s.eliminations.first()).copied();
        (*len, !s.places(), c)
    });
    for (_, step) in steps {
        sink(step)?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::logic::{Ladder, SolveEnd, solve};
    use crate::solver;

    /// The puzzles of the project's `hard.txt`: (puzzle, solution).
    fn hard_puzzles() -> Vec<(Board, [u8; 81])> {
        include_str!("../../puzzles/hard.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| l.trim().parse::<Board>().ok())
            .filter(|b| solver::count_solutions(b, 2) == 1)
            .map(|b| {
                let solution = *solver::solve_first(&b).expect("one solution").cells();
                (b, solution)
            })
            .collect()
    }

    /// Checks a step against the solution: placements right, removals wrong digits, and the
    /// chains start from the step's premises.
    fn check(step: &Step, before: &Grid, solution: &[u8; 81]) {
        assert!(step.places() || !step.eliminations.is_empty(), "{step}");
        for p in &step.placements {
            assert_eq!(solution[p.cell()], p.digit, "{step}\n{before}");
        }
        for e in &step.eliminations {
            assert!(before.has(e.cell(), e.digit), "{step}");
            assert_ne!(solution[e.cell()], e.digit, "{step}\n{before}");
        }
        assert!(!step.evidence.chains.is_empty(), "{step}");
    }

    #[test]
    fn forcing_chains_finish_every_hard_puzzle_soundly() {
        // Only singles and forcing chains: the forcing chains must do all the hard work.
        let ladder = Ladder::of(&[
            Technique::FullHouse,
            Technique::HiddenSingle,
            Technique::NakedSingle,
            Technique::ForcingChainContradiction,
            Technique::ForcingChainVerity,
        ]);
        let puzzles = hard_puzzles();
        assert!(!puzzles.is_empty());
        let mut forcing_steps = 0;
        for (board, solution) in &puzzles {
            let mut grid = Grid::new(board);
            let end = solve(&mut grid, &ladder, None, |before, step| {
                if !step.technique.is_single() {
                    forcing_steps += 1;
                    check(step, before, solution);
                }
                ControlFlow::Continue(())
            });
            assert_eq!(end, SolveEnd::Solved, "{}", board.to_line());
            assert_eq!(grid.board().cells(), solution);
        }
        assert!(forcing_steps >= puzzles.len(), "hard puzzles need forcing");
    }

    #[test]
    fn every_step_listed_is_sound_and_verities_need_every_branch() {
        for (board, solution) in hard_puzzles().iter().take(6) {
            let grid = Grid::new(board);
            for t in [
                Technique::ForcingChainContradiction,
                Technique::ForcingChainVerity,
            ] {
                for step in t.all(&grid) {
                    check(&step, &grid, solution);
                    if t == Technique::ForcingChainVerity {
                        // One chain per branch: all candidates of the cell or all places of
                        // the digit in the house.
                        let n = step.evidence.chains.len();
                        if let Some(&h) = step.evidence.houses.first() {
                            let d = digits::first(step.evidence.digits);
                            assert_eq!(n, grid.house_cells_with(h.into(), d).len(), "{step}");
                        } else {
                            let cell = step.evidence.cells.first().unwrap();
                            assert_eq!(n, grid.candidates(cell).count_ones() as usize);
                        }
                        // Every chain starts at a premise and ends at the conclusion.
                        let end = step
                            .placements
                            .first()
                            .or(step.eliminations.first())
                            .unwrap();
                        for chain in &step.evidence.chains {
                            let last = chain.last().unwrap().to;
                            assert_eq!(
                                (last.cells.first().unwrap(), last.digit),
                                (end.cell(), end.digit)
                            );
                            assert!(
                                step.evidence
                                    .cells
                                    .contains(chain[0].from.cells.first().unwrap())
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn nested_contradictions_crack_ai_escargot() {
        // Arto Inkala's "AI Escargot" (2006), with only singles and forcing chains.
        let board: Board =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
                .parse()
                .unwrap();
        let solution = *solver::solve_first(&board).unwrap().cells();
        let ladder = Ladder::of(&[
            Technique::FullHouse,
            Technique::HiddenSingle,
            Technique::NakedSingle,
            Technique::ForcingChainContradiction,
            Technique::ForcingChainVerity,
        ]);
        let mut grid = Grid::new(&board);
        let end = solve(&mut grid, &ladder, None, |before, step| {
            if !step.technique.is_single() {
                check(step, before, &solution);
            }
            ControlFlow::Continue(())
        });
        assert_eq!(end, SolveEnd::Solved);
        assert_eq!(grid.board().cells(), &solution);
    }

    #[test]
    fn leftover_contradictions_change_the_order_not_the_list() {
        let (board, solution) = &hard_puzzles()[0];
        let grid = Grid::new(board);
        let key = |s: &Step| (s.placements.clone(), s.eliminations.clone());
        let mut all: Vec<_> = Technique::ForcingChainContradiction
            .all(&grid)
            .iter()
            .map(key)
            .collect();
        all.sort();
        assert!(all.len() >= 2);
        // Take the first, apply it, and ask again: the leftovers come first, and are sound.
        let first = Technique::ForcingChainContradiction.first(&grid).unwrap();
        let mut next = grid;
        next.apply(&first);
        for step in Technique::ForcingChainContradiction.all(&next) {
            check(&step, &next, solution);
        }
        // Asked again from the start, the list is the same.
        let mut again: Vec<_> = Technique::ForcingChainContradiction
            .all(&grid)
            .iter()
            .map(key)
            .collect();
        again.sort();
        assert_eq!(all, again);
    }

    #[test]
    fn a_wrong_guess_breaks_the_rules() {
        // Assuming the wrong digit in a cell of a hard puzzle and following singles must break
        // the rules for at least one cell of each puzzle; the right digit never does.
        for (board, solution) in hard_puzzles().iter().take(5) {
            let grid = Grid::new(board);
            let placed = placed_digits(&grid);
            let mut trial = Trial::new(&grid);
            let mut broke = 0;
            for (cell, digit) in all_candidates(&grid) {
                trial.run(&grid, &placed, lit(cell, digit, true));
                if digit == solution[cell] {
                    assert_eq!(trial.broken, None, "the solution breaks nothing");
                } else if trial.broken.is_some() {
                    broke += 1;
                    assert!(!trial.contradiction_chains(&grid).is_empty());
                }
            }
            assert!(broke > 0);
        }
    }

    /// Times the whole default ladder on `forum_hardest_1106.txt` (or `$TIME_PUZZLES`), one
    /// puzzle at a time, checking each solution against the solver's:
    /// `cargo test --release --lib forcing::tests::time_forum_hardest -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn time_forum_hardest() {
        let default = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/puzzles/forum_hardest_1106.txt"
        );
        // TIME_PUZZLES=FILE times another collection.
        let path = std::env::var("TIME_PUZZLES").unwrap_or_else(|_| default.to_string());
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("skipped: {path} not found");
            return;
        };
        let ladder = Ladder::default();
        let mut times = Vec::new();
        let mut stuck = 0;
        let mut worst = String::new();
        let mut spent = std::collections::HashMap::new();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let Ok(board) = line.trim().parse::<Board>() else {
                continue;
            };
            let started = std::time::Instant::now();
            let mut grid = Grid::new(&board);
            // The ladder's solve, spelled out to time each technique.
            while !grid.is_solved() {
                let mut step = None;
                for &t in ladder.techniques() {
                    let t0 = std::time::Instant::now();
                    step = t.first(&grid);
                    let e = spent.entry(t).or_insert((0.0, 0));
                    e.0 += t0.elapsed().as_secs_f64();
                    e.1 += 1;
                    if step.is_some() {
                        break;
                    }
                }
                match step {
                    Some(step) => grid.apply(&step),
                    None => break,
                }
            }
            let t = started.elapsed().as_secs_f64();
            if grid.is_solved() {
                let solution = solver::solve_first(&board).expect("a solution");
                assert_eq!(grid.board().cells(), solution.cells(), "{line}");
            } else {
                stuck += 1;
            }
            if times.iter().all(|&x| x < t) {
                worst = line.to_string();
            }
            times.push(t);
        }
        let total: f64 = times.iter().sum();
        times.sort_by(f64::total_cmp);
        let n = times.len();
        println!(
            "{n} puzzles, {stuck} stuck; per puzzle: mean {:.3} ms, median {:.3} ms, \
             max {:.1} ms ({worst})",
            total / n as f64 * 1e3,
            times[n / 2] * 1e3,
            times[n - 1] * 1e3
        );
        let mut spent: Vec<_> = spent.into_iter().collect();
        spent.sort_by(|a, b| b.1.0.total_cmp(&a.1.0));
        for (t, (secs, calls)) in spent.iter().take(8) {
            println!("  {:<30} {:8.1} ms in {calls} calls", t.name(), secs * 1e3);
        }
    }
}
