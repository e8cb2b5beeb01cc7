//! Unit tests of SE's rules: each finder of [`basic`], [`unique`] and [`chaining`].
//!
//! Every finder runs on every position of SE's path through puzzles picked so that the
//! finders have work to do (one puzzle per hardest technique, from Sudoku Explainer's
//! ratings). Each hint it gives is checked against the puzzle's solution, found by the
//! solver, not by the rating: an elimination removes only candidates the position has and
//! never the solution's digit, a placement is the solution's digit. Each rule must fire
//! under its SE name somewhere. Positions built by hand then check that a rule fires with the
//! exact eliminations it should, and not where its pattern removes nothing.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::LazyLock;

use super::basic::{self, Pattern};
use super::grid::{Grid, INTER, Pos, n, region};
use super::{Hint, chaining, next_hint, unique};
use crate::board::Board;
use crate::geometry::digits;

/// One puzzle per hardest technique of its SE rating (as the comment says), easiest first.
const PUZZLES: [&str; 30] = [
    ".678..3..5.4.3....28...76..4..97....9..4.2..3....53..4..87...31....8.4.5..5..482.", // Hidden Single (box)  (1.2)
    ".23.95...5.8.73.9..7....5.8....51...8.2...1.3...23....4.5....7..8.32.6.5...56.48.", // Hidden Single (1.5)
    "...8....7...3..269......1..3...5.4.6..4..7....8.....2.5........8.2.69..149...1..5", // Direct Pointing (1.7)
    "..71......5..93...324.87...46....1...39...54...5....68...74.235...53..9......27..", // Direct Hidden Pair (2.0)
    ".3..17..6....5.2...5.296...4......9.3.5...8.7.2......4...985.1...9.6....8..42..6.", // Naked Single (2.3)
    ".......93.389..21...95..6......7.8..5.......1..1.2......6..24...75..438.84.......", // Direct Hidden Triplet (2.5)
    ".6...45......13...7.456.3...1..9.4.6...4.8...4.7.2..3...6.479.1...15......12...8.", // Pointing (2.6)
    "6.....17..3....6......6...4..2.5..8.7..8..4.13.5..67....3..9.4.5..314......52....", // Claiming (2.8)
    ".8.6....74......9.73.4.96...1..4..7.....2.....9..6..1...51.7.62.2......88....6.4.", // Naked Pair (3.0)
    "7....3.......5.7.3..8.2...9..........1456.....89..43.1.2..9.....436...8....8..5..", // X-Wing (3.2)
    ".95.2....6..7..........5...7..3..69..5.6....1.4.....325.2....7..3...7..9.6.....1.", // Hidden Pair (3.4)
    "......84..2.45.3....67....2..18.74..6.....1..3..6.1............5.....97.2.43.9..1", // Naked Triplet (3.6)
    ".2...8......2..64.76...1..9.9.4....3....8....4....7.9.9..1...26.36..5......8...1.", // Hidden Triplet (4.0)
    ".23.5..7...5.81..36.8......4....5...5.6...7.9...8....5......9.83..14.2...7..3.16.", // XY-Wing (4.2)
    "6..13..............82..4.....54.87...1..5.9....8..152..71....4..2.6......6.8.3..1", // XYZ-Wing (4.4)
    "6..5....3....6......2.3.4.8......35...39....2.......1689..5.6..4.1..38....5..8..7", // Unique Rectangle (4.5)
    "...568.4.49......5..74...3.9...3..7...4...3...8..7...6.3...75..8......67.5.196...", // Jellyfish (5.2)
    ".9634....24..1.....8.5..9...7.....64..8.5.3..43.....1...1..5.9.....3..87....9715.", // BUG type 1 (5.6)
    "3....94.....6.2.5..85..4..........86.5.7.1.4.24..........5..86..1.3.8.....72....1", // BUG type 2 (5.7)
    "...49..8...3..16..4.7.....3..89.....7..612..8.....41..6.....8.5..28..7...1..76...", // Forcing X-Chain (6.6)
    "2.87..5.....5...4..5..8...73...98.1.6.......4.4.26...34...7..6..1...2.....2..38.1", // Bidirectional Y-Cycle (6.8)
    ".......14.8...1.........6....1..3..6.....9.43.2...57..51..8..6.8..9..2.17.95.....", // Forcing Chain (7.1)
    "634.9..7.7..13.........8..3..5....91.6.....8.21....5..3..5.........29..4.2..6.735", // Bidirectional Cycle (7.1)
    ".16....2...53.7......21..7.....8..9.1.......4.5..9.....9..25......9.63...2....94.", // Aligned Triplet Exclusion (7.5)
    "7.......2..9..2.38....7...........6..1..3..9.2...54...846.9..1..3.5.........6....", // Nishio Forcing Chains (7.6)
    ".728.3.5..9...6.......1.........97.6...2..3...19.3....6..3...7.7.1...2....5...8..", // Region Forcing Chains (8.3)
    "....85.9.1..7.......2...3...4.9.72...6.....3.....1.....98....5.4..6....2.2...4...", // Cell Forcing Chains (8.4)
    "5.8.....7...9.1...4............5...4.6.....3..9....6...2.3...1.7...8..........2..", // Dynamic Contradiction Forcing Chains (8.8)
    ".5..9......12.......6..73.8....2...4...98...53.....91.7.....6...4.8..1..1.8.7....", // Dynamic Cell Forcing Chains (9.0)
    "3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6..", // Dynamic Region Forcing Chains (9.0)
];

/// A position of SE's path, with the hint SE takes there.
struct Step {
    g: Grid,
    pos: Pos,
    taken: &'static str,
}

/// A puzzle's solution and the positions of SE's path through it.
struct Path {
    solution: [u8; 81],
    steps: Vec<Step>,
}

/// The paths of [`PUZZLES`], made once for all the tests.
static PATHS: LazyLock<Vec<Path>> = LazyLock::new(|| PUZZLES.iter().map(|p| path(p)).collect());

fn path(line: &str) -> Path {
    let board: Board = line.parse().expect("a puzzle");
    let solution = *crate::solver::solve_first(&board)
        .expect("the test puzzles have a solution")
        .cells();
    let mut g = Grid::new(board.cells());
    let mut pos = g.all_pos();
    let mut steps = Vec::new();
    while !g.solved() {
        let hint = next_hint(&g, &pos, &|| false).expect("SE's rules solve the test puzzles");
        check(&hint, &g, &solution);
        let next = hint.clone();
        steps.push(Step {
            g: g.clone(),
            pos,
            taken: hint.name,
        });
        next.apply(&mut g, &mut pos);
    }
    assert_eq!(g.v, solution, "the path ends at the solution");
    Path { solution, steps }
}

/// The memo of earlier steps changes no hint: along every path, the hint found with the
/// memo kept from step to step is the one found afresh.
#[test]
fn memo_keeps_the_hints() {
    let mut compared = 0;
    for path in PATHS.iter() {
        let mut memo = super::Memo::default();
        for step in &path.steps {
            let fresh = next_hint(&step.g, &step.pos, &|| false).expect("a hint");
            let kept =
                super::next_hint_memo(&step.g, &step.pos, &|| false, &mut memo).expect("a hint");
            assert_eq!(
                (kept.name, kept.diff, kept.place, &kept.elim),
                (fresh.name, fresh.diff, fresh.place, &fresh.elim)
            );
            compared += 1;
        }
    }
    assert!(compared > 500, "{compared}");
}

/// Panics unless `hint` is sound on `g` for `solution`.
fn check(hint: &Hint, g: &Grid, solution: &[u8; 81]) {
    let name = hint.name;
    assert!(
        hint.place.is_some() || !hint.elim.is_empty(),
        "{name} does nothing"
    );
    for &(c, m) in &hint.elim {
        let c = c as usize;
        assert!(
            m != 0 && m & !g.c[c] == 0,
            "{name} removes absent candidates"
        );
        assert_eq!(
            m & digits::bit(solution[c]),
            0,
            "{name} removes the solution's {} from cell {c}",
            solution[c]
        );
    }
    if let Some((c, d)) = hint.place {
        assert!(g.has(c as usize, d), "{name} places a digit the cell lacks");
        assert_eq!(d, solution[c as usize], "{name} places a wrong digit");
    }
}

/// Runs `finder` on every position of every path (or only those where SE took a hint whose
/// name passes `at`), checks each hint, and counts the hints by name.
fn fire(
    at: impl Fn(&str) -> bool,
    finder: impl Fn(&Grid, &Pos) -> Option<Hint>,
) -> BTreeMap<&'static str, usize> {
    let mut seen = BTreeMap::new();
    for p in PATHS.iter() {
        for s in p.steps.iter().filter(|s| at(s.taken)) {
            if let Some(h) = finder(&s.g, &s.pos) {
                check(&h, &s.g, &p.solution);
                *seen.entry(h.name).or_insert(0) += 1;
            }
        }
    }
    seen
}

/// Panics unless every name in `names` was seen.
fn expect(seen: &BTreeMap<&'static str, usize>, names: &[&str]) {
    for name in names {
        assert!(seen.contains_key(name), "{name} never fired: {seen:?}");
    }
}

fn everywhere(_: &str) -> bool {
    true
}

#[test]
fn singles() {
    let seen = fire(everywhere, basic::hidden_single);
    expect(
        &seen,
        &["Full House", "Hidden Single (box)", "Hidden Single"],
    );
    let seen = fire(everywhere, |g, _| basic::naked_single(g));
    expect(&seen, &["Naked Single"]);
}

#[test]
fn direct_rules() {
    let seen = fire(everywhere, |_, pos| basic::locking(pos, true));
    expect(&seen, &["Direct Pointing", "Direct Claiming"]);
    let seen = fire(everywhere, |g, pos| basic::hidden_set(g, pos, 2, true));
    expect(&seen, &["Direct Hidden Pair"]);
    let seen = fire(everywhere, |g, pos| basic::hidden_set(g, pos, 3, true));
    expect(&seen, &["Direct Hidden Triplet"]);
}

#[test]
fn intersections() {
    let seen = fire(everywhere, |_, pos| basic::locking(pos, false));
    expect(&seen, &["Pointing", "Claiming"]);
}

#[test]
fn naked_and_hidden_sets() {
    for (deg, naked, hidden) in [
        (2, "Naked Pair", "Hidden Pair"),
        (3, "Naked Triplet", "Hidden Triplet"),
        (4, "Naked Quad", "Hidden Quad"),
    ] {
        expect(&fire(everywhere, |g, _| basic::naked_set(g, deg)), &[naked]);
        let seen = fire(everywhere, |g, pos| basic::hidden_set(g, pos, deg, false));
        // No test puzzle has a hidden quad SE would see: the position built by hand below
        // checks that rule.
        if deg < 4 {
            expect(&seen, &[hidden]);
        }
    }
}

#[test]
fn fish() {
    for (deg, name) in [(2, "X-Wing"), (3, "Swordfish"), (4, "Jellyfish")] {
        expect(
            &fire(everywhere, |g, pos| basic::fish(g, pos, deg)),
            &[name],
        );
    }
}

#[test]
fn wings() {
    expect(
        &fire(everywhere, |g, _| basic::xy_wing(g, false)),
        &["XY-Wing"],
    );
    expect(
        &fire(everywhere, |g, _| basic::xy_wing(g, true)),
        &["XYZ-Wing"],
    );
}

#[test]
fn uniqueness_rules() {
    let seen = fire(everywhere, |g, _| unique::unique_loops(g));
    expect(&seen, &["Unique Rectangle"]);
    let seen = fire(everywhere, |g, _| unique::bug(g));
    expect(&seen, &["BUG type 1", "BUG type 2"]);
}

/// The unique loops kept from step to step change no hint: along every path, the hint
/// found with the memo is the one found afresh (and the memo is used: some steps find
/// loops, some kept).
#[test]
fn loop_memo_keeps_the_hints() {
    let (mut compared, mut found) = (0, 0);
    for path in PATHS.iter() {
        let mut memo = unique::LoopMemo::default();
        for step in &path.steps {
            let fresh = unique::unique_loops(&step.g);
            let kept = unique::unique_loops_memo(&step.g, &mut memo);
            assert_eq!(
                kept.as_ref().map(|h| (h.name, h.diff, &h.elim)),
                fresh.as_ref().map(|h| (h.name, h.diff, &h.elim))
            );
            compared += 1;
            found += usize::from(fresh.is_some());
        }
    }
    assert!(compared > 500 && found > 0, "{compared} {found}");
}

#[test]
fn aligned_exclusion() {
    let seen = fire(everywhere, |g, _| unique::aligned_exclusion(g, 2));
    expect(&seen, &["Aligned Pair Exclusion"]);
    let seen = fire(everywhere, |g, _| unique::aligned_exclusion(g, 3));
    expect(&seen, &["Aligned Triplet Exclusion"]);
}

#[test]
fn chains() {
    // Only where SE needed a chain: elsewhere the search is long and finds easy chains.
    let at = |name: &str| name.contains("Chain") || name.contains("Cycle");
    let seen = fire(at, |g, _| {
        chaining::chains(g, &|| false, &mut super::Memo::default())
    });
    expect(
        &seen,
        &[
            "Forcing X-Chain",
            "Bidirectional Y-Cycle",
            "Forcing Chain",
            "Bidirectional Cycle",
            "Nishio Forcing Chains",
            "Region Forcing Chains",
            "Cell Forcing Chains",
            "Dynamic Contradiction Forcing Chains",
            "Dynamic Cell Forcing Chains",
            "Dynamic Region Forcing Chains",
        ],
    );
}

#[test]
fn every_hint_a_finder_reports_is_sound_and_matches_its_pattern() {
    for p in PATHS.iter() {
        for s in &p.steps {
            let (g, pos) = (&s.g, &s.pos);
            let mut all: Vec<(Hint, Pattern)> = Vec::new();
            let mut keep = |h: Hint, pat: Pattern| {
                all.push((h, pat));
                ControlFlow::Continue(())
            };
            let _ = basic::locking_each(pos, false, &basic::Focus::ALL, &mut keep);
            let _ = basic::hidden_set_each(g, pos, 2, false, &basic::Focus::ALL, &mut keep);
            let _ = basic::naked_set_each(g, 2, &basic::Focus::ALL, &mut keep);
            let _ = basic::fish_each(g, pos, 2, &basic::Focus::ALL, &mut keep);
            // The first hint reported is the one the first-hint finder gives.
            let first = all
                .iter()
                .find(|(_, p)| matches!(p, Pattern::Locking { .. }));
            let first = first.map(|(h, _)| h.elim.clone());
            assert_eq!(first, basic::locking(pos, false).map(|h| h.elim));
            for (h, pat) in &all {
                check(h, g, &p.solution);
                match *pat {
                    Pattern::Locking { r1, r2, d } => {
                        let places = pos[r1][d as usize - 1];
                        assert!(n(places) > 1 && places & !INTER[r1][r2] == 0);
                    }
                    Pattern::HiddenSet { r, digits, places } => {
                        let union = digits::iter(digits).fold(0, |u, d| u | pos[r][d as usize - 1]);
                        assert_eq!((union, n(digits)), (places, 2));
                    }
                    Pattern::NakedSet { r, places, digits } => {
                        let union = (0..9)
                            .filter(|i| places & 1 << i != 0)
                            .fold(0, |u, i| u | g.c[region(r)[i] as usize]);
                        assert_eq!((union, n(places)), (digits, 2));
                    }
                    Pattern::Fish {
                        base,
                        lines,
                        covers,
                        d,
                    } => {
                        let union = (0..9)
                            .filter(|l| lines & 1 << l != 0)
                            .fold(0, |u, l| u | pos[base + l][d as usize - 1]);
                        assert_eq!((union, n(lines)), (covers, 2));
                    }
                }
            }
        }
    }
}

// ---- positions built by hand: all candidates everywhere but where a test removes some ----

fn open_grid() -> Grid {
    Grid::new(&[0; 81])
}

/// Removes the digits `mask` from `cells`.
fn clear(g: &mut Grid, cells: impl IntoIterator<Item = usize>, mask: u16) {
    for c in cells {
        g.c[c] &= !mask;
    }
}

fn mask(ds: &[u8]) -> u16 {
    ds.iter().map(|&d| digits::bit(d)).fold(0, |m, b| m | b)
}

/// Every non-chaining finder on one position.
fn any_rule(g: &Grid) -> Vec<Hint> {
    let pos = g.all_pos();
    let mut found = vec![
        basic::hidden_single(g, &pos),
        basic::naked_single(g),
        basic::locking(&pos, true),
        basic::locking(&pos, false),
        basic::xy_wing(g, false),
        basic::xy_wing(g, true),
        unique::unique_loops(g),
        unique::bug(g),
        unique::aligned_exclusion(g, 2),
        unique::aligned_exclusion(g, 3),
    ];
    for deg in 2..=4 {
        found.push(basic::hidden_set(g, &pos, deg, deg < 4));
        found.push(basic::hidden_set(g, &pos, deg, false));
        found.push(basic::naked_set(g, deg));
        found.push(basic::fish(g, &pos, deg));
    }
    found.into_iter().flatten().collect()
}

#[test]
fn no_rule_fires_on_an_empty_grid() {
    let found = any_rule(&open_grid());
    assert!(
        found.is_empty(),
        "{:?}",
        found.iter().map(|h| h.name).collect::<Vec<_>>()
    );
}

#[test]
fn naked_pair_removes_its_digits_from_the_box_first() {
    let mut g = open_grid();
    g.c[0] = mask(&[1, 2]);
    g.c[1] = mask(&[1, 2]);
    let h = basic::naked_set(&g, 2).expect("a naked pair");
    assert_eq!(h.name, "Naked Pair");
    // Boxes come first in SE's order: the rest of box 1.
    let want: Vec<(u8, u16)> = [2, 9, 10, 11, 18, 19, 20]
        .map(|c| (c, mask(&[1, 2])))
        .into();
    assert_eq!(h.elim, want);
    // With nothing to remove, the pair is no hint.
    clear(&mut g, (2..9).chain([9, 10, 11, 18, 19, 20]), mask(&[1, 2]));
    assert!(basic::naked_set(&g, 2).is_none());
}

#[test]
fn pointing_removes_the_digit_from_the_rest_of_the_row() {
    let mut g = open_grid();
    // In box 1, digit 3 only in row 1.
    clear(&mut g, [9, 10, 11, 18, 19, 20], mask(&[3]));
    let h = basic::locking(&g.all_pos(), false).expect("a pointing");
    assert_eq!(h.name, "Pointing");
    let want: Vec<(u8, u16)> = (3..9).map(|c| (c, mask(&[3]))).collect();
    assert_eq!(h.elim, want);
    // Its direct form needs a single left in another box: there is none.
    assert!(basic::locking(&g.all_pos(), true).is_none());
    clear(&mut g, 3..9, mask(&[3]));
    assert!(basic::locking(&g.all_pos(), false).is_none());
}

#[test]
fn x_wing_removes_the_digit_from_its_cover_rows() {
    let mut g = open_grid();
    // Digit 5 in columns 1 and 5 only in rows 2 and 7.
    let cols = [0, 4];
    let rows = [1, 6];
    for c in cols {
        clear(
            &mut g,
            (0..9).filter(|r| !rows.contains(r)).map(|r| 9 * r + c),
            mask(&[5]),
        );
    }
    let h = basic::fish(&g, &g.all_pos(), 2).expect("an X-wing");
    assert_eq!(h.name, "X-Wing");
    let want: Vec<(u8, u16)> = rows
        .iter()
        .flat_map(|r| (0..9).filter(|c| !cols.contains(c)).map(move |c| 9 * r + c))
        .map(|c| (c as u8, mask(&[5])))
        .collect();
    assert_eq!(h.elim, want);
    assert!(basic::fish(&g, &g.all_pos(), 3).is_none(), "no swordfish");
    for r in rows {
        clear(
            &mut g,
            (0..9).filter(|c| !cols.contains(c)).map(|c| 9 * r + c),
            mask(&[5]),
        );
    }
    assert!(basic::fish(&g, &g.all_pos(), 2).is_none());
}

#[test]
fn hidden_quad_and_pair_keep_only_their_digits() {
    let mut g = open_grid();
    // In row 1, digits 1 to 4 only in the first four cells.
    clear(&mut g, 4..9, mask(&[1, 2, 3, 4]));
    let h = basic::hidden_set(&g, &g.all_pos(), 4, false).expect("a hidden quad");
    assert_eq!(h.name, "Hidden Quad");
    let want: Vec<(u8, u16)> = (0..4).map(|c| (c, mask(&[5, 6, 7, 8, 9]))).collect();
    assert_eq!(h.elim, want);
    assert!(basic::hidden_set(&g, &g.all_pos(), 2, false).is_none());
    // Digits 1 and 2 only in the first two cells: a hidden pair, found first.
    clear(&mut g, 2..4, mask(&[1, 2]));
    let h = basic::hidden_set(&g, &g.all_pos(), 2, false).expect("a hidden pair");
    assert_eq!(h.name, "Hidden Pair");
    let want: Vec<(u8, u16)> = (0..2).map(|c| (c, mask(&[3, 4, 5, 6, 7, 8, 9]))).collect();
    assert_eq!(h.elim, want);
    // Once the cells hold only their digits the sets remove nothing.
    g.c[0] = mask(&[1, 2]);
    g.c[1] = mask(&[1, 2]);
    // Then digits 3 and 4 make a hidden pair in the next two cells.
    let h = basic::hidden_set(&g, &g.all_pos(), 2, false).expect("a hidden pair");
    let want: Vec<(u8, u16)> = (2..4).map(|c| (c, mask(&[5, 6, 7, 8, 9]))).collect();
    assert_eq!(h.elim, want);
    g.c[2] = mask(&[3, 4]);
    g.c[3] = mask(&[3, 4]);
    assert!(basic::hidden_set(&g, &g.all_pos(), 2, false).is_none());
}

#[test]
fn xy_wing_removes_z_where_both_pincers_see() {
    let mut g = open_grid();
    g.c[0] = mask(&[1, 2]); // the pivot, r1c1
    g.c[4] = mask(&[1, 3]); // r1c5
    g.c[36] = mask(&[2, 3]); // r5c1
    let h = basic::xy_wing(&g, false).expect("an XY-wing");
    assert_eq!(
        (h.name, h.elim.clone()),
        ("XY-Wing", vec![(40, mask(&[3]))])
    );
    assert!(basic::xy_wing(&g, true).is_none(), "no XYZ-wing");
    clear(&mut g, [40], mask(&[3]));
    assert!(basic::xy_wing(&g, false).is_none());
}
