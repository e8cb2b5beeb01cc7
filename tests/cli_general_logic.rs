//! `sudoku hint` and `sudoku explain` on puzzles of other shapes (16×16, 6×6, 9×9 X) as a
//! user runs them: every step of the JSON records checked against the solution found by the
//! test's own backtracking solver, the text form, what is off for the shape, errors.

mod common;

use common::*;

/// 16×16 puzzles with one solution (made by digging a solved grid while the tests' own
/// solver in `general_logic.rs` found one solution).
const SIXTEEN: [&str; 2] = [
    ".C.4..917..5....5.D..3.......92.....4.E....GFD7..1.275.F.6..CE4...A.B.4EG..FD.5.1..B..295..8.A3...2....D.A6C...18D7..CA......2G..GF..A....34B1...B19..FG6...3C..A..........2.FD7...E.2....G...6.94....G..5....C...3..9..FG.D7.866.58CE.A.B...G...2.F..57......19",
    "...2G.D9.C....1....D.5.A..73..8..F...36.G.........7.8..B..A5D...2....B8..E.....969.G......57..D.CAF..9G..84.15.......7156.3.E.C....74...F....1...6.9.CA....2.G.D.DG.....39.6..F..C..3..14...7E.29.64A....321F..8712......5C.46..A..59G..BFD83.7...DF.13.9.6....E",
];

/// A 6×6 puzzle (2×3 boxes).
const SIX: &str = "....3....625....1252....156....4....";

const SYMBOLS: &str = "123456789ABCDEFG";

fn values(line: &str) -> Vec<u8> {
    line.chars()
        .map(|c| {
            SYMBOLS
                .find(c.to_ascii_uppercase())
                .map_or(0, |i| i as u8 + 1)
        })
        .collect()
}

/// Whether two cells of an N×N grid with R×C boxes (and the diagonals with `x`) may not
/// hold the same digit.
fn conflict(n: usize, (br, bc): (usize, usize), x: bool, a: usize, b: usize) -> bool {
    let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
    a != b
        && (ra == rb
            || ca == cb
            || (ra / br == rb / br && ca / bc == cb / bc)
            || (x && ra == ca && rb == cb)
            || (x && ra + ca == n - 1 && rb + cb == n - 1))
}

/// Every solution up to `limit`, by plain backtracking with the most constrained cell first.
fn solutions(
    puzzle: &[u8],
    n: usize,
    boxes: (usize, usize),
    x: bool,
    limit: usize,
) -> Vec<Vec<u8>> {
    fn go(g: &mut Vec<u8>, peers: &[Vec<usize>], n: usize, limit: usize, out: &mut Vec<Vec<u8>>) {
        let mut best: Option<(usize, Vec<u8>)> = None;
        for c in 0..g.len() {
            if g[c] != 0 {
                continue;
            }
            let ok: Vec<u8> = (1..=n as u8)
                .filter(|&d| peers[c].iter().all(|&p| g[p] != d))
                .collect();
            if best.as_ref().is_none_or(|(_, b)| ok.len() < b.len()) {
                best = Some((c, ok));
            }
        }
        let Some((c, ok)) = best else {
            out.push(g.clone());
            return;
        };
        for d in ok {
            g[c] = d;
            go(g, peers, n, limit, out);
            g[c] = 0;
            if out.len() >= limit {
                return;
            }
        }
    }
    let peers: Vec<Vec<usize>> = (0..n * n)
        .map(|a| {
            (0..n * n)
                .filter(|&b| conflict(n, boxes, x, a, b))
                .collect()
        })
        .collect();
    let mut out = Vec::new();
    go(&mut puzzle.to_vec(), &peers, n, limit, &mut out);
    out
}

/// Checks every step of an explain record against the solution and returns the grid the
/// placements reach.
fn check_record(record: &serde_json::Value, n: usize, solution: &[u8]) -> Vec<u8> {
    let mut grid = values(record["puzzle"].as_str().unwrap());
    let cand = |t: &serde_json::Value| -> (usize, u8) {
        let v: Vec<u64> = t
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        (((v[0] - 1) as usize) * n + (v[1] - 1) as usize, v[2] as u8)
    };
    for step in record["steps"].as_array().unwrap() {
        let text = step["text"].as_str().unwrap();
        for p in step["placements"].as_array().unwrap() {
            let (cell, d) = cand(p);
            assert_eq!(solution[cell], d, "wrong placement: {text}");
            grid[cell] = d;
        }
        for e in step["eliminations"].as_array().unwrap() {
            let (cell, d) = cand(e);
            assert_ne!(solution[cell], d, "removes the solution: {text}");
        }
    }
    grid
}

#[test]
fn explain_json_on_16x16_checks_against_the_solution() {
    let input = format!("{}\n{}\n", SIXTEEN[0], SIXTEEN[1]);
    let r = run(
        &["explain", "--format", "json", "-q"],
        Some(input.as_bytes()),
    );
    let records = json_lines(&r.stdout);
    assert_eq!(records.len(), 2, "{}", r.stderr);
    for (record, puzzle) in records.iter().zip(SIXTEEN) {
        assert_eq!(record["size"], 16);
        assert_eq!(record["box"], "4x4");
        let sols = solutions(&values(puzzle), 16, (4, 4), false, 2);
        assert_eq!(sols.len(), 1);
        let reached = check_record(record, 16, &sols[0]);
        let status = record["status"].as_str().unwrap();
        assert!(matches!(status, "solved" | "stuck"), "{status}");
        if status == "solved" {
            assert_eq!(reached, sols[0]);
        } else {
            assert!(record["position"].as_str().unwrap().contains('{'));
        }
        let off: Vec<&str> = record["off"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert!(
            off.contains(&"uniqueness test 1") && off.contains(&"xy-wing"),
            "{off:?}"
        );
        assert!(!off.contains(&"x-wing") && !off.contains(&"hidden single"));
    }
}

#[test]
fn explain_text_on_6x6_and_hint_on_16x16() {
    let r = run(&["explain", "-q"], Some(format!("{SIX}\n").as_bytes()));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], format!("<stdin>:1: {SIX}"));
    assert!(lines[1].starts_with("  1. "), "{}", r.stdout);
    let summary = lines
        .iter()
        .position(|l| l.starts_with("solved in "))
        .unwrap();
    assert!(lines[summary + 1].starts_with("off for this shape: "));
    assert!(lines[summary + 1].contains("uniqueness"));
    // Every step line names a cell of the 6x6 grid.
    for l in &lines[1..summary] {
        assert!(
            l.contains(": r") && !l.contains("r7") && !l.contains("c7"),
            "{l}"
        );
    }
    let sols = solutions(&values(SIX), 6, (2, 3), false, 2);
    assert_eq!(sols.len(), 1);
    // hint: one line, a step whose placement agrees with the solution.
    let r = run(
        &["hint", "-q"],
        Some(format!("{}\n", SIXTEEN[0]).as_bytes()),
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let line = r.stdout.trim_end();
    assert_eq!(r.stdout.lines().count(), 1);
    let (_, action) = line.rsplit_once(": ").unwrap();
    let (cell, symbol) = action.split_once('=').unwrap();
    let (row, col) = cell[1..].split_once('c').unwrap();
    let cell = (row.parse::<usize>().unwrap() - 1) * 16 + col.parse::<usize>().unwrap() - 1;
    let sol = &solutions(&values(SIXTEEN[0]), 16, (4, 4), false, 2)[0];
    assert_eq!(values(symbol)[0], sol[cell], "{line}");
}

#[test]
fn a_9x9_x_puzzle_goes_down_the_general_path_with_variant() {
    // An X-Sudoku (from `sudoku generate --variant x --seed 5`), its solution found here by
    // the X rules.
    let puzzle =
        "...74.89......8...........75.6....8....3.2....8....4.16...........5......54.36...";
    let sols = solutions(&values(puzzle), 9, (3, 3), true, 2);
    assert_eq!(sols.len(), 1);
    let r = run(
        &["explain", "--variant", "x", "--format", "json", "-q"],
        Some(format!("{puzzle}\n").as_bytes()),
    );
    let record = &json_lines(&r.stdout)[0];
    assert_eq!(record["variants"][0], "x", "{}", r.stdout);
    assert!(matches!(
        record["status"].as_str(),
        Some("solved" | "stuck")
    ));
    let reached = check_record(record, 9, &sols[0]);
    if record["status"] == "solved" {
        assert_eq!(reached, sols[0]);
    }
    // Without --variant x the same line is a classic puzzle with several solutions.
    let r = run(&["explain", "-q"], Some(format!("{puzzle}\n").as_bytes()));
    assert!(r.stdout.contains("multiple solutions"), "{}", r.stdout);
}

#[test]
fn statuses_and_errors_of_other_shapes() {
    // An empty 4x4 grid has many solutions; a clash is a located error with status 2.
    let r = run(&["explain", "-q"], Some(b"................\n"));
    assert!(r.stdout.contains("multiple solutions"), "{}", r.stdout);
    assert_eq!(r.code, Some(1));
    let r = run(&["hint", "-q"], Some(b"11..............\n"));
    assert_eq!(r.code, Some(2), "{} {}", r.stdout, r.stderr);
    assert!(
        r.stderr
            .contains("<stdin>:1:2: symbol 1 appears twice in row 1"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.starts_with("invalid: "));
    // --format svg draws every shape; a clash stays a located error, and nothing is drawn.
    let r = run(
        &["hint", "--format", "svg", "-q"],
        Some(format!("{SIX}\n").as_bytes()),
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.starts_with("<svg"), "{}", r.stdout);
    let r = run(
        &["hint", "--format", "svg", "-q"],
        Some(b"11..............\n"),
    );
    assert_eq!(r.code, Some(2), "{} {}", r.stdout, r.stderr);
    assert!(
        r.stderr
            .contains("<stdin>:1:2: symbol 1 appears twice in row 1")
    );
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    // A ladder with nothing the shape can use: stuck, and the output says what is off.
    let r = run(
        &["hint", "--techniques", "uniqueness", "-q"],
        Some(format!("{SIX}\n").as_bytes()),
    );
    assert!(
        r.stdout
            .starts_with("stuck: no technique applies (off for this shape: uniqueness)"),
        "{}",
        r.stdout
    );
}
