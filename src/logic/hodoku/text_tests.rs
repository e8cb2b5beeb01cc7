//! HoDoKu's `/vp` wording of the steps our finders give, on steps built by hand (the sample's
//! paths check the same against HoDoKu's own output in `tests/hodoku.rs`).

use super::*;
use crate::logic::{Evidence, Link, Node};

/// Cell index of `r{row}c{col}` (from 1).
fn rc(row: usize, col: usize) -> usize {
    9 * (row - 1) + col - 1
}

/// Links through candidates `(row, col, digit)`, each link strong when its flag says so.
fn links(first: (usize, usize, u8), rest: &[(usize, usize, u8, bool)]) -> Vec<Link> {
    let mut from = Node::candidate(rc(first.0, first.1), first.2);
    let mut out = Vec::new();
    for &(r, c, d, strong) in rest {
        let to = Node::candidate(rc(r, c), d);
        out.push(Link { from, to, strong });
        from = to;
    }
    out
}

fn step(t: Technique, elims: &[(usize, usize, u8)], evidence: Evidence) -> Step {
    let elims = elims
        .iter()
        .map(|&(r, c, d)| Candidate::new(rc(r, c), d))
        .collect();
    Step::elimination(t, elims, evidence)
}

fn text(t: Technique, st: Step) -> String {
    PathStep {
        kind: Kind::Other(t),
        step: st,
        score: 0,
        level: Level::Unfair,
        pattern: None,
    }
    .hodoku_text()
}

fn with_chains(chains: Vec<Vec<Link>>) -> Evidence {
    Evidence {
        chains,
        ..Evidence::default()
    }
}

#[test]
fn discontinuous_nice_loop_prints_cells_and_link_digits() {
    // r2c1 -3- r2c6 =3= r1c6 -3- r1c7 (=7 in the cell) -7- r2c7 =7= r2c1.
    let chain = links(
        (2, 1, 3),
        &[
            (2, 6, 3, false),
            (1, 6, 3, true),
            (1, 7, 3, false),
            (1, 7, 7, true),
            (2, 7, 7, false),
            (2, 1, 7, true),
        ],
    );
    let t = Technique::DiscontinuousNiceLoop;
    let st = step(t, &[(2, 1, 3)], with_chains(vec![chain]));
    assert_eq!(
        text(t, st),
        "Discontinuous Nice Loop: 3 r2c1 -3- r2c6 =3= r1c6 -3- r1c7 -7- r2c7 =7= r2c1 => r2c1<>3"
    );
}

#[test]
fn aic_and_continuous_loop_add_their_end_digits() {
    // HoDoKu's AIC 6- r2c7 =6= r7c7 =1= r9c8 =2= r9c3 -2- r3c3 -6: from 6 in r2c7 (off)
    // to 6 in r3c3 (on), changing digit inside r7c7, r9c8 and r3c3.
    let chain = links(
        (2, 7, 6),
        &[
            (7, 7, 6, true),
            (7, 7, 1, false),
            (9, 8, 1, true),
            (9, 8, 2, false),
            (9, 3, 2, true),
            (3, 3, 2, false),
            (3, 3, 6, true),
        ],
    );
    let t = Technique::Aic;
    let st = step(
        t,
        &[(2, 1, 6), (2, 3, 6), (3, 8, 6)],
        with_chains(vec![chain]),
    );
    assert_eq!(
        text(t, st),
        "AIC: 6 6- r2c7 =6= r7c7 =1= r9c8 =2= r9c3 -2- r3c3 -6 => r2c13,r3c8<>6"
    );
    // A continuous loop r7c2 =1= r7c79 (a group) -1- r9c8 -8- r9c2 =8= r7c2, back in its
    // first cell with 8 and out of it with 1.
    let mut chain = links((7, 2, 8), &[(7, 2, 1, true)]);
    let group = Node::group([rc(7, 7), rc(7, 9)].into_iter().collect(), 1);
    chain.push(Link {
        from: chain[0].to,
        to: group,
        strong: true,
    });
    chain.push(Link {
        from: group,
        to: Node::candidate(rc(9, 8), 1),
        strong: false,
    });
    chain.extend(links(
        (9, 8, 1),
        &[(9, 8, 8, true), (9, 2, 8, false), (7, 2, 8, true)],
    ));
    let t = Technique::GroupedContinuousNiceLoop;
    let st = step(t, &[(8, 7, 1), (9, 6, 8)], with_chains(vec![chain]));
    assert_eq!(
        text(t, st),
        "Grouped Continuous Nice Loop: 1/8 8= r7c2 =1= r7c79 -1- r9c8 -8- r9c2 =8= r7c2 =1 \
         => r8c7<>1, r9c6<>8"
    );
}

#[test]
fn kite_and_empty_rectangle_name_their_parts() {
    // 2-String Kite: row end r6c2, box cells r7c2 and r8c3, column end r8c9.
    let chain = links(
        (6, 2, 3),
        &[(7, 2, 3, true), (8, 3, 3, false), (8, 9, 3, true)],
    );
    let t = Technique::TwoStringKite;
    let st = step(t, &[(6, 9, 3)], with_chains(vec![chain]));
    assert_eq!(
        text(t, st),
        "2-String Kite: 3 in r6c2,r8c9 (connected by r7c2,r8c3) => r6c9<>3"
    );
    // Empty Rectangle in box 4 (its candidates the fins), conjugate pair r5c9, r8c9.
    let in_box: CellSet = [rc(4, 3), rc(5, 1), rc(6, 3)].into_iter().collect();
    let t = Technique::EmptyRectangle;
    let st = step(
        t,
        &[(8, 3, 2)],
        Evidence {
            houses: vec![21],
            cells: in_box | [rc(5, 9), rc(8, 9)].into_iter().collect(),
            digits: 1 << 1,
            fins: in_box,
            ..Evidence::default()
        },
    );
    assert_eq!(text(t, st), "Empty Rectangle: 2 in b4 (r58c9) => r8c3<>2");
}

#[test]
fn remote_pair_starts_from_a_digit_its_ends_remove() {
    // Cells r2c7, r3c8, r9c8, r9c2 holding 3 and 9; the chain as found starts with 3 in
    // r2c7, but only 9 leaves a cell seeing both ends (r2c2), so HoDoKu starts with 9.
    let chain = links(
        (2, 7, 3),
        &[
            (2, 7, 9, true),
            (3, 8, 9, false),
            (3, 8, 3, true),
            (9, 8, 3, false),
            (9, 8, 9, true),
            (9, 2, 9, false),
            (9, 2, 3, true),
        ],
    );
    let t = Technique::RemotePair;
    let st = step(t, &[(2, 2, 9)], with_chains(vec![chain.clone()]));
    assert_eq!(
        text(t, st),
        "Remote Pair: 9/3 r2c7 -3- r3c8 -9- r9c8 -3- r9c2 => r2c2<>9"
    );
    // With a 3 removed there too, the smaller digit comes first.
    let st = step(t, &[(2, 2, 3), (2, 2, 9)], with_chains(vec![chain]));
    assert_eq!(
        text(t, st),
        "Remote Pair: 3/9 r2c7 -9- r3c8 -3- r9c8 -9- r9c2 => r2c2<>3, r2c2<>9"
    );
}

#[test]
fn colours_print_each_cluster_as_two_cell_lists() {
    // Two clusters of digit 7: (r1c1,r9c3) / (r1c6,r2c3) and (r8c6) / (r8c8).
    let a = links((1, 1, 7), &[(1, 6, 7, true)]);
    let b = links((9, 3, 7), &[(2, 3, 7, true)]);
    let c = links((8, 6, 7), &[(8, 8, 7, true)]);
    let t = Technique::MultiColors1;
    let st = step(
        t,
        &[(9, 8, 7)],
        Evidence {
            digits: 1 << 6,
            chains: vec![[a, b].concat(), c],
            ..Evidence::default()
        },
    );
    assert_eq!(
        text(t, st),
        "Multi Colors 1: 7 (r1c1,r9c3) / (r1c6,r2c3), (r8c6) / (r8c8) => r9c8<>7"
    );
}
